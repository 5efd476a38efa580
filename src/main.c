/* main.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "inferscope"

#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gi18n.h>

#include "isc-application.h"
#include "isc-export.h"
#include "isc-logs.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(IscApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* The export and logs commands are headless: they must run with no
   * display, so they are dispatched before anything touches GTK.
   */
  if (argc > 1 && strcmp (argv[1], "export") == 0)
    return isc_export_main (argc - 1, argv + 1);
  if (argc > 1 && strcmp (argv[1], "logs") == 0)
    return isc_logs_main (argc - 1, argv + 1);

  app = isc_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
