/* isc-sidebar.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-target-list.h"
#include "isc-target.h"

G_BEGIN_DECLS

#define ISC_TYPE_SIDEBAR (isc_sidebar_get_type ())

G_DECLARE_FINAL_TYPE (IscSidebar, isc_sidebar, ISC, SIDEBAR, AdwBin)

/* The window's sidebar over an IscTargetList: a filter entry in a search
 * bar, then "Overview", then each model as a heading followed by its
 * environments (with a status dot) and deployments, then "Add by ID…".
 * With nothing to list it says so, shows a spinner while the list loads,
 * or the list's error with Retry. A list view makes rows only for what is
 * in sight, and asks discovery for the targets of the models in sight
 * and of the selected target's model (isc_target_list_fetch_model()).
 *
 * Not an AdwSidebar where libadwaita has one (1.9): that makes a row
 * widget for every item at once, in list boxes, where this list must
 * stay quick on a workspace of 10,000 models (tests/bench-large: first
 * rows within 1 s, no stall over 50 ms). On the newest stack, an
 * AdwSidebar of 10,000 one-item sections took 1.8 s of the main loop to
 * build and 4.8 s to its first frame; this list's first rows, 110 ms.
 * The list view is styled as a sidebar (.navigation-sidebar) instead.
 *
 * Signals:
 *  ::target-activated (const IscTarget *target): a person chose a target
 *    (selected its row, or activated the row already selected, which a
 *    collapsed window uses to show the content again). Not emitted when
 *    "selected-target" is set from code.
 *  ::reload-requested (): Retry under a discovery error was clicked.
 *  ::add-requested (): "Add by ID…" was clicked; whoever owns the account
 *    opens IscAddTargetDialog.
 *  ::overview-activated (): a person chose "Overview" (selected it, or
 *    activated it while selected). "selected-target" becomes NULL.
 *  ::usage-activated (): the same for "Usage", the row under Overview.
 *  ::model-apis-activated (): the same for a row of the Model APIs
 *    section (isc_sidebar_get_model_api() says which).
 */
GtkWidget       *isc_sidebar_new                  (void);

/* "target-list" (IscTargetList) */
IscTargetList   *isc_sidebar_get_target_list      (IscSidebar      *self);
void             isc_sidebar_set_target_list      (IscSidebar      *self,
                                                   IscTargetList   *target_list);

/* "selected-target" (IscTarget, boxed): setting it selects the row that
 * shows it, or none when it is NULL or not listed (filtered out, say);
 * the row is selected again when it comes back. */
const IscTarget *isc_sidebar_get_selected_target  (IscSidebar      *self);
void             isc_sidebar_set_selected_target  (IscSidebar      *self,
                                                   const IscTarget *target);

/* Selects the Overview row (and no target) without emitting anything;
 * setting a target selects that again. */
void             isc_sidebar_select_overview      (IscSidebar      *self);
gboolean         isc_sidebar_get_overview_selected (IscSidebar     *self);
/* The Usage row, under Overview: selected (no target is), and whether
 * it is there at all (a key that may not read billing has none). */
void             isc_sidebar_select_usage         (IscSidebar      *self);
gboolean         isc_sidebar_get_usage_selected   (IscSidebar      *self);
void             isc_sidebar_set_usage_shown      (IscSidebar      *self,
                                                   gboolean         shown);
gboolean         isc_sidebar_get_usage_shown      (IscSidebar      *self);
/* The Model APIs section, under Usage: there only when the workspace has
 * added a Model API (isc_sidebar_set_model_apis() with the list of
 * IscModelApi; NULL or none removes it): a heading, "All Model APIs",
 * and a row per API. Selecting one (without emitting anything) by its
 * name, NULL for All; isc_sidebar_get_model_api() says which is, NULL
 * for All or when none is. set_model_apis_shown (FALSE) removes it. */
void             isc_sidebar_select_model_apis    (IscSidebar      *self);
void             isc_sidebar_select_model_api     (IscSidebar      *self,
                                                   const char      *name);
const char      *isc_sidebar_get_model_api        (IscSidebar      *self);
gboolean         isc_sidebar_get_model_apis_selected (IscSidebar   *self);
void             isc_sidebar_set_model_apis       (IscSidebar      *self,
                                                   GPtrArray       *apis);
void             isc_sidebar_set_model_apis_shown (IscSidebar      *self,
                                                   gboolean         shown);
gboolean         isc_sidebar_get_model_apis_shown (IscSidebar      *self);
/* Shows the filter entry and puts the focus in it (Ctrl+F). */
void             isc_sidebar_start_filter         (IscSidebar      *self);

G_END_DECLS
