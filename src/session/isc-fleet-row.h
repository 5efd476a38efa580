/* isc-fleet-row.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-metrics-response.h"
#include "isc-target.h"

G_BEGIN_DECLS

/* One row of the fleet overview: a target (an environment or an active
 * deployment), and what its metrics over the overview's range say:
 * the request rate at each step (the sparkline), the share of 5xx
 * answers, the p95 end-to-end latency over the range and over the equal
 * window before it, the replicas running against the autoscaling
 * minimum and maximum, and a health word for all of it.
 *
 * A row keeps its last values while it reloads; a load that fails drops
 * them and keeps the reason instead. It changes only from IscFleet,
 * which also emits items-changed for it when its values arrive.
 */

typedef enum
{
  ISC_FLEET_ROW_PENDING,  /* not loaded yet */
  ISC_FLEET_ROW_LOADING,  /* the first request is on its way */
  ISC_FLEET_ROW_READY,    /* values from the last load */
  ISC_FLEET_ROW_ERROR,    /* the last load failed: "error-message" says why */
} IscFleetRowState;

typedef enum
{
  ISC_FLEET_HEALTH_UNKNOWN,     /* nothing loaded yet */
  ISC_FLEET_HEALTH_ERROR,       /* the metrics could not be loaded */
  ISC_FLEET_HEALTH_FAILING,     /* 5xx share at or above 5 % */
  ISC_FLEET_HEALTH_DEGRADED,    /* 5xx share at or above 1 %, or p95 up by half or more */
  ISC_FLEET_HEALTH_ATTENTION,   /* a diagnosis banner other than at max: a promotion paused
                                 * or failed, a slow start, requests refused on full, an
                                 * unhealthy deployment served while a newer one is active */
  ISC_FLEET_HEALTH_AT_MAX,      /* replicas at the autoscaling maximum */
  ISC_FLEET_HEALTH_NO_TRAFFIC,  /* no requests in the range */
  ISC_FLEET_HEALTH_HEALTHY,
} IscFleetHealth;

#define ISC_FLEET_FAILING_SHARE   0.05
#define ISC_FLEET_DEGRADED_SHARE  0.01
#define ISC_FLEET_DEGRADED_REGRESSION 0.5

#define ISC_TYPE_FLEET_ROW_STATE (isc_fleet_row_state_get_type ())
#define ISC_TYPE_FLEET_HEALTH    (isc_fleet_health_get_type ())
GType isc_fleet_row_state_get_type (void) G_GNUC_CONST;
GType isc_fleet_health_get_type    (void) G_GNUC_CONST;

#define ISC_TYPE_FLEET_ROW (isc_fleet_row_get_type ())

G_DECLARE_FINAL_TYPE (IscFleetRow, isc_fleet_row, ISC, FLEET_ROW, GObject)

/* "target" (IscTarget, boxed): never NULL. */
const IscTarget  *isc_fleet_row_get_target            (IscFleetRow  *self);
/* "model-name" and "name": what to show, never NULL. */
const char       *isc_fleet_row_get_model_name        (IscFleetRow  *self);
const char       *isc_fleet_row_get_name              (IscFleetRow  *self);
/* "state", "loading" (a request for it is on its way, even with values) */
IscFleetRowState  isc_fleet_row_get_state             (IscFleetRow  *self);
gboolean          isc_fleet_row_get_loading           (IscFleetRow  *self);
/* "error-message": why the last load failed, or NULL. */
const char       *isc_fleet_row_get_error_message     (IscFleetRow  *self);
/* Requests per second at each step of the range (NaN: no data). */
const double     *isc_fleet_row_get_request_rates     (IscFleetRow  *self,
                                                       guint        *n_rates);
/* Requests in the range, or NaN when unknown. */
double            isc_fleet_row_get_total_requests    (IscFleetRow  *self);
/* 5xx share of the requests in the range, 0 … 1; NaN when unknown or
 * without requests. */
double            isc_fleet_row_get_error_share       (IscFleetRow  *self);
/* p95 end-to-end latency in seconds over the range (the step p95s
 * weighted by each step's requests), and over the equal window before;
 * NaN when unknown. */
double            isc_fleet_row_get_p95_seconds       (IscFleetRow  *self);
double            isc_fleet_row_get_previous_p95_seconds (IscFleetRow *self);
/* p95 / previous p95 - 1 (0.5: half as slow again); NaN when unknown. */
double            isc_fleet_row_get_latency_regression (IscFleetRow *self);
/* Replicas running at the end of the range (NaN: unknown), and the
 * autoscaling minimum and maximum (-1: unknown). */
double            isc_fleet_row_get_replicas          (IscFleetRow  *self);
gint64            isc_fleet_row_get_min_replicas      (IscFleetRow  *self);
gint64            isc_fleet_row_get_max_replicas      (IscFleetRow  *self);
gboolean          isc_fleet_row_get_at_max            (IscFleetRow  *self);
/* "health" */
/* Whether a diagnosis banner other than "at max" shows for the row's
 * target (ATTENTION, unless errors or latency rank its health higher). */
gboolean        isc_fleet_row_get_needs_attention (IscFleetRow *self);
IscFleetHealth    isc_fleet_row_get_health            (IscFleetRow  *self);
/* The target's instance type (discovery's name), or NULL. */
const char       *isc_fleet_row_get_instance_type     (IscFleetRow  *self);
/* The last answer (with the window before the range) and the range it
 * was asked for, for the cost of the range; NULL before one. */
IscMetricsResponse *isc_fleet_row_get_response        (IscFleetRow  *self,
                                                       gint64       *start_ms,
                                                       gint64       *end_ms);
/* The translated word: "Failing", "Degraded", "At max", "Healthy", … */
const char       *isc_fleet_health_get_title          (IscFleetHealth health);

/* By trouble, most first: rows that failed to load, then the 5xx share,
 * then the latency regression, then replicas at max, then rows without
 * values; ties by model name and name. A GCompareDataFunc. */
int               isc_fleet_row_compare_trouble       (gconstpointer a,
                                                       gconstpointer b,
                                                       gpointer      user_data);

G_END_DECLS
