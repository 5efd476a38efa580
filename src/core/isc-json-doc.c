/* isc-json-doc.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-json-doc"

#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib/gi18n.h>

#include "isc-json-doc-private.h"
#include "isc-metrics-response-private.h"
#include "isc-text.h"

const char *
_isc_json_describe_node (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return _("an object");

    case JSON_NODE_ARRAY:
      return _("an array");

    case JSON_NODE_NULL:
      return _("null");

    case JSON_NODE_VALUE:
    default:
      {
        GType type = json_node_get_value_type (node);

        if (type == G_TYPE_STRING)
          return _("a string");
        if (type == G_TYPE_BOOLEAN)
          return _("a boolean");
        return _("a number");
      }
    }
}

char *
_isc_json_doc_path (const char *parent,
                    const char *member,
                    int         index)
{
  if (index >= 0)
    return g_strdup_printf ("%s[%d]", parent != NULL ? parent : "", index);

  if (parent == NULL || parent[0] == '\0')
    return g_strdup (member);

  return g_strconcat (parent, ".", member, NULL);
}

void
_isc_json_doc_fail (const IscJsonDoc  *doc,
                    GError           **error,
                    const char        *parent,
                    const char        *member,
                    const char        *format,
                    ...)
{
  g_autofree char *path = NULL;
  g_autofree char *what = NULL;
  va_list args;

  if (error == NULL)
    return;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);

  path = member != NULL ? _isc_json_doc_path (parent, member, -1) : g_strdup (parent);
  if (path == NULL || path[0] == '\0')
    g_set_error (error, doc->domain, doc->invalid_code, "(root): %s", what);
  else
    g_set_error (error, doc->domain, doc->invalid_code, "%s: %s", path, what);
}

JsonObject *
_isc_json_doc_parse (const IscJsonDoc  *doc,
                     const char        *data,
                     gsize              length,
                     JsonParser       **parser,
                     GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JsonParser) p = NULL;
  JsonNode *root;

  if (length > ISC_JSON_DOC_MAX_BYTES)
    {
      g_set_error (error, doc->domain, doc->too_large_code,
                   _("The document is larger than %u MiB."), (guint) (ISC_JSON_DOC_MAX_BYTES >> 20));
      return NULL;
    }

  if (!_isc_metrics_response_check_syntax (data, length, &local_error))
    {
      g_set_error_literal (error, doc->domain, doc->syntax_code, local_error->message);
      return NULL;
    }

  p = json_parser_new_immutable ();
  if (!json_parser_load_from_data (p, data, (gssize) length, &local_error))
    {
      g_set_error_literal (error, doc->domain, doc->syntax_code, local_error->message);
      return NULL;
    }

  root = json_parser_get_root (p);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      _isc_json_doc_fail (doc, error, NULL, NULL, _("expected an object, got %s"),
                          root != NULL ? _isc_json_describe_node (root) : _("nothing"));
      return NULL;
    }

  *parser = g_steal_pointer (&p);
  return json_node_get_object (root);
}

/* The member's node; NULL with *ok TRUE when absent (or null and
 * nullable), NULL with *ok FALSE on a failure. */
static JsonNode *
member_node (const IscJsonDoc  *doc,
             JsonObject        *object,
             const char        *parent,
             const char        *member,
             IscDocFlags        flags,
             gboolean          *ok,
             GError           **error)
{
  JsonNode *node = json_object_get_member (object, member);

  *ok = TRUE;

  if (node == NULL)
    {
      if (flags & ISC_DOC_REQUIRED)
        {
          _isc_json_doc_fail (doc, error, parent, member, _("required field is missing"));
          *ok = FALSE;
        }
      return NULL;
    }

  if (JSON_NODE_HOLDS_NULL (node))
    {
      if (!(flags & ISC_DOC_NULLABLE))
        {
          _isc_json_doc_fail (doc, error, parent, member, _("must not be null"));
          *ok = FALSE;
        }
      return NULL;
    }

  return node;
}

gboolean
_isc_json_doc_object (const IscJsonDoc  *doc,
                      JsonObject        *object,
                      const char        *parent,
                      const char        *member,
                      IscDocFlags        flags,
                      JsonObject       **out,
                      GError           **error)
{
  gboolean ok;
  JsonNode *node = member_node (doc, object, parent, member, flags, &ok, error);

  *out = NULL;
  if (node == NULL)
    return ok;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      _isc_json_doc_fail (doc, error, parent, member, _("expected an object, got %s"),
                          _isc_json_describe_node (node));
      return FALSE;
    }

  *out = json_node_get_object (node);
  return TRUE;
}

gboolean
_isc_json_doc_array (const IscJsonDoc  *doc,
                     JsonObject        *object,
                     const char        *parent,
                     const char        *member,
                     IscDocFlags        flags,
                     JsonArray        **out,
                     GError           **error)
{
  gboolean ok;
  JsonNode *node = member_node (doc, object, parent, member, flags, &ok, error);

  *out = NULL;
  if (node == NULL)
    return ok;

  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      _isc_json_doc_fail (doc, error, parent, member, _("expected an array, got %s"),
                          _isc_json_describe_node (node));
      return FALSE;
    }

  *out = json_node_get_array (node);
  return TRUE;
}

JsonObject *
_isc_json_doc_element (const IscJsonDoc  *doc,
                       JsonArray         *array,
                       guint              index,
                       const char        *path,
                       GError           **error)
{
  JsonNode *node = json_array_get_element (array, index);

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      _isc_json_doc_fail (doc, error, path, NULL, _("expected an object, got %s"),
                          _isc_json_describe_node (node));
      return NULL;
    }

  return json_node_get_object (node);
}

gboolean
_isc_json_doc_string (const IscJsonDoc  *doc,
                      JsonObject        *object,
                      const char        *parent,
                      const char        *member,
                      IscDocFlags        flags,
                      gsize              max_bytes,
                      char             **out,
                      GError           **error)
{
  gboolean ok;
  JsonNode *node = member_node (doc, object, parent, member, flags, &ok, error);

  *out = NULL;
  if (node == NULL)
    return ok;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      _isc_json_doc_fail (doc, error, parent, member, _("expected a string, got %s"),
                          _isc_json_describe_node (node));
      return FALSE;
    }

  *out = isc_text_sanitize_cut (json_node_get_string (node), -1, max_bytes);
  return TRUE;
}

gboolean
_isc_json_doc_int (const IscJsonDoc  *doc,
                   JsonObject        *object,
                   const char        *parent,
                   const char        *member,
                   IscDocFlags        flags,
                   gint64             min,
                   gint64             max,
                   gint64            *out,
                   gboolean          *present,
                   GError           **error)
{
  gboolean ok;
  JsonNode *node = member_node (doc, object, parent, member, flags, &ok, error);
  GType type;
  gint64 v;

  if (present != NULL)
    *present = FALSE;
  if (node == NULL)
    return ok;

  if (!JSON_NODE_HOLDS_VALUE (node) ||
      ((type = json_node_get_value_type (node)) != G_TYPE_INT64 && type != G_TYPE_DOUBLE))
    {
      _isc_json_doc_fail (doc, error, parent, member, _("expected an integer, got %s"),
                          _isc_json_describe_node (node));
      return FALSE;
    }

  if (type == G_TYPE_DOUBLE)
    {
      double d = json_node_get_double (node);

      if (!isfinite (d) || d != floor (d) || fabs (d) > 9007199254740992.0)
        {
          _isc_json_doc_fail (doc, error, parent, member, _("expected an integer, got %g"), d);
          return FALSE;
        }
      v = (gint64) d;
    }
  else
    v = json_node_get_int (node);

  if (v < min || v > max)
    {
      _isc_json_doc_fail (doc, error, parent, member, _("%lld is out of range"), (long long) v);
      return FALSE;
    }

  *out = v;
  if (present != NULL)
    *present = TRUE;
  return TRUE;
}

gboolean
_isc_json_doc_bool (const IscJsonDoc  *doc,
                    JsonObject        *object,
                    const char        *parent,
                    const char        *member,
                    IscDocFlags        flags,
                    gboolean          *out,
                    GError           **error)
{
  gboolean ok;
  JsonNode *node = member_node (doc, object, parent, member, flags, &ok, error);

  if (node == NULL)
    return ok;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      _isc_json_doc_fail (doc, error, parent, member, _("expected a boolean, got %s"),
                          _isc_json_describe_node (node));
      return FALSE;
    }

  *out = json_node_get_boolean (node);
  return TRUE;
}

gboolean
_isc_json_doc_money (const IscJsonDoc  *doc,
                     JsonObject        *object,
                     const char        *parent,
                     const char        *member,
                     IscDocFlags        flags,
                     IscMoney          *out,
                     gboolean          *present,
                     GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean ok;
  JsonNode *node = member_node (doc, object, parent, member, flags, &ok, error);

  if (present != NULL)
    *present = FALSE;
  if (node == NULL)
    return ok;

  if (!isc_money_from_node (node, out, &local_error))
    {
      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        _isc_json_doc_fail (doc, error, parent, member, "%s", local_error->message);
      else
        _isc_json_doc_fail (doc, error, parent, member,
                            _("expected a number or a decimal string, got %s"),
                            _isc_json_describe_node (node));
      return FALSE;
    }

  if (present != NULL)
    *present = TRUE;
  return TRUE;
}

gboolean
_isc_json_doc_parse_date_time (const char *text,
                               gint64     *ms)
{
  g_autoptr(GDateTime) dt = NULL;
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();

  if (text == NULL || strlen (text) > 64 || !g_ascii_isdigit (text[0]))
    return FALSE;

  /* With no zone the API means UTC. */
  dt = g_date_time_new_from_iso8601 (text, utc);
  if (dt == NULL)
    return FALSE;

  *ms = g_date_time_to_unix (dt) * 1000 + g_date_time_get_microsecond (dt) / 1000;
  return TRUE;
}

gboolean
_isc_json_doc_date_time (const IscJsonDoc  *doc,
                         JsonObject        *object,
                         const char        *parent,
                         const char        *member,
                         IscDocFlags        flags,
                         gint64            *out,
                         gboolean          *present,
                         GError           **error)
{
  gboolean ok;
  JsonNode *node = member_node (doc, object, parent, member, flags, &ok, error);
  const char *text;

  if (present != NULL)
    *present = FALSE;
  if (node == NULL)
    return ok;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      _isc_json_doc_fail (doc, error, parent, member, _("expected a date-time string, got %s"),
                          _isc_json_describe_node (node));
      return FALSE;
    }

  text = json_node_get_string (node);
  if (!_isc_json_doc_parse_date_time (text, out))
    {
      g_autofree char *shown = isc_text_sanitize_cut (text, -1, 64);

      _isc_json_doc_fail (doc, error, parent, member, _("“%s” is not a date-time"), shown);
      return FALSE;
    }

  if (present != NULL)
    *present = TRUE;
  return TRUE;
}
