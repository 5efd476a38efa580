/* isc-window.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-application.h"
#include "isc-view.h"

G_BEGIN_DECLS

#define ISC_TYPE_WINDOW (isc_window_get_type ())

G_DECLARE_FINAL_TYPE (IscWindow, isc_window, ISC, WINDOW, AdwApplicationWindow)

/* A window with its own view (IscView) of the application's session: the
 * welcome page while no key is kept, else the sidebar of targets and the
 * page of the view's mode. */
IscWindow *isc_window_new      (IscApplication *application);
IscView   *isc_window_get_view (IscWindow      *self);
/* What the window shows, as IscView saves it: NULL without a target. */
GVariant  *isc_window_dup_view_state (IscWindow *self);
void       isc_window_restore_view   (IscWindow *self,
                                      GVariant  *state);
/* A message on the window's toast overlay: a failure of an export or a
 * copy, in words. */
void       isc_window_add_toast      (IscWindow  *self,
                                      const char *message);

G_END_DECLS
