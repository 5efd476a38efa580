/* isc-add-target-dialog.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-account.h"
#include "isc-target.h"

G_BEGIN_DECLS

#define ISC_TYPE_ADD_TARGET_DIALOG (isc_add_target_dialog_get_type ())

/* An AdwDialog where libadwaita has it (1.5), inside @parent (a bottom
 * sheet when narrow); a modal AdwWindow transient for @parent before. */
#if ADW_CHECK_VERSION (1, 5, 0)
G_DECLARE_FINAL_TYPE (IscAddTargetDialog, isc_add_target_dialog, ISC, ADD_TARGET_DIALOG, AdwDialog)
#else
G_DECLARE_FINAL_TYPE (IscAddTargetDialog, isc_add_target_dialog, ISC, ADD_TARGET_DIALOG, AdwWindow)
#endif

/* "Add by ID…": a small dialog asking for a model id and a
 * deployment id or an environment name. Add checks them with
 * isc_account_resolve_target_async (Add is insensitive and a spinner
 * turns meanwhile); when the target exists ::target-added
 * (const IscTarget *target, with the names Baseten gave) is emitted and
 * the dialog closes, otherwise it says why and stays open. Closing it
 * cancels a check on its way.
 */
GtkWidget  *isc_add_target_dialog_new         (GtkWindow          *parent,
                                               IscAccount         *account);

/* Shows @self over its parent: adw_dialog_present() or
 * gtk_window_present(). */
void        isc_add_target_dialog_present     (IscAddTargetDialog *self);
/* Closes @self, as Cancel and Escape do: a check on its way is dropped
 * at once, and adds nothing. */
void        isc_add_target_dialog_close       (IscAddTargetDialog *self);

/* "account" (IscAccount, construct-only) */
IscAccount *isc_add_target_dialog_get_account (IscAddTargetDialog *self);

G_END_DECLS
