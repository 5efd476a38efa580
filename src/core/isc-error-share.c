/* isc-error-share.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-error-share"

#include "config.h"

#include <math.h>

#include "isc-catalogue.h"
#include "isc-error-share.h"

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

IscMetricsResponse *
isc_error_share_new_response (IscMetricsResponse *response,
                              guint               metric_index)
{
  static const guint classes[] = { 4, 5 };
  g_autoptr(GString) json = NULL;
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

  /* Written as a document and read by the decoder, so the derived response
   * is an ordinary one: the chart model, its checks and its lifetime rules
   * need nothing new. As text, read by the decoder's byte-level path: a
   * week at one minute is 10,080 value sets, which a json-glib tree would
   * take several times as long to build and walk. */
  n_steps = isc_metrics_response_get_n_steps (response);
  step_seconds = isc_metrics_response_get_step_seconds (response);
  json = g_string_sized_new (256 + (gsize) n_steps * 80);
  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT
                          ",\"mode\":\"%s\",\"step_seconds\":",
                          isc_metrics_response_get_start_ms (response), isc_metrics_response_get_end_ms (response),
                          isc_mode_to_string (isc_metrics_response_get_mode (response)));
  if (step_seconds > 0)
    g_string_append_printf (json, "%" G_GINT64_FORMAT, step_seconds);
  else
    g_string_append (json, "null");
  g_string_append_printf (json,
                          ",\"metric_descriptors\":[{\"name\":\"%s\",\"unit_hint\":\"%s\",\"kind\":\"%s\","
                          "\"label_sets\":[{\"status\":\"4xx\"},{\"status\":\"5xx\"}]}],\"metric_values\":[",
                          ISC_CATALOGUE_ERROR_RATE, isc_unit_hint_to_string (ISC_UNIT_HINT_RATIO),
                          isc_metric_kind_to_string (ISC_METRIC_KIND_GAUGE));

  for (guint i = 0; i < n_steps; i++)
    {
      g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[[",
                              i > 0 ? "," : "", isc_metrics_response_get_step_start_ms (response, i));
      for (guint c = 0; c < G_N_ELEMENTS (classes); c++)
        {
          char number[G_ASCII_DTOSTR_BUF_SIZE];
          double share;

          if (c > 0)
            g_string_append_c (json, ',');
          /* %.17g: the decoder reads back the very same double. */
          if (isc_error_share_of_class (metric, classes[c], (int) i, &share) && isfinite (share))
            g_string_append (json, g_ascii_dtostr (number, sizeof number, share));
          else
            g_string_append (json, "null");
        }
      g_string_append (json, "]]}");
    }
  g_string_append (json, "]}");

  derived = isc_metrics_response_new_from_data (json->str, json->len, &error);
  if (derived == NULL)
    {
      /* The source passed the same checks: this is a bug. */
      g_critical ("Cannot derive the error rate of %s: %s", isc_metric_get_name (metric), error->message);
      return NULL;
    }

  return derived;
}
