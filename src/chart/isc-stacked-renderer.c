/* isc-stacked-renderer.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-stacked-renderer"

#include "config.h"

#include <math.h>

#include "isc-chart-decimate.h"
#include "isc-stacked-renderer.h"

struct _IscStackedRenderer
{
  IscChartRenderer  parent_instance;

  /* Per layer, bottom first: the band's polygons (or column boxes) and
   * its top edge as rectangles */
  GPtrArray        *bands;
  GPtrArray        *edges;
  /* Per layer, the incomplete steps: the boxes as polygons and the top
   * edge as a dashed polyline */
  GPtrArray        *partial_bands;
  GPtrArray        *partial_edges;
  gboolean          columns;   /* bands as column boxes */
};

G_DEFINE_FINAL_TYPE (IscStackedRenderer, isc_stacked_renderer, ISC_TYPE_CHART_RENDERER)

/* One box per step, from its start to the next step's start: a counter's
 * step holds what was counted over its whole interval, so a single
 * request in one step is a one-step-wide sliver, not a point that only a
 * dot could show, and a null step leaves a gap exactly its own width.
 * Consecutive steps share their vertical sides. */
static void
step_band_append (const double *xs,
                  const double *ends,
                  const double *top,
                  const double *base,
                  guint         n,
                  GArray       *points)
{
  guint i = 0;

  while (i < n)
    {
      IscChartPoint brk = { NAN, NAN };
      guint run_end;

      if (isnan (top[i]))
        {
          i++;
          continue;
        }
      for (run_end = i; run_end < n && !isnan (top[run_end]); run_end++)
        {
          IscChartPoint p[2] = { { xs[run_end], top[run_end] }, { ends[run_end], top[run_end] } };

          g_array_append_vals (points, p, 2);
        }
      for (guint k = run_end; k-- > i;)
        {
          IscChartPoint p[2] = { { ends[k], base[k] }, { xs[k], base[k] } };

          g_array_append_vals (points, p, 2);
        }
      g_array_append_val (points, brk);
      i = run_end;
    }
}

static inline void
append_rect (GArray *points,
             double  x0,
             double  y0,
             double  x1,
             double  y1)
{
  IscChartPoint p[2] = { { x0, y0 }, { x1, y1 } };

  if (x1 > x0 && y1 > y0)
    g_array_append_vals (points, p, 2);
}

/* The top edge of the same boxes as rectangles: a line of half_line
 * either side of each step's top and of each riser between steps, kept
 * within the layer's own area raised by half_line. A thick layer keeps
 * its whole line, a layer thinner than the line shows only as thin as it
 * is, and a zero layer draws nothing over the layer below. Each side of a
 * riser is cut by the step it borders. */
static void
step_edge_append (const double *xs,
                  const double *ends,
                  const double *top,
                  const double *base,
                  guint         n,
                  double        half_line,
                  GArray       *points)
{
  for (guint i = 0; i < n; i++)
    {
      if (isnan (top[i]))
        continue;

      append_rect (points, xs[i], top[i] - half_line, ends[i], MIN (top[i] + half_line, base[i] - half_line));
      if (i + 1 < n && !isnan (top[i + 1]) && top[i + 1] != top[i])
        {
          double x = xs[i + 1];
          double y0 = MIN (top[i], top[i + 1]) - half_line;
          double y1 = MAX (top[i], top[i + 1]) + half_line;

          append_rect (points, x - half_line, MAX (y0, top[i] - half_line), x,
                       MIN (y1, base[i] - half_line));
          append_rect (points, x, MAX (y0, top[i + 1] - half_line), x + half_line,
                       MIN (y1, base[i + 1] - half_line));
        }
    }
}

/* With steps denser than pixels, the edge as column boxes too: in each
 * column, the span of the layer's tops there and where the line comes in
 * from and goes on to the neighbouring columns, widened by the line,
 * raised by shift and cut off at the layer's own base raised as much, so
 * it never lies over the layer below. Boxes on the pixel grid fill on
 * cairo's fast path, where stroking thousands of segments through a clip
 * would not. */
static void
column_edge_append (const double *xs,
                    const double *top,
                    const double *base,
                    guint         n,
                    double        line_width,
                    double        shift,
                    GArray       *points)
{
  double prev_last = NAN;
  guint i = 0;

  while (i < n)
    {
      double column = floor (xs[i]);
      double hi = NAN, lo = NAN, bottom = NAN, last = NAN, next_first = NAN;
      guint k = i;

      for (; k < n && floor (xs[k]) == column; k++)
        {
          if (isnan (top[k]))
            continue;
          hi = isnan (hi) ? top[k] : MIN (hi, top[k]);
          lo = isnan (lo) ? top[k] : MAX (lo, top[k]);
          bottom = isnan (bottom) ? base[k] : MAX (bottom, base[k]);
          last = top[k];
        }
      if (k < n)
        next_first = top[k];

      if (!isnan (hi))
        {
          double y0 = round (hi) - shift, y1 = round (bottom) - shift;
          double from = MIN (hi, lo), to = lo;

          if (!isnan (prev_last))
            from = MIN (from, prev_last), to = MAX (to, prev_last);
          if (!isnan (next_first))
            from = MIN (from, next_first), to = MAX (to, next_first);
          y0 = MAX (y0, round (from - line_width / 2));
          y1 = MIN (y1, round (to + line_width / 2));
          if (y1 > y0)
            {
              IscChartPoint p[2] = { { column, y0 }, { column + 1, y1 } };

              g_array_append_vals (points, p, 2);
            }
        }
      prev_last = last;
      i = k;
    }
}

/* The top edge across the incomplete steps from first on, as a polyline
 * to stroke dashed, coming up or down from the last complete step's top;
 * only where the layer is at least a pixel thick, so a zero layer draws
 * no line over the layer below. */
static void
partial_edge_append (const double *xs,
                     const double *ends,
                     const double *top,
                     const double *base,
                     guint         first,
                     guint         n,
                     GArray       *points)
{
  IscChartPoint brk = { NAN, NAN };
  gboolean open = FALSE;

  for (guint i = first; i < n; i++)
    {
      if (isnan (top[i]) || base[i] - top[i] < 1)
        {
          if (open)
            g_array_append_val (points, brk);
          open = FALSE;
          continue;
        }
      if (!open && i == first && i > 0 && !isnan (top[i - 1]) && base[i - 1] - top[i - 1] >= 1)
        {
          IscChartPoint riser = { xs[i], top[i - 1] };

          g_array_append_val (points, riser);
        }
      {
        IscChartPoint p[2] = { { xs[i], top[i] }, { ends[i], top[i] } };

        g_array_append_vals (points, p, 2);
      }
      open = TRUE;
    }
  if (open)
    g_array_append_val (points, brk);
}

static void
isc_stacked_renderer_prepare (IscChartRenderer     *renderer,
                              IscChartModel        *model,
                              const IscChartLayout *layout,
                              const IscChartStyle  *style)
{
  IscStackedRenderer *self = ISC_STACKED_RENDERER (renderer);
  guint n_steps = isc_chart_model_get_n_steps (model);
  g_autofree double *top = g_new (double, MAX (1, n_steps));
  g_autofree double *base = g_new (double, MAX (1, n_steps));
  g_autofree double *ends = g_new (double, MAX (1, n_steps));
  g_autofree gboolean *any = g_new0 (gboolean, MAX (1, n_steps));
  guint n_layers = isc_chart_model_get_n_series (model);
  guint n_complete = isc_chart_model_get_n_complete_steps (model);
  double right = layout->plot.x + layout->plot.width;

  g_ptr_array_set_size (self->bands, 0);
  g_ptr_array_set_size (self->edges, 0);
  g_ptr_array_set_size (self->partial_bands, 0);
  g_ptr_array_set_size (self->partial_edges, 0);
  self->columns = layout->reduce && layout->dense;

  /* Each step ends where the next begins; the last where its interval
   * would, within the plot. */
  for (guint i = 0; i < n_steps; i++)
    {
      if (i + 1 < n_steps)
        ends[i] = layout->step_x[i + 1];
      else if (i > 0)
        ends[i] = MIN (right, layout->step_x[i] + (layout->step_x[i] - layout->step_x[i - 1]));
      else
        ends[i] = right;
      ends[i] = MAX (ends[i], layout->step_x[i]);
    }

  /* The stack is missing only where every layer is. */
  for (guint k = 0; k < n_layers; k++)
    {
      const double *t = isc_chart_model_get_stack_top (model, k);

      for (guint i = 0; i < n_steps; i++)
        any[i] = any[i] || !isnan (t[i]);
    }

  for (guint k = 0; k < n_layers; k++)
    {
      GArray *band = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
      GArray *edge = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
      GArray *partial_band = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
      GArray *partial_edge = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
      const double *model_top = isc_chart_model_get_stack_top (model, k);
      const double *model_base = isc_chart_model_get_stack_base (model, k);
      const guint *order = isc_chart_model_get_order (model, NULL);

      /* A hidden layer keeps its place, with nothing to draw (the model
       * has taken it out of the sums). */
      if (isc_chart_model_get_series_hidden (model, order[k]))
        {
          g_ptr_array_add (self->bands, band);
          g_ptr_array_add (self->edges, edge);
          g_ptr_array_add (self->partial_bands, partial_band);
          g_ptr_array_add (self->partial_edges, partial_edge);
          continue;
        }

      /* A counter's label set that is null in a step where others have
       * values counted nothing there (a series appears only once its
       * class has been counted, and the backend leaves out classes with
       * no increase): it is a zero-height layer, as the model already
       * takes it for the layers above. Breaking this one layer alone would
       * cut a hole into the stack that reads as an outage. */
      for (guint i = 0; i < n_steps; i++)
        {
          if (!any[i])
            {
              top[i] = base[i] = NAN;
              continue;
            }
          base[i] = model_base[i];
          top[i] = isnan (model_top[i]) ? model_base[i] : model_top[i];
        }
      isc_chart_layout_map_values (layout, top, n_steps, top);
      isc_chart_layout_map_values (layout, base, n_steps, base);

      /* A zero step is a zero-height box like any other, not a break in
       * the layer (a break either side of a lone non-zero step is what
       * left it a dot riding on the stack). Its edge is cut to the
       * layer's own area, so a zero layer shows no line of its own and no
       * point is ever drawn as a marker. */
      if (self->columns)
        {
          isc_chart_band_columns_append (layout->step_x, top, base, n_complete, band);
          column_edge_append (layout->step_x, top, base, n_complete, style->line_width,
                              ceil (style->line_width / 2), edge);
        }
      else
        {
          step_band_append (layout->step_x, ends, top, base, n_complete, band);
          step_edge_append (layout->step_x, ends, top, base, n_complete, style->line_width / 2, edge);
        }

      /* The incomplete steps, few: boxes whatever the density. */
      if (n_complete < n_steps)
        {
          step_band_append (layout->step_x + n_complete, ends + n_complete, top + n_complete,
                            base + n_complete, n_steps - n_complete, partial_band);
          partial_edge_append (layout->step_x, ends, top, base, n_complete, n_steps, partial_edge);
        }

      g_ptr_array_add (self->bands, band);
      g_ptr_array_add (self->edges, edge);
      g_ptr_array_add (self->partial_bands, partial_band);
      g_ptr_array_add (self->partial_edges, partial_edge);
    }
}

/* A band filled, and hatched for server errors, a slab at a time while
 * drawing in blocks (isc_chart_set_slabs()), else at once. */
static void
fill_band (gboolean              columns,
           gboolean              hatched,
           cairo_t              *cr,
           const IscChartLayout *layout,
           const IscChartStyle  *style,
           GArray               *band)
{
  const IscChartRect *r = &layout->plot;
  double anchor = isc_chart_layout_get_x_anchor (layout);
  g_autoptr(GPtrArray) slabs = NULL;
  /* The hatch keeps its place on the time axis, as the bands do. */
  double first = r->x - r->height;

  first -= fmod (first - anchor, style->hatch_spacing);

  if (columns || !isc_chart_get_slabs (cr))
    {
      slabs = g_ptr_array_new ();
      g_ptr_array_add (slabs, band);
    }
  else
    {
      double x0, y0, x1, y1;

      cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
      slabs = isc_chart_split_polygons ((const IscChartPoint *)(gpointer)band->data, band->len, anchor, x0, x1);
    }

  for (guint i = 0; i < slabs->len; i++)
    {
      GArray *slab = g_ptr_array_index (slabs, i);

      if (columns)
        isc_chart_path_columns (cr, (const IscChartPoint *)(gpointer)slab->data, slab->len);
      else
        isc_chart_path_polygons (cr, (const IscChartPoint *)(gpointer)slab->data, slab->len);
      if (!hatched)
        {
          cairo_fill (cr);
          continue;
        }
      cairo_fill_preserve (cr);

      /* Server errors carry a pattern as well as a colour, so they read in
       * greyscale and for every kind of colour vision.
       */
      cairo_save (cr);
      cairo_clip (cr);
      isc_chart_style_set_source (cr, &style->hatch);
      cairo_set_line_width (cr, 1.0);
      for (double x = first; x < r->x + r->width; x += style->hatch_spacing)
        {
          cairo_move_to (cr, x, r->y + r->height);
          cairo_line_to (cr, x + r->height, r->y);
        }
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

static void
isc_stacked_renderer_draw (IscChartRenderer     *renderer,
                           cairo_t              *cr,
                           IscChartModel        *model,
                           const IscChartLayout *layout,
                           const IscChartStyle  *style)
{
  IscStackedRenderer *self = ISC_STACKED_RENDERER (renderer);
  const guint *order = isc_chart_model_get_order (model, NULL);

  cairo_save (cr);
  isc_chart_set_line_style (cr, layout->dense);

  for (guint k = 0; k < self->bands->len; k++)
    {
      GArray *band = g_ptr_array_index (self->bands, k);
      GArray *edge = g_ptr_array_index (self->edges, k);
      const IscChartSeries *cs = isc_chart_model_get_series (model, order[k]);
      IscChartColor color;

      isc_chart_renderer_get_series_color (renderer, model, style, order[k], &color);
      isc_chart_style_set_source_alpha (cr, &color, style->stack_alpha);
      fill_band (self->columns, cs->role == ISC_CHART_SERIES_STATUS && cs->status_class == 5,
                 cr, layout, style, band);
      isc_chart_style_set_source (cr, &color);
      isc_chart_fill_columns (cr, (const IscChartPoint *)(gpointer)edge->data, edge->len);
    }

  /* Incomplete steps: lighter boxes under a dashed edge, so a step still
   * filling in does not read as a fall. */
  cairo_set_line_width (cr, style->line_width);
  isc_chart_renderer_set_partial_dash (cr, style);
  for (guint k = 0; k < self->partial_bands->len; k++)
    {
      GArray *band = g_ptr_array_index (self->partial_bands, k);
      GArray *edge = g_ptr_array_index (self->partial_edges, k);
      const IscChartSeries *cs = isc_chart_model_get_series (model, order[k]);
      IscChartColor color;

      if (band->len == 0)
        continue;
      isc_chart_renderer_get_series_color (renderer, model, style, order[k], &color);
      isc_chart_style_set_source_alpha (cr, &color, style->stack_alpha * ISC_CHART_PARTIAL_ALPHA);
      fill_band (FALSE, cs->role == ISC_CHART_SERIES_STATUS && cs->status_class == 5,
                 cr, layout, style, band);
      isc_chart_style_set_source_alpha (cr, &color, ISC_CHART_PARTIAL_ALPHA);
      isc_chart_stroke_points (cr, (const IscChartPoint *)(gpointer)edge->data, edge->len, isc_chart_layout_get_x_anchor (layout), 0);
    }

  cairo_restore (cr);
}

static void
isc_stacked_renderer_finalize (GObject *object)
{
  IscStackedRenderer *self = (IscStackedRenderer *)object;

  g_clear_pointer (&self->bands, g_ptr_array_unref);
  g_clear_pointer (&self->edges, g_ptr_array_unref);
  g_clear_pointer (&self->partial_bands, g_ptr_array_unref);
  g_clear_pointer (&self->partial_edges, g_ptr_array_unref);

  G_OBJECT_CLASS (isc_stacked_renderer_parent_class)->finalize (object);
}

static void
isc_stacked_renderer_class_init (IscStackedRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  IscChartRendererClass *renderer_class = ISC_CHART_RENDERER_CLASS (klass);

  object_class->finalize = isc_stacked_renderer_finalize;
  renderer_class->prepare = isc_stacked_renderer_prepare;
  renderer_class->draw = isc_stacked_renderer_draw;
}

static void
isc_stacked_renderer_init (IscStackedRenderer *self)
{
  self->bands = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  self->edges = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  self->partial_bands = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  self->partial_edges = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
}
