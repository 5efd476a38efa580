/* isc-demo-writer.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-demo-writer"

#include "config.h"

#include <math.h>

#include "isc-demo-writer-private.h"

/* Histogram series, in the order Baseten sends them. */
static const char * const quantile_labels[] = { "0.5", "0.9", "0.95", "0.99" };
static const char * const status_labels[] = { "2xx", "4xx", "5xx" };
static const char * const condition_labels[] = { "true", "false", "unknown" };

G_STATIC_ASSERT (G_N_ELEMENTS (quantile_labels) == _ISC_DEMO_N_QUANTILES);

/* @value as a JSON number, "null" for NaN; locale-independent. */
static void
append_number (GString *str,
               double   value)
{
  char buf[48];
  char *p = buf + sizeof buf;
  gboolean negative;
  guint64 digits;
  int decimals = 0;

  if (!isfinite (value))
    {
      g_string_append_len (str, "null", 4);
      return;
    }

  negative = value < 0;
  if (negative)
    value = -value;

  if (value >= 1e15)
    {
      char tmp[G_ASCII_DTOSTR_BUF_SIZE];

      if (negative)
        g_string_append_c (str, '-');
      g_string_append (str, g_ascii_dtostr (tmp, sizeof tmp, value));
      return;
    }

  /* About seven significant digits: plenty for a chart, short on the wire. */
  if (value != floor (value))
    {
      int magnitude = value > 0 ? (int) floor (log10 (value)) : 0;

      decimals = CLAMP (6 - magnitude, 0, 12);
    }

  digits = (guint64) llround (value * pow (10, decimals));
  /* Drop trailing zeros of the fraction. */
  while (decimals > 0 && digits % 10 == 0)
    {
      digits /= 10;
      decimals--;
    }

  *--p = '\0';
  for (int i = 0; i < decimals; i++)
    {
      *--p = (char) ('0' + digits % 10);
      digits /= 10;
    }
  if (decimals > 0)
    *--p = '.';
  do
    {
      *--p = (char) ('0' + digits % 10);
      digits /= 10;
    }
  while (digits > 0);
  if (negative)
    *--p = '-';

  g_string_append (str, p);
}

static inline guint
n_series_for (IscLabelShape shape)
{
  switch (shape)
    {
    case ISC_LABEL_SHAPE_STATUS:
      return G_N_ELEMENTS (status_labels);
    case ISC_LABEL_SHAPE_QUANTILES:
      return G_N_ELEMENTS (quantile_labels) + 1;
    case ISC_LABEL_SHAPE_CONDITION:
      return G_N_ELEMENTS (condition_labels);
    case ISC_LABEL_SHAPE_PLAIN:
    default:
      return 1;
    }
}

guint
_isc_demo_writer_n_series (IscLabelShape shape)
{
  return n_series_for (shape);
}

static void
append_label_sets (GString            *str,
                   IscLabelShape       shape,
                   const char * const *statuses)
{
  g_string_append_c (str, '[');
  switch (shape)
    {
    case ISC_LABEL_SHAPE_STATUS:
      for (guint i = 0; i < G_N_ELEMENTS (status_labels); i++)
        g_string_append_printf (str, "%s{\"status\":\"%s\"}", i ? "," : "",
                                statuses != NULL ? statuses[i] : status_labels[i]);
      break;
    case ISC_LABEL_SHAPE_QUANTILES:
      for (guint i = 0; i < G_N_ELEMENTS (quantile_labels); i++)
        g_string_append_printf (str, "{\"quantile\":\"%s\"},", quantile_labels[i]);
      g_string_append (str, "{\"stat\":\"avg\"}");
      break;
    case ISC_LABEL_SHAPE_CONDITION:
      for (guint i = 0; i < G_N_ELEMENTS (condition_labels); i++)
        g_string_append_printf (str, "%s{\"condition\":\"%s\"}", i ? "," : "", condition_labels[i]);
      break;
    case ISC_LABEL_SHAPE_PLAIN:
    default:
      g_string_append (str, "{}");
      break;
    }
  g_string_append_c (str, ']');
}

static void
append_header (GString               *str,
               const IscDemoResponse *response)
{
  g_string_append (str, "{\"start_epoch_millis\":");
  g_string_append_printf (str, "%" G_GINT64_FORMAT, response->start_ms);
  g_string_append (str, ",\"end_epoch_millis\":");
  g_string_append_printf (str, "%" G_GINT64_FORMAT, response->end_ms);
  g_string_append_printf (str, ",\"mode\":\"%s\",\"step_seconds\":", isc_mode_to_string (response->mode));
  if (response->mode == ISC_MODE_SERIES)
    g_string_append_printf (str, "%u", response->step_seconds);
  else
    g_string_append (str, "null");
}

static void
append_descriptors (GString               *str,
                    const IscDemoResponse *response)
{
  g_string_append (str, ",\"metric_descriptors\":[");
  for (guint k = 0; k < response->n_metrics; k++)
    {
      const IscCatalogueEntry *entry = response->metrics[k];

      g_string_append_printf (str, "%s{\"name\":\"%s\",\"unit_hint\":\"%s\",\"kind\":\"%s\",\"label_sets\":",
                              k ? "," : "", entry->name,
                              isc_unit_hint_to_string (entry->unit_hint),
                              isc_metric_kind_to_string (entry->kind));
      append_label_sets (str, entry->label_shape, response->status_labels);
      g_string_append_c (str, '}');
    }
  g_string_append_c (str, ']');
}

static void
append_value_sets (GString               *str,
                   const IscDemoResponse *response)
{
  g_string_append (str, ",\"metric_values\":[");
  for (guint s = 0; s < response->n_steps; s++)
    {
      const double *row = &response->values[(gsize) s * response->n_series];

      g_string_append (str, s ? ",{\"start_epoch_millis\":" : "{\"start_epoch_millis\":");
      g_string_append_printf (str, "%" G_GINT64_FORMAT, response->step_starts[s]);
      g_string_append (str, ",\"values\":[");
      for (guint k = 0, col = 0; k < response->n_metrics; k++)
        {
          guint n_series = n_series_for (response->metrics[k]->label_shape);

          g_string_append (str, k ? ",[" : "[");
          for (guint j = 0; j < n_series; j++, col++)
            {
              if (j > 0)
                g_string_append_c (str, ',');
              append_number (str, row[col]);
            }
          g_string_append_c (str, ']');
        }
      g_string_append (str, "]}");
    }
  g_string_append_c (str, ']');
}

GBytes *
_isc_demo_writer_write (const IscDemoResponse *response)
{
  GString *str;

  g_return_val_if_fail (response != NULL, NULL);

  str = g_string_sized_new (256 + (gsize) response->n_steps * (40 + response->n_series * 8));
  append_header (str, response);
  append_descriptors (str, response);
  append_value_sets (str, response);
  g_string_append_c (str, '}');

  return g_string_free_to_bytes (str);
}
