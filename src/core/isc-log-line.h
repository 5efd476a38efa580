/* isc-log-line.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* One line of a deployment's or an environment's log, as Baseten sends it
 * (GET …/logs), made safe to show: an immutable object, so a GListModel of
 * lines can back a GtkListView.
 *
 * The time is kept exactly, in epoch nanoseconds (the API sends a 19-digit
 * string, beyond a double's exact range). The message is valid UTF-8 with
 * no control bytes: terminal escape sequences are parsed (SGR colours kept
 * as spans over the message, every other sequence dropped), and every other
 * control byte is shown as its visible symbol (U+2400 + byte, U+2421 for
 * DEL), tabs kept as spaces; C1 controls, BiDi controls, line separators
 * and invisible characters (zero-width space, word joiner, BOM) are named,
 * "<U+202E>", and a line end closing the message is left out. A message longer than ISC_LOG_LINE_MAX_MESSAGE
 * bytes is cut at a character boundary, and get_n_cut() says how many bytes
 * of the original were left out.
 */

#define ISC_LOG_LINE_MAX_MESSAGE ((gsize) 64 * 1024)

typedef enum
{
  ISC_LOG_LEVEL_NONE,      /* Baseten detected no level */
  ISC_LOG_LEVEL_DEBUG,
  ISC_LOG_LEVEL_INFO,
  ISC_LOG_LEVEL_WARNING,
  ISC_LOG_LEVEL_ERROR,
} IscLogLevel;
/* Its GType is ISC_TYPE_LOG_LEVEL, in isc-core-enums.h. */

/* "DEBUG", "INFO", "WARNING", "ERROR" as the API spells them; NULL for NONE. */
const char  *isc_log_level_to_api   (IscLogLevel  level);
/* FALSE for anything else (case-sensitive, as the API). */
gboolean     isc_log_level_from_api (const char  *text,
                                     IscLogLevel *level);

/* A colour run of the message, from an SGR escape: byte offsets into
 * isc_log_line_get_message(), start inclusive, end exclusive, never inside a
 * UTF-8 character. fg and bg are 0xRRGGBB, or -1 for the default; the 16
 * ANSI colours, the 256-colour palette and 24-bit colours all end up as
 * RGB. */
typedef struct
{
  guint    start;
  guint    end;
  gint32   fg;
  gint32   bg;
  guint    bold : 1;
  guint    italic : 1;
  guint    underline : 1;
} IscLogSpan;

#define ISC_TYPE_LOG_LINE (isc_log_line_get_type ())

G_DECLARE_FINAL_TYPE (IscLogLine, isc_log_line, ISC, LOG_LINE, GObject)

/* message_raw is the text as received (any bytes, any length, with escapes);
 * it is made safe as above. replica and request_id may be NULL; they are
 * made plain one-line text too (controls shown, at most 256 bytes). */
IscLogLine       *isc_log_line_new            (gint64        time_ns,
                                               IscLogLevel   level,
                                               const char   *replica,
                                               const char   *request_id,
                                               const char   *message_raw,
                                               gssize        message_len);
gint64            isc_log_line_get_time_ns    (IscLogLine   *self);
/* time_ns / 1,000,000, rounded down (towards the past). */
gint64            isc_log_line_get_time_ms    (IscLogLine   *self);
IscLogLevel       isc_log_line_get_level      (IscLogLine   *self);
const char       *isc_log_line_get_replica    (IscLogLine   *self);
const char       *isc_log_line_get_request_id (IscLogLine   *self);
/* Safe text, escapes removed. */
const char       *isc_log_line_get_message    (IscLogLine   *self);
/* Bytes of the original message left out by the 64 KiB cut; 0 if none. */
gsize             isc_log_line_get_n_cut      (IscLogLine   *self);
const IscLogSpan *isc_log_line_get_spans      (IscLogLine   *self,
                                               guint        *n_spans);
/* The same line (time, replica and message), as two pages can both carry
 * a line at their boundary. */
gboolean          isc_log_line_same           (IscLogLine   *a,
                                               IscLogLine   *b);
/* Earlier first: time, then replica, then message; for sorting. */
int               isc_log_line_compare        (IscLogLine   *a,
                                               IscLogLine   *b);

/* "2026-12-02T08:15:03.123456789Z INFO [abcde] req=… message": one line
 * of plain text, time in UTC with all nine digits; the form Copy Lines,
 * Export Lines and `inferscope logs` write. */
char             *isc_log_line_to_text        (IscLogLine   *self);
/* One JSON object on one line, the API's field names (timestamp as the
 * 19-digit string), message as shown (terminal escapes removed) but for
 * its control characters and tabs, which are given back as JSON escapes
 * ("\n", not "␊"); for JSON Lines. */
char             *isc_log_line_to_json        (IscLogLine   *self);

G_END_DECLS
