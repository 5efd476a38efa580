/* isc-usage.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-client.h"
#include "isc-cost.h"
#include "isc-usage-client.h"

G_BEGIN_DECLS

/* What the workspace spends and uses, for the window (the Overview's Cost
 * column, Summary's cost row, the Usage page, the Model APIs pages) and
 * for `inferscope export`: one per account, without widgets.
 *
 * It asks the client and keeps what it got for a while, so pages that
 * show the same period share one request: the instance type prices for
 * the session, a billing summary per period and the Model APIs list for
 * ISC_USAGE_KEEP_MS.
 *
 * A feature the key may not read (a 403 on billing or on Model API usage)
 * is refused once: "refused" is emitted the first time, with the message
 * to show; later loads of it fail at once with the same
 * ISC_API_ERROR_NOT_PERMITTED, send nothing and emit nothing, so the
 * window hides the feature and says why once.
 */

#define ISC_USAGE_KEEP_MS ((gint64) 5 * 60 * 1000)

typedef enum
{
  ISC_USAGE_FEATURE_BILLING,          /* billing summary: cost, the Usage page */
  ISC_USAGE_FEATURE_MODEL_API_USAGE,  /* Model API usage: the Model APIs pages */
} IscUsageFeature;

#define ISC_TYPE_USAGE (isc_usage_get_type ())

G_DECLARE_FINAL_TYPE (IscUsage, isc_usage, ISC, USAGE, GObject)

/* Signals:
 *   "refused" (IscUsageFeature feature, const char *message): the first
 *   403 on that feature.
 * Properties: "client", "billing-refused", "usage-refused" (booleans).
 */

IscUsage              *isc_usage_new                    (IscClient             *client);
IscClient             *isc_usage_get_client             (IscUsage              *self);
gboolean               isc_usage_is_refused             (IscUsage              *self,
                                                         IscUsageFeature        feature);
/* NULL unless refused. */
const char            *isc_usage_get_refused_message    (IscUsage              *self,
                                                         IscUsageFeature        feature);
/* Forget what is kept and what was refused (a new key, Refresh). */
void                   isc_usage_reset                  (IscUsage              *self);

/* The billing period that covers [start_ms, end_ms): from the midnight
 * (UTC) at or before the start to the midnight at or after the end, at
 * most 31 days (the latest ones kept), never before 2026-01-01. FALSE
 * when no such period exists (a range wholly before 2026). */
gboolean               isc_usage_billing_period         (gint64                 start_ms,
                                                         gint64                 end_ms,
                                                         gint64                *period_start_ms,
                                                         gint64                *period_end_ms);
/* The Usage page's period: the 31 days up to and including today (UTC). */
void                   isc_usage_recent_period          (gint64                 now_ms,
                                                         gint64                *period_start_ms,
                                                         gint64                *period_end_ms);

/* The billing summary of the period covering [start_ms, end_ms). */
void                   isc_usage_load_billing_async     (IscUsage              *self,
                                                         gint64                 start_ms,
                                                         gint64                 end_ms,
                                                         GCancellable          *cancellable,
                                                         GAsyncReadyCallback    callback,
                                                         gpointer               user_data);
IscBillingSummary     *isc_usage_load_billing_finish    (IscUsage              *self,
                                                         GAsyncResult          *result,
                                                         GError               **error);

void                   isc_usage_load_prices_async      (IscUsage              *self,
                                                         GCancellable          *cancellable,
                                                         GAsyncReadyCallback    callback,
                                                         gpointer               user_data);
IscInstanceTypePrices *isc_usage_load_prices_finish     (IscUsage              *self,
                                                         GAsyncResult          *result,
                                                         GError               **error);
/* What was last loaded, or NULL. */
IscInstanceTypePrices *isc_usage_get_prices             (IscUsage              *self);

/* The Model APIs the workspace has added (added_only), a GPtrArray of
 * IscModelApi; empty when none (no sidebar section then). */
void                   isc_usage_list_model_apis_async  (IscUsage              *self,
                                                         GCancellable          *cancellable,
                                                         GAsyncReadyCallback    callback,
                                                         gpointer               user_data);
GPtrArray             *isc_usage_list_model_apis_finish (IscUsage              *self,
                                                         GAsyncResult          *result,
                                                         GError               **error);

/* Usage over @query's range (width from the range unless set), every
 * page. Not kept: a chart asks again on refresh. */
void                   isc_usage_load_model_api_usage_async  (IscUsage              *self,
                                                              const IscUsageQuery   *query,
                                                              GCancellable          *cancellable,
                                                              GAsyncReadyCallback    callback,
                                                              gpointer               user_data);
IscModelApiUsage      *isc_usage_load_model_api_usage_finish (IscUsage              *self,
                                                              GAsyncResult          *result,
                                                              GError               **error);

/* The cost of one target over [start_ms, end_ms) (isc-cost.h): a
 * deployment by @deployment_id, else an environment by @model_name and
 * @environment_name. @billing, @prices and @replicas may each be NULL
 * (the cost then says what it lacks); @instance_type picks the price. */
void                   isc_usage_cost_of_target         (IscCost                     *cost,
                                                         const IscBillingSummary     *billing,
                                                         const IscInstanceTypePrices *prices,
                                                         const char                  *deployment_id,
                                                         const char                  *model_name,
                                                         const char                  *environment_name,
                                                         const char                  *instance_type,
                                                         const IscMetricsResponse    *replicas,
                                                         gint64                       start_ms,
                                                         gint64                       end_ms,
                                                         gint64                       now_ms);

G_END_DECLS
