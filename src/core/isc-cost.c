/* isc-cost.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-cost"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "isc-cost.h"

#define REPLICAS_METRIC "baseten_replicas_active"

static gint64
floor_day (gint64 ms)
{
  gint64 r = ms % ISC_DAY_MS;

  return r < 0 ? ms - r - ISC_DAY_MS : ms - r;
}

static gint64
ceil_day (gint64 ms)
{
  gint64 f = floor_day (ms);

  return f == ms ? ms : f + ISC_DAY_MS;
}

IscCostBasis
isc_cost_get_basis (const IscCost *cost)
{
  g_return_val_if_fail (cost != NULL, ISC_COST_NONE);

  if (cost->has_billed && !cost->needs_estimate)
    return ISC_COST_BILLED;
  if (cost->has_billed)
    return ISC_COST_MIXED;
  if (cost->has_estimate)
    return ISC_COST_ESTIMATED;
  return ISC_COST_NONE;
}

gboolean
isc_cost_estimate (const IscMetricsResponse *replicas,
                   IscMoney                  price_per_minute,
                   gint64                    start_ms,
                   gint64                    end_ms,
                   IscMoney                 *estimated,
                   double                   *replica_minutes)
{
  const IscMetric *metric;
  const IscSeries *series;
  const double *values;
  guint n_steps;
  double total = 0;
  gboolean any = FALSE;

  g_return_val_if_fail (estimated != NULL, FALSE);

  *estimated = 0;
  if (replica_minutes != NULL)
    *replica_minutes = 0;

  if (replicas == NULL || end_ms <= start_ms)
    return FALSE;

  metric = isc_metrics_response_lookup_metric (replicas, REPLICAS_METRIC);
  if (metric == NULL || isc_metric_get_n_series (metric) == 0)
    return FALSE;

  series = isc_metric_get_series (metric, 0);
  values = isc_series_get_values (series, &n_steps);

  for (guint i = 0; i < n_steps; i++)
    {
      gint64 s = isc_metrics_response_get_step_start_ms (replicas, i);
      gint64 e = isc_metrics_response_get_step_end_ms (replicas, i);
      gint64 a = MAX (s, start_ms);
      gint64 b = MIN (e, end_ms);

      if (b <= a || isnan (values[i]) || values[i] < 0)
        continue;

      total += values[i] * (double) (b - a) / 60000.0;
      any = TRUE;
    }

  if (!any)
    return FALSE;

  *estimated = isc_money_scale (price_per_minute, total);
  if (replica_minutes != NULL)
    *replica_minutes = total;

  return TRUE;
}

/* Whether the rows can say what the target cost on any covered day: each
 * must carry its daily rows, and the section must have its breakdown
 * (else no row says nothing, not zero). */
static gboolean
rows_split_by_day (const IscBillingSummary      *billing,
                   const IscBillingItem * const *items,
                   guint                         n_items)
{
  const IscBillingSection *dedicated = isc_billing_summary_get_section (billing, ISC_BILLING_SECTION_DEDICATED);

  if (n_items == 0)
    return dedicated->present && dedicated->has_breakdown;

  for (guint i = 0; i < n_items; i++)
    if (!items[i]->has_daily)
      return FALSE;

  return TRUE;
}

static void
add_estimate (IscCost                  *cost,
              const IscMetricsResponse *replicas,
              const IscMoney           *price_per_minute,
              gint64                    start_ms,
              gint64                    end_ms)
{
  IscMoney part = 0;
  double minutes = 0;

  if (end_ms <= start_ms)
    return;

  cost->needs_estimate = TRUE;
  cost->estimated_ms += end_ms - start_ms;

  if (price_per_minute == NULL)
    {
      cost->price_unknown = TRUE;
      cost->has_estimate = FALSE;
      return;
    }

  if (!isc_cost_estimate (replicas, *price_per_minute, start_ms, end_ms, &part, &minutes))
    {
      cost->replicas_unknown = TRUE;
      cost->has_estimate = FALSE;
      return;
    }

  if (!cost->price_unknown && !cost->replicas_unknown)
    cost->has_estimate = TRUE;
  cost->estimated = isc_money_add (cost->estimated, part);
  cost->replica_minutes += minutes;
}

void
isc_cost_compute (IscCost                       *cost,
                  const IscBillingSummary       *billing,
                  const IscBillingItem * const  *items,
                  guint                          n_items,
                  const IscMetricsResponse      *replicas,
                  const IscMoney                *price_per_minute,
                  gint64                         start_ms,
                  gint64                         end_ms,
                  gint64                         now_ms)
{
  gint64 first = 0, last = 0;

  g_return_if_fail (cost != NULL);
  g_return_if_fail (items != NULL || n_items == 0);

  memset (cost, 0, sizeof *cost);

  if (end_ms <= start_ms)
    return;

  /* The whole days of the range that billing covers: inside the period,
   * before today. They are one run. */
  if (billing != NULL && rows_split_by_day (billing, items, n_items))
    {
      gint64 lo = MAX (ceil_day (start_ms), ceil_day (isc_billing_summary_get_start_ms (billing)));
      gint64 hi = MIN (floor_day (end_ms),
                       MIN (floor_day (isc_billing_summary_get_end_ms (billing)), floor_day (now_ms)));

      if (hi > lo)
        {
          first = lo;
          last = hi;
        }
    }

  if (last > first)
    {
      cost->has_billed = TRUE;
      cost->billed_start_ms = first;
      cost->billed_end_ms = last;

      for (gint64 day = first; day < last; day += ISC_DAY_MS)
        for (guint i = 0; i < n_items; i++)
          {
            const IscBillingDay *row = isc_billing_item_lookup_day (items[i], day);

            if (row == NULL)
              continue;

            cost->billed = isc_money_add (cost->billed, row->subtotal);
            /* Saturating: each is at most 10^15, but a document may hold
             * many. */
            if (row->minutes > 0)
              cost->billed_minutes = MIN (cost->billed_minutes, G_MAXINT64 - row->minutes) + row->minutes;
            if (row->requests > 0)
              cost->billed_requests = MIN (cost->billed_requests, G_MAXINT64 - row->requests) + row->requests;
          }

      add_estimate (cost, replicas, price_per_minute, start_ms, first);
      add_estimate (cost, replicas, price_per_minute, last, end_ms);
    }
  else
    add_estimate (cost, replicas, price_per_minute, start_ms, end_ms);
}

char *
isc_cost_format (const IscCost *cost)
{
  g_autofree char *billed = NULL;
  g_autofree char *estimated = NULL;

  g_return_val_if_fail (cost != NULL, NULL);

  if (cost->has_billed)
    billed = isc_money_format (cost->billed);
  if (cost->has_estimate)
    estimated = isc_money_format (cost->estimated);

  switch (isc_cost_get_basis (cost))
    {
    case ISC_COST_BILLED:
      return g_steal_pointer (&billed);

    case ISC_COST_ESTIMATED:
      /* TRANSLATORS: an estimated amount of money, e.g. "≈ $0.56 (estimate)" */
      return g_strdup_printf (_("≈ %s (estimate)"), estimated);

    case ISC_COST_MIXED:
      if (cost->has_estimate)
        /* TRANSLATORS: "$12.34 billed + ≈ $0.56 estimated"; never summed */
        return g_strdup_printf (_("%s billed + ≈ %s estimated"), billed, estimated);
      /* TRANSLATORS: billed days, and days that could not be estimated */
      return g_strdup_printf (_("%s billed + no estimate"), billed);

    case ISC_COST_NONE:
    default:
      return g_strdup ("—");
    }
}

const char *
isc_cost_basis_label (IscCostBasis basis)
{
  switch (basis)
    {
    case ISC_COST_BILLED:
      return _("billed");
    case ISC_COST_ESTIMATED:
      return _("estimate");
    case ISC_COST_MIXED:
      return _("billed + estimate");
    case ISC_COST_NONE:
    default:
      return _("unknown");
    }
}
