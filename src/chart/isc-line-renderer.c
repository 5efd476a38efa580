/* isc-line-renderer.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-line-renderer"

#include "config.h"

#include <math.h>

#include "isc-chart-decimate.h"
#include "isc-line-renderer.h"

struct _IscLineRenderer
{
  IscChartRenderer  parent_instance;

  /* One GArray of IscChartPoint per series, in the model's order, over
   * the complete steps, and from the last complete step across the
   * incomplete ones */
  GPtrArray        *paths;
  GPtrArray        *partial;
};

G_DEFINE_FINAL_TYPE (IscLineRenderer, isc_line_renderer, ISC_TYPE_CHART_RENDERER)

static void
isc_line_renderer_prepare (IscChartRenderer     *renderer,
                           IscChartModel        *model,
                           const IscChartLayout *layout,
                           const IscChartStyle  *style)
{
  IscLineRenderer *self = ISC_LINE_RENDERER (renderer);
  guint n_steps = isc_chart_model_get_n_steps (model);
  g_autofree double *ys = g_new (double, MAX (1, n_steps));
  const guint *order;
  guint n_order = 0;
  gboolean integer = isc_chart_model_get_integer (model);
  double end_x = 0;
  guint n_complete = isc_chart_model_get_n_complete_steps (model);
  guint first_partial = n_complete > 0 ? n_complete - 1 : 0;

  g_ptr_array_set_size (self->paths, 0);
  g_ptr_array_set_size (self->partial, 0);
  order = isc_chart_model_get_order (model, &n_order);

  /* Whole counts hold their value through the step: the last one to its
   * end, within the plot. */
  if (integer && n_steps > 0)
    {
      IscMetricsResponse *response = isc_chart_model_get_response (model);
      gint64 end_ms = isc_metrics_response_get_step_end_ms (response, n_steps - 1);

      end_x = isc_chart_layout_x_for_ms (layout, end_ms);
      end_x = MIN (floor (end_x) + 0.5, layout->plot.x + layout->plot.width);
    }

  for (guint k = 0; k < n_order; k++)
    {
      const IscChartSeries *cs = isc_chart_model_get_series (model, order[k]);
      GArray *points = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
      GArray *partial = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));

      /* A hidden series keeps its place, with nothing to draw. */
      if (isc_chart_model_get_series_hidden (model, order[k]))
        {
          g_ptr_array_add (self->paths, points);
          g_ptr_array_add (self->partial, partial);
          continue;
        }
      isc_chart_layout_map_values (layout, cs->values, n_steps, ys);
      isc_chart_keep_above_axis (ys, n_steps, layout->plot.y + layout->plot.height, style->line_width);
      if (integer)
        {
          /* The last complete step holds its value to its end, where the
           * incomplete ones take over. */
          double complete_end = n_complete < n_steps ? layout->step_x[n_complete] : end_x;

          isc_chart_step_points_append (layout->step_x, ys, n_complete, complete_end, layout->reduce, points);
          if (n_complete < n_steps)
            {
              if (n_complete > 0 && !isnan (ys[n_complete - 1]))
                {
                  IscChartPoint riser = { layout->step_x[n_complete], ys[n_complete - 1] };

                  g_array_append_val (partial, riser);
                }
              isc_chart_step_points_append (layout->step_x + n_complete, ys + n_complete,
                                            n_steps - n_complete, end_x, FALSE, partial);
            }
        }
      else
        {
          if (layout->reduce)
            isc_chart_decimate_m4 (layout->step_x, ys, n_complete, points);
          else
            isc_chart_points_append (layout->step_x, ys, n_complete, points);
          /* The segment into the first incomplete step belongs to it. */
          if (n_complete < n_steps)
            isc_chart_points_append (layout->step_x + first_partial, ys + first_partial,
                                     n_steps - first_partial, partial);
        }
      g_ptr_array_add (self->paths, points);
      g_ptr_array_add (self->partial, partial);
    }
}

static void
isc_line_renderer_draw (IscChartRenderer     *renderer,
                        cairo_t              *cr,
                        IscChartModel        *model,
                        const IscChartLayout *layout,
                        const IscChartStyle  *style)
{
  IscLineRenderer *self = ISC_LINE_RENDERER (renderer);
  const guint *order = isc_chart_model_get_order (model, NULL);

  cairo_save (cr);
  cairo_set_line_width (cr, style->line_width);
  isc_chart_set_line_style (cr, layout->dense);

  /* The first series ends up on top. */
  for (guint k = self->paths->len; k-- > 0;)
    {
      GArray *points = g_ptr_array_index (self->paths, k);
      IscChartColor color;

      isc_chart_renderer_get_series_color (renderer, model, style, order[k], &color);
      isc_chart_style_set_source (cr, &color);
      isc_chart_stroke_points (cr, (const IscChartPoint *)(gpointer)points->data, points->len, isc_chart_layout_get_x_anchor (layout),
                               style->dot_radius);
    }

  /* Incomplete steps: lighter and dashed, so a step still filling in does
   * not read as a fall. */
  isc_chart_renderer_set_partial_dash (cr, style);
  for (guint k = self->partial->len; k-- > 0;)
    {
      GArray *points = g_ptr_array_index (self->partial, k);
      IscChartColor color;

      if (points->len == 0)
        continue;
      isc_chart_renderer_get_series_color (renderer, model, style, order[k], &color);
      isc_chart_style_set_source_alpha (cr, &color, ISC_CHART_PARTIAL_ALPHA);
      isc_chart_stroke_points (cr, (const IscChartPoint *)(gpointer)points->data, points->len, isc_chart_layout_get_x_anchor (layout),
                               style->dot_radius);
    }

  cairo_restore (cr);
}

static void
isc_line_renderer_finalize (GObject *object)
{
  IscLineRenderer *self = (IscLineRenderer *)object;

  g_clear_pointer (&self->paths, g_ptr_array_unref);
  g_clear_pointer (&self->partial, g_ptr_array_unref);

  G_OBJECT_CLASS (isc_line_renderer_parent_class)->finalize (object);
}

static void
isc_line_renderer_class_init (IscLineRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  IscChartRendererClass *renderer_class = ISC_CHART_RENDERER_CLASS (klass);

  object_class->finalize = isc_line_renderer_finalize;
  renderer_class->prepare = isc_line_renderer_prepare;
  renderer_class->draw = isc_line_renderer_draw;
}

static void
isc_line_renderer_init (IscLineRenderer *self)
{
  self->paths = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  self->partial = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
}
