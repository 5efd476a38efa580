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
#include "isc-client.h"
#include "isc-credentials.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-window.h"

struct _IscApplication
{
  AdwApplication  parent_instance;

  /* Owned references */
  GSettings      *settings;  /* NULL when the schema is not installed */
  IscDemoServer  *demo_server;
  IscClient      *demo_client;
  GCancellable   *cancellable;

  gboolean        demo;      /* --demo */
};

G_DEFINE_FINAL_TYPE (IscApplication, isc_application, ADW_TYPE_APPLICATION)

/* AdwAboutDialog replaces AdwAboutWindow from libadwaita 1.5 on (the
 * Flatpak runtime); Debian 12 has 1.2. Both take the same properties. */
#if ADW_CHECK_VERSION (1, 5, 0)
# define ISC_ABOUT_TYPE ADW_TYPE_ABOUT_DIALOG
#else
# define ISC_ABOUT_TYPE ADW_TYPE_ABOUT_WINDOW
#endif

/* The simulated Baseten API, served in-process on a loopback port, and the
 * first demo deployment's default metrics for the last hour, fetched
 * through the client like any other deployment's. */
static void
isc_application_open_demo (IscApplication *self,
                           IscWindow      *window)
{
  g_autoptr(IscTimeRange) range = NULL;
  g_autoptr(IscQuery) query = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *subtitle = NULL;

  if (self->demo_server == NULL)
    {
      g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);

      if (!isc_demo_server_run_in_thread (server, 0, &error))
        {
          g_warning ("Could not start the demo: %s", error->message);
          return;
        }
      self->demo_client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
      if (self->demo_client == NULL)
        {
          g_warning ("Could not start the demo: %s", error->message);
          return;
        }
      self->demo_server = g_steal_pointer (&server);
    }

  range = isc_time_range_new_relative (60 * 60 * 1000);
  query = isc_query_new (ISC_DEMO_FIRST_MODEL, ISC_TARGET_DEPLOYMENT, ISC_DEMO_FIRST_DEPLOYMENT,
                         ISC_MODE_SERIES, range, NULL);
  gtk_window_set_title (GTK_WINDOW (window), _("Inferscope Demo"));
  /* Translators: the demo's model and deployment ids, then the time range. */
  subtitle = g_strdup_printf (_("%s · %s · Last hour"), ISC_DEMO_FIRST_MODEL, ISC_DEMO_FIRST_DEPLOYMENT);
  isc_window_set_subtitle (window, subtitle);
  isc_window_show_charts (window, self->demo_client, query);
}

typedef struct
{
  IscApplication *app;
  IscWindow      *window;
} KeyLookup;

static void
key_lookup_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  KeyLookup *lookup = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *key = isc_credentials_lookup_finish (result, NULL, &error);

  /* With no key kept, the demo is the useful thing to show. */
  if (key == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    isc_application_open_demo (lookup->app, lookup->window);

  g_object_unref (lookup->app);
  g_object_unref (lookup->window);
  g_free (lookup);
}

static void
isc_application_activate (GApplication *app)
{
  IscApplication *self = ISC_APPLICATION (app);
  GtkWindow *window;

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    {
      window = GTK_WINDOW (isc_window_new (self));

      if (self->demo)
        isc_application_open_demo (self, ISC_WINDOW (window));
      else
        {
          KeyLookup *lookup = g_new0 (KeyLookup, 1);

          lookup->app = g_object_ref (self);
          lookup->window = g_object_ref (ISC_WINDOW (window));
          isc_credentials_lookup_async (ISC_CLIENT_DEFAULT_BASE_URL, self->cancellable, key_lookup_cb, lookup);
        }
    }

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

  about = g_object_new (ISC_ABOUT_TYPE,
                        "application-name", _("Inferscope"),
                        "application-icon", APPLICATION_ID,
                        "developer-name", _("The Inferscope authors"),
                        "version", PACKAGE_VERSION,
                        "comments", _("Watch the metrics of your Baseten deployments"),
                        "website", "https://github.com/inferscope/inferscope",
                        "issue-url", "https://github.com/inferscope/inferscope/issues",
                        "developers", developers,
                        "copyright", "© 2026 The Inferscope authors",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        /* Translators: your names, one a line */
                        "translator-credits", _("translator-credits"),
                        NULL);

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_present (ADW_DIALOG (about), GTK_WIDGET (window));
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
  g_autolist(GtkWindow) windows = NULL;

  /* Closing a window removes it from the application's list. */
  for (GList *l = gtk_application_get_windows (app); l != NULL; l = l->next)
    windows = g_list_prepend (windows, g_object_ref (l->data));
  for (const GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
}

static const GActionEntry app_actions[] = {
  { "about", isc_application_about_action },
  { "quit", isc_application_quit_action },
};

static void
isc_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };

  G_APPLICATION_CLASS (isc_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app),
                                   app_actions,
                                   G_N_ELEMENTS (app_actions),
                                   app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
}

static void
isc_application_finalize (GObject *object)
{
  IscApplication *self = ISC_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->demo_client);
  g_clear_object (&self->demo_server);

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
