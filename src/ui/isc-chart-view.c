/* isc-chart-view.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-view"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "isc-chart-view.h"

struct _IscChartView
{
  GtkWidget      parent_instance;

  /* Owned references */
  IscChart      *chart;
  GskRenderNode *series_node;

  /* State */
  int            node_width;
  int            node_height;
  IscChartAlignment node_align;  /* the chart's alignment when drawn */
  int            hover_step;
  double         pointer_x;      /* where the pointer is, when pointer_in */
  gboolean       pointer_in;
  guint          n_renders;
  gboolean       use_utc;
};

enum {
  PROP_0,
  PROP_MODEL,
  PROP_USE_UTC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IscChartView, isc_chart_view, GTK_TYPE_WIDGET)

static void
isc_chart_view_invalidate (IscChartView *self)
{
  g_clear_pointer (&self->series_node, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
  isc_chart_view_set_hover_step (self, isc_chart_get_step_at_x (self->chart, width, height, x));
}

static void
leave_cb (IscChartView             *self,
          GtkEventControllerMotion *controller)
{
  self->pointer_in = FALSE;
  isc_chart_view_set_hover_step (self, -1);
}

static void
isc_chart_view_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  IscChartView *self = ISC_CHART_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  graphene_rect_t bounds;
  IscChartAlignment align;

  if (isc_chart_get_model (self->chart) == NULL || width <= 0 || height <= 0)
    return;

  graphene_rect_init (&bounds, 0, 0, width, height);
  /* The grid lines the chart up with its neighbours: a new gutter or plot
   * height is a new picture. */
  isc_chart_get_alignment (self->chart, &align);

  if (self->series_node == NULL || self->node_width != width || self->node_height != height ||
      align.gutter != self->node_align.gutter || align.plot_height != self->node_align.plot_height)
    {
      GtkSnapshot *series = gtk_snapshot_new ();
      cairo_t *cr = gtk_snapshot_append_cairo (series, &bounds);

      isc_chart_draw (self->chart, cr, width, height);
      cairo_destroy (cr);
      g_clear_pointer (&self->series_node, gsk_render_node_unref);
      self->series_node = gtk_snapshot_free_to_node (series);
      self->node_width = width;
      self->node_height = height;
      self->node_align = align;
      self->n_renders++;
    }

  if (self->series_node != NULL)
    gtk_snapshot_append_node (snapshot, self->series_node);

  /* The hover goes in a node just the size of the cursor and its box. */
  if (self->hover_step >= 0)
    {
      IscChartRect area;

      if (isc_chart_get_hover_area (self->chart, width, height, self->hover_step, &area))
        {
          graphene_rect_t hover_bounds;
          cairo_t *cr;

          graphene_rect_init (&hover_bounds, area.x, area.y, area.width, area.height);
          cr = gtk_snapshot_append_cairo (snapshot, &hover_bounds);
          isc_chart_draw_hover (self->chart, cr, width, height, self->hover_step);
          cairo_destroy (cr);
        }
    }
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

  /* A new size is a new layout: the old step under the pointer means
   * nothing there. */
  if (width != self->node_width || height != self->node_height)
    self->hover_step = -1;
}

static void
isc_chart_view_dispose (GObject *object)
{
  IscChartView *self = (IscChartView *)object;

  g_clear_pointer (&self->series_node, gsk_render_node_unref);
  g_clear_object (&self->chart);

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

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "chart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
isc_chart_view_init (IscChartView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->chart = isc_chart_new (NULL);
  self->hover_step = -1;

  g_signal_connect_object (motion, "motion", G_CALLBACK (motion_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (motion, "leave", G_CALLBACK (leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (isc_chart_view_update_style), self, G_CONNECT_SWAPPED);
  isc_chart_view_update_style (self);
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

  isc_chart_set_model (self->chart, model);
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
  isc_chart_view_invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USE_UTC]);
}
