/* test-window.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "isc-application.h"
#include "isc-window.h"

static IscApplication *app;

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
timeout_cb (gpointer data)
{
  gboolean *timed_out = data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @widget is on screen, for at most 5 s. */
static void
wait_until_mapped (GtkWidget *widget)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (5000, timeout_cb, &timed_out);

  while (!gtk_widget_get_mapped (widget) && !timed_out)
    g_main_context_iteration (NULL, TRUE);

  if (!timed_out)
    g_source_remove (id);
  g_assert_true (gtk_widget_get_mapped (widget));
}

static guint
count_windows (void)
{
  iterate ();
  return g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
}

static IscWindow *
open_window (void)
{
  IscWindow *window = isc_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  wait_until_mapped (GTK_WIDGET (window));

  return window;
}

/* The first mapped widget of @type under @root whose @property (a string)
 * is @value, as a person would find it by looking. */
static GtkWidget *
find_shown (GtkWidget  *root,
            GType       type,
            const char *property,
            const char *value)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    {
      g_autofree char *text = NULL;

      g_object_get (root, property, &text, NULL);
      if (g_strcmp0 (text, value) == 0)
        return root;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_shown (child, type, property, value);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
test_window_first_sight (void)
{
  IscWindow *window = open_window ();
  GtkWidget *page;

  /* The title in the header bar, and the page that says what to do. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Inferscope");
  g_assert_nonnull (find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "Inferscope"));

  page = find_shown (GTK_WIDGET (window), ADW_TYPE_STATUS_PAGE, "title", "No Deployment Chosen");
  g_assert_nonnull (page);
  g_assert_cmpstr (adw_status_page_get_description (ADW_STATUS_PAGE (page)), ==,
                   "Choose a Baseten deployment to watch its metrics");
  /* Its icon is the app's own, found in the resources even uninstalled. */
  g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gtk_widget_get_display (page)),
                                          adw_status_page_get_icon_name (ADW_STATUS_PAGE (page))));

  /* A development build wears the striped header bar. */
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "devel") == DEVELOPMENT_BUILD);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_close (void)
{
  IscWindow *window = open_window ();
  GListModel *controllers = NULL;
  gboolean bound = FALSE;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_cmpuint (count_windows (), ==, 1);

  /* Ctrl+W is bound to window.close ... */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !bound; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          g_autofree char *keys = gtk_shortcut_trigger_to_string (trigger);

          if (g_strcmp0 (keys, "<Control>w") == 0 &&
              GTK_IS_NAMED_ACTION (action) &&
              g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)), "window.close") == 0)
            bound = TRUE;
        }
    }
  g_object_unref (controllers);
  g_assert_true (bound);

  /* ... and window.close closes it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.close", NULL));
  g_assert_cmpuint (count_windows (), ==, 0);
  g_assert_null (window);
}

static void
test_window_remembers_size (void)
{
  GSettings *settings = isc_application_get_settings (app);
  IscWindow *window;
  int width = 0;
  int height = 0;

  g_assert_nonnull (settings);

  window = open_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 640);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_cmpuint (count_windows (), ==, 0);

  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 640);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  /* The next window opens at the size the last one had. */
  window = open_window ();
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 900);
  g_assert_cmpint (height, ==, 640);
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

static void
test_window_opens_maximized (void)
{
  GSettings *settings = isc_application_get_settings (app);
  IscWindow *window;

  g_settings_set_boolean (settings, "window-maximized", TRUE);
  window = isc_window_new (app);
  g_settings_reset (settings, "window-maximized");

  /* Xvfb has no window manager to grant the request; the window must
   * still have asked for it. */
  g_assert_true (gtk_window_is_maximized (GTK_WINDOW (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_app_shortcuts (void)
{
  IscWindow *window = open_window ();
  g_auto(GStrv) quit = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.quit");
  g_auto(GStrv) help = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay");

  g_assert_true (g_strv_contains ((const char * const *) quit, "<Control>q"));
  g_assert_true (g_strv_contains ((const char * const *) help, "<Control>question"));

  /* The shortcuts window comes from our resources: the action exists only
   * when GTK found gtk/help-overlay.ui. */
  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (window), "show-help-overlay"));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_app_about (void)
{
  IscWindow *window = open_window ();
  GtkWindow *about = NULL;
  g_autoptr(GListModel) toplevels = NULL;

  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (app), "about"));
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  iterate ();

  toplevels = g_object_ref (gtk_window_get_toplevels ());
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_ABOUT_WINDOW (w))
        about = w;
    }

  /* The About window names the app and its version, over the main window,
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
  GSettings *settings = isc_application_get_settings (app);
  IscWindow *window = open_window ();

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  open_window ();
  g_assert_cmpuint (count_windows (), ==, 2);

  /* Ctrl+Q closes every window, and they remember their size. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_assert_cmpuint (count_windows (), ==, 0);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), >, 0);

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  /* With no session bus, GLib would autolaunch one on the X display
   * (slow, and a daemon left behind); a bus that is plainly absent makes
   * the application run on its own instead. */
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/inferscope-test-bus", TRUE);

  /* Non-unique: another Inferscope on the session bus must not turn this
   * one into a remote. */
  app = isc_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  /* Tests open and close windows; the app must outlive them. */
  g_application_hold (G_APPLICATION (app));

  g_test_add_func ("/isc/window/first-sight", test_window_first_sight);
  g_test_add_func ("/isc/window/close", test_window_close);
  g_test_add_func ("/isc/window/remembers-size", test_window_remembers_size);
  g_test_add_func ("/isc/window/opens-maximized", test_window_opens_maximized);
  g_test_add_func ("/isc/application/shortcuts", test_app_shortcuts);
  g_test_add_func ("/isc/application/about", test_app_about);
  g_test_add_func ("/isc/application/quit", test_app_quit);

  status = g_test_run ();

  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);

  return status;
}
