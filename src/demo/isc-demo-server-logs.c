/* isc-demo-server-logs.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* IscDemoServer's logs endpoints: reads and checks the query as
 * baseten-api-reference.md §1 says Baseten does, then has the logs
 * generator write the lines.
 */

#define G_LOG_DOMAIN "isc-demo-server"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-demo-generator-private.h"
#include "isc-demo-logs-private.h"
#include "isc-demo-server-private.h"

#define DEFAULT_WINDOW_MS (30 * 60 * 1000)
#define DEFAULT_LIMIT     500
#define MAX_LIMIT         1000
#define MAX_TEXT          256
#define MAX_SUBSTRINGS    8

typedef struct
{
  char      *start;
  char      *end;
  char      *direction;
  char      *limit;
  char      *min_level;
  char      *replica;
  char      *request_id;
  char      *component;
  char      *search_pattern;
  GPtrArray *includes;
  GPtrArray *excludes;
  char      *repeated;  /* a key given twice that may be given once */
} LogsQuery;

static void
logs_query_clear (LogsQuery *q)
{
  g_free (q->start);
  g_free (q->end);
  g_free (q->direction);
  g_free (q->limit);
  g_free (q->min_level);
  g_free (q->replica);
  g_free (q->request_id);
  g_free (q->component);
  g_free (q->search_pattern);
  g_clear_pointer (&q->includes, g_ptr_array_unref);
  g_clear_pointer (&q->excludes, g_ptr_array_unref);
  g_free (q->repeated);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (LogsQuery, logs_query_clear)

/* The raw query: `includes` and `excludes` repeat (form, explode). */
static void
logs_query_parse (LogsQuery  *q,
                  const char *query)
{
  q->includes = g_ptr_array_new_with_free_func (g_free);
  q->excludes = g_ptr_array_new_with_free_func (g_free);
  {
    const IscDemoQueryField fields[] = {
      { "includes", NULL, q->includes },
      { "excludes", NULL, q->excludes },
      { "start_epoch_millis", &q->start, NULL },
      { "end_epoch_millis", &q->end, NULL },
      { "direction", &q->direction, NULL },
      { "limit", &q->limit, NULL },
      { "min_level", &q->min_level, NULL },
      { "replica", &q->replica, NULL },
      { "request_id", &q->request_id, NULL },
      { "component", &q->component, NULL },
      { "search_pattern", &q->search_pattern, NULL },
    };

    q->repeated = _isc_demo_server_parse_query (query, fields, G_N_ELEMENTS (fields));
  }
}

static gboolean
parse_millis (const char *text,
              gint64     *out)
{
  gint64 value;

  if (!g_ascii_string_to_signed (text, 10, 0, G_MAXINT64 / 2000000, &value, NULL))
    return FALSE;

  *out = value;
  return TRUE;
}

/* Longer than 256 characters (or not text at all). */
static gboolean
too_long (const char *text)
{
  return text != NULL &&
         (!g_utf8_validate (text, -1, NULL) || g_utf8_strlen (text, -1) > MAX_TEXT);
}

/* Checks every parameter; answers a 400 and returns FALSE at the first
 * that Baseten would refuse.
 */
static gboolean
logs_query_check (IscDemoServer       *self,
                  SoupServerMessage   *msg,
                  const IscDemoFault  *fault,
                  LogsQuery           *q,
                  IscDemoLogsRequest  *request,
                  GRegex             **search)
{
  const char * const text_params[] = { "replica", "request_id", "component", "search_pattern" };
  const char *text_values[] = { q->replica, q->request_id, q->component, q->search_pattern };
  gint64 now = _isc_demo_server_now_ms (self);
  gint64 start = 0, end = 0;

  if (q->repeated != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” may be given only once"), q->repeated);

      _isc_demo_server_reply_invalid (self, msg, fault, message);
      return FALSE;
    }

  if ((q->start != NULL && !parse_millis (q->start, &start)) ||
      (q->end != NULL && !parse_millis (q->end, &end)))
    {
      const char *which = (q->start != NULL && !parse_millis (q->start, &start))
                          ? "start_epoch_millis" : "end_epoch_millis";
      g_autofree char *message =
        g_strdup_printf (_("“%s” must be a whole number of milliseconds since the epoch"), which);

      _isc_demo_server_reply_invalid (self, msg, fault, message);
      return FALSE;
    }

  if (q->end == NULL)
    end = now;
  if (q->start == NULL)
    start = end - DEFAULT_WINDOW_MS;
  if (start > end)
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("start_epoch_millis must be before end_epoch_millis"));
      return FALSE;
    }
  if (end - start > _ISC_DEMO_MAX_WINDOW_MS)
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("The window may not be longer than 7 days"));
      return FALSE;
    }

  /* Lower case only; the order with none is ours to choose: newest first. */
  request->ascending = FALSE;
  if (q->direction != NULL)
    {
      if (g_str_equal (q->direction, "asc"))
        request->ascending = TRUE;
      else if (!g_str_equal (q->direction, "desc"))
        {
          g_autofree char *message = g_strdup_printf (_("Unknown direction “%s”: use asc or desc"), q->direction);

          _isc_demo_server_reply_invalid (self, msg, fault, message);
          return FALSE;
        }
    }

  request->limit = DEFAULT_LIMIT;
  if (q->limit != NULL)
    {
      guint64 limit;

      if (!g_ascii_string_to_unsigned (q->limit, 10, 1, MAX_LIMIT, &limit, NULL))
        {
          _isc_demo_server_reply_invalid (self, msg, fault, _("limit must be a whole number from 1 to 1000"));
          return FALSE;
        }
      request->limit = (guint) limit;
    }

  request->min_level = _ISC_DEMO_LOG_LEVEL_NONE;
  if (q->min_level != NULL && !_isc_demo_log_level_from_string (q->min_level, &request->min_level))
    {
      g_autofree char *message =
        g_strdup_printf (_("Unknown min_level “%s”: use DEBUG, INFO, WARNING or ERROR"), q->min_level);

      _isc_demo_server_reply_invalid (self, msg, fault, message);
      return FALSE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (text_params); i++)
    {
      if (too_long (text_values[i]))
        {
          g_autofree char *message = g_strdup_printf (_("“%s” may be at most 256 characters long"),
                                                      text_params[i]);

          _isc_demo_server_reply_invalid (self, msg, fault, message);
          return FALSE;
        }
    }

  if (q->includes->len > MAX_SUBSTRINGS || q->excludes->len > MAX_SUBSTRINGS)
    {
      g_autofree char *message = g_strdup_printf (_("At most 8 “%s” may be given"),
                                                  q->includes->len > MAX_SUBSTRINGS ? "includes" : "excludes");

      _isc_demo_server_reply_invalid (self, msg, fault, message);
      return FALSE;
    }

  if (q->search_pattern != NULL)
    {
      g_autofree char *problem = _isc_demo_logs_re2_problem (q->search_pattern);
      g_autoptr(GError) error = NULL;

      if (problem == NULL)
        *search = g_regex_new (q->search_pattern, G_REGEX_OPTIMIZE, 0, &error);
      if (problem != NULL || *search == NULL)
        {
          g_autofree char *message = g_strdup_printf (_("Invalid search_pattern: %s"),
                                                      problem != NULL ? problem : error->message);

          _isc_demo_server_reply_invalid (self, msg, fault, message);
          return FALSE;
        }
    }

  request->start_ms = start;
  request->end_ms = end;
  request->now_ms = now;
  request->replica = q->replica;
  request->request_id = q->request_id;
  request->search = *search;
  /* component: accepted, as Baseten does, though what it may name is not
   * stated; the demo's lines carry none, so it filters nothing. */
  g_ptr_array_add (q->includes, NULL);
  g_ptr_array_add (q->excludes, NULL);
  request->includes = (const char * const *) q->includes->pdata;
  request->excludes = (const char * const *) q->excludes->pdata;

  return TRUE;
}

void
_isc_demo_server_handle_logs (IscDemoServer            *self,
                              SoupServerMessage        *msg,
                              const IscDemoFault       *fault,
                              const IscDemoDeployment  *dep,
                              const IscDemoEnvironment *env)
{
  g_auto(LogsQuery) q = { 0 };
  g_autoptr(GRegex) search = NULL;
  IscDemoLogsRequest request = { 0 };
  const IscDemoDeployment *deps[2];
  guint n_deps = 0;
  GBytes *body;

  logs_query_parse (&q, g_uri_get_query (soup_server_message_get_uri (msg)));
  if (!logs_query_check (self, msg, fault, &q, &request, &search))
    return;

  request.log_rate = fault->log_rate > 0 ? fault->log_rate : isc_demo_server_get_log_rate (self);
  request.hostile = fault->hostile_logs;

  if (dep != NULL)
    deps[n_deps++] = dep;
  else
    {
      /* Every deployment that served the environment during the window. */
      gint64 now_s = request.now_ms / 1000;
      const IscDemoDeployment *first = _isc_demo_fleet_serving (env, self->seed, now_s, request.start_ms / 1000);
      const IscDemoDeployment *last = _isc_demo_fleet_serving (env, self->seed, now_s, request.end_ms / 1000);

      deps[n_deps++] = first;
      if (last != first)
        deps[n_deps++] = last;
    }

  body = _isc_demo_logs_build (self->seed, deps, n_deps, &request);
  _isc_demo_server_reply (self, msg, fault, SOUP_STATUS_OK, "application/json", body, 0);
}
