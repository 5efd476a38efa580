/* test-logs-query.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "isc-logs-query.h"

#define DAY_MS ((gint64) 24 * 60 * 60 * 1000)

static void
test_path (void)
{
  g_autoptr(IscLogsQuery) deployment = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(IscLogsQuery) environment = isc_logs_query_new ("m/1", ISC_TARGET_ENVIRONMENT, "prod env?");
  g_autofree char *a = isc_logs_query_build_path (deployment);
  g_autofree char *b = isc_logs_query_build_path (environment);

  g_assert_cmpstr (a, ==, "/v1/models/m1/deployments/d1/logs");
  g_assert_cmpstr (b, ==, "/v1/models/m%2F1/environments/prod%20env%3F/logs");
}

/* Nothing set: nothing sent, the server's defaults. */
static void
test_params_default (void)
{
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autofree char *params = isc_logs_query_build_params (query);

  g_assert_cmpstr (params, ==, "");
}

/* Every parameter, spelled as the API spells it, every value escaped. */
static void
test_params_all (void)
{
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  const char *includes[] = { "a b", "", "x&y=z", NULL };
  const char *excludes[] = { "health+check", NULL };
  g_autofree char *params = NULL;

  query->start_ms = G_GINT64_CONSTANT (1796190000000);
  query->end_ms = G_GINT64_CONSTANT (1796191915382);
  query->direction = ISC_LOGS_DIRECTION_ASC;
  query->limit = 1000;
  query->min_level = ISC_LOG_LEVEL_WARNING;
  query->replica = g_strdup ("x7k2p");
  query->request_id = g_strdup ("req/5f#2a");
  query->component = g_strdup ("model");
  query->search_pattern = g_strdup ("^(GET|POST) .*5\\d\\d$");
  query->includes = g_strdupv ((char **) includes);
  query->excludes = g_strdupv ((char **) excludes);

  params = isc_logs_query_build_params (query);
  g_assert_cmpstr (params, ==,
                   "start_epoch_millis=1796190000000&end_epoch_millis=1796191915382"
                   "&direction=asc&limit=1000&min_level=WARNING&replica=x7k2p"
                   "&request_id=req%2F5f%232a&component=model"
                   "&search_pattern=%5E%28GET%7CPOST%29%20.%2A5%5Cd%5Cd%24"
                   "&includes=a%20b&includes=x%26y%3Dz&excludes=health%2Bcheck");

  query->direction = ISC_LOGS_DIRECTION_DESC;
  query->min_level = ISC_LOG_LEVEL_DEBUG;
  g_free (params);
  params = isc_logs_query_build_params (query);
  g_assert_nonnull (strstr (params, "&direction=desc&"));
  g_assert_nonnull (strstr (params, "&min_level=DEBUG&"));
}

static void
test_copy_equal (void)
{
  g_autoptr(IscLogsQuery) a = isc_logs_query_new ("m1", ISC_TARGET_ENVIRONMENT, "production");
  g_autoptr(IscLogsQuery) b = NULL;
  const char *includes[] = { "a", "b", NULL };
  const char *includes_with_empty[] = { "a", "", "b", NULL };

  a->start_ms = 1;
  a->end_ms = 2;
  a->limit = 10;
  a->search_pattern = g_strdup ("x");
  a->includes = g_strdupv ((char **) includes);

  b = isc_logs_query_copy (a);
  g_assert_true (isc_logs_query_equal (a, b));

  /* What is not sent does not count. */
  b->replica = g_strdup ("");
  g_strfreev (b->includes);
  b->includes = g_strdupv ((char **) includes_with_empty);
  g_assert_true (isc_logs_query_equal (a, b));

  b->end_ms = 3;
  g_assert_false (isc_logs_query_equal (a, b));
  b->end_ms = 2;
  g_clear_pointer (&b->includes, g_strfreev);
  g_assert_false (isc_logs_query_equal (a, b));
  b->includes = g_strdupv ((char **) includes);
  b->direction = ISC_LOGS_DIRECTION_ASC;
  g_assert_false (isc_logs_query_equal (a, b));
  b->direction = ISC_LOGS_DIRECTION_NONE;
  b->min_level = ISC_LOG_LEVEL_ERROR;
  g_assert_false (isc_logs_query_equal (a, b));
}

typedef struct
{
  const char *name;
  void      (*setup) (IscLogsQuery *query, gint64 now_ms);
  int         code;   /* -1: valid */
} ValidateCase;

static void set_nothing (IscLogsQuery *q, gint64 now) { }
static void set_week (IscLogsQuery *q, gint64 now) { q->start_ms = now - 8 * DAY_MS; q->end_ms = q->start_ms + 7 * DAY_MS; }
static void set_week_and_1ms (IscLogsQuery *q, gint64 now) { q->start_ms = now - 8 * DAY_MS; q->end_ms = q->start_ms + 7 * DAY_MS + 1; }
static void set_start_only_old (IscLogsQuery *q, gint64 now) { q->start_ms = now - 8 * DAY_MS; }
static void set_start_only (IscLogsQuery *q, gint64 now) { q->start_ms = now - DAY_MS; }
static void set_end_only (IscLogsQuery *q, gint64 now) { q->end_ms = now - 30 * DAY_MS; }
static void set_reversed (IscLogsQuery *q, gint64 now) { q->start_ms = now - 10; q->end_ms = now - 20; }
static void set_empty_window (IscLogsQuery *q, gint64 now) { q->start_ms = now - 10; q->end_ms = now - 10; }
static void set_start_future (IscLogsQuery *q, gint64 now) { q->start_ms = now + DAY_MS; }
static void set_limit_1000 (IscLogsQuery *q, gint64 now) { q->limit = 1000; }
static void set_limit_1001 (IscLogsQuery *q, gint64 now) { q->limit = 1001; }
static void set_no_target (IscLogsQuery *q, gint64 now) { g_clear_pointer (&q->target, g_free); }
static void set_no_model (IscLogsQuery *q, gint64 now) { g_free (q->model_id); q->model_id = g_strdup (""); }

static void
set_pattern_256 (IscLogsQuery *q, gint64 now)
{
  GString *s = g_string_new (NULL);

  /* 256 characters of two bytes: characters are counted, not bytes. */
  for (guint i = 0; i < 256; i++)
    g_string_append (s, "\xc3\xa9");
  q->search_pattern = g_string_free (s, FALSE);
}

static void set_pattern_257 (IscLogsQuery *q, gint64 now) { q->search_pattern = g_strnfill (257, 'a'); }
static void set_replica_257 (IscLogsQuery *q, gint64 now) { q->replica = g_strnfill (257, 'a'); }
static void set_request_id_257 (IscLogsQuery *q, gint64 now) { q->request_id = g_strnfill (257, 'a'); }
static void set_component_257 (IscLogsQuery *q, gint64 now) { q->component = g_strnfill (257, 'a'); }
static void set_pattern_invalid (IscLogsQuery *q, gint64 now) { q->search_pattern = g_strdup ("a\xff"); }

static void
set_includes (IscLogsQuery *q, guint n, gboolean excludes)
{
  char **list = g_new0 (char *, n + 2);

  for (guint i = 0; i < n; i++)
    list[i] = g_strdup_printf ("w%u", i);
  /* An empty one is not sent, and not counted. */
  list[n] = g_strdup ("");
  if (excludes)
    q->excludes = list;
  else
    q->includes = list;
}

static void set_includes_8 (IscLogsQuery *q, gint64 now) { set_includes (q, 8, FALSE); }
static void set_includes_9 (IscLogsQuery *q, gint64 now) { set_includes (q, 9, FALSE); }
static void set_excludes_8 (IscLogsQuery *q, gint64 now) { set_includes (q, 8, TRUE); }
static void set_excludes_9 (IscLogsQuery *q, gint64 now) { set_includes (q, 9, TRUE); }

static const ValidateCase validate_cases[] = {
  { "defaults", set_nothing, -1 },
  { "week", set_week, -1 },
  { "week-and-1ms", set_week_and_1ms, ISC_QUERY_ERROR_RANGE_TOO_LONG },
  { "start-only", set_start_only, -1 },
  { "start-only-old", set_start_only_old, ISC_QUERY_ERROR_RANGE_TOO_LONG },
  { "end-only", set_end_only, -1 },
  { "reversed", set_reversed, ISC_QUERY_ERROR_RANGE_ORDER },
  { "empty-window", set_empty_window, ISC_QUERY_ERROR_RANGE_ORDER },
  { "start-in-future", set_start_future, ISC_QUERY_ERROR_RANGE_ORDER },
  { "limit-1000", set_limit_1000, -1 },
  { "limit-1001", set_limit_1001, ISC_QUERY_ERROR_INVALID_LIMIT },
  { "no-target", set_no_target, ISC_QUERY_ERROR_INVALID_TARGET },
  { "no-model", set_no_model, ISC_QUERY_ERROR_INVALID_TARGET },
  { "pattern-256", set_pattern_256, -1 },
  { "pattern-257", set_pattern_257, ISC_QUERY_ERROR_INVALID_FILTER },
  { "replica-257", set_replica_257, ISC_QUERY_ERROR_INVALID_FILTER },
  { "request-id-257", set_request_id_257, ISC_QUERY_ERROR_INVALID_FILTER },
  { "component-257", set_component_257, ISC_QUERY_ERROR_INVALID_FILTER },
  { "pattern-invalid", set_pattern_invalid, ISC_QUERY_ERROR_INVALID_FILTER },
  { "includes-8", set_includes_8, -1 },
  { "includes-9", set_includes_9, ISC_QUERY_ERROR_INVALID_FILTER },
  { "excludes-8", set_excludes_8, -1 },
  { "excludes-9", set_excludes_9, ISC_QUERY_ERROR_INVALID_FILTER },
};

static void
test_validate (gconstpointer data)
{
  const ValidateCase *c = data;
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  g_autoptr(GError) error = NULL;
  gboolean valid;

  c->setup (query, g_get_real_time () / 1000);
  valid = isc_logs_query_validate (query, &error);

  if (c->code < 0)
    {
      g_assert_no_error (error);
      g_assert_true (valid);
    }
  else
    {
      g_assert_false (valid);
      g_assert_error (error, ISC_QUERY_ERROR, c->code);
      /* Words a person can act on, naming what to change. */
      g_assert_cmpuint (strlen (error->message), >, 20);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
    }
}

static void
test_boxed (void)
{
  g_autoptr(IscLogsQuery) query = isc_logs_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1");
  IscLogsQuery *copy = g_boxed_copy (ISC_TYPE_LOGS_QUERY, query);

  g_assert_true (isc_logs_query_equal (query, copy));
  g_boxed_free (ISC_TYPE_LOGS_QUERY, copy);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/logs-query/path", test_path);
  g_test_add_func ("/isc/logs-query/params-default", test_params_default);
  g_test_add_func ("/isc/logs-query/params-all", test_params_all);
  g_test_add_func ("/isc/logs-query/copy-equal", test_copy_equal);
  g_test_add_func ("/isc/logs-query/boxed", test_boxed);

  for (guint i = 0; i < G_N_ELEMENTS (validate_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/logs-query/validate/%s", validate_cases[i].name);

      g_test_add_data_func (path, &validate_cases[i], test_validate);
    }

  return g_test_run ();
}
