/* isc-summary-row.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "isc-types.h"

G_BEGIN_DECLS

/* The numeric columns of the Summary table, in the order shown. */
typedef enum
{
  ISC_SUMMARY_COLUMN_TOTAL,
  ISC_SUMMARY_COLUMN_RATE,
  ISC_SUMMARY_COLUMN_AVERAGE,
  ISC_SUMMARY_COLUMN_P50,
  ISC_SUMMARY_COLUMN_P90,
  ISC_SUMMARY_COLUMN_P95,
  ISC_SUMMARY_COLUMN_P99,
  /* With a compare (isc_summary_row_set_compared()): the other target's
   * or window's value of the row's key column, and the change from it
   * to this one in percent. */
  ISC_SUMMARY_COLUMN_COMPARED,
  ISC_SUMMARY_COLUMN_CHANGE,
  ISC_SUMMARY_N_COLUMNS
} IscSummaryColumn;

#define ISC_TYPE_SUMMARY_ROW (isc_summary_row_get_type ())

G_DECLARE_FINAL_TYPE (IscSummaryRow, isc_summary_row, ISC, SUMMARY_ROW, GObject)

/* One row of the Summary table: a series (or a histogram's quantile
 * series of one label set, side by side), its raw values per column (NaN
 * where empty or null) and their text in the metric's unit (NULL where the
 * column does not apply to the metric, "—" for a null value). Filled by
 * the page once, then only read.
 */
IscSummaryRow *isc_summary_row_new             (const char       *metric_name,
                                                const char       *title,
                                                const char       *labels,
                                                IscUnitHint       unit_hint);
const char    *isc_summary_row_get_metric_name (IscSummaryRow    *self);
const char    *isc_summary_row_get_title       (IscSummaryRow    *self);
const char    *isc_summary_row_get_labels      (IscSummaryRow    *self);
IscUnitHint    isc_summary_row_get_unit_hint   (IscSummaryRow    *self);
void           isc_summary_row_set_value       (IscSummaryRow    *self,
                                                IscSummaryColumn  column,
                                                double            value,
                                                const char       *text);
double         isc_summary_row_get_value       (IscSummaryRow    *self,
                                                IscSummaryColumn  column);
/* NULL where the column does not apply. */
const char    *isc_summary_row_get_text        (IscSummaryRow    *self,
                                                IscSummaryColumn  column);

/* The column a compare reads: a counter's rate, a histogram's p95 (its
 * p50, then its average, without one), a gauge's average; -1 for none. */
int            isc_summary_row_get_key_column  (IscSummaryRow    *self);
/* The compared row's value of the key column, in the same unit (NaN for
 * none, with @text "—"), and so the change: (this − compared) ÷
 * |compared| in percent, "+12 %", NaN ("—") where the compared value is
 * missing or zero and this one is not. */
void           isc_summary_row_set_compared    (IscSummaryRow    *self,
                                                double            value,
                                                const char       *text);

G_END_DECLS
