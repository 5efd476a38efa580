/* isc-chart-model-error.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Errors in a chart model: the share of requests in a 4xx or 5xx series,
 * and the "Error rate" chart derived from a counter by status. */

#define G_LOG_DOMAIN "isc-chart-model"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-chart-model-private.h"
#include "isc-error-share.h"

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
