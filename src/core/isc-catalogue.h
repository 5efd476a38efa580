/* isc-catalogue.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-types.h"

G_BEGIN_DECLS

/* The metric names Inferscope knows, from baseten-api.md: a friendly title,
 * a group, the unit and kind the API reports, the shape of the label sets
 * and which deployments the metric applies to. A name that is not here is
 * still an ordinary metric, drawn by its unit_hint and kind.
 */

typedef enum
{
  ISC_LABEL_SHAPE_PLAIN,      /* {} */
  ISC_LABEL_SHAPE_STATUS,     /* {"status":"2xx"}, … */
  ISC_LABEL_SHAPE_QUANTILES,  /* {"quantile":"0.5"} … {"stat":"avg"} */
  ISC_LABEL_SHAPE_CONDITION,  /* {"condition":"true"}, … */
} IscLabelShape;

typedef enum
{
  ISC_APPLIES_ALL   = 0,
  ISC_APPLIES_GPU   = 1 << 0,
  ISC_APPLIES_LLM   = 1 << 1,
  ISC_APPLIES_ASYNC = 1 << 2,
} IscAppliesTo;

typedef enum
{
  ISC_METRIC_GROUP_TRAFFIC,
  ISC_METRIC_GROUP_LATENCY,
  ISC_METRIC_GROUP_REPLICAS,
  ISC_METRIC_GROUP_RESOURCES,
  ISC_METRIC_GROUP_GPU,
  ISC_METRIC_GROUP_LLM,
  ISC_METRIC_GROUP_ASYNC,
} IscMetricGroup;

/* How a metric's values read. A count of things that exist whole (replicas,
 * ready pods, queued requests, open connections) is INTEGER: integer value
 * ticks, whole numbers without decimals, drawn step-after (the value holds
 * until the next step) and reduced per pixel keeping the maximum, so a
 * one-step scale-up survives a narrow chart. PER_STEP is a COUNTER of rare
 * events (restarts) read as the count in each step, never as a rate, and
 * otherwise like INTEGER.
 */
typedef enum
{
  ISC_VALUE_DISPLAY_CONTINUOUS,
  ISC_VALUE_DISPLAY_INTEGER,
  ISC_VALUE_DISPLAY_PER_STEP,
} IscValueDisplay;

typedef struct
{
  const char     *name;
  const char     *title;       /* N_(): translate with _() when shown */
  IscMetricGroup  group;
  IscUnitHint     unit_hint;
  IscMetricKind   kind;
  IscLabelShape   label_shape;
  IscAppliesTo    applies_to;
  gboolean        in_default_set;  /* returned when a request names no metrics */
  /* What a RATIO's plain values count when the axis is not in percent, such
   * as "cores" for CPU usage: N_(), or NULL to say "ratio". */
  const char     *unit_label;
  /* A RATIO the API may send as 0–100 (baseten-api.md): when any value of
   * the metric exceeds 1, all of its values are percent. */
  gboolean        percent_above_one;
  IscValueDisplay display;
} IscCatalogueEntry;

/* The chart Inferscope derives from a counter of requests by status: the
 * share of 4xx and 5xx in all requests (isc-error-share.h). Not an API
 * metric: never asked for, not among the entries, unknown to
 * isc_catalogue_lookup(); isc_catalogue_get_title() says "Error rate". */
#define ISC_CATALOGUE_ERROR_RATE "inferscope_error_rate"
/* The Usage page's chart of spend per day (isc-usage-chart.h): not an API
 * metric either; isc_catalogue_get_title() says "Spend per day". */
#define ISC_CATALOGUE_USAGE_SPEND "inferscope_usage_spend"
/* The Model APIs page's charts (isc-model-api-chart.h), not API metrics
 * either: tokens and requests per bucket, and what they cost. */
#define ISC_CATALOGUE_MODEL_API_INPUT    "inferscope_model_api_input_tokens"
#define ISC_CATALOGUE_MODEL_API_CACHED   "inferscope_model_api_cached_input_tokens"
#define ISC_CATALOGUE_MODEL_API_OUTPUT   "inferscope_model_api_output_tokens"
#define ISC_CATALOGUE_MODEL_API_REQUESTS "inferscope_model_api_requests"
#define ISC_CATALOGUE_MODEL_API_COST     "inferscope_model_api_cost"

const IscCatalogueEntry *isc_catalogue_get_entries  (guint          *n_entries);
/* NULL for a name the catalogue does not know. */
const IscCatalogueEntry *isc_catalogue_lookup       (const char     *name);
/* The translated title for a known name, the name itself otherwise. */
const char              *isc_catalogue_get_title    (const char     *name);
/* The translated unit_label of a known name, or NULL. */
const char              *isc_catalogue_get_unit_label (const char   *name);
/* A count of the metric's events with its noun, "1 restart", "3 restarts",
 * from number (the count as formatted) and its value; NULL when the metric
 * has no noun. */
char                    *isc_catalogue_format_count (const char     *name,
                                                     const char     *number,
                                                     double          value);
/* The entry's display, CONTINUOUS for a name the catalogue does not know. */
IscValueDisplay          isc_catalogue_get_display  (const char     *name);
const char              *isc_metric_group_get_title (IscMetricGroup  group);

/* Where a metric's chart is shown: its group, or ISC_METRIC_GROUP_OTHER
 * (after every group) for a name the catalogue does not know. */
#define ISC_METRIC_GROUP_OTHER (ISC_METRIC_GROUP_ASYNC + 1)
guint                    isc_catalogue_get_display_group (const char *name);
/* The order the charts of @names are shown in, by the window and by an
 * export alike: the groups in the catalogue's order, unknown names last,
 * and within a group the order given. Fills order[0 … n_names) with
 * indices into @names. */
void                     isc_catalogue_get_display_order (const char * const *names,
                                                          guint               n_names,
                                                          guint              *order);

G_END_DECLS
