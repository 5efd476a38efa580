/* test-alert-evaluator.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Background alerts: a rule fires only when every step of its last N
 * minutes breaks the threshold, nulls and late steps do not count, and
 * against the simulated API's daily 5xx incident a rule fires once as
 * the incident starts, keeps firing without a repeat, and resolves once
 * after it.
 */

#include "config.h"

#include <string.h>

#include <math.h>

#include "isc-alert-evaluator.h"
#include "isc-client.h"
#include "isc-demo-server.h"
#include "isc-test-util.h"

#define SEED   42
/* 2026-11-30 15:17:12.345 UTC, as the demo tests use. */
#define NOW_MS G_GINT64_CONSTANT (1796051832345)
#define MIN_MS G_GINT64_CONSTANT (60000)
#define REQUESTS "baseten_inference_requests_total"

static IscTarget *
chat_production (void)
{
  return isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, ISC_DEMO_ENVIRONMENT_PRODUCTION,
                         "demo-chat", "production");
}

/* A SERIES response of 60 s steps with one metric, from a text of step
 * values: each step's label sets separated by ',', steps by ';', "n"
 * for null. */
static IscMetricsResponse *
make_response (const char *metric,
               const char *kind,
               const char *label_sets,
               const char *steps)
{
  g_auto(GStrv) parts = g_strsplit (steps, ";", -1);
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  guint n = g_strv_length (parts);
  IscMetricsResponse *response;
  const gint64 start = 1764547200000;

  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT ","
                          "\"mode\":\"SERIES\",\"step_seconds\":60,\"metric_descriptors\":[{\"name\":\"%s\","
                          "\"unit_hint\":\"COUNT\",\"kind\":\"%s\",\"label_sets\":[%s]}],\"metric_values\":[",
                          start, start + (gint64) n * MIN_MS, metric, kind, label_sets);
  for (guint i = 0; i < n; i++)
    {
      g_auto(GStrv) values = g_strsplit (parts[i], ",", -1);

      g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[[",
                              i > 0 ? "," : "", start + (gint64) i * MIN_MS);
      for (guint v = 0; values[v] != NULL; v++)
        g_string_append_printf (json, "%s%s", v > 0 ? "," : "",
                                g_str_equal (values[v], "n") ? "null" : values[v]);
      g_string_append (json, "]]}");
    }
  g_string_append (json, "]}");

  response = isc_metrics_response_new_from_data (json->str, -1, &error);
  g_assert_no_error (error);
  return response;
}

typedef struct
{
  const char        *name;
  IscAlertKind       kind;
  double             threshold;
  guint              minutes;
  gint64             max_replicas;
  const char        *steps;
  IscAlertCondition  expected;
  double             value;     /* at the latest complete step */
  guint              last_step; /* its index */
} ConditionCase;

static const ConditionCase condition_cases[] = {
  /* 5xx share: requests by status 2xx, 5xx. */
  { "share-holds", ISC_ALERT_KIND_ERROR_SHARE, 0.01, 3, 0, "100,0;90,10;90,10;90,10", ISC_ALERT_FIRING, 0.1, 3 },
  { "share-one-step-below", ISC_ALERT_KIND_ERROR_SHARE, 0.01, 3, 0, "90,10;100,0;90,10;90,10", ISC_ALERT_CLEAR, 0.1, 3 },
  { "share-at-threshold-is-not-above", ISC_ALERT_KIND_ERROR_SHARE, 0.1, 2, 0, "90,10;90,10", ISC_ALERT_CLEAR, 0.1, 1 },
  /* A step without requests has no share: it does not count as firing. */
  { "share-quiet-step", ISC_ALERT_KIND_ERROR_SHARE, 0.01, 3, 0, "90,10;0,0;90,10;90,10", ISC_ALERT_CLEAR, 0.1, 3 },
  /* Late steps are not yet complete: the window ends before them. */
  { "share-late-steps", ISC_ALERT_KIND_ERROR_SHARE, 0.01, 2, 0, "100,0;90,10;90,10;n,n;n,n", ISC_ALERT_FIRING, 0.1, 2 },
  { "share-too-few-steps", ISC_ALERT_KIND_ERROR_SHARE, 0.01, 5, 0, "90,10;90,10;90,10", ISC_ALERT_UNKNOWN, NAN, 0 },
  { "share-nothing-yet", ISC_ALERT_KIND_ERROR_SHARE, 0.01, 1, 0, "n,n;n,n", ISC_ALERT_UNKNOWN, NAN, 0 },
  /* p95 latency: quantiles 0.5, 0.95. */
  { "p95-holds", ISC_ALERT_KIND_LATENCY_P95, 2.0, 2, 0, "1,1;1,2.5;1,3", ISC_ALERT_FIRING, 3.0, 2 },
  { "p95-median-is-not-p95", ISC_ALERT_KIND_LATENCY_P95, 2.0, 2, 0, "3,1;3,1", ISC_ALERT_CLEAR, 1.0, 1 },
  { "p95-null-before-window", ISC_ALERT_KIND_LATENCY_P95, 2.0, 3, 0, "1,n;1,3;1,3;1,3", ISC_ALERT_FIRING, 3.0, 3 },
  { "p95-null-in-window", ISC_ALERT_KIND_LATENCY_P95, 2.0, 3, 0, "1,3;1,3;n,n;1,3;1,3", ISC_ALERT_CLEAR, 3.0, 4 },
  /* Replicas at the autoscaling maximum. */
  { "replicas-at-max", ISC_ALERT_KIND_REPLICAS_AT_MAX, 0, 3, 6, "4;6;6;6", ISC_ALERT_FIRING, 6.0, 3 },
  { "replicas-below-max", ISC_ALERT_KIND_REPLICAS_AT_MAX, 0, 3, 6, "6;6;5;6", ISC_ALERT_CLEAR, 6.0, 3 },
  { "replicas-no-max", ISC_ALERT_KIND_REPLICAS_AT_MAX, 0, 1, 0, "6;6", ISC_ALERT_UNKNOWN, NAN, 0 },
};

static void
test_condition (gconstpointer data)
{
  const ConditionCase *c = data;
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(IscAlertRule) rule = isc_alert_rule_new (target, c->kind, c->threshold, c->minutes);
  g_autoptr(IscMetricsResponse) response = NULL;
  double value;
  gint64 time_ms;

  switch (c->kind)
    {
    case ISC_ALERT_KIND_ERROR_SHARE:
      response = make_response (REQUESTS, "COUNTER", "{\"status\":\"2xx\"},{\"status\":\"5xx\"}", c->steps);
      break;
    case ISC_ALERT_KIND_LATENCY_P95:
      response = make_response ("baseten_end_to_end_response_time_seconds", "HISTOGRAM",
                                "{\"quantile\":\"0.5\"},{\"quantile\":\"0.95\"}", c->steps);
      break;
    case ISC_ALERT_KIND_REPLICAS_AT_MAX:
    default:
      response = make_response ("baseten_replicas_active", "GAUGE", "{}", c->steps);
      break;
    }

  g_assert_cmpint (isc_alert_evaluate (rule, response, c->max_replicas, &value, &time_ms), ==, c->expected);
  if (isnan (c->value))
    {
      g_assert_true (isnan (value));
      return;
    }
  g_assert_cmpfloat_with_epsilon (value, c->value, 1e-9);
  g_assert_cmpint (time_ms, ==, isc_metrics_response_get_step_start_ms (response, c->last_step));
}

/* A response without the rule's metric says nothing. */
static void
test_missing_metric (void)
{
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(IscAlertRule) rule = isc_alert_rule_new (target, ISC_ALERT_KIND_LATENCY_P95, 2, 1);
  g_autoptr(IscMetricsResponse) response = make_response ("baseten_replicas_active", "GAUGE", "{}", "6;6");

  g_assert_cmpint (isc_alert_evaluate (rule, response, 6, NULL, NULL), ==, ISC_ALERT_UNKNOWN);
  g_assert_cmpint (isc_alert_evaluate (rule, NULL, 6, NULL, NULL), ==, ISC_ALERT_UNKNOWN);
}

typedef struct
{
  guint  fired;
  guint  resolved;
  double fired_value;
  gint64 fired_ms;
  gint64 resolved_ms;
} Transitions;

static void
fired_cb (IscAlertEvaluator  *evaluator,
          const IscAlertRule *rule,
          double              value,
          gint64              time_ms,
          Transitions        *t)
{
  t->fired++;
  t->fired_value = value;
  t->fired_ms = time_ms;
}

static void
resolved_cb (IscAlertEvaluator  *evaluator,
             const IscAlertRule *rule,
             double              value,
             gint64              time_ms,
             Transitions        *t)
{
  t->resolved++;
  t->resolved_ms = time_ms;
}

/* Transitions only: the same state again emits nothing; UNKNOWN keeps
 * the state; a forgotten rule starts over. */
static void
test_transitions (void)
{
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(IscAlertRule) rule = isc_alert_rule_new (target, ISC_ALERT_KIND_ERROR_SHARE, 0.01, 2);
  g_autoptr(IscAlertEvaluator) evaluator = isc_alert_evaluator_new ();
  g_autoptr(IscMetricsResponse) bad = make_response (REQUESTS, "COUNTER", "{\"status\":\"2xx\"},{\"status\":\"5xx\"}",
                                                     "90,10;90,10;90,10");
  g_autoptr(IscMetricsResponse) good = make_response (REQUESTS, "COUNTER", "{\"status\":\"2xx\"},{\"status\":\"5xx\"}",
                                                      "90,10;100,0;100,0");
  g_autoptr(IscMetricsResponse) late = make_response (REQUESTS, "COUNTER", "{\"status\":\"2xx\"},{\"status\":\"5xx\"}",
                                                      "n,n;n,n");
  Transitions t = { 0 };

  g_signal_connect (evaluator, "fired", G_CALLBACK (fired_cb), &t);
  g_signal_connect (evaluator, "resolved", G_CALLBACK (resolved_cb), &t);

  g_assert_cmpint (isc_alert_evaluator_update (evaluator, rule, good, 0), ==, ISC_ALERT_CLEAR);
  g_assert_cmpuint (t.resolved, ==, 0);  /* never fired: nothing to resolve */

  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (isc_alert_evaluator_update (evaluator, rule, bad, 0), ==, ISC_ALERT_FIRING);
  g_assert_cmpuint (t.fired, ==, 1);
  g_assert_cmpfloat_with_epsilon (t.fired_value, 0.1, 1e-9);
  g_assert_cmpint (t.fired_ms, ==, isc_metrics_response_get_step_start_ms (bad, 2));
  g_assert_true (isc_alert_evaluator_is_firing (evaluator, rule));

  g_assert_cmpint (isc_alert_evaluator_update (evaluator, rule, late, 0), ==, ISC_ALERT_UNKNOWN);
  g_assert_true (isc_alert_evaluator_is_firing (evaluator, rule));
  g_assert_cmpuint (t.resolved, ==, 0);

  isc_alert_evaluator_update (evaluator, rule, good, 0);
  isc_alert_evaluator_update (evaluator, rule, good, 0);
  g_assert_cmpuint (t.resolved, ==, 1);
  g_assert_false (isc_alert_evaluator_is_firing (evaluator, rule));

  isc_alert_evaluator_update (evaluator, rule, bad, 0);
  g_assert_cmpuint (t.fired, ==, 2);
  isc_alert_evaluator_forget (evaluator, rule);
  g_assert_false (isc_alert_evaluator_is_firing (evaluator, rule));
  isc_alert_evaluator_update (evaluator, rule, bad, 0);
  g_assert_cmpuint (t.fired, ==, 3);
  g_assert_cmpuint (t.resolved, ==, 1);
}

static void
fetch_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  IscMetricsResponse **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &error);
  g_assert_no_error (error);
}

static IscMetricsResponse *
fetch (IscClient       *client,
       const IscTarget *target,
       gint64           start_ms,
       gint64           end_ms)
{
  static const char * const metrics[] = { REQUESTS, NULL };
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (start_ms, end_ms);
  g_autoptr(IscQuery) query = isc_target_make_query (target, ISC_MODE_SERIES, range, metrics);
  IscMetricsResponse *response = NULL;

  isc_client_fetch_metrics_async (client, query, NULL, fetch_cb, &response);
  g_assert_true (test_wait_for (test_pointer_is_set, &response));
  return response;
}

/* The demo's production environment has a 5xx incident of about 25
 * minutes once a day. Refreshing every 2 minutes over it, as the app
 * would, "5xx share above 1 % for 5 minutes" fires once inside it and
 * resolves once after its peak. */
static void
test_demo_incident (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (SEED, NULL);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(IscAlertRule) rule = isc_alert_rule_new (target, ISC_ALERT_KIND_ERROR_SHARE, 0.01, 5);
  g_autoptr(IscAlertEvaluator) evaluator = isc_alert_evaluator_new ();
  g_autoptr(IscMetricsResponse) day = NULL;
  g_autoptr(GError) error = NULL;
  gint64 peak_ms;
  guint n_firing = 0;
  Transitions t = { 0 };

  isc_demo_server_set_now_ms (server, NOW_MS);
  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);

  /* Where the incident is in the last day. */
  day = fetch (client, target, NOW_MS - 24 * 60 * MIN_MS, NOW_MS);
  peak_ms = test_peak_5xx_ms (day);
  /* Not at the window's start: there is a quiet hour before it (the
   * server's clock moves past NOW_MS for the hour after). */
  g_assert_cmpint (peak_ms, >, NOW_MS - 23 * 60 * MIN_MS);

  g_signal_connect (evaluator, "fired", G_CALLBACK (fired_cb), &t);
  g_signal_connect (evaluator, "resolved", G_CALLBACK (resolved_cb), &t);

  for (gint64 now = peak_ms - 50 * MIN_MS; now <= peak_ms + 50 * MIN_MS; now += 2 * MIN_MS)
    {
      g_autoptr(IscMetricsResponse) r = NULL;

      isc_demo_server_set_now_ms (server, now);
      r = fetch (client, target, now - 30 * MIN_MS, now);
      if (isc_alert_evaluator_update (evaluator, rule, r, 0) == ISC_ALERT_FIRING)
        n_firing++;
    }

  /* Fired once as the incident built up, and said so with its share. */
  g_assert_cmpuint (t.fired, ==, 1);
  g_assert_cmpfloat (t.fired_value, >, 0.01);
  g_assert_cmpint (t.fired_ms, >, peak_ms - 25 * MIN_MS);
  g_assert_cmpint (t.fired_ms, <=, peak_ms + 5 * MIN_MS);
  /* Several refreshes kept firing, with no repeat. */
  g_assert_cmpuint (n_firing, >=, 3);
  /* Resolved once, after the peak and within the incident's length. */
  g_assert_cmpuint (t.resolved, ==, 1);
  g_assert_cmpint (t.resolved_ms, >, peak_ms);
  g_assert_cmpint (t.resolved_ms, <, peak_ms + 25 * MIN_MS);
  g_assert_false (isc_alert_evaluator_is_firing (evaluator, rule));

  isc_demo_server_stop (server);
}

/* "At max" against the maximum in effect at each step: 6 replicas are at
 * the base maximum of 6, but not from 00:02, where a schedule raised it
 * to 16. */
static void
test_max_in_effect (void)
{
  const char *json =
    "{\"environments\":[{\"name\":\"production\","
    " \"autoscaling_settings\":{\"min_replica\":1,\"max_replica\":6,\"concurrency_target\":2},"
    " \"autoscaling_schedules\":{\"timezone\":\"UTC\",\"schedules\":[{\"id\":\"s\",\"name\":\"launch\","
    "  \"enabled\":true,\"cadence\":\"ONE_TIME\",\"start_at\":\"2025-12-01T00:02:00Z\","
    "  \"end_at\":\"2025-12-01T01:00:00Z\",\"autoscaling_settings\":{\"min_replica\":2,\"max_replica\":16}}],"
    "  \"applied_state\":null}}]}";
  g_autoptr(GBytes) bytes = g_bytes_new_static (json, strlen (json));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) environments = isc_environments_from_bytes (bytes, &error);
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(IscAlertRule) rule = isc_alert_rule_new (target, ISC_ALERT_KIND_REPLICAS_AT_MAX, 0, 3);
  g_autoptr(IscMetricsResponse) response = make_response ("baseten_replicas_active", "GAUGE", "{}", "6;6;6;6");

  g_assert_no_error (error);
  g_assert_cmpint (isc_alert_evaluate (rule, response, 6, NULL, NULL), ==, ISC_ALERT_FIRING);
  g_assert_cmpint (isc_alert_evaluate_in_effect (rule, response, 6, g_ptr_array_index (environments, 0), NULL, NULL),
                   ==, ISC_ALERT_CLEAR);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (condition_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/alert-evaluator/condition/%s", condition_cases[i].name);

      g_test_add_data_func (path, &condition_cases[i], test_condition);
    }
  g_test_add_func ("/isc/alert-evaluator/missing-metric", test_missing_metric);
  g_test_add_func ("/isc/alert-evaluator/max-in-effect", test_max_in_effect);
  g_test_add_func ("/isc/alert-evaluator/transitions", test_transitions);
  g_test_add_func ("/isc/alert-evaluator/demo-incident", test_demo_incident);

  return g_test_run ();
}
