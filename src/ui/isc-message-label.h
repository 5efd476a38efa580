/* isc-message-label.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A label that says why something failed, and is hidden when there is
 * nothing to say: the welcome page's and the key dialog's "message".
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What @label says, or NULL while it is hidden or empty. */
const char *isc_message_label_get (GtkLabel   *label);
/* Shows @message in @label, or hides it for NULL and ""; TRUE when what
 * isc_message_label_get() returns changed, so the caller notifies. */
gboolean    isc_message_label_set (GtkLabel   *label,
                                   const char *message);

G_END_DECLS
