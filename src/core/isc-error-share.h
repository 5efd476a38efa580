/* isc-error-share.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-metrics-response.h"

G_BEGIN_DECLS

/* The error share of a counter of requests by status: how many of all
 * requests a 4xx or 5xx label set holds. A COUNTER's values are each
 * step's totals, so a share over a range is a ratio of sums, never a mean
 * of per-step ratios:
 *
 *   share = Σ steps (the label sets' values) / Σ steps (every label set's values)
 *
 * Nulls add nothing to either sum. Within a step where some label set has
 * a value, a null label set counts as no requests of its class. A range
 * or a step without requests (every value null, or a total of zero) has
 * no share: the functions return FALSE rather than a NaN or a 0 %.
 */

/* The protocol whose rules classify a "status" label value. Baseten's
 * inference-volume metric carries HTTP statuses, WebSocket close codes
 * for WebSocket models and gRPC status codes for gRPC models; discovery
 * does not say which a model speaks, but the three ranges do not overlap,
 * so each value tells its own (docs/charts.md, "Status codes"). */
typedef enum
{
  ISC_STATUS_PROTOCOL_UNKNOWN,
  ISC_STATUS_PROTOCOL_HTTP,       /* "2xx", or 100 … 599 */
  ISC_STATUS_PROTOCOL_WEBSOCKET,  /* close codes 1000 … 1015, 3000 … 4999 */
  ISC_STATUS_PROTOCOL_GRPC,       /* 0 … 16, or their names ("UNAVAILABLE") */
} IscStatusProtocol;

IscStatusProtocol   isc_status_protocol_from_label (const char        *status);

/* The class of a "status" label value by its protocol's rules, in HTTP's
 * terms, which the colours, the error share and the alerts use: 2 for a
 * success, 4 for a client error, 5 for a server error, 1 and 3 for
 * HTTP's informational and redirection statuses; 0 for anything else
 * (not counted as an error). "2xx" and "200" are 2, "5xx" and "503" 5;
 * WebSocket 1000 is 2 and 1011 is 5; gRPC 0 (OK) is 2, 3
 * (INVALID_ARGUMENT) 4 and 14 (UNAVAILABLE) 5. Never by the first digit
 * alone. */
guint               isc_status_class_from_label   (const char         *status);

/* TRUE for a COUNTER whose label sets are all {"status": …} (at least
 * one): requests counted by status. */
gboolean            isc_error_share_applies       (const IscMetric    *metric);

/* The share of all requests in label set @series of @metric, over every
 * step when @step is -1, else at @step. FALSE when the metric is not by
 * status (isc_error_share_applies()), when @series or @step is out of
 * range, or when there were no requests. */
gboolean            isc_error_share_of_series     (const IscMetric    *metric,
                                                   guint               series,
                                                   int                 step,
                                                   double             *share);
/* The same for every label set of one class together (4 for 4xx, 5 for
 * 5xx: "500" and "503" add up). */
gboolean            isc_error_share_of_class      (const IscMetric    *metric,
                                                   guint               status_class,
                                                   int                 step,
                                                   double             *share);

/* A share (0 … 1) in percent, with two significant digits and at most
 * three decimals: "10 %", "1.2 %", "0.034 %", "0 %"; "<0.001 %" for a
 * share too small to show but not zero. The space is a no-break space. */
char               *isc_error_share_format        (double              share);

/* A derived response with the error rate of @response's metric
 * @metric_index, one value set per step of the source: a single GAUGE
 * metric named ISC_CATALOGUE_ERROR_RATE (isc-catalogue.h), unit RATIO,
 * with label sets {"status":"4xx"} and {"status":"5xx"}, whose values are
 * each step's isc_error_share_of_class(), null where the step had no
 * requests. The window and the mode are the source's. NULL when the
 * metric is not by status. */
IscMetricsResponse *isc_error_share_new_response  (IscMetricsResponse *response,
                                                   guint               metric_index);

G_END_DECLS
