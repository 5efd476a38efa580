/* test-count-tests.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* build-aux/count-tests.py, which ends every test run with its count:
 * on a person's machine a skipped test is counted as skipped; in CI
 * (CI=true), where build-aux/setup installed everything the tests need,
 * a skip fails the run and is named, unless its reason is one no setup
 * can fix. */

#include "config.h"

#include <string.h>
#include <gio/gio.h>

#include "isc-test-util.h"

typedef struct
{
  int   status;
  char *output;
} Count;

static void
count_clear (Count *count)
{
  g_clear_pointer (&count->output, g_free);
}

/* One meson testlog.json entry for the program @name: TAP output @tap,
 * and meson's verdict @result. */
static char *
entry (const char *name,
       const char *result,
       const char *tap)
{
  g_autofree char *escaped = g_strescape (tap, NULL);

  return g_strdup_printf ("{\"name\": \"%s\", \"result\": \"%s\", \"stdout\": \"%s\", \"stderr\": \"\"}\n",
                          name, result, escaped);
}

/* Runs count-tests.py on a log of @entries, with CI set to @ci (NULL:
 * unset). */
static void
run_count (const char * const *entries,
           const char         *ci,
           Count              *count)
{
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "..", "build-aux", "count-tests.py", NULL);
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *log = g_build_filename (dir, "testlog.json", NULL);
  g_autofree char *contents = g_strjoinv ("", (char **) entries);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (log, contents, -1, &error));
  g_assert_no_error (error);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  if (ci != NULL)
    g_subprocess_launcher_setenv (launcher, "CI", ci, TRUE);
  else
    g_subprocess_launcher_unsetenv (launcher, "CI");
  process = g_subprocess_launcher_spawn (launcher, &error, "/usr/bin/python3", script, log, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &count->output, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  count->status = g_subprocess_get_exit_status (process);
  test_remove_dir (dir);
}

#define XDOTOOL_SKIP \
  "TAP version 14\n1..2\nok 1 /isc/series-toggles/view/click\n" \
  "ok 2 /isc/series-toggles/view/ctrl-click # SKIP no X11 display or xdotool to send a Ctrl+click\n"
#define ROOT_SKIP \
  "TAP version 14\n1..2\nok 1 /isc/cache/write\n" \
  "ok 2 /isc/cache/foreign-owner # SKIP Cannot give a folder to another user (not root)\n"
#define ALL_PASS \
  "TAP version 14\n1..1\nok 1 /isc/units/bytes\n"

/* A test skipped for want of a program: counted as skipped at home,
 * failed and named in CI. */
static void
test_fixable_skip (void)
{
  g_autofree char *skipping = entry ("series-toggles", "OK", XDOTOOL_SKIP);
  g_autofree char *passing = entry ("units", "OK", ALL_PASS);
  const char *entries[] = { skipping, passing, NULL };
  Count count = { 0 };

  run_count (entries, NULL, &count);
  g_assert_cmpint (count.status, ==, 0);
  g_assert_nonnull (strstr (count.output, "2 passed, 0 failed, 1 skipped"));
  count_clear (&count);

  run_count (entries, "true", &count);
  g_assert_cmpint (count.status, !=, 0);
  g_assert_nonnull (strstr (count.output, "2 passed, 1 failed"));
  g_assert_nonnull (strstr (count.output, "/isc/series-toggles/view/ctrl-click"));
  g_assert_nonnull (strstr (count.output, "no X11 display or xdotool"));
  count_clear (&count);
}

/* A reason no setup can fix (the CI picks its user) stays a skip in CI. */
static void
test_unfixable_skip (void)
{
  g_autofree char *skipping = entry ("cache", "OK", ROOT_SKIP);
  const char *entries[] = { skipping, NULL };
  Count count = { 0 };

  run_count (entries, "true", &count);
  g_assert_cmpint (count.status, ==, 0);
  g_assert_nonnull (strstr (count.output, "1 passed, 0 failed, 1 skipped"));
  count_clear (&count);
}

/* A whole program skipped (exit status 77) gives no reason: it fails in
 * CI. */
static void
test_program_skip (void)
{
  g_autofree char *skipping = entry ("fuzz-decode", "SKIP", "");
  const char *entries[] = { skipping, NULL };
  Count count = { 0 };

  run_count (entries, NULL, &count);
  g_assert_cmpint (count.status, ==, 0);
  g_assert_nonnull (strstr (count.output, "0 passed, 0 failed, 1 skipped"));
  count_clear (&count);

  run_count (entries, "true", &count);
  g_assert_cmpint (count.status, !=, 0);
  g_assert_nonnull (strstr (count.output, "fuzz-decode"));
  count_clear (&count);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/count-tests/fixable-skip", test_fixable_skip);
  g_test_add_func ("/isc/count-tests/unfixable-skip", test_unfixable_skip);
  g_test_add_func ("/isc/count-tests/program-skip", test_program_skip);

  return g_test_run ();
}
