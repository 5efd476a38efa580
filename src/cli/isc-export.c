/* isc-export.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-export"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-export.h"

int
isc_export_main (int    argc,
                 char **argv)
{
  g_printerr ("%s\n", _("inferscope export: not written yet"));
  return 2;
}
