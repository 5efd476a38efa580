/* test-account.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* IscAccount against the simulated API with a key, in a thread: keys that
 * are refused and kept (in libsecret's file keyring, set up by meson),
 * targets checked before they are added, and responses kept in the cache.
 */

#include "config.h"

#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#include <utime.h>
#include <glib/gstdio.h>

#include "isc-account.h"
#include "isc-api-error.h"
#include "isc-target.h"
#include "isc-test-util.h"

#define KEY "sk-account-test-0001"

typedef struct
{
  IscDemoServer *server;
  const char    *base_url;
  IscAccount    *account;
  GAsyncResult  *result;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server = isc_demo_server_new (1, KEY);
  g_assert_true (isc_demo_server_run_in_thread (f->server, 0, &error));
  g_assert_no_error (error);
  f->base_url = isc_demo_server_get_base_url (f->server);

  f->account = isc_account_new (f->base_url, NULL, ISC_KEY_SOURCE_NONE, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->account);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->result);
  g_clear_object (&f->account);
  g_clear_object (&f->server);
}

static void
on_result (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  Fixture *f = data;

  f->result = g_object_ref (result);
}

static gboolean
has_result (gpointer data)
{
  return ((Fixture *) data)->result != NULL;
}

/* Waits for the call started with on_result; the caller finishes it. */
static GAsyncResult *
wait_result (Fixture *f)
{
  g_clear_object (&f->result);
  g_assert_true (test_wait_for (has_result, f));
  return f->result;
}

static char *
keyring_lookup (const char *base_url)
{
  g_autoptr(GError) error = NULL;
  char *password = secret_password_lookup_sync (isc_credentials_get_schema (), NULL, &error,
                                                "base-url", base_url,
                                                NULL);
  char *copy;

  g_assert_no_error (error);
  copy = g_strdup (password);
  secret_password_free (password);
  return copy;
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    data)
{
  (*(guint *) data)++;
}

static void
test_new (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscAccount) bad = isc_account_new ("http://example.com", "k", ISC_KEY_SOURCE_SESSION, NULL, &error);
  g_autoptr(IscAccount) good = NULL;

  /* The client's rule: the key is never sent in the clear. */
  g_assert_null (bad);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_INVALID_URL);
  g_assert_nonnull (strstr (error->message, "https"));
  g_clear_error (&error);

  good = isc_account_new ("https://api.example.com/", "k", ISC_KEY_SOURCE_ENVIRONMENT, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (isc_account_get_base_url (good), ==, "https://api.example.com");
  g_assert_true (isc_account_has_key (good));
  g_assert_cmpint (isc_account_get_key_source (good), ==, ISC_KEY_SOURCE_ENVIRONMENT);
  g_assert_false (isc_account_get_is_demo (good));
  g_assert_null (isc_account_get_cache (good));
  g_assert_null (isc_client_get_cache (isc_account_get_client (good)));
  g_assert_null (isc_account_get_user (good));
  g_assert_null (isc_account_get_workspace (good));
  g_clear_object (&good);

  /* No key: no source either. */
  good = isc_account_new (NULL, "", ISC_KEY_SOURCE_KEYRING, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (isc_account_get_base_url (good), ==, ISC_CLIENT_DEFAULT_BASE_URL);
  g_assert_false (isc_account_has_key (good));
  g_assert_cmpint (isc_account_get_key_source (good), ==, ISC_KEY_SOURCE_NONE);
}

static void
test_wrong_key (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *looked_up = NULL;
  IscKeySource source = ISC_KEY_SOURCE_KEYRING;
  guint notified = 0;

  g_signal_connect (f->account, "notify", G_CALLBACK (count_notify), &notified);

  isc_account_set_key_async (f->account, "sk-wrong", NULL, on_result, f);
  g_assert_false (isc_account_set_key_finish (f->account, wait_result (f), &message, &error));

  /* Refused in the client's words, and nothing changed or was kept. */
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_KEY_REFUSED);
  g_assert_null (strstr (error->message, "sk-wrong"));
  g_assert_null (message);
  g_assert_false (isc_account_has_key (f->account));
  g_assert_cmpint (isc_account_get_key_source (f->account), ==, ISC_KEY_SOURCE_NONE);
  g_assert_null (isc_account_get_user (f->account));
  g_assert_cmpuint (notified, ==, 0);
  g_clear_error (&error);

  kept = keyring_lookup (f->base_url);
  g_assert_null (kept);
  looked_up = isc_credentials_lookup_sync (f->base_url, &source, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (looked_up);
  g_assert_cmpint (source, ==, ISC_KEY_SOURCE_NONE);

  /* An empty key is not even sent. */
  isc_account_set_key_async (f->account, "  ", NULL, on_result, f);
  g_assert_false (isc_account_set_key_finish (f->account, wait_result (f), NULL, &error));
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_NO_KEY);
}

static void
test_right_key_and_forget (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *gone = NULL;
  guint has_key_notified = 0, workspace_notified = 0;
  IscUser *user;

  g_signal_connect (f->account, "notify::has-key", G_CALLBACK (count_notify), &has_key_notified);
  g_signal_connect (f->account, "notify::workspace", G_CALLBACK (count_notify), &workspace_notified);

  /* Pasted with a stray newline, as keys are. */
  isc_account_set_key_async (f->account, KEY "\n", NULL, on_result, f);
  g_assert_true (isc_account_set_key_finish (f->account, wait_result (f), &message, &error));
  g_assert_no_error (error);

  /* The file keyring kept it: no message, the key is the keyring's. */
  g_assert_null (message);
  g_assert_true (isc_account_has_key (f->account));
  g_assert_cmpint (isc_account_get_key_source (f->account), ==, ISC_KEY_SOURCE_KEYRING);
  g_assert_cmpuint (has_key_notified, ==, 1);
  kept = keyring_lookup (f->base_url);
  g_assert_cmpstr (kept, ==, KEY);

  /* Who the key belongs to, from /v1/users/me. */
  user = isc_account_get_user (f->account);
  g_assert_nonnull (user);
  g_assert_cmpstr (user->user_id, ==, "demo-user");
  g_assert_cmpstr (isc_account_get_workspace (f->account), ==, "Inferscope demo");
  g_assert_cmpuint (workspace_notified, ==, 1);

  /* The account's own client now carries it: a check passes. */
  {
    g_autoptr(IscUser) checked = NULL;

    isc_account_check_async (f->account, NULL, on_result, f);
    checked = isc_account_check_finish (f->account, wait_result (f), &error);
    g_assert_no_error (error);
    g_assert_nonnull (checked);
    g_assert_cmpstr (checked->workspace_name, ==, "Inferscope demo");
  }

  /* Forgetting removes it here and from the keyring. */
  isc_account_forget_key_async (f->account, NULL, on_result, f);
  g_assert_true (isc_account_forget_key_finish (f->account, wait_result (f), &error));
  g_assert_no_error (error);
  g_assert_false (isc_account_has_key (f->account));
  g_assert_cmpint (isc_account_get_key_source (f->account), ==, ISC_KEY_SOURCE_NONE);
  g_assert_cmpuint (has_key_notified, ==, 2);
  g_assert_null (isc_account_get_user (f->account));
  gone = keyring_lookup (f->base_url);
  g_assert_null (gone);

  /* And the server refuses the account without it. */
  {
    g_autoptr(IscUser) checked = NULL;

    isc_account_check_async (f->account, NULL, on_result, f);
    checked = isc_account_check_finish (f->account, wait_result (f), &error);
    g_assert_null (checked);
    g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_NO_KEY);
  }
}

/* A keyring that cannot keep the key: the key still works for the
 * session, and the words say it will be asked for again. In a subprocess,
 * since libsecret reads where its file keyring is only once. */
static void
test_keyring_fails (void)
{
  if (g_test_subprocess ())
    {
      Fixture f = { 0 };
      g_autoptr(GError) error = NULL;
      g_autofree char *message = NULL;

      /* Not even root can make a directory inside /dev/null. */
      g_setenv ("SECRET_FILE_TEST_PATH", "/dev/null/keyring/test.keyring", TRUE);
      fixture_setup (&f, NULL);

      isc_account_set_key_async (f.account, KEY, NULL, on_result, &f);
      g_assert_true (isc_account_set_key_finish (f.account, wait_result (&f), &message, &error));
      g_assert_no_error (error);

      g_assert_nonnull (message);
      g_assert_nonnull (strstr (message, "only until Inferscope quits"));
      g_assert_null (strstr (message, KEY));
      g_assert_true (isc_account_has_key (f.account));
      g_assert_cmpint (isc_account_get_key_source (f.account), ==, ISC_KEY_SOURCE_SESSION);
      g_assert_cmpstr (isc_account_get_workspace (f.account), ==, "Inferscope demo");

      fixture_teardown (&f, NULL);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static IscTarget *
resolve (Fixture        *f,
         const char     *model_id,
         IscTargetKind   kind,
         const char     *id,
         GError        **error)
{
  isc_account_resolve_target_async (f->account, model_id, kind, id, NULL, on_result, f);
  return isc_account_resolve_target_finish (f->account, wait_result (f), error);
}

static void
test_resolve (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscTarget) d8 = NULL;
  g_autoptr(IscTarget) production = NULL;
  g_autoptr(IscTarget) nope = NULL;
  g_autoptr(IscTarget) no_env = NULL;
  g_autoptr(IscTarget) no_model = NULL;

  g_clear_object (&f->account);
  f->account = isc_account_new (f->base_url, KEY, ISC_KEY_SOURCE_SESSION, NULL, &error);
  g_assert_no_error (error);

  /* A deployment by id: the names discovery gave. */
  d8 = resolve (f, ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, &error);
  g_assert_no_error (error);
  g_assert_nonnull (d8);
  g_assert_cmpstr (d8->model_id, ==, ISC_DEMO_MODEL_CHAT);
  g_assert_cmpint (d8->kind, ==, ISC_TARGET_DEPLOYMENT);
  g_assert_cmpstr (d8->id, ==, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_assert_cmpstr (d8->model_name, ==, "chat-assistant");
  g_assert_cmpstr (d8->name, ==, "v8");

  /* An environment by name, typed with spaces around it. */
  production = resolve (f, " " ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production ", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (production->model_id, ==, ISC_DEMO_MODEL_CHAT);
  g_assert_cmpint (production->kind, ==, ISC_TARGET_ENVIRONMENT);
  g_assert_cmpstr (production->id, ==, "production");
  g_assert_cmpstr (production->model_name, ==, "chat-assistant");

  /* A missing deployment is named in the words. */
  nope = resolve (f, ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "nope", &error);
  g_assert_null (nope);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "“nope”"));
  g_assert_nonnull (strstr (error->message, "“demo-chat”"));
  g_clear_error (&error);

  /* A deployment of another model is not this model's. */
  nope = resolve (f, ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION, &error);
  g_assert_null (nope);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND);
  g_clear_error (&error);

  no_env = resolve (f, ISC_DEMO_MODEL_BATCH, ISC_TARGET_ENVIRONMENT, "development", &error);
  g_assert_null (no_env);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "environment “development”"));
  g_clear_error (&error);

  /* A missing model: the client's words, naming it. */
  no_model = resolve (f, "no-such-model", ISC_TARGET_DEPLOYMENT, "d1", &error);
  g_assert_null (no_model);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "“no-such-model”"));
  g_clear_error (&error);

  /* Nothing typed: said before asking. */
  no_model = resolve (f, "", ISC_TARGET_DEPLOYMENT, "d1", &error);
  g_assert_null (no_model);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND);
}

static gboolean
metrics_done (gpointer data)
{
  return *(gpointer *) data != NULL;
}

static void
on_metrics (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(GError) error = NULL;
  IscMetricsResponse **response = data;

  *response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &error);
  g_assert_no_error (error);
}

static void
test_cache (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *dir = test_temp_dir ();
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (dir, 0);
  g_autoptr(IscQuery) query = isc_query_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                             ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION,
                                             ISC_MODE_SUMMARY, NULL, NULL);
  g_autoptr(IscMetricsResponse) fetched = NULL;
  g_autoptr(IscMetricsResponse) kept = NULL;
  g_autoptr(GError) error = NULL;
  gint64 stored_ms = 0;

  g_clear_object (&f->account);
  f->account = isc_account_new (f->base_url, KEY, ISC_KEY_SOURCE_SESSION, cache, &error);
  g_assert_no_error (error);
  g_assert_true (isc_account_get_cache (f->account) == cache);
  g_assert_true (isc_client_get_cache (isc_account_get_client (f->account)) == cache);

  kept = isc_response_cache_lookup (cache, f->base_url, query, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (kept);

  /* A response the account's client fetched is kept. */
  isc_client_fetch_metrics_async (isc_account_get_client (f->account), query, NULL, on_metrics, &fetched);
  g_assert_true (test_wait_for (metrics_done, &fetched));

  kept = isc_response_cache_lookup (cache, f->base_url, query, &stored_ms, &error);
  g_assert_no_error (error);
  g_assert_nonnull (kept);
  g_assert_cmpint (stored_ms, >, 0);
  g_assert_cmpuint (isc_metrics_response_get_n_metrics (kept), ==, isc_metrics_response_get_n_metrics (fetched));

  g_clear_object (&f->account);
  g_clear_object (&cache);
  test_remove_dir (dir);
}

static void
test_demo (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(IscDemoServer) stopped = isc_demo_server_new (1, NULL);
  g_autoptr(IscAccount) account = NULL;
  g_autoptr(IscQuery) query = isc_query_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production",
                                             ISC_MODE_SUMMARY, NULL, NULL);
  g_autoptr(IscMetricsResponse) fetched = NULL;
  g_autoptr(IscMetricsResponse) kept = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  IscResponseCache *cache;

  /* A demo that does not listen is no account. */
  account = isc_account_new_demo (stopped, &error);
  g_assert_null (account);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_INVALID_URL);
  g_clear_error (&error);

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  account = isc_account_new_demo (server, &error);
  g_assert_no_error (error);

  g_assert_true (isc_account_get_is_demo (account));
  g_assert_false (isc_account_has_key (account));
  g_assert_cmpstr (isc_account_get_base_url (account), ==, isc_demo_server_get_base_url (server));
  g_assert_cmpstr (isc_account_get_workspace (account), ==, "Demo");

  /* Its cache is a directory of its own, gone with the account. */
  cache = isc_account_get_cache (account);
  g_assert_nonnull (cache);
  dir = g_strdup (isc_response_cache_get_directory (cache));
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));

  isc_client_fetch_metrics_async (isc_account_get_client (account), query, NULL, on_metrics, &fetched);
  g_assert_true (test_wait_for (metrics_done, &fetched));
  kept = isc_response_cache_lookup (cache, isc_account_get_base_url (account), query, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (kept);
  g_assert_cmpuint (test_count_files (dir), ==, 1);

  g_clear_object (&account);
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
}

/* At quit the demo's folder goes whatever still holds the account, and a
 * store that comes later (a request under way) does not make it again. */
static void
test_demo_close (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(IscAccount) account = NULL;
  g_autoptr(IscAccount) held = NULL;
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative ((gint64) 3600 * 1000);
  g_autoptr(IscQuery) query = isc_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1", ISC_MODE_SUMMARY, range, NULL);
  g_autoptr(GBytes) body = g_bytes_new_static ("{}", 2);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  IscResponseCache *cache;

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  account = isc_account_new_demo (server, &error);
  g_assert_no_error (error);
  held = g_object_ref (account);
  cache = isc_account_get_cache (account);
  dir = g_strdup (isc_response_cache_get_directory (cache));
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));

  isc_account_close (account);
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
  g_assert_true (isc_response_cache_store (cache, isc_account_get_base_url (account), query, body, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
  /* Twice is once. */
  isc_account_close (account);
}

/* A demo cache directory as a demo ended by SIGKILL leaves it: a file in
 * it, untouched for an hour. */
static char *
make_demo_dir (gboolean old)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("inferscope-demo-XXXXXX", &error);
  g_autofree char *file = NULL;

  g_assert_no_error (error);
  file = g_build_filename (dir, "kept.json", NULL);
  g_assert_true (g_file_set_contents (file, "{}", -1, NULL));
  if (old)
    {
      struct utimbuf hour_ago = { time (NULL) - 3600, time (NULL) - 3600 };

      g_assert_cmpint (g_utime (dir, &hour_ago), ==, 0);
    }
  return dir;
}

/* Starting the demo removes the caches earlier demos left behind (ended
 * by SIGKILL, so with no chance to clean up), never the cache of a demo
 * still running, nor one just made. */
static void
test_demo_stale (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(IscAccount) account = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *left = make_demo_dir (TRUE);
  g_autofree char *running = make_demo_dir (TRUE);
  g_autofree char *fresh = make_demo_dir (FALSE);
  int held;

  /* A running demo holds its directory as the account does. */
  held = open (running, O_RDONLY | O_DIRECTORY);
  g_assert_cmpint (held, >=, 0);
  g_assert_cmpint (flock (held, LOCK_EX | LOCK_NB), ==, 0);

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  account = isc_account_new_demo (server, &error);
  g_assert_no_error (error);

  g_assert_false (g_file_test (left, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (running, G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_test (fresh, G_FILE_TEST_IS_DIR));

  /* The account's own is held while it lives. */
  {
    const char *own = isc_response_cache_get_directory (isc_account_get_cache (account));
    int fd = open (own, O_RDONLY | O_DIRECTORY);

    g_assert_cmpint (fd, >=, 0);
    g_assert_cmpint (flock (fd, LOCK_EX | LOCK_NB), !=, 0);
    close (fd);
  }

  close (held);
  g_clear_object (&account);
  test_remove_dir (running);
  test_remove_dir (fresh);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/account/new", test_new);
  g_test_add ("/isc/account/wrong-key", Fixture, NULL, fixture_setup, test_wrong_key, fixture_teardown);
  g_test_add ("/isc/account/right-key-and-forget", Fixture, NULL, fixture_setup, test_right_key_and_forget, fixture_teardown);
  g_test_add_func ("/isc/account/keyring-fails", test_keyring_fails);
  g_test_add ("/isc/account/resolve", Fixture, NULL, fixture_setup, test_resolve, fixture_teardown);
  g_test_add ("/isc/account/cache", Fixture, NULL, fixture_setup, test_cache, fixture_teardown);
  g_test_add_func ("/isc/account/demo", test_demo);
  g_test_add_func ("/isc/account/demo-stale", test_demo_stale);
  g_test_add_func ("/isc/account/demo-close", test_demo_close);

  return g_test_run ();
}
