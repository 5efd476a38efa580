/* isc-fleet-row-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-fleet-row.h"
#include "isc-metrics-response.h"
#include "isc-target-item.h"

G_BEGIN_DECLS

/* The metrics a row asks for. */
extern const char * const _isc_fleet_row_metrics[];

IscFleetRow *_isc_fleet_row_new            (IscTargetItem      *item);
/* What discovery says of the target now (autoscaling, replicas). */
void         _isc_fleet_row_set_item       (IscFleetRow        *self,
                                            IscTargetItem      *item);
/* The model's deployments (IscDeployment), for the banner an environment
 * serving an unhealthy deployment while a newer one is active raises. */
void         _isc_fleet_row_set_siblings   (IscFleetRow        *self,
                                            IscTargetItem      *item,
                                            GPtrArray          *deployments);
void         _isc_fleet_row_set_loading    (IscFleetRow        *self,
                                            gboolean            loading);
/* @response covers [@start_ms - (@end_ms - @start_ms), @end_ms) or less
 * of the window before: the steps before @start_ms are the previous
 * window. */
void         _isc_fleet_row_set_response   (IscFleetRow        *self,
                                            IscMetricsResponse *response,
                                            gint64              start_ms,
                                            gint64              end_ms);
void         _isc_fleet_row_set_error      (IscFleetRow        *self,
                                            const GError       *error);

G_END_DECLS
