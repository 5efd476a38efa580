/* test-discovery.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "isc-api-error.h"
#include "isc-client.h"
#include "isc-demo-server.h"
#include "isc-discovery.h"
#include "isc-test-util.h"

#define TEST_KEY "sk-discovery-test-0000"

static GString *captured_log;

static GBytes *
bytes_of (const char *text)
{
  return g_bytes_new_static (text, strlen (text));
}

static void
test_models_tolerant (void)
{
  g_autoptr(GBytes) bytes = bytes_of (
    "{\"models\":["
    " {\"id\":\"abc\",\"name\":\"Chat\",\"created_at\":\"2025-01-02T03:04:05Z\",\"deployments_count\":3,"
    "  \"production_deployment_id\":\"d8\",\"development_deployment_id\":null,"
    "  \"instance_type_name\":\"H100\",\"team_name\":\"ml\",\"a_new_field\":{\"x\":[1,2]}},"
    " {\"id\":12345,\"name\":null,\"deployments_count\":\"many\"}"
    "],\"next_page\":null}");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) models = isc_models_from_bytes (bytes, &error);
  IscModel *first, *second;

  g_assert_no_error (error);
  g_assert_cmpuint (models->len, ==, 2);

  first = g_ptr_array_index (models, 0);
  g_assert_cmpstr (first->id, ==, "abc");
  g_assert_cmpstr (first->name, ==, "Chat");
  g_assert_cmpint (first->deployments_count, ==, 3);
  g_assert_cmpstr (first->production_deployment_id, ==, "d8");
  g_assert_null (first->development_deployment_id);
  g_assert_cmpstr (first->team_name, ==, "ml");

  /* A numeric id reads as text; a field of the wrong type reads as absent. */
  second = g_ptr_array_index (models, 1);
  g_assert_cmpstr (second->id, ==, "12345");
  g_assert_null (second->name);
  g_assert_cmpint (second->deployments_count, ==, -1);
}

/* One id twice is one row, not two: the first entry stays, and the log
 * says what was left out. */
static void
test_duplicate_ids (void)
{
  g_autoptr(GBytes) models_bytes = bytes_of (
    "{\"models\":["
    " {\"id\":\"m1\",\"name\":\"chat\"},"
    " {\"id\":\"m2\",\"name\":\"embed\"},"
    " {\"id\":\"m1\",\"name\":\"chat again\"},"
    " {\"id\":\"m1\",\"name\":\"chat thrice\"}"
    "]}");
  g_autoptr(GBytes) deployments_bytes = bytes_of (
    "{\"deployments\":["
    " {\"id\":\"d1\",\"name\":\"v1\"}, {\"id\":\"d1\",\"name\":\"v1 again\"}, {\"id\":\"d2\"}"
    "]}");
  g_autoptr(GBytes) environments_bytes = bytes_of (
    "{\"environments\":["
    " {\"name\":\"production\"}, {\"name\":\"staging\"}, {\"name\":\"production\"}"
    "]}");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) models = NULL;
  g_autoptr(GPtrArray) deployments = NULL;
  g_autoptr(GPtrArray) environments = NULL;

  g_string_truncate (captured_log, 0);
  models = isc_models_from_bytes (models_bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (models->len, ==, 2);
  g_assert_cmpstr (((IscModel *) models->pdata[0])->id, ==, "m1");
  g_assert_cmpstr (((IscModel *) models->pdata[0])->name, ==, "chat");
  g_assert_cmpstr (((IscModel *) models->pdata[1])->id, ==, "m2");
  g_assert_nonnull (strstr (captured_log->str, "models[2] lists “m1” again"));
  g_assert_nonnull (strstr (captured_log->str, "models[3] lists “m1” again"));

  deployments = isc_deployments_from_bytes (deployments_bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (deployments->len, ==, 2);
  g_assert_cmpstr (((IscDeployment *) deployments->pdata[0])->name, ==, "v1");
  g_assert_cmpstr (((IscDeployment *) deployments->pdata[1])->id, ==, "d2");

  environments = isc_environments_from_bytes (environments_bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (environments->len, ==, 2);
  g_assert_cmpstr (((IscEnvironment *) environments->pdata[1])->name, ==, "staging");
}

static void
test_deployments_unknown_status (void)
{
  g_autoptr(GBytes) bytes = bytes_of (
    "{\"deployments\":["
    " {\"id\":\"d1\",\"name\":\"v1\",\"model_id\":\"abc\",\"is_production\":true,\"is_development\":false,"
    "  \"status\":\"SCALED_TO_ZERO\",\"active_replica_count\":0,"
    "  \"autoscaling_settings\":{\"min_replica\":0,\"max_replica\":4,\"concurrency_target\":2,"
    "   \"autoscaling_window\":60,\"scale_down_delay\":900,\"target_utilization_percentage\":70},"
    "  \"instance_type_name\":\"A10G\",\"environment\":\"production\"},"
    " {\"id\":\"d2\",\"status\":\"HIBERNATING\",\"autoscaling_settings\":null,\"environment\":null}"
    "]}");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) deployments = isc_deployments_from_bytes (bytes, &error);
  IscDeployment *d1, *d2;

  g_assert_no_error (error);
  g_assert_cmpuint (deployments->len, ==, 2);

  d1 = g_ptr_array_index (deployments, 0);
  g_assert_true (d1->is_production);
  g_assert_cmpint (d1->status, ==, ISC_DEPLOYMENT_STATUS_SCALED_TO_ZERO);
  g_assert_true (d1->has_autoscaling);
  g_assert_cmpint (d1->autoscaling.max_replica, ==, 4);
  g_assert_cmpint (d1->autoscaling.concurrency_target, ==, 2);
  g_assert_cmpstr (d1->environment, ==, "production");

  /* A status from a newer API is kept as sent, not an error. */
  d2 = g_ptr_array_index (deployments, 1);
  g_assert_cmpint (d2->status, ==, ISC_DEPLOYMENT_STATUS_UNKNOWN);
  g_assert_cmpstr (d2->status_string, ==, "HIBERNATING");
  g_assert_false (d2->has_autoscaling);
  g_assert_cmpint (d2->autoscaling.max_replica, ==, -1);
  g_assert_null (d2->environment);
}

/* Numbers no deployment has, as a hostile or broken server sends them:
 * read as unknown, never converted out of range (UBSan aborts on a
 * double past gint64) nor read as a huge or negative count. */
static void
test_deployments_numbers_out_of_range (void)
{
  g_autoptr(GBytes) bytes = bytes_of (
    "{\"deployments\":["
    " {\"id\":\"d1\",\"active_replica_count\":1e300,"
    "  \"autoscaling_settings\":{\"min_replica\":-1e300,\"max_replica\":9.9e18,\"concurrency_target\":1e19,"
    "   \"autoscaling_window\":9223372036854775807,\"scale_down_delay\":-5,"
    "   \"target_utilization_percentage\":4294967296}},"
    " {\"id\":\"d2\",\"active_replica_count\":3.0,"
    "  \"autoscaling_settings\":{\"min_replica\":1,\"max_replica\":2147483647}}"
    "]}");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) deployments = isc_deployments_from_bytes (bytes, &error);
  IscDeployment *d1, *d2;

  g_assert_no_error (error);
  g_assert_cmpuint (deployments->len, ==, 2);

  d1 = g_ptr_array_index (deployments, 0);
  g_assert_cmpint (d1->active_replica_count, ==, -1);
  g_assert_cmpint (d1->autoscaling.min_replica, ==, -1);
  g_assert_cmpint (d1->autoscaling.max_replica, ==, -1);
  g_assert_cmpint (d1->autoscaling.concurrency_target, ==, -1);
  g_assert_cmpint (d1->autoscaling.autoscaling_window, ==, -1);
  g_assert_cmpint (d1->autoscaling.scale_down_delay, ==, -1);
  g_assert_cmpint (d1->autoscaling.target_utilization_percentage, ==, -1);

  /* Within range, whole numbers as doubles or integers read as sent. */
  d2 = g_ptr_array_index (deployments, 1);
  g_assert_cmpint (d2->active_replica_count, ==, 3);
  g_assert_cmpint (d2->autoscaling.min_replica, ==, 1);
  g_assert_cmpint (d2->autoscaling.max_replica, ==, G_MAXINT);
}

static void
test_environments (void)
{
  g_autoptr(GBytes) bytes = bytes_of (
    "{\"environments\":[{\"name\":\"production\",\"model_id\":\"abc\",\"created_at\":\"2025-01-01T00:00:00Z\","
    " \"current_deployment\":{\"id\":\"d8\",\"status\":\"ACTIVE\"},"
    " \"candidate_deployment\":{\"id\":\"d9\",\"status\":\"DEPLOYING\"},"
    " \"in_progress_promotion\":{\"status\":\"RAMPING_UP\",\"percent_traffic_to_new_version\":25},"
    " \"autoscaling_settings\":{\"max_replica\":8},"
    " \"instance_type\":{\"memory_limit_mib\":65536,\"millicpu_limit\":8000,\"gpu_count\":1,"
    "  \"gpu_type\":\"H100\",\"gpu_memory_limit_mib\":81920}},"
    " {\"name\":\"staging\",\"current_deployment\":null}]}");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) environments = isc_environments_from_bytes (bytes, &error);
  IscEnvironment *production, *staging;

  g_assert_no_error (error);
  g_assert_cmpuint (environments->len, ==, 2);

  production = g_ptr_array_index (environments, 0);
  g_assert_cmpstr (production->current_deployment->id, ==, "d8");
  g_assert_cmpint (production->current_deployment->status, ==, ISC_DEPLOYMENT_STATUS_ACTIVE);
  g_assert_cmpstr (production->candidate_deployment->id, ==, "d9");
  g_assert_cmpstr (production->promotion_status, ==, "RAMPING_UP");
  g_assert_cmpfloat (production->promotion_percent, ==, 25);
  g_assert_cmpint (production->autoscaling.max_replica, ==, 8);
  g_assert_cmpint (production->gpu_memory_limit_mib, ==, 81920);
  g_assert_cmpstr (production->gpu_type, ==, "H100");

  staging = g_ptr_array_index (environments, 1);
  g_assert_null (staging->current_deployment);
  g_assert_null (staging->promotion_status);
  g_assert_cmpint (staging->gpu_count, ==, -1);
}

/* The settings in effect, as section 5 of the reference shapes them: the
 * applied state, the schedules, the promotion's status and message, the
 * backpressure policy, region and labels; unknown values tolerated. */
static void
test_environment_settings (void)
{
  g_autoptr(GBytes) bytes = bytes_of (
    "{\"environments\":[{\"name\":\"production\",\"model_id\":\"abc\","
    " \"current_deployment\":{\"id\":\"d8\",\"status\":\"UNHEALTHY\","
    "  \"autoscaling_settings\":{\"min_replica\":1,\"max_replica\":10,\"concurrency_target\":4,"
    "   \"target_in_flight_tokens\":120000,\"max_scale_down_rate\":20},"
    "  \"request_backpressure_settings\":{\"policy\":\"REJECT_ON_FULL\"},"
    "  \"region\":{\"slug\":\"us-east\",\"display_name\":\"US East\"},"
    "  \"labels\":{\"team\":\"search\",\"tier\":1,\"tags\":[\"a\"]}},"
    " \"candidate_deployment\":{\"id\":\"d9\",\"status\":\"ACTIVE\","
    "  \"request_backpressure_settings\":{\"policy\":\"SPILL_SOMEWHERE\"}},"
    " \"in_progress_promotion\":{\"status\":\"PAUSED\",\"percent_traffic_to_new_version\":10,"
    "  \"error_message\":\"Candidate failed readiness checks\"},"
    " \"autoscaling_settings\":{\"min_replica\":1,\"max_replica\":10,\"concurrency_target\":4,"
    "  \"target_in_flight_tokens\":120000},"
    " \"request_backpressure_settings\":{\"policy\":\"QUEUE_ON_FULL\"},"
    " \"autoscaling_schedules\":{\"timezone\":\"America/New_York\",\"schedules\":["
    "  {\"id\":\"s1\",\"name\":\"Business hours\",\"enabled\":true,\"cadence\":\"DAILY\","
    "   \"weekdays\":[\"MONDAY\",\"TUESDAY\",\"WEDNESDAY\",\"THURSDAY\",\"FRIDAY\",\"FUNDAY\"],"
    "   \"start_hour\":9,\"start_minute\":0,\"end_hour\":17,\"end_minute\":30,"
    "   \"autoscaling_settings\":{\"min_replica\":4,\"max_replica\":16,\"concurrency_target\":null}},"
    "  {\"id\":\"s2\",\"name\":\"Night batch\",\"enabled\":true,\"cadence\":\"DAILY\","
    "   \"weekdays\":[\"SUNDAY\"],\"start_hour\":22,\"start_minute\":0,\"end_hour\":2,\"end_minute\":0,"
    "   \"autoscaling_settings\":{\"min_replica\":2,\"max_replica\":3}},"
    "  {\"id\":\"s3\",\"name\":\"Launch\",\"enabled\":true,\"cadence\":\"ONE_TIME\","
    "   \"start_at\":\"2026-03-02T12:00:00Z\",\"end_at\":\"2026-03-02T14:00:00Z\","
    "   \"autoscaling_settings\":{\"min_replica\":8,\"max_replica\":40}},"
    "  {\"id\":\"s4\",\"name\":\"Top of the hour\",\"enabled\":true,\"cadence\":\"HOURLY\","
    "   \"weekdays\":[\"SATURDAY\"],\"start_minute\":55,\"end_minute\":5,"
    "   \"autoscaling_settings\":{\"min_replica\":2,\"max_replica\":12}},"
    "  {\"id\":\"s5\",\"name\":\"Off\",\"enabled\":false,\"cadence\":\"DAILY\","
    "   \"weekdays\":[\"SATURDAY\"],\"start_hour\":0,\"start_minute\":0,\"end_hour\":0,\"end_minute\":0,"
    "   \"autoscaling_settings\":{\"min_replica\":0,\"max_replica\":1}},"
    "  {\"id\":\"s6\",\"cadence\":\"FORTNIGHTLY\",\"enabled\":true,\"autoscaling_settings\":{\"max_replica\":99}},"
    "  7],"
    "  \"applied_state\":{\"schedule_id\":\"s1\",\"autoscaling_settings\":"
    "   {\"min_replica\":4,\"max_replica\":16,\"concurrency_target\":4,\"target_in_flight_tokens\":null}}}},"
    " {\"name\":\"staging\",\"in_progress_promotion\":{\"status\":\"TELEPORTING\"},"
    "  \"autoscaling_settings\":{\"min_replica\":0,\"max_replica\":2,\"concurrency_target\":1},"
    "  \"autoscaling_schedules\":null}]}");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) environments = isc_environments_from_bytes (bytes, &error);
  IscEnvironment *production, *staging;
  IscDeployment *current;
  IscAutoscaling now, at;
  const IscAutoscalingSchedule *applied;
  g_autoptr(GDateTime) t = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (environments->len, ==, 2);
  production = g_ptr_array_index (environments, 0);
  current = production->current_deployment;

  /* The promotion's state in words comes from these. */
  g_assert_cmpint (production->promotion, ==, ISC_PROMOTION_PAUSED);
  g_assert_cmpstr (production->promotion_message, ==, "Candidate failed readiness checks");
  g_assert_cmpfloat (production->promotion_percent, ==, 10);

  g_assert_cmpint (production->backpressure, ==, ISC_BACKPRESSURE_QUEUE_ON_FULL);
  g_assert_cmpint (current->backpressure, ==, ISC_BACKPRESSURE_REJECT_ON_FULL);
  g_assert_cmpint (production->candidate_deployment->backpressure, ==, ISC_BACKPRESSURE_OTHER);
  g_assert_cmpstr (current->region_slug, ==, "us-east");
  g_assert_cmpstr (current->region_name, ==, "US East");
  g_assert_cmpuint (g_strv_length (current->labels), ==, 6);
  g_assert_cmpstr (current->labels[0], ==, "team");
  g_assert_cmpstr (current->labels[1], ==, "search");
  g_assert_cmpstr (current->labels[3], ==, "1");
  g_assert_cmpstr (current->labels[5], ==, "[\"a\"]");
  g_assert_cmpint (current->autoscaling.target_in_flight_tokens, ==, 120000);
  g_assert_cmpint (current->autoscaling.max_scale_down_rate, ==, 20);

  /* Now: the applied state, its null fields from the base. */
  g_assert_cmpuint (production->schedules->len, ==, 6);
  g_assert_cmpstr (production->applied_schedule_id, ==, "s1");
  g_assert_true (isc_environment_get_effective_autoscaling (production, &now));
  g_assert_cmpint (now.max_replica, ==, 16);
  g_assert_cmpint (now.min_replica, ==, 4);
  g_assert_cmpint (now.target_in_flight_tokens, ==, 120000);

  /* Over a range: Monday 2026-03-09 10:00 in New York (14:00 UTC) is in
   * business hours; 08:59 is not; Saturday is not. */
  t = g_date_time_new_utc (2026, 3, 9, 14, 0, 0);
  applied = isc_environment_get_autoscaling_at (production, g_date_time_to_unix (t) * 1000, &at);
  g_assert_nonnull (applied);
  g_assert_cmpstr (applied->id, ==, "s1");
  g_assert_cmpint (at.max_replica, ==, 16);
  g_assert_cmpint (at.concurrency_target, ==, 4);    /* null: inherited */
  g_clear_pointer (&t, g_date_time_unref);
  t = g_date_time_new_utc (2026, 3, 9, 12, 59, 0);
  g_assert_null (isc_environment_get_autoscaling_at (production, g_date_time_to_unix (t) * 1000, &at));
  g_assert_cmpint (at.max_replica, ==, 10);
  g_clear_pointer (&t, g_date_time_unref);
  /* 17:29 New York applies, 17:30 does not. */
  t = g_date_time_new_utc (2026, 3, 9, 21, 29, 0);
  g_assert_nonnull (isc_environment_get_autoscaling_at (production, g_date_time_to_unix (t) * 1000, &at));
  g_clear_pointer (&t, g_date_time_unref);
  t = g_date_time_new_utc (2026, 3, 9, 21, 30, 0);
  g_assert_null (isc_environment_get_autoscaling_at (production, g_date_time_to_unix (t) * 1000, &at));
  g_clear_pointer (&t, g_date_time_unref);
  /* Past midnight: Sunday 22:00 to Monday 02:00 New York. Monday 01:00
   * New York is 05:00 UTC (EDT from 8 March). */
  t = g_date_time_new_utc (2026, 3, 9, 5, 0, 0);
  applied = isc_environment_get_autoscaling_at (production, g_date_time_to_unix (t) * 1000, &at);
  g_assert_cmpstr (applied != NULL ? applied->id : NULL, ==, "s2");
  g_assert_cmpint (at.max_replica, ==, 3);
  g_clear_pointer (&t, g_date_time_unref);
  /* Once, by its UTC instants. */
  t = g_date_time_new_utc (2026, 3, 2, 13, 0, 0);
  applied = isc_environment_get_autoscaling_at (production, g_date_time_to_unix (t) * 1000, &at);
  g_assert_cmpstr (applied != NULL ? applied->id : NULL, ==, "s3");
  g_assert_cmpint (at.max_replica, ==, 40);
  g_clear_pointer (&t, g_date_time_unref);
  /* Hourly on Saturdays, across the hour; the disabled one never. */
  t = g_date_time_new_utc (2026, 3, 14, 15, 2, 0);
  applied = isc_environment_get_autoscaling_at (production, g_date_time_to_unix (t) * 1000, &at);
  g_assert_cmpstr (applied != NULL ? applied->id : NULL, ==, "s4");
  g_clear_pointer (&t, g_date_time_unref);
  t = g_date_time_new_utc (2026, 3, 14, 15, 20, 0);
  g_assert_null (isc_environment_get_autoscaling_at (production, g_date_time_to_unix (t) * 1000, &at));
  g_assert_cmpint (at.max_replica, ==, 10);

  /* No schedules and an unknown promotion status. */
  staging = g_ptr_array_index (environments, 1);
  g_assert_cmpint (staging->promotion, ==, ISC_PROMOTION_OTHER);
  g_assert_cmpstr (staging->promotion_status, ==, "TELEPORTING");
  g_assert_cmpuint (staging->schedules->len, ==, 0);
  g_assert_false (staging->has_applied);
  g_assert_cmpint (staging->backpressure, ==, ISC_BACKPRESSURE_NONE);
  g_assert_true (isc_environment_get_effective_autoscaling (staging, &now));
  g_assert_cmpint (now.max_replica, ==, 2);
}

typedef struct
{
  const char *name;
  const char *json;
  const char *path;   /* in the message */
} BadCase;

static const BadCase bad_cases[] = {
  { "not-json", "<html>", NULL },
  { "empty", "", NULL },
  { "array", "[]", NULL },
  { "no-list", "{\"items\":[]}", "“models”" },
  { "missing-id", "{\"models\":[{\"id\":\"a\"},{\"name\":\"no id\"}]}", "models[1]" },
  { "not-object", "{\"models\":[{\"id\":\"a\"},7]}", "models[1]" },
};

static void
test_models_bad (gconstpointer data)
{
  const BadCase *c = data;
  g_autoptr(GBytes) bytes = bytes_of (c->json);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) models = isc_models_from_bytes (bytes, &error);

  g_assert_null (models);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED);
  g_assert_nonnull (strstr (error->message, "cannot read"));
  if (c->path != NULL)
    g_assert_nonnull (strstr (error->message, c->path));
}

static void
test_user (void)
{
  g_autoptr(GBytes) full = bytes_of ("{\"user_id\":\"u1\",\"email\":\"a@b.c\",\"name\":\"Ada\",\"workspace_name\":\"Lab\"}");
  g_autoptr(GBytes) bare = bytes_of ("{\"user_id\":\"u2\"}");
  g_autoptr(GBytes) none = bytes_of ("{\"email\":\"a@b.c\"}");
  g_autoptr(IscUser) user = isc_user_from_bytes (full, NULL);
  g_autoptr(IscUser) user2 = isc_user_from_bytes (bare, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(IscUser) user3 = isc_user_from_bytes (none, &error);

  g_assert_cmpstr (user->workspace_name, ==, "Lab");
  g_assert_cmpstr (user2->user_id, ==, "u2");
  g_assert_null (user2->email);
  g_assert_null (user3);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED);
}

/* Against the simulated API */

typedef struct
{
  gboolean  done;
  gpointer  result;
  GError   *error;
} Outcome;

static void
on_done (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  Outcome *outcome = data;
  IscClient *client = ISC_CLIENT (object);
  gpointer tag = g_task_get_source_tag (G_TASK (result));

  if (tag == isc_client_list_models_async)
    outcome->result = isc_client_list_models_finish (client, result, &outcome->error);
  else if (tag == isc_client_list_deployments_async)
    outcome->result = isc_client_list_deployments_finish (client, result, &outcome->error);
  else if (tag == isc_client_list_environments_async)
    outcome->result = isc_client_list_environments_finish (client, result, &outcome->error);
  else
    outcome->result = isc_client_get_current_user_finish (client, result, &outcome->error);

  outcome->done = TRUE;
}

static void
wait_outcome (Outcome *outcome)
{
  while (!outcome->done)
    g_main_context_iteration (NULL, TRUE);
}

static gboolean
has_id (GPtrArray  *items,
        gsize       offset,
        const char *id)
{
  for (guint i = 0; i < items->len; i++)
    {
      const char *item_id = G_STRUCT_MEMBER (const char *, g_ptr_array_index (items, i), offset);

      if (g_strcmp0 (item_id, id) == 0)
        return TRUE;
    }

  return FALSE;
}

static void
test_demo_discovery (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (3, TEST_KEY);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(GError) error = NULL;
  Outcome outcome = { 0 };

  isc_demo_server_listen_loopback (server, 0, &error);
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (server), TEST_KEY, &error);
  g_assert_no_error (error);

  isc_client_list_models_async (client, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  g_assert_true (has_id (outcome.result, G_STRUCT_OFFSET (IscModel, id), ISC_DEMO_MODEL_CHAT));
  g_assert_true (has_id (outcome.result, G_STRUCT_OFFSET (IscModel, id), ISC_DEMO_MODEL_EMBED));
  g_clear_pointer (&outcome.result, g_ptr_array_unref);
  memset (&outcome, 0, sizeof outcome);

  isc_client_list_deployments_async (client, ISC_DEMO_MODEL_CHAT, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  g_assert_true (has_id (outcome.result, G_STRUCT_OFFSET (IscDeployment, id), ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION));
  g_assert_false (has_id (outcome.result, G_STRUCT_OFFSET (IscDeployment, id), ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION));
  g_clear_pointer (&outcome.result, g_ptr_array_unref);
  memset (&outcome, 0, sizeof outcome);

  isc_client_list_environments_async (client, ISC_DEMO_MODEL_CHAT, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  g_assert_true (has_id (outcome.result, G_STRUCT_OFFSET (IscEnvironment, name), ISC_DEMO_ENVIRONMENT_PRODUCTION));
  g_clear_pointer (&outcome.result, g_ptr_array_unref);
  memset (&outcome, 0, sizeof outcome);

  isc_client_get_current_user_async (client, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  g_assert_nonnull (((IscUser *) outcome.result)->user_id);
  g_clear_pointer (&outcome.result, isc_user_unref);
  memset (&outcome, 0, sizeof outcome);

  /* An unknown model is named. */
  isc_client_list_deployments_async (client, "no-such-model", NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (outcome.error->message, "No model “no-such-model”"));
  g_clear_error (&outcome.error);
  memset (&outcome, 0, sizeof outcome);

  /* Checking a key: the wrong one is refused. */
  isc_client_set_api_key (client, "sk-wrong");
  isc_client_get_current_user_async (client, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_KEY_REFUSED);
  g_assert_null (strstr (outcome.error->message, "sk-wrong"));
  g_clear_error (&outcome.error);

  /* Close the client's connections, and let the server see them close. */
  g_clear_object (&client);
  for (guint i = 0; i < 10; i++)
    {
      g_usleep (2000);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  captured_log = g_string_new (NULL);
  g_log_set_writer_func (test_capture_writer, captured_log, NULL);
  test_log_to_writer ();

  g_test_add_func ("/isc/discovery/models-tolerant", test_models_tolerant);
  g_test_add_func ("/isc/discovery/duplicate-ids", test_duplicate_ids);
  g_test_add_func ("/isc/discovery/deployments-unknown-status", test_deployments_unknown_status);
  g_test_add_func ("/isc/discovery/numbers-out-of-range", test_deployments_numbers_out_of_range);
  g_test_add_func ("/isc/discovery/environments", test_environments);
  g_test_add_func ("/isc/discovery/environment-settings", test_environment_settings);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/discovery/bad/%s", bad_cases[i].name);
      g_test_add_data_func (path, &bad_cases[i], test_models_bad);
    }
  g_test_add_func ("/isc/discovery/user", test_user);
  g_test_add_func ("/isc/discovery/demo", test_demo_discovery);

  return g_test_run ();
}
