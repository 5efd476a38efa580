/* isc-audit-log-loader.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-audit-log-loader"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-api-error-private.h"
#include "isc-audit-log-decoder.h"
#include "isc-audit-log-loader-private.h"
#include "isc-client-private.h"

/* The event type groups the charts draw. The spec maps no event type to a
 * group: MODEL_PROMOTION_CONTROL_ACTION is taken to be PROMOTED's and
 * MODEL_DEPLOYMENT_RETRIED DEPLOYED's, as the demo server has it. */
static const char * const groups[] = {
  "DEPLOYED",
  "PROMOTED",
  "ACTIVATED_DEACTIVATED",
  "AUTOSCALING_SETTINGS",
  "REQUEST_BACKPRESSURE_SETTINGS",
  "INSTANCE_TYPE_CHANGED",
  "ENVIRONMENT_SETTINGS",
  "REPLICA_TERMINATED",
};

static guint page_limit = ISC_AUDIT_LOG_PAGE_LIMIT;

void
_isc_audit_log_set_page_limit (guint limit)
{
  page_limit = limit > 0 ? MIN (limit, 200) : ISC_AUDIT_LOG_PAGE_LIMIT;
}

typedef struct
{
  IscClient *client;
  char      *model_id;
  gint64     start_ms;
  gint64     end_ms;
  GPtrArray *events;     /* IscEvent */
  GHashTable *seen;      /* event ids, as a cursor may repeat one */
  guint      n_pages;
  gboolean   truncated;
} Load;

static void
load_free (gpointer data)
{
  Load *load = data;

  g_clear_object (&load->client);
  g_free (load->model_id);
  g_clear_pointer (&load->events, g_ptr_array_unref);
  g_clear_pointer (&load->seen, g_hash_table_unref);
  g_free (load);
}

char *
isc_audit_log_build_path (const char *model_id)
{
  g_autofree char *escaped = NULL;

  g_return_val_if_fail (model_id != NULL, NULL);

  escaped = g_uri_escape_string (model_id, NULL, FALSE);
  return g_strdup_printf ("/v1/models/%s/audit_logs", escaped);
}

char *
isc_audit_log_build_params (gint64      start_ms,
                            gint64      end_ms,
                            const char *cursor)
{
  GString *str = g_string_new (NULL);

  g_string_append_printf (str, "limit=%u&direction=ASC", page_limit);
  if (start_ms > 0)
    g_string_append_printf (str, "&start_epoch_millis=%" G_GINT64_FORMAT, start_ms);
  if (end_ms > 0)
    g_string_append_printf (str, "&end_epoch_millis=%" G_GINT64_FORMAT, end_ms);
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    g_string_append_printf (str, "&event_type_groups=%s", groups[i]);
  if (cursor != NULL)
    {
      g_autofree char *escaped = g_uri_escape_string (cursor, NULL, FALSE);

      g_string_append_printf (str, "&cursor=%s", escaped);
    }

  return g_string_free (str, FALSE);
}

static gpointer
decode_page (GBytes   *body,
             GError  **error)
{
  g_autoptr(GError) local_error = NULL;
  gsize size = 0;
  const char *data = g_bytes_get_data (body, &size);
  IscAuditLogPage *page;

  page = isc_audit_log_decode (data != NULL ? data : "", size, &local_error);
  if (page == NULL)
    {
      g_propagate_error (error, _isc_api_error_new_malformed (local_error->message));
      return NULL;
    }

  return page;
}

static int
compare_events (gconstpointer a,
                gconstpointer b)
{
  return isc_event_compare (*(IscEvent **) a, *(IscEvent **) b);
}

static void fetch_page (GTask      *task,
                        const char *cursor);

static void
on_page (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GTask) task = data;
  Load *load = g_task_get_task_data (task);
  g_autoptr(IscAuditLogPage) page = NULL;
  GError *error = NULL;

  page = g_task_propagate_pointer (G_TASK (result), &error);
  if (page == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  load->n_pages++;
  for (guint i = 0; i < page->events->len; i++)
    {
      IscEvent *event = g_ptr_array_index (page->events, i);
      const char *id = isc_event_get_id (event);

      if (!g_hash_table_add (load->seen, g_strdup (id)))
        continue;
      g_ptr_array_add (load->events, g_object_ref (event));
    }

  if (page->has_more && page->cursor != NULL)
    {
      if (load->n_pages >= ISC_AUDIT_LOG_MAX_PAGES)
        {
          g_debug ("audit log of %s: stopped after %u pages", load->model_id, load->n_pages);
          load->truncated = TRUE;
        }
      else
        {
          fetch_page (g_steal_pointer (&task), page->cursor);
          return;
        }
    }

  g_ptr_array_sort (load->events, compare_events);
  g_task_return_pointer (task, g_ptr_array_ref (load->events), (GDestroyNotify) g_ptr_array_unref);
}

/* Takes @task. */
static void
fetch_page (GTask      *task,
            const char *cursor)
{
  Load *load = g_task_get_task_data (task);
  g_autofree char *path = isc_audit_log_build_path (load->model_id);
  g_autofree char *params = isc_audit_log_build_params (load->start_ms, load->end_ms, cursor);
  GTask *request;

  request = _isc_client_request_new (load->client, path, params,
                                     decode_page, (GDestroyNotify) isc_audit_log_page_free,
                                     fetch_page,
                                     g_task_get_cancellable (task), on_page, task);
  _isc_client_request_set_model_id (request, load->model_id);
  /* Translators: what a key may not read, after "This API key may not read" */
  _isc_client_request_set_feature (request, _("the audit log"));
  _isc_client_request_start (request);
  g_object_unref (request);
}

void
isc_audit_log_load_async (IscClient           *client,
                          const char          *model_id,
                          gint64               start_ms,
                          gint64               end_ms,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Load *load;

  g_return_if_fail (ISC_IS_CLIENT (client));
  g_return_if_fail (model_id != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (client, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_audit_log_load_async);
  load = g_new0 (Load, 1);
  load->client = g_object_ref (client);
  load->model_id = g_strdup (model_id);
  load->start_ms = start_ms;
  load->end_ms = end_ms;
  load->events = g_ptr_array_new_with_free_func (g_object_unref);
  load->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_task_set_task_data (task, load, load_free);

  fetch_page (g_steal_pointer (&task), NULL);
}

GPtrArray *
isc_audit_log_load_finish (GAsyncResult  *result,
                           gboolean      *truncated,
                           GError       **error)
{
  GPtrArray *events;

  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == isc_audit_log_load_async, NULL);

  events = g_task_propagate_pointer (G_TASK (result), error);
  if (truncated != NULL)
    *truncated = events != NULL && ((Load *) g_task_get_task_data (G_TASK (result)))->truncated;
  return events;
}

/* Which deployment served an environment before a time */

typedef struct
{
  char *environment;
} Find;

static void
find_free (gpointer data)
{
  Find *find = data;

  g_free (find->environment);
  g_free (find);
}

static void
on_found (GObject      *object,
          GAsyncResult *result,
          gpointer      data)
{
  g_autoptr(GTask) task = data;
  Find *find = g_task_get_task_data (task);
  g_autoptr(IscAuditLogPage) page = NULL;
  GError *error = NULL;

  page = g_task_propagate_pointer (G_TASK (result), &error);
  if (page == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  /* Newest first: the first promotion to it (the group may hold the
   * promotions' controls too). */
  for (guint i = 0; i < page->events->len; i++)
    {
      IscEvent *event = g_ptr_array_index (page->events, i);

      if (isc_event_get_kind (event) == ISC_EVENT_PROMOTED &&
          g_strcmp0 (isc_event_get_environment_name (event), find->environment) == 0 &&
          isc_event_get_deployment_id (event) != NULL)
        {
          g_task_return_pointer (task, g_strdup (isc_event_get_deployment_id (event)), g_free);
          return;
        }
    }
  g_task_return_pointer (task, NULL, NULL);
}

void
isc_audit_log_find_serving_async (IscClient           *client,
                                  const char          *model_id,
                                  const char          *environment,
                                  gint64               before_ms,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *path = NULL;
  g_autofree char *escaped = NULL;
  g_autofree char *params = NULL;
  GTask *request;
  Find *find;

  g_return_if_fail (ISC_IS_CLIENT (client));
  g_return_if_fail (model_id != NULL);
  g_return_if_fail (environment != NULL);

  task = g_task_new (client, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_audit_log_find_serving_async);
  find = g_new0 (Find, 1);
  find->environment = g_strdup (environment);
  g_task_set_task_data (task, find, find_free);

  path = isc_audit_log_build_path (model_id);
  escaped = g_uri_escape_string (environment, NULL, FALSE);
  params = g_strdup_printf ("limit=20&direction=DESC&end_epoch_millis=%" G_GINT64_FORMAT
                            "&event_type_groups=PROMOTED&environment_names=%s",
                            MAX (before_ms, 1), escaped);
  request = _isc_client_request_new (client, path, params,
                                     decode_page, (GDestroyNotify) isc_audit_log_page_free,
                                     isc_audit_log_find_serving_async,
                                     cancellable, on_found, g_steal_pointer (&task));
  _isc_client_request_set_model_id (request, model_id);
  _isc_client_request_set_feature (request, _("the audit log"));
  _isc_client_request_start (request);
  g_object_unref (request);
}

char *
isc_audit_log_find_serving_finish (GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == isc_audit_log_find_serving_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
