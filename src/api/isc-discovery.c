/* isc-discovery.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-discovery"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "isc-api-error.h"
#include "isc-discovery.h"
#include "isc-math.h"
#include "isc-text.h"

G_DEFINE_BOXED_TYPE (IscModel, isc_model, isc_model_ref, isc_model_unref)
G_DEFINE_BOXED_TYPE (IscDeployment, isc_deployment, isc_deployment_ref, isc_deployment_unref)
G_DEFINE_BOXED_TYPE (IscEnvironment, isc_environment, isc_environment_ref, isc_environment_unref)
G_DEFINE_BOXED_TYPE (IscUser, isc_user, isc_user_ref, isc_user_unref)

static const char * const status_names[] = {
  NULL, "BUILDING", "DEPLOYING", "DEPLOY_FAILED", "LOADING_MODEL", "ACTIVE",
  "UNHEALTHY", "BUILD_FAILED", "BUILD_STOPPED", "DEACTIVATING", "INACTIVE",
  "FAILED", "UPDATING", "SCALED_TO_ZERO", "WAKING_UP",
};

IscDeploymentStatus
isc_deployment_status_from_string (const char *str)
{
  if (str == NULL)
    return ISC_DEPLOYMENT_STATUS_UNKNOWN;

  for (guint i = 1; i < G_N_ELEMENTS (status_names); i++)
    {
      if (strcmp (str, status_names[i]) == 0)
        return (IscDeploymentStatus) i;
    }

  return ISC_DEPLOYMENT_STATUS_UNKNOWN;
}

static const char * const promotion_names[] = {
  NULL, "RELEASING", "RAMPING_UP", "RAMPING_DOWN", "PAUSED", "SUCCEEDED",
  "FAILED", "CANCELED",
};

IscPromotionStatus
isc_promotion_status_from_string (const char *str)
{
  if (str == NULL)
    return ISC_PROMOTION_NONE;

  for (guint i = 1; i < G_N_ELEMENTS (promotion_names); i++)
    {
      if (strcmp (str, promotion_names[i]) == 0)
        return (IscPromotionStatus) i;
    }

  return ISC_PROMOTION_OTHER;
}

/* Reading fields: a field of the wrong type reads as absent, so a change
 * in a beta API degrades one value rather than the whole list.
 */

/* The member's value, or NULL where it is absent, null or not a plain
 * value, or where the object holding it is itself absent.
 */
static JsonNode *
get_value (JsonObject *object,
           const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;

  return node;
}

static char *
dup_string (JsonObject *object,
            const char *name)
{
  JsonNode *node = get_value (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return g_strdup (json_node_get_string (node));
}

/* An id may come as a number in some responses. */
static char *
dup_id (JsonObject *object,
        const char *name)
{
  JsonNode *node = get_value (object, name);

  if (node != NULL && json_node_get_value_type (node) == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));

  return dup_string (object, name);
}

static double
get_number (JsonObject *object,
            const char *name,
            double      fallback)
{
  JsonNode *node = get_value (object, name);
  GType type;

  if (node == NULL)
    return fallback;

  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64 || type == G_TYPE_DOUBLE)
    return json_node_get_double (node);

  return fallback;
}

static gint64
get_int (JsonObject *object,
         const char *name)
{
  JsonNode *node = get_value (object, name);
  GType type;

  if (node == NULL)
    return -1;

  /* Every integer field is a count or a limit: one that is negative or
   * past G_MAXINT (1e300 replicas) is as good as absent, and converts to
   * an int later without overflow. */
  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    return isc_int64_bounded (json_node_get_int (node), 0, G_MAXINT, -1);
  if (type == G_TYPE_DOUBLE)
    return isc_double_to_int64_bounded (json_node_get_double (node), 0, G_MAXINT, -1);

  return -1;
}

static gboolean
get_bool (JsonObject *object,
          const char *name)
{
  JsonNode *node = get_value (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return FALSE;

  return json_node_get_boolean (node);
}

static JsonObject *
get_object (JsonObject *object,
            const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;

  return json_node_get_object (node);
}

/* Each value type is one table of its plain fields: the table reads them
 * and frees them, so a field added to a struct is added in one place.
 */
typedef enum
{
  FIELD_STRING,   /* char *, NULL when absent */
  FIELD_ID,       /* char *, from a string or an integer */
  FIELD_INT,      /* gint64 in [0, G_MAXINT], -1 when absent or out of range */
  FIELD_NUMBER,   /* double, -1 when absent */
  FIELD_BOOL,     /* gboolean, FALSE when absent */
} FieldType;

typedef struct
{
  const char *parent;   /* the member object that holds it, NULL for the object itself */
  const char *name;
  FieldType   type;
  gsize       offset;
} Field;

static const Field model_fields[] = {
  { NULL, "id", FIELD_ID, G_STRUCT_OFFSET (IscModel, id) },
  { NULL, "name", FIELD_STRING, G_STRUCT_OFFSET (IscModel, name) },
  { NULL, "created_at", FIELD_STRING, G_STRUCT_OFFSET (IscModel, created_at) },
  { NULL, "deployments_count", FIELD_INT, G_STRUCT_OFFSET (IscModel, deployments_count) },
  { NULL, "production_deployment_id", FIELD_ID, G_STRUCT_OFFSET (IscModel, production_deployment_id) },
  { NULL, "development_deployment_id", FIELD_ID, G_STRUCT_OFFSET (IscModel, development_deployment_id) },
  { NULL, "instance_type_name", FIELD_STRING, G_STRUCT_OFFSET (IscModel, instance_type_name) },
  { NULL, "team_name", FIELD_STRING, G_STRUCT_OFFSET (IscModel, team_name) },
};

static const Field deployment_fields[] = {
  { NULL, "id", FIELD_ID, G_STRUCT_OFFSET (IscDeployment, id) },
  { NULL, "name", FIELD_STRING, G_STRUCT_OFFSET (IscDeployment, name) },
  { NULL, "created_at", FIELD_STRING, G_STRUCT_OFFSET (IscDeployment, created_at) },
  { NULL, "model_id", FIELD_ID, G_STRUCT_OFFSET (IscDeployment, model_id) },
  { NULL, "is_production", FIELD_BOOL, G_STRUCT_OFFSET (IscDeployment, is_production) },
  { NULL, "is_development", FIELD_BOOL, G_STRUCT_OFFSET (IscDeployment, is_development) },
  { NULL, "status", FIELD_STRING, G_STRUCT_OFFSET (IscDeployment, status_string) },
  { NULL, "active_replica_count", FIELD_INT, G_STRUCT_OFFSET (IscDeployment, active_replica_count) },
  { NULL, "instance_type_name", FIELD_STRING, G_STRUCT_OFFSET (IscDeployment, instance_type_name) },
  { NULL, "environment", FIELD_STRING, G_STRUCT_OFFSET (IscDeployment, environment) },
  { "region", "slug", FIELD_STRING, G_STRUCT_OFFSET (IscDeployment, region_slug) },
  { "region", "display_name", FIELD_STRING, G_STRUCT_OFFSET (IscDeployment, region_name) },
};

static const Field environment_fields[] = {
  { NULL, "name", FIELD_STRING, G_STRUCT_OFFSET (IscEnvironment, name) },
  { NULL, "created_at", FIELD_STRING, G_STRUCT_OFFSET (IscEnvironment, created_at) },
  { NULL, "model_id", FIELD_ID, G_STRUCT_OFFSET (IscEnvironment, model_id) },
  { "in_progress_promotion", "status", FIELD_STRING, G_STRUCT_OFFSET (IscEnvironment, promotion_status) },
  { "in_progress_promotion", "percent_traffic_to_new_version", FIELD_NUMBER, G_STRUCT_OFFSET (IscEnvironment, promotion_percent) },
  { "in_progress_promotion", "error_message", FIELD_STRING, G_STRUCT_OFFSET (IscEnvironment, promotion_message) },
  { "autoscaling_schedules", "timezone", FIELD_STRING, G_STRUCT_OFFSET (IscEnvironment, schedules_timezone) },
  { "instance_type", "memory_limit_mib", FIELD_INT, G_STRUCT_OFFSET (IscEnvironment, memory_limit_mib) },
  { "instance_type", "millicpu_limit", FIELD_INT, G_STRUCT_OFFSET (IscEnvironment, millicpu_limit) },
  { "instance_type", "gpu_count", FIELD_INT, G_STRUCT_OFFSET (IscEnvironment, gpu_count) },
  { "instance_type", "gpu_type", FIELD_STRING, G_STRUCT_OFFSET (IscEnvironment, gpu_type) },
  { "instance_type", "gpu_memory_limit_mib", FIELD_INT, G_STRUCT_OFFSET (IscEnvironment, gpu_memory_limit_mib) },
};

static const Field autoscaling_fields[] = {
  { NULL, "min_replica", FIELD_INT, G_STRUCT_OFFSET (IscAutoscaling, min_replica) },
  { NULL, "max_replica", FIELD_INT, G_STRUCT_OFFSET (IscAutoscaling, max_replica) },
  { NULL, "autoscaling_window", FIELD_INT, G_STRUCT_OFFSET (IscAutoscaling, autoscaling_window) },
  { NULL, "scale_down_delay", FIELD_INT, G_STRUCT_OFFSET (IscAutoscaling, scale_down_delay) },
  { NULL, "concurrency_target", FIELD_INT, G_STRUCT_OFFSET (IscAutoscaling, concurrency_target) },
  { NULL, "target_utilization_percentage", FIELD_INT, G_STRUCT_OFFSET (IscAutoscaling, target_utilization_percentage) },
  { NULL, "target_in_flight_tokens", FIELD_INT, G_STRUCT_OFFSET (IscAutoscaling, target_in_flight_tokens) },
  { NULL, "max_scale_down_rate", FIELD_INT, G_STRUCT_OFFSET (IscAutoscaling, max_scale_down_rate) },
};

static const Field schedule_fields[] = {
  { NULL, "id", FIELD_ID, G_STRUCT_OFFSET (IscAutoscalingSchedule, id) },
  { NULL, "name", FIELD_STRING, G_STRUCT_OFFSET (IscAutoscalingSchedule, name) },
  { NULL, "enabled", FIELD_BOOL, G_STRUCT_OFFSET (IscAutoscalingSchedule, enabled) },
  { NULL, "start_hour", FIELD_INT, G_STRUCT_OFFSET (IscAutoscalingSchedule, start_hour) },
  { NULL, "start_minute", FIELD_INT, G_STRUCT_OFFSET (IscAutoscalingSchedule, start_minute) },
  { NULL, "end_hour", FIELD_INT, G_STRUCT_OFFSET (IscAutoscalingSchedule, end_hour) },
  { NULL, "end_minute", FIELD_INT, G_STRUCT_OFFSET (IscAutoscalingSchedule, end_minute) },
};

static const Field user_fields[] = {
  { NULL, "user_id", FIELD_ID, G_STRUCT_OFFSET (IscUser, user_id) },
  { NULL, "email", FIELD_STRING, G_STRUCT_OFFSET (IscUser, email) },
  { NULL, "name", FIELD_STRING, G_STRUCT_OFFSET (IscUser, name) },
  { NULL, "workspace_name", FIELD_STRING, G_STRUCT_OFFSET (IscUser, workspace_name) },
};

/* A field whose parent object is absent reads as absent too. */
static void
read_fields (JsonObject  *object,
             const Field *fields,
             gsize        n_fields,
             gpointer     record)
{
  for (gsize i = 0; i < n_fields; i++)
    {
      const Field *field = &fields[i];
      JsonObject *from = field->parent != NULL ? get_object (object, field->parent) : object;

      switch (field->type)
        {
        case FIELD_STRING:
          G_STRUCT_MEMBER (char *, record, field->offset) = dup_string (from, field->name);
          break;

        case FIELD_ID:
          G_STRUCT_MEMBER (char *, record, field->offset) = dup_id (from, field->name);
          break;

        case FIELD_INT:
          G_STRUCT_MEMBER (gint64, record, field->offset) = get_int (from, field->name);
          break;

        case FIELD_NUMBER:
          G_STRUCT_MEMBER (double, record, field->offset) = get_number (from, field->name, -1);
          break;

        case FIELD_BOOL:
          G_STRUCT_MEMBER (gboolean, record, field->offset) = get_bool (from, field->name);
          break;

        default:
          g_assert_not_reached ();
        }
    }
}

static void
clear_fields (const Field *fields,
              gsize        n_fields,
              gpointer     record)
{
  for (gsize i = 0; i < n_fields; i++)
    {
      if (fields[i].type == FIELD_STRING || fields[i].type == FIELD_ID)
        g_free (G_STRUCT_MEMBER (char *, record, fields[i].offset));
    }
}

/* Reference counting */

static void
model_clear (gpointer data)
{
  clear_fields (model_fields, G_N_ELEMENTS (model_fields), data);
}

IscModel *
isc_model_ref (IscModel *model)
{
  return g_atomic_rc_box_acquire (model);
}

void
isc_model_unref (IscModel *model)
{
  g_atomic_rc_box_release_full (model, model_clear);
}

static void
deployment_clear (gpointer data)
{
  IscDeployment *deployment = data;

  clear_fields (deployment_fields, G_N_ELEMENTS (deployment_fields), data);
  g_clear_pointer (&deployment->labels, g_strfreev);
}

static void
schedule_free (gpointer data)
{
  clear_fields (schedule_fields, G_N_ELEMENTS (schedule_fields), data);
  g_free (data);
}

IscDeployment *
isc_deployment_ref (IscDeployment *deployment)
{
  return g_atomic_rc_box_acquire (deployment);
}

void
isc_deployment_unref (IscDeployment *deployment)
{
  g_atomic_rc_box_release_full (deployment, deployment_clear);
}

static void
environment_clear (gpointer data)
{
  IscEnvironment *environment = data;

  clear_fields (environment_fields, G_N_ELEMENTS (environment_fields), environment);
  g_clear_pointer (&environment->current_deployment, isc_deployment_unref);
  g_clear_pointer (&environment->candidate_deployment, isc_deployment_unref);
  g_clear_pointer (&environment->schedules, g_ptr_array_unref);
  g_clear_pointer (&environment->schedules_tz, g_time_zone_unref);
  g_free (environment->applied_schedule_id);
}

IscEnvironment *
isc_environment_ref (IscEnvironment *environment)
{
  return g_atomic_rc_box_acquire (environment);
}

void
isc_environment_unref (IscEnvironment *environment)
{
  g_atomic_rc_box_release_full (environment, environment_clear);
}

static void
user_clear (gpointer data)
{
  clear_fields (user_fields, G_N_ELEMENTS (user_fields), data);
}

IscUser *
isc_user_ref (IscUser *user)
{
  return g_atomic_rc_box_acquire (user);
}

void
isc_user_unref (IscUser *user)
{
  g_atomic_rc_box_release_full (user, user_clear);
}

/* -1 in every field where there are no settings. */
static gboolean
read_autoscaling (JsonObject     *object,
                  IscAutoscaling *autoscaling)
{
  JsonObject *settings = get_object (object, "autoscaling_settings");

  read_fields (settings, autoscaling_fields, G_N_ELEMENTS (autoscaling_fields), autoscaling);

  return settings != NULL;
}

static IscBackpressure
read_backpressure (JsonObject *object)
{
  g_autofree char *policy = dup_string (get_object (object, "request_backpressure_settings"), "policy");

  if (policy == NULL)
    return ISC_BACKPRESSURE_NONE;
  if (strcmp (policy, "QUEUE_ON_FULL") == 0)
    return ISC_BACKPRESSURE_QUEUE_ON_FULL;
  if (strcmp (policy, "REJECT_ON_FULL") == 0)
    return ISC_BACKPRESSURE_REJECT_ON_FULL;
  return ISC_BACKPRESSURE_OTHER;
}

/* Labels are user key/value pairs of any JSON type: strings as they are,
 * other values as JSON text, each cut short. */
static char **
read_labels (JsonObject *object)
{
  JsonObject *labels = get_object (object, "labels");
  g_autoptr(GStrvBuilder) builder = NULL;
  g_autoptr(GList) keys = NULL;
  guint n = 0;

  if (labels == NULL || json_object_get_size (labels) == 0)
    return NULL;

  /* In the order sent. */
  builder = g_strv_builder_new ();
  keys = json_object_get_members (labels);
  for (GList *l = keys; l != NULL && n < ISC_DISCOVERY_MAX_LABELS; l = l->next, n++)
    {
      const char *key = l->data;
      JsonNode *value = json_object_get_member (labels, key);
      g_autofree char *text = NULL;
      g_autofree char *shown_key = NULL;
      g_autofree char *shown_value = NULL;

      if (JSON_NODE_HOLDS_VALUE (value) && json_node_get_value_type (value) == G_TYPE_STRING)
        text = g_strdup (json_node_get_string (value));
      else
        text = json_to_string (value, FALSE);
      shown_key = isc_text_sanitize_cut (key, -1, 128);
      shown_value = isc_text_sanitize_cut (text, -1, 256);
      g_strv_builder_add (builder, shown_key);
      g_strv_builder_add (builder, shown_value);
    }

  return g_strv_builder_end (builder);
}

static gint64
read_time_ms (JsonObject *object,
              const char *name)
{
  g_autofree char *text = dup_string (object, name);
  g_autoptr(GDateTime) dt = NULL;

  if (text == NULL || !(dt = g_date_time_new_from_iso8601 (text, NULL)))
    return 0;
  return g_date_time_to_unix (dt) * 1000 + g_date_time_get_microsecond (dt) / 1000;
}

static const char * const weekday_names[] = {
  "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY",
};

static IscAutoscalingSchedule *
schedule_from_object (JsonObject *object)
{
  IscAutoscalingSchedule *schedule = g_new0 (IscAutoscalingSchedule, 1);
  g_autofree char *cadence = dup_string (object, "cadence");
  JsonNode *weekdays = json_object_get_member (object, "weekdays");

  read_fields (object, schedule_fields, G_N_ELEMENTS (schedule_fields), schedule);
  read_fields (get_object (object, "autoscaling_settings"), autoscaling_fields,
               G_N_ELEMENTS (autoscaling_fields), &schedule->settings);

  if (g_strcmp0 (cadence, "DAILY") == 0)
    schedule->cadence = ISC_SCHEDULE_CADENCE_DAILY;
  else if (g_strcmp0 (cadence, "HOURLY") == 0)
    schedule->cadence = ISC_SCHEDULE_CADENCE_HOURLY;
  else if (g_strcmp0 (cadence, "ONE_TIME") == 0)
    schedule->cadence = ISC_SCHEDULE_CADENCE_ONE_TIME;
  else
    schedule->cadence = ISC_SCHEDULE_CADENCE_OTHER;

  if (weekdays != NULL && JSON_NODE_HOLDS_ARRAY (weekdays))
    {
      JsonArray *array = json_node_get_array (weekdays);

      for (guint i = 0; i < json_array_get_length (array) && i < 64; i++)
        {
          JsonNode *day = json_array_get_element (array, i);

          if (!JSON_NODE_HOLDS_VALUE (day) || json_node_get_value_type (day) != G_TYPE_STRING)
            continue;
          for (guint d = 0; d < G_N_ELEMENTS (weekday_names); d++)
            if (strcmp (json_node_get_string (day), weekday_names[d]) == 0)
              schedule->weekdays |= 1u << d;
        }
    }

  schedule->start_at_ms = read_time_ms (object, "start_at");
  schedule->end_at_ms = read_time_ms (object, "end_at");

  return schedule;
}

static void
read_schedules (JsonObject     *object,
                IscEnvironment *environment)
{
  JsonObject *schedules = get_object (object, "autoscaling_schedules");
  JsonNode *list = schedules != NULL ? json_object_get_member (schedules, "schedules") : NULL;
  JsonObject *applied = get_object (schedules, "applied_state");

  environment->schedules = g_ptr_array_new_with_free_func (schedule_free);

  if (list != NULL && JSON_NODE_HOLDS_ARRAY (list))
    {
      JsonArray *array = json_node_get_array (list);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);

          if (environment->schedules->len >= ISC_DISCOVERY_MAX_SCHEDULES)
            {
              g_info ("an environment has more than %d autoscaling schedules; the rest are left out",
                      ISC_DISCOVERY_MAX_SCHEDULES);
              break;
            }
          if (JSON_NODE_HOLDS_OBJECT (element))
            g_ptr_array_add (environment->schedules, schedule_from_object (json_node_get_object (element)));
        }
    }

  if (environment->schedules_timezone != NULL)
    environment->schedules_tz = g_time_zone_new_identifier (environment->schedules_timezone);
  if (environment->schedules_tz == NULL)
    environment->schedules_tz = g_time_zone_new_utc ();
  environment->has_applied = read_autoscaling (applied, &environment->applied);
  environment->applied_schedule_id = dup_id (applied, "schedule_id");
}

static gboolean
missing_field (GError     **error,
               const char  *path,
               const char  *field)
{
  g_set_error (error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED,
               /* TRANSLATORS: the first %s is a JSON path, such as models[2], the second a field */
               _("Baseten sent a response Inferscope cannot read: %s has no “%s”."),
               path, field);
  return FALSE;
}

static IscModel *
model_from_object (JsonObject  *object,
                   const char  *path,
                   GError     **error)
{
  IscModel *model = g_atomic_rc_box_new0 (IscModel);

  read_fields (object, model_fields, G_N_ELEMENTS (model_fields), model);

  if (model->id == NULL)
    {
      missing_field (error, path, "id");
      isc_model_unref (model);
      return NULL;
    }

  return model;
}

static IscDeployment *
deployment_from_object (JsonObject  *object,
                        const char  *path,
                        GError     **error)
{
  IscDeployment *deployment = g_atomic_rc_box_new0 (IscDeployment);

  read_fields (object, deployment_fields, G_N_ELEMENTS (deployment_fields), deployment);
  deployment->status = isc_deployment_status_from_string (deployment->status_string);
  deployment->has_autoscaling = read_autoscaling (object, &deployment->autoscaling);
  deployment->backpressure = read_backpressure (object);
  deployment->labels = read_labels (object);

  if (deployment->id == NULL)
    {
      missing_field (error, path, "id");
      isc_deployment_unref (deployment);
      return NULL;
    }

  return deployment;
}

static IscEnvironment *
environment_from_object (JsonObject  *object,
                         const char  *path,
                         GError     **error)
{
  IscEnvironment *environment = g_atomic_rc_box_new0 (IscEnvironment);
  JsonObject *child;

  read_fields (object, environment_fields, G_N_ELEMENTS (environment_fields), environment);
  environment->has_autoscaling = read_autoscaling (object, &environment->autoscaling);
  environment->backpressure = read_backpressure (object);
  environment->promotion = isc_promotion_status_from_string (environment->promotion_status);
  read_schedules (object, environment);

  if (environment->name == NULL)
    {
      missing_field (error, path, "name");
      isc_environment_unref (environment);
      return NULL;
    }

  /* A nested deployment that cannot be read is left out, not fatal. */
  if ((child = get_object (object, "current_deployment")))
    environment->current_deployment = deployment_from_object (child, path, NULL);
  if ((child = get_object (object, "candidate_deployment")))
    environment->candidate_deployment = deployment_from_object (child, path, NULL);
  environment->has_effective = isc_environment_get_effective_autoscaling (environment, &environment->effective);

  return environment;
}

static JsonNode *
parse_root (GBytes  *bytes,
            GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local_error = NULL;
  gsize size = 0;
  const char *data = g_bytes_get_data (bytes, &size);
  JsonNode *root;

  if (size == 0 ||
      !json_parser_load_from_data (parser, data, size, &local_error))
    {
      g_set_error (error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED,
                   _("Baseten sent a response Inferscope cannot read: %s"),
                   local_error != NULL ? local_error->message : _("the body is empty"));
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED,
                           _("Baseten sent a response Inferscope cannot read: it is not a JSON object."));
      return NULL;
    }

  return json_node_ref (root);
}

typedef gpointer (*ObjectReader) (JsonObject  *object,
                                  const char  *path,
                                  GError     **error);

/* @id_offset: where each item keeps the id that tells it from the
 * others (an environment's name). */
static GPtrArray *
list_from_bytes (GBytes         *bytes,
                 const char     *member,
                 ObjectReader    reader,
                 GDestroyNotify  free_func,
                 gsize           id_offset,
                 GError        **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) items = NULL;
  g_autoptr(GHashTable) seen = NULL;
  JsonNode *list;
  JsonArray *array;

  if (!(root = parse_root (bytes, error)))
    return NULL;

  list = json_object_get_member (json_node_get_object (root), member);
  if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list))
    {
      g_set_error (error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED,
                   _("Baseten sent a response Inferscope cannot read: it has no list “%s”."),
                   member);
      return NULL;
    }

  array = json_node_get_array (list);
  items = g_ptr_array_new_full (json_array_get_length (array), free_func);
  seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *path = g_strdup_printf ("%s[%u]", member, i);
      const char *id;
      gpointer item;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        {
          g_set_error (error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED,
                       _("Baseten sent a response Inferscope cannot read: %s is not an object."),
                       path);
          return NULL;
        }

      if (!(item = reader (json_node_get_object (element), path, error)))
        return NULL;

      /* Two entries with one id would be two rows for one target, and
       * choosing either would show the same charts: the first stays. */
      id = G_STRUCT_MEMBER (const char *, item, id_offset);
      if (g_hash_table_contains (seen, id))
        {
          g_autofree char *shown = isc_text_sanitize_cut (id, -1, 64);

          g_info ("%s lists “%s” again; the repeat is left out", path, shown);
          free_func (item);
          continue;
        }

      g_hash_table_add (seen, (gpointer) id);
      g_ptr_array_add (items, item);
    }

  return g_steal_pointer (&items);
}

GPtrArray *
isc_models_from_bytes (GBytes  *bytes,
                       GError **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);

  return list_from_bytes (bytes, "models", (ObjectReader) model_from_object,
                          (GDestroyNotify) isc_model_unref, G_STRUCT_OFFSET (IscModel, id), error);
}

GPtrArray *
isc_deployments_from_bytes (GBytes  *bytes,
                            GError **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);

  return list_from_bytes (bytes, "deployments", (ObjectReader) deployment_from_object,
                          (GDestroyNotify) isc_deployment_unref, G_STRUCT_OFFSET (IscDeployment, id), error);
}

GPtrArray *
isc_environments_from_bytes (GBytes  *bytes,
                             GError **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);

  return list_from_bytes (bytes, "environments", (ObjectReader) environment_from_object,
                          (GDestroyNotify) isc_environment_unref, G_STRUCT_OFFSET (IscEnvironment, name), error);
}

IscUser *
isc_user_from_bytes (GBytes  *bytes,
                     GError **error)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;
  IscUser *user;

  g_return_val_if_fail (bytes != NULL, NULL);

  if (!(root = parse_root (bytes, error)))
    return NULL;

  object = json_node_get_object (root);
  user = g_atomic_rc_box_new0 (IscUser);
  read_fields (object, user_fields, G_N_ELEMENTS (user_fields), user);

  if (user->user_id == NULL)
    {
      missing_field (error, "user", "user_id");
      isc_user_unref (user);
      return NULL;
    }

  return user;
}

/* The settings in effect */

static void
autoscaling_unset (IscAutoscaling *out)
{
  memset (out, 0xff, sizeof *out);  /* -1 in every field */
}

/* @over's fields where set, @base's where null. */
static void
autoscaling_merge (const IscAutoscaling *base,
                   const IscAutoscaling *over,
                   IscAutoscaling       *out)
{
  const gint64 *b = (const gint64 *) base;
  const gint64 *o = (const gint64 *) over;
  gint64 *r = (gint64 *) out;

  G_STATIC_ASSERT (sizeof (IscAutoscaling) % sizeof (gint64) == 0);
  for (gsize i = 0; i < sizeof (IscAutoscaling) / sizeof (gint64); i++)
    r[i] = o[i] >= 0 ? o[i] : b[i];
}

static gboolean
base_autoscaling (IscEnvironment *environment,
                  IscAutoscaling *out)
{
  if (environment->has_autoscaling)
    *out = environment->autoscaling;
  else if (environment->current_deployment != NULL && environment->current_deployment->has_autoscaling)
    *out = environment->current_deployment->autoscaling;
  else
    {
      autoscaling_unset (out);
      return FALSE;
    }
  return TRUE;
}

gboolean
isc_environment_get_effective_autoscaling (IscEnvironment *environment,
                                           IscAutoscaling *out)
{
  g_return_val_if_fail (environment != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (environment->has_applied)
    {
      IscAutoscaling base;

      /* A field the applied state leaves null is the base's. */
      base_autoscaling (environment, &base);
      autoscaling_merge (&base, &environment->applied, out);
      return TRUE;
    }

  return base_autoscaling (environment, out);
}

static gboolean
in_minutes (gint64 minute,
            gint64 start,
            gint64 end)
{
  /* A window whose end is not after its start runs past midnight (or the
   * hour); start == end is the whole day (or hour). */
  if (start < end)
    return minute >= start && minute < end;
  return minute >= start || minute < end;
}

gboolean
isc_autoscaling_schedule_applies (const IscAutoscalingSchedule *schedule,
                                  GTimeZone                    *tz,
                                  gint64                        time_ms)
{
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;
  gint64 minute_of_day, start, end;
  guint weekday, yesterday;

  g_return_val_if_fail (schedule != NULL, FALSE);

  if (!schedule->enabled)
    return FALSE;

  if (schedule->cadence == ISC_SCHEDULE_CADENCE_ONE_TIME)
    return schedule->start_at_ms != 0 && schedule->end_at_ms != 0 &&
           time_ms >= schedule->start_at_ms && time_ms < schedule->end_at_ms;

  if (schedule->start_minute < 0 || schedule->start_minute > 59 ||
      schedule->end_minute < 0 || schedule->end_minute > 59)
    return FALSE;

  utc = g_date_time_new_from_unix_utc (isc_floor_div (time_ms, 1000));
  if (utc == NULL)
    return FALSE;
  local = g_date_time_to_timezone (utc, tz);
  if (local == NULL)
    return FALSE;
  weekday = (guint) g_date_time_get_day_of_week (local) - 1;
  yesterday = (weekday + 6) % 7;
  minute_of_day = g_date_time_get_hour (local) * 60 + g_date_time_get_minute (local);

  switch (schedule->cadence)
    {
    case ISC_SCHEDULE_CADENCE_DAILY:
      if (schedule->start_hour < 0 || schedule->start_hour > 23 ||
          schedule->end_hour < 0 || schedule->end_hour > 24)
        return FALSE;
      start = schedule->start_hour * 60 + schedule->start_minute;
      end = schedule->end_hour * 60 + schedule->end_minute;
      if (start < end)
        return (schedule->weekdays & (1u << weekday)) && minute_of_day >= start && minute_of_day < end;
      /* Past midnight: it started on a selected day, today or yesterday. */
      return ((schedule->weekdays & (1u << weekday)) && minute_of_day >= start) ||
             ((schedule->weekdays & (1u << yesterday)) && minute_of_day < end);

    case ISC_SCHEDULE_CADENCE_HOURLY:
      if (!(schedule->weekdays & (1u << weekday)))
        return FALSE;
      /* Restricted to some hours when they are given. */
      if (schedule->start_hour >= 0 && schedule->end_hour >= 0 &&
          !in_minutes (g_date_time_get_hour (local), schedule->start_hour, schedule->end_hour))
        return FALSE;
      return in_minutes (g_date_time_get_minute (local), schedule->start_minute, schedule->end_minute);

    case ISC_SCHEDULE_CADENCE_OTHER:
    case ISC_SCHEDULE_CADENCE_ONE_TIME:
    default:
      return FALSE;
    }
}

const IscAutoscalingSchedule *
isc_environment_get_autoscaling_at (IscEnvironment *environment,
                                    gint64          time_ms,
                                    IscAutoscaling *out)
{
  GTimeZone *tz;
  IscAutoscaling base;

  g_return_val_if_fail (environment != NULL, NULL);
  g_return_val_if_fail (out != NULL, NULL);

  base_autoscaling (environment, &base);
  *out = base;
  if (environment->schedules == NULL || environment->schedules->len == 0 || environment->schedules_tz == NULL)
    return NULL;
  tz = environment->schedules_tz;

  for (guint i = 0; i < environment->schedules->len; i++)
    {
      const IscAutoscalingSchedule *schedule = g_ptr_array_index (environment->schedules, i);

      if (isc_autoscaling_schedule_applies (schedule, tz, time_ms))
        {
          autoscaling_merge (&base, &schedule->settings, out);
          return schedule;
        }
    }

  return NULL;
}
