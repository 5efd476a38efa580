/* test-audit-log-loader.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The audit log loader: against a SoupServer on 127.0.0.1 that pages a
 * store of entries with a cursor (the query it is sent, paging to the end,
 * an entry two pages repeat, the bound on pages, a page of the wrong
 * shape), and against the simulated API (the events of a day, and the 403
 * of a member's key as an error of its own).
 */

#include "config.h"

#include <string.h>

#include <libsoup/soup.h>

#include "isc-api-error.h"
#include "isc-audit-log-loader-private.h"
#include "isc-client-private.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-event.h"

#define TEST_KEY "sk-test-audit"
#define BASE_MS  G_GINT64_CONSTANT (1796025600000)  /* 2026-11-30 08:00 UTC */

typedef struct
{
  SoupServer *server;
  char       *base_url;
  IscClient  *client;

  guint       n_entries;     /* entries e0 … e(n-1), a minute apart */
  guint       page_size;     /* the server's, whatever is asked */
  gboolean    repeat_last;   /* each next page starts with the last one sent */
  guint       status;        /* answer every request with this, if not 0 */
  const char *body;          /* …and this body */
  GPtrArray  *queries;
  GPtrArray  *paths;
} Fixture;

static void
add_entry (GString *out,
           guint    i)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc ((BASE_MS + (gint64) i * 60000) / 1000);
  g_autofree char *created = g_date_time_format (dt, "%Y-%m-%dT%H:%M:%SZ");

  g_string_append_printf (out,
                          "{\"id\": \"e%u\", \"created\": \"%s\", \"event_type\": \"REPLICA_TERMINATED\","
                          " \"event_data\": {\"event_type\": \"REPLICA_TERMINATED\", \"model_id\": \"m1\","
                          " \"model_name\": \"chat\", \"deployment_id\": \"d8\", \"deployment_name\": \"v8\","
                          " \"replica_id\": \"r%u\"}, \"source\": \"SYSTEM\", \"actor\": {\"type\": \"BASETEN_SYSTEM\"}}",
                          i, created, i);
}

static void
handle (SoupServer        *server,
        SoupServerMessage *msg,
        const char        *path,
        GHashTable        *query,
        gpointer           data)
{
  Fixture *fixture = data;
  const char *raw = g_uri_get_query (soup_server_message_get_uri (msg));
  const char *cursor = query != NULL ? g_hash_table_lookup (query, "cursor") : NULL;
  g_autoptr(GString) out = g_string_new ("{\"items\": [");
  guint first = 0, last;

  g_ptr_array_add (fixture->queries, g_strdup (raw != NULL ? raw : ""));
  g_ptr_array_add (fixture->paths, g_strdup (path));

  if (fixture->status != 0)
    {
      soup_server_message_set_status (msg, fixture->status, NULL);
      soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_STATIC,
                                        fixture->body, strlen (fixture->body));
      return;
    }

  if (cursor != NULL)
    first = (guint) g_ascii_strtoull (cursor + strlen ("next-"), NULL, 10);
  last = MIN (first + fixture->page_size, fixture->n_entries);
  for (guint i = first; i < last; i++)
    {
      if (i > first)
        g_string_append (out, ", ");
      add_entry (out, i);
    }
  if (last < fixture->n_entries)
    g_string_append_printf (out, "], \"pagination\": {\"has_more\": true, \"cursor\": \"next-%u\"}}",
                            fixture->repeat_last ? last - 1 : last);
  else
    g_string_append (out, "], \"pagination\": {\"has_more\": false, \"cursor\": null}}");

  soup_server_message_set_status (msg, 200, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, out->str, out->len);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  GSList *uris;

  fixture->queries = g_ptr_array_new_with_free_func (g_free);
  fixture->paths = g_ptr_array_new_with_free_func (g_free);
  fixture->page_size = 200;
  fixture->server = soup_server_new (NULL, NULL);
  soup_server_add_handler (fixture->server, "/v1/models", handle, fixture, NULL);
  soup_server_listen_local (fixture->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);
  uris = soup_server_get_uris (fixture->server);
  fixture->base_url = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  fixture->client = isc_client_new (fixture->base_url, TEST_KEY, &error);
  g_assert_no_error (error);
  _isc_client_set_delay_scale (fixture->client, 0.01);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_clear_object (&fixture->client);
  soup_server_disconnect (fixture->server);
  g_clear_object (&fixture->server);
  g_free (fixture->base_url);
  g_ptr_array_unref (fixture->queries);
  g_ptr_array_unref (fixture->paths);
}

static void
on_loaded (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

/* Loads and waits; the events, or NULL with @error. */
static GPtrArray *
load (IscClient   *client,
      const char  *model_id,
      gint64       start_ms,
      gint64       end_ms,
      gboolean    *truncated,
      GError     **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  isc_audit_log_load_async (client, model_id, start_ms, end_ms, NULL, on_loaded, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return isc_audit_log_load_finish (result, truncated, error);
}

static char *
find_serving (IscClient   *client,
              const char  *model_id,
              const char  *environment,
              gint64       before_ms,
              GError     **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  isc_audit_log_find_serving_async (client, model_id, environment, before_ms, NULL, on_loaded, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return isc_audit_log_find_serving_finish (result, error);
}

/* What is asked: the model's audit log, oldest first, 200 a page, the
 * window, the groups the charts draw. */
static void
test_query (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) params = NULL;
  const char *query;

  fixture->n_entries = 3;
  events = load (fixture->client, "m1", BASE_MS, BASE_MS + 3600000, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (events->len, ==, 3);

  g_assert_cmpuint (fixture->queries->len, ==, 1);
  g_assert_cmpstr (fixture->paths->pdata[0], ==, "/v1/models/m1/audit_logs");
  query = fixture->queries->pdata[0];
  params = g_strsplit (query, "&", -1);
  g_assert_true (g_strv_contains ((const char * const *) params, "direction=ASC"));
  g_assert_true (g_strv_contains ((const char * const *) params, "limit=200"));
  g_assert_true (g_strv_contains ((const char * const *) params, "start_epoch_millis=1796025600000"));
  g_assert_true (g_strv_contains ((const char * const *) params, "end_epoch_millis=1796029200000"));
  g_assert_true (g_strv_contains ((const char * const *) params, "event_type_groups=AUTOSCALING_SETTINGS"));
  g_assert_true (g_strv_contains ((const char * const *) params, "event_type_groups=REPLICA_TERMINATED"));
  g_assert_false (g_strv_contains ((const char * const *) params, "event_type_groups=SECRETS"));
  g_assert_null (strstr (query, "cursor="));
}

/* The cursor is followed to the end; the events come oldest first, each
 * once, even where a page repeats the one before's last. */
static void
test_paging (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  gboolean truncated = TRUE;

  fixture->n_entries = 45;
  fixture->page_size = 10;
  fixture->repeat_last = TRUE;
  events = load (fixture->client, "m1", 0, 0, &truncated, &error);
  g_assert_no_error (error);
  g_assert_false (truncated);
  g_assert_cmpuint (events->len, ==, 45);
  for (guint i = 0; i < events->len; i++)
    {
      g_autofree char *id = g_strdup_printf ("e%u", i);

      g_assert_cmpstr (isc_event_get_id (events->pdata[i]), ==, id);
    }
  /* 10, then 9 new a page. */
  g_assert_cmpuint (fixture->queries->len, ==, 5);
  g_assert_nonnull (strstr (fixture->queries->pdata[1], "cursor=next-9"));
  /* The filters go again with the cursor. */
  g_assert_nonnull (strstr (fixture->queries->pdata[1], "event_type_groups=PROMOTED"));
}

/* At most ISC_AUDIT_LOG_MAX_PAGES pages: what they hold is kept, and the
 * caller is told it was cut. */
static void
test_bounded (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  gboolean truncated = FALSE;

  fixture->n_entries = 10000;
  fixture->page_size = 2;
  events = load (fixture->client, "m1", 0, 0, &truncated, &error);
  g_assert_no_error (error);
  g_assert_true (truncated);
  g_assert_cmpuint (fixture->queries->len, ==, ISC_AUDIT_LOG_MAX_PAGES);
  g_assert_cmpuint (events->len, ==, 2 * ISC_AUDIT_LOG_MAX_PAGES);
}

/* A 403 is the audit log's alone; a 401 is the key's; a page of the wrong
 * shape says what is wrong. */
static void
test_errors (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;

  fixture->status = 403;
  fixture->body = "{\"code\": \"FORBIDDEN\", \"message\": \"Only organization admins\"}";
  events = load (fixture->client, "m1", 0, 0, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED);
  g_assert_nonnull (strstr (error->message, "audit log"));
  g_assert_null (strstr (error->message, TEST_KEY));
  g_clear_error (&error);

  fixture->status = 401;
  fixture->body = "{\"code\": \"UNAUTHENTICATED\", \"message\": \"no\"}";
  events = load (fixture->client, "m1", 0, 0, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_KEY_REFUSED);
  g_clear_error (&error);

  fixture->status = 200;
  fixture->body = "{\"items\": [], \"pagination\": {\"has_more\": true}}";
  events = load (fixture->client, "m1", 0, 0, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED);
  g_assert_nonnull (strstr (error->message, "cursor"));
}

/* The simulated API: a day of chat-assistant's events, and the 403 of
 * the member key. */
static void
test_demo (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (42, NULL);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscClient) member = NULL;
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  gint64 now_ms = G_GINT64_CONSTANT (1796051832345);
  gboolean promoted = FALSE;

  isc_demo_server_set_now_ms (server, now_ms);
  isc_demo_server_listen_loopback (server, 0, &error);
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (server), TEST_KEY, &error);
  g_assert_no_error (error);
  member = isc_client_new (isc_demo_server_get_base_url (server), ISC_DEMO_MEMBER_KEY, &error);
  g_assert_no_error (error);

  events = load (client, ISC_DEMO_MODEL_CHAT, now_ms - 26 * 3600000, now_ms, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (events->len, >, 3);
  for (guint i = 0; i < events->len; i++)
    {
      if (i > 0)
        g_assert_cmpint (isc_event_compare (events->pdata[i - 1], events->pdata[i]), <, 0);
      g_assert_cmpint (isc_event_get_time_ms (events->pdata[i]), >=, now_ms - 26 * 3600000);
      g_assert_cmpint (isc_event_get_time_ms (events->pdata[i]), <=, now_ms);
      if (isc_event_get_kind (events->pdata[i]) == ISC_EVENT_PROMOTED)
        promoted = TRUE;
    }
  g_assert_true (promoted);

  /* Seven a page: the cursor leads through the same events. */
  {
    g_autoptr(GPtrArray) paged = NULL;

    _isc_audit_log_set_page_limit (7);
    paged = load (client, ISC_DEMO_MODEL_CHAT, now_ms - 26 * 3600000, now_ms, NULL, &error);
    _isc_audit_log_set_page_limit (0);
    g_assert_no_error (error);
    g_assert_cmpuint (events->len, >, 7);
    g_assert_cmpuint (paged->len, ==, events->len);
    for (guint i = 0; i < events->len; i++)
      g_assert_cmpstr (isc_event_get_id (paged->pdata[i]), ==, isc_event_get_id (events->pdata[i]));
  }
  g_clear_pointer (&events, g_ptr_array_unref);

  events = load (member, ISC_DEMO_MODEL_CHAT, now_ms - 26 * 3600000, now_ms, NULL, &error);
  g_assert_null (events);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED);
  g_clear_error (&error);

  /* What served production a day ago: v7, before v8's promotion; now,
   * v8; and nothing is known of the development environment. */
  {
    g_autofree char *before = find_serving (client, ISC_DEMO_MODEL_CHAT, "production", now_ms - 24 * 3600000, &error);
    g_autofree char *after = find_serving (client, ISC_DEMO_MODEL_CHAT, "production", now_ms, &error);
    g_autofree char *none = find_serving (client, ISC_DEMO_MODEL_CHAT, "development", now_ms, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (before, ==, ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS);
    g_assert_cmpstr (after, ==, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
    g_assert_null (none);
  }

  g_clear_object (&client);
  g_clear_object (&member);
  g_clear_object (&server);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
main (int   argc,
      char *argv[])
{
  /* No proxy lookups. */
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);

  g_test_init (&argc, &argv, NULL);

  g_test_add ("/audit-log-loader/query", Fixture, NULL, fixture_setup, test_query, fixture_teardown);
  g_test_add ("/audit-log-loader/paging", Fixture, NULL, fixture_setup, test_paging, fixture_teardown);
  g_test_add ("/audit-log-loader/bounded", Fixture, NULL, fixture_setup, test_bounded, fixture_teardown);
  g_test_add ("/audit-log-loader/errors", Fixture, NULL, fixture_setup, test_errors, fixture_teardown);
  g_test_add_func ("/audit-log-loader/demo", test_demo);

  return g_test_run ();
}
