/* test-chart-export.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PNG, SVG and PDF through cairo surfaces: the requested size and scale,
 * well-formed files, a dashboard grid, and no partial file on failure.
 */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <glib/gstdio.h>

#include "isc-chart-export.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

static double
wave (guint series, guint step, gpointer data)
{
  return 1.0 + series + sin (step / 5.0);
}

static IscChart *
make_chart (IscChartTheme theme)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 120, "baseten_end_to_end_response_time_seconds", "SECONDS", "HISTOGRAM",
                       "[{\"quantile\":\"0.5\"},{\"quantile\":\"0.9\"},{\"quantile\":\"0.99\"},{\"stat\":\"avg\"}]",
                       4, wave, NULL);

  return test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, theme);
}

static void
test_png_size_and_scale (void)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "chart.png", NULL);
  g_autoptr(IscChart) chart = make_chart (ISC_CHART_THEME_LIGHT);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *image;

  g_assert_true (isc_chart_export_to_file (&chart, 1, 1, ISC_CHART_FORMAT_PNG, 600, 300, 1.0, path, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 600);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 300);
  cairo_surface_destroy (image);

  /* Scale 2 doubles the pixels, not the layout. */
  g_assert_true (isc_chart_export_to_file (&chart, 1, 1, ISC_CHART_FORMAT_PNG, 600, 300, 2.0, path, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 1200);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 600);
  cairo_surface_destroy (image);

  /* The PNG says its scale: 2 × 96 pixels per inch, in pixels per metre. */
  {
    g_autofree char *contents = NULL;
    gsize length = 0;
    const guint8 *phys;

    g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
    phys = memmem (contents, MIN (length, 200), "pHYs", 4);
    g_assert_nonnull (phys);
    g_assert_cmpuint ((guint32)phys[4] << 24 | phys[5] << 16 | phys[6] << 8 | phys[7], ==, 7559);
    g_assert_cmpuint (phys[12], ==, 1);
  }

  /* Only the file asked for: no temporary left beside it. */
  g_assert_cmpuint (test_count_files (dir), ==, 1);
  test_remove_dir (dir);
}

typedef struct
{
  guint n_elements;
  guint n_paths;
  guint n_text;
  char *root;
} SvgCount;

static void
svg_start (GMarkupParseContext  *context,
           const char           *element,
           const char          **names,
           const char          **values,
           gpointer              user_data,
           GError              **error)
{
  SvgCount *count = user_data;

  if (count->n_elements++ == 0)
    count->root = g_strdup (element);
  if (g_str_equal (element, "path"))
    count->n_paths++;
  if (g_str_equal (element, "glyph") || g_str_equal (element, "use"))
    count->n_text++;
}

static void
test_svg_parses (void)
{
  static const GMarkupParser parser = { svg_start, NULL, NULL, NULL, NULL };
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "chart.svg", NULL);
  g_autoptr(IscChart) chart = make_chart (ISC_CHART_THEME_DARK);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  GMarkupParseContext *context;
  SvgCount count = { 0 };
  const char *body;

  g_assert_true (isc_chart_export_to_file (&chart, 1, 1, ISC_CHART_FORMAT_SVG, 800, 400, 1.0, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);

  /* GMarkup reads XML without a prolog or doctype; skip the prolog. */
  body = strstr (contents, "<svg");
  g_assert_nonnull (body);
  context = g_markup_parse_context_new (&parser, 0, &count, NULL);
  g_assert_true (g_markup_parse_context_parse (context, body, -1, &error));
  g_assert_no_error (error);
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_markup_parse_context_free (context);

  g_assert_cmpstr (count.root, ==, "svg");
  g_assert_nonnull (strstr (body, "width=\"800\""));
  /* The series and the text are there, as vector paths and glyphs. */
  g_assert_cmpuint (count.n_paths, >, 5);
  g_assert_cmpuint (count.n_text, >, 20);
  g_free (count.root);
  test_remove_dir (dir);
}

static void
test_svg_xmllint (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autoptr(IscChart) chart = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { NULL, "--noout", NULL, NULL };
  int status = -1;

  if (xmllint == NULL)
    {
      g_test_skip ("xmllint is not installed (libxml2-utils)");
      return;
    }

  dir = test_temp_dir ();
  path = g_build_filename (dir, "chart.svg", NULL);
  chart = make_chart (ISC_CHART_THEME_LIGHT);
  g_assert_true (isc_chart_export_to_file (&chart, 1, 1, ISC_CHART_FORMAT_SVG, 640, 320, 1.0, path, &error));
  argv[0] = xmllint;
  argv[2] = path;
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  test_remove_dir (dir);
}

static void
test_pdf_header (void)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "chart.pdf", NULL);
  g_autoptr(IscChart) chart = make_chart (ISC_CHART_THEME_LIGHT);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *info = NULL;
  g_autofree char *pages = NULL;
  g_autofree char *size = NULL;
  gsize length = 0;

  g_assert_true (isc_chart_export_to_file (&chart, 1, 1, ISC_CHART_FORMAT_PDF, 800, 400, 1.0, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  /* A viewer reads the file whole, with no repair, as one page of the
   * chart's size in points. */
  if (test_pdfinfo (path, &info))
    {
      pages = test_pdfinfo_field (info, "Pages");
      size = test_pdfinfo_field (info, "Page size");
      g_assert_cmpstr (pages, ==, "1");
      g_assert_cmpstr (size, ==, "800 x 400 pts");
    }
  test_remove_dir (dir);
}

/* A median near 0.5 and an average that jumps to ±1e308 every third
 * step: far above and below an axis the spikes do not stretch. */
static double
far_spikes (guint series, guint step, gpointer data)
{
  double base = 0.5 + 0.1 * sin (step / 10.0);

  if (series == 2 && step % 3 == 0)
    return (step / 3) % 2 ? 1e308 : -1e308;
  return series == 1 ? base * 1.5 : base;
}

/* Vector output grows with what shows, not with how far a value lies
 * off the axis: before the geometry was clamped and the strokes cut to
 * the plot, this 400-step chart's dashed average was hundreds of
 * megabytes of path and the export failed out of memory. */
static void
test_far_values (gconstpointer data)
{
  IscChartFormat format = GPOINTER_TO_INT (data);
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 60, 400, "baseten_end_to_end_response_time_seconds", "SECONDS", "HISTOGRAM",
                       "[{\"quantile\":\"0.5\"},{\"quantile\":\"0.95\"},{\"stat\":\"avg\"}]",
                       3, far_spikes, NULL);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = isc_chart_export_to_bytes (&chart, 1, 1, format, 1200, 600, 1.0, &error);

  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  g_assert_cmpuint (g_bytes_get_size (bytes), <, 1024 * 1024);
}

static void
test_dashboard_grid (void)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "dashboard.png", NULL);
  IscChart *charts[3] = { make_chart (ISC_CHART_THEME_LIGHT), make_chart (ISC_CHART_THEME_LIGHT),
                          make_chart (ISC_CHART_THEME_LIGHT) };
  g_autoptr(GError) error = NULL;
  cairo_surface_t *image;
  const guint8 *data;
  int stride;
  guint32 pixel;

  /* Three charts in two columns: two rows, the last chart across the
   * whole of the second (no empty cell). */
  g_assert_true (isc_chart_export_to_file (charts, 3, 2, ISC_CHART_FORMAT_PNG, 400, 250, 1.0, path, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 800);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 500);

  /* Charts in the first two cells and in both halves of the last row. */
  data = cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image);
  for (guint cell = 0; cell < 4; cell++)
    {
      guint n_fan = 0;
      int x0 = (cell % 2) * 400, y0 = (cell / 2) * 250;

      for (int y = y0; y < y0 + 250; y += 2)
        for (int x = x0; x < x0 + 400; x += 2)
          {
            pixel = *(const guint32 *)(gconstpointer)(data + y * stride + x * 4);
            /* The fan's median: Okabe–Ito blue, 0072b2. */
            if ((pixel & 0xffffff) == 0x0072b2)
              n_fan++;
          }
      g_assert_cmpuint (n_fan, >, 10);
    }
  cairo_surface_destroy (image);

  for (guint i = 0; i < 3; i++)
    g_object_unref (charts[i]);
  test_remove_dir (dir);
}

static void
test_failure_leaves_nothing (void)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "chart.png", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-dir", "chart.png", NULL);
  g_autoptr(IscChart) chart = make_chart (ISC_CHART_THEME_LIGHT);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;

  /* An existing file stays as it was when the export is refused. */
  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_false (isc_chart_export_to_file (&chart, 1, 1, ISC_CHART_FORMAT_PNG, 0, 300, 1.0, path, &error));
  g_assert_error (error, ISC_CHART_EXPORT_ERROR, ISC_CHART_EXPORT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (isc_chart_export_to_file (&chart, 1, 1, ISC_CHART_FORMAT_PNG, 100000, 100000, 4.0, path, &error));
  g_assert_error (error, ISC_CHART_EXPORT_ERROR, ISC_CHART_EXPORT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");

  /* A directory that does not exist: an error, and no file anywhere. */
  g_assert_false (isc_chart_export_to_file (&chart, 1, 1, ISC_CHART_FORMAT_SVG, 300, 200, 1.0, missing, &error));
  g_assert_error (error, ISC_CHART_EXPORT_ERROR, ISC_CHART_EXPORT_ERROR_FAILED);
  g_assert_cmpuint (test_count_files (dir), ==, 1);
  test_remove_dir (dir);
}

/* The disk fills up half-way through the file: the export fails, and
 * neither the temporary nor a partial chart is left behind. A file-size
 * limit makes the writes fail with EFBIG as a full disk would, for root
 * too, in a subprocess so the limit ends with it. */
static void
test_failure_disk_full (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(IscChart) chart = make_chart (ISC_CHART_THEME_LIGHT);
      g_autoptr(GError) error = NULL;
      struct rlimit limit = { 2048, 2048 };

      path = g_build_filename (g_getenv ("ISC_TEST_EXPORT_DIR"), "chart.png", NULL);
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_false (isc_chart_export_to_file (&chart, 1, 1, ISC_CHART_FORMAT_PNG, 800, 400, 1.0, path, &error));
      g_assert_error (error, ISC_CHART_EXPORT_ERROR, ISC_CHART_EXPORT_ERROR_FAILED);
      return;
    }

  /* The subprocess writes where the parent looks afterwards. */
  dir = test_temp_dir ();
  path = g_build_filename (dir, "chart.png", NULL);
  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_setenv ("ISC_TEST_EXPORT_DIR", dir, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_unsetenv ("ISC_TEST_EXPORT_DIR");
  g_test_trap_assert_passed ();

  /* Only the old file is there, whole: no temporary, no half a chart. */
  g_assert_cmpuint (test_count_files (dir), ==, 1);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
  test_remove_dir (dir);
}

static void
test_format_names (void)
{
  IscChartFormat format = ISC_CHART_FORMAT_PNG;

  g_assert_true (isc_chart_format_from_string ("SVG", &format));
  g_assert_cmpint (format, ==, ISC_CHART_FORMAT_SVG);
  g_assert_true (isc_chart_format_from_string ("pdf", &format));
  g_assert_cmpint (format, ==, ISC_CHART_FORMAT_PDF);
  g_assert_false (isc_chart_format_from_string ("jpeg", &format));
  g_assert_cmpstr (isc_chart_format_to_string (ISC_CHART_FORMAT_PNG), ==, "png");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/chart-export/png/size-and-scale", test_png_size_and_scale);
  g_test_add_func ("/isc/chart-export/svg/parses", test_svg_parses);
  g_test_add_func ("/isc/chart-export/svg/xmllint", test_svg_xmllint);
  g_test_add_func ("/isc/chart-export/pdf/header", test_pdf_header);
  g_test_add_func ("/isc/chart-export/dashboard/grid", test_dashboard_grid);
  g_test_add_data_func ("/isc/chart-export/far-values/pdf", GINT_TO_POINTER (ISC_CHART_FORMAT_PDF), test_far_values);
  g_test_add_data_func ("/isc/chart-export/far-values/svg", GINT_TO_POINTER (ISC_CHART_FORMAT_SVG), test_far_values);
  g_test_add_func ("/isc/chart-export/failure/leaves-nothing", test_failure_leaves_nothing);
  g_test_add_func ("/isc/chart-export/failure/disk-full", test_failure_disk_full);
  g_test_add_func ("/isc/chart-export/format-names", test_format_names);

  return g_test_run ();
}
