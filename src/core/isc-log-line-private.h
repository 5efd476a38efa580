/* isc-log-line-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-log-line.h"

G_BEGIN_DECLS

/* A log line is made safe by isc-log-escapes.c: the line object
 * (isc-log-line.c) and the decoder share it. */

/* The most colour runs one line keeps; later colour changes are left out
 * (the text stays, uncoloured), so a line of nothing but escapes cannot
 * cost more than its text. */
#define ISC_LOG_LINE_MAX_SPANS 256

/* The most bytes of a replica or a request id kept, before "…". */
#define ISC_LOG_LINE_MAX_ID 256

/* Where the safe text shows a control byte of the raw text otherwise: at
 * byte @at of it, @n_bytes bytes (a control picture's three, a tab's
 * spaces) stand for @byte. JSON gives the byte back, as an escape. */
typedef struct
{
  guint32 at      : 20;  /* a message is at most 64 KiB */
  guint32 byte    : 7;   /* C0 or DEL */
  guint32 n_bytes : 4;   /* 3, or 1 to 8 spaces */
} IscLogControl;

G_STATIC_ASSERT (ISC_LOG_LINE_MAX_MESSAGE < (1 << 20));
G_STATIC_ASSERT (sizeof (IscLogControl) == 4);

/* Appends @raw (@length bytes, any bytes) to @out as safe text: valid
 * UTF-8 (U+FFFD for each byte that is not), each C0 control but TAB as
 * its control picture (U+2400 + byte), DEL as U+2421, a tab as spaces to
 * the next multiple of eight characters, C1 controls, BiDi controls, line
 * separators and invisible characters (zero-width space, word joiner,
 * BOM) as "<U+202E>". With @spans (a GArray of IscLogSpan),
 * terminal escape sequences are parsed: SGR colours become spans over
 * the text they colour, every other CSI, OSC, DCS, … and two-byte escape
 * is dropped, and an ESC that starts no sequence is shown as U+241B.
 * Without @spans, escapes are not parsed and ESC is shown like any
 * control. Trailing line ends of @raw are left out. With @controls (a
 * GArray of IscLogControl), each control picture and tab is noted there,
 * from where the text began.
 *
 * At most @max_bytes bytes are appended, cut on a character; the number
 * of bytes of @raw left out is returned (0: none).
 */
gsize _isc_log_text_append_safe (GString     *out,
                                 GArray      *spans,
                                 GArray      *controls,
                                 const char  *raw,
                                 gsize        length,
                                 gsize        max_bytes);

G_END_DECLS
