/* test-chart-looks.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a chart must show to be read right: a series at zero as a line of
 * its colour, not hidden in the time axis; a latency fan whose bands tell
 * apart in both themes; hover swatches drawn as the legend's (the average
 * dashed); a lone cold-start spike that does not flatten hours of
 * seconds-scale latency into a line at zero; and the window's card drawn
 * with the chart, an export's plain rectangle.
 */

#include "config.h"

#include <string.h>

#include "isc-chart-private.h"
#include "isc-chart.h"
#include "isc-outliers.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

#define W 640
#define H 360

static const IscChartTheme themes[] = { ISC_CHART_THEME_LIGHT, ISC_CHART_THEME_DARK };

/* ---- zero-valued series ------------------------------------------------ */

#define ZERO_STEPS 120
#define SPIKE_STEP 70

static double
zero_but_one (guint    series,
              guint    step,
              gpointer data)
{
  return step == SPIKE_STEP ? 3 : 0;
}

/* Columns of the plot, away from the spike, that show the series' own
 * colour (not blended with the axis) within three pixels above the axis. */
static void
assert_zero_line_shows (IscChart      *chart,
                        IscChartTheme  theme)
{
  const IscChartStyle *style = isc_chart_style_get_default (theme);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  cairo_surface_t *surface = test_render (chart, W, H, TRUE);
  int axis = (int)round (layout->plot.y + layout->plot.height);
  int spike_x = (int)layout->step_x[SPIKE_STEP];
  guint shown = 0, columns = 0;
  IscChartColor color;

  isc_chart_get_series_color (chart, 0, &color);
  /* From the first step to the last one's start (a continuous line ends
   * there). */
  for (int x = (int)layout->step_x[0] + 2; x < (int)layout->step_x[ZERO_STEPS - 1] - 1; x++)
    {
      gboolean found = FALSE;

      if (ABS (x - spike_x) <= 12)
        continue;
      columns++;
      for (int y = axis - 3; y < axis && !found; y++)
        found = test_color_distance (surface, x, y, &color, &style->background) < 0.1;
      if (found)
        shown++;
      else
        g_test_message ("column %d misses the zero line", x);
    }

  g_assert_cmpuint (columns, >, 400);
  g_assert_cmpuint (shown, ==, columns);
  cairo_surface_destroy (surface);
}

static void
test_zero_line (void)
{
  /* Container restarts (whole counts, step-after) and a continuous gauge. */
  static const struct { const char *name; const char *unit; const char *kind; } metrics[] = {
    { "baseten_container_restarts_total", "COUNT", "COUNTER" },
    { "baseten_concurrent_requests", "COUNT", "GAUGE" },
  };

  for (guint m = 0; m < G_N_ELEMENTS (metrics); m++)
    for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
      {
        g_autoptr(IscMetricsResponse) response =
          test_response_new ("SERIES", 30, ZERO_STEPS, metrics[m].name, metrics[m].unit, metrics[m].kind,
                             "[{}]", 1, zero_but_one, NULL);
        g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, themes[t]);
        const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);

        g_test_message ("%s, theme %u", metrics[m].name, t);
        /* The zero is the axis' bottom, and the spike is drawn whole. */
        g_assert_cmpfloat (layout->y_min, ==, 0);
        g_assert_cmpfloat (layout->y_max, >=, 3);
        assert_zero_line_shows (chart, themes[t]);
      }
}

/* ---- the card ---------------------------------------------------------- */

static guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);

  return *(const guint32 *) (gconstpointer) (data + y * cairo_image_surface_get_stride (surface) + x * 4);
}

/* Framed, as the window draws it: the corners left to what is under the
 * chart, a hairline of the frame colour along each edge, the background
 * inside. Unframed, as an export: the background to the corners. */
static void
test_frame (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(IscMetricsResponse) response =
        test_response_new ("SERIES", 30, ZERO_STEPS, "baseten_concurrent_requests", "COUNT", "GAUGE",
                           "[{}]", 1, zero_but_one, NULL);
      g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, themes[t]);
      const IscChartStyle *style = isc_chart_style_get_default (themes[t]);
      guint32 background = 0xff000000 |
                           (guint32) round (style->background.red * 255) << 16 |
                           (guint32) round (style->background.green * 255) << 8 |
                           (guint32) round (style->background.blue * 255);
      cairo_surface_t *plain, *framed;
      cairo_t *cr;

      plain = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
      cr = cairo_create (plain);
      isc_chart_draw (chart, cr, W, H);
      cairo_destroy (cr);
      cairo_surface_flush (plain);

      isc_chart_set_frame (chart, TRUE, 12);
      framed = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
      cr = cairo_create (framed);
      isc_chart_draw (chart, cr, W, H);
      cairo_destroy (cr);
      cairo_surface_flush (framed);

      g_assert_cmphex (pixel_at (plain, 0, 0), ==, background);
      g_assert_cmphex (pixel_at (plain, W - 1, H - 1), ==, background);
      /* Corners: nothing drawn; edges: the hairline, not the background. */
      g_assert_cmphex (pixel_at (framed, 0, 0), ==, 0);
      g_assert_cmphex (pixel_at (framed, W - 1, H - 1), ==, 0);
      g_assert_cmphex (pixel_at (framed, W / 2, 0), !=, background);
      g_assert_cmphex (pixel_at (framed, 0, H / 2), !=, background);
      g_assert_cmphex (pixel_at (framed, W / 2, 0) >> 24, ==, 0xff);
      /* Inside, the same picture. */
      g_assert_cmphex (pixel_at (framed, 3, H / 2), ==, pixel_at (plain, 3, H / 2));
      g_assert_cmphex (pixel_at (framed, W / 2, H - 3), ==, pixel_at (plain, W / 2, H - 3));

      cairo_surface_destroy (plain);
      cairo_surface_destroy (framed);
    }
}

/* ---- fan colours ------------------------------------------------------- */

static void
test_delta_e_reference (void)
{
  IscChartColor white = { 1, 1, 1, 1 }, black = { 0, 0, 0, 1 };
  IscChartColor red = { 1, 0, 0, 1 }, green = { 0, 1, 0, 1 };

  /* CIELAB's lightness runs 0 … 100; sRGB red and green are a known pair. */
  g_assert_cmpfloat_with_epsilon (isc_chart_color_delta_e (&white, &black), 100.0, 0.05);
  g_assert_cmpfloat_with_epsilon (isc_chart_color_delta_e (&red, &green), 170.58, 0.2);
  g_assert_cmpfloat (isc_chart_color_delta_e (&red, &red), ==, 0);
}

static void
test_fan_contrast (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      const IscChartStyle *style = isc_chart_style_get_default (themes[t]);
      /* As drawn, from the median line outward: the median line, the
       * bands p50–p90, p90–p95, p95–p99 (and one more for a deeper fan)
       * composited over the background, then the background. */
      IscChartColor shades[ISC_CHART_STYLE_N_FAN + 2];

      shades[0] = style->fan;
      for (guint level = 0; level < ISC_CHART_STYLE_N_FAN; level++)
        {
          IscChartColor *band = &shades[level + 1];
          double a = style->fan_alpha[level];

          isc_chart_style_get_band_color (style, level, band);
          /* The band is the fan's hue over the background, as the
           * renderer and the legend composite it. */
          g_assert_cmpfloat_with_epsilon (band->red, style->fan.red * a + style->background.red * (1 - a), 1e-9);
          g_assert_cmpfloat_with_epsilon (band->blue, style->fan.blue * a + style->background.blue * (1 - a), 1e-9);
        }
      shades[ISC_CHART_STYLE_N_FAN + 1] = style->background;

      for (guint i = 0; i + 1 < G_N_ELEMENTS (shades); i++)
        {
          double de = isc_chart_color_delta_e (&shades[i], &shades[i + 1]);

          g_test_message ("theme %u: shade %u to %u: ΔE %.1f", t, i, i + 1, de);
          g_assert_cmpfloat (de, >=, ISC_CHART_STYLE_MIN_BAND_DELTA_E);
          /* Each step outward comes nearer the background. */
          g_assert_cmpfloat (isc_chart_color_delta_e (&shades[i + 1], &style->background), <,
                             isc_chart_color_delta_e (&shades[i], &style->background));
        }
    }

  /* A minimum worth the name: more than just noticeable. */
  g_assert_cmpfloat (ISC_CHART_STYLE_MIN_BAND_DELTA_E, >=, 10.0);
}

/* ---- hover swatches ---------------------------------------------------- */

static IscChart *
default_latency_chart (IscChartTheme theme)
{
  g_autofree char *path = test_fixture_path ("default-series.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_file (path, &error);
  g_autoptr(IscChartModel) model = NULL;
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  IscChart *chart;

  g_assert_no_error (error);
  model = isc_chart_model_new (response, 2, ISC_COUNTER_DISPLAY_RATE);
  g_assert_cmpint (isc_chart_model_get_plot (model), ==, ISC_CHART_PLOT_FAN);
  chart = isc_chart_new (model);
  isc_chart_set_style (chart, isc_chart_style_get_default (theme));
  isc_chart_set_time_zone (chart, utc);
  return chart;
}

static void
test_hover_swatches (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(IscChart) chart = default_latency_chart (themes[t]);
      IscChartModel *model = isc_chart_get_model (chart);
      const IscChartStyle *style = isc_chart_get_style (chart);
      cairo_surface_t *plain = test_render (chart, W, H, TRUE);
      cairo_surface_t *hover = test_render (chart, W, H, TRUE);
      int average = isc_chart_model_get_average (model);
      int step = 30;
      IscChartRect area;
      IscChartColor band;
      int top = G_MAXINT, bottom = -1, left = G_MAXINT, right = -1;
      guint band_pixels = 0;
      gboolean gap = FALSE;
      cairo_t *cr;

      g_assert_cmpint (average, >=, 0);
      cr = cairo_create (hover);
      isc_chart_draw_hover (chart, cr, W, H, step);
      cairo_destroy (cr);
      cairo_surface_flush (hover);
      g_assert_true (isc_chart_get_hover_area (chart, W, H, step, &area));

      /* The p99 swatch is its band (the outermost, level 2) as drawn. */
      isc_chart_style_get_band_color (style, 2, &band);

      /* What the hover drew: pixels that differ from the chart without it,
       * of the average's colour (its swatch; the line under the box is
       * dimmed by the box). */
      for (int y = (int)area.y; y < (int)(area.y + area.height); y++)
        for (int x = (int)area.x; x < (int)(area.x + area.width); x++)
          {
            if (test_color_distance (hover, x, y, &style->average, &style->background) < 0.12 &&
                test_color_distance (plain, x, y, &style->average, &style->background) >= 0.12)
              {
                top = MIN (top, y);
                bottom = MAX (bottom, y);
                left = MIN (left, x);
                right = MAX (right, x);
              }
            if (test_color_distance (hover, x, y, &band, &style->background) < 0.02 &&
                test_color_distance (plain, x, y, &band, &style->background) >= 0.02)
              band_pixels++;
          }

      g_test_message ("theme %u: average swatch %d,%d – %d,%d", t, left, top, right, bottom);
      g_assert_cmpint (bottom, >=, 0);
      /* A dash, not a square: at most a few pixels tall, as wide as a
       * legend swatch, and broken in the middle. */
      g_assert_cmpint (bottom - top + 1, <=, 3);
      g_assert_cmpint (right - left + 1, >=, (int)style->swatch_size - 2);
      for (int x = left; x <= right; x++)
        if (test_color_distance (hover, x, top, &style->average, &style->background) >= 0.12 &&
            test_color_distance (hover, x, bottom, &style->average, &style->background) >= 0.12)
          gap = TRUE;
      g_assert_true (gap);

      /* The p99 band's square is there, in the band's colour. */
      g_assert_cmpuint (band_pixels, >=, (guint)((style->swatch_size - 2) * (style->swatch_size - 2)));

      cairo_surface_destroy (plain);
      cairo_surface_destroy (hover);
    }
}

/* ---- outliers ---------------------------------------------------------- */

#define N_PEAKS 360

static void
fill_seconds (double *peaks)
{
  for (guint i = 0; i < N_PEAKS; i++)
    peaks[i] = 2.0 + 0.5 * sin (i / 20.0);
}

static void
test_outlier_rule (void)
{
  double peaks[N_PEAKS];
  double soft;
  guint n;

  /* One cold start of four minutes among seconds: clipped. */
  fill_seconds (peaks);
  peaks[200] = 240;
  g_assert_true (isc_outliers_find_soft_max (peaks, N_PEAKS, 0, &soft, &n));
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat (soft, <=, 2.5);
  g_assert_cmpfloat (soft, >=, 2.49);

  /* Over two steps, with nulls about: still lone. */
  peaks[201] = 180;
  peaks[10] = NAN;
  peaks[11] = NAN;
  g_assert_true (isc_outliers_find_soft_max (peaks, N_PEAKS, 0, &soft, &n));
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpfloat (soft, <=, 2.5);

  /* Three times the rest: the rest keeps a third of the plot, drawn whole. */
  fill_seconds (peaks);
  peaks[200] = 7.5;
  g_assert_false (isc_outliers_find_soft_max (peaks, N_PEAKS, 0, &soft, &n));
  g_assert_cmpfloat (soft, ==, 7.5);
  g_assert_cmpuint (n, ==, 0);

  /* A spike that lasts (5 % of the steps) is the story, not an outlier. */
  fill_seconds (peaks);
  for (guint i = 100; i < 118; i++)
    peaks[i] = 240;
  g_assert_false (isc_outliers_find_soft_max (peaks, N_PEAKS, 0, &soft, &n));

  /* All zero but one restart: nothing to flatten. */
  for (guint i = 0; i < N_PEAKS; i++)
    peaks[i] = 0;
  peaks[70] = 3;
  g_assert_false (isc_outliers_find_soft_max (peaks, N_PEAKS, 0, &soft, &n));

  /* Too few steps to call one of them lone. */
  fill_seconds (peaks);
  peaks[5] = 240;
  g_assert_false (isc_outliers_find_soft_max (peaks, 10, 0, &soft, &n));
  g_assert_cmpfloat (soft, ==, 240);

  /* The quick look at a series' mean never rules out a spike the rule
   * finds, and rules out the common case. */
  {
    double mean = 0;

    fill_seconds (peaks);
    for (guint i = 0; i < N_PEAKS; i++)
      mean += peaks[i] / N_PEAKS;
    g_assert_false (isc_outliers_may_have_spike (mean, N_PEAKS, 2.5, N_PEAKS, 0));
    g_assert_false (isc_outliers_find_soft_max (peaks, N_PEAKS, 0, &soft, &n));

    peaks[200] = 240;
    mean += 238.0 / N_PEAKS;
    g_assert_true (isc_outliers_may_have_spike (mean, N_PEAKS, 240, N_PEAKS, 0));
    g_assert_true (isc_outliers_find_soft_max (peaks, N_PEAKS, 0, &soft, &n));
    /* The lowest mean a series with a found spike can have above the
     * bound: a body just under a fifth, one step at the top. */
    for (guint i = 0; i < N_PEAKS; i++)
      peaks[i] = 240 / ISC_OUTLIER_RATIO - 0.01;
    peaks[0] = 240;
    mean = 0;
    for (guint i = 0; i < N_PEAKS; i++)
      mean += peaks[i] / N_PEAKS;
    g_assert_true (isc_outliers_find_soft_max (peaks, N_PEAKS, 0, &soft, &n));
    g_assert_true (isc_outliers_may_have_spike (mean, N_PEAKS, 240, N_PEAKS, 0));
  }

  /* Nothing at all. */
  for (guint i = 0; i < N_PEAKS; i++)
    peaks[i] = NAN;
  g_assert_false (isc_outliers_find_soft_max (peaks, N_PEAKS, 0, &soft, &n));
  g_assert_true (isnan (soft));
}

/* In tests/fixtures/cold-start-series.json: six hours at 60 s, p99 below
 * 3.2 s but 240 s in step 200. */
#define COLD_STEP 200

static void
test_cold_start (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autofree char *path = test_fixture_path ("cold-start-series.json");
      g_autoptr(GError) error = NULL;
      g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_file (path, &error);
      g_autoptr(IscChart) chart = NULL;
      const IscChartStyle *style = isc_chart_style_get_default (themes[t]);
      const IscChartLayout *layout;
      const IscChartClipMark *mark;
      cairo_surface_t *surface;
      g_auto(GStrv) legend = NULL;
      gboolean p99_max = FALSE;
      IscChartColor p50;
      int body_y;

      g_assert_no_error (error);
      chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, themes[t]);
      layout = isc_chart_ensure_layout (chart, 900, 400);

      /* The axis is the hours' seconds, not the cold start's minutes. */
      g_assert_cmpfloat (layout->y_max, >=, 3.2);
      g_assert_cmpfloat (layout->y_max, <=, 6.0);
      g_assert_cmpfloat (layout->clip_max, ==, 240.0);

      /* One mark, at the cold start, saying how high it went. */
      g_assert_cmpuint (layout->clip_marks->len, ==, 1);
      mark = &g_array_index (layout->clip_marks, IscChartClipMark, 0);
      g_assert_cmpfloat (mark->x, ==, layout->step_x[COLD_STEP]);
      g_assert_cmpfloat (mark->value, ==, 240.0);
      g_assert_true (strstr (pango_layout_get_text (mark->text.layout), "4") != NULL);

      /* The legend still tells the spike's value. */
      legend = isc_chart_dup_legend_texts (chart, 900, 400);
      for (guint i = 0; legend[i] != NULL; i++)
        if (g_str_has_prefix (legend[i], "p99") && strstr (legend[i], "max 240") != NULL)
          p99_max = TRUE;
      g_assert_true (p99_max);

      surface = test_render (chart, 900, 400, TRUE);
      /* The notch above the plot's top, where the spike was cut. */
      g_assert_true (test_color_near (surface, (int)mark->x, (int)layout->plot.y - 2, 1,
                                      &style->foreground, &style->background));
      /* The median an hour before the cold start sits in the plot's lower
       * half but well off its bottom: readable, not a line at zero. */
      isc_chart_get_series_color (chart, isc_chart_model_get_median (isc_chart_get_model (chart)), &p50);
      body_y = (int)isc_chart_layout_y_for_value (layout, isc_chart_model_get_series (isc_chart_get_model (chart),
                                                                                      0)->values[140]);
      g_assert_cmpint (body_y, <, (int)(layout->plot.y + layout->plot.height * 0.9));
      g_assert_true (test_color_near (surface, (int)layout->step_x[140], body_y, 2, &p50, &style->background));
      cairo_surface_destroy (surface);
    }

  /* A count's spike is the news: restarts are never clipped. */
  {
    g_autoptr(IscMetricsResponse) response =
      test_response_new ("SERIES", 30, ZERO_STEPS, "baseten_container_restarts_total", "COUNT", "COUNTER",
                         "[{}]", 1, zero_but_one, NULL);
    g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
    const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);

    g_assert_true (isnan (layout->clip_max));
    g_assert_cmpuint (layout->clip_marks->len, ==, 0);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/chart-looks/zero-line", test_zero_line);
  g_test_add_func ("/isc/chart-looks/delta-e", test_delta_e_reference);
  g_test_add_func ("/isc/chart-looks/fan-contrast", test_fan_contrast);
  g_test_add_func ("/isc/chart-looks/hover-swatches", test_hover_swatches);
  g_test_add_func ("/isc/chart-looks/outlier-rule", test_outlier_rule);
  g_test_add_func ("/isc/chart-looks/cold-start", test_cold_start);
  g_test_add_func ("/isc/chart-looks/frame", test_frame);

  return g_test_run ();
}
