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

#include <signal.h>
#include <adwaita.h>
#include <glib/gstdio.h>

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
#if ADW_CHECK_VERSION (1, 8, 0)
  /* An AdwShortcutsDialog (libadwaita 1.8), made when it opens. */
  g_assert_null (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)));
  g_assert_true (g_resources_get_info ("/io/github/inferscope/Inferscope/isc-shortcuts-dialog.ui",
                                       G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL));
#else
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  {
    g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

        g_assert_false (GTK_IS_SHORTCUTS_WINDOW (toplevel));
      }
  }
#endif
  g_assert_true (g_resources_get_info ("/io/github/inferscope/Inferscope/isc-shortcuts-window.ui",
                                       G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The open shortcuts dialog of @window: an AdwShortcutsDialog inside it
 * where libadwaita has one (1.8), else a GtkShortcutsWindow over it. */
static GtkWidget *
open_shortcuts_window (IscWindow *window)
{
#if ADW_CHECK_VERSION (1, 8, 0)
  AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));

  return ADW_IS_SHORTCUTS_DIALOG (dialog) ? GTK_WIDGET (dialog) : NULL;
#else
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_SHORTCUTS_WINDOW (toplevel))
        return GTK_WIDGET (toplevel);
    }

  return NULL;
#endif
}

static gboolean
shortcuts_window_gone (gpointer data)
{
  return open_shortcuts_window (data) == NULL;
}

/* The keys shown: every shortcut label's accelerator (GtkShortcutLabel
 * or AdwShortcutLabel, both with "accelerator"). */
static void
collect_accelerators (GtkWidget *widget,
                      GPtrArray *accelerators)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "accelerator");

  if (pspec != NULL && pspec->value_type == G_TYPE_STRING &&
      g_str_has_suffix (G_OBJECT_TYPE_NAME (widget), "ShortcutLabel"))
    {
      g_autofree char *accelerator = NULL;

      g_object_get (widget, "accelerator", &accelerator, NULL);
      if (accelerator != NULL)
        g_ptr_array_add (accelerators, g_steal_pointer (&accelerator));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_accelerators (child, accelerators);
}

/* Ctrl+? opens the shortcuts window over the window, each action's line
 * with its keys; closed, it is gone, and opens again. */
static void
test_app_shortcuts_window (void)
{
  IscWindow *window = test_app_open_window ();
  g_autoptr(GPtrArray) accelerators = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *overlay;
  GLogLevelFlags fatal;

  /* GTK 4.8 lays out the shortcuts window's labels once with a negative
   * width, and warns (structured, past g_test_log_set_fatal_handler): a
   * warning of GTK's own, whatever the window holds. Criticals stay
   * fatal. */
  fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  for (guint round = 0; round < 2; round++)
    {
      g_assert_null (open_shortcuts_window (window));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
      overlay = open_shortcuts_window (window);
      g_assert_nonnull (overlay);
      test_wait_until_mapped (overlay);
#if ADW_CHECK_VERSION (1, 8, 0)
      g_assert_true (gtk_widget_get_root (overlay) == GTK_ROOT (window));
#else
      g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (overlay)) == GTK_WINDOW (window));
#endif

      g_ptr_array_set_size (accelerators, 0);
      collect_accelerators (overlay, accelerators);
      g_assert_cmpuint (accelerators->len, >=, 25);
      g_assert_true (g_ptr_array_find_with_equal_func (accelerators, "<Control>q", g_str_equal, NULL));
      g_assert_true (g_ptr_array_find_with_equal_func (accelerators, "<Control>r", g_str_equal, NULL) ||
                     g_ptr_array_find_with_equal_func (accelerators, "<Control>r F5", g_str_equal, NULL));

#if ADW_CHECK_VERSION (1, 8, 0)
      adw_dialog_close (ADW_DIALOG (overlay));
#else
      gtk_window_close (GTK_WINDOW (overlay));
#endif
      g_assert_true (test_wait_for (shortcuts_window_gone, window));
      g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (window), "show-help-overlay"));
    }
  g_log_set_always_fatal (fatal);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The About window (libadwaita 1.2) or dialog (1.5 and later, shown in
 * the main window) names the app and its version, over the main window,
 * with the app's icon rather than a "missing image". */
static void
test_app_about (void)
{
  IscWindow *window = test_app_open_window ();
  GtkIconTheme *icons = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (window)));

  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (test_app), "about"));
  g_action_group_activate_action (G_ACTION_GROUP (test_app), "about", NULL);
  test_iterate ();

#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* AdwAboutDialog: newer than the pinned 1.2 */
  {
    AdwDialog *about = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));

    g_assert_nonnull (about);
    g_assert_true (ADW_IS_ABOUT_DIALOG (about));
    g_assert_true (gtk_widget_get_root (GTK_WIDGET (about)) == GTK_ROOT (window));
    g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (about)));
    g_assert_cmpstr (adw_about_dialog_get_application_icon (ADW_ABOUT_DIALOG (about)), ==, APPLICATION_ID);
    g_assert_true (gtk_icon_theme_has_icon (icons, APPLICATION_ID));
    g_assert_cmpstr (adw_about_dialog_get_application_name (ADW_ABOUT_DIALOG (about)), ==, "Inferscope");
    g_assert_cmpstr (adw_about_dialog_get_version (ADW_ABOUT_DIALOG (about)), ==, PACKAGE_VERSION);
    g_assert_true (adw_about_dialog_get_license_type (ADW_ABOUT_DIALOG (about)) == GTK_LICENSE_GPL_3_0);
    g_assert_true (adw_dialog_close (about));
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  {
    GtkWindow *about = NULL;
    g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

        if (ADW_IS_ABOUT_WINDOW (w))
          about = w;
      }

    g_assert_nonnull (about);
    g_assert_cmpstr (adw_about_window_get_application_icon (ADW_ABOUT_WINDOW (about)), ==, APPLICATION_ID);
    g_assert_true (gtk_icon_theme_has_icon (icons, APPLICATION_ID));
    g_assert_cmpstr (adw_about_window_get_application_name (ADW_ABOUT_WINDOW (about)), ==, "Inferscope");
    g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
    g_assert_true (adw_about_window_get_license_type (ADW_ABOUT_WINDOW (about)) == GTK_LICENSE_GPL_3_0);
    g_assert_true (gtk_window_get_transient_for (about) == GTK_WINDOW (window));
    gtk_window_destroy (about);
  }
#endif

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

  /* Sixty kept (the two, then the first again and again): a launch
   * opens a bounded number of them, the first ones, each showing its
   * own. */
  {
    g_auto(GVariantBuilder) sixty = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("aa{sv}"));
    g_autoptr(GVariant) first_kept = g_variant_get_child_value (views, 0);
    g_autoptr(GVariant) second_kept = g_variant_get_child_value (views, 1);

    g_variant_builder_add_value (&sixty, first_kept);
    g_variant_builder_add_value (&sixty, second_kept);
    for (guint i = 2; i < 60; i++)
      g_variant_builder_add_value (&sixty, first_kept);
    g_settings_set_value (settings, "open-views", g_variant_builder_end (&sixty));
  }
  g_application_activate (G_APPLICATION (test_app));
  g_assert_cmpuint (test_app_count_windows (), ==, ISC_APPLICATION_MAX_RESTORED_WINDOWS);
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

static gboolean
process_ended (gpointer data)
{
  return g_subprocess_get_identifier (data) == NULL;
}

typedef struct
{
  const char  *tmp;
  GSubprocess *process;
} DemoWait;

static gboolean
demo_up_or_ended (gpointer data)
{
  DemoWait *wait = data;

  return test_count_files (wait->tmp) > 0 || process_ended (wait->process);
}

static void
wait_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        remove_tree (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}

/* Runs `inferscope --demo` with its own temporary folder and, with
 * @keyfile, settings read from that keyfile (GLib's keyfile backend, as
 * a hand or another version could have written them); once it is up,
 * sends it @signum, and returns its exit status, or -1 when it did not
 * exit (a crash, or a CRITICAL: criticals are fatal here). Its temporary
 * cache must be gone. */
static int
run_demo_app (const char *keyfile,
              int         signum)
{
  g_autofree char *tmp = test_temp_dir ();
  g_autofree char *config = test_temp_dir ();
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  const char *binary = g_getenv ("INFERSCOPE_BINARY");
  DemoWait wait;
  gboolean up = FALSE;
  int status = -1;

  g_assert_nonnull (binary);
  g_subprocess_launcher_setenv (launcher, "TMPDIR", tmp, TRUE);
  g_subprocess_launcher_setenv (launcher, "G_DEBUG", "fatal-criticals", TRUE);
  /* Its own application, not this program's or another test's. */
  g_subprocess_launcher_setenv (launcher, "DBUS_SESSION_BUS_ADDRESS",
                                "unix:path=/nonexistent/inferscope-test-bus", TRUE);
  if (keyfile != NULL)
    {
      g_autofree char *dir = g_build_filename (config, "glib-2.0", "settings", NULL);
      g_autofree char *path = g_build_filename (dir, "keyfile", NULL);

      g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
      g_assert_true (g_file_set_contents (path, keyfile, -1, NULL));
      g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "keyfile", TRUE);
      g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", config, TRUE);
    }
  process = g_subprocess_launcher_spawn (launcher, &error, binary, "--demo", NULL);
  g_assert_no_error (error);
  g_subprocess_wait_async (process, NULL, wait_cb, NULL);

  /* Up, with its cache made, and its window drawn; or ended already. A
   * whole application starting (under a sanitizer, on a busy machine)
   * may take longer than one wait: up to a minute. */
  wait = (DemoWait) { tmp, process };
  for (guint i = 0; i < 6 && !up; i++)
    up = test_wait_for (demo_up_or_ended, &wait);
  if (!up)
    g_subprocess_force_exit (process);
  g_assert_true (up);
  if (!process_ended (process))
    {
      test_run_frames (500);
      g_subprocess_send_signal (process, signum);
      for (guint i = 0; i < 6 && !process_ended (process); i++)
        test_wait_for (process_ended, process);
      if (!process_ended (process))
        g_subprocess_force_exit (process);
      g_assert_true (test_wait_for (process_ended, process));
    }

  if (g_subprocess_get_if_exited (process))
    {
      status = g_subprocess_get_exit_status (process);
      /* What is left behind, said before the failure. */
      {
        g_autoptr(GDir) d = g_dir_open (tmp, 0, NULL);
        const char *left;

        while (d != NULL && (left = g_dir_read_name (d)) != NULL)
          g_printerr ("left in TMPDIR: %s\n", left);
      }
      g_assert_cmpuint (test_count_files (tmp), ==, 0);
    }
  test_remove_dir (tmp);
  remove_tree (config);
  return status;
}

/* `inferscope --demo` ended by SIGTERM (or SIGINT) ends as Quit does:
 * its temporary cache goes with it. */
static void
test_app_demo_signal (gconstpointer data)
{
  g_assert_cmpint (run_demo_app (NULL, GPOINTER_TO_INT (data)), ==, 0);
}

/* Values stored out of range (a negative size, as by hand or a broken
 * version) never reach GTK: the window opens at its default size, with
 * no CRITICAL. */
static void
test_app_settings_out_of_range (void)
{
  g_assert_cmpint (run_demo_app ("[io/github/inferscope/Inferscope]\n"
                                 "window-width=-500\n"
                                 "window-height=-20\n"
                                 "sidebar-width=-7\n"
                                 /* and the others, out of range or of
                                  * the wrong shape, read as defaults or
                                  * refused where read */
                                 "refresh-interval=999999\n"
                                 "overview-requests=0\n"
                                 "view-state={'target': <'demo-chat'>, 'mode': <42>, 'range': <-1>}\n"
                                 "open-views=[{'mode': <'x'>}, {}]\n"
                                 "model-layouts={'demo-chat': ['', 'baseten_\\u0007bell']}\n"
                                 "alert-rules=[{'kind': <'error-share'>, 'minutes': <uint32 0>}]\n",
                                 SIGTERM), ==, 0);
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
  g_test_add_data_func ("/isc/application/demo-sigterm", GINT_TO_POINTER (SIGTERM), test_app_demo_signal);
  g_test_add_data_func ("/isc/application/demo-sigint", GINT_TO_POINTER (SIGINT), test_app_demo_signal);
  g_test_add_func ("/isc/application/settings-out-of-range", test_app_settings_out_of_range);
  /* Last: a launch starts the session again, without a key. */
  g_test_add_func ("/isc/application/reopens-windows", test_app_reopens_windows);

  status = g_test_run ();

  test_app_stop ();

  return status;
}
