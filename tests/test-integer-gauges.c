/* test-integer-gauges.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Whole counts read as whole counts: replicas on integer ticks, "2" and
 * not "2.00", drawn step-after so no replica count lies between two steps,
 * a one-step scale-up kept on a narrow chart, and container restarts as a
 * count per step rather than a rate.
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "isc-catalogue.h"
#include "isc-chart-private.h"
#include "isc-chart.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

#define W 640
#define H 360

/* In tests/fixtures/replicas-series.json: 120 steps of 30 s. */
#define N_STEPS      120
#define SCALE_UP     60   /* 5 replicas for this step only */
#define RESTART_STEP 70   /* the one restart */

static IscMetricsResponse *
load_replicas (void)
{
  g_autofree char *path = test_fixture_path ("replicas-series.json");
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response = isc_metrics_response_new_from_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (response);
  return response;
}

static IscChart *
chart_for (guint             metric,
           IscCounterDisplay display)
{
  g_autoptr(IscMetricsResponse) response = load_replicas ();
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, metric, display);
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  IscChart *chart = isc_chart_new (model);

  isc_chart_set_style (chart, isc_chart_style_get_default (ISC_CHART_THEME_LIGHT));
  isc_chart_set_time_zone (chart, utc);
  return chart;
}

static void
assert_whole_number (const char *label)
{
  g_assert_nonnull (label);
  g_assert_cmpuint (strlen (label), >, 0);
  for (const char *p = label; *p != '\0'; p++)
    if (!g_ascii_isdigit (*p))
      g_error ("tick label “%s” is not a whole number", label);
}

static void
test_catalogue (void)
{
  g_assert_cmpint (isc_catalogue_get_display ("baseten_replicas_active"), ==, ISC_VALUE_DISPLAY_INTEGER);
  g_assert_cmpint (isc_catalogue_get_display ("baseten_replicas_starting"), ==, ISC_VALUE_DISPLAY_INTEGER);
  g_assert_cmpint (isc_catalogue_get_display ("baseten_pod_readiness"), ==, ISC_VALUE_DISPLAY_INTEGER);
  g_assert_cmpint (isc_catalogue_get_display ("baseten_async_queue_size"), ==, ISC_VALUE_DISPLAY_INTEGER);
  g_assert_cmpint (isc_catalogue_get_display ("baseten_ongoing_websocket_connections"), ==,
                   ISC_VALUE_DISPLAY_INTEGER);
  g_assert_cmpint (isc_catalogue_get_display ("baseten_container_restarts_total"), ==,
                   ISC_VALUE_DISPLAY_PER_STEP);
  /* A mean over the step: 1.4 requests in flight is worth reading. */
  g_assert_cmpint (isc_catalogue_get_display ("baseten_concurrent_requests"), ==,
                   ISC_VALUE_DISPLAY_CONTINUOUS);
  g_assert_cmpint (isc_catalogue_get_display ("baseten_gpu_utilization"), ==, ISC_VALUE_DISPLAY_CONTINUOUS);
  g_assert_cmpint (isc_catalogue_get_display ("no_such_metric"), ==, ISC_VALUE_DISPLAY_CONTINUOUS);
}

static void
test_integer_ticks (void)
{
  g_autoptr(IscChart) chart = chart_for (0, ISC_COUNTER_DISPLAY_RATE);
  /* Short and tall: a tall plot asks for many ticks over 0…5, which
   * continuous ticks meet with 0.5 or 0.25 steps. */
  static const int heights[] = { 200, H, 600, 1000 };

  for (guint h = 0; h < G_N_ELEMENTS (heights); h++)
    {
      g_auto(GStrv) labels = isc_chart_dup_value_labels (chart, W, heights[h]);
      gboolean has_five = FALSE;

      g_assert_cmpuint (g_strv_length (labels), >=, 2);
      g_assert_cmpstr (labels[0], ==, "0");
      for (guint i = 0; labels[i] != NULL; i++)
        {
          assert_whole_number (labels[i]);
          if (i > 0)
            g_assert_cmpint (atoi (labels[i]), >, atoi (labels[i - 1]));
          if (atoi (labels[i]) >= 5)
            has_five = TRUE;
        }
      /* The scale-up is on the axis. */
      g_assert_true (has_five);
    }

  /* The rule itself, on ranges of every size. */
  {
    g_autoptr(IscValueTicks) small = isc_value_ticks_new_integer (ISC_UNIT_HINT_COUNT, 0, 1, 10);
    g_autoptr(IscValueTicks) big = isc_value_ticks_new_integer (ISC_UNIT_HINT_COUNT, 0, 37, 5);

    g_assert_cmpfloat (small->step, ==, 1.0);
    g_assert_cmpstr (small->labels[1], ==, "1");
    for (guint i = 0; i < big->n_ticks; i++)
      assert_whole_number (big->labels[i]);
    g_assert_true (big->step == 5.0 || big->step == 10.0);
  }
}

static void
test_whole_values (void)
{
  g_autoptr(IscChart) chart = chart_for (0, ISC_COUNTER_DISPLAY_RATE);
  const IscValueFormat *format = isc_chart_get_legend_format (chart, W, H);
  g_auto(GStrv) legend = isc_chart_dup_legend_texts (chart, W, H);
  g_autofree char *two = isc_value_format_format (format, 2.0);
  g_autofree char *mean = NULL;
  const IscChartSeries *cs = isc_chart_model_get_series (isc_chart_get_model (chart), 0);

  /* The hover box reads this format too. */
  g_assert_cmpstr (two, ==, "2");
  g_assert_cmpuint (g_strv_length (legend), ==, 1);
  g_assert_nonnull (strstr (legend[0], "min 1 "));
  g_assert_nonnull (strstr (legend[0], "max 5 "));
  g_assert_true (g_str_has_suffix (legend[0], "last 2"));
  g_assert_null (strstr (legend[0], ".00"));

  /* A mean of whole counts is not whole, and says so. */
  mean = isc_value_format_format (format, cs->mean);
  g_assert_cmpfloat (cs->mean, >, 2.0);
  g_assert_cmpfloat (cs->mean, <, 2.1);
  g_assert_true (g_str_has_prefix (mean, "2"));
  g_assert_cmpstr (mean, !=, "2");
}

/* The topmost and bottommost pixels of the series' colour in column x,
 * within the plot, or FALSE when there are none. */
static gboolean
line_extent_in_column (cairo_surface_t      *surface,
                       const IscChartLayout *layout,
                       const IscChartColor  *color,
                       int                   x,
                       int                  *top,
                       int                  *bottom)
{
  const IscChartColor *bg = &isc_chart_style_get_default (ISC_CHART_THEME_LIGHT)->background;
  int y0 = (int)layout->plot.y + 1;
  int y1 = (int)(layout->plot.y + layout->plot.height) - 1;

  *top = -1;
  *bottom = -1;
  for (int y = y0; y < y1; y++)
    {
      if (test_count_color_in_column (surface, x, y, y, color, bg) > 0)
        {
          if (*top < 0)
            *top = y;
          *bottom = y;
        }
    }
  return *top >= 0;
}

static void
test_step_after (void)
{
  /* Wide enough for about ten pixels a step: no reduction. */
  g_autoptr(IscChart) chart = chart_for (0, ISC_COUNTER_DISPLAY_RATE);
  const int width = 1400;
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, width, H);
  cairo_surface_t *surface = test_render (chart, width, H, TRUE);
  IscChartColor color;
  static const struct { guint step; double value; } cases[] = {
    { 39, 1 },        /* before the scale-up to 3: still 1 */
    { 59, 3 },        /* before the 5 */
    { SCALE_UP, 5 },  /* the 5 holds for its whole step */
    { 79, 3 },        /* before the scale-down to 2 */
    { 100, 2 },
  };

  isc_chart_get_series_color (chart, 0, &color);
  g_assert_true (isc_chart_model_get_integer (isc_chart_get_model (chart)));
  g_assert_cmpfloat (layout->step_x[1] - layout->step_x[0], >=, 8.0);

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      guint s = cases[k].step;
      /* Halfway through the step: the step's value, not a diagonal
       * towards the next one. */
      int x = (int)((layout->step_x[s] + layout->step_x[s + 1]) / 2);
      int y = (int)isc_chart_layout_y_for_value (layout, cases[k].value);
      int top, bottom;

      g_assert_true (line_extent_in_column (surface, layout, &color, x, &top, &bottom));
      g_assert_cmpint (ABS (top - y), <=, 2);
      g_assert_cmpint (ABS (bottom - y), <=, 2);
    }

  /* Between 1 and 3 the line rises straight up, at the step's start. */
  {
    int x = (int)layout->step_x[40];
    int y1 = (int)isc_chart_layout_y_for_value (layout, 1);
    int y3 = (int)isc_chart_layout_y_for_value (layout, 3);
    int top, bottom;

    g_assert_true (line_extent_in_column (surface, layout, &color, x, &top, &bottom));
    g_assert_cmpint (ABS (top - y3), <=, 2);
    g_assert_cmpint (ABS (bottom - y1), <=, 2);
  }

  cairo_surface_destroy (surface);
}

static void
test_narrow_keeps_scale_up (void)
{
  /* 120 steps on far fewer columns. */
  g_autoptr(IscChart) chart = chart_for (0, ISC_COUNTER_DISPLAY_RATE);
  const int width = 160;
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, width, H);
  cairo_surface_t *surface = test_render (chart, width, H, TRUE);
  IscChartColor color;
  int y5 = (int)isc_chart_layout_y_for_value (layout, 5);
  int highest = G_MAXINT;

  isc_chart_get_series_color (chart, 0, &color);
  g_assert_cmpfloat (layout->plot.width, <, N_STEPS);
  g_assert_true (layout->reduce);

  for (int x = (int)layout->plot.x + 1; x < (int)(layout->plot.x + layout->plot.width) - 1; x++)
    {
      int top, bottom;

      if (line_extent_in_column (surface, layout, &color, x, &top, &bottom))
        highest = MIN (highest, top);
    }

  /* The 5 reaches its height: it was not averaged or dropped away. */
  g_assert_cmpint (ABS (highest - y5), <=, 2);

  cairo_surface_destroy (surface);
}

static void
test_restarts_per_step (void)
{
  /* Rates are what counters show by default: restarts still read as a
   * count in each step. */
  static const IscCounterDisplay displays[] = { ISC_COUNTER_DISPLAY_RATE, ISC_COUNTER_DISPLAY_TOTALS };

  for (guint d = 0; d < G_N_ELEMENTS (displays); d++)
    {
      g_autoptr(IscChart) chart = chart_for (1, displays[d]);
      IscChartModel *model = isc_chart_get_model (chart);
      const IscChartSeries *cs = isc_chart_model_get_series (model, 0);
      const IscValueFormat *format = isc_chart_get_legend_format (chart, W, H);
      g_autofree char *one = isc_value_format_format (format, cs->values[RESTART_STEP]);
      g_autofree char *zero = isc_value_format_format (format, cs->values[0]);
      g_auto(GStrv) legend = isc_chart_dup_legend_texts (chart, W, H);
      g_auto(GStrv) labels = isc_chart_dup_value_labels (chart, W, H);

      g_assert_cmpstr (isc_chart_model_get_unit_text (model), ==, "per step");
      g_assert_cmpint (isc_chart_model_get_unit_hint (model), ==, ISC_UNIT_HINT_COUNT);
      g_assert_true (isc_chart_model_get_integer (model));
      g_assert_cmpfloat (cs->max, ==, 1.0);
      g_assert_cmpstr (one, ==, "1");
      g_assert_cmpstr (zero, ==, "0");
      g_assert_cmpuint (g_strv_length (legend), ==, 1);
      g_assert_null (strstr (legend[0], "/s"));
      g_assert_nonnull (strstr (legend[0], "max 1 "));
      for (guint i = 0; labels[i] != NULL; i++)
        assert_whole_number (labels[i]);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/integer-gauges/catalogue", test_catalogue);
  g_test_add_func ("/isc/integer-gauges/ticks", test_integer_ticks);
  g_test_add_func ("/isc/integer-gauges/whole-values", test_whole_values);
  g_test_add_func ("/isc/integer-gauges/step-after", test_step_after);
  g_test_add_func ("/isc/integer-gauges/narrow-keeps-scale-up", test_narrow_keeps_scale_up);
  g_test_add_func ("/isc/integer-gauges/restarts-per-step", test_restarts_per_step);

  return g_test_run ();
}
