/* test-chart-details.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The details a person reads off a chart: what the header says about the
 * unit and the clock, where the time labels sit, and how a GPU utilization
 * sent as 0–100 reads.
 */

#include "config.h"

#include <string.h>

#include "isc-catalogue.h"
#include "isc-chart-model-private.h"
#include "isc-chart-private.h"
#include "isc-chart.h"
#include "isc-csv.h"
#include "test-chart-fixtures.h"

#define W 640
#define H 360

static const char *
header_text (IscChart *chart)
{
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);

  g_assert_nonnull (layout->subtitle.layout);
  return pango_layout_get_text (layout->subtitle.layout);
}

static double
flat_two (guint series, guint step, gpointer data)
{
  return 2.0;
}

/* --- UTC in the header --------------------------------------------------- */

static void
test_header_utc (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 20, "baseten_replicas_active", "COUNT", "GAUGE", "[{}]", 1, flat_two, NULL);
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChart) chart = isc_chart_new (model);
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GTimeZone) paris = g_time_zone_new_identifier ("Europe/Paris");

  /* Local time (the tests' local zone is UTC, and still it is local time,
   * so the header does not claim UTC). */
  g_assert_cmpstr (header_text (chart), ==, "count · step 30\u00a0s");

  isc_chart_set_time_zone (chart, utc);
  g_assert_cmpstr (header_text (chart), ==, "count · step 30\u00a0s · UTC");

  /* Another zone is not UTC. */
  g_assert_nonnull (paris);
  isc_chart_set_time_zone (chart, paris);
  g_assert_null (strstr (header_text (chart), "UTC"));

  isc_chart_set_time_zone (chart, NULL);
  g_assert_null (strstr (header_text (chart), "UTC"));

  /* A summary draws bars, with no time axis for UTC to qualify. */
  {
    g_autoptr(IscMetricsResponse) summary =
      test_response_new ("SUMMARY", 30, 1, "baseten_replicas_active", "COUNT", "GAUGE", "[{}]", 1, flat_two, NULL);
    g_autoptr(IscChart) bars = test_chart_new (summary, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);

    g_assert_cmpint (isc_chart_model_get_plot (isc_chart_get_model (bars)), ==, ISC_CHART_PLOT_BARS);
    g_assert_cmpstr (header_text (bars), ==, "count");
  }
}

/* --- Time labels inside the chart ---------------------------------------- */

static void
assert_time_labels_inside (IscChart *chart,
                           int       width,
                           gboolean *saw_dropped)
{
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, width, H);
  const IscChartStyle *style = isc_chart_get_style (chart);
  double prev_right = -G_MAXDOUBLE;
  guint n_shown = 0;
  const IscChartTick *last_tick;

  g_assert_cmpuint (layout->time_tick_items->len, >=, 2);
  /* The case under test: the axis' last tick is at the plot's right edge. */
  last_tick = &g_array_index (layout->time_tick_items, IscChartTick, layout->time_tick_items->len - 1);
  g_assert_cmpfloat (fabs (last_tick->pos - (layout->plot.x + layout->plot.width)), <=, 1.0);

  for (guint i = 0; i < layout->time_tick_items->len; i++)
    {
      const IscChartTick *tick = &g_array_index (layout->time_tick_items, IscChartTick, i);
      int w = 0, h = 0;

      if (tick->text.layout == NULL)
        {
          *saw_dropped = TRUE;
          continue;
        }
      pango_layout_get_pixel_size (tick->text.layout, &w, &h);
      g_test_message ("width %d: “%s” at %.1f … %.1f", width,
                      pango_layout_get_text (tick->text.layout), tick->text.x, tick->text.x + w);

      /* Within the chart's margins, where the title and legend end too. */
      g_assert_cmpfloat (tick->text.x, >=, style->padding);
      g_assert_cmpfloat (tick->text.x + w, <=, width - style->padding);
      g_assert_cmpfloat (tick->text.x + w, <=, width);
      /* No two labels touch. */
      g_assert_cmpfloat (tick->text.x, >=, prev_right + style->spacing);
      prev_right = tick->text.x + w;
      n_shown++;
    }
  g_assert_cmpuint (n_shown, >=, 2);
}

static void
test_time_labels_inside (void)
{
  /* A day from midnight UTC to midnight: the last tick, "Tue 2 Dec", sits
   * on the right edge and the first, with its date, on the left. */
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 300, 288, "baseten_replicas_active", "COUNT", "GAUGE", "[{}]", 1, flat_two, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  static const int widths[] = { 1200, 900, 640, 500, 400, 330, 260, 220, 200, 180, 160 };
  gboolean saw_dropped = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      g_auto(GStrv) labels = NULL;

      assert_time_labels_inside (chart, widths[i], &saw_dropped);

      /* The day the axis ends on is kept: a label without a date gives way. */
      labels = isc_chart_dup_time_labels (chart, widths[i], H);
      g_assert_cmpstr (labels[g_strv_length (labels) - 1], ==, "Tue 2 Dec");
      g_assert_cmpstr (labels[0], ==, "Mon 1 Dec");
    }
  /* Some width was narrow enough to need a label dropped; its tick stayed. */
  g_assert_true (saw_dropped);
}

/* --- "cores" for CPU usage ------------------------------------------------ */

static double
cpu_cores (guint series, guint step, gpointer data)
{
  return *(double *)data * step / 19.0;
}

static void
test_header_cores (void)
{
  double cores = 3.2;
  double fraction = 0.8;
  g_autoptr(IscMetricsResponse) many =
    test_response_new ("SERIES", 30, 20, "baseten_container_cpu_usage_seconds_total", "RATIO", "GAUGE", "[{}]", 1,
                       cpu_cores, &cores);
  g_autoptr(IscMetricsResponse) part =
    test_response_new ("SERIES", 30, 20, "baseten_container_cpu_usage_seconds_total", "RATIO", "GAUGE", "[{}]", 1,
                       cpu_cores, &fraction);
  g_autoptr(IscMetricsResponse) unknown =
    test_response_new ("SERIES", 30, 20, "some_ratio", "RATIO", "GAUGE", "[{}]", 1, cpu_cores, &cores);
  g_autoptr(IscChart) chart = NULL;
  const IscCatalogueEntry *entry = isc_catalogue_lookup ("baseten_container_cpu_usage_seconds_total");

  g_assert_nonnull (entry);
  g_assert_cmpstr (entry->unit_label, ==, "cores");
  g_assert_cmpstr (isc_catalogue_get_unit_label ("baseten_container_cpu_usage_seconds_total"), ==, "cores");
  g_assert_null (isc_catalogue_get_unit_label ("baseten_gpu_utilization"));
  g_assert_null (isc_catalogue_get_unit_label ("some_ratio"));

  /* 3.2 means 3.2 cores: a plain axis, and the header says what it counts. */
  chart = test_chart_new (many, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_assert_false (isc_chart_get_value_format (chart, W, H)->percent);
  g_assert_cmpstr (header_text (chart), ==, "cores · step 30\u00a0s · UTC");
  g_clear_object (&chart);

  /* Within one core the axis reads percent, and the header says so
   * (issue 9: not "ratio" over a % axis). */
  chart = test_chart_new (part, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_assert_true (isc_chart_get_value_format (chart, W, H)->percent);
  g_assert_true (g_str_has_prefix (header_text (chart), "percent · "));
  g_clear_object (&chart);

  /* A ratio the catalogue does not know keeps the neutral word. */
  chart = test_chart_new (unknown, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_assert_false (isc_chart_get_value_format (chart, W, H)->percent);
  g_assert_true (g_str_has_prefix (header_text (chart), "ratio · "));
}

/* --- GPU utilization sent as 0–100 ---------------------------------------- */

/* 0 to 100, the way the Prometheus export documents it; a null on the way. */
static double
gpu_percent (guint series, guint step, gpointer data)
{
  if (step == 7)
    return NAN;
  return 100.0 * step / 19.0;
}

/* 0 to 0.62: a true ratio. */
static double
gpu_ratio (guint series, guint step, gpointer data)
{
  return 0.62 * step / 19.0;
}

static void
test_gpu_percent (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 20, "baseten_gpu_utilization", "RATIO", "GAUGE", "[{}]", 1, gpu_percent, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  IscChartModel *model = isc_chart_get_model (chart);
  const IscChartSeries *cs = isc_chart_model_get_series (model, 0);
  g_auto(GStrv) labels = isc_chart_dup_value_labels (chart, W, H);
  g_auto(GStrv) legend = isc_chart_dup_legend_texts (chart, W, H);
  const IscValueFormat *format = isc_chart_get_value_format (chart, W, H);
  g_autoptr(GBytes) csv = NULL;
  g_autofree char *csv_text = NULL;
  const double *raw;
  guint n_raw = 0;

  g_assert_true (isc_chart_model_get_from_percent (model));
  /* The axis runs 0 % … 100 %, not 0 … 10,000 % nor a plain 0 … 100. */
  g_assert_true (format->percent);
  g_assert_cmpstr (labels[0], ==, "0\u00a0%");
  g_assert_cmpstr (labels[g_strv_length (labels) - 1], ==, "100\u00a0%");
  g_assert_cmpfloat_with_epsilon (cs->max, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (cs->last, 1.0, 1e-12);
  g_assert_true (isnan (cs->values[7]));
  g_assert_nonnull (strstr (legend[0], "max 100\u00a0%"));

  /* The response, and so the CSV, keep the values as they came. */
  raw = isc_series_get_values (isc_metric_get_series (isc_metrics_response_get_metric (response, 0), 0), &n_raw);
  g_assert_cmpuint (n_raw, ==, 20);
  g_assert_cmpfloat (raw[19], ==, 100.0);
  csv = isc_csv_from_response (response);
  csv_text = g_strndup (g_bytes_get_data (csv, NULL), g_bytes_get_size (csv));
  g_assert_nonnull (strstr (csv_text, ",100\r\n"));
  g_assert_null (strstr (csv_text, ",1\r\n"));
}

static double
gpu_mixed (guint series, guint step, gpointer data)
{
  /* One label set all within [0, 1], the other past it. */
  return series == 0 ? 0.5 : 40.0 + step;
}

static void
test_gpu_percent_rule (void)
{
  g_autoptr(IscMetricsResponse) ratio =
    test_response_new ("SERIES", 30, 20, "baseten_gpu_utilization", "RATIO", "GAUGE", "[{}]", 1, gpu_ratio, NULL);
  g_autoptr(IscMetricsResponse) mixed =
    test_response_new ("SERIES", 30, 20, "baseten_gpu_utilization", "RATIO", "GAUGE",
                       "[{\"gpu\":\"0\"},{\"gpu\":\"1\"}]", 2, gpu_mixed, NULL);
  g_autoptr(IscMetricsResponse) other =
    test_response_new ("SERIES", 30, 20, "baseten_llm_kv_cache_hit_rate", "RATIO", "GAUGE", "[{}]", 1, gpu_percent, NULL);
  g_autoptr(IscChart) chart = NULL;
  g_auto(GStrv) labels = NULL;

  /* Within [0, 1]: a ratio as it says, 62 % at most. */
  chart = test_chart_new (ratio, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_assert_false (isc_chart_model_get_from_percent (isc_chart_get_model (chart)));
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_series (isc_chart_get_model (chart), 0)->max, 0.62, 1e-12);
  g_assert_true (isc_chart_get_value_format (chart, W, H)->percent);
  g_clear_object (&chart);

  /* Per metric: one series past 1 makes every series of the chart percent,
   * so both share one scale (0.5 is half of one percent). */
  chart = test_chart_new (mixed, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_assert_true (isc_chart_model_get_from_percent (isc_chart_get_model (chart)));
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_series (isc_chart_get_model (chart), 0)->max, 0.005, 1e-12);
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_series (isc_chart_get_model (chart), 1)->max, 0.59, 1e-12);
  g_assert_true (isc_chart_get_value_format (chart, W, H)->percent);
  g_clear_object (&chart);

  /* The rule is GPU utilization's alone: another ratio past 1 is a plain
   * multiplier (DESIGN.md), never divided. */
  chart = test_chart_new (other, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_assert_false (isc_chart_model_get_from_percent (isc_chart_get_model (chart)));
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_series (isc_chart_get_model (chart), 0)->max, 100.0, 1e-12);
  g_assert_false (isc_chart_get_value_format (chart, W, H)->percent);
  labels = isc_chart_dup_value_labels (chart, W, H);
  g_assert_false (g_str_has_suffix (labels[g_strv_length (labels) - 1], "%"));
}

/* A ratio that reaches exactly 1 still reads as percent: the headroom above
 * the data stops at 100 %. */
static double
full_ratio (guint series, guint step, gpointer data)
{
  return step == 10 ? 1.0 : 0.5;
}

static void
test_ratio_at_one (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 20, "baseten_llm_kv_cache_hit_rate", "RATIO", "GAUGE", "[{}]", 1, full_ratio, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_auto(GStrv) labels = isc_chart_dup_value_labels (chart, W, H);

  g_assert_true (isc_chart_get_value_format (chart, W, H)->percent);
  g_assert_cmpstr (labels[g_strv_length (labels) - 1], ==, "100\u00a0%");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/chart-details/header/utc", test_header_utc);
  g_test_add_func ("/isc/chart-details/header/cores", test_header_cores);
  g_test_add_func ("/isc/chart-details/time-labels/inside", test_time_labels_inside);
  g_test_add_func ("/isc/chart-details/gpu/percent", test_gpu_percent);
  g_test_add_func ("/isc/chart-details/gpu/percent-rule", test_gpu_percent_rule);
  g_test_add_func ("/isc/chart-details/ratio/at-one", test_ratio_at_one);

  return g_test_run ();
}
