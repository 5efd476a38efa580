/* isc-key-dialog.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-session.h"

G_BEGIN_DECLS

#define ISC_TYPE_KEY_DIALOG (isc_key_dialog_get_type ())

/* An AdwDialog where libadwaita has it (1.5), inside @parent (a bottom
 * sheet when narrow); a modal AdwWindow transient for @parent before. */
#if ADW_CHECK_VERSION (1, 5, 0)
G_DECLARE_FINAL_TYPE (IscKeyDialog, isc_key_dialog, ISC, KEY_DIALOG, AdwDialog)
#else
G_DECLARE_FINAL_TYPE (IscKeyDialog, isc_key_dialog, ISC, KEY_DIALOG, AdwWindow)
#endif

/* A dialog over @parent that asks for a Baseten API key and hands
 * it to isc_session_connect_async(). It closes itself once the session
 * has taken the key; a refused key, or any other failure, is said in the
 * dialog, which stays open for another try. */
IscKeyDialog *isc_key_dialog_new         (GtkWindow    *parent,
                                          IscSession   *session);
/* Shows @self over its parent: adw_dialog_present() or
 * gtk_window_present(). */
void          isc_key_dialog_present     (IscKeyDialog *self);
/* Closes @self, as Cancel and Escape do; a key being checked is
 * cancelled and not kept. */
void          isc_key_dialog_close       (IscKeyDialog *self);
IscSession   *isc_key_dialog_get_session (IscKeyDialog *self);
/* "message": words shown over the entry when the dialog opens, such as
 * why a new key is needed; NULL hides them. A failed try replaces it. */
void          isc_key_dialog_set_message (IscKeyDialog *self,
                                          const char   *message);
const char   *isc_key_dialog_get_message (IscKeyDialog *self);

G_END_DECLS
