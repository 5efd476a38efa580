/* isc-demo-window-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-demo-generator-private.h"

G_BEGIN_DECLS

/* The window a metrics response covers and its value sets, as the demo
 * plays Baseten's rules: SERIES steps start at multiples of the step the
 * server chooses; CURRENT is the last ingested minute; SUMMARY is the
 * window asked for, its edge buckets counted in part. The generator's
 * values sit on a grid of _ISC_DEMO_BUCKET_SECONDS buckets under it.
 */

/* One value set: whole buckets [first, last) of the window's buckets,
 * the edge buckets counted in part when a SUMMARY window does not fall
 * on bucket boundaries.
 */
typedef struct
{
  gint64 start_ms;
  gint64 first;      /* bucket indices, relative to the window's first bucket */
  gint64 last;
  double first_fraction;
  double last_fraction;
} IscDemoStep;

typedef struct
{
  IscMode  mode;          /* the mode answered: SERIES when dense */
  guint    step_s;        /* SERIES only, else 0 */
  gint64   win_start_ms;  /* the window the steps cover */
  gint64   win_end_ms;
  gint64   out_start_ms;  /* the window the response states */
  gint64   out_end_ms;
  gint64   bucket0;       /* the first bucket, counted from the epoch */
  gint64   n_buckets;
  GArray  *steps;         /* of IscDemoStep */
} IscDemoWindow;

/* Plans @window for @request at @now_s. @promotion_s, when not 0, is when
 * the target changed hands: a SERIES step it falls inside is split there
 * (not when dense, which promises exactly _ISC_DEMO_DENSE_STEPS sets).
 */
void   _isc_demo_window_init          (IscDemoWindow               *window,
                                       const IscDemoMetricsRequest *request,
                                       gint64                       now_s,
                                       gint64                       promotion_s);
void   _isc_demo_window_clear         (IscDemoWindow               *window);

/* The SERIES step for a window: the smallest of 30, 60, 120, 300, 600,
 * 900, 1800 and 3600 s that keeps at most 360 value sets once the sets
 * start at multiples of the step.
 */
guint  _isc_demo_window_step_seconds  (gint64                       start_ms,
                                       gint64                       end_ms);

G_END_DECLS
