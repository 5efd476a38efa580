/* isc-accessible-library.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Names for the controls inside windows the libraries build, which GTK
 * 4.8 reads by their type ("GtkImage", "GtkMenuButton") or with their
 * mnemonic ("_Copy Text Copy Text"). Each walks the window as built, so
 * call it once the window has its contents, before it is shown. */

/* libadwaita 1.2's AdwAboutWindow: its subpages' Back buttons, its
 * version button, the buttons of its debugging page; the icons beside
 * its rows' titles are decoration, out of the tree. */
void isc_accessible_name_about_window     (GtkWindow          *about);

#if !ADW_CHECK_VERSION (1, 8, 0)
/* GtkShortcutsWindow: its search button and entry, its section menu.
 * libadwaita 1.8's AdwShortcutsDialog replaces it. */
void isc_accessible_name_shortcuts_window (GtkShortcutsWindow *shortcuts);
#endif

G_END_DECLS
