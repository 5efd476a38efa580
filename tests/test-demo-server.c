/* test-demo-server.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The simulated Baseten API over real HTTP on 127.0.0.1, the server itself:
 * its keys, routes, discovery, the mode and window rules, which metrics
 * it answers, the caller's main context, and the executable.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-catalogue.h"
#include "isc-test-demo.h"

#define ADD(path, func) \
  g_test_add (path, DemoFixture, NULL, demo_fixture_setup, func, demo_fixture_teardown)

/* Auth */

static void
test_auth (DemoFixture   *f,
           gconstpointer  data)
{
  static const char * const refused[] = {
    "", "Bearer wrong-key", "Api-Key wrong-key", "Basic dGVzdC1rZXk6", "Bearer", "bearer " KEY, KEY,
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(DemoResponse) r = demo_request_full (f, "GET", "/v1/users/me", refused[i], NULL);

      demo_assert_error (r, 401, "UNAUTHENTICATED", NULL);
    }

  /* Both documented forms of the header are accepted. */
  {
    g_autoptr(DemoResponse) bearer = demo_request_full (f, "GET", "/v1/users/me", "Bearer " KEY, NULL);
    g_autoptr(DemoResponse) api_key = demo_request_full (f, "GET", CHAT_D8, "Api-Key " KEY, NULL);

    g_assert_cmpuint (bearer->status, ==, 200);
    g_assert_cmpuint (api_key->status, ==, 200);
  }

  /* A refused key is refused before anything else: no data leaks. */
  {
    g_autoptr(DemoResponse) r = demo_request_full (f, "GET", "/v1/models/nope", "", NULL);

    demo_assert_error (r, 401, "UNAUTHENTICATED", NULL);
  }
}

static void
test_auth_keyless (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (SEED, NULL);
  g_autoptr(GError) error = NULL;
  DemoFixture f = { server, NULL };

  /* `inferscope --demo` runs with no key: any key or none will do. */
  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  f.session = soup_session_new ();

  {
    g_autoptr(DemoResponse) none = demo_request_full (&f, "GET", "/v1/models", "", NULL);
    g_autoptr(DemoResponse) any = demo_request_full (&f, "GET", "/v1/models", "Bearer whatever", NULL);

    g_assert_cmpuint (none->status, ==, 200);
    g_assert_cmpuint (any->status, ==, 200);
  }

  g_clear_object (&f.session);
}

/* Routes */

static void
test_not_found (DemoFixture   *f,
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
    /* Logs and metrics have no alias path. */
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/production/logs",
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/production/metrics",
    "/v1/models/" ISC_DEMO_MODEL_EMBED "/deployments/development/metrics",
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/staging",
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/staging/metrics",
    "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/production/metrics/extra",
  };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    demo_assert_status (f, paths[i], 404, "NOT_FOUND", NULL);

  /* The message names what was not found. */
  demo_assert_status (f, "/v1/models/nope", 404, "NOT_FOUND", "nope");
  demo_assert_status (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/zzz9", 404, "NOT_FOUND", "zzz9");

  {
    g_autoptr(DemoResponse) r = demo_request_full (f, "POST", "/v1/models", NULL, NULL);

    demo_assert_error (r, 405, "METHOD_NOT_ALLOWED", NULL);
  }
}

/* Discovery */

static void
test_discovery (DemoFixture   *f,
                gconstpointer  data)
{
  g_autoptr(JsonNode) models = demo_get_json (f, "/v1/models");
  JsonArray *list = json_object_get_array_member (demo_object_of (models), "models");
  gboolean found_chat = FALSE;

  g_assert_cmpuint (json_array_get_length (list), >=, 3);

  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *model = json_array_get_object_element (list, i);
      const char *id = json_object_get_string_member (model, "id");
      g_autofree char *one_path = g_strconcat ("/v1/models/", id, NULL);
      g_autofree char *deps_path = g_strconcat ("/v1/models/", id, "/deployments", NULL);
      g_autofree char *prod_path = g_strconcat ("/v1/models/", id, "/deployments/production", NULL);
      g_autoptr(JsonNode) one = demo_get_json (f, one_path);
      g_autoptr(JsonNode) deps = demo_get_json (f, deps_path);
      g_autoptr(JsonNode) prod = demo_get_json (f, prod_path);
      JsonArray *dep_list = json_object_get_array_member (demo_object_of (deps), "deployments");
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
      g_assert_cmpstr (json_object_get_string_member (demo_object_of (prod), "id"), ==,
                       json_object_get_string_member (model, "production_deployment_id"));
      g_assert_true (json_object_get_boolean_member (demo_object_of (prod), "is_production"));

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
    g_autoptr(JsonNode) dev = demo_get_json (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/development");
    g_autoptr(JsonNode) envs = demo_get_json (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments");
    g_autoptr(JsonNode) prod = demo_get_json (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/production");
    g_autoptr(JsonNode) me = demo_get_json (f, "/v1/users/me");
    JsonArray *env_list = json_object_get_array_member (demo_object_of (envs), "environments");
    JsonObject *instance = json_object_get_object_member (demo_object_of (prod), "instance_type");
    JsonObject *current = json_object_get_object_member (demo_object_of (prod), "current_deployment");

    g_assert_cmpstr (json_object_get_string_member (demo_object_of (dev), "id"), ==, ISC_DEMO_DEPLOYMENT_CHAT_DEVELOPMENT);
    g_assert_true (json_object_get_boolean_member (demo_object_of (dev), "is_development"));

    /* The LLM has production and development environments. */
    g_assert_cmpuint (json_array_get_length (env_list), ==, 2);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (env_list, 0), "name"), ==, "production");
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (env_list, 1), "name"), ==, "development");
    g_assert_cmpstr (json_object_get_string_member (current, "id"), ==, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
    g_assert_cmpint (json_object_get_int_member (instance, "gpu_count"), ==, 1);
    g_assert_cmpint (json_object_get_int_member (instance, "gpu_memory_limit_mib"), >, 20000);
    g_assert_true (json_object_has_member (demo_object_of (prod), "in_progress_promotion"));

    g_assert_nonnull (json_object_get_string_member (demo_object_of (me), "user_id"));
  }
}

/* Mode and window rules */

static void
test_mode (DemoFixture   *f,
           gconstpointer  data)
{
  g_autoptr(IscMetricsResponse) current = demo_get_metrics (f, CHAT_D8);
  g_autoptr(DemoResponse) r = demo_request (f, CHAT_D8);
  g_autoptr(JsonNode) node = demo_parse_json (r->body);
  JsonObject *object = demo_object_of (node);

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
    const double *p50 = demo_values_of (current, "baseten_end_to_end_response_time_seconds", 0, &n);

    g_assert_cmpuint (n, ==, 1);
    g_assert_false (isnan (p50[0]));
  }

  /* Upper case only, and nothing else. */
  demo_assert_status (f, CHAT_D8 "?mode=series", 400, "VALIDATION_ERROR", "series");
  demo_assert_status (f, CHAT_D8 "?mode=Summary", 400, "VALIDATION_ERROR", "Summary");
  demo_assert_status (f, CHAT_D8 "?mode=HISTORY", 400, "VALIDATION_ERROR", "HISTORY");
  demo_assert_status (f, CHAT_D8 "?mode=", 400, "VALIDATION_ERROR", NULL);
  demo_assert_status (f, CHAT_D8 "?mode=SERIES&mode=SUMMARY", 400, "VALIDATION_ERROR", "mode");

  {
    g_autoptr(IscMetricsResponse) explicit_current = demo_get_metrics (f, CHAT_D8 "?mode=CURRENT");
    g_autoptr(IscMetricsResponse) summary = demo_get_metrics (f, CHAT_D8 "?mode=SUMMARY");
    g_autoptr(IscMetricsResponse) series = demo_get_metrics (f, CHAT_D8 "?mode=SERIES");

    g_assert_cmpint (isc_metrics_response_get_mode (explicit_current), ==, ISC_MODE_CURRENT);
    g_assert_cmpint (isc_metrics_response_get_mode (summary), ==, ISC_MODE_SUMMARY);
    g_assert_cmpint (isc_metrics_response_get_mode (series), ==, ISC_MODE_SERIES);
  }
}

static void
test_window (DemoFixture   *f,
             gconstpointer  data)
{
  g_autofree char *too_long = demo_window_query ("SERIES", NOW_MS - 7 * DAY_MS - 1, NOW_MS);
  g_autofree char *too_long_path = g_strconcat (CHAT_D8, too_long, NULL);
  g_autofree char *reversed = demo_window_query ("SUMMARY", NOW_MS, NOW_MS - HOUR_MS);
  g_autofree char *reversed_path = g_strconcat (CHAT_D8, reversed, NULL);
  g_autofree char *empty = demo_window_query ("SERIES", NOW_MS - HOUR_MS, NOW_MS - HOUR_MS);
  g_autofree char *empty_path = g_strconcat (CHAT_D8, empty, NULL);

  /* CURRENT is a snapshot: no start, no end. */
  demo_assert_status (f, CHAT_D8 "?start_epoch_millis=1796040000000", 400, "VALIDATION_ERROR", "CURRENT");
  demo_assert_status (f, CHAT_D8 "?mode=CURRENT&end_epoch_millis=1796040000000", 400, "VALIDATION_ERROR", "CURRENT");

  demo_assert_status (f, reversed_path, 400, "VALIDATION_ERROR", NULL);
  demo_assert_status (f, empty_path, 400, "VALIDATION_ERROR", NULL);
  demo_assert_status (f, too_long_path, 400, "VALIDATION_ERROR", "7 days");

  /* Malformed numbers. */
  demo_assert_status (f, CHAT_D8 "?mode=SERIES&start_epoch_millis=12abc", 400, "VALIDATION_ERROR", "start_epoch_millis");
  demo_assert_status (f, CHAT_D8 "?mode=SERIES&start_epoch_millis=", 400, "VALIDATION_ERROR", "start_epoch_millis");
  demo_assert_status (f, CHAT_D8 "?mode=SERIES&start_epoch_millis=-5", 400, "VALIDATION_ERROR", "start_epoch_millis");
  demo_assert_status (f, CHAT_D8 "?mode=SERIES&end_epoch_millis=1.5e12", 400, "VALIDATION_ERROR", "end_epoch_millis");
  demo_assert_status (f, CHAT_D8 "?mode=SERIES&end_epoch_millis=99999999999999999999999", 400, "VALIDATION_ERROR", "end_epoch_millis");

  /* Exactly seven days is allowed. */
  {
    g_autoptr(IscMetricsResponse) week = demo_get_window (f, CHAT_D8, "SERIES", NOW_MS - 7 * DAY_MS, NOW_MS, NULL);

    g_assert_cmpuint (isc_metrics_response_get_n_steps (week), <=, 360);
  }

  /* End defaults to now, start to an hour before the end. */
  {
    g_autoptr(IscMetricsResponse) summary = demo_get_metrics (f, CHAT_D8 "?mode=SUMMARY");
    g_autoptr(IscMetricsResponse) from_end = demo_get_metrics (f, CHAT_D8 "?mode=SUMMARY&end_epoch_millis=1796040000000");

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
test_metrics_param (DemoFixture   *f,
                    gconstpointer  data)
{
  /* Without `metrics`, the default set. */
  {
    g_autoptr(IscMetricsResponse) response = demo_get_metrics (f, CHAT_D8 "?mode=SUMMARY");
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
      demo_get_metrics (f, CHAT_D8 "?mode=SUMMARY&metrics=baseten_gpu_utilization&metrics=baseten_replicas_active"
                               "&metrics=baseten_llm_input_tokens_total");
    const char * const names[] = { "baseten_gpu_utilization", "baseten_replicas_active",
                                   "baseten_llm_input_tokens_total", NULL };

    assert_names (response, names);
  }

  /* An unknown name is a 400 that names it. */
  demo_assert_status (f, CHAT_D8 "?mode=SUMMARY&metrics=baseten_replicas_active&metrics=baseten_nope", 400,
                 "VALIDATION_ERROR", "baseten_nope");
  demo_assert_status (f, CHAT_D8 "?mode=SUMMARY&metrics=baseten_replicas_active,baseten_gpu_utilization", 400,
                 "VALIDATION_ERROR", "baseten_replicas_active,baseten_gpu_utilization");

  /* GPU and LLM metrics are left out where they do not apply. */
  {
    g_autoptr(IscMetricsResponse) cpu =
      demo_get_metrics (f, EMBED_D2 "?mode=SUMMARY&metrics=baseten_gpu_memory_used&metrics=baseten_replicas_active"
                               "&metrics=baseten_gpu_utilization&metrics=baseten_llm_num_requests"
                               "&metrics=baseten_async_queue_size");
    g_autoptr(IscMetricsResponse) async =
      demo_get_metrics (f, BATCH_D4 "?mode=SUMMARY&metrics=baseten_gpu_memory_used&metrics=baseten_llm_num_requests"
                               "&metrics=baseten_async_queue_size");
    g_autoptr(IscMetricsResponse) llm =
      demo_get_metrics (f, CHAT_D8 "?mode=SUMMARY&metrics=baseten_gpu_memory_used&metrics=baseten_llm_num_requests"
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
    g_autoptr(IscMetricsResponse) none = demo_get_metrics (f, EMBED_D2 "?mode=SERIES&metrics=baseten_gpu_utilization");

    g_assert_cmpuint (isc_metrics_response_get_n_metrics (none), ==, 0);
    g_assert_cmpuint (isc_metrics_response_get_n_steps (none), >, 0);
  }
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

  /* One log line per demo_request, with the bytes sent. */
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
  g_test_add_func ("/isc/demo-server/main-context", test_main_context);
  g_test_add_data_func ("/isc/demo-server/binary/sigterm", GINT_TO_POINTER (SIGTERM), test_binary);
  g_test_add_data_func ("/isc/demo-server/binary/sigint", GINT_TO_POINTER (SIGINT), test_binary);
  g_test_add_func ("/isc/demo-server/binary-usage", test_binary_usage);

  return g_test_run ();
}
