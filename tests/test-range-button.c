/* test-range-button.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The header's time range button: it reads the range in words, its
 * popover offers the eight presets and a custom From/To, and it refuses
 * a custom range Baseten would not answer, in words, before anything is
 * asked. Everything is found as a person finds it: by the labels shown.
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "isc-range-button.h"
#include "isc-range-button-private.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"

#define MINUTE_MS G_GINT64_CONSTANT (60000)
#define HOUR_MS   (60 * MINUTE_MS)
#define DAY_MS    (24 * HOUR_MS)

static gint64
ms_from_iso (const char *iso)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_iso8601 (iso, NULL);

  g_assert_nonnull (dt);
  return g_date_time_to_unix (dt) * 1000 + g_date_time_get_microsecond (dt) / 1000;
}

/* Tuesday 1 December 2026, mid-morning in UTC. */
#define NOW_MS (ms_from_iso ("2026-12-01T10:50:00Z"))

/* The first shown label whose text contains @text. */
static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  g_autoptr(GPtrArray) found = NULL;

  found = test_collect_shown (root, GTK_TYPE_LABEL);
  for (guint i = 0; i < found->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (found, i);

      if (strstr (gtk_label_get_text (GTK_LABEL (label)), text) != NULL)
        return label;
    }

  return NULL;
}

/* The text on the button itself, as a person reads it in the header. */
static const char *
button_text (GtkWidget *button)
{
  g_autoptr(GPtrArray) found = NULL;
  GtkWidget *menu_button = gtk_widget_get_first_child (button);

  g_assert_true (GTK_IS_MENU_BUTTON (menu_button));
  /* The button's face, not the popover that hangs off it too. */
  found = test_collect_shown (gtk_widget_get_first_child (menu_button), GTK_TYPE_LABEL);
  g_assert_cmpuint (found->len, ==, 1);
  return gtk_label_get_text (g_ptr_array_index (found, 0));
}

typedef struct
{
  GtkWidget    *window;
  GtkWidget    *button;
  GtkWidget    *popover;
  guint         n_chosen;
  guint         n_notify;
  IscTimeRange *chosen;
} Fixture;

static void
on_range_chosen (IscRangeButton     *button,
                 const IscTimeRange *range,
                 Fixture            *f)
{
  f->n_chosen++;
  g_clear_pointer (&f->chosen, isc_time_range_free);
  f->chosen = isc_time_range_copy (range);
}

static void
on_notify_range (Fixture *f)
{
  f->n_notify++;
}

static gboolean
is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static gboolean
is_hidden (gpointer widget)
{
  return !gtk_widget_get_visible (widget);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 600);
  f->button = isc_range_button_new ();
  gtk_widget_set_halign (f->button, GTK_ALIGN_END);
  gtk_widget_set_valign (f->button, GTK_ALIGN_START);
  gtk_window_set_child (GTK_WINDOW (f->window), f->button);
  _isc_range_button_set_now (ISC_RANGE_BUTTON (f->button), NOW_MS);
  g_signal_connect (f->button, "range-chosen", G_CALLBACK (on_range_chosen), f);
  g_signal_connect_swapped (f->button, "notify::range", G_CALLBACK (on_notify_range), f);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (test_wait_for (is_mapped, f->button));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_pointer (&f->chosen, isc_time_range_free);
  test_run_frames (50);
}

/* Opens the popover as a click would, and returns it once it is shown. */
static GtkWidget *
open_popover (Fixture *f)
{
  GtkWidget *menu_button = gtk_widget_get_first_child (f->button);

  isc_range_button_popup (ISC_RANGE_BUTTON (f->button));
  f->popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button)));
  g_assert_true (test_wait_for (is_mapped, f->popover));
  return f->popover;
}

static void
test_label (Fixture       *f,
            gconstpointer  data)
{
  IscRangeButton *button = ISC_RANGE_BUTTON (f->button);
  g_autoptr(IscTimeRange) hour = isc_time_range_new_relative (HOUR_MS);
  g_autoptr(IscTimeRange) six = isc_time_range_new_relative (6 * HOUR_MS);
  g_autoptr(IscTimeRange) zoom = isc_time_range_new_absolute (ms_from_iso ("2026-12-01T09:12:00Z"),
                                                              ms_from_iso ("2026-12-01T10:40:00Z"));

  /* A new button shows the last hour. */
  g_assert_true (isc_time_range_equal (isc_range_button_get_range (button), hour));
  g_assert_cmpstr (button_text (f->button), ==, "Last hour");

  isc_range_button_set_range (button, six);
  g_assert_cmpstr (button_text (f->button), ==, "Last 6 hours");
  g_assert_cmpuint (f->n_notify, ==, 1);
  /* The same range again changes nothing. */
  isc_range_button_set_range (button, six);
  g_assert_cmpuint (f->n_notify, ==, 1);

  g_object_set (button, "range", zoom, NULL);
  g_assert_cmpstr (button_text (f->button), ==, "Today 09:12–10:40");
  g_assert_cmpuint (f->n_notify, ==, 2);

  isc_range_button_set_use_utc (button, TRUE);
  g_assert_true (isc_range_button_get_use_utc (button));
  g_assert_cmpstr (button_text (f->button), ==, "Today 09:12–10:40 UTC");

  /* Setting the range from code is not a person choosing one. */
  g_assert_cmpuint (f->n_chosen, ==, 0);
}

static void
test_accessible (Fixture       *f,
                 gconstpointer  data)
{
  GtkWidget *menu_button = gtk_widget_get_first_child (f->button);
  /* The button inside the menu button takes focus and is what a screen
   * reader lands on. */
  GtkWidget *focusable = gtk_widget_get_first_child (menu_button);
  g_autoptr(IscTimeRange) days = isc_time_range_new_relative (2 * DAY_MS);
  g_autofree char *error = NULL;

  g_assert_true (gtk_widget_get_focusable (focusable));
  error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (focusable),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, button_text (f->button));
  g_assert_null (error);
  error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (menu_button),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, "Last hour");
  g_assert_null (error);

  isc_range_button_set_range (ISC_RANGE_BUTTON (f->button), days);
  g_assert_cmpstr (button_text (f->button), ==, "Last 2 days");
  error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (focusable),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, "Last 2 days");
  g_assert_null (error);
}

/* In a header bar it is flat like the buttons beside it; elsewhere it
 * keeps its frame. */
static void
test_header_bar (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *button = isc_range_button_new ();
  GtkWidget *inner = gtk_widget_get_first_child (gtk_widget_get_first_child (button));
  GtkWidget *plain = isc_range_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  adw_header_bar_pack_end (ADW_HEADER_BAR (header), button);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), plain);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (is_mapped, button));

  g_assert_true (gtk_widget_has_css_class (inner, "flat"));
  inner = gtk_widget_get_first_child (gtk_widget_get_first_child (plain));
  g_assert_false (gtk_widget_has_css_class (inner, "flat"));

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (50);
}

static const char * const preset_labels[] = {
  "15 minutes", "1 hour", "3 hours", "6 hours", "12 hours", "24 hours", "2 days", "7 days",
};

static void
test_presets (Fixture       *f,
              gconstpointer  data)
{
  GtkWidget *popover = open_popover (f);
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(IscTimeRange) six = isc_time_range_new_relative (6 * HOUR_MS);
  GtkWidget *six_hours;

  /* The eight presets, in order, and the current one checked. */
  checks = test_collect_shown (popover, GTK_TYPE_CHECK_BUTTON);
  g_assert_cmpuint (checks->len, ==, G_N_ELEMENTS (preset_labels));
  for (guint i = 0; i < checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (checks, i);

      g_assert_cmpstr (gtk_check_button_get_label (check), ==, preset_labels[i]);
      g_assert_cmpint (gtk_check_button_get_active (check), ==, i == 1);
    }
  g_assert_nonnull (find_label (popover, "Custom Range"));
  g_assert_nonnull (find_label (popover, "Times in local time (UTC)"));

  six_hours = test_find_button (popover, "6 hours");
  g_assert_nonnull (six_hours);
  gtk_widget_activate (six_hours);

  g_assert_cmpuint (f->n_chosen, ==, 1);
  g_assert_true (isc_time_range_equal (f->chosen, six));
  g_assert_true (isc_time_range_equal (isc_range_button_get_range (ISC_RANGE_BUTTON (f->button)), six));
  g_assert_cmpuint (f->n_notify, ==, 1);
  g_assert_cmpstr (button_text (f->button), ==, "Last 6 hours");
  g_assert_true (test_wait_for (is_hidden, popover));

  /* Opened again, 6 hours is the one checked. */
  open_popover (f);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (six_hours)));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (test_find_button (popover, "1 hour"))));
  g_assert_cmpuint (f->n_chosen, ==, 1);
}

/* @from/@to are refused with words containing @reason, Apply cannot be
 * pressed, and nothing is chosen. */
static void
assert_refused (Fixture    *f,
                gint64      from_ms,
                gint64      to_ms,
                const char *reason)
{
  IscRangeButton *button = ISC_RANGE_BUTTON (f->button);
  g_autoptr(IscTimeRange) before = isc_time_range_copy (isc_range_button_get_range (button));
  GtkWidget *apply = test_find_button (f->popover, "_Apply");
  GtkWidget *words;

  _isc_range_button_set_custom (button, from_ms, to_ms);
  g_assert_nonnull (_isc_range_button_get_custom_error (button));
  g_assert_nonnull (strstr (_isc_range_button_get_custom_error (button), reason));
  words = find_label (f->popover, reason);
  g_assert_nonnull (words);
  g_assert_true (gtk_widget_has_css_class (words, "error"));

  g_assert_nonnull (apply);
  g_assert_false (gtk_widget_is_sensitive (apply));
  gtk_widget_activate (apply);
  g_assert_cmpuint (f->n_chosen, ==, 0);
  g_assert_true (isc_time_range_equal (isc_range_button_get_range (button), before));
  g_assert_true (gtk_widget_get_visible (f->popover));
}

static void
test_custom_refused (Fixture       *f,
                     gconstpointer  data)
{
  IscRangeButton *button = ISC_RANGE_BUTTON (f->button);
  GtkWidget *apply;

  open_popover (f);
  apply = test_find_button (f->popover, "_Apply");
  /* The last hour, as the popover opens, is fine. */
  g_assert_null (_isc_range_button_get_custom_error (button));
  g_assert_true (gtk_widget_is_sensitive (apply));
  g_assert_null (find_label (f->popover, "The range"));

  assert_refused (f, NOW_MS - 8 * DAY_MS, NOW_MS,
                  "The range is longer than 7 days, the most Baseten keeps.");
  assert_refused (f, NOW_MS - HOUR_MS, NOW_MS - 2 * HOUR_MS, "must end after it starts");
  assert_refused (f, NOW_MS - HOUR_MS, NOW_MS - HOUR_MS, "must end after it starts");
  assert_refused (f, NOW_MS - HOUR_MS, NOW_MS + 5 * MINUTE_MS, "ends in the future");

  /* Exactly 7 days, and an end within the minute, are taken. */
  _isc_range_button_set_custom (button, NOW_MS + 30 * 1000 - 7 * DAY_MS, NOW_MS + 30 * 1000);
  g_assert_null (_isc_range_button_get_custom_error (button));
  g_assert_true (gtk_widget_is_sensitive (apply));
  g_assert_null (find_label (f->popover, "The range"));
}

static void
assert_applies (Fixture    *f,
                gint64      from_ms,
                gint64      to_ms,
                const char *words)
{
  IscRangeButton *button = ISC_RANGE_BUTTON (f->button);
  g_autoptr(IscTimeRange) expected = isc_time_range_new_absolute (from_ms, to_ms);
  guint n_chosen = f->n_chosen;

  open_popover (f);
  _isc_range_button_set_custom (button, from_ms, to_ms);
  g_assert_null (_isc_range_button_get_custom_error (button));
  g_signal_emit_by_name (test_find_button (f->popover, "_Apply"), "clicked");

  g_assert_cmpuint (f->n_chosen, ==, n_chosen + 1);
  g_assert_true (isc_time_range_equal (f->chosen, expected));
  g_assert_true (isc_time_range_equal (isc_range_button_get_range (button), expected));
  g_assert_cmpstr (button_text (f->button), ==, words);
  g_assert_true (test_wait_for (is_hidden, f->popover));
}

static void
test_custom_applied (Fixture       *f,
                     gconstpointer  data)
{
  IscRangeButton *button = ISC_RANGE_BUTTON (f->button);

  /* Local time, which is UTC under the tests. */
  assert_applies (f, ms_from_iso ("2026-12-01T09:12:34.567Z"), ms_from_iso ("2026-12-01T10:40:00Z"),
                  "Today 09:12–10:40");

  isc_range_button_set_use_utc (button, TRUE);
  open_popover (f);
  g_assert_nonnull (find_label (f->popover, "Times in UTC"));
  assert_applies (f, ms_from_iso ("2026-11-30T22:00:00Z"), ms_from_iso ("2026-12-01T01:30:00.250Z"),
                  "30 Nov 22:00 – 1 Dec 01:30 UTC");
}

/* The first shown entry whose accessible name is @name. */
static GtkWidget *
find_entry (GtkWidget  *root,
            const char *name)
{
  g_autoptr(GPtrArray) found = NULL;

  found = test_collect_shown (root, GTK_TYPE_ENTRY);
  for (guint i = 0; i < found->len; i++)
    {
      GtkWidget *entry = g_ptr_array_index (found, i);
      g_autofree char *error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (entry),
                                                                   GTK_ACCESSIBLE_PROPERTY_LABEL, name);

      if (error == NULL)
        return entry;
    }

  return NULL;
}

/* Typing the times as a person does: the date stays, the time is read in
 * the zone in use. */
static void
test_custom_typed (Fixture       *f,
                   gconstpointer  data)
{
  IscRangeButton *button = ISC_RANGE_BUTTON (f->button);
  g_autoptr(IscTimeRange) expected = isc_time_range_new_absolute (ms_from_iso ("2026-12-01T09:00:00Z"),
                                                                  ms_from_iso ("2026-12-01T09:45:00Z"));
  GtkWidget *from;
  GtkWidget *to;
  GtkWidget *apply;

  isc_range_button_set_use_utc (button, TRUE);
  open_popover (f);
  from = find_entry (f->popover, "From time");
  to = find_entry (f->popover, "To time");
  apply = test_find_button (f->popover, "_Apply");
  g_assert_nonnull (from);
  g_assert_nonnull (to);
  /* The popover opens on the range shown: the last hour. */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (from)), ==, "09:50");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (to)), ==, "10:50");
  g_assert_nonnull (find_label (f->popover, "1 Dec 2026"));

  gtk_editable_set_text (GTK_EDITABLE (from), "9:00");
  gtk_editable_set_text (GTK_EDITABLE (to), "25:00");
  g_assert_nonnull (find_label (f->popover, "hours and minutes"));
  g_assert_false (gtk_widget_is_sensitive (apply));
  gtk_editable_set_text (GTK_EDITABLE (to), "09:45");
  g_assert_null (find_label (f->popover, "hours and minutes"));
  g_assert_true (gtk_widget_is_sensitive (apply));

  /* Enter in a field applies, as Apply does. */
  g_signal_emit_by_name (to, "activate");
  g_assert_cmpuint (f->n_chosen, ==, 1);
  g_assert_true (isc_time_range_equal (f->chosen, expected));
  g_assert_cmpstr (button_text (f->button), ==, "Today 09:00–09:45 UTC");
}

static GtkWidget *
find_calendar (GtkWidget  *root,
               const char *name)
{
  g_autofree char *error = NULL;

  if (GTK_IS_CALENDAR (root))
    {
      error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (root),
                                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name);
      if (error == NULL)
        return root;
    }

  /* The calendars hang in popovers of their own, hidden until opened. */
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_calendar (child, name);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* Another day on the From calendar moves From to that day, at the same
 * time of day. */
static void
test_custom_date (Fixture       *f,
                  gconstpointer  data)
{
  IscRangeButton *button = ISC_RANGE_BUTTON (f->button);
  g_autoptr(IscTimeRange) expected = isc_time_range_new_absolute (ms_from_iso ("2026-11-30T09:50:00Z"),
                                                                  ms_from_iso ("2026-12-01T10:50:00Z"));
  g_autoptr(GDateTime) day = g_date_time_new_utc (2026, 11, 30, 0, 0, 0);
  GtkWidget *calendar;

  open_popover (f);
  calendar = find_calendar (f->popover, "From date");
  g_assert_nonnull (calendar);
  g_assert_nonnull (find_label (f->popover, "1 Dec 2026"));
  g_assert_null (find_label (f->popover, "30 Nov 2026"));

#if GTK_CHECK_VERSION (4, 20, 0)
  gtk_calendar_set_date (GTK_CALENDAR (calendar), day);
#else
  gtk_calendar_select_day (GTK_CALENDAR (calendar), day);
#endif
  g_assert_nonnull (find_label (f->popover, "30 Nov 2026"));
  g_assert_null (_isc_range_button_get_custom_error (button));

  g_signal_emit_by_name (test_find_button (f->popover, "_Apply"), "clicked");
  g_assert_cmpuint (f->n_chosen, ==, 1);
  g_assert_true (isc_time_range_equal (f->chosen, expected));
  g_assert_cmpstr (button_text (f->button), ==, "30 Nov 09:50 – 1 Dec 10:50");
}

/* In Berlin the same instants read an hour later, and the popover says
 * which clock it uses. */
static void
test_custom_local_zone (Fixture       *f,
                        gconstpointer  data)
{
  IscRangeButton *button = ISC_RANGE_BUTTON (f->button);
  g_autoptr(GTimeZone) berlin = g_time_zone_new_identifier ("Europe/Berlin");
  g_autoptr(IscTimeRange) zoom = isc_time_range_new_absolute (ms_from_iso ("2026-12-01T09:12:00Z"),
                                                              ms_from_iso ("2026-12-01T10:40:00Z"));
  GtkWidget *from;

  if (berlin == NULL)
    {
      g_test_skip ("Europe/Berlin is not installed");
      return;
    }

  g_setenv ("TZ", "Europe/Berlin", TRUE);
  isc_range_button_set_range (button, zoom);
  open_popover (f);
  from = find_entry (f->popover, "From time");
  g_assert_nonnull (find_label (f->popover, "Times in local time (CET)"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (from)), ==, "10:12");
  g_assert_cmpstr (button_text (f->button), ==, "Today 10:12–11:40");

  /* The same instants on the UTC clock. */
  isc_range_button_set_use_utc (button, TRUE);
  g_assert_nonnull (find_label (f->popover, "Times in UTC"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (from)), ==, "09:12");
  g_assert_cmpstr (button_text (f->button), ==, "Today 09:12–10:40 UTC");

  g_setenv ("TZ", "UTC", TRUE);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/isc/range-button/label", test_label);
  ADD ("/isc/range-button/accessible", test_accessible);
  ADD ("/isc/range-button/presets", test_presets);
  ADD ("/isc/range-button/custom/refused", test_custom_refused);
  ADD ("/isc/range-button/custom/applied", test_custom_applied);
  ADD ("/isc/range-button/custom/typed", test_custom_typed);
  ADD ("/isc/range-button/custom/date", test_custom_date);
  ADD ("/isc/range-button/custom/local-zone", test_custom_local_zone);

#undef ADD

  g_test_add_func ("/isc/range-button/header-bar", test_header_bar);

  return g_test_run ();
}
