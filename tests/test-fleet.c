/* test-fleet.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The fleet overview's state without widgets: IscFleet over the
 * simulated API's large fleet in a thread (rows for every target, the
 * fault deployment failing alone, the bound on requests in flight seen
 * at the server, a 429 obeyed), and IscFleetRow's values, health words
 * and trouble order from answers written by hand.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-api-error.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-fleet-row-private.h"
#include "isc-fleet.h"
#include "isc-target-list.h"
#include "isc-test-util.h"

/* The server runs on the real clock, as the fleet resolves its range
 * with it. */
#define FLEET_SIZE 12

typedef struct
{
  IscDemoServer *server;
  IscClient     *client;
  IscTargetList *list;
  IscFleet      *fleet;

  /* From the server's thread: metrics requests as they ended. */
  GMutex         lock;
  GArray        *starts_us;    /* of gint64, monotonic */
  gint64         limited_end_us;
  guint          n_limited;
  guint          n_named;      /* metrics requests naming f->watched */
  const char    *watched;
} Fixture;

typedef struct
{
  gboolean  done;
  GError   *error;
} Outcome;

static void
on_request_logged (IscDemoServer *server,
                   const char    *method,
                   const char    *path,
                   guint          status,
                   guint64        bytes,
                   double         ms,
                   Fixture       *f)
{
  gint64 end_us = g_get_monotonic_time ();
  gint64 start_us = end_us - (gint64) (ms * 1000.0);

  if (strstr (path, "/metrics") == NULL)
    return;

  g_mutex_lock (&f->lock);
  g_array_append_val (f->starts_us, start_us);
  /* The fault deployment answers 500 before any 400: never refused. */
  if (f->watched != NULL && strstr (path, f->watched) != NULL &&
      strstr (path, isc_demo_server_get_fault_deployment_id (server)) == NULL)
    f->n_named++;
  if (status == 429)
    {
      f->limited_end_us = end_us;
      f->n_limited++;
    }
  g_mutex_unlock (&f->lock);
}

static gboolean
outcome_done (gpointer data)
{
  return ((Outcome *) data)->done;
}

static void
on_reloaded (GObject      *object,
             GAsyncResult *result,
             gpointer      data)
{
  Outcome *outcome = data;

  isc_target_list_reload_finish (ISC_TARGET_LIST (object), result, &outcome->error);
  outcome->done = TRUE;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Outcome outcome = { 0 };

  g_mutex_init (&f->lock);
  f->starts_us = g_array_new (FALSE, FALSE, sizeof (gint64));

  f->server = isc_demo_server_new (1, NULL);
  isc_demo_server_set_fleet_size (f->server, FLEET_SIZE);
  g_signal_connect (f->server, "request-logged", G_CALLBACK (on_request_logged), f);
  g_assert_true (isc_demo_server_run_in_thread (f->server, 0, &error));
  g_assert_no_error (error);

  f->client = isc_client_new (isc_demo_server_get_base_url (f->server), NULL, &error);
  g_assert_no_error (error);

  f->list = isc_target_list_new ();
  isc_target_list_reload_async (f->list, f->client, NULL, on_reloaded, &outcome);
  g_assert_true (test_wait_for (outcome_done, &outcome));
  g_assert_no_error (outcome.error);

  f->fleet = isc_fleet_new ();
  isc_fleet_set_target_list (f->fleet, f->list);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->fleet);
  g_clear_object (&f->list);
  g_clear_object (&f->client);
  g_clear_object (&f->server);
  g_clear_pointer (&f->starts_us, g_array_unref);
  g_mutex_clear (&f->lock);
}

static gboolean
fleet_done (gpointer data)
{
  IscFleet *fleet = data;

  return !isc_fleet_get_loading (fleet) && isc_fleet_get_in_flight (fleet) == 0;
}

/* Loads the whole fleet once and waits for every row. */
static void
load (Fixture *f)
{
  isc_fleet_set_client (f->fleet, f->client);
  isc_fleet_refresh (f->fleet);
  g_assert_true (isc_fleet_get_loading (f->fleet));
  g_assert_true (test_wait_for (fleet_done, f->fleet));
}

static IscFleetRow *
find (IscFleet      *fleet,
      const char    *model_id,
      IscTargetKind  kind,
      const char    *id)
{
  g_autoptr(IscTarget) target = isc_target_new (model_id, kind, id, NULL, NULL);

  return isc_fleet_find (fleet, target, NULL);
}

/* Every model's production and development environment and every
 * active deployment, and nothing else. */
/* A banner shows for @row's target: its health word says so, unless the
 * demo's traffic at this hour has errors or a latency that rank higher
 * (Failing, Degraded), which the word says first. */
static void
assert_needs_attention (IscFleetRow *row)
{
  IscFleetHealth health;

  g_assert_nonnull (row);
  g_assert_true (isc_fleet_row_get_needs_attention (row));
  health = isc_fleet_row_get_health (row);
  if (health != ISC_FLEET_HEALTH_FAILING && health != ISC_FLEET_HEALTH_DEGRADED)
    g_assert_cmpint (health, ==, ISC_FLEET_HEALTH_ATTENTION);
}

static void
test_rows (Fixture       *f,
           gconstpointer  data)
{
  guint n_models = 0, n_rows;

  load (f);
  n_rows = g_list_model_get_n_items (G_LIST_MODEL (f->fleet));
  g_assert_cmpuint (isc_fleet_get_n_done (f->fleet), ==, n_rows);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (f->list)); i++)
    {
      g_autoptr(IscTargetItem) item = g_list_model_get_item (G_LIST_MODEL (f->list), i);
      const IscTarget *target = isc_target_item_get_target (item);
      IscFleetRow *row = target != NULL ? isc_fleet_find (f->fleet, target, NULL) : NULL;

      switch (isc_target_item_get_kind (item))
        {
        case ISC_TARGET_ITEM_MODEL:
          n_models++;
          /* Both environments, whatever the list holds. */
          g_assert_nonnull (find (f->fleet, isc_target_item_get_model_id (item),
                                  ISC_TARGET_ENVIRONMENT, "production"));
          if (!g_str_equal (isc_target_item_get_model_id (item), ISC_DEMO_MODEL_BATCH) &&
              !g_str_equal (isc_target_item_get_model_id (item), ISC_DEMO_MODEL_STREAM))
            g_assert_nonnull (find (f->fleet, isc_target_item_get_model_id (item),
                                    ISC_TARGET_ENVIRONMENT, "development"));
          break;
        case ISC_TARGET_ITEM_DEPLOYMENT:
          g_assert_true ((row != NULL) == isc_target_item_get_is_active (item));
          break;
        case ISC_TARGET_ITEM_ENVIRONMENT:
        default:
          break;
        }
    }
  g_assert_cmpuint (n_models, ==, 4 + FLEET_SIZE);

  /* The demo's own: the previous chat deployment scaled to zero and the
   * retired embedding one have no row. */
  g_assert_null (find (f->fleet, ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS));
  g_assert_null (find (f->fleet, ISC_DEMO_MODEL_EMBED, ISC_TARGET_DEPLOYMENT, ISC_DEMO_DEPLOYMENT_EMBED_RETIRED));
  g_assert_nonnull (find (f->fleet, ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION));

  /* The word agrees with the banners: text-embeddings' production has a
   * paused promotion and refuses requests on full; the chat's has
   * neither. */
  assert_needs_attention (find (f->fleet, ISC_DEMO_MODEL_EMBED, ISC_TARGET_ENVIRONMENT, "production"));
  g_assert_cmpstr (isc_fleet_health_get_title (ISC_FLEET_HEALTH_ATTENTION), ==, "Needs attention");
  g_assert_false (isc_fleet_row_get_needs_attention (find (f->fleet, ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production")));
  g_assert_cmpint (isc_fleet_row_get_health (find (f->fleet, ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production")),
                   !=, ISC_FLEET_HEALTH_ATTENTION);
  /* realtime-voice's production serves the unhealthy v5 while v6 is
   * active. */
  assert_needs_attention (find (f->fleet, ISC_DEMO_MODEL_STREAM, ISC_TARGET_ENVIRONMENT, "production"));

  /* Every production environment answered with traffic, a latency in
   * both windows and replicas within its autoscaling. */
  for (guint i = 0; i < n_rows; i++)
    {
      g_autoptr(IscFleetRow) row = g_list_model_get_item (G_LIST_MODEL (f->fleet), i);
      const IscTarget *target = isc_fleet_row_get_target (row);
      guint n_rates;

      if (isc_fleet_row_get_state (row) == ISC_FLEET_ROW_ERROR)
        continue;
      g_assert_cmpint (isc_fleet_row_get_state (row), ==, ISC_FLEET_ROW_READY);
      g_assert_false (isc_fleet_row_get_loading (row));
      g_assert_cmpint (isc_fleet_row_get_health (row), !=, ISC_FLEET_HEALTH_UNKNOWN);
      if (target->kind != ISC_TARGET_ENVIRONMENT || !g_str_equal (target->id, "production"))
        continue;

      g_assert_cmpfloat (isc_fleet_row_get_total_requests (row), >, 0);
      isc_fleet_row_get_request_rates (row, &n_rates);
      g_assert_cmpuint (n_rates, >, 10);
      g_assert_cmpfloat (isc_fleet_row_get_error_share (row), >=, 0);
      g_assert_cmpfloat (isc_fleet_row_get_error_share (row), <, 1);
      g_assert_cmpfloat (isc_fleet_row_get_p95_seconds (row), >, 0);
      g_assert_cmpfloat (isc_fleet_row_get_previous_p95_seconds (row), >, 0);
      g_assert_cmpint (isc_fleet_row_get_max_replicas (row), >, 0);
      g_assert_cmpfloat (isc_fleet_row_get_replicas (row), >=, isc_fleet_row_get_min_replicas (row));
      g_assert_cmpfloat (isc_fleet_row_get_replicas (row), <=, isc_fleet_row_get_max_replicas (row));
    }
}

/* The fault deployment fails, says why, and nothing else fails. */
static void
test_fault_alone (Fixture       *f,
                  gconstpointer  data)
{
  IscFleetRow *fault;

  load (f);
  fault = find (f->fleet, isc_demo_server_get_fault_model_id (f->server), ISC_TARGET_DEPLOYMENT,
                isc_demo_server_get_fault_deployment_id (f->server));
  g_assert_nonnull (fault);
  g_assert_cmpint (isc_fleet_row_get_state (fault), ==, ISC_FLEET_ROW_ERROR);
  g_assert_cmpint (isc_fleet_row_get_health (fault), ==, ISC_FLEET_HEALTH_ERROR);
  g_assert_nonnull (isc_fleet_row_get_error_message (fault));
  g_assert_nonnull (strstr (isc_fleet_row_get_error_message (fault), "500"));
  g_assert_true (isnan (isc_fleet_row_get_error_share (fault)));
  g_assert_cmpuint (isc_fleet_get_n_failed (f->fleet), ==, 1);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (f->fleet)); i++)
    {
      g_autoptr(IscFleetRow) row = g_list_model_get_item (G_LIST_MODEL (f->fleet), i);

      if (row != fault)
        {
          g_assert_cmpint (isc_fleet_row_get_state (row), ==, ISC_FLEET_ROW_READY);
          g_assert_null (isc_fleet_row_get_error_message (row));
        }
    }
}

/* With latency, max-in-flight requests are out at once at the server,
 * and never more. */
static void
test_bound (Fixture       *f,
            gconstpointer  data)
{
  guint bounds[] = { 4, 2 };

  isc_demo_server_set_latency_ms (f->server, 40);
  g_assert_cmpuint (isc_fleet_get_max_in_flight (f->fleet), ==, ISC_FLEET_DEFAULT_MAX_IN_FLIGHT);
  g_assert_cmpuint (ISC_FLEET_DEFAULT_MAX_IN_FLIGHT, ==, 4);

  for (guint b = 0; b < G_N_ELEMENTS (bounds); b++)
    {
      isc_fleet_set_max_in_flight (f->fleet, bounds[b]);
      isc_demo_server_reset_peak_in_flight (f->server);
      load (f);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (f->fleet)), >, 4 * bounds[b]);
      g_assert_cmpuint (isc_demo_server_get_peak_in_flight (f->server), ==, bounds[b]);
    }
}

/* A 429 holds every new request back for its Retry-After, then all
 * rows load. */
static void
test_rate_limit (Fixture       *f,
                 gconstpointer  data)
{
  guint n_early = 0, n_late = 0;

  isc_demo_server_set_latency_ms (f->server, 20);
  isc_demo_server_set_metrics_rate_limit (f->server, 1);
  load (f);

  g_assert_cmpuint (f->n_limited, ==, 1);
  g_assert_cmpuint (isc_fleet_get_n_failed (f->fleet), ==, 1);  /* the fault only */

  g_mutex_lock (&f->lock);
  for (guint i = 0; i < f->starts_us->len; i++)
    {
      gint64 start_us = g_array_index (f->starts_us, gint64, i);

      /* Requests sent before the 429 arrived are allowed. */
      if (start_us > f->limited_end_us + 50 * 1000 && start_us < f->limited_end_us + 950 * 1000)
        n_early++;
      else if (start_us >= f->limited_end_us + 950 * 1000)
        n_late++;
    }
  g_mutex_unlock (&f->lock);

  g_assert_cmpuint (n_early, ==, 0);
  g_assert_cmpuint (n_late, >, 10);
}

/* A refresh loads every row again and keeps what they show meanwhile. */
static void
test_refresh (Fixture       *f,
              gconstpointer  data)
{
  IscFleetRow *row;
  guint n_requests;
  g_autoptr(IscTimeRange) day = isc_time_range_new_relative (24 * 60 * 60 * 1000);

  load (f);
  row = find (f->fleet, ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production");
  g_assert_nonnull (row);
  n_requests = f->starts_us->len;

  isc_demo_server_set_latency_ms (f->server, 50);
  isc_fleet_refresh (f->fleet);
  g_assert_true (isc_fleet_get_loading (f->fleet));
  g_assert_cmpuint (isc_fleet_get_n_done (f->fleet), ==, 0);
  g_assert_true (isc_fleet_row_get_loading (row));
  g_assert_cmpint (isc_fleet_row_get_state (row), ==, ISC_FLEET_ROW_READY);
  g_assert_false (isnan (isc_fleet_row_get_p95_seconds (row)));
  g_assert_true (test_wait_for (fleet_done, f->fleet));
  g_assert_cmpuint (f->starts_us->len, >=, n_requests + g_list_model_get_n_items (G_LIST_MODEL (f->fleet)));

  /* A new range while shown loads at once, over that range. */
  isc_demo_server_set_latency_ms (f->server, 0);
  isc_fleet_set_active (f->fleet, TRUE);
  g_assert_true (test_wait_for (fleet_done, f->fleet));
  isc_fleet_set_range (f->fleet, day);
  g_assert_true (isc_fleet_get_loading (f->fleet));
  g_assert_true (test_wait_for (fleet_done, f->fleet));
  {
    guint n_rates;

    isc_fleet_row_get_request_rates (row, &n_rates);
    g_assert_cmpuint (n_rates, >, 0);
  }
}

/* Pass after pass, the response cache does not grow: every pass asks a
 * range resolved from its start, which no pass asks again, and the
 * overview never reads the cache, so nothing is kept (a file per row per
 * pass filled the cache to its bound and made every store list it). */
static void
test_cache_flat (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *dir = test_temp_dir ();
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (dir, 0);
  guint n_rows;

  isc_client_set_cache (f->client, cache);
  load (f);
  n_rows = g_list_model_get_n_items (G_LIST_MODEL (f->fleet));
  g_assert_cmpuint (n_rows, >, 3 * FLEET_SIZE);
  for (guint i = 0; i < 3; i++)
    {
      /* Passes a few milliseconds apart: each its own range. */
      test_run_frames (5);
      isc_fleet_refresh (f->fleet);
      g_assert_true (test_wait_for (fleet_done, f->fleet));
      g_assert_cmpuint (isc_fleet_get_n_done (f->fleet), ==, n_rows);
    }

  g_assert_cmpuint (test_count_files (dir), ==, 0);
  isc_client_set_cache (f->client, NULL);
  test_remove_dir (dir);
}

/* A metric name Baseten refuses (renamed, say, or behind a feature
 * flag) never blanks the overview: each row leaves it out and shows the
 * rest, only the fault deployment fails, and the next pass never asks
 * for the name again (the client remembers it for the session). */
static void
test_refused_metric (Fixture       *f,
                     gconstpointer  data)
{
  static const char * const unknown[] = { "baseten_end_to_end_response_time_seconds", NULL };
  IscFleetRow *row;
  guint n_rows;

  f->watched = unknown[0];
  isc_demo_server_set_unknown_metrics (f->server, unknown);
  load (f);

  n_rows = g_list_model_get_n_items (G_LIST_MODEL (f->fleet));
  g_assert_cmpuint (n_rows, >, 3 * FLEET_SIZE);
  g_assert_cmpuint (isc_fleet_get_n_done (f->fleet), ==, n_rows);
  g_assert_cmpuint (isc_fleet_get_n_failed (f->fleet), ==, 1);  /* the fault only */
  row = find (f->fleet, ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production");
  g_assert_nonnull (row);
  g_assert_cmpint (isc_fleet_row_get_state (row), ==, ISC_FLEET_ROW_READY);
  g_assert_null (isc_fleet_row_get_error_message (row));
  g_assert_cmpfloat (isc_fleet_row_get_total_requests (row), >, 0);
  g_assert_cmpfloat (isc_fleet_row_get_error_share (row), >=, 0);
  g_assert_cmpfloat (isc_fleet_row_get_replicas (row), >, 0);
  g_assert_true (isnan (isc_fleet_row_get_p95_seconds (row)));

  /* Asked once per row, then again without it… */
  g_mutex_lock (&f->lock);
  g_assert_cmpuint (f->n_named, <=, n_rows);
  f->n_named = 0;
  g_mutex_unlock (&f->lock);

  /* …and never again in the session. */
  test_run_frames (5);
  isc_fleet_refresh (f->fleet);
  g_assert_true (test_wait_for (fleet_done, f->fleet));
  g_assert_cmpuint (isc_fleet_get_n_failed (f->fleet), ==, 1);
  g_mutex_lock (&f->lock);
  g_assert_cmpuint (f->n_named, ==, 0);
  g_mutex_unlock (&f->lock);
}

/* Rows from answers written by hand */

static IscTargetItem *
deployment_item (const char *id,
                 guint       min_replica,
                 guint       max_replica)
{
  g_autofree char *json = g_strdup_printf (
    "{\"deployments\":[{\"id\":\"%s\",\"name\":\"%s\",\"model_id\":\"m\",\"status\":\"ACTIVE\","
    "\"active_replica_count\":1,\"autoscaling_settings\":{\"min_replica\":%u,\"max_replica\":%u}}]}",
    id, id, min_replica, max_replica);
  g_autoptr(GBytes) bytes = g_bytes_new (json, strlen (json));
  static const char model_json[] = "{\"models\":[{\"id\":\"m\",\"name\":\"model\"}]}";
  g_autoptr(GBytes) model_bytes = g_bytes_new_static (model_json, strlen (model_json));
  g_autoptr(GPtrArray) deployments = isc_deployments_from_bytes (bytes, NULL);
  g_autoptr(GPtrArray) models = isc_models_from_bytes (model_bytes, NULL);

  g_assert_nonnull (deployments);
  g_assert_nonnull (models);
  return isc_target_item_new_deployment (g_ptr_array_index (models, 0), g_ptr_array_index (deployments, 0));
}

/* Four steps of 60 s from 0: two before the range (t < 120 s), two in
 * it. @ok, @fivexx: requests per step in the range (the window before
 * has 100 and none); @p95_before, @p95: the step p95s; @replicas at the
 * end. */
/* A JSON number, or null for NaN. */
static char *
num (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return isnan (value) ? g_strdup ("null") : g_strdup (g_ascii_dtostr (buf, sizeof buf, value));
}

static IscMetricsResponse *
response (double ok,
          double fivexx,
          double p95_before,
          double p95,
          double replicas)
{
  g_autofree char *s_ok = num (ok);
  g_autofree char *s_5xx = num (fivexx);
  g_autofree char *s_before = num (p95_before);
  g_autofree char *s_p95 = num (p95);
  g_autofree char *s_replicas = num (replicas);
  g_autofree char *json = g_strdup_printf (
    "{\"start_epoch_millis\":0,\"end_epoch_millis\":240000,\"mode\":\"SERIES\",\"step_seconds\":60,"
    "\"metric_descriptors\":["
    "{\"name\":\"baseten_inference_requests_total\",\"unit_hint\":\"COUNT\",\"kind\":\"COUNTER\","
    " \"label_sets\":[{\"status\":\"2xx\"},{\"status\":\"5xx\"}]},"
    "{\"name\":\"baseten_end_to_end_response_time_seconds\",\"unit_hint\":\"SECONDS\",\"kind\":\"HISTOGRAM\","
    " \"label_sets\":[{\"quantile\":\"0.5\"},{\"quantile\":\"0.95\"}]},"
    "{\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}],"
    "\"metric_values\":["
    "{\"start_epoch_millis\":0,\"values\":[[100,0],[0.1,%s],[1]]},"
    "{\"start_epoch_millis\":60000,\"values\":[[100,0],[0.1,%s],[1]]},"
    "{\"start_epoch_millis\":120000,\"values\":[[%s,%s],[0.1,%s],[1]]},"
    "{\"start_epoch_millis\":180000,\"values\":[[%s,%s],[0.1,%s],[%s]]}]}",
    s_before, s_before, s_ok, s_5xx, s_p95, s_ok, s_5xx, s_p95, s_replicas);
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *r = isc_metrics_response_new_from_data (json, -1, &error);

  g_assert_no_error (error);
  return r;
}

static IscFleetRow *
row_with (const char *id,
          double      ok,
          double      fivexx,
          double      p95_before,
          double      p95,
          double      replicas)
{
  g_autoptr(IscTargetItem) item = deployment_item (id, 1, 4);
  IscFleetRow *row = _isc_fleet_row_new (item);
  g_autoptr(IscMetricsResponse) r = response (ok, fivexx, p95_before, p95, replicas);

  _isc_fleet_row_set_response (row, r, 120000, 240000);
  return row;
}

static void
test_row_values (void)
{
  g_autoptr(IscFleetRow) row = row_with ("a", 90, 10, 1.0, 1.5, 4);
  const double *rates;
  guint n_rates;

  rates = isc_fleet_row_get_request_rates (row, &n_rates);
  g_assert_cmpuint (n_rates, ==, 2);
  g_assert_cmpfloat_with_epsilon (rates[0], 100.0 / 60.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (isc_fleet_row_get_total_requests (row), 200, 1e-9);
  g_assert_cmpfloat_with_epsilon (isc_fleet_row_get_error_share (row), 0.1, 1e-9);
  g_assert_cmpfloat_with_epsilon (isc_fleet_row_get_p95_seconds (row), 1.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (isc_fleet_row_get_previous_p95_seconds (row), 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (isc_fleet_row_get_latency_regression (row), 0.5, 1e-9);
  g_assert_cmpfloat (isc_fleet_row_get_replicas (row), ==, 4);
  g_assert_true (isc_fleet_row_get_at_max (row));
  g_assert_cmpint (isc_fleet_row_get_health (row), ==, ISC_FLEET_HEALTH_FAILING);
  g_assert_cmpstr (isc_fleet_health_get_title (isc_fleet_row_get_health (row)), ==, "Failing");
}

typedef struct
{
  const char     *id;
  double          ok, fivexx, p95_before, p95, replicas;
  IscFleetHealth  health;
} TroubleCase;

/* In the order trouble sorts them, shuffled before sorting. */
static const TroubleCase trouble_cases[] = {
  { "failing",    80, 20,  1.0, 1.0, 2, ISC_FLEET_HEALTH_FAILING },
  { "slower",     98,  2,  1.0, 3.0, 2, ISC_FLEET_HEALTH_DEGRADED },
  { "some-5xx",   98,  2,  1.0, 1.0, 2, ISC_FLEET_HEALTH_DEGRADED },
  { "half-again", 100, 0,  1.0, 1.6, 2, ISC_FLEET_HEALTH_DEGRADED },
  { "at-max",     100, 0,  1.0, 1.0, 4, ISC_FLEET_HEALTH_AT_MAX },
  { "healthy",    100, 0,  1.0, 1.0, 2, ISC_FLEET_HEALTH_HEALTHY },
  { "idle",       0,   0,  1.0, NAN, 1, ISC_FLEET_HEALTH_NO_TRAFFIC },
};

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  return isc_fleet_row_compare_trouble (*(IscFleetRow **) a, *(IscFleetRow **) b, data);
}

static void
test_trouble_order (void)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(IscTargetItem) failed_item = deployment_item ("broken", 1, 4);
  g_autoptr(IscTargetItem) pending_item = deployment_item ("waiting", 1, 4);
  g_autoptr(GError) error = g_error_new_literal (ISC_API_ERROR, ISC_API_ERROR_SERVER, "HTTP 500");
  IscFleetRow *failed = _isc_fleet_row_new (failed_item);
  IscFleetRow *pending = _isc_fleet_row_new (pending_item);
  /* A fixed shuffle. */
  static const guint order[] = { 5, 2, 6, 0, 4, 1, 3 };

  _isc_fleet_row_set_error (failed, error);
  g_ptr_array_add (rows, pending);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      const TroubleCase *c = &trouble_cases[order[i]];

      g_ptr_array_add (rows, row_with (c->id, c->ok, c->fivexx, c->p95_before, c->p95, c->replicas));
    }
  g_ptr_array_add (rows, failed);

  g_ptr_array_sort_with_data (rows, compare_rows, NULL);

  g_assert_true (g_ptr_array_index (rows, 0) == failed);
  g_assert_cmpint (isc_fleet_row_get_health (failed), ==, ISC_FLEET_HEALTH_ERROR);
  for (guint i = 0; i < G_N_ELEMENTS (trouble_cases); i++)
    {
      IscFleetRow *row = g_ptr_array_index (rows, i + 1);

      g_assert_cmpstr (isc_fleet_row_get_name (row), ==, trouble_cases[i].id);
      g_assert_cmpint (isc_fleet_row_get_health (row), ==, trouble_cases[i].health);
    }
  g_assert_true (g_ptr_array_index (rows, rows->len - 1) == pending);
  g_assert_cmpint (isc_fleet_row_get_health (pending), ==, ISC_FLEET_HEALTH_UNKNOWN);
}

/* The large fleet is the same for the same seed, and lists the fault
 * deployment with the others. */
static void
test_demo_fleet (void)
{
  g_autoptr(IscDemoServer) a = isc_demo_server_new (7, NULL);
  g_autoptr(IscDemoServer) b = isc_demo_server_new (7, NULL);

  g_assert_null (isc_demo_server_get_fault_deployment_id (a));
  isc_demo_server_set_fleet_size (a, 200);
  isc_demo_server_set_fleet_size (b, 200);
  g_assert_cmpuint (isc_demo_server_get_fleet_size (a), ==, 200);
  g_assert_cmpstr (isc_demo_server_get_fault_model_id (a), ==, "fleet-0101");
  g_assert_cmpstr (isc_demo_server_get_fault_deployment_id (a), ==, isc_demo_server_get_fault_deployment_id (b));
  g_assert_true (g_str_has_prefix (isc_demo_server_get_fault_deployment_id (a), "fleet-0101-"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/fleet/demo-fleet", test_demo_fleet);
  g_test_add_func ("/isc/fleet/row-values", test_row_values);
  g_test_add_func ("/isc/fleet/trouble-order", test_trouble_order);
  g_test_add ("/isc/fleet/rows", Fixture, NULL, fixture_setup, test_rows, fixture_teardown);
  g_test_add ("/isc/fleet/fault-alone", Fixture, NULL, fixture_setup, test_fault_alone, fixture_teardown);
  g_test_add ("/isc/fleet/bound", Fixture, NULL, fixture_setup, test_bound, fixture_teardown);
  g_test_add ("/isc/fleet/rate-limit", Fixture, NULL, fixture_setup, test_rate_limit, fixture_teardown);
  g_test_add ("/isc/fleet/refresh", Fixture, NULL, fixture_setup, test_refresh, fixture_teardown);
  g_test_add ("/isc/fleet/refused-metric", Fixture, NULL, fixture_setup, test_refused_metric, fixture_teardown);
  g_test_add ("/isc/fleet/cache-flat", Fixture, NULL, fixture_setup, test_cache_flat, fixture_teardown);

  return g_test_run ();
}
