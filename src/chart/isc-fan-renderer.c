/* isc-fan-renderer.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-fan-renderer"

#include "config.h"

#include "isc-chart-decimate.h"
#include "isc-fan-renderer.h"

struct _IscFanRenderer
{
  IscChartRenderer  parent_instance;

  /* Bands between adjacent quantiles, lowest first, and their depth:
   * 0 next to the median, growing outward. */
  GPtrArray        *bands;
  GArray           *band_levels;
  /* Lines: the median and the average */
  GArray           *median;
  GArray           *average;
  /* The same from the last complete step across the incomplete ones,
   * bands in the order of bands */
  GPtrArray        *partial_bands;
  GArray           *partial_median;
  GArray           *partial_average;
  gboolean          columns;   /* bands as column boxes */
};

G_DEFINE_FINAL_TYPE (IscFanRenderer, isc_fan_renderer, ISC_TYPE_CHART_RENDERER)

static void
map_line (IscChartModel        *model,
          const IscChartLayout *layout,
          int                   series,
          double                line_width,
          double               *ys,
          GArray               *points,
          GArray               *partial)
{
  guint n_steps = isc_chart_model_get_n_steps (model);
  guint n_complete = isc_chart_model_get_n_complete_steps (model);
  guint first_partial = n_complete > 0 ? n_complete - 1 : 0;
  const IscChartSeries *cs;

  g_array_set_size (points, 0);
  g_array_set_size (partial, 0);
  if (series < 0)
    return;

  cs = isc_chart_model_get_series (model, series);
  isc_chart_layout_map_values (layout, cs->values, n_steps, ys);
  isc_chart_keep_above_axis (ys, n_steps, layout->plot.y + layout->plot.height, line_width);
  if (layout->reduce)
    isc_chart_decimate_m4 (layout->step_x, ys, n_complete, points);
  else
    isc_chart_points_append (layout->step_x, ys, n_complete, points);
  if (n_complete < n_steps)
    isc_chart_points_append (layout->step_x + first_partial, ys + first_partial,
                             n_steps - first_partial, partial);
}

static void
isc_fan_renderer_prepare (IscChartRenderer     *renderer,
                          IscChartModel        *model,
                          const IscChartLayout *layout,
                          const IscChartStyle  *style)
{
  IscFanRenderer *self = ISC_FAN_RENDERER (renderer);
  guint n_steps = isc_chart_model_get_n_steps (model);
  g_autofree double *upper = g_new (double, MAX (1, n_steps));
  g_autofree double *lower = g_new (double, MAX (1, n_steps));
  int median = isc_chart_model_get_median (model);
  const guint *order;
  guint n_order = 0, n_quantiles = 0, median_pos = 0;
  guint n_complete = isc_chart_model_get_n_complete_steps (model);
  guint first_partial = n_complete > 0 ? n_complete - 1 : 0;
  g_autofree guint *shown = NULL;
  int average = isc_chart_model_get_average (model);

  g_ptr_array_set_size (self->bands, 0);
  g_ptr_array_set_size (self->partial_bands, 0);
  g_array_set_size (self->band_levels, 0);
  self->columns = layout->reduce && layout->dense;

  /* The model orders quantiles by their numeric value, whatever their
   * order in the response, then the other series. */
  order = isc_chart_model_get_order (model, &n_order);
  shown = g_new (guint, MAX (1, n_order));
  /* Bands join the shown quantiles only: a hidden one drops out, and its
   * neighbours bound one band. median_pos is where the median is, or
   * would be, among them. */
  for (guint k = 0; k < n_order &&
       isc_chart_model_get_series (model, order[k])->role == ISC_CHART_SERIES_QUANTILE; k++)
    {
      if ((int)order[k] == median)
        median_pos = n_quantiles;
      if (isc_chart_model_get_series_hidden (model, order[k]))
        continue;
      shown[n_quantiles++] = order[k];
    }
  if (median >= 0 && isc_chart_model_get_series_hidden (model, median))
    median = -1;

  for (guint j = 0; j + 1 < n_quantiles; j++)
    {
      const IscChartSeries *lo = isc_chart_model_get_series (model, shown[j]);
      const IscChartSeries *hi = isc_chart_model_get_series (model, shown[j + 1]);
      GArray *band = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
      GArray *partial = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
      guint level = j >= median_pos ? j - median_pos : median_pos - 1 - j;

      /* Without the median, the band across it is the innermost. */
      if (median < 0 && j >= median_pos)
        level++;

      isc_chart_layout_map_values (layout, hi->values, n_steps, upper);
      isc_chart_layout_map_values (layout, lo->values, n_steps, lower);
      if (self->columns)
        isc_chart_band_columns_append (layout->step_x, upper, lower, n_complete, band);
      else
        isc_chart_band_append (layout->step_x, upper, lower, n_complete, layout->reduce, band);
      if (n_complete < n_steps)
        isc_chart_band_append (layout->step_x + first_partial, upper + first_partial,
                               lower + first_partial, n_steps - first_partial, FALSE, partial);
      g_ptr_array_add (self->bands, band);
      g_ptr_array_add (self->partial_bands, partial);
      g_array_append_val (self->band_levels, level);
    }

  map_line (model, layout, median, style->median_width, upper, self->median, self->partial_median);
  if (average >= 0 && isc_chart_model_get_series_hidden (model, average))
    average = -1;
  map_line (model, layout, average, style->line_width, upper, self->average,
            self->partial_average);
}

static void
isc_fan_renderer_get_series_color (IscChartRenderer    *renderer,
                                   IscChartModel       *model,
                                   const IscChartStyle *style,
                                   guint                series,
                                   IscChartColor       *color)
{
  const IscChartSeries *cs = isc_chart_model_get_series (model, series);
  int median = isc_chart_model_get_median (model);

  if (cs->role == ISC_CHART_SERIES_AVERAGE)
    {
      *color = style->average;
    }
  else if (cs->role == ISC_CHART_SERIES_QUANTILE)
    {
      const guint *order;
      guint n_order = 0, pos = 0, mpos = 0, level;

      /* A quantile's swatch is the band it bounds on the far side of the
       * median, so the legend reads as the fan does. */
      *color = style->fan;
      if ((int)series == median)
        return;

      order = isc_chart_model_get_order (model, &n_order);
      for (guint k = 0; k < n_order; k++)
        {
          if (order[k] == series)
            pos = k;
          if ((int)order[k] == median)
            mpos = k;
        }
      level = MIN ((pos > mpos ? pos - mpos : mpos - pos) - 1, ISC_CHART_STYLE_N_FAN - 1);
      color->alpha = style->fan_alpha[level];
    }
  else
    {
      *color = *isc_chart_style_get_palette_color (style, cs->color_index);
    }
}

/* Incomplete steps: the bands lighter, the median and the average
 * lighter and in short dashes, so a step still filling in is not read as
 * a change in latency. */
static void
draw_partial (IscFanRenderer       *self,
              cairo_t              *cr,
              const IscChartLayout *layout,
              const IscChartStyle  *style)
{
  for (guint j = 0; j < self->partial_bands->len; j++)
    {
      GArray *band = g_ptr_array_index (self->partial_bands, j);
      guint level = MIN (g_array_index (self->band_levels, guint, j), ISC_CHART_STYLE_N_FAN - 1);

      if (band->len == 0)
        continue;
      isc_chart_style_set_source_alpha (cr, &style->fan, style->fan_alpha[level] * ISC_CHART_PARTIAL_ALPHA);
      isc_chart_fill_polygons (cr, (const IscChartPoint *)(gpointer)band->data, band->len,
                               isc_chart_layout_get_x_anchor (layout));
    }

  isc_chart_renderer_set_partial_dash (cr, style);
  cairo_set_line_width (cr, style->line_width);
  isc_chart_style_set_source_alpha (cr, &style->average, ISC_CHART_PARTIAL_ALPHA);
  isc_chart_stroke_points (cr, (const IscChartPoint *)(gpointer)self->partial_average->data,
                           self->partial_average->len, isc_chart_layout_get_x_anchor (layout), style->dot_radius);
  cairo_set_line_width (cr, style->median_width);
  isc_chart_style_set_source_alpha (cr, &style->fan, ISC_CHART_PARTIAL_ALPHA);
  isc_chart_stroke_points (cr, (const IscChartPoint *)(gpointer)self->partial_median->data,
                           self->partial_median->len, isc_chart_layout_get_x_anchor (layout), style->dot_radius);
}

static void
isc_fan_renderer_draw (IscChartRenderer     *renderer,
                       cairo_t              *cr,
                       IscChartModel        *model,
                       const IscChartLayout *layout,
                       const IscChartStyle  *style)
{
  IscFanRenderer *self = ISC_FAN_RENDERER (renderer);
  double dash = style->dash_length;

  cairo_save (cr);

  /* Bands are opaque, in the fan's hue blended over the background, and
   * drawn from the outermost in: where a column's span of one band
   * overlaps the next (dense, noisy data), the inner band covers it
   * instead of darkening it, and opaque fills are cheaper to composite. */
  for (guint level = ISC_CHART_STYLE_N_FAN; level-- > 0;)
    {
      IscChartColor color;

      isc_chart_style_get_band_color (style, level, &color);
      isc_chart_style_set_source (cr, &color);

      for (guint j = 0; j < self->bands->len; j++)
        {
          GArray *band = g_ptr_array_index (self->bands, j);

          if (MIN (g_array_index (self->band_levels, guint, j), ISC_CHART_STYLE_N_FAN - 1) != level)
            continue;
          if (self->columns)
            isc_chart_fill_columns (cr, (const IscChartPoint *)(gpointer)band->data, band->len);
          else
            isc_chart_fill_polygons (cr, (const IscChartPoint *)(gpointer)band->data, band->len,
                               isc_chart_layout_get_x_anchor (layout));
        }
    }

  isc_chart_set_line_style (cr, layout->dense);

  cairo_set_line_width (cr, style->line_width);
  isc_chart_style_set_source (cr, &style->average);
  cairo_set_dash (cr, &dash, 1, 0);
  isc_chart_stroke_points (cr, (const IscChartPoint *)(gpointer)self->average->data, self->average->len, isc_chart_layout_get_x_anchor (layout),
                           style->dot_radius);
  cairo_set_dash (cr, NULL, 0, 0);

  cairo_set_line_width (cr, style->median_width);
  isc_chart_style_set_source (cr, &style->fan);
  isc_chart_stroke_points (cr, (const IscChartPoint *)(gpointer)self->median->data, self->median->len, isc_chart_layout_get_x_anchor (layout),
                           style->dot_radius);

  draw_partial (self, cr, layout, style);

  cairo_restore (cr);
}

static void
isc_fan_renderer_finalize (GObject *object)
{
  IscFanRenderer *self = (IscFanRenderer *)object;

  g_clear_pointer (&self->bands, g_ptr_array_unref);
  g_clear_pointer (&self->band_levels, g_array_unref);
  g_clear_pointer (&self->median, g_array_unref);
  g_clear_pointer (&self->average, g_array_unref);
  g_clear_pointer (&self->partial_bands, g_ptr_array_unref);
  g_clear_pointer (&self->partial_median, g_array_unref);
  g_clear_pointer (&self->partial_average, g_array_unref);

  G_OBJECT_CLASS (isc_fan_renderer_parent_class)->finalize (object);
}

static void
isc_fan_renderer_class_init (IscFanRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  IscChartRendererClass *renderer_class = ISC_CHART_RENDERER_CLASS (klass);

  object_class->finalize = isc_fan_renderer_finalize;
  renderer_class->prepare = isc_fan_renderer_prepare;
  renderer_class->draw = isc_fan_renderer_draw;
  renderer_class->get_series_color = isc_fan_renderer_get_series_color;
}

static void
isc_fan_renderer_init (IscFanRenderer *self)
{
  self->bands = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  self->band_levels = g_array_new (FALSE, FALSE, sizeof (guint));
  self->median = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
  self->average = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
  self->partial_bands = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  self->partial_median = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
  self->partial_average = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
}
