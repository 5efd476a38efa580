/* isc-cost.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-cost"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "isc-cost.h"

/* STUB: the declarations for cost-ui; the computation follows. */

IscCostBasis
isc_cost_get_basis (const IscCost *cost)
{
  return ISC_COST_NONE;
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
  memset (cost, 0, sizeof *cost);
}

gboolean
isc_cost_estimate (const IscMetricsResponse *replicas,
                   IscMoney                  price_per_minute,
                   gint64                    start_ms,
                   gint64                    end_ms,
                   IscMoney                 *estimated,
                   double                   *replica_minutes)
{
  return FALSE;
}

char *
isc_cost_format (const IscCost *cost)
{
  return g_strdup ("—");
}

const char *
isc_cost_basis_label (IscCostBasis basis)
{
  return _("unknown");
}
