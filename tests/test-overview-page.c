/* test-overview-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The fleet overview page: rows over the simulated API's fleet in a
 * thread, in trouble order, the fault row's reason on the row, the
 * filter, the narrow layout, and a click on a row naming its target; then
 * in the window, the sidebar's Overview and a click opening the target
 * in the view as charts.
 */

#include "config.h"

#include <string.h>

#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-overview-page.h"
#include "isc-sidebar.h"
#include "isc-test-app.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "isc-window.h"

#define FLEET_SIZE 6

typedef struct
{
  IscDemoServer *server;
  IscClient     *client;
  IscTargetList *list;
  IscFleet      *fleet;
  GtkWidget     *window;
  GtkWidget     *page;
  IscTarget     *activated;
  const char    *wanted;   /* label_shown () */
} Fixture;

static gboolean
list_loaded (gpointer data)
{
  IscTargetList *list = data;

  return !isc_target_list_get_loading (list) && g_list_model_get_n_items (G_LIST_MODEL (list)) > 0;
}

static gboolean
fleet_done (gpointer data)
{
  IscFleet *fleet = data;

  return g_list_model_get_n_items (G_LIST_MODEL (fleet)) > 0 &&
         !isc_fleet_get_loading (fleet) && isc_fleet_get_in_flight (fleet) == 0;
}

/* Every row answered: the fault row's retries take seconds, and longer
 * under a sanitizer on a busy machine, so up to a minute. */
static gboolean
wait_for_fleet (IscFleet *fleet)
{
  for (guint i = 0; i < 6; i++)
    {
      if (test_wait_for (fleet_done, fleet))
        return TRUE;
    }
  return FALSE;
}

static void
on_target_activated (IscOverviewPage *page,
                     const IscTarget *target,
                     Fixture         *f)
{
  g_clear_pointer (&f->activated, isc_target_free);
  f->activated = isc_target_copy (target);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server = isc_demo_server_new (1, NULL);
  isc_demo_server_set_fleet_size (f->server, FLEET_SIZE);
  g_assert_true (isc_demo_server_run_in_thread (f->server, 0, &error));
  g_assert_no_error (error);
  f->client = isc_client_new (isc_demo_server_get_base_url (f->server), NULL, &error);
  g_assert_no_error (error);

  f->list = isc_target_list_new ();
  isc_target_list_reload_async (f->list, f->client, NULL, NULL, NULL);
  g_assert_true (test_wait_for (list_loaded, f->list));

  f->fleet = isc_fleet_new ();
  isc_fleet_set_target_list (f->fleet, f->list);
  isc_fleet_set_client (f->fleet, f->client);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 800);
  f->page = isc_overview_page_new ();
  isc_overview_page_set_fleet (ISC_OVERVIEW_PAGE (f->page), f->fleet);
  g_signal_connect (f->page, "target-activated", G_CALLBACK (on_target_activated), f);
  gtk_window_set_child (GTK_WINDOW (f->window), f->page);
  gtk_window_present (GTK_WINDOW (f->window));
  test_wait_until_mapped (f->page);

  isc_fleet_set_active (f->fleet, TRUE);
  g_assert_true (isc_fleet_get_loading (f->fleet));
  g_assert_true (wait_for_fleet (f->fleet));
  test_run_frames (100);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&f->window)));
  test_run_frames (50);
  g_clear_pointer (&f->activated, isc_target_free);
  g_clear_object (&f->fleet);
  g_clear_object (&f->list);
  g_clear_object (&f->client);
  g_clear_object (&f->server);
}

/* The first mapped label under @root whose text is @text, or contains
 * it with @partial. */
static GtkWidget *
find_label (GtkWidget  *root,
            const char *text,
            gboolean    partial)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if (GTK_IS_LABEL (root) &&
      (partial ? strstr (gtk_label_get_text (GTK_LABEL (root)), text) != NULL
               : g_str_equal (gtk_label_get_text (GTK_LABEL (root)), text)))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text, partial);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* What a click on @widget, in the row at @position, does: GTK 4.8's
 * list item click gesture activates "list.activate-item" with the row's
 * position, from the row. */
static void
click_row_of (GtkWidget *widget,
              guint      position)
{
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_activate_action (widget, "list.activate-item", "u", position));
}

static gboolean
label_shown (gpointer data)
{
  Fixture *f = data;

  return find_label (f->page, f->wanted, FALSE) != NULL;
}

static char *
title_of (IscFleetRow *row)
{
  return g_strdup_printf ("%s · %s", isc_fleet_row_get_model_name (row), isc_fleet_row_get_name (row));
}

/* Every row shows, by trouble, the fault first with its reason on it. */
static void
test_rows (Fixture       *f,
           gconstpointer  data)
{
  GListModel *shown = isc_overview_page_get_shown (ISC_OVERVIEW_PAGE (f->page));
  g_autoptr(IscFleetRow) first = NULL;
  g_autofree char *progress = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (f->fleet));
  GtkWidget *reason;

  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, n);
  g_assert_cmpuint (n, >, 3 * FLEET_SIZE);

  first = g_list_model_get_item (shown, 0);
  g_assert_cmpstr (isc_fleet_row_get_target (first)->id, ==, isc_demo_server_get_fault_deployment_id (f->server));
  g_assert_cmpint (isc_fleet_row_get_health (first), ==, ISC_FLEET_HEALTH_ERROR);
  for (guint i = 1; i < n; i++)
    {
      g_autoptr(IscFleetRow) a = g_list_model_get_item (shown, i - 1);
      g_autoptr(IscFleetRow) b = g_list_model_get_item (shown, i);

      g_assert_cmpint (isc_fleet_row_compare_trouble (a, b, NULL), <=, 0);
    }

  /* The reason, on the row, at the top of the page. */
  g_test_message ("fault: %s", isc_fleet_row_get_error_message (first));
  f->wanted = isc_fleet_row_get_error_message (first);
  g_assert_true (test_wait_for (label_shown, f));
  reason = find_label (f->page, isc_fleet_row_get_error_message (first), FALSE);
  g_assert_nonnull (reason);
  g_assert_true (gtk_widget_has_css_class (reason, "error"));
  g_assert_nonnull (find_label (f->page, "Error", FALSE));

  progress = g_strdup_printf ("%u targets, 1 could not be loaded", n);
  g_assert_nonnull (find_label (f->page, progress, FALSE));

  /* Named for screen readers. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (test_find_shown (f->page, GTK_TYPE_COLUMN_VIEW, NULL, NULL)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Fleet Overview");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (test_find_shown (f->page, GTK_TYPE_SEARCH_ENTRY, NULL, NULL)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Filter Overview");
}

/* A click on a row names its target. */
static void
test_click (Fixture       *f,
            gconstpointer  data)
{
  GListModel *shown = isc_overview_page_get_shown (ISC_OVERVIEW_PAGE (f->page));
  g_autoptr(IscFleetRow) row = g_list_model_get_item (shown, 1);
  g_autofree char *title = title_of (row);
  GtkWidget *label;

  f->wanted = title;
  g_assert_true (test_wait_for (label_shown, f));
  label = find_label (f->page, title, FALSE);
  g_assert_nonnull (label);
  g_assert_null (f->activated);
  click_row_of (label, 1);
  g_assert_nonnull (f->activated);
  g_assert_true (isc_target_equal (f->activated, isc_fleet_row_get_target (row)));
}

static gboolean
filter_set (gpointer data)
{
  return isc_overview_page_get_filter (data) != NULL;
}

static gboolean
filter_cleared (gpointer data)
{
  return isc_overview_page_get_filter (data) == NULL;
}

/* The filter keeps the rows whose names match. */
static void
test_filter (Fixture       *f,
             gconstpointer  data)
{
  GListModel *shown = isc_overview_page_get_shown (ISC_OVERVIEW_PAGE (f->page));
  GtkWidget *entry = test_find_shown (f->page, GTK_TYPE_SEARCH_ENTRY, NULL, NULL);
  guint n_embed = 0;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (f->fleet)); i++)
    {
      g_autoptr(IscFleetRow) row = g_list_model_get_item (G_LIST_MODEL (f->fleet), i);

      if (g_str_equal (isc_fleet_row_get_target (row)->model_id, ISC_DEMO_MODEL_EMBED))
        n_embed++;
    }
  /* The production and development environments and v2; in working hours
   * the development deployment serves too and has a row of its own. */
  g_assert_cmpuint (n_embed, >=, 3);

  /* Typed: the search entry reports it after a pause. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "TEXT-EMBED");
  g_assert_true (test_wait_for (filter_set, f->page));
  g_assert_cmpstr (isc_overview_page_get_filter (ISC_OVERVIEW_PAGE (f->page)), ==, "TEXT-EMBED");
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, n_embed);
  test_run_frames (50);
  g_assert_nonnull (find_label (f->page, "text-embeddings · production", FALSE));
  g_assert_null (find_label (f->page, "chat-assistant · production", FALSE));

  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  g_assert_true (test_wait_for (filter_cleared, f->page));
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, g_list_model_get_n_items (G_LIST_MODEL (f->fleet)));
}

static gboolean
columns_compact (gpointer data)
{
  GtkColumnView *view = data;
  GListModel *columns = gtk_column_view_get_columns (view);
  guint n_visible = 0;

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      n_visible += gtk_column_view_column_get_visible (column);
    }
  return n_visible == 4;
}

/* The titles of the table's shown columns, in order, joined by "|". */
static char *
shown_columns (GtkColumnView *view)
{
  GListModel *columns = gtk_column_view_get_columns (view);
  g_autoptr(GString) titles = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (!gtk_column_view_column_get_visible (column))
        continue;
      if (titles->len > 0)
        g_string_append_c (titles, '|');
      g_string_append (titles, gtk_column_view_column_get_title (column));
    }
  return g_string_free (g_steal_pointer (&titles), FALSE);
}

static gboolean
columns_wide (gpointer data)
{
  g_autofree char *titles = shown_columns (data);

  return strcmp (titles, "Name|Requests|5xx|p95|Replicas|Health") == 0;
}

/* At 360 px the sparkline and p95 hide; name, 5xx, replicas and health
 * stay. */
static void
test_narrow (Fixture       *f,
             gconstpointer  data)
{
  GtkWidget *view = test_find_shown (f->page, GTK_TYPE_COLUMN_VIEW, NULL, NULL);
  g_autofree char *narrow = NULL;
  int width;

  g_assert_false (columns_compact (view));
  g_assert_true (columns_wide (view));
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 640);
  g_assert_true (test_wait_for (columns_compact, view));
  test_run_frames (100);
  width = gtk_widget_get_width (f->window);
  g_assert_cmpint (width, <=, 400);
  g_assert_nonnull (find_label (f->page, "Health", FALSE));
  narrow = shown_columns (GTK_COLUMN_VIEW (view));
  g_assert_cmpstr (narrow, ==, "Name|5xx|Replicas|Health");

}

/* In the window: Overview in the sidebar shows the page; a row clicked
 * opens its target in the view, as charts. */
static gboolean
overview_shown (gpointer data)
{
  GtkWidget *page = test_find_shown (data, ISC_TYPE_OVERVIEW_PAGE, NULL, NULL);

  return page != NULL && isc_overview_page_get_fleet (ISC_OVERVIEW_PAGE (page)) != NULL;
}

static gboolean
no_switcher_shown (gpointer data)
{
  /* The bar at the bottom slides away: gone once it has. */
  return test_find_shown (data, ADW_TYPE_VIEW_SWITCHER, NULL, NULL) == NULL;
}

static gboolean
switcher_shown (gpointer data)
{
  return !no_switcher_shown (data);
}

static void
test_window_opens_target (void)
{
  IscWindow *window;
  IscView *view;
  GtkWidget *sidebar, *overview_row, *page, *label;
  GListModel *shown;
  g_autoptr(IscFleetRow) row = NULL;
  g_autofree char *title = NULL;
  g_autoptr(GError) error = NULL;
  guint position;

  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  g_assert_true (test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)));
  g_assert_true (isc_session_use_demo (test_app_session (), &error));
  g_assert_no_error (error);
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  window = test_app_open_window ();
  view = isc_window_get_view (window);
  test_wait_for_view (window);
  isc_view_set_mode (view, ISC_MODE_SUMMARY);
  test_wait_for_view (window);

  sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  /* The sidebar's row (the label's box), and the list's row around it. */
  overview_row = gtk_widget_get_parent (gtk_widget_get_parent (find_label (sidebar, "Overview", FALSE)));
  g_assert_nonnull (overview_row);
  /* A click: the list selects the row. */
  g_assert_true (gtk_widget_activate_action (overview_row, "listitem.select", "(bb)", FALSE, FALSE));
  g_assert_true (test_wait_for (overview_shown, window));
  page = test_find_shown (GTK_WIDGET (window), ISC_TYPE_OVERVIEW_PAGE, NULL, NULL);
  /* The bound on requests in flight is the setting's. */
  g_assert_cmpuint (isc_fleet_get_max_in_flight (isc_overview_page_get_fleet (ISC_OVERVIEW_PAGE (page))), ==, 4);
  g_settings_set_uint (isc_application_get_settings (test_app), "overview-requests", 2);
  g_assert_cmpuint (isc_fleet_get_max_in_flight (isc_overview_page_get_fleet (ISC_OVERVIEW_PAGE (page))), ==, 2);
  g_settings_reset (isc_application_get_settings (test_app), "overview-requests");
  g_assert_true (isc_fleet_get_loading (isc_overview_page_get_fleet (ISC_OVERVIEW_PAGE (page))));
  g_assert_true (wait_for_fleet (isc_overview_page_get_fleet (ISC_OVERVIEW_PAGE (page))));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Overview");
  g_assert_null (isc_sidebar_get_selected_target (ISC_SIDEBAR (sidebar)));
  g_assert_true (isc_sidebar_get_overview_selected (ISC_SIDEBAR (sidebar)));

  /* The modes belong to a target: over the Overview no switcher shows a
   * mode, and Ctrl+1 … 3 (win.mode) are off and change nothing. */
  g_assert_true (test_wait_for (no_switcher_shown, window));
  g_assert_false (adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (
    test_find_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR, NULL, NULL))));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "mode"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "now");
  test_run_frames (50);
  g_assert_cmpint (isc_view_get_mode (view), ==, ISC_MODE_SUMMARY);
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), ISC_TYPE_OVERVIEW_PAGE, NULL, NULL));

  shown = isc_overview_page_get_shown (ISC_OVERVIEW_PAGE (page));
  g_assert_cmpuint (g_list_model_get_n_items (shown), >=, 8);
  /* Not the target shown before. */
  for (position = 0; position < g_list_model_get_n_items (shown); position++)
    {
      g_autoptr(IscFleetRow) candidate = g_list_model_get_item (shown, position);

      if (!isc_target_equal (isc_fleet_row_get_target (candidate), isc_view_get_target (view)))
        {
          row = g_steal_pointer (&candidate);
          break;
        }
    }
  g_assert_nonnull (row);
  title = title_of (row);
  {
    Fixture shown_page = { .page = page, .wanted = title };

    g_assert_true (test_wait_for (label_shown, &shown_page));
  }
  label = find_label (page, title, FALSE);
  g_assert_nonnull (label);
  click_row_of (label, position);

  g_assert_true (isc_target_equal (isc_view_get_target (view), isc_fleet_row_get_target (row)));
  g_assert_cmpint (isc_view_get_mode (view), ==, ISC_MODE_SERIES);
  test_wait_for_view (window);
  g_assert_null (test_find_shown (GTK_WIDGET (window), ISC_TYPE_OVERVIEW_PAGE, NULL, NULL));
  g_assert_false (isc_sidebar_get_overview_selected (ISC_SIDEBAR (sidebar)));
  g_assert_true (isc_target_equal (isc_sidebar_get_selected_target (ISC_SIDEBAR (sidebar)),
                                   isc_fleet_row_get_target (row)));
  /* A target's page offers its modes again. */
  g_assert_true (test_wait_for (switcher_shown, window));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "mode"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A large fleet filling the table: rows take their place in the order in
 * batches, not one move per answer (each move binds again every row shown
 * between its old place and its new one, so the table shuffled and the
 * window fell far behind the requests), and the order is right once the
 * pass ends. */
#define LARGE_FLEET_SIZE 25

static void
count_changes (GListModel *model,
               guint       position,
               guint       removed,
               guint       added,
               guint      *n_changes)
{
  (*n_changes)++;
}

static void
test_sorts_in_batches (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscTargetList) list = isc_target_list_new ();
  g_autoptr(IscFleet) fleet = isc_fleet_new ();
  g_autoptr(IscFleetRow) first = NULL;
  GtkWidget *window, *page;
  GListModel *shown;
  guint n_changes = 0, n_rows;

  isc_demo_server_set_fleet_size (server, LARGE_FLEET_SIZE);
  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);
  isc_target_list_reload_async (list, client, NULL, NULL, NULL);
  g_assert_true (test_wait_for (list_loaded, list));
  /* Every model's targets, as the overview asks for them: the rows to
   * count are all there before the fleet's pass. */
  isc_target_list_fetch_all (list);
  g_assert_true (test_wait_for (list_loaded, list));
  isc_fleet_set_target_list (fleet, list);
  isc_fleet_set_client (fleet, client);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
  page = isc_overview_page_new ();
  isc_overview_page_set_fleet (ISC_OVERVIEW_PAGE (page), fleet);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until_mapped (page);

  shown = isc_overview_page_get_shown (ISC_OVERVIEW_PAGE (page));
  n_rows = g_list_model_get_n_items (shown);
  g_assert_cmpuint (n_rows, >, 3 * LARGE_FLEET_SIZE);
  g_signal_connect (shown, "items-changed", G_CALLBACK (count_changes), &n_changes);

  isc_fleet_set_active (fleet, TRUE);
  /* Slow under a sanitizer on a busy machine: up to two minutes. */
  g_assert_true (wait_for_fleet (fleet) || wait_for_fleet (fleet));
  test_run_frames (50);

  /* Far fewer re-sorts than answers: one per row was the fault. */
  g_test_message ("%u rows, %u changes of the table", n_rows, n_changes);
  g_assert_cmpuint (n_changes, >, 0);
  g_assert_cmpuint (n_changes, <, n_rows / 2);

  /* And the order the same as sorting at every answer gave. */
  g_assert_cmpuint (g_list_model_get_n_items (shown), ==, n_rows);
  first = g_list_model_get_item (shown, 0);
  g_assert_cmpstr (isc_fleet_row_get_target (first)->id, ==, isc_demo_server_get_fault_deployment_id (server));
  for (guint i = 1; i < n_rows; i++)
    {
      g_autoptr(IscFleetRow) a = g_list_model_get_item (shown, i - 1);
      g_autoptr(IscFleetRow) b = g_list_model_get_item (shown, i);

      g_assert_cmpint (isc_fleet_row_compare_trouble (a, b, NULL), <=, 0);
    }

  g_signal_handlers_disconnect_by_data (shown, &n_changes);
  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (50);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  test_app_start ();

  g_test_add ("/isc/overview-page/rows", Fixture, NULL, fixture_setup, test_rows, fixture_teardown);
  g_test_add ("/isc/overview-page/click", Fixture, NULL, fixture_setup, test_click, fixture_teardown);
  g_test_add ("/isc/overview-page/filter", Fixture, NULL, fixture_setup, test_filter, fixture_teardown);
  g_test_add ("/isc/overview-page/narrow", Fixture, NULL, fixture_setup, test_narrow, fixture_teardown);
  g_test_add_func ("/isc/overview-page/sorts-in-batches", test_sorts_in_batches);
  g_test_add_func ("/isc/overview-page/window-opens-target", test_window_opens_target);

  {
    int status = g_test_run ();

    test_app_stop ();
    return status;
  }
}
