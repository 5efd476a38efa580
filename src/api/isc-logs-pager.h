/* isc-logs-pager.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-client.h"
#include "isc-logs-query.h"

G_BEGIN_DECLS

/* Pages through one logs query. The API has no cursor: the pager moves the
 * window past the last line it has and drops the lines a page repeats at
 * its boundary (the query is in ms, lines in ns), so no line is lost or
 * shown twice.
 *
 * - load_first: the newest `limit` lines of the query's window (desc),
 *   returned oldest first.
 * - load_earlier: the page before the oldest line so far (end moved back to
 *   it), oldest first; an empty array when there is nothing earlier.
 * - load_later: the lines after the newest so far up to now (start moved to
 *   it, asc, end = now); for Follow. Several pages are fetched while a page
 *   comes back full (at most 10 a call: the next call goes on). After an
 *   empty first page, from the end of its window.
 *
 * Each request asks for the query's limit (ISC_LOGS_DEFAULT_LIMIT when 0).
 * A page back keeps the query's start; with none, each covers the server's
 * default 30 minutes before its end, and has_earlier() turns FALSE at the
 * first page that is not full. A millisecond holding more lines than a
 * page is read from both of its ends; one holding more than two pages has
 * lines in its middle that no window in ms can ask for, and they are
 * missed.
 *
 * One request at a time: a call while one is in flight fails with
 * G_IO_ERROR_PENDING. Errors are the client's (IscApiError), including a
 * 400 for a search pattern Baseten refuses, whose message says so in words.
 * A 429 is retried by the client; isc_client_get_retry_not_before_ms() says
 * when a follower may ask again. */

#define ISC_TYPE_LOGS_PAGER (isc_logs_pager_get_type ())

G_DECLARE_FINAL_TYPE (IscLogsPager, isc_logs_pager, ISC, LOGS_PAGER, GObject)

IscLogsPager       *isc_logs_pager_new            (IscClient          *client,
                                                   const IscLogsQuery *query);
const IscLogsQuery *isc_logs_pager_get_query      (IscLogsPager       *self);
/* FALSE once a load_earlier came back with less than a full page; the
 * "has-earlier" property, notified when it changes. */
gboolean            isc_logs_pager_has_earlier    (IscLogsPager       *self);

void                isc_logs_pager_load_first_async   (IscLogsPager        *self,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
void                isc_logs_pager_load_earlier_async (IscLogsPager        *self,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
void                isc_logs_pager_load_later_async   (IscLogsPager        *self,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
/* Any of the three: a GPtrArray of new IscLogLine, oldest first. */
GPtrArray          *isc_logs_pager_load_finish        (IscLogsPager        *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

G_END_DECLS
