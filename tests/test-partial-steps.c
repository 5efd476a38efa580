/* test-partial-steps.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The last, incomplete step: a step that holds only part of its interval
 * (cut short by the window's end, or after the data horizon that lagging
 * histograms show) must not read as a fall. Checks the model's rule on a
 * 7-day counter and on the demo's lagging histograms, what the legend's
 * "last" and the hover say, and that such a step is drawn unlike the
 * complete ones by the stacked, line and fan renderers.
 */

#include "config.h"

#include <string.h>

#include "isc-chart-private.h"
#include "isc-chart.h"
#include "isc-demo-fleet-private.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-ids.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

#define W 640
#define H 360
/* Wide enough for the week's 336 steps to be told apart. */
#define WEEK_W 1600
#define WEEK_H 600

#define REQUESTS "baseten_inference_requests_total"
#define LATENCY  "baseten_end_to_end_response_time_seconds"

static IscMetricsResponse *
load_fixture (const char *name)
{
  g_autofree char *path = test_fixture_path (name);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  g_assert_no_error (error);
  response = isc_metrics_response_new_from_data (data, len, &error);
  g_assert_no_error (error);
  return response;
}

static guint
metric_index (IscMetricsResponse *response,
              const char         *name)
{
  for (guint m = 0; m < isc_metrics_response_get_n_metrics (response); m++)
    if (g_str_equal (isc_metric_get_name (isc_metrics_response_get_metric (response, m)), name))
      return m;
  g_assert_not_reached ();
  return 0;
}

static IscChart *
chart_for (IscMetricsResponse *response,
           guint               metric)
{
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, metric, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  IscChart *chart = isc_chart_new (model);

  isc_chart_set_style (chart, isc_chart_style_get_default (ISC_CHART_THEME_LIGHT));
  isc_chart_set_time_zone (chart, utc);
  return chart;
}

/* The legend line of series (by label) contains "last <value>" in the
 * legend's own format. */
static void
assert_legend_last (IscChart   *chart,
                    int         width,
                    int         height,
                    const char *label,
                    double      value)
{
  g_auto(GStrv) texts = isc_chart_dup_legend_texts (chart, width, height);
  g_autofree char *formatted = isc_value_format_format (isc_chart_get_legend_format (chart, width, height), value);
  g_autofree char *expected = g_strdup_printf ("last %s", formatted);
  gboolean found = FALSE;

  for (guint i = 0; texts[i] != NULL; i++)
    {
      if (!g_str_has_prefix (texts[i], label))
        continue;
      found = TRUE;
      if (!g_str_has_suffix (texts[i], expected))
        g_error ("legend \"%s\" does not end in \"%s\"", texts[i], expected);
    }
  g_assert_true (found);
}

static void
assert_hover_incomplete (IscChart *chart,
                         int       width,
                         int       height,
                         int       step,
                         gboolean  incomplete)
{
  g_autofree char *text = isc_chart_dup_hover_text (chart, width, height, step);

  g_assert_nonnull (text);
  if (incomplete)
    g_assert_nonnull (strstr (text, "incomplete"));
  else
    g_assert_null (strstr (text, "incomplete"));
}

/* tests/fixtures/partial-step-series.json: the demo's 7-day window a
 * little after a half hour. The last step holds 19 s of requests and its
 * latency is null; 2xx runs at exactly 1.9/s in the step before. */
static void
test_week_counter (void)
{
  g_autoptr(IscMetricsResponse) response = load_fixture ("partial-step-series.json");
  g_autoptr(IscChart) chart = chart_for (response, metric_index (response, REQUESTS));
  IscChartModel *model = isc_chart_get_model (chart);
  g_autoptr(IscChartModel) latency = isc_chart_model_new (response, metric_index (response, LATENCY),
                                                          ISC_COUNTER_DISPLAY_RATE);
  const IscChartSeries *ok;

  g_assert_cmpuint (isc_chart_model_get_n_steps (model), ==, 336);
  g_assert_cmpint (isc_chart_model_get_plot (model), ==, ISC_CHART_PLOT_STACKED);
  ok = isc_chart_model_get_series (model, 0);
  g_assert_cmpstr (ok->label, ==, "2xx");

  /* The cliff the data holds: 36 requests over the step's 30 minutes. */
  g_assert_cmpfloat_with_epsilon (ok->values[334], 1.9, 1e-9);
  g_assert_cmpfloat_with_epsilon (ok->values[335], 36.0 / 1800, 1e-9);

  /* The window's end leaves the step whole; the null latency after a
   * step with latency is what says its data is still arriving. */
  g_assert_cmpuint (isc_chart_model_get_n_complete_steps (model), ==, 335);
  g_assert_true (isc_chart_model_get_step_complete (model, 334));
  g_assert_false (isc_chart_model_get_step_complete (model, 335));
  g_assert_cmpuint (isc_chart_model_get_n_complete_steps (latency), ==, 335);

  /* "last" is the last complete step, and the partial rate is no low. */
  g_assert_cmpfloat_with_epsilon (ok->last, 1.9, 1e-9);
  g_assert_cmpfloat (ok->min, >, 1.0);
  assert_legend_last (chart, WEEK_W, WEEK_H, "2xx", 1.9);

  assert_hover_incomplete (chart, WEEK_W, WEEK_H, 335, TRUE);
  assert_hover_incomplete (chart, WEEK_W, WEEK_H, 334, FALSE);
}

/* tests/fixtures/partial-step-cut-series.json: the real API's window ends
 * 19 s into the last step, and only its span tells. */
static void
test_week_counter_cut (void)
{
  g_autoptr(IscMetricsResponse) response = load_fixture ("partial-step-cut-series.json");
  g_autoptr(IscChart) chart = chart_for (response, 0);
  IscChartModel *model = isc_chart_get_model (chart);
  const IscChartSeries *ok = isc_chart_model_get_series (model, 0);

  g_assert_cmpuint (isc_chart_model_get_n_complete_steps (model), ==, 335);
  g_assert_false (isc_chart_model_get_step_complete (model, 335));
  /* A rate over the 19 s the step spans, not over 30 minutes. */
  g_assert_cmpfloat_with_epsilon (ok->values[335], 11.0 / 19, 1e-9);
  g_assert_cmpfloat_with_epsilon (ok->last, 1.9, 1e-9);
  assert_legend_last (chart, WEEK_W, WEEK_H, "2xx", 1.9);
  assert_hover_incomplete (chart, WEEK_W, WEEK_H, 335, TRUE);
}

static double
quiet_latency (guint    series,
               guint    step,
               gpointer data)
{
  /* Traffic for two hours, then none for two: 48 steps of 5 minutes. */
  return step < 24 ? 0.5 + series : NAN;
}

/* A quiet deployment's hours of null latency are not a lag, and a
 * window in the past whose last step has latency is complete to its
 * end. */
static void
test_quiet_is_not_lag (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 300, 48, LATENCY, "SECONDS", "HISTOGRAM",
                       "[{\"quantile\":\"0.5\"},{\"quantile\":\"0.99\"}]", 2, quiet_latency, NULL);
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscMetricsResponse) past = load_fixture ("default-series.json");
  g_autoptr(IscChartModel) requests = isc_chart_model_new (past, metric_index (past, REQUESTS),
                                                           ISC_COUNTER_DISPLAY_RATE);
  guint n_steps = isc_chart_model_get_n_steps (requests);

  /* Only the steps ending within one step and three minutes of the end
   * may be lagging: 46 and 47, not the two hours since step 24. */
  g_assert_cmpuint (isc_chart_model_get_n_complete_steps (model), ==, 46);

  g_assert_cmpuint (isc_chart_model_get_n_complete_steps (requests), ==, n_steps);
  g_assert_cmpfloat (isc_chart_model_get_series (requests, 0)->last, ==,
                     isc_chart_model_get_series (requests, 0)->values[n_steps - 1]);
}

/* The demo's default set for demo-chat's production at a fixed now. */
static IscMetricsResponse *
demo_response (gint64 now_ms,
               gint64 range_ms)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  const IscDemoEnvironment *env = _isc_demo_fleet_lookup_environment (model, "production");
  IscDemoMetricsRequest request = { 0 };
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;

  g_assert_nonnull (env);
  request.mode = ISC_MODE_SERIES;
  request.now_ms = now_ms;
  request.end_ms = now_ms;
  request.start_ms = now_ms - range_ms;
  body = _isc_demo_generator_build (1, NULL, env, &request);
  response = isc_metrics_response_new_from_bytes (body, &error);
  g_assert_no_error (error);
  return response;
}

/* 2025-12-01 12:00:10 UTC, one hour at 30 s: the demo's histograms are
 * null for the last three steps (ingestion lag) while requests are
 * counted up to now. */
static void
test_demo_lagging_histograms (void)
{
  gint64 now_ms = TEST_START_MS + 12 * 3600 * 1000 + 10 * 1000;
  g_autoptr(IscMetricsResponse) response = demo_response (now_ms, 3600 * 1000);
  g_autoptr(IscChartModel) latency = isc_chart_model_new (response, metric_index (response, LATENCY),
                                                          ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChart) chart = chart_for (response, metric_index (response, REQUESTS));
  IscChartModel *requests = isc_chart_get_model (chart);
  guint n_steps = isc_chart_model_get_n_steps (latency);
  guint n_complete = isc_chart_model_get_n_complete_steps (latency);
  int median = isc_chart_model_get_median (latency);
  const IscChartSeries *p50 = isc_chart_model_get_series (latency, median);
  const IscChartSeries *ok = isc_chart_model_get_series (requests, 0);

  g_assert_cmpint (isc_metrics_response_get_step_seconds (response), ==, 30);
  /* The lag: a few steps, each null for the histogram, after one that is
   * not. */
  g_assert_cmpuint (n_steps - n_complete, >=, 2);
  g_assert_cmpuint (n_steps - n_complete, <=, 4);
  g_assert_false (isnan (p50->values[n_complete - 1]));
  for (guint i = n_complete; i < n_steps; i++)
    g_assert_true (isnan (p50->values[i]));

  /* The same steps are incomplete on the counter beside it, which has
   * values there. */
  g_assert_cmpuint (isc_chart_model_get_n_complete_steps (requests), ==, n_complete);
  g_assert_false (isnan (ok->values[n_steps - 1]));
  g_assert_cmpfloat (ok->last, ==, ok->values[n_complete - 1]);
  assert_legend_last (chart, W, H, "2xx", ok->values[n_complete - 1]);
  assert_hover_incomplete (chart, W, H, n_steps - 1, TRUE);
  assert_hover_incomplete (chart, W, H, n_complete - 1, FALSE);
}

/* 19 s after a half hour, seven days at 30 minutes: the case. */
static void
test_demo_week (void)
{
  gint64 now_ms = TEST_START_MS + 12 * 3600 * 1000 + 30 * 60 * 1000 + 19 * 1000;
  g_autoptr(IscMetricsResponse) response = demo_response (now_ms, (gint64)7 * 24 * 3600 * 1000);
  g_autoptr(IscChart) chart = chart_for (response, metric_index (response, REQUESTS));
  IscChartModel *model = isc_chart_get_model (chart);
  guint n_steps = isc_chart_model_get_n_steps (model);
  const IscChartSeries *ok = isc_chart_model_get_series (model, 0);

  g_assert_cmpint (isc_metrics_response_get_step_seconds (response), ==, 1800);
  /* The data's cliff: under a fifth of the rate of the step before. */
  g_assert_cmpfloat (ok->values[n_steps - 1], <, 0.2 * ok->values[n_steps - 2]);
  g_assert_cmpuint (isc_chart_model_get_n_complete_steps (model), ==, n_steps - 1);
  g_assert_cmpfloat (ok->last, ==, ok->values[n_steps - 2]);
  assert_legend_last (chart, WEEK_W, WEEK_H, "2xx", ok->values[n_steps - 2]);
  assert_hover_incomplete (chart, WEEK_W, WEEK_H, n_steps - 1, TRUE);
}

/* One metric whose window ends last_span_s into its last step, as the
 * real API's does at now. */
static IscMetricsResponse *
cut_response_new (const char    *descriptor,
                  guint          n_series,
                  guint          n_steps,
                  guint          step_s,
                  guint          last_span_s,
                  TestValueFunc  func)
{
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  gint64 end_ms = TEST_START_MS + (gint64)(n_steps - 1) * step_s * 1000 + (gint64)last_span_s * 1000;
  IscMetricsResponse *response;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT
                          ",\"mode\":\"SERIES\",\"step_seconds\":%u,\"metric_descriptors\":[%s],\"metric_values\":[",
                          TEST_START_MS, end_ms, step_s, descriptor);
  for (guint s = 0; s < n_steps; s++)
    {
      g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[[",
                              s > 0 ? "," : "", TEST_START_MS + (gint64)s * step_s * 1000);
      for (guint j = 0; j < n_series; j++)
        g_string_append_printf (json, "%s%s", j > 0 ? "," : "",
                                g_ascii_dtostr (buf, sizeof buf, func (j, s, NULL)));
      g_string_append (json, "]]}");
    }
  g_string_append (json, "]}");

  response = isc_metrics_response_new_from_data (json->str, json->len, &error);
  g_assert_no_error (error);
  return response;
}

static double
luminance (cairo_surface_t *surface,
           int              x,
           int              y)
{
  double r, g, b;

  test_pixel (surface, x, y, &r, &g, &b);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/* 12 steps of 5 minutes at 2/s; the last holds 150 requests in the 150 s
 * the window gives it: 1/s. */
static double
cut_requests (guint    series,
              guint    step,
              gpointer data)
{
  return step == 11 ? 150 : 600;
}

static void
test_stacked_drawn_lighter (void)
{
  g_autoptr(IscMetricsResponse) response =
    cut_response_new ("{\"name\":\"" REQUESTS "\",\"unit_hint\":\"COUNT\",\"kind\":\"COUNTER\","
                      "\"label_sets\":[{\"status\":\"2xx\"}]}", 1, 12, 300, 150, cut_requests);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  const IscChartStyle *style = isc_chart_get_style (chart);
  cairo_surface_t *surface;
  IscChartColor color;
  int y = (int)isc_chart_layout_y_for_value (layout, 0.5);
  int x_complete = (int)((layout->step_x[9] + layout->step_x[10]) / 2);
  int x_partial = (int)((layout->step_x[11] + layout->plot.x + layout->plot.width) / 2);

  g_assert_cmpint (isc_chart_model_get_plot (isc_chart_get_model (chart)), ==, ISC_CHART_PLOT_STACKED);
  g_assert_cmpint (x_partial - (int)layout->step_x[11], >=, 4);

  surface = test_render (chart, W, H, TRUE);
  isc_chart_get_series_color (chart, 0, &color);
  color.alpha *= style->stack_alpha;

  /* A complete step is the layer's colour; the incomplete one, at the
   * same height, is much lighter: not the same fill at a lower level. */
  g_assert_cmpfloat (test_color_distance (surface, x_complete, y, &color, &style->background), <, 0.1);
  g_assert_cmpfloat (test_color_distance (surface, x_partial, y, &color, &style->background), >, 0.3);
  g_assert_cmpfloat (luminance (surface, x_partial, y), >, luminance (surface, x_complete, y) + 0.2);
  /* Still drawn: not the background. */
  g_assert_cmpfloat (luminance (surface, x_partial, y), <, luminance (surface, x_partial, (int)layout->plot.y + 2) - 0.05);
  g_assert_cmpuint (isc_chart_model_get_n_complete_steps (isc_chart_get_model (chart)), ==, 11);

  cairo_surface_destroy (surface);
}

/* A gauge at 1, the last step at 0.2 in a window that ends 150 s into
 * it. */
static double
cut_gauge (guint    series,
           guint    step,
           gpointer data)
{
  return step == 11 ? 0.2 : 1.0;
}

static void
test_line_drawn_lighter (void)
{
  g_autoptr(IscMetricsResponse) response =
    cut_response_new ("{\"name\":\"test_gauge\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}",
                      1, 12, 300, 150, cut_gauge);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  const IscChartStyle *style = isc_chart_get_style (chart);
  double x0 = layout->step_x[10], x1 = layout->step_x[11];
  double y0 = isc_chart_layout_y_for_value (layout, 1.0), y1 = isc_chart_layout_y_for_value (layout, 0.2);
  double most = 0;
  cairo_surface_t *surface;
  IscChartColor color;

  g_assert_cmpint (isc_chart_model_get_plot (isc_chart_get_model (chart)), ==, ISC_CHART_PLOT_LINES);
  surface = test_render (chart, W, H, TRUE);
  isc_chart_get_series_color (chart, 0, &color);

  /* The complete line is solid... */
  g_assert_true (test_color_near (surface, (int)((layout->step_x[8] + layout->step_x[9]) / 2), (int)y0, 1,
                                  &color, &style->background));
  /* ...the fall into the incomplete step is nowhere in the solid colour,
   * but drawn, lighter. */
  for (double t = 0.15; t <= 0.85; t += 0.05)
    {
      int x = (int)(x0 + t * (x1 - x0)), y = (int)(y0 + t * (y1 - y0));

      g_assert_false (test_color_near (surface, x, y, 1, &color, &style->background));
      for (int dy = -2; dy <= 2; dy++)
        for (int dx = -2; dx <= 2; dx++)
          {
            double c = test_color_coverage (surface, x + dx, y + dy, &color, &style->background);

            if (!isnan (c))
              most = MAX (most, c);
          }
    }
  g_assert_cmpfloat (most, >, 0.2);

  cairo_surface_destroy (surface);
}

/* p50 1 s, p90 2 s, p99 3 s throughout; the window ends 150 s into the
 * last step. */
static double
cut_latency (guint    series,
             guint    step,
             gpointer data)
{
  return 1.0 + series;
}

static void
test_fan_drawn_lighter (void)
{
  g_autoptr(IscMetricsResponse) response =
    cut_response_new ("{\"name\":\"" LATENCY "\",\"unit_hint\":\"SECONDS\",\"kind\":\"HISTOGRAM\","
                      "\"label_sets\":[{\"quantile\":\"0.5\"},{\"quantile\":\"0.9\"},{\"quantile\":\"0.99\"}]}",
                      3, 12, 300, 150, cut_latency);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  cairo_surface_t *surface;
  int y = (int)isc_chart_layout_y_for_value (layout, 1.5);
  int x_complete = (int)((layout->step_x[8] + layout->step_x[9]) / 2);
  int x_partial = (int)((layout->step_x[10] + layout->step_x[11]) / 2);

  g_assert_cmpint (isc_chart_model_get_plot (isc_chart_get_model (chart)), ==, ISC_CHART_PLOT_FAN);
  surface = test_render (chart, W, H, TRUE);

  /* The band next to the median, lighter into the incomplete step. */
  g_assert_cmpfloat (luminance (surface, x_partial, y), >, luminance (surface, x_complete, y) + 0.08);
  g_assert_cmpfloat (luminance (surface, x_partial, y), <, luminance (surface, x_partial, (int)layout->plot.y + 2) - 0.02);

  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/partial-steps/week-counter", test_week_counter);
  g_test_add_func ("/isc/partial-steps/week-counter-cut", test_week_counter_cut);
  g_test_add_func ("/isc/partial-steps/quiet-is-not-lag", test_quiet_is_not_lag);
  g_test_add_func ("/isc/partial-steps/demo-lagging-histograms", test_demo_lagging_histograms);
  g_test_add_func ("/isc/partial-steps/demo-week", test_demo_week);
  g_test_add_func ("/isc/partial-steps/stacked-drawn-lighter", test_stacked_drawn_lighter);
  g_test_add_func ("/isc/partial-steps/line-drawn-lighter", test_line_drawn_lighter);
  g_test_add_func ("/isc/partial-steps/fan-drawn-lighter", test_fan_drawn_lighter);

  return g_test_run ();
}
