/* isc-event.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-event"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "isc-core-enums.h"
#include "isc-event.h"
#include "isc-text.h"

/* Strings from the audit log are names, ids, e-mails and setting values:
 * one line each, cut where a label would no longer fit anywhere. */
#define MAX_TEXT_BYTES 256

struct _IscEvent
{
  GObject            parent_instance;

  gint64             time_ms;
  IscEventKind       kind;
  IscEventActorKind  actor_kind;
  IscEventSource     source;
  guint              n_changes;

  /* Owned, never changed after construction */
  char              *id;
  char              *model_id;
  char              *deployment_id;
  char              *deployment_name;
  char              *environment_name;
  char              *actor;
  char              *detail;
  IscEventChange    *changes;   /* n_changes, each string owned; or NULL */

  /* The names as a sentence shows them (isc_text_display_name():
   * isolated, invisible characters shown), or NULL */
  char              *shown_deployment;
  char              *shown_environment;
  char              *shown_actor;
  char              *shown_detail;
};

G_DEFINE_FINAL_TYPE (IscEvent, isc_event, G_TYPE_OBJECT)

static const char * const kind_names[] = {
  [ISC_EVENT_DEPLOYED] = "MODEL_DEPLOYED",
  [ISC_EVENT_PROMOTED] = "MODEL_DEPLOYMENT_PROMOTED",
  [ISC_EVENT_ACTIVATED] = "MODEL_DEPLOYMENT_ACTIVATED",
  [ISC_EVENT_DEACTIVATED] = "MODEL_DEPLOYMENT_DEACTIVATED",
  [ISC_EVENT_RETRIED] = "MODEL_DEPLOYMENT_RETRIED",
  [ISC_EVENT_AUTOSCALING_CHANGED] = "MODEL_DEPLOYMENT_AUTOSCALING_SETTINGS_CHANGED",
  [ISC_EVENT_BACKPRESSURE_CHANGED] = "MODEL_DEPLOYMENT_REQUEST_BACKPRESSURE_SETTINGS_CHANGED",
  [ISC_EVENT_INSTANCE_TYPE_CHANGED] = "MODEL_DEPLOYMENT_INSTANCE_TYPE_CHANGED",
  [ISC_EVENT_ENVIRONMENT_CREATED] = "ENVIRONMENT_CREATED",
  [ISC_EVENT_ENVIRONMENT_UPDATED] = "ENVIRONMENT_UPDATED",
  [ISC_EVENT_PROMOTION_CONTROL] = "MODEL_PROMOTION_CONTROL_ACTION",
  [ISC_EVENT_REPLICA_TERMINATED] = "REPLICA_TERMINATED",
};

gboolean
isc_event_kind_from_api (const char   *event_type,
                         IscEventKind *kind)
{
  if (event_type == NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (strcmp (event_type, kind_names[i]) == 0)
      {
        if (kind != NULL)
          *kind = (IscEventKind) i;
        return TRUE;
      }

  return FALSE;
}

const char *
isc_event_kind_to_api (IscEventKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (kind_names), NULL);

  return kind_names[kind];
}

const char *
isc_event_kind_get_title (IscEventKind kind)
{
  switch (kind)
    {
    case ISC_EVENT_DEPLOYED: return C_("event", "Deployed");
    case ISC_EVENT_PROMOTED: return C_("event", "Promoted");
    case ISC_EVENT_ACTIVATED: return C_("event", "Activated");
    case ISC_EVENT_DEACTIVATED: return C_("event", "Deactivated");
    case ISC_EVENT_RETRIED: return C_("event", "Retried");
    case ISC_EVENT_AUTOSCALING_CHANGED: return C_("event", "Autoscaling changed");
    case ISC_EVENT_BACKPRESSURE_CHANGED: return C_("event", "Backpressure changed");
    case ISC_EVENT_INSTANCE_TYPE_CHANGED: return C_("event", "Instance type changed");
    case ISC_EVENT_ENVIRONMENT_CREATED: return C_("event", "Environment created");
    case ISC_EVENT_ENVIRONMENT_UPDATED: return C_("event", "Environment settings changed");
    case ISC_EVENT_PROMOTION_CONTROL: return C_("event", "Promotion control");
    case ISC_EVENT_REPLICA_TERMINATED: return C_("event", "Replica terminated");
    default: g_return_val_if_reached (NULL);
    }
}

const char *
isc_event_source_describe (IscEventSource source)
{
  switch (source)
    {
    /* Translators: where an action came from, after "from": "… from the UI" */
    case ISC_EVENT_SOURCE_UI: return _("the UI");
    case ISC_EVENT_SOURCE_API: return _("the API");
    case ISC_EVENT_SOURCE_MCP: return _("MCP");
    case ISC_EVENT_SOURCE_SYSTEM: return _("Baseten");
    case ISC_EVENT_SOURCE_OTHER: return _("another client");
    case ISC_EVENT_SOURCE_UNKNOWN:
    default:
      return NULL;
    }
}

/* What a person reads for a setting the audit log names. */
static const struct
{
  const char *field;
  const char *label;
} field_labels[] = {
  { "min_replica", N_("min replicas") },
  { "max_replica", N_("max replicas") },
  { "concurrency_target", N_("concurrency target") },
  { "autoscaling_window", N_("autoscaling window") },
  { "scale_down_delay", N_("scale-down delay") },
  { "target_utilization_percentage", N_("target utilization") },
  { "target_in_flight_tokens", N_("target in-flight tokens") },
  { "max_scale_down_rate", N_("max scale-down rate") },
  { "policy", N_("backpressure") },
  { "request_backpressure_policy", N_("backpressure") },
  { "redeploy_on_promotion", N_("redeploy on promotion") },
  { "rolling_deploy", N_("rolling deploy") },
  { "rolling_deploy_strategy", N_("rolling deploy strategy") },
  { "max_unavailable_percent", N_("max unavailable") },
  { "max_surge_percent", N_("max surge") },
  { "stabilization_time_seconds", N_("stabilization time") },
  { "replica_overhead_percent", N_("replica overhead") },
  { "promotion_cleanup_strategy", N_("cleanup after promotion") },
  { "ramp_up_while_promoting", N_("ramp up while promoting") },
  { "ramp_up_duration_seconds", N_("ramp-up duration") },
  { "ramp_up_step_size", N_("ramp-up step") },
  { "schedules", N_("autoscaling schedules") },
};

static const char *
field_label (const char *field)
{
  for (guint i = 0; i < G_N_ELEMENTS (field_labels); i++)
    if (g_strcmp0 (field, field_labels[i].field) == 0)
      return _(field_labels[i].label);
  return field;
}

static char *
safe (const char *text)
{
  if (text == NULL)
    return NULL;
  return isc_text_sanitize_cut (text, -1, MAX_TEXT_BYTES);
}

static void
isc_event_finalize (GObject *object)
{
  IscEvent *self = (IscEvent *) object;

  g_free (self->id);
  g_free (self->model_id);
  g_free (self->deployment_id);
  g_free (self->deployment_name);
  g_free (self->environment_name);
  g_free (self->actor);
  g_free (self->detail);
  for (guint i = 0; i < self->n_changes; i++)
    {
      g_free ((char *) self->changes[i].field);
      g_free ((char *) self->changes[i].label);
      g_free ((char *) self->changes[i].before);
      g_free ((char *) self->changes[i].after);
    }
  g_free (self->changes);
  g_free (self->shown_deployment);
  g_free (self->shown_environment);
  g_free (self->shown_actor);
  g_free (self->shown_detail);

  G_OBJECT_CLASS (isc_event_parent_class)->finalize (object);
}

static void
isc_event_class_init (IscEventClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isc_event_finalize;
}

static void
isc_event_init (IscEvent *self)
{
}

IscEvent *
isc_event_new (const char           *id,
               gint64                time_ms,
               IscEventKind          kind,
               const char           *model_id,
               const char           *deployment_id,
               const char           *deployment_name,
               const char           *environment_name,
               IscEventActorKind     actor_kind,
               const char           *actor,
               IscEventSource        source,
               const char           *detail,
               const IscEventChange *changes,
               guint                 n_changes)
{
  IscEvent *self;

  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (kind_names), NULL);
  g_return_val_if_fail (changes != NULL || n_changes == 0, NULL);

  self = g_object_new (ISC_TYPE_EVENT, NULL);
  self->id = safe (id != NULL ? id : "");
  self->time_ms = time_ms;
  self->kind = kind;
  self->model_id = safe (model_id);
  self->deployment_id = safe (deployment_id);
  self->deployment_name = safe (deployment_name);
  self->environment_name = safe (environment_name);
  self->actor_kind = actor_kind;
  self->actor = safe (actor != NULL && actor[0] != '\0' ? actor : _("someone"));
  self->source = source;
  self->detail = safe (detail);

  /* A name from the server sits in a sentence of ours: a right-to-left
   * one must not reorder the words around it. */
  if (self->deployment_name != NULL && self->deployment_name[0] != '\0')
    self->shown_deployment = isc_text_display_name (self->deployment_name, self->deployment_id);
  else if (self->deployment_id != NULL && self->deployment_id[0] != '\0')
    self->shown_deployment = isc_text_display_name (self->deployment_id, NULL);
  else
    /* Translators: a deployment the audit log does not name */
    self->shown_deployment = g_strdup (_("a deployment"));
  if (self->environment_name != NULL)
    self->shown_environment = isc_text_display_name (self->environment_name, NULL);
  self->shown_actor = isc_text_display_name (self->actor, NULL);
  if (self->detail != NULL)
    self->shown_detail = isc_text_display_name (self->detail, NULL);

  if (n_changes > 0)
    {
      self->changes = g_new0 (IscEventChange, n_changes);
      self->n_changes = n_changes;
      for (guint i = 0; i < n_changes; i++)
        {
          const char *label = changes[i].label != NULL ? changes[i].label : field_label (changes[i].field);

          self->changes[i].field = safe (changes[i].field != NULL ? changes[i].field : "");
          self->changes[i].label = safe (label != NULL ? label : "");
          self->changes[i].before = safe (changes[i].before);
          self->changes[i].after = safe (changes[i].after);
        }
    }

  return self;
}

const char *
isc_event_get_id (IscEvent *self)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), NULL);
  return self->id;
}

gint64
isc_event_get_time_ms (IscEvent *self)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), 0);
  return self->time_ms;
}

IscEventKind
isc_event_get_kind (IscEvent *self)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), 0);
  return self->kind;
}

const char *
isc_event_get_model_id (IscEvent *self)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), NULL);
  return self->model_id;
}

const char *
isc_event_get_deployment_id (IscEvent *self)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), NULL);
  return self->deployment_id;
}

const char *
isc_event_get_deployment_name (IscEvent *self)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), NULL);
  return self->deployment_name;
}

const char *
isc_event_get_environment_name (IscEvent *self)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), NULL);
  return self->environment_name;
}

IscEventActorKind
isc_event_get_actor_kind (IscEvent *self)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), 0);
  return self->actor_kind;
}

const char *
isc_event_get_actor (IscEvent *self)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), NULL);
  return self->actor;
}

IscEventSource
isc_event_get_source (IscEvent *self)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), 0);
  return self->source;
}

const char *
isc_event_get_detail (IscEvent *self)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), NULL);
  return self->detail;
}

const IscEventChange *
isc_event_get_changes (IscEvent *self,
                       guint    *n_changes)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), NULL);

  if (n_changes != NULL)
    *n_changes = self->n_changes;
  return self->changes;
}

static const char *
deployment_word (IscEvent *self)
{
  return self->shown_deployment;
}

/* "max replicas 10 → 16, min replicas 1 → 2" */
static char *
dup_changes (IscEvent *self)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < self->n_changes; i++)
    {
      const IscEventChange *c = &self->changes[i];

      if (i > 0)
        /* Translators: between two settings changed at once */
        g_string_append (text, _(", "));
      if (c->before != NULL && c->after != NULL)
        /* Translators: a setting changed, "max replicas 10 → 16" */
        g_string_append_printf (text, _("%s %s → %s"), c->label, c->before, c->after);
      else if (c->after != NULL)
        /* Translators: a setting set, with no previous value known, "max replicas 16" */
        g_string_append_printf (text, _("%s %s"), c->label, c->after);
      else
        g_string_append (text, c->label);
    }

  return g_string_free (text, FALSE);
}

static const char *
control_words (const char *action)
{
  if (g_strcmp0 (action, "PAUSE") == 0)
    return _("paused");
  if (g_strcmp0 (action, "RESUME") == 0)
    return _("resumed");
  if (g_strcmp0 (action, "FORCE_CANCEL") == 0)
    return _("force-cancelled");
  if (g_strcmp0 (action, "FORCE_ROLL_FORWARD") == 0)
    return _("forced forward");
  if (g_strcmp0 (action, "GRACEFUL_CANCEL") == 0)
    return _("cancelled");
  return NULL;
}

char *
isc_event_dup_label (IscEvent *self)
{
  const char *deployment;
  const char *env;

  g_return_val_if_fail (ISC_IS_EVENT (self), NULL);

  deployment = deployment_word (self);
  env = self->shown_environment;

  switch (self->kind)
    {
    case ISC_EVENT_DEPLOYED:
      if (env != NULL)
        /* Translators: a marker, "v8 deployed to production" */
        return g_strdup_printf (_("%s deployed to %s"), deployment, env);
      /* Translators: a marker, "v8 deployed" */
      return g_strdup_printf (_("%s deployed"), deployment);

    case ISC_EVENT_PROMOTED:
      if (env != NULL)
        /* Translators: a marker, "v8 promoted to production" */
        return g_strdup_printf (_("%s promoted to %s"), deployment, env);
      /* Translators: a marker, "v8 promoted" */
      return g_strdup_printf (_("%s promoted"), deployment);

    case ISC_EVENT_ACTIVATED:
      /* Translators: a marker, "v8 activated" */
      return g_strdup_printf (_("%s activated"), deployment);

    case ISC_EVENT_DEACTIVATED:
      /* Translators: a marker, "v8 deactivated" */
      return g_strdup_printf (_("%s deactivated"), deployment);

    case ISC_EVENT_RETRIED:
      /* Translators: a marker, "v8 retried": its deployment was tried again */
      return g_strdup_printf (_("%s retried"), deployment);

    case ISC_EVENT_AUTOSCALING_CHANGED:
    case ISC_EVENT_ENVIRONMENT_UPDATED:
    case ISC_EVENT_BACKPRESSURE_CHANGED:
      if (self->n_changes > 0)
        return dup_changes (self);
      if (self->kind == ISC_EVENT_BACKPRESSURE_CHANGED)
        return g_strdup (_("backpressure saved unchanged"));
      if (self->kind == ISC_EVENT_ENVIRONMENT_UPDATED)
        /* Translators: a marker, "production settings saved unchanged" */
        return g_strdup_printf (_("%s settings saved unchanged"), env != NULL ? env : "");
      return g_strdup (_("autoscaling saved unchanged"));

    case ISC_EVENT_INSTANCE_TYPE_CHANGED:
      if (self->detail != NULL)
        /* Translators: a marker, "instance type now H100" */
        return g_strdup_printf (_("instance type now %s"), self->shown_detail);
      return g_strdup (_("instance type changed"));

    case ISC_EVENT_ENVIRONMENT_CREATED:
      /* Translators: a marker, "environment staging created" */
      return g_strdup_printf (_("environment %s created"), env != NULL ? env : "");

    case ISC_EVENT_PROMOTION_CONTROL:
      {
        const char *words = control_words (self->detail);

        if (words != NULL)
          /* Translators: a marker, "promotion paused" */
          return g_strdup_printf (_("promotion %s"), words);
        /* Translators: a marker, "promotion: SOME_ACTION" for an action
         * this version does not know */
        return g_strdup_printf (_("promotion: %s"), self->shown_detail != NULL ? self->shown_detail : "");
      }

    case ISC_EVENT_REPLICA_TERMINATED:
      if (self->detail != NULL)
        /* Translators: a marker, "replica abc12 terminated" */
        return g_strdup_printf (_("replica %s terminated"), self->shown_detail);
      return g_strdup (_("replica terminated"));

    default:
      g_return_val_if_reached (NULL);
    }
}

char *
isc_event_describe (IscEvent *self)
{
  g_autofree char *label = NULL;
  g_autofree char *what = NULL;
  const char *source;

  g_return_val_if_fail (ISC_IS_EVENT (self), NULL);

  label = isc_event_dup_label (self);

  /* Where the label does not name what was changed, say it. */
  switch (self->kind)
    {
    case ISC_EVENT_AUTOSCALING_CHANGED:
    case ISC_EVENT_BACKPRESSURE_CHANGED:
    case ISC_EVENT_INSTANCE_TYPE_CHANGED:
    case ISC_EVENT_REPLICA_TERMINATED:
      /* Translators: "max replicas 10 → 16 on v8" */
      what = g_strdup_printf (_("%s on %s"), label, deployment_word (self));
      break;

    case ISC_EVENT_ENVIRONMENT_UPDATED:
      if (self->n_changes > 0 && self->environment_name != NULL)
        /* Translators: "max replicas 4 → 8 on production" */
        what = g_strdup_printf (_("%s on %s"), label, self->shown_environment);
      else
        what = g_strdup (label);
      break;

    case ISC_EVENT_PROMOTION_CONTROL:
      if (self->environment_name != NULL)
        /* Translators: "promotion paused to production (v9)" */
        what = g_strdup_printf (_("%s to %s (%s)"), label, self->shown_environment, deployment_word (self));
      else
        what = g_strdup (label);
      break;

    default:
      what = g_strdup (label);
      break;
    }

  source = isc_event_source_describe (self->source);
  /* "by Baseten from Baseten" says it once. */
  if (self->source == ISC_EVENT_SOURCE_SYSTEM &&
      (self->actor_kind == ISC_EVENT_ACTOR_BASETEN_SYSTEM || self->actor_kind == ISC_EVENT_ACTOR_BASETEN_USER))
    source = NULL;
  if (source != NULL)
    /* Translators: an audit log event, "max replicas 10 → 16 on v8 by
     * ana@example.com from the UI" */
    return g_strdup_printf (_("%s by %s from %s"), what, self->shown_actor, source);

  /* Translators: an audit log event, "v8 deactivated by Baseten" */
  return g_strdup_printf (_("%s by %s"), what, self->shown_actor);
}

gboolean
isc_event_concerns (IscEvent           *self,
                    IscTargetKind       kind,
                    const char         *id,
                    const char * const *deployment_ids)
{
  g_return_val_if_fail (ISC_IS_EVENT (self), FALSE);

  if (id == NULL)
    return FALSE;

  if (kind == ISC_TARGET_DEPLOYMENT)
    return g_strcmp0 (self->deployment_id, id) == 0;

  if (g_strcmp0 (self->environment_name, id) == 0)
    return TRUE;
  if (self->deployment_id != NULL && deployment_ids != NULL &&
      g_strv_contains (deployment_ids, self->deployment_id))
    {
      /* A deployment that serves this environment, deployed or promoted
       * to another, is that other's. */
      if ((self->kind == ISC_EVENT_DEPLOYED || self->kind == ISC_EVENT_PROMOTED ||
           self->kind == ISC_EVENT_PROMOTION_CONTROL) && self->environment_name != NULL)
        return FALSE;
      return TRUE;
    }

  return FALSE;
}

GPtrArray *
isc_event_select_for_target (GPtrArray     *events,
                             IscTargetKind  kind,
                             const char    *id,
                             const char    *serving_at_start,
                             const char    *current,
                             const char    *candidate)
{
  GPtrArray *selected = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) serving = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (events != NULL, selected);

  if (id == NULL)
    return selected;

  if (serving_at_start != NULL)
    g_ptr_array_add (serving, g_strdup (serving_at_start));
  if (current != NULL && g_strcmp0 (current, serving_at_start) != 0 &&
      (serving_at_start == NULL || g_strcmp0 (serving_at_start, candidate) == 0))
    g_ptr_array_add (serving, g_strdup (current));
  g_ptr_array_add (serving, NULL);

  for (guint i = 0; i < events->len; i++)
    {
      IscEvent *event = g_ptr_array_index (events, i);
      gboolean take;

      g_return_val_if_fail (ISC_IS_EVENT (event), selected);

      if (kind == ISC_TARGET_DEPLOYMENT)
        take = g_strcmp0 (event->deployment_id, id) == 0;
      else
        {
          take = isc_event_concerns (event, kind, id, (const char * const *) serving->pdata);
          /* From its promotion on, the deployment serves it too. */
          if (event->kind == ISC_EVENT_PROMOTED && event->deployment_id != NULL &&
              g_strcmp0 (event->environment_name, id) == 0 &&
              !g_strv_contains ((const char * const *) serving->pdata, event->deployment_id))
            {
              g_ptr_array_remove_index (serving, serving->len - 1);
              g_ptr_array_add (serving, g_strdup (event->deployment_id));
              g_ptr_array_add (serving, NULL);
            }
        }

      if (take)
        g_ptr_array_add (selected, g_object_ref (event));
    }

  return selected;
}

int
isc_event_compare (IscEvent *a,
                   IscEvent *b)
{
  g_return_val_if_fail (ISC_IS_EVENT (a), 0);
  g_return_val_if_fail (ISC_IS_EVENT (b), 0);

  if (a->time_ms != b->time_ms)
    return a->time_ms < b->time_ms ? -1 : 1;
  return strcmp (a->id, b->id);
}
