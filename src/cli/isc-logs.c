/* isc-logs.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* `inferscope logs`: headless, never initialises GTK, runs with no
 * display. Built as `inferscope export` is: the same --model,
 * --deployment/--environment, --range/--start/--end, --base-url and --demo
 * options, the same key (BASETEN_API_KEY, else the keyring), the same exit
 * statuses.
 *
 *   1. parse    GOptionContext fills one IscLogsOptions
 *               (isc-logs-private.h); bad usage is a G_OPTION_ERROR, exit 2;
 *   2. read     an IscLogsPager reads the window's pages, newest first
 *               (load_first, then load_earlier until the start is
 *               reached), and they are written oldest first;
 *   3. follow   with --follow, load_later every few seconds, waiting
 *               longer when a 429 asked to (the client's
 *               isc_client_get_retry_not_before_ms ()).
 *
 * One GMainLoop on the default context runs it all, with the simulated API
 * of --demo served in it too. SIGINT and SIGTERM (g_unix_signal_add ())
 * cancel what is in flight and end the loop between two dispatches, so a
 * page is always written whole: lines go to standard output with write (2),
 * a page at a time, never through a buffer that a signal could leave half
 * flushed. A reader that goes away (`| head`) ends the command quietly.
 */

#define G_LOG_DOMAIN "isc-logs"

#include "config.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib-unix.h>

#include "isc-api-error.h"
#include "isc-client.h"
#include "isc-credentials.h"
#include "isc-demo-server.h"
#include "isc-export-live-private.h"
#include "isc-logs.h"
#include "isc-logs-pager.h"
#include "isc-logs-private.h"
#include "isc-time-range.h"

#define DEMO_SEED 1
#define DEFAULT_RANGE_MS ((gint64) 60 * 60 * 1000)

#define LOGS_USAGE \
  "--model ID (--deployment ID | --environment NAME) " \
  "[--range RANGE | --start TIME --end TIME] [--level LEVEL] [--replica R] " \
  "[--request-id X] [--grep PATTERN] [--follow] [--json] [--color WHEN] " \
  "[--base-url URL | --demo]"

void
_isc_logs_options_clear (IscLogsOptions *options)
{
  g_clear_pointer (&options->model, g_free);
  g_clear_pointer (&options->deployment, g_free);
  g_clear_pointer (&options->environment, g_free);
  g_clear_pointer (&options->range_name, g_free);
  g_clear_pointer (&options->start_text, g_free);
  g_clear_pointer (&options->end_text, g_free);
  g_clear_pointer (&options->level_name, g_free);
  g_clear_pointer (&options->replica, g_free);
  g_clear_pointer (&options->request_id, g_free);
  g_clear_pointer (&options->grep, g_free);
  g_clear_pointer (&options->color_name, g_free);
  g_clear_pointer (&options->base_url, g_free);
  g_clear_pointer (&options->query, isc_logs_query_free);
}

static void
print_usage_error (const GError *error)
{
  g_printerr ("inferscope logs: %s\n", error->message);
  /* Translators: the usage line of the logs command; %s is its options,
   * which are not translated. */
  g_printerr (_("Usage: inferscope logs %s\n"), LOGS_USAGE);
  g_printerr ("%s\n", _("Run “inferscope logs --help” to see every option."));
}

static GOptionContext *
create_context (IscLogsOptions *options)
{
  g_autoptr(GOptionContext) context = NULL;
  GOptionGroup *group;
  const GOptionEntry entries[] = {
    { "model", 0, 0, G_OPTION_ARG_STRING, &options->model,
      N_("Read the logs of the model with this ID"), N_("ID") },
    { "deployment", 0, 0, G_OPTION_ARG_STRING, &options->deployment,
      N_("…of this deployment of the model"), N_("ID") },
    { "environment", 0, 0, G_OPTION_ARG_STRING, &options->environment,
      N_("…or of this environment of the model, such as production"), N_("NAME") },
    { "range", 0, 0, G_OPTION_ARG_STRING, &options->range_name,
      N_("The last 15m, 1h, 6h, 24h or 7d (default: 1h)"), N_("RANGE") },
    { "start", 0, 0, G_OPTION_ARG_STRING, &options->start_text,
      N_("Start of the window, ISO 8601, in local time (UTC with --utc) unless it has a zone (with --end)"),
      N_("TIME") },
    { "end", 0, 0, G_OPTION_ARG_STRING, &options->end_text,
      N_("End of the window, ISO 8601, in local time (UTC with --utc) unless it has a zone (with --start)"),
      N_("TIME") },
    { "utc", 0, 0, G_OPTION_ARG_NONE, &options->utc,
      N_("Read --start and --end without a zone as UTC (lines are always written in UTC)"), NULL },
    { "level", 0, 0, G_OPTION_ARG_STRING, &options->level_name,
      N_("Only lines at this level or above: debug, info, warning or error (drops lines with no level)"),
      N_("LEVEL") },
    { "replica", 0, 0, G_OPTION_ARG_STRING, &options->replica,
      N_("Only the lines of this replica (its 5-character ID)"), N_("R") },
    { "request-id", 0, 0, G_OPTION_ARG_STRING, &options->request_id,
      N_("Only the lines of this inference request"), N_("X") },
    { "grep", 0, 0, G_OPTION_ARG_STRING, &options->grep,
      N_("Only lines whose message matches this RE2 regular expression, matched by Baseten"),
      N_("PATTERN") },
    { "follow", 'f', 0, G_OPTION_ARG_NONE, &options->follow,
      N_("Then keep writing new lines as they come, until Ctrl+C"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &options->json,
      N_("Write JSON Lines: one object a line, with the API’s field names"), NULL },
    { "color", 0, 0, G_OPTION_ARG_STRING, &options->color_name,
      N_("Colour levels and messages: auto (on a terminal, unless NO_COLOR is set), always or never"),
      N_("WHEN") },
    { "base-url", 0, 0, G_OPTION_ARG_STRING, &options->base_url,
      N_("The API to ask, over https; plain http only to this computer (default: https://api.baseten.co)"), N_("URL") },
    { "demo", 0, 0, G_OPTION_ARG_NONE, &options->demo,
      N_("Ask the simulated API, served in this process; no key needed"), NULL },
    /* For build-aux/bench-logs-follow and the tests: follow quickly. */
    { "poll-interval", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &options->poll_interval_ms,
      NULL, NULL },
    /* For build-aux/bench-logs-follow: every request of the demo logged,
     * so that a few minutes bring as many lines as an hour would. */
    { "demo-log-rate", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &options->demo_log_rate,
      NULL, NULL },
    { "help", 'h', 0, G_OPTION_ARG_NONE, &options->help,
      N_("Show the options and quit"), NULL },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Writes the log lines of a Baseten deployment or environment, oldest first,\n"
                                  "without opening a window.\n"
                                  "\n"
                                  "Exit status: 0 on success, 1 when the API or the network fails (also for\n"
                                  "a search pattern Baseten refuses), 2 on bad usage, 130 on Ctrl+C."));
  g_option_context_set_description (context,
                                    _("Examples:\n"
                                      "  inferscope logs --demo --model demo-chat --environment production --range 15m\n"
                                      "  inferscope logs --model ID --deployment ID --level warning --follow\n"
                                      "  inferscope logs --demo --model demo-chat --environment production \\\n"
                                      "      --grep 'Traceback|Error' --json"));
  /* --help is ours, so that parsing never calls exit(). */
  g_option_context_set_help_enabled (context, FALSE);

  group = g_option_group_new (NULL, NULL, NULL, options, NULL);
  g_option_group_set_translation_domain (group, GETTEXT_PACKAGE);
  g_option_group_add_entries (group, entries);
  g_option_context_set_main_group (context, group);

  return g_steal_pointer (&context);
}

static gboolean
usage_error (GError     **error,
             const char  *message)
{
  g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, message);
  return FALSE;
}

static gboolean
check_window (IscLogsOptions  *options,
              gint64           now_ms,
              GError         **error)
{
  g_autoptr(IscTimeRange) range = NULL;
  gint64 start_ms = 0;
  gint64 end_ms = 0;

  if ((options->start_text != NULL) != (options->end_text != NULL))
    return usage_error (error, _("Give --start and --end together"));

  if (options->range_name != NULL && options->start_text != NULL)
    return usage_error (error, _("Give --range or --start and --end, not both"));

  /* Following reads up to now, and on. */
  if (options->follow && options->start_text != NULL)
    return usage_error (error, _("--follow reads up to now and on: give --range, not --start and --end"));

  if (options->start_text != NULL)
    {
      g_autoptr(GTimeZone) zone = options->utc ? g_time_zone_new_utc () : g_time_zone_new_local ();

      if (!_isc_export_live_parse_time (options->start_text, "--start", zone, &start_ms, error) ||
          !_isc_export_live_parse_time (options->end_text, "--end", zone, &end_ms, error))
        return FALSE;
    }
  else
    {
      if (options->range_name == NULL)
        range = isc_time_range_new_relative (DEFAULT_RANGE_MS);
      else if (!(range = isc_time_range_new_parse (options->range_name)))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown range “%s”: use 15m, 1h, 6h, 24h or 7d"), options->range_name);
          return FALSE;
        }
      isc_time_range_resolve (range, now_ms, &start_ms, &end_ms);
    }

  options->query->start_ms = start_ms;
  options->query->end_ms = end_ms;
  return TRUE;
}

/* --replica, --request-id and --grep: an empty value filters nothing,
 * which is not what was asked. */
static gboolean
check_text (const char  *value,
            const char  *option,
            char       **field,
            GError     **error)
{
  if (value == NULL)
    return TRUE;

  if (value[0] == '\0')
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: %s is an option, such as --grep */
                   _("%s needs a value"), option);
      return FALSE;
    }

  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

static gboolean
check_options (IscLogsOptions  *options,
               gint64           now_ms,
               GError         **error)
{
  g_autoptr(GError) local_error = NULL;
  IscTargetKind kind;
  const char *target;

  if (options->model == NULL || options->model[0] == '\0')
    return usage_error (error, _("Give the model whose logs to read with --model"));

  if ((options->deployment != NULL) == (options->environment != NULL))
    return usage_error (error, _("Give exactly one of --deployment and --environment"));

  kind = options->deployment != NULL ? ISC_TARGET_DEPLOYMENT : ISC_TARGET_ENVIRONMENT;
  target = options->deployment != NULL ? options->deployment : options->environment;

  if (options->demo && options->base_url != NULL)
    return usage_error (error, _("Give --demo or --base-url, not both"));

  /* A base URL the client would refuse is refused here, before anything
   * is sent, as bad usage, as `inferscope export` does. */
  if (options->base_url != NULL)
    {
      g_autofree char *checked = isc_client_check_base_url (options->base_url, &local_error);

      if (checked == NULL)
        return usage_error (error, local_error->message);
    }

  if (options->color_name == NULL || g_str_equal (options->color_name, "auto"))
    options->color = ISC_LOGS_COLOR_AUTO;
  else if (g_str_equal (options->color_name, "always"))
    options->color = ISC_LOGS_COLOR_ALWAYS;
  else if (g_str_equal (options->color_name, "never"))
    options->color = ISC_LOGS_COLOR_NEVER;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Unknown --color “%s”: use auto, always or never"), options->color_name);
      return FALSE;
    }

  if (options->demo_log_rate != 0 && (!options->demo || options->demo_log_rate < 1))
    return usage_error (error, _("--demo-log-rate is a number from 1, with --demo"));

  if (options->poll_interval_ms == 0)
    options->poll_interval_ms = ISC_LOGS_FOLLOW_INTERVAL_MS;
  else if (options->poll_interval_ms < ISC_LOGS_FOLLOW_MIN_INTERVAL_MS)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--poll-interval is at least %d milliseconds"), ISC_LOGS_FOLLOW_MIN_INTERVAL_MS);
      return FALSE;
    }

  g_clear_pointer (&options->query, isc_logs_query_free);
  options->query = isc_logs_query_new (options->model, kind, target);
  /* As few requests as the API allows. */
  options->query->limit = ISC_LOGS_MAX_LIMIT;

  if (options->level_name != NULL)
    {
      g_autofree char *upper = g_ascii_strup (options->level_name, -1);

      if (!isc_log_level_from_api (upper, &options->query->min_level))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown level “%s”: use debug, info, warning or error"), options->level_name);
          return FALSE;
        }
    }

  if (!check_text (options->replica, "--replica", &options->query->replica, error) ||
      !check_text (options->request_id, "--request-id", &options->query->request_id, error) ||
      !check_text (options->grep, "--grep", &options->query->search_pattern, error))
    return FALSE;

  if (!check_window (options, now_ms, error))
    return FALSE;

  /* What the API would refuse (a window over 7 days, a pattern over 256
   * characters) is refused here, as bad usage. */
  if (!isc_logs_query_validate (options->query, &local_error))
    return usage_error (error, local_error->message);

  return TRUE;
}

static gboolean
parse_options (GOptionContext    *context,
               IscLogsOptions    *options,
               int                argc,
               char             **argv,
               gint64             now_ms,
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

  return check_options (options, now_ms, error);
}

gboolean
_isc_logs_parse_options (IscLogsOptions  *options,
                         int              argc,
                         char           **argv,
                         gint64           now_ms,
                         GError         **error)
{
  g_autoptr(GOptionContext) context = NULL;

  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (argc >= 1, FALSE);

  context = create_context (options);
  return parse_options (context, options, argc, argv, now_ms, error);
}

/* ---- the run ------------------------------------------------------------ */

typedef struct
{
  const IscLogsOptions *options;
  gboolean              color;

  /* Owned references */
  GMainLoop            *loop;
  GCancellable         *cancellable;
  IscDemoServer        *demo;
  IscClient            *client;
  IscLogsPager         *pager;
  IscKeySource          key_source;
  /* The window's pages as they will be written (GBytes), newest first:
   * the pager reads back from the end, the output runs forward. */
  GPtrArray            *pages;

  gboolean              in_flight;
  gboolean              following;
  guint                 n_polls;
  guint                 poll_id;
  guint                 sigint_id;
  guint                 sigterm_id;
  int                   signum;
  /* Set when the loop ends: a failure, or none. */
  GError               *error;
} LogsRun;

static void logs_run_poll_later (LogsRun *run);

static void
logs_run_stop (LogsRun *run,
               GError  *error)
{
  if (run->error == NULL && error != NULL)
    run->error = error;
  else
    g_clear_error (&error);

  g_clear_handle_id (&run->poll_id, g_source_remove);
  g_cancellable_cancel (run->cancellable);
  /* A load in flight ends cancelled, and stops the loop then: nothing is
   * left running when the objects go. */
  if (!run->in_flight)
    g_main_loop_quit (run->loop);
}

static gboolean
logs_run_write (LogsRun    *run,
                const char *data,
                gsize       length)
{
  g_autoptr(GError) error = NULL;

  if (_isc_logs_write_all (STDOUT_FILENO, data, length, &error))
    return TRUE;

  /* The reader has gone (`| head`): nothing more to do, and nothing to
   * say about it. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE))
    logs_run_stop (run, NULL);
  else
    logs_run_stop (run, g_steal_pointer (&error));

  return FALSE;
}

static GBytes *
logs_run_format (LogsRun   *run,
                 GPtrArray *lines)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < lines->len; i++)
    {
      IscLogLine *line = g_ptr_array_index (lines, i);

      if (run->options->json)
        _isc_logs_append_json (out, line);
      else
        _isc_logs_append_text (out, line, run->color);
    }

  return g_string_free_to_bytes (out);
}

/* Whether the load ended in a way that goes on; else the run stops. */
static gboolean
logs_run_check_load (LogsRun  *run,
                     GError   *error)
{
  if (error == NULL)
    return TRUE;

  if (g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_KEY_REFUSED))
    _isc_export_live_say_key_source (error, run->key_source, isc_client_get_base_url (run->client));

  /* Cancelled: a signal or a closed output stopped the run already. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_error_free (error);
      g_main_loop_quit (run->loop);
      return FALSE;
    }

  logs_run_stop (run, error);
  return FALSE;
}

static void
on_later (GObject      *object,
          GAsyncResult *result,
          gpointer      data)
{
  LogsRun *run = data;
  g_autoptr(GPtrArray) lines = NULL;
  GError *error = NULL;

  run->in_flight = FALSE;
  lines = isc_logs_pager_load_finish (ISC_LOGS_PAGER (object), result, &error);

  /* Still limited after the client's own retries: wait as long as the
   * server asked, then go on following. */
  if (g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED) &&
      !g_cancellable_is_cancelled (run->cancellable))
    {
      g_printerr ("inferscope logs: %s\n", error->message);
      g_clear_error (&error);
      logs_run_poll_later (run);
      return;
    }

  if (!logs_run_check_load (run, error))
    return;

  if (lines->len > 0)
    {
      g_autoptr(GBytes) text = logs_run_format (run, lines);

      if (!logs_run_write (run, g_bytes_get_data (text, NULL), g_bytes_get_size (text)))
        return;
    }

  logs_run_poll_later (run);
}

static gboolean
on_poll (gpointer data)
{
  LogsRun *run = data;

  run->poll_id = 0;
  run->in_flight = TRUE;
  /* build-aux/bench-logs-follow counts these (G_MESSAGES_DEBUG=isc-logs). */
  g_debug ("Poll %u", ++run->n_polls);
  isc_logs_pager_load_later_async (run->pager, run->cancellable, on_later, run);

  return G_SOURCE_REMOVE;
}

static void
logs_run_poll_later (LogsRun *run)
{
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 not_before_ms = isc_client_get_retry_not_before_ms (run->client);
  gint64 delay_ms = run->options->poll_interval_ms;

  /* A 429's Retry-After holds for the whole client. */
  if (not_before_ms > now_ms)
    delay_ms = MAX (delay_ms, not_before_ms - now_ms);

  run->poll_id = g_timeout_add_full (G_PRIORITY_DEFAULT, (guint) MIN (delay_ms, G_MAXUINT),
                                     on_poll, run, NULL);
  g_source_set_static_name (g_main_context_find_source_by_id (NULL, run->poll_id),
                            "[inferscope] logs follow");
}

/* The whole window is in: write it, oldest page first. */
static void
logs_run_window_done (LogsRun *run)
{
  for (guint i = run->pages->len; i > 0; i--)
    {
      GBytes *page = g_ptr_array_index (run->pages, i - 1);

      if (!logs_run_write (run, g_bytes_get_data (page, NULL), g_bytes_get_size (page)))
        return;
      /* Each page's memory goes as soon as it is out. */
      g_ptr_array_set_size (run->pages, i - 1);
    }

  if (!run->options->follow)
    {
      g_main_loop_quit (run->loop);
      return;
    }

  run->following = TRUE;
  logs_run_poll_later (run);
}

static void
on_window_page (GObject      *object,
                GAsyncResult *result,
                gpointer      data)
{
  LogsRun *run = data;
  g_autoptr(GPtrArray) lines = NULL;
  GError *error = NULL;

  run->in_flight = FALSE;
  lines = isc_logs_pager_load_finish (ISC_LOGS_PAGER (object), result, &error);
  if (!logs_run_check_load (run, error))
    return;

  if (lines->len > 0)
    g_ptr_array_add (run->pages, logs_run_format (run, lines));

  if (lines->len > 0 && isc_logs_pager_has_earlier (run->pager))
    {
      run->in_flight = TRUE;
      isc_logs_pager_load_earlier_async (run->pager, run->cancellable, on_window_page, run);
      return;
    }

  logs_run_window_done (run);
}

static gboolean
on_signal (LogsRun *run,
           int      signum)
{
  run->signum = signum;
  logs_run_stop (run, NULL);

  return G_SOURCE_REMOVE;
}

static gboolean
on_sigint (gpointer data)
{
  LogsRun *run = data;

  run->sigint_id = 0;
  return on_signal (run, SIGINT);
}

static gboolean
on_sigterm (gpointer data)
{
  LogsRun *run = data;

  run->sigterm_id = 0;
  return on_signal (run, SIGTERM);
}

/* The client, against --demo, --base-url or Baseten, with the key. */
static gboolean
logs_run_connect (LogsRun  *run,
                  GError  **error)
{
  const IscLogsOptions *options = run->options;
  const char *base_url = options->base_url;
  g_autoptr(GError) key_error = NULL;
  char *api_key;

  if (options->demo)
    {
      run->demo = isc_demo_server_new (DEMO_SEED, NULL);
      if (options->demo_log_rate > 0)
        isc_demo_server_set_log_rate (run->demo, (guint) options->demo_log_rate);
      if (!isc_demo_server_listen_loopback (run->demo, 0, error))
        return FALSE;
      base_url = isc_demo_server_get_base_url (run->demo);
    }

  if (!(run->client = isc_client_new (base_url, NULL, error)))
    return FALSE;

  if (options->demo)
    return TRUE;

  /* No key is not fatal here: Baseten's 401 then says what to do. */
  api_key = isc_credentials_lookup_sync (isc_client_get_base_url (run->client), &run->key_source,
                                         run->cancellable, &key_error);
  if (key_error != NULL)
    g_debug ("No key from the keyring: %s", key_error->message);
  isc_client_set_api_key (run->client, api_key);
  isc_credentials_key_free (api_key);

  return TRUE;
}

static int
run_logs (const IscLogsOptions *options)
{
  LogsRun run = { 0 };
  int status = 0;

  run.options = options;
  run.color = !options->json && _isc_logs_color_wanted (options->color, STDOUT_FILENO);
  run.loop = g_main_loop_new (NULL, FALSE);
  run.cancellable = g_cancellable_new ();
  run.pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  run.sigint_id = g_unix_signal_add (SIGINT, on_sigint, &run);
  run.sigterm_id = g_unix_signal_add (SIGTERM, on_sigterm, &run);

  if (logs_run_connect (&run, &run.error))
    {
      run.pager = isc_logs_pager_new (run.client, options->query);
      run.in_flight = TRUE;
      isc_logs_pager_load_first_async (run.pager, run.cancellable, on_window_page, &run);
      g_main_loop_run (run.loop);
    }

  if (run.signum != 0)
    {
      /* Ctrl+C is how following ends: nothing to say then. A read of the
       * window cut short is said, as `inferscope export` says it. */
      if (!run.following)
        g_printerr ("inferscope logs: %s\n",
                    run.signum == SIGINT ? _("Interrupted") : _("Terminated"));
      /* The shell's convention: 128 + the signal's number. */
      status = 128 + run.signum;
    }
  else if (run.error != NULL)
    {
      g_printerr ("inferscope logs: %s\n", run.error->message);
      status = 1;
    }

  g_clear_handle_id (&run.poll_id, g_source_remove);
  g_clear_handle_id (&run.sigint_id, g_source_remove);
  g_clear_handle_id (&run.sigterm_id, g_source_remove);
  g_clear_object (&run.pager);
  g_clear_object (&run.client);
  g_clear_object (&run.demo);
  /* Let closed connections and the server wind down. */
  while (g_main_context_iteration (NULL, FALSE))
    ;

  g_clear_pointer (&run.pages, g_ptr_array_unref);
  g_clear_error (&run.error);
  g_clear_object (&run.cancellable);
  g_clear_pointer (&run.loop, g_main_loop_unref);

  return status;
}

int
isc_logs_main (int    argc,
               char **argv)
{
  g_auto(IscLogsOptions) options = { 0 };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (argc >= 1, 2);

  /* The usage line of --help names the command as a person types it. */
  g_set_prgname ("inferscope logs");
  /* Standard output is the lines: GLib's debug and info messages, which
   * it writes there by default, go to standard error instead. */
  g_log_writer_default_set_use_stderr (TRUE);

  context = create_context (&options);

  if (!parse_options (context, &options, argc, argv, g_get_real_time () / 1000, &error))
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

  /* A reader that goes away is an EPIPE from write (), handled there,
   * rather than a signal that kills the command mid-line. */
  signal (SIGPIPE, SIG_IGN);

  return run_logs (&options);
}
