/* isc-range-button.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "isc-time-range.h"

G_BEGIN_DECLS

#define ISC_TYPE_RANGE_BUTTON (isc_range_button_get_type ())

G_DECLARE_FINAL_TYPE (IscRangeButton, isc_range_button, ISC, RANGE_BUTTON, GtkWidget)

/* The header bar's time range button: a menu button that reads the range
 * in words ("Last hour", "Today 09:12–10:40"), with that text as its
 * accessible name too. Its popover offers the presets (the last 15 minutes
 * to 7 days, the current one checked) and a custom From/To, each a date
 * and a time of day in local time or UTC (the "use-utc" property), which
 * it refuses in words while it is longer than 7 days, ends before it
 * starts, or ends more than a minute in the future.
 *
 * Picking a preset or applying a custom range sets "range" and emits
 * "range-chosen" with it, then closes the popover; setting "range" from
 * code emits nothing but the notification.
 */
GtkWidget          *isc_range_button_new         (void);
const IscTimeRange *isc_range_button_get_range   (IscRangeButton     *self);
void                isc_range_button_set_range   (IscRangeButton     *self,
                                                  const IscTimeRange *range);
gboolean            isc_range_button_get_use_utc (IscRangeButton     *self);
void                isc_range_button_set_use_utc (IscRangeButton     *self,
                                                  gboolean            use_utc);
/* Opens the popover, as a click does: for a window action. */
gboolean            isc_range_button_get_compact (IscRangeButton     *self);
void                isc_range_button_set_compact (IscRangeButton     *self,
                                                  gboolean            compact);
void                isc_range_button_popup       (IscRangeButton     *self);

G_END_DECLS
