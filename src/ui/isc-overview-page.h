/* isc-overview-page.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-fleet.h"
#include "isc-usage.h"

G_BEGIN_DECLS

#define ISC_TYPE_OVERVIEW_PAGE (isc_overview_page_get_type ())

G_DECLARE_FINAL_TYPE (IscOverviewPage, isc_overview_page, ISC, OVERVIEW_PAGE, GtkWidget)

/* The fleet overview: a filter entry and a line saying how far loading
 * got, over a table of the fleet's rows (IscFleet): name (with the
 * row's error under it when it failed), a sparkline of the request
 * rate, the 5xx share, p95 with its change against the window before,
 * replicas against autoscaling, and the health word. Sorted by trouble
 * until a column header is clicked; a narrow page hides the sparkline
 * and p95 columns. Rows fill in as their answers arrive.
 *
 * Signals:
 *  ::target-activated (const IscTarget *target): a row was clicked (or
 *    activated with the keyboard).
 */

GtkWidget *isc_overview_page_new         (void);
/* "fleet" (IscFleet, nullable) */
IscFleet  *isc_overview_page_get_fleet   (IscOverviewPage *self);
void       isc_overview_page_set_fleet   (IscOverviewPage *self,
                                          IscFleet        *fleet);
/* The rows as shown, sorted and filtered (a GListModel of IscFleetRow). */
GListModel *isc_overview_page_get_shown  (IscOverviewPage *self);
/* "usage" (IscUsage, nullable): with one, a Cost column (sortable,
 * costliest first) gives each row's cost over the range: billed days
 * from the billing summary and the rest estimated from its replicas and
 * its instance type's price, said apart ("$12.34 billed + ≈ $0.56
 * estimated", isc_cost_format()); without one, no Cost column. */
IscUsage   *isc_overview_page_get_usage  (IscOverviewPage *self);
void        isc_overview_page_set_usage  (IscOverviewPage *self,
                                          IscUsage        *usage);
/* The Cost cell's text for @row, or NULL while its cost is not known. */
char       *isc_overview_page_dup_cost_text (IscOverviewPage *self,
                                             IscFleetRow     *row);
/* "filter" (string): narrows the rows by model or target name. */
const char *isc_overview_page_get_filter (IscOverviewPage *self);
void       isc_overview_page_set_filter  (IscOverviewPage *self,
                                          const char      *filter);

G_END_DECLS
