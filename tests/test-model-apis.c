/* test-model-apis.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "isc-model-apis.h"

/* 2026-11-01T00:00:00Z */
#define NOV1   G_GINT64_CONSTANT (1793491200000)
#define MINUTE G_GINT64_CONSTANT (60000)
#define HOUR   G_GINT64_CONSTANT (3600000)
#define DAY    G_GINT64_CONSTANT (86400000)

static const char list_doc[] =
  "{\"items\": ["
  " {\"name\": \"deepseek-v3\", \"display_name\": \"DeepSeek V3\", \"description\": \"A model\","
  "  \"model_family\": \"deepseek\", \"release_date\": \"2025-03-24\","
  "  \"invoke_url\": \"https://inference.baseten.co/v1\", \"context_length\": 131072,"
  "  \"cost_per_million_input_tokens\": \"0.77\", \"cost_per_million_output_tokens\": 0.77,"
  "  \"rate_limits\": [{\"type\": \"REQUEST\", \"unit\": \"MINUTE\", \"threshold\": 60},"
  "                   {\"type\": \"TOKEN\", \"unit\": \"SECOND\", \"threshold\": 5000}],"
  "  \"org_details\": {\"added_at\": \"2026-10-01T12:00:00Z\", \"last_used_at\": null}},"
  " {\"name\": \"kimi-k2\", \"display_name\": \"Kimi K2\", \"description\": \"\","
  "  \"release_date\": \"2025-07-11\", \"invoke_url\": \"https://inference.baseten.co/v1\","
  "  \"context_length\": 128000, \"cost_per_million_input_tokens\": null,"
  "  \"cost_per_million_output_tokens\": null, \"rate_limits\": [], \"org_details\": null}"
  "], \"pagination\": {\"has_more\": true, \"cursor\": \"abc\"}}";

static void
test_list (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cursor = NULL;
  g_autoptr(GPtrArray) apis = isc_model_apis_decode_page (list_doc, strlen (list_doc), &cursor, &error);
  IscModelApi *deepseek, *kimi;

  g_assert_no_error (error);
  g_assert_cmpuint (apis->len, ==, 2);
  g_assert_cmpstr (cursor, ==, "abc");

  deepseek = g_ptr_array_index (apis, 0);
  g_assert_cmpstr (deepseek->name, ==, "deepseek-v3");
  g_assert_cmpstr (deepseek->display_name, ==, "DeepSeek V3");
  g_assert_true (deepseek->has_input_price);
  g_assert_cmpint (deepseek->cost_per_million_input_tokens, ==, 770000);
  g_assert_cmpint (deepseek->cost_per_million_output_tokens, ==, 770000);
  g_assert_cmpuint (deepseek->n_rate_limits, ==, 2);
  g_assert_cmpint (deepseek->rate_limits[0].type, ==, ISC_RATE_LIMIT_REQUEST);
  g_assert_true (deepseek->rate_limits[0].per_minute);
  g_assert_false (deepseek->rate_limits[1].per_minute);
  g_assert_true (deepseek->added);
  g_assert_cmpint (deepseek->added_at_ms, ==, NOV1 - 31 * DAY + 12 * HOUR);
  g_assert_cmpint (deepseek->last_used_at_ms, ==, -1);

  /* 1.5 M input and 250 k output tokens at $0.77 a million each. */
  {
    IscMoney cost = 0;

    g_assert_true (isc_model_api_token_cost (deepseek, 1500000, 250000, &cost));
    g_assert_cmpint (cost, ==, 1155000 + 192500);
  }

  kimi = g_ptr_array_index (apis, 1);
  g_assert_false (kimi->has_input_price);
  g_assert_false (kimi->has_output_price);
  g_assert_false (kimi->added);
  g_assert_null (kimi->model_family);
  {
    IscMoney cost = 42;

    g_assert_false (isc_model_api_token_cost (kimi, 100, 100, &cost));
    g_assert_cmpint (cost, ==, 0);
  }
}

static void
test_list_last_page (void)
{
  const char *doc = "{\"items\": [], \"pagination\": {\"has_more\": false, \"cursor\": null}}";
  const char *broken = "{\"items\": [], \"pagination\": {\"has_more\": true, \"cursor\": null}}";
  g_autoptr(GError) error = NULL;
  char *cursor = (char *) "unset";
  g_autoptr(GPtrArray) apis = isc_model_apis_decode_page (doc, strlen (doc), &cursor, &error);
  g_autoptr(GPtrArray) none = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (apis->len, ==, 0);
  g_assert_null (cursor);

  none = isc_model_apis_decode_page (broken, strlen (broken), &cursor, &error);
  g_assert_null (none);
  g_assert_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "pagination.cursor: more pages, but no cursor to them");
}

/* Widths and limits follow the range. */
static void
test_query (void)
{
  g_autoptr(IscUsageQuery) day = isc_usage_query_new (NOV1, NOV1 + DAY, ISC_USAGE_GROUP_MODEL, NULL);
  g_autoptr(IscUsageQuery) week = isc_usage_query_new (NOV1, NOV1 + 7 * DAY, ISC_USAGE_GROUP_MODEL | ISC_USAGE_GROUP_API_KEY, "deepseek-v3");
  g_autoptr(IscUsageQuery) month = isc_usage_query_new (NOV1, NOV1 + 30 * DAY, 0, NULL);
  g_autoptr(IscUsageQuery) odd = isc_usage_query_new (NOV1 + 90 * 1000, NOV1 + 10 * MINUTE, 0, NULL);
  g_autofree char *day_params = isc_usage_query_build_params (day, NULL);
  g_autofree char *week_params = isc_usage_query_build_params (week, NULL);
  g_autofree char *month_next = isc_usage_query_build_params (month, "c/1=");

  g_assert_cmpint (day->width, ==, ISC_USAGE_WIDTH_MINUTE);
  g_assert_cmpint (week->width, ==, ISC_USAGE_WIDTH_HOUR);
  g_assert_cmpint (month->width, ==, ISC_USAGE_WIDTH_DAY);
  g_assert_cmpint (isc_usage_width_for_range (NOV1, NOV1 + DAY + 1), ==, ISC_USAGE_WIDTH_HOUR);

  g_assert_cmpuint (isc_usage_query_n_buckets (day), ==, 1440);
  g_assert_cmpuint (isc_usage_query_n_buckets (week), ==, 168);
  g_assert_cmpuint (isc_usage_query_n_buckets (month), ==, 30);
  /* The start is snapped down to its bucket. */
  g_assert_cmpuint (isc_usage_query_n_buckets (odd), ==, 9);

  g_assert_cmpstr (day_params, ==,
                   "start_time=2026-11-01T00%3A00%3A00Z&end_time=2026-11-02T00%3A00%3A00Z"
                   "&bucket_width=1m&group_by=model&limit=1440");
  g_assert_cmpstr (week_params, ==,
                   "start_time=2026-11-01T00%3A00%3A00Z&end_time=2026-11-08T00%3A00%3A00Z"
                   "&bucket_width=1h&group_by=model&group_by=api_key&models=deepseek-v3&limit=168");
  /* With a cursor, no start_time; limit at the width's maximum. */
  g_assert_cmpstr (month_next, ==,
                   "end_time=2026-12-01T00%3A00%3A00Z&bucket_width=1d&limit=30&cursor=c%2F1%3D");
}

static void
test_query_validate (void)
{
  gint64 now = NOV1 + 100 * DAY;
  g_autoptr(IscUsageQuery) ok = isc_usage_query_new (now - 91 * DAY, now - 60 * DAY, 0, NULL);
  g_autoptr(IscUsageQuery) old = isc_usage_query_new (now - 93 * DAY, now - 92 * DAY, 0, NULL);
  g_autoptr(IscUsageQuery) empty = isc_usage_query_new (now, now, 0, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (isc_usage_query_validate (ok, now, &error));
  g_assert_no_error (error);

  g_assert_false (isc_usage_query_validate (old, now, &error));
  g_assert_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_RANGE);
  g_assert_nonnull (strstr (error->message, "92 days"));
  g_clear_error (&error);

  g_assert_false (isc_usage_query_validate (empty, now, &error));
  g_assert_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_RANGE);
}

/* Three hourly buckets, the middle one empty (no "results" at all), two
 * models; then a second page that goes on from it. */
static const char usage_page1[] =
  "{\"items\": ["
  " {\"start_time\": \"2026-11-01T00:00:00Z\", \"end_time\": \"2026-11-01T01:00:00Z\", \"results\": ["
  "   {\"model\": \"kimi-k2\", \"api_key_prefix\": null, \"input_tokens\": 100, \"cached_input_tokens\": 40,"
  "    \"uncached_input_tokens\": 60, \"output_tokens\": 10, \"request_count\": 2},"
  "   {\"model\": \"deepseek-v3\", \"input_tokens\": 5000, \"cached_input_tokens\": 1000,"
  "    \"uncached_input_tokens\": 4000, \"output_tokens\": 700, \"request_count\": 9}]},"
  " {\"start_time\": \"2026-11-01T01:00:00Z\", \"end_time\": \"2026-11-01T02:00:00Z\"},"
  " {\"start_time\": \"2026-11-01T02:00:00Z\", \"end_time\": \"2026-11-01T03:00:00Z\", \"results\": ["
  "   {\"model\": \"kimi-k2\", \"input_tokens\": 1, \"cached_input_tokens\": 0,"
  "    \"uncached_input_tokens\": 1, \"output_tokens\": 1, \"request_count\": 1}]}"
  "], \"pagination\": {\"has_more\": true, \"cursor\": \"p2\"}}";

static const char usage_page2[] =
  "{\"items\": ["
  " {\"start_time\": \"2026-11-01T03:00:00Z\", \"end_time\": \"2026-11-01T04:00:00Z\", \"results\": []}"
  "], \"pagination\": {\"has_more\": false}}";

static void
test_usage (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cursor = NULL;
  g_autofree char *cursor2 = NULL;
  g_autoptr(IscModelApiUsage) page1 = NULL;
  g_autoptr(IscModelApiUsage) page2 = NULL;
  g_autoptr(IscModelApiUsage) all = NULL;

  page1 = isc_model_api_usage_decode_page (usage_page1, strlen (usage_page1), ISC_USAGE_WIDTH_HOUR, &cursor, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cursor, ==, "p2");
  g_assert_cmpuint (isc_model_api_usage_get_n_buckets (page1), ==, 3);

  /* Groups: the most tokens first. */
  g_assert_cmpuint (isc_model_api_usage_get_n_groups (page1), ==, 2);
  g_assert_cmpstr (isc_model_api_usage_get_group_label (page1, 0), ==, "deepseek-v3");
  g_assert_cmpstr (isc_model_api_usage_get_group_model (page1, 1), ==, "kimi-k2");
  g_assert_null (isc_model_api_usage_get_group_api_key (page1, 1));

  g_assert_cmpint (isc_model_api_usage_get_value (page1, 0, 0, ISC_USAGE_FIELD_UNCACHED_INPUT), ==, 4000);
  g_assert_cmpint (isc_model_api_usage_get_value (page1, 0, 0, ISC_USAGE_FIELD_CACHED_INPUT), ==, 1000);
  g_assert_cmpint (isc_model_api_usage_get_value (page1, 0, 1, ISC_USAGE_FIELD_REQUESTS), ==, 2);
  /* The empty bucket is kept, and counts zero. */
  g_assert_cmpint (isc_model_api_usage_get_start_ms (page1, 1), ==, NOV1 + HOUR);
  g_assert_cmpint (isc_model_api_usage_get_end_ms (page1, 1), ==, NOV1 + 2 * HOUR);
  g_assert_cmpint (isc_model_api_usage_get_value (page1, 1, 0, ISC_USAGE_FIELD_OUTPUT), ==, 0);
  g_assert_cmpint (isc_model_api_usage_get_value (page1, 2, 0, ISC_USAGE_FIELD_OUTPUT), ==, 0);
  g_assert_cmpint (isc_model_api_usage_get_value (page1, 2, 1, ISC_USAGE_FIELD_OUTPUT), ==, 1);

  page2 = isc_model_api_usage_decode_page (usage_page2, strlen (usage_page2), ISC_USAGE_WIDTH_HOUR, &cursor2, &error);
  g_assert_no_error (error);
  g_assert_null (cursor2);

  all = isc_model_api_usage_concat (page1, page2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (isc_model_api_usage_get_n_buckets (all), ==, 4);
  g_assert_cmpint (isc_model_api_usage_get_end_ms (all, 3), ==, NOV1 + 4 * HOUR);
  g_assert_cmpint (isc_model_api_usage_get_total (all, G_MAXUINT, ISC_USAGE_FIELD_REQUESTS), ==, 12);
  g_assert_cmpint (isc_model_api_usage_get_total (all, 1, ISC_USAGE_FIELD_INPUT), ==, 101);

  /* Out of order pages are refused. */
  {
    g_autoptr(IscModelApiUsage) wrong = isc_model_api_usage_concat (page2, page1, &error);

    g_assert_null (wrong);
    g_assert_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_INVALID);
  }
}

/* Grouped by model and API key: one group per pair. */
static void
test_usage_by_key (void)
{
  const char *doc =
    "{\"items\": [{\"start_time\": \"2026-11-01T00:00:00Z\", \"end_time\": \"2026-11-02T00:00:00Z\", \"results\": ["
    " {\"model\": \"m\", \"api_key_prefix\": \"abc\", \"input_tokens\": 1, \"cached_input_tokens\": 0,"
    "  \"uncached_input_tokens\": 1, \"output_tokens\": 1, \"request_count\": 1},"
    " {\"model\": \"m\", \"api_key_prefix\": \"xyz\", \"input_tokens\": 9, \"cached_input_tokens\": 0,"
    "  \"uncached_input_tokens\": 9, \"output_tokens\": 1, \"request_count\": 1}]}],"
    " \"pagination\": {\"has_more\": false, \"cursor\": null}}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscModelApiUsage) usage = isc_model_api_usage_decode_page (doc, strlen (doc), ISC_USAGE_WIDTH_DAY, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (isc_model_api_usage_get_n_groups (usage), ==, 2);
  g_assert_cmpstr (isc_model_api_usage_get_group_label (usage, 0), ==, "m · xyz");
  g_assert_cmpstr (isc_model_api_usage_get_group_api_key (usage, 1), ==, "abc");
}

static void
test_usage_bad (void)
{
  const char *docs[] = {
    /* not 1h long */
    "{\"items\": [{\"start_time\": \"2026-11-01T00:00:00Z\", \"end_time\": \"2026-11-01T00:01:00Z\"}],"
    " \"pagination\": {\"has_more\": false}}",
    /* a gap */
    "{\"items\": [{\"start_time\": \"2026-11-01T00:00:00Z\", \"end_time\": \"2026-11-01T01:00:00Z\"},"
    " {\"start_time\": \"2026-11-01T02:00:00Z\", \"end_time\": \"2026-11-01T03:00:00Z\"}],"
    " \"pagination\": {\"has_more\": false}}",
    /* not a date-time */
    "{\"items\": [{\"start_time\": \"yesterday\", \"end_time\": \"2026-11-01T01:00:00Z\"}],"
    " \"pagination\": {\"has_more\": false}}",
    /* a count as a string */
    "{\"items\": [{\"start_time\": \"2026-11-01T00:00:00Z\", \"end_time\": \"2026-11-01T01:00:00Z\", \"results\": ["
    " {\"model\": \"m\", \"input_tokens\": \"1\", \"cached_input_tokens\": 0, \"uncached_input_tokens\": 1,"
    "  \"output_tokens\": 1, \"request_count\": 1}]}], \"pagination\": {\"has_more\": false}}",
    /* no pagination */
    "{\"items\": []}",
  };
  const char *says[] = {
    "items[0]: the bucket is not 1h long",
    "items[1].start_time: the bucket does not start where the one before ends",
    "items[0].start_time: “yesterday” is not a date-time",
    "items[0].results[0].input_tokens: expected an integer, got a string",
    "pagination: required field is missing",
  };

  for (guint i = 0; i < G_N_ELEMENTS (docs); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(IscModelApiUsage) usage = NULL;

      usage = isc_model_api_usage_decode_page (docs[i], strlen (docs[i]), ISC_USAGE_WIDTH_HOUR, NULL, &error);
      g_assert_null (usage);
      g_assert_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, says[i]);
    }
}

/* A page of more buckets than the width allows is refused. */
static void
test_usage_too_many (void)
{
  GString *doc = g_string_new ("{\"items\": [");
  g_autoptr(GError) error = NULL;
  g_autoptr(IscModelApiUsage) usage = NULL;

  for (guint i = 0; i < 32; i++)
    {
      g_autoptr(GDateTime) a = g_date_time_new_from_unix_utc ((NOV1 + i * DAY) / 1000);
      g_autoptr(GDateTime) b = g_date_time_new_from_unix_utc ((NOV1 + (i + 1) * DAY) / 1000);
      g_autofree char *as = g_date_time_format_iso8601 (a);
      g_autofree char *bs = g_date_time_format_iso8601 (b);

      g_string_append_printf (doc, "%s{\"start_time\": \"%s\", \"end_time\": \"%s\"}", i ? "," : "", as, bs);
    }
  g_string_append (doc, "], \"pagination\": {\"has_more\": false}}");

  usage = isc_model_api_usage_decode_page (doc->str, doc->len, ISC_USAGE_WIDTH_DAY, NULL, &error);
  g_assert_null (usage);
  g_assert_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_TOO_MANY);
  g_string_free (doc, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/model-apis/list", test_list);
  g_test_add_func ("/isc/model-apis/list/last-page", test_list_last_page);
  g_test_add_func ("/isc/model-apis/query", test_query);
  g_test_add_func ("/isc/model-apis/query/validate", test_query_validate);
  g_test_add_func ("/isc/model-apis/usage", test_usage);
  g_test_add_func ("/isc/model-apis/usage/by-key", test_usage_by_key);
  g_test_add_func ("/isc/model-apis/usage/bad", test_usage_bad);
  g_test_add_func ("/isc/model-apis/usage/too-many", test_usage_too_many);

  return g_test_run ();
}
