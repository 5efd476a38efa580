/* test-chart-fixtures.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Builds metrics responses for the chart tests from a value function, so
 * each test states its data where it asserts about it.
 */

#pragma once

#include <math.h>

#include "isc-chart.h"
#include "isc-metrics-response.h"

/* 2026-12-01 00:00 UTC */
#define TEST_START_MS G_GINT64_CONSTANT (1764547200000)

typedef double (*TestValueFunc) (guint series, guint step, gpointer data);

/* One metric: descriptor fields and label sets as JSON, e.g.
 * "[{\"status\":\"2xx\"},{\"status\":\"5xx\"}]".
 */
static inline IscMetricsResponse *
test_response_new (const char    *mode,
                   guint          step_seconds,
                   guint          n_steps,
                   const char    *name,
                   const char    *unit_hint,
                   const char    *kind,
                   const char    *label_sets,
                   guint          n_series,
                   TestValueFunc  func,
                   gpointer       data)
{
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;
  gint64 end_ms = TEST_START_MS + (gint64)MAX (1, n_steps) * step_seconds * 1000;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT
                          ",\"mode\":\"%s\",\"step_seconds\":",
                          TEST_START_MS, end_ms, mode);
  if (g_str_equal (mode, "SERIES"))
    g_string_append_printf (json, "%u", step_seconds);
  else
    g_string_append (json, "null");
  g_string_append_printf (json,
                          ",\"metric_descriptors\":[{\"name\":\"%s\",\"unit_hint\":\"%s\",\"kind\":\"%s\",\"label_sets\":%s}],"
                          "\"metric_values\":[",
                          name, unit_hint, kind, label_sets);
  for (guint s = 0; s < n_steps; s++)
    {
      g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[[",
                              s > 0 ? "," : "", TEST_START_MS + (gint64)s * step_seconds * 1000);
      for (guint j = 0; j < n_series; j++)
        {
          double v = func (j, s, data);

          if (j > 0)
            g_string_append_c (json, ',');
          if (isnan (v))
            g_string_append (json, "null");
          else
            g_string_append (json, g_ascii_dtostr (buf, sizeof buf, v));
        }
      g_string_append (json, "]]}");
    }
  g_string_append (json, "]}");

  response = isc_metrics_response_new_from_data (json->str, json->len, &error);
  g_assert_no_error (error);
  g_assert_nonnull (response);
  return response;
}

static inline IscChart *
test_chart_new (IscMetricsResponse *response,
                IscCounterDisplay   display,
                IscChartTheme       theme)
{
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, display);
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  IscChart *chart = isc_chart_new (model);

  isc_chart_set_style (chart, isc_chart_style_get_default (theme));
  isc_chart_set_time_zone (chart, utc);
  return chart;
}

static inline cairo_surface_t *
test_render (IscChart *chart,
             int       width,
             int       height,
             gboolean  antialias)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (surface);

  if (!antialias)
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  isc_chart_draw (chart, cr, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static inline void
test_pixel (cairo_surface_t *surface,
            int              x,
            int              y,
            double          *r,
            double          *g,
            double          *b)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 px;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  px = *(const guint32 *)(gconstpointer)(data + y * stride + x * 4);
  *r = ((px >> 16) & 0xff) / 255.0;
  *g = ((px >> 8) & 0xff) / 255.0;
  *b = (px & 0xff) / 255.0;
}

/* Distance between a pixel and a colour composited over the background. */
static inline double
test_color_distance (cairo_surface_t     *surface,
                     int                  x,
                     int                  y,
                     const IscChartColor *color,
                     const IscChartColor *background)
{
  double r, g, b, a = color->alpha;
  double er = color->red * a + background->red * (1 - a);
  double eg = color->green * a + background->green * (1 - a);
  double eb = color->blue * a + background->blue * (1 - a);

  test_pixel (surface, x, y, &r, &g, &b);
  return fabs (r - er) + fabs (g - eg) + fabs (b - eb);
}

/* How much of colour a pixel shows over the background, 0 … 1, as an
 * antialiased edge would: NAN when the pixel is not a mix of the two.
 */
static inline double
test_color_coverage (cairo_surface_t     *surface,
                     int                  x,
                     int                  y,
                     const IscChartColor *color,
                     const IscChartColor *background)
{
  double r, g, b, a = color->alpha;
  double cr = color->red * a + background->red * (1 - a) - background->red;
  double cg = color->green * a + background->green * (1 - a) - background->green;
  double cb = color->blue * a + background->blue * (1 - a) - background->blue;
  double pr, pg, pb, t, len2;

  test_pixel (surface, x, y, &r, &g, &b);
  pr = r - background->red;
  pg = g - background->green;
  pb = b - background->blue;
  len2 = cr * cr + cg * cg + cb * cb;
  if (len2 < 1e-6)
    return NAN;
  t = (pr * cr + pg * cg + pb * cb) / len2;
  if (fabs (pr - t * cr) + fabs (pg - t * cg) + fabs (pb - t * cb) > 0.08)
    return NAN;
  return t;
}

/* TRUE when a pixel within radius of (x, y) shows mostly the colour. */
static inline gboolean
test_color_near (cairo_surface_t     *surface,
                 int                  x,
                 int                  y,
                 int                  radius,
                 const IscChartColor *color,
                 const IscChartColor *background)
{
  for (int dy = -radius; dy <= radius; dy++)
    for (int dx = -radius; dx <= radius; dx++)
      {
        int px = x + dx, py = y + dy;

        if (px < 0 || py < 0 ||
            px >= cairo_image_surface_get_width (surface) ||
            py >= cairo_image_surface_get_height (surface))
          continue;
        if (test_color_coverage (surface, px, py, color, background) > 0.6)
          return TRUE;
      }
  return FALSE;
}

/* How many pixels of a column range [y0, y1] at x have the colour. */
static inline guint
test_count_color_in_column (cairo_surface_t     *surface,
                            int                  x,
                            int                  y0,
                            int                  y1,
                            const IscChartColor *color,
                            const IscChartColor *background)
{
  guint n = 0;

  for (int y = y0; y <= y1; y++)
    if (test_color_coverage (surface, x, y, color, background) > 0.3)
      n++;
  return n;
}

/* The index of @model's series labelled @label, its compared series
 * counted after its own; -1 for none. */
static inline int
test_series_labelled (IscChartModel *model,
                      const char    *label)
{
  guint n = isc_chart_model_get_n_series (model) + isc_chart_model_get_n_compare (model);

  for (guint k = 0; k < n; k++)
    if (g_strcmp0 (isc_chart_model_get_series (model, k)->label, label) == 0)
      return (int) k;
  return -1;
}
