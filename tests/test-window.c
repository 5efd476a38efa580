/* test-window.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <time.h>

#include "isc-application.h"
#include "isc-chart-view.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-test-util.h"
#include "isc-window.h"

static IscApplication *app;

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Runs the main loop until @widget is on screen, for at most 5 s. */
static void
wait_until_mapped (GtkWidget *widget)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (5000, test_timeout_cb, &timed_out);

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

  /* What is shown reads under the title, and a new title replaces the old. */
  isc_window_set_subtitle (window, "demo-chat · demo-chat-d8 · Last hour");
  gtk_window_set_title (GTK_WINDOW (window), "Inferscope Demo");
  iterate ();
  g_assert_nonnull (find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "demo-chat · demo-chat-d8 · Last hour"));
  g_assert_nonnull (find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "Inferscope Demo"));
  g_assert_null (find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "Inferscope"));

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

/* The primary menu's item for @action, as its label, or NULL. */
static char *
menu_label_for (GMenuModel *menu,
                const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *item_action = NULL;
      g_autofree char *label = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      if (section != NULL)
        {
          char *found = menu_label_for (section, action);

          if (found != NULL)
            return found;
          continue;
        }

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action) &&
          g_strcmp0 (item_action, action) == 0 &&
          g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        return g_steal_pointer (&label);
    }

  return NULL;
}

static GtkWidget *
find_menu_button (GtkWidget *root)
{
  if (GTK_IS_MENU_BUTTON (root))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
collect_chart_views (GtkWidget *root,
                     GPtrArray *views)
{
  if (ISC_IS_CHART_VIEW (root))
    g_ptr_array_add (views, root);

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_chart_views (child, views);
}

static GPtrArray *
chart_views (IscWindow *window)
{
  GPtrArray *views = g_ptr_array_new ();

  collect_chart_views (GTK_WIDGET (window), views);
  return views;
}

static gboolean
action_state (IscWindow  *window,
              const char *name)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), name);

  g_assert_nonnull (state);
  g_assert_true (g_variant_is_of_type (state, G_VARIANT_TYPE_BOOLEAN));
  return g_variant_get_boolean (state);
}

static void
test_window_switches_in_menu (void)
{
  GSettings *settings = isc_application_get_settings (app);
  IscWindow *window = open_window ();
  GtkWidget *button = find_menu_button (GTK_WIDGET (window));
  GMenuModel *menu;
  g_autofree char *utc_label = NULL;
  g_autofree char *totals_label = NULL;

  /* Two check items in the primary menu … */
  g_assert_nonnull (button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  g_assert_nonnull (menu);
  utc_label = menu_label_for (menu, "win.use-utc");
  totals_label = menu_label_for (menu, "win.counters-as-totals");
  g_assert_cmpstr (utc_label, ==, "Show Times in _UTC");
  g_assert_cmpstr (totals_label, ==, "Show _Counters as Totals per Step");

  /* … for boolean actions (a check item has no target), off at first … */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "use-utc"));
  g_assert_null (g_action_group_get_action_parameter_type (G_ACTION_GROUP (window), "use-utc"));
  g_assert_false (action_state (window, "use-utc"));
  g_assert_false (action_state (window, "counters-as-totals"));

  /* … that write the settings, so they persist … */
  g_action_group_activate_action (G_ACTION_GROUP (window), "counters-as-totals", NULL);
  g_assert_true (g_settings_get_boolean (settings, "counters-as-totals"));
  g_assert_true (action_state (window, "counters-as-totals"));
  g_assert_false (g_settings_get_boolean (settings, "use-utc"));
  gtk_window_destroy (GTK_WINDOW (window));

  /* … and the next window starts as the last one ended. */
  window = open_window ();
  g_assert_true (action_state (window, "counters-as-totals"));
  g_assert_false (action_state (window, "use-utc"));
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "counters-as-totals");
}

static gboolean
has_three_charts (gpointer data)
{
  g_autoptr(GPtrArray) views = chart_views (data);
  guint drawn = 0;

  for (guint i = 0; i < views->len; i++)
    if (isc_chart_view_get_n_renders (g_ptr_array_index (views, i)) > 0)
      drawn++;
  return views->len == 3 && drawn == 3;
}

typedef struct
{
  GPtrArray *views;
  guint      renders[3];
} Renders;

static void
renders_save (Renders *r)
{
  for (guint i = 0; i < r->views->len; i++)
    r->renders[i] = isc_chart_view_get_n_renders (g_ptr_array_index (r->views, i));
}

/* Every chart view drew its picture again. */
static gboolean
all_redrawn (gpointer data)
{
  Renders *r = data;

  for (guint i = 0; i < r->views->len; i++)
    if (isc_chart_view_get_n_renders (g_ptr_array_index (r->views, i)) <= r->renders[i])
      return FALSE;
  return TRUE;
}

static void
test_window_switches_redraw (void)
{
  GSettings *settings = isc_application_get_settings (app);
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (60 * 60 * 1000);
  g_autoptr(IscQuery) query = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) views = NULL;
  g_auto(GStrv) local_labels = NULL;
  g_auto(GStrv) utc_labels = NULL;
  IscMetricsResponse *response;
  IscChartView *counter = NULL;
  IscWindow *window;
  Renders renders = { 0 };

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);
  query = isc_query_new (ISC_DEMO_FIRST_MODEL, ISC_TARGET_DEPLOYMENT, ISC_DEMO_FIRST_DEPLOYMENT,
                         ISC_MODE_SERIES, range, NULL);

  window = open_window ();
  isc_window_show_charts (window, client, query);
  g_assert_true (test_wait_for (has_three_charts, window));
  views = chart_views (window);
  renders.views = views;
  for (guint i = 0; i < views->len; i++)
    {
      IscChartView *view = g_ptr_array_index (views, i);

      g_assert_false (isc_chart_view_get_use_utc (view));
      if (isc_chart_model_get_kind (isc_chart_view_get_model (view)) == ISC_METRIC_KIND_COUNTER)
        counter = view;
    }
  g_assert_nonnull (counter);
  g_assert_cmpint (isc_chart_model_get_counter_display (isc_chart_view_get_model (counter)), ==,
                   ISC_COUNTER_DISPLAY_RATE);
  g_assert_cmpstr (isc_chart_model_get_unit_text (isc_chart_view_get_model (counter)), ==, "per second");
  response = isc_chart_model_get_response (isc_chart_view_get_model (counter));

  /* Counters as totals, from the settings (as another window would set
   * them): the request counts read per step … */
  renders_save (&renders);
  g_settings_set_boolean (settings, "counters-as-totals", TRUE);
  g_assert_cmpint (isc_chart_model_get_counter_display (isc_chart_view_get_model (counter)), ==,
                   ISC_COUNTER_DISPLAY_TOTALS);
  g_assert_cmpstr (isc_chart_model_get_unit_text (isc_chart_view_get_model (counter)), ==, "total per step");
  /* … drawn again from the same response, not fetched anew. */
  g_assert_true (isc_chart_model_get_response (isc_chart_view_get_model (counter)) == response);
  g_assert_true (test_wait_for (all_redrawn, &renders));

  /* UTC, from the menu's action: every chart's time axis moves by the
   * 5:30 between India, where this test runs, and UTC. */
  local_labels = isc_chart_dup_time_labels (isc_chart_view_get_chart (counter),
                                            gtk_widget_get_width (GTK_WIDGET (counter)),
                                            gtk_widget_get_height (GTK_WIDGET (counter)));
  renders_save (&renders);
  g_action_group_activate_action (G_ACTION_GROUP (window), "use-utc", NULL);
  g_assert_true (g_settings_get_boolean (settings, "use-utc"));
  for (guint i = 0; i < views->len; i++)
    g_assert_true (isc_chart_view_get_use_utc (g_ptr_array_index (views, i)));
  utc_labels = isc_chart_dup_time_labels (isc_chart_view_get_chart (counter),
                                          gtk_widget_get_width (GTK_WIDGET (counter)),
                                          gtk_widget_get_height (GTK_WIDGET (counter)));
  g_assert_false (g_strv_equal ((const char * const *)local_labels, (const char * const *)utc_labels));
  g_assert_true (isc_chart_model_get_response (isc_chart_view_get_model (counter)) == response);
  g_assert_true (test_wait_for (all_redrawn, &renders));

  g_settings_reset (settings, "use-utc");
  g_settings_reset (settings, "counters-as-totals");
  g_assert_false (isc_chart_view_get_use_utc (counter));
  g_assert_cmpint (isc_chart_model_get_counter_display (isc_chart_view_get_model (counter)), ==,
                   ISC_COUNTER_DISPLAY_RATE);

  /* Close the client's connections before the server's, and let both
   * finish closing. */
  gtk_window_destroy (GTK_WINDOW (window));
  g_clear_pointer (&views, g_ptr_array_unref);
  {
    gpointer weak = client;
    gboolean done = FALSE;

    g_object_add_weak_pointer (weak, &weak);
    g_clear_object (&client);
    g_timeout_add (500, test_timeout_cb, &done);
    while (!done)
      g_main_context_iteration (NULL, TRUE);
    g_assert_null (weak);
  }
  g_clear_object (&server);
  iterate ();
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

  /* A zone away from UTC, so local time and UTC read differently. */
  g_setenv ("TZ", "Asia/Kolkata", TRUE);
  tzset ();

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
  g_test_add_func ("/isc/window/switches/menu", test_window_switches_in_menu);
  g_test_add_func ("/isc/window/switches/redraw", test_window_switches_redraw);
  g_test_add_func ("/isc/application/shortcuts", test_app_shortcuts);
  g_test_add_func ("/isc/application/about", test_app_about);
  g_test_add_func ("/isc/application/quit", test_app_quit);

  status = g_test_run ();

  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);

  return status;
}
