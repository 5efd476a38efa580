/* test-billing.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "isc-billing.h"
#include "isc-cost.h"
#include "isc-money.h"

/* 2026-11-01T00:00:00Z and the days after it */
#define NOV1 G_GINT64_CONSTANT (1793491200000)
#define DAY  ISC_DAY_MS
#define HOUR G_GINT64_CONSTANT (3600000)

/* ------------------------------------------------------------------------
 * Money
 * ------------------------------------------------------------------------ */

typedef struct
{
  const char *text;
  gboolean    ok;
  IscMoney    micros;
} MoneyCase;

static const MoneyCase money_cases[] = {
  { "12.34", TRUE, 12340000 },
  { "+1", TRUE, 1000000 },
  { "-0.5", TRUE, -500000 },
  { ".25", TRUE, 250000 },
  { "3.", TRUE, 3000000 },
  { "0.01052", TRUE, 10520 },
  { "0.0000005", TRUE, 1 },          /* rounded half away from zero */
  { "0.00000049", TRUE, 0 },
  { "1234567.891234", TRUE, G_GINT64_CONSTANT (1234567891234) },
  { "", FALSE, 0 },
  { ".", FALSE, 0 },
  { "-", FALSE, 0 },
  { "1e3", FALSE, 0 },
  { "1,5", FALSE, 0 },
  { " 1", FALSE, 0 },
  { "NaN", FALSE, 0 },
  { "99999999999999", FALSE, 0 },   /* beyond a billion dollars */
};

static void
test_money_parse (gconstpointer data)
{
  const MoneyCase *c = data;
  g_autoptr(GError) error = NULL;
  IscMoney money = -42;
  gboolean ok = isc_money_parse (c->text, &money, &error);

  g_assert_cmpint (ok, ==, c->ok);
  if (ok)
    {
      g_assert_no_error (error);
      g_assert_cmpint (money, ==, c->micros);
    }
  else
    {
      g_assert_nonnull (error);
      g_assert_cmpint (money, ==, -42);
    }
}

/* A double from JSON is the decimal the server wrote, and a thousand of
 * them sum to the exact cent, as doubles would not. */
static void
test_money_exact_sum (void)
{
  IscMoney sum = 0;
  double dsum = 0;
  g_autofree char *text = NULL;
  g_autofree char *decimal = NULL;

  for (guint i = 0; i < 1000; i++)
    {
      IscMoney m;

      g_assert_true (isc_money_from_double (0.1, &m));
      g_assert_cmpint (m, ==, 100000);
      sum = isc_money_add (sum, m);
      dsum += 0.1;
    }

  g_assert_cmpint (sum, ==, 100 * ISC_MONEY_MICROS_PER_DOLLAR);
  g_assert_cmpfloat (dsum, !=, 100.0);   /* what we avoid */

  text = isc_money_format (sum + 1234567 * ISC_MONEY_MICROS_PER_DOLLAR);
  g_assert_cmpstr (text, ==, "$1,234,667.00");
  decimal = isc_money_to_decimal (-12345);
  g_assert_cmpstr (decimal, ==, "-0.01");
}

static void
test_money_format (void)
{
  struct { IscMoney m; const char *people; const char *file; } cases[] = {
    { 0, "$0.00", "0.00" },
    { 4999, "<$0.01", "0.00" },
    { 5000, "$0.01", "0.01" },
    { 12340000, "$12.34", "12.34" },
    { -500000, "−$0.50", "-0.50" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *people = isc_money_format (cases[i].m);
      g_autofree char *file = isc_money_to_decimal (cases[i].m);

      g_assert_cmpstr (people, ==, cases[i].people);
      g_assert_cmpstr (file, ==, cases[i].file);
    }

  {
    g_autofree char *price = isc_money_format_price (10520);
    g_assert_cmpstr (price, ==, "$0.01052");
  }
}

/* ------------------------------------------------------------------------
 * The billing summary
 * ------------------------------------------------------------------------ */

/* Shaped as Baseten sends it: money as numbers in some places and as
 * decimal strings in others, one row without its daily breakdown, a
 * chainlet, a nameless training job, Model API rows. */
static const char summary_doc[] =
  "{"
  " \"dedicated_usage\": {"
  "  \"subtotal\": \"130.25\", \"credits_used\": 0, \"total\": 130.25, \"minutes\": 4320,"
  "  \"breakdown\": ["
  "   { \"billable_resource\": { \"id\": \"dep1\", \"kind\": \"MODEL_DEPLOYMENT\", \"is_deleted\": false,"
  "       \"name\": \"v3\", \"model_name\": \"llama\", \"instance_type\": \"H100\","
  "       \"environment_name\": \"production\" },"
  "     \"subtotal\": \"100.10\", \"compute_cost\": \"98.00\", \"surcharge_cost\": 2.1,"
  "     \"minutes\": 2880, \"inference_requests\": 90000,"
  "     \"daily\": ["
  "       { \"date\": \"2026-11-02\", \"subtotal\": 40.05, \"compute_cost\": \"39\", \"surcharge_cost\": \"1.05\","
  "         \"minutes\": 1440, \"inference_requests\": 50000 },"
  "       { \"date\": \"2026-11-01\", \"subtotal\": \"60.05\", \"compute_cost\": 59, \"surcharge_cost\": 1.05,"
  "         \"minutes\": 1440, \"inference_requests\": 40000 }"
  "     ] },"
  "   { \"billable_resource\": { \"id\": \"dep2\", \"kind\": \"CHAINLET\", \"is_deleted\": true,"
  "       \"name\": null, \"chain_metadata\": { \"chain_id\": \"c\", \"chain_name\": \"rag\", \"chain_deployment_id\": \"cd\" } },"
  "     \"subtotal\": 30.15, \"compute_cost\": 30.15, \"surcharge_cost\": 0,"
  "     \"minutes\": 1440, \"inference_requests\": 7, \"future_field\": [1, 2] }"
  "  ] },"
  " \"training_usage\": { \"subtotal\": 5, \"credits_used\": \"0.00\", \"total\": 5, \"minutes\": 60,"
  "   \"breakdown\": [ { \"billable_resource\": { \"id\": \"job9\", \"kind\": \"TRAINING_JOB\", \"is_deleted\": false },"
  "     \"subtotal\": 5, \"minutes\": 60, \"daily\": [ { \"date\": \"2026-11-03\", \"subtotal\": \"5\", \"minutes\": 60 } ] } ] },"
  " \"model_apis_usage\": { \"subtotal\": \"1.5\", \"credits_used\": 0, \"total\": \"1.5\","
  "   \"breakdown\": [ { \"model_name\": \"deepseek-v3\", \"model_family\": null, \"subtotal\": \"1.5\","
  "     \"input_tokens\": 1000000, \"output_tokens\": 200000, \"cached_input_tokens\": 300000 } ] }"
  "}";

static IscBillingSummary *
decode_summary (void)
{
  g_autoptr(GError) error = NULL;
  IscBillingSummary *summary;

  summary = isc_billing_summary_decode (summary_doc, strlen (summary_doc),
                                        NOV1, NOV1 + 3 * DAY, &error);
  g_assert_no_error (error);
  g_assert_nonnull (summary);
  return summary;
}

static void
test_summary_decode (void)
{
  g_autoptr(IscBillingSummary) summary = decode_summary ();
  const IscBillingSection *dedicated = isc_billing_summary_get_section (summary, ISC_BILLING_SECTION_DEDICATED);
  const IscBillingSection *training = isc_billing_summary_get_section (summary, ISC_BILLING_SECTION_TRAINING);
  const IscBillingSection *apis = isc_billing_summary_get_section (summary, ISC_BILLING_SECTION_MODEL_APIS);
  const IscBillingItem *dep1, *dep2;

  g_assert_true (dedicated->present);
  g_assert_cmpint (dedicated->total, ==, 130250000);
  g_assert_cmpint (dedicated->subtotal, ==, 130250000);
  g_assert_cmpint (dedicated->minutes, ==, 4320);
  g_assert_cmpuint (dedicated->n_items, ==, 2);

  dep1 = isc_billing_summary_lookup (summary, "dep1");
  g_assert_true (dep1 == dedicated->items[0]);
  g_assert_cmpint (dep1->kind, ==, ISC_BILLING_KIND_DEPLOYMENT);
  g_assert_cmpstr (dep1->name, ==, "v3");
  g_assert_cmpstr (dep1->model_name, ==, "llama");
  g_assert_cmpstr (dep1->environment_name, ==, "production");
  g_assert_cmpint (dep1->subtotal, ==, 100100000);
  g_assert_cmpint (dep1->surcharge_cost, ==, 2100000);
  g_assert_cmpint (dep1->requests, ==, 90000);
  g_assert_true (dep1->has_daily);
  g_assert_cmpuint (dep1->n_days, ==, 2);
  /* Sorted oldest first, whatever the order sent. */
  g_assert_cmpint (dep1->days[0].day_ms, ==, NOV1);
  g_assert_cmpint (dep1->days[0].subtotal, ==, 60050000);
  g_assert_cmpint (dep1->days[1].subtotal, ==, 40050000);
  g_assert_cmpint (dep1->days[1].requests, ==, 50000);
  g_assert_true (isc_billing_item_lookup_day (dep1, NOV1 + DAY) == &dep1->days[1]);
  g_assert_null (isc_billing_item_lookup_day (dep1, NOV1 + 2 * DAY));

  /* No daily rows, no name: kept as such. */
  dep2 = isc_billing_summary_lookup (summary, "dep2");
  g_assert_nonnull (dep2);
  g_assert_cmpint (dep2->kind, ==, ISC_BILLING_KIND_CHAINLET);
  g_assert_true (dep2->is_deleted);
  g_assert_false (dep2->has_daily);
  g_assert_cmpuint (dep2->n_days, ==, 0);
  g_assert_cmpstr (dep2->name, ==, "dep2");
  g_assert_cmpstr (dep2->chain_name, ==, "rag");

  g_assert_true (training->present);
  g_assert_cmpuint (training->n_items, ==, 1);
  g_assert_cmpint (training->items[0]->kind, ==, ISC_BILLING_KIND_TRAINING_JOB);
  g_assert_cmpint (training->items[0]->days[0].minutes, ==, 60);
  g_assert_cmpint (training->items[0]->days[0].requests, ==, -1);

  g_assert_true (apis->present);
  g_assert_cmpint (apis->minutes, ==, -1);
  g_assert_cmpuint (apis->n_items, ==, 1);
  g_assert_cmpint (apis->items[0]->kind, ==, ISC_BILLING_KIND_MODEL_API);
  g_assert_cmpstr (apis->items[0]->name, ==, "deepseek-v3");
  g_assert_cmpint (apis->items[0]->cached_input_tokens, ==, 300000);
  g_assert_false (apis->items[0]->has_daily);
}

/* Every section is optional and nullable; a missing breakdown is not
 * an error. */
static void
test_summary_missing_parts (void)
{
  const char *doc = "{\"dedicated_usage\": {\"subtotal\": 0, \"credits_used\": 0, \"total\": 0, \"minutes\": 0},"
                    " \"training_usage\": null}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) summary = isc_billing_summary_decode (doc, strlen (doc), NOV1, NOV1 + DAY, &error);
  const IscBillingSection *dedicated;

  g_assert_no_error (error);
  dedicated = isc_billing_summary_get_section (summary, ISC_BILLING_SECTION_DEDICATED);
  g_assert_true (dedicated->present);
  g_assert_false (dedicated->has_breakdown);
  g_assert_false (isc_billing_summary_get_section (summary, ISC_BILLING_SECTION_TRAINING)->present);
  g_assert_false (isc_billing_summary_get_section (summary, ISC_BILLING_SECTION_MODEL_APIS)->present);
}

typedef struct
{
  const char *doc;
  int         code;
  const char *message;   /* a part of it */
} BadCase;

static const BadCase bad_summaries[] = {
  { "", ISC_BILLING_ERROR_SYNTAX, NULL },
  { "{\"dedicated_usage\": ", ISC_BILLING_ERROR_SYNTAX, NULL },
  { "[]", ISC_BILLING_ERROR_INVALID, "(root): expected an object" },
  { "{\"dedicated_usage\": {\"subtotal\": 1, \"credits_used\": 0, \"minutes\": 0}}",
    ISC_BILLING_ERROR_INVALID, "dedicated_usage.total: required field is missing" },
  { "{\"dedicated_usage\": {\"subtotal\": \"1.2.3\", \"credits_used\": 0, \"total\": 0, \"minutes\": 0}}",
    ISC_BILLING_ERROR_INVALID, "dedicated_usage.subtotal: “1.2.3” is not an amount of money" },
  { "{\"dedicated_usage\": {\"subtotal\": true, \"credits_used\": 0, \"total\": 0, \"minutes\": 0}}",
    ISC_BILLING_ERROR_INVALID, "dedicated_usage.subtotal: expected a number or a decimal string, got a boolean" },
  { "{\"dedicated_usage\": {\"subtotal\": 1, \"credits_used\": 0, \"total\": 0, \"minutes\": -3}}",
    ISC_BILLING_ERROR_INVALID, "dedicated_usage.minutes: -3 is out of range" },
  { "{\"dedicated_usage\": {\"subtotal\": 1, \"credits_used\": 0, \"total\": 0, \"minutes\": 0, \"breakdown\": [7]}}",
    ISC_BILLING_ERROR_INVALID, "dedicated_usage.breakdown[0]: expected an object, got a number" },
  { "{\"dedicated_usage\": {\"subtotal\": 1, \"credits_used\": 0, \"total\": 0, \"minutes\": 0, \"breakdown\": ["
    "{\"billable_resource\": {\"id\": \"d\", \"kind\": \"MODEL_DEPLOYMENT\", \"is_deleted\": false},"
    " \"subtotal\": 1, \"compute_cost\": 1, \"surcharge_cost\": 0, \"minutes\": 1, \"inference_requests\": 1,"
    " \"daily\": [{\"date\": \"2026-11-31\", \"subtotal\": 1, \"compute_cost\": 1, \"surcharge_cost\": 0,"
    " \"minutes\": 1, \"inference_requests\": 1}]}]}}",
    ISC_BILLING_ERROR_INVALID, "dedicated_usage.breakdown[0].daily[0].date: “2026-11-31” is not a date" },
  { "{\"dedicated_usage\": {\"subtotal\": 1, \"credits_used\": 0, \"total\": 0, \"minutes\": 0, \"breakdown\": ["
    "{\"billable_resource\": {\"id\": \"d\", \"kind\": \"MODEL_DEPLOYMENT\", \"is_deleted\": false},"
    " \"subtotal\": 1, \"compute_cost\": 1, \"surcharge_cost\": 0, \"minutes\": 1, \"inference_requests\": 1,"
    " \"daily\": [{\"date\": \"2026-10-01\", \"subtotal\": 1, \"compute_cost\": 1, \"surcharge_cost\": 0,"
    " \"minutes\": 1, \"inference_requests\": 1}]}]}}",
    ISC_BILLING_ERROR_INVALID, "2026-10-01 is outside the period asked" },
  { "{\"dedicated_usage\": {\"subtotal\": 1, \"credits_used\": 0, \"total\": 0, \"minutes\": 0, \"breakdown\": ["
    "{\"billable_resource\": {\"id\": \"d\", \"kind\": \"MODEL_DEPLOYMENT\", \"is_deleted\": false},"
    " \"subtotal\": 1, \"compute_cost\": 1, \"surcharge_cost\": 0, \"minutes\": 1, \"inference_requests\": 1,"
    " \"daily\": [{\"date\": \"2026-11-01\", \"subtotal\": 1, \"compute_cost\": 1, \"surcharge_cost\": 0,"
    " \"minutes\": 1, \"inference_requests\": 1}, {\"date\": \"2026-11-01\", \"subtotal\": 1, \"compute_cost\": 1,"
    " \"surcharge_cost\": 0, \"minutes\": 1, \"inference_requests\": 1}]}]}}",
    ISC_BILLING_ERROR_INVALID, "2026-11-01 appears twice" },
  { "{\"dedicated_usage\": {\"subtotal\": 1, \"credits_used\": 0, \"total\": 0, \"minutes\": 0, \"breakdown\": ["
    "{\"subtotal\": 1, \"compute_cost\": 1, \"surcharge_cost\": 0, \"minutes\": 1, \"inference_requests\": 1}]}}",
    ISC_BILLING_ERROR_INVALID, "dedicated_usage.breakdown[0].billable_resource: required field is missing" },
  /* A key twice: json-glib would keep the last, a reader of bytes the first. */
  { "{\"training_usage\": null, \"training_usage\": null}", ISC_BILLING_ERROR_SYNTAX, NULL },
};

static void
test_summary_bad (gconstpointer data)
{
  const BadCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) summary = NULL;

  summary = isc_billing_summary_decode (c->doc, strlen (c->doc), NOV1, NOV1 + 3 * DAY, &error);
  g_assert_null (summary);
  g_assert_nonnull (error);
  if (c->code != ISC_BILLING_ERROR_SYNTAX || !g_error_matches (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID))
    g_assert_error (error, ISC_BILLING_ERROR, c->code);
  if (c->message != NULL && strstr (error->message, c->message) == NULL)
    g_error ("“%s” does not say “%s”", error->message, c->message);
}

/* Deep nesting is refused before json-glib recurses into it. */
static void
test_summary_deep (void)
{
  GString *doc = g_string_new ("{\"x\": ");
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) summary = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (doc, '[');
  summary = isc_billing_summary_decode (doc->str, doc->len, NOV1, NOV1 + DAY, &error);
  g_assert_null (summary);
  g_assert_error (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_SYNTAX);
  g_string_free (doc, TRUE);
}

/* A document too large to build a tree of is refused unread. */
static void
test_summary_too_large (void)
{
  gsize size = 17 * 1024 * 1024;
  g_autofree char *doc = g_malloc (size);
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) summary = NULL;

  memset (doc, ' ', size);
  doc[0] = '{';
  doc[size - 1] = '}';
  summary = isc_billing_summary_decode (doc, size, NOV1, NOV1 + DAY, &error);
  g_assert_null (summary);
  g_assert_error (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_TOO_MANY);
  g_assert_cmpstr (error->message, ==, "The document is larger than 16 MiB.");
}

static void
test_params (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *params = isc_billing_build_params (NOV1, NOV1 + 3 * DAY, &error);
  g_autofree char *too_long = NULL;
  g_autofree char *too_early = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (params, ==, "start_date=2026-11-01T00%3A00%3A00Z&end_date=2026-11-04T00%3A00%3A00Z");

  too_long = isc_billing_build_params (NOV1, NOV1 + 32 * DAY, &error);
  g_assert_null (too_long);
  g_assert_error (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "31 days"));
  g_clear_error (&error);

  too_early = isc_billing_build_params (ISC_BILLING_EARLIEST_MS - DAY, ISC_BILLING_EARLIEST_MS, &error);
  g_assert_null (too_early);
  g_assert_error (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID);
}

/* ------------------------------------------------------------------------
 * Prices
 * ------------------------------------------------------------------------ */

static const char prices_doc[] =
  "{\"instance_types\": ["
  " {\"instance_type\": {\"id\": \"H100\", \"name\": \"1x H100\", \"memory_limit_mib\": 239616,"
  "   \"millicpu_limit\": 26000, \"gpu_count\": 1, \"gpu_type\": \"H100\", \"gpu_memory_limit_mib\": 81920},"
  "  \"price\": 0.10833},"
  " {\"instance_type\": {\"id\": \"1x4\", \"name\": \"1x4 CPU\", \"memory_limit_mib\": 4096,"
  "   \"millicpu_limit\": 1000, \"gpu_count\": 0, \"gpu_type\": null, \"gpu_memory_limit_mib\": null},"
  "  \"price\": \"0.00058\"}"
  "]}";

static void
test_prices (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscInstanceTypePrices) prices = isc_instance_type_prices_decode (prices_doc, strlen (prices_doc), &error);
  const IscInstanceTypePrice *h100, *cpu;

  g_assert_no_error (error);
  g_assert_cmpuint (isc_instance_type_prices_get_n (prices), ==, 2);

  h100 = isc_instance_type_prices_lookup (prices, "H100");
  g_assert_nonnull (h100);
  g_assert_cmpint (h100->price_per_minute, ==, 108330);
  g_assert_cmpint (h100->gpu_memory_limit_mib, ==, 81920);

  /* By name too, when a document carries the name. */
  cpu = isc_instance_type_prices_lookup (prices, "1x4 CPU");
  g_assert_nonnull (cpu);
  g_assert_cmpint (cpu->price_per_minute, ==, 580);
  g_assert_null (cpu->gpu_type);
  g_assert_cmpint (cpu->gpu_memory_limit_mib, ==, -1);

  g_assert_null (isc_instance_type_prices_lookup (prices, "A10G"));
}

static void
test_prices_bad (void)
{
  const char *docs[] = {
    "{}",
    "{\"instance_types\": [{\"instance_type\": \"H100\", \"price\": 1}]}",
    "{\"instance_types\": [{\"instance_type\": {\"id\": \"a\", \"name\": \"a\", \"memory_limit_mib\": 1,"
    " \"millicpu_limit\": 1, \"gpu_count\": 0, \"gpu_type\": null, \"gpu_memory_limit_mib\": null}, \"price\": -1}]}",
  };
  const char *says[] = {
    "instance_types: required field is missing",
    "instance_types[0].instance_type: expected an object, got a string",
    "instance_types[0].price: a price cannot be negative",
  };

  for (guint i = 0; i < G_N_ELEMENTS (docs); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(IscInstanceTypePrices) prices = isc_instance_type_prices_decode (docs[i], strlen (docs[i]), &error);

      g_assert_null (prices);
      g_assert_error (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, says[i]);
    }
}

/* ------------------------------------------------------------------------
 * Cost
 * ------------------------------------------------------------------------ */

/* A SERIES response of baseten_replicas_active: @n hourly steps from
 * @start_ms, each @replicas. */
static IscMetricsResponse *
replicas_response (gint64 start_ms,
                   guint  n,
                   double replicas)
{
  GString *doc = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;

  g_string_append_printf (doc,
                          "{\"mode\": \"SERIES\", \"start_epoch_millis\": %" G_GINT64_FORMAT ","
                          " \"end_epoch_millis\": %" G_GINT64_FORMAT ", \"step_seconds\": 3600,"
                          " \"metric_descriptors\": [{\"name\": \"baseten_replicas_active\","
                          " \"unit_hint\": \"COUNT\", \"kind\": \"GAUGE\", \"label_sets\": [{}]}],"
                          " \"metric_values\": [",
                          start_ms, start_ms + (gint64) n * HOUR);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (doc, "%s{\"start_epoch_millis\": %" G_GINT64_FORMAT ", \"values\": [[%g]]}",
                            i > 0 ? "," : "", start_ms + (gint64) i * HOUR, replicas);
  g_string_append (doc, "]}");

  response = isc_metrics_response_new_from_data (doc->str, (gssize) doc->len, &error);
  g_assert_no_error (error);
  g_string_free (doc, TRUE);
  return response;
}

/* Today is not billed: a range over yesterday and today takes
 * yesterday from billing and estimates today, and never adds them. */
static void
test_cost_billed_and_estimated (void)
{
  g_autoptr(IscBillingSummary) summary = decode_summary ();
  g_autoptr(IscMetricsResponse) replicas = replicas_response (NOV1, 72, 2.0);
  const IscBillingItem *dep1 = isc_billing_summary_lookup (summary, "dep1");
  IscMoney price = 100000;   /* $0.10 a minute */
  g_autofree char *text = NULL;
  IscCost cost;

  /* Now: 2026-11-03 10:00. Range: 2026-11-02 00:00 to now. */
  isc_cost_compute (&cost, summary, &dep1, 1, replicas, &price,
                    NOV1 + DAY, NOV1 + 2 * DAY + 10 * HOUR, NOV1 + 2 * DAY + 10 * HOUR);

  g_assert_true (cost.has_billed);
  g_assert_cmpint (cost.billed, ==, 40050000);
  g_assert_cmpint (cost.billed_start_ms, ==, NOV1 + DAY);
  g_assert_cmpint (cost.billed_end_ms, ==, NOV1 + 2 * DAY);
  g_assert_cmpint (cost.billed_minutes, ==, 1440);
  g_assert_cmpint (cost.billed_requests, ==, 50000);

  /* 10 h × 2 replicas × $0.10 a minute = $120.00 */
  g_assert_true (cost.needs_estimate);
  g_assert_true (cost.has_estimate);
  g_assert_cmpint (cost.estimated_ms, ==, 10 * HOUR);
  g_assert_cmpfloat_with_epsilon (cost.replica_minutes, 1200.0, 1e-9);
  g_assert_cmpint (cost.estimated, ==, 120 * ISC_MONEY_MICROS_PER_DOLLAR);

  g_assert_cmpint (isc_cost_get_basis (&cost), ==, ISC_COST_MIXED);
  text = isc_cost_format (&cost);
  g_assert_cmpstr (text, ==, "$40.05 billed + ≈ $120.00 estimated");
  g_assert_cmpstr (isc_cost_basis_label (ISC_COST_MIXED), ==, "billed + estimate");
}

/* Whole past days: billed only; no row on a covered day is zero. */
static void
test_cost_billed (void)
{
  g_autoptr(IscBillingSummary) summary = decode_summary ();
  const IscBillingItem *dep1 = isc_billing_summary_lookup (summary, "dep1");
  g_autofree char *text = NULL;
  IscCost cost;

  isc_cost_compute (&cost, summary, &dep1, 1, NULL, NULL, NOV1, NOV1 + 3 * DAY, NOV1 + 10 * DAY);
  g_assert_cmpint (isc_cost_get_basis (&cost), ==, ISC_COST_BILLED);
  g_assert_false (cost.needs_estimate);
  g_assert_cmpint (cost.billed, ==, 100100000);
  text = isc_cost_format (&cost);
  g_assert_cmpstr (text, ==, "$100.10");

  /* A deployment billing does not list (it ran nothing): $0.00 billed. */
  isc_cost_compute (&cost, summary, NULL, 0, NULL, NULL, NOV1, NOV1 + 3 * DAY, NOV1 + 10 * DAY);
  g_assert_cmpint (isc_cost_get_basis (&cost), ==, ISC_COST_BILLED);
  g_assert_cmpint (cost.billed, ==, 0);
}

/* A range shorter than a day, or a row without daily figures, is all
 * estimate, labelled so; without a price or replicas, it says so. */
static void
test_cost_estimated (void)
{
  g_autoptr(IscBillingSummary) summary = decode_summary ();
  g_autoptr(IscMetricsResponse) replicas = replicas_response (NOV1, 72, 1.5);
  const IscBillingItem *dep1 = isc_billing_summary_lookup (summary, "dep1");
  const IscBillingItem *dep2 = isc_billing_summary_lookup (summary, "dep2");
  IscMoney price = 60000;   /* $0.06 a minute */
  g_autofree char *text = NULL;
  g_autofree char *none = NULL;
  g_autofree char *partial = NULL;
  IscCost cost;

  /* Yesterday 15:00 to 17:00: 2 h × 1.5 × $0.06 × 60 = $10.80 */
  isc_cost_compute (&cost, summary, &dep1, 1, replicas, &price,
                    NOV1 + 15 * HOUR, NOV1 + 17 * HOUR, NOV1 + 2 * DAY);
  g_assert_cmpint (isc_cost_get_basis (&cost), ==, ISC_COST_ESTIMATED);
  g_assert_false (cost.has_billed);
  g_assert_cmpint (cost.estimated, ==, 10800000);
  text = isc_cost_format (&cost);
  g_assert_cmpstr (text, ==, "≈ $10.80 (estimate)");

  /* No daily rows: the billed figure cannot be split by day. */
  isc_cost_compute (&cost, summary, &dep2, 1, replicas, &price, NOV1, NOV1 + 2 * DAY, NOV1 + 5 * DAY);
  g_assert_cmpint (isc_cost_get_basis (&cost), ==, ISC_COST_ESTIMATED);

  /* No price: nothing known. */
  isc_cost_compute (&cost, NULL, NULL, 0, replicas, NULL, NOV1, NOV1 + HOUR, NOV1 + DAY);
  g_assert_cmpint (isc_cost_get_basis (&cost), ==, ISC_COST_NONE);
  g_assert_true (cost.price_unknown);
  none = isc_cost_format (&cost);
  g_assert_cmpstr (none, ==, "—");

  /* Billed days, and a today without replicas: not summed, said. */
  isc_cost_compute (&cost, summary, &dep1, 1, NULL, &price, NOV1, NOV1 + 2 * DAY + HOUR, NOV1 + 2 * DAY + HOUR);
  g_assert_cmpint (isc_cost_get_basis (&cost), ==, ISC_COST_MIXED);
  g_assert_true (cost.replicas_unknown);
  g_assert_false (cost.has_estimate);
  partial = isc_cost_format (&cost);
  g_assert_cmpstr (partial, ==, "$100.10 billed + no estimate");
}

/* An environment: every deployment that served it. */
static void
test_cost_environment (void)
{
  g_autoptr(IscBillingSummary) summary = decode_summary ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  IscCost cost;

  g_assert_cmpuint (isc_billing_summary_collect_environment (summary, "llama", "production", rows), ==, 1);
  g_assert_cmpuint (isc_billing_summary_collect_environment (summary, "llama", "staging", rows), ==, 0);

  isc_cost_compute (&cost, summary, (const IscBillingItem * const *) rows->pdata, rows->len,
                    NULL, NULL, NOV1, NOV1 + DAY, NOV1 + 5 * DAY);
  g_assert_cmpint (cost.billed, ==, 60050000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (money_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/billing/money/parse/%u", i);
      g_test_add_data_func (path, &money_cases[i], test_money_parse);
    }
  g_test_add_func ("/isc/billing/money/exact-sum", test_money_exact_sum);
  g_test_add_func ("/isc/billing/money/format", test_money_format);
  g_test_add_func ("/isc/billing/summary/decode", test_summary_decode);
  g_test_add_func ("/isc/billing/summary/missing-parts", test_summary_missing_parts);
  for (guint i = 0; i < G_N_ELEMENTS (bad_summaries); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/billing/summary/bad/%u", i);
      g_test_add_data_func (path, &bad_summaries[i], test_summary_bad);
    }
  g_test_add_func ("/isc/billing/summary/deep", test_summary_deep);
  g_test_add_func ("/isc/billing/summary/too-large", test_summary_too_large);
  g_test_add_func ("/isc/billing/params", test_params);
  g_test_add_func ("/isc/billing/prices", test_prices);
  g_test_add_func ("/isc/billing/prices/bad", test_prices_bad);
  g_test_add_func ("/isc/billing/cost/billed-and-estimated", test_cost_billed_and_estimated);
  g_test_add_func ("/isc/billing/cost/billed", test_cost_billed);
  g_test_add_func ("/isc/billing/cost/estimated", test_cost_estimated);
  g_test_add_func ("/isc/billing/cost/environment", test_cost_environment);

  return g_test_run ();
}
