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


#include <math.h>
#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-window-private.h"

static void
usage_refused_cb (IscWindow       *self,
                  IscUsageFeature  feature,
                  const char      *message,
                  IscUsage        *usage)
{
  if (feature == ISC_USAGE_FEATURE_MODEL_API_USAGE)
    {
      /* Said once; the section goes. */
      _isc_window_toast (self, message);
      isc_sidebar_set_model_apis_shown (self->sidebar, FALSE);
      if (self->showing_model_apis)
        {
          self->showing_model_apis = FALSE;
          isc_sidebar_select_overview (self->sidebar);
          _isc_window_update_state (self);
          _isc_window_update_title (self);
          _isc_window_update_modes_offered (self);
        }
      return;
    }
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

static void
model_apis_listed_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(IscWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) apis = NULL;

  apis = isc_usage_list_model_apis_finish (ISC_USAGE (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->model_apis_page == NULL ||
      ISC_USAGE (source) != self->usage)
    return;
  if (apis == NULL)
    {
      g_debug ("No Model APIs list: %s", error->message);
      return;
    }
  isc_model_apis_page_set_apis (self->model_apis_page, apis);
  /* Only the added ones are listed: a row per API. */
  isc_sidebar_set_model_apis (self->sidebar, apis);
  if (self->showing_overview && self->showing_model_apis)
    isc_sidebar_select_model_api (self->sidebar, isc_model_apis_page_get_model (self->model_apis_page));
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
  /* A Model APIs section only when the workspace has added one. */
  isc_sidebar_set_model_apis_shown (self->sidebar, FALSE);
  /* Not cancelled by a reload of the Usage page; the answer is checked
   * against the usage it was asked of. */
  isc_usage_list_model_apis_async (self->usage, NULL, model_apis_listed_cb, g_object_ref (self));
  /* A window restored on the Model APIs page before it had a client:
   * its usage now. */
  if (self->showing_overview && self->showing_model_apis)
    _isc_window_load_model_apis (self);
  return self->usage;
}

/* Today's estimate ********************************************************/

typedef struct
{
  IscWindow             *self;      /* owned */
  IscUsageTable         *table;     /* owned until shown */
  GCancellable          *cancellable;
  IscInstanceTypePrices *prices;
  GHashTable            *replicas;  /* deployment id → today's IscMetricsResponse */
  gint64                 now_ms;
  guint                  pending;   /* replicas requests still out */
} EstimateJob;

static void
estimate_job_free (EstimateJob *job)
{
  g_object_unref (job->self);
  g_clear_pointer (&job->table, isc_usage_table_free);
  g_clear_pointer (&job->prices, isc_instance_type_prices_unref);
  g_clear_pointer (&job->replicas, g_hash_table_unref);
  g_object_unref (job->cancellable);
  g_free (job);
}

/* The deployment a fleet row serves: its own, or its environment's. */
static IscDeployment *
row_deployment (IscWindow   *self,
                IscFleetRow *row)
{
  IscTargetItem *item;
  IscEnvironment *environment;

  if (self->session == NULL)
    return NULL;
  item = isc_target_list_find (isc_session_get_target_list (self->session), isc_fleet_row_get_target (row), NULL);
  if (item == NULL)
    return NULL;
  if (isc_target_item_get_deployment (item) != NULL)
    return isc_target_item_get_deployment (item);
  environment = isc_target_item_get_environment (item);
  return environment != NULL ? environment->current_deployment : NULL;
}

/* Calls @func for each serving deployment of the fleet once, with its
 * row, and its price when known. */
typedef void (*ServingFunc) (IscWindow                  *self,
                             IscFleetRow                *row,
                             IscDeployment              *deployment,
                             const IscInstanceTypePrice *price,
                             gpointer                    data);

static void
foreach_serving (IscWindow                   *self,
                 const IscInstanceTypePrices *prices,
                 ServingFunc                  func,
                 gpointer                     data)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GListModel *rows = G_LIST_MODEL (self->fleet);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(IscFleetRow) row = g_list_model_get_item (rows, i);
      IscDeployment *deployment = row_deployment (self, row);
      const char *instance_type = isc_fleet_row_get_instance_type (row);
      const IscInstanceTypePrice *price;

      if (deployment == NULL || deployment->id == NULL || g_hash_table_contains (seen, deployment->id))
        continue;
      g_hash_table_add (seen, deployment->id);
      if (instance_type == NULL)
        instance_type = deployment->instance_type_name;
      price = instance_type != NULL ? isc_instance_type_prices_lookup (prices, instance_type) : NULL;
      if (price != NULL)
        func (self, row, deployment, price, data);
    }
}

typedef struct
{
  IscUsageTable *table;
  GHashTable    *replicas;  /* nullable */
  gint64         now_ms;
} EstimateRun;

static void
estimate_one (IscWindow                  *self,
              IscFleetRow                *row,
              IscDeployment              *deployment,
              const IscInstanceTypePrice *price,
              gpointer                    data)
{
  EstimateRun *run = data;
  const IscTarget *target = isc_fleet_row_get_target (row);
  gint64 midnight_ms = run->now_ms - run->now_ms % (24 * 3600 * 1000);
  IscMetricsResponse *today = run->replicas != NULL ? g_hash_table_lookup (run->replicas, deployment->id) : NULL;
  g_autofree char *name = NULL;
  IscMoney estimated = 0;
  double replica_minutes = 0;

  /* Today's replicas step by step since 00:00 UTC; where they could not
   * be read, the replicas now for the whole of today so far. */
  if (!isc_cost_estimate (today, price->price_per_minute, midnight_ms, run->now_ms,
                          &estimated, &replica_minutes))
    {
      double replicas = isc_fleet_row_get_replicas (row);

      if (isnan (replicas) || replicas <= 0)
        return;
      replica_minutes = replicas * (double) (run->now_ms - midnight_ms) / 60000.0;
      estimated = isc_money_scale (price->price_per_minute, replica_minutes);
    }
  if (replica_minutes <= 0)
    return;
  /* Named as billing names its rows: "model · environment". */
  name = g_strdup_printf (_("%s · %s"), isc_fleet_row_get_model_name (row),
                          target->kind == ISC_TARGET_ENVIRONMENT ? target->id : isc_fleet_row_get_name (row));
  isc_usage_table_add_estimate (run->table, deployment->id, name, estimated, replica_minutes);
}

/* Billing has no figure for today: each serving deployment's active
 * replicas over today so far (@replicas: deployment id → its response,
 * else the overview's or discovery's replicas now) × its instance
 * type's price per minute, put on its row as an estimate (never summed
 * with the billed days). */
static void
estimate_today (IscWindow                   *self,
                IscUsageTable               *table,
                const IscInstanceTypePrices *prices,
                GHashTable                  *replicas,
                gint64                       now_ms)
{
  EstimateRun run = { table, replicas, now_ms };

  if (prices == NULL || isc_usage_table_get_n_billed_days (table) >= isc_usage_table_get_n_days (table))
    return;
  foreach_serving (self, prices, estimate_one, &run);
}

static void
estimate_show (EstimateJob *job)
{
  estimate_today (job->self, job->table, job->prices, job->replicas, job->now_ms);
  isc_usage_page_set_table (job->self->usage_page, g_steal_pointer (&job->table));
  estimate_job_free (job);
}

typedef struct
{
  EstimateJob *job;
  char        *deployment_id;
} ReplicasFetch;

static void
replicas_fetched_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  ReplicasFetch *fetch = user_data;
  EstimateJob *job = fetch->job;
  IscMetricsResponse *response;

  /* A failure leaves this deployment to the replicas-now estimate. */
  response = isc_client_fetch_metrics_finish (ISC_CLIENT (source), result, NULL);
  if (response != NULL)
    g_hash_table_insert (job->replicas, g_steal_pointer (&fetch->deployment_id), response);
  g_free (fetch->deployment_id);
  g_free (fetch);

  if (--job->pending > 0)
    return;
  if (g_cancellable_is_cancelled (job->cancellable) || job->self->usage_page == NULL)
    estimate_job_free (job);
  else
    estimate_show (job);
}

static void
fetch_replicas (IscWindow                  *self,
                IscFleetRow                *row,
                IscDeployment              *deployment,
                const IscInstanceTypePrice *price,
                gpointer                    data)
{
  EstimateJob *job = data;
  IscClient *client = isc_view_get_client (self->view);
  const char * const metrics[] = { "baseten_replicas_active", NULL };
  gint64 midnight_ms = job->now_ms - job->now_ms % (24 * 3600 * 1000);
  g_autoptr(IscTimeRange) range = NULL;
  IscQuery *query;
  ReplicasFetch *fetch;

  if (client == NULL || job->now_ms - midnight_ms < 60 * 1000)
    return;
  range = isc_time_range_new_absolute (midnight_ms, job->now_ms);
  query = isc_query_new (isc_fleet_row_get_target (row)->model_id, ISC_TARGET_DEPLOYMENT,
                         deployment->id, ISC_MODE_SERIES, range, metrics);
  fetch = g_new0 (ReplicasFetch, 1);
  fetch->job = job;
  fetch->deployment_id = g_strdup (deployment->id);
  job->pending++;
  /* For this moment only: today's range is never asked again. */
  isc_client_fetch_metrics_once_async (client, query, job->cancellable, replicas_fetched_cb, fetch);
  isc_query_free (query);
}

static void
estimate_prices_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  EstimateJob *job = user_data;

  job->prices = isc_usage_load_prices_finish (ISC_USAGE (source), result, NULL);
  if (g_cancellable_is_cancelled (job->cancellable) || job->self->usage_page == NULL)
    {
      estimate_job_free (job);
      return;
    }
  /* Without prices, no estimate: the billed days alone. With them, each
   * serving deployment's replicas over today, then the estimate. */
  job->now_ms = g_get_real_time () / 1000;
  job->replicas = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) isc_metrics_response_unref);
  /* Held while the requests go out, so one answered at once cannot end
   * the job before the rest are asked. */
  job->pending = 1;
  if (job->prices != NULL)
    foreach_serving (job->self, job->prices, fetch_replicas, job);
  if (--job->pending == 0)
    estimate_show (job);
}

static void
billing_loaded_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(IscWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) billing = NULL;
  IscUsageTable *table;

  billing = isc_usage_load_billing_finish (ISC_USAGE (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->usage_page == NULL)
    return;

  if (billing == NULL)
    {
      isc_usage_page_set_error (self->usage_page, error->message,
                                g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED));
      return;
    }
  table = isc_usage_table_new_from_billing (billing, g_get_real_time () / 1000);
  if (table != NULL && isc_usage_table_get_n_billed_days (table) < isc_usage_table_get_n_days (table))
    {
      /* Today: estimated once the prices are known. */
      EstimateJob *job = g_new0 (EstimateJob, 1);

      job->self = g_object_ref (self);
      job->table = table;
      job->cancellable = g_object_ref (self->usage_cancellable);
      isc_usage_load_prices_async (ISC_USAGE (source), job->cancellable, estimate_prices_cb, job);
      return;
    }
  isc_usage_page_set_table (self->usage_page, table);
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

  self->showing_model_apis = FALSE;
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

static void
model_api_usage_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(IscWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscModelApiUsage) usage = NULL;

  usage = isc_usage_load_model_api_usage_finish (ISC_USAGE (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->model_apis_page == NULL)
    return;
  if (usage == NULL)
    isc_model_apis_page_set_error (self->model_apis_page, error->message);
  else
    isc_model_apis_page_set_usage (self->model_apis_page, usage);
}

void
_isc_window_load_model_apis (IscWindow *self)
{
  IscUsage *usage = _isc_window_get_usage (self);
  g_autoptr(IscUsageQuery) query = NULL;
  gint64 start_ms, end_ms;

  if (usage == NULL)
    return;

  g_cancellable_cancel (self->model_apis_cancellable);
  g_clear_object (&self->model_apis_cancellable);
  self->model_apis_cancellable = g_cancellable_new ();

  /* Over the window's range, as the other charts. */
  isc_time_range_resolve (isc_view_get_range (self->view), g_get_real_time () / 1000, &start_ms, &end_ms);
  query = isc_usage_query_new (start_ms, end_ms,
                               isc_model_apis_page_get_group (self->model_apis_page),
                               isc_model_apis_page_get_model (self->model_apis_page));
  isc_model_apis_page_set_usage (self->model_apis_page, NULL);
  isc_charts_page_set_use_utc (isc_model_apis_page_get_charts (self->model_apis_page),
                               isc_view_get_use_utc (self->view));
  isc_usage_load_model_api_usage_async (usage, query, self->model_apis_cancellable,
                                        model_api_usage_cb, g_object_ref (self));
}

void
_isc_window_show_model_apis (IscWindow *self)
{
  gboolean was_showing = self->showing_overview && self->showing_model_apis;

  self->showing_usage = FALSE;
  self->showing_model_apis = TRUE;
  if (self->showing_overview)
    {
      isc_sidebar_select_model_api (self->sidebar, isc_model_apis_page_get_model (self->model_apis_page));
      _isc_window_update_state (self);
      _isc_window_update_title (self);
    }
  else
    _isc_window_show_overview (self, TRUE);
  _isc_window_update_modes_offered (self);
  /* Another API chosen while shown loaded through ::query-changed. */
  if (!was_showing)
    _isc_window_load_model_apis (self);
}

/* The page's chooser or grouping changed: the sidebar's row follows the
 * API chosen, and the charts load again. */
void
_isc_window_model_apis_query_changed (IscWindow *self)
{
  if (!(self->showing_overview && self->showing_model_apis))
    return;
  isc_sidebar_select_model_api (self->sidebar, isc_model_apis_page_get_model (self->model_apis_page));
  _isc_window_update_title (self);
  _isc_window_load_model_apis (self);
}

void
_isc_window_dispose_usage (IscWindow *self)
{
  g_cancellable_cancel (self->model_apis_cancellable);
  g_clear_object (&self->model_apis_cancellable);
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
