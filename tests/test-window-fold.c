/* test-window-fold.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's adaptive layout, whichever libadwaita builds it (an
 * AdwLeaflet before 1.4, an AdwNavigationSplitView collapsed by
 * breakpoints since): wide, the sidebar beside the content with the
 * range history in the header; at phone width (360 px), one page at a
 * time, the Deployments button going back to the sidebar and a choice
 * there coming back to the content. The session shows the demo.
 */

#include "config.h"

#include "isc-application.h"
#include "isc-chart-view.h"
#include "isc-demo-ids.h"
#include "isc-sidebar.h"
#include "isc-test-app.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "isc-window.h"

static GtkWidget *
shown_button (IscWindow  *window,
              const char *tooltip)
{
  return test_find_shown (GTK_WIDGET (window), GTK_TYPE_BUTTON, "tooltip-text", tooltip);
}

static gboolean
sidebar_shown (gpointer data)
{
  return test_find_shown (data, ISC_TYPE_SIDEBAR, NULL, NULL) != NULL;
}

static gboolean
content_shown (gpointer data)
{
  return test_find_shown (data, ISC_TYPE_CHART_VIEW, NULL, NULL) != NULL &&
         test_find_shown (data, ISC_TYPE_SIDEBAR, NULL, NULL) == NULL;
}

/* A window of @width × 720 on the production of the demo's @model_id,
 * Charts. */
static IscWindow *
open_window_on (int         width,
                const char *model_id)
{
  GSettings *settings = isc_application_get_settings (test_app);
  g_autoptr(IscTarget) target = isc_target_new (model_id, ISC_TARGET_ENVIRONMENT,
                                                ISC_DEMO_ENVIRONMENT_PRODUCTION, NULL, NULL);
  g_autoptr(IscView) restored = isc_view_new ();

  /* The view as a person left it, and the size: the window opens so. */
  isc_view_set_target (restored, target);
  isc_view_set_mode (restored, ISC_MODE_SERIES);
  g_settings_set_value (settings, "view-state", isc_view_save_state (restored));
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", 720);

  return test_app_open_window ();
}

/* The same on the demo's chat production. */
static IscWindow *
open_window (int width)
{
  return open_window_on (width, ISC_DEMO_MODEL_CHAT);
}

static void
close_window (IscWindow *window)
{
  GSettings *settings = isc_application_get_settings (test_app);

  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "view-state");
}

/* Wide: the sidebar and the charts side by side, the history buttons and
 * Refresh in the header, no way "back" to a sidebar already shown. */
static void
test_wide (void)
{
  IscWindow *window = open_window (1400);

  test_wait_for_view (window);
  test_run_frames (200);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >, 1200);
  g_assert_true (sidebar_shown (window));
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHART_VIEW, NULL, NULL));
  g_assert_nonnull (shown_button (window, "Back"));
  g_assert_nonnull (shown_button (window, "Forward"));
  g_assert_nonnull (shown_button (window, "Refresh"));
  g_assert_null (shown_button (window, "Deployments"));
  /* The modes are offered (beside the title, or in a bar at the bottom
   * when the title is long). */
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "Summary"));

  close_window (window);
}

/* Between the two: the sidebar still beside the charts, the header
 * fitting the window (a header wider than the window is a warning, fatal
 * here), the window no wider than asked. */
static void
test_between (void)
{
  static const int widths[] = { 900, 1200 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      IscWindow *window = open_window (widths[i]);

      test_wait_for_view (window);
      test_run_frames (200);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, widths[i]);
      g_assert_true (sidebar_shown (window));
      g_assert_nonnull (test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHART_VIEW, NULL, NULL));
      g_assert_nonnull (shown_button (window, "Refresh"));
      g_assert_null (shown_button (window, "Deployments"));
      close_window (window);
    }
}

/* The shown labels of @widget's AdwViewSwitchers (in the header or in
 * the bar at the bottom) that are cut short with an ellipsis, as a
 * string ("" for none). */
static void
collect_cut_labels (GtkWidget *widget,
                    gboolean   in_switcher,
                    GString   *cut)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  in_switcher = in_switcher || ADW_IS_VIEW_SWITCHER (widget);
  if (in_switcher && GTK_IS_LABEL (widget) &&
      pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    g_string_append_printf (cut, "“%s” ", gtk_label_get_label (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_cut_labels (child, in_switcher, cut);
}

/* Wherever the modes are offered, at any width from a phone's 360 px to
 * 1800, each reads whole: the switcher leaves the header for the bar at
 * the bottom before its labels would be cut ("Summ…"), with the demo's
 * shortest and longest model names in the title beside it. */
static void
test_switcher_whole (void)
{
  /* A phone's width, each side of the switcher's two breakpoints (the
   * 280 px sidebar + 1020 and + 1240) and the width that cut "Summary"
   * before: 14 windows, about 80 s under --asan. */
  static const int widths[] = { 360, 1200, 1280, 1300, 1500, 1540, 1800 };
  static const char * const models[] = { ISC_DEMO_MODEL_CHAT, ISC_DEMO_MODEL_BATCH };

  for (guint m = 0; m < G_N_ELEMENTS (models); m++)
    for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
      {
        IscWindow *window = open_window_on (widths[i], models[m]);
        g_autoptr(GString) cut = g_string_new ("");

        test_wait_for_view (window);
        test_run_frames (200);
        g_assert_nonnull (test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "Summary"));
        collect_cut_labels (GTK_WIDGET (window), FALSE, cut);
        if (cut->len > 0)
          g_error ("at %d px on %s, the modes cut short: %s", widths[i], models[m], cut->str);
        close_window (window);
      }
}

/* At 360 px: the charts alone, Deployments goes back to the sidebar, a
 * choice there comes back to the charts of the target chosen. */
static void
test_narrow (void)
{
  g_autoptr(IscTarget) embed = isc_target_new (ISC_DEMO_MODEL_EMBED, ISC_TARGET_ENVIRONMENT,
                                               ISC_DEMO_ENVIRONMENT_PRODUCTION, NULL, NULL);
  IscWindow *window = open_window (360);
  GtkWidget *deployments;
  GtkWidget *sidebar;

  test_wait_for_view (window);
  test_run_frames (200);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  g_assert_true (test_wait_for (content_shown, window));
  /* No room for the history and Refresh (Alt+Left/Right, the menu). */
  g_assert_null (shown_button (window, "Back"));
  g_assert_null (shown_button (window, "Refresh"));
  /* The modes in a bar at the bottom. */
  g_assert_true (adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (
    test_find_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR, NULL, NULL))));

  deployments = shown_button (window, "Deployments");
  g_assert_nonnull (deployments);
  g_assert_true (gtk_widget_activate (deployments));
  g_assert_true (test_wait_for (sidebar_shown, window));
  test_run_frames (500);  /* the slide ends */
  g_assert_null (test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHART_VIEW, NULL, NULL));
  g_assert_null (shown_button (window, "Deployments"));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);

  /* A deployment chosen in the sidebar: its charts. */
  sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  g_signal_emit_by_name (sidebar, "target-activated", embed);
  g_assert_true (test_wait_for (content_shown, window));
  test_wait_for_view (window);
  test_run_frames (500);
  g_assert_true (isc_target_equal (isc_view_get_target (isc_window_get_view (window)), embed));
  g_assert_true (content_shown (window));
  g_assert_nonnull (shown_button (window, "Deployments"));

  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  test_app_start ();
  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  g_assert_true (test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)));
  g_assert_true (isc_session_use_demo (test_app_session (), &error));
  g_assert_no_error (error);
  g_assert_true (test_wait_for (test_session_is_ready, NULL));

  g_test_add_func ("/isc/window-fold/wide", test_wide);
  g_test_add_func ("/isc/window-fold/between", test_between);
  g_test_add_func ("/isc/window-fold/switcher-whole", test_switcher_whole);
  g_test_add_func ("/isc/window-fold/narrow", test_narrow);

  status = g_test_run ();

  test_app_stop ();

  return status;
}
