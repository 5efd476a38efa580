/* isc-window-state.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the window keeps in the settings: the view's state, the model's
 * layout, the window's size and the sidebar's width.
 */

#define G_LOG_DOMAIN "isc-window"

#include "config.h"

#include "isc-application.h"
#include "isc-layout.h"
#include "isc-window-private.h"

/* How wide the sidebar may be dragged: the range of "sidebar-width". */
#define SIDEBAR_MIN_WIDTH 220
#define SIDEBAR_MAX_WIDTH 480

/* Writes @value to the integer @key clamped to the schema's range: GSettings
 * refuses a value out of it (and reads one stored out of it, by an older
 * version or a hand, as the default). */
static void
set_int_in_range (GSettings  *settings,
                  const char *key,
                  int         value)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;
  g_autoptr(GVariant) range = NULL;
  g_autoptr(GVariant) limits = NULL;
  const char *type = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  range = g_settings_schema_key_get_range (schema_key);
  g_variant_get (range, "(&sv)", &type, &limits);
  if (g_strcmp0 (type, "range") == 0)
    {
      int min = 0, max = 0;

      g_variant_get (limits, "(ii)", &min, &max);
      value = CLAMP (value, min, max);
    }
  g_settings_set_int (settings, key, value);
}

/* The view's state, and the Model APIs page when shown; NULL when there
 * is nothing to remember. */
GVariant *
_isc_window_dup_state (IscWindow *self)
{
  GVariant *state;
  gboolean model_apis = self->showing_overview && self->showing_model_apis;

  if (isc_view_get_target (self->view) == NULL && !model_apis)
    return NULL;

  state = g_variant_ref_sink (isc_view_save_state (self->view));
  /* A row of the Model APIs section is remembered as a target is. */
  if (model_apis)
    {
      const char *api = isc_model_apis_page_get_model (self->model_apis_page);
      GVariantDict dict;

      g_variant_dict_init (&dict, state);
      g_variant_dict_insert (&dict, "page", "s", "model-apis");
      if (api != NULL)
        g_variant_dict_insert (&dict, "model-api", "s", api);
      g_variant_unref (state);
      state = g_variant_ref_sink (g_variant_dict_end (&dict));
    }
  return state;
}

void
_isc_window_save_view_state (IscWindow *self)
{
  GSettings *settings = _isc_window_get_settings (self);
  g_autoptr(GVariant) state = NULL;

  if (!isc_settings_has_key (settings, "view-state"))
    return;
  state = _isc_window_dup_state (self);
  if (state != NULL)
    g_settings_set_value (settings, "view-state", state);
}

void
_isc_window_restore_view_state (IscWindow *self)
{
  GSettings *settings = _isc_window_get_settings (self);
  g_autoptr(GVariant) state = NULL;

  if (!isc_settings_has_key (settings, "view-state"))
    return;

  state = g_settings_get_value (settings, "view-state");
  isc_view_restore_state (self->view, state);
  _isc_window_restore_page (self, state);
}

/* The Model APIs page, on its API's row, if the window showed it. */
void
_isc_window_restore_page (IscWindow *self,
                          GVariant  *state)
{
  const char *page = NULL;
  const char *api = NULL;

  if (state == NULL || !g_variant_is_of_type (state, G_VARIANT_TYPE_VARDICT) ||
      !g_variant_lookup (state, "page", "&s", &page) || g_strcmp0 (page, "model-apis") != 0)
    return;
  if (!g_variant_lookup (state, "model-api", "&s", &api))
    api = NULL;
  isc_model_apis_page_set_model (self->model_apis_page, api);
  _isc_window_show_model_apis (self);
}

/* The model's chosen charts (Customize View), or NULL for all. */
void
_isc_window_apply_layout (IscWindow *self)
{
  GSettings *settings = _isc_window_get_settings (self);
  const IscTarget *target = isc_view_get_target (self->view);
  g_autoptr(GVariant) layouts = NULL;
  g_auto(GStrv) metrics = NULL;

  if (target == NULL || !isc_settings_has_key (settings, "model-layouts"))
    return;

  layouts = g_settings_get_value (settings, "model-layouts");
  metrics = isc_layout_lookup (layouts, target->model_id);
  isc_view_set_metrics (self->view, (const char * const *) metrics);
}

void
_isc_window_load_window_size (IscWindow *self)
{
  GSettings *settings = _isc_window_get_settings (self);

  if (settings == NULL)
    return;

  /* The schema's ranges keep each size within what the window can be:
   * GSettings reads a value stored out of range as the default. */
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  if (isc_settings_has_key (settings, "sidebar-width"))
    _isc_window_set_sidebar_width (self, CLAMP (g_settings_get_int (settings, "sidebar-width"),
                                                SIDEBAR_MIN_WIDTH, SIDEBAR_MAX_WIDTH));
}

/* The default size follows the person's resizing but not maximizing, so
 * it is the size to come back to when the window is restored. */
void
_isc_window_save_window_size (IscWindow *self)
{
  GSettings *settings = _isc_window_get_settings (self);
  int width = 0;
  int height = 0;

  if (settings == NULL)
    return;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      set_int_in_range (settings, "window-width", width);
      set_int_in_range (settings, "window-height", height);
    }
  g_settings_set_boolean (settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
}

static void
sidebar_drag_begin_cb (GtkGestureDrag *gesture,
                       double          x,
                       double          y,
                       IscWindow      *self)
{
  self->drag_start_width = gtk_widget_get_width (self->sidebar_box);
}

static void
sidebar_drag_update_cb (GtkGestureDrag *gesture,
                        double          dx,
                        double          dy,
                        IscWindow      *self)
{
  int width = self->drag_start_width + (int) dx;

  if (gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL)
    width = self->drag_start_width - (int) dx;
  _isc_window_set_sidebar_width (self, CLAMP (width, SIDEBAR_MIN_WIDTH, SIDEBAR_MAX_WIDTH));
}

static void
sidebar_drag_end_cb (GtkGestureDrag *gesture,
                     double          dx,
                     double          dy,
                     IscWindow      *self)
{
  GSettings *settings = _isc_window_get_settings (self);
  int width = 0;

  width = _isc_window_get_sidebar_width (self);
  if (isc_settings_has_key (settings, "sidebar-width") && width > 0)
    set_int_in_range (settings, "sidebar-width", width);
}

void
_isc_window_init_sidebar_drag (IscWindow *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  g_signal_connect (drag, "drag-begin", G_CALLBACK (sidebar_drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (sidebar_drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (sidebar_drag_end_cb), self);
  gtk_widget_add_controller (self->sidebar_handle, GTK_EVENT_CONTROLLER (drag));
}
