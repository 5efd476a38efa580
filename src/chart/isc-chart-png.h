/* isc-chart-png.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Encodes an opaque image surface (RGB24, or ARGB32 read as opaque) as an
 * RGB PNG. Charts are large flat areas: every row is filtered against the
 * one above ("Up") and deflated fast, which writes a chart of 1600×900 in a
 * fraction of the time cairo's general PNG writer takes, at a similar size.
 * A pHYs chunk records pixels_per_inch (96 × the export scale), so a viewer
 * or a printer knows the intended size. NULL if the surface is not an
 * image or compression fails.
 */
GBytes *isc_chart_png_encode (cairo_surface_t *surface,
                              double           pixels_per_inch,
                              GError         **error);

G_END_DECLS
