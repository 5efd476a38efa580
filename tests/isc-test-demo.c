/* isc-test-demo.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "isc-test-demo.h"

void
demo_response_free (DemoResponse *r)
{
  g_clear_pointer (&r->body, g_bytes_unref);
  g_clear_pointer (&r->reason, g_free);
  g_clear_pointer (&r->headers, soup_message_headers_unref);
  g_clear_error (&r->error);
  g_free (r);
}

void
demo_fixture_setup (DemoFixture   *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server = isc_demo_server_new (SEED, KEY);
  isc_demo_server_set_now_ms (f->server, NOW_MS);
  g_assert_true (isc_demo_server_run_in_thread (f->server, 0, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (isc_demo_server_get_base_url (f->server), "http://127.0.0.1:"));

  f->session = soup_session_new ();
  soup_session_set_timeout (f->session, 30);
}

void
demo_fixture_teardown (DemoFixture   *f,
                       gconstpointer  data)
{
  g_clear_object (&f->session);
  g_clear_object (&f->server);
}

/* @auth: NULL for the right key as Bearer, "" for no header, else the
 * whole Authorization header. @fault: the fault header, or NULL.
 */
DemoResponse *
demo_request_full (DemoFixture *f,
                   const char  *method,
                   const char  *path,
                   const char  *auth,
                   const char  *fault)
{
  g_autofree char *url = g_strconcat (isc_demo_server_get_base_url (f->server), path, NULL);
  g_autoptr(SoupMessage) msg = soup_message_new (method, url);
  SoupMessageHeaders *headers;
  DemoResponse *r = g_new0 (DemoResponse, 1);
  gint64 started;

  g_assert_nonnull (msg);
  headers = soup_message_get_request_headers (msg);
  if (auth == NULL)
    soup_message_headers_replace (headers, "Authorization", "Bearer " KEY);
  else if (*auth != '\0')
    soup_message_headers_replace (headers, "Authorization", auth);
  if (fault != NULL)
    soup_message_headers_replace (headers, ISC_DEMO_FAULT_HEADER, fault);

  started = g_get_monotonic_time ();
  r->body = soup_session_send_and_read (f->session, msg, NULL, &r->error);
  r->elapsed_ms = (g_get_monotonic_time () - started) / 1000.0;
  r->status = soup_message_get_status (msg);
  r->reason = g_strdup (soup_message_get_reason_phrase (msg));
  r->headers = soup_message_headers_ref (soup_message_get_response_headers (msg));

  return r;
}

DemoResponse *
demo_request (DemoFixture *f,
              const char  *path)
{
  return demo_request_full (f, "GET", path, NULL, NULL);
}

JsonNode *
demo_parse_json (GBytes *body)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (body, &length);

  json_parser_load_from_data (parser, data, (gssize) length, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

JsonObject *
demo_object_of (JsonNode *node)
{
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_node_get_object (node);
}

/* A 200 JSON response, parsed. */
JsonNode *
demo_get_json (DemoFixture *f,
               const char  *path)
{
  g_autoptr(DemoResponse) r = demo_request (f, path);

  g_assert_no_error (r->error);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_cmpstr (soup_message_headers_get_content_type (r->headers, NULL), ==, "application/json");
  return demo_parse_json (r->body);
}

/* A 200 metrics response, checked by the app's own strict decoder. */
IscMetricsResponse *
demo_get_metrics (DemoFixture *f,
                  const char  *path)
{
  g_autoptr(DemoResponse) r = demo_request (f, path);
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;

  g_assert_no_error (r->error);
  if (r->status != 200)
    g_error ("%s: %u %.*s", path, r->status, (int) g_bytes_get_size (r->body),
             (const char *) g_bytes_get_data (r->body, NULL));
  response = isc_metrics_response_new_from_bytes (r->body, &error);
  g_assert_no_error (error);
  g_assert_nonnull (response);
  return response;
}

char *
demo_window_query (const char *mode,
                   gint64      start_ms,
                   gint64      end_ms)
{
  return g_strdup_printf ("?mode=%s&start_epoch_millis=%" G_GINT64_FORMAT "&end_epoch_millis=%" G_GINT64_FORMAT,
                          mode, start_ms, end_ms);
}

IscMetricsResponse *
demo_get_window (DemoFixture *f,
                 const char  *target,
                 const char  *mode,
                 gint64       start_ms,
                 gint64       end_ms,
                 const char  *metrics)
{
  g_autofree char *query = demo_window_query (mode, start_ms, end_ms);
  g_autofree char *path = g_strconcat (target, query, metrics != NULL ? "&" : "", metrics, NULL);

  return demo_get_metrics (f, path);
}

/* An error response: the status, and a {"code", "message"} body. */
void
demo_assert_error (DemoResponse *r,
                   guint         status,
                   const char   *code,
                   const char   *message_part)
{
  g_autoptr(JsonNode) node = NULL;
  JsonObject *object;

  g_assert_no_error (r->error);
  g_assert_cmpuint (r->status, ==, status);
  node = demo_parse_json (r->body);
  object = demo_object_of (node);
  g_assert_cmpstr (json_object_get_string_member (object, "code"), ==, code);
  g_assert_true (json_object_has_member (object, "message"));
  if (message_part != NULL && strstr (json_object_get_string_member (object, "message"), message_part) == NULL)
    g_error ("“%s” does not mention “%s”", json_object_get_string_member (object, "message"), message_part);
}

void
demo_assert_status (DemoFixture *f,
                    const char  *path,
                    guint        status,
                    const char  *code,
                    const char  *message_part)
{
  g_autoptr(DemoResponse) r = demo_request (f, path);

  demo_assert_error (r, status, code, message_part);
}

const double *
demo_values_of (IscMetricsResponse *response,
                const char         *name,
                guint               series,
                guint              *n)
{
  const IscMetric *metric = isc_metrics_response_lookup_metric (response, name);

  if (metric == NULL)
    g_error ("no %s in the response", name);
  g_assert_cmpuint (series, <, isc_metric_get_n_series (metric));
  return isc_series_get_values (isc_metric_get_series (metric, series), n);
}
