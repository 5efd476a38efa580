/* test-units.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "isc-units.h"

/* The characters the formatter uses, spelled out so a reader of a failing
 * row sees which one is wrong.
 */
#define NB    "\xc2\xa0"       /* U+00A0 NO-BREAK SPACE */
#define MINUS "\xe2\x88\x92"   /* U+2212 MINUS SIGN */
#define MICRO "\xc2\xb5"       /* U+00B5 MICRO SIGN */
#define TIMES "\xc3\x97"       /* U+00D7 MULTIPLICATION SIGN */

typedef struct
{
  double       value;
  IscUnitHint  unit_hint;
  guint        digits;
  const char  *expected;
} FormatCase;

static const FormatCase format_cases[] = {
  /* BYTES: IEC, the unit chosen after rounding. */
  { 0,                   ISC_UNIT_HINT_BYTES, 3, "0" NB "B" },
  { 1,                   ISC_UNIT_HINT_BYTES, 3, "1" NB "B" },
  { 512,                 ISC_UNIT_HINT_BYTES, 3, "512" NB "B" },
  { 999.5,               ISC_UNIT_HINT_BYTES, 3, "1000" NB "B" },
  { 1023,                ISC_UNIT_HINT_BYTES, 3, "1023" NB "B" },
  { 1023.4,              ISC_UNIT_HINT_BYTES, 3, "1023" NB "B" },
  { 1023.9,              ISC_UNIT_HINT_BYTES, 3, "1" NB "KiB" },
  { 1024,                ISC_UNIT_HINT_BYTES, 3, "1" NB "KiB" },
  { 1536,                ISC_UNIT_HINT_BYTES, 3, "1.5" NB "KiB" },
  { 1536,                ISC_UNIT_HINT_BYTES, 1, "2" NB "KiB" },
  { 1536,                ISC_UNIT_HINT_BYTES, 0, "2" NB "KiB" },
  { 1600,                ISC_UNIT_HINT_BYTES, 5, "1.5625" NB "KiB" },
  { 1048575.5,           ISC_UNIT_HINT_BYTES, 3, "1" NB "MiB" },
  { 1310720,             ISC_UNIT_HINT_BYTES, 3, "1.25" NB "MiB" },
  { 123456789,           ISC_UNIT_HINT_BYTES, 3, "118" NB "MiB" },
  { 3221225472.0,        ISC_UNIT_HINT_BYTES, 3, "3" NB "GiB" },
  { 1099511627776.0,     ISC_UNIT_HINT_BYTES, 3, "1" NB "TiB" },
  { 5629499534213120.0,  ISC_UNIT_HINT_BYTES, 3, "5" NB "PiB" },
  { 1e40,                ISC_UNIT_HINT_BYTES, 3, "8.88" TIMES "10\xc2\xb2\xe2\x81\xb4" NB "PiB" },
  { 0.5,                 ISC_UNIT_HINT_BYTES, 3, "0.5" NB "B" },
  { -2048,               ISC_UNIT_HINT_BYTES, 3, MINUS "2" NB "KiB" },
  { -0.0,                ISC_UNIT_HINT_BYTES, 3, "0" NB "B" },
  { NAN,                 ISC_UNIT_HINT_BYTES, 3, "\xe2\x80\x94" },
  { INFINITY,            ISC_UNIT_HINT_BYTES, 3, "\xe2\x88\x9e" },
  { -INFINITY,           ISC_UNIT_HINT_BYTES, 3, MINUS "\xe2\x88\x9e" },

  /* MEBIBYTES: the value is MiB as scraped. */
  { 1024,                ISC_UNIT_HINT_MEBIBYTES, 3, "1" NB "GiB" },
  { 1.5,                 ISC_UNIT_HINT_MEBIBYTES, 3, "1.5" NB "MiB" },
  { 0.5,                 ISC_UNIT_HINT_MEBIBYTES, 3, "512" NB "KiB" },
  { 40960,               ISC_UNIT_HINT_MEBIBYTES, 3, "40" NB "GiB" },
  { 81559,               ISC_UNIT_HINT_MEBIBYTES, 3, "79.6" NB "GiB" },
  { 0,                   ISC_UNIT_HINT_MEBIBYTES, 3, "0" NB "B" },

  /* SECONDS: ns to days. */
  { 0,                   ISC_UNIT_HINT_SECONDS, 3, "0" NB "s" },
  { 0.99996,             ISC_UNIT_HINT_SECONDS, 3, "1" NB "s" },
  { 0.9994,              ISC_UNIT_HINT_SECONDS, 3, "999" NB "ms" },
  { 0.25,                ISC_UNIT_HINT_SECONDS, 3, "250" NB "ms" },
  { 0.0012345,           ISC_UNIT_HINT_SECONDS, 3, "1.23" NB "ms" },
  { 0.0012345,           ISC_UNIT_HINT_SECONDS, 2, "1.2" NB "ms" },
  { 1.5e-6,              ISC_UNIT_HINT_SECONDS, 3, "1.5" NB MICRO "s" },
  { 999.99e-9,           ISC_UNIT_HINT_SECONDS, 3, "1" NB MICRO "s" },
  { 42e-9,               ISC_UNIT_HINT_SECONDS, 3, "42" NB "ns" },
  { 1e-12,               ISC_UNIT_HINT_SECONDS, 3, "0.001" NB "ns" },
  { 1e-15,               ISC_UNIT_HINT_SECONDS, 3, "1" TIMES "10\xe2\x81\xbb\xe2\x81\xb6" NB "ns" },
  { 1.5,                 ISC_UNIT_HINT_SECONDS, 3, "1.5" NB "s" },
  { 12.345,              ISC_UNIT_HINT_SECONDS, 3, "12.3" NB "s" },
  { 59.99,               ISC_UNIT_HINT_SECONDS, 3, "1" NB "min" },
  { 90,                  ISC_UNIT_HINT_SECONDS, 3, "1.5" NB "min" },
  { 3599.9,              ISC_UNIT_HINT_SECONDS, 3, "1" NB "h" },
  { 3600,                ISC_UNIT_HINT_SECONDS, 3, "1" NB "h" },
  { 5400,                ISC_UNIT_HINT_SECONDS, 3, "1.5" NB "h" },
  { 259200,              ISC_UNIT_HINT_SECONDS, 3, "3" NB "d" },
  { 86400000,            ISC_UNIT_HINT_SECONDS, 3, "1000" NB "d" },
  { -0.005,              ISC_UNIT_HINT_SECONDS, 3, MINUS "5" NB "ms" },
  { NAN,                 ISC_UNIT_HINT_SECONDS, 3, "\xe2\x80\x94" },

  /* PER_SECOND: "/s" with k, M, G, no space. */
  { 1500,                ISC_UNIT_HINT_PER_SECOND, 3, "1.5k/s" },
  { 12,                  ISC_UNIT_HINT_PER_SECOND, 3, "12/s" },
  { 0.05,                ISC_UNIT_HINT_PER_SECOND, 3, "0.05/s" },
  { 0,                   ISC_UNIT_HINT_PER_SECOND, 3, "0/s" },
  { 999.5,               ISC_UNIT_HINT_PER_SECOND, 3, "1k/s" },
  { 2.5e6,               ISC_UNIT_HINT_PER_SECOND, 3, "2.5M/s" },
  { 7e9,                 ISC_UNIT_HINT_PER_SECOND, 3, "7G/s" },
  { -3,                  ISC_UNIT_HINT_PER_SECOND, 3, MINUS "3/s" },

  /* COUNT: plain, k, M, G past a thousand. */
  { 999,                 ISC_UNIT_HINT_COUNT, 3, "999" },
  { 999.4,               ISC_UNIT_HINT_COUNT, 3, "999" },
  { 999.5,               ISC_UNIT_HINT_COUNT, 3, "1k" },
  { 1000,                ISC_UNIT_HINT_COUNT, 3, "1k" },
  { 1500,                ISC_UNIT_HINT_COUNT, 3, "1.5k" },
  { 123456,              ISC_UNIT_HINT_COUNT, 3, "123k" },
  { 1e6,                 ISC_UNIT_HINT_COUNT, 3, "1M" },
  { 4.2e9,               ISC_UNIT_HINT_COUNT, 3, "4.2G" },
  { -1500,               ISC_UNIT_HINT_COUNT, 3, MINUS "1.5k" },
  { 0.5,                 ISC_UNIT_HINT_COUNT, 3, "0.5" },
  { 0,                   ISC_UNIT_HINT_COUNT, 3, "0" },

  /* RATIO: percent inside [0, 1], a plain multiplier outside it. */
  { 0.25,                ISC_UNIT_HINT_RATIO, 3, "25" NB "%" },
  { 0,                   ISC_UNIT_HINT_RATIO, 3, "0" NB "%" },
  { 1,                   ISC_UNIT_HINT_RATIO, 3, "100" NB "%" },
  { 0.999,               ISC_UNIT_HINT_RATIO, 3, "99.9" NB "%" },
  { 0.12345,             ISC_UNIT_HINT_RATIO, 3, "12.3" NB "%" },
  { 3.2,                 ISC_UNIT_HINT_RATIO, 3, "3.2" },
  { 1.5,                 ISC_UNIT_HINT_RATIO, 3, "1.5" },
  { -0.1,                ISC_UNIT_HINT_RATIO, 3, MINUS "0.1" },

  /* UNKNOWN, and a unit_hint from a newer API: plain numbers. */
  { 1234567,             ISC_UNIT_HINT_UNKNOWN, 3, "1234567" },
  { 1234.5,              ISC_UNIT_HINT_UNKNOWN, 3, "1235" },
  { 3.14159,             ISC_UNIT_HINT_UNKNOWN, 3, "3.14" },
  { 3.14159,             ISC_UNIT_HINT_UNKNOWN, 6, "3.14159" },
  { 0.0001,              ISC_UNIT_HINT_UNKNOWN, 3, "0.0001" },
  { 1e-6,                ISC_UNIT_HINT_UNKNOWN, 3, "1" TIMES "10\xe2\x81\xbb\xe2\x81\xb6" },
  { 1e20,                ISC_UNIT_HINT_UNKNOWN, 3, "1" TIMES "10\xc2\xb2\xe2\x81\xb0" },
  { -1.25e-7,            ISC_UNIT_HINT_UNKNOWN, 3, MINUS "1.25" TIMES "10\xe2\x81\xbb\xe2\x81\xb7" },
  { 42,                  (IscUnitHint) 99, 3, "42" },
  { INFINITY,            (IscUnitHint) 99, 3, "\xe2\x88\x9e" },
};

static void
test_format_value (gconstpointer data)
{
  const FormatCase *c = data;
  g_autofree char *text = isc_format_value (c->value, c->unit_hint, c->digits);

  g_assert_cmpstr (text, ==, c->expected);
}

typedef struct
{
  IscUnitHint  unit_hint;
  double       min;
  double       max;
  guint        digits;
  double       value;
  const char  *expected;
  gboolean     percent;
} RangeCase;

static const RangeCase range_cases[] = {
  /* One unit and one count of decimals for a whole column. */
  { ISC_UNIT_HINT_BYTES,      0, 1572864,  3, 1048576, "1.00" NB "MiB", FALSE },
  { ISC_UNIT_HINT_BYTES,      0, 1572864,  3, 0,       "0.00" NB "MiB", FALSE },
  /* …but a value that is not zero never reads as zero (issue 9). */
  { ISC_UNIT_HINT_BYTES,      0, 1572864,  3, 512,     "0.00049" NB "MiB", FALSE },
  { ISC_UNIT_HINT_PER_SECOND, 0, 10.1,     3, 0.021,   "0.021/s",       FALSE },
  { ISC_UNIT_HINT_PER_SECOND, 0, 0.03,     3, 0.03,    "0.0300/s",      FALSE },
  { ISC_UNIT_HINT_PER_SECOND, 0, 10.1,     3, 0,       "0.0/s",         FALSE },
  { ISC_UNIT_HINT_BYTES,      NAN, 2048,   3, 1024,    "1.00" NB "KiB", FALSE },
  { ISC_UNIT_HINT_MEBIBYTES,  0, 81920,    3, 40960,   "40.0" NB "GiB", FALSE },
  { ISC_UNIT_HINT_RATIO,      0, 0.5,      3, 0.25,    "25.0" NB "%",   TRUE },
  { ISC_UNIT_HINT_RATIO,      0, 1,        3, 0.25,    "25" NB "%",     TRUE },
  { ISC_UNIT_HINT_RATIO,      0, 3.2,      3, 1,       "1.00",          FALSE },
  { ISC_UNIT_HINT_RATIO,      -0.5, 0.5,   3, 0.25,    "0.250",         FALSE },
  /* A percent column is never capped at 100 %. */
  { ISC_UNIT_HINT_RATIO,      0, 1,        3, 1.2,     "120" NB "%",    TRUE },
  { ISC_UNIT_HINT_SECONDS,    0.001, 0.9999, 3, 0.5,   "0.50" NB "s",   FALSE },
  { ISC_UNIT_HINT_SECONDS,    0, 0.25,     3, 0.004,   "4" NB "ms",     FALSE },
  { ISC_UNIT_HINT_PER_SECOND, 0, 2500,     3, 1500,    "1.50k/s",       FALSE },
  { ISC_UNIT_HINT_COUNT,      -2000, 10,   2, -1500,   MINUS "1.5k",    FALSE },
  { ISC_UNIT_HINT_COUNT,      0, 100,      3, NAN,     "\xe2\x80\x94",  FALSE },
  { ISC_UNIT_HINT_UNKNOWN,    NAN, NAN,    3, 7,       "7",             FALSE },
};

static void
test_format_range (gconstpointer data)
{
  const RangeCase *c = data;
  IscValueFormat format;
  g_autofree char *text = NULL;

  isc_value_format_init_for_range (&format, c->unit_hint, c->min, c->max, c->digits);
  text = isc_value_format_format (&format, c->value);

  g_assert_cmpstr (text, ==, c->expected);
  g_assert_cmpint (format.percent, ==, c->percent);
}

typedef struct
{
  const char  *name;
  IscUnitHint  unit_hint;
  double       min;
  double       max;
  guint        target_count;
  const char  *labels;       /* space-separated, with NB inside a label */
  double       first_value;  /* raw units */
  double       step;         /* raw units */
} TicksCase;

static const TicksCase ticks_cases[] = {
  { "bytes-plain", ISC_UNIT_HINT_BYTES, 0, 1000, 5,
    "0" NB "B 200" NB "B 400" NB "B 600" NB "B 800" NB "B 1000" NB "B", 0, 200 },
  { "bytes-kib", ISC_UNIT_HINT_BYTES, 0, 1100, 5,
    "0" NB "B 0.25" NB "KiB 0.50" NB "KiB 0.75" NB "KiB 1.00" NB "KiB 1.25" NB "KiB", 0, 256 },
  /* Bytes never step by half a byte. */
  { "bytes-tiny", ISC_UNIT_HINT_BYTES, 0, 2, 10,
    "0" NB "B 1" NB "B 2" NB "B", 0, 1 },
  { "mebibytes", ISC_UNIT_HINT_MEBIBYTES, 0, 40000, 5,
    "0" NB "B 10" NB "GiB 20" NB "GiB 30" NB "GiB 40" NB "GiB", 0, 10240 },
  /* 0…900 ms in 200 ms steps would end at "1000 ms": seconds instead. */
  { "seconds-up", ISC_UNIT_HINT_SECONDS, 0, 0.9, 5,
    "0.0" NB "s 0.2" NB "s 0.4" NB "s 0.6" NB "s 0.8" NB "s 1.0" NB "s", 0, 0.2 },
  { "seconds-half", ISC_UNIT_HINT_SECONDS, 0, 1.5, 3,
    "0.0" NB "s 0.5" NB "s 1.0" NB "s 1.5" NB "s", 0, 0.5 },
  { "seconds-ms", ISC_UNIT_HINT_SECONDS, 0.010, 0.045, 4,
    "10" NB "ms 20" NB "ms 30" NB "ms 40" NB "ms 50" NB "ms", 0.010, 0.010 },
  { "seconds-min", ISC_UNIT_HINT_SECONDS, 0, 600, 5,
    "0" NB "min 2" NB "min 4" NB "min 6" NB "min 8" NB "min 10" NB "min", 0, 120 },
  /* Not "0.0 min, 0.5 min …": minutes and hours are not decimal. */
  { "seconds-not-min", ISC_UNIT_HINT_SECONDS, 0, 100, 5,
    "0" NB "s 20" NB "s 40" NB "s 60" NB "s 80" NB "s 100" NB "s", 0, 20 },
  { "seconds-not-hours", ISC_UNIT_HINT_SECONDS, 0, 7200, 5,
    "0" NB "min 25" NB "min 50" NB "min 75" NB "min 100" NB "min 125" NB "min", 0, 1500 },
  { "seconds-hours", ISC_UNIT_HINT_SECONDS, 0, 36000, 5,
    "0" NB "h 2" NB "h 4" NB "h 6" NB "h 8" NB "h 10" NB "h", 0, 7200 },
  { "percent", ISC_UNIT_HINT_RATIO, 0, 0.97, 5,
    "0" NB "% 20" NB "% 40" NB "% 60" NB "% 80" NB "% 100" NB "%", 0, 0.2 },
  { "percent-quarter", ISC_UNIT_HINT_RATIO, 0.1, 0.6, 2,
    "0" NB "% 25" NB "% 50" NB "% 75" NB "%", 0, 0.25 },
  { "cores", ISC_UNIT_HINT_RATIO, 0, 3.2, 4,
    "0 1 2 3 4", 0, 1 },
  { "count-k", ISC_UNIT_HINT_COUNT, 0, 2500, 5,
    "0 0.5k 1.0k 1.5k 2.0k 2.5k", 0, 500 },
  { "rate", ISC_UNIT_HINT_PER_SECOND, 0, 12, 5,
    "0.0/s 2.5/s 5.0/s 7.5/s 10.0/s 12.5/s", 0, 2.5 },
  { "quarter", ISC_UNIT_HINT_UNKNOWN, 0, 1, 4,
    "0.00 0.25 0.50 0.75 1.00", 0, 0.25 },
  { "negative", ISC_UNIT_HINT_UNKNOWN, -5, -1, 4,
    MINUS "5 " MINUS "4 " MINUS "3 " MINUS "2 " MINUS "1", -5, 1 },
  { "across-zero", ISC_UNIT_HINT_COUNT, -1, 1, 4,
    MINUS "1.0 " MINUS "0.5 0.0 0.5 1.0", -1, 0.5 },
  { "reversed", ISC_UNIT_HINT_COUNT, 10, 0, 5,
    "0 2 4 6 8 10", 0, 2 },
  /* A flat series reads from zero to its value. */
  { "flat", ISC_UNIT_HINT_COUNT, 5, 5, 5,
    "0 1 2 3 4 5", 0, 1 },
  { "flat-negative", ISC_UNIT_HINT_COUNT, -5, -5, 5,
    MINUS "5 " MINUS "4 " MINUS "3 " MINUS "2 " MINUS "1 0", -5, 1 },
  { "zero", ISC_UNIT_HINT_UNKNOWN, 0, 0, 5,
    "0.0 0.2 0.4 0.6 0.8 1.0", 0, 0.2 },
  { "nan", ISC_UNIT_HINT_UNKNOWN, NAN, NAN, 5,
    "0.0 0.2 0.4 0.6 0.8 1.0", 0, 0.2 },
  { "nan-min", ISC_UNIT_HINT_COUNT, NAN, 10, 5,
    "0 2 4 6 8 10", 0, 2 },
  { "infinite-max", ISC_UNIT_HINT_COUNT, 0, INFINITY, 5,
    "0.0 0.2 0.4 0.6 0.8 1.0", 0, 0.2 },
};

static void
test_ticks_table (gconstpointer data)
{
  const TicksCase *c = data;
  g_autoptr(IscValueTicks) ticks = isc_value_ticks_new (c->unit_hint, c->min, c->max, c->target_count);
  g_autofree char *joined = g_strjoinv (" ", ticks->labels);

  g_assert_cmpstr (joined, ==, c->labels);
  g_assert_cmpuint (g_strv_length (ticks->labels), ==, ticks->n_ticks);
  g_assert_cmpfloat_with_epsilon (ticks->values[0], c->first_value, 1e-9 * MAX (1.0, fabs (c->step)));
  g_assert_cmpfloat_with_epsilon (ticks->step, c->step, 1e-9 * fabs (c->step));
  g_assert_cmpfloat (ticks->min, ==, ticks->values[0]);
  g_assert_cmpfloat (ticks->max, ==, ticks->values[ticks->n_ticks - 1]);
}

/* What every axis must hold, over many ranges: the ticks cover the range,
 * rise by one nice step in the displayed unit, are few, and no two read
 * the same.
 */
static void
check_ticks_invariants (IscUnitHint unit_hint,
                        double      min,
                        double      max,
                        guint       target_count)
{
  g_autoptr(IscValueTicks) ticks = isc_value_ticks_new (unit_hint, min, max, target_count);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  double step_displayed;
  double mantissa;
  double lo = MIN (min, max);
  double hi = MAX (min, max);

  g_assert_nonnull (ticks);
  g_assert_cmpuint (ticks->n_ticks, >=, 2);
  g_assert_cmpuint (ticks->n_ticks, <=, 150);
  g_assert_cmpfloat (ticks->step, >, 0.0);

  if (isfinite (lo) && isfinite (hi) && fabs (lo) < 1e300 && fabs (hi) < 1e300)
    {
      double slack = 1e-9 * ticks->step;

      g_assert_cmpfloat (ticks->values[0], <=, lo + slack);
      g_assert_cmpfloat (ticks->values[ticks->n_ticks - 1], >=, hi - slack);
    }

  /* The step is 1, 2, 2.5 or 5 × 10^k of the displayed unit. */
  step_displayed = ticks->step * ticks->format.multiplier / ticks->format.divisor;
  mantissa = step_displayed / pow (10.0, floor (log10 (step_displayed) + 1e-9));
  g_assert_true (fabs (mantissa - 1.0) < 1e-6 || fabs (mantissa - 2.0) < 1e-6 ||
                 fabs (mantissa - 2.5) < 1e-6 || fabs (mantissa - 5.0) < 1e-6);

  for (guint i = 0; i < ticks->n_ticks; i++)
    {
      g_assert_nonnull (ticks->labels[i]);
      g_assert_true (g_utf8_validate (ticks->labels[i], -1, NULL));
      g_assert_false (g_hash_table_contains (seen, ticks->labels[i]));
      g_hash_table_add (seen, ticks->labels[i]);

      if (i > 0)
        g_assert_cmpfloat (ticks->values[i], >, ticks->values[i - 1]);
    }
  g_assert_null (ticks->labels[ticks->n_ticks]);
}

static void
test_ticks_invariants (void)
{
  static const IscUnitHint hints[] = {
    ISC_UNIT_HINT_UNKNOWN, ISC_UNIT_HINT_PER_SECOND, ISC_UNIT_HINT_SECONDS,
    ISC_UNIT_HINT_BYTES, ISC_UNIT_HINT_MEBIBYTES, ISC_UNIT_HINT_COUNT,
    ISC_UNIT_HINT_RATIO,
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261130);

  for (guint h = 0; h < G_N_ELEMENTS (hints); h++)
    {
      for (guint i = 0; i < 400; i++)
        {
          double exponent = g_rand_double_range (rand, -12.0, 15.0);
          double a = g_rand_double_range (rand, -1.0, 1.0) * pow (10.0, exponent);
          double b = a + g_rand_double (rand) * pow (10.0, exponent - g_rand_double_range (rand, 0.0, 4.0));

          check_ticks_invariants (hints[h], a, b, g_rand_int_range (rand, 2, 12));
          check_ticks_invariants (hints[h], fabs (a), fabs (b), 6);
        }
    }
}

static void
test_ticks_extremes (void)
{
  /* None of these may loop for long or ask for millions of ticks. */
  check_ticks_invariants (ISC_UNIT_HINT_UNKNOWN, -1e308, 1e308, 5);
  check_ticks_invariants (ISC_UNIT_HINT_BYTES, 0, 1e308, 5);
  check_ticks_invariants (ISC_UNIT_HINT_SECONDS, 1e-300, 2e-300, 5);
  check_ticks_invariants (ISC_UNIT_HINT_COUNT, 1.0, 1.0 + 1e-15, 5);
  check_ticks_invariants (ISC_UNIT_HINT_COUNT, 1e12, 1e12 + 1e-3, 5);
  check_ticks_invariants (ISC_UNIT_HINT_UNKNOWN, -INFINITY, INFINITY, 5);
  check_ticks_invariants (ISC_UNIT_HINT_RATIO, 0, 1, 1000000);
  check_ticks_invariants (ISC_UNIT_HINT_RATIO, 0, 1, 0);
  check_ticks_invariants (ISC_UNIT_HINT_PER_SECOND, 0, 1e-320, 5);
}

static void
test_ticks_target_count (void)
{
  g_autoptr(IscValueTicks) few = isc_value_ticks_new (ISC_UNIT_HINT_COUNT, 0, 100, 2);
  g_autoptr(IscValueTicks) many = isc_value_ticks_new (ISC_UNIT_HINT_COUNT, 0, 100, 20);
  g_autoptr(IscValueTicks) huge = isc_value_ticks_new (ISC_UNIT_HINT_COUNT, 0, 100, G_MAXUINT);

  /* A taller chart asks for more ticks and gets them. */
  g_assert_cmpuint (few->n_ticks, <=, 4);
  g_assert_cmpuint (many->n_ticks, >=, 15);
  g_assert_cmpuint (huge->n_ticks, <=, 150);
}

typedef struct
{
  gint64       seconds;
  const char  *expected;
} DurationCase;

static const DurationCase duration_cases[] = {
  { 0,        "0" NB "s" },
  { 1,        "1" NB "s" },
  { 30,       "30" NB "s" },
  { 60,       "1" NB "min" },
  { 90,       "1" NB "min 30" NB "s" },
  { 300,      "5" NB "min" },
  { 3600,     "1" NB "h" },
  { 3601,     "1" NB "h" },
  { 5400,     "1" NB "h 30" NB "min" },
  { 86400,    "1" NB "d" },
  { 604800,   "7" NB "d" },
  { 93600,    "1" NB "d 2" NB "h" },
  { -60,      MINUS "1" NB "min" },
  { G_MININT64, MINUS "106751991167300" NB "d 15" NB "h" },
};

static void
test_format_duration (gconstpointer data)
{
  const DurationCase *c = data;
  g_autofree char *text = isc_format_duration_short (c->seconds);

  g_assert_cmpstr (text, ==, c->expected);
}

/* A legend's or a tooltip's value: k and M chosen for each value, to the
 * column's precision; the axis' unit for the rest (issue 9). */
/* Zero on a prefixed axis has no prefix. */
static void
test_ticks_zero_unprefixed (void)
{
  g_autoptr(IscValueTicks) rates = isc_value_ticks_new (ISC_UNIT_HINT_PER_SECOND, 0, 15000, 4);
  g_autoptr(IscValueTicks) bytes = isc_value_ticks_new (ISC_UNIT_HINT_BYTES, 0, 20 * 1024, 4);

  g_assert_cmpstr (rates->labels[0], ==, "0/s");
  g_assert_true (g_str_has_suffix (rates->labels[1], "k/s"));
  g_assert_cmpstr (bytes->labels[0], ==, "0" NB "B");
  g_assert_true (g_str_has_suffix (bytes->labels[1], "KiB"));
}

static void
test_format_own_values (void)
{
  g_autoptr(IscValueTicks) seconds = isc_value_ticks_new (ISC_UNIT_HINT_SECONDS, 0, 104, 5);
  IscValueFormat rates, axis, counts, small;
  struct { const IscValueFormat *format; double value; const char *expected; } cases[] = {
    { &rates, 630,    "630/s" },
    { &rates, 1500,   "1.50k/s" },
    { &rates, 999.7,  "1.00k/s" },
    { &rates, 0.021,  "0.021/s" },
    { &rates, 0,      "0/s" },
    { &counts, 2345,  "2.3k" },
    { &counts, 117000, "117k" },
    { &axis,  1.8,    "1.8" NB "s" },
    { &axis,  0.03,   "0.03" NB "s" },
    { &axis,  100,    "100" NB "s" },
    /* Two significant digits at least: a mean of 0.075/s beside 10/s is
     * not "0.1/s"; an exact 0.1/s stays "0.1/s". */
    { &small, 0.075,  "0.075/s" },
    { &small, 0.1,    "0.1/s" },
    { &small, 7.24,   "7.2/s" },
  };

  isc_value_format_init_for_range (&rates, ISC_UNIT_HINT_PER_SECOND, 0, 1500, 3);
  isc_value_format_init_for_range (&counts, ISC_UNIT_HINT_COUNT, 0, 150000, 3);
  isc_value_format_init_for_range (&small, ISC_UNIT_HINT_PER_SECOND, 0, 12, 3);
  /* The axis of 0 … 104 s reads seconds, where a format of its own range
   * would say minutes ("0.03 min" under "100 s"). */
  g_assert_cmpstr (seconds->format.suffix, ==, "s");
  isc_value_format_init_for_axis (&axis, &seconds->format, seconds->min, seconds->max, 3);
  g_assert_cmpstr (axis.suffix, ==, "s");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = isc_value_format_format_value (cases[i].format, cases[i].value);

      g_assert_cmpstr (text, ==, cases[i].expected);
    }
}

static void
test_locale_decimal_separator (void)
{
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autofree char *bytes = NULL;
  g_autofree char *rate = NULL;
  g_autofree char *whole = NULL;
  g_autofree char *ranged = NULL;
  g_autoptr(IscValueTicks) ticks = NULL;
  g_autofree char *joined = NULL;
  IscValueFormat format;

  if (setlocale (LC_NUMERIC, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("the de_DE.UTF-8 locale is not installed");
      return;
    }

  bytes = isc_format_value (1536, ISC_UNIT_HINT_BYTES, 3);
  rate = isc_format_value (1500, ISC_UNIT_HINT_PER_SECOND, 3);
  whole = isc_format_value (1024, ISC_UNIT_HINT_BYTES, 3);
  isc_value_format_init_for_range (&format, ISC_UNIT_HINT_RATIO, 0, 0.5, 3);
  ranged = isc_value_format_format (&format, 0.125);
  ticks = isc_value_ticks_new (ISC_UNIT_HINT_SECONDS, 0, 1.5, 3);
  joined = g_strjoinv (" ", ticks->labels);

  setlocale (LC_NUMERIC, saved);

  g_assert_cmpstr (bytes, ==, "1,5" NB "KiB");
  g_assert_cmpstr (rate, ==, "1,5k/s");
  /* Trailing zeros go with the locale's separator too. */
  g_assert_cmpstr (whole, ==, "1" NB "KiB");
  g_assert_cmpstr (ranged, ==, "12,5" NB "%");
  g_assert_cmpstr (joined, ==, "0,0" NB "s 0,5" NB "s 1,0" NB "s 1,5" NB "s");
}

/* Every formatting path is total over the doubles: each unit × each
 * hostile value reads as valid, non-empty UTF-8, "—" for NaN and "∞" for
 * a value that is infinite or becomes so in the unit's base (MEBIBYTES
 * 1.7e302 is 1.8e308 bytes), and never crashes.
 */
static const double hostile_values[] = {
  NAN, -NAN, INFINITY, -INFINITY, DBL_MAX, -DBL_MAX, 1.7e302, -1.7e302,
  1e300, 1e15, 999999999999999.9, DBL_MIN, -DBL_MIN, 4.9406564584124654e-324,
  -4.9406564584124654e-324, 1e-310, 0.0, -0.0, 1e-5, 0.99999999999999989,
};

static const IscUnitHint all_unit_hints[] = {
  ISC_UNIT_HINT_UNKNOWN, ISC_UNIT_HINT_PER_SECOND, ISC_UNIT_HINT_SECONDS,
  ISC_UNIT_HINT_BYTES, ISC_UNIT_HINT_MEBIBYTES, ISC_UNIT_HINT_COUNT,
  ISC_UNIT_HINT_RATIO, (IscUnitHint) 99,
};

static void
assert_sensible_text (const char  *text,
                      double       value,
                      IscUnitHint  unit_hint,
                      gboolean     overflows)
{
  g_assert_nonnull (text);
  if (!g_utf8_validate (text, -1, NULL) || text[0] == '\0')
    g_error ("value %.17g, unit %d: \"%s\" is not a sensible text", value, unit_hint, text);

  if (isnan (value))
    g_assert_cmpstr (text, ==, "\xe2\x80\x94");
  else if (overflows)
    {
      if (strstr (text, "\xe2\x88\x9e") == NULL)
        g_error ("value %.17g, unit %d: \"%s\" does not read infinite", value, unit_hint, text);
      if (signbit (value) && !g_str_has_prefix (text, MINUS))
        g_error ("value %.17g, unit %d: \"%s\" lost its sign", value, unit_hint, text);
    }
  else if (fabs (value) < 1e-300)
    {
      /* Zero, or a subnormal: no infinity, no stray characters. */
      g_assert_null (strstr (text, "\xe2\x88\x9e"));
    }
  else if (isfinite (value) && value != 0.0 && strstr (text, "\xe2\x88\x9e") != NULL)
    g_error ("value %.17g, unit %d: \"%s\" reads infinite", value, unit_hint, text);
}

static void
test_format_hostile (void)
{
  for (guint u = 0; u < G_N_ELEMENTS (all_unit_hints); u++)
    for (guint v = 0; v < G_N_ELEMENTS (hostile_values); v++)
      {
        IscUnitHint unit_hint = all_unit_hints[u];
        double value = hostile_values[v];
        double multiplier = unit_hint == ISC_UNIT_HINT_MEBIBYTES ? 1048576.0 : 1.0;
        gboolean overflows = !isnan (value) && !isfinite (value * multiplier);
        IscValueFormat format, axis_format;

        for (guint digits = 0; digits <= 16; digits += 4)
          {
            g_autofree char *text = isc_format_value (value, unit_hint, digits);

            assert_sensible_text (text, value, unit_hint, overflows);
            /* Not zero never reads as zero, however small. */
            if (value != 0.0 && !isnan (value))
              g_assert_true (strchr (text, '1') != NULL || strchr (text, '2') != NULL ||
                             strchr (text, '4') != NULL || strchr (text, '5') != NULL ||
                             strchr (text, '9') != NULL || strstr (text, "\xe2\x88\x9e") != NULL);
          }

        for (guint integer = 0; integer < 2; integer++)
          {
            double ends[][2] = { { value, value }, { 0.0, value }, { -1.0, 1.0 } };

            for (guint e = 0; e < G_N_ELEMENTS (ends); e++)
              {
                g_autofree char *text = NULL;
                g_autofree char *own = NULL;

                if (integer)
                  isc_value_format_init_integer (&format, unit_hint, ends[e][0], ends[e][1], 3);
                else
                  isc_value_format_init_for_range (&format, unit_hint, ends[e][0], ends[e][1], 3);

                text = isc_value_format_format (&format, value);
                own = isc_value_format_format_value (&format, value);
                assert_sensible_text (text, value, unit_hint, overflows);
                assert_sensible_text (own, value, unit_hint, overflows);
              }
          }

        /* Ticks over a hostile range, and a legend read against them. */
        for (guint integer = 0; integer < 2; integer++)
          {
            g_autoptr(IscValueTicks) ticks = integer
              ? isc_value_ticks_new_integer (unit_hint, -value, value, 5)
              : isc_value_ticks_new (unit_hint, 0.0, value, 5);
            g_autofree char *text = NULL;

            g_assert_nonnull (ticks);
            g_assert_cmpuint (ticks->n_ticks, >=, 2);
            for (guint t = 0; t < ticks->n_ticks; t++)
              {
                g_assert_true (isfinite (ticks->values[t]));
                g_assert_true (g_utf8_validate (ticks->labels[t], -1, NULL));
                g_assert_cmpstr (ticks->labels[t], !=, "");
              }

            isc_value_format_init_for_axis (&axis_format, &ticks->format, value, value, 3);
            text = isc_value_format_format (&axis_format, value);
            g_assert_true (g_utf8_validate (text, -1, NULL));
            g_assert_cmpstr (text, !=, "");
          }
      }
}

static char *
case_path (const char *prefix,
           guint       index)
{
  return g_strdup_printf ("%s/%u", prefix, index);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (format_cases); i++)
    {
      g_autofree char *path = case_path ("/isc/units/format", i);
      g_test_add_data_func (path, &format_cases[i], test_format_value);
    }

  for (guint i = 0; i < G_N_ELEMENTS (range_cases); i++)
    {
      g_autofree char *path = case_path ("/isc/units/range", i);
      g_test_add_data_func (path, &range_cases[i], test_format_range);
    }

  for (guint i = 0; i < G_N_ELEMENTS (ticks_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/units/ticks/%s", ticks_cases[i].name);
      g_test_add_data_func (path, &ticks_cases[i], test_ticks_table);
    }

  for (guint i = 0; i < G_N_ELEMENTS (duration_cases); i++)
    {
      g_autofree char *path = case_path ("/isc/units/duration", i);
      g_test_add_data_func (path, &duration_cases[i], test_format_duration);
    }

  g_test_add_func ("/isc/units/ticks-invariants", test_ticks_invariants);
  g_test_add_func ("/isc/units/ticks-extremes", test_ticks_extremes);
  g_test_add_func ("/isc/units/ticks-target-count", test_ticks_target_count);
  g_test_add_func ("/isc/units/ticks-zero-unprefixed", test_ticks_zero_unprefixed);
  g_test_add_func ("/isc/units/own-values", test_format_own_values);
  g_test_add_func ("/isc/units/locale", test_locale_decimal_separator);
  g_test_add_func ("/isc/units/hostile", test_format_hostile);

  return g_test_run ();
}
