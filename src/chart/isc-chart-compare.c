/* isc-chart-compare.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The compared series (isc_chart_model_set_compare()): dashed lines in a
 * shade of their own series' hue, over the series and under the
 * annotations, on a thin halo of the background so they read over a
 * stack's band of the same hue. Their paths are made with the layout;
 * drawing only strokes them. */

#define G_LOG_DOMAIN "isc-chart"

#include "config.h"

#include <math.h>

#include "isc-chart-decimate.h"
#include "isc-chart-private.h"
#include "isc-chart-renderer.h"

void
_isc_chart_prepare_compare (IscChart             *self,
                            const IscChartLayout *layout)
{
  IscChartModel *model = self->model;
  guint n_series = isc_chart_model_get_n_series (model);
  guint n_compare = isc_chart_model_get_n_compare (model);
  guint n_steps = isc_chart_model_get_n_steps (model);
  g_autofree double *ys = NULL;
  gboolean integer = isc_chart_model_get_integer (model);
  double end_x = 0;

  if (self->compare_paths == NULL)
    self->compare_paths = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  g_ptr_array_set_size (self->compare_paths, 0);
  if (n_compare == 0 || n_steps == 0)
    return;

  ys = g_new (double, n_steps);
  if (integer)
    {
      gint64 end_ms = isc_metrics_response_get_step_end_ms (isc_chart_model_get_response (model), n_steps - 1);

      end_x = MIN (floor (isc_chart_layout_x_for_ms (layout, end_ms)) + 0.5, layout->plot.x + layout->plot.width);
    }
  for (guint k = 0; k < n_compare; k++)
    {
      GArray *points = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));

      g_ptr_array_add (self->compare_paths, points);
      /* A hidden series keeps its place, with nothing to draw. */
      if (isc_chart_model_get_series_hidden (model, n_series + k))
        continue;
      isc_chart_layout_map_values (layout, isc_chart_model_get_compare_draw (model, n_series + k), n_steps, ys);
      isc_chart_keep_above_axis (ys, n_steps, layout->plot.y + layout->plot.height, self->style.line_width);
      /* Whole counts hold their value through the step, as the model's
       * own line does. */
      if (integer)
        isc_chart_step_points_append (layout->step_x, ys, n_steps, end_x, layout->reduce, points);
      else if (layout->reduce)
        isc_chart_decimate_m4 (layout->step_x, ys, n_steps, points);
      else
        isc_chart_points_append (layout->step_x, ys, n_steps, points);
    }
}

void
_isc_chart_draw_compare (IscChart             *self,
                         cairo_t              *cr,
                         const IscChartLayout *layout)
{
  const IscChartStyle *style = &self->style;
  guint n_series = isc_chart_model_get_n_series (self->model);
  double dashes[2] = { style->dash_length * 1.4, style->dash_length * 0.8 };

  if (self->compare_paths == NULL || self->compare_paths->len == 0)
    return;

  cairo_save (cr);
  isc_chart_set_line_style (cr, layout->dense);

  /* The halo first, under every line, so one compared line does not
   * cut another. */
  cairo_set_line_width (cr, style->line_width + 2);
  isc_chart_style_set_source_alpha (cr, &style->background, 0.7);
  for (guint k = 0; k < self->compare_paths->len; k++)
    {
      GArray *points = g_ptr_array_index (self->compare_paths, k);

      isc_chart_stroke_points (cr, (const IscChartPoint *)(gpointer)points->data, points->len, isc_chart_layout_get_x_anchor (layout), 0);
    }

  cairo_set_line_width (cr, style->line_width);
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint k = self->compare_paths->len; k-- > 0;)
    {
      GArray *points = g_ptr_array_index (self->compare_paths, k);
      IscChartColor color;

      if (points->len == 0)
        continue;
      isc_chart_renderer_get_series_color (self->renderer, self->model, style, n_series + k, &color);
      isc_chart_style_set_source (cr, &color);
      isc_chart_stroke_points (cr, (const IscChartPoint *)(gpointer)points->data, points->len, isc_chart_layout_get_x_anchor (layout),
                               style->dot_radius);
    }

  cairo_restore (cr);
}
