/* isc-bar-renderer.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-bar-renderer"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-bar-renderer.h"

typedef struct
{
  guint         series;
  IscChartRect  bar;
  IscChartText  label;
  IscChartText  value;
} Row;

struct _IscBarRenderer
{
  IscChartRenderer  parent_instance;

  GArray           *rows;
  IscChartText      caption;
};

G_DEFINE_FINAL_TYPE (IscBarRenderer, isc_bar_renderer, ISC_TYPE_CHART_RENDERER)

static void
clear_row (gpointer data)
{
  Row *row = data;

  g_clear_object (&row->label.layout);
  g_clear_object (&row->value.layout);
}

/* "1 h, 30 Nov 11:31 – 12:31", the end's date only when it differs. */
static char *
describe_window (GTimeZone *tz,
                 gint64     start_ms,
                 gint64     end_ms)
{
  g_autoptr(GDateTime) start_utc = g_date_time_new_from_unix_utc (start_ms / 1000);
  g_autoptr(GDateTime) end_utc = g_date_time_new_from_unix_utc (end_ms / 1000);
  g_autoptr(GDateTime) start = NULL;
  g_autoptr(GDateTime) end = NULL;
  g_autofree char *length = isc_format_duration_short ((end_ms - start_ms) / 1000);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  if (start_utc == NULL || end_utc == NULL)
    return g_steal_pointer (&length);
  start = g_date_time_to_timezone (start_utc, tz);
  end = g_date_time_to_timezone (end_utc, tz);
  /* Translators: the start (or a different day's end) of a bar's window
   * in its caption, e.g. "30 Nov 11:31"; see g_date_time_format() for the
   * codes. */
  a = g_date_time_format (start, _("%-d %b %H:%M"));
  if (g_date_time_get_day_of_year (start) == g_date_time_get_day_of_year (end) &&
      g_date_time_get_year (start) == g_date_time_get_year (end))
    /* Translators: the end of a bar's window on the day it began, e.g.
     * "12:31"; see g_date_time_format() for the codes. */
    b = g_date_time_format (end, _("%H:%M"));
  else
    b = g_date_time_format (end, _("%-d %b %H:%M"));
  /* Translators: a window's length, then its start and end: "1 h, 30 Nov
   * 11:31 – 12:31" */
  return g_strdup_printf (_("%s, %s – %s"), length, a, b);
}

char *
isc_bar_renderer_dup_caption (IscChartModel *model,
                              GTimeZone     *tz)
{
  IscMetricsResponse *response;
  IscMetricKind kind;
  g_autoptr(GTimeZone) local = NULL;
  g_autofree char *window = NULL;
  gint64 start_ms, end_ms;

  g_return_val_if_fail (ISC_IS_CHART_MODEL (model), NULL);

  response = isc_chart_model_get_response (model);
  kind = isc_chart_model_get_kind (model);
  if (tz == NULL)
    tz = local = g_time_zone_new_local ();

  if (isc_metrics_response_get_mode (response) == ISC_MODE_CURRENT)
    {
      if (kind == ISC_METRIC_KIND_COUNTER)
        /* Translators: what the bars of a CURRENT counter are */
        return g_strdup (_("Now: the count in the latest step"));
      /* Translators: what the bars of a CURRENT snapshot are */
      return g_strdup (_("Now: the latest values"));
    }

  start_ms = isc_metrics_response_get_start_ms (response);
  end_ms = isc_metrics_response_get_end_ms (response);
  if (end_ms > start_ms && start_ms > 0)
    window = describe_window (tz, start_ms, end_ms);
  else
    /* Translators: stands for the window in "Total over the window" */
    window = g_strdup (_("the window"));

  switch (kind)
    {
    case ISC_METRIC_KIND_COUNTER:
      /* Translators: what the bars of a SUMMARY counter are: the window's
       * total, then that total per second */
      return g_strdup_printf (_("Total over %s, then the mean per second"), window);
    case ISC_METRIC_KIND_HISTOGRAM:
      /* Translators: what the bars of a SUMMARY histogram are */
      return g_strdup_printf (_("Quantiles and average of the values over %s"), window);
    case ISC_METRIC_KIND_GAUGE:
    default:
      /* Translators: what the bars of a SUMMARY gauge are */
      return g_strdup_printf (_("Average over %s"), window);
    }
}

/* A single value set has no time to run along: one bar per label set, its
 * label on the left and its value at the bar's end, all against zero.
 */
static void
isc_bar_renderer_prepare (IscChartRenderer     *renderer,
                          IscChartModel        *model,
                          const IscChartLayout *layout,
                          const IscChartStyle  *style)
{
  IscBarRenderer *self = ISC_BAR_RENDERER (renderer);
  const IscChartRect *plot = &layout->plot;
  const guint *order;
  guint n_order = 0;
  double label_w = 0, value_w = 0, row_h, bar_h, span, x0, bar_w;
  double window_s;
  IscUnitHint unit_hint;
  IscMetricKind kind;
  IscChartRect area = *plot;
  g_autofree char *caption = NULL;
  g_autofree char *caption_markup = NULL;

  g_array_set_size (self->rows, 0);
  /* What the bars are, in a line over them. */
  g_clear_object (&self->caption.layout);
  caption = isc_bar_renderer_dup_caption (model, layout->tz);
  caption_markup = g_markup_escape_text (caption, -1);
  self->caption.layout = isc_chart_layout_create_text (layout->pango, style, style->label_size, FALSE,
                                                       caption_markup);
  pango_layout_set_width (self->caption.layout, MAX (1, (int) plot->width) * PANGO_SCALE);
  pango_layout_set_ellipsize (self->caption.layout, PANGO_ELLIPSIZE_END);
  {
    int w, h;

    pango_layout_get_pixel_size (self->caption.layout, &w, &h);
    self->caption.x = plot->x;
    self->caption.y = plot->y;
    area.y += h + style->spacing;
    area.height = MAX (0, area.height - h - style->spacing);
    plot = &area;
  }
  order = isc_chart_model_get_order (model, &n_order);
  unit_hint = isc_chart_model_get_unit_hint (model);
  kind = isc_chart_model_get_kind (model);
  window_s = (isc_chart_model_get_end_ms (model) - isc_chart_model_get_start_ms (model)) / 1000.0;
  if (n_order == 0)
    return;

  for (guint k = 0; k < n_order; k++)
    {
      const IscChartSeries *cs = isc_chart_model_get_series (model, order[k]);
      g_autofree char *label = g_markup_escape_text (cs->label, -1);
      /* Bars of very different sizes each read best in their own unit:
       * "20.4 s" beside "1.87 min", "3.60k" beside "40". */
      g_autofree char *value = isc_format_value (cs->n_values > 0 ? cs->last : NAN, unit_hint, 3);
      g_autofree char *value_markup = NULL;

      /* A counter's total over the window, then its mean rate, as
       * Baseten's own CLI prints it: "3.6k (1/s)". */
      if (kind == ISC_METRIC_KIND_COUNTER && window_s > 0 && cs->n_values > 0)
        {
          g_autofree char *rate = isc_format_value (cs->last / window_s, ISC_UNIT_HINT_PER_SECOND, 3);

          value_markup = g_markup_printf_escaped ("%s  <span weight=\"normal\" alpha=\"70%%\">%s</span>",
                                                  value, rate);
        }
      else
        value_markup = g_markup_escape_text (value, -1);
      Row row = { 0 };
      int w, h;

      row.series = order[k];
      row.label.layout = isc_chart_layout_create_text (layout->pango, style, style->label_size, FALSE, label);
      row.value.layout = isc_chart_layout_create_text (layout->pango, style, style->title_size, TRUE, value_markup);
      pango_layout_get_pixel_size (row.label.layout, &w, &h);
      label_w = MAX (label_w, w);
      pango_layout_get_pixel_size (row.value.layout, &w, &h);
      value_w = MAX (value_w, w);
      g_array_append_val (self->rows, row);
    }

  label_w = MIN (label_w, plot->width / 3);
  row_h = MIN (plot->height / n_order, 4 * style->title_size);
  bar_h = MAX (2, row_h * 0.6);
  x0 = plot->x + label_w + style->spacing * 2;
  bar_w = MAX (0, plot->x + plot->width - x0 - value_w - style->spacing * 2);
  span = layout->y_max - layout->y_min;

  for (guint k = 0; k < self->rows->len; k++)
    {
      Row *row = &g_array_index (self->rows, Row, k);
      const IscChartSeries *cs = isc_chart_model_get_series (model, row->series);
      double y = plot->y + k * row_h;
      double v = cs->n_values > 0 ? cs->last : 0;
      double zero = span > 0 ? (0 - layout->y_min) / span : 0;
      double frac = span > 0 ? (v - layout->y_min) / span : 0;
      double a = x0 + bar_w * MIN (zero, frac);
      double b = x0 + bar_w * MAX (zero, frac);
      int w, h;

      row->bar = (IscChartRect) { round (a), round (y + (row_h - bar_h) / 2), round (b) - round (a), round (bar_h) };
      pango_layout_get_pixel_size (row->label.layout, &w, &h);
      row->label.x = plot->x + label_w - w;
      row->label.y = y + (row_h - h) / 2;
      pango_layout_get_pixel_size (row->value.layout, &w, &h);
      row->value.x = row->bar.x + row->bar.width + style->spacing;
      row->value.y = y + (row_h - h) / 2;
    }
}

static void
isc_bar_renderer_draw (IscChartRenderer     *renderer,
                       cairo_t              *cr,
                       IscChartModel        *model,
                       const IscChartLayout *layout,
                       const IscChartStyle  *style)
{
  IscBarRenderer *self = ISC_BAR_RENDERER (renderer);

  isc_chart_style_set_source (cr, &style->muted);
  isc_chart_text_draw (cr, &self->caption);

  for (guint k = 0; k < self->rows->len; k++)
    {
      const Row *row = &g_array_index (self->rows, Row, k);
      IscChartColor color;

      isc_chart_renderer_get_series_color (renderer, model, style, row->series, &color);
      isc_chart_style_set_source (cr, &color);
      cairo_rectangle (cr, row->bar.x, row->bar.y, row->bar.width, row->bar.height);
      cairo_fill (cr);

      isc_chart_style_set_source (cr, &style->muted);
      isc_chart_text_draw (cr, &row->label);
      isc_chart_style_set_source (cr, &style->foreground);
      isc_chart_text_draw (cr, &row->value);
    }
}

static void
isc_bar_renderer_get_series_color (IscChartRenderer    *renderer,
                                   IscChartModel       *model,
                                   const IscChartStyle *style,
                                   guint                series,
                                   IscChartColor       *color)
{
  const IscChartSeries *cs = isc_chart_model_get_series (model, series);

  /* A histogram's quantiles and average in the fan's colours. */
  if (cs->role == ISC_CHART_SERIES_QUANTILE)
    *color = style->fan;
  else if (cs->role == ISC_CHART_SERIES_AVERAGE)
    *color = style->average;
  else
    ISC_CHART_RENDERER_CLASS (isc_bar_renderer_parent_class)->get_series_color (renderer, model, style,
                                                                               series, color);
}

static void
isc_bar_renderer_finalize (GObject *object)
{
  IscBarRenderer *self = (IscBarRenderer *)object;

  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_object (&self->caption.layout);

  G_OBJECT_CLASS (isc_bar_renderer_parent_class)->finalize (object);
}

static void
isc_bar_renderer_class_init (IscBarRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  IscChartRendererClass *renderer_class = ISC_CHART_RENDERER_CLASS (klass);

  object_class->finalize = isc_bar_renderer_finalize;
  renderer_class->prepare = isc_bar_renderer_prepare;
  renderer_class->draw = isc_bar_renderer_draw;
  renderer_class->get_series_color = isc_bar_renderer_get_series_color;
}

static void
isc_bar_renderer_init (IscBarRenderer *self)
{
  self->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_array_set_clear_func (self->rows, clear_row);
}
