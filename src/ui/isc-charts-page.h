/* isc-charts-page.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-client.h"
#include "isc-query.h"

G_BEGIN_DECLS

#define ISC_TYPE_CHARTS_PAGE (isc_charts_page_get_type ())

G_DECLARE_FINAL_TYPE (IscChartsPage, isc_charts_page, ISC, CHARTS_PAGE, AdwBin)

/* A scrolled column of live charts: one chart view per metric of a SERIES
 * query, fetched through the client and fetched again every refresh
 * interval (a relative range slides forward). A newer fetch cancels an
 * older one, so a stale answer is never shown.
 */
GtkWidget *isc_charts_page_new          (void);
void       isc_charts_page_load         (IscChartsPage  *self,
                                         IscClient      *client,
                                         const IscQuery *query);
/* The display switches, applied to every chart view shown, from the
 * response already shown (no fetch): times in UTC rather than local time,
 * and COUNTER metrics as each step's total rather than a rate. */
gboolean   isc_charts_page_get_use_utc            (IscChartsPage *self);
void       isc_charts_page_set_use_utc            (IscChartsPage *self,
                                                   gboolean       use_utc);
gboolean   isc_charts_page_get_counters_as_totals (IscChartsPage *self);
void       isc_charts_page_set_counters_as_totals (IscChartsPage *self,
                                                   gboolean       counters_as_totals);
/* The chart views shown, in metric order. */
guint      isc_charts_page_get_n_charts (IscChartsPage  *self);
GtkWidget *isc_charts_page_get_chart    (IscChartsPage  *self,
                                         guint           index);

G_END_DECLS
