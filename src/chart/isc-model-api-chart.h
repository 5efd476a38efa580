/* isc-model-api-chart.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-metrics-response.h"
#include "isc-model-apis.h"

G_BEGIN_DECLS

/* The Model APIs page's charts as a metrics response, so the Charts
 * page's grid draws them with its range, zoom, crosshair, legend toggles,
 * export and hover: one SERIES step per usage bucket (its width), four
 * COUNTERs (uncached and cached input tokens, output tokens, requests)
 * with a label set per group ({"model": …} or {"api_key": …}), and, when
 * @apis (IscModelApi, nullable) give prices per million tokens for the
 * models used, a GAUGE of what each bucket's tokens cost in US dollars
 * (input, cached included, at the input price; output at the output
 * price). Empty buckets are zeros, as the API keeps them. NULL for usage
 * without buckets or groups. */
IscMetricsResponse *isc_model_api_usage_new_response (const IscModelApiUsage *usage,
                                                      GPtrArray              *apis);

/* The Model APIs page's Summary: the same four COUNTERs and label sets
 * as a SUMMARY response, each the total over every bucket (what the
 * Summary page tables). NULL for usage without buckets or groups. */
IscMetricsResponse *isc_model_api_usage_new_summary  (const IscModelApiUsage *usage);
/* What the usage's tokens cost at the list prices of @apis (input,
 * cached included, at the input price; output at the output price):
 * @cost over the groups whose prices are known, @n_unpriced the groups
 * used without one. FALSE when no group could be priced. */
gboolean            isc_model_api_usage_list_cost    (const IscModelApiUsage *usage,
                                                      GPtrArray              *apis,
                                                      IscMoney               *cost,
                                                      guint                  *n_unpriced);

G_END_DECLS
