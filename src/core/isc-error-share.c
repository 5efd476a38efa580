/* isc-error-share.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-error-share"

#include "config.h"

#include <math.h>

#include <json-glib/json-glib.h>

#include "isc-catalogue.h"
#include "isc-error-share.h"
#include "isc-metrics-response-private.h"

#define NBSP "\xc2\xa0"

guint
isc_status_class_from_label (const char *status)
{
  if (status == NULL || status[0] < '1' || status[0] > '5')
    return 0;
  return status[0] - '0';
}

gboolean
isc_error_share_applies (const IscMetric *metric)
{
  guint n_series;

  g_return_val_if_fail (metric != NULL, FALSE);

  if (isc_metric_get_kind (metric) != ISC_METRIC_KIND_COUNTER)
    return FALSE;

  n_series = isc_metric_get_n_series (metric);
  if (n_series == 0)
    return FALSE;

  for (guint k = 0; k < n_series; k++)
    {
      const IscSeries *series = isc_metric_get_series (metric, k);

      if (isc_series_get_n_labels (series) != 1 || isc_series_lookup_label (series, "status") == NULL)
        return FALSE;
    }

  return TRUE;
}

static guint
series_class (const IscMetric *metric,
              guint            k)
{
  return isc_status_class_from_label (isc_series_lookup_label (isc_metric_get_series (metric, k), "status"));
}

/* The share of the picked label sets (the one at @series, or when @series
 * is -1 those of @status_class) in every label set's requests, at @step or
 * over every step for -1. */
static gboolean
sum_share (const IscMetric *metric,
           int              series,
           guint            status_class,
           int              step,
           double          *share)
{
  guint n_series, n_steps = 0;
  guint first, last;
  double part = 0, all = 0;
  gboolean any = FALSE;

  if (!isc_error_share_applies (metric))
    return FALSE;

  n_series = isc_metric_get_n_series (metric);
  isc_series_get_values (isc_metric_get_series (metric, 0), &n_steps);
  if (series >= (int) n_series || step >= (int) n_steps || n_steps == 0)
    return FALSE;

  first = step < 0 ? 0 : (guint) step;
  last = step < 0 ? n_steps - 1 : (guint) step;

  for (guint k = 0; k < n_series; k++)
    {
      const double *values = isc_series_get_values (isc_metric_get_series (metric, k), NULL);
      gboolean picked = series >= 0 ? (guint) series == k : series_class (metric, k) == status_class;

      for (guint i = first; i <= last; i++)
        {
          double v = values[i];

          if (isnan (v))
            continue;
          any = TRUE;
          all += v;
          if (picked)
            part += v;
        }
    }

  /* No requests, or a total that is not one (a counter gone negative):
   * nothing to say. */
  if (!any || !(all > 0) || !isfinite (all))
    return FALSE;

  if (share != NULL)
    *share = CLAMP (part / all, 0.0, 1.0);
  return TRUE;
}

gboolean
isc_error_share_of_series (const IscMetric *metric,
                           guint            series,
                           int              step,
                           double          *share)
{
  g_return_val_if_fail (metric != NULL, FALSE);

  if (series > G_MAXINT)
    return FALSE;
  return sum_share (metric, (int) series, 0, step, share);
}

gboolean
isc_error_share_of_class (const IscMetric *metric,
                          guint            status_class,
                          int              step,
                          double          *share)
{
  g_return_val_if_fail (metric != NULL, FALSE);

  return sum_share (metric, -1, status_class, step, share);
}

char *
isc_error_share_format (double share)
{
  double percent = share * 100.0;
  int decimals;

  if (isnan (share))
    return g_strdup ("–");
  if (percent <= 0)
    return g_strdup ("0" NBSP "%");
  if (percent < 0.001)
    return g_strdup ("<0.001" NBSP "%");

  /* Two significant digits, none beyond the thousandth of a percent. */
  decimals = CLAMP (1 - (int) floor (log10 (percent)), 0, 3);
  /* 9.96 % rounds to 10 %, which needs one decimal fewer. */
  if (decimals > 0 && round (percent * pow (10, decimals - 1)) >= 10)
    decimals--;

  return g_strdup_printf ("%.*f" NBSP "%%", decimals, percent);
}

static void
add_status_set (JsonBuilder *builder,
                const char  *status)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "status");
  json_builder_add_string_value (builder, status);
  json_builder_end_object (builder);
}

IscMetricsResponse *
isc_error_share_new_response (IscMetricsResponse *response,
                              guint               metric_index)
{
  static const guint classes[] = { 4, 5 };
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *derived;
  const IscMetric *metric;
  gint64 step_seconds;
  guint n_steps;

  g_return_val_if_fail (response != NULL, NULL);
  g_return_val_if_fail (metric_index < isc_metrics_response_get_n_metrics (response), NULL);

  metric = isc_metrics_response_get_metric (response, metric_index);
  if (!isc_error_share_applies (metric))
    return NULL;

  /* Built as a document and read by the decoder's own schema walk, so the
   * derived response is an ordinary one: the chart model, its checks and
   * its lifetime rules need nothing new. */
  builder = json_builder_new ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "start_epoch_millis");
  json_builder_add_int_value (builder, isc_metrics_response_get_start_ms (response));
  json_builder_set_member_name (builder, "end_epoch_millis");
  json_builder_add_int_value (builder, isc_metrics_response_get_end_ms (response));
  json_builder_set_member_name (builder, "mode");
  json_builder_add_string_value (builder, isc_mode_to_string (isc_metrics_response_get_mode (response)));
  json_builder_set_member_name (builder, "step_seconds");
  step_seconds = isc_metrics_response_get_step_seconds (response);
  if (step_seconds > 0)
    json_builder_add_int_value (builder, step_seconds);
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "metric_descriptors");
  json_builder_begin_array (builder);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, ISC_CATALOGUE_ERROR_RATE);
  json_builder_set_member_name (builder, "unit_hint");
  json_builder_add_string_value (builder, isc_unit_hint_to_string (ISC_UNIT_HINT_RATIO));
  json_builder_set_member_name (builder, "kind");
  json_builder_add_string_value (builder, isc_metric_kind_to_string (ISC_METRIC_KIND_GAUGE));
  json_builder_set_member_name (builder, "label_sets");
  json_builder_begin_array (builder);
  add_status_set (builder, "4xx");
  add_status_set (builder, "5xx");
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "metric_values");
  json_builder_begin_array (builder);
  n_steps = isc_metrics_response_get_n_steps (response);
  for (guint i = 0; i < n_steps; i++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "start_epoch_millis");
      json_builder_add_int_value (builder, isc_metrics_response_get_step_start_ms (response, i));
      json_builder_set_member_name (builder, "values");
      json_builder_begin_array (builder);
      json_builder_begin_array (builder);
      for (guint c = 0; c < G_N_ELEMENTS (classes); c++)
        {
          double share;

          if (isc_error_share_of_class (metric, classes[c], (int) i, &share))
            json_builder_add_double_value (builder, share);
          else
            json_builder_add_null_value (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  derived = _isc_metrics_response_new_from_node (root, &error);
  if (derived == NULL)
    {
      /* The source passed the same checks: this is a bug. */
      g_critical ("Cannot derive the error rate of %s: %s", isc_metric_get_name (metric), error->message);
      return NULL;
    }

  return derived;
}
