/* isc-window-usage.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's side of what the workspace spends: the Usage page under
 * Overview, loaded from the view's client through an IscUsage, and a key
 * that may not read billing, said once and the page hidden.
 */

#define G_LOG_DOMAIN "isc-window"

#include "config.h"


#include "isc-api-error.h"
#include "isc-window-private.h"

static void
usage_refused_cb (IscWindow       *self,
                  IscUsageFeature  feature,
                  const char      *message,
                  IscUsage        *usage)
{
  if (feature != ISC_USAGE_FEATURE_BILLING)
    return;

  /* Said once (IscUsage emits this on the first 403 only), then the
   * page and the Overview's cost are gone for this key. */
  _isc_window_toast (self, message);
  isc_sidebar_set_usage_shown (self->sidebar, FALSE);
  isc_overview_page_set_usage (self->overview_page, NULL);
  if (self->showing_usage)
    {
      self->showing_usage = FALSE;
      _isc_window_show_overview (self, TRUE);
      isc_sidebar_select_overview (self->sidebar);
      _isc_window_update_state (self);
      _isc_window_update_title (self);
      _isc_window_update_modes_offered (self);
    }
}

IscUsage *
_isc_window_get_usage (IscWindow *self)
{
  IscClient *client = isc_view_get_client (self->view);

  if (self->usage != NULL && isc_usage_get_client (self->usage) == client)
    return self->usage;

  g_cancellable_cancel (self->usage_cancellable);
  g_clear_object (&self->usage_cancellable);
  if (self->usage != NULL)
    g_signal_handlers_disconnect_by_data (self->usage, self);
  g_clear_object (&self->usage);
  isc_overview_page_set_usage (self->overview_page, NULL);
  if (client == NULL)
    return NULL;

  self->usage = isc_usage_new (client);
  /* IscUsage says a refusal once. */
  g_signal_connect_object (self->usage, "refused", G_CALLBACK (usage_refused_cb), self, G_CONNECT_SWAPPED);
  /* Another key or server: its own say on billing. */
  isc_sidebar_set_usage_shown (self->sidebar, TRUE);
  isc_usage_page_set_table (self->usage_page, NULL);
  isc_usage_page_set_loading (self->usage_page);
  isc_overview_page_set_usage (self->overview_page, self->usage);
  return self->usage;
}

static void
billing_loaded_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(IscWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) billing = NULL;

  billing = isc_usage_load_billing_finish (ISC_USAGE (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->usage_page == NULL)
    return;

  if (billing == NULL)
    {
      isc_usage_page_set_error (self->usage_page, error->message,
                                g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED));
      return;
    }
  isc_usage_page_set_table (self->usage_page,
                            isc_usage_table_new_from_billing (billing, g_get_real_time () / 1000));
}

void
_isc_window_load_usage (IscWindow *self)
{
  IscUsage *usage = _isc_window_get_usage (self);
  gint64 start_ms, end_ms;

  if (usage == NULL)
    return;

  g_cancellable_cancel (self->usage_cancellable);
  g_clear_object (&self->usage_cancellable);
  self->usage_cancellable = g_cancellable_new ();

  isc_usage_page_set_loading (self->usage_page);
  isc_usage_recent_period (g_get_real_time () / 1000, &start_ms, &end_ms);
  isc_usage_load_billing_async (usage, start_ms, end_ms, self->usage_cancellable,
                                billing_loaded_cb, g_object_ref (self));
}

void
_isc_window_show_usage (IscWindow *self)
{
  gboolean was_showing = self->showing_overview && self->showing_usage;

  self->showing_usage = TRUE;
  if (self->showing_overview)
    {
      isc_sidebar_select_usage (self->sidebar);
      _isc_window_update_state (self);
      _isc_window_update_title (self);
    }
  else
    _isc_window_show_overview (self, TRUE);
  if (!was_showing)
    _isc_window_load_usage (self);
}

void
_isc_window_dispose_usage (IscWindow *self)
{
  g_cancellable_cancel (self->summary_cost_cancellable);
  g_clear_object (&self->summary_cost_cancellable);
  g_cancellable_cancel (self->usage_cancellable);
  g_clear_object (&self->usage_cancellable);
  if (self->usage != NULL)
    g_signal_handlers_disconnect_by_data (self->usage, self);
  g_clear_object (&self->usage);
}

/* The Summary page's cost line *********************************************/

typedef struct
{
  IscWindow             *self;       /* owned */
  IscMetricsResponse    *response;   /* the SUMMARY it is for */
  IscTarget             *target;
  char                  *instance_type;
  IscInstanceTypePrices *prices;
  GCancellable          *cancellable;
} CostJob;

static void
cost_job_free (CostJob *job)
{
  g_object_unref (job->self);
  isc_metrics_response_unref (job->response);
  isc_target_free (job->target);
  g_free (job->instance_type);
  g_clear_pointer (&job->prices, isc_instance_type_prices_unref);
  g_object_unref (job->cancellable);
  g_free (job);
}

static void
summary_billing_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  CostJob *job = user_data;
  IscWindow *self = job->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) billing = NULL;
  IscCost cost;

  billing = isc_usage_load_billing_finish (ISC_USAGE (source), result, &error);
  if (g_cancellable_is_cancelled (job->cancellable) || self->summary_page == NULL ||
      isc_summary_page_get_response (self->summary_page) != job->response)
    {
      cost_job_free (job);
      return;
    }
  /* Without billing (refused, failed), the estimate alone, said as one. */
  isc_usage_cost_of_target (&cost, billing, job->prices,
                            job->target->kind == ISC_TARGET_DEPLOYMENT ? job->target->id : NULL,
                            job->target->model_name,
                            job->target->kind == ISC_TARGET_ENVIRONMENT ? job->target->id : NULL,
                            job->instance_type, job->response,
                            isc_metrics_response_get_start_ms (job->response),
                            isc_metrics_response_get_end_ms (job->response),
                            g_get_real_time () / 1000);
  isc_summary_page_set_cost (self->summary_page,
                             isc_cost_get_basis (&cost) != ISC_COST_NONE ? &cost : NULL);
  cost_job_free (job);
}

static void
summary_prices_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  CostJob *job = user_data;

  job->prices = isc_usage_load_prices_finish (ISC_USAGE (source), result, NULL);
  if (g_cancellable_is_cancelled (job->cancellable))
    {
      cost_job_free (job);
      return;
    }
  isc_usage_load_billing_async (ISC_USAGE (source),
                                isc_metrics_response_get_start_ms (job->response),
                                isc_metrics_response_get_end_ms (job->response),
                                job->cancellable, summary_billing_cb, job);
}

void
_isc_window_update_summary_cost (IscWindow          *self,
                                 IscMetricsResponse *response)
{
  const IscTarget *target = isc_view_get_target (self->view);
  IscUsage *usage = _isc_window_get_usage (self);
  IscTargetItem *item = NULL;
  CostJob *job;

  g_cancellable_cancel (self->summary_cost_cancellable);
  g_clear_object (&self->summary_cost_cancellable);
  isc_summary_page_set_cost (self->summary_page, NULL);
  if (usage == NULL || target == NULL || response == NULL ||
      isc_metrics_response_get_end_ms (response) <= isc_metrics_response_get_start_ms (response))
    return;

  if (self->session != NULL)
    item = isc_target_list_find (isc_session_get_target_list (self->session), target, NULL);

  self->summary_cost_cancellable = g_cancellable_new ();
  job = g_new0 (CostJob, 1);
  job->self = g_object_ref (self);
  job->response = isc_metrics_response_ref (response);
  job->target = isc_target_copy (target);
  job->instance_type = g_strdup (item != NULL ? isc_target_item_get_instance_type (item) : NULL);
  job->cancellable = g_object_ref (self->summary_cost_cancellable);
  isc_usage_load_prices_async (usage, job->cancellable, summary_prices_cb, job);
}
