/* bench-large.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A large account in the window's sidebar and Compare popover, against
 * the simulated API with N generated models (--fleet N), under a display
 * (build-aux/bench-large runs it under Xvfb with GSK_RENDERER=cairo):
 *
 *   first rows     from the models' answer (the demo's end of
 *                  GET /v1/models) to the first frame painted with the
 *                  first model's row in the sidebar
 *   listed         from the models' answer to the end of discovery's
 *                  reload (the first models' targets listed)
 *   stall          the longest the main loop went without running a 1 ms
 *                  timer, from the reload's start to a second after it
 *                  is done, less the timer's own 1 ms (opening Compare
 *                  is timed apart)
 *   stall CPU      the most CPU time the main thread spent between two
 *                  runs of that timer: the work of the longest stall
 *                  without the waits for a CPU on a loaded machine
 *   compare        from asking the Compare popover to open to its first
 *                  painted frame
 *   RSS            peak resident memory (client and demo server both: the
 *                  demo runs in a thread of the same process)
 *
 * Targets at 10,000 models: first rows <= 1 s, stall <= 50 ms, compare
 * <= 100 ms, RSS <= 200 MB.
 *
 *   bench-large [RUNS [N …]]   RUNS (5) runs each of N models (10000), and
 *                              of the demo's own 3 models as the peer, each
 *                              in a process of its own; the medians, and
 *                              each N's against the peer's
 *   bench-large --one N        one run, one line of figures
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <adwaita.h>

#include "isc-compare-button.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-sidebar.h"
#include "isc-target-list.h"
#include "isc-test-gtk.h"
#include "isc-view.h"

typedef struct
{
  GMutex     lock;
  gint64     models_us;     /* the demo answered GET /v1/models (its thread, under lock) */
  gint64     first_rows_us;
  gint64     listed_us;
  gint64     last_tick_us;
  gint64     last_tick_cpu_us;
  gint64     max_stall_us;
  gint64     max_stall_cpu_us;
  gint64     paints;
  IscSidebar *sidebar;
  IscTargetList *list;
} Run;

static void
on_request_logged (IscDemoServer *server,
                   const char    *method,
                   const char    *path,
                   guint          status,
                   guint64        bytes,
                   double         ms,
                   Run           *run)
{
  if (g_str_equal (path, "/v1/models"))
    {
      g_mutex_lock (&run->lock);
      run->models_us = g_get_monotonic_time ();
      g_mutex_unlock (&run->lock);
    }
}

/* The main thread's CPU time: on a loaded machine a stall's wall time
 * counts the waits for a CPU too; its CPU time is the work alone. */
static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static gboolean
tick_cb (gpointer data)
{
  Run *run = data;
  gint64 now = g_get_monotonic_time ();
  gint64 cpu = thread_cpu_us ();

  if (run->last_tick_us != 0)
    {
      run->max_stall_us = MAX (run->max_stall_us, now - run->last_tick_us - 1000);
      run->max_stall_cpu_us = MAX (run->max_stall_cpu_us, cpu - run->last_tick_cpu_us);
    }
  run->last_tick_us = now;
  run->last_tick_cpu_us = cpu;

  return G_SOURCE_CONTINUE;
}

/* The first model's row, painted. */
static void
on_after_paint (GdkFrameClock *clock,
                Run           *run)
{
  g_autoptr(IscTargetItem) first = NULL;

  run->paints++;
  if (run->first_rows_us != 0 || g_list_model_get_n_items (G_LIST_MODEL (run->list)) == 0)
    return;

  first = g_list_model_get_item (G_LIST_MODEL (run->list), 0);
  if (test_find_shown (GTK_WIDGET (run->sidebar), GTK_TYPE_LABEL, "label", isc_target_item_get_title (first)) != NULL)
    run->first_rows_us = g_get_monotonic_time ();
}

static void
on_listed (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(GError) error = NULL;
  Run *run = data;

  if (!isc_target_list_reload_finish (ISC_TARGET_LIST (object), result, &error))
    g_error ("Discovery failed: %s", error->message);
  run->listed_us = g_get_monotonic_time ();
}

static void
iterate_for (gint64 us)
{
  gint64 end = g_get_monotonic_time () + us;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
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
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) shown = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production",
                                               NULL, "production");
  GtkWidget *window, *box, *compare;
  GtkWidget *popover;
  GtkMenuButton *menu_button;
  Run run = { 0 };
  gint64 open_us, opened_us = 0;
  gint64 paints;
  gint64 stall_us, stall_cpu_us;
  guint tick_id;

  gtk_init ();
  adw_init ();

  isc_demo_server_set_fleet_size (server, n_models);
  g_signal_connect (server, "request-logged", G_CALLBACK (on_request_logged), &run);
  if (!isc_demo_server_run_in_thread (server, 0, &error))
    g_error ("%s", error->message);
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);

  run.list = list;
  run.sidebar = ISC_SIDEBAR (isc_sidebar_new ());
  isc_sidebar_set_target_list (run.sidebar, list);
  gtk_widget_set_size_request (GTK_WIDGET (run.sidebar), 280, -1);
  isc_view_set_target (view, shown);
  compare = isc_compare_button_new ();
  isc_compare_button_set_view (ISC_COMPARE_BUTTON (compare), view);
  isc_compare_button_set_target_list (ISC_COMPARE_BUTTON (compare), list);
  gtk_widget_set_valign (compare, GTK_ALIGN_START);
  menu_button = isc_compare_button_get_menu_button (ISC_COMPARE_BUTTON (compare));

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (run.sidebar));
  gtk_box_append (GTK_BOX (box), compare);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (window))
    g_main_context_iteration (NULL, TRUE);
  iterate_for (300 * 1000);
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (on_after_paint), &run);

  tick_id = g_timeout_add (1, tick_cb, &run);
  isc_target_list_reload_async (list, client, NULL, on_listed, &run);
  while (run.listed_us == 0 || run.first_rows_us == 0)
    g_main_context_iteration (NULL, TRUE);
  /* What the sidebar asks for once it settles. */
  iterate_for (1000 * 1000);

  stall_us = run.max_stall_us;
  stall_cpu_us = run.max_stall_cpu_us;
  open_us = g_get_monotonic_time ();
  paints = run.paints;
  gtk_menu_button_popup (menu_button);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (menu_button));
  while (opened_us == 0)
    {
      g_main_context_iteration (NULL, TRUE);
      if (gtk_widget_get_mapped (popover) && run.paints > paints)
        opened_us = g_get_monotonic_time ();
    }
  iterate_for (500 * 1000);
  gtk_menu_button_popdown (menu_button);
  iterate_for (200 * 1000);
  g_source_remove (tick_id);
  g_mutex_lock (&run.lock);

  /* models first_rows_ms listed_ms stall_ms stall_cpu_ms compare_ms rss_kib */
  printf ("%u %.1f %.1f %.1f %.1f %.1f %ld\n",
          n_models,
          (run.first_rows_us - run.models_us) / 1000.0,
          (run.listed_us - run.models_us) / 1000.0,
          stall_us / 1000.0,
          stall_cpu_us / 1000.0,
          (opened_us - open_us) / 1000.0,
          peak_rss_kib ());
  fflush (stdout);

  /* The process ends here: tearing 10,000 rows down is not measured. */
  _exit (0);
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

#define N_FIGURES 6

static const char * const figure_names[N_FIGURES] = {
  "first rows ms", "listed ms", "stall ms", "stall CPU ms", "compare ms", "peak RSS MiB",
};

/* The medians of RUNS runs of n models. */
static void
measure (const char *program,
         guint       n,
         guint       runs,
         double      medians[N_FIGURES])
{
  GArray *figures[N_FIGURES];

  for (guint f = 0; f < N_FIGURES; f++)
    figures[f] = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint r = 0; r < runs; r++)
    {
      g_autofree char *size = g_strdup_printf ("%u", n);
      char *args[] = { (char *) program, (char *) "--one", size, NULL };
      g_autofree char *out = NULL;
      g_autoptr(GError) error = NULL;
      int status = 0;
      double v[N_FIGURES];
      guint models;

      if (!g_spawn_sync (NULL, args, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error) ||
          !g_spawn_check_wait_status (status, &error))
        g_error ("bench-large --one %u: %s", n, error->message);
      if (sscanf (out, "%u %lf %lf %lf %lf %lf %lf", &models, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) != 7)
        g_error ("bench-large --one %u said: %s", n, out);
      v[5] /= 1024.0;
      printf ("  %u models, run %u: first rows %.0f ms, listed %.0f ms, stall %.0f ms (CPU %.0f ms), "
              "compare %.0f ms, peak RSS %.1f MiB\n",
              n, r + 1, v[0], v[1], v[2], v[3], v[4], v[5]);
      fflush (stdout);
      for (guint f = 0; f < N_FIGURES; f++)
        g_array_append_val (figures[f], v[f]);
    }

  for (guint f = 0; f < N_FIGURES; f++)
    {
      medians[f] = median (figures[f]);
      g_array_unref (figures[f]);
    }
}

int
main (int   argc,
      char *argv[])
{
  guint runs = 5;
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint));
  double peer[N_FIGURES];

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
      guint n = 10000;

      g_array_append_val (sizes, n);
    }

  printf ("peer: the demo's own 3 models\n");
  measure (argv[0], 0, runs, peer);

  for (guint s = 0; s < sizes->len; s++)
    {
      guint n = g_array_index (sizes, guint, s);
      double medians[N_FIGURES];

      measure (argv[0], n, runs, medians);
      printf ("%u models, medians of %u runs (× the peer's):\n", n, runs);
      for (guint f = 0; f < N_FIGURES; f++)
        printf ("  %-14s %8.1f  (peer %.1f, × %.2f)\n", figure_names[f], medians[f], peer[f],
                peer[f] > 0 ? medians[f] / peer[f] : 0.0);
    }

  return 0;
}
