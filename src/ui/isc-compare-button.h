/* isc-compare-button.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-target-list.h"
#include "isc-view.h"

G_BEGIN_DECLS

#define ISC_TYPE_COMPARE_BUTTON (isc_compare_button_get_type ())

G_DECLARE_FINAL_TYPE (IscCompareButton, isc_compare_button, ISC, COMPARE_BUTTON, AdwBin)

/* The header's Compare control: a menu button whose popover lists None,
 * 1 hour earlier, 1 day earlier, Same time last week, then every other
 * environment and deployment of "target-list" that its filter entry
 * matches (by model or target name; models that match are asked for their
 * targets), the first 50 of them and how many more the filter finds; a
 * choice sets "view"'s compare (isc_view_set_compare_shift(),
 * _set_compare_target()). The list follows the target list and makes rows
 * only for what is in sight, so it opens at once on a large account. Its
 * accessible name is "Compare"; Ctrl+Shift+K opens it from anywhere in
 * the window, the arrows move in the list, typing filters it and Enter
 * chooses. Lit (the "accent" style) while something is compared. */
GtkWidget     *isc_compare_button_new             (void);
/* "view" (IscView, nullable) */
IscView       *isc_compare_button_get_view        (IscCompareButton *self);
void           isc_compare_button_set_view        (IscCompareButton *self,
                                                   IscView          *view);
/* "target-list" (IscTargetList, nullable): the other targets offered. */
IscTargetList *isc_compare_button_get_target_list (IscCompareButton *self);
void           isc_compare_button_set_target_list (IscCompareButton *self,
                                                   IscTargetList    *list);
/* For tests: the popover's list (its model: the shifts and the heading as
 * GtkStringObject, then IscTargetItem), its filter entry, and the menu
 * button. */
GtkListView   *isc_compare_button_get_list        (IscCompareButton *self);
GtkEditable   *isc_compare_button_get_filter_entry (IscCompareButton *self);
GtkMenuButton *isc_compare_button_get_menu_button (IscCompareButton *self);

G_END_DECLS
