/* isc-chart-types.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The types and shared enums of the chart layer. The chart layer draws on a
 * cairo_t of a given size with cairo and pango only, so the window and every
 * exported file show the same picture. The GTypes of these enums, of
 * IscChartSeriesRole and of IscChartExportError come from
 * gnome.mkenums_simple() in meson.build (isc-chart-enums.h).
 */

typedef enum
{
  ISC_CHART_THEME_LIGHT,
  ISC_CHART_THEME_DARK,
} IscChartTheme;

/* How a COUNTER reads: each value is the total within its step. */
typedef enum
{
  ISC_COUNTER_DISPLAY_RATE,    /* value ÷ step length, per second */
  ISC_COUNTER_DISPLAY_TOTALS,  /* per-step totals as sent */
} IscCounterDisplay;

typedef enum
{
  ISC_CHART_FORMAT_PNG,
  ISC_CHART_FORMAT_SVG,
  ISC_CHART_FORMAT_PDF,
} IscChartFormat;

/* How a metric is drawn, chosen from its kind, its label sets and the
 * number of value sets.
 */
typedef enum
{
  ISC_CHART_PLOT_LINES,    /* GAUGE, unknown kinds, other label shapes */
  ISC_CHART_PLOT_STACKED,  /* COUNTER */
  ISC_CHART_PLOT_FAN,      /* HISTOGRAM with quantile label sets */
  ISC_CHART_PLOT_BARS,     /* a single value set: SUMMARY, CURRENT */
} IscChartPlot;

typedef struct _IscChart         IscChart;
typedef struct _IscChartModel    IscChartModel;
typedef struct _IscChartRenderer IscChartRenderer;
typedef struct _IscChartLayout   IscChartLayout;
typedef struct _IscChartStyle    IscChartStyle;

G_END_DECLS
