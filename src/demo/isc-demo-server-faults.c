/* isc-demo-server-faults.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The faults a request to IscDemoServer can ask for (README.md,
 * "Simulated API"): in the X-Inferscope-Fault header ("delay=2000, drip")
 * or as a reserved deployment id ("fault-503", "fault-429-3"). Those that
 * replace the answer are sent from here.
 */

#define G_LOG_DOMAIN "isc-demo-server"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-demo-ids.h"
#include "isc-demo-server-private.h"

#define DEFAULT_DELAY_MS 2000
#define DEFAULT_DRIP_MS  100

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
parse_fault_token (IscDemoFault *fault,
                   const char   *token)
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
  if (g_str_equal (name, "log-rate"))
    return arg != NULL && parse_count (arg, 1, &fault->log_rate) && fault->log_rate > 0 &&
           fault->log_rate <= 100000;

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
  else if (g_str_equal (name, "other-mode"))
    fault->other_mode = TRUE;
  else if (g_str_equal (name, "hostile-logs"))
    fault->hostile_logs = TRUE;
  else
    return FALSE;

  return TRUE;
}

/* The header: tokens separated by commas. */
static gboolean
parse_fault_header (IscDemoFault *fault,
                    const char   *header)
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

/* A reserved deployment id: "fault-503", "fault-delay-500", "fault-429-3",
 * "fault-log-rate-64". */
static gboolean
parse_fault_deployment (IscDemoFault *fault,
                        const char   *deployment_id)
{
  const char *rest = deployment_id + strlen (ISC_DEMO_FAULT_DEPLOYMENT_PREFIX);
  const char *dash = strrchr (rest, '-');
  g_autofree char *token = NULL;

  if (dash != NULL && dash[1] != '\0' && strspn (dash + 1, "0123456789") == strlen (dash + 1) &&
      (g_str_has_prefix (rest, "delay-") || g_str_has_prefix (rest, "drip-") ||
       g_str_has_prefix (rest, "429-") || g_str_has_prefix (rest, "log-rate-")))
    token = g_strdup_printf ("%.*s=%s", (int) (dash - rest), rest, dash + 1);
  else
    token = g_strdup (rest);

  return parse_fault_token (fault, token);
}

gboolean
_isc_demo_server_read_fault (IscDemoServer      *self,
                             SoupServerMessage  *msg,
                             char              **seg,
                             guint               n,
                             IscDemoFault       *fault)
{
  IscDemoFault none = { 0 };
  const char *header;

  header = soup_message_headers_get_one (soup_server_message_get_request_headers (msg),
                                         ISC_DEMO_FAULT_HEADER);
  if ((header != NULL && !parse_fault_header (fault, header)))
    {
      g_autofree char *message = g_strdup_printf (_("Unknown fault “%s”"), header);

      _isc_demo_server_reply_error (self, msg, &none, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR", message);
      return FALSE;
    }
  if (n > 4 && g_str_equal (seg[3], "deployments") &&
      g_str_has_prefix (seg[4], ISC_DEMO_FAULT_DEPLOYMENT_PREFIX) &&
      !parse_fault_deployment (fault, seg[4]))
    {
      _isc_demo_server_reply_not_found (self, msg, &none, _("deployment"), seg[4]);
      return FALSE;
    }

  return TRUE;
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

  _isc_demo_server_log_request (self, msg, 0, 0);
  stream = soup_server_message_steal_connection (msg);
  if (stream != NULL)
    g_io_stream_close (stream, NULL, NULL);
}

/* The 429 body Baseten documents, with a Retry-After header as well. */
static void
reply_rate_limited (IscDemoServer      *self,
                    SoupServerMessage  *msg,
                    const IscDemoFault *fault)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  guint seconds = _isc_demo_server_get_retry_after (self);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "error");
  json_builder_add_string_value (b, _("Rate limit exceeded: 100 requests per second per endpoint"));
  json_builder_set_member_name (b, "retry_after");
  json_builder_add_int_value (b, seconds);
  json_builder_end_object (b);
  node = json_builder_get_root (b);
  _isc_demo_server_reply (self, msg, fault, 429, "application/json",
                          _isc_demo_server_json_to_bytes (node), seconds);
}

static void
reply_server_error (IscDemoServer      *self,
                    SoupServerMessage  *msg,
                    const IscDemoFault *fault)
{
  if (fault->status == 502)
    {
      /* What a proxy in front of the API sends: not JSON at all. */
      static const char page[] =
        "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n"
        "<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n";

      _isc_demo_server_reply (self, msg, fault, fault->status, "text/html",
                              g_bytes_new_static (page, sizeof page - 1), 0);
      return;
    }

  _isc_demo_server_reply_error (self, msg, fault, fault->status,
                                fault->status == 503 ? "SERVICE_UNAVAILABLE" : "INTERNAL_ERROR",
                                fault->status == 503 ? _("The service is temporarily unavailable")
                                                     : _("An internal error occurred"));
}

/* A 200 whose body is not JSON, or JSON of the wrong shape. */
static void
reply_broken_body (IscDemoServer      *self,
                   SoupServerMessage  *msg,
                   const IscDemoFault *fault)
{
  static const char broken[] =
    "{\"start_epoch_millis\":1764547200000,\"end_epoch_millis\":1764550800000,"
    "\"mode\":\"SERIES\",\"step_seconds\":30,\"metric_descriptors\":[{\"name\":"
    "\"baseten_replicas_active\",\"unit_hint\":COUNT,,\"kind\":\"GAUGE\"}]";
  static const char shape[] =
    "{\"start_epoch_millis\":\"yesterday\",\"end_epoch_millis\":null,\"mode\":\"SERIES\","
    "\"step_seconds\":30,\"metric_descriptors\":{\"name\":\"baseten_replicas_active\"},"
    "\"metric_values\":[[1,2,3]],\"models\":7,\"deployments\":\"none\",\"environments\":{}}";

  if (fault->invalid_json)
    _isc_demo_server_reply (self, msg, fault, SOUP_STATUS_OK, "application/json",
                            g_bytes_new_static (broken, sizeof broken - 1), 0);
  else
    _isc_demo_server_reply (self, msg, fault, SOUP_STATUS_OK, "application/json",
                            g_bytes_new_static (shape, sizeof shape - 1), 0);
}

gboolean
_isc_demo_server_reply_fault (IscDemoServer      *self,
                              SoupServerMessage  *msg,
                              const IscDemoFault *fault)
{
  if (fault->drop)
    drop_connection (self, msg);
  else if (fault->rate_limit > 0 && rate_limited (self, fault->rate_limit))
    reply_rate_limited (self, msg, fault);
  else if (fault->status != 0)
    reply_server_error (self, msg, fault);
  else if (fault->invalid_json || fault->wrong_shape)
    reply_broken_body (self, msg, fault);
  else
    return FALSE;

  return TRUE;
}
