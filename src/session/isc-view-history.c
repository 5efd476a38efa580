/* isc-view-history.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view's time range: setting it, Back and Forward through its
 * history, and the zoom.
 */

#define G_LOG_DOMAIN "isc-view"

#include "config.h"

#include <math.h>

#include "isc-view-private.h"

/* How many ranges Back can return to. */
#define HISTORY_MAX 100
/* The narrowest range a zoom makes: a step or two of the finest series. */
#define ZOOM_MIN_MS ((gint64) 60 * 1000)

/* The range and its history */

gboolean
_isc_view_check_range (const IscTimeRange  *range,
                       GError             **error)
{
  g_autoptr(IscQuery) query = NULL;

  /* The query's own check, so the words are the same everywhere. */
  query = isc_query_new ("model", ISC_TARGET_DEPLOYMENT, "deployment",
                         ISC_MODE_SERIES, range, NULL);
  return isc_query_validate (query, g_get_real_time () / 1000, error);
}

void
_isc_view_notify_history (IscView  *self,
                          gboolean  could_go_back,
                          gboolean  could_go_forward)
{
  if (could_go_back != isc_view_get_can_go_back (self))
    _isc_view_notify (self, PROP_CAN_GO_BACK);
  if (could_go_forward != isc_view_get_can_go_forward (self))
    _isc_view_notify (self, PROP_CAN_GO_FORWARD);
}

/* Takes range; keeps what is shown while the new range loads. */
static void
replace_range (IscView      *self,
               IscTimeRange *range)
{
  g_clear_pointer (&self->range, isc_time_range_free);
  self->range = range;
  _isc_view_notify (self, PROP_RANGE);
  _isc_view_load (self, FALSE);
}

static void
push_bounded (GPtrArray    *stack,
              IscTimeRange *range)
{
  g_ptr_array_add (stack, range);
  if (stack->len > HISTORY_MAX)
    g_ptr_array_remove_index (stack, 0);
}

const IscTimeRange *
isc_view_get_range (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->range;
}

gboolean
isc_view_set_range (IscView             *self,
                    const IscTimeRange  *range,
                    GError             **error)
{
  gboolean could_go_back, could_go_forward;

  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  g_return_val_if_fail (range != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!_isc_view_check_range (range, error))
    return FALSE;

  if (isc_time_range_equal (self->range, range))
    return TRUE;

  could_go_back = isc_view_get_can_go_back (self);
  could_go_forward = isc_view_get_can_go_forward (self);

  g_object_freeze_notify (G_OBJECT (self));

  push_bounded (self->back, g_steal_pointer (&self->range));
  g_ptr_array_set_size (self->forward, 0);
  replace_range (self, isc_time_range_copy (range));
  _isc_view_notify_history (self, could_go_back, could_go_forward);

  g_object_thaw_notify (G_OBJECT (self));

  return TRUE;
}

gboolean
isc_view_get_can_go_back (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->back->len > 0;
}

gboolean
isc_view_get_can_go_forward (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->forward->len > 0;
}

static gboolean
step_history (IscView   *self,
              GPtrArray *from,
              GPtrArray *to)
{
  gboolean could_go_back, could_go_forward;

  if (from->len == 0)
    return FALSE;

  could_go_back = isc_view_get_can_go_back (self);
  could_go_forward = isc_view_get_can_go_forward (self);

  g_object_freeze_notify (G_OBJECT (self));

  push_bounded (to, g_steal_pointer (&self->range));
  replace_range (self, g_ptr_array_steal_index (from, from->len - 1));
  _isc_view_notify_history (self, could_go_back, could_go_forward);

  g_object_thaw_notify (G_OBJECT (self));

  return TRUE;
}

gboolean
isc_view_go_back (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return step_history (self, self->back, self->forward);
}

gboolean
isc_view_go_forward (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return step_history (self, self->forward, self->back);
}

gboolean
isc_view_zoom (IscView *self,
               double   factor)
{
  g_autoptr(IscTimeRange) range = NULL;
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 start_ms, end_ms, centre_ms, duration_ms;
  double wanted_ms;

  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);

  if (!isfinite (factor) || factor <= 0)
    return FALSE;

  isc_time_range_resolve (self->range, now_ms, &start_ms, &end_ms);
  centre_ms = start_ms + (end_ms - start_ms) / 2;
  wanted_ms = (double) (end_ms - start_ms) * factor;
  duration_ms = (gint64) CLAMP (wanted_ms, (double) ZOOM_MIN_MS, (double) ISC_TIME_RANGE_MAX_MS);

  start_ms = centre_ms - duration_ms / 2;
  end_ms = start_ms + duration_ms;
  if (end_ms > now_ms)
    {
      end_ms = now_ms;
      start_ms = end_ms - duration_ms;
    }

  range = isc_time_range_new_absolute (start_ms, end_ms);
  return isc_view_set_range (self, range, NULL);
}
