/* isc-audit-log-decoder.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-event.h"

G_BEGIN_DECLS

/* Decodes one page of an audit log (ListAuditLogsResponseV1:
 * {"items": [AuditLogEntryV1, …], "pagination": {"has_more", "cursor"}})
 * into IscEvent objects, in the order received, and the cursor of the
 * next page. Validates and is bounded like the logs decoder: a body over
 * ISC_AUDIT_LOG_MAX_BYTES or with more than ISC_AUDIT_LOG_MAX_PAGE items
 * is refused, strings are sanitized and cut, unknown fields are ignored,
 * entries of an event type the charts do not draw (or one this version
 * does not know) are skipped and counted; a wrong shape (not an object,
 * no "items" list, no "pagination", an entry without an id, a "created"
 * that is not an ISO 8601 date-time, an event_data of the wrong shape for
 * its type) is an ISC_AUDIT_LOG_DECODE_ERROR in words that name what was
 * wrong and where ("Entry 3 has no “created” time"). */

#define ISC_AUDIT_LOG_DECODE_ERROR (isc_audit_log_decode_error_quark ())

typedef enum
{
  ISC_AUDIT_LOG_DECODE_ERROR_SYNTAX,    /* not JSON */
  ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,     /* JSON, but not an audit log page */
  ISC_AUDIT_LOG_DECODE_ERROR_TOO_MANY,  /* too many items, or too large */
} IscAuditLogDecodeError;

/* The API sends at most 200 entries a page. */
#define ISC_AUDIT_LOG_MAX_PAGE  1000
#define ISC_AUDIT_LOG_MAX_BYTES ((gsize) 8 * 1024 * 1024)

typedef struct
{
  GPtrArray *events;     /* IscEvent (owning), in the order received */
  gboolean   has_more;
  char      *cursor;     /* the next page's, or NULL when there is none */
  guint      n_skipped;  /* entries of kinds not drawn */
} IscAuditLogPage;

GQuark           isc_audit_log_decode_error_quark (void);

IscAuditLogPage *isc_audit_log_decode            (const char       *data,
                                                  gsize             length,
                                                  GError          **error);
void             isc_audit_log_page_free         (IscAuditLogPage  *page);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscAuditLogPage, isc_audit_log_page_free)

G_END_DECLS
