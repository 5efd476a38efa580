/* isc-audit-log-decoder.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-audit-log-decoder"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-audit-log-decoder.h"

G_DEFINE_QUARK (isc-audit-log-decode-error-quark, isc_audit_log_decode_error)

void
isc_audit_log_page_free (IscAuditLogPage *page)
{
  if (page == NULL)
    return;
  g_clear_pointer (&page->events, g_ptr_array_unref);
  g_free (page->cursor);
  g_free (page);
}

/* A stub for now. */
IscAuditLogPage *
isc_audit_log_decode (const char  *data,
                      gsize        length,
                      GError     **error)
{
  g_set_error_literal (error, ISC_AUDIT_LOG_DECODE_ERROR, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                       "not yet");
  return NULL;
}
