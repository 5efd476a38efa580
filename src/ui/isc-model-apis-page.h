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

G_BEGIN_DECLS

#define ISC_TYPE_MODEL_APIS_PAGE (isc_model_apis_page_get_type ())

G_DECLARE_FINAL_TYPE (IscModelApisPage, isc_model_apis_page, ISC, MODEL_APIS_PAGE, AdwBin)

/* The Model APIs page (the sidebar's row under Usage, when the workspace
 * has added any): a chooser of one Model API or all of them and a choice
 * of stacking by model or by API key, over the Charts page's grid of the
 * usage over the window's range (isc-model-api-chart.h): uncached and
 * cached input tokens, output tokens, requests, and the tokens' cost
 * where the prices are known.
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
/* "loading", "charts", "empty", "error" */
const char    *isc_model_apis_page_get_shown  (IscModelApisPage *self);

G_END_DECLS
