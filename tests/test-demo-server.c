/* test-demo-server.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The simulated Baseten API over real HTTP on 127.0.0.1: every rule of
 * baseten-api.md that it implements, its data, and its faults. Each test
 * runs its own server in a thread with a fixed clock, and talks to it with
 * synchronous libsoup requests.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-catalogue.h"
#include "isc-demo-server.h"
#include "isc-metrics-response.h"

#define KEY       "test-key"
#define SEED      42
/* 2026-11-30 15:17:12.345 UTC: not on any step boundary. */
#define NOW_MS    G_GINT64_CONSTANT (1796051832345)
#define HOUR_MS   G_GINT64_CONSTANT (3600000)
#define DAY_MS    (24 * HOUR_MS)

#define CHAT_D8   "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/" ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION "/metrics"
#define CHAT_D7   "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/" ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS "/metrics"
#define CHAT_DEV  "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/" ISC_DEMO_DEPLOYMENT_CHAT_DEVELOPMENT "/metrics"
#define CHAT_ENV  "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/production/metrics"
#define EMBED_D2  "/v1/models/" ISC_DEMO_MODEL_EMBED "/deployments/" ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION "/metrics"
#define BATCH_D4  "/v1/models/" ISC_DEMO_MODEL_BATCH "/deployments/" ISC_DEMO_DEPLOYMENT_BATCH_PRODUCTION "/metrics"

typedef struct
{
  IscDemoServer *server;
  SoupSession   *session;
} Fixture;

typedef struct
{
  guint               status;
  char               *reason;
  GBytes             *body;
  SoupMessageHeaders *headers;
  GError             *error;
  double              elapsed_ms;
} Response;

static void
response_free (Response *r)
{
  g_clear_pointer (&r->body, g_bytes_unref);
  g_clear_pointer (&r->reason, g_free);
  g_clear_pointer (&r->headers, soup_message_headers_unref);
  g_clear_error (&r->error);
  g_free (r);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Response, response_free)

static void
fixture_setup (Fixture       *f,
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

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->session);
  g_clear_object (&f->server);
}

/* @auth: NULL for the right key as Bearer, "" for no header, else the
 * whole Authorization header. @fault: the fault header, or NULL.
 */
static Response *
request_full (Fixture    *f,
              const char *method,
              const char *path,
              const char *auth,
              const char *fault)
{
  g_autofree char *url = g_strconcat (isc_demo_server_get_base_url (f->server), path, NULL);
  g_autoptr(SoupMessage) msg = soup_message_new (method, url);
  SoupMessageHeaders *headers;
  Response *r = g_new0 (Response, 1);
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

static Response *
request (Fixture    *f,
         const char *path)
{
  return request_full (f, "GET", path, NULL, NULL);
}

static JsonNode *
parse_json (GBytes *body)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (body, &length);

  json_parser_load_from_data (parser, data, (gssize) length, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static JsonObject *
object_of (JsonNode *node)
{
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_node_get_object (node);
}

/* A 200 JSON response, parsed. */
static JsonNode *
get_json (Fixture    *f,
          const char *path)
{
  g_autoptr(Response) r = request (f, path);

  g_assert_no_error (r->error);
  g_assert_cmpuint (r->status, ==, 200);
  g_assert_cmpstr (soup_message_headers_get_content_type (r->headers, NULL), ==, "application/json");
  return parse_json (r->body);
}

/* A 200 metrics response, checked by the app's own strict decoder. */
static IscMetricsResponse *
get_metrics (Fixture    *f,
             const char *path)
{
  g_autoptr(Response) r = request (f, path);
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

static char *
window_query (const char *mode,
              gint64      start_ms,
              gint64      end_ms)
{
  return g_strdup_printf ("?mode=%s&start_epoch_millis=%" G_GINT64_FORMAT "&end_epoch_millis=%" G_GINT64_FORMAT,
                          mode, start_ms, end_ms);
}

static IscMetricsResponse *
get_window (Fixture    *f,
            const char *target,
            const char *mode,
            gint64      start_ms,
            gint64      end_ms,
            const char *metrics)
{
  g_autofree char *query = window_query (mode, start_ms, end_ms);
  g_autofree char *path = g_strconcat (target, query, metrics != NULL ? "&" : "", metrics, NULL);

  return get_metrics (f, path);
}

/* An error response: the status, and a {"code", "message"} body. */
static void
assert_error (Response   *r,
              guint       status,
              const char *code,
              const char *message_part)
{
  g_autoptr(JsonNode) node = NULL;
  JsonObject *object;

  g_assert_no_error (r->error);
  g_assert_cmpuint (r->status, ==, status);
  node = parse_json (r->body);
  object = object_of (node);
  g_assert_cmpstr (json_object_get_string_member (object, "code"), ==, code);
  g_assert_true (json_object_has_member (object, "message"));
  if (message_part != NULL && strstr (json_object_get_string_member (object, "message"), message_part) == NULL)
    g_error ("“%s” does not mention “%s”", json_object_get_string_member (object, "message"), message_part);
}

static void
assert_status (Fixture    *f,
               const char *path,
               guint       status,
               const char *code,
               const char *message_part)
{
  g_autoptr(Response) r = request (f, path);

  assert_error (r, status, code, message_part);
}

static const double *
values_of (IscMetricsResponse *response,
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

/* Auth */

static void
test_auth (Fixture       *f,
           gconstpointer  data)
{
  static const char * const refused[] = {
    "", "Bearer wrong-key", "Api-Key wrong-key", "Basic dGVzdC1rZXk6", "Bearer", "bearer " KEY, KEY,
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(Response) r = request_full (f, "GET", "/v1/users/me", refused[i], NULL);

      assert_error (r, 401, "UNAUTHENTICATED", NULL);
    }

  /* Both documented forms of the header are accepted. */
  {
    g_autoptr(Response) bearer = request_full (f, "GET", "/v1/users/me", "Bearer " KEY, NULL);
    g_autoptr(Response) api_key = request_full (f, "GET", CHAT_D8, "Api-Key " KEY, NULL);

    g_assert_cmpuint (bearer->status, ==, 200);
    g_assert_cmpuint (api_key->status, ==, 200);
  }

  /* A refused key is refused before anything else: no data leaks. */
  {
    g_autoptr(Response) r = request_full (f, "GET", "/v1/models/nope", "", NULL);

    assert_error (r, 401, "UNAUTHENTICATED", NULL);
  }
}

static void
test_auth_keyless (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (SEED, NULL);
  g_autoptr(GError) error = NULL;
  Fixture f = { server, NULL };

  /* `inferscope --demo` runs with no key: any key or none will do. */
  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  f.session = soup_session_new ();

  {
    g_autoptr(Response) none = request_full (&f, "GET", "/v1/models", "", NULL);
    g_autoptr(Response) any = request_full (&f, "GET", "/v1/models", "Bearer whatever", NULL);

    g_assert_cmpuint (none->status, ==, 200);
    g_assert_cmpuint (any->status, ==, 200);
  }

  g_clear_object (&f.session);
}

/* Routes */

static void
test_not_found (Fixture       *f,
                gconstpointer  data)
{
  static const char * const paths[] = {
    "/",
    "/v2/models",
    "/v1",
    "/v1/nope",
    "/v1/users",
    "/v1/users/someone",
    "/v1/models/nope",
    "/v1/models/nope/deployments",
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/nope",
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/nope",
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/nope/metrics",
    /* A deployment of another model is not this model's. */
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/" ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION,
    "/v1/models/" ISC_DEMO_MODEL_BATCH "/deployments/development",
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/" ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION "/logs",
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/staging",
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/staging/metrics",
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/production/metrics/extra",
  };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    assert_status (f, paths[i], 404, "NOT_FOUND", NULL);

  /* The message names what was not found. */
  assert_status (f, "/v1/models/nope", 404, "NOT_FOUND", "nope");
  assert_status (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/zzz9", 404, "NOT_FOUND", "zzz9");

  {
    g_autoptr(Response) r = request_full (f, "POST", "/v1/models", NULL, NULL);

    assert_error (r, 405, "METHOD_NOT_ALLOWED", NULL);
  }
}

/* Discovery */

static void
test_discovery (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(JsonNode) models = get_json (f, "/v1/models");
  JsonArray *list = json_object_get_array_member (object_of (models), "models");
  gboolean found_chat = FALSE;

  g_assert_cmpuint (json_array_get_length (list), >=, 3);

  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *model = json_array_get_object_element (list, i);
      const char *id = json_object_get_string_member (model, "id");
      g_autofree char *one_path = g_strconcat ("/v1/models/", id, NULL);
      g_autofree char *deps_path = g_strconcat ("/v1/models/", id, "/deployments", NULL);
      g_autofree char *prod_path = g_strconcat ("/v1/models/", id, "/deployments/production", NULL);
      g_autoptr(JsonNode) one = get_json (f, one_path);
      g_autoptr(JsonNode) deps = get_json (f, deps_path);
      g_autoptr(JsonNode) prod = get_json (f, prod_path);
      JsonArray *dep_list = json_object_get_array_member (object_of (deps), "deployments");
      g_autoptr(GDateTime) created = NULL;

      g_assert_true (json_node_equal (json_array_get_element (list, i), one));
      created = g_date_time_new_from_iso8601 (json_object_get_string_member (model, "created_at"), NULL);
      g_assert_nonnull (created);
      g_assert_nonnull (json_object_get_string_member (model, "name"));
      g_assert_nonnull (json_object_get_string_member (model, "instance_type_name"));
      g_assert_nonnull (json_object_get_string_member (model, "team_name"));
      g_assert_true (json_object_has_member (model, "development_deployment_id"));

      /* The count, the list and the production alias agree. */
      g_assert_cmpint (json_object_get_int_member (model, "deployments_count"), ==, json_array_get_length (dep_list));
      g_assert_cmpstr (json_object_get_string_member (object_of (prod), "id"), ==,
                       json_object_get_string_member (model, "production_deployment_id"));
      g_assert_true (json_object_get_boolean_member (object_of (prod), "is_production"));

      for (guint j = 0; j < json_array_get_length (dep_list); j++)
        {
          JsonObject *dep = json_array_get_object_element (dep_list, j);
          JsonObject *autoscaling = json_object_get_object_member (dep, "autoscaling_settings");

          g_assert_cmpstr (json_object_get_string_member (dep, "model_id"), ==, id);
          g_assert_nonnull (json_object_get_string_member (dep, "status"));
          g_assert_true (json_object_has_member (dep, "environment"));
          g_assert_cmpint (json_object_get_int_member (autoscaling, "min_replica"), <=,
                           json_object_get_int_member (autoscaling, "max_replica"));
          g_assert_cmpint (json_object_get_int_member (dep, "active_replica_count"), <=,
                           json_object_get_int_member (autoscaling, "max_replica"));

          /* A deployment that scaled to zero, or was retired, runs no
           * replica, whatever its autoscaling minimum says. */
          if (g_str_equal (json_object_get_string_member (dep, "status"), "SCALED_TO_ZERO") ||
              g_str_equal (json_object_get_string_member (dep, "status"), "INACTIVE"))
            g_assert_cmpint (json_object_get_int_member (dep, "active_replica_count"), ==, 0);
        }

      found_chat |= g_str_equal (id, ISC_DEMO_FIRST_MODEL);
    }
  g_assert_true (found_chat);

  {
    g_autoptr(JsonNode) dev = get_json (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/development");
    g_autoptr(JsonNode) envs = get_json (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments");
    g_autoptr(JsonNode) prod = get_json (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/production");
    g_autoptr(JsonNode) me = get_json (f, "/v1/users/me");
    JsonArray *env_list = json_object_get_array_member (object_of (envs), "environments");
    JsonObject *instance = json_object_get_object_member (object_of (prod), "instance_type");
    JsonObject *current = json_object_get_object_member (object_of (prod), "current_deployment");

    g_assert_cmpstr (json_object_get_string_member (object_of (dev), "id"), ==, ISC_DEMO_DEPLOYMENT_CHAT_DEVELOPMENT);
    g_assert_true (json_object_get_boolean_member (object_of (dev), "is_development"));

    /* The LLM has production and development environments. */
    g_assert_cmpuint (json_array_get_length (env_list), ==, 2);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (env_list, 0), "name"), ==, "production");
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (env_list, 1), "name"), ==, "development");
    g_assert_cmpstr (json_object_get_string_member (current, "id"), ==, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
    g_assert_cmpint (json_object_get_int_member (instance, "gpu_count"), ==, 1);
    g_assert_cmpint (json_object_get_int_member (instance, "gpu_memory_limit_mib"), >, 20000);
    g_assert_true (json_object_has_member (object_of (prod), "in_progress_promotion"));

    g_assert_nonnull (json_object_get_string_member (object_of (me), "user_id"));
  }
}

/* Mode and window rules */

static void
test_mode (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(IscMetricsResponse) current = get_metrics (f, CHAT_D8);
  g_autoptr(Response) r = request (f, CHAT_D8);
  g_autoptr(JsonNode) node = parse_json (r->body);
  JsonObject *object = object_of (node);

  /* No mode is CURRENT: start and end 0, step null, one value set. */
  g_assert_cmpint (isc_metrics_response_get_mode (current), ==, ISC_MODE_CURRENT);
  g_assert_cmpstr (json_object_get_string_member (object, "mode"), ==, "CURRENT");
  g_assert_cmpint (json_object_get_int_member (object, "start_epoch_millis"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (object, "end_epoch_millis"), ==, 0);
  g_assert_true (json_object_get_null_member (object, "step_seconds"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "metric_values")), ==, 1);

  /* CURRENT shows the last ingested minute: no null latency on the tile. */
  {
    guint n;
    const double *p50 = values_of (current, "baseten_end_to_end_response_time_seconds", 0, &n);

    g_assert_cmpuint (n, ==, 1);
    g_assert_false (isnan (p50[0]));
  }

  /* Upper case only, and nothing else. */
  assert_status (f, CHAT_D8 "?mode=series", 400, "VALIDATION_ERROR", "series");
  assert_status (f, CHAT_D8 "?mode=Summary", 400, "VALIDATION_ERROR", "Summary");
  assert_status (f, CHAT_D8 "?mode=HISTORY", 400, "VALIDATION_ERROR", "HISTORY");
  assert_status (f, CHAT_D8 "?mode=", 400, "VALIDATION_ERROR", NULL);
  assert_status (f, CHAT_D8 "?mode=SERIES&mode=SUMMARY", 400, "VALIDATION_ERROR", "mode");

  {
    g_autoptr(IscMetricsResponse) explicit_current = get_metrics (f, CHAT_D8 "?mode=CURRENT");
    g_autoptr(IscMetricsResponse) summary = get_metrics (f, CHAT_D8 "?mode=SUMMARY");
    g_autoptr(IscMetricsResponse) series = get_metrics (f, CHAT_D8 "?mode=SERIES");

    g_assert_cmpint (isc_metrics_response_get_mode (explicit_current), ==, ISC_MODE_CURRENT);
    g_assert_cmpint (isc_metrics_response_get_mode (summary), ==, ISC_MODE_SUMMARY);
    g_assert_cmpint (isc_metrics_response_get_mode (series), ==, ISC_MODE_SERIES);
  }
}

static void
test_window (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *too_long = window_query ("SERIES", NOW_MS - 7 * DAY_MS - 1, NOW_MS);
  g_autofree char *too_long_path = g_strconcat (CHAT_D8, too_long, NULL);
  g_autofree char *reversed = window_query ("SUMMARY", NOW_MS, NOW_MS - HOUR_MS);
  g_autofree char *reversed_path = g_strconcat (CHAT_D8, reversed, NULL);
  g_autofree char *empty = window_query ("SERIES", NOW_MS - HOUR_MS, NOW_MS - HOUR_MS);
  g_autofree char *empty_path = g_strconcat (CHAT_D8, empty, NULL);

  /* CURRENT is a snapshot: no start, no end. */
  assert_status (f, CHAT_D8 "?start_epoch_millis=1796040000000", 400, "VALIDATION_ERROR", "CURRENT");
  assert_status (f, CHAT_D8 "?mode=CURRENT&end_epoch_millis=1796040000000", 400, "VALIDATION_ERROR", "CURRENT");

  assert_status (f, reversed_path, 400, "VALIDATION_ERROR", NULL);
  assert_status (f, empty_path, 400, "VALIDATION_ERROR", NULL);
  assert_status (f, too_long_path, 400, "VALIDATION_ERROR", "7 days");

  /* Malformed numbers. */
  assert_status (f, CHAT_D8 "?mode=SERIES&start_epoch_millis=12abc", 400, "VALIDATION_ERROR", "start_epoch_millis");
  assert_status (f, CHAT_D8 "?mode=SERIES&start_epoch_millis=", 400, "VALIDATION_ERROR", "start_epoch_millis");
  assert_status (f, CHAT_D8 "?mode=SERIES&start_epoch_millis=-5", 400, "VALIDATION_ERROR", "start_epoch_millis");
  assert_status (f, CHAT_D8 "?mode=SERIES&end_epoch_millis=1.5e12", 400, "VALIDATION_ERROR", "end_epoch_millis");
  assert_status (f, CHAT_D8 "?mode=SERIES&end_epoch_millis=99999999999999999999999", 400, "VALIDATION_ERROR", "end_epoch_millis");

  /* Exactly seven days is allowed. */
  {
    g_autoptr(IscMetricsResponse) week = get_window (f, CHAT_D8, "SERIES", NOW_MS - 7 * DAY_MS, NOW_MS, NULL);

    g_assert_cmpuint (isc_metrics_response_get_n_steps (week), <=, 360);
  }

  /* End defaults to now, start to an hour before the end. */
  {
    g_autoptr(IscMetricsResponse) summary = get_metrics (f, CHAT_D8 "?mode=SUMMARY");
    g_autoptr(IscMetricsResponse) from_end = get_metrics (f, CHAT_D8 "?mode=SUMMARY&end_epoch_millis=1796040000000");

    g_assert_cmpint (isc_metrics_response_get_end_ms (summary), ==, NOW_MS);
    g_assert_cmpint (isc_metrics_response_get_start_ms (summary), ==, NOW_MS - HOUR_MS);
    g_assert_cmpint (isc_metrics_response_get_end_ms (from_end), ==, G_GINT64_CONSTANT (1796040000000));
    g_assert_cmpint (isc_metrics_response_get_start_ms (from_end), ==, G_GINT64_CONSTANT (1796040000000) - HOUR_MS);
  }
}

/* Which metrics */

static void
assert_names (IscMetricsResponse *response,
              const char * const *names)
{
  guint n = g_strv_length ((char **) names);

  g_assert_cmpuint (isc_metrics_response_get_n_metrics (response), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (isc_metric_get_name (isc_metrics_response_get_metric (response, i)), ==, names[i]);
}

static void
test_metrics_param (Fixture       *f,
                    gconstpointer  data)
{
  /* Without `metrics`, the default set. */
  {
    g_autoptr(IscMetricsResponse) response = get_metrics (f, CHAT_D8 "?mode=SUMMARY");
    guint n_entries, n_default = 0;
    const IscCatalogueEntry *entries = isc_catalogue_get_entries (&n_entries);

    for (guint i = 0; i < n_entries; i++)
      {
        if (!entries[i].in_default_set)
          continue;
        n_default++;
        g_assert_nonnull (isc_metrics_response_lookup_metric (response, entries[i].name));
      }
    g_assert_cmpuint (isc_metrics_response_get_n_metrics (response), ==, n_default);
  }

  /* A repeated key, in the order asked. */
  {
    g_autoptr(IscMetricsResponse) response =
      get_metrics (f, CHAT_D8 "?mode=SUMMARY&metrics=baseten_gpu_utilization&metrics=baseten_replicas_active"
                               "&metrics=baseten_llm_input_tokens_total");
    const char * const names[] = { "baseten_gpu_utilization", "baseten_replicas_active",
                                   "baseten_llm_input_tokens_total", NULL };

    assert_names (response, names);
  }

  /* An unknown name is a 400 that names it. */
  assert_status (f, CHAT_D8 "?mode=SUMMARY&metrics=baseten_replicas_active&metrics=baseten_nope", 400,
                 "VALIDATION_ERROR", "baseten_nope");
  assert_status (f, CHAT_D8 "?mode=SUMMARY&metrics=baseten_replicas_active,baseten_gpu_utilization", 400,
                 "VALIDATION_ERROR", "baseten_replicas_active,baseten_gpu_utilization");

  /* GPU and LLM metrics are left out where they do not apply. */
  {
    g_autoptr(IscMetricsResponse) cpu =
      get_metrics (f, EMBED_D2 "?mode=SUMMARY&metrics=baseten_gpu_memory_used&metrics=baseten_replicas_active"
                               "&metrics=baseten_gpu_utilization&metrics=baseten_llm_num_requests"
                               "&metrics=baseten_async_queue_size");
    g_autoptr(IscMetricsResponse) async =
      get_metrics (f, BATCH_D4 "?mode=SUMMARY&metrics=baseten_gpu_memory_used&metrics=baseten_llm_num_requests"
                               "&metrics=baseten_async_queue_size");
    g_autoptr(IscMetricsResponse) llm =
      get_metrics (f, CHAT_D8 "?mode=SUMMARY&metrics=baseten_gpu_memory_used&metrics=baseten_llm_num_requests"
                              "&metrics=baseten_async_queue_size");
    const char * const cpu_names[] = { "baseten_replicas_active", NULL };
    const char * const async_names[] = { "baseten_gpu_memory_used", "baseten_async_queue_size", NULL };
    const char * const llm_names[] = { "baseten_gpu_memory_used", "baseten_llm_num_requests", NULL };

    assert_names (cpu, cpu_names);
    assert_names (async, async_names);
    assert_names (llm, llm_names);
  }

  /* Only inapplicable names: a valid, empty answer. */
  {
    g_autoptr(IscMetricsResponse) none = get_metrics (f, EMBED_D2 "?mode=SERIES&metrics=baseten_gpu_utilization");

    g_assert_cmpuint (isc_metrics_response_get_n_metrics (none), ==, 0);
    g_assert_cmpuint (isc_metrics_response_get_n_steps (none), >, 0);
  }
}

/* Every catalogue name, with the catalogue's unit, kind and label sets. */
static void
test_descriptors (Fixture       *f,
                  gconstpointer  data)
{
  static const char * const targets[] = { CHAT_D8, EMBED_D2, BATCH_D4, CHAT_ENV };
  static const guint applies[] = {
    ISC_APPLIES_GPU | ISC_APPLIES_LLM, 0, ISC_APPLIES_GPU | ISC_APPLIES_ASYNC, ISC_APPLIES_GPU | ISC_APPLIES_LLM,
  };
  guint n_entries;
  const IscCatalogueEntry *entries = isc_catalogue_get_entries (&n_entries);
  g_autoptr(GString) query = g_string_new ("?mode=SERIES");

  for (guint i = 0; i < n_entries; i++)
    g_string_append_printf (query, "&metrics=%s", entries[i].name);

  for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
    {
      g_autofree char *path = g_strconcat (targets[t], query->str, NULL);
      g_autoptr(IscMetricsResponse) response = get_metrics (f, path);

      for (guint i = 0; i < n_entries; i++)
        {
          const IscMetric *metric = isc_metrics_response_lookup_metric (response, entries[i].name);
          gboolean should = (entries[i].applies_to & ~applies[t]) == 0;

          if (!should)
            {
              g_assert_null (metric);
              continue;
            }

          g_assert_nonnull (metric);
          g_assert_cmpint (isc_metric_get_unit_hint (metric), ==, entries[i].unit_hint);
          g_assert_cmpint (isc_metric_get_kind (metric), ==, entries[i].kind);

          switch (entries[i].label_shape)
            {
            case ISC_LABEL_SHAPE_PLAIN:
              g_assert_cmpuint (isc_metric_get_n_series (metric), ==, 1);
              g_assert_cmpuint (isc_series_get_n_labels (isc_metric_get_series (metric, 0)), ==, 0);
              break;
            case ISC_LABEL_SHAPE_STATUS:
              g_assert_cmpuint (isc_metric_get_n_series (metric), ==, 3);
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 0), "status"), ==, "2xx");
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 2), "status"), ==, "5xx");
              break;
            case ISC_LABEL_SHAPE_QUANTILES:
              g_assert_cmpuint (isc_metric_get_n_series (metric), ==, 5);
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 0), "quantile"), ==, "0.5");
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 3), "quantile"), ==, "0.99");
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 4), "stat"), ==, "avg");
              break;
            case ISC_LABEL_SHAPE_CONDITION:
              g_assert_cmpuint (isc_metric_get_n_series (metric), ==, 3);
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 0), "condition"), ==, "true");
              break;
            default:
              g_assert_not_reached ();
            }
        }
    }
}

/* SERIES steps */

typedef struct
{
  gint64 span_ms;
  gint64 offset_ms;   /* of the end from NOW_MS */
  guint  step;
} StepCase;

static const StepCase step_cases[] = {
  { 15 * 60 * 1000, 0, 30 },
  { HOUR_MS, 0, 30 },
  { 3 * HOUR_MS, -(NOW_MS % (30 * 1000)), 30 },       /* aligned: exactly 360 steps */
  { 3 * HOUR_MS, 0, 60 },                             /* unaligned: 361 would be too many */
  { 6 * HOUR_MS, -(NOW_MS % (60 * 1000)), 60 },
  { 6 * HOUR_MS, 0, 120 },
  { 12 * HOUR_MS, 0, 300 },
  { DAY_MS, 0, 300 },
  { 2 * DAY_MS, 0, 600 },
  { 3 * DAY_MS, 0, 900 },
  { 7 * DAY_MS, 0, 1800 },
  { 7 * DAY_MS, -3 * DAY_MS, 1800 },
};

static void
test_series_step (Fixture       *f,
                  gconstpointer  data)
{
  for (guint c = 0; c < G_N_ELEMENTS (step_cases); c++)
    {
      const StepCase *sc = &step_cases[c];
      gint64 end = NOW_MS + sc->offset_ms;
      gint64 start = end - sc->span_ms;
      g_autoptr(IscMetricsResponse) r = get_window (f, CHAT_D8, "SERIES", start, end, NULL);
      gint64 step_ms = (gint64) sc->step * 1000;
      guint n_steps = isc_metrics_response_get_n_steps (r);
      const gint64 *starts = isc_metrics_response_get_step_starts (r, NULL);

      g_test_message ("span %" G_GINT64_FORMAT " s, end %" G_GINT64_FORMAT, sc->span_ms / 1000, end);
      g_assert_cmpint (isc_metrics_response_get_step_seconds (r), ==, sc->step);
      g_assert_cmpuint (n_steps, <=, 360);
      g_assert_cmpuint (n_steps, >=, sc->span_ms / step_ms);

      /* Aligned, evenly spaced, covering the window asked for. */
      for (guint s = 0; s < n_steps; s++)
        {
          g_assert_cmpint (starts[s] % step_ms, ==, 0);
          if (s > 0)
            g_assert_cmpint (starts[s] - starts[s - 1], ==, step_ms);
        }
      g_assert_cmpint (starts[0], <=, start);
      g_assert_cmpint (starts[0] + step_ms, >, start);
      g_assert_cmpint (starts[n_steps - 1], <, end);
      g_assert_cmpint (starts[n_steps - 1] + step_ms, >=, end);
      g_assert_cmpint (isc_metrics_response_get_start_ms (r), ==, starts[0]);
      g_assert_cmpint (isc_metrics_response_get_end_ms (r), ==, starts[n_steps - 1] + step_ms);
    }
}

/* SUMMARY agrees with SERIES */

static double
sum_of (const double *values,
        guint         n)
{
  double sum = 0;

  for (guint i = 0; i < n; i++)
    {
      if (!isnan (values[i]))
        sum += values[i];
    }

  return sum;
}

static void
test_summary_agrees (Fixture       *f,
                     gconstpointer  data)
{
  static const char * const counters[] = {
    "baseten_inference_requests_total", "baseten_llm_input_tokens_total", "baseten_llm_output_tokens_total",
    "baseten_container_restarts_total", "baseten_llm_spec_decode_num_accepted_tokens_total",
  };
  const char *metrics = "metrics=baseten_inference_requests_total&metrics=baseten_llm_input_tokens_total"
                        "&metrics=baseten_llm_output_tokens_total&metrics=baseten_container_restarts_total"
                        "&metrics=baseten_llm_spec_decode_num_accepted_tokens_total"
                        "&metrics=baseten_replicas_active";
  /* The returned SERIES window is wider than the one asked: stay under 7 days. */
  static const gint64 spans[] = { HOUR_MS, 6 * HOUR_MS, DAY_MS, 6 * DAY_MS };

  for (guint w = 0; w < G_N_ELEMENTS (spans); w++)
    {
      g_autoptr(IscMetricsResponse) series = get_window (f, CHAT_D8, "SERIES", NOW_MS - spans[w], NOW_MS, metrics);
      gint64 start = isc_metrics_response_get_start_ms (series);
      gint64 end = isc_metrics_response_get_end_ms (series);
      g_autoptr(IscMetricsResponse) summary = get_window (f, CHAT_D8, "SUMMARY", start, end, metrics);

      g_assert_cmpuint (isc_metrics_response_get_n_steps (summary), ==, 1);
      g_assert_cmpint (isc_metrics_response_get_step_seconds (summary), ==, 0);
      g_assert_cmpint (isc_metrics_response_get_start_ms (summary), ==, start);
      g_assert_cmpint (isc_metrics_response_get_end_ms (summary), ==, end);

      for (guint c = 0; c < G_N_ELEMENTS (counters); c++)
        {
          const IscMetric *metric = isc_metrics_response_lookup_metric (series, counters[c]);

          for (guint j = 0; j < isc_metric_get_n_series (metric); j++)
            {
              guint n_series, n_summary;
              const double *s = values_of (series, counters[c], j, &n_series);
              const double *total = values_of (summary, counters[c], j, &n_summary);
              double expected = sum_of (s, n_series);

              g_assert_cmpuint (n_summary, ==, 1);
              /* A COUNTER's SUMMARY is the total of its SERIES steps. */
              g_assert_cmpfloat_with_epsilon (total[0], expected, MAX (0.5, fabs (expected) * 1e-6));
            }
        }

      /* A GAUGE's SUMMARY is its mean over the window. */
      {
        guint n_series, n_summary, n_valid = 0;
        const double *s = values_of (series, "baseten_replicas_active", 0, &n_series);
        const double *mean = values_of (summary, "baseten_replicas_active", 0, &n_summary);
        double sum = 0;

        for (guint i = 0; i < n_series; i++)
          {
            if (!isnan (s[i]))
              {
                sum += s[i];
                n_valid++;
              }
          }
        g_assert_cmpuint (n_valid, >, 0);
        g_assert_cmpfloat_with_epsilon (mean[0], sum / n_valid, 0.02 * sum / n_valid + 0.01);
      }
    }

  /* Requests counted in SUMMARY show up as traffic: the chat LLM answers
   * thousands of requests a day.
   */
  {
    g_autoptr(IscMetricsResponse) day = get_window (f, CHAT_D8, "SUMMARY", NOW_MS - DAY_MS, NOW_MS, metrics);
    guint n;

    g_assert_cmpfloat (values_of (day, "baseten_inference_requests_total", 0, &n)[0], >, 10000);
  }
}

/* Determinism */

static GBytes *
get_body (Fixture    *f,
          const char *path)
{
  g_autoptr(Response) r = request (f, path);

  g_assert_no_error (r->error);
  g_assert_cmpuint (r->status, ==, 200);
  return g_bytes_ref (r->body);
}

static void
test_determinism (Fixture       *f,
                  gconstpointer  data)
{
  const char *all = "&metrics=baseten_inference_requests_total&metrics=baseten_end_to_end_response_time_seconds"
                    "&metrics=baseten_replicas_active&metrics=baseten_gpu_memory_used"
                    "&metrics=baseten_llm_output_tokens_total&metrics=baseten_container_cpu_usage_seconds_total";
  g_autofree char *q1 = window_query ("SERIES", NOW_MS - 2 * HOUR_MS, NOW_MS - HOUR_MS);
  g_autofree char *q2 = window_query ("SERIES", NOW_MS - 2 * HOUR_MS + 30 * 60 * 1000, NOW_MS - HOUR_MS + 30 * 60 * 1000);
  g_autofree char *p1 = g_strconcat (CHAT_D8, q1, all, NULL);
  g_autofree char *p2 = g_strconcat (CHAT_D8, q2, all, NULL);
  g_autoptr(GBytes) a = get_body (f, p1);
  g_autoptr(GBytes) b = get_body (f, p1);
  g_autoptr(IscMetricsResponse) first = get_metrics (f, p1);
  g_autoptr(IscMetricsResponse) shifted = get_metrics (f, p2);
  const gint64 *starts1, *starts2;
  guint n1, n2, shared = 0;

  /* The same request, the same bytes. */
  g_assert_true (g_bytes_equal (a, b));

  /* Overlapping windows agree on every step they share. */
  starts1 = isc_metrics_response_get_step_starts (first, &n1);
  starts2 = isc_metrics_response_get_step_starts (shifted, &n2);
  for (guint m = 0; m < isc_metrics_response_get_n_metrics (first); m++)
    {
      const IscMetric *metric = isc_metrics_response_get_metric (first, m);
      const IscMetric *other = isc_metrics_response_get_metric (shifted, m);

      g_assert_cmpstr (isc_metric_get_name (metric), ==, isc_metric_get_name (other));
      for (guint j = 0; j < isc_metric_get_n_series (metric); j++)
        {
          const double *v1 = isc_series_get_values (isc_metric_get_series (metric, j), NULL);
          const double *v2 = isc_series_get_values (isc_metric_get_series (other, j), NULL);

          for (guint s1 = 0; s1 < n1; s1++)
            for (guint s2 = 0; s2 < n2; s2++)
              {
                if (starts1[s1] != starts2[s2])
                  continue;
                shared++;
                if (isnan (v1[s1]))
                  g_assert_true (isnan (v2[s2]));
                else
                  g_assert_cmpfloat (v1[s1], ==, v2[s2]);
              }
        }
    }
  g_assert_cmpuint (shared, >, 50);

  /* Zooming in shows the same curve: a 60-s step's requests are its two
   * 30-s steps' requests.
   */
  {
    g_autoptr(IscMetricsResponse) fine = get_window (f, CHAT_D8, "SERIES", NOW_MS - 3 * HOUR_MS, NOW_MS - 2 * HOUR_MS,
                                                     "metrics=baseten_inference_requests_total");
    g_autoptr(IscMetricsResponse) coarse = get_window (f, CHAT_D8, "SERIES", NOW_MS - 5 * HOUR_MS, NOW_MS - 2 * HOUR_MS,
                                                       "metrics=baseten_inference_requests_total");
    guint nf, nc, matched = 0;
    const gint64 *sf = isc_metrics_response_get_step_starts (fine, &nf);
    const gint64 *sc = isc_metrics_response_get_step_starts (coarse, &nc);
    const double *vf = values_of (fine, "baseten_inference_requests_total", 0, NULL);
    const double *vc = values_of (coarse, "baseten_inference_requests_total", 0, NULL);

    g_assert_cmpint (isc_metrics_response_get_step_seconds (fine), ==, 30);
    g_assert_cmpint (isc_metrics_response_get_step_seconds (coarse), ==, 60);
    for (guint c = 0; c < nc; c++)
      for (guint i = 0; i + 1 < nf; i++)
        {
          if (sf[i] == sc[c])
            {
              g_assert_cmpfloat (vc[c], ==, vf[i] + vf[i + 1]);
              matched++;
            }
        }
    g_assert_cmpuint (matched, >=, 59);
  }

  /* Another seed, other data. */
  {
    g_autoptr(IscDemoServer) other = isc_demo_server_new (SEED + 1, KEY);
    g_autoptr(GError) error = NULL;
    Fixture g = { other, f->session };
    g_autoptr(GBytes) c = NULL;

    isc_demo_server_set_now_ms (other, NOW_MS);
    g_assert_true (isc_demo_server_run_in_thread (other, 0, &error));
    c = get_body (&g, p1);
    g_assert_false (g_bytes_equal (a, c));
  }
}

/* Quantiles */

static void
test_quantile_order (Fixture       *f,
                     gconstpointer  data)
{
  static const char * const targets[] = { CHAT_D8, CHAT_DEV, EMBED_D2, BATCH_D4, CHAT_ENV };
  guint n_entries;
  const IscCatalogueEntry *entries = isc_catalogue_get_entries (&n_entries);
  g_autoptr(GString) metrics = g_string_new (NULL);
  static const gint64 spans[] = { HOUR_MS, DAY_MS, 7 * DAY_MS };
  guint checked = 0;

  for (guint i = 0; i < n_entries; i++)
    {
      if (entries[i].kind == ISC_METRIC_KIND_HISTOGRAM)
        g_string_append_printf (metrics, "%smetrics=%s", metrics->len ? "&" : "", entries[i].name);
    }

  for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
    for (guint w = 0; w < G_N_ELEMENTS (spans); w++)
      for (guint mode = 0; mode < 2; mode++)
        {
          g_autoptr(IscMetricsResponse) r = get_window (f, targets[t], mode ? "SUMMARY" : "SERIES",
                                                        NOW_MS - spans[w], NOW_MS, metrics->str);
          guint n_steps = isc_metrics_response_get_n_steps (r);

          for (guint m = 0; m < isc_metrics_response_get_n_metrics (r); m++)
            {
              const IscMetric *metric = isc_metrics_response_get_metric (r, m);
              const double *q[5];

              g_assert_cmpuint (isc_metric_get_n_series (metric), ==, 5);
              for (guint j = 0; j < 5; j++)
                q[j] = isc_series_get_values (isc_metric_get_series (metric, j), NULL);

              for (guint s = 0; s < n_steps; s++)
                {
                  /* A step has data for all its quantiles or for none. */
                  for (guint j = 1; j < 5; j++)
                    g_assert_cmpint (isnan (q[j][s]), ==, isnan (q[0][s]));
                  if (isnan (q[0][s]))
                    continue;

                  g_assert_cmpfloat (q[0][s], >, 0);
                  g_assert_cmpfloat (q[0][s], <=, q[1][s]);
                  g_assert_cmpfloat (q[1][s], <=, q[2][s]);
                  g_assert_cmpfloat (q[2][s], <=, q[3][s]);
                  /* A plausible average: within the distribution's bulk. */
                  g_assert_cmpfloat (q[4][s], >=, q[0][s] * 0.8);
                  g_assert_cmpfloat (q[4][s], <=, q[3][s]);
                  checked++;
                }
            }
        }

  g_assert_cmpuint (checked, >, 1000);
}

/* Data that looks like production */

static double
max_of (const double *v,
        guint         n)
{
  double m = -INFINITY;

  for (guint i = 0; i < n; i++)
    {
      if (!isnan (v[i]))
        m = MAX (m, v[i]);
    }

  return m;
}

static double
min_of (const double *v,
        guint         n)
{
  double m = INFINITY;

  for (guint i = 0; i < n; i++)
    {
      if (!isnan (v[i]))
        m = MIN (m, v[i]);
    }

  return m;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
test_realism (Fixture       *f,
              gconstpointer  data)
{
  const char *metrics = "metrics=baseten_inference_requests_total&metrics=baseten_end_to_end_response_time_seconds"
                        "&metrics=baseten_replicas_active&metrics=baseten_replicas_starting"
                        "&metrics=baseten_gpu_memory_used&metrics=baseten_gpu_utilization"
                        "&metrics=baseten_container_cpu_usage_seconds_total"
                        "&metrics=baseten_llm_input_tokens_total&metrics=baseten_llm_output_tokens_per_request";
  g_autoptr(IscMetricsResponse) day = get_window (f, CHAT_D8, "SERIES", NOW_MS - DAY_MS, NOW_MS, metrics);
  g_autoptr(JsonNode) env = get_json (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/production");
  JsonObject *instance = json_object_get_object_member (object_of (env), "instance_type");
  JsonObject *autoscaling = json_object_get_object_member (object_of (env), "autoscaling_settings");
  guint n;
  const double *ok = values_of (day, "baseten_inference_requests_total", 0, &n);
  const double *e5 = values_of (day, "baseten_inference_requests_total", 2, NULL);
  const double *active = values_of (day, "baseten_replicas_active", 0, NULL);
  const double *gpu_mem = values_of (day, "baseten_gpu_memory_used", 0, NULL);
  const double *gpu_util = values_of (day, "baseten_gpu_utilization", 0, NULL);
  const double *tokens = values_of (day, "baseten_llm_input_tokens_total", 0, NULL);
  const double *per_request = values_of (day, "baseten_llm_output_tokens_per_request", 0, NULL);
  double worst_5xx = 0;
  guint bad_steps = 0;

  /* A 5xx incident in the last 24 hours, against a clean baseline. */
  for (guint s = 0; s < n; s++)
    {
      double total = ok[s] + e5[s];

      if (total <= 0)
        continue;
      worst_5xx = MAX (worst_5xx, e5[s] / total);
      if (e5[s] / total > 0.02)
        bad_steps++;
    }
  g_assert_cmpfloat (worst_5xx, >, 0.05);
  g_assert_cmpuint (bad_steps, >=, 2);
  g_assert_cmpuint (bad_steps, <=, n / 10);


  /* Replicas within the autoscaling bounds, GPU memory under the limit. */
  g_assert_cmpfloat (max_of (active, n), <=, json_object_get_int_member (autoscaling, "max_replica"));
  g_assert_cmpfloat (min_of (active, n), >=, json_object_get_int_member (autoscaling, "min_replica"));
  g_assert_cmpfloat (max_of (active, n), >, min_of (active, n));
  g_assert_cmpfloat (max_of (gpu_mem, n), <, json_object_get_int_member (instance, "gpu_memory_limit_mib"));
  g_assert_cmpfloat (min_of (gpu_mem, n), >, 1000);
  g_assert_cmpfloat (min_of (gpu_util, n), >=, 0);
  g_assert_cmpfloat (max_of (gpu_util, n), <=, 1);
  g_assert_cmpfloat (max_of (gpu_util, n), >, 0.3);
  /* Tokens flow exactly when requests do (v8 had almost none before the
   * promotion, at night).
   */
  for (guint s = 0; s < n; s++)
    {
      g_assert_cmpint (tokens[s] > 0, ==, ok[s] > 0);
      if (!isnan (per_request[s]))
        g_assert_cmpfloat (per_request[s], >, 1);
    }
  g_assert_cmpfloat (max_of (tokens, n), >, 1e5);

  /* Ingestion lag: the last minutes have no latency yet, but requests. */
  {
    g_autoptr(IscMetricsResponse) hour = get_window (f, CHAT_D8, "SERIES", NOW_MS - HOUR_MS, NOW_MS, metrics);
    guint nh;
    const double *lat = values_of (hour, "baseten_end_to_end_response_time_seconds", 0, &nh);
    const double *req = values_of (hour, "baseten_inference_requests_total", 0, NULL);

    g_assert_cmpint (isc_metrics_response_get_step_seconds (hour), ==, 30);
    g_assert_true (isnan (lat[nh - 1]));
    g_assert_true (isnan (lat[nh - 2]));
    g_assert_true (isnan (lat[nh - 3]));
    g_assert_false (isnan (lat[nh - 6]));
    g_assert_cmpfloat (req[nh - 2], >, 0);
    for (guint s = 0; s < nh - 6; s++)
      g_assert_false (isnan (lat[s]));
  }

  /* Replicas spend time starting when the load rises, as v8 took over. */
  {
    g_autoptr(IscMetricsResponse) fine = get_window (f, CHAT_D8, "SERIES", NOW_MS - 6 * HOUR_MS, NOW_MS,
                                                     "metrics=baseten_replicas_starting");
    const double *starting = values_of (fine, "baseten_replicas_starting", 0, &n);

    g_assert_cmpint (isc_metrics_response_get_step_seconds (fine), ==, 120);
    g_assert_cmpfloat (max_of (starting, n), >=, 1);
    g_assert_cmpfloat (min_of (starting, n), ==, 0);
  }

  /* Latency rises with load: compare the busiest and quietest quarters. */
  {
    g_autoptr(IscMetricsResponse) r = get_window (f, EMBED_D2, "SERIES", NOW_MS - DAY_MS, NOW_MS, metrics);
    guint ne;
    const double *req = values_of (r, "baseten_inference_requests_total", 0, &ne);
    const double *lat = values_of (r, "baseten_end_to_end_response_time_seconds", 0, NULL);
    const double *cpu = values_of (r, "baseten_container_cpu_usage_seconds_total", 0, NULL);
    g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (double));
    double threshold_low, threshold_high, lat_low = 0, lat_high = 0;
    guint n_low = 0, n_high = 0;

    for (guint s = 0; s < ne; s++)
      {
        if (!isnan (lat[s]))
          g_array_append_val (order, req[s]);
      }
    g_array_sort (order, compare_doubles);
    threshold_low = g_array_index (order, double, order->len / 4);
    threshold_high = g_array_index (order, double, order->len * 3 / 4);
    for (guint s = 0; s < ne; s++)
      {
        if (isnan (lat[s]))
          continue;
        if (req[s] <= threshold_low)
          {
            lat_low += lat[s];
            n_low++;
          }
        else if (req[s] >= threshold_high)
          {
            lat_high += lat[s];
            n_high++;
          }
      }
    g_assert_cmpuint (n_low, >, 0);
    g_assert_cmpuint (n_high, >, 0);

    /* A daily cycle: the busiest step carries several times the quietest. */
    g_assert_cmpfloat (max_of (req, ne), >, 3 * min_of (req, ne));
    g_assert_cmpfloat (lat_high / n_high, >, 1.05 * lat_low / n_low);

    /* CPU in cores: this model uses more than one at its busiest. */
    g_assert_cmpfloat (max_of (cpu, ne), >, 1.0);
    g_assert_null (isc_metrics_response_lookup_metric (r, "baseten_gpu_memory_used"));
  }
}

static void
test_quiet_and_promotion (Fixture       *f,
                          gconstpointer  data)
{
  const char *metrics = "metrics=baseten_inference_requests_total&metrics=baseten_end_to_end_response_time_seconds"
                        "&metrics=baseten_replicas_active";

  /* The development deployment sits idle at night and at weekends: steps
   * without traffic have null latency and zero requests, not an error.
   */
  {
    g_autoptr(IscMetricsResponse) week = get_window (f, CHAT_DEV, "SERIES", NOW_MS - 7 * DAY_MS, NOW_MS, metrics);
    guint n, idle = 0, busy = 0;
    const double *ok = values_of (week, "baseten_inference_requests_total", 0, &n);
    const double *p50 = values_of (week, "baseten_end_to_end_response_time_seconds", 0, NULL);

    for (guint s = 0; s + 2 < n; s++)
      {
        if (ok[s] == 0)
          {
            g_assert_true (isnan (p50[s]));
            idle++;
          }
        else
          busy++;
      }
    g_assert_cmpuint (idle, >, 10);
    g_assert_cmpuint (busy, >, 10);
  }

  /* The production environment moved from v7 to v8 during the last day:
   * v7 served, then stopped; v8 took over; the environment's series is
   * split where the promotion falls, so one step is shorter.
   */
  {
    g_autoptr(IscMetricsResponse) d7 = get_window (f, CHAT_D7, "SERIES", NOW_MS - DAY_MS, NOW_MS, metrics);
    g_autoptr(IscMetricsResponse) d8 = get_window (f, CHAT_D8, "SERIES", NOW_MS - DAY_MS, NOW_MS, metrics);
    g_autoptr(IscMetricsResponse) env = get_window (f, CHAT_ENV, "SERIES", NOW_MS - DAY_MS, NOW_MS, metrics);
    guint n7, n8, ne;
    const double *v7 = values_of (d7, "baseten_inference_requests_total", 0, &n7);
    const double *v8 = values_of (d8, "baseten_inference_requests_total", 0, &n8);
    const double *ve = values_of (env, "baseten_inference_requests_total", 0, &ne);
    const gint64 *starts = isc_metrics_response_get_step_starts (env, NULL);
    gint64 step_ms = isc_metrics_response_get_step_seconds (env) * 1000;
    guint uneven = 0;

    g_assert_cmpuint (n7, ==, n8);
    g_assert_cmpfloat (v7[0], >, 0);
    g_assert_cmpfloat (v7[n7 - 3], ==, 0);
    g_assert_cmpfloat (v8[n8 - 3], >, 0);
    /* v7 is scaled to zero once its scale-down delay has passed: no
     * replica runs at the end of the day, whatever its minimum of 2. */
    {
      const double *r7 = values_of (d7, "baseten_replicas_active", 0, NULL);
      const double *r8 = values_of (d8, "baseten_replicas_active", 0, NULL);

      g_assert_cmpfloat (r7[0], >=, 2);
      g_assert_cmpfloat (r7[n7 - 1], ==, 0);
      g_assert_cmpfloat (r8[n8 - 1], >=, 1);
    }
    g_assert_cmpfloat (v8[0], <, v7[0] / 10);

    for (guint s = 1; s < ne; s++)
      {
        if (starts[s] - starts[s - 1] != step_ms)
          uneven++;
      }
    g_assert_cmpuint (uneven, >=, 1);
    g_assert_cmpuint (ne, ==, n8 + 1);
    /* The environment served more than v8 alone: v7's share before. */
    g_assert_cmpfloat (sum_of (ve, ne), >, sum_of (v8, n8) * 1.05);
    g_assert_cmpfloat (sum_of (ve, ne), <, sum_of (v7, n7) + sum_of (v8, n8));
  }
}

/* Faults */

static void
test_fault_delay (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(Response) header = request_full (f, "GET", CHAT_D8, NULL, "delay=400");
  g_autoptr(Response) reserved = request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-delay-300/metrics");
  g_autoptr(Response) plain = request (f, CHAT_D8);

  g_assert_cmpuint (header->status, ==, 200);
  g_assert_cmpfloat (header->elapsed_ms, >=, 390);
  g_assert_cmpuint (reserved->status, ==, 200);
  g_assert_cmpfloat (reserved->elapsed_ms, >=, 290);
  g_assert_true (g_bytes_equal (header->body, plain->body));
}

static void
test_fault_drip (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(Response) r = request_full (f, "GET", CHAT_D8 "?mode=SERIES", NULL, "drip=30");
  g_autoptr(Response) plain = request (f, CHAT_D8 "?mode=SERIES");
  g_autoptr(Response) reserved = request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-drip-10/metrics");
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
test_fault_client_gone (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(SoupSession) impatient = soup_session_new_with_options ("timeout", 1, NULL);
  SoupSession *patient = f->session;

  /* A client that gives up during a drip or a delay leaves the server
   * answering others, with no timer left behind on a finished message.
   */
  f->session = impatient;
  {
    g_autoptr(Response) dripping = request_full (f, "GET", CHAT_D8 "?mode=SERIES", NULL, "drip=1500");
    g_autoptr(Response) delayed = request_full (f, "GET", CHAT_D8, NULL, "delay=3000");

    g_assert_nonnull (dripping->error);
    g_assert_nonnull (delayed->error);
  }
  f->session = patient;

  /* Let the abandoned timers fire into closed connections. */
  g_usleep (G_USEC_PER_SEC * 5 / 2);
  {
    g_autoptr(Response) after = request (f, CHAT_D8);

    g_assert_no_error (after->error);
    g_assert_cmpuint (after->status, ==, 200);
  }
}

static void
test_fault_rate_limit (Fixture       *f,
                       gconstpointer  data)
{
  /* 429 for the first three requests with this fault, then success. */
  for (guint i = 0; i < 5; i++)
    {
      g_autoptr(Response) r = request_full (f, "GET", CHAT_D8, NULL, "429=3");

      if (i < 3)
        {
          g_autoptr(JsonNode) node = parse_json (r->body);

          g_assert_cmpuint (r->status, ==, 429);
          g_assert_cmpstr (r->reason, ==, "Too Many Requests");
          g_assert_cmpstr (soup_message_headers_get_one (r->headers, "Retry-After"), ==, "1");
          g_assert_nonnull (json_object_get_string_member (object_of (node), "error"));
          g_assert_cmpint (json_object_get_int_member (object_of (node), "retry_after"), ==, 1);
        }
      else
        g_assert_cmpuint (r->status, ==, 200);
    }

  /* Counted per N, and reset on demand. */
  {
    g_autoptr(Response) other_n = request_full (f, "GET", CHAT_D8, NULL, "429=1");
    g_autoptr(Response) reserved = request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-429-1/metrics");
    g_autoptr(Response) after_reset = NULL;

    g_assert_cmpuint (other_n->status, ==, 429);
    g_assert_cmpuint (reserved->status, ==, 200);
    isc_demo_server_reset_faults (f->server);
    after_reset = request_full (f, "GET", CHAT_D8, NULL, "429=3");
    g_assert_cmpuint (after_reset->status, ==, 429);
  }
}

static void
test_fault_status (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(Response) e500 = request_full (f, "GET", CHAT_D8, NULL, "500");
  g_autoptr(Response) e503 = request_full (f, "GET", "/v1/models", NULL, "503");
  g_autoptr(Response) e502 = request_full (f, "GET", CHAT_D8, NULL, "502");
  g_autoptr(Response) reserved = request (f, "/v1/models/" ISC_DEMO_MODEL_EMBED "/deployments/fault-503/metrics");
  g_autoptr(Response) bogus = request_full (f, "GET", CHAT_D8, NULL, "explode");
  g_autoptr(Response) bogus_id = request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-explode/metrics");

  assert_error (e500, 500, "INTERNAL_ERROR", NULL);
  assert_error (e503, 503, "SERVICE_UNAVAILABLE", NULL);
  assert_error (reserved, 503, "SERVICE_UNAVAILABLE", NULL);

  /* A gateway's 502 is an HTML page, not JSON. */
  g_assert_cmpuint (e502->status, ==, 502);
  g_assert_cmpstr (soup_message_headers_get_content_type (e502->headers, NULL), ==, "text/html");
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (e502->body, NULL), g_bytes_get_size (e502->body), "Bad Gateway"));

  assert_error (bogus, 400, "VALIDATION_ERROR", "explode");
  assert_error (bogus_id, 404, "NOT_FOUND", "fault-explode");
}

static void
test_fault_bodies (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(Response) invalid = request_full (f, "GET", CHAT_D8, NULL, "invalid-json");
  g_autoptr(Response) shape = request_full (f, "GET", CHAT_D8, NULL, "wrong-shape");
  g_autoptr(Response) shape_models = request_full (f, "GET", "/v1/models", NULL, "wrong-shape");
  g_autoptr(Response) truncated = request_full (f, "GET", CHAT_D8 "?mode=SERIES", NULL, "truncate");
  g_autoptr(Response) reserved = request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-invalid-json/metrics");
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
    g_autoptr(JsonNode) node = parse_json (shape->body);
    g_autoptr(JsonNode) models = parse_json (shape_models->body);

    g_assert_cmpuint (shape->status, ==, 200);
    decoded = isc_metrics_response_new_from_bytes (shape->body, &error);
    g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_INVALID);
    g_assert_null (decoded);
    g_clear_error (&error);
    g_assert_false (JSON_NODE_HOLDS_ARRAY (json_object_get_member (object_of (models), "models")));
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
test_fault_drop (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(Response) r = request_full (f, "GET", CHAT_D8, NULL, "drop");
  g_autoptr(Response) reserved = request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-drop/metrics");
  g_autoptr(Response) after = request (f, CHAT_D8);

  /* No response at all; the server carries on. */
  g_assert_nonnull (r->error);
  g_assert_nonnull (reserved->error);
  g_assert_no_error (after->error);
  g_assert_cmpuint (after->status, ==, 200);
}

static void
test_fault_dense (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(Response) r = request_full (f, "GET", CHAT_D8, NULL, "dense");
  g_autoptr(IscMetricsResponse) decoded = NULL;
  g_autoptr(IscMetricsResponse) reserved =
    get_metrics (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-dense/metrics?metrics=baseten_gpu_utilization");
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
    g_autoptr(Response) env = request_full (f, "GET", CHAT_ENV "?metrics=baseten_replicas_active", NULL, "dense");
    g_autoptr(IscMetricsResponse) env_decoded = isc_metrics_response_new_from_bytes (env->body, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (isc_metrics_response_get_n_steps (env_decoded), ==, 10080);
  }
}

static void
test_fault_combined (Fixture       *f,
                     gconstpointer  data)
{
  /* Faults combine: a delayed 503. */
  g_autoptr(Response) r = request_full (f, "GET", CHAT_D8, NULL, "delay=200, 503");

  assert_error (r, 503, "SERVICE_UNAVAILABLE", NULL);
  g_assert_cmpfloat (r->elapsed_ms, >=, 190);
}

/* In the caller's main context, without a thread: what the app does. */

static void
on_sent (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  GBytes **body = user_data;
  g_autoptr(GError) error = NULL;

  *body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);
  g_assert_no_error (error);
}

static void
on_logged (IscDemoServer *server,
           const char    *method,
           const char    *path,
           guint          status,
           guint64        bytes,
           double         milliseconds,
           gpointer       user_data)
{
  GString *log = user_data;

  g_string_append_printf (log, "%s %s %u %" G_GUINT64_FORMAT "\n", method, path, status, bytes);
}

static void
test_main_context (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (SEED, NULL);
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  g_autofree char *url = NULL;
  g_autofree char *expected = NULL;
  GBytes *body = NULL;

  g_assert_true (isc_demo_server_listen_loopback (server, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (isc_demo_server_get_port (server), >, 0);
  g_signal_connect (server, "request-logged", G_CALLBACK (on_logged), log);

  url = g_strconcat (isc_demo_server_get_base_url (server), "/v1/models/" ISC_DEMO_FIRST_MODEL
                     "/deployments/" ISC_DEMO_FIRST_DEPLOYMENT "/metrics?mode=SERIES", NULL);
  msg = soup_message_new ("GET", url);
  soup_session_send_and_read_async (session, msg, G_PRIORITY_DEFAULT, NULL, on_sent, &body);
  while (body == NULL || log->len == 0)
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpuint (soup_message_get_status (msg), ==, 200);
  g_assert_cmpuint (g_bytes_get_size (body), >, 1000);

  /* One log line per request, with the bytes sent. */
  expected = g_strdup_printf ("GET /v1/models/" ISC_DEMO_FIRST_MODEL "/deployments/" ISC_DEMO_FIRST_DEPLOYMENT
                              "/metrics?mode=SERIES 200 %" G_GSIZE_FORMAT "\n", g_bytes_get_size (body));
  g_assert_cmpstr (log->str, ==, expected);
  g_bytes_unref (body);
}

/* The executable */

static void
test_binary (gconstpointer data)
{
  int signum = GPOINTER_TO_INT (data);
  const char *binary = g_getenv ("INFERSCOPE_DEMO_SERVER_BINARY");
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(SoupSession) session = soup_session_new ();
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GBytes) body = NULL;
  g_autofree char *url = NULL;
  g_autofree char *request_url = NULL;
  g_autofree char *log_line = NULL;

  if (binary == NULL)
    {
      g_test_skip ("INFERSCOPE_DEMO_SERVER_BINARY is not set");
      return;
    }

  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                              binary, "--port", "0", "--key", "k1", "--seed", "7", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));

  /* With --port 0 the first line is the URL it bound. */
  url = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (url);
  g_assert_true (g_str_has_prefix (url, "http://127.0.0.1:"));

  request_url = g_strconcat (url, "/v1/users/me", NULL);
  msg = soup_message_new ("GET", request_url);
  soup_message_headers_replace (soup_message_get_request_headers (msg), "Authorization", "Api-Key k1");
  body = soup_session_send_and_read (session, msg, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (soup_message_get_status (msg), ==, 200);

  /* One log line per request: method, path, status, bytes, time. */
  log_line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (log_line);
  g_assert_nonnull (strstr (log_line, "GET /v1/users/me 200 "));
  g_assert_true (g_str_has_suffix (log_line, "ms"));

  /* SIGTERM or SIGINT ends it cleanly. */
  g_subprocess_send_signal (process, signum);
  g_assert_true (g_subprocess_wait (process, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
}

static void
test_binary_usage (void)
{
  const char *binary = g_getenv ("INFERSCOPE_DEMO_SERVER_BINARY");
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;

  if (binary == NULL)
    {
      g_test_skip ("INFERSCOPE_DEMO_SERVER_BINARY is not set");
      return;
    }

  /* Bad usage is status 2, and nothing is served. */
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error,
                              binary, "--port", "70000", NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait (process, NULL, &error));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 2);
}

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("/isc/demo-server/auth", test_auth);
  g_test_add_func ("/isc/demo-server/auth-keyless", test_auth_keyless);
  ADD ("/isc/demo-server/not-found", test_not_found);
  ADD ("/isc/demo-server/discovery", test_discovery);
  ADD ("/isc/demo-server/mode", test_mode);
  ADD ("/isc/demo-server/window", test_window);
  ADD ("/isc/demo-server/metrics-param", test_metrics_param);
  ADD ("/isc/demo-server/descriptors", test_descriptors);
  ADD ("/isc/demo-server/series-step", test_series_step);
  ADD ("/isc/demo-server/summary-agrees", test_summary_agrees);
  ADD ("/isc/demo-server/determinism", test_determinism);
  ADD ("/isc/demo-server/quantile-order", test_quantile_order);
  ADD ("/isc/demo-server/realism", test_realism);
  ADD ("/isc/demo-server/quiet-and-promotion", test_quiet_and_promotion);
  ADD ("/isc/demo-server/fault/delay", test_fault_delay);
  ADD ("/isc/demo-server/fault/drip", test_fault_drip);
  ADD ("/isc/demo-server/fault/client-gone", test_fault_client_gone);
  ADD ("/isc/demo-server/fault/rate-limit", test_fault_rate_limit);
  ADD ("/isc/demo-server/fault/status", test_fault_status);
  ADD ("/isc/demo-server/fault/bodies", test_fault_bodies);
  ADD ("/isc/demo-server/fault/drop", test_fault_drop);
  ADD ("/isc/demo-server/fault/dense", test_fault_dense);
  ADD ("/isc/demo-server/fault/combined", test_fault_combined);
  g_test_add_func ("/isc/demo-server/main-context", test_main_context);
  g_test_add_data_func ("/isc/demo-server/binary/sigterm", GINT_TO_POINTER (SIGTERM), test_binary);
  g_test_add_data_func ("/isc/demo-server/binary/sigint", GINT_TO_POINTER (SIGINT), test_binary);
  g_test_add_func ("/isc/demo-server/binary-usage", test_binary_usage);

  return g_test_run ();
}
