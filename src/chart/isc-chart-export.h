/* isc-chart-export.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-chart.h"

G_BEGIN_DECLS

#define ISC_CHART_EXPORT_ERROR (isc_chart_export_error_quark ())

typedef enum
{
  ISC_CHART_EXPORT_ERROR_INVALID,  /* a size, scale or column count out of range */
  ISC_CHART_EXPORT_ERROR_FAILED,   /* cairo or the file system failed */
} IscChartExportError;

GQuark    isc_chart_export_error_quark   (void);

/* "png", "svg", "pdf" (case-insensitive). */
gboolean  isc_chart_format_from_string   (const char      *str,
                                          IscChartFormat  *format);
const char *isc_chart_format_to_string   (IscChartFormat   format);

/* What an exported image says about itself: a header line across its top
 * ("demo-chat · environment production · Last 24 hours, 30 Nov 2026
 * 12:31 – 1 Dec 12:31 · times in UTC · made 1 Dec 2026 12:31:05") and a
 * PDF's Title. Every field may be NULL (or 0) and is then left out; the
 * window is the first chart's. */
typedef struct
{
  const char *model;        /* the model's name or id */
  const char *target;       /* "environment production", "deployment abc1" */
  const char *range;        /* the range asked for in words, "Last 24 hours" */
  GTimeZone  *time_zone;    /* the charts' time axes; NULL for local time */
  gint64      made_at_ms;   /* when the export was made; 0 for now */
} IscChartExportContext;

/* The header line and the PDF title an export with @context draws. */
char     *isc_chart_export_dup_header    (const IscChartExportContext *context,
                                          IscChart * const            *charts,
                                          guint                        n_charts);
char     *isc_chart_export_dup_title     (const IscChartExportContext *context,
                                          IscChart * const            *charts,
                                          guint                        n_charts);

/* Where chart @index of @n_charts goes in a grid of @columns cells of
 * width × height, under a header @top px tall: full rows of cells, with
 * the columns first reduced to as few as keep the number of rows (4
 * charts in 3 columns are 2 × 2), and the last row's charts sharing its
 * whole width when it still has fewer (5 in 3: 3, then 2 of 1.5 cells).
 * Returns the grid's column count. */
guint     isc_chart_export_get_cell      (guint             index,
                                          guint             n_charts,
                                          guint             columns,
                                          int               width,
                                          int               height,
                                          int               top,
                                          IscChartRect     *cell);

/* Draws charts in a grid of columns (one chart: columns 1), each in a cell
 * of width × height logical pixels, to path as PNG (at scale device pixels
 * per logical pixel), SVG or PDF (in points; scale ignored). The file is
 * written beside path and renamed over it only when complete, so a failure
 * leaves no partial file.
 */
/* The charts of one column share their gutter and the plots of one row
 * their height (isc_chart_align_grid()), so one time is at one x down a
 * column. Without a context, no header. */
/* The same drawing, as the bytes of the file. */
GBytes   *isc_chart_export_to_bytes      (IscChart * const *charts,
                                          guint             n_charts,
                                          guint             columns,
                                          IscChartFormat    format,
                                          int               width,
                                          int               height,
                                          double            scale,
                                          GError          **error);
gboolean  isc_chart_export_to_file       (IscChart * const *charts,
                                          guint             n_charts,
                                          guint             columns,
                                          IscChartFormat    format,
                                          int               width,
                                          int               height,
                                          double            scale,
                                          const char       *path,
                                          GError          **error);

/* The same with a header line and, in a PDF, Title metadata. */
GBytes   *isc_chart_export_to_bytes_with_context (IscChart * const            *charts,
                                                  guint                        n_charts,
                                                  guint                        columns,
                                                  IscChartFormat               format,
                                                  int                          width,
                                                  int                          height,
                                                  double                       scale,
                                                  const IscChartExportContext *context,
                                                  GError                     **error);
gboolean  isc_chart_export_to_file_with_context  (IscChart * const            *charts,
                                                  guint                        n_charts,
                                                  guint                        columns,
                                                  IscChartFormat               format,
                                                  int                          width,
                                                  int                          height,
                                                  double                       scale,
                                                  const IscChartExportContext *context,
                                                  const char                  *path,
                                                  GError                     **error);

G_END_DECLS
