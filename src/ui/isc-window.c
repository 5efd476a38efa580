/* isc-window.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-add-target-dialog.h"
#include "isc-api-error.h"
#include "isc-catalogue.h"
#include "isc-key-dialog.h"
#include "isc-text.h"
#include "isc-ui-resources.h"
#include "isc-window-private.h"

/* The main window. Its state is its IscView: the window only carries the
 * view's properties to the widgets and the person's choices back.
 *
 * The main stack shows "starting" (the session looks for a key),
 * "welcome" (no key) or "main": the sidebar (the session's targets) and
 * the content, side by side or, narrow, one page at a time: the header
 * (range history, the title with the mode switcher, range, Refresh,
 * menu), the stale strip, and a stack of "loading", "status" (an error,
 * no data, nothing chosen) and "content", the mode pages in an
 * AdwViewStack.
 *
 * On libadwaita 1.4 and later the template is isc-window-adaptive.ui: an
 * AdwNavigationSplitView that breakpoints collapse, AdwToolbarViews, an
 * AdwBanner; on older ones isc-window.ui: an AdwLeaflet that folds, an
 * AdwSqueezer for the title. The two have the same names, and the
 * functions below hide which one the window is.
 */

G_DEFINE_FINAL_TYPE (IscWindow, isc_window, ADW_TYPE_APPLICATION_WINDOW)

GSettings *
_isc_window_get_settings (IscWindow *self)
{
  return self->session != NULL ? isc_session_get_settings (self->session) : NULL;
}

void
_isc_window_toast (IscWindow  *self,
                   const char *message)
{
  /* A toast's title is markup; the message is text (often a server's). */
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *t = adw_toast_new (escaped);

  adw_toast_set_timeout (t, 8);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

/* Mode names: the view stack's pages and the win.mode action's state. */
static const char *
mode_to_page (IscMode mode)
{
  switch (mode)
    {
    case ISC_MODE_CURRENT:
      return "now";
    case ISC_MODE_SUMMARY:
      return "summary";
    case ISC_MODE_SERIES:
    default:
      return "charts";
    }
}

gboolean
_isc_window_mode_from_page (const char *name,
                            IscMode    *mode)
{
  if (g_strcmp0 (name, "now") == 0)
    *mode = ISC_MODE_CURRENT;
  else if (g_strcmp0 (name, "summary") == 0)
    *mode = ISC_MODE_SUMMARY;
  else if (g_strcmp0 (name, "charts") == 0)
    *mode = ISC_MODE_SERIES;
  else
    return FALSE;
  return TRUE;
}

static gboolean
isc_window_close_request (GtkWindow *window)
{
  IscWindow *self = ISC_WINDOW (window);
  GtkApplication *app = gtk_window_get_application (window);

  _isc_window_save_window_size (self);
  _isc_window_save_view_state (self);
  /* The last window closed by hand: the next launch shows it again (a
   * quit keeps every window's, in the application). */
  if (ISC_IS_APPLICATION (app) && !isc_application_get_quitting (ISC_APPLICATION (app)) &&
      g_list_length (gtk_application_get_windows (app)) == 1)
    isc_application_save_open_views (ISC_APPLICATION (app));

  return GTK_WINDOW_CLASS (isc_window_parent_class)->close_request (window);
}

static gboolean
invert_boolean (gpointer user_data,
                gboolean value)
{
  return !value;
}

/* The main menu's "Compare With" section, for a narrow header. */
static GMenu *
new_compare_section (void)
{
  static const struct {
    const char *label;
    const char *choice;
  } items[] = {
    { N_("_Nothing"), "none" },
    { N_("1 _Hour Earlier"), "1h" },
    { N_("1 _Day Earlier"), "1d" },
    { N_("Same Time _Last Week"), "1w" },
  };
  GMenu *section = g_menu_new ();

  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(items[i].label), NULL);

      g_menu_item_set_action_and_target (item, "win.compare-shift", "s", items[i].choice);
      g_menu_append_item (section, item);
    }

  return section;
}

/* Narrow, Compare's shifts are in the main menu instead of its button. */
static void
show_compare_in_menu (IscWindow *self,
                      gboolean   narrow)
{
  if (narrow && self->compare_section == NULL)
    {
      g_autoptr(GMenuItem) item = NULL;

      self->compare_section = new_compare_section ();
      item = g_menu_item_new_section (_("Compare With"), G_MENU_MODEL (self->compare_section));
      g_menu_insert_item (self->primary_menu, 1, item);
    }
  else if (!narrow && self->compare_section != NULL)
    {
      g_menu_remove (self->primary_menu, 1);
      g_clear_object (&self->compare_section);
    }
}

gboolean
_isc_window_get_folded (IscWindow *self)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  return adw_navigation_split_view_get_collapsed (self->split_view);
#else
  return adw_leaflet_get_folded (self->leaflet);
#endif
}

void
_isc_window_show_content (IscWindow *self,
                          gboolean   content)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_navigation_split_view_set_show_content (self->split_view, content);
#else
  adw_leaflet_set_visible_child_name (self->leaflet, content ? "content" : "sidebar");
#endif
}

gboolean
_isc_window_get_showing_sidebar (IscWindow *self)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  return !adw_navigation_split_view_get_show_content (self->split_view);
#else
  return g_strcmp0 (adw_leaflet_get_visible_child_name (self->leaflet), "sidebar") == 0;
#endif
}

void
_isc_window_connect_folded (IscWindow *self,
                            GCallback  callback)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  g_signal_connect_object (self->split_view, "notify::collapsed", callback, self, G_CONNECT_SWAPPED);
#else
  g_signal_connect_object (self->leaflet, "notify::folded", callback, self, G_CONNECT_SWAPPED);
#endif
}

#if ADW_CHECK_VERSION (1, 4, 0)
/* The widths the header needs beside a sidebar of @sidebar_width: the
 * target's title with the wide switcher, with the narrow one, and the
 * title alone (the switcher in a bar at the bottom); narrower, the
 * sidebar and the content are one page at a time. Below about 980 px
 * (DejaVu Sans), the narrow switcher's labels were cut ("Summ…"): the
 * bar at the bottom shows them whole. */
#define HEADER_WIDE_WIDTH   1240
#define HEADER_MEDIUM_WIDTH 1020
#define HEADER_NARROW_WIDTH 580

static void
set_breakpoint_width (AdwBreakpoint *breakpoint,
                      int            max_width)
{
  adw_breakpoint_set_condition (breakpoint,
                                adw_breakpoint_condition_new_length (ADW_BREAKPOINT_CONDITION_MAX_WIDTH,
                                                                     max_width - 1, ADW_LENGTH_UNIT_PX));
}

static void
update_breakpoints (IscWindow *self,
                    int        sidebar_width)
{
  set_breakpoint_width (self->medium_breakpoint, sidebar_width + HEADER_WIDE_WIDTH);
  set_breakpoint_width (self->narrow_breakpoint, sidebar_width + HEADER_MEDIUM_WIDTH);
  set_breakpoint_width (self->collapse_breakpoint, sidebar_width + HEADER_NARROW_WIDTH);
}
#endif

void
_isc_window_set_sidebar_width (IscWindow *self,
                               int        width)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_navigation_split_view_set_min_sidebar_width (self->split_view, width);
  adw_navigation_split_view_set_max_sidebar_width (self->split_view, width);
  update_breakpoints (self, width);
#else
  gtk_widget_set_size_request (self->sidebar_box, width, -1);
#endif
}

int
_isc_window_get_sidebar_width (IscWindow *self)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  return (int) adw_navigation_split_view_get_max_sidebar_width (self->split_view);
#else
  int width = 0;

  gtk_widget_get_size_request (self->sidebar_box, &width, NULL);
  return width;
#endif
}

/* F9, unfolded: the sidebar beside the content, or the content alone. */
void
_isc_window_set_sidebar_shown (IscWindow *self,
                               gboolean   shown)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  /* The split view keeps its sidebar's room: a hidden sidebar has none. */
  if (shown == gtk_widget_get_visible (self->sidebar_box))
    return;
  if (shown)
    {
      gtk_widget_set_visible (self->sidebar_box, TRUE);
      _isc_window_set_sidebar_width (self, self->hidden_sidebar_width);
    }
  else
    {
      self->hidden_sidebar_width = _isc_window_get_sidebar_width (self);
      adw_navigation_split_view_set_min_sidebar_width (self->split_view, 0);
      adw_navigation_split_view_set_max_sidebar_width (self->split_view, 0);
      update_breakpoints (self, 0);
      gtk_widget_set_visible (self->sidebar_box, FALSE);
    }
#else
  gtk_widget_set_visible (self->sidebar_box, shown);
#endif
}

/* Folded to one page, the window shows the content when it has a target
 * (the sidebar is one click away), the sidebar otherwise. */
static void
folded_cb (IscWindow *self)
{
  gboolean folded = _isc_window_get_folded (self);

  if (folded)
    _isc_window_show_content (self, isc_view_get_target (self->view) != NULL);
  show_compare_in_menu (self, folded);
  _isc_window_update_modes_offered (self);
}

/* The modes belong to a target (UI.md): on the Overview, which is no
 * target's page, the switcher is not shown and win.mode, with its
 * shortcuts Ctrl+1 … 3, is off, so nothing highlights a mode that changes
 * nothing. Elsewhere the switcher sits beside the title, or at the bottom
 * when the header is too narrow for it. */
static void
update_modes_offered (IscWindow *self)
{
  gboolean offered = !self->showing_overview;
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "mode");

  gtk_widget_set_visible (self->wide_switcher, offered);
  gtk_widget_set_visible (self->medium_switcher, offered);
  adw_view_switcher_bar_set_reveal (self->switcher_bar,
                                    offered &&
#if ADW_CHECK_VERSION (1, 4, 0)
                                    gtk_stack_get_visible_child (self->title_stack) == GTK_WIDGET (self->window_title));
#else
                                    adw_squeezer_get_visible_child (self->title_squeezer) == GTK_WIDGET (self->window_title));
#endif
  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), offered);
  /* The Usage page is always the last 31 days: no range to choose. */
  gtk_widget_set_visible (GTK_WIDGET (self->range_button), !(self->showing_overview && self->showing_usage));
  /* The audit log has nothing to say about spend or Model API tokens.
   * Collapsed, no room either: libadwaita 1.10's window title keeps five
   * characters, and a window manager may show three window buttons; the
   * events stay marked on the charts. */
  gtk_widget_set_visible (GTK_WIDGET (self->activity_button),
                          !(self->showing_overview && (self->showing_usage || self->showing_model_apis))
#if ADW_CHECK_VERSION (1, 4, 0)
                          && !_isc_window_get_folded (self)
#endif
                          );
}

void
_isc_window_update_modes_offered (IscWindow *self)
{
  update_modes_offered (self);
}

static void
title_squeezed_cb (IscWindow *self)
{
  update_modes_offered (self);
}

void
_isc_window_open_key_dialog (IscWindow  *self,
                             const char *message)
{
  IscKeyDialog *dialog;

  if (self->key_dialog != NULL)
    {
      isc_key_dialog_present (self->key_dialog);
      return;
    }

  dialog = isc_key_dialog_new (GTK_WINDOW (self), self->session);
  if (message != NULL)
    isc_key_dialog_set_message (dialog, message);
  self->key_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->key_dialog);
  isc_key_dialog_present (dialog);
}

/* A refused key leads straight to the key dialog, whether metrics or
 * discovery met it. */
static void
check_refused_key (IscWindow    *self,
                   const GError *error)
{
  IscAccount *account = self->session != NULL ? isc_session_get_account (self->session) : NULL;

  if ((g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_KEY_REFUSED) ||
       g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_NO_KEY)) &&
      account != NULL && !isc_account_get_is_demo (account) &&
      gtk_widget_get_mapped (GTK_WIDGET (self)))
    _isc_window_open_key_dialog (self, error->message);
}

static void
view_error_changed_cb (IscWindow  *self,
                       GParamSpec *pspec,
                       IscView    *view)
{
  _isc_window_update_banner (self);
  _isc_window_update_state (self);
  check_refused_key (self, isc_view_get_error (view));
}

/* Said once per name and target: the view left the name out of its
 * requests and drew the rest; the layout that names it is kept. The name
 * comes from the settings: shown as plain text, never markup. */
static void
view_metric_refused_cb (IscWindow  *self,
                        const char *name,
                        IscView    *view)
{
  g_autofree char *shown = isc_text_sanitize_cut (name, -1, 200);
  g_autofree char *message = NULL;
  const IscCatalogueEntry *entry = isc_catalogue_lookup (name);
  AdwToast *toast;
  GtkWidget *label;

  if (entry != NULL)
    /* Translators: a metric Baseten refused (one behind a feature flag,
     * say), by its title: "Baseten does not report Pod readiness for this
     * workspace" */
    message = g_strdup_printf (_("Baseten does not report %s for this workspace"), _(entry->title));
  else
    /* Translators: a metric in the saved charts that Baseten refused */
    message = g_strdup_printf (_("Baseten does not know the metric “%s”: its chart is left out"), shown);

  label = gtk_label_new (message);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  toast = adw_toast_new ("");
  adw_toast_set_custom_title (toast, label);
  adw_toast_set_timeout (toast, 8);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
list_error_changed_cb (IscWindow     *self,
                       GParamSpec    *pspec,
                       IscTargetList *list)
{
  check_refused_key (self, isc_target_list_get_error (list));
}

/* The charts mark the audit log's events, or, while Baseten refuses it,
 * what Inferscope infers (NULL). */
static void
update_charts_events (IscWindow *self)
{
  isc_charts_page_set_events (self->charts_page,
                              isc_view_get_events_unavailable (self->view) != NULL
                              ? NULL : isc_view_get_events (self->view));
}

static void
view_target_changed_cb (IscWindow  *self,
                        GParamSpec *pspec,
                        IscView    *view)
{
  isc_sidebar_set_selected_target (self->sidebar, isc_view_get_target (view));
  _isc_window_update_title (self);
  _isc_window_save_view_state (self);
}

static void
view_mode_changed_cb (IscWindow  *self,
                      GParamSpec *pspec,
                      IscView    *view)
{
  const char *page = mode_to_page (isc_view_get_mode (view));

  _isc_window_show_page (self, page);
  _isc_window_save_view_state (self);
}

/* The Logs page (and its log view, which loads only while it is seen)
 * over the view's mode, which stays as it was: the charts keep their
 * answers for the crosshair that a line selected here moves. */
static void
show_logs (IscWindow *self,
           gboolean   show)
{
  show = !!show;
  if (self->showing_logs == show)
    return;
  self->showing_logs = show;
  isc_log_view_set_shown (self->log_view, show);
  _isc_window_update_state (self);
}

static void
mode_stack_changed_cb (IscWindow    *self,
                       GParamSpec   *pspec,
                       AdwViewStack *stack)
{
  const char *name = adw_view_stack_get_visible_child_name (stack);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "mode");
  IscMode mode;

  if (name == NULL)
    return;
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (name));

  if (g_strcmp0 (name, "logs") == 0)
    {
      if (self->showing_overview && isc_view_get_target (self->view) != NULL)
        _isc_window_show_overview (self, FALSE);
      show_logs (self, TRUE);
    }
  else if (_isc_window_mode_from_page (name, &mode))
    {
      /* A mode chosen over the overview shows the view's target in it. */
      if (self->showing_overview && isc_view_get_target (self->view) != NULL &&
          (mode != isc_view_get_mode (self->view) || self->showing_logs))
        _isc_window_show_overview (self, FALSE);
      show_logs (self, FALSE);
      isc_view_set_mode (self->view, mode);
    }
}

void
_isc_window_show_page (IscWindow  *self,
                       const char *name)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "mode");

  adw_view_stack_set_visible_child_name (self->mode_stack, name);
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (name));
}

static void
view_range_changed_cb (IscWindow  *self,
                       GParamSpec *pspec,
                       IscView    *view)
{
  isc_range_button_set_range (self->range_button, isc_view_get_range (view));
  _isc_window_save_view_state (self);
}

static void
range_chosen_cb (IscWindow      *self,
                 IscTimeRange   *range,
                 IscRangeButton *button)
{
  g_autoptr(GError) error = NULL;

  if (!isc_view_set_range (self->view, range, &error))
    {
      _isc_window_toast (self, error->message);
      isc_range_button_set_range (self->range_button, isc_view_get_range (self->view));
    }
}

static void
view_loading_changed_cb (IscWindow  *self,
                         GParamSpec *pspec,
                         IscView    *view)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "refresh");

  _isc_window_update_title (self);
  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), !isc_view_get_loading (view) || self->showing_overview);
}

static void
view_response_changed_cb (IscWindow  *self,
                          GParamSpec *pspec,
                          IscView    *view)
{
  _isc_window_update_pages (self);
  _isc_window_update_title (self);
}

/* The session ****************************************************************/

static void
show_default_target (IscWindow *self)
{
  IscTargetList *list = isc_session_get_target_list (self->session);
  const IscTarget *target;

  if (isc_view_get_target (self->view) != NULL)
    return;

  target = isc_target_list_get_default_target (list);
  if (target != NULL)
    {
      isc_view_set_target (self->view, target);
      _isc_window_apply_layout (self);
    }
}

static void
list_loading_changed_cb (IscWindow     *self,
                         GParamSpec    *pspec,
                         IscTargetList *list)
{
  if (!isc_target_list_get_loading (list))
    {
      show_default_target (self);
      _isc_window_update_title (self);
      _isc_window_update_target_item (self);
    }
  _isc_window_update_state (self);
}

static void
session_changed_cb (IscWindow  *self,
                    GParamSpec *pspec,
                    IscSession *session)
{
  IscAccount *account = isc_session_get_account (session);
  IscClient *client = account != NULL ? isc_account_get_client (account) : NULL;
  IscClient *old = isc_view_get_client (self->view);

  switch (isc_session_get_state (session))
    {
    case ISC_SESSION_STARTING:
      gtk_stack_set_visible_child_name (self->main_stack, "starting");
      break;

    case ISC_SESSION_WELCOME:
      isc_view_set_client (self->view, NULL);
      gtk_stack_set_visible_child_name (self->main_stack, "welcome");
      break;

    case ISC_SESSION_READY:
    default:
      if (client != old)
        {
          /* Targets belong to where they were found: another base URL
           * (or the demo, whose address changes every run) sees others.
           * The same one again, a new key say, keeps what is shown. */
          if (account != NULL)
            {
              g_autofree char *where = isc_account_get_is_demo (account)
                                       ? g_strdup ("demo:")
                                       : g_strdup (isc_account_get_base_url (account));

              if (self->account_origin != NULL && g_strcmp0 (self->account_origin, where) != 0)
                isc_view_set_target (self->view, NULL);
              g_free (self->account_origin);
              self->account_origin = g_steal_pointer (&where);
            }
          isc_view_set_client (self->view, client);
        }
      gtk_stack_set_visible_child_name (self->main_stack, "main");
      show_default_target (self);
      /* The sidebar's Usage and Model APIs rows follow the account. */
      _isc_window_get_usage (self);
      break;
    }

  _isc_window_update_state (self);
}

static void
session_message_cb (IscWindow  *self,
                    GParamSpec *pspec,
                    IscSession *session)
{
  const char *message = isc_session_get_message (session);

  isc_welcome_page_set_message (self->welcome_page, message);
  if (message != NULL)
    _isc_window_toast (self, message);
}

/* Visible and minimised ******************************************************/

static void
update_active (IscWindow *self)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  gboolean minimized = FALSE;

  if (surface != NULL && GDK_IS_TOPLEVEL (surface))
    minimized = (gdk_toplevel_get_state (GDK_TOPLEVEL (surface)) & GDK_TOPLEVEL_STATE_MINIMIZED) != 0;

  isc_view_set_active (self->view, gtk_widget_get_mapped (GTK_WIDGET (self)) && !minimized);
  /* The overview loads only while it is seen. */
  isc_fleet_set_active (self->fleet, isc_view_get_active (self->view) && self->showing_overview &&
                        !self->showing_usage && !self->showing_model_apis);
}

void
_isc_window_show_overview (IscWindow *self,
                           gboolean   show)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "refresh");

  show = !!show;
  if (!show)
    {
      self->showing_usage = FALSE;
      self->showing_model_apis = FALSE;
    }
  if (self->showing_overview == show)
    return;

  self->showing_overview = show;
  /* The page has rows to make only once it is first shown. */
  if (show && isc_overview_page_get_fleet (self->overview_page) == NULL)
    isc_overview_page_set_fleet (self->overview_page, self->fleet);
  /* The Cost column's billing, from the view's client. */
  if (show)
    _isc_window_get_usage (self);
  if (show && self->showing_usage)
    isc_sidebar_select_usage (self->sidebar);
  else if (show && self->showing_model_apis)
    isc_sidebar_select_model_api (self->sidebar, isc_model_apis_page_get_model (self->model_apis_page));
  else if (show)
    isc_sidebar_select_overview (self->sidebar);
  else
    isc_sidebar_set_selected_target (self->sidebar, isc_view_get_target (self->view));

  update_active (self);
  update_modes_offered (self);
  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), show || !isc_view_get_loading (self->view));
  _isc_window_update_state (self);
  _isc_window_update_title (self);
  _isc_window_update_diagnosis (self);
}

static void
toplevel_state_cb (GdkSurface *surface,
                   GParamSpec *pspec,
                   IscWindow  *self)
{
  update_active (self);
}

#if !ADW_CHECK_VERSION (1, 4, 0)
/* The header as the folded leaflet has it: no history buttons, Refresh in
 * the menu, the range as an icon, the way back to the sidebar, and
 * Compare's choices of a shift in the main menu (the header has no room
 * for its button at 360 px). */
static void
set_header_narrow (IscWindow *self,
                   gboolean   narrow)
{
  gtk_widget_set_visible (gtk_widget_get_parent (self->back_button), !narrow);
  gtk_widget_set_visible (self->refresh_button, !narrow);
  gtk_widget_set_visible (GTK_WIDGET (self->compare_button), !narrow);
  gtk_widget_set_visible (self->sidebar_button, narrow);
  isc_range_button_set_compact (self->range_button, narrow);

  show_compare_in_menu (self, narrow);
}
#endif

static void
isc_window_realize (GtkWidget *widget)
{
  IscWindow *self = ISC_WINDOW (widget);
  GdkSurface *surface;

  GTK_WIDGET_CLASS (isc_window_parent_class)->realize (widget);

#if !ADW_CHECK_VERSION (1, 4, 0)
  {
    int width = 0, height = 0, minimum = 0;

    /* The leaflet folds only once it has a width, so the first size is
     * measured with the wide header, which alone is wider than a phone:
     * a window opened at 360 px would open at 440. When the size asked
     * for is narrower than that, the header starts as it will be once
     * folded, and the first allocation puts it right if the leaflet did
     * not fold. (Breakpoints apply before the first size: libadwaita 1.4
     * needs none of this.) */
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
    gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
    if (width > 0 && width < minimum)
      {
        set_header_narrow (self, TRUE);
        self->header_presumed_narrow = TRUE;
      }
  }
#endif

  surface = gtk_native_get_surface (GTK_NATIVE (self));
  self->toplevel_state_id = g_signal_connect (surface, "notify::state",
                                              G_CALLBACK (toplevel_state_cb), self);
  if (g_getenv ("INFERSCOPE_TRACE") != NULL)
    self->trace_paint_id = g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                                             G_CALLBACK (_isc_window_trace_after_paint_cb), self);
}

#if !ADW_CHECK_VERSION (1, 4, 0)
static void
isc_window_size_allocate (GtkWidget *widget,
                          int        width,
                          int        height,
                          int        baseline)
{
  IscWindow *self = ISC_WINDOW (widget);

  GTK_WIDGET_CLASS (isc_window_parent_class)->size_allocate (widget, width, height, baseline);

  if (self->header_presumed_narrow)
    {
      self->header_presumed_narrow = FALSE;
      if (!adw_leaflet_get_folded (self->leaflet))
        set_header_narrow (self, FALSE);
    }
}
#endif

static void
isc_window_unrealize (GtkWidget *widget)
{
  IscWindow *self = ISC_WINDOW (widget);
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));

  if (surface != NULL)
    g_clear_signal_handler (&self->toplevel_state_id, surface);
  if (self->trace_paint_id != 0)
    g_clear_signal_handler (&self->trace_paint_id, gtk_widget_get_frame_clock (widget));

  GTK_WIDGET_CLASS (isc_window_parent_class)->unrealize (widget);
}

static void
isc_window_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (isc_window_parent_class)->map (widget);
  update_active (ISC_WINDOW (widget));
}

static void
isc_window_unmap (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (isc_window_parent_class)->unmap (widget);
  update_active (ISC_WINDOW (widget));
}

/* "application" is not a construct property, so it is set after
 * constructed (): the session is known once the application is. */
static void
isc_window_notify_application (IscWindow  *self,
                               GParamSpec *pspec,
                               gpointer    user_data)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (self->state_loaded || !ISC_IS_APPLICATION (app))
    return;

  self->state_loaded = TRUE;
  self->session = g_object_ref (isc_application_get_session (ISC_APPLICATION (app)));

  _isc_window_load_window_size (self);
  _isc_window_add_switches (self);
  _isc_window_restore_view_state (self);
  _isc_window_apply_layout (self);

  isc_sidebar_set_target_list (self->sidebar, isc_session_get_target_list (self->session));
  isc_fleet_set_target_list (self->fleet, isc_session_get_target_list (self->session));
  isc_compare_button_set_target_list (self->compare_button, isc_session_get_target_list (self->session));
  g_signal_group_set_target (self->list_signals, isc_session_get_target_list (self->session));
  g_signal_group_set_target (self->session_signals, self->session);
  session_changed_cb (self, NULL, self->session);
  if (isc_session_get_message (self->session) != NULL)
    session_message_cb (self, NULL, self->session);
}

static void
sidebar_target_activated_cb (IscWindow       *self,
                             const IscTarget *target,
                             IscSidebar *sidebar)
{
  _isc_window_show_overview (self, FALSE);
  isc_view_set_target (self->view, target);
  _isc_window_apply_layout (self);
  if (_isc_window_get_folded (self))
    _isc_window_show_content (self, TRUE);
}

static void
sidebar_overview_cb (IscWindow  *self,
                     IscSidebar *sidebar)
{
  if ((self->showing_usage || self->showing_model_apis) && self->showing_overview)
    {
      self->showing_usage = FALSE;
      self->showing_model_apis = FALSE;
      update_active (self);
      _isc_window_update_state (self);
      _isc_window_update_title (self);
    }
  self->showing_usage = FALSE;
  self->showing_model_apis = FALSE;
  _isc_window_show_overview (self, TRUE);
  update_modes_offered (self);
  if (_isc_window_get_folded (self))
    _isc_window_show_content (self, TRUE);
}

static void
sidebar_usage_cb (IscWindow  *self,
                  IscSidebar *sidebar)
{
  _isc_window_show_usage (self);
  update_active (self);
  update_modes_offered (self);
  if (_isc_window_get_folded (self))
    _isc_window_show_content (self, TRUE);
}

static void
sidebar_model_apis_cb (IscWindow  *self,
                       IscSidebar *sidebar)
{
  /* Its row's API, or all of them: the page's chooser agrees. */
  isc_model_apis_page_set_model (self->model_apis_page, isc_sidebar_get_model_api (sidebar));
  _isc_window_show_model_apis (self);
  update_active (self);
  update_modes_offered (self);
  if (_isc_window_get_folded (self))
    _isc_window_show_content (self, TRUE);
}

static void
view_range_cb (IscWindow *self)
{
  if (self->showing_overview && self->showing_model_apis)
    _isc_window_load_model_apis (self);
}

/* A row of the overview: its target in the view, as charts. */
static void
overview_target_activated_cb (IscWindow       *self,
                              const IscTarget *target,
                              IscOverviewPage *page)
{
  _isc_window_show_overview (self, FALSE);
  isc_view_set_mode (self->view, ISC_MODE_SERIES);
  isc_view_set_target (self->view, target);
  _isc_window_apply_layout (self);
}

static void
fleet_loading_cb (IscWindow  *self,
                  GParamSpec *pspec,
                  IscFleet   *fleet)
{
  if (self->showing_overview)
    _isc_window_update_title (self);
}

static void
sidebar_reload_cb (IscWindow  *self,
                   IscSidebar *sidebar)
{
  IscAccount *account = isc_session_get_account (self->session);

  if (account != NULL)
    isc_target_list_reload_async (isc_session_get_target_list (self->session),
                                  isc_account_get_client (account),
                                  self->cancellable, NULL, NULL);
}

static void
target_added_cb (IscWindow          *self,
                 const IscTarget    *target,
                 IscAddTargetDialog *dialog)
{
  isc_target_list_add_target (isc_session_get_target_list (self->session), target);
  sidebar_target_activated_cb (self, target, self->sidebar);
}

static void
sidebar_add_cb (IscWindow  *self,
                IscSidebar *sidebar)
{
  IscAccount *account = isc_session_get_account (self->session);
  GtkWidget *dialog;

  if (account == NULL)
    return;

  dialog = isc_add_target_dialog_new (GTK_WINDOW (self), account);
  g_signal_connect_object (dialog, "target-added", G_CALLBACK (target_added_cb), self, G_CONNECT_SWAPPED);
  isc_add_target_dialog_present (ISC_ADD_TARGET_DIALOG (dialog));
}

static void
isc_window_dispose (GObject *object)
{
  IscWindow *self = ISC_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->age_timer_id, g_source_remove);

  /* Seen with GTK 4.8: a settings action outlived its closed window, and
   * the next change of the key reported the action's state to that
   * window's freed action group (a critical). Take the actions and the
   * bindings away while the window is whole. */
  if (self->view != NULL)
    {
      _isc_window_remove_switches (self);
      g_signal_handlers_disconnect_by_data (self->view, self);
    }

#if !ADW_CHECK_VERSION (1, 8, 0)
  /* The shortcuts window, when open, goes with the window (and does not
   * hand its action back to a window going away). From libadwaita 1.8
   * it is a dialog inside the window. */
  if (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (self)) != NULL)
    {
      GtkWindow *overlay = GTK_WINDOW (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (self)));

      g_signal_handlers_disconnect_by_data (overlay, self);
      gtk_window_destroy (overlay);
      gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self), NULL);
    }
#endif

  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  if (self->list_signals != NULL)
    g_signal_group_set_target (self->list_signals, NULL);

  gtk_widget_dispose_template (GTK_WIDGET (self), ISC_TYPE_WINDOW);
  /* Went with the template's stack. */
  self->model_apis_page = NULL;

  g_clear_object (&self->session_signals);
  g_clear_object (&self->list_signals);
  _isc_window_dispose_usage (self);
  g_clear_object (&self->log_view);
  g_clear_object (&self->view);
  g_clear_object (&self->fleet);
  g_clear_object (&self->compare_section);
  g_clear_object (&self->session);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->account_origin, g_free);

  G_OBJECT_CLASS (isc_window_parent_class)->dispose (object);
}


static void
isc_window_class_init (IscWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = isc_window_dispose;

  widget_class->realize = isc_window_realize;
#if !ADW_CHECK_VERSION (1, 4, 0)
  widget_class->size_allocate = isc_window_size_allocate;
#endif
  widget_class->unrealize = isc_window_unrealize;
  widget_class->map = isc_window_map;
  widget_class->unmap = isc_window_unmap;

  window_class->close_request = isc_window_close_request;

  /* The resources live in a static library: referring to them links them
   * in, and their constructor registers them. */
  if (G_UNLIKELY (isc_ui_get_resource () == NULL))
    g_critical ("Inferscope's UI resources are missing");

  g_type_ensure (ISC_TYPE_CHARTS_PAGE);
  g_type_ensure (ISC_TYPE_LOGS_PAGE);
  g_type_ensure (ISC_TYPE_OVERVIEW_PAGE);
  g_type_ensure (ISC_TYPE_COMPARE_BUTTON);
  g_type_ensure (ISC_TYPE_ACTIVITY_BUTTON);
  g_type_ensure (ISC_TYPE_RANGE_BUTTON);
  g_type_ensure (ISC_TYPE_SIDEBAR);
  g_type_ensure (ISC_TYPE_SUMMARY_PAGE);
  g_type_ensure (ISC_TYPE_TILES_PAGE);
  g_type_ensure (ISC_TYPE_USAGE_PAGE);
  g_type_ensure (ISC_TYPE_MODEL_APIS_PAGE);
  g_type_ensure (ISC_TYPE_WELCOME_PAGE);

#if ADW_CHECK_VERSION (1, 4, 0)
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/inferscope/Inferscope/isc-window-adaptive.ui");
  gtk_widget_class_bind_template_child (widget_class, IscWindow, split_view);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, medium_breakpoint);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, narrow_breakpoint);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, collapse_breakpoint);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, title_stack);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, spinner_bin);
#else
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/inferscope/Inferscope/isc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IscWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, title_squeezer);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, banner_icon);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, banner_title);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, banner_detail);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, banner_retry);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, spinner);
#endif
  gtk_widget_class_bind_template_child (widget_class, IscWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, welcome_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, sidebar_box);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, sidebar_handle);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, content_box);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, wide_switcher);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, medium_switcher);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, wide_title);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, wide_window_title);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, medium_title);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, medium_window_title);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, forward_button);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, refresh_button);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, welcome_menu_button);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, filter_button);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, range_button);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, compare_button);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, activity_button);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, banner);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, state_stack);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, status_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, status_retry);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, mode_stack);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, tiles_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, summary_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, charts_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, logs_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, overview_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, usage_page);

  gtk_widget_class_bind_template_callback (widget_class, invert_boolean);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

/* GTK 4.8 names an icon button after its icon ("open-menu") or not at
 * all: say what each does, as a screen reader should read it. */
static void
name_buttons (IscWindow *self)
{
  static const struct { gsize offset; const char *name; } buttons[] = {
    { G_STRUCT_OFFSET (IscWindow, back_button), N_("Back") },
    { G_STRUCT_OFFSET (IscWindow, forward_button), N_("Forward") },
    { G_STRUCT_OFFSET (IscWindow, refresh_button), N_("Refresh") },
    { G_STRUCT_OFFSET (IscWindow, menu_button), N_("Main Menu") },
    { G_STRUCT_OFFSET (IscWindow, banner_retry), N_("Retry") },
    { G_STRUCT_OFFSET (IscWindow, status_retry), N_("Retry") },
    { G_STRUCT_OFFSET (IscWindow, welcome_menu_button), N_("Main Menu") },
    { G_STRUCT_OFFSET (IscWindow, filter_button), N_("Filter Deployments") },
    { G_STRUCT_OFFSET (IscWindow, sidebar_button), N_("Deployments") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    if (G_STRUCT_MEMBER (GtkWidget *, self, buttons[i].offset) != NULL)
      isc_accessible_set_name (G_STRUCT_MEMBER (GtkWidget *, self, buttons[i].offset), _(buttons[i].name));
}
static void
isc_window_init (IscWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
#if ADW_CHECK_VERSION (1, 6, 0)
  self->spinner = adw_spinner_new ();
#elif ADW_CHECK_VERSION (1, 4, 0)
  self->spinner = gtk_spinner_new ();
#endif
#if ADW_CHECK_VERSION (1, 4, 0)
  gtk_widget_set_size_request (self->spinner, 32, 32);
  gtk_widget_set_halign (self->spinner, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (self->spinner, GTK_ALIGN_CENTER);
  adw_bin_set_child (self->spinner_bin, self->spinner);
  update_breakpoints (self, (int) adw_navigation_split_view_get_max_sidebar_width (self->split_view));
#endif

  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  self->cancellable = g_cancellable_new ();
  self->view = isc_view_new ();
  self->fleet = isc_fleet_new ();
  self->log_view = isc_log_view_new (self->view);
  isc_logs_page_set_log_view (self->logs_page, self->log_view);

  _isc_window_init_actions (self);
  _isc_window_init_sidebar_drag (self);
  name_buttons (self);

  g_signal_connect_object (self->view, "notify::state", G_CALLBACK (_isc_window_update_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::error", G_CALLBACK (view_error_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "metric-refused", G_CALLBACK (view_metric_refused_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::stale", G_CALLBACK (_isc_window_update_banner), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::target", G_CALLBACK (view_target_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::mode", G_CALLBACK (view_mode_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::range", G_CALLBACK (view_range_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::loading", G_CALLBACK (view_loading_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::response", G_CALLBACK (view_response_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::trend", G_CALLBACK (view_response_changed_cb), self, G_CONNECT_SWAPPED);
  _isc_window_init_diagnosis (self);
  g_signal_connect_object (self->view, "notify::compare-response", G_CALLBACK (view_response_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::compare-error", G_CALLBACK (view_response_changed_cb), self, G_CONNECT_SWAPPED);
  isc_compare_button_set_view (self->compare_button, self->view);
  /* The audit log's events: the Activity list, and markers on the charts
   * (none from it while it cannot be read: the inferred ones stay). */
  isc_activity_button_set_view (self->activity_button, self->view);
  isc_view_set_events_enabled (self->view, TRUE);
  g_signal_connect_object (self->view, "notify::events-unavailable", G_CALLBACK (update_charts_events), self, G_CONNECT_SWAPPED);
  update_charts_events (self);
  g_signal_connect_object (self->view, "notify::compare-target", G_CALLBACK (_isc_window_update_compare_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::compare-shift-ms", G_CALLBACK (_isc_window_update_compare_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::updated-ms", G_CALLBACK (_isc_window_update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::rate-limited-until-ms", G_CALLBACK (_isc_window_update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::use-utc", G_CALLBACK (_isc_window_update_title), self, G_CONNECT_SWAPPED);

  /* The display switches live in the view; the pages follow it. */
  g_object_bind_property (self->view, "use-utc", self->charts_page, "use-utc", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->view, "use-utc", self->range_button, "use-utc", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->view, "use-utc", self->logs_page, "use-utc", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->view, "counters-as-totals", self->charts_page, "counters-as-totals", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->view, "counters-as-totals", self->tiles_page, "counters-as-totals", G_BINDING_SYNC_CREATE);
  /* One moment under the cursor for the whole window: the charts'
   * crosshair follows the view's and sets it. */
  g_object_bind_property (self->view, "cursor-time", self->charts_page, "cursor-time",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_object_bind_property (g_network_monitor_get_default (), "network-available",
                          self->view, "network-available", G_BINDING_SYNC_CREATE);

  /* The overview reads with the view's client, over its range, and
   * refreshes as often. */
  g_object_bind_property (self->view, "client", self->fleet, "client", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->view, "range", self->fleet, "range", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->view, "refresh-interval", self->fleet, "refresh-interval", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->fleet, "notify::loading", G_CALLBACK (fleet_loading_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->overview_page, "target-activated",
                           G_CALLBACK (overview_target_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "overview-activated",
                           G_CALLBACK (sidebar_overview_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "usage-activated",
                           G_CALLBACK (sidebar_usage_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->usage_page, "retry",
                           G_CALLBACK (_isc_window_load_usage), self, G_CONNECT_SWAPPED);
  /* After the view's pages: a widget search of the window (tests, the
   * accessibility tree) meets the view's Charts page first. */
  self->model_apis_page = ISC_MODEL_APIS_PAGE (isc_model_apis_page_new ());
  gtk_stack_add_named (self->state_stack, GTK_WIDGET (self->model_apis_page), "model-apis");
  g_signal_connect_object (self->sidebar, "model-apis-activated",
                           G_CALLBACK (sidebar_model_apis_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model_apis_page, "query-changed",
                           G_CALLBACK (_isc_window_model_apis_query_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::range",
                           G_CALLBACK (view_range_cb), self, G_CONNECT_SWAPPED);

  _isc_window_connect_folded (self, G_CALLBACK (folded_cb));
#if ADW_CHECK_VERSION (1, 4, 0)
  g_signal_connect_object (self->title_stack, "notify::visible-child",
                           G_CALLBACK (title_squeezed_cb), self, G_CONNECT_SWAPPED);
#else
  g_signal_connect_object (self->title_squeezer, "notify::visible-child",
                           G_CALLBACK (title_squeezed_cb), self, G_CONNECT_SWAPPED);
#endif
  g_signal_connect_object (self->mode_stack, "notify::visible-child-name",
                           G_CALLBACK (mode_stack_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->range_button, "range-chosen",
                           G_CALLBACK (range_chosen_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "target-activated",
                           G_CALLBACK (sidebar_target_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "reload-requested",
                           G_CALLBACK (sidebar_reload_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "add-requested",
                           G_CALLBACK (sidebar_add_cb), self, G_CONNECT_SWAPPED);

  self->session_signals = g_signal_group_new (ISC_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::state", G_CALLBACK (session_changed_cb), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::account", G_CALLBACK (session_changed_cb), self);
  g_signal_group_connect_swapped (self->session_signals, "notify::message", G_CALLBACK (session_message_cb), self);

  self->list_signals = g_signal_group_new (ISC_TYPE_TARGET_LIST);
  g_signal_group_connect_swapped (self->list_signals, "notify::loading", G_CALLBACK (list_loading_changed_cb), self);
  g_signal_group_connect_swapped (self->list_signals, "notify::error", G_CALLBACK (list_error_changed_cb), self);

  isc_range_button_set_range (self->range_button, isc_view_get_range (self->view));
  adw_view_stack_set_visible_child_name (self->mode_stack, mode_to_page (isc_view_get_mode (self->view)));
  _isc_window_update_title (self);
  _isc_window_update_state (self);

  g_signal_connect (self, "notify::application",
                    G_CALLBACK (isc_window_notify_application), NULL);
}


IscWindow *
isc_window_new (IscApplication *application)
{
  return g_object_new (ISC_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

void
isc_window_add_toast (IscWindow  *self,
                      const char *message)
{
  g_return_if_fail (ISC_IS_WINDOW (self));
  g_return_if_fail (message != NULL);

  _isc_window_toast (self, message);
}

IscView *
isc_window_get_view (IscWindow *self)
{
  g_return_val_if_fail (ISC_IS_WINDOW (self), NULL);

  return self->view;
}

GVariant *
isc_window_dup_view_state (IscWindow *self)
{
  g_return_val_if_fail (ISC_IS_WINDOW (self), NULL);

  return _isc_window_dup_state (self);
}

void
isc_window_restore_view (IscWindow *self,
                         GVariant  *state)
{
  g_return_if_fail (ISC_IS_WINDOW (self));
  g_return_if_fail (state != NULL);

  isc_view_restore_state (self->view, state);
  _isc_window_apply_layout (self);
  _isc_window_restore_page (self, state);
}
