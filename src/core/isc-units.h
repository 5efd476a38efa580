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
  /* Whole counts: a whole value has no decimals ("2", not "2.00"), a
   * fractional one (a mean) up to two, trailing zeros dropped ("2.33"). */
  gboolean     integer;
} IscValueFormat;

/* How the strings read (the same for every function here):
 * - A U+00A0 NO-BREAK SPACE separates the number from B, KiB … PiB, ns, µs,
 *   ms, s, min, h, d and % ("1.5 KiB", "25 %"), as g_format_size() does;
 *   the k, M, G, T prefixes of COUNT and PER_SECOND and "/s" follow the
 *   number directly ("1.5k", "1.5k/s", "12/s").
 * - RATIO outside [0, 1] is a plain number with no symbol ("3.2": CPU in
 *   cores, as DESIGN.md says); inside it is a percentage, never capped at
 *   100 %.
 * - UNKNOWN (and any unit_hint we do not know) is a plain number.
 * - Negative numbers use U+2212 MINUS SIGN ("−5 ms"); a value that rounds
 *   to zero has no sign.
 * - The decimal separator is the locale's (LC_NUMERIC); no digit grouping.
 * - Magnitudes no unit makes readable (≥ 10^15 in the largest unit, or
 *   below 10^-4 in the smallest) read as "1.5×10⁻⁹".
 */

/* One value on its own: the unit is chosen for this value, after rounding
 * to significant_digits (so 999.96 ms reads "1 s" and 1023.9 B "1 KiB").
 * significant_digits (clamped to 1…15) is a minimum: the integer part is
 * never rounded away (UNKNOWN 1234.5 with 3 digits reads "1235", COUNT
 * 999.5 reads "1k"). Trailing zeros after the separator are dropped ("1 KiB",
 * "1.5 KiB", not "1.50 KiB").
 * Handles 0, negatives, NaN ("—") and infinities ("∞", "−∞").
 */
char     *isc_format_value                 (double                value,
                                            IscUnitHint           unit_hint,
                                            guint                 significant_digits);

/* The format for values in [min, max]: RATIO becomes percent only when the
 * whole range lies within [0, 1]; never capped at 100 %. The unit comes
 * from the larger magnitude of min and max, and decimals give that
 * magnitude significant_digits digits; every value then shows the same
 * number of decimals (trailing zeros kept, so a column lines up). A NaN or
 * infinite end is ignored.
 */
void      isc_value_format_init_for_range  (IscValueFormat       *format,
                                            IscUnitHint           unit_hint,
                                            double                min,
                                            double                max,
                                            guint                 significant_digits);
/* The same for whole counts (replicas, queued requests): sets integer, and
 * below a thousand reads values without decimals. */
void      isc_value_format_init_integer    (IscValueFormat       *format,
                                            IscUnitHint           unit_hint,
                                            double                min,
                                            double                max,
                                            guint                 significant_digits);
/* The format for values in [min, max] read against an axis (an
 * IscValueTicks' format): the axis' unit, so a legend under a "0 s … 200 s"
 * axis says seconds, not minutes, and decimals that give the larger end
 * significant_digits digits in that unit. */
void      isc_value_format_init_for_axis   (IscValueFormat       *format,
                                            const IscValueFormat *axis,
                                            double                min,
                                            double                max,
                                            guint                 significant_digits);
/* A value in the format. A non-zero value never reads as zero: where the
 * format's decimals would round it to 0 it shows two significant digits
 * ("0.021/s" in a "10.1/s" column, "0.001" for a mean of counts). */
char     *isc_value_format_format          (const IscValueFormat *format,
                                            double                value);
/* The same for one value in a legend or a tooltip: COUNT and PER_SECOND
 * values take their own k, M, G, T prefix, to the format's precision
 * ("630/s" and "1.50k/s" in a column whose largest value is 1.5k/s);
 * other units keep the format's. */
char     *isc_value_format_format_value    (const IscValueFormat *format,
                                            double                value);

/* Ticks for a value axis: at 1, 2, 2.5 or 5 × 10^k of the displayed unit,
 * covering [min, max] with about target_count ticks, all labelled in one
 * format.
 *
 * - The unit comes from the larger end's magnitude, and moves up when the
 *   extended range reaches the next unit (0…900 ms → "0.0 s" … "1.0 s").
 *   Minutes, hours and days give way to the unit below when they would
 *   need decimals and it would not ("0 s … 100 s", not "0.0 min …").
 * - Every label has the decimals the step needs: "0.0 s, 0.5 s, 1.0 s";
 *   "0.00, 0.25, 0.50"; "0 %, 20 %, … 100 %".
 * - BYTES never step by less than 1 B.
 * - min > max is swapped; min == max gives an axis from 0 to the value (0…1
 *   for 0); a NaN or infinite end is replaced by the other (0…1 if both).
 * - target_count 0 means 5; it is clamped to 2…50, and there are never more
 *   than 150 ticks.
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
/* The same for whole counts: steps of 1, 2 or 5 × 10^k and never below
 * 1, so no tick falls at a quarter of a replica ("0, 1, 2, 3"; "0, 2, 4";
 * "0, 5, 10"), labelled without decimals below a thousand. */
IscValueTicks *isc_value_ticks_new_integer (IscUnitHint           unit_hint,
                                            double                min,
                                            double                max,
                                            guint                 target_count);
void           isc_value_ticks_free        (IscValueTicks        *ticks);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscValueTicks, isc_value_ticks_free)

/* A step length or tick interval for a chart header: "30 s", "1 min",
 * "1 h 30 min", "2 d". At most two adjacent units, the larger first; a
 * remainder below the second is left out ("1 h" for 3601 s). 0 is "0 s".
 */
char          *isc_format_duration_short   (gint64                seconds);

G_END_DECLS
