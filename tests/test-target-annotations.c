/* test-target-annotations.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A target's annotations with the audit log's events: each event in the
 * window is a marker at its time, labelled as isc_event_dup_label() says,
 * and replaces the promotion the metrics' split would reveal; without
 * events (the audit log refused) the inferred marker stays. From the
 * demo's discovery, metrics and audit log, decoded as the app decodes
 * them.
 */

#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "isc-audit-log-decoder.h"
#include "isc-demo-audit-private.h"
#include "isc-demo-fleet-private.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-ids.h"
#include "isc-target-annotations.h"

#define SEED    1
#define NOW_MS  G_GINT64_CONSTANT (1796051832345)  /* 2026-11-30 15:17 UTC */
#define HOUR_MS G_GINT64_CONSTANT (3600000)

static GBytes *
list_bytes (const char *member,
            JsonNode   *node)
{
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonArray) array = json_array_new ();
  g_autofree char *text = NULL;

  json_array_add_element (array, node);
  json_object_set_array_member (object, member, g_steal_pointer (&array));
  json_node_set_object (root, object);
  text = json_to_string (root, FALSE);
  return g_bytes_new (text, strlen (text));
}

static IscEnvironment *
demo_environment (void)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  const IscDemoEnvironment *env = _isc_demo_fleet_lookup_environment (model, ISC_DEMO_ENVIRONMENT_PRODUCTION);
  g_autoptr(GBytes) bytes = list_bytes ("environments",
                                        _isc_demo_fleet_environment_json (env, SEED, NOW_MS / 1000, 3, 0));
  g_autoptr(GPtrArray) environments = NULL;
  g_autoptr(GError) error = NULL;

  environments = isc_environments_from_bytes (bytes, &error);
  g_assert_no_error (error);
  return isc_environment_ref (g_ptr_array_index (environments, 0));
}

static IscDeployment *
demo_deployment (const char *id)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  const IscDemoDeployment *dep = _isc_demo_fleet_lookup_deployment (model, id);
  g_autoptr(GBytes) bytes = list_bytes ("deployments", _isc_demo_fleet_deployment_json (dep, SEED, NOW_MS / 1000, 3));
  g_autoptr(GPtrArray) deployments = NULL;
  g_autoptr(GError) error = NULL;

  deployments = isc_deployments_from_bytes (bytes, &error);
  g_assert_no_error (error);
  return isc_deployment_ref (g_ptr_array_index (deployments, 0));
}

static IscMetricsResponse *
demo_response (const IscDemoDeployment  *dep,
               const IscDemoEnvironment *env,
               gint64                    start_ms)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  IscDemoMetricsRequest request = { 0 };
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;

  g_ptr_array_add (names, (gpointer) "baseten_replicas_active");
  request.mode = ISC_MODE_SERIES;
  request.now_ms = NOW_MS;
  request.end_ms = NOW_MS;
  request.start_ms = start_ms;
  request.metrics = names;
  body = _isc_demo_generator_build (SEED, dep, env, &request);
  response = isc_metrics_response_new_from_data (g_bytes_get_data (body, NULL), g_bytes_get_size (body), &error);
  g_assert_no_error (error);
  return response;
}

/* The demo's audit log over the window, as a page the app decodes. */
static GPtrArray *
demo_events (gint64 start_ms)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  g_autoptr(GArray) entries = _isc_demo_audit_entries (SEED, model, NOW_MS / 1000, start_ms, NOW_MS);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  g_autoptr(IscAuditLogPage) page = NULL;
  g_autoptr(GError) error = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "items");
  json_builder_begin_array (b);
  for (guint i = 0; i < entries->len; i++)
    json_builder_add_value (b, _isc_demo_audit_entry_json (&g_array_index (entries, IscDemoAuditEntry, i), model));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "pagination");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "has_more");
  json_builder_add_boolean_value (b, FALSE);
  json_builder_end_object (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  text = json_to_string (root, FALSE);
  page = isc_audit_log_decode (text, strlen (text), &error);
  g_assert_no_error (error);
  return g_ptr_array_ref (page->events);
}

static GListModel *
list_of (GPtrArray *events)
{
  GListStore *store = g_list_store_new (ISC_TYPE_EVENT);

  for (guint i = 0; i < events->len; i++)
    g_list_store_append (store, events->pdata[i]);
  return G_LIST_MODEL (store);
}

static guint
count_markers (IscChartAnnotations *annotations,
               gint64               time_ms,
               const char          *label)
{
  const IscChartMarker *markers;
  guint n = 0, found = 0;

  markers = isc_chart_annotations_get_markers (annotations, &n);
  for (guint i = 0; i < n; i++)
    if ((time_ms < 0 || markers[i].time_ms == time_ms) &&
        (label == NULL || g_strcmp0 (markers[i].label, label) == 0))
      found++;
  return found;
}

/* Production over 26 hours: the audit log's promotion where the metrics
 * split, the autoscaling change, the restarts of what served it; no
 * inferred "v8 promoted"; without events, the inferred one. */
static void
test_environment (void)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  const IscDemoEnvironment *env = _isc_demo_fleet_lookup_environment (model, ISC_DEMO_ENVIRONMENT_PRODUCTION);
  gint64 start_ms = NOW_MS - 26 * HOUR_MS;
  gint64 promotion_ms = _isc_demo_fleet_promotion_time (SEED, NOW_MS / 1000) * 1000;
  g_autoptr(IscEnvironment) environment = demo_environment ();
  g_autoptr(IscMetricsResponse) response = demo_response (NULL, env, start_ms);
  g_autoptr(GPtrArray) all = demo_events (start_ms);
  g_autoptr(GPtrArray) selected = isc_event_select_for_target (all, ISC_TARGET_ENVIRONMENT, "production",
                                                                ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS,
                                                                ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, NULL);
  g_autoptr(GListModel) events = list_of (selected);
  g_autoptr(GPtrArray) empty = g_ptr_array_new ();
  g_autoptr(GListModel) none = list_of (empty);
  g_autoptr(IscChartAnnotations) with = NULL;
  g_autoptr(IscChartAnnotations) without = NULL;
  g_autoptr(IscChartAnnotations) nothing = NULL;
  gint64 window_start = isc_metrics_response_get_start_ms (response);
  gint64 window_end = isc_metrics_response_get_end_ms (response);
  guint n_in_window = 0;

  g_assert_cmpuint (selected->len, >, 2);
  with = isc_target_annotations_new_for_environment_with_events (environment, response, NOW_MS, events);
  g_assert_cmpuint (count_markers (with, promotion_ms, "v8 promoted to production"), ==, 1);
  g_assert_cmpuint (count_markers (with, -1, "v8 promoted"), ==, 0);
  g_assert_cmpuint (count_markers (with, -1, "concurrency target 4 → 6"), ==, 1);

  /* Each event of the window is a marker at its time; the limits stay. */
  for (guint i = 0; i < selected->len; i++)
    {
      IscEvent *event = selected->pdata[i];
      g_autofree char *label = isc_event_dup_label (event);
      gint64 t = isc_event_get_time_ms (event);

      if (t < window_start || t > window_end)
        continue;
      n_in_window++;
      g_assert_cmpuint (count_markers (with, t, label), >=, 1);
    }
  g_assert_cmpuint (n_in_window, >, 2);

  /* The audit log refused: the promotion the split reveals. */
  without = isc_target_annotations_new_for_environment_with_events (environment, response, NOW_MS, NULL);
  /* The limits are the same either way. */
  g_assert_cmpfloat (isc_chart_annotations_get_limit (with, ISC_CHART_LIMIT_MAX_REPLICAS), ==,
                     isc_chart_annotations_get_limit (without, ISC_CHART_LIMIT_MAX_REPLICAS));
  g_assert_cmpfloat (isc_chart_annotations_get_limit (with, ISC_CHART_LIMIT_MIN_REPLICAS), ==,
                     isc_chart_annotations_get_limit (without, ISC_CHART_LIMIT_MIN_REPLICAS));
  g_assert_cmpuint (count_markers (without, promotion_ms, "v8 promoted"), ==, 1);
  g_assert_cmpuint (count_markers (without, -1, "v8 promoted to production"), ==, 0);

  /* Read, and nothing happened: nothing is inferred either. */
  nothing = isc_target_annotations_new_for_environment_with_events (environment, response, NOW_MS, none);
  g_assert_cmpuint (count_markers (nothing, promotion_ms, NULL), ==, 0);
}

/* A deployment: its events, and its creation once (the audit log's
 * "deployed" rather than discovery's "created"). */
static void
test_deployment (void)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  const IscDemoDeployment *d8 = _isc_demo_fleet_lookup_deployment (model, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  gint64 created_ms = _isc_demo_fleet_created_time (d8, SEED, NOW_MS / 1000) * 1000;
  gint64 start_ms = created_ms - HOUR_MS;
  g_autoptr(IscDeployment) deployment = demo_deployment (ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(IscMetricsResponse) response = demo_response (d8, NULL, start_ms);
  g_autoptr(GPtrArray) all = demo_events (start_ms);
  g_autoptr(GPtrArray) selected = isc_event_select_for_target (all, ISC_TARGET_DEPLOYMENT,
                                                                ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION,
                                                                NULL, NULL, NULL);
  g_autoptr(GListModel) events = list_of (selected);
  g_autoptr(IscChartAnnotations) with = NULL;
  g_autoptr(IscChartAnnotations) without = NULL;

  with = isc_target_annotations_new_for_deployment_with_events (deployment, response, events);
  g_assert_cmpuint (count_markers (with, created_ms, "v8 deployed"), ==, 1);
  g_assert_cmpuint (count_markers (with, -1, "v8 created"), ==, 0);
  g_assert_cmpuint (count_markers (with, -1, "v8 promoted to production"), ==, 1);

  without = isc_target_annotations_new_for_deployment_with_events (deployment, response, NULL);
  g_assert_cmpuint (count_markers (without, created_ms, "v8 created"), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/target-annotations/environment", test_environment);
  g_test_add_func ("/target-annotations/deployment", test_deployment);

  return g_test_run ();
}
