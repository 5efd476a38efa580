/* isc-fleet.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-client.h"
#include "isc-fleet-row.h"
#include "isc-target-list.h"
#include "isc-time-range.h"

G_BEGIN_DECLS

/* The fleet overview's state: a GListModel of IscFleetRow, one for each
 * environment (production and development) and each active deployment
 * the target list holds, in its order. A view sorts them (by trouble:
 * isc_fleet_row_compare_trouble) and filters them.
 *
 * Loading: each row's metrics over "range" (and the equal window before
 * it, for the latency regression) in one SERIES request through
 * "client", at most "max-in-flight" requests at once. Rows fill in as
 * their answers arrive (items-changed for the row); a row that fails
 * keeps its reason and the others go on. A 429 holds every new request
 * back until the Retry-After the client was told has passed, and a row
 * whose request ran out of retries on 429s goes back in the queue.
 *
 * Loads happen while "active": at once when it becomes active with
 * nothing loaded or the last pass older than "refresh-interval", then
 * every "refresh-interval" seconds (0: off) for a relative range; on
 * isc_fleet_refresh(); and when the range or client changes. A new pass
 * cancels the one before. The rows follow the target list when it
 * changes and is not filtered.
 */

#define ISC_FLEET_DEFAULT_MAX_IN_FLIGHT 4

#define ISC_TYPE_FLEET (isc_fleet_get_type ())

G_DECLARE_FINAL_TYPE (IscFleet, isc_fleet, ISC, FLEET, GObject)

IscFleet           *isc_fleet_new                  (void);
/* "client" (IscClient, nullable) */
IscClient          *isc_fleet_get_client           (IscFleet           *self);
void                isc_fleet_set_client           (IscFleet           *self,
                                                    IscClient          *client);
/* "target-list" (IscTargetList, nullable) */
IscTargetList      *isc_fleet_get_target_list      (IscFleet           *self);
void                isc_fleet_set_target_list      (IscFleet           *self,
                                                    IscTargetList      *target_list);
/* "range" (IscTimeRange, boxed): never NULL; the last hour by default. */
const IscTimeRange *isc_fleet_get_range            (IscFleet           *self);
void                isc_fleet_set_range            (IscFleet           *self,
                                                    const IscTimeRange *range);
/* "max-in-flight": at least 1; ISC_FLEET_DEFAULT_MAX_IN_FLIGHT. */
guint               isc_fleet_get_max_in_flight    (IscFleet           *self);
void                isc_fleet_set_max_in_flight    (IscFleet           *self,
                                                    guint               max_in_flight);
/* "active": loads only while TRUE (FALSE by default). */
gboolean            isc_fleet_get_active           (IscFleet           *self);
void                isc_fleet_set_active           (IscFleet           *self,
                                                    gboolean            active);
/* "refresh-interval" in seconds, 0: off. */
guint               isc_fleet_get_refresh_interval (IscFleet           *self);
void                isc_fleet_set_refresh_interval (IscFleet           *self,
                                                    guint               seconds);
/* Rebuilds the rows from the target list and loads them all now, when
 * there is a client (also while not active). */
void                isc_fleet_refresh              (IscFleet           *self);
/* "loading": a pass is on its way; "n-done": rows of this pass answered
 * (ready or failed); "n-failed": of those, failed. */
gboolean            isc_fleet_get_loading          (IscFleet           *self);
guint               isc_fleet_get_n_done           (IscFleet           *self);
guint               isc_fleet_get_n_failed         (IscFleet           *self);
/* "in-flight": requests on their way now. */
guint               isc_fleet_get_in_flight        (IscFleet           *self);
/* The row of @target, or NULL. */
IscFleetRow        *isc_fleet_find                 (IscFleet           *self,
                                                    const IscTarget    *target,
                                                    guint              *position);

G_END_DECLS
