/* isc-usage-chart.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-billing.h"
#include "isc-chart-model.h"

G_BEGIN_DECLS

/* The Usage page's figures: a workspace's spend per UTC day, with the
 * minutes and requests it paid for, one row per deployment (or per
 * training job or Model API, each kind a layer of its own), read from
 * Baseten's billing summary. Days from n_billed_days on are not billed
 * yet (today): their spend, when there is one, is provisional (billing's
 * figure so far, or an estimate), kept and said apart from what was
 * billed, never added to it.
 *
 * Money is held in micro-dollars, whole numbers (exact, as IscMoney);
 * NaN spend is "no figure".
 */

typedef enum
{
  ISC_USAGE_ROW_DEPLOYMENT,
  ISC_USAGE_ROW_TRAINING,
  ISC_USAGE_ROW_MODEL_API,
} IscUsageRowKind;

typedef struct
{
  char            *name;      /* plain text, never markup */
  char            *id;        /* the billing item's (a deployment's) id, or NULL */
  IscUsageRowKind  kind;
  double          *micros;    /* n_days, US micro-dollars (exact: IscMoney), NaN for none */
  double          *minutes;   /* n_days, NaN for none */
  double          *requests;  /* n_days, NaN for none */
} IscUsageRow;

typedef struct _IscUsageTable IscUsageTable;

/* The layers drawn at most: the deployments that cost the most, then
 * "Other" for the rest, then one layer for training and one for Model
 * APIs when there are any: seven in all, each its own colour of the
 * chart's seven (ISC_CHART_STYLE_N_PALETTE). */
#define ISC_USAGE_CHART_MAX_DEPLOYMENTS 4

/* @first_day_ms: 00:00 UTC of the first day. */
IscUsageTable *isc_usage_table_new            (gint64          first_day_ms,
                                               guint           n_days);
void           isc_usage_table_free           (IscUsageTable  *self);
/* A new row, every value NaN; borrowed from the table. */
IscUsageRow   *isc_usage_table_add_row        (IscUsageTable  *self,
                                               const char     *name,
                                               IscUsageRowKind kind);
guint          isc_usage_table_get_n_days     (const IscUsageTable *self);
gint64         isc_usage_table_get_first_day_ms (const IscUsageTable *self);
guint          isc_usage_table_get_n_rows     (const IscUsageTable *self);
IscUsageRow   *isc_usage_table_get_row        (const IscUsageTable *self,
                                               guint                index);
/* The days before this one are billed; the rest are provisional. n_days
 * by default. */
guint          isc_usage_table_get_n_billed_days (const IscUsageTable *self);
void           isc_usage_table_set_n_billed_days (IscUsageTable       *self,
                                                  guint                n_billed_days);

/* Sums in micro-dollars over every row: the billed days, and the
 * provisional days (0 when none). Never added together by the table. */
gint64         isc_usage_table_get_billed_micros    (const IscUsageTable *self);
gint64         isc_usage_table_get_estimated_micros (const IscUsageTable *self);
/* "$1,234.56": micro-dollars rounded half away from zero to the cent. */
char          *isc_usage_format_micros         (gint64          micros);
/* The document's own total (the sum of its sections' subtotals), or -1
 * (the default) when there is none: what its rows without daily figures
 * add is said apart ("not broken down by day"). */
void           isc_usage_table_set_document_micros (IscUsageTable *self,
                                                    gint64         micros);
gint64         isc_usage_table_get_document_micros (const IscUsageTable *self);
/* "Total $1,234.56 over 30 days", then "· ≈ $12.40 today so far, not
 * billed yet" when today has a figure, then "· $30.15 not broken down by
 * day" when the document's total is more than its daily rows. */
char          *isc_usage_table_dup_total_text (const IscUsageTable *self);

/* The table of a billing summary (its period's days): a row per
 * dedicated item ("model · environment", or "model · deployment" for one
 * outside an environment), training job and Model API, from their daily
 * rows (an item without any has no row: its money is only in the
 * document's total). The days from @now_ms's UTC day
 * on are not billed yet. NULL for a period without days. */
IscUsageTable *isc_usage_table_new_from_billing (const IscBillingSummary *billing,
                                                 gint64                   now_ms);

/* Today's estimate (the first day not billed) of a deployment's spend:
 * its active replicas × its instance type's price per minute × the
 * minutes so far, @micros in micro-dollars, @replica_minutes its
 * replicas × minutes. Put on the row of billing item @id when there is
 * one (a billing figure for the day stays: FALSE), else on a new row
 * named @name. Said as an estimate in the total, the notes (hover box:
 * "estimate: … replica min × price") and never summed with the billed
 * days. FALSE when every day is billed. */
gboolean       isc_usage_table_add_estimate    (IscUsageTable  *self,
                                                const char     *id,
                                                const char     *name,
                                                gint64          micros,
                                                double          replica_minutes);
/* Whether any estimate was added. */
gboolean       isc_usage_table_get_has_estimate (const IscUsageTable *self);

/* The chart: spend per day as stacked day-wide bars (a daily COUNTER's
 * step totals), the ISC_USAGE_CHART_MAX_DEPLOYMENTS costliest deployments
 * at the bottom, then "Other", "Training", "Model APIs"; dollars on the
 * axis; each layer's minutes and requests in the legend and the hover
 * box (isc_chart_model_set_notes()). The days without a billed figure
 * are the chart's incomplete steps when they reach now. NULL for a
 * table without days. */
IscChartModel *isc_usage_table_new_chart_model (const IscUsageTable *self);
/* Every row and day as CSV: day, kind, name, spend (dollars, two
 * decimals, rounded to the cent), estimated (true/false), minutes, requests. */
char          *isc_usage_table_dup_csv         (const IscUsageTable *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscUsageTable, isc_usage_table_free)

G_END_DECLS
