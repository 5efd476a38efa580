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
#include "isc-chart-view.h"
#include "isc-charts-page.h"
#include "isc-customize-dialog.h"
#include "isc-chart-grid.h"
#include "isc-chart-view.h"
#include "isc-export-dialog.h"
#include "isc-key-dialog.h"
#include "isc-layout.h"
#include "isc-range-button.h"
#include "isc-sidebar.h"
#include "isc-summary-page.h"
#include "isc-tiles-page.h"
#include "isc-ui-resources.h"
#include "isc-welcome-page.h"
#include "isc-window.h"

/* The main window. Its state is its IscView: the window only carries the
 * view's properties to the widgets and the person's choices back.
 *
 * The main stack shows "starting" (the session looks for a key),
 * "welcome" (no key) or "main": a leaflet of the sidebar (the session's
 * targets) and the content: the header (range history, the title with
 * the mode switcher, range, Refresh, menu), the stale strip, and a stack
 * of "loading", "status" (an error, no data, nothing chosen) and
 * "content", the mode pages in an AdwViewStack.
 */
struct _IscWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  GtkStack             *main_stack;
  IscWelcomePage       *welcome_page;
  AdwLeaflet           *leaflet;
  GtkWidget            *sidebar_box;
  GtkWidget            *sidebar_handle;
  IscSidebar           *sidebar;
  GtkWidget            *content_box;
  AdwSqueezer          *title_squeezer;
  GtkWidget            *wide_title;
  AdwWindowTitle       *wide_window_title;
  GtkWidget            *medium_title;
  AdwWindowTitle       *medium_window_title;
  AdwWindowTitle       *window_title;
  AdwViewSwitcherBar   *switcher_bar;
  GtkWidget            *back_button;
  GtkWidget            *forward_button;
  GtkWidget            *refresh_button;
  GtkWidget            *menu_button;
  GtkWidget            *welcome_menu_button;
  GtkWidget            *filter_button;
  GtkWidget            *sidebar_button;
  IscRangeButton       *range_button;
  GtkRevealer          *banner;
  GtkImage             *banner_icon;
  GtkLabel             *banner_title;
  GtkLabel             *banner_detail;
  GtkWidget            *banner_retry;
  GtkStack             *state_stack;
  GtkSpinner           *spinner;
  AdwStatusPage        *status_page;
  GtkWidget            *status_retry;
  AdwViewStack         *mode_stack;
  IscTilesPage         *tiles_page;
  IscSummaryPage       *summary_page;
  IscChartsPage        *charts_page;

  /* Owned references */
  IscView              *view;
  IscSession           *session;
  GSignalGroup         *session_signals;
  GSignalGroup         *list_signals;
  GCancellable         *cancellable;
  GtkWindow            *key_dialog;     /* weak */
  char                 *account_origin; /* the base URL the target is from, "demo:" */

  guint                 age_timer_id;   /* while stale: the strip's age */
  int                   drag_start_width; /* of the sidebar, dragging its edge */
  gulong                trace_paint_id; /* INFERSCOPE_TRACE: after-paint */
  gboolean              traced_first_frame;
  gboolean              traced_settled;
  gboolean              header_presumed_narrow;
  gulong                toplevel_state_id;
  gboolean              state_loaded;
};

G_DEFINE_FINAL_TYPE (IscWindow, isc_window, ADW_TYPE_APPLICATION_WINDOW)

/* How wide the sidebar may be dragged. */
#define SIDEBAR_MIN_WIDTH 220
#define SIDEBAR_MAX_WIDTH 480

/* Each is a settings key and a stateful action of the same name, and a
 * property of the view. */
static const char * const switch_names[] = {
  "use-utc",
  "counters-as-totals",
};

static GSettings *
get_settings (IscWindow *self)
{
  return self->session != NULL ? isc_session_get_settings (self->session) : NULL;
}

static void
toast (IscWindow  *self,
       const char *message)
{
  AdwToast *t = adw_toast_new (message);

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

static gboolean
mode_from_page (const char *name,
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

/* Saved state ***********************************************************/

static void
save_view_state (IscWindow *self)
{
  GSettings *settings = get_settings (self);
  g_autoptr(GVariant) state = NULL;

  if (!isc_settings_has_key (settings, "view-state") || isc_view_get_target (self->view) == NULL)
    return;

  state = g_variant_ref_sink (isc_view_save_state (self->view));
  g_settings_set_value (settings, "view-state", state);
}

static void
restore_view_state (IscWindow *self)
{
  GSettings *settings = get_settings (self);
  g_autoptr(GVariant) state = NULL;

  if (!isc_settings_has_key (settings, "view-state"))
    return;

  state = g_settings_get_value (settings, "view-state");
  isc_view_restore_state (self->view, state);
}

/* The model's chosen charts (Customize View), or NULL for all. */
static void
apply_layout (IscWindow *self)
{
  GSettings *settings = get_settings (self);
  const IscTarget *target = isc_view_get_target (self->view);
  g_autoptr(GVariant) layouts = NULL;
  g_auto(GStrv) metrics = NULL;

  if (target == NULL || !isc_settings_has_key (settings, "model-layouts"))
    return;

  layouts = g_settings_get_value (settings, "model-layouts");
  metrics = isc_layout_lookup (layouts, target->model_id);
  isc_view_set_metrics (self->view, (const char * const *) metrics);
}

static void
load_window_size (IscWindow *self)
{
  GSettings *settings = get_settings (self);

  if (settings == NULL)
    return;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  if (isc_settings_has_key (settings, "sidebar-width"))
    gtk_widget_set_size_request (self->sidebar_box,
                                 CLAMP (g_settings_get_int (settings, "sidebar-width"),
                                        SIDEBAR_MIN_WIDTH, SIDEBAR_MAX_WIDTH), -1);
}

/* The default size follows the person's resizing but not maximizing, so
 * it is the size to come back to when the window is restored. */
static void
save_window_size (IscWindow *self)
{
  GSettings *settings = get_settings (self);
  int width = 0;
  int height = 0;

  if (settings == NULL)
    return;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
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
  gtk_widget_set_size_request (self->sidebar_box, CLAMP (width, SIDEBAR_MIN_WIDTH, SIDEBAR_MAX_WIDTH), -1);
}

static void
sidebar_drag_end_cb (GtkGestureDrag *gesture,
                     double          dx,
                     double          dy,
                     IscWindow      *self)
{
  GSettings *settings = get_settings (self);
  int width = 0;

  gtk_widget_get_size_request (self->sidebar_box, &width, NULL);
  if (isc_settings_has_key (settings, "sidebar-width") && width > 0)
    g_settings_set_int (settings, "sidebar-width", width);
}

static gboolean
isc_window_close_request (GtkWindow *window)
{
  IscWindow *self = ISC_WINDOW (window);
  GtkApplication *app = gtk_window_get_application (window);

  save_window_size (self);
  save_view_state (self);
  /* The last window closed by hand: the next launch shows it again (a
   * quit keeps every window's, in the application). */
  if (ISC_IS_APPLICATION (app) && !isc_application_get_quitting (ISC_APPLICATION (app)) &&
      g_list_length (gtk_application_get_windows (app)) == 1)
    isc_application_save_open_views (ISC_APPLICATION (app));

  return GTK_WINDOW_CLASS (isc_window_parent_class)->close_request (window);
}

/* The title, the stale strip and the state page *************************/

static char *
format_clock (IscWindow *self,
              gint64     ms)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (ms / 1000);
  g_autoptr(GDateTime) local = NULL;

  if (utc == NULL)
    return g_strdup ("");
  if (isc_view_get_use_utc (self->view))
    /* Translators: a time of day in UTC, as in "Updated 10:40 UTC". */
    return g_date_time_format (utc, _("%H:%M UTC"));

  local = g_date_time_to_local (utc);
  return g_date_time_format (local, "%H:%M");
}

static void
set_titles (IscWindow  *self,
            const char *title,
            const char *subtitle)
{
  AdwWindowTitle *titles[] = { self->wide_window_title, self->medium_window_title, self->window_title };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      adw_window_title_set_title (titles[i], title);
      adw_window_title_set_subtitle (titles[i], subtitle);
    }
}

static gboolean
invert_boolean (gpointer user_data,
                gboolean value)
{
  return !value;
}

/* Folded to one page, the window shows the content when it has a target
 * (the sidebar is one click away), the sidebar otherwise. */
static void
leaflet_folded_cb (IscWindow  *self,
                   GParamSpec *pspec,
                   AdwLeaflet *leaflet)
{
  if (adw_leaflet_get_folded (leaflet))
    adw_leaflet_set_visible_child_name (leaflet,
                                        isc_view_get_target (self->view) != NULL ? "content" : "sidebar");
}

/* Too narrow for the switcher beside the title: it goes to the bottom. */
static void
title_squeezed_cb (IscWindow   *self,
                   GParamSpec  *pspec,
                   AdwSqueezer *squeezer)
{
  adw_view_switcher_bar_set_reveal (self->switcher_bar,
                                    adw_squeezer_get_visible_child (squeezer) == GTK_WIDGET (self->window_title));
}

static void
update_title (IscWindow *self)
{
  const IscTarget *target = isc_view_get_target (self->view);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  gint64 updated_ms = isc_view_get_updated_ms (self->view);

  if (target == NULL)
    {
      set_titles (self, _("Inferscope"), NULL);
      gtk_window_set_title (GTK_WINDOW (self), _("Inferscope"));
      return;
    }

  /* A target restored from the settings or given by id has the names
   * discovery gave last time, or none: the list's are the freshest. */
  if (self->session != NULL)
    {
      IscTargetItem *item = isc_target_list_find (isc_session_get_target_list (self->session), target, NULL);

      if (item != NULL && isc_target_item_get_target (item) != NULL)
        target = isc_target_item_get_target (item);
    }
  title = isc_target_dup_title (target);
  if (isc_view_get_loading (self->view) && updated_ms > 0)
    {
      g_autofree char *clock = format_clock (self, updated_ms);

      /* Translators: the time of the data shown, while newer is loading. */
      subtitle = g_strdup_printf (_("Updated %s · Updating…"), clock);
    }
  else if (isc_view_get_loading (self->view))
    subtitle = g_strdup (_("Loading…"));
  else if (updated_ms > 0)
    {
      g_autofree char *clock = format_clock (self, updated_ms);

      /* Translators: when the data shown was received, e.g. "Updated 10:40". */
      subtitle = g_strdup_printf (_("Updated %s"), clock);
    }

  set_titles (self, title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static const char *
error_icon_name (const GError *error)
{
  if (error != NULL && error->domain == ISC_API_ERROR &&
      (error->code == ISC_API_ERROR_NETWORK ||
       error->code == ISC_API_ERROR_DNS ||
       error->code == ISC_API_ERROR_TIMEOUT))
    return "network-offline-symbolic";

  return "dialog-warning-symbolic";
}

/* How old the data shown is, in the words of the strip. Minutes are as
 * fine as it gets: metrics arrive minutes late anyway. */
static char *
describe_age (gint64 age_ms)
{
  gint64 minutes = MAX (age_ms, 0) / (60 * 1000);
  gint64 hours = minutes / 60;
  gint64 days = hours / 24;

  if (minutes < 1)
    return g_strdup (_("Showing data from less than a minute ago"));
  if (minutes < 60)
    return g_strdup_printf (ngettext ("Showing data from %d minute ago",
                                      "Showing data from %d minutes ago",
                                      (gulong) minutes),
                            (int) minutes);
  if (hours < 48)
    return g_strdup_printf (ngettext ("Showing data from %d hour ago",
                                      "Showing data from %d hours ago",
                                      (gulong) hours),
                            (int) hours);
  return g_strdup_printf (ngettext ("Showing data from %d day ago",
                                    "Showing data from %d days ago",
                                    (gulong) MIN (days, G_MAXINT)),
                          (int) MIN (days, G_MAXINT));
}

static void update_banner (IscWindow *self);

static gboolean
age_timer_cb (gpointer user_data)
{
  update_banner (user_data);
  return G_SOURCE_CONTINUE;
}

static void
update_banner (IscWindow *self)
{
  const GError *error = isc_view_get_error (self->view);
  gboolean stale = isc_view_get_stale (self->view) && error != NULL;

  if (stale)
    {
      g_autofree char *age = describe_age (g_get_real_time () / 1000 - isc_view_get_updated_ms (self->view));

      gtk_image_set_from_icon_name (self->banner_icon, error_icon_name (error));
      gtk_label_set_label (self->banner_title, age);
      gtk_label_set_label (self->banner_detail, error->message);
      /* The age is in minutes: a wake a minute keeps it true. */
      if (self->age_timer_id == 0)
        self->age_timer_id = g_timeout_add_seconds (60, age_timer_cb, self);
    }
  else
    g_clear_handle_id (&self->age_timer_id, g_source_remove);

  gtk_revealer_set_reveal_child (self->banner, stale);
}

static void
show_status (IscWindow  *self,
             const char *icon_name,
             const char *title,
             const char *description,
             gboolean    can_retry)
{
  adw_status_page_set_icon_name (self->status_page, icon_name);
  adw_status_page_set_title (self->status_page, title);
  adw_status_page_set_description (self->status_page, description);
  gtk_widget_set_visible (self->status_retry, can_retry);
  gtk_stack_set_visible_child_name (self->state_stack, "status");
}

static void
update_state (IscWindow *self)
{
  IscViewState state = isc_view_get_state (self->view);
  const GError *error = isc_view_get_error (self->view);
  gboolean loading_page = FALSE;

  switch (state)
    {
    case ISC_VIEW_EMPTY:
      if (self->session == NULL ||
          isc_target_list_get_loading (isc_session_get_target_list (self->session)))
        loading_page = TRUE;
      else
        show_status (self, "io.github.inferscope.Inferscope-symbolic",
                     _("No Deployment Chosen"),
                     _("Choose a deployment or an environment in the sidebar"), FALSE);
      break;

    case ISC_VIEW_LOADING:
      loading_page = TRUE;
      break;

    case ISC_VIEW_NO_DATA:
      show_status (self, "dialog-information-symbolic", _("No Data Yet"),
                   _("Baseten’s metrics arrive one to three minutes late. They will show here as they arrive."),
                   TRUE);
      break;

    case ISC_VIEW_ERROR:
      show_status (self, error_icon_name (error), _("Could Not Load Metrics"),
                   error != NULL ? error->message : NULL, TRUE);
      break;

    case ISC_VIEW_READY:
    default:
      gtk_stack_set_visible_child_name (self->state_stack, "content");
      break;
    }

  if (loading_page)
    gtk_stack_set_visible_child_name (self->state_stack, "loading");
  /* A spinner that spins out of sight still ticks the frame clock. */
  gtk_spinner_set_spinning (self->spinner, loading_page);
}

/* The response shown goes to the page of its mode. */
static void
update_pages (IscWindow *self)
{
  IscMetricsResponse *response = isc_view_get_response (self->view);
  const IscQuery *query = isc_view_get_response_query (self->view);

  if (response == NULL || query == NULL)
    return;

  switch (query->mode)
    {
    case ISC_MODE_CURRENT:
      {
        const IscAutoscaling *autoscaling = NULL;
        IscTargetItem *item = NULL;

        /* "3 of 1–5": the limits discovery gave for the target. */
        if (self->session != NULL && isc_view_get_target (self->view) != NULL)
          item = isc_target_list_find (isc_session_get_target_list (self->session),
                                       isc_view_get_target (self->view), NULL);
        if (item != NULL)
          autoscaling = isc_target_item_get_autoscaling (item);
        isc_tiles_page_set_replica_limits (self->tiles_page,
                                           autoscaling != NULL ? (int) autoscaling->min_replica : -1,
                                           autoscaling != NULL ? (int) autoscaling->max_replica : -1);
        isc_tiles_page_set_response (self->tiles_page, response, isc_view_get_trend (self->view));
      }
      break;

    case ISC_MODE_SUMMARY:
      isc_summary_page_set_response (self->summary_page, response);
      break;

    case ISC_MODE_SERIES:
    default:
      isc_charts_page_set_response (self->charts_page, response);
      break;
    }
}

static void
open_key_dialog (IscWindow  *self,
                 const char *message)
{
  IscKeyDialog *dialog;

  if (self->key_dialog != NULL)
    {
      gtk_window_present (self->key_dialog);
      return;
    }

  dialog = isc_key_dialog_new (GTK_WINDOW (self), self->session);
  if (message != NULL)
    isc_key_dialog_set_message (dialog, message);
  self->key_dialog = GTK_WINDOW (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->key_dialog);
  gtk_window_present (GTK_WINDOW (dialog));
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
    open_key_dialog (self, error->message);
}

static void
view_error_changed_cb (IscWindow  *self,
                       GParamSpec *pspec,
                       IscView    *view)
{
  update_banner (self);
  update_state (self);
  check_refused_key (self, isc_view_get_error (view));
}

static void
list_error_changed_cb (IscWindow     *self,
                       GParamSpec    *pspec,
                       IscTargetList *list)
{
  check_refused_key (self, isc_target_list_get_error (list));
}

static void
view_target_changed_cb (IscWindow  *self,
                        GParamSpec *pspec,
                        IscView    *view)
{
  isc_sidebar_set_selected_target (self->sidebar, isc_view_get_target (view));
  update_title (self);
  save_view_state (self);
}

static void
view_mode_changed_cb (IscWindow  *self,
                      GParamSpec *pspec,
                      IscView    *view)
{
  const char *page = mode_to_page (isc_view_get_mode (view));
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "mode");

  adw_view_stack_set_visible_child_name (self->mode_stack, page);
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (page));
  save_view_state (self);
}

static void
mode_stack_changed_cb (IscWindow    *self,
                       GParamSpec   *pspec,
                       AdwViewStack *stack)
{
  IscMode mode;

  if (mode_from_page (adw_view_stack_get_visible_child_name (stack), &mode))
    isc_view_set_mode (self->view, mode);
}

static void
view_range_changed_cb (IscWindow  *self,
                       GParamSpec *pspec,
                       IscView    *view)
{
  isc_range_button_set_range (self->range_button, isc_view_get_range (view));
  save_view_state (self);
}

static void
range_chosen_cb (IscWindow      *self,
                 IscTimeRange   *range,
                 IscRangeButton *button)
{
  g_autoptr(GError) error = NULL;

  if (!isc_view_set_range (self->view, range, &error))
    {
      toast (self, error->message);
      isc_range_button_set_range (self->range_button, isc_view_get_range (self->view));
    }
}

static void
view_loading_changed_cb (IscWindow  *self,
                         GParamSpec *pspec,
                         IscView    *view)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "refresh");

  update_title (self);
  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), !isc_view_get_loading (view));
}

static void
view_response_changed_cb (IscWindow  *self,
                          GParamSpec *pspec,
                          IscView    *view)
{
  update_pages (self);
  update_title (self);
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
      apply_layout (self);
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
      update_title (self);
    }
  update_state (self);
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
      break;
    }

  update_state (self);
}

static void
session_message_cb (IscWindow  *self,
                    GParamSpec *pspec,
                    IscSession *session)
{
  const char *message = isc_session_get_message (session);

  isc_welcome_page_set_message (self->welcome_page, message);
  if (message != NULL)
    toast (self, message);
}

/* Tracing for build-aux/bench-window and build-aux/screenshots ***********/

/* With INFERSCOPE_TRACE set, the window says on standard error when it
 * paints its first frame, when it has settled (a page other than the
 * spinner is on screen, and every chart in sight is drawn), and each
 * frame after that, with the wall-clock time in microseconds, so a
 * script can time a launch and count the frames an idle window paints. */
static gboolean
charts_in_sight_drawn (IscWindow *self)
{
  guint n = isc_charts_page_get_n_charts (self->charts_page);
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (n == 0)
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *chart = isc_charts_page_get_chart (self->charts_page, i);
      graphene_rect_t bounds;

      if (!gtk_widget_get_mapped (chart) ||
          !gtk_widget_compute_bounds (chart, GTK_WIDGET (self), &bounds) ||
          bounds.origin.y >= height || bounds.origin.y + bounds.size.height <= 0)
        continue;
      if (isc_chart_view_get_n_renders (ISC_CHART_VIEW (chart)) == 0)
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_settled (IscWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->main_stack);

  if (g_strcmp0 (page, "welcome") == 0)
    return TRUE;
  if (g_strcmp0 (page, "main") != 0 || isc_view_get_loading (self->view))
    return FALSE;

  switch (isc_view_get_state (self->view))
    {
    case ISC_VIEW_READY:
      return isc_view_get_mode (self->view) != ISC_MODE_SERIES || charts_in_sight_drawn (self);
    case ISC_VIEW_LOADING:
      return FALSE;
    case ISC_VIEW_EMPTY:
      return !isc_target_list_get_loading (isc_session_get_target_list (self->session));
    case ISC_VIEW_NO_DATA:
    case ISC_VIEW_ERROR:
    default:
      return TRUE;
    }
}

static void
trace_after_paint_cb (GdkFrameClock *clock,
                      IscWindow     *self)
{
  gint64 now = g_get_real_time ();

  if (!self->traced_first_frame)
    {
      self->traced_first_frame = TRUE;
      g_printerr ("inferscope-trace: first-frame %" G_GINT64_FORMAT "\n", now);
    }
  if (!self->traced_settled && self->session != NULL && is_settled (self))
    {
      self->traced_settled = TRUE;
      g_printerr ("inferscope-trace: settled %" G_GINT64_FORMAT " %s\n", now,
                  gtk_stack_get_visible_child_name (self->main_stack));
      return;
    }
  if (self->traced_settled)
    g_printerr ("inferscope-trace: frame %" G_GINT64_FORMAT "\n", now);
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
}

static void
toplevel_state_cb (GdkSurface *surface,
                   GParamSpec *pspec,
                   IscWindow  *self)
{
  update_active (self);
}

/* The header as the folded leaflet has it: no history buttons, Refresh in
 * the menu, the range as an icon, the way back to the sidebar. */
static void
set_header_narrow (IscWindow *self,
                   gboolean   narrow)
{
  gtk_widget_set_visible (gtk_widget_get_parent (self->back_button), !narrow);
  gtk_widget_set_visible (self->refresh_button, !narrow);
  gtk_widget_set_visible (self->sidebar_button, narrow);
  isc_range_button_set_compact (self->range_button, narrow);
}

static void
isc_window_realize (GtkWidget *widget)
{
  IscWindow *self = ISC_WINDOW (widget);
  GdkSurface *surface;
  int width = 0, height = 0, minimum = 0;

  /* The leaflet folds only once it has a width, so the first size is
   * measured with the wide header, which alone is wider than a phone: a
   * window opened at 360 px would open at 440. When the size asked for is
   * narrower than that, the header starts as it will be once folded, and
   * the first allocation puts it right if the leaflet did not fold. */
  GTK_WIDGET_CLASS (isc_window_parent_class)->realize (widget);

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  if (width > 0 && width < minimum)
    {
      set_header_narrow (self, TRUE);
      self->header_presumed_narrow = TRUE;
    }

  surface = gtk_native_get_surface (GTK_NATIVE (self));
  self->toplevel_state_id = g_signal_connect (surface, "notify::state",
                                              G_CALLBACK (toplevel_state_cb), self);
  if (g_getenv ("INFERSCOPE_TRACE") != NULL)
    self->trace_paint_id = g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                                             G_CALLBACK (trace_after_paint_cb), self);
}

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

/* Actions ********************************************************************/

static void
refresh_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  IscWindow *self = user_data;

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
  IscMode mode;

  if (mode_from_page (g_variant_get_string (parameter, NULL), &mode))
    isc_view_set_mode (self->view, mode);
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

  if (adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child_name (self->leaflet, "sidebar");
  gtk_widget_set_visible (self->sidebar_box, TRUE);
  isc_sidebar_start_filter (self->sidebar);
}

static void
toggle_sidebar_action (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  IscWindow *self = user_data;

  if (adw_leaflet_get_folded (self->leaflet))
    {
      gboolean on_sidebar = g_strcmp0 (adw_leaflet_get_visible_child_name (self->leaflet), "sidebar") == 0;

      adw_leaflet_set_visible_child_name (self->leaflet, on_sidebar ? "content" : "sidebar");
    }
  else
    gtk_widget_set_visible (self->sidebar_box, !gtk_widget_get_visible (self->sidebar_box));
}

static void
show_sidebar_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  IscWindow *self = user_data;

  gtk_widget_set_visible (self->sidebar_box, TRUE);
  adw_leaflet_set_visible_child_name (self->leaflet, "sidebar");
}

static void
connect_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  open_key_dialog (ISC_WINDOW (user_data), NULL);
}

static void
explore_demo_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  IscWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (!isc_session_use_demo (self->session, &error))
    toast (self, error->message);
}

/* Customize View: the charts the deployment reports are asked for afresh
 * (one CURRENT request of every metric the catalogue knows), so a metric
 * the deployment does not report is not offered. */
typedef struct
{
  IscWindow *window;
  char      *model_id;
} Customize;

static void
customize_free (Customize *customize)
{
  g_clear_object (&customize->window);
  g_free (customize->model_id);
  g_free (customize);
}

static void
customize_applied_cb (IscCustomizeDialog *dialog,
                      GStrv               metrics,
                      IscWindow          *self)
{
  GSettings *settings = get_settings (self);
  const IscTarget *target = isc_view_get_target (self->view);
  g_autoptr(GVariant) layouts = NULL;
  g_autoptr(GVariant) replaced = NULL;

  if (target == NULL)
    return;

  if (isc_settings_has_key (settings, "model-layouts"))
    {
      layouts = g_settings_get_value (settings, "model-layouts");
      replaced = g_variant_ref_sink (isc_layout_replace (layouts, target->model_id,
                                                         (const char * const *) metrics));
      g_settings_set_value (settings, "model-layouts", replaced);
    }
  isc_view_set_metrics (self->view, (const char * const *) metrics);
}

static void
customize_fetched_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  Customize *customize = user_data;
  IscWindow *self = customize->window;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) available = g_ptr_array_new ();
  g_autoptr(GVariant) layouts = NULL;
  g_auto(GStrv) shown = NULL;
  GSettings *settings;
  IscCustomizeDialog *dialog;

  response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &error);
  if (response == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        toast (self, error->message);
      customize_free (customize);
      return;
    }

  for (guint i = 0; i < isc_metrics_response_get_n_metrics (response); i++)
    g_ptr_array_add (available, (gpointer) isc_metric_get_name (isc_metrics_response_get_metric (response, i)));
  g_ptr_array_add (available, NULL);

  settings = get_settings (self);
  if (isc_settings_has_key (settings, "model-layouts"))
    {
      layouts = g_settings_get_value (settings, "model-layouts");
      shown = isc_layout_lookup (layouts, customize->model_id);
    }

  dialog = isc_customize_dialog_new (GTK_WINDOW (self),
                                     (const char * const *) available->pdata,
                                     (const char * const *) shown);
  g_signal_connect_object (dialog, "applied", G_CALLBACK (customize_applied_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  customize_free (customize);
}

static void
customize_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  IscWindow *self = user_data;
  const IscTarget *target = isc_view_get_target (self->view);
  IscClient *client = isc_view_get_client (self->view);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(IscQuery) query = NULL;
  const IscCatalogueEntry *entries;
  Customize *customize;
  guint n_entries = 0;

  if (target == NULL || client == NULL)
    return;

  entries = isc_catalogue_get_entries (&n_entries);
  for (guint i = 0; i < n_entries; i++)
    g_ptr_array_add (names, (gpointer) entries[i].name);
  g_ptr_array_add (names, NULL);

  query = isc_target_make_query (target, ISC_MODE_CURRENT, NULL, (const char * const *) names->pdata);
  customize = g_new0 (Customize, 1);
  customize->window = g_object_ref (self);
  customize->model_id = g_strdup (target->model_id);
  isc_client_fetch_metrics_async (client, query, self->cancellable, customize_fetched_cb, customize);
}

/* Export… (primary menu, Ctrl+E): every chart of the page, in the order
 * and the columns it shows them. */
static void
export_action (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  IscWindow *self = user_data;
  g_autoptr(GPtrArray) views = g_ptr_array_new ();
  guint n = isc_charts_page_get_n_charts (self->charts_page);
  guint columns = 1;

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *error_view = isc_charts_page_get_error_rate_chart (self->charts_page, i);

      g_ptr_array_add (views, isc_charts_page_get_chart (self->charts_page, i));
      if (error_view != NULL)
        g_ptr_array_add (views, error_view);
    }

  if (isc_view_get_mode (self->view) != ISC_MODE_SERIES || views->len == 0)
    {
      toast (self, _("There are no charts to export: choose Charts first"));
      return;
    }

  {
    GtkWidget *grid = gtk_widget_get_parent (g_ptr_array_index (views, 0));

    if (grid != NULL && ISC_IS_CHART_GRID (grid) && gtk_widget_get_width (grid) > 0)
      columns = isc_chart_grid_columns_for_width (gtk_widget_get_width (grid));
  }

  isc_export_dialog_present_for_views ((GtkWidget * const *) views->pdata, views->len, columns);
}

/* Hide Chart (a chart's menu): the charts shown less that one, kept as
 * the model's layout, the way Customize View keeps it. */
static void
hide_chart_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  IscWindow *self = user_data;
  const char *name = g_variant_get_string (parameter, NULL);
  IscMetricsResponse *response = isc_view_get_response (self->view);
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();

  if (response == NULL || isc_metrics_response_get_mode (response) != ISC_MODE_SERIES)
    return;

  for (guint i = 0; i < isc_metrics_response_get_n_metrics (response); i++)
    {
      const char *metric = isc_metric_get_name (isc_metrics_response_get_metric (response, i));

      if (g_strcmp0 (metric, name) != 0)
        g_ptr_array_add (shown, (gpointer) metric);
    }

  if (shown->len == isc_metrics_response_get_n_metrics (response))
    return;
  if (shown->len == 0)
    {
      toast (self, _("The last chart cannot be hidden"));
      return;
    }
  g_ptr_array_add (shown, NULL);
  customize_applied_cb (NULL, (GStrv) shown->pdata, self);
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
  { "explore-demo", explore_demo_action },
  { "customize", customize_action },
  { "export", export_action },
  { "hide-chart", hide_chart_action, "s" },
};

/* With settings, the switches are the settings' own actions: flipping one
 * writes the key, and the key drives the view of every window. An
 * uninstalled build without the schema, or with an older compiled schema
 * that lacks a key (asking for it would abort), still gets working
 * switches, acting on this window's view and not kept. */
static void
add_switches (IscWindow *self)
{
  GSettings *settings = get_settings (self);

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
}

static void
bind_action_enabled (IscWindow  *self,
                     const char *action_name,
                     const char *property)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), action_name);

  g_object_bind_property (self->view, property, action, "enabled", G_BINDING_SYNC_CREATE);
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

  load_window_size (self);
  add_switches (self);
  restore_view_state (self);
  apply_layout (self);

  isc_sidebar_set_target_list (self->sidebar, isc_session_get_target_list (self->session));
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
  isc_view_set_target (self->view, target);
  apply_layout (self);
  if (adw_leaflet_get_folded (self->leaflet))
    adw_leaflet_set_visible_child_name (self->leaflet, "content");
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
  gtk_window_present (GTK_WINDOW (dialog));
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
      for (guint i = 0; i < G_N_ELEMENTS (switch_names); i++)
        {
          g_settings_unbind (self->view, switch_names[i]);
          g_action_map_remove_action (G_ACTION_MAP (self), switch_names[i]);
        }
      g_settings_unbind (self->view, "refresh-interval");
      g_signal_handlers_disconnect_by_data (self->view, self);
    }

  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, NULL);
  if (self->list_signals != NULL)
    g_signal_group_set_target (self->list_signals, NULL);

  gtk_widget_dispose_template (GTK_WIDGET (self), ISC_TYPE_WINDOW);

  g_clear_object (&self->session_signals);
  g_clear_object (&self->list_signals);
  g_clear_object (&self->view);
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
  widget_class->size_allocate = isc_window_size_allocate;
  widget_class->unrealize = isc_window_unrealize;
  widget_class->map = isc_window_map;
  widget_class->unmap = isc_window_unmap;

  window_class->close_request = isc_window_close_request;

  /* The resources live in a static library: referring to them links them
   * in, and their constructor registers them. */
  if (G_UNLIKELY (isc_ui_get_resource () == NULL))
    g_critical ("Inferscope's UI resources are missing");

  g_type_ensure (ISC_TYPE_CHARTS_PAGE);
  g_type_ensure (ISC_TYPE_RANGE_BUTTON);
  g_type_ensure (ISC_TYPE_SIDEBAR);
  g_type_ensure (ISC_TYPE_SUMMARY_PAGE);
  g_type_ensure (ISC_TYPE_TILES_PAGE);
  g_type_ensure (ISC_TYPE_WELCOME_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/inferscope/Inferscope/isc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IscWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, welcome_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, sidebar_box);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, sidebar_handle);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, content_box);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, title_squeezer);
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
  gtk_widget_class_bind_template_child (widget_class, IscWindow, banner);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, banner_icon);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, banner_title);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, banner_detail);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, banner_retry);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, state_stack);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, status_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, status_retry);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, mode_stack);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, tiles_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, summary_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, charts_page);

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
    isc_accessible_set_name (G_STRUCT_MEMBER (GtkWidget *, self, buttons[i].offset), _(buttons[i].name));
}

static void
isc_window_init (IscWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  self->cancellable = g_cancellable_new ();
  self->view = isc_view_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions), self);

  {
    GtkGesture *drag = gtk_gesture_drag_new ();

    g_signal_connect (drag, "drag-begin", G_CALLBACK (sidebar_drag_begin_cb), self);
    g_signal_connect (drag, "drag-update", G_CALLBACK (sidebar_drag_update_cb), self);
    g_signal_connect (drag, "drag-end", G_CALLBACK (sidebar_drag_end_cb), self);
    gtk_widget_add_controller (self->sidebar_handle, GTK_EVENT_CONTROLLER (drag));
  }
  bind_action_enabled (self, "back", "can-go-back");
  bind_action_enabled (self, "forward", "can-go-forward");
  name_buttons (self);

  g_signal_connect_object (self->view, "notify::state", G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::error", G_CALLBACK (view_error_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::stale", G_CALLBACK (update_banner), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::target", G_CALLBACK (view_target_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::mode", G_CALLBACK (view_mode_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::range", G_CALLBACK (view_range_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::loading", G_CALLBACK (view_loading_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::response", G_CALLBACK (view_response_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::trend", G_CALLBACK (view_response_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::updated-ms", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::use-utc", G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);

  /* The display switches live in the view; the pages follow it. */
  g_object_bind_property (self->view, "use-utc", self->charts_page, "use-utc", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->view, "use-utc", self->range_button, "use-utc", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->view, "counters-as-totals", self->charts_page, "counters-as-totals", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->view, "counters-as-totals", self->tiles_page, "counters-as-totals", G_BINDING_SYNC_CREATE);
  g_object_bind_property (g_network_monitor_get_default (), "network-available",
                          self->view, "network-available", G_BINDING_SYNC_CREATE);

  g_signal_connect_object (self->leaflet, "notify::folded",
                           G_CALLBACK (leaflet_folded_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->title_squeezer, "notify::visible-child",
                           G_CALLBACK (title_squeezed_cb), self, G_CONNECT_SWAPPED);
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
  update_title (self);
  update_state (self);

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

  toast (self, message);
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

  if (isc_view_get_target (self->view) == NULL)
    return NULL;

  return g_variant_ref_sink (isc_view_save_state (self->view));
}

void
isc_window_restore_view (IscWindow *self,
                         GVariant  *state)
{
  g_return_if_fail (ISC_IS_WINDOW (self));
  g_return_if_fail (state != NULL);

  isc_view_restore_state (self->view, state);
  apply_layout (self);
}
