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
#include "isc-window.h"

struct _IscApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (IscApplication, isc_application, ADW_TYPE_APPLICATION)

static void
isc_application_activate (GApplication *app)
{
  GtkWindow *window;

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (isc_window_new (ISC_APPLICATION (app)));

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

  window = gtk_application_get_active_window (GTK_APPLICATION (self));

  adw_show_about_window (window,
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
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
isc_application_quit_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { "about", isc_application_about_action },
  { "quit", isc_application_quit_action },
};

static void
isc_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<primary>q", NULL };

  G_APPLICATION_CLASS (isc_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app),
                                   app_actions,
                                   G_N_ELEMENTS (app_actions),
                                   app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
}

static void
isc_application_class_init (IscApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = isc_application_activate;
  app_class->startup = isc_application_startup;
  app_class->handle_local_options = isc_application_handle_local_options;
}

static void
isc_application_init (IscApplication *self)
{
  static const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and quit"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
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
