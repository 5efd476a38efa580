/* isc-audit-log-loader.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-audit-log-loader"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-audit-log-loader.h"

/* A stub for now. */
void
isc_audit_log_load_async (IscClient           *client,
                          const char          *model_id,
                          gint64               start_ms,
                          gint64               end_ms,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (client, cancellable, callback, user_data);

  g_task_set_source_tag (task, isc_audit_log_load_async);
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not yet");
}

GPtrArray *
isc_audit_log_load_finish (GAsyncResult  *result,
                           gboolean      *truncated,
                           GError       **error)
{
  if (truncated != NULL)
    *truncated = FALSE;
  return g_task_propagate_pointer (G_TASK (result), error);
}

char *
isc_audit_log_build_path (const char *model_id)
{
  g_autofree char *escaped = g_uri_escape_string (model_id, NULL, FALSE);

  return g_strdup_printf ("/v1/models/%s/audit_logs", escaped);
}

char *
isc_audit_log_build_params (gint64      start_ms,
                            gint64      end_ms,
                            const char *cursor)
{
  return g_strdup ("");
}
