/* test-value-sets.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-metrics-response.h"

/* The value sets are read straight from the bytes; every number must come
 * out as json-glib would read it: a token without fraction or exponent
 * as a 64-bit integer, any other as g_ascii_strtod() reads it.
 */

static const char * const numbers[] = {
  "0", "-0", "-0.0", "0.0", "1", "-1", "42", "0.1", "0.2", "0.30000000000000004",
  "1e-7", "1E+2", "1.5e3", "-2.5E-3", "123456789012345678", "9007199254740993",
  "9223372036854775807", "-9223372036854775807", "0.1000000000000000055511151231257827",
  "1.7976931348623157e308", "4.9e-324", "2.2250738585072011e-308", "1e-400", "1e22",
  "1e23", "8.98846567431158e307", "123456.789012", "0.000042", "3.14159265358979323846",
  "12345678901234567890.5", "1e0000000000000000000001",
};

static char *
series_document (const char *a,
                 const char *b)
{
  return g_strdup_printf (
    "{\"mode\":\"SERIES\",\"start_epoch_millis\":1764547200000,"
    "\"end_epoch_millis\":1764547260000,\"step_seconds\":30,"
    "\"metric_descriptors\":[{\"name\":\"m\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\","
    "\"label_sets\":[{},{\"a\":\"b\"}]}],"
    "\"metric_values\":[{\"values\":[[%s, 1]],\"start_epoch_millis\":1764547200000},"
    "{\"x\":[{\"y\":\"]}\"}],\"start_epoch_millis\":1764547230000,\"values\":[[2, %s]]}]}",
    a, b);
}

static double
as_json_glib_reads (const char *token)
{
  if (strpbrk (token, ".eE") == NULL)
    return (double) g_ascii_strtoll (token, NULL, 10);

  return g_ascii_strtod (token, NULL);
}

static void
test_numbers (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      g_autofree char *json = series_document (numbers[i], numbers[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (json, -1, &error);
      const IscMetric *metric;
      double expected = as_json_glib_reads (numbers[i]);
      double first, second;

      g_assert_no_error (error);
      metric = isc_metrics_response_get_metric (response, 0);
      first = isc_series_get_values (isc_metric_get_series (metric, 0), NULL)[0];
      second = isc_series_get_values (isc_metric_get_series (metric, 1), NULL)[1];

      /* Bit for bit: -0.0 is not 0. */
      if (memcmp (&first, &expected, sizeof (double)) != 0 ||
          memcmp (&second, &expected, sizeof (double)) != 0)
        g_error ("%s read as %.17g and %.17g, json-glib reads %.17g",
                 numbers[i], first, second, expected);
    }
}

typedef struct
{
  const char *value;
  const char *start;
  const char *message;
} FaultCase;

static const FaultCase fault_cases[] = {
  { "1e999", "1764547230000", "metric_values[1].values[0][0]: the number does not fit a double" },
  { "-1e999", "1764547230000", "metric_values[1].values[0][0]: the number does not fit a double" },
  { "\"1\"", "1764547230000", "metric_values[1].values[0][0]: expected a number or null, got a string" },
  { "true", "1764547230000", "metric_values[1].values[0][0]: expected a number or null, got a boolean" },
  { "{}", "1764547230000", "metric_values[1].values[0][0]: expected a number or null, got an object" },
  { "[]", "1764547230000", "metric_values[1].values[0][0]: expected a number or null, got an array" },
  /* The start's fault comes first, though its key comes last. */
  { "\"1\"", "1764547230000.5", "metric_values[1].start_epoch_millis: expected an integer, got 1764547230000.5" },
  { "true", "1e999", "metric_values[1].start_epoch_millis: inf is out of range" },
  { "1", "null", "metric_values[1].start_epoch_millis: expected an integer, got null" },
  { "1", "9007199254740993", "metric_values[1].start_epoch_millis: 9007199254740993 is out of range" },
  { "null", "1764547200000", "metric_values[1].start_epoch_millis: 1764547200000 does not come after the previous step's start 1764547200000" },
};

static void
test_faults (gconstpointer data)
{
  const FaultCase *c = data;
  g_autofree char *json = g_strdup_printf (
    "{\"mode\":\"SERIES\",\"start_epoch_millis\":1764547200000,"
    "\"end_epoch_millis\":1764547260000,\"step_seconds\":30,"
    "\"metric_descriptors\":[{\"name\":\"m\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\","
    "\"label_sets\":[{}]}],"
    "\"metric_values\":[{\"start_epoch_millis\":1764547200000,\"values\":[[1]]},"
    "{\"values\":[[%s]],\"start_epoch_millis\":%s}]}",
    c->value, c->start);
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (json, -1, &error);

  g_assert_null (response);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, c->message);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/value-sets/numbers", test_numbers);
  for (guint i = 0; i < G_N_ELEMENTS (fault_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/value-sets/faults/%u", i);

      g_test_add_data_func (path, &fault_cases[i], test_faults);
    }

  return g_test_run ();
}
