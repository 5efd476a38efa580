/* isc-chart-pixels.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A refresh that brings a new step draws about one step's worth.
 *
 * The time axis is counted in whole pixels from the epoch
 * (isc_chart_layout_x_for_ms()): a window of the same width a step on
 * places every time a whole number of pixels further left. Everything
 * drawn under the labels inside the plot (_isc_chart_draw_base(): the
 * grid, the series, the markers' and limits' lines) keeps its place on
 * that axis, strokes in chunks and fills in slabs of ISC_CHART_SLAB_COLUMNS
 * columns counted from the epoch.
 *
 * isc_chart_draw_pixels(), for a refresh of the range it drew last, draws
 * the plot in blocks of BLOCK_COLUMNS columns on that axis, each under a
 * clip of its own, and keeps the plot's pixels. With cairo, what a block
 * shows depends only on what lies in it: a clip leaves out the edges
 * outside it, where a stroke or fill's pixels otherwise depend on all of
 * it (the scan converter works a row of the shape at a time). So the
 * next draw, when only the data at the window's ends changed, moves the
 * blocks it kept and draws the others: exactly the pixels it would draw
 * with nothing kept (test-chart-pixels). The frame, the axes' labels and
 * the legend are drawn as always. See docs/charts.md "What a refresh
 * draws". */

#define G_LOG_DOMAIN "isc-chart"

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-chart-decimate.h"
#include "isc-chart-layout-private.h"
#include "isc-chart-private.h"

/* Columns beyond a changed step's that its line still touches: a round
 * join, a dot, the incomplete steps' dashes' caps. */
#define MARGIN 6

/* The plot is drawn in blocks this wide, each under its own clip: what
 * a block shows depends only on what lies in it (a clip leaves out the
 * edges outside it), so a block of the same data a whole number of
 * pixels on has the same pixels, moved. */
#define BLOCK_COLUMNS 8


void
_isc_chart_drop_pixels (IscChart *self)
{
  g_clear_pointer (&self->pixels, cairo_surface_destroy);
  if (self->pixels_layout != self->layout)
    g_clear_pointer (&self->pixels_layout, isc_chart_layout_free);
  self->pixels_layout = NULL;
  g_clear_object (&self->pixels_model);
}

static gboolean
same_values (const double *a,
             const double *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return *a == *b || (isnan (*a) && isnan (*b));
}

static gboolean
same_rect (const IscChartRect *a,
           const IscChartRect *b)
{
  return a->x == b->x && a->y == b->y && a->width == b->width && a->height == b->height;
}

/* Whether a later draw could reuse this one's pixels: not a dense plot
 * (a step or more a column, where drawing in blocks costs what it saves),
 * bars, compared lines or a stepped limit (dashed from the window's
 * start), nor a message. */
static gboolean
can_reuse (IscChartModel        *model,
           const IscChartLayout *layout)
{
  if (layout->dense || layout->message.layout != NULL ||
      isc_chart_model_get_plot (model) == ISC_CHART_PLOT_BARS ||
      isc_chart_model_get_n_compare (model) > 0)
    return FALSE;
  for (guint i = 0; i < layout->references->len; i++)
    if (g_array_index (layout->references, IscChartReferenceLine, i).n_points > 0)
      return FALSE;
  return TRUE;
}

/* Whether everything but the data is as in the kept pixels' picture:
 * the size, the plot, the value axis, the series and how they are drawn. */
static gboolean
same_frame (IscChartModel        *old_model,
            const IscChartLayout *old,
            IscChartModel        *model,
            const IscChartLayout *layout)
{
  guint n_old_order, n_order;
  const guint *old_order, *order;

  /* Both can be kept (can_reuse()): no dense plot, bars, message,
   * compared lines or stepped limit. */
  if (old->width != layout->width || old->height != layout->height ||
      !same_rect (&old->plot, &layout->plot) ||
      old->x_max - old->x_min != layout->x_max - layout->x_min ||
      old->y_min != layout->y_min || old->y_max != layout->y_max ||
      old->value_tick_items->len != layout->value_tick_items->len ||
      old->references->len != layout->references->len)
    return FALSE;

  for (guint i = 0; i < layout->value_tick_items->len; i++)
    if (g_array_index (old->value_tick_items, IscChartTick, i).pos !=
        g_array_index (layout->value_tick_items, IscChartTick, i).pos)
      return FALSE;

  for (guint i = 0; i < layout->references->len; i++)
    {
      const IscChartReferenceLine *a = &g_array_index (old->references, IscChartReferenceLine, i);
      const IscChartReferenceLine *b = &g_array_index (layout->references, IscChartReferenceLine, i);

      if (a->y != b->y || a->above != b->above)
        return FALSE;
    }

  if (isc_chart_model_get_plot (old_model) != isc_chart_model_get_plot (model) ||
      isc_chart_model_get_n_series (old_model) != isc_chart_model_get_n_series (model) ||
      isc_chart_model_get_median (old_model) != isc_chart_model_get_median (model) ||
      isc_chart_model_get_average (old_model) != isc_chart_model_get_average (model))
    return FALSE;

  for (guint i = 0; i < isc_chart_model_get_n_series (model); i++)
    if (isc_chart_model_get_series (old_model, i)->color_index != isc_chart_model_get_series (model, i)->color_index ||
        isc_chart_model_get_series (old_model, i)->role != isc_chart_model_get_series (model, i)->role ||
        isc_chart_model_get_series_hidden (old_model, i) != isc_chart_model_get_series_hidden (model, i))
      return FALSE;

  old_order = isc_chart_model_get_order (old_model, &n_old_order);
  order = isc_chart_model_get_order (model, &n_order);
  if (n_old_order != n_order || (n_order > 0 && memcmp (old_order, order, n_order * sizeof (guint)) != 0))
    return FALSE;

  return TRUE;
}

/* Whether the times in [from, to] of two sorted lists are the same. */
static gboolean
same_times_in (const gint64 *a,
               guint         n_a,
               const gint64 *b,
               guint         n_b,
               gint64        from,
               gint64        to)
{
  guint i = 0, j = 0;

  for (;;)
    {
      while (i < n_a && (a[i] < from || a[i] > to))
        i++;
      while (j < n_b && (b[j] < from || b[j] > to))
        j++;
      if (i == n_a || j == n_b)
        return i == n_a && j == n_b;
      if (a[i] != b[j])
        return FALSE;
      i++;
      j++;
    }
}

static gint64 *
tick_times (const IscChartLayout *layout,
            guint                *n)
{
  gint64 *times = g_new (gint64, MAX (1, layout->time_ticks->n_ticks));

  for (guint i = 0; i < layout->time_ticks->n_ticks; i++)
    times[i] = layout->time_ticks->ticks[i].ms;
  *n = layout->time_ticks->n_ticks;
  return times;
}

static gint64 *
marker_times (const IscChartLayout *layout,
              guint                *n)
{
  gint64 *times = g_new (gint64, MAX (1, layout->markers->len));

  for (guint i = 0; i < layout->markers->len; i++)
    times[i] = g_array_index (layout->markers, IscChartMarkerLine, i).time_ms;
  *n = layout->markers->len;
  return times;
}

/* Whether step @i of @old and step @j of @model draw the same. */
static gboolean
same_step (IscChartModel *old,
           guint          i,
           IscChartModel *model,
           guint          j)
{
  gboolean stacked = isc_chart_model_get_plot (model) == ISC_CHART_PLOT_STACKED;

  if (!isc_chart_model_get_step_complete (old, i) || !isc_chart_model_get_step_complete (model, j))
    return FALSE;
  for (guint s = 0; s < isc_chart_model_get_n_series (model); s++)
    {
      if (!same_values (&isc_chart_model_get_series (old, s)->values[i],
                        &isc_chart_model_get_series (model, s)->values[j]))
        return FALSE;
      if (stacked &&
          (!same_values (isc_chart_model_get_stack_base (old, s) + i, isc_chart_model_get_stack_base (model, s) + j) ||
           !same_values (isc_chart_model_get_stack_top (old, s) + i, isc_chart_model_get_stack_top (model, s) + j)))
        return FALSE;
    }
  return TRUE;
}

/* How far (@shift, whole pixels) the time axis moved since the kept
 * pixels were drawn, and the plot's columns to draw anew: [plot's left,
 * @left) and [@right, the plot's right). FALSE when the whole plot must
 * be drawn. */
static gboolean
find_shift (IscChart             *self,
            const IscChartLayout *layout,
            const IscChartRect   *rect,
            int                  *shift,
            int                  *left,
            int                  *right)
{
  const IscChartLayout *old = self->pixels_layout;
  IscChartModel *old_model = self->pixels_model;
  IscChartModel *model = self->model;
  const gint64 *old_starts, *starts;
  guint n_old, n, first, same, k;
  double old_origin, origin, x, anchor;
  g_autofree gint64 *a = NULL;
  g_autofree gint64 *b = NULL;
  guint n_a, n_b;

  if (old == NULL || old_model == NULL || !same_frame (old_model, old, model, layout) ||
      !isc_chart_layout_get_x_origin (old, &old_origin) ||
      !isc_chart_layout_get_x_origin (layout, &origin) ||
      origin < old_origin || origin - old_origin >= rect->width)
    return FALSE;
  *shift = (int) (origin - old_origin);

  /* The time grid and the markers over what both windows show. */
  a = tick_times (old, &n_a);
  b = tick_times (layout, &n_b);
  if (!same_times_in (a, n_a, b, n_b, layout->x_min, old->x_max))
    return FALSE;
  g_clear_pointer (&a, g_free);
  g_clear_pointer (&b, g_free);
  a = marker_times (old, &n_a);
  b = marker_times (layout, &n_b);
  if (!same_times_in (a, n_a, b, n_b, layout->x_min, old->x_max))
    return FALSE;

  /* The new window's first step among the old steps, then how many steps
   * on from it draw the same. */
  old_starts = isc_chart_model_get_step_starts (old_model);
  starts = isc_chart_model_get_step_starts (model);
  n_old = isc_chart_model_get_n_steps (old_model);
  n = isc_chart_model_get_n_steps (model);
  if (n == 0 || n_old == 0)
    return FALSE;
  for (first = 0; first < n_old && old_starts[first] < starts[0]; first++)
    ;
  if (first == n_old || old_starts[first] != starts[0])
    return FALSE;
  for (same = 0; first + same < n_old && same < n; same++)
    if (old_starts[first + same] != starts[same] || !same_step (old_model, first + same, model, same))
      break;
  if (same < 2)
    return FALSE;

  /* A stroke is drawn in chunks and a fill in slabs of
   * ISC_CHART_SLAB_COLUMNS columns on the time axis, and what one draws
   * in a block depends on all of it (isc_chart_split_polygons()). Left:
   * the first chunk, which begins at the window's first step where the
   * one before began earlier, up to the first step of the next (a
   * chunk's line ends there); a fan's dashes restart with each chunk. */
  anchor = floor (isc_chart_layout_get_x_anchor (layout));
  x = anchor + (floor ((layout->step_x[0] - anchor) / ISC_CHART_SLAB_COLUMNS) + 1) * ISC_CHART_SLAB_COLUMNS;
  for (k = 0; k < n && layout->step_x[k] < x; k++)
    ;
  if (k == n)
    return FALSE;
  *left = (int) ceil (MAX (layout->step_x[k] + MARGIN, rect->x));
  /* The same window's start: nothing on the left changed. */
  if (*shift == 0 && first == 0)
    *left = (int) rect->x;
  /* Right: from the chunk and the slab of the last step that draws the
   * same, whose line runs to the first that does not. */
  *right = (int) floor (anchor + floor ((layout->step_x[same - 1] - anchor) / ISC_CHART_SLAB_COLUMNS) *
                        ISC_CHART_SLAB_COLUMNS - MARGIN);
  /* Within what the kept pixels hold, moved. */
  *right = MIN (*right, (int) (rect->x + rect->width) - *shift);
  return *left < *right;
}

/* The plot and what its lines may reach past it, in whole pixels. */
static void
plot_rect (IscChart             *self,
           const IscChartLayout *layout,
           IscChartRect         *rect)
{
  double margin = ceil (self->style.median_width) + 1;
  double x0 = floor (layout->plot.x);
  double y0 = floor (layout->plot.y - margin);

  rect->x = x0;
  rect->y = y0;
  rect->width = ceil (layout->plot.x + layout->plot.width + margin) - x0;
  rect->height = ceil (layout->plot.y + layout->plot.height + margin) - y0;
}

/* Keeps the plot's pixels of @target for the next draw. */
static void
keep_pixels (IscChart             *self,
             cairo_surface_t      *target,
             const IscChartRect   *rect,
             double                scale,
             const IscChartLayout *layout)
{
  cairo_surface_t *pixels = self->pixels;
  cairo_t *cr;
  int w = (int) (rect->width * scale);
  int h = (int) (rect->height * scale);

  /* The surface of the draw before last, when of the same size. */
  self->pixels = NULL;
  if (pixels != NULL && (cairo_image_surface_get_width (pixels) != w || cairo_image_surface_get_height (pixels) != h))
    g_clear_pointer (&pixels, cairo_surface_destroy);
  if (pixels == NULL)
    {
      pixels = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      if (cairo_surface_status (pixels) != CAIRO_STATUS_SUCCESS)
        {
          cairo_surface_destroy (pixels);
          _isc_chart_drop_pixels (self);
          return;
        }
      cairo_surface_set_device_scale (pixels, scale, scale);
    }
  cr = cairo_create (pixels);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_surface (cr, target, -rect->x, -rect->y);
  cairo_paint (cr);
  cairo_destroy (cr);

  if (self->pixels_layout != self->layout)
    g_clear_pointer (&self->pixels_layout, isc_chart_layout_free);
  self->pixels = pixels;
  self->pixels_layout = (IscChartLayout *) layout;
  self->pixels_rect = *rect;
  self->pixels_scale = scale;
  g_set_object (&self->pixels_model, self->model);
}

typedef struct
{
  int shift;  /* how far the time axis moved, whole pixels */
  int left;   /* the plot's columns [left, right) hold what they held */
  int right;
} IscChartReuse;

/* What the plot's blocks leave out: the frame, the title, the axes'
 * ticks below the plot; under the same clip in every draw. */
static void
draw_outside (IscChart             *self,
              cairo_t              *cr,
              int                   width,
              int                   height,
              const IscChartLayout *layout,
              const IscChartRect   *rect)
{
  double bottom = rect->y + rect->height;
  double right = rect->x + rect->width;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, rect->y);
  cairo_rectangle (cr, 0, bottom, width, height - bottom);
  cairo_rectangle (cr, 0, rect->y, rect->x, rect->height);
  cairo_rectangle (cr, right, rect->y, width - right, rect->height);
  cairo_clip (cr);
  /* The series and the annotations' lines stay within the plot. */
  _isc_chart_draw_under (self, cr, width, height, layout, FALSE);
  cairo_restore (cr);
}

/* A block of the plot: the background, then what lies under the labels,
 * under its clip. */
static void
draw_block (IscChart             *self,
            cairo_t              *cr,
            const IscChartLayout *layout,
            const IscChartRect   *rect,
            double                x0,
            double                x1)
{
  cairo_save (cr);
  cairo_rectangle (cr, x0, rect->y, x1 - x0, rect->height);
  cairo_clip (cr);
  isc_chart_style_set_source (cr, &self->style.background);
  cairo_paint (cr);
  _isc_chart_draw_base (self, cr, layout);
  cairo_restore (cr);
}

/* Draws the chart with its plot in blocks, and keeps the plot's pixels;
 * with @reuse, the blocks it does not cover are the kept pixels, moved. */
static void
draw_in_blocks (IscChart             *self,
                cairo_t              *cr,
                int                   width,
                int                   height,
                double                scale,
                const IscChartLayout *layout,
                const IscChartReuse  *reuse)
{
  IscChartRect rect;
  double grid, right_edge;
  double kept_x0 = G_MAXDOUBLE, kept_x1 = -G_MAXDOUBLE;

  plot_rect (self, layout, &rect);
  cairo_save (cr);
  isc_chart_set_slabs (cr, TRUE);
  draw_outside (self, cr, width, height, layout, &rect);

  /* The blocks start at whole pixels counted from the epoch's. */
  grid = floor (isc_chart_layout_get_x_anchor (layout));
  right_edge = rect.x + rect.width;
  self->redrawn = reuse != NULL ? 0 : (int) layout->plot.width;
  for (double x = grid + floor ((rect.x - grid) / BLOCK_COLUMNS) * BLOCK_COLUMNS; x < right_edge; x += BLOCK_COLUMNS)
    {
      double x0 = MAX (x, rect.x);
      double x1 = MIN (x + BLOCK_COLUMNS, right_edge);

      if (reuse == NULL || x0 < reuse->left || x1 > reuse->right)
        {
          draw_block (self, cr, layout, &rect, x0, x1);
          if (reuse != NULL)
            self->redrawn += (int) MAX (0, MIN (x1, layout->plot.x + layout->plot.width) - MAX (x0, layout->plot.x));
        }
      else
        {
          /* Moved with the time axis, below, with the others. */
          kept_x0 = MIN (kept_x0, x0);
          kept_x1 = MAX (kept_x1, x1);
        }
    }
  if (kept_x0 < kept_x1)
    {
      cairo_save (cr);
      cairo_rectangle (cr, kept_x0, rect.y, kept_x1 - kept_x0, rect.height);
      cairo_clip (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      cairo_set_source_surface (cr, self->pixels, self->pixels_rect.x - reuse->shift, self->pixels_rect.y);
      cairo_paint (cr);
      cairo_restore (cr);
    }

  /* Kept for the next draw before the labels go over them. */
  cairo_surface_flush (cairo_get_target (cr));
  keep_pixels (self, cairo_get_target (cr), &rect, scale, layout);
  isc_chart_set_slabs (cr, FALSE);
  _isc_chart_draw_top (self, cr, layout);
  cairo_restore (cr);
}

/**
 * isc_chart_draw_pixels:
 * @self: a chart
 * @cr: a context on an image surface of @width × @height at its device
 *   scale, without a device offset
 * @width: the chart's width
 * @height: the chart's height
 *
 * Draws the chart for a refresh. Of the range and size it drew last, the
 * plot in blocks, moving those it kept where the time axis moved by whole
 * pixels and only the data at its ends changed; anything else (a new
 * range or size, a chart whose plot cannot be kept: dense, bars, compared
 * lines, a stepped limit; any other context) as isc_chart_draw() draws
 * it. The plot's columns drawn are isc_chart_get_redrawn_columns().
 */
void
isc_chart_draw_pixels (IscChart *self,
                       cairo_t  *cr,
                       int       width,
                       int       height)
{
  cairo_surface_t *target;
  const IscChartLayout *layout;
  IscChartRect rect;
  IscChartReuse reuse;
  double scale_x, scale_y, offset_x, offset_y;
  gboolean same_range;

  g_return_if_fail (ISC_IS_CHART (self));
  g_return_if_fail (cr != NULL);

  if (self->model == NULL || width <= 0 || height <= 0)
    return;

  target = cairo_get_target (cr);
  cairo_surface_get_device_scale (target, &scale_x, &scale_y);
  cairo_surface_get_device_offset (target, &offset_x, &offset_y);
  layout = isc_chart_ensure_layout (self, width, height);
  _isc_chart_ensure_prepared (self, layout);
  plot_rect (self, layout, &rect);

  /* Blocks only where the next draw may reuse them: a refresh of the
   * range drawn last at this size. A new range (a zoom, another range
   * chosen) is drawn whole, as vectors are, at no more than their cost;
   * its next refresh starts the blocks. */
  same_range = self->last_span == layout->x_max - layout->x_min &&
               self->last_width == width && self->last_height == height;
  self->last_span = layout->x_max - layout->x_min;
  self->last_width = width;
  self->last_height = height;
  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE || scale_x != scale_y ||
      offset_x != 0 || offset_y != 0 || !can_reuse (self->model, layout) || !same_range ||
      rect.width <= 0 || rect.height <= 0)
    {
      _isc_chart_drop_pixels (self);
      isc_chart_draw (self, cr, width, height);
      self->redrawn = (int) layout->plot.width;
      return;
    }

  if (self->pixels != NULL && self->pixels_scale == scale_x &&
      find_shift (self, layout, &rect, &reuse.shift, &reuse.left, &reuse.right))
    draw_in_blocks (self, cr, width, height, scale_x, layout, &reuse);
  else
    draw_in_blocks (self, cr, width, height, scale_x, layout, NULL);
  g_debug ("%s: %d of %.0f columns drawn", isc_chart_model_get_name (self->model), self->redrawn, layout->plot.width);
}

/**
 * isc_chart_get_redrawn_columns:
 * @self: a chart
 *
 * How many of the plot's columns the last isc_chart_draw_pixels() drew
 * (the plot's width when it drew the whole plot).
 *
 * Returns: a number of columns
 */
int
isc_chart_get_redrawn_columns (IscChart *self)
{
  g_return_val_if_fail (ISC_IS_CHART (self), 0);
  return self->redrawn;
}

/**
 * isc_chart_forget_pixels:
 * @self: a chart
 *
 * Lets go of the plot's pixels kept for the next isc_chart_draw_pixels()
 * (a chart out of sight: its next draw is whole anyway).
 */
void
isc_chart_forget_pixels (IscChart *self)
{
  g_return_if_fail (ISC_IS_CHART (self));
  _isc_chart_drop_pixels (self);
  /* And what was drawn last: the next draw is whole, without blocks. */
  self->last_span = 0;
  self->last_width = 0;
  self->last_height = 0;
}
