/* isc-chart-style.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "isc-chart-types.h"

G_BEGIN_DECLS

typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} IscChartColor;

#define ISC_CHART_STYLE_N_PALETTE 7
#define ISC_CHART_STYLE_N_FAN     4

/* The least colour difference (CIE 1976 ΔE*ab, in CIELAB under D65)
 * between neighbours in a fan as drawn: the median line, each band
 * composited over the background from the innermost out, and the
 * background. About 2.3 is just noticeable side by side; 12 reads as
 * another shade at a glance, in both themes. WCAG's contrast ratio is made
 * for text on its background (4.5 : 1) and cannot hold between five
 * shades of one hue. */
#define ISC_CHART_STYLE_MIN_BAND_DELTA_E 12.0

/* Everything a chart's look depends on, as one plain struct: copy it, change
 * a field, hand it to a chart. Sizes are in logical pixels; a scale factor
 * (HiDPI, print) is applied to the cairo_t, never to these.
 *
 * The categorical palette is Okabe and Ito's, which stays distinguishable
 * for the common forms of colour blindness. Status classes use the same
 * family (2xx bluish green, 3xx blue, 4xx amber, 5xx vermillion), differ in
 * lightness too, and 5xx is hatched so errors read without colour at all.
 */
struct _IscChartStyle
{
  IscChartTheme  theme;

  /* Surfaces and text */
  IscChartColor  background;
  IscChartColor  foreground;
  IscChartColor  muted;
  IscChartColor  grid;
  IscChartColor  axis;
  IscChartColor  cursor;
  IscChartColor  tooltip_background;
  IscChartColor  tooltip_border;
  /* Annotations (isc-chart-annotations.h): the dashed reference lines of
   * the target's settings and the rollout markers, with their labels. */
  IscChartColor  reference;
  IscChartColor  marker;
  /* The hairline around a chart drawn with a frame (isc_chart_set_frame()) */
  IscChartColor  frame;

  /* Series */
  IscChartColor  palette[ISC_CHART_STYLE_N_PALETTE];
  IscChartColor  status[6];             /* [0] other, [1] 1xx … [5] 5xx */
  IscChartColor  fan;                   /* the quantile fan's hue and median line */
  double         fan_alpha[ISC_CHART_STYLE_N_FAN];  /* innermost band first */
  IscChartColor  average;               /* the dashed {"stat":"avg"} line */
  double         stack_alpha;
  IscChartColor  hatch;                 /* the 5xx pattern */

  /* Fonts */
  const char    *font_family;
  double         title_size;
  double         label_size;

  /* Lines */
  double         line_width;
  double         median_width;
  double         grid_width;
  double         dot_radius;
  double         cursor_width;
  double         dash_length;
  double         hatch_spacing;
  double         annotation_width;      /* reference lines and markers */

  /* Spacing */
  double         padding;
  double         spacing;
  double         tick_length;
  double         swatch_size;
  double         value_tick_spacing;    /* wanted pixels between value ticks */
  double         time_tick_spacing;     /* wanted pixels between time ticks */
};

const IscChartStyle *isc_chart_style_get_default (IscChartTheme        theme);
void                 isc_chart_style_set_source  (cairo_t             *cr,
                                                  const IscChartColor *color);
void                 isc_chart_style_set_source_alpha (cairo_t             *cr,
                                                       const IscChartColor *color,
                                                       double               alpha);
/* The categorical palette's colour for a series at @index (into the
 * model's series): the palette repeats after ISC_CHART_STYLE_N_PALETTE. */
const IscChartColor *isc_chart_style_get_palette_color (const IscChartStyle *style,
                                                        guint                index);
/* A status class' colour: 1 … 5 for 1xx … 5xx, 0 for any other status. */
const IscChartColor *isc_chart_style_get_status_color  (const IscChartStyle *style,
                                                        guint                status_class);
/* A fan band's colour as drawn, opaque: the fan's hue at fan_alpha[level]
 * (the last for deeper levels) over the background. */
void                 isc_chart_style_get_band_color (const IscChartStyle *style,
                                                     guint                level,
                                                     IscChartColor       *color);
/* A compared series' colour (isc_chart_model_set_compare()): @base,
 * opaque, a third of the way to the foreground, so its dashed line
 * reads over its own series' band in the same hue. */
void                 isc_chart_style_get_compare_color (const IscChartStyle *style,
                                                        const IscChartColor *base,
                                                        IscChartColor       *color);
/* CIE 1976 ΔE*ab between two colours taken as opaque sRGB. */
double               isc_chart_color_delta_e        (const IscChartColor *a,
                                                     const IscChartColor *b);

G_END_DECLS
