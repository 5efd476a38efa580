/* isc-time-ticks.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-time-ticks"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-math.h"
#include "isc-time-ticks.h"

#define SECOND_MS G_GINT64_CONSTANT (1000)
#define HOUR_S    3600
#define DAY_S     86400
#define WEEK_S    604800

/* GDateTime covers years 1 to 9999; a week inside either end leaves room
 * to align to the Monday before the first tick.
 */
#define MIN_MS (G_GINT64_CONSTANT (-62135596800000) + 8 * DAY_S * SECOND_MS)
#define MAX_MS (G_GINT64_CONSTANT (253402300799000) - 8 * DAY_S * SECOND_MS)

#define DEFAULT_TARGET 6
#define MAX_TARGET     100

static const gint64 intervals_s[] = {
  1, 5, 15, 30,
  60, 5 * 60, 15 * 60, 30 * 60,
  HOUR_S, 3 * HOUR_S, 6 * HOUR_S, 12 * HOUR_S,
  DAY_S,
  WEEK_S,
};

typedef struct
{
  GTimeZone *tz;
  gint64     start_ms;
  gint64     end_ms;
  GArray    *ticks;
  gint64     last_ms;
} TickBuilder;

/* Keeps a tick inside [start, end] that is later than the last one: the
 * ticks rise strictly whatever a time zone's rules do.
 */
static void
builder_add (TickBuilder *builder,
             gint64       ms)
{
  IscTimeTick tick = { 0 };

  if (ms < builder->start_ms || ms > builder->end_ms)
    return;
  if (builder->ticks->len > 0 && ms <= builder->last_ms)
    return;

  tick.ms = ms;
  g_array_append_val (builder->ticks, tick);
  builder->last_ms = ms;
}

static GDateTime *
date_time_from_ms (GTimeZone *tz,
                   gint64     ms)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (isc_floor_div (ms, SECOND_MS));

  if (utc == NULL)
    return NULL;

  return g_date_time_to_timezone (utc, tz);
}

/* Under an hour: whole multiples of the interval on the zone's clock, then
 * even steps of real time. Offsets change by whole half hours, which every
 * interval here divides, so the ticks stay on the clock's boundaries across
 * a transition, and the repeated hour of autumn keeps its ticks (they read
 * the same times twice, as the clock did).
 */
static void
add_sub_hour_ticks (TickBuilder *builder,
                    gint64       interval_s)
{
  gint64 start_s = isc_floor_div (builder->start_ms, SECOND_MS);
  gint interval = g_time_zone_find_interval (builder->tz, G_TIME_TYPE_UNIVERSAL, start_s);
  gint64 offset = interval >= 0 ? g_time_zone_get_offset (builder->tz, interval) : 0;
  gint64 tick_s = isc_floor_div (start_s + offset, interval_s) * interval_s - offset;

  for (; tick_s * SECOND_MS <= builder->end_ms; tick_s += interval_s)
    builder_add (builder, tick_s * SECOND_MS);
}

/* An hour or more: boundaries of the zone's clock and calendar, found day
 * by day, so a tick falls at 03:00 or at midnight whatever the offset is.
 * An hour that the clock skips in spring has no tick; one it repeats in
 * autumn has one (GLib picks its later occurrence).
 */
static void
add_calendar_ticks (TickBuilder *builder,
                    gint64       interval_s,
                    guint        n_weeks)
{
  g_autoptr(GDateTime) first = date_time_from_ms (builder->tz, builder->start_ms);
  gint64 days_per_step = interval_s >= WEEK_S ? 7 * (gint64) n_weeks : 1;
  /* Enough steps to cross the window, with room for the alignment. */
  gint64 max_steps = (builder->end_ms - builder->start_ms) / (days_per_step * DAY_S * SECOND_MS) + 3;
  GDate date;

  if (first == NULL)
    return;

  g_date_clear (&date, 1);
  g_date_set_dmy (&date,
                  (GDateDay) g_date_time_get_day_of_month (first),
                  (GDateMonth) g_date_time_get_month (first),
                  (GDateYear) g_date_time_get_year (first));

  if (interval_s >= WEEK_S)
    {
      /* Back to the Monday of that week; with several weeks a step, to one
       * whose week number from year 1 divides by them, so ticks do not
       * shift as the window slides.
       */
      guint32 julian;

      g_date_subtract_days (&date, g_date_get_weekday (&date) - G_DATE_MONDAY);
      julian = g_date_get_julian (&date);
      g_date_subtract_days (&date, ((julian - 1) / 7 % n_weeks) * 7);
    }

  for (gint64 step = 0; step < max_steps; step++)
    {
      GDateYear year = g_date_get_year (&date);
      GDateMonth month = g_date_get_month (&date);
      GDateDay day = g_date_get_day (&date);
      gint64 day_ms = 0;

      if (interval_s >= DAY_S)
        {
          /* A midnight that does not exist (some zones spring forward at
           * 00:00) is moved on by GLib: the day still gets its tick.
           */
          g_autoptr(GDateTime) dt = g_date_time_new (builder->tz, year, month, day, 0, 0, 0);

          if (dt == NULL)
            break;
          day_ms = g_date_time_to_unix (dt) * SECOND_MS;
          builder_add (builder, day_ms);
        }
      else
        {
          for (gint hour = 0; hour < 24; hour += (gint) (interval_s / HOUR_S))
            {
              g_autoptr(GDateTime) dt = g_date_time_new (builder->tz, year, month, day, hour, 0, 0);

              if (dt == NULL)
                break;
              day_ms = g_date_time_to_unix (dt) * SECOND_MS;

              /* A time the clock skips reads as another hour: no tick. */
              if (g_date_time_get_hour (dt) != hour || g_date_time_get_minute (dt) != 0)
                continue;

              builder_add (builder, day_ms);
            }
        }

      if (day_ms > builder->end_ms)
        break;

      g_date_add_days (&date, (guint) days_per_step);
      if (g_date_get_year (&date) > 9999)
        break;
    }
}

static gboolean
same_day (GDateTime *a,
          GDateTime *b)
{
  return g_date_time_get_year (a) == g_date_time_get_year (b) &&
         g_date_time_get_day_of_year (a) == g_date_time_get_day_of_year (b);
}

static void
label_ticks (IscTimeTicks *ticks,
             GTimeZone    *tz,
             gint64        interval_s)
{
  /* Translators: a time-axis label for ticks seconds apart; see
   * g_date_time_format() for the codes. */
  const char *time_seconds_format = _("%H:%M:%S");
  /* Translators: a time-axis label, hour and minute; see
   * g_date_time_format() for the codes. */
  const char *time_format = _("%H:%M");
  /* Translators: a time-axis label for a day, e.g. "Mon 30 Nov"; see
   * g_date_time_format() for the codes. */
  const char *date_format = _("%a %-d %b");
  /* Translators: a time-axis label where the day changes, e.g.
   * "30 Nov 14:00"; see g_date_time_format() for the codes. */
  const char *date_time_format = _("%-d %b %H:%M");
  /* Translators: a time-axis label where the day changes, for ticks
   * seconds apart, e.g. "30 Nov 14:00:05"; see g_date_time_format(). */
  const char *date_time_seconds_format = _("%-d %b %H:%M:%S");
  g_autoptr(GDateTime) previous = NULL;
  gboolean seconds = interval_s < 60;

  for (guint i = 0; i < ticks->n_ticks; i++)
    {
      IscTimeTick *tick = &ticks->ticks[i];
      g_autoptr(GDateTime) dt = date_time_from_ms (tz, tick->ms);
      const char *format;

      if (dt == NULL)
        {
          tick->label = g_strdup ("");
          continue;
        }

      if (interval_s >= DAY_S)
        {
          format = date_format;
          tick->shows_date = TRUE;
        }
      else if (previous == NULL || !same_day (previous, dt))
        {
          gboolean midnight = g_date_time_get_hour (dt) == 0 &&
                              g_date_time_get_minute (dt) == 0 &&
                              g_date_time_get_second (dt) == 0;

          if (midnight)
            format = date_format;
          else
            format = seconds ? date_time_seconds_format : date_time_format;
          tick->shows_date = TRUE;
        }
      else
        {
          format = seconds ? time_seconds_format : time_format;
        }

      tick->label = g_date_time_format (dt, format);
      if (tick->label == NULL)
        tick->label = g_strdup ("");

      g_clear_pointer (&previous, g_date_time_unref);
      previous = g_steal_pointer (&dt);
    }
}

IscTimeTicks *
isc_time_ticks_new (gint64     start_ms,
                    gint64     end_ms,
                    guint      target_count,
                    GTimeZone *tz)
{
  g_autoptr(GTimeZone) utc = NULL;
  IscTimeTicks *ticks;
  TickBuilder builder = { 0 };
  gint64 interval_s = WEEK_S;
  gint64 span_s;
  guint n_weeks = 1;

  if (tz == NULL)
    tz = utc = g_time_zone_new_utc ();

  if (target_count == 0)
    target_count = DEFAULT_TARGET;
  target_count = MIN (target_count, MAX_TARGET);

  if (start_ms > end_ms)
    {
      gint64 tmp = start_ms;
      start_ms = end_ms;
      end_ms = tmp;
    }
  start_ms = CLAMP (start_ms, MIN_MS, MAX_MS);
  end_ms = CLAMP (end_ms, MIN_MS, MAX_MS);

  /* The smallest interval that gives at most target_count steps; past a
   * week, whole weeks.
   */
  span_s = (end_ms - start_ms) / SECOND_MS;
  for (guint i = 0; i < G_N_ELEMENTS (intervals_s); i++)
    {
      if (span_s <= intervals_s[i] * (gint64) target_count)
        {
          interval_s = intervals_s[i];
          break;
        }
    }
  if (span_s > WEEK_S * (gint64) target_count)
    n_weeks = (guint) ((span_s + WEEK_S * (gint64) target_count - 1) / (WEEK_S * (gint64) target_count));

  builder.tz = tz;
  builder.start_ms = start_ms;
  builder.end_ms = end_ms;
  builder.ticks = g_array_new (FALSE, TRUE, sizeof (IscTimeTick));

  if (interval_s < HOUR_S)
    add_sub_hour_ticks (&builder, interval_s);
  else
    add_calendar_ticks (&builder, interval_s, n_weeks);

  ticks = g_new0 (IscTimeTicks, 1);
  ticks->interval_ms = interval_s * n_weeks * SECOND_MS;
  ticks->n_ticks = builder.ticks->len;
  ticks->ticks = (IscTimeTick *) (void *) g_array_free (builder.ticks, FALSE);

  label_ticks (ticks, tz, interval_s);

  return ticks;
}

void
isc_time_ticks_free (IscTimeTicks *ticks)
{
  if (ticks == NULL)
    return;

  for (guint i = 0; i < ticks->n_ticks; i++)
    g_free (ticks->ticks[i].label);
  g_free (ticks->ticks);
  g_free (ticks);
}
