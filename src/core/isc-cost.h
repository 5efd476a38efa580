/* isc-cost.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-billing.h"
#include "isc-metrics-response.h"

G_BEGIN_DECLS

/* What a target cost over a range, billed and estimated kept apart.
 *
 * Billed: the billing summary's daily rows, for each whole UTC day of the
 * range that the summary covers (inside its period and before the day of
 * @now_ms, as today is not billed yet). A target with no row on such a
 * day was billed nothing that day.
 *
 * Estimated: everything else of the range (today, the partial days at
 * either end of a range that does not fall on midnights, a range shorter
 * than a day, a range the summary does not cover): active replicas ×
 * the instance type's price per minute, integrated over the replicas
 * series (baseten_replicas_active; SERIES step by step, or a SUMMARY's
 * average over its window) where it overlaps those parts.
 *
 * The two are never added up by these functions: a reader shows them as
 * "$12.34 billed + ≈ $0.56 estimated" (isc_cost_format()), and a file
 * writes them in columns of their own.
 */

typedef enum
{
  ISC_COST_NONE,        /* nothing known: no billing, no estimate */
  ISC_COST_BILLED,      /* the whole range from billing */
  ISC_COST_ESTIMATED,   /* the whole range estimated */
  ISC_COST_MIXED,       /* billed days and an estimated rest */
} IscCostBasis;

typedef struct
{
  /* Billed days */
  gboolean  has_billed;
  IscMoney  billed;
  gint64    billed_start_ms;       /* the billed days, [start, end) */
  gint64    billed_end_ms;
  gint64    billed_minutes;
  gint64    billed_requests;

  /* The rest */
  gboolean  needs_estimate;        /* some of the range is not billed */
  gboolean  has_estimate;          /* and it could be estimated */
  IscMoney  estimated;
  gint64    estimated_ms;          /* how much of the range is estimated */
  double    replica_minutes;       /* the estimate's replicas × minutes */
  gboolean  price_unknown;         /* no price for the instance type */
  gboolean  replicas_unknown;      /* no replicas series over the rest */
} IscCost;

IscCostBasis isc_cost_get_basis  (const IscCost *cost);

/* @items: the target's billing rows (a deployment's one, or an
 * environment's several), or NULL/0 when none; @billing may be NULL (no
 * billing: all is estimated). @replicas may be NULL; @price_per_minute
 * NULL when the price is unknown. */
void         isc_cost_compute    (IscCost                    *cost,
                                  const IscBillingSummary    *billing,
                                  const IscBillingItem * const *items,
                                  guint                       n_items,
                                  const IscMetricsResponse   *replicas,
                                  const IscMoney             *price_per_minute,
                                  gint64                      start_ms,
                                  gint64                      end_ms,
                                  gint64                      now_ms);

/* Only the estimate (no billing): replicas × price over [start, end). */
gboolean     isc_cost_estimate   (const IscMetricsResponse   *replicas,
                                  IscMoney                    price_per_minute,
                                  gint64                      start_ms,
                                  gint64                      end_ms,
                                  IscMoney                   *estimated,
                                  double                     *replica_minutes);

/* For people, one line: "$12.34", "≈ $0.56 (estimate)",
 * "$12.34 billed + ≈ $0.56 estimated", "—" when nothing is known; an
 * estimate that could not be made reads "$12.34 billed + no estimate". */
char        *isc_cost_format     (const IscCost              *cost);
/* A short word for the basis: "billed", "estimate", "billed + estimate",
 * "unknown". */
const char  *isc_cost_basis_label (IscCostBasis               basis);

G_END_DECLS
