/* isc-tiles-page-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-tiles-page.h"

G_BEGIN_DECLS

/* IscTilesPage is written in two files that share this header:
 * isc-tiles-page.c (the page: which tiles a response makes, and its
 * properties) and isc-tiles-page-tile.c (one tile: its shape, its
 * widgets, its values and its trend line).
 */

typedef enum
{
  TILE_PLAIN,      /* one value: a gauge, a plain counter */
  TILE_STATUS,     /* a counter by status class: total rate and error shares */
  TILE_QUANTILES,  /* a histogram: a quantile large, then quantiles and average */
  TILE_LABEL_SETS, /* a gauge of several label sets: one line each */
} TileShape;

typedef struct
{
  /* Widgets, owned by the flow box */
  GtkWidget  *child;
  GtkWidget  *card;
  GtkWidget  *title;
  GtkWidget  *value;
  GtkWidget  *note;
  GtkWidget  *details;
  GtkWidget  *trend;
  GPtrArray  *detail_labels;   /* GtkLabel, borrowed */

  /* What the tile is for: a refresh with the same signature updates it */
  char       *name;
  char       *signature;
  TileShape   shape;

  /* The trend, scaled when the data changes: heights in [0, 1], NaN gaps */
  double     *trend_y;
  guint       n_trend;
} Tile;

struct _IscTilesPage
{
  AdwBin              parent_instance;

  /* Widgets */
  GtkScrolledWindow  *scroller;
  GtkFlowBox         *flow_box;

  /* Owned references */
  IscMetricsResponse *current;
  IscMetricsResponse *trend;
  GPtrArray          *tiles;       /* Tile */

  /* Display switches */
  gboolean            counters_as_totals;
  int                 replica_min;
  int                 replica_max;
};

/* isc-tiles-page-tile.c */

/* What the tile of @metric is for: a refresh with the same signature
 * updates the tile rather than making it again. */
char *_isc_tile_metric_signature (const IscMetric          *metric);
Tile *_isc_tile_new              (const IscMetric          *metric);
/* A GDestroyNotify for a Tile. */
void  _isc_tile_free             (gpointer                  data);
/* Shows @metric's current values in @tile, as @self displays them. */
void  _isc_tile_update           (IscTilesPage             *self,
                                  Tile                     *tile,
                                  const IscMetric          *metric);
/* The tile's trend line, from @trend's series of its metric (nullable). */
void  _isc_tile_set_trend        (Tile                     *tile,
                                  IscMetricsResponse       *trend);

G_END_DECLS
