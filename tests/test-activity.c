/* test-activity.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The header's Activity list: a row per event of the view, with its
 * sentence and its time in the view's zone; choosing one moves the view's
 * cursor to the event and shows the Charts page; an empty range says so;
 * an audit log Baseten refuses is said once, however often the view
 * refreshes. And the markers an event becomes say its sentence (the
 * charts page describes them from the view's events).
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "isc-activity-button.h"
#include "isc-chart-annotations.h"
#include "isc-event.h"
#include "isc-test-app.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "isc-view-private.h"

/* 1 Dec 2025 15:00 UTC: a fixed afternoon. */
#define T0_MS G_GINT64_CONSTANT (1764601200000)

#define REFUSED "This API key may not read the audit log: the charts show the promotions Inferscope infers instead."

static IscEvent *
new_scaling_event (gint64 time_ms)
{
  IscEventChange changes[] = { { "max_replica", "max replicas", "10", "16" } };

  return isc_event_new ("e1", time_ms, ISC_EVENT_AUTOSCALING_CHANGED, "m1", "d8", "v8", "production",
                        ISC_EVENT_ACTOR_USER, "ana@example.com", ISC_EVENT_SOURCE_UI, NULL,
                        changes, G_N_ELEMENTS (changes));
}

static IscEvent *
new_promotion_event (gint64 time_ms)
{
  return isc_event_new ("e2", time_ms, ISC_EVENT_PROMOTED, "m1", "d8", "v8", "production",
                        ISC_EVENT_ACTOR_USER, "ben@example.com", ISC_EVENT_SOURCE_API, NULL,
                        NULL, 0);
}

/* A view of a deployment, with no client: it loads nothing, and the test
 * puts in its events what the audit log would have. */
static IscView *
new_view (void)
{
  IscView *view = isc_view_new ();
  g_autoptr(IscTarget) target = isc_target_new ("m1", ISC_TARGET_DEPLOYMENT, "d8", NULL, NULL);

  isc_view_set_target (view, target);
  isc_view_set_use_utc (view, TRUE);
  return view;
}

static void
set_events (IscView   *view,
            IscEvent **events,
            guint      n)
{
  g_list_store_splice (view->events, 0, g_list_model_get_n_items (G_LIST_MODEL (view->events)),
                       (gpointer *) events, n);
}

/* What Baseten's 403 makes of the view, on each refresh: the sentence is
 * set, and notified, again. */
static void
refuse_audit_log (IscView *view)
{
  g_free (view->events_unavailable);
  view->events_unavailable = g_strdup (REFUSED);
  g_object_notify (G_OBJECT (view), "events-unavailable");
}

typedef struct
{
  guint  n_modes;
  char  *mode;
} Modes;

static void
mode_cb (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  Modes *modes = user_data;

  modes->n_modes++;
  g_free (modes->mode);
  modes->mode = g_variant_dup_string (parameter, NULL);
}

static GtkWidget *
open_button (IscView    *view,
             GtkWidget **window,
             Modes      *modes)
{
  g_autoptr(GSimpleActionGroup) win = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) mode = g_simple_action_new ("mode", G_VARIANT_TYPE_STRING);
  GtkWidget *button = isc_activity_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  g_signal_connect (mode, "activate", G_CALLBACK (mode_cb), modes);
  g_action_map_add_action (G_ACTION_MAP (win), G_ACTION (mode));
  isc_activity_button_set_view (ISC_ACTIVITY_BUTTON (button), view);
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), button);

  *window = gtk_window_new ();
  gtk_widget_insert_action_group (*window, "win", G_ACTION_GROUP (win));
  gtk_window_set_default_size (GTK_WINDOW (*window), 600, 500);
  gtk_window_set_child (GTK_WINDOW (*window), box);
  gtk_window_present (GTK_WINDOW (*window));
  test_wait_until_mapped (button);
  return button;
}

static guint
n_rows (GtkListBox *list)
{
  guint n = 0;

  while (gtk_list_box_get_row_at_index (list, n) != NULL)
    n++;
  return n;
}

/* Every label's text under @widget, "\n" between them, in order. */
static void
collect_texts (GtkWidget *widget,
               GString   *texts)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    {
      g_string_append (texts, gtk_label_get_text (GTK_LABEL (widget)));
      g_string_append_c (texts, '\n');
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_texts (child, texts);
}

static guint
count_occurrences (const char *haystack,
                   const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* The range's events, each a row with its sentence and its UTC time;
 * choosing the second moves the view's cursor to its time and shows the
 * Charts page. */
static void
test_list_and_choose (void)
{
  g_autoptr(IscView) view = new_view ();
  IscEvent *events[] = { new_scaling_event (T0_MS + 17 * 1000), new_promotion_event (T0_MS + 3600 * 1000) };
  Modes modes = { 0 };
  GtkWidget *window;
  GtkWidget *button = open_button (view, &window, &modes);
  IscActivityButton *activity = ISC_ACTIVITY_BUTTON (button);
  GtkListBox *list = isc_activity_button_get_list (activity);
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autofree char *scaled = isc_event_describe (events[0]);
  g_autofree char *promoted = isc_event_describe (events[1]);
  GtkListBoxRow *row;

  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (isc_activity_button_get_menu_button (activity))));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (isc_activity_button_get_menu_button (activity)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Activity");

  /* Nothing yet: said in words, no rows. */
  g_assert_cmpuint (n_rows (list), ==, 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (isc_activity_button_get_empty_label (activity))));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (isc_activity_button_get_unavailable_label (activity))));

  set_events (view, events, G_N_ELEMENTS (events));
  g_object_unref (events[0]);
  g_object_unref (events[1]);
  g_assert_cmpuint (n_rows (list), ==, 2);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (isc_activity_button_get_empty_label (activity))));

  isc_activity_button_popup (activity);
  test_wait_until_mapped (GTK_WIDGET (list));
  collect_texts (GTK_WIDGET (list), texts);
  g_test_message ("%s", texts->str);
  g_assert_cmpstr (scaled, ==, "max replicas 10 → 16 on v8 by ana@example.com from the UI");
  g_assert_nonnull (strstr (texts->str, scaled));
  g_assert_nonnull (strstr (texts->str, promoted));
  /* In time order, each with its time in the view's zone (UTC). */
  g_assert_nonnull (strstr (texts->str, "Mon 1 Dec 15:00:17 UTC"));
  g_assert_nonnull (strstr (texts->str, "Mon 1 Dec 16:00:00 UTC"));
  g_assert_true (strstr (texts->str, scaled) < strstr (texts->str, promoted));
  /* A row reads as its time and sentence. */
  row = gtk_list_box_get_row_at_index (list, 0);
  {
    g_autofree char *expected = g_strdup_printf ("Mon 1 Dec 15:00:17 UTC, %s", scaled);

    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
  }

  /* Local time when the view says so (TZ is UTC here: the same clock,
   * without the word). */
  isc_view_set_use_utc (view, FALSE);
  g_string_truncate (texts, 0);
  collect_texts (GTK_WIDGET (list), texts);
  g_assert_null (strstr (texts->str, " UTC"));
  g_assert_nonnull (strstr (texts->str, "Mon 1 Dec 15:00:17"));

  /* Choosing the promotion: the cursor at its moment, the charts shown,
   * the popover closed. */
  g_assert_cmpint (isc_view_get_cursor_time (view), ==, -1);
  row = gtk_list_box_get_row_at_index (list, 1);
  g_signal_emit_by_name (list, "row-activated", row);
  g_assert_cmpint (isc_view_get_cursor_time (view), ==, T0_MS + 3600 * 1000);
  g_assert_cmpuint (modes.n_modes, ==, 1);
  g_assert_cmpstr (modes.mode, ==, "charts");
  test_run_frames (50);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (list)));

  gtk_window_destroy (GTK_WINDOW (window));
  g_free (modes.mode);
}

/* Baseten refuses the audit log (a 403): the list says so once, however
 * many refreshes set it again; the rows it has (none) stay. */
static void
test_refused_once (void)
{
  g_autoptr(IscView) view = new_view ();
  Modes modes = { 0 };
  GtkWidget *window;
  GtkWidget *button = open_button (view, &window, &modes);
  IscActivityButton *activity = ISC_ACTIVITY_BUTTON (button);
  GtkLabel *unavailable = isc_activity_button_get_unavailable_label (activity);
  GtkPopover *popover = GTK_POPOVER (gtk_menu_button_get_popover (isc_activity_button_get_menu_button (activity)));
  g_autoptr(GString) texts = g_string_new (NULL);

  for (guint refresh = 0; refresh < 3; refresh++)
    refuse_audit_log (view);
  isc_activity_button_popup (activity);
  test_wait_until_mapped (GTK_WIDGET (unavailable));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (unavailable)));
  g_assert_cmpstr (gtk_label_get_text (unavailable), ==, REFUSED);
  /* Not "nothing happened" as well: nobody knows. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (isc_activity_button_get_empty_label (activity))));

  collect_texts (gtk_popover_get_child (popover), texts);
  g_test_message ("%s", texts->str);
  g_assert_cmpuint (count_occurrences (texts->str, REFUSED), ==, 1);

  /* And when the key may read it again, the sentence goes. */
  g_clear_pointer (&view->events_unavailable, g_free);
  g_object_notify (G_OBJECT (view), "events-unavailable");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (unavailable)));

  gtk_window_destroy (GTK_WINDOW (window));
  g_free (modes.mode);
}

/* No target: nothing to list, the button is insensitive. */
static void
test_no_target (void)
{
  g_autoptr(IscView) view = isc_view_new ();
  GtkWidget *button = isc_activity_button_new ();

  g_object_ref_sink (button);
  isc_activity_button_set_view (ISC_ACTIVITY_BUTTON (button), view);
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (isc_activity_button_get_menu_button (ISC_ACTIVITY_BUTTON (button)))));
  g_object_unref (button);
}

/* The marker an event became gets its sentence: the window describes the
 * markers from its events, by time and label. */
static void
test_describe_marker (void)
{
  g_autoptr(IscEvent) event = new_scaling_event (T0_MS + 17 * 1000);
  g_autoptr(IscChartAnnotations) annotations = isc_chart_annotations_new ();
  g_autofree char *label = isc_event_dup_label (event);
  g_autofree char *sentence = isc_event_describe (event);
  const IscChartMarker *markers;
  guint n = 0;

  isc_chart_annotations_add_marker (annotations, T0_MS - 60000, "v8 created");
  isc_chart_annotations_add_marker (annotations, T0_MS + 17 * 1000, label);
  g_assert_cmpuint (isc_chart_annotations_describe_marker (annotations, T0_MS + 17 * 1000, label, sentence), ==, 1);
  /* Another label at that time, or another time: none. */
  g_assert_cmpuint (isc_chart_annotations_describe_marker (annotations, T0_MS + 17 * 1000, "v8 created", sentence), ==, 0);
  g_assert_cmpuint (isc_chart_annotations_describe_marker (annotations, T0_MS, label, sentence), ==, 0);

  markers = isc_chart_annotations_get_markers (annotations, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_null (markers[0].description);
  g_assert_cmpstr (ISC_CHART_MARKER_TEXT (&markers[0]), ==, "v8 created");
  g_assert_cmpstr (markers[1].label, ==, label);
  g_assert_cmpstr (markers[1].description, ==, sentence);
  g_assert_cmpstr (ISC_CHART_MARKER_TEXT (&markers[1]), ==, sentence);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/activity/list-and-choose", test_list_and_choose);
  g_test_add_func ("/isc/activity/refused-once", test_refused_once);
  g_test_add_func ("/isc/activity/no-target", test_no_target);
  g_test_add_func ("/isc/activity/describe-marker", test_describe_marker);

  return g_test_run ();
}
