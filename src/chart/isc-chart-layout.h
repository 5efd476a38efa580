/* isc-chart-layout.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <pango/pangocairo.h>

#include "isc-chart-model.h"
#include "isc-chart-style.h"
#include "isc-time-ticks.h"
#include "isc-units.h"

G_BEGIN_DECLS

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} IscChartRect;

/* A piece of text placed at its top-left corner. */
typedef struct
{
  PangoLayout *layout;
  double       x;
  double       y;
} IscChartText;

typedef struct
{
  double        pos;    /* device y of a value tick, device x of a time tick */
  IscChartText  text;   /* a time tick's layout is NULL when its label would
                         * touch a neighbour's: the tick stays, unlabelled */
} IscChartTick;

typedef struct
{
  guint         series;  /* index into the model's series */
  double        swatch_x;
  double        swatch_y;
  IscChartText  text;
  gboolean      hidden;  /* the series is hidden: drawn dimmed */
  double        width;   /* the item's box from swatch_x, swatch_y … */
  double        height;  /* … to the end of its text, and its row's height */
  double        y;       /* the top of its row */
} IscChartLegendItem;

/* How a chart lines up with its neighbours in a grid (see
 * isc_chart_align_grid()): the plot's left edge at least @gutter logical
 * pixels from the chart's left edge, so that every chart of a column puts
 * one time at one x; and the plot at most @plot_height tall, so that every
 * plot of a row has the same height whatever its legend takes (the legend
 * then follows the time axis, and the space left over stays under it).
 * 0 leaves either as the chart alone would have it.
 */
typedef struct
{
  double gutter;
  double plot_height;
} IscChartAlignment;

/* A run of steps above a soft maximum, marked at the plot's top at the
 * run's highest step with that step's value. */
typedef struct
{
  double        x;      /* device x of the highest step */
  double        value;
  IscChartText  text;   /* its value, right of the mark */
} IscChartClipMark;

/* A reference line of the model (isc_chart_model_set_references()) as
 * placed: at its value's y when the value axis holds it, else an arrow
 * at the plot's top edge (above), and its label at the plot's right
 * edge; a label that finds no room is left out (NULL layout), its line
 * stays. */
typedef struct
{
  double        value;
  double        y;      /* device y of the line, the plot's top when above */
  gboolean      above;  /* beyond the value axis: an arrow mark */
  IscChartText  text;   /* "max 5", "GPU memory limit 80 GiB" */
  /* A stepped line (IscChartReference's steps): n_points device points
   * to join, the line's y at the end as above; 0 for a straight line. */
  guint         n_points;
  double       *xs;
  double       *ys;
  /* Each earlier value's label ("max 16") at the start of its segment,
   * where the segment is wide enough: IscChartText, or NULL. */
  GArray       *step_texts;
} IscChartReferenceLine;

/* A rollout marker within the time axis, with its label at the plot's
 * top, right of the line (left of it near the right edge), in the first
 * of three rows where it touches no other label; else without label. */
typedef struct
{
  gint64        time_ms;
  double        x;      /* device x, isc_chart_layout_x_for_ms() on a pixel centre */
  IscChartText  text;
} IscChartMarkerLine;

/* How far a reference line may reach above the data and still be in the
 * value axis: up to this many times the data's height above the axis'
 * bottom, so the data keep at least half of the plot. A limit further up
 * is an arrow at the top edge. */
#define ISC_CHART_REFERENCE_REACH 2.0

/* Everything that depends on the size and the style, computed once when
 * either changes: the plot rectangle, the axes' ticks and their text, the
 * header, the legend, and each step's device x. Drawing only reads it.
 */
struct _IscChartLayout
{
  int             width;
  int             height;
  gboolean        reduce;
  /* As many steps as pixel columns or more: bands fill as column boxes
   * and lines join with bevels (round joins on a zigzag of four points a
   * column cost much and show nothing). */
  gboolean        dense;

  IscChartRect    plot;
  gint64          x_min;
  gint64          x_max;
  double          y_min;
  double          y_max;
  double         *step_x;     /* n_steps device x, at each step's start */

  IscChartText    title;
  IscChartText    subtitle;
  IscChartText    message;    /* "No data in this range", or no layout */

  IscValueTicks  *value_ticks;
  /* The legend, the hover box and the bars read values more precisely
   * than the axis' round ticks: three significant digits, in a unit
   * chosen once for the whole range. */
  IscValueFormat  value_format;
  IscTimeTicks   *time_ticks;
  GArray         *value_tick_items;  /* IscChartTick */
  GArray         *time_tick_items;   /* IscChartTick */
  GArray         *legend;            /* IscChartLegendItem */
  /* A lone spike (isc_outliers_find_soft_max) stops the value axis at the
   * rest's top: clip_max is then the highest value, NaN when nothing is
   * clipped, and each clipped run has a mark. */
  double          clip_max;
  GArray         *clip_marks;        /* IscChartClipMark */
  /* The model's annotations as placed (none for bars or no data). */
  GArray         *references;        /* IscChartReferenceLine */
  GArray         *markers;           /* IscChartMarkerLine */

  PangoContext   *pango;

  /* What the chart would take alone, before any alignment: the plot's
   * left edge (the gutter; with the plot height asked for) and the plot's
   * height. 0 for a chart without a time axis (bars, no data). */
  double          natural_gutter;
  double          natural_plot_height;
  GTimeZone      *tz;        /* of the time axis */
};

IscChartLayout *isc_chart_layout_new          (IscChartModel       *model,
                                               const IscChartStyle *style,
                                               PangoContext        *pango,
                                               GTimeZone           *tz,
                                               gboolean             utc,
                                               int                  width,
                                               int                  height,
                                               gboolean             reduce);
/* The same, lined up as @align says (NULL: not at all). */
IscChartLayout *isc_chart_layout_new_aligned  (IscChartModel            *model,
                                               const IscChartStyle      *style,
                                               PangoContext             *pango,
                                               GTimeZone                *tz,
                                               gboolean                  utc,
                                               int                       width,
                                               int                       height,
                                               gboolean                  reduce,
                                               const IscChartAlignment  *align);
void            isc_chart_layout_free         (IscChartLayout      *layout);
double          isc_chart_layout_x_for_ms     (const IscChartLayout *layout,
                                               gint64                ms);
gint64          isc_chart_layout_ms_for_x     (const IscChartLayout *layout,
                                               double                x);
gint64          isc_chart_layout_time_at_x    (const IscChartLayout *layout,
                                               double                x,
                                               gboolean              nearest);
gboolean        isc_chart_layout_get_x_origin (const IscChartLayout *layout,
                                               double               *origin);
double          isc_chart_layout_get_x_anchor (const IscChartLayout *layout);
double          isc_chart_layout_y_for_value  (const IscChartLayout *layout,
                                               double                value);
/* Maps n values to device y, NaN staying NaN. */
void            isc_chart_layout_map_values   (const IscChartLayout *layout,
                                               const double         *values,
                                               guint                 n,
                                               double               *ys);
void            isc_chart_text_draw           (cairo_t              *cr,
                                               const IscChartText   *text);
PangoLayout    *isc_chart_layout_create_text  (PangoContext         *pango,
                                               const IscChartStyle  *style,
                                               double                size,
                                               gboolean              bold,
                                               const char           *markup);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscChartLayout, isc_chart_layout_free)

G_END_DECLS
