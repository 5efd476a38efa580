/* isc-chart-style.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-style"

#include "config.h"

#include <math.h>

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
  .annotation_width = 1.0, \
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
  .reference = RGBA (0x5e5c64, 0.85),
  .marker = RGBA (0x813d9c, 0.80),
  .frame = RGBA (0x000006, 0.14),

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
  /* Bands as far apart as the median line is from the background allows,
   * in even perceptual steps (see ISC_CHART_STYLE_MIN_BAND_DELTA_E) */
  .fan_alpha = { 0.73, 0.54, 0.35, 0.18 },
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
  .reference = RGBA (0xc0bfbc, 0.80),
  .marker = RGBA (0xdc8add, 0.85),
  .frame = RGBA (0xffffff, 0.10),

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
  .fan_alpha = { 0.75, 0.54, 0.34, 0.16 },
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

/* sRGB to CIELAB (D65), the colour taken as opaque. */
static void
color_to_lab (const IscChartColor *color,
              double              *lab)
{
  const double rgb[3] = { color->red, color->green, color->blue };
  double lin[3], xyz[3], f[3];
  static const double white[3] = { 0.95047, 1.0, 1.08883 };

  for (guint i = 0; i < 3; i++)
    lin[i] = rgb[i] <= 0.04045 ? rgb[i] / 12.92 : pow ((rgb[i] + 0.055) / 1.055, 2.4);
  xyz[0] = 0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2];
  xyz[1] = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  xyz[2] = 0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2];
  for (guint i = 0; i < 3; i++)
    {
      double t = xyz[i] / white[i];

      f[i] = t > 216.0 / 24389.0 ? cbrt (t) : (24389.0 / 27.0 * t + 16) / 116;
    }
  lab[0] = 116 * f[1] - 16;
  lab[1] = 500 * (f[0] - f[1]);
  lab[2] = 200 * (f[1] - f[2]);
}

double
isc_chart_color_delta_e (const IscChartColor *a,
                         const IscChartColor *b)
{
  double la[3], lb[3];

  g_return_val_if_fail (a != NULL && b != NULL, 0);

  color_to_lab (a, la);
  color_to_lab (b, lb);
  return sqrt ((la[0] - lb[0]) * (la[0] - lb[0]) +
               (la[1] - lb[1]) * (la[1] - lb[1]) +
               (la[2] - lb[2]) * (la[2] - lb[2]));
}

const IscChartColor *
isc_chart_style_get_palette_color (const IscChartStyle *style,
                                   guint                index)
{
  g_return_val_if_fail (style != NULL, NULL);

  return &style->palette[index % ISC_CHART_STYLE_N_PALETTE];
}

const IscChartColor *
isc_chart_style_get_status_color (const IscChartStyle *style,
                                  guint                status_class)
{
  g_return_val_if_fail (style != NULL, NULL);

  return &style->status[MIN (status_class, 5)];
}

void
isc_chart_style_get_band_color (const IscChartStyle *style,
                                guint                level,
                                IscChartColor       *color)
{
  double a;

  g_return_if_fail (style != NULL);
  g_return_if_fail (color != NULL);

  a = style->fan_alpha[MIN (level, ISC_CHART_STYLE_N_FAN - 1)];
  color->red = style->fan.red * a + style->background.red * (1 - a);
  color->green = style->fan.green * a + style->background.green * (1 - a);
  color->blue = style->fan.blue * a + style->background.blue * (1 - a);
  color->alpha = 1.0;
}

void
isc_chart_style_get_compare_color (const IscChartStyle *style,
                                   const IscChartColor *base,
                                   IscChartColor       *color)
{
  const double mix = 1.0 / 3.0;

  g_return_if_fail (style != NULL);
  g_return_if_fail (base != NULL);
  g_return_if_fail (color != NULL);

  color->red = base->red * (1 - mix) + style->foreground.red * mix;
  color->green = base->green * (1 - mix) + style->foreground.green * mix;
  color->blue = base->blue * (1 - mix) + style->foreground.blue * mix;
  color->alpha = 1.0;
}
