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

G_END_DECLS
