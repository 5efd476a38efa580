/* isc-export.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* `inferscope export …`: argv[0] is "export". Returns the exit status:
 * 0 on success, 1 on an API, network or decoding failure, 2 on bad usage.
 * Never initialises GTK.
 */
int isc_export_main (int    argc,
                     char **argv);

G_END_DECLS
