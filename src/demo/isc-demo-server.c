/* isc-demo-server.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-demo-server"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-catalogue.h"
#include "isc-demo-fleet-private.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-server.h"

#define DEFAULT_DELAY_MS 2000
#define DEFAULT_DRIP_MS  100
#define DRIP_CHUNKS      20

struct _IscDemoServer
{
  GObject       parent_instance;

  /* Owned references */
  SoupServer   *server;
  GMainContext *context;      /* where the server's sources run */
  char         *api_key;
  char         *base_url;

  guint64       seed;
  guint         port;

  /* Shared with the server thread */
  GMutex        lock;
  gint64        fixed_now_ms;
  GHashTable   *fault_counts; /* "429=N" → requests seen */
  GList        *replies;      /* pending delayed or dripping replies */

  /* run_in_thread () */
  GThread      *thread;
  GMainLoop    *loop;
  GCond         started_cond;
  gboolean      started;
  GError       *thread_error;
};

G_DEFINE_TYPE (IscDemoServer, isc_demo_server, G_TYPE_OBJECT)
G_DEFINE_QUARK (isc-demo-server-error-quark, isc_demo_server_error)

enum {
  PROP_0,
  PROP_SEED,
  PROP_API_KEY,
  PROP_BASE_URL,
  N_PROPS
};

enum {
  REQUEST_LOGGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The faults one request asks for, from the header and the path. */
typedef struct
{
  guint    delay_ms;
  guint    drip_ms;
  guint    rate_limit;    /* 429 for the first N requests */
  guint    status;        /* 500, 502 or 503 */
  gboolean truncate;
  gboolean invalid_json;
  gboolean wrong_shape;
  gboolean drop;
  gboolean dense;
} Fault;

/* A reply on its way: delayed, dripping or cut off. */
typedef struct
{
  IscDemoServer     *self;     /* unowned: dispose cancels every reply */
  SoupServerMessage *msg;
  guint              status;
  GBytes            *body;
  const char        *content_type;
  guint              retry_after;
  Fault              fault;
  GSource           *source;
  gsize              offset;
  gsize              chunk;
  gulong             finished_id;
  gboolean           paused;
} Reply;

static gint64
now_ms (IscDemoServer *self)
{
  gint64 fixed;

  g_mutex_lock (&self->lock);
  fixed = self->fixed_now_ms;
  g_mutex_unlock (&self->lock);

  return fixed != 0 ? fixed : g_get_real_time () / 1000;
}

static GBytes *
json_to_bytes (JsonNode *node)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  gsize length = 0;
  char *data;

  json_generator_set_root (gen, node);
  data = json_generator_to_data (gen, &length);
  return g_bytes_new_take (data, length);
}

static GBytes *
error_body (const char *code,
            const char *message)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "code");
  json_builder_add_string_value (b, code);
  json_builder_set_member_name (b, "message");
  json_builder_add_string_value (b, message);
  json_builder_end_object (b);
  root = json_builder_get_root (b);

  return json_to_bytes (root);
}

static void
log_request (IscDemoServer     *self,
             SoupServerMessage *msg,
             guint              status,
             guint64            bytes)
{
  GUri *uri = soup_server_message_get_uri (msg);
  const char *query = g_uri_get_query (uri);
  gint64 *started = g_object_get_data (G_OBJECT (msg), "isc-demo-started");
  double ms = started != NULL ? (g_get_monotonic_time () - *started) / 1000.0 : 0.0;
  g_autofree char *path = NULL;

  if (g_object_get_data (G_OBJECT (msg), "isc-demo-logged") != NULL)
    return;
  g_object_set_data (G_OBJECT (msg), "isc-demo-logged", GINT_TO_POINTER (TRUE));

  path = query != NULL ? g_strconcat (g_uri_get_path (uri), "?", query, NULL)
                       : g_strdup (g_uri_get_path (uri));
  g_signal_emit (self, signals[REQUEST_LOGGED], 0,
                 soup_server_message_get_method (msg), path, status, bytes, ms);
}

static void
on_request_started (SoupServer        *server,
                    SoupServerMessage *msg,
                    IscDemoServer     *self)
{
  gint64 *started = g_new (gint64, 1);

  *started = g_get_monotonic_time ();
  g_object_set_data_full (G_OBJECT (msg), "isc-demo-started", started, g_free);
}

static void
on_request_finished (SoupServer        *server,
                     SoupServerMessage *msg,
                     IscDemoServer     *self)
{
  SoupMessageBody *body = soup_server_message_get_response_body (msg);

  log_request (self, msg, soup_server_message_get_status (msg), body != NULL ? body->length : 0);
}

/* libsoup reports a 500 as aborted too: log what was sent. */
static void
on_request_aborted (SoupServer        *server,
                    SoupServerMessage *msg,
                    IscDemoServer     *self)
{
  on_request_finished (server, msg, self);
}

/* Faults */

static gboolean
parse_count (const char *text,
             guint       fallback,
             guint      *out)
{
  guint64 value;

  if (text == NULL)
    {
      *out = fallback;
      return TRUE;
    }
  if (!g_ascii_string_to_unsigned (text, 10, 0, 600000, &value, NULL))
    return FALSE;

  *out = (guint) value;
  return TRUE;
}

/* One token: "delay=2000", "drip", "429=3", "503", "dense", … */
static gboolean
parse_fault_token (Fault      *fault,
                   const char *token)
{
  g_auto(GStrv) kv = g_strsplit (token, "=", 2);
  const char *name = kv[0];
  const char *arg = kv[1];

  if (g_str_equal (name, "delay"))
    return parse_count (arg, DEFAULT_DELAY_MS, &fault->delay_ms);
  if (g_str_equal (name, "drip"))
    return parse_count (arg, DEFAULT_DRIP_MS, &fault->drip_ms) && fault->drip_ms > 0;
  if (g_str_equal (name, "429"))
    return parse_count (arg, 1, &fault->rate_limit) && fault->rate_limit > 0;

  if (arg != NULL)
    return FALSE;

  if (g_str_equal (name, "500") || g_str_equal (name, "502") || g_str_equal (name, "503"))
    fault->status = (guint) g_ascii_strtoull (name, NULL, 10);
  else if (g_str_equal (name, "truncate"))
    fault->truncate = TRUE;
  else if (g_str_equal (name, "invalid-json"))
    fault->invalid_json = TRUE;
  else if (g_str_equal (name, "wrong-shape"))
    fault->wrong_shape = TRUE;
  else if (g_str_equal (name, "drop"))
    fault->drop = TRUE;
  else if (g_str_equal (name, "dense"))
    fault->dense = TRUE;
  else
    return FALSE;

  return TRUE;
}

/* The header: tokens separated by commas. */
static gboolean
parse_fault_header (Fault      *fault,
                    const char *header)
{
  g_auto(GStrv) tokens = g_strsplit (header, ",", -1);

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      g_strstrip (tokens[i]);
      if (*tokens[i] == '\0')
        continue;
      if (!parse_fault_token (fault, tokens[i]))
        return FALSE;
    }

  return TRUE;
}

/* A reserved deployment id: "fault-503", "fault-delay-500", "fault-429-3". */
static gboolean
parse_fault_deployment (Fault      *fault,
                        const char *deployment_id)
{
  const char *rest = deployment_id + strlen (ISC_DEMO_FAULT_DEPLOYMENT_PREFIX);
  const char *dash = strrchr (rest, '-');
  g_autofree char *token = NULL;

  if (dash != NULL && dash[1] != '\0' && strspn (dash + 1, "0123456789") == strlen (dash + 1) &&
      (g_str_has_prefix (rest, "delay-") || g_str_has_prefix (rest, "drip-") ||
       g_str_has_prefix (rest, "429-")))
    token = g_strdup_printf ("%.*s=%s", (int) (dash - rest), rest, dash + 1);
  else
    token = g_strdup (rest);

  return parse_fault_token (fault, token);
}

/* Replies */

static void
reply_free (Reply *reply)
{
  if (reply->source != NULL)
    {
      g_source_destroy (reply->source);
      g_source_unref (reply->source);
    }
  if (reply->finished_id != 0)
    g_signal_handler_disconnect (reply->msg, reply->finished_id);
  g_clear_object (&reply->msg);
  g_clear_pointer (&reply->body, g_bytes_unref);
  g_free (reply);
}

static void
reply_forget (Reply *reply)
{
  IscDemoServer *self = reply->self;

  g_mutex_lock (&self->lock);
  self->replies = g_list_remove (self->replies, reply);
  g_mutex_unlock (&self->lock);
  reply_free (reply);
}

static void
reply_set_headers (Reply              *reply,
                   SoupMessageHeaders *headers)
{
  soup_message_headers_replace (headers, "Content-Type", reply->content_type);
  if (reply->retry_after > 0)
    {
      g_autofree char *seconds = g_strdup_printf ("%u", reply->retry_after);

      soup_message_headers_replace (headers, "Retry-After", seconds);
    }
}

static void
stolen_written (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  GIOStream *stream = user_data;

  g_output_stream_write_all_finish (G_OUTPUT_STREAM (object), result, NULL, NULL);
  g_io_stream_close (stream, NULL, NULL);
  g_object_unref (stream);
}

/* Takes the connection from libsoup and writes a response whose
 * Content-Length promises the whole body, then only half of it, then
 * closes.
 */
static void
reply_truncate (Reply *reply)
{
  gsize length = g_bytes_get_size (reply->body);
  gsize half = length / 2;
  g_autoptr(GIOStream) stream = NULL;
  GString *raw;
  GBytes *bytes;

  log_request (reply->self, reply->msg, reply->status, half);
  stream = soup_server_message_steal_connection (reply->msg);
  if (stream == NULL)
    return;

  raw = g_string_new (NULL);
  g_string_append_printf (raw,
                          "HTTP/1.1 %u %s\r\n"
                          "Content-Type: %s\r\n"
                          "Content-Length: %" G_GSIZE_FORMAT "\r\n"
                          "Connection: close\r\n"
                          "\r\n",
                          reply->status, soup_status_get_phrase (reply->status),
                          reply->content_type, length);
  g_string_append_len (raw, g_bytes_get_data (reply->body, NULL), half);
  bytes = g_string_free_to_bytes (raw);

  /* The bytes live until the write ends: keep them on the stream. */
  g_object_set_data_full (G_OBJECT (stream), "isc-demo-bytes", bytes, (GDestroyNotify) g_bytes_unref);
  g_output_stream_write_all_async (g_io_stream_get_output_stream (stream),
                                   g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                   G_PRIORITY_DEFAULT, NULL, stolen_written,
                                   g_object_ref (stream));
}

static gboolean
drip_next (gpointer user_data)
{
  Reply *reply = user_data;
  SoupMessageBody *body = soup_server_message_get_response_body (reply->msg);
  gsize length = g_bytes_get_size (reply->body);
  gsize n = MIN (reply->chunk, length - reply->offset);

  if (n > 0)
    {
      soup_message_body_append (body, SOUP_MEMORY_COPY,
                                (const char *) g_bytes_get_data (reply->body, NULL) + reply->offset, n);
      reply->offset += n;
    }

  if (reply->offset >= length)
    {
      soup_message_body_complete (body);
      soup_server_message_unpause (reply->msg);
      g_clear_pointer (&reply->source, g_source_unref);
      reply_forget (reply);
      return G_SOURCE_REMOVE;
    }

  soup_server_message_unpause (reply->msg);
  return G_SOURCE_CONTINUE;
}

static void
on_reply_finished (SoupServerMessage *msg,
                   Reply             *reply)
{
  /* The client went away, or the reply is done: stop the timer. */
  g_signal_handler_disconnect (msg, reply->finished_id);
  reply->finished_id = 0;
  reply_forget (reply);
}

static void
reply_attach_timeout (Reply       *reply,
                      guint        interval_ms,
                      GSourceFunc  func)
{
  reply->source = g_timeout_source_new (interval_ms);
  g_source_set_callback (reply->source, func, reply, NULL);
  g_source_attach (reply->source, reply->self->context);
}

/* Sends the reply now, whole, dripping or cut off. Consumes @reply. */
static void
reply_deliver (Reply *reply)
{
  SoupServerMessage *msg = reply->msg;
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

  if (reply->fault.truncate)
    {
      reply_truncate (reply);
      reply_forget (reply);
      return;
    }

  /* libsoup 3.2 has no reason phrase for 429 ("Unknown Error"). */
  soup_server_message_set_status (msg, reply->status,
                                  reply->status == 429 ? "Too Many Requests" : NULL);
  reply_set_headers (reply, headers);

  if (reply->fault.drip_ms > 0)
    {
      soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);
      reply->chunk = MAX (1, (g_bytes_get_size (reply->body) + DRIP_CHUNKS - 1) / DRIP_CHUNKS);
      reply->offset = 0;
      reply->finished_id = g_signal_connect (msg, "finished", G_CALLBACK (on_reply_finished), reply);
      /* Each tick appends a chunk and unpauses; libsoup pauses again
       * when it has written what there is.
       */
      if (!reply->paused)
        {
          soup_server_message_pause (msg);
          reply->paused = TRUE;
        }
      reply_attach_timeout (reply, reply->fault.drip_ms, drip_next);
      return;
    }

  soup_server_message_set_response (msg, reply->content_type, SOUP_MEMORY_COPY,
                                    g_bytes_get_data (reply->body, NULL),
                                    g_bytes_get_size (reply->body));
  if (reply->paused)
    soup_server_message_unpause (msg);
  reply_forget (reply);
}

static gboolean
delay_done (gpointer user_data)
{
  Reply *reply = user_data;

  g_clear_pointer (&reply->source, g_source_unref);
  reply->fault.delay_ms = 0;
  reply_deliver (reply);
  return G_SOURCE_REMOVE;
}

/* Takes @body. */
static void
reply (IscDemoServer     *self,
       SoupServerMessage *msg,
       const Fault       *fault,
       guint              status,
       const char        *content_type,
       GBytes            *body,
       guint              retry_after)
{
  Reply *r = g_new0 (Reply, 1);

  r->self = self;
  r->msg = g_object_ref (msg);
  r->status = status;
  r->content_type = content_type;
  r->body = body;
  r->retry_after = retry_after;
  r->fault = *fault;

  g_mutex_lock (&self->lock);
  self->replies = g_list_prepend (self->replies, r);
  g_mutex_unlock (&self->lock);

  if (fault->delay_ms > 0)
    {
      soup_server_message_pause (msg);
      r->paused = TRUE;
      reply_attach_timeout (r, fault->delay_ms, delay_done);
    }
  else
    reply_deliver (r);
}

static void
reply_error (IscDemoServer     *self,
             SoupServerMessage *msg,
             const Fault       *fault,
             guint              status,
             const char        *code,
             const char        *message)
{
  reply (self, msg, fault, status, "application/json", error_body (code, message), 0);
}

static void
reply_json (IscDemoServer     *self,
            SoupServerMessage *msg,
            const Fault       *fault,
            JsonNode          *node)
{
  reply (self, msg, fault, SOUP_STATUS_OK, "application/json", json_to_bytes (node), 0);
}

/* Routes */

typedef struct
{
  char      *mode;
  char      *start;
  char      *end;
  GPtrArray *metrics;
  char      *repeated;  /* a key given twice that may be given once */
} MetricsQuery;

static void
metrics_query_clear (MetricsQuery *q)
{
  g_free (q->mode);
  g_free (q->start);
  g_free (q->end);
  g_free (q->repeated);
  g_clear_pointer (&q->metrics, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MetricsQuery, metrics_query_clear)

static char *
unescape_form (const char *text,
               gssize      length)
{
  g_autofree char *copy = g_strndup (text, length < 0 ? strlen (text) : (gsize) length);

  for (char *p = copy; *p != '\0'; p++)
    {
      if (*p == '+')
        *p = ' ';
    }

  return g_uri_unescape_string (copy, NULL);
}

/* The raw query: `metrics` repeats, so no hash table will do. */
static void
metrics_query_parse (MetricsQuery *q,
                     const char   *query)
{
  g_auto(GStrv) pairs = NULL;

  q->metrics = g_ptr_array_new_with_free_func (g_free);
  if (query == NULL)
    return;

  pairs = g_strsplit (query, "&", -1);
  for (guint i = 0; pairs[i] != NULL; i++)
    {
      const char *eq = strchr (pairs[i], '=');
      g_autofree char *key = NULL;
      char *value;
      char **slot = NULL;

      if (*pairs[i] == '\0')
        continue;

      key = unescape_form (pairs[i], eq != NULL ? eq - pairs[i] : -1);
      value = eq != NULL ? unescape_form (eq + 1, -1) : g_strdup ("");
      if (key == NULL || value == NULL)
        {
          g_free (value);
          continue;
        }

      if (g_str_equal (key, "metrics"))
        {
          g_ptr_array_add (q->metrics, value);
          continue;
        }

      if (g_str_equal (key, "mode"))
        slot = &q->mode;
      else if (g_str_equal (key, "start_epoch_millis"))
        slot = &q->start;
      else if (g_str_equal (key, "end_epoch_millis"))
        slot = &q->end;

      if (slot == NULL)
        g_free (value);
      else
        {
          if (*slot != NULL && q->repeated == NULL)
            q->repeated = g_strdup (key);
          g_free (*slot);
          *slot = value;
        }
    }
}

static gboolean
parse_millis (const char *text,
              gint64     *out)
{
  gint64 value;

  if (!g_ascii_string_to_signed (text, 10, 0, G_MAXINT64 / 2, &value, NULL))
    return FALSE;

  *out = value;
  return TRUE;
}

static void
handle_metrics (IscDemoServer            *self,
                SoupServerMessage        *msg,
                const Fault              *fault,
                const IscDemoDeployment  *dep,
                const IscDemoEnvironment *env)
{
  g_auto(MetricsQuery) q = { 0 };
  IscDemoMetricsRequest request = { 0 };
  gint64 now = now_ms (self);
  gint64 start = 0, end = 0;
  GBytes *body;

  metrics_query_parse (&q, g_uri_get_query (soup_server_message_get_uri (msg)));

  if (q.repeated != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” may be given only once"), q.repeated);

      reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR", message);
      return;
    }

  request.mode = ISC_MODE_CURRENT;
  if (q.mode != NULL && !isc_mode_from_string (q.mode, &request.mode))
    {
      g_autofree char *message =
        g_strdup_printf (_("Unknown mode “%s”: use CURRENT, SUMMARY or SERIES"), q.mode);

      reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR", message);
      return;
    }

  if ((q.start != NULL && !parse_millis (q.start, &start)) ||
      (q.end != NULL && !parse_millis (q.end, &end)))
    {
      const char *which = (q.start != NULL && !parse_millis (q.start, &start))
                          ? "start_epoch_millis" : "end_epoch_millis";
      g_autofree char *message =
        g_strdup_printf (_("“%s” must be a whole number of milliseconds since the epoch"), which);

      reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR", message);
      return;
    }

  if (request.mode == ISC_MODE_CURRENT && (q.start != NULL || q.end != NULL))
    {
      reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR",
                   _("CURRENT is a snapshot at now: it takes no start_epoch_millis or end_epoch_millis"));
      return;
    }

  if (q.end == NULL)
    end = now;
  if (q.start == NULL)
    start = end - 3600 * 1000;

  if (request.mode != ISC_MODE_CURRENT)
    {
      if (start >= end)
        {
          reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR",
                       _("start_epoch_millis must be before end_epoch_millis"));
          return;
        }
      if (end - start > _ISC_DEMO_MAX_WINDOW_MS)
        {
          reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR",
                       _("The window may not be longer than 7 days"));
          return;
        }
    }

  for (guint i = 0; i < q.metrics->len; i++)
    {
      const char *name = g_ptr_array_index (q.metrics, i);

      if (isc_catalogue_lookup (name) == NULL)
        {
          g_autofree char *message = g_strdup_printf (_("Unknown metric “%s”"), name);

          reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR", message);
          return;
        }
    }

  request.start_ms = start;
  request.end_ms = end;
  request.now_ms = now;
  request.metrics = q.metrics;
  request.dense = fault->dense;

  body = _isc_demo_generator_build (self->seed, dep, env, &request);
  reply (self, msg, fault, SOUP_STATUS_OK, "application/json", body, 0);
}

static void
reply_not_found (IscDemoServer     *self,
                 SoupServerMessage *msg,
                 const Fault       *fault,
                 const char        *what,
                 const char        *id)
{
  g_autofree char *message = NULL;

  if (what == NULL)
    message = g_strdup_printf (_("No endpoint at %s"), id);
  else
    message = g_strdup_printf (_("No %s “%s”"), what, id);

  reply_error (self, msg, fault, SOUP_STATUS_NOT_FOUND, "NOT_FOUND", message);
}

/* The discovery bodies of a deployment and an environment, with the
 * replicas the generator says are running now.
 */
static JsonNode *
deployment_json (IscDemoServer           *self,
                 const IscDemoDeployment *dep,
                 gint64                   now_s)
{
  guint active = _isc_demo_generator_replicas_now (dep, self->seed, now_s);

  return _isc_demo_fleet_deployment_json (dep, self->seed, now_s, active);
}

static JsonNode *
environment_json (IscDemoServer            *self,
                  const IscDemoEnvironment *env,
                  gint64                    now_s)
{
  const IscDemoDeployment *current = _isc_demo_fleet_serving (env, self->seed, now_s, now_s);
  guint active = _isc_demo_generator_replicas_now (current, self->seed, now_s);

  return _isc_demo_fleet_environment_json (env, self->seed, now_s, active);
}

static JsonNode *
list_json (const char *member,
           JsonArray  *array)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_array_member (object, member, array);
  json_node_take_object (node, object);
  return node;
}

static void
route (IscDemoServer     *self,
       SoupServerMessage *msg,
       const Fault       *fault,
       char             **seg,
       guint              n,
       const char        *path)
{
  gint64 now_s = now_ms (self) / 1000;
  const IscDemoModel *model;
  g_autoptr(JsonNode) node = NULL;

  if (n == 3 && g_str_equal (seg[1], "users") && g_str_equal (seg[2], "me"))
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "user_id");
      json_builder_add_string_value (b, "demo-user");
      json_builder_set_member_name (b, "email");
      json_builder_add_string_value (b, "demo@inferscope.invalid");
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, "Demo User");
      json_builder_set_member_name (b, "workspace_name");
      json_builder_add_string_value (b, "Inferscope demo");
      json_builder_end_object (b);
      node = json_builder_get_root (b);
      reply_json (self, msg, fault, node);
      return;
    }

  if (n < 2 || !g_str_equal (seg[1], "models"))
    {
      reply_not_found (self, msg, fault, NULL, path);
      return;
    }

  if (n == 2)
    {
      JsonArray *array = json_array_new ();
      guint n_models;
      const IscDemoModel *models = _isc_demo_fleet_get_models (&n_models);

      for (guint i = 0; i < n_models; i++)
        json_array_add_element (array, _isc_demo_fleet_model_json (&models[i], self->seed, now_s));
      node = list_json ("models", array);
      reply_json (self, msg, fault, node);
      return;
    }

  model = _isc_demo_fleet_lookup_model (seg[2]);
  if (model == NULL)
    {
      reply_not_found (self, msg, fault, _("model"), seg[2]);
      return;
    }

  if (n == 3)
    {
      node = _isc_demo_fleet_model_json (model, self->seed, now_s);
      reply_json (self, msg, fault, node);
      return;
    }

  if (g_str_equal (seg[3], "deployments") && n <= 6)
    {
      const IscDemoDeployment *dep;

      if (n == 4)
        {
          g_autoptr(GPtrArray) list = _isc_demo_fleet_list_deployments (model);
          JsonArray *array = json_array_new ();

          for (guint i = 0; i < list->len; i++)
            json_array_add_element (array, deployment_json (self, g_ptr_array_index (list, i), now_s));
          node = list_json ("deployments", array);
          reply_json (self, msg, fault, node);
          return;
        }

      /* A reserved fault id stands for the model's production deployment. */
      if (g_str_has_prefix (seg[4], ISC_DEMO_FAULT_DEPLOYMENT_PREFIX))
        dep = _isc_demo_fleet_lookup_deployment (model, "production");
      else
        dep = _isc_demo_fleet_lookup_deployment (model, seg[4]);

      if (dep == NULL)
        reply_not_found (self, msg, fault, _("deployment"), seg[4]);
      else if (n == 5)
        {
          node = deployment_json (self, dep, now_s);
          reply_json (self, msg, fault, node);
        }
      else if (g_str_equal (seg[5], "metrics"))
        handle_metrics (self, msg, fault, dep, NULL);
      else
        reply_not_found (self, msg, fault, NULL, path);
      return;
    }

  if (g_str_equal (seg[3], "environments") && n <= 6)
    {
      const IscDemoEnvironment *env;

      if (n == 4)
        {
          g_autoptr(GPtrArray) list = _isc_demo_fleet_list_environments (model);
          JsonArray *array = json_array_new ();

          for (guint i = 0; i < list->len; i++)
            json_array_add_element (array, environment_json (self, g_ptr_array_index (list, i), now_s));
          node = list_json ("environments", array);
          reply_json (self, msg, fault, node);
          return;
        }

      env = _isc_demo_fleet_lookup_environment (model, seg[4]);
      if (env == NULL)
        reply_not_found (self, msg, fault, _("environment"), seg[4]);
      else if (n == 5)
        {
          node = environment_json (self, env, now_s);
          reply_json (self, msg, fault, node);
        }
      else if (g_str_equal (seg[5], "metrics"))
        handle_metrics (self, msg, fault, NULL, env);
      else
        reply_not_found (self, msg, fault, NULL, path);
      return;
    }

  reply_not_found (self, msg, fault, NULL, path);
}

static gboolean
authorized (IscDemoServer     *self,
            SoupServerMessage *msg)
{
  const char *header;

  if (self->api_key == NULL)
    return TRUE;

  header = soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Authorization");
  if (header == NULL)
    return FALSE;

  if (g_str_has_prefix (header, "Bearer "))
    header += strlen ("Bearer ");
  else if (g_str_has_prefix (header, "Api-Key "))
    header += strlen ("Api-Key ");
  else
    return FALSE;

  return g_str_equal (header, self->api_key);
}

/* "429 for the first N requests": counted per server and per N. */
static gboolean
rate_limited (IscDemoServer *self,
              guint          limit)
{
  g_autofree char *key = g_strdup_printf ("429=%u", limit);
  guint seen;

  g_mutex_lock (&self->lock);
  seen = GPOINTER_TO_UINT (g_hash_table_lookup (self->fault_counts, key)) + 1;
  g_hash_table_replace (self->fault_counts, g_steal_pointer (&key), GUINT_TO_POINTER (seen));
  g_mutex_unlock (&self->lock);

  return seen <= limit;
}

static void
drop_connection (IscDemoServer     *self,
                 SoupServerMessage *msg)
{
  g_autoptr(GIOStream) stream = NULL;

  log_request (self, msg, 0, 0);
  stream = soup_server_message_steal_connection (msg);
  if (stream != NULL)
    g_io_stream_close (stream, NULL, NULL);
}

static void
handle_request (SoupServer        *server,
                SoupServerMessage *msg,
                const char        *unused_path,
                GHashTable        *unused_query,
                gpointer           user_data)
{
  IscDemoServer *self = user_data;
  const char *method = soup_server_message_get_method (msg);
  const char *path = g_uri_get_path (soup_server_message_get_uri (msg));
  const char *header;
  g_auto(GStrv) raw = NULL;
  g_autoptr(GPtrArray) seg = g_ptr_array_new_with_free_func (g_free);
  Fault fault = { 0 };
  Fault none = { 0 };

  if (g_strcmp0 (method, SOUP_METHOD_GET) != 0 && g_strcmp0 (method, SOUP_METHOD_HEAD) != 0)
    {
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Allow", "GET, HEAD");
      reply_error (self, msg, &none, SOUP_STATUS_METHOD_NOT_ALLOWED, "METHOD_NOT_ALLOWED",
                   _("Only GET is allowed"));
      return;
    }

  if (!authorized (self, msg))
    {
      reply_error (self, msg, &none, SOUP_STATUS_UNAUTHORIZED, "UNAUTHENTICATED",
                   _("Missing or invalid API key: send “Authorization: Bearer <key>”"));
      return;
    }

  /* The path's segments, unescaped; the first must be "v1". */
  raw = g_strsplit (path[0] == '/' ? path + 1 : path, "/", -1);
  for (guint i = 0; raw[i] != NULL; i++)
    {
      char *s = g_uri_unescape_string (raw[i], NULL);

      /* One trailing slash is forgiven. */
      if (raw[i + 1] == NULL && *raw[i] == '\0' && i > 0)
        {
          g_free (s);
          break;
        }
      g_ptr_array_add (seg, s != NULL ? s : g_strdup (""));
    }
  g_ptr_array_add (seg, NULL);

  header = soup_message_headers_get_one (soup_server_message_get_request_headers (msg),
                                         ISC_DEMO_FAULT_HEADER);
  if ((header != NULL && !parse_fault_header (&fault, header)))
    {
      g_autofree char *message = g_strdup_printf (_("Unknown fault “%s”"), header);

      reply_error (self, msg, &none, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR", message);
      return;
    }
  if (seg->len > 5 && g_str_equal (g_ptr_array_index (seg, 3), "deployments") &&
      g_str_has_prefix (g_ptr_array_index (seg, 4), ISC_DEMO_FAULT_DEPLOYMENT_PREFIX) &&
      !parse_fault_deployment (&fault, g_ptr_array_index (seg, 4)))
    {
      reply_not_found (self, msg, &none, _("deployment"), g_ptr_array_index (seg, 4));
      return;
    }

  if (fault.drop)
    {
      drop_connection (self, msg);
      return;
    }

  if (fault.rate_limit > 0 && rate_limited (self, fault.rate_limit))
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "error");
      json_builder_add_string_value (b, _("Rate limit exceeded: 100 requests per second per endpoint"));
      json_builder_set_member_name (b, "retry_after");
      json_builder_add_int_value (b, 1);
      json_builder_end_object (b);
      node = json_builder_get_root (b);
      reply (self, msg, &fault, 429, "application/json", json_to_bytes (node), 1);
      return;
    }

  if (fault.status == 502)
    {
      /* What a proxy in front of the API sends: not JSON at all. */
      static const char page[] =
        "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n"
        "<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n";

      reply (self, msg, &fault, fault.status, "text/html", g_bytes_new_static (page, sizeof page - 1), 0);
      return;
    }
  if (fault.status != 0)
    {
      reply_error (self, msg, &fault, fault.status,
                   fault.status == 503 ? "SERVICE_UNAVAILABLE" : "INTERNAL_ERROR",
                   fault.status == 503 ? _("The service is temporarily unavailable")
                                       : _("An internal error occurred"));
      return;
    }

  if (fault.invalid_json)
    {
      static const char broken[] =
        "{\"start_epoch_millis\":1764547200000,\"end_epoch_millis\":1764550800000,"
        "\"mode\":\"SERIES\",\"step_seconds\":30,\"metric_descriptors\":[{\"name\":"
        "\"baseten_replicas_active\",\"unit_hint\":COUNT,,\"kind\":\"GAUGE\"}]";

      reply (self, msg, &fault, SOUP_STATUS_OK, "application/json",
             g_bytes_new_static (broken, sizeof broken - 1), 0);
      return;
    }
  if (fault.wrong_shape)
    {
      static const char shape[] =
        "{\"start_epoch_millis\":\"yesterday\",\"end_epoch_millis\":null,\"mode\":\"SERIES\","
        "\"step_seconds\":30,\"metric_descriptors\":{\"name\":\"baseten_replicas_active\"},"
        "\"metric_values\":[[1,2,3]],\"models\":7,\"deployments\":\"none\",\"environments\":{}}";

      reply (self, msg, &fault, SOUP_STATUS_OK, "application/json",
             g_bytes_new_static (shape, sizeof shape - 1), 0);
      return;
    }

  if (seg->len < 2 || !g_str_equal (g_ptr_array_index (seg, 0), "v1"))
    {
      reply_not_found (self, msg, &fault, NULL, path);
      return;
    }

  route (self, msg, &fault, (char **) seg->pdata, seg->len - 1, path);
}

/* GObject */

IscDemoServer *
isc_demo_server_new (guint64     seed,
                     const char *api_key)
{
  return g_object_new (ISC_TYPE_DEMO_SERVER,
                       "seed", seed,
                       "api-key", api_key,
                       NULL);
}

static gboolean
quit_loop (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

static void
cancel_replies (IscDemoServer *self)
{
  GList *replies;

  g_mutex_lock (&self->lock);
  replies = g_steal_pointer (&self->replies);
  g_mutex_unlock (&self->lock);

  g_list_free_full (replies, (GDestroyNotify) reply_free);
}

/**
 * isc_demo_server_stop:
 *
 * Stops listening and closes every connection. In a thread of its own the
 * server is gone when this returns; in the caller's context, iterate it
 * until nothing is pending so the closed connections can finish. Dispose
 * stops the server too.
 */
void
isc_demo_server_stop (IscDemoServer *self)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  if (self->thread != NULL)
    {
      g_main_context_invoke (self->context, quit_loop, self->loop);
      g_thread_join (g_steal_pointer (&self->thread));
    }
  else
    {
      cancel_replies (self);
      if (self->server != NULL)
        soup_server_disconnect (self->server);
    }
}

static void
isc_demo_server_dispose (GObject *object)
{
  IscDemoServer *self = (IscDemoServer *) object;

  isc_demo_server_stop (self);

  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  g_clear_object (&self->server);

  G_OBJECT_CLASS (isc_demo_server_parent_class)->dispose (object);
}

static void
isc_demo_server_finalize (GObject *object)
{
  IscDemoServer *self = (IscDemoServer *) object;

  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->loop, g_main_loop_unref);
  g_clear_pointer (&self->fault_counts, g_hash_table_unref);
  g_clear_error (&self->thread_error);
  g_free (self->api_key);
  g_free (self->base_url);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->started_cond);

  G_OBJECT_CLASS (isc_demo_server_parent_class)->finalize (object);
}

static void
isc_demo_server_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  IscDemoServer *self = ISC_DEMO_SERVER (object);

  switch (prop_id)
    {
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    case PROP_API_KEY:
      g_value_set_string (value, self->api_key);
      break;
    case PROP_BASE_URL:
      g_value_set_string (value, self->base_url);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_demo_server_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  IscDemoServer *self = ISC_DEMO_SERVER (object);

  switch (prop_id)
    {
    case PROP_SEED:
      self->seed = g_value_get_uint64 (value);
      break;
    case PROP_API_KEY:
      g_free (self->api_key);
      self->api_key = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_demo_server_class_init (IscDemoServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_demo_server_dispose;
  object_class->finalize = isc_demo_server_finalize;
  object_class->get_property = isc_demo_server_get_property;
  object_class->set_property = isc_demo_server_set_property;

  properties[PROP_SEED] =
    g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_API_KEY] =
    g_param_spec_string ("api-key", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BASE_URL] =
    g_param_spec_string ("base-url", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * IscDemoServer::request-logged:
   * @method: the request method
   * @path: the path and query as sent
   * @status: the status sent, 0 when the connection was dropped
   * @bytes: the body bytes sent
   * @milliseconds: from the request's start to its end
   *
   * One per request, when it ends, in the server's thread.
   */
  signals[REQUEST_LOGGED] =
    g_signal_new ("request-logged",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 5,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT64, G_TYPE_DOUBLE);
}

static void
isc_demo_server_init (IscDemoServer *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->started_cond);
  self->fault_counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->server = soup_server_new ("server-header", "inferscope-demo-server ", NULL);

  soup_server_add_handler (self->server, NULL, handle_request, self, NULL);
  g_signal_connect (self->server, "request-started", G_CALLBACK (on_request_started), self);
  g_signal_connect (self->server, "request-finished", G_CALLBACK (on_request_finished), self);
  g_signal_connect (self->server, "request-aborted", G_CALLBACK (on_request_aborted), self);
}

gboolean
isc_demo_server_listen (IscDemoServer  *self,
                        const char     *host,
                        guint           port,
                        GError        **error)
{
  g_autoptr(GSocketAddress) address = NULL;
  g_autoptr(GError) local_error = NULL;
  GSList *listeners;

  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), FALSE);
  g_return_val_if_fail (self->base_url == NULL, FALSE);
  g_return_val_if_fail (port <= G_MAXUINT16, FALSE);

  if (host == NULL)
    host = "127.0.0.1";

  address = g_inet_socket_address_new_from_string (host, port);
  if (address == NULL)
    {
      g_set_error (error, ISC_DEMO_SERVER_ERROR, ISC_DEMO_SERVER_ERROR_LISTEN,
                   _("“%s” is not an IP address"), host);
      return FALSE;
    }

  if (self->context == NULL)
    self->context = g_main_context_ref_thread_default ();

  if (!soup_server_listen (self->server, address, 0, &local_error))
    {
      g_set_error (error, ISC_DEMO_SERVER_ERROR, ISC_DEMO_SERVER_ERROR_LISTEN,
                   _("Could not listen on %s port %u: %s"), host, port, local_error->message);
      return FALSE;
    }

  /* The port the system chose. Not soup_server_get_uris (): the address
   * it caches on the listener shows as a leak under LeakSanitizer.
   */
  listeners = soup_server_get_listeners (self->server);
  if (listeners != NULL)
    {
      g_autoptr(GSocketAddress) local = g_socket_get_local_address (listeners->data, NULL);

      if (G_IS_INET_SOCKET_ADDRESS (local))
        self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local));
    }
  g_slist_free (listeners);

  if (strchr (host, ':') != NULL)
    self->base_url = g_strdup_printf ("http://[%s]:%u", host, self->port);
  else
    self->base_url = g_strdup_printf ("http://%s:%u", host, self->port);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BASE_URL]);
  return TRUE;
}

gboolean
isc_demo_server_listen_loopback (IscDemoServer  *self,
                                 guint           port,
                                 GError        **error)
{
  return isc_demo_server_listen (self, "127.0.0.1", port, error);
}

typedef struct
{
  IscDemoServer *self;
  guint          port;
} ThreadStart;

static gpointer
server_thread (gpointer user_data)
{
  ThreadStart *start = user_data;
  IscDemoServer *self = start->self;
  GError *error = NULL;
  gboolean ok;

  g_main_context_push_thread_default (self->context);
  ok = isc_demo_server_listen_loopback (self, start->port, &error);

  g_mutex_lock (&self->lock);
  self->thread_error = error;
  self->started = TRUE;
  g_cond_signal (&self->started_cond);
  g_mutex_unlock (&self->lock);

  if (ok)
    g_main_loop_run (self->loop);

  cancel_replies (self);
  soup_server_disconnect (self->server);
  /* Let the closed connections finish their sources here. */
  while (g_main_context_iteration (self->context, FALSE))
    ;
  g_main_context_pop_thread_default (self->context);
  g_free (start);
  return NULL;
}

gboolean
isc_demo_server_run_in_thread (IscDemoServer  *self,
                               guint           port,
                               GError        **error)
{
  ThreadStart *start;
  GError *thread_error;

  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), FALSE);
  g_return_val_if_fail (self->thread == NULL && self->context == NULL, FALSE);

  self->context = g_main_context_new ();
  self->loop = g_main_loop_new (self->context, FALSE);

  start = g_new0 (ThreadStart, 1);
  start->self = self;
  start->port = port;
  self->thread = g_thread_new ("isc-demo-server", server_thread, start);

  g_mutex_lock (&self->lock);
  while (!self->started)
    g_cond_wait (&self->started_cond, &self->lock);
  thread_error = g_steal_pointer (&self->thread_error);
  g_mutex_unlock (&self->lock);

  if (thread_error != NULL)
    {
      g_thread_join (g_steal_pointer (&self->thread));
      g_propagate_error (error, thread_error);
      return FALSE;
    }

  return TRUE;
}

const char *
isc_demo_server_get_base_url (IscDemoServer *self)
{
  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), NULL);

  return self->base_url;
}

guint
isc_demo_server_get_port (IscDemoServer *self)
{
  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), 0);

  return self->port;
}

guint64
isc_demo_server_get_seed (IscDemoServer *self)
{
  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), 0);

  return self->seed;
}

void
isc_demo_server_set_now_ms (IscDemoServer *self,
                            gint64         now)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  g_mutex_lock (&self->lock);
  self->fixed_now_ms = now;
  g_mutex_unlock (&self->lock);
}

void
isc_demo_server_reset_faults (IscDemoServer *self)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  g_mutex_lock (&self->lock);
  g_hash_table_remove_all (self->fault_counts);
  g_mutex_unlock (&self->lock);
}
