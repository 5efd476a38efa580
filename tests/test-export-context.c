/* test-export-context.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An exported image says what it shows: a header line with the model, the
 * environment, the range, the time zone and when it was made; a PDF's
 * Title. A grid with fewer charts than cells leaves no hole, and SUMMARY
 * and CURRENT bars say their window and per what.
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "isc-bar-renderer.h"
#include "isc-chart-export.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

/* The bidi isolates around each date of a header. */
#define FSI "\u2068"
#define PDI "\u2069"

/* 2025-12-01 12:00:00 UTC */
#define MADE_MS G_GINT64_CONSTANT (1764590400000)

static double
flat_value (guint series, guint step, gpointer data)
{
  return 10 + series + (step % 5);
}

static IscChart *
make_series_chart (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 60, 120, "baseten_replicas_active", "COUNT", "GAUGE", "[{}]", 1,
                       flat_value, NULL);

  return test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
}

static IscChartExportContext
make_context (GTimeZone *tz)
{
  IscChartExportContext context = {
    .model = "demo-chat",
    .target = "environment production",
    .range = "Last 2 hours",
    .time_zone = tz,
    .made_at_ms = MADE_MS,
  };

  return context;
}

static guint
count_string (const char *haystack,
              gsize       length,
              const char *needle)
{
  guint n = 0;
  gsize len = strlen (needle);

  for (const char *p = haystack; p != NULL && p + len <= haystack + length; p++)
    {
      p = g_strstr_len (p, haystack + length - p, needle);
      if (p == NULL)
        break;
      n++;
    }
  return n;
}

static void
test_header_text (void)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GTimeZone) kolkata = g_time_zone_new_identifier ("Asia/Kolkata");
  g_autoptr(IscChart) chart = make_series_chart ();
  IscChartExportContext context = make_context (utc);
  g_autofree char *header = isc_chart_export_dup_header (&context, &chart, 1);
  g_autofree char *away = NULL;

  /* What, where, when and in which clock. */
  g_assert_true (g_str_has_prefix (header, "demo-chat"));
  g_assert_nonnull (strstr (header, "environment production"));
  g_assert_nonnull (strstr (header, "Last 2 hours"));
  /* The window itself, from the response: 00:00 to 02:00 on 1 Dec. */
  g_assert_nonnull (strstr (header, FSI "1 Dec 2025 00:00" PDI " – " FSI "02:00" PDI));
  g_assert_nonnull (strstr (header, "times in UTC"));
  g_assert_nonnull (strstr (header, "made " FSI "1 Dec 2025 12:00:00" PDI));

  /* Another zone tells the window, the zone and the time made in it. */
  g_assert_nonnull (kolkata);
  context.time_zone = kolkata;
  away = isc_chart_export_dup_header (&context, &chart, 1);
  g_assert_nonnull (strstr (away, FSI "1 Dec 2025 05:30" PDI " – " FSI "07:30" PDI));
  g_assert_nonnull (strstr (away, "Asia/Kolkata"));
  g_assert_nonnull (strstr (away, "UTC+05:30"));
  g_assert_nonnull (strstr (away, "made " FSI "1 Dec 2025 17:30:00" PDI));
}

/* The horizontal extent of @header's bytes [@start, @start + @length) as
 * @layout lays them out, in Pango units. */
static void
text_extent (PangoLayout *layout,
             const char  *header,
             const char  *part,
             int         *left,
             int         *right)
{
  const char *found = strstr (header, part);

  g_assert_nonnull (found);
  *left = G_MAXINT;
  *right = G_MININT;
  for (const char *p = found; p < found + strlen (part); p = g_utf8_next_char (p))
    {
      PangoRectangle pos;

      pango_layout_index_to_pos (layout, (int) (p - header), &pos);
      *left = MIN (*left, MIN (pos.x, pos.x + pos.width));
      *right = MAX (*right, MAX (pos.x, pos.x + pos.width));
    }
}

/* Under a locale whose month names are right to left, the header as
 * drawn still reads the window's start before its end: left of it, in a
 * header whose words around it read left to right. */
static void
test_header_rtl_locales (gconstpointer data)
{
  const char *locale = data;
  g_autofree char *saved = g_strdup (setlocale (LC_ALL, NULL));
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(IscChart) chart = make_series_chart ();
  IscChartExportContext context = make_context (utc);
  g_autoptr(GDateTime) start = g_date_time_new_from_unix_utc (TEST_START_MS / 1000);
  g_autoptr(GDateTime) end = g_date_time_add_hours (start, 2);
  PangoContext *pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  g_autoptr(PangoLayout) layout = pango_layout_new (pango);
  gboolean right_to_left = FALSE;
  g_autofree char *header = NULL;
  g_autofree char *start_text = NULL;
  g_autofree char *end_text = NULL;
  int start_left, start_right, end_left, end_right;

  g_assert_nonnull (setlocale (LC_ALL, locale));
  header = isc_chart_export_dup_header (&context, &chart, 1);
  start_text = g_date_time_format (start, "%-d %b %Y %H:%M");
  end_text = g_date_time_format (end, " – %H:%M");
  setlocale (LC_ALL, saved);
  g_test_message ("%s: %s", locale, header);

  /* The month is in the locale's own script, Arabic or Hebrew. */
  for (const char *p = start_text; *p != '\0'; p = g_utf8_next_char (p))
    right_to_left |= g_utf8_get_char (p) >= 0x0590 && g_utf8_get_char (p) <= 0x06ff;
  g_assert_true (right_to_left);
  pango_layout_set_text (layout, header, -1);
  text_extent (layout, header, start_text, &start_left, &start_right);
  text_extent (layout, header, end_text + strlen (" – "), &end_left, &end_right);
  g_assert_cmpint (start_right, <=, end_left);
  g_object_unref (pango);
}

/* A window across the end of summer time has two offsets, and the header
 * says both, in their order; a window within one says one. */
static void
test_header_dst (void)
{
  g_autoptr(GTimeZone) berlin = g_time_zone_new_identifier ("Europe/Berlin");
  /* 24 Oct 2026 22:00 UTC to 25 Oct 04:00 UTC: the clocks go back at
   * 01:00 UTC. */
  static const char across[] =
    "{\"start_epoch_millis\":1792879200000,\"end_epoch_millis\":1792900800000,\"mode\":\"SERIES\","
    "\"step_seconds\":10800,\"metric_descriptors\":[{\"name\":\"baseten_replicas_active\","
    "\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}],\"metric_values\":["
    "{\"start_epoch_millis\":1792879200000,\"values\":[[1]]},"
    "{\"start_epoch_millis\":1792890000000,\"values\":[[2]]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_data (across, -1, &error);
  g_autoptr(IscChart) chart = NULL;
  g_autoptr(IscChart) winter = make_series_chart ();
  IscChartExportContext context = make_context (berlin);
  g_autofree char *header = NULL;
  g_autofree char *one = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (berlin);
  chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  /* Made in summer: the window's own offsets count, not the time made. */
  context.made_at_ms = G_GINT64_CONSTANT (1784000000000);
  header = isc_chart_export_dup_header (&context, &chart, 1);
  g_test_message ("%s", header);
  g_assert_nonnull (strstr (header, "times in Europe/Berlin (CEST, UTC+02:00, then CET, UTC+01:00)"));
  g_assert_nonnull (strstr (header, FSI "25 Oct 2026 00:00" PDI " – " FSI "05:00" PDI));

  one = isc_chart_export_dup_header (&context, &winter, 1);
  g_assert_nonnull (strstr (one, "times in Europe/Berlin (CET, UTC+01:00) ·"));
}

static void
test_header_drawn (void)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(IscChart) chart = make_series_chart ();
  IscChartExportContext context = make_context (utc);
  g_autofree char *header = isc_chart_export_dup_header (&context, &chart, 1);
  g_autoptr(GBytes) plain = NULL;
  g_autoptr(GBytes) with = NULL;
  g_autoptr(GBytes) png = NULL;
  g_autoptr(GError) error = NULL;
  const char *svg_plain, *svg_with, *height;
  gsize n_plain, n_with;
  guint glyphs, drawn;
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "header.png", NULL);
  cairo_surface_t *image;
  int top, n_dark = 0;

  plain = isc_chart_export_to_bytes (&chart, 1, 1, ISC_CHART_FORMAT_SVG, 600, 300, 1.0, &error);
  g_assert_no_error (error);
  with = isc_chart_export_to_bytes_with_context (&chart, 1, 1, ISC_CHART_FORMAT_SVG, 600, 300, 1.0,
                                                 &context, &error);
  g_assert_no_error (error);
  svg_plain = g_bytes_get_data (plain, &n_plain);
  svg_with = g_bytes_get_data (with, &n_with);

  /* The image grows by the header line, and the header's glyphs are
   * drawn: one glyph use per character (cairo draws spaces too; a
   * ligature would draw two as one). */
  height = g_strstr_len (svg_with, n_with, "height=\"");
  g_assert_nonnull (height);
  top = atoi (height + strlen ("height=\"")) - 300;
  g_assert_cmpint (top, >, 12);
  g_assert_cmpint (top, <, 80);
  glyphs = g_utf8_strlen (header, -1);
  drawn = count_string (svg_with, n_with, "<use xlink:href=\"#glyph") -
          count_string (svg_plain, n_plain, "<use xlink:href=\"#glyph");
  g_assert_cmpuint (drawn, >=, glyphs * 9 / 10);
  g_assert_cmpuint (drawn, <=, glyphs);

  /* In a PNG, the band over the chart holds dark text on the light
   * background. */
  g_assert_true (isc_chart_export_to_file_with_context (&chart, 1, 1, ISC_CHART_FORMAT_PNG, 600, 300, 1.0,
                                                        &context, path, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 300 + top);
  for (int y = 0; y < top; y++)
    for (int x = 0; x < 600; x++)
      {
        guint32 pixel = *(const guint32 *)(gconstpointer)(cairo_image_surface_get_data (image) +
                                                         y * cairo_image_surface_get_stride (image) + x * 4);

        if (((pixel >> 8) & 0xff) < 0x80)
          n_dark++;
      }
  g_assert_cmpint (n_dark, >, 200);
  cairo_surface_destroy (image);
  test_remove_dir (dir);
}

/* The Title a PDF viewer shows for @pdf, read by pdfinfo; FALSE, with
 * the test skipped, where pdfinfo is not installed. */
static gboolean
pdf_title (GBytes  *pdf,
           char   **title)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "chart.pdf", NULL);
  g_autofree char *info = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (pdf, &length);
  gboolean read;

  g_assert_true (g_file_set_contents (path, data, (gssize) length, &error));
  g_assert_no_error (error);
  read = test_pdfinfo (path, &info);
  test_remove_dir (dir);
  if (!read)
    return FALSE;
  *title = test_pdfinfo_field (info, "Title");
  return TRUE;
}

static void
test_pdf_title (void)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(IscChart) chart = make_series_chart ();
  IscChartExportContext context = make_context (utc);
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GBytes) plain = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = isc_chart_export_dup_title (&context, &chart, 1);
  g_autofree char *title = NULL;
  g_autofree char *plain_title = NULL;

  g_assert_true (g_str_has_prefix (expected, "Inferscope: demo-chat"));
  g_assert_nonnull (strstr (expected, "environment production"));
  g_assert_nonnull (strstr (expected, "Last 2 hours"));

  pdf = isc_chart_export_to_bytes_with_context (&chart, 1, 1, ISC_CHART_FORMAT_PDF, 600, 300, 1.0,
                                                &context, &error);
  g_assert_no_error (error);
  if (!pdf_title (pdf, &title))
    return;
  g_assert_cmpstr (title, ==, expected);

  /* Without a context, no title is made up. */
  plain = isc_chart_export_to_bytes (&chart, 1, 1, ISC_CHART_FORMAT_PDF, 600, 300, 1.0, &error);
  g_assert_no_error (error);
  g_assert_true (pdf_title (plain, &plain_title));
  g_assert_null (plain_title);
}

static guint
count_non_background (cairo_surface_t *image,
                      int              x0,
                      int              y0,
                      int              x1,
                      int              y1)
{
  guint n = 0;

  for (int y = y0; y < y1; y += 2)
    for (int x = x0; x < x1; x += 2)
      {
        guint32 pixel = *(const guint32 *)(gconstpointer)(cairo_image_surface_get_data (image) +
                                                         y * cairo_image_surface_get_stride (image) + x * 4);

        if ((pixel & 0xffffff) != 0xffffff)
          n++;
      }
  return n;
}

static void
test_grid_fill (void)
{
  IscChart *charts[5];
  IscChartRect cell;
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "five.png", NULL);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *image;
  double covered = 0;

  for (guint i = 0; i < 5; i++)
    charts[i] = make_series_chart ();

  /* Five in three columns: three cells of 400, then two sharing the
   * whole 1200 of the last row, edge to edge. */
  for (guint i = 0; i < 5; i++)
    {
      g_assert_cmpuint (isc_chart_export_get_cell (i, 5, 3, 400, 250, 0, &cell), ==, 3);
      if (i < 3)
        {
          g_assert_cmpfloat (cell.x, ==, i * 400);
          g_assert_cmpfloat (cell.width, ==, 400);
          g_assert_cmpfloat (cell.y, ==, 0);
        }
      else
        {
          g_assert_cmpfloat (cell.x, ==, covered);
          g_assert_cmpfloat (cell.width, ==, 600);
          g_assert_cmpfloat (cell.y, ==, 250);
          covered += cell.width;
        }
    }
  g_assert_cmpfloat (covered, ==, 1200);

  /* Four in three columns are two rows of two: no column that only one
   * row would fill. */
  g_assert_cmpuint (isc_chart_export_get_cell (3, 4, 3, 400, 250, 0, &cell), ==, 2);
  g_assert_cmpfloat (cell.x, ==, 400);
  g_assert_cmpfloat (cell.y, ==, 250);
  g_assert_cmpfloat (cell.width, ==, 400);

  /* Drawn: the bottom right, an empty cell before, now shows a chart. */
  g_assert_true (isc_chart_export_to_file (charts, 5, 3, ISC_CHART_FORMAT_PNG, 400, 250, 1.0, path, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 1200);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 500);
  g_assert_cmpuint (count_non_background (image, 800, 250, 1200, 500), >, 500);
  cairo_surface_destroy (image);

  for (guint i = 0; i < 5; i++)
    g_object_unref (charts[i]);
  test_remove_dir (dir);
}

static char *
caption_for (const char *mode,
             const char *name,
             const char *unit,
             const char *kind,
             const char *label_sets,
             guint       n_series)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(IscMetricsResponse) response =
    test_response_new (mode, 3600, 1, name, unit, kind, label_sets, n_series, flat_value, NULL);
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);

  g_assert_cmpint (isc_chart_model_get_plot (model), ==, ISC_CHART_PLOT_BARS);
  return isc_bar_renderer_dup_caption (model, utc);
}

static void
test_bar_captions (void)
{
  g_autofree char *counter = caption_for ("SUMMARY", "baseten_inference_requests_total", "COUNT", "COUNTER",
                                          "[{\"status\":\"2xx\"}]", 1);
  g_autofree char *gauge = caption_for ("SUMMARY", "baseten_replicas_active", "COUNT", "GAUGE", "[{}]", 1);
  g_autofree char *histogram = caption_for ("SUMMARY", "baseten_end_to_end_response_time_seconds", "SECONDS",
                                            "HISTOGRAM", "[{\"quantile\":\"0.5\"},{\"stat\":\"avg\"}]", 2);
  g_autofree char *now = caption_for ("CURRENT", "baseten_replicas_active", "COUNT", "GAUGE", "[{}]", 1);
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SUMMARY", 3600, 1, "baseten_inference_requests_total", "COUNT", "COUNTER",
                       "[{\"status\":\"2xx\"}]", 1, flat_value, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  cairo_surface_t *drawn;

  /* A window's total, its average, its quantiles: each says which, over
   * how long and from when to when. */
  /* (The length's space is whichever the duration format uses.) */
  g_assert_true (g_str_has_prefix (counter, "Total over 1"));
  g_assert_true (g_str_has_suffix (counter, "h, 1 Dec 00:00 – 01:00, then the mean per second"));
  g_assert_true (g_str_has_prefix (gauge, "Average over 1"));
  g_assert_true (g_str_has_suffix (gauge, "h, 1 Dec 00:00 – 01:00"));
  g_assert_true (g_str_has_prefix (histogram, "Quantiles and average of the values over 1"));
  g_assert_true (g_str_has_suffix (histogram, "h, 1 Dec 00:00 – 01:00"));
  /* A snapshot is now. */
  g_assert_true (g_str_has_prefix (now, "Now"));

  /* The caption is drawn over the bars, in the plot's first line. */
  drawn = test_render (chart, 600, 300, TRUE);
  {
    const IscChartLayout *layout = isc_chart_ensure_layout (chart, 600, 300);
    int y0 = (int) layout->plot.y, x0 = (int) layout->plot.x;
    guint n = 0;

    for (int y = y0; y < y0 + 12; y++)
      for (int x = x0; x < x0 + 200; x++)
        {
          IscChartColor muted = isc_chart_get_style (chart)->muted;

          if (test_color_near (drawn, x, y, 0, &muted, &isc_chart_get_style (chart)->background))
            n++;
        }
    g_assert_cmpuint (n, >, 20);
  }
  cairo_surface_destroy (drawn);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/export-context/header/text", test_header_text);
  g_test_add_func ("/isc/export-context/header/drawn", test_header_drawn);
  g_test_add_data_func ("/isc/export-context/header/rtl/ar_EG", "ar_EG.UTF-8", test_header_rtl_locales);
  g_test_add_data_func ("/isc/export-context/header/rtl/fa_IR", "fa_IR.UTF-8", test_header_rtl_locales);
  g_test_add_data_func ("/isc/export-context/header/rtl/he_IL", "he_IL.UTF-8", test_header_rtl_locales);
  g_test_add_func ("/isc/export-context/header/dst", test_header_dst);
  g_test_add_func ("/isc/export-context/pdf-title", test_pdf_title);
  g_test_add_func ("/isc/export-context/grid-fill", test_grid_fill);
  g_test_add_func ("/isc/export-context/bar-captions", test_bar_captions);

  return g_test_run ();
}
