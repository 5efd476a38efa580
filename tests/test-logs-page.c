/* test-logs-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Logs page in a window, against the fake logs server
 * (isc-test-logs.h): the rows a person sees and what a screen reader
 * reads of them, selecting a line moving the window's cursor, Copy Lines
 * and Export Lines, the filters reaching the server, a refused pattern
 * said beside the search field, the dropped-lines notice, the states in
 * words, and the page at 360 px.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <adwaita.h>

#include "isc-charts-page.h"
#include "isc-chart-view.h"
#include "isc-log-row.h"
#include "isc-logs-page.h"
#include "isc-test-app.h"
#include "isc-test-gtk.h"
#include "isc-test-logs.h"
#include "isc-test-util.h"

typedef struct
{
  Fake       *fake;
  IscView    *view;
  IscLogView *log_view;
  GtkWidget  *window;
  GtkWidget  *page;
} Fixture;

static gboolean
log_view_settled (gpointer data)
{
  IscLogView *log_view = data;

  return !isc_log_view_get_loading (log_view) && isc_log_view_get_state (log_view) != ISC_LOG_VIEW_LOADING;
}

static gboolean newest_in_sight (gpointer data);

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(IscTarget) target = isc_target_new ("m1", ISC_TARGET_DEPLOYMENT, "d1", NULL, NULL);
  int width = GPOINTER_TO_INT (data);

  f->fake = fake_new ();
  fake_add_lines (f->fake, 300, 1000, 5000);
  f->view = isc_view_new ();
  isc_view_set_refresh_interval (f->view, 0);
  isc_view_set_use_utc (f->view, TRUE);
  f->log_view = isc_log_view_new (f->view);

  f->page = isc_logs_page_new ();
  g_object_bind_property (f->view, "use-utc", f->page, "use-utc", G_BINDING_SYNC_CREATE);
  isc_logs_page_set_log_view (ISC_LOGS_PAGE (f->page), f->log_view);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), width > 0 ? width : 1000, 700);
  gtk_window_set_child (GTK_WINDOW (f->window), f->page);
  gtk_window_present (GTK_WINDOW (f->window));

  isc_view_set_client (f->view, f->fake->client);
  isc_view_set_target (f->view, target);
  isc_log_view_set_shown (f->log_view, TRUE);
  g_assert_true (test_wait_for (log_view_settled, f->log_view));
  /* The newest line at the bottom, in sight. */
  g_assert_true (test_wait_for (newest_in_sight, f));
  test_run_frames (100);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->log_view);
  g_clear_object (&f->view);
  g_clear_pointer (&f->fake, fake_free);
  test_run_frames (50);
}

/* The rows on screen (mapped), top to bottom. */
static GPtrArray *
rows_in_sight (GtkWidget *page)
{
  GPtrArray *rows = g_ptr_array_new ();
  GtkWidget *list = GTK_WIDGET (isc_logs_page_get_list_view (ISC_LOGS_PAGE (page)));

  for (GtkWidget *item = gtk_widget_get_first_child (list); item != NULL; item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *row = gtk_widget_get_first_child (item);

      if (row != NULL && ISC_IS_LOG_ROW (row) && gtk_widget_get_mapped (row) && test_in_sight (row) &&
          isc_log_row_get_line (ISC_LOG_ROW (row)) != NULL)
        g_ptr_array_add (rows, row);
    }
  return rows;
}

static GPtrArray *
shown_rows (Fixture *f)
{
  return rows_in_sight (f->page);
}

/* The texts of a row's labels, in order, joined by "|". */
static char *
row_texts (GtkWidget *row)
{
  g_autoptr(GPtrArray) texts = test_collect_shown (row, GTK_TYPE_INSCRIPTION);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < texts->len; i++)
    {
      const char *text = gtk_inscription_get_text (g_ptr_array_index (texts, i));

      if (i > 0)
        g_string_append_c (out, '|');
      g_string_append (out, text != NULL ? text : "");
    }
  return g_string_free (out, FALSE);
}

static guint
index_of_row (GtkWidget *row)
{
  IscLogLine *line = isc_log_row_get_line (ISC_LOG_ROW (row));
  guint index = G_MAXUINT;

  g_assert_true (sscanf (isc_log_line_get_message (line), "line %u", &index) == 1);
  return index;
}

static gboolean
newest_in_sight (gpointer data)
{
  Fixture *f = data;
  g_autoptr(GPtrArray) rows = shown_rows (f);

  return rows->len > 0 && index_of_row (g_ptr_array_index (rows, rows->len - 1)) == 299;
}

/* The lines as a person reads them: time, level word, replica, request
 * id, message; the newest at the bottom, in sight. */
static void
test_rows (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GPtrArray) rows = shown_rows (f);
  GtkWidget *last;
  g_autofree char *texts = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *time = NULL;
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  IscLogLine *line;

  g_assert_null (isc_logs_page_get_status_title (ISC_LOGS_PAGE (f->page)));
  g_assert_cmpuint (rows->len, >, 5);
  last = g_ptr_array_index (rows, rows->len - 1);
  g_assert_cmpuint (index_of_row (last), ==, 299);
  line = isc_log_row_get_line (ISC_LOG_ROW (last));
  time = isc_log_row_format_time (isc_log_line_get_time_ms (line), utc);
  texts = row_texts (last);
  /* Line 299: 299 % 6 = 5, no level (an empty word); replica-b. */
  expected = g_strdup_printf ("%s||replica-b|req-299|line 299", time);
  g_assert_cmpstr (texts, ==, expected);

  /* Top to bottom, older to newer, one line each. */
  for (guint i = 1; i < rows->len; i++)
    g_assert_cmpuint (index_of_row (g_ptr_array_index (rows, i)), ==,
                      index_of_row (g_ptr_array_index (rows, i - 1)) + 1);

  /* An ERROR line says so in a word, with its colour's class. */
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);

      if (isc_log_line_get_level (isc_log_row_get_line (ISC_LOG_ROW (row))) == ISC_LOG_LEVEL_ERROR)
        {
          GtkWidget *level = test_find_shown (row, GTK_TYPE_INSCRIPTION, "text", "ERROR");

          g_assert_nonnull (level);
          g_assert_true (gtk_widget_has_css_class (level, "log-error"));
        }
    }
}

/* A screen reader reads every row as its time, level and message. */
static void
test_accessible_labels (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GPtrArray) rows = shown_rows (f);
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  guint errors = 0;

  g_assert_cmpuint (rows->len, >, 5);
  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);
      IscLogLine *line = isc_log_row_get_line (ISC_LOG_ROW (row));
      g_autofree char *time = isc_log_row_format_time (isc_log_line_get_time_ms (line), utc);
      g_autofree char *expected = NULL;
      g_autofree char *wrong = NULL;

      if (isc_log_line_get_level (line) == ISC_LOG_LEVEL_NONE)
        expected = g_strdup_printf ("%s, %s", time, isc_log_line_get_message (line));
      else
        expected = g_strdup_printf ("%s, %s, %s", time, isc_log_level_to_api (isc_log_line_get_level (line)),
                                    isc_log_line_get_message (line));
      errors += isc_log_line_get_level (line) == ISC_LOG_LEVEL_ERROR;
      wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
      g_assert_null (wrong);
    }
  g_assert_cmpuint (errors, >, 0);
}

/* A line selected: the window's cursor at its moment (the Charts page's
 * crosshair follows the view's). */
static void
test_selection_moves_cursor (Fixture       *f,
                             gconstpointer  data)
{
  GtkSelectionModel *selection = isc_logs_page_get_selection (ISC_LOGS_PAGE (f->page));
  g_autoptr(IscLogLine) line = g_list_model_get_item (G_LIST_MODEL (selection), 123);

  g_assert_cmpint (isc_view_get_cursor_time (f->view), ==, -1);
  gtk_selection_model_select_item (selection, 123, TRUE);
  g_assert_cmpint (isc_view_get_cursor_time (f->view), ==, isc_log_line_get_time_ms (line));
  g_assert_cmpint (isc_view_get_cursor_time (f->view), ==, g_array_index (f->fake->lines, FakeLine, 123).time_ns / 1000000);
}

/* Copy Lines (Ctrl+C) puts the selected lines on the clipboard as text,
 * one a line. */
static void
test_copy_lines (Fixture       *f,
                 gconstpointer  data)
{
  GtkSelectionModel *selection = isc_logs_page_get_selection (ISC_LOGS_PAGE (f->page));
  g_autofree char *copied = NULL;
  g_autoptr(GString) expected = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;

  /* Nothing selected: nothing to copy. */
  g_assert_null (isc_logs_page_dup_selected_text (ISC_LOGS_PAGE (f->page)));

  gtk_selection_model_select_range (selection, 10, 3, TRUE);
  for (guint i = 10; i < 13; i++)
    {
      g_autoptr(IscLogLine) line = g_list_model_get_item (G_LIST_MODEL (selection), i);
      g_autofree char *text = isc_log_line_to_text (line);

      g_string_append_printf (expected, "%s\n", text);
    }

  /* Ctrl+C with the list focused. */
  gtk_widget_grab_focus (GTK_WIDGET (isc_logs_page_get_list_view (ISC_LOGS_PAGE (f->page))));
  g_assert_true (gtk_widget_activate_action (f->page, "logs.copy", NULL));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (f->page), NULL, test_read_text_cb, &copied);
  g_assert_true (test_wait_for (test_pointer_is_set, &copied));
  g_assert_cmpstr (copied, ==, expected->str);
  lines = g_strsplit (copied, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_nonnull (strstr (lines[0], "line 10"));
  g_assert_nonnull (strstr (lines[2], "line 12"));
}

/* Ctrl+C is bound on the page, and the page's copy action is what it
 * runs. */
static void
test_copy_key (Fixture       *f,
               gconstpointer  data)
{
  GtkSelectionModel *selection = isc_logs_page_get_selection (ISC_LOGS_PAGE (f->page));
  GtkWidget *list = GTK_WIDGET (isc_logs_page_get_list_view (ISC_LOGS_PAGE (f->page)));
  g_autofree char *copied = NULL;

  gtk_selection_model_select_item (selection, 42, TRUE);
  gtk_widget_grab_focus (list);
  /* GTK 4.8 offers no way to send a key event from C: the binding is
   * checked through the widget class's shortcuts, as the window would
   * find it. */
  {
    GListModel *shortcuts = gtk_widget_observe_controllers (f->page);
    gboolean bound = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (shortcuts); i++)
      {
        g_autoptr(GtkEventController) controller = g_list_model_get_item (shortcuts, i);

        if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
          continue;
        for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
          {
            g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
            GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
            GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

            if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
                gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == GDK_KEY_c &&
                gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == GDK_CONTROL_MASK &&
                GTK_IS_NAMED_ACTION (action) &&
                g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)), "logs.copy") == 0)
              bound = TRUE;
          }
      }
    g_object_unref (shortcuts);
    g_assert_true (bound);
  }

  g_assert_true (gtk_widget_activate_action (f->page, "logs.copy", NULL));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (f->page), NULL, test_read_text_cb, &copied);
  g_assert_true (test_wait_for (test_pointer_is_set, &copied));
  g_assert_nonnull (strstr (copied, "line 42"));
}

static gboolean
asked_with (gpointer data)
{
  Fixture *f = ((gpointer *) data)[0];
  const char *part = ((gpointer *) data)[1];

  if (!log_view_settled (f->log_view))
    return FALSE;
  for (guint i = 0; i < f->fake->queries->len; i++)
    if (strstr (g_ptr_array_index (f->fake->queries, i), part) != NULL)
      return TRUE;
  return FALSE;
}

/* What is typed and chosen above the list reaches Baseten. */
static void
test_filters (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) entries = test_collect_shown (f->page, GTK_TYPE_SEARCH_ENTRY);
  GtkWidget *search = NULL, *replica = NULL, *request = NULL, *level;
  gpointer wait[2] = { f, NULL };

  for (guint i = 0; i < entries->len; i++)
    {
      GtkWidget *entry = g_ptr_array_index (entries, i);
      g_autofree char *placeholder = NULL;

      g_object_get (entry, "placeholder-text", &placeholder, NULL);
      if (g_strcmp0 (placeholder, "Replica") == 0)
        replica = entry;
      else if (g_strcmp0 (placeholder, "Request ID") == 0)
        request = entry;
      else
        search = entry;
    }
  g_assert_nonnull (search);
  g_assert_nonnull (replica);
  g_assert_nonnull (request);
  level = test_find_shown (f->page, GTK_TYPE_DROP_DOWN, NULL, NULL);
  g_assert_nonnull (level);

  gtk_editable_set_text (GTK_EDITABLE (search), "line 7");
  wait[1] = (gpointer) "search_pattern=line";
  g_assert_true (test_wait_for (asked_with, wait));
  g_assert_cmpstr (isc_log_view_get_search_pattern (f->log_view), ==, "line 7");
  g_assert_cmpuint (g_list_model_get_n_items (isc_log_view_get_lines (f->log_view)), ==, 11);

  gtk_editable_set_text (GTK_EDITABLE (search), "");
  gtk_editable_set_text (GTK_EDITABLE (replica), "replica-a");
  wait[1] = (gpointer) "replica=replica-a";
  g_assert_true (test_wait_for (asked_with, wait));
  gtk_editable_set_text (GTK_EDITABLE (request), "req-42");
  wait[1] = (gpointer) "request_id=req-42";
  g_assert_true (test_wait_for (asked_with, wait));
  g_assert_cmpuint (g_list_model_get_n_items (isc_log_view_get_lines (f->log_view)), ==, 1);

  gtk_editable_set_text (GTK_EDITABLE (replica), "");
  gtk_editable_set_text (GTK_EDITABLE (request), "");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (level), ISC_LOG_LEVEL_ERROR);
  wait[1] = (gpointer) "min_level=ERROR";
  g_assert_true (test_wait_for (asked_with, wait));
  g_assert_cmpint (isc_log_view_get_min_level (f->log_view), ==, ISC_LOG_LEVEL_ERROR);

  /* Every filter has a name a screen reader reads. */
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (replica), GTK_ACCESSIBLE_PROPERTY_LABEL, "Replica"));
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (request), GTK_ACCESSIBLE_PROPERTY_LABEL, "Request ID"));
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (search), GTK_ACCESSIBLE_PROPERTY_LABEL, "Search Pattern"));
  g_assert_null (gtk_test_accessible_check_property (GTK_ACCESSIBLE (level), GTK_ACCESSIBLE_PROPERTY_LABEL, "Minimum Level"));
  /* Named without a tooltip, which covered the open list's first item. */
  g_assert_null (gtk_widget_get_tooltip_text (level));
}

static gboolean
search_message_shown (gpointer data)
{
  return isc_logs_page_get_search_message (data) != NULL;
}

/* A pattern Baseten refuses is said in words beside the search field,
 * as text. */
static void
test_refused_pattern (Fixture       *f,
                      gconstpointer  data)
{
  isc_log_view_set_search_pattern (f->log_view, "line (");
  g_assert_true (test_wait_for (search_message_shown, f->page));
  g_assert_nonnull (strstr (isc_logs_page_get_search_message (ISC_LOGS_PAGE (f->page)), "refused"));
  g_assert_nonnull (strstr (isc_logs_page_get_search_message (ISC_LOGS_PAGE (f->page)), "search_pattern"));
  g_assert_nonnull (test_find_shown (f->page, GTK_TYPE_LABEL, "label", isc_logs_page_get_search_message (ISC_LOGS_PAGE (f->page))));
  g_assert_cmpstr (isc_logs_page_get_status_title (ISC_LOGS_PAGE (f->page)), ==, "Could Not Load Logs");

  isc_log_view_set_search_pattern (f->log_view, "line 1");
  g_assert_true (test_wait_for (log_view_settled, f->log_view));
  g_assert_null (isc_logs_page_get_search_message (ISC_LOGS_PAGE (f->page)));
  g_assert_null (isc_logs_page_get_status_title (ISC_LOGS_PAGE (f->page)));
}

/* Older lines dropped: the page says so. */
static void
test_dropped_notice (Fixture       *f,
                     gconstpointer  data)
{
  const char *notice;

  g_assert_null (isc_logs_page_get_notice (ISC_LOGS_PAGE (f->page)));
  isc_log_view_set_max_lines (f->log_view, 100);
  notice = isc_logs_page_get_notice (ISC_LOGS_PAGE (f->page));
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, "newest 100 lines"));
  g_assert_nonnull (strstr (notice, "dropped"));
  g_assert_nonnull (test_find_shown (f->page, GTK_TYPE_LABEL, "label", notice));
  g_assert_false (gtk_widget_is_sensitive (test_find_button (f->page, "Load _Earlier")));
}

/* Nothing to show says why, in words. */
static void
test_states (Fixture       *f,
             gconstpointer  data)
{
  isc_log_view_set_request_id (f->log_view, "nobody");
  g_assert_true (test_wait_for (log_view_settled, f->log_view));
  g_assert_cmpstr (isc_logs_page_get_status_title (ISC_LOGS_PAGE (f->page)), ==, "No Log Lines");

  isc_view_set_target (f->view, NULL);
  g_assert_cmpstr (isc_logs_page_get_status_title (ISC_LOGS_PAGE (f->page)), ==, "No Deployment Chosen");
}

/* Export Lines: every kept line, as text or JSON Lines. */
static void
test_export (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *text_path = g_build_filename (dir, "lines.log", NULL);
  g_autofree char *json_path = g_build_filename (dir, "lines.jsonl", NULL);
  g_autoptr(GFile) text_file = g_file_new_for_path (text_path);
  g_autoptr(GFile) json_file = g_file_new_for_path (json_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(IscLogLine) first = g_list_model_get_item (isc_log_view_get_lines (f->log_view), 0);
  g_autofree char *first_text = isc_log_line_to_text (first);
  g_autofree char *first_json = isc_log_line_to_json (first);

  g_assert_cmpint (isc_logs_format_from_name ("x.jsonl"), ==, ISC_LOGS_FORMAT_JSON_LINES);
  g_assert_cmpint (isc_logs_format_from_name ("x.NDJSON"), ==, ISC_LOGS_FORMAT_JSON_LINES);
  g_assert_cmpint (isc_logs_format_from_name ("x.log"), ==, ISC_LOGS_FORMAT_TEXT);
  g_assert_cmpint (isc_logs_format_from_name ("x.txt"), ==, ISC_LOGS_FORMAT_TEXT);

  g_assert_true (isc_logs_page_write_lines (ISC_LOGS_PAGE (f->page), text_file, ISC_LOGS_FORMAT_TEXT, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (text_path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 301);
  g_assert_cmpstr (lines[0], ==, first_text);
  g_assert_cmpstr (lines[300], ==, "");
  g_clear_pointer (&lines, g_strfreev);
  g_clear_pointer (&contents, g_free);

  g_assert_true (isc_logs_page_write_lines (ISC_LOGS_PAGE (f->page), json_file, ISC_LOGS_FORMAT_JSON_LINES, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (json_path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 301);
  g_assert_cmpstr (lines[0], ==, first_json);
  g_assert_true (lines[0][0] == '{');

  test_remove_dir (dir);
}

static gboolean
oldest_in_sight (gpointer data)
{
  Fixture *f = data;
  g_autoptr(GPtrArray) rows = shown_rows (f);

  return rows->len > 0 && index_of_row (g_ptr_array_index (rows, 0)) == 0;
}

/* Follow turned on while the list shows its oldest lines: the newest
 * come into sight, as with tail -f, and stay there as lines come. */
static void
test_follow_scrolls (Fixture       *f,
                     gconstpointer  data)
{
  GtkListView *list = isc_logs_page_get_list_view (ISC_LOGS_PAGE (f->page));
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list));

  g_assert_true (isc_log_view_get_can_follow (f->log_view));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
  g_assert_true (test_wait_for (oldest_in_sight, f));
  test_run_frames (100);
  g_assert_false (newest_in_sight (f));

  isc_log_view_set_following (f->log_view, TRUE);
  g_assert_true (test_wait_for (newest_in_sight, f));
  isc_log_view_set_following (f->log_view, FALSE);
}

/* A line of another day: its day and month before the clock, read as
 * written ("2 Jan 14:37:12.986"), with nothing before the day, in the
 * row and in what a screen reader (or a braille line) is given. */
static void
test_day_text (void)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  /* 2 Jan 2026 14:37:12.986 UTC, and the 12th. */
  gint64 ms = G_GINT64_CONSTANT (1767364632986);
  g_autoptr(IscLogLine) line = isc_log_line_new (ms * 1000000, ISC_LOG_LEVEL_ERROR, "replica-a", "req-1",
                                                 "boom", -1);
  g_autofree char *single = isc_log_row_format_time (ms, utc);
  g_autofree char *twelfth = isc_log_row_format_time (ms + (gint64) 10 * 24 * 3600 * 1000, utc);
  g_autofree char *label = isc_log_row_dup_label (line, utc);
  GtkWidget *row = isc_log_row_new ();
  g_autofree char *wrong = NULL;

  g_object_ref_sink (row);
  g_assert_cmpstr (single, ==, "2 Jan 14:37:12.986");
  g_assert_cmpstr (twelfth, ==, "12 Jan 14:37:12.986");
  g_assert_cmpstr (label, ==, "2 Jan 14:37:12.986, ERROR, boom");
  isc_log_row_set_line (ISC_LOG_ROW (row), line, utc);
  g_assert_nonnull (test_find_widget (row, GTK_TYPE_INSCRIPTION, "text", "2 Jan 14:37:12.986"));
  wrong = gtk_test_accessible_check_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                              "2 Jan 14:37:12.986, ERROR, boom");
  g_assert_null (wrong);
  g_object_unref (row);
}

/* Lines of two days: every row's columns at the same x, whether its
 * time carries the day or not. */
static void
test_columns_across_days (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  gint64 now_ns = g_get_real_time () * 1000;
  /* Two days ago (its day shown) and now (today's, but in the first
   * millisecond of a day: both then show it, and line up as well). */
  g_autoptr(IscLogLine) old = isc_log_line_new (now_ns - (gint64) 2 * 24 * 3600 * G_GINT64_CONSTANT (1000000000),
                                                ISC_LOG_LEVEL_ERROR, "replica-a", "req-1", "old", -1);
  g_autoptr(IscLogLine) new = isc_log_line_new (now_ns, ISC_LOG_LEVEL_ERROR, "replica-a", "req-2", "new", -1);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *rows[2] = { isc_log_row_new (), isc_log_row_new () };
  g_autofree char *old_time = isc_log_row_format_time (isc_log_line_get_time_ms (old), utc);
  graphene_point_t at[2];

  /* The day before the clock on the old line only. */
  g_assert_cmpuint (strlen (old_time), >, strlen ("00:00:00.000"));
  isc_log_row_set_line (ISC_LOG_ROW (rows[0]), old, utc);
  isc_log_row_set_line (ISC_LOG_ROW (rows[1]), new, utc);
  gtk_box_append (GTK_BOX (box), rows[0]);
  gtk_box_append (GTK_BOX (box), rows[1]);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 200);
  gtk_window_present (GTK_WINDOW (window));
  test_run_frames (200);

  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *level = test_find_shown (rows[i], GTK_TYPE_INSCRIPTION, "text", "ERROR");

      g_assert_nonnull (level);
      g_assert_true (gtk_widget_compute_point (level, window, &GRAPHENE_POINT_INIT (0, 0), &at[i]));
    }
  g_assert_cmpfloat (at[0].x, ==, at[1].x);

  /* And as at 360 px: the message under the time and level, which fit
   * beside each other still, the same x for both days. */
  for (guint i = 0; i < 2; i++)
    isc_log_row_set_narrow (ISC_LOG_ROW (rows[i]), 30);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 200);
  gtk_widget_set_size_request (box, 340, -1);
  gtk_widget_set_halign (box, GTK_ALIGN_START);
  test_run_frames (200);
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *level = test_find_shown (rows[i], GTK_TYPE_INSCRIPTION, "text", "ERROR");

      g_assert_cmpint (gtk_widget_get_width (rows[i]), <=, 360);
      g_assert_nonnull (level);
      g_assert_true (gtk_widget_compute_point (level, window, &GRAPHENE_POINT_INIT (0, 0), &at[i]));
    }
  g_assert_cmpfloat (at[0].x, ==, at[1].x);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At 360 px: nothing wider than the window, the replica and request id
 * gone from the rows, the message wrapping under the time. */
static void
test_narrow (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GPtrArray) rows = NULL;
  int minimum = 0;
  GtkWidget *row, *message;

  gtk_widget_measure (f->page, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360);
  g_assert_cmpint (gtk_widget_get_width (f->page), <=, 360);

  rows = shown_rows (f);
  g_assert_cmpuint (rows->len, >, 2);
  row = g_ptr_array_index (rows, rows->len - 1);
  g_assert_null (test_find_shown (row, GTK_TYPE_INSCRIPTION, "text", "replica-b"));
  g_assert_null (test_find_shown (row, GTK_TYPE_INSCRIPTION, "text", "req-299"));
  message = test_find_shown (row, GTK_TYPE_INSCRIPTION, "text", "line 299");
  g_assert_nonnull (message);
  /* Under the time, on as many lines as it needs: one here. */
  g_assert_cmpuint (gtk_inscription_get_nat_lines (GTK_INSCRIPTION (message)), ==, 1);
  g_assert_false (gtk_widget_is_ancestor (message, gtk_widget_get_first_child (row)));
  g_assert_cmpint (gtk_widget_get_width (row), <=, 360);
}

/* The window, on the demo */

static IscLogView *
window_log_view (IscWindow *window)
{
  GtkWidget *page = test_find_widget (GTK_WIDGET (window), ISC_TYPE_LOGS_PAGE, NULL, NULL);

  g_assert_nonnull (page);
  return isc_logs_page_get_log_view (ISC_LOGS_PAGE (page));
}

static gboolean
window_lines_ready (gpointer data)
{
  IscLogView *log_view = window_log_view (data);

  return isc_log_view_get_state (log_view) == ISC_LOG_VIEW_READY && !isc_log_view_get_loading (log_view);
}

static const char *
mode_state (IscWindow *window)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "mode");

  return g_intern_string (g_variant_get_string (state, NULL));
}

static gboolean
logs_page_gone (gpointer data)
{
  return test_find_shown (GTK_WIDGET (data), ISC_TYPE_LOGS_PAGE, NULL, NULL) == NULL;
}

/* Ctrl+4 (win.mode "logs"): the Logs page with the demo's lines, the
 * metrics' mode kept beneath; Ctrl+3 the charts again, and the lines are
 * no longer asked for. */
static void
test_window_mode (void)
{
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  IscLogView *log_view = window_log_view (window);
  GtkWidget *page;

  test_wait_for_view (window);
  g_assert_false (isc_log_view_get_shown (log_view));
  g_assert_cmpint (isc_log_view_get_state (log_view), ==, ISC_LOG_VIEW_EMPTY);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "logs"));
  g_assert_cmpstr (mode_state (window), ==, "logs");
  page = test_find_shown (GTK_WIDGET (window), ISC_TYPE_LOGS_PAGE, NULL, NULL);
  g_assert_nonnull (page);
  g_assert_true (isc_log_view_get_shown (log_view));
  g_assert_true (test_wait_for (window_lines_ready, window));
  g_assert_cmpuint (g_list_model_get_n_items (isc_log_view_get_lines (log_view)), >, 10);
  test_run_frames (300);
  g_assert_nonnull (test_find_shown (page, ISC_TYPE_LOG_ROW, NULL, NULL));
  g_assert_cmpint (isc_view_get_mode (view), ==, ISC_MODE_SERIES);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "charts"));
  g_assert_cmpstr (mode_state (window), ==, "charts");
  /* Gone by the next frames (libadwaita 1.10's view stack unmaps the
   * page it leaves after the switch, not in it). */
  g_assert_true (test_wait_for (logs_page_gone, window));
  g_assert_false (isc_log_view_get_shown (log_view));
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHART_VIEW, NULL, NULL));

  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkEventController *
secondary_click (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_SECONDARY)
        return controller;
    }
  g_assert_not_reached ();
}

/* Logs at This Time's answer: the window's range a few minutes around
 * @moment_ms, on the Logs page. */
static void
assert_logs_around (IscWindow *window,
                    gint64     moment_ms)
{
  const IscTimeRange *range = isc_view_get_range (isc_window_get_view (window));

  g_assert_cmpint (range->kind, ==, ISC_TIME_RANGE_ABSOLUTE);
  g_assert_cmpint (range->start_ms, ==, moment_ms - 5 * MINUTE_MS);
  g_assert_cmpint (range->end_ms, ==, moment_ms + 5 * MINUTE_MS);
  g_assert_cmpstr (mode_state (window), ==, "logs");
}

/* The demo's daily 5xx incident, chased from the Error rate chart to its
 * ERROR lines (Logs at This Time), the crosshair moved by a line, and
 * Back to the charts' range. */
static void
test_window_incident (void)
{
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  IscLogView *log_view = window_log_view (window);
  g_autoptr(IscTimeRange) day = isc_time_range_new_relative (24 * 60 * MINUTE_MS);
  g_autoptr(IscTimeRange) before = NULL;
  g_autoptr(GtkBitset) selected = NULL;
  GtkWidget *charts, *error_rate, *logs;
  GtkSelectionModel *selection;
  const IscTimeRange *range;
  gint64 peak_ms, step_ms;
  guint n_errors = 0, first_error = G_MAXUINT, n;
  IscMetricsResponse *response;

  test_wait_for_view (window);
  g_assert_true (isc_view_set_range (view, day, NULL));
  test_wait_for_view (window);
  before = isc_time_range_copy (isc_view_get_range (view));
  response = isc_view_get_response (view);
  peak_ms = test_peak_5xx_ms (response);
  step_ms = isc_metrics_response_get_step_start_ms (response, 1) - isc_metrics_response_get_step_start_ms (response, 0);

  /* The Error rate chart at the incident, and its menu's Logs at This
   * Time. */
  charts = test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHARTS_PAGE, NULL, NULL);
  g_assert_nonnull (charts);
  g_assert_true (test_wait_for (test_charts_shown, charts));
  error_rate = isc_charts_page_get_error_rate_chart (ISC_CHARTS_PAGE (charts), 0);
  g_assert_nonnull (error_rate);
  isc_view_set_cursor_time (view, peak_ms);
  g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (error_rate)), ==, peak_ms);
  g_signal_emit_by_name (secondary_click (error_rate), "pressed", 1,
                         gtk_widget_get_width (error_rate) / 2.0, gtk_widget_get_height (error_rate) / 2.0);
  g_assert_true (gtk_widget_activate_action (error_rate, "chart.logs-at-time", NULL));
  gtk_popover_popdown (isc_chart_view_get_menu (ISC_CHART_VIEW (error_rate)));

  /* A few minutes around it, on the Logs page. */
  assert_logs_around (window, peak_ms);
  range = isc_view_get_range (view);
  g_assert_cmpint (isc_view_get_cursor_time (view), ==, peak_ms);
  logs = test_find_shown (GTK_WIDGET (window), ISC_TYPE_LOGS_PAGE, NULL, NULL);
  g_assert_nonnull (logs);
  g_assert_true (test_wait_for (window_lines_ready, window));

  /* The incident's ERROR lines, in its step. */
  n = g_list_model_get_n_items (isc_log_view_get_lines (log_view));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IscLogLine) line = g_list_model_get_item (isc_log_view_get_lines (log_view), i);
      gint64 ms = isc_log_line_get_time_ms (line);

      g_assert_cmpint (ms, >=, range->start_ms);
      g_assert_cmpint (ms, <=, range->end_ms);
      if (isc_log_line_get_level (line) == ISC_LOG_LEVEL_ERROR && ms >= peak_ms && ms < peak_ms + step_ms)
        {
          n_errors++;
          if (first_error == G_MAXUINT)
            first_error = i;
        }
    }
  g_assert_cmpuint (n_errors, >, 3);

  /* An ERROR line selected: the crosshair at its moment on the charts. */
  selection = isc_logs_page_get_selection (ISC_LOGS_PAGE (logs));
  gtk_selection_model_select_item (selection, first_error, TRUE);
  selected = gtk_selection_model_get_selection (selection);
  g_assert_cmpuint (gtk_bitset_get_size (selected), ==, 1);
  {
    g_autoptr(IscLogLine) line = g_list_model_get_item (G_LIST_MODEL (selection), first_error);
    gint64 line_ms = isc_log_line_get_time_ms (line);

    g_assert_cmpint (isc_view_get_cursor_time (view), ==, line_ms);
    /* Every chart's crosshair (read before the charts are back in sight:
     * the test's pointer, wherever Xvfb left it, may then hover one). */
    g_assert_cmpint (isc_charts_page_get_cursor_time (ISC_CHARTS_PAGE (charts)), ==, line_ms);
    for (guint i = 0; i < isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (charts)); i++)
      g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (isc_charts_page_get_chart (ISC_CHARTS_PAGE (charts), i))),
                       ==, line_ms);
    g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (isc_charts_page_get_error_rate_chart (ISC_CHARTS_PAGE (charts), 0))),
                     ==, line_ms);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "charts"));
    test_wait_for_view (window);
    g_assert_true (test_wait_for (test_charts_shown, charts));
  }

  /* Back: the day the charts showed. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL));
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), before));

  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  IscWindow *window;
  gint64     ms;
} Moment;

/* @line's row in the middle half of @page's list, with lines before it
 * and after it in sight (or the list scrolled as far as it goes that
 * way). */
static gboolean
line_in_middle (GtkWidget  *page,
                IscLogLine *line)
{
  GtkWidget *list = GTK_WIDGET (isc_logs_page_get_list_view (ISC_LOGS_PAGE (page)));
  GtkAdjustment *vadjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list));
  g_autoptr(GPtrArray) rows = rows_in_sight (page);

  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);
      graphene_rect_t bounds;
      double middle, height = gtk_widget_get_height (list);
      double value = gtk_adjustment_get_value (vadjustment);

      if (isc_log_row_get_line (ISC_LOG_ROW (row)) != line ||
          !gtk_widget_compute_bounds (row, list, &bounds))
        continue;
      middle = bounds.origin.y + bounds.size.height / 2;
      return (middle >= height / 4 || value <= gtk_adjustment_get_lower (vadjustment)) &&
             (middle <= 3 * height / 4 ||
              value >= gtk_adjustment_get_upper (vadjustment) - gtk_adjustment_get_page_size (vadjustment) - 1);
    }
  return FALSE;
}

/* The Logs page shows the line nearest data's moment in its middle. */
static gboolean
moment_in_sight (gpointer data)
{
  Moment *moment = data;
  GtkWidget *page = test_find_shown (GTK_WIDGET (moment->window), ISC_TYPE_LOGS_PAGE, NULL, NULL);
  IscLogView *log_view = window_log_view (moment->window);
  g_autoptr(IscLogLine) nearest = NULL;
  guint position;

  if (page == NULL)
    return FALSE;
  position = isc_log_view_find_time (log_view, moment->ms);
  if (position == G_MAXUINT)
    return FALSE;
  nearest = g_list_model_get_item (isc_log_view_get_lines (log_view), position);
  return line_in_middle (page, nearest);
}

typedef struct
{
  Fixture *f;
  gint64   ms;
} InMiddle;

/* The line at in_middle's moment, of the lines loaded now. */
static gboolean
fixture_moment_in_middle (gpointer data)
{
  InMiddle *in_middle = data;
  IscLogView *log_view = in_middle->f->log_view;
  guint position = isc_log_view_find_time (log_view, in_middle->ms);
  g_autoptr(IscLogLine) line = NULL;

  if (position == G_MAXUINT)
    return FALSE;
  line = g_list_model_get_item (isc_log_view_get_lines (log_view), position);
  return isc_log_line_get_time_ms (line) == in_middle->ms && line_in_middle (in_middle->f->page, line);
}

/* Lines loaded for a window with a moment in it (Logs at This Time) open
 * with the moment's line in the middle of the list, what came before it
 * above and what came after below, wide and at 360 px, where rows fold
 * to two lines and more. */
static void
test_moment_in_middle (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(IscLogLine) line = g_list_model_get_item (isc_log_view_get_lines (f->log_view), 150);
  InMiddle in_middle = { f, -1 };
  GtkWidget *list = GTK_WIDGET (isc_logs_page_get_list_view (ISC_LOGS_PAGE (f->page)));

  g_autoptr(IscTimeRange) around = NULL;
  gint64 ms;

  g_assert_nonnull (line);
  g_assert_false (line_in_middle (f->page, line));
  /* What Logs at This Time does: the window's moment, and a range
   * around it (here every line's). */
  ms = isc_log_line_get_time_ms (line);
  around = isc_time_range_new_absolute (ms - 200 * 1000, ms + 200 * 1000);
  in_middle.ms = ms;
  isc_view_set_cursor_time (f->view, ms);
  g_assert_true (isc_view_set_range (f->view, around, NULL));
  g_assert_true (test_wait_for (log_view_settled, f->log_view));
  g_assert_true (test_wait_for (fixture_moment_in_middle, &in_middle));
  /* Not at either end: lines on both sides. */
  g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list))), >, 0);
  test_run_frames (50);
  g_assert_true (fixture_moment_in_middle (&in_middle));
}

/* The number of the line marked as at the moment, among the rows in
 * sight ("line N"): -1 for none; more than one fails. */
static int
marked_line (Fixture *f)
{
  g_autoptr(GPtrArray) rows = shown_rows (f);
  int marked = -1;

  for (guint i = 0; i < rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (rows, i);

      g_assert_cmpint (isc_log_row_get_moment (ISC_LOG_ROW (row)), ==, gtk_widget_has_css_class (row, "moment"));
      if (isc_log_row_get_moment (ISC_LOG_ROW (row)))
        {
          g_assert_cmpint (marked, ==, -1);
          marked = (int) index_of_row (row);
        }
    }
  return marked;
}

/* The time of the log view's line at @position (line N is at N). */
static gint64
time_at (Fixture *f,
         guint    position)
{
  g_autoptr(IscLogLine) line = g_list_model_get_item (isc_log_view_get_lines (f->log_view), position);

  g_assert_nonnull (line);
  return isc_log_line_get_time_ms (line);
}

/* The line at the window's moment (the charts' cursor) is marked, and
 * one line only: where Logs at This Time opens, where the crosshair
 * moves, the line selected; none with no moment, or a moment after the
 * newest line. */
static void
test_moment_marked (Fixture       *f,
                    gconstpointer  data)
{
  gint64 ms = time_at (f, 290);

  g_assert_cmpint (marked_line (f), ==, -1);

  isc_view_set_cursor_time (f->view, ms);
  test_run_frames (5);
  g_assert_cmpint (marked_line (f), ==, 290);

  /* A moment between two lines: the one after it. */
  isc_view_set_cursor_time (f->view, ms + 400);
  test_run_frames (5);
  g_assert_cmpint (marked_line (f), ==, 291);

  /* A line selected: the cursor at it, the mark too. */
  gtk_selection_model_select_item (isc_logs_page_get_selection (ISC_LOGS_PAGE (f->page)), 285, TRUE);
  test_run_frames (5);
  g_assert_cmpint (isc_view_get_cursor_time (f->view), ==, time_at (f, 285));
  g_assert_cmpint (marked_line (f), ==, 285);

  /* After the newest line, or none: no mark. */
  isc_view_set_cursor_time (f->view, time_at (f, 299) + 60 * 1000);
  test_run_frames (5);
  g_assert_cmpint (marked_line (f), ==, -1);
  isc_view_set_cursor_time (f->view, ms);
  test_run_frames (5);
  g_assert_cmpint (marked_line (f), ==, 290);
  isc_view_set_cursor_time (f->view, -1);
  test_run_frames (5);
  g_assert_cmpint (marked_line (f), ==, -1);
}

/* The same chase by keyboard alone: the Error rate chart focused, its
 * keyboard cursor moved to the incident's step, Return for its menu and
 * Logs at This Time. The list opens at that moment, as it does for the
 * pointer, not at the window's end: the chart losing the focus as the
 * Logs page replaces the charts must not take the moment with it. */
static void
test_window_incident_keys (void)
{
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  g_autoptr(IscTimeRange) day = isc_time_range_new_relative (24 * 60 * MINUTE_MS);
  GtkWidget *charts, *error_rate;
  IscMetricsResponse *response;
  Moment moment = { window, -1 };
  gint64 peak_ms;
  guint n_steps;

  test_wait_for_view (window);
  g_assert_true (isc_view_set_range (view, day, NULL));
  test_wait_for_view (window);
  response = isc_view_get_response (view);
  peak_ms = test_peak_5xx_ms (response);
  n_steps = isc_metrics_response_get_n_steps (response);

  charts = test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHARTS_PAGE, NULL, NULL);
  g_assert_nonnull (charts);
  g_assert_true (test_wait_for (test_charts_shown, charts));
  error_rate = isc_charts_page_get_error_rate_chart (ISC_CHARTS_PAGE (charts), 0);
  g_assert_nonnull (error_rate);
  g_assert_true (gtk_widget_grab_focus (error_rate));
  test_run_frames (50);

  /* Home, then Right to the incident's step. */
  g_assert_true (test_press_chart_key (error_rate, GDK_KEY_Home, 0));
  for (guint i = 0; i < n_steps && isc_chart_view_get_cursor_time (ISC_CHART_VIEW (error_rate)) < peak_ms; i++)
    g_assert_true (test_press_chart_key (error_rate, GDK_KEY_Right, 0));
  g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (error_rate)), ==, peak_ms);
  g_assert_cmpint (isc_view_get_cursor_time (view), ==, peak_ms);

  /* Return: the menu; Logs at This Time. */
  g_assert_true (test_press_chart_key (error_rate, GDK_KEY_Return, 0));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (isc_chart_view_get_menu (ISC_CHART_VIEW (error_rate)))));
  g_assert_true (gtk_widget_activate_action (error_rate, "chart.logs-at-time", NULL));
  gtk_popover_popdown (isc_chart_view_get_menu (ISC_CHART_VIEW (error_rate)));

  assert_logs_around (window, peak_ms);
  g_assert_true (test_wait_for (window_lines_ready, window));
  test_run_frames (300);

  /* The moment kept, and the list at it. */
  g_assert_cmpint (isc_view_get_cursor_time (view), ==, peak_ms);
  moment.ms = peak_ms;
  g_assert_true (test_wait_for (moment_in_sight, &moment));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  /* The window's tests: the app on its built-in demo. */
  test_app_start ();
  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  g_assert_true (test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)));
  g_assert_true (isc_session_use_demo (test_app_session (), &error));
  g_assert_no_error (error);
  g_assert_true (test_wait_for (test_session_is_ready, NULL));

#define ADD(path, func, width) \
  g_test_add ("/isc/logs-page/" path, Fixture, GINT_TO_POINTER (width), fixture_setup, func, fixture_teardown)
  ADD ("rows", test_rows, 0);
  ADD ("accessible-labels", test_accessible_labels, 0);
  ADD ("selection-moves-cursor", test_selection_moves_cursor, 0);
  ADD ("copy-lines", test_copy_lines, 0);
  ADD ("copy-key", test_copy_key, 0);
  ADD ("filters", test_filters, 0);
  ADD ("refused-pattern", test_refused_pattern, 0);
  ADD ("dropped-notice", test_dropped_notice, 0);
  ADD ("states", test_states, 0);
  ADD ("export", test_export, 0);
  ADD ("follow-scrolls", test_follow_scrolls, 0);
  ADD ("columns-across-days", test_columns_across_days, 0);
  ADD ("narrow", test_narrow, 360);
  ADD ("moment-in-middle", test_moment_in_middle, 0);
  ADD ("moment-in-middle/narrow", test_moment_in_middle, 360);
  ADD ("moment-marked", test_moment_marked, 0);
#undef ADD
  g_test_add_func ("/isc/logs-page/day-text", test_day_text);
  g_test_add_func ("/isc/logs-page/window/mode", test_window_mode);
  g_test_add_func ("/isc/logs-page/window/incident", test_window_incident);
  g_test_add_func ("/isc/logs-page/window/incident-keys", test_window_incident_keys);

  status = g_test_run ();
  test_app_stop ();
  return status;
}
