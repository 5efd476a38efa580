/* test-demo-logs.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The simulated API's logs endpoints over real HTTP on 127.0.0.1: the
 * answer's shape, the same lines for the same query, the window, limit,
 * direction and every filter as baseten-api-reference.md §1 has them,
 * no alias path, and lines that agree with the metrics.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-demo-fleet-private.h"
#include "isc-demo-logs-private.h"
#include "isc-test-demo.h"

#define ADD(path, func) \
  g_test_add (path, DemoFixture, NULL, demo_fixture_setup, func, demo_fixture_teardown)

#define MINUTE_MS G_GINT64_CONSTANT (60000)

#define LOGS_CHAT_D8  "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/" ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION "/logs"
#define LOGS_CHAT_D7  "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/" ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS "/logs"
#define LOGS_CHAT_ENV "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/production/logs"
#define LOGS_EMBED_D2 "/v1/models/" ISC_DEMO_MODEL_EMBED "/deployments/" ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION "/logs"

/* One line as the test reads it. */
typedef struct
{
  gint64  ts_ns;
  char   *timestamp;
  char   *message;
  char   *replica;
  char   *request_id;
  char   *level;
} LogLine;

static void
log_line_clear (gpointer data)
{
  LogLine *line = data;

  g_free (line->timestamp);
  g_free (line->message);
  g_free (line->replica);
  g_free (line->request_id);
  g_free (line->level);
}

static char *
dup_nullable (JsonObject *object,
              const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  g_assert_nonnull (node);
  if (JSON_NODE_HOLDS_NULL (node))
    return NULL;
  g_assert_cmpint (json_node_get_value_type (node), ==, G_TYPE_STRING);
  return g_strdup (json_node_get_string (node));
}

/* A logs answer's body, every line checked against LogV1 and parsed. */
static GArray *
parse_lines (GBytes *body)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) error = NULL;
  GArray *lines = g_array_new (FALSE, TRUE, sizeof (LogLine));
  JsonArray *array;

  g_array_set_clear_func (lines, log_line_clear);

  /* Parsed in place: pages of 1,000 lines are many and large. */
  json_parser_load_from_data (parser, g_bytes_get_data (body, NULL), g_bytes_get_size (body), &error);
  g_assert_no_error (error);
  array = json_object_get_array_member (demo_object_of (json_parser_get_root (parser)), "logs");
  g_assert_nonnull (array);

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *object = json_array_get_object_element (array, i);
      LogLine line = { 0 };
      guint64 ns;

      /* Epoch nanoseconds as a 19-digit string, never a number. */
      g_assert_cmpint (json_node_get_value_type (json_object_get_member (object, "timestamp")), ==, G_TYPE_STRING);
      line.timestamp = g_strdup (json_object_get_string_member (object, "timestamp"));
      g_assert_cmpuint (strlen (line.timestamp), ==, 19);
      g_assert_true (g_ascii_string_to_unsigned (line.timestamp, 10, 0, G_MAXINT64, &ns, NULL));
      line.ts_ns = (gint64) ns;
      line.message = g_strdup (json_object_get_string_member (object, "message"));
      g_assert_nonnull (line.message);
      line.replica = dup_nullable (object, "replica");
      line.request_id = dup_nullable (object, "request_id");
      line.level = dup_nullable (object, "level");

      /* Baseten's 5-character replica short ids. */
      if (line.replica != NULL)
        {
          g_assert_cmpuint (strlen (line.replica), ==, 5);
          g_assert_cmpuint (strspn (line.replica, "bcdfghjklmnpqrstvwxz2456789"), ==, 5);
        }
      if (line.level != NULL)
        g_assert_true (g_str_equal (line.level, "DEBUG") || g_str_equal (line.level, "INFO") ||
                       g_str_equal (line.level, "WARNING") || g_str_equal (line.level, "ERROR"));

      g_array_append_val (lines, line);
    }

  return lines;
}

/* A 200 logs answer, parsed. */
static GArray *
get_lines (DemoFixture *f,
           const char  *path)
{
  g_autoptr(DemoResponse) r = demo_request (f, path);

  g_assert_no_error (r->error);
  if (r->status != 200)
    g_error ("%s: %u %.*s", path, r->status, (int) g_bytes_get_size (r->body),
             (const char *) g_bytes_get_data (r->body, NULL));
  g_assert_cmpstr (soup_message_headers_get_content_type (r->headers, NULL), ==, "application/json");
  return parse_lines (r->body);
}

static GArray *
get_window (DemoFixture *f,
            const char  *target,
            gint64       start_ms,
            gint64       end_ms,
            const char  *more)
{
  g_autofree char *path =
    g_strdup_printf ("%s?start_epoch_millis=%" G_GINT64_FORMAT "&end_epoch_millis=%" G_GINT64_FORMAT "%s%s",
                     target, start_ms, end_ms, more != NULL ? "&" : "", more != NULL ? more : "");

  return get_lines (f, path);
}

#define LINE(lines, i) (&g_array_index ((lines), LogLine, (i)))

static gboolean
lines_equal (const LogLine *a,
             const LogLine *b)
{
  return a->ts_ns == b->ts_ns &&
         g_strcmp0 (a->message, b->message) == 0 &&
         g_strcmp0 (a->replica, b->replica) == 0 &&
         g_strcmp0 (a->request_id, b->request_id) == 0 &&
         g_strcmp0 (a->level, b->level) == 0;
}

static void
assert_order (GArray   *lines,
              gboolean  ascending)
{
  for (guint i = 1; i < lines->len; i++)
    {
      if (ascending)
        g_assert_cmpint (LINE (lines, i - 1)->ts_ns, <=, LINE (lines, i)->ts_ns);
      else
        g_assert_cmpint (LINE (lines, i - 1)->ts_ns, >=, LINE (lines, i)->ts_ns);
    }
}

static void
assert_in_window (GArray *lines,
                  gint64  start_ms,
                  gint64  end_ms)
{
  for (guint i = 0; i < lines->len; i++)
    {
      g_assert_cmpint (LINE (lines, i)->ts_ns, >=, start_ms * 1000000);
      g_assert_cmpint (LINE (lines, i)->ts_ns, <=, end_ms * 1000000 + 999999);
    }
}

static guint
count_matching (GArray     *lines,
                const char *level,
                gboolean    with_request)
{
  guint n = 0;

  for (guint i = 0; i < lines->len; i++)
    {
      if ((level == NULL || g_strcmp0 (LINE (lines, i)->level, level) == 0) &&
          (!with_request || LINE (lines, i)->request_id != NULL))
        n++;
    }

  return n;
}

/* Shape, default window and order */

static void
test_shape (DemoFixture   *f,
            gconstpointer  data)
{
  g_autoptr(GArray) lines = get_lines (f, LOGS_CHAT_D8);
  g_autoptr(GArray) all = get_lines (f, LOGS_CHAT_D8 "?limit=1000");
  guint n_request = 0, n_replica = 0;

  /* The last 30 minutes, newest first, 500 lines unless fewer. */
  g_assert_cmpuint (all->len, >, 500);
  g_assert_cmpuint (lines->len, ==, 500);
  assert_order (lines, FALSE);
  assert_in_window (all, NOW_MS - 30 * MINUTE_MS, NOW_MS);
  g_assert_cmpint (LINE (lines, 0)->ts_ns, <, NOW_MS * 1000000);
  for (guint i = 0; i < lines->len; i++)
    g_assert_true (lines_equal (LINE (lines, i), LINE (all, i)));

  /* Requests carry their id and the replica that served them. */
  for (guint i = 0; i < all->len; i++)
    {
      n_request += LINE (all, i)->request_id != NULL;
      n_replica += LINE (all, i)->replica != NULL;
      if (LINE (all, i)->request_id != NULL)
        {
          g_assert_cmpuint (strlen (LINE (all, i)->request_id), ==, 32);
          g_assert_nonnull (LINE (all, i)->replica);
        }
    }
  g_assert_cmpuint (n_request, >, all->len / 2);
  g_assert_cmpuint (n_replica, >, all->len / 2);
}

/* The same query, the same answer; a line is a function of its time. */
static void
test_deterministic (DemoFixture   *f,
                    gconstpointer  data)
{
  g_autoptr(DemoResponse) a = demo_request (f, LOGS_EMBED_D2 "?limit=1000&direction=asc");
  g_autoptr(DemoResponse) b = demo_request (f, LOGS_EMBED_D2 "?limit=1000&direction=asc");
  g_autoptr(GArray) whole = get_window (f, LOGS_CHAT_D8, NOW_MS - 20 * MINUTE_MS, NOW_MS - 10 * MINUTE_MS,
                                        "direction=asc&limit=1000");
  g_autoptr(GArray) part = get_window (f, LOGS_CHAT_D8, NOW_MS - 16 * MINUTE_MS, NOW_MS - 13 * MINUTE_MS,
                                       "direction=asc&limit=1000");
  guint first = 0;

  g_assert_cmpuint (a->status, ==, 200);
  g_assert_true (g_bytes_equal (a->body, b->body));

  /* The part of a window is the same lines in both answers. */
  g_assert_cmpuint (part->len, >, 10);
  while (LINE (whole, first)->ts_ns < LINE (part, 0)->ts_ns)
    first++;
  for (guint i = 0; i < part->len; i++)
    g_assert_true (lines_equal (LINE (part, i), LINE (whole, first + i)));
  g_assert_cmpint (LINE (whole, first + part->len)->ts_ns, >, (NOW_MS - 13 * MINUTE_MS) * 1000000 + 999999);

  /* Asked for five minutes later, the past is the same. */
  {
    g_autoptr(GArray) later = NULL;

    isc_demo_server_set_now_ms (f->server, NOW_MS + 5 * MINUTE_MS);
    later = get_window (f, LOGS_CHAT_D8, NOW_MS - 20 * MINUTE_MS, NOW_MS - 10 * MINUTE_MS,
                        "direction=asc&limit=1000");
    g_assert_cmpuint (later->len, ==, whole->len);
    for (guint i = 0; i < later->len; i++)
      g_assert_true (lines_equal (LINE (later, i), LINE (whole, i)));
  }

  /* Another seed, other lines. */
  {
    g_autoptr(IscDemoServer) other = isc_demo_server_new (SEED + 1, KEY);
    g_autoptr(GError) error = NULL;
    DemoFixture g = { other, f->session };
    g_autoptr(DemoResponse) c = NULL;

    isc_demo_server_set_now_ms (other, NOW_MS);
    g_assert_true (isc_demo_server_run_in_thread (other, 0, &error));
    c = demo_request (&g, LOGS_EMBED_D2 "?limit=1000&direction=asc");
    g_assert_cmpuint (c->status, ==, 200);
    g_assert_false (g_bytes_equal (a->body, c->body));
  }
}

/* One deployment's lines of [start_ms, end_ms] at @now_ms, as keys
 * ("time replica level message"), sorted; added to @keys. */
static void
add_keys (const IscDemoDeployment *dep,
          gint64                   now_ms,
          gint64                   start_ms,
          gint64                   end_ms,
          GPtrArray               *keys)
{
  IscDemoLogsRequest request = { 0 };
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GArray) lines = NULL;

  request.start_ms = start_ms;
  request.end_ms = end_ms;
  request.now_ms = now_ms;
  request.ascending = TRUE;
  request.limit = 1000;
  request.log_rate = 1;
  body = _isc_demo_logs_build (SEED, &dep, 1, &request);
  lines = parse_lines (body);
  /* Less than a page: all the window holds. */
  g_assert_cmpuint (lines->len, <, 1000);
  for (guint i = 0; i < lines->len; i++)
    g_ptr_array_add (keys, g_strdup_printf ("%s %s %s %s", LINE (lines, i)->timestamp, LINE (lines, i)->replica,
                                            LINE (lines, i)->level, LINE (lines, i)->message));
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* A deployment's line at a time is the same whatever window holds it and
 * whenever it is asked: 6 minutes asked at once are its four 90 seconds
 * asked alone, at times of day all round the clock, across a promotion
 * too. So a client that pages a deployment's window sees each line once,
 * and the same line on every screen. */
static void
test_any_window (DemoFixture   *f,
                 gconstpointer  data)
{
  const IscDemoModel *chat = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  const IscDemoModel *embed = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_EMBED);
  const IscDemoDeployment *deps[] = {
    _isc_demo_fleet_lookup_deployment (chat, ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS),
    _isc_demo_fleet_lookup_deployment (chat, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION),
    _isc_demo_fleet_lookup_deployment (embed, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION),
  };
  /* 6 minutes: even the incident's are less than a page. */
  const gint64 part_ms = 90 * 1000;
  guint n_lines = 0;

  for (guint k = 0; k < 8; k++)
    {
      gint64 now_ms = NOW_MS + k * (3 * HOUR_MS + 13 * MINUTE_MS);
      gint64 promotion_ms = _isc_demo_fleet_promotion_time (SEED, now_ms / 1000) * 1000;
      gint64 starts[] = { now_ms - 2 * HOUR_MS, now_ms - 41 * MINUTE_MS, promotion_ms - 3 * MINUTE_MS };

      for (guint d = 0; d < G_N_ELEMENTS (deps); d++)
        for (guint w = 0; w < G_N_ELEMENTS (starts); w++)
          {
            g_autoptr(GPtrArray) whole = g_ptr_array_new_with_free_func (g_free);
            g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

            g_assert_nonnull (deps[d]);
            add_keys (deps[d], now_ms, starts[w], starts[w] + 4 * part_ms - 1, whole);
            for (guint p = 0; p < 4; p++)
              add_keys (deps[d], now_ms, starts[w] + p * part_ms, starts[w] + (p + 1) * part_ms - 1, parts);
            g_ptr_array_sort (whole, compare_keys);
            g_ptr_array_sort (parts, compare_keys);
            g_assert_cmpuint (whole->len, ==, parts->len);
            for (guint i = 0; i < whole->len; i++)
              g_assert_cmpstr (g_ptr_array_index (whole, i), ==, g_ptr_array_index (parts, i));
            n_lines += whole->len;
          }
    }
  /* Windows with lines in them. */
  g_assert_cmpuint (n_lines, >, 5000);
}

/* limit: 1 … 1000, 500 by default. */
static void
test_limit (DemoFixture   *f,
            gconstpointer  data)
{
  static const char * const refused[] = { "0", "1001", "-1", "ten", "", "5.5", "99999999999999999999" };
  g_autoptr(GArray) one = get_lines (f, LOGS_EMBED_D2 "?limit=1");
  g_autoptr(GArray) most = get_lines (f, LOGS_EMBED_D2 "?limit=1000");
  g_autoptr(GArray) few = get_lines (f, LOGS_EMBED_D2 "?limit=7");

  g_assert_cmpuint (one->len, ==, 1);
  g_assert_cmpuint (few->len, ==, 7);
  g_assert_cmpuint (most->len, ==, 1000);
  g_assert_true (lines_equal (LINE (one, 0), LINE (most, 0)));

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *path = g_strconcat (LOGS_EMBED_D2 "?limit=", refused[i], NULL);

      demo_assert_status (f, path, 400, "VALIDATION_ERROR", "limit");
    }
  demo_assert_status (f, LOGS_EMBED_D2 "?limit=5&limit=6", 400, "VALIDATION_ERROR", "limit");
}

/* direction: asc or desc, lower case; desc by default. */
static void
test_direction (DemoFixture   *f,
                gconstpointer  data)
{
  static const char * const refused[] = { "ASC", "Desc", "up", "", "ascending" };
  gint64 start = NOW_MS - 12 * MINUTE_MS, end = NOW_MS - 4 * MINUTE_MS;
  g_autoptr(GArray) asc = get_window (f, LOGS_CHAT_D8, start, end, "direction=asc&limit=1000");
  g_autoptr(GArray) desc = get_window (f, LOGS_CHAT_D8, start, end, "direction=desc&limit=1000");
  g_autoptr(GArray) none = get_window (f, LOGS_CHAT_D8, start, end, "limit=1000");
  g_autoptr(GArray) oldest = get_window (f, LOGS_CHAT_D8, start, end, "direction=asc&limit=10");
  g_autoptr(GArray) newest = get_window (f, LOGS_CHAT_D8, start, end, "direction=desc&limit=10");

  /* The whole window fits: one is the other backwards. */
  g_assert_cmpuint (asc->len, >, 20);
  g_assert_cmpuint (asc->len, <, 1000);
  g_assert_cmpuint (asc->len, ==, desc->len);
  assert_order (asc, TRUE);
  assert_order (desc, FALSE);
  for (guint i = 0; i < asc->len; i++)
    {
      g_assert_true (lines_equal (LINE (asc, i), LINE (desc, desc->len - 1 - i)));
      g_assert_true (lines_equal (LINE (none, i), LINE (desc, i)));
    }

  /* A limit keeps the end the direction starts from. */
  for (guint i = 0; i < 10; i++)
    {
      g_assert_true (lines_equal (LINE (oldest, i), LINE (asc, i)));
      g_assert_true (lines_equal (LINE (newest, i), LINE (desc, i)));
    }

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *path = g_strconcat (LOGS_CHAT_D8 "?direction=", refused[i], NULL);

      demo_assert_status (f, path, 400, "VALIDATION_ERROR", "direction");
    }
}

/* The window: the last 30 minutes by default, at most 7 days, both
 * milliseconds at its ends included. */
static void
test_window (DemoFixture   *f,
             gconstpointer  data)
{
  gint64 end = NOW_MS - 2 * HOUR_MS;
  g_autoptr(GArray) only_end = NULL;
  g_autoptr(GArray) week = NULL;

  /* Only the end: 30 minutes before it. */
  {
    g_autofree char *path = g_strdup_printf (LOGS_EMBED_D2 "?limit=1000&direction=asc&end_epoch_millis=%"
                                             G_GINT64_FORMAT, end);

    only_end = get_lines (f, path);
    assert_in_window (only_end, end - 30 * MINUTE_MS, end);
    g_assert_cmpint (LINE (only_end, 0)->ts_ns, <, (end - 29 * MINUTE_MS) * 1000000);
  }
  {
    g_autofree char *path = g_strdup_printf (LOGS_EMBED_D2 "?limit=1&end_epoch_millis=%" G_GINT64_FORMAT, end);
    g_autoptr(GArray) newest = get_lines (f, path);

    g_assert_cmpint (LINE (newest, 0)->ts_ns, <=, end * 1000000 + 999999);
    g_assert_cmpint (LINE (newest, 0)->ts_ns, >, (end - MINUTE_MS) * 1000000);
  }

  /* Exactly 7 days is allowed, one millisecond more is not. */
  week = get_window (f, LOGS_EMBED_D2, NOW_MS - 7 * DAY_MS, NOW_MS, "direction=asc&limit=5");
  g_assert_cmpuint (week->len, ==, 5);
  assert_in_window (week, NOW_MS - 7 * DAY_MS, NOW_MS - 7 * DAY_MS + MINUTE_MS);
  {
    g_autofree char *path = g_strdup_printf (LOGS_EMBED_D2 "?start_epoch_millis=%" G_GINT64_FORMAT
                                             "&end_epoch_millis=%" G_GINT64_FORMAT,
                                             NOW_MS - 7 * DAY_MS - 1, NOW_MS);
    g_autofree char *only_start = g_strdup_printf (LOGS_EMBED_D2 "?start_epoch_millis=%" G_GINT64_FORMAT,
                                                   NOW_MS - 8 * DAY_MS);
    g_autofree char *backwards = g_strdup_printf (LOGS_EMBED_D2 "?start_epoch_millis=%" G_GINT64_FORMAT
                                                  "&end_epoch_millis=%" G_GINT64_FORMAT,
                                                  NOW_MS - HOUR_MS, NOW_MS - 2 * HOUR_MS);

    demo_assert_status (f, path, 400, "VALIDATION_ERROR", "7 days");
    /* Only the start: the end is now, so this is 8 days. */
    demo_assert_status (f, only_start, 400, "VALIDATION_ERROR", "7 days");
    demo_assert_status (f, backwards, 400, "VALIDATION_ERROR", "start_epoch_millis");
  }
  demo_assert_status (f, LOGS_EMBED_D2 "?start_epoch_millis=yesterday", 400, "VALIDATION_ERROR", "start_epoch_millis");
  demo_assert_status (f, LOGS_EMBED_D2 "?end_epoch_millis=1.5e12", 400, "VALIDATION_ERROR", "end_epoch_millis");

  /* A window of one millisecond holds the lines of that millisecond:
   * paging by a line's millisecond finds it again. */
  {
    g_autoptr(GArray) some = get_lines (f, LOGS_EMBED_D2 "?limit=3");
    gint64 ms = LINE (some, 2)->ts_ns / 1000000;
    g_autoptr(GArray) one_ms = get_window (f, LOGS_EMBED_D2, ms, ms, NULL);
    gboolean found = FALSE;

    assert_in_window (one_ms, ms, ms);
    for (guint i = 0; i < one_ms->len; i++)
      found |= lines_equal (LINE (one_ms, i), LINE (some, 2));
    g_assert_true (found);
  }

  /* Nothing after now, even in a window that reaches past it. */
  {
    g_autoptr(GArray) future = get_window (f, LOGS_EMBED_D2, NOW_MS - MINUTE_MS, NOW_MS + HOUR_MS, "limit=1");

    g_assert_cmpuint (future->len, ==, 1);
    g_assert_cmpint (LINE (future, 0)->ts_ns, <, NOW_MS * 1000000);
  }
}

/* Filters */

static void
test_min_level (DemoFixture   *f,
                gconstpointer  data)
{
  static const char * const levels[] = { "DEBUG", "INFO", "WARNING", "ERROR" };
  g_autoptr(GArray) all = get_lines (f, LOGS_CHAT_D8 "?limit=1000");
  guint n_none = 0;

  /* Lines with no level are there until a level is asked for. */
  for (guint i = 0; i < all->len; i++)
    n_none += LINE (all, i)->level == NULL;
  g_assert_cmpuint (n_none, >, 0);
  g_assert_cmpuint (count_matching (all, "DEBUG", FALSE), >, 0);
  g_assert_cmpuint (count_matching (all, "WARNING", FALSE), >, 0);

  for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
    {
      g_autofree char *path = g_strconcat (LOGS_CHAT_D8 "?limit=1000&min_level=", levels[l], NULL);
      g_autoptr(GArray) lines = get_lines (f, path);
      guint expected = 0;

      for (guint i = 0; i < all->len; i++)
        {
          for (guint k = l; k < G_N_ELEMENTS (levels); k++)
            expected += g_strcmp0 (LINE (all, i)->level, levels[k]) == 0;
        }

      g_assert_cmpuint (lines->len, >, 0);
      for (guint i = 0; i < lines->len; i++)
        {
          guint k;

          g_assert_nonnull (LINE (lines, i)->level);
          for (k = 0; k < G_N_ELEMENTS (levels) && !g_str_equal (LINE (lines, i)->level, levels[k]); k++)
            ;
          g_assert_cmpuint (k, >=, l);
        }
      /* The filter drops lines; it does not reach further back here. */
      if (lines->len < 1000 && l > 0)
        g_assert_cmpuint (lines->len, >=, expected);
    }

  demo_assert_status (f, LOGS_CHAT_D8 "?min_level=info", 400, "VALIDATION_ERROR", "info");
  demo_assert_status (f, LOGS_CHAT_D8 "?min_level=CRITICAL", 400, "VALIDATION_ERROR", "CRITICAL");
}

static void
test_replica_and_request (DemoFixture   *f,
                          gconstpointer  data)
{
  gint64 start = NOW_MS - 10 * MINUTE_MS, end = NOW_MS - 5 * MINUTE_MS;
  g_autoptr(GArray) all = get_window (f, LOGS_CHAT_D8, start, end, "limit=1000");
  g_autofree char *replica = NULL;
  g_autofree char *request_id = NULL;
  guint expected = 0;

  g_assert_cmpuint (all->len, <, 1000);
  for (guint i = 0; i < all->len && request_id == NULL; i++)
    {
      if (LINE (all, i)->request_id != NULL)
        {
          replica = g_strdup (LINE (all, i)->replica);
          request_id = g_strdup (LINE (all, i)->request_id);
        }
    }
  g_assert_nonnull (request_id);
  for (guint i = 0; i < all->len; i++)
    expected += g_strcmp0 (LINE (all, i)->replica, replica) == 0;

  {
    g_autofree char *more = g_strconcat ("limit=1000&replica=", replica, NULL);
    g_autoptr(GArray) lines = get_window (f, LOGS_CHAT_D8, start, end, more);

    g_assert_cmpuint (lines->len, ==, expected);
    g_assert_cmpuint (lines->len, <, all->len);
    for (guint i = 0; i < lines->len; i++)
      g_assert_cmpstr (LINE (lines, i)->replica, ==, replica);
  }

  /* A request's lines: its DEBUG line, if any, and its outcome. */
  {
    g_autofree char *more = g_strconcat ("request_id=", request_id, NULL);
    g_autoptr(GArray) lines = get_window (f, LOGS_CHAT_D8, start, end, more);

    g_assert_cmpuint (lines->len, >=, 1);
    g_assert_cmpuint (lines->len, <=, 2);
    for (guint i = 0; i < lines->len; i++)
      g_assert_cmpstr (LINE (lines, i)->request_id, ==, request_id);
  }

  /* Nothing matches an unknown replica or request. */
  {
    g_autoptr(GArray) none = get_window (f, LOGS_CHAT_D8, start, end, "replica=zzzzz");
    g_autoptr(GArray) no_request = get_window (f, LOGS_CHAT_D8, start, end, "request_id=nope");

    g_assert_cmpuint (none->len, ==, 0);
    g_assert_cmpuint (no_request->len, ==, 0);
  }
}

static void
test_text_filters (DemoFixture   *f,
                   gconstpointer  data)
{
  gint64 start = NOW_MS - 10 * MINUTE_MS, end = NOW_MS - 5 * MINUTE_MS;
  g_autoptr(GArray) all = get_window (f, LOGS_CHAT_D8, start, end, "limit=1000");
  g_autoptr(GRegex) regex = g_regex_new ("in [0-9]+\\.[0-9]+ s: [0-9]+ prompt", 0, 0, NULL);
  guint n_completed = 0, n_both = 0, n_regex = 0, n_excluded = 0;

  for (guint i = 0; i < all->len; i++)
    {
      const char *m = LINE (all, i)->message;

      n_completed += strstr (m, "Completed") != NULL;
      n_both += strstr (m, "Completed") != NULL && strstr (m, "prompt tokens") != NULL;
      n_regex += g_regex_match (regex, m, 0, NULL);
      n_excluded += strstr (m, "INFO") == NULL && strstr (m, "tokens") == NULL;
    }
  g_assert_cmpuint (n_completed, >, 0);

  {
    g_autoptr(GArray) lines = get_window (f, LOGS_CHAT_D8, start, end,
                                          "limit=1000&includes=Completed&includes=prompt+tokens");
    g_autoptr(GArray) lower = get_window (f, LOGS_CHAT_D8, start, end, "limit=1000&includes=completed");

    /* All must appear, case counts. */
    g_assert_cmpuint (lines->len, ==, n_both);
    g_assert_cmpuint (lower->len, ==, 0);
  }
  {
    g_autoptr(GArray) lines = get_window (f, LOGS_CHAT_D8, start, end, "limit=1000&excludes=INFO&excludes=tokens");

    /* Any one drops the line. */
    g_assert_cmpuint (lines->len, ==, n_excluded);
    for (guint i = 0; i < lines->len; i++)
      g_assert_null (strstr (LINE (lines, i)->message, "tokens"));
  }
  {
    g_autoptr(GArray) lines =
      get_window (f, LOGS_CHAT_D8, start, end,
                  "limit=1000&search_pattern=in+%5B0-9%5D%2B%5C.%5B0-9%5D%2B+s%3A+%5B0-9%5D%2B+prompt");

    g_assert_cmpuint (n_regex, >, 0);
    g_assert_cmpuint (lines->len, ==, n_regex);
  }
  {
    /* component is taken, whatever it names. */
    g_autoptr(GArray) lines = get_window (f, LOGS_CHAT_D8, start, end, "limit=1000&component=model");

    g_assert_cmpuint (lines->len, ==, all->len);
  }
}

static void
test_filter_limits (DemoFixture   *f,
                    gconstpointer  data)
{
  static const struct
  {
    const char *pattern;  /* escaped for the query */
    const char *problem;
  } refused[] = {
    { "(a)%5C1", "\\1" },                 /* a backreference */
    { "(%3FP<x>a)%5Ck<x>", "\\k" },
    { "foo(%3F%3Dbar)", "(?=" },          /* lookahead */
    { "foo(%3F!bar)", "(?!" },
    { "(%3F<%3Dfoo)bar", "(?<=" },        /* lookbehind */
    { "(%3F<!foo)bar", "(?<!" },
    { "(%3F>a%2B)b", "(?>" },             /* an atomic group */
    { "a%2B%2Bb", "++" },                 /* possessive */
    { "(abc", "(abc" },                   /* does not compile */
    { "a%7B3%2C1%7D", "a{3,1}" },
  };
  g_autoptr(GString) long_text = g_string_new (NULL);
  g_autoptr(GString) nine = g_string_new (LOGS_CHAT_D8 "?");

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *path = g_strconcat (LOGS_CHAT_D8 "?search_pattern=", refused[i].pattern, NULL);

      demo_assert_status (f, path, 400, "VALIDATION_ERROR", "search_pattern");
      demo_assert_status (f, path, 400, "VALIDATION_ERROR", refused[i].problem);
    }

  /* What RE2 takes is taken. */
  {
    g_autoptr(GArray) lines = get_lines (f, LOGS_CHAT_D8 "?search_pattern=(%3Fi)completed%5Cs(%3FP<w>request)");

    g_assert_cmpuint (lines->len, >, 0);
  }

  /* At most 256 characters each, 8 substrings each. */
  for (guint i = 0; i < 257; i++)
    g_string_append_c (long_text, 'x');
  {
    const char * const params[] = { "replica", "request_id", "component", "search_pattern" };

    for (guint i = 0; i < G_N_ELEMENTS (params); i++)
      {
        g_autofree char *path = g_strdup_printf (LOGS_CHAT_D8 "?%s=%s", params[i], long_text->str);
        g_autofree char *fits = g_strdup_printf (LOGS_CHAT_D8 "?%s=%s", params[i], long_text->str + 1);
        g_autoptr(DemoResponse) r = demo_request (f, fits);

        demo_assert_status (f, path, 400, "VALIDATION_ERROR", params[i]);
        g_assert_cmpuint (r->status, ==, 200);
      }
  }
  for (guint i = 0; i < 9; i++)
    g_string_append_printf (nine, "includes=a%u&excludes=b%u&", i, i);
  demo_assert_status (f, nine->str, 400, "VALIDATION_ERROR", "includes");
  {
    g_autoptr(GString) eight = g_string_new (LOGS_CHAT_D8 "?");
    g_autoptr(GArray) lines = NULL;

    for (guint i = 0; i < 8; i++)
      g_string_append_printf (eight, "excludes=b%u&", i);
    lines = get_lines (f, eight->str);
    g_assert_cmpuint (lines->len, >, 0);
    g_string_append (eight, "excludes=b8");
    demo_assert_status (f, eight->str, 400, "VALIDATION_ERROR", "excludes");
  }
}

/* Routes */

static void
test_routes (DemoFixture   *f,
             gconstpointer  data)
{
  /* No production or development alias path for logs, as on Baseten. */
  demo_assert_status (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/production/logs", 404, "NOT_FOUND",
                      "production");
  demo_assert_status (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/development/logs", 404, "NOT_FOUND",
                      "development");
  demo_assert_status (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/nope/logs", 404, "NOT_FOUND", "nope");
  demo_assert_status (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/staging/logs", 404, "NOT_FOUND", "staging");
  demo_assert_status (f, "/v1/models/nope/environments/production/logs", 404, "NOT_FOUND", "nope");
  demo_assert_status (f, LOGS_CHAT_D8 "/extra", 404, "NOT_FOUND", NULL);

  {
    g_autoptr(GArray) env = get_lines (f, LOGS_CHAT_ENV);

    g_assert_cmpuint (env->len, ==, 500);
  }

  {
    g_autoptr(DemoResponse) r = demo_request_full (f, "GET", LOGS_CHAT_D8, "Bearer wrong", NULL);

    demo_assert_error (r, 401, "UNAUTHENTICATED", NULL);
  }
}

/* An environment's lines are those of every deployment that served it
 * during the window: the promotion hands it from d7 to d8. */
static void
test_environment (DemoFixture   *f,
                  gconstpointer  data)
{
  g_autoptr(GArray) after = get_lines (f, LOGS_CHAT_ENV "?limit=1000");
  g_autoptr(GArray) d8 = get_lines (f, LOGS_CHAT_D8 "?limit=1000");
  gint64 day = NOW_MS - NOW_MS % DAY_MS;
  /* Seed 42: the promotion is at 10:29 UTC. */
  gint64 promotion = day + (9 * 60 + 47 + 42) * MINUTE_MS;

  g_assert_cmpuint (after->len, ==, d8->len);
  for (guint i = 0; i < after->len; i++)
    g_assert_true (lines_equal (LINE (after, i), LINE (d8, i)));

  /* Before: d7's lines alone. */
  {
    g_autoptr(GArray) env = get_window (f, LOGS_CHAT_ENV, promotion - 40 * MINUTE_MS, promotion - 10 * MINUTE_MS,
                                        "limit=1000");
    g_autoptr(GArray) d7 = get_window (f, LOGS_CHAT_D7, promotion - 40 * MINUTE_MS, promotion - 10 * MINUTE_MS,
                                       "limit=1000");

    g_assert_cmpuint (env->len, >, 0);
    g_assert_cmpuint (env->len, ==, d7->len);
    for (guint i = 0; i < env->len; i++)
      g_assert_true (lines_equal (LINE (env, i), LINE (d7, i)));
  }

  /* Across: both, merged in time order. */
  {
    gint64 start = promotion - 5 * MINUTE_MS, end = promotion + 5 * MINUTE_MS;
    g_autoptr(GArray) env = get_window (f, LOGS_CHAT_ENV, start, end, "limit=1000&direction=asc");
    g_autoptr(GArray) d7 = get_window (f, LOGS_CHAT_D7, start, end, "limit=1000");
    g_autoptr(GArray) d8_across = get_window (f, LOGS_CHAT_D8, start, end, "limit=1000");

    g_assert_cmpuint (d7->len, >, 0);
    g_assert_cmpuint (d8_across->len, >, 0);
    g_assert_cmpuint (env->len, ==, d7->len + d8_across->len);
    assert_order (env, TRUE);
  }
}

/* Agreement with the metrics */

/* The values of the series of @name whose label @key is @value. */
static const double *
series_values (IscMetricsResponse *response,
               const char         *name,
               const char         *key,
               const char         *value,
               guint              *n)
{
  const IscMetric *metric = isc_metrics_response_lookup_metric (response, name);

  g_assert_nonnull (metric);
  for (guint i = 0; i < isc_metric_get_n_series (metric); i++)
    {
      const IscSeries *series = isc_metric_get_series (metric, i);

      const char *label = key != NULL ? isc_series_lookup_label (series, key) : NULL;

      /* A class ("4xx") matches an exact code of it ("429"). */
      if (key == NULL || g_strcmp0 (label, value) == 0 ||
          (g_str_has_suffix (value, "xx") && label != NULL && strlen (label) == 3 && label[0] == value[0]))
        return isc_series_get_values (series, n);
    }

  g_error ("no %s{%s=%s}", name, key, value);
  return NULL;
}

static gint64
aligned (gint64 ms,
         gint64 step_ms)
{
  return ms - ms % step_ms;
}

/* A response's lines with a request id, not counting the DEBUG ones:
 * one per request logged. */
static guint
count_requests (GArray *lines)
{
  guint n = 0;

  for (guint i = 0; i < lines->len; i++)
    n += LINE (lines, i)->request_id != NULL && g_strcmp0 (LINE (lines, i)->level, "DEBUG") != 0;

  return n;
}

/* Logged at a high rate, every request the counter counts is a line,
 * on one of the replicas the metrics say are active. */
static void
test_requests_match_metrics (DemoFixture   *f,
                             gconstpointer  data)
{
  gint64 start = aligned (NOW_MS - 40 * MINUTE_MS, 30000), end = start + 10 * MINUTE_MS;
  g_autoptr(IscMetricsResponse) metrics =
    demo_get_window (f, CHAT_D8, "SERIES", start, end,
                     "metrics=baseten_inference_requests_total&metrics=baseten_replicas_active");
  guint n, n_active;
  const double *ok = series_values (metrics, "baseten_inference_requests_total", "status", "2xx", &n);
  const double *client = series_values (metrics, "baseten_inference_requests_total", "status", "4xx", &n);
  const double *server = series_values (metrics, "baseten_inference_requests_total", "status", "5xx", &n);
  const double *active = series_values (metrics, "baseten_replicas_active", NULL, NULL, &n_active);
  guint checked = 0;

  g_assert_cmpint (isc_metrics_response_get_step_seconds (metrics), ==, 30);
  g_assert_cmpuint (n, ==, 20);
  isc_demo_server_set_log_rate (f->server, 1000);

  for (guint i = 0; i < n; i++)
    {
      gint64 s = isc_metrics_response_get_step_start_ms (metrics, i);
      g_autoptr(GArray) lines = get_window (f, LOGS_CHAT_D8, s, s + 29999, "limit=1000");
      g_autoptr(GHashTable) replicas = g_hash_table_new (g_str_hash, g_str_equal);
      guint n_5xx = 0;

      g_assert_cmpuint (lines->len, <, 1000);
      g_assert_cmpuint (count_requests (lines), ==, (guint) (ok[i] + client[i] + server[i]));
      for (guint k = 0; k < lines->len; k++)
        {
          const LogLine *line = LINE (lines, k);

          if (line->request_id == NULL)
            continue;
          g_hash_table_add (replicas, line->replica);
          n_5xx += g_strcmp0 (line->level, "ERROR") == 0;
        }
      g_assert_cmpuint (n_5xx, ==, (guint) server[i]);

      /* Every active replica served some of so many requests. */
      g_assert_cmpuint (g_hash_table_size (replicas), <=, (guint) active[i]);
      if (ok[i] > 30 * active[i])
        {
          g_assert_cmpuint (g_hash_table_size (replicas), ==, (guint) active[i]);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, n / 2);

  /* At the usual rate, at most 16 successes a bucket, every 4xx and 5xx. */
  isc_demo_server_set_log_rate (f->server, 1);
  {
    gint64 s = isc_metrics_response_get_step_start_ms (metrics, 0);
    g_autoptr(GArray) lines = get_window (f, LOGS_CHAT_D8, s, s + 29999, "limit=1000");

    g_assert_cmpuint (ok[0], >, 16);
    /* 16 sampled in all, the failures logged whether sampled or not. */
    g_assert_cmpuint (count_requests (lines), >=, MAX (16, (guint) (client[0] + server[0])));
    g_assert_cmpuint (count_requests (lines), <=, 16 + (guint) (client[0] + server[0]));
    g_assert_cmpuint (count_matching (lines, "ERROR", TRUE), ==, (guint) server[0]);
    g_assert_cmpuint (count_matching (lines, "WARNING", TRUE), ==, (guint) client[0]);
  }
}

/* The daily incident: at the minutes the Error rate chart shows 5xx, as
 * many ERROR lines with a request id and a traceback. */
static void
test_incident (DemoFixture   *f,
               gconstpointer  data)
{
  gint64 day_end = aligned (NOW_MS, 300000);
  g_autoptr(IscMetricsResponse) day =
    demo_get_window (f, CHAT_D8, "SERIES", day_end - 4 * HOUR_MS, day_end, "metrics=baseten_inference_requests_total");
  g_autoptr(IscMetricsResponse) minutes = NULL;
  guint n, n_minutes, worst = 0, n_errors = 0;
  const double *server = series_values (day, "baseten_inference_requests_total", "status", "5xx", &n);
  const double *per_minute;
  gint64 start;

  /* Find the incident as a person would: the worst step on the chart. */
  for (guint i = 1; i < n; i++)
    {
      if (server[i] > server[worst])
        worst = i;
    }
  g_assert_cmpfloat (server[worst], >, 20);
  start = isc_metrics_response_get_step_start_ms (day, worst) - 10 * MINUTE_MS;

  /* A 4-hour window has 1-minute steps: the 40 minutes from start. */
  minutes = demo_get_window (f, CHAT_D8, "SERIES", start - 3 * HOUR_MS, start + HOUR_MS,
                             "metrics=baseten_inference_requests_total");
  g_assert_cmpint (isc_metrics_response_get_step_seconds (minutes), ==, 60);
  per_minute = series_values (minutes, "baseten_inference_requests_total", "status", "5xx", &n_minutes);

  for (guint i = 0; i < n_minutes; i++)
    {
      gint64 s = isc_metrics_response_get_step_start_ms (minutes, i);
      g_autoptr(GArray) lines = NULL;
      guint n_request_errors = 0;

      if (s < start || s >= start + 40 * MINUTE_MS || s + MINUTE_MS > NOW_MS)
        continue;
      lines = get_window (f, LOGS_CHAT_D8, s, s + MINUTE_MS - 1, "limit=1000&min_level=ERROR");
      for (guint k = 0; k < lines->len; k++)
        {
          const LogLine *line = LINE (lines, k);

          g_assert_cmpstr (line->level, ==, "ERROR");
          if (line->request_id == NULL)
            continue;
          n_request_errors++;
          g_assert_nonnull (line->replica);
          g_assert_nonnull (strstr (line->message, "Traceback (most recent call last):\n"));
          g_assert_nonnull (strstr (line->message, "\n  File \""));
        }
      g_assert_cmpuint (n_request_errors, ==, (guint) per_minute[i]);
      n_errors += n_request_errors;
    }
  g_assert_cmpuint (n_errors, >, 100);

  /* The search a person would type finds them too. */
  {
    g_autoptr(GArray) found = get_window (f, LOGS_CHAT_D8, start, start + 40 * MINUTE_MS,
                                          "limit=1000&search_pattern=Error%3A+CUDA&direction=asc");

    g_assert_cmpuint (found->len, >, 0);
    for (guint k = 0; k < found->len; k++)
      g_assert_cmpstr (LINE (found, k)->level, ==, "ERROR");
  }
}

/* Out-of-memory and restart lines in the very buckets the restarts
 * counter counts one, and nowhere else. */
static void
test_restarts (DemoFixture   *f,
               gconstpointer  data)
{
  gint64 start = aligned (NOW_MS - 3 * HOUR_MS, HOUR_MS), end = start + 3 * HOUR_MS;
  guint n_restarts = 0;

  for (gint64 hour = start; hour < end; hour += HOUR_MS)
    {
      g_autoptr(IscMetricsResponse) metrics =
        demo_get_window (f, CHAT_D8, "SERIES", hour, hour + HOUR_MS, "metrics=baseten_container_restarts_total");
      guint n;
      const double *restarts = series_values (metrics, "baseten_container_restarts_total", NULL, NULL, &n);

      g_assert_cmpint (isc_metrics_response_get_step_seconds (metrics), ==, 30);
      for (guint i = 0; i < n; i++)
        {
          gint64 s = isc_metrics_response_get_step_start_ms (metrics, i);
          g_autoptr(GArray) oom = get_window (f, LOGS_CHAT_D8, s, s + 29999, "includes=Out+of+memory&min_level=ERROR");

          if (s + 30000 > NOW_MS)
            break;
          g_assert_cmpuint (oom->len, ==, isnan (restarts[i]) ? 0 : (guint) restarts[i]);
          if (oom->len == 0)
            continue;

          /* The container comes back on the same replica. */
          n_restarts++;
          {
            g_autofree char *more = g_strdup_printf ("direction=asc&replica=%s&includes=Container", LINE (oom, 0)->replica);
            g_autoptr(GArray) after = get_window (f, LOGS_CHAT_D8, s, s + MINUTE_MS, more);

            g_assert_cmpuint (after->len, ==, 2);
            g_assert_nonnull (strstr (LINE (after, 0)->message, "OOMKilled"));
            g_assert_cmpstr (LINE (after, 0)->level, ==, "WARNING");
            g_assert_cmpstr (LINE (after, 1)->message, ==, "Container restarted");
          }
        }
    }
  g_assert_cmpuint (n_restarts, >, 0);
}

/* Build and start-up lines after a deployment's creation, replicas
 * starting and stopping where the replica count moves. */
static void
test_build_and_replicas (DemoFixture   *f,
                         gconstpointer  data)
{
  g_autoptr(JsonNode) dep = demo_get_json (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/"
                                              ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(GDateTime) created_at =
    g_date_time_new_from_iso8601 (json_object_get_string_member (demo_object_of (dep), "created_at"), NULL);
  gint64 created = g_date_time_to_unix (created_at) * 1000;
  g_autoptr(GArray) before = get_window (f, LOGS_CHAT_D8, created - HOUR_MS, created - 1, NULL);
  g_autoptr(GArray) lines = get_window (f, LOGS_CHAT_D8, created, created + 15 * MINUTE_MS,
                                        "direction=asc&limit=1000");
  g_autoptr(GHashTable) started = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean built = FALSE;

  g_assert_cmpuint (before->len, ==, 0);
  g_assert_cmpuint (lines->len, >, 10);
  g_assert_true (g_str_has_prefix (LINE (lines, 0)->message, "Build started for v8"));
  g_assert_null (LINE (lines, 0)->replica);

  for (guint i = 0; i < lines->len; i++)
    {
      const LogLine *line = LINE (lines, i);

      if (strstr (line->message, "Build complete") != NULL)
        built = TRUE;
      if (g_str_has_prefix (line->message, "Starting replica "))
        {
          g_assert_true (built);
          g_assert_cmpstr (line->message + strlen ("Starting replica "), >, "");
          g_assert_true (g_str_has_prefix (line->message + strlen ("Starting replica "), line->replica));
        }
      if (g_str_has_suffix (line->message, "Application startup complete."))
        g_hash_table_add (started, g_strdup (line->replica));
      /* A request is served by a replica that is up. */
      if (line->request_id != NULL && line->replica != NULL)
        g_assert_true (g_hash_table_contains (started, line->replica));
    }
  g_assert_true (built);
  /* Its minimum in effect then (2, or 4 where the afternoon schedule
   * applies): that many replicas, each with its colourful uvicorn lines. */
  {
    const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
    const IscDemoDeployment *d8 = _isc_demo_fleet_lookup_deployment (model, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
    guint min_replica, max_replica;

    _isc_demo_fleet_autoscaling_at (d8, created / 1000 + 60, &min_replica, &max_replica);
    g_assert_cmpuint (g_hash_table_size (started), ==, min_replica);
  }

  /* The day's peak brings more replicas; the night sends them away. */
  {
    gint64 day = NOW_MS - NOW_MS % DAY_MS - DAY_MS;
    g_autofree char *more = g_strdup_printf ("limit=1000&includes=Starting+replica");
    g_autoptr(GArray) ups = get_window (f, LOGS_CHAT_D7, day + 6 * HOUR_MS, day + 13 * HOUR_MS, more);
    g_autoptr(GArray) downs = get_window (f, LOGS_CHAT_D7, day + 14 * HOUR_MS, day + 21 * HOUR_MS,
                                          "limit=1000&includes=SIGTERM");

    g_assert_cmpuint (ups->len, >, 0);
    g_assert_cmpuint (downs->len, >, 0);
  }
}

/* A failed deployment's last lines, found only by moving start back. */
static void
test_failed (DemoFixture   *f,
             gconstpointer  data)
{
  const char *logs = "/v1/models/" ISC_DEMO_MODEL_BATCH "/deployments/" ISC_DEMO_DEPLOYMENT_BATCH_FAILED "/logs";
  g_autoptr(JsonNode) dep = demo_get_json (f, "/v1/models/" ISC_DEMO_MODEL_BATCH "/deployments/"
                                              ISC_DEMO_DEPLOYMENT_BATCH_FAILED);
  g_autoptr(GDateTime) created_at =
    g_date_time_new_from_iso8601 (json_object_get_string_member (demo_object_of (dep), "created_at"), NULL);
  gint64 created = g_date_time_to_unix (created_at) * 1000;
  g_autoptr(GArray) recent = get_lines (f, logs);
  g_autoptr(GArray) week = get_window (f, logs, NOW_MS - 7 * DAY_MS + 1, NOW_MS, "limit=1000");
  g_autoptr(GArray) last = get_window (f, logs, created, created + HOUR_MS, "limit=3");
  g_autoptr(GArray) all = get_window (f, logs, created, created + HOUR_MS, "limit=1000&direction=asc");
  guint n_tracebacks = 0;

  g_assert_cmpstr (json_object_get_string_member (demo_object_of (dep), "status"), ==, "DEPLOY_FAILED");
  g_assert_cmpuint (recent->len, ==, 0);

  /* The last line says why, after the load failed with a traceback. */
  g_assert_cmpuint (last->len, ==, 3);
  g_assert_cmpstr (LINE (last, 0)->level, ==, "ERROR");
  g_assert_nonnull (strstr (LINE (last, 0)->message, "failed"));
  g_assert_null (LINE (last, 0)->replica);
  g_assert_nonnull (strstr (LINE (last, 1)->message, "Model failed to load"));
  g_assert_nonnull (strstr (LINE (last, 2)->message, "torch.OutOfMemoryError: CUDA out of memory"));
  g_assert_true (g_str_has_prefix (LINE (all, 0)->message, "Build started for v5"));
  for (guint i = 0; i < all->len; i++)
    n_tracebacks += strstr (LINE (all, i)->message, "Traceback") != NULL;
  g_assert_cmpuint (n_tracebacks, ==, 3);
  g_assert_cmpuint (week->len, ==, all->len);

  /* Nothing after it, nothing in the metrics. */
  {
    g_autoptr(GArray) later = get_window (f, logs, created + HOUR_MS, created + 3 * HOUR_MS, NULL);

    g_assert_cmpuint (later->len, ==, 0);
  }
}

/* Colours and lines with no level, as a model's output has them. */
static void
test_looks (DemoFixture   *f,
            gconstpointer  data)
{
  g_autoptr(GArray) lines = get_lines (f, LOGS_CHAT_D8 "?limit=1000");
  guint n_colour = 0, n_none = 0, n_multiline = 0;

  for (guint i = 0; i < lines->len; i++)
    {
      n_colour += strstr (LINE (lines, i)->message, "\x1b[32mINFO\x1b[0m:") != NULL;
      n_none += LINE (lines, i)->level == NULL;
      n_multiline += strchr (LINE (lines, i)->message, '\n') != NULL;
    }
  g_assert_cmpuint (n_colour, >, 10);
  g_assert_cmpuint (n_none, >, 0);
  g_assert_cmpuint (n_multiline, >, 0);
}

/* Hostile lines */

static void
append_escaped (GString    *out,
                const char *text,
                gsize       length)
{
  for (gsize i = 0; i < length; i++)
    {
      guchar c = (guchar) text[i];

      if (c == '"' || c == '\\')
        g_string_append_printf (out, "\\%c", c);
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, (char) c);
    }
}

static gboolean
body_contains (GBytes     *body,
               const char *needle,
               gsize       length)
{
  gsize size;
  const char *data = g_bytes_get_data (body, &size);

  return memmem (data, size, needle, length) != NULL;
}

#define BODY_HAS(body, literal) body_contains ((body), (literal), sizeof (literal) - 1)

static void
assert_hostile (GBytes *body)
{
  guint n = 0;

  g_assert_cmpuint (g_bytes_get_size (body), >, 1024 * 1024);
  _isc_demo_logs_hostile_message (0, NULL, &n);
  g_assert_cmpuint (n, >=, 10);

  /* Every hostile message, byte for byte as JSON carries it. */
  for (guint i = 0; i < n; i++)
    {
      gsize length;
      const char *text = _isc_demo_logs_hostile_message (i, &length, NULL);
      g_autoptr(GString) escaped = g_string_new ("\"message\":\"");

      append_escaped (escaped, text, length);
      g_string_append (escaped, "\",");
      g_assert_true (body_contains (body, escaped->str, escaped->len));
    }

  /* What they hold, said plainly. */
  g_assert_true (BODY_HAS (body, "\\u001b[2J\\u001b[H\\u001b[5A"));           /* the cursor moves */
  g_assert_true (BODY_HAS (body, "\\u001b]0;You have been pwned\\u0007"));    /* the title */
  g_assert_true (BODY_HAS (body, "\\u001b]52;c;"));                          /* the clipboard */
  g_assert_true (BODY_HAS (body, "\xff\xfe | \xc3\x28 | \xe2\x82 | \xed\xa0\x80"));  /* invalid UTF-8 */
  g_assert_true (BODY_HAS (body, "NUL here:\\u0000 and two\\u0000\\u0000 there"));
  g_assert_true (BODY_HAS (body, "\xe2\x80\xae" "exe.txt"));                   /* a bidi override */
  g_assert_true (BODY_HAS (body, "\"request_id\":\"\\u001b[2Jreq-\xe2\x80\xae" "4321\""));
}

/* The 4 minutes before now: one set of hostile lines, at 15:15. */
#define RECENT "?limit=1000&start_epoch_millis=1796051592345"

static void
test_hostile (DemoFixture   *f,
              gconstpointer  data)
{
  g_autoptr(DemoResponse) header = demo_request_full (f, "GET", LOGS_CHAT_D8 RECENT, NULL, "hostile-logs");
  g_autoptr(DemoResponse) id = demo_request (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/fault-hostile-logs/logs"
                                                RECENT);
  g_autoptr(DemoResponse) plain = demo_request (f, LOGS_CHAT_D8 RECENT);
  g_autoptr(DemoResponse) filtered = demo_request_full (f, "GET", LOGS_CHAT_D8 RECENT "&includes=pwned",
                                                        NULL, "hostile-logs");

  g_assert_cmpuint (header->status, ==, 200);
  g_assert_cmpuint (id->status, ==, 200);
  assert_hostile (header->body);
  assert_hostile (id->body);

  /* Only when asked for; and they go through the filters as any line. */
  g_assert_false (BODY_HAS (plain->body, "pwned"));
  g_assert_false (BODY_HAS (plain->body, "\\u0000"));
  g_assert_cmpuint (filtered->status, ==, 200);
  g_assert_true (BODY_HAS (filtered->body, "pwned"));
  g_assert_false (BODY_HAS (filtered->body, "Completed request"));
  g_assert_cmpuint (g_bytes_get_size (filtered->body), <, 64 * 1024);
}

/* The sum of a requests counter's series over every step, and that sum
 * with each step counted up to @cap at most. */
static double
total_requests (IscMetricsResponse *metrics,
                double              cap,
                double             *capped)
{
  static const char * const classes[] = { "2xx", "4xx", "5xx" };
  double total = 0;
  guint n;

  *capped = 0;
  for (guint i = 0; ; i++)
    {
      double step = 0;

      for (guint status = 0; status < 3; status++)
        {
          const double *values = series_values (metrics, "baseten_inference_requests_total", "status",
                                                classes[status], &n);

          if (i < n)
            step += values[i];
        }
      if (i >= n)
        break;
      total += step;
      *capped += MIN (step, cap);
    }

  return total;
}

/* Paged through by moving the end back, a busy window at a high log
 * rate: no line lost, none twice once the boundary's duplicates are
 * dropped (every request the counter counts is there). */
static void
test_log_rate_paging (DemoFixture   *f,
                      gconstpointer  data)
{
  gint64 end = aligned (NOW_MS - 5 * MINUTE_MS, 30000), start = end - 10 * MINUTE_MS;
  g_autoptr(IscMetricsResponse) metrics =
    demo_get_window (f, EMBED_D2, "SERIES", start, end, "metrics=baseten_inference_requests_total");
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gint64 page_end = end - 1;
  guint n_pages = 0, n_requests = 0;
  double capped, total = total_requests (metrics, 1600, &capped);

  isc_demo_server_set_log_rate (f->server, 100);
  for (;;)
    {
      g_autoptr(GArray) page = get_window (f, LOGS_EMBED_D2, start, page_end, "limit=1000");
      guint n_new = 0;

      n_pages++;
      for (guint i = 0; i < page->len; i++)
        {
          const LogLine *line = LINE (page, i);
          char *key = g_strdup_printf ("%s|%s|%s", line->timestamp, line->replica, line->message);

          if (g_hash_table_add (seen, key))
            {
              n_new++;
              n_requests += line->request_id != NULL && g_strcmp0 (line->level, "DEBUG") != 0;
            }
        }
      if (page->len < 1000)
        break;
      g_assert_cmpuint (n_new, >, 0);
      page_end = LINE (page, page->len - 1)->ts_ns / 1000000;
    }

  g_assert_cmpuint (n_pages, >=, 15);
  g_assert_cmpfloat (capped, ==, total);
  g_assert_cmpuint (n_requests, ==, (guint) total);
}

/* 50,000 lines in half an hour for the Logs page's benchmark: at log
 * rate 64, each 30 s logs its requests up to 16 × 64 (every one, as the
 * paging test shows at a higher rate), over 50,000 in all. The fault
 * asks for a rate as a client that sends headers would. */
static void
test_log_rate_fifty_thousand (DemoFixture   *f,
                              gconstpointer  data)
{
  gint64 end = aligned (NOW_MS - 5 * MINUTE_MS, 30000), start = end - 30 * MINUTE_MS;
  g_autoptr(IscMetricsResponse) metrics =
    demo_get_window (f, EMBED_D2, "SERIES", start, end, "metrics=baseten_inference_requests_total");
  double capped, total = total_requests (metrics, 16 * 64, &capped);
  g_autofree char *path = g_strdup_printf (LOGS_EMBED_D2 "?limit=1000&start_epoch_millis=%" G_GINT64_FORMAT
                                           "&end_epoch_millis=%" G_GINT64_FORMAT, end - 30000, end - 1);
  g_autoptr(DemoResponse) fast = demo_request_full (f, "GET", path, NULL, "log-rate=100");
  g_autoptr(GArray) slow = get_lines (f, path);
  g_autoptr(JsonNode) node = demo_parse_json (fast->body);
  JsonArray *lines = json_object_get_array_member (demo_object_of (node), "logs");
  guint n_requests = 0;

  g_assert_cmpint (isc_metrics_response_get_step_seconds (metrics), ==, 30);
  g_assert_cmpfloat (total, >=, capped);
  g_assert_cmpfloat (capped, >=, 50000);

  /* The last 30 s: more than a page at 100, 16 of the successes at 1. */
  for (guint i = 0; i < json_array_get_length (lines); i++)
    {
      JsonObject *line = json_array_get_object_element (lines, i);

      n_requests += !json_object_get_null_member (line, "request_id") &&
                    g_strcmp0 (json_object_get_string_member (line, "level"), "DEBUG") != 0;
    }
  g_assert_cmpuint (json_array_get_length (lines), ==, 1000);
  g_assert_cmpuint (n_requests, >, 700);
  g_assert_cmpuint (count_requests (slow), <, 100);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("/demo/logs/shape", test_shape);
  ADD ("/demo/logs/deterministic", test_deterministic);
  ADD ("/demo/logs/any-window", test_any_window);
  ADD ("/demo/logs/limit", test_limit);
  ADD ("/demo/logs/direction", test_direction);
  ADD ("/demo/logs/window", test_window);
  ADD ("/demo/logs/min-level", test_min_level);
  ADD ("/demo/logs/replica-and-request", test_replica_and_request);
  ADD ("/demo/logs/text-filters", test_text_filters);
  ADD ("/demo/logs/filter-limits", test_filter_limits);
  ADD ("/demo/logs/routes", test_routes);
  ADD ("/demo/logs/environment", test_environment);
  ADD ("/demo/logs/requests-match-metrics", test_requests_match_metrics);
  ADD ("/demo/logs/incident", test_incident);
  ADD ("/demo/logs/restarts", test_restarts);
  ADD ("/demo/logs/build-and-replicas", test_build_and_replicas);
  ADD ("/demo/logs/failed", test_failed);
  ADD ("/demo/logs/looks", test_looks);
  ADD ("/demo/logs/hostile", test_hostile);
  ADD ("/demo/logs/log-rate-paging", test_log_rate_paging);
  ADD ("/demo/logs/log-rate-fifty-thousand", test_log_rate_fifty_thousand);

  return g_test_run ();
}
