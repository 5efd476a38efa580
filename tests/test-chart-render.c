/* test-chart-render.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Renders every kind to an image and looks where the data put the series'
 * colour, and where it must not be.
 */

#include "config.h"

#include "isc-chart.h"
#include "isc-chart-decimate.h"
#include "isc-chart-enums.h"
#include "isc-chart-private.h"
#include "test-chart-fixtures.h"

#define W 640
#define H 360

static const IscChartStyle *
light (void)
{
  return isc_chart_style_get_default (ISC_CHART_THEME_LIGHT);
}

/* 50 for the first half, null after. */
static double
half_gauge (guint series, guint step, gpointer data)
{
  return step < 30 ? 50.0 : NAN;
}

static void
test_gauge_pixels (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 60, "baseten_replicas_active", "COUNT", "GAUGE", "[{}]", 1, half_gauge, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  IscChartColor color;
  int y50 = (int)isc_chart_layout_y_for_value (layout, 50);
  int top = (int)layout->plot.y + 1;
  int bottom = (int)(layout->plot.y + layout->plot.height) - 2;

  isc_chart_get_series_color (chart, 0, &color);
  g_assert_cmpint (isc_chart_model_get_plot (isc_chart_get_model (chart)), ==, ISC_CHART_PLOT_LINES);

  /* The line is at 50 where there is data … */
  for (guint step = 2; step < 28; step += 5)
    g_assert_true (test_color_near (surface, (int)layout->step_x[step], y50, 2, &color, &light ()->background));
  /* … nowhere above it … */
  g_assert_cmpuint (test_count_color_in_column (surface, (int)layout->step_x[10], top, y50 - 4,
                                                &color, &light ()->background), ==, 0);
  /* … and the null half is a gap, not a line to zero. */
  for (guint step = 32; step < 60; step += 4)
    g_assert_cmpuint (test_count_color_in_column (surface, (int)layout->step_x[step], top, bottom,
                                                  &color, &light ()->background), ==, 0);

  cairo_surface_destroy (surface);
}

/* 2xx: 60 per 30 s step (2/s), 5xx: 30 per step (1/s). */
static double
status_counter (guint series, guint step, gpointer data)
{
  return series == 0 ? 30.0 : 60.0;
}

static void
test_counter_stacked (void)
{
  /* 5xx first in the response: the stack still starts with 2xx. */
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 20, "baseten_inference_requests_total", "COUNT", "COUNTER",
                       "[{\"status\":\"5xx\"},{\"status\":\"2xx\"}]", 2, status_counter, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  IscChartModel *model = isc_chart_get_model (chart);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  const IscChartStyle *style = light ();
  IscChartColor green = style->status[2], red = style->status[5];
  int x = (int)layout->step_x[10];
  const guint *order = isc_chart_model_get_order (model, NULL);

  green.alpha = red.alpha = style->stack_alpha;

  /* Drawn as a rate: each step's total over its 30 s. */
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_series (model, 1)->values[0], 2.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_series (model, 0)->values[19], 1.0, 1e-9);
  g_assert_cmpint (isc_chart_model_get_unit_hint (model), ==, ISC_UNIT_HINT_PER_SECOND);
  g_assert_cmpuint (order[0], ==, 1);

  /* 2xx green from 0 to 2/s, 5xx vermillion from 2 to 3/s, nothing above. */
  g_assert_cmpfloat (test_color_distance (surface, x, (int)isc_chart_layout_y_for_value (layout, 1.0), &green,
                                          &style->background), <, 0.12);
  g_assert_true (test_color_near (surface, x, (int)isc_chart_layout_y_for_value (layout, 2.5), 3, &red,
                                  &style->background));
  g_assert_false (test_color_near (surface, x, (int)isc_chart_layout_y_for_value (layout, 1.0), 3, &red,
                                   &style->background));
  g_assert_cmpuint (test_count_color_in_column (surface, x, (int)layout->plot.y + 1,
                                                (int)isc_chart_layout_y_for_value (layout, 3.0) - 4,
                                                &green, &style->background), ==, 0);
  g_assert_cmpuint (test_count_color_in_column (surface, x, (int)layout->plot.y + 1,
                                                (int)isc_chart_layout_y_for_value (layout, 3.0) - 4,
                                                &red, &style->background), ==, 0);
  cairo_surface_destroy (surface);
}

static void
test_counter_totals (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 20, "baseten_inference_requests_total", "COUNT", "COUNTER",
                       "[{\"status\":\"5xx\"},{\"status\":\"2xx\"}]", 2, status_counter, NULL);
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_TOTALS);
  double lo, hi;

  /* Per-step totals as sent, stacked to 90 per step. */
  g_assert_cmpfloat (isc_chart_model_get_series (model, 1)->values[3], ==, 60.0);
  g_assert_cmpint (isc_chart_model_get_unit_hint (model), ==, ISC_UNIT_HINT_COUNT);
  g_assert_true (isc_chart_model_get_extent (model, &lo, &hi));
  g_assert_cmpfloat (hi, ==, 90.0);
  g_assert_cmpstr (isc_chart_model_get_unit_text (model), ==, "total per step");
}

static void
test_counter_last_step (void)
{
  /* The window ends 10 s into the last step: its rate is over 10 s. */
  static const char json[] =
    "{\"start_epoch_millis\":1764547200000,\"end_epoch_millis\":1764547270000,\"mode\":\"SERIES\","
    "\"step_seconds\":30,\"metric_descriptors\":[{\"name\":\"x_total\",\"unit_hint\":\"COUNT\","
    "\"kind\":\"COUNTER\",\"label_sets\":[{}]}],\"metric_values\":["
    "{\"start_epoch_millis\":1764547200000,\"values\":[[30]]},"
    "{\"start_epoch_millis\":1764547230000,\"values\":[[30]]},"
    "{\"start_epoch_millis\":1764547260000,\"values\":[[30]]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (json, -1, &error);
  g_autoptr(IscChartModel) model = NULL;
  const IscChartSeries *cs;

  g_assert_no_error (error);
  model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  cs = isc_chart_model_get_series (model, 0);
  g_assert_cmpfloat_with_epsilon (cs->values[0], 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (cs->values[2], 3.0, 1e-9);
  /* That step holds a third of its interval: incomplete, so its rate is
   * drawn but left out of the statistics (tests/test-partial-steps.c). */
  g_assert_false (isc_chart_model_get_step_complete (model, 2));
  g_assert_cmpfloat_with_epsilon (cs->max, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (cs->mean, 1.0, 1e-9);
}

/* Response order p99, p50, avg, p90; p90 null at steps 20 … 24. */
static double
fan_values (guint series, guint step, gpointer data)
{
  switch (series)
    {
    case 0: return 4.0;
    case 1: return 1.0;
    case 2: return 1.5;
    case 3: return step >= 20 && step < 25 ? NAN : 2.0;
    default: g_assert_not_reached ();
    }
}

static double
luminance (cairo_surface_t *surface, int x, int y)
{
  double r, g, b;

  test_pixel (surface, x, y, &r, &g, &b);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

static void
test_histogram_fan (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 40, "baseten_end_to_end_response_time_seconds", "SECONDS", "HISTOGRAM",
                       "[{\"quantile\":\"0.99\"},{\"quantile\":\"0.5\"},{\"stat\":\"avg\"},{\"quantile\":\"0.9\"}]",
                       4, fan_values, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  IscChartModel *model = isc_chart_get_model (chart);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  const IscChartStyle *style = light ();
  const guint *order;
  guint n_order = 0, n_avg = 0, n_row = 0;
  int x = (int)layout->step_x[10];
  int x_gap = (int)layout->step_x[22];
  int y_inner = (int)isc_chart_layout_y_for_value (layout, 1.65);
  int y_outer = (int)isc_chart_layout_y_for_value (layout, 3.3);
  IscChartColor inner = style->fan, outer = style->fan;

  g_assert_cmpint (isc_chart_model_get_plot (model), ==, ISC_CHART_PLOT_FAN);

  /* Quantiles by value, whatever the response's order; the average last. */
  order = isc_chart_model_get_order (model, &n_order);
  g_assert_cmpuint (n_order, ==, 4);
  g_assert_cmpstr (isc_chart_model_get_series (model, order[0])->label, ==, "p50");
  g_assert_cmpstr (isc_chart_model_get_series (model, order[1])->label, ==, "p90");
  g_assert_cmpstr (isc_chart_model_get_series (model, order[2])->label, ==, "p99");
  g_assert_cmpint (isc_chart_model_get_median (model), ==, 1);
  g_assert_cmpint (isc_chart_model_get_average (model), ==, 2);

  /* A solid median in the fan's hue. */
  g_assert_true (test_color_near (surface, x, (int)isc_chart_layout_y_for_value (layout, 1.0), 1,
                                  &style->fan, &style->background));
  /* Bands of the same hue, lighter outward. */
  inner.alpha = style->fan_alpha[0];
  outer.alpha = style->fan_alpha[1];
  g_assert_cmpfloat (test_color_distance (surface, x, y_inner, &inner, &style->background), <, 0.12);
  g_assert_cmpfloat (test_color_distance (surface, x, y_outer, &outer, &style->background), <, 0.12);
  g_assert_cmpfloat (luminance (surface, x, y_inner), <, luminance (surface, x, y_outer));
  /* Both bands break where p90 is null. */
  g_assert_cmpfloat (test_color_distance (surface, x_gap, y_inner, &style->background, &style->background), <, 0.02);
  g_assert_cmpfloat (test_color_distance (surface, x_gap, y_outer, &style->background, &style->background), <, 0.02);
  /* Nothing above p99. */
  g_assert_cmpfloat (test_color_distance (surface, x, (int)isc_chart_layout_y_for_value (layout, 4.0) - 6,
                                          &style->background, &style->background), <, 0.02);

  /* The average is dashed: along its row, some of its colour and gaps. */
  for (int px = (int)layout->step_x[2]; px < (int)layout->step_x[18]; px++)
    {
      int y = (int)isc_chart_layout_y_for_value (layout, 1.5);

      n_row++;
      if (test_color_near (surface, px, y, 0, &style->average, &style->background))
        n_avg++;
    }
  g_assert_cmpuint (n_avg, >, n_row / 5);
  g_assert_cmpuint (n_avg, <, n_row * 9 / 10);

  cairo_surface_destroy (surface);
}

static double
condition_values (guint series, guint step, gpointer data)
{
  return series == 0 ? 3.0 : 1.0;
}

static void
test_other_labels (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 20, "baseten_pod_readiness", "COUNT", "SOMETHING_NEW",
                       "[{\"condition\":\"true\"},{\"condition\":\"false\",\"zone\":\"b\"}]", 2,
                       condition_values, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  g_auto(GStrv) legend = isc_chart_dup_legend_texts (chart, W, H);
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  IscChartColor c0, c1;
  int x = (int)layout->step_x[10];

  /* An unknown kind draws as lines, one per label set, key=value legends. */
  g_assert_cmpint (isc_chart_model_get_plot (isc_chart_get_model (chart)), ==, ISC_CHART_PLOT_LINES);
  g_assert_cmpuint (g_strv_length (legend), ==, 2);
  g_assert_true (g_str_has_prefix (legend[0], "condition=true  "));
  g_assert_true (g_str_has_prefix (legend[1], "condition=false, zone=b  "));

  isc_chart_get_series_color (chart, 0, &c0);
  isc_chart_get_series_color (chart, 1, &c1);
  g_assert_false (c0.red == c1.red && c0.green == c1.green && c0.blue == c1.blue);
  g_assert_true (test_color_near (surface, x, (int)isc_chart_layout_y_for_value (layout, 3.0), 1, &c0,
                                  &light ()->background));
  g_assert_true (test_color_near (surface, x, (int)isc_chart_layout_y_for_value (layout, 1.0), 1, &c1,
                                  &light ()->background));
  g_assert_false (test_color_near (surface, x, (int)isc_chart_layout_y_for_value (layout, 1.0), 1, &c0,
                                   &light ()->background));
  cairo_surface_destroy (surface);
}

/* A lone value at step 10, a pair at 20–21, null elsewhere. */
static double
lone_values (guint series, guint step, gpointer data)
{
  return step == 10 || step == 20 || step == 21 ? 5.0 : NAN;
}

static void
test_gaps_lone_point (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 40, "baseten_concurrent_requests", "COUNT", "GAUGE", "[{}]", 1,
                       lone_values, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  IscChartModel *model = isc_chart_get_model (chart);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  const IscChartSeries *cs = isc_chart_model_get_series (model, 0);
  IscChartColor color;
  int y = (int)isc_chart_layout_y_for_value (layout, 5.0);
  int top = (int)layout->plot.y + 1;
  int bottom = (int)(layout->plot.y + layout->plot.height) - 2;

  /* Nulls count in no statistic. */
  g_assert_cmpuint (cs->n_values, ==, 3);
  g_assert_cmpfloat (cs->mean, ==, 5.0);
  g_assert_cmpfloat (cs->min, ==, 5.0);

  isc_chart_get_series_color (chart, 0, &color);
  /* The lone value is a dot, with nothing either side. */
  g_assert_true (test_color_near (surface, (int)layout->step_x[10], y, 0, &color, &light ()->background));
  g_assert_cmpuint (test_count_color_in_column (surface, (int)layout->step_x[9], top, bottom, &color,
                                                &light ()->background), ==, 0);
  g_assert_cmpuint (test_count_color_in_column (surface, (int)layout->step_x[11], top, bottom, &color,
                                                &light ()->background), ==, 0);
  /* The pair is a segment between them. */
  g_assert_true (test_color_near (surface, (int)((layout->step_x[20] + layout->step_x[21]) / 2), y, 1, &color,
                                  &light ()->background));
  g_assert_cmpuint (test_count_color_in_column (surface, (int)layout->step_x[15], top, bottom, &color,
                                                &light ()->background), ==, 0);
  cairo_surface_destroy (surface);
}

static double
all_null (guint series, guint step, gpointer data)
{
  return NAN;
}

static void
test_all_null (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 20, "baseten_end_to_end_response_time_seconds", "SECONDS", "HISTOGRAM",
                       "[{\"quantile\":\"0.5\"},{\"quantile\":\"0.9\"},{\"stat\":\"avg\"}]", 3, all_null, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  g_auto(GStrv) labels = isc_chart_dup_value_labels (chart, W, H);
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  const IscChartStyle *style = light ();
  guint n_fan = 0;

  /* "No data yet" is a message, not an empty frame. */
  g_assert_true (isc_chart_model_is_empty (isc_chart_get_model (chart)));
  g_assert_nonnull (layout->message.layout);
  g_assert_cmpstr (pango_layout_get_text (layout->message.layout), ==, "No data in this range");
  g_assert_cmpuint (g_strv_length (labels), ==, 0);

  for (int y = (int)layout->plot.y; y < (int)(layout->plot.y + layout->plot.height); y += 3)
    for (int x = (int)layout->plot.x; x < (int)(layout->plot.x + layout->plot.width); x += 3)
      if (test_color_distance (surface, x, y, &style->fan, &style->background) < 0.3)
        n_fan++;
  g_assert_cmpuint (n_fan, ==, 0);
  /* The message is drawn where the plot would be. */
  g_assert_cmpfloat (luminance (surface, (int)(layout->message.x + 2), 0), >, 0.9);
  cairo_surface_destroy (surface);
}

static double
summary_values (guint series, guint step, gpointer data)
{
  return series == 0 ? 3600.0 : 120.0;
}

static void
test_single_value_set (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SUMMARY", 3600, 1, "baseten_inference_requests_total", "COUNT", "COUNTER",
                       "[{\"status\":\"2xx\"},{\"status\":\"500\"}]", 2, summary_values, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  IscChartModel *model = isc_chart_get_model (chart);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  const IscChartStyle *style = light ();
  gboolean green = FALSE, red = FALSE;

  /* One value set is a set of labelled bars, totals as sent. */
  g_assert_cmpint (isc_chart_model_get_plot (model), ==, ISC_CHART_PLOT_BARS);
  g_assert_cmpfloat (isc_chart_model_get_series (model, 0)->last, ==, 3600.0);
  g_assert_null (isc_chart_model_get_step_text (model));
  g_assert_cmpint (isc_chart_get_step_at_x (chart, W, H, W / 2), ==, -1);

  for (int y = (int)layout->plot.y; y < (int)(layout->plot.y + layout->plot.height); y += 2)
    {
      int x = (int)(layout->plot.x + layout->plot.width * 0.3);

      green |= test_color_distance (surface, x, y, &style->status[2], &style->background) < 0.05;
      red |= test_color_distance (surface, x, y, &style->status[5], &style->background) < 0.05;
    }
  /* The 2xx bar is long; "500" is 1/30 of it and does not reach 30 %. */
  g_assert_true (green);
  g_assert_false (red);
  cairo_surface_destroy (surface);
}

typedef struct
{
  const char *unit_hint;
  const char *kind;
  double      max;
  const char *suffix;
  double      top_at_least;
} AxisCase;

static double
ramp_to_max (guint series, guint step, gpointer data)
{
  const AxisCase *c = data;

  return c->max * step / 19.0;
}

static void
test_axis_labels (gconstpointer data)
{
  const AxisCase *c = data;
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 20, "some_metric", c->unit_hint, c->kind, "[{}]", 1, ramp_to_max, (gpointer)c);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  const IscValueFormat *format = isc_chart_get_value_format (chart, W, H);
  g_auto(GStrv) labels = isc_chart_dup_value_labels (chart, W, H);
  g_auto(GStrv) legend = isc_chart_dup_legend_texts (chart, W, H);
  g_autofree char *max_text = NULL;
  const IscValueFormat *legend_format;

  g_assert_cmpuint (g_strv_length (labels), >=, 3);
  g_assert_cmpuint (g_strv_length (labels), ==, layout->value_ticks->n_ticks);
  g_assert_cmpint (isc_chart_model_get_plot (isc_chart_get_model (chart)), ==,
                   g_str_equal (c->kind, "COUNTER") ? ISC_CHART_PLOT_STACKED : ISC_CHART_PLOT_LINES);
  /* One format for the whole axis, the one the formatter chose. */
  for (guint i = 0; labels[i] != NULL; i++)
    {
      g_autofree char *expected = isc_value_format_format (format, layout->value_ticks->values[i]);

      /* Zero drops the axis' prefix: "0 B" under "5 GiB". */
      if (layout->value_ticks->values[i] == 0 && g_str_has_prefix (labels[i], "0"))
        continue;
      g_assert_cmpstr (labels[i], ==, expected);
      if (c->suffix[0] != '\0' && layout->value_ticks->values[i] != 0)
        g_assert_true (g_str_has_suffix (labels[i], c->suffix));
    }
  if (c->suffix[0] == '\0')
    g_assert_false (g_str_has_suffix (labels[g_strv_length (labels) - 1], "%"));
  g_assert_cmpfloat (layout->y_max, >=, c->top_at_least);

  /* The legend reads in the same unit, with three significant digits. */
  legend_format = isc_chart_get_legend_format (chart, W, H);
  g_assert_cmpstr (legend_format->suffix, ==, format->suffix);
  max_text = isc_value_format_format (legend_format, isc_chart_model_get_series (isc_chart_get_model (chart), 0)->max);
  g_assert_nonnull (strstr (legend[0], max_text));
}

static const AxisCase axis_cases[] = {
  { "BYTES", "GAUGE", 3.0 * 1073741824.0, "GiB", 3.0 * 1073741824.0 },
  { "MEBIBYTES", "GAUGE", 40000.0, "GiB", 40000.0 },
  { "SECONDS", "GAUGE", 0.25, "ms", 0.25 },
  { "COUNT", "COUNTER", 30 * 1500.0, "k/s", 1500.0 },
  { "PER_SECOND", "GAUGE", 120.0, "/s", 120.0 },
  { "RATIO", "GAUGE", 0.8, "%", 0.8 },
  /* CPU in cores: a plain multiplier, never capped at 100 %. */
  { "RATIO", "GAUGE", 3.2, "", 3.2 },
  /* A unit the API may add later: plain numbers, never an error. */
  { "JOULES", "GAUGE", 5000.0, "", 5000.0 },
  /* A histogram without quantiles draws its series as lines. */
  { "SECONDS", "HISTOGRAM", 2.5, "s", 2.5 },
};

static void
test_time_axis (void)
{
  /* 30 hours from midnight UTC: the day changes on the axis. */
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 1800, 60, "baseten_replicas_active", "COUNT", "GAUGE", "[{}]", 1, half_gauge, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, 1200, H);
  g_auto(GStrv) labels = isc_chart_dup_time_labels (chart, 1200, H);
  guint n_dates = 0;

  g_assert_cmpuint (g_strv_length (labels), >=, 4);
  for (guint i = 0; i < layout->time_ticks->n_ticks; i++)
    if (layout->time_ticks->ticks[i].shows_date)
      n_dates++;
  g_assert_cmpuint (n_dates, >=, 2);
  /* Ticks are left to right inside the plot. */
  for (guint i = 1; i < layout->time_tick_items->len; i++)
    g_assert_cmpfloat (g_array_index (layout->time_tick_items, IscChartTick, i).pos, >,
                       g_array_index (layout->time_tick_items, IscChartTick, i - 1).pos);
  g_assert_cmpstr (isc_chart_model_get_step_text (isc_chart_get_model (chart)), ==, "step 30\u00a0min");
}

static double
noisy_values (guint series, guint step, gpointer data)
{
  /* Deterministic noise with a few gaps. */
  guint32 h = step * 2654435761u;

  if (step % 3001 == 1500 || step % 3001 == 1501)
    return NAN;
  return 20.0 + (h >> 8) % 6000 / 100.0 + (step / 2000) * 5.0;
}

static void
test_decimation_equivalence (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 60, 20000, "baseten_concurrent_requests", "COUNT", "GAUGE", "[{}]", 1,
                       noisy_values, NULL);
  g_autoptr(IscChart) reduced = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_autoptr(IscChart) full = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  cairo_surface_t *a, *b;
  const guint8 *da, *db;
  int stride;
  guint n_diff = 0, n_series = 0;
  IscChartColor color;

  isc_chart_set_reduce (full, FALSE);
  a = test_render (reduced, 500, 300, FALSE);
  b = test_render (full, 500, 300, FALSE);
  da = cairo_image_surface_get_data (a);
  db = cairo_image_surface_get_data (b);
  stride = cairo_image_surface_get_stride (a);
  isc_chart_get_series_color (reduced, 0, &color);

  for (int y = 0; y < 300; y++)
    for (int x = 0; x < 500; x++)
      {
        if (memcmp (da + y * stride + x * 4, db + y * stride + x * 4, 3) != 0)
          n_diff++;
        if (test_color_distance (a, x, y, &color, &light ()->background) < 0.05)
          n_series++;
      }

  /* The series is there (a lot of it), and the pictures are the same. */
  g_assert_cmpuint (n_series, >, 5000);
  g_assert_cmpuint (n_diff, ==, 0);

  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

static void
test_decimation_bounded (void)
{
  g_autofree double *xs = g_new (double, 100000);
  g_autofree double *ys = g_new (double, 100000);
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
  guint n_breaks = 0;

  for (guint i = 0; i < 100000; i++)
    {
      xs[i] = i * 800.0 / 100000;
      ys[i] = (i % 97) * 1.0;
    }
  ys[50000] = NAN;

  isc_chart_decimate_m4 (xs, ys, 100000, points);
  /* At most four points per column, plus the gap and the final break. */
  g_assert_cmpuint (points->len, <=, 4 * 801 + 2);
  g_assert_cmpuint (points->len, >=, 2 * 800);
  for (guint i = 0; i < points->len; i++)
    if (isnan (g_array_index (points, IscChartPoint, i).y))
      n_breaks++;
  g_assert_cmpuint (n_breaks, ==, 2);
  /* Each column keeps its extremes. */
  g_assert_cmpfloat (g_array_index (points, IscChartPoint, 0).y, ==, 0.0);
}

static void
test_themes (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 60, "baseten_replicas_active", "COUNT", "GAUGE", "[{}]", 1, half_gauge, NULL);

  for (guint t = 0; t < 2; t++)
    {
      IscChartTheme theme = t == 0 ? ISC_CHART_THEME_LIGHT : ISC_CHART_THEME_DARK;
      const IscChartStyle *style = isc_chart_style_get_default (theme);
      g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, theme);
      const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
      cairo_surface_t *surface = test_render (chart, W, H, TRUE);
      IscChartColor color;
      double r, g, b;

      isc_chart_get_series_color (chart, 0, &color);
      test_pixel (surface, 1, 1, &r, &g, &b);
      g_assert_cmpfloat (fabs (r - style->background.red) + fabs (g - style->background.green) +
                         fabs (b - style->background.blue), <, 0.01);
      g_assert_true (test_color_near (surface, (int)layout->step_x[10],
                                      (int)isc_chart_layout_y_for_value (layout, 50), 2,
                                      &color, &style->background));
      /* Title text contrasts with the background. */
      g_assert_cmpfloat (fabs (luminance (surface, 1, 1) - (theme == ISC_CHART_THEME_DARK ? 0.12 : 1.0)), <, 0.05);
      cairo_surface_destroy (surface);
    }

  /* The two styles differ where it matters. */
  g_assert_false (isc_chart_style_get_default (ISC_CHART_THEME_DARK)->background.red ==
                  isc_chart_style_get_default (ISC_CHART_THEME_LIGHT)->background.red);
}

static void
test_hover (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 60, "baseten_replicas_active", "COUNT", "GAUGE", "[{}]", 1, half_gauge, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  const IscChartStyle *style = light ();
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  int step = isc_chart_get_step_at_x (chart, W, H, layout->step_x[12] + 1);
  int y_low = (int)isc_chart_layout_y_for_value (layout, 10);
  cairo_t *cr;

  g_assert_cmpint (step, ==, 12);
  g_assert_cmpint (isc_chart_get_step_at_x (chart, W, H, layout->plot.x - 5), ==, -1);

  /* Before: no cursor at step 40's column; after: a cursor there. */
  g_assert_false (test_color_near (surface, (int)layout->step_x[40], y_low, 0, &style->cursor, &style->background));
  cr = cairo_create (surface);
  isc_chart_draw_hover (chart, cr, W, H, 40);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_assert_true (test_color_near (surface, (int)layout->step_x[40], y_low, 1, &style->cursor, &style->background));
  cairo_surface_destroy (surface);

  /* The hover touches only its area, a small part of the chart. */
  {
    cairo_surface_t *before = test_render (chart, W, H, TRUE);
    cairo_surface_t *after = test_render (chart, W, H, TRUE);
    IscChartRect area;
    const guint8 *a, *b;
    int stride;
    guint n_changed = 0;

    g_assert_true (isc_chart_get_hover_area (chart, W, H, 40, &area));
    g_assert_cmpfloat (area.x, <=, layout->step_x[40]);
    g_assert_cmpfloat (area.x + area.width, >=, layout->step_x[40]);
    g_assert_cmpfloat (area.width * area.height, <, W * H / 3.0);
    g_assert_false (isc_chart_get_hover_area (chart, W, H, -1, &(IscChartRect) { 0 }));
    /* Its rows are the other charts' cursor line's (in whole pixels, as
     * GSK counts damage): a crosshair frame's damage stays one band of
     * rectangles per row of charts (GSK gives up past 30, docs/charts.md). */
    {
      IscChartRect line;
      gint64 ms = isc_chart_model_get_step_starts (isc_chart_get_model (chart))[40];

      g_assert_true (isc_chart_get_cursor_line (chart, W, H, ms, &line));
      g_assert_cmpfloat (area.y, ==, floor (line.y));
      g_assert_cmpfloat (area.y + area.height, ==, ceil (line.y + line.height));
    }

    cr = cairo_create (after);
    isc_chart_draw_hover (chart, cr, W, H, 40);
    cairo_destroy (cr);
    cairo_surface_flush (after);
    a = cairo_image_surface_get_data (before);
    b = cairo_image_surface_get_data (after);
    stride = cairo_image_surface_get_stride (before);
    for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
        if (memcmp (a + y * stride + x * 4, b + y * stride + x * 4, 4) != 0)
          {
            n_changed++;
            g_assert_true (x >= area.x && x < area.x + area.width &&
                           y >= area.y && y < area.y + area.height);
          }
    g_assert_cmpuint (n_changed, >, 100);
    cairo_surface_destroy (before);
    cairo_surface_destroy (after);
  }
}

/* The chart's enums are GTypes, so they can be properties: each value
 * with the nick a settings key or a command line would use. */
/* A chart laid out is not prepared for drawing until it is drawn (a page
 * lays out every chart and draws those in sight); a new layout is
 * prepared again, and a chart laid out twice draws the same pixels. */
static void
test_prepared_when_drawn (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 40, "baseten_end_to_end_response_time_seconds", "SECONDS", "HISTOGRAM",
                       "[{\"quantile\":\"0.99\"},{\"quantile\":\"0.5\"},{\"stat\":\"avg\"},{\"quantile\":\"0.9\"}]",
                       4, fan_values, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  IscChartAlignment wider = { 90, 0 };
  cairo_surface_t *first, *again;

  isc_chart_ensure_layout (chart, W, H);
  g_assert_false (chart->prepared);
  first = test_render (chart, W, H, TRUE);
  g_assert_true (chart->prepared);

  /* Another gutter: a new layout, prepared when drawn. */
  isc_chart_set_alignment (chart, &wider);
  isc_chart_ensure_layout (chart, W, H);
  g_assert_false (chart->prepared);
  isc_chart_set_alignment (chart, NULL);
  isc_chart_ensure_layout (chart, W, H);
  g_assert_false (chart->prepared);
  again = test_render (chart, W, H, TRUE);
  g_assert_true (chart->prepared);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (first), cairo_image_surface_get_data (again),
                           (size_t) cairo_image_surface_get_stride (first) * H), ==, 0);

  cairo_surface_destroy (first);
  cairo_surface_destroy (again);
}

static void
test_enum_types (void)
{
  g_autoptr(GEnumClass) themes = g_type_class_ref (ISC_TYPE_CHART_THEME);
  g_autoptr(GEnumClass) counters = g_type_class_ref (ISC_TYPE_COUNTER_DISPLAY);
  g_autoptr(GEnumClass) formats = g_type_class_ref (ISC_TYPE_CHART_FORMAT);
  g_autoptr(GParamSpec) pspec = NULL;

  g_assert_true (G_TYPE_IS_ENUM (ISC_TYPE_CHART_THEME));
  g_assert_cmpint (g_enum_get_value_by_nick (themes, "light")->value, ==, ISC_CHART_THEME_LIGHT);
  g_assert_cmpint (g_enum_get_value_by_nick (themes, "dark")->value, ==, ISC_CHART_THEME_DARK);
  g_assert_cmpint (g_enum_get_value_by_nick (counters, "totals")->value, ==, ISC_COUNTER_DISPLAY_TOTALS);
  g_assert_cmpint (g_enum_get_value_by_nick (formats, "pdf")->value, ==, ISC_CHART_FORMAT_PDF);
  g_assert_true (G_TYPE_IS_ENUM (ISC_TYPE_CHART_PLOT));
  g_assert_true (G_TYPE_IS_ENUM (ISC_TYPE_CHART_SERIES_ROLE));

  pspec = g_param_spec_ref_sink (g_param_spec_enum ("theme", NULL, NULL, ISC_TYPE_CHART_THEME,
                                                    ISC_CHART_THEME_LIGHT, G_PARAM_READWRITE));
  g_assert_cmpint (G_PARAM_SPEC_ENUM (pspec)->default_value, ==, ISC_CHART_THEME_LIGHT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/chart/gauge/pixels", test_gauge_pixels);
  g_test_add_func ("/isc/chart/counter/stacked", test_counter_stacked);
  g_test_add_func ("/isc/chart/counter/totals", test_counter_totals);
  g_test_add_func ("/isc/chart/counter/last-step", test_counter_last_step);
  g_test_add_func ("/isc/chart/histogram/fan", test_histogram_fan);
  g_test_add_func ("/isc/chart/other/labels", test_other_labels);
  g_test_add_func ("/isc/chart/gaps/lone-point", test_gaps_lone_point);
  g_test_add_func ("/isc/chart/gaps/all-null", test_all_null);
  g_test_add_func ("/isc/chart/single/bars", test_single_value_set);
  for (guint i = 0; i < G_N_ELEMENTS (axis_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/chart/axis/%s-%s-%g", axis_cases[i].unit_hint,
                                               axis_cases[i].kind, axis_cases[i].max);

      g_test_add_data_func (path, &axis_cases[i], test_axis_labels);
    }
  g_test_add_func ("/isc/chart/axis/time", test_time_axis);
  g_test_add_func ("/isc/chart/decimation/equivalence", test_decimation_equivalence);
  g_test_add_func ("/isc/chart/decimation/bounded", test_decimation_bounded);
  g_test_add_func ("/isc/chart/style/themes", test_themes);
  g_test_add_func ("/isc/chart/hover", test_hover);
  g_test_add_func ("/isc/chart/prepared-when-drawn", test_prepared_when_drawn);
  g_test_add_func ("/isc/chart/enum-types", test_enum_types);

  return g_test_run ();
}
