/* isc-metrics-response.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-metrics-response"

#include "config.h"

#include "isc-metrics-response.h"

/* Not written yet. */
