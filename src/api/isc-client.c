/* isc-client.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-client"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-api-error-private.h"
#include "isc-client-private.h"
#include "isc-logs-decoder.h"

#define DEFAULT_CONNECT_TIMEOUT_MS 15000
#define DEFAULT_IDLE_TIMEOUT_MS    30000
/* A body that trickles in just under the idle timeout still ends. */
#define DEFAULT_TOTAL_TIMEOUT_MS   (5 * 60 * 1000)
/* …and one that drips (a byte a second) fails long before that: under
 * 1 KiB/s over 30 s is no answer. */
#define DEFAULT_RATE_WINDOW_MS     30000
#define DEFAULT_RATE_MIN_BYTES     (30 * 1024)
#define MAX_CONNECTIONS            8
#define MAX_CONNECTIONS_PER_HOST   4

G_DEFINE_FINAL_TYPE (IscClient, isc_client, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_BASE_URL,
  PROP_CACHE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
isc_client_dispose (GObject *object)
{
  IscClient *self = (IscClient *) object;

  g_clear_object (&self->session);
  g_clear_object (&self->cache);

  G_OBJECT_CLASS (isc_client_parent_class)->dispose (object);
}

static void
isc_client_finalize (GObject *object)
{
  IscClient *self = (IscClient *) object;

  g_free (self->base_url);
  g_free (self->host);
  if (self->api_key != NULL)
    memset (self->api_key, 0, strlen (self->api_key));
  g_free (self->api_key);

  G_OBJECT_CLASS (isc_client_parent_class)->finalize (object);
}

static void
isc_client_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  IscClient *self = ISC_CLIENT (object);

  switch (prop_id)
    {
    case PROP_BASE_URL:
      g_value_set_string (value, self->base_url);
      break;

    case PROP_CACHE:
      g_value_set_object (value, self->cache);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_client_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  IscClient *self = ISC_CLIENT (object);

  switch (prop_id)
    {
    case PROP_CACHE:
      isc_client_set_cache (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_client_class_init (IscClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_client_dispose;
  object_class->finalize = isc_client_finalize;
  object_class->get_property = isc_client_get_property;
  object_class->set_property = isc_client_set_property;

  /* Read-only: a new base URL is checked, so it is set with
   * isc_client_set_base_url(), which can fail. */
  properties[PROP_BASE_URL] =
    g_param_spec_string ("base-url", NULL, NULL,
                         ISC_CLIENT_DEFAULT_BASE_URL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_CACHE] =
    g_param_spec_object ("cache", NULL, NULL,
                         ISC_TYPE_RESPONSE_CACHE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_client_init (IscClient *self)
{
  self->connect_timeout_ms = DEFAULT_CONNECT_TIMEOUT_MS;
  self->idle_timeout_ms = DEFAULT_IDLE_TIMEOUT_MS;
  self->total_timeout_ms = DEFAULT_TOTAL_TIMEOUT_MS;
  self->rate_window_ms = DEFAULT_RATE_WINDOW_MS;
  self->rate_min_bytes = DEFAULT_RATE_MIN_BYTES;
  self->delay_scale = 1.0;
  self->max_body_size = ISC_CLIENT_MAX_BODY_BYTES;

  /* libsoup adds its content decoder by default, so gzip is accepted and
   * undone as the body is read. Our own timers bound connecting and each
   * read (see request_arm_timer() in isc-client-request.c); libsoup's
   * timeout is a backstop. Redirects are never followed (see
   * start_attempt() there), and TLS keeps the system's certificate checks.
   */
  self->session = soup_session_new_with_options ("user-agent", "Inferscope/" PACKAGE_VERSION,
                                                 "max-conns", MAX_CONNECTIONS,
                                                 "max-conns-per-host", MAX_CONNECTIONS_PER_HOST,
                                                 "timeout", DEFAULT_IDLE_TIMEOUT_MS / 1000 * 2,
                                                 "idle-timeout", 60,
                                                 NULL);
}

static gboolean
host_is_loopback (const char *host)
{
  g_autoptr(GInetAddress) address = NULL;

  if (host == NULL)
    return FALSE;

  if (g_ascii_strcasecmp (host, "localhost") == 0)
    return TRUE;

  address = g_inet_address_new_from_string (host);

  return address != NULL && g_inet_address_get_is_loopback (address);
}

char *
isc_client_check_base_url (const char  *base_url,
                           GError     **error)
{
  g_autoptr(GUri) uri = NULL;
  const char *scheme;
  const char *host;
  const char *path;
  g_autofree char *trimmed = NULL;

  g_return_val_if_fail (base_url != NULL, NULL);

  trimmed = g_strstrip (g_strdup (base_url));
  uri = g_uri_parse (trimmed, G_URI_FLAGS_NONE, NULL);
  host = uri != NULL ? g_uri_get_host (uri) : NULL;

  /* Messages never repeat the URL itself: it could carry a password. */
  if (uri == NULL || host == NULL || host[0] == '\0')
    {
      g_set_error_literal (error, ISC_API_ERROR, ISC_API_ERROR_INVALID_URL,
                           _("The base URL is not a web address. Use one like https://api.baseten.co."));
      return NULL;
    }

  if (g_uri_get_userinfo (uri) != NULL || g_uri_get_query (uri) != NULL ||
      g_uri_get_fragment (uri) != NULL)
    {
      g_set_error_literal (error, ISC_API_ERROR, ISC_API_ERROR_INVALID_URL,
                           _("The base URL may not hold a user name, password, query or fragment. "
                             "Use one like https://api.baseten.co."));
      return NULL;
    }

  scheme = g_uri_get_scheme (uri);
  if (g_ascii_strcasecmp (scheme, "https") != 0)
    {
      if (g_ascii_strcasecmp (scheme, "http") != 0)
        {
          g_set_error_literal (error, ISC_API_ERROR, ISC_API_ERROR_INVALID_URL,
                               _("The base URL must start with https://."));
          return NULL;
        }

      if (!host_is_loopback (host))
        {
          g_set_error (error, ISC_API_ERROR, ISC_API_ERROR_INVALID_URL,
                       _("Inferscope talks to “%s” only over https, so the key is never sent in the clear. "
                         "Plain http is allowed only to this computer (127.0.0.1, localhost or ::1)."),
                       host);
          return NULL;
        }
    }

  path = g_uri_get_path (uri);
  if (path[0] != '\0' && g_str_has_suffix (trimmed, "/"))
    trimmed[strlen (trimmed) - 1] = '\0';

  return g_steal_pointer (&trimmed);
}

IscClient *
isc_client_new (const char  *base_url,
                const char  *api_key,
                GError     **error)
{
  g_autoptr(IscClient) self = g_object_new (ISC_TYPE_CLIENT, NULL);

  if (!isc_client_set_base_url (self, base_url ? base_url : ISC_CLIENT_DEFAULT_BASE_URL, error))
    return NULL;

  isc_client_set_api_key (self, api_key);

  return g_steal_pointer (&self);
}

const char *
isc_client_get_base_url (IscClient *self)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);

  return self->base_url;
}

gboolean
isc_client_set_base_url (IscClient   *self,
                         const char  *base_url,
                         GError     **error)
{
  g_autofree char *checked = NULL;
  g_autoptr(GUri) uri = NULL;

  g_return_val_if_fail (ISC_IS_CLIENT (self), FALSE);
  g_return_val_if_fail (base_url != NULL, FALSE);

  if (!(checked = isc_client_check_base_url (base_url, error)))
    return FALSE;

  if (g_strcmp0 (checked, self->base_url) == 0)
    return TRUE;

  uri = g_uri_parse (checked, G_URI_FLAGS_NONE, NULL);
  g_free (self->host);
  self->host = g_strdup (g_uri_get_host (uri));
  g_free (self->base_url);
  self->base_url = g_steal_pointer (&checked);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BASE_URL]);

  return TRUE;
}

void
isc_client_set_api_key (IscClient  *self,
                        const char *api_key)
{
  g_return_if_fail (ISC_IS_CLIENT (self));

  if (self->api_key != NULL)
    memset (self->api_key, 0, strlen (self->api_key));
  g_clear_pointer (&self->api_key, g_free);

  /* A pasted key often brings a newline along. */
  if (api_key != NULL)
    {
      self->api_key = g_strstrip (g_strdup (api_key));
      if (self->api_key[0] == '\0')
        g_clear_pointer (&self->api_key, g_free);
    }
}

/**
 * isc_client_get_retry_not_before_ms:
 * @self: an #IscClient
 *
 * Returns: the wall-clock time (epoch ms) before which the last 429's
 *   Retry-After asked not to send again, or 0 when none was given; a
 *   caller that refreshes on a timer waits at least until then.
 */
gint64
isc_client_get_retry_not_before_ms (IscClient *self)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), 0);

  return self->retry_not_before_ms;
}

gboolean
isc_client_has_api_key (IscClient *self)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), FALSE);

  return self->api_key != NULL;
}

void
isc_client_set_cache (IscClient        *self,
                      IscResponseCache *cache)
{
  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (!cache || ISC_IS_RESPONSE_CACHE (cache));

  if (g_set_object (&self->cache, cache))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CACHE]);
}

IscResponseCache *
isc_client_get_cache (IscClient *self)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);

  return self->cache;
}

void
isc_client_set_timeouts (IscClient *self,
                         guint      connect_timeout_ms,
                         guint      idle_timeout_ms)
{
  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (connect_timeout_ms > 0 && idle_timeout_ms > 0);

  self->connect_timeout_ms = connect_timeout_ms;
  self->idle_timeout_ms = idle_timeout_ms;
  /* libsoup's own I/O timeout stays well behind ours. */
  g_object_set (self->session,
                "timeout", MAX (connect_timeout_ms, idle_timeout_ms) / 1000 * 2 + 2,
                NULL);
}

void
_isc_client_set_total_timeout (IscClient *self,
                               guint      total_timeout_ms)
{
  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (total_timeout_ms > 0);

  self->total_timeout_ms = total_timeout_ms;
}

void
_isc_client_set_min_throughput (IscClient *self,
                                guint      window_ms,
                                gsize      min_bytes)
{
  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (window_ms > 0);

  self->rate_window_ms = window_ms;
  self->rate_min_bytes = min_bytes;
}

void
_isc_client_set_delay_scale (IscClient *self,
                             double     scale)
{
  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (scale >= 0);

  self->delay_scale = scale;
}

void
_isc_client_set_max_body_size (IscClient *self,
                               gsize      max_body_size)
{
  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (max_body_size > 0);

  self->max_body_size = max_body_size;
}

/* Metrics */

static gpointer
decode_metrics (GBytes   *body,
                GError  **error)
{
  g_autoptr(GError) local_error = NULL;
  IscMetricsResponse *response;

  response = isc_metrics_response_new_from_bytes (body, &local_error);
  if (response == NULL)
    {
      g_propagate_error (error, _isc_api_error_new_malformed (local_error->message));
      return NULL;
    }

  return response;
}

static void
fetch_metrics (IscClient           *self,
               const IscQuery      *query,
               gboolean             keep,
               GCancellable        *cancellable,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  g_autofree char *path = NULL;
  g_autofree char *params = NULL;
  GError *error = NULL;
  gint64 now_ms;
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (query != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  now_ms = g_get_real_time () / 1000;
  path = isc_query_build_path (query);
  params = isc_query_build_params (query, now_ms);

  task = _isc_client_request_new (self, path, params,
                                  decode_metrics, (GDestroyNotify) isc_metrics_response_unref,
                                  isc_client_fetch_metrics_async,
                                  cancellable, callback, user_data);
  _isc_client_request_set_query (task, query, keep);

  /* Nothing is sent that the API would refuse. */
  if (!isc_query_validate (query, now_ms, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  _isc_client_request_start (task);
}

void
isc_client_fetch_metrics_async (IscClient           *self,
                                const IscQuery      *query,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  fetch_metrics (self, query, TRUE, cancellable, callback, user_data);
}

void
isc_client_fetch_metrics_once_async (IscClient           *self,
                                     const IscQuery      *query,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  fetch_metrics (self, query, FALSE, cancellable, callback, user_data);
}

IscMetricsResponse *
isc_client_fetch_metrics_finish (IscClient     *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == isc_client_fetch_metrics_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Logs */

static gpointer
decode_logs (GBytes   *body,
             GError  **error)
{
  g_autoptr(GError) local_error = NULL;
  gsize size = 0;
  const char *data = g_bytes_get_data (body, &size);
  GPtrArray *lines;

  lines = isc_logs_decode (data, size, &local_error);
  if (lines == NULL)
    {
      g_propagate_error (error, _isc_api_error_new_malformed (local_error->message));
      return NULL;
    }

  return lines;
}

void
isc_client_fetch_logs_async (IscClient           *self,
                             const IscLogsQuery  *query,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autofree char *path = NULL;
  g_autofree char *params = NULL;
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;

  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (query != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  path = isc_logs_query_build_path (query);
  params = isc_logs_query_build_params (query);

  task = _isc_client_request_new (self, path, params[0] != '\0' ? params : NULL,
                                  decode_logs, (GDestroyNotify) g_ptr_array_unref,
                                  isc_client_fetch_logs_async,
                                  cancellable, callback, user_data);
  _isc_client_request_set_logs_query (task, query);

  /* Nothing is sent that the API would refuse. */
  if (!isc_logs_query_validate (query, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  _isc_client_request_start (task);
}

GPtrArray *
isc_client_fetch_logs_finish (IscClient     *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == isc_client_fetch_logs_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Discovery */

static gpointer
decode_models (GBytes   *body,
               GError  **error)
{
  return isc_models_from_bytes (body, error);
}

static gpointer
decode_deployments (GBytes   *body,
                    GError  **error)
{
  return isc_deployments_from_bytes (body, error);
}

static gpointer
decode_environments (GBytes   *body,
                     GError  **error)
{
  return isc_environments_from_bytes (body, error);
}

static gpointer
decode_user (GBytes   *body,
             GError  **error)
{
  return isc_user_from_bytes (body, error);
}

void
isc_client_list_models_async (IscClient           *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ISC_IS_CLIENT (self));

  task = _isc_client_request_new (self, "/v1/models", NULL,
                                  decode_models, (GDestroyNotify) g_ptr_array_unref,
                                  isc_client_list_models_async,
                                  cancellable, callback, user_data);
  _isc_client_request_start (task);
}

GPtrArray *
isc_client_list_models_finish (IscClient     *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
list_model_children (IscClient           *self,
                     const char          *model_id,
                     const char          *what,
                     IscClientDecodeFunc  decode,
                     gpointer             source_tag,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autofree char *escaped = g_uri_escape_string (model_id, NULL, FALSE);
  g_autofree char *path = g_strdup_printf ("/v1/models/%s/%s", escaped, what);
  g_autoptr(GTask) task = NULL;

  task = _isc_client_request_new (self, path, NULL,
                                  decode, (GDestroyNotify) g_ptr_array_unref, source_tag,
                                  cancellable, callback, user_data);
  _isc_client_request_set_model_id (task, model_id);

  if (model_id[0] == '\0')
    {
      g_task_return_new_error (task, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_TARGET,
                               _("No model was chosen. Choose a model first."));
      return;
    }

  _isc_client_request_start (task);
}

void
isc_client_list_deployments_async (IscClient           *self,
                                   const char          *model_id,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (model_id != NULL);

  list_model_children (self, model_id, "deployments", decode_deployments,
                       isc_client_list_deployments_async,
                       cancellable, callback, user_data);
}

GPtrArray *
isc_client_list_deployments_finish (IscClient     *self,
                                    GAsyncResult  *result,
                                    GError       **error)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

void
isc_client_list_environments_async (IscClient           *self,
                                    const char          *model_id,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (model_id != NULL);

  list_model_children (self, model_id, "environments", decode_environments,
                       isc_client_list_environments_async,
                       cancellable, callback, user_data);
}

GPtrArray *
isc_client_list_environments_finish (IscClient     *self,
                                     GAsyncResult  *result,
                                     GError       **error)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

void
isc_client_get_current_user_async (IscClient           *self,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ISC_IS_CLIENT (self));

  task = _isc_client_request_new (self, "/v1/users/me", NULL,
                                  decode_user, (GDestroyNotify) isc_user_unref,
                                  isc_client_get_current_user_async,
                                  cancellable, callback, user_data);
  _isc_client_request_start (task);
}

IscUser *
isc_client_get_current_user_finish (IscClient     *self,
                                    GAsyncResult  *result,
                                    GError       **error)
{
  g_return_val_if_fail (ISC_IS_CLIENT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
