/* isc-welcome-page.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ISC_TYPE_WELCOME_PAGE (isc_welcome_page_get_type ())

G_DECLARE_FINAL_TYPE (IscWelcomePage, isc_welcome_page, ISC, WELCOME_PAGE, AdwBin)

/* The first-run page: what Inferscope is, and two ways in, the actions
 * "win.connect" and "win.explore-demo" (the window installs them). */
GtkWidget  *isc_welcome_page_new         (void);
/* "message": a problem to tell the person, such as a keyring that
 * failed, shown as a warning over the buttons; NULL hides it. */
void        isc_welcome_page_set_message (IscWelcomePage *self,
                                          const char     *message);
const char *isc_welcome_page_get_message (IscWelcomePage *self);

G_END_DECLS
