/* isc-demo-audit.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The demo's model audit log: what isc-demo-audit-private.h lists, as
 * entries of baseten-api-reference.md §2. */

#define G_LOG_DOMAIN "isc-demo-audit"

#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "isc-demo-audit-private.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-ids.h"
#include "isc-demo-logs-private.h"
#include "isc-demo-promotion-private.h"
#include "isc-math.h"

#define DAY_S  (24 * 3600)
#define BUCKET _ISC_DEMO_BUCKET_SECONDS

#define PERSON          ISC_DEMO_PROMOTION_STARTED_BY
#define CI_KEY_NAME     "ci-deploy"
#define CI_KEY_PREFIX   "Xk3Tq"

typedef struct
{
  guint64  seed;
  gint64   now_s;
  gint64   from_ms;
  gint64   to_ms;
  GArray  *entries;
} Build;

static IscDemoAuditEntry *
add (Build                   *b,
     gint64                   time_ms,
     const char              *event_type,
     const char              *group,
     const IscDemoDeployment *dep)
{
  IscDemoAuditEntry entry = { 0 };
  g_autofree char *key = NULL;
  g_autofree char *digest = NULL;

  if (dep == NULL || time_ms < b->from_ms || time_ms > b->to_ms || time_ms > b->now_s * 1000)
    return NULL;

  entry.time_ms = time_ms;
  entry.event_type = event_type;
  entry.group = group;
  entry.dep = dep;
  key = g_strdup_printf ("%s/%s/%" G_GINT64_FORMAT, event_type, dep->id, time_ms);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA1, key, -1);
  g_snprintf (entry.id, sizeof entry.id, "al_%.16s", digest);
  g_array_append_val (b->entries, entry);
  return &g_array_index (b->entries, IscDemoAuditEntry, b->entries->len - 1);
}

static void
by_person (IscDemoAuditEntry *e,
           const char        *email)
{
  if (e == NULL)
    return;
  e->actor_type = "USER";
  e->actor_email = email;
  e->source = "UI";
}

static void
by_ci (IscDemoAuditEntry *e)
{
  if (e == NULL)
    return;
  e->actor_type = "API_KEY";
  e->key_name = CI_KEY_NAME;
  e->key_prefix = CI_KEY_PREFIX;
  e->source = "API";
}

/* The latest time of the UTC day @offset_s at or before @t_s. */
static gint64
latest_daily (gint64 offset_s,
              gint64 t_s)
{
  return t_s - isc_floor_mod (t_s - offset_s, DAY_S);
}

static void
add_chat (Build              *b,
          const IscDemoModel *model)
{
  const IscDemoDeployment *d8 = _isc_demo_fleet_lookup_deployment (model, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  const IscDemoEnvironment *production = _isc_demo_fleet_lookup_environment (model, ISC_DEMO_ENVIRONMENT_PRODUCTION);
  gint64 promotion_s = _isc_demo_fleet_promotion_time (b->seed, b->now_s);
  gint64 incident, change_s;
  IscDemoAuditEntry *e;

  if (d8 == NULL || production == NULL)
    return;

  /* v7 served production from an hour after its creation. */
  if (production->previous_id != NULL)
    {
      const IscDemoDeployment *d7 = _isc_demo_fleet_lookup_deployment (model, production->previous_id);

      if (d7 != NULL)
        {
          e = add (b, (_isc_demo_fleet_created_time (d7, b->seed, b->now_s) + 3600) * 1000,
                   "MODEL_DEPLOYMENT_PROMOTED", "PROMOTED", d7);
          by_person (e, PERSON);
          if (e != NULL)
            e->environment = ISC_DEMO_ENVIRONMENT_PRODUCTION;
        }
    }

  by_ci (add (b, _isc_demo_fleet_created_time (d8, b->seed, b->now_s) * 1000,
              "MODEL_DEPLOYED", "DEPLOYED", d8));

  e = add (b, promotion_s * 1000, "MODEL_DEPLOYMENT_PROMOTED", "PROMOTED", d8);
  by_person (e, PERSON);
  if (e != NULL)
    e->environment = ISC_DEMO_ENVIRONMENT_PRODUCTION;

  /* An hour before the daily incident, the latest before now, on the
   * deployment serving production then. */
  incident = _isc_demo_generator_incident_offset (d8, b->seed);
  if (incident >= 0)
    {
      const IscDemoDeployment *serving;

      change_s = latest_daily (isc_floor_mod (incident - 3600, DAY_S), b->now_s - 60);
      serving = _isc_demo_fleet_serving (production, b->seed, b->now_s, change_s);
      if (serving != NULL && serving->concurrency_target > 2 &&
          change_s > _isc_demo_fleet_created_time (serving, b->seed, b->now_s))
        {
          e = add (b, change_s * 1000, "MODEL_DEPLOYMENT_AUTOSCALING_SETTINGS_CHANGED",
                   "AUTOSCALING_SETTINGS", serving);
          by_person (e, PERSON);
          if (e != NULL)
            e->previous_concurrency_target = serving->concurrency_target - 2;
        }
    }
}

static void
add_embed (Build              *b,
           const IscDemoModel *model)
{
  const IscDemoDeployment *candidate = _isc_demo_fleet_lookup_deployment (model, ISC_DEMO_PROMOTION_CANDIDATE);
  IscDemoPromotion promotion = _isc_demo_promotion_get (b->seed, b->now_s);
  IscDemoAuditEntry *e;

  if (candidate == NULL)
    return;

  e = add (b, promotion.started_s * 1000, "MODEL_DEPLOYMENT_PROMOTED", "PROMOTED", candidate);
  by_person (e, ISC_DEMO_PROMOTION_STARTED_BY);
  if (e != NULL)
    {
      e->source = ISC_DEMO_PROMOTION_STARTED_SOURCE;
      e->environment = ISC_DEMO_PROMOTION_ENVIRONMENT;
    }

  /* The spec maps no type to a group: PROMOTED is the demo's guess. */
  e = add (b, promotion.paused_s * 1000, "MODEL_PROMOTION_CONTROL_ACTION", "PROMOTED", candidate);
  by_person (e, ISC_DEMO_PROMOTION_PAUSED_BY);
  if (e != NULL)
    {
      e->source = ISC_DEMO_PROMOTION_PAUSED_SOURCE;
      e->environment = ISC_DEMO_PROMOTION_ENVIRONMENT;
      e->action = "PAUSE";
    }
}

static void
add_batch (Build              *b,
           const IscDemoModel *model)
{
  const IscDemoDeployment *d5 = _isc_demo_fleet_lookup_deployment (model, ISC_DEMO_DEPLOYMENT_BATCH_FAILED);

  if (d5 != NULL)
    by_ci (add (b, _isc_demo_fleet_created_time (d5, b->seed, b->now_s) * 1000,
                "MODEL_DEPLOYED", "DEPLOYED", d5));
}

/* A REPLICA_TERMINATED at each restart of @dep's daily incidents. */
static void
add_restarts (Build                   *b,
              const IscDemoDeployment *dep)
{
  gint64 offset = _isc_demo_generator_incident_offset (dep, b->seed);
  gint64 from_s = isc_floor_div (b->from_ms, 1000);
  gint64 to_s = MIN (isc_floor_div (b->to_ms, 1000), b->now_s);
  gint64 first_day;

  if (offset < 0 || dep->share == _ISC_DEMO_SHARE_NONE || from_s > to_s)
    return;

  /* The incidents that may reach into the window. */
  first_day = isc_floor_div (from_s - offset - _ISC_DEMO_INCIDENT_SECONDS, DAY_S);
  for (gint64 day = first_day; day * DAY_S + offset <= to_s; day++)
    {
      gint64 start = day * DAY_S + offset;
      gint64 first = isc_floor_div (MAX (start, from_s - BUCKET), BUCKET);
      gint64 last = isc_floor_div (MIN (start + _ISC_DEMO_INCIDENT_SECONDS, to_s), BUCKET);

      for (gint64 bucket = first; bucket <= last; bucket++)
        {
          char replica[6];
          gint64 t_ms;
          IscDemoAuditEntry *e;

          if (!_isc_demo_logs_restart_at (b->seed, dep, b->now_s, bucket, &t_ms, replica))
            continue;
          e = add (b, t_ms, "REPLICA_TERMINATED", "REPLICA_TERMINATED", dep);
          if (e == NULL)
            continue;
          e->actor_type = "BASETEN_SYSTEM";
          e->source = "SYSTEM";
          memcpy (e->replica, replica, sizeof e->replica);
        }
    }
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const IscDemoAuditEntry *x = a;
  const IscDemoAuditEntry *y = b;

  if (x->time_ms != y->time_ms)
    return x->time_ms < y->time_ms ? -1 : 1;
  return strcmp (x->id, y->id);
}

GArray *
_isc_demo_audit_entries (guint64             seed,
                         const IscDemoModel *model,
                         gint64              now_s,
                         gint64              from_ms,
                         gint64              to_ms)
{
  Build b = { seed, now_s, MAX (from_ms, (now_s - _ISC_DEMO_AUDIT_RETENTION_S) * 1000),
              MIN (to_ms, now_s * 1000), NULL };

  b.entries = g_array_new (FALSE, TRUE, sizeof (IscDemoAuditEntry));

  /* Only the demo's own models have a history. */
  if (model == NULL || _isc_demo_fleet_lookup_model (model->id) != model || b.from_ms > b.to_ms)
    return b.entries;

  if (g_str_equal (model->id, ISC_DEMO_MODEL_CHAT))
    add_chat (&b, model);
  else if (g_str_equal (model->id, ISC_DEMO_PROMOTION_MODEL))
    add_embed (&b, model);
  else if (g_str_equal (model->id, ISC_DEMO_MODEL_BATCH))
    add_batch (&b, model);

  {
    g_autoptr(GPtrArray) deps = _isc_demo_fleet_list_deployments (model);

    for (guint i = 0; i < deps->len; i++)
      add_restarts (&b, g_ptr_array_index (deps, i));
  }

  g_array_sort (b.entries, compare_entries);
  return b.entries;
}

static char *
iso8601_ms (gint64 time_ms)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (isc_floor_div (time_ms, 1000));
  g_autofree char *seconds = g_date_time_format (dt, "%Y-%m-%dT%H:%M:%S");

  return g_strdup_printf ("%s.%03d000Z", seconds, (int) isc_floor_mod (time_ms, 1000));
}

static void
member_string (JsonBuilder *b,
               const char  *name,
               const char  *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
member_int (JsonBuilder *b,
            const char  *name,
            gint64       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

/* AuditLogEventAutoscalingSettingsV1, as discovery's base settings say
 * (isc-demo-fleet.c), with @concurrency_target. */
static void
add_settings (JsonBuilder             *b,
              const IscDemoDeployment *dep,
              guint                    concurrency_target)
{
  member_int (b, "min_replica", dep->min_replica);
  member_int (b, "max_replica", dep->max_replica);
  member_int (b, "concurrency_target", concurrency_target);
  member_int (b, "autoscaling_window", 60);
  member_int (b, "scale_down_delay", dep->scale_down_delay_s);
  member_int (b, "target_utilization_percentage", 70);
  json_builder_set_member_name (b, "target_in_flight_tokens");
  if (dep->target_in_flight_tokens > 0)
    json_builder_add_int_value (b, dep->target_in_flight_tokens);
  else
    json_builder_add_null_value (b);
  /* A number in audit payloads. */
  json_builder_set_member_name (b, "max_scale_down_rate");
  json_builder_add_double_value (b, 20.0);
}

JsonNode *
_isc_demo_audit_entry_json (const IscDemoAuditEntry *e,
                            const IscDemoModel      *model)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *created = iso8601_ms (e->time_ms);

  json_builder_begin_object (b);
  member_string (b, "id", e->id);
  member_string (b, "created", created);
  member_string (b, "event_type", e->event_type);

  json_builder_set_member_name (b, "event_data");
  json_builder_begin_object (b);
  member_string (b, "event_type", e->event_type);
  member_string (b, "model_id", model->id);
  member_string (b, "model_name", model->name);
  member_string (b, "deployment_id", e->dep->id);
  member_string (b, "deployment_name", e->dep->name);
  if (g_str_equal (e->event_type, "MODEL_DEPLOYED"))
    {
      json_builder_set_member_name (b, "scale_previous_to_zero");
      json_builder_add_boolean_value (b, FALSE);
      json_builder_set_member_name (b, "trusted");
      json_builder_add_boolean_value (b, FALSE);
      json_builder_set_member_name (b, "publish");
      json_builder_add_boolean_value (b, FALSE);
      member_string (b, "environment_name", e->environment);
    }
  else if (g_str_equal (e->event_type, "MODEL_DEPLOYMENT_PROMOTED"))
    {
      member_string (b, "environment_name", e->environment);
      member_string (b, "environment_id", NULL);
    }
  else if (g_str_equal (e->event_type, "MODEL_PROMOTION_CONTROL_ACTION"))
    {
      member_string (b, "environment_name", e->environment);
      member_string (b, "environment_id", NULL);
      member_string (b, "action", e->action);
    }
  else if (g_str_equal (e->event_type, "MODEL_DEPLOYMENT_AUTOSCALING_SETTINGS_CHANGED"))
    {
      add_settings (b, e->dep, e->dep->concurrency_target);
      member_string (b, "deployment_type", NULL);
      json_builder_set_member_name (b, "previous_settings");
      json_builder_begin_object (b);
      add_settings (b, e->dep, e->previous_concurrency_target);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "schedules");
      json_builder_add_null_value (b);
    }
  else if (g_str_equal (e->event_type, "REPLICA_TERMINATED"))
    member_string (b, "replica_id", e->replica);
  json_builder_end_object (b);

  member_string (b, "source", e->source);

  json_builder_set_member_name (b, "actor");
  json_builder_begin_object (b);
  member_string (b, "type", e->actor_type);
  if (e->actor_email != NULL)
    member_string (b, "email", e->actor_email);
  if (e->key_name != NULL)
    {
      member_string (b, "api_key_prefix", e->key_prefix);
      member_string (b, "api_key_name", e->key_name);
    }
  json_builder_end_object (b);

  member_string (b, "client_name", g_strcmp0 (e->source, "API") == 0 ? "truss" : NULL);
  member_string (b, "client_version", NULL);
  member_string (b, "client_session_id", NULL);
  json_builder_end_object (b);

  return json_builder_get_root (b);
}
