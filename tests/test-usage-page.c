/* test-usage-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the person who pays sees: the Usage page's total is the billing
 * document's, to the cent, and its chart has a layer per deployment;
 * Copy Data puts every day's spend, minutes and requests on the
 * clipboard; a key that may not read billing gets one message and no
 * Retry; the sidebar's Usage row shows the page in the window; and the
 * Overview's Cost column gives each row's cost, estimate labelled, and
 * sorts the costliest first.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <libsoup/soup.h>

#include "isc-chart-view.h"
#include "isc-demo-server.h"
#include "isc-model-apis-page.h"
#include "isc-overview-page.h"
#include "isc-summary-page.h"
#include "isc-usage.h"
#include "isc-sidebar.h"
#include "isc-test-app.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "isc-usage-page.h"
#include "isc-window.h"

#define DAY_MS G_GINT64_CONSTANT (86400000)
/* 2026-11-01 00:00 UTC: a fixed month in the past. */
#define NOV1 G_GINT64_CONSTANT (1793491200000)

/* Money as numbers and strings, days out of order, a row without days,
 * training and a Model API: 136.75 in all, 105.10 of it by day. */
static const char billing_doc[] =
  "{"
  " \"dedicated_usage\": {"
  "  \"subtotal\": \"130.25\", \"credits_used\": 0, \"total\": 130.25, \"minutes\": 4320,"
  "  \"breakdown\": ["
  "   { \"billable_resource\": { \"id\": \"dep1\", \"kind\": \"MODEL_DEPLOYMENT\", \"is_deleted\": false,"
  "       \"name\": \"v3\", \"model_name\": \"llama\", \"instance_type\": \"H100\","
  "       \"environment_name\": \"production\" },"
  "     \"subtotal\": \"100.10\", \"compute_cost\": \"98.00\", \"surcharge_cost\": 2.1,"
  "     \"minutes\": 2880, \"inference_requests\": 90000,"
  "     \"daily\": ["
  "       { \"date\": \"2026-11-02\", \"subtotal\": 40.05, \"compute_cost\": \"39\", \"surcharge_cost\": \"1.05\","
  "         \"minutes\": 1440, \"inference_requests\": 50000 },"
  "       { \"date\": \"2026-11-01\", \"subtotal\": \"60.05\", \"compute_cost\": 59, \"surcharge_cost\": 1.05,"
  "         \"minutes\": 1440, \"inference_requests\": 40000 }"
  "     ] },"
  "   { \"billable_resource\": { \"id\": \"dep2\", \"kind\": \"CHAINLET\", \"is_deleted\": true,"
  "       \"name\": null, \"chain_metadata\": { \"chain_id\": \"c\", \"chain_name\": \"rag\", \"chain_deployment_id\": \"cd\" } },"
  "     \"subtotal\": 30.15, \"compute_cost\": 30.15, \"surcharge_cost\": 0,"
  "     \"minutes\": 1440, \"inference_requests\": 7 }"
  "  ] },"
  " \"training_usage\": { \"subtotal\": 5, \"credits_used\": \"0.00\", \"total\": 5, \"minutes\": 60,"
  "   \"breakdown\": [ { \"billable_resource\": { \"id\": \"job9\", \"kind\": \"TRAINING_JOB\", \"is_deleted\": false },"
  "     \"subtotal\": 5, \"minutes\": 60, \"daily\": [ { \"date\": \"2026-11-03\", \"subtotal\": \"5\", \"minutes\": 60 } ] } ] },"
  " \"model_apis_usage\": { \"subtotal\": \"1.5\", \"credits_used\": 0, \"total\": \"1.5\","
  "   \"breakdown\": [ { \"model_name\": \"deepseek-v3\", \"model_family\": null, \"subtotal\": \"1.5\","
  "     \"input_tokens\": 1000000, \"output_tokens\": 200000, \"cached_input_tokens\": 300000 } ] }"
  "}";

static IscUsageTable *
doc_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) billing = isc_billing_summary_decode (billing_doc, strlen (billing_doc),
                                                                     NOV1, NOV1 + 3 * DAY_MS, &error);

  g_assert_no_error (error);
  return isc_usage_table_new_from_billing (billing, NOV1 + 40 * DAY_MS);
}

static GtkWidget *
show_page (GtkWidget **window_out,
           int         width)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = isc_usage_page_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), width, 700);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until_mapped (page);
  *window_out = window;
  return page;
}

/* The first mapped label under @root whose text contains @text. */
static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), text) != NULL)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The chart's description is written once it is laid out: later than
 * the page under a sanitizer. */
static gboolean
has_description (gpointer data)
{
  g_autofree char *description = isc_chart_view_dup_description (ISC_CHART_VIEW (data));

  return description != NULL;
}

/* The total says what the document says: what the days hold, and the
 * rest of the document's total apart; they add up to 136.75. */
static void
test_totals (void)
{
  GtkWidget *window;
  IscUsagePage *page = ISC_USAGE_PAGE (show_page (&window, 1000));
  IscChartModel *model;
  g_autofree char *description = NULL;

  g_assert_cmpstr (isc_usage_page_get_shown (page), ==, "loading");
  isc_usage_page_set_table (page, doc_table ());
  test_run_frames (20);

  g_assert_cmpstr (isc_usage_page_get_shown (page), ==, "chart");
  g_assert_cmpstr (isc_usage_page_get_total_text (page), ==,
                   "Total $105.10 over 3 days · $31.65 not broken down by day");
  /* On screen, as a label a person reads. */
  g_assert_nonnull (find_label (GTK_WIDGET (page), "Total $105.10 over 3 days"));
  g_assert_cmpint (isc_usage_table_get_document_micros (isc_usage_page_get_table (page)), ==,
                   105100000 + 31650000);

  model = isc_chart_view_get_model (ISC_CHART_VIEW (isc_usage_page_get_chart_view (page)));
  g_assert_nonnull (model);
  g_assert_cmpuint (isc_chart_model_get_n_series (model), ==, 2);
  g_assert_cmpstr (isc_chart_model_get_series (model, 0)->label, ==, "llama · production");
  g_assert_cmpstr (isc_chart_model_get_series (model, 1)->label, ==, "Training");
  /* The chart's description (what a screen reader reads) has the
   * dollars. */
  g_assert_true (test_wait_for (has_description, isc_usage_page_get_chart_view (page)));
  description = isc_chart_view_dup_description (ISC_CHART_VIEW (isc_usage_page_get_chart_view (page)));
  g_assert_nonnull (strstr (description, "$"));

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (10);
}

static GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  if (GTK_IS_BUTTON (root))
    {
      GtkWidget *found = find_label (root, label);

      if (found != NULL)
        return root;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Copy Data: every day of every row, minutes and requests with it. */
static void
test_copy_data (void)
{
  GtkWidget *window;
  GtkWidget *page = show_page (&window, 1000);
  GtkWidget *button;
  g_autofree char *text = NULL;

  isc_usage_page_set_table (ISC_USAGE_PAGE (page), doc_table ());
  test_run_frames (20);
  button = find_button (page, "Copy Data");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (page), NULL, test_read_text_cb, &text);
  g_assert_true (test_wait_for (test_pointer_is_set, &text));

  g_test_message ("copied: %s", text);
  g_assert_true (g_str_has_prefix (text, "day,kind,name,spend_usd,estimated,minutes,requests\n"));
  g_assert_nonnull (strstr (text, "2026-11-01,deployment,\"llama · production\",60.05,false,1440,40000\n"));
  g_assert_nonnull (strstr (text, "2026-11-02,deployment,\"llama · production\",40.05,false,1440,50000\n"));
  g_assert_nonnull (strstr (text, "2026-11-03,training,\"job9\",5.00,false,60,\n"));

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (10);
}

/* A key that may not read billing: said, no chart, no Retry. A failure
 * that may pass offers Retry. */
static void
test_forbidden (void)
{
  GtkWidget *window;
  GtkWidget *page = show_page (&window, 1000);
  GtkWidget *retry;

  isc_usage_page_set_error (ISC_USAGE_PAGE (page), "This API key may not read the workspace's billing", TRUE);
  test_run_frames (20);
  g_assert_cmpstr (isc_usage_page_get_shown (ISC_USAGE_PAGE (page)), ==, "forbidden");
  g_assert_nonnull (find_label (page, "may not read the workspace's billing"));
  g_assert_null (find_button (page, "Retry"));
  g_assert_null (isc_chart_view_get_model (ISC_CHART_VIEW (isc_usage_page_get_chart_view (ISC_USAGE_PAGE (page)))));
  g_assert_cmpstr (isc_usage_page_get_total_text (ISC_USAGE_PAGE (page)), ==, "");

  isc_usage_page_set_error (ISC_USAGE_PAGE (page), "Could not connect: <b>refused</b>", FALSE);
  test_run_frames (20);
  g_assert_cmpstr (isc_usage_page_get_shown (ISC_USAGE_PAGE (page)), ==, "error");
  /* The server's words as text, never markup. */
  g_assert_nonnull (find_label (page, "<b>refused</b>"));
  retry = find_button (page, "Retry");
  g_assert_nonnull (retry);
  g_assert_true (gtk_widget_get_visible (retry));

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (10);
}

typedef struct
{
  GtkWidget *page;
  GtkWidget *label;
  GtkWidget *button;
} Narrow;

static gboolean
buttons_beside_total (gpointer data)
{
  Narrow *n = data;
  graphene_rect_t button, total;

  if (!gtk_widget_compute_bounds (n->button, n->page, &button) ||
      !gtk_widget_compute_bounds (n->label, n->page, &total))
    return FALSE;
  return button.origin.y < total.origin.y + total.size.height && button.origin.x > total.origin.x;
}

/* The buttons within the page, under the total, which has the page's
 * width to wrap in. */
static gboolean
buttons_under_total (gpointer data)
{
  Narrow *n = data;
  graphene_rect_t button, total;

  if (!gtk_widget_compute_bounds (n->button, n->page, &button) ||
      !gtk_widget_compute_bounds (n->label, n->page, &total))
    return FALSE;
  return button.origin.x + button.size.width <= gtk_widget_get_width (n->page) + 0.5 &&
         button.origin.y >= total.origin.y + total.size.height - 0.5 &&
         total.size.width >= 300;
}

/* At 360 px the total wraps rather than being cut, and the buttons go
 * under it, within the window. */
static void
test_narrow (void)
{
  GtkWidget *window;
  Narrow n = { NULL, NULL, NULL };

  n.page = show_page (&window, 360);
  isc_usage_page_set_table (ISC_USAGE_PAGE (n.page), doc_table ());
  test_run_frames (40);
  n.label = find_label (n.page, "Total $105.10");
  g_assert_nonnull (n.label);
  g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (n.label)), ==, PANGO_ELLIPSIZE_NONE);
  g_assert_cmpint (gtk_widget_get_width (n.page), <=, 360);
  n.button = find_button (n.page, "Export");
  g_assert_nonnull (n.button);
  g_assert_true (test_wait_for (buttons_under_total, &n));

  /* Wide again: beside it. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  g_assert_true (test_wait_for (buttons_beside_total, &n));

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (10);
}

static gboolean
usage_shown (gpointer data)
{
  return test_find_shown (GTK_WIDGET (data), ISC_TYPE_USAGE_PAGE, NULL, NULL) != NULL;
}

/* In the window: the sidebar's Usage row shows the page, titled, with
 * the Overview row not selected; Overview brings the table back. */
/* GTK 4.8's spinner ticks the frame clock while it spins, in sight or
 * not: a spinner out of sight that spins redraws the window sixty times
 * a second for nothing. (An AdwSpinner turns only in sight.) */
static guint
count_spinning_out_of_sight (GtkWidget *widget)
{
  guint n = 0;

  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, test_spinner_type ()) && test_spinner_turning (widget) &&
      !gtk_widget_get_mapped (widget))
    n++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    n += count_spinning_out_of_sight (child);
  return n;
}

static void
test_window_sidebar (void)
{
  IscWindow *window;
  GtkWidget *sidebar, *usage_label, *usage_row, *overview_row;
  g_autoptr(GPtrArray) spinners = NULL;
  g_autoptr(GError) error = NULL;

  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  g_assert_true (test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)));
  g_assert_true (isc_session_use_demo (test_app_session (), &error));
  g_assert_no_error (error);
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  window = test_app_open_window ();
  test_wait_for_view (window);
  /* The Usage and Model APIs pages wait out of sight: their spinners
   * are still. */
  g_assert_cmpuint (count_spinning_out_of_sight (GTK_WIDGET (window)), ==, 0);
  spinners = test_collect_widgets (GTK_WIDGET (window), test_spinner_type ());
  g_assert_cmpuint (spinners->len, >=, 2);
#if ADW_CHECK_VERSION (1, 6, 0)
  /* The current spinners, and no old one left. */
  g_assert_cmpuint (test_count_gtk_spinners (GTK_WIDGET (window)), ==, 0);
#endif

  sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  g_assert_nonnull (sidebar);
  g_assert_true (isc_sidebar_get_usage_shown (ISC_SIDEBAR (sidebar)));
  usage_label = find_label (sidebar, "Usage");
  g_assert_nonnull (usage_label);
  usage_row = gtk_widget_get_parent (gtk_widget_get_parent (usage_label));
  g_assert_true (gtk_widget_activate_action (usage_row, "listitem.select", "(bb)", FALSE, FALSE));
  g_assert_true (test_wait_for (usage_shown, window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Usage");
  g_assert_true (isc_sidebar_get_usage_selected (ISC_SIDEBAR (sidebar)));
  g_assert_false (isc_sidebar_get_overview_selected (ISC_SIDEBAR (sidebar)));
  g_assert_null (isc_sidebar_get_selected_target (ISC_SIDEBAR (sidebar)));
  g_assert_null (test_find_shown (GTK_WIDGET (window), ISC_TYPE_OVERVIEW_PAGE, NULL, NULL));

  overview_row = gtk_widget_get_parent (gtk_widget_get_parent (find_label (sidebar, "Overview")));
  g_assert_true (gtk_widget_activate_action (overview_row, "listitem.select", "(bb)", FALSE, FALSE));
  test_run_frames (20);
  g_assert_nonnull (test_find_shown (GTK_WIDGET (window), ISC_TYPE_OVERVIEW_PAGE, NULL, NULL));
  g_assert_false (usage_shown (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Overview");
  g_assert_true (isc_sidebar_get_overview_selected (ISC_SIDEBAR (sidebar)));
  g_assert_cmpuint (count_spinning_out_of_sight (GTK_WIDGET (window)), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (20);
}

/* The Summary page's cost line: an estimate reads as one, dimmed; billed
 * days and an estimate are said apart, never summed. */
static void
test_summary_cost (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = isc_summary_page_new ();
  IscCost cost = { 0 };
  GtkWidget *label;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 600);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until_mapped (page);
  g_assert_null (isc_summary_page_get_cost_text (ISC_SUMMARY_PAGE (page)));

  cost.needs_estimate = TRUE;
  cost.has_estimate = TRUE;
  cost.estimated = 560000;
  isc_summary_page_set_cost (ISC_SUMMARY_PAGE (page), &cost);
  test_run_frames (10);
  g_assert_cmpstr (isc_summary_page_get_cost_text (ISC_SUMMARY_PAGE (page)), ==, "≈ $0.56 (estimate)");
  label = find_label (page, "≈ $0.56 (estimate)");
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_has_css_class (label, "dim-label"));

  cost.has_billed = TRUE;
  cost.billed = 12340000;
  isc_summary_page_set_cost (ISC_SUMMARY_PAGE (page), &cost);
  test_run_frames (10);
  g_assert_cmpstr (isc_summary_page_get_cost_text (ISC_SUMMARY_PAGE (page)), ==,
                   "$12.34 billed + ≈ $0.56 estimated");
  g_assert_null (find_label (page, "12.90"));
  g_assert_false (gtk_widget_has_css_class (find_label (page, "billed"), "dim-label"));

  isc_summary_page_set_cost (ISC_SUMMARY_PAGE (page), NULL);
  test_run_frames (10);
  g_assert_null (isc_summary_page_get_cost_text (ISC_SUMMARY_PAGE (page)));
  g_assert_null (find_label (page, "billed"));

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (10);
}

typedef struct
{
  IscOverviewPage *page;
  IscFleet        *fleet;
} CostWait;

static gboolean
fleet_done (gpointer data)
{
  IscFleet *fleet = data;

  return g_list_model_get_n_items (G_LIST_MODEL (fleet)) > 0 &&
         !isc_fleet_get_loading (fleet) && isc_fleet_get_in_flight (fleet) == 0;
}

static gboolean
list_loaded (gpointer data)
{
  IscTargetList *list = data;

  return !isc_target_list_get_loading (list) && g_list_model_get_n_items (G_LIST_MODEL (list)) > 0;
}

/* Every row's cost known. */
static gboolean
costs_known (gpointer data)
{
  CostWait *w = data;
  GListModel *shown = isc_overview_page_get_shown (w->page);

  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(IscFleetRow) row = g_list_model_get_item (shown, i);
      g_autofree char *text = isc_overview_page_dup_cost_text (w->page, row);

      if (text == NULL || g_str_equal (text, "—"))
        return FALSE;
    }
  return g_list_model_get_n_items (shown) > 0;
}

/* Every row's cost known and billed: no estimate. */
static gboolean
costs_billed (gpointer data)
{
  CostWait *w = data;
  GListModel *shown = isc_overview_page_get_shown (w->page);

  if (isc_fleet_get_loading (w->fleet))
    return FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(IscFleetRow) row = g_list_model_get_item (shown, i);
      g_autofree char *text = isc_overview_page_dup_cost_text (w->page, row);

      if (text == NULL || !g_str_has_prefix (text, "$"))
        return FALSE;
    }
  return g_list_model_get_n_items (shown) > 0;
}

/* "≈ $1,234.56 (estimate)" → 1234.56 */
static double
cost_of_text (const char *text)
{
  const char *dollar = strchr (text, '$');
  g_autoptr(GString) digits = g_string_new (NULL);

  g_assert_nonnull (dollar);
  for (const char *p = dollar + 1; *p != '\0' && (g_ascii_isdigit (*p) || *p == ',' || *p == '.'); p++)
    if (*p != ',')
      g_string_append_c (digits, *p);
  return g_ascii_strtod (digits->str, NULL);
}

/* The Overview's Cost column over the last hour (today: not billed yet):
 * every row an estimate, said so, and a click on the header puts the
 * costliest first. */
static void
test_overview_cost (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscTargetList) list = isc_target_list_new ();
  g_autoptr(IscFleet) fleet = isc_fleet_new ();
  g_autoptr(IscUsage) usage = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GListModel) columns = NULL;
  GtkColumnViewColumn *cost_column = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = isc_overview_page_new ();
  GtkWidget *view;
  GListModel *shown;
  CostWait w = { ISC_OVERVIEW_PAGE (page), fleet };
  double previous = G_MAXDOUBLE;

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);
  isc_target_list_reload_async (list, client, NULL, NULL, NULL);
  g_assert_true (test_wait_for (list_loaded, list));
  isc_fleet_set_target_list (fleet, list);
  isc_fleet_set_client (fleet, client);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  isc_overview_page_set_fleet (ISC_OVERVIEW_PAGE (page), fleet);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until_mapped (page);
  /* No Cost column without billing to read. */
  g_assert_null (find_label (page, "Cost"));

  isc_fleet_set_active (fleet, TRUE);
  g_assert_true (test_wait_for (fleet_done, fleet) || test_wait_for (fleet_done, fleet));
  usage = isc_usage_new (client);
  isc_overview_page_set_usage (ISC_OVERVIEW_PAGE (page), usage);
  g_assert_true (test_wait_for (costs_known, &w));
  test_run_frames (20);
  g_assert_nonnull (find_label (page, "Cost"));

  view = test_find_widget (page, GTK_TYPE_COLUMN_VIEW, NULL, NULL);
  columns = g_object_ref (gtk_column_view_get_columns (GTK_COLUMN_VIEW (view)));
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), "Cost") == 0)
        cost_column = column;
    }
  g_assert_nonnull (cost_column);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (view), cost_column, GTK_SORT_ASCENDING);
  test_run_frames (20);

  shown = isc_overview_page_get_shown (ISC_OVERVIEW_PAGE (page));
  g_assert_cmpuint (g_list_model_get_n_items (shown), >=, 4);
  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(IscFleetRow) row = g_list_model_get_item (shown, i);
      g_autofree char *text = isc_overview_page_dup_cost_text (ISC_OVERVIEW_PAGE (page), row);
      double dollars = cost_of_text (text);

      g_test_message ("%s · %s: %s", isc_fleet_row_get_model_name (row), isc_fleet_row_get_name (row), text);
      /* Today is not billed: an estimate, and said to be one; less than
       * a cent so far ("≈ <$0.01") for a deployment that has hardly run
       * today (text-embeddings' development at 14:50 UTC). */
      g_assert_true (g_str_has_prefix (text, "≈ $") || g_str_has_prefix (text, "≈ <$0.01"));
      g_assert_nonnull (strstr (text, "estimate"));
      g_assert_null (strstr (text, "billed"));
      g_assert_cmpfloat (dollars, <=, previous);
      previous = dollars;
    }
  /* The costliest row's text is on screen. */
  {
    g_autoptr(IscFleetRow) first = g_list_model_get_item (shown, 0);
    g_autofree char *text = isc_overview_page_dup_cost_text (ISC_OVERVIEW_PAGE (page), first);

    g_assert_nonnull (find_label (page, text));
  }

  /* Yesterday, a whole UTC day: billed, no estimate. */
  {
    gint64 today_ms = g_get_real_time () / 1000 / DAY_MS * DAY_MS;
    g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (today_ms - DAY_MS, today_ms);

    isc_fleet_set_range (fleet, range);
    g_assert_true (test_wait_for (costs_billed, &w));
    for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
      {
        g_autoptr(IscFleetRow) row = g_list_model_get_item (shown, i);
        g_autofree char *text = isc_overview_page_dup_cost_text (ISC_OVERVIEW_PAGE (page), row);

        g_test_message ("yesterday: %s · %s: %s", isc_fleet_row_get_model_name (row), isc_fleet_row_get_name (row), text);
        g_assert_true (g_str_has_prefix (text, "$"));
        g_assert_null (strstr (text, "≈"));
      }
  }

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (20);
}

static gboolean
model_apis_row_shown (gpointer data)
{
  return isc_sidebar_get_model_apis_shown (ISC_SIDEBAR (data));
}

static gboolean
model_apis_charted (gpointer data)
{
  GtkWidget *page = test_find_shown (GTK_WIDGET (data), ISC_TYPE_MODEL_APIS_PAGE, NULL, NULL);

  return page != NULL && g_strcmp0 (isc_model_apis_page_get_shown (ISC_MODEL_APIS_PAGE (page)), "charts") == 0;
}

static gboolean
model_apis_by_key (gpointer data)
{
  IscChartsPage *charts = data;
  IscMetricsResponse *response = isc_charts_page_get_response (charts);
  const IscMetric *metric;

  if (response == NULL)
    return FALSE;
  metric = isc_metrics_response_get_metric (response, 0);
  return isc_series_lookup_label (isc_metric_get_series (metric, 0), "api_key") != NULL;
}

/* The demo's workspace has added two Model APIs: a Model APIs row under
 * Usage, whose page charts the tokens and requests over the window's
 * range in buckets of its width, by model, then by API key. */
static void
test_window_model_apis (void)
{
  IscWindow *window = test_app_open_window ();
  GtkWidget *sidebar, *row, *page;
  IscChartsPage *charts;
  IscMetricsResponse *response;
  g_autoptr(IscTimeRange) hour = isc_time_range_new_relative (3600 * 1000);

  test_wait_for_view (window);
  g_assert_true (isc_view_set_range (isc_window_get_view (window), hour, NULL));
  sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  g_assert_true (test_wait_for (model_apis_row_shown, sidebar));
  test_run_frames (20);
  row = gtk_widget_get_parent (gtk_widget_get_parent (find_label (sidebar, "All Model APIs")));
  g_assert_true (gtk_widget_activate_action (row, "listitem.select", "(bb)", FALSE, FALSE));
  g_assert_true (test_wait_for (model_apis_charted, window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Model APIs");
  g_assert_true (isc_sidebar_get_model_apis_selected (ISC_SIDEBAR (sidebar)));
  g_assert_false (isc_sidebar_get_usage_selected (ISC_SIDEBAR (sidebar)));

  page = test_find_shown (GTK_WIDGET (window), ISC_TYPE_MODEL_APIS_PAGE, NULL, NULL);
  g_assert_cmpuint (isc_model_apis_page_get_apis (ISC_MODEL_APIS_PAGE (page))->len, ==, 2);
  charts = isc_model_apis_page_get_charts (ISC_MODEL_APIS_PAGE (page));
  response = isc_charts_page_get_response (charts);
  /* An hour: one-minute buckets. */
  g_assert_cmpint (isc_metrics_response_get_step_seconds (response), ==, 60);
  g_assert_cmpuint (isc_metrics_response_get_n_steps (response), >=, 59);
  g_assert_nonnull (isc_metrics_response_lookup_metric (response, "inferscope_model_api_input_tokens"));
  g_assert_nonnull (isc_metrics_response_lookup_metric (response, "inferscope_model_api_cached_input_tokens"));
  g_assert_nonnull (isc_metrics_response_lookup_metric (response, "inferscope_model_api_output_tokens"));
  g_assert_nonnull (isc_metrics_response_lookup_metric (response, "inferscope_model_api_requests"));
  g_assert_cmpuint (isc_charts_page_get_n_charts (charts), >=, 4);
  /* Titled in words (the chart draws its title). */
  {
    gboolean titled = FALSE;

    for (guint i = 0; i < isc_charts_page_get_n_charts (charts); i++)
      {
        IscChartModel *model = isc_chart_view_get_model (ISC_CHART_VIEW (isc_charts_page_get_chart (charts, i)));

        titled |= model != NULL && g_strcmp0 (isc_chart_model_get_title (model), "Output tokens") == 0;
      }
    g_assert_true (titled);
  }
  /* No heading "Other" over charts that are all of one kind. */
  g_assert_null (find_label (GTK_WIDGET (charts), "Other"));
  g_assert_nonnull (isc_series_lookup_label (isc_metric_get_series (isc_metrics_response_get_metric (response, 0), 0),
                                             "model"));

  isc_model_apis_page_set_group (ISC_MODEL_APIS_PAGE (page), ISC_USAGE_GROUP_API_KEY);
  g_assert_true (test_wait_for (model_apis_by_key, charts));

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (20);
}

static gboolean
usage_row_gone (gpointer data)
{
  return !isc_sidebar_get_usage_shown (ISC_SIDEBAR (data));
}

static gboolean
toast_says (GtkWidget  *window,
            const char *words)
{
  return find_label (window, words) != NULL;
}

/* A key that may not read billing: the first look at Usage says so
 * (a toast), and Usage leaves the sidebar; the Overview is shown, without
 * a Cost column. */
static void
test_window_forbidden (void)
{
  IscWindow *window;
  GtkWidget *sidebar, *usage_row, *overview;
  IscDemoServer *server = isc_session_get_demo_server (test_app_session ());

  g_assert_nonnull (server);
  isc_demo_server_set_billing_forbidden (server, TRUE);
  window = test_app_open_window ();
  test_wait_for_view (window);
  sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  usage_row = gtk_widget_get_parent (gtk_widget_get_parent (find_label (sidebar, "Usage")));
  g_assert_true (gtk_widget_activate_action (usage_row, "listitem.select", "(bb)", FALSE, FALSE));

  g_assert_true (test_wait_for (usage_row_gone, sidebar));
  test_run_frames (20);
  overview = test_find_shown (GTK_WIDGET (window), ISC_TYPE_OVERVIEW_PAGE, NULL, NULL);
  g_assert_nonnull (overview);
  g_assert_false (usage_shown (window));
  g_assert_null (isc_overview_page_get_usage (ISC_OVERVIEW_PAGE (overview)));
  g_assert_true (isc_sidebar_get_overview_selected (ISC_SIDEBAR (sidebar)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Overview");
  /* Said, in the words the client gave. */
  g_assert_true (toast_says (GTK_WIDGET (window), "billing") || toast_says (GTK_WIDGET (window), "403") ||
                 toast_says (GTK_WIDGET (window), "permission") || toast_says (GTK_WIDGET (window), "may not"));

  isc_demo_server_set_billing_forbidden (server, FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (20);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  test_app_start ();

  g_test_add_func ("/isc/usage-page/totals", test_totals);
  g_test_add_func ("/isc/usage-page/copy-data", test_copy_data);
  g_test_add_func ("/isc/usage-page/forbidden", test_forbidden);
  g_test_add_func ("/isc/usage-page/narrow", test_narrow);
  g_test_add_func ("/isc/usage-page/summary-cost", test_summary_cost);
  g_test_add_func ("/isc/usage-page/overview-cost", test_overview_cost);
  g_test_add_func ("/isc/usage-page/window-sidebar", test_window_sidebar);
  /* After window-sidebar, which starts the demo. */
  g_test_add_func ("/isc/usage-page/window-model-apis", test_window_model_apis);
  g_test_add_func ("/isc/usage-page/window-forbidden", test_window_forbidden);

  {
    int status = g_test_run ();

    test_app_stop ();
    return status;
  }
}
