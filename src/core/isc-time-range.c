/* isc-time-range.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-time-range"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "isc-time-range.h"

G_DEFINE_BOXED_TYPE (IscTimeRange, isc_time_range, isc_time_range_copy, isc_time_range_free)

IscTimeRange *
isc_time_range_new_relative (gint64 duration_ms)
{
  IscTimeRange *range = g_new0 (IscTimeRange, 1);

  range->kind = ISC_TIME_RANGE_RELATIVE;
  range->duration_ms = duration_ms;

  return range;
}

IscTimeRange *
isc_time_range_new_absolute (gint64 start_ms,
                             gint64 end_ms)
{
  IscTimeRange *range = g_new0 (IscTimeRange, 1);

  range->kind = ISC_TIME_RANGE_ABSOLUTE;
  range->start_ms = start_ms;
  range->end_ms = end_ms;

  return range;
}

IscTimeRange *
isc_time_range_new_parse (const char *text)
{
  const char *p;
  char *end = NULL;
  guint64 amount;
  gint64 unit_ms;

  if (text == NULL || !g_ascii_isdigit (text[0]))
    return NULL;

  for (p = text; g_ascii_isdigit (*p); p++)
    ;

  if (p - text > 9)
    return NULL;

  amount = g_ascii_strtoull (text, &end, 10);
  if (end != p || amount == 0)
    return NULL;

  if (strcmp (p, "s") == 0)
    unit_ms = 1000;
  else if (strcmp (p, "m") == 0)
    unit_ms = 60 * 1000;
  else if (strcmp (p, "h") == 0)
    unit_ms = 60 * 60 * 1000;
  else if (strcmp (p, "d") == 0)
    unit_ms = 24 * 60 * 60 * 1000;
  else
    return NULL;

  return isc_time_range_new_relative ((gint64) amount * unit_ms);
}

IscTimeRange *
isc_time_range_copy (const IscTimeRange *range)
{
  g_return_val_if_fail (range != NULL, NULL);

  return g_memdup2 (range, sizeof *range);
}

void
isc_time_range_free (IscTimeRange *range)
{
  g_free (range);
}

gboolean
isc_time_range_equal (const IscTimeRange *a,
                      const IscTimeRange *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL || a->kind != b->kind)
    return FALSE;

  if (a->kind == ISC_TIME_RANGE_RELATIVE)
    return a->duration_ms == b->duration_ms;

  return a->start_ms == b->start_ms && a->end_ms == b->end_ms;
}

guint
isc_time_range_hash (const IscTimeRange *range)
{
  gint64 v;

  if (range == NULL)
    return 0;

  if (range->kind == ISC_TIME_RANGE_RELATIVE)
    return g_int64_hash (&range->duration_ms);

  v = range->start_ms * 31 + range->end_ms;
  return g_int64_hash (&v) ^ 0x5bd1e995;
}

void
isc_time_range_resolve (const IscTimeRange *range,
                        gint64              now_ms,
                        gint64             *start_ms,
                        gint64             *end_ms)
{
  gint64 start = 0;
  gint64 end = 0;

  g_return_if_fail (range != NULL);

  if (range->kind == ISC_TIME_RANGE_RELATIVE)
    {
      end = now_ms;
      start = now_ms - range->duration_ms;
    }
  else
    {
      start = range->start_ms;
      end = range->end_ms;
    }

  if (start_ms != NULL)
    *start_ms = start;
  if (end_ms != NULL)
    *end_ms = end;
}

gint64
isc_time_range_get_duration_ms (const IscTimeRange *range)
{
  g_return_val_if_fail (range != NULL, 0);

  if (range->kind == ISC_TIME_RANGE_RELATIVE)
    return range->duration_ms;

  return range->end_ms - range->start_ms;
}

char *
isc_time_range_to_key (const IscTimeRange *range)
{
  g_return_val_if_fail (range != NULL, NULL);

  if (range->kind == ISC_TIME_RANGE_RELATIVE)
    return g_strdup_printf ("last:%" G_GINT64_FORMAT, range->duration_ms);

  return g_strdup_printf ("abs:%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT,
                          range->start_ms, range->end_ms);
}

#define MINUTE_MS ((gint64) 60 * 1000)
#define HOUR_MS   (60 * MINUTE_MS)
#define DAY_MS    (24 * HOUR_MS)

static char *
describe_relative (gint64 duration_ms)
{
  gint64 n;

  /* Whole days from two on; one day reads better as 24 hours, the preset
   * beside 12 hours. */
  if (duration_ms >= 2 * DAY_MS && duration_ms % DAY_MS == 0)
    {
      n = duration_ms / DAY_MS;
      /* Translators: the time range button for a sliding window that
       * ends now, e.g. "Last 7 days". */
      return g_strdup_printf (ngettext ("Last %d day", "Last %d days", (gulong) n), (int) n);
    }

  if (duration_ms == HOUR_MS)
    /* Translators: the time range button for the sliding last hour. */
    return g_strdup (_("Last hour"));

  if (duration_ms > 0 && duration_ms % HOUR_MS == 0)
    {
      n = duration_ms / HOUR_MS;
      /* Translators: the time range button for a sliding window that
       * ends now, e.g. "Last 6 hours". */
      return g_strdup_printf (ngettext ("Last %d hour", "Last %d hours", (gulong) n), (int) n);
    }

  if (duration_ms == MINUTE_MS)
    /* Translators: the time range button for the sliding last minute. */
    return g_strdup (_("Last minute"));

  if (duration_ms > 0 && duration_ms % MINUTE_MS == 0)
    {
      n = duration_ms / MINUTE_MS;
      /* Translators: the time range button for a sliding window that
       * ends now, e.g. "Last 15 minutes" or "Last 90 minutes". */
      return g_strdup_printf (ngettext ("Last %d minute", "Last %d minutes", (gulong) n), (int) n);
    }

  n = (MAX (duration_ms, 0) + 500) / 1000;
  if (n == 1)
    /* Translators: the time range button for the sliding last second. */
    return g_strdup (_("Last second"));

  /* Translators: the time range button for a sliding window that ends
   * now, e.g. "Last 30 seconds". */
  return g_strdup_printf (ngettext ("Last %d second", "Last %d seconds", (gulong) n), (int) n);
}

GDateTime *
isc_time_range_date_time_in_zone (GTimeZone *zone,
                                  gint64     ms)
{
  /* Floor to the second, so 09:59:59.500 is not told as 10:00. */
  gint64 s = ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
  g_autoptr(GDateTime) utc = NULL;

  g_return_val_if_fail (zone != NULL, NULL);

  utc = g_date_time_new_from_unix_utc (s);
  if (utc == NULL)
    return NULL;

  return g_date_time_to_timezone (utc, zone);
}

static gboolean
same_date (GDateTime *a,
           GDateTime *b)
{
  return g_date_time_get_year (a) == g_date_time_get_year (b) &&
         g_date_time_get_day_of_year (a) == g_date_time_get_day_of_year (b);
}

/* "Today", "Yesterday", "1 Dec" or "1 Dec 2025" */
static char *
describe_day (GDateTime *dt,
              GDateTime *now,
              gboolean   allow_words,
              gboolean   with_year)
{
  g_autoptr(GDateTime) yesterday = g_date_time_add_days (now, -1);

  if (allow_words && same_date (dt, now))
    /* Translators: the day of a time range that lies within today, as in
     * "Today 09:12–10:40". */
    return g_strdup (_("Today"));

  if (allow_words && yesterday != NULL && same_date (dt, yesterday))
    /* Translators: the day of a time range that lies within yesterday, as
     * in "Yesterday 09:12–10:40". */
    return g_strdup (_("Yesterday"));

  if (with_year)
    /* Translators: the day of a time range in another year, e.g.
     * "30 Dec 2025"; see g_date_time_format() for the codes. */
    return g_date_time_format (dt, _("%-d %b %Y"));

  /* Translators: the day of a time range, e.g. "1 Dec"; see
   * g_date_time_format() for the codes. */
  return g_date_time_format (dt, _("%-d %b"));
}

static char *
describe_time (GDateTime *dt,
               gboolean   seconds)
{
  if (seconds)
    /* Translators: a time of day in a time range, with seconds, e.g.
     * "09:12:30"; see g_date_time_format() for the codes. */
    return g_date_time_format (dt, _("%H:%M:%S"));

  /* Translators: a time of day in a time range, e.g. "09:12"; see
   * g_date_time_format() for the codes. */
  return g_date_time_format (dt, _("%H:%M"));
}

static char *
describe_absolute (gint64     start_ms,
                   gint64     end_ms,
                   gint64     now_ms,
                   GTimeZone *zone)
{
  g_autoptr(GDateTime) start = isc_time_range_date_time_in_zone (zone, start_ms);
  g_autoptr(GDateTime) end = isc_time_range_date_time_in_zone (zone, end_ms);
  g_autoptr(GDateTime) now = isc_time_range_date_time_in_zone (zone, now_ms);
  g_autofree char *start_time = NULL;
  g_autofree char *end_time = NULL;
  gboolean seconds;
  gboolean with_year;

  if (start == NULL || end == NULL || now == NULL)
    /* Translators: the time range button when the range's dates are out
     * of reach of the calendar. */
    return g_strdup (_("Custom range"));

  /* A short zoom off the minute would read "10:40–10:40": show seconds. */
  seconds = end_ms - start_ms < 10 * MINUTE_MS &&
            (g_date_time_get_second (start) != 0 || g_date_time_get_second (end) != 0);
  with_year = g_date_time_get_year (start) != g_date_time_get_year (now) ||
              g_date_time_get_year (end) != g_date_time_get_year (now);

  start_time = describe_time (start, seconds);
  end_time = describe_time (end, seconds);

  if (same_date (start, end))
    {
      g_autofree char *day = describe_day (start, now, TRUE, with_year);

      /* Translators: a time range within one day: the day ("Today",
       * "Yesterday" or a date such as "1 Dec"), the start time and the
       * end time, e.g. "Today 09:12–10:40". */
      return g_strdup_printf (_("%s %s–%s"), day, start_time, end_time);
    }
  else
    {
      /* Across midnight every end says its date: "Yesterday 22:00 – Today
       * 01:30" would mix two kinds of words in one label. */
      g_autofree char *start_day = describe_day (start, now, FALSE, with_year);
      g_autofree char *end_day = describe_day (end, now, FALSE, with_year);

      /* Translators: a time range across days: the start date, start
       * time, end date and end time, e.g. "30 Nov 22:00 – 1 Dec 01:30". */
      return g_strdup_printf (_("%s %s – %s %s"), start_day, start_time, end_day, end_time);
    }
}

char *
isc_time_range_describe_in_zone (const IscTimeRange *range,
                                 gint64              now_ms,
                                 GTimeZone          *zone,
                                 gboolean            say_utc)
{
  g_autofree char *words = NULL;

  g_return_val_if_fail (range != NULL, NULL);
  g_return_val_if_fail (zone != NULL, NULL);

  if (range->kind == ISC_TIME_RANGE_RELATIVE)
    return describe_relative (range->duration_ms);

  words = describe_absolute (range->start_ms, range->end_ms, now_ms, zone);
  if (!say_utc)
    return g_steal_pointer (&words);

  /* Translators: a time range told in UTC, e.g. "Today 09:12–10:40 UTC". */
  return g_strdup_printf (_("%s UTC"), words);
}

char *
isc_time_range_describe (const IscTimeRange *range,
                         gint64              now_ms,
                         gboolean            utc)
{
  g_autoptr(GTimeZone) zone = utc ? g_time_zone_new_utc () : g_time_zone_new_local ();

  g_return_val_if_fail (range != NULL, NULL);

  return isc_time_range_describe_in_zone (range, now_ms, zone, utc);
}
