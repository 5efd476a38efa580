/* isc-audit-log-decoder.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-audit-log-decoder"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "isc-audit-log-decoder.h"

/* The decoder of ListAuditLogsResponseV1 (baseten-api-reference.md §2).
 *
 * A page is at most 200 small entries, so json-glib's tree is affordable
 * once the body's size is capped (ISC_AUDIT_LOG_MAX_BYTES) and its nesting
 * checked before json-glib reads it (its parser recurses). Each entry of
 * a kind the charts draw (isc_event_kind_from_api()) is read against its
 * payload's schema; the 31 other kinds, and kinds added after this
 * version, are skipped and counted. Text is made safe by isc_event_new().
 */

G_DEFINE_QUARK (isc-audit-log-decode-error-quark, isc_audit_log_decode_error)

#define MAX_DEPTH 32

/* At most this many changes an event lists: every field of an
 * environment's settings, and a few schedules. */
#define MAX_CHANGES 32

void
isc_audit_log_page_free (IscAuditLogPage *page)
{
  if (page == NULL)
    return;
  g_clear_pointer (&page->events, g_ptr_array_unref);
  g_free (page->cursor);
  g_free (page);
}

static gboolean fail (GError     **error,
                      int          code,
                      const char  *format,
                      ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (GError     **error,
      int          code,
      const char  *format,
      ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;

  va_start (args, format);
  *error = g_error_new_valist (ISC_AUDIT_LOG_DECODE_ERROR, code, format, args);
  va_end (args);

  return FALSE;
}

/* Nesting outside strings, before json-glib's recursive parser sees it. */
static gboolean
check_depth (const char  *data,
             gsize        length,
             GError     **error)
{
  guint depth = 0;
  gboolean in_string = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
          continue;
        }

      switch (c)
        {
        case '"':
          in_string = TRUE;
          break;
        case '[':
        case '{':
          if (++depth > MAX_DEPTH)
            return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                         _("The audit log nests more than %u levels deep at byte %zu"),
                         MAX_DEPTH, i);
          break;
        case ']':
        case '}':
          if (depth > 0)
            depth--;
          break;
        default:
          break;
        }
    }

  return TRUE;
}

/* ------------------------------------------------------------------------
 * Members
 * ------------------------------------------------------------------------ */

static JsonNode *
member (JsonObject *object,
        const char *name)
{
  if (object == NULL || !json_object_has_member (object, name))
    return NULL;
  return json_object_get_member (object, name);
}

static gboolean
is_string (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_STRING;
}

static gboolean
is_null (JsonNode *node)
{
  return node == NULL || JSON_NODE_HOLDS_NULL (node);
}

static gboolean
is_number (JsonNode *node)
{
  GType type;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return FALSE;
  type = json_node_get_value_type (node);
  return type == G_TYPE_INT64 || type == G_TYPE_DOUBLE;
}

static gboolean
is_boolean (JsonNode *node)
{
  return node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
         json_node_get_value_type (node) == G_TYPE_BOOLEAN;
}

/* A string member, or NULL (absent, null or another type). */
static const char *
string_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = member (object, name);

  return is_string (node) ? json_node_get_string (node) : NULL;
}

static JsonObject *
object_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = member (object, name);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* ------------------------------------------------------------------------
 * Values as a person reads them
 * ------------------------------------------------------------------------ */

typedef enum
{
  UNIT_NONE,
  UNIT_SECONDS,
  UNIT_PERCENT,
  UNIT_WORD,     /* an enum-like string */
} Unit;

static const struct
{
  const char *field;
  Unit        unit;
} autoscaling_fields[] = {
  { "min_replica", UNIT_NONE },
  { "max_replica", UNIT_NONE },
  { "concurrency_target", UNIT_NONE },
  { "target_utilization_percentage", UNIT_PERCENT },
  { "target_in_flight_tokens", UNIT_NONE },
  { "autoscaling_window", UNIT_SECONDS },
  { "scale_down_delay", UNIT_SECONDS },
  { "max_scale_down_rate", UNIT_PERCENT },
}, environment_fields[] = {
  { "request_backpressure_policy", UNIT_WORD },
  { "redeploy_on_promotion", UNIT_NONE },
  { "rolling_deploy", UNIT_NONE },
  { "rolling_deploy_strategy", UNIT_WORD },
  { "max_unavailable_percent", UNIT_PERCENT },
  { "max_surge_percent", UNIT_PERCENT },
  { "stabilization_time_seconds", UNIT_SECONDS },
  { "replica_overhead_percent", UNIT_PERCENT },
  { "promotion_cleanup_strategy", UNIT_WORD },
  { "ramp_up_while_promoting", UNIT_NONE },
  { "ramp_up_duration_seconds", UNIT_SECONDS },
  { "ramp_up_step_size", UNIT_NONE },
};

static const char *
word (const char *value)
{
  static const struct
  {
    const char *api;
    const char *words;
  } words[] = {
    { "QUEUE_ON_FULL", N_("queue when full") },
    { "REJECT_ON_FULL", N_("reject when full") },
    { "SCALE_TO_ZERO", N_("scale to zero") },
    { "KEEP", N_("keep") },
    { "DEACTIVATE", N_("deactivate") },
    { "REPLICA", N_("by replica") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strcmp (value, words[i].api) == 0)
      return _(words[i].words);
  return value;
}

/* The value as text, or NULL when @node is absent (nothing to say). */
static char *
format_value (JsonNode *node,
              Unit      unit)
{
  if (node == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_NULL (node))
    /* Translators: a setting with no value, "backpressure none → reject when full" */
    return g_strdup (_("none"));
  if (is_boolean (node))
    return g_strdup (json_node_get_boolean (node) ? _("on") : _("off"));
  if (is_string (node))
    return g_strdup (unit == UNIT_WORD ? word (json_node_get_string (node)) : json_node_get_string (node));
  if (is_number (node))
    {
      g_autofree char *number = NULL;

      if (json_node_get_value_type (node) == G_TYPE_INT64)
        number = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
      else
        {
          double v = json_node_get_double (node);
          char buffer[G_ASCII_DTOSTR_BUF_SIZE];

          if (!isfinite (v))
            return g_strdup ("?");
          number = g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.6g", v));
        }

      switch (unit)
        {
        /* Translators: a duration in seconds, "60 s" */
        case UNIT_SECONDS: return g_strdup_printf (_("%s s"), number);
        /* Translators: a percentage, "70 %" */
        case UNIT_PERCENT: return g_strdup_printf (_("%s %%"), number);
        case UNIT_NONE:
        case UNIT_WORD:
        default:
          return g_steal_pointer (&number);
        }
    }
  return g_strdup ("?");
}

typedef struct
{
  GPtrArray *strings;  /* owns the texts of changes */
  GArray    *changes;  /* IscEventChange */
} Changes;

static void
changes_clear (Changes *c)
{
  g_clear_pointer (&c->strings, g_ptr_array_unref);
  g_clear_pointer (&c->changes, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Changes, changes_clear)

static void
changes_add (Changes    *c,
             const char *field,
             const char *label,
             char       *before,
             char       *after)
{
  IscEventChange change = { field, label, before, after };

  if (c->changes->len >= MAX_CHANGES)
    {
      g_free (before);
      g_free (after);
      return;
    }
  if (before != NULL)
    g_ptr_array_add (c->strings, before);
  if (after != NULL)
    g_ptr_array_add (c->strings, after);
  g_array_append_val (c->changes, change);
}

/* The fields of @table that @previous (NULL: not given) and @current
 * disagree on; with no @previous, those @current sets (not null). */
static void
diff_fields (Changes    *c,
             JsonObject *current,
             JsonObject *previous,
             const void *table,
             guint       n)
{
  const struct { const char *field; Unit unit; } *fields = table;

  for (guint i = 0; i < n; i++)
    {
      JsonNode *now = member (current, fields[i].field);
      g_autofree char *after = format_value (now, fields[i].unit);
      g_autofree char *before = NULL;

      if (after == NULL)
        continue;
      if (previous == NULL)
        {
          if (!is_null (now))
            changes_add (c, fields[i].field, NULL, NULL, g_steal_pointer (&after));
          continue;
        }
      before = format_value (member (previous, fields[i].field), fields[i].unit);
      if (before == NULL)
        /* Translators: a setting's previous value the audit log does not give */
        before = g_strdup (_("none"));
      if (strcmp (before, after) != 0)
        changes_add (c, fields[i].field, NULL, g_steal_pointer (&before), g_steal_pointer (&after));
    }
}

/* The schedules created, changed or deleted with an autoscaling or
 * environment change: "schedule “Business hours” created". */
static void
add_schedules (Changes    *c,
               JsonObject *data)
{
  JsonNode *node = member (data, "schedules");
  JsonArray *array;

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return;

  array = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      JsonObject *change, *side;
      const char *action, *name, *words;
      char *label;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        continue;
      change = json_node_get_object (element);
      action = string_member (change, "action");
      if (g_strcmp0 (action, "CREATED") == 0)
        words = _("created");
      else if (g_strcmp0 (action, "UPDATED") == 0)
        words = _("changed");
      else if (g_strcmp0 (action, "DELETED") == 0)
        words = _("deleted");
      else
        continue;

      side = object_member (change, "current");
      if (side == NULL)
        side = object_member (change, "previous");
      name = string_member (side, "schedule_name");
      /* Translators: an autoscaling schedule, "schedule “Business hours”" */
      label = g_strdup_printf (_("schedule “%s”"), name != NULL ? name : "");
      g_ptr_array_add (c->strings, label);
      changes_add (c, "schedules", label, NULL, g_strdup (words));
    }
}

/* ------------------------------------------------------------------------
 * Entries
 * ------------------------------------------------------------------------ */

static gboolean
parse_time_ms (const char *text,
               gint64     *ms)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) dt = NULL;

  if (text == NULL || strlen (text) > 64)
    return FALSE;
  dt = g_date_time_new_from_iso8601 (text, utc);
  if (dt == NULL)
    return FALSE;
  *ms = g_date_time_to_unix (dt) * 1000 + g_date_time_get_microsecond (dt) / 1000;
  return TRUE;
}

static IscEventSource
parse_source (const char *text)
{
  if (text == NULL)
    return ISC_EVENT_SOURCE_UNKNOWN;
  if (strcmp (text, "UI") == 0)
    return ISC_EVENT_SOURCE_UI;
  if (strcmp (text, "API") == 0)
    return ISC_EVENT_SOURCE_API;
  if (strcmp (text, "MCP") == 0)
    return ISC_EVENT_SOURCE_MCP;
  if (strcmp (text, "SYSTEM") == 0)
    return ISC_EVENT_SOURCE_SYSTEM;
  return ISC_EVENT_SOURCE_OTHER;
}

/* Who, as a person reads it. */
static char *
parse_actor (JsonObject        *actor,
             IscEventActorKind *kind)
{
  const char *type = string_member (actor, "type");
  const char *email = string_member (actor, "email");
  const char *key_name = string_member (actor, "api_key_name");
  const char *key_prefix = string_member (actor, "api_key_prefix");

  *kind = ISC_EVENT_ACTOR_UNKNOWN;
  if (g_strcmp0 (type, "USER") == 0)
    *kind = ISC_EVENT_ACTOR_USER;
  else if (g_strcmp0 (type, "API_KEY") == 0)
    *kind = ISC_EVENT_ACTOR_API_KEY;
  else if (g_strcmp0 (type, "BASETEN_USER") == 0)
    *kind = ISC_EVENT_ACTOR_BASETEN_USER;
  else if (g_strcmp0 (type, "BASETEN_SYSTEM") == 0)
    *kind = ISC_EVENT_ACTOR_BASETEN_SYSTEM;
  else if (g_strcmp0 (type, "TOMBSTONE_USER") == 0)
    *kind = ISC_EVENT_ACTOR_TOMBSTONE_USER;

  switch (*kind)
    {
    case ISC_EVENT_ACTOR_API_KEY:
      if (key_name != NULL && key_prefix != NULL)
        /* Translators: who did it, "API key “ci-deploy” (x7Kp2…)" */
        return g_strdup_printf (_("API key “%s” (%s…)"), key_name, key_prefix);
      if (key_name != NULL || key_prefix != NULL)
        /* Translators: who did it, "API key “ci-deploy”" */
        return g_strdup_printf (_("API key “%s”"), key_name != NULL ? key_name : key_prefix);
      return g_strdup (_("an API key"));

    case ISC_EVENT_ACTOR_BASETEN_SYSTEM:
      return g_strdup (_("Baseten"));

    case ISC_EVENT_ACTOR_BASETEN_USER:
      if (email != NULL)
        /* Translators: who did it, Baseten's staff, "Baseten (sam@baseten.co)" */
        return g_strdup_printf (_("Baseten (%s)"), email);
      return g_strdup (_("Baseten"));

    case ISC_EVENT_ACTOR_TOMBSTONE_USER:
      return g_strdup (email != NULL ? email : _("a removed user"));

    case ISC_EVENT_ACTOR_USER:
    case ISC_EVENT_ACTOR_UNKNOWN:
    default:
      return g_strdup (email != NULL ? email : _("someone"));
    }
}

static gboolean
decode_entry (JsonNode   *node,
              guint       index,
              GPtrArray  *events,
              guint      *n_skipped,
              GError    **error)
{
  g_auto(Changes) changes = { g_ptr_array_new_with_free_func (g_free),
                              g_array_new (FALSE, FALSE, sizeof (IscEventChange)) };
  g_autofree char *actor_text = NULL;
  JsonObject *entry, *data, *actor;
  const char *id, *created, *type, *deployment_id = NULL, *environment = NULL;
  const char *detail = NULL;
  JsonNode *source_node;
  IscEventActorKind actor_kind;
  IscEventKind kind;
  gboolean needs_deployment = TRUE;
  gint64 time_ms;
  guint n = index + 1;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                 _("Entry %u of the audit log is not an object"), n);
  entry = json_node_get_object (node);

  type = string_member (entry, "event_type");
  if (type == NULL)
    return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                 _("Entry %u of the audit log has no “event_type”"), n);
  if (!isc_event_kind_from_api (type, &kind))
    {
      (*n_skipped)++;
      return TRUE;
    }

  id = string_member (entry, "id");
  if (id == NULL)
    return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                 _("Entry %u of the audit log has no “id”"), n);
  created = string_member (entry, "created");
  if (created == NULL)
    return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                 _("Entry %u of the audit log has no “created” time"), n);
  if (!parse_time_ms (created, &time_ms))
    return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                 _("Entry %u of the audit log has a “created” time that is not an ISO 8601 date-time"), n);
  data = object_member (entry, "event_data");
  if (data == NULL)
    return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                 _("Entry %u of the audit log has no “event_data” object"), n);
  actor = object_member (entry, "actor");
  if (actor == NULL)
    return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                 _("Entry %u of the audit log has no “actor” object"), n);
  source_node = member (entry, "source");
  if (!is_null (source_node) && !is_string (source_node))
    return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                 _("Entry %u of the audit log has a “source” that is not a string"), n);

  switch (kind)
    {
    case ISC_EVENT_DEPLOYED:
    case ISC_EVENT_PROMOTED:
      environment = string_member (data, "environment_name");
      break;

    case ISC_EVENT_AUTOSCALING_CHANGED:
      diff_fields (&changes, data, object_member (data, "previous_settings"),
                   autoscaling_fields, G_N_ELEMENTS (autoscaling_fields));
      add_schedules (&changes, data);
      break;

    case ISC_EVENT_BACKPRESSURE_CHANGED:
      {
        JsonNode *now = member (data, "policy");
        JsonNode *before = member (data, "previous_policy");

        if (now != NULL || before != NULL)
          {
            char *after_text = now != NULL ? format_value (now, UNIT_WORD) : g_strdup (_("none"));
            char *before_text = before != NULL ? format_value (before, UNIT_WORD) : NULL;

            if (before_text == NULL || strcmp (before_text, after_text) != 0)
              changes_add (&changes, "policy", NULL, before_text, after_text);
            else
              {
                g_free (before_text);
                g_free (after_text);
              }
          }
      }
      break;

    case ISC_EVENT_INSTANCE_TYPE_CHANGED:
      detail = string_member (data, "instance_type_name");
      if (detail == NULL)
        return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                     _("Entry %u of the audit log (%s) has no “instance_type_name”"), n, type);
      break;

    case ISC_EVENT_ENVIRONMENT_CREATED:
    case ISC_EVENT_ENVIRONMENT_UPDATED:
      needs_deployment = FALSE;
      environment = string_member (data, "environment_name");
      if (environment == NULL)
        return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                     _("Entry %u of the audit log (%s) has no “environment_name”"), n, type);
      if (kind == ISC_EVENT_ENVIRONMENT_UPDATED)
        {
          JsonObject *previous = object_member (data, "previous_settings");

          /* Without the previous settings, an update says only what it
           * set, which would be every field: say nothing instead. */
          if (previous != NULL)
            {
              diff_fields (&changes, data, previous,
                           autoscaling_fields, G_N_ELEMENTS (autoscaling_fields));
              diff_fields (&changes, data, previous,
                           environment_fields, G_N_ELEMENTS (environment_fields));
            }
          add_schedules (&changes, data);
        }
      break;

    case ISC_EVENT_PROMOTION_CONTROL:
      environment = string_member (data, "environment_name");
      detail = string_member (data, "action");
      if (environment == NULL || detail == NULL)
        return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                     _("Entry %u of the audit log (%s) has no “environment_name” or “action”"), n, type);
      break;

    case ISC_EVENT_REPLICA_TERMINATED:
      detail = string_member (data, "replica_id");
      if (detail == NULL)
        return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                     _("Entry %u of the audit log (%s) has no “replica_id”"), n, type);
      break;

    case ISC_EVENT_ACTIVATED:
    case ISC_EVENT_DEACTIVATED:
    case ISC_EVENT_RETRIED:
    default:
      break;
    }

  if (needs_deployment)
    {
      deployment_id = string_member (data, "deployment_id");
      if (deployment_id == NULL)
        return fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
                     _("Entry %u of the audit log (%s) has no “deployment_id”"), n, type);
    }

  actor_text = parse_actor (actor, &actor_kind);
  g_ptr_array_add (events,
                   isc_event_new (id, time_ms, kind,
                                  string_member (data, "model_id"),
                                  deployment_id,
                                  needs_deployment ? string_member (data, "deployment_name") : NULL,
                                  environment,
                                  actor_kind, actor_text,
                                  parse_source (is_string (source_node) ? json_node_get_string (source_node) : NULL),
                                  detail,
                                  (const IscEventChange *) changes.changes->data,
                                  changes.changes->len));
  return TRUE;
}

IscAuditLogPage *
isc_audit_log_decode (const char  *data,
                      gsize        length,
                      GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(IscAuditLogPage) page = NULL;
  JsonNode *root, *items_node, *pagination_node, *has_more, *cursor;
  JsonObject *object, *pagination;
  JsonArray *items;
  guint n_items;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (length > ISC_AUDIT_LOG_MAX_BYTES)
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_TOO_MANY,
            _("The audit log page is larger than %zu MiB"), ISC_AUDIT_LOG_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  if (length == 0)
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SYNTAX, _("The audit log page is empty"));
      return NULL;
    }
  if (!g_utf8_validate (data, length, NULL))
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SYNTAX, _("The audit log page is not valid UTF-8"));
      return NULL;
    }
  if (!check_depth (data, length, error))
    return NULL;

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, data, (gssize) length, &local_error))
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SYNTAX,
            _("The audit log page is not valid JSON: %s"), local_error->message);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, _("The audit log page is not an object"));
      return NULL;
    }
  object = json_node_get_object (root);

  items_node = member (object, "items");
  if (items_node == NULL || !JSON_NODE_HOLDS_ARRAY (items_node))
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, _("The audit log page has no “items” list"));
      return NULL;
    }
  items = json_node_get_array (items_node);
  n_items = json_array_get_length (items);
  if (n_items > ISC_AUDIT_LOG_MAX_PAGE)
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_TOO_MANY,
            _("The audit log page has %u entries, more than the %u it may have"),
            n_items, (guint) ISC_AUDIT_LOG_MAX_PAGE);
      return NULL;
    }

  pagination_node = member (object, "pagination");
  if (pagination_node == NULL || !JSON_NODE_HOLDS_OBJECT (pagination_node))
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE, _("The audit log page has no “pagination” object"));
      return NULL;
    }
  pagination = json_node_get_object (pagination_node);
  has_more = member (pagination, "has_more");
  if (!is_boolean (has_more))
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
            _("The audit log page's “pagination” has no “has_more” boolean"));
      return NULL;
    }
  cursor = member (pagination, "cursor");
  if (!is_null (cursor) && !is_string (cursor))
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
            _("The audit log page's “cursor” is not a string"));
      return NULL;
    }

  page = g_new0 (IscAuditLogPage, 1);
  page->events = g_ptr_array_new_with_free_func (g_object_unref);
  page->has_more = json_node_get_boolean (has_more);
  if (is_string (cursor) && json_node_get_string (cursor)[0] != '\0')
    page->cursor = g_strdup (json_node_get_string (cursor));
  if (page->has_more && page->cursor == NULL)
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
            _("The audit log page says there is more but gives no cursor"));
      return NULL;
    }
  if (!page->has_more)
    g_clear_pointer (&page->cursor, g_free);
  else if (strlen (page->cursor) > 4096)
    {
      fail (error, ISC_AUDIT_LOG_DECODE_ERROR_SHAPE,
            _("The audit log page's cursor is longer than 4096 bytes"));
      return NULL;
    }

  for (guint i = 0; i < n_items; i++)
    if (!decode_entry (json_array_get_element (items, i), i, page->events, &page->n_skipped, error))
      return NULL;

  return g_steal_pointer (&page);
}
