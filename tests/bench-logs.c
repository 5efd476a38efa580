/* bench-logs.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What the Logs page costs with 50,000 lines in the range, in a 1200×800
 * window under Xvfb with GSK's cairo renderer:
 *
 *   xvfb-run -a -s "-screen 0 1400x900x24" tests/bench-logs [--runs N]
 *                                  [--log-rate N] [--fake [--lines N]]
 *
 * The lines come from the demo server (in a thread of this process, on
 * 127.0.0.1): demo-chat's production deployment over the last --hours
 * (12), its "log-rate" raised (--log-rate, 64 by default: every request)
 * so that the range holds more than 50,000 lines; or with --fake from
 * the tests' fake logs server, --lines of them.
 *
 *   first lines  from the answer of the first page (its lines reaching
 *                the page's model) to the frame that shows them, painted
 *                and XSync'ed; target ≤ 300 ms
 *   scroll       the list scrolled from its first line to its last, 30
 *                lines (a page) a frame, with every line loaded (Load Earlier until
 *                50,000 are kept): each frame's time from flush-events to
 *                after-paint plus an XSync, median and 95th percentile,
 *                beside a bare GtkListView of as many GtkLabels scrolled
 *                the same way in the same run; target ≥ 60 fps (≤ 16.7 ms)
 *   memory       resident memory with 50,000 lines kept and scrolled
 *                through, above the same window before any line; target
 *                ≤ 100 MB
 *
 * Each figure is the median of N runs (default 5), each run a new window.
 */

#include "config.h"

#include <gdk/x11/gdkx.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <adwaita.h>

#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-logs-page.h"
#include "isc-test-logs.h"
#include "isc-test-util.h"

static guint n_runs = 5;
static guint n_lines = 50000;
static guint log_rate = 64;
static guint range_hours = 12;
static gboolean use_fake = FALSE;

/* Frame timing */

typedef struct
{
  gint64  start_us;
  GArray *frames;    /* double ms */
  gboolean on;
} Timing;

static void
flush_events_cb (GdkFrameClock *clock,
                 Timing        *timing)
{
  timing->start_us = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                Timing        *timing)
{
  double ms;

  /* GTK 4.18 deprecates its X11 API with nothing in its place. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  XSync (gdk_x11_display_get_xdisplay (gdk_display_get_default ()), False);
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (!timing->on || timing->start_us == 0)
    return;
  ms = (g_get_monotonic_time () - timing->start_us) / 1000.0;
  g_array_append_val (timing->frames, ms);
  timing->start_us = 0;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *samples,
            double  p)
{
  g_autoptr(GArray) sorted = NULL;
  guint i;

  if (samples->len == 0)
    return 0;
  sorted = g_array_copy (samples);
  g_array_sort (sorted, compare_doubles);
  i = (guint) (p * (sorted->len - 1) + 0.5);
  return g_array_index (sorted, double, MIN (i, sorted->len - 1));
}

static double
rss_mb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "VmRSS:")) == NULL)
    return 0;
  return g_ascii_strtod (line + 6, NULL) / 1024.0;
}

/* Scrolls a list from its first line to its last, a page of lines a
 * frame (GtkListView's own "list.scroll-to-item", as a key press or a
 * scrollbar jump would), timing each frame. */
#define LINES_A_FRAME 30

typedef struct
{
  GtkWidget *list;
  guint      position;
  guint      n;
  gboolean   done;
} Scroll;

static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  Scroll *scroll = user_data;

  if (scroll->position + 1 >= scroll->n)
    {
      scroll->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  scroll->position = MIN (scroll->position + LINES_A_FRAME, scroll->n - 1);
  gtk_widget_activate_action (scroll->list, "list.scroll-to-item", "u", scroll->position);
  return G_SOURCE_CONTINUE;
}

static GArray *
time_scroll (GtkWidget *window,
             GtkWidget *list,
             guint      n)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  Timing timing = { 0, g_array_new (FALSE, FALSE, sizeof (double)), FALSE };
  Scroll scroll = { list, 0, n, FALSE };
  gulong ids[2];

  gtk_widget_activate_action (list, "list.scroll-to-item", "u", 0);
  test_run_frames (300);
  ids[0] = g_signal_connect (clock, "update", G_CALLBACK (flush_events_cb), &timing);
  ids[1] = g_signal_connect_after (clock, "after-paint", G_CALLBACK (after_paint_cb), &timing);
  timing.on = TRUE;
  gtk_widget_add_tick_callback (list, scroll_tick_cb, &scroll, NULL);
  while (!scroll.done)
    g_main_context_iteration (NULL, TRUE);
  test_run_frames (50);
  timing.on = FALSE;
  g_signal_handler_disconnect (clock, ids[0]);
  g_signal_handler_disconnect (clock, ids[1]);
  return timing.frames;
}

/* The Logs page */

typedef struct
{
  gint64 answered_us;
  gint64 shown_us;
  GtkWidget *window;
} FirstLines;

static void
lines_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  FirstLines *first)
{
  if (first->answered_us == 0 && added > 0)
    first->answered_us = g_get_monotonic_time ();
}

static void
first_paint_cb (GdkFrameClock *clock,
                FirstLines    *first)
{
  if (first->answered_us == 0 || first->shown_us != 0)
    return;
  /* GTK 4.18 deprecates its X11 API with nothing in its place. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  XSync (gdk_x11_display_get_xdisplay (gdk_display_get_default ()), False);
  G_GNUC_END_IGNORE_DEPRECATIONS
  first->shown_us = g_get_monotonic_time ();
}

static gboolean
first_shown (gpointer data)
{
  return ((FirstLines *) data)->shown_us != 0;
}

static gboolean
settled (gpointer data)
{
  return !isc_log_view_get_loading (data) && isc_log_view_get_state (data) != ISC_LOG_VIEW_LOADING;
}

typedef struct
{
  double first_ms;
  double scroll_median;
  double scroll_p95;
  double rss_above_mb;
  guint  n_frames;
  guint  n_kept;
  gboolean dropped;
} PageRun;

static PageRun
run_page (IscClient *client)
{
  PageRun run = { 0 };
  g_autoptr(IscTarget) target = use_fake ? isc_target_new ("m1", ISC_TARGET_DEPLOYMENT, "d1", NULL, NULL)
                                         : isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                                           ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, NULL, NULL);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscLogView) log_view = isc_log_view_new (view);
  GtkWidget *window, *page, *list;
  FirstLines first = { 0 };
  g_autoptr(GArray) frames = NULL;
  double rss_before;
  gulong paint_id;

  isc_view_set_refresh_interval (view, 0);
  if (!use_fake)
    {
      g_autoptr(IscTimeRange) range = isc_time_range_new_relative ((gint64) range_hours * 60 * 60 * 1000);

      isc_view_set_range (view, range, NULL);
    }
  page = isc_logs_page_new ();
  isc_logs_page_set_log_view (ISC_LOGS_PAGE (page), log_view);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  test_run_frames (500);
  rss_before = rss_mb ();

  first.window = window;
  g_signal_connect (isc_log_view_get_lines (log_view), "items-changed", G_CALLBACK (lines_changed_cb), &first);
  paint_id = g_signal_connect_after (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (first_paint_cb), &first);
  isc_view_set_client (view, client);
  isc_view_set_target (view, target);
  isc_log_view_set_shown (log_view, TRUE);
  g_assert_true (test_wait_for (first_shown, &first));
  g_signal_handler_disconnect (gtk_widget_get_frame_clock (window), paint_id);
  g_signal_handlers_disconnect_by_func (isc_log_view_get_lines (log_view), lines_changed_cb, &first);
  run.first_ms = (first.shown_us - first.answered_us) / 1000.0;

  /* Every line of the range. */
  g_assert_true (test_wait_for (settled, log_view));
  while (isc_log_view_get_can_load_earlier (log_view))
    {
      isc_log_view_load_earlier (log_view);
      g_assert_true (test_wait_for (settled, log_view));
    }
  run.n_kept = g_list_model_get_n_items (isc_log_view_get_lines (log_view));
  run.dropped = isc_log_view_get_dropped (log_view);

  list = GTK_WIDGET (isc_logs_page_get_list_view (ISC_LOGS_PAGE (page)));
  frames = time_scroll (window, list, g_list_model_get_n_items (isc_log_view_get_lines (log_view)));
  run.scroll_median = percentile (frames, 0.5);
  run.scroll_p95 = percentile (frames, 0.95);
  run.n_frames = frames->len;
  run.rss_above_mb = rss_mb () - rss_before;

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (100);
  return run;
}

/* The peer: a bare GtkListView of as many GtkLabels */

static void
peer_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
peer_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item)
{
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

static guint peer_lines = ISC_LOG_VIEW_MAX_LINES;

static void
run_peer (double *median,
          double *p95)
{
  GtkStringList *strings = gtk_string_list_new (NULL);
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *window, *scrolled, *list;
  g_autoptr(GArray) frames = NULL;

  for (guint i = 0; i < peer_lines; i++)
    {
      g_autofree char *text = g_strdup_printf ("08:15:03.123  INFO  replica-a  req-%u  line %u of the peer", i, i);

      gtk_string_list_append (strings, text);
    }
  g_signal_connect (factory, "setup", G_CALLBACK (peer_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (peer_bind_cb), NULL);
  list = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (strings))), factory);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  gtk_window_present (GTK_WINDOW (window));
  test_run_frames (500);

  frames = time_scroll (window, list, g_list_model_get_n_items (G_LIST_MODEL (strings)));
  *median = percentile (frames, 0.5);
  *p95 = percentile (frames, 0.95);
  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (100);
}

static double
median_of (GArray *values)
{
  return percentile (values, 0.5);
}

int
main (int   argc,
      char *argv[])
{
  GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &n_runs, "Runs (5)", "N" },
    { "lines", 0, 0, G_OPTION_ARG_INT, &n_lines, "With --fake, lines in the range (50000)", "N" },
    { "log-rate", 0, 0, G_OPTION_ARG_INT, &log_rate, "The demo's log rate (64)", "N" },
    { "hours", 0, 0, G_OPTION_ARG_INT, &range_hours, "The demo's range, the last N hours (12)", "N" },
    { "fake", 0, 0, G_OPTION_ARG_NONE, &use_fake, "The tests' fake logs server, not the demo", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) first = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) median = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) p95 = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) peer_median = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) peer_p95 = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) rss = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(Fake) fake = NULL;
  g_autoptr(IscDemoServer) demo = NULL;
  g_autoptr(IscClient) demo_client = NULL;
  IscClient *client;
  guint kept = 0;
  double m;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_init ();
  adw_init ();

  if (use_fake)
    {
      /* The lines of the last 55 minutes, newest a few seconds ago. */
      fake = fake_new ();
      fake_add_lines (fake, n_lines, 55 * 60 * 1000 / n_lines, 2000);
      client = fake->client;
    }
  else
    {
      demo = isc_demo_server_new (42, NULL);
      isc_demo_server_set_log_rate (demo, log_rate);
      if (!isc_demo_server_run_in_thread (demo, 0, &error) ||
          (demo_client = isc_client_new (isc_demo_server_get_base_url (demo), NULL, &error)) == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      client = demo_client;
    }

  for (guint r = 0; r < n_runs; r++)
    {
      PageRun run = run_page (client);
      double pm, pp;

      peer_lines = run.n_kept;

      run_peer (&pm, &pp);
      g_array_append_val (first, run.first_ms);
      g_array_append_val (median, run.scroll_median);
      g_array_append_val (p95, run.scroll_p95);
      g_array_append_val (rss, run.rss_above_mb);
      g_array_append_val (peer_median, pm);
      g_array_append_val (peer_p95, pp);
      kept = run.n_kept;
      printf ("run %u: %u lines kept%s; first lines %.1f ms; scroll %u frames, median %.2f ms, p95 %.2f ms; "
              "peer median %.2f ms, p95 %.2f ms; RSS +%.1f MB\n",
              r + 1, run.n_kept, run.dropped ? " (older dropped)" : "", run.first_ms, run.n_frames,
              run.scroll_median, run.scroll_p95, pm, pp, run.rss_above_mb);
      fflush (stdout);
    }

  g_clear_object (&demo_client);
  if (demo != NULL)
    isc_demo_server_stop (demo);
  m = median_of (first);
  printf ("first lines  median %.1f ms  target ≤ 300 ms  %s\n", m, m <= 300 ? "met" : "MISSED");
  m = median_of (median);
  printf ("scroll       median frame %.2f ms (%.0f fps), p95 %.2f ms; peer median %.2f ms, p95 %.2f ms; "
          "ratio %.2f  target ≥ 60 fps (median ≤ 16.7 ms)  %s\n",
          m, 1000.0 / MAX (m, 0.001), median_of (p95), median_of (peer_median), median_of (peer_p95),
          m / MAX (median_of (peer_median), 0.001), m <= 16.7 ? "met" : "MISSED");
  m = median_of (rss);
  printf ("memory       +%.1f MB with %u lines  target ≤ 100 MB  %s\n", m, kept, m <= 100 ? "met" : "MISSED");
  return 0;
}
