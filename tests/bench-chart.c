/* bench-chart.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How long the chart layer takes on a dense HISTOGRAM: a week at one
 * minute (10 080 steps) × p50, p90, p95, p99 and avg, about 1 MB of JSON.
 *
 *   bench-chart [--runs N] [--width W] [--height H] [--write-json FILE]
 *
 * Prints medians of N runs (thread CPU time) of: building the chart model; laying out and
 * reducing for a size; drawing the whole chart from its cached layout (what
 * an export or a resized window pays after layout); everything from the
 * decoded response to pixels; and a hover redraw (the cursor and values
 * box drawn on top of the cached picture). Targets at 1600×900: drawing
 * under 30 ms, a hover under 2 ms. --write-json writes the same document
 * for build-aux/bench-chart, which times the whole export command against
 * matplotlib and gnuplot.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "isc-chart.h"
#include "isc-metrics-response.h"

static int n_runs = 15;
static int width = 1600;
static int height = 900;
static char *json_path = NULL;
static char *png_path = NULL;

#define N_STEPS 10080

static GString *
generate (void)
{
  const gint64 start = G_GINT64_CONSTANT (1764547200000);
  GString *json = g_string_sized_new (1200000);
  guint32 state = 7;

  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT ","
                          "\"mode\":\"SERIES\",\"step_seconds\":60,\"metric_descriptors\":["
                          "{\"name\":\"baseten_end_to_end_response_time_seconds\",\"unit_hint\":\"SECONDS\","
                          "\"kind\":\"HISTOGRAM\",\"label_sets\":[{\"quantile\":\"0.5\"},{\"quantile\":\"0.9\"},"
                          "{\"quantile\":\"0.95\"},{\"quantile\":\"0.99\"},{\"stat\":\"avg\"}]}],"
                          "\"metric_values\":[",
                          start, start + (gint64)N_STEPS * 60000);

  for (int s = 0; s < N_STEPS; s++)
    {
      /* A daily cycle with noise; one step in 400 has no data yet. */
      double day = sin (s * 2 * G_PI / 1440.0);
      double p50, noise;

      state = state * 1664525u + 1013904223u;
      noise = (state >> 8) / (double)(1 << 24);
      p50 = 0.2 + 0.05 * day + 0.03 * noise;

      g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[",
                              s > 0 ? "," : "", start + (gint64)s * 60000);
      if (state % 400 == 0)
        g_string_append (json, "[null,null,null,null,null]");
      else
        g_string_append_printf (json, "[%.4f,%.4f,%.4f,%.4f,%.4f]",
                                p50, p50 * (1.9 + 0.3 * noise), p50 * (2.6 + 0.5 * noise),
                                p50 * (4.5 + 2.0 * noise * noise), p50 * 1.3);
      g_string_append (json, "]}");
    }
  g_string_append (json, "]}");

  return json;
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y;
}

static double
median (double *v,
        int     n)
{
  qsort (v, n, sizeof *v, compare_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* CPU time of this thread: the machine may be shared, and other loads
 * should not count against the chart. */
static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

int
main (int   argc,
      char *argv[])
{
  const GOptionEntry entries[] = {
    { "runs", 'n', 0, G_OPTION_ARG_INT, &n_runs, "Runs per measure (default 15)", "N" },
    { "width", 0, 0, G_OPTION_ARG_INT, &width, "Chart width (default 1600)", "W" },
    { "height", 0, 0, G_OPTION_ARG_INT, &height, "Chart height (default 900)", "H" },
    { "write-json", 0, 0, G_OPTION_ARG_FILENAME, &json_path, "Write the document to FILE and quit", "FILE" },
    { "write-png", 0, 0, G_OPTION_ARG_FILENAME, &png_path, "Write the drawn chart to FILE", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) json = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autofree double *t_model = NULL;
  g_autofree double *t_layout = NULL;
  g_autofree double *t_draw = NULL;
  g_autofree double *t_full = NULL;
  g_autofree double *t_hover = NULL;
  g_autofree double *t_hover_paint = NULL;
  cairo_surface_t *picture, *target;
  cairo_t *cr;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  n_runs = CLAMP (n_runs, 1, 1000);

  json = generate ();
  if (json_path != NULL)
    {
      if (!g_file_set_contents (json_path, json->str, json->len, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      return 0;
    }

  response = isc_metrics_response_new_from_data (json->str, json->len, &error);
  if (response == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  t_model = g_new (double, n_runs);
  t_layout = g_new (double, n_runs);
  t_draw = g_new (double, n_runs);
  t_full = g_new (double, n_runs);
  t_hover = g_new (double, n_runs);
  t_hover_paint = g_new (double, n_runs);

  picture = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

  for (int r = 0; r < n_runs; r++)
    {
      g_autoptr(IscChartModel) model = NULL;
      g_autoptr(IscChart) chart = NULL;
      double t0, t1, t2, t3;

      t0 = now_ms ();
      model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
      chart = isc_chart_new (model);
      isc_chart_set_time_zone (chart, utc);
      t1 = now_ms ();
      isc_chart_ensure_layout (chart, width, height);
      t2 = now_ms ();
      cr = cairo_create (picture);
      isc_chart_draw (chart, cr, width, height);
      cairo_destroy (cr);
      cairo_surface_flush (picture);
      t3 = now_ms ();

      t_model[r] = t1 - t0;
      t_layout[r] = t2 - t1;
      t_full[r] = t3 - t0;

      /* Again from the cached layout. */
      t0 = now_ms ();
      cr = cairo_create (picture);
      isc_chart_draw (chart, cr, width, height);
      cairo_destroy (cr);
      cairo_surface_flush (picture);
      t_draw[r] = now_ms () - t0;

      /* Hover: the cached picture is shown as it is (the window replays
       * its render node); only the cursor and the values box are drawn,
       * at a new step each time. */
      {
        const IscChartLayout *layout = isc_chart_ensure_layout (chart, width, height);
        double x = layout->plot.x + layout->plot.width * (0.1 + 0.8 * r / MAX (1, n_runs - 1));
        int step = isc_chart_get_step_at_x (chart, width, height, x);

        t0 = now_ms ();
        cr = cairo_create (target);
        cairo_set_source_surface (cr, picture, 0, 0);
        cairo_paint (cr);
        t1 = now_ms ();
        isc_chart_draw_hover (chart, cr, width, height, step);
        cairo_destroy (cr);
        cairo_surface_flush (target);
        t2 = now_ms ();
        t_hover[r] = t2 - t1;
        t_hover_paint[r] = t2 - t0;
      }
    }

  printf ("bench-chart: HISTOGRAM %d steps x 5 series (%.2f MB JSON), %dx%d, median of %d runs\n",
          N_STEPS, json->len / 1e6, width, height, n_runs);
  printf ("  model build                 %8.2f ms\n", median (t_model, n_runs));
  printf ("  layout + reduction          %8.2f ms\n", median (t_layout, n_runs));
  printf ("  draw (cached layout)        %8.2f ms   target < 30 ms\n", median (t_draw, n_runs));
  printf ("  model + layout + draw       %8.2f ms\n", median (t_full, n_runs));
  printf ("  hover overlay               %8.3f ms   target < 2 ms\n", median (t_hover, n_runs));
  printf ("  hover incl. picture copy    %8.3f ms\n", median (t_hover_paint, n_runs));

  if (png_path != NULL)
    cairo_surface_write_to_png (target, png_path);
  cairo_surface_destroy (picture);
  cairo_surface_destroy (target);
  return 0;
}
