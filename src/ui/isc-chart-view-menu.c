/* isc-chart-view-menu.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chart view's menu (Export Image…, Copy Image, Copy Data, Logs at
 * This Time, Hide Chart), from a right-click, a long press or the
 * keyboard.
 */

#define G_LOG_DOMAIN "isc-chart-view"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-catalogue.h"
#include "isc-chart-export.h"
#include "isc-chart-view-private.h"
#include "isc-export-dialog.h"

void
_isc_chart_view_update_actions (IscChartView *self)
{
  IscChartModel *model = isc_chart_get_model (self->chart);
  static const char * const names[] = { "export", "copy-image", "copy-data", "logs-at-time", "hide" };

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

/* The window opens its Logs page around the moment the menu points at
 * (win.logs-at-time): the cursor's, or the step under the menu's place. */
static void
logs_at_time_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  IscChartView *self = user_data;

  if (isc_chart_get_model (self->chart) == NULL || self->menu_ms < 0)
    return;
  /* The keyboard's cursor hands its moment to the window: the chart
   * loses the focus as the Logs page replaces it, and a keyboard's
   * cursor then goes with its time, which the page opens at. (The
   * pointer's went when it moved onto the menu.) */
  _isc_chart_view_release_key_cursor (self);
  gtk_widget_activate_action (GTK_WIDGET (self), "win.logs-at-time", "x", self->menu_ms);
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
  IscChartModel *model = isc_chart_get_model (self->chart);
  int step;

  if (model == NULL)
    return;
  /* The moment Logs at This Time opens: the cursor's (the pointer's, the
   * keyboard's, a log line's), else the step where the menu opens. */
  self->menu_ms = self->cursor_ms;
  if (self->menu_ms < 0 &&
      (step = isc_chart_get_step_at_x (self->chart, gtk_widget_get_width (GTK_WIDGET (self)),
                                       gtk_widget_get_height (GTK_WIDGET (self)), x)) >= 0)
    self->menu_ms = isc_chart_model_get_step_starts (model)[step];
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

gboolean
_isc_chart_view_menu_key_cb (GtkWidget *widget,
                             GVariant  *args,
                             gpointer   user_data)
{
  IscChartView *self = ISC_CHART_VIEW (widget);

  if (isc_chart_get_model (self->chart) == NULL)
    return FALSE;
  isc_chart_view_popup_at (self, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
  return TRUE;
}

void
_isc_chart_view_init_menu (IscChartView *self)
{
  static const GActionEntry entries[] = {
    { "export", export_action },
    { "copy-image", copy_image_action },
    { "copy-data", copy_data_action },
    { "logs-at-time", logs_at_time_action },
    { "hide", hide_action },
  };
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  GtkGesture *click, *long_press;
  GtkEventController *shortcuts;

  self->menu_ms = -1;
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "chart", G_ACTION_GROUP (self->actions));
  _isc_chart_view_update_actions (self);

  g_menu_append (section, _("_Export Image…"), "chart.export");
  g_menu_append (section, _("_Copy Image"), "chart.copy-image");
  g_menu_append (section, _("Copy _Data"), "chart.copy-data");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_clear_object (&section);
  section = g_menu_new ();
  g_menu_append (section, _("_Logs at This Time"), "chart.logs-at-time");
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
                                                          gtk_callback_action_new (_isc_chart_view_menu_key_cb, NULL, NULL)));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F10, GDK_SHIFT_MASK),
                                                          gtk_callback_action_new (_isc_chart_view_menu_key_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  /* The menu is reached from the keyboard too. */
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
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
