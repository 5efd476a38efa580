/* isc-chart-layout-legend.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A chart's legend: one entry per series, its swatch and its statistics
 * over the range, in as many columns as fit, at the chart's bottom. */

#define G_LOG_DOMAIN "isc-chart"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-chart-layout-private.h"

/* How much of a series' statistics its legend item says: all four where
 * there is room, fewer on a narrow chart, the last value always. */
typedef enum
{
  LEGEND_ALL,        /* min · mean · max · last */
  LEGEND_MAX_LAST,   /* max · last */
  LEGEND_LAST,       /* last */
  N_LEGEND_DETAILS
} LegendDetail;

static char *
legend_stats (IscChartModel        *model,
              const IscChartSeries *cs,
              const IscValueFormat *format,
              LegendDetail          detail)
{
  g_autofree char *min = isc_chart_model_format_value (model, format, cs->min);
  g_autofree char *mean = isc_chart_model_format_value (model, format, cs->mean);
  g_autofree char *max = isc_chart_model_format_value (model, format, cs->max);
  g_autofree char *last = isc_chart_model_format_value (model, format, cs->last);

  switch (detail)
    {
    case LEGEND_LAST:
      /* Translators: a series' last value in the legend of a narrow chart */
      return g_strdup_printf (_("last %s"), last);
    case LEGEND_MAX_LAST:
      /* Translators: a series' statistics in the legend of a narrow chart */
      return g_strdup_printf (_("max %s · last %s"), max, last);
    case LEGEND_ALL:
    case N_LEGEND_DETAILS:
    default:
      /* Translators: a series' statistics in the legend */
      return g_strdup_printf (_("min %s · mean %s · max %s · last %s"), min, mean, max, last);
    }
}

/* A 4xx or 5xx layer's share of all requests over the range, after its
 * statistics: "… · last 0.1/s · 1.2 % of requests". */
static void
append_error_share (IscChartModel         *model,
                    guint                  series,
                    char                 **stats)
{
  g_autofree char *share_text = isc_chart_model_dup_error_share_text (model, series, -1);
  char *joined;

  if (share_text == NULL)
    return;

  /* Translators: a 4xx or 5xx layer's statistics in the legend, then its
   * share of all requests, such as "1.2 %" */
  joined = g_strdup_printf (_("%s · %s of requests"), *stats, share_text);
  g_free (*stats);
  *stats = joined;
}

/* A caller's note on the series over the range (isc_chart_model_set_notes()),
 * after its statistics: "… · last $12.40 · 1,234 min · 5.6k requests". */
static void
append_note (IscChartModel  *model,
             guint           series,
             char          **stats)
{
  g_autofree char *note = isc_chart_model_dup_note (model, series, -1);
  char *joined;

  if (note == NULL)
    return;
  joined = g_strdup_printf ("%s · %s", *stats, note);
  g_free (*stats);
  *stats = joined;
}

static char *
legend_markup (IscChartModel        *model,
               guint                 series,
               const IscChartSeries *cs,
               const IscValueFormat *format,
               LegendDetail          detail,
               const char           *label)
{
  g_autofree char *stats = NULL;

  if (cs->n_values == 0)
    return g_markup_printf_escaped ("%s  <span alpha=\"70%%\">%s</span>", label, _("no data"));

  stats = legend_stats (model, cs, format, detail);
  append_error_share (model, series, &stats);
  append_note (model, series, &stats);

  return g_markup_printf_escaped ("%s  <span alpha=\"70%%\">%s</span>", label, stats);
}

/* A legend item within width: with fewer statistics first, then with
 * its label cut short ("Speculative tok…  last 3.47k/s"); the values are
 * never cut. */
static PangoLayout *
legend_item_text (IscChartLayout       *layout,
                  IscChartModel        *model,
                  guint                 series,
                  const IscChartSeries *cs,
                  const IscChartStyle  *style,
                  LegendDetail          detail,
                  double                width)
{
  g_autofree char *markup = legend_markup (model, series, cs, &layout->value_format, detail, cs->label);
  PangoLayout *text = _isc_chart_layout_shared_text (layout->pango, style, style->label_size, FALSE, markup);
  glong n_chars = g_utf8_strlen (cs->label, -1);
  int w;

  pango_layout_get_pixel_size (text, &w, NULL);
  /* Only once the statistics are down to the last value. */
  for (glong keep = n_chars - 1; w > width && detail == LEGEND_LAST && keep > 0; keep--)
    {
      g_autofree char *head = g_utf8_substring (cs->label, 0, keep);
      g_autofree char *label = g_strconcat (g_strchomp (head), "…", NULL);

      g_free (markup);
      markup = legend_markup (model, series, cs, &layout->value_format, detail, label);
      g_object_unref (text);
      text = _isc_chart_layout_shared_text (layout->pango, style, style->label_size, FALSE, markup);
      pango_layout_get_pixel_size (text, &w, NULL);
    }

  return text;
}

void
_isc_chart_layout_legend (IscChartLayout      *layout,
                          IscChartModel       *model,
                          const IscChartStyle *style,
                          double               left,
                          double               right,
                          double               bottom,
                          double              *top)
{
  const guint *order;
  guint n_order = 0;
  double max_w = 0, row_h = 0, col_w;
  double text_room = right - left - style->swatch_size - style->spacing;
  guint n_cols, n_rows;
  LegendDetail detail;

  /* The most detail every item has room for: a narrow chart drops min
   * and mean first, then max, and keeps the last value. */
  detail = LEGEND_ALL;
  /* The own series, then the compared ones. */
  order = isc_chart_model_get_legend_order (model, &n_order);
again:
  for (guint k = 0; k < n_order; k++)
    {
      const IscChartSeries *cs = isc_chart_model_get_series (model, order[k]);
      IscChartLegendItem item = { 0 };
      double w, h;

      item.series = order[k];
      item.hidden = isc_chart_model_get_series_hidden (model, order[k]);
      item.text.layout = legend_item_text (layout, model, order[k], cs, style, detail, text_room);
      _isc_chart_text_size (&item.text, &w, &h);
      max_w = MAX (max_w, w);
      row_h = MAX (row_h, h);
      g_array_append_val (layout->legend, item);
    }
  if (max_w > text_room && detail < LEGEND_LAST)
    {
      g_array_set_size (layout->legend, 0);
      max_w = row_h = 0;
      detail++;
      goto again;
    }

  if (n_order == 0)
    {
      *top = bottom;
      return;
    }

  col_w = style->swatch_size + style->spacing + max_w + 3 * style->spacing;
  n_cols = MAX (1, _isc_chart_n_fitting (right - left + 3 * style->spacing, col_w));
  n_cols = MIN (n_cols, n_order);
  n_rows = (n_order + n_cols - 1) / n_cols;
  row_h += 2;

  *top = bottom - n_rows * row_h;
  for (guint k = 0; k < n_order; k++)
    {
      IscChartLegendItem *item = &g_array_index (layout->legend, IscChartLegendItem, k);
      guint row = k / n_cols;
      guint col = k % n_cols;
      double x = left + col * col_w;
      double y = *top + row * row_h;

      item->swatch_x = x;
      item->swatch_y = y + (row_h - style->swatch_size) / 2;
      item->text.x = x + style->swatch_size + style->spacing;
      item->text.y = y;
      /* Where a click on the item lands: its swatch and its text. */
      {
        double w, h;

        _isc_chart_text_size (&item->text, &w, &h);
        item->y = y;
        item->width = item->text.x + w - x;
        item->height = row_h;
      }
    }
}

/* The legend follows the time axis up when the plot is made shorter. */
void
_isc_chart_layout_shift_legend (IscChartLayout *layout,
                                double          dy)
{
  for (guint k = 0; k < layout->legend->len; k++)
    {
      IscChartLegendItem *item = &g_array_index (layout->legend, IscChartLegendItem, k);

      item->swatch_y += dy;
      item->text.y += dy;
      item->y += dy;
    }
}
