/* test-chart-text.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a chart says in words (issue 9, points 4 and 7): the header's unit,
 * the value axis, the legend and the tooltip name one unit; no value that
 * is not zero reads as zero; at 360 px every legend item and the header
 * fit their width and the time axis keeps at least two labels.
 */

#include "config.h"

#include <string.h>

#include "isc-catalogue.h"
#include "isc-chart-private.h"
#include "isc-demo-fleet-private.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-ids.h"
#include "test-chart-fixtures.h"

#define W 1200
#define H 400
#define NARROW_W 330
#define NARROW_H 300

static char *
header_text (IscChart *chart,
             int       width,
             int       height)
{
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, width, height);

  g_assert_nonnull (layout->subtitle.layout);
  return g_strdup (pango_layout_get_text (layout->subtitle.layout));
}

/* The text of each value in a legend item: what follows "min ", "mean ",
 * "max " and "last " up to " · " or the end. */
static GStrv
legend_values (const char *item)
{
  static const char *const names[] = { "min ", "mean ", "max ", "last " };
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const char *p = strstr (item, names[i]);
      const char *end;

      if (p == NULL)
        continue;
      p += strlen (names[i]);
      end = strstr (p, " · ");
      {
        g_autofree char *value = end != NULL ? g_strndup (p, end - p) : g_strdup (p);

        g_strv_builder_add (builder, value);
      }
    }
  return g_strv_builder_end (builder);
}

/* The text after name ("min ", "mean ", "max ", "last ") in a legend
 * item, up to " · " or the end; NULL when the item has none. */
static char *
legend_value (const char *item,
              const char *name)
{
  const char *p = strstr (item, name);
  const char *end;

  if (p == NULL)
    return NULL;
  p += strlen (name);
  end = strstr (p, " · ");
  return end != NULL ? g_strndup (p, end - p) : g_strdup (p);
}

static gboolean
reads_as_zero (const char *text)
{
  gboolean any = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p >= '1' && *p <= '9')
        return FALSE;
      any = any || *p == '0';
    }
  return any;
}

/* Every legend value of the chart that is not zero says so. */
static void
assert_no_false_zero (IscChart *chart,
                      int       width,
                      int       height)
{
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, width, height);
  IscChartModel *model = isc_chart_get_model (chart);

  for (guint i = 0; i < layout->legend->len; i++)
    {
      const IscChartLegendItem *item = &g_array_index (layout->legend, IscChartLegendItem, i);
      const IscChartSeries *cs = isc_chart_model_get_series (model, item->series);
      const char *text = pango_layout_get_text (item->text.layout);
      const char *names[] = { "min ", "mean ", "max ", "last " };
      double stats[] = { cs->min, cs->mean, cs->max, cs->last };

      for (guint v = 0; v < G_N_ELEMENTS (names); v++)
        {
          g_autofree char *value = legend_value (text, names[v]);

          if (value != NULL && stats[v] != 0 && reads_as_zero (value))
            g_error ("“%s” reads %s for %g (%s)", text, value, stats[v], isc_chart_model_get_title (model));
        }
    }
}

/* Every legend value and tooltip value ends in suffix, and none names
 * another unit. */
static void
assert_values_in (IscChart   *chart,
                  const char *suffix,
                  const char *not_unit)
{
  g_auto(GStrv) legend = isc_chart_dup_legend_texts (chart, W, H);
  g_autofree char *hover = isc_chart_dup_hover_text (chart, W, H, 5);
  g_auto(GStrv) lines = NULL;

  g_assert_cmpuint (g_strv_length (legend), >, 0);
  for (guint i = 0; legend[i] != NULL; i++)
    {
      g_auto(GStrv) values = legend_values (legend[i]);

      g_assert_cmpuint (g_strv_length (values), >, 0);
      for (guint v = 0; values[v] != NULL; v++)
        {
          if (!g_str_has_suffix (values[v], suffix))
            g_error ("legend value “%s” in “%s” does not end in “%s”", values[v], legend[i], suffix);
          if (not_unit != NULL)
            g_assert_null (strstr (values[v], not_unit));
        }
    }

  g_assert_nonnull (hover);
  lines = g_strsplit (hover, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >=, 2);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      /* A 4xx or 5xx layer's value is followed by its share: "  2 %". */
      char *share = g_strrstr (lines[i], "  ");

      if (share != NULL && g_str_has_suffix (share, "%") && share > strstr (lines[i], "  "))
        *share = '\0';
      if (!g_str_has_suffix (lines[i], suffix))
        g_error ("tooltip line “%s” does not end in “%s”", lines[i], suffix);
      if (not_unit != NULL)
        g_assert_null (strstr (lines[i], not_unit));
    }
}

static double
gpu_percent (guint series, guint step, gpointer data)
{
  return 20.0 + (step % 7) * 6.0;   /* 20 … 56, sent as 0–100 */
}

static void
test_gpu_percent (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 40, "baseten_gpu_utilization", "RATIO", "GAUGE", "[{}]", 1, gpu_percent, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_autofree char *header = header_text (chart, W, H);
  g_auto(GStrv) labels = isc_chart_dup_value_labels (chart, W, H);

  g_assert_true (g_str_has_prefix (header, "percent · "));
  g_assert_null (strstr (header, "ratio"));
  for (guint i = 0; labels[i] != NULL; i++)
    g_assert_true (g_str_has_suffix (labels[i], "\u00a0%"));
  assert_values_in (chart, "\u00a0%", NULL);
}

/* p50 near 1.8 s, p99 with one cold start of 100 s: the axis stays in
 * seconds ("0 s … 120 s"), so must the legend and the tooltip. */
static double
latency (guint series, guint step, gpointer data)
{
  if (series == 1 && step == 20)
    return 100.0;
  return series == 0 ? 1.8 + (step % 3) * 0.1 : 4.0 + (step % 5) * 0.2;
}

static void
test_latency_seconds (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 40, "baseten_end_to_end_response_time_seconds", "SECONDS", "HISTOGRAM",
                       "[{\"quantile\":\"0.5\"},{\"quantile\":\"0.99\"}]", 2, latency, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_autofree char *header = header_text (chart, W, H);
  g_auto(GStrv) labels = isc_chart_dup_value_labels (chart, W, H);

  g_assert_true (g_str_has_prefix (header, "seconds · "));
  for (guint i = 0; labels[i] != NULL; i++)
    g_assert_true (g_str_has_suffix (labels[i], "\u00a0s"));
  assert_values_in (chart, "\u00a0s", "min");
  assert_no_false_zero (chart, W, H);
}

/* Output tokens at 630/s, then 1500/s. */
static double
token_totals (guint series, guint step, gpointer data)
{
  return 30.0 * (step < 10 ? 630.0 : 1500.0);
}

static void
test_token_rates (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 20, "baseten_llm_output_tokens_total", "COUNT", "COUNTER", "[{}]", 1,
                       token_totals, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_autofree char *header = header_text (chart, W, H);
  g_auto(GStrv) legend = isc_chart_dup_legend_texts (chart, W, H);
  g_autofree char *hover = isc_chart_dup_hover_text (chart, W, H, 5);
  g_autofree char *later = isc_chart_dup_hover_text (chart, W, H, 15);

  g_assert_true (g_str_has_prefix (header, "per second · "));
  g_assert_nonnull (strstr (legend[0], "min 630/s"));
  g_assert_nonnull (strstr (legend[0], "max 1.50k/s"));
  g_assert_null (strstr (legend[0], "0.63k/s"));
  g_assert_true (g_str_has_suffix (hover, " 630/s"));
  g_assert_true (g_str_has_suffix (later, " 1.50k/s"));
  assert_values_in (chart, "/s", NULL);
}

/* One restart in 240 steps: a mean of 0.004 restarts a step. */
static double
one_restart (guint series, guint step, gpointer data)
{
  return step == 100 ? 1.0 : 0.0;
}

static void
test_restarts (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 240, "baseten_container_restarts_total", "COUNT", "COUNTER", "[{}]", 1,
                       one_restart, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_autofree char *header = header_text (chart, W, H);
  g_auto(GStrv) legend = isc_chart_dup_legend_texts (chart, W, H);
  g_autofree char *at = isc_chart_dup_hover_text (chart, W, H, 100);
  g_autofree char *before = isc_chart_dup_hover_text (chart, W, H, 99);

  g_assert_true (g_str_has_prefix (header, "per step · "));
  g_assert_nonnull (strstr (legend[0], "max 1 "));
  g_assert_nonnull (strstr (legend[0], "mean 0.0042 "));
  g_assert_null (strstr (legend[0], "/s"));
  g_assert_true (g_str_has_suffix (at, " 1 restart"));
  g_assert_true (g_str_has_suffix (before, " 0 restarts"));
  assert_no_false_zero (chart, W, H);
}

static double
status_totals (guint series, guint step, gpointer data)
{
  return series == 0 ? 1500.0 : (step == 7 ? 3.0 : 0.0);
}

/* Totals: the axis, the legend and the tooltip say "per 30 s". */
static void
test_totals_unit (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 20, "baseten_inference_requests_total", "COUNT", "COUNTER",
                       "[{\"status\":\"2xx\"},{\"status\":\"5xx\"}]", 2, status_totals, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_TOTALS, ISC_CHART_THEME_LIGHT);
  g_autofree char *header = header_text (chart, W, H);
  g_auto(GStrv) labels = isc_chart_dup_value_labels (chart, W, H);

  g_assert_true (g_str_has_prefix (header, "total per step · step 30\u00a0s"));
  g_assert_cmpuint (g_strv_length (labels), >=, 3);
  for (guint i = 0; labels[i] != NULL; i++)
    if (!g_str_has_suffix (labels[i], "/30\u00a0s"))
      g_error ("axis label “%s” has no unit", labels[i]);
  assert_values_in (chart, "/30\u00a0s", "/s/");
  assert_no_false_zero (chart, W, H);
}

/* The zero-heavy stack: 1 error in 60 steps of 300 must not read 0.0/s. */
static void
test_rare_errors_not_zero (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "zero-heavy-status-series.json", NULL);
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(IscChart) chart = NULL;

  g_assert_true (g_file_get_contents (path, &data, &length, &error));
  response = isc_metrics_response_new_from_data (data, length, &error);
  g_assert_no_error (error);
  chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  assert_no_false_zero (chart, W, H);
  assert_no_false_zero (chart, NARROW_W, NARROW_H);
}

static IscMetricsResponse *
demo_response (const char *range)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  const IscDemoEnvironment *env = _isc_demo_fleet_lookup_environment (model, ISC_DEMO_ENVIRONMENT_PRODUCTION);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  IscDemoMetricsRequest request = { 0 };
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;
  const IscCatalogueEntry *entries;
  guint n_entries = 0;
  gint64 span = g_str_equal (range, "7d") ? 7 * 24 * 3600 * G_GINT64_CONSTANT (1000) : 24 * 3600 * G_GINT64_CONSTANT (1000);

  g_assert_nonnull (env);
  entries = isc_catalogue_get_entries (&n_entries);
  for (guint i = 0; i < n_entries; i++)
    g_ptr_array_add (names, (gpointer) entries[i].name);

  request.mode = ISC_MODE_SERIES;
  request.now_ms = TEST_START_MS + 12 * 3600 * G_GINT64_CONSTANT (1000);
  request.end_ms = request.now_ms;
  request.start_ms = request.now_ms - span;
  request.metrics = names;
  body = _isc_demo_generator_build (1, NULL, env, &request);
  response = isc_metrics_response_new_from_data (g_bytes_get_data (body, NULL), g_bytes_get_size (body), &error);
  g_assert_no_error (error);
  return response;
}

/* Every chart of demo-chat's production, 24 h and 7 d, wide and at
 * 360 px: header and legend within the width, no value read as zero,
 * two time labels at least. */
static void
test_demo_charts (gconstpointer data)
{
  const char *range = data;
  g_autoptr(IscMetricsResponse) response = demo_response (range);
  guint n_metrics = isc_metrics_response_get_n_metrics (response);

  g_assert_cmpuint (n_metrics, >=, 20);
  for (guint m = 0; m < n_metrics; m++)
    for (guint narrow = 0; narrow < 2; narrow++)
      {
        g_autoptr(IscChartModel) model = isc_chart_model_new (response, m, ISC_COUNTER_DISPLAY_RATE);
        g_autoptr(IscChart) chart = isc_chart_new (model);
        g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
        int width = narrow ? NARROW_W : W;
        int height = narrow ? NARROW_H : H;
        const IscChartLayout *layout;
        const IscChartStyle *style;
        double right;
        g_auto(GStrv) times = NULL;
        int w, h;

        isc_chart_set_time_zone (chart, utc);
        layout = isc_chart_ensure_layout (chart, width, height);
        style = isc_chart_get_style (chart);
        right = width - style->padding + 0.5;

        pango_layout_get_pixel_size (layout->title.layout, &w, &h);
        if (layout->title.x + w > right)
          g_error ("%s at %d px: the title ends at %g", isc_chart_model_get_title (model), width, layout->title.x + w);
        if (layout->subtitle.layout != NULL)
          {
            pango_layout_get_pixel_size (layout->subtitle.layout, &w, &h);
            if (layout->subtitle.x + w > right)
              g_error ("%s at %d px: “%s” ends at %g", isc_chart_model_get_title (model), width,
                       pango_layout_get_text (layout->subtitle.layout), layout->subtitle.x + w);
          }
        for (guint i = 0; i < layout->legend->len; i++)
          {
            const IscChartLegendItem *item = &g_array_index (layout->legend, IscChartLegendItem, i);
            const char *text = pango_layout_get_text (item->text.layout);

            pango_layout_get_pixel_size (item->text.layout, &w, &h);
            if (item->text.x + w > right)
              g_error ("%s at %d px: “%s” ends at %g", isc_chart_model_get_title (model), width, text,
                       item->text.x + w);
            /* The last value is always there. */
            if (strstr (text, "no data") == NULL)
              g_assert_nonnull (strstr (text, "last "));
          }
        assert_no_false_zero (chart, width, height);

        times = isc_chart_dup_time_labels (chart, width, height);
        if (!isc_chart_model_is_empty (model) && g_strv_length (times) < 2)
          g_error ("%s at %d px over %s: %u time labels", isc_chart_model_get_title (model), width, range,
                   g_strv_length (times));
        for (guint i = 0; i < layout->time_tick_items->len; i++)
          {
            const IscChartTick *tick = &g_array_index (layout->time_tick_items, IscChartTick, i);

            if (tick->text.layout == NULL)
              continue;
            pango_layout_get_pixel_size (tick->text.layout, &w, &h);
            g_assert_cmpfloat (tick->text.x + w, <=, right);
          }
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/chart-text/gpu-percent", test_gpu_percent);
  g_test_add_func ("/isc/chart-text/latency-seconds", test_latency_seconds);
  g_test_add_func ("/isc/chart-text/token-rates", test_token_rates);
  g_test_add_func ("/isc/chart-text/restarts", test_restarts);
  g_test_add_func ("/isc/chart-text/totals-unit", test_totals_unit);
  g_test_add_func ("/isc/chart-text/rare-errors-not-zero", test_rare_errors_not_zero);
  g_test_add_data_func ("/isc/chart-text/demo/24h", "24h", test_demo_charts);
  g_test_add_data_func ("/isc/chart-text/demo/7d", "7d", test_demo_charts);

  return g_test_run ();
}
