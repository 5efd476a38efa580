/* isc-chart-style.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-style"

#include "config.h"

#include "isc-chart-style.h"

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0 }
#define RGBA(hex, a) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, (a) }

/* What light and dark share: sizes, fonts, the stack alpha and the hatch.
 * A macro, because a static const initializer cannot copy another struct.
 */
#define SHARED_FIELDS \
  .stack_alpha = 0.80, \
  .hatch = RGBA (0x000000, 0.40), \
  \
  .font_family = "Sans", \
  .title_size = 15.0, \
  .label_size = 11.0, \
  \
  .line_width = 1.5, \
  .median_width = 2.0, \
  .grid_width = 1.0, \
  .dot_radius = 2.5, \
  .cursor_width = 1.0, \
  .dash_length = 5.0, \
  .hatch_spacing = 6.0, \
  \
  .padding = 14.0, \
  .spacing = 6.0, \
  .tick_length = 4.0, \
  .swatch_size = 10.0, \
  .value_tick_spacing = 48.0, \
  .time_tick_spacing = 110.0,

/* Backgrounds and text follow libadwaita's view colours so a chart sits in
 * the window as in an exported file.
 */
static const IscChartStyle light_style = {
  .theme = ISC_CHART_THEME_LIGHT,

  .background = RGB (0xffffff),
  .foreground = RGB (0x241f31),
  .muted = RGB (0x5e5c64),
  .grid = RGBA (0x000000, 0.09),
  .axis = RGBA (0x000000, 0.40),
  .cursor = RGBA (0x241f31, 0.60),
  .tooltip_background = RGBA (0xffffff, 0.94),
  .tooltip_border = RGBA (0x000000, 0.20),

  /* Okabe–Ito, without yellow, which vanishes on white */
  .palette = {
    RGB (0x0072b2), RGB (0xe69f00), RGB (0x009e73), RGB (0xcc79a7),
    RGB (0x56b4e9), RGB (0xd55e00), RGB (0x000000),
  },
  .status = {
    RGB (0x9a9996), RGB (0x9a9996), RGB (0x009e73), RGB (0x0072b2),
    RGB (0xe69f00), RGB (0xd55e00),
  },
  .fan = RGB (0x0072b2),
  .fan_alpha = { 0.42, 0.27, 0.16, 0.09 },
  .average = RGB (0xd55e00),
  SHARED_FIELDS
};

static const IscChartStyle dark_style = {
  .theme = ISC_CHART_THEME_DARK,

  .background = RGB (0x1e1e1e),
  .foreground = RGB (0xffffff),
  .muted = RGB (0xc0bfbc),
  .grid = RGBA (0xffffff, 0.10),
  .axis = RGBA (0xffffff, 0.40),
  .cursor = RGBA (0xffffff, 0.65),
  .tooltip_background = RGBA (0x303030, 0.95),
  .tooltip_border = RGBA (0xffffff, 0.20),

  /* Okabe–Ito, without dark blue and black, which vanish on dark grey */
  .palette = {
    RGB (0x56b4e9), RGB (0xe69f00), RGB (0x009e73), RGB (0xcc79a7),
    RGB (0xf0e442), RGB (0xd55e00), RGB (0xffffff),
  },
  .status = {
    RGB (0x9a9996), RGB (0x9a9996), RGB (0x009e73), RGB (0x56b4e9),
    RGB (0xe69f00), RGB (0xd55e00),
  },
  .fan = RGB (0x56b4e9),
  .fan_alpha = { 0.62, 0.44, 0.30, 0.19 },
  .average = RGB (0xe69f00),
  SHARED_FIELDS
};

const IscChartStyle *
isc_chart_style_get_default (IscChartTheme theme)
{
  return theme == ISC_CHART_THEME_DARK ? &dark_style : &light_style;
}

void
isc_chart_style_set_source (cairo_t             *cr,
                            const IscChartColor *color)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
}

void
isc_chart_style_set_source_alpha (cairo_t             *cr,
                                  const IscChartColor *color,
                                  double               alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * alpha);
}
