/* isc-spinner.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "isc-spinner.h"

static void
spinner_map_cb (GtkWidget *spinner)
{
  gtk_spinner_start (GTK_SPINNER (spinner));
}

static void
spinner_unmap_cb (GtkWidget *spinner)
{
  gtk_spinner_stop (GTK_SPINNER (spinner));
}

void
isc_spinner_init (GtkWidget *spinner)
{
  g_return_if_fail (GTK_IS_WIDGET (spinner));

  if (!GTK_IS_SPINNER (spinner))
    return;

  g_signal_connect (spinner, "map", G_CALLBACK (spinner_map_cb), NULL);
  g_signal_connect (spinner, "unmap", G_CALLBACK (spinner_unmap_cb), NULL);
  gtk_spinner_set_spinning (GTK_SPINNER (spinner), gtk_widget_get_mapped (spinner));
}

GtkWidget *
isc_spinner_new (void)
{
#if ADW_CHECK_VERSION (1, 6, 0)
  return adw_spinner_new ();
#else
  GtkWidget *spinner = gtk_spinner_new ();

  isc_spinner_init (spinner);
  return spinner;
#endif
}
