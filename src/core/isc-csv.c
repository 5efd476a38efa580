/* isc-csv.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-csv"

#include "config.h"

#include "isc-csv.h"

/* Not written yet. */
