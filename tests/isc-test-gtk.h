/* isc-test-gtk.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For the test programs that drive widgets: finding a widget's event
 * controller as a test emits its signals, and reading the clipboard.
 */

#pragma once

#include <gtk/gtk.h>

/* The first of @widget's controllers for which @match holds; there must
 * be one. */
static inline GtkEventController *
test_find_controller_where (GtkWidget  *widget,
                            GType       type,
                            const char *name)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if ((type == G_TYPE_NONE || G_TYPE_CHECK_INSTANCE_TYPE (controller, type)) &&
          (name == NULL || g_strcmp0 (gtk_event_controller_get_name (controller), name) == 0))
        return controller;
    }
  g_assert_not_reached ();
}

/* The controller named @name (gtk_event_controller_set_name()). */
static inline GtkEventController *
test_find_controller_named (GtkWidget  *widget,
                            const char *name)
{
  return test_find_controller_where (widget, G_TYPE_NONE, name);
}

/* The first controller of @type. */
static inline GtkEventController *
test_find_controller (GtkWidget *widget,
                      GType      type)
{
  return test_find_controller_where (widget, type, NULL);
}

/* gdk_clipboard_read_text_async()'s callback: user_data is a char ** set
 * to the text read. */
static inline void
test_read_text_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  char **text = user_data;
  g_autoptr(GError) error = NULL;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
}

/* For test_wait_for(): data points to a pointer that is no longer NULL. */
static inline gboolean
test_pointer_is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}
