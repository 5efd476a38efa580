/* isc-chart.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "isc-chart-layout.h"
#include "isc-chart-model.h"
#include "isc-chart-style.h"
#include "isc-units.h"

G_BEGIN_DECLS

#define ISC_TYPE_CHART (isc_chart_get_type ())

G_DECLARE_FINAL_TYPE (IscChart, isc_chart, ISC, CHART, GObject)

/* One chart: a model, a style, a time zone, and the renderer for the
 * model's kind. The layout and the renderer's device-space paths are
 * computed on the first draw at a size and kept until the model, the
 * style, the time zone or the size change, so drawing again only walks
 * arrays. The window and the export both draw through isc_chart_draw().
 */
IscChart             *isc_chart_new                (IscChartModel       *model);
IscChartModel        *isc_chart_get_model          (IscChart            *self);
void                  isc_chart_set_model          (IscChart            *self,
                                                    IscChartModel       *model);
const IscChartStyle  *isc_chart_get_style          (IscChart            *self);
/* Copies style. */
void                  isc_chart_set_style          (IscChart            *self,
                                                    const IscChartStyle *style);
/* NULL for local time. A UTC zone also puts "UTC" in the header. */
void                  isc_chart_set_time_zone      (IscChart            *self,
                                                    GTimeZone           *tz);
/* Per-column reduction of dense series, on by default. */
void                  isc_chart_set_reduce         (IscChart            *self,
                                                    gboolean             reduce);

/* Draws the chart's background as a card: corners rounded to @radius and
 * a hairline in the style's frame colour around it, for a window that
 * shows each chart on a card of its own (a card the widget would draw
 * costs GSK's cairo renderer a rounded clip and shadows on every frame).
 * Off by default: an export draws plain rectangles. */
void                  isc_chart_set_frame          (IscChart            *self,
                                                    gboolean             framed,
                                                    double               radius);

/* Lines the chart up with others (see IscChartAlignment); NULL for none.
 * A change lays the chart out again on its next draw. */
void                  isc_chart_set_alignment      (IscChart                *self,
                                                    const IscChartAlignment *align);
void                  isc_chart_get_alignment      (IscChart                *self,
                                                    IscChartAlignment       *align);
/* What the chart would take alone at width × height: its gutter (with the
 * plot height it is set to, which decides its value ticks) and its plot
 * height; 0 for either that it has no opinion on (bars, no data). */
void                  isc_chart_get_natural_alignment (IscChart          *self,
                                                    int                  width,
                                                    int                  height,
                                                    IscChartAlignment   *natural);
/* Lines up charts laid out in rows of @columns, chart i in row i / columns
 * and column i % columns, each drawn at widths[i] × heights[i]: every plot
 * of a row as tall as the row's shortest, then every chart of a column
 * with the column's widest gutter. Two passes, each chart laid out at most
 * twice; charts already lined up are not laid out again. A NULL chart
 * holds its cell and has no say. */
void                  isc_chart_align_grid         (IscChart * const    *charts,
                                                    guint                n_charts,
                                                    guint                columns,
                                                    const int           *widths,
                                                    const int           *heights);

/* Lays out for width × height (logical pixels) if needed; returns the
 * layout, owned by the chart, valid until the next change.
 */
const IscChartLayout *isc_chart_ensure_layout      (IscChart            *self,
                                                    int                  width,
                                                    int                  height);
void                  isc_chart_draw               (IscChart            *self,
                                                    cairo_t             *cr,
                                                    int                  width,
                                                    int                  height);
/* A refresh into an image surface: of the range drawn last, only the
 * plot's blocks whose data changed, the others moved with the time axis
 * (isc-chart-pixels.c). */
void                  isc_chart_draw_pixels        (IscChart            *self,
                                                    cairo_t             *cr,
                                                    int                  width,
                                                    int                  height);
int                   isc_chart_get_redrawn_columns (IscChart           *self);
void                  isc_chart_forget_pixels      (IscChart            *self);

/* The step under device x, or -1 (binary search, cheap); within 3 px of
 * a marker's line, the marker's step (isc_chart_get_step_near_time()). */
int                   isc_chart_get_step_at_x      (IscChart            *self,
                                                    int                  width,
                                                    int                  height,
                                                    double               x);
/* The hover cursor at step and a box with each series' value there, drawn
 * on top of a picture from isc_chart_draw(); never redraws the series.
 */
void                  isc_chart_draw_hover         (IscChart            *self,
                                                    cairo_t             *cr,
                                                    int                  width,
                                                    int                  height,
                                                    int                  step);

/* The part of the chart the hover at step covers, in logical pixels, so a
 * widget can draw it into a small surface; FALSE when there is none. */
gboolean              isc_chart_get_hover_area     (IscChart            *self,
                                                    int                  width,
                                                    int                  height,
                                                    int                  step,
                                                    IscChartRect        *area);

/* The hover box's text at step, without markup (the time, then what
 * each marker at the step says, then a line per series), for
 * tests and accessibility; NULL when there is no hover. */
char                 *isc_chart_dup_hover_text     (IscChart            *self,
                                                    int                  width,
                                                    int                  height,
                                                    int                  step);

/* What the markers the hover box at step show say (each one's
 * description, else its label): those within
 * the time axis whose nearest step is @step (as
 * isc_chart_get_step_near_time() chooses), in time order; NULL when
 * none. */
char                **isc_chart_dup_step_markers   (IscChart            *self,
                                                    int                  width,
                                                    int                  height,
                                                    int                  step);

/* The format of the legend, the hover values and the bars. */
const IscValueFormat *isc_chart_get_legend_format  (IscChart            *self,
                                                    int                  width,
                                                    int                  height);

/* A hidden series' legend item is drawn at this opacity. */
#define ISC_CHART_HIDDEN_ALPHA 0.4

/* The series whose legend item is under (x, y), or -1. */
int                   isc_chart_get_legend_item_at   (IscChart          *self,
                                                    int                  width,
                                                    int                  height,
                                                    double               x,
                                                    double               y);

/* The time axis runs over the asked window (the model's start and end:
 * the response's, widened only to hold whole steps), whatever part of it
 * has data, so every chart of one response puts one time at one x. These
 * map between that axis and device x at width × height: any x or time,
 * not only the plot's (an x left of the plot is a time before the
 * window). get_time_at_x rounds to the nearest millisecond, so a time
 * comes back from its x. */
double                isc_chart_get_x_for_time     (IscChart            *self,
                                                    int                  width,
                                                    int                  height,
                                                    gint64               ms);
gint64                isc_chart_get_time_at_x      (IscChart            *self,
                                                    int                  width,
                                                    int                  height,
                                                    double               x);
/* The step whose start is nearest ms, of the steps around it; -1 outside
 * the steps (before the first, at or after the window's end) or for bars. */
int                   isc_chart_get_step_near_time (IscChart            *self,
                                                    gint64               ms);
/* The cursor at time ms, snapped to the chart's own nearest step, drawn on
 * top of a picture from isc_chart_draw(): the line alone, or with the
 * values box as isc_chart_draw_hover() draws it. */
void                  isc_chart_draw_cursor_at     (IscChart            *self,
                                                    cairo_t             *cr,
                                                    int                  width,
                                                    int                  height,
                                                    gint64               ms,
                                                    gboolean             with_values);
/* The cursor line alone at ms, as the rectangle draw_cursor_at() strokes
 * without values (FALSE when there is none): a widget can fill it with
 * the style's cursor colour instead of drawing. */
gboolean              isc_chart_get_cursor_line    (IscChart            *self,
                                                    int                  width,
                                                    int                  height,
                                                    gint64               ms,
                                                    IscChartRect        *line);

/* A rectangle of one colour: what GSK's GPU renderers composite without
 * drawing it on the CPU. */
typedef struct
{
  IscChartRect  rect;
  IscChartColor color;
} IscChartFill;

/* The hover at step as isc_chart_draw_hover() draws it, for a widget that
 * draws it with its toolkit instead: the rectangles of one colour it is
 * made of (the cursor line, the values box, its border and the series'
 * swatches), in order, the first *n_under_text of them under the text,
 * the rest over it; the text (the chart's, valid until the next call)
 * goes with its top-left corner at (*text_x, *text_y), in the style's
 * foreground colour. NULL when there is no hover. */
GArray               *isc_chart_get_hover_fills    (IscChart            *self,
                                                    int                  width,
                                                    int                  height,
                                                    int                  step,
                                                    guint               *n_under_text,
                                                    PangoLayout        **text,
                                                    double              *text_x,
                                                    double              *text_y);

G_END_DECLS
