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
/* How many times longer a wait may take: ISC_TEST_TIME_SCALE, which
 * tests/meson.build sets in sanitizer builds (programs there run several
 * times slower); 1 elsewhere. */
guint             test_time_scale     (void);
/* The seconds within which what must be prompt (a timeout firing, a
 * cancel taking effect) is over, however loaded the machine: 10 s times
 * test_time_scale(), where the bounds it checks are under a second. */
double            test_prompt_s       (void);
/* A bound in milliseconds that must not be the one that ends a request:
 * twice test_prompt_s(), so that a test telling it from the bound that
 * should end the request cannot mistake the one for the other. */
guint             test_far_ms         (void);
/* Iterates the main loop until check (data) holds, for at most 30 s times
 * test_time_scale(), and returns whether it does. */
gboolean          test_wait_for       (gboolean      (*check) (gpointer),
                                       gpointer        data);
/* For test_wait_for(): the pointer at @data is no longer NULL. */
gboolean          test_pointer_is_set (gpointer        data);
/* The start of the step with the highest 5xx share of the requests in
 * @response (the demo's daily incident), which must be above 5 %. */
gint64            test_peak_5xx_ms    (IscMetricsResponse *response);
/* Lets the main loop run for @ms milliseconds: a few frames. */
void              test_run_frames     (guint           ms);
/* The demo's production environments (demo-chat's) have an afternoon
 * schedule (isc-demo-fleet-private.h: 14:00-19:00 UTC, min 4, max 16).
 * test_demo_schedule_settle() waits until now is not within a minute of
 * either edge, so that what a test discovers and what it then loads agree
 * on the settings in effect; test_demo_schedule_applies() says whether the
 * schedule applies now. */
void              test_demo_schedule_settle  (void);
gboolean          test_demo_schedule_applies (void);

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

/* What a PDF viewer reads in the PDF at @path: `pdfinfo -enc UTF-8`'s
 * lines (poppler-utils), which must read the whole file with no error;
 * FALSE, with the test skipped, where pdfinfo is not installed. */
gboolean          test_pdfinfo        (const char     *path,
                                       char          **info);

/* The value of @field in @info from test_pdfinfo(), such as "Title" or
 * "Pages"; NULL where the PDF has none. */
char             *test_pdfinfo_field  (const char     *info,
                                       const char     *field);

/* The GLogWriterFunc of widget tests: g_log_writer_default(), fatal
 * warnings included, but for the few warnings GTK gives about itself
 * whatever the program does (listed, with why, in isc-test-util.c):
 * g_log_set_writer_func (test_log_writer, NULL, NULL). */
GLogWriterOutput  test_log_writer     (GLogLevelFlags  log_level,
                                       const GLogField *fields,
                                       gsize           n_fields,
                                       gpointer        user_data);

/* A GLogWriterFunc that appends every message to the GString in
 * @user_data, one a line, then writes it as test_log_writer() does
 * (debug messages only to the string):
 * g_log_set_writer_func (test_capture_writer, log, NULL). */
GLogWriterOutput  test_capture_writer (GLogLevelFlags  log_level,
                                       const GLogField *fields,
                                       gsize           n_fields,
                                       gpointer        user_data);

/* Sends every line g_log() writes (g_debug(), g_info(), …) to the log
 * writer, as in the app: newer GLib's g_test_init() (2.90 in Debian sid)
 * sets a default handler that prints them itself as TAP comments, so a
 * writer set with g_log_set_writer_func() would never see them. Call
 * after g_test_init(). */
void              test_log_to_writer  (void);

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
