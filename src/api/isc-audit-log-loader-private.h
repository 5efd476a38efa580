/* isc-audit-log-loader-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-audit-log-loader.h"

G_BEGIN_DECLS

/* Entries asked a page from now on, 1-200 (0: ISC_AUDIT_LOG_PAGE_LIMIT
 * again), so that a test pages through the demo's short history. */
void _isc_audit_log_set_page_limit (guint limit);

G_END_DECLS
