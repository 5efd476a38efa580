/* isc-view-events.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The view's events: the model's audit log over the range, read on each
 * load and refresh beside the metrics, kept to what concerns the target.
 *
 * An environment's events are its own (promoted to it, its settings, its
 * promotion's controls) and those of the deployments that serve it: the
 * current and candidate deployments discovery names, the one that served
 * it when the range began (the audit log's last promotion to it before
 * then; both asked at most every ENVIRONMENT_MAX_AGE_US for the same
 * target, and again when the range begins before the time it was asked
 * for, or after the next promotion to it the events read since show:
 * a range narrowed from a day to the hour after a promotion is served
 * by the deployment promoted), and the deployments the range's events
 * deploy or promote to it.
 *
 * A 403 (ISC_API_ERROR_NOT_PERMITTED) sets "events-unavailable" once for
 * the client; the audit log is asked again with that client only every
 * REFUSED_RETRY_US (its key may have changed, or its rights), and a
 * refusal again changes nothing, so the sentence is never said again on
 * a refresh. Any other failure keeps the events shown. */

#define G_LOG_DOMAIN "isc-view"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-audit-log-loader.h"
#include "isc-event.h"
#include "isc-view-private.h"

#define ENVIRONMENT_MAX_AGE_US ((gint64) 5 * 60 * G_USEC_PER_SEC)
#define REFUSED_RETRY_US       ((gint64) 10 * 60 * G_USEC_PER_SEC)

typedef struct
{
  GWeakRef      view;
  IscClient    *client;
  IscTarget    *target;
  gint64        start_ms;
  gint64        end_ms;
  GCancellable *cancellable;
} Load;

static void
load_free (Load *load)
{
  g_weak_ref_clear (&load->view);
  g_clear_object (&load->client);
  g_clear_pointer (&load->target, isc_target_free);
  g_clear_object (&load->cancellable);
  g_free (load);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Load, load_free)

/* The view this load is still for, or NULL (dropped, or another began). */
static IscView *
load_dup_view (Load *load)
{
  IscView *self = g_weak_ref_get (&load->view);

  if (self == NULL)
    return NULL;
  if (self->events_cancellable != load->cancellable || g_cancellable_is_cancelled (load->cancellable))
    {
      g_object_unref (self);
      return NULL;
    }
  return self;
}

static gboolean
same_events (GListModel *model,
             GPtrArray  *events)
{
  guint n = g_list_model_get_n_items (model);

  if (n != events->len)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IscEvent) shown = g_list_model_get_item (model, i);
      IscEvent *event = g_ptr_array_index (events, i);

      if (isc_event_compare (shown, event) != 0)
        return FALSE;
    }
  return TRUE;
}

static void
set_events (IscView   *self,
            GPtrArray *events)
{
  if (events == NULL || events->len == 0)
    {
      if (g_list_model_get_n_items (G_LIST_MODEL (self->events)) > 0)
        g_list_store_remove_all (self->events);
      return;
    }
  /* A refresh that finds the same events changes nothing, so that a list
   * of them keeps its selection. */
  if (same_events (G_LIST_MODEL (self->events), events))
    return;
  g_list_store_splice (self->events, 0, g_list_model_get_n_items (G_LIST_MODEL (self->events)),
                       events->pdata, events->len);
}

static void
set_unavailable (IscView    *self,
                 const char *sentence)
{
  if (g_strcmp0 (self->events_unavailable, sentence) == 0)
    return;
  g_free (self->events_unavailable);
  self->events_unavailable = g_strdup (sentence);
  _isc_view_notify (self, PROP_EVENTS_UNAVAILABLE);
}

/* Whether what served the environment at events_serving_before_ms is
 * known to serve it still at start_ms. */
static gboolean
serving_holds_at (IscView *self,
                  gint64   start_ms)
{
  return self->events_serving_before_ms != 0 && start_ms >= self->events_serving_before_ms &&
         start_ms <= self->events_serving_until_ms;
}

/* How long what served the environment at events_serving_before_ms went
 * on serving it, as far as the events of load (which began while it did)
 * tell: until the next promotion to it, else to their end. */
static void
extend_serving (IscView   *self,
                Load      *load,
                GPtrArray *events)
{
  gint64 until = load->end_ms;

  if (!serving_holds_at (self, load->start_ms))
    return;
  for (guint i = 0; i < events->len; i++)
    {
      IscEvent *event = g_ptr_array_index (events, i);

      if (isc_event_get_kind (event) == ISC_EVENT_PROMOTED &&
          isc_event_get_time_ms (event) >= load->start_ms &&
          g_strcmp0 (isc_event_get_environment_name (event), load->target->id) == 0)
        {
          until = MIN (until, isc_event_get_time_ms (event));
          break;
        }
    }
  self->events_serving_until_ms = MAX (self->events_serving_until_ms, until);
}

static void
on_events (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(Load) load = data;
  g_autoptr(IscView) self = NULL;
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GPtrArray) concerning = NULL;
  g_autoptr(GError) error = NULL;
  const IscTarget *target;

  events = isc_audit_log_load_finish (result, NULL, &error);
  if ((self = load_dup_view (load)) == NULL)
    return;
  /* Done: no longer loading (isc_view_get_events_loading()). */
  g_clear_object (&self->events_cancellable);

  if (events == NULL)
    {
      if (g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED))
        {
          self->events_refused_by = load->client;
          self->events_refused_us = g_get_monotonic_time ();
          set_events (self, NULL);
          set_unavailable (self,
                           _("This API key may not read the audit log, so the charts mark only "
                             "the promotions Inferscope infers from the metrics."));
        }
      else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("Could not read the audit log: %s", error->message);
      return;
    }

  /* Readable again (another key, or new rights). */
  self->events_refused_by = NULL;
  set_unavailable (self, NULL);

  target = load->target;
  if (target->kind == ISC_TARGET_ENVIRONMENT)
    extend_serving (self, load, events);
  concerning = isc_event_select_for_target (events, target->kind, target->id, self->events_serving_id,
                                            self->events_current_id, self->events_candidate_id);
  set_events (self, concerning);
}

static void
start_audit_log (Load *load)
{
  isc_audit_log_load_async (load->client, load->target->model_id, load->start_ms, load->end_ms,
                            load->cancellable, on_events, load);
}

static void
on_serving (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  Load *load = data;
  g_autoptr(IscView) self = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *serving = NULL;

  serving = isc_audit_log_find_serving_finish (result, &error);
  if ((self = load_dup_view (load)) == NULL)
    {
      load_free (load);
      return;
    }

  /* A 403 comes again with the events, and is said there. */
  if (error != NULL)
    g_debug ("Could not find what served %s: %s", load->target->id, error->message);
  else
    {
      g_free (self->events_serving_id);
      self->events_serving_id = g_steal_pointer (&serving);
      self->events_serving_before_ms = load->start_ms;
      self->events_serving_until_ms = load->start_ms;
    }

  start_audit_log (load);
}

/* What served the environment when the range began, if not known. */
static void
start_serving (IscView *self,
               Load    *load)
{
  if (serving_holds_at (self, load->start_ms) &&
      g_get_monotonic_time () - self->events_discovered_us <= ENVIRONMENT_MAX_AGE_US)
    {
      start_audit_log (load);
      return;
    }
  isc_audit_log_find_serving_async (load->client, load->target->model_id, load->target->id,
                                    load->start_ms, load->cancellable, on_serving, load);
}

static void
on_environments (GObject      *object,
                 GAsyncResult *result,
                 gpointer      data)
{
  Load *load = data;
  g_autoptr(IscView) self = NULL;
  g_autoptr(GPtrArray) environments = NULL;
  g_autoptr(GError) error = NULL;

  environments = isc_client_list_environments_finish (ISC_CLIENT (object), result, &error);
  if ((self = load_dup_view (load)) == NULL)
    {
      load_free (load);
      return;
    }

  if (environments == NULL)
    g_debug ("Could not list the environments for their events: %s", error->message);
  else
    {
      g_clear_pointer (&self->events_current_id, g_free);
      g_clear_pointer (&self->events_candidate_id, g_free);
      for (guint i = 0; i < environments->len; i++)
        {
          IscEnvironment *environment = g_ptr_array_index (environments, i);

          if (g_strcmp0 (environment->name, load->target->id) != 0)
            continue;
          if (environment->current_deployment != NULL)
            self->events_current_id = g_strdup (environment->current_deployment->id);
          if (environment->candidate_deployment != NULL)
            self->events_candidate_id = g_strdup (environment->candidate_deployment->id);
        }
      self->events_discovered_us = g_get_monotonic_time ();
      /* Asked again with them. */
      self->events_serving_before_ms = 0;
    }

  start_serving (self, load);
}

void
_isc_view_load_events (IscView        *self,
                       const IscQuery *query,
                       gboolean        reset)
{
  g_autoptr(IscTimeRange) range = NULL;
  gint64 now_ms = g_get_real_time () / 1000;
  gboolean same_target;
  Load *load;

  same_target = self->target != NULL && isc_target_equal (self->target, self->events_target);
  if (reset || !same_target)
    set_events (self, NULL);
  if (!same_target)
    {
      g_clear_pointer (&self->events_target, isc_target_free);
      if (self->target != NULL)
        self->events_target = isc_target_copy (self->target);
      g_clear_pointer (&self->events_current_id, g_free);
      g_clear_pointer (&self->events_candidate_id, g_free);
      self->events_discovered_us = 0;
      g_clear_pointer (&self->events_serving_id, g_free);
      self->events_serving_before_ms = 0;
    }

  /* Another client may read what this one could not. */
  if (self->events_refused_by != NULL && self->events_refused_by != self->client)
    {
      self->events_refused_by = NULL;
      set_unavailable (self, NULL);
    }

  if (!self->events_enabled || query == NULL || self->client == NULL || self->target == NULL ||
      (self->events_refused_by == self->client &&
       g_get_monotonic_time () - self->events_refused_us < REFUSED_RETRY_US))
    {
      _isc_view_drop_events (self);
      if (!self->events_enabled || self->client == NULL || self->target == NULL)
        set_events (self, NULL);
      return;
    }

  _isc_view_drop_events (self);
  self->events_cancellable = g_cancellable_new ();

  load = g_new0 (Load, 1);
  g_weak_ref_init (&load->view, self);
  load->client = g_object_ref (self->client);
  load->target = isc_target_copy (self->target);
  load->cancellable = g_object_ref (self->events_cancellable);
  isc_time_range_resolve (self->range, now_ms, &load->start_ms, &load->end_ms);

  if (self->target->kind == ISC_TARGET_ENVIRONMENT &&
      (self->events_discovered_us == 0 ||
       g_get_monotonic_time () - self->events_discovered_us > ENVIRONMENT_MAX_AGE_US))
    isc_client_list_environments_async (self->client, self->target->model_id, load->cancellable,
                                        on_environments, load);
  else if (self->target->kind == ISC_TARGET_ENVIRONMENT)
    start_serving (self, load);
  else
    start_audit_log (load);
}

void
_isc_view_drop_events (IscView *self)
{
  g_cancellable_cancel (self->events_cancellable);
  g_clear_object (&self->events_cancellable);
}

gboolean
isc_view_get_events_loading (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);

  return self->events_cancellable != NULL;
}

gboolean
isc_view_get_events_enabled (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->events_enabled;
}

void
isc_view_set_events_enabled (IscView  *self,
                             gboolean  enabled)
{
  g_autoptr(IscQuery) query = NULL;

  g_return_if_fail (ISC_IS_VIEW (self));

  enabled = !!enabled;
  if (self->events_enabled == (guint) enabled)
    return;

  self->events_enabled = enabled;
  _isc_view_notify (self, PROP_EVENTS_ENABLED);
  /* What a load would read now, or nothing. */
  if (enabled && self->client != NULL && self->target != NULL)
    query = isc_view_dup_query (self);
  _isc_view_load_events (self, query, FALSE);
}

GListModel *
isc_view_get_events (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return G_LIST_MODEL (self->events);
}

const char *
isc_view_get_events_unavailable (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->events_unavailable;
}
