/* isc-value-ticks.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Ticks for a value axis (isc_value_ticks_new()): at 1, 2, 2.5 or 5 × 10^k
 * of the displayed unit, covering the range with about as many ticks as
 * asked, every label in one format. */

#define G_LOG_DOMAIN "isc-core"

#include "config.h"

#include <math.h>

#include "isc-units-private.h"

/* The smallest of 1, 2, 2.5, 5 × 10^k that is at least raw (> 0). Sets
 * *decimals to the decimals that step needs.
 */
static double
nice_step (double    raw,
           gboolean  integer,
           guint    *decimals)
{
  static const double all_mantissas[] = { 1.0, 2.0, 2.5, 5.0, 10.0 };
  /* 2.5 × 10^-k is never whole, and 25, 250 … read oddly next to 1, 2, 5. */
  static const double integer_mantissas[] = { 1.0, 2.0, 5.0, 10.0 };
  const double *mantissas = integer ? integer_mantissas : all_mantissas;
  guint n_mantissas = integer ? G_N_ELEMENTS (integer_mantissas) : G_N_ELEMENTS (all_mantissas);
  int exponent;
  double power;
  double fraction;
  int extra = 0;
  double mantissa = 10.0;

  if (!(raw > 0.0) || !isfinite (raw))
    raw = 1.0;

  exponent = (int) floor (log10 (raw));
  power = pow (10.0, (double) exponent);
  fraction = raw / power;

  for (guint i = 0; i < n_mantissas; i++)
    {
      /* A little slack so 2.0000000001 from float noise stays 2. */
      if (fraction <= mantissas[i] * (1.0 + 1e-9))
        {
          mantissa = mantissas[i];
          break;
        }
    }

  if (mantissa == 10.0)
    {
      mantissa = 1.0;
      exponent++;
      power *= 10.0;
    }

  if (mantissa == 2.5)
    extra = 1;

  *decimals = (guint) MAX (0, extra - exponent);

  return mantissa * power;
}

typedef struct
{
  double step;      /* displayed units */
  double first;     /* displayed units */
  guint  n_ticks;
  guint  decimals;
  double reach;     /* largest magnitude of a tick, displayed units */
} AxisPlan;

/* Ticks for [lo, hi] (base units) in the unit scale->steps[idx]. */
static void
plan_axis (AxisPlan           *plan,
           const IscUnitScale *scale,
           guint               idx,
           double              lo,
           double              hi,
           guint               target_count,
           gboolean            integer)
{
  double factor = scale->steps[idx].factor;
  double lo_d = lo / factor;
  double hi_d = hi / factor;
  double first_k;
  double last_k;

  plan->step = nice_step ((hi_d - lo_d) / target_count, integer, &plan->decimals);

  /* Bytes do not split: no tick at half a byte; nor do whole counts. */
  if (scale == &_isc_bytes_scale && idx == 0 && plan->step < 1.0)
    plan->step = nice_step (1.0, integer, &plan->decimals);
  if (integer && plan->step * factor < 1.0 - 1e-9)
    plan->step = nice_step (1.0 / factor, integer, &plan->decimals);

  first_k = floor (lo_d / plan->step + 1e-9);
  last_k = ceil (hi_d / plan->step - 1e-9);
  plan->first = first_k * plan->step;
  plan->n_ticks = (guint) CLAMP (last_k - first_k + 1.0, 2.0, (double) MAX_TICKS);
  plan->reach = MAX (fabs (plan->first), fabs (plan->first + (plan->n_ticks - 1) * plan->step));
}

/* The range an axis can be drawn for: finite, ordered, within the
 * magnitudes the steps cover, not flat and not thinner than a double can
 * tell its ticks apart in. */
static void
normalise_range (double *min_io,
                 double *max_io)
{
  double min = *min_io, max = *max_io;
  double magnitude;

  /* A NaN or infinite end: use the other one; neither: a unit range. */
  if (!isfinite (min))
    min = max;
  if (!isfinite (max))
    max = min;
  if (!isfinite (min))
    {
      min = 0.0;
      max = 1.0;
    }

  min = CLAMP (min, -MAX_INPUT_MAGNITUDE, MAX_INPUT_MAGNITUDE);
  max = CLAMP (max, -MAX_INPUT_MAGNITUDE, MAX_INPUT_MAGNITUDE);

  if (min > max)
    {
      double tmp = min;
      min = max;
      max = tmp;
    }

  /* A flat series: an axis from zero to it, so the line reads as its
   * value, not as the middle of an arbitrary band.
   */
  if (min == max)
    {
      if (min > 0.0)
        min = 0.0;
      else if (max < 0.0)
        max = 0.0;
      else
        max = 1.0;
    }

  /* A range too thin for a double to tell its ticks apart. */
  magnitude = MAX (fabs (min), fabs (max));
  if (max - min < magnitude * 1e-6)
    {
      double centre = min / 2.0 + max / 2.0;
      double half = magnitude * 0.5e-6;

      min = centre - half;
      max = centre + half;
    }

  *min_io = min;
  *max_io = max;
}

/* The unit step of @scale the axis from lo to hi (in displayed units) is
 * counted in, and its plan. */
static guint
choose_axis_unit (const IscUnitScale *scale,
                  double              lo,
                  double              hi,
                  guint               target_count,
                  gboolean            integer,
                  AxisPlan           *plan)
{
  guint idx = _isc_unit_choose_step (scale, MAX (fabs (lo), fabs (hi)));

  /* The unit is chosen again if the extended range reaches the next one:
   * 0…900 ms in steps of 200 ms ends at 1000 ms, which reads 1 s.
   */
  for (;;)
    {
      plan_axis (plan, scale, idx, lo, hi, target_count, integer);
      if (idx + 1 < scale->n_steps &&
          plan->reach >= scale->steps[idx + 1].factor / scale->steps[idx].factor)
        {
          idx++;
          continue;
        }
      break;
    }

  /* Minutes, hours and days are not decimal: "0 s, 20 s … 100 s" reads
   * better than "0.0 min, 0.5 min … 2.0 min". Stay one unit down when the
   * larger one would need decimals and the smaller needs neither decimals
   * nor a fourth digit.
   */
  if (scale == &_isc_seconds_scale && scale->steps[idx].factor >= 60.0 && plan->decimals > 0)
    {
      AxisPlan smaller;

      plan_axis (&smaller, scale, idx - 1, lo, hi, target_count, integer);
      if (smaller.decimals == 0 && smaller.reach < 1000.0)
        {
          *plan = smaller;
          idx--;
        }
    }

  return idx;
}

/* Each tick's value and label, from the plan in displayed units. */
static void
write_ticks (IscValueTicks      *ticks,
             const IscUnitScale *scale,
             guint               idx,
             const AxisPlan     *plan)
{
  double multiplier = ticks->format.multiplier;

  ticks->n_ticks = plan->n_ticks;
  ticks->values = g_new (double, plan->n_ticks);
  ticks->labels = g_new0 (char *, plan->n_ticks + 1);

  for (guint i = 0; i < plan->n_ticks; i++)
    {
      /* From the tick's index, not by adding steps, so no error builds up. */
      double displayed = (floor (plan->first / plan->step + 0.5) + i) * plan->step;

      ticks->values[i] = displayed * scale->steps[idx].factor / multiplier;
      /* Nothing needs no prefix: "0/s" under "5k/s", not "0k/s". */
      if (ticks->values[i] == 0.0 && idx > 0 &&
          (scale == &_isc_rate_scale || scale == &_isc_count_scale || scale == &_isc_bytes_scale))
        {
          IscValueFormat zero = ticks->format;

          _isc_value_format_set_step (&zero, scale, 0);
          zero.decimals = 0;
          ticks->labels[i] = isc_value_format_format (&zero, 0.0);
        }
      else
        ticks->labels[i] = isc_value_format_format (&ticks->format, ticks->values[i]);
    }

  ticks->step = plan->step * scale->steps[idx].factor / multiplier;
  ticks->min = ticks->values[0];
  ticks->max = ticks->values[plan->n_ticks - 1];
}

static IscValueTicks *
value_ticks_new (IscUnitHint unit_hint,
                 double      min,
                 double      max,
                 guint       target_count,
                 gboolean    integer)
{
  IscValueTicks *ticks;
  const IscUnitScale *scale;
  AxisPlan plan;
  double multiplier;
  guint idx;
  gboolean percent;

  if (target_count == 0)
    target_count = 5;
  target_count = CLAMP (target_count, 2, MAX_TARGET_TICKS);
  normalise_range (&min, &max);

  percent = unit_hint == ISC_UNIT_HINT_RATIO && min >= 0.0 && max <= 1.0;
  multiplier = _isc_unit_get_multiplier (unit_hint, percent);
  scale = _isc_unit_get_scale (unit_hint, percent);
  idx = choose_axis_unit (scale, min * multiplier, max * multiplier, target_count, integer, &plan);

  ticks = g_new0 (IscValueTicks, 1);
  ticks->format.unit_hint = unit_hint;
  ticks->format.multiplier = multiplier;
  ticks->format.percent = percent;
  ticks->format.decimals = plan.decimals;
  ticks->format.integer = integer;
  _isc_value_format_set_step (&ticks->format, scale, idx);
  write_ticks (ticks, scale, idx, &plan);

  return ticks;
}

IscValueTicks *
isc_value_ticks_new (IscUnitHint unit_hint,
                     double      min,
                     double      max,
                     guint       target_count)
{
  return value_ticks_new (unit_hint, min, max, target_count, FALSE);
}

IscValueTicks *
isc_value_ticks_new_integer (IscUnitHint unit_hint,
                             double      min,
                             double      max,
                             guint       target_count)
{
  return value_ticks_new (unit_hint, min, max, target_count, TRUE);
}

void
isc_value_ticks_free (IscValueTicks *ticks)
{
  if (ticks == NULL)
    return;

  g_free (ticks->values);
  g_strfreev (ticks->labels);
  g_free (ticks);
}
