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
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-api-error-private.h"
#include "isc-client-private.h"

#define DEFAULT_CONNECT_TIMEOUT_MS 15000
#define DEFAULT_IDLE_TIMEOUT_MS    30000
/* A body that trickles in just under the idle timeout still ends. */
#define DEFAULT_TOTAL_TIMEOUT_MS   (5 * 60 * 1000)
#define MAX_CONNECTIONS            8
#define MAX_CONNECTIONS_PER_HOST   4
#define READ_CHUNK                 (64 * 1024)
/* Enough of an error body for its message; the rest is not read. */
#define MAX_ERROR_BODY             (64 * 1024)
/* A 429 that asks for a longer wait fails at once rather than hang. */
#define MAX_RETRY_AFTER_S          60.0
#define SERVER_ERROR_BACKOFF_MS    500.0

struct _IscClient
{
  GObject            parent_instance;

  /* Owned references */
  SoupSession       *session;
  IscResponseCache  *cache;

  char              *base_url;
  char              *host;
  char              *api_key;

  /* Wall-clock ms before which Baseten asked not to come back (a 429's
   * Retry-After the client did not wait out itself), or 0. */
  gint64             retry_not_before_ms;

  guint              connect_timeout_ms;
  guint              idle_timeout_ms;
  guint              total_timeout_ms;
  double             delay_scale;
  gsize              max_body_size;
};

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
  self->delay_scale = 1.0;
  self->max_body_size = ISC_CLIENT_MAX_BODY_BYTES;

  /* libsoup adds its content decoder by default, so gzip is accepted and
   * undone as the body is read. Our own timers bound connecting and each
   * read (see request_arm_timer); libsoup's timeout is a backstop. Redirects
   * are never followed (see start_attempt), and TLS keeps the system's
   * certificate checks.
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

/* Requests
 *
 * One GTask per call, its state in a Request. The steps run on the calling
 * thread's main context: send, read the body in chunks (capped), then decode
 * in a worker thread. A 429 or 5xx waits and starts again. The caller's
 * cancellable is chained to an internal one, which the connect and idle
 * timers also cancel; timed_out tells the two apart.
 *
 * The steps borrow the task. Whatever goes on asynchronously (a send, a
 * read, a wait, the decoding) takes a reference of its own, which its
 * callback adopts with g_autoptr.
 */

typedef struct _Request Request;
typedef gpointer (*DecodeFunc) (GBytes   *body,
                                GError  **error);

struct _Request
{
  IscClient        *client;
  GMainContext     *context;
  char             *uri;
  char             *host;
  char             *base_url;
  char             *api_key;
  IscQuery         *query;             /* metrics: what is asked */
  char             *model_id;          /* a model's deployments or environments */
  DecodeFunc        decode;
  GDestroyNotify    result_free;
  IscResponseCache *cache;

  GCancellable     *cancellable;       /* internal */
  GCancellable     *user_cancellable;
  gulong            cancelled_id;
  GSource          *timer;
  GSource          *deadline;
  gboolean          timed_out;
  gboolean          reading_body;
  GSource          *wait_source;
  GSource          *wait_cancel_source;

  SoupMessage      *message;
  GInputStream     *stream;
  GByteArray       *body;
  GBytes           *body_bytes;
  gsize             limit;
  guint             status;
  guint             n_rate_limited;
  guint             n_server_errors;
};

static void
destroy_source (GSource **source)
{
  if (*source != NULL)
    {
      g_source_destroy (*source);
      g_clear_pointer (source, g_source_unref);
    }
}

static void
request_free (gpointer data)
{
  Request *request = data;

  destroy_source (&request->timer);
  destroy_source (&request->deadline);
  destroy_source (&request->wait_source);
  destroy_source (&request->wait_cancel_source);

  if (request->user_cancellable != NULL)
    g_cancellable_disconnect (request->user_cancellable, request->cancelled_id);

  g_clear_object (&request->user_cancellable);
  g_clear_object (&request->cancellable);
  g_clear_object (&request->client);
  g_clear_pointer (&request->context, g_main_context_unref);
  g_free (request->uri);
  g_free (request->host);
  g_free (request->base_url);
  if (request->api_key != NULL)
    memset (request->api_key, 0, strlen (request->api_key));
  g_free (request->api_key);
  g_clear_pointer (&request->query, isc_query_free);
  g_free (request->model_id);
  g_clear_object (&request->cache);
  g_clear_object (&request->message);
  g_clear_object (&request->stream);
  g_clear_pointer (&request->body, g_byte_array_unref);
  g_clear_pointer (&request->body_bytes, g_bytes_unref);
  g_free (request);
}

static void
on_user_cancelled (GCancellable *cancellable,
                   gpointer      data)
{
  GCancellable *internal = data;

  g_cancellable_cancel (internal);
}

/* The connect-and-headers or idle timer, or the whole attempt's deadline,
 * ran out. The source stays in its slot, destroyed: destroy_source()
 * drops it with the others. */
static gboolean
on_timeout (gpointer data)
{
  Request *request = data;

  request->timed_out = TRUE;
  g_cancellable_cancel (request->cancellable);

  return G_SOURCE_REMOVE;
}

static void
request_arm (Request    *request,
             GSource   **slot,
             guint       timeout_ms,
             const char *name)
{
  destroy_source (slot);

  *slot = g_timeout_source_new (timeout_ms);
  g_source_set_callback (*slot, on_timeout, request, NULL);
  g_source_set_static_name (*slot, name);
  g_source_attach (*slot, request->context);
}

static void
request_arm_deadline (Request *request)
{
  request_arm (request, &request->deadline, request->client->total_timeout_ms,
               "[inferscope] request deadline");
}

static void
request_arm_timer (Request *request,
                   guint    timeout_ms)
{
  request_arm (request, &request->timer, timeout_ms, "[inferscope] request timeout");
}

static void
request_return_error (GTask  *task,
                      GError *error)
{
  Request *request = g_task_get_task_data (task);

  destroy_source (&request->timer);
  destroy_source (&request->deadline);
  destroy_source (&request->wait_source);
  destroy_source (&request->wait_cancel_source);

  g_task_return_error (task, error);
}

/* A GIO or libsoup failure. */
static void
request_fail (GTask        *task,
              const GError *error)
{
  Request *request = g_task_get_task_data (task);
  gboolean timed_out = request->timed_out &&
                       !g_cancellable_is_cancelled (request->user_cancellable);

  request_return_error (task,
                        _isc_api_error_from_io (error, request->host, timed_out,
                                                request->reading_body, request->api_key));
}

static void start_attempt (GTask *task);

static void
wait_over (GTask *task)
{
  Request *request = g_task_get_task_data (task);

  destroy_source (&request->wait_source);
  destroy_source (&request->wait_cancel_source);
}

/* The wait holds one reference to the task for its two sources: whichever
 * fires first takes it and destroys the other. */
static gboolean
on_wait_done (gpointer data)
{
  g_autoptr(GTask) task = data;

  wait_over (task);
  start_attempt (task);

  return G_SOURCE_REMOVE;
}

static gboolean
on_wait_cancelled (GCancellable *cancellable,
                   gpointer      data)
{
  g_autoptr(GTask) task = data;
  g_autoptr(GError) error = NULL;

  wait_over (task);

  error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "Operation was cancelled");
  request_fail (task, error);

  return G_SOURCE_REMOVE;
}

/* Wait, cancellable, then try again. */
static void
request_retry_after (GTask  *task,
                     double  delay_ms)
{
  Request *request = g_task_get_task_data (task);
  guint ms = (guint) CLAMP (delay_ms * request->client->delay_scale, 0, G_MAXINT);

  g_debug ("Retrying %s in %u ms", request->uri, ms);

  destroy_source (&request->timer);
  destroy_source (&request->deadline);

  g_clear_object (&request->message);
  g_clear_object (&request->stream);
  g_clear_pointer (&request->body, g_byte_array_unref);

  request->wait_source = g_timeout_source_new (ms);
  g_source_set_callback (request->wait_source, on_wait_done, g_object_ref (task), NULL);
  g_source_set_static_name (request->wait_source, "[inferscope] retry wait");
  g_source_attach (request->wait_source, request->context);

  request->wait_cancel_source = g_cancellable_source_new (request->cancellable);
  g_source_set_callback (request->wait_cancel_source,
                         G_SOURCE_FUNC (on_wait_cancelled), task, NULL);
  g_source_attach (request->wait_cancel_source, request->context);
}

/* body "retry_after" first, then the Retry-After header (seconds or a
 * date). */
static gboolean
get_retry_after (Request *request,
                 GBytes  *body,
                 double  *seconds)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  SoupMessageHeaders *headers;
  const char *header;
  gsize size = 0;
  const char *data = body ? g_bytes_get_data (body, &size) : NULL;

  if (size > 0 &&
      json_parser_load_from_data (parser, data, size, NULL) &&
      JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      JsonObject *object = json_node_get_object (json_parser_get_root (parser));
      JsonNode *node = json_object_get_member (object, "retry_after");

      if (node != NULL && JSON_NODE_HOLDS_VALUE (node))
        {
          GType type = json_node_get_value_type (node);

          if (type == G_TYPE_INT64 || type == G_TYPE_DOUBLE)
            {
              *seconds = MAX (0, json_node_get_double (node));
              return TRUE;
            }
          if (type == G_TYPE_STRING)
            {
              char *end = NULL;
              double v = g_ascii_strtod (json_node_get_string (node), &end);

              if (end != json_node_get_string (node) && *end == '\0')
                {
                  *seconds = MAX (0, v);
                  return TRUE;
                }
            }
        }
    }

  headers = soup_message_get_response_headers (request->message);
  header = soup_message_headers_get_one (headers, "Retry-After");
  if (header != NULL)
    {
      char *end = NULL;
      guint64 v = g_ascii_strtoull (header, &end, 10);

      if (end != header && *end == '\0')
        {
          *seconds = (double) MIN (v, G_MAXUINT32);
          return TRUE;
        }
      else
        {
          g_autoptr(GDateTime) when = soup_date_time_new_from_http_string (header);
          g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

          if (when != NULL)
            {
              *seconds = MAX (0, g_date_time_difference (when, now) / (double) G_USEC_PER_SEC);
              return TRUE;
            }
        }
    }

  return FALSE;
}

/* The decoding runs on its own task, which holds only what a worker
 * thread may touch and drop: never the client or its session, which
 * belong to the calling thread's context. */
typedef struct
{
  DecodeFunc        decode;
  GDestroyNotify    result_free;
  GBytes           *body;
  IscResponseCache *cache;
  char             *base_url;
  IscQuery         *query;
} Decode;

static void
decode_free (gpointer data)
{
  Decode *decode = data;

  g_clear_pointer (&decode->body, g_bytes_unref);
  g_clear_object (&decode->cache);
  g_free (decode->base_url);
  g_clear_pointer (&decode->query, isc_query_free);
  g_free (decode);
}

static void
decode_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Decode *decode = task_data;
  GError *error = NULL;
  gpointer result;

  result = decode->decode (decode->body, &error);
  if (result == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  if (decode->cache != NULL && decode->query != NULL)
    {
      g_autoptr(GError) cache_error = NULL;

      if (!isc_response_cache_store (decode->cache, decode->base_url, decode->query,
                                     decode->body, &cache_error))
        g_debug ("Could not keep the response in the cache: %s", cache_error->message);
    }

  g_task_return_pointer (task, result, decode->result_free);
}

static void
on_decoded (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(GTask) task = data;
  Request *request = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  gpointer value;

  value = g_task_propagate_pointer (G_TASK (result), &error);
  if (error != NULL)
    {
      if (error->domain == ISC_API_ERROR)
        request_return_error (task, g_steal_pointer (&error));
      else
        request_fail (task, error);
      return;
    }

  g_task_return_pointer (task, value, request->result_free);
}

static void
start_decode (GTask *task)
{
  Request *request = g_task_get_task_data (task);
  g_autoptr(GTask) decode_task = NULL;
  Decode *decode = g_new0 (Decode, 1);

  decode->decode = request->decode;
  decode->result_free = request->result_free;
  decode->body = g_bytes_ref (request->body_bytes);
  decode->cache = request->cache ? g_object_ref (request->cache) : NULL;
  decode->base_url = g_strdup (request->base_url);
  decode->query = request->query ? isc_query_copy (request->query) : NULL;

  decode_task = g_task_new (NULL, request->cancellable, on_decoded, g_object_ref (task));
  g_task_set_source_tag (decode_task, start_decode);
  g_task_set_task_data (decode_task, decode, decode_free);
  g_task_set_return_on_cancel (decode_task, TRUE);
  g_task_run_in_thread (decode_task, decode_thread);
}

/* The retry policy, for a status that is not a success: a 429 waits what
 * Baseten asks, up to ISC_CLIENT_RATE_LIMIT_RETRIES times, unless that is
 * longer than MAX_RETRY_AFTER_S; a 5xx backs off, up to
 * ISC_CLIENT_SERVER_ERROR_RETRIES times; anything else fails at once.
 * TRUE: wait *wait_ms, then send again. FALSE: give up, with what the
 * error says about the retries in *failure. */
static gboolean
retry_policy (Request       *request,
              double        *wait_ms,
              IscApiFailure *failure)
{
  guint status = request->status;
  double seconds = 1.0;

  if (status == 429)
    {
      gboolean told = get_retry_after (request, request->body_bytes, &seconds);

      request->n_rate_limited++;
      failure->retries = request->n_rate_limited - 1;
      if (told)
        request->client->retry_not_before_ms = MAX (request->client->retry_not_before_ms,
                                                    g_get_real_time () / 1000 + (gint64) (seconds * 1000.0));
      if (request->n_rate_limited > ISC_CLIENT_RATE_LIMIT_RETRIES)
        return FALSE;

      if (seconds > MAX_RETRY_AFTER_S)
        {
          failure->retry_after_s = seconds;
          return FALSE;
        }

      /* Jitter, so clients told the same time do not come back together. */
      *wait_ms = seconds * 1000.0 * g_random_double_range (1.0, 1.2) + g_random_double_range (0, 250);
      return TRUE;
    }

  if (status >= 500 && status < 600)
    {
      request->n_server_errors++;
      failure->retries = request->n_server_errors - 1;
      if (request->n_server_errors > ISC_CLIENT_SERVER_ERROR_RETRIES)
        return FALSE;

      *wait_ms = SERVER_ERROR_BACKOFF_MS * (1 << (request->n_server_errors - 1)) *
                 g_random_double_range (1.0, 1.5);
      return TRUE;
    }

  return FALSE;
}

/* Fewer bytes than announced: the connection closed early. */
static gboolean
body_cut_off (Request *request)
{
  SoupMessageHeaders *headers = soup_message_get_response_headers (request->message);

  return soup_message_headers_get_encoding (headers) == SOUP_ENCODING_CONTENT_LENGTH &&
         soup_message_headers_get_one (headers, "Content-Encoding") == NULL &&
         (guint64) g_bytes_get_size (request->body_bytes) < (guint64) soup_message_headers_get_content_length (headers);
}

/* The whole body is in: decode it, try again, or fail. */
static void
handle_status (GTask *task)
{
  Request *request = g_task_get_task_data (task);
  IscApiFailure failure = { 0 };
  double wait_ms = 0;

  destroy_source (&request->timer);
  destroy_source (&request->deadline);
  g_clear_object (&request->stream);
  g_clear_pointer (&request->body_bytes, g_bytes_unref);
  request->body_bytes = g_byte_array_free_to_bytes (g_steal_pointer (&request->body));

  if (SOUP_STATUS_IS_SUCCESSFUL (request->status))
    {
      if (body_cut_off (request))
        request_return_error (task, _isc_api_error_new_cut_off ());
      else
        start_decode (task);
      return;
    }

  if (retry_policy (request, &wait_ms, &failure))
    {
      request_retry_after (task, wait_ms);
      return;
    }

  failure.status = request->status;
  failure.host = request->host;
  failure.api_key = request->api_key;
  failure.body = request->body_bytes;
  failure.query = request->query;
  failure.model_id = request->model_id;
  request_return_error (task, _isc_api_error_from_status (&failure));
}

static void
too_large (GTask *task)
{
  Request *request = g_task_get_task_data (task);

  request_return_error (task, _isc_api_error_new_too_large (request->client->max_body_size));
}

static void
on_read (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GTask) task = data;
  Request *request = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) chunk = NULL;
  gsize size;

  chunk = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error);
  if (chunk == NULL)
    {
      request_fail (task, error);
      return;
    }

  size = g_bytes_get_size (chunk);
  if (size == 0)
    {
      handle_status (task);
      return;
    }

  g_byte_array_append (request->body, g_bytes_get_data (chunk, NULL), size);

  if (request->body->len > request->limit)
    {
      if (SOUP_STATUS_IS_SUCCESSFUL (request->status))
        {
          too_large (task);
          return;
        }

      /* An error body: enough has been read for its message. */
      g_byte_array_set_size (request->body, request->limit);
      handle_status (task);
      return;
    }

  request_arm_timer (request, request->client->idle_timeout_ms);
  g_input_stream_read_bytes_async (request->stream,
                                   MIN (READ_CHUNK, request->limit + 1 - request->body->len),
                                   G_PRIORITY_DEFAULT,
                                   request->cancellable,
                                   on_read,
                                   g_steal_pointer (&task));
}

static void
on_sent (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GTask) task = data;
  Request *request = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  SoupMessageHeaders *headers;

  request->stream = soup_session_send_finish (SOUP_SESSION (object), result, &error);
  if (request->stream == NULL)
    {
      request_fail (task, error);
      return;
    }

  request->status = soup_message_get_status (request->message);
  headers = soup_message_get_response_headers (request->message);
  g_debug ("%s: HTTP %u", request->uri, request->status);

  if (SOUP_STATUS_IS_SUCCESSFUL (request->status))
    {
      request->limit = request->client->max_body_size;

      /* Refuse before reading what is announced too large; a server that
       * lies is stopped by the limit while reading. */
      if (soup_message_headers_get_encoding (headers) == SOUP_ENCODING_CONTENT_LENGTH &&
          (guint64) soup_message_headers_get_content_length (headers) > request->limit)
        {
          too_large (task);
          return;
        }
    }
  else
    request->limit = MAX_ERROR_BODY;

  request->body = g_byte_array_new ();
  request->reading_body = TRUE;
  request_arm_timer (request, request->client->idle_timeout_ms);
  g_input_stream_read_bytes_async (request->stream,
                                   MIN (READ_CHUNK, request->limit + 1),
                                   G_PRIORITY_DEFAULT,
                                   request->cancellable,
                                   on_read,
                                   g_steal_pointer (&task));
}

static void
start_attempt (GTask *task)
{
  Request *request = g_task_get_task_data (task);
  SoupMessageHeaders *headers;

  if (g_cancellable_is_cancelled (request->cancellable))
    {
      g_autoptr(GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                     "Operation was cancelled");
      request_fail (task, error);
      return;
    }

  request->reading_body = FALSE;
  request->message = soup_message_new (SOUP_METHOD_GET, request->uri);
  if (request->message == NULL)
    {
      request_return_error (task, _isc_api_error_new_invalid_request ());
      return;
    }

  /* A redirect could carry the key to another host: never follow one. */
  soup_message_add_flags (request->message, SOUP_MESSAGE_NO_REDIRECT);

  headers = soup_message_get_request_headers (request->message);
  soup_message_headers_replace (headers, "Accept", "application/json");
  if (request->api_key != NULL)
    {
      g_autofree char *authorization = g_strconcat ("Bearer ", request->api_key, NULL);

      soup_message_headers_replace (headers, "Authorization", authorization);
      memset (authorization, 0, strlen (authorization));
    }

  request_arm_timer (request, request->client->connect_timeout_ms);
  request_arm_deadline (request);
  soup_session_send_async (request->client->session,
                           request->message,
                           G_PRIORITY_DEFAULT,
                           request->cancellable,
                           on_sent,
                           g_object_ref (task));
}

static GTask *
request_new (IscClient           *self,
             const char          *path,
             const char          *params,
             DecodeFunc           decode,
             GDestroyNotify       result_free,
             gpointer             source_tag,
             GCancellable        *cancellable,
             GAsyncReadyCallback  callback,
             gpointer             user_data)
{
  GTask *task;
  Request *request;

  request = g_new0 (Request, 1);
  request->client = g_object_ref (self);
  request->context = g_main_context_ref_thread_default ();
  request->uri = g_strconcat (self->base_url, path, params ? "?" : NULL, params, NULL);
  request->host = g_strdup (self->host);
  request->base_url = g_strdup (self->base_url);
  request->api_key = g_strdup (self->api_key);
  request->decode = decode;
  request->result_free = result_free;
  request->cancellable = g_cancellable_new ();
  if (cancellable != NULL)
    request->user_cancellable = g_object_ref (cancellable);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, request, request_free);

  return task;
}

static void
request_start (GTask *task)
{
  Request *request = g_task_get_task_data (task);

  if (g_task_return_error_if_cancelled (task))
    return;

  if (request->user_cancellable != NULL)
    request->cancelled_id = g_cancellable_connect (request->user_cancellable,
                                                   G_CALLBACK (on_user_cancelled),
                                                   request->cancellable,
                                                   NULL);

  start_attempt (task);
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

void
isc_client_fetch_metrics_async (IscClient           *self,
                                const IscQuery      *query,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autofree char *path = NULL;
  g_autofree char *params = NULL;
  GError *error = NULL;
  gint64 now_ms;
  g_autoptr(GTask) task = NULL;
  Request *request;

  g_return_if_fail (ISC_IS_CLIENT (self));
  g_return_if_fail (query != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  now_ms = g_get_real_time () / 1000;
  path = isc_query_build_path (query);
  params = isc_query_build_params (query, now_ms);

  task = request_new (self, path, params,
                      decode_metrics, (GDestroyNotify) isc_metrics_response_unref,
                      isc_client_fetch_metrics_async,
                      cancellable, callback, user_data);
  request = g_task_get_task_data (task);
  request->query = isc_query_copy (query);
  if (self->cache != NULL)
    request->cache = g_object_ref (self->cache);

  /* Nothing is sent that the API would refuse. */
  if (!isc_query_validate (query, now_ms, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  request_start (task);
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

  task = request_new (self, "/v1/models", NULL,
                      decode_models, (GDestroyNotify) g_ptr_array_unref,
                      isc_client_list_models_async,
                      cancellable, callback, user_data);
  request_start (task);
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
                     DecodeFunc           decode,
                     gpointer             source_tag,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autofree char *escaped = g_uri_escape_string (model_id, NULL, FALSE);
  g_autofree char *path = g_strdup_printf ("/v1/models/%s/%s", escaped, what);
  g_autoptr(GTask) task = NULL;
  Request *request;

  task = request_new (self, path, NULL,
                      decode, (GDestroyNotify) g_ptr_array_unref, source_tag,
                      cancellable, callback, user_data);
  request = g_task_get_task_data (task);
  request->model_id = g_strdup (model_id);

  if (model_id[0] == '\0')
    {
      g_task_return_new_error (task, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_TARGET,
                               _("No model was chosen. Choose a model first."));
      return;
    }

  request_start (task);
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

  task = request_new (self, "/v1/users/me", NULL,
                      decode_user, (GDestroyNotify) isc_user_unref,
                      isc_client_get_current_user_async,
                      cancellable, callback, user_data);
  request_start (task);
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
