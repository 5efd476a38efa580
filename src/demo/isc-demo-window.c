/* isc-demo-window.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-demo-window"

#include "config.h"

#include <string.h>

#include "isc-demo-window-private.h"
#include "isc-math.h"

#define BUCKET _ISC_DEMO_BUCKET_SECONDS

guint
_isc_demo_window_step_seconds (gint64 start_ms,
                               gint64 end_ms)
{
  static const guint steps[] = { 30, 60, 120, 300, 600, 900, 1800, 3600 };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      gint64 step_ms = (gint64) steps[i] * 1000;
      gint64 first = isc_floor_div (start_ms, step_ms);
      gint64 last = isc_floor_div (end_ms - 1, step_ms);

      if (last - first + 1 <= _ISC_DEMO_MAX_STEPS)
        return steps[i];
    }

  return steps[G_N_ELEMENTS (steps) - 1];
}

/* The window the steps cover and the one the response states, and the
 * buckets under them.
 */
static void
plan_window (IscDemoWindow               *w,
             const IscDemoMetricsRequest *request,
             gint64                       now_s)
{
  w->mode = request->mode;
  if (request->dense)
    {
      gint64 last = isc_floor_div (now_s, 60) * 60;

      w->mode = ISC_MODE_SERIES;
      w->step_s = 60;
      w->win_start_ms = (last - (_ISC_DEMO_DENSE_STEPS - 1) * 60) * 1000;
      w->win_end_ms = (last + 60) * 1000;
      w->out_start_ms = w->win_start_ms;
      w->out_end_ms = w->win_end_ms;
    }
  else if (w->mode == ISC_MODE_CURRENT)
    {
      /* The last minute that has been ingested. */
      gint64 end = isc_floor_div (now_s, BUCKET) * BUCKET - 120;

      w->win_start_ms = (end - 60) * 1000;
      w->win_end_ms = end * 1000;
      w->out_start_ms = 0;
      w->out_end_ms = 0;
    }
  else if (w->mode == ISC_MODE_SERIES)
    {
      gint64 step_ms;

      w->step_s = _isc_demo_window_step_seconds (request->start_ms, request->end_ms);
      step_ms = (gint64) w->step_s * 1000;
      w->win_start_ms = isc_floor_div (request->start_ms, step_ms) * step_ms;
      w->win_end_ms = (isc_floor_div (request->end_ms - 1, step_ms) + 1) * step_ms;
      w->out_start_ms = w->win_start_ms;
      w->out_end_ms = w->win_end_ms;
    }
  else
    {
      w->win_start_ms = request->start_ms;
      w->win_end_ms = request->end_ms;
      w->out_start_ms = w->win_start_ms;
      w->out_end_ms = w->win_end_ms;
    }

  w->bucket0 = isc_floor_div (w->win_start_ms, BUCKET * 1000);
  w->n_buckets = isc_floor_div (w->win_end_ms - 1, BUCKET * 1000) - w->bucket0 + 1;
}

/* SERIES: one step per step_s; with @split, the step @promotion_s falls
 * inside is split there.
 */
static void
plan_series_steps (IscDemoWindow *w,
                   gint64         promotion_s,
                   gboolean       split)
{
  gint64 step_ms = (gint64) w->step_s * 1000;
  gint64 promotion_ms = promotion_s * 1000;

  for (gint64 s = w->win_start_ms; s < w->win_end_ms; s += step_ms)
    {
      IscDemoStep st = { s, (s / 1000) / BUCKET - w->bucket0, (s + step_ms) / 1000 / BUCKET - w->bucket0, 1, 1 };

      if (split && promotion_ms > s && promotion_ms < s + step_ms)
        {
          IscDemoStep second = { promotion_ms, promotion_s / BUCKET - w->bucket0, st.last, 1, 1 };

          st.last = second.first;
          g_array_append_val (w->steps, st);
          g_array_append_val (w->steps, second);
        }
      else
        g_array_append_val (w->steps, st);
    }
}

/* CURRENT and SUMMARY: one step over every bucket, the edge buckets
 * counted for the part of them inside the window.
 */
static void
plan_single_step (IscDemoWindow *w)
{
  const double bucket_ms = BUCKET * 1000.0;
  IscDemoStep st = { w->mode == ISC_MODE_CURRENT ? 0 : w->win_start_ms, 0, w->n_buckets, 1, 1 };
  gint64 b_start_ms = w->bucket0 * BUCKET * 1000;
  gint64 b_last_ms = (w->bucket0 + w->n_buckets - 1) * BUCKET * 1000;

  st.first_fraction = 1.0 - (double) (w->win_start_ms - b_start_ms) / bucket_ms;
  st.last_fraction = (double) (w->win_end_ms - b_last_ms) / bucket_ms;
  if (w->n_buckets == 1)
    st.first_fraction = st.last_fraction = (double) (w->win_end_ms - w->win_start_ms) / bucket_ms;
  g_array_append_val (w->steps, st);
}

void
_isc_demo_window_init (IscDemoWindow               *window,
                       const IscDemoMetricsRequest *request,
                       gint64                       now_s,
                       gint64                       promotion_s)
{
  g_return_if_fail (window != NULL);
  g_return_if_fail (request != NULL);

  memset (window, 0, sizeof *window);
  plan_window (window, request, now_s);

  window->steps = g_array_new (FALSE, FALSE, sizeof (IscDemoStep));
  if (window->mode == ISC_MODE_SERIES)
    plan_series_steps (window, promotion_s, promotion_s != 0 && !request->dense);
  else
    plan_single_step (window);
}

void
_isc_demo_window_clear (IscDemoWindow *window)
{
  g_clear_pointer (&window->steps, g_array_unref);
}
