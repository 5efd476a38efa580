/* test-view.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-api-error.h"
#include "isc-catalogue.h"
#include "isc-demo-server.h"
#include "isc-response-cache.h"
#include "isc-test-util.h"
#include "isc-view.h"

/* Every server here listens on 127.0.0.1 inside the test process: the
 * simulated API in a thread of its own, or a SoupServer in this thread
 * that answers what the test says and keeps each request's query. */

#define HOUR_MS ((gint64) 60 * 60 * 1000)
#define DAY_MS  (24 * HOUR_MS)

#define SERIES_BODY \
  "{\"start_epoch_millis\":1700000000000,\"end_epoch_millis\":1700000060000," \
  "\"mode\":\"SERIES\",\"step_seconds\":30,\"metric_descriptors\":[" \
  "{\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}]," \
  "\"metric_values\":[{\"start_epoch_millis\":1700000000000,\"values\":[[1]]}," \
  "{\"start_epoch_millis\":1700000030000,\"values\":[[2]]}]}"

/* A deployment just made: every series there, every value null. */
#define ALL_NULL_BODY \
  "{\"start_epoch_millis\":1700000000000,\"end_epoch_millis\":1700000060000," \
  "\"mode\":\"SERIES\",\"step_seconds\":30,\"metric_descriptors\":[" \
  "{\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}," \
  "{\"name\":\"baseten_inference_requests_total\",\"unit_hint\":\"COUNT\",\"kind\":\"COUNTER\"," \
  "\"label_sets\":[{\"status\":\"2xx\"},{\"status\":\"5xx\"}]}]," \
  "\"metric_values\":[{\"start_epoch_millis\":1700000000000,\"values\":[[null],[null,null]]}," \
  "{\"start_epoch_millis\":1700000030000,\"values\":[[null],[null,null]]}]}"

/* A recording server */

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

typedef struct
{
  SoupServer *server;
  char       *base_url;
  GPtrArray  *queries;
  GPtrArray  *paths;
  guint       status;
  char       *body;
  const char *retry_after;
  IscClient  *client;
} Recorder;

static void
recorder_callback (SoupServer        *server,
                   SoupServerMessage *message,
                   const char        *path,
                   GHashTable        *query,
                   gpointer           user_data)
{
  Recorder *recorder = user_data;
  GUri *uri = soup_server_message_get_uri (message);

  g_ptr_array_add (recorder->queries, g_strdup (g_uri_get_query (uri)));
  g_ptr_array_add (recorder->paths, g_strdup (path));

  soup_server_message_set_status (message, recorder->status, NULL);
  if (recorder->retry_after != NULL)
    soup_message_headers_replace (soup_server_message_get_response_headers (message),
                                  "Retry-After", recorder->retry_after);
  if (recorder->body != NULL)
    {
      char *answer = answer_in_mode (recorder->body, query);

      soup_server_message_set_response (message, "application/json", SOUP_MEMORY_TAKE,
                                        answer, strlen (answer));
    }
}

static void
recorder_answer (Recorder   *recorder,
                 guint       status,
                 const char *body)
{
  recorder->status = status;
  g_free (recorder->body);
  recorder->body = g_strdup (body);
}

static Recorder *
recorder_new (void)
{
  Recorder *recorder = g_new0 (Recorder, 1);
  g_autoptr(GError) error = NULL;
  g_autoslist(GUri) uris = NULL;

  recorder->server = soup_server_new (NULL, NULL);
  recorder->queries = g_ptr_array_new_with_free_func (g_free);
  recorder->paths = g_ptr_array_new_with_free_func (g_free);
  recorder_answer (recorder, SOUP_STATUS_OK, SERIES_BODY);
  soup_server_add_handler (recorder->server, NULL, recorder_callback, recorder, NULL);

  soup_server_listen_local (recorder->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);

  uris = soup_server_get_uris (recorder->server);
  recorder->base_url = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  recorder->client = isc_client_new (recorder->base_url, NULL, &error);
  g_assert_no_error (error);

  return recorder;
}

static void
recorder_free (Recorder *recorder)
{
  g_clear_object (&recorder->client);
  soup_server_disconnect (recorder->server);
  g_clear_object (&recorder->server);
  g_ptr_array_unref (recorder->queries);
  g_ptr_array_unref (recorder->paths);
  g_free (recorder->base_url);
  g_free (recorder->body);
  g_free (recorder);

  /* Let closed connections finish in this test, not the next. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Recorder, recorder_free)

/* Waiting on a view */

static gboolean
view_settled (gpointer data)
{
  IscView *view = data;

  return !isc_view_get_loading (view) &&
         isc_view_get_state (view) != ISC_VIEW_LOADING;
}

static gboolean
view_has_trend (gpointer data)
{
  return view_settled (data) && isc_view_get_trend (data) != NULL;
}

typedef struct
{
  Recorder *recorder;
  guint     n;
} Count;

static gboolean
has_requests (gpointer data)
{
  Count *count = data;

  return count->recorder->queries->len >= count->n;
}

static void
wait_settled (IscView *view)
{
  g_assert_true (test_wait_for (view_settled, view));
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    user_data)
{
  (*(guint *) user_data)++;
}

static IscTarget *
embed_target (void)
{
  return isc_target_new (ISC_DEMO_MODEL_EMBED, ISC_TARGET_DEPLOYMENT,
                         ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION, NULL, NULL);
}

static IscTarget *
chat_target (void)
{
  return isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                         ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, "Chat", "Production");
}

/* Tests */

static void
test_view_defaults (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  const IscTimeRange *range = isc_view_get_range (view);

  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_EMPTY);
  g_assert_cmpint (isc_view_get_mode (view), ==, ISC_MODE_SERIES);
  g_assert_nonnull (range);
  g_assert_cmpint (range->kind, ==, ISC_TIME_RANGE_RELATIVE);
  g_assert_cmpint (range->duration_ms, ==, ISC_VIEW_DEFAULT_RANGE_MS);
  g_assert_cmpuint (isc_view_get_refresh_interval (view), ==, ISC_VIEW_DEFAULT_REFRESH_SECONDS);
  g_assert_false (isc_view_get_can_go_back (view));
  g_assert_false (isc_view_get_can_go_forward (view));
  /* No client, no target: nothing to refresh. */
  g_assert_false (isc_view_get_auto_refresh (view));
  g_assert_false (isc_view_get_loading (view));
  g_assert_null (isc_view_get_response (view));
  g_assert_null (isc_view_dup_query (view));
  g_assert_null (isc_view_get_metrics (view));
}

/* The window's moment: one value its pages share, said once per change,
 * and no load. */
static void
test_view_cursor_time (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  guint notifies = 0;

  g_assert_cmpint (isc_view_get_cursor_time (view), ==, -1);
  g_signal_connect (view, "notify::cursor-time", G_CALLBACK (count_notify), &notifies);
  isc_view_set_cursor_time (view, G_GINT64_CONSTANT (1796051832345));
  g_assert_cmpint (isc_view_get_cursor_time (view), ==, G_GINT64_CONSTANT (1796051832345));
  g_assert_cmpuint (notifies, ==, 1);
  isc_view_set_cursor_time (view, G_GINT64_CONSTANT (1796051832345));
  g_assert_cmpuint (notifies, ==, 1);
  isc_view_set_cursor_time (view, -5);
  g_assert_cmpint (isc_view_get_cursor_time (view), ==, -1);
  g_assert_cmpuint (notifies, ==, 2);
  g_assert_false (isc_view_get_loading (view));
}

static void
test_view_history (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTimeRange) six = isc_time_range_new_relative (6 * HOUR_MS);
  g_autoptr(IscTimeRange) day = isc_time_range_new_relative (DAY_MS);
  g_autoptr(IscTimeRange) quarter = isc_time_range_new_relative (15 * 60 * 1000);
  g_autoptr(GError) error = NULL;
  guint back_notifies = 0, forward_notifies = 0, range_notifies = 0;

  g_signal_connect (view, "notify::can-go-back", G_CALLBACK (count_notify), &back_notifies);
  g_signal_connect (view, "notify::can-go-forward", G_CALLBACK (count_notify), &forward_notifies);
  g_signal_connect (view, "notify::range", G_CALLBACK (count_notify), &range_notifies);

  g_assert_false (isc_view_go_back (view));
  g_assert_false (isc_view_go_forward (view));

  g_assert_true (isc_view_set_range (view, six, &error));
  g_assert_no_error (error);
  g_assert_true (isc_view_get_can_go_back (view));
  g_assert_cmpuint (back_notifies, ==, 1);
  g_assert_cmpuint (range_notifies, ==, 1);

  /* The same range again is no step. */
  g_assert_true (isc_view_set_range (view, six, &error));
  g_assert_cmpuint (range_notifies, ==, 1);

  g_assert_true (isc_view_set_range (view, day, &error));
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), day));

  g_assert_true (isc_view_go_back (view));
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), six));
  g_assert_true (isc_view_get_can_go_forward (view));
  g_assert_cmpuint (forward_notifies, ==, 1);

  g_assert_true (isc_view_go_back (view));
  g_assert_cmpint (isc_view_get_range (view)->duration_ms, ==, ISC_VIEW_DEFAULT_RANGE_MS);
  g_assert_false (isc_view_get_can_go_back (view));
  g_assert_cmpuint (back_notifies, ==, 2);
  g_assert_false (isc_view_go_back (view));

  g_assert_true (isc_view_go_forward (view));
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), six));
  g_assert_true (isc_view_get_can_go_forward (view));

  /* A new range clears what Forward would go to. */
  g_assert_true (isc_view_set_range (view, quarter, &error));
  g_assert_false (isc_view_get_can_go_forward (view));
  g_assert_cmpuint (forward_notifies, ==, 2);
  g_assert_false (isc_view_go_forward (view));
  g_assert_true (isc_view_go_back (view));
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), six));
}

static void
test_view_range_refused (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  gint64 now_ms = g_get_real_time () / 1000;
  g_autoptr(IscTimeRange) eight_days = isc_time_range_new_relative (8 * DAY_MS);
  g_autoptr(IscTimeRange) long_abs = isc_time_range_new_absolute (now_ms - 7 * DAY_MS - 1, now_ms);
  g_autoptr(IscTimeRange) backwards = isc_time_range_new_absolute (now_ms, now_ms - HOUR_MS);
  g_autoptr(IscTimeRange) empty = isc_time_range_new_absolute (now_ms, now_ms);
  g_autoptr(IscTimeRange) seven_days = isc_time_range_new_relative (7 * DAY_MS);
  g_autoptr(GError) error = NULL;
  guint range_notifies = 0;

  g_signal_connect (view, "notify::range", G_CALLBACK (count_notify), &range_notifies);

  g_assert_false (isc_view_set_range (view, eight_days, &error));
  g_assert_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_TOO_LONG);
  g_assert_nonnull (strstr (error->message, "7 days"));
  g_clear_error (&error);

  g_assert_false (isc_view_set_range (view, long_abs, &error));
  g_assert_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_TOO_LONG);
  g_clear_error (&error);

  g_assert_false (isc_view_set_range (view, backwards, &error));
  g_assert_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_ORDER);
  g_clear_error (&error);

  g_assert_false (isc_view_set_range (view, empty, &error));
  g_assert_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_ORDER);
  g_clear_error (&error);

  /* Nothing moved. */
  g_assert_cmpuint (range_notifies, ==, 0);
  g_assert_cmpint (isc_view_get_range (view)->kind, ==, ISC_TIME_RANGE_RELATIVE);
  g_assert_cmpint (isc_view_get_range (view)->duration_ms, ==, ISC_VIEW_DEFAULT_RANGE_MS);
  g_assert_false (isc_view_get_can_go_back (view));

  /* Exactly 7 days is allowed. */
  g_assert_true (isc_view_set_range (view, seven_days, &error));
  g_assert_no_error (error);

  /* Nor through the property. */
  g_object_set (view, "range", eight_days, NULL);
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), seven_days));
}

static void
test_view_zoom (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  gint64 now_ms = g_get_real_time () / 1000;
  /* Four hours, ending a day ago: room to widen without reaching now. */
  gint64 end_ms = now_ms - DAY_MS;
  gint64 start_ms = end_ms - 4 * HOUR_MS;
  gint64 centre_ms = start_ms + 2 * HOUR_MS;
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (start_ms, end_ms);
  const IscTimeRange *now_range;

  g_assert_false (isc_view_zoom (view, 0));
  g_assert_false (isc_view_zoom (view, -1));
  g_assert_false (isc_view_zoom (view, NAN));
  g_assert_false (isc_view_get_can_go_back (view));

  g_assert_true (isc_view_set_range (view, range, NULL));

  g_assert_true (isc_view_zoom (view, 0.5));
  now_range = isc_view_get_range (view);
  g_assert_cmpint (now_range->kind, ==, ISC_TIME_RANGE_ABSOLUTE);
  g_assert_cmpint (now_range->start_ms, ==, centre_ms - HOUR_MS);
  g_assert_cmpint (now_range->end_ms, ==, centre_ms + HOUR_MS);

  /* Back to the four hours, then twice as wide around the same centre. */
  g_assert_true (isc_view_go_back (view));
  g_assert_true (isc_view_zoom (view, 2));
  now_range = isc_view_get_range (view);
  g_assert_cmpint (now_range->start_ms, ==, centre_ms - 4 * HOUR_MS);
  g_assert_cmpint (now_range->end_ms, ==, centre_ms + 4 * HOUR_MS);

  /* Widening far: at most 7 days, and never past now. */
  g_assert_true (isc_view_zoom (view, 100));
  now_range = isc_view_get_range (view);
  g_assert_cmpint (now_range->end_ms - now_range->start_ms, ==, ISC_TIME_RANGE_MAX_MS);
  g_assert_cmpint (now_range->end_ms, <=, g_get_real_time () / 1000);
  g_assert_cmpint (now_range->end_ms, >=, now_ms);

  /* A relative range zooms into an absolute one around its centre. */
  {
    g_autoptr(IscView) other = isc_view_new ();
    gint64 before_ms = g_get_real_time () / 1000;

    g_assert_true (isc_view_zoom (other, 0.5));
    now_range = isc_view_get_range (other);
    g_assert_cmpint (now_range->kind, ==, ISC_TIME_RANGE_ABSOLUTE);
    g_assert_cmpint (now_range->end_ms - now_range->start_ms, ==, HOUR_MS / 2);
    g_assert_cmpint (now_range->start_ms, >=, before_ms - 3 * HOUR_MS / 4);
    g_assert_cmpint (now_range->end_ms, <=, g_get_real_time () / 1000 - HOUR_MS / 4);
    g_assert_true (isc_view_get_can_go_back (other));
  }
}

static void
test_view_query_sent (void)
{
  g_autoptr(Recorder) recorder = recorder_new ();
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  gint64 now_ms = g_get_real_time () / 1000;
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (now_ms - 2 * HOUR_MS, now_ms - HOUR_MS);
  g_autoptr(IscQuery) query = NULL;
  g_autofree char *expected = NULL;
  const char *metrics[] = { "baseten_replicas_active", "baseten_container_cpu_usage_seconds_total", NULL };
  guint n_entries = 0;
  guint n_metrics = 0;
  g_auto(GStrv) params = NULL;
  Count count = { recorder, 1 };

  isc_view_set_client (view, recorder->client);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_EMPTY);
  g_assert_cmpuint (recorder->queries->len, ==, 0);

  /* The default metric list: every name the catalogue knows. */
  isc_view_set_target (view, target);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_LOADING);
  g_assert_true (isc_view_get_loading (view));
  g_assert_true (test_wait_for (has_requests, &count));
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  g_assert_cmpstr (g_ptr_array_index (recorder->paths, 0), ==,
                   "/v1/models/demo-chat/deployments/demo-chat-d8/metrics");
  isc_catalogue_get_entries (&n_entries);
  params = g_strsplit (g_ptr_array_index (recorder->queries, 0), "&", -1);
  for (guint i = 0; params[i] != NULL; i++)
    if (g_str_has_prefix (params[i], "metrics="))
      n_metrics++;
  g_assert_cmpuint (n_entries, >, 3);
  g_assert_cmpuint (n_metrics, ==, n_entries);

  isc_view_set_metrics (view, metrics);
  count.n = 2;
  g_assert_true (test_wait_for (has_requests, &count));
  wait_settled (view);

  g_assert_true (isc_view_set_range (view, range, NULL));
  count.n = 3;
  g_assert_true (test_wait_for (has_requests, &count));
  wait_settled (view);

  expected = g_strdup_printf ("mode=SERIES&start_epoch_millis=%" G_GINT64_FORMAT
                              "&end_epoch_millis=%" G_GINT64_FORMAT
                              "&metrics=baseten_replicas_active&metrics=baseten_container_cpu_usage_seconds_total",
                              now_ms - 2 * HOUR_MS, now_ms - HOUR_MS);
  g_assert_cmpstr (g_ptr_array_index (recorder->queries, 2), ==, expected);

  /* What the response answers is what was sent. */
  query = isc_view_dup_query (view);
  g_assert_true (isc_query_equal (isc_view_get_response_query (view), query));
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  g_assert_cmpint (isc_view_get_updated_ms (view), >=, now_ms);
  g_assert_null (isc_view_get_error (view));
  g_assert_false (isc_view_get_stale (view));
  g_assert_cmpuint (recorder->queries->len, ==, 3);
}

/* A range change keeps the answer shown while the next one loads. */
static void
test_view_range_keeps_response (void)
{
  g_autoptr(Recorder) recorder = recorder_new ();
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  g_autoptr(IscTarget) other = embed_target ();
  g_autoptr(IscTimeRange) six = isc_time_range_new_relative (6 * HOUR_MS);
  IscMetricsResponse *first;

  isc_view_set_client (view, recorder->client);
  isc_view_set_target (view, target);
  wait_settled (view);
  first = isc_view_get_response (view);
  g_assert_nonnull (first);

  g_assert_true (isc_view_set_range (view, six, NULL));
  g_assert_true (isc_view_get_loading (view));
  g_assert_true (isc_view_get_response (view) == first);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  wait_settled (view);
  g_assert_nonnull (isc_view_get_response (view));
  g_assert_true (isc_view_get_response (view) != first);

  isc_view_refresh (view);
  g_assert_true (isc_view_get_loading (view));
  g_assert_nonnull (isc_view_get_response (view));
  wait_settled (view);

  /* Another target's answer is not this one's. */
  isc_view_set_target (view, other);
  g_assert_null (isc_view_get_response (view));
  g_assert_null (isc_view_get_response_query (view));
  g_assert_cmpint (isc_view_get_updated_ms (view), ==, 0);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_LOADING);
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);

  isc_view_set_mode (view, ISC_MODE_SUMMARY);
  g_assert_null (isc_view_get_response (view));
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_LOADING);
  wait_settled (view);

  /* No target: nothing to show, nothing loading. */
  isc_view_set_target (view, NULL);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_EMPTY);
  g_assert_false (isc_view_get_loading (view));
  g_assert_null (isc_view_get_response (view));
}

static void
test_view_auto_refresh (void)
{
  g_autoptr(Recorder) recorder = recorder_new ();
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  gint64 now_ms = g_get_real_time () / 1000;
  g_autoptr(IscTimeRange) past = isc_time_range_new_absolute (now_ms - 2 * HOUR_MS, now_ms - HOUR_MS);
  g_autoptr(IscTimeRange) six = isc_time_range_new_relative (6 * HOUR_MS);
  guint auto_notifies = 0;
  guint n;
  Count count = { recorder, 1 };

  g_signal_connect (view, "notify::auto-refresh", G_CALLBACK (count_notify), &auto_notifies);

  isc_view_set_refresh_interval (view, 1);
  isc_view_set_client (view, recorder->client);
  g_assert_false (isc_view_get_auto_refresh (view));
  isc_view_set_target (view, target);
  g_assert_true (isc_view_get_auto_refresh (view));
  g_assert_cmpuint (auto_notifies, ==, 1);

  /* A relative range slides on: a load every second. */
  count.n = 2;
  g_assert_true (test_wait_for (has_requests, &count));
  wait_settled (view);

  /* An absolute range stays put: no timer. */
  g_assert_true (isc_view_set_range (view, past, NULL));
  g_assert_false (isc_view_get_auto_refresh (view));
  g_assert_cmpuint (auto_notifies, ==, 2);
  wait_settled (view);
  n = recorder->queries->len;
  test_run_frames (1500);
  g_assert_cmpuint (recorder->queries->len, ==, n);

  /* Relative again: it runs again. */
  g_assert_true (isc_view_set_range (view, six, NULL));
  g_assert_true (isc_view_get_auto_refresh (view));
  g_assert_cmpuint (auto_notifies, ==, 3);
  count.n = n + 2;
  g_assert_true (test_wait_for (has_requests, &count));
  /* The first of those is the range change itself. */
  g_assert_true (g_str_has_prefix (g_ptr_array_index (recorder->queries, n), "mode=SERIES&start_epoch_millis="));
}

static void
test_view_auto_refresh_off (void)
{
  g_autoptr(Recorder) recorder = recorder_new ();
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  guint n;

  isc_view_set_refresh_interval (view, 1);
  isc_view_set_client (view, recorder->client);
  isc_view_set_target (view, target);
  g_assert_true (isc_view_get_auto_refresh (view));
  wait_settled (view);

  /* Off: an idle window never wakes. */
  isc_view_set_refresh_interval (view, 0);
  g_assert_false (isc_view_get_auto_refresh (view));
  n = recorder->queries->len;
  test_run_frames (1500);
  g_assert_cmpuint (recorder->queries->len, ==, n);

  /* Refresh still loads, and starts no timer. */
  isc_view_refresh (view);
  wait_settled (view);
  g_assert_cmpuint (recorder->queries->len, ==, n + 1);
  g_assert_false (isc_view_get_auto_refresh (view));
  test_run_frames (1500);
  g_assert_cmpuint (recorder->queries->len, ==, n + 1);
}

typedef void (*SetFlag) (IscView *view, gboolean value);

static void
check_pause (SetFlag set_flag)
{
  g_autoptr(Recorder) recorder = recorder_new ();
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  guint n;
  Count count = { recorder, 1 };

  isc_view_set_refresh_interval (view, 1);
  isc_view_set_client (view, recorder->client);
  isc_view_set_target (view, target);
  g_assert_true (test_wait_for (has_requests, &count));
  wait_settled (view);

  set_flag (view, FALSE);
  g_assert_false (isc_view_get_auto_refresh (view));
  n = recorder->queries->len;
  test_run_frames (2500);
  g_assert_cmpuint (recorder->queries->len, ==, n);

  /* A refresh was missed: back at once, well before the next tick. */
  set_flag (view, TRUE);
  g_assert_true (isc_view_get_auto_refresh (view));
  g_assert_true (isc_view_get_loading (view));
  count.n = n + 1;
  g_assert_true (test_wait_for (has_requests, &count));
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
}

static void
test_view_pause_inactive (void)
{
  check_pause (isc_view_set_active);
}

static void
test_view_pause_offline (void)
{
  check_pause (isc_view_set_network_available);
}

/* Returning before the interval is up waits for the tick. */
static void
test_view_resume_early (void)
{
  g_autoptr(Recorder) recorder = recorder_new ();
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();

  isc_view_set_refresh_interval (view, 60);
  isc_view_set_client (view, recorder->client);
  isc_view_set_target (view, target);
  wait_settled (view);
  g_assert_cmpuint (recorder->queries->len, ==, 1);

  isc_view_set_active (view, FALSE);
  isc_view_set_active (view, TRUE);
  g_assert_false (isc_view_get_loading (view));
  test_run_frames (300);
  g_assert_cmpuint (recorder->queries->len, ==, 1);
}

static gboolean
has_metric_prefix (const IscMetricsResponse *response,
                   const char               *prefix)
{
  for (guint i = 0; i < isc_metrics_response_get_n_metrics (response); i++)
    if (g_str_has_prefix (isc_metric_get_name (isc_metrics_response_get_metric (response, i)), prefix))
      return TRUE;
  return FALSE;
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

static void
test_view_demo_embed (void)
{
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscDemoServer) server = start_demo (&client);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = embed_target ();
  IscMetricsResponse *response;

  isc_view_set_client (view, client);
  isc_view_set_target (view, target);
  wait_settled (view);

  g_assert_no_error ((GError *) isc_view_get_error (view));
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  response = isc_view_get_response (view);
  g_assert_nonnull (response);
  g_assert_cmpint (isc_metrics_response_get_mode (response), ==, ISC_MODE_SERIES);
  /* More than Baseten's default three, and nothing of a GPU it has not. */
  g_assert_cmpuint (isc_metrics_response_get_n_metrics (response), >, 3);
  g_assert_nonnull (isc_metrics_response_lookup_metric (response, "baseten_container_cpu_usage_seconds_total"));
  g_assert_false (has_metric_prefix (response, "baseten_gpu_"));
  g_assert_false (has_metric_prefix (response, "baseten_llm_"));
  g_assert_null (isc_view_get_trend (view));
}

static void
record_refused (IscView    *view,
                const char *name,
                GPtrArray  *names)
{
  g_ptr_array_add (names, g_strdup (name));
}

/* A chosen metric Baseten no longer knows (a saved layout's) does not
 * blank the page with a 400 that Retry cannot mend: it is left out of
 * the query and said once, and the rest is drawn; the choice stays. */
static void
test_view_refused_metric (void)
{
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscDemoServer) server = start_demo (&client);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = embed_target ();
  g_autoptr(IscTarget) chat = chat_target ();
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(IscQuery) query = NULL;
  const char * const chosen[] = {
    "baseten_replicas_active", "baseten_retired_metric", "baseten_inference_requests_total", NULL
  };
  const char * const only_retired[] = { "baseten_retired_metric", NULL };
  IscMetricsResponse *response;

  g_signal_connect (view, "metric-refused", G_CALLBACK (record_refused), said);
  isc_view_set_client (view, client);
  isc_view_set_metrics (view, chosen);
  isc_view_set_target (view, target);
  wait_settled (view);

  g_assert_no_error ((GError *) isc_view_get_error (view));
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  response = isc_view_get_response (view);
  g_assert_nonnull (isc_metrics_response_lookup_metric (response, "baseten_replicas_active"));
  g_assert_nonnull (isc_metrics_response_lookup_metric (response, "baseten_inference_requests_total"));
  g_assert_true (g_strv_equal (isc_view_get_metrics (view), chosen));
  g_assert_cmpuint (said->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (said, 0), ==, "baseten_retired_metric");
  g_assert_true (g_strv_equal (isc_view_get_refused_metrics (view), only_retired));
  query = isc_view_dup_query (view);
  g_assert_false (g_strv_contains ((const char * const *) query->metrics, "baseten_retired_metric"));

  /* A refresh asks without it at once, and says nothing again. */
  isc_view_refresh (view);
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  g_assert_no_error ((GError *) isc_view_get_error (view));
  g_assert_cmpuint (said->len, ==, 1);

  /* Another target learns it for itself; coming back remembers it. */
  isc_view_set_target (view, chat);
  g_assert_null (isc_view_get_refused_metrics (view)[0]);
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  g_assert_cmpuint (said->len, ==, 2);
  isc_view_set_target (view, target);
  g_assert_true (g_strv_equal (isc_view_get_refused_metrics (view), only_retired));
  wait_settled (view);
  g_assert_cmpuint (said->len, ==, 2);

  /* A layout of nothing but unknown names still shows the others. */
  isc_view_set_metrics (view, only_retired);
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  g_assert_nonnull (isc_metrics_response_lookup_metric (isc_view_get_response (view), "baseten_replicas_active"));
}

static void
count_pod_health (IscDemoServer *server,
                  const char    *method,
                  const char    *path,
                  guint          status,
                  guint64        bytes,
                  double         ms,
                  gint          *n_asked)
{
  if (strstr (path, "baseten_pod_readiness") != NULL)
    g_atomic_int_inc (n_asked);
}

/* A workspace without the pod-health pair (behind a feature flag): the
 * Charts page of every catalogue name draws the rest; each name is said
 * once in the session, not on every refresh, and not again by a second
 * window of the same target, which never asks for it (the client
 * remembers the refusal for every view). */
static void
test_view_refused_shared (void)
{
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscDemoServer) server = start_demo (&client);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscView) other = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  const char * const both[] = { "baseten_pod_readiness", "baseten_container_restarts_total", NULL };
  IscMetricsResponse *response;
  gint n_asked = 0;

  isc_demo_server_set_unknown_metrics (server, isc_demo_server_pod_health_metrics);
  g_signal_connect (server, "request-logged", G_CALLBACK (count_pod_health), &n_asked);
  g_signal_connect (view, "metric-refused", G_CALLBACK (record_refused), said);
  g_signal_connect (other, "metric-refused", G_CALLBACK (record_refused), said);
  isc_view_set_client (view, client);
  isc_view_set_target (view, target);
  wait_settled (view);

  g_assert_no_error ((GError *) isc_view_get_error (view));
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  response = isc_view_get_response (view);
  g_assert_nonnull (isc_metrics_response_lookup_metric (response, "baseten_replicas_active"));
  g_assert_nonnull (isc_metrics_response_lookup_metric (response, "baseten_gpu_memory_used"));
  g_assert_null (isc_metrics_response_lookup_metric (response, "baseten_pod_readiness"));
  g_assert_cmpuint (said->len, ==, 2);
  g_assert_true (g_strv_equal (isc_view_get_refused_metrics (view), both));

  isc_view_refresh (view);
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  g_assert_cmpuint (said->len, ==, 2);

  g_atomic_int_set (&n_asked, 0);
  isc_view_set_client (other, client);
  isc_view_set_target (other, target);
  wait_settled (other);
  g_assert_cmpint (isc_view_get_state (other), ==, ISC_VIEW_READY);
  g_assert_no_error ((GError *) isc_view_get_error (other));
  g_assert_true (g_strv_equal (isc_view_get_refused_metrics (other), both));
  g_assert_cmpuint (said->len, ==, 2);
  g_assert_cmpint (g_atomic_int_get (&n_asked), ==, 0);
}

static void
test_view_now (void)
{
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscDemoServer) server = start_demo (&client);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  IscMetricsResponse *response, *trend;
  gint64 trend_ms;

  isc_view_set_client (view, client);
  isc_view_set_mode (view, ISC_MODE_CURRENT);
  isc_view_set_target (view, target);
  g_assert_true (test_wait_for (view_has_trend, view));

  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  response = isc_view_get_response (view);
  trend = isc_view_get_trend (view);
  g_assert_cmpint (isc_metrics_response_get_mode (response), ==, ISC_MODE_CURRENT);
  g_assert_null (isc_view_get_response_query (view)->range);
  g_assert_cmpint (isc_view_get_response_query (view)->mode, ==, ISC_MODE_CURRENT);

  /* The trend: the same metrics over the last hour. */
  g_assert_cmpint (isc_metrics_response_get_mode (trend), ==, ISC_MODE_SERIES);
  trend_ms = isc_metrics_response_get_end_ms (trend) - isc_metrics_response_get_start_ms (trend);
  g_assert_cmpint (trend_ms, >=, HOUR_MS - 60 * 1000);
  g_assert_cmpint (trend_ms, <=, HOUR_MS + 60 * 1000);
  g_assert_cmpuint (isc_metrics_response_get_n_steps (trend), >, 1);
  g_assert_nonnull (isc_metrics_response_lookup_metric (trend, "baseten_gpu_utilization"));
  g_assert_nonnull (isc_metrics_response_lookup_metric (response, "baseten_gpu_utilization"));

  /* Charts take no trend. */
  isc_view_set_mode (view, ISC_MODE_SERIES);
  g_assert_null (isc_view_get_trend (view));
  wait_settled (view);
  g_assert_cmpint (isc_metrics_response_get_mode (isc_view_get_response (view)), ==, ISC_MODE_SERIES);
  g_assert_null (isc_view_get_trend (view));
}

/* Now asks for a snapshot and, beside it, the same metrics over the
 * last hour. */
static void
test_view_now_queries (void)
{
  g_autoptr(Recorder) recorder = recorder_new ();
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  const char *metrics[] = { "baseten_replicas_active", NULL };
  const char *current = NULL, *series = NULL;
  gint64 start_ms = 0, end_ms = 0;
  Count count = { recorder, 2 };

  isc_view_set_client (view, recorder->client);
  isc_view_set_metrics (view, metrics);
  isc_view_set_mode (view, ISC_MODE_CURRENT);
  isc_view_set_target (view, target);
  g_assert_true (test_wait_for (has_requests, &count));
  g_assert_true (test_wait_for (view_has_trend, view));
  g_assert_cmpuint (recorder->queries->len, ==, 2);

  for (guint i = 0; i < 2; i++)
    {
      const char *q = g_ptr_array_index (recorder->queries, i);

      if (g_str_has_prefix (q, "mode=CURRENT"))
        current = q;
      else
        series = q;
    }
  g_assert_cmpstr (current, ==, "mode=CURRENT&metrics=baseten_replicas_active");
  g_assert_nonnull (series);
  g_assert_cmpint (sscanf (series, "mode=SERIES&start_epoch_millis=%" G_GINT64_FORMAT
                                   "&end_epoch_millis=%" G_GINT64_FORMAT, &start_ms, &end_ms), ==, 2);
  g_assert_cmpint (end_ms - start_ms, ==, HOUR_MS);
  g_assert_true (g_str_has_suffix (series, "&metrics=baseten_replicas_active"));
}

/* The answer shown is always the latest target's. */
static void
test_view_superseded (void)
{
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscDemoServer) server = start_demo (&client);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) chat = chat_target ();
  g_autoptr(IscTarget) embed = embed_target ();
  guint response_notifies = 0;

  g_signal_connect (view, "notify::response", G_CALLBACK (count_notify), &response_notifies);

  isc_view_set_client (view, client);
  isc_view_set_target (view, chat);
  isc_view_set_target (view, embed);
  wait_settled (view);
  /* Let a late answer for the first target arrive, if it were to. */
  test_run_frames (200);

  g_assert_cmpuint (response_notifies, ==, 1);
  g_assert_cmpstr (isc_view_get_response_query (view)->model_id, ==, ISC_DEMO_MODEL_EMBED);
  g_assert_false (has_metric_prefix (isc_view_get_response (view), "baseten_gpu_"));
}

/* What cannot succeed is not sent. */
static void
test_view_invalid_query (void)
{
  g_autoptr(Recorder) recorder = recorder_new ();
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  const char *metrics[] = { "baseten_replicas_active", "", NULL };

  isc_view_set_client (view, recorder->client);
  isc_view_set_metrics (view, metrics);
  isc_view_set_target (view, target);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_ERROR);
  g_assert_error ((GError *) isc_view_get_error (view), ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_METRIC);
  g_assert_false (isc_view_get_loading (view));
  test_run_frames (100);
  g_assert_cmpuint (recorder->queries->len, ==, 0);

  /* Fixed, it loads. */
  isc_view_set_metrics (view, NULL);
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  g_assert_cmpuint (recorder->queries->len, ==, 1);
}

static void
test_view_stale (void)
{
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscDemoServer) server = start_demo (&client);
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  g_autoptr(IscTarget) other = embed_target ();
  IscMetricsResponse *shown;
  gint64 updated_ms;
  guint stale_notifies = 0, error_notifies = 0;

  g_signal_connect (view, "notify::stale", G_CALLBACK (count_notify), &stale_notifies);
  g_signal_connect (view, "notify::error", G_CALLBACK (count_notify), &error_notifies);

  isc_view_set_client (view, client);
  isc_view_set_target (view, target);
  wait_settled (view);
  shown = isc_view_get_response (view);
  updated_ms = isc_view_get_updated_ms (view);
  g_assert_nonnull (shown);
  g_assert_false (isc_view_get_stale (view));

  /* The server goes away: what is shown stays, marked old. */
  g_clear_object (&server);
  isc_view_refresh (view);
  wait_settled (view);
  g_assert_nonnull (isc_view_get_error (view));
  g_assert_cmpuint (isc_view_get_error (view)->domain, ==, ISC_API_ERROR);
  g_assert_cmpstr (isc_view_get_error (view)->message, !=, "");
  g_assert_true (isc_view_get_stale (view));
  g_assert_cmpuint (stale_notifies, ==, 1);
  g_assert_cmpuint (error_notifies, ==, 1);
  g_assert_true (isc_view_get_response (view) == shown);
  g_assert_cmpint (isc_view_get_updated_ms (view), ==, updated_ms);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);

  /* Nothing of another target to show: an error. */
  isc_view_set_target (view, other);
  g_assert_false (isc_view_get_stale (view));
  g_assert_null (isc_view_get_error (view));
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_ERROR);
  g_assert_null (isc_view_get_response (view));
  g_assert_nonnull (isc_view_get_error (view));
  g_assert_false (isc_view_get_stale (view));

  /* Retry shows that something is happening. */
  isc_view_refresh (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_LOADING);
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_ERROR);
}

/* Opened offline: the last good answer on disk, with its age. */
static void
test_view_offline_cache (void)
{
  g_autofree char *dir = test_temp_dir ();
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (dir, 0);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscDemoServer) server = start_demo (&client);
  g_autoptr(IscView) first = isc_view_new ();
  g_autoptr(IscView) second = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  gint64 before_ms = g_get_real_time () / 1000;
  gint64 updated_ms;

  isc_client_set_cache (client, cache);
  isc_view_set_client (first, client);
  isc_view_set_target (first, target);
  wait_settled (first);
  g_assert_cmpint (isc_view_get_state (first), ==, ISC_VIEW_READY);
  updated_ms = isc_view_get_updated_ms (first);
  g_clear_object (&first);
  g_clear_object (&server);

  /* Time passes before the app is opened again. */
  test_run_frames (50);
  isc_view_set_client (second, client);
  isc_view_set_target (second, target);
  wait_settled (second);
  g_assert_cmpint (isc_view_get_state (second), ==, ISC_VIEW_READY);
  g_assert_nonnull (isc_view_get_response (second));
  g_assert_true (isc_view_get_stale (second));
  g_assert_nonnull (isc_view_get_error (second));
  g_assert_cmpint (isc_view_get_updated_ms (second), >=, before_ms);
  g_assert_cmpint (isc_view_get_updated_ms (second), <=, updated_ms + 1000);
  g_assert_cmpint (isc_view_get_updated_ms (second), <, g_get_real_time () / 1000);

  g_clear_object (&second);
  g_clear_object (&client);
  test_remove_dir (dir);
}

static void
test_view_no_data (void)
{
  g_autoptr(Recorder) recorder = recorder_new ();
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  recorder_answer (recorder, SOUP_STATUS_OK, ALL_NULL_BODY);
  isc_view_set_client (view, recorder->client);
  isc_view_set_target (view, target);
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_NO_DATA);
  g_assert_nonnull (isc_view_get_response (view));
  g_assert_null (isc_view_get_error (view));

  /* The "no metrics found" answer. */
  path = test_fixture_path ("empty-current.json");
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  recorder_answer (recorder, SOUP_STATUS_OK, contents);
  isc_view_set_mode (view, ISC_MODE_CURRENT);
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_NO_DATA);

  /* Latency all null but a replica counted: there is something to draw. */
  g_clear_pointer (&path, g_free);
  g_clear_pointer (&contents, g_free);
  path = test_fixture_path ("no-data-yet-series.json");
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  recorder_answer (recorder, SOUP_STATUS_OK, contents);
  isc_view_set_mode (view, ISC_MODE_SERIES);
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);

  /* And back to all null on a refresh. */
  recorder_answer (recorder, SOUP_STATUS_OK, ALL_NULL_BODY);
  isc_view_refresh (view);
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_NO_DATA);
}

/* After a 429 the client gave up on, no automatic load for a while. */
static void
test_view_rate_limited (void)
{
  g_autoptr(Recorder) recorder = recorder_new ();
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  guint n;
  Count count = { recorder, 1 };
  gint64 now_ms;

  recorder_answer (recorder, 429, "{\"error\":\"slow down\"}");
  recorder->retry_after = "0";
  isc_view_set_refresh_interval (view, 1);
  isc_view_set_client (view, recorder->client);
  isc_view_set_target (view, target);
  wait_settled (view);
  g_assert_error ((GError *) isc_view_get_error (view), ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_ERROR);
  /* When the next try is, for the header: the view's least wait. */
  now_ms = g_get_real_time () / 1000;
  g_assert_cmpint (isc_view_get_rate_limited_until_ms (view), >, now_ms + 50 * 1000);
  g_assert_cmpint (isc_view_get_rate_limited_until_ms (view), <=, now_ms + 61 * 1000);
  /* The client's own retries, then nothing more. */
  n = recorder->queries->len;
  g_assert_cmpuint (n, ==, 1 + ISC_CLIENT_RATE_LIMIT_RETRIES);
  test_run_frames (2500);
  g_assert_cmpuint (recorder->queries->len, ==, n);

  /* Coming back does not skip the wait either. */
  isc_view_set_active (view, FALSE);
  isc_view_set_active (view, TRUE);
  test_run_frames (200);
  g_assert_cmpuint (recorder->queries->len, ==, n);

  g_assert_cmpint (isc_view_get_rate_limited_until_ms (view), >, 0);

  /* Refresh, asked for, still loads: requests go again, and the view no
   * longer says they are held. */
  recorder_answer (recorder, SOUP_STATUS_OK, SERIES_BODY);
  isc_view_refresh (view);
  g_assert_cmpint (isc_view_get_rate_limited_until_ms (view), ==, 0);
  count.n = n + 1;
  g_assert_true (test_wait_for (has_requests, &count));
  wait_settled (view);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  g_assert_null (isc_view_get_error (view));
  g_assert_cmpint (isc_view_get_rate_limited_until_ms (view), ==, 0);
}

static void
test_view_state_round_trip (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscView) restored = isc_view_new ();
  g_autoptr(IscView) blank = isc_view_new ();
  g_autoptr(IscTarget) target = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT,
                                                ISC_DEMO_ENVIRONMENT_PRODUCTION, "Chat", "Production");
  gint64 now_ms = g_get_real_time () / 1000;
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (now_ms - 3 * HOUR_MS, now_ms - HOUR_MS);
  g_autoptr(IscTimeRange) relative = isc_time_range_new_relative (6 * HOUR_MS);
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GVariant) again = NULL;
  g_autoptr(GVariant) empty_state = NULL;
  const IscTarget *got;

  isc_view_set_target (view, target);
  isc_view_set_mode (view, ISC_MODE_SUMMARY);
  g_assert_true (isc_view_set_range (view, range, NULL));
  state = g_variant_ref_sink (isc_view_save_state (view));
  g_assert_true (g_variant_is_of_type (state, G_VARIANT_TYPE_VARDICT));

  /* Through text, as GSettings keeps it. */
  {
    g_autofree char *text = g_variant_print (state, TRUE);
    g_autoptr(GVariant) parsed = g_variant_parse (G_VARIANT_TYPE_VARDICT, text, NULL, NULL, NULL);

    g_assert_nonnull (parsed);
    isc_view_restore_state (restored, parsed);
  }

  got = isc_view_get_target (restored);
  g_assert_nonnull (got);
  g_assert_true (isc_target_equal (got, target));
  g_assert_cmpstr (got->name, ==, "Production");
  g_assert_cmpstr (got->model_name, ==, "Chat");
  g_assert_cmpint (isc_view_get_mode (restored), ==, ISC_MODE_SUMMARY);
  g_assert_true (isc_time_range_equal (isc_view_get_range (restored), range));
  /* A restored window starts a history of its own. */
  g_assert_false (isc_view_get_can_go_back (restored));

  again = g_variant_ref_sink (isc_view_save_state (restored));
  g_assert_true (g_variant_equal (state, again));

  /* A relative range stays relative. */
  g_assert_true (isc_view_set_range (view, relative, NULL));
  g_clear_pointer (&state, g_variant_unref);
  state = g_variant_ref_sink (isc_view_save_state (view));
  isc_view_restore_state (restored, state);
  g_assert_true (isc_time_range_equal (isc_view_get_range (restored), relative));

  /* No target saved: none restored, the rest still is. */
  empty_state = g_variant_ref_sink (isc_view_save_state (blank));
  g_assert_false (g_variant_lookup (empty_state, "target", "@a{sv}", NULL));
  isc_view_restore_state (restored, empty_state);
  g_assert_true (isc_target_equal (isc_view_get_target (restored), target));
  g_assert_cmpint (isc_view_get_mode (restored), ==, ISC_MODE_SERIES);
  g_assert_cmpint (isc_view_get_range (restored)->duration_ms, ==, ISC_VIEW_DEFAULT_RANGE_MS);
}

static GVariant *
parse_state (const char *text)
{
  g_autoptr(GError) error = NULL;
  GVariant *variant = g_variant_parse (NULL, text, NULL, NULL, &error);

  g_assert_no_error (error);
  /* g_variant_parse() gives a full reference, not a floating one. */
  return variant;
}

static void
test_view_restore_garbage (void)
{
  static const char *const garbage[] = {
    "'not a dictionary'",
    "@a{sv} {}",
    "{'target': <'demo-chat'>, 'mode': <42>, 'range': <3600000>}",
    "{'target': <{'model-id': <7>}>, 'mode': <'SOMETIMES'>, 'range': <'last:-5'>}",
    "{'target': <{'model-id': <''>, 'kind': <'deployment'>, 'id': <'x'>}>}",
    "{'target': <{'model-id': <'m'>, 'kind': <'galaxy'>, 'id': <'x'>}>}",
    "{'range': <'abs:5000-1000'>}",
    "{'range': <'abs:0-999999999999999'>}",
    "{'range': <'abs:1-2-3'>}",
    "{'range': <'last:'>}",
    "{'range': <'last:999999999999'>}",
    "{'range': <'yesterday'>}",
    "{'range': <''>}",
    "{'mode': <''>, 'range': <@ms nothing>}",
    "{'target': <[1, 2, 3]>}",
    "{'a': 'b'}",
    "[1, 2]",
  };
  g_autoptr(IscView) view = isc_view_new ();
  guint notifies = 0;

  g_signal_connect (view, "notify", G_CALLBACK (count_notify), &notifies);

  isc_view_restore_state (view, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (garbage); i++)
    {
      g_autoptr(GVariant) state = parse_state (garbage[i]);

      isc_view_restore_state (view, state);
    }

  g_assert_cmpuint (notifies, ==, 0);
  g_assert_null (isc_view_get_target (view));
  g_assert_cmpint (isc_view_get_mode (view), ==, ISC_MODE_SERIES);
  g_assert_cmpint (isc_view_get_range (view)->kind, ==, ISC_TIME_RANGE_RELATIVE);
  g_assert_cmpint (isc_view_get_range (view)->duration_ms, ==, ISC_VIEW_DEFAULT_RANGE_MS);
  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_EMPTY);

  /* What can be read is taken, the rest left. */
  {
    g_autoptr(GVariant) state = parse_state ("{'mode': <'CURRENT'>, 'range': <'junk'>, 'target': <5>}");

    isc_view_restore_state (view, state);
    g_assert_cmpint (isc_view_get_mode (view), ==, ISC_MODE_CURRENT);
    g_assert_cmpint (isc_view_get_range (view)->duration_ms, ==, ISC_VIEW_DEFAULT_RANGE_MS);
    g_assert_null (isc_view_get_target (view));
  }
  {
    g_autoptr(GVariant) state = parse_state ("{'range': <'6h'>}");

    isc_view_restore_state (view, state);
    g_assert_cmpint (isc_view_get_range (view)->duration_ms, ==, 6 * HOUR_MS);
  }
}

/* Every property notifies when it changes. */
static void
test_view_notify (void)
{
  g_autoptr(Recorder) recorder = recorder_new ();
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_target ();
  const char *metrics[] = { "baseten_replicas_active", NULL };
  guint n = 0;

  g_signal_connect (view, "notify", G_CALLBACK (count_notify), &n);

#define CHECK_NOTIFY(prop, expr) \
  G_STMT_START { \
    guint _count = 0; \
    gulong _id = g_signal_connect (view, "notify::" prop, G_CALLBACK (count_notify), &_count); \
    expr; \
    g_assert_cmpuint (_count, ==, 1); \
    expr; \
    g_assert_cmpuint (_count, ==, 1); \
    g_signal_handler_disconnect (view, _id); \
  } G_STMT_END

  CHECK_NOTIFY ("use-utc", isc_view_set_use_utc (view, TRUE));
  CHECK_NOTIFY ("counters-as-totals", isc_view_set_counters_as_totals (view, TRUE));
  CHECK_NOTIFY ("refresh-interval", isc_view_set_refresh_interval (view, 300));
  CHECK_NOTIFY ("active", isc_view_set_active (view, FALSE));
  CHECK_NOTIFY ("network-available", isc_view_set_network_available (view, FALSE));
  CHECK_NOTIFY ("client", isc_view_set_client (view, recorder->client));
  CHECK_NOTIFY ("target", isc_view_set_target (view, target));
  CHECK_NOTIFY ("metrics", isc_view_set_metrics (view, metrics));
  CHECK_NOTIFY ("mode", isc_view_set_mode (view, ISC_MODE_SUMMARY));
  CHECK_NOTIFY ("active", isc_view_set_active (view, TRUE));
  /* Still no network: no timer. */
  g_assert_false (isc_view_get_auto_refresh (view));
  CHECK_NOTIFY ("auto-refresh", isc_view_set_network_available (view, TRUE));
  g_assert_true (isc_view_get_auto_refresh (view));
#undef CHECK_NOTIFY

  {
    guint response_notifies = 0, updated_notifies = 0, query_notifies = 0, state_notifies = 0;

    g_signal_connect (view, "notify::response", G_CALLBACK (count_notify), &response_notifies);
    g_signal_connect (view, "notify::updated-ms", G_CALLBACK (count_notify), &updated_notifies);
    g_signal_connect (view, "notify::response-query", G_CALLBACK (count_notify), &query_notifies);
    g_signal_connect (view, "notify::state", G_CALLBACK (count_notify), &state_notifies);
    wait_settled (view);
    g_assert_cmpuint (response_notifies, ==, 1);
    g_assert_cmpuint (updated_notifies, ==, 1);
    g_assert_cmpuint (query_notifies, ==, 1);
    g_assert_cmpuint (state_notifies, ==, 1);
  }

  /* Properties read back what the getters say. */
  {
    g_autoptr(IscClient) client = NULL;
    g_autoptr(IscTarget) got = NULL;
    g_auto(GStrv) got_metrics = NULL;
    IscViewState state;
    IscMode mode;
    gboolean use_utc;

    g_object_get (view,
                  "client", &client,
                  "target", &got,
                  "metrics", &got_metrics,
                  "state", &state,
                  "mode", &mode,
                  "use-utc", &use_utc,
                  NULL);
    g_assert_true (client == recorder->client);
    g_assert_true (isc_target_equal (got, target));
    g_assert_cmpstrv (got_metrics, metrics);
    g_assert_cmpint (state, ==, ISC_VIEW_READY);
    g_assert_cmpint (mode, ==, ISC_MODE_SUMMARY);
    g_assert_true (use_utc);
  }

  g_assert_cmpuint (n, >, 10);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/view/defaults", test_view_defaults);
  g_test_add_func ("/isc/view/cursor-time", test_view_cursor_time);
  g_test_add_func ("/isc/view/history", test_view_history);
  g_test_add_func ("/isc/view/range-refused", test_view_range_refused);
  g_test_add_func ("/isc/view/zoom", test_view_zoom);
  g_test_add_func ("/isc/view/query-sent", test_view_query_sent);
  g_test_add_func ("/isc/view/range-keeps-response", test_view_range_keeps_response);
  g_test_add_func ("/isc/view/auto-refresh", test_view_auto_refresh);
  g_test_add_func ("/isc/view/auto-refresh-off", test_view_auto_refresh_off);
  g_test_add_func ("/isc/view/pause-inactive", test_view_pause_inactive);
  g_test_add_func ("/isc/view/pause-offline", test_view_pause_offline);
  g_test_add_func ("/isc/view/resume-early", test_view_resume_early);
  g_test_add_func ("/isc/view/demo-embed", test_view_demo_embed);
  g_test_add_func ("/isc/view/refused-metric", test_view_refused_metric);
  g_test_add_func ("/isc/view/refused-shared", test_view_refused_shared);
  g_test_add_func ("/isc/view/now", test_view_now);
  g_test_add_func ("/isc/view/now-queries", test_view_now_queries);
  g_test_add_func ("/isc/view/superseded", test_view_superseded);
  g_test_add_func ("/isc/view/invalid-query", test_view_invalid_query);
  g_test_add_func ("/isc/view/stale", test_view_stale);
  g_test_add_func ("/isc/view/offline-cache", test_view_offline_cache);
  g_test_add_func ("/isc/view/no-data", test_view_no_data);
  g_test_add_func ("/isc/view/rate-limited", test_view_rate_limited);
  g_test_add_func ("/isc/view/state-round-trip", test_view_state_round_trip);
  g_test_add_func ("/isc/view/restore-garbage", test_view_restore_garbage);
  g_test_add_func ("/isc/view/notify", test_view_notify);

  return g_test_run ();
}
