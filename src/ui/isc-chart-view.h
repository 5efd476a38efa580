/* isc-chart-view.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "isc-chart.h"

G_BEGIN_DECLS

#define ISC_TYPE_CHART_VIEW (isc_chart_view_get_type ())

G_DECLARE_FINAL_TYPE (IscChartView, isc_chart_view, ISC, CHART_VIEW, GtkWidget)

/* One chart in the window. The chart layer draws the whole chart once into
 * a render node, kept until the model, the size or the theme change; moving
 * the pointer only adds the hover cursor and the values at that time on
 * top, so the series are never redrawn for it.
 */
GtkWidget     *isc_chart_view_new            (IscChartModel *model);
IscChartModel *isc_chart_view_get_model      (IscChartView  *self);
void           isc_chart_view_set_model      (IscChartView  *self,
                                              IscChartModel *model);
IscChart      *isc_chart_view_get_chart      (IscChartView  *self);
/* The step under the pointer, or -1. */
int            isc_chart_view_get_hover_step (IscChartView  *self);
/* Times in UTC rather than local time. */
gboolean       isc_chart_view_get_use_utc    (IscChartView  *self);
void           isc_chart_view_set_use_utc    (IscChartView  *self,
                                              gboolean       use_utc);
/* The chart's menu (right click, long press, Menu, Shift+F10): Export
 * Image…, Copy Image, Copy Data, Hide Chart, actions of the view's
 * "chart" group (chart.export, chart.copy-image, chart.copy-data,
 * chart.hide; Hide Chart asks the window's win.hide-chart). */
GMenuModel    *isc_chart_view_get_menu_model (IscChartView  *self);
GtkPopover    *isc_chart_view_get_menu       (IscChartView  *self);
/* With the focus (its shortcut controller is named "chart-keys"),
 * Left/Right move the cursor a step and show the values box there,
 * Home/End to the first and last steps; with Shift they select a span,
 * drawn as a drag's band, which Enter zooms to as a drag's release does
 * and Escape drops; Enter with no span opens the menu. The accessible
 * description says the range, the unit and each shown series' last,
 * minimum and maximum, and what is under the keyboard's cursor. */
char          *isc_chart_view_dup_description (IscChartView *self);
/* How many times the series were drawn: for tests of the cache. */
guint          isc_chart_view_get_n_renders  (IscChartView  *self);

/* Series toggles, as a click (@isolate FALSE) or a Ctrl+click (TRUE) on
 * the legend item of @series does them. */
void           isc_chart_view_toggle_series  (IscChartView  *self,
                                              guint          series,
                                              gboolean       isolate);
/* The hidden series, by metric name and series label, kept across new
 * models for the same metric; views given one set share it. */
GHashTable    *isc_chart_view_new_hidden_series (void);
void           isc_chart_view_set_hidden_series (IscChartView *self,
                                                 GHashTable   *hidden);

/* "cursor-time" (epoch ms, -1 for none): the time of the cursor line the
 * view draws, snapped to its own nearest step. The pointer over the view
 * sets it (and the view then shows the values box there too); the charts
 * page copies it to its other charts, which draw the line alone. Setting
 * it redraws only the cursor's node, never the series. */
gint64         isc_chart_view_get_cursor_time (IscChartView *self);
void           isc_chart_view_set_cursor_time (IscChartView *self,
                                               gint64        ms);
/* Shows the picture scaled so that [start_ms, end_ms) fills the plot, at
 * once and without drawing the series again, until the next model (the
 * one of that range, as a zoom loads it) replaces it. A drag over the
 * plot does this to its own view, emits "range-selected" (start_ms,
 * end_ms, gint64 each) so that the page does it to the others, and then
 * activates "win.zoom-to" with "(xx)". A double-click on the plot
 * activates "win.zoom-out"; Escape during a drag cancels it. */
void           isc_chart_view_show_range      (IscChartView *self,
                                               gint64        start_ms,
                                               gint64        end_ms);
/* The range the picture shows: TRUE and the range of show_range while it
 * is scaled, else FALSE and the model's window. */
gboolean       isc_chart_view_get_shown_range (IscChartView *self,
                                               gint64       *start_ms,
                                               gint64       *end_ms);
/* The drag's band, or the keyboard's selection (Shift+Left/Right), from
 * x0 to x1 in widget pixels: FALSE when none. */
gboolean       isc_chart_view_get_band        (IscChartView *self,
                                               double       *x0,
                                               double       *x1);

G_END_DECLS
