/* isc-spinner.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A spinner that turns only while it is in sight: shown and hidden, never
 * started or stopped. An AdwSpinner where libadwaita has it (1.6), which
 * turns only while mapped; else a GtkSpinner made to do the same, since
 * GTK 4.8's turns whenever asked, in sight or not, and ticks the frame
 * clock (redrawing the window sixty times a second) all the while. */
GtkWidget *isc_spinner_new  (void);

/* Makes @spinner (a GtkSpinner, e.g. from a template) turn while mapped
 * and only then; an AdwSpinner does so itself. */
void       isc_spinner_init (GtkWidget *spinner);

G_END_DECLS
