/* isc-export.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* `inferscope export`: headless, never initialises GTK, runs with no
 * display. It goes in four steps, each in its own place:
 *
 *   1. parse    here: GOptionContext fills one IscExportOptions
 *               (isc-export-private.h) from the options that the source
 *               and the sink each declare;
 *   2. check    _isc_export_source_check () and _isc_export_sink_check ():
 *               bad usage is a G_OPTION_ERROR and exits 2;
 *   3. source   _isc_export_source_load () (isc-export-source.c) gets one
 *               IscMetricsResponse;
 *   4. sink     _isc_export_sink_write () (isc-export-sink.c) writes it in
 *               the chosen format.
 *
 * Where to plug in: the two that came after the saved response show the
 * way. A live source (isc-export-live.c) adds its fields to
 * IscExportOptions, its entries in _isc_export_source_add_options (), its
 * rules (one source, not both) in _isc_export_source_check () and a branch
 * in _isc_export_source_load (). An output format (isc-export-image.c for
 * PNG, SVG and PDF) adds its IscExportFormat value and name to the sink's
 * table, its options and checks beside the sink's, and a function that
 * renders into GBytes, which then go through _isc_export_write_bytes ()
 * and replace a file atomically. SIGINT and SIGTERM cancel the
 * GCancellable that both steps are given (see signals_watch ()). Here, only _isc_export_options_clear ()
 * learns to free the new fields.
 */

#define G_LOG_DOMAIN "isc-export"

#include "config.h"

#include <signal.h>
#include <glib/gi18n.h>
#include <glib-unix.h>

#include "isc-export.h"
#include "isc-export-private.h"

void
_isc_export_options_clear (IscExportOptions *options)
{
  g_clear_pointer (&options->input, g_free);
  _isc_export_live_options_clear (&options->live);
  g_clear_pointer (&options->format_name, g_free);
  g_clear_pointer (&options->output, g_free);
  g_clear_pointer (&options->size_name, g_free);
  g_clear_pointer (&options->theme_name, g_free);
  g_clear_pointer (&options->counters_name, g_free);
  g_clear_pointer (&options->annotations, isc_chart_annotations_unref);
  g_clear_pointer (&options->compare, isc_metrics_response_unref);
  g_clear_pointer (&options->cost_data, _isc_export_cost_free);
}

static void
print_usage_error (const GError *error)
{
  g_printerr ("inferscope export: %s\n", error->message);
  /* Translators: the usage line of the export command; the %s are its
   * options, which are not translated. */
  g_printerr (_("Usage: inferscope export %s %s %s\n"),
              _isc_export_source_get_usage (),
              _isc_export_sink_get_usage (),
              _isc_export_image_get_usage ());
  g_printerr ("%s\n", _("Run “inferscope export --help” to see every option."));
}

static GOptionContext *
create_context (IscExportOptions *options)
{
  g_autoptr(GOptionContext) context = NULL;
  GOptionGroup *group;
  const GOptionEntry help_entries[] = {
    { "help", 'h', 0, G_OPTION_ARG_NONE, &options->help,
      N_("Show the options and quit"), NULL },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Writes the metrics of a Baseten deployment without opening a window.\n"
                                  "\n"
                                  "Exit status: 0 on success, 1 when the document, the API or the network\n"
                                  "fails (also for the target of --compare-to or the window of --shift),\n"
                                  "2 on bad usage."));
  g_option_context_set_description (context,
                                    _("Examples:\n"
                                      "  inferscope export --input response.json --format csv -o metrics.csv\n"
                                      "  inferscope export --demo --model demo-chat --environment production \\\n"
                                      "      --shift 1w -o this-and-last-week.png"));
  /* --help is ours, so that parsing never calls exit(). */
  g_option_context_set_help_enabled (context, FALSE);

  group = g_option_group_new (NULL, NULL, NULL, options, NULL);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  _isc_export_source_add_options (group, options);
  _isc_export_sink_add_options (group, options);
  g_option_group_add_entries (group, help_entries);
  g_option_context_set_main_group (context, group);

  return g_steal_pointer (&context);
}

static gboolean
parse_options (GOptionContext    *context,
               IscExportOptions  *options,
               int                argc,
               char             **argv,
               GError           **error)
{
  g_auto(GStrv) args = g_new0 (char *, argc + 1);

  for (int i = 0; i < argc; i++)
    args[i] = g_strdup (argv[i]);

  if (!g_option_context_parse_strv (context, &args, error))
    return FALSE;

  if (options->help)
    return TRUE;

  if (args[0] != NULL && args[1] != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                   _("Unexpected argument “%s”"), args[1]);
      return FALSE;
    }

  return _isc_export_source_check (options, error) &&
         _isc_export_sink_check (options, error);
}

gboolean
_isc_export_parse_options (IscExportOptions  *options,
                           int                argc,
                           char             **argv,
                           GError           **error)
{
  g_autoptr(GOptionContext) context = NULL;

  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (argc >= 1, FALSE);

  context = create_context (options);
  return parse_options (context, options, argc, argv, error);
}

/* SIGINT and SIGTERM cancel the run: a fetch stops, and a file being
 * written is removed rather than left half-written (or whole, under a
 * temporary name) beside its target. The signals are watched in a thread
 * of their own, since the steps run without a main loop of their own. A
 * second signal has its default effect. */
typedef struct
{
  GMainContext *context;
  GThread      *thread;
  int           stop;
  GCancellable *cancellable;
  int           signum;
} Signals;

static gboolean
on_signal (Signals *signals,
           int      signum)
{
  g_atomic_int_set (&signals->signum, signum);
  g_cancellable_cancel (signals->cancellable);

  return G_SOURCE_REMOVE;
}

static gboolean
on_sigint (gpointer data)
{
  return on_signal (data, SIGINT);
}

static gboolean
on_sigterm (gpointer data)
{
  return on_signal (data, SIGTERM);
}

static gpointer
signals_thread (gpointer data)
{
  Signals *signals = data;

  /* Not a GMainLoop: a g_main_loop_quit () before g_main_loop_run () is
   * lost, and the join would wait for ever. */
  g_main_context_push_thread_default (signals->context);
  while (!g_atomic_int_get (&signals->stop))
    g_main_context_iteration (signals->context, TRUE);
  g_main_context_pop_thread_default (signals->context);

  return NULL;
}

static void
signals_watch (Signals *signals)
{
  const struct {
    int         signum;
    GSourceFunc func;
  } watched[] = {
    { SIGINT, on_sigint },
    { SIGTERM, on_sigterm },
  };

  signals->context = g_main_context_new ();
  signals->stop = FALSE;
  signals->cancellable = g_cancellable_new ();
  signals->signum = 0;

  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    {
      g_autoptr(GSource) source = g_unix_signal_source_new (watched[i].signum);

      g_source_set_callback (source, watched[i].func, signals, NULL);
      g_source_set_static_name (source, "[inferscope] export signal");
      g_source_attach (source, signals->context);
    }

  signals->thread = g_thread_new ("isc-export-signals", signals_thread, signals);
}

static void
signals_unwatch (Signals *signals)
{
  g_atomic_int_set (&signals->stop, TRUE);
  g_main_context_wakeup (signals->context);
  g_thread_join (signals->thread);
  /* Destroys the sources still attached: the signals' defaults return. */
  g_main_context_unref (signals->context);
  g_object_unref (signals->cancellable);
}

static int
run_export (IscExportOptions *options,
            Signals          *signals)
{
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;
  int signum;

  /* Images draw the target's limits and rollout markers; CSV has no use
   * for them. */
  response = _isc_export_source_load_annotated (options,
                                                options->format != ISC_EXPORT_FORMAT_CSV ? &options->annotations : NULL,
                                                signals->cancellable, &error);
  /* The compared response fails the run as the main one does: a script
   * asked for the overlay and must not get a picture without it. */
  if (response != NULL && options->live.compare_query != NULL)
    options->compare = _isc_export_live_load_compare (&options->live, signals->cancellable, &error);
  /* So does the cost, asked for with --cost. */
  if (response != NULL && options->cost && (options->live.compare_query == NULL || options->compare != NULL))
    options->cost_data = _isc_export_cost_load (&options->live, response, signals->cancellable, &error);
  if (response != NULL && (options->live.compare_query == NULL || options->compare != NULL) &&
      (!options->cost || options->cost_data != NULL) &&
      _isc_export_sink_write (options, response, signals->cancellable, &error))
    return 0;

  signum = g_atomic_int_get (&signals->signum);
  if (signum != 0)
    {
      /* The shell's convention: 128 + the signal's number. */
      g_printerr ("inferscope export: %s\n",
                  signum == SIGINT ? _("Interrupted") : _("Terminated"));
      return 128 + signum;
    }

  if (error->domain == G_OPTION_ERROR)
    {
      print_usage_error (error);
      return 2;
    }

  g_printerr ("inferscope export: %s\n", error->message);
  return 1;
}

int
isc_export_main (int    argc,
                 char **argv)
{
  g_auto(IscExportOptions) options = { 0 };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  Signals signals = { 0 };
  int status;

  g_return_val_if_fail (argc >= 1, 2);

  /* The usage line of --help names the command as a person types it. */
  g_set_prgname ("inferscope export");
  /* Standard output may be the document: GLib's debug and info messages,
   * which it writes there by default, go to standard error instead. */
  g_log_writer_default_set_use_stderr (TRUE);

  context = create_context (&options);

  if (!parse_options (context, &options, argc, argv, &error))
    {
      print_usage_error (error);
      return 2;
    }

  if (options.help)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

      g_print ("%s", help);
      return 0;
    }

  signals_watch (&signals);
  status = run_export (&options, &signals);
  signals_unwatch (&signals);

  return status;
}
