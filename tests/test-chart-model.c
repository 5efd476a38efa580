/* test-chart-model.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chart model on its own: the step at a time, a counter per second or
 * per step, a stack's sums and what a hidden layer does to them and to the
 * extent, and a fan's quantiles in their numeric order.
 */

#include "config.h"

#include <math.h>

#include "isc-chart-model.h"
#include "test-chart-fixtures.h"

#define N_STEPS 60
#define STEP_S  30

/* Status series: 2xx 10 a step, 4xx 2, 5xx 1 (5xx null at step 7). */
static double
by_status (guint series, guint step, gpointer data)
{
  static const double values[] = { 10, 2, 1 };

  if (series == 2 && step == 7)
    return NAN;
  return values[series];
}

static IscChartModel *
counter_model (IscCounterDisplay display)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", STEP_S, N_STEPS, "baseten_inference_requests_total", "COUNT", "COUNTER",
                       "[{\"status\":\"2xx\"},{\"status\":\"4xx\"},{\"status\":\"5xx\"}]", 3, by_status, NULL);

  return isc_chart_model_new (response, 0, display);
}

/* The step holding a time, by binary search; none outside the steps. */
static void
test_step_at (void)
{
  g_autoptr(IscChartModel) model = counter_model (ISC_COUNTER_DISPLAY_RATE);
  const gint64 *starts = isc_chart_model_get_step_starts (model);

  g_assert_cmpuint (isc_chart_model_get_n_steps (model), ==, N_STEPS);
  g_assert_cmpint (isc_chart_model_get_step_at (model, starts[0]), ==, 0);
  g_assert_cmpint (isc_chart_model_get_step_at (model, starts[0] + STEP_S * 1000 + 15000), ==, 1);
  g_assert_cmpint (isc_chart_model_get_step_at (model, starts[41] + STEP_S * 1000 - 1), ==, 41);
  g_assert_cmpint (isc_chart_model_get_step_at (model, starts[0] - 1), ==, -1);
  g_assert_cmpint (isc_chart_model_get_step_at (model, starts[N_STEPS - 1] + STEP_S * 1000), ==, -1);
}

/* A counter reads per second by default (its count over the step's 30 s)
 * and as the step's total when asked. */
static void
test_counter_display (void)
{
  g_autoptr(IscChartModel) rate = counter_model (ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChartModel) totals = counter_model (ISC_COUNTER_DISPLAY_TOTALS);

  for (guint i = 0; i < 3; i++)
    {
      const IscChartSeries *r = isc_chart_model_get_series (rate, i);
      const IscChartSeries *t = isc_chart_model_get_series (totals, i);

      g_assert_cmpfloat_with_epsilon (t->values[3], by_status (i, 3, NULL), 1e-12);
      g_assert_cmpfloat_with_epsilon (r->values[3], by_status (i, 3, NULL) / STEP_S, 1e-12);
    }
  g_assert_true (isnan (isc_chart_model_get_series (rate, 2)->values[7]));
  g_assert_cmpuint (isc_chart_model_get_series (rate, 2)->n_values, ==, N_STEPS - 1);
}

/* A stack's layers: bottom first by status class, each on the sum of those
 * below; a hidden layer drops out of the sums and of the extent. */
static void
test_stack_and_hidden (void)
{
  g_autoptr(IscChartModel) model = counter_model (ISC_COUNTER_DISPLAY_TOTALS);
  const gboolean hide_2xx[] = { TRUE };
  const guint *order;
  guint n_order = 0, n_changed = 0;
  double min, max;

  g_assert_cmpint (isc_chart_model_get_plot (model), ==, ISC_CHART_PLOT_STACKED);
  order = isc_chart_model_get_order (model, &n_order);
  g_assert_cmpuint (n_order, ==, 3);
  g_assert_cmpuint (order[0], ==, 0);
  g_assert_cmpuint (order[2], ==, 2);

  g_assert_cmpfloat (isc_chart_model_get_stack_base (model, 1)[3], ==, 10);
  g_assert_cmpfloat (isc_chart_model_get_stack_top (model, 2)[3], ==, 13);
  /* A null layer: no top there, and the base stays the sum below. */
  g_assert_true (isnan (isc_chart_model_get_stack_top (model, 2)[7]));
  g_assert_cmpfloat (isc_chart_model_get_stack_base (model, 2)[7], ==, 12);
  g_assert_true (isc_chart_model_get_extent (model, &min, &max));
  g_assert_cmpfloat (min, ==, 0);
  g_assert_cmpfloat (max, ==, 13);

  g_signal_connect_swapped (model, "hidden-changed", G_CALLBACK (g_atomic_int_inc), &n_changed);
  isc_chart_model_set_hidden (model, hide_2xx, G_N_ELEMENTS (hide_2xx));
  g_assert_cmpuint (n_changed, ==, 1);
  g_assert_true (isc_chart_model_get_series_hidden (model, 0));
  g_assert_false (isc_chart_model_get_series_hidden (model, 1));
  g_assert_cmpuint (isc_chart_model_get_n_hidden (model), ==, 1);
  g_assert_cmpfloat (isc_chart_model_get_stack_base (model, 1)[3], ==, 0);
  g_assert_cmpfloat (isc_chart_model_get_stack_top (model, 2)[3], ==, 3);
  g_assert_true (isc_chart_model_get_extent (model, &min, &max));
  g_assert_cmpfloat (max, ==, 3);

  /* The same set again changes nothing; all shown again does. */
  isc_chart_model_set_hidden (model, hide_2xx, G_N_ELEMENTS (hide_2xx));
  g_assert_cmpuint (n_changed, ==, 1);
  isc_chart_model_set_hidden (model, NULL, 0);
  g_assert_cmpuint (n_changed, ==, 2);
  g_assert_cmpuint (isc_chart_model_get_n_hidden (model), ==, 0);
  g_assert_true (isc_chart_model_get_extent (model, &min, &max));
  g_assert_cmpfloat (max, ==, 13);
}

static double
latency (guint series, guint step, gpointer data)
{
  /* p99, p50, avg, p90 as the label sets below list them. */
  static const double values[] = { 2.0, 0.2, 0.3, 0.9 };

  return values[series];
}

/* A fan's quantiles drawn in their numeric order, whatever the response's;
 * the median and the average found by their labels. */
static void
test_fan_order (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", STEP_S, N_STEPS, "baseten_end_to_end_response_time_seconds", "SECONDS", "HISTOGRAM",
                       "[{\"quantile\":\"0.99\"},{\"quantile\":\"0.5\"},{\"stat\":\"avg\"},{\"quantile\":\"0.9\"}]",
                       4, latency, NULL);
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  const guint *order;
  guint n_order = 0;
  double last = -1;

  g_assert_cmpint (isc_chart_model_get_plot (model), ==, ISC_CHART_PLOT_FAN);
  g_assert_cmpint (isc_chart_model_get_median (model), ==, 1);
  g_assert_cmpint (isc_chart_model_get_average (model), ==, 2);
  order = isc_chart_model_get_order (model, &n_order);
  for (guint i = 0; i < n_order; i++)
    {
      const IscChartSeries *series = isc_chart_model_get_series (model, order[i]);

      if (series->role != ISC_CHART_SERIES_QUANTILE)
        continue;
      g_assert_cmpfloat (series->quantile, >, last);
      last = series->quantile;
    }
  g_assert_cmpfloat (last, ==, 0.99);
  /* The statistics of a series: its values over the complete steps. */
  g_assert_cmpfloat (isc_chart_model_get_series (model, 0)->max, ==, 2.0);
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_series (model, 1)->mean, 0.2, 1e-12);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/chart-model/step-at", test_step_at);
  g_test_add_func ("/isc/chart-model/counter-display", test_counter_display);
  g_test_add_func ("/isc/chart-model/stack-and-hidden", test_stack_and_hidden);
  g_test_add_func ("/isc/chart-model/fan-order", test_fan_order);

  return g_test_run ();
}
