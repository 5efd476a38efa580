/* isc-log-row.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "isc-log-line.h"

G_BEGIN_DECLS

#define ISC_TYPE_LOG_ROW (isc_log_row_get_type ())

G_DECLARE_FINAL_TYPE (IscLogRow, isc_log_row, ISC, LOG_ROW, GtkWidget)

/* One line of the Logs page's list, recycled from line to line: the time
 * in the window's zone, the level as a word in its colour, the replica,
 * the request id and the message in monospace, its SGR colours as Pango
 * attributes (never markup), cut for the row when very long (the whole
 * line is the page's to show). Wide, one line of columns; narrow, the
 * replica and request id go and the message wraps under the time.
 * Its accessible label reads the time, the level and the message. */
GtkWidget  *isc_log_row_new        (void);
void        isc_log_row_set_line   (IscLogRow   *self,
                                    IscLogLine  *line,
                                    GTimeZone   *zone);
IscLogLine *isc_log_row_get_line   (IscLogRow   *self);
/* The line at the window's moment (the charts' cursor): marked, and
 * said to a screen reader (isc_log_row_moment_description()). */
gboolean    isc_log_row_get_moment (IscLogRow   *self);
void        isc_log_row_set_moment (IscLogRow   *self,
                                    gboolean     moment);
const char *isc_log_row_moment_description (void);
/* @line_chars: narrow, how many characters of the message fit a line
 * (it wraps to up to 4); 0 for wide. */
void        isc_log_row_set_narrow (IscLogRow   *self,
                                    guint        line_chars);

/* "08:15:03.123" in @zone, with the day before it ("2 Dec 08:15:03.123")
 * when @ms is not today there. */
char       *isc_log_row_format_time  (gint64      ms,
                                      GTimeZone  *zone);
/* "Error", "Warning", "Info", "Debug"; "" for none. */
const char *isc_log_row_level_word   (IscLogLevel level);
/* What a screen reader reads for @line: "08:15:03.123, Error, message". */
char       *isc_log_row_dup_label    (IscLogLine *line,
                                      GTimeZone  *zone);
/* The message's SGR spans as Pango attributes over its first
 * @length bytes. */
PangoAttrList *isc_log_row_new_attributes (IscLogLine *line,
                                           gsize       length);

G_END_DECLS
