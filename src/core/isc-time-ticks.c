/* isc-time-ticks.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-time-ticks"

#include "config.h"

#include "isc-time-ticks.h"

/* Not written yet. */
