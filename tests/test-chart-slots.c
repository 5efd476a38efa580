/* test-chart-slots.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The charts a response is drawn as, in the window and in an export: by
 * the catalogue's groups, an error rate after each counter of requests by
 * status, the same slots for the same metrics, a model per slot.
 */

#include "config.h"

#include "isc-catalogue.h"
#include "isc-chart-slots.h"
#include "isc-test-util.h"

static const char *
slot_name (IscMetricsResponse *response,
           GArray             *slots,
           guint               i)
{
  const IscChartSlot *slot = &g_array_index (slots, IscChartSlot, i);

  return isc_metric_get_name (isc_metrics_response_get_metric (response, slot->metric));
}

/* default-series.json holds replicas, requests by status and end-to-end
 * latency, in that order: the charts are traffic first, its error rate
 * next to it, then latency, then replicas. */
static void
test_order (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-series.json");
  g_autoptr(GArray) slots = isc_chart_slots_new (response);
  const IscChartSlot *slot;

  g_assert_cmpuint (slots->len, ==, 4);
  g_assert_cmpstr (slot_name (response, slots, 0), ==, "baseten_inference_requests_total");
  g_assert_false (g_array_index (slots, IscChartSlot, 0).error_rate);
  slot = &g_array_index (slots, IscChartSlot, 1);
  g_assert_cmpstr (slot_name (response, slots, 1), ==, "baseten_inference_requests_total");
  g_assert_true (slot->error_rate);
  /* In the counter's group, so it is drawn beside it. */
  g_assert_cmpuint (slot->group, ==, g_array_index (slots, IscChartSlot, 0).group);
  g_assert_cmpstr (slot_name (response, slots, 2), ==, "baseten_end_to_end_response_time_seconds");
  g_assert_cmpstr (slot_name (response, slots, 3), ==, "baseten_replicas_active");
  for (guint i = 0; i < slots->len; i++)
    {
      slot = &g_array_index (slots, IscChartSlot, i);
      g_assert_cmpuint (slot->group, ==, isc_catalogue_get_display_group (slot_name (response, slots, i)));
      if (i > 0)
        g_assert_cmpuint (slot->group, >=, g_array_index (slots, IscChartSlot, i - 1).group);
    }
}

/* A metric not of requests by status has no error rate: the replicas
 * fixture draws one chart per metric. */
static void
test_no_error_rate (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("replicas-series.json");
  g_autoptr(GArray) slots = isc_chart_slots_new (response);

  g_assert_cmpuint (slots->len, ==, isc_metrics_response_get_n_metrics (response));
  for (guint i = 0; i < slots->len; i++)
    g_assert_false (g_array_index (slots, IscChartSlot, i).error_rate);
}

static void
test_equal (void)
{
  g_autoptr(IscMetricsResponse) a = test_load_fixture ("default-series.json");
  g_autoptr(IscMetricsResponse) b = test_load_fixture ("partial-step-series.json");
  g_autoptr(GArray) slots_a = isc_chart_slots_new (a);
  g_autoptr(GArray) again = isc_chart_slots_new (a);
  g_autoptr(GArray) slots_b = isc_chart_slots_new (b);
  g_autoptr(GArray) fewer = isc_chart_slots_new (a);

  g_assert_true (isc_chart_slots_equal (slots_a, again));
  g_assert_true (isc_chart_slots_equal (NULL, NULL));
  g_assert_false (isc_chart_slots_equal (slots_a, NULL));
  g_array_set_size (fewer, fewer->len - 1);
  g_assert_false (isc_chart_slots_equal (slots_a, fewer));
  g_array_index (again, IscChartSlot, 1).error_rate = FALSE;
  g_assert_false (isc_chart_slots_equal (slots_a, again));
  /* Another response's metrics are other charts. */
  g_assert_false (isc_chart_slots_equal (slots_a, slots_b));
}

/* Each slot's model is its metric's chart, the error rate's a share; the
 * counter display changes the counter's unit and not the share's. */
static void
test_models (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-series.json");
  g_autoptr(GArray) slots = isc_chart_slots_new (response);

  for (guint i = 0; i < slots->len; i++)
    {
      const IscChartSlot *slot = &g_array_index (slots, IscChartSlot, i);
      g_autoptr(IscChartModel) rate = isc_chart_slot_new_model (slot, response, ISC_COUNTER_DISPLAY_RATE);
      g_autoptr(IscChartModel) totals = isc_chart_slot_new_model (slot, response, ISC_COUNTER_DISPLAY_TOTALS);

      g_assert_nonnull (rate);
      g_assert_nonnull (totals);
      g_assert_cmpstr (isc_chart_model_get_title (rate), ==,
                       isc_catalogue_get_title (slot->error_rate ? ISC_CATALOGUE_ERROR_RATE
                                                                 : slot_name (response, slots, i)));
      if (slot->error_rate)
        g_assert_cmpint (isc_chart_model_get_unit_hint (rate), ==, ISC_UNIT_HINT_RATIO);
      /* The counter reads "50/s" as a rate and "1.5k/30 s" as totals. */
      if (slot->error_rate || !g_str_equal (slot_name (response, slots, i), "baseten_inference_requests_total"))
        {
          g_assert_cmpint (isc_chart_model_get_unit_hint (rate), ==, isc_chart_model_get_unit_hint (totals));
          g_assert_cmpstr (isc_chart_model_get_value_suffix (rate), ==, isc_chart_model_get_value_suffix (totals));
        }
      else
        {
          g_assert_cmpint (isc_chart_model_get_unit_hint (rate), ==, ISC_UNIT_HINT_PER_SECOND);
          g_assert_null (isc_chart_model_get_value_suffix (rate));
          g_assert_nonnull (isc_chart_model_get_value_suffix (totals));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/chart-slots/order", test_order);
  g_test_add_func ("/isc/chart-slots/no-error-rate", test_no_error_rate);
  g_test_add_func ("/isc/chart-slots/equal", test_equal);
  g_test_add_func ("/isc/chart-slots/models", test_models);

  return g_test_run ();
}
