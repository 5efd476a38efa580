/* isc-chart.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "isc-chart.h"
#include "isc-chart-renderer.h"

struct _IscChart
{
  GObject            parent_instance;

  /* Owned references */
  IscChartModel     *model;
  IscChartRenderer  *renderer;
  GTimeZone         *tz;
  gboolean           utc;    /* tz was set and is UTC: the header says so */
  PangoContext      *pango;

  /* Owned state, rebuilt when the model, style, zone or size change */
  IscChartLayout    *layout;
  PangoLayout       *hover_text;
  int                hover_step;

  IscChartStyle      style;
  IscChartAlignment  align;
  guint              reduce : 1;
};

G_DEFINE_FINAL_TYPE (IscChart, isc_chart, G_TYPE_OBJECT)

static void
isc_chart_invalidate (IscChart *self)
{
  g_clear_pointer (&self->layout, isc_chart_layout_free);
  g_clear_object (&self->hover_text);
  self->hover_step = -1;
}

/* Hidden series change the extent, the stack and the legend: lay out and
 * prepare the paths again on the next draw. */
static void
on_model_hidden_changed (IscChart      *self,
                         IscChartModel *model)
{
  isc_chart_invalidate (self);
}

static void
isc_chart_dispose (GObject *object)
{
  IscChart *self = (IscChart *)object;

  isc_chart_invalidate (self);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, on_model_hidden_changed, self);
  g_clear_object (&self->model);
  g_clear_object (&self->renderer);
  g_clear_object (&self->pango);
  g_clear_pointer (&self->tz, g_time_zone_unref);

  G_OBJECT_CLASS (isc_chart_parent_class)->dispose (object);
}

static void
isc_chart_class_init (IscChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_chart_dispose;
}

static void
isc_chart_init (IscChart *self)
{
  cairo_font_options_t *options;

  self->style = *isc_chart_style_get_default (ISC_CHART_THEME_LIGHT);
  self->reduce = TRUE;
  self->hover_step = -1;
  self->tz = g_time_zone_new_local ();

  /* Text is measured the same way for every target (window, PNG, SVG,
   * PDF): unhinted metrics, so a chart lays out identically everywhere.
   */
  self->pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (self->pango, options);
  cairo_font_options_destroy (options);
  pango_cairo_context_set_resolution (self->pango, 96);
}

IscChart *
isc_chart_new (IscChartModel *model)
{
  IscChart *self;

  g_return_val_if_fail (model == NULL || ISC_IS_CHART_MODEL (model), NULL);

  self = g_object_new (ISC_TYPE_CHART, NULL);
  isc_chart_set_model (self, model);
  return self;
}

IscChartModel *
isc_chart_get_model (IscChart *self)
{
  g_return_val_if_fail (ISC_IS_CHART (self), NULL);
  return self->model;
}

void
isc_chart_set_model (IscChart      *self,
                     IscChartModel *model)
{
  g_return_if_fail (ISC_IS_CHART (self));
  g_return_if_fail (model == NULL || ISC_IS_CHART_MODEL (model));

  if (self->model == model)
    return;
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, on_model_hidden_changed, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect_object (model, "hidden-changed", G_CALLBACK (on_model_hidden_changed),
                             self, G_CONNECT_SWAPPED);

  g_clear_object (&self->renderer);
  if (model != NULL)
    self->renderer = isc_chart_renderer_new_for_model (model);
  isc_chart_invalidate (self);
}

const IscChartStyle *
isc_chart_get_style (IscChart *self)
{
  g_return_val_if_fail (ISC_IS_CHART (self), NULL);
  return &self->style;
}

void
isc_chart_set_style (IscChart            *self,
                     const IscChartStyle *style)
{
  g_return_if_fail (ISC_IS_CHART (self));
  g_return_if_fail (style != NULL);

  if (memcmp (&self->style, style, sizeof *style) == 0)
    return;
  self->style = *style;
  isc_chart_invalidate (self);
}

static gboolean
is_utc (GTimeZone *tz)
{
  const char *id = g_time_zone_get_identifier (tz);

  return (g_strcmp0 (id, "UTC") == 0 || g_strcmp0 (id, "Etc/UTC") == 0 ||
          g_strcmp0 (id, "Z") == 0 || g_strcmp0 (id, "+00:00") == 0);
}

void
isc_chart_set_time_zone (IscChart  *self,
                         GTimeZone *tz)
{
  g_return_if_fail (ISC_IS_CHART (self));

  g_clear_pointer (&self->tz, g_time_zone_unref);
  self->tz = tz != NULL ? g_time_zone_ref (tz) : g_time_zone_new_local ();
  /* Only a zone asked for: local time that happens to be UTC is still
   * local time, and says nothing. */
  self->utc = tz != NULL && is_utc (tz);
  isc_chart_invalidate (self);
}

void
isc_chart_set_reduce (IscChart *self,
                      gboolean  reduce)
{
  g_return_if_fail (ISC_IS_CHART (self));

  reduce = !!reduce;
  if (self->reduce == reduce)
    return;
  self->reduce = reduce;
  isc_chart_invalidate (self);
}

void
isc_chart_set_alignment (IscChart                *self,
                         const IscChartAlignment *align)
{
  IscChartAlignment none = { 0, 0 };

  g_return_if_fail (ISC_IS_CHART (self));

  if (align == NULL)
    align = &none;
  if (self->align.gutter == align->gutter && self->align.plot_height == align->plot_height)
    return;
  self->align = *align;
  isc_chart_invalidate (self);
}

void
isc_chart_get_alignment (IscChart          *self,
                         IscChartAlignment *align)
{
  g_return_if_fail (ISC_IS_CHART (self));
  g_return_if_fail (align != NULL);

  *align = self->align;
}

void
isc_chart_get_natural_alignment (IscChart          *self,
                                 int                width,
                                 int                height,
                                 IscChartAlignment *natural)
{
  const IscChartLayout *layout;

  g_return_if_fail (ISC_IS_CHART (self));
  g_return_if_fail (natural != NULL);

  *natural = (IscChartAlignment) { 0, 0 };
  if (self->model == NULL || width <= 0 || height <= 0)
    return;
  layout = isc_chart_ensure_layout (self, width, height);
  natural->gutter = layout->natural_gutter;
  natural->plot_height = layout->natural_plot_height;
}

void
isc_chart_align_grid (IscChart * const *charts,
                      guint             n_charts,
                      guint             columns,
                      const int        *widths,
                      const int        *heights)
{
  g_autofree double *row_height = NULL;
  g_autofree double *gutter = NULL;
  guint rows;

  g_return_if_fail (charts != NULL || n_charts == 0);
  g_return_if_fail (widths != NULL || n_charts == 0);
  g_return_if_fail (heights != NULL || n_charts == 0);
  if (n_charts == 0)
    return;
  columns = CLAMP (columns, 1, n_charts);
  rows = (n_charts + columns - 1) / columns;
  row_height = g_new0 (double, rows);
  gutter = g_new0 (double, columns);

  /* The plot heights first: a plot's height decides its value ticks, and
   * so the width of their labels. Neither depends on the gutter. */
  for (guint i = 0; i < n_charts; i++)
    {
      IscChartAlignment natural;
      double *h = &row_height[i / columns];

      if (charts[i] == NULL)
        continue;
      isc_chart_get_natural_alignment (charts[i], widths[i], heights[i], &natural);
      if (natural.plot_height > 0 && (*h == 0 || natural.plot_height < *h))
        *h = natural.plot_height;
    }
  for (guint i = 0; i < n_charts; i++)
    {
      IscChartAlignment align;
      IscChartAlignment natural;

      if (charts[i] == NULL)
        continue;
      align = charts[i]->align;
      align.plot_height = row_height[i / columns];
      isc_chart_set_alignment (charts[i], &align);
      isc_chart_get_natural_alignment (charts[i], widths[i], heights[i], &natural);
      gutter[i % columns] = MAX (gutter[i % columns], natural.gutter);
    }
  for (guint i = 0; i < n_charts; i++)
    {
      IscChartAlignment align = { gutter[i % columns], row_height[i / columns] };

      if (charts[i] == NULL)
        continue;
      isc_chart_set_alignment (charts[i], &align);
    }
}

const IscChartLayout *
isc_chart_ensure_layout (IscChart *self,
                         int       width,
                         int       height)
{
  g_return_val_if_fail (ISC_IS_CHART (self), NULL);
  g_return_val_if_fail (self->model != NULL, NULL);

  if (self->layout != NULL &&
      self->layout->width == width &&
      self->layout->height == height)
    return self->layout;

  isc_chart_invalidate (self);
  self->layout = isc_chart_layout_new_aligned (self->model, &self->style, self->pango, self->tz, self->utc,
                                               width, height, self->reduce, &self->align);
  if (!isc_chart_model_is_empty (self->model))
    isc_chart_renderer_prepare (self->renderer, self->model, self->layout, &self->style);

  return self->layout;
}

static void
draw_grid (IscChart             *self,
           cairo_t              *cr,
           const IscChartLayout *layout)
{
  const IscChartStyle *style = &self->style;
  const IscChartRect *plot = &layout->plot;

  cairo_set_line_width (cr, style->grid_width);
  isc_chart_style_set_source (cr, &style->grid);
  for (guint i = 0; i < layout->value_tick_items->len; i++)
    {
      const IscChartTick *tick = &g_array_index (layout->value_tick_items, IscChartTick, i);

      cairo_move_to (cr, plot->x, tick->pos);
      cairo_line_to (cr, plot->x + plot->width, tick->pos);
    }
  for (guint i = 0; i < layout->time_tick_items->len; i++)
    {
      const IscChartTick *tick = &g_array_index (layout->time_tick_items, IscChartTick, i);

      cairo_move_to (cr, tick->pos, plot->y);
      cairo_line_to (cr, tick->pos, plot->y + plot->height);
    }
  cairo_stroke (cr);

  /* The time axis and its ticks */
  isc_chart_style_set_source (cr, &style->axis);
  cairo_move_to (cr, plot->x, round (plot->y + plot->height) + 0.5);
  cairo_line_to (cr, plot->x + plot->width, round (plot->y + plot->height) + 0.5);
  for (guint i = 0; i < layout->time_tick_items->len; i++)
    {
      const IscChartTick *tick = &g_array_index (layout->time_tick_items, IscChartTick, i);

      cairo_move_to (cr, tick->pos, plot->y + plot->height);
      cairo_line_to (cr, tick->pos, plot->y + plot->height + style->tick_length);
    }
  cairo_stroke (cr);
}

/* A series' swatch with its top-left corner at (x, y), as the series
 * looks: a dashed line's two dashes, else a square in its colour
 * composited over the chart's background (a fan's band as drawn), so the
 * legend and the hover box, on its translucent box, show the same. */
static void
draw_swatch (IscChart *self,
             cairo_t  *cr,
             guint     series,
             double    x,
             double    y)
{
  const IscChartStyle *style = &self->style;
  const IscChartSeries *cs = isc_chart_model_get_series (self->model, series);
  double size = style->swatch_size;
  IscChartColor color;
  double a;

  isc_chart_renderer_get_series_color (self->renderer, self->model, style, series, &color);
  a = color.alpha;
  cairo_set_source_rgb (cr,
                        color.red * a + style->background.red * (1 - a),
                        color.green * a + style->background.green * (1 - a),
                        color.blue * a + style->background.blue * (1 - a));
  if (cs->role == ISC_CHART_SERIES_AVERAGE)
    {
      cairo_rectangle (cr, x, y + size / 2 - 1, size / 2 - 1, 2);
      cairo_rectangle (cr, x + size / 2 + 1, y + size / 2 - 1, size / 2 - 1, 2);
    }
  else
    cairo_rectangle (cr, x, y, size, size);
  cairo_fill (cr);
}

static void
draw_labels (IscChart             *self,
             cairo_t              *cr,
             const IscChartLayout *layout)
{
  const IscChartStyle *style = &self->style;

  isc_chart_style_set_source (cr, &style->muted);
  for (guint i = 0; i < layout->value_tick_items->len; i++)
    isc_chart_text_draw (cr, &g_array_index (layout->value_tick_items, IscChartTick, i).text);
  for (guint i = 0; i < layout->time_tick_items->len; i++)
    isc_chart_text_draw (cr, &g_array_index (layout->time_tick_items, IscChartTick, i).text);

  for (guint i = 0; i < layout->legend->len; i++)
    {
      const IscChartLegendItem *item = &g_array_index (layout->legend, IscChartLegendItem, i);

      /* A hidden series stays in the legend, dimmed, to be shown again. */
      if (item->hidden)
        cairo_push_group (cr);
      draw_swatch (self, cr, item->series, item->swatch_x, item->swatch_y);
      isc_chart_style_set_source (cr, &style->foreground);
      isc_chart_text_draw (cr, &item->text);
      if (item->hidden)
        {
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, ISC_CHART_HIDDEN_ALPHA);
        }
    }
}

/* A lone spike above the soft maximum: a notch pointing up out of the
 * plot's top where it was cut, and its value on a badge beside it. */
static void
draw_clip_marks (IscChart             *self,
                 cairo_t              *cr,
                 const IscChartLayout *layout)
{
  const IscChartStyle *style = &self->style;
  double size = style->spacing;

  for (guint i = 0; i < layout->clip_marks->len; i++)
    {
      const IscChartClipMark *mark = &g_array_index (layout->clip_marks, IscChartClipMark, i);
      int w, h;

      isc_chart_style_set_source (cr, &style->foreground);
      cairo_move_to (cr, mark->x, layout->plot.y - size);
      cairo_line_to (cr, mark->x + size, layout->plot.y + size / 2);
      cairo_line_to (cr, mark->x - size, layout->plot.y + size / 2);
      cairo_close_path (cr);
      cairo_fill (cr);

      pango_layout_get_pixel_size (mark->text.layout, &w, &h);
      cairo_rectangle (cr, mark->text.x - 3.5, mark->text.y - 0.5, w + 7, h + 1);
      isc_chart_style_set_source (cr, &style->tooltip_background);
      cairo_fill_preserve (cr);
      isc_chart_style_set_source (cr, &style->tooltip_border);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      isc_chart_style_set_source (cr, &style->foreground);
      isc_chart_text_draw (cr, &mark->text);
    }
}

/**
 * isc_chart_draw:
 * @self: a chart
 * @cr: where to draw, in logical pixels (scale it for HiDPI or print)
 * @width: width in logical pixels
 * @height: height in logical pixels
 *
 * Draws the whole chart: background, header, grid, series, axes, legend,
 * or "No data in this range" when every value is null.
 */
void
isc_chart_draw (IscChart *self,
                cairo_t  *cr,
                int       width,
                int       height)
{
  const IscChartStyle *style;
  const IscChartLayout *layout;

  g_return_if_fail (ISC_IS_CHART (self));
  g_return_if_fail (cr != NULL);

  if (self->model == NULL || width <= 0 || height <= 0)
    return;

  layout = isc_chart_ensure_layout (self, width, height);
  style = &self->style;

  cairo_save (cr);

  isc_chart_style_set_source (cr, &style->background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  isc_chart_style_set_source (cr, &style->foreground);
  isc_chart_text_draw (cr, &layout->title);
  isc_chart_style_set_source (cr, &style->muted);
  isc_chart_text_draw (cr, &layout->subtitle);

  if (layout->message.layout != NULL)
    {
      isc_chart_text_draw (cr, &layout->message);
      cairo_restore (cr);
      return;
    }

  if (isc_chart_model_get_plot (self->model) != ISC_CHART_PLOT_BARS)
    draw_grid (self, cr, layout);

  cairo_save (cr);
  if (isc_chart_model_get_plot (self->model) != ISC_CHART_PLOT_BARS)
    {
      /* Lines may reach a little past the plot where a value touches the
       * top tick; clip just outside the line width. */
      cairo_rectangle (cr, layout->plot.x, layout->plot.y - style->median_width,
                       layout->plot.width + style->median_width, layout->plot.height + 2 * style->median_width);
      cairo_clip (cr);
    }
  isc_chart_renderer_draw (self->renderer, cr, self->model, layout, style);
  cairo_restore (cr);

  draw_clip_marks (self, cr, layout);
  draw_labels (self, cr, layout);

  cairo_restore (cr);
}

int
isc_chart_get_step_at_x (IscChart *self,
                         int       width,
                         int       height,
                         double    x)
{
  const IscChartLayout *layout;
  guint n_steps;
  int step;

  g_return_val_if_fail (ISC_IS_CHART (self), -1);

  if (self->model == NULL || isc_chart_model_get_plot (self->model) == ISC_CHART_PLOT_BARS)
    return -1;

  layout = isc_chart_ensure_layout (self, width, height);
  if (x < layout->plot.x || x > layout->plot.x + layout->plot.width)
    return -1;

  step = isc_chart_model_get_step_at (self->model, isc_chart_layout_ms_for_x (layout, x));
  n_steps = isc_chart_model_get_n_steps (self->model);

  /* The nearer of this step's start and the next one's. */
  if (step >= 0 && (guint)step + 1 < n_steps &&
      fabs (layout->step_x[step + 1] - x) < fabs (layout->step_x[step] - x))
    step++;
  return step;
}

/* A 4xx or 5xx layer's share of the step's requests, after its value:
 * "5xx  12/s  10 %". */
static void
append_hover_error_share (GString       *markup,
                          IscChartModel *model,
                          guint          series,
                          int            step)
{
  g_autofree char *share_text = isc_chart_model_dup_error_share_text (model, series, step);
  g_autofree char *escaped = NULL;

  if (share_text == NULL)
    return;
  escaped = g_markup_escape_text (share_text, -1);
  g_string_append_printf (markup, "  %s", escaped);
}

/* A step that holds only part of its interval says so under its time. */
static void
append_incomplete_line (IscChart *self,
                        GString  *markup,
                        int       step)
{
  const char *text;
  g_autofree char *line = NULL;

  if (isc_chart_model_get_step_complete (self->model, step))
    return;

  if (isc_chart_model_get_kind (self->model) == ISC_METRIC_KIND_COUNTER)
    /* Translators: the hover over a step still being counted; its values
     * will grow */
    text = _("incomplete: counted so far, more to come");
  else
    /* Translators: the hover over a step whose data is still being
     * ingested */
    text = _("incomplete: data still arriving");
  line = g_markup_printf_escaped ("\n<i>%s</i>", text);
  g_string_append (markup, line);
}

static PangoLayout *
create_hover_text (IscChart             *self,
                   const IscChartLayout *layout,
                   int                   step)
{
  const IscChartStyle *style = &self->style;
  const gint64 *starts = isc_chart_model_get_step_starts (self->model);
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (starts[step] / 1000);
  g_autoptr(GDateTime) dt = g_date_time_to_timezone (utc, self->tz);
  g_autofree char *when = g_date_time_format (dt, "%a %-d %b %H:%M:%S");
  const guint *order;
  guint n_order = 0;

  g_string_append_printf (markup, "<b>%s</b>", when);
  append_incomplete_line (self, markup, step);
  order = isc_chart_model_get_order (self->model, &n_order);
  for (guint k = 0; k < n_order; k++)
    {
      const IscChartSeries *cs = isc_chart_model_get_series (self->model, order[k]);
      g_autofree char *value = NULL;
      g_autofree char *line = NULL;

      /* A hidden series is not drawn, so it has no value to read. */
      if (isc_chart_model_get_series_hidden (self->model, order[k]))
        continue;
      value = isc_chart_model_format_value_long (self->model, &layout->value_format, cs->values[step]);

      /* A transparent square keeps the swatch's place: draw_hover_swatches
       * draws it there as the legend does. */
      line = g_markup_printf_escaped ("\n<span alpha=\"1\">■</span> %s  <b>%s</b>", cs->label, value);
      g_string_append (markup, line);
      append_hover_error_share (markup, self->model, order[k], step);
    }

  return isc_chart_layout_create_text (self->pango, style, style->label_size, FALSE, markup->str);
}

/* Where the hover's values box goes for step: beside the cursor, on the
 * left of it when it would leave the plot. FALSE when there is no hover. */
static gboolean
hover_geometry (IscChart             *self,
                int                   width,
                int                   height,
                int                   step,
                double               *cursor_x,
                IscChartRect         *box)
{
  const IscChartLayout *layout;
  const IscChartRect *plot;
  double x, pad;
  int w, h;

  if (self->model == NULL || step < 0 || (guint)step >= isc_chart_model_get_n_steps (self->model))
    return FALSE;

  layout = isc_chart_ensure_layout (self, width, height);
  if (layout->message.layout != NULL)
    return FALSE;
  plot = &layout->plot;

  /* The values text only changes with the step. */
  if (self->hover_text == NULL || self->hover_step != step)
    {
      g_clear_object (&self->hover_text);
      self->hover_text = create_hover_text (self, layout, step);
      self->hover_step = step;
    }

  /* The step's own pixel column, where its points are drawn. */
  x = floor (layout->step_x[step]) + 0.5;
  pad = self->style.spacing;
  pango_layout_get_pixel_size (self->hover_text, &w, &h);
  box->width = w + 2 * pad;
  box->height = h + 2 * pad;
  box->x = x + 2 * pad;
  if (box->x + box->width > plot->x + plot->width)
    box->x = x - 2 * pad - box->width;
  box->x = round (MAX (0, box->x)) + 0.5;
  box->y = round (plot->y + pad) + 0.5;
  *cursor_x = x;
  return TRUE;
}

gboolean
isc_chart_get_hover_area (IscChart     *self,
                          int           width,
                          int           height,
                          int           step,
                          IscChartRect *area)
{
  const IscChartLayout *layout;
  IscChartRect box;
  double x, x0, x1, y0, y1;

  g_return_val_if_fail (ISC_IS_CHART (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  if (!hover_geometry (self, width, height, step, &x, &box))
    return FALSE;

  layout = isc_chart_ensure_layout (self, width, height);
  /* The cursor line and the box, with a pixel around for antialiasing. */
  x0 = MIN (x - 1, box.x - 1);
  x1 = MAX (x + 1, box.x + box.width + 1);
  y0 = MIN (layout->plot.y, box.y) - 1;
  y1 = MAX (layout->plot.y + layout->plot.height, box.y + box.height) + 1;
  area->x = floor (MAX (0, x0));
  area->y = floor (MAX (0, y0));
  area->width = ceil (MIN (width, x1)) - area->x;
  area->height = ceil (MIN (height, y1)) - area->y;
  return TRUE;
}

/* The hover box's swatches, one on each series line's placeholder square
 * (in the model's order, as create_hover_text writes them), the text
 * drawn with its top-left corner at (x, y). */
static void
draw_hover_swatches (IscChart *self,
                     cairo_t  *cr,
                     double    x,
                     double    y)
{
  const char *text = pango_layout_get_text (self->hover_text);
  const char *p = text;
  const guint *order;
  guint n_order = 0, k = 0;

  order = isc_chart_model_get_order (self->model, &n_order);
  while (k < n_order && (p = strstr (p, "■")) != NULL)
    {
      PangoRectangle pos;
      double size = self->style.swatch_size;

      /* create_hover_text leaves hidden series out. */
      if (isc_chart_model_get_series_hidden (self->model, order[k]))
        {
          k++;
          continue;
        }
      pango_layout_index_to_pos (self->hover_text, (int)(p - text), &pos);
      draw_swatch (self, cr, order[k++],
                   round (x + pango_units_to_double (pos.x + pos.width / 2) - size / 2),
                   round (y + pango_units_to_double (pos.y + pos.height / 2) - size / 2));
      p += strlen ("■");
    }
}

void
isc_chart_draw_hover (IscChart *self,
                      cairo_t  *cr,
                      int       width,
                      int       height,
                      int       step)
{
  const IscChartStyle *style;
  const IscChartLayout *layout;
  IscChartRect box;
  double x;

  g_return_if_fail (ISC_IS_CHART (self));

  if (!hover_geometry (self, width, height, step, &x, &box))
    return;

  layout = isc_chart_ensure_layout (self, width, height);
  style = &self->style;

  cairo_save (cr);
  cairo_set_line_width (cr, style->cursor_width);
  isc_chart_style_set_source (cr, &style->cursor);
  cairo_move_to (cr, x, layout->plot.y);
  cairo_line_to (cr, x, layout->plot.y + layout->plot.height);
  cairo_stroke (cr);

  cairo_rectangle (cr, box.x, box.y, box.width, box.height);
  isc_chart_style_set_source (cr, &style->tooltip_background);
  cairo_fill_preserve (cr);
  isc_chart_style_set_source (cr, &style->tooltip_border);
  cairo_stroke (cr);

  isc_chart_style_set_source (cr, &style->foreground);
  cairo_move_to (cr, box.x - 0.5 + style->spacing, box.y - 0.5 + style->spacing);
  pango_cairo_show_layout (cr, self->hover_text);
  draw_hover_swatches (self, cr, box.x - 0.5 + style->spacing, box.y - 0.5 + style->spacing);
  cairo_restore (cr);
}

char *
isc_chart_dup_hover_text (IscChart *self,
                          int       width,
                          int       height,
                          int       step)
{
  const IscChartLayout *layout;
  g_autoptr(PangoLayout) text = NULL;

  g_return_val_if_fail (ISC_IS_CHART (self), NULL);

  if (self->model == NULL || step < 0 || (guint)step >= isc_chart_model_get_n_steps (self->model))
    return NULL;

  layout = isc_chart_ensure_layout (self, width, height);
  text = create_hover_text (self, layout, step);
  return g_strdup (pango_layout_get_text (text));
}

static GStrv
texts_of (GArray *items,
          gsize   stride,
          gsize   offset)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < items->len; i++)
    {
      const IscChartText *text = (const IscChartText *)(gpointer)(items->data + i * stride + offset);

      /* A time tick whose label was dropped. */
      if (text->layout == NULL)
        continue;
      g_strv_builder_add (builder, pango_layout_get_text (text->layout));
    }
  return g_strv_builder_end (builder);
}

GStrv
isc_chart_dup_value_labels (IscChart *self,
                            int       width,
                            int       height)
{
  const IscChartLayout *layout;

  g_return_val_if_fail (ISC_IS_CHART (self), NULL);
  layout = isc_chart_ensure_layout (self, width, height);
  return texts_of (layout->value_tick_items, sizeof (IscChartTick), G_STRUCT_OFFSET (IscChartTick, text));
}

const IscValueFormat *
isc_chart_get_value_format (IscChart *self,
                            int       width,
                            int       height)
{
  g_return_val_if_fail (ISC_IS_CHART (self), NULL);
  return &isc_chart_ensure_layout (self, width, height)->value_ticks->format;
}

const IscValueFormat *
isc_chart_get_legend_format (IscChart *self,
                             int       width,
                             int       height)
{
  g_return_val_if_fail (ISC_IS_CHART (self), NULL);
  return &isc_chart_ensure_layout (self, width, height)->value_format;
}

GStrv
isc_chart_dup_time_labels (IscChart *self,
                           int       width,
                           int       height)
{
  const IscChartLayout *layout;

  g_return_val_if_fail (ISC_IS_CHART (self), NULL);
  layout = isc_chart_ensure_layout (self, width, height);
  return texts_of (layout->time_tick_items, sizeof (IscChartTick), G_STRUCT_OFFSET (IscChartTick, text));
}

GStrv
isc_chart_dup_legend_texts (IscChart *self,
                            int       width,
                            int       height)
{
  const IscChartLayout *layout;

  g_return_val_if_fail (ISC_IS_CHART (self), NULL);
  layout = isc_chart_ensure_layout (self, width, height);
  return texts_of (layout->legend, sizeof (IscChartLegendItem), G_STRUCT_OFFSET (IscChartLegendItem, text));
}

void
isc_chart_get_series_color (IscChart      *self,
                            guint          series,
                            IscChartColor *color)
{
  g_return_if_fail (ISC_IS_CHART (self));
  g_return_if_fail (self->renderer != NULL);

  isc_chart_renderer_get_series_color (self->renderer, self->model, &self->style, series, color);
}

/**
 * isc_chart_get_legend_item_at:
 * @self: a chart
 * @width: width in logical pixels
 * @height: height in logical pixels
 * @x: device x
 * @y: device y
 *
 * The series whose legend item (its swatch and its text) is under (x, y),
 * hidden or not, so a click there can toggle it.
 *
 * Returns: an index into the model's series, or -1
 */
int
isc_chart_get_legend_item_at (IscChart *self,
                              int       width,
                              int       height,
                              double    x,
                              double    y)
{
  const IscChartLayout *layout;

  g_return_val_if_fail (ISC_IS_CHART (self), -1);

  if (self->model == NULL || width <= 0 || height <= 0)
    return -1;

  layout = isc_chart_ensure_layout (self, width, height);
  for (guint i = 0; i < layout->legend->len; i++)
    {
      const IscChartLegendItem *item = &g_array_index (layout->legend, IscChartLegendItem, i);

      if (x >= item->swatch_x && x < item->swatch_x + item->width &&
          y >= item->y && y < item->y + item->height)
        return item->series;
    }
  return -1;
}

/**
 * isc_chart_get_legend_item_area:
 * @self: a chart
 * @width: width in logical pixels
 * @height: height in logical pixels
 * @series: an index into the model's series
 * @area: (out): the item's box
 *
 * Where the legend item of @series lies, for tests and for a widget that
 * wants to draw a focus ring around it.
 *
 * Returns: FALSE when the legend does not list @series
 */
gboolean
isc_chart_get_legend_item_area (IscChart     *self,
                                int           width,
                                int           height,
                                guint         series,
                                IscChartRect *area)
{
  const IscChartLayout *layout;

  g_return_val_if_fail (ISC_IS_CHART (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  if (self->model == NULL || width <= 0 || height <= 0)
    return FALSE;

  layout = isc_chart_ensure_layout (self, width, height);
  for (guint i = 0; i < layout->legend->len; i++)
    {
      const IscChartLegendItem *item = &g_array_index (layout->legend, IscChartLegendItem, i);

      if (item->series != series)
        continue;
      *area = (IscChartRect) { item->swatch_x, item->y, item->width, item->height };
      return TRUE;
    }
  return FALSE;
}

double
isc_chart_get_x_for_time (IscChart *self,
                          int       width,
                          int       height,
                          gint64    ms)
{
  g_return_val_if_fail (ISC_IS_CHART (self), 0);
  g_return_val_if_fail (self->model != NULL, 0);

  return isc_chart_layout_x_for_ms (isc_chart_ensure_layout (self, width, height), ms);
}

gint64
isc_chart_get_time_at_x (IscChart *self,
                         int       width,
                         int       height,
                         double    x)
{
  const IscChartLayout *layout;

  g_return_val_if_fail (ISC_IS_CHART (self), 0);
  g_return_val_if_fail (self->model != NULL, 0);

  layout = isc_chart_ensure_layout (self, width, height);
  if (layout->plot.width <= 0)
    return layout->x_min;
  return layout->x_min + (gint64) llround ((x - layout->plot.x) / layout->plot.width *
                                           (double) (layout->x_max - layout->x_min));
}

int
isc_chart_get_step_near_time (IscChart *self,
                              gint64    ms)
{
  const gint64 *starts;
  guint n_steps;
  int step;

  g_return_val_if_fail (ISC_IS_CHART (self), -1);

  if (self->model == NULL || isc_chart_model_get_plot (self->model) == ISC_CHART_PLOT_BARS)
    return -1;

  step = isc_chart_model_get_step_at (self->model, ms);
  if (step < 0)
    return -1;
  starts = isc_chart_model_get_step_starts (self->model);
  n_steps = isc_chart_model_get_n_steps (self->model);
  /* The nearer of this step's start and the next one's, as
   * isc_chart_get_step_at_x() chooses. */
  if ((guint) step + 1 < n_steps && starts[step + 1] - ms < ms - starts[step])
    step++;
  return step;
}

/* Where the cursor line alone goes for step; FALSE when there is none. */
static gboolean
cursor_line_x (IscChart *self,
               int       width,
               int       height,
               int       step,
               double   *x)
{
  const IscChartLayout *layout;

  if (self->model == NULL || step < 0 || (guint) step >= isc_chart_model_get_n_steps (self->model))
    return FALSE;
  layout = isc_chart_ensure_layout (self, width, height);
  if (layout->message.layout != NULL)
    return FALSE;
  *x = floor (layout->step_x[step]) + 0.5;
  return TRUE;
}

gboolean
isc_chart_get_cursor_area (IscChart     *self,
                           int           width,
                           int           height,
                           gint64        ms,
                           gboolean      with_values,
                           IscChartRect *area)
{
  const IscChartLayout *layout;
  int step;
  double x;

  g_return_val_if_fail (ISC_IS_CHART (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  step = isc_chart_get_step_near_time (self, ms);
  if (with_values)
    return isc_chart_get_hover_area (self, width, height, step, area);
  if (!cursor_line_x (self, width, height, step, &x))
    return FALSE;

  layout = isc_chart_ensure_layout (self, width, height);
  area->x = floor (MAX (0, x - 1));
  area->y = floor (MAX (0, layout->plot.y - 1));
  area->width = ceil (MIN (width, x + 1)) - area->x;
  area->height = ceil (MIN (height, layout->plot.y + layout->plot.height + 1)) - area->y;
  return area->width > 0 && area->height > 0;
}

gboolean
isc_chart_get_cursor_line (IscChart     *self,
                           int           width,
                           int           height,
                           gint64        ms,
                           IscChartRect *line)
{
  const IscChartLayout *layout;
  double x;

  g_return_val_if_fail (ISC_IS_CHART (self), FALSE);
  g_return_val_if_fail (line != NULL, FALSE);

  if (!cursor_line_x (self, width, height, isc_chart_get_step_near_time (self, ms), &x))
    return FALSE;
  layout = isc_chart_ensure_layout (self, width, height);
  line->x = x - self->style.cursor_width / 2;
  line->y = layout->plot.y;
  line->width = self->style.cursor_width;
  line->height = layout->plot.height;
  return TRUE;
}

void
isc_chart_draw_cursor_at (IscChart *self,
                          cairo_t  *cr,
                          int       width,
                          int       height,
                          gint64    ms,
                          gboolean  with_values)
{
  const IscChartLayout *layout;
  int step;
  double x;

  g_return_if_fail (ISC_IS_CHART (self));
  g_return_if_fail (cr != NULL);

  step = isc_chart_get_step_near_time (self, ms);
  if (with_values)
    {
      isc_chart_draw_hover (self, cr, width, height, step);
      return;
    }
  if (!cursor_line_x (self, width, height, step, &x))
    return;

  layout = isc_chart_ensure_layout (self, width, height);
  cairo_save (cr);
  cairo_set_line_width (cr, self->style.cursor_width);
  isc_chart_style_set_source (cr, &self->style.cursor);
  cairo_move_to (cr, x, layout->plot.y);
  cairo_line_to (cr, x, layout->plot.y + layout->plot.height);
  cairo_stroke (cr);
  cairo_restore (cr);
}
