/* test-window.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <time.h>

#include "isc-api-error.h"
#include "isc-application.h"
#include "isc-client-private.h"
#include "isc-chart-view.h"
#include "isc-charts-page.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-test-app.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "isc-customize-dialog.h"
#include "isc-layout.h"
#include "isc-sidebar.h"
#include "isc-key-dialog.h"
#include "isc-response-cache.h"
#include "isc-summary-page.h"
#include "isc-tiles-page.h"
#include "isc-window.h"


/* The first mapped label under @root whose text contains @text. */
static GtkWidget *
find_text (GtkWidget  *root,
           const char *text)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_label (GTK_LABEL (root)), text) != NULL)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_text (child, text);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
start_session (void)
{
  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
}

static void
test_window_welcome (void)
{
  IscWindow *window;
  GtkWidget *connect, *demo;

  /* No key anywhere: the welcome page, never the demo in silence. */
  start_session ();
  g_assert_true (test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)));

  window = test_app_open_window ();
  test_iterate ();
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Inferscope");
  connect = test_find_shown (GTK_WIDGET (window), GTK_TYPE_BUTTON, "label", "_Connect to Baseten");
  demo = test_find_shown (GTK_WIDGET (window), GTK_TYPE_BUTTON, "label", "_Explore the Demo");
  g_assert_nonnull (connect);
  g_assert_nonnull (demo);
  g_assert_null (test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHART_VIEW, NULL, NULL));

  /* A development build wears the striped header bar. */
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "devel") == DEVELOPMENT_BUILD);

  /* Explore the Demo: the simulated fleet, like any account. */
  g_signal_emit_by_name (demo, "clicked");
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  test_wait_for_view (window);

  gtk_window_destroy (GTK_WINDOW (window));
}

static GPtrArray *
chart_views (IscWindow *window)
{
  return test_window_chart_views (window, FALSE);
}

static gboolean
has_chart_named_prefix (IscWindow  *window,
                        const char *prefix)
{
  g_autoptr(GPtrArray) views = chart_views (window);

  for (guint i = 0; i < views->len; i++)
    {
      IscChartModel *model = isc_chart_view_get_model (g_ptr_array_index (views, i));

      if (model != NULL && g_str_has_prefix (isc_chart_model_get_name (model), prefix))
        return TRUE;
    }
  return FALSE;
}

/* The demo opens on its first model's production environment, with
 * every chart the deployment reports, not only Baseten's default three;
 * the sidebar lists the whole fleet. */
static void
test_window_demo_fleet (void)
{
  IscWindow *window;
  const IscTarget *target;
  g_autoptr(GPtrArray) views = NULL;

  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  window = test_app_open_window ();
  test_wait_for_view (window);

  target = isc_view_get_target (isc_window_get_view (window));
  g_assert_nonnull (target);
  g_assert_cmpstr (target->model_id, ==, ISC_DEMO_MODEL_CHAT);
  g_assert_cmpint (isc_view_get_mode (isc_window_get_view (window)), ==, ISC_MODE_SERIES);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), !=, "Inferscope");

  views = chart_views (window);
  g_assert_cmpuint (views->len, >, 3);
  g_assert_true (has_chart_named_prefix (window, "baseten_gpu_"));
  g_assert_true (has_chart_named_prefix (window, "baseten_llm_"));

  /* The sidebar shows the fleet, by the names Baseten gives (the last
   * model once scrolled to: the Model APIs section is above the models). */
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "chat-assistant"));
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "text-embeddings"));
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "v7"));
  {
    GtkWidget *sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
    GtkWidget *scrolled = test_find_shown (sidebar, GTK_TYPE_SCROLLED_WINDOW, NULL, NULL);
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));

    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
    test_run_frames (50);
  }
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "audio-transcription"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The demo's production environment: its replicas chart has the
 * autoscaling min and max that discovery gave as reference lines. */
/* The reference lines on the window's replicas chart: their number, and
 * the values in @values. */
static guint
replicas_references (IscWindow *window,
                     double    *values)
{
  g_autoptr(GPtrArray) views = chart_views (window);
  const IscChartReference *refs;
  IscChartModel *replicas = NULL;
  guint n = 0;

  for (guint i = 0; i < views->len; i++)
    {
      IscChartModel *model = isc_chart_view_get_model (g_ptr_array_index (views, i));

      if (model != NULL && g_strcmp0 (isc_chart_model_get_name (model), "baseten_replicas_active") == 0)
        replicas = model;
    }
  g_assert_nonnull (replicas);
  refs = isc_chart_model_get_references (replicas, &n);
  for (guint i = 0; i < MIN (n, 2); i++)
    values[i] = refs[i].value;
  return n;
}

static void
test_window_reference_lines (void)
{
  IscWindow *window;
  double values[2] = { 0 };

  gboolean scheduled;

  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  /* The demo's production: 2 … 10, 4 … 16 while its afternoon schedule
   * applies; not across one of its edges. */
  test_demo_schedule_settle ();
  scheduled = test_demo_schedule_applies ();
  window = test_app_open_window ();
  test_wait_for_view (window);
  g_assert_cmpint (isc_view_get_target (isc_window_get_view (window))->kind, ==, ISC_TARGET_ENVIRONMENT);

  g_assert_cmpuint (replicas_references (window, values), ==, 2);
  g_assert_cmpfloat (values[0], ==, scheduled ? 4 : 2);
  g_assert_cmpfloat (values[1], ==, scheduled ? 16 : 10);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
charts_have_target_item (gpointer data)
{
  GtkWidget *page = test_find_widget (data, ISC_TYPE_CHARTS_PAGE, NULL, NULL);

  return isc_charts_page_get_target_item (ISC_CHARTS_PAGE (page)) != NULL;
}

/* Discovery answering after the metrics, as for a window restored to its
 * target at launch, which asks for both at once: the lines come when
 * discovery answers, not with the next refresh. */
static void
test_window_reference_lines_late (void)
{
  IscWindow *window;
  GtkWidget *page;
  double values[2] = { 0 };
  gboolean scheduled;

  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  test_demo_schedule_settle ();
  scheduled = test_demo_schedule_applies ();
  window = test_app_open_window ();
  test_wait_for_view (window);
  page = test_find_widget (GTK_WIDGET (window), ISC_TYPE_CHARTS_PAGE, NULL, NULL);
  /* The metrics shown, discovery not yet answered. */
  isc_charts_page_set_target_item (ISC_CHARTS_PAGE (page), NULL);
  g_assert_cmpuint (replicas_references (window, values), ==, 0);

  g_signal_emit_by_name (test_find_widget (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL), "reload-requested");
  g_assert_true (test_wait_for (charts_have_target_item, window));
  g_assert_cmpuint (replicas_references (window, values), ==, 2);
  g_assert_cmpfloat (values[1], ==, scheduled ? 16 : 10);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A row of the sidebar whose accessible label or text names @text. */
static GtkWidget *
find_row (GtkWidget  *root,
          const char *model,
          const char *text)
{
  GtkWidget *sidebar = test_find_shown (root, ISC_TYPE_SIDEBAR, NULL, NULL);
  GtkWidget *list = sidebar != NULL ? test_find_shown (sidebar, GTK_TYPE_LIST_VIEW, NULL, NULL) : NULL;
  gboolean in_model = FALSE;

  g_assert_nonnull (list);
  /* The list view's rows in order, each holding the sidebar's row. */
  for (GtkWidget *item = gtk_widget_get_first_child (list); item != NULL; item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *row = gtk_widget_get_first_child (item);

      if (row == NULL || gtk_widget_has_css_class (row, "sidebar-overview"))
        continue;
      if (gtk_widget_has_css_class (row, "sidebar-model"))
        {
          in_model = test_find_shown (row, GTK_TYPE_LABEL, "label", model) != NULL;
          continue;
        }
      if (in_model && test_find_shown (row, GTK_TYPE_LABEL, "label", text) != NULL)
        return row;
    }
  return NULL;
}

static void
test_window_choose_in_sidebar (void)
{
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  GtkWidget *row;

  test_wait_for_view (window);
  row = find_row (GTK_WIDGET (window), "text-embeddings", ISC_DEMO_ENVIRONMENT_PRODUCTION);
  g_assert_nonnull (row);
  /* A click: the list selects the row. */
  g_assert_true (gtk_widget_activate_action (gtk_widget_get_parent (row), "listitem.select", "(bb)", FALSE, FALSE));
  test_iterate ();
  g_assert_cmpstr (isc_view_get_target (view)->model_id, ==, ISC_DEMO_MODEL_EMBED);
  test_wait_for_view (window);

  /* A CPU deployment: its charts, and no GPU chart. */
  g_assert_true (has_chart_named_prefix (window, "baseten_container_cpu"));
  g_assert_false (has_chart_named_prefix (window, "baseten_gpu_"));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "text-embeddings · production");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_modes (void)
{
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  GtkWidget *tiles, *summary;

  test_wait_for_view (window);

  /* Ctrl+1: Now, tiles with values. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "now"));
  g_assert_cmpint (isc_view_get_mode (view), ==, ISC_MODE_CURRENT);
  test_wait_for_view (window);
  tiles = test_find_shown (GTK_WIDGET (window), ISC_TYPE_TILES_PAGE, NULL, NULL);
  g_assert_nonnull (tiles);
  g_assert_cmpuint (isc_tiles_page_get_n_tiles (ISC_TILES_PAGE (tiles)), >, 3);
  g_assert_nonnull (test_find_shown (tiles, GTK_TYPE_LABEL, "label", "Active replicas"));

  /* Ctrl+2: Summary, a table with a row per series. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "summary"));
  g_assert_cmpint (isc_view_get_mode (view), ==, ISC_MODE_SUMMARY);
  test_wait_for_view (window);
  summary = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SUMMARY_PAGE, NULL, NULL);
  g_assert_nonnull (summary);
  g_assert_cmpuint (isc_summary_page_get_n_rows (ISC_SUMMARY_PAGE (summary)), >, 3);

  /* Ctrl+3: the charts again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "charts"));
  test_wait_for_view (window);
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHART_VIEW, NULL, NULL));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_range (void)
{
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  g_autoptr(IscTimeRange) six_hours = isc_time_range_new_relative (6 * 60 * 60 * 1000);
  g_autoptr(IscTimeRange) absolute = NULL;
  gint64 now_ms = g_get_real_time () / 1000;

  test_wait_for_view (window);
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "Last hour"));
  g_assert_true (isc_view_get_auto_refresh (view));

  /* A relative range slides on; the button says it in words. */
  g_assert_true (isc_view_set_range (view, six_hours, NULL));
  test_iterate ();
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), GTK_TYPE_LABEL, "label", "Last 6 hours"));
  test_wait_for_view (window);

  /* An absolute range stays put: auto-refresh pauses. */
  absolute = isc_time_range_new_absolute (now_ms - 2 * 60 * 60 * 1000, now_ms - 60 * 60 * 1000);
  g_assert_true (isc_view_set_range (view, absolute, NULL));
  g_assert_false (isc_view_get_auto_refresh (view));
  test_wait_for_view (window);

  /* Back (Alt+Left) returns to the 6 hours, Forward goes again. */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "back"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "forward"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "back", NULL);
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), six_hours));
  g_assert_true (isc_view_get_auto_refresh (view));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "forward"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "forward", NULL);
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), absolute));
  test_wait_for_view (window);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Closing a window keeps what it showed; the next one shows it again. */
static void
test_window_restores_view (void)
{
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  g_autoptr(IscTarget) target = isc_target_new (ISC_DEMO_MODEL_EMBED, ISC_TARGET_DEPLOYMENT,
                                                ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION, NULL, NULL);
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (3 * 60 * 60 * 1000);

  test_wait_for_view (window);
  isc_view_set_target (view, target);
  isc_view_set_mode (view, ISC_MODE_SUMMARY);
  g_assert_true (isc_view_set_range (view, range, NULL));
  test_wait_for_view (window);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_cmpuint (test_app_count_windows (), ==, 0);

  window = test_app_open_window ();
  view = isc_window_get_view (window);
  g_assert_true (isc_target_equal (isc_view_get_target (view), target));
  g_assert_cmpint (isc_view_get_mode (view), ==, ISC_MODE_SUMMARY);
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), range));
  test_wait_for_view (window);
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), ISC_TYPE_SUMMARY_PAGE, NULL, NULL));
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (isc_application_get_settings (test_app), "view-state");
}

static GtkWidget *
find_labelled (GtkWidget  *root,
               const char *label)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if (GTK_IS_BUTTON (root) || GTK_IS_MENU_BUTTON (root))
    {
      g_autofree char *text = NULL;

      /* What GTK_A11Y=test keeps of an explicit accessible label (GTK
       * 4.8 has no getter: compare with the name expected). */
      if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL))
        {
          g_autofree char *mismatch =
            gtk_test_accessible_check_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_LABEL, label);

          if (mismatch == NULL)
            return root;
        }
      if (GTK_IS_BUTTON (root))
        {
          g_object_get (root, "label", &text, NULL);
          /* "_Retry" reads "Retry" (an AdwBanner's button has no name
           * of its own: its label is it). */
          if (text != NULL && gtk_button_get_use_underline (GTK_BUTTON (root)))
            {
              g_autoptr(GString) shown = g_string_new (text);

              g_string_replace (shown, "_", "", 1);
              g_free (text);
              text = g_string_free (g_steal_pointer (&shown), FALSE);
            }
          if (g_strcmp0 (text, label) == 0)
            return root;
        }
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_labelled (child, label);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
has_mode_labels (gpointer data)
{
  return test_find_shown (data, GTK_TYPE_LABEL, "label", "Now") != NULL &&
         test_find_shown (data, GTK_TYPE_LABEL, "label", "Summary") != NULL &&
         test_find_shown (data, GTK_TYPE_LABEL, "label", "Charts") != NULL;
}

/* The names UI.md gives, as a screen reader reads them. */
static void
test_window_accessible_names (void)
{
  IscWindow *window = test_app_open_window ();
  static const char * const names[] = { "Refresh", "Back", "Forward", "Main Menu" };

  test_wait_for_view (window);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (find_labelled (GTK_WIDGET (window), names[i]) == NULL)
        g_error ("No control named “%s”", names[i]);
    }
  /* The mode switcher's buttons read their modes (in the header or, at
   * this width, in the bar at the bottom, once it has slid in). */
  g_assert_true (test_wait_for (has_mode_labels, window));
  /* The range button is named by its label. */
  g_assert_nonnull (find_labelled (GTK_WIDGET (window), "Last hour"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* What the window's state page says, once the view has settled in @state. */
typedef struct
{
  IscWindow    *window;
  IscViewState  state;
} StateWait;

static gboolean
view_has_state (gpointer data)
{
  StateWait *wait = data;
  IscView *view = isc_window_get_view (wait->window);

  return !isc_view_get_loading (view) && isc_view_get_state (view) == wait->state;
}

static AdwStatusPage *
wait_for_status (IscWindow    *window,
                 IscViewState  state)
{
  StateWait wait = { window, state };

  g_assert_true (test_wait_for (view_has_state, &wait));
  test_iterate ();
  return ADW_STATUS_PAGE (test_find_shown (GTK_WIDGET (window), ADW_TYPE_STATUS_PAGE, NULL, NULL));
}

/* A server that answers another question than the one asked (a SUMMARY
 * to the charts' SERIES) is an error in words, not a blank page. */
static void
test_window_other_mode (void)
{
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  g_autoptr(IscTarget) target = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-other-mode",
                                                NULL, NULL);
  AdwStatusPage *status;

  test_wait_for_view (window);
  isc_view_set_mode (view, ISC_MODE_SERIES);
  isc_view_set_target (view, target);

  status = wait_for_status (window, ISC_VIEW_ERROR);
  g_assert_nonnull (status);
  g_assert_cmpstr (adw_status_page_get_title (status), ==, "Could Not Load Metrics");
  g_assert_nonnull (strstr (adw_status_page_get_description (status), "a SUMMARY response to a SERIES request"));
  g_assert_null (test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHART_VIEW, NULL, NULL));

  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();
  g_settings_reset (isc_application_get_settings (test_app), "view-state");
}

/* A past range with nothing in it says so: nothing more will arrive in
 * it, unlike a range that runs to now. */
static void
test_window_no_data_in_range (void)
{
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  /* 1970, as a broken setting would restore it. */
  g_autoptr(IscTimeRange) long_ago = isc_time_range_new_absolute (60 * 60 * 1000, 2 * 60 * 60 * 1000);
  AdwStatusPage *status;

  test_wait_for_view (window);
  g_assert_true (isc_view_set_range (view, long_ago, NULL));

  status = wait_for_status (window, ISC_VIEW_NO_DATA);
  g_assert_nonnull (status);
  g_assert_cmpstr (adw_status_page_get_title (status), ==, "No Data in This Range");
  g_assert_nonnull (strstr (adw_status_page_get_description (status), "no metrics from this time range"));
  g_assert_null (strstr (adw_status_page_get_description (status), "as they arrive"));

  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();
  g_settings_reset (isc_application_get_settings (test_app), "view-state");
}

/* A refresh that fails keeps the picture under the strip, with Retry;
 * the next success takes the strip away. The account is a keyed demo
 * server outside the test_app, which the test stops to go "offline". */
static gboolean
view_is_stale (gpointer data)
{
  IscView *view = isc_window_get_view (data);

  return isc_view_get_stale (view) && !isc_view_get_loading (view);
}

static gboolean
strip_shown (gpointer data)
{
  return find_text (data, "Showing data from") != NULL;
}

static void
test_window_stale (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, "K");
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;
  IscWindow *window;
  GtkWidget *strip_title;
  guint port;

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  url = g_strdup (isc_demo_server_get_base_url (server));
  port = isc_demo_server_get_port (server);

  g_settings_set_string (settings, "base-url", url);
  g_setenv ("BASETEN_API_KEY", "K", TRUE);
  start_session ();
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  g_assert_false (isc_account_get_is_demo (isc_session_get_account (test_app_session ())));

  window = test_app_open_window ();
  test_wait_for_view (window);
  g_assert_false (strip_shown (window));

  /* The network goes away: the charts stay, under the strip. */
  isc_demo_server_stop (server);
  g_clear_object (&server);
  g_action_group_activate_action (G_ACTION_GROUP (window), "refresh", NULL);
  g_assert_true (test_wait_for (view_is_stale, window));
  g_assert_true (test_wait_for (strip_shown, window));  /* it slides in */
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHART_VIEW, NULL, NULL));
  strip_title = find_text (GTK_WIDGET (window), "Showing data from");
  g_assert_nonnull (strip_title);
  g_assert_nonnull (find_text (GTK_WIDGET (window), "Could not reach"));
  g_assert_nonnull (find_labelled (GTK_WIDGET (window), "Retry"));

  /* It comes back on the same port: Retry loads, the strip goes. */
  server = isc_demo_server_new (1, "K");
  g_assert_true (isc_demo_server_run_in_thread (server, port, &error));
  g_assert_no_error (error);
  g_action_group_activate_action (G_ACTION_GROUP (window), "refresh", NULL);
  test_wait_for_view (window);
  g_assert_false (isc_view_get_stale (isc_window_get_view (window)));

  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();
  g_setenv ("BASETEN_API_KEY", "", TRUE);
  g_settings_reset (settings, "base-url");
  g_settings_reset (settings, "view-state");
  /* The tests after this one watch the demo. */
  g_assert_true (isc_session_use_demo (test_app_session (), NULL));
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
}

/* The subtitle of the header's title (the content's: the one that names
 * the window, not the sidebar's), "" for none. */
static const char *
header_subtitle (IscWindow *window)
{
  AdwWindowTitle *title = ADW_WINDOW_TITLE (test_find_shown (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE,
                                                             "title", gtk_window_get_title (GTK_WINDOW (window))));
  const char *subtitle;

  g_assert_nonnull (title);
  subtitle = adw_window_title_get_subtitle (title);
  return subtitle != NULL ? subtitle : "";
}

static gboolean
view_is_rate_limited (gpointer data)
{
  IscView *view = isc_window_get_view (data);

  return !isc_view_get_loading (view) &&
         g_error_matches (isc_view_get_error (view), ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED);
}

/* While Baseten limits requests (429s past the client's own retries),
 * the header says so and when the next try is; once requests go again,
 * it says when the data came, as before. */
static void
test_window_rate_limited (void)
{
  IscDemoServer *server = isc_session_get_demo_server (test_app_session ());
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  g_autoptr(IscClient) client = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GDateTime) next = NULL;
  g_autoptr(GDateTime) local = NULL;
  gint64 until_ms;

  g_assert_nonnull (server);
  test_wait_for_view (window);
  g_assert_true (g_str_has_prefix (header_subtitle (window), "Updated "));

  /* The client's own retries at once: only the view's hold-off matters. */
  client = g_object_ref (isc_view_get_client (view));
  _isc_client_set_delay_scale (client, 0);
  isc_demo_server_set_metrics_rate_limit (server, 1 + ISC_CLIENT_RATE_LIMIT_RETRIES);
  g_action_group_activate_action (G_ACTION_GROUP (window), "refresh", NULL);
  g_assert_true (test_wait_for (view_is_rate_limited, window));
  until_ms = isc_view_get_rate_limited_until_ms (view);
  g_assert_cmpint (until_ms, >, g_get_real_time () / 1000);
  next = g_date_time_new_from_unix_utc (until_ms / 1000);
  local = g_date_time_to_local (next);
  expected = g_date_time_format (local, "Baseten limits requests · Next try %H:%M");
  g_assert_cmpstr (header_subtitle (window), ==, expected);
  /* The charts stay. */
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHART_VIEW, NULL, NULL));

  g_action_group_activate_action (G_ACTION_GROUP (window), "refresh", NULL);
  g_assert_null (strstr (header_subtitle (window), "limits"));
  test_wait_for_view (window);
  g_assert_null (isc_view_get_error (view));
  g_assert_true (g_str_has_prefix (header_subtitle (window), "Updated "));

  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();
  isc_demo_server_set_metrics_rate_limit (server, 0);
  _isc_client_set_delay_scale (client, 1.0);
  g_settings_reset (isc_application_get_settings (test_app), "view-state");
}

/* Opened offline on an answer cached with a stamp two days ahead (the
 * clock was wrong when it was written): it is shown, its age unknown,
 * never "less than a minute ago" nor "Updated" at a time to come. */
static gboolean
strip_says_unknown_age (gpointer data)
{
  return find_text (data, "Showing saved data of unknown age") != NULL;
}

static void
test_window_cached_future_stamp (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, "K");
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *stamped = NULL;
  IscResponseCache *cache;
  IscWindow *window;
  const char *body;

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  g_settings_set_string (settings, "base-url", isc_demo_server_get_base_url (server));
  g_setenv ("BASETEN_API_KEY", "K", TRUE);
  start_session ();
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  cache = isc_account_get_cache (isc_session_get_account (test_app_session ()));
  g_assert_nonnull (cache);

  window = test_app_open_window ();
  test_wait_for_view (window);
  path = isc_response_cache_get_path (cache, isc_demo_server_get_base_url (server),
                                      isc_view_get_response_query (isc_window_get_view (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();

  /* The kept answer, restamped two days ahead. */
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  body = strchr (contents, '\n');
  g_assert_nonnull (body);
  stamped = g_strdup_printf ("inferscope-cache 1 %" G_GINT64_FORMAT "%s",
                             g_get_real_time () / 1000 + (gint64) 2 * 24 * 60 * 60 * 1000, body);
  g_assert_true (g_file_set_contents (path, stamped, -1, &error));

  /* Offline, the same view opens again. */
  isc_demo_server_stop (server);
  g_clear_object (&server);
  window = test_app_open_window ();
  g_assert_true (test_wait_for (view_is_stale, window));
  g_assert_true (test_wait_for (strip_says_unknown_age, window));
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), ISC_TYPE_CHART_VIEW, NULL, NULL));
  g_assert_null (find_text (GTK_WIDGET (window), "less than a minute"));
  g_assert_null (strstr (header_subtitle (window), "Updated"));

  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();
  g_setenv ("BASETEN_API_KEY", "", TRUE);
  g_settings_reset (settings, "base-url");
  g_settings_reset (settings, "view-state");
  g_assert_true (isc_session_use_demo (test_app_session (), NULL));
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
}

/* A key Baseten refuses leads straight to the key dialog: inside the
 * window where libadwaita has AdwDialog (1.5), a window over it before. */
static IscKeyDialog *
find_key_dialog (void)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

#if ADW_CHECK_VERSION (1, 5, 0)
      if (ADW_IS_APPLICATION_WINDOW (w) &&
          ISC_IS_KEY_DIALOG (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (w))))
        return ISC_KEY_DIALOG (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (w)));
#else
      if (ISC_IS_KEY_DIALOG (w))
        return ISC_KEY_DIALOG (w);
#endif
    }
  return NULL;
}

static gboolean
has_key_dialog (gpointer data)
{
  return find_key_dialog () != NULL;
}

static void
test_window_refused_key (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, "right");
  g_autoptr(GError) error = NULL;
  IscKeyDialog *dialog;
  IscWindow *window;

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  g_settings_set_string (settings, "base-url", isc_demo_server_get_base_url (server));
  g_setenv ("BASETEN_API_KEY", "wrong", TRUE);

  window = test_app_open_window ();
  start_session ();
  g_assert_true (test_wait_for (has_key_dialog, NULL));

  dialog = find_key_dialog ();
#if ADW_CHECK_VERSION (1, 5, 0)
  g_assert_true (gtk_widget_get_root (GTK_WIDGET (dialog)) == GTK_ROOT (window));
#else
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
#endif
  isc_key_dialog_close (dialog);

  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();
  g_setenv ("BASETEN_API_KEY", "", TRUE);
  g_settings_reset (settings, "base-url");
  g_settings_reset (settings, "view-state");
  /* The tests after this one watch the demo. */
  g_assert_true (isc_session_use_demo (test_app_session (), NULL));
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
}

/* Customize View: inside the window where libadwaita has AdwDialog (1.5),
 * a window over it before. */
static IscCustomizeDialog *
find_customize_dialog (void)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

#if ADW_CHECK_VERSION (1, 5, 0)
      if (ADW_IS_APPLICATION_WINDOW (w) &&
          ISC_IS_CUSTOMIZE_DIALOG (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (w))))
        return ISC_CUSTOMIZE_DIALOG (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (w)));
#else
      if (ISC_IS_CUSTOMIZE_DIALOG (w))
        return ISC_CUSTOMIZE_DIALOG (w);
#endif
    }
  return NULL;
}

static gboolean
has_customize_dialog (gpointer data)
{
  return find_customize_dialog () != NULL;
}

/* Customize View: the charts chosen are the charts shown, kept per model,
 * and only metrics the deployment reports are offered. */
static void
test_window_customize (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  g_autoptr(IscTarget) embed = isc_target_new (ISC_DEMO_MODEL_EMBED, ISC_TARGET_ENVIRONMENT,
                                               ISC_DEMO_ENVIRONMENT_PRODUCTION, NULL, NULL);
  g_autoptr(GVariant) layouts = NULL;
  g_auto(GStrv) offered = NULL;
  g_autoptr(GPtrArray) views = NULL;
  static const char * const chosen[] = {
    "baseten_replicas_active", "baseten_inference_requests_total", NULL
  };
  IscCustomizeDialog *dialog;

  test_wait_for_view (window);
  isc_view_set_target (view, embed);
  test_wait_for_view (window);

  g_action_group_activate_action (G_ACTION_GROUP (window), "customize", NULL);
  g_assert_true (test_wait_for (has_customize_dialog, NULL));
  dialog = find_customize_dialog ();
#if ADW_CHECK_VERSION (1, 5, 0)
  g_assert_true (gtk_widget_get_root (GTK_WIDGET (dialog)) == GTK_ROOT (window));
#else
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
#endif
  offered = isc_customize_dialog_dup_layout (dialog);
  g_assert_true (g_strv_contains ((const char * const *) offered, "baseten_replicas_active"));
  for (guint i = 0; offered[i] != NULL; i++)
    g_assert_false (g_str_has_prefix (offered[i], "baseten_gpu_"));

  g_signal_emit_by_name (dialog, "applied", chosen);
  isc_customize_dialog_close (dialog);
  test_wait_for_view (window);
  views = chart_views (window);
  /* The two chosen, the requests followed by their error rate. */
  g_assert_cmpuint (views->len, ==, 3);

  layouts = g_settings_get_value (settings, "model-layouts");
  {
    g_auto(GStrv) kept = isc_layout_lookup (layouts, ISC_DEMO_MODEL_EMBED);

    g_assert_nonnull (kept);
    g_assert_true (g_strv_equal ((const char * const *) kept, chosen));
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "model-layouts");
  g_settings_reset (settings, "view-state");
}

static GtkWidget *
find_with_class (GtkWidget  *root,
                 const char *css_class)
{
  if (gtk_widget_has_css_class (root, css_class))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_with_class (child, css_class);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* Dragging the sidebar's edge sizes it, and the size is kept. */
static void
test_window_sidebar_width (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  IscWindow *window = test_app_open_window ();
  GtkWidget *handle, *sidebar;
  g_autoptr(GListModel) controllers = NULL;
  GtkGesture *drag = NULL;
  int before;

  test_wait_for_view (window);
  handle = find_with_class (GTK_WIDGET (window), "sidebar-handle");
  g_assert_nonnull (handle);
  sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  g_assert_nonnull (sidebar);
  sidebar = gtk_widget_get_parent (sidebar);  /* with its header */
  before = gtk_widget_get_width (sidebar);
  g_assert_cmpint (before, ==, 280);

  controllers = gtk_widget_observe_controllers (handle);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && drag == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_DRAG (controller))
        drag = GTK_GESTURE (controller);
    }
  g_assert_nonnull (drag);

  g_signal_emit_by_name (drag, "drag-begin", 0.0, 0.0);
  g_signal_emit_by_name (drag, "drag-update", 60.0, 0.0);
  g_signal_emit_by_name (drag, "drag-end", 60.0, 0.0);
  test_run_frames (100);
  g_assert_cmpint (gtk_widget_get_width (sidebar), ==, 340);
  g_assert_cmpint (g_settings_get_int (settings, "sidebar-width"), ==, 340);

  /* Never narrower than its rows can be read. */
  g_signal_emit_by_name (drag, "drag-begin", 0.0, 0.0);
  g_signal_emit_by_name (drag, "drag-update", -500.0, 0.0);
  g_signal_emit_by_name (drag, "drag-end", -500.0, 0.0);
  g_assert_cmpint (g_settings_get_int (settings, "sidebar-width"), ==, 220);
  gtk_window_destroy (GTK_WINDOW (window));

  /* The next window's sidebar has the width kept. */
  g_settings_set_int (settings, "sidebar-width", 340);
  window = test_app_open_window ();
  test_wait_for_view (window);
  sidebar = gtk_widget_get_parent (test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL));
  g_assert_cmpint (gtk_widget_get_width (sidebar), ==, 340);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "sidebar-width");
}

/* Ctrl+N: another window, with a view of its own. */
static void
test_window_new_window (void)
{
  IscWindow *first = test_app_open_window ();
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app), "app.new-window");
  g_autoptr(IscTarget) embed = isc_target_new (ISC_DEMO_MODEL_EMBED, ISC_TARGET_ENVIRONMENT,
                                               ISC_DEMO_ENVIRONMENT_PRODUCTION, NULL, NULL);
  GtkWindow *second = NULL;

  g_assert_true (g_strv_contains ((const char * const *) accels, "<Control>n"));
  test_wait_for_view (first);
  g_action_group_activate_action (G_ACTION_GROUP (test_app), "new-window", NULL);
  g_assert_cmpuint (test_app_count_windows (), ==, 2);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (test_app)); l != NULL; l = l->next)
    if (l->data != first)
      second = l->data;
  g_assert_true (ISC_IS_WINDOW (second));
  test_wait_until_mapped (GTK_WIDGET (second));
  test_wait_for_view (ISC_WINDOW (second));

  /* Choosing in one leaves the other as it was. */
  isc_view_set_target (isc_window_get_view (ISC_WINDOW (second)), embed);
  g_assert_cmpstr (isc_view_get_target (isc_window_get_view (first))->model_id, ==, ISC_DEMO_MODEL_CHAT);
  test_wait_for_view (ISC_WINDOW (second));
  g_assert_cmpstr (gtk_window_get_title (second), ==, "text-embeddings · production");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (first)), ==, "chat-assistant · production");

  gtk_window_destroy (second);
  gtk_window_destroy (GTK_WINDOW (first));
  g_settings_reset (isc_application_get_settings (test_app), "view-state");
}

static gboolean
action_state (IscWindow  *window,
              const char *name)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), name);

  g_assert_nonnull (state);
  g_assert_true (g_variant_is_of_type (state, G_VARIANT_TYPE_BOOLEAN));
  return g_variant_get_boolean (state);
}

/* The display switches live in one place: the settings drive every
 * window's view, and the view its charts, without a fetch. */
static void
test_window_switches_redraw (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  g_autoptr(GPtrArray) views = NULL;
  IscChartView *counter = NULL;
  IscMetricsResponse *response;

  test_wait_for_view (window);
  views = chart_views (window);
  for (guint i = 0; i < views->len; i++)
    {
      IscChartView *chart = g_ptr_array_index (views, i);

      g_assert_false (isc_chart_view_get_use_utc (chart));
      if (isc_chart_model_get_kind (isc_chart_view_get_model (chart)) == ISC_METRIC_KIND_COUNTER)
        counter = chart;
    }
  g_assert_nonnull (counter);
  g_assert_cmpstr (isc_chart_model_get_unit_text (isc_chart_view_get_model (counter)), ==, "per second");
  response = isc_view_get_response (view);

  g_settings_set_boolean (settings, "counters-as-totals", TRUE);
  test_iterate ();
  g_assert_true (isc_view_get_counters_as_totals (view));
  g_assert_true (action_state (window, "counters-as-totals"));
  g_assert_cmpstr (isc_chart_model_get_unit_text (isc_chart_view_get_model (counter)), ==, "total per step");
  g_assert_true (isc_view_get_response (view) == response);

  g_action_group_activate_action (G_ACTION_GROUP (window), "use-utc", NULL);
  g_assert_true (g_settings_get_boolean (settings, "use-utc"));
  g_assert_true (isc_view_get_use_utc (view));
  g_assert_true (isc_chart_view_get_use_utc (counter));
  g_assert_nonnull (find_text (GTK_WIDGET (window), "UTC"));

  g_settings_reset (settings, "use-utc");
  g_settings_reset (settings, "counters-as-totals");
  g_assert_false (isc_chart_view_get_use_utc (counter));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_close (void)
{
  IscWindow *window = test_app_open_window ();
  GListModel *controllers = NULL;
  gboolean bound = FALSE;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_cmpuint (test_app_count_windows (), ==, 1);

  /* Ctrl+W is bound to window.close ... */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !bound; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          g_autofree char *keys = gtk_shortcut_trigger_to_string (trigger);

          if (g_strcmp0 (keys, "<Control>w") == 0 &&
              GTK_IS_NAMED_ACTION (action) &&
              g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)), "window.close") == 0)
            bound = TRUE;
        }
    }
  g_object_unref (controllers);
  g_assert_true (bound);

  /* ... and window.close closes it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.close", NULL));
  g_assert_cmpuint (test_app_count_windows (), ==, 0);
  g_assert_null (window);
}

static gboolean
has_refresh_button (gpointer data)
{
  return test_find_shown (data, GTK_TYPE_BUTTON, "icon-name", "view-refresh-symbolic") != NULL;
}

static void
test_window_remembers_size (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  IscWindow *window;
  int width = 0;
  int height = 0;

  g_assert_nonnull (settings);

  window = test_app_open_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 640);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_cmpuint (test_app_count_windows (), ==, 0);

  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 640);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  /* The next window opens at the size the last one had. */
  window = test_app_open_window ();
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 900);
  g_assert_cmpint (height, ==, 640);
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* A window asked for at phone width opens at that width: its header does
 * not hold it wider before the leaflet folds (it held it at 440 px). */
/* Whether the main menu has an item of @action, in any section. */
static gboolean
model_has_action (GMenuModel *model,
                  const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuLinkIter) links = NULL;
      const char *link;
      GMenuModel *child;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_str_equal (name, action))
        return TRUE;
      links = g_menu_model_iterate_item_links (model, i);
      while (g_menu_link_iter_get_next (links, &link, &child))
        {
          gboolean found = model_has_action (child, action);

          g_object_unref (child);
          if (found)
            return TRUE;
        }
    }

  return FALSE;
}

static gboolean
menu_has_action (IscWindow  *window,
                 const char *action)
{
  GtkWidget *button = test_find_shown (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON,
                                       "icon-name", "open-menu-symbolic");

  g_assert_nonnull (button);
  return model_has_action (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button)), action);
}

static void
test_window_opens_narrow (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  g_autoptr(IscTarget) target = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT,
                                                "production", NULL, NULL);
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (24 * 60 * 60 * 1000);
  IscWindow *window;

  /* A view with a target and a long range name, as a person left it. */
  window = test_app_open_window ();
  test_wait_for_view (window);
  isc_view_set_target (isc_window_get_view (window), target);
  g_assert_true (isc_view_set_range (isc_window_get_view (window), range, NULL));
  test_wait_for_view (window);
  gtk_window_close (GTK_WINDOW (window));
  /* …and its size, as a phone would have it. (Not by resizing the window
   * live: the wide header keeps a window that was unfolded wider than
   * 360 px, and closing it mid-relayout leaks a node in libadwaita.) */
  g_settings_set_int (settings, "window-width", 360);
  g_settings_set_int (settings, "window-height", 720);

  window = test_app_open_window ();
  test_wait_for_view (window);
  test_run_frames (200);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  /* Folded: the history and Refresh make room (Refresh is in the menu). */
  g_assert_null (test_find_shown (GTK_WIDGET (window), GTK_TYPE_BUTTON, "icon-name", "view-refresh-symbolic"));
  /* Compare's button too: its shifts are in the main menu instead. */
  g_assert_null (test_find_shown (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, "icon-name", "view-dual-symbolic"));
  g_assert_true (menu_has_action (window, "win.compare-shift"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "compare-shift", g_variant_new_string ("1w"));
  g_assert_cmpint (isc_view_get_compare_shift (isc_window_get_view (window)), ==, ISC_VIEW_SHIFT_WEEK);
  g_action_group_activate_action (G_ACTION_GROUP (window), "compare-shift", g_variant_new_string ("none"));
  g_assert_cmpint (isc_view_get_compare_shift (isc_window_get_view (window)), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));

  /* A window wide enough keeps its wide header. */
  g_settings_reset (settings, "window-width");
  window = test_app_open_window ();
  test_wait_for_view (window);
  g_assert_true (test_wait_for (has_refresh_button, window));
  g_assert_false (menu_has_action (window, "win.compare-shift"));
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "view-state");
}

static void
test_window_opens_maximized (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  IscWindow *window;

  g_settings_set_boolean (settings, "window-maximized", TRUE);
  window = isc_window_new (test_app);
  g_settings_reset (settings, "window-maximized");

  /* Xvfb has no window manager to grant the request; the window must
   * still have asked for it. */
  g_assert_true (gtk_window_is_maximized (GTK_WINDOW (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The primary menu's item for @action, as its label, or NULL. */
static char *
menu_label_for (GMenuModel *menu,
                const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *item_action = NULL;
      g_autofree char *label = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      if (section != NULL)
        {
          char *found = menu_label_for (section, action);

          if (found != NULL)
            return found;
          continue;
        }

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &item_action) &&
          g_strcmp0 (item_action, action) == 0 &&
          g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        return g_steal_pointer (&label);
    }

  return NULL;
}

/* The primary menu's button, as shown. */
static GtkWidget *
find_menu_button (GtkWidget *root)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;
  if (GTK_IS_MENU_BUTTON (root) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (root)))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child);

      if (found != NULL)
        return found;
    }

  return NULL;
}




static void
test_window_switches_in_menu (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  IscWindow *window = test_app_open_window ();
  GtkWidget *button;
  GMenuModel *menu;
  g_autofree char *utc_label = NULL;
  g_autofree char *totals_label = NULL;

  /* Two check items in the primary menu … */
  test_wait_for_view (window);
  button = find_menu_button (GTK_WIDGET (window));
  g_assert_nonnull (button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  g_assert_nonnull (menu);
  utc_label = menu_label_for (menu, "win.use-utc");
  totals_label = menu_label_for (menu, "win.counters-as-totals");
  g_assert_cmpstr (utc_label, ==, "Show Times in _UTC");
  g_assert_cmpstr (totals_label, ==, "Show _Counters as Totals per Step");

  /* … for boolean actions (a check item has no target), off at first … */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "use-utc"));
  g_assert_null (g_action_group_get_action_parameter_type (G_ACTION_GROUP (window), "use-utc"));
  g_assert_false (action_state (window, "use-utc"));
  g_assert_false (action_state (window, "counters-as-totals"));

  /* … that write the settings, so they persist … */
  g_action_group_activate_action (G_ACTION_GROUP (window), "counters-as-totals", NULL);
  g_assert_true (g_settings_get_boolean (settings, "counters-as-totals"));
  g_assert_true (action_state (window, "counters-as-totals"));
  g_assert_false (g_settings_get_boolean (settings, "use-utc"));
  gtk_window_destroy (GTK_WINDOW (window));

  /* … and the next window starts as the last one ended. */
  window = test_app_open_window ();
  g_assert_true (action_state (window, "counters-as-totals"));
  g_assert_false (action_state (window, "use-utc"));
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "counters-as-totals");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* A zone away from UTC, so local time and UTC read differently. */
  g_setenv ("TZ", "Asia/Kolkata", TRUE);
  tzset ();

  g_test_init (&argc, &argv, NULL);

  test_app_start ();

  /* In order: the session starts with no key (welcome), then the demo. */
  g_test_add_func ("/isc/window/welcome", test_window_welcome);
  g_test_add_func ("/isc/window/demo-fleet", test_window_demo_fleet);
  g_test_add_func ("/isc/window/reference-lines", test_window_reference_lines);
  g_test_add_func ("/isc/window/reference-lines-late", test_window_reference_lines_late);
  g_test_add_func ("/isc/window/choose-in-sidebar", test_window_choose_in_sidebar);
  g_test_add_func ("/isc/window/modes", test_window_modes);
  g_test_add_func ("/isc/window/range", test_window_range);
  g_test_add_func ("/isc/window/restores-view", test_window_restores_view);
  g_test_add_func ("/isc/window/accessible-names", test_window_accessible_names);
  g_test_add_func ("/isc/window/customize", test_window_customize);
  g_test_add_func ("/isc/window/new-window", test_window_new_window);
  g_test_add_func ("/isc/window/sidebar-width", test_window_sidebar_width);
  g_test_add_func ("/isc/window/switches/menu", test_window_switches_in_menu);
  g_test_add_func ("/isc/window/switches/redraw", test_window_switches_redraw);
  g_test_add_func ("/isc/window/close", test_window_close);
  g_test_add_func ("/isc/window/remembers-size", test_window_remembers_size);
  g_test_add_func ("/isc/window/opens-maximized", test_window_opens_maximized);
  g_test_add_func ("/isc/window/opens-narrow", test_window_opens_narrow);
  g_test_add_func ("/isc/window/other-mode", test_window_other_mode);
  g_test_add_func ("/isc/window/no-data-in-range", test_window_no_data_in_range);
  g_test_add_func ("/isc/window/stale", test_window_stale);
  g_test_add_func ("/isc/window/rate-limited", test_window_rate_limited);
  g_test_add_func ("/isc/window/cached-future-stamp", test_window_cached_future_stamp);
  g_test_add_func ("/isc/window/refused-key", test_window_refused_key);

  status = g_test_run ();

  test_app_stop ();

  return status;
}
