/* test-audit-log-decoder.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The audit log decoder and the event model: pages shaped as
 * baseten-api-reference.md §2 has them, with every event type the charts
 * draw and some they do not; what a person reads of each event; which
 * target an event concerns; and every wrong shape refused in words.
 */

#include "config.h"

#include <string.h>

#include "isc-audit-log-decoder.h"

#define ACTOR_ANA   "\"actor\": {\"type\": \"USER\", \"email\": \"ana@example.com\"}"
#define ACTOR_KEY   "\"actor\": {\"type\": \"API_KEY\", \"api_key_prefix\": \"Xk3Tq\", \"api_key_name\": \"ci-deploy\", \"email\": null}"
#define ACTOR_SYS   "\"actor\": {\"type\": \"BASETEN_SYSTEM\"}"
#define M(dep, name) \
  "\"model_id\": \"m1\", \"model_name\": \"chat\", \"deployment_id\": \"" dep "\", \"deployment_name\": \"" name "\""
#define AS(min, max, conc) \
  "\"min_replica\": " #min ", \"max_replica\": " #max ", \"concurrency_target\": " #conc ", " \
  "\"autoscaling_window\": 60, \"scale_down_delay\": 900, \"target_utilization_percentage\": 70, " \
  "\"target_in_flight_tokens\": null, \"max_scale_down_rate\": 20.0"

/* Unicode's isolates, around a name that could reorder its neighbours. */
#define FSI "\xe2\x81\xa8"
#define PDI "\xe2\x81\xa9"

/* Every kind the charts draw, and four they do not, oldest first. */
static const char page_all[] =
  "{\"items\": ["
  "{\"id\": \"e1\", \"created\": \"2026-11-30T08:00:00.000000Z\", \"event_type\": \"MODEL_DEPLOYED\","
  " \"event_data\": {\"event_type\": \"MODEL_DEPLOYED\", " M ("d8", "v8") ", \"scale_previous_to_zero\": false,"
  " \"trusted\": false, \"publish\": false, \"environment_name\": null},"
  " \"source\": \"API\", " ACTOR_KEY ", \"client_name\": \"truss\", \"client_version\": \"0.9.1\"},"
  "{\"id\": \"e2\", \"created\": \"2026-11-30T09:00:00Z\", \"event_type\": \"MODEL_DEPLOYMENT_PROMOTED\","
  " \"event_data\": {\"event_type\": \"MODEL_DEPLOYMENT_PROMOTED\", " M ("d8", "v8") ", \"environment_name\": \"production\","
  " \"environment_id\": null}, \"source\": \"UI\", " ACTOR_ANA "},"
  "{\"id\": \"e3\", \"created\": \"2026-11-30T09:05:00Z\", \"event_type\": \"MODEL_DEPLOYMENT_ACTIVATED\","
  " \"event_data\": {\"event_type\": \"MODEL_DEPLOYMENT_ACTIVATED\", " M ("d7", "v7") "}, \"source\": \"UI\", " ACTOR_ANA "},"
  "{\"id\": \"e4\", \"created\": \"2026-11-30T09:10:00Z\", \"event_type\": \"MODEL_DEPLOYMENT_DEACTIVATED\","
  " \"event_data\": {\"event_type\": \"MODEL_DEPLOYMENT_DEACTIVATED\", " M ("d7", "v7") "}, \"source\": null, " ACTOR_SYS "},"
  "{\"id\": \"e5\", \"created\": \"2026-11-30T09:15:00Z\", \"event_type\": \"MODEL_DEPLOYMENT_RETRIED\","
  " \"event_data\": {\"event_type\": \"MODEL_DEPLOYMENT_RETRIED\", " M ("d9", "v9") ", \"retried\": true}, \"source\": \"MCP\", " ACTOR_ANA "},"
  "{\"id\": \"e6\", \"created\": \"2026-11-30T09:20:00Z\", \"event_type\": \"MODEL_DEPLOYMENT_AUTOSCALING_SETTINGS_CHANGED\","
  " \"event_data\": {\"event_type\": \"MODEL_DEPLOYMENT_AUTOSCALING_SETTINGS_CHANGED\", " M ("d8", "v8") ", " AS (1, 16, 6) ","
  " \"deployment_type\": null, \"previous_settings\": {" AS (1, 10, 6) "}, \"schedules\": null},"
  " \"source\": \"UI\", " ACTOR_ANA "},"
  "{\"id\": \"e7\", \"created\": \"2026-11-30T09:25:00Z\", \"event_type\": \"MODEL_DEPLOYMENT_REQUEST_BACKPRESSURE_SETTINGS_CHANGED\","
  " \"event_data\": {\"event_type\": \"MODEL_DEPLOYMENT_REQUEST_BACKPRESSURE_SETTINGS_CHANGED\", " M ("d8", "v8") ","
  " \"policy\": \"REJECT_ON_FULL\", \"previous_policy\": \"QUEUE_ON_FULL\"}, \"source\": \"API\", " ACTOR_KEY "},"
  "{\"id\": \"e8\", \"created\": \"2026-11-30T09:30:00Z\", \"event_type\": \"MODEL_DEPLOYMENT_INSTANCE_TYPE_CHANGED\","
  " \"event_data\": {\"event_type\": \"MODEL_DEPLOYMENT_INSTANCE_TYPE_CHANGED\", " M ("d8", "v8") ","
  " \"instance_type_name\": \"H100:2x52x468\"}, \"source\": \"UI\", " ACTOR_ANA "},"
  "{\"id\": \"e9\", \"created\": \"2026-11-30T09:35:00Z\", \"event_type\": \"ENVIRONMENT_CREATED\","
  " \"event_data\": {\"event_type\": \"ENVIRONMENT_CREATED\", " AS (0, 2, 1) ", \"model_id\": \"m1\", \"model_name\": \"chat\","
  " \"environment_name\": \"staging\", \"deployment_type\": null}, \"source\": \"UI\", " ACTOR_ANA "},"
  "{\"id\": \"e10\", \"created\": \"2026-11-30T09:40:00Z\", \"event_type\": \"ENVIRONMENT_UPDATED\","
  " \"event_data\": {\"event_type\": \"ENVIRONMENT_UPDATED\", " AS (2, 8, 6) ", \"rolling_deploy\": true,"
  " \"model_id\": \"m1\", \"model_name\": \"chat\", \"environment_name\": \"production\", \"deployment_type\": null,"
  " \"previous_settings\": {" AS (2, 4, 6) ", \"rolling_deploy\": false},"
  " \"schedules\": [{\"action\": \"CREATED\", \"schedule_id\": \"s1\", \"previous\": null,"
  "   \"current\": {\"schedule_name\": \"Afternoon peak\", \"enabled\": true, \"cadence\": \"DAILY\", \"timezone\": \"UTC\","
  "   \"weekdays\": null, \"start_hour\": 14, \"start_minute\": 0, \"end_hour\": 19, \"end_minute\": 0,"
  "   \"min_replica\": 4, \"max_replica\": 16, \"concurrency_target\": null, \"autoscaling_window\": null,"
  "   \"scale_down_delay\": null, \"target_utilization_percentage\": null, \"target_in_flight_tokens\": null,"
  "   \"max_scale_down_rate\": null}}]},"
  " \"source\": \"UI\", " ACTOR_ANA "},"
  "{\"id\": \"e11\", \"created\": \"2026-11-30T09:45:00Z\", \"event_type\": \"MODEL_PROMOTION_CONTROL_ACTION\","
  " \"event_data\": {\"event_type\": \"MODEL_PROMOTION_CONTROL_ACTION\", " M ("d9", "v9") ", \"environment_name\": \"production\","
  " \"environment_id\": \"env1\", \"action\": \"PAUSE\"}, \"source\": \"UI\", " ACTOR_ANA "},"
  "{\"id\": \"e12\", \"created\": \"2026-11-30T09:50:00Z\", \"event_type\": \"REPLICA_TERMINATED\","
  " \"event_data\": {\"event_type\": \"REPLICA_TERMINATED\", " M ("d8", "v8") ", \"replica_id\": \"x7k2q\"},"
  " \"source\": \"SYSTEM\", " ACTOR_SYS "},"
  /* Not drawn: skipped, whatever their payload. */
  "{\"id\": \"u1\", \"created\": \"2026-11-30T09:51:00Z\", \"event_type\": \"SECRET_UPDATED\","
  " \"event_data\": {\"event_type\": \"SECRET_UPDATED\", \"secret_id\": \"s\", \"secret_name\": \"HF_TOKEN\"},"
  " \"source\": \"UI\", " ACTOR_ANA "},"
  "{\"id\": \"u2\", \"created\": \"2026-11-30T09:52:00Z\", \"event_type\": \"CHAIN_DEPLOYED\","
  " \"event_data\": {}, \"source\": \"API\", " ACTOR_KEY "},"
  "{\"id\": \"u3\", \"created\": \"2026-11-30T09:53:00Z\", \"event_type\": \"MODEL_DEPLOYMENT_DELETED\","
  " \"event_data\": {\"event_type\": \"MODEL_DEPLOYMENT_DELETED\", " M ("d1", "v1") "}, \"source\": \"UI\", " ACTOR_ANA "},"
  "{\"event_type\": \"SOMETHING_BASETEN_ADDS_LATER\", \"later\": [1, 2, 3]}"
  "], \"pagination\": {\"has_more\": true, \"cursor\": \"Y3Vyc29yLTI=\"}}";

static IscAuditLogPage *
decode (const char *text)
{
  g_autoptr(GError) error = NULL;
  IscAuditLogPage *page = isc_audit_log_decode (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (page);
  return page;
}

static IscEvent *
event_at (IscAuditLogPage *page,
          guint            i)
{
  g_assert_cmpuint (i, <, page->events->len);
  return g_ptr_array_index (page->events, i);
}

static void
assert_describes (IscAuditLogPage *page,
                  guint            i,
                  const char      *label,
                  const char      *sentence)
{
  g_autofree char *got_label = isc_event_dup_label (event_at (page, i));
  g_autofree char *got_sentence = isc_event_describe (event_at (page, i));

  g_assert_cmpstr (got_label, ==, label);
  g_assert_cmpstr (got_sentence, ==, sentence);
}

static void
test_every_kind (void)
{
  g_autoptr(IscAuditLogPage) page = decode (page_all);
  static const IscEventKind kinds[] = {
    ISC_EVENT_DEPLOYED, ISC_EVENT_PROMOTED, ISC_EVENT_ACTIVATED, ISC_EVENT_DEACTIVATED,
    ISC_EVENT_RETRIED, ISC_EVENT_AUTOSCALING_CHANGED, ISC_EVENT_BACKPRESSURE_CHANGED,
    ISC_EVENT_INSTANCE_TYPE_CHANGED, ISC_EVENT_ENVIRONMENT_CREATED, ISC_EVENT_ENVIRONMENT_UPDATED,
    ISC_EVENT_PROMOTION_CONTROL, ISC_EVENT_REPLICA_TERMINATED,
  };

  g_assert_cmpuint (page->events->len, ==, G_N_ELEMENTS (kinds));
  g_assert_cmpuint (page->n_skipped, ==, 4);
  g_assert_true (page->has_more);
  g_assert_cmpstr (page->cursor, ==, "Y3Vyc29yLTI=");

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    g_assert_cmpint (isc_event_get_kind (event_at (page, i)), ==, kinds[i]);

  /* Times are ISO 8601, with or without the fraction. */
  g_assert_cmpint (isc_event_get_time_ms (event_at (page, 0)), ==, G_GINT64_CONSTANT (1796025600000));
  g_assert_cmpint (isc_event_get_time_ms (event_at (page, 1)), ==, G_GINT64_CONSTANT (1796029200000));

  g_assert_cmpstr (isc_event_get_id (event_at (page, 0)), ==, "e1");
  g_assert_cmpstr (isc_event_get_model_id (event_at (page, 0)), ==, "m1");
  g_assert_cmpstr (isc_event_get_deployment_id (event_at (page, 0)), ==, "d8");
  g_assert_cmpstr (isc_event_get_deployment_name (event_at (page, 0)), ==, "v8");
  g_assert_null (isc_event_get_environment_name (event_at (page, 0)));
  g_assert_cmpint (isc_event_get_source (event_at (page, 3)), ==, ISC_EVENT_SOURCE_UNKNOWN);
  g_assert_cmpint (isc_event_get_actor_kind (event_at (page, 3)), ==, ISC_EVENT_ACTOR_BASETEN_SYSTEM);
  g_assert_null (isc_event_get_deployment_id (event_at (page, 8)));
  g_assert_cmpstr (isc_event_get_environment_name (event_at (page, 8)), ==, "staging");
}

/* What a person reads on a marker and on hover. */
static void
test_describe (void)
{
  g_autoptr(IscAuditLogPage) page = decode (page_all);

  assert_describes (page, 0, "v8 deployed", "v8 deployed by " FSI "API key “ci-deploy” (Xk3Tq…)" PDI " from the API");
  assert_describes (page, 1, "v8 promoted to production", "v8 promoted to production by ana@example.com from the UI");
  assert_describes (page, 2, "v7 activated", "v7 activated by ana@example.com from the UI");
  assert_describes (page, 3, "v7 deactivated", "v7 deactivated by Baseten");
  assert_describes (page, 4, "v9 retried", "v9 retried by ana@example.com from MCP");
  /* Only what changed, previous → new. */
  assert_describes (page, 5, "max replicas 10 → 16", "max replicas 10 → 16 on v8 by ana@example.com from the UI");
  assert_describes (page, 6, "backpressure queue when full → reject when full",
                    "backpressure queue when full → reject when full on v8 by " FSI "API key “ci-deploy” (Xk3Tq…)" PDI " from the API");
  assert_describes (page, 7, "instance type now H100:2x52x468",
                    "instance type now H100:2x52x468 on v8 by ana@example.com from the UI");
  assert_describes (page, 8, "environment staging created", "environment staging created by ana@example.com from the UI");
  assert_describes (page, 9, "max replicas 4 → 8, rolling deploy off → on, schedule “Afternoon peak” created",
                    "max replicas 4 → 8, rolling deploy off → on, schedule “Afternoon peak” created on production "
                    "by ana@example.com from the UI");
  assert_describes (page, 10, "promotion paused", "promotion paused to production (v9) by ana@example.com from the UI");
  assert_describes (page, 11, "replica x7k2q terminated", "replica x7k2q terminated on v8 by Baseten");
}

static void
test_changes (void)
{
  g_autoptr(IscAuditLogPage) page = decode (page_all);
  const IscEventChange *changes;
  guint n;

  changes = isc_event_get_changes (event_at (page, 5), &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpstr (changes[0].field, ==, "max_replica");
  g_assert_cmpstr (changes[0].label, ==, "max replicas");
  g_assert_cmpstr (changes[0].before, ==, "10");
  g_assert_cmpstr (changes[0].after, ==, "16");

  changes = isc_event_get_changes (event_at (page, 0), &n);
  g_assert_null (changes);
  g_assert_cmpuint (n, ==, 0);

  g_assert_cmpstr (isc_event_get_detail (event_at (page, 10)), ==, "PAUSE");
  g_assert_cmpstr (isc_event_get_detail (event_at (page, 11)), ==, "x7k2q");
}

/* An autoscaling change with no previous settings says what it set. */
static void
test_no_previous (void)
{
  g_autoptr(IscAuditLogPage) page = decode (
    "{\"items\": [{\"id\": \"a\", \"created\": \"2026-11-30T09:20:00+01:00\","
    " \"event_type\": \"MODEL_DEPLOYMENT_AUTOSCALING_SETTINGS_CHANGED\","
    " \"event_data\": {\"event_type\": \"MODEL_DEPLOYMENT_AUTOSCALING_SETTINGS_CHANGED\", " M ("d8", "v8") ","
    " \"min_replica\": 1, \"max_replica\": 3, \"concurrency_target\": 2, \"autoscaling_window\": null,"
    " \"scale_down_delay\": null, \"target_utilization_percentage\": null, \"max_scale_down_rate\": null,"
    " \"previous_settings\": null, \"schedules\": null}, " ACTOR_ANA "}],"
    " \"pagination\": {\"has_more\": false}}");
  g_autofree char *label = isc_event_dup_label (event_at (page, 0));

  g_assert_cmpstr (label, ==, "min replicas 1, max replicas 3, concurrency target 2");
  /* A zone in the time is honoured. */
  g_assert_cmpint (isc_event_get_time_ms (event_at (page, 0)), ==, G_GINT64_CONSTANT (1796026800000));
  g_assert_false (page->has_more);
  g_assert_null (page->cursor);
}

static void
test_concerns (void)
{
  g_autoptr(IscAuditLogPage) page = decode (page_all);
  const char * const serving[] = { "d8", NULL };

  /* A deployment: its own events. */
  g_assert_true (isc_event_concerns (event_at (page, 5), ISC_TARGET_DEPLOYMENT, "d8", NULL));
  g_assert_false (isc_event_concerns (event_at (page, 5), ISC_TARGET_DEPLOYMENT, "d7", NULL));
  g_assert_false (isc_event_concerns (event_at (page, 9), ISC_TARGET_DEPLOYMENT, "d8", NULL));

  /* An environment: those naming it, and its deployments'. */
  g_assert_true (isc_event_concerns (event_at (page, 1), ISC_TARGET_ENVIRONMENT, "production", NULL));
  g_assert_true (isc_event_concerns (event_at (page, 9), ISC_TARGET_ENVIRONMENT, "production", NULL));
  g_assert_true (isc_event_concerns (event_at (page, 10), ISC_TARGET_ENVIRONMENT, "production", NULL));
  g_assert_false (isc_event_concerns (event_at (page, 8), ISC_TARGET_ENVIRONMENT, "production", serving));
  g_assert_true (isc_event_concerns (event_at (page, 11), ISC_TARGET_ENVIRONMENT, "production", serving));
  g_assert_false (isc_event_concerns (event_at (page, 11), ISC_TARGET_ENVIRONMENT, "production", NULL));
  g_assert_false (isc_event_concerns (event_at (page, 2), ISC_TARGET_ENVIRONMENT, "production", serving));
}

static IscEvent *
make (const char   *id,
      gint64        t,
      IscEventKind  kind,
      const char   *deployment_id,
      const char   *environment)
{
  return isc_event_new (id, t, kind, "m1", deployment_id, NULL, environment,
                        ISC_EVENT_ACTOR_BASETEN_SYSTEM, "Baseten", ISC_EVENT_SOURCE_SYSTEM,
                        kind == ISC_EVENT_REPLICA_TERMINATED ? "r" : NULL, NULL, 0);
}

static char *
ids_of (GPtrArray *events)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < events->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? " " : "", isc_event_get_id (events->pdata[i]));
  return g_string_free (out, FALSE);
}

static void
assert_selected (GPtrArray     *events,
                 IscTargetKind  kind,
                 const char    *id,
                 const char    *serving_at_start,
                 const char    *current,
                 const char    *candidate,
                 const char    *expected)
{
  g_autoptr(GPtrArray) selected = isc_event_select_for_target (events, kind, id, serving_at_start,
                                                                current, candidate);
  g_autofree char *got = ids_of (selected);

  g_assert_cmpstr (got, ==, expected);
}

/* Which events an environment's charts show: those of what served it at
 * their time. */
static void
test_select (void)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_object_unref);

  /* d8 in smoke tests, d7 serving; d8 promoted; d9 to staging. */
  g_ptr_array_add (events, make ("smoke", 1000, ISC_EVENT_REPLICA_TERMINATED, "d8", NULL));
  g_ptr_array_add (events, make ("old", 2000, ISC_EVENT_REPLICA_TERMINATED, "d7", NULL));
  g_ptr_array_add (events, make ("promoted", 3000, ISC_EVENT_PROMOTED, "d8", "production"));
  g_ptr_array_add (events, make ("new", 4000, ISC_EVENT_REPLICA_TERMINATED, "d8", NULL));
  g_ptr_array_add (events, make ("staging", 5000, ISC_EVENT_PROMOTED, "d9", "staging"));
  g_ptr_array_add (events, make ("d9", 6000, ISC_EVENT_REPLICA_TERMINATED, "d9", NULL));

  /* v7 served it at the start: its restart, then v8's after its promotion. */
  assert_selected (events, ISC_TARGET_ENVIRONMENT, "production", "d7", "d8", NULL, "old promoted new");
  /* Nothing known of the start: discovery's current stands in. */
  assert_selected (events, ISC_TARGET_ENVIRONMENT, "production", NULL, "d8", NULL, "smoke promoted new");
  /* Nothing at all: only what names it. */
  assert_selected (events, ISC_TARGET_ENVIRONMENT, "production", NULL, NULL, NULL, "promoted new");
  /* A promotion of d9 under way since before the start: d7 still serves. */
  assert_selected (events, ISC_TARGET_ENVIRONMENT, "production", "d9", "d7", "d9",
                   "old promoted new d9");
  assert_selected (events, ISC_TARGET_ENVIRONMENT, "staging", NULL, NULL, NULL, "staging d9");
  /* A deployment: its own, whenever. */
  assert_selected (events, ISC_TARGET_DEPLOYMENT, "d8", NULL, NULL, NULL, "smoke promoted new");
}

/* A right-to-left name is isolated in the sentence around it. */
static void
test_isolated (void)
{
  g_autoptr(IscEvent) event = isc_event_new ("a", 0, ISC_EVENT_PROMOTED, "m", "d", "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d",
                                             "production", ISC_EVENT_ACTOR_USER, "ana@example.com",
                                             ISC_EVENT_SOURCE_UI, NULL, NULL, 0);
  g_autofree char *label = isc_event_dup_label (event);

  g_assert_cmpstr (label, ==, FSI "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d" PDI " promoted to production");
}

/* Text from the server is never markup and never controls. */
static void
test_plain_text (void)
{
  g_autoptr(IscAuditLogPage) page = decode (
    "{\"items\": [{\"id\": \"a\", \"created\": \"2026-11-30T09:00:00Z\", \"event_type\": \"MODEL_DEPLOYMENT_ACTIVATED\","
    " \"event_data\": {\"event_type\": \"MODEL_DEPLOYMENT_ACTIVATED\", \"model_id\": \"m\", \"model_name\": \"x\","
    " \"deployment_id\": \"d\", \"deployment_name\": \"<b>v1</b>\\u001b[31m\\u202e\"},"
    " \"actor\": {\"type\": \"USER\", \"email\": \"eve@example.com\\n\\u0007\"}}],"
    " \"pagination\": {\"has_more\": false, \"cursor\": null}}");
  g_autofree char *sentence = isc_event_describe (event_at (page, 0));

  /* Kept as text (a label shows it as such), with no control left. */
  g_assert_nonnull (strstr (sentence, "<b>v1</b>"));
  for (const char *p = sentence; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_assert_false (g_unichar_iscntrl (c));
      g_assert_cmpuint (c, !=, 0x202E);
    }
}

static void
assert_refused (const char *text,
                int         code,
                const char *words)
{
  g_autoptr(GError) error = NULL;
  IscAuditLogPage *page = isc_audit_log_decode (text, strlen (text), &error);

  g_assert_null (page);
  g_assert_error (error, ISC_AUDIT_LOG_DECODE_ERROR, code);
  if (strstr (error->message, words) == NULL)
    g_error ("“%s” does not say “%s”", error->message, words);
}

#define ENTRY(fields) "{\"items\": [" fields "], \"pagination\": {\"has_more\": false}}"

static void
test_wrong_shapes (void)
{
  assert_refused ("", ISC_AUDIT_LOG_DECODE_ERROR_SYNTAX, "empty");
  assert_refused ("{\"items\": [", ISC_AUDIT_LOG_DECODE_ERROR_SYNTAX, "not valid JSON");
  assert_refused ("[]", ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "not an object");
  assert_refused ("{\"pagination\": {\"has_more\": false}}", ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "“items”");
  assert_refused ("{\"items\": []}", ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "“pagination”");
  assert_refused ("{\"items\": [], \"pagination\": {\"has_more\": \"yes\"}}", ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                  "“has_more”");
  assert_refused ("{\"items\": [], \"pagination\": {\"has_more\": true, \"cursor\": null}}",
                  ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "no cursor");
  assert_refused (ENTRY ("7"), ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "Entry 1");
  assert_refused (ENTRY ("{\"id\": \"a\"}"), ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "“event_type”");
  assert_refused (ENTRY ("{\"event_type\": \"MODEL_DEPLOYMENT_ACTIVATED\", \"created\": \"2026-11-30T09:00:00Z\"}"),
                  ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "“id”");
  assert_refused (ENTRY ("{\"id\": \"a\", \"event_type\": \"MODEL_DEPLOYMENT_ACTIVATED\", \"created\": 1796025600000,"
                         " \"event_data\": {}, " ACTOR_ANA "}"),
                  ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "“created”");
  assert_refused (ENTRY ("{\"id\": \"a\", \"event_type\": \"MODEL_DEPLOYMENT_ACTIVATED\", \"created\": \"yesterday\","
                         " \"event_data\": {}, " ACTOR_ANA "}"),
                  ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "ISO 8601");
  assert_refused (ENTRY ("{\"id\": \"a\", \"event_type\": \"MODEL_DEPLOYMENT_ACTIVATED\", \"created\": \"2026-11-30T09:00:00Z\","
                         " " ACTOR_ANA "}"),
                  ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "“event_data”");
  assert_refused (ENTRY ("{\"id\": \"a\", \"event_type\": \"MODEL_DEPLOYMENT_ACTIVATED\", \"created\": \"2026-11-30T09:00:00Z\","
                         " \"event_data\": {}}"),
                  ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "“actor”");
  assert_refused (ENTRY ("{\"id\": \"a\", \"event_type\": \"MODEL_DEPLOYMENT_ACTIVATED\", \"created\": \"2026-11-30T09:00:00Z\","
                         " \"event_data\": {\"model_id\": \"m\"}, " ACTOR_ANA "}"),
                  ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "“deployment_id”");
  assert_refused (ENTRY ("{\"id\": \"a\", \"event_type\": \"REPLICA_TERMINATED\", \"created\": \"2026-11-30T09:00:00Z\","
                         " \"event_data\": {" M ("d", "v") "}, " ACTOR_ANA "}"),
                  ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "“replica_id”");
  assert_refused (ENTRY ("{\"id\": \"a\", \"event_type\": \"MODEL_DEPLOYMENT_ACTIVATED\", \"created\": \"2026-11-30T09:00:00Z\","
                         " \"event_data\": {" M ("d", "v") "}, \"source\": 3, " ACTOR_ANA "}"),
                  ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "“source”");
  assert_refused ("{\"items\": [], \"pagination\": {\"has_more\": false}}\xff", ISC_AUDIT_LOG_DECODE_ERROR_SYNTAX,
                  "UTF-8");
}

/* Bounded: too deep, too many entries, too large. */
static void
test_bounds (void)
{
  g_autoptr(GString) deep = g_string_new ("{\"items\": [], \"pagination\": {\"has_more\": false}, \"x\": ");
  g_autoptr(GString) many = g_string_new ("{\"items\": [");
  g_autoptr(GError) error = NULL;
  g_autofree char *huge = NULL;
  IscAuditLogPage *page;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (deep, '[');
  assert_refused (deep->str, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, "levels deep");

  for (guint i = 0; i <= ISC_AUDIT_LOG_MAX_PAGE; i++)
    g_string_append_printf (many, "%s{}", i > 0 ? "," : "");
  g_string_append (many, "], \"pagination\": {\"has_more\": false}}");
  assert_refused (many->str, ISC_AUDIT_LOG_DECODE_ERROR_TOO_MANY, "entries");

  huge = g_malloc (ISC_AUDIT_LOG_MAX_BYTES + 2);
  memset (huge, ' ', ISC_AUDIT_LOG_MAX_BYTES + 1);
  huge[ISC_AUDIT_LOG_MAX_BYTES + 1] = '\0';
  page = isc_audit_log_decode (huge, ISC_AUDIT_LOG_MAX_BYTES + 1, &error);
  g_assert_null (page);
  g_assert_error (error, ISC_AUDIT_LOG_DECODE_ERROR, ISC_AUDIT_LOG_DECODE_ERROR_TOO_MANY);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/audit-log-decoder/every-kind", test_every_kind);
  g_test_add_func ("/audit-log-decoder/describe", test_describe);
  g_test_add_func ("/audit-log-decoder/changes", test_changes);
  g_test_add_func ("/audit-log-decoder/no-previous", test_no_previous);
  g_test_add_func ("/audit-log-decoder/concerns", test_concerns);
  g_test_add_func ("/audit-log-decoder/select", test_select);
  g_test_add_func ("/audit-log-decoder/plain-text", test_plain_text);
  g_test_add_func ("/audit-log-decoder/isolated", test_isolated);
  g_test_add_func ("/audit-log-decoder/wrong-shapes", test_wrong_shapes);
  g_test_add_func ("/audit-log-decoder/bounds", test_bounds);

  return g_test_run ();
}
