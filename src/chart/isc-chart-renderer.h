/* isc-chart-renderer.h
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

G_BEGIN_DECLS

#define ISC_TYPE_CHART_RENDERER (isc_chart_renderer_get_type ())

G_DECLARE_DERIVABLE_TYPE (IscChartRenderer, isc_chart_renderer, ISC, CHART_RENDERER, GObject)

/* Draws the series of one kind of chart. prepare() runs when the data, the
 * size or the style change and turns the model's values into device-space
 * paths (reduced per pixel column); draw() only walks those paths.
 */
struct _IscChartRendererClass
{
  GObjectClass parent_class;

  void (*prepare)          (IscChartRenderer     *self,
                            IscChartModel        *model,
                            const IscChartLayout *layout,
                            const IscChartStyle  *style);
  void (*draw)             (IscChartRenderer     *self,
                            cairo_t              *cr,
                            IscChartModel        *model,
                            const IscChartLayout *layout,
                            const IscChartStyle  *style);
  void (*get_series_color) (IscChartRenderer     *self,
                            IscChartModel        *model,
                            const IscChartStyle  *style,
                            guint                 series,
                            IscChartColor        *color);

  /*< private >*/
  gpointer _reserved[8];
};

/* Steps that hold only part of their interval (the model's incomplete
 * steps) are drawn so they cannot be read as a fall: at this share of the
 * series' opacity, lines and edges dashed with set_partial_dash(). */
#define ISC_CHART_PARTIAL_ALPHA 0.45

void              isc_chart_renderer_set_partial_dash (cairo_t             *cr,
                                                       const IscChartStyle *style);

void              isc_chart_renderer_prepare       (IscChartRenderer     *self,
                                                    IscChartModel        *model,
                                                    const IscChartLayout *layout,
                                                    const IscChartStyle  *style);
void              isc_chart_renderer_draw          (IscChartRenderer     *self,
                                                    cairo_t              *cr,
                                                    IscChartModel        *model,
                                                    const IscChartLayout *layout,
                                                    const IscChartStyle  *style);
/* The colour a series is drawn in, for legends, tooltips and tests. */
void              isc_chart_renderer_get_series_color (IscChartRenderer  *self,
                                                       IscChartModel     *model,
                                                       const IscChartStyle *style,
                                                       guint              series,
                                                       IscChartColor     *color);

G_END_DECLS
