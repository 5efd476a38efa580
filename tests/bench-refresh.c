/* bench-refresh.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A long run, refresh after refresh: does anything pile up? Two windows
 * of the app over the in-process demo, as a person leaves them open for
 * hours: one shows demo-chat's production as charts over the last hour
 * compared with the day before, the other the fleet overview. Each
 * refresh asks both again (the view, its compared response and every row
 * of the overview) and waits until all have answered and both windows
 * painted, as the 5 s timer would, only without the wait between.
 *
 * It prints, for the first and the last block of refreshes, the memory
 * (the heap in use, from mallinfo2, and the resident set) added per
 * refresh and the CPU (user + system, every thread: the demo serves in
 * one of them) spent per refresh, and the same figures for the whole
 * run. Flat means nothing accumulates: the growth per refresh near zero
 * at the end, and the CPU per refresh at the end within noise of the
 * start. The peer, in the same run, is the first block.
 *
 *   bench-refresh [--refreshes N] [--block N]   (1000 and 100)
 *
 * Run it under Xvfb (build-aux/bench-window does not run it; it sets
 * its own private home and settings when the environment has none).
 */

#include "config.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "isc-demo-ids.h"
#include "isc-test-app.h"
#include "isc-window-private.h"

typedef struct
{
  guint compare_answers;
  guint paints;
} Counts;

static void
on_compare_response (IscView    *view,
                     GParamSpec *pspec,
                     Counts     *counts)
{
  if (isc_view_get_compare_response (view) != NULL || isc_view_get_compare_error (view) != NULL)
    counts->compare_answers++;
}

static void
on_after_paint (GdkFrameClock *clock,
                Counts        *counts)
{
  counts->paints++;
}

static double
cpu_ms (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
}

static double
rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, "VmRSS:");
  return line != NULL ? strtod (line + strlen ("VmRSS:"), NULL) : -1;
}

static double
heap_kib (void)
{
  struct mallinfo2 info = mallinfo2 ();

  return (info.uordblks + info.hblkhd) / 1024.0;
}

typedef struct
{
  IscWindow *charts;
  IscWindow *overview;
  Counts     counts;
} Bench;

static gboolean
settled (gpointer data)
{
  Bench *bench = data;
  IscView *view = isc_window_get_view (bench->charts);
  IscFleet *fleet = bench->overview->fleet;

  return isc_view_get_state (view) == ISC_VIEW_READY && !isc_view_get_loading (view) &&
         bench->counts.compare_answers > 0 &&
         !isc_fleet_get_loading (fleet) && isc_fleet_get_in_flight (fleet) == 0;
}

/* One refresh of both windows, to the frame after every answer. */
static void
refresh (Bench *bench)
{
  bench->counts.compare_answers = 0;
  isc_view_refresh (isc_window_get_view (bench->charts));
  isc_fleet_refresh (bench->overview->fleet);
  if (!test_wait_for (settled, bench))
    g_error ("bench-refresh: a refresh did not settle");
  /* Two frames' time for what changed to be painted. */
  bench->counts.paints = 0;
  test_run_frames (40);
}

typedef struct
{
  double cpu_ms;
  double heap_kib;
  double rss_kib;
} Sample;

static Sample
sample (void)
{
  return (Sample) { cpu_ms (), heap_kib (), rss_kib () };
}

static void
print_block (const char   *what,
             const Sample *from,
             const Sample *to,
             guint         n)
{
  printf ("%-16s CPU %6.1f ms/refresh, heap %+7.2f KiB/refresh, RSS %+7.2f KiB/refresh (heap %.1f MiB, RSS %.1f MiB at its end)\n",
          what, (to->cpu_ms - from->cpu_ms) / n, (to->heap_kib - from->heap_kib) / n,
          (to->rss_kib - from->rss_kib) / n, to->heap_kib / 1024.0, to->rss_kib / 1024.0);
}

/* A private home and memory settings, when run outside the tests. */
static void
set_up_environment (const char *argv0)
{
  g_autofree char *home = NULL;
  g_autofree char *bindir = g_path_get_dirname (argv0);
  g_autofree char *schemas = g_build_filename (bindir, "..", "data", NULL);
  static const char *dirs[] = { "config", "cache", "data", "state", "runtime" };

  if (g_getenv ("INFERSCOPE_BENCH_HOME") != NULL)
    return;

  home = g_dir_make_tmp ("inferscope-bench-refresh-XXXXXX", NULL);
  g_assert_nonnull (home);
  g_setenv ("INFERSCOPE_BENCH_HOME", home, TRUE);
  g_setenv ("HOME", home, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *dir = g_build_filename (home, dirs[i], NULL);
      g_autofree char *var = g_strdup_printf ("XDG_%s_HOME", dirs[i]);
      char *up = g_ascii_strup (var, -1);

      g_mkdir_with_parents (dir, 0700);
      g_setenv (g_str_equal (dirs[i], "runtime") ? "XDG_RUNTIME_DIR" : up, dir, TRUE);
      g_free (up);
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GSETTINGS_SCHEMA_DIR", schemas, FALSE);
  g_setenv ("SECRET_BACKEND", "file", TRUE);
  {
    g_autofree char *keyring = g_build_filename (home, "keyring", NULL);

    g_setenv ("SECRET_FILE_TEST_PATH", keyring, TRUE);
  }
  g_setenv ("SECRET_FILE_TEST_PASSWORD", "bench", TRUE);
  g_setenv ("BASETEN_API_KEY", "", TRUE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscTarget) target = NULL;
  g_autoptr(IscTimeRange) hour = NULL;
  guint n_refreshes = 1000, block = 100;
  Bench bench = { 0 };
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (Sample));
  const char *home;
  Sample s;

  for (int i = 1; i < argc; i++)
    {
      gint64 n = i + 1 < argc ? g_ascii_strtoll (argv[i + 1], NULL, 10) : 0;

      if (g_str_equal (argv[i], "--refreshes") && i + 1 < argc)
        n_refreshes = (guint) CLAMP (n, 2, 1000000), i++;
      else if (g_str_equal (argv[i], "--block") && i + 1 < argc)
        block = (guint) CLAMP (n, 1, 1000000), i++;
      else
        {
          fprintf (stderr, "usage: bench-refresh [--refreshes N] [--block N]\n");
          return 2;
        }
    }
  block = MIN (block, n_refreshes / 2);

  set_up_environment (argv[0]);
  setvbuf (stdout, NULL, _IOLBF, 0);
  gtk_init ();

  test_app_start ();
  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  if (!test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)))
    g_error ("bench-refresh: the session did not start");
  if (!isc_session_use_demo (test_app_session (), &error))
    g_error ("bench-refresh: %s", error->message);
  test_wait_for (test_session_is_ready, NULL);

  /* Charts with a compare: demo-chat's production, the last hour, and
   * the day before. */
  bench.charts = isc_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (bench.charts), 1200, 900);
  gtk_window_present (GTK_WINDOW (bench.charts));
  test_wait_until_mapped (GTK_WIDGET (bench.charts));
  target = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production", "demo-chat", "production");
  hour = isc_time_range_new_relative (60 * 60 * 1000);
  isc_view_set_target (isc_window_get_view (bench.charts), target);
  isc_view_set_mode (isc_window_get_view (bench.charts), ISC_MODE_SERIES);
  if (!isc_view_set_range (isc_window_get_view (bench.charts), hour, &error))
    g_error ("bench-refresh: %s", error->message);
  g_signal_connect (isc_window_get_view (bench.charts), "notify::compare-response",
                    G_CALLBACK (on_compare_response), &bench.counts);
  g_signal_connect (isc_window_get_view (bench.charts), "notify::compare-error",
                    G_CALLBACK (on_compare_response), &bench.counts);
  isc_view_set_compare_shift (isc_window_get_view (bench.charts), ISC_VIEW_SHIFT_DAY);
  test_wait_for_view (bench.charts);

  /* The overview. */
  bench.overview = isc_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (bench.overview), 1200, 900);
  gtk_window_present (GTK_WINDOW (bench.overview));
  test_wait_until_mapped (GTK_WIDGET (bench.overview));
  test_wait_for_view (bench.overview);
  _isc_window_show_overview (bench.overview, TRUE);

  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (bench.charts)), "after-paint",
                    G_CALLBACK (on_after_paint), &bench.counts);

  /* Both settled and painted once before the clock starts. */
  refresh (&bench);
  printf ("%u refreshes of a charts window with a compare (%u charts) and an overview window (%u rows)\n",
          n_refreshes, isc_charts_page_get_n_charts (bench.charts->charts_page),
          g_list_model_get_n_items (G_LIST_MODEL (bench.overview->fleet)));

  s = sample ();
  g_array_append_val (samples, s);
  for (guint i = 1; i <= n_refreshes; i++)
    {
      refresh (&bench);
      if (i % block == 0 || i == n_refreshes)
        {
          s = sample ();
          g_array_append_val (samples, s);
        }
    }

  {
    const Sample *all = (const Sample *) samples->data;
    guint last = samples->len - 1;
    guint last_n = n_refreshes - (last - 1) * block;

    print_block ("first block", &all[0], &all[1], block);
    print_block ("last block", &all[last - 1], &all[last], last_n);
    print_block ("whole run", &all[0], &all[last], n_refreshes);
    {
      IscAccount *account = isc_session_get_account (test_app_session ());
      IscResponseCache *cache = isc_client_get_cache (isc_account_get_client (account));

      if (cache != NULL)
        printf ("response cache: %u files, %.1f MiB\n",
                test_count_files (isc_response_cache_get_directory (cache)),
                isc_response_cache_get_total_size (cache) / 1048576.0);
    }
    printf ("end ÷ start: CPU per refresh %.2f ×\n",
            ((all[last].cpu_ms - all[last - 1].cpu_ms) / last_n) / ((all[1].cpu_ms - all[0].cpu_ms) / block));
  }

  /* The demo account's cache is a temporary folder of its own. */
  {
    IscAccount *account = isc_session_get_account (test_app_session ());
    IscResponseCache *cache = isc_client_get_cache (isc_account_get_client (account));

    if (cache != NULL && g_str_has_prefix (isc_response_cache_get_directory (cache), g_get_tmp_dir ()))
      test_remove_dir (isc_response_cache_get_directory (cache));
  }

  gtk_window_destroy (GTK_WINDOW (bench.charts));
  gtk_window_destroy (GTK_WINDOW (bench.overview));
  test_iterate ();
  home = g_getenv ("INFERSCOPE_BENCH_HOME");
  if (home != NULL && g_str_has_prefix (home, g_get_tmp_dir ()))
    {
      g_autofree char *command = g_strdup_printf ("rm -rf '%s'", home);

      (void) !system (command);
    }
  return 0;
}
