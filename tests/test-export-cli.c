/* test-export-cli.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Runs the real `inferscope` binary (INFERSCOPE_BINARY) as a script would,
 * with no display at all, and checks exit status, standard output,
 * standard error and the files left behind.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "isc-csv.h"
#include "isc-test-util.h"

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

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static const char *
binary (void)
{
  const char *path = g_getenv ("INFERSCOPE_BINARY");

  g_assert_nonnull (path);
  return path;
}

/* Runs inferscope with @args (NULL-terminated), @input on standard input,
 * and no display: DISPLAY and WAYLAND_DISPLAY unset. @locale, when set,
 * is the LC_ALL of the child. */
static void
run_full (Run                *run,
          GBytes             *input,
          const char         *locale,
          const char * const *args)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GBytes) empty = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) binary ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                        G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  g_subprocess_launcher_unsetenv (launcher, "WAYLAND_DISPLAY");
  if (locale != NULL)
    g_subprocess_launcher_setenv (launcher, "LC_ALL", locale, TRUE);

  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);

  /* Standard input is a pipe that closes at once unless @input is given:
   * nothing waits for a person to type. */
  if (input == NULL)
    input = empty = g_bytes_new_static ("", 0);
  g_subprocess_communicate (process, input, NULL, &run->out, &err, &error);
  g_assert_no_error (error);

  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
  run->out_text = g_strndup (g_bytes_get_size (run->out) > 0 ? g_bytes_get_data (run->out, NULL) : "",
                             g_bytes_get_size (run->out));
  run->err = g_strndup (g_bytes_get_size (err) > 0 ? g_bytes_get_data (err, NULL) : "",
                        g_bytes_get_size (err));
}

#define RUN(run, ...) run_full ((run), NULL, NULL, (const char *[]) { __VA_ARGS__, NULL })

/* What the command must print: the library's CSV of the same document. */
static GBytes *
expected_csv (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = isc_metrics_response_new_from_file (path, &error);

  g_assert_no_error (error);
  return isc_csv_from_response (response);
}

static void
assert_bytes_equal (GBytes *a,
                    GBytes *b)
{
  g_assert_cmpmem (g_bytes_get_data (a, NULL), g_bytes_get_size (a),
                   g_bytes_get_data (b, NULL), g_bytes_get_size (b));
}

/* The names in @dir, sorted and joined by spaces. */
static char *
list_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);

  return g_strjoinv (" ", (char **) names->pdata);
}

/* ---- success ----------------------------------------------------------- */

static void
test_csv_to_stdout (void)
{
  g_autofree char *input = test_fixture_path ("default-series.json");
  g_autoptr(GBytes) expected = expected_csv (input);
  g_auto(Run) run = { 0 };

  RUN (&run, "export", "--input", input, "--format", "csv");

  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpuint (g_bytes_get_size (run.out), >, 1000);
  assert_bytes_equal (run.out, expected);
}

static void
test_csv_to_dash (void)
{
  g_autofree char *input = test_fixture_path ("default-summary.json");
  g_autoptr(GBytes) expected = expected_csv (input);
  g_auto(Run) run = { 0 };

  RUN (&run, "export", "--input", input, "--format", "csv", "-o", "-");

  g_assert_cmpint (run.status, ==, 0);
  assert_bytes_equal (run.out, expected);
}

static void
test_csv_from_stdin (void)
{
  g_autofree char *input = test_fixture_path ("default-current.json");
  g_autoptr(GBytes) expected = expected_csv (input);
  g_autoptr(GBytes) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) mapped = g_mapped_file_new (input, FALSE, &error);
  g_auto(Run) run = { 0 };

  g_assert_no_error (error);
  document = g_mapped_file_get_bytes (mapped);

  run_full (&run, document, NULL, (const char *[]) { "export", "--input", "-", NULL });

  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  assert_bytes_equal (run.out, expected);
}

static void
test_csv_to_file (void)
{
  g_autofree char *input = test_fixture_path ("default-series.json");
  g_autoptr(GBytes) expected = expected_csv (input);
  g_autofree char *dir = g_dir_make_tmp ("isc-export-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "metrics.csv", NULL);
  g_autofree char *listing = NULL;
  g_autoptr(GMappedFile) written = NULL;
  g_autoptr(GBytes) written_bytes = NULL;
  g_auto(Run) run = { 0 };

  /* No --format: the .csv of the output names it. */
  RUN (&run, "export", "--input", input, "-o", out);

  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpuint (g_bytes_get_size (run.out), ==, 0);

  written = g_mapped_file_new (out, FALSE, NULL);
  g_assert_nonnull (written);
  written_bytes = g_mapped_file_get_bytes (written);
  assert_bytes_equal (written_bytes, expected);

  /* No temporary file left beside it. */
  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, "metrics.csv");

  test_remove_dir (dir);
}

static void
test_csv_replaces_file (void)
{
  g_autofree char *input = test_fixture_path ("default-summary.json");
  g_autoptr(GBytes) expected = expected_csv (input);
  g_autofree char *dir = g_dir_make_tmp ("isc-export-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "metrics.csv", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_auto(Run) run = { 0 };

  /* A longer old file: nothing of it may remain at the end. */
  g_assert_true (g_file_set_contents (out, "old contents, much longer than the new CSV ......"
                                           "..................................................."
                                           "..................................................."
                                           "...................................................",
                                      -1, NULL));

  RUN (&run, "export", "--input", input, "--format", "csv", "-o", out);

  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (out, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, g_bytes_get_data (expected, NULL), g_bytes_get_size (expected));

  test_remove_dir (dir);
}

static void
test_csv_locale_independent (void)
{
  g_autofree char *input = test_fixture_path ("default-summary.json");
  g_autoptr(GBytes) expected = expected_csv (input);
  g_auto(Run) run = { 0 };

  /* A German desktop: 0.647 replicas must not become 0,647. */
  run_full (&run, NULL, "de_DE.UTF-8",
            (const char *[]) { "export", "--input", input, NULL });

  g_assert_cmpint (run.status, ==, 0);
  assert_bytes_equal (run.out, expected);
  g_assert_nonnull (strstr (run.out_text, ",0.647,"));
}

/* ---- rejected documents ------------------------------------------------ */

static void
test_rejected_document (gconstpointer data)
{
  const char *name = data;
  g_autofree char *input = g_test_build_filename (G_TEST_DIST, "fixtures", "malformed", name, NULL);
  g_autofree char *dir = g_dir_make_tmp ("isc-export-XXXXXX", NULL);
  g_autofree char *fresh = g_build_filename (dir, "fresh.csv", NULL);
  g_autofree char *kept = g_build_filename (dir, "kept.csv", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *listing = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_auto(Run) run = { 0 };
  g_auto(Run) run_kept = { 0 };

  response = isc_metrics_response_new_from_file (input, &error);
  g_assert_null (response);
  g_assert_error (error, ISC_RESPONSE_ERROR, error->code);

  /* Exit 1 with the decoder's own words, and no file at all. */
  RUN (&run, "export", "--input", input, "--format", "csv", "-o", fresh);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, error->message));
  g_assert_true (g_str_has_prefix (run.err, "inferscope export: "));
  g_assert_cmpuint (g_bytes_get_size (run.out), ==, 0);
  g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));

  /* A file that was there stays as it was. */
  g_assert_true (g_file_set_contents (kept, "yesterday's export\r\n", -1, NULL));
  RUN (&run_kept, "export", "--input", input, "-o", kept);
  g_assert_cmpint (run_kept.status, ==, 1);
  g_assert_true (g_file_get_contents (kept, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "yesterday's export\r\n");

  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, "kept.csv");

  test_remove_dir (dir);
}

static void
test_missing_input_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("isc-export-XXXXXX", NULL);
  g_autofree char *input = g_build_filename (dir, "no-such-response.json", NULL);
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  g_auto(Run) run = { 0 };

  RUN (&run, "export", "--input", input, "-o", out);

  /* A failure, not bad usage; the message names the file. */
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "no-such-response.json"));
  g_assert_null (strstr (run.err, "Usage:"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));

  test_remove_dir (dir);
}

static void
test_unwritable_output (void)
{
  g_autofree char *input = test_fixture_path ("default-summary.json");
  g_autofree char *dir = g_dir_make_tmp ("isc-export-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "no-such-folder", "out.csv", NULL);
  g_auto(Run) run = { 0 };

  RUN (&run, "export", "--input", input, "-o", out);

  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "out.csv"));
  g_assert_cmpuint (g_bytes_get_size (run.out), ==, 0);

  test_remove_dir (dir);
}

/* ---- special files and unbounded input ---------------------------------- */

/* A copy of a device node (/dev/null is 1,3 and /dev/full 1,7) in @dir:
 * a wrong result harms only the copy. Needs root, as the failure did. */
static char *
make_device (const char *dir,
             const char *name,
             unsigned    minor)
{
  char *path = g_build_filename (dir, name, NULL);

  if (mknod (path, S_IFCHR | 0666, makedev (1, minor)) != 0)
    {
      g_free (path);
      return NULL;
    }

  return path;
}

static void
assert_char_device (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));
}

typedef struct
{
  const char *name;
  unsigned    minor;     /* of the device, major 1 */
  int         status;
  const char *complaint; /* in standard error; NULL: nothing there */
} DeviceCase;

static const DeviceCase device_cases[] = {
  { "null", 3, 0, NULL },
  { "full", 7, 1, "No space left on device" },
};

/* Still the device after the run, written in place (and the write's
 * failure said): nothing beside it either. */
static void
test_output_device (gconstpointer data)
{
  const DeviceCase *c = data;
  g_autofree char *input = test_fixture_path ("default-series.json");
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *device = make_device (dir, c->name, c->minor);
  g_autofree char *listing = NULL;
  g_auto(Run) run = { 0 };

  if (device == NULL)
    {
      g_test_skip ("Cannot make a device node (not root)");
      test_remove_dir (dir);
      return;
    }

  RUN (&run, "export", "--input", input, "-o", device);

  g_assert_cmpint (run.status, ==, c->status);
  if (c->complaint == NULL)
    g_assert_cmpstr (run.err, ==, "");
  else
    {
      g_assert_nonnull (strstr (run.err, c->complaint));
      g_assert_nonnull (strstr (run.err, device));
    }
  assert_char_device (device);
  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, c->name);

  test_remove_dir (dir);
}

static void
test_output_fifo (void)
{
  g_autofree char *input = test_fixture_path ("default-series.json");
  g_autoptr(GBytes) expected = expected_csv (input);
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *fifo = g_build_filename (dir, "pipe.csv", NULL);
  g_autoptr(GByteArray) got = g_byte_array_new ();
  g_auto(Run) run = { 0 };
  GStatBuf st;
  char buf[4096];
  gssize n;
  int fd;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  /* Nobody reads it: a clear failure at once, not a wait for ever. */
  RUN (&run, "export", "--input", input, "-o", fifo);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "pipe.csv"));
  run_clear (&run);

  /* Read as it is written; the CSV fits in the pipe's buffer. */
  g_assert_cmpuint (g_bytes_get_size (expected), <, 65536);
  fd = g_open (fifo, O_RDONLY | O_NONBLOCK, 0);
  g_assert_cmpint (fd, >=, 0);
  RUN (&run, "export", "--input", input, "-o", fifo);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  while ((n = read (fd, buf, sizeof buf)) > 0)
    g_byte_array_append (got, (guint8 *) buf, n);
  close (fd);

  g_assert_cmpmem (got->data, got->len,
                   g_bytes_get_data (expected, NULL), g_bytes_get_size (expected));
  g_assert_cmpint (g_stat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  test_remove_dir (dir);
}

/* Runs inferscope with standard input from @stdin_path, as `< FILE`. */
static int
run_with_stdin (const char  *stdin_path,
                char       **err_text,
                const char * const *args)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) binary ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_stdin_file_path (launcher, stdin_path);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, err_text, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));

  return g_subprocess_get_exit_status (process);
}

static void
test_input_unbounded (gconstpointer data)
{
  gboolean from_stdin = GPOINTER_TO_INT (data);
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *err = NULL;
  gint64 start = g_get_monotonic_time ();
  int status;

  /* The network's limit, 64 MiB, and its words: not 10 GB read. */
  if (from_stdin)
    status = run_with_stdin ("/dev/zero", &err,
                             (const char *[]) { "export", "--input", "-", "-o", out, NULL });
  else
    status = run_with_stdin ("/dev/null", &err,
                             (const char *[]) { "export", "--input", "/dev/zero", "-o", out, NULL });

  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "larger than 64.0"));
  g_assert_nonnull (strstr (err, "MiB"));
  g_assert_nonnull (strstr (err, from_stdin ? "standard input" : "/dev/zero"));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 60 * G_USEC_PER_SEC);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));

  test_remove_dir (dir);
}

/* ---- interrupted ------------------------------------------------------- */

/* A document whose CSV is some 20 MB: its writing takes a while. */
static char *
write_large_document (const char *dir)
{
  g_autoptr(GString) doc = g_string_new (NULL);
  char *path = g_build_filename (dir, "large.json", NULL);
  const guint n_labels = 1000, n_steps = 800;
  const gint64 start = 1764547200000;

  g_string_append_printf (doc, "{\"start_epoch_millis\": %" G_GINT64_FORMAT ", "
                          "\"end_epoch_millis\": %" G_GINT64_FORMAT ", \"mode\": \"SERIES\", "
                          "\"step_seconds\": 30, \"metric_descriptors\": [{\"name\": "
                          "\"baseten_replicas_active\", \"unit_hint\": \"COUNT\", "
                          "\"kind\": \"GAUGE\", \"label_sets\": [",
                          start, start + (gint64) n_steps * 30000);
  for (guint i = 0; i < n_labels; i++)
    g_string_append_printf (doc, "%s{\"replica\": \"r%05u\"}", i ? ", " : "", i);
  g_string_append (doc, "]}], \"metric_values\": [");
  for (guint s = 0; s < n_steps; s++)
    {
      g_string_append_printf (doc, "%s{\"start_epoch_millis\": %" G_GINT64_FORMAT ", \"values\": [[",
                              s ? ", " : "", start + (gint64) s * 30000);
      for (guint i = 0; i < n_labels; i++)
        g_string_append_printf (doc, "%s%u.2345678", i ? ", " : "", i + s);
      g_string_append (doc, "]]}");
    }
  g_string_append (doc, "]}");

  g_assert_true (g_file_set_contents (path, doc->str, doc->len, NULL));
  return path;
}

/* Whether @dir holds anything but @keep (and the input). */
static gboolean
has_stray_file (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      if (g_strcmp0 (name, "out.csv") != 0 && g_strcmp0 (name, "large.json") != 0)
        return TRUE;
    }

  return FALSE;
}

static void
test_interrupted_write (gconstpointer data)
{
  int signum = GPOINTER_TO_INT (data);
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *input = write_large_document (dir);
  g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
  gboolean caught = FALSE;

  /* Stop the command while its temporary file is there, then signal it
   * and let it go on. Should the write end before the stop, again. */
  for (guint attempt = 0; attempt < 10 && !caught; attempt++)
    {
      g_autoptr(GSubprocess) process = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *old = NULL;
      gsize length = 0;
      g_autofree char *contents = NULL;
      const char *argv[] = { binary (), "export", "--input", input, "-o", out, NULL };
      char pid_text[32];
      gboolean stopped = FALSE;

      g_assert_true (g_file_set_contents (out, "old", -1, NULL));
      process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error);
      g_assert_no_error (error);
      g_strlcpy (pid_text, g_subprocess_get_identifier (process), sizeof pid_text);

      while (!stopped)
        {
          if (has_stray_file (dir))
            {
              kill (atoi (pid_text), SIGSTOP);
              stopped = TRUE;
            }
          else if (g_main_context_iteration (NULL, FALSE),
                   g_subprocess_get_identifier (process) == NULL)
            break;
          else
            g_usleep (200);
        }

      if (stopped)
        {
          caught = has_stray_file (dir);
          kill (atoi (pid_text), signum);
          kill (atoi (pid_text), SIGCONT);
        }

      g_subprocess_wait (process, NULL, &error);
      g_assert_no_error (error);

      /* Never a temporary file left; the old file or the whole new one. */
      g_assert_false (has_stray_file (dir));
      g_assert_true (g_file_get_contents (out, &contents, &length, NULL));
      g_assert_true (g_subprocess_get_if_exited (process));
      /* The signal is handled on a thread of its own: a write whose last
       * piece was already on its way may finish and replace the file
       * first, and then the run has succeeded. Either way, the file is
       * whole; only a cancelled run counts as caught. */
      if (caught && g_subprocess_get_exit_status (process) == 128 + signum)
        g_assert_cmpstr (contents, ==, "old");
      else
        {
          caught = FALSE;
          g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
          g_assert_cmpuint (length, >, 1000000);
        }
    }

  if (!caught)
    g_test_incomplete ("The write always ended before the signal");

  test_remove_dir (dir);
}

/* ---- bad usage --------------------------------------------------------- */

typedef struct
{
  const char *name;
  const char *args[8];     /* after "export"; "@" is a valid input file */
  const char *complaint;   /* a part of the message */
} UsageCase;

static const UsageCase usage_cases[] = {
  { "no-arguments", { NULL }, "--input" },
  { "unknown-option", { "--input", "@", "--colour", "red", NULL }, "--colour" },
  { "missing-value", { "--input", NULL }, "--input" },
  { "unknown-format", { "--input", "@", "--format", "xlsx", NULL }, "xlsx" },
  { "extra-argument", { "--input", "@", "stray.json", NULL }, "stray.json" },
  { "empty-output", { "--input", "@", "-o", "", NULL }, "output" },
};

static void
test_bad_usage (gconstpointer data)
{
  const UsageCase *c = data;
  g_autofree char *input = test_fixture_path ("default-summary.json");
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_auto(Run) run = { 0 };

  g_ptr_array_add (args, (gpointer) "export");
  for (guint i = 0; c->args[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) (g_str_equal (c->args[i], "@") ? input : c->args[i]));
  g_ptr_array_add (args, NULL);

  run_full (&run, NULL, NULL, (const char * const *) args->pdata);

  /* Status 2, what was wrong, and how to call it; nothing on stdout. */
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, c->complaint));
  g_assert_nonnull (strstr (run.err, "Usage: inferscope export "));
  g_assert_nonnull (strstr (strstr (run.err, "Usage: "), "--input FILE.json"));
  g_assert_cmpuint (g_bytes_get_size (run.out), ==, 0);
}

static void
test_export_help (void)
{
  g_auto(Run) run = { 0 };
  const char *out;

  RUN (&run, "export", "--help");

  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  out = run.out_text;
  g_assert_nonnull (strstr (out, "inferscope export"));
  g_assert_nonnull (strstr (out, "--input"));
  g_assert_nonnull (strstr (out, "--format"));
  g_assert_nonnull (strstr (out, "--output"));
}

/* ---- the application's own options, also with no display --------------- */

static void
test_app_version (void)
{
  g_auto(Run) run = { 0 };
  g_autofree char *expected = g_strdup_printf ("Inferscope %s\n", PACKAGE_VERSION);

  RUN (&run, "--version");

  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out_text, ==, expected);
}

static void
test_app_help (void)
{
  g_auto(Run) run = { 0 };
  const char *out;

  RUN (&run, "--help");

  g_assert_cmpint (run.status, ==, 0);
  out = run.out_text;
  g_assert_nonnull (strstr (out, "--version"));
  /* It points to the headless command. */
  g_assert_nonnull (strstr (out, "inferscope export --help"));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *malformed = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/export-cli/csv-to-stdout", test_csv_to_stdout);
  g_test_add_func ("/isc/export-cli/csv-to-dash", test_csv_to_dash);
  g_test_add_func ("/isc/export-cli/csv-from-stdin", test_csv_from_stdin);
  g_test_add_func ("/isc/export-cli/csv-to-file", test_csv_to_file);
  g_test_add_func ("/isc/export-cli/csv-replaces-file", test_csv_replaces_file);
  g_test_add_func ("/isc/export-cli/csv-locale-independent", test_csv_locale_independent);
  g_test_add_func ("/isc/export-cli/missing-input-file", test_missing_input_file);
  g_test_add_func ("/isc/export-cli/unwritable-output", test_unwritable_output);
  for (guint i = 0; i < G_N_ELEMENTS (device_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/export-cli/output-device/%s", device_cases[i].name);
      g_test_add_data_func (path, &device_cases[i], test_output_device);
    }
  g_test_add_func ("/isc/export-cli/output-fifo", test_output_fifo);
  g_test_add_data_func ("/isc/export-cli/input-unbounded/file", GINT_TO_POINTER (FALSE),
                        test_input_unbounded);
  g_test_add_data_func ("/isc/export-cli/input-unbounded/stdin", GINT_TO_POINTER (TRUE),
                        test_input_unbounded);
  g_test_add_data_func ("/isc/export-cli/interrupted/sigint", GINT_TO_POINTER (SIGINT),
                        test_interrupted_write);
  g_test_add_data_func ("/isc/export-cli/interrupted/sigterm", GINT_TO_POINTER (SIGTERM),
                        test_interrupted_write);
  g_test_add_func ("/isc/export-cli/help", test_export_help);
  g_test_add_func ("/isc/app/version", test_app_version);
  g_test_add_func ("/isc/app/help", test_app_help);

  for (guint i = 0; i < G_N_ELEMENTS (usage_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/export-cli/bad-usage/%s", usage_cases[i].name);
      g_test_add_data_func (path, &usage_cases[i], test_bad_usage);
    }

  /* Every malformed fixture: a handful would do, all of them costs little. */
  malformed = g_test_build_filename (G_TEST_DIST, "fixtures", "malformed", NULL);
  dir = g_dir_open (malformed, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_assert_cmpuint (names->len, >=, 5);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/export-cli/rejected/%s", (char *) names->pdata[i]);
      g_test_add_data_func (path, names->pdata[i], test_rejected_document);
    }

  return g_test_run ();
}
