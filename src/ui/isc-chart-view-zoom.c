/* isc-chart-view-zoom.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chart view's zoom: the shared cursor, a drag over the plot to zoom
 * to its band, a double-click to zoom out, and the picture scaled to the
 * range zoomed to until its model arrives.
 */

#define G_LOG_DOMAIN "isc-chart-view"

#include "config.h"

#include <math.h>

#include "isc-chart-view-private.h"

enum {
  RANGE_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A drag shorter than this, in pixels, is a click. */
#define DRAG_THRESHOLD 4.0

/* The plot of the chart as laid out at the view's size; FALSE when the
 * chart has no time axis there (no model, bars, "No data"). */
gboolean
_isc_chart_view_get_plot (IscChartView *self,
                          IscChartRect *plot)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  IscChartModel *model = isc_chart_get_model (self->chart);
  const IscChartLayout *layout;

  if (model == NULL || width <= 0 || height <= 0 ||
      isc_chart_model_get_plot (model) == ISC_CHART_PLOT_BARS)
    return FALSE;
  layout = isc_chart_ensure_layout (self->chart, width, height);
  if (layout->message.layout != NULL || layout->plot.width <= 0)
    return FALSE;
  *plot = layout->plot;
  return TRUE;
}

static gboolean
plot_contains (const IscChartRect *plot,
               double              x,
               double              y)
{
  return x >= plot->x && x <= plot->x + plot->width && y >= plot->y && y <= plot->y + plot->height;
}

/* The series node, or while a zoom loads, the same node with the plot's
 * part scaled so that the range zoomed to fills the plot. */
void
_isc_chart_view_append_series (IscChartView *self,
                               GtkSnapshot  *snapshot,
                               int           width,
                               int           height)
{
  const IscChartLayout *layout;
  const IscChartColor *bg;
  graphene_rect_t clip;
  double old_span, new_span;

  gtk_snapshot_append_node (snapshot, _isc_chart_view_get_picture (self));
  if (!self->previewing)
    return;

  layout = isc_chart_ensure_layout (self->chart, width, height);
  old_span = (double) (layout->x_max - layout->x_min);
  new_span = (double) (self->preview_end_ms - self->preview_start_ms);
  if (layout->message.layout != NULL || old_span <= 0 || new_span <= 0 ||
      layout->plot.width <= 0 || layout->plot.height <= 0)
    return;  /* and GTK 4.8 leaks what a clip of no area held */

  bg = &isc_chart_get_style (self->chart)->background;
  graphene_rect_init (&clip, layout->plot.x, layout->plot.y, layout->plot.width, layout->plot.height);
  gtk_snapshot_push_clip (snapshot, &clip);
  gtk_snapshot_append_color (snapshot,
                             &(GdkRGBA) { bg->red, bg->green, bg->blue, 1.0 },
                             &clip);
  gtk_snapshot_save (snapshot);
  /* x' = plot.x + (t - new_start) / new_span × w, for t at old x. */
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT ((float) (layout->plot.x +
                                                         (layout->x_min - self->preview_start_ms) / new_span * layout->plot.width),
                                                0));
  gtk_snapshot_scale (snapshot, (float) (old_span / new_span), 1);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) -layout->plot.x, 0));
  gtk_snapshot_append_node (snapshot, _isc_chart_view_get_vectors (self));
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);
}

/* What moves with the pointer, each in a node of its own over the cached
 * series: the shared cursor (on a chart the pointer is not over; the one
 * it is over draws its hover) and the drag's band. */
void
_isc_chart_view_append_overlays (IscChartView *self,
                                 GtkSnapshot  *snapshot,
                                 int           width,
                                 int           height)
{
  IscChartRect plot;

  if (self->previewing)
    return;

  /* A line is a rectangle of one colour: a colour node, which GSK fills
   * without drawing. */
  if (self->cursor_ms >= 0 && self->hover_step < 0 && !self->dragging)
    {
      const IscChartColor *c = &isc_chart_get_style (self->chart)->cursor;
      IscChartRect line;

      if (isc_chart_get_cursor_line (self->chart, width, height, self->cursor_ms, &line))
        gtk_snapshot_append_color (snapshot, &(GdkRGBA) { c->red, c->green, c->blue, c->alpha },
                                   &GRAPHENE_RECT_INIT (line.x, line.y, line.width, line.height));
    }

  if (self->dragging && self->banding && _isc_chart_view_get_plot (self, &plot))
    _isc_chart_view_append_band (self, snapshot, &plot,
                                 MIN (self->drag_x0, self->drag_x1),
                                 MAX (self->drag_x0, self->drag_x1));
}

/* A band across the plot from x0 to x1, with an edge at each side. */
void
_isc_chart_view_append_band (IscChartView       *self,
                             GtkSnapshot        *snapshot,
                             const IscChartRect *plot,
                             double              x0,
                             double              x1)
{
  const IscChartColor *c = &isc_chart_get_style (self->chart)->cursor;
  graphene_rect_t band;

  graphene_rect_init (&band, x0, plot->y, x1 - x0, plot->height);
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { c->red, c->green, c->blue, 0.18f }, &band);
  graphene_rect_init (&band, x0, plot->y, 1, plot->height);
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { c->red, c->green, c->blue, 0.6f }, &band);
  graphene_rect_init (&band, x1 - 1, plot->y, 1, plot->height);
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { c->red, c->green, c->blue, 0.6f }, &band);
}

/* The pointer leaves the plot: it takes away the cursor it put there and
 * gives back the moment that cursor replaced (an activity's, a log
 * line's, the window's, or none), so that a pointer crossing the charts
 * on its way elsewhere does not lose it. A moment the keyboard, the
 * window (Logs at This Time, Activity) or a log line chose since the
 * pointer's it leaves alone: a chart whose page goes away (as Logs at
 * This Time replaces it) is left by a pointer that stayed where it was. */
static void
give_back_cursor (IscChartView *self)
{
  gboolean mine = self->pointer_cursor_ms >= 0 && self->cursor_ms == self->pointer_cursor_ms;
  gint64 held = self->held_cursor_ms;

  self->pointer_cursor_ms = -1;
  self->held_cursor_ms = -1;
  if (mine)
    isc_chart_view_set_cursor_time (self, held);
}

static void
cursor_motion_cb (IscChartView             *self,
                  double                    x,
                  double                    y,
                  GtkEventControllerMotion *controller)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));
  IscChartRect plot;
  gint64 ms;
  int step;

  /* GTK 4.24 sends a motion without a time when what is under a pointer
   * that did not move changes (a new range, another page): not a person
   * moving it. It may move a cursor this chart's pointer put there, never
   * a moment the keyboard, the window (Logs at This Time, Activity) or a
   * log line chose since, which a pointer resting on the charts replaced
   * as the Logs page opened. */
  if (event != NULL && gdk_event_get_time (event) == GDK_CURRENT_TIME &&
      self->cursor_ms != self->pointer_cursor_ms)
    return;

  if (!_isc_chart_view_get_plot (self, &plot) || x < plot.x || x > plot.x + plot.width)
    {
      give_back_cursor (self);
      return;
    }
  ms = isc_chart_get_time_at_x (self->chart, width, height, x);
  /* On a marker's line the hover shows the marker's step: the other
   * charts' cursor goes there too. */
  step = isc_chart_get_step_at_x (self->chart, width, height, x);
  if (step >= 0 && step != isc_chart_get_step_near_time (self->chart, ms))
    ms = isc_chart_model_get_step_starts (isc_chart_get_model (self->chart))[step];
  /* The moment the pointer takes the cursor from, given back as it goes. */
  if (self->pointer_cursor_ms < 0 || self->cursor_ms != self->pointer_cursor_ms)
    self->held_cursor_ms = self->cursor_ms;
  self->pointer_cursor_ms = ms;
  isc_chart_view_set_cursor_time (self, ms);
}

static void
cursor_leave_cb (IscChartView             *self,
                 GtkEventControllerMotion *controller)
{
  give_back_cursor (self);
}

/* A drag's release or Enter on a keyboard selection: [start_ms, end_ms)
 * is zoomed to. The page scales its other charts; this one at once too. */
void
_isc_chart_view_zoom_to_selection (IscChartView *self,
                                   gint64        start_ms,
                                   gint64        end_ms)
{
  g_signal_emit (self, signals[RANGE_SELECTED], 0, start_ms, end_ms);
  isc_chart_view_show_range (self, start_ms, end_ms);
  if (!gtk_widget_activate_action (GTK_WIDGET (self), "win.zoom-to", "(xx)", start_ms, end_ms))
    {
      self->previewing = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
drag_begin_cb (IscChartView   *self,
               double          x,
               double          y,
               GtkGestureDrag *gesture)
{
  IscChartRect plot;

  /* A press anywhere on the chart gives it the keyboard, as it would a
   * text view: the arrows then read it from there. */
  if (gtk_widget_get_focus_on_click (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));

  /* Only over the plot: the legend and the header have clicks of their
   * own. */
  if (!_isc_chart_view_get_plot (self, &plot) || !plot_contains (&plot, x, y) || self->previewing)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->dragging = TRUE;
  self->banding = FALSE;
  self->drag_x0 = x;
  self->drag_x1 = x;
}

static void
drag_update_cb (IscChartView   *self,
                double          dx,
                double          dy,
                GtkGestureDrag *gesture)
{
  IscChartRect plot;

  if (!self->dragging || !_isc_chart_view_get_plot (self, &plot))
    return;
  self->drag_x1 = CLAMP (self->drag_x0 + dx, plot.x, plot.x + plot.width);
  if (!self->banding && fabs (self->drag_x1 - self->drag_x0) >= DRAG_THRESHOLD)
    {
      self->banding = TRUE;
      /* A drag now, not a click: the legend's or a double-click's
       * gestures let go. */
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
  /* Only the band's node changes. */
  if (self->banding)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (IscChartView   *self,
             double          dx,
             double          dy,
             GtkGestureDrag *gesture)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  IscChartRect plot;
  gint64 start_ms, end_ms;
  double x0, x1;

  if (!self->dragging)
    return;
  self->dragging = FALSE;
  self->banding = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (!_isc_chart_view_get_plot (self, &plot))
    return;

  self->drag_x1 = CLAMP (self->drag_x0 + dx, plot.x, plot.x + plot.width);
  x0 = MIN (self->drag_x0, self->drag_x1);
  x1 = MAX (self->drag_x0, self->drag_x1);
  if (x1 - x0 < DRAG_THRESHOLD)
    return;

  start_ms = isc_chart_get_time_at_x (self->chart, width, height, x0);
  end_ms = isc_chart_get_time_at_x (self->chart, width, height, x1);
  if (end_ms <= start_ms)
    return;

  _isc_chart_view_zoom_to_selection (self, start_ms, end_ms);
}

/* Escape during a drag: no zoom; otherwise the key is someone else's. */
gboolean
_isc_chart_view_cancel_drag_cb (GtkWidget *widget,
                                GVariant  *args,
                                gpointer   user_data)
{
  IscChartView *self = ISC_CHART_VIEW (widget);

  if (!self->dragging)
    return FALSE;
  self->dragging = FALSE;
  self->banding = FALSE;
  gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drag));
  gtk_widget_queue_draw (widget);
  return TRUE;
}

static void
double_click_cb (IscChartView    *self,
                 int              n_press,
                 double           x,
                 double           y,
                 GtkGestureClick *gesture)
{
  IscChartRect plot;

  if (n_press != 2 || !_isc_chart_view_get_plot (self, &plot) || !plot_contains (&plot, x, y))
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.zoom-out", NULL);
}

/* The shared cursor follows the pointer through the hover's own motion
 * controller, after it. */
void
_isc_chart_view_init_zoom (IscChartView       *self,
                           GtkEventController *cursor)
{
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->cursor_ms = -1;
  self->pointer_cursor_ms = -1;
  self->held_cursor_ms = -1;
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (click), "double-click");

  g_signal_connect_object (cursor, "motion", G_CALLBACK (cursor_motion_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (cursor, "leave", G_CALLBACK (cursor_leave_cb), self, G_CONNECT_SWAPPED);

  self->drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (self->drag, "drag-begin", G_CALLBACK (drag_begin_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->drag, "drag-update", G_CALLBACK (drag_update_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->drag, "drag-end", G_CALLBACK (drag_end_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drag));

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (click, "pressed", G_CALLBACK (double_click_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  /* The chart takes no focus: Escape is caught window-wide, and only
   * while a drag is on. */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_callback_action_new (_isc_chart_view_cancel_drag_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
}

void
_isc_chart_view_class_init_zoom (IscChartViewClass *klass)
{
  /* A drag over the plot chose [start_ms, end_ms): the view shows it
   * scaled at once and asks the window to zoom there (win.zoom-to). */
  signals[RANGE_SELECTED] =
    g_signal_new ("range-selected",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_INT64);
}

void
isc_chart_view_show_range (IscChartView *self,
                           gint64        start_ms,
                           gint64        end_ms)
{
  g_return_if_fail (ISC_IS_CHART_VIEW (self));
  g_return_if_fail (end_ms > start_ms);

  if (isc_chart_get_model (self->chart) == NULL)
    return;
  self->previewing = TRUE;
  self->preview_start_ms = start_ms;
  self->preview_end_ms = end_ms;
  /* The cached series node, transformed: nothing is drawn again. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
isc_chart_view_get_shown_range (IscChartView *self,
                                gint64       *start_ms,
                                gint64       *end_ms)
{
  IscChartModel *model;

  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), FALSE);

  model = isc_chart_get_model (self->chart);
  if (self->previewing)
    {
      if (start_ms != NULL)
        *start_ms = self->preview_start_ms;
      if (end_ms != NULL)
        *end_ms = self->preview_end_ms;
      return TRUE;
    }
  if (model == NULL)
    return FALSE;
  if (start_ms != NULL)
    *start_ms = isc_chart_model_get_start_ms (model);
  if (end_ms != NULL)
    *end_ms = isc_chart_model_get_end_ms (model);
  return FALSE;
}

gboolean
isc_chart_view_get_band (IscChartView *self,
                         double       *x0,
                         double       *x1)
{
  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), FALSE);

  if (!self->dragging || !self->banding)
    {
      gint64 start_ms, end_ms;
      int width = gtk_widget_get_width (GTK_WIDGET (self));
      int height = gtk_widget_get_height (GTK_WIDGET (self));

      /* The keyboard's selection (Shift+Left/Right) is a band too. */
      if (self->dragging || width <= 0 || height <= 0 || !_isc_chart_view_get_key_selection (self, &start_ms, &end_ms))
        return FALSE;
      if (x0 != NULL)
        *x0 = isc_chart_get_x_for_time (self->chart, width, height, start_ms);
      if (x1 != NULL)
        *x1 = isc_chart_get_x_for_time (self->chart, width, height, end_ms);
      return TRUE;
    }
  if (x0 != NULL)
    *x0 = MIN (self->drag_x0, self->drag_x1);
  if (x1 != NULL)
    *x1 = MAX (self->drag_x0, self->drag_x1);
  return TRUE;
}
