/* isc-logs-decoder.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-log-line.h"

G_BEGIN_DECLS

/* Decodes a GetLogsResponseV1 body ({"logs": [LogV1, …]}) into IscLogLine
 * objects, in the order received. Validates like the metrics decoder and is
 * bounded: invalid UTF-8 is replaced (U+FFFD), unknown fields are ignored,
 * a line with an unknown level keeps its text with no level; a wrong shape
 * (not an object, no "logs" array, a line without a timestamp string of
 * digits, a timestamp out of range) is an ISC_LOGS_DECODE_ERROR in words
 * that name what was wrong and where ("Line 12 has no timestamp"). */

#define ISC_LOGS_DECODE_ERROR (isc_logs_decode_error_quark ())

typedef enum
{
  ISC_LOGS_DECODE_ERROR_SYNTAX,   /* not JSON */
  ISC_LOGS_DECODE_ERROR_SHAPE,    /* JSON, but not a logs response */
  ISC_LOGS_DECODE_ERROR_TOO_MANY, /* more than ISC_LOGS_MAX_PAGE lines */
} IscLogsDecodeError;

/* The API sends at most 1000 lines a page; a page of more is refused. */
#define ISC_LOGS_MAX_PAGE 10000

GQuark     isc_logs_decode_error_quark (void);

/* GPtrArray of IscLogLine (owning), or NULL with error. */
GPtrArray *isc_logs_decode             (const char  *data,
                                        gsize        length,
                                        GError     **error);

G_END_DECLS
