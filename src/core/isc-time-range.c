/* isc-time-range.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-time-range"

#include "config.h"

#include <string.h>

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
