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
 *
 * Details a reader may rely on:
 * - time reads 2026-11-30T14:00:00Z; when some step starts off a whole
 *   second, every row carries milliseconds (…14:00:00.250Z).
 * - Numbers are in the C locale whatever the person's is, as the shortest
 *   text that reads back as the same double (0.1, not 0.10000000000000001).
 * - SUMMARY and CURRENT are one row. A CURRENT response is a snapshot "now"
 *   whose time the API sends as 0: that row leaves time and epoch_millis
 *   empty rather than claim 1970 or invent the moment of export.
 * - A response with no series is just the header line.
 */
void    isc_csv_append         (GString                  *out,
                                const IscMetricsResponse *response);
GBytes *isc_csv_from_response  (const IscMetricsResponse *response);

/* One text as a CSV cell (RFC 4180): quoted when it holds a comma, a
 * quote or a line break, with its quotes doubled; nothing for NULL. */
void    isc_csv_append_field   (GString                  *out,
                                const char               *field);

/* One value as a CSV cell: nothing for NaN (null), else the shortest
 * round-tripping C-locale text. */
void    isc_csv_append_number  (GString                  *out,
                                double                    value);

G_END_DECLS
