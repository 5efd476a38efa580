/* test-demo-faults.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The simulated API's faults, asked for in a request header: delay, drip,
 * a client that goes away, rate limits, statuses, broken bodies, dropped
 * connections, the dense mode, and faults combined.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-catalogue.h"
#include "isc-test-demo.h"

#define ADD(path, func) \
  g_test_add (path, DemoFixture, NULL, demo_fixture_setup, func, demo_fixture_teardown)

/* Faults */

static void
test_fault_delay (DemoFixture   *f,
                  gconstpointer  data)
{
  g_autoptr(DemoResponse) header = demo_request_full (f, "GET", CHAT_D8, NULL, "delay=400");
  g_autoptr(DemoResponse) reserved = demo_request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-delay-300/metrics");
  g_autoptr(DemoResponse) plain = demo_request (f, CHAT_D8);

  g_assert_cmpuint (header->status, ==, 200);
  g_assert_cmpfloat (header->elapsed_ms, >=, 390);
  g_assert_cmpuint (reserved->status, ==, 200);
  g_assert_cmpfloat (reserved->elapsed_ms, >=, 290);
  g_assert_true (g_bytes_equal (header->body, plain->body));
}

static void
test_fault_drip (DemoFixture   *f,
                 gconstpointer  data)
{
  g_autoptr(DemoResponse) r = demo_request_full (f, "GET", CHAT_D8 "?mode=SERIES", NULL, "drip=30");
  g_autoptr(DemoResponse) plain = demo_request (f, CHAT_D8 "?mode=SERIES");
  g_autoptr(DemoResponse) reserved = demo_request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-drip-10/metrics");
  g_autoptr(IscMetricsResponse) decoded = NULL;
  g_autoptr(GError) error = NULL;

  /* Twenty chunks, 30 ms apart: slow, chunked, and whole in the end. */
  g_assert_no_error (r->error);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_cmpint (soup_message_headers_get_encoding (r->headers), ==, SOUP_ENCODING_CHUNKED);
  g_assert_cmpfloat (r->elapsed_ms, >=, 19 * 30);
  g_assert_true (g_bytes_equal (r->body, plain->body));
  decoded = isc_metrics_response_new_from_bytes (r->body, &error);
  g_assert_no_error (error);

  g_assert_no_error (reserved->error);
  g_assert_cmpuint (reserved->status, ==, 200);
  g_assert_cmpfloat (reserved->elapsed_ms, >=, 19 * 10);
}

static void
test_fault_client_gone (DemoFixture   *f,
                        gconstpointer  data)
{
  g_autoptr(SoupSession) impatient = soup_session_new_with_options ("timeout", 1, NULL);
  SoupSession *patient = f->session;

  /* A client that gives up during a drip or a delay leaves the server
   * answering others, with no timer left behind on a finished message.
   */
  f->session = impatient;
  {
    g_autoptr(DemoResponse) dripping = demo_request_full (f, "GET", CHAT_D8 "?mode=SERIES", NULL, "drip=1500");
    g_autoptr(DemoResponse) delayed = demo_request_full (f, "GET", CHAT_D8, NULL, "delay=3000");

    g_assert_nonnull (dripping->error);
    g_assert_nonnull (delayed->error);
  }
  f->session = patient;

  /* Let the abandoned timers fire into closed connections. */
  g_usleep (G_USEC_PER_SEC * 5 / 2);
  {
    g_autoptr(DemoResponse) after = demo_request (f, CHAT_D8);

    g_assert_no_error (after->error);
    g_assert_cmpuint (after->status, ==, 200);
  }
}

static void
test_fault_rate_limit (DemoFixture   *f,
                       gconstpointer  data)
{
  /* 429 for the first three requests with this fault, then success. */
  for (guint i = 0; i < 5; i++)
    {
      g_autoptr(DemoResponse) r = demo_request_full (f, "GET", CHAT_D8, NULL, "429=3");

      if (i < 3)
        {
          g_autoptr(JsonNode) node = demo_parse_json (r->body);

          g_assert_cmpuint (r->status, ==, 429);
          g_assert_cmpstr (r->reason, ==, "Too Many Requests");
          g_assert_cmpstr (soup_message_headers_get_one (r->headers, "Retry-After"), ==, "1");
          g_assert_nonnull (json_object_get_string_member (demo_object_of (node), "error"));
          g_assert_cmpint (json_object_get_int_member (demo_object_of (node), "retry_after"), ==, 1);
        }
      else
        g_assert_cmpuint (r->status, ==, 200);
    }

  /* Counted per N, and reset on demand. */
  {
    g_autoptr(DemoResponse) other_n = demo_request_full (f, "GET", CHAT_D8, NULL, "429=1");
    g_autoptr(DemoResponse) reserved = demo_request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-429-1/metrics");
    g_autoptr(DemoResponse) after_reset = NULL;

    g_assert_cmpuint (other_n->status, ==, 429);
    g_assert_cmpuint (reserved->status, ==, 200);
    isc_demo_server_reset_faults (f->server);
    after_reset = demo_request_full (f, "GET", CHAT_D8, NULL, "429=3");
    g_assert_cmpuint (after_reset->status, ==, 429);
  }
}

static void
test_fault_status (DemoFixture   *f,
                   gconstpointer  data)
{
  g_autoptr(DemoResponse) e500 = demo_request_full (f, "GET", CHAT_D8, NULL, "500");
  g_autoptr(DemoResponse) e503 = demo_request_full (f, "GET", "/v1/models", NULL, "503");
  g_autoptr(DemoResponse) e502 = demo_request_full (f, "GET", CHAT_D8, NULL, "502");
  g_autoptr(DemoResponse) reserved = demo_request (f, "/v1/models/" ISC_DEMO_MODEL_EMBED "/deployments/fault-503/metrics");
  g_autoptr(DemoResponse) bogus = demo_request_full (f, "GET", CHAT_D8, NULL, "explode");
  g_autoptr(DemoResponse) bogus_id = demo_request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-explode/metrics");

  demo_assert_error (e500, 500, "INTERNAL_ERROR", NULL);
  demo_assert_error (e503, 503, "SERVICE_UNAVAILABLE", NULL);
  demo_assert_error (reserved, 503, "SERVICE_UNAVAILABLE", NULL);

  /* A gateway's 502 is an HTML page, not JSON. */
  g_assert_cmpuint (e502->status, ==, 502);
  g_assert_cmpstr (soup_message_headers_get_content_type (e502->headers, NULL), ==, "text/html");
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (e502->body, NULL), g_bytes_get_size (e502->body), "Bad Gateway"));

  demo_assert_error (bogus, 400, "VALIDATION_ERROR", "explode");
  demo_assert_error (bogus_id, 404, "NOT_FOUND", "fault-explode");
}

static void
test_fault_bodies (DemoFixture   *f,
                   gconstpointer  data)
{
  g_autoptr(DemoResponse) invalid = demo_request_full (f, "GET", CHAT_D8, NULL, "invalid-json");
  g_autoptr(DemoResponse) shape = demo_request_full (f, "GET", CHAT_D8, NULL, "wrong-shape");
  g_autoptr(DemoResponse) shape_models = demo_request_full (f, "GET", "/v1/models", NULL, "wrong-shape");
  g_autoptr(DemoResponse) truncated = demo_request_full (f, "GET", CHAT_D8 "?mode=SERIES", NULL, "truncate");
  g_autoptr(DemoResponse) reserved = demo_request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-invalid-json/metrics");
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) decoded = NULL;

  /* Invalid JSON: a 200 that no parser accepts. */
  g_assert_cmpuint (invalid->status, ==, 200);
  g_assert_false (json_parser_load_from_data (parser, g_bytes_get_data (invalid->body, NULL),
                                              g_bytes_get_size (invalid->body), &error));
  g_clear_error (&error);
  decoded = isc_metrics_response_new_from_bytes (invalid->body, &error);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_SYNTAX);
  g_assert_null (decoded);
  g_clear_error (&error);
  g_assert_true (g_bytes_equal (invalid->body, reserved->body));

  /* The wrong shape: JSON, but no metrics response and no model list. */
  {
    g_autoptr(JsonNode) node = demo_parse_json (shape->body);
    g_autoptr(JsonNode) models = demo_parse_json (shape_models->body);

    g_assert_cmpuint (shape->status, ==, 200);
    decoded = isc_metrics_response_new_from_bytes (shape->body, &error);
    g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_INVALID);
    g_assert_null (decoded);
    g_clear_error (&error);
    g_assert_false (JSON_NODE_HOLDS_ARRAY (json_object_get_member (demo_object_of (models), "models")));
  }

  /* Truncated: the Content-Length promises twice what arrives before the
   * connection closes. libsoup 3.2 hands over the short body without an
   * error, so only the length and the decoder tell.
   */
  if (truncated->error == NULL)
    {
      g_assert_cmpuint (truncated->status, ==, 200);
      g_assert_cmpint (soup_message_headers_get_content_length (truncated->headers), >,
                       (goffset) g_bytes_get_size (truncated->body));
      decoded = isc_metrics_response_new_from_bytes (truncated->body, &error);
      g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_SYNTAX);
      g_assert_null (decoded);
    }
}

static void
test_fault_drop (DemoFixture   *f,
                 gconstpointer  data)
{
  g_autoptr(DemoResponse) r = demo_request_full (f, "GET", CHAT_D8, NULL, "drop");
  g_autoptr(DemoResponse) reserved = demo_request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-drop/metrics");
  g_autoptr(DemoResponse) after = demo_request (f, CHAT_D8);

  /* No response at all; the server carries on. */
  g_assert_nonnull (r->error);
  g_assert_nonnull (reserved->error);
  g_assert_no_error (after->error);
  g_assert_cmpuint (after->status, ==, 200);
}

static void
test_fault_dense (DemoFixture   *f,
                  gconstpointer  data)
{
  g_autoptr(DemoResponse) r = demo_request_full (f, "GET", CHAT_D8, NULL, "dense");
  g_autoptr(IscMetricsResponse) decoded = NULL;
  g_autoptr(IscMetricsResponse) reserved =
    demo_get_metrics (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-dense/metrics?metrics=baseten_gpu_utilization");
  g_autoptr(GError) error = NULL;
  guint n;
  const gint64 *starts;

  /* 1-minute steps over 7 days: 10,080 value sets. */
  g_assert_cmpuint (r->status, ==, 200);
  decoded = isc_metrics_response_new_from_bytes (r->body, &error);
  g_assert_no_error (error);
  g_assert_cmpint (isc_metrics_response_get_mode (decoded), ==, ISC_MODE_SERIES);
  g_assert_cmpint (isc_metrics_response_get_step_seconds (decoded), ==, 60);
  starts = isc_metrics_response_get_step_starts (decoded, &n);
  g_assert_cmpuint (n, ==, 10080);
  g_assert_cmpint (starts[n - 1] - starts[0], ==, (gint64) 10079 * 60 * 1000);
  g_assert_cmpint (starts[n - 1], <=, NOW_MS);
  g_assert_cmpint (starts[n - 1] + 60 * 1000, >, NOW_MS);
  g_assert_cmpuint (isc_metrics_response_get_n_metrics (decoded), ==, 3);

  g_assert_cmpuint (isc_metrics_response_get_n_steps (reserved), ==, 10080);
  g_assert_cmpuint (isc_metrics_response_get_n_metrics (reserved), ==, 1);

  /* An environment too, though its last promotion falls inside the week. */
  {
    g_autoptr(DemoResponse) env = demo_request_full (f, "GET", CHAT_ENV "?metrics=baseten_replicas_active", NULL, "dense");
    g_autoptr(IscMetricsResponse) env_decoded = isc_metrics_response_new_from_bytes (env->body, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (isc_metrics_response_get_n_steps (env_decoded), ==, 10080);
  }
}

static void
test_fault_combined (DemoFixture   *f,
                     gconstpointer  data)
{
  /* Faults combine: a delayed 503. */
  g_autoptr(DemoResponse) r = demo_request_full (f, "GET", CHAT_D8, NULL, "delay=200, 503");

  demo_assert_error (r, 503, "SERVICE_UNAVAILABLE", NULL);
  g_assert_cmpfloat (r->elapsed_ms, >=, 190);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("/isc/demo-faults/fault/delay", test_fault_delay);
  ADD ("/isc/demo-faults/fault/drip", test_fault_drip);
  ADD ("/isc/demo-faults/fault/client-gone", test_fault_client_gone);
  ADD ("/isc/demo-faults/fault/rate-limit", test_fault_rate_limit);
  ADD ("/isc/demo-faults/fault/status", test_fault_status);
  ADD ("/isc/demo-faults/fault/bodies", test_fault_bodies);
  ADD ("/isc/demo-faults/fault/drop", test_fault_drop);
  ADD ("/isc/demo-faults/fault/dense", test_fault_dense);
  ADD ("/isc/demo-faults/fault/combined", test_fault_combined);

  return g_test_run ();
}
