/* isc-alerts-dialog.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-target.h"

G_BEGIN_DECLS

/* The alert rules of one target: the rules it has, each with a button
 * that removes it, and a rule to add, chosen from the short list of kinds
 * with its threshold and minutes. Changes go straight to the
 * "alert-rules" setting (the application's alerts follow it); the rules
 * of other targets are kept as they are. */

#define ISC_TYPE_ALERTS_DIALOG (isc_alerts_dialog_get_type ())

/* An AdwPreferencesDialog where libadwaita has it (1.5), an
 * AdwPreferencesWindow before: the same page on both. */
#if ADW_CHECK_VERSION (1, 5, 0)
G_DECLARE_FINAL_TYPE (IscAlertsDialog, isc_alerts_dialog, ISC, ALERTS_DIALOG, AdwPreferencesDialog)
#else
G_DECLARE_FINAL_TYPE (IscAlertsDialog, isc_alerts_dialog, ISC, ALERTS_DIALOG, AdwPreferencesWindow)
#endif

/* settings NULL: nothing can be kept, so nothing can be added. @parent:
 * the window it goes over when presented. */
IscAlertsDialog *isc_alerts_dialog_new        (GtkWindow       *parent,
                                               GSettings       *settings,
                                               const IscTarget *target);
/* Shows @self over its parent: adw_dialog_present() or
 * gtk_window_present(). */
void             isc_alerts_dialog_present    (IscAlertsDialog *self);
/* Closes @self, as Escape does. */
void             isc_alerts_dialog_close      (IscAlertsDialog *self);
const IscTarget *isc_alerts_dialog_get_target (IscAlertsDialog *self);

G_END_DECLS
