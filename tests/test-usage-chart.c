/* test-usage-chart.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Usage page's figures and chart (isc-usage-chart.h) as the person
 * who pays reads them: the total is the sum of every day to the cent, an
 * estimate is never added to the billed total and is called one, the
 * costliest deployments get layers of their own and the rest is
 * "Other", training and Model APIs are their own layers, and the legend
 * and hover say the minutes and requests.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-chart.h"
#include "isc-chart-style.h"
#include "isc-usage-chart.h"

#define DAY_MS G_GINT64_CONSTANT (86400000)
/* 2026-11-01 00:00 UTC: a fixed month in the past. */
#define FIRST_DAY_MS G_GINT64_CONSTANT (1793491200000)
#define N_DAYS 31
#define MICROS 1000000.0

/* n deployments; deployment i costs (i + 1) dollars and 1 cent a day,
 * ran 60 × (i + 1) minutes and served 1000 × (i + 1) requests. */
static IscUsageTable *
make_table (guint n_deployments,
            gboolean with_training,
            gboolean with_model_api)
{
  IscUsageTable *table = isc_usage_table_new (FIRST_DAY_MS, N_DAYS);

  for (guint i = 0; i < n_deployments; i++)
    {
      g_autofree char *name = g_strdup_printf ("model-%02u · production", i);
      IscUsageRow *row = isc_usage_table_add_row (table, name, ISC_USAGE_ROW_DEPLOYMENT);

      for (guint d = 0; d < N_DAYS; d++)
        {
          row->micros[d] = (i + 1) * MICROS + 10000;
          row->minutes[d] = 60.0 * (i + 1);
          row->requests[d] = 1000.0 * (i + 1);
        }
    }
  if (with_training)
    {
      IscUsageRow *row = isc_usage_table_add_row (table, "fine-tune \"llama\"", ISC_USAGE_ROW_TRAINING);

      row->micros[3] = 250 * MICROS;
      row->minutes[3] = 600;
    }
  if (with_model_api)
    {
      IscUsageRow *row = isc_usage_table_add_row (table, "deepseek-v3", ISC_USAGE_ROW_MODEL_API);

      for (guint d = 0; d < N_DAYS; d++)
        row->micros[d] = 0.125 * MICROS;
    }
  return table;
}

static void
test_total (void)
{
  g_autoptr(IscUsageTable) table = make_table (3, FALSE, FALSE);
  g_autofree char *text = NULL;

  /* (1.01 + 2.01 + 3.01) × 31 = 186.93 */
  g_assert_cmpint (isc_usage_table_get_billed_micros (table), ==, 186930000);
  g_assert_cmpint (isc_usage_table_get_estimated_micros (table), ==, 0);
  text = isc_usage_table_dup_total_text (table);
  g_assert_cmpstr (text, ==, "Total $186.93 over 31 days");
}

static void
test_format (void)
{
  struct { gint64 micros; const char *text; } cases[] = {
    { 0, "$0.00" },
    { 4999, "$0.00" },
    { 5000, "$0.01" },
    { 1234567890, "$1,234.57" },
    { G_GINT64_CONSTANT (1000000000000), "$1,000,000.00" },
    { -500000, "−$0.50" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = isc_usage_format_micros (cases[i].micros);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* Today has no bill yet: what it has cost so far is said apart, as an
 * estimate, and never in the billed total. */
static void
test_estimate_apart (void)
{
  g_autoptr(IscUsageTable) table = make_table (1, FALSE, FALSE);
  g_autofree char *text = NULL;
  g_autofree char *csv = NULL;

  isc_usage_table_set_n_billed_days (table, N_DAYS - 1);
  g_assert_cmpint (isc_usage_table_get_billed_micros (table), ==, 30 * 1010000);
  g_assert_cmpint (isc_usage_table_get_estimated_micros (table), ==, 1010000);
  text = isc_usage_table_dup_total_text (table);
  g_assert_cmpstr (text, ==, "Total $30.30 over 30 days · ≈ $1.01 today so far, not billed yet");
  g_assert_null (strstr (text, "31.31"));

  csv = isc_usage_table_dup_csv (table);
  g_assert_nonnull (strstr (csv, "2026-11-30,deployment,\"model-00 · production\",1.01,false,60,1000\n"));
  g_assert_nonnull (strstr (csv, "2026-12-01,deployment,\"model-00 · production\",1.01,true,60,1000\n"));
}

/* Billing has no figure for today: the replicas' estimate goes on its
 * deployment's row (by billing id), or a row of its own, says so in the
 * total and the hover box, and stays out of the billed total and the
 * legend's minutes. A figure billing has for the day is kept. */
static void
test_replicas_estimate (void)
{
  g_autoptr(IscUsageTable) table = make_table (2, FALSE, FALSE);
  g_autoptr(IscChartModel) model = NULL;
  g_autofree char *text = NULL;
  g_autofree char *today_note = NULL;
  g_autofree char *legend_note = NULL;
  IscUsageRow *row0 = isc_usage_table_get_row (table, 0);
  IscUsageRow *row1 = isc_usage_table_get_row (table, 1);

  /* Today has no figure at all. */
  row0->id = g_strdup ("dep0");
  row1->id = g_strdup ("dep1");
  row0->micros[N_DAYS - 1] = row0->minutes[N_DAYS - 1] = row0->requests[N_DAYS - 1] = NAN;
  row1->micros[N_DAYS - 1] = row1->minutes[N_DAYS - 1] = row1->requests[N_DAYS - 1] = NAN;
  isc_usage_table_set_n_billed_days (table, N_DAYS - 1);
  g_assert_false (isc_usage_table_get_has_estimate (table));

  /* 2 replicas × 600 min × $0.01 a minute: $12.00 on dep0's row. */
  g_assert_true (isc_usage_table_add_estimate (table, "dep0", "ignored", 12 * 1000000, 1200));
  g_assert_cmpfloat (row0->micros[N_DAYS - 1], ==, 12 * MICROS);
  /* A deployment billing has no row for: a row of its own. */
  g_assert_true (isc_usage_table_add_estimate (table, "dep9", "new · production", 500000, 50));
  g_assert_cmpuint (isc_usage_table_get_n_rows (table), ==, 3);
  g_assert_cmpstr (isc_usage_table_get_row (table, 2)->name, ==, "new · production");
  g_assert_true (isc_usage_table_get_has_estimate (table));

  /* (1.01 + 2.01) × 30 billed; 12.50 estimated, never added. */
  g_assert_cmpint (isc_usage_table_get_billed_micros (table), ==, 90600000);
  g_assert_cmpint (isc_usage_table_get_estimated_micros (table), ==, 12500000);
  text = isc_usage_table_dup_total_text (table);
  g_assert_cmpstr (text, ==, "Total $90.60 over 30 days · ≈ $12.50 today so far, estimated, not billed yet");
  g_assert_null (strstr (text, "103.10"));

  model = isc_usage_table_new_chart_model (table);
  today_note = isc_chart_model_dup_note (model, 1, N_DAYS - 1);
  g_assert_nonnull (today_note);
  legend_note = isc_chart_model_dup_note (model, 0, -1);
  g_assert_nonnull (strstr (today_note, "estimate"));
  /* The legend's minutes are the billed days' (dep1 is the costliest:
   * 120 min × 30 days), not the estimate's. */
  g_assert_cmpstr (legend_note, ==, "3.6k min · 60k requests");
  g_free (legend_note);
  legend_note = isc_chart_model_dup_note (model, 1, -1);
  g_assert_cmpstr (legend_note, ==, "1.8k min · 30k requests · today ≈ $12.00 estimated");
  /* Today's bar is drawn as the incomplete step only when it reaches
   * now; its value is the estimate. */
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_series (model, 1)->values[N_DAYS - 1], 12.0, 1e-9);

  /* Billing's own figure for the day stays; the estimate is not put. */
  row1->micros[N_DAYS - 1] = 3 * MICROS;
  g_assert_false (isc_usage_table_add_estimate (table, "dep1", "ignored", 9 * 1000000, 900));
  g_assert_cmpfloat (row1->micros[N_DAYS - 1], ==, 3 * MICROS);

  /* Every day billed: nothing to estimate. */
  isc_usage_table_set_n_billed_days (table, N_DAYS);
  g_assert_false (isc_usage_table_add_estimate (table, "dep0", "ignored", 1, 1));
}

static double
layer_sum (IscChartModel *model,
           guint          series)
{
  const IscChartSeries *cs = isc_chart_model_get_series (model, series);
  double sum = 0;

  for (guint d = 0; d < isc_chart_model_get_n_steps (model); d++)
    if (!isnan (cs->values[d]))
      sum += cs->values[d];
  return sum;
}

/* 12 deployments: the 4 costliest by name, then "Other" holding the
 * other 8 (1.01 + 2.01 + … + 8.01 a day), then Training and Model APIs,
 * seven layers of seven colours; the layers add up to the total. */
static void
test_layers (void)
{
  g_autoptr(IscUsageTable) table = make_table (12, TRUE, TRUE);
  g_autoptr(IscChartModel) model = isc_usage_table_new_chart_model (table);
  double all = 0;

  g_assert_nonnull (model);
  g_assert_cmpint (isc_chart_model_get_plot (model), ==, ISC_CHART_PLOT_STACKED);
  g_assert_cmpuint (isc_chart_model_get_n_steps (model), ==, N_DAYS);
  g_assert_cmpuint (isc_chart_model_get_n_series (model), ==, ISC_USAGE_CHART_MAX_DEPLOYMENTS + 3);
  g_assert_cmpstr (isc_chart_model_get_title (model), ==, "Spend per day");
  g_assert_cmpstr (isc_chart_model_get_series (model, 0)->label, ==, "model-11 · production");
  g_assert_cmpstr (isc_chart_model_get_series (model, 3)->label, ==, "model-08 · production");
  g_assert_cmpstr (isc_chart_model_get_series (model, 4)->label, ==, "Other");
  g_assert_cmpstr (isc_chart_model_get_series (model, 5)->label, ==, "Training");
  g_assert_cmpstr (isc_chart_model_get_series (model, 6)->label, ==, "Model APIs");

  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_series (model, 4)->values[0], 36.08, 1e-9);
  g_assert_cmpfloat_with_epsilon (layer_sum (model, 5), 250, 1e-9);
  /* Training reports minutes only, the Model API nothing but money. */
  {
    g_autofree char *training = isc_chart_model_dup_note (model, 5, -1);
    g_autofree char *model_api = isc_chart_model_dup_note (model, 6, -1);

    g_assert_cmpstr (training, ==, "600 min");
    g_assert_null (model_api);
  }
  for (guint k = 0; k < isc_chart_model_get_n_series (model); k++)
    for (guint j = k + 1; j < isc_chart_model_get_n_series (model); j++)
      g_assert_cmpuint (isc_chart_model_get_series (model, k)->color_index % ISC_CHART_STYLE_N_PALETTE, !=,
                        isc_chart_model_get_series (model, j)->color_index % ISC_CHART_STYLE_N_PALETTE);
  for (guint k = 0; k < isc_chart_model_get_n_series (model); k++)
    all += layer_sum (model, k);
  g_assert_cmpfloat_with_epsilon (all * MICROS,
                                  (double) isc_usage_table_get_billed_micros (table), 1.0);
}

/* Dollars on the axis and in the legend, minutes and requests after the
 * statistics and in the hover box. */
static void
test_legend_and_hover (void)
{
  g_autoptr(IscUsageTable) table = make_table (2, FALSE, FALSE);
  g_autoptr(IscChartModel) model = isc_usage_table_new_chart_model (table);
  g_autoptr(IscChart) chart = isc_chart_new (model);
  g_autofree char *note = isc_chart_model_dup_note (model, 0, -1);
  g_autofree char *day_note = isc_chart_model_dup_note (model, 0, 4);
  g_autofree char *hover = NULL;
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();

  /* Layer 0 is model-01: 120 min and 2000 requests a day. */
  g_assert_cmpstr (note, ==, "3.72k min · 62k requests");
  g_assert_cmpstr (day_note, ==, "120 min · 2k requests");
  isc_chart_set_time_zone (chart, utc);
  hover = isc_chart_dup_hover_text (chart, 900, 420, 4);
  g_assert_nonnull (hover);
  g_assert_nonnull (strstr (hover, "model-01 · production"));
  g_assert_nonnull (strstr (hover, "$2.01"));
  g_assert_nonnull (strstr (hover, "120 min · 2k requests"));
  g_assert_null (strstr (hover, "/1 d"));
  /* A day, not its midnight: 2026-11-05. */
  g_assert_true (g_str_has_prefix (hover, "Thu 5 Nov\n"));
}

/* A name is the server's text: quotes and backslashes reach the legend
 * as they were. */
static void
test_names_verbatim (void)
{
  g_autoptr(IscUsageTable) table = isc_usage_table_new (FIRST_DAY_MS, 2);
  IscUsageRow *row = isc_usage_table_add_row (table, "a \"b\" \\ <i>c</i>", ISC_USAGE_ROW_DEPLOYMENT);
  g_autoptr(IscChartModel) model = NULL;

  row->micros[0] = 1 * MICROS;
  model = isc_usage_table_new_chart_model (table);
  g_assert_nonnull (model);
  g_assert_cmpstr (isc_chart_model_get_series (model, 0)->label, ==, "a \"b\" \\ <i>c</i>");
}

/* A billing summary as Baseten sends it (money as numbers and strings, a
 * row without daily figures, a training job, a Model API): the page's
 * figures add up to the document's total, to the cent. */
static const char billing_doc[] =
  "{"
  " \"dedicated_usage\": {"
  "  \"subtotal\": \"130.25\", \"credits_used\": 0, \"total\": 130.25, \"minutes\": 4320,"
  "  \"breakdown\": ["
  "   { \"billable_resource\": { \"id\": \"dep1\", \"kind\": \"MODEL_DEPLOYMENT\", \"is_deleted\": false,"
  "       \"name\": \"v3\", \"model_name\": \"llama\", \"instance_type\": \"H100\","
  "       \"environment_name\": \"production\" },"
  "     \"subtotal\": \"100.10\", \"compute_cost\": \"98.00\", \"surcharge_cost\": 2.1,"
  "     \"minutes\": 2880, \"inference_requests\": 90000,"
  "     \"daily\": ["
  "       { \"date\": \"2026-11-02\", \"subtotal\": 40.05, \"compute_cost\": \"39\", \"surcharge_cost\": \"1.05\","
  "         \"minutes\": 1440, \"inference_requests\": 50000 },"
  "       { \"date\": \"2026-11-01\", \"subtotal\": \"60.05\", \"compute_cost\": 59, \"surcharge_cost\": 1.05,"
  "         \"minutes\": 1440, \"inference_requests\": 40000 }"
  "     ] },"
  "   { \"billable_resource\": { \"id\": \"dep2\", \"kind\": \"CHAINLET\", \"is_deleted\": true,"
  "       \"name\": null, \"chain_metadata\": { \"chain_id\": \"c\", \"chain_name\": \"rag\", \"chain_deployment_id\": \"cd\" } },"
  "     \"subtotal\": 30.15, \"compute_cost\": 30.15, \"surcharge_cost\": 0,"
  "     \"minutes\": 1440, \"inference_requests\": 7 }"
  "  ] },"
  " \"training_usage\": { \"subtotal\": 5, \"credits_used\": \"0.00\", \"total\": 5, \"minutes\": 60,"
  "   \"breakdown\": [ { \"billable_resource\": { \"id\": \"job9\", \"kind\": \"TRAINING_JOB\", \"is_deleted\": false },"
  "     \"subtotal\": 5, \"minutes\": 60, \"daily\": [ { \"date\": \"2026-11-03\", \"subtotal\": \"5\", \"minutes\": 60 } ] } ] },"
  " \"model_apis_usage\": { \"subtotal\": \"1.5\", \"credits_used\": 0, \"total\": \"1.5\","
  "   \"breakdown\": [ { \"model_name\": \"deepseek-v3\", \"model_family\": null, \"subtotal\": \"1.5\","
  "     \"input_tokens\": 1000000, \"output_tokens\": 200000, \"cached_input_tokens\": 300000 } ] }"
  "}";

static void
test_from_billing (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) billing = isc_billing_summary_decode (billing_doc, strlen (billing_doc),
                                                                     FIRST_DAY_MS, FIRST_DAY_MS + 3 * DAY_MS, &error);
  g_autoptr(IscUsageTable) table = NULL;
  g_autoptr(IscChartModel) model = NULL;
  g_autofree char *text = NULL;
  const IscUsageRow *row;

  g_assert_no_error (error);
  /* Long after the period: every day is billed. */
  table = isc_usage_table_new_from_billing (billing, FIRST_DAY_MS + 40 * DAY_MS);
  g_assert_nonnull (table);
  g_assert_cmpuint (isc_usage_table_get_n_days (table), ==, 3);
  g_assert_cmpuint (isc_usage_table_get_n_billed_days (table), ==, 3);
  /* The chainlet and the Model API sent no days: no rows, no bars. */
  g_assert_cmpuint (isc_usage_table_get_n_rows (table), ==, 2);

  row = isc_usage_table_get_row (table, 0);
  g_assert_cmpstr (row->name, ==, "llama · production");
  g_assert_cmpfloat (row->micros[0], ==, 60050000);
  g_assert_cmpfloat (row->micros[1], ==, 40050000);
  g_assert_true (isnan (row->micros[2]));
  g_assert_cmpfloat (row->requests[0], ==, 40000);
  g_assert_cmpint (isc_usage_table_get_row (table, 1)->kind, ==, ISC_USAGE_ROW_TRAINING);
  g_assert_cmpstr (isc_usage_table_get_row (table, 1)->name, ==, "job9");

  /* 130.25 + 5 + 1.5: the daily rows hold 105.10, the chainlet's 30.15
   * and the Model API's 1.50 have no days. */
  g_assert_cmpint (isc_usage_table_get_document_micros (table), ==, 136750000);
  g_assert_cmpint (isc_usage_table_get_billed_micros (table), ==, 105100000);
  text = isc_usage_table_dup_total_text (table);
  g_assert_cmpstr (text, ==, "Total $105.10 over 3 days · $31.65 not broken down by day");

  model = isc_usage_table_new_chart_model (table);
  g_assert_nonnull (model);
  g_assert_cmpstr (isc_chart_model_get_series (model, 0)->label, ==, "llama · production");

  /* On the period's last day, that day is today: not billed yet. */
  g_clear_pointer (&table, isc_usage_table_free);
  g_clear_pointer (&text, g_free);
  table = isc_usage_table_new_from_billing (billing, FIRST_DAY_MS + 2 * DAY_MS + 3600000);
  g_assert_cmpuint (isc_usage_table_get_n_billed_days (table), ==, 2);
  text = isc_usage_table_dup_total_text (table);
  g_assert_cmpstr (text, ==, "Total $100.10 over 2 days · ≈ $5.00 today so far, not billed yet"
                             " · $31.65 not broken down by day");
}

/* A promotion's old and new deployment of one environment, both billed
 * in the period: each row says which it is, so the legend does not show
 * one name twice. */
static const char promoted_doc[] =
  "{ \"dedicated_usage\": { \"subtotal\": 30, \"credits_used\": 0, \"total\": 30, \"minutes\": 3,"
  "  \"breakdown\": ["
  "   { \"billable_resource\": { \"id\": \"d7\", \"kind\": \"MODEL_DEPLOYMENT\", \"is_deleted\": false,"
  "       \"name\": \"v7\", \"model_name\": \"chat\", \"environment_name\": \"production\" },"
  "     \"subtotal\": 10, \"compute_cost\": 10, \"surcharge_cost\": 0, \"minutes\": 1, \"inference_requests\": 1,"
  "     \"daily\": [ { \"date\": \"2026-11-01\", \"subtotal\": 10, \"compute_cost\": 10, \"surcharge_cost\": 0, \"minutes\": 1, \"inference_requests\": 1 } ] },"
  "   { \"billable_resource\": { \"id\": \"d8\", \"kind\": \"MODEL_DEPLOYMENT\", \"is_deleted\": false,"
  "       \"name\": \"v8\", \"model_name\": \"chat\", \"environment_name\": \"production\" },"
  "     \"subtotal\": 10, \"compute_cost\": 10, \"surcharge_cost\": 0, \"minutes\": 1, \"inference_requests\": 1,"
  "     \"daily\": [ { \"date\": \"2026-11-02\", \"subtotal\": 10, \"compute_cost\": 10, \"surcharge_cost\": 0, \"minutes\": 1, \"inference_requests\": 1 } ] },"
  "   { \"billable_resource\": { \"id\": \"e1\", \"kind\": \"MODEL_DEPLOYMENT\", \"is_deleted\": false,"
  "       \"name\": \"v2\", \"model_name\": \"embed\", \"environment_name\": \"production\" },"
  "     \"subtotal\": 10, \"compute_cost\": 10, \"surcharge_cost\": 0, \"minutes\": 1, \"inference_requests\": 1,"
  "     \"daily\": [ { \"date\": \"2026-11-02\", \"subtotal\": 10, \"compute_cost\": 10, \"surcharge_cost\": 0, \"minutes\": 1, \"inference_requests\": 1 } ] }"
  "  ] } }";

static void
test_promoted_names (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) billing = isc_billing_summary_decode (promoted_doc, strlen (promoted_doc),
                                                                     FIRST_DAY_MS, FIRST_DAY_MS + 3 * DAY_MS, &error);
  g_autoptr(IscUsageTable) table = NULL;

  g_assert_no_error (error);
  table = isc_usage_table_new_from_billing (billing, FIRST_DAY_MS + 40 * DAY_MS);
  g_assert_cmpuint (isc_usage_table_get_n_rows (table), ==, 3);
  g_assert_cmpstr (isc_usage_table_get_row (table, 0)->name, ==, "chat · production · v7");
  g_assert_cmpstr (isc_usage_table_get_row (table, 1)->name, ==, "chat · production · v8");
  /* Alone in its environment: the short name. */
  g_assert_cmpstr (isc_usage_table_get_row (table, 2)->name, ==, "embed · production");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/usage-chart/total", test_total);
  g_test_add_func ("/isc/usage-chart/format", test_format);
  g_test_add_func ("/isc/usage-chart/estimate-apart", test_estimate_apart);
  g_test_add_func ("/isc/usage-chart/replicas-estimate", test_replicas_estimate);
  g_test_add_func ("/isc/usage-chart/layers", test_layers);
  g_test_add_func ("/isc/usage-chart/legend-and-hover", test_legend_and_hover);
  g_test_add_func ("/isc/usage-chart/names-verbatim", test_names_verbatim);
  g_test_add_func ("/isc/usage-chart/from-billing", test_from_billing);
  g_test_add_func ("/isc/usage-chart/promoted-names", test_promoted_names);

  return g_test_run ();
}
