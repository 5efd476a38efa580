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

G_END_DECLS
