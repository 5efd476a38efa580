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
 * --page fills the real page instead: an IscOverviewPage over the fleet
 * in a 1100×800 window, as the window shows it; "last row" is then the
 * first frame painted after every row answered, and the CPU time of the
 * process (both threads) is counted too. Each run of the page is paired
 * with a headless run in its own process, alternating, and the medians
 * of both and their ratio printed: the page should cost at most 1.2 × the
 * headless figure. GSK_RENDERER=cairo, as the tests; run under Xvfb.
 *
 *   bench-fleet [--page] [--latency MS] [RUNS [N …]]
 *                              RUNS (3) runs each of N models (200 1000),
 *                              each in a process of its own; the medians
 *   bench-fleet [--page] [--latency MS] --one N
 *                              one run, one line of figures
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <gtk/gtk.h>

#include "isc-demo-server.h"
#include "isc-fleet.h"
#include "isc-overview-page.h"
#include "isc-target-list.h"

#define MAX_IN_FLIGHT 4

static int latency_ms = 50;
static gboolean with_page;

typedef struct
{
  gint64 started_us;
  gint64 first_us;
  gint64 last_us;
  gboolean listed;
  gboolean painted;
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

/* The page: the first frame painted once every row answered. */
static void
on_after_paint (GdkFrameClock *clock,
                Run           *run)
{
  if (run->last_us != 0)
    run->painted = TRUE;
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

/* User and system time of the whole process, in ms. */
static double
cpu_ms (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
}

static int
run_one (guint n_models)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscTargetList) list = isc_target_list_new ();
  g_autoptr(IscFleet) fleet = isc_fleet_new ();
  GtkWidget *window = NULL;
  Run run = { 0 };
  gint64 listed_us;
  double cpu_started;

  isc_demo_server_set_fleet_size (server, n_models);
  isc_demo_server_set_latency_ms (server, latency_ms);
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

  if (with_page)
    {
      GtkWidget *page = isc_overview_page_new ();

      window = gtk_window_new ();
      gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
      isc_overview_page_set_fleet (ISC_OVERVIEW_PAGE (page), fleet);
      gtk_window_set_child (GTK_WINDOW (window), page);
      gtk_window_present (GTK_WINDOW (window));
      while (!gtk_widget_get_mapped (page))
        g_main_context_iteration (NULL, TRUE);
      g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (on_after_paint), &run);
      /* The empty table settled before the clock starts. */
      for (guint i = 0; i < 20; i++)
        g_main_context_iteration (NULL, FALSE);
    }
  else
    run.painted = TRUE;

  isc_demo_server_reset_peak_in_flight (server);
  cpu_started = cpu_ms ();
  run.started_us = g_get_monotonic_time ();
  isc_fleet_refresh (fleet);
  while (run.last_us == 0 || !run.painted)
    g_main_context_iteration (NULL, TRUE);
  if (with_page)
    run.last_us = g_get_monotonic_time ();

  /* models rows failed discovery_ms first_ms last_ms peak_in_flight rss_kib cpu_ms */
  printf ("%u %u %u %.1f %.1f %.1f %u %ld %.1f\n",
          n_models, g_list_model_get_n_items (G_LIST_MODEL (fleet)), isc_fleet_get_n_failed (fleet),
          listed_us / 1000.0, (run.first_us - run.started_us) / 1000.0, (run.last_us - run.started_us) / 1000.0,
          isc_demo_server_get_peak_in_flight (server), peak_rss_kib (), cpu_ms () - cpu_started);
  if (window != NULL)
    gtk_window_destroy (GTK_WINDOW (window));
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

typedef struct
{
  GArray *discovery, *first, *last, *rss, *cpu;
  guint rows, failed, peak;
} Figures;

static void
figures_init (Figures *f)
{
  memset (f, 0, sizeof *f);
  f->discovery = g_array_new (FALSE, FALSE, sizeof (double));
  f->first = g_array_new (FALSE, FALSE, sizeof (double));
  f->last = g_array_new (FALSE, FALSE, sizeof (double));
  f->rss = g_array_new (FALSE, FALSE, sizeof (double));
  f->cpu = g_array_new (FALSE, FALSE, sizeof (double));
}

static void
figures_clear (Figures *f)
{
  g_array_unref (f->discovery);
  g_array_unref (f->first);
  g_array_unref (f->last);
  g_array_unref (f->rss);
  g_array_unref (f->cpu);
}

/* One run in a process of its own: @page for the page, else headless. */
static void
spawn_one (const char *self,
           guint       n,
           guint       r,
           gboolean    page,
           Figures    *f)
{
  g_autofree char *size = g_strdup_printf ("%u", n);
  g_autofree char *latency = g_strdup_printf ("%d", latency_ms);
  char *args[] = { (char *) self, (char *) "--latency", latency, (char *) "--one", size, NULL, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;
  double d, fr, l, k, c;
  guint models;

  if (page)
    {
      args[5] = args[4];
      args[4] = args[3];
      args[3] = (char *) "--page";
    }
  if (!g_spawn_sync (NULL, args, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    g_error ("bench-fleet --one %u: %s", n, error->message);
  if (sscanf (out, "%u %u %u %lf %lf %lf %u %lf %lf", &models, &f->rows, &f->failed, &d, &fr, &l, &f->peak, &k, &c) != 9)
    g_error ("bench-fleet --one %u said: %s", n, out);
  printf ("  fleet %u run %u %s: %u rows (%u failed), discovery %.0f ms, first row %.0f ms, "
          "last row %.0f ms, CPU %.0f ms, peak in flight %u, peak RSS %.1f MiB\n",
          n, r + 1, page ? "page" : "headless", f->rows, f->failed, d, fr, l, c, f->peak, k / 1024.0);
  g_array_append_val (f->discovery, d);
  g_array_append_val (f->first, fr);
  g_array_append_val (f->last, l);
  k /= 1024.0;
  g_array_append_val (f->rss, k);
  g_array_append_val (f->cpu, c);
}

static void
print_figures (const char *what,
               guint       n,
               Figures    *f)
{
  printf ("fleet %u %s (%u rows): median discovery %.0f ms, first row %.0f ms, last row %.0f ms, "
          "CPU %.0f ms, peak RSS %.1f MiB\n",
          n, what, f->rows, median (f->discovery), median (f->first), median (f->last),
          median (f->cpu), median (f->rss));
}

int
main (int   argc,
      char *argv[])
{
  guint runs = 3;
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint));
  int i = 1;

  for (; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--page"))
        with_page = TRUE;
      else if (g_str_equal (argv[i], "--latency") && i + 1 < argc)
        latency_ms = (int) g_ascii_strtoull (argv[++i], NULL, 10);
      else
        break;
    }

  if (with_page)
    {
      g_setenv ("GSK_RENDERER", "cairo", FALSE);
      gtk_init ();
    }

  if (i + 2 == argc && g_str_equal (argv[i], "--one"))
    return run_one ((guint) g_ascii_strtoull (argv[i + 1], NULL, 10));

  if (i < argc)
    {
      runs = (guint) g_ascii_strtoull (argv[i++], NULL, 10);
      runs = MAX (runs, 1);
    }
  for (; i < argc; i++)
    {
      guint n = (guint) g_ascii_strtoull (argv[i], NULL, 10);

      g_array_append_val (sizes, n);
    }
  if (sizes->len == 0)
    {
      guint defaults[] = { 200, 1000 };

      g_array_append_vals (sizes, defaults, G_N_ELEMENTS (defaults));
    }

  printf ("latency %d ms, %d in flight; times from the overview's start\n", latency_ms, MAX_IN_FLIGHT);
  for (guint s = 0; s < sizes->len; s++)
    {
      guint n = g_array_index (sizes, guint, s);
      Figures headless, page;

      figures_init (&headless);
      figures_init (&page);
      for (guint r = 0; r < runs; r++)
        {
          spawn_one (argv[0], n, r, FALSE, &headless);
          if (with_page)
            spawn_one (argv[0], n, r, TRUE, &page);
        }
      print_figures ("headless", n, &headless);
      if (with_page)
        {
          print_figures ("page", n, &page);
          printf ("fleet %u page ÷ headless: last row %.2f ×, CPU %.2f ×\n", n,
                  median (page.last) / median (headless.last), median (page.cpu) / median (headless.cpu));
        }
      figures_clear (&headless);
      figures_clear (&page);
    }

  return 0;
}
