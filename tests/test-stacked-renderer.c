/* test-stacked-renderer.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Renders requests by status from a healthy deployment (2xx steady, 4xx
 * and 5xx zero but for single requests) and looks at what a person sees
 * on the stack: slivers where there was a request, nothing where there
 * was none, and a gap only where every class is null.
 */

#include "config.h"

#include "isc-chart.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

#define W 640
#define H 360
/* Narrow enough that the 60 steps are denser than the plot's columns. */
#define DENSE_W 96

/* tests/fixtures/zero-heavy-status-series.json: 60 steps of 30 s, 2xx at
 * 300 a step (10/s); 5xx of 1 in steps 12 and 44, 4xx of 1 in 20 and 50,
 * 4xx null in 36, every class null in 30. */
#define RATE_2XX 10.0
#define ALL_NULL_STEP 30
#define ONE_NULL_STEP 36
static const guint isolated_steps[] = { 12, 20, 44, 50 };

static IscChart *
zero_heavy_chart (IscMetricsResponse **response_out)
{
  g_autofree char *path = test_fixture_path ("zero-heavy-status-series.json");
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;
  IscChart *chart;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  g_assert_no_error (error);
  response = isc_metrics_response_new_from_data (data, len, &error);
  g_assert_no_error (error);
  chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_assert_cmpint (isc_chart_model_get_plot (isc_chart_get_model (chart)), ==, ISC_CHART_PLOT_STACKED);
  *response_out = response;
  return chart;
}

/* The 4xx amber and the 5xx vermillion, alone or over the 2xx green, as a
 * line or a fill: red well above green and blue. The green, the white
 * background, the grey grid and text and the black hatch all have red at
 * or below green. */
static gboolean
shows_error_color (cairo_surface_t *surface,
                   int              x,
                   int              y)
{
  double r, g, b;

  test_pixel (surface, x, y, &r, &g, &b);
  return r - g > 0.12 && r - b > 0.25;
}

/* Pixel columns wholly inside a step (the boundary columns are shared
 * with the neighbours). */
static void
step_columns (const IscChartLayout *layout,
              guint                 n_steps,
              guint                 step,
              int                  *first,
              int                  *last)
{
  double end = step + 1 < n_steps ? layout->step_x[step + 1] : layout->plot.x + layout->plot.width;

  *first = (int)ceil (layout->step_x[step]);
  *last = (int)floor (end) - 1;
  g_assert_cmpint (*first, <=, *last);
}

/* Around a single request: at most a thin sliver of error colour per
 * column, hugging the stack's top, and no marker rising above it. */
static void
assert_slivers (cairo_surface_t      *surface,
                const IscChartLayout *layout,
                int                   x0,
                int                   x1)
{
  int y_top = (int)floor (isc_chart_layout_y_for_value (layout, RATE_2XX));
  int top = (int)layout->plot.y + 1;
  int bottom = (int)(layout->plot.y + layout->plot.height) - 1;

  for (int x = x0; x <= x1; x++)
    {
      guint n = 0;

      for (int y = top; y <= bottom; y++)
        {
          if (!shows_error_color (surface, x, y))
            continue;
          n++;
          /* A dot of the line's radius would reach two rows higher. */
          if (y < y_top - 1)
            g_error ("error colour at (%d, %d), above the stack's top at %d", x, y, y_top);
        }
      if (n > 2)
        g_error ("%u pixels of error colour in column %d: a marker, not a sliver", n, x);
    }
}

static void
test_no_dot (void)
{
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(IscChart) chart = zero_heavy_chart (&response);
  IscChartModel *model = isc_chart_get_model (chart);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  guint n_steps = isc_chart_model_get_n_steps (model);
  guint n_seen = 0;

  g_assert_cmpuint (n_steps, ==, 60);
  g_assert_false (layout->dense);

  for (guint k = 0; k < G_N_ELEMENTS (isolated_steps); k++)
    {
      guint step = isolated_steps[k];
      int first, last, x0, x1;

      /* The step and both neighbours. */
      step_columns (layout, n_steps, step - 1, &x0, &last);
      step_columns (layout, n_steps, step + 1, &first, &x1);
      assert_slivers (surface, layout, x0, x1);

      /* The request is there to see, on its own step. */
      step_columns (layout, n_steps, step, &first, &last);
      for (int x = first; x <= last; x++)
        for (int y = (int)layout->plot.y; y < (int)(layout->plot.y + layout->plot.height); y++)
          if (shows_error_color (surface, x, y))
            {
              n_seen++;
              break;
            }
    }
  g_assert_cmpuint (n_seen, >, 0);
  cairo_surface_destroy (surface);
}

static void
test_no_dot_dense (void)
{
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(IscChart) chart = zero_heavy_chart (&response);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, DENSE_W, H);
  cairo_surface_t *surface = test_render (chart, DENSE_W, H, TRUE);

  /* Steps narrower than a pixel: the stack is drawn as column boxes. */
  g_assert_true (layout->dense);
  assert_slivers (surface, layout, (int)layout->plot.x, (int)(layout->plot.x + layout->plot.width) - 1);
  cairo_surface_destroy (surface);
}

static void
test_no_edge_on_zero (void)
{
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(IscChart) chart = zero_heavy_chart (&response);
  IscChartModel *model = isc_chart_get_model (chart);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  const IscChartSeries *s4 = isc_chart_model_get_series (model, 1);
  const IscChartSeries *s5 = isc_chart_model_get_series (model, 2);
  guint n_steps = isc_chart_model_get_n_steps (model);
  int y_top = (int)floor (isc_chart_layout_y_for_value (layout, RATE_2XX));
  guint n_zero_steps = 0;

  g_assert_cmpstr (s4->label, ==, "4xx");
  g_assert_cmpstr (s5->label, ==, "5xx");

  /* Where neither 4xx nor 5xx counted anything, nothing of their colours
   * lies on or above the top of the 2xx layer. */
  for (guint i = 0; i < n_steps; i++)
    {
      int first, last;

      if (s4->values[i] > 0 || s5->values[i] > 0)
        continue;
      n_zero_steps++;
      step_columns (layout, n_steps, i, &first, &last);
      for (int x = first; x <= last; x++)
        for (int y = (int)layout->plot.y + 1; y <= y_top + 3; y++)
          if (shows_error_color (surface, x, y))
            g_error ("error colour at (%d, %d) in step %u, where 4xx and 5xx are zero", x, y, i);
    }
  g_assert_cmpuint (n_zero_steps, ==, n_steps - G_N_ELEMENTS (isolated_steps));
  cairo_surface_destroy (surface);
}

static void
test_gap_only_all_null (void)
{
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(IscChart) chart = zero_heavy_chart (&response);
  IscChartModel *model = isc_chart_get_model (chart);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  const IscChartStyle *style = isc_chart_style_get_default (ISC_CHART_THEME_LIGHT);
  IscChartColor green = style->status[2];
  guint n_steps = isc_chart_model_get_n_steps (model);
  int y_half = (int)isc_chart_layout_y_for_value (layout, RATE_2XX / 2);
  int top = (int)layout->plot.y + 1;
  int bottom = (int)(layout->plot.y + layout->plot.height) - 2;

  g_assert_true (isnan (isc_chart_model_get_series (model, 1)->values[ONE_NULL_STEP]));
  green.alpha = style->stack_alpha;

  for (guint i = 0; i < n_steps; i++)
    {
      int first, last;

      step_columns (layout, n_steps, i, &first, &last);
      for (int x = first; x <= last; x++)
        {
          if (i == ALL_NULL_STEP)
            {
              /* Every class null: nothing of the stack in the step's columns. */
              g_assert_cmpuint (test_count_color_in_column (surface, x, top, bottom, &green,
                                                            &style->background), ==, 0);
            }
          else if (test_color_distance (surface, x, y_half, &green, &style->background) >= 0.12)
            {
              /* The neighbours of the gap, and the step where 4xx alone is
               * null, are whole. */
              g_error ("no 2xx at (%d, %d) in step %u", x, y_half, i);
            }
        }
    }
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/chart/stacked/no-dot", test_no_dot);
  g_test_add_func ("/isc/chart/stacked/no-dot-dense", test_no_dot_dense);
  g_test_add_func ("/isc/chart/stacked/no-edge-on-zero", test_no_edge_on_zero);
  g_test_add_func ("/isc/chart/stacked/gap-only-all-null", test_gap_only_all_null);

  return g_test_run ();
}
