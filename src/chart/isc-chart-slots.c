/* isc-chart-slots.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart"

#include "config.h"

#include "isc-catalogue.h"
#include "isc-chart-slots.h"
#include "isc-error-share.h"

/**
 * isc_chart_slots_new:
 * @response: a response of series
 *
 * Returns: (transfer full): the #IscChartSlot of each chart @response is
 * drawn as, in display order.
 */
GArray *
isc_chart_slots_new (IscMetricsResponse *response)
{
  guint n_metrics = isc_metrics_response_get_n_metrics (response);
  g_autofree const char **names = g_new0 (const char *, n_metrics + 1);
  g_autofree guint *order = g_new (guint, MAX (n_metrics, 1));
  GArray *slots = g_array_sized_new (FALSE, FALSE, sizeof (IscChartSlot), n_metrics);

  for (guint i = 0; i < n_metrics; i++)
    names[i] = isc_metric_get_name (isc_metrics_response_get_metric (response, i));
  isc_catalogue_get_display_order (names, n_metrics, order);

  for (guint k = 0; k < n_metrics; k++)
    {
      IscChartSlot slot = { order[k], isc_catalogue_get_display_group (names[order[k]]), FALSE };

      g_array_append_val (slots, slot);
      /* A 5xx incident of a few percent is a sliver on the stack of
       * requests by status but a step on an axis of its own. */
      if (isc_error_share_applies (isc_metrics_response_get_metric (response, order[k])))
        {
          slot.error_rate = TRUE;
          g_array_append_val (slots, slot);
        }
    }

  return slots;
}

/* TRUE when @a and @b are the same charts in the same order. */
gboolean
isc_chart_slots_equal (GArray *a,
                       GArray *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const IscChartSlot *x = &g_array_index (a, IscChartSlot, i);
      const IscChartSlot *y = &g_array_index (b, IscChartSlot, i);

      if (x->metric != y->metric || x->group != y->group || x->error_rate != y->error_rate)
        return FALSE;
    }
  return TRUE;
}

/**
 * isc_chart_slot_new_model:
 * @slot: one of isc_chart_slots_new() for @response
 * @response: the response
 * @display: how counters are drawn; an error rate is the same either way
 *
 * Returns: (transfer full) (nullable): the model @slot draws, or %NULL
 * when @response has no such chart.
 */
IscChartModel *
isc_chart_slot_new_model (const IscChartSlot *slot,
                          IscMetricsResponse *response,
                          IscCounterDisplay   display)
{
  g_return_val_if_fail (slot != NULL, NULL);
  g_return_val_if_fail (slot->metric < isc_metrics_response_get_n_metrics (response), NULL);

  if (slot->error_rate)
    return isc_chart_model_new_error_rate (response, slot->metric);
  return isc_chart_model_new (response, slot->metric, display);
}
