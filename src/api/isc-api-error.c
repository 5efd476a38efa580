/* isc-api-error.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-api-error"

#include "config.h"

#include "isc-api-error.h"

G_DEFINE_QUARK (isc-api-error-quark, isc_api_error)
