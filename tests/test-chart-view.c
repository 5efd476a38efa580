/* test-chart-view.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chart widget draws its series once and only the hover on top, turns
 * that picture into the same pixels once it has stayed the same a while,
 * and the charts page shows the demo deployment's charts fetched over
 * HTTP from a simulated API on 127.0.0.1.
 */

#include "config.h"

#include <time.h>
#include <adwaita.h>

#include "isc-chart-private.h"
#include "isc-chart-view-private.h"
#include "isc-charts-page.h"
#include "isc-client.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

static gboolean
rendered (gpointer data)
{
  return isc_chart_view_get_n_renders (data) > 0;
}

static double
wave (guint series, guint step, gpointer data)
{
  return 10.0 + 5.0 * sin (step / 4.0);
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

/* A window of 700 × 360 showing a chart of @response's wave, drawn. */
static GtkWidget *
present_view (IscMetricsResponse  *response,
              GtkWidget          **window)
{
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  GtkWidget *view = isc_chart_view_new (model);

  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), 700, 360);
  gtk_window_set_child (GTK_WINDOW (*window), view);
  gtk_window_present (GTK_WINDOW (*window));
  g_assert_true (test_wait_for (rendered, view));
  return view;
}

static IscMetricsResponse *
wave_response_new (void)
{
  return test_response_new ("SERIES", 30, 120, "baseten_concurrent_requests", "COUNT", "GAUGE", "[{}]", 1, wave, NULL);
}

static void
test_view_hover_keeps_cache (void)
{
  g_autoptr(IscMetricsResponse) response = wave_response_new ();
  GtkWidget *window;
  GtkWidget *view = present_view (response, &window);
  GtkEventController *motion;
  const IscChartLayout *layout;
  guint n_renders;
  int step;

  n_renders = isc_chart_view_get_n_renders (ISC_CHART_VIEW (view));

  /* The pointer over step 30: the hover follows it … */
  layout = isc_chart_ensure_layout (isc_chart_view_get_chart (ISC_CHART_VIEW (view)),
                                    gtk_widget_get_width (view), gtk_widget_get_height (view));
  motion = motion_controller (view);
  g_signal_emit_by_name (motion, "motion", layout->step_x[30] + 0.2, layout->plot.y + 20);
  step = isc_chart_view_get_hover_step (ISC_CHART_VIEW (view));
  g_assert_cmpint (step, ==, 30);
  test_run_frames (100);
  g_signal_emit_by_name (motion, "motion", layout->step_x[80] + 0.2, layout->plot.y + 20);
  g_assert_cmpint (isc_chart_view_get_hover_step (ISC_CHART_VIEW (view)), ==, 80);
  test_run_frames (100);
  /* … and the series were not drawn again for it. */
  g_assert_cmpuint (isc_chart_view_get_n_renders (ISC_CHART_VIEW (view)), ==, n_renders);

  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpint (isc_chart_view_get_hover_step (ISC_CHART_VIEW (view)), ==, -1);

  /* A new model is drawn anew. */
  {
    g_autoptr(IscChartModel) other = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);

    isc_chart_view_set_model (ISC_CHART_VIEW (view), other);
    test_run_frames (200);
    g_assert_cmpuint (isc_chart_view_get_n_renders (ISC_CHART_VIEW (view)), >, n_renders);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The pointer's leaving takes away the cursor it put there, also when
 * its chart goes away under it (a page switched), but not a moment
 * chosen since by other means (the window's, a log line's). */
static void
test_view_leave_takes_own_cursor (void)
{
  g_autoptr(IscMetricsResponse) response = wave_response_new ();
  GtkWidget *window;
  GtkWidget *view = present_view (response, &window);
  IscChartView *cv = ISC_CHART_VIEW (view);
  GtkEventController *motion = motion_controller (view);
  const IscChartLayout *layout;
  gint64 chosen_ms;

  layout = isc_chart_ensure_layout (isc_chart_view_get_chart (cv), gtk_widget_get_width (view), gtk_widget_get_height (view));
  chosen_ms = isc_chart_model_get_step_starts (isc_chart_view_get_model (cv))[60];

  /* The pointer's cursor, then its chart hidden as a page switch does,
   * and the pointer's leave: no cursor left behind on any chart. */
  g_signal_emit_by_name (motion, "motion", layout->step_x[30] + 0.2, layout->plot.y + 20);
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), >=, 0);
  gtk_widget_set_visible (view, FALSE);
  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, -1);
  gtk_widget_set_visible (view, TRUE);
  test_run_frames (50);

  /* The pointer's cursor, then a moment chosen elsewhere: the pointer's
   * leave keeps it. */
  g_signal_emit_by_name (motion, "motion", layout->step_x[30] + 0.2, layout->plot.y + 20);
  isc_chart_view_set_cursor_time (cv, chosen_ms);
  gtk_widget_set_visible (view, FALSE);
  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, chosen_ms);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A moment chosen elsewhere (an activity, a log line, the window's) and a
 * pointer that crosses the chart on its way: the crosshair follows the
 * pointer over the plot and goes back to the moment as the pointer
 * leaves the chart, or the plot for its legend. */
static void
test_view_leave_gives_back_moment (void)
{
  g_autoptr(IscMetricsResponse) response = wave_response_new ();
  GtkWidget *window;
  GtkWidget *view = present_view (response, &window);
  IscChartView *cv = ISC_CHART_VIEW (view);
  GtkEventController *motion = motion_controller (view);
  const IscChartLayout *layout;
  const gint64 *starts;
  gint64 chosen_ms;

  layout = isc_chart_ensure_layout (isc_chart_view_get_chart (cv), gtk_widget_get_width (view), gtk_widget_get_height (view));
  starts = isc_chart_model_get_step_starts (isc_chart_view_get_model (cv));
  chosen_ms = starts[60];
  isc_chart_view_set_cursor_time (cv, chosen_ms);

  g_signal_emit_by_name (motion, "motion", layout->step_x[30] + 0.2, layout->plot.y + 20);
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), >=, starts[30]);
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), <, starts[31]);
  g_signal_emit_by_name (motion, "motion", layout->step_x[40] + 0.2, layout->plot.y + 20);
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), >=, starts[40]);
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), <, starts[41]);
  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, chosen_ms);

  /* Off the plot, over the axis' labels, the same. */
  g_signal_emit_by_name (motion, "motion", layout->step_x[20] + 0.2, layout->plot.y + 20);
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), >=, starts[20]);
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), <, starts[21]);
  g_signal_emit_by_name (motion, "motion", layout->plot.x / 2, layout->plot.y + 20);
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, chosen_ms);
  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, chosen_ms);

  /* No moment before: none after. */
  isc_chart_view_set_cursor_time (cv, -1);
  g_signal_emit_by_name (motion, "motion", layout->step_x[30] + 0.2, layout->plot.y + 20);
  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, -1);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
renders_past (gpointer data)
{
  gpointer *args = data;

  return isc_chart_view_get_n_renders (args[0]) > GPOINTER_TO_UINT (args[1]);
}

static gboolean
has_raster (gpointer data)
{
  return ISC_CHART_VIEW (data)->raster_node != NULL;
}

/* The view's picture as its next frame would show it. */
static GBytes *
render_view (GtkWidget *view)
{
  int stride;
  guint8 *pixels = test_render_widget (view, FALSE, &stride);

  return g_bytes_new_take (pixels, (gsize) stride * gtk_widget_get_height (view));
}

/* A picture that stays the same is turned into pixels, column by column,
 * which look exactly as the vectors did; the hover draws over them
 * without drawing them again, and a new size draws vectors again until
 * it too has stayed a while. */
static void
test_view_raster (void)
{
  g_autoptr(IscMetricsResponse) response = wave_response_new ();
  GtkWidget *window;
  GtkWidget *view = present_view (response, &window);
  IscChartView *cv = ISC_CHART_VIEW (view);
  g_autoptr(GBytes) vectors = NULL;
  g_autoptr(GBytes) pixels = NULL;
  g_autoptr(GBytes) wider = NULL;
  g_autoptr(GBytes) wider_pixels = NULL;
  const IscChartLayout *layout;
  GskRenderNode *raster;
  guint n_renders;

  /* Drawn at once as vectors … */
  g_assert_null (cv->raster_node);
  g_assert_true (_isc_chart_view_get_picture (cv) == cv->series_node);
  vectors = render_view (view);
  n_renders = isc_chart_view_get_n_renders (cv);

  /* … and as pixels once it has stayed the same: the same pixels. */
  g_assert_true (test_wait_for (has_raster, view));
  g_assert_true (_isc_chart_view_get_picture (cv) == cv->raster_node);
  pixels = render_view (view);
  g_assert_true (g_bytes_equal (vectors, pixels));
  g_assert_cmpuint (isc_chart_view_get_n_renders (cv), ==, n_renders);

  /* The hover draws over them: the series are not drawn again. */
  raster = cv->raster_node;
  layout = isc_chart_ensure_layout (cv->chart, gtk_widget_get_width (view), gtk_widget_get_height (view));
  g_signal_emit_by_name (motion_controller (view), "motion", layout->step_x[40] + 0.2, layout->plot.y + 20);
  test_run_frames (300);
  g_assert_cmpint (isc_chart_view_get_hover_step (cv), ==, 40);
  g_assert_true (cv->raster_node == raster);
  g_assert_cmpuint (isc_chart_view_get_n_renders (cv), ==, n_renders);
  g_signal_emit_by_name (motion_controller (view), "leave");

  /* A new size is drawn as vectors again, at once, and as pixels later. */
  gtk_window_set_default_size (GTK_WINDOW (window), 820, 360);
  g_assert_true (test_wait_for (renders_past, (gpointer[]) { view, GUINT_TO_POINTER (n_renders) }));
  g_assert_null (cv->raster_node);
  g_assert_cmpint (gtk_widget_get_width (view), ==, 820);
  wider = render_view (view);
  g_assert_true (test_wait_for (has_raster, view));
  wider_pixels = render_view (view);
  g_assert_true (g_bytes_equal (wider, wider_pixels));
  g_assert_false (g_bytes_equal (vectors, wider_pixels));

  gtk_window_destroy (GTK_WINDOW (window));
}

static double
wave_later (guint series, guint step, gpointer data)
{
  /* Higher, and a step on: a new value axis and legend. */
  return 30.0 + 12.0 * sin ((step + 1) / 4.0);
}

/* A refresh at the size already drawn is made in pixels only, at once,
 * and they are exactly the pixels of a chart drawn afresh from the same
 * data; the vectors a zoom's preview scales are drawn only when it asks
 * for them. */
static void
test_view_refresh_in_pixels (void)
{
  g_autoptr(IscMetricsResponse) response = wave_response_new ();
  g_autoptr(IscMetricsResponse) later =
    test_response_new ("SERIES", 30, 120, "baseten_concurrent_requests", "COUNT", "GAUGE", "[{}]", 1, wave_later, NULL);
  g_autoptr(IscChartModel) model = isc_chart_model_new (later, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChartModel) same_data = isc_chart_model_new (later, 0, ISC_COUNTER_DISPLAY_RATE);
  guint n_fresh_renders;
  GtkWidget *window, *fresh_window;
  GtkWidget *view = present_view (response, &window);
  GtkWidget *fresh;
  IscChartView *cv = ISC_CHART_VIEW (view);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) refreshed = NULL;
  g_autoptr(GBytes) drawn_afresh = NULL;
  g_autoptr(GBytes) previewed = NULL;
  guint n_renders;

  g_assert_true (test_wait_for (has_raster, view));
  before = render_view (view);
  n_renders = isc_chart_view_get_n_renders (cv);

  /* The refresh: drawn once, in pixels in its first frame, no vectors. */
  isc_chart_view_set_model (cv, model);
  g_assert_true (test_wait_for (renders_past, (gpointer[]) { view, GUINT_TO_POINTER (n_renders) }));
  g_assert_nonnull (cv->raster_node);
  g_assert_null (cv->series_node);
  g_assert_cmpuint (isc_chart_view_get_n_renders (cv), ==, n_renders + 1);
  refreshed = render_view (view);
  g_assert_false (g_bytes_equal (before, refreshed));

  /* The same pixels as a new chart of the same data, at the same size,
   * refreshed (a refresh draws the plot in blocks, isc-chart-pixels.c;
   * this one, with nothing kept from before, all of them). */
  fresh = present_view (later, &fresh_window);
  g_assert_cmpint (gtk_widget_get_width (fresh), ==, gtk_widget_get_width (view));
  g_assert_cmpint (gtk_widget_get_height (fresh), ==, gtk_widget_get_height (view));
  g_assert_true (test_wait_for (has_raster, fresh));
  n_fresh_renders = isc_chart_view_get_n_renders (ISC_CHART_VIEW (fresh));
  isc_chart_view_set_model (ISC_CHART_VIEW (fresh), same_data);
  g_assert_true (test_wait_for (renders_past, (gpointer[]) { fresh, GUINT_TO_POINTER (n_fresh_renders) }));
  drawn_afresh = render_view (fresh);
  g_assert_true (g_bytes_equal (refreshed, drawn_afresh));

  /* A zoom's preview draws the vectors it scales, then, and only once. */
  isc_chart_view_show_range (cv, TEST_START_MS + 30 * 30 * 1000, TEST_START_MS + 90 * 30 * 1000);
  previewed = render_view (view);
  g_assert_nonnull (cv->series_node);
  g_assert_false (g_bytes_equal (refreshed, previewed));
  g_assert_cmpuint (isc_chart_view_get_n_renders (cv), ==, n_renders + 1);

  gtk_window_destroy (GTK_WINDOW (fresh_window));
  gtk_window_destroy (GTK_WINDOW (window));
}

static double
wave_last_higher (guint series, guint step, gpointer data)
{
  /* The last step still filling in: a bit more each refresh. */
  return wave (series, step, NULL) + (step == 119 ? GPOINTER_TO_UINT (data) : 0);
}

/* In the window, a refresh whose data changed only at the end draws about
 * that much of the plot (isc-chart-pixels.c): the first two refreshes
 * after the chart settled draw all of it (as vectors would, then in
 * blocks), the next only the last blocks. */
static void
test_view_refresh_draws_what_changed (void)
{
  g_autoptr(IscMetricsResponse) response = wave_response_new ();
  GtkWidget *window;
  GtkWidget *view = present_view (response, &window);
  IscChartView *cv = ISC_CHART_VIEW (view);
  double plot_width;
  int redrawn[4];

  g_assert_true (test_wait_for (has_raster, view));
  plot_width = isc_chart_ensure_layout (cv->chart, gtk_widget_get_width (view), gtk_widget_get_height (view))->plot.width;
  for (guint i = 0; i < G_N_ELEMENTS (redrawn); i++)
    {
      g_autoptr(IscMetricsResponse) later =
        test_response_new ("SERIES", 30, 120, "baseten_concurrent_requests", "COUNT", "GAUGE", "[{}]", 1,
                           wave_last_higher, GUINT_TO_POINTER (i + 1));
      g_autoptr(IscChartModel) model = isc_chart_model_new (later, 0, ISC_COUNTER_DISPLAY_RATE);
      guint n_renders = isc_chart_view_get_n_renders (cv);

      isc_chart_view_set_model (cv, model);
      g_assert_true (test_wait_for (renders_past, (gpointer[]) { view, GUINT_TO_POINTER (n_renders) }));
      redrawn[i] = isc_chart_get_redrawn_columns (cv->chart);
    }
  g_assert_cmpint (redrawn[0], ==, (int) plot_width);
  g_assert_cmpint (redrawn[1], ==, (int) plot_width);
  g_assert_cmpint (redrawn[2], >, 0);
  g_assert_cmpint (redrawn[2], <, plot_width / 8);
  g_assert_cmpint (redrawn[3], <, plot_width / 8);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_no_raster (gpointer data)
{
  return ISC_CHART_VIEW (data)->raster_node == NULL;
}

/* Only a chart in sight holds pixels: in a page that scrolls, the charts
 * below its bottom are not drawn at all until they are scrolled into
 * sight, and the first, scrolled out of it, keeps its vectors. */
static void
test_view_raster_in_sight (void)
{
  g_autoptr(IscMetricsResponse) response = wave_response_new ();
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkAdjustment *scroll;
  GtkWidget *views[4];

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      views[i] = isc_chart_view_new (model);
      gtk_box_append (GTK_BOX (box), views[i]);
    }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 360);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (rendered, views[0]));

  g_assert_true (test_wait_for (has_raster, views[0]));
  test_run_frames (400);
  g_assert_cmpuint (isc_chart_view_get_n_renders (ISC_CHART_VIEW (views[3])), ==, 0);
  g_assert_null (ISC_CHART_VIEW (views[3])->raster_node);
  g_assert_null (ISC_CHART_VIEW (views[3])->series_node);

  scroll = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gtk_adjustment_set_value (scroll, gtk_adjustment_get_upper (scroll) - gtk_adjustment_get_page_size (scroll));
  g_assert_true (test_wait_for (has_raster, views[3]));
  g_assert_true (test_wait_for (has_no_raster, views[0]));
  g_assert_nonnull (ISC_CHART_VIEW (views[0])->series_node);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A chart refreshed in pixels only has no vectors to go back to: scrolled
 * out of sight it lets its pixels go and holds no picture, and scrolled
 * back it is drawn again, with the same pixels. */
static void
test_view_refreshed_out_of_sight (void)
{
  g_autoptr(IscMetricsResponse) response = wave_response_new ();
  g_autoptr(IscMetricsResponse) later =
    test_response_new ("SERIES", 30, 120, "baseten_concurrent_requests", "COUNT", "GAUGE", "[{}]", 1, wave_later, NULL);
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChartModel) refreshed = isc_chart_model_new (later, 0, ISC_COUNTER_DISPLAY_RATE);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  g_autoptr(GBytes) shown = NULL;
  g_autoptr(GBytes) shown_again = NULL;
  GtkAdjustment *scroll;
  GtkWidget *views[4];
  IscChartView *top;
  guint n_renders;

  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      views[i] = isc_chart_view_new (model);
      gtk_box_append (GTK_BOX (box), views[i]);
    }
  top = ISC_CHART_VIEW (views[0]);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 360);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (has_raster, views[0]));

  n_renders = isc_chart_view_get_n_renders (top);
  isc_chart_view_set_model (top, refreshed);
  g_assert_true (test_wait_for (renders_past, (gpointer[]) { views[0], GUINT_TO_POINTER (n_renders) }));
  g_assert_nonnull (top->raster_node);
  g_assert_null (top->series_node);
  shown = render_view (views[0]);
  n_renders = isc_chart_view_get_n_renders (top);

  scroll = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gtk_adjustment_set_value (scroll, gtk_adjustment_get_upper (scroll) - gtk_adjustment_get_page_size (scroll));
  g_assert_true (test_wait_for (has_no_raster, views[0]));
  g_assert_null (_isc_chart_view_get_picture (top));

  gtk_adjustment_set_value (scroll, 0);
  g_assert_true (test_wait_for (renders_past, (gpointer[]) { views[0], GUINT_TO_POINTER (n_renders) }));
  g_assert_nonnull (_isc_chart_view_get_picture (top));
  g_assert_true (test_wait_for (has_raster, views[0]));
  shown_again = render_view (views[0]);
  g_assert_true (g_bytes_equal (shown, shown_again));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_view_follows_dark_style (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 60, "baseten_concurrent_requests", "COUNT", "GAUGE", "[{}]", 1, wave, NULL);
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = isc_chart_view_new (model);
  IscChart *chart = isc_chart_view_get_chart (ISC_CHART_VIEW (view));
  gpointer args[2];

  gtk_window_set_default_size (GTK_WINDOW (window), 600, 320);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (rendered, view));
  g_assert_cmpint (isc_chart_get_style (chart)->theme, ==, ISC_CHART_THEME_LIGHT);

  args[0] = view;
  args[1] = GUINT_TO_POINTER (isc_chart_view_get_n_renders (ISC_CHART_VIEW (view)));
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_cmpint (isc_chart_get_style (chart)->theme, ==, ISC_CHART_THEME_DARK);
  /* The cached picture was of the light style: drawn again. */
  g_assert_true (test_wait_for (renders_past, args));

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_view_use_utc (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, 120, "baseten_concurrent_requests", "COUNT", "GAUGE", "[{}]", 1, wave, NULL);
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = isc_chart_view_new (model);
  IscChart *chart = isc_chart_view_get_chart (ISC_CHART_VIEW (view));
  g_auto(GStrv) local_labels = NULL;
  g_auto(GStrv) utc_labels = NULL;
  gpointer args[2];
  int width, height;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 360);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (rendered, view));
  width = gtk_widget_get_width (view);
  height = gtk_widget_get_height (view);

  /* Local time by default: the hour from 00:00 UTC reads from 05:30 in
   * India, where this test runs (main () sets TZ). */
  g_assert_false (isc_chart_view_get_use_utc (ISC_CHART_VIEW (view)));
  local_labels = isc_chart_dup_time_labels (chart, width, height);
  g_assert_true (g_strv_contains ((const char * const *)local_labels, "05:45"));

  args[0] = view;
  args[1] = GUINT_TO_POINTER (isc_chart_view_get_n_renders (ISC_CHART_VIEW (view)));
  g_object_set (view, "use-utc", TRUE, NULL);
  g_assert_true (isc_chart_view_get_use_utc (ISC_CHART_VIEW (view)));
  /* The same model, on the other clock … */
  g_assert_true (isc_chart_view_get_model (ISC_CHART_VIEW (view)) == model);
  utc_labels = isc_chart_dup_time_labels (chart, width, height);
  g_assert_true (g_strv_contains ((const char * const *)utc_labels, "00:30"));
  g_assert_false (g_strv_contains ((const char * const *)utc_labels, "05:45"));
  /* … and the cached picture, of local times, drawn again. */
  g_assert_true (test_wait_for (renders_past, args));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
page_has_charts (gpointer data)
{
  return isc_charts_page_get_n_charts (data) == 3;
}

static void
fetched_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  IscMetricsResponse **response = user_data;
  g_autoptr(GError) error = NULL;

  *response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &error);
  g_assert_no_error (error);
}

static gboolean
has_response (gpointer data)
{
  return *(IscMetricsResponse **) data != NULL;
}

static void
test_page_demo_charts (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (1, NULL);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (60 * 60 * 1000);
  g_autoptr(IscQuery) query = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = isc_charts_page_new ();
  gboolean seen[3] = { FALSE, FALSE, FALSE };
  g_autoptr(IscMetricsResponse) response = NULL;

  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (isc_demo_server_get_base_url (server), "http://127.0.0.1:"));
  client = isc_client_new (isc_demo_server_get_base_url (server), NULL, &error);
  g_assert_no_error (error);
  query = isc_query_new (ISC_DEMO_FIRST_MODEL, ISC_TARGET_DEPLOYMENT, ISC_DEMO_FIRST_DEPLOYMENT,
                         ISC_MODE_SERIES, range, NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  isc_client_fetch_metrics_async (client, query, NULL, fetched_cb, &response);
  g_assert_true (test_wait_for (has_response, &response));
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), response);

  /* The server's default set: replicas, requests by status, latency. */
  g_assert_true (test_wait_for (page_has_charts, page));
  for (guint i = 0; i < 3; i++)
    {
      IscChartView *view = ISC_CHART_VIEW (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), i));
      IscChartModel *model = isc_chart_view_get_model (view);

      g_assert_nonnull (model);
      g_assert_false (isc_chart_model_is_empty (model));
      switch (isc_chart_model_get_plot (model))
        {
        case ISC_CHART_PLOT_LINES:
          g_assert_cmpstr (isc_chart_model_get_title (model), ==, "Active replicas");
          seen[0] = TRUE;
          break;
        case ISC_CHART_PLOT_STACKED:
          g_assert_cmpstr (isc_chart_model_get_name (model), ==, "baseten_inference_requests_total");
          seen[1] = TRUE;
          break;
        case ISC_CHART_PLOT_FAN:
          g_assert_cmpstr (isc_chart_model_get_name (model), ==, "baseten_end_to_end_response_time_seconds");
          seen[2] = TRUE;
          break;
        case ISC_CHART_PLOT_BARS:
        default:
          g_assert_not_reached ();
        }
      /* An hour at 30 s steps. */
      g_assert_cmpuint (isc_chart_model_get_n_steps (model), >=, 119);
      g_assert_cmpuint (isc_chart_model_get_n_steps (model), <=, 121);
    }
  g_assert_true (seen[0] && seen[1] && seen[2]);

  /* Close the client's connections before the server's, and let both
   * finish closing. */
  gtk_window_destroy (GTK_WINDOW (window));
  {
    gpointer weak = client;

    g_object_add_weak_pointer (weak, &weak);
    g_clear_object (&client);
    test_run_frames (500);
    g_assert_null (weak);
  }
  g_clear_object (&server);
  test_run_frames (100);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
main (int   argc,
      char *argv[])
{
  /* A zone away from UTC, so local time and UTC read differently. */
  g_setenv ("TZ", "Asia/Kolkata", TRUE);
  tzset ();

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/chart-view/hover-keeps-cache", test_view_hover_keeps_cache);
  g_test_add_func ("/isc/chart-view/leave-takes-own-cursor", test_view_leave_takes_own_cursor);
  g_test_add_func ("/isc/chart-view/leave-gives-back-moment", test_view_leave_gives_back_moment);
  g_test_add_func ("/isc/chart-view/raster", test_view_raster);
  g_test_add_func ("/isc/chart-view/raster-in-sight", test_view_raster_in_sight);
  g_test_add_func ("/isc/chart-view/refresh-in-pixels", test_view_refresh_in_pixels);
  g_test_add_func ("/isc/chart-view/refreshed-out-of-sight", test_view_refreshed_out_of_sight);
  g_test_add_func ("/isc/chart-view/refresh-draws-what-changed", test_view_refresh_draws_what_changed);
  g_test_add_func ("/isc/chart-view/dark-style", test_view_follows_dark_style);
  g_test_add_func ("/isc/chart-view/use-utc", test_view_use_utc);
  g_test_add_func ("/isc/chart-view/demo-page", test_page_demo_charts);

  return g_test_run ();
}
