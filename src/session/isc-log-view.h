/* isc-log-view.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-log-line.h"
#include "isc-view.h"

G_BEGIN_DECLS

/* The log lines of one window, with no widget: the target, client and
 * range of the window's IscView, the filters, and the lines as a
 * GListModel of IscLogLine, oldest first (newest at the bottom).
 *
 * Loading: nothing is asked while the Logs page is not "shown". Shown, a
 * change of client, target, range or filter loads the newest page of the
 * range at once (a newer load cancels an older one; a superseded answer
 * is never shown). With the view's cursor (the window's moment) in the
 * range, that load goes on back a page at a time until it holds the
 * moment, within "max-lines" and ten pages, before it is "ready": Logs
 * at This Time opens at its moment however busy the minutes after it.
 * Load Earlier pages back within the range.
 *
 * Follow: while "following", "shown", the view "active" (the window shown
 * and not minimised) and the range relative ("can-follow"), the lines
 * after the newest are asked for every "follow-interval" seconds
 * (ISC_LOG_VIEW_FOLLOW_SECONDS by default), never
 * before the client's 429 allows (isc_client_get_retry_not_before_ms()).
 *
 * What is kept is bounded: at most "max-lines" (ISC_LOG_VIEW_MAX_LINES),
 * the oldest dropped first; "dropped" then says so, and Load Earlier is no
 * longer offered (the lines before the kept ones are gone).
 *
 * A search pattern Baseten refuses (a 400 for a query with one) is
 * "search-error", for the page to say in words beside the search field.
 */

#define ISC_LOG_VIEW_MAX_LINES      50000
#define ISC_LOG_VIEW_FOLLOW_SECONDS 5

typedef enum
{
  ISC_LOG_VIEW_EMPTY,     /* no client or no target */
  ISC_LOG_VIEW_LOADING,   /* the first page of this query */
  ISC_LOG_VIEW_READY,     /* "lines" holds lines */
  ISC_LOG_VIEW_NO_LINES,  /* the range has no line that passes the filters */
  ISC_LOG_VIEW_ERROR,     /* the first page failed */
} IscLogViewState;

#define ISC_TYPE_LOG_VIEW_STATE (isc_log_view_state_get_type ())

GType isc_log_view_state_get_type (void) G_GNUC_CONST;

#define ISC_TYPE_LOG_VIEW (isc_log_view_get_type ())

G_DECLARE_FINAL_TYPE (IscLogView, isc_log_view, ISC, LOG_VIEW, GObject)

IscLogView      *isc_log_view_new                (IscView      *view);
/* "view" (construct-only) */
IscView         *isc_log_view_get_view           (IscLogView   *self);

/* "shown": the Logs page is on screen; FALSE by default. */
gboolean         isc_log_view_get_shown          (IscLogView   *self);
void             isc_log_view_set_shown          (IscLogView   *self,
                                                  gboolean      shown);

/* The filters, sent to Baseten as its parameters: "min-level"
 * (IscLogLevel as an int, NONE for all), "replica", "request-id",
 * "search-pattern" (NULL or "" for none). */
IscLogLevel      isc_log_view_get_min_level      (IscLogView   *self);
void             isc_log_view_set_min_level      (IscLogView   *self,
                                                  IscLogLevel   level);
const char      *isc_log_view_get_replica        (IscLogView   *self);
void             isc_log_view_set_replica        (IscLogView   *self,
                                                  const char   *replica);
const char      *isc_log_view_get_request_id     (IscLogView   *self);
void             isc_log_view_set_request_id     (IscLogView   *self,
                                                  const char   *request_id);
const char      *isc_log_view_get_search_pattern (IscLogView   *self);
void             isc_log_view_set_search_pattern (IscLogView   *self,
                                                  const char   *pattern);

/* "lines" (GListModel of IscLogLine, oldest first); the same model for
 * the view's life. */
GListModel      *isc_log_view_get_lines          (IscLogView   *self);

/* "following", "can-follow" (read-only: a relative range) */
gboolean         isc_log_view_get_following      (IscLogView   *self);
void             isc_log_view_set_following      (IscLogView   *self,
                                                  gboolean      following);
gboolean         isc_log_view_get_can_follow     (IscLogView   *self);

/* "can-load-earlier" (read-only): the range may hold lines before the
 * oldest kept, none was dropped, and no load is under way. */
gboolean         isc_log_view_get_can_load_earlier (IscLogView *self);
void             isc_log_view_load_earlier       (IscLogView   *self);
/* Loads the newest page again (Refresh, Retry). */
void             isc_log_view_reload             (IscLogView   *self);

/* "state", "loading" (a request under way) */
IscLogViewState  isc_log_view_get_state          (IscLogView   *self);
gboolean         isc_log_view_get_loading        (IscLogView   *self);
/* "error" (GError, boxed): the last request's failure, NULL after a
 * success; "search-error": the same when it is Baseten refusing the
 * search pattern. */
const GError    *isc_log_view_get_error          (IscLogView   *self);
const GError    *isc_log_view_get_search_error   (IscLogView   *self);

/* "max-lines" (ISC_LOG_VIEW_MAX_LINES by default), "dropped" (read-only:
 * older lines were dropped to keep within it), and how many. */
guint            isc_log_view_get_max_lines      (IscLogView   *self);
void             isc_log_view_set_max_lines      (IscLogView   *self,
                                                  guint         max_lines);
gboolean         isc_log_view_get_dropped        (IscLogView   *self);
guint64          isc_log_view_get_n_dropped      (IscLogView   *self);

/* The index of the first line at or after @time_ms (epoch ms), the last
 * line when all are before it; G_MAXUINT with no lines. */
guint            isc_log_view_find_time          (IscLogView   *self,
                                                  gint64        time_ms);

G_END_DECLS
