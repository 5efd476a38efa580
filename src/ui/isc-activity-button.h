/* isc-activity-button.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-view.h"

G_BEGIN_DECLS

#define ISC_TYPE_ACTIVITY_BUTTON (isc_activity_button_get_type ())

G_DECLARE_FINAL_TYPE (IscActivityButton, isc_activity_button, ISC, ACTIVITY_BUTTON, AdwBin)

/* The header's Activity control (UI.md, "Why it happened"): a menu button
 * whose popover lists the events of "view"'s target over its range
 * (isc_view_get_events()), oldest first, each a row with an icon for its
 * kind, its sentence (isc_event_describe(), plain text) and its time in
 * the view's zone (UTC or local, as "use-utc" says). Choosing one sets
 * the view's cursor time to the event's (the crosshair on every chart)
 * and shows the Charts page ("win.mode" 'charts'). When the audit log
 * cannot be read (isc_view_get_events_unavailable()) the popover says so,
 * once, above whatever it lists: the charts keep the markers Inferscope
 * infers. Its accessible name is "Activity". */
GtkWidget     *isc_activity_button_new             (void);
/* "view" (IscView, nullable) */
IscView       *isc_activity_button_get_view        (IscActivityButton *self);
void           isc_activity_button_set_view        (IscActivityButton *self,
                                                    IscView           *view);
/* Pops the list up, as a click does. */
void           isc_activity_button_popup           (IscActivityButton *self);
/* For tests: the popover's list (a row per event, in the model's order),
 * the sentence that the audit log cannot be read (hidden while it can),
 * the words shown when the range holds no event, and the menu button. */
GtkListBox    *isc_activity_button_get_list        (IscActivityButton *self);
GtkLabel      *isc_activity_button_get_unavailable_label (IscActivityButton *self);
GtkLabel      *isc_activity_button_get_empty_label (IscActivityButton *self);
GtkMenuButton *isc_activity_button_get_menu_button (IscActivityButton *self);

G_END_DECLS
