/* isc-chart-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-chart.h"

G_BEGIN_DECLS

/* The chart's state, shared by its drawing (isc-chart.c) and its pointer
 * (isc-chart-hover.c). */
struct _IscChart
{
  GObject            parent_instance;

  /* Owned references */
  IscChartModel     *model;
  IscChartRenderer  *renderer;
  GTimeZone         *tz;
  gboolean           utc;    /* tz was set and is UTC: the header says so */
  PangoContext      *pango;

  /* Owned state, rebuilt when the model, style, zone or size change */
  IscChartLayout    *layout;
  PangoLayout       *hover_text;
  int                hover_step;

  IscChartStyle      style;
  IscChartAlignment  align;
  guint              reduce : 1;
};

/* A series' swatch with its top-left corner at (x, y), as the legend
 * draws it; the hover box draws the same. */
void isc_chart_draw_swatch (IscChart *self,
                            cairo_t  *cr,
                            guint     series,
                            double    x,
                            double    y);

G_END_DECLS
