/* isc-test-util.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "isc-error-share.h"
#include "isc-test-util.h"

gboolean
test_set_flag_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

guint
test_time_scale (void)
{
  const char *text = g_getenv ("ISC_TEST_TIME_SCALE");
  guint64 scale = 1;

  if (text != NULL && !g_ascii_string_to_unsigned (text, 10, 1, 10, &scale, NULL))
    scale = 1;
  return (guint) scale;
}

double
test_prompt_s (void)
{
  return 10.0 * test_time_scale ();
}

guint
test_far_ms (void)
{
  return (guint) (2 * 1000 * test_prompt_s ());
}

gboolean
test_wait_for (gboolean (*check) (gpointer),
               gpointer   data)
{
  gboolean timed_out = FALSE;
  /* Long enough for a busy machine (a window's first load is several
   * requests to the simulated API), longer in a sanitizer build; a wait
   * that runs out is a failure, so this only bounds how long one takes
   * to be said. */
  guint id = g_timeout_add (30000 * test_time_scale (), test_set_flag_cb, &timed_out);

  while (!check (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  return check (data);
}

#define DEMO_SCHEDULE_START_S (14 * 3600)
#define DEMO_SCHEDULE_END_S   (19 * 3600)

static gint64
utc_second_of_day (void)
{
  return (g_get_real_time () / G_USEC_PER_SEC) % (24 * 3600);
}

void
test_demo_schedule_settle (void)
{
  for (;;)
    {
      gint64 s = utc_second_of_day ();

      if (ABS (s - DEMO_SCHEDULE_START_S) > 60 && ABS (s - DEMO_SCHEDULE_END_S) > 60)
        return;
      g_usleep (5 * G_USEC_PER_SEC);
    }
}

gboolean
test_demo_schedule_applies (void)
{
  gint64 s = utc_second_of_day ();

  return s >= DEMO_SCHEDULE_START_S && s < DEMO_SCHEDULE_END_S;
}

void
test_run_frames (guint ms)
{
  gboolean timed_out = FALSE;

  g_timeout_add (ms, test_set_flag_cb, &timed_out);
  while (!timed_out)
    g_main_context_iteration (NULL, TRUE);
}

char *
test_fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
}

IscMetricsResponse *
test_load_fixture (const char *name)
{
  g_autofree char *path = test_fixture_path (name);
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response = isc_metrics_response_new_from_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (response);
  return response;
}

char *
test_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("isc-test-XXXXXX", &error);

  g_assert_no_error (error);
  g_assert_nonnull (dir);
  return dir;
}

void
test_remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

guint
test_count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;

  return n;
}

gboolean
test_pdfinfo (const char  *path,
              char       **info)
{
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { NULL, "-enc", "UTF-8", path, NULL };
  int status = -1;

  if (pdfinfo == NULL)
    {
      g_test_skip ("pdfinfo is not installed (poppler-utils)");
      return FALSE;
    }

  argv[0] = pdfinfo;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               info, &err, &status, &error));
  g_assert_no_error (error);
  /* Poppler says on stderr what it had to guess or repair. */
  g_assert_cmpstr (err, ==, "");
  g_assert_true (g_spawn_check_wait_status (status, &error));
  g_assert_no_error (error);
  return TRUE;
}

char *
test_pdfinfo_field (const char *info,
                    const char *field)
{
  g_auto(GStrv) lines = g_strsplit (info, "\n", -1);
  g_autofree char *prefix = g_strconcat (field, ":", NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], prefix))
        return g_strstrip (g_strdup (lines[i] + strlen (prefix)));
    }
  return NULL;
}

/* What GTK warns about itself, whatever the program does: each is given
 * by a bare GtkWindow with the same widgets, and says nothing of
 * Inferscope's code. */
static const struct
{
  const char *domain;
  const char *start;  /* how the message starts */
  const char *holds;  /* and what it holds after that, or NULL */
} gtk_own_warnings[] = {
  /* GTK 4.24's X11 backend marks a frame as submitted twice once a popup
   * surface (any GtkPopover) shares the window's frame clock: on Xvfb,
   * a GtkMenuButton's popover opened in a bare window gives it. */
  { "Gdk", "gdk_frame_timings_submitted() called on submitted frame.", NULL },
  /* GTK 4.24 measures the cells of a GtkColumnView column just hidden
   * (gtk_column_view_column_set_visible) at a width of 0 in the next
   * frame: a bare GtkColumnView with label cells gives it too. */
  { "Gtk", "Trying to measure GtkColumnViewCellWidget ", " for width of 0, but it needs at least " },
};

static gboolean
is_gtk_own_warning (const GLogField *fields,
                    gsize            n_fields)
{
  const char *domain = NULL;
  const char *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    {
      if (fields[i].length >= 0)
        continue;
      if (strcmp (fields[i].key, "GLIB_DOMAIN") == 0)
        domain = fields[i].value;
      else if (strcmp (fields[i].key, "MESSAGE") == 0)
        message = fields[i].value;
    }

  for (gsize i = 0; i < G_N_ELEMENTS (gtk_own_warnings); i++)
    {
      if (domain == NULL || message == NULL ||
          strcmp (domain, gtk_own_warnings[i].domain) != 0 ||
          !g_str_has_prefix (message, gtk_own_warnings[i].start))
        continue;
      if (gtk_own_warnings[i].holds == NULL
          ? strcmp (message, gtk_own_warnings[i].start) == 0
          : strstr (message + strlen (gtk_own_warnings[i].start), gtk_own_warnings[i].holds) != NULL)
        return TRUE;
    }
  return FALSE;
}

GLogWriterOutput
test_log_writer (GLogLevelFlags   log_level,
                 const GLogField *fields,
                 gsize            n_fields,
                 gpointer         user_data)
{
  if ((log_level & G_LOG_LEVEL_WARNING) && is_gtk_own_warning (fields, n_fields))
    return G_LOG_WRITER_HANDLED;

  return g_log_writer_default (log_level, fields, n_fields, NULL);
}

GLogWriterOutput
test_capture_writer (GLogLevelFlags   log_level,
                     const GLogField *fields,
                     gsize            n_fields,
                     gpointer         user_data)
{
  GString *captured = user_data;

  for (gsize i = 0; i < n_fields; i++)
    {
      if (strcmp (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
        {
          g_string_append (captured, fields[i].value);
          g_string_append_c (captured, '\n');
        }
    }

  if (log_level & G_LOG_LEVEL_DEBUG)
    return G_LOG_WRITER_HANDLED;

  return test_log_writer (log_level, fields, n_fields, NULL);
}

void
test_log_to_writer (void)
{
  g_log_set_default_handler (g_log_default_handler, NULL);
}

gboolean
test_pointer_is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

gint64
test_peak_5xx_ms (IscMetricsResponse *response)
{
  const IscMetric *metric = isc_metrics_response_lookup_metric (response, "baseten_inference_requests_total");
  gint64 peak_ms = 0;
  double peak = 0;

  g_assert_nonnull (metric);
  for (guint s = 0; s < isc_metrics_response_get_n_steps (response); s++)
    {
      double share;

      if (isc_error_share_of_class (metric, 5, (int) s, &share) && share > peak)
        {
          peak = share;
          peak_ms = isc_metrics_response_get_step_start_ms (response, s);
        }
    }
  g_assert_cmpfloat (peak, >, 0.05);

  return peak_ms;
}

void
test_run_clear (TestRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

void
test_run_export (TestRun            *run,
                 const char         *api_key,
                 const char * const *args)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *binary = g_getenv ("INFERSCOPE_BINARY");

  g_assert_nonnull (binary);
  g_ptr_array_add (argv, (char *) binary);
  g_ptr_array_add (argv, (char *) "export");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "BASETEN_API_KEY", api_key ? api_key : "", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  g_subprocess_launcher_unsetenv (launcher, "WAYLAND_DISPLAY");

  test_run_clear (run);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}
