/* test-demo-billing.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The simulated API's billing, instance type prices and Model APIs
 * endpoints, read raw: what they refuse, and the shapes a client must
 * accept (money as numbers and as strings, empty buckets with and
 * without "results", a cursor). What the documents mean is tested
 * through the client in test-usage. */

#include "config.h"

#include <string.h>

#include "isc-billing.h"
#include "isc-demo-ids.h"
#include "isc-test-demo.h"

/* NOW_MS is 2026-11-30 15:17 UTC. */
#define PERIOD "start_date=2026-11-20T00:00:00Z&end_date=2026-11-30T00:00:00Z"

static void
test_refusals (DemoFixture   *f,
               gconstpointer  data)
{
  demo_assert_status (f, "/v1/billing/usage_summary", 400, "VALIDATION_ERROR", "start_date and end_date");
  demo_assert_status (f, "/v1/billing/usage_summary?start_date=2026-10-01T00:00:00Z&end_date=2026-11-02T00:00:00Z",
                      400, "VALIDATION_ERROR", "31 days");
  demo_assert_status (f, "/v1/billing/usage_summary?start_date=2025-12-31T00:00:00Z&end_date=2026-01-02T00:00:00Z",
                      400, "VALIDATION_ERROR", "2026-01-01");
  demo_assert_status (f, "/v1/billing/usage_summary?start_date=2026-11-02T00:00:00Z&end_date=2026-11-01T00:00:00Z",
                      400, "VALIDATION_ERROR", "after start_date");
  demo_assert_status (f, "/v1/model_apis/usage?bucket_width=1h", 400, "VALIDATION_ERROR", "start_time is required");
  demo_assert_status (f, "/v1/model_apis/usage?start_time=2026-11-29T00:00:00Z&bucket_width=1h&limit=169",
                      400, "VALIDATION_ERROR", "between 1 and 168");
  demo_assert_status (f, "/v1/model_apis/usage?start_time=2026-11-29T00:00:00Z&bucket_width=5m",
                      400, "VALIDATION_ERROR", "1m, 1h or 1d");
  demo_assert_status (f, "/v1/model_apis/usage?start_time=2026-11-29T00:00:00Z&group_by=team",
                      400, "VALIDATION_ERROR", "group_by");
  demo_assert_status (f, "/v1/model_apis?limit=0", 400, "VALIDATION_ERROR", "limit");
  demo_assert_status (f, "/v1/billing/other", 404, "NOT_FOUND", NULL);
}

/* Every deployment's instance type has a price; money comes as numbers
 * in some rows and as strings in others. */
static void
test_summary_shapes (DemoFixture   *f,
                     gconstpointer  data)
{
  g_autoptr(JsonNode) prices = demo_get_json (f, "/v1/instance_type_prices");
  g_autoptr(JsonNode) summary = demo_get_json (f, "/v1/billing/usage_summary?" PERIOD);
  JsonObject *dedicated = json_object_get_object_member (demo_object_of (summary), "dedicated_usage");
  JsonArray *breakdown = json_object_get_array_member (dedicated, "breakdown");
  JsonArray *types = json_object_get_array_member (demo_object_of (prices), "instance_types");
  guint strings = 0, numbers = 0;

  g_assert_cmpuint (json_array_get_length (breakdown), >=, 5);
  for (guint i = 0; i < json_array_get_length (breakdown); i++)
    {
      JsonObject *row = json_array_get_object_element (breakdown, i);
      JsonObject *resource = json_object_get_object_member (row, "billable_resource");
      const char *type = json_object_get_string_member (resource, "instance_type");
      JsonNode *subtotal = json_object_get_member (row, "subtotal");
      JsonArray *daily = json_object_get_array_member (row, "daily");
      gboolean priced = FALSE;

      for (guint t = 0; t < json_array_get_length (types); t++)
        {
          JsonObject *price = json_array_get_object_element (types, t);

          priced |= g_strcmp0 (json_object_get_string_member (json_object_get_object_member (price, "instance_type"), "id"),
                               type) == 0;
        }
      g_assert_true (priced);

      if (json_node_get_value_type (subtotal) == G_TYPE_STRING)
        strings++;
      else
        numbers++;

      /* Billing closes at midnight: the last day is yesterday at most. */
      g_assert_cmpuint (json_array_get_length (daily), >, 0);
      g_assert_cmpuint (json_array_get_length (daily), <=, 10);
      g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (daily, 0), "date"), >=, "2026-11-20");
      g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (daily, json_array_get_length (daily) - 1), "date"),
                       <=, "2026-11-29");
    }
  g_assert_cmpuint (strings, >, 0);
  g_assert_cmpuint (numbers, >, 0);

  /* And the decoder takes it. */
  {
    g_autoptr(DemoResponse) r = demo_request (f, "/v1/billing/usage_summary?" PERIOD);
    g_autoptr(GError) error = NULL;
    g_autoptr(IscBillingSummary) decoded = NULL;
    gsize size = 0;
    const char *body = g_bytes_get_data (r->body, &size);

    decoded = isc_billing_summary_decode (body, size, G_GINT64_CONSTANT (1795132800000),
                                          G_GINT64_CONSTANT (1795996800000), &error);
    g_assert_no_error (error);
    g_assert_true (isc_billing_summary_get_section (decoded, ISC_BILLING_SECTION_TRAINING)->present);
  }
}

/* Two of four Model APIs added; a page of usage ends with a cursor that
 * goes on where it stopped; empty buckets with and without "results". */
static void
test_model_apis (DemoFixture   *f,
                 gconstpointer  data)
{
  g_autoptr(JsonNode) all = demo_get_json (f, "/v1/model_apis");
  g_autoptr(JsonNode) added = demo_get_json (f, "/v1/model_apis?added_only=true");
  g_autoptr(JsonNode) page1 = demo_get_json (f, "/v1/model_apis/usage?start_time=2026-11-29T02:00:00Z"
                                                "&end_time=2026-11-29T05:00:00Z&bucket_width=1m&limit=120");
  g_autoptr(JsonNode) page2 = NULL;
  JsonObject *pagination = json_object_get_object_member (demo_object_of (page1), "pagination");
  JsonArray *items = json_object_get_array_member (demo_object_of (page1), "items");
  const char *cursor;
  g_autofree char *next = NULL;
  guint with_results = 0, without = 0;

  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (demo_object_of (all), "items")), ==, 4);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (demo_object_of (added), "items")), ==, 2);

  g_assert_cmpuint (json_array_get_length (items), ==, 120);
  g_assert_true (json_object_get_boolean_member (pagination, "has_more"));
  cursor = json_object_get_string_member (pagination, "cursor");
  g_assert_nonnull (cursor);

  /* 03:00 to 04:00 is empty. */
  for (guint i = 60; i < 120; i++)
    {
      JsonObject *bucket = json_array_get_object_element (items, i);

      if (json_object_has_member (bucket, "results"))
        {
          g_assert_cmpuint (json_array_get_length (json_object_get_array_member (bucket, "results")), ==, 0);
          with_results++;
        }
      else
        without++;
    }
  g_assert_cmpuint (with_results, >, 0);
  g_assert_cmpuint (without, >, 0);

  next = g_strdup_printf ("/v1/model_apis/usage?end_time=2026-11-29T05:00:00Z&bucket_width=1m&limit=120&cursor=%s", cursor);
  page2 = demo_get_json (f, next);
  items = json_object_get_array_member (demo_object_of (page2), "items");
  g_assert_cmpuint (json_array_get_length (items), ==, 60);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (items, 0), "start_time"),
                   ==, "2026-11-29T04:00:00Z");
  g_assert_false (json_object_get_boolean_member (json_object_get_object_member (demo_object_of (page2), "pagination"),
                                                  "has_more"));
}

static void
assert_ok (DemoFixture *f,
           const char  *path)
{
  g_autoptr(DemoResponse) r = demo_request (f, path);

  g_assert_no_error (r->error);
  g_assert_cmpuint (r->status, ==, 200);
}

/* A key that may not read billing: 403 on billing and usage, the list
 * and the prices still answer. */
static void
test_forbidden (DemoFixture   *f,
                gconstpointer  data)
{
  isc_demo_server_set_billing_forbidden (f->server, TRUE);
  demo_assert_status (f, "/v1/billing/usage_summary?" PERIOD, 403, "PERMISSION_DENIED", "admins");
  demo_assert_status (f, "/v1/model_apis/usage?start_time=2026-11-29T00:00:00Z", 403, "PERMISSION_DENIED", NULL);
  assert_ok (f, "/v1/model_apis");
  assert_ok (f, "/v1/instance_type_prices");
  isc_demo_server_set_billing_forbidden (f->server, FALSE);
  assert_ok (f, "/v1/billing/usage_summary?" PERIOD);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/isc/demo-billing/refusals", DemoFixture, NULL,
              demo_fixture_setup, test_refusals, demo_fixture_teardown);
  g_test_add ("/isc/demo-billing/summary-shapes", DemoFixture, NULL,
              demo_fixture_setup, test_summary_shapes, demo_fixture_teardown);
  g_test_add ("/isc/demo-billing/model-apis", DemoFixture, NULL,
              demo_fixture_setup, test_model_apis, demo_fixture_teardown);
  g_test_add ("/isc/demo-billing/forbidden", DemoFixture, NULL,
              demo_fixture_setup, test_forbidden, demo_fixture_teardown);

  return g_test_run ();
}
