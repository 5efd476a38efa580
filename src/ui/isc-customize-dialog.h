/* isc-customize-dialog.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ISC_TYPE_CUSTOMIZE_DIALOG (isc_customize_dialog_get_type ())

/* An AdwDialog where libadwaita has it (1.5), inside @parent (a bottom
 * sheet when narrow); a modal AdwWindow transient for @parent before. */
#if ADW_CHECK_VERSION (1, 5, 0)
G_DECLARE_FINAL_TYPE (IscCustomizeDialog, isc_customize_dialog, ISC, CUSTOMIZE_DIALOG, AdwDialog)
#else
G_DECLARE_FINAL_TYPE (IscCustomizeDialog, isc_customize_dialog, ISC, CUSTOMIZE_DIALOG, AdwWindow)
#endif

/* Customize View: which charts a model's page shows, and in what order.
 * One row per metric the deployment reports (@available, in its default
 * order), with a switch to show or hide it and Move Up / Move Down, in
 * the order the Charts page shows them: the catalogue's groups in turn
 * (each row says its group, and moves within it only), and within a
 * group first the ones @shown, in its order (a name not available is not
 * offered), then its hidden ones in the default order. A NULL @shown
 * shows every available metric, as Reset does.
 *
 * Apply emits "applied" with the metrics shown, in order (a GStrv), and
 * closes; Cancel and Escape close without it. Apply needs one chart
 * shown at least.
 */
IscCustomizeDialog *isc_customize_dialog_new        (GtkWindow          *parent,
                                                     const char * const *available,
                                                     const char * const *shown);
/* Shows @self over its parent: adw_dialog_present() or
 * gtk_window_present(). */
void                isc_customize_dialog_present    (IscCustomizeDialog *self);
/* Closes @self without applying, as Cancel and Escape do. */
void                isc_customize_dialog_close      (IscCustomizeDialog *self);
/* The metrics shown now, in order: what Apply would send. */
char              **isc_customize_dialog_dup_layout (IscCustomizeDialog *self);

G_END_DECLS
