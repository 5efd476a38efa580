/* isc-client-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libsoup/soup.h>

#include "isc-client.h"

G_BEGIN_DECLS

/* Shared by the client object (isc-client.c) and its request state
 * machine (isc-client-request.c). */
struct _IscClient
{
  GObject            parent_instance;

  /* Owned references */
  SoupSession       *session;
  IscResponseCache  *cache;

  char              *base_url;
  char              *host;
  char              *api_key;

  /* Wall-clock ms before which Baseten asked not to come back (a 429's
   * Retry-After the client did not wait out itself), or 0. */
  gint64             retry_not_before_ms;

  /* A target's metrics path ("/v1/models/…/metrics") → GStrv: the metric
   * names Baseten refused for that target this session, in the order
   * refused (isc_client_get_refused_metrics()). */
  GHashTable        *refused;

  guint              connect_timeout_ms;
  guint              idle_timeout_ms;
  guint              total_timeout_ms;
  /* A body slower than rate_min_bytes per rate_window_ms times out. */
  guint              rate_window_ms;
  gsize              rate_min_bytes;
  double             delay_scale;
  gsize              max_body_size;
};

/* For tests: scale every wait between retries (1.0 is real time), and lower
 * the body size cap. */
void  _isc_client_set_delay_scale   (IscClient *self,
                                     double     scale);
/* How long one attempt may take in all, body included. */
void  _isc_client_set_total_timeout (IscClient *self,
                                     guint      total_timeout_ms);
void  _isc_client_set_max_body_size (IscClient *self,
                                     gsize      max_body_size);
/* The least a body must bring in each window of @window_ms, else the
 * attempt times out ("did not answer in time"); 30 KiB in 30 s by default. */
void  _isc_client_set_min_throughput (IscClient *self,
                                      guint      window_ms,
                                      gsize      min_bytes);

/* Metric names Baseten refused (isc-client.c) */

/* The name among @query's metrics that a 400's server @message names as
 * a whole word, or NULL. */
const char *_isc_client_find_refused_metric (const char     *message,
                                             const IscQuery *query);
/* Remembers @name as refused for @query's target and emits
 * "metric-refused" the first time; FALSE if it was known already. */
gboolean    _isc_client_refuse_metric       (IscClient      *self,
                                             const IscQuery *query,
                                             const char     *name);

/* Requests (isc-client-request.c) */

/* Runs in a worker thread: the body to a result, or an ISC_API_ERROR. */
typedef gpointer (*IscClientDecodeFunc) (GBytes   *body,
                                         GError  **error);

/* The same, with what the request asked (immutable bytes the worker
 * thread may read): a decoder that must know it, as the billing summary
 * must know its period. */
typedef gpointer (*IscClientDecodeWithFunc) (GBytes   *body,
                                             GBytes   *data,
                                             GError  **error);

/* A GTask for GET base_url + path (+ "?" params), its result what decode
 * makes of a good body. */
GTask *_isc_client_request_new          (IscClient           *self,
                                         const char          *path,
                                         const char          *params,
                                         IscClientDecodeFunc  decode,
                                         GDestroyNotify       result_free,
                                         gpointer             source_tag,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
/* What a metrics request asks: a 404 names it, and with @keep a good
 * body goes to the client's cache under it. */
void   _isc_client_request_set_query    (GTask               *task,
                                         const IscQuery      *query,
                                         gboolean             keep);
/* What a logs request asks: a 404 names its target, and a 400 about its
 * search pattern is ISC_API_ERROR_SEARCH_PATTERN. Never cached. */
void   _isc_client_request_set_logs_query (GTask              *task,
                                           const IscLogsQuery *query);
/* The model whose deployments or environments are asked: a 404 names it. */
void   _isc_client_request_set_model_id (GTask               *task,
                                         const char          *model_id);
/* What a request reads that a key may be refused alone (the billing
 * summary, Model API usage), in words for the message: a 403 on it is
 * ISC_API_ERROR_NOT_PERMITTED, not KEY_REFUSED. */
void   _isc_client_request_set_feature  (GTask               *task,
                                         const char          *feature);
/* Decode with @decode and @data instead of the decode function given to
 * _isc_client_request_new(). */
void   _isc_client_request_set_decode_with (GTask                   *task,
                                            IscClientDecodeWithFunc  decode,
                                            GBytes                  *data);
/* Sends; the task returns when decoded, failed or cancelled. Borrows the
 * task: the request keeps a reference of its own while it runs. */
void   _isc_client_request_start        (GTask               *task);

G_END_DECLS
