/* test-metrics-response.c
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

#define T0 G_GINT64_CONSTANT (1764547200000)

static IscMetricsResponse *
load_fixture (const char  *name,
              GError     **error)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);

  return isc_metrics_response_new_from_file (path, error);
}

static IscMetricsResponse *
load_valid (const char *name)
{
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response = load_fixture (name, &error);

  g_assert_no_error (error);
  g_assert_nonnull (response);

  return response;
}

static char *
read_fixture (const char *name,
              gsize      *length)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);

  return contents;
}

static const double *
series_values (const IscMetric *metric,
               guint            index,
               guint            n_expected)
{
  guint n_values = 0;
  const double *values = isc_series_get_values (isc_metric_get_series (metric, index), &n_values);

  g_assert_cmpuint (n_values, ==, n_expected);
  return values;
}

/* ------------------------------------------------------------------------
 * Valid documents
 * ------------------------------------------------------------------------ */

static void
test_default_series (void)
{
  g_autoptr(IscMetricsResponse) response = load_valid ("default-series.json");
  const IscMetric *replicas, *requests, *latency;
  const gint64 *starts;
  const double *values;
  guint n_steps = 0;

  g_assert_cmpint (isc_metrics_response_get_mode (response), ==, ISC_MODE_SERIES);
  g_assert_cmpint (isc_metrics_response_get_start_ms (response), ==, T0);
  g_assert_cmpint (isc_metrics_response_get_end_ms (response), ==, T0 + 3600 * 1000);
  g_assert_cmpint (isc_metrics_response_get_step_seconds (response), ==, 30);
  g_assert_cmpuint (isc_metrics_response_get_n_steps (response), ==, 120);
  g_assert_cmpuint (isc_metrics_response_get_n_metrics (response), ==, 3);

  /* Steps: each lasts until the next, the last until the window's end. */
  starts = isc_metrics_response_get_step_starts (response, &n_steps);
  g_assert_cmpuint (n_steps, ==, 120);
  g_assert_cmpint (starts[0], ==, T0);
  g_assert_cmpint (starts[119], ==, T0 + 119 * 30000);
  g_assert_cmpint (isc_metrics_response_get_step_start_ms (response, 1), ==, T0 + 30000);
  g_assert_cmpint (isc_metrics_response_get_step_end_ms (response, 0), ==, T0 + 30000);
  g_assert_cmpint (isc_metrics_response_get_step_end_ms (response, 119), ==, T0 + 3600 * 1000);

  /* Descriptors in the order sent, found by name. */
  replicas = isc_metrics_response_get_metric (response, 0);
  g_assert_cmpstr (isc_metric_get_name (replicas), ==, "baseten_replicas_active");
  g_assert_true (isc_metrics_response_lookup_metric (response, "baseten_replicas_active") == replicas);
  g_assert_null (isc_metrics_response_lookup_metric (response, "baseten_gpu_memory_used"));
  g_assert_cmpint (isc_metric_get_kind (replicas), ==, ISC_METRIC_KIND_GAUGE);
  g_assert_cmpint (isc_metric_get_unit_hint (replicas), ==, ISC_UNIT_HINT_COUNT);
  g_assert_cmpuint (isc_metric_get_n_series (replicas), ==, 1);
  g_assert_cmpuint (isc_series_get_n_labels (isc_metric_get_series (replicas, 0)), ==, 0);
  g_assert_cmpstr (isc_series_get_label_text (isc_metric_get_series (replicas, 0)), ==, "");
  values = series_values (replicas, 0, 120);
  g_assert_cmpfloat (values[0], ==, 2.0);
  g_assert_cmpfloat (values[50], ==, 3.0);

  requests = isc_metrics_response_lookup_metric (response, "baseten_inference_requests_total");
  g_assert_nonnull (requests);
  g_assert_cmpint (isc_metric_get_kind (requests), ==, ISC_METRIC_KIND_COUNTER);
  g_assert_cmpuint (isc_metric_get_n_series (requests), ==, 3);
  g_assert_cmpstr (isc_series_get_label_text (isc_metric_get_series (requests, 0)), ==, "status=2xx");
  g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (requests, 2), "status"), ==, "5xx");
  g_assert_cmpfloat (series_values (requests, 0, 120)[0], ==, 600.0);
  g_assert_cmpfloat (series_values (requests, 1, 120)[0], ==, 18.0);
  g_assert_cmpfloat (series_values (requests, 2, 120)[60], ==, 4.0);
  g_assert_cmpfloat (series_values (requests, 2, 120)[59], ==, 0.0);

  latency = isc_metrics_response_lookup_metric (response, "baseten_end_to_end_response_time_seconds");
  g_assert_nonnull (latency);
  g_assert_cmpint (isc_metric_get_kind (latency), ==, ISC_METRIC_KIND_HISTOGRAM);
  g_assert_cmpint (isc_metric_get_unit_hint (latency), ==, ISC_UNIT_HINT_SECONDS);
  g_assert_cmpstr (isc_metric_get_unit_hint_string (latency), ==, "SECONDS");
  g_assert_cmpstr (isc_metric_get_kind_string (latency), ==, "HISTOGRAM");
  g_assert_cmpuint (isc_metric_get_n_series (latency), ==, 5);
  g_assert_cmpstr (isc_series_get_label_key (isc_metric_get_series (latency, 0), 0), ==, "quantile");
  g_assert_cmpstr (isc_series_get_label_value (isc_metric_get_series (latency, 3), 0), ==, "0.99");
  g_assert_cmpstr (isc_series_get_label_text (isc_metric_get_series (latency, 4)), ==, "stat=avg");
  g_assert_null (isc_series_lookup_label (isc_metric_get_series (latency, 4), "quantile"));

  /* The first two latency steps are null: gaps, not zeros. */
  values = series_values (latency, 0, 120);
  g_assert_true (isnan (values[0]));
  g_assert_true (isnan (values[1]));
  g_assert_cmpfloat_with_epsilon (values[2], 0.21 + 0.04 * sin (2 / 9.0), 1e-6);
  g_assert_false (isnan (series_values (latency, 4, 120)[2]));
}

static void
test_default_current (void)
{
  g_autoptr(IscMetricsResponse) response = load_valid ("default-current.json");
  const IscMetric *latency;

  g_assert_cmpint (isc_metrics_response_get_mode (response), ==, ISC_MODE_CURRENT);
  g_assert_cmpint (isc_metrics_response_get_start_ms (response), ==, 0);
  g_assert_cmpint (isc_metrics_response_get_end_ms (response), ==, 0);
  g_assert_cmpint (isc_metrics_response_get_step_seconds (response), ==, 0);
  g_assert_cmpuint (isc_metrics_response_get_n_steps (response), ==, 1);
  g_assert_cmpint (isc_metrics_response_get_step_start_ms (response, 0), ==, 0);
  g_assert_cmpint (isc_metrics_response_get_step_end_ms (response, 0), ==, 0);

  latency = isc_metrics_response_get_metric (response, 2);
  g_assert_cmpfloat (series_values (latency, 3, 1)[0], ==, 1.02);
}

static void
test_current_now (void)
{
  /* A CURRENT snapshot whose step starts at now while its window is 0/0:
   * not outside any window, and its step never ends before it starts.
   */
  const char *json =
    "{\"mode\":\"CURRENT\",\"start_epoch_millis\":0,\"end_epoch_millis\":0,"
    "\"step_seconds\":null,\"metric_descriptors\":[{\"name\":\"baseten_replicas_active\","
    "\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}],"
    "\"metric_values\":[{\"start_epoch_millis\":1764547212000,\"values\":[[1]]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (json, -1, &error);

  g_assert_no_error (error);
  g_assert_cmpint (isc_metrics_response_get_step_start_ms (response, 0), ==, 1764547212000);
  g_assert_cmpint (isc_metrics_response_get_step_end_ms (response, 0), ==, 1764547212000);
}

static void
test_default_summary (void)
{
  g_autoptr(IscMetricsResponse) response = load_valid ("default-summary.json");
  const IscMetric *replicas, *requests, *latency;

  g_assert_cmpint (isc_metrics_response_get_mode (response), ==, ISC_MODE_SUMMARY);
  /* step_seconds is absent: no step. */
  g_assert_cmpint (isc_metrics_response_get_step_seconds (response), ==, 0);
  g_assert_cmpuint (isc_metrics_response_get_n_steps (response), ==, 1);
  g_assert_cmpint (isc_metrics_response_get_step_end_ms (response, 0), ==, T0 + 6 * 3600 * 1000);

  replicas = isc_metrics_response_get_metric (response, 0);
  requests = isc_metrics_response_get_metric (response, 1);
  latency = isc_metrics_response_get_metric (response, 2);
  g_assert_cmpfloat (series_values (replicas, 0, 1)[0], ==, 0.647);
  g_assert_cmpfloat (series_values (requests, 0, 1)[0], ==, 3600.0);
  g_assert_cmpfloat (series_values (latency, 0, 1)[0], ==, 20.1);
  g_assert_cmpfloat (series_values (latency, 3, 1)[0], ==, 112.4);
}

static void
test_empty_current (void)
{
  g_autoptr(IscMetricsResponse) response = load_valid ("empty-current.json");

  /* "No metrics found" is an answer, not an error. */
  g_assert_cmpint (isc_metrics_response_get_mode (response), ==, ISC_MODE_CURRENT);
  g_assert_cmpuint (isc_metrics_response_get_n_metrics (response), ==, 0);
  g_assert_cmpuint (isc_metrics_response_get_n_steps (response), ==, 0);
  g_assert_null (isc_metrics_response_lookup_metric (response, "baseten_replicas_active"));
}

static void
test_empty_summary (void)
{
  const char *json =
    "{\"mode\":\"SUMMARY\",\"start_epoch_millis\":1764547200000,"
    "\"end_epoch_millis\":1764550800000,\"metric_descriptors\":[],\"metric_values\":[]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (json, -1, &error);

  /* An empty answer is "no metrics found" in every mode. */
  g_assert_no_error (error);
  g_assert_cmpuint (isc_metrics_response_get_n_metrics (response), ==, 0);
}

typedef struct
{
  const char    *name;
  IscUnitHint    unit_hint;
  const char    *unit_hint_string;
  IscMetricKind  kind;
  const char    *kind_string;
} UnitCase;

static void
test_all_units (void)
{
  static const UnitCase cases[] = {
    { "baseten_llm_tokens_per_second_per_request", ISC_UNIT_HINT_PER_SECOND, "PER_SECOND", ISC_METRIC_KIND_HISTOGRAM, "HISTOGRAM" },
    { "baseten_time_to_first_byte_seconds", ISC_UNIT_HINT_SECONDS, "SECONDS", ISC_METRIC_KIND_HISTOGRAM, "HISTOGRAM" },
    { "baseten_container_cpu_memory_working_set_bytes", ISC_UNIT_HINT_BYTES, "BYTES", ISC_METRIC_KIND_GAUGE, "GAUGE" },
    { "baseten_gpu_memory_used", ISC_UNIT_HINT_MEBIBYTES, "MEBIBYTES", ISC_METRIC_KIND_GAUGE, "GAUGE" },
    { "baseten_container_restarts_total", ISC_UNIT_HINT_COUNT, "COUNT", ISC_METRIC_KIND_COUNTER, "COUNTER" },
    { "baseten_container_cpu_usage_seconds_total", ISC_UNIT_HINT_RATIO, "RATIO", ISC_METRIC_KIND_GAUGE, "GAUGE" },
    { "baseten_gpu_utilization", ISC_UNIT_HINT_RATIO, "RATIO", ISC_METRIC_KIND_GAUGE, "GAUGE" },
    { "baseten_llm_energy_joules", ISC_UNIT_HINT_UNKNOWN, "JOULES", ISC_METRIC_KIND_GAUGE, "GAUGE" },
    { "baseten_pod_readiness", ISC_UNIT_HINT_COUNT, "COUNT", ISC_METRIC_KIND_GAUGE, "GAUGE" },
    { "baseten_llm_queue_depth_summary", ISC_UNIT_HINT_COUNT, "COUNT", ISC_METRIC_KIND_UNKNOWN, "SKETCH" },
  };
  g_autoptr(IscMetricsResponse) response = load_valid ("all-units-series.json");
  const IscMetric *metric;
  const double *values;

  g_assert_cmpuint (isc_metrics_response_get_n_metrics (response), ==, G_N_ELEMENTS (cases));
  g_assert_cmpint (isc_metrics_response_get_step_seconds (response), ==, 60);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      metric = isc_metrics_response_get_metric (response, i);
      g_assert_cmpstr (isc_metric_get_name (metric), ==, cases[i].name);
      g_assert_cmpint (isc_metric_get_unit_hint (metric), ==, cases[i].unit_hint);
      g_assert_cmpstr (isc_metric_get_unit_hint_string (metric), ==, cases[i].unit_hint_string);
      g_assert_cmpint (isc_metric_get_kind (metric), ==, cases[i].kind);
      g_assert_cmpstr (isc_metric_get_kind_string (metric), ==, cases[i].kind_string);
    }

  /* Tiny and large magnitudes survive as written. */
  metric = isc_metrics_response_lookup_metric (response, "baseten_time_to_first_byte_seconds");
  g_assert_cmpfloat (series_values (metric, 0, 10)[0], ==, 0.000042);
  metric = isc_metrics_response_lookup_metric (response, "baseten_container_cpu_memory_working_set_bytes");
  g_assert_cmpfloat (series_values (metric, 0, 10)[9], ==, 1610612736.0 + 9 * 1048576.0);

  /* CPU in cores goes past 1. */
  metric = isc_metrics_response_lookup_metric (response, "baseten_container_cpu_usage_seconds_total");
  g_assert_cmpfloat (series_values (metric, 0, 10)[9], >, 1.0);

  metric = isc_metrics_response_lookup_metric (response, "baseten_pod_readiness");
  g_assert_cmpstr (isc_series_get_label_text (isc_metric_get_series (metric, 2)), ==, "condition=unknown");
  values = series_values (metric, 2, 10);
  g_assert_true (isnan (values[2]));
  g_assert_cmpfloat (values[3], ==, 0.0);
}

static void
test_quirks_summary (void)
{
  g_autoptr(IscMetricsResponse) response = load_valid ("quirks-summary.json");
  const IscMetric *requests, *latency, *cpu;

  /* No step_seconds, and the one step starts 703 ms before the window. */
  g_assert_cmpint (isc_metrics_response_get_step_seconds (response), ==, 0);
  g_assert_cmpint (isc_metrics_response_get_step_start_ms (response, 0), ==, 1764533332000);
  g_assert_cmpint (isc_metrics_response_get_start_ms (response), ==, 1764533332703);
  g_assert_cmpint (isc_metrics_response_get_step_end_ms (response, 0), ==, 1764554932703);

  /* Exact status codes are kept as sent. */
  requests = isc_metrics_response_get_metric (response, 0);
  g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (requests, 0), "status"), ==, "200");
  g_assert_cmpstr (isc_series_get_label_text (isc_metric_get_series (requests, 1)), ==, "status=429");

  /* Only some quantiles, then avg. */
  latency = isc_metrics_response_get_metric (response, 1);
  g_assert_cmpuint (isc_metric_get_n_series (latency), ==, 3);
  g_assert_cmpstr (isc_series_get_label_text (isc_metric_get_series (latency, 1)), ==, "quantile=0.99");
  g_assert_cmpfloat (series_values (latency, 0, 1)[0], ==, 20.04);
  g_assert_cmpfloat (series_values (latency, 1, 1)[0], ==, 112.3);

  cpu = isc_metrics_response_get_metric (response, 2);
  g_assert_cmpfloat (series_values (cpu, 0, 1)[0], ==, 3.2);
}

static void
test_null_step_series (void)
{
  g_autoptr(IscMetricsResponse) response = load_valid ("null-step-series.json");

  /* The steps' own starts are the truth, even unevenly spaced. */
  g_assert_cmpint (isc_metrics_response_get_step_seconds (response), ==, 0);
  g_assert_cmpuint (isc_metrics_response_get_n_steps (response), ==, 6);
  g_assert_cmpint (isc_metrics_response_get_step_start_ms (response, 0), ==, T0 - 500);
  g_assert_cmpint (isc_metrics_response_get_step_end_ms (response, 2), ==, T0 + 74500);
  g_assert_cmpint (isc_metrics_response_get_step_end_ms (response, 5), ==, T0 + 150000);
}

static void
test_no_data_yet (void)
{
  g_autoptr(IscMetricsResponse) response = load_valid ("no-data-yet-series.json");
  const IscMetric *latency = isc_metrics_response_get_metric (response, 2);
  const IscMetric *requests = isc_metrics_response_get_metric (response, 1);

  for (guint j = 0; j < 5; j++)
    {
      const double *values = series_values (latency, j, 5);

      for (guint s = 0; s < 5; s++)
        g_assert_true (isnan (values[s]));
    }

  g_assert_cmpfloat (series_values (requests, 0, 5)[4], ==, 0.0);
}

static void
test_zero_steps (void)
{
  g_autoptr(IscMetricsResponse) response = load_valid ("zero-steps-series.json");
  const IscMetric *latency;
  guint n_steps = 99;

  g_assert_cmpuint (isc_metrics_response_get_n_metrics (response), ==, 3);
  g_assert_cmpuint (isc_metrics_response_get_n_steps (response), ==, 0);
  isc_metrics_response_get_step_starts (response, &n_steps);
  g_assert_cmpuint (n_steps, ==, 0);

  latency = isc_metrics_response_get_metric (response, 2);
  g_assert_cmpuint (isc_metric_get_n_series (latency), ==, 5);
  series_values (latency, 4, 0);
}

static IscMetricsResponse *
decode_window (const char  *mode,
               const char  *step_seconds,
               gint64       first_start,
               gint64       spacing,
               guint        n_steps,
               GError     **error)
{
  g_autoptr(GString) json = g_string_new (NULL);

  /* A one-metric document over [T0, T0 + 120 s]. */
  g_string_append_printf (json,
                          "{\"mode\":\"%s\",\"start_epoch_millis\":%lld,\"end_epoch_millis\":%lld,"
                          "\"step_seconds\":%s,\"metric_descriptors\":[{\"name\":\"m\","
                          "\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}],"
                          "\"metric_values\":[",
                          mode, (long long) T0, (long long) (T0 + 120000), step_seconds);
  for (guint s = 0; s < n_steps; s++)
    g_string_append_printf (json, "%s{\"start_epoch_millis\":%lld,\"values\":[[%u]]}",
                            s > 0 ? "," : "", (long long) (first_start + s * spacing), s);
  /* Not g_string_append(): newer GLib's inline form tests for a NULL
   * string, after which GCC warns that json->str may dereference one. */
  g_string_append_printf (json, "]}");

  return isc_metrics_response_new_from_data (json->str, (gssize) json->len, error);
}

static void
test_window_boundaries (void)
{
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;

  /* Exactly one step before the window: the limit, accepted. */
  response = decode_window ("SERIES", "30", T0 - 30000, 30000, 5, &error);
  g_assert_no_error (error);
  g_assert_cmpint (isc_metrics_response_get_step_end_ms (response, 4), ==, T0 + 120000);
  isc_metrics_response_unref (response);

  /* A step starting at the window's end (an inclusive end) has no length. */
  response = decode_window ("SERIES", "30", T0, 30000, 5, &error);
  g_assert_no_error (error);
  g_assert_cmpint (isc_metrics_response_get_step_start_ms (response, 4), ==, T0 + 120000);
  g_assert_cmpint (isc_metrics_response_get_step_end_ms (response, 4), ==, T0 + 120000);
  isc_metrics_response_unref (response);

  /* One millisecond past the end is outside. */
  response = decode_window ("SERIES", "30", T0 + 1, 30000, 5, &error);
  g_assert_null (response);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "metric_values[4].start_epoch_millis: "));
  g_clear_error (&error);

  /* Without step_seconds, one step is the largest spacing: 40 s here. */
  response = decode_window ("SERIES", "null", T0 - 40000, 40000, 3, &error);
  g_assert_no_error (error);
  isc_metrics_response_unref (response);

  response = decode_window ("SERIES", "null", T0 - 40001, 40000, 3, &error);
  g_assert_null (response);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "metric_values[0].start_epoch_millis: "));
  g_clear_error (&error);

  /* Steps must strictly increase: equal starts are refused. */
  response = decode_window ("SERIES", "30", T0, 0, 2, &error);
  g_assert_null (response);
  g_assert_true (g_str_has_prefix (error->message, "metric_values[1].start_epoch_millis: "));
  g_clear_error (&error);

  /* A SUMMARY's one step is the window: it may start up to a window early. */
  response = decode_window ("SUMMARY", "null", T0 - 120000, 0, 1, &error);
  g_assert_no_error (error);
  isc_metrics_response_unref (response);
}

static void
test_lenient_numbers (void)
{
  /* Millis written as whole floats are accepted (some encoders write every
   * number as a float); values may be integers or floats; an escaped
   * Unicode label survives.
   */
  const char *json =
    "{\"mode\":\"SERIES\",\"start_epoch_millis\":1764547200000.0,"
    "\"end_epoch_millis\":1.76455080e12,\"step_seconds\":3.6e3,"
    "\"metric_descriptors\":[{\"name\":\"m\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\","
    "\"label_sets\":[{\"gpu\":\"\\u00e9\\ud83d\\ude00\",\"b\":\"1\"}]}],"
    "\"metric_values\":[{\"start_epoch_millis\":1764547200000,\"values\":[[-0.5e-3]]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (json, -1, &error);
  const IscSeries *series;

  g_assert_no_error (error);
  g_assert_cmpint (isc_metrics_response_get_start_ms (response), ==, T0);
  g_assert_cmpint (isc_metrics_response_get_end_ms (response), ==, 1764550800000);
  g_assert_cmpint (isc_metrics_response_get_step_seconds (response), ==, 3600);

  series = isc_metric_get_series (isc_metrics_response_get_metric (response, 0), 0);
  g_assert_cmpuint (isc_series_get_n_labels (series), ==, 2);
  g_assert_cmpstr (isc_series_get_label_text (series), ==, "gpu=\xc3\xa9\xf0\x9f\x98\x80, b=1");
  g_assert_cmpfloat (isc_series_get_values (series, NULL)[0], ==, -0.0005);
}

static void
test_from_bytes_and_boxed (void)
{
  gsize length = 0;
  g_autofree char *contents = read_fixture ("default-summary.json", &length);
  g_autoptr(GBytes) bytes = g_bytes_new (contents, length);
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_bytes (bytes, &error);
  IscMetricsResponse *copy;
  GValue value = G_VALUE_INIT;

  g_assert_no_error (error);
  g_assert_true (G_TYPE_IS_BOXED (ISC_TYPE_METRICS_RESPONSE));

  /* A boxed copy is the same response, shared. */
  copy = g_boxed_copy (ISC_TYPE_METRICS_RESPONSE, response);
  g_assert_true (copy == response);
  g_boxed_free (ISC_TYPE_METRICS_RESPONSE, copy);

  g_value_init (&value, ISC_TYPE_METRICS_RESPONSE);
  g_value_set_boxed (&value, response);
  g_assert_true (g_value_get_boxed (&value) == response);
  g_value_unset (&value);

  g_assert_cmpuint (isc_metrics_response_get_n_metrics (response), ==, 3);
}

static gpointer
ref_unref_thread (gpointer data)
{
  IscMetricsResponse *response = data;

  for (guint i = 0; i < 20000; i++)
    {
      IscMetricsResponse *ref = isc_metrics_response_ref (response);

      g_assert_cmpuint (isc_metrics_response_get_n_steps (ref), ==, 120);
      isc_metrics_response_unref (ref);
    }

  return NULL;
}

static void
test_threads (void)
{
  g_autoptr(IscMetricsResponse) response = load_valid ("default-series.json");
  GThread *threads[4];

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("ref-unref", ref_unref_thread, isc_metrics_response_ref (response));

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    {
      g_thread_join (threads[i]);
      isc_metrics_response_unref (response);
    }

  /* Still intact after 80000 concurrent refs and unrefs. */
  g_assert_cmpstr (isc_metric_get_name (isc_metrics_response_get_metric (response, 2)), ==,
                   "baseten_end_to_end_response_time_seconds");
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = load_fixture ("no-such-response.json", &error);

  g_assert_null (response);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

/* ------------------------------------------------------------------------
 * Rejected documents: each names the JSON path of the fault.
 * ------------------------------------------------------------------------ */

typedef struct
{
  const char *file;
  int         code;
  const char *message;  /* the message starts with this: "path: what" */
} MalformedCase;

#define SYNTAX ISC_RESPONSE_ERROR_SYNTAX
#define INVALID ISC_RESPONSE_ERROR_INVALID

static const MalformedCase malformed_cases[] = {
  { "empty", SYNTAX, "(root): the response is empty" },
  { "whitespace", SYNTAX, "(root): the response is empty" },
  { "root-array", INVALID, "(root): expected an object, got an array" },
  { "root-number", INVALID, "(root): expected an object, got a number" },
  { "truncated", SYNTAX, "metric_values[0].values[1][1]: the document is truncated" },
  { "missing-mode", INVALID, "mode: required field is missing" },
  { "unknown-mode", INVALID, "mode: unknown mode \"HISTORY\"" },
  { "missing-metric-values", INVALID, "metric_values: required field is missing" },
  { "metric-values-object", INVALID, "metric_values: expected an array, got an object" },
  { "start-string", INVALID, "start_epoch_millis: expected an integer, got a string" },
  { "millis-overflow", SYNTAX, "start_epoch_millis: the integer 99999999999999999999 does not fit in 64 bits" },
  { "millis-fraction", INVALID, "start_epoch_millis: expected an integer, got 1764547200000.5" },
  { "window-reversed", INVALID, "end_epoch_millis: the window ends (1764547199999) before it starts (1764547200000)" },
  { "step-seconds-string", INVALID, "step_seconds: expected an integer, got a string" },
  { "step-seconds-negative", INVALID, "step_seconds: -30 is not a valid step length" },
  { "kind-number", INVALID, "metric_descriptors[0].kind: expected a string, got a number" },
  { "name-missing", INVALID, "metric_descriptors[1].name: required field is missing" },
  { "descriptor-string", INVALID, "metric_descriptors[1]: expected an object, got a string" },
  { "label-sets-object", INVALID, "metric_descriptors[1].label_sets: expected an array, got an object" },
  { "label-value-number", INVALID, "metric_descriptors[1].label_sets[2].quantile: expected a string, got a number" },
  { "too-few-values", INVALID, "metric_values[3].values[1]: 2 values, but metric \"baseten_end_to_end_response_time_seconds\" has 5 label sets" },
  { "too-few-metrics", INVALID, "metric_values[0].values: 1 value, but the response describes 2 metrics" },
  { "value-row-number", INVALID, "metric_values[0].values[0]: expected an array, got a number" },
  { "value-string", INVALID, "metric_values[2].values[0][0]: expected a number or null, got a string" },
  { "value-bool", INVALID, "metric_values[1].values[1][3]: expected a number or null, got a boolean" },
  { "value-object", INVALID, "metric_values[0].values[1][4]: expected a number or null, got an object" },
  { "value-overflow", INVALID, "metric_values[1].values[1][2]: the number does not fit a double" },
  { "values-missing", INVALID, "metric_values[1].values: required field is missing" },
  { "step-start-missing", INVALID, "metric_values[1].start_epoch_millis: required field is missing" },
  { "steps-not-increasing", INVALID, "metric_values[2].start_epoch_millis: 1764547230000 does not come after the previous step's start 1764547230000" },
  { "step-before-window", INVALID, "metric_values[0].start_epoch_millis: the step starts 31000 ms before the window, more than one step (30000 ms)" },
  { "step-after-window", INVALID, "metric_values[3].start_epoch_millis: the step starts after the window ends (1764547320000)" },
  { "summary-two-sets", INVALID, "metric_values: a SUMMARY response has exactly one value set, this one has 2" },
  { "summary-no-sets", INVALID, "metric_values: a SUMMARY response has exactly one value set, this one has 0" },
  { "current-two-sets", INVALID, "metric_values: a CURRENT response has at most one value set, this one has 2" },
  { "too-deep", SYNTAX, "metric_values[1].debug.level0.level1.level2.level3.level4.level5.level6.level7.level8.level9.level10.level11.level12: nesting deeper than 16 levels" },
  { "bad-escape", SYNTAX, "metric_descriptors[1].label_sets[3].quantile: bad escape inside a string" },
  { "invalid-utf8", SYNTAX, "metric_descriptors[1].label_sets[4].stat: a string that is not valid UTF-8" },
  { "trailing-content", SYNTAX, "(root): unexpected content after the end of the document" },
  { "comment", SYNTAX, "(root): unexpected character '/'" },
  { "hex-number", SYNTAX, "metric_values[0].values[0][0]: unexpected character 'x'" },
  { "single-quotes", SYNTAX, "metric_descriptors[0]: unexpected character '''" },
};

static void
test_malformed (gconstpointer data)
{
  const MalformedCase *c = data;
  g_autofree char *name = g_strconcat (c->file, ".json", NULL);
  g_autofree char *path = g_build_filename ("malformed", name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = load_fixture (path, &error);

  g_assert_null (response);
  g_assert_error (error, ISC_RESPONSE_ERROR, c->code);
  if (!g_str_has_prefix (error->message, c->message))
    g_error ("%s: expected a message starting \"%s\", got \"%s\"", c->file, c->message, error->message);
}

static void
test_deep_nesting (void)
{
  /* 100000 open brackets would overflow json-glib's recursive parser. */
  gsize n = 100000;
  g_autofree char *json = g_malloc (n + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;

  memset (json, '[', n);
  json[n] = '\0';

  response = isc_metrics_response_new_from_data (json, -1, &error);
  g_assert_null (response);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "nesting deeper than 16 levels"));
}

static void
test_huge_integer_value (void)
{
  /* json-glib would wrap this to -1: refuse it rather than draw a lie. */
  const char *json =
    "{\"mode\":\"CURRENT\",\"start_epoch_millis\":0,\"end_epoch_millis\":0,"
    "\"metric_descriptors\":[{\"name\":\"m\",\"unit_hint\":\"BYTES\",\"kind\":\"GAUGE\","
    "\"label_sets\":[{}]}],"
    "\"metric_values\":[{\"start_epoch_millis\":0,\"values\":[[99999999999999999999]]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (json, -1, &error);

  g_assert_null (response);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "metric_values[0].values[0][0]: "));
}

static void
test_huge_integer_unknown_field (void)
{
  /* Nothing reads an unknown field, so a number json-glib cannot hold
   * there is no reason to refuse a real response.
   */
  const char *json =
    "{\"mode\":\"CURRENT\",\"start_epoch_millis\":0,\"end_epoch_millis\":0,"
    "\"trace_id\":340282366920938463463374607431768211455,"
    "\"metric_descriptors\":[{\"name\":\"m\",\"unit_hint\":\"BYTES\",\"kind\":\"GAUGE\","
    "\"label_sets\":[{}],\"ids\":[99999999999999999999]}],"
    "\"metric_values\":[{\"start_epoch_millis\":0,\"n\":99999999999999999999,"
    "\"values\":[[1.5]]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (json, -1, &error);

  g_assert_no_error (error);
  g_assert_cmpfloat (isc_series_get_values (isc_metric_get_series (isc_metrics_response_get_metric (response, 0), 0), NULL)[0], ==, 1.5);
}

static void
test_counts_without_values (void)
{
  /* 50000 label sets (the most the decoder reads) and 100000 empty value
   * sets are 450 kB that promise 40 GB of values: refused at the first
   * value set, with nothing of that size allocated. The second body
   * starts with an escaped key.
   */
  static const char * const heads[] = { "{", "{\"x\\u0041\":1," };

  for (guint h = 0; h < G_N_ELEMENTS (heads); h++)
    {
      g_autoptr(GString) json = g_string_new (heads[h]);
      g_autoptr(GError) error = NULL;
      g_autoptr(IscMetricsResponse) response = NULL;

      g_string_append (json,
                       "\"mode\":\"SERIES\",\"start_epoch_millis\":0,\"end_epoch_millis\":1,"
                       "\"metric_descriptors\":[{\"name\":\"m\",\"unit_hint\":\"COUNT\","
                       "\"kind\":\"GAUGE\",\"label_sets\":[{}");
      for (guint i = 1; i < 50000; i++)
        g_string_append (json, ",{}");
      g_string_append (json, "]}],\"metric_values\":[{}");
      for (guint i = 1; i < 100000; i++)
        g_string_append (json, ",{}");
      g_string_append (json, "]}");

      response = isc_metrics_response_new_from_data (json->str, (gssize) json->len, &error);
      g_assert_null (response);
      g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, "metric_values[0].start_epoch_millis: required field is missing");
    }
}

static void
test_embedded_nul (void)
{
  const char json[] = "{\"mode\":\"CURRENT\"\0, \"x\": 1}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response =
    isc_metrics_response_new_from_data (json, sizeof json - 1, &error);

  g_assert_null (response);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "unexpected byte 0x00"));
}

static const char *valid_fixtures[] = {
  "default-series.json", "default-current.json", "default-summary.json",
  "empty-current.json", "all-units-series.json", "quirks-summary.json",
  "null-step-series.json", "no-data-yet-series.json", "zero-steps-series.json",
};

/* ------------------------------------------------------------------------
 * Robustness: no input crashes, hangs or leaks (run under ASan too).
 * ------------------------------------------------------------------------ */


static void
test_truncations (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (valid_fixtures); f++)
    {
      gsize length = 0;
      g_autofree char *contents = read_fixture (valid_fixtures[f], &length);
      const char *last_brace = strrchr (contents, '}');
      gsize complete = (gsize) (last_brace - contents) + 1;
      for (gsize cut = 0; cut <= length; cut++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(IscMetricsResponse) response =
            isc_metrics_response_new_from_data (contents, (gssize) cut, &error);

          if (cut < complete)
            {
              /* A cut document is never mistaken for a complete one. */
              if (response != NULL)
                g_error ("%s cut at %" G_GSIZE_FORMAT " bytes was accepted", valid_fixtures[f], cut);
              g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_SYNTAX);
            }
          else
            {
              g_assert_no_error (error);
              g_assert_nonnull (response);
            }
        }
    }
}

static void
test_mutations (void)
{
  static const char replacements[] = "{}[],:\"\\0123456789-+.eEtrufalsn x\xff\x01";
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261201);
  guint n_accepted = 0, n_rejected = 0;

  for (guint f = 0; f < G_N_ELEMENTS (valid_fixtures); f++)
    {
      gsize length = 0;
      g_autofree char *contents = read_fixture (valid_fixtures[f], &length);
      g_autofree char *mutated = g_malloc (length + 1);

      for (guint i = 0; i < 600; i++)
        {
          gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) length);
          g_autoptr(GError) error = NULL;
          g_autoptr(IscMetricsResponse) response = NULL;

          memcpy (mutated, contents, length + 1);
          if (g_rand_boolean (rand))
            mutated[at] = replacements[g_rand_int_range (rand, 0, sizeof replacements - 1)];
          else
            mutated[at] = (char) g_rand_int_range (rand, 0, 256);

          response = isc_metrics_response_new_from_data (mutated, (gssize) length, &error);

          if (response != NULL)
            {
              guint n_steps = isc_metrics_response_get_n_steps (response);

              g_assert_no_error (error);
              n_accepted++;
              /* Whatever was accepted is self-consistent. */
              for (guint m = 0; m < isc_metrics_response_get_n_metrics (response); m++)
                {
                  const IscMetric *metric = isc_metrics_response_get_metric (response, m);

                  for (guint j = 0; j < isc_metric_get_n_series (metric); j++)
                    {
                      guint n_values = 0;

                      isc_series_get_values (isc_metric_get_series (metric, j), &n_values);
                      g_assert_cmpuint (n_values, ==, n_steps);
                      g_assert_nonnull (isc_series_get_label_text (isc_metric_get_series (metric, j)));
                    }
                }
            }
          else
            {
              g_assert_nonnull (error);
              g_assert_true (error->domain == ISC_RESPONSE_ERROR);
              /* Every rejection says where. */
              g_assert_nonnull (strstr (error->message, ": "));
              n_rejected++;
            }
        }
    }

  /* The mix exercises both sides. */
  g_assert_cmpuint (n_accepted, >, 0);
  g_assert_cmpuint (n_rejected, >, 0);
}

static void
test_token_soup (void)
{
  /* Random sequences of JSON tokens, mostly not JSON: whatever the strict
   * scan lets through, json-glib must parse, so every syntax error is ours
   * and names a path (json-glib's own messages say "<data>:line:col").
   */
  static const char * const tokens[] = {
    "{", "}", "[", "]", ",", ":", "\"mode\"", "\"SERIES\"", "\"k\"", "\"\\u00e9\"",
    "0", "-1", "1.5e3", "1e999", "99999999999999999999", "true", "false", "null", " ",
    "\"metric_values\"", "\"values\"", "\"start_epoch_millis\"",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  guint n_parsed = 0;

  for (guint i = 0; i < 20000; i++)
    {
      g_autoptr(GString) json = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(IscMetricsResponse) response = NULL;
      guint n = (guint) g_rand_int_range (rand, 1, 24);

      for (guint k = 0; k < n; k++)
        g_string_append (json, tokens[g_rand_int_range (rand, 0, G_N_ELEMENTS (tokens))]);

      response = isc_metrics_response_new_from_data (json->str, (gssize) json->len, &error);
      g_assert_null (response);
      g_assert_nonnull (error);
      if (strstr (error->message, "<data>") != NULL)
        g_error ("json-glib refused what the scan let through: %s -> %s", json->str, error->message);
      if (error->code == ISC_RESPONSE_ERROR_INVALID)
        n_parsed++;
    }

  /* Some soups are JSON, only not a response. */
  g_assert_cmpuint (n_parsed, >, 0);
}

/* A series' last value is the one a CURRENT or SUMMARY page shows: the
 * last step's, NaN when it is null or there are no steps. */
static void
test_last_value (void)
{
  static const char * const fixtures[] = {
    "default-current.json", "default-summary.json", "null-step-series.json", "zero-steps-series.json",
  };
  guint n_null = 0, n_empty = 0;

  for (guint f = 0; f < G_N_ELEMENTS (fixtures); f++)
    {
      g_autoptr(IscMetricsResponse) response = load_valid (fixtures[f]);

      for (guint m = 0; m < isc_metrics_response_get_n_metrics (response); m++)
        {
          const IscMetric *metric = isc_metrics_response_get_metric (response, m);

          for (guint i = 0; i < isc_metric_get_n_series (metric); i++)
            {
              const IscSeries *series = isc_metric_get_series (metric, i);
              guint n = 0;
              const double *values = isc_series_get_values (series, &n);
              double last = isc_series_get_last_value (series);

              if (n == 0)
                {
                  g_assert_true (isnan (last));
                  n_empty++;
                }
              else if (isnan (values[n - 1]))
                {
                  g_assert_true (isnan (last));
                  n_null++;
                }
              else
                g_assert_cmpfloat (last, ==, values[n - 1]);
            }
        }
    }
  /* The fixtures hold both cases. */
  g_assert_cmpuint (n_empty, >, 0);
  g_assert_cmpuint (n_null + n_empty, >, 0);
}

/* A SERIES document of @n_steps steps of one metric with @n_series
 * series. */
static GString *
long_document (guint n_steps,
               guint n_series)
{
  GString *json = g_string_new (NULL);

  g_string_append_printf (json,
                          "{\"start_epoch_millis\":1700000000000,\"end_epoch_millis\":%" G_GINT64_FORMAT ","
                          "\"mode\":\"SERIES\",\"step_seconds\":60,\"metric_descriptors\":[{\"name\":\"x\","
                          "\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[",
                          1700000000000 + (gint64) n_steps * 60000);
  for (guint j = 0; j < n_series; j++)
    g_string_append_printf (json, "%s{\"i\":\"%u\"}", j > 0 ? "," : "", j);
  g_string_append (json, "]}],\"metric_values\":[");
  for (guint s = 0; s < n_steps; s++)
    {
      g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[[",
                              s > 0 ? "," : "", 1700000000000 + (gint64) s * 60000);
      for (guint j = 0; j < n_series; j++)
        g_string_append_printf (json, "%s%u.5", j > 0 ? "," : "", s + j);
      g_string_append (json, "]]}");
    }
  g_string_append (json, "]}");
  return json;
}

/* Decoding has a deadline: past it, the response is refused in words,
 * and the same document decodes again under the usual bound. */
static void
test_deadline (void)
{
  g_autoptr(GString) json = long_document (25000, 20);
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) refused = NULL;
  g_autoptr(IscMetricsResponse) decoded = NULL;

  g_assert_cmpuint (json->len, >, 4 * 1024 * 1024);
  _isc_metrics_response_set_decode_deadline_ms (1);
  refused = isc_metrics_response_new_from_data (json->str, (gssize) json->len, &error);
  _isc_metrics_response_set_decode_deadline_ms (0);
  g_assert_null (refused);
  g_assert_error (error, ISC_RESPONSE_ERROR, ISC_RESPONSE_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "too long to decode"));
  g_clear_error (&error);

  decoded = isc_metrics_response_new_from_data (json->str, (gssize) json->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (isc_metric_get_n_series (isc_metrics_response_get_metric (decoded, 0)), ==, 20);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/metrics-response/default-series", test_default_series);
  g_test_add_func ("/isc/metrics-response/default-current", test_default_current);
  g_test_add_func ("/isc/metrics-response/last-value", test_last_value);
  g_test_add_func ("/isc/metrics-response/current-now", test_current_now);
  g_test_add_func ("/isc/metrics-response/default-summary", test_default_summary);
  g_test_add_func ("/isc/metrics-response/empty-current", test_empty_current);
  g_test_add_func ("/isc/metrics-response/empty-summary", test_empty_summary);
  g_test_add_func ("/isc/metrics-response/all-units", test_all_units);
  g_test_add_func ("/isc/metrics-response/quirks-summary", test_quirks_summary);
  g_test_add_func ("/isc/metrics-response/null-step-series", test_null_step_series);
  g_test_add_func ("/isc/metrics-response/no-data-yet", test_no_data_yet);
  g_test_add_func ("/isc/metrics-response/zero-steps", test_zero_steps);
  g_test_add_func ("/isc/metrics-response/window-boundaries", test_window_boundaries);
  g_test_add_func ("/isc/metrics-response/lenient-numbers", test_lenient_numbers);
  g_test_add_func ("/isc/metrics-response/from-bytes-and-boxed", test_from_bytes_and_boxed);
  g_test_add_func ("/isc/metrics-response/threads", test_threads);
  g_test_add_func ("/isc/metrics-response/missing-file", test_missing_file);

  for (guint i = 0; i < G_N_ELEMENTS (malformed_cases); i++)
    {
      g_autofree char *path =
        g_strconcat ("/isc/metrics-response/malformed/", malformed_cases[i].file, NULL);

      g_test_add_data_func (path, &malformed_cases[i], test_malformed);
    }

  g_test_add_func ("/isc/metrics-response/deep-nesting", test_deep_nesting);
  g_test_add_func ("/isc/metrics-response/huge-integer-value", test_huge_integer_value);
  g_test_add_func ("/isc/metrics-response/huge-integer-unknown-field", test_huge_integer_unknown_field);
  g_test_add_func ("/isc/metrics-response/counts-without-values", test_counts_without_values);
  g_test_add_func ("/isc/metrics-response/embedded-nul", test_embedded_nul);
  g_test_add_func ("/isc/metrics-response/truncations", test_truncations);
  g_test_add_func ("/isc/metrics-response/mutations", test_mutations);
  g_test_add_func ("/isc/metrics-response/token-soup", test_token_soup);
  g_test_add_func ("/isc/metrics-response/deadline", test_deadline);

  return g_test_run ();
}
