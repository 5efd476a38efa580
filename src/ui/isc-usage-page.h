/* isc-usage-page.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-usage-chart.h"

G_BEGIN_DECLS

#define ISC_TYPE_USAGE_PAGE (isc_usage_page_get_type ())

G_DECLARE_FINAL_TYPE (IscUsagePage, isc_usage_page, ISC, USAGE_PAGE, AdwBin)

/* The Usage page, under Overview in the sidebar: what the workspace
 * spent each UTC day over the last 31 days, from Baseten's billing
 * summary, as stacked day-wide bars by deployment (the costliest ones,
 * the rest as "Other", training and Model APIs as layers of their own),
 * with the minutes and requests each layer paid for in its legend entry
 * and the hover box. Over the chart: the total (billed, and what has no
 * bill yet said apart as an estimate), Copy Data (every row and day as
 * CSV) and Export (as any chart; its menu has the rest).
 *
 * A key that may not read billing (403) gets one message saying so,
 * and the page has nothing else.
 */

GtkWidget           *isc_usage_page_new            (void);

/* Shows @table (transfer full; NULL shows "no usage yet"). */
void                 isc_usage_page_set_table      (IscUsagePage  *self,
                                                    IscUsageTable *table);
const IscUsageTable *isc_usage_page_get_table      (IscUsagePage  *self);
/* A failed load: its message in place of the chart. @forbidden: the key
 * may not read billing (a 403), said as such with no Retry. */
void                 isc_usage_page_set_error      (IscUsagePage  *self,
                                                    const char    *message,
                                                    gboolean       forbidden);
/* The spinner, until set_table() or set_error(). */
void                 isc_usage_page_set_loading    (IscUsagePage  *self);

/* For tests: the total's text as shown, the chart's view, and the page
 * shown ("loading", "chart", "empty", "error", "forbidden"). */
const char          *isc_usage_page_get_total_text (IscUsagePage  *self);
GtkWidget           *isc_usage_page_get_chart_view (IscUsagePage  *self);
const char          *isc_usage_page_get_shown      (IscUsagePage  *self);

G_END_DECLS
