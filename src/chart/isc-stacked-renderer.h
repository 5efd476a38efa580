/* isc-stacked-renderer.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-chart-renderer.h"

G_BEGIN_DECLS

/* A COUNTER: label sets stacked, status classes in their colours, 5xx hatched. */

#define ISC_TYPE_STACKED_RENDERER (isc_stacked_renderer_get_type ())

G_DECLARE_FINAL_TYPE (IscStackedRenderer, isc_stacked_renderer, ISC, STACKED_RENDERER, IscChartRenderer)

G_END_DECLS
