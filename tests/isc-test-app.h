/* isc-test-app.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For the test programs that drive whole windows: one application for the
 * program, registered without a session bus, and the waits on its session
 * and on a window's view that they all need.
 */

#pragma once

#include "isc-application.h"
#include "isc-chart-view.h"
#include "isc-test-util.h"
#include "isc-window.h"

static IscApplication *app;

/* The program's application, held so that it outlives the windows the
 * tests open and close. With no session bus, GLib would autolaunch one on
 * the X display (slow, and a daemon left behind); a bus that is plainly
 * absent makes the application run on its own. Non-unique: another
 * Inferscope on a session bus must not turn this one into a remote. */
static inline void
test_app_start (void)
{
  g_autoptr(GError) error = NULL;

  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/inferscope-test-bus", TRUE);

  app = isc_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  g_application_hold (G_APPLICATION (app));
}

static inline void
test_app_stop (void)
{
  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
}

static inline IscSession *
session (void)
{
  return isc_application_get_session (app);
}

static inline gboolean
session_is_ready (gpointer data)
{
  return isc_session_get_state (session ()) == ISC_SESSION_READY &&
         !isc_target_list_get_loading (isc_session_get_target_list (session ()));
}

/* data: the IscSessionState, as GINT_TO_POINTER. */
static inline gboolean
session_has_state (gpointer data)
{
  return (int) isc_session_get_state (session ()) == GPOINTER_TO_INT (data);
}

/* The window (data) shows metrics of its target and mode. */
static inline gboolean
view_is_ready (gpointer data)
{
  IscView *view = isc_window_get_view (data);

  return isc_view_get_state (view) == ISC_VIEW_READY && !isc_view_get_loading (view);
}

static inline void
test_collect_chart_views (GtkWidget *root,
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
    test_collect_chart_views (child, with_model, views);
}

/* The charts a window shows (mapped), in the page's order; with_model:
 * only those that have their model yet. */
static inline GPtrArray *
test_window_chart_views (IscWindow *window,
                         gboolean   with_model)
{
  GPtrArray *views = g_ptr_array_new ();

  test_collect_chart_views (GTK_WIDGET (window), with_model, views);
  return views;
}

/* Every event and idle waiting now, and nothing more. */
static inline void
test_iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Runs the main loop until @widget is on screen, for at most 5 s. */
static inline void
test_wait_until_mapped (GtkWidget *widget)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (5000, test_timeout_cb, &timed_out);

  while (!gtk_widget_get_mapped (widget) && !timed_out)
    g_main_context_iteration (NULL, TRUE);

  if (!timed_out)
    g_source_remove (id);
  g_assert_true (gtk_widget_get_mapped (widget));
}

/* The program's application's windows, once what is pending has run. */
static inline guint
test_app_count_windows (void)
{
  test_iterate ();
  return g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
}

/* A new window of the program's application, on screen. */
static inline IscWindow *
test_app_open_window (void)
{
  IscWindow *window = isc_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  test_wait_until_mapped (GTK_WIDGET (window));

  return window;
}

/* Waits until the window shows metrics of its target and mode. */
static inline void
test_wait_for_view (IscWindow *window)
{
  g_assert_true (test_wait_for (view_is_ready, window));
  test_iterate ();
}
