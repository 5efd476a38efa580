/* test-tiles-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Now page as a person sees it: a tile per metric with the
 * catalogue's title and the value in its unit, the error shares in status
 * colours, replicas within their limits, "—" for a null value, a trend
 * line drawn from the SERIES response, one column at 360 px and several
 * when wide, and a refresh that keeps the tiles (and the scroll) in place.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>

#include "isc-catalogue.h"
#include "isc-test-util.h"
#include "isc-tiles-page.h"
#include "isc-units.h"

/* A CURRENT response with a step, so counters read per second: replicas
 * null, 60 requests in the step of which 2 are 4xx and 1 is 5xx, pod
 * readiness by condition, CPU in cores. */
static const char stepped_current[] =
  "{\"start_epoch_millis\": 0, \"end_epoch_millis\": 0, \"mode\": \"CURRENT\", \"step_seconds\": 30,"
  " \"metric_descriptors\": ["
  "  {\"name\": \"baseten_replicas_active\", \"unit_hint\": \"COUNT\", \"kind\": \"GAUGE\", \"label_sets\": [{}]},"
  "  {\"name\": \"baseten_inference_requests_total\", \"unit_hint\": \"COUNT\", \"kind\": \"COUNTER\","
  "   \"label_sets\": [{\"status\": \"2xx\"}, {\"status\": \"4xx\"}, {\"status\": \"5xx\"}]},"
  "  {\"name\": \"baseten_pod_readiness\", \"unit_hint\": \"COUNT\", \"kind\": \"GAUGE\","
  "   \"label_sets\": [{\"condition\": \"true\"}, {\"condition\": \"false\"}]},"
  "  {\"name\": \"baseten_container_cpu_usage_seconds_total\", \"unit_hint\": \"RATIO\", \"kind\": \"GAUGE\", \"label_sets\": [{}]}"
  " ],"
  " \"metric_values\": [{\"start_epoch_millis\": 0, \"values\": [[null], [57, 2, 1], [2, 1], [3.2]]}]}";

static IscMetricsResponse *
load_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response = isc_metrics_response_new_from_data (text, -1, &error);

  g_assert_no_error (error);
  return response;
}

/* A response like @text with every "@from" replaced by "@to". */
static IscMetricsResponse *
load_text_replacing (const char *text,
                     const char *from,
                     const char *to)
{
  g_autoptr(GString) copy = g_string_new (text);

  g_assert_cmpuint (g_string_replace (copy, from, to, 0), ==, 1);
  return load_text (copy->str);
}

static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* The tile (a card) that shows @title. */
static GtkWidget *
find_tile (GtkWidget  *root,
           const char *title)
{
  GtkWidget *label = find_label (root, title);
  GtkWidget *card;

  g_assert_nonnull (label);
  card = gtk_widget_get_ancestor (label, GTK_TYPE_BOX);
  g_assert_true (gtk_widget_has_css_class (card, "card"));
  return card;
}

static GtkWidget *
find_trend (GtkWidget *tile)
{
  for (GtkWidget *child = gtk_widget_get_first_child (tile);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_DRAWING_AREA (child))
      return child;

  g_assert_not_reached ();
}

/* How many pixels of @widget's picture are not transparent. */
static guint
count_painted (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  guint painted = 0;

  if (!gtk_widget_get_mapped (widget) || width == 0 || height == 0)
    return 0;

  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  for (int y = 0; y < height; y++)
    {
      const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (surface) +
                                              y * cairo_image_surface_get_stride (surface));

      for (int x = 0; x < width; x++)
        if ((row[x] >> 24) != 0)
          painted++;
    }
  cairo_surface_destroy (surface);

  return painted;
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static GtkWidget *
show_page (GtkWidget *page,
           int        width,
           int        height)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (is_mapped, page));
  test_run_frames (100);

  return window;
}

static char *
share_text (const char *status,
            double      share)
{
  g_autofree char *number = isc_format_value (share, ISC_UNIT_HINT_RATIO, 2);

  return g_strdup_printf ("%s %s", status, number);
}

/* The default set in CURRENT, as the fixture has it: 3 replicas, requests
 * 17/1/0 of 2xx/4xx/5xx with no step (so the total), latency quantiles. */
static void
test_tiles_default (void)
{
  g_autoptr(IscMetricsResponse) current = test_load_fixture ("default-current.json");
  g_autoptr(IscMetricsResponse) trend = test_load_fixture ("default-series.json");
  GtkWidget *page = isc_tiles_page_new ();
  GtkWidget *window = show_page (page, 360, 800);
  g_autofree char *replicas = isc_format_value (3, ISC_UNIT_HINT_COUNT, 3);
  g_autofree char *replicas_limited = NULL;
  g_autofree char *requests = isc_format_value (18, ISC_UNIT_HINT_COUNT, 3);
  g_autofree char *share_4xx = share_text ("4xx", 1.0 / 18);
  g_autofree char *share_5xx = share_text ("5xx", 0);
  g_autofree char *p50 = isc_format_value (0.198, ISC_UNIT_HINT_SECONDS, 3);
  g_autofree char *p50_detail = g_strdup_printf ("p50 %s", p50);
  g_autofree char *p99 = isc_format_value (1.02, ISC_UNIT_HINT_SECONDS, 3);
  g_autofree char *p99_detail = g_strdup_printf ("p99 %s", p99);
  g_autofree char *avg = isc_format_value (0.27, ISC_UNIT_HINT_SECONDS, 3);
  g_autofree char *avg_detail = g_strdup_printf ("avg %s", avg);
  g_autofree char *spoken = NULL;
  GtkWidget *tile;
  GtkWidget *label;

  g_assert_cmpuint (isc_tiles_page_get_n_tiles (ISC_TILES_PAGE (page)), ==, 0);
  isc_tiles_page_set_response (ISC_TILES_PAGE (page), current, trend);
  test_run_frames (100);
  g_assert_cmpuint (isc_tiles_page_get_n_tiles (ISC_TILES_PAGE (page)), ==, 3);

  /* Replicas: the catalogue's title, the value large. */
  tile = find_tile (page, isc_catalogue_get_title ("baseten_replicas_active"));
  label = find_label (tile, replicas);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_has_css_class (label, "title-1"));
  spoken = g_strdup_printf ("%s: %s", isc_catalogue_get_title ("baseten_replicas_active"), replicas);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (tile), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken);

  /* Within the autoscaling limits once they are known, and no longer
   * when they are not. */
  isc_tiles_page_set_replica_limits (ISC_TILES_PAGE (page), 1, 5);
  test_run_frames (50);
  replicas_limited = g_strdup_printf ("%s of 1–5", replicas);
  g_assert_nonnull (find_label (tile, replicas_limited));
  g_assert_cmpint (isc_tiles_page_get_replica_max (ISC_TILES_PAGE (page)), ==, 5);
  isc_tiles_page_set_replica_limits (ISC_TILES_PAGE (page), -1, -1);
  test_run_frames (50);
  g_assert_nonnull (find_label (tile, replicas));
  g_assert_null (find_label (tile, replicas_limited));

  /* Requests: no step, so the last step's total, said so; 1 of 18 was a
   * 4xx, in the warning colour, and no 5xx. */
  tile = find_tile (page, isc_catalogue_get_title ("baseten_inference_requests_total"));
  g_assert_nonnull (find_label (tile, requests));
  g_assert_nonnull (find_label (tile, "in the last step"));
  label = find_label (tile, share_4xx);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_has_css_class (label, "warning"));
  label = find_label (tile, share_5xx);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_has_css_class (label, "success"));
  g_assert_false (gtk_widget_has_css_class (label, "error"));

  /* Latency: the median large, then p50, p99 and the average. */
  tile = find_tile (page, isc_catalogue_get_title ("baseten_end_to_end_response_time_seconds"));
  g_assert_nonnull (find_label (tile, p50));
  g_assert_nonnull (find_label (tile, p50_detail));
  g_assert_nonnull (find_label (tile, p99_detail));
  g_assert_nonnull (find_label (tile, avg_detail));
  g_clear_pointer (&spoken, g_free);
  spoken = g_strdup_printf ("%s: %s, %s, %s, %s",
                            isc_catalogue_get_title ("baseten_end_to_end_response_time_seconds"),
                            p50, p50_detail, p99_detail, avg_detail);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (tile), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken);

  /* Nothing to show: no tiles. */
  isc_tiles_page_set_response (ISC_TILES_PAGE (page), NULL, NULL);
  g_assert_cmpuint (isc_tiles_page_get_n_tiles (ISC_TILES_PAGE (page)), ==, 0);
  g_assert_null (find_label (page, isc_catalogue_get_title ("baseten_replicas_active")));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* With a step, a counter reads per second, and as the step's total when
 * the switch says so; null reads "—"; each label set of a gauge shows. */
static void
test_tiles_rates (void)
{
  g_autoptr(IscMetricsResponse) current = load_text (stepped_current);
  GtkWidget *page = isc_tiles_page_new ();
  GtkWidget *window = show_page (page, 360, 800);
  g_autofree char *rate = isc_format_value (60.0 / 30, ISC_UNIT_HINT_PER_SECOND, 3);
  g_autofree char *total = isc_format_value (60, ISC_UNIT_HINT_COUNT, 3);
  g_autofree char *share_4xx = share_text ("4xx", 2.0 / 60);
  g_autofree char *share_5xx = share_text ("5xx", 1.0 / 60);
  g_autofree char *cores = isc_format_value (3.2, ISC_UNIT_HINT_UNKNOWN, 3);
  g_autofree char *cores_text = g_strdup_printf ("%s\u00a0cores", cores);
  g_autofree char *step = isc_format_duration_short (30);
  g_autofree char *step_note = g_strdup_printf ("in the last %s", step);
  g_autofree char *spoken = NULL;
  GtkWidget *tile;
  GtkWidget *label;

  isc_tiles_page_set_response (ISC_TILES_PAGE (page), current, NULL);
  isc_tiles_page_set_replica_limits (ISC_TILES_PAGE (page), 1, 5);
  test_run_frames (100);
  g_assert_cmpuint (isc_tiles_page_get_n_tiles (ISC_TILES_PAGE (page)), ==, 4);

  /* A null value is a dash, not "0" and not "— of 1–5". */
  tile = find_tile (page, isc_catalogue_get_title ("baseten_replicas_active"));
  g_assert_nonnull (find_label (tile, "—"));
  spoken = g_strdup_printf ("%s: —", isc_catalogue_get_title ("baseten_replicas_active"));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (tile), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken);

  tile = find_tile (page, isc_catalogue_get_title ("baseten_inference_requests_total"));
  g_assert_nonnull (find_label (tile, rate));
  g_assert_null (find_label (tile, "in the last step"));
  label = find_label (tile, share_4xx);
  g_assert_true (gtk_widget_has_css_class (label, "warning"));
  label = find_label (tile, share_5xx);
  g_assert_true (gtk_widget_has_css_class (label, "error"));

  isc_tiles_page_set_counters_as_totals (ISC_TILES_PAGE (page), TRUE);
  test_run_frames (50);
  g_assert_true (isc_tiles_page_get_counters_as_totals (ISC_TILES_PAGE (page)));
  g_assert_nonnull (find_label (tile, total));
  g_assert_null (find_label (tile, rate));
  g_assert_nonnull (find_label (tile, step_note));

  /* Each condition of the pod readiness on its own line. */
  tile = find_tile (page, isc_catalogue_get_title ("baseten_pod_readiness"));
  g_assert_nonnull (find_label (tile, "true 2"));
  g_assert_nonnull (find_label (tile, "false 1"));

  /* CPU in cores, as the catalogue says, not 320 %. */
  tile = find_tile (page, isc_catalogue_get_title ("baseten_container_cpu_usage_seconds_total"));
  g_assert_nonnull (find_label (tile, cores_text));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A trend line where the SERIES response has the metric, none where it
 * lacks it or there is no trend at all. */
static gboolean
is_allocated (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_height (data) > 0;
}

static void
test_tiles_trend (void)
{
  g_autoptr(IscMetricsResponse) current = test_load_fixture ("default-current.json");
  g_autoptr(IscMetricsResponse) trend = test_load_fixture ("default-series.json");
  g_autoptr(IscMetricsResponse) other = test_load_fixture ("all-units-series.json");
  g_autoptr(IscMetricsResponse) empty = test_load_fixture ("zero-steps-series.json");
  GtkWidget *page = isc_tiles_page_new ();
  GtkWidget *window = show_page (page, 360, 800);
  const char *names[] = {
    "baseten_replicas_active",
    "baseten_inference_requests_total",
    "baseten_end_to_end_response_time_seconds",
  };

  isc_tiles_page_set_response (ISC_TILES_PAGE (page), current, trend);
  test_run_frames (100);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GtkWidget *area = find_trend (find_tile (page, isc_catalogue_get_title (names[i])));

      /* A slow machine (or a sanitizer) may take more frames to lay out. */
      g_assert_true (test_wait_for (is_allocated, area));
      g_assert_true (gtk_widget_get_mapped (area));
      g_assert_cmpint (gtk_widget_get_height (area), >=, 20);
      /* A line, not a filled box: some pixels, far fewer than all. */
      g_assert_cmpuint (count_painted (area), >, gtk_widget_get_width (area) / 2);
      g_assert_cmpuint (count_painted (area), <, gtk_widget_get_width (area) * gtk_widget_get_height (area) / 3);
    }

  /* The other response has none of these metrics. */
  isc_tiles_page_set_response (ISC_TILES_PAGE (page), current, other);
  test_run_frames (100);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpuint (count_painted (find_trend (find_tile (page, isc_catalogue_get_title (names[i])))), ==, 0);

  /* The metrics, but no value sets. */
  isc_tiles_page_set_response (ISC_TILES_PAGE (page), current, empty);
  test_run_frames (100);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpuint (count_painted (find_trend (find_tile (page, isc_catalogue_get_title (names[i])))), ==, 0);

  isc_tiles_page_set_response (ISC_TILES_PAGE (page), current, trend);
  test_run_frames (100);
  g_assert_cmpuint (count_painted (find_trend (find_tile (page, isc_catalogue_get_title (names[0])))), >, 0);
  isc_tiles_page_set_response (ISC_TILES_PAGE (page), current, NULL);
  test_run_frames (100);
  g_assert_cmpuint (count_painted (find_trend (find_tile (page, isc_catalogue_get_title (names[0])))), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
tile_bounds (GtkWidget       *page,
             const char      *name,
             graphene_rect_t *bounds)
{
  g_assert_true (gtk_widget_compute_bounds (find_tile (page, isc_catalogue_get_title (name)), page, bounds));
}

/* One column in a phone-wide window, side by side in a wide one. */
static void
test_tiles_columns (void)
{
  g_autoptr(IscMetricsResponse) current = test_load_fixture ("default-current.json");
  GtkWidget *page = isc_tiles_page_new ();
  GtkWidget *window = show_page (page, 360, 800);
  graphene_rect_t a, b;

  isc_tiles_page_set_response (ISC_TILES_PAGE (page), current, NULL);
  test_run_frames (200);
  tile_bounds (page, "baseten_replicas_active", &a);
  tile_bounds (page, "baseten_inference_requests_total", &b);
  g_assert_cmpfloat (a.origin.x, ==, b.origin.x);
  g_assert_cmpfloat (b.origin.y, >=, a.origin.y + a.size.height);
  g_assert_cmpfloat (a.origin.x + a.size.width, <=, 360);
  gtk_window_destroy (GTK_WINDOW (window));

  page = isc_tiles_page_new ();
  window = show_page (page, 1000, 800);
  isc_tiles_page_set_response (ISC_TILES_PAGE (page), current, NULL);
  test_run_frames (200);
  tile_bounds (page, "baseten_replicas_active", &a);
  tile_bounds (page, "baseten_inference_requests_total", &b);
  g_assert_cmpfloat (a.origin.y, ==, b.origin.y);
  g_assert_cmpfloat (b.origin.x, >=, a.origin.x + a.size.width);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* For test_wait_for(): the adjustment (data) has more than a page. */
static gboolean
scrolls (gpointer data)
{
  return gtk_adjustment_get_upper (data) > gtk_adjustment_get_page_size (data);
}

/* A refresh with the same metrics changes the text of the same widgets,
 * so the page does not jump; other metrics build new tiles. */
static void
test_tiles_refresh_in_place (void)
{
  g_autoptr(IscMetricsResponse) first = load_text (stepped_current);
  g_autoptr(IscMetricsResponse) second = load_text_replacing (stepped_current, "[[null]", "[[4]");
  g_autoptr(IscMetricsResponse) other = test_load_fixture ("default-current.json");
  GtkWidget *page = isc_tiles_page_new ();
  GtkWidget *window = show_page (page, 360, 300);
  g_autofree char *four = isc_format_value (4, ISC_UNIT_HINT_COUNT, 3);
  GtkScrolledWindow *scroller;
  GtkAdjustment *vadjustment;
  double bottom;
  GtkWidget *tile;
  GtkWidget *value;
  guint notified = 0;

  isc_tiles_page_set_response (ISC_TILES_PAGE (page), first, NULL);
  test_run_frames (200);
  tile = find_tile (page, isc_catalogue_get_title ("baseten_replicas_active"));
  value = find_label (tile, "—");
  g_assert_nonnull (value);

  /* Scrolled down to the last tile. */
  scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_first_child (page));
  g_assert_true (GTK_IS_SCROLLED_WINDOW (scroller));
  vadjustment = gtk_scrolled_window_get_vadjustment (scroller);
  /* Laid out, however slow the machine: more tiles than the page shows. */
  g_assert_true (test_wait_for (scrolls, vadjustment));
  bottom = gtk_adjustment_get_upper (vadjustment) - gtk_adjustment_get_page_size (vadjustment);
  gtk_adjustment_set_value (vadjustment, bottom);
  test_run_frames (50);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), ==, bottom);

  g_signal_connect_swapped (page, "notify::n-tiles", G_CALLBACK (count_cb), &notified);
  isc_tiles_page_set_response (ISC_TILES_PAGE (page), second, NULL);
  test_run_frames (100);
  g_assert_true (find_tile (page, isc_catalogue_get_title ("baseten_replicas_active")) == tile);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (value)), ==, four);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment), ==, bottom);
  g_assert_cmpuint (notified, ==, 0);

  /* Three metrics instead of four: new tiles. */
  isc_tiles_page_set_response (ISC_TILES_PAGE (page), other, NULL);
  test_run_frames (100);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpuint (isc_tiles_page_get_n_tiles (ISC_TILES_PAGE (page)), ==, 3);
  g_assert_null (find_label (page, isc_catalogue_get_title ("baseten_pod_readiness")));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/tiles-page/default", test_tiles_default);
  g_test_add_func ("/isc/tiles-page/rates", test_tiles_rates);
  g_test_add_func ("/isc/tiles-page/trend", test_tiles_trend);
  g_test_add_func ("/isc/tiles-page/columns", test_tiles_columns);
  g_test_add_func ("/isc/tiles-page/refresh-in-place", test_tiles_refresh_in_place);

  return g_test_run ();
}
