/* test-logs-cli.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* `inferscope logs`: the real binary (INFERSCOPE_BINARY) run as a script or
 * a person at a terminal would, against the simulated API it serves itself
 * (--demo), with no display; and its writer, in this process, on lines a
 * hostile server could send.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <json-glib/json-glib.h>

#include "isc-client.h"
#include "isc-demo-server.h"
#include "isc-logs-private.h"

/* The demo's model and a window of its traffic, fixed so that every run
 * reads the same lines. */
#define MODEL       "demo-chat"
#define ENVIRONMENT "production"
#define DEPLOYMENT  "demo-chat-d8"
/* The demo's fault that sends hostile lines. */
#define HOSTILE     "fault-hostile-logs"

typedef struct
{
  int     status;
  GBytes *out;
  char   *out_text;  /* out, NUL-terminated */
  char   *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_bytes_unref);
  g_clear_pointer (&run->out_text, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static const char *
binary (void)
{
  const char *path = g_getenv ("INFERSCOPE_BINARY");

  g_assert_nonnull (path);
  return path;
}

static GPtrArray *
make_argv (const char * const *args)
{
  GPtrArray *argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) binary ());
  g_ptr_array_add (argv, (gpointer) "logs");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  return argv;
}

/* Runs `inferscope logs @args…` to its end, with standard output and
 * standard error pipes and no display. */
static void
run_logs_env (Run                *run,
              const char         *debug,
              const char * const *args)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GPtrArray) argv = make_argv (args);
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GError) error = NULL;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  g_subprocess_launcher_unsetenv (launcher, "WAYLAND_DISPLAY");
  g_subprocess_launcher_unsetenv (launcher, "NO_COLOR");
  if (debug != NULL)
    g_subprocess_launcher_setenv (launcher, "G_MESSAGES_DEBUG", debug, TRUE);
  else
    g_subprocess_launcher_unsetenv (launcher, "G_MESSAGES_DEBUG");

  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (process, NULL, NULL, &run->out, &err, &error);
  g_assert_no_error (error);

  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
  run->out_text = g_strndup (g_bytes_get_size (run->out) > 0 ? g_bytes_get_data (run->out, NULL) : "",
                             g_bytes_get_size (run->out));
  run->err = g_strndup (g_bytes_get_size (err) > 0 ? g_bytes_get_data (err, NULL) : "",
                        g_bytes_get_size (err));
}

static void
run_logs (Run                *run,
          const char * const *args)
{
  run_logs_env (run, NULL, args);
}

#define RUN(run, ...) run_logs ((run), (const char *[]) { __VA_ARGS__, NULL })

/* The lines of @run's output; the last one ends in "\n", so there is no
 * empty one after it. */
static GStrv
output_lines (const Run *run)
{
  g_auto(GStrv) lines = g_strsplit (run->out_text, "\n", -1);
  guint n = g_strv_length (lines);

  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpstr (lines[n - 1], ==, "");
  g_clear_pointer (&lines[n - 1], g_free);

  return g_steal_pointer (&lines);
}

/* "2026-12-02T08:15:03.123456789Z …": the time, with all nine digits. */
static void
assert_line_time (const char *line)
{
  static GRegex *regex = NULL;

  if (regex == NULL)
    regex = g_regex_new ("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{9}Z ", G_REGEX_OPTIMIZE, 0, NULL);
  if (!g_regex_match (regex, line, 0, NULL))
    g_error ("Not a log line: %s", line);
}

/* Every byte a terminal acts on, but the newline: C0, DEL, C1 (as UTF-8). */
static void
assert_no_controls (GBytes *bytes)
{
  gsize length = 0;
  const guchar *data = g_bytes_get_data (bytes, &length);

  for (gsize i = 0; i < length; i++)
    {
      if ((data[i] < 0x20 && data[i] != '\n') || data[i] == 0x7f)
        g_error ("Control byte 0x%02x at %" G_GSIZE_FORMAT ": %.40s", data[i], i, data + MAX (i, 10) - 10);
      if (data[i] == 0xc2 && i + 1 < length && data[i + 1] >= 0x80 && data[i + 1] <= 0x9f)
        g_error ("C1 control U+%04X at %" G_GSIZE_FORMAT, data[i + 1], i);
    }
  g_assert_true (g_utf8_validate ((const char *) data, (gssize) length, NULL));
}

/* Every escape in @bytes is an SGR sequence (ESC [ digits and ; m), every
 * other byte as assert_no_controls () wants it, and every line that set a
 * colour ends with a reset. */
static void
assert_only_sgr (GBytes *bytes)
{
  gsize length = 0;
  const char *data = g_bytes_get_data (bytes, &length);
  g_autoptr(GString) plain = g_string_new (NULL);
  g_autoptr(GBytes) plain_bytes = NULL;
  gboolean colored = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      if (data[i] == '\033')
        {
          gsize j = i + 1;

          g_assert_true (j < length && data[j] == '[');
          for (j++; j < length && (g_ascii_isdigit (data[j]) || data[j] == ';'); j++)
            ;
          g_assert_true (j < length && data[j] == 'm');
          colored = !(j == i + 3 && data[i + 2] == '0');
          i = j;
          continue;
        }
      if (data[i] == '\n')
        g_assert_false (colored);
      g_string_append_c (plain, data[i]);
    }

  plain_bytes = g_string_free_to_bytes (g_steal_pointer (&plain));
  assert_no_controls (plain_bytes);
}

/* ---- the window's lines ------------------------------------------------- */

static void
test_lines (void)
{
  g_auto(Run) run = { 0 };
  g_auto(GStrv) lines = NULL;

  RUN (&run, "--demo", "--model", MODEL, "--environment", ENVIRONMENT, "--range", "15m");

  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  lines = output_lines (&run);
  g_assert_cmpuint (g_strv_length (lines), >, 10);

  /* Oldest first, each a line of its own. */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      assert_line_time (lines[i]);
      if (i > 0)
        g_assert_cmpint (strncmp (lines[i - 1], lines[i], 30), <=, 0);
    }
  assert_no_controls (run.out);
}

static void
on_fetched (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  GPtrArray **lines = data;
  g_autoptr(GError) error = NULL;

  *lines = isc_client_fetch_logs_finish (ISC_CLIENT (object), result, &error);
  g_assert_no_error (error);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static char *
format_utc (gint64 ms)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc (ms / 1000);
  g_autofree char *seconds = g_date_time_format (when, "%Y-%m-%dT%H:%M:%S");

  return g_strdup_printf ("%s.%03dZ", seconds, (int) (ms % 1000));
}

/* A window of several pages: every line the server holds in it, once,
 * oldest first. What it holds is asked here of the same simulated API, in
 * windows of 5 minutes, each less than a page, so no paging is involved.
 * The window grows back an hour at a time until it holds more than two
 * pages: the demo's traffic follows the time of day, so a fixed window
 * holds two pages at some hours and not at others.
 *
 * One deployment's lines: an environment's are those of every
 * deployment active on it during the window asked for (Baseten's rule),
 * so around a promotion five minutes cut from an hour are not what the
 * same five minutes asked alone give, and the hour's lines could not be
 * told from its parts. */
#define PAGES_MODEL      "demo-embed"
#define PAGES_DEPLOYMENT "demo-embed-d2"

static void
collect_hour (IscClient *client,
              gint64     hour_start_ms,
              GPtrArray *expected)
{
  const gint64 minute_ms = 60 * 1000;

  for (gint64 t = hour_start_ms; t < hour_start_ms + 60 * minute_ms; t += 5 * minute_ms)
    {
      g_autoptr(IscLogsQuery) query = isc_logs_query_new (PAGES_MODEL, ISC_TARGET_DEPLOYMENT, PAGES_DEPLOYMENT);
      g_autoptr(GPtrArray) page = NULL;

      query->start_ms = t;
      query->end_ms = t + 5 * minute_ms - 1;
      query->direction = ISC_LOGS_DIRECTION_ASC;
      query->limit = ISC_LOGS_MAX_LIMIT;
      isc_client_fetch_logs_async (client, query, NULL, on_fetched, &page);
      while (page == NULL)
        g_main_context_iteration (NULL, TRUE);
      g_assert_cmpuint (page->len, <, ISC_LOGS_MAX_LIMIT);
      for (guint i = 0; i < page->len; i++)
        g_ptr_array_add (expected, isc_log_line_to_text (g_ptr_array_index (page, i)));
    }
}

static void
test_pages (void)
{
  const gint64 hour_ms = 60 * 60 * 1000;
  gint64 end_ms = (g_get_real_time () / 1000 / hour_ms) * hour_ms;
  gint64 start_ms = end_ms;
  g_autofree char *start = NULL;
  g_autofree char *end = NULL;
  g_autoptr(IscDemoServer) demo = isc_demo_server_new (1, NULL);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) written = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(Run) run = { 0 };
  g_auto(GStrv) lines = NULL;

  g_assert_true (isc_demo_server_listen_loopback (demo, 0, &error));
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (demo), NULL, &error);
  g_assert_no_error (error);
  while (expected->len <= 2 * ISC_LOGS_MAX_LIMIT + 100 && start_ms > end_ms - 24 * hour_ms)
    {
      start_ms -= hour_ms;
      collect_hour (client, start_ms, expected);
    }

  start = format_utc (start_ms);
  end = format_utc (end_ms - 1);
  RUN (&run, "--demo", "--model", PAGES_MODEL, "--deployment", PAGES_DEPLOYMENT, "--start", start, "--end", end);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  lines = output_lines (&run);

  /* Several pages of the command's, then. */
  g_assert_cmpuint (expected->len, >, 2 * ISC_LOGS_MAX_LIMIT);

  /* Oldest first… */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (i > 0)
        g_assert_cmpint (strncmp (lines[i - 1], lines[i], 30), <=, 0);
      g_ptr_array_add (written, lines[i]);
    }
  /* …and each line once: the same lines, in any order within a time. */
  g_assert_cmpuint (written->len, ==, expected->len);
  g_ptr_array_sort (written, compare_strings);
  g_ptr_array_sort (expected, compare_strings);
  for (guint i = 0; i < written->len; i++)
    g_assert_cmpstr (g_ptr_array_index (written, i), ==, g_ptr_array_index (expected, i));
}

/* "TIME LEVEL [replica] req=ID message": the replica and the request id,
 * each NULL when the line has none. */
static void
line_fields (const char  *line,
             char       **replica,
             char       **request_id)
{
  const char *p = strchr (strchr (line, ' ') + 1, ' ') + 1;

  *replica = NULL;
  *request_id = NULL;
  if (p[0] == '[')
    {
      const char *q = strchr (p, ']');

      *replica = g_strndup (p + 1, q - p - 1);
      p = q + 2;
    }
  if (g_str_has_prefix (p, "req="))
    *request_id = g_strndup (p + 4, strchr (p, ' ') - p - 4);
}

static void
test_filters (void)
{
  g_auto(Run) all = { 0 };
  g_auto(Run) errors = { 0 };
  g_auto(Run) replica_run = { 0 };
  g_auto(Run) request_run = { 0 };
  g_auto(Run) grep_run = { 0 };
  g_auto(GStrv) lines = NULL;
  g_autofree char *replica = NULL;
  g_autofree char *request_id = NULL;
  g_autofree char *replica_tag = NULL;
  g_autofree char *request_tag = NULL;
  guint n, n_all;
  /* A fixed window, so that every run reads the same lines: a relative
   * one slides between runs, and the line a filter is taken from may
   * have left it. A day holds the daily incident. */
  const gint64 minute_ms = 60 * 1000;
  gint64 end_ms = (g_get_real_time () / 1000 / minute_ms) * minute_ms - 5 * minute_ms;
  g_autofree char *end = format_utc (end_ms - 1);
  g_autofree char *start = format_utc (end_ms - 15 * minute_ms);
  g_autofree char *day_start = format_utc (end_ms - 24 * 60 * minute_ms);

  RUN (&all, "--demo", "--model", MODEL, "--environment", ENVIRONMENT, "--start", start, "--end", end);
  g_assert_cmpint (all.status, ==, 0);
  lines = output_lines (&all);
  n_all = g_strv_length (lines);
  for (guint i = 0; lines[i] != NULL && request_id == NULL; i++)
    {
      g_clear_pointer (&replica, g_free);
      line_fields (lines[i], &replica, &request_id);
    }
  g_assert_nonnull (replica);
  g_assert_nonnull (request_id);
  g_clear_pointer (&lines, g_strfreev);

  /* --level error: the daily incident's errors, and only them. */
  RUN (&errors, "--demo", "--model", MODEL, "--environment", ENVIRONMENT, "--start", day_start, "--end", end, "--level", "error");
  g_assert_cmpstr (errors.err, ==, "");
  g_assert_cmpint (errors.status, ==, 0);
  lines = output_lines (&errors);
  n = g_strv_length (lines);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      assert_line_time (lines[i]);
      g_assert_true (g_str_has_prefix (strchr (lines[i], ' ') + 1, "ERROR "));
    }
  g_clear_pointer (&lines, g_strfreev);

  /* --replica: that replica's lines only. */
  replica_tag = g_strdup_printf (" [%s] ", replica);
  RUN (&replica_run, "--demo", "--model", MODEL, "--environment", ENVIRONMENT, "--start", start, "--end", end,
       "--replica", replica);
  g_assert_cmpint (replica_run.status, ==, 0);
  lines = output_lines (&replica_run);
  g_assert_cmpuint (g_strv_length (lines), >, 0);
  g_assert_cmpuint (g_strv_length (lines), <, n_all);
  for (guint i = 0; lines[i] != NULL; i++)
    g_assert_nonnull (strstr (lines[i], replica_tag));
  g_clear_pointer (&lines, g_strfreev);

  /* --request-id: that request's lines only. */
  request_tag = g_strdup_printf (" req=%s ", request_id);
  RUN (&request_run, "--demo", "--model", MODEL, "--environment", ENVIRONMENT, "--start", start, "--end", end,
       "--request-id", request_id);
  g_assert_cmpint (request_run.status, ==, 0);
  lines = output_lines (&request_run);
  g_assert_cmpuint (g_strv_length (lines), >, 0);
  for (guint i = 0; lines[i] != NULL; i++)
    g_assert_nonnull (strstr (lines[i], request_tag));
  g_clear_pointer (&lines, g_strfreev);

  /* --grep: an RE2 pattern the server matches on the message. */
  RUN (&grep_run, "--demo", "--model", MODEL, "--environment", ENVIRONMENT, "--start", day_start, "--end", end,
       "--grep", "Traceback|Error");
  g_assert_cmpint (grep_run.status, ==, 0);
  lines = output_lines (&grep_run);
  g_assert_cmpuint (g_strv_length (lines), >, 0);
  for (guint i = 0; lines[i] != NULL; i++)
    g_assert_true (strstr (lines[i], "Traceback") != NULL || strstr (lines[i], "Error") != NULL);
}

static void
test_json (void)
{
  g_auto(Run) text = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(GStrv) text_lines = NULL;
  g_auto(GStrv) json_lines = NULL;
  const gint64 minute_ms = 60 * 1000;
  gint64 end_ms = (g_get_real_time () / 1000 / minute_ms) * minute_ms - 5 * minute_ms;
  g_autofree char *start = format_utc (end_ms - 20 * minute_ms);
  g_autofree char *end = format_utc (end_ms);

  /* A fixed window in the past: both runs read the same lines. */
  RUN (&text, "--demo", "--model", MODEL, "--environment", ENVIRONMENT, "--start", start, "--end", end);
  RUN (&json, "--demo", "--model", MODEL, "--environment", ENVIRONMENT, "--start", start, "--end", end,
       "--json", "--color=always");

  g_assert_cmpint (json.status, ==, 0);
  g_assert_cmpstr (json.err, ==, "");
  assert_no_controls (json.out);
  text_lines = output_lines (&text);
  json_lines = output_lines (&json);
  g_assert_cmpuint (g_strv_length (json_lines), >, 10);
  g_assert_cmpuint (g_strv_length (json_lines), ==, g_strv_length (text_lines));

  /* Each line an object of its own, in the same order as the text. */
  for (guint i = 0; json_lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      JsonObject *object;
      g_autoptr(IscLogLine) shown = NULL;
      const char *timestamp;
      const char *message;

      json_parser_load_from_data (parser, json_lines[i], -1, &error);
      g_assert_no_error (error);
      g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
      object = json_node_get_object (json_parser_get_root (parser));
      timestamp = json_object_get_string_member (object, "timestamp");
      message = json_object_get_string_member (object, "message");
      g_assert_cmpuint (strlen (timestamp), ==, 19);
      /* The text shows a line break as "␊"; JSON gives it back. */
      shown = isc_log_line_new (0, ISC_LOG_LEVEL_NONE, NULL, NULL, message, -1);
      g_assert_true (g_str_has_suffix (text_lines[i], isc_log_line_get_message (shown)));
    }
}

/* A traceback's lines come out of --json as lines, where a script reads
 * them (jq -r .message), not as the "␊" the text shows. */
static void
test_json_line_breaks (void)
{
  g_auto(Run) json = { 0 };
  g_auto(GStrv) json_lines = NULL;

  RUN (&json, "--demo", "--model", MODEL, "--environment", ENVIRONMENT, "--range", "24h",
       "--grep", "Traceback", "--json");

  g_assert_cmpint (json.status, ==, 0);
  assert_no_controls (json.out);
  json_lines = output_lines (&json);
  g_assert_cmpuint (g_strv_length (json_lines), >, 0);
  for (guint i = 0; json_lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      const char *message;

      json_parser_load_from_data (parser, json_lines[i], -1, &error);
      g_assert_no_error (error);
      message = json_object_get_string_member (json_node_get_object (json_parser_get_root (parser)), "message");
      g_assert_nonnull (strstr (message, "\nTraceback (most recent call last):\n  File \""));
      g_assert_null (strstr (message, "\xe2\x90\x8a"));  /* ␊ */
      g_assert_null (strstr (json_lines[i], "\xe2\x90\x8a"));
    }
}

/* A pattern Baseten refuses is a failure said in words, not bad usage. */
static void
test_refused_pattern (void)
{
  g_auto(Run) run = { 0 };

  RUN (&run, "--demo", "--model", MODEL, "--environment", ENVIRONMENT, "--range", "15m", "--grep", "(a)\\1");

  g_assert_cmpint (run.status, ==, 1);
  g_assert_true (g_str_has_prefix (run.err, "inferscope logs: "));
  g_assert_nonnull (strstr (run.err, "pattern"));
  g_assert_null (strstr (run.err, "Usage:"));
  g_assert_cmpuint (g_bytes_get_size (run.out), ==, 0);
}

/* ---- terminal safety ---------------------------------------------------- */

static void
test_hostile (void)
{
  g_auto(Run) plain = { 0 };
  g_auto(Run) colored = { 0 };
  g_auto(Run) json = { 0 };

  RUN (&plain, "--demo", "--model", MODEL, "--deployment", HOSTILE, "--range", "15m");
  RUN (&colored, "--demo", "--model", MODEL, "--deployment", HOSTILE, "--range", "15m", "--color=always");
  RUN (&json, "--demo", "--model", MODEL, "--deployment", HOSTILE, "--range", "15m", "--json");

  g_assert_cmpint (plain.status, ==, 0);
  g_assert_cmpint (colored.status, ==, 0);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_cmpuint (g_bytes_get_size (plain.out), >, 1000);

  /* Not a terminal: no colour, no escape at all. */
  g_assert_null (memchr (g_bytes_get_data (plain.out, NULL), '\033', g_bytes_get_size (plain.out)));
  assert_no_controls (plain.out);
  /* --color=always: SGR sequences only, each line reset at its end. */
  g_assert_nonnull (memchr (g_bytes_get_data (colored.out, NULL), '\033', g_bytes_get_size (colored.out)));
  assert_only_sgr (colored.out);
  assert_no_controls (json.out);
}

/* On a terminal, --color=auto colours; NO_COLOR turns it off. */
static void
test_terminal (gconstpointer data)
{
  gboolean no_color = GPOINTER_TO_INT (data);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) argv = make_argv ((const char *[]) { "--demo", "--model", MODEL, "--environment",
                                                            ENVIRONMENT, "--range", "15m", NULL });
  g_autoptr(GByteArray) out = g_byte_array_new ();
  int master = posix_openpt (O_RDWR | O_NOCTTY);
  int slave;

  g_assert_cmpint (master, >=, 0);
  g_assert_cmpint (grantpt (master), ==, 0);
  g_assert_cmpint (unlockpt (master), ==, 0);
  slave = open (ptsname (master), O_RDWR | O_NOCTTY);
  g_assert_cmpint (slave, >=, 0);

  g_subprocess_launcher_take_stdout_fd (launcher, slave);
  g_subprocess_launcher_setenv (launcher, "TERM", "xterm-256color", TRUE);
  if (no_color)
    g_subprocess_launcher_setenv (launcher, "NO_COLOR", "1", TRUE);
  else
    g_subprocess_launcher_unsetenv (launcher, "NO_COLOR");
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_clear_object (&launcher);

  /* Read until the last writer of the terminal is gone (EIO). */
  for (;;)
    {
      guint8 buffer[65536];
      gssize n = read (master, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      g_byte_array_append (out, buffer, (guint) n);
    }
  close (master);
  g_subprocess_wait_check (process, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (out->len, >, 100);
  if (no_color)
    g_assert_null (memchr (out->data, '\033', out->len));
  else
    g_assert_nonnull (g_strstr_len ((const char *) out->data, out->len, "\033[0m\r\n"));
}

/* ---- following ---------------------------------------------------------- */

typedef struct
{
  GSubprocess *process;
  GByteArray  *out;
  char        *err;
} Follower;

static void
follower_start (Follower   *f,
                const char *first_extra)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) argv = make_argv ((const char *[]) { "--demo", "--model", MODEL, "--environment",
                                                            ENVIRONMENT, "--range", "15m", "--follow",
                                                            "--poll-interval", "50", first_extra, NULL });

  f->process = g_subprocess_newv ((const char * const *) argv->pdata,
                                  G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  f->out = g_byte_array_new ();
}

/* Reads until @out holds a line that @check likes. */
static void
follower_read_until (Follower  *f,
                     gboolean (*check) (const char *line, gpointer data),
                     gpointer   data)
{
  GInputStream *stream = g_subprocess_get_stdout_pipe (f->process);
  gsize checked = 0;

  for (;;)
    {
      guint8 buffer[65536];
      g_autoptr(GError) error = NULL;
      gssize n = g_input_stream_read (stream, buffer, sizeof buffer, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpint (n, >, 0);
      g_byte_array_append (f->out, buffer, (guint) n);

      for (gsize i = checked; i < f->out->len; i++)
        {
          if (f->out->data[i] == '\n')
            {
              g_autofree char *line = g_strndup ((const char *) f->out->data + checked, i - checked);

              checked = i + 1;
              if (check (line, data))
                return;
            }
        }
    }
}

static int
follower_stop (Follower *f,
               int       signum)
{
  g_autoptr(GBytes) rest = NULL;
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GError) error = NULL;

  g_subprocess_send_signal (f->process, signum);
  g_subprocess_communicate (f->process, NULL, NULL, &rest, &err, &error);
  g_assert_no_error (error);
  g_byte_array_append (f->out, g_bytes_get_data (rest, NULL), (guint) g_bytes_get_size (rest));
  f->err = g_strndup (g_bytes_get_size (err) > 0 ? g_bytes_get_data (err, NULL) : "", g_bytes_get_size (err));

  g_assert_true (g_subprocess_get_if_exited (f->process));
  return g_subprocess_get_exit_status (f->process);
}

static void
follower_clear (Follower *f)
{
  g_clear_object (&f->process);
  g_clear_pointer (&f->out, g_byte_array_unref);
  g_clear_pointer (&f->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Follower, follower_clear)

static gboolean
is_any_line (const char *line,
             gpointer    data)
{
  return TRUE;
}

/* A line later than the time in @data: one the window did not hold. */
static gboolean
is_later_line (const char *line,
               gpointer    data)
{
  return strncmp (line, data, strlen (data)) > 0;
}

static void
test_follow_interrupted (void)
{
  g_auto(Follower) f = { 0 };
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  /* "2026-12-02T08:15:03.", a second after now: lines with a later time
   * came after the window. */
  g_autoptr(GDateTime) later = g_date_time_add_seconds (now, 1);
  g_autofree char *after = g_date_time_format (later, "%Y-%m-%dT%H:%M:%S.");
  int status;

  follower_start (&f, NULL);
  follower_read_until (&f, is_later_line, after);

  status = follower_stop (&f, SIGINT);

  /* 130, nothing said, and the output ends with a whole line. */
  g_assert_cmpint (status, ==, 130);
  g_assert_cmpstr (f.err, ==, "");
  g_assert_cmpuint (f.out->len, >, 0);
  g_assert_cmpint (f.out->data[f.out->len - 1], ==, '\n');
  assert_line_time ((const char *) f.out->data);
}

/* `| head`: the reader goes, the command ends, quietly and at once. */
static void
test_broken_pipe (void)
{
  g_auto(Follower) f = { 0 };
  g_autoptr(GError) error = NULL;

  follower_start (&f, NULL);
  follower_read_until (&f, is_any_line, NULL);

  g_input_stream_close (g_subprocess_get_stdout_pipe (f.process), NULL, &error);
  g_assert_no_error (error);

  /* The next poll's lines meet the closed pipe: no signal to wait for. */
  g_subprocess_wait (f.process, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (f.process));
  g_assert_cmpint (g_subprocess_get_exit_status (f.process), ==, 0);
  {
    g_autoptr(GBytes) err = g_input_stream_read_bytes (g_subprocess_get_stderr_pipe (f.process), 4096, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_bytes_get_size (err), ==, 0);
  }
}

/* Standard output holds the lines and nothing else, even with GLib's debug
 * messages on, which GLib writes to standard output by default. */
static void
test_debug_messages (void)
{
  g_auto(Run) run = { 0 };
  g_auto(GStrv) lines = NULL;

  run_logs_env (&run, "all", (const char *[]) { "--demo", "--model", MODEL, "--environment", ENVIRONMENT,
                                                "--range", "15m", NULL });

  g_assert_cmpint (run.status, ==, 0);
  lines = output_lines (&run);
  g_assert_cmpuint (g_strv_length (lines), >, 10);
  for (guint i = 0; lines[i] != NULL; i++)
    assert_line_time (lines[i]);
  /* They went to standard error. */
  g_assert_nonnull (strstr (run.err, "-DEBUG"));
}

/* ---- usage -------------------------------------------------------------- */

typedef struct
{
  const char *name;
  const char *args[12];    /* after "logs --demo" */
  const char *complaint;   /* a part of the message */
} UsageCase;

static const UsageCase usage_cases[] = {
  { "no-model", { "--environment", "production", NULL }, "--model" },
  { "no-target", { "--model", MODEL, NULL }, "--deployment" },
  { "both-targets", { "--model", MODEL, "--environment", "production", "--deployment", "d", NULL }, "--environment" },
  { "unknown-option", { "--model", MODEL, "--environment", "production", "--tail", NULL }, "--tail" },
  { "missing-value", { "--model", MODEL, "--environment", NULL }, "--environment" },
  { "unknown-level", { "--model", MODEL, "--environment", "production", "--level", "loud", NULL }, "loud" },
  { "unknown-color", { "--model", MODEL, "--environment", "production", "--color", "rainbow", NULL }, "rainbow" },
  { "unknown-range", { "--model", MODEL, "--environment", "production", "--range", "1x", NULL }, "1x" },
  { "over-7-days", { "--model", MODEL, "--environment", "production", "--range", "8d", NULL }, "7" },
  { "start-alone", { "--model", MODEL, "--environment", "production", "--start", "2026-11-30T14:00:00Z", NULL },
    "--end" },
  { "bad-time", { "--model", MODEL, "--environment", "production", "--start", "yesterday",
                  "--end", "2026-11-30T14:00:00Z", NULL }, "yesterday" },
  { "follow-window", { "--model", MODEL, "--environment", "production", "--follow",
                       "--start", "2026-11-30T14:00:00Z", "--end", "2026-11-30T15:00:00Z", NULL }, "--follow" },
  { "range-and-start", { "--model", MODEL, "--environment", "production", "--range", "1h",
                         "--start", "2026-11-30T14:00:00Z", "--end", "2026-11-30T15:00:00Z", NULL }, "--range" },
  { "empty-grep", { "--model", MODEL, "--environment", "production", "--grep", "", NULL }, "--grep" },
  { "extra-argument", { "--model", MODEL, "--environment", "production", "stray", NULL }, "stray" },
  { "demo-and-base-url", { "--model", MODEL, "--environment", "production", "--base-url",
                           "https://api.baseten.co", NULL }, "--demo" },
};

static void
test_bad_usage (gconstpointer data)
{
  const UsageCase *c = data;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_auto(Run) run = { 0 };

  g_ptr_array_add (args, (gpointer) "--demo");
  for (guint i = 0; c->args[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) c->args[i]);
  g_ptr_array_add (args, NULL);

  run_logs (&run, (const char * const *) args->pdata);

  /* Status 2, what was wrong, and how to call it; nothing on stdout. */
  g_assert_cmpint (run.status, ==, 2);
  if (strstr (run.err, c->complaint) == NULL)
    g_error ("“%s” does not say %s", run.err, c->complaint);
  g_assert_nonnull (strstr (run.err, "Usage: inferscope logs --model ID"));
  g_assert_cmpuint (g_bytes_get_size (run.out), ==, 0);
}

static void
test_help (void)
{
  g_auto(Run) run = { 0 };
  const char *options[] = { "--model", "--deployment", "--environment", "--range", "--start", "--end",
                            "--level", "--replica", "--request-id", "--grep", "--follow", "--json",
                            "--color", "--demo", "--base-url" };

  RUN (&run, "--help");

  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_nonnull (strstr (run.out_text, "inferscope logs"));
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    g_assert_nonnull (strstr (run.out_text, options[i]));
  /* The benchmark's switch is not for people. */
  g_assert_null (strstr (run.out_text, "--poll-interval"));
  g_assert_null (strstr (run.out_text, "--demo-log-rate"));
}

/* ---- the options reach the query as the API spells them ---------------- */

static void
test_query_params (void)
{
  g_auto(IscLogsOptions) options = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *params = NULL;
  char *argv[] = { (char *) "logs", (char *) "--model=m1", (char *) "--deployment=d 1",
                   (char *) "--start=2026-11-30T14:00:00", (char *) "--end=2026-11-30T15:30:00",
                   (char *) "--utc", (char *) "--level=Warning", (char *) "--replica=ab1cd",
                   (char *) "--request-id=req-7", (char *) "--grep=Trace&back|5\\d\\d", NULL };

  g_assert_true (_isc_logs_parse_options (&options, G_N_ELEMENTS (argv) - 1, argv, 0, &error));
  g_assert_no_error (error);

  path = isc_logs_query_build_path (options.query);
  g_assert_cmpstr (path, ==, "/v1/models/m1/deployments/d%201/logs");
  g_assert_cmpint (options.query->start_ms, ==, G_GINT64_CONSTANT (1796047200000));
  g_assert_cmpint (options.query->end_ms, ==, G_GINT64_CONSTANT (1796052600000));
  g_assert_cmpint (options.query->min_level, ==, ISC_LOG_LEVEL_WARNING);
  g_assert_cmpstr (options.query->replica, ==, "ab1cd");
  g_assert_cmpstr (options.query->request_id, ==, "req-7");
  g_assert_cmpstr (options.query->search_pattern, ==, "Trace&back|5\\d\\d");
  g_assert_cmpuint (options.query->limit, ==, ISC_LOGS_MAX_LIMIT);

  params = isc_logs_query_build_params (options.query);
  g_assert_nonnull (strstr (params, "start_epoch_millis=1796047200000"));
  g_assert_nonnull (strstr (params, "end_epoch_millis=1796052600000"));
  g_assert_nonnull (strstr (params, "min_level=WARNING"));
  g_assert_nonnull (strstr (params, "replica=ab1cd"));
  g_assert_nonnull (strstr (params, "request_id=req-7"));
  g_assert_nonnull (strstr (params, "search_pattern=Trace%26back%7C5%5Cd%5Cd"));
}

static void
test_query_range (void)
{
  g_auto(IscLogsOptions) options = { 0 };
  g_autoptr(GError) error = NULL;
  gint64 now_ms = G_GINT64_CONSTANT (1796052600000);
  char *argv[] = { (char *) "logs", (char *) "--model=m1", (char *) "--environment=production",
                   (char *) "--range=15m", (char *) "--follow", NULL };

  g_assert_true (_isc_logs_parse_options (&options, G_N_ELEMENTS (argv) - 1, argv, now_ms, &error));
  g_assert_no_error (error);
  g_assert_cmpint (options.query->target_kind, ==, ISC_TARGET_ENVIRONMENT);
  g_assert_cmpint (options.query->start_ms, ==, now_ms - 15 * 60 * 1000);
  g_assert_cmpint (options.query->end_ms, ==, now_ms);
  g_assert_cmpint (options.query->min_level, ==, ISC_LOG_LEVEL_NONE);
  g_assert_null (options.query->search_pattern);
  g_assert_true (options.follow);
  g_assert_cmpint (options.poll_interval_ms, ==, ISC_LOGS_FOLLOW_INTERVAL_MS);
}

/* ---- the writer, on what a hostile server sends ------------------------- */

typedef struct
{
  const char *name;
  const char *message;      /* as sent, escapes and all */
  IscLogLevel level;
  const char *replica;
} WriterCase;

static const WriterCase writer_cases[] = {
  { "plain", "GET /v1/predict 200", ISC_LOG_LEVEL_INFO, "ab1cd" },
  { "sgr", "\033[32mINFO\033[0m:     started \033[1;31mred\033[0m", ISC_LOG_LEVEL_INFO, "ab1cd" },
  { "sgr-unclosed", "\033[38;2;255;0;0mstill red at the end", ISC_LOG_LEVEL_ERROR, NULL },
  { "sgr-256-bg", "\033[48;5;196;4mbg\033[24m rest", ISC_LOG_LEVEL_WARNING, NULL },
  { "cursor", "a\033[2J\033[H\033[10;10Hb\033[Kc\033[?25l", ISC_LOG_LEVEL_NONE, NULL },
  { "title", "\033]0;owned\007\033]2;owned too\033\\ done", ISC_LOG_LEVEL_DEBUG, NULL },
  { "osc8", "\033]8;;https://evil.example\033\\link\033]8;;\033\\", ISC_LOG_LEVEL_INFO, NULL },
  { "controls", "bell\007 cr\r lf\n tab\t bs\b del\177 nul-free", ISC_LOG_LEVEL_ERROR, NULL },
  { "bare-esc", "\033 alone \033", ISC_LOG_LEVEL_INFO, NULL },
  { "c1", "csi\302\233" "31m osc\302\235" "0;t\302\234 nel\302\205", ISC_LOG_LEVEL_INFO, NULL },
  { "bidi", "admin\342\200\256nimda\342\201\246x\342\201\251", ISC_LOG_LEVEL_INFO, NULL },
  { "invalid-utf8", "bad \377\376 bytes \300\200", ISC_LOG_LEVEL_WARNING, NULL },
  { "hostile-replica", "message", ISC_LOG_LEVEL_INFO, "r\033]0;x\007\n1" },
  { "empty", "", ISC_LOG_LEVEL_ERROR, "ab1cd" },
};

static void
test_writer (gconstpointer data)
{
  const WriterCase *c = data;
  g_autoptr(IscLogLine) line = isc_log_line_new (G_GINT64_CONSTANT (1796191915382123456), c->level,
                                                 c->replica, "req-1", c->message, -1);
  g_autoptr(GString) plain = g_string_new (NULL);
  g_autoptr(GString) colored = g_string_new (NULL);
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GBytes) plain_bytes = NULL;
  g_autoptr(GBytes) colored_bytes = NULL;
  g_autoptr(GBytes) json_bytes = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *expected_json = isc_log_line_to_json (line);
  JsonObject *object;

  _isc_logs_append_text (plain, line, FALSE);
  _isc_logs_append_text (colored, line, TRUE);
  _isc_logs_append_json (json, line);

  /* One line each. */
  g_assert_cmpuint (strchr (plain->str, '\n') - plain->str, ==, plain->len - 1);
  g_assert_true (g_str_has_suffix (colored->str, "\033[0m\n"));
  g_assert_cmpuint (strchr (colored->str, '\n') - colored->str, ==, colored->len - 1);
  g_assert_cmpuint (strchr (json->str, '\n') - json->str, ==, json->len - 1);

  /* No escape at all without colour; only SGR with it. */
  plain_bytes = g_string_free_to_bytes (g_steal_pointer (&plain));
  colored_bytes = g_string_free_to_bytes (g_steal_pointer (&colored));
  json_bytes = g_string_free_to_bytes (g_steal_pointer (&json));
  assert_no_controls (plain_bytes);
  assert_only_sgr (colored_bytes);
  assert_no_controls (json_bytes);

  /* The JSON says what the model's own JSON says. */
  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (json_bytes, NULL),
                                             (gssize) g_bytes_get_size (json_bytes), &error));
  g_assert_no_error (error);
  object = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (object, "timestamp"), ==, "1796191915382123456");
  /* Its message, made safe again, is the one the text shows: the same
   * words, with line breaks, tabs and other controls as they came. */
  {
    g_autoptr(IscLogLine) again = isc_log_line_new (0, ISC_LOG_LEVEL_NONE, NULL, NULL,
                                                    json_object_get_string_member (object, "message"), -1);

    g_assert_cmpstr (isc_log_line_get_message (again), ==, isc_log_line_get_message (line));
  }
  {
    g_autoptr(JsonParser) expected_parser = json_parser_new ();
    g_autoptr(JsonGenerator) generator = json_generator_new ();
    g_autofree char *ours = NULL;
    g_autofree char *theirs = NULL;

    g_assert_true (json_parser_load_from_data (expected_parser, expected_json, -1, NULL));
    json_generator_set_root (generator, json_parser_get_root (parser));
    ours = json_generator_to_data (generator, NULL);
    json_generator_set_root (generator, json_parser_get_root (expected_parser));
    theirs = json_generator_to_data (generator, NULL);
    g_assert_cmpstr (ours, ==, theirs);
  }
}

/* The colours of a line reach the terminal as its spans say: the span's
 * text is inside its SGR, the rest outside. */
static void
test_writer_colors (void)
{
  g_autoptr(IscLogLine) line = isc_log_line_new (G_GINT64_CONSTANT (1796191915382123456), ISC_LOG_LEVEL_ERROR,
                                                 "ab1cd", NULL, "plain \033[1;31mred\033[0m after", -1);
  g_autoptr(GString) out = g_string_new (NULL);
  const char *red;

  _isc_logs_append_text (out, line, TRUE);

  /* The level stands out, bold red, and is reset before the replica. */
  g_assert_nonnull (strstr (out->str, " \033[1;31mERROR\033[0m "));
  /* The span: bold, red as RGB, closed right after "red". */
  red = strstr (out->str, "\033[0;1;38;2;");
  g_assert_nonnull (red);
  g_assert_true (g_str_has_prefix (strchr (red, 'm') + 1, "red\033[0m after"));
  g_assert_nonnull (strstr (out->str, "plain \033[0;1;38;2;"));
  g_assert_true (g_str_has_suffix (out->str, " after\033[0m\n"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/logs-cli/lines", test_lines);
  g_test_add_func ("/isc/logs-cli/pages", test_pages);
  g_test_add_func ("/isc/logs-cli/filters", test_filters);
  g_test_add_func ("/isc/logs-cli/json", test_json);
  g_test_add_func ("/isc/logs-cli/json-line-breaks", test_json_line_breaks);
  g_test_add_func ("/isc/logs-cli/refused-pattern", test_refused_pattern);
  g_test_add_func ("/isc/logs-cli/hostile", test_hostile);
  g_test_add_data_func ("/isc/logs-cli/terminal/color", GINT_TO_POINTER (FALSE), test_terminal);
  g_test_add_data_func ("/isc/logs-cli/terminal/no-color", GINT_TO_POINTER (TRUE), test_terminal);
  g_test_add_func ("/isc/logs-cli/follow/interrupted", test_follow_interrupted);
  g_test_add_func ("/isc/logs-cli/follow/broken-pipe", test_broken_pipe);
  g_test_add_func ("/isc/logs-cli/debug-messages", test_debug_messages);
  g_test_add_func ("/isc/logs-cli/help", test_help);
  g_test_add_func ("/isc/logs-cli/query/params", test_query_params);
  g_test_add_func ("/isc/logs-cli/query/range", test_query_range);
  for (guint i = 0; i < G_N_ELEMENTS (usage_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/logs-cli/usage/%s", usage_cases[i].name);

      g_test_add_data_func (path, &usage_cases[i], test_bad_usage);
    }
  for (guint i = 0; i < G_N_ELEMENTS (writer_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/logs-cli/writer/%s", writer_cases[i].name);

      g_test_add_data_func (path, &writer_cases[i], test_writer);
    }
  g_test_add_func ("/isc/logs-cli/writer/colors", test_writer_colors);

  return g_test_run ();
}
