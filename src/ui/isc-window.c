/* isc-window.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-window.h"

struct _IscWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwStatusPage        *empty_page;
};

G_DEFINE_FINAL_TYPE (IscWindow, isc_window, ADW_TYPE_APPLICATION_WINDOW)

static void
isc_window_class_init (IscWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/inferscope/Inferscope/isc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IscWindow, empty_page);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
isc_window_init (IscWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
}

IscWindow *
isc_window_new (IscApplication *application)
{
  return g_object_new (ISC_TYPE_WINDOW,
                       "application", application,
                       NULL);
}
