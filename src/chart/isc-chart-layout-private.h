/* isc-chart-layout-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-chart-layout.h"

G_BEGIN_DECLS

/* How many lengths of @each fit in @extent, whole: 0 for no room at all
 * (a cell smaller than its margins makes a negative extent, and a
 * negative double cast to guint is undefined). */
static inline guint
_isc_chart_n_fitting (double extent,
                      double each)
{
  double n = extent / each;

  if (!(n >= 1))
    return 0;
  return n < 1e6 ? (guint) n : 1000000;
}

/* isc-chart-layout-legend.c */

/* Lays the legend out between @left and @right, its last row ending at
 * @bottom; *@top is where its first row begins. */
void _isc_chart_layout_legend             (IscChartLayout      *layout,
                                           IscChartModel       *model,
                                           const IscChartStyle *style,
                                           double               left,
                                           double               right,
                                           double               bottom,
                                           double              *top);
/* Moves the legend down by @dy (up when negative). */
void _isc_chart_layout_shift_legend       (IscChartLayout      *layout,
                                           double               dy);

/* isc-chart-layout-annotations.c */

/* A reference line near the data widens the value axis, lo to *hi, to
 * hold it (within ISC_CHART_REFERENCE_REACH of the data's height). */
void _isc_chart_layout_include_references (IscChartModel       *model,
                                           double               lo,
                                           double              *hi);
/* Places the model's reference lines and markers, and their labels, on a
 * chart laid out with a time axis and data. */
void _isc_chart_layout_annotate           (IscChartLayout      *layout,
                                           IscChartModel       *model,
                                           const IscChartStyle *style);

/* isc-chart-layout.c, for the annotations */

/* Layouts made with @pango share the texts of the same markup, size and
 * weight, now and with the layouts before (a relayout measures the same
 * labels again), or no longer. The shared texts hold @pango: its owner
 * stops the sharing before it lets @pango go. */
void _isc_chart_layout_share_texts        (PangoContext        *pango,
                                           gboolean             share);
/* Like isc_chart_layout_create_text(), but the layout is shared where
 * @pango shares texts: for a text that is not changed after it is made. */
PangoLayout *_isc_chart_layout_shared_text (PangoContext        *pango,
                                            const IscChartStyle *style,
                                            double               size,
                                            gboolean             bold,
                                            const char          *markup);
void _isc_chart_text_size                 (const IscChartText  *text,
                                           double              *width,
                                           double              *height);

G_END_DECLS
