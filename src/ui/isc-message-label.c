/* isc-message-label.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-message-label"

#include "config.h"

#include "isc-message-label.h"

const char *
isc_message_label_get (GtkLabel *label)
{
  const char *text;

  g_return_val_if_fail (GTK_IS_LABEL (label), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (label)))
    return NULL;

  text = gtk_label_get_label (label);
  return text[0] != '\0' ? text : NULL;
}

gboolean
isc_message_label_set (GtkLabel   *label,
                       const char *message)
{
  gboolean shown;

  g_return_val_if_fail (GTK_IS_LABEL (label), FALSE);

  if (message != NULL && message[0] == '\0')
    message = NULL;
  if (g_strcmp0 (message, isc_message_label_get (label)) == 0)
    return FALSE;

  shown = message != NULL;
  gtk_label_set_label (label, shown ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (label), shown);

  return TRUE;
}
