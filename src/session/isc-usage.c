/* isc-usage.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-usage"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-usage.h"

#define N_FEATURES 2

/* A billing summary kept for a period. */
typedef struct
{
  gint64             start_ms;
  gint64             end_ms;
  gint64             loaded_ms;   /* monotonic */
  IscBillingSummary *summary;
} KeptBilling;

struct _IscUsage
{
  GObject                parent_instance;

  /* Owned references */
  IscClient             *client;
  guint                  generation;    /* bumped by reset */
  IscInstanceTypePrices *prices;
  GPtrArray             *model_apis;    /* IscModelApi */
  GArray                *billing;       /* KeptBilling */

  gint64                 model_apis_ms; /* monotonic, when listed */
  char                  *refused[N_FEATURES];
};

G_DEFINE_FINAL_TYPE (IscUsage, isc_usage, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CLIENT,
  PROP_BILLING_REFUSED,
  PROP_USAGE_REFUSED,
  N_PROPS
};

enum {
  REFUSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
kept_billing_clear (gpointer data)
{
  KeptBilling *kept = data;

  g_clear_pointer (&kept->summary, isc_billing_summary_unref);
}

static void
isc_usage_dispose (GObject *object)
{
  IscUsage *self = ISC_USAGE (object);

  g_clear_object (&self->client);
  g_clear_pointer (&self->prices, isc_instance_type_prices_unref);
  g_clear_pointer (&self->model_apis, g_ptr_array_unref);
  g_clear_pointer (&self->billing, g_array_unref);

  G_OBJECT_CLASS (isc_usage_parent_class)->dispose (object);
}

static void
isc_usage_finalize (GObject *object)
{
  IscUsage *self = ISC_USAGE (object);

  for (guint i = 0; i < N_FEATURES; i++)
    g_free (self->refused[i]);

  G_OBJECT_CLASS (isc_usage_parent_class)->finalize (object);
}

static void
isc_usage_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  IscUsage *self = ISC_USAGE (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;

    case PROP_BILLING_REFUSED:
      g_value_set_boolean (value, isc_usage_is_refused (self, ISC_USAGE_FEATURE_BILLING));
      break;

    case PROP_USAGE_REFUSED:
      g_value_set_boolean (value, isc_usage_is_refused (self, ISC_USAGE_FEATURE_MODEL_API_USAGE));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_usage_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  IscUsage *self = ISC_USAGE (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      self->client = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_usage_class_init (IscUsageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_usage_dispose;
  object_class->finalize = isc_usage_finalize;
  object_class->get_property = isc_usage_get_property;
  object_class->set_property = isc_usage_set_property;

  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL,
                         ISC_TYPE_CLIENT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BILLING_REFUSED] =
    g_param_spec_boolean ("billing-refused", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_USAGE_REFUSED] =
    g_param_spec_boolean ("usage-refused", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * IscUsage::refused:
   * @feature: the IscUsageFeature refused
   * @message: what to show, once
   *
   * The first 403 on @feature since the usage was made or reset.
   */
  signals[REFUSED] =
    g_signal_new ("refused",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_STRING);
}

static void
isc_usage_init (IscUsage *self)
{
  self->billing = g_array_new (FALSE, TRUE, sizeof (KeptBilling));
  g_array_set_clear_func (self->billing, kept_billing_clear);
}

IscUsage *
isc_usage_new (IscClient *client)
{
  g_return_val_if_fail (ISC_IS_CLIENT (client), NULL);

  return g_object_new (ISC_TYPE_USAGE, "client", client, NULL);
}

IscClient *
isc_usage_get_client (IscUsage *self)
{
  g_return_val_if_fail (ISC_IS_USAGE (self), NULL);

  return self->client;
}

gboolean
isc_usage_is_refused (IscUsage        *self,
                      IscUsageFeature  feature)
{
  g_return_val_if_fail (ISC_IS_USAGE (self), FALSE);
  g_return_val_if_fail (feature < N_FEATURES, FALSE);

  return self->refused[feature] != NULL;
}

const char *
isc_usage_get_refused_message (IscUsage        *self,
                               IscUsageFeature  feature)
{
  g_return_val_if_fail (ISC_IS_USAGE (self), NULL);
  g_return_val_if_fail (feature < N_FEATURES, NULL);

  return self->refused[feature];
}

void
isc_usage_reset (IscUsage *self)
{
  g_return_if_fail (ISC_IS_USAGE (self));

  /* Loads under way still answer their callers, but what they bring is
   * not kept. */
  self->generation++;

  g_clear_pointer (&self->prices, isc_instance_type_prices_unref);
  g_clear_pointer (&self->model_apis, g_ptr_array_unref);
  g_array_set_size (self->billing, 0);

  for (guint i = 0; i < N_FEATURES; i++)
    if (self->refused[i] != NULL)
      {
        g_clear_pointer (&self->refused[i], g_free);
        g_object_notify_by_pspec (G_OBJECT (self),
                                  properties[i == ISC_USAGE_FEATURE_BILLING ? PROP_BILLING_REFUSED
                                                                            : PROP_USAGE_REFUSED]);
      }
}

/* A 403 on @feature: remembered, said once. */
static void
note_refused (IscUsage        *self,
              IscUsageFeature  feature,
              const GError    *error)
{
  if (self->refused[feature] != NULL)
    return;

  self->refused[feature] = g_strdup (error->message);
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[feature == ISC_USAGE_FEATURE_BILLING ? PROP_BILLING_REFUSED
                                                                            : PROP_USAGE_REFUSED]);
  g_signal_emit (self, signals[REFUSED], 0, (int) feature, error->message);
}

static gboolean
return_if_refused (IscUsage        *self,
                   GTask           *task,
                   IscUsageFeature  feature)
{
  if (self->refused[feature] == NULL)
    return FALSE;

  g_task_return_new_error (task, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED, "%s", self->refused[feature]);
  return TRUE;
}

/* ------------------------------------------------------------------------
 * Periods
 * ------------------------------------------------------------------------ */

static gint64
floor_day (gint64 ms)
{
  gint64 r = ms % ISC_DAY_MS;

  return r < 0 ? ms - r - ISC_DAY_MS : ms - r;
}

gboolean
isc_usage_billing_period (gint64  start_ms,
                          gint64  end_ms,
                          gint64 *period_start_ms,
                          gint64 *period_end_ms)
{
  gint64 start, end;

  g_return_val_if_fail (period_start_ms != NULL && period_end_ms != NULL, FALSE);

  if (end_ms <= start_ms || end_ms <= ISC_BILLING_EARLIEST_MS)
    return FALSE;

  start = floor_day (start_ms);
  end = floor_day (end_ms - 1) + ISC_DAY_MS;
  start = MAX (start, end - ISC_BILLING_MAX_PERIOD_DAYS * ISC_DAY_MS);
  start = MAX (start, ISC_BILLING_EARLIEST_MS);

  *period_start_ms = start;
  *period_end_ms = end;
  return TRUE;
}

void
isc_usage_recent_period (gint64  now_ms,
                         gint64 *period_start_ms,
                         gint64 *period_end_ms)
{
  gint64 end = floor_day (now_ms) + ISC_DAY_MS;

  g_return_if_fail (period_start_ms != NULL && period_end_ms != NULL);

  *period_end_ms = end;
  *period_start_ms = MAX (end - ISC_BILLING_MAX_PERIOD_DAYS * ISC_DAY_MS, ISC_BILLING_EARLIEST_MS);
}

/* ------------------------------------------------------------------------
 * Billing
 * ------------------------------------------------------------------------ */

typedef struct
{
  gint64 start_ms;
  gint64 end_ms;
  guint  generation;
} BillingLoad;

/* Whether what @task brings may be kept: no reset since it started. */
static gboolean
current (IscUsage *self,
         guint     generation)
{
  return self->client != NULL && self->generation == generation;
}

static void
on_billing (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  IscUsage *self = g_task_get_source_object (task);
  BillingLoad *load = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  IscBillingSummary *summary;

  summary = isc_client_fetch_billing_summary_finish (ISC_CLIENT (object), result, &error);
  if (summary == NULL)
    {
      if (g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED) && current (self, load->generation))
        note_refused (self, ISC_USAGE_FEATURE_BILLING, error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (current (self, load->generation))
    {
      KeptBilling kept = { load->start_ms, load->end_ms, g_get_monotonic_time () / 1000,
                           isc_billing_summary_ref (summary) };

      for (guint i = 0; i < self->billing->len; i++)
        if (g_array_index (self->billing, KeptBilling, i).start_ms == load->start_ms &&
            g_array_index (self->billing, KeptBilling, i).end_ms == load->end_ms)
          {
            g_array_remove_index_fast (self->billing, i);
            break;
          }
      /* A few periods at most: the Usage page's and the views' ranges. */
      if (self->billing->len >= 8)
        g_array_remove_index (self->billing, 0);
      g_array_append_val (self->billing, kept);
    }

  g_task_return_pointer (task, summary, (GDestroyNotify) isc_billing_summary_unref);
}

void
isc_usage_load_billing_async (IscUsage            *self,
                              gint64               start_ms,
                              gint64               end_ms,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  BillingLoad *load;
  gint64 now = g_get_monotonic_time () / 1000;

  g_return_if_fail (ISC_IS_USAGE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_usage_load_billing_async);

  if (return_if_refused (self, task, ISC_USAGE_FEATURE_BILLING))
    return;

  load = g_new0 (BillingLoad, 1);
  load->generation = self->generation;
  g_task_set_task_data (task, load, g_free);
  if (!isc_usage_billing_period (start_ms, end_ms, &load->start_ms, &load->end_ms))
    {
      g_task_return_new_error (task, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID,
                               _("Baseten keeps billing from 1 January 2026 on."));
      return;
    }

  for (guint i = 0; i < self->billing->len; i++)
    {
      KeptBilling *kept = &g_array_index (self->billing, KeptBilling, i);

      if (kept->start_ms == load->start_ms && kept->end_ms == load->end_ms &&
          now - kept->loaded_ms < ISC_USAGE_KEEP_MS)
        {
          g_task_return_pointer (task, isc_billing_summary_ref (kept->summary),
                                 (GDestroyNotify) isc_billing_summary_unref);
          return;
        }
    }

  isc_client_fetch_billing_summary_async (self->client, load->start_ms, load->end_ms, cancellable,
                                          on_billing, g_steal_pointer (&task));
}

IscBillingSummary *
isc_usage_load_billing_finish (IscUsage      *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (ISC_IS_USAGE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ------------------------------------------------------------------------
 * Prices
 * ------------------------------------------------------------------------ */

static void
on_prices (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  IscUsage *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  IscInstanceTypePrices *prices;

  prices = isc_client_fetch_instance_type_prices_finish (ISC_CLIENT (object), result, &error);
  if (prices == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (current (self, GPOINTER_TO_UINT (g_task_get_task_data (task))))
    {
      g_clear_pointer (&self->prices, isc_instance_type_prices_unref);
      self->prices = isc_instance_type_prices_ref (prices);
    }

  g_task_return_pointer (task, prices, (GDestroyNotify) isc_instance_type_prices_unref);
}

void
isc_usage_load_prices_async (IscUsage            *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ISC_IS_USAGE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_usage_load_prices_async);

  /* Prices change seldom: once a session. */
  if (self->prices != NULL)
    {
      g_task_return_pointer (task, isc_instance_type_prices_ref (self->prices),
                             (GDestroyNotify) isc_instance_type_prices_unref);
      return;
    }

  g_task_set_task_data (task, GUINT_TO_POINTER (self->generation), NULL);
  isc_client_fetch_instance_type_prices_async (self->client, cancellable, on_prices, g_steal_pointer (&task));
}

IscInstanceTypePrices *
isc_usage_load_prices_finish (IscUsage      *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (ISC_IS_USAGE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

IscInstanceTypePrices *
isc_usage_get_prices (IscUsage *self)
{
  g_return_val_if_fail (ISC_IS_USAGE (self), NULL);

  return self->prices;
}

/* ------------------------------------------------------------------------
 * Model APIs
 * ------------------------------------------------------------------------ */

static GPtrArray *
copy_apis (GPtrArray *apis)
{
  GPtrArray *copy = g_ptr_array_new_full (apis->len, (GDestroyNotify) isc_model_api_unref);

  for (guint i = 0; i < apis->len; i++)
    g_ptr_array_add (copy, isc_model_api_ref (g_ptr_array_index (apis, i)));

  return copy;
}

static void
on_model_apis (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  IscUsage *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) apis = NULL;

  apis = isc_client_list_model_apis_finish (ISC_CLIENT (object), result, &error);
  if (apis == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (current (self, GPOINTER_TO_UINT (g_task_get_task_data (task))))
    {
      g_clear_pointer (&self->model_apis, g_ptr_array_unref);
      self->model_apis = g_ptr_array_ref (apis);
      self->model_apis_ms = g_get_monotonic_time () / 1000;
    }

  g_task_return_pointer (task, copy_apis (apis), (GDestroyNotify) g_ptr_array_unref);
}

void
isc_usage_list_model_apis_async (IscUsage            *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ISC_IS_USAGE (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_usage_list_model_apis_async);

  if (self->model_apis != NULL &&
      g_get_monotonic_time () / 1000 - self->model_apis_ms < ISC_USAGE_KEEP_MS)
    {
      g_task_return_pointer (task, copy_apis (self->model_apis), (GDestroyNotify) g_ptr_array_unref);
      return;
    }

  g_task_set_task_data (task, GUINT_TO_POINTER (self->generation), NULL);
  isc_client_list_model_apis_async (self->client, TRUE, cancellable, on_model_apis, g_steal_pointer (&task));
}

GPtrArray *
isc_usage_list_model_apis_finish (IscUsage      *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (ISC_IS_USAGE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
on_model_api_usage (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  IscUsage *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  IscModelApiUsage *usage;

  usage = isc_client_fetch_model_api_usage_finish (ISC_CLIENT (object), result, &error);
  if (usage == NULL)
    {
      if (g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED) &&
          current (self, GPOINTER_TO_UINT (g_task_get_task_data (task))))
        note_refused (self, ISC_USAGE_FEATURE_MODEL_API_USAGE, error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  g_task_return_pointer (task, usage, (GDestroyNotify) isc_model_api_usage_unref);
}

void
isc_usage_load_model_api_usage_async (IscUsage            *self,
                                      const IscUsageQuery *query,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ISC_IS_USAGE (self));
  g_return_if_fail (query != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_usage_load_model_api_usage_async);

  if (return_if_refused (self, task, ISC_USAGE_FEATURE_MODEL_API_USAGE))
    return;

  g_task_set_task_data (task, GUINT_TO_POINTER (self->generation), NULL);
  isc_client_fetch_model_api_usage_async (self->client, query, cancellable, on_model_api_usage,
                                          g_steal_pointer (&task));
}

IscModelApiUsage *
isc_usage_load_model_api_usage_finish (IscUsage      *self,
                                       GAsyncResult  *result,
                                       GError       **error)
{
  g_return_val_if_fail (ISC_IS_USAGE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ------------------------------------------------------------------------
 * Cost
 * ------------------------------------------------------------------------ */

void
isc_usage_cost_of_target (IscCost                     *cost,
                          const IscBillingSummary     *billing,
                          const IscInstanceTypePrices *prices,
                          const char                  *deployment_id,
                          const char                  *model_name,
                          const char                  *environment_name,
                          const char                  *instance_type,
                          const IscMetricsResponse    *replicas,
                          gint64                       start_ms,
                          gint64                       end_ms,
                          gint64                       now_ms)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  const IscInstanceTypePrice *price = NULL;

  g_return_if_fail (cost != NULL);

  if (billing != NULL)
    {
      if (deployment_id != NULL)
        {
          const IscBillingItem *item = isc_billing_summary_lookup (billing, deployment_id);

          if (item != NULL)
            g_ptr_array_add (rows, (gpointer) item);
        }
      else
        isc_billing_summary_collect_environment (billing, model_name, environment_name, rows);
    }

  if (prices != NULL && instance_type != NULL)
    price = isc_instance_type_prices_lookup (prices, instance_type);

  isc_cost_compute (cost, billing, (const IscBillingItem * const *) rows->pdata, rows->len,
                    replicas, price != NULL ? &price->price_per_minute : NULL,
                    start_ms, end_ms, now_ms);
}
