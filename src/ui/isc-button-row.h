/* isc-button-row.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* An action at the end of a preferences group's form ("Add Rule",
 * "Remove Key"): an AdwButtonRow where libadwaita has it (1.6), a row of
 * the group's list that is the button; else a GtkButton, which the
 * caller puts in a box under the list. Either way @label is a mnemonic,
 * the words a screen reader says, and @callback is called with @data
 * first (swapped) when a person clicks or activates it. */
GtkWidget *isc_button_row_new       (const char *label,
                                     GCallback   callback,
                                     gpointer    data);
void       isc_button_row_set_label (GtkWidget  *button,
                                     const char *label);

G_END_DECLS
