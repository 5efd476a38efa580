/* test-export-annotations.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `inferscope export` draws the target's reference lines and rollout
 * markers in images, from discovery of the target it exports: the demo's
 * production environment has its autoscaling min and max on the replicas
 * chart and v8's promotion on every chart. A saved response and CSV ask
 * discovery nothing.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-chart-private.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-export-private.h"
#include "isc-test-util.h"

#define WIDTH  1200
#define HEIGHT 600

static gboolean
parse (IscExportOptions  *options,
       GError           **error,
       ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) "export");
  va_start (ap, error);
  for (arg = va_arg (ap, const char *); arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  return _isc_export_parse_options (options, argv->len - 1, (char **) argv->pdata, error);
}

static void
test_demo_environment (void)
{
  g_auto(IscExportOptions) options = { 0 };
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GPtrArray) charts = NULL;
  g_autoptr(GBytes) with = NULL;
  g_autoptr(GBytes) without = NULL;
  g_autoptr(GError) error = NULL;
  IscChartAnnotations *annotations;
  IscChart *replicas = NULL;
  const IscChartLayout *layout;
  double min, max;
  gboolean scheduled;

  /* 26 hours: the demo's promotion is the last one at least an hour
   * old of a fixed minute of the day, so for an hour each day it is
   * more than 24 hours old. */
  test_demo_schedule_settle ();
  scheduled = test_demo_schedule_applies ();
  g_assert_true (parse (&options, &error, "--demo", "--model", "demo-chat", "--environment", "production",
                        "--range", "26h", "--metrics", "baseten_replicas_active,baseten_gpu_utilization",
                        "--format", "png", NULL));
  g_assert_no_error (error);

  response = _isc_export_source_load_annotated (&options, &options.annotations, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (response);
  annotations = options.annotations;
  g_assert_nonnull (annotations);
  min = isc_chart_annotations_get_limit (annotations, ISC_CHART_LIMIT_MIN_REPLICAS);
  max = isc_chart_annotations_get_limit (annotations, ISC_CHART_LIMIT_MAX_REPLICAS);
  /* The demo's production: 2 … 10, and 4 … 16 while its afternoon
   * schedule applies (the settings in effect now). */
  g_assert_cmpfloat (min, ==, scheduled ? 4 : 2);
  g_assert_cmpfloat (max, ==, scheduled ? 16 : 10);

  /* The autoscaling change, an hour before the daily incident, is
   * within 26 hours too (its label may give way to a neighbour's on a
   * chart; the marker is there). */
  {
    const IscChartMarker *markers;
    guint n = 0, n_changed = 0;

    markers = isc_chart_annotations_get_markers (annotations, &n);
    for (guint k = 0; k < n; k++)
      if (g_strcmp0 (markers[k].label, "concurrency target 4 → 6") == 0)
        n_changed++;
    g_assert_cmpuint (n_changed, ==, 1);
  }

  charts = _isc_export_image_create_charts (&options, response);
  g_assert_cmpuint (charts->len, ==, 2);
  for (guint i = 0; i < charts->len; i++)
    {
      IscChart *chart = g_ptr_array_index (charts, i);
      guint n_promoted = 0;
      guint n_inferred = 0;

      if (g_strcmp0 (isc_chart_model_get_name (isc_chart_get_model (chart)), "baseten_replicas_active") == 0)
        replicas = chart;
      layout = isc_chart_ensure_layout (chart, WIDTH, HEIGHT);
      for (guint k = 0; k < layout->markers->len; k++)
        {
          const IscChartMarkerLine *line = &g_array_index (layout->markers, IscChartMarkerLine, k);

          const char *text = line->text.layout != NULL ? pango_layout_get_text (line->text.layout) : NULL;

          /* The audit log's promotion, at its time; none inferred. */
          if (g_strcmp0 (text, "v8 promoted to production") == 0)
            {
              g_assert_cmpfloat (line->x, ==, floor (isc_chart_layout_x_for_ms (layout, line->time_ms)) + 0.5);
              n_promoted++;
            }
          if (g_strcmp0 (text, "v8 promoted") == 0)
            n_inferred++;
        }
      g_assert_cmpuint (n_promoted, ==, 1);
      g_assert_cmpuint (n_inferred, ==, 0);
    }
  g_assert_nonnull (replicas);

  layout = isc_chart_ensure_layout (replicas, WIDTH, HEIGHT);
  g_assert_cmpuint (layout->references->len, ==, 2);
  for (guint k = 0; k < layout->references->len; k++)
    {
      const IscChartReferenceLine *line = &g_array_index (layout->references, IscChartReferenceLine, k);

      g_assert_true (line->value == min || line->value == max);
      if (!line->above)
        g_assert_cmpfloat (line->y, ==, round (isc_chart_layout_y_for_value (layout, line->value)) + 0.5);
    }

  /* The image differs from the same response drawn without them. */
  with = _isc_export_image_render (&options, response, &error);
  g_assert_no_error (error);
  g_clear_pointer (&options.annotations, isc_chart_annotations_unref);
  without = _isc_export_image_render (&options, response, &error);
  g_assert_no_error (error);
  g_assert_false (g_bytes_equal (with, without));
}

/* CSV has no use for them: nothing asked. */
static void
test_csv_asks_nothing (void)
{
  g_auto(IscExportOptions) options = { 0 };
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (parse (&options, &error, "--demo", "--model", "demo-chat", "--deployment", "demo-chat-d8",
                        "--metrics", "baseten_replicas_active", "--format", "csv", NULL));
  g_assert_no_error (error);
  response = _isc_export_source_load (&options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (response);
  g_assert_null (options.annotations);
}

/* A deployment: its own autoscaling limits. */
static void
test_deployment (void)
{
  g_auto(IscExportOptions) options = { 0 };
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;
  gboolean scheduled;

  test_demo_schedule_settle ();
  scheduled = test_demo_schedule_applies ();
  g_assert_true (parse (&options, &error, "--demo", "--model", "demo-chat", "--deployment", "demo-chat-d8",
                        "--metrics", "baseten_replicas_active", "--format", "png", NULL));
  g_assert_no_error (error);
  response = _isc_export_source_load_annotated (&options, &options.annotations, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (response);
  /* d8 is listed: its creation and autoscaling come along (the settings
   * in effect: its environment's afternoon schedule's while it applies). */
  g_assert_nonnull (options.annotations);
  g_assert_cmpfloat (isc_chart_annotations_get_limit (options.annotations, ISC_CHART_LIMIT_MAX_REPLICAS), ==,
                     scheduled ? 16 : 10);
}

/* A key that may not read the audit log: the promotion the metrics
 * reveal stands in, and the export goes on. */
static void
test_audit_log_forbidden (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_auto(IscExportOptions) options = { 0 };
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GPtrArray) charts = NULL;
  g_autoptr(GError) error = NULL;
  const IscChartLayout *layout;
  guint n_inferred = 0, n_audit = 0;

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  g_setenv ("BASETEN_API_KEY", ISC_DEMO_MEMBER_KEY, TRUE);

  g_assert_true (parse (&options, &error, "--base-url", isc_demo_server_get_base_url (server),
                        "--model", "demo-chat", "--environment", "production",
                        "--range", "26h", "--metrics", "baseten_replicas_active", "--format", "png", NULL));
  g_assert_no_error (error);
  response = _isc_export_source_load_annotated (&options, &options.annotations, NULL, &error);
  g_unsetenv ("BASETEN_API_KEY");
  g_assert_no_error (error);
  g_assert_nonnull (response);
  g_assert_nonnull (options.annotations);

  charts = _isc_export_image_create_charts (&options, response);
  g_assert_cmpuint (charts->len, ==, 1);
  layout = isc_chart_ensure_layout (g_ptr_array_index (charts, 0), WIDTH, HEIGHT);
  for (guint k = 0; k < layout->markers->len; k++)
    {
      const IscChartMarkerLine *line = &g_array_index (layout->markers, IscChartMarkerLine, k);
      const char *text = line->text.layout != NULL ? pango_layout_get_text (line->text.layout) : NULL;

      if (g_strcmp0 (text, "v8 promoted") == 0)
        n_inferred++;
      if (g_strcmp0 (text, "v8 promoted to production") == 0)
        n_audit++;
    }
  g_assert_cmpuint (n_inferred, ==, 1);
  g_assert_cmpuint (n_audit, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/export-annotations/demo-environment", test_demo_environment);
  g_test_add_func ("/isc/export-annotations/csv-asks-nothing", test_csv_asks_nothing);
  g_test_add_func ("/isc/export-annotations/deployment", test_deployment);
  g_test_add_func ("/isc/export-annotations/audit-log-forbidden", test_audit_log_forbidden);

  return g_test_run ();
}
