/* isc-chart-model-series.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* One series of a chart model: its role and legend label, its drawing
 * order among the others, its statistics, and which of the model's steps
 * are complete enough to count in them. */

#define G_LOG_DOMAIN "isc-chart-model"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-chart-model-private.h"
#include "isc-error-share.h"

static char *
quantile_label (double quantile)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* "p50", "p99.9": the percentile names people use for latency. */
  g_ascii_formatd (buf, sizeof buf, "%.4g", quantile * 100.0);
  return g_strdup_printf ("p%s", buf);
}

void
isc_chart_series_init (IscChartSeries  *cs,
                       const IscSeries *source,
                       guint            index,
                       const char      *title)
{
  const char *status = isc_series_lookup_label (source, "status");
  const char *quantile = isc_series_lookup_label (source, "quantile");
  const char *stat = isc_series_lookup_label (source, "stat");
  guint n_labels = isc_series_get_n_labels (source);

  cs->color_index = index;

  if (n_labels == 1 && status != NULL)
    {
      cs->role = ISC_CHART_SERIES_STATUS;
      cs->label = g_strdup (status);
      /* By the protocol's rules: HTTP's "200" and "2xx", WebSocket's
       * 1011, gRPC's 14 (isc-error-share.h). */
      cs->status_class = isc_status_class_from_label (status);
    }
  else if (n_labels == 1 && quantile != NULL)
    {
      char *end = NULL;
      double q = g_ascii_strtod (quantile, &end);

      if (end != quantile && *end == '\0' && isfinite (q))
        {
          cs->role = ISC_CHART_SERIES_QUANTILE;
          cs->quantile = q;
          cs->label = quantile_label (q);
        }
      else
        {
          cs->role = ISC_CHART_SERIES_LINE;
          cs->label = g_strdup (isc_series_get_label_text (source));
        }
    }
  else if (n_labels == 1 && g_strcmp0 (stat, "avg") == 0)
    {
      cs->role = ISC_CHART_SERIES_AVERAGE;
      cs->label = g_strdup (_("average"));
    }
  else if (n_labels == 0)
    {
      cs->role = ISC_CHART_SERIES_LINE;
      cs->label = g_strdup (title);
    }
  else
    {
      cs->role = ISC_CHART_SERIES_LINE;
      cs->label = g_strdup (isc_series_get_label_text (source));
    }
}

/* The statistics read the complete steps only: a step still filling in
 * holds part of its interval, so its value is not a real low (a counter's
 * rate) nor a settled reading, and "last" is the newest value that will
 * not change. n_values counts every value, so a series whose only values
 * are in incomplete steps still draws (its statistics are NaN). */
void
isc_chart_series_compute_stats (IscChartSeries *cs,
                                guint           n_steps,
                                guint           n_complete)
{
  double sum = 0;
  guint n_stats = 0;

  cs->min = cs->mean = cs->max = cs->last = NAN;
  cs->n_values = 0;

  for (guint i = 0; i < n_steps; i++)
    {
      double v = cs->values[i];

      if (isnan (v))
        continue;
      cs->n_values++;
      if (i >= n_complete)
        continue;
      if (n_stats == 0 || v < cs->min)
        cs->min = v;
      if (n_stats == 0 || v > cs->max)
        cs->max = v;
      sum += v;
      cs->last = v;
      n_stats++;
    }

  if (n_stats > 0)
    cs->mean = sum / n_stats;
}

/* Ingestion lags by one to three minutes (baseten-api.md): the longest
 * a null histogram step at the end is taken for data still arriving
 * rather than for no traffic. */
#define INGESTION_LAG_MS (180 * 1000)

/* The steps before the first one that holds only part of its interval:
 * see "The incomplete last step" in docs/charts.md. The data horizon is
 * the time up to which the response's data is whole; a step that ends
 * after it is incomplete, and so is every later one. */
guint
isc_chart_model_count_complete_steps (IscMetricsResponse *response,
                                      const gint64       *starts,
                                      guint               n_steps,
                                      gint64              now_ms)
{
  gint64 step_ms = isc_metrics_response_get_step_seconds (response) * 1000;
  gint64 window_end = isc_metrics_response_get_step_end_ms (response, n_steps - 1);
  gint64 horizon = window_end;
  int newest = -1;
  gboolean any_histogram = FALSE;
  guint n_complete;

  /* A last step cut short by the window's end was still being counted
   * when the window was taken (step starts are whole seconds: a second's
   * slack). */
  if (step_ms > 0 && window_end - starts[n_steps - 1] < step_ms - 1000)
    horizon = MIN (horizon, starts[n_steps - 1]);

  /* Nothing is complete after now: a window rounded up to whole steps
   * ends in the future, its last step still being counted. Only the last
   * step: a response whose steps start after this computer's clock says
   * more about the clock (or a made-up response) than about the data. */
  if (now_ms >= starts[n_steps - 1] && now_ms < window_end)
    horizon = MIN (horizon, now_ms);

  /* Histograms are null while their data is being ingested, where
   * counters already count: the newest step with a histogram value is the
   * last one whose data has arrived. Nulls further back than the lag
   * allows are a quiet deployment, not a delay. */
  for (guint m = 0; m < isc_metrics_response_get_n_metrics (response); m++)
    {
      const IscMetric *metric = isc_metrics_response_get_metric (response, m);

      if (isc_metric_get_kind (metric) != ISC_METRIC_KIND_HISTOGRAM)
        continue;
      for (guint j = 0; j < isc_metric_get_n_series (metric); j++)
        {
          const double *values = isc_series_get_values (isc_metric_get_series (metric, j), NULL);

          for (int i = n_steps - 1; i > newest; i--)
            if (!isnan (values[i]))
              {
                newest = i;
                break;
              }
          any_histogram = TRUE;
        }
    }
  if (any_histogram && newest >= 0)
    {
      gint64 newest_end = isc_metrics_response_get_step_end_ms (response, newest);

      horizon = MIN (horizon, MAX (newest_end, window_end - MAX (step_ms, 0) - INGESTION_LAG_MS));
    }

  n_complete = n_steps;
  while (n_complete > 0 &&
         isc_metrics_response_get_step_end_ms (response, n_complete - 1) > horizon)
    n_complete--;

  return n_complete;
}

int
isc_chart_series_compare_quantile (const void *a,
                                   const void *b,
                                   void       *user_data)
{
  const IscChartSeries *series = user_data;
  const IscChartSeries *sa = &series[*(const guint *)a];
  const IscChartSeries *sb = &series[*(const guint *)b];
  int ra = sa->role == ISC_CHART_SERIES_QUANTILE ? 0 : 1;
  int rb = sb->role == ISC_CHART_SERIES_QUANTILE ? 0 : 1;

  if (ra != rb)
    return ra - rb;
  if (ra == 0 && sa->quantile != sb->quantile)
    return sa->quantile < sb->quantile ? -1 : 1;
  return (int)*(const guint *)a - (int)*(const guint *)b;
}

int
isc_chart_series_compare_status (const void *a,
                                 const void *b,
                                 void       *user_data)
{
  const IscChartSeries *series = user_data;
  const IscChartSeries *sa = &series[*(const guint *)a];
  const IscChartSeries *sb = &series[*(const guint *)b];
  int ca = sa->role == ISC_CHART_SERIES_STATUS ? (int)sa->status_class : 9;
  int cb = sb->role == ISC_CHART_SERIES_STATUS ? (int)sb->status_class : 9;

  if (ca != cb)
    return ca - cb;
  if (ca != 9)
    {
      int c = g_strcmp0 (sa->label, sb->label);

      if (c != 0)
        return c;
    }
  return (int)*(const guint *)a - (int)*(const guint *)b;
}
