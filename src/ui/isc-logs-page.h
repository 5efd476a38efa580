/* isc-logs-page.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-log-view.h"

G_BEGIN_DECLS

#define ISC_TYPE_LOGS_PAGE (isc_logs_page_get_type ())

G_DECLARE_FINAL_TYPE (IscLogsPage, isc_logs_page, ISC, LOGS_PAGE, AdwBin)

typedef enum
{
  ISC_LOGS_FORMAT_TEXT,         /* isc_log_line_to_text(), a line each */
  ISC_LOGS_FORMAT_JSON_LINES,   /* isc_log_line_to_json(), a line each */
} IscLogsFormat;

/* The Logs mode (UI.md "Why it happened"): the lines of an IscLogView in
 * a GtkListView (recycled rows, newest at the bottom), with the filters
 * above it (search pattern, minimum level, replica, request id; a pattern
 * Baseten refuses said in words under the search field), Follow, Load
 * Earlier, Copy Lines (Ctrl+C: the selected lines as text), Export Lines…
 * (text or JSON Lines through the file chooser), the notice that older
 * lines were dropped, and the loading, empty and error states in words.
 * Selecting a line sets the view's cursor time (the Charts page's
 * crosshair); activating one (Enter, double-click) shows all of it. */
GtkWidget    *isc_logs_page_new            (void);
/* "log-view" (nullable) */
IscLogView   *isc_logs_page_get_log_view   (IscLogsPage   *self);
void          isc_logs_page_set_log_view   (IscLogsPage   *self,
                                            IscLogView    *log_view);
/* "use-utc": times in UTC rather than local time, as the window's. */
gboolean      isc_logs_page_get_use_utc    (IscLogsPage   *self);
void          isc_logs_page_set_use_utc    (IscLogsPage   *self,
                                            gboolean       use_utc);

GtkListView  *isc_logs_page_get_list_view  (IscLogsPage   *self);
GtkSelectionModel *isc_logs_page_get_selection (IscLogsPage *self);
/* The selected lines as Copy Lines puts them on the clipboard; NULL with
 * none selected. */
char         *isc_logs_page_dup_selected_text (IscLogsPage *self);
/* The text beside the search field ("" or NULL: none), the dropped-lines
 * notice when shown, and the state page's title when shown. */
const char   *isc_logs_page_get_search_message (IscLogsPage *self);
const char   *isc_logs_page_get_notice     (IscLogsPage   *self);
const char   *isc_logs_page_get_status_title (IscLogsPage *self);

/* Every kept line, oldest first, in @format, to @file, whole or not at
 * all; Export Lines… writes the file chosen with this. The format of a
 * name: ".jsonl", ".ndjson" and ".json" are JSON Lines, the rest text. */
gboolean      isc_logs_page_write_lines    (IscLogsPage   *self,
                                            GFile         *file,
                                            IscLogsFormat  format,
                                            GError       **error);
IscLogsFormat isc_logs_format_from_name    (const char    *name);

G_END_DECLS
