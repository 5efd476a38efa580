/* isc-target-annotations.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

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

G_END_DECLS
