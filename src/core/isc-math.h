/* isc-math.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Integer division and remainder rounded toward minus infinity, for
 * aligning times before the epoch (or before an offset) to a grid: C's
 * `/` and `%` round toward zero instead. @b must not be 0.
 */
static inline gint64
isc_floor_div (gint64 a,
               gint64 b)
{
  gint64 q = a / b;

  if ((a % b != 0) && ((a < 0) != (b < 0)))
    q--;

  return q;
}

/* In [0, @b) for @b > 0. */
static inline gint64
isc_floor_mod (gint64 a,
               gint64 b)
{
  return a - isc_floor_div (a, b) * b;
}

/* @value truncated toward zero, when that lies within [@min, @max];
 * @fallback otherwise, and for NaN. Numbers from outside (a server, a
 * file) pass here before they become integers: casting a double outside
 * gint64's range (1e300, 9.9e18) is undefined behaviour, not a big number.
 */
static inline gint64
isc_double_to_int64_bounded (double value,
                             gint64 min,
                             gint64 max,
                             gint64 fallback)
{
  gint64 truncated;

  /* -2^63 is a double exactly, and so is 2^63, the first value past
   * G_MAXINT64; the comparisons are false for NaN. */
  if (!(value >= -9223372036854775808.0 && value < 9223372036854775808.0))
    return fallback;

  truncated = (gint64) value;
  return truncated >= min && truncated <= max ? truncated : fallback;
}

/* @value when it lies within [@min, @max], else @fallback. */
static inline gint64
isc_int64_bounded (gint64 value,
                   gint64 min,
                   gint64 max,
                   gint64 fallback)
{
  return value >= min && value <= max ? value : fallback;
}

G_END_DECLS
