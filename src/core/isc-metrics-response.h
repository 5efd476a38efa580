/* isc-metrics-response.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-query.h"
#include "isc-types.h"

G_BEGIN_DECLS

/* A decoded GetModelMetricsResponseV1: immutable once built, reference
 * counted, safe to share between threads. Values are stored column-wise,
 * one packed array of doubles per series, NaN where the API sent null.
 *
 * IscMetric and IscSeries pointers are borrowed from the response and live
 * as long as it does.
 */

/* A rejected body's message names the JSON path, then what is wrong:
 * "metric_values[3].values[1]: 2 values, but metric "…" has 5 label sets",
 * or "(root): …" for the document as a whole.
 */
#define ISC_RESPONSE_ERROR (isc_response_error_quark ())

typedef enum
{
  ISC_RESPONSE_ERROR_SYNTAX,   /* not JSON: empty, truncated, malformed, too deep */
  ISC_RESPONSE_ERROR_INVALID,  /* JSON, but not a valid metrics response */
} IscResponseError;

GQuark isc_response_error_quark (void);

#define ISC_TYPE_METRICS_RESPONSE (isc_metrics_response_get_type ())

GType               isc_metrics_response_get_type          (void) G_GNUC_CONST;
IscMetricsResponse *isc_metrics_response_new_from_bytes    (GBytes                   *bytes,
                                                            GError                  **error);
IscMetricsResponse *isc_metrics_response_new_from_data     (const char               *data,
                                                            gssize                    length,
                                                            GError                  **error);
IscMetricsResponse *isc_metrics_response_new_from_file     (const char               *path,
                                                            GError                  **error);
IscMetricsResponse *isc_metrics_response_ref               (IscMetricsResponse       *self);
void                isc_metrics_response_unref             (IscMetricsResponse       *self);

IscMode             isc_metrics_response_get_mode          (const IscMetricsResponse *self);
/* Whether the response answers @query: a server or a file may answer
 * another question (a SUMMARY to a SERIES request), and its picture would
 * then be wrong, or none at all. ISC_RESPONSE_ERROR_INVALID when not. */
gboolean            isc_metrics_response_check_answers     (const IscMetricsResponse *self,
                                                            const IscQuery           *query,
                                                            GError                  **error);
gint64              isc_metrics_response_get_start_ms      (const IscMetricsResponse *self);
gint64              isc_metrics_response_get_end_ms        (const IscMetricsResponse *self);
/* The step length in seconds, or 0 when the response has none (null or
 * absent: CURRENT, SUMMARY, some synthetic SERIES). */
gint64              isc_metrics_response_get_step_seconds  (const IscMetricsResponse *self);

guint               isc_metrics_response_get_n_steps       (const IscMetricsResponse *self);
/* A value set's start; it lasts until the next one's start, or the window's
 * end for the last one. */
gint64              isc_metrics_response_get_step_start_ms (const IscMetricsResponse *self,
                                                            guint                     step);
gint64              isc_metrics_response_get_step_end_ms   (const IscMetricsResponse *self,
                                                            guint                     step);
const gint64       *isc_metrics_response_get_step_starts   (const IscMetricsResponse *self,
                                                            guint                    *n_steps);

guint               isc_metrics_response_get_n_metrics     (const IscMetricsResponse *self);
const IscMetric    *isc_metrics_response_get_metric        (const IscMetricsResponse *self,
                                                            guint                     index);
/* NULL when the response has no metric of that name. */
const IscMetric    *isc_metrics_response_lookup_metric     (const IscMetricsResponse *self,
                                                            const char               *name);

const char         *isc_metric_get_name                    (const IscMetric          *metric);
IscUnitHint         isc_metric_get_unit_hint               (const IscMetric          *metric);
/* The unit_hint and kind as the API spelled them, for values we do not know. */
const char         *isc_metric_get_unit_hint_string        (const IscMetric          *metric);
IscMetricKind       isc_metric_get_kind                    (const IscMetric          *metric);
const char         *isc_metric_get_kind_string             (const IscMetric          *metric);
guint               isc_metric_get_n_series                (const IscMetric          *metric);
const IscSeries    *isc_metric_get_series                  (const IscMetric          *metric,
                                                            guint                     index);

/* Label sets keep the order the API sent. */
guint               isc_series_get_n_labels                (const IscSeries          *series);
const char         *isc_series_get_label_key               (const IscSeries          *series,
                                                            guint                     index);
const char         *isc_series_get_label_value             (const IscSeries          *series,
                                                            guint                     index);
/* NULL when the series has no label of that key. */
const char         *isc_series_lookup_label                (const IscSeries          *series,
                                                            const char               *key);
/* "key=value, key=value", or "" for a plain metric ({}). */
const char         *isc_series_get_label_text              (const IscSeries          *series);
/* n_steps doubles, NaN for null. */
const double       *isc_series_get_values                  (const IscSeries          *series,
                                                            guint                    *n_values);
/* The last step's value: a CURRENT or SUMMARY response's one (should one
 * come with more value sets, the last is now). NaN for none or null. */
double              isc_series_get_last_value              (const IscSeries          *series);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscMetricsResponse, isc_metrics_response_unref)

G_END_DECLS
