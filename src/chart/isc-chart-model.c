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
#include "isc-chart-model-private.h"
#include "isc-units.h"

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
  g_free (self->value_prefix);
  if (self->note_destroy != NULL)
    self->note_destroy (self->note_data);
  isc_chart_model_clear_annotations (self);
  isc_chart_model_clear_compare (self);
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

void
isc_chart_model_compute_extent (IscChartModel *self)
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

  /* The compared lines stay within the plot. */
  for (guint k = 0; any_data && k < self->n_compare; k++)
    {
      const double *draw = self->compare_draw != NULL ? self->compare_draw[k] : NULL;

      if (draw == NULL || series_hidden (self, self->n_series + k))
        continue;
      for (guint i = 0; i < self->n_steps; i++)
        {
          if (isnan (draw[i]))
            continue;
          lo = any ? MIN (lo, draw[i]) : draw[i];
          hi = any ? MAX (hi, draw[i]) : draw[i];
          any = TRUE;
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

/* The unit of the drawn values and what the header says of it. Whole
 * counts read as whole counts; a counter of rare events (restarts) as the
 * count in each step whatever the counter display: "1" in a step, not
 * 0.00056/s. Sets *per_step for such a counter and *as_rate when the
 * values are drawn per second. */
static void
init_units (IscChartModel           *self,
            const IscCatalogueEntry *entry,
            gboolean                 single,
            gboolean                *per_step,
            gboolean                *as_rate)
{
  IscUnitHint source_unit = isc_metric_get_unit_hint (self->metric);

  self->integer = (entry != NULL && entry->display != ISC_VALUE_DISPLAY_CONTINUOUS &&
                   (source_unit == ISC_UNIT_HINT_COUNT || source_unit == ISC_UNIT_HINT_UNKNOWN));
  *per_step = (self->integer && entry->display == ISC_VALUE_DISPLAY_PER_STEP &&
               self->kind == ISC_METRIC_KIND_COUNTER);
  if (*per_step)
    self->counter_display = ISC_COUNTER_DISPLAY_TOTALS;
  *as_rate = (self->kind == ISC_METRIC_KIND_COUNTER && !single &&
              self->counter_display == ISC_COUNTER_DISPLAY_RATE);

  self->unit_hint = source_unit;
  if (*as_rate && (source_unit == ISC_UNIT_HINT_COUNT || source_unit == ISC_UNIT_HINT_UNKNOWN))
    self->unit_hint = ISC_UNIT_HINT_PER_SECOND;
  if (*per_step && !single)
    {
      /* Translators: the header's unit for a count of events in each step,
       * such as container restarts */
      self->unit_text = g_strdup (_("per step"));
    }
  else
    self->unit_text = g_strdup (unit_text_for (source_unit, self->kind, self->counter_display, single));
  /* "cores" rather than "ratio", for values drawn as they came; a counter's
   * rate or step total is another quantity. */
  if (entry != NULL && entry->unit_label != NULL && source_unit == ISC_UNIT_HINT_RATIO &&
      (self->kind != ISC_METRIC_KIND_COUNTER || single))
    self->unit_label = _(entry->unit_label);
}

/* "step 30 s" in the header, and the suffix of step totals. */
static void
init_step_text (IscChartModel *self,
                gboolean       single,
                gboolean       per_step)
{
  gint64 step_seconds = isc_metrics_response_get_step_seconds (self->response);
  g_autofree char *step = NULL;

  if (step_seconds <= 0 || single)
    return;

  step = isc_format_value ((double)step_seconds, ISC_UNIT_HINT_SECONDS, 3);
  /* Translators: the length of one value set, e.g. "step 30 s" */
  self->step_text = g_strdup_printf (_("step %s"), step);
  /* Step totals asked for say what they are totals of on the axis and
   * in every value: "1.5k/30 s", as a rate says "50/s". Restarts read
   * as a bare count per step, as their header says. */
  if (self->kind == ISC_METRIC_KIND_COUNTER && !per_step &&
      self->counter_display == ISC_COUNTER_DISPLAY_TOTALS)
    {
      g_autofree char *length = isc_format_duration_short (step_seconds);

      self->value_suffix = g_strdup_printf ("/%s", length);
    }
}

/* Each series' drawn values. */
static void
init_series (IscChartModel *self,
             gboolean       as_rate)
{
  for (guint k = 0; k < self->n_series; k++)
    {
      const IscSeries *source = isc_metric_get_series (self->metric, k);
      IscChartSeries *cs = &self->series[k];
      const double *values;
      guint n_values = 0;

      isc_chart_series_init (cs, source, k, self->title);

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
              gint64 len_ms = isc_metrics_response_get_step_end_ms (self->response, i) - self->step_starts[i];

              v = len_ms > 0 ? v / (len_ms / 1000.0) : NAN;
            }
          cs->values[i] = v;
        }
      self->order[k] = k;
    }
}

/* GPU utilization is a RATIO, but Prometheus exports it as 0–100
 * (baseten-api.md): a value above 1 means the values are percent. The
 * rule holds per metric, over every value of every label set, so that
 * all the series of one chart share one scale; a metric whose values all
 * lie within [0, 1] reads as a ratio, as it says. Only the drawn values
 * change: the response, and so the CSV, keep the raw numbers.
 */
static void
apply_percent (IscChartModel *self)
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

static IscChartPlot
choose_plot (IscChartModel *self,
             gboolean       single,
             gboolean       per_step)
{
  guint n_quantiles = 0;

  if (single)
    return ISC_CHART_PLOT_BARS;
  /* A count per step has no status layers to stack: a step line. */
  if (self->kind == ISC_METRIC_KIND_COUNTER && !per_step)
    return ISC_CHART_PLOT_STACKED;
  if (self->kind != ISC_METRIC_KIND_HISTOGRAM)
    return ISC_CHART_PLOT_LINES;

  for (guint k = 0; k < self->n_series; k++)
    if (self->series[k].role == ISC_CHART_SERIES_QUANTILE)
      n_quantiles++;
  return n_quantiles > 0 ? ISC_CHART_PLOT_FAN : ISC_CHART_PLOT_LINES;
}

/* @order sorted in place, stably: g_sort_array() where GLib has it (it
 * deprecates g_qsort_with_data() in 2.82). */
static void
sort_order (guint            *order,
            guint             n,
            GCompareDataFunc  compare,
            gpointer          data)
{
#if GLIB_CHECK_VERSION (2, 82, 0)
  g_sort_array (order, n, sizeof (guint), compare, data);
#else
  g_qsort_with_data (order, n, sizeof (guint), compare, data);
#endif
}

/* A fan's quantiles by value, with its median and average; a stack's
 * status classes from the bottom, and their sums. */
static void
order_series (IscChartModel *self)
{
  if (self->plot == ISC_CHART_PLOT_FAN)
    {
      guint n_quantiles = 0;
      int median = -1;

      sort_order (self->order, self->n_series, isc_chart_series_compare_quantile, self->series);
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
      sort_order (self->order, self->n_series, isc_chart_series_compare_status, self->series);
      build_stack (self);
    }
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
  init_units (self, entry, single, &per_step, &as_rate);
  init_step_text (self, single, per_step);

  self->start_ms = isc_metrics_response_get_start_ms (response);
  self->end_ms = isc_metrics_response_get_end_ms (response);
  if (self->n_steps > 0)
    {
      self->start_ms = MIN (self->start_ms, self->step_starts[0]);
      self->end_ms = MAX (self->end_ms, isc_metrics_response_get_step_end_ms (response, self->n_steps - 1));
    }

  init_series (self, as_rate);
  if (entry != NULL && entry->percent_above_one && self->unit_hint == ISC_UNIT_HINT_RATIO && !as_rate)
    apply_percent (self);

  self->n_complete = self->n_steps;
  if (!single && self->n_steps > 0)
    self->n_complete = isc_chart_model_count_complete_steps (response, self->step_starts, self->n_steps,
                                                             g_get_real_time () / 1000);
  for (guint k = 0; k < self->n_series; k++)
    isc_chart_series_compute_stats (&self->series[k], self->n_steps, self->n_complete);

  self->plot = choose_plot (self, single, per_step);
  order_series (self);
  isc_chart_model_compute_extent (self);
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
  if (!isfinite (value))
    return g_steal_pointer (&text);
  return g_strconcat (self->value_prefix != NULL ? self->value_prefix : "", text,
                      self->value_suffix != NULL ? self->value_suffix : "", NULL);
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
  g_return_val_if_fail (index < self->n_series + self->n_compare, NULL);
  if (index >= self->n_series)
    return &self->compare[index - self->n_series];
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
  guint n_total = self->n_series + self->n_compare;

  g_return_if_fail (ISC_IS_CHART_MODEL (self));
  g_return_if_fail (hidden != NULL || n == 0);

  flags = g_new0 (gboolean, MAX (1, n_total));
  for (guint k = 0; k < MIN (n, n_total); k++)
    {
      flags[k] = !!hidden[k];
      any = any || flags[k];
    }
  if (!any)
    g_clear_pointer (&flags, g_free);

  if (flags == NULL && self->hidden == NULL)
    return;
  if (flags != NULL && self->hidden != NULL &&
      memcmp (flags, self->hidden, n_total * sizeof (gboolean)) == 0)
    return;

  g_free (self->hidden);
  self->hidden = g_steal_pointer (&flags);
  if (self->plot == ISC_CHART_PLOT_STACKED)
    build_stack (self);
  isc_chart_model_build_compare_draw (self);
  isc_chart_model_compute_extent (self);

  g_signal_emit (self, signals[HIDDEN_CHANGED], 0);
}

gboolean
isc_chart_model_get_series_hidden (IscChartModel *self,
                                   guint          series)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), FALSE);
  return series < self->n_series + self->n_compare && series_hidden (self, series);
}

guint
isc_chart_model_get_n_hidden (IscChartModel *self)
{
  guint n = 0;

  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), 0);
  for (guint k = 0; k < self->n_series + self->n_compare; k++)
    n += series_hidden (self, k);
  return n;
}
