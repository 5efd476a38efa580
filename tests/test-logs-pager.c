/* test-logs-pager.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The logs pager and the client's logs request against a SoupServer on
 * 127.0.0.1 that holds a sorted store of log lines and answers GET …/logs
 * as baseten-api-reference.md §1 says: the window in ms, the lines in ns,
 * direction, limit, every filter, and Baseten's error shapes.
 */

#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-api-error.h"
#include "isc-client-private.h"
#include "isc-logs-pager.h"
#include "isc-test-util.h"

#define NS_PER_MS G_GINT64_CONSTANT (1000000)
#define MINUTE_MS G_GINT64_CONSTANT (60000)

/* Whether the server's end of window holds the whole last millisecond, or
 * stops before its first nanosecond: the reference does not say, and the
 * pager must lose nothing either way. */
typedef enum
{
  END_INCLUSIVE_MS,
  END_EXCLUSIVE_NS,
} EndRule;

typedef struct
{
  gint64  time_ns;
  char   *level;       /* or NULL */
  char   *replica;
  char   *request_id;  /* or NULL */
  char   *message;
} StoreLine;

typedef struct
{
  SoupServer *server;
  char       *base_url;
  IscClient  *client;

  GArray     *store;          /* StoreLine, sorted by time */
  EndRule     end_rule;

  GPtrArray  *queries;        /* the raw query strings asked */
  GPtrArray  *paths;
  GArray     *times_us;       /* monotonic, one a request */

  guint       n_429;          /* answer this many next requests with 429 */
  guint       retry_after_s;
  guint       status;         /* answer the next request with this status… */
  char       *body;           /* …and this body */
} Fixture;

static void
store_line_clear (gpointer data)
{
  StoreLine *line = data;

  g_free (line->level);
  g_free (line->replica);
  g_free (line->request_id);
  g_free (line->message);
}

static void
store_add (Fixture    *fixture,
           gint64      time_ns,
           const char *level,
           const char *replica,
           const char *request_id,
           const char *message)
{
  StoreLine line = {
    time_ns, g_strdup (level), g_strdup (replica), g_strdup (request_id), g_strdup (message),
  };
  guint at = fixture->store->len;

  /* Kept sorted; a line of the same time goes after those already there. */
  while (at > 0 && g_array_index (fixture->store, StoreLine, at - 1).time_ns > time_ns)
    at--;
  g_array_insert_val (fixture->store, at, line);
}

static int
level_rank (const char *level)
{
  static const char * const levels[] = { "DEBUG", "INFO", "WARNING", "ERROR" };

  for (guint i = 0; level != NULL && i < G_N_ELEMENTS (levels); i++)
    if (strcmp (level, levels[i]) == 0)
      return (int) i;

  return -1;
}

static void
reply (SoupServerMessage *msg,
       guint              status,
       const char        *body)
{
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, body, strlen (body));
}

static void
reply_error (SoupServerMessage *msg,
             guint              status,
             const char        *message)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *body = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "code");
  json_builder_add_string_value (builder, "VALIDATION_ERROR");
  json_builder_set_member_name (builder, "message");
  json_builder_add_string_value (builder, message);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  body = json_to_string (root, FALSE);
  reply (msg, status, body);
}

typedef struct
{
  gint64      start_ms;
  gint64      end_ms;
  gboolean    asc;
  guint       limit;
  int         min_level;
  const char *replica;
  const char *request_id;
  GRegex     *pattern;
  GPtrArray  *includes;
  GPtrArray  *excludes;
} Asked;

static gboolean
line_passes (const StoreLine *line,
             const Asked     *asked)
{
  if (asked->min_level >= 0 && level_rank (line->level) < asked->min_level)
    return FALSE;
  if (asked->replica != NULL && g_strcmp0 (asked->replica, line->replica) != 0)
    return FALSE;
  if (asked->request_id != NULL && g_strcmp0 (asked->request_id, line->request_id) != 0)
    return FALSE;
  if (asked->pattern != NULL && !g_regex_match (asked->pattern, line->message, 0, NULL))
    return FALSE;
  for (guint i = 0; i < asked->includes->len; i++)
    if (strstr (line->message, asked->includes->pdata[i]) == NULL)
      return FALSE;
  for (guint i = 0; i < asked->excludes->len; i++)
    if (strstr (line->message, asked->excludes->pdata[i]) != NULL)
      return FALSE;

  return TRUE;
}

static void
add_line_json (JsonBuilder     *builder,
               const StoreLine *line)
{
  g_autofree char *timestamp = g_strdup_printf ("%" G_GINT64_FORMAT, line->time_ns);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "timestamp");
  json_builder_add_string_value (builder, timestamp);
  json_builder_set_member_name (builder, "message");
  json_builder_add_string_value (builder, line->message);
  json_builder_set_member_name (builder, "replica");
  json_builder_add_string_value (builder, line->replica);
  if (line->request_id != NULL)
    {
      json_builder_set_member_name (builder, "request_id");
      json_builder_add_string_value (builder, line->request_id);
    }
  json_builder_set_member_name (builder, "level");
  if (line->level != NULL)
    json_builder_add_string_value (builder, line->level);
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);
}

static void
handle_logs (SoupServer        *server,
             SoupServerMessage *msg,
             const char        *path,
             GHashTable        *unused,
             gpointer           user_data)
{
  Fixture *fixture = user_data;
  const char *raw = g_uri_get_query (soup_server_message_get_uri (msg));
  g_auto(GStrv) pairs = g_strsplit (raw != NULL ? raw : "", "&", -1);
  g_autoptr(GPtrArray) includes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) excludes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *body = NULL;
  g_autofree char *replica = NULL;
  g_autofree char *request_id = NULL;
  g_autoptr(GRegex) pattern = NULL;
  Asked asked = { 0, 0, FALSE, 500, -1, NULL, NULL, NULL, includes, excludes };
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 first_ns, end_ns;
  guint n = 0;

  g_ptr_array_add (fixture->queries, g_strdup (raw != NULL ? raw : ""));
  g_ptr_array_add (fixture->paths, g_strdup (path));
  {
    gint64 t = g_get_monotonic_time ();

    g_array_append_val (fixture->times_us, t);
  }

  if (fixture->n_429 > 0)
    {
      g_autofree char *error = g_strdup_printf ("{\"error\": \"Too many requests\", \"retry_after\": %u}",
                                                fixture->retry_after_s);

      fixture->n_429--;
      reply (msg, 429, error);
      return;
    }

  if (fixture->status != 0)
    {
      reply (msg, fixture->status, fixture->body);
      fixture->status = 0;
      return;
    }

  if (!g_str_has_prefix (path, "/v1/models/m1/deployments/d1/") &&
      !g_str_has_prefix (path, "/v1/models/m1/environments/production/"))
    {
      reply_error (msg, 404, "Not found");
      return;
    }

  for (guint i = 0; pairs[i] != NULL; i++)
    {
      char *eq = strchr (pairs[i], '=');
      g_autofree char *value = NULL;

      if (pairs[i][0] == '\0')
        continue;
      if (eq == NULL)
        {
          reply_error (msg, 400, "Malformed query");
          return;
        }
      *eq = '\0';
      value = g_uri_unescape_string (eq + 1, NULL);

      if (strcmp (pairs[i], "start_epoch_millis") == 0)
        asked.start_ms = g_ascii_strtoll (value, NULL, 10);
      else if (strcmp (pairs[i], "end_epoch_millis") == 0)
        asked.end_ms = g_ascii_strtoll (value, NULL, 10);
      else if (strcmp (pairs[i], "direction") == 0 && (strcmp (value, "asc") == 0 || strcmp (value, "desc") == 0))
        asked.asc = strcmp (value, "asc") == 0;
      else if (strcmp (pairs[i], "limit") == 0)
        asked.limit = (guint) g_ascii_strtoull (value, NULL, 10);
      else if (strcmp (pairs[i], "min_level") == 0 && level_rank (value) >= 0)
        asked.min_level = level_rank (value);
      else if (strcmp (pairs[i], "replica") == 0)
        asked.replica = replica = g_steal_pointer (&value);
      else if (strcmp (pairs[i], "request_id") == 0)
        asked.request_id = request_id = g_steal_pointer (&value);
      else if (strcmp (pairs[i], "component") == 0)
        ;
      else if (strcmp (pairs[i], "search_pattern") == 0)
        {
          g_autoptr(GError) error = NULL;

          pattern = g_regex_new (value, 0, 0, &error);
          if (pattern == NULL)
            {
              g_autofree char *why = g_strdup_printf ("Invalid search_pattern: %s", error->message);

              reply_error (msg, 400, why);
              return;
            }
          asked.pattern = pattern;
        }
      else if (strcmp (pairs[i], "includes") == 0)
        g_ptr_array_add (includes, g_steal_pointer (&value));
      else if (strcmp (pairs[i], "excludes") == 0)
        g_ptr_array_add (excludes, g_steal_pointer (&value));
      else
        {
          reply_error (msg, 400, "Unknown query parameter");
          return;
        }
    }

  if (asked.end_ms == 0)
    asked.end_ms = now_ms;
  if (asked.start_ms == 0)
    asked.start_ms = asked.end_ms - 30 * MINUTE_MS;
  if (asked.limit < 1 || asked.limit > 1000)
    {
      reply_error (msg, 400, "limit must be between 1 and 1000");
      return;
    }
  if (asked.end_ms - asked.start_ms > 7 * 24 * 60 * MINUTE_MS || asked.end_ms < asked.start_ms)
    {
      reply_error (msg, 400, "The time window may be at most 7 days");
      return;
    }

  first_ns = asked.start_ms * NS_PER_MS;
  end_ns = fixture->end_rule == END_INCLUSIVE_MS ? (asked.end_ms + 1) * NS_PER_MS : asked.end_ms * NS_PER_MS;

  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "logs");
  json_builder_begin_array (builder);

  for (guint k = 0; k < fixture->store->len && n < asked.limit; k++)
    {
      guint i = asked.asc ? k : fixture->store->len - 1 - k;
      const StoreLine *line = &g_array_index (fixture->store, StoreLine, i);

      if (line->time_ns < first_ns || line->time_ns >= end_ns || !line_passes (line, &asked))
        continue;

      add_line_json (builder, line);
      n++;
    }

  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  body = json_to_string (root, FALSE);
  reply (msg, 200, body);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  GSList *uris;

  fixture->end_rule = GPOINTER_TO_INT (data);
  fixture->store = g_array_new (FALSE, TRUE, sizeof (StoreLine));
  g_array_set_clear_func (fixture->store, store_line_clear);
  fixture->queries = g_ptr_array_new_with_free_func (g_free);
  fixture->paths = g_ptr_array_new_with_free_func (g_free);
  fixture->times_us = g_array_new (FALSE, FALSE, sizeof (gint64));

  fixture->server = soup_server_new (NULL, NULL);
  soup_server_add_handler (fixture->server, "/v1/models", handle_logs, fixture, NULL);
  soup_server_listen_local (fixture->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);
  uris = soup_server_get_uris (fixture->server);
  fixture->base_url = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);

  fixture->client = isc_client_new (fixture->base_url, "sk-test-logs", &error);
  g_assert_no_error (error);
  /* Retries a hundred times faster than real time. */
  _isc_client_set_delay_scale (fixture->client, 0.01);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_clear_object (&fixture->client);
  soup_server_disconnect (fixture->server);
  g_clear_object (&fixture->server);
  g_free (fixture->base_url);
  g_free (fixture->body);
  g_array_unref (fixture->store);
  g_ptr_array_unref (fixture->queries);
  g_ptr_array_unref (fixture->paths);
  g_array_unref (fixture->times_us);
}

/* ------------------------------------------------------------------------
 * Running loads
 * ------------------------------------------------------------------------ */

typedef struct
{
  gboolean   done;
  GPtrArray *lines;
  GError    *error;
} Result;

static void
on_loaded (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Result *r = user_data;

  r->lines = isc_logs_pager_load_finish (ISC_LOGS_PAGER (object), result, &r->error);
  r->done = TRUE;
}

static gboolean
result_done (gpointer data)
{
  return ((Result *) data)->done;
}

typedef enum
{
  FIRST,
  EARLIER,
  LATER,
} Which;

/* One load run to its end: its lines, or NULL and *error. */
static GPtrArray *
run_load (IscLogsPager  *pager,
          Which          which,
          GCancellable  *cancellable,
          GError       **error)
{
  Result r = { 0 };

  if (which == FIRST)
    isc_logs_pager_load_first_async (pager, cancellable, on_loaded, &r);
  else if (which == EARLIER)
    isc_logs_pager_load_earlier_async (pager, cancellable, on_loaded, &r);
  else
    isc_logs_pager_load_later_async (pager, cancellable, on_loaded, &r);

  g_assert_true (test_wait_for (result_done, &r));
  g_assert_true ((r.lines == NULL) != (r.error == NULL));
  if (r.error != NULL)
    g_propagate_error (error, r.error);

  return r.lines;
}

static GPtrArray *
load_ok (IscLogsPager *pager,
         Which         which)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *lines = run_load (pager, which, NULL, &error);

  g_assert_no_error (error);
  /* Oldest first. */
  for (guint i = 1; i < lines->len; i++)
    g_assert_cmpint (isc_log_line_get_time_ns (lines->pdata[i - 1]), <=,
                     isc_log_line_get_time_ns (lines->pdata[i]));

  return lines;
}

static char *
store_key (const StoreLine *line)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT " %s %s", line->time_ns, line->replica, line->message);
}

static char *
line_key (IscLogLine *line)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT " %s %s", isc_log_line_get_time_ns (line),
                          isc_log_line_get_replica (line), isc_log_line_get_message (line));
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The lines received are the store's lines in [first_ns, end_ns), each
 * as many times as the store holds it: none lost, none repeated. */
static void
assert_same_lines (Fixture   *fixture,
                   GPtrArray *received,
                   gint64     first_ns,
                   gint64     end_ns)
{
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) got = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < fixture->store->len; i++)
    {
      const StoreLine *line = &g_array_index (fixture->store, StoreLine, i);

      if (line->time_ns >= first_ns && line->time_ns < end_ns)
        g_ptr_array_add (expected, store_key (line));
    }
  for (guint i = 0; i < received->len; i++)
    g_ptr_array_add (got, line_key (received->pdata[i]));

  g_ptr_array_sort (expected, compare_strings);
  g_ptr_array_sort (got, compare_strings);

  for (guint i = 0; i < MIN (expected->len, got->len); i++)
    if (strcmp (expected->pdata[i], got->pdata[i]) != 0)
      g_error ("line %u: expected “%s”, got “%s”", i, (char *) expected->pdata[i], (char *) got->pdata[i]);
  g_assert_cmpuint (got->len, ==, expected->len);
}

/* A store with the runs real logs have: many lines in one millisecond,
 * some in one nanosecond from several replicas, and some sent twice as
 * they are (the same replica, nanosecond and message). */
static gint64
fill_store (Fixture *fixture,
            gint64   first_ns,
            guint    n_lines)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (23);
  static const char * const levels[] = { "INFO", "INFO", "DEBUG", "WARNING", "ERROR", NULL };
  gint64 t = first_ns;

  for (guint i = 0; i < n_lines; i++)
    {
      g_autofree char *message = NULL;
      g_autofree char *replica = NULL;
      g_autofree char *request_id = NULL;
      double roll = g_rand_double (rand);

      if (i > 0 && roll < 0.03)
        {
          /* The previous line again, as it was. */
          StoreLine *last = &g_array_index (fixture->store, StoreLine, fixture->store->len - 1);
          g_autofree char *copy_replica = g_strdup (last->replica);
          g_autofree char *copy_message = g_strdup (last->message);

          store_add (fixture, last->time_ns, last->level, copy_replica, last->request_id, copy_message);
          continue;
        }

      if (roll < 0.35)
        ;                                               /* the same nanosecond */
      else if (roll < 0.7)
        t += g_rand_int_range (rand, 1, 1000);          /* the same millisecond, mostly */
      else
        t += g_rand_int_range (rand, 1, 4) * NS_PER_MS; /* the next ones */

      message = g_strdup_printf ("line %u: %s", i, roll < 0.5 ? "GET /predict 200" : "loading");
      replica = g_strdup_printf ("r%d", g_rand_int_range (rand, 1, 4));
      request_id = g_strdup_printf ("q%u", i / 3);
      store_add (fixture, t, levels[i % G_N_ELEMENTS (levels)], replica, request_id, message);
    }

  return t;
}

/* Adds @page (oldest first) before or after the lines in @all. */
static void
add_page (GPtrArray *all,
          GPtrArray *page,
          gboolean   before)
{
  for (guint i = 0; i < page->len; i++)
    {
      if (before)
        g_ptr_array_insert (all, (gint) i, g_object_ref (page->pdata[i]));
      else
        g_ptr_array_add (all, g_object_ref (page->pdata[i]));
    }
}

static void
count_notify (guint *count)
{
  (*count)++;
}

/* ------------------------------------------------------------------------
 * Paging
 * ------------------------------------------------------------------------ */

/* Load First, then Load Earlier to the start: every line of the window
 * once, whichever way the server reads the window's end. */
static void
test_paging_back (Fixture       *fixture,
                  gconstpointer  data)
{
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 start_ms = now_ms - 20 * MINUTE_MS;
  gint64 end_ms = now_ms - 5 * MINUTE_MS;
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsPager) pager = NULL;
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) first = NULL;
  guint n_pages = 1;
  guint n_notified = 0;

  /* Lines before, in and after the window. */
  fill_store (fixture, (start_ms - MINUTE_MS) * NS_PER_MS, 200);
  fill_store (fixture, start_ms * NS_PER_MS, 1000);
  fill_store (fixture, end_ms * NS_PER_MS + 1, 100);

  query->start_ms = start_ms;
  query->end_ms = end_ms;
  query->limit = 37;
  pager = isc_logs_pager_new (fixture->client, query);
  g_signal_connect_swapped (pager, "notify::has-earlier", G_CALLBACK (count_notify), &n_notified);

  first = load_ok (pager, FIRST);
  g_assert_cmpuint (first->len, ==, 37);
  g_assert_true (isc_logs_pager_has_earlier (pager));
  add_page (all, first, FALSE);

  while (isc_logs_pager_has_earlier (pager))
    {
      g_autoptr(GPtrArray) page = load_ok (pager, EARLIER);
      gint64 oldest = isc_log_line_get_time_ns (all->pdata[0]);

      /* Each page lies before what is shown. */
      if (page->len > 0)
        g_assert_cmpint (isc_log_line_get_time_ns (page->pdata[page->len - 1]), <=, oldest);
      add_page (all, page, TRUE);
      n_pages++;
      g_assert_cmpuint (n_pages, <, 200);
    }

  /* Said once, when it turned. */
  g_assert_cmpuint (n_notified, ==, 1);

  /* Past the start nothing is asked. */
  {
    guint n_asked = fixture->queries->len;
    g_autoptr(GPtrArray) none = load_ok (pager, EARLIER);

    g_assert_cmpuint (none->len, ==, 0);
    g_assert_cmpuint (fixture->queries->len, ==, n_asked);
  }

  assert_same_lines (fixture, all, start_ms * NS_PER_MS,
                     fixture->end_rule == END_INCLUSIVE_MS ? (end_ms + 1) * NS_PER_MS : end_ms * NS_PER_MS);
}

/* Follow: Load Later from the first page's newest line up to now, while
 * lines keep coming in the newest nanosecond and millisecond. */
static void
test_follow (Fixture       *fixture,
             gconstpointer  data)
{
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 start_ms = now_ms - 10 * MINUTE_MS;
  gint64 end_ms = now_ms - 6 * MINUTE_MS;
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsPager) pager = NULL;
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) fresh = NULL;
  gint64 last_ns;
  guint n_later = 0;

  last_ns = fill_store (fixture, start_ms * NS_PER_MS, 1500);
  g_assert_cmpint (last_ns, <, (now_ms - MINUTE_MS) * NS_PER_MS);

  query->start_ms = start_ms;
  query->end_ms = end_ms;
  query->limit = 41;
  pager = isc_logs_pager_new (fixture->client, query);

  first = load_ok (pager, FIRST);
  add_page (all, first, FALSE);

  /* Several pages a call while they come back full, until none is. */
  for (;;)
    {
      g_autoptr(GPtrArray) page = load_ok (pager, LATER);

      if (page->len > 0)
        g_assert_cmpint (isc_log_line_get_time_ns (page->pdata[0]), >=,
                         isc_log_line_get_time_ns (all->pdata[all->len - 1]));
      add_page (all, page, FALSE);
      if (page->len == 0)
        break;
      g_assert_cmpuint (++n_later, <, 20);
    }

  while (isc_logs_pager_has_earlier (pager))
    {
      g_autoptr(GPtrArray) page = load_ok (pager, EARLIER);

      add_page (all, page, TRUE);
    }

  assert_same_lines (fixture, all, start_ms * NS_PER_MS, G_MAXINT64);

  /* New lines: in the newest nanosecond (another replica, and the same
   * line again), later in its millisecond, and in later ones. */
  {
    const StoreLine *newest = &g_array_index (fixture->store, StoreLine, fixture->store->len - 1);
    gint64 t = newest->time_ns;
    g_autofree char *replica = g_strdup (newest->replica);
    g_autofree char *message = g_strdup (newest->message);

    store_add (fixture, t, "INFO", "r9", NULL, "same nanosecond, another replica");
    store_add (fixture, t, "INFO", replica, NULL, message);
    for (guint i = 1; i <= 5; i++)
      {
        g_autofree char *text = g_strdup_printf ("same millisecond %u", i);

        store_add (fixture, t + i, "INFO", "r1", NULL, text);
      }
    store_add (fixture, t + 3 * NS_PER_MS, "ERROR", "r2", "q-late", "three ms later");
  }

  fresh = load_ok (pager, LATER);
  g_assert_cmpuint (fresh->len, ==, 8);
  add_page (all, fresh, FALSE);
  assert_same_lines (fixture, all, start_ms * NS_PER_MS, G_MAXINT64);

  /* Nothing new: nothing. */
  {
    g_autoptr(GPtrArray) none = load_ok (pager, LATER);

    g_assert_cmpuint (none->len, ==, 0);
  }
}

/* Follow from an empty window: from its end. */
static void
test_follow_from_nothing (Fixture       *fixture,
                          gconstpointer  data)
{
  gint64 now_ms = g_get_real_time () / 1000;
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsPager) pager = NULL;
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) later = NULL;
  g_autoptr(GPtrArray) earlier = NULL;

  query->start_ms = now_ms - 10 * MINUTE_MS;
  query->end_ms = now_ms - 5 * MINUTE_MS;
  pager = isc_logs_pager_new (fixture->client, query);

  /* A line before the window, and one after its end. */
  store_add (fixture, (now_ms - 11 * MINUTE_MS) * NS_PER_MS, "INFO", "r1", NULL, "before");
  store_add (fixture, (now_ms - 4 * MINUTE_MS) * NS_PER_MS + 7, "INFO", "r1", NULL, "after");

  first = load_ok (pager, FIRST);
  g_assert_cmpuint (first->len, ==, 0);
  g_assert_false (isc_logs_pager_has_earlier (pager));
  {
    gboolean has_earlier = TRUE;

    g_object_get (pager, "has-earlier", &has_earlier, NULL);
    g_assert_false (has_earlier);
  }

  later = load_ok (pager, LATER);
  g_assert_cmpuint (later->len, ==, 1);
  g_assert_cmpstr (isc_log_line_get_message (later->pdata[0]), ==, "after");
  g_assert_nonnull (strstr (fixture->queries->pdata[1], "direction=asc"));

  earlier = load_ok (pager, EARLIER);
  g_assert_cmpuint (earlier->len, ==, 0);
}

/* More lines in one millisecond than a page holds, at the start of the
 * window's pages and at the end of Follow's: read from both ends, none
 * lost, none repeated. */
static void
test_flood_back (Fixture       *fixture,
                 gconstpointer  data)
{
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 flood_ms = now_ms - 8 * MINUTE_MS;
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsPager) pager = NULL;
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) first = NULL;
  guint n_loads = 0;

  fill_store (fixture, (flood_ms - MINUTE_MS) * NS_PER_MS, 30);
  for (guint i = 0; i < 90; i++)
    {
      g_autofree char *text = g_strdup_printf ("flood %u", i);

      /* Thirty nanoseconds, three replicas each. */
      store_add (fixture, flood_ms * NS_PER_MS + 1000 * (i / 3), "INFO", i % 3 == 0 ? "r1" : i % 3 == 1 ? "r2" : "r3",
                 NULL, text);
    }
  fill_store (fixture, (flood_ms + 1) * NS_PER_MS, 30);

  query->start_ms = flood_ms - 2 * MINUTE_MS;
  query->end_ms = flood_ms + MINUTE_MS;
  query->limit = 50;
  pager = isc_logs_pager_new (fixture->client, query);

  first = load_ok (pager, FIRST);
  add_page (all, first, FALSE);
  while (isc_logs_pager_has_earlier (pager))
    {
      g_autoptr(GPtrArray) page = load_ok (pager, EARLIER);

      add_page (all, page, TRUE);
      g_assert_cmpuint (++n_loads, <, 20);
    }

  assert_same_lines (fixture, all, 0, G_MAXINT64);
}

static void
test_flood_follow (Fixture       *fixture,
                   gconstpointer  data)
{
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 flood_ms = now_ms - 8 * MINUTE_MS;
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsPager) pager = NULL;
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) first = NULL;
  guint n_loads = 0;

  fill_store (fixture, (flood_ms - MINUTE_MS) * NS_PER_MS, 30);
  for (guint i = 0; i < 90; i++)
    {
      g_autofree char *text = g_strdup_printf ("flood %u", i);

      store_add (fixture, flood_ms * NS_PER_MS + 1000 * (i / 3), "INFO", i % 3 == 0 ? "r1" : i % 3 == 1 ? "r2" : "r3",
                 NULL, text);
    }

  /* The window ends before the flood; Follow meets it. */
  query->start_ms = flood_ms - 2 * MINUTE_MS;
  query->end_ms = flood_ms - 1;
  query->limit = 50;
  pager = isc_logs_pager_new (fixture->client, query);

  first = load_ok (pager, FIRST);
  g_assert_cmpuint (first->len, ==, 30);
  add_page (all, first, FALSE);
  for (;;)
    {
      g_autoptr(GPtrArray) page = load_ok (pager, LATER);

      add_page (all, page, FALSE);
      if (page->len == 0)
        break;
      g_assert_cmpuint (++n_loads, <, 20);
    }

  assert_same_lines (fixture, all, 0, G_MAXINT64);
}

/* More lines in one nanosecond than a page holds, met by Follow and by
 * Load Earlier both: each line once. */
static void
test_one_nanosecond (Fixture       *fixture,
                     gconstpointer  data)
{
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 t = (now_ms - 3 * MINUTE_MS) * NS_PER_MS + 123;
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsPager) pager = NULL;
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) first = NULL;
  guint n_loads = 0;

  for (guint i = 0; i < 60; i++)
    {
      g_autofree char *text = g_strdup_printf ("burst %u", i);

      store_add (fixture, t, "INFO", "r1", NULL, text);
    }

  query->start_ms = now_ms - 10 * MINUTE_MS;
  query->end_ms = now_ms - MINUTE_MS;
  query->limit = 50;
  pager = isc_logs_pager_new (fixture->client, query);

  first = load_ok (pager, FIRST);
  g_assert_cmpuint (first->len, ==, 50);
  add_page (all, first, FALSE);

  for (;;)
    {
      g_autoptr(GPtrArray) page = load_ok (pager, LATER);

      add_page (all, page, FALSE);
      if (page->len == 0)
        break;
      g_assert_cmpuint (++n_loads, <, 20);
    }

  while (isc_logs_pager_has_earlier (pager))
    {
      g_autoptr(GPtrArray) page = load_ok (pager, EARLIER);

      add_page (all, page, TRUE);
      g_assert_cmpuint (++n_loads, <, 20);
    }

  assert_same_lines (fixture, all, 0, G_MAXINT64);
}

/* ------------------------------------------------------------------------
 * What reaches the server
 * ------------------------------------------------------------------------ */

/* Every parameter as the API spells it, escaped, in each kind of load. */
static void
test_parameters (Fixture       *fixture,
                 gconstpointer  data)
{
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 start_ms = now_ms - 10 * MINUTE_MS;
  gint64 end_ms = now_ms - 5 * MINUTE_MS;
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsPager) pager = NULL;
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) earlier = NULL;
  g_autoptr(GPtrArray) later = NULL;
  g_autofree char *filters = NULL;
  g_autofree char *expected = NULL;
  const char *includes[] = { "predict", "a b", NULL };
  const char *excludes[] = { "health&check", NULL };
  gint64 oldest_ms, newest_ms;
  const char *asked;

  for (guint i = 0; i < 30; i++)
    {
      g_autofree char *text = g_strdup_printf ("line %u: predict a b", i);

      store_add (fixture, (start_ms + 1000 * i) * NS_PER_MS + 5, "WARNING", "r 1", "q&1", text);
      store_add (fixture, (start_ms + 1000 * i) * NS_PER_MS + 6, "INFO", "r 1", "q&1", text);
    }

  query->start_ms = start_ms;
  query->end_ms = end_ms;
  query->limit = 10;
  query->min_level = ISC_LOG_LEVEL_WARNING;
  query->replica = g_strdup ("r 1");
  query->request_id = g_strdup ("q&1");
  query->component = g_strdup ("model");
  query->search_pattern = g_strdup ("^line [0-9]+: .*$");
  query->includes = g_strdupv ((char **) includes);
  query->excludes = g_strdupv ((char **) excludes);
  pager = isc_logs_pager_new (fixture->client, query);

  filters = g_strdup ("min_level=WARNING&replica=r%201&request_id=q%261&component=model"
                      "&search_pattern=%5Eline%20%5B0-9%5D%2B%3A%20.%2A%24"
                      "&includes=predict&includes=a%20b&excludes=health%26check");

  first = load_ok (pager, FIRST);
  g_assert_cmpuint (first->len, ==, 10);
  /* The server filtered: only WARNING lines came. */
  for (guint i = 0; i < first->len; i++)
    g_assert_cmpint (isc_log_line_get_level (first->pdata[i]), ==, ISC_LOG_LEVEL_WARNING);
  g_assert_cmpstr (fixture->paths->pdata[0], ==, "/v1/models/m1/deployments/d1/logs");
  expected = g_strdup_printf ("start_epoch_millis=%" G_GINT64_FORMAT "&end_epoch_millis=%" G_GINT64_FORMAT
                              "&direction=desc&limit=10&%s", start_ms, end_ms, filters);
  g_assert_cmpstr (fixture->queries->pdata[0], ==, expected);

  /* Back: the end moved to the end of the oldest line's millisecond. */
  oldest_ms = isc_log_line_get_time_ns (first->pdata[0]) / NS_PER_MS;
  earlier = load_ok (pager, EARLIER);
  /* Ten lines came, the oldest one again among them. */
  g_assert_cmpuint (earlier->len, ==, 9);
  g_free (expected);
  expected = g_strdup_printf ("start_epoch_millis=%" G_GINT64_FORMAT "&end_epoch_millis=%" G_GINT64_FORMAT
                              "&direction=desc&limit=10&%s", start_ms, oldest_ms + 1, filters);
  g_assert_cmpstr (fixture->queries->pdata[1], ==, expected);

  /* Forward: from the newest line's millisecond, up to now. */
  newest_ms = isc_log_line_get_time_ns (first->pdata[first->len - 1]) / NS_PER_MS;
  later = load_ok (pager, LATER);
  g_free (expected);
  expected = g_strdup_printf ("start_epoch_millis=%" G_GINT64_FORMAT "&end_epoch_millis=", newest_ms);
  asked = fixture->queries->pdata[2];
  g_assert_true (g_str_has_prefix (asked, expected));
  {
    gint64 asked_end = g_ascii_strtoll (asked + strlen (expected), NULL, 10);
    g_autofree char *tail = g_strdup_printf ("&direction=asc&limit=10&%s", filters);

    g_assert_cmpint (asked_end, >=, now_ms);
    g_assert_cmpint (asked_end, <=, g_get_real_time () / 1000);
    g_assert_true (g_str_has_suffix (asked, tail));
  }
}

static void
test_environment (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_ENVIRONMENT, "production");
  g_autoptr(IscLogsPager) pager = isc_logs_pager_new (fixture->client, query);
  g_autoptr(GPtrArray) first = NULL;

  store_add (fixture, (g_get_real_time () / 1000 - MINUTE_MS) * NS_PER_MS, NULL, "r1", NULL, "no level");
  first = load_ok (pager, FIRST);

  g_assert_cmpuint (first->len, ==, 1);
  g_assert_cmpint (isc_log_line_get_level (first->pdata[0]), ==, ISC_LOG_LEVEL_NONE);
  g_assert_cmpstr (fixture->paths->pdata[0], ==, "/v1/models/m1/environments/production/logs");
  /* No start: the server's 30 minutes before the end; the page's size sent. */
  g_assert_true (g_str_has_prefix (fixture->queries->pdata[0], "end_epoch_millis="));
  g_assert_true (g_str_has_suffix (fixture->queries->pdata[0], "&direction=desc&limit=500"));
}

/* ------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------ */

/* A pattern Baseten refuses is said in words, with its reason, under a
 * code of its own that the Logs page puts beside the search field. */
static void
test_refused_pattern (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsPager) pager = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) server_error = NULL;
  g_autoptr(GRegex) regex = NULL;
  GPtrArray *lines;

  query->search_pattern = g_strdup ("(unclosed");
  pager = isc_logs_pager_new (fixture->client, query);

  lines = run_load (pager, FIRST, NULL, &error);
  g_assert_null (lines);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_SEARCH_PATTERN);
  g_assert_true (g_str_has_prefix (error->message, "Baseten refused the search pattern: "));

  /* Baseten's reason, as it gave it. */
  regex = g_regex_new ("(unclosed", 0, 0, &server_error);
  g_assert_null (regex);
  if (strstr (error->message, server_error->message) == NULL)
    g_error ("“%s” does not give Baseten's reason “%s”", error->message, server_error->message);

  /* Refused once, not again and again. */
  g_assert_cmpuint (fixture->queries->len, ==, 1);
}

/* Other refusals keep their own words, even with a pattern set. */
static void
test_other_refusals (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsQuery) missing = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "gone");
  g_autoptr(IscLogsPager) pager = NULL;
  g_autoptr(IscLogsPager) missing_pager = NULL;
  g_autoptr(GError) error = NULL;

  query->search_pattern = g_strdup ("ok");
  pager = isc_logs_pager_new (fixture->client, query);
  fixture->status = 400;
  fixture->body = g_strdup ("{\"code\": \"VALIDATION_ERROR\", \"message\": \"start_epoch_millis is too old\"}");

  g_assert_null (run_load (pager, FIRST, NULL, &error));
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_BAD_REQUEST);
  g_assert_nonnull (strstr (error->message, "start_epoch_millis is too old"));
  g_clear_error (&error);

  missing_pager = isc_logs_pager_new (fixture->client, missing);
  g_assert_null (run_load (missing_pager, FIRST, NULL, &error));
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "No deployment “gone” in model “m1”"));
  g_clear_error (&error);

  /* A body that is not a logs page. */
  fixture->status = 200;
  g_free (fixture->body);
  fixture->body = g_strdup ("{\"logs\": [{\"message\": \"no time\"}]}");
  g_assert_null (run_load (pager, FIRST, NULL, &error));
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED);
  g_assert_nonnull (strstr (error->message, "Line 1 has no timestamp"));
  g_clear_error (&error);

  /* A query the API would refuse is not sent. */
  {
    g_autoptr(IscLogsQuery) too_long = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
    g_autoptr(IscLogsPager) too_long_pager = NULL;
    guint n_asked = fixture->queries->len;

    too_long->start_ms = 1;
    too_long->end_ms = 8 * 24 * 60 * MINUTE_MS;
    too_long_pager = isc_logs_pager_new (fixture->client, too_long);
    g_assert_null (run_load (too_long_pager, FIRST, NULL, &error));
    g_assert_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_TOO_LONG);
    g_assert_cmpuint (fixture->queries->len, ==, n_asked);
  }
}

/* A 429 is waited out, as Baseten asks; a later load waits for what it
 * asked too, and one that would wait too long fails at once in words. */
static void
test_rate_limited (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsPager) pager = NULL;
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) later = NULL;
  g_autoptr(GError) error = NULL;
  gint64 asked_ms;
  double waited_s;

  store_add (fixture, (g_get_real_time () / 1000 - MINUTE_MS) * NS_PER_MS, "INFO", "r1", NULL, "one");
  pager = isc_logs_pager_new (fixture->client, query);

  /* Twice 429, asking for 3 s: the client waits (a hundred times faster
   * here) and asks again. */
  fixture->n_429 = 2;
  fixture->retry_after_s = 3;
  first = load_ok (pager, FIRST);
  g_assert_cmpuint (first->len, ==, 1);
  g_assert_cmpuint (fixture->queries->len, ==, 3);
  waited_s = (g_array_index (fixture->times_us, gint64, 1) - g_array_index (fixture->times_us, gint64, 0)) / 1e6;
  g_assert_cmpfloat (waited_s, >=, 0.03);

  /* The client remembers when Baseten lets requests go again, and the
   * pager's next request waits for it. */
  asked_ms = isc_client_get_retry_not_before_ms (fixture->client);
  g_assert_cmpint (asked_ms, >, g_get_real_time () / 1000);
  later = load_ok (pager, LATER);
  g_assert_cmpuint (fixture->queries->len, ==, 4);
  waited_s = (g_array_index (fixture->times_us, gint64, 3) - g_array_index (fixture->times_us, gint64, 2)) / 1e6;
  g_assert_cmpfloat (waited_s, >=, 0.01);

  /* Asked to wait ten minutes: no request, and words that say so. */
  fixture->n_429 = 1;
  fixture->retry_after_s = 600;
  g_assert_null (run_load (pager, LATER, NULL, &error));
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED);
  g_clear_error (&error);
  g_assert_cmpuint (fixture->queries->len, ==, 5);

  g_assert_null (run_load (pager, LATER, NULL, &error));
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED);
  g_assert_nonnull (strstr (error->message, "asks to wait"));
  g_assert_cmpuint (fixture->queries->len, ==, 5);
}

/* One load at a time; a cancelled one leaves the pager as it was. */
static void
test_pending_and_cancel (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsPager) pager = isc_logs_pager_new (fixture->client, query);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) first = NULL;
  Result a = { 0 };
  Result b = { 0 };

  store_add (fixture, (g_get_real_time () / 1000 - MINUTE_MS) * NS_PER_MS, "INFO", "r1", NULL, "one");

  isc_logs_pager_load_first_async (pager, cancellable, on_loaded, &a);
  isc_logs_pager_load_later_async (pager, NULL, on_loaded, &b);
  g_assert_true (test_wait_for (result_done, &b));
  g_assert_error (b.error, G_IO_ERROR, G_IO_ERROR_PENDING);
  g_clear_error (&b.error);

  g_cancellable_cancel (cancellable);
  g_assert_true (test_wait_for (result_done, &a));
  g_assert_error (a.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&a.error);

  /* Free again, and whole. */
  first = load_ok (pager, FIRST);
  g_assert_cmpuint (first->len, ==, 1);
}

/* Logs never go to the metrics response cache. */
static void
test_not_cached (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *dir = test_temp_dir ();
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (dir, ISC_RESPONSE_CACHE_DEFAULT_MAX_BYTES);
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsPager) pager = NULL;
  g_autoptr(GPtrArray) first = NULL;

  store_add (fixture, (g_get_real_time () / 1000 - MINUTE_MS) * NS_PER_MS, "INFO", "r1", NULL, "one");
  isc_client_set_cache (fixture->client, cache);
  pager = isc_logs_pager_new (fixture->client, query);

  first = load_ok (pager, FIRST);
  g_assert_cmpuint (first->len, ==, 1);
  g_assert_cmpuint (test_count_files (dir), ==, 0);

  test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  static const struct
  {
    const char *name;
    EndRule     rule;
  } rules[] = {
    { "end-inclusive-ms", END_INCLUSIVE_MS },
    { "end-exclusive-ns", END_EXCLUSIVE_NS },
  };
  static const struct
  {
    const char *name;
    void      (*func) (Fixture *, gconstpointer);
  } paging[] = {
    { "paging-back", test_paging_back },
    { "follow", test_follow },
    { "follow-from-nothing", test_follow_from_nothing },
    { "flood-back", test_flood_back },
    { "flood-follow", test_flood_follow },
    { "one-nanosecond", test_one_nanosecond },
  };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (paging); i++)
    for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
      {
        g_autofree char *path = g_strdup_printf ("/isc/logs-pager/%s/%s", paging[i].name, rules[r].name);

        g_test_add (path, Fixture, GINT_TO_POINTER (rules[r].rule),
                    fixture_setup, paging[i].func, fixture_teardown);
      }

  g_test_add ("/isc/logs-pager/parameters", Fixture, NULL, fixture_setup, test_parameters, fixture_teardown);
  g_test_add ("/isc/logs-pager/environment", Fixture, NULL, fixture_setup, test_environment, fixture_teardown);
  g_test_add ("/isc/logs-pager/refused-pattern", Fixture, NULL, fixture_setup, test_refused_pattern, fixture_teardown);
  g_test_add ("/isc/logs-pager/other-refusals", Fixture, NULL, fixture_setup, test_other_refusals, fixture_teardown);
  g_test_add ("/isc/logs-pager/rate-limited", Fixture, NULL, fixture_setup, test_rate_limited, fixture_teardown);
  g_test_add ("/isc/logs-pager/pending-and-cancel", Fixture, NULL, fixture_setup, test_pending_and_cancel,
              fixture_teardown);
  g_test_add ("/isc/logs-pager/not-cached", Fixture, NULL, fixture_setup, test_not_cached, fixture_teardown);

  return g_test_run ();
}
