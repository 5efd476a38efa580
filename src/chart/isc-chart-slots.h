/* isc-chart-slots.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-chart-model.h"
#include "isc-metrics-response.h"

G_BEGIN_DECLS

/* The charts a response is drawn as, in the order the window and
 * `inferscope export` both draw them: one per metric, by the catalogue's
 * groups (isc_catalogue_get_display_order()), and each counter of
 * requests by status followed by its "Error rate" chart, in the same
 * group. A slot says which chart; its model is made for a response and a
 * counter display when it is drawn, so a refresh with the same metrics
 * keeps the slots and makes only the models again.
 */
typedef struct
{
  guint    metric;      /* the metric's index in the response */
  guint    group;       /* isc_catalogue_get_display_group() of its name */
  gboolean error_rate;  /* the error rate derived from @metric */
} IscChartSlot;

GArray        *isc_chart_slots_new       (IscMetricsResponse *response);
gboolean       isc_chart_slots_equal     (GArray             *a,
                                          GArray             *b);
IscChartModel *isc_chart_slot_new_model  (const IscChartSlot *slot,
                                          IscMetricsResponse *response,
                                          IscCounterDisplay   display);

G_END_DECLS
