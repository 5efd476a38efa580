/* isc-demo-server-audit.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* IscDemoServer's model audit log, GET /v1/models/{m}/audit_logs: reads
 * and checks the query as baseten-api-reference.md §2 describes it, pages
 * the entries of isc-demo-audit.c with a cursor, and refuses the reserved
 * member key (ISC_DEMO_MEMBER_KEY) with a 403, as Baseten refuses a member
 * of a multi-team organisation.
 *
 * The cursor holds the direction, the window and the last entry sent, so
 * it goes on from there whatever else the next request sends (Baseten
 * ignores the direction with a cursor); the filters are read from each
 * request. */

#define G_LOG_DOMAIN "isc-demo-server"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-demo-audit-private.h"
#include "isc-demo-ids.h"
#include "isc-demo-server-private.h"

#define DEFAULT_LIMIT 20
#define MAX_LIMIT     200

static const char * const known_groups[] = {
  "DEPLOYED", "PROMOTED", "ACTIVATED_DEACTIVATED", "AUTOSCALING_SETTINGS",
  "REQUEST_BACKPRESSURE_SETTINGS", "INSTANCE_TYPE_CHANGED", "ENVIRONMENT_SETTINGS",
  "REPLICA_TERMINATED", "DELETED", "SECRETS", "API_KEYS", "GATEWAY",
  "WEBHOOK_SIGNING_SECRETS", "USER_MANAGEMENT", "DIRECTORY_GROUP_MANAGEMENT", "SSH",
  NULL
};

static const char * const known_sources[] = { "UI", "API", "MCP", "SYSTEM", "OTHER", NULL };

typedef struct
{
  char      *cursor;
  char      *limit;
  char      *direction;
  char      *search;
  char      *start;
  char      *end;
  GPtrArray *groups;
  GPtrArray *user_ids;
  GPtrArray *deployment_ids;
  GPtrArray *chain_deployment_ids;
  GPtrArray *environment_names;
  GPtrArray *sources;
  char      *repeated;
} AuditQuery;

static void
audit_query_clear (AuditQuery *q)
{
  g_free (q->cursor);
  g_free (q->limit);
  g_free (q->direction);
  g_free (q->search);
  g_free (q->start);
  g_free (q->end);
  g_clear_pointer (&q->groups, g_ptr_array_unref);
  g_clear_pointer (&q->user_ids, g_ptr_array_unref);
  g_clear_pointer (&q->deployment_ids, g_ptr_array_unref);
  g_clear_pointer (&q->chain_deployment_ids, g_ptr_array_unref);
  g_clear_pointer (&q->environment_names, g_ptr_array_unref);
  g_clear_pointer (&q->sources, g_ptr_array_unref);
  g_free (q->repeated);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AuditQuery, audit_query_clear)

static void
audit_query_parse (AuditQuery *q,
                   const char *query)
{
  q->groups = g_ptr_array_new_with_free_func (g_free);
  q->user_ids = g_ptr_array_new_with_free_func (g_free);
  q->deployment_ids = g_ptr_array_new_with_free_func (g_free);
  q->chain_deployment_ids = g_ptr_array_new_with_free_func (g_free);
  q->environment_names = g_ptr_array_new_with_free_func (g_free);
  q->sources = g_ptr_array_new_with_free_func (g_free);
  {
    const IscDemoQueryField fields[] = {
      { "event_type_groups", NULL, q->groups },
      { "user_ids", NULL, q->user_ids },
      { "deployment_ids", NULL, q->deployment_ids },
      { "chain_deployment_ids", NULL, q->chain_deployment_ids },
      { "environment_names", NULL, q->environment_names },
      { "sources", NULL, q->sources },
      { "cursor", &q->cursor, NULL },
      { "limit", &q->limit, NULL },
      { "direction", &q->direction, NULL },
      { "search", &q->search, NULL },
      { "start_epoch_millis", &q->start, NULL },
      { "end_epoch_millis", &q->end, NULL },
    };

    q->repeated = _isc_demo_server_parse_query (query, fields, G_N_ELEMENTS (fields));
  }
}

static gboolean
in_list (const char * const *list,
         const char         *value)
{
  return g_strv_contains (list, value);
}

/* The cursor: "ASC|DESC:start:end:time:id", base64. */
static char *
encode_cursor (gboolean                 ascending,
               gint64                   start_ms,
               gint64                   end_ms,
               const IscDemoAuditEntry *last)
{
  g_autofree char *text = g_strdup_printf ("%s:%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT ":%s",
                                           ascending ? "ASC" : "DESC", start_ms, end_ms,
                                           last->time_ms, last->id);

  return g_base64_encode ((const guchar *) text, strlen (text));
}

static gboolean
decode_cursor (const char *cursor,
               gboolean   *ascending,
               gint64     *start_ms,
               gint64     *end_ms,
               gint64     *last_ms,
               char      **last_id)
{
  g_autofree guchar *raw = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) parts = NULL;
  gsize length = 0;

  if (cursor == NULL || *cursor == '\0' || strlen (cursor) > 512)
    return FALSE;
  raw = g_base64_decode (cursor, &length);
  if (raw == NULL || length == 0)
    return FALSE;
  text = g_strndup ((const char *) raw, length);
  parts = g_strsplit (text, ":", 5);
  if (g_strv_length (parts) != 5 ||
      (!g_str_equal (parts[0], "ASC") && !g_str_equal (parts[0], "DESC")) ||
      !g_ascii_string_to_signed (parts[1], 10, G_MININT64, G_MAXINT64, start_ms, NULL) ||
      !g_ascii_string_to_signed (parts[2], 10, G_MININT64, G_MAXINT64, end_ms, NULL) ||
      !g_ascii_string_to_signed (parts[3], 10, G_MININT64, G_MAXINT64, last_ms, NULL))
    return FALSE;

  *ascending = g_str_equal (parts[0], "ASC");
  *last_id = g_strdup (parts[4]);
  return TRUE;
}

/* After (in the direction of the page) the entry at @last_ms, @last_id. */
static gboolean
after (const IscDemoAuditEntry *e,
       gboolean                 ascending,
       gint64                   last_ms,
       const char              *last_id)
{
  int c;

  if (e->time_ms != last_ms)
    c = e->time_ms < last_ms ? -1 : 1;
  else
    c = strcmp (e->id, last_id);
  return ascending ? c > 0 : c < 0;
}

static gboolean
matches (const IscDemoAuditEntry *e,
         const IscDemoModel      *model,
         AuditQuery              *q)
{
  if (q->groups->len > 1 && !in_list ((const char * const *) q->groups->pdata, e->group))
    return FALSE;
  if (q->deployment_ids->len > 1 && !in_list ((const char * const *) q->deployment_ids->pdata, e->dep->id))
    return FALSE;
  if (q->environment_names->len > 1 &&
      (e->environment == NULL || !in_list ((const char * const *) q->environment_names->pdata, e->environment)))
    return FALSE;
  if (q->sources->len > 1 && !in_list ((const char * const *) q->sources->pdata, e->source))
    return FALSE;
  /* No entry of the demo references a chain deployment, and the actors
   * have no user ids to match. */
  if (q->chain_deployment_ids->len > 1 || q->user_ids->len > 1)
    return FALSE;
  if (q->search != NULL && *q->search != '\0')
    {
      g_autofree char *needle = g_utf8_casefold (q->search, -1);
      const char *names[] = { model->id, model->name, e->dep->id, e->dep->name, e->environment };

      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          g_autofree char *folded = names[i] != NULL ? g_utf8_casefold (names[i], -1) : NULL;

          if (folded != NULL && strstr (folded, needle) != NULL)
            return TRUE;
        }
      return FALSE;
    }
  return TRUE;
}

static const char *
request_key (SoupServerMessage *msg)
{
  const char *header = soup_message_headers_get_one (soup_server_message_get_request_headers (msg),
                                                     "Authorization");

  if (header == NULL)
    return NULL;
  if (g_str_has_prefix (header, "Bearer "))
    return header + strlen ("Bearer ");
  if (g_str_has_prefix (header, "Api-Key "))
    return header + strlen ("Api-Key ");
  return NULL;
}

void
_isc_demo_server_handle_audit_logs (IscDemoServer      *self,
                                    SoupServerMessage  *msg,
                                    const IscDemoFault *fault,
                                    const IscDemoModel *model)
{
  g_auto(AuditQuery) q = { 0 };
  g_autoptr(GArray) entries = NULL;
  g_autoptr(JsonBuilder) b = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *last_id = NULL;
  gint64 now_ms = _isc_demo_server_now_ms (self);
  gint64 start_ms = G_MININT64, end_ms = now_ms, last_ms = 0;
  gboolean ascending = FALSE, has_cursor = FALSE;
  guint64 limit = DEFAULT_LIMIT;
  guint n_sent = 0, n_matching = 0;
  const IscDemoAuditEntry *last_sent = NULL;

  if (g_strcmp0 (request_key (msg), ISC_DEMO_MEMBER_KEY) == 0)
    {
      _isc_demo_server_reply_error (self, msg, fault, SOUP_STATUS_FORBIDDEN, "FORBIDDEN",
                                    _("Only organization admins may read the audit log of a "
                                      "workspace with several teams"));
      return;
    }

  audit_query_parse (&q, g_uri_get_query (soup_server_message_get_uri (msg)));
  if (q.repeated != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” may be given only once"), q.repeated);

      _isc_demo_server_reply_invalid (self, msg, fault, message);
      return;
    }
  if (q.limit != NULL &&
      !g_ascii_string_to_unsigned (q.limit, 10, 1, MAX_LIMIT, &limit, NULL))
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("limit must be an integer from 1 to 200"));
      return;
    }
  if (q.direction != NULL && !g_str_equal (q.direction, "ASC") && !g_str_equal (q.direction, "DESC"))
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("direction must be ASC or DESC"));
      return;
    }
  ascending = g_strcmp0 (q.direction, "ASC") == 0;
  if ((q.start != NULL && !g_ascii_string_to_signed (q.start, 10, 0, G_MAXINT64 / 2, &start_ms, NULL)) ||
      (q.end != NULL && !g_ascii_string_to_signed (q.end, 10, 0, G_MAXINT64 / 2, &end_ms, NULL)))
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("start_epoch_millis and end_epoch_millis must be integers"));
      return;
    }
  if (start_ms > end_ms)
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("start_epoch_millis must not be after end_epoch_millis"));
      return;
    }
  for (guint i = 0; i < q.groups->len; i++)
    if (!g_strv_contains (known_groups, g_ptr_array_index (q.groups, i)))
      {
        g_autofree char *message = g_strdup_printf (_("Unknown event_type_groups value “%s”"),
                                                    (const char *) g_ptr_array_index (q.groups, i));

        _isc_demo_server_reply_invalid (self, msg, fault, message);
        return;
      }
  for (guint i = 0; i < q.sources->len; i++)
    if (!g_strv_contains (known_sources, g_ptr_array_index (q.sources, i)))
      {
        g_autofree char *message = g_strdup_printf (_("Unknown sources value “%s”"),
                                                    (const char *) g_ptr_array_index (q.sources, i));

        _isc_demo_server_reply_invalid (self, msg, fault, message);
        return;
      }
  if (q.cursor != NULL)
    {
      if (!decode_cursor (q.cursor, &ascending, &start_ms, &end_ms, &last_ms, &last_id))
        {
          _isc_demo_server_reply_invalid (self, msg, fault, _("Invalid cursor"));
          return;
        }
      has_cursor = TRUE;
    }

  g_ptr_array_add (q.groups, NULL);
  g_ptr_array_add (q.user_ids, NULL);
  g_ptr_array_add (q.deployment_ids, NULL);
  g_ptr_array_add (q.chain_deployment_ids, NULL);
  g_ptr_array_add (q.environment_names, NULL);
  g_ptr_array_add (q.sources, NULL);

  entries = _isc_demo_audit_entries (self->seed, model, now_ms / 1000, start_ms, end_ms);

  b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "items");
  json_builder_begin_array (b);
  for (guint k = 0; k < entries->len; k++)
    {
      guint i = ascending ? k : entries->len - 1 - k;
      const IscDemoAuditEntry *e = &g_array_index (entries, IscDemoAuditEntry, i);

      if (has_cursor && !after (e, ascending, last_ms, last_id))
        continue;
      if (!matches (e, model, &q))
        continue;
      n_matching++;
      if (n_sent < limit)
        {
          g_autoptr(JsonNode) item = _isc_demo_audit_entry_json (e, model);

          json_builder_add_value (b, g_steal_pointer (&item));
          n_sent++;
          last_sent = e;
        }
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "pagination");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "has_more");
  json_builder_add_boolean_value (b, n_matching > n_sent);
  json_builder_set_member_name (b, "cursor");
  if (n_matching > n_sent && last_sent != NULL)
    {
      g_autofree char *next = encode_cursor (ascending, start_ms, end_ms, last_sent);

      json_builder_add_string_value (b, next);
    }
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  json_builder_end_object (b);

  node = json_builder_get_root (b);
  _isc_demo_server_reply_json (self, msg, fault, node);
}
