/* isc-range-button-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What tests reach into: the clock the button reads, and the custom
 * From/To as if typed.
 */

#pragma once

#include "isc-range-button.h"

G_BEGIN_DECLS

/* Fixes "now" (epoch milliseconds) for the words and the checks; 0 goes
 * back to the real clock. */
void        _isc_range_button_set_now          (IscRangeButton *self,
                                                gint64          now_ms);
/* Fills the custom From and To with these instants and checks them. */
void        _isc_range_button_set_custom       (IscRangeButton *self,
                                                gint64          from_ms,
                                                gint64          to_ms);
/* Why the custom range cannot be applied, as the popover says it, or
 * NULL when Apply may be pressed. */
const char *_isc_range_button_get_custom_error (IscRangeButton *self);

G_END_DECLS
