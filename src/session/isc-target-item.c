/* isc-target-item.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-target-item"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-diagnosis.h"
#include "isc-target-item-private.h"
#include "isc-text.h"

struct _IscTargetItem
{
  GObject              parent_instance;

  IscTargetItemKind    kind;
  char                *model_id;
  char                *model_name;
  char                *title;
  char                *subtitle;
  char                *instance_type;
  IscDeploymentStatus  status;
  gint64               created_ms;

  /* Owned references; each may be NULL */
  IscTarget           *target;
  IscModel            *model;
  IscEnvironment      *environment;
  IscDeployment       *deployment;
};

G_DEFINE_FINAL_TYPE (IscTargetItem, isc_target_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_MODEL_ID,
  PROP_MODEL_NAME,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_IS_ACTIVE,
  PROP_TARGET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const status_titles[] = {
  [ISC_DEPLOYMENT_STATUS_UNKNOWN] = N_("Unknown"),
  [ISC_DEPLOYMENT_STATUS_BUILDING] = N_("Building"),
  [ISC_DEPLOYMENT_STATUS_DEPLOYING] = N_("Deploying"),
  [ISC_DEPLOYMENT_STATUS_DEPLOY_FAILED] = N_("Deploy failed"),
  [ISC_DEPLOYMENT_STATUS_LOADING_MODEL] = N_("Loading model"),
  [ISC_DEPLOYMENT_STATUS_ACTIVE] = N_("Active"),
  [ISC_DEPLOYMENT_STATUS_UNHEALTHY] = N_("Unhealthy"),
  [ISC_DEPLOYMENT_STATUS_BUILD_FAILED] = N_("Build failed"),
  [ISC_DEPLOYMENT_STATUS_BUILD_STOPPED] = N_("Build stopped"),
  [ISC_DEPLOYMENT_STATUS_DEACTIVATING] = N_("Deactivating"),
  [ISC_DEPLOYMENT_STATUS_INACTIVE] = N_("Inactive"),
  [ISC_DEPLOYMENT_STATUS_FAILED] = N_("Failed"),
  [ISC_DEPLOYMENT_STATUS_UPDATING] = N_("Updating"),
  [ISC_DEPLOYMENT_STATUS_SCALED_TO_ZERO] = N_("Scaled to zero"),
  [ISC_DEPLOYMENT_STATUS_WAKING_UP] = N_("Waking up"),
};

const char *
isc_deployment_status_get_title (IscDeploymentStatus status)
{
  if ((guint) status >= G_N_ELEMENTS (status_titles) || status_titles[status] == NULL)
    status = ISC_DEPLOYMENT_STATUS_UNKNOWN;

  return _(status_titles[status]);
}

static gboolean
status_is_active (IscDeploymentStatus status)
{
  return status == ISC_DEPLOYMENT_STATUS_ACTIVE ||
         status == ISC_DEPLOYMENT_STATUS_UPDATING ||
         status == ISC_DEPLOYMENT_STATUS_WAKING_UP;
}

static gint64
parse_created_ms (const char *created_at)
{
  g_autoptr(GTimeZone) utc = NULL;
  g_autoptr(GDateTime) dt = NULL;

  if (created_at == NULL || *created_at == '\0')
    return 0;

  /* Baseten sends UTC with a Z; a time without a zone is read as UTC
   * too, rather than in whatever zone this computer is in. */
  utc = g_time_zone_new_utc ();
  dt = g_date_time_new_from_iso8601 (created_at, utc);
  if (dt == NULL)
    return 0;

  return g_date_time_to_unix (dt) * 1000 + g_date_time_get_microsecond (dt) / 1000;
}

static const char *
nonempty (const char *a,
          const char *b)
{
  return a != NULL && *a != '\0' ? a : b;
}

static void
isc_target_item_finalize (GObject *object)
{
  IscTargetItem *self = (IscTargetItem *) object;

  g_clear_pointer (&self->model_id, g_free);
  g_clear_pointer (&self->model_name, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->subtitle, g_free);
  g_clear_pointer (&self->instance_type, g_free);
  g_clear_pointer (&self->target, isc_target_free);
  g_clear_pointer (&self->model, isc_model_unref);
  g_clear_pointer (&self->environment, isc_environment_unref);
  g_clear_pointer (&self->deployment, isc_deployment_unref);

  G_OBJECT_CLASS (isc_target_item_parent_class)->finalize (object);
}

static void
isc_target_item_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  IscTargetItem *self = ISC_TARGET_ITEM (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_uint (value, self->kind);
      break;

    case PROP_MODEL_ID:
      g_value_set_string (value, self->model_id);
      break;

    case PROP_MODEL_NAME:
      g_value_set_string (value, self->model_name);
      break;

    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;

    case PROP_IS_ACTIVE:
      g_value_set_boolean (value, isc_target_item_get_is_active (self));
      break;

    case PROP_TARGET:
      g_value_set_boxed (value, self->target);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_target_item_class_init (IscTargetItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isc_target_item_finalize;
  object_class->get_property = isc_target_item_get_property;

  /* Read-only, for list item factories that bind them. */
  properties[PROP_KIND] =
    g_param_spec_uint ("kind", NULL, NULL,
                       ISC_TARGET_ITEM_MODEL, ISC_TARGET_ITEM_DEPLOYMENT, ISC_TARGET_ITEM_MODEL,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODEL_ID] =
    g_param_spec_string ("model-id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODEL_NAME] =
    g_param_spec_string ("model-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_IS_ACTIVE] =
    g_param_spec_boolean ("is-active", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TARGET] =
    g_param_spec_boxed ("target", NULL, NULL, ISC_TYPE_TARGET,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_target_item_init (IscTargetItem *self)
{
  self->status = ISC_DEPLOYMENT_STATUS_UNKNOWN;
}

static IscTargetItem *
item_new (IscTargetItemKind  kind,
          const char        *model_id,
          const char        *model_name)
{
  IscTargetItem *self = g_object_new (ISC_TYPE_TARGET_ITEM, NULL);

  self->kind = kind;
  self->model_id = g_strdup (model_id);
  self->model_name = g_strdup (nonempty (model_name, model_id));

  return self;
}

/* "H100:1x26x234" is shown as its GPU, "H100"; a CPU type ("4x16") as it is. */
static char *
short_instance_type (const char *instance_type)
{
  const char *colon;

  if (instance_type == NULL)
    return g_strdup ("");

  colon = strchr (instance_type, ':');
  if (colon != NULL && colon != instance_type)
    return g_strndup (instance_type, colon - instance_type);

  return g_strdup (instance_type);
}

IscTargetItem *
isc_target_item_new_model (IscModel *model)
{
  IscTargetItem *self;

  g_return_val_if_fail (model != NULL, NULL);

  self = item_new (ISC_TARGET_ITEM_MODEL, model->id, model->name);
  self->model = isc_model_ref (model);
  self->title = g_strdup (self->model_name);
  self->subtitle = short_instance_type (model->instance_type_name);
  self->instance_type = g_strdup (model->instance_type_name);
  self->created_ms = parse_created_ms (model->created_at);

  return self;
}

IscTargetItem *
_isc_target_item_new_model_heading (const char *model_id,
                                    const char *model_name)
{
  IscTargetItem *self;

  g_return_val_if_fail (model_id != NULL && *model_id != '\0', NULL);

  self = item_new (ISC_TARGET_ITEM_MODEL, model_id, model_name);
  self->title = g_strdup (self->model_name);
  self->subtitle = g_strdup ("");

  return self;
}

IscTargetItem *
isc_target_item_new_environment (IscModel       *model,
                                 IscEnvironment *environment)
{
  IscTargetItem *self;
  IscDeployment *current;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (environment != NULL, NULL);

  current = environment->current_deployment;

  self = item_new (ISC_TARGET_ITEM_ENVIRONMENT, model->id, model->name);
  self->model = isc_model_ref (model);
  self->environment = isc_environment_ref (environment);
  self->target = isc_target_new (model->id, ISC_TARGET_ENVIRONMENT, environment->name,
                                 self->model_name, environment->name);
  self->title = g_strdup (environment->name);
  self->created_ms = parse_created_ms (environment->created_at);

  if (current != NULL)
    {
      /* The subtitle is shown as it is: the name as names show. */
      g_autofree char *name = isc_text_display_name (nonempty (current->name, current->id), current->id);

      self->status = current->status;
      self->instance_type = g_strdup (current->instance_type_name);
      if (isc_promotion_status_get_title (environment->promotion) != NULL)
        /* Translators: an environment's current deployment, then the
         * state of a promotion in progress, as "v2 · Promotion paused". */
        self->subtitle = g_strdup_printf (_("%s · %s"), name,
                                          isc_promotion_status_get_title (environment->promotion));
      else if (current->status == ISC_DEPLOYMENT_STATUS_ACTIVE)
        self->subtitle = g_strdup (name);
      else
        /* Translators: an environment's current deployment, then its
         * status, as "v8 · Scaled to zero". */
        self->subtitle = g_strdup_printf (_("%s · %s"), name,
                                          isc_deployment_status_get_title (current->status));
    }
  else
    {
      self->subtitle = g_strdup ("");
    }

  if (self->instance_type == NULL)
    self->instance_type = g_strdup (environment->gpu_type);

  return self;
}

IscTargetItem *
isc_target_item_new_deployment (IscModel      *model,
                                IscDeployment *deployment)
{
  IscTargetItem *self;

  g_return_val_if_fail (model != NULL, NULL);
  g_return_val_if_fail (deployment != NULL, NULL);

  self = item_new (ISC_TARGET_ITEM_DEPLOYMENT, model->id, model->name);
  self->model = isc_model_ref (model);
  self->deployment = isc_deployment_ref (deployment);
  self->target = isc_target_new (model->id, ISC_TARGET_DEPLOYMENT, deployment->id,
                                 self->model_name, deployment->name);
  self->title = g_strdup (self->target->name);
  self->status = deployment->status;
  self->instance_type = g_strdup (deployment->instance_type_name);
  self->created_ms = parse_created_ms (deployment->created_at);

  /* Active is the usual case and goes unsaid; anything else is news. */
  if (deployment->status == ISC_DEPLOYMENT_STATUS_ACTIVE)
    self->subtitle = g_strdup ("");
  else
    self->subtitle = g_strdup (isc_deployment_status_get_title (deployment->status));

  return self;
}

IscTargetItem *
isc_target_item_new_for_target (const IscTarget *target)
{
  IscTargetItem *self;

  g_return_val_if_fail (target != NULL, NULL);

  self = item_new (target->kind == ISC_TARGET_ENVIRONMENT ? ISC_TARGET_ITEM_ENVIRONMENT
                                                          : ISC_TARGET_ITEM_DEPLOYMENT,
                   target->model_id, target->model_name);
  self->target = isc_target_copy (target);
  self->title = g_strdup (target->name);
  self->subtitle = g_strdup ("");

  return self;
}

IscTargetItemKind
isc_target_item_get_kind (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), ISC_TARGET_ITEM_MODEL);

  return self->kind;
}

const char *
isc_target_item_get_model_id (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), NULL);

  return self->model_id;
}

const char *
isc_target_item_get_model_name (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), NULL);

  return self->model_name;
}

const IscTarget *
isc_target_item_get_target (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), NULL);

  return self->target;
}

const char *
isc_target_item_get_title (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), NULL);

  return self->title;
}

const char *
isc_target_item_get_subtitle (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), NULL);

  return self->subtitle;
}

IscDeploymentStatus
isc_target_item_get_status (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), ISC_DEPLOYMENT_STATUS_UNKNOWN);

  return self->status;
}

gboolean
isc_target_item_get_is_active (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), FALSE);

  return status_is_active (self->status);
}

const char *
isc_target_item_get_instance_type (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), NULL);

  return self->instance_type;
}

gint64
isc_target_item_get_created_ms (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), 0);

  return self->created_ms;
}

IscModel *
isc_target_item_get_model (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), NULL);

  return self->model;
}

IscDeployment *
isc_target_item_get_deployment (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), NULL);

  return self->deployment;
}

IscEnvironment *
isc_target_item_get_environment (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), NULL);

  return self->environment;
}

const IscAutoscaling *
isc_target_item_get_autoscaling (IscTargetItem *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_ITEM (self), NULL);

  /* The settings in effect now: a schedule's applied state, else the
   * base, else the serving deployment's. */
  if (self->environment != NULL && self->environment->has_effective)
    return &self->environment->effective;

  if (self->deployment != NULL && self->deployment->has_autoscaling)
    return &self->deployment->autoscaling;

  return NULL;
}
