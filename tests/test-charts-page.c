/* test-charts-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Charts page shows the response it is given: a heading per catalogue
 * group, in catalogue order, with that group's charts under it, one per
 * row when the window is narrow and side by side when it is wide. A
 * refresh of the same metrics keeps the same chart widgets (and with them
 * the person's place and the values box under the pointer); the display
 * switches redraw from the response shown. The responses come from the
 * simulated API on 127.0.0.1, asked for every metric the catalogue knows.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>

#include "isc-catalogue.h"
#include "isc-chart-annotations.h"
#include "isc-chart-grid.h"
#include "isc-chart-model-private.h"
#include "isc-chart-view.h"
#include "isc-chart-view-private.h"
#include "isc-charts-page.h"
#include "isc-client.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"

static IscDemoServer *server;
static IscClient *client;

typedef struct
{
  gboolean            done;
  IscMetricsResponse *response;
  GError             *error;
} Fetch;

static void
fetched_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  Fetch *fetch = data;

  fetch->response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &fetch->error);
  fetch->done = TRUE;
}

/* @range_ms before now of every metric the catalogue knows, for @target
 * (a deployment's id, an environment's name) of @model: the server leaves
 * out those that do not apply. */
static IscMetricsResponse *
fetch_target (const char    *model,
              IscTargetKind  kind,
              const char    *target,
              gint64         range_ms)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (range_ms);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(IscQuery) query = NULL;
  const IscCatalogueEntry *entries;
  Fetch fetch = { 0 };
  guint n_entries;

  entries = isc_catalogue_get_entries (&n_entries);
  for (guint i = 0; i < n_entries; i++)
    g_ptr_array_add (names, (gpointer) entries[i].name);
  g_ptr_array_add (names, NULL);
  query = isc_query_new (model, kind, target, ISC_MODE_SERIES, range,
                         (const char * const *) names->pdata);

  isc_client_fetch_metrics_async (client, query, NULL, fetched_cb, &fetch);
  while (!fetch.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (fetch.error);
  g_assert_cmpuint (isc_metrics_response_get_n_metrics (fetch.response), >, 3);

  return fetch.response;
}

/* The last hour of every metric for @deployment of @model. */
static IscMetricsResponse *
fetch_all (const char *model,
           const char *deployment)
{
  return fetch_target (model, ISC_TARGET_DEPLOYMENT, deployment, 60 * 60 * 1000);
}

static GtkWidget *
open_page (int         width,
           GtkWidget **window)
{
  GtkWidget *page = isc_charts_page_new ();

  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), width, 800);
  gtk_window_set_child (GTK_WINDOW (*window), page);
  gtk_window_present (GTK_WINDOW (*window));
  return page;
}

static void
collect_headings (GtkWidget *root,
                  GPtrArray *headings)
{
  if (GTK_IS_LABEL (root) && gtk_widget_has_css_class (root, "heading") && gtk_widget_get_mapped (root))
    g_ptr_array_add (headings, root);

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_headings (child, headings);
}

/* The headings a person sees, top to bottom. */
static GPtrArray *
find_headings (GtkWidget *root)
{
  GPtrArray *headings = g_ptr_array_new ();

  collect_headings (root, headings);
  return headings;
}

/* The heading over @view: the label before the grid it is in. */
static const char *
heading_of (GtkWidget *view)
{
  GtkWidget *grid = gtk_widget_get_parent (view);
  GtkWidget *label;

  g_assert_true (ISC_IS_CHART_GRID (grid));
  label = gtk_widget_get_prev_sibling (grid);
  g_assert_true (GTK_IS_LABEL (label));
  return gtk_label_get_label (GTK_LABEL (label));
}

static IscChartModel *
model_of (IscChartsPage *page,
          guint          index)
{
  return isc_chart_view_get_model (ISC_CHART_VIEW (isc_charts_page_get_chart (page, index)));
}

static guint
metric_index (IscMetricsResponse *response,
              const char         *name)
{
  for (guint i = 0; i < isc_metrics_response_get_n_metrics (response); i++)
    if (g_strcmp0 (isc_metric_get_name (isc_metrics_response_get_metric (response, i)), name) == 0)
      return i;
  g_assert_not_reached ();
}

static gboolean
has_group (IscChartsPage *page,
           const char    *title)
{
  for (guint i = 0; i < isc_charts_page_get_n_groups (page); i++)
    if (g_strcmp0 (isc_charts_page_get_group_title (page, i), title) == 0)
      return TRUE;
  return FALSE;
}

static void
test_groups (void)
{
  g_autoptr(IscMetricsResponse) response = fetch_all (ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(GPtrArray) headings = NULL;
  GtkWidget *window, *page;
  guint n_metrics = isc_metrics_response_get_n_metrics (response);
  guint index = 0;
  int last_group = -1;

  page = open_page (1200, &window);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), response);
  g_assert_true (test_wait_for (test_charts_shown, page));
  g_assert_true (isc_charts_page_get_response (ISC_CHARTS_PAGE (page)) == response);

  /* One chart per metric, under the catalogue's headings, in its order:
   * an LLM on a GPU has all of these. */
  g_assert_cmpuint (isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)), ==, n_metrics);
  g_assert_cmpstr (isc_charts_page_get_group_title (ISC_CHARTS_PAGE (page), 0), ==, "Traffic");
  g_assert_cmpstr (isc_charts_page_get_group_title (ISC_CHARTS_PAGE (page), 1), ==, "Latency");
  g_assert_true (has_group (ISC_CHARTS_PAGE (page), isc_metric_group_get_title (ISC_METRIC_GROUP_GPU)));
  g_assert_true (has_group (ISC_CHARTS_PAGE (page), isc_metric_group_get_title (ISC_METRIC_GROUP_LLM)));
  g_assert_false (has_group (ISC_CHARTS_PAGE (page), "Other"));

  headings = find_headings (window);
  g_assert_cmpuint (headings->len, ==, isc_charts_page_get_n_groups (ISC_CHARTS_PAGE (page)));
  for (guint g = 0; g < headings->len; g++)
    {
      const char *title = gtk_label_get_label (g_ptr_array_index (headings, g));
      guint n = isc_charts_page_get_group_n_charts (ISC_CHARTS_PAGE (page), g);
      int last_metric = -1;

      g_assert_cmpstr (title, ==, isc_charts_page_get_group_title (ISC_CHARTS_PAGE (page), g));
      g_assert_cmpuint (n, >, 0);

      for (guint i = 0; i < n; i++, index++)
        {
          GtkWidget *view = isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), index);
          IscChartModel *model = model_of (ISC_CHARTS_PAGE (page), index);
          const IscCatalogueEntry *entry = isc_catalogue_lookup (isc_chart_model_get_name (model));
          int metric = (int) metric_index (response, isc_chart_model_get_name (model));

          /* Under its own group's heading … */
          g_assert_nonnull (entry);
          g_assert_cmpstr (heading_of (view), ==, title);
          g_assert_cmpstr (isc_metric_group_get_title (entry->group), ==, title);
          /* … the groups in catalogue order, the charts of one group in
           * the response's … */
          g_assert_cmpint ((int) entry->group, >=, last_group);
          if (i == 0)
            g_assert_cmpint ((int) entry->group, >, last_group);
          g_assert_cmpint (metric, >, last_metric);
          last_group = entry->group;
          last_metric = metric;
          /* … read by a screen reader by its title. */
          gtk_test_accessible_assert_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                               isc_chart_model_get_title (model));
          g_assert_true (isc_chart_model_get_response (model) == response);
        }
    }
  g_assert_cmpuint (index, ==, n_metrics);

  /* Nothing to show: no charts and no headings. */
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), NULL);
  g_assert_cmpuint (isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)), ==, 0);
  g_assert_cmpuint (isc_charts_page_get_n_groups (ISC_CHARTS_PAGE (page)), ==, 0);
  test_run_frames (50);
  g_clear_pointer (&headings, g_ptr_array_unref);
  headings = find_headings (window);
  g_assert_cmpuint (headings->len, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A metric the catalogue does not know is charted under "Other", last. */
static void
test_other_group (void)
{
  static const char json[] =
    "{\"start_epoch_millis\": 1764547200000, \"end_epoch_millis\": 1764547260000,"
    " \"mode\": \"SERIES\", \"step_seconds\": 30,"
    " \"metric_descriptors\": ["
    "  {\"name\": \"my_custom_metric\", \"unit_hint\": \"COUNT\", \"kind\": \"GAUGE\", \"label_sets\": [{}]},"
    "  {\"name\": \"baseten_replicas_active\", \"unit_hint\": \"COUNT\", \"kind\": \"GAUGE\", \"label_sets\": [{}]}],"
    " \"metric_values\": ["
    "  {\"start_epoch_millis\": 1764547200000, \"values\": [[4], [1]]},"
    "  {\"start_epoch_millis\": 1764547230000, \"values\": [[5], [2]]}]}";
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *window, *page;

  response = isc_metrics_response_new_from_data (json, -1, &error);
  g_assert_no_error (error);
  page = open_page (800, &window);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), response);
  g_assert_true (test_wait_for (test_charts_shown, page));

  g_assert_cmpuint (isc_charts_page_get_n_groups (ISC_CHARTS_PAGE (page)), ==, 2);
  g_assert_cmpstr (isc_charts_page_get_group_title (ISC_CHARTS_PAGE (page), 0), ==,
                   isc_metric_group_get_title (ISC_METRIC_GROUP_REPLICAS));
  g_assert_cmpstr (isc_charts_page_get_group_title (ISC_CHARTS_PAGE (page), 1), ==, "Other");
  g_assert_cmpstr (isc_chart_model_get_name (model_of (ISC_CHARTS_PAGE (page), 1)), ==, "my_custom_metric");
  g_assert_cmpstr (heading_of (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), 1)), ==, "Other");

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
bounds_of (IscChartsPage   *page,
           guint            index,
           graphene_rect_t *bounds)
{
  /* The index-th cell of the first chart's grid, as seen: an error rate
   * chart, which is not one of get_chart's, takes a cell too. */
  GtkWidget *view = gtk_widget_get_first_child (gtk_widget_get_parent (isc_charts_page_get_chart (page, 0)));

  for (guint i = 0; i < index; i++)
    view = gtk_widget_get_next_sibling (view);
  g_assert_true (gtk_widget_compute_bounds (view, GTK_WIDGET (page), bounds));
}

static gboolean
laid_out_at (gpointer data)
{
  IscChartsPage *page = data;

  return test_charts_shown (page) && gtk_widget_get_width (GTK_WIDGET (page)) > 0;
}

/* The first three charts of the first group: side by side or stacked. */
static void
assert_columns (int   width,
                guint columns)
{
  g_autoptr(IscMetricsResponse) response = fetch_all (ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  graphene_rect_t first, second, third;
  GtkWidget *window, *page;

  page = open_page (width, &window);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), response);
  g_assert_true (test_wait_for (laid_out_at, page));
  test_run_frames (50);
  g_assert_cmpint (gtk_widget_get_width (window), ==, width);
  g_assert_cmpuint (isc_charts_page_get_group_n_charts (ISC_CHARTS_PAGE (page), 0), >=, 3);

  bounds_of (ISC_CHARTS_PAGE (page), 0, &first);
  bounds_of (ISC_CHARTS_PAGE (page), 1, &second);
  bounds_of (ISC_CHARTS_PAGE (page), 2, &third);
  /* Every chart the same height, whatever the width. */
  g_assert_cmpfloat (first.size.height, ==, ISC_CHART_GRID_ROW_HEIGHT);
  g_assert_cmpfloat (second.size.height, ==, first.size.height);

  if (columns == 1)
    {
      /* One per row, as wide as the page allows. */
      g_assert_cmpfloat (second.origin.x, ==, first.origin.x);
      g_assert_cmpfloat (second.origin.y, >=, first.origin.y + first.size.height);
      g_assert_cmpfloat (first.size.width, >, width - 60);
    }
  else
    {
      /* Two per row: the second beside the first, the third under it. */
      g_assert_cmpfloat (second.origin.y, ==, first.origin.y);
      g_assert_cmpfloat (second.origin.x, >=, first.origin.x + first.size.width);
      g_assert_cmpfloat (third.origin.x, ==, first.origin.x);
      g_assert_cmpfloat (third.origin.y, >=, first.origin.y + first.size.height);
      g_assert_cmpfloat (first.size.width, <, width / 2.0);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_narrow (void)
{
  assert_columns (400, 1);
}

static void
test_wide (void)
{
  assert_columns (1600, 2);
}

static void
test_grid_widths (void)
{
  /* About 900 px of content for two columns, 1800 for three. */
  g_assert_cmpuint (isc_chart_grid_columns_for_width (336), ==, 1);
  g_assert_cmpuint (isc_chart_grid_columns_for_width (850), ==, 1);
  g_assert_cmpuint (isc_chart_grid_columns_for_width (900), ==, 2);
  g_assert_cmpuint (isc_chart_grid_columns_for_width (1576), ==, 2);
  g_assert_cmpuint (isc_chart_grid_columns_for_width (1800), ==, 3);
}

static GtkEventController *
motion_controller (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        return controller;
    }
  g_assert_not_reached ();
}

static GtkAdjustment *
vadjustment (GtkWidget *page)
{
  GtkWidget *scrolled = adw_bin_get_child (ADW_BIN (page));

  g_assert_true (GTK_IS_SCROLLED_WINDOW (scrolled));
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
}

typedef struct
{
  IscChartView *view;
  guint         renders;
} Renders;

static gboolean
drawn_again (gpointer data)
{
  const Renders *r = data;

  return isc_chart_view_get_n_renders (r->view) > r->renders;
}

/* A refresh draws the charts in sight once, in pixels at once (not as
 * vectors the frame draws into pixels, then again a moment later), and
 * none of those out of sight: a window shows a few of the demo's 27.
 * Scrolled into sight, a chart shows the refresh's data. */
static void
test_refresh_draws_in_sight (void)
{
  GtkWidget *window;
  GtkWidget *page = open_page (1200, &window);
  g_autoptr(IscMetricsResponse) first = fetch_all (ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(IscMetricsResponse) second = fetch_all (ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  GtkWidget *top, *bottom;
  GtkAdjustment *scroll;
  Renders top_renders, bottom_renders;
  guint n;

  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), first);
  g_assert_true (test_wait_for (test_charts_shown, page));
  test_run_frames (400);
  n = isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page));
  g_assert_cmpuint (n, >, 8);
  top = isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), 0);
  bottom = isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), n - 1);
  g_assert_true (test_in_sight (top));
  g_assert_false (test_in_sight (bottom));
  g_assert_true (_isc_chart_view_has_pixels (ISC_CHART_VIEW (top)));
  top_renders = (Renders) { ISC_CHART_VIEW (top), isc_chart_view_get_n_renders (ISC_CHART_VIEW (top)) };
  bottom_renders = (Renders) { ISC_CHART_VIEW (bottom), isc_chart_view_get_n_renders (ISC_CHART_VIEW (bottom)) };

  /* The refresh: the chart in sight drawn once, in pixels in its first
   * frame; the one out of sight not at all. */
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), second);
  g_assert_true (test_wait_for (drawn_again, &top_renders));
  g_assert_true (_isc_chart_view_has_pixels (ISC_CHART_VIEW (top)));
  test_run_frames (400);
  g_assert_cmpuint (isc_chart_view_get_n_renders (ISC_CHART_VIEW (top)), ==, top_renders.renders + 1);
  g_assert_cmpuint (isc_chart_view_get_n_renders (ISC_CHART_VIEW (bottom)), ==, bottom_renders.renders);

  /* Scrolled to the end: drawn, with the refresh's data. */
  scroll = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (bottom, GTK_TYPE_SCROLLED_WINDOW)));
  gtk_adjustment_set_value (scroll, gtk_adjustment_get_upper (scroll) - gtk_adjustment_get_page_size (scroll));
  g_assert_true (test_wait_for (drawn_again, &bottom_renders));
  g_assert_true (test_in_sight (bottom));
  g_assert_nonnull (_isc_chart_view_get_picture (ISC_CHART_VIEW (bottom)));
  g_assert_true (isc_chart_model_get_response (isc_chart_view_get_model (ISC_CHART_VIEW (bottom))) == second);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_refresh_keeps_views (void)
{
  g_autoptr(IscMetricsResponse) first = fetch_all (ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(IscMetricsResponse) second = fetch_all (ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(IscMetricsResponse) other = fetch_all (ISC_DEMO_MODEL_EMBED, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION);
  g_autoptr(GPtrArray) views = g_ptr_array_new ();
  GtkAdjustment *adjustment;
  GtkWidget *window, *page, *hovered;
  gpointer weak;
  guint n;
  int step;

  page = open_page (1200, &window);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), first);
  g_assert_true (test_wait_for (test_charts_shown, page));
  n = isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (views, isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i));

  /* The person scrolled down and holds the pointer over a chart. */
  adjustment = vadjustment (page);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, 1000);
  gtk_adjustment_set_value (adjustment, 700);
  test_run_frames (50);
  hovered = g_ptr_array_index (views, 0);
  g_signal_emit_by_name (motion_controller (hovered), "motion",
                         gtk_widget_get_width (hovered) / 2.0, gtk_widget_get_height (hovered) / 2.0);
  step = isc_chart_view_get_hover_step (ISC_CHART_VIEW (hovered));
  g_assert_cmpint (step, >, 0);

  /* A refresh of the same metrics: new data in the same widgets, the
   * same place on the page, the values box still under the pointer. */
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), second);
  test_run_frames (50);
  g_assert_cmpuint (isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i) == g_ptr_array_index (views, i));
      g_assert_true (isc_chart_model_get_response (model_of (ISC_CHARTS_PAGE (page), i)) == second);
    }
  g_assert_cmpint (isc_chart_view_get_hover_step (ISC_CHART_VIEW (hovered)), ==, step);
  g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, 700);

  /* Another deployment's metrics: the page is built again. */
  weak = hovered;
  g_object_add_weak_pointer (weak, &weak);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), other);
  g_assert_null (weak);
  g_assert_true (test_wait_for (test_charts_shown, page));
  g_assert_cmpuint (isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)), ==,
                    isc_metrics_response_get_n_metrics (other));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
cursor_gone_cb (GtkWidget *view)
{
  isc_chart_view_set_cursor_time (ISC_CHART_VIEW (view), -1);
}

/* The page built again while the pointer rests on a chart of its last
 * group: as the groups go, one by one, that chart hears the pointer leave
 * and says its cursor is gone, which must not reach the charts of the
 * groups already freed. */
static void
test_rebuild_while_hovered (void)
{
  g_autoptr(IscMetricsResponse) first = fetch_all (ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(IscMetricsResponse) other = fetch_all (ISC_DEMO_MODEL_EMBED, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION);
  GtkWidget *window, *page, *last;
  guint n;

  page = open_page (1200, &window);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), first);
  g_assert_true (test_wait_for (test_charts_shown, page));
  n = isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page));
  g_assert_cmpuint (isc_charts_page_get_n_groups (ISC_CHARTS_PAGE (page)), >, 1);
  last = isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), n - 1);
  g_signal_emit_by_name (motion_controller (last), "motion",
                         gtk_widget_get_width (last) / 2.0, gtk_widget_get_height (last) / 2.0);
  g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), 0))),
                   >=, 0);
  g_signal_connect (last, "unmap", G_CALLBACK (cursor_gone_cb), NULL);

  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), other);
  g_assert_true (test_wait_for (test_charts_shown, page));
  g_assert_cmpuint (isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)), ==,
                    isc_metrics_response_get_n_metrics (other));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
count_cursor_notify (GObject    *object,
                     GParamSpec *pspec,
                     guint      *count)
{
  (*count)++;
}

/* The window's moment (a log line's, another page's) draws the crosshair
 * on every chart, on charts made afresh too; the pointer over one chart
 * says its moment to the window, and gives the window's back as it
 * leaves. */
static void
test_cursor_time (void)
{
  g_autoptr(IscMetricsResponse) first = fetch_all (ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(IscMetricsResponse) other = fetch_all (ISC_DEMO_MODEL_EMBED, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION);
  GtkWidget *window, *page, *hovered;
  const gint64 *starts;
  gint64 moment;
  guint n, notifies = 0;

  page = open_page (1200, &window);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), first);
  g_assert_true (test_wait_for (test_charts_shown, page));
  n = isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page));
  g_assert_cmpint (isc_charts_page_get_cursor_time (ISC_CHARTS_PAGE (page)), ==, -1);
  g_signal_connect (page, "notify::cursor-time", G_CALLBACK (count_cursor_notify), &notifies);

  starts = isc_chart_model_get_step_starts (isc_chart_view_get_model (ISC_CHART_VIEW (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), 0))));
  moment = starts[10] + 1234;
  isc_charts_page_set_cursor_time (ISC_CHARTS_PAGE (page), moment);
  g_assert_cmpuint (notifies, ==, 1);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i))),
                     ==, moment);

  /* The pointer over a chart: its moment is the page's. */
  hovered = isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), 1);
  g_signal_emit_by_name (motion_controller (hovered), "motion",
                         gtk_widget_get_width (hovered) / 2.0, gtk_widget_get_height (hovered) / 2.0);
  g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (hovered)), >=, 0);
  g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (hovered)), !=, moment);
  g_assert_cmpint (isc_charts_page_get_cursor_time (ISC_CHARTS_PAGE (page)), ==,
                   isc_chart_view_get_cursor_time (ISC_CHART_VIEW (hovered)));
  g_assert_cmpuint (notifies, ==, 2);
  /* Its leaving gives the window's moment back, on every chart. */
  g_signal_emit_by_name (motion_controller (hovered), "leave");
  g_assert_cmpint (isc_charts_page_get_cursor_time (ISC_CHARTS_PAGE (page)), ==, moment);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i))),
                     ==, moment);
  isc_charts_page_set_cursor_time (ISC_CHARTS_PAGE (page), -1);

  /* Charts made anew show the moment set before them. */
  isc_charts_page_set_cursor_time (ISC_CHARTS_PAGE (page), moment);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), other);
  g_assert_true (test_wait_for (test_charts_shown, page));
  g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), 0))),
                   ==, moment);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* An embedding model on CPU reports neither GPU nor LLM metrics. */
static void
test_no_gpu (void)
{
  g_autoptr(IscMetricsResponse) response = fetch_all (ISC_DEMO_MODEL_EMBED, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION);
  g_autoptr(GPtrArray) headings = NULL;
  GtkWidget *window, *page;

  page = open_page (900, &window);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), response);
  g_assert_true (test_wait_for (test_charts_shown, page));

  g_assert_cmpstr (isc_charts_page_get_group_title (ISC_CHARTS_PAGE (page), 0), ==, "Traffic");
  g_assert_true (has_group (ISC_CHARTS_PAGE (page), isc_metric_group_get_title (ISC_METRIC_GROUP_RESOURCES)));
  g_assert_false (has_group (ISC_CHARTS_PAGE (page), isc_metric_group_get_title (ISC_METRIC_GROUP_GPU)));
  g_assert_false (has_group (ISC_CHARTS_PAGE (page), isc_metric_group_get_title (ISC_METRIC_GROUP_LLM)));
  headings = find_headings (window);
  for (guint i = 0; i < headings->len; i++)
    g_assert_cmpstr (gtk_label_get_label (g_ptr_array_index (headings, i)), !=,
                     isc_metric_group_get_title (ISC_METRIC_GROUP_GPU));
  for (guint i = 0; i < isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)); i++)
    g_assert_false (g_str_has_prefix (isc_chart_model_get_name (model_of (ISC_CHARTS_PAGE (page), i)),
                                      "baseten_gpu_"));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_switches (void)
{
  g_autoptr(IscMetricsResponse) response = fetch_all (ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(IscMetricsResponse) other = fetch_all (ISC_DEMO_MODEL_EMBED, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION);
  GtkWidget *window, *page, *counter = NULL;
  guint n_renders;

  page = open_page (1200, &window);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), response);
  g_assert_true (test_wait_for (test_charts_shown, page));
  for (guint i = 0; i < isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)) && counter == NULL; i++)
    if (isc_chart_model_get_kind (model_of (ISC_CHARTS_PAGE (page), i)) == ISC_METRIC_KIND_COUNTER)
      counter = isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i);
  g_assert_nonnull (counter);
  g_assert_cmpint (isc_chart_model_get_counter_display (isc_chart_view_get_model (ISC_CHART_VIEW (counter))), ==,
                   ISC_COUNTER_DISPLAY_RATE);

  /* Counters as totals: the same response, drawn again per step. */
  n_renders = isc_chart_view_get_n_renders (ISC_CHART_VIEW (counter));
  isc_charts_page_set_counters_as_totals (ISC_CHARTS_PAGE (page), TRUE);
  g_assert_cmpint (isc_chart_model_get_counter_display (isc_chart_view_get_model (ISC_CHART_VIEW (counter))), ==,
                   ISC_COUNTER_DISPLAY_TOTALS);
  g_assert_true (isc_chart_model_get_response (isc_chart_view_get_model (ISC_CHART_VIEW (counter))) == response);
  test_run_frames (100);
  g_assert_cmpuint (isc_chart_view_get_n_renders (ISC_CHART_VIEW (counter)), >, n_renders);

  /* UTC: every chart, and the charts of the next page built too. */
  isc_charts_page_set_use_utc (ISC_CHARTS_PAGE (page), TRUE);
  for (guint i = 0; i < isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)); i++)
    g_assert_true (isc_chart_view_get_use_utc (ISC_CHART_VIEW (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i))));
  g_assert_true (isc_chart_model_get_response (isc_chart_view_get_model (ISC_CHART_VIEW (counter))) == response);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), other);
  for (guint i = 0; i < isc_charts_page_get_n_charts (ISC_CHARTS_PAGE (page)); i++)
    {
      IscChartModel *model = model_of (ISC_CHARTS_PAGE (page), i);

      g_assert_true (isc_chart_view_get_use_utc (ISC_CHART_VIEW (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i))));
      if (isc_chart_model_get_kind (model) == ISC_METRIC_KIND_COUNTER)
        g_assert_cmpint (isc_chart_model_get_counter_display (model), ==, ISC_COUNTER_DISPLAY_TOTALS);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  gboolean   done;
  GPtrArray *list;
  GError    *error;
} Listing;

static void
models_listed_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      data)
{
  Listing *listing = data;

  listing->list = isc_client_list_models_finish (ISC_CLIENT (object), result, &listing->error);
  listing->done = TRUE;
}

static void
environments_listed_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      data)
{
  Listing *listing = data;

  listing->list = isc_client_list_environments_finish (ISC_CLIENT (object), result, &listing->error);
  listing->done = TRUE;
}

/* The sidebar's item for demo-chat's production, from discovery. */
static IscTargetItem *
discover_production (void)
{
  Listing models = { 0 };
  Listing environments = { 0 };
  IscModel *chat = NULL;
  IscTargetItem *item = NULL;

  isc_client_list_models_async (client, NULL, models_listed_cb, &models);
  while (!models.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (models.error);
  for (guint i = 0; i < models.list->len; i++)
    if (g_strcmp0 (((IscModel *) g_ptr_array_index (models.list, i))->id, ISC_DEMO_MODEL_CHAT) == 0)
      chat = g_ptr_array_index (models.list, i);
  g_assert_nonnull (chat);

  isc_client_list_environments_async (client, ISC_DEMO_MODEL_CHAT, NULL, environments_listed_cb, &environments);
  while (!environments.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (environments.error);
  for (guint i = 0; i < environments.list->len; i++)
    {
      IscEnvironment *env = g_ptr_array_index (environments.list, i);

      if (g_strcmp0 (env->name, ISC_DEMO_ENVIRONMENT_PRODUCTION) == 0)
        item = isc_target_item_new_environment (chat, env);
    }
  g_assert_nonnull (item);
  g_ptr_array_unref (models.list);
  g_ptr_array_unref (environments.list);
  return item;
}

/* demo-chat's production over a day (26 hours: the demo's promotion,
 * the last one at least an hour old of a fixed minute of the day, is
 * more than 24 hours old for an hour each day): the replicas chart has its
 * autoscaling min and max as lines at their values, every chart the
 * promotion's marker; without the target item, none. */
static void
test_annotations (void)
{
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(IscTargetItem) item = NULL;
  const IscAutoscaling *autoscaling;
  IscChartsPage *page;
  GtkWidget *window, *replicas = NULL;
  guint n = 0;

  /* Not across an edge of the afternoon schedule: the lines end at the
   * settings discovery says are in effect now. */
  test_demo_schedule_settle ();
  response = fetch_target (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT,
                           ISC_DEMO_ENVIRONMENT_PRODUCTION, 26 * 60 * 60 * 1000);
  item = discover_production ();
  autoscaling = isc_target_item_get_autoscaling (item);

  g_assert_nonnull (autoscaling);
  g_assert_cmpint (autoscaling->max_replica, >, autoscaling->min_replica);
  page = ISC_CHARTS_PAGE (open_page (1200, &window));
  isc_charts_page_set_target_item (page, item);
  g_assert_true (isc_charts_page_get_target_item (page) == item);
  isc_charts_page_set_response (page, response);
  g_assert_true (test_wait_for (test_charts_shown, page));

  for (guint i = 0; i < isc_charts_page_get_n_charts (page); i++)
    {
      IscChartModel *model = model_of (page, i);

      if (g_strcmp0 (isc_chart_model_get_name (model), "baseten_replicas_active") == 0)
        replicas = isc_charts_page_get_chart (page, i);
      /* The promotion, on every chart. */
      isc_chart_model_get_markers (model, &n);
      g_assert_cmpuint (n, >=, 1);
    }
  g_assert_nonnull (replicas);
  test_run_frames (100);

  {
    IscChartView *view = ISC_CHART_VIEW (replicas);
    const IscChartReference *refs = isc_chart_model_get_references (isc_chart_view_get_model (view), &n);
    IscChart *chart = isc_chart_view_get_chart (view);
    int w = gtk_widget_get_width (replicas), h = gtk_widget_get_height (replicas);
    const IscChartLayout *layout;
    gboolean seen_min = FALSE, seen_max = FALSE;

    g_assert_cmpuint (n, ==, 2);
    g_assert_cmpfloat (refs[0].value, ==, autoscaling->min_replica);
    g_assert_cmpfloat (refs[1].value, ==, autoscaling->max_replica);
    g_assert_cmpint (w, >, 0);
    layout = isc_chart_ensure_layout (chart, w, h);
    g_assert_cmpuint (layout->references->len, ==, 2);
    for (guint i = 0; i < layout->references->len; i++)
      {
        const IscChartReferenceLine *line = &g_array_index (layout->references, IscChartReferenceLine, i);
        g_autofree char *min_text = g_strdup_printf ("min %d", (int) autoscaling->min_replica);
        g_autofree char *max_text = g_strdup_printf ("max %d", (int) autoscaling->max_replica);

        /* A line the axis holds is at its value; one far above the data
         * (on a quiet day, replicas stay well under the maximum) is marked
         * at the top edge. The minimum is always in the axis. */
        g_assert_true (line->above == (line->value > layout->y_max));
        if (line->value == autoscaling->min_replica)
          g_assert_false (line->above);
        if (line->above)
          g_assert_cmpfloat (line->y, ==, layout->plot.y);
        else
          g_assert_cmpfloat (line->y, ==, round (isc_chart_layout_y_for_value (layout, line->value)) + 0.5);
        seen_min |= g_strcmp0 (pango_layout_get_text (line->text.layout), min_text) == 0;
        seen_max |= g_strcmp0 (pango_layout_get_text (line->text.layout), max_text) == 0;
      }
    g_assert_true (seen_min);
    g_assert_true (seen_max);
  }

  /* Another target, of which discovery said nothing: no lines. */
  isc_charts_page_set_target_item (page, NULL);
  isc_chart_model_get_references (model_of (page, 0), &n);
  g_assert_cmpuint (n, ==, 0);
  isc_chart_model_get_markers (model_of (page, 0), &n);
  g_assert_cmpuint (n, ==, 0);

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

  server = isc_demo_server_new (1, NULL);
  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);

  g_test_add_func ("/isc/charts-page/groups", test_groups);
  g_test_add_func ("/isc/charts-page/other-group", test_other_group);
  g_test_add_func ("/isc/charts-page/columns/narrow", test_narrow);
  g_test_add_func ("/isc/charts-page/columns/wide", test_wide);
  g_test_add_func ("/isc/charts-page/columns/widths", test_grid_widths);
  g_test_add_func ("/isc/charts-page/refresh-keeps-views", test_refresh_keeps_views);
  g_test_add_func ("/isc/charts-page/refresh-draws-in-sight", test_refresh_draws_in_sight);
  g_test_add_func ("/isc/charts-page/rebuild-while-hovered", test_rebuild_while_hovered);
  g_test_add_func ("/isc/charts-page/cursor-time", test_cursor_time);
  g_test_add_func ("/isc/charts-page/no-gpu", test_no_gpu);
  g_test_add_func ("/isc/charts-page/switches", test_switches);
  g_test_add_func ("/isc/charts-page/annotations", test_annotations);

  status = g_test_run ();

  g_clear_object (&client);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_object (&server);
  return status;
}
