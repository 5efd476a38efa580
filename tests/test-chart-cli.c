/* test-chart-cli.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `inferscope export --format png|svg|pdf`: the process, headless, as a
 * script would run it.
 */

#include "config.h"

#include <cairo.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "isc-test-util.h"

typedef struct
{
  const char *tz;  /* the command's TZ, or NULL for the test's */
  const char *debug;  /* the command's G_MESSAGES_DEBUG, or NULL for none */
  int         status;
  char       *out;
  char       *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

static void
run_export (Run         *run,
            const char  *first,
            ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  const char *binary = g_getenv ("INFERSCOPE_BINARY");
  const char *arg;
  va_list ap;
  int wait_status = 0;

  g_assert_nonnull (binary);
  g_ptr_array_add (argv, (gpointer)binary);
  g_ptr_array_add (argv, (gpointer)"export");
  va_start (ap, first);
  for (arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  if (run->tz != NULL)
    envp = g_environ_setenv (envp, "TZ", run->tz, TRUE);
  envp = g_environ_unsetenv (envp, "G_MESSAGES_DEBUG");
  if (run->debug != NULL)
    envp = g_environ_setenv (envp, "G_MESSAGES_DEBUG", run->debug, TRUE);
  /* The header's "made" time, fixed so that two runs draw the same bytes. */
  envp = g_environ_setenv (envp, "SOURCE_DATE_EPOCH", "1764590400", TRUE);

  run_clear (run);
  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                               &run->out, &run->err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

static void
test_png_size_scale (void)
{
  g_autofree char *input = test_fixture_path ("default-series.json");
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "charts.png", NULL);
  Run run = { 0 };
  cairo_surface_t *image;

  /* Three metrics in two columns of 500×300, at scale 2. */
  run_export (&run, "--input", input, "--size", "500x300", "--scale", "2", "--columns", "2", "-o", out, NULL);
  /* Nothing to say on success (a sanitizer's summary aside). */
  g_assert_null (strstr (run.err, "inferscope export:"));
  g_assert_cmpint (run.status, ==, 0);
  image = cairo_image_surface_create_from_png (out);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 2000);
  /* Two rows of 300, and the header line over them. */
  g_assert_cmpint (cairo_image_surface_get_height (image), >, 1200 + 2 * 16);
  g_assert_cmpint (cairo_image_surface_get_height (image), <, 1200 + 2 * 100);
  cairo_surface_destroy (image);
  g_assert_cmpuint (test_count_files (dir), ==, 1);
  run_clear (&run);
  test_remove_dir (dir);
}

static void
test_svg_pdf_to_stdout (void)
{
  g_autofree char *input = test_fixture_path ("default-series.json");
  Run run = { 0 };

  run_export (&run, "--input", input, "--format", "svg", "--theme", "dark", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "<svg"));
  g_assert_true (g_str_has_suffix (g_strchomp (run.out), "</svg>"));

  run_export (&run, "--input", input, "--format", "pdf", "--size", "800x400", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "%PDF-"));
  run_clear (&run);
}

static void
test_format_from_extension (void)
{
  g_autofree char *input = test_fixture_path ("default-summary.json");
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "summary.pdf", NULL);
  g_autofree char *contents = NULL;
  Run run = { 0 };

  run_export (&run, "--input", input, "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  run_clear (&run);
  test_remove_dir (dir);
}

/* Standard output is the document: GLib's debug messages, which a person
 * turns on with G_MESSAGES_DEBUG, go to standard error. */
static void
test_debug_messages_to_stderr (void)
{
  Run run = { .debug = "all" };

  run_export (&run, "--demo", "--model", "demo-chat", "--deployment", "demo-chat-d8",
              "--format", "csv", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "time,"));
  g_assert_null (strstr (run.out, "-DEBUG"));
  g_assert_nonnull (strstr (run.err, "-DEBUG"));
  run_clear (&run);
}

static void
test_demo_source (void)
{
  Run run = { 0 };
  const char *height;

  /* A live source: the simulated API served inside the command, on
   * 127.0.0.1; three default metrics and the requests' error rate,
   * drawn as one SVG. */
  run_export (&run, "--demo", "--model", "demo-chat", "--deployment", "demo-chat-d8",
              "--format", "svg", "--size", "600x300", "--columns", "4", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "<svg"));
  g_assert_nonnull (strstr (run.out, "width=\"2400\""));
  /* One row of 300 under the header line. */
  height = strstr (run.out, "height=\"");
  g_assert_nonnull (height);
  g_assert_cmpint (atoi (height + strlen ("height=\"")), >, 300 + 16);
  g_assert_cmpint (atoi (height + strlen ("height=\"")), <, 300 + 100);
  run_clear (&run);
}

static gboolean
same_output (const Run *a,
             const Run *b)
{
  return strlen (a->out) == strlen (b->out) && strcmp (a->out, b->out) == 0;
}

static void
test_counters (void)
{
  g_autofree char *input = test_fixture_path ("default-series.json");
  Run plain = { 0 }, rate = { 0 }, totals = { 0 }, upper = { 0 };

  /* Request counts in an SVG: a rate unless asked otherwise … */
  run_export (&plain, "--input", input, "--format", "svg", NULL);
  run_export (&rate, "--input", input, "--format", "svg", "--counters", "rate", NULL);
  run_export (&totals, "--input", input, "--format", "svg", "--counters", "totals", NULL);
  run_export (&upper, "--input", input, "--format", "svg", "--counters", "TOTALS", NULL);
  g_assert_cmpint (plain.status, ==, 0);
  g_assert_cmpint (rate.status, ==, 0);
  g_assert_cmpint (totals.status, ==, 0);
  g_assert_cmpint (upper.status, ==, 0);
  g_assert_nonnull (strstr (totals.out, "<svg"));
  g_assert_true (same_output (&plain, &rate));
  /* … and per-step totals draw another picture. */
  g_assert_false (same_output (&plain, &totals));
  g_assert_true (same_output (&totals, &upper));

  run_clear (&plain);
  run_clear (&rate);
  run_clear (&totals);
  run_clear (&upper);
}

static void
test_utc (void)
{
  g_autofree char *input = test_fixture_path ("default-series.json");
  Run local = { .tz = "Asia/Kolkata" }, utc = { .tz = "Asia/Kolkata" }, in_utc = { .tz = "UTC" };
  Run local_in_utc = { .tz = "UTC" };

  /* Away from UTC, --utc changes the time axis … */
  run_export (&local, "--input", input, "--format", "svg", NULL);
  run_export (&utc, "--input", input, "--format", "svg", "--utc", NULL);
  g_assert_cmpint (local.status, ==, 0);
  g_assert_cmpint (utc.status, ==, 0);
  g_assert_false (same_output (&local, &utc));
  /* … to the picture --utc draws on a machine in UTC: the clock of the
   * machine no longer matters … */
  run_export (&in_utc, "--input", input, "--format", "svg", "--utc", NULL);
  g_assert_cmpint (in_utc.status, ==, 0);
  g_assert_true (same_output (&utc, &in_utc));
  /* … and the header says UTC, which local time on a machine in UTC does
   * not claim. */
  run_export (&local_in_utc, "--input", input, "--format", "svg", NULL);
  g_assert_cmpint (local_in_utc.status, ==, 0);
  g_assert_false (same_output (&in_utc, &local_in_utc));
  run_clear (&local_in_utc);

  /* CSV times are UTC whatever the zone: --utc is welcome and changes
   * nothing there. */
  run_export (&local, "--input", input, "--format", "csv", NULL);
  run_export (&utc, "--input", input, "--format", "csv", "--utc", NULL);
  g_assert_cmpint (utc.status, ==, 0);
  g_assert_true (g_str_has_prefix (utc.out, "time,"));
  g_assert_true (same_output (&local, &utc));

  run_clear (&local);
  run_clear (&utc);
  run_clear (&in_utc);
}

static void
test_help_mentions_switches (void)
{
  Run run = { 0 };

  run_export (&run, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "--utc"));
  g_assert_nonnull (strstr (run.out, "CSV times are always UTC"));
  g_assert_nonnull (strstr (run.out, "--counters"));
  g_assert_nonnull (strstr (run.out, "rate or totals"));
  run_clear (&run);
}

typedef struct
{
  const char *name;
  const char *args[6];
  const char *mentions;
} BadUsage;

static const BadUsage bad_usages[] = {
  { "size", { "--format", "png", "--size", "1200", NULL }, "1200" },
  { "size-small", { "--format", "png", "--size", "4x4", NULL }, "4x4" },
  { "scale", { "--format", "png", "--scale", "100", NULL }, "100" },
  { "theme", { "--format", "svg", "--theme", "blue", NULL }, "blue" },
  { "columns", { "--format", "pdf", "--columns", "-1", NULL }, "-1" },
  { "csv-size", { "--format", "csv", "--size", "100x100", NULL }, "--size" },
  { "counters", { "--format", "svg", "--counters", "perstep", NULL }, "perstep" },
  { "csv-counters", { "--format", "csv", "--counters", "totals", NULL }, "--counters" },
};

static void
test_bad_usage (gconstpointer data)
{
  const BadUsage *bad = data;
  g_autofree char *input = test_fixture_path ("default-series.json");
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "out.png", NULL);
  Run run = { 0 };

  run_export (&run, "--input", input, "-o", out, bad->args[0], bad->args[1], bad->args[2], bad->args[3], NULL);
  /* Bad usage: status 2, the reason named, and no file. */
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, bad->mentions));
  /* The usage line shows every image option, the display switches too. */
  g_assert_nonnull (strstr (run.err, "Usage: inferscope export"));
  g_assert_nonnull (strstr (run.err, "[--counters rate|totals]"));
  g_assert_cmpuint (test_count_files (dir), ==, 0);
  run_clear (&run);
  test_remove_dir (dir);
}

static void
test_failure_no_partial (void)
{
  g_autofree char *input = test_fixture_path ("default-series.json");
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "no-such-folder", "out.png", NULL);
  Run run = { 0 };

  run_export (&run, "--input", input, "--format", "png", "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "out.png"));
  g_assert_cmpuint (test_count_files (dir), ==, 0);
  run_clear (&run);
  test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/chart-cli/png/size-scale-columns", test_png_size_scale);
  g_test_add_func ("/isc/chart-cli/svg-pdf/stdout", test_svg_pdf_to_stdout);
  g_test_add_func ("/isc/chart-cli/format-from-extension", test_format_from_extension);
  g_test_add_func ("/isc/chart-cli/demo-source", test_demo_source);
  g_test_add_func ("/isc/chart-cli/counters", test_counters);
  g_test_add_func ("/isc/chart-cli/utc", test_utc);
  g_test_add_func ("/isc/chart-cli/debug-messages", test_debug_messages_to_stderr);
  g_test_add_func ("/isc/chart-cli/help", test_help_mentions_switches);
  for (guint i = 0; i < G_N_ELEMENTS (bad_usages); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/chart-cli/bad-usage/%s", bad_usages[i].name);

      g_test_add_data_func (path, &bad_usages[i], test_bad_usage);
    }
  g_test_add_func ("/isc/chart-cli/failure/no-partial", test_failure_no_partial);

  return g_test_run ();
}
