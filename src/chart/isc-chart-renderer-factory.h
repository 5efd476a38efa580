/* isc-chart-renderer-factory.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-chart-renderer.h"

G_BEGIN_DECLS

/* The renderer for the model's plot: lines, stacked counter, quantile fan
 * or bars. The one place that knows every kind of renderer, so the
 * abstract base knows none.
 */
IscChartRenderer *isc_chart_renderer_new_for_model (IscChartModel *model);

G_END_DECLS
