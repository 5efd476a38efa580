/* isc-chart-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-chart.h"

G_BEGIN_DECLS

/* The chart's state, shared by its drawing (isc-chart.c) and its pointer
 * (isc-chart-hover.c). */
struct _IscChart
{
  GObject            parent_instance;

  /* Owned references */
  IscChartModel     *model;
  IscChartRenderer  *renderer;
  GTimeZone         *tz;
  gboolean           utc;    /* tz was set and is UTC: the header says so */
  PangoContext      *pango;

  /* Owned state, rebuilt when the model, style, zone or size change */
  IscChartLayout    *layout;
  /* The renderer's and compare_paths' shapes are of layout: made when
   * it is first drawn (isc_chart_draw()) */
  gboolean           prepared;
  PangoLayout       *hover_text;
  int                hover_step;
  /* The compared series' lines, one GArray of IscChartPoint each, in
   * the model's compare order (isc-chart-compare.c) */
  GPtrArray         *compare_paths;

  IscChartStyle      style;
  IscChartAlignment  align;
  double             frame_radius;
  guint              reduce : 1;
  guint              framed : 1;

  /* The plot's pixels of the last isc_chart_draw_pixels(), with the
   * layout (owned, unless it is still layout) and the model they show
   * (isc-chart-pixels.c) */
  cairo_surface_t   *pixels;
  IscChartRect       pixels_rect;
  double             pixels_scale;
  IscChartLayout    *pixels_layout;
  IscChartModel     *pixels_model;
  int                redrawn;
  /* The range and size of the last isc_chart_draw_pixels() */
  gint64             last_span;
  int                last_width;
  int                last_height;
};

/* A series' swatch with its top-left corner at (x, y), as the legend
 * draws it; the hover box draws the same. */
void isc_chart_draw_swatch      (IscChart *self,
                                 cairo_t  *cr,
                                 guint     series,
                                 double    x,
                                 double    y);
/* The same swatch as the rectangles of one colour it is, added to
 * fills (of IscChartFill). */
void isc_chart_add_swatch_fills (IscChart *self,
                                 guint     series,
                                 double    x,
                                 double    y,
                                 GArray   *fills);
/* fills (of IscChartFill) filled in order. */
void isc_chart_draw_fills       (cairo_t  *cr,
                                 GArray   *fills);

/* isc-chart.c: the picture in its layers. Under: the frame, the title,
 * then the base (the grid, the series, the compared lines and the
 * annotations' lines, which inside the plot keep their place on the time
 * axis); top: what is drawn over it (labels, arrows, clip marks, legend). */
void     _isc_chart_ensure_prepared (IscChart             *self,
                                     const IscChartLayout *layout);
gboolean _isc_chart_draw_under      (IscChart             *self,
                                     cairo_t              *cr,
                                     int                   width,
                                     int                   height,
                                     const IscChartLayout *layout,
                                     gboolean              with_plot);
void     _isc_chart_draw_base       (IscChart             *self,
                                     cairo_t              *cr,
                                     const IscChartLayout *layout);
void     _isc_chart_draw_top        (IscChart             *self,
                                     cairo_t              *cr,
                                     const IscChartLayout *layout);

/* isc-chart-pixels.c: lets go of the kept pixels (a new style, zone or
 * hidden set: what they show is no longer what a draw would). */
void     _isc_chart_drop_pixels     (IscChart             *self);


/* isc-chart-compare.c: the compared series' dashed lines, prepared
 * with the layout and drawn over the series. */
void _isc_chart_prepare_compare (IscChart             *self,
                                 const IscChartLayout *layout);
void _isc_chart_draw_compare    (IscChart             *self,
                                 cairo_t              *cr,
                                 const IscChartLayout *layout);

/* For tests: what the axes and the legend say and how the chart is drawn.
 * The value axis' labels (NULL-terminated, in the one format of the
 * axis), that format, the time axis' labels, the legend's texts and a
 * series' colour. */
GStrv                 isc_chart_dup_value_labels     (IscChart          *self,
                                                      int                width,
                                                      int                height);
const IscValueFormat *isc_chart_get_value_format     (IscChart          *self,
                                                      int                width,
                                                      int                height);
GStrv                 isc_chart_dup_time_labels      (IscChart          *self,
                                                      int                width,
                                                      int                height);
GStrv                 isc_chart_dup_legend_texts     (IscChart          *self,
                                                      int                width,
                                                      int                height);
void                  isc_chart_get_series_color     (IscChart          *self,
                                                      guint              series,
                                                      IscChartColor     *color);
/* Where the legend item of a series lies (FALSE when there is none). */
gboolean              isc_chart_get_legend_item_area (IscChart          *self,
                                                      int                width,
                                                      int                height,
                                                      guint              series,
                                                      IscChartRect      *area);
/* What isc_chart_draw_cursor_at() covers (FALSE when nothing: no step
 * near ms). */
gboolean              isc_chart_get_cursor_area      (IscChart          *self,
                                                      int                width,
                                                      int                height,
                                                      gint64             ms,
                                                      gboolean           with_values,
                                                      IscChartRect      *area);

G_END_DECLS
