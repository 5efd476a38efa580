/* isc-model-apis-page.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-charts-page.h"
#include "isc-model-apis.h"
#include "isc-summary-page.h"

G_BEGIN_DECLS

#define ISC_TYPE_MODEL_APIS_PAGE (isc_model_apis_page_get_type ())

G_DECLARE_FINAL_TYPE (IscModelApisPage, isc_model_apis_page, ISC, MODEL_APIS_PAGE, AdwBin)

/* The Model APIs page (the sidebar's Model APIs section, when the
 * workspace has added any: "All Model APIs" and a row per API): a chooser
 * of one Model API or all of them (agreeing with the sidebar's row), a
 * choice of stacking by model or by API key, and Charts or Summary: the
 * Charts page's grid of the usage over the window's range
 * (isc-model-api-chart.h): uncached and cached input tokens, output
 * tokens, requests, and the tokens' cost where the prices are known; or
 * the Summary page's table of their totals over the range, with the cost
 * at list prices on its cost line.
 *
 * Signals:
 *  ::query-changed (): the chosen API or grouping changed; the owner loads
 *    again (isc_model_apis_page_get_model(), _get_group()).
 */

GtkWidget     *isc_model_apis_page_new        (void);
/* The workspace's Model APIs (IscModelApi), for the chooser and the
 * prices; NULL or empty: none. */
void           isc_model_apis_page_set_apis   (IscModelApisPage *self,
                                               GPtrArray        *apis);
GPtrArray     *isc_model_apis_page_get_apis   (IscModelApisPage *self);
/* The chosen API's name, or NULL for all. */
const char    *isc_model_apis_page_get_model  (IscModelApisPage *self);
void           isc_model_apis_page_set_model  (IscModelApisPage *self,
                                               const char       *model);
/* The chosen API's name as shown (isc_text_display_name()), NULL for all. */
char          *isc_model_apis_page_dup_model_title (IscModelApisPage *self);
IscUsageGroup  isc_model_apis_page_get_group  (IscModelApisPage *self);
void           isc_model_apis_page_set_group  (IscModelApisPage *self,
                                               IscUsageGroup     group);
/* The answer to the current query (NULL: loading), or why it failed. */
void           isc_model_apis_page_set_usage  (IscModelApisPage *self,
                                               IscModelApiUsage *usage);
void           isc_model_apis_page_set_error  (IscModelApisPage *self,
                                               const char       *message);
IscChartsPage *isc_model_apis_page_get_charts (IscModelApisPage *self);
/* The Summary (the range's totals per series, and what the tokens cost
 * at list prices), shown in place of the charts by the page's Summary
 * toggle or show_summary(). */
IscSummaryPage *isc_model_apis_page_get_summary (IscModelApisPage *self);
void           isc_model_apis_page_show_summary (IscModelApisPage *self,
                                                 gboolean          summary);
/* "loading", "charts", "empty", "error" */
const char    *isc_model_apis_page_get_shown  (IscModelApisPage *self);

G_END_DECLS
