/* isc-time-ticks.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Ticks for a time axis, aligned to boundaries of the given time zone (the
 * local one, or UTC): 1, 5, 15, 30 s; 1, 5, 15, 30 min; 1, 3, 6, 12 h; 1 day;
 * 1 week. A tick where the day changes (and the first one) carries the date.
 * Daylight-saving transitions give neither duplicate nor missing ticks.
 *
 * - The interval is the smallest one with at most target_count steps in
 *   [start_ms, end_ms] (target_count 0 means 6; at most 100); a window
 *   longer than target_count weeks steps by whole weeks. Every tick lies
 *   within [start_ms, end_ms] (start > end is swapped); ticks rise strictly.
 * - Under an hour, ticks sit on the zone's clock (a 15 min tick reads :00,
 *   :15 …) and are evenly spaced in real time, also across a transition:
 *   autumn's repeated hour shows its times twice, as the clock does.
 * - From an hour up, ticks sit on whole hours of the zone's clock (3 h:
 *   00:00, 03:00 …), midnights, and Mondays; an hour the clock skips has no
 *   tick, an hour it repeats has one, so no label repeats.
 * - Labels, all translatable g_date_time_format() strings: "14:30"
 *   ("14:30:05" under a minute); where the day changes and on the first
 *   tick "30 Nov 14:00", or "Mon 30 Nov" at midnight; day and week ticks
 *   always "Mon 30 Nov". shows_date is set on those that carry the date.
 * - tz NULL means UTC. Times outside years 1…9999 are clamped.
 */
typedef struct
{
  gint64     ms;          /* epoch milliseconds */
  char      *label;       /* "14:30", or "Mon 30 Nov" / "30 Nov 14:00" where the day changes */
  gboolean   shows_date;
} IscTimeTick;

typedef struct
{
  gint64        interval_ms;  /* nominal spacing: 1000 … 604800000 */
  guint         n_ticks;
  IscTimeTick  *ticks;
} IscTimeTicks;

IscTimeTicks *isc_time_ticks_new  (gint64        start_ms,
                                   gint64        end_ms,
                                   guint         target_count,
                                   GTimeZone    *tz);
void          isc_time_ticks_free (IscTimeTicks *ticks);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscTimeTicks, isc_time_ticks_free)

G_END_DECLS
