/* test-compare-model.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A chart model's compared series against the simulated API: the same
 * deployment now and a week back, drawn dashed with legend entries of
 * their own, each value from the step a week before. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-chart-private.h"
#include "isc-test-demo.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

#define WEEK_MS (7 * DAY_MS)
#define METRICS "metrics=baseten_inference_requests_total&metrics=baseten_replicas_active"
#define W 900
#define H 420

typedef struct
{
  DemoFixture         demo;
  IscMetricsResponse *now;
  IscMetricsResponse *week;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  demo_fixture_setup (&f->demo, data);
  f->now = demo_get_window (&f->demo, CHAT_ENV, "SERIES", NOW_MS - HOUR_MS, NOW_MS, METRICS);
  f->week = demo_get_window (&f->demo, CHAT_ENV, "SERIES", NOW_MS - HOUR_MS - WEEK_MS, NOW_MS - WEEK_MS, METRICS);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_pointer (&f->now, isc_metrics_response_unref);
  g_clear_pointer (&f->week, isc_metrics_response_unref);
  demo_fixture_teardown (&f->demo, data);
}

static guint
metric_index (IscMetricsResponse *response,
              const char         *name)
{
  for (guint i = 0; i < isc_metrics_response_get_n_metrics (response); i++)
    if (g_str_equal (isc_metric_get_name (isc_metrics_response_get_metric (response, i)), name))
      return i;
  g_error ("no %s in the response", name);
}

static IscChartModel *
new_compared (Fixture    *f,
              const char *name)
{
  IscChartModel *model = isc_chart_model_new (f->now, metric_index (f->now, name), ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChartModel) other = isc_chart_model_new_like (model, f->week);

  g_assert_nonnull (other);
  isc_chart_model_set_compare (model, other, WEEK_MS, "last week");
  return model;
}

/* Every status class a week back, labelled, after the model's own, each
 * value the one of the step exactly a week earlier. */
static void
test_labelled_and_shifted (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(IscChartModel) model = new_compared (f, "baseten_inference_requests_total");
  g_autoptr(IscChartModel) week = isc_chart_model_new (f->week, metric_index (f->week, "baseten_inference_requests_total"),
                                                       ISC_COUNTER_DISPLAY_RATE);
  guint n_series = isc_chart_model_get_n_series (model);
  guint n_steps = isc_chart_model_get_n_steps (model);
  const gint64 *starts = isc_chart_model_get_step_starts (model);
  const gint64 *week_starts = isc_chart_model_get_step_starts (week);
  int own_5xx = test_series_labelled (model, "5xx");
  int week_5xx = test_series_labelled (week, "5xx");
  int compared_5xx = test_series_labelled (model, "5xx · last week");
  const IscChartSeries *cs;
  const guint *order;
  guint n_order = 0, differ = 0;

  g_assert_cmpuint (isc_chart_model_get_n_compare (model), ==, isc_chart_model_get_n_series (week));
  g_assert_cmpint (isc_chart_model_get_compare_shift_ms (model), ==, WEEK_MS);
  g_assert_cmpint (own_5xx, >=, 0);
  g_assert_cmpint (compared_5xx, >=, (int) n_series);
  g_assert_true (isc_chart_model_is_compare (model, compared_5xx));
  g_assert_false (isc_chart_model_is_compare (model, own_5xx));
  g_assert_cmpint (isc_chart_model_get_compare_source (model, compared_5xx), ==, own_5xx);
  g_assert_cmpint (test_series_labelled (model, "2xx · last week"), >=, (int) n_series);

  /* Shifted onto the window: step i reads the step a week before it. */
  cs = isc_chart_model_get_series (model, compared_5xx);
  g_assert_cmpuint (n_steps, >, 10);
  for (guint i = 0; i < n_steps; i++)
    {
      int j = isc_chart_model_get_step_at (week, starts[i] - WEEK_MS);
      const double *week_values = isc_chart_model_get_series (week, test_series_labelled (week, "2xx"))->values;
      const double *compared_2xx = isc_chart_model_get_series (model, test_series_labelled (model, "2xx · last week"))->values;
      const double *own_2xx = isc_chart_model_get_series (model, test_series_labelled (model, "2xx"))->values;

      g_assert_cmpint (j, >=, 0);
      g_assert_cmpint (week_starts[j], ==, starts[i] - WEEK_MS);
      g_assert_cmpfloat (compared_2xx[i], ==, week_values[j]);
      if (isnan (cs->values[i]) || isnan (isc_chart_model_get_series (week, week_5xx)->values[j]))
        g_assert_true (isnan (cs->values[i]) && isnan (isc_chart_model_get_series (week, week_5xx)->values[j]));
      else
        g_assert_cmpfloat (cs->values[i], ==, isc_chart_model_get_series (week, week_5xx)->values[j]);
      differ += compared_2xx[i] != own_2xx[i];
    }
  /* Last week is not this week: the overlay has something to say. */
  g_assert_cmpuint (differ, >, n_steps / 2);

  /* The legend and the hover list the own series, then the compared. */
  order = isc_chart_model_get_legend_order (model, &n_order);
  g_assert_cmpuint (n_order, ==, n_series + isc_chart_model_get_n_compare (model));
  for (guint k = 0; k < n_order; k++)
    g_assert_cmpuint (order[k] >= n_series, ==, k >= n_series);
}

/* The legend names the compared entries and the hover gives both
 * values at a step. */
static void
test_legend_and_hover (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(IscChartModel) model = new_compared (f, "baseten_replicas_active");
  g_autoptr(IscChart) chart = isc_chart_new (model);
  g_auto(GStrv) legend = isc_chart_dup_legend_texts (chart, W, H);
  g_autofree char *hover = NULL;
  gboolean own = FALSE, compared = FALSE;

  for (guint i = 0; legend[i] != NULL; i++)
    {
      own |= g_str_has_prefix (legend[i], "Active replicas  ");
      compared |= g_str_has_prefix (legend[i], "Active replicas · last week  ");
    }
  g_assert_true (own);
  g_assert_true (compared);

  hover = isc_chart_dup_hover_text (chart, W, H, 5);
  g_assert_nonnull (hover);
  g_assert_nonnull (strstr (hover, "Active replicas "));
  g_assert_nonnull (strstr (hover, "Active replicas · last week "));
}

/* Pixels within a small distance of @color inside the plot. */
static guint
count_color (cairo_surface_t      *surface,
             const IscChartRect   *plot,
             const IscChartColor  *color)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  cairo_surface_flush (surface);
  for (int y = (int) plot->y + 1; y < (int) (plot->y + plot->height) - 1; y++)
    for (int x = (int) plot->x + 1; x < (int) (plot->x + plot->width) - 1; x++)
      {
        const guint32 p = *(const guint32 *) (gconstpointer) (data + y * stride + x * 4);
        int r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

        if (abs (r - (int) (color->red * 255)) < 8 && abs (g - (int) (color->green * 255)) < 8 &&
            abs (b - (int) (color->blue * 255)) < 8)
          n++;
      }
  return n;
}

static guint
count_drawn (IscChart            *chart,
             guint                series)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);
  const IscChartLayout *layout;
  IscChartColor color;
  guint n;

  isc_chart_draw (chart, cr, W, H);
  cairo_destroy (cr);
  layout = isc_chart_ensure_layout (chart, W, H);
  isc_chart_get_series_color (chart, series, &color);
  n = count_color (surface, &layout->plot, &color);
  cairo_surface_destroy (surface);
  return n;
}

/* The compared line is drawn in a colour of its own, its series' hue
 * towards the foreground; hidden, it is gone and the legend dims it. */
static void
test_drawn_and_hidden (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(IscChartModel) model = new_compared (f, "baseten_inference_requests_total");
  g_autoptr(IscChart) chart = isc_chart_new (model);
  guint n_total = isc_chart_model_get_n_series (model) + isc_chart_model_get_n_compare (model);
  int compared = test_series_labelled (model, "2xx · last week");
  int own = test_series_labelled (model, "2xx");
  g_autofree gboolean *hidden = g_new0 (gboolean, n_total);
  IscChartColor own_color, compared_color;
  guint shown_pixels, hidden_pixels;
  double lo, hi_shown, hi_hidden;

  isc_chart_get_series_color (chart, own, &own_color);
  isc_chart_get_series_color (chart, compared, &compared_color);
  g_assert_cmpfloat (isc_chart_color_delta_e (&own_color, &compared_color), >, 10);

  shown_pixels = count_drawn (chart, compared);
  g_assert_cmpuint (shown_pixels, >, 100);
  g_assert_true (isc_chart_model_get_extent (model, &lo, &hi_shown));

  for (guint k = isc_chart_model_get_n_series (model); k < n_total; k++)
    hidden[k] = TRUE;
  isc_chart_model_set_hidden (model, hidden, n_total);
  g_assert_true (isc_chart_model_get_series_hidden (model, compared));
  g_assert_false (isc_chart_model_get_series_hidden (model, own));
  hidden_pixels = count_drawn (chart, compared);
  g_assert_cmpuint (hidden_pixels, <, shown_pixels / 10);
  g_assert_true (isc_chart_model_get_extent (model, &lo, &hi_hidden));
  g_assert_cmpfloat (hi_hidden, <=, hi_shown);

  /* Still in the legend, to be shown again. */
  {
    const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
    gboolean listed = FALSE;

    for (guint i = 0; i < layout->legend->len; i++)
      {
        const IscChartLegendItem *item = &g_array_index (layout->legend, IscChartLegendItem, i);

        if (item->series == (guint) compared)
          listed = item->hidden;
      }
    g_assert_true (listed);
  }
}

/* Another response without the metric compares nothing; bars compare
 * nothing either; NULL takes the compare away. */
static void
test_nothing_to_compare (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(IscMetricsResponse) other = demo_get_window (&f->demo, CHAT_ENV, "SERIES", NOW_MS - HOUR_MS, NOW_MS,
                                                         "metrics=baseten_replicas_active");
  g_autoptr(IscMetricsResponse) summary = demo_get_window (&f->demo, CHAT_ENV, "SUMMARY", NOW_MS - HOUR_MS, NOW_MS,
                                                           METRICS);
  g_autoptr(IscChartModel) model = new_compared (f, "baseten_inference_requests_total");
  g_autoptr(IscChartModel) bars = isc_chart_model_new (summary, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChartModel) bars_other = isc_chart_model_new_like (bars, summary);

  g_assert_cmpuint (isc_chart_model_get_n_compare (model), >, 0);
  g_assert_null (isc_chart_model_new_like (model, other));
  isc_chart_model_set_compare (model, NULL, 0, NULL);
  g_assert_cmpuint (isc_chart_model_get_n_compare (model), ==, 0);
  g_assert_cmpint (test_series_labelled (model, "2xx · last week"), ==, -1);

  isc_chart_model_set_compare (bars, bars_other, 0, "d7");
  g_assert_cmpuint (isc_chart_model_get_n_compare (bars), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/isc/compare/model/labelled-and-shifted", Fixture, NULL,
              fixture_setup, test_labelled_and_shifted, fixture_teardown);
  g_test_add ("/isc/compare/model/legend-and-hover", Fixture, NULL,
              fixture_setup, test_legend_and_hover, fixture_teardown);
  g_test_add ("/isc/compare/model/drawn-and-hidden", Fixture, NULL,
              fixture_setup, test_drawn_and_hidden, fixture_teardown);
  g_test_add ("/isc/compare/model/nothing-to-compare", Fixture, NULL,
              fixture_setup, test_nothing_to_compare, fixture_teardown);

  return g_test_run ();
}
