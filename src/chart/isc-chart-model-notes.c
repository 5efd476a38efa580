/* isc-chart-model-notes.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a caller adds to a chart model's texts: notes beside a series'
 * values, a prefix before every value and the header's unit text.
 */

#define G_LOG_DOMAIN "isc-chart-model"

#include "config.h"

#include "isc-chart-model-private.h"

void
isc_chart_model_set_notes (IscChartModel    *self,
                           IscChartNoteFunc  func,
                           gpointer          user_data,
                           GDestroyNotify    destroy)
{
  g_return_if_fail (ISC_IS_CHART_MODEL (self));

  if (self->note_destroy != NULL)
    self->note_destroy (self->note_data);
  self->note_func = func;
  self->note_data = user_data;
  self->note_destroy = destroy;
}

char *
isc_chart_model_dup_note (IscChartModel *self,
                          guint          series,
                          int            step)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);

  if (self->note_func == NULL || series >= self->n_series)
    return NULL;
  if (step >= 0 && (guint) step >= self->n_steps)
    return NULL;
  return self->note_func (self, series, step, self->note_data);
}

void
isc_chart_model_set_value_prefix (IscChartModel *self,
                                  const char    *prefix)
{
  g_return_if_fail (ISC_IS_CHART_MODEL (self));

  g_free (self->value_prefix);
  self->value_prefix = g_strdup (prefix);
}

const char *
isc_chart_model_get_value_prefix (IscChartModel *self)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);
  return self->value_prefix;
}

void
isc_chart_model_set_unit_text (IscChartModel *self,
                               const char    *unit_text)
{
  g_return_if_fail (ISC_IS_CHART_MODEL (self));

  g_free (self->unit_text);
  self->unit_text = g_strdup (unit_text);
}
