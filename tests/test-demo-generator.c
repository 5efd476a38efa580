/* test-demo-generator.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The simulated API's data: every catalogue metric with its unit, kind
 * and label sets, SERIES steps, SUMMARY agreeing with SERIES, the same
 * seed giving the same numbers, quantiles in order, and data that looks
 * like production (the daily incident, quiet hours, the promotion).
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-catalogue.h"
#include "isc-test-demo.h"

#define ADD(path, func) \
  g_test_add (path, DemoFixture, NULL, demo_fixture_setup, func, demo_fixture_teardown)

/* Every catalogue name, with the catalogue's unit, kind and label sets. */
static void
test_descriptors (DemoFixture   *f,
                  gconstpointer  data)
{
  static const char * const targets[] = { CHAT_D8, EMBED_D2, BATCH_D4, CHAT_ENV };
  static const guint applies[] = {
    ISC_APPLIES_GPU | ISC_APPLIES_LLM, 0, ISC_APPLIES_GPU | ISC_APPLIES_ASYNC, ISC_APPLIES_GPU | ISC_APPLIES_LLM,
  };
  guint n_entries;
  const IscCatalogueEntry *entries = isc_catalogue_get_entries (&n_entries);
  g_autoptr(GString) query = g_string_new ("?mode=SERIES");

  for (guint i = 0; i < n_entries; i++)
    g_string_append_printf (query, "&metrics=%s", entries[i].name);

  for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
    {
      g_autofree char *path = g_strconcat (targets[t], query->str, NULL);
      g_autoptr(IscMetricsResponse) response = demo_get_metrics (f, path);

      for (guint i = 0; i < n_entries; i++)
        {
          const IscMetric *metric = isc_metrics_response_lookup_metric (response, entries[i].name);
          gboolean should = (entries[i].applies_to & ~applies[t]) == 0;

          if (!should)
            {
              g_assert_null (metric);
              continue;
            }

          g_assert_nonnull (metric);
          g_assert_cmpint (isc_metric_get_unit_hint (metric), ==, entries[i].unit_hint);
          g_assert_cmpint (isc_metric_get_kind (metric), ==, entries[i].kind);

          switch (entries[i].label_shape)
            {
            case ISC_LABEL_SHAPE_PLAIN:
              g_assert_cmpuint (isc_metric_get_n_series (metric), ==, 1);
              g_assert_cmpuint (isc_series_get_n_labels (isc_metric_get_series (metric, 0)), ==, 0);
              break;
            case ISC_LABEL_SHAPE_STATUS:
              g_assert_cmpuint (isc_metric_get_n_series (metric), ==, 3);
              /* Classes, or exact codes where the 4xx are refusals
               * (text-embeddings rejects on full). */
              if (g_str_equal (targets[t], EMBED_D2))
                {
                  g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 0), "status"), ==, "200");
                  g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 1), "status"), ==, "429");
                  g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 2), "status"), ==, "500");
                  break;
                }
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 0), "status"), ==, "2xx");
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 2), "status"), ==, "5xx");
              break;
            case ISC_LABEL_SHAPE_QUANTILES:
              g_assert_cmpuint (isc_metric_get_n_series (metric), ==, 5);
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 0), "quantile"), ==, "0.5");
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 3), "quantile"), ==, "0.99");
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 4), "stat"), ==, "avg");
              break;
            case ISC_LABEL_SHAPE_CONDITION:
              g_assert_cmpuint (isc_metric_get_n_series (metric), ==, 3);
              g_assert_cmpstr (isc_series_lookup_label (isc_metric_get_series (metric, 0), "condition"), ==, "true");
              break;
            default:
              g_assert_not_reached ();
            }
        }
    }
}

/* SERIES steps */

typedef struct
{
  gint64 span_ms;
  gint64 offset_ms;   /* of the end from NOW_MS */
  guint  step;
} StepCase;

static const StepCase step_cases[] = {
  { 15 * 60 * 1000, 0, 30 },
  { HOUR_MS, 0, 30 },
  { 3 * HOUR_MS, -(NOW_MS % (30 * 1000)), 30 },       /* aligned: exactly 360 steps */
  { 3 * HOUR_MS, 0, 60 },                             /* unaligned: 361 would be too many */
  { 6 * HOUR_MS, -(NOW_MS % (60 * 1000)), 60 },
  { 6 * HOUR_MS, 0, 120 },
  { 12 * HOUR_MS, 0, 300 },
  { DAY_MS, 0, 300 },
  { 2 * DAY_MS, 0, 600 },
  { 3 * DAY_MS, 0, 900 },
  { 7 * DAY_MS, 0, 1800 },
  { 7 * DAY_MS, -3 * DAY_MS, 1800 },
};

static void
test_series_step (DemoFixture   *f,
                  gconstpointer  data)
{
  for (guint c = 0; c < G_N_ELEMENTS (step_cases); c++)
    {
      const StepCase *sc = &step_cases[c];
      gint64 end = NOW_MS + sc->offset_ms;
      gint64 start = end - sc->span_ms;
      g_autoptr(IscMetricsResponse) r = demo_get_window (f, CHAT_D8, "SERIES", start, end, NULL);
      gint64 step_ms = (gint64) sc->step * 1000;
      guint n_steps = isc_metrics_response_get_n_steps (r);
      const gint64 *starts = isc_metrics_response_get_step_starts (r, NULL);

      g_test_message ("span %" G_GINT64_FORMAT " s, end %" G_GINT64_FORMAT, sc->span_ms / 1000, end);
      g_assert_cmpint (isc_metrics_response_get_step_seconds (r), ==, sc->step);
      g_assert_cmpuint (n_steps, <=, 360);
      g_assert_cmpuint (n_steps, >=, sc->span_ms / step_ms);

      /* Aligned, evenly spaced, covering the window asked for. */
      for (guint s = 0; s < n_steps; s++)
        {
          g_assert_cmpint (starts[s] % step_ms, ==, 0);
          if (s > 0)
            g_assert_cmpint (starts[s] - starts[s - 1], ==, step_ms);
        }
      g_assert_cmpint (starts[0], <=, start);
      g_assert_cmpint (starts[0] + step_ms, >, start);
      g_assert_cmpint (starts[n_steps - 1], <, end);
      g_assert_cmpint (starts[n_steps - 1] + step_ms, >=, end);
      g_assert_cmpint (isc_metrics_response_get_start_ms (r), ==, starts[0]);
      g_assert_cmpint (isc_metrics_response_get_end_ms (r), ==, starts[n_steps - 1] + step_ms);
    }
}

/* SUMMARY agrees with SERIES */

static double
sum_of (const double *values,
        guint         n)
{
  double sum = 0;

  for (guint i = 0; i < n; i++)
    {
      if (!isnan (values[i]))
        sum += values[i];
    }

  return sum;
}

static void
test_summary_agrees (DemoFixture   *f,
                     gconstpointer  data)
{
  static const char * const counters[] = {
    "baseten_inference_requests_total", "baseten_llm_input_tokens_total", "baseten_llm_output_tokens_total",
    "baseten_container_restarts_total", "baseten_llm_spec_decode_num_accepted_tokens_total",
  };
  const char *metrics = "metrics=baseten_inference_requests_total&metrics=baseten_llm_input_tokens_total"
                        "&metrics=baseten_llm_output_tokens_total&metrics=baseten_container_restarts_total"
                        "&metrics=baseten_llm_spec_decode_num_accepted_tokens_total"
                        "&metrics=baseten_replicas_active";
  /* The returned SERIES window is wider than the one asked: stay under 7 days. */
  static const gint64 spans[] = { HOUR_MS, 6 * HOUR_MS, DAY_MS, 6 * DAY_MS };

  for (guint w = 0; w < G_N_ELEMENTS (spans); w++)
    {
      g_autoptr(IscMetricsResponse) series = demo_get_window (f, CHAT_D8, "SERIES", NOW_MS - spans[w], NOW_MS, metrics);
      gint64 start = isc_metrics_response_get_start_ms (series);
      gint64 end = isc_metrics_response_get_end_ms (series);
      g_autoptr(IscMetricsResponse) summary = demo_get_window (f, CHAT_D8, "SUMMARY", start, end, metrics);

      g_assert_cmpuint (isc_metrics_response_get_n_steps (summary), ==, 1);
      g_assert_cmpint (isc_metrics_response_get_step_seconds (summary), ==, 0);
      g_assert_cmpint (isc_metrics_response_get_start_ms (summary), ==, start);
      g_assert_cmpint (isc_metrics_response_get_end_ms (summary), ==, end);

      for (guint c = 0; c < G_N_ELEMENTS (counters); c++)
        {
          const IscMetric *metric = isc_metrics_response_lookup_metric (series, counters[c]);

          for (guint j = 0; j < isc_metric_get_n_series (metric); j++)
            {
              guint n_series, n_summary;
              const double *s = demo_values_of (series, counters[c], j, &n_series);
              const double *total = demo_values_of (summary, counters[c], j, &n_summary);
              double expected = sum_of (s, n_series);

              g_assert_cmpuint (n_summary, ==, 1);
              /* A COUNTER's SUMMARY is the total of its SERIES steps. */
              g_assert_cmpfloat_with_epsilon (total[0], expected, MAX (0.5, fabs (expected) * 1e-6));
            }
        }

      /* A GAUGE's SUMMARY is its mean over the window. */
      {
        guint n_series, n_summary, n_valid = 0;
        const double *s = demo_values_of (series, "baseten_replicas_active", 0, &n_series);
        const double *mean = demo_values_of (summary, "baseten_replicas_active", 0, &n_summary);
        double sum = 0;

        for (guint i = 0; i < n_series; i++)
          {
            if (!isnan (s[i]))
              {
                sum += s[i];
                n_valid++;
              }
          }
        g_assert_cmpuint (n_valid, >, 0);
        g_assert_cmpfloat_with_epsilon (mean[0], sum / n_valid, 0.02 * sum / n_valid + 0.01);
      }
    }

  /* Requests counted in SUMMARY show up as traffic: the chat LLM answers
   * thousands of requests a day.
   */
  {
    g_autoptr(IscMetricsResponse) day = demo_get_window (f, CHAT_D8, "SUMMARY", NOW_MS - DAY_MS, NOW_MS, metrics);
    guint n;

    g_assert_cmpfloat (demo_values_of (day, "baseten_inference_requests_total", 0, &n)[0], >, 10000);
  }
}

/* Determinism */

static GBytes *
get_body (DemoFixture *f,
          const char  *path)
{
  g_autoptr(DemoResponse) r = demo_request (f, path);

  g_assert_no_error (r->error);
  g_assert_cmpuint (r->status, ==, 200);
  return g_bytes_ref (r->body);
}

static void
test_determinism (DemoFixture   *f,
                  gconstpointer  data)
{
  const char *all = "&metrics=baseten_inference_requests_total&metrics=baseten_end_to_end_response_time_seconds"
                    "&metrics=baseten_replicas_active&metrics=baseten_gpu_memory_used"
                    "&metrics=baseten_llm_output_tokens_total&metrics=baseten_container_cpu_usage_seconds_total";
  g_autofree char *q1 = demo_window_query ("SERIES", NOW_MS - 2 * HOUR_MS, NOW_MS - HOUR_MS);
  g_autofree char *q2 = demo_window_query ("SERIES", NOW_MS - 2 * HOUR_MS + 30 * 60 * 1000, NOW_MS - HOUR_MS + 30 * 60 * 1000);
  g_autofree char *p1 = g_strconcat (CHAT_D8, q1, all, NULL);
  g_autofree char *p2 = g_strconcat (CHAT_D8, q2, all, NULL);
  g_autoptr(GBytes) a = get_body (f, p1);
  g_autoptr(GBytes) b = get_body (f, p1);
  g_autoptr(IscMetricsResponse) first = demo_get_metrics (f, p1);
  g_autoptr(IscMetricsResponse) shifted = demo_get_metrics (f, p2);
  const gint64 *starts1, *starts2;
  guint n1, n2, shared = 0;

  /* The same demo_request, the same bytes. */
  g_assert_true (g_bytes_equal (a, b));

  /* Overlapping windows agree on every step they share. */
  starts1 = isc_metrics_response_get_step_starts (first, &n1);
  starts2 = isc_metrics_response_get_step_starts (shifted, &n2);
  for (guint m = 0; m < isc_metrics_response_get_n_metrics (first); m++)
    {
      const IscMetric *metric = isc_metrics_response_get_metric (first, m);
      const IscMetric *other = isc_metrics_response_get_metric (shifted, m);

      g_assert_cmpstr (isc_metric_get_name (metric), ==, isc_metric_get_name (other));
      for (guint j = 0; j < isc_metric_get_n_series (metric); j++)
        {
          const double *v1 = isc_series_get_values (isc_metric_get_series (metric, j), NULL);
          const double *v2 = isc_series_get_values (isc_metric_get_series (other, j), NULL);

          for (guint s1 = 0; s1 < n1; s1++)
            for (guint s2 = 0; s2 < n2; s2++)
              {
                if (starts1[s1] != starts2[s2])
                  continue;
                shared++;
                if (isnan (v1[s1]))
                  g_assert_true (isnan (v2[s2]));
                else
                  g_assert_cmpfloat (v1[s1], ==, v2[s2]);
              }
        }
    }
  g_assert_cmpuint (shared, >, 50);

  /* Zooming in shows the same curve: a 60-s step's requests are its two
   * 30-s steps' requests.
   */
  {
    g_autoptr(IscMetricsResponse) fine = demo_get_window (f, CHAT_D8, "SERIES", NOW_MS - 3 * HOUR_MS, NOW_MS - 2 * HOUR_MS,
                                                     "metrics=baseten_inference_requests_total");
    g_autoptr(IscMetricsResponse) coarse = demo_get_window (f, CHAT_D8, "SERIES", NOW_MS - 5 * HOUR_MS, NOW_MS - 2 * HOUR_MS,
                                                       "metrics=baseten_inference_requests_total");
    guint nf, nc, matched = 0;
    const gint64 *sf = isc_metrics_response_get_step_starts (fine, &nf);
    const gint64 *sc = isc_metrics_response_get_step_starts (coarse, &nc);
    const double *vf = demo_values_of (fine, "baseten_inference_requests_total", 0, NULL);
    const double *vc = demo_values_of (coarse, "baseten_inference_requests_total", 0, NULL);

    g_assert_cmpint (isc_metrics_response_get_step_seconds (fine), ==, 30);
    g_assert_cmpint (isc_metrics_response_get_step_seconds (coarse), ==, 60);
    for (guint c = 0; c < nc; c++)
      for (guint i = 0; i + 1 < nf; i++)
        {
          if (sf[i] == sc[c])
            {
              g_assert_cmpfloat (vc[c], ==, vf[i] + vf[i + 1]);
              matched++;
            }
        }
    g_assert_cmpuint (matched, >=, 59);
  }

  /* Another seed, other data. */
  {
    g_autoptr(IscDemoServer) other = isc_demo_server_new (SEED + 1, KEY);
    g_autoptr(GError) error = NULL;
    DemoFixture g = { other, f->session };
    g_autoptr(GBytes) c = NULL;

    isc_demo_server_set_now_ms (other, NOW_MS);
    g_assert_true (isc_demo_server_run_in_thread (other, 0, &error));
    c = get_body (&g, p1);
    g_assert_false (g_bytes_equal (a, c));
  }
}

/* Quantiles */

static void
test_quantile_order (DemoFixture   *f,
                     gconstpointer  data)
{
  static const char * const targets[] = { CHAT_D8, CHAT_DEV, EMBED_D2, BATCH_D4, CHAT_ENV };
  guint n_entries;
  const IscCatalogueEntry *entries = isc_catalogue_get_entries (&n_entries);
  g_autoptr(GString) metrics = g_string_new (NULL);
  static const gint64 spans[] = { HOUR_MS, DAY_MS, 7 * DAY_MS };
  guint checked = 0;

  for (guint i = 0; i < n_entries; i++)
    {
      if (entries[i].kind == ISC_METRIC_KIND_HISTOGRAM)
        g_string_append_printf (metrics, "%smetrics=%s", metrics->len ? "&" : "", entries[i].name);
    }

  for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
    for (guint w = 0; w < G_N_ELEMENTS (spans); w++)
      for (guint mode = 0; mode < 2; mode++)
        {
          g_autoptr(IscMetricsResponse) r = demo_get_window (f, targets[t], mode ? "SUMMARY" : "SERIES",
                                                        NOW_MS - spans[w], NOW_MS, metrics->str);
          guint n_steps = isc_metrics_response_get_n_steps (r);

          for (guint m = 0; m < isc_metrics_response_get_n_metrics (r); m++)
            {
              const IscMetric *metric = isc_metrics_response_get_metric (r, m);
              const double *q[5];

              g_assert_cmpuint (isc_metric_get_n_series (metric), ==, 5);
              for (guint j = 0; j < 5; j++)
                q[j] = isc_series_get_values (isc_metric_get_series (metric, j), NULL);

              for (guint s = 0; s < n_steps; s++)
                {
                  /* A step has data for all its quantiles or for none. */
                  for (guint j = 1; j < 5; j++)
                    g_assert_cmpint (isnan (q[j][s]), ==, isnan (q[0][s]));
                  if (isnan (q[0][s]))
                    continue;

                  g_assert_cmpfloat (q[0][s], >, 0);
                  g_assert_cmpfloat (q[0][s], <=, q[1][s]);
                  g_assert_cmpfloat (q[1][s], <=, q[2][s]);
                  g_assert_cmpfloat (q[2][s], <=, q[3][s]);
                  /* A plausible average: within the distribution's bulk. */
                  g_assert_cmpfloat (q[4][s], >=, q[0][s] * 0.8);
                  g_assert_cmpfloat (q[4][s], <=, q[3][s]);
                  checked++;
                }
            }
        }

  g_assert_cmpuint (checked, >, 1000);
}

/* Data that looks like production */

static double
max_of (const double *v,
        guint         n)
{
  double m = -INFINITY;

  for (guint i = 0; i < n; i++)
    {
      if (!isnan (v[i]))
        m = MAX (m, v[i]);
    }

  return m;
}

static double
min_of (const double *v,
        guint         n)
{
  double m = INFINITY;

  for (guint i = 0; i < n; i++)
    {
      if (!isnan (v[i]))
        m = MIN (m, v[i]);
    }

  return m;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
test_realism (DemoFixture   *f,
              gconstpointer  data)
{
  const char *metrics = "metrics=baseten_inference_requests_total&metrics=baseten_end_to_end_response_time_seconds"
                        "&metrics=baseten_replicas_active&metrics=baseten_replicas_starting"
                        "&metrics=baseten_gpu_memory_used&metrics=baseten_gpu_utilization"
                        "&metrics=baseten_container_cpu_usage_seconds_total"
                        "&metrics=baseten_llm_input_tokens_total&metrics=baseten_llm_output_tokens_per_request";
  g_autoptr(IscMetricsResponse) day = demo_get_window (f, CHAT_D8, "SERIES", NOW_MS - DAY_MS, NOW_MS, metrics);
  g_autoptr(JsonNode) env = demo_get_json (f, "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/production");
  JsonObject *instance = json_object_get_object_member (demo_object_of (env), "instance_type");
  JsonObject *autoscaling = json_object_get_object_member (demo_object_of (env), "autoscaling_settings");
  guint n;
  const double *ok = demo_values_of (day, "baseten_inference_requests_total", 0, &n);
  const double *e5 = demo_values_of (day, "baseten_inference_requests_total", 2, NULL);
  const double *active = demo_values_of (day, "baseten_replicas_active", 0, NULL);
  const double *gpu_mem = demo_values_of (day, "baseten_gpu_memory_used", 0, NULL);
  const double *gpu_util = demo_values_of (day, "baseten_gpu_utilization", 0, NULL);
  const double *tokens = demo_values_of (day, "baseten_llm_input_tokens_total", 0, NULL);
  const double *per_request = demo_values_of (day, "baseten_llm_output_tokens_per_request", 0, NULL);
  double worst_5xx = 0;
  guint bad_steps = 0;

  /* A 5xx incident in the last 24 hours, against a clean baseline. */
  for (guint s = 0; s < n; s++)
    {
      double total = ok[s] + e5[s];

      if (total <= 0)
        continue;
      worst_5xx = MAX (worst_5xx, e5[s] / total);
      if (e5[s] / total > 0.02)
        bad_steps++;
    }
  g_assert_cmpfloat (worst_5xx, >, 0.05);
  g_assert_cmpuint (bad_steps, >=, 2);
  g_assert_cmpuint (bad_steps, <=, n / 10);


  /* Replicas within the autoscaling bounds, GPU memory under the limit. */
  g_assert_cmpfloat (max_of (active, n), <=, json_object_get_int_member (autoscaling, "max_replica"));
  g_assert_cmpfloat (min_of (active, n), >=, json_object_get_int_member (autoscaling, "min_replica"));
  g_assert_cmpfloat (max_of (active, n), >, min_of (active, n));
  g_assert_cmpfloat (max_of (gpu_mem, n), <, json_object_get_int_member (instance, "gpu_memory_limit_mib"));
  g_assert_cmpfloat (min_of (gpu_mem, n), >, 1000);
  g_assert_cmpfloat (min_of (gpu_util, n), >=, 0);
  g_assert_cmpfloat (max_of (gpu_util, n), <=, 1);
  g_assert_cmpfloat (max_of (gpu_util, n), >, 0.3);
  /* Tokens flow exactly when requests do (v8 had almost none before the
   * promotion, at night).
   */
  for (guint s = 0; s < n; s++)
    {
      g_assert_cmpint (tokens[s] > 0, ==, ok[s] > 0);
      if (!isnan (per_request[s]))
        g_assert_cmpfloat (per_request[s], >, 1);
    }
  g_assert_cmpfloat (max_of (tokens, n), >, 1e5);

  /* Ingestion lag: the last minutes have no latency yet, but requests. */
  {
    g_autoptr(IscMetricsResponse) hour = demo_get_window (f, CHAT_D8, "SERIES", NOW_MS - HOUR_MS, NOW_MS, metrics);
    guint nh;
    const double *lat = demo_values_of (hour, "baseten_end_to_end_response_time_seconds", 0, &nh);
    const double *req = demo_values_of (hour, "baseten_inference_requests_total", 0, NULL);

    g_assert_cmpint (isc_metrics_response_get_step_seconds (hour), ==, 30);
    g_assert_true (isnan (lat[nh - 1]));
    g_assert_true (isnan (lat[nh - 2]));
    g_assert_true (isnan (lat[nh - 3]));
    g_assert_false (isnan (lat[nh - 6]));
    g_assert_cmpfloat (req[nh - 2], >, 0);
    for (guint s = 0; s < nh - 6; s++)
      g_assert_false (isnan (lat[s]));
  }

  /* Replicas spend time starting when the load rises, as v8 took over. */
  {
    g_autoptr(IscMetricsResponse) fine = demo_get_window (f, CHAT_D8, "SERIES", NOW_MS - 6 * HOUR_MS, NOW_MS,
                                                     "metrics=baseten_replicas_starting");
    const double *starting = demo_values_of (fine, "baseten_replicas_starting", 0, &n);

    g_assert_cmpint (isc_metrics_response_get_step_seconds (fine), ==, 120);
    g_assert_cmpfloat (max_of (starting, n), >=, 1);
    g_assert_cmpfloat (min_of (starting, n), ==, 0);
  }

  /* Latency rises with load: compare the busiest and quietest quarters. */
  {
    g_autoptr(IscMetricsResponse) r = demo_get_window (f, EMBED_D2, "SERIES", NOW_MS - DAY_MS, NOW_MS, metrics);
    guint ne;
    const double *req = demo_values_of (r, "baseten_inference_requests_total", 0, &ne);
    const double *lat = demo_values_of (r, "baseten_end_to_end_response_time_seconds", 0, NULL);
    const double *cpu = demo_values_of (r, "baseten_container_cpu_usage_seconds_total", 0, NULL);
    g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (double));
    double threshold_low, threshold_high, lat_low = 0, lat_high = 0;
    guint n_low = 0, n_high = 0;

    for (guint s = 0; s < ne; s++)
      {
        if (!isnan (lat[s]))
          g_array_append_val (order, req[s]);
      }
    g_array_sort (order, compare_doubles);
    threshold_low = g_array_index (order, double, order->len / 4);
    threshold_high = g_array_index (order, double, order->len * 3 / 4);
    for (guint s = 0; s < ne; s++)
      {
        if (isnan (lat[s]))
          continue;
        if (req[s] <= threshold_low)
          {
            lat_low += lat[s];
            n_low++;
          }
        else if (req[s] >= threshold_high)
          {
            lat_high += lat[s];
            n_high++;
          }
      }
    g_assert_cmpuint (n_low, >, 0);
    g_assert_cmpuint (n_high, >, 0);

    /* A daily cycle: the busiest step carries several times the quietest. */
    g_assert_cmpfloat (max_of (req, ne), >, 3 * min_of (req, ne));
    g_assert_cmpfloat (lat_high / n_high, >, 1.05 * lat_low / n_low);

    /* CPU in cores: this model uses more than one at its busiest. */
    g_assert_cmpfloat (max_of (cpu, ne), >, 1.0);
    g_assert_null (isc_metrics_response_lookup_metric (r, "baseten_gpu_memory_used"));
  }
}

static void
test_quiet_and_promotion (DemoFixture   *f,
                          gconstpointer  data)
{
  const char *metrics = "metrics=baseten_inference_requests_total&metrics=baseten_end_to_end_response_time_seconds"
                        "&metrics=baseten_replicas_active";

  /* The development deployment sits idle at night and at weekends: steps
   * without traffic have null latency and zero requests, not an error.
   */
  {
    g_autoptr(IscMetricsResponse) week = demo_get_window (f, CHAT_DEV, "SERIES", NOW_MS - 7 * DAY_MS, NOW_MS, metrics);
    guint n, idle = 0, busy = 0;
    const double *ok = demo_values_of (week, "baseten_inference_requests_total", 0, &n);
    const double *p50 = demo_values_of (week, "baseten_end_to_end_response_time_seconds", 0, NULL);

    for (guint s = 0; s + 2 < n; s++)
      {
        if (ok[s] == 0)
          {
            g_assert_true (isnan (p50[s]));
            idle++;
          }
        else
          busy++;
      }
    g_assert_cmpuint (idle, >, 10);
    g_assert_cmpuint (busy, >, 10);
  }

  /* The production environment moved from v7 to v8 during the last day:
   * v7 served, then stopped; v8 took over; the environment's series is
   * split where the promotion falls, so one step is shorter.
   */
  {
    g_autoptr(IscMetricsResponse) d7 = demo_get_window (f, CHAT_D7, "SERIES", NOW_MS - DAY_MS, NOW_MS, metrics);
    g_autoptr(IscMetricsResponse) d8 = demo_get_window (f, CHAT_D8, "SERIES", NOW_MS - DAY_MS, NOW_MS, metrics);
    g_autoptr(IscMetricsResponse) env = demo_get_window (f, CHAT_ENV, "SERIES", NOW_MS - DAY_MS, NOW_MS, metrics);
    guint n7, n8, ne;
    const double *v7 = demo_values_of (d7, "baseten_inference_requests_total", 0, &n7);
    const double *v8 = demo_values_of (d8, "baseten_inference_requests_total", 0, &n8);
    const double *ve = demo_values_of (env, "baseten_inference_requests_total", 0, &ne);
    const gint64 *starts = isc_metrics_response_get_step_starts (env, NULL);
    gint64 step_ms = isc_metrics_response_get_step_seconds (env) * 1000;
    guint uneven = 0;

    g_assert_cmpuint (n7, ==, n8);
    g_assert_cmpfloat (v7[0], >, 0);
    g_assert_cmpfloat (v7[n7 - 3], ==, 0);
    g_assert_cmpfloat (v8[n8 - 3], >, 0);
    /* v7 is scaled to zero once its scale-down delay has passed: no
     * replica runs at the end of the day, whatever its minimum of 2. */
    {
      const double *r7 = demo_values_of (d7, "baseten_replicas_active", 0, NULL);
      const double *r8 = demo_values_of (d8, "baseten_replicas_active", 0, NULL);

      g_assert_cmpfloat (r7[0], >=, 2);
      g_assert_cmpfloat (r7[n7 - 1], ==, 0);
      g_assert_cmpfloat (r8[n8 - 1], >=, 1);
    }
    g_assert_cmpfloat (v8[0], <, v7[0] / 10);

    for (guint s = 1; s < ne; s++)
      {
        if (starts[s] - starts[s - 1] != step_ms)
          uneven++;
      }
    g_assert_cmpuint (uneven, >=, 1);
    g_assert_cmpuint (ne, ==, n8 + 1);
    /* The environment served more than v8 alone: v7's share before. */
    g_assert_cmpfloat (sum_of (ve, ne), >, sum_of (v8, n8) * 1.05);
    g_assert_cmpfloat (sum_of (ve, ne), <, sum_of (v7, n7) + sum_of (v8, n8));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("/isc/demo-generator/descriptors", test_descriptors);
  ADD ("/isc/demo-generator/series-step", test_series_step);
  ADD ("/isc/demo-generator/summary-agrees", test_summary_agrees);
  ADD ("/isc/demo-generator/determinism", test_determinism);
  ADD ("/isc/demo-generator/quantile-order", test_quantile_order);
  ADD ("/isc/demo-generator/realism", test_realism);
  ADD ("/isc/demo-generator/quiet-and-promotion", test_quiet_and_promotion);

  return g_test_run ();
}
