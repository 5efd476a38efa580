/* isc-export-dialog.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-chart-export.h"
#include "isc-metrics-response.h"

G_BEGIN_DECLS

typedef enum
{
  ISC_EXPORT_DIALOG_FORMAT_PNG,
  ISC_EXPORT_DIALOG_FORMAT_SVG,
  ISC_EXPORT_DIALOG_FORMAT_PDF,
  ISC_EXPORT_DIALOG_FORMAT_CSV,
} IscExportDialogFormat;

#define ISC_TYPE_EXPORT_DIALOG (isc_export_dialog_get_type ())

/* An AdwDialog where libadwaita has it (1.5), inside the parent window (a
 * bottom sheet when narrow); a modal AdwWindow transient for it before. */
#if ADW_CHECK_VERSION (1, 5, 0)
G_DECLARE_FINAL_TYPE (IscExportDialog, isc_export_dialog, ISC, EXPORT_DIALOG, AdwDialog)
#else
G_DECLARE_FINAL_TYPE (IscExportDialog, isc_export_dialog, ISC, EXPORT_DIALOG, AdwWindow)
#endif

/* Export… of one chart (its menu) or of the whole page (the primary
 * menu, Ctrl+E): the format, each chart's size, the scale and the theme,
 * then Export asks the file chooser portal where. The file is drawn by
 * the same code as `inferscope export` (isc_chart_export_to_file_with_context
 * and isc_csv_from_response), from the models the window shows. A failure
 * is a toast on the window; no partial file is left.
 *
 * @views are IscChartView widgets, in the order shown, laid out in
 * @columns; @response is what CSV writes (all of it, or only the one
 * chart's metric when there is one view); @context the header. */
IscExportDialog *isc_export_dialog_new          (GtkWindow                   *parent,
                                                 GtkWidget * const           *views,
                                                 guint                        n_views,
                                                 guint                        columns,
                                                 IscMetricsResponse          *response,
                                                 const IscChartExportContext *context);
/* The same, with the parent, the response and the header found from the
 * views (their window and its IscView), presented. */
IscExportDialog *isc_export_dialog_present_for_views (GtkWidget * const *views,
                                                      guint              n_views,
                                                      guint              columns);

/* Shows @self over its parent: adw_dialog_present() or
 * gtk_window_present(). */
void             isc_export_dialog_present      (IscExportDialog             *self);
/* Closes @self, as Cancel and Escape do. */
void             isc_export_dialog_close        (IscExportDialog             *self);

IscExportDialogFormat isc_export_dialog_get_format (IscExportDialog       *self);
void             isc_export_dialog_set_format   (IscExportDialog             *self,
                                                 IscExportDialogFormat        format);
/* Each chart's cell, in logical pixels (16 to 16384). */
void             isc_export_dialog_get_size     (IscExportDialog             *self,
                                                 int                         *width,
                                                 int                         *height);
void             isc_export_dialog_set_size     (IscExportDialog             *self,
                                                 int                          width,
                                                 int                          height);
double           isc_export_dialog_get_scale    (IscExportDialog             *self);
void             isc_export_dialog_set_scale    (IscExportDialog             *self,
                                                 double                       scale);
IscChartTheme    isc_export_dialog_get_theme    (IscExportDialog             *self);
void             isc_export_dialog_set_theme    (IscExportDialog             *self,
                                                 IscChartTheme                theme);

/* Writes the export to @file, what Export does after the file chooser:
 * the format from the file's extension when it names one, else the one
 * chosen. Whole or not at all. */
gboolean         isc_export_dialog_write        (IscExportDialog             *self,
                                                 GFile                       *file,
                                                 GError                     **error);
/* What the chosen file gets: written, then the dialog closes (TRUE); or
 * a toast on the window naming the reason, the dialog left open to try
 * elsewhere (FALSE). */
gboolean         isc_export_dialog_export_to    (IscExportDialog             *self,
                                                 GFile                       *file);

/* The format a file name's extension names (case-insensitive). */
gboolean         isc_export_format_from_name    (const char                  *name,
                                                 IscExportDialogFormat       *format);
/* @response as CSV (isc_csv_from_response), keeping only the time
 * columns and those of @metric_name's series: a chart's Copy Data. */
char            *isc_export_dup_metric_csv      (IscMetricsResponse          *response,
                                                 const char                  *metric_name);
/* A failure of an export or copy from @widget, as a toast on its window
 * (or a warning when it has none). */
void             isc_export_show_error          (GtkWidget                   *widget,
                                                 const char                  *message);

G_END_DECLS
