/* test-client-request.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The request's state machine: retries on 429 and 5xx with their waits,
 * size limits, idle and throughput timers, cancellation at every stage,
 * and what only a raw socket, an untrusted certificate or a resolver that
 * knows no names can do to a fetch.
 */

#include "config.h"

#include <string.h>
#include <unistd.h>

#include "isc-demo-server.h"
#include "isc-test-canned.h"
#include "isc-test-util.h"

/* A self-signed certificate for 127.0.0.1, which no system trusts. */
static const char tls_pem[] =
  "-----BEGIN CERTIFICATE-----\n"
  "MIIBkDCCATagAwIBAgIUXxzcoO0TbP5S8r09YeOrpjhH8pUwCgYIKoZIzj0EAwIw\n"
  "FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEzMDIzMjI0NloYDzIxMjYxMTA2\n"
  "MjMyMjQ2WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO\n"
  "PQMBBwNCAATowhl/LbBuMBpoSApRKdELIBX8O8jn5RA5fFT6mKbGmSglUSZ3OEjV\n"
  "P35uS3nL+REXMUtSfnT1E4q91BgKYcwqo2QwYjAdBgNVHQ4EFgQUop19IvDgUynn\n"
  "B6bNwfyZzjx60zwwHwYDVR0jBBgwFoAUop19IvDgUynnB6bNwfyZzjx60zwwDwYD\n"
  "VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0gAMEUC\n"
  "IFXvTohR13EfrGZpvIz1aqn7k7VNwZf2CxCPi3ssK3SSAiEAz0cSao09OWcir9kf\n"
  "FK/YyLFYTiLH7K45ESHXnwkuRLI=\n"
  "-----END CERTIFICATE-----\n"
  "-----BEGIN PRIVATE KEY-----\n"
  "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgZRknoD2MO1RC4V0+\n"
  "MPAYgKDzEsMNiOZb/I4sDMcLYQKhRANCAATowhl/LbBuMBpoSApRKdELIBX8O8jn\n"
  "5RA5fFT6mKbGmSglUSZ3OEjVP35uS3nL+REXMUtSfnT1E4q91BgKYcwq\n"
  "-----END PRIVATE KEY-----\n";


/* Retries */

static void
test_retry_429_then_success (CannedFixture *fixture,
                             gconstpointer  data)
{
  static const Canned answers[] = {
    { 429, "{\"error\":\"Rate limit exceeded\",\"retry_after\":0.3}" },
    { 200, SERIES_BODY },
  };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_no_error (result.error);
  g_assert_nonnull (result.response);
  g_assert_cmpuint (fixture->n_requests, ==, 2);
  /* The body's retry_after is honoured, plus jitter, and not the longest
   * wait the client would take (a minute). */
  g_assert_cmpfloat (canned_seconds_between (fixture, 0, 1), >=, 0.3);
  g_assert_cmpfloat (canned_seconds_between (fixture, 0, 1), <, test_prompt_s ());
  /* The retry asks the same thing. */
  g_assert_cmpstr (g_ptr_array_index (fixture->queries, 0), ==, g_ptr_array_index (fixture->queries, 1));
  canned_result_clear (&result);
}

static void
test_retry_429_header (CannedFixture *fixture,
                       gconstpointer  data)
{
  static const Canned answers[] = {
    { 429, "slow down", .retry_after = "1" },
    { 200, SERIES_BODY },
  };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_no_error (result.error);
  g_assert_cmpuint (fixture->n_requests, ==, 2);
  /* Without retry_after in the body, the Retry-After header counts. */
  g_assert_cmpfloat (canned_seconds_between (fixture, 0, 1), >=, 1.0);
  g_assert_cmpfloat (canned_seconds_between (fixture, 0, 1), <, test_prompt_s ());
  canned_result_clear (&result);
}

static void
test_retry_429_gives_up (CannedFixture *fixture,
                         gconstpointer  data)
{
  static const Canned answers[] = {
    { 429, "{\"error\":\"Rate limit exceeded\",\"retry_after\":1}" },
  };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  _isc_client_set_delay_scale (fixture->client, 0.01);
  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED);
  g_assert_nonnull (strstr (result.error->message, "3 retries"));
  g_assert_nonnull (strstr (result.error->message, "Wait a minute, then try again"));
  /* One try and three retries, no more. */
  g_assert_cmpuint (fixture->n_requests, ==, 4);
  canned_result_clear (&result);
}

static void
test_retry_429_too_long (CannedFixture *fixture,
                         gconstpointer  data)
{
  static const Canned answers[] = {
    { 429, "{\"error\":\"Rate limit exceeded\",\"retry_after\":3600}" },
  };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  gint64 now_ms = g_get_real_time () / 1000;
  CannedResult result;

  g_assert_cmpint (isc_client_get_retry_not_before_ms (fixture->client), ==, 0);

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  canned_fetch (fixture->client, query, NULL, &result);

  /* An hour's wait is said at once, not waited out behind a spinner. */
  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED);
  g_assert_nonnull (strstr (result.error->message, "3600 seconds. Try again after that"));
  g_assert_cmpuint (fixture->n_requests, ==, 1);
  /* And kept, so a refresh timer waits the hour too. */
  g_assert_cmpint (isc_client_get_retry_not_before_ms (fixture->client), >=, now_ms + 3600 * 1000 - 1000);
  g_assert_cmpint (isc_client_get_retry_not_before_ms (fixture->client), <=, g_get_real_time () / 1000 + 3600 * 1000 + 1000);
  canned_result_clear (&result);
}

/* A NaN, a negative or a huge wait from the server is made sane before
 * it is used: a NaN is as if nothing were said (the default second, not
 * a retry at once), less than nothing is now, a huge wait a day at most
 * (said at once, not waited, and kept without overflow). */
typedef struct
{
  const char *name;
  const char *body;
  guint       n_requests;
  double      min_wait_s;
  double      max_wait_s; /* 0: test_prompt_s() (far under the longest wait) */
  gint64      kept_s;     /* retry_not_before − now; -1: none kept */
} RetryAfterCase;

static const RetryAfterCase retry_after_cases[] = {
  { "nan", "{\"retry_after\":\"nan\"}", 2, 0.9, 0, -1 },
  { "negative", "{\"retry_after\":\"-1e300\"}", 2, 0.0, 1.0, 0 },
  { "huge", "{\"retry_after\":1e300}", 1, 0, 0, 86400 },
};

static void
test_retry_after_sane (CannedFixture *fixture,
                       gconstpointer  data)
{
  const RetryAfterCase *c = data;
  const Canned answers[] = { { 429, c->body }, { 200, SERIES_BODY } };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  gint64 before_ms = g_get_real_time () / 1000;
  gint64 kept_ms;
  CannedResult result;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_cmpuint (fixture->n_requests, ==, c->n_requests);
  if (c->n_requests == 2)
    {
      g_assert_no_error (result.error);
      g_assert_cmpfloat (canned_seconds_between (fixture, 0, 1), >=, c->min_wait_s);
      g_assert_cmpfloat (canned_seconds_between (fixture, 0, 1), <,
                         c->max_wait_s > 0 ? c->max_wait_s : test_prompt_s ());
    }
  else
    {
      g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED);
      g_assert_nonnull (strstr (result.error->message, "86400 seconds"));
    }

  kept_ms = isc_client_get_retry_not_before_ms (fixture->client);
  if (c->kept_s < 0)
    g_assert_cmpint (kept_ms, ==, 0);
  else
    {
      g_assert_cmpint (kept_ms, >=, before_ms + c->kept_s * 1000 - 1000);
      g_assert_cmpint (kept_ms, <=, g_get_real_time () / 1000 + c->kept_s * 1000 + 1000);
    }
  canned_result_clear (&result);
}

static void
test_retry_5xx_then_success (CannedFixture *fixture,
                             gconstpointer  data)
{
  static const Canned answers[] = {
    { 503, NULL },
    { 502, NULL },
    { 200, SERIES_BODY },
  };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  _isc_client_set_delay_scale (fixture->client, 0.3);
  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_no_error (result.error);
  g_assert_cmpuint (fixture->n_requests, ==, 3);
  /* Backoff: 0.5 s then 1 s (scaled, up to half as long again with
   * jitter): neither is skipped, and the second is at least longer than
   * the first can be, 0.225 s. Bounds from below only: a busy machine
   * lengthens a wait, the first as much as the second. */
  g_assert_cmpfloat (canned_seconds_between (fixture, 0, 1), >=, 0.15);
  g_assert_cmpfloat (canned_seconds_between (fixture, 1, 2), >=, 0.30);
  canned_result_clear (&result);
}

static void
test_retry_5xx_gives_up (CannedFixture *fixture,
                         gconstpointer  data)
{
  static const Canned answers[] = {
    { 500, "{\"message\":\"Internal error, id 42\"}" },
  };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  _isc_client_set_delay_scale (fixture->client, 0.01);
  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_SERVER);
  g_assert_nonnull (strstr (result.error->message, "Internal error, id 42"));
  g_assert_nonnull (strstr (result.error->message, "2 retries"));
  g_assert_null (strstr (result.error->message, "{"));
  g_assert_cmpuint (fixture->n_requests, ==, 3);
  canned_result_clear (&result);
}

/* Size, time and cancellation */

static void
test_too_large_announced (CannedFixture *fixture,
                          gconstpointer  data)
{
  static const Canned answers[] = { { 200, .content_length = 4096 } };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  _isc_client_set_max_body_size (fixture->client, 1024);
  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (result.error->message, "KiB"));
  canned_result_clear (&result);
}

static void
test_too_large_default_cap (CannedFixture *fixture,
                            gconstpointer  data)
{
  static const Canned answers[] = { { 200, .content_length = (gsize) 64 * 1024 * 1024 + 1 } };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  canned_fetch (fixture->client, query, NULL, &result);

  /* The real cap: 64 MiB, refused before a byte of it is read. */
  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (result.error->message, "64.0"));
  g_assert_nonnull (strstr (result.error->message, "MiB"));
  canned_result_clear (&result);
}

static void
test_too_large_unannounced (CannedFixture *fixture,
                            gconstpointer  data)
{
  g_autoptr(GString) body = g_string_new ("{\"pad\":\"");
  g_autoptr(IscQuery) query = canned_deployment_query ();
  Canned canned[1] = { { 200, .chunked = TRUE } };
  CannedResult result;

  for (guint i = 0; i < 4096; i++)
    g_string_append_c (body, 'x');
  g_string_append (body, "\"}");
  canned[0].body = body->str;
  canned_set (fixture, canned, 1);
  _isc_client_set_max_body_size (fixture->client, 1024);

  /* Chunked: no length to check first, so the cap holds while reading. */
  canned_fetch (fixture->client, query, NULL, &result);
  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_TOO_LARGE);
  canned_result_clear (&result);

  /* The same body gzipped is measured after decompression. */
  canned[0].gzip = TRUE;
  canned_fetch (fixture->client, query, NULL, &result);
  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_TOO_LARGE);
  canned_result_clear (&result);
}

/* Fetches @query, which must time out; the seconds it took. */
static double
fetch_timing_out (CannedFixture  *fixture,
                  const IscQuery *query)
{
  CannedResult result;
  gint64 start = g_get_monotonic_time ();
  double elapsed;

  canned_fetch (fixture->client, query, NULL, &result);
  elapsed = (g_get_monotonic_time () - start) / 1e6;

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_TIMEOUT);
  g_assert_nonnull (strstr (result.error->message, "“127.0.0.1” did not answer in time"));
  g_assert_nonnull (strstr (result.error->message, "try again"));
  canned_result_clear (&result);

  return elapsed;
}

static void
test_idle_timeout_stall (CannedFixture *fixture,
                         gconstpointer  data)
{
  static const Canned answers[] = { { 200, .stall = TRUE } };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  double elapsed;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  isc_client_set_timeouts (fixture->client, test_far_ms (), 400);

  elapsed = fetch_timing_out (fixture, query);
  /* The idle bound, not the connect bound nor libsoup's own. */
  g_assert_cmpfloat (elapsed, >=, 0.4);
  g_assert_cmpfloat (elapsed, <, test_prompt_s ());
}

static void
test_slow_drip_deadline (CannedFixture *fixture,
                         gconstpointer  data)
{
  static const Canned answers[] = { { 200, .drip_ms = 100 } };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  double elapsed;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  /* A byte every 100 ms never trips an idle timer (one far off here, so
   * that a machine too busy to keep the drip's pace cannot trip it
   * either); the deadline for the whole attempt ends it. */
  isc_client_set_timeouts (fixture->client, test_far_ms (), test_far_ms ());
  _isc_client_set_total_timeout (fixture->client, 1200);

  elapsed = fetch_timing_out (fixture, query);
  g_assert_cmpfloat (elapsed, >=, 1.2);
  g_assert_cmpfloat (elapsed, <, test_prompt_s ());
}

/* A byte every 100 ms trips neither the idle timer nor a 5-minute
 * deadline; the least throughput, 100 bytes in each 500 ms here, ends it
 * as a timeout. */
static void
test_slow_drip_throughput (CannedFixture *fixture,
                           gconstpointer  data)
{
  static const Canned answers[] = { { 200, .drip_ms = 100 } };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  double elapsed;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  isc_client_set_timeouts (fixture->client, test_far_ms (), test_far_ms ());
  _isc_client_set_min_throughput (fixture->client, 500, 100);

  elapsed = fetch_timing_out (fixture, query);
  g_assert_cmpfloat (elapsed, >=, 0.5);
  g_assert_cmpfloat (elapsed, <, test_prompt_s ());
}

static void
test_cancel_before (CannedFixture *fixture,
                    gconstpointer  data)
{
  static const Canned ok[] = { { 200, SERIES_BODY } };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  CannedResult result;

  canned_set (fixture, ok, G_N_ELEMENTS (ok));
  g_cancellable_cancel (cancellable);
  canned_fetch (fixture->client, query, cancellable, &result);

  g_assert_error (result.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (result.response);
  g_assert_cmpuint (fixture->n_requests, ==, 0);
  canned_result_clear (&result);
}

static gboolean
cancel_when_requested (gpointer data)
{
  CannedFixture *fixture = g_object_get_data (data, "fixture");

  if (fixture->n_requests == 0)
    return G_SOURCE_CONTINUE;

  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static void
test_cancel_during (CannedFixture *fixture,
                    gconstpointer  data)
{
  static const Canned answers[] = { { 200, .stall = TRUE } };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  CannedResult result;
  gint64 start;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  g_object_set_data (G_OBJECT (cancellable), "fixture", fixture);
  g_timeout_add (20, cancel_when_requested, cancellable);

  start = g_get_monotonic_time ();
  canned_fetch (fixture->client, query, cancellable, &result);

  /* Cancelled mid-body: promptly (the answer stalls for ever), and with
   * no result. */
  g_assert_error (result.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (result.response);
  g_assert_cmpfloat ((g_get_monotonic_time () - start) / 1e6, <, test_prompt_s ());
  canned_result_clear (&result);
}

static void
test_cancel_during_retry_wait (CannedFixture *fixture,
                               gconstpointer  data)
{
  static const Canned answers[] = {
    /* Longer than test_prompt_s(), short of the most the client waits. */
    { 429, "{\"error\":\"Rate limit exceeded\",\"retry_after\":50}" },
    { 200, SERIES_BODY },
  };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  CannedResult result;
  gint64 start;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  g_object_set_data (G_OBJECT (cancellable), "fixture", fixture);
  g_timeout_add (20, cancel_when_requested, cancellable);

  start = g_get_monotonic_time ();
  canned_fetch (fixture->client, query, cancellable, &result);

  /* The wait ends at the cancel, and nothing more is sent. */
  g_assert_error (result.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpfloat ((g_get_monotonic_time () - start) / 1e6, <, test_prompt_s ());
  g_assert_cmpuint (fixture->n_requests, ==, 1);
  canned_result_clear (&result);
}

/* Raw sockets: what a SoupServer will not do */

typedef struct
{
  GSocketService *service;
  guint16         port;
  const char     *reply;      /* NULL: never answer */
  GPtrArray      *held;
} RawServer;

typedef struct
{
  RawServer         *raw;
  GSocketConnection *connection;
  char               buffer[8192];
  gsize              filled;
} RawConnection;

static void
on_raw_read (GObject      *object,
             GAsyncResult *result,
             gpointer      data)
{
  RawConnection *rc = data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (object), result, NULL);

  if (n <= 0)
    {
      g_object_unref (rc->connection);
      g_free (rc);
      return;
    }

  rc->filled += n;
  rc->buffer[rc->filled] = '\0';

  if (strstr (rc->buffer, "\r\n\r\n") == NULL && rc->filled < sizeof rc->buffer - 1)
    {
      g_input_stream_read_async (G_INPUT_STREAM (object), rc->buffer + rc->filled,
                                 sizeof rc->buffer - 1 - rc->filled, G_PRIORITY_DEFAULT,
                                 NULL, on_raw_read, rc);
      return;
    }

  if (rc->raw->reply == NULL)
    {
      g_ptr_array_add (rc->raw->held, g_steal_pointer (&rc->connection));
      g_free (rc);
      return;
    }

  g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (rc->connection)),
                             rc->raw->reply, strlen (rc->raw->reply), NULL, NULL, NULL);
  g_io_stream_close (G_IO_STREAM (rc->connection), NULL, NULL);
  g_object_unref (rc->connection);
  g_free (rc);
}

static gboolean
on_raw_incoming (GSocketService    *service,
                 GSocketConnection *connection,
                 GObject           *source,
                 gpointer           data)
{
  RawConnection *rc = g_new0 (RawConnection, 1);

  rc->raw = data;
  rc->connection = g_object_ref (connection);
  g_input_stream_read_async (g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                             rc->buffer, sizeof rc->buffer - 1, G_PRIORITY_DEFAULT,
                             NULL, on_raw_read, rc);

  return TRUE;
}

static void
raw_server_start (RawServer  *raw,
                  const char *reply)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) effective = NULL;
  g_autoptr(GError) error = NULL;

  raw->reply = reply;
  raw->held = g_ptr_array_new_with_free_func (g_object_unref);
  raw->service = g_socket_service_new ();
  g_socket_listener_add_address (G_SOCKET_LISTENER (raw->service), address,
                                 G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                 NULL, &effective, &error);
  g_assert_no_error (error);
  raw->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  g_signal_connect (raw->service, "incoming", G_CALLBACK (on_raw_incoming), raw);
  g_socket_service_start (raw->service);
}

static void
raw_server_stop (RawServer *raw)
{
  g_socket_service_stop (raw->service);
  g_socket_listener_close (G_SOCKET_LISTENER (raw->service));
  g_clear_object (&raw->service);
  g_clear_pointer (&raw->held, g_ptr_array_unref);

  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static IscClient *
raw_client (RawServer *raw)
{
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%u", raw->port);
  g_autoptr(GError) error = NULL;
  IscClient *client = isc_client_new (url, TEST_KEY, &error);

  g_assert_no_error (error);
  return client;
}

/* A body cut off by the server, with the length it announced or by
 * closing: a decode error in words, not a crash and not a network error. */
typedef struct
{
  const char *reply;
  const char *says;
  const char *and_says;   /* or NULL */
} CutOff;

static const CutOff cut_offs[] = {
  { "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    "Content-Length: 500\r\n\r\n"
    "{\"start_epoch_millis\":1700000000000,\"end_epoch_", "cut off", "Try again" },
  { "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
    "Connection: close\r\n\r\n"
    "{\"start_epoch_millis\":1700000000000,\"end_epoch_", "cannot read", NULL },
};

static void
test_cut_off (gconstpointer data)
{
  const CutOff *cut = data;
  RawServer raw = { 0 };
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  raw_server_start (&raw, cut->reply);
  client = raw_client (&raw);
  canned_fetch (client, query, NULL, &result);

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED);
  g_assert_nonnull (strstr (result.error->message, cut->says));
  if (cut->and_says != NULL)
    g_assert_nonnull (strstr (result.error->message, cut->and_says));
  canned_result_clear (&result);
  raw_server_stop (&raw);
}

static void
test_connect_timeout_silence (void)
{
  RawServer raw = { 0 };
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;
  gint64 start;
  double elapsed;

  /* Accepts, reads the request, never answers. */
  raw_server_start (&raw, NULL);
  client = raw_client (&raw);
  isc_client_set_timeouts (client, 500, test_far_ms ());

  start = g_get_monotonic_time ();
  canned_fetch (client, query, NULL, &result);
  elapsed = (g_get_monotonic_time () - start) / 1e6;

  /* The connect-and-headers bound, not the idle one. */
  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_TIMEOUT);
  g_assert_cmpfloat (elapsed, >=, 0.5);
  g_assert_cmpfloat (elapsed, <, test_prompt_s ());
  canned_result_clear (&result);
  raw_server_stop (&raw);
}

static void
test_connection_refused (void)
{
  RawServer raw = { 0 };
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  /* A port that was just free and is closed again. */
  raw_server_start (&raw, NULL);
  client = raw_client (&raw);
  raw_server_stop (&raw);

  canned_fetch (client, query, NULL, &result);

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_NETWORK);
  g_assert_nonnull (strstr (result.error->message, "Could not reach “127.0.0.1”"));
  canned_result_clear (&result);
}

/* The handler of a server whose handshake no client completes. */
static void
never_answered (SoupServer        *server,
                SoupServerMessage *message,
                const char        *path,
                GHashTable        *query,
                gpointer           user_data)
{
  g_assert_not_reached ();
}

/* TLS: a certificate no one trusts is refused, never waved through.
 *
 * It runs in a subprocess that leaves with _exit(): once GnuTLS has been
 * loaded (glib-networking), LeakSanitizer's tracer crashes at exit while it
 * stops the process's threads ("Tracer caught signal 11"), which a plain
 * libsoup TLS program does too. Skipping the exit-time leak check of this one
 * case keeps the check for every other case of this program.
 */
static void
test_tls_untrusted_in_subprocess (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(SoupServer) server = NULL;
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscQuery) query = canned_deployment_query ();
  g_autoslist(GUri) uris = NULL;
  g_autofree char *url = NULL;
  CannedResult result;

  certificate = g_tls_certificate_new_from_pem (tls_pem, -1, &error);
  g_assert_no_error (error);
  server = soup_server_new ("tls-certificate", certificate, NULL);
  soup_server_add_handler (server, NULL, never_answered, NULL, NULL);
  soup_server_listen_local (server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY | SOUP_SERVER_LISTEN_HTTPS, &error);
  g_assert_no_error (error);
  uris = soup_server_get_uris (server);
  url = g_strdup_printf ("https://127.0.0.1:%d", g_uri_get_port (uris->data));

  client = isc_client_new (url, TEST_KEY, &error);
  g_assert_no_error (error);
  canned_fetch (client, query, NULL, &result);

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_TLS);
  g_assert_nonnull (strstr (result.error->message, "certificate"));
  canned_result_clear (&result);

  soup_server_disconnect (server);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
test_tls_untrusted (void)
{
  if (g_test_subprocess ())
    {
      test_tls_untrusted_in_subprocess ();
      _exit (0);
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* DNS: a resolver that knows no names, so nothing leaves the machine. */

typedef struct { GResolver parent_instance; } FakeResolver;
typedef struct { GResolverClass parent_class; } FakeResolverClass;

GType fake_resolver_get_type (void);
G_DEFINE_TYPE ( FakeResolver,
                fake_resolver,
                G_TYPE_RESOLVER)

static GList *
fake_lookup_by_name (GResolver     *resolver,
                     const char    *hostname,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_set_error (error, G_RESOLVER_ERROR, G_RESOLVER_ERROR_NOT_FOUND,
               "Error resolving “%s”: Name or service not known", hostname);
  return NULL;
}

static void
fake_lookup_by_name_async (GResolver           *resolver,
                           const char          *hostname,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             data)
{
  g_autoptr(GTask) task = g_task_new (resolver, cancellable, callback, data);

  g_task_return_new_error (task, G_RESOLVER_ERROR, G_RESOLVER_ERROR_NOT_FOUND,
                           "Error resolving “%s”: Name or service not known", hostname);
}

static GList *
fake_lookup_by_name_finish (GResolver     *resolver,
                            GAsyncResult  *result,
                            GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static GList *
fake_lookup_by_name_with_flags (GResolver                 *resolver,
                                const char                *hostname,
                                GResolverNameLookupFlags   flags,
                                GCancellable              *cancellable,
                                GError                   **error)
{
  return fake_lookup_by_name (resolver, hostname, cancellable, error);
}

static void
fake_lookup_by_name_with_flags_async (GResolver                *resolver,
                                      const char               *hostname,
                                      GResolverNameLookupFlags  flags,
                                      GCancellable             *cancellable,
                                      GAsyncReadyCallback       callback,
                                      gpointer                  data)
{
  fake_lookup_by_name_async (resolver, hostname, cancellable, callback, data);
}

static void
fake_resolver_class_init (FakeResolverClass *klass)
{
  GResolverClass *resolver_class = G_RESOLVER_CLASS (klass);

  resolver_class->lookup_by_name = fake_lookup_by_name;
  resolver_class->lookup_by_name_async = fake_lookup_by_name_async;
  resolver_class->lookup_by_name_finish = fake_lookup_by_name_finish;
  resolver_class->lookup_by_name_with_flags = fake_lookup_by_name_with_flags;
  resolver_class->lookup_by_name_with_flags_async = fake_lookup_by_name_with_flags_async;
  resolver_class->lookup_by_name_with_flags_finish = fake_lookup_by_name_finish;
}

static void
fake_resolver_init (FakeResolver *self)
{
}

static void
test_dns_failure (void)
{
  g_autoptr(GResolver) previous = g_resolver_get_default ();
  g_autoptr(GResolver) fake = g_object_new (fake_resolver_get_type (), NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  g_resolver_set_default (fake);
  client = isc_client_new ("https://api.inferscope-test.invalid", TEST_KEY, &error);
  g_assert_no_error (error);
  canned_fetch (client, query, NULL, &result);
  g_resolver_set_default (previous);

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_DNS);
  g_assert_nonnull (strstr (result.error->message, "“api.inferscope-test.invalid”"));
  canned_result_clear (&result);
}


int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  canned_init ();
#define ADD(path, func) \
  g_test_add ("/isc/client/" path, CannedFixture, NULL, canned_setup, func, canned_teardown)
#define ADD_DATA(path, data, func) \
  g_test_add (path, CannedFixture, data, canned_setup, func, canned_teardown)

  ADD ("retry/429-then-success", test_retry_429_then_success);
  ADD ("retry/429-header", test_retry_429_header);
  ADD ("retry/429-gives-up", test_retry_429_gives_up);
  ADD ("retry/429-too-long", test_retry_429_too_long);
  for (guint i = 0; i < G_N_ELEMENTS (retry_after_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/client/retry/429-retry-after/%s",
                                               retry_after_cases[i].name);
      g_test_add (path, CannedFixture, &retry_after_cases[i], canned_setup, test_retry_after_sane,
                  canned_teardown);
    }
  ADD ("retry/5xx-then-success", test_retry_5xx_then_success);
  ADD ("retry/5xx-gives-up", test_retry_5xx_gives_up);
  ADD ("size/announced", test_too_large_announced);
  ADD ("size/unannounced", test_too_large_unannounced);
  ADD ("size/default-cap", test_too_large_default_cap);
  ADD ("timeout/idle-stall", test_idle_timeout_stall);
  ADD ("timeout/slow-drip", test_slow_drip_deadline);
  ADD ("timeout/slow-drip-throughput", test_slow_drip_throughput);
  ADD ("cancel/before", test_cancel_before);
  ADD ("cancel/during", test_cancel_during);
  ADD ("cancel/during-retry-wait", test_cancel_during_retry_wait);
  g_test_add_data_func ("/isc/client/raw/cut-off-with-length", &cut_offs[0], test_cut_off);
  g_test_add_data_func ("/isc/client/raw/cut-off-on-close", &cut_offs[1], test_cut_off);
  g_test_add_func ("/isc/client/raw/connect-timeout", test_connect_timeout_silence);
  g_test_add_func ("/isc/client/raw/connection-refused", test_connection_refused);
  g_test_add_func ("/isc/client/tls/untrusted", test_tls_untrusted);
  g_test_add_func ("/isc/client/dns/failure", test_dns_failure);
  return g_test_run ();
}

