/* test-export-dialog.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Export and copy from the window: the export dialog writes what
 * `inferscope export` writes for the same response (the same pixels, the
 * same CSV), a failure leaves no file, a chart's menu has its four items
 * and puts a PNG or its CSV on the clipboard, Hide Chart takes the chart
 * off the page, and Export… (Ctrl+E) opens the dialog for the page.
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "isc-application.h"
#include "isc-chart-view.h"
#include "isc-charts-page.h"
#include "isc-csv.h"
#include "isc-export-dialog.h"
#include "isc-export-private.h"
#include "isc-test-gtk.h"
#include "isc-test-app.h"
#include "isc-test-util.h"
#include "isc-window.h"

#define EPOCH "1800000000"


/* `inferscope export --input FIXTURE -o OUT`, as the command runs it. */
static void
cli_export (const char *fixture,
            const char *output)
{
  g_autofree char *input = test_fixture_path (fixture);
  g_auto(IscExportOptions) options = { 0 };
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *arg0 = g_strdup ("export");
  g_autofree char *arg1 = g_strdup ("--input");
  g_autofree char *arg3 = g_strdup ("-o");
  g_autofree char *arg4 = g_strdup (output);
  char *argv[] = { arg0, arg1, input, arg3, arg4, NULL };

  g_assert_true (_isc_export_parse_options (&options, G_N_ELEMENTS (argv) - 1, argv, &error));
  g_assert_no_error (error);
  response = _isc_export_source_load (&options, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (_isc_export_sink_write (&options, response, NULL, &error));
  g_assert_no_error (error);
}

/* The charts page's views as the window exports them: each chart, then
 * its error rate. */
static GPtrArray *
page_views (IscChartsPage *page)
{
  GPtrArray *views = g_ptr_array_new ();

  for (guint i = 0; i < isc_charts_page_get_n_charts (page); i++)
    {
      GtkWidget *error_view = isc_charts_page_get_error_rate_chart (page, i);

      g_ptr_array_add (views, isc_charts_page_get_chart (page, i));
      if (error_view != NULL)
        g_ptr_array_add (views, error_view);
    }
  return views;
}

/* The dialog for a page of @fixture, with the header the command draws
 * for a saved file. */
/* A dialog made and never shown: an AdwDialog where libadwaita has it
 * (1.5), not yet anyone's; a window before. */
static void
drop_dialog (IscExportDialog *dialog)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  g_object_unref (g_object_ref_sink (dialog));
#else
  gtk_window_destroy (GTK_WINDOW (dialog));
#endif
}

static IscExportDialog *
dialog_for_fixture (const char *fixture,
                    GtkWidget **page_out)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture (fixture);
  g_autofree char *input = test_fixture_path (fixture);
  g_autofree char *from = g_strdup_printf ("from %s", input);
  g_autoptr(GTimeZone) local = g_time_zone_new_local ();
  g_autoptr(GPtrArray) views = NULL;
  GtkWidget *page = isc_charts_page_new ();
  IscChartExportContext context = {
    .target = from,
    .time_zone = local,
    .made_at_ms = g_ascii_strtoll (EPOCH, NULL, 10) * 1000,
  };
  IscExportDialog *dialog;

  g_object_ref_sink (page);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), response);
  views = page_views (ISC_CHARTS_PAGE (page));
  g_assert_cmpuint (views->len, >, 1);
  dialog = isc_export_dialog_new (NULL, (GtkWidget * const *) views->pdata, views->len, 1,
                                  response, &context);
  /* The command's defaults. */
  isc_export_dialog_set_size (dialog, 1200, 600);
  isc_export_dialog_set_scale (dialog, 1);
  isc_export_dialog_set_theme (dialog, ISC_CHART_THEME_LIGHT);
  *page_out = page;
  return dialog;
}

static void
assert_same_pixels (const char *a,
                    const char *b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) ta = gdk_texture_new_from_filename (a, &error);
  g_autoptr(GdkTexture) tb = NULL;
  g_autofree guchar *pa = NULL;
  g_autofree guchar *pb = NULL;
  int width, height;

  g_assert_no_error (error);
  tb = gdk_texture_new_from_filename (b, &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (ta);
  height = gdk_texture_get_height (ta);
  g_assert_cmpint (width, ==, gdk_texture_get_width (tb));
  g_assert_cmpint (height, ==, gdk_texture_get_height (tb));
  pa = g_malloc ((gsize) width * height * 4);
  pb = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (ta, pa, width * 4);
  gdk_texture_download (tb, pb, width * 4);
  g_assert_true (memcmp (pa, pb, (gsize) width * height * 4) == 0);
}

/* Export from the dialog draws the command's picture of the same
 * response: the same size, pixel for pixel; and the same CSV. The page
 * shows the catalogue's groups in order and the command the response's
 * order: this response has them in the same order (requests, their error
 * rate, then latency), so the pictures can be the same. */
#define LIKE_CLI_FIXTURE "partial-step-series.json"
static void
test_export_like_cli (void)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *ours = g_build_filename (dir, "ours.png", NULL);
  g_autofree char *theirs = g_build_filename (dir, "theirs.png", NULL);
  g_autofree char *ours_csv = g_build_filename (dir, "ours.csv", NULL);
  g_autofree char *theirs_csv = g_build_filename (dir, "theirs.csv", NULL);
  g_autofree char *ours_text = NULL;
  g_autofree char *theirs_text = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (ours);
  g_autoptr(GFile) csv_file = g_file_new_for_path (ours_csv);
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkWidget) page = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  IscExportDialog *dialog;

  g_setenv ("SOURCE_DATE_EPOCH", EPOCH, TRUE);
  dialog = dialog_for_fixture (LIKE_CLI_FIXTURE, &page);

  /* The extension chooses the format, whatever the row says. */
  isc_export_dialog_set_format (dialog, ISC_EXPORT_DIALOG_FORMAT_SVG);
  g_assert_true (isc_export_dialog_write (dialog, file, &error));
  g_assert_no_error (error);
  cli_export (LIKE_CLI_FIXTURE, theirs);
  assert_same_pixels (ours, theirs);
  texture = gdk_texture_new_from_filename (ours, &error);
  g_assert_no_error (error);
  /* One column of cells of 1200 × 600 under a header. */
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 1200);
  g_assert_cmpint (gdk_texture_get_height (texture), >, 600 * 3);
  g_assert_cmpint (gdk_texture_get_height (texture), <, 600 * 4);

  isc_export_dialog_set_format (dialog, ISC_EXPORT_DIALOG_FORMAT_CSV);
  g_assert_true (isc_export_dialog_write (dialog, csv_file, &error));
  g_assert_no_error (error);
  cli_export (LIKE_CLI_FIXTURE, theirs_csv);
  g_assert_true (g_file_get_contents (ours_csv, &ours_text, NULL, NULL));
  g_assert_true (g_file_get_contents (theirs_csv, &theirs_text, NULL, NULL));
  g_assert_cmpstr (ours_text, ==, theirs_text);

  drop_dialog (dialog);
  g_unsetenv ("SOURCE_DATE_EPOCH");
  test_remove_dir (dir);
}

/* A place that cannot be written: an error in words, and no file. */
static void
test_export_failure (void)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *missing = g_build_filename (dir, "missing", "charts.png", NULL);
  g_autofree char *missing_csv = g_build_filename (dir, "missing", "charts.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (missing);
  g_autoptr(GFile) csv_file = g_file_new_for_path (missing_csv);
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkWidget) page = NULL;
  IscExportDialog *dialog = dialog_for_fixture ("default-series.json", &page);

  g_assert_false (isc_export_dialog_write (dialog, file, &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, !=, "");
  g_clear_error (&error);
  g_assert_false (isc_export_dialog_write (dialog, csv_file, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (test_count_files (dir), ==, 0);

  drop_dialog (dialog);
  test_remove_dir (dir);
}

static GtkWidget *
show_chart (IscMetricsResponse *response,
            guint               metric)
{
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, metric, ISC_COUNTER_DISPLAY_RATE);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = isc_chart_view_new (model);

  gtk_window_set_default_size (GTK_WINDOW (window), 640, 320);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  test_run_frames (300);
  g_assert_cmpint (gtk_widget_get_width (view), >, 16);
  return view;
}

/* The menu a person opens on a chart says what it offers. */
static void
test_chart_menu (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-series.json");
  GtkWidget *view = show_chart (response, 0);
  GMenuModel *menu = isc_chart_view_get_menu_model (ISC_CHART_VIEW (view));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GListModel) controllers = NULL;
  GtkPopover *popover = isc_chart_view_get_menu (ISC_CHART_VIEW (view));

  g_assert_nonnull (menu);
  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      g_assert_nonnull (section);
      for (int i = 0; i < g_menu_model_get_n_items (section); i++)
        {
          char *label = NULL;

          g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label));
          g_ptr_array_add (labels, label);
        }
    }
  g_assert_cmpuint (labels->len, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (labels, 0), ==, "_Export Image…");
  g_assert_cmpstr (g_ptr_array_index (labels, 1), ==, "_Copy Image");
  g_assert_cmpstr (g_ptr_array_index (labels, 2), ==, "Copy _Data");
  g_assert_cmpstr (g_ptr_array_index (labels, 3), ==, "_Logs at This Time");
  g_assert_cmpstr (g_ptr_array_index (labels, 4), ==, "_Hide Chart");

  /* Each item's action is there to run. */
  g_assert_true (gtk_widget_activate_action (view, "chart.copy-data", NULL));

  /* The chart takes focus, for the Menu key and Shift+F10. */
  g_assert_true (gtk_widget_get_focusable (view));

  /* A right click opens it. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
  controllers = gtk_widget_observe_controllers (view);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_SECONDARY)
        g_signal_emit_by_name (controller, "pressed", 1, 20.0, 20.0);
    }
  test_run_frames (100);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  gtk_popover_popdown (popover);

  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));
}

static void
read_texture_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GdkTexture **texture = user_data;
  g_autoptr(GError) error = NULL;

  *texture = gdk_clipboard_read_texture_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
}

/* Copy Image: the chart, the size it has on screen. */
static void
test_copy_image (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-series.json");
  GtkWidget *view = show_chart (response, 0);
  g_autoptr(GdkTexture) texture = NULL;
  int scale = gtk_widget_get_scale_factor (view);

  g_assert_true (gtk_widget_activate_action (view, "chart.copy-image", NULL));
  gdk_clipboard_read_texture_async (gtk_widget_get_clipboard (view), NULL, read_texture_cb, &texture);
  g_assert_true (test_wait_for (test_pointer_is_set, &texture));
  g_assert_cmpint (gdk_texture_get_width (texture), ==, gtk_widget_get_width (view) * scale);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, gtk_widget_get_height (view) * scale);

  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));
}

/* Copy Data: the command's CSV of the response, only this chart's
 * columns. */
static void
test_copy_data (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-series.json");
  GtkWidget *view = show_chart (response, 0);
  IscChartModel *model = isc_chart_view_get_model (ISC_CHART_VIEW (view));
  const char *name = isc_chart_model_get_name (model);
  g_autoptr(GBytes) whole = isc_csv_from_response (response);
  g_autofree char *whole_text = g_strndup (g_bytes_get_data (whole, NULL), g_bytes_get_size (whole));
  g_auto(GStrv) whole_lines = g_strsplit (whole_text, "\r\n", -1);
  g_auto(GStrv) lines = NULL;
  g_autofree char *copied = NULL;
  g_autofree char *header_start = g_strdup_printf ("time,epoch_millis,%s", name);

  g_assert_true (gtk_widget_activate_action (view, "chart.copy-data", NULL));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (view), NULL, test_read_text_cb, &copied);
  g_assert_true (test_wait_for (test_pointer_is_set, &copied));

  lines = g_strsplit (copied, "\r\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, g_strv_length (whole_lines));
  g_assert_true (g_str_has_prefix (lines[0], header_start));
  /* Only this metric's series. */
  for (guint i = 0; i < isc_metrics_response_get_n_metrics (response); i++)
    {
      const char *other = isc_metric_get_name (isc_metrics_response_get_metric (response, i));

      if (g_strcmp0 (other, name) != 0)
        g_assert_null (strstr (lines[0], other));
    }
  g_assert_cmpuint (strlen (lines[0]), <, strlen (whole_lines[0]));
  /* The same times, row by row. */
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[i], ",", 3);
      g_auto(GStrv) whole_cells = g_strsplit (whole_lines[i], ",", 3);

      g_assert_cmpstr (cells[0], ==, whole_cells[0]);
      g_assert_cmpstr (cells[1], ==, whole_cells[1]);
    }

  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (view)));
}

/* The window, on the demo ****************************************************/

static GtkWidget *
find_text (GtkWidget  *root,
           const char *text)
{
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_label (GTK_LABEL (root)), text) != NULL)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_text (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static IscChartsPage *
find_charts_page (GtkWidget *root)
{
  if (ISC_IS_CHARTS_PAGE (root))
    return ISC_CHARTS_PAGE (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      IscChartsPage *found = find_charts_page (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
page_shows (IscChartsPage *page,
            const char    *name)
{
  for (guint i = 0; i < isc_charts_page_get_n_charts (page); i++)
    {
      IscChartModel *model = isc_chart_view_get_model (ISC_CHART_VIEW (isc_charts_page_get_chart (page, i)));

      if (model != NULL && g_strcmp0 (isc_chart_model_get_name (model), name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Inside a window where libadwaita has AdwDialog (1.5), a window of its
 * own before. */
static IscExportDialog *
find_export_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      /* The list keeps its own reference. */
#if ADW_CHECK_VERSION (1, 5, 0)
      if (ADW_IS_APPLICATION_WINDOW (window) &&
          ISC_IS_EXPORT_DIALOG (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window))))
        return ISC_EXPORT_DIALOG (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)));
#else
      if (ISC_IS_EXPORT_DIALOG (window))
        return ISC_EXPORT_DIALOG (window);
#endif
    }
  return NULL;
}

/* Over @window: the AdwDialog inside it, or a modal window over it. */
static void
assert_over (IscExportDialog *dialog,
             IscWindow       *window)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  g_assert_true (ADW_IS_DIALOG (dialog));
  g_assert_true (gtk_widget_get_root (GTK_WIDGET (dialog)) == GTK_ROOT (window));
#else
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
#endif
}

static gboolean
has_export_dialog (gpointer data)
{
  return find_export_dialog () != NULL;
}

static gboolean
has_no_export_dialog (gpointer data)
{
  return find_export_dialog () == NULL;
}

/* In the window: Hide Chart takes the chart off the page (and keeps the
 * rest), and Export… opens the dialog over the window. */
static void
test_window_hide_and_export (void)
{
  IscWindow *window;
  IscChartsPage *page;
  GtkWidget *demo, *view;
  IscExportDialog *dialog;
  g_autofree char *name = NULL;
  guint n;

  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  g_assert_true (test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)));
  window = isc_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_present (GTK_WINDOW (window));
  test_run_frames (300);
  demo = test_find_button (GTK_WIDGET (window), "_Explore the Demo");
  g_assert_nonnull (demo);
  g_signal_emit_by_name (demo, "clicked");
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  g_assert_true (test_wait_for (test_view_is_ready, window));
  test_run_frames (200);

  page = find_charts_page (GTK_WIDGET (window));
  g_assert_nonnull (page);
  n = isc_charts_page_get_n_charts (page);
  g_assert_cmpuint (n, >, 2);
  /* The error rate's Hide Chart is off (it comes and goes with the
   * requests it is derived from): nothing to activate, nothing hidden. */
  view = isc_charts_page_get_error_rate_chart (page, 0);
  g_assert_nonnull (view);
  {
    GtkWidget *item = find_text (GTK_WIDGET (isc_chart_view_get_menu (ISC_CHART_VIEW (view))), "Hide Chart");
    GtkWidget *other = find_text (GTK_WIDGET (isc_chart_view_get_menu (ISC_CHART_VIEW (isc_charts_page_get_chart (page, 0)))),
                                  "Hide Chart");

    g_assert_nonnull (item);
    g_assert_false (gtk_widget_is_sensitive (item));
    g_assert_true (gtk_widget_is_sensitive (other));
  }
  gtk_widget_activate_action (view, "chart.hide", NULL);
  test_run_frames (100);
  g_assert_true (page_shows (page, "baseten_inference_requests_total"));
  g_assert_cmpuint (isc_charts_page_get_n_charts (page), ==, n);
  g_assert_nonnull (isc_charts_page_get_error_rate_chart (page, 0));

  view = isc_charts_page_get_chart (page, 1);
  name = g_strdup (isc_chart_model_get_name (isc_chart_view_get_model (ISC_CHART_VIEW (view))));
  g_assert_true (page_shows (page, name));

  g_assert_true (gtk_widget_activate_action (view, "chart.hide", NULL));
  g_assert_true (test_wait_for (test_view_is_ready, window));
  test_run_frames (100);
  g_assert_false (page_shows (page, name));
  g_assert_cmpuint (isc_charts_page_get_n_charts (page), ==, n - 1);

  /* Export Image… of one chart: the dialog over the window, and a place
   * that cannot be written is a toast naming the reason, and no file.
   * (The page may have built its views anew: ask it for one again.) */
  view = isc_charts_page_get_chart (page, 1);
  g_assert_true (gtk_widget_activate_action (view, "chart.export", NULL));
  g_assert_true (test_wait_for (has_export_dialog, NULL));
  dialog = find_export_dialog ();
  assert_over (dialog, window);
  {
    g_autofree char *dir = test_temp_dir ();
    g_autofree char *missing = g_build_filename (dir, "missing", "chart.png", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (missing);

    g_assert_null (find_text (GTK_WIDGET (window), "Could not export"));
    g_assert_false (isc_export_dialog_export_to (dialog, file));
    test_run_frames (200);
    g_assert_nonnull (find_text (GTK_WIDGET (window), "Could not export"));
    g_assert_nonnull (find_text (GTK_WIDGET (window), "No such file or directory"));
    g_assert_cmpuint (test_count_files (dir), ==, 0);
    test_remove_dir (dir);
  }
  /* Still open, to try elsewhere. */
  g_assert_true (find_export_dialog () == dialog);
  isc_export_dialog_close (dialog);
  g_assert_true (test_wait_for (has_no_export_dialog, NULL));

  /* Export… of the whole page. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "export", NULL);
  g_assert_true (test_wait_for (has_export_dialog, NULL));
  dialog = find_export_dialog ();
  assert_over (dialog, window);
  isc_export_dialog_close (dialog);
  g_assert_true (test_wait_for (has_no_export_dialog, NULL));

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (isc_application_get_settings (test_app), "model-layouts");
  g_settings_reset (isc_application_get_settings (test_app), "view-state");
}

/* Ctrl+E is Export. */
static void
test_export_shortcut (void)
{
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app), "win.export");

  g_assert_true (g_strv_contains ((const char * const *) accels, "<Control>e"));
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* The row under @root titled @title, as it is written (with its
 * mnemonic). */
static GtkWidget *
size_row (GtkWidget  *root,
          const char *title)
{
  g_autoptr(GPtrArray) rows = test_collect_shown (root, ADW_TYPE_PREFERENCES_ROW);

  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      return g_ptr_array_index (rows, i);
  return NULL;
}

/* Over a 360 px window, as a phone's: where libadwaita has AdwDialog a
 * bottom sheet inside it, which fits without a warning; a modal window
 * over it before. Closed as Escape does, it writes nothing. */
static void
test_narrow (void)
{
  g_autoptr(IscMetricsResponse) response = test_load_fixture ("default-series.json");
  g_autoptr(GPtrArray) views = NULL;
  g_autoptr(GtkWidget) page = isc_charts_page_new ();
  GtkWindow *parent = GTK_WINDOW (adw_window_new ());
  IscExportDialog *dialog;
  gpointer weak;

  g_object_ref_sink (page);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), response);
  views = page_views (ISC_CHARTS_PAGE (page));
  gtk_window_set_default_size (parent, 360, 700);
  gtk_window_present (parent);
  g_assert_true (test_wait_for (is_mapped, parent));

  dialog = isc_export_dialog_new (parent, (GtkWidget * const *) views->pdata, views->len, 1,
                                  response, NULL);
  weak = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), &weak);
  isc_export_dialog_present (dialog);
  g_assert_true (test_wait_for (is_mapped, dialog));
  test_run_frames (200);
  /* A width typed in its row (and left, or entered) is the pictures'
   * width. */
  {
    GtkWidget *row = size_row (GTK_WIDGET (dialog), "_Width");
    GtkWidget *spin;
    int width = 0, height = 0;

    g_assert_nonnull (row);
    spin = test_find_shown (row, GTK_TYPE_SPIN_BUTTON, NULL, NULL);
    g_assert_nonnull (spin);
    gtk_editable_set_text (GTK_EDITABLE (spin), "800");
    gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
    isc_export_dialog_get_size (dialog, &width, &height);
    g_assert_cmpint (width, ==, 800);
    g_assert_cmpint (height, ==, 600);
    /* Past the largest size, the largest. */
    gtk_editable_set_text (GTK_EDITABLE (spin), "99999");
    gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
    isc_export_dialog_get_size (dialog, &width, NULL);
    g_assert_cmpint (width, ==, 16384);
  }
#if ADW_CHECK_VERSION (1, 5, 0)
  g_assert_true (ADW_IS_DIALOG (dialog));
  g_assert_true (gtk_widget_get_root (GTK_WIDGET (dialog)) == GTK_ROOT (parent));
  g_assert_true (adw_window_get_visible_dialog (ADW_WINDOW (parent)) == ADW_DIALOG (dialog));
  g_assert_cmpstr (adw_dialog_get_title (ADW_DIALOG (dialog)), ==, "Export Charts");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=, 360);
  adw_dialog_close (ADW_DIALOG (dialog));
#else
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == parent);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Export Charts");
  gtk_window_close (GTK_WINDOW (dialog));
#endif
  g_assert_true (test_wait_for (is_null, &weak));

  gtk_window_destroy (parent);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  test_app_start ();

  g_test_add_func ("/isc/export-dialog/like-cli", test_export_like_cli);
  g_test_add_func ("/isc/export-dialog/failure", test_export_failure);
  g_test_add_func ("/isc/export-dialog/chart-menu", test_chart_menu);
  g_test_add_func ("/isc/export-dialog/copy-image", test_copy_image);
  g_test_add_func ("/isc/export-dialog/copy-data", test_copy_data);
  g_test_add_func ("/isc/export-dialog/shortcut", test_export_shortcut);
  g_test_add_func ("/isc/export-dialog/window", test_window_hide_and_export);
  g_test_add_func ("/isc/export-dialog/narrow", test_narrow);

  status = g_test_run ();

  test_app_stop ();

  return status;
}
