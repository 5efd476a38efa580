/* isc-chart-decimate.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* A point in device space. A point whose y is NaN is a break: the path
 * ends there and the next point starts a new one.
 */
typedef struct
{
  double x;
  double y;
} IscChartPoint;

/* Appends the polyline through (xs[i], ys[i]) to points, reduced per pixel
 * column to the first, lowest, highest and last point of each run within
 * the column, in their original order (the M4 method): the stroked line
 * covers the same pixels, and its length is bounded by four points per
 * column whatever the number of input points. xs must not decrease; a NaN
 * in ys is a gap and becomes one break.
 */
void isc_chart_decimate_m4     (const double  *xs,
                                const double  *ys,
                                guint          n,
                                GArray        *points);
/* The same polyline without reduction, for comparison. */
void isc_chart_points_append   (const double  *xs,
                                const double  *ys,
                                guint          n,
                                GArray        *points);

/* Strokes the runs of points in chunks of a bounded number of segments
 * (cairo's stroker slows sharply on one long path); a run of one point is
 * drawn as a dot of dot_radius. Uses the cairo_t's source and line style.
 */
void isc_chart_stroke_points   (cairo_t             *cr,
                                const IscChartPoint *points,
                                guint                n_points,
                                double               dot_radius);
/* Fills the polygons of points, separated by breaks. */
void isc_chart_fill_polygons   (cairo_t             *cr,
                                const IscChartPoint *points,
                                guint                n_points);

/* Appends, for each run where both edges have values, the closed polygon
 * between the two edges (upper forward, lower back), each edge reduced per
 * column, followed by a break.
 */
void isc_chart_band_append     (const double  *xs,
                                const double  *upper,
                                const double  *lower,
                                guint          n,
                                gboolean       reduce,
                                GArray        *points);

G_END_DECLS
