/* isc-usage-client.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-usage-client"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-api-error-private.h"
#include "isc-client-private.h"
#include "isc-usage-client.h"

/* The loaders of billing, prices and Model APIs, over the client's
 * request machinery (isc-client-request.c). Decoding runs in its worker
 * thread; a decoder's failure becomes ISC_API_ERROR_MALFORMED with the
 * decoder's words. The paged loaders ask one page at a time, each a
 * request of its own with the client's retries, and join them. */

static GError *
malformed (GError *decode_error)
{
  GError *error = _isc_api_error_new_malformed (decode_error->message);

  g_error_free (decode_error);
  return error;
}

/* ------------------------------------------------------------------------
 * Billing summary
 * ------------------------------------------------------------------------ */

static gpointer
decode_billing (GBytes   *body,
                GBytes   *data,
                GError  **error)
{
  const gint64 *period = g_bytes_get_data (data, NULL);
  GError *local_error = NULL;
  gsize size = 0;
  const char *text = g_bytes_get_data (body, &size);
  IscBillingSummary *summary;

  summary = isc_billing_summary_decode (text != NULL ? text : "", size, period[0], period[1], &local_error);
  if (summary == NULL)
    g_propagate_error (error, malformed (local_error));

  return summary;
}

static gpointer
decode_nothing (GBytes   *body,
                GError  **error)
{
  g_return_val_if_reached (NULL);
}

void
isc_client_fetch_billing_summary_async (IscClient           *self,
                                        gint64               start_ms,
                                        gint64               end_ms,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GBytes) period = NULL;
  g_autofree char *params = NULL;
  gint64 p[2] = { start_ms, end_ms };
  GError *error = NULL;

  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  params = isc_billing_build_params (start_ms, end_ms, &error);
  task = _isc_client_request_new (self, "/v1/billing/usage_summary", params,
                                  decode_nothing, (GDestroyNotify) isc_billing_summary_unref,
                                  isc_client_fetch_billing_summary_async,
                                  cancellable, callback, user_data);

  /* Nothing is sent that the API would refuse. */
  if (params == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  period = g_bytes_new (p, sizeof p);
  _isc_client_request_set_decode_with (task, decode_billing, period);
  _isc_client_request_set_feature (task, _("the billing summary"));
  _isc_client_request_start (task);
}

IscBillingSummary *
isc_client_fetch_billing_summary_finish (IscClient     *self,
                                         GAsyncResult  *result,
                                         GError       **error)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == isc_client_fetch_billing_summary_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ------------------------------------------------------------------------
 * Instance type prices
 * ------------------------------------------------------------------------ */

static gpointer
decode_prices (GBytes   *body,
               GError  **error)
{
  GError *local_error = NULL;
  gsize size = 0;
  const char *text = g_bytes_get_data (body, &size);
  IscInstanceTypePrices *prices;

  prices = isc_instance_type_prices_decode (text != NULL ? text : "", size, &local_error);
  if (prices == NULL)
    g_propagate_error (error, malformed (local_error));

  return prices;
}

void
isc_client_fetch_instance_type_prices_async (IscClient           *self,
                                             GCancellable        *cancellable,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = _isc_client_request_new (self, "/v1/instance_type_prices", NULL,
                                  decode_prices, (GDestroyNotify) isc_instance_type_prices_unref,
                                  isc_client_fetch_instance_type_prices_async,
                                  cancellable, callback, user_data);
  _isc_client_request_start (task);
}

IscInstanceTypePrices *
isc_client_fetch_instance_type_prices_finish (IscClient     *self,
                                              GAsyncResult  *result,
                                              GError       **error)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == isc_client_fetch_instance_type_prices_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* ------------------------------------------------------------------------
 * Pages
 * ------------------------------------------------------------------------ */

/* One decoded page: what it holds and the next page's cursor. */
typedef struct
{
  gpointer        items;       /* GPtrArray of IscModelApi, or IscModelApiUsage */
  GDestroyNotify  items_free;
  char           *cursor;
} Page;

static void
page_free (Page *page)
{
  if (page->items != NULL)
    page->items_free (page->items);
  g_free (page->cursor);
  g_free (page);
}

static gpointer
decode_list_page (GBytes   *body,
                  GError  **error)
{
  GError *local_error = NULL;
  gsize size = 0;
  const char *text = g_bytes_get_data (body, &size);
  Page *page = g_new0 (Page, 1);

  page->items_free = (GDestroyNotify) g_ptr_array_unref;
  page->items = isc_model_apis_decode_page (text != NULL ? text : "", size, &page->cursor, &local_error);
  if (page->items == NULL)
    {
      page_free (page);
      g_propagate_error (error, malformed (local_error));
      return NULL;
    }

  return page;
}

static gpointer
decode_usage_page (GBytes   *body,
                   GBytes   *data,
                   GError  **error)
{
  const guint32 *width = g_bytes_get_data (data, NULL);
  GError *local_error = NULL;
  gsize size = 0;
  const char *text = g_bytes_get_data (body, &size);
  Page *page = g_new0 (Page, 1);

  page->items_free = (GDestroyNotify) isc_model_api_usage_unref;
  page->items = isc_model_api_usage_decode_page (text != NULL ? text : "", size, (IscUsageWidth) *width,
                                                 &page->cursor, &local_error);
  if (page->items == NULL)
    {
      page_free (page);
      g_propagate_error (error, malformed (local_error));
      return NULL;
    }

  return page;
}

typedef struct
{
  IscClient       *client;
  gboolean         usage;        /* else the list */
  gboolean         added_only;
  IscUsageQuery   *query;
  GBytes          *width;
  guint            n_pages;
  GPtrArray       *apis;         /* the list so far */
  IscModelApiUsage *joined;      /* usage so far */
} Load;

static void
load_free (Load *load)
{
  g_clear_object (&load->client);
  g_clear_pointer (&load->query, isc_usage_query_free);
  g_clear_pointer (&load->width, g_bytes_unref);
  g_clear_pointer (&load->apis, g_ptr_array_unref);
  g_clear_pointer (&load->joined, isc_model_api_usage_unref);
  g_free (load);
}

static void load_next_page (GTask      *task,
                            const char *cursor);

static void
on_page (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Load *load = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  Page *page;

  page = g_task_propagate_pointer (G_TASK (result), &error);
  if (page == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (load->usage)
    {
      if (load->joined == NULL)
        load->joined = isc_model_api_usage_ref (page->items);
      else
        {
          IscModelApiUsage *joined = isc_model_api_usage_concat (load->joined, page->items, &error);

          if (joined == NULL)
            {
              page_free (page);
              g_task_return_error (task, _isc_api_error_new_malformed (error->message));
              return;
            }
          isc_model_api_usage_unref (load->joined);
          load->joined = joined;
        }
    }
  else
    {
      GPtrArray *apis = page->items;

      for (guint i = 0; i < apis->len; i++)
        g_ptr_array_add (load->apis, isc_model_api_ref (g_ptr_array_index (apis, i)));
    }

  if (page->cursor != NULL)
    {
      if (load->n_pages >= ISC_USAGE_CLIENT_MAX_PAGES)
        {
          page_free (page);
          g_task_return_error (task, _isc_api_error_new_malformed (
                                 _("Baseten sent more pages than Inferscope reads.")));
          return;
        }
      load_next_page (g_steal_pointer (&task), page->cursor);
      page_free (page);
      return;
    }

  page_free (page);

  if (load->usage)
    g_task_return_pointer (task, g_steal_pointer (&load->joined), (GDestroyNotify) isc_model_api_usage_unref);
  else
    g_task_return_pointer (task, g_steal_pointer (&load->apis), (GDestroyNotify) g_ptr_array_unref);
}

/* Takes @task. */
static void
load_next_page (GTask      *task,
                const char *cursor)
{
  Load *load = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  g_autofree char *params = NULL;
  g_autoptr(GTask) request = NULL;

  load->n_pages++;

  if (load->usage)
    {
      params = isc_usage_query_build_params (load->query, cursor);
      request = _isc_client_request_new (load->client, "/v1/model_apis/usage", params,
                                         decode_list_page, (GDestroyNotify) page_free,
                                         load_next_page, cancellable, on_page, task);
      _isc_client_request_set_decode_with (request, decode_usage_page, load->width);
      _isc_client_request_set_feature (request, _("Model API usage"));
    }
  else
    {
      GString *p = g_string_new ("limit=1000");

      if (load->added_only)
        g_string_append (p, "&added_only=true");
      if (cursor != NULL)
        {
          g_string_append (p, "&cursor=");
          g_string_append_uri_escaped (p, cursor, NULL, FALSE);
        }
      params = g_string_free (p, FALSE);
      request = _isc_client_request_new (load->client, "/v1/model_apis", params,
                                         decode_list_page, (GDestroyNotify) page_free,
                                         load_next_page, cancellable, on_page, task);
    }

  /* The request's callback owns the reference to @task now. */
  _isc_client_request_start (request);
}

void
isc_client_list_model_apis_async (IscClient           *self,
                                  gboolean             added_only,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task;
  Load *load;

  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_client_list_model_apis_async);

  load = g_new0 (Load, 1);
  load->client = g_object_ref (self);
  load->added_only = added_only;
  load->apis = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_model_api_unref);
  g_task_set_task_data (task, load, (GDestroyNotify) load_free);

  load_next_page (task, NULL);
}

GPtrArray *
isc_client_list_model_apis_finish (IscClient     *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == isc_client_list_model_apis_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

void
isc_client_fetch_model_api_usage_async (IscClient           *self,
                                        const IscUsageQuery *query,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  GTask *task;
  Load *load;
  guint32 width;
  GError *error = NULL;

  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (query != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_client_fetch_model_api_usage_async);

  /* Nothing is sent that the API would refuse. */
  if (!isc_usage_query_validate (query, g_get_real_time () / 1000, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }

  width = query->width;
  load = g_new0 (Load, 1);
  load->client = g_object_ref (self);
  load->usage = TRUE;
  load->query = isc_usage_query_copy (query);
  load->width = g_bytes_new (&width, sizeof width);
  g_task_set_task_data (task, load, (GDestroyNotify) load_free);

  load_next_page (task, NULL);
}

IscModelApiUsage *
isc_client_fetch_model_api_usage_finish (IscClient     *self,
                                         GAsyncResult  *result,
                                         GError       **error)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == isc_client_fetch_model_api_usage_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
