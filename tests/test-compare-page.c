/* test-compare-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Compare in the window's widgets, fed by an IscView against the
 * simulated API: the charts page's dashed series and their legend
 * entries, the Summary's change in percent, and the Compare button. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>

#include "isc-chart-private.h"
#include "isc-chart-view.h"
#include "isc-charts-page.h"
#include "isc-compare-button.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-summary-page.h"
#include "isc-summary-row.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"
#include "isc-view.h"

static IscDemoServer *server;
static IscClient *client;

static IscTarget *
chat_production (void)
{
  return isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production", "demo-chat", "production");
}

static gboolean
compare_settled (gpointer data)
{
  IscView *view = data;

  return isc_view_get_state (view) == ISC_VIEW_READY && !isc_view_get_loading (view) &&
         (isc_view_get_compare_response (view) != NULL || isc_view_get_compare_error (view) != NULL);
}

/* A view of demo-chat's production over the last hour with @shift_ms,
 * loaded with its compare. */
static IscView *
load_view (IscMode     mode,
           gint64      shift_ms,
           IscTarget  *compare_target)
{
  IscView *view = isc_view_new ();
  g_autoptr(IscTarget) target = chat_production ();
  const char *metrics[] = { "baseten_inference_requests_total", "baseten_replicas_active", NULL };

  isc_view_set_mode (view, mode);
  isc_view_set_metrics (view, metrics);
  isc_view_set_client (view, client);
  isc_view_set_target (view, target);
  if (compare_target != NULL)
    isc_view_set_compare_target (view, compare_target);
  else
    isc_view_set_compare_shift (view, shift_ms);
  g_assert_true (test_wait_for (compare_settled, view));
  return view;
}

static GtkWidget *
chart_named (IscChartsPage *page,
             const char    *name)
{
  for (guint i = 0; i < isc_charts_page_get_n_charts (page); i++)
    {
      GtkWidget *view = isc_charts_page_get_chart (page, i);

      if (g_strcmp0 (isc_chart_model_get_name (isc_chart_view_get_model (ISC_CHART_VIEW (view))), name) == 0)
        return view;
    }
  g_error ("no chart of %s", name);
}

/* The widget as drawn on screen, and the pixels near @color within
 * @area of it. */
static gboolean
widget_drawable (gpointer data)
{
  GtkWidget *widget = data;

  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

static guint
count_drawn_color (GtkWidget           *widget,
                   const IscChartRect  *area,
                   const IscChartColor *color)
{
  g_autofree guchar *data = NULL;
  int w, h;
  guint n = 0;

  /* The chart's own snapshot, not the widget's last frame: a chart that
   * has just traded its vectors for pixels (or back) has queued a draw,
   * and until the next frame GTK holds no picture of it to give. */
  test_run_frames (50);
  g_assert_true (test_wait_for (widget_drawable, widget));
  data = test_render_widget (widget, FALSE, NULL);
  w = gtk_widget_get_width (widget);
  h = gtk_widget_get_height (widget);

  for (int y = (int) area->y + 1; y < (int) (area->y + area->height) - 1 && y < h; y++)
    for (int x = (int) area->x + 1; x < (int) (area->x + area->width) - 1 && x < w; x++)
      {
        guint32 p = *(guint32 *) (gpointer) (data + (y * w + x) * 4);
        int r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

        if (abs (r - (int) (color->red * 255)) < 8 && abs (g - (int) (color->green * 255)) < 8 &&
            abs (b - (int) (color->blue * 255)) < 8)
          n++;
      }
  return n;
}

static guint
count_series_pixels (GtkWidget *chart_view,
                     guint      series)
{
  IscChart *chart = isc_chart_view_get_chart (ISC_CHART_VIEW (chart_view));
  const IscChartLayout *layout;
  IscChartColor color;

  test_run_frames (50);
  layout = isc_chart_ensure_layout (chart, gtk_widget_get_width (chart_view), gtk_widget_get_height (chart_view));
  isc_chart_get_series_color (chart, series, &color);
  return count_drawn_color (chart_view, &layout->plot, &color);
}

/* Every chart gains "… · last week" entries, drawn dashed in a colour of
 * their own; a click on the legend entry hides one, as any series. */
static void
test_charts_page (void)
{
  g_autoptr(IscView) view = load_view (ISC_MODE_SERIES, ISC_VIEW_SHIFT_WEEK, NULL);
  GtkWidget *window = gtk_window_new ();
  IscChartsPage *page = ISC_CHARTS_PAGE (isc_charts_page_new ());
  GtkWidget *requests;
  IscChartModel *model;
  g_auto(GStrv) legend = NULL;
  int compared;
  guint shown, hidden;
  gboolean listed = FALSE;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  isc_charts_page_set_response (page, isc_view_get_response (view));
  isc_charts_page_show_compare (page, view);
  g_assert_true (isc_charts_page_get_compare (page) == isc_view_get_compare_response (view));
  g_assert_null (isc_charts_page_get_compare_message (page));
  g_assert_true (test_wait_for (test_charts_shown, page));

  for (guint i = 0; i < isc_charts_page_get_n_charts (page); i++)
    g_assert_cmpuint (isc_chart_model_get_n_compare (isc_chart_view_get_model (ISC_CHART_VIEW (isc_charts_page_get_chart (page, i)))),
                      >, 0);

  requests = chart_named (page, "baseten_inference_requests_total");
  model = isc_chart_view_get_model (ISC_CHART_VIEW (requests));
  compared = test_series_labelled (model, "2xx · last week");
  g_assert_cmpint (compared, >=, (int) isc_chart_model_get_n_series (model));
  g_assert_cmpint (test_series_labelled (model, "5xx · last week"), >=, 0);

  legend = isc_chart_dup_legend_texts (isc_chart_view_get_chart (ISC_CHART_VIEW (requests)),
                                       gtk_widget_get_width (requests), gtk_widget_get_height (requests));
  for (guint i = 0; legend[i] != NULL; i++)
    listed |= g_str_has_prefix (legend[i], "5xx · last week  ");
  g_assert_true (listed);

  shown = count_series_pixels (requests, compared);
  g_assert_cmpuint (shown, >, 100);

  isc_chart_view_toggle_series (ISC_CHART_VIEW (requests), compared, FALSE);
  model = isc_chart_view_get_model (ISC_CHART_VIEW (requests));
  g_assert_true (isc_chart_model_get_series_hidden (model, compared));
  hidden = count_series_pixels (requests, compared);
  g_assert_cmpuint (hidden, <, shown / 10);

  /* Taken away: the overlay goes, the hidden set stays for later. */
  isc_charts_page_set_compare (page, NULL, 0, NULL);
  g_assert_cmpuint (isc_chart_model_get_n_compare (isc_chart_view_get_model (ISC_CHART_VIEW (requests))), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A compare that fails says so above the charts, which stay. */
static void
test_charts_page_failing (void)
{
  g_autoptr(IscTarget) missing = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "no-such-deployment",
                                                 "demo-chat", "gone");
  g_autoptr(IscView) view = load_view (ISC_MODE_SERIES, 0, missing);
  GtkWidget *window = gtk_window_new ();
  IscChartsPage *page = ISC_CHARTS_PAGE (isc_charts_page_new ());
  const char *message;

  g_assert_nonnull (isc_view_get_compare_error (view));
  /* Room for the message and a chart under it. */
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  isc_charts_page_set_response (page, isc_view_get_response (view));
  isc_charts_page_show_compare (page, view);
  g_assert_true (test_wait_for (test_charts_shown, page));

  message = isc_charts_page_get_compare_message (page);
  g_assert_nonnull (message);
  g_assert_true (g_str_has_prefix (message, "Could not load the comparison with gone: "));
  g_assert_nonnull (test_find_shown (GTK_WIDGET (page), GTK_TYPE_LABEL, "label", message));
  g_assert_cmpuint (isc_charts_page_get_n_charts (page), >, 0);
  g_assert_cmpuint (isc_chart_model_get_n_compare (isc_chart_view_get_model (ISC_CHART_VIEW (isc_charts_page_get_chart (page, 0)))),
                    ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

static IscSummaryRow *
find_row (IscSummaryPage *page,
          GListModel     *rows,
          const char     *name,
          const char     *labels)
{
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(IscSummaryRow) row = g_list_model_get_item (rows, i);

      if (g_strcmp0 (isc_summary_row_get_metric_name (row), name) == 0 &&
          g_strcmp0 (isc_summary_row_get_labels (row), labels) == 0)
        return row;
    }
  g_error ("no row %s %s", name, labels);
}

/* The rate of 2xx now against a week back, and the change between. */
static void
test_summary (void)
{
  g_autoptr(IscView) view = load_view (ISC_MODE_SUMMARY, ISC_VIEW_SHIFT_WEEK, NULL);
  GtkWidget *window = gtk_window_new ();
  IscSummaryPage *page = ISC_SUMMARY_PAGE (isc_summary_page_new ());
  GtkColumnView *table;
  GListModel *rows;
  IscSummaryRow *row;
  g_autofree char *csv = NULL;
  double now, then, change;
  const char *text;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (page));
  gtk_window_present (GTK_WINDOW (window));
  isc_summary_page_set_response (page, isc_view_get_response (view));
  isc_summary_page_show_compare (page, view);
  g_assert_true (isc_summary_page_get_compare (page) == isc_view_get_compare_response (view));

  table = GTK_COLUMN_VIEW (test_find_widget (GTK_WIDGET (page), GTK_TYPE_COLUMN_VIEW, NULL, NULL));
  g_assert_nonnull (table);
  rows = G_LIST_MODEL (gtk_column_view_get_model (table));
  row = find_row (page, rows, "baseten_inference_requests_total", "status=2xx");
  g_assert_cmpint (isc_summary_row_get_key_column (row), ==, ISC_SUMMARY_COLUMN_RATE);
  now = isc_summary_row_get_value (row, ISC_SUMMARY_COLUMN_RATE);
  then = isc_summary_row_get_value (row, ISC_SUMMARY_COLUMN_COMPARED);
  change = isc_summary_row_get_value (row, ISC_SUMMARY_COLUMN_CHANGE);
  g_assert_cmpfloat (now, >, 0);
  g_assert_cmpfloat (then, >, 0);
  g_assert_cmpfloat (now, !=, then);
  g_assert_cmpfloat_with_epsilon (change, (now - then) / then * 100, 1e-9);
  text = isc_summary_row_get_text (row, ISC_SUMMARY_COLUMN_CHANGE);
  {
    /* A change that rounds to zero has no sign: the demo's week-old
     * rate may be that close at some times of day. */
    g_autofree char *expected = fabs (change) < 0.05
                                ? g_strdup ("0 %")
                                : g_strdup_printf ("%s%.1f %%", change > 0 ? "+" : "−", fabs (change));

    g_assert_cmpstr (text, ==, expected);
  }

  /* Shown, under what is compared; and in the CSV. */
  {
    GListModel *columns = gtk_column_view_get_columns (table);
    gboolean compared = FALSE, changed = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
      {
        g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

        if (!gtk_column_view_column_get_visible (column))
          continue;
        compared |= g_strcmp0 (gtk_column_view_column_get_title (column), "last week") == 0;
        changed |= g_strcmp0 (gtk_column_view_column_get_title (column), "Change") == 0;
      }
    g_assert_true (compared);
    g_assert_true (changed);
  }
  csv = isc_summary_page_dup_csv (page);
  g_assert_nonnull (strstr (csv, ",Compared (last week),Change in percent,"));

  /* None: the columns go. */
  isc_summary_page_set_compare (page, NULL, NULL);
  g_free (csv);
  csv = isc_summary_page_dup_csv (page);
  g_assert_null (strstr (csv, "Change in percent"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The title a row of the popover shows for item. */
static char *
item_title (gpointer item)
{
  if (ISC_IS_TARGET_ITEM (item))
    return isc_target_dup_title (isc_target_item_get_target (item));
  return g_strdup (gtk_string_object_get_string (item));
}

/* The position of the row titled @title, or -1. */
static int
row_titled (GtkListView *list,
            const char  *title)
{
  GListModel *model = G_LIST_MODEL (gtk_list_view_get_model (list));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);
      g_autofree char *text = item_title (item);

      if (g_strcmp0 (text, title) == 0)
        return (int) i;
    }

  return -1;
}

typedef struct
{
  GtkListView *list;
  const char  *title;
  int          position;
} RowAt;

static gboolean
row_is_at (gpointer data)
{
  RowAt *at = data;

  return row_titled (at->list, at->title) == at->position;
}

/* The filter applies after the entry's short delay. */
static void
assert_row_at (GtkListView *list,
               const char  *title,
               int          position)
{
  RowAt at = { list, title, position };

  g_assert_true (test_wait_for (row_is_at, &at));
}

static void
choose (GtkListView *list,
        const char  *title)
{
  int position = row_titled (list, title);

  g_assert_cmpint (position, >=, 0);
  g_signal_emit_by_name (list, "activate", (guint) position);
}

/* The header's control: a name, a keyboard path, the shifts and the
 * other targets, each setting the view's compare. */
/* GTK 4.8 arms timers on the surface under the pointer (a new tooltip
 * asks for it; a scrolled window fades its scrollbars a moment after a
 * scroll) that ask where the pointer is when they fire: on a slow machine
 * (ASan) one could fire in the next test, after the surface has gone, a
 * CRITICAL. They fire here, with the window still there. */
static void
close_window (GtkWidget *window)
{
  test_run_frames (1500);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_button (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTargetList) list = isc_target_list_new ();
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(IscTarget) d7 = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                            ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS, "demo-chat", "d7");
  GtkWidget *window = gtk_window_new ();
  IscCompareButton *button = ISC_COMPARE_BUTTON (isc_compare_button_new ());
  GtkMenuButton *menu_button = isc_compare_button_get_menu_button (button);
  GtkListView *rows;
  g_autofree char *mismatch = NULL;
  GtkShortcut *shortcut = NULL;
  GListModel *controllers;

  isc_view_set_target (view, target);
  isc_target_list_add_target (list, target);
  isc_target_list_add_target (list, d7);
  isc_compare_button_set_view (button, view);
  isc_compare_button_set_target_list (button, list);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (button));
  gtk_window_present (GTK_WINDOW (window));

  mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (menu_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                 "Compare");
  g_assert_null (mismatch);

  /* What the popover lists when it opens. */
  gtk_menu_button_popup (menu_button);
  test_run_frames (5);
  rows = isc_compare_button_get_list (button);
  g_assert_cmpint (row_titled (rows, "None"), ==, 0);
  g_assert_cmpint (row_titled (rows, "1 Hour Earlier"), ==, 1);
  g_assert_cmpint (row_titled (rows, "1 Day Earlier"), ==, 2);
  g_assert_cmpint (row_titled (rows, "Same Time Last Week"), ==, 3);
  /* The other target, not the one shown, under a heading. */
  g_assert_cmpint (row_titled (rows, "Another Target"), ==, 4);
  g_assert_cmpint (row_titled (rows, "demo-chat · d7"), ==, 5);
  g_assert_cmpint (row_titled (rows, "demo-chat · production"), ==, -1);

  /* The filter narrows the targets, and keeps the shifts. */
  gtk_editable_set_text (isc_compare_button_get_filter_entry (button), "zzz");
  assert_row_at (rows, "demo-chat · d7", -1);
  g_assert_cmpint (row_titled (rows, "Another Target"), ==, -1);
  g_assert_cmpint (row_titled (rows, "None"), ==, 0);
  gtk_editable_set_text (isc_compare_button_get_filter_entry (button), "D7");
  assert_row_at (rows, "demo-chat · d7", 5);
  gtk_editable_set_text (isc_compare_button_get_filter_entry (button), "");
  assert_row_at (rows, "Another Target", 4);

  choose (rows, "Same Time Last Week");
  g_assert_cmpint (isc_view_get_compare_shift (view), ==, ISC_VIEW_SHIFT_WEEK);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (menu_button), "accent"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (menu_button)), ==, "Compared with last week");

  choose (rows, "demo-chat · d7");
  g_assert_true (isc_target_equal (isc_view_get_compare_target (view), d7));
  g_assert_cmpint (isc_view_get_compare_shift (view), ==, 0);

  choose (rows, "None");
  g_assert_null (isc_view_get_compare_target (view));
  g_assert_cmpint (isc_view_get_compare_shift (view), ==, 0);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (menu_button), "accent"));

  /* Ctrl+Shift+K opens it from anywhere in the window. */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (button));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && shortcut == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) candidate = g_list_model_get_item (G_LIST_MODEL (controller), j);
          g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (candidate));

          if (g_strcmp0 (trigger, "<Shift><Control>k") == 0)
            shortcut = candidate;
        }
    }
  g_object_unref (controllers);
  g_assert_nonnull (shortcut);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (menu_button))));
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, GTK_WIDGET (button), NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (menu_button))));
  gtk_menu_button_popdown (menu_button);

  close_window (window);
}

/* An open Compare popover, over list, showing view's target. */
static GtkWidget *
open_popover (IscView       *view,
              IscTargetList *list,
              GtkWidget    **window)
{
  IscCompareButton *button = ISC_COMPARE_BUTTON (isc_compare_button_new ());
  GtkMenuButton *menu_button = isc_compare_button_get_menu_button (button);

  isc_compare_button_set_view (button, view);
  isc_compare_button_set_target_list (button, list);
  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (*window), GTK_WIDGET (button));
  gtk_window_present (GTK_WINDOW (*window));
  test_run_frames (5);

  gtk_menu_button_popup (menu_button);
  test_run_frames (20);

  return GTK_WIDGET (gtk_menu_button_get_popover (menu_button));
}

static GtkLabel *
label_showing (GtkWidget  *root,
               const char *text)
{
  g_autoptr(GPtrArray) labels = test_collect_shown (root, GTK_TYPE_LABEL);

  for (guint i = 0; i < labels->len; i++)
    if (g_str_equal (gtk_label_get_text (g_ptr_array_index (labels, i)), text))
      return g_ptr_array_index (labels, i);

  return NULL;
}

/* The popover is wide enough for its words: "Same Time Last Week" on one
 * line, and a long name wrapped between its words, never inside one
 * ("product-ion"). */
static void
test_popover_text (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTargetList) list = isc_target_list_new ();
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(IscTarget) other = isc_target_new ("long-model", ISC_TARGET_ENVIRONMENT, "production",
                                               "multilingual speech recognition large", "production");
  g_autoptr(GPtrArray) labels = NULL;
  GtkWidget *window = NULL;
  GtkWidget *popover;
  GtkLabel *week;

  isc_view_set_target (view, target);
  isc_target_list_add_target (list, target);
  isc_target_list_add_target (list, other);
  popover = open_popover (view, list, &window);

  week = label_showing (popover, "Same Time Last Week");
  g_assert_nonnull (week);
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (week)), ==, 1);

  labels = test_collect_shown (popover, GTK_TYPE_LABEL);
  g_assert_nonnull (label_showing (popover, "multilingual speech recognition large · production"));
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);
      PangoLayout *layout = gtk_label_get_layout (label);
      const char *text = pango_layout_get_text (layout);
      GSList *lines = pango_layout_get_lines_readonly (layout);

      for (GSList *l = lines != NULL ? lines->next : NULL; l != NULL; l = l->next)
        {
          PangoLayoutLine *line = l->data;
          char before = line->start_index > 0 ? text[line->start_index - 1] : ' ';

          /* Each line after the first starts after a space. */
          if (before != ' ')
            g_error ("“%s” breaks inside a word, at “%s”", text, text + line->start_index);
        }
    }

  close_window (window);
}

static void
scroll_popover_to_end (GtkWidget *popover)
{
  GtkWidget *list = test_find_widget (popover, GTK_TYPE_LIST_VIEW, NULL, NULL);
  GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW));
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scrolled);

  for (int i = 0; i < 5; i++)
    {
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
      test_run_frames (5);
    }
}

static gboolean
popover_shows_499 (gpointer data)
{
  return label_showing (data, "model-499 · production") != NULL;
}

/* On a large account the popover opens with rows for what is in sight
 * only, not one per target; it lists the first targets and says how many
 * more its filter finds. */
static void
test_popover_large (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  g_autoptr(IscTargetList) list = isc_target_list_new ();
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(GPtrArray) labels = NULL;
  GtkWidget *window = NULL;
  GtkWidget *popover;

  isc_view_set_target (view, target);
  isc_target_list_add_target (list, target);
  for (guint i = 0; i < 500; i++)
    {
      g_autofree char *model_id = g_strdup_printf ("model-%03u", i);
      g_autoptr(IscTarget) other = isc_target_new (model_id, ISC_TARGET_ENVIRONMENT, "production",
                                                   model_id, "production");

      isc_target_list_add_target (list, other);
    }
  popover = open_popover (view, list, &window);

  g_assert_nonnull (label_showing (popover, "model-000 · production"));
  labels = test_collect_shown (popover, GTK_TYPE_LABEL);
  g_assert_cmpuint (labels->len, <, 100);

  /* The first 50 targets, and how many more the filter finds. */
  scroll_popover_to_end (popover);
  g_assert_nonnull (label_showing (popover, "model-049 · production"));
  g_assert_null (label_showing (popover, "model-050 · production"));
  g_assert_nonnull (label_showing (popover, "450 more targets: type a name to find them"));
  gtk_editable_set_text (GTK_EDITABLE (test_find_widget (popover, GTK_TYPE_SEARCH_ENTRY, NULL, NULL)),
                         "model-499");
  g_assert_true (test_wait_for (popover_shows_499, popover));
  g_assert_null (label_showing (popover, "model-000 · production"));

  gtk_popover_popdown (GTK_POPOVER (popover));
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_log_set_writer_func (test_log_writer, NULL, NULL);

  server = isc_demo_server_new (1, NULL);
  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/isc/compare/charts-page", test_charts_page);
  g_test_add_func ("/isc/compare/charts-page-failing", test_charts_page_failing);
  g_test_add_func ("/isc/compare/summary", test_summary);
  g_test_add_func ("/isc/compare/button", test_button);
  g_test_add_func ("/isc/compare/popover-text", test_popover_text);
  g_test_add_func ("/isc/compare/popover-large", test_popover_large);

  status = g_test_run ();

  g_clear_object (&client);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_object (&server);
  return status;
}
