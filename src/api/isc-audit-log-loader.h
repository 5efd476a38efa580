/* isc-audit-log-loader.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-client.h"

G_BEGIN_DECLS

/* Reads a model's audit log (GET /v1/models/{m}/audit_logs) over a range:
 * oldest first (direction ASC, start_epoch_millis and end_epoch_millis),
 * the event groups the charts draw only, ISC_AUDIT_LOG_PAGE_LIMIT entries
 * a page, following the cursor to the end, at most
 * ISC_AUDIT_LOG_MAX_PAGES pages (then it stops, keeps what it has and
 * says it was cut with *truncated).
 *
 * Errors are the client's (IscApiError), except that a 403 (a key that
 * may not read the audit log, such as a member of a multi-team
 * organisation) is ISC_API_ERROR_NOT_PERMITTED, with a message that says so
 * in words, so that a caller degrades this feature alone. */

#define ISC_AUDIT_LOG_PAGE_LIMIT 200
#define ISC_AUDIT_LOG_MAX_PAGES  25

void       isc_audit_log_load_async  (IscClient           *client,
                                      const char          *model_id,
                                      gint64               start_ms,
                                      gint64               end_ms,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
/* A GPtrArray of IscEvent (owning), in time order, or NULL with error.
 * @truncated may be NULL. */
GPtrArray *isc_audit_log_load_finish (GAsyncResult        *result,
                                      gboolean            *truncated,
                                      GError             **error);

/* Which deployment served @environment at @before_ms, as the audit log
 * says: the one its latest MODEL_DEPLOYMENT_PROMOTED to @environment
 * before then names (one request: the PROMOTED group, newest first). An
 * environment's charts over a window that starts before a promotion show
 * that deployment's events too. NULL (and no error) when the audit log
 * holds no such promotion; errors as above. */
void       isc_audit_log_find_serving_async  (IscClient           *client,
                                              const char          *model_id,
                                              const char          *environment,
                                              gint64               before_ms,
                                              GCancellable        *cancellable,
                                              GAsyncReadyCallback  callback,
                                              gpointer             user_data);
char      *isc_audit_log_find_serving_finish (GAsyncResult        *result,
                                              GError             **error);

/* One page (for the loader and tests): the path and query of the first
 * page (cursor NULL) or of a next one. */
char      *isc_audit_log_build_path   (const char         *model_id);
char      *isc_audit_log_build_params (gint64              start_ms,
                                       gint64              end_ms,
                                       const char         *cursor);

G_END_DECLS
