/* isc-client-request.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-client"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-api-error-private.h"
#include "isc-client-private.h"

#define READ_CHUNK                 (64 * 1024)
/* Enough of an error body for its message; the rest is not read. */
#define MAX_ERROR_BODY             (64 * 1024)
/* A 429 that asks for a longer wait fails at once rather than hang. */
#define MAX_RETRY_AFTER_S          60.0
/* What a server may ask at most; more (or a NaN, or less than nothing)
 * is taken as this (or as not said, or as now). */
#define MAX_TOLD_RETRY_AFTER_S     (24.0 * 60 * 60)
#define SERVER_ERROR_BACKOFF_MS    500.0

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

struct _Request
{
  IscClient           *client;
  GMainContext        *context;
  char                *uri;
  char                *host;
  char                *base_url;
  char                *api_key;
  IscQuery            *query;            /* metrics: what is asked */
  IscLogsQuery        *logs_query;       /* logs: what is asked */
  char                *model_id;         /* a model's deployments or environments */
  char                *feature;          /* billing, usage: a 403 is NOT_PERMITTED */
  IscClientDecodeWithFunc decode_with;   /* instead of decode, with decode_data */
  GBytes              *decode_data;
  IscClientDecodeFunc  decode;
  GDestroyNotify       result_free;
  IscResponseCache    *cache;

  GCancellable        *cancellable;      /* internal */
  GCancellable        *user_cancellable;
  gulong               cancelled_id;
  GSource             *timer;
  GSource             *deadline;
  GSource             *rate_timer;
  gsize                window_bytes;      /* body bytes since rate_timer last fired */
  gboolean             timed_out;
  gboolean             reading_body;
  GSource             *wait_source;
  GSource             *wait_cancel_source;

  SoupMessage         *message;
  GInputStream        *stream;
  GByteArray          *body;
  GBytes              *body_bytes;
  gsize                limit;
  guint                status;
  guint                n_rate_limited;
  guint                n_server_errors;
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
  destroy_source (&request->rate_timer);
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
  g_clear_pointer (&request->logs_query, isc_logs_query_free);
  g_free (request->model_id);
  g_free (request->feature);
  g_clear_pointer (&request->decode_data, g_bytes_unref);
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

/* Each window of the body must bring its share, or the attempt times
 * out: a drip that keeps the idle timer quiet ends long before the
 * deadline. The timer stays armed (G_SOURCE_CONTINUE) until the body is in. */
static gboolean
on_rate_check (gpointer data)
{
  Request *request = data;

  if (request->window_bytes < request->client->rate_min_bytes)
    {
      g_debug ("%s: %" G_GSIZE_FORMAT " bytes in %u ms, too slow", request->uri,
               request->window_bytes, request->client->rate_window_ms);
      return on_timeout (data);
    }

  request->window_bytes = 0;
  return G_SOURCE_CONTINUE;
}

static void
request_arm_rate_timer (Request *request)
{
  destroy_source (&request->rate_timer);

  request->window_bytes = 0;
  request->rate_timer = g_timeout_source_new (request->client->rate_window_ms);
  g_source_set_callback (request->rate_timer, on_rate_check, request, NULL);
  g_source_set_static_name (request->rate_timer, "[inferscope] request throughput");
  g_source_attach (request->rate_timer, request->context);
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
  destroy_source (&request->rate_timer);
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

  error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Operation was cancelled"));
  request_fail (task, error);

  return G_SOURCE_REMOVE;
}

/* Wait, cancellable, then try again. */
static void
request_retry_after (GTask  *task,
                     double  delay_ms)
{
  Request *request = g_task_get_task_data (task);
  double scaled = delay_ms * request->client->delay_scale;
  guint ms = isnan (scaled) ? 0 : (guint) CLAMP (scaled, 0, G_MAXINT);

  g_debug ("Retrying %s in %u ms", request->uri, ms);

  destroy_source (&request->timer);
  destroy_source (&request->deadline);
  destroy_source (&request->rate_timer);

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

/* A server's number of seconds to wait, made sane: FALSE for NaN (not
 * said), else clamped to [0, MAX_TOLD_RETRY_AFTER_S]. Nothing later
 * casts a NaN or a huge double to an integer. */
static gboolean
sane_retry_after (double  told,
                  double *seconds)
{
  if (isnan (told))
    return FALSE;

  *seconds = CLAMP (told, 0.0, MAX_TOLD_RETRY_AFTER_S);
  return TRUE;
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

          if ((type == G_TYPE_INT64 || type == G_TYPE_DOUBLE) &&
              sane_retry_after (json_node_get_double (node), seconds))
            return TRUE;
          if (type == G_TYPE_STRING)
            {
              char *end = NULL;
              double v = g_ascii_strtod (json_node_get_string (node), &end);

              if (end != json_node_get_string (node) && *end == '\0' &&
                  sane_retry_after (v, seconds))
                return TRUE;
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
          return sane_retry_after ((double) MIN (v, G_MAXUINT32), seconds);
        }
      else
        {
          g_autoptr(GDateTime) when = soup_date_time_new_from_http_string (header);
          g_autoptr(GDateTime) now = g_date_time_new_now_utc ();

          if (when != NULL)
            {
              return sane_retry_after (g_date_time_difference (when, now) / (double) G_USEC_PER_SEC,
                                       seconds);
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
  IscClientDecodeFunc  decode;
  IscClientDecodeWithFunc decode_with;
  GBytes              *decode_data;
  GDestroyNotify       result_free;
  GBytes              *body;
  IscResponseCache    *cache;
  char                *base_url;
  IscQuery            *query;
} Decode;

static void
decode_free (gpointer data)
{
  Decode *decode = data;

  g_clear_pointer (&decode->body, g_bytes_unref);
  g_clear_pointer (&decode->decode_data, g_bytes_unref);
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

  if (decode->decode_with != NULL)
    result = decode->decode_with (decode->body, decode->decode_data, &error);
  else
    result = decode->decode (decode->body, &error);
  if (result == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  /* A query is a metrics request's: an answer to another question (a
   * SUMMARY to a SERIES request) is refused, and never kept. */
  if (decode->query != NULL)
    {
      g_autoptr(GError) local_error = NULL;

      if (!isc_metrics_response_check_answers (result, decode->query, &local_error))
        {
          decode->result_free (result);
          g_task_return_error (task, _isc_api_error_new_wrong_answer (local_error->message));
          return;
        }
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
  decode->decode_with = request->decode_with;
  decode->decode_data = request->decode_data ? g_bytes_ref (request->decode_data) : NULL;
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

/* A 400 naming one of several metrics asked for: that name is left out
 * (remembered for the target, said once by the client) and the rest is
 * asked again at once, so one name Baseten does not know never fails the
 * request. Each round asks for one name fewer, so this ends. TRUE when
 * sent again. A 400 naming the last name left fails as it is, the name
 * remembered. */
static gboolean
retry_without_refused_metric (GTask *task)
{
  Request *request = g_task_get_task_data (task);
  g_autofree char *message = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autofree char *params = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  const char *found;

  if (request->status != SOUP_STATUS_BAD_REQUEST || request->query == NULL ||
      request->query->metrics == NULL)
    return FALSE;

  message = _isc_api_error_server_message (request->body_bytes, request->api_key);
  found = _isc_client_find_refused_metric (message, request->query);
  if (found == NULL)
    return FALSE;

  name = g_strdup (found);
  builder = g_strv_builder_new ();
  for (guint i = 0; request->query->metrics[i] != NULL; i++)
    if (!g_str_equal (request->query->metrics[i], name))
      g_strv_builder_add (builder, request->query->metrics[i]);
  g_strfreev (request->query->metrics);
  request->query->metrics = g_strv_builder_end (builder);

  /* Told once the names left are set: a handler may start requests. */
  _isc_client_refuse_metric (request->client, request->query, name);

  if (request->query->metrics[0] == NULL)
    return FALSE;

  path = isc_query_build_path (request->query);
  params = isc_query_build_params (request->query, g_get_real_time () / 1000);
  g_free (request->uri);
  request->uri = g_strconcat (request->base_url, path, params ? "?" : NULL, params, NULL);
  request->n_rate_limited = 0;
  request->n_server_errors = 0;
  request_retry_after (task, 0);
  return TRUE;
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
  destroy_source (&request->rate_timer);
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

  if (retry_without_refused_metric (task))
    return;

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
  failure.logs_query = request->logs_query;
  failure.feature = request->feature;
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
  request->window_bytes += size;

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
  request_arm_rate_timer (request);
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
                                                     _("Operation was cancelled"));
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

GTask *
_isc_client_request_new (IscClient           *self,
                         const char          *path,
                         const char          *params,
                         IscClientDecodeFunc  decode,
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

void
_isc_client_request_set_query (GTask          *task,
                               const IscQuery *query,
                               gboolean        keep)
{
  Request *request = g_task_get_task_data (task);

  g_clear_pointer (&request->query, isc_query_free);
  request->query = isc_query_copy (query);
  if (keep)
    g_set_object (&request->cache, request->client->cache);
  else
    g_clear_object (&request->cache);
}

void
_isc_client_request_set_logs_query (GTask              *task,
                                    const IscLogsQuery *query)
{
  Request *request = g_task_get_task_data (task);

  g_clear_pointer (&request->logs_query, isc_logs_query_free);
  request->logs_query = isc_logs_query_copy (query);
}

void
_isc_client_request_set_model_id (GTask      *task,
                                  const char *model_id)
{
  Request *request = g_task_get_task_data (task);

  g_free (request->model_id);
  request->model_id = g_strdup (model_id);
}

void
_isc_client_request_set_feature (GTask      *task,
                                 const char *feature)
{
  Request *request = g_task_get_task_data (task);

  g_free (request->feature);
  request->feature = g_strdup (feature);
}

void
_isc_client_request_set_decode_with (GTask                   *task,
                                     IscClientDecodeWithFunc  decode,
                                     GBytes                  *data)
{
  Request *request = g_task_get_task_data (task);

  request->decode_with = decode;
  g_clear_pointer (&request->decode_data, g_bytes_unref);
  request->decode_data = data ? g_bytes_ref (data) : NULL;
}

void
_isc_client_request_start (GTask *task)
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
