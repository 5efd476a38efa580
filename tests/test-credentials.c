/* test-credentials.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "isc-api-error.h"
#include "isc-credentials.h"
#include "isc-test-util.h"

/* libsecret's file backend (SECRET_BACKEND=file, set in tests/meson.build)
 * keeps a keyring in the test's private home: no daemon, and never the
 * person's keyring. A child process stands for the next session.
 */

#define KEY_A "sk-credentials-test-AAAA-1111"
#define KEY_B "sk-credentials-test-BBBB-2222"
#define URL_A "https://api.baseten.co"
#define URL_B "http://127.0.0.1:9999"

static GString *captured_log;

typedef struct
{
  gboolean      done;
  gboolean      ok;
  char         *key;
  IscKeySource  source;
  GError       *error;
} Outcome;

static void
outcome_clear (Outcome *outcome)
{
  g_clear_pointer (&outcome->key, g_free);
  g_clear_error (&outcome->error);
  memset (outcome, 0, sizeof *outcome);
}

static void
on_lookup (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  Outcome *outcome = data;

  outcome->key = isc_credentials_lookup_finish (result, &outcome->source, &outcome->error);
  outcome->done = TRUE;
}

static void
on_stored (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  Outcome *outcome = data;

  outcome->ok = isc_credentials_store_finish (result, &outcome->error);
  outcome->done = TRUE;
}

static void
on_cleared (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  Outcome *outcome = data;

  outcome->ok = isc_credentials_clear_finish (result, &outcome->error);
  outcome->done = TRUE;
}

static void
wait_outcome (Outcome *outcome)
{
  while (!outcome->done)
    g_main_context_iteration (NULL, TRUE);

  if (outcome->error != NULL)
    {
      g_string_append (captured_log, outcome->error->message);
      g_string_append_c (captured_log, '\n');
    }
}

static void
lookup (const char *url,
        Outcome    *outcome)
{
  memset (outcome, 0, sizeof *outcome);
  isc_credentials_lookup_async (url, NULL, on_lookup, outcome);
  wait_outcome (outcome);
}

static void
store (const char *url,
       const char *key,
       Outcome    *outcome)
{
  memset (outcome, 0, sizeof *outcome);
  isc_credentials_store_async (url, key, NULL, on_stored, outcome);
  wait_outcome (outcome);
}

static void
clear (const char *url,
       Outcome    *outcome)
{
  memset (outcome, 0, sizeof *outcome);
  isc_credentials_clear_async (url, NULL, on_cleared, outcome);
  wait_outcome (outcome);
}

static void
test_store_and_next_session (void)
{
  Outcome outcome;

  if (g_test_subprocess ())
    {
      /* The next session finds both keys in the keyring, each under its
       * own base URL. */
      lookup (URL_A, &outcome);
      g_assert_no_error (outcome.error);
      g_assert_cmpstr (outcome.key, ==, KEY_A);
      g_assert_cmpint (outcome.source, ==, ISC_KEY_SOURCE_KEYRING);
      outcome_clear (&outcome);

      lookup (URL_B, &outcome);
      g_assert_cmpstr (outcome.key, ==, KEY_B);
      outcome_clear (&outcome);

      /* The blocking form, for the headless export, agrees. */
      {
        g_autoptr(GError) error = NULL;
        IscKeySource source = ISC_KEY_SOURCE_NONE;
        g_autofree char *key = isc_credentials_lookup_sync (URL_A, &source, NULL, &error);

        g_assert_no_error (error);
        g_assert_cmpstr (key, ==, KEY_A);
        g_assert_cmpint (source, ==, ISC_KEY_SOURCE_KEYRING);
      }
      return;
    }

  store (URL_A, KEY_A, &outcome);
  g_assert_no_error (outcome.error);
  g_assert_true (outcome.ok);
  outcome_clear (&outcome);

  /* A pasted key loses its newline. */
  store (URL_B, "  " KEY_B "\n", &outcome);
  g_assert_no_error (outcome.error);
  outcome_clear (&outcome);

  lookup (URL_A, &outcome);
  g_assert_cmpstr (outcome.key, ==, KEY_A);
  outcome_clear (&outcome);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_keyring_file_holds_no_plain_key (void)
{
  const char *path = g_getenv ("SECRET_FILE_TEST_PATH");
  g_autofree char *contents = NULL;
  gsize length = 0;
  Outcome outcome;

  store (URL_A, KEY_A, &outcome);
  g_assert_no_error (outcome.error);
  outcome_clear (&outcome);

  g_assert_nonnull (path);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 0);
  g_assert_null (memmem (contents, length, KEY_A, strlen (KEY_A)));
}

static void
test_unknown_url (void)
{
  Outcome outcome;

  lookup ("https://nothing-stored.example", &outcome);

  /* Nothing kept is not an error. */
  g_assert_no_error (outcome.error);
  g_assert_null (outcome.key);
  g_assert_cmpint (outcome.source, ==, ISC_KEY_SOURCE_NONE);
}

static void
test_environment_overrides (void)
{
  Outcome outcome;

  store (URL_A, KEY_A, &outcome);
  outcome_clear (&outcome);

  g_setenv (ISC_CREDENTIALS_ENV, "sk-from-environment", TRUE);
  lookup (URL_A, &outcome);
  g_assert_cmpstr (outcome.key, ==, "sk-from-environment");
  g_assert_cmpint (outcome.source, ==, ISC_KEY_SOURCE_ENVIRONMENT);
  outcome_clear (&outcome);

  /* Empty (what the tests set) or blank does not count. */
  g_setenv (ISC_CREDENTIALS_ENV, "  ", TRUE);
  lookup (URL_A, &outcome);
  g_assert_cmpstr (outcome.key, ==, KEY_A);
  g_assert_cmpint (outcome.source, !=, ISC_KEY_SOURCE_ENVIRONMENT);
  outcome_clear (&outcome);

  g_setenv (ISC_CREDENTIALS_ENV, "", TRUE);
}

static void
test_clear (void)
{
  Outcome outcome;

  if (g_test_subprocess ())
    {
      lookup (URL_A, &outcome);
      g_assert_no_error (outcome.error);
      g_assert_null (outcome.key);
      return;
    }

  store (URL_A, KEY_A, &outcome);
  outcome_clear (&outcome);
  clear (URL_A, &outcome);
  g_assert_no_error (outcome.error);
  outcome_clear (&outcome);

  /* Gone from this session and from the keyring. */
  lookup (URL_A, &outcome);
  g_assert_null (outcome.key);
  outcome_clear (&outcome);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_no_secret_service (void)
{
  Outcome outcome;

  if (g_test_subprocess ())
    {
      /* A session with no Secret Service: libsecret's D-Bus backend and
       * a bus that does not exist. */
      g_setenv ("SECRET_BACKEND", "service", TRUE);
      g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/inferscope-test-bus", TRUE);

      store (URL_A, KEY_A, &outcome);
      g_assert_false (outcome.ok);
      g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_NO_KEYRING);
      g_assert_nonnull (strstr (outcome.error->message, "kept only until Inferscope quits"));
      g_assert_null (strstr (outcome.error->message, KEY_A));
      g_printerr ("%s\n", outcome.error->message);
      outcome_clear (&outcome);

      /* …and the key still works for this session. */
      lookup (URL_A, &outcome);
      g_assert_no_error (outcome.error);
      g_assert_cmpstr (outcome.key, ==, KEY_A);
      g_assert_cmpint (outcome.source, ==, ISC_KEY_SOURCE_SESSION);
      outcome_clear (&outcome);

      /* A URL with no session key says the keyring is missing, in words
       * that fit a lookup (nothing was to be kept) and a way on that works
       * in the window and in `inferscope export` alike. */
      lookup (URL_B, &outcome);
      g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_NO_KEYRING);
      g_assert_null (outcome.key);
      g_assert_nonnull (strstr (outcome.error->message, "to look up the API key"));
      g_assert_nonnull (strstr (outcome.error->message, "Set BASETEN_API_KEY"));
      g_assert_null (strstr (outcome.error->message, "kept only until"));
      outcome_clear (&outcome);

      /* Forgetting a key: the session's copy is gone, and that is said. */
      clear (URL_A, &outcome);
      g_assert_false (outcome.ok);
      g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_NO_KEYRING);
      g_assert_nonnull (strstr (outcome.error->message, "forgotten for this session only"));
      outcome_clear (&outcome);
      lookup (URL_A, &outcome);
      g_assert_null (outcome.key);
      outcome_clear (&outcome);

      g_assert_null (strstr (captured_log->str, KEY_A));
      return;
    }

  g_test_trap_subprocess (NULL, 0, 0);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*No keyring is available*");
  g_test_trap_assert_stderr_unmatched ("*" KEY_A "*");
}

static void
test_key_never_logged (void)
{
  /* Everything this process logged or failed with, keys absent. */
  g_assert_null (strstr (captured_log->str, KEY_A));
  g_assert_null (strstr (captured_log->str, KEY_B));
}

int
main (int   argc,
      char *argv[])
{
  const char *keyring = g_getenv ("SECRET_FILE_TEST_PATH");

  g_setenv ("G_MESSAGES_DEBUG", "all", TRUE);
  captured_log = g_string_new (NULL);
  g_log_set_writer_func (test_capture_writer, captured_log, NULL);

  g_test_init (&argc, &argv, NULL);
  test_log_to_writer ();

  /* The file backend does not make the keyring's folder. */
  if (keyring != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (keyring);
      g_mkdir_with_parents (dir, 0700);
    }

  g_test_add_func ("/isc/credentials/store-and-next-session", test_store_and_next_session);
  g_test_add_func ("/isc/credentials/keyring-file-no-plain-key", test_keyring_file_holds_no_plain_key);
  g_test_add_func ("/isc/credentials/unknown-url", test_unknown_url);
  g_test_add_func ("/isc/credentials/environment-overrides", test_environment_overrides);
  g_test_add_func ("/isc/credentials/clear", test_clear);
  g_test_add_func ("/isc/credentials/no-secret-service", test_no_secret_service);
  g_test_add_func ("/isc/credentials/zz/key-never-logged", test_key_never_logged);

  return g_test_run ();
}
