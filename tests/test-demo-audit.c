/* test-demo-audit.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The simulated API's model audit log over real HTTP on 127.0.0.1: the
 * query rules of baseten-api-reference.md §2, paging with the cursor to
 * the end, the 403 under the member key, and entries that tell the same
 * story as the metrics, the logs and discovery: d8's deployment and
 * promotion, the autoscaling change, the replicas terminated at restarts,
 * the paused promotion.
 */

#include "config.h"

#include <string.h>

#include "isc-audit-log-decoder.h"
#include "isc-chart-annotations.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-promotion-private.h"
#include "isc-test-demo.h"

#define ADD(path, func) \
  g_test_add (path, DemoFixture, NULL, demo_fixture_setup, func, demo_fixture_teardown)

#define CHAT_AUDIT  "/v1/models/" ISC_DEMO_MODEL_CHAT "/audit_logs"
#define EMBED_AUDIT "/v1/models/" ISC_DEMO_MODEL_EMBED "/audit_logs"
#define MINUTE_MS   G_GINT64_CONSTANT (60000)

/* One page, decoded by the app's own decoder. */
static IscAuditLogPage *
get_page (DemoFixture *f,
          const char  *path,
          const char  *query)
{
  g_autofree char *full = g_strdup_printf ("%s?%s", path, query);
  g_autoptr(DemoResponse) r = demo_request (f, full);
  g_autoptr(GError) error = NULL;
  IscAuditLogPage *page;
  gsize length;
  const char *data;

  g_assert_no_error (r->error);
  if (r->status != 200)
    g_error ("%s: %u %.*s", full, r->status, (int) g_bytes_get_size (r->body),
             (const char *) g_bytes_get_data (r->body, NULL));
  data = g_bytes_get_data (r->body, &length);
  page = isc_audit_log_decode (data, length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (page);
  /* Every entry of the demo is of a kind the charts draw. */
  g_assert_cmpuint (page->n_skipped, ==, 0);
  return page;
}

/* All the events of a window, oldest first, in one page. */
static GPtrArray *
get_all (DemoFixture *f,
         const char  *path,
         gint64       start_ms,
         gint64       end_ms)
{
  g_autofree char *query = g_strdup_printf ("direction=ASC&limit=200&start_epoch_millis=%" G_GINT64_FORMAT
                                            "&end_epoch_millis=%" G_GINT64_FORMAT, start_ms, end_ms);
  g_autoptr(IscAuditLogPage) page = get_page (f, path, query);

  g_assert_false (page->has_more);
  return g_ptr_array_ref (page->events);
}

static IscEvent *
find (GPtrArray    *events,
      IscEventKind  kind,
      const char   *deployment_id)
{
  for (guint i = 0; i < events->len; i++)
    {
      IscEvent *event = g_ptr_array_index (events, i);

      if (isc_event_get_kind (event) == kind &&
          g_strcmp0 (isc_event_get_deployment_id (event), deployment_id) == 0)
        return event;
    }
  return NULL;
}

static gint64
parse_iso_ms (const char *text)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_iso8601 (text, NULL);

  g_assert_nonnull (dt);
  return g_date_time_to_unix (dt) * 1000 + g_date_time_get_microsecond (dt) / 1000;
}

/* The cursor leads, page after page, through every entry exactly once,
 * newest first by default, whatever the page size. */
static void
test_paging (DemoFixture   *f,
             gconstpointer  data)
{
  g_autoptr(IscAuditLogPage) all = get_page (f, CHAT_AUDIT, "limit=200");
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *cursor = NULL;
  guint n_pages = 0;

  /* 30 days of restarts, a deployment, a promotion, a change. */
  g_assert_cmpuint (all->events->len, >, 20);
  g_assert_false (all->has_more);
  g_assert_null (all->cursor);
  for (guint i = 1; i < all->events->len; i++)
    g_assert_cmpint (isc_event_compare (all->events->pdata[i - 1], all->events->pdata[i]), >, 0);

  do
    {
      g_autofree char *escaped = cursor != NULL ? g_uri_escape_string (cursor, NULL, FALSE) : NULL;
      /* Baseten ignores the direction with a cursor: asking ASC changes nothing. */
      g_autofree char *query = cursor != NULL ? g_strdup_printf ("limit=7&direction=ASC&cursor=%s", escaped)
                                              : g_strdup ("limit=7");
      g_autoptr(IscAuditLogPage) page = get_page (f, CHAT_AUDIT, query);

      g_assert_cmpuint (page->events->len, <=, 7);
      for (guint i = 0; i < page->events->len; i++)
        g_ptr_array_add (seen, g_object_ref (page->events->pdata[i]));
      g_free (cursor);
      cursor = g_strdup (page->cursor);
      g_assert_true (page->has_more == (cursor != NULL));
      g_assert_cmpuint (++n_pages, <, 100);
    }
  while (cursor != NULL);

  g_assert_cmpuint (n_pages, ==, (all->events->len + 6) / 7);
  g_assert_cmpuint (seen->len, ==, all->events->len);
  for (guint i = 0; i < seen->len; i++)
    g_assert_cmpstr (isc_event_get_id (seen->pdata[i]), ==, isc_event_get_id (all->events->pdata[i]));
}

static void
test_query_rules (DemoFixture   *f,
                  gconstpointer  data)
{
  g_autoptr(IscAuditLogPage) promoted = NULL;

  demo_assert_status (f, CHAT_AUDIT "?limit=0", 400, "VALIDATION_ERROR", "limit");
  demo_assert_status (f, CHAT_AUDIT "?limit=201", 400, "VALIDATION_ERROR", "limit");
  /* Upper case, unlike the logs' direction. */
  demo_assert_status (f, CHAT_AUDIT "?direction=asc", 400, "VALIDATION_ERROR", "direction");
  demo_assert_status (f, CHAT_AUDIT "?event_type_groups=SCALING", 400, "VALIDATION_ERROR", "SCALING");
  demo_assert_status (f, CHAT_AUDIT "?cursor=bm90IGEgY3Vyc29y", 400, "VALIDATION_ERROR", "cursor");
  demo_assert_status (f, CHAT_AUDIT "?start_epoch_millis=2000&end_epoch_millis=1000", 400,
                      "VALIDATION_ERROR", "start_epoch_millis");
  demo_assert_status (f, "/v1/models/no-such-model/audit_logs", 404, "NOT_FOUND", "no-such-model");

  /* The groups filter: v8's promotion, and v7's before it. */
  promoted = get_page (f, CHAT_AUDIT, "limit=200&event_type_groups=PROMOTED");
  g_assert_cmpuint (promoted->events->len, ==, 2);
  g_assert_cmpint (isc_event_get_kind (promoted->events->pdata[0]), ==, ISC_EVENT_PROMOTED);
  g_assert_cmpstr (isc_event_get_deployment_id (promoted->events->pdata[0]), ==, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_assert_cmpstr (isc_event_get_deployment_id (promoted->events->pdata[1]), ==, ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS);
}

/* A member of a multi-team organisation reads the metrics but not the
 * audit log. */
static void
test_member_forbidden (DemoFixture   *f,
                       gconstpointer  data)
{
  g_autoptr(DemoResponse) audit = demo_request_full (f, "GET", CHAT_AUDIT, "Bearer " ISC_DEMO_MEMBER_KEY, NULL);
  g_autoptr(DemoResponse) models = demo_request_full (f, "GET", "/v1/models", "Bearer " ISC_DEMO_MEMBER_KEY, NULL);

  demo_assert_error (audit, 403, "FORBIDDEN", "admins");
  g_assert_no_error (models->error);
  g_assert_cmpuint (models->status, ==, 200);
}

/* d8 deployed at its created_at by the CI's key, then promoted to
 * production from the UI at the moment the environment's metrics hand
 * production from v7 to v8. */
static void
test_chat_promotion (DemoFixture   *f,
                     gconstpointer  data)
{
  g_autoptr(GPtrArray) events = get_all (f, CHAT_AUDIT, NOW_MS - 30 * HOUR_MS, NOW_MS);
  g_autoptr(JsonNode) d8 = demo_get_json (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/"
                                          ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  gint64 created_ms = parse_iso_ms (json_object_get_string_member (demo_object_of (d8), "created_at"));
  IscEvent *deployed = find (events, ISC_EVENT_DEPLOYED, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  IscEvent *promoted = find (events, ISC_EVENT_PROMOTED, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(IscMetricsResponse) metrics = NULL;
  g_autoptr(GArray) inferred = NULL;
  g_autofree char *described = NULL;
  gint64 promoted_ms;

  g_assert_nonnull (deployed);
  g_assert_cmpint (isc_event_get_time_ms (deployed), ==, created_ms);
  g_assert_cmpint (isc_event_get_actor_kind (deployed), ==, ISC_EVENT_ACTOR_API_KEY);
  g_assert_cmpint (isc_event_get_source (deployed), ==, ISC_EVENT_SOURCE_API);

  g_assert_nonnull (promoted);
  promoted_ms = isc_event_get_time_ms (promoted);
  g_assert_cmpstr (isc_event_get_environment_name (promoted), ==, "production");
  g_assert_cmpint (isc_event_get_actor_kind (promoted), ==, ISC_EVENT_ACTOR_USER);
  described = isc_event_describe (promoted);
  g_assert_cmpstr (described, ==, "v8 promoted to production by " ISC_DEMO_PROMOTION_STARTED_BY " from the UI");

  /* Where the app would infer it from the metrics' split (5-minute
   * steps, where the promotion's minute cuts one). */
  metrics = demo_get_window (f, CHAT_ENV, "SERIES", promoted_ms - 20 * HOUR_MS, promoted_ms + 4 * HOUR_MS,
                             "metrics=baseten_inference_requests_total");
  inferred = isc_chart_annotations_find_promotions (metrics);
  g_assert_cmpuint (inferred->len, ==, 1);
  g_assert_cmpint (g_array_index (inferred, gint64, 0), ==, promoted_ms);
}

/* The autoscaling change: its new settings are discovery's base settings
 * of the deployment, its previous ones differ in the concurrency target
 * alone, an hour before the daily incident. */
static void
test_chat_autoscaling (DemoFixture   *f,
                       gconstpointer  data)
{
  g_autoptr(GPtrArray) events = get_all (f, CHAT_AUDIT, NOW_MS - 26 * HOUR_MS, NOW_MS);
  g_autoptr(JsonNode) env = demo_get_json (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/production");
  JsonObject *base = json_object_get_object_member (demo_object_of (env), "autoscaling_settings");
  IscEvent *change = NULL;
  const IscEventChange *changes;
  g_autofree char *concurrency = NULL;
  g_autofree char *described = NULL;
  IscDemoBucketFacts facts;
  guint n_changes;

  for (guint i = 0; i < events->len && change == NULL; i++)
    if (isc_event_get_kind (events->pdata[i]) == ISC_EVENT_AUTOSCALING_CHANGED)
      change = events->pdata[i];
  g_assert_nonnull (change);

  changes = isc_event_get_changes (change, &n_changes);
  g_assert_cmpuint (n_changes, ==, 1);
  g_assert_cmpstr (changes[0].field, ==, "concurrency_target");
  concurrency = g_strdup_printf ("%" G_GINT64_FORMAT, json_object_get_int_member (base, "concurrency_target"));
  g_assert_cmpstr (changes[0].after, ==, concurrency);
  g_assert_cmpstr (changes[0].before, !=, concurrency);
  described = isc_event_describe (change);
  g_assert_true (g_str_has_prefix (described, "concurrency target 4 → 6 on v"));
  g_assert_true (g_str_has_suffix (described, " by " ISC_DEMO_PROMOTION_STARTED_BY " from the UI"));

  /* The incident starts an hour later: the 5xx rise. */
  {
    const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
    const IscDemoDeployment *dep = _isc_demo_fleet_lookup_deployment (model, isc_event_get_deployment_id (change));
    gint64 t_s = isc_event_get_time_ms (change) / 1000;

    _isc_demo_generator_bucket_facts (dep, SEED, NOW_MS / 1000, t_s + 3600 + 12 * 60, &facts);
    g_assert_cmpfloat (facts.incident, >, 0.3);
    _isc_demo_generator_bucket_facts (dep, SEED, NOW_MS / 1000, t_s, &facts);
    g_assert_cmpfloat (facts.incident, ==, 0.0);
  }
}

/* Each replica terminated is at a 30-s step where the restarts counter
 * counts one, on the replica whose logs say its container restarted. */
static void
test_restarts (DemoFixture   *f,
               gconstpointer  data)
{
  g_autoptr(GPtrArray) events = get_all (f, CHAT_AUDIT, NOW_MS - 26 * HOUR_MS, NOW_MS);
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    {
      IscEvent *event = events->pdata[i];
      const IscDemoDeployment *dep;
      IscDemoBucketFacts facts;
      gint64 t_ms = isc_event_get_time_ms (event);
      g_autofree char *path = NULL;
      g_autoptr(JsonNode) logs = NULL;
      JsonArray *lines;
      gboolean restarted = FALSE;

      if (isc_event_get_kind (event) != ISC_EVENT_REPLICA_TERMINATED)
        continue;
      n++;
      g_assert_cmpint (isc_event_get_actor_kind (event), ==, ISC_EVENT_ACTOR_BASETEN_SYSTEM);
      dep = _isc_demo_fleet_lookup_deployment (model, isc_event_get_deployment_id (event));
      g_assert_nonnull (dep);
      _isc_demo_generator_bucket_facts (dep, SEED, NOW_MS / 1000, t_ms / 1000 / 30 * 30, &facts);
      g_assert_true (facts.restart);

      path = g_strdup_printf ("/v1/models/%s/deployments/%s/logs?start_epoch_millis=%" G_GINT64_FORMAT
                              "&end_epoch_millis=%" G_GINT64_FORMAT "&replica=%s",
                              ISC_DEMO_MODEL_CHAT, dep->id, t_ms - 1000, t_ms + MINUTE_MS,
                              isc_event_get_detail (event));
      logs = demo_get_json (f, path);
      lines = json_object_get_array_member (demo_object_of (logs), "logs");
      for (guint k = 0; k < json_array_get_length (lines); k++)
        {
          const char *message = json_object_get_string_member (json_array_get_object_element (lines, k), "message");

          if (strstr (message, "restart") != NULL)
            restarted = TRUE;
        }
      g_assert_true (restarted);
    }

  /* Yesterday's and today's incidents restarted some. */
  g_assert_cmpuint (n, >, 0);
}

/* The paused promotion of text-embeddings: started and paused by a
 * person, when isc-demo-promotion-private.h says, and discovery shows it
 * PAUSED now. */
static void
test_paused_promotion (DemoFixture   *f,
                       gconstpointer  data)
{
  g_autoptr(GPtrArray) events = get_all (f, EMBED_AUDIT, NOW_MS - 26 * HOUR_MS, NOW_MS);
  IscDemoPromotion promotion = _isc_demo_promotion_get (SEED, NOW_MS / 1000);
  IscEvent *started = find (events, ISC_EVENT_PROMOTED, ISC_DEMO_PROMOTION_CANDIDATE);
  IscEvent *paused = find (events, ISC_EVENT_PROMOTION_CONTROL, ISC_DEMO_PROMOTION_CANDIDATE);
  g_autoptr(JsonNode) env = demo_get_json (f, "/v1/models/" ISC_DEMO_MODEL_EMBED "/environments/production");
  JsonObject *in_progress = json_object_get_object_member (demo_object_of (env), "in_progress_promotion");
  g_autofree char *label = NULL;

  g_assert_nonnull (started);
  g_assert_cmpint (isc_event_get_time_ms (started), ==, promotion.started_s * 1000);
  g_assert_nonnull (paused);
  g_assert_cmpint (isc_event_get_time_ms (paused), ==, promotion.paused_s * 1000);
  g_assert_cmpstr (isc_event_get_detail (paused), ==, "PAUSE");
  g_assert_cmpstr (isc_event_get_environment_name (paused), ==, "production");
  label = isc_event_dup_label (paused);
  g_assert_cmpstr (label, ==, "promotion paused");

  g_assert_nonnull (in_progress);
  g_assert_cmpstr (json_object_get_string_member (in_progress, "status"), ==, "PAUSED");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("/demo-audit/paging", test_paging);
  ADD ("/demo-audit/query-rules", test_query_rules);
  ADD ("/demo-audit/member-forbidden", test_member_forbidden);
  ADD ("/demo-audit/chat-promotion", test_chat_promotion);
  ADD ("/demo-audit/chat-autoscaling", test_chat_autoscaling);
  ADD ("/demo-audit/restarts", test_restarts);
  ADD ("/demo-audit/paused-promotion", test_paused_promotion);

  return g_test_run ();
}
