/* isc-summary-row.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-summary-row"

#include "config.h"

#include <math.h>

#include "isc-summary-row.h"

struct _IscSummaryRow
{
  GObject      parent_instance;

  char        *metric_name;
  char        *title;
  char        *labels;
  IscUnitHint  unit_hint;
  double       values[ISC_SUMMARY_N_COLUMNS];
  char        *texts[ISC_SUMMARY_N_COLUMNS];
};

enum {
  PROP_0,
  PROP_METRIC_NAME,
  PROP_TITLE,
  PROP_LABELS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IscSummaryRow, isc_summary_row, G_TYPE_OBJECT)

static void
isc_summary_row_finalize (GObject *object)
{
  IscSummaryRow *self = ISC_SUMMARY_ROW (object);

  g_free (self->metric_name);
  g_free (self->title);
  g_free (self->labels);
  for (guint i = 0; i < ISC_SUMMARY_N_COLUMNS; i++)
    g_free (self->texts[i]);

  G_OBJECT_CLASS (isc_summary_row_parent_class)->finalize (object);
}

static void
isc_summary_row_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  IscSummaryRow *self = ISC_SUMMARY_ROW (object);

  switch (prop_id)
    {
    case PROP_METRIC_NAME:
      g_value_set_string (value, self->metric_name);
      break;

    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;

    case PROP_LABELS:
      g_value_set_string (value, self->labels);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_summary_row_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  IscSummaryRow *self = ISC_SUMMARY_ROW (object);

  switch (prop_id)
    {
    case PROP_METRIC_NAME:
      self->metric_name = g_value_dup_string (value);
      break;

    case PROP_TITLE:
      self->title = g_value_dup_string (value);
      break;

    case PROP_LABELS:
      self->labels = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_summary_row_class_init (IscSummaryRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isc_summary_row_finalize;
  object_class->get_property = isc_summary_row_get_property;
  object_class->set_property = isc_summary_row_set_property;

  properties[PROP_METRIC_NAME] =
    g_param_spec_string ("metric-name", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /* The catalogue's title, translated. */
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /* "status=2xx", or "" for a plain metric. */
  properties[PROP_LABELS] =
    g_param_spec_string ("labels", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_summary_row_init (IscSummaryRow *self)
{
  for (guint i = 0; i < ISC_SUMMARY_N_COLUMNS; i++)
    self->values[i] = NAN;
}

IscSummaryRow *
isc_summary_row_new (const char  *metric_name,
                     const char  *title,
                     const char  *labels,
                     IscUnitHint  unit_hint)
{
  IscSummaryRow *self = g_object_new (ISC_TYPE_SUMMARY_ROW,
                                      "metric-name", metric_name,
                                      "title", title,
                                      "labels", labels != NULL ? labels : "",
                                      NULL);

  self->unit_hint = unit_hint;

  return self;
}

const char *
isc_summary_row_get_metric_name (IscSummaryRow *self)
{
  g_return_val_if_fail (ISC_IS_SUMMARY_ROW (self), NULL);

  return self->metric_name;
}

const char *
isc_summary_row_get_title (IscSummaryRow *self)
{
  g_return_val_if_fail (ISC_IS_SUMMARY_ROW (self), NULL);

  return self->title;
}

const char *
isc_summary_row_get_labels (IscSummaryRow *self)
{
  g_return_val_if_fail (ISC_IS_SUMMARY_ROW (self), NULL);

  return self->labels;
}

IscUnitHint
isc_summary_row_get_unit_hint (IscSummaryRow *self)
{
  g_return_val_if_fail (ISC_IS_SUMMARY_ROW (self), ISC_UNIT_HINT_UNKNOWN);

  return self->unit_hint;
}

void
isc_summary_row_set_value (IscSummaryRow    *self,
                           IscSummaryColumn  column,
                           double            value,
                           const char       *text)
{
  g_return_if_fail (ISC_IS_SUMMARY_ROW (self));
  g_return_if_fail (column < ISC_SUMMARY_N_COLUMNS);

  self->values[column] = value;
  g_free (self->texts[column]);
  self->texts[column] = g_strdup (text);
}

double
isc_summary_row_get_value (IscSummaryRow    *self,
                           IscSummaryColumn  column)
{
  g_return_val_if_fail (ISC_IS_SUMMARY_ROW (self), NAN);
  g_return_val_if_fail (column < ISC_SUMMARY_N_COLUMNS, NAN);

  return self->values[column];
}

const char *
isc_summary_row_get_text (IscSummaryRow    *self,
                          IscSummaryColumn  column)
{
  g_return_val_if_fail (ISC_IS_SUMMARY_ROW (self), NULL);
  g_return_val_if_fail (column < ISC_SUMMARY_N_COLUMNS, NULL);

  return self->texts[column];
}
