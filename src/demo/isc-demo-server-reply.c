/* isc-demo-server-reply.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How IscDemoServer sends a reply: whole, after a delay, dripping in
 * twenty chunks, or cut off halfway with the connection taken from
 * libsoup. A reply waiting on a timer sits in the server's list, so
 * stopping the server can cancel it.
 */

#define G_LOG_DOMAIN "isc-demo-server"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-demo-server-private.h"

#define DRIP_CHUNKS 20

/* A reply on its way: delayed, dripping or cut off. */
typedef struct
{
  IscDemoServer     *self;     /* unowned: dispose cancels every reply */
  SoupServerMessage *msg;
  guint              status;
  GBytes            *body;
  const char        *content_type;
  guint              retry_after;
  IscDemoFault       fault;
  GSource           *source;
  gsize              offset;
  gsize              chunk;
  gulong             finished_id;
  gboolean           paused;
} Reply;

GBytes *
_isc_demo_server_json_to_bytes (JsonNode *node)
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

  return _isc_demo_server_json_to_bytes (root);
}

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

  _isc_demo_server_log_request (reply->self, reply->msg, reply->status, half);
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
void
_isc_demo_server_reply (IscDemoServer      *self,
                        SoupServerMessage  *msg,
                        const IscDemoFault *fault,
                        guint               status,
                        const char         *content_type,
                        GBytes             *body,
                        guint               retry_after)
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
  /* "latency-ms": on top of a delay asked for. */
  r->fault.delay_ms += self->latency_ms;
  g_mutex_unlock (&self->lock);

  if (r->fault.delay_ms > 0)
    {
      soup_server_message_pause (msg);
      r->paused = TRUE;
      reply_attach_timeout (r, r->fault.delay_ms, delay_done);
    }
  else
    reply_deliver (r);
}

void
_isc_demo_server_reply_error (IscDemoServer      *self,
                              SoupServerMessage  *msg,
                              const IscDemoFault *fault,
                              guint               status,
                              const char         *code,
                              const char         *message)
{
  _isc_demo_server_reply (self, msg, fault, status, "application/json", error_body (code, message), 0);
}

void
_isc_demo_server_reply_invalid (IscDemoServer      *self,
                                SoupServerMessage  *msg,
                                const IscDemoFault *fault,
                                const char         *message)
{
  _isc_demo_server_reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR", message);
}

void
_isc_demo_server_reply_json (IscDemoServer      *self,
                             SoupServerMessage  *msg,
                             const IscDemoFault *fault,
                             JsonNode           *node)
{
  _isc_demo_server_reply (self, msg, fault, SOUP_STATUS_OK, "application/json", _isc_demo_server_json_to_bytes (node), 0);
}

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

char *
_isc_demo_server_parse_query (const char              *query,
                              const IscDemoQueryField *fields,
                              guint                    n_fields)
{
  g_auto(GStrv) pairs = NULL;
  char *repeated = NULL;

  if (query == NULL)
    return NULL;

  pairs = g_strsplit (query, "&", -1);
  for (guint i = 0; pairs[i] != NULL; i++)
    {
      const char *eq = strchr (pairs[i], '=');
      g_autofree char *key = NULL;
      g_autofree char *value = NULL;

      if (*pairs[i] == '\0')
        continue;

      key = unescape_form (pairs[i], eq != NULL ? eq - pairs[i] : -1);
      value = eq != NULL ? unescape_form (eq + 1, -1) : g_strdup ("");
      if (key == NULL || value == NULL)
        continue;

      for (guint f = 0; f < n_fields; f++)
        {
          if (!g_str_equal (key, fields[f].name))
            continue;

          if (fields[f].values != NULL)
            g_ptr_array_add (fields[f].values, g_steal_pointer (&value));
          else
            {
              if (*fields[f].value != NULL && repeated == NULL)
                repeated = g_strdup (key);
              g_free (*fields[f].value);
              *fields[f].value = g_steal_pointer (&value);
            }
          break;
        }
    }

  return repeated;
}

void
_isc_demo_server_reply_not_found (IscDemoServer      *self,
                                  SoupServerMessage  *msg,
                                  const IscDemoFault *fault,
                                  const char         *what,
                                  const char         *id)
{
  g_autofree char *message = NULL;

  if (what == NULL)
    message = g_strdup_printf (_("No endpoint at %s"), id);
  else
    message = g_strdup_printf (_("No %s “%s”"), what, id);

  _isc_demo_server_reply_error (self, msg, fault, SOUP_STATUS_NOT_FOUND, "NOT_FOUND", message);
}

void
_isc_demo_server_cancel_replies (IscDemoServer *self)
{
  GList *replies;

  g_mutex_lock (&self->lock);
  replies = g_steal_pointer (&self->replies);
  g_mutex_unlock (&self->lock);

  g_list_free_full (replies, (GDestroyNotify) reply_free);
}

