/* test-chart-decimate.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The decimation's pure functions, on their own: M4 keeps each pixel
 * column's first, lowest, highest and last point in their order, and no
 * more than four a column whatever the input; a gap is one break; the
 * step polyline of whole counts is horizontal then vertical, never a
 * diagonal, and a null ends it at its step's start.
 */

#include "config.h"

#include <math.h>

#include "isc-chart-decimate.h"

static GArray *
new_points (void)
{
  return g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
}

static const IscChartPoint *
point (GArray *points,
       guint   i)
{
  return &g_array_index (points, IscChartPoint, i);
}

/* The last point with a value: a run ends with a break, the last too. */
static const IscChartPoint *
last_point (GArray *points)
{
  for (guint i = points->len; i > 0; i--)
    if (!isnan (point (points, i - 1)->y))
      return point (points, i - 1);
  g_assert_not_reached ();
}

static guint
count_breaks (GArray *points)
{
  guint n = 0;

  for (guint i = 0; i < points->len; i++)
    if (isnan (point (points, i)->y))
      n++;
  return n;
}

/* A thousand points in one pixel column: its first, lowest, highest and
 * last, in the order they came. */
static void
test_m4_one_column (void)
{
  g_autoptr(GArray) points = new_points ();
  double xs[1000], ys[1000];

  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    {
      xs[i] = 10.0 + i / 1000.0 * 0.9;
      ys[i] = 50.0 + 10.0 * sin (i / 37.0);
    }
  ys[0] = 55.0;
  ys[400] = 0.0;     /* the lowest */
  ys[700] = 100.0;   /* the highest */
  ys[999] = 42.0;

  isc_chart_decimate_m4 (xs, ys, G_N_ELEMENTS (xs), points);
  /* The four, and the break that ends the line. */
  g_assert_cmpuint (points->len, ==, 5);
  g_assert_cmpuint (count_breaks (points), ==, 1);
  g_assert_cmpfloat (point (points, 0)->y, ==, 55.0);
  g_assert_cmpfloat (point (points, 1)->y, ==, 0.0);
  g_assert_cmpfloat (point (points, 2)->y, ==, 100.0);
  g_assert_cmpfloat (point (points, 3)->y, ==, 42.0);
  g_assert_cmpfloat (point (points, 1)->x, ==, xs[400]);
  g_assert_cmpfloat (point (points, 2)->x, ==, xs[700]);
}

/* However many points, at most four a column; and the reduced line keeps
 * every column's extremes. */
static void
test_m4_bound (void)
{
  g_autoptr(GArray) points = new_points ();
  const guint n = 100000, columns = 500;
  g_autofree double *xs = g_new (double, n);
  g_autofree double *ys = g_new (double, n);
  double lo = INFINITY, hi = -INFINITY, rlo = INFINITY, rhi = -INFINITY;
  guint32 state = 11;

  for (guint i = 0; i < n; i++)
    {
      state = state * 1664525u + 1013904223u;
      xs[i] = (double) i / n * columns;
      ys[i] = (state >> 8) / (double) (1 << 24);
      lo = MIN (lo, ys[i]);
      hi = MAX (hi, ys[i]);
    }

  isc_chart_decimate_m4 (xs, ys, n, points);
  g_assert_cmpuint (count_breaks (points), ==, 1);
  g_assert_cmpuint (points->len - 1, <=, 4 * columns);
  g_assert_cmpuint (points->len - 1, >=, 2 * columns);
  for (guint i = 0; i + 1 < points->len; i++)
    {
      rlo = MIN (rlo, point (points, i)->y);
      rhi = MAX (rhi, point (points, i)->y);
      if (i > 0)
        g_assert_cmpfloat (point (points, i)->x, >=, point (points, i - 1)->x);
    }
  g_assert_cmpfloat (rlo, ==, lo);
  g_assert_cmpfloat (rhi, ==, hi);
}

/* A run of nulls is one break between the two lines, reduced or not (and
 * each line, the last too, ends with its break). */
static void
test_gap_is_one_break (void)
{
  g_autoptr(GArray) reduced = new_points ();
  g_autoptr(GArray) plain = new_points ();
  double xs[10], ys[10];

  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    {
      xs[i] = i * 20.0;
      ys[i] = (i >= 3 && i <= 5) ? NAN : (double) i;
    }

  isc_chart_decimate_m4 (xs, ys, G_N_ELEMENTS (xs), reduced);
  isc_chart_points_append (xs, ys, G_N_ELEMENTS (xs), plain);
  g_assert_cmpuint (count_breaks (reduced), ==, 2);
  g_assert_cmpuint (count_breaks (plain), ==, 2);
  for (GArray *points = reduced; points != NULL; points = points == reduced ? plain : NULL)
    {
      g_assert_cmpfloat (point (points, 2)->x, ==, 40);
      g_assert_true (isnan (point (points, 3)->y));
      g_assert_cmpfloat (point (points, 4)->x, ==, 120);
      g_assert_true (isnan (point (points, points->len - 1)->y));
    }
  /* Every point with a value kept: each is alone in its column. */
  g_assert_cmpuint (reduced->len - count_breaks (reduced), ==, 7);
  g_assert_cmpuint (plain->len - count_breaks (plain), ==, 7);
}

/* Whole counts as steps: each value from its step's start to the next,
 * horizontal then vertical, ending at end_x. */
static void
test_steps (void)
{
  g_autoptr(GArray) points = new_points ();
  const double xs[] = { 0, 10, 20 };
  const double ys[] = { 1, 3, 2 };

  isc_chart_step_points_append (xs, ys, G_N_ELEMENTS (xs), 30, FALSE, points);
  /* One line: its closing break alone. */
  g_assert_cmpuint (count_breaks (points), <=, 1);
  g_assert_cmpfloat (point (points, 0)->x, ==, 0);
  g_assert_cmpfloat (point (points, 0)->y, ==, 1);
  g_assert_cmpfloat (last_point (points)->x, ==, 30);
  g_assert_cmpfloat (last_point (points)->y, ==, 2);
  for (guint i = 1; i < points->len && !isnan (point (points, i)->y); i++)
    {
      const IscChartPoint *a = point (points, i - 1), *b = point (points, i);

      /* Never a diagonal. */
      g_assert_true (a->x == b->x || a->y == b->y);
      g_assert_cmpfloat (b->x, >=, a->x);
    }
  /* Each value holds over its whole step. */
  for (guint s = 0; s < G_N_ELEMENTS (xs); s++)
    {
      double end = s + 1 < G_N_ELEMENTS (xs) ? xs[s + 1] : 30;
      gboolean from = FALSE, to = FALSE;

      for (guint i = 0; i < points->len; i++)
        {
          if (point (points, i)->x == xs[s] && point (points, i)->y == ys[s])
            from = TRUE;
          if (point (points, i)->x == end && point (points, i)->y == ys[s])
            to = TRUE;
        }
      g_assert_true (from && to);
    }
}

/* A null ends the line at its step's start; the next value starts anew. */
static void
test_steps_null (void)
{
  g_autoptr(GArray) points = new_points ();
  const double xs[] = { 0, 10, 20 };
  const double ys[] = { 4, NAN, 2 };
  guint first_break = G_MAXUINT;

  isc_chart_step_points_append (xs, ys, G_N_ELEMENTS (xs), 30, FALSE, points);
  g_assert_cmpuint (count_breaks (points), >=, 1);
  for (guint i = 0; i < points->len && first_break == G_MAXUINT; i++)
    if (isnan (point (points, i)->y))
      first_break = i;
  g_assert_cmpuint (first_break, >, 0);
  /* The line before the break goes no further than the null's start. */
  for (guint i = 0; i < first_break; i++)
    g_assert_cmpfloat (point (points, i)->x, <=, 10);
  g_assert_cmpfloat (point (points, first_break - 1)->x, ==, 10);
  g_assert_cmpfloat (point (points, first_break - 1)->y, ==, 4);
  /* After it, the last step from its start to the end. */
  g_assert_cmpfloat (point (points, first_break + 1)->x, ==, 20);
  g_assert_cmpfloat (last_point (points)->x, ==, 30);
  g_assert_cmpfloat (last_point (points)->y, ==, 2);
}

/* Reduced, a thousand steps in one column keep their one-step maximum as
 * a vertical run through the lowest and highest. */
static void
test_steps_reduced (void)
{
  g_autoptr(GArray) points = new_points ();
  double xs[1000], ys[1000];
  double hi = -INFINITY;

  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    {
      xs[i] = 5.0 + i / 1000.0 * 0.9;
      ys[i] = 3;
    }
  ys[512] = 90;

  isc_chart_step_points_append (xs, ys, G_N_ELEMENTS (xs), 6.0, TRUE, points);
  g_assert_cmpuint (points->len - count_breaks (points), <=, 8);
  for (guint i = 0; i < points->len; i++)
    if (!isnan (point (points, i)->y))
      hi = MAX (hi, point (points, i)->y);
  g_assert_cmpfloat (hi, ==, 90);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/chart-decimate/m4/one-column", test_m4_one_column);
  g_test_add_func ("/isc/chart-decimate/m4/bound", test_m4_bound);
  g_test_add_func ("/isc/chart-decimate/gap-is-one-break", test_gap_is_one_break);
  g_test_add_func ("/isc/chart-decimate/steps", test_steps);
  g_test_add_func ("/isc/chart-decimate/steps/null", test_steps_null);
  g_test_add_func ("/isc/chart-decimate/steps/reduced", test_steps_reduced);

  return g_test_run ();
}
