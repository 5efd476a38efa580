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

/* An AdwPreferencesDialog where libadwaita has it (1.5), which
 * deprecates AdwPreferencesWindow in 1.6; an AdwPreferencesWindow before.
 * Both hold the same page. */
#if ADW_CHECK_VERSION (1, 5, 0)
G_DECLARE_FINAL_TYPE (IscPreferencesWindow, isc_preferences_window, ISC, PREFERENCES_WINDOW, AdwPreferencesDialog)
#else
G_DECLARE_FINAL_TYPE (IscPreferencesWindow, isc_preferences_window, ISC, PREFERENCES_WINDOW, AdwPreferencesWindow)
#endif

/* Preferences over @session: the account (which key, whose workspace,
 * Change Key…, Remove Key, the base URL), the display switches and the
 * refresh interval, on the settings of isc_session_get_settings().
 * Every change applies at once. @parent is the window it goes over when
 * presented: its transient parent, or where the dialog is presented. */
IscPreferencesWindow *isc_preferences_window_new         (GtkWindow            *parent,
                                                          IscSession           *session);
/* Shows @self over its parent: adw_dialog_present() or
 * gtk_window_present(). */
void                  isc_preferences_window_present     (IscPreferencesWindow *self);
/* Closes @self, as Escape does. */
void                  isc_preferences_window_close       (IscPreferencesWindow *self);
IscSession           *isc_preferences_window_get_session (IscPreferencesWindow *self);

G_END_DECLS
