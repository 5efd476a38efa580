/* isc-chart-model.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-model"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "isc-catalogue.h"
#include "isc-chart-model.h"
#include "isc-error-share.h"
#include "isc-units.h"

struct _IscChartModel
{
  GObject              parent_instance;

  /* Owned references */
  IscMetricsResponse  *response;

  /* Borrowed from the response */
  const IscMetric     *metric;
  const gint64        *step_starts;

  /* Owned state */
  char                *title;
  char                *unit_text;
  const char          *unit_label;  /* translated, static */
  char                *step_text;
  char                *value_suffix;
  IscChartSeries      *series;
  guint               *order;
  double             **stack_base;
  double             **stack_top;
  guint                n_series;
  guint                n_steps;
  guint                n_complete;   /* steps before the first incomplete one */
  gint64               start_ms;
  gint64               end_ms;
  double               extent_min;
  double               extent_max;
  int                  median;
  int                  average;
  IscMetricKind        kind;
  IscUnitHint          unit_hint;
  IscCounterDisplay    counter_display;
  IscChartPlot         plot;
  guint                empty : 1;
  guint                from_percent : 1;
  guint                integer : 1;

  /* An error rate model's counter of requests by status (owned), so its
   * legend can say the share of the whole range's requests. */
  IscMetricsResponse  *error_source;
  guint                error_source_metric;

  /* Series left out of the drawing (isc_chart_model_set_hidden()): n_series
   * flags, NULL while every series shows. */
  gboolean            *hidden;
  /* The least top the value axis reaches (an error rate's floor), 0. */
  double               min_extent_max;
};

enum {
  HIDDEN_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (IscChartModel, isc_chart_model, G_TYPE_OBJECT)

static void
isc_chart_model_finalize (GObject *object)
{
  IscChartModel *self = (IscChartModel *)object;

  for (guint i = 0; i < self->n_series; i++)
    {
      g_free (self->series[i].label);
      g_free (self->series[i].values);
      if (self->stack_base != NULL)
        {
          g_free (self->stack_base[i]);
          g_free (self->stack_top[i]);
        }
    }
  g_free (self->stack_base);
  g_free (self->stack_top);
  g_free (self->hidden);
  g_free (self->series);
  g_free (self->order);
  g_free (self->title);
  g_free (self->unit_text);
  g_free (self->step_text);
  g_free (self->value_suffix);
  g_clear_pointer (&self->response, isc_metrics_response_unref);
  g_clear_pointer (&self->error_source, isc_metrics_response_unref);

  G_OBJECT_CLASS (isc_chart_model_parent_class)->finalize (object);
}

static void
isc_chart_model_class_init (IscChartModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isc_chart_model_finalize;

  /**
   * IscChartModel::hidden-changed:
   *
   * The set of hidden series changed: the extent, the stack and the
   * legend are new, and a chart drawing the model lays itself out again.
   */
  signals[HIDDEN_CHANGED] =
    g_signal_new ("hidden-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
isc_chart_model_init (IscChartModel *self)
{
  self->median = -1;
  self->average = -1;
}

static char *
quantile_label (double quantile)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* "p50", "p99.9": the percentile names people use for latency. */
  g_ascii_formatd (buf, sizeof buf, "%.4g", quantile * 100.0);
  return g_strdup_printf ("p%s", buf);
}

static void
series_init (IscChartModel   *self,
             IscChartSeries  *cs,
             const IscSeries *source,
             guint            index)
{
  const char *status = isc_series_lookup_label (source, "status");
  const char *quantile = isc_series_lookup_label (source, "quantile");
  const char *stat = isc_series_lookup_label (source, "stat");
  guint n_labels = isc_series_get_n_labels (source);

  cs->color_index = index % 7;

  if (n_labels == 1 && status != NULL)
    {
      cs->role = ISC_CHART_SERIES_STATUS;
      cs->label = g_strdup (status);
      /* Exact codes ("200") and classes ("2xx") share the first digit. */
      if (status[0] >= '1' && status[0] <= '5')
        cs->status_class = status[0] - '0';
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
      cs->label = g_strdup (self->title);
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
static void
series_compute_stats (IscChartSeries *cs,
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
static guint
count_complete_steps (IscMetricsResponse *response,
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

static int
compare_quantile (const void *a,
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

static int
compare_status (const void *a,
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

static inline gboolean
series_hidden (IscChartModel *self,
               guint          series)
{
  return self->hidden != NULL && self->hidden[series];
}

static void
build_stack (IscChartModel *self)
{
  if (self->stack_base == NULL)
    {
      self->stack_base = g_new0 (double *, self->n_series);
      self->stack_top = g_new0 (double *, self->n_series);
    }

  for (guint k = 0; k < self->n_series; k++)
    {
      const IscChartSeries *cs = &self->series[self->order[k]];
      /* A hidden layer drops out of the sums: a layer with no values, so
       * the ones above it rest on the one below. */
      gboolean hidden = series_hidden (self, self->order[k]);

      if (self->stack_base[k] == NULL)
        {
          self->stack_base[k] = g_new (double, self->n_steps);
          self->stack_top[k] = g_new (double, self->n_steps);
        }

      for (guint i = 0; i < self->n_steps; i++)
        {
          double base = 0;

          if (k > 0)
            {
              base = self->stack_base[k - 1][i];
              if (!isnan (self->stack_top[k - 1][i]))
                base = self->stack_top[k - 1][i];
            }
          self->stack_base[k][i] = base;
          self->stack_top[k][i] = (hidden || isnan (cs->values[i])) ? NAN : base + cs->values[i];
        }
    }
}

static void
compute_extent (IscChartModel *self)
{
  gboolean any = FALSE;
  gboolean any_data = FALSE;
  double lo = 0, hi = 0;

  for (guint k = 0; k < self->n_series; k++)
    {
      const IscChartSeries *cs = &self->series[k];

      if (cs->n_values == 0)
        continue;
      /* Empty means no data at all, not every series hidden. */
      any_data = TRUE;

      if (self->plot == ISC_CHART_PLOT_STACKED)
        {
          const double *top = self->stack_top[k];

          /* Layer k's tops, whichever series it is: the union over the
           * layers is the stack's range. A hidden layer's tops are NaN. */

          for (guint i = 0; i < self->n_steps; i++)
            {
              if (isnan (top[i]))
                continue;
              lo = any ? MIN (lo, top[i]) : top[i];
              hi = any ? MAX (hi, top[i]) : top[i];
              any = TRUE;
            }
          /* A negative value lowers the base of the layers above it. */
          if (!series_hidden (self, k))
            for (guint i = 0; i < self->n_steps; i++)
              if (cs->values[i] < lo)
                lo = cs->values[i];
        }
      else if (!series_hidden (self, k))
        {
          /* Every drawn value, incomplete steps too (the statistics leave
           * those out). */
          for (guint i = 0; i < self->n_steps; i++)
            {
              double v = cs->values[i];

              if (isnan (v))
                continue;
              lo = any ? MIN (lo, v) : v;
              hi = any ? MAX (hi, v) : v;
              any = TRUE;
            }
        }
    }

  self->empty = !any_data;
  /* Values are read against zero: counts, bytes and latencies start there. */
  self->extent_min = MIN (lo, 0);
  self->extent_max = MAX (hi, 0);
  if (!self->empty)
    self->extent_max = MAX (self->extent_max, self->min_extent_max);
}

static const char *
unit_text_for (IscUnitHint        source_unit,
               IscMetricKind      kind,
               IscCounterDisplay  display,
               gboolean           single)
{
  if (kind == ISC_METRIC_KIND_COUNTER && !single)
    {
      if (display == ISC_COUNTER_DISPLAY_RATE)
        {
          switch (source_unit)
            {
            case ISC_UNIT_HINT_BYTES:
            case ISC_UNIT_HINT_MEBIBYTES:
              return _("bytes per second");
            case ISC_UNIT_HINT_SECONDS:
              return _("seconds per second");
            default:
              return _("per second");
            }
        }
      return _("total per step");
    }

  switch (source_unit)
    {
    case ISC_UNIT_HINT_PER_SECOND:
      return _("per second");
    case ISC_UNIT_HINT_SECONDS:
      return _("seconds");
    case ISC_UNIT_HINT_BYTES:
    case ISC_UNIT_HINT_MEBIBYTES:
      return _("bytes");
    case ISC_UNIT_HINT_COUNT:
      return _("count");
    case ISC_UNIT_HINT_RATIO:
      return _("ratio");
    case ISC_UNIT_HINT_UNKNOWN:
    default:
      return NULL;
    }
}

/* A ratio whose values all lie within [0, 1] is drawn on a percent axis
 * (isc_value_ticks_new()), and its header says so: "percent", not "ratio"
 * over "0 % … 100 %". */
static void
set_percent_unit_text (IscChartModel *self)
{
  if (self->unit_hint != ISC_UNIT_HINT_RATIO || self->extent_min < 0 || self->extent_max > 1.0)
    return;

  g_free (self->unit_text);
  /* Translators: the header's unit for values drawn as percent */
  self->unit_text = g_strdup (_("percent"));
}

/**
 * isc_chart_model_new:
 * @response: a decoded response
 * @metric_index: which of its metrics
 * @counter_display: how a COUNTER reads
 *
 * Builds everything drawing needs from one metric: converted values,
 * statistics, drawing order, stacked sums and the value range. Build a new
 * model when the data or the counter display change.
 */
IscChartModel *
isc_chart_model_new (IscMetricsResponse *response,
                     guint               metric_index,
                     IscCounterDisplay   counter_display)
{
  IscChartModel *self;
  const IscCatalogueEntry *entry;
  IscUnitHint source_unit;
  gint64 step_seconds;
  gboolean single;
  gboolean as_rate;
  gboolean per_step;

  g_return_val_if_fail (response != NULL, NULL);
  g_return_val_if_fail (metric_index < isc_metrics_response_get_n_metrics (response), NULL);

  self = g_object_new (ISC_TYPE_CHART_MODEL, NULL);
  self->response = isc_metrics_response_ref (response);
  self->metric = isc_metrics_response_get_metric (response, metric_index);
  self->step_starts = isc_metrics_response_get_step_starts (response, &self->n_steps);
  self->kind = isc_metric_get_kind (self->metric);
  self->counter_display = counter_display;
  entry = isc_catalogue_lookup (isc_metric_get_name (self->metric));
  self->title = g_strdup (isc_catalogue_get_title (isc_metric_get_name (self->metric)));
  self->n_series = isc_metric_get_n_series (self->metric);
  self->series = g_new0 (IscChartSeries, self->n_series);
  self->order = g_new (guint, self->n_series);

  single = self->n_steps <= 1 || isc_metrics_response_get_mode (response) != ISC_MODE_SERIES;
  source_unit = isc_metric_get_unit_hint (self->metric);
  /* Whole counts read as whole counts; a counter of rare events (restarts)
   * as the count in each step whatever the counter display: "1" in a step,
   * not 0.00056/s. */
  self->integer = (entry != NULL && entry->display != ISC_VALUE_DISPLAY_CONTINUOUS &&
                   (source_unit == ISC_UNIT_HINT_COUNT || source_unit == ISC_UNIT_HINT_UNKNOWN));
  per_step = (self->integer && entry->display == ISC_VALUE_DISPLAY_PER_STEP &&
              self->kind == ISC_METRIC_KIND_COUNTER);
  if (per_step)
    self->counter_display = counter_display = ISC_COUNTER_DISPLAY_TOTALS;
  as_rate = (self->kind == ISC_METRIC_KIND_COUNTER && !single &&
             counter_display == ISC_COUNTER_DISPLAY_RATE);

  self->unit_hint = source_unit;
  if (as_rate && (source_unit == ISC_UNIT_HINT_COUNT || source_unit == ISC_UNIT_HINT_UNKNOWN))
    self->unit_hint = ISC_UNIT_HINT_PER_SECOND;
  if (per_step && !single)
    {
      /* Translators: the header's unit for a count of events in each step,
       * such as container restarts */
      self->unit_text = g_strdup (_("per step"));
    }
  else
    self->unit_text = g_strdup (unit_text_for (source_unit, self->kind, counter_display, single));
  /* "cores" rather than "ratio", for values drawn as they came; a counter's
   * rate or step total is another quantity. */
  if (entry != NULL && entry->unit_label != NULL && source_unit == ISC_UNIT_HINT_RATIO &&
      (self->kind != ISC_METRIC_KIND_COUNTER || single))
    self->unit_label = _(entry->unit_label);

  step_seconds = isc_metrics_response_get_step_seconds (response);
  if (step_seconds > 0 && !single)
    {
      g_autofree char *step = isc_format_value ((double)step_seconds, ISC_UNIT_HINT_SECONDS, 3);

      /* Translators: the length of one value set, e.g. "step 30 s" */
      self->step_text = g_strdup_printf (_("step %s"), step);
      /* Step totals asked for say what they are totals of on the axis and
       * in every value: "1.5k/30 s", as a rate says "50/s". Restarts read
       * as a bare count per step, as their header says. */
      if (self->kind == ISC_METRIC_KIND_COUNTER && !per_step &&
          counter_display == ISC_COUNTER_DISPLAY_TOTALS)
        {
          g_autofree char *length = isc_format_duration_short (step_seconds);

          self->value_suffix = g_strdup_printf ("/%s", length);
        }
    }

  self->start_ms = isc_metrics_response_get_start_ms (response);
  self->end_ms = isc_metrics_response_get_end_ms (response);
  if (self->n_steps > 0)
    {
      self->start_ms = MIN (self->start_ms, self->step_starts[0]);
      self->end_ms = MAX (self->end_ms, isc_metrics_response_get_step_end_ms (response, self->n_steps - 1));
    }

  for (guint k = 0; k < self->n_series; k++)
    {
      const IscSeries *source = isc_metric_get_series (self->metric, k);
      IscChartSeries *cs = &self->series[k];
      const double *values;
      guint n_values = 0;

      series_init (self, cs, source, k);

      values = isc_series_get_values (source, &n_values);
      g_assert (n_values == self->n_steps);
      cs->values = g_new (double, self->n_steps);
      for (guint i = 0; i < self->n_steps; i++)
        {
          double v = values[i];

          /* A counter's value is its step's total: per second, it is that
           * total over the step's length, the last step ending at the
           * window's end.
           */
          if (as_rate && !isnan (v))
            {
              gint64 len_ms = isc_metrics_response_get_step_end_ms (response, i) - self->step_starts[i];

              v = len_ms > 0 ? v / (len_ms / 1000.0) : NAN;
            }
          cs->values[i] = v;
        }
      self->order[k] = k;
    }

  /* GPU utilization is a RATIO, but Prometheus exports it as 0–100
   * (baseten-api.md): a value above 1 means the values are percent. The
   * rule holds per metric, over every value of every label set, so that
   * all the series of one chart share one scale; a metric whose values all
   * lie within [0, 1] reads as a ratio, as it says. Only the drawn values
   * change: the response, and so the CSV, keep the raw numbers.
   */
  if (entry != NULL && entry->percent_above_one && source_unit == ISC_UNIT_HINT_RATIO && !as_rate)
    {
      for (guint k = 0; k < self->n_series && !self->from_percent; k++)
        for (guint i = 0; i < self->n_steps; i++)
          if (self->series[k].values[i] > 1.0)
            {
              self->from_percent = TRUE;
              break;
            }
      for (guint k = 0; k < self->n_series && self->from_percent; k++)
        for (guint i = 0; i < self->n_steps; i++)
          self->series[k].values[i] /= 100.0;
    }

  self->n_complete = self->n_steps;
  if (!single && self->n_steps > 0)
    self->n_complete = count_complete_steps (response, self->step_starts, self->n_steps,
                                             g_get_real_time () / 1000);

  for (guint k = 0; k < self->n_series; k++)
    series_compute_stats (&self->series[k], self->n_steps, self->n_complete);

  if (single)
    self->plot = ISC_CHART_PLOT_BARS;
  /* A count per step has no status layers to stack: a step line. */
  else if (self->kind == ISC_METRIC_KIND_COUNTER && !per_step)
    self->plot = ISC_CHART_PLOT_STACKED;
  else if (self->kind == ISC_METRIC_KIND_HISTOGRAM)
    {
      guint n_quantiles = 0;

      for (guint k = 0; k < self->n_series; k++)
        if (self->series[k].role == ISC_CHART_SERIES_QUANTILE)
          n_quantiles++;
      self->plot = n_quantiles > 0 ? ISC_CHART_PLOT_FAN : ISC_CHART_PLOT_LINES;
    }
  else
    self->plot = ISC_CHART_PLOT_LINES;

  if (self->plot == ISC_CHART_PLOT_FAN)
    {
      guint n_quantiles = 0;
      int median = -1;

      g_qsort_with_data (self->order, self->n_series, sizeof (guint), compare_quantile, self->series);
      for (guint k = 0; k < self->n_series; k++)
        {
          const IscChartSeries *cs = &self->series[self->order[k]];

          if (cs->role == ISC_CHART_SERIES_QUANTILE)
            {
              n_quantiles++;
              if (cs->quantile == 0.5)
                median = self->order[k];
            }
          else if (cs->role == ISC_CHART_SERIES_AVERAGE && self->average < 0)
            self->average = self->order[k];
        }
      /* Without a 0.5 the middle quantile carries the solid line. */
      self->median = median >= 0 ? median : (int)self->order[(n_quantiles - 1) / 2];
    }
  else if (self->plot == ISC_CHART_PLOT_STACKED)
    {
      g_qsort_with_data (self->order, self->n_series, sizeof (guint), compare_status, self->series);
      build_stack (self);
    }

  compute_extent (self);
  set_percent_unit_text (self);

  return self;
}

IscMetricsResponse *
isc_chart_model_get_response (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  return self->response;
}

const char *
isc_chart_model_get_name (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  return isc_metric_get_name (self->metric);
}

const char *
isc_chart_model_get_title (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  return self->title;
}

IscMetricKind
isc_chart_model_get_kind (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), ISC_METRIC_KIND_UNKNOWN);
  return self->kind;
}

IscUnitHint
isc_chart_model_get_unit_hint (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), ISC_UNIT_HINT_UNKNOWN);
  return self->unit_hint;
}

IscCounterDisplay
isc_chart_model_get_counter_display (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), ISC_COUNTER_DISPLAY_RATE);
  return self->counter_display;
}

IscChartPlot
isc_chart_model_get_plot (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), ISC_CHART_PLOT_LINES);
  return self->plot;
}

const char *
isc_chart_model_get_unit_text (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  return self->unit_text;
}

const char *
isc_chart_model_get_unit_label (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  return self->unit_label;
}

gboolean
isc_chart_model_get_from_percent (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), FALSE);
  return self->from_percent;
}

const char *
isc_chart_model_get_step_text (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  return self->step_text;
}

const char *
isc_chart_model_get_value_suffix (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  return self->value_suffix;
}

char *
isc_chart_model_format_value (IscChartModel        *self,
                              const IscValueFormat *format,
                              double                value)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  g_return_val_if_fail (format != NULL, NULL);

  text = isc_value_format_format_value (format, value);
  if (self->value_suffix == NULL || !isfinite (value))
    return g_steal_pointer (&text);
  return g_strconcat (text, self->value_suffix, NULL);
}

char *
isc_chart_model_format_value_long (IscChartModel        *self,
                                   const IscValueFormat *format,
                                   double                value)
{
  g_autofree char *text = isc_chart_model_format_value (self, format, value);
  char *counted;

  if (!isfinite (value))
    return g_steal_pointer (&text);
  counted = isc_catalogue_format_count (isc_chart_model_get_name (self), text, value);
  return counted != NULL ? counted : g_steal_pointer (&text);
}

gboolean
isc_chart_model_get_integer (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), FALSE);

  return self->integer;
}

gboolean
isc_chart_model_is_empty (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), TRUE);
  return self->empty;
}

gint64
isc_chart_model_get_start_ms (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), 0);
  return self->start_ms;
}

gint64
isc_chart_model_get_end_ms (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), 0);
  return self->end_ms;
}

guint
isc_chart_model_get_n_steps (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), 0);
  return self->n_steps;
}

const gint64 *
isc_chart_model_get_step_starts (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  return self->step_starts;
}

int
isc_chart_model_get_step_at (IscChartModel *self,
                             gint64         ms)
{
  guint lo = 0, hi;

  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), -1);

  if (self->n_steps == 0 || ms < self->step_starts[0] || ms >= self->end_ms)
    return -1;

  /* The last step whose start is at or before ms. */
  hi = self->n_steps;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (self->step_starts[mid] <= ms)
        lo = mid;
      else
        hi = mid;
    }

  return lo;
}

guint
isc_chart_model_get_n_complete_steps (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), 0);
  return self->n_complete;
}

gboolean
isc_chart_model_get_step_complete (IscChartModel *self,
                                   guint          step)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), TRUE);
  g_return_val_if_fail (step < self->n_steps, TRUE);
  return step < self->n_complete;
}

guint
isc_chart_model_get_n_series (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), 0);
  return self->n_series;
}

const IscChartSeries *
isc_chart_model_get_series (IscChartModel *self,
                            guint          index)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  g_return_val_if_fail (index < self->n_series, NULL);
  return &self->series[index];
}

const guint *
isc_chart_model_get_order (IscChartModel *self,
                           guint         *n_order)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  if (n_order != NULL)
    *n_order = self->n_series;
  return self->order;
}

int
isc_chart_model_get_median (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), -1);
  return self->median;
}

int
isc_chart_model_get_average (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), -1);
  return self->average;
}

gboolean
isc_chart_model_get_extent (IscChartModel *self,
                            double        *min,
                            double        *max)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), FALSE);

  if (min != NULL)
    *min = self->extent_min;
  if (max != NULL)
    *max = self->extent_max;
  return !self->empty;
}

const double *
isc_chart_model_get_stack_base (IscChartModel *self,
                                guint          layer)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  g_return_val_if_fail (self->stack_base != NULL, NULL);
  g_return_val_if_fail (layer < self->n_series, NULL);
  return self->stack_base[layer];
}

const double *
isc_chart_model_get_stack_top (IscChartModel *self,
                               guint          layer)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  g_return_val_if_fail (self->stack_top != NULL, NULL);
  g_return_val_if_fail (layer < self->n_series, NULL);
  return self->stack_top[layer];
}

gboolean
isc_chart_model_get_error_share (IscChartModel *self,
                                 guint          series,
                                 int            step,
                                 double        *share)
{
  const IscChartSeries *cs;

  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), FALSE);

  if (series >= self->n_series)
    return FALSE;
  cs = &self->series[series];
  if (cs->role != ISC_CHART_SERIES_STATUS || cs->status_class < 4)
    return FALSE;

  /* An error rate's line is the share at each step already; over the
   * range, the mean of its steps would weigh a quiet night's step as
   * much as a busy afternoon's: the share of the range's requests is the
   * source counter's. */
  if (self->error_source != NULL)
    {
      const IscMetric *source = isc_metrics_response_get_metric (self->error_source, self->error_source_metric);

      return step < 0 && isc_error_share_of_class (source, cs->status_class, -1, share);
    }

  if (self->plot != ISC_CHART_PLOT_STACKED)
    return FALSE;

  /* From the response's step totals, whatever the counter display: a rate
   * would weigh a short last step as much as a whole one. */
  return isc_error_share_of_series (self->metric, series, step, share);
}

char *
isc_chart_model_dup_error_share_text (IscChartModel *self,
                                      guint          series,
                                      int            step)
{
  double share;

  if (!isc_chart_model_get_error_share (self, series, step, &share))
    return NULL;
  return isc_error_share_format (share);
}

IscChartModel *
isc_chart_model_new_error_rate (IscMetricsResponse *response,
                                guint               metric_index)
{
  g_autoptr(IscMetricsResponse) derived = NULL;
  IscChartModel *self;

  g_return_val_if_fail (response != NULL, NULL);
  g_return_val_if_fail (metric_index < isc_metrics_response_get_n_metrics (response), NULL);

  derived = isc_error_share_new_response (response, metric_index);
  if (derived == NULL)
    return NULL;

  self = isc_chart_model_new (derived, 0, ISC_COUNTER_DISPLAY_RATE);
  self->error_source = isc_metrics_response_ref (response);
  self->error_source_metric = metric_index;
  g_free (self->unit_text);
  /* Translators: the header's unit of the error rate chart, whose axis is
   * in percent */
  self->unit_text = g_strdup (_("share of requests"));
  /* A share is read against 100 %, not against its own largest value: a
   * lone failed request among 300 (0.3 %) would otherwise fill the plot
   * like an outage. Below the floor the axis stays at 5 %, so a 10 %
   * incident reaches the top while the background noise lies low; above
   * it, the axis follows the data as any other. */
  self->min_extent_max = ISC_CHART_ERROR_RATE_MIN_EXTENT;
  if (!self->empty)
    self->extent_max = MAX (self->extent_max, ISC_CHART_ERROR_RATE_MIN_EXTENT);

  return self;
}

/**
 * isc_chart_model_set_hidden:
 * @self: a chart model
 * @hidden: (nullable): @n flags, TRUE for a series to leave out
 * @n: how many flags; series from @n on show
 *
 * Leaves series out of the drawing: the value extent, a stack's sums and
 * the legend (which still lists them, dimmed) follow, and a hidden series
 * is neither drawn nor in the hover box. NULL shows every series. Emits
 * IscChartModel::hidden-changed when the set changes.
 */
void
isc_chart_model_set_hidden (IscChartModel  *self,
                            const gboolean *hidden,
                            guint           n)
{
  g_autofree gboolean *flags = NULL;
  gboolean any = FALSE;

  g_return_if_fail (ISC_IS_CHART_MODEL (self));
  g_return_if_fail (hidden != NULL || n == 0);

  flags = g_new0 (gboolean, MAX (1, self->n_series));
  for (guint k = 0; k < MIN (n, self->n_series); k++)
    {
      flags[k] = !!hidden[k];
      any = any || flags[k];
    }
  if (!any)
    g_clear_pointer (&flags, g_free);

  if (flags == NULL && self->hidden == NULL)
    return;
  if (flags != NULL && self->hidden != NULL &&
      memcmp (flags, self->hidden, self->n_series * sizeof (gboolean)) == 0)
    return;

  g_free (self->hidden);
  self->hidden = g_steal_pointer (&flags);
  if (self->plot == ISC_CHART_PLOT_STACKED)
    build_stack (self);
  compute_extent (self);

  g_signal_emit (self, signals[HIDDEN_CHANGED], 0);
}

gboolean
isc_chart_model_get_series_hidden (IscChartModel *self,
                                   guint          series)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), FALSE);
  return series < self->n_series && series_hidden (self, series);
}

guint
isc_chart_model_get_n_hidden (IscChartModel *self)
{
  guint n = 0;

  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), 0);
  for (guint k = 0; k < self->n_series; k++)
    n += series_hidden (self, k);
  return n;
}
