/* test-error-share.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Errors visible when they matter, on a counter of requests by status:
 * the share of 4xx and 5xx in all requests said in the stacked chart's
 * legend (over the range) and hover box (at the step), and an "Error
 * rate" chart derived from the counter that follows it in image exports
 * and on the Charts page. Two fixtures: a healthy deployment whose errors
 * are single requests among many zeros, and a 10 % 5xx incident.
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "isc-catalogue.h"
#include "isc-chart-private.h"
#include "isc-chart-view.h"
#include "isc-charts-page.h"
#include "isc-error-share.h"
#include "isc-export-private.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

#define W 960
#define H 400
#define NBSP "\xc2\xa0"

/* tests/fixtures/zero-heavy-status-series.json: 60 steps of 30 s, 2xx at
 * 300 a step; 5xx of 1 in steps 12 and 44, 4xx of 1 in 20 and 50, 4xx
 * null in 36, every class null in 30. 59 × 300 + 4 = 17704 requests. */
#define ZERO_HEAVY_REQUESTS 17704.0

/* The incident: 30 steps of 30 s, 1000 requests a step, 10 of them 4xx;
 * in steps 10 to 14, 100 are 5xx (10 %). 30000 requests, 300 4xx (1 %),
 * 500 5xx (1.67 %). */
#define INCIDENT_STEPS 30
#define INCIDENT_FIRST 10
#define INCIDENT_LAST  14

static double
incident_value (guint    series,
                guint    step,
                gpointer data)
{
  gboolean incident = step >= INCIDENT_FIRST && step <= INCIDENT_LAST;

  switch (series)
    {
    case 0:
      return incident ? 890 : 990;
    case 1:
      return 10;
    default:
      return incident ? 100 : 0;
    }
}

static IscMetricsResponse *
incident_response (void)
{
  return test_response_new ("SERIES", 30, INCIDENT_STEPS, "baseten_inference_requests_total", "COUNT", "COUNTER",
                            "[{\"status\":\"2xx\"},{\"status\":\"4xx\"},{\"status\":\"5xx\"}]", 3,
                            incident_value, NULL);
}

static double
zero_value (guint    series,
            guint    step,
            gpointer data)
{
  return 0;
}

static const IscMetric *
first_metric (IscMetricsResponse *response)
{
  return isc_metrics_response_get_metric (response, 0);
}

/* The rule: ratios of sums of the step totals, nulls adding nothing, and
 * nothing to say without requests. */
static void
test_rule (void)
{
  g_autoptr(IscMetricsResponse) zero_heavy = test_load_fixture ("zero-heavy-status-series.json");
  g_autoptr(IscMetricsResponse) incident = incident_response ();
  g_autoptr(IscMetricsResponse) idle = NULL;
  g_autoptr(IscMetricsResponse) plain = NULL;
  g_autoptr(IscMetricsResponse) gauge = NULL;
  const IscMetric *metric = first_metric (zero_heavy);
  double share = -1;

  g_assert_cmpuint (isc_status_class_from_label ("5xx"), ==, 5);
  g_assert_cmpuint (isc_status_class_from_label ("503"), ==, 5);
  g_assert_cmpuint (isc_status_class_from_label ("2xx"), ==, 2);
  g_assert_cmpuint (isc_status_class_from_label ("ok"), ==, 0);
  g_assert_cmpuint (isc_status_class_from_label (NULL), ==, 0);
  g_assert_true (isc_error_share_applies (metric));

  /* Over the range: 2 of 17704 requests each, the null step and the null
   * 4xx adding nothing. */
  g_assert_true (isc_error_share_of_series (metric, 2, -1, &share));
  g_assert_cmpfloat_with_epsilon (share, 2 / ZERO_HEAVY_REQUESTS, 1e-12);
  g_assert_true (isc_error_share_of_class (metric, 4, -1, &share));
  g_assert_cmpfloat_with_epsilon (share, 2 / ZERO_HEAVY_REQUESTS, 1e-12);
  /* At a step: the one 5xx among 301; none where it was zero; none where
   * 4xx was null but 300 others came; nothing at all where every class
   * was null. */
  g_assert_true (isc_error_share_of_series (metric, 2, 12, &share));
  g_assert_cmpfloat_with_epsilon (share, 1 / 301.0, 1e-12);
  g_assert_true (isc_error_share_of_class (metric, 5, 13, &share));
  g_assert_cmpfloat (share, ==, 0);
  g_assert_true (isc_error_share_of_class (metric, 4, 36, &share));
  g_assert_cmpfloat (share, ==, 0);
  share = -1;
  g_assert_false (isc_error_share_of_class (metric, 5, 30, &share));
  g_assert_false (isc_error_share_of_series (metric, 2, 30, &share));
  g_assert_cmpfloat (share, ==, -1);
  g_assert_false (isc_error_share_of_series (metric, 3, -1, &share));
  g_assert_false (isc_error_share_of_series (metric, 2, 60, &share));

  /* The incident: 10 % at its steps, 500 of 30000 over the range. */
  metric = first_metric (incident);
  g_assert_true (isc_error_share_of_class (metric, 5, 12, &share));
  g_assert_cmpfloat_with_epsilon (share, 0.1, 1e-12);
  g_assert_true (isc_error_share_of_series (metric, 2, -1, &share));
  g_assert_cmpfloat_with_epsilon (share, 500 / 30000.0, 1e-12);

  /* A range without requests says nothing, rather than NaN % or 0 %. */
  idle = test_response_new ("SERIES", 30, 10, "baseten_inference_requests_total", "COUNT", "COUNTER",
                            "[{\"status\":\"2xx\"},{\"status\":\"5xx\"}]", 2, zero_value, NULL);
  g_assert_true (isc_error_share_applies (first_metric (idle)));
  g_assert_false (isc_error_share_of_class (first_metric (idle), 5, -1, &share));
  g_assert_false (isc_error_share_of_class (first_metric (idle), 5, 3, &share));

  /* Not by status: a plain counter, and a gauge with status labels. */
  plain = test_response_new ("SERIES", 30, 10, "baseten_llm_input_tokens_total", "COUNT", "COUNTER",
                             "[{}]", 1, zero_value, NULL);
  g_assert_false (isc_error_share_applies (first_metric (plain)));
  g_assert_false (isc_error_share_of_series (first_metric (plain), 0, -1, &share));
  g_assert_null (isc_error_share_new_response (plain, 0));
  gauge = test_response_new ("SERIES", 30, 10, "some_gauge", "COUNT", "GAUGE",
                             "[{\"status\":\"5xx\"}]", 1, zero_value, NULL);
  g_assert_false (isc_error_share_applies (first_metric (gauge)));
}

/* Status codes classified by their protocol's rules, never by the first
 * digit: HTTP statuses and classes, WebSocket close codes, gRPC codes by
 * number and by name. */
typedef struct
{
  const char        *label;
  IscStatusProtocol  protocol;
  guint              status_class;
} StatusCase;

static const StatusCase status_cases[] = {
  { "200", ISC_STATUS_PROTOCOL_HTTP, 2 },
  { "2xx", ISC_STATUS_PROTOCOL_HTTP, 2 },
  { "101", ISC_STATUS_PROTOCOL_HTTP, 1 },
  { "429", ISC_STATUS_PROTOCOL_HTTP, 4 },
  { "4XX", ISC_STATUS_PROTOCOL_HTTP, 4 },
  { "503", ISC_STATUS_PROTOCOL_HTTP, 5 },
  /* WebSocket close codes */
  { "1000", ISC_STATUS_PROTOCOL_WEBSOCKET, 2 },   /* normal */
  { "1001", ISC_STATUS_PROTOCOL_WEBSOCKET, 2 },   /* going away */
  { "1002", ISC_STATUS_PROTOCOL_WEBSOCKET, 4 },   /* protocol error */
  { "1008", ISC_STATUS_PROTOCOL_WEBSOCKET, 4 },   /* policy violation */
  { "1009", ISC_STATUS_PROTOCOL_WEBSOCKET, 4 },   /* too big */
  { "1006", ISC_STATUS_PROTOCOL_WEBSOCKET, 5 },   /* connection lost */
  { "1011", ISC_STATUS_PROTOCOL_WEBSOCKET, 5 },   /* server error */
  { "1012", ISC_STATUS_PROTOCOL_WEBSOCKET, 5 },   /* service restart */
  { "1013", ISC_STATUS_PROTOCOL_WEBSOCKET, 5 },   /* try again later */
  { "1014", ISC_STATUS_PROTOCOL_WEBSOCKET, 5 },   /* bad gateway */
  { "1004", ISC_STATUS_PROTOCOL_WEBSOCKET, 0 },   /* reserved */
  { "3000", ISC_STATUS_PROTOCOL_WEBSOCKET, 4 },   /* registered: unauthorized */
  { "4000", ISC_STATUS_PROTOCOL_WEBSOCKET, 4 },   /* the application's own */
  { "4401", ISC_STATUS_PROTOCOL_WEBSOCKET, 4 },
  { "4500", ISC_STATUS_PROTOCOL_WEBSOCKET, 5 },   /* "4000 + HTTP 500" */
  { "4999", ISC_STATUS_PROTOCOL_WEBSOCKET, 4 },
  /* gRPC status codes */
  { "0", ISC_STATUS_PROTOCOL_GRPC, 2 },           /* OK */
  { "1", ISC_STATUS_PROTOCOL_GRPC, 4 },           /* CANCELLED */
  { "2", ISC_STATUS_PROTOCOL_GRPC, 5 },           /* UNKNOWN */
  { "3", ISC_STATUS_PROTOCOL_GRPC, 4 },           /* INVALID_ARGUMENT */
  { "4", ISC_STATUS_PROTOCOL_GRPC, 5 },           /* DEADLINE_EXCEEDED */
  { "5", ISC_STATUS_PROTOCOL_GRPC, 4 },           /* NOT_FOUND */
  { "8", ISC_STATUS_PROTOCOL_GRPC, 4 },           /* RESOURCE_EXHAUSTED */
  { "12", ISC_STATUS_PROTOCOL_GRPC, 5 },          /* UNIMPLEMENTED */
  { "13", ISC_STATUS_PROTOCOL_GRPC, 5 },          /* INTERNAL */
  { "14", ISC_STATUS_PROTOCOL_GRPC, 5 },          /* UNAVAILABLE */
  { "15", ISC_STATUS_PROTOCOL_GRPC, 5 },          /* DATA_LOSS */
  { "16", ISC_STATUS_PROTOCOL_GRPC, 4 },          /* UNAUTHENTICATED */
  { "UNAVAILABLE", ISC_STATUS_PROTOCOL_GRPC, 5 },
  { "OK", ISC_STATUS_PROTOCOL_GRPC, 2 },
  { "ok", ISC_STATUS_PROTOCOL_UNKNOWN, 0 },        /* gRPC spells its names in capitals */
  /* Nothing any of them sends */
  { "17", ISC_STATUS_PROTOCOL_UNKNOWN, 0 },
  { "999", ISC_STATUS_PROTOCOL_UNKNOWN, 0 },
  { "1016", ISC_STATUS_PROTOCOL_UNKNOWN, 0 },
  { "5000", ISC_STATUS_PROTOCOL_UNKNOWN, 0 },
  { "5x", ISC_STATUS_PROTOCOL_UNKNOWN, 0 },
  { "-1", ISC_STATUS_PROTOCOL_UNKNOWN, 0 },
  { "", ISC_STATUS_PROTOCOL_UNKNOWN, 0 },
  { "99999999999999999999", ISC_STATUS_PROTOCOL_UNKNOWN, 0 },
};

static void
test_status_class (gconstpointer data)
{
  const StatusCase *c = data;

  g_assert_cmpint (isc_status_protocol_from_label (c->label), ==, c->protocol);
  g_assert_cmpuint (isc_status_class_from_label (c->label), ==, c->status_class);
}

static double
websocket_value (guint    series,
                 guint    step,
                 gpointer data)
{
  /* 1000: 90 a step, 1011: 6, 4001: 3, 1001: 1 */
  static const double values[] = { 90, 6, 3, 1 };

  return values[series];
}

static double
grpc_value (guint    series,
            guint    step,
            gpointer data)
{
  /* OK: 95, INVALID_ARGUMENT: 3, UNAVAILABLE: 2 */
  static const double values[] = { 95, 3, 2 };

  return values[series];
}

/* A WebSocket model's volume: 1011 counts as a server error, 4001 (an
 * application code) as a client error, 1000 and 1001 as successes, in
 * the share, the Error rate chart and the colours; a gRPC model's the
 * same by gRPC's rules. */
static void
test_other_protocols (void)
{
  g_autoptr(IscMetricsResponse) websocket =
    test_response_new ("SERIES", 30, 10, "baseten_inference_requests_total", "COUNT", "COUNTER",
                       "[{\"status\":\"1000\"},{\"status\":\"1011\"},{\"status\":\"4001\"},"
                       "{\"status\":\"1001\"}]", 4, websocket_value, NULL);
  g_autoptr(IscMetricsResponse) grpc =
    test_response_new ("SERIES", 30, 10, "baseten_inference_requests_total", "COUNT", "COUNTER",
                       "[{\"status\":\"0\"},{\"status\":\"3\"},{\"status\":\"14\"}]", 3,
                       grpc_value, NULL);
  g_autoptr(IscMetricsResponse) rate = NULL;
  g_autoptr(IscChartModel) model = NULL;
  const IscMetric *metric = first_metric (websocket);
  const double *values;
  double share = -1;

  g_assert_true (isc_error_share_applies (metric));
  g_assert_true (isc_error_share_of_class (metric, 5, -1, &share));
  g_assert_cmpfloat_with_epsilon (share, 0.06, 1e-12);
  g_assert_true (isc_error_share_of_class (metric, 4, 3, &share));
  g_assert_cmpfloat_with_epsilon (share, 0.03, 1e-12);

  /* The Error rate chart: 5xx (server errors) at 6 % every step. */
  rate = isc_error_share_new_response (websocket, 0);
  g_assert_nonnull (rate);
  values = isc_series_get_values (isc_metric_get_series (first_metric (rate), 1), NULL);
  g_assert_cmpfloat_with_epsilon (values[4], 0.06, 1e-12);

  /* Coloured and stacked by class: 1011 red, 4001 amber, 1000 green. */
  model = isc_chart_model_new (websocket, 0, ISC_COUNTER_DISPLAY_RATE);
  g_assert_cmpuint (isc_chart_model_get_series (model, 0)->status_class, ==, 2);
  g_assert_cmpuint (isc_chart_model_get_series (model, 1)->status_class, ==, 5);
  g_assert_cmpuint (isc_chart_model_get_series (model, 2)->status_class, ==, 4);
  g_assert_cmpuint (isc_chart_model_get_series (model, 3)->status_class, ==, 2);
  g_assert_true (isc_chart_model_get_error_share (model, 1, -1, &share));
  g_assert_cmpfloat_with_epsilon (share, 0.06, 1e-12);

  metric = first_metric (grpc);
  g_assert_true (isc_error_share_of_class (metric, 5, -1, &share));
  g_assert_cmpfloat_with_epsilon (share, 0.02, 1e-12);
  g_assert_true (isc_error_share_of_class (metric, 4, -1, &share));
  g_assert_cmpfloat_with_epsilon (share, 0.03, 1e-12);
  g_assert_true (isc_error_share_of_class (metric, 2, -1, &share));
  g_assert_cmpfloat_with_epsilon (share, 0.95, 1e-12);
}

static void
test_format (void)
{
  static const struct { double share; const char *text; } cases[] = {
    { 0.1, "10" NBSP "%" },
    { 0.012, "1.2" NBSP "%" },
    { 0.01, "1.0" NBSP "%" },
    { 0.0996, "10" NBSP "%" },
    { 500 / 30000.0, "1.7" NBSP "%" },
    { 2 / ZERO_HEAVY_REQUESTS, "0.011" NBSP "%" },
    { 1 / 301.0, "0.33" NBSP "%" },
    { 1.0, "100" NBSP "%" },
    { 0.0, "0" NBSP "%" },
    { 1e-7, "<0.001" NBSP "%" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = isc_error_share_format (cases[i].share);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* The legend text of the series labelled @label, which must be there. */
static const char *
legend_of (GStrv       texts,
           const char *label)
{
  g_autofree char *prefix = g_strdup_printf ("%s ", label);

  for (guint i = 0; texts[i] != NULL; i++)
    if (g_str_has_prefix (texts[i], prefix))
      return texts[i];
  g_assert_not_reached ();
}

/* The hover box's line of the series labelled @label. */
static const char *
hover_line_of (GStrv       lines,
               const char *label)
{
  g_autofree char *prefix = g_strdup_printf ("■ %s ", label);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return lines[i];
  g_assert_not_reached ();
}

static void
test_legend_and_hover (void)
{
  g_autoptr(IscMetricsResponse) incident = incident_response ();
  g_autoptr(IscMetricsResponse) zero_heavy = test_load_fixture ("zero-heavy-status-series.json");
  g_autoptr(IscChart) chart = test_chart_new (incident, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_autoptr(IscChart) totals = test_chart_new (incident, ISC_COUNTER_DISPLAY_TOTALS, ISC_CHART_THEME_LIGHT);
  g_autoptr(IscChart) quiet = test_chart_new (zero_heavy, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_auto(GStrv) legend = isc_chart_dup_legend_texts (chart, W, H);
  g_auto(GStrv) totals_legend = isc_chart_dup_legend_texts (totals, W, H);
  g_auto(GStrv) quiet_legend = isc_chart_dup_legend_texts (quiet, W, H);
  g_autofree char *hover = NULL;
  g_autofree char *calm = NULL;
  g_autofree char *quiet_hover = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (isc_chart_model_get_plot (isc_chart_get_model (chart)), ==, ISC_CHART_PLOT_STACKED);

  /* Over the range: the share of all requests, after the statistics,
   * for errors only; a share, so the same as totals. */
  g_assert_true (g_str_has_suffix (legend_of (legend, "5xx"), " · 1.7" NBSP "% of requests"));
  g_assert_true (g_str_has_suffix (legend_of (legend, "4xx"), " · 1.0" NBSP "% of requests"));
  g_assert_null (strstr (legend_of (legend, "2xx"), "of requests"));
  g_assert_true (g_str_has_suffix (legend_of (totals_legend, "5xx"), " · 1.7" NBSP "% of requests"));
  /* Two lone failed requests among 17704 are not rounded away. */
  g_assert_true (g_str_has_suffix (legend_of (quiet_legend, "5xx"), " · 0.011" NBSP "% of requests"));

  /* At a step of the incident: each error's share of that step. */
  hover = isc_chart_dup_hover_text (chart, W, H, 12);
  g_assert_nonnull (hover);
  lines = g_strsplit (hover, "\n", -1);
  g_assert_true (g_str_has_suffix (hover_line_of (lines, "5xx"), "  10" NBSP "%"));
  g_assert_true (g_str_has_suffix (hover_line_of (lines, "4xx"), "  1.0" NBSP "%"));
  g_assert_null (strchr (hover_line_of (lines, "2xx"), '%'));
  g_clear_pointer (&lines, g_strfreev);

  /* Before it, no 5xx among 1000: 0 %, said. */
  calm = isc_chart_dup_hover_text (chart, W, H, 3);
  lines = g_strsplit (calm, "\n", -1);
  g_assert_true (g_str_has_suffix (hover_line_of (lines, "5xx"), "  0" NBSP "%"));
  g_clear_pointer (&lines, g_strfreev);

  /* Where every class is null there were no requests: no share at all. */
  quiet_hover = isc_chart_dup_hover_text (quiet, W, H, 30);
  g_assert_nonnull (quiet_hover);
  g_assert_null (strchr (quiet_hover, '%'));
  g_assert_null (strstr (quiet_hover, "nan"));

  /* Outside the steps, no hover. */
  g_assert_null (isc_chart_dup_hover_text (chart, W, H, INCIDENT_STEPS));
}

static IscChart *
error_rate_chart (IscMetricsResponse *response)
{
  g_autoptr(IscChartModel) model = isc_chart_model_new_error_rate (response, 0);
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  IscChart *chart;

  g_assert_nonnull (model);
  chart = isc_chart_new (model);
  isc_chart_set_style (chart, isc_chart_style_get_default (ISC_CHART_THEME_LIGHT));
  isc_chart_set_time_zone (chart, utc);
  return chart;
}

/* The derived chart: lines of each step's share, in percent, 5xx in the
 * error colour, on an axis where 10 % stands out and 0.3 % does not. */
static void
test_error_rate_chart (void)
{
  g_autoptr(IscMetricsResponse) incident = incident_response ();
  g_autoptr(IscMetricsResponse) zero_heavy = test_load_fixture ("zero-heavy-status-series.json");
  g_autoptr(IscMetricsResponse) plain = NULL;
  g_autoptr(IscChart) chart = error_rate_chart (incident);
  g_autoptr(IscChart) quiet = error_rate_chart (zero_heavy);
  IscChartModel *model = isc_chart_get_model (chart);
  const IscChartStyle *style = isc_chart_style_get_default (ISC_CHART_THEME_LIGHT);
  const IscChartSeries *s4 = NULL, *s5 = NULL;
  const IscChartLayout *layout;
  g_auto(GStrv) axis = NULL;
  g_auto(GStrv) legend = NULL;
  IscChartColor color;
  int i5 = -1;

  g_assert_cmpstr (isc_chart_model_get_name (model), ==, ISC_CATALOGUE_ERROR_RATE);
  g_assert_cmpstr (isc_chart_model_get_title (model), ==, "Error rate");
  g_assert_cmpstr (isc_chart_model_get_unit_text (model), ==, "share of requests");
  g_assert_cmpint (isc_chart_model_get_unit_hint (model), ==, ISC_UNIT_HINT_RATIO);
  g_assert_cmpint (isc_chart_model_get_plot (model), ==, ISC_CHART_PLOT_LINES);
  g_assert_cmpuint (isc_chart_model_get_n_steps (model), ==, INCIDENT_STEPS);
  g_assert_cmpuint (isc_chart_model_get_n_series (model), ==, 2);
  for (guint k = 0; k < 2; k++)
    {
      const IscChartSeries *cs = isc_chart_model_get_series (model, k);

      if (g_strcmp0 (cs->label, "4xx") == 0)
        s4 = cs;
      else if (g_strcmp0 (cs->label, "5xx") == 0)
        {
          s5 = cs;
          i5 = (int) k;
        }
    }
  g_assert_nonnull (s4);
  g_assert_nonnull (s5);

  /* Each step's share: 10 % in the incident, 0 % elsewhere; 1 % of 4xx
   * throughout. */
  for (guint i = 0; i < INCIDENT_STEPS; i++)
    {
      gboolean in = i >= INCIDENT_FIRST && i <= INCIDENT_LAST;

      g_assert_cmpfloat_with_epsilon (s5->values[i], in ? 0.1 : 0.0, 1e-12);
      g_assert_cmpfloat_with_epsilon (s4->values[i], 0.01, 1e-12);
    }

  /* The axis reads percent, and the 5xx line is the stack's 5xx. */
  axis = isc_chart_dup_value_labels (chart, W, H);
  g_assert_nonnull (axis[0]);
  for (guint i = 0; axis[i] != NULL; i++)
    g_assert_true (g_str_has_suffix (axis[i], "%"));
  isc_chart_get_series_color (chart, (guint) i5, &color);
  g_assert_cmpfloat (color.red, ==, style->status[5].red);
  g_assert_cmpfloat (color.green, ==, style->status[5].green);
  g_assert_cmpfloat (color.blue, ==, style->status[5].blue);

  /* At a glance: the incident reaches the top fifth of the plot … */
  layout = isc_chart_ensure_layout (chart, W, H);
  g_assert_cmpfloat (isc_chart_layout_y_for_value (layout, 0.1), <, layout->plot.y + layout->plot.height * 0.2);
  /* … while a lone failed request among 301 stays in the bottom tenth,
   * on an axis that still reaches 5 %. */
  layout = isc_chart_ensure_layout (quiet, W, H);
  g_assert_cmpfloat (layout->y_max, >=, ISC_CHART_ERROR_RATE_MIN_EXTENT);
  g_assert_cmpfloat (isc_chart_layout_y_for_value (layout, 1 / 301.0), >,
                     layout->plot.y + layout->plot.height * 0.9);
  /* The null step stays null: a gap, not a 0 %. */
  g_assert_true (isnan (isc_chart_model_get_series (isc_chart_get_model (quiet), 1)->values[30]));

  /* The legend agrees with the stack's: the share of the range's
   * requests, not only the mean of the steps. */
  legend = isc_chart_dup_legend_texts (chart, W, H);
  g_assert_true (g_str_has_suffix (legend_of (legend, "5xx"), " · 1.7" NBSP "% of requests"));

  plain = test_response_new ("SERIES", 30, 10, "baseten_llm_input_tokens_total", "COUNT", "COUNTER",
                             "[{}]", 1, zero_value, NULL);
  g_assert_null (isc_chart_model_new_error_rate (plain, 0));
}

/* An image export: the error rate right after the requests, nowhere
 * else, and the charts in the window's order (the catalogue's groups:
 * traffic, latency, replicas). tests/fixtures/default-series.json has
 * replicas, requests by status and a latency fan, in that order. */
static void
test_export (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-series.json");
  g_auto(IscExportOptions) options = { 0 };
  g_autoptr(GPtrArray) charts = NULL;
  static const char * const expected[] = {
    "baseten_inference_requests_total",
    ISC_CATALOGUE_ERROR_RATE,
    "baseten_end_to_end_response_time_seconds",
    "baseten_replicas_active",
  };

  options.theme = ISC_CHART_THEME_LIGHT;
  options.counter_display = ISC_COUNTER_DISPLAY_RATE;
  charts = _isc_export_image_create_charts (&options, response);
  g_assert_cmpuint (charts->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < charts->len; i++)
    g_assert_cmpstr (isc_chart_model_get_name (isc_chart_get_model (g_ptr_array_index (charts, i))), ==,
                     expected[i]);
}

static gboolean
page_drawn (gpointer data)
{
  IscChartsPage *page = data;

  return isc_charts_page_get_n_charts (page) > 0 &&
         gtk_widget_get_width (isc_charts_page_get_chart (page, 0)) > 0;
}

/* The Charts page: the requests' error rate in the next cell of their
 * group, read by a screen reader as "Error rate"; it follows the
 * counter's data when the response changes. */
static void
test_charts_page (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-series.json");
  g_autoptr(IscMetricsResponse) incident = incident_response ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = isc_charts_page_new ();
  GtkWidget *counter = NULL, *error_view = NULL;
  IscChartModel *model;
  guint n_found = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), response);
  g_assert_true (test_wait_for (page_drawn, page));

  for (guint i = 0; i < isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)); i++)
    {
      GtkWidget *view = isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i);
      GtkWidget *follower = isc_charts_page_get_error_rate_chart (ISC_CHARTS_PAGE (page), i);
      const char *name = isc_chart_model_get_name (isc_chart_view_get_model (ISC_CHART_VIEW (view)));

      if (g_strcmp0 (name, "baseten_inference_requests_total") == 0)
        {
          counter = view;
          error_view = follower;
        }
      else
        g_assert_null (follower);
      if (follower != NULL)
        n_found++;
    }
  g_assert_cmpuint (n_found, ==, 1);
  g_assert_nonnull (counter);
  g_assert_nonnull (error_view);
  g_assert_true (gtk_widget_get_next_sibling (counter) == error_view);
  g_assert_true (gtk_widget_get_mapped (error_view));
  model = isc_chart_view_get_model (ISC_CHART_VIEW (error_view));
  g_assert_cmpstr (isc_chart_model_get_name (model), ==, ISC_CATALOGUE_ERROR_RATE);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (error_view), GTK_ACCESSIBLE_PROPERTY_LABEL, "Error rate");

  /* Totals or rate, a share is a share: a model all the same. */
  isc_charts_page_set_counters_as_totals (ISC_CHARTS_PAGE (page), TRUE);
  g_assert_nonnull (isc_chart_view_get_model (ISC_CHART_VIEW (error_view)));
  g_assert_cmpint (isc_chart_model_get_unit_hint (isc_chart_view_get_model (ISC_CHART_VIEW (error_view))), ==,
                   ISC_UNIT_HINT_RATIO);

  /* Only the counter alone: still followed by its error rate, now the
   * incident's. */
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), incident);
  g_assert_true (test_wait_for (page_drawn, page));
  g_assert_cmpuint (isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)), ==, 1);
  error_view = isc_charts_page_get_error_rate_chart (ISC_CHARTS_PAGE (page), 0);
  g_assert_nonnull (error_view);
  model = isc_chart_view_get_model (ISC_CHART_VIEW (error_view));
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_series (model, 1)->values[12], 0.1, 1e-12);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/error-share/rule", test_rule);
  g_test_add_func ("/isc/error-share/format", test_format);
  for (guint i = 0; i < G_N_ELEMENTS (status_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/error-share/status-class/%s",
                                               status_cases[i].label[0] != '\0' ? status_cases[i].label : "empty");

      g_test_add_data_func (path, &status_cases[i], test_status_class);
    }
  g_test_add_func ("/isc/error-share/other-protocols", test_other_protocols);
  g_test_add_func ("/isc/error-share/legend-and-hover", test_legend_and_hover);
  g_test_add_func ("/isc/error-share/error-rate-chart", test_error_rate_chart);
  g_test_add_func ("/isc/error-share/export", test_export);
  g_test_add_func ("/isc/error-share/charts-page", test_charts_page);

  return g_test_run ();
}
