/* isc-accessible.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Gives a control the name a screen reader reads, and only that. GTK 4.8
 * names an icon button after its icon ("GtkImage", "GtkMenuButton") and
 * a labelled one twice ("_Retry Retry": the label property, then the
 * label inside); an explicit name with the button's contents hidden from the
 * accessibility tree reads once, as written. */
void isc_accessible_set_name (GtkWidget  *widget,
                              const char *name);

G_END_DECLS
