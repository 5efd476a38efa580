/* bench-fleet.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How long the fleet overview takes to fill against the simulated API
 * with its large fleet and 50 ms of latency on every request, with at
 * most 4 requests in flight: the time to the first row and to the last,
 * counted from when the overview starts loading (discovery, done before,
 * is timed apart), and the process's peak RSS (server and client both:
 * the demo runs in a thread of the same process). Targets at
 * --fleet 200: first row <= 0.5 s, all rows <= 4 s, <= 150 MB.
 *
 *   bench-fleet [RUNS [N …]]   RUNS (3) runs each of N models (200 1000),
 *                              each in a process of its own; the medians
 *   bench-fleet --one N        one run, one line of figures
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isc-demo-server.h"
#include "isc-fleet.h"
#include "isc-target-list.h"

#define LATENCY_MS    50
#define MAX_IN_FLIGHT 4

typedef struct
{
  gint64 started_us;
  gint64 first_us;
  gint64 last_us;
  gboolean listed;
} Run;

static void
on_listed (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(GError) error = NULL;
  Run *run = data;

  if (!isc_target_list_reload_finish (ISC_TARGET_LIST (object), result, &error))
    g_error ("Discovery failed: %s", error->message);
  run->listed = TRUE;
}

static void
on_n_done (IscFleet   *fleet,
           GParamSpec *pspec,
           Run        *run)
{
  if (run->first_us == 0 && isc_fleet_get_n_done (fleet) > 0)
    run->first_us = g_get_monotonic_time ();
}

static void
on_loading (IscFleet   *fleet,
            GParamSpec *pspec,
            Run        *run)
{
  if (!isc_fleet_get_loading (fleet) && run->started_us != 0)
    run->last_us = g_get_monotonic_time ();
}

/* VmHWM: the peak resident set, in KiB. */
static long
peak_rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, "VmHWM:");
  return line != NULL ? strtol (line + strlen ("VmHWM:"), NULL, 10) : -1;
}

static int
run_one (guint n_models)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscTargetList) list = isc_target_list_new ();
  g_autoptr(IscFleet) fleet = isc_fleet_new ();
  Run run = { 0 };
  gint64 listed_us;

  isc_demo_server_set_fleet_size (server, n_models);
  isc_demo_server_set_latency_ms (server, LATENCY_MS);
  if (!isc_demo_server_run_in_thread (server, 0, &error))
    g_error ("%s", error->message);
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);

  /* Discovery first, as the app has it before the overview opens. */
  listed_us = g_get_monotonic_time ();
  isc_target_list_reload_async (list, client, NULL, on_listed, &run);
  while (!run.listed)
    g_main_context_iteration (NULL, TRUE);
  listed_us = g_get_monotonic_time () - listed_us;

  isc_fleet_set_max_in_flight (fleet, MAX_IN_FLIGHT);
  isc_fleet_set_target_list (fleet, list);
  isc_fleet_set_client (fleet, client);
  g_signal_connect (fleet, "notify::n-done", G_CALLBACK (on_n_done), &run);
  g_signal_connect (fleet, "notify::loading", G_CALLBACK (on_loading), &run);

  isc_demo_server_reset_peak_in_flight (server);
  run.started_us = g_get_monotonic_time ();
  isc_fleet_refresh (fleet);
  while (run.last_us == 0)
    g_main_context_iteration (NULL, TRUE);

  /* models rows failed discovery_ms first_ms last_ms peak_in_flight rss_kib */
  printf ("%u %u %u %.1f %.1f %.1f %u %ld\n",
          n_models, g_list_model_get_n_items (G_LIST_MODEL (fleet)), isc_fleet_get_n_failed (fleet),
          listed_us / 1000.0, (run.first_us - run.started_us) / 1000.0, (run.last_us - run.started_us) / 1000.0,
          isc_demo_server_get_peak_in_flight (server), peak_rss_kib ());
  return 0;
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
  guint runs = 3;
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint));

  if (argc == 3 && g_str_equal (argv[1], "--one"))
    return run_one ((guint) g_ascii_strtoull (argv[2], NULL, 10));

  if (argc > 1)
    runs = MAX (1, (guint) g_ascii_strtoull (argv[1], NULL, 10));
  for (int i = 2; i < argc; i++)
    {
      guint n = (guint) g_ascii_strtoull (argv[i], NULL, 10);

      g_array_append_val (sizes, n);
    }
  if (sizes->len == 0)
    {
      guint defaults[] = { 200, 1000 };

      g_array_append_vals (sizes, defaults, G_N_ELEMENTS (defaults));
    }

  printf ("latency %d ms, %d in flight; times from the overview's start\n", LATENCY_MS, MAX_IN_FLIGHT);
  for (guint s = 0; s < sizes->len; s++)
    {
      guint n = g_array_index (sizes, guint, s);
      g_autoptr(GArray) discovery = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) last = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) rss = g_array_new (FALSE, FALSE, sizeof (double));
      guint rows = 0, failed = 0, peak = 0;

      for (guint r = 0; r < runs; r++)
        {
          g_autofree char *size = g_strdup_printf ("%u", n);
          char *args[] = { argv[0], (char *) "--one", size, NULL };
          g_autofree char *out = NULL;
          g_autoptr(GError) error = NULL;
          int status = 0;
          double d, f, l, k;
          guint models;

          if (!g_spawn_sync (NULL, args, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error) ||
              !g_spawn_check_wait_status (status, &error))
            g_error ("bench-fleet --one %u: %s", n, error->message);
          if (sscanf (out, "%u %u %u %lf %lf %lf %u %lf", &models, &rows, &failed, &d, &f, &l, &peak, &k) != 8)
            g_error ("bench-fleet --one %u said: %s", n, out);
          printf ("  fleet %u run %u: %u rows (%u failed), discovery %.0f ms, first row %.0f ms, "
                  "last row %.0f ms, peak in flight %u, peak RSS %.1f MiB\n",
                  n, r + 1, rows, failed, d, f, l, peak, k / 1024.0);
          g_array_append_val (discovery, d);
          g_array_append_val (first, f);
          g_array_append_val (last, l);
          k /= 1024.0;
          g_array_append_val (rss, k);
        }
      printf ("fleet %u (%u rows): median discovery %.0f ms, first row %.0f ms, last row %.0f ms, "
              "peak RSS %.1f MiB\n",
              n, rows, median (discovery), median (first), median (last), median (rss));
    }

  return 0;
}
