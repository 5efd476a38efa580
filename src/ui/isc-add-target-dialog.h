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

G_DECLARE_FINAL_TYPE (IscAddTargetDialog, isc_add_target_dialog, ISC, ADD_TARGET_DIALOG, AdwWindow)

/* "Add by ID…": a small modal window asking for a model id and a
 * deployment id or an environment name. Add checks them with
 * isc_account_resolve_target_async (Add is insensitive and a spinner
 * turns meanwhile); when the target exists ::target-added
 * (const IscTarget *target, with the names Baseten gave) is emitted and
 * the window closes, otherwise it says why and stays open. Closing it
 * cancels a check on its way.
 */
GtkWidget  *isc_add_target_dialog_new         (GtkWindow          *parent,
                                               IscAccount         *account);

/* "account" (IscAccount, construct-only) */
IscAccount *isc_add_target_dialog_get_account (IscAddTargetDialog *self);

G_END_DECLS
