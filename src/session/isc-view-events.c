/* isc-view-events.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The view's events: the model's audit log over the range, read on each
 * load and refresh beside the metrics, kept to what concerns the target. */

#define G_LOG_DOMAIN "isc-view"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-audit-log-loader.h"
#include "isc-event.h"
#include "isc-view-private.h"

/* A stub for now: nothing is read. */
void
_isc_view_load_events (IscView        *self,
                       const IscQuery *query,
                       gboolean        reset)
{
}

void
_isc_view_drop_events (IscView *self)
{
  g_cancellable_cancel (self->events_cancellable);
  g_clear_object (&self->events_cancellable);
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
