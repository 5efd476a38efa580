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

  /* Per layer, bottom first: the band's polygons and its top edge */
  GPtrArray        *bands;
  GPtrArray        *edges;
  gboolean          columns;   /* bands as column boxes */
};

G_DEFINE_FINAL_TYPE (IscStackedRenderer, isc_stacked_renderer, ISC_TYPE_CHART_RENDERER)

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
  guint n_layers = isc_chart_model_get_n_series (model);

  g_ptr_array_set_size (self->bands, 0);
  g_ptr_array_set_size (self->edges, 0);
  self->columns = layout->reduce && layout->dense;

  for (guint k = 0; k < n_layers; k++)
    {
      GArray *band = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
      GArray *edge = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));

      isc_chart_layout_map_values (layout, isc_chart_model_get_stack_top (model, k), n_steps, top);
      isc_chart_layout_map_values (layout, isc_chart_model_get_stack_base (model, k), n_steps, base);
      if (self->columns)
        isc_chart_band_columns_append (layout->step_x, top, base, n_steps, band);
      else
        isc_chart_band_append (layout->step_x, top, base, n_steps, layout->reduce, band);
      /* The edge marks where the layer has something; a layer of zeros
       * would draw its line over the top of the layer below. */
      for (guint i = 0; i < n_steps; i++)
        if (top[i] == base[i])
          top[i] = NAN;
      if (layout->reduce)
        isc_chart_decimate_m4 (layout->step_x, top, n_steps, edge);
      else
        isc_chart_points_append (layout->step_x, top, n_steps, edge);

      g_ptr_array_add (self->bands, band);
      g_ptr_array_add (self->edges, edge);
    }
}

static void
isc_stacked_renderer_get_series_color (IscChartRenderer    *renderer,
                                       IscChartModel       *model,
                                       const IscChartStyle *style,
                                       guint                series,
                                       IscChartColor       *color)
{
  const IscChartSeries *cs = isc_chart_model_get_series (model, series);

  if (cs->role == ISC_CHART_SERIES_STATUS)
    *color = style->status[MIN (cs->status_class, 5)];
  else
    *color = style->palette[cs->color_index % ISC_CHART_STYLE_N_PALETTE];
}

static void
band_path (IscStackedRenderer *self,
           cairo_t            *cr,
           GArray             *band)
{
  if (self->columns)
    isc_chart_path_columns (cr, (const IscChartPoint *)(gpointer)band->data, band->len);
  else
    isc_chart_path_polygons (cr, (const IscChartPoint *)(gpointer)band->data, band->len);
}

static void
draw_hatch (IscStackedRenderer   *self,
            cairo_t              *cr,
            const IscChartLayout *layout,
            const IscChartStyle  *style,
            GArray               *band)
{
  const IscChartRect *r = &layout->plot;

  /* Server errors carry a pattern as well as a colour, so they read in
   * greyscale and for every kind of colour vision.
   */
  cairo_save (cr);
  band_path (self, cr, band);
  cairo_clip (cr);
  isc_chart_style_set_source (cr, &style->hatch);
  cairo_set_line_width (cr, 1.0);
  for (double x = r->x - r->height; x < r->x + r->width; x += style->hatch_spacing)
    {
      cairo_move_to (cr, x, r->y + r->height);
      cairo_line_to (cr, x + r->height, r->y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
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
  cairo_set_line_width (cr, style->line_width);
  isc_chart_set_line_style (cr, layout->dense);

  for (guint k = 0; k < self->bands->len; k++)
    {
      GArray *band = g_ptr_array_index (self->bands, k);
      GArray *edge = g_ptr_array_index (self->edges, k);
      const IscChartSeries *cs = isc_chart_model_get_series (model, order[k]);
      IscChartColor color;

      isc_chart_renderer_get_series_color (renderer, model, style, order[k], &color);
      isc_chart_style_set_source_alpha (cr, &color, style->stack_alpha);
      band_path (self, cr, band);
      cairo_fill (cr);
      if (cs->role == ISC_CHART_SERIES_STATUS && cs->status_class == 5)
        draw_hatch (self, cr, layout, style, band);
      isc_chart_style_set_source (cr, &color);
      isc_chart_stroke_points (cr, (const IscChartPoint *)(gpointer)edge->data, edge->len, style->dot_radius);
    }

  cairo_restore (cr);
}

static void
isc_stacked_renderer_finalize (GObject *object)
{
  IscStackedRenderer *self = (IscStackedRenderer *)object;

  g_clear_pointer (&self->bands, g_ptr_array_unref);
  g_clear_pointer (&self->edges, g_ptr_array_unref);

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
  renderer_class->get_series_color = isc_stacked_renderer_get_series_color;
}

static void
isc_stacked_renderer_init (IscStackedRenderer *self)
{
  self->bands = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  self->edges = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
}
