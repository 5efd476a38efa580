/* test-usage.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-api-error.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-usage.h"

/* What the workspace spends and uses, from the simulated API through the
 * client's loaders and IscUsage: the bill agrees with the metrics, Model
 * API usage with its bill, cost keeps billed and estimated apart, and a
 * key refused billing is told once. */

#define DAY_MS  G_GINT64_CONSTANT (86400000)
#define HOUR_MS G_GINT64_CONSTANT (3600000)

typedef struct
{
  IscDemoServer *server;
  IscClient     *client;
  IscUsage      *usage;
  gint64         now_ms;     /* the server's fixed clock: 14:00 UTC, 10 days ago */
  gint64         today_ms;   /* its midnight */
  guint          requests;   /* seen by the server */
} Fixture;

static void
on_request_logged (IscDemoServer *server,
                   const char    *method,
                   const char    *path,
                   guint          status,
                   guint64        bytes,
                   double         ms,
                   gpointer       data)
{
  Fixture *f = data;

  g_atomic_int_inc (&f->requests);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  gint64 real_now = g_get_real_time () / 1000;

  /* A fixed clock in the past: the test does not care what hour it runs. */
  f->today_ms = real_now - real_now % DAY_MS - 10 * DAY_MS;
  f->now_ms = f->today_ms + 14 * HOUR_MS;

  f->server = isc_demo_server_new (1, NULL);
  isc_demo_server_set_now_ms (f->server, f->now_ms);
  g_signal_connect (f->server, "request-logged", G_CALLBACK (on_request_logged), f);
  isc_demo_server_listen_loopback (f->server, 0, &error);
  g_assert_no_error (error);

  f->client = isc_client_new (isc_demo_server_get_base_url (f->server), NULL, &error);
  g_assert_no_error (error);
  f->usage = isc_usage_new (f->client);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->usage);
  g_clear_object (&f->client);
  isc_demo_server_stop (f->server);
  for (guint i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
  g_clear_object (&f->server);
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
  else if (tag == isc_usage_load_prices_async)
    outcome->result = isc_usage_load_prices_finish (ISC_USAGE (object), result, &outcome->error);
  else if (tag == isc_usage_list_model_apis_async)
    outcome->result = isc_usage_list_model_apis_finish (ISC_USAGE (object), result, &outcome->error);
  else if (tag == isc_usage_load_model_api_usage_async)
    outcome->result = isc_usage_load_model_api_usage_finish (ISC_USAGE (object), result, &outcome->error);
  else
    outcome->result = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &outcome->error);

  outcome->done = TRUE;
}

static void
wait_outcome (Outcome *outcome)
{
  while (!outcome->done)
    g_main_context_iteration (NULL, TRUE);
}

static IscBillingSummary *
load_billing (Fixture *f,
              gint64   start_ms,
              gint64   end_ms)
{
  Outcome outcome = { 0 };

  isc_usage_load_billing_async (f->usage, start_ms, end_ms, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  g_assert_nonnull (outcome.result);
  return outcome.result;
}

static IscMetricsResponse *
load_metrics (Fixture    *f,
              const char *model,
              const char *deployment,
              IscMode     mode,
              gint64      start_ms,
              gint64      end_ms)
{
  const char *names[] = { "baseten_replicas_active", "baseten_inference_requests_total", NULL };
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (start_ms, end_ms);
  g_autoptr(IscQuery) query = isc_query_new (model, ISC_TARGET_DEPLOYMENT, deployment, mode, range, names);
  Outcome outcome = { 0 };

  isc_client_fetch_metrics_async (f->client, query, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  return outcome.result;
}

static double
summary_value (IscMetricsResponse *response,
               const char         *name)
{
  const IscMetric *metric = isc_metrics_response_lookup_metric (response, name);
  double sum = 0;

  g_assert_nonnull (metric);
  for (guint i = 0; i < isc_metric_get_n_series (metric); i++)
    sum += isc_series_get_last_value (isc_metric_get_series (metric, i));

  return sum;
}

/* A day's bill is the day's metrics: replica-minutes (the SUMMARY's mean
 * replicas × 1440) and requests, at the instance type's price. */
static void
test_billing_agrees_with_metrics (Fixture       *f,
                                  gconstpointer  data)
{
  gint64 day = f->today_ms - 2 * DAY_MS;
  g_autoptr(IscBillingSummary) billing = load_billing (f, day - DAY_MS, f->today_ms);
  g_autoptr(IscMetricsResponse) metrics = NULL;
  g_autoptr(IscInstanceTypePrices) prices = NULL;
  const IscBillingItem *item;
  const IscBillingDay *row;
  const IscInstanceTypePrice *price;
  Outcome outcome = { 0 };
  double replicas, requests;

  g_assert_cmpint (isc_billing_summary_get_start_ms (billing), ==, day - DAY_MS);
  g_assert_cmpint (isc_billing_summary_get_end_ms (billing), ==, f->today_ms);

  item = isc_billing_summary_lookup (billing, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION);
  g_assert_nonnull (item);
  g_assert_cmpstr (item->instance_type, ==, "4x16");
  g_assert_cmpstr (item->environment_name, ==, "production");
  row = isc_billing_item_lookup_day (item, day);
  g_assert_nonnull (row);

  metrics = load_metrics (f, ISC_DEMO_MODEL_EMBED, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION,
                          ISC_MODE_SUMMARY, day, day + DAY_MS);
  replicas = summary_value (metrics, "baseten_replicas_active");
  requests = summary_value (metrics, "baseten_inference_requests_total");
  /* The bill's minutes are whole, and the mean comes with the seven
   * significant digits the API's numbers have on the wire: each rounding
   * at most (1.897569 replicas, 2,732.499 minutes, billed as 2,733). */
  g_assert_cmpfloat (fabs (replicas * 1440 - (double) row->minutes), <=,
                     0.5 + 1440 * 0.5 * pow (10, floor (log10 (replicas)) - 6) + 1e-6);
  g_assert_cmpfloat (fabs (requests - (double) row->requests), <=, 0.5 + 1e-6);
  g_assert_cmpint (row->minutes, >, 0);

  isc_usage_load_prices_async (f->usage, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  prices = outcome.result;
  price = isc_instance_type_prices_lookup (prices, item->instance_type);
  g_assert_nonnull (price);
  /* minutes × price, to the cent */
  g_assert_cmpint (isc_money_to_cents (row->subtotal), ==,
                   isc_money_to_cents (isc_money_scale (price->price_per_minute, (double) row->minutes)));

  /* The item's figures are its days', the section's its items'. */
  {
    const IscBillingSection *dedicated = isc_billing_summary_get_section (billing, ISC_BILLING_SECTION_DEDICATED);
    IscMoney items = 0, days = 0;

    for (guint i = 0; i < dedicated->n_items; i++)
      items = isc_money_add (items, dedicated->items[i]->subtotal);
    for (guint d = 0; d < item->n_days; d++)
      days = isc_money_add (days, item->days[d].subtotal);
    g_assert_cmpint (items, ==, dedicated->subtotal);
    g_assert_cmpint (days, ==, item->subtotal);
  }

  /* Today is not billed yet. */
  {
    g_autoptr(IscBillingSummary) today = load_billing (f, f->today_ms, f->now_ms);
    const IscBillingItem *today_item = isc_billing_summary_lookup (today, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION);

    g_assert_true (today_item == NULL || isc_billing_item_lookup_day (today_item, f->today_ms) == NULL);
    g_assert_null (isc_billing_item_lookup_day (item, f->today_ms));
  }
}

/* The same period twice is one request. */
static void
test_billing_kept (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(IscBillingSummary) a = NULL;
  g_autoptr(IscBillingSummary) b = NULL;
  guint before;

  a = load_billing (f, f->today_ms - 3 * DAY_MS + HOUR_MS, f->today_ms - DAY_MS);
  before = g_atomic_int_get (&f->requests);
  /* Another range within the same days: the same period. */
  b = load_billing (f, f->today_ms - 3 * DAY_MS, f->today_ms - DAY_MS - HOUR_MS);
  g_assert_true (a == b);
  g_assert_cmpuint (g_atomic_int_get (&f->requests), ==, before);
}

/* Cost over yesterday and today: yesterday billed, today estimated from
 * the replicas, never added up. */
static void
test_cost_of_target (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(IscBillingSummary) billing = load_billing (f, f->today_ms - DAY_MS, f->now_ms);
  g_autoptr(IscInstanceTypePrices) prices = NULL;
  g_autoptr(IscMetricsResponse) replicas = NULL;
  g_autofree char *text = NULL;
  const IscBillingItem *item;
  Outcome outcome = { 0 };
  IscCost cost;

  isc_usage_load_prices_async (f->usage, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  prices = outcome.result;
  g_assert_true (isc_usage_get_prices (f->usage) == prices);

  replicas = load_metrics (f, ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION,
                           ISC_MODE_SERIES, f->today_ms - DAY_MS, f->now_ms);
  isc_usage_cost_of_target (&cost, billing, prices, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, NULL, NULL,
                            "H100:1x26x234", replicas, f->today_ms - DAY_MS, f->now_ms, f->now_ms);

  item = isc_billing_summary_lookup (billing, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_assert_nonnull (item);
  g_assert_cmpint (isc_cost_get_basis (&cost), ==, ISC_COST_MIXED);
  g_assert_true (cost.has_billed);
  g_assert_cmpint (cost.billed, ==, isc_billing_item_lookup_day (item, f->today_ms - DAY_MS)->subtotal);
  g_assert_true (cost.has_estimate);
  g_assert_cmpint (cost.estimated_ms, ==, 14 * HOUR_MS);
  g_assert_cmpint (cost.estimated, >, 0);

  text = isc_cost_format (&cost);
  g_assert_nonnull (strstr (text, "billed + ≈"));
  g_assert_nonnull (strstr (text, "estimated"));

  /* An environment: every deployment that served it (the promotion
   * handed production from d7 to d8). */
  isc_usage_cost_of_target (&cost, billing, prices, NULL, "chat-assistant", "production",
                            "H100:1x26x234", NULL, f->today_ms - DAY_MS, f->today_ms, f->now_ms);
  g_assert_cmpint (isc_cost_get_basis (&cost), ==, ISC_COST_BILLED);
  {
    const IscBillingItem *previous = isc_billing_summary_lookup (billing, ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS);

    g_assert_nonnull (previous);
    g_assert_cmpstr (previous->environment_name, ==, "production");
    g_assert_cmpint (cost.billed, ==,
                     isc_billing_item_lookup_day (item, f->today_ms - DAY_MS)->subtotal +
                     isc_billing_item_lookup_day (previous, f->today_ms - DAY_MS)->subtotal);
    g_assert_cmpint (isc_billing_item_lookup_day (previous, f->today_ms - DAY_MS)->subtotal, >,
                     isc_billing_item_lookup_day (item, f->today_ms - DAY_MS)->subtotal);
  }
}

/* Two added Model APIs; their usage at the range's width, every page
 * joined, empty buckets kept, the totals those of the bill. */
static void
test_model_apis (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GPtrArray) apis = NULL;
  g_autoptr(IscModelApiUsage) minutes = NULL;
  g_autoptr(IscModelApiUsage) days = NULL;
  g_autoptr(IscUsageQuery) hour_query = NULL;
  g_autoptr(IscUsageQuery) day_query = NULL;
  g_autoptr(IscBillingSummary) billing = NULL;
  const IscBillingSection *section;
  Outcome outcome = { 0 };
  gint64 start = f->today_ms - 31 * DAY_MS;
  gint64 billed_input = 0;
  guint empty = 0;

  isc_usage_list_model_apis_async (f->usage, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  apis = outcome.result;
  g_assert_cmpuint (apis->len, ==, 2);
  g_assert_cmpstr (((IscModelApi *) g_ptr_array_index (apis, 0))->name, ==, "deepseek-v3");
  g_assert_true (((IscModelApi *) g_ptr_array_index (apis, 0))->added);
  g_assert_true (((IscModelApi *) g_ptr_array_index (apis, 1))->has_output_price);

  /* 02:30 to 04:30 yesterday at one minute: 120 buckets, the hour from
   * 03:00 empty. */
  hour_query = isc_usage_query_new (f->today_ms - DAY_MS + 150 * 60000, f->today_ms - DAY_MS + 270 * 60000,
                                    ISC_USAGE_GROUP_MODEL, NULL);
  memset (&outcome, 0, sizeof outcome);
  isc_usage_load_model_api_usage_async (f->usage, hour_query, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  minutes = outcome.result;
  g_assert_cmpint (isc_model_api_usage_get_width (minutes), ==, ISC_USAGE_WIDTH_MINUTE);
  g_assert_cmpuint (isc_model_api_usage_get_n_buckets (minutes), ==, 120);
  for (guint b = 0; b < 120; b++)
    {
      g_assert_cmpint (isc_model_api_usage_get_end_ms (minutes, b) - isc_model_api_usage_get_start_ms (minutes, b), ==, 60000);
      if (isc_model_api_usage_get_value (minutes, b, 0, ISC_USAGE_FIELD_REQUESTS) == 0 &&
          isc_model_api_usage_get_value (minutes, b, 1, ISC_USAGE_FIELD_REQUESTS) == 0)
        empty++;
    }
  g_assert_cmpuint (empty, >=, 60);
  g_assert_cmpuint (empty, <, 120);

  /* 31 days at a day each: two pages (31 a page at most). */
  day_query = isc_usage_query_new (start, f->today_ms, ISC_USAGE_GROUP_MODEL, NULL);
  day_query->end_ms = f->today_ms;
  g_assert_cmpint (day_query->width, ==, ISC_USAGE_WIDTH_DAY);
  memset (&outcome, 0, sizeof outcome);
  {
    guint before = g_atomic_int_get (&f->requests);

    isc_usage_load_model_api_usage_async (f->usage, day_query, NULL, on_done, &outcome);
    wait_outcome (&outcome);
    g_assert_no_error (outcome.error);
    g_assert_cmpuint (g_atomic_int_get (&f->requests) - before, ==, 1);
  }
  days = outcome.result;
  g_assert_cmpuint (isc_model_api_usage_get_n_buckets (days), ==, 31);

  /* The bill of the same 31 days counts the same tokens. */
  billing = load_billing (f, start, f->today_ms);
  section = isc_billing_summary_get_section (billing, ISC_BILLING_SECTION_MODEL_APIS);
  g_assert_true (section->present);
  g_assert_cmpuint (section->n_items, ==, 2);
  for (guint i = 0; i < section->n_items; i++)
    billed_input += section->items[i]->input_tokens;
  g_assert_cmpint (billed_input, ==, isc_model_api_usage_get_total (days, G_MAXUINT, ISC_USAGE_FIELD_INPUT));
}

/* More buckets than a page holds: the cursor is followed. */
static void
test_model_api_pages (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(IscUsageQuery) query = isc_usage_query_new (f->today_ms - 40 * DAY_MS, f->today_ms,
                                                        ISC_USAGE_GROUP_MODEL | ISC_USAGE_GROUP_API_KEY, NULL);
  g_autoptr(IscModelApiUsage) usage = NULL;
  Outcome outcome = { 0 };
  guint before = g_atomic_int_get (&f->requests);

  isc_usage_load_model_api_usage_async (f->usage, query, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  usage = outcome.result;

  g_assert_cmpuint (g_atomic_int_get (&f->requests) - before, ==, 2);
  g_assert_cmpuint (isc_model_api_usage_get_n_buckets (usage), ==, 40);
  g_assert_cmpint (isc_model_api_usage_get_start_ms (usage, 31), ==, isc_model_api_usage_get_end_ms (usage, 30));
  /* Two models × two keys. */
  g_assert_cmpuint (isc_model_api_usage_get_n_groups (usage), ==, 4);
  g_assert_nonnull (isc_model_api_usage_get_group_api_key (usage, 0));
}

static void
on_refused (IscUsage   *usage,
            int         feature,
            const char *message,
            gpointer    data)
{
  GPtrArray *said = data;

  g_ptr_array_add (said, g_strdup_printf ("%d: %s", feature, message));
}

/* A key that may not read billing: said once, in words, and then not
 * asked again; Model API usage the same; the list still answers. */
static void
test_refused_once (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(IscUsageQuery) query = isc_usage_query_new (f->today_ms - 2 * DAY_MS, f->today_ms - DAY_MS, 0, NULL);
  Outcome outcome = { 0 };
  guint before;

  isc_demo_server_set_billing_forbidden (f->server, TRUE);
  g_signal_connect (f->usage, "refused", G_CALLBACK (on_refused), said);

  isc_usage_load_billing_async (f->usage, f->today_ms - DAY_MS, f->today_ms, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED);
  g_assert_nonnull (strstr (outcome.error->message, "may not read the billing summary"));
  g_clear_error (&outcome.error);
  g_assert_cmpuint (said->len, ==, 1);
  g_assert_true (isc_usage_is_refused (f->usage, ISC_USAGE_FEATURE_BILLING));
  g_assert_false (isc_usage_is_refused (f->usage, ISC_USAGE_FEATURE_MODEL_API_USAGE));

  /* Again: the same error at once, nothing sent, nothing said. */
  before = g_atomic_int_get (&f->requests);
  memset (&outcome, 0, sizeof outcome);
  isc_usage_load_billing_async (f->usage, f->today_ms - 5 * DAY_MS, f->today_ms, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED);
  g_clear_error (&outcome.error);
  g_assert_cmpuint (g_atomic_int_get (&f->requests), ==, before);
  g_assert_cmpuint (said->len, ==, 1);

  memset (&outcome, 0, sizeof outcome);
  isc_usage_load_model_api_usage_async (f->usage, query, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_error (outcome.error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED);
  g_assert_nonnull (strstr (outcome.error->message, "Model API usage"));
  g_clear_error (&outcome.error);
  g_assert_cmpuint (said->len, ==, 2);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (said, 1), "1: "));

  /* Not the key: the list of Model APIs still answers. */
  memset (&outcome, 0, sizeof outcome);
  isc_usage_list_model_apis_async (f->usage, NULL, on_done, &outcome);
  wait_outcome (&outcome);
  g_assert_no_error (outcome.error);
  g_clear_pointer (&outcome.result, g_ptr_array_unref);

  /* A reset (a new key) asks again. */
  isc_demo_server_set_billing_forbidden (f->server, FALSE);
  isc_usage_reset (f->usage);
  g_assert_false (isc_usage_is_refused (f->usage, ISC_USAGE_FEATURE_BILLING));
  {
    g_autoptr(IscBillingSummary) billing = load_billing (f, f->today_ms - DAY_MS, f->today_ms);

    g_assert_nonnull (billing);
  }
}

static void
test_periods (void)
{
  gint64 day0 = G_GINT64_CONSTANT (1793491200000);  /* 2026-11-01 */
  gint64 s, e;

  /* A range within a day: that day. */
  g_assert_true (isc_usage_billing_period (day0 + HOUR_MS, day0 + 2 * HOUR_MS, &s, &e));
  g_assert_cmpint (s, ==, day0);
  g_assert_cmpint (e, ==, day0 + DAY_MS);
  /* Ending at midnight: not the next day. */
  g_assert_true (isc_usage_billing_period (day0 - HOUR_MS, day0 + DAY_MS, &s, &e));
  g_assert_cmpint (s, ==, day0 - DAY_MS);
  g_assert_cmpint (e, ==, day0 + DAY_MS);
  /* Longer than 31 days: the latest 31. */
  g_assert_true (isc_usage_billing_period (day0 - 60 * DAY_MS, day0, &s, &e));
  g_assert_cmpint (e - s, ==, 31 * DAY_MS);
  /* Before 2026: nothing. */
  g_assert_false (isc_usage_billing_period (ISC_BILLING_EARLIEST_MS - 2 * DAY_MS, ISC_BILLING_EARLIEST_MS, &s, &e));

  isc_usage_recent_period (day0 + 14 * HOUR_MS, &s, &e);
  g_assert_cmpint (e, ==, day0 + DAY_MS);
  g_assert_cmpint (s, ==, day0 - 30 * DAY_MS);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/usage/periods", test_periods);
  g_test_add ("/isc/usage/billing/agrees-with-metrics", Fixture, NULL,
              fixture_setup, test_billing_agrees_with_metrics, fixture_teardown);
  g_test_add ("/isc/usage/billing/kept", Fixture, NULL,
              fixture_setup, test_billing_kept, fixture_teardown);
  g_test_add ("/isc/usage/cost-of-target", Fixture, NULL,
              fixture_setup, test_cost_of_target, fixture_teardown);
  g_test_add ("/isc/usage/model-apis", Fixture, NULL,
              fixture_setup, test_model_apis, fixture_teardown);
  g_test_add ("/isc/usage/model-apis/pages", Fixture, NULL,
              fixture_setup, test_model_api_pages, fixture_teardown);
  g_test_add ("/isc/usage/refused-once", Fixture, NULL,
              fixture_setup, test_refused_once, fixture_teardown);

  return g_test_run ();
}
