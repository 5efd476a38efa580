/* test-compare-cli.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* `inferscope export --shift` and `--compare-to` against the simulated
 * API served in the process: the overlay in the image, the compared
 * series in the CSV, and a target that cannot be compared. */

#include "config.h"

#include <string.h>

#include "isc-chart.h"
#include "isc-export-private.h"
#include "isc-test-util.h"
#include "isc-view.h"

#define HOUR_MS ((gint64) 60 * 60 * 1000)
#define DAY_MS  (24 * HOUR_MS)
#define METRICS "baseten_inference_requests_total,baseten_replicas_active"

static char *
iso_time (gint64 ms)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (ms / 1000);

  return g_date_time_format_iso8601 (dt);
}

/* The hour that ended an hour ago, on whole minutes, @offset_ms further
 * back, as ISO 8601. */
static void
window (gint64  offset_ms,
        char  **start,
        char  **end)
{
  gint64 now_ms = g_get_real_time () / 1000 / 60000 * 60000;

  *start = iso_time (now_ms - 2 * HOUR_MS - offset_ms);
  *end = iso_time (now_ms - HOUR_MS - offset_ms);
}

typedef struct
{
  IscExportOptions    options;
  IscMetricsResponse *response;
} Export;

static void
export_clear (Export *e)
{
  _isc_export_options_clear (&e->options);
  g_clear_pointer (&e->response, isc_metrics_response_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Export, export_clear)

/* Parses @args after "export --demo --model demo-chat --environment
 * production --metrics … --start … --end …", loads what they ask and,
 * with a compare, the compared response. */
static void
export_load (Export             *e,
             gint64              offset_ms,
             const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *start = NULL;
  g_autofree char *end = NULL;

  window (offset_ms, &start, &end);
  g_ptr_array_add (argv, (gpointer) "export");
  g_ptr_array_add (argv, (gpointer) "--demo");
  g_ptr_array_add (argv, (gpointer) "--model=demo-chat");
  g_ptr_array_add (argv, (gpointer) "--environment=production");
  g_ptr_array_add (argv, (gpointer) "--metrics=" METRICS);
  g_ptr_array_add (argv, (gpointer) "--start");
  g_ptr_array_add (argv, start);
  g_ptr_array_add (argv, (gpointer) "--end");
  g_ptr_array_add (argv, end);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_assert_true (_isc_export_parse_options (&e->options, argv->len - 1, (char **) argv->pdata, &error));
  g_assert_no_error (error);
  e->response = _isc_export_source_load (&e->options, NULL, &error);
  g_assert_no_error (error);
  if (e->options.live.compare_query != NULL)
    {
      e->options.compare = _isc_export_live_load_compare (&e->options.live, NULL, &error);
      g_assert_no_error (error);
    }
}

#define EXPORT_LOAD(e, offset, ...) export_load ((e), (offset), (const char *[]) { __VA_ARGS__, NULL })

static GBytes *
render (Export *e)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes = _isc_export_image_render (&e->options, e->response, &error);

  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  return bytes;
}

/* --shift 1d draws what the plain export does not, and the plain one
 * draws the same twice: the difference is the overlay. */
static void
test_shift_image (void)
{
  g_auto(Export) plain = { 0 };
  g_auto(Export) again = { 0 };
  g_auto(Export) shifted = { 0 };
  g_autoptr(GBytes) plain_png = NULL;
  g_autoptr(GBytes) again_png = NULL;
  g_autoptr(GBytes) shifted_png = NULL;

  g_setenv ("SOURCE_DATE_EPOCH", "1796000000", TRUE);
  EXPORT_LOAD (&plain, 0, "--format=png");
  EXPORT_LOAD (&again, 0, "--format=png");
  EXPORT_LOAD (&shifted, 0, "--format=png", "--shift=1d");
  g_assert_cmpint (shifted.options.live.shift_ms, ==, DAY_MS);
  g_assert_cmpstr (shifted.options.live.compare_label, ==, "1 day earlier");

  plain_png = render (&plain);
  again_png = render (&again);
  shifted_png = render (&shifted);
  g_assert_true (g_bytes_equal (plain_png, again_png));
  g_assert_false (g_bytes_equal (plain_png, shifted_png));

  /* The charts drawn carry the compared series, labelled. */
  {
    g_autoptr(GPtrArray) charts = _isc_export_image_create_charts (&shifted.options, shifted.response);

    g_assert_cmpuint (charts->len, >, 0);
    for (guint i = 0; i < charts->len; i++)
      {
        IscChartModel *model = isc_chart_get_model (g_ptr_array_index (charts, i));
        guint n = isc_chart_model_get_n_series (model);

        g_assert_cmpuint (isc_chart_model_get_n_compare (model), >, 0);
        g_assert_true (g_str_has_suffix (isc_chart_model_get_series (model, n)->label, " · 1 day earlier"));
      }
  }
  g_unsetenv ("SOURCE_DATE_EPOCH");
}

static GStrv
csv_lines (GBytes *bytes)
{
  g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

  return g_strsplit (text, "\r\n", -1);
}

/* The CSV gains a column per compared series, each value the one a day
 * earlier: what the plain export of that window says at that row. */
static void
test_shift_csv (void)
{
  g_auto(Export) shifted = { 0 };
  g_auto(Export) day_back = { 0 };
  g_autoptr(GBytes) shifted_csv = NULL;
  g_autoptr(GBytes) day_back_csv = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) back_lines = NULL;
  g_auto(GStrv) header = NULL;
  g_auto(GStrv) back_header = NULL;
  guint n_columns, n_back, n_rows = 0;

  EXPORT_LOAD (&shifted, 0, "--format=csv", "--shift=1d");
  EXPORT_LOAD (&day_back, DAY_MS, "--format=csv");
  shifted_csv = _isc_export_sink_csv (&shifted.options, shifted.response);
  day_back_csv = _isc_export_sink_csv (&day_back.options, day_back.response);
  lines = csv_lines (shifted_csv);
  back_lines = csv_lines (day_back_csv);

  /* The header: time, epoch_millis, the own series, then each again
   * "(1 day earlier)". (No label here holds a comma.) */
  header = g_strsplit (lines[0], ",", -1);
  back_header = g_strsplit (back_lines[0], ",", -1);
  n_columns = g_strv_length (header);
  n_back = g_strv_length (back_header);
  g_assert_cmpuint (n_columns, ==, 2 + 2 * (n_back - 2));
  for (guint c = 2; c < n_back; c++)
    {
      g_autofree char *expected = g_strdup_printf ("%s (1 day earlier)", back_header[c]);

      g_assert_cmpstr (header[c], ==, back_header[c]);
      g_assert_cmpstr (header[n_back + c - 2], ==, expected);
    }

  /* Row for row, the compared cells are the day-back export's. */
  for (guint r = 1; lines[r] != NULL && lines[r][0] != '\0'; r++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[r], ",", -1);
      g_auto(GStrv) back = NULL;

      g_assert_cmpuint (g_strv_length (cells), ==, n_columns);
      for (guint b = 1; back_lines[b] != NULL && back_lines[b][0] != '\0'; b++)
        {
          g_auto(GStrv) candidate = g_strsplit (back_lines[b], ",", -1);

          if (g_ascii_strtoll (candidate[1], NULL, 10) + DAY_MS == g_ascii_strtoll (cells[1], NULL, 10))
            {
              back = g_steal_pointer (&candidate);
              break;
            }
        }
      g_assert_nonnull (back);
      for (guint c = 2; c < n_back; c++)
        g_assert_cmpstr (cells[n_back + c - 2], ==, back[c]);
      n_rows++;
    }
  g_assert_cmpuint (n_rows, >, 60);
}

#define RUN(run, ...) test_run_export ((run), NULL, (const char *[]) { __VA_ARGS__, NULL })

/* A target the API does not know fails the export (status 1) and says
 * which; one that cannot be a target is bad usage (status 2); so are a
 * shift not offered and both options at once. */
static void
test_bad_targets (void)
{
  g_auto(TestRun) missing = { 0 };
  g_auto(TestRun) malformed = { 0 };
  g_auto(TestRun) bad_shift = { 0 };
  g_auto(TestRun) both = { 0 };
  g_auto(TestRun) help = { 0 };
  g_auto(TestRun) saved = { 0 };

  RUN (&missing, "--demo", "--model=demo-chat", "--environment=production", "--format=csv",
       "--compare-to=deployment/no-such-deployment");
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "Could not load the comparison with deployment/no-such-deployment: "));
  g_assert_cmpstr (missing.out, ==, "");

  RUN (&malformed, "--demo", "--model=demo-chat", "--environment=production", "--compare-to=d7");
  g_assert_cmpint (malformed.status, ==, 2);
  g_assert_nonnull (strstr (malformed.err, "Unknown target “d7” for --compare-to: use deployment/ID or environment/NAME"));

  RUN (&bad_shift, "--demo", "--model=demo-chat", "--environment=production", "--shift=2d");
  g_assert_cmpint (bad_shift.status, ==, 2);
  g_assert_nonnull (strstr (bad_shift.err, "Unknown shift “2d”: use 1h, 1d or 1w"));

  RUN (&both, "--demo", "--model=demo-chat", "--environment=production", "--shift=1d",
       "--compare-to=deployment/demo-chat-d7");
  g_assert_cmpint (both.status, ==, 2);
  g_assert_nonnull (strstr (both.err, "Give --compare-to or --shift, not both"));

  RUN (&saved, "--input=response.json", "--shift=1d");
  g_assert_cmpint (saved.status, ==, 2);
  g_assert_nonnull (strstr (saved.err, "--compare-to and --shift ask the API again"));

  RUN (&help, "--help");
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "--compare-to=TARGET"));
  g_assert_nonnull (strstr (help.out, "--shift=SHIFT"));
}

/* Another deployment of the model: its series, named by its ID. */
static void
test_compare_to (void)
{
  g_auto(Export) e = { 0 };
  g_autoptr(GBytes) csv = NULL;
  g_auto(GStrv) lines = NULL;

  EXPORT_LOAD (&e, 0, "--format=csv", "--compare-to=deployment/demo-chat-d7");
  g_assert_cmpstr (e.options.live.compare_label, ==, "demo-chat-d7");
  g_assert_cmpint (e.options.live.compare_query->target_kind, ==, ISC_TARGET_DEPLOYMENT);
  g_assert_cmpstr (e.options.live.compare_query->target, ==, "demo-chat-d7");
  g_assert_nonnull (e.options.compare);
  csv = _isc_export_sink_csv (&e.options, e.response);
  lines = csv_lines (csv);
  g_assert_nonnull (strstr (lines[0], ",baseten_replicas_active (demo-chat-d7)"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/compare/cli/shift-image", test_shift_image);
  g_test_add_func ("/isc/compare/cli/shift-csv", test_shift_csv);
  g_test_add_func ("/isc/compare/cli/bad-targets", test_bad_targets);
  g_test_add_func ("/isc/compare/cli/compare-to", test_compare_to);

  return g_test_run ();
}
