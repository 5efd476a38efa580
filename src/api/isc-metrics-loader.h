/* isc-metrics-loader.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-client.h"

G_BEGIN_DECLS

/* One per view: it owns the view's current request. A new load cancels the
 * one before, so a stale result is never delivered; disposing the loader
 * cancels too. Exactly one of "loaded" or "failed" is emitted for the
 * latest load, and nothing for a cancelled or superseded one.
 *
 * "failed" carries the error and, when the client has a cache, the last
 * good response for the query and when it was received (NULL and 0 when
 * there is none), so the view can show the last data with its age.
 */

#define ISC_TYPE_METRICS_LOADER (isc_metrics_loader_get_type ())

G_DECLARE_FINAL_TYPE (IscMetricsLoader, isc_metrics_loader, ISC, METRICS_LOADER, GObject)

IscMetricsLoader *isc_metrics_loader_new        (IscClient        *client);
IscClient        *isc_metrics_loader_get_client (IscMetricsLoader *self);
void              isc_metrics_loader_load       (IscMetricsLoader *self,
                                                 const IscQuery   *query);
/* The same for a query made for this moment only, never asked again
 * (isc_client_fetch_metrics_once_async()): its answer is not kept in the
 * cache, and a failure brings no cached response. */
void              isc_metrics_loader_load_once  (IscMetricsLoader *self,
                                                 const IscQuery   *query);
void              isc_metrics_loader_cancel     (IscMetricsLoader *self);
gboolean          isc_metrics_loader_get_loading (IscMetricsLoader *self);

G_END_DECLS
