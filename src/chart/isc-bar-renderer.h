/* isc-bar-renderer.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-chart-renderer.h"

G_BEGIN_DECLS

/* A single value set (SUMMARY, CURRENT): one labelled bar per label set. */

#define ISC_TYPE_BAR_RENDERER (isc_bar_renderer_get_type ())

G_DECLARE_FINAL_TYPE (IscBarRenderer, isc_bar_renderer, ISC, BAR_RENDERER, IscChartRenderer)

G_END_DECLS
