/* isc-tiles-page.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-metrics-response.h"

G_BEGIN_DECLS

#define ISC_TYPE_TILES_PAGE (isc_tiles_page_get_type ())

G_DECLARE_FINAL_TYPE (IscTilesPage, isc_tiles_page, ISC, TILES_PAGE, AdwBin)

/* The Now mode: one tile per metric of a CURRENT response, in a wrapping
 * flow box (one column at 360 px, more when wide) that scrolls. A tile
 * shows the catalogue's title, the value in its unit, large, details where
 * the kind has them (a histogram's quantiles and average, a by-status
 * counter's error shares in the theme's status colours, each label set of
 * a gauge) and a small trend line of the same metric from a SERIES
 * response. A display widget: it fetches nothing.
 *
 * A COUNTER's CURRENT value is the total of the last step: it reads as a
 * rate per second when the response has a step, else (and with
 * counters-as-totals) as that total. A null value reads "—".
 *
 * A refresh with the same metrics and label sets updates the tiles in
 * place, so the scroll position and focus stay.
 */
GtkWidget *isc_tiles_page_new                     (void);
/* Either may be NULL: no current response shows no tiles; no trend (or a
 * trend without a tile's metric) draws no line on that tile. */
void       isc_tiles_page_set_response            (IscTilesPage       *self,
                                                   IscMetricsResponse *current,
                                                   IscMetricsResponse *trend);
IscMetricsResponse *isc_tiles_page_get_current    (IscTilesPage       *self);
IscMetricsResponse *isc_tiles_page_get_trend      (IscTilesPage       *self);
gboolean   isc_tiles_page_get_counters_as_totals  (IscTilesPage       *self);
void       isc_tiles_page_set_counters_as_totals  (IscTilesPage       *self,
                                                   gboolean            counters_as_totals);
/* The deployment's autoscaling limits, -1 where unknown: with both known
 * the active replicas read "3 of 1–5". */
void       isc_tiles_page_set_replica_limits      (IscTilesPage       *self,
                                                   int                 min_replicas,
                                                   int                 max_replicas);
int        isc_tiles_page_get_replica_min         (IscTilesPage       *self);
int        isc_tiles_page_get_replica_max         (IscTilesPage       *self);
guint      isc_tiles_page_get_n_tiles             (IscTilesPage       *self);

G_END_DECLS
