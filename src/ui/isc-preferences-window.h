/* isc-preferences-window.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-session.h"

G_BEGIN_DECLS

#define ISC_TYPE_PREFERENCES_WINDOW (isc_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (IscPreferencesWindow, isc_preferences_window, ISC, PREFERENCES_WINDOW, AdwPreferencesWindow)

/* Preferences over @session: the account (which key, whose workspace,
 * Change Key…, Remove Key, the base URL), the display switches and the
 * refresh interval, on the settings of isc_session_get_settings().
 * Every change applies at once. */
IscPreferencesWindow *isc_preferences_window_new         (GtkWindow            *parent,
                                                          IscSession           *session);
IscSession           *isc_preferences_window_get_session (IscPreferencesWindow *self);

G_END_DECLS
