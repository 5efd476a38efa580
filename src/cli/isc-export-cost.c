/* isc-export-cost.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* `inferscope export --cost`: two more CSV columns with what the target
 * cost, billed and estimated kept apart as everywhere (isc-cost.h).
 *
 *   "cost billed, per UTC day (USD)": on the row whose step holds the
 *     start of a whole UTC day that Baseten's billing summary covers, that
 *     day's bill for the target (a SUMMARY's one row: all of them); empty
 *     on every other row.
 *   "cost estimated (USD)": active replicas × the instance type's price
 *     per minute over the part of the row's step outside those days;
 *     empty where there is no such part.
 *
 * So the billed column sums to the billed figure and the estimated one to
 * the estimate; they are never added. With steps that divide a day (the
 * series Baseten sends), no row holds both. The bill, the prices and the
 * target's instance type come from the same API as the response (the
 * demo's, or the base URL's with the keyring's key). A key that may not
 * read billing is said once on standard error; every row is then an
 * estimate.
 */

#define G_LOG_DOMAIN "isc-export"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-csv.h"
#include "isc-demo-server.h"
#include "isc-export-private.h"
#include "isc-usage.h"

#define REPLICAS  "baseten_replicas_active"

struct _IscExportCost
{
  IscCost             cost;      /* over the response's window */
  IscMetricsResponse *replicas;  /* the response itself, or a load of its own */
  IscMoney            price;
  gboolean            has_price;
  IscBillingSummary  *billing;
  GPtrArray          *rows;      /* borrowed IscBillingItem of the target */
};

void
_isc_export_cost_free (IscExportCost *cost)
{
  if (cost == NULL)
    return;

  g_clear_pointer (&cost->replicas, isc_metrics_response_unref);
  g_clear_pointer (&cost->billing, isc_billing_summary_unref);
  g_clear_pointer (&cost->rows, g_ptr_array_unref);
  g_free (cost);
}

typedef struct
{
  gboolean  done;
  gpointer  result;
  GError   *error;
} Wait;

static void
on_done (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  Wait *wait = data;
  gpointer tag = g_task_get_source_tag (G_TASK (result));

  if (tag == isc_usage_load_billing_async)
    wait->result = isc_usage_load_billing_finish (ISC_USAGE (object), result, &wait->error);
  else if (tag == isc_usage_load_prices_async)
    wait->result = isc_usage_load_prices_finish (ISC_USAGE (object), result, &wait->error);
  else if (tag == isc_client_fetch_metrics_async)
    wait->result = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &wait->error);
  else if (tag == isc_client_list_models_async)
    wait->result = isc_client_list_models_finish (ISC_CLIENT (object), result, &wait->error);
  else if (tag == isc_client_list_deployments_async)
    wait->result = isc_client_list_deployments_finish (ISC_CLIENT (object), result, &wait->error);
  else
    wait->result = isc_client_list_environments_finish (ISC_CLIENT (object), result, &wait->error);
  wait->done = TRUE;
}

static void
wait_for (Wait         *wait,
          GMainContext *context)
{
  while (!wait->done)
    g_main_context_iteration (context, TRUE);
}

/* The target's instance type and its model's name, from discovery. */
static gboolean
describe_target (IscClient       *client,
                 const IscQuery  *query,
                 GMainContext    *context,
                 GCancellable    *cancellable,
                 char           **instance_type,
                 char           **model_name,
                 GError         **error)
{
  Wait models = { 0 };
  Wait targets = { 0 };
  g_autoptr(GPtrArray) model_list = NULL;
  g_autoptr(GPtrArray) target_list = NULL;

  isc_client_list_models_async (client, cancellable, on_done, &models);
  wait_for (&models, context);
  if (models.error != NULL)
    {
      g_propagate_error (error, models.error);
      return FALSE;
    }
  model_list = models.result;
  for (guint i = 0; i < model_list->len; i++)
    {
      IscModel *model = g_ptr_array_index (model_list, i);

      if (g_strcmp0 (model->id, query->model_id) == 0)
        {
          *model_name = g_strdup (model->name);
          *instance_type = g_strdup (model->instance_type_name);
        }
    }

  if (query->target_kind == ISC_TARGET_ENVIRONMENT)
    isc_client_list_environments_async (client, query->model_id, cancellable, on_done, &targets);
  else
    isc_client_list_deployments_async (client, query->model_id, cancellable, on_done, &targets);
  wait_for (&targets, context);
  if (targets.error != NULL)
    {
      g_propagate_error (error, targets.error);
      return FALSE;
    }
  target_list = targets.result;

  for (guint i = 0; i < target_list->len; i++)
    {
      const char *type = NULL;

      if (query->target_kind == ISC_TARGET_ENVIRONMENT)
        {
          IscEnvironment *env = g_ptr_array_index (target_list, i);

          if (g_strcmp0 (env->name, query->target) == 0 && env->current_deployment != NULL)
            type = env->current_deployment->instance_type_name;
        }
      else
        {
          IscDeployment *dep = g_ptr_array_index (target_list, i);

          if (g_strcmp0 (dep->id, query->target) == 0)
            type = dep->instance_type_name;
        }

      if (type != NULL)
        {
          g_free (*instance_type);
          *instance_type = g_strdup (type);
        }
    }

  return TRUE;
}

static gboolean
load_with_client (IscExportCost             *cost,
                  IscClient                 *client,
                  const IscExportLiveOptions *live,
                  IscMetricsResponse        *response,
                  GMainContext              *context,
                  GCancellable              *cancellable,
                  GError                   **error)
{
  g_autoptr(IscUsage) usage = isc_usage_new (client);
  g_autoptr(IscInstanceTypePrices) prices = NULL;
  g_autofree char *instance_type = NULL;
  g_autofree char *model_name = NULL;
  const IscInstanceTypePrice *price;
  const IscQuery *query = live->query;
  gint64 start_ms = isc_metrics_response_get_start_ms (response);
  gint64 end_ms = isc_metrics_response_get_end_ms (response);
  Wait prices_wait = { 0 };
  Wait billing_wait = { 0 };

  if (!describe_target (client, query, context, cancellable, &instance_type, &model_name, error))
    return FALSE;

  isc_usage_load_prices_async (usage, cancellable, on_done, &prices_wait);
  wait_for (&prices_wait, context);
  if (prices_wait.error != NULL)
    {
      g_propagate_error (error, prices_wait.error);
      return FALSE;
    }
  prices = prices_wait.result;
  price = isc_instance_type_prices_lookup (prices, instance_type);
  if (price != NULL)
    {
      cost->has_price = TRUE;
      cost->price = price->price_per_minute;
    }
  else
    g_printerr ("inferscope export: %s\n",
                _("Baseten has no price for the target’s instance type: no estimate"));

  isc_usage_load_billing_async (usage, start_ms, end_ms, cancellable, on_done, &billing_wait);
  wait_for (&billing_wait, context);
  if (g_error_matches (billing_wait.error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED))
    {
      /* Said once; the rest is an estimate. */
      g_printerr ("inferscope export: %s %s\n", billing_wait.error->message,
                  _("Every cost is an estimate."));
      g_clear_error (&billing_wait.error);
    }
  else if (billing_wait.error != NULL)
    {
      g_propagate_error (error, billing_wait.error);
      return FALSE;
    }
  cost->billing = billing_wait.result;

  cost->rows = g_ptr_array_new ();
  if (cost->billing != NULL)
    {
      if (query->target_kind == ISC_TARGET_DEPLOYMENT)
        {
          const IscBillingItem *item = isc_billing_summary_lookup (cost->billing, query->target);

          if (item != NULL)
            g_ptr_array_add (cost->rows, (gpointer) item);
        }
      else
        isc_billing_summary_collect_environment (cost->billing, model_name, query->target, cost->rows);
    }

  /* The estimate needs the replicas: the response's, or its own. */
  if (isc_metrics_response_lookup_metric (response, REPLICAS) != NULL)
    cost->replicas = isc_metrics_response_ref (response);
  else
    {
      const char *names[] = { REPLICAS, NULL };
      g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (start_ms, end_ms);
      g_autoptr(IscQuery) replicas_query = isc_query_new (query->model_id, query->target_kind, query->target,
                                                          isc_metrics_response_get_mode (response),
                                                          range, names);
      Wait wait = { 0 };

      isc_client_fetch_metrics_async (client, replicas_query, cancellable, on_done, &wait);
      wait_for (&wait, context);
      if (wait.error != NULL)
        {
          g_propagate_error (error, wait.error);
          return FALSE;
        }
      cost->replicas = wait.result;
    }

  isc_cost_compute (&cost->cost, cost->billing, (const IscBillingItem * const *) cost->rows->pdata,
                    cost->rows->len, cost->replicas, cost->has_price ? &cost->price : NULL,
                    start_ms, end_ms, g_get_real_time () / 1000);
  return TRUE;
}

IscExportCost *
_isc_export_cost_load (const IscExportLiveOptions  *live,
                       IscMetricsResponse          *response,
                       GCancellable                *cancellable,
                       GError                     **error)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(IscDemoServer) demo = NULL;
  g_autoptr(IscClient) client = NULL;
  g_autofree char *api_key = NULL;
  IscExportCost *cost = g_new0 (IscExportCost, 1);
  IscKeySource key_source = ISC_KEY_SOURCE_NONE;
  gboolean ok = FALSE;

  g_main_context_push_thread_default (context);

  client = _isc_export_live_open_client (live, &demo, &api_key, &key_source, cancellable, error);
  if (client == NULL)
    goto out;

  ok = load_with_client (cost, client, live, response, context, cancellable, error);

out:
  _isc_export_live_close_client (context, &client, &demo, &api_key);

  if (!ok)
    {
      g_prefix_error (error, "%s", _("Could not load the cost: "));
      g_clear_pointer (&cost, _isc_export_cost_free);
    }

  return cost;
}

const IscCost *
_isc_export_cost_get (const IscExportCost *cost)
{
  return &cost->cost;
}

/* Exact to the micro-dollar: per-step estimates are fractions of a cent. */
static void
append_money (GString  *out,
              IscMoney  money)
{
  guint64 abs_micros = (guint64) ABS (money);

  g_string_append_printf (out, "%s%" G_GUINT64_FORMAT ".%06" G_GUINT64_FORMAT,
                          money < 0 ? "-" : "",
                          abs_micros / (guint64) ISC_MONEY_MICROS_PER_DOLLAR,
                          abs_micros % (guint64) ISC_MONEY_MICROS_PER_DOLLAR);
}

/* The estimate over [a, b), added to *sum; FALSE when nothing could be
 * estimated there. */
static gboolean
add_estimate (const IscExportCost *cost,
              gint64               a,
              gint64               b,
              IscMoney            *sum)
{
  IscMoney part = 0;

  if (b <= a || !isc_cost_estimate (cost->replicas, cost->price, a, b, &part, NULL))
    return FALSE;

  *sum = isc_money_add (*sum, part);
  return TRUE;
}

GBytes *
_isc_export_cost_append_columns (const IscExportCost *cost,
                                 IscMetricsResponse  *response,
                                 GBytes              *csv)
{
  const IscCost *c = &cost->cost;
  g_auto(GStrv) lines = NULL;
  guint n_steps = isc_metrics_response_get_n_steps (response);
  gsize length = 0;
  const char *data = g_bytes_get_data (csv, &length);
  GString *out = g_string_new (NULL);

  {
    g_autofree char *text = g_strndup (data, length);

    lines = g_strsplit (text, "\r\n", -1);
  }

  for (guint line = 0; lines[line] != NULL && lines[line][0] != '\0'; line++)
    {
      g_string_append (out, lines[line]);
      g_string_append_c (out, ',');

      if (line == 0)
        {
          isc_csv_append_field (out, _("cost billed, per UTC day (USD)"));
          g_string_append_c (out, ',');
          isc_csv_append_field (out, _("cost estimated (USD)"));
        }
      else if (line - 1 < n_steps)
        {
          gint64 s = isc_metrics_response_get_step_start_ms (response, line - 1);
          gint64 e = isc_metrics_response_get_step_end_ms (response, line - 1);
          IscMoney estimate = 0;
          gboolean estimated = FALSE;

          /* Billed: the bills of the billed days that begin in this step
           * (a day's first row; a SUMMARY's one row holds them all). */
          if (c->has_billed && s < c->billed_end_ms && e > c->billed_start_ms)
            {
              gint64 first = MAX (s, c->billed_start_ms);
              gint64 day = first % ISC_DAY_MS == 0 ? first : first - first % ISC_DAY_MS + ISC_DAY_MS;
              IscMoney sum = 0;
              gboolean any = FALSE;

              /* A covered day with no row for the target billed nothing. */
              for (; day < MIN (e, c->billed_end_ms); day += ISC_DAY_MS)
                {
                  any = TRUE;
                  for (guint i = 0; i < cost->rows->len; i++)
                    {
                      const IscBillingDay *row = isc_billing_item_lookup_day (g_ptr_array_index (cost->rows, i), day);

                      if (row != NULL)
                        sum = isc_money_add (sum, row->subtotal);
                    }
                }
              if (any)
                {
                  g_autofree char *text = isc_money_to_decimal (sum);

                  g_string_append (out, text);
                }
            }
          g_string_append_c (out, ',');

          /* Estimated: the parts of the step outside the billed days. */
          if (cost->has_price)
            {
              if (!c->has_billed)
                estimated = add_estimate (cost, s, e, &estimate);
              else
                {
                  estimated = add_estimate (cost, s, MIN (e, c->billed_start_ms), &estimate);
                  estimated = add_estimate (cost, MAX (s, c->billed_end_ms), e, &estimate) || estimated;
                }
            }
          if (estimated)
            append_money (out, estimate);
        }
      else
        g_string_append_c (out, ',');

      g_string_append (out, "\r\n");
    }

  return g_string_free_to_bytes (out);
}
