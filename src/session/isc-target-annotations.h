/* isc-target-annotations.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-chart-annotations.h"
#include "isc-discovery.h"

G_BEGIN_DECLS

/* A deployment's view: its autoscaling limits and its
 * creation ("v8 created"); the API gives a deployment's instance type by
 * name only, so no memory limits.
 *
 * An environment's view: its autoscaling settings (its current
 * deployment's when it has none), its instance type's memory and GPU
 * memory limits; the creation of its current deployment and of a
 * candidate; each promotion within @response (may be NULL): the API
 * splits an environment's SERIES window at a promotion, so a value set
 * that starts inside the step before it marks one, the last labelled
 * with the current deployment ("v8 promoted"); and a promotion in
 * progress, with its share of traffic ("promoting v9 · 25 % of traffic")
 * at the time it was read, @now_ms, drawn at the window's end when the
 * window reaches @now_ms (within one step). */
IscChartAnnotations *isc_target_annotations_new_for_deployment  (IscDeployment      *deployment);
IscChartAnnotations *isc_target_annotations_new_for_environment (IscEnvironment     *environment,
                                                                 IscMetricsResponse *response,
                                                                 gint64              now_ms);

/* The same with the audit log's events (IscEvent items of @events that
 * concern the target, as isc_view_get_events() gives them): each event in
 * the response's range is a marker (isc_event_dup_label()), and the
 * promotions inferred from the metrics' steps are left out. With @events
 * NULL (the audit log could not be read), the inferred markers stay, as
 * above. */
IscChartAnnotations *isc_target_annotations_new_for_deployment_with_events  (IscDeployment      *deployment,
                                                                             IscMetricsResponse *response,
                                                                             GListModel         *events);
IscChartAnnotations *isc_target_annotations_new_for_environment_with_events (IscEnvironment     *environment,
                                                                             IscMetricsResponse *response,
                                                                             gint64              now_ms,
                                                                             GListModel         *events);

G_END_DECLS
