/* demo-server-main.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "inferscope-demo-server"

#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  textdomain (GETTEXT_PACKAGE);

  g_printerr ("%s\n", _("inferscope-demo-server: not written yet"));
  return 1;
}
