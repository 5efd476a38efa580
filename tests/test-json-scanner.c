/* test-json-scanner.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/resource.h>

#include "isc-metrics-response.h"
#include "isc-metrics-response-private.h"
#include "isc-test-util.h"

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

/* Any object, not only those the value-set reader looks at: a label
 * set, a value set's unknown member, an object inside an unknown member,
 * and the same key spelt with an escape. */
static const RepeatedCase repeated_elsewhere_cases[] = {
  { HEAD "\"metric_values\":[{\"start_epoch_millis\":0,\"n\":1,\"n\":2,\"values\":[[1]]}]}",
    "metric_values[0].n: a second \"n\" in the same object at byte " },
  { HEAD "\"metric_values\":[{\"start_epoch_millis\":0,\"values\":[[1]],"
    "\"x\":{\"values\":1,\"values\":2}}]}",
    "metric_values[0].x.values: a second \"values\" in the same object at byte " },
  { "{\"mode\":\"CURRENT\",\"start_epoch_millis\":0,\"end_epoch_millis\":0,"
    "\"metric_descriptors\":[{\"name\":\"m\",\"unit_hint\":\"BYTES\",\"kind\":\"GAUGE\","
    "\"label_sets\":[{\"a\":\"1\",\"b\":\"2\",\"\\u0061\":\"3\"}]}],\"metric_values\":[]}",
    "metric_descriptors[0].label_sets[0].\\u0061: a second \"a\" in the same object at byte " },
  { "{\"mode\":\"CURRENT\",\"extra\":{\"deep\":[{\"k\":1,\"k\":1}]},\"start_epoch_millis\":0,"
    "\"end_epoch_millis\":0,\"metric_descriptors\":[],\"metric_values\":[]}",
    "extra.deep[0].k: a second \"k\" in the same object at byte " },
  { "{\"mode\":\"CURRENT\",\"mode\":\"SERIES\"}", "mode: a second \"mode\" in the same object at byte " },
};

/* 80,000 repeats of one key after 80,000 others: json-glib 1.6 took over
 * a minute on them (it searches the member list for each repeat); the
 * scan refuses them at the first, in linear time. Distinct keys, as
 * many, are read as quickly. */
static void
test_repeated_keys_linear (void)
{
  for (guint repeat = 0; repeat < 2; repeat++)
    {
      g_autoptr(GString) json = g_string_new ("{");
      g_autoptr(GError) error = NULL;
      g_autoptr(IscMetricsResponse) response = NULL;
      g_autoptr(GTimer) timer = NULL;
      guint n = 80000;

      for (guint i = 0; i < n; i++)
        g_string_append_printf (json, "\"k%05u\":0,", i);
      for (guint i = 0; i < n; i++)
        g_string_append_printf (json, "\"%c%05u\":0,", repeat ? 'k' : 'j', repeat ? n - 1 : i);
      g_string_append (json, "\"mode\":\"CURRENT\",\"start_epoch_millis\":0,\"end_epoch_millis\":0,"
                             "\"metric_descriptors\":[],\"metric_values\":[]}");

      timer = g_timer_new ();
      response = isc_metrics_response_new_from_data (json->str, (gssize) json->len, &error);
      if (repeat)
        {
          g_assert_null (response);
          g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_INVALID);
          g_assert_true (g_str_has_prefix (error->message, "k79999: a second \"k79999\" in the same object at byte "));
        }
      else
        {
          g_assert_no_error (error);
          g_assert_nonnull (response);
        }
      /* Well under json-glib's minute, on a busy or sanitized build too. */
      g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, 3.0 * test_time_scale ());
    }
}

/* Peak resident memory so far, in bytes. */
static gsize
peak_rss (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (gsize) usage.ru_maxrss * 1024;
}

/* Members the schema does not name are read past, not built into
 * json-glib's tree (40 to 110 bytes of heap for each byte): a 16 MiB
 * unknown array of arrays, in the root and in a descriptor, and arrays
 * where the schema reads a string, decode within a few times their size,
 * into what the document says without them. */
static void
test_unknown_members_skipped (void)
{
  gsize target = 16 << 20;
  g_autoptr(GString) junk = g_string_sized_new (target + 16);
  g_autoptr(GString) json = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;
  gsize before;
  const IscMetric *metric;

  g_string_append_c (junk, '[');
  while (junk->len < target)
    g_string_append (junk, "[0,{\"a\":[]}],");
  g_string_append (junk, "0]");

  json = g_string_new ("{\"x\":");
  g_string_append_len (json, junk->str, (gssize) junk->len);
  g_string_append (json, ",\"mode\":\"SERIES\",\"y\":");
  g_string_append_len (json, junk->str, (gssize) junk->len);
  g_string_append (json, ",\"start_epoch_millis\":0,\"end_epoch_millis\":30000,\"step_seconds\":30,"
                         "\"metric_descriptors\":[{\"extra\":[1,2],\"name\":\"m\",\"unit_hint\":\"BYTES\","
                         "\"kind\":\"GAUGE\",\"more\":{\"z\":[]},\"label_sets\":[{\"k\":\"v\"}],\"last\":7}],"
                         "\"metric_values\":[{\"start_epoch_millis\":0,\"values\":[[5]]}],\"z\":");
  g_string_append_len (json, junk->str, (gssize) junk->len);
  g_string_append (json, "}");
  g_string_free (g_steal_pointer (&junk), TRUE);

  before = peak_rss ();
  response = isc_metrics_response_new_from_data (json->str, (gssize) json->len, &error);
  g_assert_no_error (error);
  metric = isc_metrics_response_lookup_metric (response, "m");
  g_assert_nonnull (metric);
  g_assert_cmpstr (isc_series_get_label_text (isc_metric_get_series (metric, 0)), ==, "k=v");
  g_assert_cmpfloat (isc_series_get_values (isc_metric_get_series (metric, 0), NULL)[0], ==, 5);

#ifndef __SANITIZE_ADDRESS__
  /* 48 MiB of junk: json-glib's tree of it took well over a gigabyte. */
  g_assert_cmpuint (peak_rss () - before, <, 4 * json->len + (50 << 20));
#else
  /* ASan's shadow and quarantine say nothing of the decoder. */
  (void) before;
#endif

  /* Where the schema reads a string, an array is still refused. */
  g_clear_pointer (&response, isc_metrics_response_unref);
  response = isc_metrics_response_new_from_data (
    "{\"mode\":[[1,2],[3]],\"start_epoch_millis\":0,\"end_epoch_millis\":0,"
    "\"metric_descriptors\":[],\"metric_values\":[]}", -1, &error);
  g_assert_null (response);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "mode: expected a string, got an array");
}

/* Label sets are counted in the scan: a body of empty label sets (7 GB
 * of tree for 64 MiB) is refused past the limit, before any tree. */
static void
test_too_many_label_sets (void)
{
  g_autoptr(GString) json = g_string_new (
    "{\"mode\":\"CURRENT\",\"start_epoch_millis\":0,\"end_epoch_millis\":0,"
    "\"metric_descriptors\":[{\"name\":\"m\",\"unit_hint\":\"BYTES\",\"kind\":\"GAUGE\","
    "\"label_sets\":[{}");
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;

  for (guint i = 1; i <= 50000; i++)
    g_string_append (json, ",{}");
  g_string_append (json, "]}],\"metric_values\":[]}");

  response = isc_metrics_response_new_from_data (json->str, (gssize) json->len, &error);
  g_assert_null (response);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message,
                                   "metric_descriptors[0].label_sets[50000]: more than 50000 label sets at byte "));
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
  for (guint i = 0; i < G_N_ELEMENTS (repeated_elsewhere_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/json-scanner/repeated-keys-elsewhere/%u", i);
      g_test_add_data_func (path, &repeated_elsewhere_cases[i], test_repeated_keys);
    }
  g_test_add_func ("/isc/json-scanner/repeated-keys-linear", test_repeated_keys_linear);
  g_test_add_func ("/isc/json-scanner/unknown-members-skipped", test_unknown_members_skipped);
  g_test_add_func ("/isc/json-scanner/too-many-label-sets", test_too_many_label_sets);
  g_test_add_func ("/isc/json-scanner/huge-integer-escaped-key", test_huge_integer_escaped_key);

  return g_test_run ();
}
