/* isc-fan-renderer.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-chart-renderer.h"

G_BEGIN_DECLS

/* A HISTOGRAM as a quantile fan: nested bands lighter outward, a solid median, the average dashed. */

#define ISC_TYPE_FAN_RENDERER (isc_fan_renderer_get_type ())

G_DECLARE_FINAL_TYPE (IscFanRenderer, isc_fan_renderer, ISC, FAN_RENDERER, IscChartRenderer)

G_END_DECLS
