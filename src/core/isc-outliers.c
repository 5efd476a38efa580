/* isc-outliers.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-outliers"

#include "config.h"

#include <math.h>

#include "isc-outliers.h"

/* The k-th largest of values[0 … n - 1] (k from 0), reordering them:
 * Hoare's selection, linear on average. */
static double
select_descending (double *values,
                   gssize  n,
                   gssize  k)
{
  gssize lo = 0, hi = n - 1;

  while (lo < hi)
    {
      double pivot = values[lo + (hi - lo) / 2];
      gssize i = lo, j = hi;

      while (i <= j)
        {
          while (values[i] > pivot)
            i++;
          while (values[j] < pivot)
            j--;
          if (i <= j)
            {
              double t = values[i];

              values[i++] = values[j];
              values[j--] = t;
            }
        }
      if (k <= j)
        hi = j;
      else if (k >= i)
        lo = i;
      else
        break;
    }
  return values[k];
}

gboolean
isc_outliers_find_soft_max (const double *peaks,
                            gsize         n,
                            double        base,
                            double       *soft_max,
                            guint        *n_clipped)
{
  g_autofree double *valid = NULL;
  gssize n_valid = 0, n_high = 0, k;
  double highest = NAN, body, limit, kept = NAN;
  guint above = 0;

  g_return_val_if_fail (peaks != NULL || n == 0, FALSE);

  for (gsize i = 0; i < n; i++)
    if (!isnan (peaks[i]))
      {
        n_valid++;
        if (isnan (highest) || peaks[i] > highest)
          highest = peaks[i];
      }

  if (soft_max != NULL)
    *soft_max = highest;
  if (n_clipped != NULL)
    *n_clipped = 0;
  if (n_valid < ISC_OUTLIER_MIN_STEPS || !(highest > base))
    return FALSE;

  /* The body's top is the peak with k steps above it. A spike, at most
   * the highest peak, lies above RATIO times the body's top: so the body's
   * top lies below highest / RATIO, and more than k peaks at or above
   * that rule a spike out without looking further (the common case). */
  k = MAX (1, (gssize)floor (n_valid * ISC_OUTLIER_MAX_SHARE));
  limit = base + (highest - base) / ISC_OUTLIER_RATIO;
  for (gsize i = 0; i < n && n_high <= k; i++)
    if (peaks[i] >= limit)
      n_high++;
  if (n_high > k)
    return FALSE;

  valid = g_new (double, n_valid);
  n_valid = 0;
  for (gsize i = 0; i < n; i++)
    if (!isnan (peaks[i]))
      valid[n_valid++] = peaks[i];

  body = select_descending (valid, n_valid, k);
  if (!(body > base))
    return FALSE;

  limit = base + ISC_OUTLIER_RATIO * (body - base);
  for (gssize i = 0; i < n_valid; i++)
    {
      if (valid[i] > limit)
        above++;
      else if (isnan (kept) || valid[i] > kept)
        kept = valid[i];
    }
  if (above == 0)
    return FALSE;

  if (soft_max != NULL)
    *soft_max = kept;
  if (n_clipped != NULL)
    *n_clipped = above;
  return TRUE;
}

gboolean
isc_outliers_may_have_spike (double mean,
                             guint  n_values,
                             double highest,
                             gsize  n_steps,
                             double base)
{
  double share;

  if (n_steps < ISC_OUTLIER_MIN_STEPS || !(highest > base))
    return FALSE;
  if (n_values == 0 || isnan (mean))
    return TRUE;

  /* Of this series' values, at most the share of all steps (each at most
   * highest) lie above the body, the rest at most 1 / RATIO of the way up:
   * their mean cannot reach past the sum of the two. */
  share = MAX (1.0, floor (n_steps * ISC_OUTLIER_MAX_SHARE)) / n_values;
  return mean - base < (MIN (share, 1.0) + 1.0 / ISC_OUTLIER_RATIO) * (highest - base);
}
