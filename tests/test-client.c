/* test-client.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The client object and what it asks: base URLs, requests as sent, HTTP
 * errors in words, the key never in a log line, and every fault of the
 * simulated API met through the client. The request's state machine
 * (retries, sizes, timers, cancellation, sockets) is test-client-request.c.
 */

#include "config.h"

#include <string.h>
#include <unistd.h>

#include "isc-demo-server.h"
#include "isc-error-share.h"
#include "isc-test-canned.h"
#include "isc-test-util.h"

/* Base URLs */

typedef struct
{
  const char *url;
  const char *expected;   /* NULL: refused */
} UrlCase;

static const UrlCase url_cases[] = {
  { "https://api.baseten.co", "https://api.baseten.co" },
  { "https://api.baseten.co/", "https://api.baseten.co" },
  { "  https://api.baseten.co  ", "https://api.baseten.co" },
  { "http://127.0.0.1:8080", "http://127.0.0.1:8080" },
  { "http://127.1.2.3:9", "http://127.1.2.3:9" },
  { "http://localhost", "http://localhost" },
  { "http://LOCALHOST:80/", "http://LOCALHOST:80" },
  { "http://[::1]:4000", "http://[::1]:4000" },
  { "http://example.com", NULL },
  { "http://api.baseten.co", NULL },
  { "http://10.0.0.1", NULL },
  { "http://localhost.example.com", NULL },
  { "ftp://127.0.0.1", NULL },
  { "api.baseten.co", NULL },
  { "", NULL },
  { "https://user:hunter2@api.baseten.co", NULL },
  { "https://api.baseten.co/?x=1", NULL },
};

static void
test_base_url (gconstpointer data)
{
  const UrlCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *checked = isc_client_check_base_url (c->url, &error);
  g_autoptr(IscClient) client = NULL;

  if (c->expected == NULL)
    {
      g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_INVALID_URL);
      g_assert_null (checked);
      /* A refused URL is never echoed: it may hold a password. */
      g_assert_null (strstr (error->message, "hunter2"));
      g_clear_error (&error);

      client = isc_client_new (c->url, NULL, &error);
      g_assert_null (client);
      g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_INVALID_URL);
    }
  else
    {
      g_assert_no_error (error);
      g_assert_cmpstr (checked, ==, c->expected);
    }
}

static void
test_base_url_plain_http_message (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscClient) client = isc_client_new (NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (isc_client_get_base_url (client), ==, "https://api.baseten.co");

  /* Refused at set-base-url too, and the old URL stays. */
  g_assert_false (isc_client_set_base_url (client, "http://example.com", &error));
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_INVALID_URL);
  g_assert_nonnull (strstr (error->message, "example.com"));
  g_assert_nonnull (strstr (error->message, "https"));
  g_assert_cmpstr (isc_client_get_base_url (client), ==, "https://api.baseten.co");
}

/* Requests as sent */

static void
test_request_exact (CannedFixture *fixture,
                    gconstpointer  data)
{
  static const Canned ok[] = { { 200, SERIES_BODY } };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  canned_set (fixture, ok, G_N_ELEMENTS (ok));
  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_no_error (result.error);
  g_assert_cmpuint (isc_metrics_response_get_n_steps (result.response), ==, 2);
  g_assert_cmpuint (fixture->n_requests, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (fixture->paths, 0), ==, "/v1/models/abc123/deployments/dep456/metrics");
  g_assert_cmpstr (g_ptr_array_index (fixture->queries, 0), ==,
                   "mode=SERIES&start_epoch_millis=1700000000000&end_epoch_millis=1700003600000"
                   "&metrics=baseten_replicas_active&metrics=baseten_inference_requests_total");
  g_assert_cmpstr (fixture->authorization, ==, "Bearer " TEST_KEY);
  g_assert_cmpstr (fixture->user_agent, ==, "Inferscope/" PACKAGE_VERSION);
  g_assert_nonnull (fixture->accept_encoding);
  g_assert_nonnull (strstr (fixture->accept_encoding, "gzip"));
  canned_result_clear (&result);
}

static void
test_request_current_environment (CannedFixture *fixture,
                                  gconstpointer  data)
{
  static const Canned ok[] = { { 200, CURRENT_BODY } };
  g_autoptr(IscQuery) query = isc_query_new ("abc123", ISC_TARGET_ENVIRONMENT, "production",
                                             ISC_MODE_CURRENT, NULL, NULL);
  CannedResult result;

  canned_set (fixture, ok, G_N_ELEMENTS (ok));
  isc_client_set_api_key (fixture->client, NULL);
  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_no_error (result.error);
  g_assert_cmpstr (g_ptr_array_index (fixture->paths, 0), ==, "/v1/models/abc123/environments/production/metrics");
  /* No start or end in CURRENT; no key, no Authorization header. */
  g_assert_cmpstr (g_ptr_array_index (fixture->queries, 0), ==, "mode=CURRENT");
  g_assert_null (fixture->authorization);
  canned_result_clear (&result);
}

static void
test_request_gzip (CannedFixture *fixture,
                   gconstpointer  data)
{
  static const Canned gz[] = { { 200, SERIES_BODY, .gzip = TRUE } };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  canned_set (fixture, gz, G_N_ELEMENTS (gz));
  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_no_error (result.error);
  g_assert_cmpuint (isc_metrics_response_get_n_steps (result.response), ==, 2);
  canned_result_clear (&result);
}

static void
test_request_invalid_query (CannedFixture *fixture,
                            gconstpointer  data)
{
  static const Canned ok[] = { { 200, SERIES_BODY } };
  g_autoptr(IscTimeRange) long_range = isc_time_range_new_relative ((gint64) 8 * 24 * 3600 * 1000);
  g_autoptr(IscTimeRange) hour = isc_time_range_new_relative ((gint64) 3600 * 1000);
  g_autoptr(IscQuery) too_long = isc_query_new ("m", ISC_TARGET_DEPLOYMENT, "d", ISC_MODE_SERIES, long_range, NULL);
  g_autoptr(IscQuery) current = isc_query_new ("m", ISC_TARGET_DEPLOYMENT, "d", ISC_MODE_CURRENT, hour, NULL);
  CannedResult result;

  canned_set (fixture, ok, G_N_ELEMENTS (ok));

  canned_fetch (fixture->client, too_long, NULL, &result);
  g_assert_error (result.error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_TOO_LONG);
  canned_result_clear (&result);

  canned_fetch (fixture->client, current, NULL, &result);
  g_assert_error (result.error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_IN_CURRENT);
  canned_result_clear (&result);

  /* Refused before any request is sent. */
  g_assert_cmpuint (fixture->n_requests, ==, 0);
}

/* HTTP errors */

typedef struct
{
  const char   *name;
  Canned        canned;
  IscTargetKind target_kind;
  gboolean      no_key;
  gint          code;
  const char   *must_contain[3];
  const char   *must_not_contain[3];
} StatusCase;

static const StatusCase status_cases[] = {
  { "401", { 401, "{\"error\":\"invalid api key " TEST_KEY "\"}" }, ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_KEY_REFUSED, { "refused the API key (HTTP 401)", "Check the key, or set BASETEN_API_KEY" },
    { "invalid api key" } },
  { "403", { 403, NULL }, ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_KEY_REFUSED, { "refused the API key", "403" } },
  { "401-no-key", { 401, NULL }, ISC_TARGET_DEPLOYMENT, TRUE,
    ISC_API_ERROR_NO_KEY, { "needs an API key", "BASETEN_API_KEY" } },
  { "404-deployment", { 404, "{\"detail\":\"Not found\"}" }, ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_NOT_FOUND, { "deployment “dep456”", "model “abc123”" } },
  { "404-environment", { 404, NULL }, ISC_TARGET_ENVIRONMENT, FALSE,
    ISC_API_ERROR_NOT_FOUND, { "environment “dep456”", "model “abc123”" } },
  { "400-message", { 400, "{\"code\":\"VALIDATION_ERROR\",\"message\":\"Unknown metric: baseten_nope\"}" },
    ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_BAD_REQUEST, { "Unknown metric: baseten_nope", "400" }, { "VALIDATION_ERROR", "{" } },
  { "422-detail", { 422, "{\"detail\":\"end_epoch_millis must be after start\"}" },
    ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_BAD_REQUEST, { "end_epoch_millis must be after start", "422" }, { "\"detail\"" } },
  { "400-error-field", { 400, "{\"error\":\"bad mode\",\"detail\":\"ignored\"}" },
    ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_BAD_REQUEST, { "bad mode" }, { "ignored" } },
  { "400-echoes-key", { 400, "{\"message\":\"key " TEST_KEY " is not allowed here\"}" },
    ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_BAD_REQUEST, { "is not allowed here" } },
  /* A key cut short in the echo, at 12 and at 8 characters. */
  { "400-echoes-key-prefix", { 400, "{\"message\":\"key sk-test-5e3c… is not allowed here\"}" },
    ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_BAD_REQUEST, { "is not allowed here" }, { "sk-test-5e3c", "5e3c" } },
  { "400-echoes-key-8", { 400, "{\"message\":\"keys like sk-test-*** are not allowed here\"}" },
    ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_BAD_REQUEST, { "are not allowed here", "***" }, { "sk-test-" } },
  { "418-raw", { 418, "<html><body>\n\n  I'm a teapot  </body></html>" },
    ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_BAD_REQUEST, { "(HTTP 418): I'm a teapot" }, { "<" } },
  { "418-text", { 418, "  I'm\n\n   a teapot  " }, ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_BAD_REQUEST, { "(HTTP 418): I'm a teapot" } },
  /* A redirect is never followed: it could carry the key elsewhere. */
  { "302", { 302, NULL, .location = "/v1/elsewhere" }, ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_BAD_REQUEST, { "redirect" } },
  { "200-malformed", { 200, "{\"mode\":\"SERIES\",\"metric_values\":[" }, ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_MALFORMED, { "cannot read" } },
  { "200-invalid", { 200, "{\"mode\":\"SERIES\"}" }, ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_MALFORMED, { "cannot read", "start_epoch_millis" } },
  { "200-empty", { 200, "" }, ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_MALFORMED, { "cannot read" } },
  /* Good JSON that answers another question: a SUMMARY to a SERIES
   * request would draw nothing, or the wrong picture. */
  { "200-other-mode", { 200, SUMMARY_BODY }, ISC_TARGET_DEPLOYMENT, FALSE,
    ISC_API_ERROR_MALFORMED, { "does not answer the request", "a SUMMARY response to a SERIES request" } },
};

static void
test_status (CannedFixture *fixture,
             gconstpointer  data)
{
  const StatusCase *c = data;
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  query->target_kind = c->target_kind;
  canned_set (fixture, &c->canned, 1);
  if (c->no_key)
    isc_client_set_api_key (fixture->client, NULL);

  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_error (result.error, ISC_API_ERROR, c->code);
  g_test_message ("%s: %s", c->name, result.error->message);
  for (guint i = 0; i < G_N_ELEMENTS (c->must_contain) && c->must_contain[i]; i++)
    g_assert_nonnull (strstr (result.error->message, c->must_contain[i]));
  for (guint i = 0; i < G_N_ELEMENTS (c->must_not_contain) && c->must_not_contain[i]; i++)
    g_assert_null (strstr (result.error->message, c->must_not_contain[i]));

  /* Client errors are not retried. */
  g_assert_cmpuint (fixture->n_requests, ==, 1);
  canned_result_clear (&result);
}

static void
test_status_long_body_cut (CannedFixture *fixture,
                           gconstpointer  data)
{
  g_autoptr(GString) body = g_string_new (NULL);
  g_autoptr(IscQuery) query = canned_deployment_query ();
  Canned canned[1] = { { 400 } };
  CannedResult result;

  for (guint i = 0; i < 5000; i++)
    g_string_append (body, "overlong ");
  canned[0].body = body->str;
  canned_set (fixture, canned, 1);

  canned_fetch (fixture->client, query, NULL, &result);

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_BAD_REQUEST);
  /* Cut short, and marked as cut. */
  g_assert_cmpuint (g_utf8_strlen (result.error->message, -1), <, 400);
  g_assert_true (g_str_has_suffix (result.error->message, "…"));
  canned_result_clear (&result);
}

/* Against the simulated API: every fault it offers */

typedef struct
{
  IscDemoServer *server;
  IscClient     *client;
  GPtrArray     *logged;    /* "STATUS PATH?QUERY" per request */
} Demo;

static void
on_request_logged (IscDemoServer *server,
                   const char    *method,
                   const char    *path,
                   guint          status,
                   guint64        bytes,
                   double         milliseconds,
                   Demo          *demo)
{
  g_ptr_array_add (demo->logged, g_strdup_printf ("%u %s", status, path));
}

static void
demo_setup (Demo          *demo,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  canned_log_capture_start ();
  demo->logged = g_ptr_array_new_with_free_func (g_free);
  demo->server = isc_demo_server_new (42, TEST_KEY);
  g_signal_connect (demo->server, "request-logged", G_CALLBACK (on_request_logged), demo);
  isc_demo_server_listen_loopback (demo->server, 0, &error);
  g_assert_no_error (error);

  demo->client = isc_client_new (isc_demo_server_get_base_url (demo->server), TEST_KEY, &error);
  g_assert_no_error (error);
}

static void
demo_teardown (Demo          *demo,
               gconstpointer  data)
{
  g_clear_object (&demo->client);
  g_clear_object (&demo->server);
  g_clear_pointer (&demo->logged, g_ptr_array_unref);

  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static IscQuery *
demo_query (const char *deployment)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative ((gint64) 3600 * 1000);
  const char *metrics[] = { "baseten_replicas_active", "baseten_inference_requests_total", NULL };

  return isc_query_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, deployment,
                        ISC_MODE_SERIES, range, metrics);
}

static void
test_demo_series (Demo          *demo,
                  gconstpointer  data)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (1764543600000, 1764547200000);
  const char *metrics[] = { "baseten_replicas_active", "baseten_inference_requests_total", NULL };
  g_autoptr(IscQuery) query = isc_query_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                             ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION,
                                             ISC_MODE_SERIES, range, metrics);
  g_autofree char *expected = NULL;
  CannedResult result;

  canned_fetch (demo->client, query, NULL, &result);

  g_assert_no_error (result.error);
  g_assert_cmpuint (isc_metrics_response_get_n_metrics (result.response), ==, 2);
  g_assert_nonnull (isc_metrics_response_lookup_metric (result.response, "baseten_inference_requests_total"));
  g_assert_cmpuint (isc_metrics_response_get_n_steps (result.response), >, 10);

  /* What the server received, exactly. */
  g_assert_cmpuint (demo->logged->len, ==, 1);
  expected = g_strdup_printf ("200 /v1/models/%s/deployments/%s/metrics?mode=SERIES"
                              "&start_epoch_millis=1764543600000&end_epoch_millis=1764547200000"
                              "&metrics=baseten_replicas_active&metrics=baseten_inference_requests_total",
                              ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_assert_cmpstr (g_ptr_array_index (demo->logged, 0), ==, expected);
  canned_result_clear (&result);
}

static void
record_refused (IscClient      *client,
                const IscQuery *query,
                const char     *name,
                GPtrArray      *said)
{
  g_ptr_array_add (said, g_strdup_printf ("%s/%s %s", query->model_id, query->target, name));
}

/* A 400 that names a metric asked for: the client leaves the name out and
 * asks again at once, so the request succeeds with the rest; it
 * remembers the name for that target only (said once), and never sends
 * it there again. A request of nothing but refused names fails. */
static void
test_demo_refused_metric (Demo          *demo,
                          gconstpointer  data)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative ((gint64) 3600 * 1000);
  const char *metrics[] = { "baseten_replicas_active", "baseten_pod_readiness",
                            "baseten_container_restarts_total", "baseten_inference_requests_total", NULL };
  const char *only[] = { "baseten_pod_readiness", NULL };
  const char *both[] = { "baseten_pod_readiness", "baseten_container_restarts_total", NULL };
  g_autoptr(IscQuery) query = isc_query_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                             ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION,
                                             ISC_MODE_SERIES, range, metrics);
  g_autoptr(IscQuery) alone = isc_query_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                             ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION,
                                             ISC_MODE_SERIES, range, only);
  g_autoptr(IscQuery) other = isc_query_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production",
                                             ISC_MODE_SERIES, range, metrics);
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *first = g_strdup_printf ("%s/%s baseten_pod_readiness", ISC_DEMO_MODEL_CHAT,
                                            ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  CannedResult result;

  isc_demo_server_set_unknown_metrics (demo->server, isc_demo_server_pod_health_metrics);
  g_signal_connect (demo->client, "metric-refused", G_CALLBACK (record_refused), said);

  canned_fetch (demo->client, query, NULL, &result);
  g_assert_no_error (result.error);
  g_assert_cmpuint (isc_metrics_response_get_n_metrics (result.response), ==, 2);
  g_assert_nonnull (isc_metrics_response_lookup_metric (result.response, "baseten_replicas_active"));
  g_assert_nonnull (isc_metrics_response_lookup_metric (result.response, "baseten_inference_requests_total"));
  canned_result_clear (&result);
  /* Refused one at a time, as Baseten names the first. */
  g_assert_cmpuint (demo->logged->len, ==, 3);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (demo->logged, 0), "400 "));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (demo->logged, 2), "200 "));
  g_assert_cmpuint (said->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (said, 0), ==, first);
  g_assert_true (g_strv_equal (isc_client_get_refused_metrics (demo->client, query), both));
  g_assert_null (isc_client_get_refused_metrics (demo->client, other)[0]);

  /* Again: one request, without the names, nothing said. */
  canned_fetch (demo->client, query, NULL, &result);
  g_assert_no_error (result.error);
  canned_result_clear (&result);
  g_assert_cmpuint (demo->logged->len, ==, 4);
  g_assert_null (strstr (g_ptr_array_index (demo->logged, 3), "pod_readiness"));
  g_assert_cmpuint (said->len, ==, 2);

  /* Nothing left to ask. */
  canned_fetch (demo->client, alone, NULL, &result);
  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_BAD_REQUEST);
  canned_result_clear (&result);
  g_assert_cmpuint (demo->logged->len, ==, 4);
}

/* The demo's WebSocket model counts its sessions' ends by close code,
 * with some 1011s (its daily incident), and the client's reader classes
 * 1011 as a server error and 4001 (an application code) as a client
 * error: the day's error share is the 1011s' share. */
static void
test_demo_websocket (Demo          *demo,
                     gconstpointer  data)
{
  g_autoptr(IscTimeRange) day = isc_time_range_new_relative ((gint64) 24 * 3600 * 1000);
  const char *metrics[] = { "baseten_inference_requests_total", NULL };
  g_autoptr(IscQuery) query = isc_query_new (ISC_DEMO_MODEL_STREAM, ISC_TARGET_ENVIRONMENT,
                                             ISC_DEMO_ENVIRONMENT_PRODUCTION, ISC_MODE_SUMMARY, day, metrics);
  const IscMetric *requests;
  const char *expected[] = { "1000", "4001", "1011" };
  double values[3], share = 0;
  CannedResult result;

  canned_fetch (demo->client, query, NULL, &result);
  g_assert_no_error (result.error);
  requests = isc_metrics_response_lookup_metric (result.response, "baseten_inference_requests_total");
  g_assert_nonnull (requests);
  g_assert_cmpuint (isc_metric_get_n_series (requests), ==, 3);
  for (guint k = 0; k < 3; k++)
    {
      const IscSeries *series = isc_metric_get_series (requests, k);

      g_assert_cmpstr (isc_series_lookup_label (series, "status"), ==, expected[k]);
      values[k] = isc_series_get_values (series, NULL)[0];
      g_assert_cmpfloat (values[k], >, 0);
    }
  g_assert_cmpuint (isc_status_class_from_label (expected[2]), ==, 5);
  g_assert_true (isc_error_share_of_class (requests, 5, -1, &share));
  g_assert_cmpfloat_with_epsilon (share, values[2] / (values[0] + values[1] + values[2]), 1e-9);
  g_assert_true (isc_error_share_of_class (requests, 4, -1, &share));
  g_assert_cmpfloat_with_epsilon (share, values[1] / (values[0] + values[1] + values[2]), 1e-9);
  canned_result_clear (&result);
}

typedef struct
{
  gboolean  done;
  IscUser  *user;
  GError   *error;
} UserCheck;

static void
on_user_checked (GObject      *object,
                 GAsyncResult *result,
                 gpointer      data)
{
  UserCheck *check = data;

  check->user = isc_client_get_current_user_finish (ISC_CLIENT (object), result, &check->error);
  check->done = TRUE;
}

static void
check_user (IscClient *client,
            UserCheck *check)
{
  *check = (UserCheck) { 0 };
  isc_client_get_current_user_async (client, NULL, on_user_checked, check);
  while (!check->done)
    g_main_context_iteration (NULL, TRUE);
}

/* A Baseten whose /v1/users/me answers 404: the key check asks
 * GET /v1/models instead, which takes a good key (a user of unknown name)
 * and refuses a wrong one; the 404 itself is never the answer. */
static void
test_demo_key_check_fallback (Demo          *demo,
                              gconstpointer  data)
{
  g_autoptr(IscClient) wrong = isc_client_new (isc_demo_server_get_base_url (demo->server), "sk-wrong", NULL);
  UserCheck check;

  check_user (demo->client, &check);
  g_assert_no_error (check.error);
  g_assert_nonnull (check.user->user_id);
  g_clear_pointer (&check.user, isc_user_unref);
  g_assert_cmpuint (demo->logged->len, ==, 1);

  isc_demo_server_set_users_me_missing (demo->server, TRUE);
  check_user (demo->client, &check);
  g_assert_no_error (check.error);
  g_assert_nonnull (check.user);
  g_assert_null (check.user->user_id);
  g_assert_null (check.user->workspace_name);
  g_clear_pointer (&check.user, isc_user_unref);
  g_assert_cmpuint (demo->logged->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (demo->logged, 1), ==, "404 /v1/users/me");
  g_assert_cmpstr (g_ptr_array_index (demo->logged, 2), ==, "200 /v1/models");

  check_user (wrong, &check);
  g_assert_error (check.error, ISC_API_ERROR, ISC_API_ERROR_KEY_REFUSED);
  g_assert_null (check.user);
  g_clear_error (&check.error);
}

static void
test_demo_environment_current (Demo          *demo,
                               gconstpointer  data)
{
  g_autoptr(IscQuery) query = isc_query_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT,
                                             ISC_DEMO_ENVIRONMENT_PRODUCTION,
                                             ISC_MODE_CURRENT, NULL, NULL);
  CannedResult result;

  canned_fetch (demo->client, query, NULL, &result);

  g_assert_no_error (result.error);
  g_assert_cmpint (isc_metrics_response_get_mode (result.response), ==, ISC_MODE_CURRENT);
  /* The server's default set when no metrics are named. */
  g_assert_nonnull (isc_metrics_response_lookup_metric (result.response, "baseten_replicas_active"));
  g_assert_true (g_str_has_suffix (g_ptr_array_index (demo->logged, 0), "/metrics?mode=CURRENT"));
  canned_result_clear (&result);
}

typedef struct
{
  const char *name;
  const char *model;
  IscTargetKind target_kind;
  const char *target;
  const char *metric;        /* NULL: the default two */
  const char *key;           /* "": none; NULL: the right one */
  double      delay_scale;
  gint        code;          /* -1: success */
  guint       n_requests;
  const char *must_contain[2];
} DemoCase;

static const DemoCase demo_cases[] = {
  { "wrong-key", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, NULL,
    "sk-wrong", 1, ISC_API_ERROR_KEY_REFUSED, 1, { "refused the API key" } },
  { "no-key", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, NULL,
    "", 1, ISC_API_ERROR_NO_KEY, 1, { "needs an API key" } },
  { "404-model", "no-such-model", ISC_TARGET_DEPLOYMENT, "d1", NULL,
    NULL, 1, ISC_API_ERROR_NOT_FOUND, 1, { "“no-such-model”" } },
  { "404-deployment", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "no-such-deployment", NULL,
    NULL, 1, ISC_API_ERROR_NOT_FOUND, 1, { "deployment “no-such-deployment”" } },
  { "404-environment", ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "staging", NULL,
    NULL, 1, ISC_API_ERROR_NOT_FOUND, 1, { "environment “staging”" } },
  { "400-unknown-metric", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION,
    "baseten_no_such_metric", NULL, 1, ISC_API_ERROR_BAD_REQUEST, 1, { "baseten_no_such_metric", "HTTP 400" } },
  { "429-then-success", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-429-1", NULL,
    NULL, 1, -1, 2 },
  { "429-gives-up", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-429-100", NULL,
    NULL, 0.02, ISC_API_ERROR_RATE_LIMITED, 4, { "3 retries" } },
  { "500", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-500", NULL,
    NULL, 0.02, ISC_API_ERROR_SERVER, 3, { "HTTP 500", "An internal error occurred" } },
  { "502-html", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-502", NULL,
    NULL, 0.02, ISC_API_ERROR_SERVER, 3, { "(HTTP 502) and still did after 2 retries: 502 Bad Gateway." } },
  { "503", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-503", NULL,
    NULL, 0.02, ISC_API_ERROR_SERVER, 3, { "temporarily unavailable" } },
  { "truncate", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-truncate", NULL,
    NULL, 1, ISC_API_ERROR_MALFORMED, 1, { "cut off" } },
  { "invalid-json", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-invalid-json", NULL,
    NULL, 1, ISC_API_ERROR_MALFORMED, 1, { "cannot read" } },
  { "wrong-shape", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-wrong-shape", NULL,
    NULL, 1, ISC_API_ERROR_MALFORMED, 1, { "cannot read", "start_epoch_millis" } },
  { "drop", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-drop", NULL,
    NULL, 1, ISC_API_ERROR_NETWORK, 1, { "Could not reach “127.0.0.1”" } },
  { "delay-within", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-delay-200", NULL,
    NULL, 1, -1, 1 },
  { "drip-within", ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-drip-20", NULL,
    NULL, 1, -1, 1 },
};

static void
test_demo_case (Demo          *demo,
                gconstpointer  data)
{
  const DemoCase *c = data;
  const char *metrics[] = { c->metric, NULL };
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative ((gint64) 3600 * 1000);
  g_autoptr(IscQuery) query = isc_query_new (c->model, c->target_kind, c->target,
                                             ISC_MODE_SERIES, range,
                                             c->metric ? metrics : NULL);
  CannedResult result;

  if (c->key != NULL)
    isc_client_set_api_key (demo->client, c->key);
  _isc_client_set_delay_scale (demo->client, c->delay_scale);
  /* "delay-within" and "drip-within" answer within these bounds, however
   * busy the machine. */
  isc_client_set_timeouts (demo->client, test_far_ms (), test_far_ms ());

  canned_fetch (demo->client, query, NULL, &result);

  if (c->code < 0)
    {
      g_assert_no_error (result.error);
      g_assert_cmpuint (isc_metrics_response_get_n_metrics (result.response), >, 0);
    }
  else
    {
      g_assert_error (result.error, ISC_API_ERROR, c->code);
      g_test_message ("%s: %s", c->name, result.error->message);
      for (guint i = 0; i < G_N_ELEMENTS (c->must_contain) && c->must_contain[i]; i++)
        g_assert_nonnull (strstr (result.error->message, c->must_contain[i]));
    }

  g_assert_cmpuint (demo->logged->len, ==, c->n_requests);
  canned_result_clear (&result);
}

static void
test_demo_delay_timeout (Demo          *demo,
                         gconstpointer  data)
{
  g_autofree char *deployment = g_strdup_printf ("fault-delay-%u", 2 * test_far_ms ());
  g_autoptr(IscQuery) query = demo_query (deployment);
  CannedResult result;
  gint64 start;
  double elapsed;

  /* The headers come much later: the connect-and-headers bound ends it,
   * promptly, not the idle one. */
  isc_client_set_timeouts (demo->client, 500, test_far_ms ());
  start = g_get_monotonic_time ();
  canned_fetch (demo->client, query, NULL, &result);
  elapsed = (g_get_monotonic_time () - start) / 1e6;

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_TIMEOUT);
  g_assert_cmpfloat (elapsed, >=, 0.5);
  g_assert_cmpfloat (elapsed, <, test_prompt_s ());
  canned_result_clear (&result);
}

static void
test_demo_slow_drip (Demo          *demo,
                     gconstpointer  data)
{
  g_autoptr(IscQuery) query = demo_query ("fault-drip-1000");
  CannedResult result;
  gint64 start;
  double elapsed;

  /* A chunk a second against a 400 ms idle bound. */
  isc_client_set_timeouts (demo->client, test_far_ms (), 400);
  start = g_get_monotonic_time ();
  canned_fetch (demo->client, query, NULL, &result);
  elapsed = (g_get_monotonic_time () - start) / 1e6;

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_TIMEOUT);
  g_assert_cmpfloat (elapsed, <, test_prompt_s ());
  canned_result_clear (&result);
}

static void
test_demo_dense_over_cap (Demo          *demo,
                          gconstpointer  data)
{
  g_autoptr(IscTimeRange) week = isc_time_range_new_relative ((gint64) 7 * 24 * 3600 * 1000);
  g_autoptr(IscQuery) query = isc_query_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-dense",
                                             ISC_MODE_SERIES, week, NULL);
  CannedResult result;

  _isc_client_set_max_body_size (demo->client, 64 * 1024);
  canned_fetch (demo->client, query, NULL, &result);

  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_TOO_LARGE);
  canned_result_clear (&result);
}

static void
cancel_once (gpointer data)
{
  g_cancellable_cancel (data);
}

static void
test_demo_cancel (Demo          *demo,
                  gconstpointer  data)
{
  g_autoptr(IscQuery) query = demo_query ("fault-delay-2000");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  CannedResult result;

  g_timeout_add_once (100, cancel_once, cancellable);
  canned_fetch (demo->client, query, cancellable, &result);

  g_assert_error (result.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (result.response);
  canned_result_clear (&result);
}

/* What this test logged must be free of the key; every other test's lines
 * are checked as they are written (canned_key_check_writer). */
static void
test_key_never_logged (CannedFixture *fixture,
                       gconstpointer  data)
{
  static const Canned answers[] = {
    { 401, "{\"message\":\"key " TEST_KEY " refused\"}" },
    { 200, SERIES_BODY },
  };
  g_autoptr(IscQuery) query = canned_deployment_query ();
  CannedResult result;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  canned_fetch (fixture->client, query, NULL, &result);
  g_assert_error (result.error, ISC_API_ERROR, ISC_API_ERROR_KEY_REFUSED);
  canned_result_clear (&result);
  canned_fetch (fixture->client, query, NULL, &result);
  g_assert_no_error (result.error);
  canned_result_clear (&result);

  /* The capture works: the client's debug lines name the URLs it asked. */
  g_assert_nonnull (strstr (canned_captured_log->str, "/v1/models/abc123/deployments/dep456/metrics"));
  g_assert_null (strstr (canned_captured_log->str, TEST_KEY));
  g_assert_null (strstr (canned_captured_log->str, "sk-test"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  canned_init ();

  for (guint i = 0; i < G_N_ELEMENTS (url_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/client/base-url/%u", i);
      g_test_add_data_func (path, &url_cases[i], test_base_url);
    }
  g_test_add_func ("/isc/client/base-url/plain-http-message", test_base_url_plain_http_message);

#define ADD(path, func) \
  g_test_add ("/isc/client/" path, CannedFixture, NULL, canned_setup, func, canned_teardown)
#define ADD_DATA(path, data, func) \
  g_test_add (path, CannedFixture, data, canned_setup, func, canned_teardown)

  ADD ("request/exact", test_request_exact);
  ADD ("request/current-environment", test_request_current_environment);
  ADD ("request/gzip", test_request_gzip);
  ADD ("request/invalid-query", test_request_invalid_query);
  for (guint i = 0; i < G_N_ELEMENTS (status_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/client/status/%s", status_cases[i].name);
      ADD_DATA (path, &status_cases[i], test_status);
    }
  ADD ("status/long-body-cut", test_status_long_body_cut);
  ADD ("log/key-never-logged", test_key_never_logged);
#define ADD_DEMO(path, data, func) \
  g_test_add ("/isc/client/demo/" path, Demo, data, demo_setup, func, demo_teardown)
  ADD_DEMO ("series", NULL, test_demo_series);
  ADD_DEMO ("environment-current", NULL, test_demo_environment_current);
  ADD_DEMO ("refused-metric", NULL, test_demo_refused_metric);
  ADD_DEMO ("key-check-fallback", NULL, test_demo_key_check_fallback);
  ADD_DEMO ("websocket", NULL, test_demo_websocket);
  for (guint i = 0; i < G_N_ELEMENTS (demo_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/client/demo/fault/%s", demo_cases[i].name);
      g_test_add (path, Demo, &demo_cases[i], demo_setup, test_demo_case, demo_teardown);
    }
  ADD_DEMO ("delay-timeout", NULL, test_demo_delay_timeout);
  ADD_DEMO ("slow-drip", NULL, test_demo_slow_drip);
  ADD_DEMO ("dense-over-cap", NULL, test_demo_dense_over_cap);
  ADD_DEMO ("cancel", NULL, test_demo_cancel);

  return g_test_run ();
}

