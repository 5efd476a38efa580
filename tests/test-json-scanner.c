/* test-json-scanner.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-metrics-response.h"
#include "isc-metrics-response-private.h"

/* The strict scan reads keys as json-glib does, so that the value-set
 * reader and json-glib's tree of the rest never disagree on a member;
 * where they could (a key held twice), it refuses the body.
 */

typedef struct
{
  const char *raw;   /* between the quotes, as in the body */
  const char *name;
  gboolean    is;
} KeyCase;

static const KeyCase key_cases[] = {
  { "values", "values", TRUE },
  { "value", "values", FALSE },
  { "valuesx", "values", FALSE },
  { "", "", TRUE },
  { "", "values", FALSE },
  { "v\\u0061lues", "values", TRUE },
  { "\\u0076\\u0061\\u006C\\u0075\\u0065\\u0073", "values", TRUE },
  { "metric\\u005fvalues", "metric_values", TRUE },
  { "a\\/b", "a/b", TRUE },
  { "a\\\"b", "a\"b", TRUE },
  { "a\\\\b", "a\\b", TRUE },
  { "tab\\t", "tab\t", TRUE },
  /* json-glib keeps keys as C strings: a NUL ends one. */
  { "values\\u0000junk", "values", TRUE },
  { "\\u0000values", "values", FALSE },
  { "\\u00e9", "e", FALSE },
  { "\\ud83d\\ude00", "x", FALSE },
  { "valu\\u00e9s", "values", FALSE },
};

static void
test_key_is (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (key_cases); i++)
    {
      const KeyCase *c = &key_cases[i];

      gboolean escaped = strchr (c->raw, '\\') != NULL;

      if (_isc_json_key_is (c->raw, strlen (c->raw), escaped, c->name) != c->is)
        g_error ("\"%s\" %s \"%s\"", c->raw, c->is ? "should spell" : "should not spell", c->name);
    }
}

static char *
document (const char *values_key,
          const char *start_key,
          const char *rows_key)
{
  return g_strdup_printf (
    "{\"mode\":\"SERIES\",\"start_epoch_millis\":1764547200000,"
    "\"end_epoch_millis\":1764547260000,\"step_seconds\":30,"
    "\"metric_descriptors\":[{\"name\":\"m\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\","
    "\"label_sets\":[{},{\"a\":\"b\"}]}],"
    "\"%s\":[{\"%s\":1764547200000,\"%s\":[[1.5,2]]},"
    "{\"%s\":1764547230000,\"%s\":[[null,4]]}]}",
    values_key, start_key, rows_key, start_key, rows_key);
}

static void
test_escaped_keys (void)
{
  static const char * const spellings[][3] = {
    { "metric_values", "start_epoch_millis", "values" },
    { "metric\\u005fvalues", "start_epoch_millis", "values" },
    { "metric_values", "start\\u005Fepoch\\u005fmillis", "v\\u0061lues" },
    { "metric_values\\u0000", "start_epoch_millis\\u0000x", "values\\u0000" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (spellings); i++)
    {
      g_autofree char *json = document (spellings[i][0], spellings[i][1], spellings[i][2]);
      g_autoptr(GError) error = NULL;
      g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (json, -1, &error);
      const IscMetric *metric;
      const double *values;

      g_assert_no_error (error);
      g_assert_cmpuint (isc_metrics_response_get_n_steps (response), ==, 2);
      g_assert_cmpint (isc_metrics_response_get_step_start_ms (response, 1), ==,
                       G_GINT64_CONSTANT (1764547230000));
      metric = isc_metrics_response_lookup_metric (response, "m");
      values = isc_series_get_values (isc_metric_get_series (metric, 0), NULL);
      g_assert_cmpfloat (values[0], ==, 1.5);
      g_assert_true (isnan (values[1]));
      values = isc_series_get_values (isc_metric_get_series (metric, 1), NULL);
      g_assert_cmpfloat (values[0], ==, 2);
      g_assert_cmpfloat (values[1], ==, 4);
    }
}

typedef struct
{
  const char *json;
  const char *message;
} RepeatedCase;

#define HEAD \
  "{\"mode\":\"CURRENT\",\"start_epoch_millis\":0,\"end_epoch_millis\":0," \
  "\"metric_descriptors\":[{\"name\":\"m\",\"unit_hint\":\"BYTES\",\"kind\":\"GAUGE\"," \
  "\"label_sets\":[{}]}],"

static const RepeatedCase repeated_cases[] = {
  { HEAD "\"metric_values\":[],\"metric_values\":[{\"start_epoch_millis\":0,\"values\":[[1]]}]}",
    "metric_values: a second \"metric_values\" in the same object at byte " },
  { HEAD "\"metric_values\":[],\"metric\\u005fvalues\":[]}",
    "metric\\u005fvalues: a second \"metric_values\" in the same object at byte " },
  { HEAD "\"metric_values\":[{\"start_epoch_millis\":0,\"values\":[[\"x\"]],\"values\":[[1]]}]}",
    "metric_values[0].values: a second \"values\" in the same object at byte " },
  { HEAD "\"metric_values\":[{\"start_epoch_millis\":0,\"values\":[[1]],\"start\\u005fepoch_millis\":5}]}",
    "metric_values[0].start\\u005fepoch_millis: a second \"start_epoch_millis\" in the same object at byte " },
};

static void
test_repeated_keys (gconstpointer data)
{
  const RepeatedCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (c->json, -1, &error);

  g_assert_null (response);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_INVALID);
  if (!g_str_has_prefix (error->message, c->message))
    g_error ("expected a message starting \"%s\", got \"%s\"", c->message, error->message);
}

static void
test_repeated_keys_elsewhere (void)
{
  /* Only where the value-set reader looks: a label set or an unknown
   * member inside a value set may repeat a key, as json-glib reads it. */
  const char *json =
    HEAD "\"metric_values\":[{\"start_epoch_millis\":0,\"n\":1,\"n\":2,\"values\":[[1]],"
    "\"x\":{\"values\":1,\"values\":2}}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (json, -1, &error);

  g_assert_no_error (error);
  g_assert_cmpfloat (isc_series_get_values (isc_metric_get_series (isc_metrics_response_get_metric (response, 0), 0), NULL)[0], ==, 1);
}

static void
test_huge_integer_escaped_key (void)
{
  /* An escaped key is read for what it spells: refused where the schema
   * reads the number, let through where nothing does. */
  const char *schema =
    "{\"mode\":\"CURRENT\",\"start\\u005fepoch_millis\":99999999999999999999,"
    "\"end_epoch_millis\":0,\"metric_descriptors\":[],\"metric_values\":[]}";
  const char *unknown =
    "{\"mode\":\"CURRENT\",\"start_epoch_millis\":0,\"end_epoch_millis\":0,"
    "\"tr\\u0061ce\":99999999999999999999,\"metric_descriptors\":[],\"metric_values\":[]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) refused = isc_metrics_response_new_from_data (schema, -1, &error);
  g_autoptr(IscMetricsResponse) accepted = NULL;

  g_assert_null (refused);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "start\\u005fepoch_millis: the integer 99999999999999999999"));
  g_clear_error (&error);

  accepted = isc_metrics_response_new_from_data (unknown, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (accepted);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/json-scanner/key-is", test_key_is);
  g_test_add_func ("/isc/json-scanner/escaped-keys", test_escaped_keys);
  for (guint i = 0; i < G_N_ELEMENTS (repeated_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/json-scanner/repeated-keys/%u", i);

      g_test_add_data_func (path, &repeated_cases[i], test_repeated_keys);
    }
  g_test_add_func ("/isc/json-scanner/repeated-keys-elsewhere", test_repeated_keys_elsewhere);
  g_test_add_func ("/isc/json-scanner/huge-integer-escaped-key", test_huge_integer_escaped_key);

  return g_test_run ();
}
