/* test-series-toggles.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Series toggles: a hidden series leaves the value axis, the stack and
 * the hover box but stays in the legend, dimmed; a click on its legend
 * item hides or shows it, Ctrl+click isolates it, and a refresh keeps
 * what was hidden.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "isc-chart-private.h"
#include "isc-chart-view.h"
#include "isc-charts-page.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

#define W 720
#define H 360

/* Requests by status, as step totals: 2xx 600 a step, 5xx 60. */
static double
status_totals (guint    series,
               guint    step,
               gpointer data)
{
  double scale = data != NULL ? *(double *)data : 1.0;

  return (series == 0 ? 600.0 : 60.0) * scale;
}

static IscMetricsResponse *
status_response (double scale)
{
  return test_response_new ("SERIES", 30, 40, "baseten_inference_requests_total", "COUNT", "COUNTER",
                            "[{\"status\":\"2xx\"},{\"status\":\"5xx\"}]", 2, status_totals, &scale);
}

/* Two gauges ten times apart. */
static double
two_levels (guint    series,
            guint    step,
            gpointer data)
{
  return (series == 0 ? 100.0 : 10.0) + 2.0 * sin (step / 3.0);
}

static IscMetricsResponse *
lines_response (void)
{
  return test_response_new ("SERIES", 30, 60, "baseten_concurrent_requests", "COUNT", "GAUGE",
                            "[{\"replica\":\"a\"},{\"replica\":\"b\"}]", 2, two_levels, NULL);
}

static guint
series_named (IscChartModel *model,
              const char    *label)
{
  for (guint k = 0; k < isc_chart_model_get_n_series (model); k++)
    if (g_str_has_suffix (isc_chart_model_get_series (model, k)->label, label))
      return k;
  g_assert_not_reached ();
}

static gboolean
strv_has_prefix (GStrv       strv,
                 const char *prefix)
{
  for (guint i = 0; strv[i] != NULL; i++)
    if (g_str_has_prefix (strv[i], prefix))
      return TRUE;
  return FALSE;
}

static void
test_count_signal (guint *n)
{
  (*n)++;
}

static void
test_model_stack (void)
{
  g_autoptr(IscMetricsResponse) response = status_response (1.0);
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_TOTALS);
  guint ok = series_named (model, "2xx");
  guint err = series_named (model, "5xx");
  gboolean hidden[2] = { FALSE, FALSE };
  const guint *order;
  double lo, hi;
  guint n_signals = 0;

  g_assert_cmpint (isc_chart_model_get_plot (model), ==, ISC_CHART_PLOT_STACKED);
  order = isc_chart_model_get_order (model, NULL);
  /* 2xx at the bottom, 5xx on top of it. */
  g_assert_cmpuint (order[0], ==, ok);
  g_assert_true (isc_chart_model_get_extent (model, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (hi, 660.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_stack_top (model, 1)[5], 660.0, 1e-9);
  g_assert_false (isc_chart_model_get_series_hidden (model, ok));

  /* Hiding the bottom layer: the 5xx layer rests on zero, the axis reaches
   * its 60 only. */
  hidden[ok] = TRUE;
  isc_chart_model_set_hidden (model, hidden, 2);
  g_assert_true (isc_chart_model_get_series_hidden (model, ok));
  g_assert_false (isc_chart_model_get_series_hidden (model, err));
  g_assert_cmpuint (isc_chart_model_get_n_hidden (model), ==, 1);
  g_assert_true (isc_chart_model_get_extent (model, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (hi, 60.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_stack_base (model, 1)[5], 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_stack_top (model, 1)[5], 60.0, 1e-9);
  g_assert_true (isnan (isc_chart_model_get_stack_top (model, 0)[5]));
  /* Still data, not "no data". */
  g_assert_false (isc_chart_model_is_empty (model));

  /* Every series hidden is not an empty chart either. */
  hidden[err] = TRUE;
  isc_chart_model_set_hidden (model, hidden, 2);
  g_assert_false (isc_chart_model_is_empty (model));

  /* All shown again: as it was; the same set twice says nothing. */
  g_signal_connect_swapped (model, "hidden-changed", G_CALLBACK (test_count_signal), &n_signals);
  isc_chart_model_set_hidden (model, NULL, 0);
  isc_chart_model_set_hidden (model, NULL, 0);
  g_assert_cmpuint (n_signals, ==, 1);
  g_assert_cmpuint (isc_chart_model_get_n_hidden (model), ==, 0);
  g_assert_true (isc_chart_model_get_extent (model, &lo, &hi));
  g_assert_cmpfloat_with_epsilon (hi, 660.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (isc_chart_model_get_stack_top (model, 0)[5], 600.0, 1e-9);
}

static void
test_hover_and_legend (void)
{
  g_autoptr(IscMetricsResponse) response = status_response (1.0);
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_TOTALS, ISC_CHART_THEME_LIGHT);
  IscChartModel *model = isc_chart_get_model (chart);
  guint ok = series_named (model, "2xx");
  gboolean hidden[2] = { FALSE, FALSE };
  g_autofree char *before = isc_chart_dup_hover_text (chart, W, H, 10);
  g_autofree char *after = NULL;
  g_auto(GStrv) legend = NULL;
  const IscChartLayout *layout;
  gboolean dimmed = FALSE;

  g_assert_nonnull (strstr (before, "2xx"));
  g_assert_nonnull (strstr (before, "5xx"));

  hidden[ok] = TRUE;
  isc_chart_model_set_hidden (model, hidden, 2);

  /* The chart follows the model without being told. */
  after = isc_chart_dup_hover_text (chart, W, H, 10);
  g_assert_null (strstr (after, "2xx"));
  g_assert_nonnull (strstr (after, "5xx"));

  legend = isc_chart_dup_legend_texts (chart, W, H);
  g_assert_cmpuint (g_strv_length (legend), ==, 2);
  g_assert_true (strv_has_prefix (legend, "2xx"));
  g_assert_true (strv_has_prefix (legend, "5xx"));

  layout = isc_chart_ensure_layout (chart, W, H);
  for (guint i = 0; i < layout->legend->len; i++)
    {
      const IscChartLegendItem *item = &g_array_index (layout->legend, IscChartLegendItem, i);

      g_assert_cmpint (item->hidden, ==, item->series == ok);
      dimmed = dimmed || item->hidden;
    }
  g_assert_true (dimmed);
}

static void
test_legend_hit (void)
{
  g_autoptr(IscMetricsResponse) response = lines_response ();
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, W, H);
  IscChartRect area;

  g_assert_cmpuint (layout->legend->len, ==, 2);
  for (guint i = 0; i < layout->legend->len; i++)
    {
      const IscChartLegendItem *item = &g_array_index (layout->legend, IscChartLegendItem, i);
      int w, h;

      pango_layout_get_pixel_size (item->text.layout, &w, &h);
      /* On the swatch and on the text: the item's series. */
      g_assert_cmpint (isc_chart_get_legend_item_at (chart, W, H, item->swatch_x + 1, item->swatch_y + 1),
                       ==, (int)item->series);
      g_assert_cmpint (isc_chart_get_legend_item_at (chart, W, H, item->text.x + w / 2.0, item->text.y + h / 2.0),
                       ==, (int)item->series);
      /* Past the end of its text: nothing. */
      g_assert_cmpint (isc_chart_get_legend_item_at (chart, W, H, item->text.x + w + 40, item->text.y + h / 2.0),
                       !=, (int)item->series);

      g_assert_true (isc_chart_get_legend_item_area (chart, W, H, item->series, &area));
      g_assert_cmpfloat (area.x, ==, item->swatch_x);
      g_assert_cmpfloat (area.width, >=, w);
    }

  /* The plot, the header and the axis are not the legend. */
  g_assert_cmpint (isc_chart_get_legend_item_at (chart, W, H, layout->plot.x + layout->plot.width / 2,
                                                 layout->plot.y + layout->plot.height / 2), ==, -1);
  g_assert_cmpint (isc_chart_get_legend_item_at (chart, W, H, layout->title.x + 2, layout->title.y + 2), ==, -1);
  g_assert_cmpint (isc_chart_get_legend_item_at (chart, W, H, -5, -5), ==, -1);
}

/* Pixels of the plot showing colour. */
static guint
count_in_plot (cairo_surface_t      *surface,
               const IscChartLayout *layout,
               const IscChartColor  *color,
               const IscChartColor  *background)
{
  guint n = 0;

  for (int x = (int)layout->plot.x + 2; x < (int)(layout->plot.x + layout->plot.width) - 2; x += 2)
    n += test_count_color_in_column (surface, x, (int)layout->plot.y, (int)(layout->plot.y + layout->plot.height) - 2,
                                     color, background);
  return n;
}

static void
test_pixels (void)
{
  g_autoptr(IscMetricsResponse) response = lines_response ();
  g_autoptr(IscChart) chart = test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
  IscChartModel *model = isc_chart_get_model (chart);
  const IscChartStyle *style = isc_chart_get_style (chart);
  guint a = series_named (model, "a");
  guint b = series_named (model, "b");
  gboolean hidden[2] = { FALSE, FALSE };
  g_auto(GStrv) labels_before = isc_chart_dup_value_labels (chart, W, H);
  g_auto(GStrv) labels_after = NULL;
  IscChartColor color_a, color_b;
  cairo_surface_t *surface;
  guint n_a, n_b;

  isc_chart_get_series_color (chart, a, &color_a);
  isc_chart_get_series_color (chart, b, &color_b);

  surface = test_render (chart, W, H, TRUE);
  n_a = count_in_plot (surface, isc_chart_ensure_layout (chart, W, H), &color_a, &style->background);
  n_b = count_in_plot (surface, isc_chart_ensure_layout (chart, W, H), &color_b, &style->background);
  g_assert_cmpuint (n_a, >, 50);
  g_assert_cmpuint (n_b, >, 50);
  cairo_surface_destroy (surface);

  /* Series b hidden: its colour is gone from the plot, a's is there. */
  hidden[b] = TRUE;
  isc_chart_model_set_hidden (model, hidden, 2);
  surface = test_render (chart, W, H, TRUE);
  g_assert_cmpuint (count_in_plot (surface, isc_chart_ensure_layout (chart, W, H), &color_b, &style->background), ==, 0);
  g_assert_cmpuint (count_in_plot (surface, isc_chart_ensure_layout (chart, W, H), &color_a, &style->background), >, 50);
  cairo_surface_destroy (surface);

  /* Series a hidden instead: gone, b's there, and the axis reads b's
   * range. */
  hidden[a] = TRUE;
  hidden[b] = FALSE;
  isc_chart_model_set_hidden (model, hidden, 2);
  surface = test_render (chart, W, H, TRUE);
  g_assert_cmpuint (count_in_plot (surface, isc_chart_ensure_layout (chart, W, H), &color_a, &style->background), ==, 0);
  g_assert_cmpuint (count_in_plot (surface, isc_chart_ensure_layout (chart, W, H), &color_b, &style->background), >, 50);
  cairo_surface_destroy (surface);

  labels_after = isc_chart_dup_value_labels (chart, W, H);
  g_assert_false (g_strv_equal ((const char * const *)labels_before, (const char * const *)labels_after));
  /* b lies near 10: its axis ends well below a's 100. */
  g_assert_cmpfloat (isc_chart_ensure_layout (chart, W, H)->y_max, <, 50);
}

/* The widget */

static gboolean
rendered (gpointer data)
{
  return isc_chart_view_get_n_renders (data) > 0;
}

static GtkGesture *
legend_click (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      /* The legend's, not the menu's or the double-click's. */
      if (GTK_IS_GESTURE_CLICK (controller) &&
          g_strcmp0 (gtk_event_controller_get_name (controller), "legend-click") == 0)
        return GTK_GESTURE (controller);
    }
  g_assert_not_reached ();
}

/* A click at the middle of series' legend item, through the gesture. */
static void
click_legend (GtkWidget *view,
              guint      series)
{
  IscChart *chart = isc_chart_view_get_chart (ISC_CHART_VIEW (view));
  GtkGesture *gesture = legend_click (view);
  IscChartRect area;
  double x, y;

  g_assert_true (isc_chart_get_legend_item_area (chart, gtk_widget_get_width (view), gtk_widget_get_height (view),
                                                 series, &area));
  x = area.x + area.width / 2;
  y = area.y + area.height / 2;
  g_signal_emit_by_name (gesture, "pressed", 1, x, y);
  g_signal_emit_by_name (gesture, "released", 1, x, y);
}

static void
test_view_click (void)
{
  g_autoptr(IscMetricsResponse) response = status_response (1.0);
  g_autoptr(IscMetricsResponse) refreshed = status_response (2.0);
  g_autoptr(IscMetricsResponse) other = lines_response ();
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_TOTALS);
  g_autoptr(IscChartModel) model2 = isc_chart_model_new (refreshed, 0, ISC_COUNTER_DISPLAY_TOTALS);
  g_autoptr(IscChartModel) model3 = isc_chart_model_new (other, 0, ISC_COUNTER_DISPLAY_RATE);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = isc_chart_view_new (model);
  IscChart *chart = isc_chart_view_get_chart (ISC_CHART_VIEW (view));
  guint ok = series_named (model, "2xx");
  guint err = series_named (model, "5xx");
  g_auto(GStrv) labels_before = NULL;
  g_auto(GStrv) labels_after = NULL;
  guint n_renders;
  int w, h;

  gtk_window_set_default_size (GTK_WINDOW (window), W, H);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (rendered, view));
  w = gtk_widget_get_width (view);
  h = gtk_widget_get_height (view);
  labels_before = isc_chart_dup_value_labels (chart, w, h);
  n_renders = isc_chart_view_get_n_renders (ISC_CHART_VIEW (view));

  /* A click on 2xx hides it; the axis rescales and the chart is drawn
   * again. */
  click_legend (view, ok);
  g_assert_true (isc_chart_model_get_series_hidden (model, ok));
  g_assert_false (isc_chart_model_get_series_hidden (model, err));
  labels_after = isc_chart_dup_value_labels (chart, w, h);
  g_assert_false (g_strv_equal ((const char * const *)labels_before, (const char * const *)labels_after));
  test_run_frames (100);
  g_assert_cmpuint (isc_chart_view_get_n_renders (ISC_CHART_VIEW (view)), >, n_renders);

  /* A second click shows it again. */
  click_legend (view, ok);
  g_assert_false (isc_chart_model_get_series_hidden (model, ok));

  /* Ctrl+click isolates 5xx, a second one shows all again. */
  isc_chart_view_toggle_series (ISC_CHART_VIEW (view), err, TRUE);
  g_assert_true (isc_chart_model_get_series_hidden (model, ok));
  g_assert_false (isc_chart_model_get_series_hidden (model, err));
  isc_chart_view_toggle_series (ISC_CHART_VIEW (view), err, TRUE);
  g_assert_cmpuint (isc_chart_model_get_n_hidden (model), ==, 0);
  /* Ctrl+click on a hidden series shows it alone. */
  click_legend (view, err);
  isc_chart_view_toggle_series (ISC_CHART_VIEW (view), err, TRUE);
  g_assert_true (isc_chart_model_get_series_hidden (model, ok));
  g_assert_false (isc_chart_model_get_series_hidden (model, err));
  isc_chart_view_toggle_series (ISC_CHART_VIEW (view), err, TRUE);

  /* A click off the legend does nothing. */
  {
    const IscChartLayout *layout = isc_chart_ensure_layout (chart, w, h);

    g_signal_emit_by_name (legend_click (view), "pressed", 1,
                           layout->plot.x + layout->plot.width / 2, layout->plot.y + layout->plot.height / 2);
    g_assert_cmpuint (isc_chart_model_get_n_hidden (model), ==, 0);
  }

  /* A refresh keeps what is hidden: the new data hides 2xx too. */
  click_legend (view, ok);
  isc_chart_view_set_model (ISC_CHART_VIEW (view), model2);
  g_assert_true (isc_chart_model_get_series_hidden (model2, series_named (model2, "2xx")));
  g_assert_false (isc_chart_model_get_series_hidden (model2, series_named (model2, "5xx")));
  {
    g_autofree char *hover = isc_chart_dup_hover_text (chart, w, h, 3);

    g_assert_null (strstr (hover, "2xx"));
  }

  /* Another metric has labels of its own. */
  isc_chart_view_set_model (ISC_CHART_VIEW (view), model3);
  g_assert_cmpuint (isc_chart_model_get_n_hidden (model3), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct
{
  IscChartModel *model;
  guint          series;
  gboolean       hidden;
} HiddenWait;

static gboolean
series_hidden_is (gpointer data)
{
  HiddenWait *wait = data;

  return isc_chart_model_get_series_hidden (wait->model, wait->series) == wait->hidden;
}

/* A real Ctrl+click from the X server (xdotool) at the middle of series'
 * legend item, so the gesture reads the modifier from the event. FALSE
 * where there is no X11 display or no xdotool. */
static gboolean
xdotool_click (GtkWidget *window,
               GtkWidget *view,
               guint      series,
               gboolean   ctrl)
{
#ifdef GDK_WINDOWING_X11
  IscChart *chart = isc_chart_view_get_chart (ISC_CHART_VIEW (view));
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autofree char *command = NULL;
  g_autoptr(GError) error = NULL;
  IscChartRect area;
  double wx, wy, sx, sy;
  gulong xid;
  int status = -1;

  if (xdotool == NULL || !GDK_IS_X11_SURFACE (surface))
    return FALSE;
  /* GTK 4.18 deprecates its X11 API with nothing in its place; xdotool
   * clicks only through X, and the suite runs under Xvfb. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  xid = gdk_x11_surface_get_xid (surface);
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_assert_true (isc_chart_get_legend_item_area (chart, gtk_widget_get_width (view), gtk_widget_get_height (view),
                                                 series, &area));
#if GTK_CHECK_VERSION (4, 12, 0)
  {
    graphene_point_t point;

    g_assert_true (gtk_widget_compute_point (view, window,
                                             &GRAPHENE_POINT_INIT (area.x + area.width / 2, area.y + area.height / 2),
                                             &point));
    wx = point.x;
    wy = point.y;
  }
#else
  g_assert_true (gtk_widget_translate_coordinates (view, window, area.x + area.width / 2, area.y + area.height / 2,
                                                   &wx, &wy));
#endif
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  /* The suite's other tests share the display and open their windows at
   * its top-left corner: move this one out of their way, on top, and
   * click only once the pointer is over it. */
  for (guint attempt = 0; attempt < 20; attempt++)
    {
      g_autofree char *out = NULL;
      g_autofree char *want = g_strdup_printf ("WINDOW=%lu\n", xid);

      g_clear_pointer (&command, g_free);
      command = g_strdup_printf ("%s windowmove --sync %lu 860 820 windowraise %lu mousemove --window %lu %d %d",
                                 xdotool, xid,
                                 xid,
                                 xid, (int) (wx + sx), (int) (wy + sy));
      g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, &error));
      g_assert_no_error (error);
      test_run_frames (50);
      g_clear_pointer (&command, g_free);
      command = g_strdup_printf ("%s getmouselocation --shell", xdotool);
      g_assert_true (g_spawn_command_line_sync (command, &out, NULL, &status, &error));
      g_assert_no_error (error);
      if (out != NULL && strstr (out, want) != NULL)
        break;
    }
  g_clear_pointer (&command, g_free);
  command = g_strdup_printf ("%s %s click 1 %s", xdotool,
                             ctrl ? "keydown ctrl" : "", ctrl ? "keyup ctrl" : "");
  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  /* Past the double-click time before the next click. */
  test_run_frames (50);
  return status == 0;
#else
  return FALSE;
#endif
}

static void
test_view_ctrl_click (void)
{
  g_autoptr(IscMetricsResponse) response = status_response (1.0);
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_TOTALS);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = isc_chart_view_new (model);
  HiddenWait wait = { model, series_named (model, "2xx"), TRUE };
  guint err = series_named (model, "5xx");

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), W, H);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (rendered, view));
  test_run_frames (200);

  /* Ctrl+click on 5xx: 2xx goes, 5xx stays. */
  if (!xdotool_click (window, view, err, TRUE))
    {
      gtk_window_destroy (GTK_WINDOW (window));
      g_test_skip ("no X11 display or xdotool to send a Ctrl+click");
      return;
    }
  g_assert_true (test_wait_for (series_hidden_is, &wait));
  g_assert_false (isc_chart_model_get_series_hidden (model, err));
  test_run_frames (600);

  /* A second Ctrl+click on it: all shown. */
  wait.hidden = FALSE;
  g_assert_true (xdotool_click (window, view, err, TRUE));
  g_assert_true (test_wait_for (series_hidden_is, &wait));
  g_assert_cmpuint (isc_chart_model_get_n_hidden (model), ==, 0);
  test_run_frames (600);

  /* A plain click hides only the series clicked. */
  wait = (HiddenWait) { model, err, TRUE };
  g_assert_true (xdotool_click (window, view, err, FALSE));
  g_assert_true (test_wait_for (series_hidden_is, &wait));
  g_assert_cmpuint (isc_chart_model_get_n_hidden (model), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
page_shown (gpointer data)
{
  IscChartsPage *page = data;
  GtkWidget *first;

  if (isc_charts_page_get_n_charts (page) == 0)
    return FALSE;
  first = isc_charts_page_get_chart (page, 0);
  return gtk_widget_get_mapped (first) && isc_chart_view_get_n_renders (ISC_CHART_VIEW (first)) > 0;
}

static void
test_page_refresh (void)
{
  g_autoptr(IscMetricsResponse) response = status_response (1.0);
  g_autoptr(IscMetricsResponse) refreshed = status_response (3.0);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *page = isc_charts_page_new ();
  IscChartModel *model;
  GtkWidget *view;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_set_child (GTK_WINDOW (window), page);
  gtk_window_present (GTK_WINDOW (window));
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), response);
  g_assert_true (test_wait_for (page_shown, page));

  view = isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), 0);
  model = isc_chart_view_get_model (ISC_CHART_VIEW (view));
  click_legend (view, series_named (model, "5xx"));
  g_assert_true (isc_chart_model_get_series_hidden (model, series_named (model, "5xx")));

  /* The view refreshes: a new model, the same series hidden. */
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), refreshed);
  model = isc_chart_view_get_model (ISC_CHART_VIEW (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), 0)));
  g_assert_true (isc_chart_model_get_series_hidden (model, series_named (model, "5xx")));
  g_assert_false (isc_chart_model_get_series_hidden (model, series_named (model, "2xx")));

  /* The page made again (no charts, then charts): still hidden. */
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), NULL);
  isc_charts_page_set_response (ISC_CHARTS_PAGE (page), response);
  g_assert_true (test_wait_for (page_shown, page));
  model = isc_chart_view_get_model (ISC_CHART_VIEW (isc_charts_page_get_chart (ISC_CHARTS_PAGE (page), 0)));
  g_assert_true (isc_chart_model_get_series_hidden (model, series_named (model, "5xx")));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/series-toggles/model/stack", test_model_stack);
  g_test_add_func ("/isc/series-toggles/model/hover-and-legend", test_hover_and_legend);
  g_test_add_func ("/isc/series-toggles/legend-hit", test_legend_hit);
  g_test_add_func ("/isc/series-toggles/pixels", test_pixels);
  g_test_add_func ("/isc/series-toggles/view/click", test_view_click);
  g_test_add_func ("/isc/series-toggles/view/ctrl-click", test_view_ctrl_click);
  g_test_add_func ("/isc/series-toggles/page/refresh", test_page_refresh);

  return g_test_run ();
}
