/* isc-button-row.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-button-row"

#include "config.h"

#include "isc-accessible.h"
#include "isc-button-row.h"

GtkWidget *
isc_button_row_new (const char *label,
                    GCallback   callback,
                    gpointer    data)
{
  GtkWidget *button;

  g_return_val_if_fail (label != NULL, NULL);
  g_return_val_if_fail (callback != NULL, NULL);

#if ADW_CHECK_VERSION (1, 6, 0)
  button = adw_button_row_new ();
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (button), TRUE);
  g_signal_connect_swapped (button, "activated", callback, data);
#else
  button = gtk_button_new ();
  gtk_button_set_use_underline (GTK_BUTTON (button), TRUE);
  g_signal_connect_swapped (button, "clicked", callback, data);
#endif
  isc_button_row_set_label (button, label);
  return button;
}

void
isc_button_row_set_label (GtkWidget  *button,
                          const char *label)
{
  g_return_if_fail (label != NULL);

#if ADW_CHECK_VERSION (1, 6, 0)
  g_return_if_fail (ADW_IS_BUTTON_ROW (button));

  /* The row is labelled by its title. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (button), label);
#else
  g_return_if_fail (GTK_IS_BUTTON (button));

  if (g_strcmp0 (gtk_button_get_label (GTK_BUTTON (button)), label) == 0)
    return;
  gtk_button_set_label (GTK_BUTTON (button), label);
  /* A new label is a new child: name the button again, once (GTK 4.8
   * would add the label's words to the name). */
  isc_accessible_set_name_from_mnemonic (button, label);
#endif
}
