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

#include <string.h>

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

/* A 200 logs answer, every line checked against LogV1 and parsed. */
static GArray *
get_lines (DemoFixture *f,
           const char  *path)
{
  g_autoptr(DemoResponse) r = demo_request (f, path);
  g_autoptr(JsonNode) node = NULL;
  GArray *lines = g_array_new (FALSE, TRUE, sizeof (LogLine));
  JsonArray *array;

  g_array_set_clear_func (lines, log_line_clear);
  g_assert_no_error (r->error);
  if (r->status != 200)
    g_error ("%s: %u %.*s", path, r->status, (int) g_bytes_get_size (r->body),
             (const char *) g_bytes_get_data (r->body, NULL));
  g_assert_cmpstr (soup_message_headers_get_content_type (r->headers, NULL), ==, "application/json");

  node = demo_parse_json (r->body);
  array = json_object_get_array_member (demo_object_of (node), "logs");
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("/demo/logs/shape", test_shape);
  ADD ("/demo/logs/deterministic", test_deterministic);
  ADD ("/demo/logs/limit", test_limit);
  ADD ("/demo/logs/direction", test_direction);
  ADD ("/demo/logs/window", test_window);
  ADD ("/demo/logs/min-level", test_min_level);
  ADD ("/demo/logs/replica-and-request", test_replica_and_request);
  ADD ("/demo/logs/text-filters", test_text_filters);
  ADD ("/demo/logs/filter-limits", test_filter_limits);
  ADD ("/demo/logs/routes", test_routes);
  ADD ("/demo/logs/environment", test_environment);

  return g_test_run ();
}
