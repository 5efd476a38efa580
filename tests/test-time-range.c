/* test-time-range.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "isc-time-range.h"

#define SECOND_MS G_GINT64_CONSTANT (1000)
#define MINUTE_MS (60 * SECOND_MS)
#define HOUR_MS   (60 * MINUTE_MS)
#define DAY_MS    (24 * HOUR_MS)

/* Tuesday 1 December 2026, mid-morning in UTC. */
#define NOW "2026-12-01T10:50:00Z"

/* Parsing, resolving and comparing ranges (moved from test-query.c). */
#define RESOLVE_NOW_MS ((gint64) 1764547200000) /* 2025-12-01 00:00 UTC */

typedef struct
{
  const char *text;
  gint64      duration_ms;  /* 0: refused */
} ParseCase;

static const ParseCase parse_cases[] = {
  { "15m", 15 * 60 * 1000 },
  { "1h", HOUR_MS },
  { "6h", 6 * HOUR_MS },
  { "24h", DAY_MS },
  { "7d", 7 * DAY_MS },
  { "30s", 30 * 1000 },
  { "", 0 },
  { "h", 0 },
  { "0h", 0 },
  { "6 h", 0 },
  { "6H", 0 },
  { "-1h", 0 },
  { "1.5h", 0 },
  { "6hours", 0 },
  { "99999999999d", 0 },
};

static void
test_range_parse (gconstpointer data)
{
  const ParseCase *c = data;
  g_autoptr(IscTimeRange) range = isc_time_range_new_parse (c->text);

  if (c->duration_ms == 0)
    {
      g_assert_null (range);
      return;
    }

  g_assert_nonnull (range);
  g_assert_cmpint (range->kind, ==, ISC_TIME_RANGE_RELATIVE);
  g_assert_cmpint (isc_time_range_get_duration_ms (range), ==, c->duration_ms);
}

static void
test_range_resolve (void)
{
  g_autoptr(IscTimeRange) last = isc_time_range_new_relative (6 * HOUR_MS);
  g_autoptr(IscTimeRange) fixed = isc_time_range_new_absolute (1000, 5000);
  g_autofree char *key_before = isc_time_range_to_key (last);
  g_autofree char *key_after = NULL;
  gint64 start = 0, end = 0;

  /* "The last 6 hours" slides forward with now, and keeps its identity. */
  isc_time_range_resolve (last, RESOLVE_NOW_MS, &start, &end);
  g_assert_cmpint (end, ==, RESOLVE_NOW_MS);
  g_assert_cmpint (start, ==, RESOLVE_NOW_MS - 6 * HOUR_MS);
  isc_time_range_resolve (last, RESOLVE_NOW_MS + 60000, &start, &end);
  g_assert_cmpint (end, ==, RESOLVE_NOW_MS + 60000);
  g_assert_cmpint (end - start, ==, 6 * HOUR_MS);
  key_after = isc_time_range_to_key (last);
  g_assert_cmpstr (key_before, ==, key_after);

  /* A zoomed range stays where it was set. */
  isc_time_range_resolve (fixed, RESOLVE_NOW_MS, &start, &end);
  g_assert_cmpint (start, ==, 1000);
  g_assert_cmpint (end, ==, 5000);
}

static void
test_range_equal_copy (void)
{
  g_autoptr(IscTimeRange) a = isc_time_range_new_relative (HOUR_MS);
  g_autoptr(IscTimeRange) b = isc_time_range_copy (a);
  g_autoptr(IscTimeRange) c = isc_time_range_new_absolute (RESOLVE_NOW_MS - HOUR_MS, RESOLVE_NOW_MS);
  g_autoptr(IscTimeRange) d = isc_time_range_new_relative (2 * HOUR_MS);

  g_assert_true (isc_time_range_equal (a, b));
  g_assert_cmpuint (isc_time_range_hash (a), ==, isc_time_range_hash (b));
  /* The same hour, but one slides and one does not: not the same range. */
  g_assert_false (isc_time_range_equal (a, c));
  g_assert_false (isc_time_range_equal (a, d));
  g_assert_false (isc_time_range_equal (a, NULL));
}

static gint64
ms_from_iso (const char *iso)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_iso8601 (iso, NULL);

  g_assert_nonnull (dt);
  return g_date_time_to_unix (dt) * 1000 + g_date_time_get_microsecond (dt) / 1000;
}

/* What the button reads for a sliding window: the presets, and durations
 * no preset offers. */
typedef struct
{
  gint64      duration_ms;
  const char *expected;
} RelativeCase;

static const RelativeCase relative_cases[] = {
  { 15 * MINUTE_MS, "Last 15 minutes" },
  { HOUR_MS, "Last hour" },
  { 3 * HOUR_MS, "Last 3 hours" },
  { 6 * HOUR_MS, "Last 6 hours" },
  { 12 * HOUR_MS, "Last 12 hours" },
  { 24 * HOUR_MS, "Last 24 hours" },
  { 2 * DAY_MS, "Last 2 days" },
  { 7 * DAY_MS, "Last 7 days" },
  { 90 * MINUTE_MS, "Last 90 minutes" },
  { 5 * HOUR_MS, "Last 5 hours" },
  { 36 * HOUR_MS, "Last 36 hours" },
  { 3 * DAY_MS, "Last 3 days" },
  { MINUTE_MS, "Last minute" },
  { 2 * MINUTE_MS, "Last 2 minutes" },
  { 30 * SECOND_MS, "Last 30 seconds" },
  { SECOND_MS, "Last second" },
  { 90 * SECOND_MS, "Last 90 seconds" },
};

static void
test_relative (gconstpointer data)
{
  const RelativeCase *c = data;
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (c->duration_ms);
  g_autofree char *local = isc_time_range_describe (range, ms_from_iso (NOW), FALSE);
  g_autofree char *utc = isc_time_range_describe (range, ms_from_iso (NOW), TRUE);

  g_assert_cmpstr (local, ==, c->expected);
  /* "The last hour" is the same hour in every zone: no " UTC". */
  g_assert_cmpstr (utc, ==, c->expected);
}

/* What the button reads for a fixed window, told in a zone. */
typedef struct
{
  const char *name;
  const char *zone;      /* NULL: UTC */
  gboolean    say_utc;
  const char *now;
  const char *start;
  const char *end;
  const char *expected;
} AbsoluteCase;

static const AbsoluteCase absolute_cases[] = {
  { "today", NULL, FALSE, NOW, "2026-12-01T09:12:00Z", "2026-12-01T10:40:00Z",
    "Today 09:12–10:40" },
  { "today-utc", NULL, TRUE, NOW, "2026-12-01T09:12:00Z", "2026-12-01T10:40:00Z",
    "Today 09:12–10:40 UTC" },
  { "yesterday", NULL, FALSE, NOW, "2026-11-30T09:12:00Z", "2026-11-30T10:40:00Z",
    "Yesterday 09:12–10:40" },
  { "earlier-day", NULL, FALSE, NOW, "2026-11-27T09:12:00Z", "2026-11-27T10:40:00Z",
    "27 Nov 09:12–10:40" },
  { "across-midnight", NULL, FALSE, NOW, "2026-11-30T22:00:00Z", "2026-12-01T01:30:00Z",
    "30 Nov 22:00 – 1 Dec 01:30" },
  { "across-midnight-utc", NULL, TRUE, NOW, "2026-11-30T22:00:00Z", "2026-12-01T01:30:00Z",
    "30 Nov 22:00 – 1 Dec 01:30 UTC" },
  { "week", NULL, FALSE, NOW, "2026-11-24T10:00:00Z", "2026-12-01T10:00:00Z",
    "24 Nov 10:00 – 1 Dec 10:00" },
  { "other-year", NULL, FALSE, NOW, "2025-12-31T09:00:00Z", "2025-12-31T10:00:00Z",
    "31 Dec 2025 09:00–10:00" },
  { "new-year", NULL, FALSE, "2027-01-01T08:00:00Z", "2026-12-31T23:00:00Z",
    "2027-01-01T01:00:00Z", "31 Dec 2026 23:00 – 1 Jan 2027 01:00" },
  /* A short zoom off the minute shows seconds rather than "10:40–10:40". */
  { "short-zoom", NULL, FALSE, NOW, "2026-12-01T10:40:05Z", "2026-12-01T10:40:50Z",
    "Today 10:40:05–10:40:50" },
  /* Seconds are dropped, not rounded, on a longer span. */
  { "long-zoom", NULL, FALSE, NOW, "2026-12-01T09:12:59.900Z", "2026-12-01T10:40:31Z",
    "Today 09:12–10:40" },
  /* Berlin is an hour ahead in winter: 09:12 UTC is 10:12 there. */
  { "berlin", "Europe/Berlin", FALSE, NOW, "2026-12-01T09:12:00Z", "2026-12-01T10:40:00Z",
    "Today 10:12–11:40" },
  /* 23:30 UTC on 30 Nov is already 1 Dec in Berlin, as is now. */
  { "berlin-date", "Europe/Berlin", FALSE, NOW, "2026-11-30T23:30:00Z", "2026-12-01T00:30:00Z",
    "Today 00:30–01:30" },
  /* The same span read in UTC crosses midnight. */
  { "berlin-date-in-utc", NULL, TRUE, NOW, "2026-11-30T23:30:00Z", "2026-12-01T00:30:00Z",
    "30 Nov 23:30 – 1 Dec 00:30 UTC" },
  /* Late evening in Berlin: now is already tomorrow there for UTC's today. */
  { "berlin-yesterday", "Europe/Berlin", FALSE, "2026-12-01T23:30:00Z",
    "2026-12-01T09:00:00Z", "2026-12-01T10:00:00Z", "Yesterday 10:00–11:00" },
  /* Summer time: two hours ahead. */
  { "berlin-summer", "Europe/Berlin", FALSE, "2026-07-01T12:00:00Z",
    "2026-07-01T08:00:00Z", "2026-07-01T09:30:00Z", "Today 10:00–11:30" },
};

static GTimeZone *
zone_or_skip (const char *identifier)
{
  GTimeZone *tz;

  if (identifier == NULL)
    return g_time_zone_new_utc ();

  tz = g_time_zone_new_identifier (identifier);
  if (tz == NULL)
    g_test_skip_printf ("time zone %s is not installed", identifier);

  return tz;
}

static void
test_absolute (gconstpointer data)
{
  const AbsoluteCase *c = data;
  g_autoptr(GTimeZone) zone = zone_or_skip (c->zone);
  g_autoptr(IscTimeRange) range = NULL;
  g_autofree char *words = NULL;

  if (zone == NULL)
    return;

  range = isc_time_range_new_absolute (ms_from_iso (c->start), ms_from_iso (c->end));
  words = isc_time_range_describe_in_zone (range, ms_from_iso (c->now), zone, c->say_utc);
  g_assert_cmpstr (words, ==, c->expected);
}

/* The plain call reads the local zone (TZ=UTC under meson) or UTC, and
 * only the UTC form says so. */
static void
test_describe_local_and_utc (void)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (ms_from_iso ("2026-12-01T09:12:00Z"),
                                                               ms_from_iso ("2026-12-01T10:40:00Z"));
  g_autoptr(GTimeZone) local = g_time_zone_new_local ();
  g_autofree char *expected_local = isc_time_range_describe_in_zone (range, ms_from_iso (NOW), local, FALSE);
  g_autofree char *in_local = isc_time_range_describe (range, ms_from_iso (NOW), FALSE);
  g_autofree char *in_utc = isc_time_range_describe (range, ms_from_iso (NOW), TRUE);

  g_assert_cmpstr (in_local, ==, expected_local);
  g_assert_false (g_str_has_suffix (in_local, "UTC"));
  g_assert_cmpstr (in_utc, ==, "Today 09:12–10:40 UTC");
}

/* Describing leaves the range as it was, so the keys it makes stay put. */
static void
test_describe_keeps_range (void)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (6 * HOUR_MS);
  g_autoptr(IscTimeRange) copy = isc_time_range_copy (range);
  g_autofree char *words = isc_time_range_describe (range, ms_from_iso (NOW), TRUE);
  g_autofree char *key = isc_time_range_to_key (range);

  g_assert_cmpstr (words, ==, "Last 6 hours");
  g_assert_true (isc_time_range_equal (range, copy));
  g_assert_cmpstr (key, ==, "last:21600000");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (relative_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/time-range/describe/relative/%" G_GINT64_FORMAT,
                                               relative_cases[i].duration_ms);

      g_test_add_data_func (path, &relative_cases[i], test_relative);
    }

  for (gsize i = 0; i < G_N_ELEMENTS (absolute_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/time-range/describe/absolute/%s",
                                               absolute_cases[i].name);

      g_test_add_data_func (path, &absolute_cases[i], test_absolute);
    }

  g_test_add_func ("/isc/time-range/describe/local-and-utc", test_describe_local_and_utc);
  g_test_add_func ("/isc/time-range/describe/keeps-range", test_describe_keeps_range);

  for (guint i = 0; i < G_N_ELEMENTS (parse_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/time-range/parse/%s",
                                               parse_cases[i].text[0] ? parse_cases[i].text : "empty");
      g_test_add_data_func (path, &parse_cases[i], test_range_parse);
    }
  g_test_add_func ("/isc/time-range/resolve", test_range_resolve);
  g_test_add_func ("/isc/time-range/equal-copy", test_range_equal_copy);

  return g_test_run ();
}
