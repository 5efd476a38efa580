/* isc-usage-client.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-billing.h"
#include "isc-client.h"
#include "isc-model-apis.h"

G_BEGIN_DECLS

/* The client's loaders of what the workspace spends and uses: the billing
 * summary, the instance type prices, the Model APIs list and their usage.
 * They go through the client's request machinery (decoding off the main
 * thread, 429 and 5xx retries, the Retry-After rule, timeouts, the body
 * cap), and the paged ones follow the cursor to the end.
 *
 * A 403 on billing or on Model API usage means this key may not read that
 * (a non-admin in a multi-team organisation), not that the key is wrong:
 * it is ISC_API_ERROR_NOT_PERMITTED with a message in words, never
 * ISC_API_ERROR_KEY_REFUSED (which would lead to the key dialog). A 401
 * is still KEY_REFUSED.
 */

/* Pages one list or usage load follows at most; beyond, the load fails
 * (ISC_API_ERROR_MALFORMED: a server that never ends its cursor). */
#define ISC_USAGE_CLIENT_MAX_PAGES 200

/* GET /v1/billing/usage_summary for [start_ms, end_ms) (at most 31 days,
 * not before 2026-01-01; checked before anything is sent). */
void                   isc_client_fetch_billing_summary_async      (IscClient            *self,
                                                                    gint64                start_ms,
                                                                    gint64                end_ms,
                                                                    GCancellable         *cancellable,
                                                                    GAsyncReadyCallback   callback,
                                                                    gpointer              user_data);
IscBillingSummary     *isc_client_fetch_billing_summary_finish     (IscClient            *self,
                                                                    GAsyncResult         *result,
                                                                    GError              **error);

/* GET /v1/instance_type_prices */
void                   isc_client_fetch_instance_type_prices_async (IscClient            *self,
                                                                    GCancellable         *cancellable,
                                                                    GAsyncReadyCallback   callback,
                                                                    gpointer              user_data);
IscInstanceTypePrices *isc_client_fetch_instance_type_prices_finish (IscClient           *self,
                                                                    GAsyncResult         *result,
                                                                    GError              **error);

/* GET /v1/model_apis, every page; @added_only: the workspace's own. A
 * GPtrArray of IscModelApi. */
void                   isc_client_list_model_apis_async            (IscClient            *self,
                                                                    gboolean              added_only,
                                                                    GCancellable         *cancellable,
                                                                    GAsyncReadyCallback   callback,
                                                                    gpointer              user_data);
GPtrArray             *isc_client_list_model_apis_finish           (IscClient            *self,
                                                                    GAsyncResult         *result,
                                                                    GError              **error);

/* GET /v1/model_apis/usage for @query, every page, joined. The query is
 * validated first (92 days back at most). */
void                   isc_client_fetch_model_api_usage_async      (IscClient            *self,
                                                                    const IscUsageQuery  *query,
                                                                    GCancellable         *cancellable,
                                                                    GAsyncReadyCallback   callback,
                                                                    gpointer              user_data);
IscModelApiUsage      *isc_client_fetch_model_api_usage_finish     (IscClient            *self,
                                                                    GAsyncResult         *result,
                                                                    GError              **error);

G_END_DECLS
