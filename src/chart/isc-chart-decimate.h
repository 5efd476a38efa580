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

/* Appends the step-after polyline of whole counts: each value holds from
 * its step's start xs[i] to the next step's start (end_x for the last),
 * horizontal then vertical, never a diagonal. A null ends the line at its
 * step's start. With reduce, the steps starting in one pixel column become
 * one vertical run through their lowest and highest value (M4), so a
 * one-step maximum is kept however many steps share the column.
 */
void isc_chart_step_points_append (const double  *xs,
                                   const double  *ys,
                                   guint          n,
                                   double         end_x,
                                   gboolean       reduce,
                                   GArray        *points);

/* Strokes the runs of points in chunks of a bounded number of segments
 * (cairo's stroker slows sharply on one long path); a run of one point is
 * drawn as a dot of dot_radius. Uses the cairo_t's source and line style.
 * The chunks' columns are counted from x_anchor (the time axis's, so that
 * they move with it: isc_chart_layout_get_x_anchor()).
 */
void isc_chart_stroke_points   (cairo_t             *cr,
                                const IscChartPoint *points,
                                guint                n_points,
                                double               x_anchor,
                                double               dot_radius);
/* The columns of a slab: drawing in blocks (isc-chart-pixels.c),
 * polygons are filled a slab at a time and strokes chunked at the same
 * columns (isc_chart_split_polygons(), isc_chart_set_slabs()). */
#define ISC_CHART_SLAB_COLUMNS 8

void     isc_chart_set_slabs       (cairo_t  *cr,
                                    gboolean  slabs);
gboolean isc_chart_get_slabs       (cairo_t  *cr);

/* Fills the polygons of points, separated by breaks (a slab at a time,
 * counted from x_anchor, while isc_chart_set_slabs() is on), or only
 * makes them the current path. */
void isc_chart_fill_polygons   (cairo_t             *cr,
                                const IscChartPoint *points,
                                guint                n_points,
                                double               x_anchor);
GPtrArray *isc_chart_split_polygons (const IscChartPoint *points,
                                     guint                n_points,
                                     double               x_anchor,
                                     double               from_x,
                                     double               to_x);
void isc_chart_path_polygons   (cairo_t             *cr,
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

/* For a band denser than the pixel columns: each column's span, from the
 * highest upper edge to the lowest lower edge of its steps where both have
 * values, as pairs of points (top-left, bottom-right) of a one-pixel-wide
 * box. Boxes on whole columns fill far faster than a polygon of thousands
 * of vertices, and at one step or more per column they draw the same
 * area.
 */
void isc_chart_band_columns_append (const double        *xs,
                                    const double        *upper,
                                    const double        *lower,
                                    guint                n,
                                    GArray              *points);
void isc_chart_fill_columns        (cairo_t             *cr,
                                    const IscChartPoint *points,
                                    guint                n_points);
void isc_chart_path_columns        (cairo_t             *cr,
                                    const IscChartPoint *points,
                                    guint                n_points);

/* Round joins and caps, or for dense lines bevels and butts. */
void isc_chart_set_line_style      (cairo_t             *cr,
                                    gboolean             dense);

/* A line at the value axis' bottom (zero, mostly) lies half under the time
 * axis drawn at plot_bottom, blended with it and the bottom grid line:
 * lifts every device y below plot_bottom minus half the line's width onto
 * the pixels just above the axis, where the whole line shows in its own
 * colour (a line at zero moves by less than a pixel). NaN stays NaN. */
void isc_chart_keep_above_axis     (double              *ys,
                                    guint                n,
                                    double               plot_bottom,
                                    double               line_width);

G_END_DECLS
