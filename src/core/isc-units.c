/* isc-units.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-units"

#include "config.h"

#include "isc-units.h"

/* Not written yet. */
