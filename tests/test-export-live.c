/* test-export-live.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Runs the real `inferscope export` (INFERSCOPE_BINARY) against the
 * simulated API: in its own process with --demo, or in this one (a demo
 * server on a thread of its own, with a key) with --base-url.
 */

#include "config.h"

#include <string.h>

#include "isc-credentials.h"
#include "isc-demo-server.h"
#include "isc-test-util.h"

#define TEST_KEY "sk-export-live-test-9a9a"

#define RUN(run, ...) test_run_export ((run), NULL, (const char *[]) { __VA_ARGS__, NULL })

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p != '\0'; p++)
    if (*p == '\n')
      n++;

  return n;
}

static void
test_demo_series (void)
{
  g_auto(TestRun) run = { 0 };

  RUN (&run, "--demo", "--model", ISC_DEMO_MODEL_CHAT, "--deployment", ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION,
       "--range", "15m", "--metrics", "baseten_replicas_active,baseten_inference_requests_total",
       "--format", "csv");

  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out,
                                   "time,epoch_millis,baseten_replicas_active,"
                                   "baseten_inference_requests_total{status=2xx},"));
  /* 15 minutes of 30 s steps, give or take the partial ones. */
  g_assert_cmpuint (count_lines (run.out), >=, 25);
  g_assert_cmpuint (count_lines (run.out), <=, 35);
}

static void
test_demo_default (void)
{
  g_auto(TestRun) run = { 0 };

  /* The command of the issue: defaults to the last hour's series of
   * Baseten's default metrics. */
  RUN (&run, "--demo", "--model", ISC_DEMO_FIRST_MODEL, "--deployment", ISC_DEMO_FIRST_DEPLOYMENT,
       "--format", "csv");

  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "baseten_end_to_end_response_time_seconds{quantile=0.5}"));
  g_assert_cmpuint (count_lines (run.out), >=, 100);
}

static void
test_demo_environment_summary (void)
{
  g_auto(TestRun) run = { 0 };

  RUN (&run, "--demo", "--model", ISC_DEMO_MODEL_EMBED, "--environment", ISC_DEMO_ENVIRONMENT_PRODUCTION,
       "--mode", "summary", "--start", "2026-11-29T10:00:00Z", "--end", "2026-11-29T16:00:00Z",
       "--format", "csv");

  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  /* One header, one value set, starting at the asked start. */
  g_assert_cmpuint (count_lines (run.out), ==, 2);
  g_assert_nonnull (strstr (run.out, "\n2026-11-29T10:00:00Z,"));
}

/* --start and --end without a zone are local time, as the window reads
 * a time; UTC with --utc; a zone given is kept. */
static void
test_zoneless_times_local (void)
{
  static const struct
  {
    const char *start;
    const char *end;
    gboolean    utc;
    const char *first_step;
  } cases[] = {
    { "2026-11-29T10:00:00", "2026-11-29T16:00:00", FALSE, "\n2026-11-29T09:00:00Z," },
    { "2026-11-29T10:00:00", "2026-11-29T16:00:00", TRUE, "\n2026-11-29T10:00:00Z," },
    { "2026-11-29T10:00:00Z", "2026-11-29T16:00:00Z", FALSE, "\n2026-11-29T10:00:00Z," },
    { "2026-11-29T10:00:00+05:30", "2026-11-29T16:00:00+05:30", FALSE, "\n2026-11-29T04:30:00Z," },
  };

  /* Berlin is an hour ahead of UTC in November. */
  g_setenv ("TZ", "Europe/Berlin", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(TestRun) run = { 0 };

      RUN (&run, "--demo", "--model", ISC_DEMO_MODEL_EMBED, "--environment", ISC_DEMO_ENVIRONMENT_PRODUCTION,
           "--mode", "summary", "--start", cases[i].start, "--end", cases[i].end,
           cases[i].utc ? "--utc" : "--format", cases[i].utc ? "--format" : "csv", cases[i].utc ? "csv" : NULL);

      g_test_message ("%s%s: %s", cases[i].start, cases[i].utc ? " --utc" : "", run.out);
      g_assert_cmpstr (run.err, ==, "");
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, cases[i].first_step));
    }
  g_setenv ("TZ", "UTC", TRUE);
}

typedef struct
{
  const char *name;
  const char *args[16];
  int         status;
  const char *message;
} FailCase;

static const FailCase fail_cases[] = {
  { "503", { "--demo", "--model", ISC_DEMO_MODEL_CHAT, "--deployment", "fault-503" },
    1, "Baseten had a server error (HTTP 503) and still did after 2 retries" },
  { "truncate", { "--demo", "--model", ISC_DEMO_MODEL_CHAT, "--deployment", "fault-truncate" },
    1, "cut off" },
  { "invalid-json", { "--demo", "--model", ISC_DEMO_MODEL_CHAT, "--deployment", "fault-invalid-json" },
    1, "cannot read" },
  /* A SUMMARY answer to the SERIES asked: never a SUMMARY CSV that says
   * it is the series. */
  { "other-mode", { "--demo", "--model", ISC_DEMO_MODEL_CHAT, "--deployment", "fault-other-mode" },
    1, "a SUMMARY response to a SERIES request" },
  { "unknown-model", { "--demo", "--model", "nope", "--deployment", "d1" },
    1, "No deployment “d1” in model “nope”" },
  { "unknown-metric", { "--demo", "--model", ISC_DEMO_MODEL_CHAT, "--deployment", ISC_DEMO_FIRST_DEPLOYMENT,
                        "--metrics", "baseten_nope" },
    1, "rejected the request (HTTP 400)" },
  { "refused", { "--base-url", "http://127.0.0.1:1", "--model", "m", "--deployment", "d" },
    1, "Could not reach “127.0.0.1”" },
  { "both-targets", { "--demo", "--model", "m", "--deployment", "d", "--environment", "e" },
    2, "exactly one of --deployment and --environment" },
  { "no-target", { "--demo", "--model", "m" },
    2, "exactly one of --deployment and --environment" },
  { "no-model", { "--demo", "--deployment", "d" },
    2, "--model" },
  { "current-with-range", { "--demo", "--model", "m", "--deployment", "d", "--mode", "current", "--range", "1h" },
    2, "snapshot of now" },
  { "range-8d", { "--demo", "--model", "m", "--deployment", "d", "--range", "8d" },
    2, "longer than 7 days" },
  { "range-unknown", { "--demo", "--model", "m", "--deployment", "d", "--range", "yesterday" },
    2, "Unknown range" },
  { "start-after-end", { "--demo", "--model", "m", "--deployment", "d",
                         "--start", "2026-11-29T12:00:00Z", "--end", "2026-11-29T11:00:00Z" },
    2, "ends before it starts" },
  { "start-alone", { "--demo", "--model", "m", "--deployment", "d", "--start", "2026-11-29T12:00:00Z" },
    2, "--start and --end together" },
  { "bad-time", { "--demo", "--model", "m", "--deployment", "d", "--start", "noon", "--end", "2026-11-29T12:00:00Z" },
    2, "not an ISO 8601 time" },
  { "plain-http", { "--base-url", "http://example.com", "--model", "m", "--deployment", "d" },
    2, "only over https" },
  { "demo-and-url", { "--demo", "--base-url", "https://api.baseten.co", "--model", "m", "--deployment", "d" },
    2, "--demo or --base-url" },
  { "mode-unknown", { "--demo", "--model", "m", "--deployment", "d", "--mode", "live" },
    2, "Unknown mode" },
};

static void
test_failure (gconstpointer data)
{
  const FailCase *c = data;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_auto(TestRun) run = { 0 };

  for (guint i = 0; c->args[i] != NULL; i++)
    g_ptr_array_add (args, (char *) c->args[i]);
  g_ptr_array_add (args, (char *) "--format");
  g_ptr_array_add (args, (char *) "csv");
  g_ptr_array_add (args, NULL);

  test_run_export (&run, NULL, (const char * const *) args->pdata);

  g_test_message ("%s: %s", c->name, run.err);
  g_assert_cmpint (run.status, ==, c->status);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "inferscope export: "));
  g_assert_nonnull (strstr (run.err, c->message));
}

static void
test_key_from_environment (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (5, TEST_KEY);
  g_autoptr(GError) error = NULL;
  const char *base_url;
  g_auto(TestRun) ok = { 0 };
  g_auto(TestRun) wrong = { 0 };
  g_auto(TestRun) none = { 0 };

  isc_demo_server_run_in_thread (server, 0, &error);
  g_assert_no_error (error);
  base_url = isc_demo_server_get_base_url (server);

  test_run_export (&ok, TEST_KEY,
                (const char *[]) { "--base-url", base_url, "--model", ISC_DEMO_MODEL_CHAT,
                                   "--deployment", ISC_DEMO_FIRST_DEPLOYMENT, "--format", "csv", NULL });
  g_assert_cmpstr (ok.err, ==, "");
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_true (g_str_has_prefix (ok.out, "time,epoch_millis,"));
  g_assert_null (strstr (ok.out, TEST_KEY));

  test_run_export (&wrong, "sk-not-the-key",
                (const char *[]) { "--base-url", base_url, "--model", ISC_DEMO_MODEL_CHAT,
                                   "--deployment", ISC_DEMO_FIRST_DEPLOYMENT, "--format", "csv", NULL });
  g_assert_cmpint (wrong.status, ==, 1);
  g_assert_nonnull (strstr (wrong.err, "Baseten refused the API key (HTTP 401)"));
  /* The command knows where the key came from, and says which to fix. */
  g_assert_nonnull (strstr (wrong.err, "The key came from BASETEN_API_KEY."));
  g_assert_null (strstr (wrong.err, "keyring"));
  g_assert_null (strstr (wrong.err, "sk-not-the-key"));
  g_assert_null (strstr (wrong.out, "sk-not-the-key"));

  /* No key anywhere (the keyring is the tests' empty file keyring). */
  test_run_export (&none, NULL,
                (const char *[]) { "--base-url", base_url, "--model", ISC_DEMO_MODEL_CHAT,
                                   "--deployment", ISC_DEMO_FIRST_DEPLOYMENT, "--format", "csv", NULL });
  g_assert_cmpint (none.status, ==, 1);
  g_assert_nonnull (strstr (none.err, "Baseten needs an API key"));
  g_assert_nonnull (strstr (none.err, "Set BASETEN_API_KEY"));
  /* Nothing the command does not have. */
  g_assert_null (strstr (none.err, "Preferences"));
}

static guint
count_in (const char *text,
          const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (text, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* A metric name Baseten refuses never fails the export: the name is left
 * out, said once on stderr by the catalogue's title (the pod-health pair,
 * behind a feature flag in this workspace) or by its name (one Baseten
 * does not know), and the rest comes, with exit status 0. */
static void
test_refused_metric (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (5, TEST_KEY);
  g_autoptr(GError) error = NULL;
  const char *base_url;
  g_auto(TestRun) run = { 0 };
  g_auto(TestRun) unknown = { 0 };

  isc_demo_server_set_unknown_metrics (server, isc_demo_server_pod_health_metrics);
  isc_demo_server_run_in_thread (server, 0, &error);
  g_assert_no_error (error);
  base_url = isc_demo_server_get_base_url (server);

  test_run_export (&run, TEST_KEY,
                   (const char *[]) { "--base-url", base_url, "--model", ISC_DEMO_MODEL_CHAT,
                                      "--deployment", ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, "--range", "15m",
                                      "--metrics", "baseten_replicas_active,baseten_pod_readiness,"
                                      "baseten_container_restarts_total,baseten_inference_requests_total",
                                      "--format", "csv", NULL });
  g_test_message ("%s", run.err);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out,
                                   "time,epoch_millis,baseten_replicas_active,"
                                   "baseten_inference_requests_total{status=2xx},"));
  g_assert_null (strstr (run.out, "baseten_pod_readiness"));
  g_assert_cmpuint (count_in (run.err, "Baseten does not report Pod readiness for this workspace"), ==, 1);
  g_assert_cmpuint (count_in (run.err, "Baseten does not report Container restarts for this workspace"), ==, 1);
  g_assert_cmpuint (count_lines (run.err), ==, 2);

  RUN (&unknown, "--demo", "--model", ISC_DEMO_MODEL_CHAT, "--deployment", ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION,
       "--range", "15m", "--metrics", "baseten_replicas_active,baseten_nope", "--format", "csv");
  g_test_message ("%s", unknown.err);
  g_assert_cmpint (unknown.status, ==, 0);
  g_assert_true (g_str_has_prefix (unknown.out, "time,epoch_millis,baseten_replicas_active"));
  g_assert_null (strstr (unknown.out, "baseten_nope"));
  g_assert_cmpuint (count_in (unknown.err, "“baseten_nope”"), ==, 1);
}

typedef struct
{
  gboolean  done;
  GError   *error;
} Stored;

static void
on_stored (GObject      *object,
           GAsyncResult *result,
           gpointer      data)
{
  Stored *stored = data;

  isc_credentials_store_finish (result, &stored->error);
  stored->done = TRUE;
}

static void
store_key (const char *base_url,
           const char *api_key)
{
  Stored stored = { 0 };

  isc_credentials_store_async (base_url, api_key, NULL, on_stored, &stored);
  while (!stored.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (stored.error);
}

static void
test_key_from_keyring (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (5, TEST_KEY);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  const char *base_url;
  g_auto(TestRun) wrong = { 0 };

  isc_demo_server_run_in_thread (server, 0, &error);
  g_assert_no_error (error);
  base_url = isc_demo_server_get_base_url (server);

  /* A stale key in the (private, file) keyring, none in the environment. */
  store_key (base_url, "sk-stale-keyring-key");

  test_run_export (&wrong, NULL,
                (const char *[]) { "--base-url", base_url, "--model", ISC_DEMO_MODEL_CHAT,
                                   "--deployment", ISC_DEMO_FIRST_DEPLOYMENT, "--format", "csv", NULL });
  g_test_message ("%s", wrong.err);
  g_assert_cmpint (wrong.status, ==, 1);
  g_assert_cmpstr (wrong.out, ==, "");
  g_assert_nonnull (strstr (wrong.err, "Baseten refused the API key (HTTP 401)"));
  /* Which key to fix: the keyring's, by the label it has there. */
  label = g_strdup_printf ("The key came from the keyring, where its label is “Baseten API key for %s”.",
                           base_url);
  g_assert_nonnull (strstr (wrong.err, label));
  g_assert_null (strstr (wrong.err, "The key came from BASETEN_API_KEY"));
  g_assert_null (strstr (wrong.err, "sk-stale-keyring-key"));
}

static void
test_help_base_url (void)
{
  g_auto(TestRun) run = { 0 };
  g_auto(GStrv) lines = NULL;
  const char *line = NULL;

  RUN (&run, "--help");

  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL && line == NULL; i++)
    if (strstr (lines[i], "--base-url") != NULL)
      line = lines[i];

  /* The rule that `--base-url http://example.com` breaks is on its line. */
  g_assert_nonnull (line);
  g_assert_nonnull (strstr (line, "over https"));
  g_assert_nonnull (strstr (line, "plain http only to this computer"));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *keyring_dir = test_temp_dir ();
  g_autofree char *keyring = g_build_filename (keyring_dir, "export-live.keyring", NULL);
  int status;

  /* A keyring of this program's own, which the commands it runs share:
   * the tests' common one may be in use by test-credentials meanwhile. */
  g_setenv ("SECRET_BACKEND", "file", TRUE);
  g_setenv ("SECRET_FILE_TEST_PATH", keyring, TRUE);
  g_setenv ("SECRET_FILE_TEST_PASSWORD", "inferscope-tests", TRUE);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/export-live/demo-series", test_demo_series);
  g_test_add_func ("/isc/export-live/demo-default", test_demo_default);
  g_test_add_func ("/isc/export-live/refused-metric", test_refused_metric);
  g_test_add_func ("/isc/export-live/demo-environment-summary", test_demo_environment_summary);
  for (guint i = 0; i < G_N_ELEMENTS (fail_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/export-live/fails/%s", fail_cases[i].name);
      g_test_add_data_func (path, &fail_cases[i], test_failure);
    }
  g_test_add_func ("/isc/export-live/key-from-environment", test_key_from_environment);
  g_test_add_func ("/isc/export-live/key-from-keyring", test_key_from_keyring);
  g_test_add_func ("/isc/export-live/help-base-url", test_help_base_url);
  g_test_add_func ("/isc/export-live/zoneless-times-local", test_zoneless_times_local);

  status = g_test_run ();
  test_remove_dir (keyring_dir);

  return status;
}
