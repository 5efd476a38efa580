/* isc-logs-query.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-logs-query"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-logs-query.h"

/* What one logs request asks, spelled as baseten-api-reference.md §1
 * spells it: start_epoch_millis and end_epoch_millis in ms, direction in
 * lower case, limit 1–1000, min_level in upper case, replica, request_id,
 * component and search_pattern at most 256 characters, includes and
 * excludes repeated (form, explode), at most 8 each. Every value is
 * percent-escaped: a search pattern is a regular expression, full of
 * '&', '+' and '='.
 *
 * An empty text, and an empty include or exclude, is not sent: it would
 * ask nothing (or, for an exclude, drop every line).
 */

G_DEFINE_BOXED_TYPE (IscLogsQuery, isc_logs_query, isc_logs_query_copy, isc_logs_query_free)

static inline gboolean
is_set (const char *text)
{
  return text != NULL && text[0] != '\0';
}

static guint
count_set (char **texts)
{
  guint n = 0;

  for (guint i = 0; texts != NULL && texts[i] != NULL; i++)
    if (is_set (texts[i]))
      n++;

  return n;
}

IscLogsQuery *
isc_logs_query_new (const char    *model_id,
                    IscTargetKind  target_kind,
                    const char    *target)
{
  IscLogsQuery *query = g_new0 (IscLogsQuery, 1);

  query->model_id = g_strdup (model_id);
  query->target_kind = target_kind;
  query->target = g_strdup (target);
  query->direction = ISC_LOGS_DIRECTION_NONE;
  query->min_level = ISC_LOG_LEVEL_NONE;

  return query;
}

IscLogsQuery *
isc_logs_query_copy (const IscLogsQuery *query)
{
  IscLogsQuery *copy;

  g_return_val_if_fail (query != NULL, NULL);

  copy = isc_logs_query_new (query->model_id, query->target_kind, query->target);
  copy->start_ms = query->start_ms;
  copy->end_ms = query->end_ms;
  copy->direction = query->direction;
  copy->limit = query->limit;
  copy->min_level = query->min_level;
  copy->replica = g_strdup (query->replica);
  copy->request_id = g_strdup (query->request_id);
  copy->component = g_strdup (query->component);
  copy->search_pattern = g_strdup (query->search_pattern);
  copy->includes = g_strdupv (query->includes);
  copy->excludes = g_strdupv (query->excludes);

  return copy;
}

void
isc_logs_query_free (IscLogsQuery *query)
{
  if (query == NULL)
    return;

  g_free (query->model_id);
  g_free (query->target);
  g_free (query->replica);
  g_free (query->request_id);
  g_free (query->component);
  g_free (query->search_pattern);
  g_strfreev (query->includes);
  g_strfreev (query->excludes);
  g_free (query);
}

/* NULL and "" both mean "not sent". */
static gboolean
texts_equal (const char *a,
             const char *b)
{
  return g_strcmp0 (a != NULL ? a : "", b != NULL ? b : "") == 0;
}

/* The texts that are sent, in order. */
static gboolean
lists_equal (char **a,
             char **b)
{
  guint i = 0;
  guint j = 0;

  for (;;)
    {
      while (a != NULL && a[i] != NULL && !is_set (a[i]))
        i++;
      while (b != NULL && b[j] != NULL && !is_set (b[j]))
        j++;

      if (a == NULL || a[i] == NULL || b == NULL || b[j] == NULL)
        return (a == NULL || a[i] == NULL) && (b == NULL || b[j] == NULL);

      if (strcmp (a[i], b[j]) != 0)
        return FALSE;
      i++;
      j++;
    }
}

gboolean
isc_logs_query_equal (const IscLogsQuery *a,
                      const IscLogsQuery *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;

  return g_strcmp0 (a->model_id, b->model_id) == 0 &&
         a->target_kind == b->target_kind &&
         g_strcmp0 (a->target, b->target) == 0 &&
         a->start_ms == b->start_ms &&
         a->end_ms == b->end_ms &&
         a->direction == b->direction &&
         a->limit == b->limit &&
         a->min_level == b->min_level &&
         texts_equal (a->replica, b->replica) &&
         texts_equal (a->request_id, b->request_id) &&
         texts_equal (a->component, b->component) &&
         texts_equal (a->search_pattern, b->search_pattern) &&
         lists_equal (a->includes, b->includes) &&
         lists_equal (a->excludes, b->excludes);
}

typedef enum
{
  TEXT_REPLICA,
  TEXT_REQUEST_ID,
  TEXT_COMPONENT,
  TEXT_SEARCH_PATTERN,
} TextField;

/* A text the API takes up to ISC_LOGS_MAX_TEXT characters of. */
static gboolean
check_text (const char  *text,
            TextField    field,
            GError     **error)
{
  if (!is_set (text))
    return TRUE;

  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_FILTER,
                           _("A log filter is not valid UTF-8 text. Type it again."));
      return FALSE;
    }

  if (g_utf8_strlen (text, -1) <= ISC_LOGS_MAX_TEXT)
    return TRUE;

  switch (field)
    {
    case TEXT_REPLICA:
      g_set_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_FILTER,
                   _("The replica is longer than %u characters, the most Baseten takes. Shorten it."),
                   ISC_LOGS_MAX_TEXT);
      break;

    case TEXT_REQUEST_ID:
      g_set_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_FILTER,
                   _("The request ID is longer than %u characters, the most Baseten takes. Shorten it."),
                   ISC_LOGS_MAX_TEXT);
      break;

    case TEXT_COMPONENT:
      g_set_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_FILTER,
                   _("The component is longer than %u characters, the most Baseten takes. Shorten it."),
                   ISC_LOGS_MAX_TEXT);
      break;

    case TEXT_SEARCH_PATTERN:
    default:
      g_set_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_FILTER,
                   _("The search pattern is longer than %u characters, the most Baseten takes. Shorten it."),
                   ISC_LOGS_MAX_TEXT);
      break;
    }

  return FALSE;
}

static gboolean
check_list (char       **texts,
            gboolean     includes,
            GError     **error)
{
  guint n = count_set (texts);

  for (guint i = 0; texts != NULL && texts[i] != NULL; i++)
    {
      if (!g_utf8_validate (texts[i], -1, NULL))
        {
          g_set_error_literal (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_FILTER,
                               _("A log filter is not valid UTF-8 text. Type it again."));
          return FALSE;
        }
    }

  if (n <= ISC_LOGS_MAX_FILTERS)
    return TRUE;

  if (includes)
    g_set_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_FILTER,
                 _("Baseten takes at most %u texts a line must include, and %u were given. Remove some."),
                 ISC_LOGS_MAX_FILTERS, n);
  else
    g_set_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_FILTER,
                 _("Baseten takes at most %u texts that leave a line out, and %u were given. Remove some."),
                 ISC_LOGS_MAX_FILTERS, n);

  return FALSE;
}

gboolean
isc_logs_query_validate (const IscLogsQuery  *query,
                         GError             **error)
{
  gint64 now_ms;

  g_return_val_if_fail (query != NULL, FALSE);

  if (!is_set (query->model_id))
    {
      g_set_error_literal (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_TARGET,
                           _("No model was chosen. Choose a model first."));
      return FALSE;
    }

  if (!is_set (query->target))
    {
      g_set_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_TARGET,
                   /* TRANSLATORS: %s is "deployment" or "environment" */
                   _("No %s was chosen. Choose one of the model’s first."),
                   query->target_kind == ISC_TARGET_ENVIRONMENT ? _("environment") : _("deployment"));
      return FALSE;
    }

  /* Without an end, the window ends now; without a start, the server
   * takes the 30 minutes before the end. */
  now_ms = g_get_real_time () / 1000;
  if (query->start_ms < 0 || query->end_ms < 0 ||
      (query->start_ms > 0 && query->start_ms >= (query->end_ms > 0 ? query->end_ms : now_ms)))
    {
      g_set_error_literal (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_ORDER,
                           _("The time range ends before it starts. Choose a start before the end."));
      return FALSE;
    }

  if (query->start_ms > 0 &&
      (query->end_ms > 0 ? query->end_ms : now_ms) - query->start_ms > ISC_TIME_RANGE_MAX_MS)
    {
      g_set_error_literal (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_TOO_LONG,
                           _("The time range is longer than 7 days, the most Baseten keeps. "
                             "Choose a shorter range."));
      return FALSE;
    }

  if (query->limit > ISC_LOGS_MAX_LIMIT)
    {
      g_set_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_LIMIT,
                   _("Baseten sends at most %u log lines at a time, and %u were asked. Ask for fewer."),
                   ISC_LOGS_MAX_LIMIT, query->limit);
      return FALSE;
    }

  return check_text (query->replica, TEXT_REPLICA, error) &&
         check_text (query->request_id, TEXT_REQUEST_ID, error) &&
         check_text (query->component, TEXT_COMPONENT, error) &&
         check_text (query->search_pattern, TEXT_SEARCH_PATTERN, error) &&
         check_list (query->includes, TRUE, error) &&
         check_list (query->excludes, FALSE, error);
}

char *
isc_logs_query_build_path (const IscLogsQuery *query)
{
  g_autofree char *model = NULL;
  g_autofree char *target = NULL;

  g_return_val_if_fail (query != NULL, NULL);

  model = g_uri_escape_string (query->model_id ? query->model_id : "", NULL, FALSE);
  target = g_uri_escape_string (query->target ? query->target : "", NULL, FALSE);

  return g_strdup_printf ("/v1/models/%s/%s/%s/logs",
                          model,
                          query->target_kind == ISC_TARGET_ENVIRONMENT ? "environments" : "deployments",
                          target);
}

static void
append_param (GString    *str,
              const char *name,
              const char *value)
{
  g_autofree char *escaped = NULL;

  if (!is_set (value))
    return;

  escaped = g_uri_escape_string (value, NULL, FALSE);
  if (str->len > 0)
    g_string_append_c (str, '&');
  g_string_append (str, name);
  g_string_append_c (str, '=');
  g_string_append (str, escaped);
}

char *
isc_logs_query_build_params (const IscLogsQuery *query)
{
  GString *str;

  g_return_val_if_fail (query != NULL, NULL);

  str = g_string_new (NULL);

  if (query->start_ms > 0)
    g_string_append_printf (str, "start_epoch_millis=%" G_GINT64_FORMAT, query->start_ms);
  if (query->end_ms > 0)
    g_string_append_printf (str, "%send_epoch_millis=%" G_GINT64_FORMAT,
                            str->len > 0 ? "&" : "", query->end_ms);

  if (query->direction == ISC_LOGS_DIRECTION_ASC)
    append_param (str, "direction", "asc");
  else if (query->direction == ISC_LOGS_DIRECTION_DESC)
    append_param (str, "direction", "desc");

  if (query->limit > 0)
    g_string_append_printf (str, "%slimit=%u", str->len > 0 ? "&" : "", query->limit);

  append_param (str, "min_level", isc_log_level_to_api (query->min_level));
  append_param (str, "replica", query->replica);
  append_param (str, "request_id", query->request_id);
  append_param (str, "component", query->component);
  append_param (str, "search_pattern", query->search_pattern);

  for (guint i = 0; query->includes != NULL && query->includes[i] != NULL; i++)
    append_param (str, "includes", query->includes[i]);
  for (guint i = 0; query->excludes != NULL && query->excludes[i] != NULL; i++)
    append_param (str, "excludes", query->excludes[i]);

  return g_string_free (str, FALSE);
}
