/* test-time-ticks.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "isc-time-ticks.h"

#define HOUR_MS   G_GINT64_CONSTANT (3600000)
#define MINUTE_MS G_GINT64_CONSTANT (60000)
#define DAY_MS    (24 * HOUR_MS)
#define WEEK_MS   (7 * DAY_MS)

static gint64
ms_from_iso (const char *iso)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_iso8601 (iso, NULL);

  g_assert_nonnull (dt);
  return g_date_time_to_unix (dt) * 1000 + g_date_time_get_microsecond (dt) / 1000;
}

/* A named zone from tzdata; NULL (and the test skipped) without it, since
 * GLib would silently fall back to UTC and every DST assertion would lie.
 */
static GTimeZone *
zone_or_skip (const char *identifier)
{
  GTimeZone *tz = g_time_zone_new_identifier (identifier);

  if (tz == NULL)
    g_test_skip_printf ("time zone %s is not installed", identifier);

  return tz;
}

typedef struct
{
  const char  *name;
  const char  *zone;         /* NULL for UTC */
  const char  *start;
  const char  *end;
  guint        target_count;
  gint64       interval_ms;
  const char  *labels;       /* joined with " | " */
  const char  *first_tick;   /* ISO 8601 */
} TicksCase;

static const TicksCase ticks_cases[] = {
  { "seconds", NULL, "2026-11-30T14:00:00Z", "2026-11-30T14:00:30Z", 6, 5000,
    "30 Nov 14:00:00 | 14:00:05 | 14:00:10 | 14:00:15 | 14:00:20 | 14:00:25 | 14:00:30",
    "2026-11-30T14:00:00Z" },
  { "second", NULL, "2026-11-30T14:00:00.400Z", "2026-11-30T14:00:03.500Z", 6, 1000,
    "30 Nov 14:00:01 | 14:00:02 | 14:00:03", "2026-11-30T14:00:01Z" },
  { "quarter-hours", NULL, "2026-11-30T13:52:00Z", "2026-11-30T14:50:00Z", 6, 15 * MINUTE_MS,
    "30 Nov 14:00 | 14:15 | 14:30 | 14:45", "2026-11-30T14:00:00Z" },
  { "five-minutes", NULL, "2026-11-30T14:03:00Z", "2026-11-30T14:33:00Z", 6, 5 * MINUTE_MS,
    "30 Nov 14:05 | 14:10 | 14:15 | 14:20 | 14:25 | 14:30", "2026-11-30T14:05:00Z" },
  /* Midnight reads as the day alone; the first tick carries the date. */
  { "hours-over-midnight", NULL, "2026-11-29T20:30:00Z", "2026-11-30T03:00:00Z", 8, HOUR_MS,
    "29 Nov 21:00 | 22:00 | 23:00 | Mon 30 Nov | 01:00 | 02:00 | 03:00",
    "2026-11-29T21:00:00Z" },
  { "six-hours", NULL, "2026-11-29T01:00:00Z", "2026-11-30T13:00:00Z", 6, 6 * HOUR_MS,
    "29 Nov 06:00 | 12:00 | 18:00 | Mon 30 Nov | 06:00 | 12:00", "2026-11-29T06:00:00Z" },
  { "days", NULL, "2026-11-23T12:00:00Z", "2026-11-30T12:00:00Z", 7, DAY_MS,
    "Tue 24 Nov | Wed 25 Nov | Thu 26 Nov | Fri 27 Nov | Sat 28 Nov | Sun 29 Nov | Mon 30 Nov",
    "2026-11-24T00:00:00Z" },
  /* Weeks start on Monday. */
  { "weeks", NULL, "2026-11-01T00:00:00Z", "2026-12-20T00:00:00Z", 8, WEEK_MS,
    "Mon 2 Nov | Mon 9 Nov | Mon 16 Nov | Mon 23 Nov | Mon 30 Nov | Mon 7 Dec | Mon 14 Dec",
    "2026-11-02T00:00:00Z" },
  /* Local boundaries, not UTC ones: midnight in Berlin is 23:00 UTC. */
  { "berlin-days", "Europe/Berlin", "2026-11-28T12:00:00Z", "2026-11-30T12:00:00Z", 3, DAY_MS,
    "Sun 29 Nov | Mon 30 Nov", "2026-11-28T23:00:00Z" },
  /* India is 5:30 ahead: its hours are half past in UTC. */
  { "kolkata-hours", "Asia/Kolkata", "2026-11-30T08:00:00Z", "2026-11-30T11:00:00Z", 4, HOUR_MS,
    "30 Nov 14:00 | 15:00 | 16:00", "2026-11-30T08:30:00Z" },
  /* Nepal is 5:45 ahead: its half hours are a quarter past in UTC. */
  { "kathmandu-half-hours", "Asia/Kathmandu", "2026-11-30T08:00:00Z", "2026-11-30T10:00:00Z", 4, 30 * MINUTE_MS,
    "30 Nov 14:00 | 14:30 | 15:00 | 15:30", "2026-11-30T08:15:00Z" },

  /* Berlin springs forward on 29 March 2026 at 02:00 CET (01:00 UTC): hour
   * ticks skip 02:00 yet stay an hour apart in real time.
   */
  { "berlin-spring-hours", "Europe/Berlin", "2026-03-28T22:00:00Z", "2026-03-29T04:00:00Z", 6, HOUR_MS,
    "28 Mar 23:00 | Sun 29 Mar | 01:00 | 03:00 | 04:00 | 05:00 | 06:00", "2026-03-28T22:00:00Z" },
  /* Three-hour ticks stay on 00, 03, 06 … of the local clock. */
  { "berlin-spring-3h", "Europe/Berlin", "2026-03-28T20:00:00Z", "2026-03-29T14:00:00Z", 6, 3 * HOUR_MS,
    "28 Mar 21:00 | Sun 29 Mar | 03:00 | 06:00 | 09:00 | 12:00 | 15:00", "2026-03-28T20:00:00Z" },
  /* Berlin falls back on 25 October 2026 at 03:00 CEST (01:00 UTC): 02:00
   * comes twice and has one tick.
   */
  { "berlin-autumn-hours", "Europe/Berlin", "2026-10-24T22:00:00Z", "2026-10-25T04:00:00Z", 6, HOUR_MS,
    "Sun 25 Oct | 01:00 | 02:00 | 03:00 | 04:00 | 05:00", "2026-10-24T22:00:00Z" },
  { "berlin-autumn-3h", "Europe/Berlin", "2026-10-24T19:00:00Z", "2026-10-25T13:00:00Z", 6, 3 * HOUR_MS,
    "24 Oct 21:00 | Sun 25 Oct | 03:00 | 06:00 | 09:00 | 12:00", "2026-10-24T19:00:00Z" },
  /* New York falls back on 1 November 2026 at 02:00 EDT (06:00 UTC): a
   * quarter-hour axis keeps an even pace and shows 01:xx twice, as the
   * clock did.
   */
  { "new-york-autumn-quarters", "America/New_York", "2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z", 6, 15 * MINUTE_MS,
    "1 Nov 01:30 | 01:45 | 01:00 | 01:15 | 01:30", "2026-11-01T05:30:00Z" },
  /* New York springs forward on 8 March 2026 at 02:00 EST (07:00 UTC). */
  { "new-york-spring-hours", "America/New_York", "2026-03-08T04:00:00Z", "2026-03-08T09:00:00Z", 6, HOUR_MS,
    "7 Mar 23:00 | Sun 8 Mar | 01:00 | 03:00 | 04:00 | 05:00", "2026-03-08T04:00:00Z" },
  /* Days across a transition are midnights, 23 or 25 hours apart. */
  { "berlin-spring-days", "Europe/Berlin", "2026-03-27T12:00:00Z", "2026-03-31T12:00:00Z", 5, DAY_MS,
    "Sat 28 Mar | Sun 29 Mar | Mon 30 Mar | Tue 31 Mar", "2026-03-27T23:00:00Z" },
};

static void
test_ticks_table (gconstpointer data)
{
  const TicksCase *c = data;
  g_autoptr(GTimeZone) tz = NULL;
  g_autoptr(IscTimeTicks) ticks = NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autofree char *joined = NULL;

  if (c->zone != NULL)
    {
      tz = zone_or_skip (c->zone);
      if (tz == NULL)
        return;
    }
  else
    {
      tz = g_time_zone_new_utc ();
    }

  ticks = isc_time_ticks_new (ms_from_iso (c->start), ms_from_iso (c->end), c->target_count, tz);

  for (guint i = 0; i < ticks->n_ticks; i++)
    g_ptr_array_add (labels, ticks->ticks[i].label);
  g_ptr_array_add (labels, NULL);
  joined = g_strjoinv (" | ", (char **) labels->pdata);

  g_assert_cmpstr (joined, ==, c->labels);
  g_assert_cmpint (ticks->interval_ms, ==, c->interval_ms);
  g_assert_cmpuint (ticks->n_ticks, >, 0);
  g_assert_cmpint (ticks->ticks[0].ms, ==, ms_from_iso (c->first_tick));
  g_assert_true (ticks->ticks[0].shows_date);
}

/* Hour ticks across a whole year of Berlin, New York and Lord Howe (whose
 * clock moves by half an hour), in windows that slide over the
 * transitions: ticks rise, no two of one day read the same, each
 * sits on a whole local hour divisible by the interval, and consecutive
 * ticks are the interval apart, give or take the hour the clock moved.
 */
static void
test_dst_hours_sweep (void)
{
  static const char *zones[] = { "Europe/Berlin", "America/New_York", "Australia/Lord_Howe" };
  static const gint64 intervals[] = { HOUR_MS, 3 * HOUR_MS, 6 * HOUR_MS, 12 * HOUR_MS };

  for (guint z = 0; z < G_N_ELEMENTS (zones); z++)
    {
      g_autoptr(GTimeZone) tz = zone_or_skip (zones[z]);
      gint64 year_start = ms_from_iso ("2026-01-01T00:00:00Z");

      if (tz == NULL)
        return;

      for (guint k = 0; k < G_N_ELEMENTS (intervals); k++)
        {
          gint64 interval = intervals[k];

          for (gint64 start = year_start; start < year_start + 365 * DAY_MS; start += 7 * HOUR_MS + 13 * MINUTE_MS)
            {
              gint64 end = start + 6 * interval;
              g_autoptr(IscTimeTicks) ticks = isc_time_ticks_new (start, end, 6, tz);
              g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

              g_assert_cmpint (ticks->interval_ms, ==, interval);
              /* Seven boundaries, less one the clock skipped or plus one
               * from a shorter day.
               */
              g_assert_cmpuint (ticks->n_ticks, >=, 5);
              g_assert_cmpuint (ticks->n_ticks, <=, 8);

              for (guint i = 0; i < ticks->n_ticks; i++)
                {
                  const IscTimeTick *tick = &ticks->ticks[i];
                  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (tick->ms / 1000);
                  g_autoptr(GDateTime) local = g_date_time_to_timezone (utc, tz);

                  g_assert_cmpint (tick->ms, >=, start);
                  g_assert_cmpint (tick->ms, <=, end);
                  g_assert_cmpint (g_date_time_get_minute (local), ==, 0);
                  g_assert_cmpint (g_date_time_get_hour (local) % (interval / HOUR_MS), ==, 0);
                  g_autofree char *day = g_date_time_format (local, "%F");
                  char *key = g_strconcat (day, " ", tick->label, NULL);

                  /* 12:00 comes every day; twice in one day it would lie. */
                  g_assert_false (g_hash_table_contains (seen, key));
                  g_hash_table_add (seen, key);

                  if (i > 0)
                    {
                      gint64 gap = tick->ms - ticks->ticks[i - 1].ms;

                      g_assert_cmpint (gap, >, 0);
                      g_assert_cmpint (gap, >=, interval - HOUR_MS);
                      g_assert_cmpint (gap, <=, interval + HOUR_MS);
                    }
                }
            }
        }
    }
}

/* Under an hour the pace is even in real time, through the transitions. */
static void
test_dst_minutes_sweep (void)
{
  static const char *zones[] = { "Europe/Berlin", "America/New_York", "Asia/Kathmandu" };

  for (guint z = 0; z < G_N_ELEMENTS (zones); z++)
    {
      g_autoptr(GTimeZone) tz = zone_or_skip (zones[z]);
      gint64 year_start = ms_from_iso ("2026-01-01T00:00:00Z");

      if (tz == NULL)
        return;

      for (gint64 start = year_start; start < year_start + 365 * DAY_MS; start += 5 * HOUR_MS + 7 * MINUTE_MS)
        {
          gint64 end = start + 3 * HOUR_MS;
          g_autoptr(IscTimeTicks) ticks = isc_time_ticks_new (start, end, 6, tz);

          g_assert_cmpint (ticks->interval_ms, ==, 30 * MINUTE_MS);
          g_assert_cmpuint (ticks->n_ticks, >=, 6);
          g_assert_cmpuint (ticks->n_ticks, <=, 7);

          for (guint i = 0; i < ticks->n_ticks; i++)
            {
              g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (ticks->ticks[i].ms / 1000);
              g_autoptr(GDateTime) local = g_date_time_to_timezone (utc, tz);

              g_assert_cmpint (g_date_time_get_minute (local) % 30, ==, 0);
              if (i > 0)
                g_assert_cmpint (ticks->ticks[i].ms - ticks->ticks[i - 1].ms, ==, 30 * MINUTE_MS);
            }
        }
    }
}

static void
test_interval_choice (void)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  gint64 start = ms_from_iso ("2026-11-30T00:00:00Z");
  static const struct {
    gint64 span_ms;
    guint  target;
    gint64 interval_ms;
  } cases[] = {
    { 10 * 1000,       10, 1000 },
    { 60 * 1000,       6,  15 * 1000 },
    { HOUR_MS,         6,  15 * MINUTE_MS },
    { HOUR_MS,         12, 5 * MINUTE_MS },
    { HOUR_MS,         2,  30 * MINUTE_MS },
    { 6 * HOUR_MS,     6,  HOUR_MS },
    { 24 * HOUR_MS,    6,  6 * HOUR_MS },
    { 24 * HOUR_MS,    2,  12 * HOUR_MS },
    { 7 * DAY_MS,      7,  DAY_MS },
    { 7 * DAY_MS,      3,  WEEK_MS },
    { 30 * WEEK_MS,    6,  5 * WEEK_MS },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(IscTimeTicks) ticks = isc_time_ticks_new (start, start + cases[i].span_ms, cases[i].target, utc);

      g_assert_cmpint (ticks->interval_ms, ==, cases[i].interval_ms);
      /* About as many ticks as asked for, never many more. */
      g_assert_cmpuint (ticks->n_ticks, <=, cases[i].target + 2);
      g_assert_cmpuint (ticks->n_ticks, >=, 1);
    }
}

static void
test_extremes (void)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  gint64 now = ms_from_iso ("2026-11-30T14:00:00Z");
  g_autoptr(IscTimeTicks) reversed = isc_time_ticks_new (now + HOUR_MS, now, 6, utc);
  g_autoptr(IscTimeTicks) point = isc_time_ticks_new (now, now, 6, utc);
  g_autoptr(IscTimeTicks) off_point = isc_time_ticks_new (now + 400, now + 400, 6, utc);
  g_autoptr(IscTimeTicks) everything = isc_time_ticks_new (G_MININT64, G_MAXINT64, 6, utc);
  g_autoptr(IscTimeTicks) huge_target = isc_time_ticks_new (now, now + HOUR_MS, G_MAXUINT, utc);
  g_autoptr(IscTimeTicks) no_target = isc_time_ticks_new (now, now + HOUR_MS, 0, utc);
  g_autoptr(IscTimeTicks) no_zone = isc_time_ticks_new (now, now + HOUR_MS, 6, NULL);
  g_autoptr(IscTimeTicks) epoch = isc_time_ticks_new (-HOUR_MS, HOUR_MS, 4, utc);

  /* start > end is the same window. */
  g_assert_cmpuint (reversed->n_ticks, ==, 5);
  g_assert_cmpint (reversed->ticks[0].ms, ==, now);

  /* A zero-length window on a boundary has that one tick; off one, none. */
  g_assert_cmpuint (point->n_ticks, ==, 1);
  g_assert_cmpstr (point->ticks[0].label, ==, "30 Nov 14:00:00");
  g_assert_cmpuint (off_point->n_ticks, ==, 0);

  /* Ten thousand years of weeks: a handful of ticks, quickly. */
  g_assert_cmpuint (everything->n_ticks, >=, 1);
  g_assert_cmpuint (everything->n_ticks, <=, 8);
  for (guint i = 1; i < everything->n_ticks; i++)
    g_assert_cmpint (everything->ticks[i].ms, >, everything->ticks[i - 1].ms);

  /* A target past 100 counts as 100: minutes for an hour, not seconds. */
  g_assert_cmpint (huge_target->interval_ms, ==, MINUTE_MS);
  g_assert_cmpuint (huge_target->n_ticks, ==, 61);
  g_assert_cmpint (no_target->interval_ms, ==, 15 * MINUTE_MS);

  /* No zone reads as UTC. */
  g_assert_cmpstr (no_zone->ticks[0].label, ==, "30 Nov 14:00");

  /* Before 1970 works the same. */
  g_assert_cmpuint (epoch->n_ticks, ==, 5);
  g_assert_cmpstr (epoch->ticks[0].label, ==, "31 Dec 23:00");
  g_assert_cmpstr (epoch->ticks[1].label, ==, "23:30");
  g_assert_cmpstr (epoch->ticks[2].label, ==, "Thu 1 Jan");
  g_assert_true (epoch->ticks[2].shows_date);
  g_assert_cmpstr (epoch->ticks[3].label, ==, "00:30");
  g_assert_false (epoch->ticks[3].shows_date);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (ticks_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/time-ticks/table/%s", ticks_cases[i].name);
      g_test_add_data_func (path, &ticks_cases[i], test_ticks_table);
    }

  g_test_add_func ("/isc/time-ticks/dst-hours-sweep", test_dst_hours_sweep);
  g_test_add_func ("/isc/time-ticks/dst-minutes-sweep", test_dst_minutes_sweep);
  g_test_add_func ("/isc/time-ticks/interval-choice", test_interval_choice);
  g_test_add_func ("/isc/time-ticks/extremes", test_extremes);

  return g_test_run ();
}
