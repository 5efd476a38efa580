/* isc-chart-renderer-factory.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-renderer"

#include "config.h"

#include "isc-bar-renderer.h"
#include "isc-chart-renderer-factory.h"
#include "isc-fan-renderer.h"
#include "isc-line-renderer.h"
#include "isc-stacked-renderer.h"

IscChartRenderer *
isc_chart_renderer_new_for_model (IscChartModel *model)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (model), NULL);

  switch (isc_chart_model_get_plot (model))
    {
    case ISC_CHART_PLOT_STACKED:
      return g_object_new (ISC_TYPE_STACKED_RENDERER, NULL);
    case ISC_CHART_PLOT_FAN:
      return g_object_new (ISC_TYPE_FAN_RENDERER, NULL);
    case ISC_CHART_PLOT_BARS:
      return g_object_new (ISC_TYPE_BAR_RENDERER, NULL);
    case ISC_CHART_PLOT_LINES:
    default:
      return g_object_new (ISC_TYPE_LINE_RENDERER, NULL);
    }
}
