/* isc-units.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-types.h"

G_BEGIN_DECLS

/* How one set of values reads: chosen once for an axis or a legend column
 * from its range, then applied to every value so they all share one unit
 * and one number of decimals. Plain value, copy freely.
 *
 * A displayed number is (value * multiplier / divisor) followed by suffix.
 * multiplier is 100 for RATIO read as percent, 1 / 1 048 576 is never used:
 * MEBIBYTES is converted to bytes first (multiplier 1048576).
 */
typedef struct
{
  IscUnitHint  unit_hint;
  double       multiplier;   /* raw value to base unit: 1, 100 (percent), 1048576 (MiB) */
  double       divisor;      /* base unit to displayed unit: 1024^k, 1e-3 (ms), 60 (min), 1000^k */
  const char  *suffix;       /* "MiB", "ms", "k/s", "%", "": static, untranslated symbols */
  guint        decimals;     /* digits after the decimal separator */
  gboolean     percent;      /* RATIO shown as percent */
} IscValueFormat;

/* One value on its own: the unit is chosen for this value, after rounding
 * to significant_digits (so 999.96 ms reads "1 s" and 1023.9 B "1 KiB").
 * Handles 0, negatives, NaN ("—") and infinities ("∞", "−∞").
 */
char     *isc_format_value                 (double                value,
                                            IscUnitHint           unit_hint,
                                            guint                 significant_digits);

/* The format for values in [min, max]: RATIO becomes percent only when the
 * whole range lies within [0, 1]; never capped at 100 %.
 */
void      isc_value_format_init_for_range  (IscValueFormat       *format,
                                            IscUnitHint           unit_hint,
                                            double                min,
                                            double                max,
                                            guint                 significant_digits);
char     *isc_value_format_format          (const IscValueFormat *format,
                                            double                value);

/* Ticks for a value axis: at 1, 2, 2.5 or 5 × 10^k of the displayed unit,
 * covering [min, max] with about target_count ticks, all labelled in one
 * format.
 */
typedef struct
{
  IscValueFormat   format;
  double           min;       /* axis range in raw units, extended to whole ticks */
  double           max;
  double           step;      /* raw units */
  guint            n_ticks;
  double          *values;    /* raw units */
  char           **labels;    /* NULL-terminated, in format */
} IscValueTicks;

IscValueTicks *isc_value_ticks_new         (IscUnitHint           unit_hint,
                                            double                min,
                                            double                max,
                                            guint                 target_count);
void           isc_value_ticks_free        (IscValueTicks        *ticks);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscValueTicks, isc_value_ticks_free)

G_END_DECLS
