/* test-charts-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The charts page tells the truth when a load fails: the charts stay with
 * a strip that says how old they are and why, a page opened offline shows
 * the last data kept on disk with the same strip, and with nothing to show
 * a status page says why. Everything talks to the simulated API on
 * 127.0.0.1, which the tests stop and start again to be "offline".
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "isc-chart-view.h"
#include "isc-charts-page.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-test-util.h"

/* What a person sees: the first mapped widget of @type under @root whose
 * string @property contains @text (any of that type for a NULL
 * @property). */
static GtkWidget *
find_shown (GtkWidget  *root,
            GType       type,
            const char *property,
            const char *text)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    {
      g_autofree char *value = NULL;

      if (property == NULL)
        return root;
      g_object_get (root, property, &value, NULL);
      if (value != NULL && strstr (value, text) != NULL)
        return root;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_shown (child, type, property, text);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  return find_shown (root, GTK_TYPE_LABEL, "label", text);
}

static GtkWidget *
find_retry (GtkWidget *root)
{
  return find_shown (root, GTK_TYPE_BUTTON, "label", "_Retry");
}

static GtkRevealer *
find_strip (GtkWidget *root)
{
  if (GTK_IS_REVEALER (root))
    {
      GtkWidget *child = gtk_revealer_get_child (GTK_REVEALER (root));

      if (child != NULL && gtk_widget_has_css_class (child, "stale-banner"))
        return GTK_REVEALER (root);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkRevealer *found = find_strip (child);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
strip_shown (gpointer data)
{
  GtkRevealer *strip = find_strip (data);

  return strip != NULL && gtk_revealer_get_child_revealed (strip) &&
         gtk_widget_get_mapped (gtk_revealer_get_child (strip));
}

static gboolean
strip_hidden (gpointer data)
{
  GtkRevealer *strip = find_strip (data);

  return strip != NULL && !gtk_revealer_get_reveal_child (strip) &&
         !gtk_revealer_get_child_revealed (strip);
}

/* Three charts, each drawn and on screen. */
static gboolean
charts_drawn (gpointer data)
{
  IscChartsPage *page = data;

  if (isc_charts_page_get_n_charts (page) != 3)
    return FALSE;

  for (guint i = 0; i < 3; i++)
    {
      GtkWidget *view = isc_charts_page_get_chart (page, i);

      if (!gtk_widget_get_mapped (view) || isc_chart_view_get_n_renders (ISC_CHART_VIEW (view)) == 0)
        return FALSE;
    }

  return TRUE;
}

static gboolean
charts_gone (gpointer data)
{
  IscChartsPage *page = data;

  for (guint i = 0; i < isc_charts_page_get_n_charts (page); i++)
    if (gtk_widget_get_mapped (isc_charts_page_get_chart (page, i)))
      return FALSE;

  return TRUE;
}

static gboolean
retry_ready (gpointer data)
{
  GtkWidget *retry = find_retry (data);

  return retry != NULL && gtk_widget_is_sensitive (retry);
}

static gboolean
status_shown (gpointer data)
{
  return find_shown (data, ADW_TYPE_STATUS_PAGE, "title", "Could Not Load Metrics") != NULL;
}

static IscMetricsResponse *
response_shown (IscChartsPage *page,
                guint          index)
{
  IscChartModel *model = isc_chart_view_get_model (ISC_CHART_VIEW (isc_charts_page_get_chart (page, index)));

  return model != NULL ? isc_chart_model_get_response (model) : NULL;
}

static IscDemoServer *
start_server (guint port)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(GError) error = NULL;

  isc_demo_server_run_in_thread (server, port, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&server);
}

static IscQuery *
demo_query (const char *deployment)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (60 * 60 * 1000);

  return isc_query_new (ISC_DEMO_FIRST_MODEL, ISC_TARGET_DEPLOYMENT, deployment,
                        ISC_MODE_SERIES, range, NULL);
}

static GtkWidget *
open_page (GtkWidget **window)
{
  GtkWidget *page = isc_charts_page_new ();

  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (*window), page);
  gtk_window_present (GTK_WINDOW (*window));
  return page;
}

/* Closes the client's connections before the server's, and lets both
 * finish closing. */
static void
drop_client (IscClient **client)
{
  gpointer weak = *client;

  g_object_add_weak_pointer (weak, &weak);
  g_clear_object (client);
  test_run_frames (300);
  g_assert_null (weak);
}

/* Sets when the cached response for @query was received to @age_ms ago.
 * The cache's first line ends with that time in epoch milliseconds. */
static void
age_cached (IscResponseCache *cache,
            const char       *base_url,
            const IscQuery   *query,
            gint64            age_ms)
{
  g_autofree char *path = isc_response_cache_get_path (cache, base_url, query);
  g_autofree char *contents = NULL;
  g_autoptr(GString) aged = NULL;
  g_autoptr(GError) error = NULL;
  const char *newline;
  const char *digits;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  newline = strchr (contents, '\n');
  g_assert_nonnull (newline);
  for (digits = newline; digits > contents && g_ascii_isdigit (digits[-1]); digits--)
    ;
  g_assert_true (digits < newline);

  aged = g_string_new_len (contents, digits - contents);
  g_string_append_printf (aged, "%" G_GINT64_FORMAT, g_get_real_time () / 1000 - age_ms);
  g_string_append (aged, newline);
  g_file_set_contents (path, aged->str, aged->len, &error);
  g_assert_no_error (error);
}

static void
test_refresh_fails (void)
{
  g_autoptr(IscDemoServer) server = start_server (0);
  g_autofree char *dir = test_temp_dir ();
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (dir, 0);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscQuery) query = demo_query (ISC_DEMO_FIRST_DEPLOYMENT);
  g_autoptr(GError) error = NULL;
  GtkWidget *views[3];
  IscMetricsResponse *first;
  GtkWidget *window, *page, *retry, *detail;
  guint port = isc_demo_server_get_port (server);

  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);
  isc_client_set_cache (client, cache);
  page = open_page (&window);
  isc_charts_page_load (ISC_CHARTS_PAGE (page), client, query);
  g_assert_true (test_wait_for (charts_drawn, page));
  for (guint i = 0; i < 3; i++)
    views[i] = isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i);
  first = response_shown (ISC_CHARTS_PAGE (page), 0);
  /* All is well: no strip. */
  g_assert_false (isc_charts_page_get_stale (ISC_CHARTS_PAGE (page)));
  g_assert_true (strip_hidden (window));
  g_assert_null (find_label (window, "Showing data from"));

  /* The network goes away and the next refresh fails … */
  g_clear_object (&server);
  isc_charts_page_refresh (ISC_CHARTS_PAGE (page));
  g_assert_true (test_wait_for (strip_shown, window));

  /* … the same charts stay on screen, with the same data … */
  g_assert_true (charts_drawn (page));
  for (guint i = 0; i < 3; i++)
    g_assert_true (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i) == views[i]);
  g_assert_true (response_shown (ISC_CHARTS_PAGE (page), 0) == first);
  g_assert_null (find_shown (window, ADW_TYPE_STATUS_PAGE, NULL, NULL));

  /* … under a strip that says since when, and why in the client's words,
   * and offers Retry. */
  g_assert_true (isc_charts_page_get_stale (ISC_CHARTS_PAGE (page)));
  g_assert_nonnull (find_label (window, "Showing data from less than a minute ago"));
  detail = find_label (window, "Could not reach “127.0.0.1”");
  g_assert_nonnull (detail);
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (detail)), "Check the network connection"));
  g_assert_true (test_wait_for (retry_ready, window));
  retry = find_retry (window);
  g_assert_true (gtk_widget_is_ancestor (retry, GTK_WIDGET (find_strip (window))));

  /* The network comes back; Retry loads now, and the strip goes. */
  server = start_server (port);
  gtk_widget_activate (retry);
  g_assert_true (test_wait_for (strip_hidden, window));
  g_assert_false (isc_charts_page_get_stale (ISC_CHARTS_PAGE (page)));
  g_assert_true (charts_drawn (page));
  /* New data in the same views, so the person's place is kept. */
  for (guint i = 0; i < 3; i++)
    g_assert_true (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i) == views[i]);
  g_assert_true (response_shown (ISC_CHARTS_PAGE (page), 0) != first);
  g_assert_null (find_label (window, "Showing data from"));

  gtk_window_destroy (GTK_WINDOW (window));
  drop_client (&client);
  g_clear_object (&server);
  test_run_frames (100);
  test_remove_dir (dir);
}

static void
test_opens_offline (void)
{
  g_autoptr(IscDemoServer) server = start_server (0);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscQuery) query = demo_query (ISC_DEMO_FIRST_DEPLOYMENT);
  g_autoptr(GError) error = NULL;
  g_autofree char *base_url = g_strdup (isc_demo_server_get_base_url (server));
  g_autofree char *cache_dir = g_build_filename (g_get_user_cache_dir (), "inferscope", NULL);
  g_autofree char *path = NULL;
  IscResponseCache *cache;
  GtkWidget *window, *page;

  /* A first visit, online, with a client that keeps answers in the
   * person's cache folder. */
  client = isc_client_new (base_url, NULL, &error);
  g_assert_no_error (error);
  {
    g_autoptr(IscResponseCache) default_cache = isc_response_cache_new (NULL, 0);

    isc_client_set_cache (client, default_cache);
  }
  page = open_page (&window);
  isc_charts_page_load (ISC_CHARTS_PAGE (page), client, query);
  g_assert_true (test_wait_for (charts_drawn, page));
  cache = isc_client_get_cache (client);
  g_assert_nonnull (cache);
  g_assert_cmpstr (isc_response_cache_get_directory (cache), ==, cache_dir);
  path = isc_response_cache_get_path (cache, base_url, query);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  age_cached (cache, base_url, query, 5 * 60 * 1000 + 10 * 1000);
  gtk_window_destroy (GTK_WINDOW (window));
  drop_client (&client);
  g_clear_object (&server);
  test_run_frames (100);

  /* The app opens again, offline: the last data, five minutes old, with
   * the strip rather than an error page. */
  client = isc_client_new (base_url, NULL, &error);
  g_assert_no_error (error);
  {
    g_autoptr(IscResponseCache) default_cache = isc_response_cache_new (NULL, 0);

    isc_client_set_cache (client, default_cache);
  }
  page = open_page (&window);
  isc_charts_page_load (ISC_CHARTS_PAGE (page), client, query);
  g_assert_true (test_wait_for (strip_shown, window));
  g_assert_true (test_wait_for (charts_drawn, page));
  g_assert_true (isc_charts_page_get_stale (ISC_CHARTS_PAGE (page)));
  g_assert_nonnull (find_label (window, "Showing data from 5 minutes ago"));
  g_assert_nonnull (find_label (window, "Could not reach “127.0.0.1”"));
  g_assert_true (test_wait_for (retry_ready, window));
  g_assert_null (find_shown (window, ADW_TYPE_STATUS_PAGE, NULL, NULL));

  gtk_window_destroy (GTK_WINDOW (window));
  drop_client (&client);
  g_unlink (path);
}

static void
test_nothing_cached (void)
{
  g_autoptr(IscDemoServer) server = start_server (0);
  g_autofree char *dir = test_temp_dir ();
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (dir, 0);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscQuery) query = demo_query (ISC_DEMO_FIRST_DEPLOYMENT);
  g_autoptr(GError) error = NULL;
  guint port = isc_demo_server_get_port (server);
  GtkWidget *window, *page, *status, *retry;

  /* A server that is gone before the first request. */
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);
  isc_client_set_cache (client, cache);
  g_clear_object (&server);

  page = open_page (&window);
  isc_charts_page_load (ISC_CHARTS_PAGE (page), client, query);

  /* Nothing to show: the status page says why, and offers Retry. */
  g_assert_true (test_wait_for (status_shown, window));
  status = find_shown (window, ADW_TYPE_STATUS_PAGE, "title", "Could Not Load Metrics");
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (status)),
                            "Could not reach “127.0.0.1”"));
  g_assert_cmpstr (adw_status_page_get_icon_name (ADW_STATUS_PAGE (status)), ==, "network-offline-symbolic");
  g_assert_cmpuint (isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)), ==, 0);
  g_assert_false (isc_charts_page_get_stale (ISC_CHARTS_PAGE (page)));
  g_assert_true (test_wait_for (retry_ready, window));
  retry = find_retry (window);
  g_assert_true (gtk_widget_is_ancestor (retry, status));

  /* Retry, once the server is back, brings the charts, with no strip. */
  server = start_server (port);
  gtk_widget_activate (retry);
  g_assert_true (test_wait_for (charts_drawn, page));
  g_assert_false (status_shown (window));
  g_assert_false (isc_charts_page_get_stale (ISC_CHARTS_PAGE (page)));
  g_assert_null (find_label (window, "Showing data from"));

  gtk_window_destroy (GTK_WINDOW (window));
  drop_client (&client);
  g_clear_object (&server);
  test_run_frames (100);
  test_remove_dir (dir);
}

/* Another deployment that fails must not wear the charts of the one
 * before as if they were its own stale data. */
static void
test_other_query_fails (void)
{
  g_autoptr(IscDemoServer) server = start_server (0);
  g_autofree char *dir = test_temp_dir ();
  g_autoptr(IscResponseCache) cache = isc_response_cache_new (dir, 0);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscQuery) query = demo_query (ISC_DEMO_FIRST_DEPLOYMENT);
  g_autoptr(IscQuery) broken = demo_query ("fault-invalid-json");
  g_autoptr(GError) error = NULL;
  GtkWidget *window, *page, *status;

  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);
  isc_client_set_cache (client, cache);
  page = open_page (&window);
  isc_charts_page_load (ISC_CHARTS_PAGE (page), client, query);
  g_assert_true (test_wait_for (charts_drawn, page));

  isc_charts_page_load (ISC_CHARTS_PAGE (page), client, broken);
  g_assert_true (test_wait_for (status_shown, window));
  status = find_shown (window, ADW_TYPE_STATUS_PAGE, "title", "Could Not Load Metrics");
  /* Not a network failure: the warning sign, not "offline". */
  g_assert_cmpstr (adw_status_page_get_icon_name (ADW_STATUS_PAGE (status)), ==, "dialog-warning-symbolic");
  /* The other deployment's charts go (once the cross-fade is done). */
  g_assert_true (test_wait_for (charts_gone, page));
  g_assert_false (isc_charts_page_get_stale (ISC_CHARTS_PAGE (page)));
  g_assert_true (test_wait_for (retry_ready, window));

  gtk_window_destroy (GTK_WINDOW (window));
  drop_client (&client);
  g_clear_object (&server);
  test_run_frames (100);
  test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/charts-page/stale/refresh-fails", test_refresh_fails);
  g_test_add_func ("/isc/charts-page/stale/opens-offline", test_opens_offline);
  g_test_add_func ("/isc/charts-page/failed/nothing-cached", test_nothing_cached);
  g_test_add_func ("/isc/charts-page/failed/other-query", test_other_query_fails);

  return g_test_run ();
}
