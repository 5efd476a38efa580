/* bench-charts-refresh.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What one refresh of an idle Charts page costs: the demo's demo-chat
 * production, every metric the catalogue knows, over the last hour, as
 * a window left open refreshes it every 30 s. The responses come from the
 * in-process demo server with its clock moved 30 s from one to the next
 * (fetched before the clock starts, so only the page's work is timed):
 * one refresh in two brings a new one-minute step, the other the same
 * steps again.
 *
 * Each refresh hands the page its next response and lets the main loop
 * run for REFRESH_WAIT_MS (the layout, the frame and the pixels made
 * RASTER_DELAY_MS after it, isc-chart-view.c). It prints, per run, the
 * CPU (user + system, the main thread) per refresh and the charts drawn
 * again per refresh; then the median of the runs, that CPU as a share of
 * a core at the default 30 s interval, and the peer in the same run: a
 * switch that lays out and draws every chart again from the same data
 * (UTC on and off), as a ratio.
 *
 *   bench-charts-refresh [--runs N] [--refreshes N]   (5 and 20)
 *
 * Run it under Xvfb, with GSK_RENDERER=cairo as the tests have it.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <adwaita.h>

#include "isc-catalogue.h"
#include "isc-chart-view.h"
#include "isc-charts-page.h"
#include "isc-client.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-test-util.h"

#define INTERVAL_MS     30000
#define REFRESH_WAIT_MS 300

static IscDemoServer *server;
static IscClient *client;

typedef struct
{
  gboolean            done;
  IscMetricsResponse *response;
  GError             *error;
} Fetch;

static void
fetched_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  Fetch *fetch = data;

  fetch->response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &fetch->error);
  fetch->done = TRUE;
}

/* The hour before @now_ms of every metric the catalogue knows, as the
 * server answers with its clock at @now_ms. */
static IscMetricsResponse *
fetch_hour (gint64 now_ms)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (now_ms - 60 * 60 * 1000, now_ms);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(IscQuery) query = NULL;
  const IscCatalogueEntry *entries;
  Fetch fetch = { 0 };
  guint n_entries;

  entries = isc_catalogue_get_entries (&n_entries);
  for (guint i = 0; i < n_entries; i++)
    g_ptr_array_add (names, (gpointer) entries[i].name);
  g_ptr_array_add (names, NULL);
  query = isc_query_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION,
                         ISC_MODE_SERIES, range, (const char * const *) names->pdata);

  isc_demo_server_set_now_ms (server, now_ms);
  isc_client_fetch_metrics_async (client, query, NULL, fetched_cb, &fetch);
  while (!fetch.done)
    g_main_context_iteration (NULL, TRUE);
  if (fetch.error != NULL)
    g_error ("bench-charts-refresh: %s", fetch.error->message);
  return fetch.response;
}

static double
cpu_ms (void)
{
  struct rusage usage;

  getrusage (RUSAGE_THREAD, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
}

/* Every chart's kept pixels let go: its next draw is whole. */
static void
forget_pixels (IscChartsPage *page)
{
  for (guint i = 0; i < isc_charts_page_get_n_charts (page); i++)
    {
      GtkWidget *error_view = isc_charts_page_get_error_rate_chart (page, i);

      isc_chart_forget_pixels (isc_chart_view_get_chart (ISC_CHART_VIEW (isc_charts_page_get_chart (page, i))));
      if (error_view != NULL)
        isc_chart_forget_pixels (isc_chart_view_get_chart (ISC_CHART_VIEW (error_view)));
    }
}

static guint
count_renders (IscChartsPage *page)
{
  guint n = 0;

  for (guint i = 0; i < isc_charts_page_get_n_charts (page); i++)
    {
      GtkWidget *error_view = isc_charts_page_get_error_rate_chart (page, i);

      n += isc_chart_view_get_n_renders (ISC_CHART_VIEW (isc_charts_page_get_chart (page, i)));
      if (error_view != NULL)
        n += isc_chart_view_get_n_renders (ISC_CHART_VIEW (error_view));
    }
  return n;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
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
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) responses = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_metrics_response_unref);
  g_autoptr(GArray) refresh_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) peer_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) redrawn = g_array_new (FALSE, FALSE, sizeof (double));
  guint n_runs = 5, n_refreshes = 20;
  gint64 now_ms;
  GtkWidget *window;
  IscChartsPage *page;

  for (int i = 1; i < argc; i++)
    {
      gint64 n = i + 1 < argc ? g_ascii_strtoll (argv[i + 1], NULL, 10) : 0;

      if (g_str_equal (argv[i], "--runs") && i + 1 < argc)
        n_runs = (guint) CLAMP (n, 1, 1000), i++;
      else if (g_str_equal (argv[i], "--refreshes") && i + 1 < argc)
        n_refreshes = (guint) CLAMP (n, 2, 10000), i++;
      else
        {
          fprintf (stderr, "usage: bench-charts-refresh [--runs N] [--refreshes N]\n");
          return 2;
        }
    }

  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  setvbuf (stdout, NULL, _IOLBF, 0);
  gtk_init ();
  adw_init ();

  server = isc_demo_server_new (1, NULL);
  if (!isc_demo_server_run_in_thread (server, 0, &error))
    g_error ("bench-charts-refresh: %s", error->message);
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  if (client == NULL)
    g_error ("bench-charts-refresh: %s", error->message);

  /* Refreshes 30 s apart, the last ten minutes before now, not on a
   * step's boundary. */
  now_ms = g_get_real_time () / 1000 / 60000 * 60000 - (gint64) n_refreshes * INTERVAL_MS + 12345;
  for (guint i = 0; i <= n_refreshes; i++)
    g_ptr_array_add (responses, fetch_hour (now_ms + (gint64) i * INTERVAL_MS));

  page = ISC_CHARTS_PAGE (isc_charts_page_new ());
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));

  printf ("%u runs of %u refreshes of a charts page, 30 s apart in the demo's time\n", n_runs, n_refreshes);
  for (guint run = 0; run < n_runs; run++)
    {
      double start, refreshes, peer;
      guint renders;

      /* The first response, settled and in pixels, before the clock. */
      isc_charts_page_set_response (page, g_ptr_array_index (responses, 0));
      test_run_frames (1000);

      renders = count_renders (page);
      start = cpu_ms ();
      for (guint i = 1; i <= n_refreshes; i++)
        {
          isc_charts_page_set_response (page, g_ptr_array_index (responses, i));
          test_run_frames (REFRESH_WAIT_MS);
        }
      refreshes = (cpu_ms () - start) / n_refreshes;
      renders = count_renders (page) - renders;

      /* The peer: every chart laid out and drawn again, whole, same
       * data. */
      start = cpu_ms ();
      for (guint i = 1; i <= n_refreshes; i++)
        {
          forget_pixels (page);
          isc_charts_page_set_use_utc (page, i % 2 == 1);
          test_run_frames (REFRESH_WAIT_MS);
        }
      peer = (cpu_ms () - start) / n_refreshes;
      isc_charts_page_set_use_utc (page, FALSE);

      printf ("run %u: refresh %6.2f ms CPU, %5.2f charts drawn again per refresh (of %u); "
              "peer (every chart again) %6.2f ms\n",
              run + 1, refreshes, (double) renders / n_refreshes, isc_charts_page_get_n_charts (page), peer);
      g_array_append_val (refresh_ms, refreshes);
      g_array_append_val (peer_ms, peer);
      {
        double r = (double) renders / n_refreshes;

        g_array_append_val (redrawn, r);
      }
    }

  {
    double m = median (refresh_ms), p = median (peer_ms);

    printf ("median: refresh %.2f ms CPU (%.3f %% of a core every 30 s), %.2f charts drawn again; "
            "peer %.2f ms; refresh ÷ peer %.2f\n",
            m, m / INTERVAL_MS * 100.0, median (redrawn), p, m / p);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_object (&client);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_object (&server);
  return 0;
}
