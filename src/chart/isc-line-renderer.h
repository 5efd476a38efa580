/* isc-line-renderer.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-chart-renderer.h"

G_BEGIN_DECLS

/* Lines, one per label set: GAUGE, unknown kinds, other label shapes. */

#define ISC_TYPE_LINE_RENDERER (isc_line_renderer_get_type ())

G_DECLARE_FINAL_TYPE (IscLineRenderer, isc_line_renderer, ISC, LINE_RENDERER, IscChartRenderer)

G_END_DECLS
