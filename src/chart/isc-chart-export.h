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

/* Draws charts in a grid of columns (one chart: columns 1), each in a cell
 * of width × height logical pixels, to path as PNG (at scale device pixels
 * per logical pixel), SVG or PDF (in points; scale ignored). The file is
 * written beside path and renamed over it only when complete, so a failure
 * leaves no partial file.
 */
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

G_END_DECLS
