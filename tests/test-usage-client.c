/* test-usage-client.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The loaders of billing, prices and Model APIs against canned answers:
 * the client's retries and errors apply to them, a 403 is "this key may
 * not read that", not a refused key, nothing is sent that the API would
 * refuse, and the cursor is followed, but not forever. */

#include "config.h"

#include <string.h>

#include "isc-test-canned.h"
#include "isc-usage-client.h"

/* 2026-11-01 */
#define NOV1 G_GINT64_CONSTANT (1793491200000)
#define DAY  G_GINT64_CONSTANT (86400000)

#define SUMMARY_BODY_OK \
  "{\"dedicated_usage\": {\"subtotal\": \"12.50\", \"credits_used\": 0, \"total\": 12.5, \"minutes\": 60," \
  " \"breakdown\": [{\"billable_resource\": {\"id\": \"dep456\", \"kind\": \"MODEL_DEPLOYMENT\", \"is_deleted\": false}," \
  " \"subtotal\": \"12.50\", \"compute_cost\": \"12.50\", \"surcharge_cost\": 0, \"minutes\": 60, \"inference_requests\": 9," \
  " \"daily\": [{\"date\": \"2026-11-01\", \"subtotal\": 12.5, \"compute_cost\": 12.5, \"surcharge_cost\": 0," \
  " \"minutes\": 60, \"inference_requests\": 9}]}]}}"

#define LIST_ITEM(name) \
  "{\"name\": \"" name "\", \"display_name\": \"" name "\", \"description\": \"\", \"release_date\": \"2025-01-01\"," \
  " \"invoke_url\": \"https://x.invalid/v1\", \"context_length\": 1000, \"cost_per_million_input_tokens\": null," \
  " \"cost_per_million_output_tokens\": null, \"rate_limits\": [], \"org_details\": {\"added_at\": \"2026-10-01T00:00:00Z\"}}"

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
  IscClient *client = ISC_CLIENT (object);
  gpointer tag = g_task_get_source_tag (G_TASK (result));

  if (tag == isc_client_fetch_billing_summary_async)
    outcome->result = isc_client_fetch_billing_summary_finish (client, result, &outcome->error);
  else if (tag == isc_client_fetch_instance_type_prices_async)
    outcome->result = isc_client_fetch_instance_type_prices_finish (client, result, &outcome->error);
  else if (tag == isc_client_list_model_apis_async)
    outcome->result = isc_client_list_model_apis_finish (client, result, &outcome->error);
  else
    outcome->result = isc_client_fetch_model_api_usage_finish (client, result, &outcome->error);
  outcome->done = TRUE;
}

static void
wait_outcome (Outcome *outcome)
{
  while (!outcome->done)
    g_main_context_iteration (NULL, TRUE);
}

static void
fetch_billing (CannedFixture *fixture,
               gint64         start_ms,
               gint64         end_ms,
               Outcome       *outcome)
{
  memset (outcome, 0, sizeof *outcome);
  isc_client_fetch_billing_summary_async (fixture->client, start_ms, end_ms, NULL, on_done, outcome);
  wait_outcome (outcome);
}

/* A 429 is waited out and asked again, as for metrics. */
static void
test_billing_retry (CannedFixture *fixture,
                    gconstpointer  data)
{
  static const Canned answers[] = {
    { 429, "{\"error\":\"Rate limit exceeded\",\"retry_after\":0.2}" },
    { 200, SUMMARY_BODY_OK },
  };
  Outcome outcome;

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  fetch_billing (fixture, NOV1, NOV1 + DAY, &outcome);

  g_assert_no_error (outcome.error);
  g_assert_cmpuint (fixture->n_requests, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (fixture->paths, 1), ==, "/v1/billing/usage_summary");
  g_assert_cmpstr (g_ptr_array_index (fixture->queries, 1), ==,
                   "start_date=2026-11-01T00%3A00%3A00Z&end_date=2026-11-02T00%3A00%3A00Z");
  g_assert_cmpint (isc_billing_summary_lookup (outcome.result, "dep456")->days[0].subtotal, ==, 12500000);
  isc_billing_summary_unref (outcome.result);
}

/* 403: this key may not read billing (the app hides the feature); 401
 * is still a refused key (the app asks for another). */
static void
test_billing_refused (CannedFixture *fixture,
                      gconstpointer  data)
{
  static const Canned forbidden[] = { { 403, "{\"code\":\"PERMISSION_DENIED\",\"message\":\"admins only\"}" } };
  static const Canned unauthorized[] = { { 401, "{\"code\":\"UNAUTHENTICATED\",\"message\":\"bad key\"}" } };
  Outcome outcome;

  canned_set (fixture, forbidden, 1);
  fetch_billing (fixture, NOV1, NOV1 + DAY, &outcome);
  g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED);
  g_assert_cmpstr (outcome.error->message, ==,
                   "This API key may not read the billing summary (HTTP 403). A workspace admin's key can.");
  g_clear_error (&outcome.error);

  canned_set (fixture, unauthorized, 1);
  fetch_billing (fixture, NOV1, NOV1 + DAY, &outcome);
  g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_KEY_REFUSED);
  g_clear_error (&outcome.error);
}

/* A body that is not a billing summary: MALFORMED, in the decoder's
 * words. A period the API would refuse: nothing sent. */
static void
test_billing_bad (CannedFixture *fixture,
                  gconstpointer  data)
{
  static const Canned wrong[] = { { 200, "{\"dedicated_usage\": {\"subtotal\": \"ten\"}}" } };
  Outcome outcome;

  canned_set (fixture, wrong, 1);
  fetch_billing (fixture, NOV1, NOV1 + DAY, &outcome);
  g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED);
  g_assert_nonnull (strstr (outcome.error->message, "dedicated_usage.subtotal: “ten” is not an amount of money"));
  g_clear_error (&outcome.error);

  fetch_billing (fixture, NOV1, NOV1 + 40 * DAY, &outcome);
  g_assert_error (outcome.error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID);
  g_assert_cmpuint (fixture->n_requests, ==, 1);
  g_clear_error (&outcome.error);
}

static void
test_prices (CannedFixture *fixture,
             gconstpointer  data)
{
  static const Canned answers[] = {
    { 500, "oops" },
    { 200, "{\"instance_types\": [{\"instance_type\": {\"id\": \"T4\", \"name\": \"T4\", \"memory_limit_mib\": 1,"
           " \"millicpu_limit\": 1, \"gpu_count\": 1, \"gpu_type\": \"T4\", \"gpu_memory_limit_mib\": 1}, \"price\": 0.01052}]}" },
  };
  Outcome outcome = { 0 };

  _isc_client_set_delay_scale (fixture->client, 0.01);
  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  isc_client_fetch_instance_type_prices_async (fixture->client, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  g_assert_cmpuint (fixture->n_requests, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (fixture->paths, 0), ==, "/v1/instance_type_prices");
  g_assert_cmpint (isc_instance_type_prices_lookup (outcome.result, "T4")->price_per_minute, ==, 10520);
  isc_instance_type_prices_unref (outcome.result);
}

/* The list: every page, the cursor sent back, only the workspace's own. */
static void
test_list_pages (CannedFixture *fixture,
                 gconstpointer  data)
{
  static const Canned answers[] = {
    { 200, "{\"items\": [" LIST_ITEM ("a") "," LIST_ITEM ("b") "], \"pagination\": {\"has_more\": true, \"cursor\": \"c&2\"}}" },
    { 200, "{\"items\": [" LIST_ITEM ("c") "], \"pagination\": {\"has_more\": false, \"cursor\": null}}" },
  };
  g_autoptr(GPtrArray) apis = NULL;
  Outcome outcome = { 0 };

  canned_set (fixture, answers, G_N_ELEMENTS (answers));
  isc_client_list_model_apis_async (fixture->client, TRUE, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  apis = outcome.result;

  g_assert_cmpuint (apis->len, ==, 3);
  g_assert_cmpstr (((IscModelApi *) g_ptr_array_index (apis, 2))->name, ==, "c");
  g_assert_cmpuint (fixture->n_requests, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (fixture->queries, 0), ==, "limit=1000&added_only=true");
  g_assert_cmpstr (g_ptr_array_index (fixture->queries, 1), ==, "limit=1000&added_only=true&cursor=c%262");
}

/* A list whose cursor never ends: the load stops after
 * ISC_USAGE_CLIENT_MAX_PAGES pages, in words. */
static void
test_list_endless (CannedFixture *fixture,
                   gconstpointer  data)
{
  static const Canned answers[] = {
    { 200, "{\"items\": [], \"pagination\": {\"has_more\": true, \"cursor\": \"again\"}}" },
  };
  Outcome outcome = { 0 };

  canned_set (fixture, answers, 1);
  isc_client_list_model_apis_async (fixture->client, FALSE, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED);
  g_assert_nonnull (strstr (outcome.error->message, "more pages than Inferscope reads"));
  g_assert_cmpuint (fixture->n_requests, ==, ISC_USAGE_CLIENT_MAX_PAGES);
  g_clear_error (&outcome.error);
}

/* Usage pages that do not follow on: the load stops, in words. */
static void
test_usage_endless (CannedFixture *fixture,
                    gconstpointer  data)
{
  gint64 now = g_get_real_time () / 1000;
  gint64 day = now - now % DAY - 2 * DAY;
  g_autoptr(IscUsageQuery) query = isc_usage_query_new (day, day + DAY, ISC_USAGE_GROUP_MODEL, NULL);
  g_autofree char *body = NULL;
  Canned *endless = g_new0 (Canned, 1);
  Outcome outcome = { 0 };

  /* The same empty minute bucket, again and again. */
  {
    g_autoptr(GDateTime) a = g_date_time_new_from_unix_utc (day / 1000);
    g_autofree char *as = g_date_time_format (a, "%Y-%m-%dT%H:%M:%SZ");
    g_autoptr(GDateTime) b = g_date_time_new_from_unix_utc (day / 1000 + 60);
    g_autofree char *bs = g_date_time_format (b, "%Y-%m-%dT%H:%M:%SZ");

    body = g_strdup_printf ("{\"items\": [{\"start_time\": \"%s\", \"end_time\": \"%s\"}],"
                            " \"pagination\": {\"has_more\": true, \"cursor\": \"again\"}}", as, bs);
  }
  endless->status = 200;
  endless->body = body;
  canned_set (fixture, endless, 1);

  isc_client_fetch_model_api_usage_async (fixture->client, query, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  /* The second page does not go on from the first. */
  g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_MALFORMED);
  g_assert_cmpuint (fixture->n_requests, ==, 2);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (fixture->queries, 0), "start_time="));
  g_assert_nonnull (strstr (g_ptr_array_index (fixture->queries, 0), "&bucket_width=1m&group_by=model&limit=1440"));
  g_assert_nonnull (strstr (g_ptr_array_index (fixture->queries, 1), "&cursor=again"));
  g_assert_null (strstr (g_ptr_array_index (fixture->queries, 1), "start_time="));
  g_clear_error (&outcome.error);
  g_free (endless);
}

/* Usage beyond the 92 days kept: refused before anything is sent; a 403
 * is NOT_PERMITTED. */
static void
test_usage_refused (CannedFixture *fixture,
                    gconstpointer  data)
{
  static const Canned forbidden[] = { { 403, "{\"code\":\"PERMISSION_DENIED\",\"message\":\"no\"}" } };
  gint64 now = g_get_real_time () / 1000;
  g_autoptr(IscUsageQuery) old = isc_usage_query_new (now - 100 * DAY, now - 99 * DAY, 0, NULL);
  g_autoptr(IscUsageQuery) fine = isc_usage_query_new (now - 2 * DAY, now - DAY, 0, NULL);
  Outcome outcome = { 0 };

  canned_set (fixture, forbidden, 1);
  isc_client_fetch_model_api_usage_async (fixture->client, old, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_error (outcome.error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_RANGE);
  g_assert_cmpuint (fixture->n_requests, ==, 0);
  g_clear_error (&outcome.error);

  memset (&outcome, 0, sizeof outcome);
  isc_client_fetch_model_api_usage_async (fixture->client, fine, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED);
  g_assert_nonnull (strstr (outcome.error->message, "Model API usage"));
  g_clear_error (&outcome.error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  canned_init ();

#define ADD(path, func) \
  g_test_add ("/isc/usage-client/" path, CannedFixture, NULL, canned_setup, func, canned_teardown)

  ADD ("billing/retry", test_billing_retry);
  ADD ("billing/refused", test_billing_refused);
  ADD ("billing/bad", test_billing_bad);
  ADD ("prices", test_prices);
  ADD ("list/pages", test_list_pages);
  ADD ("list/endless", test_list_endless);
  ADD ("usage/not-contiguous", test_usage_endless);
  ADD ("usage/refused", test_usage_refused);

  return g_test_run ();
}
