/* isc-chart-grid.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ISC_TYPE_CHART_GRID (isc_chart_grid_get_type ())

G_DECLARE_FINAL_TYPE (IscChartGrid, isc_chart_grid, ISC, CHART_GRID, GtkWidget)

/* The charts of one group, in rows of equal cells of a fixed height: one
 * column when the grid is narrower than ISC_CHART_GRID_TWO_COLUMNS px,
 * two up to ISC_CHART_GRID_THREE_COLUMNS px, three above. A GtkFlowBox
 * would choose its columns by the children's natural width, which cannot
 * give both thresholds; this is the same idea with the widths chosen.
 */
#define ISC_CHART_GRID_TWO_COLUMNS   860
#define ISC_CHART_GRID_THREE_COLUMNS 1760
#define ISC_CHART_GRID_ROW_HEIGHT    300
#define ISC_CHART_GRID_SPACING       12

GtkWidget *isc_chart_grid_new           (void);
void       isc_chart_grid_append        (IscChartGrid *self,
                                         GtkWidget    *child);
/* The charts of a column share their left gutter and the charts of a row
 * their plot height, so one time is at one x down a column. Grids stacked
 * on one page can share their columns' gutters too: @self joins the grids
 * that share with @other. */
void       isc_chart_grid_share_gutters (IscChartGrid *self,
                                         IscChartGrid *other);
/* How many columns a grid @width px wide has. */
guint      isc_chart_grid_columns_for_width (int       width);

G_END_DECLS
