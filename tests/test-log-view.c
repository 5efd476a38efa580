/* test-log-view.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's log view, without a display, against a SoupServer that
 * answers GET …/logs as baseten-api.md says: the window [start, end] in
 * ms (both ends in), direction, limit, the filters; lines of nanosecond
 * times. What the log view asks, what it keeps, Follow, Load Earlier,
 * the bound on kept lines and a refused search pattern.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-log-view.h"
#include "isc-test-logs.h"
#include "isc-test-util.h"

/* A window's view of the fake's one deployment over the last hour. */
static IscView *
new_view (Fake *fake)
{
  IscView *view = isc_view_new ();
  g_autoptr(IscTarget) target = isc_target_new ("m1", ISC_TARGET_DEPLOYMENT, "d1", NULL, NULL);

  /* The metrics are not what is tested: no refresh of them. */
  isc_view_set_refresh_interval (view, 0);
  isc_view_set_client (view, fake->client);
  isc_view_set_target (view, target);
  return view;
}

static gboolean
log_view_settled (gpointer data)
{
  IscLogView *log_view = data;

  return !isc_log_view_get_loading (log_view) && isc_log_view_get_state (log_view) != ISC_LOG_VIEW_LOADING;
}

static void
wait_settled (IscLogView *log_view)
{
  g_assert_true (test_wait_for (log_view_settled, log_view));
}

static guint
n_lines (IscLogView *log_view)
{
  return g_list_model_get_n_items (isc_log_view_get_lines (log_view));
}

static guint
index_at (IscLogView *log_view,
          guint       position)
{
  g_autoptr(IscLogLine) line = g_list_model_get_item (isc_log_view_get_lines (log_view), position);
  guint index = G_MAXUINT;

  g_assert_nonnull (line);
  g_assert_true (sscanf (isc_log_line_get_message (line), "line %u", &index) == 1);
  return index;
}

/* Every line once, oldest first, and the indexes @first … @last. */
static void
assert_lines (IscLogView *log_view,
              guint       first,
              guint       last)
{
  guint n = n_lines (log_view);

  g_assert_cmpuint (n, ==, last - first + 1);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (index_at (log_view, i), ==, first + i);
}

/* The lines of the range, newest at the bottom, once shown and not
 * before. */
static void
test_log_view_loads (void)
{
  g_autoptr(Fake) fake = fake_new ();
  g_autoptr(IscView) view = NULL;
  g_autoptr(IscLogView) log_view = NULL;
  g_autoptr(IscLogLine) last = NULL;

  fake_add_lines (fake, 300, 1000, 5000);
  view = new_view (fake);
  log_view = isc_log_view_new (view);

  /* The Logs page not shown: nothing asked. */
  test_run_frames (100);
  g_assert_cmpuint (fake->queries->len, ==, 0);
  g_assert_cmpint (isc_log_view_get_state (log_view), ==, ISC_LOG_VIEW_EMPTY);

  isc_log_view_set_shown (log_view, TRUE);
  g_assert_cmpint (isc_log_view_get_state (log_view), ==, ISC_LOG_VIEW_LOADING);
  wait_settled (log_view);
  g_assert_cmpint (isc_log_view_get_state (log_view), ==, ISC_LOG_VIEW_READY);
  g_assert_null (isc_log_view_get_error (log_view));
  assert_lines (log_view, 0, 299);
  /* All the range held came in one page: nothing earlier. */
  g_assert_false (isc_log_view_get_can_load_earlier (log_view));
  g_assert_false (isc_log_view_get_dropped (log_view));
  last = g_list_model_get_item (isc_log_view_get_lines (log_view), 299);
  g_assert_cmpint (isc_log_line_get_time_ns (last), ==, g_array_index (fake->lines, FakeLine, 299).time_ns);
  /* Line 299 has no level; 298 is an ERROR. */
  g_assert_cmpint (isc_log_line_get_level (last), ==, ISC_LOG_LEVEL_NONE);
  g_assert_cmpstr (isc_log_line_get_replica (last), ==, "replica-b");
  g_assert_cmpstr (isc_log_line_get_request_id (last), ==, "req-299");
  g_clear_object (&last);
  last = g_list_model_get_item (isc_log_view_get_lines (log_view), 298);
  g_assert_cmpint (isc_log_line_get_level (last), ==, ISC_LOG_LEVEL_ERROR);

  /* The path of the view's target, the window's range. */
  g_assert_nonnull (strstr (g_ptr_array_index (fake->queries, 0), "start_epoch_millis="));
  g_assert_nonnull (strstr (g_ptr_array_index (fake->queries, 0), "end_epoch_millis="));
}

/* Each filter reaches Baseten as the API spells it, and loads anew. */
static void
test_log_view_filters (void)
{
  g_autoptr(Fake) fake = fake_new ();
  g_autoptr(IscView) view = NULL;
  g_autoptr(IscLogView) log_view = NULL;
  const char *query;

  fake_add_lines (fake, 100, 1000, 5000);
  view = new_view (fake);
  log_view = isc_log_view_new (view);
  isc_log_view_set_shown (log_view, TRUE);
  wait_settled (log_view);
  g_assert_cmpuint (n_lines (log_view), ==, 100);

  isc_log_view_set_min_level (log_view, ISC_LOG_LEVEL_WARNING);
  wait_settled (log_view);
  query = g_ptr_array_index (fake->queries, fake->queries->len - 1);
  g_assert_nonnull (strstr (query, "min_level=WARNING"));
  /* A WARNING and an ERROR in every 6 lines: 3, 4, 9, 10, … 99. */
  g_assert_cmpuint (n_lines (log_view), ==, 33);
  for (guint i = 0; i < n_lines (log_view); i++)
    {
      g_autoptr(IscLogLine) line = g_list_model_get_item (isc_log_view_get_lines (log_view), i);

      g_assert_cmpint (isc_log_line_get_level (line), >=, ISC_LOG_LEVEL_WARNING);
    }

  isc_log_view_set_min_level (log_view, ISC_LOG_LEVEL_NONE);
  isc_log_view_set_replica (log_view, "replica-a");
  isc_log_view_set_request_id (log_view, "req-42");
  wait_settled (log_view);
  query = g_ptr_array_index (fake->queries, fake->queries->len - 1);
  g_assert_null (strstr (query, "min_level"));
  g_assert_nonnull (strstr (query, "replica=replica-a"));
  g_assert_nonnull (strstr (query, "request_id=req-42"));
  assert_lines (log_view, 42, 42);

  isc_log_view_set_replica (log_view, "");
  isc_log_view_set_request_id (log_view, NULL);
  isc_log_view_set_search_pattern (log_view, "line 7");
  wait_settled (log_view);
  query = g_ptr_array_index (fake->queries, fake->queries->len - 1);
  g_assert_null (strstr (query, "replica="));
  g_assert_nonnull (strstr (query, "search_pattern=line"));
  /* "line 7", "line 70" … "line 79" */
  g_assert_cmpuint (n_lines (log_view), ==, 11);
}

/* Load Earlier pages back to the range's start: no line lost or twice,
 * then no more to load. */
static void
test_log_view_load_earlier (void)
{
  g_autoptr(Fake) fake = fake_new ();
  g_autoptr(IscView) view = NULL;
  g_autoptr(IscLogView) log_view = NULL;
  guint pages = 0;

  /* 2,500 lines, one a second: the last 42 minutes. */
  fake_add_lines (fake, 2500, 1000, 5000);
  view = new_view (fake);
  log_view = isc_log_view_new (view);
  isc_log_view_set_shown (log_view, TRUE);
  wait_settled (log_view);
  assert_lines (log_view, 1500, 2499);
  g_assert_true (isc_log_view_get_can_load_earlier (log_view));

  while (isc_log_view_get_can_load_earlier (log_view) && pages < 10)
    {
      isc_log_view_load_earlier (log_view);
      g_assert_true (isc_log_view_get_loading (log_view));
      wait_settled (log_view);
      pages++;
    }
  g_assert_cmpuint (pages, <=, 3);
  assert_lines (log_view, 0, 2499);
  g_assert_false (isc_log_view_get_dropped (log_view));
}

static gboolean
has_queries (gpointer data)
{
  Fake *fake = ((gpointer *) data)[0];
  guint n = GPOINTER_TO_UINT (((gpointer *) data)[1]);

  return fake->queries->len >= n;
}

static gboolean
has_lines (gpointer data)
{
  IscLogView *log_view = ((gpointer *) data)[0];
  guint n = GPOINTER_TO_UINT (((gpointer *) data)[1]);

  return !isc_log_view_get_loading (log_view) && n_lines (log_view) >= n;
}

/* Follow adds the lines that came after the newest, only those, and
 * stops while the window is hidden. */
static void
test_log_view_follow (void)
{
  g_autoptr(Fake) fake = fake_new ();
  g_autoptr(IscView) view = NULL;
  g_autoptr(IscLogView) log_view = NULL;
  gpointer wait[2];
  guint asked;

  fake_add_lines (fake, 50, 1000, 3000);
  view = new_view (fake);
  log_view = isc_log_view_new (view);
  g_object_set (log_view, "follow-interval", 1, NULL);
  isc_log_view_set_shown (log_view, TRUE);
  wait_settled (log_view);
  assert_lines (log_view, 0, 49);
  g_assert_true (isc_log_view_get_can_follow (log_view));

  /* Not following: lines that come stay on the server. */
  fake_add_lines (fake, 5, 100, 0);
  asked = fake->queries->len;
  test_run_frames (1500);
  g_assert_cmpuint (fake->queries->len, ==, asked);
  g_assert_cmpuint (n_lines (log_view), ==, 50);

  /* Following: at once, then every interval. */
  isc_log_view_set_following (log_view, TRUE);
  wait[0] = log_view;
  wait[1] = GUINT_TO_POINTER (55);
  g_assert_true (test_wait_for (has_lines, wait));
  assert_lines (log_view, 0, 54);
  fake_add_lines (fake, 3, 10, 0);
  wait[1] = GUINT_TO_POINTER (58);
  g_assert_true (test_wait_for (has_lines, wait));
  test_run_frames (1200);
  assert_lines (log_view, 0, 57);

  /* The window hidden or minimised: no request. */
  isc_view_set_active (view, FALSE);
  test_run_frames (100);
  asked = fake->queries->len;
  fake_add_lines (fake, 2, 10, 0);
  test_run_frames (2500);
  g_assert_cmpuint (fake->queries->len, ==, asked);
  g_assert_cmpuint (n_lines (log_view), ==, 58);

  /* Back: polling again. */
  isc_view_set_active (view, TRUE);
  wait[0] = fake;
  wait[1] = GUINT_TO_POINTER (asked + 1);
  g_assert_true (test_wait_for (has_queries, wait));
  wait[0] = log_view;
  wait[1] = GUINT_TO_POINTER (60);
  g_assert_true (test_wait_for (has_lines, wait));
  assert_lines (log_view, 0, 59);

  /* The Logs page left: no request either. */
  isc_log_view_set_shown (log_view, FALSE);
  test_run_frames (100);
  asked = fake->queries->len;
  test_run_frames (2500);
  g_assert_cmpuint (fake->queries->len, ==, asked);

  /* An absolute range cannot be followed. */
  {
    g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (g_get_real_time () / 1000 - 10 * MINUTE_MS,
                                                                 g_get_real_time () / 1000 - 5 * MINUTE_MS);

    g_assert_true (isc_view_set_range (view, range, NULL));
    g_assert_false (isc_log_view_get_can_follow (log_view));
  }
}

/* At most max-lines are kept, the oldest dropped first, and then the
 * view says so and offers no Load Earlier (the lines before are gone). */
static void
test_log_view_bound (void)
{
  g_autoptr(Fake) fake = fake_new ();
  g_autoptr(IscView) view = NULL;
  g_autoptr(IscLogView) log_view = NULL;
  guint pages = 0, n;

  /* 51,500 lines in the last hour: 65 ms apart. */
  fake_add_lines (fake, 51500, 65, 5000);
  view = new_view (fake);
  log_view = isc_log_view_new (view);
  g_assert_cmpuint (isc_log_view_get_max_lines (log_view), ==, 50000);
  isc_log_view_set_shown (log_view, TRUE);
  wait_settled (log_view);
  g_assert_cmpuint (n_lines (log_view), ==, 1000);

  while (isc_log_view_get_can_load_earlier (log_view) && pages < 60)
    {
      isc_log_view_load_earlier (log_view);
      wait_settled (log_view);
      pages++;
    }
  n = n_lines (log_view);
  g_assert_cmpuint (n, ==, 50000);
  g_assert_true (isc_log_view_get_dropped (log_view));
  g_assert_cmpuint (isc_log_view_get_n_dropped (log_view), >, 0);
  g_assert_false (isc_log_view_get_can_load_earlier (log_view));
  /* The newest kept, the oldest gone. */
  g_assert_cmpuint (index_at (log_view, n - 1), ==, 51499);
  g_assert_cmpuint (index_at (log_view, 0), ==, 1500);
  g_assert_cmpuint (index_at (log_view, 1), ==, 1501);

  /* A smaller bound drops the oldest at once. */
  isc_log_view_set_max_lines (log_view, 10);
  assert_lines (log_view, 51490, 51499);

  /* Another query starts afresh: nothing dropped. */
  isc_log_view_set_min_level (log_view, ISC_LOG_LEVEL_ERROR);
  g_assert_false (isc_log_view_get_dropped (log_view));
  wait_settled (log_view);
}

/* A pattern Baseten refuses is its own error, for beside the search
 * field; the next good pattern clears it. */
static void
test_log_view_refused_pattern (void)
{
  g_autoptr(Fake) fake = fake_new ();
  g_autoptr(IscView) view = NULL;
  g_autoptr(IscLogView) log_view = NULL;
  const GError *error;

  fake_add_lines (fake, 20, 1000, 5000);
  view = new_view (fake);
  log_view = isc_log_view_new (view);
  isc_log_view_set_shown (log_view, TRUE);
  wait_settled (log_view);
  g_assert_null (isc_log_view_get_search_error (log_view));

  isc_log_view_set_search_pattern (log_view, "line (");
  wait_settled (log_view);
  g_assert_cmpint (isc_log_view_get_state (log_view), ==, ISC_LOG_VIEW_ERROR);
  error = isc_log_view_get_search_error (log_view);
  g_assert_nonnull (error);
  g_assert_true (error == isc_log_view_get_error (log_view) ||
                 g_error_matches (isc_log_view_get_error (log_view), error->domain, error->code));
  g_assert_nonnull (strstr (error->message, "search_pattern"));

  isc_log_view_set_search_pattern (log_view, "line 1");
  wait_settled (log_view);
  g_assert_null (isc_log_view_get_search_error (log_view));
  g_assert_null (isc_log_view_get_error (log_view));
  g_assert_cmpint (isc_log_view_get_state (log_view), ==, ISC_LOG_VIEW_READY);

  /* A filter that matches nothing is no error. */
  isc_log_view_set_request_id (log_view, "nobody");
  wait_settled (log_view);
  g_assert_cmpint (isc_log_view_get_state (log_view), ==, ISC_LOG_VIEW_NO_LINES);
  g_assert_null (isc_log_view_get_error (log_view));
}

static void
note_ready_lines (IscLogView *log_view,
                  GParamSpec *pspec,
                  guint      *n_at_ready)
{
  if (isc_log_view_get_state (log_view) == ISC_LOG_VIEW_READY)
    *n_at_ready = n_lines (log_view);
}

/* The window's moment in the range (Logs at This Time): the first load
 * goes back, page by page, until it holds the moment, and is ready only
 * then, so the list opens at the moment however many lines came after
 * it. No further than that, and not past max-lines; a moment outside
 * the range is not looked for. */
static void
test_log_view_reaches_moment (void)
{
  g_autoptr(Fake) fake = fake_new ();
  g_autoptr(IscView) view = NULL;
  g_autoptr(IscLogView) log_view = NULL;
  gint64 moment_ms;
  guint n_at_ready = 0;

  /* 2,500 lines, one a second: the newest page is lines 1500 … 2499,
   * the moment at line 700. */
  fake_add_lines (fake, 2500, 1000, 5000);
  moment_ms = g_array_index (fake->lines, FakeLine, 700).time_ns / 1000000;
  view = new_view (fake);
  isc_view_set_cursor_time (view, moment_ms);
  log_view = isc_log_view_new (view);
  g_signal_connect (log_view, "notify::state", G_CALLBACK (note_ready_lines), &n_at_ready);
  isc_log_view_set_shown (log_view, TRUE);
  wait_settled (log_view);

  /* One page back (a page back starts with the oldest line's
   * millisecond, so it brings 999 new lines): ready once, with all. */
  g_assert_cmpint (isc_log_view_get_state (log_view), ==, ISC_LOG_VIEW_READY);
  assert_lines (log_view, 501, 2499);
  g_assert_cmpuint (n_at_ready, ==, 1999);
  g_assert_cmpuint (fake->queries->len, ==, 2);
  g_assert_cmpuint (index_at (log_view, isc_log_view_find_time (log_view, moment_ms)), ==, 700);
  g_assert_true (isc_log_view_get_can_load_earlier (log_view));

  /* Not past what is kept: the newest page, and Load Earlier. */
  isc_log_view_set_max_lines (log_view, 1500);
  isc_view_set_cursor_time (view, g_array_index (fake->lines, FakeLine, 200).time_ns / 1000000);
  isc_log_view_reload (log_view);
  wait_settled (log_view);
  assert_lines (log_view, 1500, 2499);
  g_assert_false (isc_log_view_get_dropped (log_view));
  g_assert_true (isc_log_view_get_can_load_earlier (log_view));

  /* Not past ten pages: a moment set far back in a busy range waits
   * for Load Earlier. 15,000 lines, one every 200 ms: the first at
   * line 100 is 14 pages back. */
  {
    g_autoptr(Fake) busy = fake_new ();
    g_autoptr(IscView) busy_view = NULL;
    g_autoptr(IscLogView) busy_log = NULL;

    fake_add_lines (busy, 15000, 200, 5000);
    busy_view = new_view (busy);
    isc_view_set_cursor_time (busy_view, g_array_index (busy->lines, FakeLine, 100).time_ns / 1000000);
    busy_log = isc_log_view_new (busy_view);
    isc_log_view_set_shown (busy_log, TRUE);
    wait_settled (busy_log);
    g_assert_cmpint (isc_log_view_get_state (busy_log), ==, ISC_LOG_VIEW_READY);
    g_assert_cmpuint (busy->queries->len, ==, 11);
    g_assert_cmpuint (index_at (busy_log, n_lines (busy_log) - 1), ==, 14999);
    g_assert_cmpuint (index_at (busy_log, 0), >, 100);
    g_assert_true (isc_log_view_get_can_load_earlier (busy_log));
  }

  /* A moment before the range: the newest page alone. */
  isc_log_view_set_max_lines (log_view, ISC_LOG_VIEW_MAX_LINES);
  isc_view_set_cursor_time (view, g_get_real_time () / 1000 - 2 * 3600 * 1000);
  isc_log_view_reload (log_view);
  wait_settled (log_view);
  assert_lines (log_view, 1500, 2499);
}

/* The line at a moment: the first at or after it. */
static void
test_log_view_find_time (void)
{
  g_autoptr(Fake) fake = fake_new ();
  g_autoptr(IscView) view = NULL;
  g_autoptr(IscLogView) log_view = NULL;
  gint64 ms;

  fake_add_lines (fake, 100, 1000, 5000);
  view = new_view (fake);
  log_view = isc_log_view_new (view);
  g_assert_cmpuint (isc_log_view_find_time (log_view, 0), ==, G_MAXUINT);
  isc_log_view_set_shown (log_view, TRUE);
  wait_settled (log_view);

  ms = g_array_index (fake->lines, FakeLine, 40).time_ns / 1000000;
  g_assert_cmpuint (isc_log_view_find_time (log_view, ms), ==, 40);
  g_assert_cmpuint (isc_log_view_find_time (log_view, ms + 1), ==, 41);
  g_assert_cmpuint (isc_log_view_find_time (log_view, 0), ==, 0);
  g_assert_cmpuint (isc_log_view_find_time (log_view, G_MAXINT64), ==, 99);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/log-view/loads", test_log_view_loads);
  g_test_add_func ("/isc/log-view/filters", test_log_view_filters);
  g_test_add_func ("/isc/log-view/load-earlier", test_log_view_load_earlier);
  g_test_add_func ("/isc/log-view/follow", test_log_view_follow);
  g_test_add_func ("/isc/log-view/bound", test_log_view_bound);
  g_test_add_func ("/isc/log-view/refused-pattern", test_log_view_refused_pattern);
  g_test_add_func ("/isc/log-view/reaches-moment", test_log_view_reaches_moment);
  g_test_add_func ("/isc/log-view/find-time", test_log_view_find_time);

  return g_test_run ();
}
