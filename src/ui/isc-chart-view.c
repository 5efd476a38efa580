/* isc-chart-view.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-view"

#include "config.h"

#include <math.h>
#include <string.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "isc-chart-export.h"
#include "isc-catalogue.h"
#include "isc-chart-view.h"
#include "isc-export-dialog.h"
#include "isc-time-range.h"

struct _IscChartView
{
  GtkWidget      parent_instance;

  /* Owned references */
  IscChart      *chart;
  GskRenderNode *series_node;
  GskRenderNode *hover_node;     /* the values box at hover_node_step */
  int            hover_node_step;

  /* State */
  int            node_width;
  int            node_height;
  IscChartAlignment node_align;  /* the chart's alignment when drawn */
  int            hover_step;
  double         pointer_x;      /* where the pointer is, when pointer_in */
  gboolean       pointer_in;
  guint          n_renders;
  gboolean       use_utc;

  /* The chart's menu: Export Image…, Copy Image, Copy Data, Hide Chart */
  GMenuModel    *menu_model;
  GtkWidget     *menu;           /* GtkPopoverMenu, our child */
  GSimpleActionGroup *actions;   /* "chart" */
  /* Series toggles: the series hidden, as keys "metric name\x1flabel",
   * so a new model for the same metric (a refresh, another range, the
   * counter display) hides the same series. Shared with other views
   * through isc_chart_view_set_hidden_series(). */
  GHashTable    *hidden_series;
  gboolean       over_legend;    /* the pointer is over a legend item */

  /* Drag to zoom: the band from drag_x0 to drag_x1 while dragging */
  GtkGesture    *drag;
  gboolean       dragging;
  gboolean       banding;        /* moved far enough to be a drag */
  double         drag_x0;
  double         drag_x1;
  /* The shared cursor's time, -1 for none */
  gint64         cursor_ms;
  /* A zoom's range, shown by scaling the picture until the model for it
   * arrives */
  gboolean       previewing;
  gint64         preview_start_ms;
  gint64         preview_end_ms;
  /* The keyboard's cursor: a step, shown with its values box as the
   * pointer's hover is, while the chart has focus; and a span selected
   * with Shift from sel_anchor to the cursor's step (-1 for none). */
  int            key_step;
  int            sel_anchor;
  /* The model whose "hidden-changed" updates the description */
  IscChartModel *described_model;
  gulong         hidden_changed_id;
  gboolean       description_dirty;  /* waits for an allocation */
  char          *description;        /* as the accessible has it */
};

enum {
  PROP_0,
  PROP_MODEL,
  PROP_USE_UTC,
  PROP_CURSOR_TIME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  RANGE_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A drag shorter than this, in pixels, is a click. */
#define DRAG_THRESHOLD 4.0

G_DEFINE_FINAL_TYPE (IscChartView, isc_chart_view, GTK_TYPE_WIDGET)

static void
isc_chart_view_invalidate (IscChartView *self)
{
  g_clear_pointer (&self->series_node, gsk_render_node_unref);
  g_clear_pointer (&self->hover_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
  guint n_series = isc_chart_model_get_n_series (model);
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
  isc_chart_view_invalidate (self);
}

static void
isc_chart_view_set_hover_step (IscChartView *self,
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
  isc_chart_view_set_hover_step (self, isc_chart_get_step_at_x (self->chart, width, height, x));
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
  isc_chart_view_set_hover_step (self, -1);
}

/* The chart's menu ********************************************************/

static void
isc_chart_view_update_actions (IscChartView *self)
{
  IscChartModel *model = isc_chart_get_model (self->chart);
  static const char * const names[] = { "export", "copy-image", "copy-data", "hide" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self->actions), names[i]);

      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), model != NULL);
    }
  /* The error rate comes and goes with the requests it is derived from:
   * it is hidden by hiding them, not on its own (which would hide both). */
  if (model != NULL && g_strcmp0 (isc_chart_model_get_name (model), ISC_CATALOGUE_ERROR_RATE) == 0)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions), "hide")),
                                 FALSE);
}

static void
export_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  IscChartView *self = user_data;
  GtkWidget *views[] = { GTK_WIDGET (self) };

  if (isc_chart_get_model (self->chart) == NULL)
    return;
  isc_export_dialog_present_for_views (views, 1, 1);
}

static void
copy_image_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  IscChartView *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(IscChart) chart = NULL;
  g_autoptr(GTimeZone) utc = NULL;
  IscChartModel *model = isc_chart_get_model (self->chart);
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (model == NULL)
    return;
  if (width < 16 || height < 16)
    {
      width = 720;
      height = 320;
    }

  /* The chart as it looks here, at the screen's scale, drawn afresh so
   * the view's own picture and its place in the grid are untouched. */
  chart = isc_chart_new (model);
  isc_chart_set_style (chart, isc_chart_get_style (self->chart));
  if (self->use_utc)
    utc = g_time_zone_new_utc ();
  isc_chart_set_time_zone (chart, utc);
  bytes = isc_chart_export_to_bytes (&chart, 1, 1, ISC_CHART_FORMAT_PNG, width, height,
                                     gtk_widget_get_scale_factor (GTK_WIDGET (self)), &error);
  if (bytes != NULL)
    texture = gdk_texture_new_from_bytes (bytes, &error);
  if (texture == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not copy the image: %s"), error->message);

      isc_export_show_error (GTK_WIDGET (self), message);
      return;
    }
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (GTK_WIDGET (self)), texture);
}

static void
copy_data_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  IscChartView *self = user_data;
  IscChartModel *model = isc_chart_get_model (self->chart);
  g_autofree char *csv = NULL;

  if (model == NULL)
    return;
  csv = isc_export_dup_metric_csv (isc_chart_model_get_response (model), isc_chart_model_get_name (model));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), csv);
}

/* The window keeps which charts are shown (win.hide-chart, the path of
 * Customize View). An error rate chart is its counter's: hiding it hides
 * both. */
static void
hide_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  IscChartView *self = user_data;
  IscChartModel *model = isc_chart_get_model (self->chart);

  if (model == NULL)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.hide-chart", "s", isc_chart_model_get_name (model));
}

static void
isc_chart_view_popup_at (IscChartView *self,
                         double        x,
                         double        y)
{
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };

  if (isc_chart_get_model (self->chart) == NULL)
    return;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &rect);
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

static void
secondary_pressed_cb (IscChartView    *self,
                      int              n_press,
                      double           x,
                      double           y,
                      GtkGestureClick *gesture)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  isc_chart_view_popup_at (self, x, y);
}

static void
long_pressed_cb (IscChartView        *self,
                 double               x,
                 double               y,
                 GtkGestureLongPress *gesture)
{
  isc_chart_view_popup_at (self, x, y);
}

static gboolean
menu_key_cb (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  IscChartView *self = ISC_CHART_VIEW (widget);

  if (isc_chart_get_model (self->chart) == NULL)
    return FALSE;
  isc_chart_view_popup_at (self, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
  return TRUE;
}

static void
isc_chart_view_init_menu (IscChartView *self)
{
  static const GActionEntry entries[] = {
    { "export", export_action },
    { "copy-image", copy_image_action },
    { "copy-data", copy_data_action },
    { "hide", hide_action },
  };
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  GtkGesture *click, *long_press;
  GtkEventController *shortcuts;

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "chart", G_ACTION_GROUP (self->actions));
  isc_chart_view_update_actions (self);

  g_menu_append (section, _("_Export Image…"), "chart.export");
  g_menu_append (section, _("_Copy Image"), "chart.copy-image");
  g_menu_append (section, _("Copy _Data"), "chart.copy-data");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_clear_object (&section);
  section = g_menu_new ();
  g_menu_append (section, _("_Hide Chart"), "chart.hide");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  self->menu_model = G_MENU_MODEL (g_steal_pointer (&menu));

  self->menu = gtk_popover_menu_new_from_model (self->menu_model);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
  gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->menu, GTK_WIDGET (self));

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (click, "pressed", G_CALLBACK (secondary_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  long_press = gtk_gesture_long_press_new ();
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (long_press), TRUE);
  g_signal_connect_object (long_press, "pressed", G_CALLBACK (long_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (long_press));

  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Menu, 0),
                                                          gtk_callback_action_new (menu_key_cb, NULL, NULL)));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F10, GDK_SHIFT_MASK),
                                                          gtk_callback_action_new (menu_key_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  /* The menu is reached from the keyboard too. */
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
}

static void append_series   (IscChartView *self,
                             GtkSnapshot  *snapshot,
                             int           width,
                             int           height);
static void append_overlays (IscChartView *self,
                             GtkSnapshot  *snapshot,
                             int           width,
                             int           height);
static void append_key_band (IscChartView *self,
                             GtkSnapshot  *snapshot,
                             int           width,
                             int           height);
static void update_description (IscChartView *self);

typedef void (*DrawFunc) (IscChart *chart,
                          cairo_t  *cr,
                          int       width,
                          int       height,
                          int       step);

/* A node of what draw() draws in area (of the chart at width × height),
 * kept while it stays the same. (Drawn first into pixels at the screen's
 * scale instead, the window measured the same on a crosshair move and
 * 13 % slower to relayout, tests/bench-interact against the build before:
 * GSK's cairo renderer clips a replay to the damage as cheaply as a copy.
 * A texture node would cost more: GTK 4.8's cairo renderer converts a
 * texture to a new surface in each frame.) */
static GskRenderNode *
draw_node (IscChartView       *self,
           const IscChartRect *area,
           int                 width,
           int                 height,
           DrawFunc            draw,
           int                 step)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  cairo_t *cr;

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

  if (self->series_node == NULL || self->node_width != width || self->node_height != height ||
      align.gutter != self->node_align.gutter || align.plot_height != self->node_align.plot_height)
    {
      g_clear_pointer (&self->series_node, gsk_render_node_unref);
      g_clear_pointer (&self->hover_node, gsk_render_node_unref);
      self->series_node = draw_series (self, width, height);
      self->node_width = width;
      self->node_height = height;
      self->node_align = align;
      self->n_renders++;
    }

  if (self->series_node != NULL)
    append_series (self, snapshot, width, height);

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
          self->hover_node = draw_node (self, &area, width, height, isc_chart_draw_hover, self->hover_step);
          self->hover_node_step = self->hover_step;
        }
      if (self->hover_node != NULL)
        gtk_snapshot_append_node (snapshot, self->hover_node);
    }

  append_overlays (self, snapshot, width, height);
  append_key_band (self, snapshot, width, height);
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
    update_description (self);
}

static void
isc_chart_view_dispose (GObject *object)
{
  IscChartView *self = (IscChartView *)object;

  g_clear_pointer (&self->series_node, gsk_render_node_unref);
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

  /* A drag over the plot chose [start_ms, end_ms): the view shows it
   * scaled at once and asks the window to zoom there (win.zoom-to). */
  signals[RANGE_SELECTED] =
    g_signal_new ("range-selected",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_INT64);

  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

/* The plot of the chart as laid out at the view's size; FALSE when the
 * chart has no time axis there (no model, bars, "No data"). */
static gboolean
get_plot (IscChartView *self,
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
static void
append_series (IscChartView *self,
               GtkSnapshot  *snapshot,
               int           width,
               int           height)
{
  const IscChartLayout *layout;
  const IscChartColor *bg;
  graphene_rect_t clip;
  double old_span, new_span;

  gtk_snapshot_append_node (snapshot, self->series_node);
  if (!self->previewing)
    return;

  layout = isc_chart_ensure_layout (self->chart, width, height);
  old_span = (double) (layout->x_max - layout->x_min);
  new_span = (double) (self->preview_end_ms - self->preview_start_ms);
  if (layout->message.layout != NULL || old_span <= 0 || new_span <= 0 || layout->plot.width <= 0)
    return;

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
  gtk_snapshot_append_node (snapshot, self->series_node);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);
}

/* What moves with the pointer, each in a node of its own over the cached
 * series: the shared cursor (on a chart the pointer is not over; the one
 * it is over draws its hover) and the drag's band. */
static void
append_overlays (IscChartView *self,
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

  if (self->dragging && self->banding && get_plot (self, &plot))
    {
      const IscChartColor *c = &isc_chart_get_style (self->chart)->cursor;
      double x0 = MIN (self->drag_x0, self->drag_x1);
      double x1 = MAX (self->drag_x0, self->drag_x1);
      graphene_rect_t band;

      graphene_rect_init (&band, x0, plot.y, x1 - x0, plot.height);
      gtk_snapshot_append_color (snapshot, &(GdkRGBA) { c->red, c->green, c->blue, 0.18f }, &band);
      graphene_rect_init (&band, x0, plot.y, 1, plot.height);
      gtk_snapshot_append_color (snapshot, &(GdkRGBA) { c->red, c->green, c->blue, 0.6f }, &band);
      graphene_rect_init (&band, x1 - 1, plot.y, 1, plot.height);
      gtk_snapshot_append_color (snapshot, &(GdkRGBA) { c->red, c->green, c->blue, 0.6f }, &band);
    }
}

static void
cursor_motion_cb (IscChartView             *self,
                  double                    x,
                  double                    y,
                  GtkEventControllerMotion *controller)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  IscChartRect plot;

  if (!get_plot (self, &plot) || x < plot.x || x > plot.x + plot.width)
    {
      isc_chart_view_set_cursor_time (self, -1);
      return;
    }
  isc_chart_view_set_cursor_time (self, isc_chart_get_time_at_x (self->chart, width, height, x));
}

static void
cursor_leave_cb (IscChartView             *self,
                 GtkEventControllerMotion *controller)
{
  isc_chart_view_set_cursor_time (self, -1);
}

/* A drag's release or Enter on a keyboard selection: [start_ms, end_ms)
 * is zoomed to. The page scales its other charts; this one at once too. */
static void
zoom_to_selection (IscChartView *self,
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
  if (!get_plot (self, &plot) || !plot_contains (&plot, x, y) || self->previewing)
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

  if (!self->dragging || !get_plot (self, &plot))
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
  if (!get_plot (self, &plot))
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

  zoom_to_selection (self, start_ms, end_ms);
}

/* Escape during a drag: no zoom; otherwise the key is someone else's. */
static gboolean
cancel_drag_cb (GtkWidget *widget,
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

  if (n_press != 2 || !get_plot (self, &plot) || !plot_contains (&plot, x, y))
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.zoom-out", NULL);
}

/* The shared cursor follows the pointer through the hover's own motion
 * controller, after it. */
static void
isc_chart_view_init_zoom (IscChartView       *self,
                          GtkEventController *cursor)
{
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->cursor_ms = -1;
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
                                                          gtk_callback_action_new (cancel_drag_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
}

/* Keyboard and screen reader **********************************************/

enum {
  KEY_LEFT,
  KEY_RIGHT,
  KEY_HOME,
  KEY_END,
  KEY_ENTER,
  KEY_ESCAPE,
  KEY_EXTEND = 1 << 4,  /* with Shift: the selection follows */
};

/* The keyboard's selection as times, FALSE when none or empty: from the
 * step where Shift was first held to the cursor's step, as the band
 * between their cursor lines shows it. */
static gboolean
get_key_selection (IscChartView *self,
                   gint64       *start_ms,
                   gint64       *end_ms)
{
  IscChartModel *model = isc_chart_get_model (self->chart);
  const gint64 *starts;
  guint n_steps;
  int lo, hi;

  if (model == NULL || self->sel_anchor < 0 || self->key_step < 0)
    return FALSE;
  n_steps = isc_chart_model_get_n_steps (model);
  if ((guint) self->sel_anchor >= n_steps || (guint) self->key_step >= n_steps)
    return FALSE;
  lo = MIN (self->sel_anchor, self->key_step);
  hi = MAX (self->sel_anchor, self->key_step);
  if (lo == hi)
    return FALSE;
  starts = isc_chart_model_get_step_starts (model);
  *start_ms = starts[lo];
  *end_ms = starts[hi];
  return TRUE;
}

/* The hover box's text as one sentence: "Mon 1 Dec 10:00:00; 2xx: 5/s;
 * 5xx: 1/s" rather than lines with swatches. */
static char *
dup_hover_sentence (IscChartView *self,
                    int           width,
                    int           height,
                    int           step)
{
  g_autofree char *text = isc_chart_dup_hover_text (self->chart, width, height, step);
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) sentence = g_string_new (NULL);

  if (text == NULL)
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      g_autofree char *clean = NULL;

      if (g_str_has_prefix (line, "■"))
        line += strlen ("■");
      clean = g_strstrip (g_strdup (line));
      if (*clean == '\0')
        continue;
      /* "label  value": the box's gap is a pause to the ear. */
      if (strstr (clean, "  ") != NULL)
        {
          g_auto(GStrv) parts = g_strsplit (clean, "  ", 2);

          g_free (clean);
          clean = g_strdup_printf ("%s: %s", parts[0], g_strstrip (parts[1]));
        }
      if (sentence->len > 0)
        g_string_append (sentence, "; ");
      g_string_append (sentence, clean);
    }
  return g_string_free (g_steal_pointer (&sentence), FALSE);
}

/* What a screen reader says of the chart: what is under the keyboard's
 * cursor, if it is shown; the range and the unit; each shown series'
 * last, minimum and maximum, in the legend's format. */
static char *
dup_description (IscChartView *self,
                 int           width,
                 int           height)
{
  IscChartModel *model = isc_chart_get_model (self->chart);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(IscTimeRange) range = NULL;
  g_autoptr(GTimeZone) zone = NULL;
  g_autofree char *range_words = NULL;
  const IscValueFormat *format;
  const char *unit;
  const guint *order;
  guint n_order = 0;

  if (model == NULL)
    return NULL;

  if (self->key_step >= 0)
    {
      g_autofree char *at = dup_hover_sentence (self, width, height, self->key_step);

      if (at != NULL)
        {
          /* Translators: in a chart's description for screen readers: the
           * time and the values under the keyboard's cursor */
          g_string_append_printf (text, _("At %s."), at);
          g_string_append_c (text, ' ');
        }
    }

  range = isc_time_range_new_absolute (isc_chart_model_get_start_ms (model), isc_chart_model_get_end_ms (model));
  zone = self->use_utc ? g_time_zone_new_utc () : g_time_zone_new_local ();
  range_words = isc_time_range_describe_in_zone (range, g_get_real_time () / 1000, zone, self->use_utc);
  unit = isc_chart_model_get_unit_text (model);
  if (unit == NULL)
    unit = isc_chart_model_get_unit_label (model);
  if (unit != NULL)
    /* Translators: in a chart's description for screen readers: its time
     * range, then its unit, such as "Today 09:12–10:40; unit: seconds." */
    g_string_append_printf (text, _("%s; unit: %s."), range_words, unit);
  else
    g_string_append_printf (text, "%s.", range_words);

  if (isc_chart_model_is_empty (model))
    {
      g_string_append_c (text, ' ');
      g_string_append (text, _("No data in this range."));
      return g_string_free (g_steal_pointer (&text), FALSE);
    }

  format = isc_chart_get_legend_format (self->chart, width, height);
  order = isc_chart_model_get_order (model, &n_order);
  for (guint k = 0; k < n_order; k++)
    {
      const IscChartSeries *cs = isc_chart_model_get_series (model, order[k]);
      g_autofree char *last = NULL;
      g_autofree char *min = NULL;
      g_autofree char *max = NULL;

      if (isc_chart_model_get_series_hidden (model, order[k]))
        continue;
      g_string_append_c (text, ' ');
      if (cs->n_values == 0)
        {
          /* Translators: a series without values, in a chart's description */
          g_string_append_printf (text, _("%s: no data."), cs->label);
          continue;
        }
      last = isc_chart_model_format_value (model, format, cs->last);
      min = isc_chart_model_format_value (model, format, cs->min);
      max = isc_chart_model_format_value (model, format, cs->max);
      /* Translators: a series' statistics in a chart's description for
       * screen readers */
      g_string_append_printf (text, _("%s: last %s, minimum %s, maximum %s."), cs->label, last, min, max);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_description (IscChartView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  g_autofree char *description = NULL;

  /* The legend's format is the layout's at the chart's size: until the
   * chart has one, the description waits for its allocation. */
  if (width <= 0 || height <= 0)
    {
      self->description_dirty = TRUE;
      return;
    }
  self->description_dirty = FALSE;
  description = dup_description (self, width, height);
  if (g_strcmp0 (description, self->description) == 0)
    return;
  g_free (self->description);
  self->description = g_strdup (description);
  if (description == NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  else
    gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                    -1);
}

/* The keyboard's cursor goes: the pointer's hover, if any, stays. */
static void
clear_key_cursor (IscChartView *self)
{
  gboolean had = self->key_step >= 0 || self->sel_anchor >= 0;

  self->sel_anchor = -1;
  if (self->key_step < 0)
    {
      if (had)
        gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  self->key_step = -1;
  if (!self->pointer_in)
    {
      isc_chart_view_set_hover_step (self, -1);
      isc_chart_view_set_cursor_time (self, -1);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_description (self);
}

static gboolean
move_key_cursor (IscChartView *self,
                 int           how,
                 gboolean      extend)
{
  IscChartModel *model = isc_chart_get_model (self->chart);
  const gint64 *starts;
  IscChartRect plot;
  int n_steps, from, to;

  if (model == NULL || self->previewing || self->dragging || !get_plot (self, &plot))
    return FALSE;
  n_steps = (int) isc_chart_model_get_n_steps (model);
  if (n_steps == 0)
    return FALSE;
  starts = isc_chart_model_get_step_starts (model);
  from = self->cursor_ms >= 0 ? isc_chart_get_step_near_time (self->chart, self->cursor_ms) : -1;

  switch (how)
    {
    case KEY_LEFT:
      to = from < 0 ? n_steps - 1 : MAX (0, from - 1);
      break;
    case KEY_RIGHT:
      to = from < 0 ? 0 : MIN (n_steps - 1, from + 1);
      break;
    case KEY_HOME:
      to = 0;
      break;
    case KEY_END:
    default:
      to = n_steps - 1;
      break;
    }

  if (!extend)
    self->sel_anchor = -1;
  else if (self->sel_anchor < 0)
    self->sel_anchor = from >= 0 ? from : to;

  /* The same cursor as the pointer's: the line on every chart of the
   * page, the values box on this one. */
  self->key_step = to;
  isc_chart_view_set_cursor_time (self, starts[to]);
  self->hover_step = to;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_description (self);
  return TRUE;
}

static gboolean
chart_key_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  IscChartView *self = ISC_CHART_VIEW (widget);
  int code = GPOINTER_TO_INT (user_data);
  gint64 start_ms, end_ms;

  switch (code & ~KEY_EXTEND)
    {
    case KEY_ENTER:
      if (get_key_selection (self, &start_ms, &end_ms))
        {
          clear_key_cursor (self);
          zoom_to_selection (self, start_ms, end_ms);
          return TRUE;
        }
      /* Without a selection, Enter opens the chart's menu. */
      return menu_key_cb (widget, args, NULL);

    case KEY_ESCAPE:
      /* A drag's, whichever of the chart's shortcuts sees it first. */
      if (self->dragging)
        return cancel_drag_cb (widget, args, NULL);
      if (self->sel_anchor < 0)
        return FALSE;
      self->sel_anchor = -1;
      gtk_widget_queue_draw (widget);
      return TRUE;

    default:
      return move_key_cursor (self, code & ~KEY_EXTEND, (code & KEY_EXTEND) != 0);
    }
}

/* The selection's band, drawn as a drag's is. */
static void
append_key_band (IscChartView *self,
                 GtkSnapshot  *snapshot,
                 int           width,
                 int           height)
{
  double x0, x1;
  IscChartRect plot;
  const IscChartColor *c;
  graphene_rect_t band;

  if (self->previewing || self->dragging || !get_plot (self, &plot) ||
      !isc_chart_view_get_band (self, &x0, &x1))
    return;
  c = &isc_chart_get_style (self->chart)->cursor;
  graphene_rect_init (&band, x0, plot.y, x1 - x0, plot.height);
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { c->red, c->green, c->blue, 0.18f }, &band);
  graphene_rect_init (&band, x0, plot.y, 1, plot.height);
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { c->red, c->green, c->blue, 0.6f }, &band);
  graphene_rect_init (&band, x1 - 1, plot.y, 1, plot.height);
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { c->red, c->green, c->blue, 0.6f }, &band);
}

/* Another chart's cursor, or the pointer's, replaces the keyboard's. */
static void
key_cursor_time_cb (IscChartView *self)
{
  IscChartModel *model = isc_chart_get_model (self->chart);

  if (self->key_step < 0 || model == NULL)
    return;
  if ((guint) self->key_step < isc_chart_model_get_n_steps (model) &&
      isc_chart_model_get_step_starts (model)[self->key_step] == self->cursor_ms)
    return;
  self->key_step = -1;
  self->sel_anchor = -1;
  if (!self->pointer_in)
    isc_chart_view_set_hover_step (self, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  update_description (self);
}

static void
key_model_cb (IscChartView *self)
{
  IscChartModel *model = isc_chart_get_model (self->chart);

  if (self->described_model != NULL)
    {
      g_clear_signal_handler (&self->hidden_changed_id, self->described_model);
      g_clear_object (&self->described_model);
    }
  if (model != NULL)
    {
      self->described_model = g_object_ref (model);
      self->hidden_changed_id = g_signal_connect_object (model, "hidden-changed",
                                                         G_CALLBACK (update_description), self,
                                                         G_CONNECT_SWAPPED);
    }

  /* A refresh keeps the keyboard's cursor at its time, on the new steps;
   * a span of the old steps means nothing there. */
  self->sel_anchor = -1;
  if (self->key_step >= 0)
    {
      self->key_step = model != NULL && self->cursor_ms >= 0 ? isc_chart_get_step_near_time (self->chart, self->cursor_ms) : -1;
      if (!self->pointer_in)
        self->hover_step = self->key_step;
    }
  update_description (self);
}

static void
key_focus_leave_cb (IscChartView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  /* Another window in front: the place read to is kept for the return. */
  if (GTK_IS_WINDOW (root) && !gtk_window_is_active (GTK_WINDOW (root)))
    return;
  clear_key_cursor (self);
}

static void
isc_chart_view_init_keys (IscChartView *self)
{
  static const struct {
    guint keyval;
    GdkModifierType modifiers;
    int code;
  } keys[] = {
    { GDK_KEY_Left, 0, KEY_LEFT },
    { GDK_KEY_KP_Left, 0, KEY_LEFT },
    { GDK_KEY_Right, 0, KEY_RIGHT },
    { GDK_KEY_KP_Right, 0, KEY_RIGHT },
    { GDK_KEY_Home, 0, KEY_HOME },
    { GDK_KEY_KP_Home, 0, KEY_HOME },
    { GDK_KEY_End, 0, KEY_END },
    { GDK_KEY_KP_End, 0, KEY_END },
    { GDK_KEY_Left, GDK_SHIFT_MASK, KEY_LEFT | KEY_EXTEND },
    { GDK_KEY_KP_Left, GDK_SHIFT_MASK, KEY_LEFT | KEY_EXTEND },
    { GDK_KEY_Right, GDK_SHIFT_MASK, KEY_RIGHT | KEY_EXTEND },
    { GDK_KEY_KP_Right, GDK_SHIFT_MASK, KEY_RIGHT | KEY_EXTEND },
    { GDK_KEY_Home, GDK_SHIFT_MASK, KEY_HOME | KEY_EXTEND },
    { GDK_KEY_End, GDK_SHIFT_MASK, KEY_END | KEY_EXTEND },
    { GDK_KEY_Return, 0, KEY_ENTER },
    { GDK_KEY_KP_Enter, 0, KEY_ENTER },
    { GDK_KEY_ISO_Enter, 0, KEY_ENTER },
    { GDK_KEY_Escape, 0, KEY_ESCAPE },
  };
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->key_step = -1;
  self->sel_anchor = -1;

  /* Named, so tests can find it among the chart's other shortcuts. */
  gtk_event_controller_set_name (shortcuts, "chart-keys");
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, keys[i].modifiers),
                                                            gtk_callback_action_new (chart_key_cb,
                                                                                     GINT_TO_POINTER (keys[i].code),
                                                                                     NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  g_signal_connect_object (focus, "leave", G_CALLBACK (key_focus_leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  g_signal_connect (self, "notify::cursor-time", G_CALLBACK (key_cursor_time_cb), NULL);
  g_signal_connect (self, "notify::model", G_CALLBACK (key_model_cb), NULL);
  g_signal_connect (self, "notify::use-utc", G_CALLBACK (update_description), NULL);
}

static void
isc_chart_view_init (IscChartView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *legend_click = gtk_gesture_click_new ();

  self->chart = isc_chart_new (NULL);
  self->hover_step = -1;
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

  isc_chart_view_init_zoom (self, motion);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (isc_chart_view_update_style), self, G_CONNECT_SWAPPED);
  isc_chart_view_update_style (self);

  isc_chart_view_init_menu (self);
  isc_chart_view_init_keys (self);
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

  isc_chart_view_invalidate (self);
  isc_chart_view_update_actions (self);
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

GMenuModel *
isc_chart_view_get_menu_model (IscChartView *self)
{
  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), NULL);
  return self->menu_model;
}

GtkPopover *
isc_chart_view_get_menu (IscChartView *self)
{
  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), NULL);
  return GTK_POPOVER (self->menu);
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
  isc_chart_view_invalidate (self);
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
  n_series = isc_chart_model_get_n_series (model);
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
  isc_chart_view_invalidate (self);
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
      isc_chart_view_invalidate (self);
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
      if (self->dragging || width <= 0 || height <= 0 || !get_key_selection (self, &start_ms, &end_ms))
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

/**
 * isc_chart_view_dup_description:
 * @self: a chart view
 *
 * The accessible description the view last set: its range, unit and
 * series' statistics, and what is under the keyboard's cursor.
 *
 * Returns: (transfer full) (nullable): the description
 */
char *
isc_chart_view_dup_description (IscChartView *self)
{
  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), NULL);
  return g_strdup (self->description);
}
