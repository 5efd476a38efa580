/* isc-test-canned.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "isc-test-canned.h"
#include "isc-test-util.h"

typedef struct
{
  SoupServerMessage *message;
} Drip;

/* This test's log lines and the error messages its fetches met: the key
 * must never reach them. Each fixture starts it afresh (canned_log_capture_start),
 * so what a test reads of it is its own, whatever ran before. */
GString *canned_captured_log;

void
canned_log_capture_start (void)
{
  g_string_truncate (canned_captured_log, 0);
}

/* Installed once for the program, as GLib allows: every line, as it is
 * written, fails the test that wrote it if it holds the key, and goes on
 * to canned_captured_log. */
GLogWriterOutput
canned_key_check_writer (GLogLevelFlags   log_level,
                         const GLogField *fields,
                         gsize            n_fields,
                         gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    {
      if (strcmp (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0 &&
          strstr (fields[i].value, "sk-test") != NULL)
        {
          g_autoptr(GString) line = g_string_new (fields[i].value);

          g_string_replace (line, "sk-test", "•••", 0);
          g_test_fail_printf ("A log line holds the key: %s", line->str);
        }
    }

  return test_capture_writer (log_level, fields, n_fields, user_data);
}

/* Canned answers */



void
canned_set (CannedFixture *fixture,
            const Canned  *canned,
            guint          n_canned)
{
  fixture->canned = canned;
  fixture->n_canned = n_canned;
}


static gboolean
drip_byte (gpointer data)
{
  SoupServerMessage *message = data;

  soup_message_body_append (soup_server_message_get_response_body (message),
                            SOUP_MEMORY_STATIC, " ", 1);
  soup_server_message_unpause (message);

  return G_SOURCE_CONTINUE;
}

static GBytes *
gzip_bytes (const char *text)
{
  g_autoptr(GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
  g_autoptr(GOutputStream) memory = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) out = g_converter_output_stream_new (memory, G_CONVERTER (compressor));

  g_assert_true (g_output_stream_write_all (out, text, strlen (text), NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));

  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (memory));
}

static void
server_callback (SoupServer        *server,
                 SoupServerMessage *message,
                 const char        *path,
                 GHashTable        *query,
                 gpointer           user_data)
{
  CannedFixture *fixture = user_data;
  SoupMessageHeaders *request_headers = soup_server_message_get_request_headers (message);
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (message);
  GUri *uri = soup_server_message_get_uri (message);
  const Canned *canned;
  gint64 now = g_get_monotonic_time ();

  fixture->n_requests++;
  g_ptr_array_add (fixture->queries, g_strdup (g_uri_get_query (uri)));
  g_ptr_array_add (fixture->paths, g_strdup (path));
  g_array_append_val (fixture->times, now);
  g_free (fixture->authorization);
  fixture->authorization = g_strdup (soup_message_headers_get_one (request_headers, "Authorization"));
  g_free (fixture->user_agent);
  fixture->user_agent = g_strdup (soup_message_headers_get_one (request_headers, "User-Agent"));
  g_free (fixture->accept_encoding);
  fixture->accept_encoding = g_strdup (soup_message_headers_get_one (request_headers, "Accept-Encoding"));

  g_assert_cmpuint (fixture->n_canned, >, 0);
  canned = &fixture->canned[MIN (fixture->n_requests, fixture->n_canned) - 1];

  soup_server_message_set_status (message, canned->status, NULL);
  if (canned->retry_after != NULL)
    soup_message_headers_replace (headers, "Retry-After", canned->retry_after);
  if (canned->location != NULL)
    soup_message_headers_replace (headers, "Location", canned->location);

  if (canned->stall || canned->drip_ms > 0)
    {
      soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);
      soup_message_headers_set_content_type (headers, "application/json", NULL);
      soup_message_body_append (soup_server_message_get_response_body (message),
                                SOUP_MEMORY_STATIC, "{\"mode\":", 8);
      g_ptr_array_add (fixture->held, g_object_ref (message));
      if (canned->drip_ms > 0)
        {
          guint id = g_timeout_add (canned->drip_ms, drip_byte, message);
          g_array_append_val (fixture->drips, id);
        }
      return;
    }

  if (canned->content_length > 0)
    {
      /* Announced, never sent: the client must refuse before reading. */
      soup_message_headers_set_content_length (headers, canned->content_length);
      soup_message_headers_set_content_type (headers, "application/json", NULL);
      soup_message_body_append (soup_server_message_get_response_body (message),
                                SOUP_MEMORY_STATIC, "{\"mode\":", 8);
      g_ptr_array_add (fixture->held, g_object_ref (message));
      return;
    }

  if (canned->body == NULL)
    return;

  if (canned->chunked)
    soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);

  if (canned->gzip)
    {
      g_autoptr(GBytes) compressed = gzip_bytes (canned->body);

      soup_message_headers_replace (headers, "Content-Encoding", "gzip");
      soup_message_headers_set_content_type (headers, "application/json", NULL);
      soup_message_body_append_bytes (soup_server_message_get_response_body (message), compressed);
      if (canned->chunked)
        soup_message_body_complete (soup_server_message_get_response_body (message));
      return;
    }

  soup_server_message_set_response (message, "application/json", SOUP_MEMORY_COPY,
                                    canned->body, strlen (canned->body));
}

void
canned_setup (CannedFixture *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoslist(GUri) uris = NULL;

  canned_log_capture_start ();
  fixture->server = soup_server_new (NULL, NULL);
  fixture->queries = g_ptr_array_new_with_free_func (g_free);
  fixture->paths = g_ptr_array_new_with_free_func (g_free);
  fixture->times = g_array_new (FALSE, FALSE, sizeof (gint64));
  fixture->held = g_ptr_array_new_with_free_func (g_object_unref);
  fixture->drips = g_array_new (FALSE, FALSE, sizeof (guint));
  soup_server_add_handler (fixture->server, NULL, server_callback, fixture, NULL);

  soup_server_listen_local (fixture->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);

  uris = soup_server_get_uris (fixture->server);
  fixture->base_url = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));

  fixture->client = isc_client_new (fixture->base_url, TEST_KEY, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fixture->client);
}

void
canned_teardown (CannedFixture *fixture,
                 gconstpointer  data)
{
  for (guint i = 0; i < fixture->drips->len; i++)
    g_source_remove (g_array_index (fixture->drips, guint, i));

  g_clear_object (&fixture->client);
  soup_server_disconnect (fixture->server);
  g_clear_pointer (&fixture->held, g_ptr_array_unref);
  g_clear_object (&fixture->server);
  g_clear_pointer (&fixture->queries, g_ptr_array_unref);
  g_clear_pointer (&fixture->paths, g_ptr_array_unref);
  g_clear_pointer (&fixture->times, g_array_unref);
  g_clear_pointer (&fixture->drips, g_array_unref);
  g_free (fixture->base_url);
  g_free (fixture->authorization);
  g_free (fixture->user_agent);
  g_free (fixture->accept_encoding);

  /* Let closed connections finish in this test, not the next. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Running a canned_fetch to its end */


void
canned_result_clear (CannedResult *result)
{
  g_clear_pointer (&result->response, isc_metrics_response_unref);
  g_clear_error (&result->error);
}

static void
canned_on_fetched (GObject      *object,
                   GAsyncResult *async_result,
                   gpointer      data)
{
  CannedResult *result = data;

  result->response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), async_result, &result->error);
  result->done = TRUE;
}

/* The client's messages are read in the window and by `inferscope
 * export` alike: none may send the person to something only one of them
 * has (a Preferences dialog, a refresh). */
void
canned_assert_fits_both_places (const char *message)
{
  g_autofree char *lower = g_utf8_strdown (message, -1);

  g_assert_null (strstr (lower, "preferences"));
  g_assert_null (strstr (lower, "refresh"));
}

void
canned_fetch (IscClient      *client,
              const IscQuery *query,
              GCancellable   *cancellable,
              CannedResult   *result)
{
  memset (result, 0, sizeof *result);
  isc_client_fetch_metrics_async (client, query, cancellable, canned_on_fetched, result);
  while (!result->done)
    g_main_context_iteration (NULL, TRUE);

  /* Exactly one of the two. */
  g_assert_true ((result->response == NULL) != (result->error == NULL));
  if (result->error != NULL)
    {
      g_assert_null (strstr (result->error->message, TEST_KEY));
      canned_assert_fits_both_places (result->error->message);
      g_string_append (canned_captured_log, result->error->message);
      g_string_append_c (canned_captured_log, '\n');
    }
}

IscQuery *
canned_deployment_query (void)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (1700000000000, 1700003600000);
  const char *metrics[] = { "baseten_replicas_active", "baseten_inference_requests_total", NULL };

  return isc_query_new ("abc123", ISC_TARGET_DEPLOYMENT, "dep456", ISC_MODE_SERIES, range, metrics);
}

double
canned_seconds_between (CannedFixture *fixture,
                        guint          a,
                        guint          b)
{
  return (g_array_index (fixture->times, gint64, b) - g_array_index (fixture->times, gint64, a)) / 1e6;
}

void
canned_init (void)
{
  /* No proxy lookups, and every debug line reaches the capture. */
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  g_setenv ("G_MESSAGES_DEBUG", "all", TRUE);
  canned_captured_log = g_string_new (NULL);
  g_log_set_writer_func (canned_key_check_writer, canned_captured_log, NULL);
  test_log_to_writer ();
}
