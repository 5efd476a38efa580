/* test-compare-view.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The view's compare: a second query of the same shape beside its own,
 * shifted back or of another target, and a failure of its own. HTTP only
 * to 127.0.0.1: a SoupServer that keeps each request's query, or the
 * simulated API in a thread. */

#include "config.h"

#include <string.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-test-util.h"
#include "isc-view.h"

#define HOUR_MS ((gint64) 60 * 60 * 1000)

#define SERIES_BODY \
  "{\"start_epoch_millis\":1700000000000,\"end_epoch_millis\":1700000060000," \
  "\"mode\":\"SERIES\",\"step_seconds\":30,\"metric_descriptors\":[" \
  "{\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}]," \
  "\"metric_values\":[{\"start_epoch_millis\":1700000000000,\"values\":[[1]]}," \
  "{\"start_epoch_millis\":1700000030000,\"values\":[[2]]}]}"

typedef struct
{
  SoupServer *server;
  GPtrArray  *requests;  /* "path?query" */
} Recorder;

/* @body, a SERIES answer, in the mode the request asked (a CURRENT one
 * with its last value set only): Inferscope refuses an answer to another
 * question. */
static char *
answer_in_mode (const char *body,
                GHashTable *query)
{
  const char *mode = query != NULL ? g_hash_table_lookup (query, "mode") : NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root;

  if (!json_parser_load_from_data (parser, body, -1, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return g_strdup (body);

  root = json_node_get_object (json_parser_get_root (parser));
  json_object_set_string_member (root, "mode", mode != NULL ? mode : "CURRENT");
  if (g_strcmp0 (mode, "SERIES") != 0 && json_object_has_member (root, "metric_values"))
    {
      JsonArray *sets = json_object_get_array_member (root, "metric_values");

      while (json_array_get_length (sets) > 1)
        json_array_remove_element (sets, 0);
    }

  return json_to_string (json_parser_get_root (parser), FALSE);
}

static void
recorder_callback (SoupServer        *server,
                   SoupServerMessage *message,
                   const char        *path,
                   GHashTable        *query,
                   gpointer           user_data)
{
  Recorder *recorder = user_data;
  GUri *uri = soup_server_message_get_uri (message);
  char *answer;

  g_ptr_array_add (recorder->requests, g_strdup_printf ("%s?%s", path, g_uri_get_query (uri)));
  soup_server_message_set_status (message, 200, NULL);
  answer = answer_in_mode (SERIES_BODY, query);
  soup_server_message_set_response (message, "application/json", SOUP_MEMORY_TAKE,
                                    answer, strlen (answer));
}

static IscClient *
recorder_start (Recorder *recorder)
{
  g_autoptr(GError) error = NULL;
  g_autoslist(GUri) uris = NULL;
  g_autofree char *base_url = NULL;
  IscClient *client;

  recorder->server = soup_server_new (NULL, NULL);
  recorder->requests = g_ptr_array_new_with_free_func (g_free);
  soup_server_add_handler (recorder->server, NULL, recorder_callback, recorder, NULL);
  g_assert_true (soup_server_listen_local (recorder->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error));
  g_assert_no_error (error);
  uris = soup_server_get_uris (recorder->server);
  base_url = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  client = isc_client_new (base_url, "test-key", &error);
  g_assert_no_error (error);
  return client;
}

static void
recorder_stop (Recorder *recorder)
{
  soup_server_disconnect (recorder->server);
  g_clear_object (&recorder->server);
  g_clear_pointer (&recorder->requests, g_ptr_array_unref);
}

static IscDemoServer *
start_demo (IscClient **client)
{
  IscDemoServer *server = isc_demo_server_new (1, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  *client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);
  return server;
}

static IscTarget *
chat_production (void)
{
  return isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production", "demo-chat", "production");
}

static gboolean
two_requests (gpointer data)
{
  Recorder *recorder = data;

  return recorder->requests->len >= 2;
}

static gboolean
compare_settled (gpointer data)
{
  IscView *view = data;

  return isc_view_get_state (view) == ISC_VIEW_READY && !isc_view_get_loading (view) &&
         (isc_view_get_compare_response (view) != NULL || isc_view_get_compare_error (view) != NULL);
}

static void
count_compare_answers (IscView    *view,
                       GParamSpec *pspec,
                       guint      *n_answers)
{
  if (isc_view_get_compare_response (view) != NULL)
    (*n_answers)++;
}

static gboolean
compare_answered (gpointer data)
{
  return *(guint *) data > 0;
}

/* Refresh after refresh of the last hour compared with the day before,
 * the response cache keeps the view's own answer, not one more file per
 * refresh: the shifted window is resolved from now, a key of its own
 * every time, never asked again (they filled the cache to its bound, and
 * every store lists the cache, so each refresh cost more than the one
 * before). */
static void
test_cache_flat (void)
{
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscDemoServer) server = start_demo (&client);
  g_autofree char *dir = test_temp_dir ();
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (dir, 0);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_production ();
  const char *metrics[] = { "baseten_inference_requests_total", NULL };
  guint n_answers = 0;

  isc_client_set_cache (client, cache);
  isc_view_set_metrics (view, metrics);
  isc_view_set_client (view, client);
  isc_view_set_target (view, target);
  g_signal_connect (view, "notify::compare-response", G_CALLBACK (count_compare_answers), &n_answers);
  isc_view_set_compare_shift (view, ISC_VIEW_SHIFT_DAY);
  g_assert_true (test_wait_for (compare_settled, view));
  g_assert_true (test_wait_for (compare_answered, &n_answers));

  for (guint i = 0; i < 4; i++)
    {
      /* Refreshes a few milliseconds apart: each its own shifted window. */
      test_run_frames (5);
      n_answers = 0;
      isc_view_refresh (view);
      g_assert_true (test_wait_for (compare_answered, &n_answers));
      g_assert_true (test_wait_for (compare_settled, view));
    }

  /* The view's own "last hour", once. */
  g_assert_cmpuint (test_count_files (dir), ==, 1);

  g_signal_handlers_disconnect_by_data (view, &n_answers);
  isc_client_set_cache (client, NULL);
  test_remove_dir (dir);
}

/* The second request asks the same target, mode and metrics a week
 * back: the window's start and end, each minus 7 days. */
static void
test_week_query (void)
{
  Recorder recorder = { 0 };
  g_autoptr(IscClient) client = recorder_start (&recorder);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_production ();
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 start_ms = now_ms - 2 * HOUR_MS, end_ms = now_ms - HOUR_MS;
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (start_ms, end_ms);
  const char *metrics[] = { "baseten_replicas_active", NULL };
  g_autofree char *main_query = NULL;
  g_autofree char *week_query = NULL;
  const char *first, *second;

  isc_view_set_range (view, range, NULL);
  isc_view_set_metrics (view, metrics);
  isc_view_set_target (view, target);
  isc_view_set_compare_shift (view, ISC_VIEW_SHIFT_WEEK);
  isc_view_set_client (view, client);
  g_assert_true (test_wait_for (two_requests, &recorder));
  g_assert_true (test_wait_for (compare_settled, view));

  main_query = g_strdup_printf ("/v1/models/demo-chat/environments/production/metrics?mode=SERIES"
                                "&start_epoch_millis=%" G_GINT64_FORMAT "&end_epoch_millis=%" G_GINT64_FORMAT
                                "&metrics=baseten_replicas_active", start_ms, end_ms);
  week_query = g_strdup_printf ("/v1/models/demo-chat/environments/production/metrics?mode=SERIES"
                                "&start_epoch_millis=%" G_GINT64_FORMAT "&end_epoch_millis=%" G_GINT64_FORMAT
                                "&metrics=baseten_replicas_active",
                                start_ms - ISC_VIEW_SHIFT_WEEK, end_ms - ISC_VIEW_SHIFT_WEEK);
  first = g_ptr_array_index (recorder.requests, 0);
  second = g_ptr_array_index (recorder.requests, 1);
  /* Either may leave first. */
  g_assert_true ((g_str_equal (first, main_query) && g_str_equal (second, week_query)) ||
                 (g_str_equal (first, week_query) && g_str_equal (second, main_query)));
  g_assert_nonnull (isc_view_get_compare_response (view));
  g_assert_no_error ((GError *) isc_view_get_compare_error (view));

  {
    g_autofree char *label = isc_view_dup_compare_label (view);

    g_assert_cmpstr (label, ==, "last week");
  }

  /* None: the compared answer goes, nothing more is asked. */
  isc_view_set_compare_shift (view, 0);
  g_assert_null (isc_view_get_compare_response (view));
  test_run_frames (100);
  g_assert_cmpuint (recorder.requests->len, ==, 2);

  recorder_stop (&recorder);
}

/* Against the simulated API the week-back answer's window lies a week
 * before the view's own, step for step. */
static void
test_week_demo (void)
{
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscDemoServer) server = start_demo (&client);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_production ();
  const char *metrics[] = { "baseten_inference_requests_total", NULL };
  IscMetricsResponse *response, *compare;
  gint64 delta_start, delta_end;

  isc_view_set_metrics (view, metrics);
  isc_view_set_client (view, client);
  isc_view_set_target (view, target);
  isc_view_set_compare_shift (view, ISC_VIEW_SHIFT_WEEK);
  g_assert_true (test_wait_for (compare_settled, view));

  response = isc_view_get_response (view);
  compare = isc_view_get_compare_response (view);
  g_assert_nonnull (compare);
  g_assert_true (compare != response);
  delta_start = isc_metrics_response_get_start_ms (response) - isc_metrics_response_get_start_ms (compare);
  delta_end = isc_metrics_response_get_end_ms (response) - isc_metrics_response_get_end_ms (compare);
  /* Both asked within moments of each other. */
  g_assert_cmpint (ABS (delta_start - ISC_VIEW_SHIFT_WEEK), <, 5000);
  g_assert_cmpint (ABS (delta_end - ISC_VIEW_SHIFT_WEEK), <, 5000);
  g_assert_cmpuint (isc_metrics_response_get_n_steps (compare), >, 100);
  g_assert_nonnull (isc_metrics_response_lookup_metric (compare, "baseten_inference_requests_total"));
}

/* A compare that fails says so and leaves the main picture as it was. */
static void
test_failing_compare (void)
{
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscDemoServer) server = start_demo (&client);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(IscTarget) missing = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "no-such-deployment",
                                                 "demo-chat", "gone");
  const char *metrics[] = { "baseten_replicas_active", NULL };
  IscMetricsResponse *shown;

  isc_view_set_metrics (view, metrics);
  isc_view_set_client (view, client);
  isc_view_set_target (view, target);
  isc_view_set_compare_target (view, missing);
  g_assert_true (test_wait_for (compare_settled, view));

  g_assert_nonnull (isc_view_get_compare_error (view));
  g_assert_null (isc_view_get_compare_response (view));
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  g_assert_nonnull (isc_view_get_response (view));
  g_assert_no_error ((GError *) isc_view_get_error (view));
  g_assert_false (isc_view_get_stale (view));
  shown = isc_view_get_response (view);

  /* A refresh keeps both the picture and the compare's failure. */
  isc_view_refresh (view);
  g_assert_true (test_wait_for (compare_settled, view));
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  g_assert_nonnull (isc_view_get_response (view));
  g_assert_nonnull (isc_view_get_compare_error (view));
  (void) shown;

  /* Another target that exists: loaded, named by its own name. */
  {
    g_autoptr(IscTarget) d7 = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                              ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS, "demo-chat", "d7");
    g_autofree char *label = NULL;

    isc_view_set_compare_target (view, d7);
    g_assert_null (isc_view_get_compare_error (view));
    g_assert_true (test_wait_for (compare_settled, view));
    g_assert_nonnull (isc_view_get_compare_response (view));
    g_assert_no_error ((GError *) isc_view_get_compare_error (view));
    label = isc_view_dup_compare_label (view);
    g_assert_cmpstr (label, ==, "d7");
  }
}

/* A target and a shift exclude each other; Now compares nothing. */
static void
test_settings (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) d7 = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                            ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS, "demo-chat", "d7");
  g_autoptr(IscTarget) other = isc_target_new ("demo-embed", ISC_TARGET_ENVIRONMENT, "production",
                                               "demo-embed", "production");
  g_autoptr(IscTarget) target = chat_production ();
  g_autofree char *label = NULL;
  gint64 shift = 0;

  isc_view_set_target (view, target);
  isc_view_set_compare_shift (view, ISC_VIEW_SHIFT_DAY);
  isc_view_set_compare_target (view, d7);
  g_assert_cmpint (isc_view_get_compare_shift (view), ==, 0);
  g_assert_true (isc_target_equal (isc_view_get_compare_target (view), d7));
  isc_view_set_compare_shift (view, ISC_VIEW_SHIFT_HOUR);
  g_assert_null (isc_view_get_compare_target (view));
  label = isc_view_dup_compare_label (view);
  g_assert_cmpstr (label, ==, "1 hour earlier");

  /* Another model's target says its model. */
  isc_view_set_compare_target (view, other);
  g_free (label);
  label = isc_view_dup_compare_label (view);
  g_assert_cmpstr (label, ==, "demo-embed · production");

  g_assert_true (isc_view_parse_shift ("1w", &shift));
  g_assert_cmpint (shift, ==, ISC_VIEW_SHIFT_WEEK);
  g_assert_true (isc_view_parse_shift ("1d", &shift));
  g_assert_cmpint (shift, ==, ISC_VIEW_SHIFT_DAY);
  g_assert_false (isc_view_parse_shift ("2d", &shift));
  g_assert_false (isc_view_parse_shift (NULL, &shift));
}

/* What is compared comes back with the window's other state. */
static void
test_state (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscView) restored = isc_view_new ();
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(IscTarget) d7 = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                            ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS, "demo-chat", "d7");
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GVariant) garbage = NULL;

  isc_view_set_target (view, target);
  isc_view_set_compare_shift (view, ISC_VIEW_SHIFT_WEEK);
  state = g_variant_ref_sink (isc_view_save_state (view));
  isc_view_restore_state (restored, state);
  g_assert_cmpint (isc_view_get_compare_shift (restored), ==, ISC_VIEW_SHIFT_WEEK);
  g_assert_null (isc_view_get_compare_target (restored));

  isc_view_set_compare_target (view, d7);
  g_clear_pointer (&state, g_variant_unref);
  state = g_variant_ref_sink (isc_view_save_state (view));
  isc_view_restore_state (restored, state);
  g_assert_true (isc_target_equal (isc_view_get_compare_target (restored), d7));
  g_assert_cmpint (isc_view_get_compare_shift (restored), ==, 0);

  /* A shift past a week is not one the view offers: none. */
  garbage = g_variant_ref_sink (g_variant_new_parsed ("{'compare-shift': <int64 999999999999>}"));
  isc_view_restore_state (restored, garbage);
  g_assert_null (isc_view_get_compare_target (restored));
  g_assert_cmpint (isc_view_get_compare_shift (restored), ==, 0);
}

static gboolean
view_ready (gpointer data)
{
  return isc_view_get_state (data) == ISC_VIEW_READY && !isc_view_get_loading (data);
}

static void
test_now_compares_nothing (void)
{
  Recorder recorder = { 0 };
  g_autoptr(IscClient) client = recorder_start (&recorder);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_production ();

  isc_view_set_mode (view, ISC_MODE_CURRENT);
  isc_view_set_target (view, target);
  isc_view_set_compare_shift (view, ISC_VIEW_SHIFT_DAY);
  isc_view_set_client (view, client);
  g_assert_true (test_wait_for (view_ready, view));
  test_run_frames (100);
  /* The snapshot and its trend, no compared query. */
  g_assert_cmpuint (recorder.requests->len, ==, 2);
  g_assert_null (isc_view_get_compare_response (view));

  recorder_stop (&recorder);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/compare/view/week-query", test_week_query);
  g_test_add_func ("/isc/compare/view/week-demo", test_week_demo);
  g_test_add_func ("/isc/compare/view/failing", test_failing_compare);
  g_test_add_func ("/isc/compare/view/settings", test_settings);
  g_test_add_func ("/isc/compare/view/now", test_now_compares_nothing);
  g_test_add_func ("/isc/compare/view/state", test_state);
  g_test_add_func ("/isc/compare/view/cache-flat", test_cache_flat);

  return g_test_run ();
}
