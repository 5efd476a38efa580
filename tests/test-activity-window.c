/* test-activity-window.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The audit log's events in the window, with the demo: on the production
 * environment of chat-assistant over the last 26 hours (the demo's daily
 * promotion of v8 is always inside), v8's promotion is a marker on every
 * chart at its time, whose hover and accessible description say who
 * promoted it and from where; the header's Activity lists it, and
 * choosing it moves the window's cursor to it and shows the Charts page.
 * Under a member's key Baseten refuses the audit log (403): Activity says
 * so once, however often the window refreshes, and the charts keep the
 * promotion Inferscope infers.
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "isc-activity-button.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-event.h"
#include "isc-test-app.h"
#include "isc-test-gtk.h"

#define RANGE_MS ((gint64) 26 * 3600 * 1000)

static gboolean
has_events (gpointer data)
{
  IscView *view = isc_window_get_view (data);

  return g_list_model_get_n_items (isc_view_get_events (view)) > 0 && !isc_view_get_loading (view);
}

static gboolean
events_refused (gpointer data)
{
  IscView *view = isc_window_get_view (data);

  return isc_view_get_events_unavailable (view) != NULL && !isc_view_get_loading (view);
}

/* The window on chat-assistant's production over the last 26 hours,
 * its Charts page shown. */
static IscWindow *
open_production (void)
{
  g_autoptr(IscTarget) target = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT,
                                                "production", NULL, NULL);
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (RANGE_MS);
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  test_wait_for_view (window);
  isc_view_set_target (view, target);
  g_assert_true (isc_view_set_range (view, range, NULL));
  g_action_group_activate_action (G_ACTION_GROUP (window), "mode", g_variant_new_string ("charts"));
  test_wait_for_view (window);
  return window;
}

static IscEvent *
find_event (GListModel   *events,
            IscEventKind  kind)
{
  for (guint i = 0; i < g_list_model_get_n_items (events); i++)
    {
      g_autoptr(IscEvent) event = g_list_model_get_item (events, i);

      if (isc_event_get_kind (event) == kind)
        return event;
    }
  return NULL;
}

static const IscChartMarker *
find_marker (IscChartModel *model,
             gint64         time_ms)
{
  const IscChartMarker *markers;
  guint n = 0;

  markers = isc_chart_model_get_markers (model, &n);
  for (guint i = 0; i < n; i++)
    if (markers[i].time_ms == time_ms)
      return &markers[i];
  return NULL;
}

static gboolean
has_marker_labelled (IscChartModel *model,
                     const char    *label)
{
  const IscChartMarker *markers;
  guint n = 0;

  markers = isc_chart_model_get_markers (model, &n);
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (markers[i].label, label) == 0)
      return TRUE;
  return FALSE;
}

static const char *
visible_page (IscWindow *window)
{
  GtkWidget *stack = test_find_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK, NULL, NULL);

  return adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (stack));
}

static IscActivityButton *
activity_button (IscWindow *window)
{
  GtkWidget *button = test_find_shown (GTK_WIDGET (window), ISC_TYPE_ACTIVITY_BUTTON, NULL, NULL);

  g_assert_nonnull (button);
  return ISC_ACTIVITY_BUTTON (button);
}

static void
test_demo_promotion (void)
{
  IscWindow *window;
  IscView *view;
  g_autoptr(GPtrArray) views = NULL;
  IscEvent *promoted;
  g_autofree char *label = NULL;
  g_autofree char *sentence = NULL;
  gint64 at;
  IscActivityButton *activity;
  GtkListBox *list;
  GtkListBoxRow *row = NULL;
  guint n_marked = 0;

  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  window = open_production ();
  view = isc_window_get_view (window);
  g_assert_true (test_wait_for (has_events, window));
  g_assert_null (isc_view_get_events_unavailable (view));

  promoted = find_event (isc_view_get_events (view), ISC_EVENT_PROMOTED);
  g_assert_nonnull (promoted);
  at = isc_event_get_time_ms (promoted);
  label = isc_event_dup_label (promoted);
  sentence = isc_event_describe (promoted);
  g_test_message ("%s: %s", label, sentence);
  /* Who and from where. */
  g_assert_nonnull (strstr (sentence, " by "));
  g_assert_nonnull (strstr (sentence, " from "));

  /* A marker on every chart with a time axis, at the event's time, whose
   * hover and description say the sentence. */
  test_run_frames (100);
  views = test_window_chart_views (window, TRUE);
  g_assert_cmpuint (views->len, >, 2);
  for (guint i = 0; i < views->len; i++)
    {
      IscChartView *cv = g_ptr_array_index (views, i);
      IscChartModel *model = isc_chart_view_get_model (cv);
      IscChart *chart = isc_chart_view_get_chart (cv);
      int width = gtk_widget_get_width (GTK_WIDGET (cv)), height = gtk_widget_get_height (GTK_WIDGET (cv));
      const IscChartMarker *marker;
      g_autofree char *hover = NULL;
      g_autofree char *description = NULL;

      if (isc_chart_model_get_plot (model) == ISC_CHART_PLOT_BARS || isc_chart_model_is_empty (model))
        continue;
      marker = find_marker (model, at);
      if (marker == NULL)
        g_error ("no marker at the promotion on %s", isc_chart_model_get_name (model));
      g_assert_cmpstr (marker->label, ==, label);
      g_assert_cmpstr (marker->description, ==, sentence);
      hover = isc_chart_dup_hover_text (chart, width, height, isc_chart_get_step_near_time (chart, at));
      g_assert_nonnull (strstr (hover, sentence));
      description = isc_chart_view_dup_description (cv);
      g_assert_nonnull (strstr (description, sentence));
      n_marked++;
    }
  g_assert_cmpuint (n_marked, >, 2);

  /* Activity lists it; from the Summary page, choosing it puts the
   * cursor at its moment and shows the charts. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "mode", g_variant_new_string ("summary"));
  test_wait_for_view (window);
  g_assert_cmpstr (visible_page (window), ==, "summary");
  activity = activity_button (window);
  list = isc_activity_button_get_list (activity);
  isc_activity_button_popup (activity);
  test_wait_until_mapped (GTK_WIDGET (list));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (isc_activity_button_get_unavailable_label (activity))));
  for (guint i = 0; gtk_list_box_get_row_at_index (list, i) != NULL; i++)
    {
      GtkListBoxRow *candidate = gtk_list_box_get_row_at_index (list, i);

      if (test_find_widget (GTK_WIDGET (candidate), GTK_TYPE_LABEL, "label", sentence) != NULL)
        row = candidate;
    }
  g_assert_nonnull (row);
  g_signal_emit_by_name (list, "row-activated", row);
  test_iterate ();
  g_assert_cmpint (isc_view_get_cursor_time (view), ==, at);
  g_assert_cmpstr (visible_page (window), ==, "charts");

  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();
}

static void
count_cb (guint *n)
{
  (*n)++;
}

static void
test_refused_once (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, "K");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) views = NULL;
  g_autoptr(GPtrArray) labels = NULL;
  IscWindow *window;
  IscView *view;
  IscActivityButton *activity;
  GtkLabel *unavailable;
  g_autofree char *said = NULL;
  guint n_notified = 0, n_promoted = 0, n_said = 0;

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  g_settings_set_string (settings, "base-url", isc_demo_server_get_base_url (server));
  g_setenv ("BASETEN_API_KEY", ISC_DEMO_MEMBER_KEY, TRUE);
  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  g_assert_false (isc_account_get_is_demo (isc_session_get_account (test_app_session ())));

  window = open_production ();
  view = isc_window_get_view (window);
  g_assert_true (test_wait_for (events_refused, window));
  said = g_strdup (isc_view_get_events_unavailable (view));
  g_test_message ("%s", said);
  g_assert_cmpuint (g_list_model_get_n_items (isc_view_get_events (view)), ==, 0);

  /* Refreshes: the sentence is not said again. */
  g_signal_connect_swapped (view, "notify::events-unavailable", G_CALLBACK (count_cb), &n_notified);
  for (guint i = 0; i < 2; i++)
    {
      g_action_group_activate_action (G_ACTION_GROUP (window), "refresh", NULL);
      test_wait_for_view (window);
    }
  g_assert_cmpuint (n_notified, ==, 0);

  activity = activity_button (window);
  unavailable = isc_activity_button_get_unavailable_label (activity);
  isc_activity_button_popup (activity);
  test_wait_until_mapped (GTK_WIDGET (unavailable));
  g_assert_cmpstr (gtk_label_get_text (unavailable), ==, said);
  labels = test_collect_shown (GTK_WIDGET (gtk_menu_button_get_popover (isc_activity_button_get_menu_button (activity))),
                               GTK_TYPE_LABEL);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (g_ptr_array_index (labels, i)), said) == 0)
      n_said++;
  g_assert_cmpuint (n_said, ==, 1);
  gtk_menu_button_popdown (isc_activity_button_get_menu_button (activity));

  /* The charts keep the promotion Inferscope infers from the steps. */
  test_run_frames (100);
  views = test_window_chart_views (window, TRUE);
  for (guint i = 0; i < views->len; i++)
    if (has_marker_labelled (isc_chart_view_get_model (g_ptr_array_index (views, i)), "v8 promoted"))
      n_promoted++;
  g_assert_cmpuint (n_promoted, >, 2);

  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();
  g_setenv ("BASETEN_API_KEY", "", TRUE);
  g_settings_reset (settings, "base-url");
  g_settings_reset (settings, "view-state");
  isc_demo_server_stop (server);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  test_app_start ();
  g_assert_true (isc_session_use_demo (test_app_session (), NULL));

  g_test_add_func ("/isc/activity-window/demo-promotion", test_demo_promotion);
  g_test_add_func ("/isc/activity-window/refused-once", test_refused_once);

  status = g_test_run ();
  test_app_stop ();
  return status;
}
