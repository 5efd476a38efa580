/* demo-server-main.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* inferscope-demo-server [--port N] [--host ADDR] [--key KEY] [--seed S]
 * [--fleet N] [--latency MS]:
 * the simulated Baseten API on its own, for curl and tests. Serves until
 * SIGINT or SIGTERM, logging one line per request.
 */

#define G_LOG_DOMAIN "inferscope-demo-server"

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <glib/gi18n.h>
#include <glib-unix.h>

#include "isc-demo-server.h"

static gboolean
on_signal (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_CONTINUE;
}

static void
on_request_logged (IscDemoServer *server,
                   const char    *method,
                   const char    *path,
                   guint          status,
                   guint64        bytes,
                   double         milliseconds,
                   gpointer       user_data)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%H:%M:%S");

  /* Status 0: the connection was dropped on purpose. */
  g_print ("%s %s %s %u %" G_GUINT64_FORMAT " %.1fms\n",
           stamp, method, path, status, bytes, milliseconds);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscDemoServer) server = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autofree char *host = NULL;
  g_autofree char *key = NULL;
  g_autofree char *seed_text = NULL;
  int port = 8080;
  int fleet = 0;
  int latency = 0;
  gboolean no_pod_health = FALSE;
  gboolean no_users_me = FALSE;
  gboolean no_billing = FALSE;
  guint64 seed = 1;
  guint sigint_id, sigterm_id;
  GOptionEntry entries[] = {
    { "port", 'p', 0, G_OPTION_ARG_INT, &port, N_("Port to listen on; 0 lets the system choose (default 8080)"), N_("N") },
    { "host", 0, 0, G_OPTION_ARG_STRING, &host, N_("Address to bind (default 127.0.0.1)"), N_("ADDR") },
    { "key", 'k', 0, G_OPTION_ARG_STRING, &key, N_("Require this API key (default: accept any or none)"), N_("KEY") },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_text, N_("Seed of the demo data (default 1)"), N_("S") },
    { "fleet", 0, 0, G_OPTION_ARG_INT, &fleet, N_("Add N generated models with their deployments (default 0)"), N_("N") },
    { "latency", 0, 0, G_OPTION_ARG_INT, &latency, N_("Answer every request after MS milliseconds (default 0)"), N_("MS") },
    { "no-pod-health", 0, 0, G_OPTION_ARG_NONE, &no_pod_health, N_("Refuse the pod-health metric names with a 400, as a workspace without them does"), NULL },
    { "no-users-me", 0, 0, G_OPTION_ARG_NONE, &no_users_me, N_("Answer 404 to /v1/users/me"), NULL },
    { "no-billing", 0, 0, G_OPTION_ARG_NONE, &no_billing,
      N_("Answer 403 to the billing summary and Model API usage"), NULL },
    { NULL }
  };

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, _("Serve the simulated Baseten API of Inferscope."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("inferscope-demo-server: %s\n", error->message);
      return 2;
    }
  if (port < 0 || port > 65535)
    {
      g_printerr ("inferscope-demo-server: %s\n", _("--port must be between 0 and 65535"));
      return 2;
    }
  if (fleet < 0 || fleet > 100000)
    {
      g_printerr ("inferscope-demo-server: %s\n", _("--fleet must be between 0 and 100000"));
      return 2;
    }
  if (latency < 0 || latency > 600000)
    {
      g_printerr ("inferscope-demo-server: %s\n", _("--latency must be between 0 and 600000"));
      return 2;
    }
  if (seed_text != NULL && !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, &error))
    {
      g_printerr ("inferscope-demo-server: %s: %s\n", _("--seed must be a whole number"), error->message);
      return 2;
    }

  loop = g_main_loop_new (NULL, FALSE);
  /* Before the URL is printed: whoever reads it may signal at once. */
  sigint_id = g_unix_signal_add (SIGINT, on_signal, loop);
  sigterm_id = g_unix_signal_add (SIGTERM, on_signal, loop);
  server = isc_demo_server_new (seed, key);
  isc_demo_server_set_fleet_size (server, (guint) fleet);
  isc_demo_server_set_latency_ms (server, (guint) latency);
  if (no_pod_health)
    isc_demo_server_set_unknown_metrics (server, isc_demo_server_pod_health_metrics);
  isc_demo_server_set_users_me_missing (server, no_users_me);
  isc_demo_server_set_billing_forbidden (server, no_billing);
  g_signal_connect (server, "request-logged", G_CALLBACK (on_request_logged), NULL);

  if (!isc_demo_server_listen (server, host, (guint) port, &error))
    {
      g_printerr ("inferscope-demo-server: %s\n", error->message);
      return 1;
    }

  /* The first line is the URL alone, for scripts and tests to read. */
  g_print ("%s\n", isc_demo_server_get_base_url (server));
  fflush (stdout);

  g_main_loop_run (loop);
  g_source_remove (sigint_id);
  g_source_remove (sigterm_id);

  /* Close open connections and let them finish before exiting. */
  isc_demo_server_stop (server);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);

  return 0;
}
