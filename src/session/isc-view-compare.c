/* isc-view-compare.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view's compared response: another target's answer to the view's
 * own query, or this target's a shift back, loaded beside the main one
 * and failing on its own.
 */

#define G_LOG_DOMAIN "isc-view"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-text.h"
#include "isc-view-private.h"

static void
set_compare_response (IscView            *self,
                      IscMetricsResponse *response)
{
  if (self->compare_response == response)
    return;
  g_clear_pointer (&self->compare_response, isc_metrics_response_unref);
  if (response != NULL)
    self->compare_response = isc_metrics_response_ref (response);
  _isc_view_notify (self, PROP_COMPARE_RESPONSE);
}

static void
set_compare_error (IscView      *self,
                   const GError *error)
{
  if (self->compare_error == NULL && error == NULL)
    return;
  g_clear_error (&self->compare_error);
  if (error != NULL)
    self->compare_error = g_error_copy (error);
  _isc_view_notify (self, PROP_COMPARE_ERROR);
}

static void
compare_loaded_cb (IscView            *self,
                   IscMetricsResponse *response,
                   IscMetricsLoader   *loader)
{
  g_object_freeze_notify (G_OBJECT (self));
  set_compare_error (self, NULL);
  set_compare_response (self, response);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
compare_failed_cb (IscView            *self,
                   const GError       *error,
                   IscMetricsResponse *cached,
                   gint64              cached_ms,
                   IscMetricsLoader   *loader)
{
  g_debug ("Could not load the compared metrics: %s", error->message);

  /* The main picture is not the compared one's to break: only the
   * overlay says it failed, and keeps what it drew. */
  g_object_freeze_notify (G_OBJECT (self));
  set_compare_error (self, error);
  if (self->compare_response == NULL && cached != NULL)
    set_compare_response (self, cached);
  g_object_thaw_notify (G_OBJECT (self));
}

void
_isc_view_drop_compare (IscView *self)
{
  if (self->compare_loader == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->compare_loader, self);
  isc_metrics_loader_cancel (self->compare_loader);
  g_clear_object (&self->compare_loader);
}

/* The view's query asked of the compared target, or a shift back. */
static IscQuery *
make_compare_query (IscView        *self,
                    const IscQuery *query)
{
  g_autoptr(IscQuery) copy = NULL;

  if (self->compare_target != NULL)
    return isc_target_make_query (self->compare_target, query->mode, query->range,
                                  (const char * const *) query->metrics);

  copy = isc_query_copy (query);
  if (copy->range != NULL)
    {
      gint64 start_ms, end_ms;

      isc_time_range_resolve (copy->range, g_get_real_time () / 1000, &start_ms, &end_ms);
      isc_time_range_free (copy->range);
      copy->range = isc_time_range_new_absolute (start_ms - self->compare_shift_ms,
                                                 end_ms - self->compare_shift_ms);
    }
  return g_steal_pointer (&copy);
}

void
_isc_view_load_compare (IscView        *self,
                        const IscQuery *query,
                        gboolean        reset)
{
  g_autoptr(IscQuery) compare_query = NULL;
  gboolean wanted = (query != NULL && self->client != NULL &&
                     (self->compare_target != NULL || self->compare_shift_ms > 0) &&
                     query->mode != ISC_MODE_CURRENT &&
                     (self->compare_shift_ms == 0 || query->range != NULL));

  g_object_freeze_notify (G_OBJECT (self));

  if (reset || !wanted)
    {
      set_compare_response (self, NULL);
      set_compare_error (self, NULL);
    }

  if (!wanted)
    {
      if (self->compare_loader != NULL)
        isc_metrics_loader_cancel (self->compare_loader);
      g_object_thaw_notify (G_OBJECT (self));
      return;
    }

  if (self->compare_loader == NULL)
    {
      self->compare_loader = isc_metrics_loader_new (self->client);
      g_signal_connect_object (self->compare_loader, "loaded", G_CALLBACK (compare_loaded_cb),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->compare_loader, "failed", G_CALLBACK (compare_failed_cb),
                               self, G_CONNECT_SWAPPED);
    }

  compare_query = make_compare_query (self, query);
  /* A relative range shifted back is resolved from now: a key of its own
   * at every refresh, never asked again, so not kept (each would be a new
   * file in the cache, and the cache listed at every store). */
  if (self->compare_target == NULL && query->range != NULL && query->range->kind == ISC_TIME_RANGE_RELATIVE)
    isc_metrics_loader_load_once (self->compare_loader, compare_query);
  else
    isc_metrics_loader_load (self->compare_loader, compare_query);

  g_object_thaw_notify (G_OBJECT (self));
}

void
_isc_view_reload_compare (IscView *self)
{
  g_autoptr(IscQuery) query = isc_view_dup_query (self);

  if (query != NULL && !isc_query_validate (query, g_get_real_time () / 1000, NULL))
    g_clear_pointer (&query, isc_query_free);
  _isc_view_load_compare (self, query, TRUE);
}

const IscTarget *
isc_view_get_compare_target (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->compare_target;
}

void
isc_view_set_compare_target (IscView         *self,
                             const IscTarget *target)
{
  g_return_if_fail (ISC_IS_VIEW (self));

  if (isc_target_equal (self->compare_target, target) &&
      (target == NULL || g_strcmp0 (self->compare_target->name, target->name) == 0))
    return;

  g_object_freeze_notify (G_OBJECT (self));
  g_clear_pointer (&self->compare_target, isc_target_free);
  if (target != NULL)
    self->compare_target = isc_target_copy (target);
  _isc_view_notify (self, PROP_COMPARE_TARGET);
  if (target != NULL && self->compare_shift_ms != 0)
    {
      self->compare_shift_ms = 0;
      _isc_view_notify (self, PROP_COMPARE_SHIFT);
    }
  _isc_view_reload_compare (self);
  g_object_thaw_notify (G_OBJECT (self));
}

gint64
isc_view_get_compare_shift (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), 0);
  return self->compare_shift_ms;
}

void
isc_view_set_compare_shift (IscView *self,
                            gint64   shift_ms)
{
  g_return_if_fail (ISC_IS_VIEW (self));
  g_return_if_fail (shift_ms >= 0);

  if (self->compare_shift_ms == shift_ms)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  self->compare_shift_ms = shift_ms;
  _isc_view_notify (self, PROP_COMPARE_SHIFT);
  if (shift_ms != 0 && self->compare_target != NULL)
    {
      g_clear_pointer (&self->compare_target, isc_target_free);
      _isc_view_notify (self, PROP_COMPARE_TARGET);
    }
  _isc_view_reload_compare (self);
  g_object_thaw_notify (G_OBJECT (self));
}

IscMetricsResponse *
isc_view_get_compare_response (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->compare_response;
}

const GError *
isc_view_get_compare_error (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->compare_error;
}

char *
isc_view_describe_shift (gint64 shift_ms)
{
  if (shift_ms <= 0)
    return NULL;
  if (shift_ms == ISC_VIEW_SHIFT_HOUR)
    /* Translators: what compared series add to their label */
    return g_strdup (_("1 hour earlier"));
  if (shift_ms == ISC_VIEW_SHIFT_DAY)
    /* Translators: what compared series add to their label */
    return g_strdup (_("1 day earlier"));
  if (shift_ms == ISC_VIEW_SHIFT_WEEK)
    /* Translators: what compared series add to their label: the same
     * time a week back */
    return g_strdup (_("last week"));
  /* Translators: what compared series add to their label, a number of
   * minutes back */
  return g_strdup_printf (_("%d min earlier"), (int) MIN (shift_ms / 60000, G_MAXINT));
}

gboolean
isc_view_parse_shift (const char *text,
                      gint64     *shift_ms)
{
  static const struct { const char *text; gint64 ms; } shifts[] = {
    { "1h", ISC_VIEW_SHIFT_HOUR },
    { "1d", ISC_VIEW_SHIFT_DAY },
    { "1w", ISC_VIEW_SHIFT_WEEK },
  };

  g_return_val_if_fail (shift_ms != NULL, FALSE);

  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (shifts); i++)
    if (strcmp (text, shifts[i].text) == 0)
      {
        *shift_ms = shifts[i].ms;
        return TRUE;
      }
  return FALSE;
}

char *
isc_view_dup_compare_label (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);

  if (self->compare_target != NULL)
    {
      /* Another model's target needs its model's name too. */
      if (self->target != NULL && g_strcmp0 (self->target->model_id, self->compare_target->model_id) != 0)
        return isc_target_dup_title (self->compare_target);
      return g_strdup (self->compare_target->name);
    }
  return isc_view_describe_shift (self->compare_shift_ms);
}

char *
isc_view_dup_compare_display_label (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);

  if (self->compare_target != NULL)
    {
      if (self->target != NULL && g_strcmp0 (self->target->model_id, self->compare_target->model_id) != 0)
        return isc_target_dup_display_title (self->compare_target);
      return isc_text_display_name (self->compare_target->name, self->compare_target->id);
    }
  return isc_view_describe_shift (self->compare_shift_ms);
}
