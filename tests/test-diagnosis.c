/* test-diagnosis.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The diagnosis banners' decisions, without a display: each raised by
 * the case that should raise it and by none of the healthy ones, from
 * real-shaped discovery bodies and from the demo's discovery and metrics
 * at a fixed moment. And the promotion's status in words. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-demo-fleet-private.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-ids.h"
#include "isc-demo-promotion-private.h"
#include "isc-diagnosis.h"
#include "isc-target-item.h"

#define DEMO_SEED 1
/* Tuesday 2 December 2025, 16:17 UTC (audio-transcription's hourly
 * batch has its replicas at the maximum): a fixed moment, so the demo's
 * traffic and replicas are the same at whatever hour the test runs. */
#define NOW_MS G_GINT64_CONSTANT (1764692220000)

static IscEnvironment *
environment_of (const char *json)
{
  g_autofree char *text = g_strdup_printf ("{\"environments\":[%s]}", json);
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = isc_environments_from_bytes (bytes, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  return isc_environment_ref (g_ptr_array_index (list, 0));
}

static GPtrArray *
deployments_of (const char *json)
{
  g_autofree char *text = g_strdup_printf ("{\"deployments\":[%s]}", json);
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr(GError) error = NULL;
  GPtrArray *list = isc_deployments_from_bytes (bytes, &error);

  g_assert_no_error (error);
  return list;
}

/* A SERIES response of 4 two-minute steps ending at NOW_MS. */
static IscMetricsResponse *
series_response (const char *descriptors,
                 const char *values[4])
{
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;

  g_string_append_printf (json, "{\"mode\":\"SERIES\",\"start_epoch_millis\":%" G_GINT64_FORMAT
                          ",\"end_epoch_millis\":%" G_GINT64_FORMAT ",\"step_seconds\":120,"
                          "\"metric_descriptors\":[%s],\"metric_values\":[",
                          NOW_MS - 480000, NOW_MS, descriptors);
  for (guint i = 0; i < 4; i++)
    g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":%s}",
                            i > 0 ? "," : "", NOW_MS - 480000 + i * 120000, values[i]);
  g_string_append (json, "]}");
  response = isc_metrics_response_new_from_data (json->str, json->len, &error);
  g_assert_no_error (error);
  return response;
}

static const char *replicas_descriptors =
  "{\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]},"
  "{\"name\":\"baseten_replicas_starting\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]},"
  "{\"name\":\"baseten_inference_requests_total\",\"unit_hint\":\"COUNT\",\"kind\":\"COUNTER\","
  " \"label_sets\":[{\"status\":\"200\"},{\"status\":\"429\"},{\"status\":\"500\"}]}";

static GPtrArray *
diagnose (IscEnvironment     *environment,
          IscDeployment      *deployment,
          GPtrArray          *deployments,
          IscMetricsResponse *response)
{
  IscDiagnosisInput input = { environment, deployment, deployments, response, NOW_MS };

  return isc_diagnose (&input);
}

static void
assert_only (GPtrArray        *list,
             IscDiagnosisKind  kind)
{
  if (list->len != 1)
    for (guint i = 0; i < list->len; i++)
      g_printerr ("banner: %s\n", ((IscDiagnosis *) g_ptr_array_index (list, i))->title);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpint (((IscDiagnosis *) g_ptr_array_index (list, 0))->kind, ==, kind);
}

/* production serves v4, unhealthy, while v5 (created later) is active:
 * the banner names both and opens v5. An older active one does not
 * count, nor does a healthy v4. */
static void
test_serving_unhealthy (void)
{
  g_autoptr(IscEnvironment) env = environment_of (
    "{\"name\":\"production\",\"current_deployment\":{\"id\":\"d4\",\"name\":\"v4\",\"status\":\"UNHEALTHY\","
    " \"created_at\":\"2025-11-20T10:00:00Z\"}}");
  g_autoptr(IscEnvironment) healthy = environment_of (
    "{\"name\":\"production\",\"current_deployment\":{\"id\":\"d4\",\"name\":\"v4\",\"status\":\"ACTIVE\","
    " \"created_at\":\"2025-11-20T10:00:00Z\"}}");
  g_autoptr(GPtrArray) deployments = deployments_of (
    "{\"id\":\"d3\",\"name\":\"v3\",\"status\":\"ACTIVE\",\"created_at\":\"2025-11-01T10:00:00Z\"},"
    "{\"id\":\"d4\",\"name\":\"v4\",\"status\":\"UNHEALTHY\",\"created_at\":\"2025-11-20T10:00:00Z\"},"
    "{\"id\":\"d5\",\"name\":\"v5\",\"status\":\"ACTIVE\",\"created_at\":\"2025-11-25T10:00:00Z\"}");
  g_autoptr(GPtrArray) older_only = deployments_of (
    "{\"id\":\"d3\",\"name\":\"v3\",\"status\":\"ACTIVE\",\"created_at\":\"2025-11-01T10:00:00Z\"}");
  g_autoptr(GPtrArray) list = diagnose (env, NULL, deployments, NULL);
  g_autoptr(GPtrArray) none = diagnose (healthy, NULL, deployments, NULL);
  g_autoptr(GPtrArray) none_older = diagnose (env, NULL, older_only, NULL);
  const IscDiagnosis *d;

  assert_only (list, ISC_DIAGNOSIS_SERVING_UNHEALTHY);
  d = g_ptr_array_index (list, 0);
  g_assert_cmpstr (d->title, ==, "production serves v4 (Unhealthy) while the newer v5 is active");
  g_assert_cmpint (d->action, ==, ISC_DIAGNOSIS_ACTION_OPEN_DEPLOYMENT);
  g_assert_cmpstr (d->action_target, ==, "d5");
  g_assert_cmpstr (d->action_label, ==, "Open v5");
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (none_older->len, ==, 0);
}

/* Building for 47 minutes is longer than usual (20); for 5 it is not;
 * waking is read from the metrics: replicas starting, none active. */
static void
test_slow_start (void)
{
  g_autoptr(GPtrArray) slow = deployments_of (
    "{\"id\":\"d9\",\"name\":\"v9\",\"status\":\"BUILDING\",\"created_at\":\"2025-12-02T15:30:00Z\"},"
    "{\"id\":\"d10\",\"name\":\"v10\",\"status\":\"BUILDING\",\"created_at\":\"2025-12-02T16:12:00Z\"},"
    "{\"id\":\"d11\",\"name\":\"v11\",\"status\":\"WAKING_UP\",\"created_at\":\"2025-01-01T00:00:00Z\"}");
  const char *waking[4] = { "[[0],[1],[0,0,0]]", "[[0],[1],[0,0,0]]", "[[0],[1],[0,0,0]]",
                            "[[0],[1],[0,0,0]]" };
  const char *woken[4] = { "[[0],[1],[0,0,0]]", "[[0],[1],[0,0,0]]", "[[1],[0],[5,0,0]]",
                           "[[1],[0],[5,0,0]]" };
  g_autoptr(IscMetricsResponse) r_waking = series_response (replicas_descriptors, waking);
  g_autoptr(IscMetricsResponse) r_woken = series_response (replicas_descriptors, woken);
  g_autoptr(GPtrArray) building = diagnose (NULL, g_ptr_array_index (slow, 0), slow, NULL);
  g_autoptr(GPtrArray) just_started = diagnose (NULL, g_ptr_array_index (slow, 1), slow, NULL);
  g_autoptr(GPtrArray) wakes = diagnose (NULL, g_ptr_array_index (slow, 2), slow, r_waking);
  g_autoptr(GPtrArray) woke = diagnose (NULL, g_ptr_array_index (slow, 2), slow, r_woken);
  const IscDiagnosis *d;

  assert_only (building, ISC_DIAGNOSIS_SLOW_START);
  d = g_ptr_array_index (building, 0);
  g_assert_cmpint (d->duration_s, ==, 47 * 60);
  g_assert_cmpstr (d->title, ==, "v9 has been building for 47\u00a0min, longer than usual");
  g_assert_cmpint (d->action, ==, ISC_DIAGNOSIS_ACTION_OPEN_LOGS);
  g_assert_cmpuint (just_started->len, ==, 0);

  assert_only (wakes, ISC_DIAGNOSIS_SLOW_START);
  d = g_ptr_array_index (wakes, 0);
  g_assert_cmpint (d->duration_s, ==, 8 * 60);
  g_assert_nonnull (strstr (d->title, "waking up for 8\u00a0min"));
  g_assert_cmpuint (woke->len, ==, 0);
}

/* Paused and failed promotions, with Baseten's message as text; one
 * ramping up is no banner but has its words. */
static void
test_promotion (void)
{
  g_autoptr(IscEnvironment) paused = environment_of (
    "{\"name\":\"production\",\"current_deployment\":{\"id\":\"d2\",\"name\":\"v2\",\"status\":\"ACTIVE\"},"
    " \"candidate_deployment\":{\"id\":\"d3\",\"name\":\"v3\",\"status\":\"ACTIVE\"},"
    " \"in_progress_promotion\":{\"status\":\"PAUSED\",\"percent_traffic_to_new_version\":10,"
    "  \"error_message\":\"Error rate above threshold <b>5%</b>\"}}");
  g_autoptr(IscEnvironment) failed = environment_of (
    "{\"name\":\"production\",\"current_deployment\":{\"id\":\"d2\",\"name\":\"v2\",\"status\":\"ACTIVE\"},"
    " \"candidate_deployment\":{\"id\":\"d3\",\"name\":\"v3\",\"status\":\"DEPLOY_FAILED\"},"
    " \"in_progress_promotion\":{\"status\":\"FAILED\",\"percent_traffic_to_new_version\":0,"
    "  \"error_message\":\"Candidate never became ready\"}}");
  g_autoptr(IscEnvironment) ramping = environment_of (
    "{\"name\":\"production\",\"current_deployment\":{\"id\":\"d2\",\"name\":\"v2\",\"status\":\"ACTIVE\"},"
    " \"candidate_deployment\":{\"id\":\"d3\",\"name\":\"v3\",\"status\":\"ACTIVE\"},"
    " \"in_progress_promotion\":{\"status\":\"RAMPING_UP\",\"percent_traffic_to_new_version\":25}}");
  g_autoptr(GPtrArray) l_paused = diagnose (paused, NULL, NULL, NULL);
  g_autoptr(GPtrArray) l_failed = diagnose (failed, NULL, NULL, NULL);
  g_autoptr(GPtrArray) l_ramping = diagnose (ramping, NULL, NULL, NULL);
  g_autofree char *w_paused = isc_promotion_describe (paused);
  g_autofree char *w_failed = isc_promotion_describe (failed);
  g_autofree char *w_ramping = isc_promotion_describe (ramping);
  const IscDiagnosis *d;

  assert_only (l_paused, ISC_DIAGNOSIS_PROMOTION_STOPPED);
  d = g_ptr_array_index (l_paused, 0);
  /* The message as Baseten wrote it: text, not markup. */
  g_assert_cmpstr (d->title, ==, "The promotion of v3 to production is paused: Error rate above threshold <b>5%</b>");
  g_assert_cmpstr (d->action_target, ==, "d3");
  assert_only (l_failed, ISC_DIAGNOSIS_PROMOTION_STOPPED);
  d = g_ptr_array_index (l_failed, 0);
  g_assert_cmpstr (d->title, ==, "The promotion of v3 to production failed: Candidate never became ready");
  g_assert_cmpuint (l_ramping->len, ==, 0);

  g_assert_cmpstr (isc_promotion_status_get_title (ISC_PROMOTION_PAUSED), ==, "Promotion paused");
  g_assert_cmpstr (isc_promotion_status_get_title (ISC_PROMOTION_FAILED), ==, "Promotion failed");
  g_assert_null (isc_promotion_status_get_title (ISC_PROMOTION_NONE));
  g_assert_nonnull (strstr (w_paused, "Promotion paused · v3 · "));
  g_assert_nonnull (strstr (w_paused, ": Error rate above threshold <b>5%</b>"));
  g_assert_nonnull (strstr (w_failed, "Promotion failed · v3 · "));
  g_assert_nonnull (strstr (w_failed, ": Candidate never became ready"));
  g_assert_nonnull (strstr (w_ramping, "Promotion ramping up · v3 · 25"));
}

/* At the maximum in effect: 16 while the schedule applies, so 10
 * replicas then are not at max; 10 of a base of 10 is. */
static void
test_at_max (void)
{
  g_autoptr(IscEnvironment) scheduled = environment_of (
    "{\"name\":\"production\",\"autoscaling_settings\":{\"min_replica\":1,\"max_replica\":10,\"concurrency_target\":2},"
    " \"autoscaling_schedules\":{\"timezone\":\"UTC\",\"schedules\":[{\"id\":\"s\",\"name\":\"peak\",\"enabled\":true,"
    "  \"cadence\":\"DAILY\",\"weekdays\":[\"MONDAY\",\"TUESDAY\",\"WEDNESDAY\",\"THURSDAY\",\"FRIDAY\",\"SATURDAY\",\"SUNDAY\"],"
    "  \"start_hour\":14,\"start_minute\":0,\"end_hour\":19,\"end_minute\":0,"
    "  \"autoscaling_settings\":{\"min_replica\":4,\"max_replica\":16}}],"
    "  \"applied_state\":{\"schedule_id\":\"s\",\"autoscaling_settings\":{\"min_replica\":4,\"max_replica\":16,\"concurrency_target\":2}}}}");
  g_autoptr(IscEnvironment) base = environment_of (
    "{\"name\":\"production\",\"autoscaling_settings\":{\"min_replica\":1,\"max_replica\":10,\"concurrency_target\":2}}");
  const char *ten[4] = { "[[9],[0],[5,0,0]]", "[[10],[0],[5,0,0]]", "[[10],[0],[5,0,0]]",
                         "[[10],[0],[5,0,0]]" };
  g_autoptr(IscMetricsResponse) response = series_response (replicas_descriptors, ten);
  g_autoptr(GPtrArray) l_scheduled = diagnose (scheduled, NULL, NULL, response);
  g_autoptr(GPtrArray) l_base = diagnose (base, NULL, NULL, response);

  g_assert_cmpuint (l_scheduled->len, ==, 0);
  assert_only (l_base, ISC_DIAGNOSIS_AT_MAX);
  g_assert_nonnull (strstr (((IscDiagnosis *) g_ptr_array_index (l_base, 0))->title, "maximum in effect, 10"));
  g_assert_true (isc_diagnosis_replicas_at_max (10, 10));
  g_assert_false (isc_diagnosis_replicas_at_max (9.5, 10));
  g_assert_false (isc_diagnosis_replicas_at_max (10, 0));
  g_assert_false (isc_diagnosis_replicas_at_max (1, 1));
}

/* REJECT_ON_FULL with 429s in the range; the same 429s under
 * QUEUE_ON_FULL, or the policy without 429s, say nothing. */
static void
test_refusing (void)
{
  g_autoptr(IscEnvironment) reject = environment_of (
    "{\"name\":\"production\",\"request_backpressure_settings\":{\"policy\":\"REJECT_ON_FULL\"}}");
  g_autoptr(IscEnvironment) queue = environment_of (
    "{\"name\":\"production\",\"request_backpressure_settings\":{\"policy\":\"QUEUE_ON_FULL\"}}");
  const char *refused[4] = { "[[2],[0],[50,0,0]]", "[[2],[0],[50,7,0]]", "[[2],[0],[50,0,0]]",
                             "[[2],[0],[50,null,0]]" };
  const char *fine[4] = { "[[2],[0],[50,0,0]]", "[[2],[0],[50,0,1]]", "[[2],[0],[50,0,0]]",
                          "[[2],[0],[50,0,0]]" };
  g_autoptr(IscMetricsResponse) r_refused = series_response (replicas_descriptors, refused);
  g_autoptr(IscMetricsResponse) r_fine = series_response (replicas_descriptors, fine);
  g_autoptr(GPtrArray) l_reject = diagnose (reject, NULL, NULL, r_refused);
  g_autoptr(GPtrArray) l_queue = diagnose (queue, NULL, NULL, r_refused);
  g_autoptr(GPtrArray) l_fine = diagnose (reject, NULL, NULL, r_fine);

  assert_only (l_reject, ISC_DIAGNOSIS_REFUSING);
  g_assert_nonnull (strstr (((IscDiagnosis *) g_ptr_array_index (l_reject, 0))->title, "7 answered 429"));
  g_assert_cmpuint (l_queue->len, ==, 0);
  g_assert_cmpuint (l_fine->len, ==, 0);
}

/* The demo at a fixed moment */

static GPtrArray *
decode_list (const char *member,
             JsonNode   *element)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *list;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  json_builder_add_value (b, element);
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  text = json_to_string (root, FALSE);
  bytes = g_bytes_new (text, strlen (text));
  list = g_str_equal (member, "environments") ? isc_environments_from_bytes (bytes, &error)
                                              : isc_deployments_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  return list;
}

static IscMetricsResponse *
demo_metrics (const IscDemoDeployment  *dep,
              const IscDemoEnvironment *env)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  IscDemoMetricsRequest request = { 0 };
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;

  g_ptr_array_add (names, (gpointer) "baseten_replicas_active");
  g_ptr_array_add (names, (gpointer) "baseten_replicas_starting");
  g_ptr_array_add (names, (gpointer) "baseten_inference_requests_total");
  request.mode = ISC_MODE_SERIES;
  request.now_ms = NOW_MS;
  request.end_ms = NOW_MS;
  request.start_ms = NOW_MS - 3600 * 1000;
  request.metrics = names;
  body = _isc_demo_generator_build (DEMO_SEED, dep, env, &request);
  response = isc_metrics_response_new_from_data (g_bytes_get_data (body, NULL), g_bytes_get_size (body), &error);
  g_assert_no_error (error);
  return response;
}

/* Which banners each demo target raises over the hour to NOW_MS:
 * text-embeddings' production its paused promotion and its refusals,
 * its v2 the refusals, audio-transcription's production and v4 the
 * maximum (its hourly batch), realtime-voice's production and v5 the
 * maximum (5, near the afternoon peak), its production also serving the
 * unhealthy v5 while v6 is active, its v6-hotfix building for 47 minutes; every
 * other target none (chat's production is below the 16 its afternoon
 * schedule allows). */
static guint
expected_banners (const char *model_id,
                  const char *target,
                  gboolean    is_environment)
{
  if (g_str_equal (model_id, ISC_DEMO_MODEL_EMBED) && is_environment && g_str_equal (target, "production"))
    return 1u << ISC_DIAGNOSIS_PROMOTION_STOPPED | 1u << ISC_DIAGNOSIS_REFUSING;
  if (g_str_equal (target, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION))
    return 1u << ISC_DIAGNOSIS_REFUSING;
  if (g_str_equal (model_id, ISC_DEMO_MODEL_STREAM) && is_environment && g_str_equal (target, "production"))
    return 1u << ISC_DIAGNOSIS_SERVING_UNHEALTHY | 1u << ISC_DIAGNOSIS_AT_MAX;
  if (g_str_equal (target, ISC_DEMO_DEPLOYMENT_STREAM_BUILDING))
    return 1u << ISC_DIAGNOSIS_SLOW_START;
  if ((g_str_equal (model_id, ISC_DEMO_MODEL_BATCH) || g_str_equal (model_id, ISC_DEMO_MODEL_STREAM)) &&
      ((is_environment && g_str_equal (target, "production")) ||
       g_str_equal (target, ISC_DEMO_DEPLOYMENT_BATCH_PRODUCTION) ||
       g_str_equal (target, ISC_DEMO_DEPLOYMENT_STREAM_PRODUCTION)))
    return 1u << ISC_DIAGNOSIS_AT_MAX;
  return 0;
}

static guint
kinds_of (GPtrArray *list)
{
  guint kinds = 0;

  for (guint i = 0; i < list->len; i++)
    {
      IscDiagnosis *d = g_ptr_array_index (list, i);

      g_test_message ("banner: %s", d->title);
      kinds |= 1u << d->kind;
    }
  return kinds;
}

static void
test_demo (void)
{
  guint n_models = 0;
  const IscDemoModel *models = _isc_demo_fleet_get_models (&n_models);
  guint n_checked = 0;

  for (guint m = 0; m < n_models; m++)
    {
      g_autoptr(GPtrArray) deps = _isc_demo_fleet_list_deployments (&models[m]);
      g_autoptr(GPtrArray) envs = _isc_demo_fleet_list_environments (&models[m]);
      g_autoptr(GPtrArray) decoded = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_deployment_unref);

      for (guint i = 0; i < deps->len; i++)
        {
          const IscDemoDeployment *dep = deps->pdata[i];
          guint active = _isc_demo_generator_replicas_now (dep, DEMO_SEED, NOW_MS / 1000);
          g_autoptr(GPtrArray) one = decode_list ("deployments",
                                                  _isc_demo_fleet_deployment_json (dep, DEMO_SEED, NOW_MS / 1000, active));

          g_ptr_array_add (decoded, isc_deployment_ref (g_ptr_array_index (one, 0)));
        }

      for (guint i = 0; i < deps->len; i++)
        {
          const IscDemoDeployment *dep = deps->pdata[i];
          g_autoptr(IscMetricsResponse) response = demo_metrics (dep, NULL);
          g_autoptr(GPtrArray) list = diagnose (NULL, g_ptr_array_index (decoded, i), decoded, response);

          g_test_message ("%s", dep->id);
          g_assert_cmphex (kinds_of (list), ==, expected_banners (models[m].id, dep->id, FALSE));
          if (g_str_equal (dep->id, ISC_DEMO_DEPLOYMENT_STREAM_BUILDING))
            g_assert_cmpstr (((IscDiagnosis *) g_ptr_array_index (list, 0))->title, ==,
                             "v6-hotfix has been building for 47\u00a0min, longer than usual");
          n_checked++;
        }

      for (guint i = 0; i < envs->len; i++)
        {
          const IscDemoEnvironment *env = envs->pdata[i];
          const IscDemoDeployment *current = _isc_demo_fleet_serving (env, DEMO_SEED, NOW_MS / 1000, NOW_MS / 1000);
          const IscDemoDeployment *candidate = _isc_demo_fleet_candidate (env);
          guint active = _isc_demo_generator_replicas_now (current, DEMO_SEED, NOW_MS / 1000);
          guint candidate_active = candidate != NULL ? _isc_demo_generator_replicas_now (candidate, DEMO_SEED, NOW_MS / 1000) : 0;
          g_autoptr(GPtrArray) one = decode_list ("environments",
                                                  _isc_demo_fleet_environment_json (env, DEMO_SEED, NOW_MS / 1000,
                                                                                    active, candidate_active));
          g_autoptr(IscMetricsResponse) response = demo_metrics (NULL, env);
          g_autoptr(GPtrArray) list = diagnose (g_ptr_array_index (one, 0), NULL, decoded, response);
          IscEnvironment *decoded_env = g_ptr_array_index (one, 0);

          g_test_message ("%s %s", models[m].id, env->name);
          g_assert_cmphex (kinds_of (list), ==, expected_banners (models[m].id, env->name, TRUE));
          n_checked++;

          if (expected_banners (models[m].id, env->name, TRUE) & (1u << ISC_DIAGNOSIS_SERVING_UNHEALTHY))
            {
              const IscDiagnosis *d = isc_diagnosis_list_find (list, ISC_DIAGNOSIS_SERVING_UNHEALTHY);

              g_assert_cmpstr (d->title, ==, "production serves v5 (Unhealthy) while the newer v6 is active");
              g_assert_cmpstr (d->action_target, ==, ISC_DEMO_DEPLOYMENT_STREAM_NEXT);
            }

          /* The paused promotion, with Baseten's message. */
          if (expected_banners (models[m].id, env->name, TRUE) & (1u << ISC_DIAGNOSIS_PROMOTION_STOPPED))
            {
              const IscDiagnosis *d = isc_diagnosis_list_find (list, ISC_DIAGNOSIS_PROMOTION_STOPPED);

              g_assert_cmpint (decoded_env->promotion, ==, ISC_PROMOTION_PAUSED);
              g_assert_nonnull (strstr (d->title, ISC_DEMO_PROMOTION_MESSAGE));
              g_assert_cmpstr (d->action_target, ==, ISC_DEMO_PROMOTION_CANDIDATE);
            }
        }
    }
  g_assert_cmpuint (n_checked, >=, 16);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/diagnosis/serving-unhealthy", test_serving_unhealthy);
  g_test_add_func ("/isc/diagnosis/slow-start", test_slow_start);
  g_test_add_func ("/isc/diagnosis/promotion", test_promotion);
  g_test_add_func ("/isc/diagnosis/at-max", test_at_max);
  g_test_add_func ("/isc/diagnosis/refusing", test_refusing);
  g_test_add_func ("/isc/diagnosis/demo", test_demo);

  return g_test_run ();
}
