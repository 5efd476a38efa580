/* isc-accessible.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Gives a control the name a screen reader reads, and only that. GTK 4.8
 * names an icon button after its icon ("GtkImage", "GtkMenuButton") and
 * a labelled one twice ("_Retry Retry": the label property, then the
 * label inside); an explicit name with the button's contents hidden from the
 * accessibility tree reads once, as written. */
void isc_accessible_set_name               (GtkWidget  *widget,
                                            const char *name);
/* The same with the words of a mnemonic label ("_Cancel" reads "Cancel"):
 * GTK 4.8 reads a label's underscores out. */
void isc_accessible_set_name_from_mnemonic (GtkWidget  *widget,
                                            const char *mnemonic);

/* Makes @window read as a dialog: call it first in the window's instance
 * init. GTK 4.8 fixes a widget's role when its accessible context is
 * made, and under a screen reader a new window's is made while the
 * window is still being built: a class role (gtk_widget_class_set_
 * accessible_role) did not always reach it, and Connect to Baseten and
 * Add by ID read as a "filler". The instance's role, set this early,
 * does. The window is still in construction, so the construct-only
 * property may be set. */
void isc_accessible_init_dialog            (GtkWindow  *window);

/* Takes the search entry of a preferences window without search out of
 * the accessibility tree: AdwPreferencesWindow keeps one that nobody can
 * reach, which GTK 4.8 reads as "GtkSearchEntry". */
void isc_accessible_hide_unused_search     (GtkWidget  *preferences);

G_END_DECLS
