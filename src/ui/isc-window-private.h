/* isc-window-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-activity-button.h"
#include "isc-charts-page.h"
#include "isc-compare-button.h"
#include "isc-fleet.h"
#include "isc-key-dialog.h"
#include "isc-log-view.h"
#include "isc-logs-page.h"
#include "isc-overview-page.h"
#include "isc-usage.h"
#include "isc-usage-page.h"
#include "isc-model-apis-page.h"
#include "isc-range-button.h"
#include "isc-sidebar.h"
#include "isc-diagnosis-banners.h"
#include "isc-summary-page.h"
#include "isc-tiles-page.h"
#include "isc-welcome-page.h"
#include "isc-window.h"

G_BEGIN_DECLS

/* The main window. Its state is its IscView: the window only carries the
 * view's properties to the widgets and the person's choices back.
 *
 * The main stack shows "starting" (the session looks for a key),
 * "welcome" (no key) or "main": a leaflet of the sidebar (the session's
 * targets) and the content: the header (range history, the title with
 * the mode switcher, range, Refresh, menu), the stale strip, and a stack
 * of "loading", "status" (an error, no data, nothing chosen) and
 * "content", the mode pages in an AdwViewStack, or "overview", the fleet
 * overview (IscOverviewPage over the window's IscFleet) while the
 * sidebar's Overview is chosen.
 */
struct _IscWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  GtkStack             *main_stack;
  IscWelcomePage       *welcome_page;
#if ADW_CHECK_VERSION (1, 4, 0)
  /* isc-window-adaptive.ui: a split view folded by breakpoints. */
  AdwNavigationSplitView *split_view;
  AdwBreakpoint        *narrow_breakpoint;
  AdwBreakpoint        *medium_breakpoint;
  AdwBreakpoint        *collapse_breakpoint;
  GtkStack             *title_stack;
  AdwBanner            *banner;
  AdwBin               *spinner_bin;
#else
  /* isc-window.ui: a leaflet that folds, a squeezer for the title. */
  AdwLeaflet           *leaflet;
  AdwSqueezer          *title_squeezer;
  GtkRevealer          *banner;
  GtkImage             *banner_icon;
  GtkLabel             *banner_title;
  GtkLabel             *banner_detail;
#endif
  GtkWidget            *sidebar_box;
  GtkWidget            *sidebar_handle;
  IscSidebar           *sidebar;
  GtkWidget            *content_box;
  GtkWidget            *wide_title;
  AdwWindowTitle       *wide_window_title;
  GtkWidget            *medium_title;
  AdwWindowTitle       *medium_window_title;
  GtkWidget            *wide_switcher;
  GtkWidget            *medium_switcher;
  AdwWindowTitle       *window_title;
  AdwViewSwitcherBar   *switcher_bar;
  GtkWidget            *back_button;
  GtkWidget            *forward_button;
  GtkWidget            *refresh_button;
  GtkWidget            *menu_button;
  GMenu                *primary_menu;
  GMenu                *compare_section; /* in primary_menu while narrow */
  GtkWidget            *welcome_menu_button;
  GtkWidget            *filter_button;
  GtkWidget            *sidebar_button;
  IscRangeButton       *range_button;
  IscCompareButton     *compare_button;
  IscActivityButton    *activity_button;
  GtkWidget            *banner_retry;   /* NULL in an AdwBanner */
  GtkStack             *state_stack;
  GtkWidget            *spinner;        /* an AdwSpinner or a GtkSpinner */
  AdwStatusPage        *status_page;
  GtkWidget            *status_retry;
  AdwViewStack         *mode_stack;
  IscTilesPage         *tiles_page;
  IscSummaryPage       *summary_page;
  IscChartsPage        *charts_page;
  IscLogsPage          *logs_page;
  IscOverviewPage      *overview_page;
  IscDiagnosisBanners  *diagnosis_banners; /* isc-window-diagnosis.c */
  IscUsagePage         *usage_page;
  IscModelApisPage     *model_apis_page;

  /* Owned references */
  IscView              *view;
  IscFleet             *fleet;          /* the overview's */
  IscLogView           *log_view;       /* the Logs page's */
  IscUsage             *usage;          /* the view's client's spend and usage */
  GCancellable         *usage_cancellable;
  GCancellable         *summary_cost_cancellable;
  GCancellable         *model_apis_cancellable;
  IscSession           *session;
  GSignalGroup         *session_signals;
  GSignalGroup         *list_signals;
  GCancellable         *cancellable;
  IscKeyDialog         *key_dialog;     /* weak */
  char                 *account_origin; /* the base URL the target is from, "demo:" */

  guint                 age_timer_id;   /* while stale: the strip's age */
  int                   drag_start_width; /* of the sidebar, dragging its edge */
  gulong                trace_paint_id; /* INFERSCOPE_TRACE: after-paint */
  gboolean              traced_first_frame;
  gboolean              traced_settled;
  gboolean              header_presumed_narrow; /* libadwaita < 1.4 */
  int                   hidden_sidebar_width;   /* F9 hid it (libadwaita >= 1.4) */
  gulong                toplevel_state_id;
  gboolean              state_loaded;
  gboolean              showing_overview;
  gboolean              showing_usage;  /* with showing_overview: the Usage page */
  gboolean              showing_model_apis; /* with showing_overview: the Model APIs page */
  gboolean              showing_logs;   /* the Logs page, over the view's mode */
};

/* IscWindow is written in six files that share this header:
 * isc-window.c (the object, its template, what it follows of the view and
 * the session), isc-window-state.c (what it keeps in the settings: the
 * view's state, the layout, its size and the sidebar's width),
 * isc-window-status.c (the title, the stale strip, the state page and the
 * mode pages), isc-window-actions.c (the win. actions and the switches),
 * isc-window-customize.c (Customize View, Export… and Hide Chart) and
 * isc-window-trace.c (INFERSCOPE_TRACE).
 */

/* isc-window.c */

/* The fleet overview in the content (TRUE), or the view's pages. */
void       _isc_window_show_overview           (IscWindow     *self,
                                                gboolean       show);

/* The mode switchers and the range button, for what is shown. */
void       _isc_window_update_modes_offered    (IscWindow     *self);

/* isc-window-usage.c: the Usage page in the content (in the overview's
 * place), loading it; the IscUsage of the view's client. */
void       _isc_window_show_usage              (IscWindow     *self);
/* The Model APIs page likewise, and its usage over the view's range. */
void       _isc_window_show_model_apis         (IscWindow     *self);
void       _isc_window_load_model_apis         (IscWindow     *self);
void       _isc_window_model_apis_query_changed (IscWindow    *self);
void       _isc_window_load_usage              (IscWindow     *self);
IscUsage  *_isc_window_get_usage               (IscWindow     *self);
void       _isc_window_dispose_usage           (IscWindow     *self);
/* The Summary page's cost line for @response (the view's SUMMARY). */
void       _isc_window_update_summary_cost     (IscWindow          *self,
                                                IscMetricsResponse *response);

GSettings *_isc_window_get_settings            (IscWindow     *self);
void       _isc_window_toast                   (IscWindow     *self,
                                                const char    *message);
/* The mode of a view stack page's name ("now", "summary", "charts"). */
gboolean   _isc_window_mode_from_page          (const char    *name,
                                                IscMode       *mode);
/* Shows the page named @name ("now", "summary", "charts", "logs"). */
void       _isc_window_show_page               (IscWindow     *self,
                                                const char    *name);
/* Presents the key dialog, with @message (nullable) above the entry. */
void       _isc_window_open_key_dialog         (IscWindow     *self,
                                                const char    *message);

/* Whether the sidebar and the content are one page at a time (narrow). */
gboolean   _isc_window_get_folded              (IscWindow     *self);
/* Folded, shows the content (TRUE) or the sidebar. */
void       _isc_window_show_content            (IscWindow     *self,
                                                gboolean       content);
/* Whether the sidebar is the page shown, folded. */
gboolean   _isc_window_get_showing_sidebar     (IscWindow     *self);
/* Calls @callback (swapped, with @self) when the window folds or unfolds. */
void       _isc_window_connect_folded          (IscWindow     *self,
                                                GCallback      callback);
/* The sidebar's width, and whether it is shown beside the content. */
void       _isc_window_set_sidebar_width       (IscWindow     *self,
                                                int            width);
int        _isc_window_get_sidebar_width       (IscWindow     *self);
void       _isc_window_set_sidebar_shown       (IscWindow     *self,
                                                gboolean       shown);

/* isc-window-state.c */

void       _isc_window_save_view_state         (IscWindow     *self);
GVariant  *_isc_window_dup_state               (IscWindow     *self);
void       _isc_window_restore_page            (IscWindow     *self,
                                                GVariant      *state);
void       _isc_window_restore_view_state      (IscWindow     *self);
/* The model's chosen charts (Customize View), or NULL for all. */
void       _isc_window_apply_layout            (IscWindow     *self);
void       _isc_window_load_window_size        (IscWindow     *self);
void       _isc_window_save_window_size        (IscWindow     *self);
/* The sidebar's edge, dragged to widen it. */
void       _isc_window_init_sidebar_drag       (IscWindow     *self);

/* isc-window-status.c */

void       _isc_window_update_title            (IscWindow     *self);
void       _isc_window_update_banner           (IscWindow     *self);
void       _isc_window_update_state            (IscWindow     *self);
/* The response shown goes to the page of its mode. */
void       _isc_window_update_pages            (IscWindow     *self);
void       _isc_window_update_target_item      (IscWindow     *self);
void       _isc_window_init_diagnosis          (IscWindow     *self);
void       _isc_window_update_diagnosis        (IscWindow     *self);

/* isc-window-actions.c */

/* Adds the win. actions and follows the view's can-go-back/forward. */
void       _isc_window_init_actions            (IscWindow     *self);
void       _isc_window_add_switches            (IscWindow     *self);
void       _isc_window_remove_switches         (IscWindow     *self);

/* isc-window-customize.c */

void       _isc_window_customize_action        (GSimpleAction *action,
                                                GVariant      *parameter,
                                                gpointer       user_data);
void       _isc_window_export_action           (GSimpleAction *action,
                                                GVariant      *parameter,
                                                gpointer       user_data);
void       _isc_window_hide_chart_action       (GSimpleAction *action,
                                                GVariant      *parameter,
                                                gpointer       user_data);

/* isc-window-trace.c */

void       _isc_window_trace_after_paint_cb    (GdkFrameClock *clock,
                                                IscWindow     *self);

void _isc_window_update_compare_state (IscWindow *self);

G_END_DECLS
