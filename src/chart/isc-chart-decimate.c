/* isc-chart-decimate.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-decimate"

#include "config.h"

#include <math.h>

#include "isc-chart-decimate.h"

/* Columns per stroke: long enough to keep joins, short enough that the
 * stroker's cost stays linear (at most 4 × 64 segments once reduced).
 */
#define CHUNK_COLUMNS 64

static const cairo_user_data_key_t slabs_key;

/**
 * isc_chart_set_slabs:
 * @cr: a context
 * @slabs: whether to draw in slabs
 *
 * While set, isc_chart_stroke_points() strokes in chunks and
 * isc_chart_fill_polygons() fills in slabs of ISC_CHART_SLAB_COLUMNS
 * columns (a refresh drawing in blocks, isc-chart-pixels.c); otherwise in
 * chunks of CHUNK_COLUMNS and whole, which costs less drawn at once.
 */
void
isc_chart_set_slabs (cairo_t  *cr,
                     gboolean  slabs)
{
  cairo_set_user_data (cr, &slabs_key, slabs ? GINT_TO_POINTER (1) : NULL, NULL);
}

gboolean
isc_chart_get_slabs (cairo_t *cr)
{
  return cairo_get_user_data (cr, &slabs_key) != NULL;
}

static inline void
append_point (GArray *points,
              double  x,
              double  y)
{
  IscChartPoint p = { x, y };

  /* A repeated point is a zero-length segment, which cairo's stroker
   * draws without a join: skip it. */
  if (points->len > 0)
    {
      const IscChartPoint *last = &g_array_index (points, IscChartPoint, points->len - 1);

      if (last->x == x && last->y == y)
        return;
    }
  g_array_append_val (points, p);
}

static inline void
append_break (GArray *points)
{
  if (points->len > 0 &&
      !isnan (g_array_index (points, IscChartPoint, points->len - 1).y))
    append_point (points, NAN, NAN);
}

static void
flush_column (const double *xs,
              const double *ys,
              guint         first,
              guint         last,
              guint         lo,
              guint         hi,
              GArray       *points)
{
  guint idx[4] = { first, MIN (lo, hi), MAX (lo, hi), last };
  guint prev = G_MAXUINT;

  /* The four are in time order once min and max are ordered; skip
   * duplicates.
   */
  for (guint k = 0; k < 4; k++)
    {
      if (idx[k] == prev || (k > 0 && idx[k] < prev))
        continue;
      append_point (points, xs[idx[k]], ys[idx[k]]);
      prev = idx[k];
    }
}

void
isc_chart_decimate_m4 (const double *xs,
                       const double *ys,
                       guint         n,
                       GArray       *points)
{
  gboolean open = FALSE;
  double column = 0;
  guint first = 0, last = 0, lo = 0, hi = 0;

  for (guint i = 0; i < n; i++)
    {
      double c;

      if (isnan (ys[i]))
        {
          if (open)
            flush_column (xs, ys, first, last, lo, hi, points);
          open = FALSE;
          append_break (points);
          continue;
        }

      c = floor (xs[i]);
      if (open && c == column)
        {
          last = i;
          if (ys[i] < ys[lo])
            lo = i;
          if (ys[i] > ys[hi])
            hi = i;
          continue;
        }

      if (open)
        flush_column (xs, ys, first, last, lo, hi, points);

      open = TRUE;
      column = c;
      first = last = lo = hi = i;
    }

  if (open)
    flush_column (xs, ys, first, last, lo, hi, points);
  append_break (points);
}

void
isc_chart_points_append (const double *xs,
                         const double *ys,
                         guint         n,
                         GArray       *points)
{
  for (guint i = 0; i < n; i++)
    {
      if (isnan (ys[i]))
        append_break (points);
      else
        append_point (points, xs[i], ys[i]);
    }
  append_break (points);
}

void
isc_chart_step_points_append (const double *xs,
                              const double *ys,
                              guint         n,
                              double        end_x,
                              gboolean      reduce,
                              GArray       *points)
{
  g_autofree double *sx = NULL;
  g_autofree double *sy = NULL;
  guint m = 0;

  if (n == 0)
    {
      append_break (points);
      return;
    }

  /* Two vertices a step, (start, value) and (end, value): the vertical
   * edge between steps comes from joining one step's end to the next's
   * start at the same x. */
  sx = g_new (double, 2 * n);
  sy = g_new (double, 2 * n);
  for (guint i = 0; i < n; i++)
    {
      double next = i + 1 < n ? xs[i + 1] : end_x;

      sx[m] = xs[i];
      sy[m++] = ys[i];
      if (!isnan (ys[i]))
        {
          sx[m] = MAX (next, xs[i]);
          sy[m++] = ys[i];
        }
    }

  if (reduce)
    isc_chart_decimate_m4 (sx, sy, m, points);
  else
    isc_chart_points_append (sx, sy, m, points);
}

/* Clips the segment from @a to @b to the box (Liang–Barsky), in place;
 * FALSE when none of it is inside. */
static gboolean
clip_segment (IscChartPoint *a,
              IscChartPoint *b,
              double         x0,
              double         y0,
              double         x1,
              double         y1)
{
  double dx = b->x - a->x;
  double dy = b->y - a->y;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { a->x - x0, x1 - a->x, a->y - y0, y1 - a->y };
  double t0 = 0, t1 = 1;
  IscChartPoint from = *a;

  for (guint i = 0; i < 4; i++)
    {
      double t;

      if (p[i] == 0)
        {
          if (q[i] < 0)
            return FALSE;
          continue;
        }
      t = q[i] / p[i];
      if (p[i] < 0)
        {
          if (t > t1)
            return FALSE;
          t0 = MAX (t0, t);
        }
      else
        {
          if (t < t0)
            return FALSE;
          t1 = MIN (t1, t);
        }
    }

  if (t0 > 0)
    *a = (IscChartPoint) { from.x + t0 * dx, from.y + t0 * dy };
  if (t1 < 1)
    *b = (IscChartPoint) { from.x + t1 * dx, from.y + t1 * dy };
  return TRUE;
}

void
isc_chart_stroke_points (cairo_t             *cr,
                         const IscChartPoint *points,
                         guint                n_points,
                         double               x_anchor,
                         double               dot_radius)
{
  double x0, y0, x1, y1, pad;
  double chunk = isc_chart_get_slabs (cr) ? ISC_CHART_SLAB_COLUMNS : CHUNK_COLUMNS;
  guint i = 0;

  /* Only what can show is stroked: the segments cut to the clip, with
   * the line's width to spare. A line into a spike far above the axis
   * then costs its visible part, dashes and all, not its whole length. */
  cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
  pad = cairo_get_line_width (cr) + 1;
  x0 -= pad;
  y0 -= pad;
  x1 += pad;
  y1 += pad;

  while (i < n_points)
    {
      guint run_end = i;
      gboolean pen_down = FALSE;

      if (isnan (points[i].y))
        {
          i++;
          continue;
        }

      while (run_end < n_points && !isnan (points[run_end].y))
        run_end++;

      /* A lone value between gaps has no line to lie on: show it. */
      if (run_end - i == 1)
        {
          cairo_new_path (cr);
          cairo_arc (cr, points[i].x, points[i].y, dot_radius, 0, 2 * G_PI);
          cairo_fill (cr);
          i = run_end;
          continue;
        }

      cairo_new_path (cr);
      for (guint k = i + 1; k < run_end; k++)
        {
          IscChartPoint a = points[k - 1];
          IscChartPoint b = points[k];

          if (!clip_segment (&a, &b, x0, y0, x1, y1))
            {
              pen_down = FALSE;
              continue;
            }
          /* A segment that starts where the last one ended continues
           * its path; one cut at its start begins a new one. */
          if (!pen_down || a.x != points[k - 1].x || a.y != points[k - 1].y)
            cairo_move_to (cr, a.x, a.y);
          cairo_line_to (cr, b.x, b.y);
          pen_down = b.x == points[k].x && b.y == points[k].y;
          /* Chunks end where the path crosses into another block of
           * columns: after reduction a chunk holds at most four points
           * per column of the block, and the breaks fall on the same
           * segments with or without reduction, so both draw the same
           * pixels. */
          if (pen_down && k + 1 < run_end &&
              floor ((points[k].x - floor (x_anchor)) / chunk) != floor ((points[k - 1].x - floor (x_anchor)) / chunk))
            {
              cairo_stroke (cr);
              cairo_move_to (cr, points[k].x, points[k].y);
            }
        }
      cairo_stroke (cr);
      i = run_end;
    }
}

void
isc_chart_path_polygons (cairo_t             *cr,
                         const IscChartPoint *points,
                         guint                n_points)
{
  gboolean open = FALSE;

  cairo_new_path (cr);
  for (guint i = 0; i < n_points; i++)
    {
      if (isnan (points[i].y))
        {
          if (open)
            cairo_close_path (cr);
          open = FALSE;
          continue;
        }

      if (!open)
        cairo_move_to (cr, points[i].x, points[i].y);
      else
        cairo_line_to (cr, points[i].x, points[i].y);
      open = TRUE;
    }
  if (open)
    cairo_close_path (cr);
}

/* Appends the part of the ring @ring (n points) with @lo <= x <= @hi
 * (Sutherland–Hodgman against the two lines), then a break. */
static void
append_ring_between (const IscChartPoint *ring,
                     guint                n,
                     double               lo,
                     double               hi,
                     GArray              *out,
                     GArray              *tmp)
{
  g_array_set_size (tmp, 0);
  for (guint side = 0; side < 2; side++)
    {
      const IscChartPoint *in = side == 0 ? ring : (const IscChartPoint *)(gpointer) tmp->data;
      guint n_in = side == 0 ? n : tmp->len;
      GArray *dest = side == 0 ? tmp : out;
      guint start = dest->len;
      double edge = side == 0 ? lo : hi;

      for (guint i = 0; i < n_in; i++)
        {
          IscChartPoint a = in[(i + n_in - 1) % n_in];
          IscChartPoint b = in[i];
          gboolean a_in = side == 0 ? a.x >= edge : a.x <= edge;
          gboolean b_in = side == 0 ? b.x >= edge : b.x <= edge;

          if (a_in != b_in)
            {
              IscChartPoint c = { edge, a.y + (b.y - a.y) * (edge - a.x) / (b.x - a.x) };

              g_array_append_val (dest, c);
            }
          if (b_in)
            g_array_append_val (dest, b);
        }
      if (dest->len - start < 3)
        {
          g_array_set_size (dest, start);
          return;
        }
    }
  append_break (out);
}

/**
 * isc_chart_split_polygons:
 * @points: polygons separated by breaks (a point whose y is NaN)
 * @n_points: their number
 * @x_anchor: where the blocks' columns are counted from
 * @from_x: the slabs left of it are left out (a clip's extents)
 * @to_x: and those right of it
 *
 * The polygons cut at every ISC_CHART_SLAB_COLUMNS-th column from
 * @x_anchor (whole pixels): a GPtrArray of one GArray of IscChartPoint per
 * slab they reach, each of polygons separated by breaks. Filled one slab
 * at a time, a polygon's pixels in a slab depend only on what lies in it
 * (isc-chart-pixels.c); cut at whole pixels, the slabs leave no seam.
 *
 * Returns: (transfer full): the slabs' polygons, left to right
 */
GPtrArray *
isc_chart_split_polygons (const IscChartPoint *points,
                          guint                n_points,
                          double               x_anchor,
                          double               from_x,
                          double               to_x)
{
  GPtrArray *slabs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GArray) tmp = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
  double x_min = G_MAXDOUBLE, x_max = -G_MAXDOUBLE;

  for (guint i = 0; i < n_points; i++)
    if (!isnan (points[i].y))
      {
        x_min = MIN (x_min, points[i].x);
        x_max = MAX (x_max, points[i].x);
      }
  if (x_min > x_max)
    return slabs;
  /* Whole pixels: the slabs meet with no seam. */
  x_anchor = floor (x_anchor);
  x_min = MAX (x_min, from_x);
  x_max = MIN (x_max, to_x);

  for (double lo = x_anchor + floor ((x_min - x_anchor) / ISC_CHART_SLAB_COLUMNS) * ISC_CHART_SLAB_COLUMNS;
       lo < x_max; lo += ISC_CHART_SLAB_COLUMNS)
    {
      GArray *slab = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
      guint i = 0;

      while (i < n_points)
        {
          guint end = i;

          while (end < n_points && !isnan (points[end].y))
            end++;
          if (end - i >= 3)
            append_ring_between (points + i, end - i, lo, lo + ISC_CHART_SLAB_COLUMNS, slab, tmp);
          i = end + 1;
        }
      if (slab->len > 0)
        g_ptr_array_add (slabs, slab);
      else
        g_array_unref (slab);
    }
  return slabs;
}

void
isc_chart_fill_polygons (cairo_t             *cr,
                         const IscChartPoint *points,
                         guint                n_points,
                         double               x_anchor)
{
  g_autoptr(GPtrArray) slabs = NULL;
  double x0, y0, x1, y1;

  if (!isc_chart_get_slabs (cr))
    {
      isc_chart_path_polygons (cr, points, n_points);
      cairo_fill (cr);
      return;
    }
  cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
  slabs = isc_chart_split_polygons (points, n_points, x_anchor, x0, x1);

  for (guint i = 0; i < slabs->len; i++)
    {
      GArray *slab = g_ptr_array_index (slabs, i);

      isc_chart_path_polygons (cr, (const IscChartPoint *)(gpointer) slab->data, slab->len);
      cairo_fill (cr);
    }
}

/* A band's area within one pixel column is the span from its lowest
 * lower edge to its highest upper edge: one point per column and edge, so
 * the polygon's edges never run back on themselves and filling it costs
 * the width, not the number of steps. */
static void
band_envelope (const double *xs,
               const double *upper,
               const double *lower,
               guint         n,
               GArray       *up,
               GArray       *down)
{
  guint i = 0;

  while (i < n)
    {
      double column = floor (xs[i]);
      double hi = upper[i], lo = lower[i];
      double x = xs[i];
      guint k = i + 1;

      /* Device y grows downward: the top of the band is the smallest y. */
      while (k < n && floor (xs[k]) == column)
        {
          hi = MIN (hi, upper[k]);
          lo = MAX (lo, lower[k]);
          k++;
        }
      append_point (up, x, hi);
      append_point (down, x, lo);
      i = k;
    }
  append_break (up);
  append_break (down);
}

void
isc_chart_band_append (const double *xs,
                       const double *upper,
                       const double *lower,
                       guint         n,
                       gboolean      reduce,
                       GArray       *points)
{
  g_autoptr(GArray) up = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
  g_autoptr(GArray) down = g_array_new (FALSE, FALSE, sizeof (IscChartPoint));
  guint i = 0;

  /* A band breaks where either of its edges is null. */
  while (i < n)
    {
      guint run_end;

      if (isnan (upper[i]) || isnan (lower[i]))
        {
          i++;
          continue;
        }

      run_end = i;
      while (run_end < n && !isnan (upper[run_end]) && !isnan (lower[run_end]))
        run_end++;

      g_array_set_size (up, 0);
      g_array_set_size (down, 0);
      if (reduce)
        {
          band_envelope (xs + i, upper + i, lower + i, run_end - i, up, down);
        }
      else
        {
          isc_chart_points_append (xs + i, upper + i, run_end - i, up);
          isc_chart_points_append (xs + i, lower + i, run_end - i, down);
        }

      /* Each ends in one break; a single step has no area. */
      if (run_end - i > 1)
        {
          for (guint k = 0; k + 1 < up->len; k++)
            g_array_append_val (points, g_array_index (up, IscChartPoint, k));
          for (guint k = down->len - 1; k-- > 0;)
            g_array_append_val (points, g_array_index (down, IscChartPoint, k));
          append_break (points);
        }

      i = run_end;
    }
}

void
isc_chart_band_columns_append (const double *xs,
                               const double *upper,
                               const double *lower,
                               guint         n,
                               GArray       *points)
{
  guint i = 0;

  while (i < n)
    {
      double column, top, bottom;
      gboolean any = FALSE;
      guint k = i;

      column = floor (xs[i]);
      top = bottom = 0;
      for (; k < n && floor (xs[k]) == column; k++)
        {
          if (isnan (upper[k]) || isnan (lower[k]))
            continue;
          top = any ? MIN (top, upper[k]) : upper[k];
          bottom = any ? MAX (bottom, lower[k]) : lower[k];
          any = TRUE;
        }
      if (any)
        {
          /* Whole pixels: boxes on the pixel grid take cairo's fast path,
           * with no edges to antialias. */
          IscChartPoint p[2] = { { column, round (top) }, { column + 1, round (bottom) } };

          g_array_append_vals (points, p, 2);
        }
      i = k;
    }
}

void
isc_chart_path_columns (cairo_t             *cr,
                        const IscChartPoint *points,
                        guint                n_points)
{
  cairo_new_path (cr);
  for (guint i = 0; i + 1 < n_points; i += 2)
    cairo_rectangle (cr, points[i].x, points[i].y,
                     points[i + 1].x - points[i].x, points[i + 1].y - points[i].y);
}

void
isc_chart_fill_columns (cairo_t             *cr,
                        const IscChartPoint *points,
                        guint                n_points)
{
  isc_chart_path_columns (cr, points, n_points);
  cairo_fill (cr);
}

void
isc_chart_set_line_style (cairo_t  *cr,
                          gboolean  dense)
{
  cairo_set_line_join (cr, dense ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, dense ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);

  /* A dense line is a few thousand short segments, one or more per pixel
   * column, and cairo's default antialiasing samples each pixel many times
   * over: the fast mode draws the same line in about 60 % of the time and
   * is hard to tell apart at this density. A caller that chose its own
   * antialiasing (a test that turns it off) keeps it. */
  if (dense && cairo_get_antialias (cr) == CAIRO_ANTIALIAS_DEFAULT)
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_FAST);
}

void
isc_chart_keep_above_axis (double *ys,
                           guint   n,
                           double  plot_bottom,
                           double  line_width)
{
  /* The axis fills the pixel row at round (plot_bottom). */
  double lowest = round (plot_bottom) - line_width / 2;

  for (guint i = 0; i < n; i++)
    if (ys[i] > lowest)
      ys[i] = lowest;
}
