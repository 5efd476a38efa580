/* isc-response-cache.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-metrics-response.h"
#include "isc-query.h"

G_BEGIN_DECLS

/* The last good response per query, on disk, so a view can show the last
 * data with its age when the network is down. One file per base URL and
 * query (named by a hash of both, never of the key), mode 0600, written
 * atomically; the total size is bounded and the least recently used files
 * go first. A file that does not decode, or answers another query, is
 * deleted, never trusted.
 *
 * store and lookup are safe to call from any thread.
 */

#define ISC_RESPONSE_CACHE_DEFAULT_MAX_BYTES ((guint64) 64 * 1024 * 1024)

#define ISC_TYPE_RESPONSE_CACHE (isc_response_cache_get_type ())

G_DECLARE_FINAL_TYPE (IscResponseCache, isc_response_cache, ISC, RESPONSE_CACHE, GObject)

/* directory NULL: $XDG_CACHE_HOME/inferscope; max_bytes 0: 64 MiB. */
IscResponseCache   *isc_response_cache_new             (const char           *directory,
                                                        guint64               max_bytes);
const char         *isc_response_cache_get_directory   (IscResponseCache     *self);
/* The file a query is kept in (it may not exist). */
char               *isc_response_cache_get_path        (IscResponseCache     *self,
                                                        const char           *base_url,
                                                        const IscQuery       *query);
/* Writes nothing more: each later store (one in another thread too) is a
 * no-op, so that the folder can be removed (a demo's, at quit) without a
 * store made late creating it again. Returns once a store under way ends. */
void                isc_response_cache_close           (IscResponseCache     *self);
gboolean            isc_response_cache_store           (IscResponseCache     *self,
                                                        const char           *base_url,
                                                        const IscQuery       *query,
                                                        GBytes               *body,
                                                        GError              **error);
/* How far ahead of the clock a stamp may be and still count as now: two
 * clocks a few seconds apart, or one corrected since. */
#define ISC_RESPONSE_CACHE_CLOCK_SLACK_MS ((gint64) 60 * 1000)

/* NULL with no error when nothing (trustworthy) is kept for the query.
 * stored_ms: when the response was received, in epoch milliseconds, or 0
 * when unknown (a stamp further ahead of the clock than the slack). */
IscMetricsResponse *isc_response_cache_lookup          (IscResponseCache     *self,
                                                        const char           *base_url,
                                                        const IscQuery       *query,
                                                        gint64               *stored_ms,
                                                        GError              **error);
void                isc_response_cache_lookup_async    (IscResponseCache     *self,
                                                        const char           *base_url,
                                                        const IscQuery       *query,
                                                        GCancellable         *cancellable,
                                                        GAsyncReadyCallback   callback,
                                                        gpointer              user_data);
IscMetricsResponse *isc_response_cache_lookup_finish   (IscResponseCache     *self,
                                                        GAsyncResult         *result,
                                                        gint64               *stored_ms,
                                                        GError              **error);
/* Bytes held in cache files now. */
guint64             isc_response_cache_get_total_size  (IscResponseCache     *self);

G_END_DECLS
