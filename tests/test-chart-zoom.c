/* test-chart-zoom.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Working with the charts of a window: the time axis is the asked window
 * with a public time↔x mapping; a drag over a chart zooms the window's
 * view to the times under it (Back returns), Escape cancels it and a short
 * one is a click; the pointer over one chart draws the cursor on every
 * chart at that time, redrawing no series. The window shows the demo.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-application.h"
#include "isc-chart-private.h"
#include "isc-chart-view.h"
#include "isc-test-gtk.h"
#include "isc-test-app.h"
#include "isc-test-util.h"
#include "isc-window.h"


#define T0_MS ((gint64) 1764547200000)  /* 2025-12-01 00:00 UTC */

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The asked window: two hours; the steps: only the second hour's. */
static IscMetricsResponse *
half_empty_response (void)
{
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;

  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT
                          ",\"mode\":\"SERIES\",\"step_seconds\":60,"
                          "\"metric_descriptors\":[{\"name\":\"baseten_concurrent_requests\",\"unit_hint\":\"COUNT\","
                          "\"kind\":\"GAUGE\",\"label_sets\":[{}]}],\"metric_values\":[",
                          T0_MS, T0_MS + 2 * 3600 * 1000);
  for (guint s = 0; s < 60; s++)
    g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[[%u]]}",
                            s > 0 ? "," : "", T0_MS + 3600 * 1000 + (gint64) s * 60 * 1000, 5 + s % 7);
  g_string_append (json, "]}");

  response = isc_metrics_response_new_from_data (json->str, json->len, &error);
  g_assert_no_error (error);
  return response;
}

static void
test_zoom_time_axis (void)
{
  g_autoptr(IscMetricsResponse) response = half_empty_response ();
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChart) chart = isc_chart_new (model);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, 800, 300);
  const IscChartRect *plot = &layout->plot;
  gint64 end_ms = T0_MS + 2 * 3600 * 1000;
  gint64 first_step_ms = T0_MS + 3600 * 1000;

  /* The axis runs over the asked two hours, not the data's one. */
  g_assert_cmpfloat_with_epsilon (isc_chart_get_x_for_time (chart, 800, 300, T0_MS), plot->x, 1e-6);
  g_assert_cmpfloat_with_epsilon (isc_chart_get_x_for_time (chart, 800, 300, end_ms), plot->x + plot->width, 1e-6);
  g_assert_cmpfloat_with_epsilon (isc_chart_get_x_for_time (chart, 800, 300, first_step_ms),
                                  plot->x + plot->width / 2, 1e-6);
  g_assert_cmpint (isc_chart_get_time_at_x (chart, 800, 300, plot->x), ==, T0_MS);
  g_assert_cmpint (isc_chart_get_time_at_x (chart, 800, 300, plot->x + plot->width), ==, end_ms);

  /* Any time comes back from its x, and any x from its time. */
  for (gint64 ms = T0_MS; ms <= end_ms; ms += 7 * 60 * 1000 + 13)
    g_assert_cmpint (isc_chart_get_time_at_x (chart, 800, 300, isc_chart_get_x_for_time (chart, 800, 300, ms)), ==, ms);
  for (double x = plot->x; x <= plot->x + plot->width; x += 37.25)
    g_assert_cmpfloat_with_epsilon (isc_chart_get_x_for_time (chart, 800, 300,
                                                              isc_chart_get_time_at_x (chart, 800, 300, x)),
                                    x, plot->width / (double) (end_ms - T0_MS));

  /* The cursor at a time snaps to the nearest step of the chart's own;
   * none where it has no steps. */
  g_assert_cmpint (isc_chart_get_step_near_time (chart, first_step_ms + 10 * 60 * 1000 + 20 * 1000), ==, 10);
  g_assert_cmpint (isc_chart_get_step_near_time (chart, first_step_ms + 10 * 60 * 1000 + 40 * 1000), ==, 11);
  g_assert_cmpint (isc_chart_get_step_near_time (chart, T0_MS + 60 * 1000), ==, -1);
  g_assert_cmpint (isc_chart_get_step_near_time (chart, end_ms), ==, -1);
}

/* A cursor line at a time, drawn alone, is the cursor's colour in one
 * column, the line's, from the plot's top to its bottom. */
static void
test_zoom_cursor_at (void)
{
  g_autoptr(IscMetricsResponse) response = half_empty_response ();
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChart) chart = isc_chart_new (model);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, 800, 300);
  gint64 ms = T0_MS + 3600 * 1000 + 20 * 60 * 1000 + 10 * 1000;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 300);
  cairo_t *cr = cairo_create (surface);
  IscChartRect area;
  guint8 *data;
  int stride, column, painted = 0;

  g_assert_true (isc_chart_get_cursor_area (chart, 800, 300, ms, FALSE, &area));
  isc_chart_draw_cursor_at (chart, cr, 800, 300, ms, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* The column the step's points are drawn in. */
  column = (int) floor (layout->step_x[20]);
  g_assert_cmpfloat (area.x, <=, column);
  g_assert_cmpfloat (area.x + area.width, >=, column + 1);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = (int) ceil (layout->plot.y); y < (int) (layout->plot.y + layout->plot.height); y++)
    {
      guint32 pixel = *(guint32 *) (gpointer) (data + y * stride + column * 4);

      if ((pixel >> 24) >= 0x90)
        painted++;
      /* Nothing beside the line. */
      g_assert_cmpuint (*(guint32 *) (gpointer) (data + y * stride + (column + 5) * 4), ==, 0);
    }
  g_assert_cmpint (painted, >=, (int) layout->plot.height - 2);
  cairo_surface_destroy (surface);

  /* The same line as a rectangle a widget fills: over that column, from
   * the plot's top to its bottom. */
  {
    IscChartRect line;

    g_assert_true (isc_chart_get_cursor_line (chart, 800, 300, ms, &line));
    g_assert_cmpfloat (line.x, <=, column);
    g_assert_cmpfloat (line.x + line.width, >=, column + 1);
    g_assert_cmpfloat (line.width, <=, 2);
    g_assert_cmpfloat_with_epsilon (line.y, layout->plot.y, 1e-9);
    g_assert_cmpfloat_with_epsilon (line.height, layout->plot.height, 1e-9);
    g_assert_false (isc_chart_get_cursor_line (chart, 800, 300, T0_MS + 60 * 1000, &line));
  }
}

/* The window, showing the demo's charts */

static GPtrArray *
chart_views (IscWindow *window)
{
  return test_window_chart_views (window, TRUE);
}

static gboolean
charts_drawn (gpointer data)
{
  g_autoptr(GPtrArray) views = chart_views (data);

  if (views->len < 3)
    return FALSE;
  for (guint i = 0; i < 3; i++)
    if (isc_chart_view_get_n_renders (g_ptr_array_index (views, i)) == 0)
      return FALSE;
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

  window = isc_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 1000);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (test_view_is_ready, window));
  g_assert_true (test_wait_for (charts_drawn, window));
  test_run_frames (50);
  return window;
}

/* Escape, as the chart's shortcut controller has it. */
static gboolean
press_escape (GtkWidget *view)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (view);

  /* Of every shortcut controller: the chart's menu has one too. */
  for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, c);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (controller)); i++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), i);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == GDK_KEY_Escape)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, view, NULL);
        }
    }
  g_assert_not_reached ();
}

/* A copy: the layout it is read from is made again when the chart
 * changes (a refresh, a new size), so a pointer into it would dangle. */
static IscChartRect
plot_of (GtkWidget *view)
{
  return isc_chart_ensure_layout (isc_chart_view_get_chart (ISC_CHART_VIEW (view)),
                                  gtk_widget_get_width (view), gtk_widget_get_height (view))->plot;
}

static gint64
time_at (GtkWidget *view,
         double     x)
{
  return isc_chart_get_time_at_x (isc_chart_view_get_chart (ISC_CHART_VIEW (view)),
                                  gtk_widget_get_width (view), gtk_widget_get_height (view), x);
}

static void
drag (GtkWidget *view,
      double     x1,
      double     x2,
      gboolean   escape)
{
  GtkEventController *gesture = test_find_controller (view, GTK_TYPE_GESTURE_DRAG);
  const IscChartRect plot_rect = plot_of (view);
  const IscChartRect *plot = &plot_rect;
  double y = plot->y + plot->height / 2;

  g_signal_emit_by_name (gesture, "drag-begin", x1, y);
  g_signal_emit_by_name (gesture, "drag-update", (x1 + x2) / 2 - x1, 3.0);
  g_signal_emit_by_name (gesture, "drag-update", x2 - x1, 5.0);
  if (escape)
    g_assert_true (press_escape (view));
  g_signal_emit_by_name (gesture, "drag-end", x2 - x1, 5.0);
}

static void
assert_range (IscView *view,
              gint64   start_ms,
              gint64   end_ms)
{
  gint64 s, e;

  isc_time_range_resolve (isc_view_get_range (view), g_get_real_time () / 1000, &s, &e);
  g_assert_cmpint (s, ==, start_ms);
  g_assert_cmpint (e, ==, end_ms);
}

/* How many of the plot's rows differ between two pictures in column x. */
static int
changed_rows (const guint8       *a,
              const guint8       *b,
              int                 stride,
              const IscChartRect *plot,
              int                 x)
{
  int n = 0;

  for (int y = (int) ceil (plot->y) + 1; y < (int) (plot->y + plot->height) - 1; y++)
    if (memcmp (a + y * stride + x * 4, b + y * stride + x * 4, 4) != 0)
      n++;
  return n;
}

static void
test_zoom_drag (void)
{
  IscWindow *window = open_demo_window ();
  IscView *view = isc_window_get_view (window);
  g_autoptr(GPtrArray) views = chart_views (window);
  g_autoptr(IscTimeRange) before = isc_time_range_copy (isc_view_get_range (view));
  GtkWidget *first = g_ptr_array_index (views, 0);
  GtkWidget *third = g_ptr_array_index (views, 2);
  const IscChartRect plot_rect = plot_of (first);
  const IscChartRect *plot = &plot_rect;
  double x1 = plot->x + plot->width * 0.3;
  double x2 = plot->x + plot->width * 0.6;
  gint64 t1 = time_at (first, x1);
  gint64 t2 = time_at (first, x2);
  guint renders = isc_chart_view_get_n_renders (ISC_CHART_VIEW (third));
  gint64 shown_start, shown_end;
  GtkEventController *gesture = test_find_controller (first, GTK_TYPE_GESTURE_DRAG);
  double band0, band1;
  g_autofree guint8 *unscaled = NULL;
  g_autofree guint8 *scaled = NULL;
  int stride;

  unscaled = test_render_widget (third, FALSE, &stride);
  g_assert_cmpuint (isc_chart_view_get_n_renders (ISC_CHART_VIEW (third)), ==, renders);

  /* The band follows the pointer, over the plot only. */
  g_signal_emit_by_name (gesture, "drag-begin", x2, plot->y + 10);
  g_signal_emit_by_name (gesture, "drag-update", x1 - x2, 0.0);
  g_assert_true (isc_chart_view_get_band (ISC_CHART_VIEW (first), &band0, &band1));
  g_assert_cmpfloat (band0, ==, x1);
  g_assert_cmpfloat (band1, ==, x2);

  /* Release: the times under x1 and x2, on the history. */
  g_signal_emit_by_name (gesture, "drag-end", x1 - x2, 0.0);
  g_assert_false (isc_chart_view_get_band (ISC_CHART_VIEW (first), NULL, NULL));
  assert_range (view, t1, t2);
  g_assert_true (isc_view_get_can_go_back (view));

  /* At once, before the answer: every chart scaled to the new range,
   * from the picture it had. */
  g_assert_true (isc_chart_view_get_shown_range (ISC_CHART_VIEW (third), &shown_start, &shown_end));
  g_assert_cmpint (shown_start, ==, t1);
  g_assert_cmpint (shown_end, ==, t2);
  g_assert_true (isc_chart_view_get_shown_range (ISC_CHART_VIEW (first), NULL, NULL));
  /* The next frame's picture: the same series node, transformed. */
  scaled = test_render_widget (third, FALSE, &stride);
  g_assert_cmpuint (isc_chart_view_get_n_renders (ISC_CHART_VIEW (third)), ==, renders);
  g_assert_cmpint (memcmp (scaled, unscaled, (gsize) stride * gtk_widget_get_height (third)), !=, 0);

  /* The answer replaces it: the charts' axis is the range asked for. */
  g_assert_true (test_wait_for (test_view_is_ready, window));
  iterate ();
  g_assert_false (isc_chart_view_get_shown_range (ISC_CHART_VIEW (third), &shown_start, &shown_end));
  g_assert_cmpint (shown_start, <=, t1);
  g_assert_cmpint (shown_end, >=, t2);
  g_assert_cmpint (shown_end - shown_start, <, (t2 - t1) * 3 / 2);

  /* Back restores the range before. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "back", NULL);
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), before));
  g_assert_true (test_wait_for (test_view_is_ready, window));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_zoom_drag_cancel (void)
{
  IscWindow *window = open_demo_window ();
  IscView *view = isc_window_get_view (window);
  g_autoptr(GPtrArray) views = chart_views (window);
  g_autoptr(IscTimeRange) before = isc_time_range_copy (isc_view_get_range (view));
  GtkWidget *first = g_ptr_array_index (views, 0);
  const IscChartRect plot_rect = plot_of (first);
  const IscChartRect *plot = &plot_rect;
  gboolean could_go_back = isc_view_get_can_go_back (view);

  /* Escape during the drag: no band, no zoom. */
  drag (first, plot->x + plot->width * 0.2, plot->x + plot->width * 0.7, TRUE);
  g_assert_false (isc_chart_view_get_band (ISC_CHART_VIEW (first), NULL, NULL));
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), before));
  g_assert_false (isc_chart_view_get_shown_range (ISC_CHART_VIEW (first), NULL, NULL));
  g_assert_cmpint (isc_view_get_can_go_back (view), ==, could_go_back);

  /* Escape with no drag is not the chart's. */
  g_assert_false (press_escape (first));

  /* A drag of two pixels is a click. */
  drag (first, plot->x + plot->width * 0.5, plot->x + plot->width * 0.5 + 2, FALSE);
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), before));

  /* A double-click zooms out: twice as long. */
  g_signal_emit_by_name (test_find_controller_named (first, "double-click"), "pressed",
                         2, plot->x + plot->width / 2, plot->y + plot->height / 2);
  g_assert_cmpint (isc_time_range_get_duration_ms (isc_view_get_range (view)), ==,
                   2 * isc_time_range_get_duration_ms (before));
  g_action_group_activate_action (G_ACTION_GROUP (window), "back", NULL);
  g_assert_true (isc_time_range_equal (isc_view_get_range (view), before));
  g_assert_true (test_wait_for (test_view_is_ready, window));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_zoom_crosshair (void)
{
  IscWindow *window = open_demo_window ();
  g_autoptr(GPtrArray) views = chart_views (window);
  GtkWidget *first = g_ptr_array_index (views, 0);
  GtkWidget *third = g_ptr_array_index (views, 2);
  IscChart *chart3 = isc_chart_view_get_chart (ISC_CHART_VIEW (third));
  GtkEventController *motion = test_find_controller (first, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  const IscChartRect plot_rect = plot_of (first);
  const IscChartRect *plot = &plot_rect;
  const IscChartRect plot3_rect = plot_of (third);
  const IscChartRect *plot3 = &plot3_rect;
  g_autofree guint *renders = g_new0 (guint, views->len);
  g_autofree guint8 *before = NULL;
  g_autofree guint8 *after = NULL;
  int w3 = gtk_widget_get_width (third), h3 = gtk_widget_get_height (third);
  double x = plot->x + plot->width * 0.45;
  double x_far;
  gint64 ms;
  int stride, step, column;
  const IscChartLayout *layout = isc_chart_ensure_layout (isc_chart_view_get_chart (ISC_CHART_VIEW (first)),
                                                          gtk_widget_get_width (first),
                                                          gtk_widget_get_height (first));
  IscChartModel *model = isc_chart_get_model (isc_chart_view_get_chart (ISC_CHART_VIEW (first)));
  guint nearest = 0;

  /* On a step's line, where the time under the pointer and the step it
   * shows agree whatever the rounding of the lines to whole pixels (at
   * 45 % of the plot, between two lines, they differed at some widths
   * and hours). Away from an event's marker line, where the crosshair
   * goes to the event's step: the demo's daily events are at fixed UTC
   * minutes. */
  for (guint i = 0; i < isc_chart_model_get_n_steps (model); i++)
    {
      gboolean on_marker = FALSE;

      for (guint m = 0; m < layout->markers->len; m++)
        on_marker |= fabs (g_array_index (layout->markers, IscChartMarkerLine, m).x - layout->step_x[i]) <= 8.0;
      if (!on_marker && fabs (layout->step_x[i] - x) < fabs (layout->step_x[nearest] - x))
        nearest = i;
    }
  x = layout->step_x[nearest];
  /* Where the pointer moves on to, on another step's line. */
  x_far = layout->step_x[MIN (nearest + 18, isc_chart_model_get_n_steps (model) - 1)];
  ms = time_at (first, x);

  /* The X pointer of the display the tests share may rest on one of these
   * charts: start with no chart hovered. */
  for (guint i = 0; i < views->len; i++)
    g_signal_emit_by_name (test_find_controller (g_ptr_array_index (views, i), GTK_TYPE_EVENT_CONTROLLER_MOTION),
                           "leave");
  test_run_frames (30);

  for (guint i = 0; i < views->len; i++)
    renders[i] = isc_chart_view_get_n_renders (g_ptr_array_index (views, i));
  before = test_render_widget (third, FALSE, &stride);

  /* The pointer over chart 1 … */
  g_signal_emit_by_name (motion, "enter", x, plot->y + 20);
  g_signal_emit_by_name (motion, "motion", x, plot->y + 20);
  g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (first)), ==, ms);
  g_assert_cmpint (isc_chart_view_get_hover_step (ISC_CHART_VIEW (first)), >=, 0);

  /* … puts chart 3's cursor at that time, at its own nearest step, without
   * its values box. */
  g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (third)), ==, ms);
  g_assert_cmpint (isc_chart_view_get_hover_step (ISC_CHART_VIEW (third)), ==, -1);
  step = isc_chart_get_step_near_time (chart3, ms);
  g_assert_cmpint (step, >=, 0);
  /* The column chart 3 draws that step's points in. */
  column = (int) floor (isc_chart_ensure_layout (chart3, w3, h3)->step_x[step]);
  g_assert_cmpfloat (fabs (column - x), <=, plot->width / isc_chart_model_get_n_steps (isc_chart_view_get_model (ISC_CHART_VIEW (third))) + 1);
  test_run_frames (30);
  after = test_render_widget (third, FALSE, &stride);
  g_assert_cmpint (changed_rows (before, after, stride, plot3, column), >=, (int) plot3->height * 9 / 10);
  /* Only the line: well beside it, the same picture. */
  g_assert_cmpint (changed_rows (before, after, stride, plot3, column + 40), ==, 0);

  /* Moving on, and away, redraws no chart's series. */
  for (int i = 1; i <= 10; i++)
    {
      g_signal_emit_by_name (motion, "motion", x + (x_far - x) * i / 10, plot->y + 20);
      test_run_frames (20);
    }
  g_assert_cmpint (isc_chart_view_get_cursor_time (ISC_CHART_VIEW (third)), ==, time_at (first, x_far));
  g_signal_emit_by_name (motion, "leave");
  test_run_frames (20);
  for (guint i = 0; i < views->len; i++)
    {
      g_assert_cmpuint (isc_chart_view_get_n_renders (g_ptr_array_index (views, i)), ==, renders[i]);
      g_assert_cmpint (isc_chart_view_get_cursor_time (g_ptr_array_index (views, i)), ==, -1);
    }
  g_free (after);
  after = test_render_widget (third, FALSE, &stride);
  g_assert_cmpint (changed_rows (before, after, stride, plot3, column), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  test_app_start ();

  g_test_add_func ("/isc/chart-zoom/time-axis", test_zoom_time_axis);
  g_test_add_func ("/isc/chart-zoom/cursor-at", test_zoom_cursor_at);
  g_test_add_func ("/isc/chart-zoom/drag", test_zoom_drag);
  g_test_add_func ("/isc/chart-zoom/drag-cancel", test_zoom_drag_cancel);
  g_test_add_func ("/isc/chart-zoom/crosshair", test_zoom_crosshair);

  status = g_test_run ();

  test_app_stop ();

  return status;
}
