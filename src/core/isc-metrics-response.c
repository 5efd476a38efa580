/* isc-metrics-response.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-metrics-response"

#include "config.h"

#include <math.h>

#include <string.h>

#include <glib/gi18n.h>

#include "isc-metrics-response.h"
#include "isc-metrics-response-private.h"
#include "isc-text.h"

/* The model: a decoded GetModelMetricsResponseV1, built once by the
 * decoder (isc-metrics-decoder.c) and never changed after, so it can be
 * shared between threads with nothing but its reference count.
 *
 * Everything lives in a few blocks: the metrics, the series of every
 * metric in one array, every series' label pointers in another, the
 * values in one packed block of doubles (series by series, n_steps each)
 * and the strings in one chunk.
 */

G_DEFINE_QUARK (isc-response-error-quark, isc_response_error)

G_DEFINE_BOXED_TYPE (IscMetricsResponse, isc_metrics_response,
                     isc_metrics_response_ref, isc_metrics_response_unref)

void
_isc_response_set_error (GError     **error,
                         int          code,
                         const char  *path,
                         const char  *format,
                         ...)
{
  g_autofree char *message = NULL;
  g_autofree char *clean_path = NULL;
  g_autofree char *clean_message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  /* Paths hold the document's keys, messages its values: neither may
   * write control or BiDi characters to a terminal. */
  clean_path = isc_text_sanitize (path != NULL && path[0] != '\0' ? path : "(root)", -1);
  clean_message = isc_text_sanitize (message, -1);
  g_set_error (error, ISC_RESPONSE_ERROR, code, "%s: %s", clean_path, clean_message);
}

static void
isc_metrics_response_clear (gpointer data)
{
  IscMetricsResponse *self = data;

  g_clear_pointer (&self->step_starts, g_free);
  g_clear_pointer (&self->metrics, g_free);
  g_clear_pointer (&self->series, g_free);
  g_clear_pointer (&self->labels, g_free);
  g_clear_pointer (&self->values, g_free);
  if (self->strings != NULL)
    g_clear_pointer (&self->strings, g_string_chunk_free);
}

IscMetricsResponse *
_isc_metrics_response_new (void)
{
  IscMetricsResponse *self = g_atomic_rc_box_new0 (IscMetricsResponse);

  self->strings = g_string_chunk_new (256);
  return self;
}

IscMetricsResponse *
isc_metrics_response_new_from_bytes (GBytes  *bytes,
                                     GError **error)
{
  const char *data;
  gsize length;

  g_return_val_if_fail (bytes != NULL, NULL);

  data = g_bytes_get_data (bytes, &length);
  if (length > G_MAXSSIZE)
    {
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL, _("the response is too large"));
      return NULL;
    }

  return isc_metrics_response_new_from_data (data != NULL ? data : "", (gssize) length, error);
}

IscMetricsResponse *
isc_metrics_response_new_from_file (const char  *path,
                                    GError     **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;

  return isc_metrics_response_new_from_data (contents, (gssize) length, error);
}

IscMetricsResponse *
isc_metrics_response_ref (IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_atomic_rc_box_acquire (self);
}

void
isc_metrics_response_unref (IscMetricsResponse *self)
{
  g_return_if_fail (self != NULL);

  g_atomic_rc_box_release_full (self, isc_metrics_response_clear);
}

IscMode
isc_metrics_response_get_mode (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, ISC_MODE_CURRENT);

  return self->mode;
}

gboolean
isc_metrics_response_check_answers (const IscMetricsResponse  *self,
                                    const IscQuery            *query,
                                    GError                   **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (query != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->mode != query->mode)
    {
      /* Translators: the first %s is the mode of the response received,
       * the second the mode asked, e.g. "a SUMMARY response to a SERIES
       * request"; the modes are API words, not translated */
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, "mode",
                               _("a %s response to a %s request"),
                               isc_mode_to_string (self->mode), isc_mode_to_string (query->mode));
      return FALSE;
    }

  return TRUE;
}

gint64
isc_metrics_response_get_start_ms (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->start_ms;
}

gint64
isc_metrics_response_get_end_ms (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->end_ms;
}

gint64
isc_metrics_response_get_step_seconds (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->step_seconds;
}

guint
isc_metrics_response_get_n_steps (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_steps;
}

gint64
isc_metrics_response_get_step_start_ms (const IscMetricsResponse *self,
                                        guint                     step)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (step < self->n_steps, 0);

  return self->step_starts[step];
}

/* The next step's start, or the window's end for the last step. A CURRENT
 * snapshot has a 0/0 window while its step may start at now, so the end is
 * never before the start: such a step has no length.
 */
gint64
isc_metrics_response_get_step_end_ms (const IscMetricsResponse *self,
                                      guint                     step)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (step < self->n_steps, 0);

  if (step + 1 < self->n_steps)
    return self->step_starts[step + 1];

  return MAX (self->end_ms, self->step_starts[step]);
}

const gint64 *
isc_metrics_response_get_step_starts (const IscMetricsResponse *self,
                                      guint                    *n_steps)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (n_steps != NULL)
    *n_steps = self->n_steps;

  return self->step_starts;
}

guint
isc_metrics_response_get_n_metrics (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_metrics;
}

const IscMetric *
isc_metrics_response_get_metric (const IscMetricsResponse *self,
                                 guint                     index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->n_metrics, NULL);

  return &self->metrics[index];
}

/* A linear search: a response carries a few dozen metrics at most. If a
 * name appears twice, the first wins.
 */
const IscMetric *
isc_metrics_response_lookup_metric (const IscMetricsResponse *self,
                                    const char               *name)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint m = 0; m < self->n_metrics; m++)
    {
      if (strcmp (self->metrics[m].name, name) == 0)
        return &self->metrics[m];
    }

  return NULL;
}

const char *
isc_metric_get_name (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, NULL);

  return metric->name;
}

IscUnitHint
isc_metric_get_unit_hint (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, ISC_UNIT_HINT_UNKNOWN);

  return metric->unit_hint;
}

const char *
isc_metric_get_unit_hint_string (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, NULL);

  return metric->unit_hint_string;
}

IscMetricKind
isc_metric_get_kind (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, ISC_METRIC_KIND_UNKNOWN);

  return metric->kind;
}

const char *
isc_metric_get_kind_string (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, NULL);

  return metric->kind_string;
}

guint
isc_metric_get_n_series (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, 0);

  return metric->n_series;
}

const IscSeries *
isc_metric_get_series (const IscMetric *metric,
                       guint            index)
{
  g_return_val_if_fail (metric != NULL, NULL);
  g_return_val_if_fail (index < metric->n_series, NULL);

  return &metric->series[index];
}

guint
isc_series_get_n_labels (const IscSeries *series)
{
  g_return_val_if_fail (series != NULL, 0);

  return series->n_labels;
}

const char *
isc_series_get_label_key (const IscSeries *series,
                          guint            index)
{
  g_return_val_if_fail (series != NULL, NULL);
  g_return_val_if_fail (index < series->n_labels, NULL);

  return series->labels[2 * index];
}

const char *
isc_series_get_label_value (const IscSeries *series,
                            guint            index)
{
  g_return_val_if_fail (series != NULL, NULL);
  g_return_val_if_fail (index < series->n_labels, NULL);

  return series->labels[2 * index + 1];
}

const char *
isc_series_lookup_label (const IscSeries *series,
                         const char      *key)
{
  g_return_val_if_fail (series != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  for (guint k = 0; k < series->n_labels; k++)
    {
      if (strcmp (series->labels[2 * k], key) == 0)
        return series->labels[2 * k + 1];
    }

  return NULL;
}

const char *
isc_series_get_label_text (const IscSeries *series)
{
  g_return_val_if_fail (series != NULL, NULL);

  return series->label_text;
}

const double *
isc_series_get_values (const IscSeries *series,
                       guint           *n_values)
{
  g_return_val_if_fail (series != NULL, NULL);

  if (n_values != NULL)
    *n_values = series->n_values;

  return series->values;
}

double
isc_series_get_last_value (const IscSeries *series)
{
  g_return_val_if_fail (series != NULL, NAN);

  return series->n_values > 0 ? series->values[series->n_values - 1] : NAN;
}
