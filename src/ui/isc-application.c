/* isc-application.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-application"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-application.h"
#include "isc-preferences-window.h"
#include "isc-window.h"

struct _IscApplication
{
  AdwApplication  parent_instance;

  /* Owned references */
  GSettings      *settings;  /* NULL when the schema is not installed */
  IscSession     *session;
  GCancellable   *cancellable;

  gboolean        demo;      /* --demo */
  gboolean        started;
  gboolean        quitting;
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

/* The windows of the last run, each with what it showed; the first one
 * is the window returned. */
static GtkWindow *
isc_application_open_views (IscApplication *self)
{
  g_autoptr(GVariant) views = NULL;
  GtkWindow *first = NULL;
  gsize n;

  if (!isc_settings_has_key (self->settings, "open-views"))
    return GTK_WINDOW (isc_window_new (self));

  views = g_settings_get_value (self->settings, "open-views");
  n = g_variant_n_children (views);
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
  GtkWidget *preferences = GTK_WIDGET (isc_preferences_window_new (window, self->session));

  /* An AdwPreferencesWindow on every libadwaita (isc-preferences-window.c):
   * a window, never an AdwDialog, even where AdwDialog exists. */
  gtk_window_present (GTK_WINDOW (preferences));
}

static const GActionEntry app_actions[] = {
  { "about", isc_application_about_action },
  { "quit", isc_application_quit_action },
  { "new-window", isc_application_new_window_action },
  { "preferences", isc_application_preferences_action },
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
  { "win.filter", { "<Control>f", NULL } },
  { "win.toggle-sidebar", { "F9", NULL } },
  { "win.zoom-in", { "<Control>plus", "<Control>equal", NULL } },
  { "win.zoom-out", { "<Control>minus", NULL } },
  { "win.export", { "<Control>e", NULL } },
};

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
}

static void
isc_application_shutdown (GApplication *app)
{
  IscApplication *self = ISC_APPLICATION (app);

  g_cancellable_cancel (self->cancellable);

  G_APPLICATION_CLASS (isc_application_parent_class)->shutdown (app);
}

static void
isc_application_finalize (GObject *object)
{
  IscApplication *self = ISC_APPLICATION (object);

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
                                              "Run “inferscope export --help” to export without a window."));

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
