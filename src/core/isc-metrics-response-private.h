/* isc-metrics-response-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "isc-metrics-response.h"

G_BEGIN_DECLS

/* The deepest nesting the decoder accepts. The schema itself nests five
 * levels (root, metric_values, a value set, values, one metric's values);
 * the rest leaves room for unknown extra fields, which the API may add,
 * while keeping json-glib's recursive parser far from the end of a
 * worker thread's stack.
 */
#define ISC_METRICS_RESPONSE_MAX_DEPTH 16

/* The strict syntax check that runs before json-glib sees the bytes:
 * RFC 8259 JSON, at most ISC_METRICS_RESPONSE_MAX_DEPTH levels, integers
 * within 64 bits. Fails with ISC_RESPONSE_ERROR_SYNTAX naming the path.
 */
gboolean _isc_metrics_response_check_syntax (const char  *data,
                                             gsize        length,
                                             GError     **error);

/* The schema walk alone, over a tree json-glib already built (whose
 * strings and numbers must have passed the check above to be trusted:
 * json-glib wraps integers beyond 64 bits). For benchmarks and tests.
 */
IscMetricsResponse *_isc_metrics_response_new_from_node (JsonNode  *root,
                                                         GError   **error);

G_END_DECLS
