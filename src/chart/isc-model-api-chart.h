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

G_END_DECLS
