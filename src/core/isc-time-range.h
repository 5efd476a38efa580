/* isc-time-range.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The window a query asks for: either relative ("the last 6 hours", which
 * slides forward each time it is resolved against "now") or absolute (set by
 * zooming or by dates). A plain value: copy, compare and free it; a zoom
 * history is a stack of these.
 */

#define ISC_TIME_RANGE_MAX_MS ((gint64) 7 * 24 * 60 * 60 * 1000)

typedef enum
{
  ISC_TIME_RANGE_RELATIVE,
  ISC_TIME_RANGE_ABSOLUTE,
} IscTimeRangeKind;

typedef struct
{
  IscTimeRangeKind kind;
  gint64           duration_ms;  /* RELATIVE: how far back from now */
  gint64           start_ms;     /* ABSOLUTE: epoch milliseconds */
  gint64           end_ms;
} IscTimeRange;

#define ISC_TYPE_TIME_RANGE (isc_time_range_get_type ())

GType         isc_time_range_get_type        (void) G_GNUC_CONST;
IscTimeRange *isc_time_range_new_relative    (gint64               duration_ms);
IscTimeRange *isc_time_range_new_absolute    (gint64               start_ms,
                                              gint64               end_ms);
/* "15m", "1h", "6h", "24h", "7d" and the like (s, m, h, d units); NULL and
 * FALSE for anything else. */
IscTimeRange *isc_time_range_new_parse       (const char          *text);
IscTimeRange *isc_time_range_copy            (const IscTimeRange  *range);
void          isc_time_range_free            (IscTimeRange        *range);
gboolean      isc_time_range_equal           (const IscTimeRange  *a,
                                              const IscTimeRange  *b);
guint         isc_time_range_hash            (const IscTimeRange  *range);

/* The window in epoch milliseconds: a relative range ends at now_ms. */
void          isc_time_range_resolve         (const IscTimeRange  *range,
                                              gint64               now_ms,
                                              gint64              *start_ms,
                                              gint64              *end_ms);
gint64        isc_time_range_get_duration_ms (const IscTimeRange  *range);
/* A stable text that names the range, for cache keys and saved state:
 * "last:21600000" or "abs:1700000000000-1700003600000". Never resolved, so
 * "the last 6 hours" keeps one key as it slides. */
char         *isc_time_range_to_key          (const IscTimeRange  *range);

/* The range in words, as the header's range button shows it: "Last hour",
 * "Last 7 days", "Today 09:12–10:40", "30 Nov 22:00 – 1 Dec 01:30".
 * Absolute ranges are told in the local time zone, or in UTC with " UTC"
 * at the end; "Today" and "Yesterday" are relative to now_ms. */
char         *isc_time_range_describe        (const IscTimeRange  *range,
                                              gint64               now_ms,
                                              gboolean             utc);
/* The same in @zone; @say_utc adds " UTC" to absolute ranges. */
char         *isc_time_range_describe_in_zone (const IscTimeRange *range,
                                               gint64              now_ms,
                                               GTimeZone          *zone,
                                               gboolean            say_utc);
/* The instant @ms (epoch milliseconds) in @zone, floored to the second so
 * that 09:59:59.500 is not told as 10:00; NULL outside GDateTime's years.
 * How the range's words, and the range button's fields, tell an instant. */
GDateTime    *isc_time_range_date_time_in_zone (GTimeZone *zone,
                                                gint64     ms);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscTimeRange, isc_time_range_free)

G_END_DECLS
