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
 * query, loaded through an IscMetricsLoader and loaded again every refresh
 * interval (a relative range slides forward). A newer load cancels an
 * older one, so a superseded answer is never shown.
 *
 * When a load fails, the charts of the same query stay (or the client's
 * cached last good response is shown when nothing was yet) under a strip
 * that says how old the data is, why it could not be refreshed, and
 * offers Retry; the next success takes the strip away. With nothing to
 * show, a status page says why and offers Retry. The cached response
 * comes from the client's response cache, so a client without one (the
 * in-process demo, whose address changes every run) falls back to nothing.
 */
GtkWidget *isc_charts_page_new          (void);
void       isc_charts_page_load         (IscChartsPage  *self,
                                         IscClient      *client,
                                         const IscQuery *query);
/* Loads the current query again now, as the refresh timer and Retry do,
 * and starts the refresh interval over. */
void       isc_charts_page_refresh      (IscChartsPage  *self);
/* Whether the strip saying the data shown is stale is up. */
gboolean   isc_charts_page_get_stale    (IscChartsPage  *self);
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
