/* bench-model-apis.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How long a Model APIs chart of a day at one-minute buckets takes to draw
 * (1,440 buckets × 4 series: the demo's two models × two API keys, the
 * uncached input tokens), against a Charts page chart of the same size (a
 * counter of requests by status, 1,440 steps × 4 series, drawn as the
 * Charts page draws it). Each from the decoded answer: converting the
 * usage to the chart's response (Model APIs only), building the model,
 * laying it out and drawing it at 1600×900 into an image; the medians of
 * N runs, wall time. The Model APIs chart should cost no more than the
 * Charts page's.
 *
 *   bench-model-apis [RUNS]
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "isc-chart.h"
#include "isc-demo-server.h"
#include "isc-model-api-chart.h"
#include "isc-usage-client.h"

#define DAY_MS G_GINT64_CONSTANT (86400000)
#define WIDTH 1600
#define HEIGHT 900

static void
on_usage (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  IscModelApiUsage **usage = user_data;
  g_autoptr(GError) error = NULL;

  *usage = isc_client_fetch_model_api_usage_finish (ISC_CLIENT (source), result, &error);
  if (*usage == NULL)
    g_error ("usage: %s", error->message);
}

static IscMetricsResponse *
charts_page_response (gint64 start_ms)
{
  static const char * const statuses[] = { "2xx", "3xx", "4xx", "5xx" };
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;

  g_string_append_printf (json, "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT
                          ",\"mode\":\"SERIES\",\"step_seconds\":60,\"metric_descriptors\":[{\"name\":"
                          "\"baseten_inference_requests_total\",\"unit_hint\":\"COUNT\",\"kind\":\"COUNTER\","
                          "\"label_sets\":[", start_ms, start_ms + DAY_MS);
  for (guint s = 0; s < 4; s++)
    g_string_append_printf (json, "%s{\"status\":\"%s\"}", s > 0 ? "," : "", statuses[s]);
  g_string_append (json, "]}],\"metric_values\":[");
  for (guint i = 0; i < 1440; i++)
    g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[[%u,%u,%u,%u]]}",
                            i > 0 ? "," : "", start_ms + (gint64) i * 60000,
                            3000 + (i * 37) % 900, (i * 13) % 40, (i * 7) % 90, (i % 97 == 0) ? 12 : 0);
  g_string_append (json, "]}");
  response = isc_metrics_response_new_from_data (json->str, json->len, &error);
  if (response == NULL)
    g_error ("response: %s", error->message);
  return response;
}

static double
draw_ms (IscMetricsResponse *response,
         IscCounterDisplay   display)
{
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, display);
  g_autoptr(IscChart) chart = isc_chart_new (model);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  isc_chart_draw (chart, cr, WIDTH, HEIGHT);
  cairo_surface_flush (surface);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return (g_get_monotonic_time () - t0) / 1000.0;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

int
main (int   argc,
      char *argv[])
{
  guint n_runs = argc > 1 ? (guint) MAX (1, atoi (argv[1])) : 15;
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscUsageQuery) query = NULL;
  g_autoptr(IscModelApiUsage) usage = NULL;
  g_autoptr(IscMetricsResponse) page_response = NULL;
  g_autoptr(GArray) convert = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) apis = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) page = g_array_new (FALSE, FALSE, sizeof (double));
  gint64 today_ms = g_get_real_time () / 1000 / DAY_MS * DAY_MS;
  guint n_series = 0;

  if (!isc_demo_server_run_in_thread (server, 0, &error))
    g_error ("demo: %s", error->message);
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  if (client == NULL)
    g_error ("client: %s", error->message);

  /* Yesterday, a whole day, at one minute, by model and API key. */
  query = isc_usage_query_new (today_ms - DAY_MS, today_ms, ISC_USAGE_GROUP_MODEL | ISC_USAGE_GROUP_API_KEY, NULL);
  query->width = ISC_USAGE_WIDTH_MINUTE;
  isc_client_fetch_model_api_usage_async (client, query, NULL, on_usage, &usage);
  while (usage == NULL)
    g_main_context_iteration (NULL, TRUE);
  page_response = charts_page_response (today_ms - DAY_MS);

  for (guint r = 0; r < n_runs; r++)
    {
      gint64 t0 = g_get_monotonic_time ();
      g_autoptr(IscMetricsResponse) response = isc_model_api_usage_new_response (usage, NULL);
      double v = (g_get_monotonic_time () - t0) / 1000.0;

      n_series = isc_metric_get_n_series (isc_metrics_response_get_metric (response, 0));
      g_array_append_val (convert, v);
      v = draw_ms (response, ISC_COUNTER_DISPLAY_TOTALS);
      g_array_append_val (apis, v);
      v = draw_ms (page_response, ISC_COUNTER_DISPLAY_RATE);
      g_array_append_val (page, v);
    }

  printf ("Model APIs chart, %u buckets × %u series: convert %.1f ms, model+layout+draw %.1f ms "
          "(median of %u)\n",
          isc_model_api_usage_get_n_buckets (usage), n_series, median (convert), median (apis), n_runs);
  printf ("Charts page chart, 1440 steps × 4 series:          model+layout+draw %.1f ms; "
          "Model APIs (convert + draw) / Charts page = %.2f\n",
          median (page), (median (convert) + median (apis)) / median (page));
  return 0;
}
