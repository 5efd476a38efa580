/* isc-usage-client.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-usage-client"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-usage-client.h"

/* STUB: the declarations for cost-ui; the loaders follow. */

static void
not_yet (IscClient           *self,
         gpointer             source_tag,
         GCancellable        *cancellable,
         GAsyncReadyCallback  callback,
         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_return_new_error (task, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED, "not implemented yet");
}

void
isc_client_fetch_billing_summary_async (IscClient           *self,
                                        gint64               start_ms,
                                        gint64               end_ms,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  not_yet (self, isc_client_fetch_billing_summary_async, cancellable, callback, user_data);
}

IscBillingSummary *
isc_client_fetch_billing_summary_finish (IscClient     *self,
                                         GAsyncResult  *result,
                                         GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
isc_client_fetch_instance_type_prices_async (IscClient           *self,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data)
{
  not_yet (self, isc_client_fetch_instance_type_prices_async, cancellable, callback, user_data);
}

IscInstanceTypePrices *
isc_client_fetch_instance_type_prices_finish (IscClient     *self,
                                              GAsyncResult  *result,
                                              GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
isc_client_list_model_apis_async (IscClient           *self,
                                  gboolean             added_only,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  not_yet (self, isc_client_list_model_apis_async, cancellable, callback, user_data);
}

GPtrArray *
isc_client_list_model_apis_finish (IscClient     *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
isc_client_fetch_model_api_usage_async (IscClient           *self,
                                        const IscUsageQuery *query,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  not_yet (self, isc_client_fetch_model_api_usage_async, cancellable, callback, user_data);
}

IscModelApiUsage *
isc_client_fetch_model_api_usage_finish (IscClient     *self,
                                         GAsyncResult  *result,
                                         GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
