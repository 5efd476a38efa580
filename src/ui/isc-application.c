/* isc-application.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-application"

#include "config.h"

#include <glib/gi18n.h>
#ifdef G_OS_UNIX
#include <glib-unix.h>
#endif

#include "isc-accessible-library.h"
#include "isc-alert-watcher.h"
#include "isc-application.h"
#include "isc-preferences-window.h"
#include "isc-view.h"
#include "isc-window.h"

/* What app.open-chart shows around an alert's time. */
#define OPEN_CHART_BEFORE_MS ((gint64) 45 * 60 * 1000)
#define OPEN_CHART_AFTER_MS  ((gint64) 15 * 60 * 1000)
/* How far an alert's time may lie ahead of this clock (one corrected
 * since the alert): beyond that, or before the epoch, it is no alert's
 * time, and the arithmetic around it would overflow. */
#define OPEN_CHART_CLOCK_SLACK_MS ((gint64) 24 * 60 * 60 * 1000)

struct _IscApplication
{
  AdwApplication  parent_instance;

  /* Owned references */
  GSettings      *settings;  /* NULL when the schema is not installed */
  IscSession     *session;
  IscAlertWatcher *alerts;
  GCancellable   *cancellable;

  gboolean        demo;      /* --demo */
  gboolean        started;
  gboolean        quitting;
  gboolean        background_hold;  /* run-in-background holds the application */
  guint           sigterm_id;
  guint           sigint_id;
};

G_DEFINE_FINAL_TYPE (IscApplication, isc_application, ADW_TYPE_APPLICATION)

/* AdwAboutDialog replaces AdwAboutWindow from libadwaita 1.5 on (the
 * Flatpak runtime); Debian 12 has 1.2. Both take the same properties. */
#if ADW_CHECK_VERSION (1, 5, 0)
# define ISC_ABOUT_TYPE ADW_TYPE_ABOUT_DIALOG
#else
# define ISC_ABOUT_TYPE ADW_TYPE_ABOUT_WINDOW
#endif

static void
session_started_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(IscApplication) self = user_data;
  g_autoptr(GError) error = NULL;

  /* What went wrong is the session's "message", shown by the windows. */
  if (!isc_session_start_finish (ISC_SESSION (object), result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_debug ("Could not start the session: %s", error->message);
}

/* Once, at the first activation: --demo serves the simulated API;
 * otherwise the session looks for a key and shows the welcome page
 * without one (never the demo in silence). */
static void
isc_application_start_session (IscApplication *self)
{
  g_autoptr(GError) error = NULL;

  if (self->started)
    return;
  self->started = TRUE;

  if (self->demo)
    {
      if (!isc_session_use_demo (self->session, &error))
        g_warning ("Could not start the demo: %s", error->message);
      return;
    }

  isc_session_start_async (self->session, self->cancellable,
                           session_started_cb, g_object_ref (self));
}

/* The windows of the last run, each with what it showed, up to
 * ISC_APPLICATION_MAX_RESTORED_WINDOWS; the first one is the window
 * returned. */
static GtkWindow *
isc_application_open_views (IscApplication *self)
{
  g_autoptr(GVariant) views = NULL;
  GtkWindow *first = NULL;
  gsize n;

  if (!isc_settings_has_key (self->settings, "open-views"))
    return GTK_WINDOW (isc_window_new (self));

  views = g_settings_get_value (self->settings, "open-views");
  n = MIN (g_variant_n_children (views), ISC_APPLICATION_MAX_RESTORED_WINDOWS);
  if (g_variant_n_children (views) > n)
    g_debug ("Opening %" G_GSIZE_FORMAT " of the %" G_GSIZE_FORMAT " windows kept",
             n, g_variant_n_children (views));
  for (gsize i = 0; i < MAX (n, 1); i++)
    {
      IscWindow *window = isc_window_new (self);

      if (i < n)
        {
          g_autoptr(GVariant) state = g_variant_get_child_value (views, i);

          isc_window_restore_view (window, state);
        }
      if (first == NULL)
        first = GTK_WINDOW (window);
      else
        gtk_window_present (GTK_WINDOW (window));
    }

  return first;
}

static void
isc_application_activate (GApplication *app)
{
  IscApplication *self = ISC_APPLICATION (app);
  GtkWindow *window;

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = self->started ? GTK_WINDOW (isc_window_new (self)) : isc_application_open_views (self);

  isc_application_start_session (self);
  gtk_window_present (window);
}

static int
isc_application_handle_local_options (GApplication *app,
                                      GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("Inferscope %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (g_variant_dict_contains (options, "demo"))
    ISC_APPLICATION (app)->demo = TRUE;

  return -1;
}

static void
isc_application_about_action (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  static const char *developers[] = { "The Inferscope authors", NULL };
  IscApplication *self = user_data;
  GtkWindow *window;
  GObject *about;

  window = gtk_application_get_active_window (GTK_APPLICATION (self));

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* AdwAboutDialog: newer than the pinned 1.2 */
  about = g_object_new (ISC_ABOUT_TYPE,
                        /* A window over the main one: GTK 4.8 reads it as a
                         * "frame" unless told, in time (see
                         * isc_accessible_init_dialog()). */
                        "accessible-role", GTK_ACCESSIBLE_ROLE_DIALOG,
                        "application-name", _("Inferscope"),
                        "application-icon", APPLICATION_ID,
                        "developer-name", _("The Inferscope authors"),
                        "version", PACKAGE_VERSION,
                        "comments", _("Watch the metrics of your Baseten deployments"),
                        "website", "https://github.com/inferscope/inferscope",
                        "issue-url", "https://github.com/inferscope/inferscope/issues",
                        "developers", developers,
                        /* Translators: the About window's copyright line */
                        "copyright", _("© 2026 The Inferscope authors"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        /* Translators: your names, one a line */
                        "translator-credits", _("translator-credits"),
                        NULL);
  G_GNUC_END_IGNORE_DEPRECATIONS

#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* newer than the pinned 1.2 */
  adw_dialog_present (ADW_DIALOG (about), GTK_WIDGET (window));
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  /* AdwAboutDialog names its controls; GTK 4.8 reads AdwAboutWindow's
   * Back buttons as "GtkImage", its version as "GtkButton". */
  isc_accessible_name_about_window (GTK_WINDOW (about));
  gtk_window_set_transient_for (GTK_WINDOW (about), window);
  gtk_window_present (GTK_WINDOW (about));
#endif
}

/* Closing each window, rather than g_application_quit (), lets a window
 * save its size and refuse to close later when it has something to say;
 * the application ends when its last window is gone.
 */
static void
isc_application_quit_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  GtkApplication *app = user_data;
  IscApplication *self = user_data;
  g_autolist(GtkWindow) windows = NULL;

  /* Every window is shown again at the next launch. */
  isc_application_save_open_views (self);
  self->quitting = TRUE;

  /* Closing a window removes it from the application's list. */
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    windows = g_list_prepend (windows, g_object_ref (l->data));
  for (const GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);

  self->quitting = FALSE;

  /* Quit ends the alerts too, once every window is gone; closing the
   * last window does not, with "run-in-background" on. */
  if (self->background_hold && gtk_application_get_windows (app) == NULL)
    g_application_quit (G_APPLICATION (self));
}

static void
isc_application_new_window_action (GSimpleAction *action,
                                   GVariant      *parameter,
                                   gpointer       user_data)
{
  IscApplication *self = user_data;

  gtk_window_present (GTK_WINDOW (isc_window_new (self)));
}

static void
isc_application_preferences_action (GSimpleAction *action,
                                    GVariant      *parameter,
                                    gpointer       user_data)
{
  IscApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  IscPreferencesWindow *preferences = isc_preferences_window_new (window, self->session);

  /* An AdwPreferencesDialog over the window where libadwaita has it
   * (1.5), a modal AdwPreferencesWindow before. */
  isc_preferences_window_present (preferences);
}

/* app.open-chart ((a{sv}x): a target as isc_target_to_variant() makes it,
 * and a time in epoch ms), an alert's notification's action: a new window
 * on the target's charts around that time. */
static void
isc_application_open_chart_action (GSimpleAction *action,
                                   GVariant      *parameter,
                                   gpointer       user_data)
{
  IscApplication *self = user_data;
  g_autoptr(GVariant) target_variant = NULL;
  g_autoptr(IscTarget) target = NULL;
  g_autoptr(IscView) view = NULL;
  g_autoptr(IscTimeRange) range = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GError) error = NULL;
  gint64 time_ms, end_ms, now_ms = g_get_real_time () / 1000;
  IscWindow *window;

  g_variant_get (parameter, "(@a{sv}x)", &target_variant, &time_ms);
  target = isc_target_new_from_variant (target_variant);
  if (target == NULL)
    {
      g_debug ("app.open-chart: not a target");
      return;
    }
  /* The parameter comes over D-Bus, from anyone. */
  if (time_ms < 0 || time_ms > now_ms + OPEN_CHART_CLOCK_SLACK_MS)
    {
      g_debug ("app.open-chart: %" G_GINT64_FORMAT " is not an alert's time", time_ms);
      return;
    }

  /* The time is the alert's latest step: a little after it, when there
   * is an after, and the time before it that led there. */
  end_ms = time_ms + OPEN_CHART_AFTER_MS;
  if (end_ms > now_ms)
    end_ms = MAX (now_ms, time_ms + 60 * 1000);
  range = isc_time_range_new_absolute (time_ms - OPEN_CHART_BEFORE_MS, end_ms);

  view = isc_view_new ();
  isc_view_set_target (view, target);
  isc_view_set_mode (view, ISC_MODE_SERIES);
  if (!isc_view_set_range (view, range, &error))
    g_debug ("app.open-chart: %s", error->message);
  state = g_variant_ref_sink (isc_view_save_state (view));

  window = isc_window_new (self);
  isc_window_restore_view (window, state);
  /* Launched by the notification, with no window before: the session
   * starts as an activation would start it. One in use stays. */
  if (isc_session_get_state (self->session) != ISC_SESSION_READY)
    isc_application_start_session (self);
  gtk_window_present (GTK_WINDOW (window));
}

static void
isc_application_send_alert (IscApplication     *self,
                            const IscAlertRule *rule,
                            double              value,
                            gint64              time_ms,
                            gboolean            fired)
{
  g_autoptr(GNotification) notification = NULL;
  g_autofree char *id = isc_alert_rule_dup_id (rule);
  g_autofree char *title = NULL;
  g_autofree char *description = isc_alert_rule_dup_description (rule);
  g_autofree char *body = NULL;
  g_autoptr(IscTarget) shown_target = NULL;
  IscAlertRule shown;

  if (!g_application_get_is_registered (G_APPLICATION (self)))
    return;

  /* The title names the target as the window does: isolated, nothing
   * invisible, one line. */
  shown_target = isc_target_copy_for_display (rule->target);
  shown = *rule;
  shown.target = shown_target;
  title = fired ? isc_alert_rule_dup_fired_title (&shown, value) : isc_alert_rule_dup_resolved_title (&shown, value);
  notification = g_notification_new (title);
  if (fired)
    body = g_strdup (description);
  else
    /* Translators: a resolved alert's text, %s is the rule, "5xx share
     * above 1 % for 5 minutes" */
    body = g_strdup_printf (_("Resolved: %s"), description);
  g_notification_set_body (notification, body);
  g_notification_set_priority (notification, fired ? G_NOTIFICATION_PRIORITY_HIGH : G_NOTIFICATION_PRIORITY_NORMAL);
  g_notification_set_default_action_and_target_value (notification, "app.open-chart",
                                                      g_variant_new ("(@a{sv}x)",
                                                                     isc_target_to_variant (rule->target),
                                                                     time_ms));
  /* The same id: the resolved notice replaces the alert. */
  g_application_send_notification (G_APPLICATION (self), id, notification);
}

static void
alert_fired_cb (IscApplication     *self,
                const IscAlertRule *rule,
                double              value,
                gint64              time_ms)
{
  isc_application_send_alert (self, rule, value, time_ms, TRUE);
}

static void
alert_resolved_cb (IscApplication     *self,
                   const IscAlertRule *rule,
                   double              value,
                   gint64              time_ms)
{
  isc_application_send_alert (self, rule, value, time_ms, FALSE);
}

static void
account_changed_cb (IscApplication *self)
{
  IscAccount *account = isc_session_get_account (self->session);

  isc_alert_watcher_set_client (self->alerts, account != NULL ? isc_account_get_client (account) : NULL);
}

static void
background_requested_cb (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_debug ("The Background portal did not answer: %s", error->message);
}

/* Inside Flatpak, running with no window needs the Background portal's
 * leave; its answer comes as a Request's Response, which changes nothing
 * here: the person turned the switch on. */
static void
isc_application_request_background (IscApplication *self)
{
  GDBusConnection *bus = g_application_get_dbus_connection (G_APPLICATION (self));
  /* Where Flatpak says the app runs inside it; tests point it elsewhere. */
  const char *flatpak_info = g_getenv ("INFERSCOPE_FLATPAK_INFO");
  GVariantDict options;

  if (flatpak_info == NULL)
    flatpak_info = "/.flatpak-info";
  if (bus == NULL || !g_file_test (flatpak_info, G_FILE_TEST_EXISTS))
    return;

  g_variant_dict_init (&options, NULL);
  g_variant_dict_insert (&options, "reason", "s", _("Check alert rules with every window closed"));
  g_variant_dict_insert (&options, "autostart", "b", FALSE);
  g_dbus_connection_call (bus,
                          "org.freedesktop.portal.Desktop",
                          "/org/freedesktop/portal/desktop",
                          "org.freedesktop.portal.Background",
                          "RequestBackground",
                          g_variant_new ("(s@a{sv})", "", g_variant_dict_end (&options)),
                          G_VARIANT_TYPE ("(o)"),
                          G_DBUS_CALL_FLAGS_NONE,
                          -1,
                          self->cancellable,
                          background_requested_cb,
                          NULL);
}

/* "run-in-background" on: a hold keeps the application when its last
 * window closes, so the alerts go on; off: the hold goes. */
static void
isc_application_update_background (IscApplication *self)
{
  gboolean on = isc_settings_has_key (self->settings, "run-in-background") &&
                g_settings_get_boolean (self->settings, "run-in-background");

  if (on == self->background_hold)
    return;
  self->background_hold = on;

  if (on)
    {
      g_application_hold (G_APPLICATION (self));
      isc_application_request_background (self);
    }
  else
    g_application_release (G_APPLICATION (self));
}

static const GActionEntry app_actions[] = {
  { "about", isc_application_about_action },
  { "quit", isc_application_quit_action },
  { "new-window", isc_application_new_window_action },
  { "preferences", isc_application_preferences_action },
  { "open-chart", isc_application_open_chart_action, "(a{sv}x)" },
};

/* Every action with its keys; the shortcuts window reads them from here. */
static const struct
{
  const char *action;
  const char *accels[3];
} app_accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.new-window", { "<Control>n", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "win.refresh", { "<Control>r", "F5", NULL } },
  { "win.back", { "<Alt>Left", NULL } },
  { "win.forward", { "<Alt>Right", NULL } },
  { "win.mode::now", { "<Control>1", NULL } },
  { "win.mode::summary", { "<Control>2", NULL } },
  { "win.mode::charts", { "<Control>3", NULL } },
  { "win.mode::logs", { "<Control>4", NULL } },
  { "win.filter", { "<Control>f", NULL } },
  { "win.toggle-sidebar", { "F9", NULL } },
  { "win.zoom-in", { "<Control>plus", "<Control>equal", NULL } },
  { "win.zoom-out", { "<Control>minus", NULL } },
  { "win.export", { "<Control>e", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
};

#ifdef G_OS_UNIX
/* SIGTERM (a session ending, `kill`) or SIGINT (Ctrl+C in a terminal):
 * end as Quit does, so that each window saves its view and what the
 * application keeps goes with it (the demo's temporary cache among it),
 * rather than dying where it stands. */
static gboolean
terminate_cb (gpointer user_data)
{
  IscApplication *self = user_data;

  g_debug ("Ending on a signal");
  g_action_group_activate_action (G_ACTION_GROUP (self), "quit", NULL);
  g_application_quit (G_APPLICATION (self));
  return G_SOURCE_CONTINUE;
}
#endif

static void
isc_application_startup (GApplication *app)
{
  IscApplication *self = ISC_APPLICATION (app);

  G_APPLICATION_CLASS (isc_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app),
                                   app_actions,
                                   G_N_ELEMENTS (app_actions),
                                   app);
  for (guint i = 0; i < G_N_ELEMENTS (app_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app),
                                           app_accels[i].action,
                                           app_accels[i].accels);

  self->session = isc_session_new (self->settings, NULL);
#ifdef G_OS_UNIX
  self->sigterm_id = g_unix_signal_add (SIGTERM, terminate_cb, self);
  self->sigint_id = g_unix_signal_add (SIGINT, terminate_cb, self);
#endif

  /* The alerts run app-wide, with or without a window, on whatever
   * account the session uses. */
  self->alerts = isc_alert_watcher_new (self->settings);
  isc_alert_watcher_set_target_list (self->alerts, isc_session_get_target_list (self->session));
  if (isc_settings_has_key (self->settings, "refresh-interval"))
    g_settings_bind (self->settings, "refresh-interval", self->alerts, "interval", G_SETTINGS_BIND_GET);
  else
    isc_alert_watcher_set_interval (self->alerts, ISC_VIEW_DEFAULT_REFRESH_SECONDS);
  g_signal_connect_object (isc_alert_watcher_get_evaluator (self->alerts), "fired",
                           G_CALLBACK (alert_fired_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (isc_alert_watcher_get_evaluator (self->alerts), "resolved",
                           G_CALLBACK (alert_resolved_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::account",
                           G_CALLBACK (account_changed_cb), self, G_CONNECT_SWAPPED);
  account_changed_cb (self);

  if (isc_settings_has_key (self->settings, "run-in-background"))
    {
      g_signal_connect_object (self->settings, "changed::run-in-background",
                               G_CALLBACK (isc_application_update_background), self, G_CONNECT_SWAPPED);
      isc_application_update_background (self);
    }
}

static void
isc_application_shutdown (GApplication *app)
{
  IscApplication *self = ISC_APPLICATION (app);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->sigterm_id, g_source_remove);
  g_clear_handle_id (&self->sigint_id, g_source_remove);
  if (self->alerts != NULL)
    {
      g_settings_unbind (self->alerts, "interval");
      isc_alert_watcher_set_client (self->alerts, NULL);
    }
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_func (self->settings, isc_application_update_background, self);
  /* The demo's cache folder goes even if a window or a request still
   * holds the account when the process ends. */
  if (self->session != NULL && isc_session_get_account (self->session) != NULL)
    isc_account_close (isc_session_get_account (self->session));

  G_APPLICATION_CLASS (isc_application_parent_class)->shutdown (app);
}

static void
isc_application_finalize (GObject *object)
{
  IscApplication *self = ISC_APPLICATION (object);

  g_clear_object (&self->alerts);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (isc_application_parent_class)->finalize (object);
}

static void
isc_application_class_init (IscApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = isc_application_finalize;

  app_class->activate = isc_application_activate;
  app_class->startup = isc_application_startup;
  app_class->shutdown = isc_application_shutdown;
  app_class->handle_local_options = isc_application_handle_local_options;
}

static void
isc_application_init (IscApplication *self)
{
  static const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and quit"), NULL },
    { "demo", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the simulated demo deployments; no key needed"), NULL },
    { NULL }
  };
  GSettingsSchemaSource *source;
  g_autoptr(GSettingsSchema) schema = NULL;

  self->cancellable = g_cancellable_new ();
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Watch the metrics of your Baseten deployments.\n"
                                              "Run “inferscope export --help” to export without a window,\n"
                                              "and “inferscope logs --help” to read a deployment’s logs."));

  /* An uninstalled build run without GSETTINGS_SCHEMA_DIR (build-aux/run
   * sets it) still opens; it just does not remember its window. */
  source = g_settings_schema_source_get_default ();
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, ISC_SETTINGS_SCHEMA_ID, TRUE);
  if (schema != NULL)
    self->settings = g_settings_new_full (schema, NULL, NULL);
  else
    g_debug ("Schema %s is not installed: settings are not kept", ISC_SETTINGS_SCHEMA_ID);
}

IscApplication *
isc_application_new (void)
{
  return g_object_new (ISC_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/inferscope/Inferscope",
                       NULL);
}

/**
 * isc_application_get_settings:
 * @self: an #IscApplication
 *
 * Returns: (transfer none) (nullable): the application's settings, or
 *   %NULL when the schema is not installed (an uninstalled build run by
 *   hand); callers then keep their defaults.
 */
GSettings *
isc_application_get_settings (IscApplication *self)
{
  g_return_val_if_fail (ISC_IS_APPLICATION (self), NULL);

  return self->settings;
}

/**
 * isc_application_get_session:
 * @self: an #IscApplication
 *
 * Returns: (transfer none): the session every window shares, made at
 *   startup.
 */
IscSession *
isc_application_get_session (IscApplication *self)
{
  g_return_val_if_fail (ISC_IS_APPLICATION (self), NULL);

  return self->session;
}

/**
 * isc_application_get_alert_watcher:
 * @self: an #IscApplication
 *
 * Returns: (transfer none) (nullable): the background alerts, made at
 *   startup
 */
IscAlertWatcher *
isc_application_get_alert_watcher (IscApplication *self)
{
  g_return_val_if_fail (ISC_IS_APPLICATION (self), NULL);

  return self->alerts;
}

gboolean
isc_application_get_runs_in_background (IscApplication *self)
{
  g_return_val_if_fail (ISC_IS_APPLICATION (self), FALSE);

  return self->background_hold;
}

gboolean
isc_application_get_quitting (IscApplication *self)
{
  g_return_val_if_fail (ISC_IS_APPLICATION (self), FALSE);

  return self->quitting;
}

void
isc_application_save_open_views (IscApplication *self)
{
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("aa{sv}"));
  g_autolist(GtkWindow) windows = NULL;

  g_return_if_fail (ISC_IS_APPLICATION (self));

  if (!isc_settings_has_key (self->settings, "open-views"))
    return;

  /* Oldest first, so the windows come back in the order they were made
   * (the list puts the last focused first). */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    windows = g_list_prepend (windows, g_object_ref (l->data));
  for (const GList *l = windows; l != NULL; l = l->next)
    {
      g_autoptr(GVariant) state = ISC_IS_WINDOW (l->data) ? isc_window_dup_view_state (l->data) : NULL;

      if (state != NULL)
        g_variant_builder_add_value (&builder, state);
    }

  g_settings_set_value (self->settings, "open-views", g_variant_builder_end (&builder));
}

/**
 * isc_settings_has_key:
 * @settings: (nullable): settings, or %NULL when the schema is missing
 * @key: a key name
 *
 * Asking a GSettings for a key its compiled schema lacks aborts; an
 * uninstalled build run with an older compiled schema must still open.
 *
 * Returns: whether @settings exist and their schema has @key
 */
gboolean
isc_settings_has_key (GSettings  *settings,
                      const char *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (settings == NULL)
    return FALSE;
  g_object_get (settings, "settings-schema", &schema, NULL);
  return schema != NULL && g_settings_schema_has_key (schema, key);
}
