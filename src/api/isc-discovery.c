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

/* Reference counting */

static void
model_clear (gpointer data)
{
  IscModel *model = data;

  g_free (model->id);
  g_free (model->name);
  g_free (model->created_at);
  g_free (model->production_deployment_id);
  g_free (model->development_deployment_id);
  g_free (model->instance_type_name);
  g_free (model->team_name);
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

  g_free (deployment->id);
  g_free (deployment->name);
  g_free (deployment->created_at);
  g_free (deployment->model_id);
  g_free (deployment->status_string);
  g_free (deployment->instance_type_name);
  g_free (deployment->environment);
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

  g_free (environment->name);
  g_free (environment->created_at);
  g_free (environment->model_id);
  g_clear_pointer (&environment->current_deployment, isc_deployment_unref);
  g_clear_pointer (&environment->candidate_deployment, isc_deployment_unref);
  g_free (environment->promotion_status);
  g_free (environment->gpu_type);
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
  IscUser *user = data;

  g_free (user->user_id);
  g_free (user->email);
  g_free (user->name);
  g_free (user->workspace_name);
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

/* Reading fields: a field of the wrong type reads as absent, so a change
 * in a beta API degrades one value rather than the whole list.
 */

static char *
dup_string (JsonObject *object,
            const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return g_strdup (json_node_get_string (node));
}

/* An id may come as a number in some responses. */
static char *
dup_id (JsonObject *object,
        const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
      json_node_get_value_type (node) == G_TYPE_INT64)
    return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));

  return dup_string (object, name);
}

static double
get_number (JsonObject *object,
            const char *name,
            double      fallback)
{
  JsonNode *node = json_object_get_member (object, name);
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
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
  JsonNode *node = json_object_get_member (object, name);
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return -1;

  type = json_node_get_value_type (node);
  if (type == G_TYPE_INT64)
    return json_node_get_int (node);
  if (type == G_TYPE_DOUBLE)
    return (gint64) json_node_get_double (node);

  return -1;
}

static gboolean
get_bool (JsonObject *object,
          const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return FALSE;

  return json_node_get_boolean (node);
}

static JsonObject *
get_object (JsonObject *object,
            const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;

  return json_node_get_object (node);
}

static gboolean
read_autoscaling (JsonObject     *object,
                  IscAutoscaling *autoscaling)
{
  JsonObject *settings = get_object (object, "autoscaling_settings");

  autoscaling->min_replica = -1;
  autoscaling->max_replica = -1;
  autoscaling->autoscaling_window = -1;
  autoscaling->scale_down_delay = -1;
  autoscaling->concurrency_target = -1;
  autoscaling->target_utilization_percentage = -1;

  if (settings == NULL)
    return FALSE;

  autoscaling->min_replica = get_int (settings, "min_replica");
  autoscaling->max_replica = get_int (settings, "max_replica");
  autoscaling->autoscaling_window = get_int (settings, "autoscaling_window");
  autoscaling->scale_down_delay = get_int (settings, "scale_down_delay");
  autoscaling->concurrency_target = get_int (settings, "concurrency_target");
  autoscaling->target_utilization_percentage = get_int (settings, "target_utilization_percentage");

  return TRUE;
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

  model->id = dup_id (object, "id");
  model->name = dup_string (object, "name");
  model->created_at = dup_string (object, "created_at");
  model->deployments_count = get_int (object, "deployments_count");
  model->production_deployment_id = dup_id (object, "production_deployment_id");
  model->development_deployment_id = dup_id (object, "development_deployment_id");
  model->instance_type_name = dup_string (object, "instance_type_name");
  model->team_name = dup_string (object, "team_name");

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

  deployment->id = dup_id (object, "id");
  deployment->name = dup_string (object, "name");
  deployment->created_at = dup_string (object, "created_at");
  deployment->model_id = dup_id (object, "model_id");
  deployment->is_production = get_bool (object, "is_production");
  deployment->is_development = get_bool (object, "is_development");
  deployment->status_string = dup_string (object, "status");
  deployment->status = isc_deployment_status_from_string (deployment->status_string);
  deployment->active_replica_count = get_int (object, "active_replica_count");
  deployment->has_autoscaling = read_autoscaling (object, &deployment->autoscaling);
  deployment->instance_type_name = dup_string (object, "instance_type_name");
  deployment->environment = dup_string (object, "environment");

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

  environment->name = dup_string (object, "name");
  environment->created_at = dup_string (object, "created_at");
  environment->model_id = dup_id (object, "model_id");
  environment->has_autoscaling = read_autoscaling (object, &environment->autoscaling);
  environment->promotion_percent = -1;
  environment->memory_limit_mib = -1;
  environment->millicpu_limit = -1;
  environment->gpu_count = -1;
  environment->gpu_memory_limit_mib = -1;

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

  if ((child = get_object (object, "in_progress_promotion")))
    {
      environment->promotion_status = dup_string (child, "status");
      environment->promotion_percent = get_number (child, "percent_traffic_to_new_version", -1);
    }

  if ((child = get_object (object, "instance_type")))
    {
      environment->memory_limit_mib = get_int (child, "memory_limit_mib");
      environment->millicpu_limit = get_int (child, "millicpu_limit");
      environment->gpu_count = get_int (child, "gpu_count");
      environment->gpu_type = dup_string (child, "gpu_type");
      environment->gpu_memory_limit_mib = get_int (child, "gpu_memory_limit_mib");
    }

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

static GPtrArray *
list_from_bytes (GBytes         *bytes,
                 const char     *member,
                 ObjectReader    reader,
                 GDestroyNotify  free_func,
                 GError        **error)
{
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GPtrArray) items = NULL;
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

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      g_autofree char *path = g_strdup_printf ("%s[%u]", member, i);
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
                          (GDestroyNotify) isc_model_unref, error);
}

GPtrArray *
isc_deployments_from_bytes (GBytes  *bytes,
                            GError **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);

  return list_from_bytes (bytes, "deployments", (ObjectReader) deployment_from_object,
                          (GDestroyNotify) isc_deployment_unref, error);
}

GPtrArray *
isc_environments_from_bytes (GBytes  *bytes,
                             GError **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);

  return list_from_bytes (bytes, "environments", (ObjectReader) environment_from_object,
                          (GDestroyNotify) isc_environment_unref, error);
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
  user->user_id = dup_id (object, "user_id");
  user->email = dup_string (object, "email");
  user->name = dup_string (object, "name");
  user->workspace_name = dup_string (object, "workspace_name");

  if (user->user_id == NULL)
    {
      missing_field (error, "user", "user_id");
      isc_user_unref (user);
      return NULL;
    }

  return user;
}
