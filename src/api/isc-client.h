/* isc-client.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-discovery.h"
#include "isc-logs-query.h"
#include "isc-metrics-response.h"
#include "isc-query.h"
#include "isc-response-cache.h"

G_BEGIN_DECLS

/* The only code that talks to Baseten. Every call is asynchronous and takes
 * a GCancellable; bodies are decoded in a worker thread; failures come back
 * in ISC_API_ERROR (or ISC_QUERY_ERROR for a query that cannot be sent) in
 * words a person can act on, never holding the key. A cancelled call ends
 * in G_IO_ERROR_CANCELLED and never delivers a result.
 *
 * https only, except plain http to this computer (127.0.0.0/8, localhost,
 * ::1) for the simulated API. Certificate checks are never disabled.
 */

#define ISC_CLIENT_DEFAULT_BASE_URL "https://api.baseten.co"
#define ISC_CLIENT_MAX_BODY_BYTES   ((gsize) 64 * 1024 * 1024)
#define ISC_CLIENT_RATE_LIMIT_RETRIES   3
#define ISC_CLIENT_SERVER_ERROR_RETRIES 2

#define ISC_TYPE_CLIENT (isc_client_get_type ())

G_DECLARE_FINAL_TYPE (IscClient, isc_client, ISC, CLIENT, GObject)

/* Checks a base URL and returns it without a trailing slash. */
char               *isc_client_check_base_url        (const char           *base_url,
                                                      GError              **error);

/* base_url NULL: ISC_CLIENT_DEFAULT_BASE_URL. api_key may be NULL (the
 * simulated API needs none). */
IscClient          *isc_client_new                   (const char           *base_url,
                                                      const char           *api_key,
                                                      GError              **error);
const char         *isc_client_get_base_url          (IscClient            *self);
gboolean            isc_client_set_base_url          (IscClient            *self,
                                                      const char           *base_url,
                                                      GError              **error);
void                isc_client_set_api_key           (IscClient            *self,
                                                      const char           *api_key);
gboolean            isc_client_has_api_key           (IscClient            *self);
/* When a 429's Retry-After lets requests go again (epoch ms), or 0. */
gint64              isc_client_get_retry_not_before_ms (IscClient          *self);
/* Where good metrics responses are kept; NULL for none. */
void                isc_client_set_cache             (IscClient            *self,
                                                      IscResponseCache     *cache);
IscResponseCache   *isc_client_get_cache             (IscClient            *self);
/* Milliseconds to wait for a connection and the response headers, and for
 * each read of the body after that. */
void                isc_client_set_timeouts          (IscClient            *self,
                                                      guint                 connect_timeout_ms,
                                                      guint                 idle_timeout_ms);

void                isc_client_fetch_metrics_async   (IscClient            *self,
                                                      const IscQuery       *query,
                                                      GCancellable         *cancellable,
                                                      GAsyncReadyCallback   callback,
                                                      gpointer              user_data);
/* The same, with the answer not kept in the client's cache: for a query
 * made for this moment only (a range resolved from now and shifted or
 * widened), which is never asked again, so that a file kept for it would
 * only push out the ones that are. Finished by
 * isc_client_fetch_metrics_finish(). */
void                isc_client_fetch_metrics_once_async (IscClient         *self,
                                                      const IscQuery       *query,
                                                      GCancellable         *cancellable,
                                                      GAsyncReadyCallback   callback,
                                                      gpointer              user_data);
IscMetricsResponse *isc_client_fetch_metrics_finish  (IscClient            *self,
                                                      GAsyncResult         *result,
                                                      GError              **error);

/* One page of log lines (GET …/deployments/{d}/logs or
 * …/environments/{env}/logs), as the query asks: a GPtrArray of IscLogLine
 * in the order Baseten sent them. The client's request machinery applies
 * (timeouts, the body cap, retries, a 429's wait, errors in words); a
 * query the API would refuse fails at once with its ISC_QUERY_ERROR, and a
 * search pattern Baseten refuses is ISC_API_ERROR_SEARCH_PATTERN, whose
 * message says so with Baseten's reason. Logs never go to the cache. */
void                isc_client_fetch_logs_async      (IscClient            *self,
                                                      const IscLogsQuery   *query,
                                                      GCancellable         *cancellable,
                                                      GAsyncReadyCallback   callback,
                                                      gpointer              user_data);
GPtrArray          *isc_client_fetch_logs_finish     (IscClient            *self,
                                                      GAsyncResult         *result,
                                                      GError              **error);

/* GPtrArray of IscModel */
void                isc_client_list_models_async     (IscClient            *self,
                                                      GCancellable         *cancellable,
                                                      GAsyncReadyCallback   callback,
                                                      gpointer              user_data);
GPtrArray          *isc_client_list_models_finish    (IscClient            *self,
                                                      GAsyncResult         *result,
                                                      GError              **error);
/* GPtrArray of IscDeployment */
void                isc_client_list_deployments_async  (IscClient          *self,
                                                        const char         *model_id,
                                                        GCancellable       *cancellable,
                                                        GAsyncReadyCallback callback,
                                                        gpointer            user_data);
GPtrArray          *isc_client_list_deployments_finish (IscClient          *self,
                                                        GAsyncResult       *result,
                                                        GError            **error);
/* GPtrArray of IscEnvironment */
void                isc_client_list_environments_async  (IscClient          *self,
                                                         const char         *model_id,
                                                         GCancellable       *cancellable,
                                                         GAsyncReadyCallback callback,
                                                         gpointer            user_data);
GPtrArray          *isc_client_list_environments_finish (IscClient          *self,
                                                         GAsyncResult       *result,
                                                         GError            **error);
/* The user the key belongs to: a cheap way to check a key. */
void                isc_client_get_current_user_async  (IscClient          *self,
                                                        GCancellable       *cancellable,
                                                        GAsyncReadyCallback callback,
                                                        gpointer            user_data);
IscUser            *isc_client_get_current_user_finish (IscClient          *self,
                                                        GAsyncResult       *result,
                                                        GError            **error);

G_END_DECLS
