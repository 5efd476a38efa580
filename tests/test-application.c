/* test-application.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The application: its shortcuts and About, Quit closing every window and
 * keeping its size, and a launch opening again every window's view kept at
 * Quit. The session shows the demo.
 */

#include "config.h"

#include <adwaita.h>

#include "isc-application.h"
#include "isc-demo-ids.h"
#include "isc-test-app.h"
#include "isc-test-util.h"
#include "isc-window.h"

static void
test_app_shortcuts (void)
{
  IscWindow *window = test_app_open_window ();
  g_auto(GStrv) quit = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app), "app.quit");
  g_auto(GStrv) help = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app), "win.show-help-overlay");

  g_assert_true (g_strv_contains ((const char * const *) quit, "<Control>q"));
  g_assert_true (g_strv_contains ((const char * const *) help, "<Control>question"));

  /* The window opens the shortcuts window from our resources, and keeps
   * no hidden one meanwhile (one never shown crashed GTK 4.8 under a
   * screen reader: see test-a11y). */
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (window), "show-help-overlay"));
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  {
    g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

        g_assert_false (GTK_IS_SHORTCUTS_WINDOW (toplevel));
      }
  }
  g_assert_true (g_resources_get_info ("/io/github/inferscope/Inferscope/isc-shortcuts-window.ui",
                                       G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL));

  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkShortcutsWindow *
open_shortcuts_window (void)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_SHORTCUTS_WINDOW (toplevel))
        return GTK_SHORTCUTS_WINDOW (toplevel);
    }

  return NULL;
}

static gboolean
shortcuts_window_gone (gpointer data)
{
  return open_shortcuts_window () == NULL;
}

static void
collect_accelerators (GtkWidget *widget,
                      GPtrArray *accelerators)
{
  if (GTK_IS_SHORTCUT_LABEL (widget) && gtk_shortcut_label_get_accelerator (GTK_SHORTCUT_LABEL (widget)) != NULL)
    g_ptr_array_add (accelerators, (gpointer) gtk_shortcut_label_get_accelerator (GTK_SHORTCUT_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_accelerators (child, accelerators);
}

/* Ctrl+? opens the shortcuts window over the window, each action's line
 * with its keys; closed, it is gone, and opens again. */
static void
test_app_shortcuts_window (void)
{
  IscWindow *window = test_app_open_window ();
  g_autoptr(GPtrArray) accelerators = g_ptr_array_new ();
  GtkShortcutsWindow *overlay;
  GLogLevelFlags fatal;

  /* GTK 4.8 lays out the shortcuts window's labels once with a negative
   * width, and warns (structured, past g_test_log_set_fatal_handler): a
   * warning of GTK's own, whatever the window holds. Criticals stay
   * fatal. */
  fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  for (guint round = 0; round < 2; round++)
    {
      g_assert_null (open_shortcuts_window ());
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
      overlay = open_shortcuts_window ();
      g_assert_nonnull (overlay);
      test_wait_until_mapped (GTK_WIDGET (overlay));
      g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (overlay)) == GTK_WINDOW (window));

      g_ptr_array_set_size (accelerators, 0);
      collect_accelerators (GTK_WIDGET (overlay), accelerators);
      g_assert_true (g_ptr_array_find_with_equal_func (accelerators, "<Control>q", g_str_equal, NULL));
      g_assert_true (g_ptr_array_find_with_equal_func (accelerators, "<Control>r", g_str_equal, NULL) ||
                     g_ptr_array_find_with_equal_func (accelerators, "<Control>r F5", g_str_equal, NULL));

      gtk_window_close (GTK_WINDOW (overlay));
      g_assert_true (test_wait_for (shortcuts_window_gone, NULL));
      g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (window), "show-help-overlay"));
    }
  g_log_set_always_fatal (fatal);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_app_about (void)
{
  IscWindow *window = test_app_open_window ();
  GtkWindow *about = NULL;
  g_autoptr(GListModel) toplevels = NULL;

  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (test_app), "about"));
  g_action_group_activate_action (G_ACTION_GROUP (test_app), "about", NULL);
  test_iterate ();

  toplevels = g_object_ref (gtk_window_get_toplevels ());
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_ABOUT_WINDOW (w))
        about = w;
    }

  /* The About window names the test_app and its version, over the main window,
   * with the app's icon rather than a "missing image". */
  g_assert_nonnull (about);
  g_assert_cmpstr (adw_about_window_get_application_icon (ADW_ABOUT_WINDOW (about)), ==, APPLICATION_ID);
  g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (about))),
                                          APPLICATION_ID));
  g_assert_cmpstr (adw_about_window_get_application_name (ADW_ABOUT_WINDOW (about)), ==, "Inferscope");
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  g_assert_true (adw_about_window_get_license_type (ADW_ABOUT_WINDOW (about)) == GTK_LICENSE_GPL_3_0);
  g_assert_true (gtk_window_get_transient_for (about) == GTK_WINDOW (window));

  gtk_window_destroy (about);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_app_quit (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  IscWindow *window = test_app_open_window ();

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  test_app_open_window ();
  g_assert_cmpuint (test_app_count_windows (), ==, 2);

  /* Ctrl+Q closes every window, and they remember their size. */
  g_action_group_activate_action (G_ACTION_GROUP (test_app), "quit", NULL);
  g_assert_cmpuint (test_app_count_windows (), ==, 0);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), >, 0);

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* Quit keeps every window's view; the next launch opens them all again. */
static void
test_app_reopens_windows (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  g_autoptr(IscTarget) embed = isc_target_new (ISC_DEMO_MODEL_EMBED, ISC_TARGET_ENVIRONMENT,
                                               ISC_DEMO_ENVIRONMENT_PRODUCTION, NULL, NULL);
  g_autoptr(IscTarget) batch = isc_target_new (ISC_DEMO_MODEL_BATCH, ISC_TARGET_DEPLOYMENT,
                                               ISC_DEMO_DEPLOYMENT_BATCH_PRODUCTION, NULL, NULL);
  g_autoptr(GVariant) views = NULL;
  IscWindow *first = test_app_open_window ();
  IscWindow *second;
  gboolean seen_embed = FALSE, seen_batch = FALSE;

  test_wait_for_view (first);
  second = test_app_open_window ();
  test_wait_for_view (second);
  isc_view_set_target (isc_window_get_view (first), embed);
  isc_view_set_target (isc_window_get_view (second), batch);
  isc_view_set_mode (isc_window_get_view (second), ISC_MODE_CURRENT);

  g_action_group_activate_action (G_ACTION_GROUP (test_app), "quit", NULL);
  g_assert_cmpuint (test_app_count_windows (), ==, 0);
  views = g_settings_get_value (settings, "open-views");
  g_assert_cmpuint (g_variant_n_children (views), ==, 2);

  /* A launch: a window per view kept, each showing its own. */
  g_application_activate (G_APPLICATION (test_app));
  g_assert_cmpuint (test_app_count_windows (), ==, 2);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (test_app)); l != NULL; l = l->next)
    {
      IscView *view = isc_window_get_view (l->data);

      if (isc_target_equal (isc_view_get_target (view), embed))
        seen_embed = TRUE;
      if (isc_target_equal (isc_view_get_target (view), batch))
        {
          seen_batch = TRUE;
          g_assert_cmpint (isc_view_get_mode (view), ==, ISC_MODE_CURRENT);
        }
    }
  g_assert_true (seen_embed && seen_batch);

  g_action_group_activate_action (G_ACTION_GROUP (test_app), "quit", NULL);
  g_assert_cmpuint (test_app_count_windows (), ==, 0);
  g_settings_reset (settings, "open-views");
  g_settings_reset (settings, "view-state");
}

/* The session on the demo, as after Explore the Demo. */
static void
use_demo (void)
{
  g_autoptr(GError) error = NULL;

  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  g_assert_true (test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)));
  g_assert_true (isc_session_use_demo (test_app_session (), &error));
  g_assert_no_error (error);
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  test_app_start ();
  use_demo ();

  g_test_add_func ("/isc/application/shortcuts", test_app_shortcuts);
  g_test_add_func ("/isc/application/shortcuts-window", test_app_shortcuts_window);
  g_test_add_func ("/isc/application/about", test_app_about);
  g_test_add_func ("/isc/application/quit", test_app_quit);
  /* Last: a launch starts the session again, without a key. */
  g_test_add_func ("/isc/application/reopens-windows", test_app_reopens_windows);

  status = g_test_run ();

  test_app_stop ();

  return status;
}
