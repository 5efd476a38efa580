/* test-cache.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "isc-api-error.h"
#include "isc-client.h"
#include "isc-demo-server.h"
#include "isc-metrics-loader.h"
#include "isc-response-cache.h"
#include "isc-response-cache-private.h"
#include "isc-test-util.h"

#define TEST_KEY "sk-cache-test-7f7f-NEVER-ON-DISK"
#define BASE_URL "https://api.baseten.co"

#define BODY(value) \
  "{\"start_epoch_millis\":1700000000000,\"end_epoch_millis\":1700000060000," \
  "\"mode\":\"SUMMARY\",\"metric_descriptors\":[" \
  "{\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}]," \
  "\"metric_values\":[{\"start_epoch_millis\":1700000000000,\"values\":[[" value "]]}]}"

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("inferscope-cache-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  remove_tree (fixture->dir);
  g_free (fixture->dir);
}

static IscQuery *
query_for (const char *deployment)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative ((gint64) 6 * 3600 * 1000);

  return isc_query_new ("m1", ISC_TARGET_DEPLOYMENT, deployment, ISC_MODE_SUMMARY, range, NULL);
}

static void
store (IscResponseCache *cache,
       const char       *base_url,
       const IscQuery   *query,
       const char       *body)
{
  g_autoptr(GBytes) bytes = g_bytes_new (body, strlen (body));
  g_autoptr(GError) error = NULL;

  g_assert_true (isc_response_cache_store (cache, base_url, query, bytes, &error));
  g_assert_no_error (error);
}

static double
first_value (IscMetricsResponse *response)
{
  const IscMetric *metric = isc_metrics_response_get_metric (response, 0);

  return isc_series_get_values (isc_metric_get_series (metric, 0), NULL)[0];
}

static void
test_round_trip (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (fixture->dir, 0);
  g_autoptr(IscQuery) query = query_for ("d1");
  g_autoptr(IscQuery) other = query_for ("d2");
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(IscMetricsResponse) missing = NULL;
  g_autoptr(IscMetricsResponse) elsewhere = NULL;
  g_autoptr(GError) error = NULL;
  gint64 before = g_get_real_time () / 1000;
  gint64 stored_ms = 0;

  store (cache, BASE_URL, query, BODY ("3"));

  response = isc_response_cache_lookup (cache, BASE_URL, query, &stored_ms, &error);
  g_assert_no_error (error);
  g_assert_nonnull (response);
  g_assert_cmpfloat (first_value (response), ==, 3);
  /* The age is when it was received. */
  g_assert_cmpint (stored_ms, >=, before);
  g_assert_cmpint (stored_ms, <=, g_get_real_time () / 1000);

  /* Another query, or the same query on another server, is a miss. */
  missing = isc_response_cache_lookup (cache, BASE_URL, other, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (missing);
  elsewhere = isc_response_cache_lookup (cache, "http://127.0.0.1:1234", query, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (elsewhere);
}

/* A stamp ahead of the clock (written while the clock was wrong) is no
 * age at all: the answer is served, its age unknown, never "less than a
 * minute ago". A stamp a few seconds ahead is two clocks' difference. */
static void
test_future_stamp (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (fixture->dir, 0);
  g_autoptr(IscQuery) query = query_for ("d1");
  g_autofree char *path = isc_response_cache_get_path (cache, BASE_URL, query);
  gint64 now_ms = g_get_real_time () / 1000;
  const gint64 ahead[] = { (gint64) 2 * 24 * 60 * 60 * 1000, G_MAXINT64 - now_ms, 5 * 1000 };

  for (guint i = 0; i < G_N_ELEMENTS (ahead); i++)
    {
      g_autoptr(IscMetricsResponse) response = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = g_strdup_printf ("inferscope-cache 1 %" G_GINT64_FORMAT "\n%s",
                                                   now_ms + ahead[i], BODY ("3"));
      gint64 stored_ms = -1;

      g_assert_true (g_file_set_contents (path, contents, -1, NULL));
      response = isc_response_cache_lookup (cache, BASE_URL, query, &stored_ms, &error);
      g_assert_no_error (error);
      g_assert_nonnull (response);
      g_assert_cmpfloat (first_value (response), ==, 3);
      if (ahead[i] > ISC_RESPONSE_CACHE_CLOCK_SLACK_MS)
        g_assert_cmpint (stored_ms, ==, 0);
      else
        g_assert_cmpint (stored_ms, ==, now_ms + ahead[i]);
    }
}

static void
test_replace (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (fixture->dir, 0);
  g_autoptr(IscQuery) query = query_for ("d1");
  g_autoptr(IscMetricsResponse) response = NULL;

  store (cache, BASE_URL, query, BODY ("3"));
  store (cache, BASE_URL, query, BODY ("5"));

  /* The last good response, in one file. */
  response = isc_response_cache_lookup (cache, BASE_URL, query, NULL, NULL);
  g_assert_cmpfloat (first_value (response), ==, 5);
  g_assert_cmpuint (test_count_files (fixture->dir), ==, 1);
}

static void
test_file_private (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->dir, "inferscope", NULL);
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (sub, 0);
  g_autoptr(IscQuery) query = query_for ("secret-deployment-name");
  g_autofree char *path = isc_response_cache_get_path (cache, BASE_URL, query);
  g_autofree char *name = g_path_get_basename (path);
  GStatBuf st;

  store (cache, BASE_URL, query, BODY ("1"));

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpint (g_stat (sub, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);
  /* Named by a hash: the file name says nothing of the query. */
  g_assert_null (strstr (name, "secret"));
  g_assert_cmpuint (strlen (name), ==, 64 + strlen (".cache"));
  /* Written atomically: no temporary file left beside it. */
  g_assert_cmpuint (test_count_files (sub), ==, 1);

  remove_tree (sub);
}

/* A closed cache writes nothing: a store that comes after its folder was
 * removed (a demo's, as the app quits) must not make the folder again. */
static void
test_closed (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->dir, "demo", NULL);
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (sub, 0);
  g_autoptr(IscQuery) query = query_for ("d1");
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) body = g_bytes_new_static ("{}", 2);

  store (cache, BASE_URL, query, BODY ("1"));
  g_assert_true (g_file_test (sub, G_FILE_TEST_IS_DIR));
  isc_response_cache_close (cache);
  remove_tree (sub);

  g_assert_true (isc_response_cache_store (cache, BASE_URL, query, body, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));
}

static void
test_default_directory (void)
{
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (NULL, 0);
  g_autofree char *expected = g_build_filename (g_get_user_cache_dir (), "inferscope", NULL);

  g_assert_cmpstr (isc_response_cache_get_directory (cache), ==, expected);
}

typedef struct
{
  const char *name;
  const char *contents;
} CorruptCase;

static const CorruptCase corrupt_cases[] = {
  { "garbage", "\x89PNG\r\n\x1a\n not a cache file" },
  { "empty", "" },
  { "no-header", BODY ("1") },
  { "bad-time", "inferscope-cache 1 yesterday\n" BODY ("1") },
  { "cut-off", "inferscope-cache 1 1700000000000\n{\"start_epoch_millis\":17000" },
  { "wrong-shape", "inferscope-cache 1 1700000000000\n{\"mode\":\"SERIES\"}" },
  /* Good JSON, but a SERIES answer under the SUMMARY query: another
   * question's answer would show the wrong page, or none. */
  { "other-mode", "inferscope-cache 1 1700000000000\n"
    "{\"start_epoch_millis\":1700000000000,\"end_epoch_millis\":1700000060000,"
    "\"mode\":\"SERIES\",\"step_seconds\":30,\"metric_descriptors\":["
    "{\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}],"
    "\"metric_values\":[{\"start_epoch_millis\":1700000000000,\"values\":[[1]]},"
    "{\"start_epoch_millis\":1700000030000,\"values\":[[2]]}]}" },
};

static void
test_corrupt (Fixture       *fixture,
              gconstpointer  data)
{
  const CorruptCase *c = data;
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (fixture->dir, 0);
  g_autoptr(IscQuery) query = query_for ("d1");
  g_autofree char *path = isc_response_cache_get_path (cache, BASE_URL, query);
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, c->contents, -1, NULL));

  response = isc_response_cache_lookup (cache, BASE_URL, query, NULL, &error);

  /* Never trusted, and gone so it is not read again. */
  g_assert_no_error (error);
  g_assert_null (response);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_lru_eviction (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(IscQuery) q1 = query_for ("d1");
  g_autoptr(IscQuery) q2 = query_for ("d2");
  g_autoptr(IscQuery) q3 = query_for ("d3");
  g_autoptr(IscResponseCache) cache = NULL;
  g_autoptr(IscMetricsResponse) r1 = NULL;
  g_autoptr(IscMetricsResponse) r2 = NULL;
  g_autoptr(IscMetricsResponse) r3 = NULL;
  g_autoptr(IscMetricsResponse) touched = NULL;
  gsize one = strlen ("inferscope-cache 1 1700000000000\n") + strlen (BODY ("1"));

  /* Room for two files, not three. */
  cache = isc_response_cache_new (fixture->dir, one * 2 + one / 2);

  store (cache, BASE_URL, q1, BODY ("1"));
  g_usleep (20000);
  store (cache, BASE_URL, q2, BODY ("2"));
  g_usleep (20000);
  /* Using q1 makes q2 the least recently used. */
  touched = isc_response_cache_lookup (cache, BASE_URL, q1, NULL, NULL);
  g_assert_nonnull (touched);
  g_usleep (20000);
  store (cache, BASE_URL, q3, BODY ("3"));

  r1 = isc_response_cache_lookup (cache, BASE_URL, q1, NULL, NULL);
  r2 = isc_response_cache_lookup (cache, BASE_URL, q2, NULL, NULL);
  r3 = isc_response_cache_lookup (cache, BASE_URL, q3, NULL, NULL);
  g_assert_nonnull (r1);
  g_assert_null (r2);
  g_assert_nonnull (r3);
  g_assert_cmpuint (isc_response_cache_get_total_size (cache), <=, one * 2 + one / 2);
}

static void
test_bounded_total (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (fixture->dir, 2000);

  for (guint i = 0; i < 30; i++)
    {
      g_autofree char *name = g_strdup_printf ("d%u", i);
      g_autoptr(IscQuery) query = query_for (name);

      store (cache, BASE_URL, query, BODY ("1"));
    }

  g_assert_cmpuint (isc_response_cache_get_total_size (cache), <=, 2000);
  g_assert_cmpuint (test_count_files (fixture->dir), >, 0);
  g_assert_cmpuint (test_count_files (fixture->dir), <, 30);
}

static void
on_lookup (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  IscMetricsResponse **out = data;
  g_autoptr(GError) error = NULL;
  gint64 stored_ms = 0;

  *out = isc_response_cache_lookup_finish (ISC_RESPONSE_CACHE (object), result, &stored_ms, &error);
  g_assert_no_error (error);
  g_assert_cmpint (stored_ms, >, 0);
}

/* A folder that was there before, open to others: tightened on the
 * first use, a store or a lookup. */
static void
test_loose_folder (gconstpointer data)
{
  gboolean by_store = GPOINTER_TO_INT (data);
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *sub = g_build_filename (dir, "inferscope", NULL);
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (sub, 0);
  g_autoptr(IscQuery) query = query_for ("d1");
  g_autoptr(IscMetricsResponse) response = NULL;
  GStatBuf st;

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_cmpint (g_chmod (sub, 0777), ==, 0);

  if (by_store)
    store (cache, BASE_URL, query, BODY ("1"));
  else
    response = isc_response_cache_lookup (cache, BASE_URL, query, NULL, NULL);

  g_assert_cmpint (g_stat (sub, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);

  remove_tree (sub);
  remove_tree (dir);
}

/* Another user's folder, or another user's file in ours: nothing kept
 * there, nothing served from it. Root alone can make them. */
static void
test_foreign_folder (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (fixture->dir, "inferscope", NULL);
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (sub, 0);
  g_autoptr(IscQuery) query = query_for ("d1");
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GBytes) bytes = g_bytes_new_static (BODY ("1"), strlen (BODY ("1")));
  g_autoptr(GError) error = NULL;

  store (cache, BASE_URL, query, BODY ("1"));
  if (chown (sub, 65534, 65534) != 0)
    {
      g_test_skip ("Cannot give a folder to another user (not root)");
      remove_tree (sub);
      return;
    }

  response = isc_response_cache_lookup (cache, BASE_URL, query, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (response);

  g_assert_false (isc_response_cache_store (cache, BASE_URL, query, bytes, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);

  remove_tree (sub);
}

static void
test_foreign_file (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (fixture->dir, 0);
  g_autoptr(IscQuery) query = query_for ("d1");
  g_autofree char *path = isc_response_cache_get_path (cache, BASE_URL, query);
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;

  store (cache, BASE_URL, query, BODY ("1"));
  if (chown (path, 65534, 65534) != 0)
    {
      g_test_skip ("Cannot give a file to another user (not root)");
      return;
    }

  response = isc_response_cache_lookup (cache, BASE_URL, query, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (response);
  /* Not counted as ours either. */
  g_assert_cmpuint (isc_response_cache_get_total_size (cache), ==, 0);
}

/* A link in the cache, even to a good response, is not followed. */
static void
test_linked_file (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (fixture->dir, 0);
  g_autoptr(IscQuery) query = query_for ("d1");
  g_autoptr(IscQuery) other = query_for ("d2");
  g_autofree char *path = isc_response_cache_get_path (cache, BASE_URL, query);
  g_autofree char *other_path = isc_response_cache_get_path (cache, BASE_URL, other);
  g_autoptr(IscMetricsResponse) response = NULL;

  store (cache, BASE_URL, other, BODY ("1"));
  g_assert_cmpint (symlink (other_path, path), ==, 0);

  response = isc_response_cache_lookup (cache, BASE_URL, query, NULL, NULL);
  g_assert_null (response);
}

static void
exit_while_decoding (const char *path)
{
  /* As a crash in the decoder would. */
  _exit (99);
}

/* A response whose decoding killed the process is never served again:
 * the next lookup does not meet it (and does not crash again). */
static void
test_crash_while_decoding (void)
{
  const char *dir = g_getenv ("ISC_TEST_CACHE_DIR");
  g_autoptr(IscQuery) query = query_for ("d1");

  if (g_test_subprocess ())
    {
      g_autoptr(IscResponseCache) cache = isc_response_cache_new (dir, 0);

      _isc_response_cache_set_decode_hook (exit_while_decoding);
      isc_response_cache_lookup (cache, BASE_URL, query, NULL, NULL);
      g_assert_not_reached ();
    }
  else
    {
      g_autofree char *tmp = test_temp_dir ();
      g_autoptr(IscResponseCache) cache = isc_response_cache_new (tmp, 0);
      g_autoptr(IscMetricsResponse) before = NULL;
      g_autoptr(IscMetricsResponse) after = NULL;
      g_autofree char *path = isc_response_cache_get_path (cache, BASE_URL, query);

      store (cache, BASE_URL, query, BODY ("1"));
      before = isc_response_cache_lookup (cache, BASE_URL, query, NULL, NULL);
      g_assert_nonnull (before);

      g_setenv ("ISC_TEST_CACHE_DIR", tmp, TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_failed ();
      g_unsetenv ("ISC_TEST_CACHE_DIR");

      after = isc_response_cache_lookup (cache, BASE_URL, query, NULL, NULL);
      g_assert_null (after);
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

      remove_tree (tmp);
    }
}

static void
test_lookup_async (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (fixture->dir, 0);
  g_autoptr(IscQuery) query = query_for ("d1");
  IscMetricsResponse *response = NULL;

  store (cache, BASE_URL, query, BODY ("4"));
  isc_response_cache_lookup_async (cache, BASE_URL, query, NULL, on_lookup, &response);
  while (response == NULL)
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpfloat (first_value (response), ==, 4);
  isc_metrics_response_unref (response);
}

/* With the client: what it keeps, and what a view gets when the network
 * is gone. */

typedef struct
{
  guint               n_loaded;
  guint               n_failed;
  GError             *error;
  IscMetricsResponse *cached;
  gint64              cached_ms;
} LoaderLog;

static void
on_loaded (IscMetricsLoader   *loader,
           IscMetricsResponse *response,
           LoaderLog          *log)
{
  log->n_loaded++;
}

static void
on_failed (IscMetricsLoader   *loader,
           const GError       *error,
           IscMetricsResponse *cached,
           gint64              cached_ms,
           LoaderLog          *log)
{
  log->n_failed++;
  g_clear_error (&log->error);
  log->error = g_error_copy (error);
  g_clear_pointer (&log->cached, isc_metrics_response_unref);
  log->cached = cached ? isc_metrics_response_ref (cached) : NULL;
  log->cached_ms = cached_ms;
}

static void
test_client_offline (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (7, TEST_KEY);
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (fixture->dir, 0);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscMetricsLoader) loader = NULL;
  g_autoptr(IscQuery) query = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  gint64 before = g_get_real_time () / 1000;
  LoaderLog log = { 0 };

  isc_demo_server_listen_loopback (server, 0, &error);
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (server), TEST_KEY, &error);
  g_assert_no_error (error);
  isc_client_set_cache (client, cache);

  query = isc_query_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION,
                         ISC_MODE_SUMMARY, NULL, NULL);
  loader = isc_metrics_loader_new (client);
  g_signal_connect (loader, "loaded", G_CALLBACK (on_loaded), &log);
  g_signal_connect (loader, "failed", G_CALLBACK (on_failed), &log);

  isc_metrics_loader_load (loader, query);
  while (isc_metrics_loader_get_loading (loader))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (log.n_loaded, ==, 1);

  /* Kept on disk, without the key. */
  path = isc_response_cache_get_path (cache, isc_demo_server_get_base_url (server), query);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_null (strstr (contents, TEST_KEY));
  g_assert_nonnull (strstr (contents, "metric_descriptors"));

  /* The network goes away: the view gets the error and the last data
   * with its age. */
  g_clear_object (&server);
  isc_metrics_loader_load (loader, query);
  while (isc_metrics_loader_get_loading (loader))
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpuint (log.n_failed, ==, 1);
  g_assert_error (log.error, ISC_API_ERROR, ISC_API_ERROR_NETWORK);
  g_assert_nonnull (log.cached);
  g_assert_cmpint (log.cached_ms, >=, before);
  g_assert_cmpuint (isc_metrics_response_get_n_metrics (log.cached), >, 0);

  g_clear_error (&log.error);
  g_clear_pointer (&log.cached, isc_metrics_response_unref);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/isc/cache/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("round-trip", test_round_trip);
  ADD ("future-stamp", test_future_stamp);
  ADD ("replace", test_replace);
  ADD ("file-private", test_file_private);
  ADD ("closed", test_closed);
  g_test_add_func ("/isc/cache/default-directory", test_default_directory);
  for (guint i = 0; i < G_N_ELEMENTS (corrupt_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/cache/corrupt/%s", corrupt_cases[i].name);
      g_test_add (path, Fixture, &corrupt_cases[i], fixture_setup, test_corrupt, fixture_teardown);
    }
  ADD ("lru-eviction", test_lru_eviction);
  ADD ("bounded-total", test_bounded_total);
  ADD ("lookup-async", test_lookup_async);
  g_test_add_data_func ("/isc/cache/loose-folder/store", GINT_TO_POINTER (TRUE), test_loose_folder);
  g_test_add_data_func ("/isc/cache/loose-folder/lookup", GINT_TO_POINTER (FALSE), test_loose_folder);
  ADD ("foreign-folder", test_foreign_folder);
  ADD ("foreign-file", test_foreign_file);
  ADD ("linked-file", test_linked_file);
  g_test_add_func ("/isc/cache/crash-while-decoding", test_crash_while_decoding);
  ADD ("client-offline", test_client_offline);

  return g_test_run ();
}
