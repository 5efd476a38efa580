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
