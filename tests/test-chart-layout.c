/* test-chart-layout.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chart layout on its own, over a table of cell sizes from the
 * smallest an export allows to a wide window: the plot inside the cell,
 * times and values mapped onto it and back, each step at its time's pixel
 * column, the ticks and the legend inside the chart, an alignment
 * honoured, and a relayout's labels shared with the layout before.
 */

#include "config.h"

#include <math.h>

#include "isc-chart-layout.h"
#include "isc-chart-layout-private.h"
#include "test-chart-fixtures.h"

#define N_STEPS 60
#define STEP_S  60

static double
wave (guint   series,
      guint   step,
      gpointer data)
{
  return 10 + 5 * sin (step / 5.0) + series * 3;
}

typedef struct
{
  int width;
  int height;
} Size;

/* From --size's smallest to a wide window; odd sizes too. */
static const Size sizes[] = {
  { 16, 16 }, { 40, 30 }, { 120, 80 }, { 201, 99 }, { 360, 240 },
  { 600, 300 }, { 1200, 600 }, { 1600, 400 }, { 3000, 200 },
};

typedef struct
{
  IscMetricsResponse *response;
  IscChartModel      *model;
  PangoContext       *pango;
  GTimeZone          *utc;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->response = test_response_new ("SERIES", STEP_S, N_STEPS, "baseten_end_to_end_response_time_seconds",
                                   "SECONDS", "HISTOGRAM",
                                   "[{\"quantile\":\"0.5\"},{\"quantile\":\"0.95\"},{\"stat\":\"avg\"}]",
                                   3, wave, NULL);
  f->model = isc_chart_model_new (f->response, 0, ISC_COUNTER_DISPLAY_RATE);
  f->pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  f->utc = g_time_zone_new_utc ();
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_time_zone_unref (f->utc);
  g_object_unref (f->pango);
  g_object_unref (f->model);
  isc_metrics_response_unref (f->response);
}

static IscChartLayout *
layout_new (Fixture                 *f,
            int                      width,
            int                      height,
            const IscChartAlignment *align)
{
  return isc_chart_layout_new_aligned (f->model, isc_chart_style_get_default (ISC_CHART_THEME_LIGHT),
                                       f->pango, f->utc, TRUE, width, height, TRUE, align);
}

/* The plot never leaves the cell, whatever its size, and has no
 * negative extent. */
static void
test_plot_inside (Fixture       *f,
                  gconstpointer  data)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(IscChartLayout) layout = layout_new (f, sizes[i].width, sizes[i].height, NULL);

      g_test_message ("%dx%d: plot %g,%g %gx%g", sizes[i].width, sizes[i].height,
                      layout->plot.x, layout->plot.y, layout->plot.width, layout->plot.height);
      g_assert_cmpint (layout->width, ==, sizes[i].width);
      g_assert_cmpint (layout->height, ==, sizes[i].height);
      g_assert_cmpfloat (layout->plot.width, >=, 0);
      g_assert_cmpfloat (layout->plot.height, >=, 0);
      g_assert_cmpfloat (layout->plot.x, >=, 0);
      g_assert_cmpfloat (layout->plot.y, >=, 0);
      g_assert_cmpfloat (layout->plot.x + layout->plot.width, <=, sizes[i].width);
      g_assert_cmpfloat (layout->plot.y + layout->plot.height, <=, sizes[i].height);
    }
}

/* The range's ends at the plot's edges, each x back to its time within a
 * pixel's worth, and each step's x at its start. */
static void
test_time_mapping (Fixture       *f,
                   gconstpointer  data)
{
  const gint64 *starts = isc_chart_model_get_step_starts (f->model);

  for (guint i = 2; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(IscChartLayout) layout = layout_new (f, sizes[i].width, sizes[i].height, NULL);
      double ms_per_px = (layout->x_max - layout->x_min) / layout->plot.width;

      g_assert_cmpfloat (layout->plot.width, >, 0);
      g_assert_cmpint (layout->x_min, ==, isc_chart_model_get_start_ms (f->model));
      g_assert_cmpint (layout->x_max, ==, isc_chart_model_get_end_ms (f->model));
      g_assert_cmpfloat_with_epsilon (isc_chart_layout_x_for_ms (layout, layout->x_min), layout->plot.x, 1e-6);
      g_assert_cmpfloat_with_epsilon (isc_chart_layout_x_for_ms (layout, layout->x_max),
                                      layout->plot.x + layout->plot.width, 1e-6);
      for (double x = layout->plot.x; x <= layout->plot.x + layout->plot.width; x += 7.5)
        {
          gint64 ms = isc_chart_layout_ms_for_x (layout, x);

          g_assert_cmpfloat (fabs (isc_chart_layout_x_for_ms (layout, ms) - x), <=, 1.0);
          g_assert_cmpfloat (fabs ((double) ms - (layout->x_min + (x - layout->plot.x) * ms_per_px)), <=, ms_per_px);
        }
      for (guint s = 0; s < isc_chart_model_get_n_steps (f->model); s++)
        {
          /* On its pixel column's centre, for crisp lines, exactly where
           * the time axis puts its start (the crosshair's column). */
          g_assert_cmpfloat (layout->step_x[s], ==, floor (isc_chart_layout_x_for_ms (layout, starts[s])) + 0.5);
          if (s > 0)
            g_assert_cmpfloat (layout->step_x[s], >, layout->step_x[s - 1]);
        }
    }
}

/* The axis' ends at the plot's bottom and top, values between them in
 * order, NaN (a gap) staying NaN; the data within the axis. */
static void
test_value_mapping (Fixture       *f,
                    gconstpointer  data)
{
  for (guint i = 2; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(IscChartLayout) layout = layout_new (f, sizes[i].width, sizes[i].height, NULL);
      double values[] = { layout->y_min, (layout->y_min + layout->y_max) / 2, layout->y_max, NAN };
      double ys[G_N_ELEMENTS (values)];

      g_assert_cmpfloat (layout->y_min, <=, 5);
      g_assert_cmpfloat (layout->y_max, >=, 21);
      isc_chart_layout_map_values (layout, values, G_N_ELEMENTS (values), ys);
      g_assert_cmpfloat_with_epsilon (ys[0], layout->plot.y + layout->plot.height, 1e-6);
      g_assert_cmpfloat_with_epsilon (ys[1], layout->plot.y + layout->plot.height / 2, 1e-6);
      g_assert_cmpfloat_with_epsilon (ys[2], layout->plot.y, 1e-6);
      g_assert_true (isnan (ys[3]));
      for (guint k = 0; k < 3; k++)
        g_assert_cmpfloat_with_epsilon (ys[k], isc_chart_layout_y_for_value (layout, values[k]), 1e-9);
    }
}

/* A value far off the axis, however far (±1e308, ±inf, a distance that
 * overflows), lies at most 64 plot heights past it, in order: what cairo
 * is given stays a sane size. */
static void
test_far_values (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(IscChartLayout) layout = layout_new (f, 600, 300, NULL);
  double values[] = { -INFINITY, -1e308, -1e6, 0, 1e6, 1e308, INFINITY };
  double ys[G_N_ELEMENTS (values)];
  double reach = 64 * layout->plot.height;

  isc_chart_layout_map_values (layout, values, G_N_ELEMENTS (values), ys);
  for (guint k = 0; k < G_N_ELEMENTS (values); k++)
    {
      g_assert_true (isfinite (ys[k]));
      g_assert_cmpfloat (ys[k], >=, layout->plot.y - reach - 1e-6);
      g_assert_cmpfloat (ys[k], <=, layout->plot.y + layout->plot.height + reach + 1e-6);
      g_assert_cmpfloat_with_epsilon (ys[k], isc_chart_layout_y_for_value (layout, values[k]), 1e-9);
      if (k > 0)
        g_assert_cmpfloat (ys[k], <=, ys[k - 1]);
    }
  g_assert_cmpfloat (ys[0], >, layout->plot.y + layout->plot.height);
  g_assert_cmpfloat (ys[G_N_ELEMENTS (values) - 1], <, layout->plot.y);
}

/* Value ticks up the plot in increasing value, time ticks across it in
 * increasing time, and no more of either than the plot has room for. */
static void
test_ticks (Fixture       *f,
            gconstpointer  data)
{
  const IscChartStyle *style = isc_chart_style_get_default (ISC_CHART_THEME_LIGHT);

  for (guint i = 3; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(IscChartLayout) layout = layout_new (f, sizes[i].width, sizes[i].height, NULL);
      GArray *values = layout->value_tick_items;
      GArray *times = layout->time_tick_items;

      g_assert_cmpuint (values->len, >=, 2);
      g_assert_cmpuint (values->len, <=, MAX (2, layout->plot.height / style->value_tick_spacing) + 2);
      for (guint k = 0, shown = 0; k < values->len; k++)
        {
          const IscChartTick *tick = &g_array_index (values, IscChartTick, k);
          int w, h;

          g_assert_cmpfloat (tick->pos, >=, layout->plot.y - 0.5);
          g_assert_cmpfloat (tick->pos, <=, layout->plot.y + layout->plot.height + 0.5);
          if (k > 0 && layout->plot.height > 0)
            g_assert_cmpfloat (tick->pos, <, g_array_index (values, IscChartTick, k - 1).pos);
          if (tick->text.layout == NULL)
            continue;
          /* Labels left of the plot, none over the one below it: in a
           * plot squeezed to nothing, one label is left. */
          pango_layout_get_pixel_size (tick->text.layout, &w, &h);
          g_assert_cmpfloat (tick->text.x + w, <=, layout->plot.x);
          g_assert_cmpfloat (tick->text.x, >=, -0.5);
          if (shown > 0)
            g_assert_cmpfloat (tick->text.y + h, <=, g_array_index (values, IscChartTick, shown - 1).text.y);
          shown = k + 1;
        }
      g_assert_cmpuint (times->len, >=, 1);
      for (guint k = 0; k < times->len; k++)
        {
          const IscChartTick *tick = &g_array_index (times, IscChartTick, k);

          g_assert_cmpfloat (tick->pos, >=, layout->plot.x - 0.5);
          g_assert_cmpfloat (tick->pos, <=, layout->plot.x + layout->plot.width + 0.5);
          if (k > 0)
            g_assert_cmpfloat (tick->pos, >, g_array_index (times, IscChartTick, k - 1).pos);
          /* A label is inside the chart. */
          if (tick->text.layout != NULL)
            {
              int w, h;

              pango_layout_get_pixel_size (tick->text.layout, &w, &h);
              g_assert_cmpfloat (tick->text.x, >=, -0.5);
              g_assert_cmpfloat (tick->text.x + w, <=, sizes[i].width + 0.5);
            }
        }
    }
}

/* One legend entry per series, inside the chart and below the plot, none
 * overlapping another. */
static void
test_legend (Fixture       *f,
             gconstpointer  data)
{
  for (guint i = 4; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(IscChartLayout) layout = layout_new (f, sizes[i].width, sizes[i].height, NULL);
      GArray *legend = layout->legend;

      g_assert_cmpuint (legend->len, ==, isc_chart_model_get_n_series (f->model));
      for (guint k = 0; k < legend->len; k++)
        {
          const IscChartLegendItem *item = &g_array_index (legend, IscChartLegendItem, k);

          g_assert_cmpfloat (item->swatch_x, >=, 0);
          g_assert_cmpfloat (item->swatch_x + item->width, <=, sizes[i].width + 0.5);
          g_assert_cmpfloat (item->y, >=, layout->plot.y + layout->plot.height);
          g_assert_cmpfloat (item->y + item->height, <=, sizes[i].height + 0.5);
          for (guint j = 0; j < k; j++)
            {
              const IscChartLegendItem *other = &g_array_index (legend, IscChartLegendItem, j);
              gboolean apart = item->swatch_x >= other->swatch_x + other->width ||
                               other->swatch_x >= item->swatch_x + item->width ||
                               item->y >= other->y + other->height ||
                               other->y >= item->y + item->height;

              g_assert_true (apart);
            }
        }
    }
}

/* A gutter moves the plot's left edge to it; a plot height caps the plot;
 * neither asked leaves the chart's own, which it reports as natural. */
static void
test_alignment (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(IscChartLayout) alone = layout_new (f, 600, 300, NULL);
  IscChartAlignment wider = { alone->natural_gutter + 40, 0 };
  IscChartAlignment shorter = { 0, alone->plot.height - 30 };
  g_autoptr(IscChartLayout) guttered = layout_new (f, 600, 300, &wider);
  g_autoptr(IscChartLayout) capped = layout_new (f, 600, 300, &shorter);

  g_assert_cmpfloat_with_epsilon (alone->plot.x, alone->natural_gutter, 0.5);
  g_assert_cmpfloat_with_epsilon (alone->plot.height, alone->natural_plot_height, 0.5);
  g_assert_cmpfloat_with_epsilon (guttered->plot.x, wider.gutter, 0.5);
  g_assert_cmpfloat_with_epsilon (guttered->plot.x + guttered->plot.width,
                                  alone->plot.x + alone->plot.width, 0.5);
  g_assert_cmpfloat (capped->plot.height, <=, shorter.plot_height + 0.5);
  g_assert_cmpfloat_with_epsilon (capped->plot.x, alone->plot.x, 0.5);
}

static int
text_width (const IscChartText *text)
{
  int w;

  pango_layout_get_pixel_size (text->layout, &w, NULL);
  return w;
}

/* A relayout measures the same labels once: the texts of a legend and of
 * a value axis are shared with the layout before, and nothing a
 * narrower layout did to fit has changed them (they read and measure as
 * a new context's do); the header's too, where a narrow layout cuts a
 * copy of its own. */
static void
test_shared_texts (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(IscChartLayout) before = NULL;
  g_autoptr(IscChartLayout) narrow = NULL;
  g_autoptr(IscChartLayout) after = NULL;
  g_autoptr(GObject) pango = G_OBJECT (pango_font_map_create_context (pango_cairo_font_map_get_default ()));
  g_autoptr(IscChartLayout) fresh = isc_chart_layout_new_aligned (f->model, isc_chart_style_get_default (ISC_CHART_THEME_LIGHT),
                                                                 PANGO_CONTEXT (pango), f->utc, TRUE, 610, 300, TRUE, NULL);
  guint shared = 0;

  /* As a chart asks for them. */
  _isc_chart_layout_share_texts (f->pango, TRUE);
  before = layout_new (f, 600, 300, NULL);
  narrow = layout_new (f, 120, 80, NULL);
  after = layout_new (f, 610, 300, NULL);

  g_assert_cmpuint (after->legend->len, ==, before->legend->len);
  g_assert_cmpuint (after->legend->len, ==, fresh->legend->len);
  for (guint k = 0; k < after->legend->len; k++)
    {
      const IscChartLegendItem *a = &g_array_index (before->legend, IscChartLegendItem, k);
      const IscChartLegendItem *b = &g_array_index (after->legend, IscChartLegendItem, k);
      const IscChartLegendItem *c = &g_array_index (fresh->legend, IscChartLegendItem, k);

      g_assert_true (a->text.layout == b->text.layout);
      g_assert_true (b->text.layout != c->text.layout);
      g_assert_cmpstr (pango_layout_get_text (b->text.layout), ==, pango_layout_get_text (c->text.layout));
      g_assert_cmpint (text_width (&b->text), ==, text_width (&c->text));
    }
  g_assert_cmpuint (after->value_tick_items->len, ==, fresh->value_tick_items->len);
  for (guint i = 0; i < after->value_tick_items->len; i++)
    {
      const IscChartTick *b = &g_array_index (after->value_tick_items, IscChartTick, i);
      const IscChartTick *c = &g_array_index (fresh->value_tick_items, IscChartTick, i);

      for (guint j = 0; j < before->value_tick_items->len; j++)
        if (g_array_index (before->value_tick_items, IscChartTick, j).text.layout == b->text.layout)
          shared++;
      g_assert_cmpstr (pango_layout_get_text (b->text.layout), ==, pango_layout_get_text (c->text.layout));
      g_assert_cmpint (text_width (&b->text), ==, text_width (&c->text));
    }
  g_assert_cmpuint (shared, ==, after->value_tick_items->len);
  /* The header too, but one cut to a narrow chart is a copy: the cut
   * does not reach the others. */
  g_assert_true (before->title.layout == after->title.layout);
  g_assert_true (before->subtitle.layout == after->subtitle.layout);
  g_assert_true (narrow->title.layout != after->title.layout);
  g_assert_cmpint (pango_layout_get_ellipsize (narrow->title.layout), ==, PANGO_ELLIPSIZE_END);
  g_assert_cmpint (pango_layout_get_ellipsize (after->title.layout), ==, PANGO_ELLIPSIZE_NONE);
  g_assert_cmpint (pango_layout_get_ellipsize (after->subtitle.layout), ==, PANGO_ELLIPSIZE_NONE);

  /* Without: each layout its own. */
  _isc_chart_layout_share_texts (f->pango, FALSE);
  {
    g_autoptr(IscChartLayout) alone = layout_new (f, 610, 300, NULL);

    g_assert_true (g_array_index (alone->legend, IscChartLegendItem, 0).text.layout !=
                   g_array_index (after->legend, IscChartLegendItem, 0).text.layout);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/isc/chart-layout/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("plot-inside", test_plot_inside);
  ADD ("time-mapping", test_time_mapping);
  ADD ("value-mapping", test_value_mapping);
  ADD ("far-values", test_far_values);
  ADD ("ticks", test_ticks);
  ADD ("legend", test_legend);
  ADD ("alignment", test_alignment);
  ADD ("shared-texts", test_shared_texts);
#undef ADD

  return g_test_run ();
}
