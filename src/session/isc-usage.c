/* isc-usage.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-usage"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-usage.h"

/* STUB: the declarations for cost-ui; the behaviour follows. */

struct _IscUsage
{
  GObject    parent_instance;

  IscClient *client;
};

G_DEFINE_FINAL_TYPE (IscUsage, isc_usage, G_TYPE_OBJECT)

static void
isc_usage_dispose (GObject *object)
{
  IscUsage *self = ISC_USAGE (object);

  g_clear_object (&self->client);

  G_OBJECT_CLASS (isc_usage_parent_class)->dispose (object);
}

static void
isc_usage_class_init (IscUsageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_usage_dispose;
}

static void
isc_usage_init (IscUsage *self)
{
}

IscUsage *
isc_usage_new (IscClient *client)
{
  IscUsage *self = g_object_new (ISC_TYPE_USAGE, NULL);

  self->client = g_object_ref (client);
  return self;
}

IscClient *
isc_usage_get_client (IscUsage *self)
{
  return self->client;
}

gboolean
isc_usage_is_refused (IscUsage        *self,
                      IscUsageFeature  feature)
{
  return FALSE;
}

const char *
isc_usage_get_refused_message (IscUsage        *self,
                               IscUsageFeature  feature)
{
  return NULL;
}

void
isc_usage_reset (IscUsage *self)
{
}

gboolean
isc_usage_billing_period (gint64  start_ms,
                          gint64  end_ms,
                          gint64 *period_start_ms,
                          gint64 *period_end_ms)
{
  return FALSE;
}

void
isc_usage_recent_period (gint64  now_ms,
                         gint64 *period_start_ms,
                         gint64 *period_end_ms)
{
  *period_start_ms = 0;
  *period_end_ms = 0;
}

void
isc_usage_load_billing_async (IscUsage            *self,
                              gint64               start_ms,
                              gint64               end_ms,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not implemented yet");
}

IscBillingSummary *
isc_usage_load_billing_finish (IscUsage      *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
isc_usage_load_prices_async (IscUsage            *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not implemented yet");
}

IscInstanceTypePrices *
isc_usage_load_prices_finish (IscUsage      *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

IscInstanceTypePrices *
isc_usage_get_prices (IscUsage *self)
{
  return NULL;
}

void
isc_usage_list_model_apis_async (IscUsage            *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not implemented yet");
}

GPtrArray *
isc_usage_list_model_apis_finish (IscUsage      *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
isc_usage_load_model_api_usage_async (IscUsage            *self,
                                      const IscUsageQuery *query,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "not implemented yet");
}

IscModelApiUsage *
isc_usage_load_model_api_usage_finish (IscUsage      *self,
                                       GAsyncResult  *result,
                                       GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

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
  isc_cost_compute (cost, NULL, NULL, 0, NULL, NULL, start_ms, end_ms, now_ms);
}
