/* isc-charts-page.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-metrics-response.h"
#include "isc-target-item.h"
#include "isc-view.h"

G_BEGIN_DECLS

#define ISC_TYPE_CHARTS_PAGE (isc_charts_page_get_type ())

G_DECLARE_FINAL_TYPE (IscChartsPage, isc_charts_page, ISC, CHARTS_PAGE, AdwBin)

/* The Charts mode: one chart view per metric of a SERIES response, under
 * the catalogue's groups (a heading each, in catalogue order; metrics the
 * catalogue does not know under "Other", last), the charts of a group in
 * the response's order, in one column when narrow and two or three when
 * wide (IscChartGrid), in a page that scrolls. It shows what it is given:
 * loading, refreshing, the stale strip and the status page belong to
 * whoever feeds it (the window, from its IscView).
 *
 * A response with the same metrics, in the same order, as the one shown
 * goes into the same chart views (new models only), so the scroll
 * position and the step under the pointer are kept; other metrics build
 * the page again.
 */
GtkWidget          *isc_charts_page_new          (void);
/* "response" (IscMetricsResponse, boxed, nullable): NULL shows nothing. */
IscMetricsResponse *isc_charts_page_get_response (IscChartsPage      *self);
void                isc_charts_page_set_response (IscChartsPage      *self,
                                                  IscMetricsResponse *response);
/* The display switches, applied to every chart view shown, from the
 * response already shown (no fetch): times in UTC rather than local time,
 * and COUNTER metrics as each step's total rather than a rate. */
gboolean   isc_charts_page_get_use_utc            (IscChartsPage *self);
void       isc_charts_page_set_use_utc            (IscChartsPage *self,
                                                   gboolean       use_utc);
gboolean   isc_charts_page_get_counters_as_totals (IscChartsPage *self);
void       isc_charts_page_set_counters_as_totals (IscChartsPage *self,
                                                   gboolean       counters_as_totals);
/* "cursor-time" (epoch ms, -1 for none): the crosshair's moment on
 * every chart. The pointer or the keyboard over one chart sets it (each
 * chart snaps it to its own nearest step); setting it draws the line on
 * every chart. The window binds it to its IscView's "cursor-time". */
gint64     isc_charts_page_get_cursor_time        (IscChartsPage *self);
void       isc_charts_page_set_cursor_time        (IscChartsPage *self,
                                                   gint64         ms);
/* The chart views shown, in the order they are seen: group by group,
 * each group's in the response's order. */
guint       isc_charts_page_get_n_charts      (IscChartsPage *self);
GtkWidget  *isc_charts_page_get_chart         (IscChartsPage *self,
                                               guint          index);
/* The "Error rate" view that follows chart @index in its group, when its
 * metric is a counter of requests by status (isc_error_share_applies()):
 * lines of the 4xx and 5xx share of each step's requests. NULL for other
 * charts. Derived, it is not one of the charts counted above. */
GtkWidget  *isc_charts_page_get_error_rate_chart (IscChartsPage *self,
                                                  guint          index);
/* The groups shown, in order: the heading's text, and how many of the
 * charts (in get_chart's order) are under it. */
guint       isc_charts_page_get_n_groups      (IscChartsPage *self);
const char *isc_charts_page_get_group_title   (IscChartsPage *self,
                                               guint          index);
guint       isc_charts_page_get_group_n_charts (IscChartsPage *self,
                                                guint          index);

/* What discovery says of the target shown (nullable): its autoscaling
 * limits, instance type and rollout events become reference lines and
 * markers on every chart (isc_target_annotations_new_for_environment(),
 * _for_deployment()). Set before the response, or again for the charts
 * shown. */
IscTargetItem *isc_charts_page_get_target_item   (IscChartsPage *self);
void           isc_charts_page_set_target_item   (IscChartsPage *self,
                                                  IscTargetItem *item);
/* The audit log's events of the target (IscEvent items, as
 * isc_view_get_events() gives them), each a marker on every chart whose
 * hover, keyboard cursor and description say its sentence
 * (isc_event_describe()); followed as it changes. NULL when the audit log
 * cannot be read: the markers inferred from discovery and the steps stay
 * (isc_target_annotations_new_for_environment_with_events()). */
GListModel    *isc_charts_page_get_events        (IscChartsPage *self);
void           isc_charts_page_set_events        (IscChartsPage *self,
                                                  GListModel    *events);

/* Compare: @response's series overlaid on every chart as dashed series
 * with legend entries of their own, read @shift_ms back so they line up
 * with the window (isc_chart_model_set_compare()); @label names them
 * ("last week", "d7"). NULL for none. The message says a compare load
 * failed, above the charts, which stay (NULL hides it).
 * show_compare() takes all three from @view. */
void                isc_charts_page_set_compare         (IscChartsPage      *self,
                                                         IscMetricsResponse *response,
                                                         gint64              shift_ms,
                                                         const char         *label);
IscMetricsResponse *isc_charts_page_get_compare         (IscChartsPage      *self);
void                isc_charts_page_set_compare_message (IscChartsPage      *self,
                                                         const char         *message);
const char         *isc_charts_page_get_compare_message (IscChartsPage      *self);
void                isc_charts_page_show_compare        (IscChartsPage      *self,
                                                         IscView            *view);

G_END_DECLS
