/* isc-chart-annotations.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "isc-chart-model.h"
#include "isc-metrics-response.h"

G_BEGIN_DECLS

/* What a target's settings and history put on its charts: its limits
 * (reference lines) and its rollout events (markers), from discovery. One
 * value per target and response, applied to each chart model made of the
 * response by isc_chart_annotations_apply(), which decides, from the
 * metric's catalogue name, which limit a chart shows:
 *
 * | metric                                          | lines            |
 * | ----------------------------------------------- | ---------------- |
 * | baseten_replicas_active                         | min, max replicas |
 * | baseten_replicas_starting                       | max replicas     |
 * | baseten_concurrent_requests                     | concurrency target (per replica) |
 * | baseten_llm_in_flight_tokens, …_avg_…           | in-flight tokens target (per replica) |
 * | baseten_gpu_memory_used                         | GPU memory limit |
 * | baseten_container_cpu_memory_working_set_bytes  | memory limit     |
 *
 * Markers go on every chart with a time axis. A plain reference-counted
 * boxed value; see docs/charts.md, "Reference lines and rollout markers".
 */

typedef enum
{
  ISC_CHART_LIMIT_MIN_REPLICAS,        /* replicas */
  ISC_CHART_LIMIT_MAX_REPLICAS,        /* replicas */
  ISC_CHART_LIMIT_CONCURRENCY_TARGET,  /* requests per replica */
  ISC_CHART_LIMIT_MEMORY_MIB,          /* MiB per replica */
  ISC_CHART_LIMIT_GPU_MEMORY_MIB,      /* MiB per GPU */
  ISC_CHART_LIMIT_IN_FLIGHT_TOKENS_TARGET,  /* tokens per replica */
  ISC_CHART_N_LIMITS
} IscChartLimit;

typedef struct _IscChartAnnotations IscChartAnnotations;

#define ISC_TYPE_CHART_ANNOTATIONS (isc_chart_annotations_get_type ())

GType                isc_chart_annotations_get_type      (void) G_GNUC_CONST;
/* No limits, no markers. */
IscChartAnnotations *isc_chart_annotations_new           (void);
IscChartAnnotations *isc_chart_annotations_ref           (IscChartAnnotations *self);
void                 isc_chart_annotations_unref         (IscChartAnnotations *self);

/* A limit in the unit above; NaN (or a negative value: the API's "not
 * set") forgets it. get returns NaN when unknown. */
void                 isc_chart_annotations_set_limit     (IscChartAnnotations *self,
                                                          IscChartLimit        limit,
                                                          double               value);
double               isc_chart_annotations_get_limit     (IscChartAnnotations *self,
                                                          IscChartLimit        limit);
/* A limit that changed over the range: @steps in time order (see
 * IscChartReference); the limit's value becomes the last step's. Steps
 * that all hold one value make a plain line (get_limit_steps gives none).
 * set_limit forgets the steps. */
void                 isc_chart_annotations_set_limit_steps (IscChartAnnotations         *self,
                                                            IscChartLimit                limit,
                                                            const IscChartReferenceStep *steps,
                                                            guint                        n);
const IscChartReferenceStep *
                     isc_chart_annotations_get_limit_steps (IscChartAnnotations *self,
                                                            IscChartLimit        limit,
                                                            guint               *n);
/* Markers are kept in time order; the label is copied. */
void                 isc_chart_annotations_add_marker    (IscChartAnnotations *self,
                                                          gint64               time_ms,
                                                          const char          *label);
/* The same with the sentence the hover, the keyboard and a screen reader
 * say of it (IscChartMarker.description; NULL: the label). */
void                 isc_chart_annotations_add_marker_full (IscChartAnnotations *self,
                                                            gint64               time_ms,
                                                            const char          *label,
                                                            const char          *description);
/* Gives the markers at @time_ms labelled @label @description (copied;
 * NULL forgets it); how many it found. For the window, which knows the
 * audit log's sentences of the markers its events became. */
guint                isc_chart_annotations_describe_marker (IscChartAnnotations *self,
                                                            gint64               time_ms,
                                                            const char          *label,
                                                            const char          *description);
const IscChartMarker *isc_chart_annotations_get_markers  (IscChartAnnotations *self,
                                                          guint               *n);

/* Sets on @model the reference lines its metric takes (the table above,
 * each limit converted to the metric's unit: MiB for MEBIBYTES, bytes for
 * BYTES) and the markers; clears both when @self is NULL. */
void                 isc_chart_annotations_apply         (IscChartAnnotations *self,
                                                          IscChartModel       *model);

/* The times of the promotions within @response: the API splits an
 * environment's SERIES window at a promotion, so a value set that starts
 * inside the step before it marks one. A GArray of gint64. */
GArray              *isc_chart_annotations_find_promotions (IscMetricsResponse *response);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscChartAnnotations, isc_chart_annotations_unref)

G_END_DECLS
