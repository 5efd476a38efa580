/* isc-outliers.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A lone spike, and the soft maximum that keeps it from flattening the
 * rest of a chart (a cold start of minutes among hours of seconds).
 *
 * peaks holds each step's highest drawn value (NaN for a null step) and
 * base the value axis' lower end (0 for a latency). A step is part of a
 * lone spike when its peak lies more than ISC_OUTLIER_RATIO times as far
 * above base as the body's top, the body's top being the 98th percentile
 * of the peaks (the value with 2 % of the steps above it). So at most 2 %
 * of the steps can be clipped, and only when there are
 * ISC_OUTLIER_MIN_STEPS steps or more: a spike among few steps, or one
 * that lasts, is the story and is drawn whole. A body flat at base (all
 * zero but one step) has nothing to flatten and is never clipped.
 *
 * Below the ratio the body keeps a fifth of the plot's height or more,
 * and is drawn as it is.
 */
#define ISC_OUTLIER_RATIO      5.0
#define ISC_OUTLIER_MIN_STEPS  20
#define ISC_OUTLIER_MAX_SHARE  0.02

/* TRUE when peaks hold a lone spike: soft_max is then the highest peak
 * that is not part of it (where a value axis may stop), n_clipped the
 * number of steps above it. FALSE, with soft_max the highest peak and
 * n_clipped 0, otherwise (NaN soft_max when every peak is null). */
gboolean isc_outliers_find_soft_max (const double *peaks,
                                     gsize         n,
                                     double        base,
                                     double       *soft_max,
                                     guint        *n_clipped);

/* FALSE when one series' statistics already rule a lone spike out, so
 * the peaks need not be looked at: its mean over its n_values non-null
 * steps (of n_steps), with highest the highest value of all series. The
 * bound: below a spike's body every peak lies within (highest - base) /
 * RATIO of base, and at most the share above it, so a series whose mean
 * lies further up than both allow has no lone spike above it. TRUE means
 * only "look": isc_outliers_find_soft_max decides. */
gboolean isc_outliers_may_have_spike (double mean,
                                      guint  n_values,
                                      double highest,
                                      gsize  n_steps,
                                      double base);

G_END_DECLS
