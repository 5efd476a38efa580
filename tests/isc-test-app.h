/* isc-test-app.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For the test programs that drive whole windows: one application for the
 * program, registered without a session bus, and the waits on its session
 * and on a window's view that they all need.
 */

#pragma once

#include "isc-application.h"
#include "isc-chart-view.h"
#include "isc-test-util.h"
#include "isc-window.h"

G_BEGIN_DECLS

/* The program's application, between test_app_start() and test_app_stop(). */
extern IscApplication *test_app;

/* Makes test_app, held so that it outlives the windows the tests open and
 * close, registered without a session bus and non-unique; sets
 * test_log_writer() as the program's log writer. */
void            test_app_start           (void);
void            test_app_stop            (void);
IscSession     *test_app_session         (void);
/* For test_wait_for(): the session is ready and its targets loaded. */
gboolean        test_session_is_ready    (gpointer   data);
/* For test_wait_for(): data is the IscSessionState, as GINT_TO_POINTER. */
gboolean        test_session_has_state   (gpointer   data);
/* For test_wait_for(): the window (data) shows metrics of its target and
 * mode. */
gboolean        test_view_is_ready       (gpointer   data);
/* The charts a window shows (mapped), in the page's order; with_model:
 * only those that have their model yet. */
GPtrArray      *test_window_chart_views  (IscWindow *window,
                                          gboolean   with_model);
/* Every event and idle waiting now, and nothing more. */
void            test_iterate             (void);
/* Runs the main loop until @widget is on screen, for at most 10 s. */
void            test_wait_until_mapped   (GtkWidget *widget);
/* test_app's windows, once what is pending has run. */
guint           test_app_count_windows   (void);
/* A new window of test_app, on screen. */
IscWindow      *test_app_open_window     (void);
/* Waits until the window shows metrics of its target and mode. */
void            test_wait_for_view       (IscWindow *window);

G_END_DECLS
