/* isc-logs.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* `inferscope logs …`: argv[0] is "logs". Writes a deployment's or an
 * environment's log lines to standard output, oldest first, and with
 * --follow the new ones as they come. Returns the exit status, as
 * `inferscope export`: 0 on success (also when the reader of standard
 * output goes away), 1 on an API, network or decoding failure, 2 on bad
 * usage, 128 + the signal's number on SIGINT or SIGTERM. Never initialises
 * GTK.
 */
int isc_logs_main (int    argc,
                   char **argv);

G_END_DECLS
