/* isc-chart-model-compare.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A chart model's compared series: another target's, or the same
 * target's an hour, a day or a week back, read at each of the model's
 * steps so they share its time axis, and drawn dashed over its own. */

#define G_LOG_DOMAIN "isc-chart-model"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-chart-model-private.h"

void
isc_chart_model_clear_compare (IscChartModel *self)
{
  for (guint k = 0; k < self->n_compare; k++)
    {
      g_free (self->compare[k].label);
      g_free (self->compare[k].values);
      if (self->compare_draw != NULL)
        g_free (self->compare_draw[k]);
    }
  g_clear_pointer (&self->compare, g_free);
  g_clear_pointer (&self->compare_of, g_free);
  g_clear_pointer (&self->compare_draw, g_free);
  g_clear_pointer (&self->legend_order, g_free);
  self->n_compare = 0;
  self->compare_shift_ms = 0;
}

static inline gboolean
compare_hidden (IscChartModel *self,
                guint          k)
{
  return self->hidden != NULL && self->hidden[self->n_series + k];
}

/* What each compared line draws: on a stack, the compared layers
 * stacked in their own order (status classes ascending, as the model's),
 * a hidden one dropping out as a hidden layer does; elsewhere the
 * values. */
void
isc_chart_model_build_compare_draw (IscChartModel *self)
{
  g_autofree double *base = NULL;

  if (self->n_compare == 0)
    return;

  if (self->compare_draw == NULL)
    self->compare_draw = g_new0 (double *, self->n_compare);
  base = g_new0 (double, MAX (1, self->n_steps));

  for (guint k = 0; k < self->n_compare; k++)
    {
      const IscChartSeries *cs = &self->compare[k];
      double *draw;

      if (self->compare_draw[k] == NULL)
        self->compare_draw[k] = g_new (double, MAX (1, self->n_steps));
      draw = self->compare_draw[k];

      for (guint i = 0; i < self->n_steps; i++)
        {
          double v = cs->values[i];

          if (self->plot != ISC_CHART_PLOT_STACKED)
            draw[i] = v;
          else if (compare_hidden (self, k) || isnan (v))
            draw[i] = NAN;
          else
            {
              base[i] += v;
              draw[i] = base[i];
            }
        }
    }
}

static int
find_metric (IscMetricsResponse *response,
             const char         *name)
{
  guint n = isc_metrics_response_get_n_metrics (response);

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (isc_metric_get_name (isc_metrics_response_get_metric (response, i)), name) == 0)
      return (int)i;
  return -1;
}

/**
 * isc_chart_model_new_like:
 * @self: a chart model
 * @response: another response, of another target or another window
 *
 * Builds the model @self would be from @response: the same metric, the
 * same counter display, an error rate for an error rate.
 *
 * Returns: (transfer full) (nullable): the model, or NULL when @response
 *   does not hold the metric
 */
IscChartModel *
isc_chart_model_new_like (IscChartModel      *self,
                          IscMetricsResponse *response)
{
  int index;

  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  g_return_val_if_fail (response != NULL, NULL);

  if (self->error_source != NULL)
    {
      const IscMetric *source = isc_metrics_response_get_metric (self->error_source, self->error_source_metric);

      index = find_metric (response, isc_metric_get_name (source));
      return index < 0 ? NULL : isc_chart_model_new_error_rate (response, index);
    }

  index = find_metric (response, isc_chart_model_get_name (self));
  if (index < 0)
    return NULL;
  return isc_chart_model_new (response, index, self->counter_display);
}

/**
 * isc_chart_model_set_compare:
 * @self: a chart model
 * @other: (nullable): the model to compare with, of the same metric
 * @shift_ms: how far back @other's window lies (0 for another target)
 * @suffix: (nullable): what the compared legend entries add, "last week"
 *
 * Overlays @other's series on the model's own: each of its series,
 * labelled "label · suffix", read at every step's start minus
 * @shift_ms, after the model's own in the series' indices. NULL clears.
 * The hidden set is cleared too: set this before set_hidden().
 */
void
isc_chart_model_set_compare (IscChartModel *self,
                             IscChartModel *other,
                             gint64         shift_ms,
                             const char    *suffix)
{
  const guint *other_order;
  guint n_other = 0;
  guint n_complete;

  g_return_if_fail (ISC_IS_CHART_MODEL (self));
  g_return_if_fail (other == NULL || ISC_IS_CHART_MODEL (other));

  isc_chart_model_clear_compare (self);
  g_clear_pointer (&self->hidden, g_free);
  self->legend_order = g_new (guint, MAX (1, self->n_series));
  for (guint k = 0; k < self->n_series; k++)
    self->legend_order[k] = self->order[k];

  if (other == NULL || self->plot == ISC_CHART_PLOT_BARS ||
      isc_chart_model_get_plot (other) == ISC_CHART_PLOT_BARS ||
      isc_chart_model_is_empty (other) || self->n_steps == 0)
    {
      isc_chart_model_compute_extent (self);
      return;
    }

  if (suffix == NULL || *suffix == '\0')
    /* Translators: the legend's word for compared series without a name */
    suffix = _("compared");

  other_order = isc_chart_model_get_order (other, &n_other);
  self->compare_shift_ms = shift_ms;
  self->n_compare = n_other;
  self->compare = g_new0 (IscChartSeries, n_other);
  self->compare_of = g_new (int, n_other);
  self->legend_order = g_renew (guint, self->legend_order, self->n_series + n_other);

  /* The steps whose compared step is complete, from the start: for a
   * window a day back, all of them. */
  n_complete = self->n_steps;
  for (guint i = 0; i < self->n_steps; i++)
    {
      int j = isc_chart_model_get_step_at (other, self->step_starts[i] - shift_ms);

      if (j >= 0 && !isc_chart_model_get_step_complete (other, j))
        {
          n_complete = i;
          break;
        }
    }

  for (guint k = 0; k < n_other; k++)
    {
      const IscChartSeries *source = isc_chart_model_get_series (other, other_order[k]);
      IscChartSeries *cs = &self->compare[k];

      self->compare_of[k] = -1;
      for (guint m = 0; m < self->n_series; m++)
        if (g_strcmp0 (self->series[m].label, source->label) == 0)
          {
            self->compare_of[k] = (int)m;
            break;
          }

      /* Translators: a compared series in the legend: its label, then
       * what it is compared from, "5xx · last week", "5xx · d7" */
      cs->label = g_strdup_printf (_("%s · %s"), source->label, suffix);
      cs->role = source->role;
      cs->quantile = source->quantile;
      cs->status_class = source->status_class;
      cs->color_index = self->compare_of[k] >= 0 ? self->series[self->compare_of[k]].color_index
                                                 : source->color_index;
      cs->values = g_new (double, self->n_steps);
      for (guint i = 0; i < self->n_steps; i++)
        {
          int j = isc_chart_model_get_step_at (other, self->step_starts[i] - shift_ms);

          cs->values[i] = j >= 0 ? source->values[j] : NAN;
        }
      isc_chart_series_compute_stats (cs, self->n_steps, n_complete);
      self->legend_order[self->n_series + k] = self->n_series + k;
    }

  isc_chart_model_build_compare_draw (self);
  isc_chart_model_compute_extent (self);
}

guint
isc_chart_model_get_n_compare (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), 0);
  return self->n_compare;
}

gint64
isc_chart_model_get_compare_shift_ms (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), 0);
  return self->compare_shift_ms;
}

gboolean
isc_chart_model_is_compare (IscChartModel *self,
                            guint          series)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), FALSE);
  return series >= self->n_series && series < self->n_series + self->n_compare;
}

int
isc_chart_model_get_compare_source (IscChartModel *self,
                                    guint          series)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), -1);
  if (!isc_chart_model_is_compare (self, series))
    return -1;
  return self->compare_of[series - self->n_series];
}

const double *
isc_chart_model_get_compare_draw (IscChartModel *self,
                                  guint          series)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  if (!isc_chart_model_is_compare (self, series))
    return NULL;
  return self->compare_draw[series - self->n_series];
}

const guint *
isc_chart_model_get_legend_order (IscChartModel *self,
                                  guint         *n_order)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  if (n_order != NULL)
    *n_order = self->n_series + self->n_compare;
  return self->legend_order != NULL ? self->legend_order : self->order;
}
