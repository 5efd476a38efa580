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

#include "isc-chart-layout-private.h"
#include "isc-chart-private.h"
#include "isc-chart-renderer-factory.h"

G_DEFINE_FINAL_TYPE (IscChart, isc_chart, G_TYPE_OBJECT)

static void
isc_chart_invalidate (IscChart *self)
{
  /* The kept pixels' layout stays theirs (isc-chart-pixels.c). */
  if (self->layout == self->pixels_layout)
    self->layout = NULL;
  else
    g_clear_pointer (&self->layout, isc_chart_layout_free);
  self->prepared = FALSE;
  g_clear_object (&self->hover_text);
  self->hover_step = -1;
  if (self->compare_paths != NULL)
    g_ptr_array_set_size (self->compare_paths, 0);
}

/* Hidden series change the extent, the stack and the legend: lay out and
 * prepare the paths again on the next draw. */
static void
on_model_hidden_changed (IscChart      *self,
                         IscChartModel *model)
{
  _isc_chart_drop_pixels (self);
  isc_chart_invalidate (self);
}

static void
isc_chart_dispose (GObject *object)
{
  IscChart *self = (IscChart *)object;

  _isc_chart_drop_pixels (self);
  isc_chart_invalidate (self);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, on_model_hidden_changed, self);
  g_clear_object (&self->model);
  g_clear_object (&self->renderer);
  if (self->pango != NULL)
    _isc_chart_layout_share_texts (self->pango, FALSE);
  g_clear_object (&self->pango);
  g_clear_pointer (&self->tz, g_time_zone_unref);
  g_clear_pointer (&self->compare_paths, g_ptr_array_unref);

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
  /* A relayout (a new size, a new alignment) measures its labels once. */
  _isc_chart_layout_share_texts (self->pango, TRUE);
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
  _isc_chart_drop_pixels (self);
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
  _isc_chart_drop_pixels (self);
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
  return self->layout;
}

/* The shapes the renderer draws, from the layout: only for a chart that
 * is drawn. A page lays out every chart it holds, for their alignment
 * and their descriptions, and draws the few in sight; preparing the
 * others cost about 3 % of a refresh's CPU (perf over
 * tests/bench-charts-refresh). */
void
_isc_chart_ensure_prepared (IscChart             *self,
                            const IscChartLayout *layout)
{
  if (self->prepared)
    return;
  self->prepared = TRUE;
  if (isc_chart_model_is_empty (self->model))
    return;
  isc_chart_renderer_prepare (self->renderer, self->model, layout, &self->style);
  _isc_chart_prepare_compare (self, layout);
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
void
isc_chart_add_swatch_fills (IscChart *self,
                            guint     series,
                            double    x,
                            double    y,
                            GArray   *fills)
{
  const IscChartStyle *style = &self->style;
  const IscChartSeries *cs = isc_chart_model_get_series (self->model, series);
  double size = style->swatch_size;
  IscChartFill fill;
  double a;

  isc_chart_renderer_get_series_color (self->renderer, self->model, style, series, &fill.color);
  a = fill.color.alpha;
  fill.color.red = fill.color.red * a + style->background.red * (1 - a);
  fill.color.green = fill.color.green * a + style->background.green * (1 - a);
  fill.color.blue = fill.color.blue * a + style->background.blue * (1 - a);
  fill.color.alpha = 1;
  /* A compared series is a dashed line too. */
  if (cs->role == ISC_CHART_SERIES_AVERAGE || isc_chart_model_is_compare (self->model, series))
    {
      fill.rect = (IscChartRect) { x, y + size / 2 - 1, size / 2 - 1, 2 };
      g_array_append_val (fills, fill);
      fill.rect = (IscChartRect) { x + size / 2 + 1, y + size / 2 - 1, size / 2 - 1, 2 };
      g_array_append_val (fills, fill);
    }
  else
    {
      fill.rect = (IscChartRect) { x, y, size, size };
      g_array_append_val (fills, fill);
    }
}

void
isc_chart_draw_fills (cairo_t *cr,
                      GArray  *fills)
{
  for (guint i = 0; i < fills->len; i++)
    {
      const IscChartFill *fill = &g_array_index (fills, IscChartFill, i);

      isc_chart_style_set_source (cr, &fill->color);
      cairo_rectangle (cr, fill->rect.x, fill->rect.y, fill->rect.width, fill->rect.height);
      cairo_fill (cr);
    }
}

void
isc_chart_draw_swatch (IscChart *self,
                       cairo_t  *cr,
                       guint     series,
                       double    x,
                       double    y)
{
  g_autoptr(GArray) fills = g_array_new (FALSE, FALSE, sizeof (IscChartFill));

  isc_chart_add_swatch_fills (self, series, x, y, fills);
  isc_chart_draw_fills (cr, fills);
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
      isc_chart_draw_swatch (self, cr, item->series, item->swatch_x, item->swatch_y);
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

/* An annotation's label on a pad of the background, so it reads over
 * the series it crosses. */
static void
draw_annotation_label (IscChart           *self,
                       cairo_t            *cr,
                       const IscChartText *text)
{
  const IscChartStyle *style = &self->style;
  int w, h;

  if (text->layout == NULL)
    return;
  pango_layout_get_pixel_size (text->layout, &w, &h);
  isc_chart_style_set_source_alpha (cr, &style->background, 0.85);
  cairo_rectangle (cr, text->x - 2, text->y, w + 4, h);
  cairo_fill (cr);
  isc_chart_style_set_source (cr, &style->foreground);
  isc_chart_text_draw (cr, text);
}

/* Reference lines (dashed, across the plot) and rollout markers
 * (dotted, top to bottom), over the series; their arrows and labels are
 * draw_annotation_labels()'. A straight line's dashes keep their place
 * on the time axis (from the epoch, in whole pixels), so a refresh that
 * moves the axis by whole pixels moves them with it. */
static void
draw_annotation_lines (IscChart             *self,
                       cairo_t              *cr,
                       const IscChartLayout *layout)
{
  const IscChartStyle *style = &self->style;
  const IscChartRect *plot = &layout->plot;
  double right = plot->x + plot->width;
  double ref_dash[] = { style->dash_length, 3 };
  double marker_dash[] = { 2, 2 };
  double origin = 0;

  if (layout->references->len == 0 && layout->markers->len == 0)
    return;

  cairo_save (cr);
  cairo_set_line_width (cr, style->annotation_width);
  isc_chart_style_set_source (cr, &style->marker);
  cairo_set_dash (cr, marker_dash, G_N_ELEMENTS (marker_dash), 0);
  for (guint i = 0; i < layout->markers->len; i++)
    {
      const IscChartMarkerLine *line = &g_array_index (layout->markers, IscChartMarkerLine, i);

      cairo_move_to (cr, line->x, plot->y);
      cairo_line_to (cr, line->x, plot->y + plot->height);
    }
  cairo_stroke (cr);

  isc_chart_style_set_source (cr, &style->reference);
  cairo_set_dash (cr, ref_dash, G_N_ELEMENTS (ref_dash), 0);
  for (guint i = 0; i < layout->references->len; i++)
    {
      const IscChartReferenceLine *line = &g_array_index (layout->references, IscChartReferenceLine, i);

      /* A limit that stepped: along its values, up and down where they
       * change. */
      if (line->n_points == 0)
        continue;
      cairo_move_to (cr, line->xs[0], line->ys[0]);
      for (guint k = 1; k < line->n_points; k++)
        cairo_line_to (cr, line->xs[k], line->ys[k]);
    }
  cairo_stroke (cr);

  isc_chart_layout_get_x_origin (layout, &origin);
  cairo_set_dash (cr, ref_dash, G_N_ELEMENTS (ref_dash), fmod (origin, ref_dash[0] + ref_dash[1]));
  for (guint i = 0; i < layout->references->len; i++)
    {
      const IscChartReferenceLine *line = &g_array_index (layout->references, IscChartReferenceLine, i);

      if (line->n_points > 0 || line->above)
        continue;
      cairo_move_to (cr, plot->x, line->y);
      cairo_line_to (cr, right, line->y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The reference lines' arrows (above the axis) and every annotation's
 * label: drawn over the plot's pixels, not with them (they stay at the
 * plot's edges where the lines move with the time axis). */
static void
draw_annotation_labels (IscChart             *self,
                        cairo_t              *cr,
                        const IscChartLayout *layout)
{
  const IscChartStyle *style = &self->style;
  const IscChartRect *plot = &layout->plot;
  double right = plot->x + plot->width;
  double size = style->spacing;

  if (layout->references->len == 0 && layout->markers->len == 0)
    return;

  cairo_save (cr);
  cairo_set_line_width (cr, style->annotation_width);
  /* Above the axis: an arrow pointing up at the top edge's right end. */
  for (guint i = 0; i < layout->references->len; i++)
    {
      const IscChartReferenceLine *line = &g_array_index (layout->references, IscChartReferenceLine, i);
      double x = right - size - 2;

      if (!line->above)
        continue;
      isc_chart_style_set_source (cr, &style->reference);
      cairo_move_to (cr, x, plot->y + 1);
      cairo_line_to (cr, x + size * 0.8, plot->y + 1 + size * 1.2);
      cairo_line_to (cr, x - size * 0.8, plot->y + 1 + size * 1.2);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    }

  for (guint i = 0; i < layout->markers->len; i++)
    draw_annotation_label (self, cr, &g_array_index (layout->markers, IscChartMarkerLine, i).text);
  for (guint i = 0; i < layout->references->len; i++)
    {
      const IscChartReferenceLine *line = &g_array_index (layout->references, IscChartReferenceLine, i);

      draw_annotation_label (self, cr, &line->text);
      for (guint k = 0; line->step_texts != NULL && k < line->step_texts->len; k++)
        draw_annotation_label (self, cr, &g_array_index (line->step_texts, IscChartText, k));
    }
  cairo_restore (cr);
}

/* A rectangle, or a card: rounded corners and a hairline inside the
 * edge, crisp on the pixel grid. The card is drawn in small pieces (two
 * rectangles, four hairlines and a path per corner), each its own
 * operation: GSK's cairo renderer replays the chart's picture for every
 * damaged strip, and cairo then skips what lies outside the strip; one
 * rounded path as large as the chart would be filled again each time. */
static void
draw_background (IscChart *self,
                 cairo_t  *cr,
                 int       width,
                 int       height)
{
  const IscChartStyle *style = &self->style;
  double r = floor (MIN (self->frame_radius, MIN (width, height) / 2.0));
  const double corners[4][3] = {
    /* centre x, centre y, start angle */
    { width - r, r, -G_PI / 2 }, { width - r, height - r, 0 },
    { r, height - r, G_PI / 2 }, { r, r, G_PI },
  };

  isc_chart_style_set_source (cr, &style->background);
  if (!self->framed || r <= 0)
    {
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
      if (self->framed)
        {
          isc_chart_style_set_source (cr, &style->frame);
          cairo_set_line_width (cr, 1);
          cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
          cairo_stroke (cr);
        }
      return;
    }

  cairo_rectangle (cr, r, 0, width - 2 * r, height);
  cairo_fill (cr);
  cairo_rectangle (cr, 0, r, r, height - 2 * r);
  cairo_fill (cr);
  cairo_rectangle (cr, width - r, r, r, height - 2 * r);
  cairo_fill (cr);
  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    {
      cairo_move_to (cr, corners[i][0], corners[i][1]);
      cairo_arc (cr, corners[i][0], corners[i][1], r, corners[i][2], corners[i][2] + G_PI / 2);
      cairo_close_path (cr);
      cairo_fill (cr);
    }

  isc_chart_style_set_source (cr, &style->frame);
  cairo_rectangle (cr, r, 0, width - 2 * r, 1);
  cairo_fill (cr);
  cairo_rectangle (cr, r, height - 1, width - 2 * r, 1);
  cairo_fill (cr);
  cairo_rectangle (cr, 0, r, 1, height - 2 * r);
  cairo_fill (cr);
  cairo_rectangle (cr, width - 1, r, 1, height - 2 * r);
  cairo_fill (cr);
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, corners[i][0], corners[i][1], r - 0.5, corners[i][2], corners[i][2] + G_PI / 2);
      cairo_stroke (cr);
    }
}

void
isc_chart_set_frame (IscChart *self,
                     gboolean  framed,
                     double    radius)
{
  g_return_if_fail (ISC_IS_CHART (self));

  self->framed = !!framed;
  self->frame_radius = MAX (0, radius);
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
  const IscChartLayout *layout;

  g_return_if_fail (ISC_IS_CHART (self));
  g_return_if_fail (cr != NULL);

  if (self->model == NULL || width <= 0 || height <= 0)
    return;

  layout = isc_chart_ensure_layout (self, width, height);
  _isc_chart_ensure_prepared (self, layout);

  cairo_save (cr);
  if (_isc_chart_draw_under (self, cr, width, height, layout, TRUE))
    _isc_chart_draw_top (self, cr, layout);
  cairo_restore (cr);
}

/* Everything under the labels drawn over the plot (the frame, the title,
 * the grid, the series and the annotations' lines; without @with_plot
 * only the grid of those, for its ticks outside the plot): FALSE when the
 * chart is a message ("No data in this range") and has no plot. */
gboolean
_isc_chart_draw_under (IscChart             *self,
                       cairo_t              *cr,
                       int                   width,
                       int                   height,
                       const IscChartLayout *layout,
                       gboolean              with_plot)
{
  const IscChartStyle *style = &self->style;

  draw_background (self, cr, width, height);

  isc_chart_style_set_source (cr, &style->foreground);
  isc_chart_text_draw (cr, &layout->title);
  isc_chart_style_set_source (cr, &style->muted);
  isc_chart_text_draw (cr, &layout->subtitle);

  if (layout->message.layout != NULL)
    {
      isc_chart_text_draw (cr, &layout->message);
      return FALSE;
    }

  if (with_plot)
    _isc_chart_draw_base (self, cr, layout);
  else if (isc_chart_model_get_plot (self->model) != ISC_CHART_PLOT_BARS)
    draw_grid (self, cr, layout);
  return TRUE;
}

/* What lies under the plot's labels: the grid, the series, the compared
 * lines and the annotations' lines (isc_chart_draw() without
 * _isc_chart_draw_top()). Inside the plot all of it keeps its place on the
 * time axis. */
void
_isc_chart_draw_base (IscChart             *self,
                      cairo_t              *cr,
                      const IscChartLayout *layout)
{
  const IscChartStyle *style = &self->style;

  cairo_save (cr);
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
  _isc_chart_draw_compare (self, cr, layout);
  cairo_restore (cr);

  draw_annotation_lines (self, cr, layout);
  cairo_restore (cr);
}

/* What is drawn over the plot's pixels: the annotations' arrows and
 * labels, the clip marks, the axes' labels and the legend. */
void
_isc_chart_draw_top (IscChart             *self,
                     cairo_t              *cr,
                     const IscChartLayout *layout)
{
  cairo_save (cr);
  /* As after the grid (draw_grid() sets it where nothing restores it). */
  cairo_set_line_width (cr, self->style.grid_width);
  draw_annotation_labels (self, cr, layout);
  draw_clip_marks (self, cr, layout);
  draw_labels (self, cr, layout);
  cairo_restore (cr);
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
  return isc_chart_layout_time_at_x (layout, x, TRUE);
}
