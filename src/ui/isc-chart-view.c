/* isc-chart-view.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-view"

#include "config.h"

#include <math.h>
#include <adwaita.h>

#include "isc-chart-view-private.h"

enum {
  PROP_0,
  PROP_MODEL,
  PROP_USE_UTC,
  PROP_CURSOR_TIME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* libadwaita's .card's, and the focus ring's */
#define CARD_RADIUS 12

G_DEFINE_FINAL_TYPE (IscChartView, isc_chart_view, GTK_TYPE_WIDGET)

/* A picture of a new size is drawn as vectors, and turned into pixels
 * once it has stayed the same this long: a live resize draws only
 * vectors (GSK's cairo renderer replays them for what is on screen).
 * New data at the size already drawn is made in pixels at once, as only
 * a chart in sight draws at all (isc_chart_view_snapshot()). Only a
 * chart in sight holds pixels (each is width × height × 4 bytes, at the
 * screen's scale: the demo's 27 charts would take 25 MB at 785 × 300);
 * one scrolled out of sight goes back to its vectors, or to nothing (it
 * is drawn again when it comes into sight) where a refresh made it in
 * pixels only. */
#define RASTER_DELAY_MS 150
/* The pixels are painted in columns this wide, each a node of its own:
 * GSK's cairo renderer composites a node only where the frame's damage
 * meets it, and a crosshair's damage is a few thin strips. (32, 64, 160
 * and 640 px measured within noise of each other, 160 the best median.) */
#define RASTER_TILE_WIDTH 160
/* How long the pixels a new picture replaced are kept: clear_raster(). */
#define RETIRE_DELAY_MS 1000

static gboolean
retire_cb (gpointer data)
{
  IscChartView *self = data;

  self->retire_id = 0;
  g_clear_pointer (&self->retired_surface, cairo_surface_destroy);
  return G_SOURCE_REMOVE;
}

/* The pixels go with their node, but their surface only once the frames
 * that showed them are gone: the node's columns paint it through cairo
 * snapshots, which copy the whole surface when it is freed before them
 * (with the allocation, a tenth of a refresh's CPU,
 * tests/bench-charts-refresh). An idle after the frame being drawn was
 * still too early one time in four (GTK keeps the frame before). */
static void
clear_raster (IscChartView *self)
{
  g_clear_pointer (&self->raster_node, gsk_render_node_unref);
  if (self->raster_surface == NULL)
    return;
  g_clear_pointer (&self->retired_surface, cairo_surface_destroy);
  self->retired_surface = g_steal_pointer (&self->raster_surface);
  if (self->retire_id == 0)
    self->retire_id = g_timeout_add_full (G_PRIORITY_LOW, RETIRE_DELAY_MS, retire_cb, self, NULL);
}

static void
clear_picture (IscChartView *self)
{
  g_clear_pointer (&self->series_node, gsk_render_node_unref);
  clear_raster (self);
  g_clear_handle_id (&self->raster_id, g_source_remove);
}

void
_isc_chart_view_invalidate (IscChartView *self)
{
  clear_picture (self);
  g_clear_pointer (&self->hover_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GskRenderNode *
_isc_chart_view_get_picture (IscChartView *self)
{
  return self->raster_node != NULL ? self->raster_node : self->series_node;
}

gboolean
_isc_chart_view_has_pixels (IscChartView *self)
{
  return self->raster_node != NULL || (self->textures && self->series_node != NULL);
}

gboolean
_isc_chart_view_use_textures (IscChartView *self)
{
#if GTK_CHECK_VERSION (4, 14, 0)
  GtkNative *native;
  GskRenderer *renderer;

  if (self->force_textures >= 0)
    return self->force_textures > 0;
  /* GSK's GL and Vulkan renderers keep a texture on the GPU from frame
   * to frame, where they draw a cairo node into new pixels on the CPU
   * each time it shows; the cairo renderer is the other way round (it
   * converts a texture into a new surface in every frame). */
  native = gtk_widget_get_native (GTK_WIDGET (self));
  renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;
  return renderer != NULL && !GSK_IS_CAIRO_RENDERER (renderer);
#else
  /* GTK 4.8's GL renderer is not fast enough to matter here: cairo
   * nodes, as on its cairo renderer. */
  return self->force_textures > 0;
#endif
}

void
_isc_chart_view_force_textures (IscChartView *self,
                                int           force)
{
  self->force_textures = CLAMP (force, -1, 1);
  _isc_chart_view_invalidate (self);
}

static char *
hidden_key (IscChartModel *model,
            guint          series)
{
  return g_strdup_printf ("%s\x1f%s", isc_chart_model_get_name (model),
                          isc_chart_model_get_series (model, series)->label);
}

/* The model hides what the set says: the set is the view's truth, the
 * model's flags follow it. */
static void
apply_hidden_series (IscChartView  *self,
                     IscChartModel *model)
{
  /* The compared series too, by their own labels ("5xx · last week"). */
  guint n_series = isc_chart_model_get_n_series (model) + isc_chart_model_get_n_compare (model);
  g_autofree gboolean *hidden = g_new0 (gboolean, MAX (1, n_series));

  for (guint k = 0; k < n_series; k++)
    {
      g_autofree char *key = hidden_key (model, k);

      hidden[k] = g_hash_table_contains (self->hidden_series, key);
    }
  isc_chart_model_set_hidden (model, hidden, n_series);
}

/* The pointer over a legend item shows that it can be clicked. */
static void
update_legend_cursor (IscChartView *self,
                      double        x,
                      double        y)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  gboolean over = FALSE;

  if (isc_chart_get_model (self->chart) != NULL && width > 0 && height > 0)
    over = isc_chart_get_legend_item_at (self->chart, width, height, x, y) >= 0;
  if (over == self->over_legend)
    return;
  self->over_legend = over;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), over ? "pointer" : NULL);
}

static void
legend_pressed_cb (IscChartView    *self,
                   int              n_press,
                   double           x,
                   double           y,
                   GtkGestureClick *gesture)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  GdkModifierType state;
  int series;

  if (isc_chart_get_model (self->chart) == NULL || width <= 0 || height <= 0)
    return;
  series = isc_chart_get_legend_item_at (self->chart, width, height, x, y);
  if (series < 0)
    {
      /* Not ours: leave the press to the chart's other gestures. */
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  isc_chart_view_toggle_series (self, series, (state & GDK_CONTROL_MASK) != 0);
}

static void
isc_chart_view_update_style (IscChartView *self)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  IscChartTheme theme = adw_style_manager_get_dark (manager) ? ISC_CHART_THEME_DARK : ISC_CHART_THEME_LIGHT;

  isc_chart_set_style (self->chart, isc_chart_style_get_default (theme));
  _isc_chart_view_invalidate (self);
}

void
_isc_chart_view_set_hover_step (IscChartView *self,
                                int           step)
{
  if (self->hover_step == step)
    return;
  self->hover_step = step;
  /* Only the overlay changes: the cached series node is kept. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
motion_cb (IscChartView             *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  self->pointer_x = x;
  self->pointer_in = TRUE;
  if (isc_chart_get_model (self->chart) == NULL || width <= 0 || height <= 0)
    return;
  update_legend_cursor (self, x, y);
  _isc_chart_view_set_hover_step (self, isc_chart_get_step_at_x (self->chart, width, height, x));
}

static void
leave_cb (IscChartView             *self,
          GtkEventControllerMotion *controller)
{
  self->pointer_in = FALSE;
  if (self->over_legend)
    {
      self->over_legend = FALSE;
      gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
    }
  _isc_chart_view_set_hover_step (self, -1);
}

typedef void (*DrawFunc) (IscChart *chart,
                          cairo_t  *cr,
                          int       width,
                          int       height,
                          int       step);

static GskRenderNode *draw_texture (IscChartView       *self,
                                    const IscChartRect *area,
                                    int                 width,
                                    int                 height,
                                    DrawFunc            draw,
                                    int                 step);

/* A node of what draw() draws in area (of the chart at width × height),
 * kept while it stays the same. (Drawn into pixels at once on a new
 * size, a relayout cost 13 % more, tests/bench-interact, when every
 * chart of the page was drawn; draw_raster() makes the pixels later. A
 * texture node would cost more: GTK 4.8's
 * cairo renderer converts a texture to a new surface in each frame.)
 * For a GPU renderer (self->textures), a texture: draw_texture(). */
static GskRenderNode *
draw_node (IscChartView       *self,
           const IscChartRect *area,
           int                 width,
           int                 height,
           DrawFunc            draw,
           int                 step)
{
  GtkSnapshot *snapshot;
  cairo_t *cr;

  if (self->textures)
    return draw_texture (self, area, width, height, draw, step);

  snapshot = gtk_snapshot_new ();

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (area->x, area->y, area->width, area->height));
  draw (self->chart, cr, width, height, step);
  cairo_destroy (cr);
  return gtk_snapshot_free_to_node (snapshot);
}

static void
draw_chart (IscChart *chart,
            cairo_t  *cr,
            int       width,
            int       height,
            int       step)
{
  isc_chart_draw (chart, cr, width, height);
}

/* The chart without what moves with the pointer. */
static GskRenderNode *
draw_series (IscChartView *self,
             int           width,
             int           height)
{
  IscChartRect all = { 0, 0, width, height };

  return draw_node (self, &all, width, height, draw_chart, -1);
}

/* The picture as vectors, drawn now if it was made in pixels at once (a
 * refresh): a zoom's preview scales them. */
GskRenderNode *
_isc_chart_view_get_vectors (IscChartView *self)
{
  if (self->series_node == NULL && self->raster_node != NULL)
    self->series_node = draw_series (self, self->node_width, self->node_height);
  return self->series_node;
}

/* The chart without the hover, in pixels at the screen's scale, as
 * columns of RASTER_TILE_WIDTH. On a crosshair move, GSK's cairo renderer
 * replays the vectors of every chart for the damage's bounding box
 * (which spans the charts of both columns), where a column of pixels
 * away from the damage costs next to nothing: 0.2 to 0.3 ms less CPU in
 * each crosshair frame over 12 charts (tests/bench-interact --cpu,
 * against the vectors). */
static GskRenderNode *
draw_raster (IscChartView *self,
             int           width,
             int           height,
             gboolean      refresh)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  GtkSnapshot *snapshot;
  cairo_t *cr;

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  /* A refresh draws what changed, moving the rest (isc-chart-pixels.c);
   * the pixels of what was drawn as vectors are those vectors'. */
  if (refresh)
    isc_chart_draw_pixels (self->chart, cr, width, height);
  else
    {
      isc_chart_forget_pixels (self->chart);
      isc_chart_draw (self->chart, cr, width, height);
    }
  cairo_destroy (cr);

  snapshot = gtk_snapshot_new ();
  for (int x = 0; x < width; x += RASTER_TILE_WIDTH)
    {
      int w = MIN (RASTER_TILE_WIDTH, width - x);

      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (x, 0, w, height));
      cairo_rectangle (cr, x, 0, w, height);
      cairo_clip (cr);
      cairo_set_source_surface (cr, surface, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
    }
  /* Kept while the node is: clear_raster(). */
  clear_raster (self);
  self->raster_surface = surface;
  return gtk_snapshot_free_to_node (snapshot);
}

/* What draw() draws in @area (integer), as a texture at the screen's
 * scale: for GSK's GPU renderers, which upload it once and composite it
 * in every frame after, where a cairo node's pixels are the renderer's
 * to draw on the CPU whenever it needs them. Its pixels are those of the
 * cairo node drawn by GSK's cairo renderer (tests/test-chart-gpu.c). */
static GskRenderNode *
draw_texture (IscChartView       *self,
              const IscChartRect *area,
              int                 width,
              int                 height,
              DrawFunc            draw,
              int                 step)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  int w = (int) area->width * scale;
  int h = (int) area->height * scale;
  cairo_surface_t *surface;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  cairo_t *cr;

  if (w <= 0 || h <= 0)
    return NULL;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  cairo_surface_set_device_scale (surface, scale, scale);
  cairo_surface_set_device_offset (surface, -area->x * scale, -area->y * scale);
  cr = cairo_create (surface);
  draw (self->chart, cr, width, height, step);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* GDK_MEMORY_DEFAULT is cairo's ARGB32: the texture takes the
   * surface's pixels as they are. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface) * h,
                                      (GDestroyNotify) cairo_surface_destroy, surface);
  texture = gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes,
                                    (gsize) cairo_image_surface_get_stride (surface));
  return gsk_texture_node_new (texture, &GRAPHENE_RECT_INIT (area->x, area->y, area->width, area->height));
}

static void
append_fills (GtkSnapshot *snapshot,
              GArray      *fills,
              guint        first,
              guint        end)
{
  for (guint i = first; i < end; i++)
    {
      const IscChartFill *fill = &g_array_index (fills, IscChartFill, i);

      gtk_snapshot_append_color (snapshot,
                                 &(GdkRGBA) { fill->color.red, fill->color.green, fill->color.blue, fill->color.alpha },
                                 &GRAPHENE_RECT_INIT (fill->rect.x, fill->rect.y, fill->rect.width, fill->rect.height));
    }
}

/* The hover for a GPU renderer: its line, box and swatches as colour
 * nodes and its text as text nodes, which the renderer composites from
 * its glyph cache, where a texture of them (draw_node()) was drawn on the
 * CPU and uploaded again for each step the pointer crossed.
 *
 * They go in a clip node of area (isc_chart_get_hover_area(), the
 * plot's rows), which GSK diffs whole: a new step damages the old and
 * the new area, in the rows of the other charts' cursor lines. Diffed
 * fill by fill, the box's top and bottom would cut its row of charts
 * into three bands of rectangles, and the renderer draws the frame once
 * for each rectangle: a crosshair frame in tests/bench-interact's window
 * had 21 or 22 rectangles that way, 11 or 12 this way (docs/charts.md). */
static GskRenderNode *
draw_hover_fills (IscChartView       *self,
                  const IscChartRect *area,
                  int                 width,
                  int                 height,
                  int                 step)
{
  const IscChartColor *fg = &isc_chart_get_style (self->chart)->foreground;
  g_autoptr(GArray) fills = NULL;
  GtkSnapshot *snapshot;
  GskRenderNode *fills_node, *node;
  PangoLayout *text;
  double text_x, text_y;
  guint n_under_text;

  fills = isc_chart_get_hover_fills (self->chart, width, height, step, &n_under_text, &text, &text_x, &text_y);
  if (fills == NULL)
    return NULL;
  snapshot = gtk_snapshot_new ();
  append_fills (snapshot, fills, 0, n_under_text);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (text_x, text_y));
  gtk_snapshot_append_layout (snapshot, text, &(GdkRGBA) { fg->red, fg->green, fg->blue, fg->alpha });
  gtk_snapshot_restore (snapshot);
  append_fills (snapshot, fills, n_under_text, fills->len);
  /* Made here: GtkSnapshot leaves out a clip that cuts nothing off. */
  fills_node = gtk_snapshot_free_to_node (snapshot);
  node = gsk_clip_node_new (fills_node, &GRAPHENE_RECT_INIT (area->x, area->y, area->width, area->height));
  gsk_render_node_unref (fills_node);
  return node;
}

/* Whether any of the chart shows in its scrolled window (the whole
 * chart, in a window that does not scroll it). */
static gboolean
in_sight (IscChartView *self)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  if (scroller == NULL)
    return TRUE;
  if (!gtk_widget_compute_bounds (GTK_WIDGET (self), scroller, &bounds))
    return FALSE;
  return graphene_rect_intersection (&bounds,
                                     &GRAPHENE_RECT_INIT (0, 0,
                                                          gtk_widget_get_width (scroller),
                                                          gtk_widget_get_height (scroller)),
                                     NULL);
}

static gboolean
raster_cb (gpointer data)
{
  IscChartView *self = data;

  self->raster_id = 0;
  /* Out of sight: no pixels, until it is scrolled into it. */
  if (!in_sight (self))
    {
      /* A texture is all the picture there is, and pixels made at once
       * (a refresh) have no vectors to go back to: either is drawn again
       * when it comes into sight (scrolled_cb()). */
      if (self->textures && self->series_node != NULL)
        {
          clear_picture (self);
          g_clear_pointer (&self->hover_node, gsk_render_node_unref);
          self->unseen = TRUE;
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      else if (self->raster_node != NULL)
        {
          clear_raster (self);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      isc_chart_forget_pixels (self->chart);
      return G_SOURCE_REMOVE;
    }
  /* A new size or new data waits for its own snapshot, and its delay;
   * a texture is pixels already. */
  if (self->textures || self->series_node == NULL || self->raster_node != NULL ||
      gtk_widget_get_width (GTK_WIDGET (self)) != self->node_width ||
      gtk_widget_get_height (GTK_WIDGET (self)) != self->node_height)
    return G_SOURCE_REMOVE;

  self->raster_node = draw_raster (self, self->node_width, self->node_height, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static void
queue_raster (IscChartView *self)
{
  g_clear_handle_id (&self->raster_id, g_source_remove);
  /* Pixels without vectors (a refresh) too: raster_cb() lets them go
   * when the chart is out of sight. */
  if (_isc_chart_view_get_picture (self) != NULL)
    self->raster_id = g_timeout_add_full (G_PRIORITY_LOW, RASTER_DELAY_MS, raster_cb, self, NULL);
}

static void
scale_factor_changed_cb (IscChartView *self,
                         GParamSpec   *pspec,
                         gpointer      user_data)
{
  if (self->textures)
    {
      /* Textures at the new scale, at once. */
      clear_picture (self);
      g_clear_pointer (&self->hover_node, gsk_render_node_unref);
    }
  clear_raster (self);
  queue_raster (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Scrolled: once the page has stayed put for the delay (and been laid
 * out where it scrolled to), a chart that came into sight is made in
 * pixels, and one that left it lets its pixels go. */
static void
scrolled_cb (IscChartView  *self,
             GtkAdjustment *adjustment)
{
  /* Drawn when it comes into sight: the frame lays the page out where it
   * scrolled to before it asks for the picture. */
  if (self->unseen)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  queue_raster (self);
}

static void
watch_scroll (IscChartView *self,
              gboolean      watch)
{
  GtkWidget *scroller = watch ? gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW) : NULL;
  GtkAdjustment *scroll = scroller != NULL ? gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)) : NULL;

  if (scroll == self->scroll)
    return;
  if (self->scroll != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->scroll, scrolled_cb, self);
      g_clear_object (&self->scroll);
    }
  if (scroll != NULL)
    {
      self->scroll = g_object_ref (scroll);
      g_signal_connect_object (scroll, "value-changed", G_CALLBACK (scrolled_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (scroll, "changed", G_CALLBACK (scrolled_cb), self, G_CONNECT_SWAPPED);
    }
}

static void
isc_chart_view_map (GtkWidget *widget)
{
  IscChartView *self = ISC_CHART_VIEW (widget);

  GTK_WIDGET_CLASS (isc_chart_view_parent_class)->map (widget);
  watch_scroll (self, TRUE);
  if (self->unseen)
    gtk_widget_queue_draw (widget);
}

static void
isc_chart_view_unmap (GtkWidget *widget)
{
  watch_scroll (ISC_CHART_VIEW (widget), FALSE);
  GTK_WIDGET_CLASS (isc_chart_view_parent_class)->unmap (widget);
}

static void
isc_chart_view_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  IscChartView *self = ISC_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  IscChartAlignment align;

  if (isc_chart_get_model (self->chart) == NULL || width <= 0 || height <= 0)
    return;

  /* The grid lines the chart up with its neighbours: a new gutter or plot
   * height is a new picture. */
  isc_chart_get_alignment (self->chart, &align);

  if (_isc_chart_view_get_picture (self) == NULL || self->node_width != width || self->node_height != height ||
      align.gutter != self->node_align.gutter || align.plot_height != self->node_align.plot_height ||
      self->textures != _isc_chart_view_use_textures (self))
    {
      gboolean same_size;

      /* GTK asks every chart of a scrolled page for its picture, in sight
       * or not: a refresh laid out and drew all 27 of the demo's where a
       * window shows a few. One out of sight draws nothing until it comes
       * into it (scrolled_cb()); the picture it had is of data, a size or
       * an alignment no longer shown. */
      if (!in_sight (self))
        {
          self->unseen = TRUE;
          clear_picture (self);
          g_clear_pointer (&self->hover_node, gsk_render_node_unref);
          return;
        }
      self->unseen = FALSE;

      /* New data at the size already drawn (a refresh) is made in pixels
       * at once, and only in pixels: as vectors, the frame would draw them
       * into pixels and draw_raster() again RASTER_DELAY_MS later, and
       * vectors drawn beside the pixels cost a tenth of the refresh's
       * CPU (perf over tests/bench-charts-refresh) for a zoom's preview
       * that seldom comes (_isc_chart_view_get_vectors() draws them
       * then). A new size waits, as a live resize draws only vectors. */
      same_size = self->node_width == width && self->node_height == height;
      clear_picture (self);
      g_clear_pointer (&self->hover_node, gsk_render_node_unref);
      /* For a GPU renderer, a texture at once, new size or not: the
       * renderer would draw vectors into new pixels on the CPU in every
       * frame (draw_texture()). */
      self->textures = _isc_chart_view_use_textures (self);
      if (self->textures)
        self->series_node = draw_series (self, width, height);
      self->node_width = width;
      self->node_height = height;
      self->node_align = align;
      self->n_renders++;
      if (!self->textures && same_size)
        self->raster_node = draw_raster (self, width, height, TRUE);
      /* Vectors where pixels cannot be had (too large a surface). */
      if (!self->textures && self->raster_node == NULL)
        {
          self->series_node = draw_series (self, width, height);
          queue_raster (self);
        }
    }

  if (_isc_chart_view_get_picture (self) != NULL)
    _isc_chart_view_append_series (self, snapshot, width, height);

  /* The hover goes in a node just the size of the cursor and its box,
   * kept while the step under the pointer is the same. */
  if (self->hover_step >= 0 && !self->previewing && !self->banding)
    {
      IscChartRect area;

      if (self->hover_node != NULL && self->hover_node_step != self->hover_step)
        g_clear_pointer (&self->hover_node, gsk_render_node_unref);
      if (self->hover_node == NULL &&
          isc_chart_get_hover_area (self->chart, width, height, self->hover_step, &area))
        {
          area.width = ceil (area.x + area.width) - floor (area.x);
          area.height = ceil (area.y + area.height) - floor (area.y);
          area.x = floor (area.x);
          area.y = floor (area.y);
          if (self->textures)
            self->hover_node = draw_hover_fills (self, &area, width, height, self->hover_step);
          else
            self->hover_node = draw_node (self, &area, width, height, isc_chart_draw_hover, self->hover_step);
          self->hover_node_step = self->hover_step;
        }
      if (self->hover_node != NULL)
        gtk_snapshot_append_node (snapshot, self->hover_node);
    }

  _isc_chart_view_append_overlays (self, snapshot, width, height);
  _isc_chart_view_append_key_band (self, snapshot, width, height);
}

static void
isc_chart_view_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 280;  /* a 360 px window, less its margins */
      *natural = 720;
    }
  else
    {
      *minimum = 240;
      *natural = 320;
    }
}

static void
isc_chart_view_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  IscChartView *self = ISC_CHART_VIEW (widget);

  /* Laid out here, so that a snapshot only draws from the layout's
   * arrays. */
  if (isc_chart_get_model (self->chart) != NULL && width > 0 && height > 0)
    {
      isc_chart_ensure_layout (self->chart, width, height);
      /* A new size is a new layout: the keyboard's cursor keeps its step,
       * the pointer's is the step now under it. */
      if (width != self->node_width || height != self->node_height)
        {
          if (self->key_step >= 0)
            self->hover_step = self->key_step;
          else if (self->pointer_in)
            self->hover_step = isc_chart_get_step_at_x (self->chart, width, height, self->pointer_x);
          else
            self->hover_step = -1;
        }
    }
  else
    self->hover_step = -1;

  if (self->menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->menu));
  if (self->description_dirty)
    _isc_chart_view_update_description (self);
}

static void
isc_chart_view_dispose (GObject *object)
{
  IscChartView *self = (IscChartView *)object;

  clear_picture (self);
  g_clear_handle_id (&self->retire_id, g_source_remove);
  g_clear_pointer (&self->retired_surface, cairo_surface_destroy);
  watch_scroll (self, FALSE);
  g_clear_pointer (&self->hover_node, gsk_render_node_unref);
  g_clear_object (&self->chart);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  g_clear_object (&self->menu_model);
  g_clear_object (&self->actions);
  g_clear_pointer (&self->hidden_series, g_hash_table_unref);
  if (self->described_model != NULL)
    g_clear_signal_handler (&self->hidden_changed_id, self->described_model);
  g_clear_object (&self->described_model);
  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (isc_chart_view_parent_class)->dispose (object);
}

static void
isc_chart_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  IscChartView *self = ISC_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, isc_chart_view_get_model (self));
      break;

    case PROP_USE_UTC:
      g_value_set_boolean (value, isc_chart_view_get_use_utc (self));
      break;

    case PROP_CURSOR_TIME:
      g_value_set_int64 (value, isc_chart_view_get_cursor_time (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_chart_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  IscChartView *self = ISC_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      isc_chart_view_set_model (self, g_value_get_object (value));
      break;

    case PROP_USE_UTC:
      isc_chart_view_set_use_utc (self, g_value_get_boolean (value));
      break;

    case PROP_CURSOR_TIME:
      isc_chart_view_set_cursor_time (self, g_value_get_int64 (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_chart_view_class_init (IscChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isc_chart_view_dispose;
  object_class->get_property = isc_chart_view_get_property;
  object_class->set_property = isc_chart_view_set_property;

  widget_class->snapshot = isc_chart_view_snapshot;
  widget_class->measure = isc_chart_view_measure;
  widget_class->size_allocate = isc_chart_view_size_allocate;
  widget_class->map = isc_chart_view_map;
  widget_class->unmap = isc_chart_view_unmap;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL,
                         ISC_TYPE_CHART_MODEL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /* The time axis and the hover read in UTC rather than local time. */
  properties[PROP_USE_UTC] =
    g_param_spec_boolean ("use-utc", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /* The time (epoch ms) of the cursor drawn on the chart, -1 for none:
   * where the pointer is over this chart, or over another chart of the
   * page, which sets it here. The chart draws it at its own nearest step. */
  properties[PROP_CURSOR_TIME] =
    g_param_spec_int64 ("cursor-time", NULL, NULL,
                        -1, G_MAXINT64, -1,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  _isc_chart_view_class_init_zoom (klass);

  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
isc_chart_view_init (IscChartView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *legend_click = gtk_gesture_click_new ();

  self->chart = isc_chart_new (NULL);
  /* A card of its own, drawn with the chart: libadwaita's .card, less its
   * shadows. The theme's card puts a rounded clip and three blurred
   * shadows around each chart, which GSK's cairo renderer draws again on
   * every frame the crosshair moves (0.5 to 0.7 ms of the frame for 12
   * charts, tests/bench-interact). */
  isc_chart_set_frame (self->chart, TRUE, CARD_RADIUS);
  self->hover_step = -1;
  self->force_textures = -1;
  self->hidden_series = isc_chart_view_new_hidden_series ();

  /* A click on a legend item shows or hides its series; Ctrl+click shows
   * it alone. */
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (legend_click), GDK_BUTTON_PRIMARY);
  /* Named, so tests can tell it from the drag's and the menu's. */
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (legend_click), "legend-click");
  g_signal_connect_object (legend_click, "pressed", G_CALLBACK (legend_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (legend_click));

  g_signal_connect_object (motion, "motion", G_CALLBACK (motion_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (motion, "leave", G_CALLBACK (leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  _isc_chart_view_init_zoom (self, motion);

  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (scale_factor_changed_cb), NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (isc_chart_view_update_style), self, G_CONNECT_SWAPPED);
  isc_chart_view_update_style (self);

  _isc_chart_view_init_menu (self);
  _isc_chart_view_init_keys (self);
}

GtkWidget *
isc_chart_view_new (IscChartModel *model)
{
  return g_object_new (ISC_TYPE_CHART_VIEW,
                       "model", model,
                       NULL);
}

IscChartModel *
isc_chart_view_get_model (IscChartView *self)
{
  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), NULL);
  return isc_chart_get_model (self->chart);
}

void
isc_chart_view_set_model (IscChartView  *self,
                          IscChartModel *model)
{
  g_return_if_fail (ISC_IS_CHART_VIEW (self));
  g_return_if_fail (model == NULL || ISC_IS_CHART_MODEL (model));

  if (isc_chart_get_model (self->chart) == model)
    return;

  /* Before the chart lays it out: the series hidden for this metric stay
   * hidden in its new data. */
  if (model != NULL)
    apply_hidden_series (self, model);
  isc_chart_set_model (self->chart, model);
  /* The model of the range zoomed to replaces the scaled picture. */
  self->previewing = FALSE;
  /* A refresh under a still pointer keeps the values box there: the step
   * under the pointer in the new model. */
  self->hover_step = -1;
  if (model != NULL && self->pointer_in &&
      gtk_widget_get_width (GTK_WIDGET (self)) > 0 && gtk_widget_get_height (GTK_WIDGET (self)) > 0)
    self->hover_step = isc_chart_get_step_at_x (self->chart,
                                                gtk_widget_get_width (GTK_WIDGET (self)),
                                                gtk_widget_get_height (GTK_WIDGET (self)),
                                                self->pointer_x);

  if (model != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, isc_chart_model_get_title (model),
                                    -1);

  _isc_chart_view_invalidate (self);
  _isc_chart_view_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

IscChart *
isc_chart_view_get_chart (IscChartView *self)
{
  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), NULL);
  return self->chart;
}

int
isc_chart_view_get_hover_step (IscChartView *self)
{
  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), -1);
  return self->hover_step;
}

guint
isc_chart_view_get_n_renders (IscChartView *self)
{
  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), 0);
  return self->n_renders;
}

gboolean
isc_chart_view_get_use_utc (IscChartView *self)
{
  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), FALSE);
  return self->use_utc;
}

void
isc_chart_view_set_use_utc (IscChartView *self,
                            gboolean      use_utc)
{
  g_autoptr(GTimeZone) utc = NULL;

  g_return_if_fail (ISC_IS_CHART_VIEW (self));

  use_utc = !!use_utc;
  if (self->use_utc == use_utc)
    return;
  self->use_utc = use_utc;

  /* The same data on another clock: a new layout and picture, no fetch.
   * The step under the pointer is still the same step. */
  if (use_utc)
    utc = g_time_zone_new_utc ();
  isc_chart_set_time_zone (self->chart, utc);
  _isc_chart_view_invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USE_UTC]);
}

/**
 * isc_chart_view_toggle_series:
 * @self: a chart view
 * @series: an index into the model's series
 * @isolate: show @series alone (Ctrl+click)
 *
 * What a click on a legend item does: hides @series, or shows it when it
 * is hidden. With @isolate, hides every other series, or shows them all
 * again when @series is the only one shown. The value axis follows.
 */
void
isc_chart_view_toggle_series (IscChartView *self,
                              guint         series,
                              gboolean      isolate)
{
  IscChartModel *model;
  guint n_series;

  g_return_if_fail (ISC_IS_CHART_VIEW (self));

  model = isc_chart_get_model (self->chart);
  if (model == NULL)
    return;
  n_series = isc_chart_model_get_n_series (model) + isc_chart_model_get_n_compare (model);
  g_return_if_fail (series < n_series);

  if (isolate)
    {
      gboolean alone = !isc_chart_model_get_series_hidden (model, series) &&
                       isc_chart_model_get_n_hidden (model) == n_series - 1;

      for (guint k = 0; k < n_series; k++)
        {
          g_autofree char *key = hidden_key (model, k);

          if (alone || k == series)
            g_hash_table_remove (self->hidden_series, key);
          else
            g_hash_table_add (self->hidden_series, g_steal_pointer (&key));
        }
    }
  else
    {
      g_autofree char *key = hidden_key (model, series);

      if (!g_hash_table_remove (self->hidden_series, key))
        g_hash_table_add (self->hidden_series, g_steal_pointer (&key));
    }

  apply_hidden_series (self, model);
  /* The hover box lists the series shown. */
  _isc_chart_view_invalidate (self);
}

/**
 * isc_chart_view_set_hidden_series:
 * @self: a chart view
 * @hidden: a set of keys (g_hash_table_add()), as the view keeps them
 *
 * Shares one set of hidden series between views (a page of charts keeps
 * it while its views are made again). The view takes a reference.
 */
void
isc_chart_view_set_hidden_series (IscChartView *self,
                                  GHashTable   *hidden)
{
  IscChartModel *model;

  g_return_if_fail (ISC_IS_CHART_VIEW (self));
  g_return_if_fail (hidden != NULL);

  if (self->hidden_series == hidden)
    return;
  g_hash_table_ref (hidden);
  g_clear_pointer (&self->hidden_series, g_hash_table_unref);
  self->hidden_series = hidden;

  model = isc_chart_get_model (self->chart);
  if (model != NULL)
    {
      apply_hidden_series (self, model);
      _isc_chart_view_invalidate (self);
    }
}

/**
 * isc_chart_view_new_hidden_series:
 *
 * An empty set for isc_chart_view_set_hidden_series().
 *
 * Returns: (transfer full): a new set
 */
GHashTable *
isc_chart_view_new_hidden_series (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

gint64
isc_chart_view_get_cursor_time (IscChartView *self)
{
  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), -1);
  return self->cursor_ms;
}

void
isc_chart_view_set_cursor_time (IscChartView *self,
                                gint64        ms)
{
  g_return_if_fail (ISC_IS_CHART_VIEW (self));

  if (ms < 0)
    ms = -1;
  if (self->cursor_ms == ms)
    return;
  self->cursor_ms = ms;
  /* Only the overlay changes: the cached series node is kept. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR_TIME]);
}
