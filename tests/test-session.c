/* test-session.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* IscSession: which page a person lands on and with which account, from
 * BASETEN_API_KEY, libsecret's file keyring (set up by meson) or nothing;
 * the demo; connecting; a new base URL kept in GSettings (the memory
 * backend); signing out. Keyed demo servers run in threads.
 */

#include "config.h"

#include <string.h>

#include "isc-api-error.h"
#include "isc-session.h"
#include "isc-test-util.h"

#define KEY "sk-session-test-0002"
#define SCHEMA_ID "io.github.inferscope.Inferscope"

typedef struct
{
  GSettings     *settings;
  IscDemoServer *server;     /* keyed with KEY */
  const char    *base_url;
  char          *cache_dir;
  IscSession    *session;
  GAsyncResult  *result;
  guint          n_state_notifies;
} Fixture;

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    data)
{
  (*(guint *) data)++;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->settings = g_settings_new (SCHEMA_ID);
  g_settings_reset (f->settings, "base-url");

  f->server = isc_demo_server_new (1, KEY);
  g_assert_true (isc_demo_server_run_in_thread (f->server, 0, &error));
  g_assert_no_error (error);
  f->base_url = isc_demo_server_get_base_url (f->server);

  f->cache_dir = test_temp_dir ();
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->result);
  g_clear_object (&f->session);
  g_clear_object (&f->server);
  g_settings_reset (f->settings, "base-url");
  g_clear_object (&f->settings);
  test_remove_dir (f->cache_dir);
  g_clear_pointer (&f->cache_dir, g_free);
  g_setenv (ISC_CREDENTIALS_ENV, "", TRUE);
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

static GAsyncResult *
wait_result (Fixture *f)
{
  g_clear_object (&f->result);
  g_assert_true (test_wait_for (has_result, f));
  return f->result;
}

static void
make_session (Fixture   *f,
              GSettings *settings)
{
  g_clear_object (&f->session);
  f->session = isc_session_new (settings, f->cache_dir);
  g_signal_connect (f->session, "notify::state", G_CALLBACK (count_notify), &f->n_state_notifies);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_STARTING);
}

static void
start (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  isc_session_start_async (f->session, NULL, on_result, f);
  g_assert_true (isc_session_start_finish (f->session, wait_result (f), &error));
  g_assert_no_error (error);
}

static gboolean
list_filled (gpointer data)
{
  IscTargetList *list = data;

  return !isc_target_list_get_loading (list) && g_list_model_get_n_items (G_LIST_MODEL (list)) > 0;
}

/* The demo fleet as the sidebar shows it. */
static void
assert_demo_fleet (IscSession *session)
{
  IscTargetList *list = isc_session_get_target_list (session);
  const IscTarget *target;

  g_assert_true (test_wait_for (list_filled, list));
  g_assert_null (isc_target_list_get_error (list));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 21);
  target = isc_target_list_get_default_target (list);
  g_assert_nonnull (target);
  g_assert_cmpstr (target->model_id, ==, ISC_DEMO_MODEL_CHAT);
  g_assert_cmpstr (target->id, ==, "production");
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
test_no_key (Fixture       *f,
             gconstpointer  data)
{
  /* Without settings: Baseten's address, nothing kept, nothing sent. */
  make_session (f, NULL);
  g_assert_null (isc_session_get_settings (f->session));
  g_assert_cmpstr (isc_session_get_base_url (f->session), ==, ISC_CLIENT_DEFAULT_BASE_URL);
  start (f);

  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_WELCOME);
  g_assert_null (isc_session_get_account (f->session));
  g_assert_null (isc_session_get_message (f->session));
  g_assert_cmpuint (f->n_state_notifies, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (isc_session_get_target_list (f->session))), ==, 0);

  /* With settings pointing at a server whose key is nowhere. */
  g_settings_set_string (f->settings, "base-url", f->base_url);
  make_session (f, f->settings);
  g_assert_true (isc_session_get_settings (f->session) == f->settings);
  g_assert_cmpstr (isc_session_get_base_url (f->session), ==, f->base_url);
  start (f);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_WELCOME);
}

static void
test_environment_key (Fixture       *f,
                      gconstpointer  data)
{
  IscAccount *account;

  g_settings_set_string (f->settings, "base-url", f->base_url);
  g_setenv (ISC_CREDENTIALS_ENV, KEY, TRUE);
  make_session (f, f->settings);
  start (f);

  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_READY);
  account = isc_session_get_account (f->session);
  g_assert_nonnull (account);
  g_assert_false (isc_account_get_is_demo (account));
  g_assert_cmpint (isc_account_get_key_source (account), ==, ISC_KEY_SOURCE_ENVIRONMENT);
  g_assert_cmpstr (isc_account_get_base_url (account), ==, f->base_url);
  /* The session's cache, in the directory it was given. */
  g_assert_nonnull (isc_account_get_cache (account));
  g_assert_cmpstr (isc_response_cache_get_directory (isc_account_get_cache (account)), ==, f->cache_dir);

  /* The key works: discovery fills the list. */
  assert_demo_fleet (f->session);
}

static void
test_keyring_key (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  IscAccount *account;

  g_assert_true (secret_password_store_sync (isc_credentials_get_schema (), SECRET_COLLECTION_DEFAULT,
                                             "test key", KEY, NULL, &error,
                                             "base-url", f->base_url,
                                             NULL));
  g_assert_no_error (error);

  g_settings_set_string (f->settings, "base-url", f->base_url);
  make_session (f, f->settings);
  start (f);

  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_READY);
  account = isc_session_get_account (f->session);
  g_assert_cmpint (isc_account_get_key_source (account), ==, ISC_KEY_SOURCE_KEYRING);
  assert_demo_fleet (f->session);

  /* Signing out forgets it: the keyring item is gone, the list empty,
   * and the next start is the welcome page. */
  isc_session_sign_out_async (f->session, NULL, on_result, f);
  g_assert_true (isc_session_sign_out_finish (f->session, wait_result (f), &error));
  g_assert_no_error (error);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_WELCOME);
  g_assert_null (isc_session_get_account (f->session));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (isc_session_get_target_list (f->session))), ==, 0);
  {
    g_autofree char *gone = keyring_lookup (f->base_url);

    g_assert_null (gone);
  }

  make_session (f, f->settings);
  start (f);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_WELCOME);
}

static void
test_demo (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  IscAccount *account;
  guint account_notifies = 0;

  make_session (f, f->settings);
  g_signal_connect (f->session, "notify::account", G_CALLBACK (count_notify), &account_notifies);
  start (f);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_WELCOME);

  g_assert_true (isc_session_use_demo (f->session, &error));
  g_assert_no_error (error);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_READY);
  g_assert_cmpuint (account_notifies, ==, 1);
  account = isc_session_get_account (f->session);
  g_assert_nonnull (account);
  g_assert_true (isc_account_get_is_demo (account));
  g_assert_cmpstr (isc_account_get_workspace (account), ==, "Demo");
  assert_demo_fleet (f->session);

  /* The demo is not kept as the base URL. */
  {
    g_autofree char *saved = g_settings_get_string (f->settings, "base-url");

    g_assert_cmpstr (saved, ==, ISC_CLIENT_DEFAULT_BASE_URL);
  }

  /* Again: the same demo. */
  g_assert_true (isc_session_use_demo (f->session, &error));
  g_assert_true (isc_session_get_account (f->session) == account);

  /* Leaving it: the welcome page, nothing to forget. */
  isc_session_sign_out_async (f->session, NULL, on_result, f);
  g_assert_true (isc_session_sign_out_finish (f->session, wait_result (f), &error));
  g_assert_no_error (error);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_WELCOME);
  g_assert_null (isc_session_get_account (f->session));
  g_assert_cmpuint (account_notifies, ==, 2);
}

static void
test_connect (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;
  IscAccount *account;

  g_settings_set_string (f->settings, "base-url", f->base_url);
  make_session (f, f->settings);
  start (f);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_WELCOME);

  /* A refused key changes nothing. */
  isc_session_connect_async (f->session, "sk-wrong", NULL, on_result, f);
  g_assert_false (isc_session_connect_finish (f->session, wait_result (f), &error));
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_KEY_REFUSED);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_WELCOME);
  g_assert_null (isc_session_get_account (f->session));
  g_clear_error (&error);
  kept = keyring_lookup (f->base_url);
  g_assert_null (kept);

  /* From the demo, with a target added by id there... */
  g_assert_true (isc_session_use_demo (f->session, &error));
  g_assert_no_error (error);
  assert_demo_fleet (f->session);
  {
    g_autoptr(IscTarget) added = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                                 "demo-chat-d99", NULL, NULL);

    isc_target_list_add_target (isc_session_get_target_list (f->session), added);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (isc_session_get_target_list (f->session))), ==, 22);
  }

  /* ...the right key is kept and used, and the demo's target is gone. */
  isc_session_connect_async (f->session, KEY, NULL, on_result, f);
  g_assert_true (isc_session_connect_finish (f->session, wait_result (f), &error));
  g_assert_no_error (error);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_READY);
  g_assert_null (isc_session_get_message (f->session));
  account = isc_session_get_account (f->session);
  g_assert_nonnull (account);
  g_assert_cmpint (isc_account_get_key_source (account), ==, ISC_KEY_SOURCE_KEYRING);
  g_assert_cmpstr (isc_account_get_workspace (account), ==, "Inferscope demo");
  g_assert_false (isc_account_get_is_demo (account));
  kept = keyring_lookup (f->base_url);
  g_assert_cmpstr (kept, ==, KEY);
  assert_demo_fleet (f->session);
}

static void
test_base_url (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *with_slash = g_strconcat (f->base_url, "/", NULL);
  g_autofree char *saved = NULL;
  guint base_url_notifies = 0;

  make_session (f, f->settings);
  g_signal_connect (f->session, "notify::base-url", G_CALLBACK (count_notify), &base_url_notifies);
  start (f);

  /* An address the client refuses is not kept. */
  isc_session_set_base_url_async (f->session, "http://example.com", NULL, on_result, f);
  g_assert_false (isc_session_set_base_url_finish (f->session, wait_result (f), &error));
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_INVALID_URL);
  g_clear_error (&error);
  g_assert_cmpuint (base_url_notifies, ==, 0);
  saved = g_settings_get_string (f->settings, "base-url");
  g_assert_cmpstr (saved, ==, ISC_CLIENT_DEFAULT_BASE_URL);
  g_clear_pointer (&saved, g_free);

  /* A good one is saved without its slash, and its key looked for: the
   * environment has one, so the session is ready at the new address. */
  g_setenv (ISC_CREDENTIALS_ENV, KEY, TRUE);
  isc_session_set_base_url_async (f->session, with_slash, NULL, on_result, f);
  g_assert_true (isc_session_set_base_url_finish (f->session, wait_result (f), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (base_url_notifies, ==, 1);
  g_assert_cmpstr (isc_session_get_base_url (f->session), ==, f->base_url);
  saved = g_settings_get_string (f->settings, "base-url");
  g_assert_cmpstr (saved, ==, f->base_url);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_READY);
  g_assert_cmpstr (isc_account_get_base_url (isc_session_get_account (f->session)), ==, f->base_url);
  assert_demo_fleet (f->session);

  /* A new session reads it back. */
  make_session (f, f->settings);
  g_assert_cmpstr (isc_session_get_base_url (f->session), ==, f->base_url);
}

static void
test_message (Fixture       *f,
              gconstpointer  data)
{
  guint message_notifies = 0;
  g_autoptr(GError) error = NULL;

  /* A base URL in the settings that the client refuses (edited by hand):
   * the welcome page says why rather than failing in silence. */
  g_settings_set_string (f->settings, "base-url", "http://example.com");
  g_setenv (ISC_CREDENTIALS_ENV, KEY, TRUE);
  make_session (f, f->settings);
  g_signal_connect (f->session, "notify::message", G_CALLBACK (count_notify), &message_notifies);
  start (f);

  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_WELCOME);
  g_assert_nonnull (isc_session_get_message (f->session));
  g_assert_nonnull (strstr (isc_session_get_message (f->session), "https"));
  g_assert_null (strstr (isc_session_get_message (f->session), KEY));
  g_assert_cmpuint (message_notifies, ==, 1);

  isc_session_clear_message (f->session);
  g_assert_null (isc_session_get_message (f->session));
  g_assert_cmpuint (message_notifies, ==, 2);

  /* The demo still works from there. */
  g_assert_true (isc_session_use_demo (f->session, &error));
  g_assert_no_error (error);
  g_assert_cmpint (isc_session_get_state (f->session), ==, ISC_SESSION_READY);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/isc/session/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("no-key", test_no_key);
  ADD ("environment-key", test_environment_key);
  ADD ("keyring-key-and-sign-out", test_keyring_key);
  ADD ("demo", test_demo);
  ADD ("connect", test_connect);
  ADD ("base-url", test_base_url);
  ADD ("message", test_message);

#undef ADD

  return g_test_run ();
}
