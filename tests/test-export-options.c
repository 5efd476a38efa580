/* test-export-options.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The display switches of `inferscope export`, --utc and --counters: the
 * options as the command parses them, and the charts it then draws.
 */

#include "config.h"

#include <string.h>
#include <time.h>

#include "isc-chart-model-private.h"
#include "isc-chart-private.h"
#include "isc-export-private.h"
#include "isc-chart.h"
#include "isc-test-util.h"

#define WIDTH  1200
#define HEIGHT 600

/* Parses "export ARGS… --format svg" as the command does. */
static gboolean
parse (IscExportOptions  *options,
       GError           **error,
       ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  g_ptr_array_add (argv, (gpointer)"export");
  g_ptr_array_add (argv, (gpointer)"--input");
  g_ptr_array_add (argv, (gpointer)"unused.json");
  va_start (ap, error);
  for (arg = va_arg (ap, const char *); arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  return _isc_export_parse_options (options, argv->len - 1, (char **)argv->pdata, error);
}

/* The chart of the response's COUNTER metric. */
static IscChart *
counter_chart (GPtrArray *charts)
{
  for (guint i = 0; i < charts->len; i++)
    {
      IscChart *chart = g_ptr_array_index (charts, i);

      if (isc_chart_model_get_kind (isc_chart_get_model (chart)) == ISC_METRIC_KIND_COUNTER)
        return chart;
    }
  g_assert_not_reached ();
}

static IscChart *
chart_named (GPtrArray  *charts,
             const char *name)
{
  for (guint i = 0; i < charts->len; i++)
    {
      IscChart *chart = g_ptr_array_index (charts, i);

      if (g_strcmp0 (isc_chart_model_get_name (isc_chart_get_model (chart)), name) == 0)
        return chart;
    }
  g_assert_not_reached ();
}

static void
test_counters (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-series.json");
  g_auto(IscExportOptions) rate_options = { 0 };
  g_auto(IscExportOptions) totals_options = { 0 };
  g_autoptr(GPtrArray) rate_charts = NULL;
  g_autoptr(GPtrArray) totals_charts = NULL;
  g_autoptr(GError) error = NULL;
  IscChartModel *rate, *totals;
  double rate_min, rate_max, totals_min, totals_max;

  /* No --counters: a rate, as in the window. */
  g_assert_true (parse (&rate_options, &error, "--format", "svg", NULL));
  g_assert_no_error (error);
  g_assert_cmpint (rate_options.counter_display, ==, ISC_COUNTER_DISPLAY_RATE);
  g_assert_true (parse (&totals_options, &error, "--format", "svg", "--counters", "totals", NULL));
  g_assert_no_error (error);
  g_assert_cmpint (totals_options.counter_display, ==, ISC_COUNTER_DISPLAY_TOTALS);

  rate_charts = _isc_export_image_create_charts (&rate_options, response);
  totals_charts = _isc_export_image_create_charts (&totals_options, response);
  /* Three metrics, the requests by status followed by their error rate. */
  g_assert_cmpuint (rate_charts->len, ==, 4);
  g_assert_cmpuint (totals_charts->len, ==, 4);
  rate = isc_chart_get_model (counter_chart (rate_charts));
  totals = isc_chart_get_model (counter_chart (totals_charts));

  /* The header says what the numbers are … */
  g_assert_cmpint (isc_chart_model_get_counter_display (rate), ==, ISC_COUNTER_DISPLAY_RATE);
  g_assert_cmpint (isc_chart_model_get_counter_display (totals), ==, ISC_COUNTER_DISPLAY_TOTALS);
  g_assert_cmpstr (isc_chart_model_get_unit_text (rate), ==, "per second");
  g_assert_cmpstr (isc_chart_model_get_unit_text (totals), ==, "total per step");

  /* … and the axis reaches 30 times as high: each step is 30 s. */
  g_assert_true (isc_chart_model_get_extent (rate, &rate_min, &rate_max));
  g_assert_true (isc_chart_model_get_extent (totals, &totals_min, &totals_max));
  g_assert_cmpfloat (rate_max, >, 0);
  g_assert_cmpfloat_with_epsilon (totals_max, rate_max * 30, rate_max * 1e-9);

  /* A gauge does not change. */
  g_assert_cmpstr (isc_chart_model_get_unit_text (isc_chart_get_model (chart_named (totals_charts, "baseten_replicas_active"))), ==,
                   isc_chart_model_get_unit_text (isc_chart_get_model (chart_named (rate_charts, "baseten_replicas_active"))));
  g_assert_cmpstr (isc_chart_model_get_unit_text (isc_chart_get_model (chart_named (totals_charts, "baseten_replicas_active"))), ==,
                   "count");
}

static void
test_utc (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-series.json");
  g_auto(IscExportOptions) local_options = { 0 };
  g_auto(IscExportOptions) utc_options = { 0 };
  g_autoptr(GPtrArray) local_charts = NULL;
  g_autoptr(GPtrArray) utc_charts = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) local_labels = NULL;
  g_auto(GStrv) utc_labels = NULL;

  g_assert_true (parse (&local_options, &error, "--format", "png", NULL));
  g_assert_no_error (error);
  g_assert_false (local_options.utc);
  g_assert_true (parse (&utc_options, &error, "--format", "png", "--utc", NULL));
  g_assert_no_error (error);
  g_assert_true (utc_options.utc);

  local_charts = _isc_export_image_create_charts (&local_options, response);
  utc_charts = _isc_export_image_create_charts (&utc_options, response);
  local_labels = isc_chart_dup_time_labels (g_ptr_array_index (local_charts, 0), WIDTH, HEIGHT);
  utc_labels = isc_chart_dup_time_labels (g_ptr_array_index (utc_charts, 0), WIDTH, HEIGHT);

  /* The hour from 2025-12-01 00:00 UTC reads 00:15, 00:30, … in UTC,
   * and 05:45, 06:00, … in India, where this test runs (main () sets TZ). */
  {
    g_autofree char *utc_text = g_strjoinv (" | ", utc_labels);
    g_autofree char *local_text = g_strjoinv (" | ", local_labels);

    g_test_message ("UTC: %s; local: %s", utc_text, local_text);
  }
  g_assert_true (g_strv_contains ((const char * const *)utc_labels, "00:30"));
  g_assert_false (g_strv_contains ((const char * const *)utc_labels, "05:45"));
  g_assert_true (g_strv_contains ((const char * const *)local_labels, "05:45"));
  g_assert_false (g_strv_contains ((const char * const *)local_labels, "00:30"));
}

typedef struct
{
  const char *name;
  const char *args[5];
  const char *mentions;
} BadUsage;

static const BadUsage bad_usages[] = {
  { "unknown", { "--format", "svg", "--counters", "perstep", NULL }, "perstep" },
  { "empty", { "--format", "png", "--counters", "", NULL }, "rate or totals" },
  { "csv", { "--format", "csv", "--counters", "totals", NULL }, "--counters" },
};

static void
test_bad_usage (gconstpointer data)
{
  const BadUsage *bad = data;
  g_auto(IscExportOptions) options = { 0 };
  g_autoptr(GError) error = NULL;

  /* Bad usage is a G_OPTION_ERROR (exit status 2) that names the value. */
  g_assert_false (parse (&options, &error, bad->args[0], bad->args[1], bad->args[2], bad->args[3], NULL));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, bad->mentions));
}

static void
test_csv_accepts_utc (void)
{
  g_auto(IscExportOptions) options = { 0 };
  g_autoptr(GError) error = NULL;

  /* CSV times are UTC already: a script may pass --utc to every format. */
  g_assert_true (parse (&options, &error, "--format", "csv", "--utc", NULL));
  g_assert_no_error (error);
  g_assert_cmpint (options.format, ==, ISC_EXPORT_FORMAT_CSV);
}

int
main (int   argc,
      char *argv[])
{
  /* A zone away from UTC, so local time and UTC read differently. */
  g_setenv ("TZ", "Asia/Kolkata", TRUE);
  tzset ();

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/export-options/counters", test_counters);
  g_test_add_func ("/isc/export-options/utc", test_utc);
  g_test_add_func ("/isc/export-options/csv-accepts-utc", test_csv_accepts_utc);
  for (guint i = 0; i < G_N_ELEMENTS (bad_usages); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/export-options/bad-usage/%s", bad_usages[i].name);

      g_test_add_data_func (path, &bad_usages[i], test_bad_usage);
    }

  return g_test_run ();
}
