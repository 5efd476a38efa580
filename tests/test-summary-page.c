/* test-summary-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Summary page as a person sees it: a row per series with the values
 * in their unit, a histogram's quantiles side by side, numeric columns
 * that sort by value, and Copy as CSV putting the table on the clipboard.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>

#include "isc-catalogue.h"
#include "isc-csv.h"
#include "isc-summary-page.h"
#include "isc-summary-row.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "isc-units.h"

/* default-summary.json: six hours, 0.647 replicas, requests 3600/41/2 of
 * 2xx/4xx/5xx, latency p50 20.1 s … p99 112.4 s, avg 31.9 s. */
#define WINDOW_SECONDS (6 * 3600.0)

static GtkWidget *
find_type (GtkWidget *root,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* How many mapped labels under @root read @text. */
static guint
count_labels (GtkWidget  *root,
              const char *text)
{
  guint n = 0;

  if (!gtk_widget_get_mapped (root))
    return 0;

  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    n++;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_labels (child, text);

  return n;
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static GtkWidget *
show_page (GtkWidget *page,
           int        width)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), width, 600);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (is_mapped, page));
  test_run_frames (100);

  return window;
}

static GtkColumnViewColumn *
find_column (GtkColumnView *view,
             const char    *title)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        return column;
    }

  return NULL;
}

/* The row the table shows at @position, borrowed: the model keeps it. */
static IscSummaryRow *
shown_row (GtkColumnView *view,
           guint          position)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));
  IscSummaryRow *row = g_list_model_get_item (model, position);

  g_assert_nonnull (row);
  g_object_unref (row);
  return row;
}

static void
test_summary_rows (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-summary.json");
  GtkWidget *page = isc_summary_page_new ();
  GtkWidget *window = show_page (page, 1000);
  g_autofree char *replicas = isc_format_value (0.647, ISC_UNIT_HINT_COUNT, 3);
  g_autofree char *total = isc_format_value (3600, ISC_UNIT_HINT_COUNT, 3);
  g_autofree char *rate = isc_format_value (3600 / WINDOW_SECONDS, ISC_UNIT_HINT_PER_SECOND, 3);
  g_autofree char *rate_5xx = isc_format_value (2 / WINDOW_SECONDS, ISC_UNIT_HINT_PER_SECOND, 3);
  g_autofree char *p90 = isc_format_value (64.3, ISC_UNIT_HINT_SECONDS, 3);
  g_autofree char *p99 = isc_format_value (112.4, ISC_UNIT_HINT_SECONDS, 3);
  g_autofree char *avg = isc_format_value (31.9, ISC_UNIT_HINT_SECONDS, 3);
  GtkColumnView *view;

  isc_summary_page_set_response (ISC_SUMMARY_PAGE (page), response);
  test_run_frames (200);

  /* One row for replicas, one per status class, one for the histogram's
   * five series side by side. */
  g_assert_cmpuint (isc_summary_page_get_n_rows (ISC_SUMMARY_PAGE (page)), ==, 5);
  view = GTK_COLUMN_VIEW (find_type (page, GTK_TYPE_COLUMN_VIEW));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view))), ==, 5);

  g_assert_cmpuint (count_labels (page, isc_catalogue_get_title ("baseten_replicas_active")), ==, 1);
  g_assert_cmpuint (count_labels (page, isc_catalogue_get_title ("baseten_inference_requests_total")), ==, 3);
  g_assert_cmpuint (count_labels (page, isc_catalogue_get_title ("baseten_end_to_end_response_time_seconds")), ==, 1);
  g_assert_cmpuint (count_labels (page, "status=4xx"), ==, 1);

  /* A gauge's average, a counter's total and its rate over six hours, a
   * histogram's quantiles and average, each in its unit. */
  g_assert_cmpuint (count_labels (page, replicas), ==, 1);
  g_assert_cmpuint (count_labels (page, total), ==, 1);
  g_assert_cmpuint (count_labels (page, rate), ==, 1);
  g_assert_cmpuint (count_labels (page, rate_5xx), ==, 1);
  g_assert_cmpuint (count_labels (page, p90), ==, 1);
  g_assert_cmpuint (count_labels (page, p99), ==, 1);
  g_assert_cmpuint (count_labels (page, avg), ==, 1);
  for (guint i = 0; i < 5; i++)
    {
      IscSummaryRow *row = shown_row (view, i);

      /* Empty where the column does not apply. */
      if (g_str_equal (isc_summary_row_get_metric_name (row), "baseten_replicas_active"))
        {
          g_assert_null (isc_summary_row_get_text (row, ISC_SUMMARY_COLUMN_TOTAL));
          g_assert_null (isc_summary_row_get_text (row, ISC_SUMMARY_COLUMN_P50));
        }
      else if (g_str_equal (isc_summary_row_get_metric_name (row), "baseten_end_to_end_response_time_seconds"))
        {
          g_assert_null (isc_summary_row_get_text (row, ISC_SUMMARY_COLUMN_RATE));
          g_assert_cmpstr (isc_summary_row_get_text (row, ISC_SUMMARY_COLUMN_P99), ==, p99);
        }
      else
        g_assert_null (isc_summary_row_get_text (row, ISC_SUMMARY_COLUMN_AVERAGE));
    }

  isc_summary_page_set_response (ISC_SUMMARY_PAGE (page), NULL);
  test_run_frames (50);
  g_assert_cmpuint (isc_summary_page_get_n_rows (ISC_SUMMARY_PAGE (page)), ==, 0);
  g_assert_cmpuint (count_labels (page, total), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Sorting by Total puts 2 < 41 < 3600 (the text would put "3.6k"
 * between "2" and "41"), and the rows without a total below them. */
static void
test_summary_sort (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-summary.json");
  GtkWidget *page = isc_summary_page_new ();
  GtkWidget *window = show_page (page, 1000);
  GtkColumnView *view;
  GtkColumnViewColumn *column;
  g_autofree char *csv = NULL;
  g_auto(GStrv) lines = NULL;

  isc_summary_page_set_response (ISC_SUMMARY_PAGE (page), response);
  test_run_frames (100);
  view = GTK_COLUMN_VIEW (find_type (page, GTK_TYPE_COLUMN_VIEW));

  column = find_column (view, "Total");
  g_assert_nonnull (column);
  g_assert_nonnull (gtk_column_view_column_get_sorter (column));

  gtk_column_view_sort_by_column (view, column, GTK_SORT_DESCENDING);
  test_run_frames (50);
  g_assert_cmpfloat (isc_summary_row_get_value (shown_row (view, 0), ISC_SUMMARY_COLUMN_TOTAL), ==, 3600);
  g_assert_cmpfloat (isc_summary_row_get_value (shown_row (view, 1), ISC_SUMMARY_COLUMN_TOTAL), ==, 41);
  g_assert_cmpfloat (isc_summary_row_get_value (shown_row (view, 2), ISC_SUMMARY_COLUMN_TOTAL), ==, 2);
  g_assert_true (isnan (isc_summary_row_get_value (shown_row (view, 3), ISC_SUMMARY_COLUMN_TOTAL)));
  g_assert_true (isnan (isc_summary_row_get_value (shown_row (view, 4), ISC_SUMMARY_COLUMN_TOTAL)));

  /* What is copied follows the order shown. */
  csv = isc_summary_page_dup_csv (ISC_SUMMARY_PAGE (page));
  lines = g_strsplit (csv, "\r\n", -1);
  g_assert_true (g_str_has_prefix (lines[1], "Inference volume,status=2xx,3600,"));
  g_assert_true (g_str_has_prefix (lines[3], "Inference volume,status=5xx,2,"));

  gtk_column_view_sort_by_column (view, column, GTK_SORT_ASCENDING);
  test_run_frames (50);
  g_assert_cmpfloat (isc_summary_row_get_value (shown_row (view, 2), ISC_SUMMARY_COLUMN_TOTAL), ==, 2);
  g_assert_cmpfloat (isc_summary_row_get_value (shown_row (view, 3), ISC_SUMMARY_COLUMN_TOTAL), ==, 41);
  g_assert_cmpfloat (isc_summary_row_get_value (shown_row (view, 4), ISC_SUMMARY_COLUMN_TOTAL), ==, 3600);

  /* p99: only the histogram has one. */
  column = find_column (view, "p99");
  gtk_column_view_sort_by_column (view, column, GTK_SORT_DESCENDING);
  test_run_frames (50);
  g_assert_cmpstr (isc_summary_row_get_metric_name (shown_row (view, 0)), ==,
                   "baseten_end_to_end_response_time_seconds");

  /* By title, as text. */
  column = find_column (view, "Metric");
  gtk_column_view_sort_by_column (view, column, GTK_SORT_ASCENDING);
  test_run_frames (50);
  g_assert_cmpstr (isc_summary_row_get_title (shown_row (view, 0)), ==, "Active replicas");
  g_assert_cmpstr (isc_summary_row_get_title (shown_row (view, 4)), ==, "Inference volume");

  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
test_summary_csv (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-summary.json");
  GtkWidget *page = isc_summary_page_new ();
  GtkWidget *window = show_page (page, 360);
  g_autoptr(GString) expected = g_string_new ("Metric,Labels,Total,Rate per second,Average,p50,p90,p95,p99,Unit\r\n");
  g_autofree char *csv = NULL;
  g_autofree char *copied = NULL;
  GtkWidget *button;

  /* Nothing to copy yet. */
  button = find_button (page, "_Copy as CSV");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, "Copy as CSV");
  g_assert_false (gtk_widget_get_sensitive (button));

  isc_summary_page_set_response (ISC_SUMMARY_PAGE (page), response);
  test_run_frames (100);
  g_assert_true (gtk_widget_get_sensitive (button));

  g_string_append (expected, "Active replicas,,,,0.647,,,,,COUNT\r\n");
  g_string_append (expected, "Inference volume,status=2xx,3600,");
  isc_csv_append_number (expected, 3600 / WINDOW_SECONDS);
  g_string_append (expected, ",,,,,,COUNT\r\n");
  g_string_append (expected, "Inference volume,status=4xx,41,");
  isc_csv_append_number (expected, 41 / WINDOW_SECONDS);
  g_string_append (expected, ",,,,,,COUNT\r\n");
  g_string_append (expected, "Inference volume,status=5xx,2,");
  isc_csv_append_number (expected, 2 / WINDOW_SECONDS);
  g_string_append (expected, ",,,,,,COUNT\r\n");
  g_string_append (expected, "End-to-end response time,,,,31.9,20.1,64.3,80.7,112.4,SECONDS\r\n");

  csv = isc_summary_page_dup_csv (ISC_SUMMARY_PAGE (page));
  g_assert_cmpstr (csv, ==, expected->str);
  /* Dot decimals whatever the locale: the rate of 2xx is 1/6. */
  g_assert_nonnull (strstr (csv, ",0.16666666666666666,"));

  /* The button puts the same text on the clipboard. */
  g_signal_emit_by_name (button, "clicked");
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (page), NULL, test_read_text_cb, &copied);
  g_assert_true (test_wait_for (test_pointer_is_set, &copied));
  g_assert_cmpstr (copied, ==, expected->str);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* What real responses do: only p50, p99 and avg; status 200/429/500; CPU
 * in cores. */
static void
test_summary_quirks (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("quirks-summary.json");
  GtkWidget *page = isc_summary_page_new ();
  GtkWidget *window = show_page (page, 1000);
  g_autofree char *cores = isc_format_value (3.2, ISC_UNIT_HINT_UNKNOWN, 3);
  g_autofree char *cores_text = g_strdup_printf ("%s\u00a0cores", cores);
  g_autofree char *csv = NULL;
  GtkColumnView *view;

  isc_summary_page_set_response (ISC_SUMMARY_PAGE (page), response);
  test_run_frames (100);
  view = GTK_COLUMN_VIEW (find_type (page, GTK_TYPE_COLUMN_VIEW));

  g_assert_cmpuint (isc_summary_page_get_n_rows (ISC_SUMMARY_PAGE (page)), ==, 5);
  g_assert_cmpuint (count_labels (page, "status=429"), ==, 1);
  g_assert_cmpuint (count_labels (page, cores_text), ==, 1);
  /* p90 and p95 apply to a histogram but this one has none: a dash each. */
  g_assert_cmpuint (count_labels (page, "—"), ==, 2);
  g_assert_true (gtk_column_view_column_get_visible (find_column (view, "p90")));

  csv = isc_summary_page_dup_csv (ISC_SUMMARY_PAGE (page));
  g_assert_nonnull (strstr (csv, "\r\nEnd-to-end response time,,,,31.77,20.04,,,112.3,SECONDS\r\n"));
  g_assert_nonnull (strstr (csv, "\r\nCPU usage,,,,3.2,,,,,RATIO\r\n"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Compared with a target whose names hold an override and a zero-width
 * space: the column's title shows them, isolated. */
static void
test_summary_compare_name (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-summary.json");
  GtkWidget *page = isc_summary_page_new ();
  GtkWidget *window = show_page (page, 900);
  GtkColumnView *view;

  isc_summary_page_set_response (ISC_SUMMARY_PAGE (page), response);
  isc_summary_page_set_compare (ISC_SUMMARY_PAGE (page), response,
                                "demo\xe2\x80\xae" "tahc \xc2\xb7 pro\xe2\x80\x8b" "duction");
  test_run_frames (100);
  view = GTK_COLUMN_VIEW (find_type (page, GTK_TYPE_COLUMN_VIEW));
  g_assert_nonnull (find_column (view, "\xe2\x81\xa8" "demo<U+202E>tahc \xc2\xb7 pro<U+200B>duction\xe2\x81\xa9"));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/summary-page/rows", test_summary_rows);
  g_test_add_func ("/isc/summary-page/sort", test_summary_sort);
  g_test_add_func ("/isc/summary-page/csv", test_summary_csv);
  g_test_add_func ("/isc/summary-page/quirks", test_summary_quirks);
  g_test_add_func ("/isc/summary-page/compare-name", test_summary_compare_name);

  return g_test_run ();
}
