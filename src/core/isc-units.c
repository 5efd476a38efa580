/* isc-units.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-units"

#include "config.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "isc-units-private.h"

/* U+00A0 NO-BREAK SPACE between a number and a unit symbol, as GLib's
 * g_format_size() does: the pair never wraps apart on an axis or in a
 * tooltip. Prefixes that read as part of the number (k, M, G, T and "/s")
 * follow it directly: "1.5k/s", "12M".
 */
#define UNIT_SPACE "\xc2\xa0"
#define MINUS_SIGN "\xe2\x88\x92"   /* U+2212 */
#define EM_DASH    "\xe2\x80\x94"   /* U+2014 */
#define INFINITY_SIGN "\xe2\x88\x9e" /* U+221E */

/* Beyond these a fixed-point number stops being readable: the value is
 * written as a mantissa times a power of ten instead.
 */
#define MAX_FIXED_MAGNITUDE 1e15
#define MIN_FIXED_MAGNITUDE 1e-4
#define MAX_FIXED_DECIMALS  9


static const IscUnitStep bytes_steps[] = {
  { "B",   1.0 },
  { "KiB", 1024.0 },
  { "MiB", 1048576.0 },
  { "GiB", 1073741824.0 },
  { "TiB", 1099511627776.0 },
  { "PiB", 1125899906842624.0 },
};

static const IscUnitStep seconds_steps[] = {
  { "ns",          1e-9 },
  { "\xc2\xb5s",   1e-6 },   /* µs, U+00B5 */
  { "ms",          1e-3 },
  { "s",           1.0 },
  { "min",         60.0 },
  { "h",           3600.0 },
  { "d",           86400.0 },
};

static const IscUnitStep rate_steps[] = {
  { "/s",  1.0 },
  { "k/s", 1e3 },
  { "M/s", 1e6 },
  { "G/s", 1e9 },
  { "T/s", 1e12 },
};

static const IscUnitStep count_steps[] = {
  { "",  1.0 },
  { "k", 1e3 },
  { "M", 1e6 },
  { "G", 1e9 },
  { "T", 1e12 },
};

static const IscUnitStep plain_steps[] = {
  { "", 1.0 },
};

static const IscUnitStep percent_steps[] = {
  { "%", 1.0 },
};

const IscUnitScale _isc_bytes_scale = { bytes_steps, G_N_ELEMENTS (bytes_steps), 0, TRUE };
const IscUnitScale _isc_seconds_scale = { seconds_steps, G_N_ELEMENTS (seconds_steps), 3, TRUE };
const IscUnitScale _isc_rate_scale = { rate_steps, G_N_ELEMENTS (rate_steps), 0, FALSE };
const IscUnitScale _isc_count_scale = { count_steps, G_N_ELEMENTS (count_steps), 0, FALSE };
static const IscUnitScale plain_scale = { plain_steps, G_N_ELEMENTS (plain_steps), 0, FALSE };
static const IscUnitScale percent_scale = { percent_steps, G_N_ELEMENTS (percent_steps), 0, TRUE };

const IscUnitScale *
_isc_unit_get_scale (IscUnitHint unit_hint,
                     gboolean    percent)
{
  switch (unit_hint)
    {
    case ISC_UNIT_HINT_BYTES:
    case ISC_UNIT_HINT_MEBIBYTES:
      return &_isc_bytes_scale;

    case ISC_UNIT_HINT_SECONDS:
      return &_isc_seconds_scale;

    case ISC_UNIT_HINT_PER_SECOND:
      return &_isc_rate_scale;

    case ISC_UNIT_HINT_COUNT:
      return &_isc_count_scale;

    case ISC_UNIT_HINT_RATIO:
      return percent ? &percent_scale : &plain_scale;

    case ISC_UNIT_HINT_UNKNOWN:
    default:
      return &plain_scale;
    }
}

double
_isc_unit_get_multiplier (IscUnitHint unit_hint,
                          gboolean    percent)
{
  if (unit_hint == ISC_UNIT_HINT_MEBIBYTES)
    return 1048576.0;
  if (unit_hint == ISC_UNIT_HINT_RATIO && percent)
    return 100.0;
  return 1.0;
}

static gboolean
is_spaced (IscUnitHint unit_hint,
           gboolean    percent)
{
  return _isc_unit_get_scale (unit_hint, percent)->spaced;
}

/* The largest unit in which magnitude (>= 0, base units) reads at least 1;
 * the smallest unit when it reads less than 1 in every unit; the base unit
 * for zero.
 */
guint
_isc_unit_choose_step (const IscUnitScale *scale,
                       double              magnitude)
{
  guint idx;

  if (magnitude == 0.0 || !isfinite (magnitude))
    return scale->base;

  idx = 0;
  for (guint i = 0; i < scale->n_steps; i++)
    {
      if (magnitude >= scale->steps[i].factor)
        idx = i;
    }

  return idx;
}

/* Decimals so that x shows significant_digits significant digits, or its
 * whole integer part when that is longer: 1234.5 with 3 digits is "1235",
 * never "1230".
 */
static guint
decimals_for (double x,
              guint  significant_digits)
{
  int exponent;
  int decimals;

  x = fabs (x);
  if (x == 0.0 || !isfinite (x))
    return 0;

  exponent = (int) floor (log10 (x));
  decimals = (int) significant_digits - 1 - exponent;

  return (guint) CLAMP (decimals, 0, 300);
}

static double
round_to (double x,
          guint  decimals)
{
  double scale;

  if (decimals == 0)
    return round (x);

  scale = pow (10.0, (double) decimals);
  if (!isfinite (scale) || !isfinite (x * scale))
    return x;

  return round (x * scale) / scale;
}

static const char *
get_decimal_point (void)
{
  const struct lconv *lc = localeconv ();

  if (lc == NULL || lc->decimal_point == NULL || lc->decimal_point[0] == '\0')
    return ".";

  return lc->decimal_point;
}

/* Drops zeros after the decimal separator, and the separator if nothing is
 * left after it.
 */
static void
strip_trailing_zeros (GString *str,
                      gsize    start)
{
  const char *point = get_decimal_point ();
  gsize point_len = strlen (point);

  if (strstr (str->str + start, point) == NULL)
    return;

  while (str->len > start && str->str[str->len - 1] == '0')
    g_string_truncate (str, str->len - 1);

  if (str->len - start >= point_len &&
      memcmp (str->str + str->len - point_len, point, point_len) == 0)
    g_string_truncate (str, str->len - point_len);
}

static const char *const superscript_digits[] = {
  "\xe2\x81\xb0", "\xc2\xb9", "\xc2\xb2", "\xc2\xb3", "\xe2\x81\xb4",
  "\xe2\x81\xb5", "\xe2\x81\xb6", "\xe2\x81\xb7", "\xe2\x81\xb8", "\xe2\x81\xb9",
};

/* x (> 0) as "1.5×10⁻⁹": for magnitudes no unit makes readable. Total
 * over the doubles: an infinite x reads "∞" and zero, a negative or a NaN
 * x (which callers never pass) "0" rather than a wild index into the
 * superscripts; a subnormal x keeps its mantissa although 10^exponent
 * underflows.
 */
static void
append_scientific (GString  *out,
                   double    x,
                   guint     significant_digits,
                   gboolean  strip)
{
  int exponent;
  double mantissa;
  guint decimals = significant_digits > 0 ? significant_digits - 1 : 0;
  g_autofree char *exponent_text = NULL;
  gsize start = out->len;

  if (isinf (x))
    {
      g_string_append (out, INFINITY_SIGN);
      return;
    }
  if (!(x > 0.0))
    {
      g_string_append_c (out, '0');
      return;
    }

  exponent = (int) floor (log10 (x));
  exponent = CLAMP (exponent, DBL_MIN_10_EXP - DBL_DIG - 3, DBL_MAX_10_EXP);
  if (exponent < DBL_MIN_10_EXP)
    mantissa = (x * 1e300) / pow (10.0, (double) exponent + 300.0);
  else
    mantissa = x / pow (10.0, (double) exponent);

  if (!isfinite (mantissa) || mantissa <= 0.0)
    mantissa = 1.0;

  mantissa = round_to (mantissa, decimals);
  if (mantissa >= 10.0)
    {
      mantissa /= 10.0;
      exponent++;
    }

  g_string_append_printf (out, "%.*f", (int) decimals, mantissa);
  if (strip)
    strip_trailing_zeros (out, start);
  g_string_append (out, "\xc3\x97" "10");   /* U+00D7 MULTIPLICATION SIGN */

  if (exponent < 0)
    g_string_append (out, "\xe2\x81\xbb");  /* U+207B SUPERSCRIPT MINUS */

  exponent_text = g_strdup_printf ("%d", ABS (exponent));
  for (const char *p = exponent_text; *p != '\0'; p++)
    g_string_append (out, superscript_digits[*p - '0']);
}

static void
append_suffix (GString    *out,
               const char *suffix,
               gboolean    spaced)
{
  if (suffix == NULL || suffix[0] == '\0')
    return;

  if (spaced)
    g_string_append (out, UNIT_SPACE);
  g_string_append (out, suffix);
}

static char *
format_non_finite (double value)
{
  if (isnan (value))
    return g_strdup (EM_DASH);
  if (value < 0)
    return g_strdup (MINUS_SIGN INFINITY_SIGN);
  return g_strdup (INFINITY_SIGN);
}

char *
isc_format_value (double      value,
                  IscUnitHint unit_hint,
                  guint       significant_digits)
{
  const IscUnitScale *scale;
  GString *out;
  gboolean percent;
  double magnitude;
  double rounded = 0.0;
  guint decimals = 0;
  guint idx;

  if (!isfinite (value))
    return format_non_finite (value);

  significant_digits = CLAMP (significant_digits, 1, 15);
  percent = unit_hint == ISC_UNIT_HINT_RATIO && value >= 0.0 && value <= 1.0;
  scale = _isc_unit_get_scale (unit_hint, percent);
  magnitude = fabs (value) * _isc_unit_get_multiplier (unit_hint, percent);
  /* MEBIBYTES past 1.7e302 is more bytes than a double holds. */
  if (!isfinite (magnitude))
    return format_non_finite (value);
  idx = _isc_unit_choose_step (scale, magnitude);
  out = g_string_new (NULL);

  /* The unit is chosen after rounding: 999.96 ms rounds to 1000 ms, which
   * reads 1 s. Each pass moves one unit up, so this ends.
   */
  for (;;)
    {
      double x = magnitude / scale->steps[idx].factor;

      decimals = decimals_for (x, significant_digits);
      rounded = round_to (x, decimals);

      if (idx + 1 < scale->n_steps &&
          rounded >= scale->steps[idx + 1].factor / scale->steps[idx].factor)
        {
          idx++;
          continue;
        }
      break;
    }

  /* Past 300 decimals (a subnormal) rounding leaves nothing: it is still
   * not zero. */
  if (rounded == 0.0 && magnitude != 0.0 && idx == 0)
    rounded = magnitude / scale->steps[idx].factor;

  if (value < 0.0 && rounded != 0.0)
    g_string_append (out, MINUS_SIGN);

  if (rounded != 0.0 &&
      (rounded >= MAX_FIXED_MAGNITUDE ||
       (rounded < MIN_FIXED_MAGNITUDE && idx == 0)))
    {
      append_scientific (out, rounded, significant_digits, TRUE);
    }
  else
    {
      gsize start = out->len;

      g_string_append_printf (out, "%.*f", (int) decimals, rounded);
      strip_trailing_zeros (out, start);
    }

  append_suffix (out, scale->steps[idx].symbol, scale->spaced);

  return g_string_free (out, FALSE);
}

/* A value that is not zero never reads as zero, nor as a rounded guess:
 * where the decimals a column shares would show x (>= 0, displayed units)
 * with fewer than two significant digits, it gets two of its own
 * ("0.021/s" and "0.075/s" in a column of "10.1/s", not "0.0/s" and
 * "0.1/s"). The caller drops the zeros this adds past the column's
 * decimals ("0.1", not "0.10").
 */
static guint
decimals_to_tell_from_zero (double x,
                            guint  decimals)
{
  if (x == 0.0 || !isfinite (x) || round_to (x, decimals) >= pow (10.0, 1.0 - (double) decimals))
    return decimals;

  return MAX (decimals, decimals_for (x, 2));
}

/* Drops trailing zeros of str (from start) past keep decimals. */
static void
strip_zeros_past (GString *str,
                  gsize    start,
                  guint    keep)
{
  const char *point = get_decimal_point ();
  const char *at = strstr (str->str + start, point);
  gsize point_len = strlen (point);
  gsize min_len;

  if (at == NULL)
    return;

  min_len = (gsize) (at - str->str) + (keep > 0 ? point_len + keep : 0);
  while (str->len > min_len && str->str[str->len - 1] == '0')
    g_string_truncate (str, str->len - 1);
  if (keep == 0 && str->len == (gsize) (at - str->str) + point_len)
    g_string_truncate (str, str->len - point_len);
}

void
_isc_value_format_set_step (IscValueFormat     *format,
                            const IscUnitScale *scale,
                            guint               idx)
{
  format->divisor = scale->steps[idx].factor;
  format->suffix = scale->steps[idx].symbol;
}

void
isc_value_format_init_for_range (IscValueFormat *format,
                                 IscUnitHint     unit_hint,
                                 double          min,
                                 double          max,
                                 guint           significant_digits)
{
  const IscUnitScale *scale;
  double magnitude = 0.0;
  guint idx;

  g_return_if_fail (format != NULL);

  significant_digits = CLAMP (significant_digits, 1, 15);

  memset (format, 0, sizeof *format);
  format->unit_hint = unit_hint;

  /* A NaN or infinite end says nothing about the range: use the other. */
  if (!isfinite (min))
    min = max;
  if (!isfinite (max))
    max = min;
  if (!isfinite (min))
    min = max = 0.0;

  format->percent = unit_hint == ISC_UNIT_HINT_RATIO &&
                    MIN (min, max) >= 0.0 && MAX (min, max) <= 1.0;
  format->multiplier = _isc_unit_get_multiplier (unit_hint, format->percent);
  scale = _isc_unit_get_scale (unit_hint, format->percent);

  magnitude = MAX (fabs (min), fabs (max)) * format->multiplier;
  idx = _isc_unit_choose_step (scale, magnitude);

  for (;;)
    {
      double x = magnitude / scale->steps[idx].factor;

      double rounded;

      format->decimals = decimals_for (x, significant_digits);
      rounded = round_to (x, format->decimals);
      if (idx + 1 < scale->n_steps &&
          rounded >= scale->steps[idx + 1].factor / scale->steps[idx].factor)
        {
          idx++;
          continue;
        }

      /* 0.9996 s rounds to 1.000 s: three digits of 1 are "1.00". */
      format->decimals = decimals_for (rounded, significant_digits);
      break;
    }

  _isc_value_format_set_step (format, scale, idx);
}

void
isc_value_format_init_integer (IscValueFormat *format,
                               IscUnitHint     unit_hint,
                               double          min,
                               double          max,
                               guint           significant_digits)
{
  g_return_if_fail (format != NULL);

  isc_value_format_init_for_range (format, unit_hint, min, max, significant_digits);
  format->integer = TRUE;
  if (format->divisor == 1.0 && format->multiplier == 1.0)
    format->decimals = 0;
}

void
isc_value_format_init_for_axis (IscValueFormat       *format,
                                const IscValueFormat *axis,
                                double                min,
                                double                max,
                                guint                 significant_digits)
{
  double magnitude;

  g_return_if_fail (format != NULL);
  g_return_if_fail (axis != NULL);

  significant_digits = CLAMP (significant_digits, 1, 15);
  if (!isfinite (min))
    min = max;
  if (!isfinite (max))
    max = min;
  if (!isfinite (min))
    min = max = 0.0;

  *format = *axis;
  magnitude = MAX (fabs (min), fabs (max)) * format->multiplier /
              (format->divisor > 0.0 ? format->divisor : 1.0);
  format->decimals = decimals_for (magnitude, significant_digits);
  /* 0.9996 rounds to 1.000: three digits of 1 are "1.00". */
  format->decimals = decimals_for (round_to (magnitude, format->decimals), significant_digits);
  if (format->integer && format->divisor == 1.0 && format->multiplier == 1.0)
    format->decimals = 0;
}

char *
isc_value_format_format_value (const IscValueFormat *format,
                               double                value)
{
  const IscUnitScale *scale;
  IscValueFormat own;
  double resolution;
  double magnitude;
  guint idx;

  g_return_val_if_fail (format != NULL, NULL);

  scale = _isc_unit_get_scale (format->unit_hint, format->percent);
  if (!isfinite (value) ||
      (scale != &_isc_count_scale && scale != &_isc_rate_scale) ||
      format->multiplier != 1.0)
    return isc_value_format_format (format, value);

  /* k, M, G and T belong to the number, not to the unit: each value takes
   * its own ("630/s" next to "1.50k/s"), to the precision of the column
   * (the smallest difference its decimals show, in base units).
   */
  resolution = pow (10.0, -(double) format->decimals) *
               (format->divisor > 0.0 ? format->divisor : 1.0);
  magnitude = fabs (value);
  idx = _isc_unit_choose_step (scale, magnitude);
  own = *format;

  for (;;)
    {
      double factor = scale->steps[idx].factor;
      double digits = ceil (-log10 (resolution / factor) - 1e-9);

      own.divisor = factor;
      own.suffix = scale->steps[idx].symbol;
      own.decimals = (guint) CLAMP (digits, 0.0, (double) MAX_FIXED_DECIMALS);
      /* No more than three digits of its own: "1.50k", not "1.500k" for a
       * column of whole counts. */
      if (magnitude > 0.0)
        own.decimals = MIN (own.decimals, decimals_for (magnitude / factor, 3));
      if (idx + 1 < scale->n_steps &&
          round_to (magnitude / factor, own.decimals) >= scale->steps[idx + 1].factor / factor)
        {
          idx++;
          continue;
        }
      break;
    }

  return isc_value_format_format (&own, value);
}

char *
isc_value_format_format (const IscValueFormat *format,
                         double                value)
{
  GString *out;
  double x;
  double rounded;
  guint decimals;
  guint column;

  g_return_val_if_fail (format != NULL, NULL);

  if (!isfinite (value))
    return format_non_finite (value);

  x = fabs (value) * format->multiplier / (format->divisor > 0.0 ? format->divisor : 1.0);
  /* A value the multiplier takes past the doubles (MEBIBYTES 1.7e302). */
  if (!isfinite (x))
    return format_non_finite (value);
  decimals = MIN (format->decimals, 300);
  /* A mean of whole counts is not whole: two decimals, not "2" for 2.33. */
  if (format->integer && decimals == 0 && fabs (x - round (x)) > 1e-9 * MAX (1.0, x))
    decimals = 2;
  column = decimals;
  decimals = decimals_to_tell_from_zero (x, decimals);
  rounded = round_to (x, decimals);
  out = g_string_new (NULL);

  if (rounded >= MAX_FIXED_MAGNITUDE || decimals > MAX_FIXED_DECIMALS)
    {
      /* Too many digits either way for a label: 1.50×10⁻¹². The mantissa
       * keeps every digit down to the format's last decimal, so labels of
       * one axis stay apart, and all have as many.
       */
      if (x == 0.0)
        {
          g_string_append_c (out, '0');
        }
      else
        {
          /* Past 10^15 with no decimals, three digits: such an axis spans
           * at least a millionth of its magnitude (isc_value_ticks_new()
           * widens thinner ones), and its ticks differ in the first few.
           */
          int digits = decimals > 0 ? (int) floor (log10 (x)) + 1 + (int) decimals : 3;

          if (value < 0.0)
            g_string_append (out, MINUS_SIGN);
          append_scientific (out, x, (guint) CLAMP (digits, 3, 17), FALSE);
        }
    }
  else
    {
      if (value < 0.0 && rounded != 0.0)
        g_string_append (out, MINUS_SIGN);
      g_string_append_printf (out, "%.*f", (int) decimals, rounded);
      if (format->integer && decimals != format->decimals)
        strip_trailing_zeros (out, 0);
      else if (decimals > column)
        strip_zeros_past (out, 0, column);
    }

  append_suffix (out, format->suffix, is_spaced (format->unit_hint, format->percent));

  return g_string_free (out, FALSE);
}

char *
isc_format_duration_short (gint64 seconds)
{
  static const struct {
    const char *symbol;
    gint64      seconds;
  } units[] = {
    { "d",   86400 },
    { "h",   3600 },
    { "min", 60 },
    { "s",   1 },
  };
  GString *out = g_string_new (NULL);
  guint64 rest;
  guint n_parts = 0;

  if (seconds < 0)
    g_string_append (out, MINUS_SIGN);

  /* Through guint64 so that G_MININT64 has a magnitude. */
  rest = seconds < 0 ? (guint64) 0 - (guint64) seconds : (guint64) seconds;

  if (rest == 0)
    {
      g_string_append (out, "0" UNIT_SPACE "s");
      return g_string_free (out, FALSE);
    }

  /* At most two units, the largest first: "1 h 30 min", "2 d". A third
   * would be noise in a chart header, so what is below the second unit is
   * left out.
   */
  for (guint i = 0; i < G_N_ELEMENTS (units) && n_parts < 2; i++)
    {
      guint64 n = rest / (guint64) units[i].seconds;

      if (n == 0)
        {
          if (n_parts > 0)
            break;
          continue;
        }

      if (n_parts > 0)
        g_string_append_c (out, ' ');
      g_string_append_printf (out, "%" G_GUINT64_FORMAT UNIT_SPACE "%s", n, units[i].symbol);
      rest -= n * (guint64) units[i].seconds;
      n_parts++;

      if (rest == 0)
        break;
    }

  return g_string_free (out, FALSE);
}
