/* test-model-apis-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Model APIs section as the person who uses them sees it, in the
 * demo (two added Model APIs): a row per API under "All Model APIs",
 * each showing that API only, the page's chooser and the sidebar's row
 * agreeing, remembered with the window; the page's Summary totals equal
 * the usage's buckets summed, its cost at list prices said as such; the
 * Usage page's today an estimate, said apart from the billed total; and
 * no Activity button on either page. Ranges are fixed windows in the
 * past, so any hour of the day gives the same answers.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-activity-button.h"
#include "isc-cost.h"
#include "isc-demo-server.h"
#include "isc-model-apis-page.h"
#include "isc-sidebar.h"
#include "isc-summary-page.h"
#include "isc-test-app.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "isc-text.h"
#include "isc-usage.h"
#include "isc-usage-chart.h"
#include "isc-usage-page.h"
#include "isc-window.h"

#define DAY_MS G_GINT64_CONSTANT (86400000)
#define HOUR_MS G_GINT64_CONSTANT (3600000)

/* The first mapped label under @root whose text is @text. */
static GtkWidget *
find_label_exact (GtkWidget  *root,
                  const char *text)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_exact (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The list row (its list item's widget) showing @text. */
static GtkWidget *
sidebar_row (GtkWidget  *sidebar,
             const char *text)
{
  GtkWidget *label = find_label_exact (sidebar, text);

  return label != NULL ? gtk_widget_get_parent (gtk_widget_get_parent (label)) : NULL;
}

static gboolean
select_row (GtkWidget *row)
{
  return gtk_widget_activate_action (row, "listitem.select", "(bb)", FALSE, FALSE);
}

static gboolean
model_apis_listed (gpointer data)
{
  return isc_sidebar_get_model_apis_shown (ISC_SIDEBAR (data));
}

static IscModelApisPage *
model_apis_page (IscWindow *window)
{
  return ISC_MODEL_APIS_PAGE (test_find_widget (GTK_WIDGET (window), ISC_TYPE_MODEL_APIS_PAGE, NULL, NULL));
}

typedef struct
{
  IscWindow  *window;
  const char *model;  /* NULL: any, else every series' "model" */
} Wait;

/* The page charts usage, and (with a model) only that model's. */
static gboolean
charted (gpointer data)
{
  Wait *w = data;
  IscModelApisPage *page = model_apis_page (w->window);
  IscMetricsResponse *response;

  if (page == NULL || g_strcmp0 (isc_model_apis_page_get_shown (page), "charts") != 0)
    return FALSE;
  response = isc_charts_page_get_response (isc_model_apis_page_get_charts (page));
  if (response == NULL)
    return FALSE;
  if (w->model == NULL)
    return TRUE;
  for (guint m = 0; m < isc_metrics_response_get_n_metrics (response); m++)
    {
      const IscMetric *metric = isc_metrics_response_get_metric (response, m);

      for (guint s = 0; s < isc_metric_get_n_series (metric); s++)
        {
          const char *model = isc_series_lookup_label (isc_metric_get_series (metric, s), "model");

          if (model != NULL && g_strcmp0 (model, w->model) != 0)
            return FALSE;
        }
    }
  return TRUE;
}

static IscWindow *
open_demo_window (void)
{
  IscWindow *window;

  if (isc_session_get_state (test_app_session ()) != ISC_SESSION_READY)
    {
      g_autoptr(GError) error = NULL;

      isc_session_start_async (test_app_session (), NULL, NULL, NULL);
      g_assert_true (test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)));
      g_assert_true (isc_session_use_demo (test_app_session (), &error));
      g_assert_no_error (error);
      g_assert_true (test_wait_for (test_session_is_ready, NULL));
    }
  window = test_app_open_window ();
  test_wait_for_view (window);
  return window;
}

/* Yesterday 15:00–17:00 UTC: the demo's traffic there is the same
 * whatever the hour now. */
static void
set_fixed_range (IscWindow *window)
{
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 start_ms = now_ms - now_ms % DAY_MS - DAY_MS + 15 * HOUR_MS;
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (start_ms, start_ms + 2 * HOUR_MS);

  g_assert_true (isc_view_set_range (isc_window_get_view (window), range, NULL));
}

/* All Model APIs, chosen in the sidebar over a fixed range, once
 * charted. */
static IscModelApisPage *
open_all_model_apis (IscWindow *window)
{
  GtkWidget *sidebar;
  Wait w = { window, NULL };

  set_fixed_range (window);
  sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  g_assert_true (test_wait_for (model_apis_listed, sidebar));
  test_run_frames (20);
  g_assert_true (select_row (sidebar_row (sidebar, "All Model APIs")));
  g_assert_true (test_wait_for (charted, &w));
  return model_apis_page (window);
}

static gboolean
activity_button_shown (IscWindow *window)
{
  GtkWidget *button = test_find_widget (GTK_WIDGET (window), ISC_TYPE_ACTIVITY_BUTTON, NULL, NULL);

  g_assert_nonnull (button);
  return gtk_widget_get_visible (button);
}

/* The section lists "All Model APIs" and the demo's two added APIs by
 * name; a row shows its API only, the page's chooser says the same, the
 * title's subtitle names it; choosing another API in the page's chooser
 * moves the sidebar's selection; All Model APIs shows both again. */
static void
test_sidebar_rows (void)
{
  IscWindow *window = open_demo_window ();
  GtkWidget *sidebar, *row;
  IscModelApisPage *page;
  GPtrArray *apis;
  const IscModelApi *first, *second;
  g_autofree char *first_title = NULL;
  g_autofree char *second_title = NULL;
  Wait w = { window, NULL };

  set_fixed_range (window);
  sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  g_assert_true (test_wait_for (model_apis_listed, sidebar));
  test_run_frames (20);

  page = model_apis_page (window);
  apis = isc_model_apis_page_get_apis (page);
  g_assert_nonnull (apis);
  g_assert_cmpuint (apis->len, ==, 2);
  first = g_ptr_array_index (apis, 0);
  second = g_ptr_array_index (apis, 1);
  first_title = isc_text_display_name (first->display_name, first->name);
  second_title = isc_text_display_name (second->display_name, second->name);
  g_assert_cmpstr (first->name, !=, second->name);

  /* A heading, All, and a row per API, each named as the person reads it. */
  g_assert_nonnull (sidebar_row (sidebar, "Model APIs"));
  g_assert_nonnull (sidebar_row (sidebar, "All Model APIs"));
  g_assert_nonnull (sidebar_row (sidebar, first_title));
  row = sidebar_row (sidebar, second_title);
  g_assert_nonnull (row);

  /* The second API's row: its usage only, chosen in the page too. */
  g_assert_true (select_row (row));
  w.model = second->name;
  g_assert_true (test_wait_for (charted, &w));
  g_assert_true (isc_sidebar_get_model_apis_selected (ISC_SIDEBAR (sidebar)));
  g_assert_cmpstr (isc_sidebar_get_model_api (ISC_SIDEBAR (sidebar)), ==, second->name);
  g_assert_cmpstr (isc_model_apis_page_get_model (page), ==, second->name);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Model APIs");
  g_assert_nonnull (find_label_exact (GTK_WIDGET (window), second_title));

  /* The page's chooser: the sidebar follows. */
  isc_model_apis_page_set_model (page, first->name);
  w.model = first->name;
  g_assert_true (test_wait_for (charted, &w));
  g_assert_cmpstr (isc_sidebar_get_model_api (ISC_SIDEBAR (sidebar)), ==, first->name);

  /* All of them: both models' series again. */
  g_assert_true (select_row (sidebar_row (sidebar, "All Model APIs")));
  w.model = NULL;
  test_run_frames (20);
  g_assert_true (test_wait_for (charted, &w));
  g_assert_null (isc_model_apis_page_get_model (page));
  g_assert_true (isc_sidebar_get_model_apis_selected (ISC_SIDEBAR (sidebar)));
  g_assert_null (isc_sidebar_get_model_api (ISC_SIDEBAR (sidebar)));

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (20);
}

static gboolean
summary_ready (gpointer data)
{
  IscModelApisPage *page = data;

  return g_strcmp0 (isc_model_apis_page_get_shown (page), "summary") == 0 &&
         isc_summary_page_get_response (isc_model_apis_page_get_summary (page)) != NULL;
}

/* The Summary: a row per series, each counter's total the sum of the
 * usage's buckets (the charts' steps), and the cost computed from list
 * prices, said as such and never as a bill. */
static void
test_summary (void)
{
  IscWindow *window = open_demo_window ();
  IscModelApisPage *page;
  IscMetricsResponse *series, *summary;
  const char *cost;
  guint n_compared = 0;

  page = open_all_model_apis (window);
  series = isc_charts_page_get_response (isc_model_apis_page_get_charts (page));

  isc_model_apis_page_show_summary (page, TRUE);
  g_assert_true (test_wait_for (summary_ready, page));
  summary = isc_summary_page_get_response (isc_model_apis_page_get_summary (page));
  g_assert_cmpint (isc_metrics_response_get_mode (summary), ==, ISC_MODE_SUMMARY);
  /* Four counters, a row per model (two) for each. */
  g_assert_cmpuint (isc_summary_page_get_n_rows (isc_model_apis_page_get_summary (page)), ==, 8);

  for (guint m = 0; m < isc_metrics_response_get_n_metrics (summary); m++)
    {
      const IscMetric *total_metric = isc_metrics_response_get_metric (summary, m);
      const IscMetric *step_metric = isc_metrics_response_lookup_metric (series, isc_metric_get_name (total_metric));

      g_assert_nonnull (step_metric);
      g_assert_cmpint (isc_metric_get_kind (total_metric), ==, ISC_METRIC_KIND_COUNTER);
      g_assert_cmpuint (isc_metric_get_n_series (total_metric), ==, isc_metric_get_n_series (step_metric));
      for (guint s = 0; s < isc_metric_get_n_series (total_metric); s++)
        {
          const IscSeries *total_series = isc_metric_get_series (total_metric, s);
          const IscSeries *step_series = isc_metric_get_series (step_metric, s);
          guint n = 0;
          const double *values = isc_series_get_values (step_series, &n);
          double sum = 0;

          g_assert_cmpstr (isc_series_get_label_text (total_series), ==, isc_series_get_label_text (step_series));
          for (guint i = 0; i < n; i++)
            if (!isnan (values[i]))
              sum += values[i];
          g_test_message ("%s {%s}: %.0f", isc_metric_get_name (total_metric),
                          isc_series_get_label_text (total_series), sum);
          g_assert_cmpfloat (isc_series_get_last_value (total_series), ==, sum);
          n_compared++;
        }
    }
  g_assert_cmpuint (n_compared, ==, 8);

  /* The demo lists prices per million tokens: a cost, computed. */
  cost = isc_summary_page_get_cost_text (isc_model_apis_page_get_summary (page));
  g_assert_nonnull (cost);
  g_test_message ("cost: %s", cost);
  g_assert_true (g_str_has_prefix (cost, "≈ $"));
  g_assert_nonnull (strstr (cost, "list prices"));
  g_assert_null (strstr (cost, "billed"));

  /* Back to the charts. */
  isc_model_apis_page_show_summary (page, FALSE);
  g_assert_cmpstr (isc_model_apis_page_get_shown (page), ==, "charts");

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (20);
}

static void
count_cb (int *count)
{
  (*count)++;
}

static gboolean
by_key_cb (gpointer data)
{
  return isc_model_apis_page_get_group (data) == ISC_USAGE_GROUP_API_KEY;
}

static gboolean
shows_charts (gpointer data)
{
  return g_strcmp0 (isc_model_apis_page_get_shown (data), "charts") == 0;
}

static gboolean
shows_summary (gpointer data)
{
  return g_strcmp0 (isc_model_apis_page_get_shown (data), "summary") == 0;
}

/* The page's two choices, By Model or By API Key and Charts or
 * Summary, each picked with a click on its word: a toggle group where
 * libadwaita has one (1.7), read as radio buttons, and linked toggle
 * buttons before. */
static void
test_choices (void)
{
  IscWindow *window = open_demo_window ();
  GtkWidget *by_key, *summary, *by_model;
  IscModelApisPage *page;
  int changed = 0;

  page = open_all_model_apis (window);
  g_assert_cmpint (isc_model_apis_page_get_group (page), ==, ISC_USAGE_GROUP_MODEL);

  by_model = test_find_button (GTK_WIDGET (page), "By Model");
  by_key = test_find_button (GTK_WIDGET (page), "By API Key");
  summary = test_find_button (GTK_WIDGET (page), "Summary");
  g_assert_nonnull (by_model);
  g_assert_nonnull (by_key);
  g_assert_nonnull (summary);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (by_model)));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (by_key)));
#if ADW_CHECK_VERSION (1, 7, 0)
  g_assert_nonnull (gtk_widget_get_ancestor (by_key, ADW_TYPE_TOGGLE_GROUP));
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (by_key)), ==, GTK_ACCESSIBLE_ROLE_RADIO);
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (gtk_widget_get_parent (by_key))),
                   ==, GTK_ACCESSIBLE_ROLE_RADIO_GROUP);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (gtk_widget_get_parent (by_key)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Group By");
#else
  g_assert_true (gtk_widget_has_css_class (gtk_widget_get_parent (by_key), "linked"));
#endif

  /* By API Key: the page asks for its usage again, grouped so. */
  g_signal_connect_swapped (page, "query-changed", G_CALLBACK (count_cb), &changed);
  g_assert_true (gtk_widget_activate (by_key));
  g_assert_true (test_wait_for (by_key_cb, page));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (by_key)));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (by_model)));
  g_assert_cmpint (changed, ==, 1);
  /* The same choice again changes nothing. */
  g_signal_emit_by_name (by_key, "clicked");
  g_assert_cmpint (isc_model_apis_page_get_group (page), ==, ISC_USAGE_GROUP_API_KEY);
  g_assert_cmpint (changed, ==, 1);
  /* Set from outside (a restored window), the toggles follow. */
  isc_model_apis_page_set_group (page, ISC_USAGE_GROUP_MODEL);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (by_model)));
  g_assert_cmpint (changed, ==, 2);

  /* Summary: the range's totals instead of the charts. */
  g_assert_true (gtk_widget_activate (summary));
  g_assert_true (test_wait_for (shows_summary, page));
  g_assert_true (gtk_widget_activate (test_find_button (GTK_WIDGET (page), "Charts")));
  g_assert_true (test_wait_for (shows_charts, page));

  g_signal_handlers_disconnect_by_func (page, count_cb, &changed);
  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (20);
}

static gboolean
usage_loaded (gpointer data)
{
  IscUsagePage *page = ISC_USAGE_PAGE (test_find_shown (GTK_WIDGET (data), ISC_TYPE_USAGE_PAGE, NULL, NULL));

  return page != NULL && isc_usage_page_get_table (page) != NULL;
}

/* Audit events have nothing to say about spend or tokens: no Activity
 * button on the Usage and Model APIs pages; back on a deployment's
 * charts, it is there again. */
static void
test_activity_button (void)
{
  IscWindow *window = open_demo_window ();
  GtkWidget *sidebar;
  const IscTarget *target = isc_view_get_target (isc_window_get_view (window));
  g_autoptr(IscTarget) shown = isc_target_copy (target);
  Wait w = { window, NULL };

  g_assert_nonnull (shown);
  g_assert_true (activity_button_shown (window));
  sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);

  g_assert_true (select_row (sidebar_row (sidebar, "Usage")));
  g_assert_true (test_wait_for (usage_loaded, window));
  g_assert_false (activity_button_shown (window));

  g_assert_true (test_wait_for (model_apis_listed, sidebar));
  test_run_frames (20);
  g_assert_true (select_row (sidebar_row (sidebar, "All Model APIs")));
  g_assert_true (test_wait_for (charted, &w));
  g_assert_false (activity_button_shown (window));

  isc_sidebar_set_selected_target (ISC_SIDEBAR (sidebar), shown);
  g_signal_emit_by_name (sidebar, "target-activated", shown);
  test_run_frames (20);
  g_assert_true (activity_button_shown (window));

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (20);
}

/* A window showing one API's row is remembered as showing it; a window
 * given that state shows that API's page, its row selected. */
static void
test_state (void)
{
  IscWindow *window = open_demo_window ();
  IscWindow *other;
  GtkWidget *sidebar;
  IscModelApisPage *page;
  const IscModelApi *second;
  g_autofree char *second_title = NULL;
  g_autofree char *second_name = NULL;
  g_autoptr(GVariant) state = NULL;
  const char *text = NULL;
  Wait w = { window, NULL };

  set_fixed_range (window);
  sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  g_assert_true (test_wait_for (model_apis_listed, sidebar));
  test_run_frames (20);
  page = model_apis_page (window);
  second = g_ptr_array_index (isc_model_apis_page_get_apis (page), 1);
  second_title = isc_text_display_name (second->display_name, second->name);
  /* The window's list goes with it. */
  second_name = g_strdup (second->name);
  g_assert_true (select_row (sidebar_row (sidebar, second_title)));
  w.model = second_name;
  g_assert_true (test_wait_for (charted, &w));

  state = isc_window_dup_view_state (window);
  g_assert_nonnull (state);
  g_assert_true (g_variant_lookup (state, "page", "&s", &text));
  g_assert_cmpstr (text, ==, "model-apis");
  g_assert_true (g_variant_lookup (state, "model-api", "&s", &text));
  g_assert_cmpstr (text, ==, second_name);
  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (20);

  other = test_app_open_window ();
  test_wait_for_view (other);
  isc_window_restore_view (other, state);
  w.window = other;
  g_assert_true (test_wait_for (charted, &w));
  sidebar = test_find_shown (GTK_WIDGET (other), ISC_TYPE_SIDEBAR, NULL, NULL);
  g_assert_true (test_wait_for (model_apis_listed, sidebar));
  test_run_frames (20);
  g_assert_cmpstr (isc_model_apis_page_get_model (model_apis_page (other)), ==, second_name);
  g_assert_true (isc_sidebar_get_model_apis_selected (ISC_SIDEBAR (sidebar)));
  g_assert_cmpstr (isc_sidebar_get_model_api (ISC_SIDEBAR (sidebar)), ==, second_name);

  gtk_window_destroy (GTK_WINDOW (other));
  test_run_frames (20);
}

typedef struct
{
  IscBillingSummary *billing;
  gboolean           done;
} BillingWait;

static void
billing_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  BillingWait *b = user_data;

  b->billing = isc_usage_load_billing_finish (ISC_USAGE (source), result, NULL);
  b->done = TRUE;
}

static gboolean
billing_done (gpointer data)
{
  return ((BillingWait *) data)->done;
}

typedef struct
{
  IscMetricsResponse *response;
  gboolean            done;
} ReplicasWait;

static void
replicas_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  ReplicasWait *wait = user_data;

  wait->response = isc_client_fetch_metrics_finish (ISC_CLIENT (source), result, NULL);
  wait->done = TRUE;
}

static gboolean
replicas_done (gpointer data)
{
  return ((ReplicasWait *) data)->done;
}

/* text-embeddings production's replica-minutes today, 00:00 UTC to
 * @now_ms, read from its replicas as the demo serves them. */
static double
embed_replica_minutes_today (IscClient *client,
                             gint64     now_ms)
{
  const char * const metrics[] = { "baseten_replicas_active", NULL };
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (now_ms - now_ms % DAY_MS, now_ms);
  g_autoptr(IscQuery) query = isc_query_new (ISC_DEMO_MODEL_EMBED, ISC_TARGET_DEPLOYMENT,
                                             ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION,
                                             ISC_MODE_SERIES, range, metrics);
  ReplicasWait wait = { NULL, FALSE };
  IscMoney ignored;
  double minutes = NAN;

  isc_client_fetch_metrics_once_async (client, query, NULL, replicas_cb, &wait);
  g_assert_true (test_wait_for (replicas_done, &wait));
  g_assert_nonnull (wait.response);
  g_assert_true (isc_cost_estimate (wait.response, (IscMoney) 1000000, now_ms - now_ms % DAY_MS, now_ms,
                                    &ignored, &minutes));
  isc_metrics_response_unref (wait.response);
  return minutes;
}

/* The Usage page's today: billing has no figure for it, so it is the
 * replicas' estimate, on the day's bar, said as an estimate in the
 * total and the hover box, and never in the billed total (the billing
 * document's days alone). */
static void
test_usage_today (void)
{
  IscWindow *window = open_demo_window ();
  GtkWidget *sidebar;
  IscUsagePage *page;
  const IscUsageTable *table;
  g_autoptr(IscUsage) usage = NULL;
  g_autoptr(IscUsageTable) billed_only = NULL;
  BillingWait b = { NULL, FALSE };
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 start_ms, end_ms;
  const char *total;

  sidebar = test_find_shown (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  g_assert_true (select_row (sidebar_row (sidebar, "Usage")));
  g_assert_true (test_wait_for (usage_loaded, window));
  page = ISC_USAGE_PAGE (test_find_shown (GTK_WIDGET (window), ISC_TYPE_USAGE_PAGE, NULL, NULL));
  table = isc_usage_page_get_table (page);
  total = isc_usage_page_get_total_text (page);
  g_test_message ("%s", total);

  /* The same document, as billing has it. */
  usage = isc_usage_new (isc_view_get_client (isc_window_get_view (window)));
  isc_usage_recent_period (now_ms, &start_ms, &end_ms);
  isc_usage_load_billing_async (usage, start_ms, end_ms, NULL, billing_cb, &b);
  g_assert_true (test_wait_for (billing_done, &b));
  g_assert_nonnull (b.billing);
  billed_only = isc_usage_table_new_from_billing (b.billing, now_ms);
  isc_billing_summary_unref (b.billing);

  /* Billing has no figure for today; the billed total is the document's. */
  g_assert_cmpuint (isc_usage_table_get_n_billed_days (table), <, isc_usage_table_get_n_days (table));
  g_assert_cmpint (isc_usage_table_get_estimated_micros (billed_only), ==, 0);
  g_assert_cmpint (isc_usage_table_get_billed_micros (table), ==, isc_usage_table_get_billed_micros (billed_only));

  /* Ten minutes into the day, the demo's production replicas have cost
   * something: today is an estimate, said as one. */
  if (now_ms % DAY_MS >= 10 * 60 * 1000)
    {
      g_autofree char *billed = isc_usage_format_micros (isc_usage_table_get_billed_micros (table));
      g_autofree char *estimate = isc_usage_format_micros (isc_usage_table_get_estimated_micros (table));
      g_autofree char *both = isc_usage_format_micros (isc_usage_table_get_billed_micros (table) +
                                                       isc_usage_table_get_estimated_micros (table));

      g_assert_true (isc_usage_table_get_has_estimate (table));
      g_assert_cmpint (isc_usage_table_get_estimated_micros (table), >, 0);
      g_assert_nonnull (strstr (total, billed));
      g_assert_nonnull (strstr (total, estimate));
      g_assert_nonnull (strstr (total, "estimated"));
      /* Never summed with the billed days. */
      g_assert_null (strstr (total, both));
    }

  /* The estimate follows the day's replicas step by step since 00:00
   * UTC (text-embeddings production's rise and fall with the traffic),
   * not the replicas of this moment for the whole day. */
  if (now_ms % DAY_MS >= 30 * 60 * 1000)
    {
      const IscUsageRow *embed = NULL;
      guint today = isc_usage_table_get_n_days (table) - 1;
      double expected = embed_replica_minutes_today (isc_view_get_client (isc_window_get_view (window)), now_ms);

      for (guint i = 0; i < isc_usage_table_get_n_rows (table); i++)
        if (g_strcmp0 (isc_usage_table_get_row (table, i)->id, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION) == 0)
          embed = isc_usage_table_get_row (table, i);
      g_assert_nonnull (embed);
      g_test_message ("text-embeddings production today: %.1f replica min on the page, %.1f from its replicas",
                      embed->minutes[today], expected);
      /* Read a moment apart: the last step may have grown. */
      g_assert_cmpfloat (fabs (embed->minutes[today] - expected), <=, 0.01 * expected + 30);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (20);
}

/* Names from the server are text: markup shows as typed, a direction
 * override is said, not obeyed, in the row and its accessible name. */
static void
test_names_escaped (void)
{
  static const char doc[] =
    "{\"items\": ["
    " {\"name\": \"evil\", \"display_name\": \"<b>Evil</b> \u202eipa\", \"description\": \"\","
    "  \"release_date\": \"2025-01-01\", \"invoke_url\": \"https://inference.baseten.co/v1\","
    "  \"context_length\": 1000, \"cost_per_million_input_tokens\": null,"
    "  \"cost_per_million_output_tokens\": null, \"rate_limits\": [],"
    "  \"org_details\": {\"added_at\": \"2026-10-01T12:00:00Z\", \"last_used_at\": null}}"
    "], \"pagination\": {\"has_more\": false, \"cursor\": null}}";
  g_autoptr(GError) error = NULL;
  g_autofree char *cursor = NULL;
  g_autoptr(GPtrArray) apis = isc_model_apis_decode_page (doc, strlen (doc), &cursor, &error);
  g_autofree char *shown = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *sidebar = isc_sidebar_new ();
  g_autoptr(IscTargetList) list = isc_target_list_new ();
  GtkWidget *label;

  g_assert_no_error (error);
  g_assert_cmpuint (apis->len, ==, 1);
  isc_sidebar_set_target_list (ISC_SIDEBAR (sidebar), list);
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 600);
  gtk_window_set_child (GTK_WINDOW (window), sidebar);
  gtk_window_present (GTK_WINDOW (window));
  isc_sidebar_set_model_apis (ISC_SIDEBAR (sidebar), apis);
  test_run_frames (50);
  g_assert_true (isc_sidebar_get_model_apis_shown (ISC_SIDEBAR (sidebar)));

  /* As every name is shown: isolated, the override not obeyed. */
  shown = isc_text_display_name (((IscModelApi *) g_ptr_array_index (apis, 0))->display_name, "evil");
  g_assert_null (strstr (shown, "\u202e"));
  label = find_label_exact (sidebar, shown);
  g_assert_nonnull (label);
  g_assert_false (gtk_label_get_use_markup (GTK_LABEL (label)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (label)), "<b>Evil</b>"));
  g_assert_null (strstr (gtk_label_get_text (GTK_LABEL (label)), "\u202e"));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (label)), "\u2068"));

  /* Selected by its name, from code: nothing emitted, the row follows. */
  isc_sidebar_select_model_api (ISC_SIDEBAR (sidebar), "evil");
  g_assert_cmpstr (isc_sidebar_get_model_api (ISC_SIDEBAR (sidebar)), ==, "evil");
  /* No longer added: the section goes, and nothing is selected in it. */
  isc_sidebar_set_model_apis (ISC_SIDEBAR (sidebar), NULL);
  g_assert_false (isc_sidebar_get_model_apis_shown (ISC_SIDEBAR (sidebar)));
  g_assert_false (isc_sidebar_get_model_apis_selected (ISC_SIDEBAR (sidebar)));

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (20);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  test_app_start ();

  g_test_add_func ("/isc/model-apis-page/names-escaped", test_names_escaped);
  g_test_add_func ("/isc/model-apis-page/sidebar-rows", test_sidebar_rows);
  g_test_add_func ("/isc/model-apis-page/summary", test_summary);
  g_test_add_func ("/isc/model-apis-page/choices", test_choices);
  g_test_add_func ("/isc/model-apis-page/activity-button", test_activity_button);
  g_test_add_func ("/isc/model-apis-page/state", test_state);
  g_test_add_func ("/isc/model-apis-page/usage-today", test_usage_today);

  {
    int status = g_test_run ();

    test_app_stop ();
    return status;
  }
}
