/* isc-test-util.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Helpers that several test programs share: fixture paths, scratch
 * directories, waiting on the main loop, and a log writer that keeps what
 * was logged, so a test can check that a key never reached the log.
 */

#pragma once

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

static inline gboolean
test_timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates the main loop until check (data) holds, for at most 10 s, and
 * returns whether it does. */
static inline gboolean
test_wait_for (gboolean (*check) (gpointer),
               gpointer   data)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (10000, test_timeout_cb, &timed_out);

  while (!check (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  return check (data);
}

/* Lets the main loop run for @ms milliseconds: a few frames. */
static inline void
test_run_frames (guint ms)
{
  gboolean timed_out = FALSE;

  g_timeout_add (ms, test_timeout_cb, &timed_out);
  while (!timed_out)
    g_main_context_iteration (NULL, TRUE);
}

/* A file in tests/fixtures/. */
static inline char *
test_fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", name, NULL);
}

/* A new empty directory in the system's temporary one. */
static inline char *
test_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("isc-test-XXXXXX", &error);

  g_assert_no_error (error);
  g_assert_nonnull (dir);
  return dir;
}

/* Removes @dir and the files in it (not subdirectories). */
static inline void
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

/* How many entries @dir holds; 0 where it does not exist. */
static inline guint
test_count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;

  return n;
}

/* A GLogWriterFunc that appends every message to the GString in
 * @user_data, one a line, then writes it as usual (debug messages only
 * to the string): g_log_set_writer_func (test_capture_writer, log, NULL).
 */
static inline GLogWriterOutput
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

  return g_log_writer_default (log_level, fields, n_fields, NULL);
}
