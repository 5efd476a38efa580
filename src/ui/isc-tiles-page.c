/* isc-tiles-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-tiles-page"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-tiles-page-private.h"

enum {
  PROP_0,
  PROP_CURRENT,
  PROP_TREND,
  PROP_COUNTERS_AS_TOTALS,
  PROP_REPLICA_MIN,
  PROP_REPLICA_MAX,
  PROP_N_TILES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IscTilesPage, isc_tiles_page, ADW_TYPE_BIN)
static gboolean
same_metrics (IscTilesPage *self)
{
  guint n = self->current != NULL ? isc_metrics_response_get_n_metrics (self->current) : 0;

  if (n != self->tiles->len)
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      Tile *tile = g_ptr_array_index (self->tiles, i);
      g_autofree char *signature = _isc_tile_metric_signature (isc_metrics_response_get_metric (self->current, i));

      if (g_strcmp0 (signature, tile->signature) != 0)
        return FALSE;
    }

  return TRUE;
}

static void
isc_tiles_page_update (IscTilesPage *self)
{
  guint n = self->current != NULL ? isc_metrics_response_get_n_metrics (self->current) : 0;
  guint old_n = self->tiles->len;

  if (!same_metrics (self))
    {
      for (guint i = 0; i < self->tiles->len; i++)
        {
          Tile *tile = g_ptr_array_index (self->tiles, i);

          gtk_flow_box_remove (self->flow_box, tile->child);
        }
      g_ptr_array_set_size (self->tiles, 0);

      for (guint i = 0; i < n; i++)
        {
          Tile *tile = _isc_tile_new (isc_metrics_response_get_metric (self->current, i));

          g_ptr_array_add (self->tiles, tile);
          gtk_flow_box_append (self->flow_box, tile->child);
        }
    }

  for (guint i = 0; i < n; i++)
    {
      Tile *tile = g_ptr_array_index (self->tiles, i);

      _isc_tile_update (self, tile, isc_metrics_response_get_metric (self->current, i));
      _isc_tile_set_trend (tile, self->trend);
    }

  if (old_n != self->tiles->len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_TILES]);
}

static void
theme_changed_cb (IscTilesPage *self)
{
  for (guint i = 0; i < self->tiles->len; i++)
    gtk_widget_queue_draw (((Tile *) g_ptr_array_index (self->tiles, i))->trend);
}

static void
isc_tiles_page_dispose (GObject *object)
{
  IscTilesPage *self = ISC_TILES_PAGE (object);

  /* The widgets go first: their draw functions read the tiles. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  g_clear_pointer (&self->tiles, g_ptr_array_unref);
  g_clear_pointer (&self->current, isc_metrics_response_unref);
  g_clear_pointer (&self->trend, isc_metrics_response_unref);

  G_OBJECT_CLASS (isc_tiles_page_parent_class)->dispose (object);
}

static void
isc_tiles_page_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  IscTilesPage *self = ISC_TILES_PAGE (object);

  switch (prop_id)
    {
    case PROP_CURRENT:
      g_value_set_boxed (value, self->current);
      break;

    case PROP_TREND:
      g_value_set_boxed (value, self->trend);
      break;

    case PROP_COUNTERS_AS_TOTALS:
      g_value_set_boolean (value, self->counters_as_totals);
      break;

    case PROP_REPLICA_MIN:
      g_value_set_int (value, self->replica_min);
      break;

    case PROP_REPLICA_MAX:
      g_value_set_int (value, self->replica_max);
      break;

    case PROP_N_TILES:
      g_value_set_uint (value, isc_tiles_page_get_n_tiles (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_tiles_page_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  IscTilesPage *self = ISC_TILES_PAGE (object);

  switch (prop_id)
    {
    case PROP_CURRENT:
      isc_tiles_page_set_response (self, g_value_get_boxed (value), self->trend);
      break;

    case PROP_TREND:
      isc_tiles_page_set_response (self, self->current, g_value_get_boxed (value));
      break;

    case PROP_COUNTERS_AS_TOTALS:
      isc_tiles_page_set_counters_as_totals (self, g_value_get_boolean (value));
      break;

    case PROP_REPLICA_MIN:
      isc_tiles_page_set_replica_limits (self, g_value_get_int (value), self->replica_max);
      break;

    case PROP_REPLICA_MAX:
      isc_tiles_page_set_replica_limits (self, self->replica_min, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_tiles_page_class_init (IscTilesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_tiles_page_dispose;
  object_class->get_property = isc_tiles_page_get_property;
  object_class->set_property = isc_tiles_page_set_property;

  /* The CURRENT response the tiles show. */
  properties[PROP_CURRENT] =
    g_param_spec_boxed ("current", NULL, NULL,
                        ISC_TYPE_METRICS_RESPONSE,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* The SERIES response the trend lines follow. */
  properties[PROP_TREND] =
    g_param_spec_boxed ("trend", NULL, NULL,
                        ISC_TYPE_METRICS_RESPONSE,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_COUNTERS_AS_TOTALS] =
    g_param_spec_boolean ("counters-as-totals", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_REPLICA_MIN] =
    g_param_spec_int ("replica-min", NULL, NULL,
                      -1, G_MAXINT, -1,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_REPLICA_MAX] =
    g_param_spec_int ("replica-max", NULL, NULL,
                      -1, G_MAXINT, -1,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_N_TILES] =
    g_param_spec_uint ("n-tiles", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_tiles_page_init (IscTilesPage *self)
{
  self->tiles = g_ptr_array_new_with_free_func (_isc_tile_free);
  self->replica_min = -1;
  self->replica_max = -1;

  self->flow_box = GTK_FLOW_BOX (gtk_flow_box_new ());
  gtk_flow_box_set_homogeneous (self->flow_box, TRUE);
  gtk_flow_box_set_selection_mode (self->flow_box, GTK_SELECTION_NONE);
  gtk_flow_box_set_min_children_per_line (self->flow_box, 1);
  gtk_flow_box_set_max_children_per_line (self->flow_box, 8);
  gtk_flow_box_set_column_spacing (self->flow_box, 12);
  gtk_flow_box_set_row_spacing (self->flow_box, 12);
  gtk_widget_set_valign (GTK_WIDGET (self->flow_box), GTK_ALIGN_START);
  gtk_widget_set_margin_top (GTK_WIDGET (self->flow_box), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->flow_box), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (self->flow_box), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->flow_box), 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->flow_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Current values"),
                                  -1);

  self->scroller = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (self->scroller, GTK_WIDGET (self->flow_box));
  gtk_widget_set_vexpand (GTK_WIDGET (self->scroller), TRUE);
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->scroller));

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (theme_changed_cb), self, G_CONNECT_SWAPPED);
}

GtkWidget *
isc_tiles_page_new (void)
{
  return g_object_new (ISC_TYPE_TILES_PAGE, NULL);
}

void
isc_tiles_page_set_response (IscTilesPage       *self,
                             IscMetricsResponse *current,
                             IscMetricsResponse *trend)
{
  gboolean current_changed;
  gboolean trend_changed;

  g_return_if_fail (ISC_IS_TILES_PAGE (self));

  current_changed = current != self->current;
  trend_changed = trend != self->trend;
  if (!current_changed && !trend_changed)
    return;

  if (current != NULL)
    isc_metrics_response_ref (current);
  if (trend != NULL)
    isc_metrics_response_ref (trend);
  g_clear_pointer (&self->current, isc_metrics_response_unref);
  g_clear_pointer (&self->trend, isc_metrics_response_unref);
  self->current = current;
  self->trend = trend;

  isc_tiles_page_update (self);

  if (current_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
  if (trend_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TREND]);
}

IscMetricsResponse *
isc_tiles_page_get_current (IscTilesPage *self)
{
  g_return_val_if_fail (ISC_IS_TILES_PAGE (self), NULL);

  return self->current;
}

IscMetricsResponse *
isc_tiles_page_get_trend (IscTilesPage *self)
{
  g_return_val_if_fail (ISC_IS_TILES_PAGE (self), NULL);

  return self->trend;
}

gboolean
isc_tiles_page_get_counters_as_totals (IscTilesPage *self)
{
  g_return_val_if_fail (ISC_IS_TILES_PAGE (self), FALSE);

  return self->counters_as_totals;
}

void
isc_tiles_page_set_counters_as_totals (IscTilesPage *self,
                                       gboolean      counters_as_totals)
{
  g_return_if_fail (ISC_IS_TILES_PAGE (self));

  counters_as_totals = !!counters_as_totals;
  if (self->counters_as_totals == counters_as_totals)
    return;

  self->counters_as_totals = counters_as_totals;
  isc_tiles_page_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COUNTERS_AS_TOTALS]);
}

void
isc_tiles_page_set_replica_limits (IscTilesPage *self,
                                   int           min_replicas,
                                   int           max_replicas)
{
  gboolean min_changed;
  gboolean max_changed;

  g_return_if_fail (ISC_IS_TILES_PAGE (self));

  min_replicas = MAX (min_replicas, -1);
  max_replicas = MAX (max_replicas, -1);
  min_changed = min_replicas != self->replica_min;
  max_changed = max_replicas != self->replica_max;
  if (!min_changed && !max_changed)
    return;

  self->replica_min = min_replicas;
  self->replica_max = max_replicas;
  isc_tiles_page_update (self);

  if (min_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLICA_MIN]);
  if (max_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLICA_MAX]);
}

int
isc_tiles_page_get_replica_min (IscTilesPage *self)
{
  g_return_val_if_fail (ISC_IS_TILES_PAGE (self), -1);

  return self->replica_min;
}

int
isc_tiles_page_get_replica_max (IscTilesPage *self)
{
  g_return_val_if_fail (ISC_IS_TILES_PAGE (self), -1);

  return self->replica_max;
}

guint
isc_tiles_page_get_n_tiles (IscTilesPage *self)
{
  g_return_val_if_fail (ISC_IS_TILES_PAGE (self), 0);

  return self->tiles != NULL ? self->tiles->len : 0;
}
