/* isc-window-actions.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's actions (win.refresh, win.zoom-to, …) and the display
 * switches, kept in the settings when they can be.
 */

#define G_LOG_DOMAIN "isc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-accessible-library.h"
#include "isc-alerts-dialog.h"
#include "isc-application.h"
#include "isc-window-private.h"

/* Each is a settings key and a stateful action of the same name, and a
 * property of the view. */
static const char * const switch_names[] = {
  "use-utc",
  "counters-as-totals",
};

static void
refresh_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  IscWindow *self = user_data;

  if (self->showing_overview && self->showing_usage)
    _isc_window_load_usage (self);
  else if (self->showing_overview && self->showing_model_apis)
    _isc_window_load_model_apis (self);
  else if (self->showing_overview)
    isc_fleet_refresh (self->fleet);
  else if (self->showing_logs)
    isc_log_view_reload (self->log_view);
  else
    isc_view_refresh (self->view);
}

static void
back_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  isc_view_go_back (ISC_WINDOW (user_data)->view);
}

static void
forward_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  isc_view_go_forward (ISC_WINDOW (user_data)->view);
}

static void
zoom_in_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  isc_view_zoom (ISC_WINDOW (user_data)->view, 0.5);
}

static void
zoom_out_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  isc_view_zoom (ISC_WINDOW (user_data)->view, 2.0);
}

/* A drag over a chart: the absolute range under it, on the history like
 * any other, so Back returns. */
static void
zoom_to_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  g_autoptr(IscTimeRange) range = NULL;
  gint64 start_ms, end_ms;

  g_variant_get (parameter, "(xx)", &start_ms, &end_ms);
  if (end_ms <= start_ms)
    return;
  range = isc_time_range_new_absolute (start_ms, end_ms);
  isc_view_set_range (ISC_WINDOW (user_data)->view, range, NULL);
}

static void
mode_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  IscWindow *self = user_data;
  const char *name = g_variant_get_string (parameter, NULL);
  IscMode mode;

  /* The page, and through it the view's mode; Logs is a page of its own
   * over whichever mode the view has. */
  if (g_strcmp0 (name, "logs") == 0 || _isc_window_mode_from_page (name, &mode))
    _isc_window_show_page (self, name);
}

/* Logs at This Time (a chart's menu): the window's cursor at that
 * moment, the range a few minutes around it (pushed on the history, so
 * Back returns), and the Logs page. */
#define LOGS_AROUND_MS ((gint64) 5 * 60 * 1000)

static void
logs_at_time_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  IscWindow *self = user_data;
  gint64 moment = g_variant_get_int64 (parameter);
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 start_ms, end_ms;
  g_autoptr(IscTimeRange) range = NULL;
  g_autoptr(GError) error = NULL;

  if (moment < 0 || isc_view_get_target (self->view) == NULL)
    return;
  start_ms = moment - LOGS_AROUND_MS;
  end_ms = MIN (moment + LOGS_AROUND_MS, now_ms);
  if (end_ms <= start_ms)
    end_ms = start_ms + 2 * LOGS_AROUND_MS;
  range = isc_time_range_new_absolute (start_ms, end_ms);
  isc_view_set_cursor_time (self->view, moment);
  if (!isc_view_set_range (self->view, range, &error))
    {
      _isc_window_toast (self, error->message);
      return;
    }
  _isc_window_show_page (self, "logs");
}

static void
choose_range_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  isc_range_button_popup (ISC_WINDOW (user_data)->range_button);
}

static void
filter_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  IscWindow *self = user_data;

  if (_isc_window_get_folded (self))
    _isc_window_show_content (self, FALSE);
  _isc_window_set_sidebar_shown (self, TRUE);
  isc_sidebar_start_filter (self->sidebar);
}

static void
toggle_sidebar_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  IscWindow *self = user_data;

  if (_isc_window_get_folded (self))
    _isc_window_show_content (self, _isc_window_get_showing_sidebar (self));
  else
    _isc_window_set_sidebar_shown (self, !gtk_widget_get_visible (self->sidebar_box));
}

static void
show_sidebar_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  IscWindow *self = user_data;

  _isc_window_set_sidebar_shown (self, TRUE);
  _isc_window_show_content (self, FALSE);
}

static void
connect_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  _isc_window_open_key_dialog (ISC_WINDOW (user_data), NULL);
}

#if ADW_CHECK_VERSION (1, 8, 0)
/* AdwShortcutsDialog where libadwaita has it (1.8; GTK 4.18 deprecates
 * GtkShortcutsWindow), inside the window; it lists the same lines as
 * the window before it (gtk/help-overlay.ui). Its items find their
 * actions' keys in the application. */
static void
show_help_overlay_action (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  IscWindow *self = user_data;
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/inferscope/Inferscope/isc-shortcuts-dialog.ui");
  AdwDialog *dialog = ADW_DIALOG (gtk_builder_get_object (builder, "shortcuts_dialog"));

  adw_dialog_present (dialog, GTK_WIDGET (self));
}
#else
/* The shortcuts window exists only while it is open. GtkApplication
 * would build one per window at its start (from gtk/help-overlay.ui) and
 * keep it hidden: under a screen reader, GTK 4.8 answers a reader that
 * asks for a window past the last (as one does that counted them before
 * a dialog closed) with the last window it holds, and for a hidden one
 * never shown that has no object path on the bus: the app crashed. With
 * no such window, the last is one on screen.
 *
 * While open it is the window's help overlay, which lets its lines find
 * their actions' keys (and GTK's own show-help-overlay action stands in
 * for this one); once hidden it goes, and this action comes back. */
static void show_help_overlay_action (GSimpleAction *action,
                                      GVariant      *parameter,
                                      gpointer       user_data);

static const GActionEntry help_overlay_action[] = {
  { "show-help-overlay", show_help_overlay_action },
};

static void
help_overlay_visible_cb (GtkWindow  *overlay,
                         GParamSpec *pspec,
                         IscWindow  *self)
{
  if (gtk_widget_get_visible (GTK_WIDGET (overlay)))
    return;

  g_signal_handlers_disconnect_by_func (overlay, help_overlay_visible_cb, self);
  gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self), NULL);
  g_action_map_add_action_entries (G_ACTION_MAP (self), help_overlay_action,
                                   G_N_ELEMENTS (help_overlay_action), self);
  gtk_window_destroy (overlay);
}

static void
show_help_overlay_action (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  IscWindow *self = user_data;
  g_autoptr(GtkBuilder) builder = NULL;
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (self));

  if (overlay == NULL)
    {
      builder = gtk_builder_new_from_resource ("/io/github/inferscope/Inferscope/isc-shortcuts-window.ui");
      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      isc_accessible_name_shortcuts_window (overlay);
      gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self), overlay);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (overlay), TRUE);
      g_signal_connect_object (overlay, "notify::visible",
                               G_CALLBACK (help_overlay_visible_cb), self, 0);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}
#endif

static void
explore_demo_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  IscWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (!isc_session_use_demo (self->session, &error))
    _isc_window_toast (self, error->message);
}

/* The alert rules of the target shown. */
static void
alerts_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  IscWindow *self = user_data;
  const IscTarget *target = isc_view_get_target (self->view);

  if (target == NULL)
    {
      _isc_window_toast (self, _("Choose a deployment or an environment to set its alerts"));
      return;
    }
  isc_alerts_dialog_present (isc_alerts_dialog_new (GTK_WINDOW (self), _isc_window_get_settings (self), target));
}

/* What the view compares with, from the main menu of a narrow window (the
 * header has no room for the Compare button there): "none", or a shift
 * back, "1h", "1d" or "1w"; a compared target shows as "target". */
static void
compare_shift_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  IscWindow *self = user_data;
  const char *choice = g_variant_get_string (parameter, NULL);
  gint64 shift_ms = 0;

  if (g_str_equal (choice, "1h"))
    shift_ms = ISC_VIEW_SHIFT_HOUR;
  else if (g_str_equal (choice, "1d"))
    shift_ms = ISC_VIEW_SHIFT_DAY;
  else if (g_str_equal (choice, "1w"))
    shift_ms = ISC_VIEW_SHIFT_WEEK;
  else if (!g_str_equal (choice, "none"))
    return;

  isc_view_set_compare_target (self->view, NULL);
  isc_view_set_compare_shift (self->view, shift_ms);
}

void
_isc_window_update_compare_state (IscWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "compare-shift");
  gint64 shift_ms = isc_view_get_compare_shift (self->view);
  const char *state = "none";

  if (isc_view_get_compare_target (self->view) != NULL)
    state = "target";
  else if (shift_ms == ISC_VIEW_SHIFT_HOUR)
    state = "1h";
  else if (shift_ms == ISC_VIEW_SHIFT_DAY)
    state = "1d";
  else if (shift_ms == ISC_VIEW_SHIFT_WEEK)
    state = "1w";
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (state));
}

static const GActionEntry win_actions[] = {
  { "refresh", refresh_action },
  { "back", back_action },
  { "forward", forward_action },
  { "zoom-in", zoom_in_action },
  { "zoom-out", zoom_out_action },
  { "zoom-to", zoom_to_action, "(xx)" },
  { "mode", mode_action, "s", "'charts'" },
  { "choose-range", choose_range_action },
  { "filter", filter_action },
  { "toggle-sidebar", toggle_sidebar_action },
  { "show-sidebar", show_sidebar_action },
  { "connect", connect_action },
  { "show-help-overlay", show_help_overlay_action },
  { "explore-demo", explore_demo_action },
  { "customize", _isc_window_customize_action },
  { "export", _isc_window_export_action },
  { "alerts", alerts_action },
  { "compare-shift", compare_shift_action, "s", "'none'" },
  { "hide-chart", _isc_window_hide_chart_action, "s" },
  { "logs-at-time", logs_at_time_action, "x" },
};

/* With settings, the switches are the settings' own actions: flipping one
 * writes the key, and the key drives the view of every window. An
 * uninstalled build without the schema, or with an older compiled schema
 * that lacks a key (asking for it would abort), still gets working
 * switches, acting on this window's view and not kept. */
void
_isc_window_add_switches (IscWindow *self)
{
  GSettings *settings = _isc_window_get_settings (self);

  for (guint i = 0; i < G_N_ELEMENTS (switch_names); i++)
    {
      g_autoptr(GAction) action = NULL;

      if (isc_settings_has_key (settings, switch_names[i]))
        {
          action = g_settings_create_action (settings, switch_names[i]);
          g_settings_bind (settings, switch_names[i], self->view, switch_names[i], G_SETTINGS_BIND_GET);
        }
      else
        {
          g_debug ("No settings key %s: the switch is not kept", switch_names[i]);
          action = G_ACTION (g_property_action_new (switch_names[i], self->view, switch_names[i]));
        }

      g_action_map_add_action (G_ACTION_MAP (self), action);
    }

  if (isc_settings_has_key (settings, "refresh-interval"))
    g_settings_bind (settings, "refresh-interval", self->view, "refresh-interval", G_SETTINGS_BIND_GET);
  if (isc_settings_has_key (settings, "overview-requests"))
    g_settings_bind (settings, "overview-requests", self->fleet, "max-in-flight", G_SETTINGS_BIND_GET);
}

static void
bind_action_enabled (IscWindow  *self,
                     const char *action_name,
                     const char *property)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), action_name);

  g_object_bind_property (self->view, property, action, "enabled", G_BINDING_SYNC_CREATE);
}

/* The switches' actions and settings bindings, taken away by dispose ()
 * while the window is whole. */
void
_isc_window_remove_switches (IscWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (switch_names); i++)
    {
      g_settings_unbind (self->view, switch_names[i]);
      g_action_map_remove_action (G_ACTION_MAP (self), switch_names[i]);
    }
  g_settings_unbind (self->view, "refresh-interval");
  g_settings_unbind (self->fleet, "max-in-flight");
}

void
_isc_window_init_actions (IscWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions), self);
  bind_action_enabled (self, "back", "can-go-back");
  bind_action_enabled (self, "forward", "can-go-forward");
}
