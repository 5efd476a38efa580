/* test-export-cost.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* `inferscope export --cost` (INFERSCOPE_BINARY) against the demo: the
 * billed column holds the bill of each whole past UTC day on its first
 * row, the estimated column the rest, never both on a row; each adds up
 * to what the simulated API's billing and replicas say. */

#include "config.h"

#include <string.h>

#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-test-util.h"
#include "isc-usage.h"

#define DAY_MS  G_GINT64_CONSTANT (86400000)
#define HOUR_MS G_GINT64_CONSTANT (3600000)

#define RUN(run, ...) test_run_export ((run), NULL, (const char *[]) { __VA_ARGS__, NULL })

static char *
iso (gint64 ms)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (ms / 1000);

  return g_date_time_format (dt, "%Y-%m-%dT%H:%M:%SZ");
}

typedef struct
{
  gboolean  done;
  gpointer  result;
  GError   *error;
} Outcome;

static void
on_done (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  Outcome *outcome = data;
  gpointer tag = g_task_get_source_tag (G_TASK (result));

  if (tag == isc_usage_load_billing_async)
    outcome->result = isc_usage_load_billing_finish (ISC_USAGE (object), result, &outcome->error);
  else
    outcome->result = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &outcome->error);
  outcome->done = TRUE;
}

static gpointer
wait_result (Outcome *outcome)
{
  while (!outcome->done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (outcome->error);
  return outcome->result;
}

/* Parses "12.340000" into micro-dollars exactly. */
static IscMoney
money_of (const char *text)
{
  IscMoney m = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (isc_money_parse (text, &m, &error));
  g_assert_no_error (error);
  return m;
}

/* Two days ago from midnight to yesterday 06:00: a whole billed day,
 * then six hours estimated. The test does not care what hour it runs. */
static void
test_billed_and_estimated (void)
{
  gint64 now = g_get_real_time () / 1000;
  gint64 today = now - now % DAY_MS;
  gint64 start = today - 2 * DAY_MS, end = today - DAY_MS + 6 * HOUR_MS;
  g_autofree char *start_text = iso (start);
  g_autofree char *end_text = iso (end);
  g_auto(TestRun) run = { 0 };
  g_auto(GStrv) lines = NULL;
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscUsage) usage = NULL;
  g_autoptr(IscBillingSummary) billing = NULL;
  g_autoptr(IscMetricsResponse) replicas = NULL;
  g_autoptr(GError) error = NULL;
  const IscBillingItem *item;
  IscMoney billed = 0, estimated = 0, expected_estimate = 0;
  guint n_billed = 0, n_estimated = 0, n_rows = 0;
  Outcome outcome = { 0 };

  RUN (&run, "--demo", "--model", ISC_DEMO_MODEL_EMBED, "--deployment", ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION,
       "--mode", "series", "--start", start_text, "--end", end_text,
       "--metrics", "baseten_inference_requests_total", "--cost");
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);

  lines = g_strsplit (run.out, "\r\n", -1);
  g_assert_true (g_str_has_suffix (lines[0], ",\"cost billed, per UTC day (USD)\",cost estimated (USD)"));

  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[i], ",", -1);
      guint n = g_strv_length (cells);
      const char *b = cells[n - 2], *e = cells[n - 1];
      gint64 t = g_ascii_strtoll (cells[1], NULL, 10);

      n_rows++;
      /* Never both on one row. */
      g_assert_false (b[0] != '\0' && e[0] != '\0');
      if (b[0] != '\0')
        {
          billed = isc_money_add (billed, money_of (b));
          n_billed++;
          g_assert_cmpint (t % DAY_MS, ==, 0);
        }
      if (e[0] != '\0')
        {
          estimated = isc_money_add (estimated, money_of (e));
          n_estimated++;
          g_assert_cmpint (t, >=, today - DAY_MS);
        }
    }
  g_assert_cmpuint (n_billed, ==, 1);
  g_assert_cmpuint (n_estimated, >, 0);
  g_assert_cmpuint (n_billed + n_estimated, <, n_rows);

  /* What the simulated API bills and its replicas say. */
  isc_demo_server_listen_loopback (server, 0, &error);
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);
  usage = isc_usage_new (client);

  isc_usage_load_billing_async (usage, start, end, NULL, on_done, &outcome);
  billing = wait_result (&outcome);
  item = isc_billing_summary_lookup (billing, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION);
  g_assert_nonnull (item);
  g_assert_cmpint (billed, ==, isc_billing_item_lookup_day (item, start)->subtotal);

  {
    const char *names[] = { "baseten_replicas_active", NULL };
    g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (start, end);
    g_autoptr(IscQuery) query = isc_query_new (ISC_DEMO_MODEL_EMBED, ISC_TARGET_DEPLOYMENT,
                                               ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION, ISC_MODE_SERIES, range, names);

    memset (&outcome, 0, sizeof outcome);
    isc_client_fetch_metrics_async (client, query, NULL, on_done, &outcome);
    replicas = wait_result (&outcome);
  }
  /* 4x16 costs $0.00233 a minute in the demo. */
  g_assert_true (isc_cost_estimate (replicas, 2330, today - DAY_MS, end, &expected_estimate, NULL));
  /* Each row is rounded to the micro-dollar. */
  g_assert_cmpint (ABS (estimated - expected_estimate), <=, n_estimated);

  g_clear_object (&usage);
  g_clear_object (&client);
  isc_demo_server_stop (server);
  for (guint i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* A SUMMARY is one row: every billed day's bill on it, and the estimate
 * of the rest beside it, not added. */
static void
test_summary (void)
{
  gint64 now = g_get_real_time () / 1000;
  gint64 today = now - now % DAY_MS;
  g_autofree char *start_text = iso (today - 3 * DAY_MS);
  g_autofree char *end_text = iso (today - DAY_MS + 6 * HOUR_MS);
  g_autofree char *series_start = g_strdup (start_text);
  g_auto(TestRun) summary = { 0 };
  g_auto(TestRun) series = { 0 };
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) cells = NULL;
  g_auto(GStrv) series_lines = NULL;
  IscMoney billed = 0;
  guint n;

  RUN (&summary, "--demo", "--model", ISC_DEMO_MODEL_EMBED, "--deployment", ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION,
       "--mode", "summary", "--start", start_text, "--end", end_text,
       "--metrics", "baseten_inference_requests_total", "--cost");
  g_assert_cmpstr (summary.err, ==, "");
  g_assert_cmpint (summary.status, ==, 0);
  lines = g_strsplit (summary.out, "\r\n", -1);
  g_assert_nonnull (lines[1]);
  cells = g_strsplit (lines[1], ",", -1);
  n = g_strv_length (cells);
  g_assert_cmpstr (cells[n - 2], !=, "");
  g_assert_cmpstr (cells[n - 1], !=, "");

  /* The two billed days of the series, on one row. */
  RUN (&series, "--demo", "--model", ISC_DEMO_MODEL_EMBED, "--deployment", ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION,
       "--mode", "series", "--start", series_start, "--end", end_text,
       "--metrics", "baseten_inference_requests_total", "--cost");
  g_assert_cmpint (series.status, ==, 0);
  series_lines = g_strsplit (series.out, "\r\n", -1);
  for (guint i = 1; series_lines[i] != NULL && series_lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) row = g_strsplit (series_lines[i], ",", -1);
      guint m = g_strv_length (row);

      if (row[m - 2][0] != '\0')
        billed = isc_money_add (billed, money_of (row[m - 2]));
    }
  g_assert_cmpint (billed, >, 0);
  g_assert_cmpint (money_of (cells[n - 2]), ==, billed);
}

/* --cost is for CSV of a live window. */
static void
test_usage_errors (void)
{
  g_auto(TestRun) png = { 0 };
  g_auto(TestRun) current = { 0 };
  g_auto(TestRun) input = { 0 };
  g_autofree char *fixture = test_fixture_path ("default-series.json");

  RUN (&png, "--demo", "--model", ISC_DEMO_MODEL_EMBED, "--deployment", ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION,
       "--range", "1h", "--format", "png", "--cost");
  g_assert_cmpint (png.status, ==, 2);
  g_assert_nonnull (strstr (png.err, "--cost applies to csv only"));

  RUN (&current, "--demo", "--model", ISC_DEMO_MODEL_EMBED, "--deployment", ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION,
       "--mode", "current", "--cost");
  g_assert_cmpint (current.status, ==, 2);
  g_assert_nonnull (strstr (current.err, "--cost needs a live source"));

  RUN (&input, "--input", fixture, "--cost");
  g_assert_cmpint (input.status, ==, 2);
  g_assert_nonnull (strstr (input.err, "--cost needs a live source"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/export-cost/billed-and-estimated", test_billed_and_estimated);
  g_test_add_func ("/isc/export-cost/summary", test_summary);
  g_test_add_func ("/isc/export-cost/usage-errors", test_usage_errors);

  return g_test_run ();
}
