/* isc-summary-row.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-summary-row"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

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

int
isc_summary_row_get_key_column (IscSummaryRow *self)
{
  static const IscSummaryColumn order[] = {
    ISC_SUMMARY_COLUMN_RATE,
    ISC_SUMMARY_COLUMN_P95,
    ISC_SUMMARY_COLUMN_P50,
    ISC_SUMMARY_COLUMN_AVERAGE,
  };

  g_return_val_if_fail (ISC_IS_SUMMARY_ROW (self), -1);

  /* A histogram's row has every quantile column, "—" where it lacks one:
   * the first with a value. */
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (self->texts[order[i]] != NULL && !isnan (self->values[order[i]]))
      return order[i];
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    if (self->texts[order[i]] != NULL)
      return order[i];
  return -1;
}

void
isc_summary_row_set_compared (IscSummaryRow *self,
                              double         value,
                              const char    *text)
{
  int key;
  double now, change = NAN;
  g_autofree char *change_text = NULL;

  g_return_if_fail (ISC_IS_SUMMARY_ROW (self));

  key = isc_summary_row_get_key_column (self);
  now = key >= 0 ? self->values[key] : NAN;
  if (!isnan (now) && !isnan (value))
    {
      if (value != 0)
        change = (now - value) / fabs (value) * 100.0;
      else if (now == 0)
        change = 0;
    }

  if (isnan (change))
    change_text = g_strdup ("—");
  else if (fabs (change) < 0.05)
    change_text = g_strdup ("0 %");
  else
    /* Translators: the change from the compared value in the Summary
     * table, with its sign: "+12.5 %", "−3.0 %" */
    change_text = g_strdup_printf (change > 0 ? _("+%.1f %%") : _("−%.1f %%"), fabs (change));

  isc_summary_row_set_value (self, ISC_SUMMARY_COLUMN_COMPARED, value, text != NULL ? text : "—");
  isc_summary_row_set_value (self, ISC_SUMMARY_COLUMN_CHANGE, change, change_text);
}
