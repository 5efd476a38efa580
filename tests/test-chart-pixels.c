/* test-chart-pixels.c: a refresh that brings a new step draws about one
 * step's worth of the plot, and the same pixels as a whole draw
 * (isc_chart_draw_pixels(), src/chart/isc-chart-pixels.c).
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "isc-chart.h"
#include "isc-chart-layout.h"
#include "test-chart-fixtures.h"

#define W 780
#define H 260
#define STEP_S 60
#define SPAN_MS (3600 * 1000)
#define REFRESH_MS (30 * 1000)
/* Wednesday 25 November 2026, 10:00:07 UTC: windows that do not start
 * on a step. */
#define START_MS G_GINT64_CONSTANT (1795600807000)

typedef double (*SlideFunc) (guint series, gint64 step);

/* The window [start, start + SPAN_MS) as Baseten's simulated API answers
 * it: in whole minute steps, each step's values a function of its time,
 * the last step (still being counted at @start + SPAN_MS) a part of its
 * value. A window a refresh (30 s) later has the same steps, or one more
 * and one fewer. */
static IscMetricsResponse *
slide_response (const char *name,
                const char *unit,
                const char *kind,
                const char *label_sets,
                guint       n_series,
                gint64      start_ms,
                SlideFunc   func)
{
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  gint64 step_ms = STEP_S * 1000;
  gint64 now_ms = start_ms + SPAN_MS;
  gint64 first_ms = start_ms / step_ms * step_ms;
  gint64 end_ms = (now_ms - 1) / step_ms * step_ms + step_ms;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  IscMetricsResponse *response;

  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT
                          ",\"mode\":\"SERIES\",\"step_seconds\":%d,"
                          "\"metric_descriptors\":[{\"name\":\"%s\",\"unit_hint\":\"%s\",\"kind\":\"%s\",\"label_sets\":%s}],"
                          "\"metric_values\":[",
                          first_ms, end_ms, STEP_S, name, unit, kind, label_sets);
  for (gint64 t = first_ms; t < end_ms; t += step_ms)
    {
      /* The last step's count so far; a fan's quantiles as they are. */
      double part = t + step_ms > now_ms && g_str_equal (kind, "COUNTER") ? (double) (now_ms - t) / step_ms : 1.0;

      g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[[",
                              t == first_ms ? "" : ",", t);
      for (guint j = 0; j < n_series; j++)
        g_string_append_printf (json, "%s%s", j > 0 ? "," : "",
                                g_ascii_dtostr (buf, sizeof buf, func (j, t / step_ms) * part));
      g_string_append (json, "]]}");
    }
  g_string_append (json, "]}");

  response = isc_metrics_response_new_from_data (json->str, json->len, &error);
  g_assert_no_error (error);
  return response;
}

static double
gauge (guint  series,
       gint64 step)
{
  /* Between 3 and 37 at every window: the same value axis. */
  return 20.0 + 17.0 * sin (step / 5.0) * (series == 0 ? 1.0 : 0.5);
}

static double
counter (guint  series,
         gint64 step)
{
  /* Requests per step: 2xx, then 5xx. */
  return series == 0 ? 3000.0 + 900.0 * sin (step / 7.0) : 60.0 + 40.0 * sin (step / 3.0);
}

static double
latency (guint  series,
         gint64 step)
{
  double base = 0.4 + 0.1 * sin (step / 6.0);
  /* p99, p50, average, p90 */
  const double scale[] = { 3.0, 1.0, 1.3, 2.0 };

  return base * scale[series];
}

typedef struct
{
  const char *name;
  const char *unit;
  const char *kind;
  const char *label_sets;
  guint       n_series;
  SlideFunc   func;
} Metric;

static const Metric metrics[] = {
  { "baseten_concurrent_requests", "COUNT", "GAUGE", "[{\"replica\":\"a\"},{\"replica\":\"b\"}]", 2, gauge },
  { "baseten_inference_requests_total", "COUNT", "COUNTER", "[{\"status\":\"2xx\"},{\"status\":\"5xx\"}]", 2, counter },
  { "baseten_end_to_end_response_time_seconds", "SECONDS", "HISTOGRAM",
    "[{\"quantile\":\"0.99\"},{\"quantile\":\"0.5\"},{\"stat\":\"avg\"},{\"quantile\":\"0.9\"}]", 4, latency },
};

static IscChartModel *
model_at (const Metric *m,
          gint64        start_ms)
{
  g_autoptr(IscMetricsResponse) response =
    slide_response (m->name, m->unit, m->kind, m->label_sets, m->n_series, start_ms, m->func);
  IscChartModel *model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  const IscChartReference refs[] = { { 30.0, "max", NULL, 0 } };
  const IscChartMarker markers[] = {
    { START_MS + 20 * 60 * 1000, "promoted", NULL },
    { START_MS + 62 * 60 * 1000, "max replicas 10 → 16", NULL },
  };

  /* A limit and two events: their lines move with the time axis, their
   * labels stay at the plot's edges. */
  if (g_str_equal (m->kind, "GAUGE"))
    isc_chart_model_set_references (model, refs, G_N_ELEMENTS (refs));
  isc_chart_model_set_markers (model, markers, G_N_ELEMENTS (markers));
  return model;
}

static IscChart *
chart_new (IscChartModel *model,
           IscChartTheme  theme)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  IscChart *chart = isc_chart_new (model);

  isc_chart_set_style (chart, isc_chart_style_get_default (theme));
  isc_chart_set_time_zone (chart, utc);
  return chart;
}

static cairo_surface_t *
draw (IscChart *chart,
      gboolean  pixels)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create (surface);

  if (pixels)
    isc_chart_draw_pixels (chart, cr, W, H);
  else
    isc_chart_draw (chart, cr, W, H);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* How many pixels differ, by how much at most in a channel, and where
 * the first is, in @x and @y. */
static guint
n_different (cairo_surface_t *a,
             cairo_surface_t *b,
             int             *x,
             int             *y,
             int             *most)
{
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *pa = cairo_image_surface_get_data (a);
  const guint8 *pb = cairo_image_surface_get_data (b);
  guint n = 0;

  *most = 0;
  for (int j = 0; j < H; j++)
    for (int i = 0; i < W; i++)
      {
        const guint8 *ca = pa + j * stride + 4 * i;
        const guint8 *cb = pb + j * stride + 4 * i;
        gboolean differs = FALSE;

        for (int c = 0; c < 4; c++)
          if (ca[c] != cb[c])
            {
              differs = TRUE;
              *most = MAX (*most, ABS ((int) ca[c] - (int) cb[c]));
            }
        if (differs && n++ == 0)
          {
            *x = i;
            *y = j;
          }
      }
  return n;
}

/* The refreshed chart's pixels, drawn as a new chart of its model draws
 * them when refreshed with nothing kept: its whole plot in blocks. */
static void
assert_as_drawn_afresh (IscChart        *chart,
                        cairo_surface_t *refreshed)
{
  g_autoptr(IscChart) fresh = chart_new (isc_chart_get_model (chart), ISC_CHART_THEME_LIGHT);
  cairo_surface_t *whole;

  /* Its first draw is whole without blocks (nothing was drawn of its
   * range at its size before); its second, of the same range, in blocks. */
  cairo_surface_destroy (draw (fresh, TRUE));
  whole = draw (fresh, TRUE);
  int x = -1, y = -1, most;
  guint n = n_different (refreshed, whole, &x, &y, &most);

  if (n > 0)
    {
      g_test_message ("%u pixels differ, by %d at most, the first at (%d, %d)", n, most, x, y);
      if (g_getenv ("TEST_PIXELS_DUMP") != NULL)
        {
          cairo_surface_write_to_png (refreshed, "/tmp/px-refreshed.png");
          cairo_surface_write_to_png (whole, "/tmp/px-whole.png");
        }
    }
  g_assert_cmpuint (n, ==, 0);
  cairo_surface_destroy (whole);
}

/* As assert_as_drawn_afresh(), for a chart lined up with the gutter of
 * 90 px the test gives it. */
static void
assert_as_drawn_afresh_aligned (IscChart        *chart,
                                cairo_surface_t *refreshed)
{
  g_autoptr(IscChart) fresh = chart_new (isc_chart_get_model (chart), ISC_CHART_THEME_LIGHT);
  cairo_surface_t *whole;
  int x = -1, y = -1, most;

  isc_chart_set_alignment (fresh, &(IscChartAlignment) { 90, 0 });
  cairo_surface_destroy (draw (fresh, TRUE));
  whole = draw (fresh, TRUE);
  g_assert_cmpuint (n_different (refreshed, whole, &x, &y, &most), ==, 0);
  cairo_surface_destroy (whole);
}

/* A chart refreshed 30 s on, 20 times (the default interval, 10 minutes):
 * each refresh draws only the plot's columns at its two ends, fewer than
 * a tenth of them, and the same pixels as a whole draw. */
static void
test_slide (gconstpointer data)
{
  const Metric *m = data;
  g_autoptr(IscChartModel) model = model_at (m, START_MS);
  g_autoptr(IscChart) chart = chart_new (model, ISC_CHART_THEME_LIGHT);
  const IscChartLayout *layout;
  cairo_surface_t *surface;
  double plot_width;
  guint n_partial = 0;

  /* Drawn once as the window first draws it, then refreshed once with
   * nothing kept: all of the plot, both times. */
  for (guint i = 0; i < 2; i++)
    {
      surface = draw (chart, TRUE);
      layout = isc_chart_ensure_layout (chart, W, H);
      plot_width = layout->plot.width;
      g_assert_cmpint (isc_chart_get_redrawn_columns (chart), ==, (int) plot_width);
      cairo_surface_destroy (surface);
    }

  for (guint i = 1; i <= 20; i++)
    {
      g_autoptr(IscChartModel) later = model_at (m, START_MS + i * REFRESH_MS);
      int redrawn;

      isc_chart_set_model (chart, later);
      surface = draw (chart, TRUE);
      redrawn = isc_chart_get_redrawn_columns (chart);
      g_test_message ("refresh %u: %d of %.0f columns drawn", i, redrawn, plot_width);
      assert_as_drawn_afresh (chart, surface);
      cairo_surface_destroy (surface);
      /* A minute step is 13 columns: a few steps' worth, at the ends. */
      g_assert_cmpint (redrawn, <, plot_width / (g_str_equal (m->kind, "HISTOGRAM") ? 4 : 6));
      if (redrawn < plot_width)
        n_partial++;
    }
  g_assert_cmpuint (n_partial, ==, 20);
}

static double
higher (guint  series,
        gint64 step)
{
  return gauge (series, step) * 1.6;
}

/* New data that moves the value axis (a peak higher than the axis held)
 * is drawn whole, as is a hidden series or a new style; each still gives
 * a whole draw's pixels. */
static void
test_whole_when_the_frame_changes (void)
{
  const Metric *m = &metrics[0];
  const Metric taller = { m->name, m->unit, m->kind, m->label_sets, m->n_series, higher };
  g_autoptr(IscChartModel) model = model_at (m, START_MS);
  g_autoptr(IscChartModel) later = model_at (m, START_MS + REFRESH_MS);
  g_autoptr(IscChartModel) peak = model_at (&taller, START_MS + 2 * REFRESH_MS);
  g_autoptr(IscChart) chart = chart_new (model, ISC_CHART_THEME_LIGHT);
  int plot_width;
  cairo_surface_t *surface;

  cairo_surface_destroy (draw (chart, TRUE));
  cairo_surface_destroy (draw (chart, TRUE));
  plot_width = (int) isc_chart_ensure_layout (chart, W, H)->plot.width;
  isc_chart_set_model (chart, later);
  surface = draw (chart, TRUE);
  g_assert_cmpint (isc_chart_get_redrawn_columns (chart), <, plot_width / 6);
  cairo_surface_destroy (surface);

  /* A new value axis. */
  isc_chart_set_model (chart, peak);
  surface = draw (chart, TRUE);
  g_assert_cmpint (isc_chart_get_redrawn_columns (chart), ==, plot_width);
  assert_as_drawn_afresh (chart, surface);
  cairo_surface_destroy (surface);

  /* A series hidden, on the same model. */
  isc_chart_model_set_hidden (peak, (const gboolean[]) { FALSE, TRUE }, 2);
  surface = draw (chart, TRUE);
  g_assert_cmpint (isc_chart_get_redrawn_columns (chart), ==, plot_width);
  assert_as_drawn_afresh (chart, surface);
  cairo_surface_destroy (surface);

  /* The plot moved right (a wider gutter, to line up with a neighbour),
   * at the same size and range. */
  isc_chart_set_alignment (chart, &(IscChartAlignment) { 90, 0 });
  surface = draw (chart, TRUE);
  g_assert_cmpint (isc_chart_get_redrawn_columns (chart), ==,
                   (int) isc_chart_ensure_layout (chart, W, H)->plot.width);
  assert_as_drawn_afresh_aligned (chart, surface);
  cairo_surface_destroy (surface);
  isc_chart_set_alignment (chart, NULL);

  /* The dark style, on the same model. */
  isc_chart_set_style (chart, isc_chart_style_get_default (ISC_CHART_THEME_DARK));
  surface = draw (chart, TRUE);
  g_assert_cmpint (isc_chart_get_redrawn_columns (chart), ==, plot_width);
  cairo_surface_destroy (surface);
}

/* A value revised in the middle of the window (late data) is drawn from
 * there on, and the pixels are still a whole draw's. */
static gint64 revised_step;

static double
revised (guint  series,
         gint64 step)
{
  return gauge (series, step) + (step == revised_step ? 4.0 : 0.0);
}

static void
test_revised_value (void)
{
  const Metric *m = &metrics[0];
  const Metric late = { m->name, m->unit, m->kind, m->label_sets, m->n_series, revised };
  g_autoptr(IscChartModel) model = model_at (m, START_MS);
  g_autoptr(IscChartModel) later = NULL;
  g_autoptr(IscChart) chart = chart_new (model, ISC_CHART_THEME_LIGHT);
  cairo_surface_t *surface;
  int plot_width, redrawn;

  cairo_surface_destroy (draw (chart, TRUE));
  cairo_surface_destroy (draw (chart, TRUE));
  plot_width = (int) isc_chart_ensure_layout (chart, W, H)->plot.width;
  /* The window's middle step. */
  revised_step = (START_MS + SPAN_MS / 2) / (STEP_S * 1000);
  later = model_at (&late, START_MS + REFRESH_MS);
  if (g_getenv ("TEST_PIXELS_DUMP") != NULL)
    {
      g_autoptr(IscChart) c1 = chart_new (model, ISC_CHART_THEME_LIGHT);
      g_autoptr(IscChart) c2 = chart_new (later, ISC_CHART_THEME_LIGHT);
      cairo_surface_t *s1 = draw (c1, FALSE), *s2 = draw (c2, FALSE);
      cairo_surface_write_to_png (s1, "/tmp/px-old.png");
      cairo_surface_write_to_png (s2, "/tmp/px-new.png");
    }
  isc_chart_set_model (chart, later);
  surface = draw (chart, TRUE);
  redrawn = isc_chart_get_redrawn_columns (chart);
  g_assert_cmpint (redrawn, >, plot_width / 2 - 20);
  g_assert_cmpint (redrawn, <, plot_width);
  assert_as_drawn_afresh (chart, surface);
  cairo_surface_destroy (surface);
}

/* At twice the scale (a HiDPI screen), the same. */
static void
test_slide_scaled (void)
{
  const Metric *m = &metrics[1];
  g_autoptr(IscChartModel) model = model_at (m, START_MS);
  g_autoptr(IscChartModel) later = model_at (m, START_MS + REFRESH_MS);
  g_autoptr(IscChart) chart = chart_new (model, ISC_CHART_THEME_DARK);
  g_autoptr(IscChart) fresh = NULL;
  cairo_surface_t *a, *b;
  cairo_t *cr;
  int x = -1, y = -1;

  a = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2 * W, 2 * H);
  cairo_surface_set_device_scale (a, 2, 2);
  cr = cairo_create (a);
  isc_chart_draw_pixels (chart, cr, W, H);
  isc_chart_draw_pixels (chart, cr, W, H);
  isc_chart_set_model (chart, later);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  isc_chart_draw_pixels (chart, cr, W, H);
  cairo_destroy (cr);
  g_assert_cmpint (isc_chart_get_redrawn_columns (chart), <, W / 6);

  fresh = chart_new (later, ISC_CHART_THEME_DARK);
  b = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2 * W, 2 * H);
  cairo_surface_set_device_scale (b, 2, 2);
  cr = cairo_create (b);
  isc_chart_draw_pixels (fresh, cr, W, H);
  cairo_set_source_rgb (cr, 0, 1, 1);
  cairo_paint (cr);
  isc_chart_draw_pixels (fresh, cr, W, H);
  cairo_destroy (cr);
  cairo_surface_flush (a);
  cairo_surface_flush (b);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                           (gsize) cairo_image_surface_get_stride (a) * 2 * H), ==, 0);
  (void) x;
  (void) y;
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

static double
wave (guint series, guint step, gpointer data)
{
  return 20.0 + 10.0 * sin (step / 4.0);
}

/* Another range (a zoom, a range chosen) is drawn whole without blocks,
 * as the vectors the window draws at first are: the same pixels as
 * isc_chart_draw(), at no more than its cost. */
static void
test_new_range_drawn_as_vectors (void)
{
  g_autoptr(IscChartModel) model = model_at (&metrics[0], START_MS);
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 240, "baseten_concurrent_requests", "COUNT", "GAUGE", "[{}]", 1, wave, NULL);
  g_autoptr(IscChartModel) other = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChart) chart = chart_new (model, ISC_CHART_THEME_LIGHT);
  g_autoptr(IscChart) fresh = chart_new (other, ISC_CHART_THEME_LIGHT);
  cairo_surface_t *a, *b;
  int x = -1, y = -1, most;

  cairo_surface_destroy (draw (chart, TRUE));
  cairo_surface_destroy (draw (chart, TRUE));
  isc_chart_set_model (chart, other);
  a = draw (chart, TRUE);
  g_assert_cmpint (isc_chart_get_redrawn_columns (chart), ==,
                   (int) isc_chart_ensure_layout (chart, W, H)->plot.width);
  b = draw (fresh, FALSE);
  g_assert_cmpuint (n_different (a, b, &x, &y, &most), ==, 0);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/isc/chart-pixels/slide/lines", &metrics[0], test_slide);
  g_test_add_data_func ("/isc/chart-pixels/slide/stacked", &metrics[1], test_slide);
  g_test_add_data_func ("/isc/chart-pixels/slide/fan", &metrics[2], test_slide);
  g_test_add_func ("/isc/chart-pixels/whole-when-the-frame-changes", test_whole_when_the_frame_changes);
  g_test_add_func ("/isc/chart-pixels/revised-value", test_revised_value);
  g_test_add_func ("/isc/chart-pixels/scaled", test_slide_scaled);
  g_test_add_func ("/isc/chart-pixels/new-range-as-vectors", test_new_range_drawn_as_vectors);

  return g_test_run ();
}
