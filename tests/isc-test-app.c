/* isc-test-app.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "isc-test-app.h"
#include "isc-test-util.h"

IscApplication *test_app;

void
test_app_start (void)
{
  g_autoptr(GError) error = NULL;

  g_log_set_writer_func (test_log_writer, NULL, NULL);
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/inferscope-test-bus", TRUE);

  test_app = isc_application_new ();
  g_application_set_flags (G_APPLICATION (test_app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (test_app), NULL, &error);
  g_assert_no_error (error);
  g_application_hold (G_APPLICATION (test_app));
}

void
test_app_stop (void)
{
  g_application_release (G_APPLICATION (test_app));
  g_clear_object (&test_app);
}

IscSession *
test_app_session (void)
{
  return isc_application_get_session (test_app);
}

gboolean
test_session_is_ready (gpointer data)
{
  return isc_session_get_state (test_app_session ()) == ISC_SESSION_READY &&
         !isc_target_list_get_loading (isc_session_get_target_list (test_app_session ()));
}

gboolean
test_session_has_state (gpointer data)
{
  return (int) isc_session_get_state (test_app_session ()) == GPOINTER_TO_INT (data);
}

gboolean
test_view_is_ready (gpointer data)
{
  IscView *view = isc_window_get_view (data);

  return isc_view_get_state (view) == ISC_VIEW_READY && !isc_view_get_loading (view) &&
         !isc_view_get_events_loading (view);
}

static void
collect_chart_views (GtkWidget *root,
                          gboolean   with_model,
                          GPtrArray *views)
{
  if (ISC_IS_CHART_VIEW (root))
    {
      if (gtk_widget_get_mapped (root) &&
          (!with_model || isc_chart_view_get_model (ISC_CHART_VIEW (root)) != NULL))
        g_ptr_array_add (views, root);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_chart_views (child, with_model, views);
}

GPtrArray *
test_window_chart_views (IscWindow *window,
                         gboolean   with_model)
{
  GPtrArray *views = g_ptr_array_new ();

  collect_chart_views (GTK_WIDGET (window), with_model, views);
  return views;
}

void
test_iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

void
test_wait_until_mapped (GtkWidget *widget)
{
  g_assert_true (test_wait_for (is_mapped, widget));
}

guint
test_app_count_windows (void)
{
  test_iterate ();
  return g_list_length (gtk_application_get_windows (GTK_APPLICATION (test_app)));
}

IscWindow *
test_app_open_window (void)
{
  IscWindow *window = isc_window_new (test_app);

  gtk_window_present (GTK_WINDOW (window));
  test_wait_until_mapped (GTK_WIDGET (window));

  return window;
}

void
test_wait_for_view (IscWindow *window)
{
  g_assert_true (test_wait_for (test_view_is_ready, window));
  test_iterate ();
}
