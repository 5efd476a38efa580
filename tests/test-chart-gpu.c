/* test-chart-gpu.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On GSK's GPU renderers (GTK >= 4.14), a chart's picture and its values
 * box are textures, which the renderer composites without drawing them
 * again for a crosshair frame; under the cairo renderer, and on GTK 4.8,
 * they stay cairo nodes. Both show the same pixels. Run twice
 * (tests/meson.build): under GSK_RENDERER=cairo and GSK_RENDERER=gl.
 */

#include "config.h"

#include <adwaita.h>

#include "isc-chart-private.h"
#include "isc-chart-view-private.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

static gboolean
rendered (gpointer data)
{
  return isc_chart_view_get_n_renders (data) > 0;
}

static gboolean
has_pixels (gpointer data)
{
  return _isc_chart_view_has_pixels (data);
}

static double
wave (guint series, guint step, gpointer data)
{
  return 10.0 + 5.0 * sin (step / 4.0) + series;
}

static IscMetricsResponse *
wave_response_new (void)
{
  return test_response_new ("SERIES", 30, 120, "baseten_concurrent_requests", "COUNT", "GAUGE",
                            "[{\"status\":\"2xx\"},{\"status\":\"5xx\"}]", 2, wave, NULL);
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

/* A window of 700 × 360 showing a chart of @model; @force as
 * _isc_chart_view_force_textures() takes it. */
static GtkWidget *
present_view (IscChartModel  *model,
              int             force,
              GtkWidget     **window)
{
  GtkWidget *view = isc_chart_view_new (model);

  _isc_chart_view_force_textures (ISC_CHART_VIEW (view), force);
  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), 700, 360);
  gtk_window_set_child (GTK_WINDOW (*window), view);
  gtk_window_present (GTK_WINDOW (*window));
  g_assert_true (test_wait_for (rendered, view));
  return view;
}

/* Whether GSK draws this window with a GPU renderer that the charts
 * should give textures: GTK >= 4.14, and not the cairo renderer. */
static gboolean
gpu_expected (GtkWidget *widget)
{
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  g_test_message ("renderer: %s, GTK %u.%u", G_OBJECT_TYPE_NAME (renderer),
                  gtk_get_major_version (), gtk_get_minor_version ());
#if GTK_CHECK_VERSION (4, 14, 0)
  return !GSK_IS_CAIRO_RENDERER (renderer);
#else
  return FALSE;
#endif
}

static void
hover_at (GtkWidget *view,
          int        step)
{
  const IscChartLayout *layout = isc_chart_ensure_layout (isc_chart_view_get_chart (ISC_CHART_VIEW (view)),
                                                          gtk_widget_get_width (view),
                                                          gtk_widget_get_height (view));

  g_signal_emit_by_name (motion_controller (view), "motion", layout->step_x[step] + 0.2, layout->plot.y + 20);
  g_assert_cmpint (isc_chart_view_get_hover_step (ISC_CHART_VIEW (view)), ==, step);
}

/* The textures are chosen where the renderer composites them, and only
 * there; a crosshair then changes no texture and draws no series. */
/* A node a GPU renderer composites without drawing it on the CPU:
 * colours, text and their containers, and no cairo node or texture
 * (one drawn on the CPU for each step the pointer crosses). Some text
 * in it. */
static guint
count_composited (GskRenderNode *node)
{
  switch ((int) gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      {
        guint n = 0;

        for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
          n += count_composited (gsk_container_node_get_child (node, i));
        return n;
      }
    case GSK_TRANSFORM_NODE:
      return count_composited (gsk_transform_node_get_child (node));
    case GSK_CLIP_NODE:
      return count_composited (gsk_clip_node_get_child (node));
    case GSK_COLOR_NODE:
      return 0;
    case GSK_TEXT_NODE:
      return 1;
    default:
      g_error ("a %s in the hover", g_type_name (G_TYPE_FROM_INSTANCE (node)));
    }
}

static void
assert_composited (GskRenderNode *node)
{
  g_assert_cmpuint (count_composited (node), >, 0);
}

static void
test_gpu_choice (void)
{
  g_autoptr(IscMetricsResponse) response = wave_response_new ();
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  GtkWidget *window;
  GtkWidget *view = present_view (model, -1, &window);
  IscChartView *cv = ISC_CHART_VIEW (view);
  gboolean gpu = gpu_expected (view);
  GskRenderNode *picture;
  guint n_renders;

  g_assert_cmpint (_isc_chart_view_use_textures (cv), ==, gpu);
  picture = _isc_chart_view_get_picture (cv);
  g_assert_nonnull (picture);
  if (gpu)
    {
      /* Pixels at once, in one texture. */
      g_assert_cmpint (gsk_render_node_get_node_type (picture), ==, GSK_TEXTURE_NODE);
      g_assert_true (_isc_chart_view_has_pixels (cv));
    }
  else
    {
      /* Vectors first (the cairo path, unchanged), then columns of pixels
       * as cairo nodes. */
      g_assert_cmpint (gsk_render_node_get_node_type (picture), ==, GSK_CAIRO_NODE);
      g_assert_true (test_wait_for (has_pixels, view));
      picture = _isc_chart_view_get_picture (cv);
      g_assert_cmpint (gsk_render_node_get_node_type (picture), !=, GSK_TEXTURE_NODE);
    }
  n_renders = isc_chart_view_get_n_renders (cv);

  /* A crosshair: the values box is a node of its own, colours and text
   * where the picture is a texture; the picture stays as it was. */
  hover_at (view, 40);
  test_run_frames (100);
  g_assert_nonnull (cv->hover_node);
  if (gpu)
    {
      IscChartRect area;
      const graphene_rect_t *clip;

      assert_composited (cv->hover_node);
      /* Clipped to the hover's area, the plot's rows: GSK's damage for
       * the next step is then the old and new area whole, in the rows
       * of the other charts' cursor lines, not a band of rectangles for
       * each edge of the box (isc-chart-view.c, draw_hover_fills()). */
      g_assert_cmpint (gsk_render_node_get_node_type (cv->hover_node), ==, GSK_CLIP_NODE);
      g_assert_true (isc_chart_get_hover_area (cv->chart, gtk_widget_get_width (view), gtk_widget_get_height (view),
                                               40, &area));
      clip = gsk_clip_node_get_clip (cv->hover_node);
      g_assert_cmpfloat (clip->origin.x, ==, floor (area.x));
      g_assert_cmpfloat (clip->origin.y, ==, floor (area.y));
      g_assert_cmpfloat (clip->origin.x + clip->size.width, ==, ceil (area.x + area.width));
      g_assert_cmpfloat (clip->origin.y + clip->size.height, ==, ceil (area.y + area.height));
    }
  else
    g_assert_cmpint (gsk_render_node_get_node_type (cv->hover_node), ==, GSK_CAIRO_NODE);
  hover_at (view, 80);
  test_run_frames (300);
  g_assert_true (_isc_chart_view_get_picture (cv) == picture);
  g_assert_cmpuint (isc_chart_view_get_n_renders (cv), ==, n_renders);
  g_signal_emit_by_name (motion_controller (view), "leave");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The largest difference of one channel between two pictures. */
static guint
max_difference (GBytes *a,
                GBytes *b)
{
  gsize n_a, n_b;
  const guint8 *pa = g_bytes_get_data (a, &n_a);
  const guint8 *pb = g_bytes_get_data (b, &n_b);
  guint max = 0;

  g_assert_cmpuint (n_a, ==, n_b);
  for (gsize i = 0; i < n_a; i++)
    max = MAX (max, (guint) ABS ((int) pa[i] - (int) pb[i]));
  return max;
}

/* @view's next frame, drawn by @renderer (the window's, if NULL). */
static GBytes *
render_with (GtkWidget   *view,
             GskRenderer *renderer)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (view);
  int height = gtk_widget_get_height (view);
  guint8 *pixels;

  if (renderer == NULL)
    renderer = gtk_native_get_renderer (gtk_widget_get_native (view));
  GTK_WIDGET_GET_CLASS (view)->snapshot (view, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  pixels = g_malloc ((gsize) width * 4 * height);
  gdk_texture_download (texture, pixels, (gsize) width * 4);
  return g_bytes_new_take (pixels, (gsize) width * 4 * height);
}

/* The values box's text, where the chart's hover puts it. */
static cairo_rectangle_int_t
hover_text_area (GtkWidget *view)
{
  IscChartView *cv = ISC_CHART_VIEW (view);
  g_autoptr(GArray) fills = NULL;
  PangoLayout *text;
  PangoRectangle ink;
  double x, y;
  guint n;

  fills = isc_chart_get_hover_fills (cv->chart, gtk_widget_get_width (view), gtk_widget_get_height (view),
                                     isc_chart_view_get_hover_step (cv), &n, &text, &x, &y);
  g_assert_nonnull (fills);
  pango_layout_get_pixel_extents (text, &ink, NULL);
  return (cairo_rectangle_int_t) { floor (x) + ink.x - 1, floor (y) + ink.y - 1, ink.width + 3, ink.height + 3 };
}

/* How the pictures a and b of width differ, in each channel: the most
 * outside area (the whole, if NULL) and inside it, and the mean inside. */
static void
compare_pixels (GBytes                      *a,
                GBytes                      *b,
                int                          width,
                const cairo_rectangle_int_t *area,
                guint                       *max_outside,
                guint                       *max_inside,
                double                      *mean_inside,
                double                      *mean_moved)
{
  gsize n_a, n_b;
  const guint8 *pa = g_bytes_get_data (a, &n_a);
  const guint8 *pb = g_bytes_get_data (b, &n_b);
  guint64 sum = 0, moved = 0, n = 0;

  g_assert_cmpuint (n_a, ==, n_b);
  *max_outside = *max_inside = 0;
  for (gsize i = 0; i < n_a; i++)
    {
      int x = (int) (i / 4 % (gsize) width), y = (int) (i / 4 / (gsize) width);
      guint d = (guint) ABS ((int) pa[i] - (int) pb[i]);

      if (area != NULL && x >= area->x && x < area->x + area->width && y >= area->y && y < area->y + area->height)
        {
          *max_inside = MAX (*max_inside, d);
          sum += d;
          /* b, one pixel to the right. */
          moved += (guint) ABS ((int) pa[i] - (int) pb[i - 4]);
          n++;
        }
      else
        *max_outside = MAX (*max_outside, d);
    }
  *mean_inside = n > 0 ? (double) sum / n : 0;
  *mean_moved = n > 0 ? (double) moved / n : 0;
}

/* What both pictures look like, drawn by the window's renderer and by
 * GSK's cairo renderer: the same pixels. Where a values box shows
 * (text_area), its translucent border may round one level apart; a GPU
 * renderer draws its text from its glyph cache, whose edges differ from
 * cairo's a little: the same text in the same place, nearer the cairo
 * picture than half what the cairo picture's text moved by one pixel
 * differs from it (GTK 4.24's GL renderer: 5.0 and 17.4 levels on
 * average). */
static void
assert_same_pixels (GtkWidget                   *textures,
                    GtkWidget                   *cairo,
                    GskRenderer                 *cairo_renderer,
                    const cairo_rectangle_int_t *text_area)
{
  GskRenderer *renderers[] = { NULL, cairo_renderer };

  for (guint i = 0; i < G_N_ELEMENTS (renderers); i++)
    {
      GskRenderer *renderer = renderers[i] != NULL ? renderers[i]
                              : gtk_native_get_renderer (gtk_widget_get_native (textures));
      g_autoptr(GBytes) a = render_with (textures, renderers[i]);
      g_autoptr(GBytes) b = render_with (cairo, renderers[i]);
      g_autoptr(GBytes) blank = g_bytes_new_take (g_malloc0 (g_bytes_get_size (a)), g_bytes_get_size (a));
      guint max_outside, max_inside;
      double mean_inside, mean_moved;

      /* A chart was drawn at all … */
      g_assert_cmpuint (max_difference (a, blank), >, 100);
      /* … and is the same in both. */
      compare_pixels (a, b, gtk_widget_get_width (textures), text_area,
                      &max_outside, &max_inside, &mean_inside, &mean_moved);
      g_test_message ("%s: %u apart outside the text, %u at most and %.2f on average in it"
                      " (%.2f for the cairo picture's text one pixel to the right)",
                      G_OBJECT_TYPE_NAME (renderer), max_outside, max_inside, mean_inside, mean_moved);
      g_assert_cmpuint (max_outside, <=, text_area != NULL ? 1 : 0);
      if (text_area == NULL)
        continue;
      if (GSK_IS_CAIRO_RENDERER (renderer))
        g_assert_cmpuint (max_inside, <=, 1);
      else
        g_assert_cmpfloat (mean_inside, <, mean_moved / 2);
    }
}

/* A chart made of textures shows what the same chart as cairo nodes
 * shows, with its values box too. */
static void
test_gpu_same_pixels (void)
{
  g_autoptr(IscMetricsResponse) response = wave_response_new ();
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(GskRenderer) cairo_renderer = gsk_cairo_renderer_new ();
  g_autoptr(GError) error = NULL;
  GtkWidget *window_t, *window_c;
  GtkWidget *textures = present_view (model, 1, &window_t);
  GtkWidget *cairo = present_view (model, 0, &window_c);
  cairo_rectangle_int_t area;

  g_assert_true (gsk_renderer_realize (cairo_renderer, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gtk_widget_get_width (textures), ==, gtk_widget_get_width (cairo));
  g_assert_cmpint (gtk_widget_get_height (textures), ==, gtk_widget_get_height (cairo));
  g_assert_cmpint (gsk_render_node_get_node_type (_isc_chart_view_get_picture (ISC_CHART_VIEW (textures))),
                   ==, GSK_TEXTURE_NODE);

  /* The cairo path's vectors, then its columns of pixels. */
  g_assert_false (_isc_chart_view_has_pixels (ISC_CHART_VIEW (cairo)));
  assert_same_pixels (textures, cairo, cairo_renderer, NULL);
  g_assert_true (test_wait_for (has_pixels, cairo));
  assert_same_pixels (textures, cairo, cairo_renderer, NULL);

  /* With the values box over both. */
  hover_at (textures, 57);
  hover_at (cairo, 57);
  test_run_frames (100);
  g_assert_nonnull (ISC_CHART_VIEW (textures)->hover_node);
  assert_composited (ISC_CHART_VIEW (textures)->hover_node);
  area = hover_text_area (textures);
  assert_same_pixels (textures, cairo, cairo_renderer, &area);

  gsk_renderer_unrealize (cairo_renderer);
  gtk_window_destroy (GTK_WINDOW (window_t));
  gtk_window_destroy (GTK_WINDOW (window_c));
}

static gboolean
has_no_picture (gpointer data)
{
  return ISC_CHART_VIEW (data)->series_node == NULL;
}

/* Only a chart in sight holds a texture: one scrolled out of sight lets
 * it go, and one scrolled into sight makes its own. */
static void
test_gpu_in_sight (void)
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
      _isc_chart_view_force_textures (ISC_CHART_VIEW (views[i]), 1);
      gtk_box_append (GTK_BOX (box), views[i]);
    }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 360);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (test_wait_for (rendered, views[0]));
  g_assert_true (_isc_chart_view_has_pixels (ISC_CHART_VIEW (views[0])));
  test_run_frames (300);
  g_assert_null (ISC_CHART_VIEW (views[3])->series_node);

  scroll = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gtk_adjustment_set_value (scroll, gtk_adjustment_get_upper (scroll) - gtk_adjustment_get_page_size (scroll));
  g_assert_true (test_wait_for (has_pixels, views[3]));
  g_assert_cmpint (gsk_render_node_get_node_type (ISC_CHART_VIEW (views[3])->series_node), ==, GSK_TEXTURE_NODE);
  g_assert_true (test_wait_for (has_no_picture, views[0]));

  /* Back at the top: drawn again. */
  gtk_adjustment_set_value (scroll, 0);
  g_assert_true (test_wait_for (has_pixels, views[0]));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/chart-gpu/choice", test_gpu_choice);
  g_test_add_func ("/isc/chart-gpu/same-pixels", test_gpu_same_pixels);
  g_test_add_func ("/isc/chart-gpu/in-sight", test_gpu_in_sight);

  return g_test_run ();
}
