/* isc-window.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-charts-page.h"
#include "isc-ui-resources.h"
#include "isc-window.h"

/* The main window: a header bar over a GtkStack. The stack holds one page
 * per thing the window can show; today only "empty", the status page shown
 * before any deployment is chosen. A view of metrics is one more page.
 */
struct _IscWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  GtkStack             *stack;
  AdwStatusPage        *empty_page;
  IscChartsPage        *charts_page;

  gboolean              state_loaded;
};

G_DEFINE_FINAL_TYPE (IscWindow, isc_window, ADW_TYPE_APPLICATION_WINDOW)

static GSettings *
isc_window_get_settings (IscWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (!ISC_IS_APPLICATION (app))
    return NULL;

  return isc_application_get_settings (ISC_APPLICATION (app));
}

static void
isc_window_load_state (IscWindow *self)
{
  GSettings *settings = isc_window_get_settings (self);

  if (settings == NULL)
    return;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

/* The default size follows the person's resizing but not maximizing, so
 * it is the size to come back to when the window is restored. */
static void
isc_window_save_state (IscWindow *self)
{
  GSettings *settings = isc_window_get_settings (self);
  int width = 0;
  int height = 0;

  if (settings == NULL)
    return;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
  g_settings_set_boolean (settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
}

static gboolean
isc_window_close_request (GtkWindow *window)
{
  isc_window_save_state (ISC_WINDOW (window));

  return GTK_WINDOW_CLASS (isc_window_parent_class)->close_request (window);
}

/* "application" is not a construct property, so it is set after
 * constructed (): the saved state is read once the application is known. */
static void
isc_window_notify_application (IscWindow  *self,
                               GParamSpec *pspec,
                               gpointer    user_data)
{
  if (self->state_loaded || gtk_window_get_application (GTK_WINDOW (self)) == NULL)
    return;

  self->state_loaded = TRUE;
  isc_window_load_state (self);
}

static void
isc_window_class_init (IscWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  window_class->close_request = isc_window_close_request;

  /* The resources live in a static library: referring to them links them
   * in, and their constructor registers them. */
  if (G_UNLIKELY (isc_ui_get_resource () == NULL))
    g_critical ("Inferscope's UI resources are missing");

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/inferscope/Inferscope/isc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IscWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, empty_page);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
isc_window_init (IscWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  g_signal_connect (self, "notify::application",
                    G_CALLBACK (isc_window_notify_application), NULL);
}

IscWindow *
isc_window_new (IscApplication *application)
{
  return g_object_new (ISC_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

void
isc_window_show_charts (IscWindow      *self,
                        IscClient      *client,
                        const IscQuery *query)
{
  g_return_if_fail (ISC_IS_WINDOW (self));

  if (self->charts_page == NULL)
    {
      self->charts_page = ISC_CHARTS_PAGE (isc_charts_page_new ());
      gtk_stack_add_named (self->stack, GTK_WIDGET (self->charts_page), "charts");
    }

  isc_charts_page_load (self->charts_page, client, query);
  gtk_stack_set_visible_child_name (self->stack, "charts");
}
