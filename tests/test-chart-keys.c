/* test-chart-keys.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A chart read from the keyboard and by a screen reader: Left/Right move
 * the cursor a step and Home/End to the ends, showing the values there;
 * Shift+Left/Right select a span that Enter zooms to as a drag does and
 * Escape drops; the accessible description says the range and each
 * series' statistics, and what is under the cursor as it moves.
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "isc-chart-view.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

#define N_STEPS 120
#define STEP_MS ((gint64) 30 * 1000)

static gboolean
rendered (gpointer data)
{
  return isc_chart_view_get_n_renders (data) > 0;
}

static double
wave (guint series, guint step, gpointer data)
{
  return 10.0 + 5.0 * sin (step / 4.0) + series * 20.0;
}

/* A key as the chart's keyboard shortcuts take it; TRUE when handled. */
static GtkWidget *shown_view;

/* data: the width asked, as GINT_TO_POINTER. */
static gboolean
resized_to (gpointer data)
{
  return gtk_widget_get_width (shown_view) == GPOINTER_TO_INT (data);
}

static GtkWidget *
open_view (IscChartModel *model,
           GtkWidget    **window)
{
  GtkWidget *view = isc_chart_view_new (model);

  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), 700, 360);
  gtk_window_set_child (GTK_WINDOW (*window), view);
  gtk_window_present (GTK_WINDOW (*window));
  g_assert_true (test_wait_for (rendered, view));
  shown_view = view;
  return view;
}

static IscChartModel *
new_model (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, N_STEPS, "baseten_concurrent_requests", "COUNT", "GAUGE",
                       "[{\"replica\":\"a\"},{\"replica\":\"b\"}]", 2, wave, NULL);

  return isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
}

static void
test_keys_cursor (void)
{
  g_autoptr(IscChartModel) model = new_model ();
  GtkWidget *window;
  GtkWidget *view = open_view (model, &window);
  IscChartView *cv = ISC_CHART_VIEW (view);
  const gint64 *starts = isc_chart_model_get_step_starts (model);
  guint n_renders = isc_chart_view_get_n_renders (cv);

  g_assert_cmpuint (isc_chart_model_get_n_steps (model), ==, N_STEPS);
  g_assert_true (gtk_widget_get_focusable (view));

  /* Home: the first step, with its values box. */
  g_assert_true (test_press_chart_key (view, GDK_KEY_Home, 0));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[0]);
  g_assert_cmpint (isc_chart_view_get_hover_step (cv), ==, 0);

  /* Right: the next step's start. */
  g_assert_true (test_press_chart_key (view, GDK_KEY_Right, 0));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[1]);
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[0] + STEP_MS);
  g_assert_cmpint (isc_chart_view_get_hover_step (cv), ==, 1);

  /* End, then Left: the last step and the one before. */
  g_assert_true (test_press_chart_key (view, GDK_KEY_End, 0));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[N_STEPS - 1]);
  g_assert_cmpint (isc_chart_view_get_hover_step (cv), ==, N_STEPS - 1);
  g_assert_true (test_press_chart_key (view, GDK_KEY_Left, 0));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[N_STEPS - 2]);
  /* Right at the end stays there. */
  g_assert_true (test_press_chart_key (view, GDK_KEY_Right, 0));
  g_assert_true (test_press_chart_key (view, GDK_KEY_Right, 0));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[N_STEPS - 1]);

  /* Only the cursor moved: the series were not drawn again. */
  test_run_frames (3);
  g_assert_cmpuint (isc_chart_view_get_n_renders (cv), ==, n_renders);

  /* A resized window keeps the keyboard's cursor and its values box. */
  g_assert_true (test_press_chart_key (view, GDK_KEY_Left, 0));
  gtk_window_set_default_size (GTK_WINDOW (window), 560, 330);
  g_assert_true (test_wait_for (resized_to, GINT_TO_POINTER (560)));
  test_run_frames (50);
  g_assert_cmpint (gtk_widget_get_width (view), ==, 560);
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[N_STEPS - 2]);
  g_assert_cmpint (isc_chart_view_get_hover_step (cv), ==, N_STEPS - 2);
  g_assert_true (test_press_chart_key (view, GDK_KEY_Left, 0));
  g_assert_cmpint (isc_chart_view_get_hover_step (cv), ==, N_STEPS - 3);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_keys_description (void)
{
  g_autoptr(IscChartModel) model = new_model ();
  GtkWidget *window;
  GtkWidget *view = open_view (model, &window);
  IscChartView *cv = ISC_CHART_VIEW (view);
  IscChart *chart = isc_chart_view_get_chart (cv);
  int width = gtk_widget_get_width (view), height = gtk_widget_get_height (view);
  const IscValueFormat *format = isc_chart_get_legend_format (chart, width, height);
  g_autofree char *before = NULL;
  g_autofree char *at_home = NULL;
  g_autofree char *at_next = NULL;
  g_autofree char *hover = NULL;
  g_autofree char *message = NULL;
  g_auto(GStrv) hover_lines = NULL;

  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_ROLE_IMG);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       isc_chart_model_get_title (model));

  /* Each series' last, minimum and maximum, as the legend writes them. */
  before = isc_chart_view_dup_description (cv);
  g_assert_nonnull (before);
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  message = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, before);
  g_assert_null (message);
  for (guint k = 0; k < 2; k++)
    {
      const IscChartSeries *cs = isc_chart_model_get_series (model, k);
      g_autofree char *last = isc_chart_model_format_value (model, format, cs->last);
      g_autofree char *min = isc_chart_model_format_value (model, format, cs->min);
      g_autofree char *max = isc_chart_model_format_value (model, format, cs->max);
      g_autofree char *expected = g_strdup_printf ("%s: last %s, minimum %s, maximum %s.", cs->label, last, min, max);

      g_assert_nonnull (strstr (before, expected));
    }

  /* The cursor moves: the time and the values there are said. */
  g_assert_true (test_press_chart_key (view, GDK_KEY_Home, 0));
  at_home = isc_chart_view_dup_description (cv);
  g_test_message ("%s", at_home);
  g_assert_cmpstr (at_home, !=, before);
  hover = isc_chart_dup_hover_text (chart, width, height, 0);
  hover_lines = g_strsplit (hover, "\n", -1);
  g_assert_nonnull (strstr (at_home, hover_lines[0]));
  g_assert_nonnull (strstr (at_home, before));
  message = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, at_home);
  g_assert_null (message);

  g_assert_true (test_press_chart_key (view, GDK_KEY_Right, 0));
  at_next = isc_chart_view_dup_description (cv);
  g_assert_cmpstr (at_next, !=, at_home);
  message = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, at_next);
  g_assert_null (message);

  /* A hidden series is not described. */
  isc_chart_view_toggle_series (cv, 1, FALSE);
  {
    g_autofree char *hidden = isc_chart_view_dup_description (cv);
    const IscChartSeries *cs = isc_chart_model_get_series (model, 1);
    g_autofree char *gone = g_strdup_printf ("%s: last", cs->label);

    g_assert_null (strstr (hidden, gone));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  guint  n_selected;
  gint64 selected_start;
  gint64 selected_end;
  guint  n_zooms;
  gint64 zoom_start;
  gint64 zoom_end;
} Zooms;

static void
range_selected_cb (IscChartView *view,
                   gint64        start_ms,
                   gint64        end_ms,
                   Zooms        *zooms)
{
  zooms->n_selected++;
  zooms->selected_start = start_ms;
  zooms->selected_end = end_ms;
}

static void
zoom_to_cb (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  Zooms *zooms = user_data;

  zooms->n_zooms++;
  g_variant_get (parameter, "(xx)", &zooms->zoom_start, &zooms->zoom_end);
}

static void
test_keys_select (void)
{
  g_autoptr(IscChartModel) model = new_model ();
  g_autoptr(GSimpleActionGroup) win = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) zoom_to = g_simple_action_new ("zoom-to", G_VARIANT_TYPE ("(xx)"));
  GtkWidget *window;
  GtkWidget *view = open_view (model, &window);
  IscChartView *cv = ISC_CHART_VIEW (view);
  IscChart *chart = isc_chart_view_get_chart (cv);
  int width = gtk_widget_get_width (view), height = gtk_widget_get_height (view);
  const gint64 *starts = isc_chart_model_get_step_starts (model);
  Zooms zooms = { 0 };
  gint64 shown_start, shown_end;
  double x0, x1;

  g_signal_connect (zoom_to, "activate", G_CALLBACK (zoom_to_cb), &zooms);
  g_action_map_add_action (G_ACTION_MAP (win), G_ACTION (zoom_to));
  gtk_widget_insert_action_group (window, "win", G_ACTION_GROUP (win));
  g_signal_connect (view, "range-selected", G_CALLBACK (range_selected_cb), &zooms);

  /* Escape with nothing selected is not the chart's. */
  g_assert_false (test_press_chart_key (view, GDK_KEY_Escape, 0));

  /* Shift+Right selects; Escape drops the span, and Enter then zooms to
   * nothing. */
  g_assert_true (test_press_chart_key (view, GDK_KEY_Home, 0));
  g_assert_true (test_press_chart_key (view, GDK_KEY_Right, GDK_SHIFT_MASK));
  g_assert_true (isc_chart_view_get_band (cv, NULL, NULL));
  g_assert_true (test_press_chart_key (view, GDK_KEY_Escape, 0));
  g_assert_false (isc_chart_view_get_band (cv, NULL, NULL));
  g_assert_false (test_press_chart_key (view, GDK_KEY_Escape, 0));

  /* Home, Shift+Right twice: a band from the first step's line to the
   * third's, drawn as a drag's. */
  g_assert_true (test_press_chart_key (view, GDK_KEY_Home, 0));
  g_assert_true (test_press_chart_key (view, GDK_KEY_Right, GDK_SHIFT_MASK));
  g_assert_true (test_press_chart_key (view, GDK_KEY_Right, GDK_SHIFT_MASK));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[2]);
  g_assert_true (isc_chart_view_get_band (cv, &x0, &x1));
  g_assert_cmpfloat_with_epsilon (x0, isc_chart_get_x_for_time (chart, width, height, starts[0]), 1e-6);
  g_assert_cmpfloat_with_epsilon (x1, isc_chart_get_x_for_time (chart, width, height, starts[2]), 1e-6);
  g_assert_cmpfloat (x1 - x0, >, 1);
  g_assert_cmpuint (zooms.n_selected, ==, 0);

  /* Enter zooms there as a drag's release does. */
  g_assert_true (test_press_chart_key (view, GDK_KEY_Return, 0));
  g_assert_cmpuint (zooms.n_selected, ==, 1);
  g_assert_cmpint (zooms.selected_start, ==, starts[0]);
  g_assert_cmpint (zooms.selected_end, ==, starts[2]);
  g_assert_cmpuint (zooms.n_zooms, ==, 1);
  g_assert_cmpint (zooms.zoom_start, ==, starts[0]);
  g_assert_cmpint (zooms.zoom_end, ==, starts[2]);
  g_assert_true (isc_chart_view_get_shown_range (cv, &shown_start, &shown_end));
  g_assert_cmpint (shown_start, ==, starts[0]);
  g_assert_cmpint (shown_end, ==, starts[2]);
  g_assert_false (isc_chart_view_get_band (cv, NULL, NULL));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
css_error_cb (GtkCssProvider *provider,
              GtkCssSection  *section,
              GError         *error,
              gpointer        data)
{
  g_error ("style.css: %s", error->message);
}

static void
test_keys_focus_ring (void)
{
  g_autoptr(IscChartModel) model = new_model ();
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();
  GtkWidget *window;
  GtkWidget *view;
  g_autofree guint8 *unfocused = NULL;
  g_autofree guint8 *focused = NULL;
  int stride, height, changed = 0;

  g_signal_connect (provider, "parsing-error", G_CALLBACK (css_error_cb), NULL);
  gtk_css_provider_load_from_resource (provider, "/io/github/inferscope/Inferscope/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  view = open_view (model, &window);
  height = gtk_widget_get_height (view);
  unfocused = test_render_widget (view, TRUE, &stride);

  /* Focus from the keyboard: a ring around the chart. */
  gtk_widget_grab_focus (view);
  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  test_run_frames (50);
  g_assert_true (gtk_widget_is_focus (view));
  g_assert_true (gtk_widget_get_state_flags (view) & GTK_STATE_FLAG_FOCUS_VISIBLE);
  focused = test_render_widget (view, TRUE, &stride);
  /* The left edge, top to bottom, differs. */
  for (int y = 0; y < height; y++)
    if (memcmp (unfocused + y * stride, focused + y * stride, 4) != 0)
      changed++;
  g_assert_cmpint (changed, >=, height / 2);

  gtk_window_destroy (GTK_WINDOW (window));
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider));
}

/* A press on a chart gives it the keyboard, whatever had it before. */
static void
test_keys_click_focus (void)
{
  g_autoptr(IscChartModel) model = new_model ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *first = isc_chart_view_new (model);
  GtkWidget *second = isc_chart_view_new (model);
  GtkWidget *window = gtk_window_new ();
  g_autoptr(GListModel) controllers = NULL;
  GtkEventController *drag = NULL;

  gtk_box_append (GTK_BOX (box), first);
  gtk_box_append (GTK_BOX (box), second);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (rendered, second));
  gtk_widget_grab_focus (first);
  g_assert_true (gtk_widget_is_focus (first));

  controllers = gtk_widget_observe_controllers (second);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && drag == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_DRAG (controller))
        drag = controller;
    }
  g_assert_nonnull (drag);
  /* On the legend, away from the plot: still a press on the chart. */
  g_signal_emit_by_name (drag, "drag-begin", 20.0, (double) gtk_widget_get_height (second) - 10);
  g_assert_true (gtk_widget_is_focus (second));
  g_assert_true (test_press_chart_key (second, GDK_KEY_Home, 0));
  g_assert_cmpint (isc_chart_view_get_hover_step (ISC_CHART_VIEW (second)), ==, 0);
  g_assert_cmpint (isc_chart_view_get_hover_step (ISC_CHART_VIEW (first)), <, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/chart-keys/cursor", test_keys_cursor);
  g_test_add_func ("/isc/chart-keys/description", test_keys_description);
  g_test_add_func ("/isc/chart-keys/select", test_keys_select);
  g_test_add_func ("/isc/chart-keys/focus-ring", test_keys_focus_ring);
  g_test_add_func ("/isc/chart-keys/click-focus", test_keys_click_focus);

  return g_test_run ();
}
