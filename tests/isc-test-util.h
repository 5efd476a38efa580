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

#include <glib.h>

#include "isc-metrics-response.h"

G_BEGIN_DECLS

/* A GSourceFunc, or a swapped signal handler, that sets the gboolean at
 * @data to TRUE (and removes its source). */
gboolean          test_set_flag_cb    (gpointer        data);
/* Iterates the main loop until check (data) holds, for at most 10 s, and
 * returns whether it does. */
gboolean          test_wait_for       (gboolean      (*check) (gpointer),
                                       gpointer        data);
/* For test_wait_for(): the pointer at @data is no longer NULL. */
gboolean          test_pointer_is_set (gpointer        data);
/* The start of the step with the highest 5xx share of the requests in
 * @response (the demo's daily incident), which must be above 5 %. */
gint64            test_peak_5xx_ms    (IscMetricsResponse *response);
/* Lets the main loop run for @ms milliseconds: a few frames. */
void              test_run_frames     (guint           ms);

/* A file in tests/fixtures/. */
char             *test_fixture_path   (const char     *name);

/* The response decoded from tests/fixtures/@name, which must decode. */
IscMetricsResponse *test_load_fixture (const char     *name);

/* A new empty directory in the system's temporary one. */
char             *test_temp_dir       (void);

/* Removes @dir and the files in it (not subdirectories). */
void              test_remove_dir     (const char     *dir);

/* How many entries @dir holds; 0 where it does not exist. */
guint             test_count_files    (const char     *dir);

/* A GLogWriterFunc that appends every message to the GString in
 * @user_data, one a line, then writes it as usual (debug messages only
 * to the string): g_log_set_writer_func (test_capture_writer, log, NULL).
 */
GLogWriterOutput  test_capture_writer (GLogLevelFlags  log_level,
                                       const GLogField *fields,
                                       gsize           n_fields,
                                       gpointer        user_data);

/* `$INFERSCOPE_BINARY export …` run to its end, and what it said. */
typedef struct
{
  int   status;  /* its exit status */
  char *out;
  char *err;
} TestRun;

void              test_run_clear      (TestRun        *run);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (TestRun, test_run_clear)

/* Runs `$INFERSCOPE_BINARY export @args…` (NULL-terminated) to its end,
 * headless (DISPLAY and WAYLAND_DISPLAY unset), with BASETEN_API_KEY set
 * to @api_key ("" for NULL); it must exit, not be killed. */
void              test_run_export     (TestRun            *run,
                                       const char         *api_key,
                                       const char * const *args);

G_END_DECLS
