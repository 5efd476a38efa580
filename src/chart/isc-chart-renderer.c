/* isc-chart-renderer.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-renderer"

#include "config.h"

#include "isc-chart-renderer.h"

G_DEFINE_ABSTRACT_TYPE (IscChartRenderer, isc_chart_renderer, G_TYPE_OBJECT)

static void
isc_chart_renderer_real_get_series_color (IscChartRenderer    *self,
                                          IscChartModel       *model,
                                          const IscChartStyle *style,
                                          guint                series,
                                          IscChartColor       *color)
{
  const IscChartSeries *cs = isc_chart_model_get_series (model, series);

  /* A status class has its colour on every kind of chart, so the 5xx of
   * the error rate's lines is the 5xx of the stack above it. */
  if (cs->role == ISC_CHART_SERIES_STATUS)
    *color = *isc_chart_style_get_status_color (style, cs->status_class);
  else
    *color = *isc_chart_style_get_palette_color (style, cs->color_index);
}

/**
 * isc_chart_renderer_set_partial_dash:
 * @cr: where the incomplete steps are drawn
 * @style: the chart's style
 *
 * Short dashes, unlike the average's longer ones, for a line or an edge
 * across incomplete steps.
 */
void
isc_chart_renderer_set_partial_dash (cairo_t             *cr,
                                     const IscChartStyle *style)
{
  double dashes[2] = { style->dash_length * 0.6, style->dash_length * 0.6 };

  cairo_set_dash (cr, dashes, 2, 0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
}

static void
isc_chart_renderer_class_init (IscChartRendererClass *klass)
{
  klass->get_series_color = isc_chart_renderer_real_get_series_color;
}

static void
isc_chart_renderer_init (IscChartRenderer *self)
{
}

void
isc_chart_renderer_prepare (IscChartRenderer     *self,
                            IscChartModel        *model,
                            const IscChartLayout *layout,
                            const IscChartStyle  *style)
{
  g_return_if_fail (ISC_IS_CHART_RENDERER (self));

  ISC_CHART_RENDERER_GET_CLASS (self)->prepare (self, model, layout, style);
}

void
isc_chart_renderer_draw (IscChartRenderer     *self,
                         cairo_t              *cr,
                         IscChartModel        *model,
                         const IscChartLayout *layout,
                         const IscChartStyle  *style)
{
  g_return_if_fail (ISC_IS_CHART_RENDERER (self));

  ISC_CHART_RENDERER_GET_CLASS (self)->draw (self, cr, model, layout, style);
}

void
isc_chart_renderer_get_series_color (IscChartRenderer    *self,
                                     IscChartModel       *model,
                                     const IscChartStyle *style,
                                     guint                series,
                                     IscChartColor       *color)
{
  IscChartColor base;
  int source;

  g_return_if_fail (ISC_IS_CHART_RENDERER (self));

  if (!isc_chart_model_is_compare (model, series))
    {
      ISC_CHART_RENDERER_GET_CLASS (self)->get_series_color (self, model, style, series, color);
      return;
    }

  /* A compared series takes the hue of the series it overlays. */
  source = isc_chart_model_get_compare_source (model, series);
  if (source >= 0)
    ISC_CHART_RENDERER_GET_CLASS (self)->get_series_color (self, model, style, source, &base);
  else
    isc_chart_renderer_real_get_series_color (self, model, style, series, &base);
  isc_chart_style_get_compare_color (style, &base, color);
}
