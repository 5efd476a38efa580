/* isc-summary-page.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-cost.h"
#include "isc-metrics-response.h"
#include "isc-view.h"

G_BEGIN_DECLS

#define ISC_TYPE_SUMMARY_PAGE (isc_summary_page_get_type ())

G_DECLARE_FINAL_TYPE (IscSummaryPage, isc_summary_page, ISC, SUMMARY_PAGE, AdwBin)

/* The Summary mode: a sortable table of a SUMMARY response, one row per
 * series (a histogram's quantile series of one label set share a row) with
 * the metric's title and labels, then a counter's total and rate (total
 * over the window's seconds), a gauge's average, a histogram's p50, p90,
 * p95, p99 and average, each in the metric's unit, empty where it does not
 * apply. Numeric columns sort by value, empty and null cells below every
 * number. "Copy as CSV" above the table puts the rows, in the order shown,
 * on the clipboard. A display widget: it fetches nothing.
 */
GtkWidget          *isc_summary_page_new          (void);
void                isc_summary_page_set_response (IscSummaryPage     *self,
                                                   IscMetricsResponse *response);
IscMetricsResponse *isc_summary_page_get_response (IscSummaryPage     *self);
/* RFC 4180 text of the table in the order shown: a header of the column
 * names, then the raw values (C-locale numbers in the API's unit, the
 * rate per second), and the unit_hint. What Copy as CSV copies. */
char               *isc_summary_page_dup_csv      (IscSummaryPage     *self);
guint               isc_summary_page_get_n_rows   (IscSummaryPage     *self);

/* Compare: with a SUMMARY @response of another target or window, each
 * row gains that row's value of its key column (titled @label, "last
 * week") and the change in percent (isc_summary_row_set_compared()),
 * in the table and in the CSV. NULL for none. show_compare() takes both
 * from @view. */
void                isc_summary_page_set_compare  (IscSummaryPage     *self,
                                                   IscMetricsResponse *response,
                                                   const char         *label);
IscMetricsResponse *isc_summary_page_get_compare  (IscSummaryPage     *self);
void                isc_summary_page_show_compare (IscSummaryPage     *self,
                                                   IscView            *view);

/* The target's cost over the range on a line over the table (NULL:
 * none, the line hidden); its text, or NULL when hidden. */
void                isc_summary_page_set_cost     (IscSummaryPage     *self,
                                                   const IscCost      *cost);
const char         *isc_summary_page_get_cost_text (IscSummaryPage    *self);
/* The cost line with @text as it is (plain text; NULL hides it). */
void                isc_summary_page_set_cost_text (IscSummaryPage    *self,
                                                    const char        *text);

G_END_DECLS
