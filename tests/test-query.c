/* test-query.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "isc-query.h"

#define HOUR_MS ((gint64) 60 * 60 * 1000)
#define DAY_MS (24 * HOUR_MS)
#define NOW_MS ((gint64) 1764547200000) /* 2025-12-01 00:00 UTC */

static IscQuery *
series_query (const IscTimeRange *range)
{
  const char *metrics[] = { "baseten_replicas_active", "baseten_inference_requests_total", NULL };

  return isc_query_new ("abc123", ISC_TARGET_DEPLOYMENT, "dep456",
                        ISC_MODE_SERIES, range, metrics);
}

static void
test_query_params_series (void)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (1700000000000, 1700003600000);
  g_autoptr(IscQuery) query = series_query (range);
  g_autofree char *path = isc_query_build_path (query);
  g_autofree char *params = isc_query_build_params (query, NOW_MS);

  g_assert_cmpstr (path, ==, "/v1/models/abc123/deployments/dep456/metrics");
  /* Upper-case mode, epoch milliseconds, one metrics= key per name. */
  g_assert_cmpstr (params, ==,
                   "mode=SERIES&start_epoch_millis=1700000000000&end_epoch_millis=1700003600000"
                   "&metrics=baseten_replicas_active&metrics=baseten_inference_requests_total");
}

static void
test_query_params_relative (void)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (HOUR_MS);
  const char *metrics[] = { "baseten_gpu_memory_used", NULL };
  g_autoptr(IscQuery) query = isc_query_new ("m1", ISC_TARGET_ENVIRONMENT, "production",
                                             ISC_MODE_SUMMARY, range, metrics);
  g_autofree char *path = isc_query_build_path (query);
  g_autofree char *params = isc_query_build_params (query, NOW_MS);

  g_assert_cmpstr (path, ==, "/v1/models/m1/environments/production/metrics");
  g_assert_cmpstr (params, ==,
                   "mode=SUMMARY&start_epoch_millis=1764543600000&end_epoch_millis=1764547200000"
                   "&metrics=baseten_gpu_memory_used");
}

static void
test_query_params_current (void)
{
  g_autoptr(IscQuery) query = isc_query_new ("m1", ISC_TARGET_DEPLOYMENT, "d1",
                                             ISC_MODE_CURRENT, NULL, NULL);
  g_autofree char *params = isc_query_build_params (query, NOW_MS);

  /* No start or end in CURRENT, no metrics key for the default set. */
  g_assert_cmpstr (params, ==, "mode=CURRENT");
  g_assert_true (isc_query_validate (query, NOW_MS, NULL));
}

static void
test_query_path_escaped (void)
{
  g_autoptr(IscQuery) query = isc_query_new ("a/b", ISC_TARGET_ENVIRONMENT, "my env?x=1",
                                             ISC_MODE_CURRENT, NULL, NULL);
  g_autofree char *path = isc_query_build_path (query);

  /* An odd name cannot reach another endpoint or add a parameter. */
  g_assert_cmpstr (path, ==, "/v1/models/a%2Fb/environments/my%20env%3Fx%3D1/metrics");
}

typedef struct
{
  const char *name;
  IscMode     mode;
  gint64      start_ms;   /* relative to NOW_MS */
  gint64      end_ms;
  gboolean    relative;
  gint        code;       /* -1: valid */
} ValidateCase;

static const ValidateCase validate_cases[] = {
  { "series-hour", ISC_MODE_SERIES, -HOUR_MS, 0, FALSE, -1 },
  { "series-7d", ISC_MODE_SERIES, -7 * DAY_MS, 0, FALSE, -1 },
  { "series-7d-1ms", ISC_MODE_SERIES, -7 * DAY_MS - 1, 0, FALSE, ISC_QUERY_ERROR_RANGE_TOO_LONG },
  { "relative-8d", ISC_MODE_SUMMARY, -8 * DAY_MS, 0, TRUE, ISC_QUERY_ERROR_RANGE_TOO_LONG },
  { "reversed", ISC_MODE_SERIES, 0, -HOUR_MS, FALSE, ISC_QUERY_ERROR_RANGE_ORDER },
  { "empty", ISC_MODE_SUMMARY, 0, 0, FALSE, ISC_QUERY_ERROR_RANGE_ORDER },
  { "current-range", ISC_MODE_CURRENT, -HOUR_MS, 0, FALSE, ISC_QUERY_ERROR_RANGE_IN_CURRENT },
};

static void
test_query_validate (gconstpointer data)
{
  const ValidateCase *c = data;
  g_autoptr(IscTimeRange) range = NULL;
  g_autoptr(IscQuery) query = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (c->relative)
    range = isc_time_range_new_relative (-c->start_ms);
  else
    range = isc_time_range_new_absolute (NOW_MS + c->start_ms, NOW_MS + c->end_ms);

  query = isc_query_new ("m", ISC_TARGET_DEPLOYMENT, "d", c->mode, range, NULL);
  ok = isc_query_validate (query, NOW_MS, &error);

  if (c->code < 0)
    {
      g_assert_no_error (error);
      g_assert_true (ok);
    }
  else
    {
      g_assert_error (error, ISC_QUERY_ERROR, c->code);
      g_assert_false (ok);
      g_assert_cmpuint (strlen (error->message), >, 20);
    }
}

static void
test_query_validate_target (void)
{
  g_autoptr(IscQuery) no_model = isc_query_new ("", ISC_TARGET_DEPLOYMENT, "d", ISC_MODE_CURRENT, NULL, NULL);
  g_autoptr(IscQuery) no_env = isc_query_new ("m", ISC_TARGET_ENVIRONMENT, NULL, ISC_MODE_CURRENT, NULL, NULL);
  const char *metrics[] = { "a", "", NULL };
  g_autoptr(IscQuery) empty_metric = isc_query_new ("m", ISC_TARGET_DEPLOYMENT, "d", ISC_MODE_CURRENT, NULL, metrics);
  g_autoptr(GError) error = NULL;

  g_assert_false (isc_query_validate (no_model, NOW_MS, &error));
  g_assert_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_TARGET);
  g_clear_error (&error);

  g_assert_false (isc_query_validate (no_env, NOW_MS, &error));
  g_assert_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_TARGET);
  g_assert_nonnull (strstr (error->message, "environment"));
  g_clear_error (&error);

  g_assert_false (isc_query_validate (empty_metric, NOW_MS, &error));
  g_assert_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_METRIC);
}

static void
test_query_equal_copy (void)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (HOUR_MS);
  g_autoptr(IscTimeRange) other_range = isc_time_range_new_relative (6 * HOUR_MS);
  g_autoptr(IscQuery) a = series_query (range);
  g_autoptr(IscQuery) b = isc_query_copy (a);
  g_autoptr(IscQuery) c = series_query (other_range);
  g_autoptr(IscQuery) d = isc_query_new ("abc123", ISC_TARGET_DEPLOYMENT, "dep456",
                                         ISC_MODE_SERIES, range, NULL);
  g_autoptr(IscQuery) e = isc_query_new ("abc123", ISC_TARGET_ENVIRONMENT, "dep456",
                                         ISC_MODE_SERIES, range,
                                         (const char * const *) a->metrics);
  g_autofree char *key_a = isc_query_to_key (a);
  g_autofree char *key_c = isc_query_to_key (c);
  g_autofree char *key_e = isc_query_to_key (e);

  /* A copy is independent of its original. */
  g_assert_true (a->metrics != b->metrics);
  g_assert_true (a->range != b->range);
  g_assert_true (isc_query_equal (a, b));
  g_assert_cmpuint (isc_query_hash (a), ==, isc_query_hash (b));
  g_assert_false (isc_query_equal (a, c));
  g_assert_false (isc_query_equal (a, d));
  g_assert_false (isc_query_equal (a, e));
  g_assert_cmpstr (key_a, !=, key_c);
  g_assert_cmpstr (key_a, !=, key_e);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/query/params/series", test_query_params_series);
  g_test_add_func ("/isc/query/params/relative", test_query_params_relative);
  g_test_add_func ("/isc/query/params/current", test_query_params_current);
  g_test_add_func ("/isc/query/path-escaped", test_query_path_escaped);
  for (guint i = 0; i < G_N_ELEMENTS (validate_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/query/validate/%s", validate_cases[i].name);
      g_test_add_data_func (path, &validate_cases[i], test_query_validate);
    }
  g_test_add_func ("/isc/query/validate-target", test_query_validate_target);
  g_test_add_func ("/isc/query/equal-copy", test_query_equal_copy);

  return g_test_run ();
}
