/* isc-csv.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-metrics-response.h"

G_BEGIN_DECLS

/* A response as CSV (RFC 4180: CRLF line ends, fields quoted when they hold
 * a comma, a quote or a line break). Columns: "time" (ISO 8601 UTC),
 * "epoch_millis", then one per series named metric{key=value,…} (the plain
 * name for a plain metric). One row per value set; an empty cell is null.
 */
void    isc_csv_append         (GString                  *out,
                                const IscMetricsResponse *response);
GBytes *isc_csv_from_response  (const IscMetricsResponse *response);

G_END_DECLS
