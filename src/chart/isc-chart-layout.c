/* isc-chart-layout.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-layout"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-chart-layout-private.h"
#include "isc-outliers.h"

PangoLayout *
isc_chart_layout_create_text (PangoContext        *pango,
                              const IscChartStyle *style,
                              double               size,
                              gboolean             bold,
                              const char          *markup)
{
  PangoLayout *layout = pango_layout_new (pango);
  PangoFontDescription *font = pango_font_description_new ();

  pango_font_description_set_family (font, style->font_family);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_markup (layout, markup, -1);
  pango_font_description_free (font);

  return layout;
}

/* The shared texts of a PangoContext, by font and markup, once its owner
 * has asked for them. Emptied when it grows past SHARED_TEXTS_MAX, so
 * texts no longer shown do not pile up (a chart's labels number a few
 * dozen). */
#define SHARED_TEXTS_MAX 512

static GQuark
shared_texts_quark (void)
{
  static GQuark quark;

  if (quark == 0)
    quark = g_quark_from_static_string ("isc-chart-shared-texts");
  return quark;
}

void
_isc_chart_layout_share_texts (PangoContext *pango,
                               gboolean      share)
{
  GHashTable *texts = NULL;

  if (share)
    texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  g_object_set_qdata_full (G_OBJECT (pango), shared_texts_quark (), texts,
                           (GDestroyNotify) g_hash_table_unref);
}

PangoLayout *
_isc_chart_layout_shared_text (PangoContext        *pango,
                               const IscChartStyle *style,
                               double               size,
                               gboolean             bold,
                               const char          *markup)
{
  GHashTable *texts = g_object_get_qdata (G_OBJECT (pango), shared_texts_quark ());
  g_autofree char *key = NULL;
  PangoLayout *text;

  if (texts == NULL)
    return isc_chart_layout_create_text (pango, style, size, bold, markup);

  key = g_strdup_printf ("%s\x1f%g\x1f%d\x1f%s", style->font_family, size, bold != FALSE, markup);
  text = g_hash_table_lookup (texts, key);
  if (text == NULL)
    {
      if (g_hash_table_size (texts) >= SHARED_TEXTS_MAX)
        g_hash_table_remove_all (texts);
      text = isc_chart_layout_create_text (pango, style, size, bold, markup);
      g_hash_table_insert (texts, g_steal_pointer (&key), text);
    }
  return g_object_ref (text);
}

/* The plot between those edges, within the cell: a cell smaller than its
 * margins has an empty plot at its edge, never one outside it or of a
 * negative size. */
static IscChartRect
plot_rect (double left,
           double top,
           double right,
           double bottom,
           int    width,
           int    height)
{
  left = CLAMP (left, 0, width);
  right = CLAMP (right, left, width);
  top = CLAMP (top, 0, height);
  bottom = CLAMP (bottom, top, height);
  return (IscChartRect) { left, top, right - left, bottom - top };
}

void
_isc_chart_text_size (const IscChartText *text,
                      double             *width,
                      double             *height)
{
  int w = 0, h = 0;

  if (text->layout != NULL)
    pango_layout_get_pixel_size (text->layout, &w, &h);
  if (width != NULL)
    *width = w;
  if (height != NULL)
    *height = h;
}

static void
clear_tick (gpointer data)
{
  IscChartTick *tick = data;

  g_clear_object (&tick->text.layout);
}

static void
clear_legend_item (gpointer data)
{
  IscChartLegendItem *item = data;

  g_clear_object (&item->text.layout);
}

static void
clear_clip_mark (gpointer data)
{
  IscChartClipMark *mark = data;

  g_clear_object (&mark->text.layout);
}

static void
clear_reference_line (gpointer data)
{
  IscChartReferenceLine *line = data;

  g_clear_object (&line->text.layout);
  g_clear_pointer (&line->xs, g_free);
  g_clear_pointer (&line->ys, g_free);
  if (line->step_texts != NULL)
    {
      for (guint i = 0; i < line->step_texts->len; i++)
        g_clear_object (&g_array_index (line->step_texts, IscChartText, i).layout);
      g_clear_pointer (&line->step_texts, g_array_unref);
    }
}

static void
clear_marker_line (gpointer data)
{
  IscChartMarkerLine *line = data;

  g_clear_object (&line->text.layout);
}

void
isc_chart_layout_free (IscChartLayout *layout)
{
  if (layout == NULL)
    return;

  g_clear_object (&layout->title.layout);
  g_clear_object (&layout->subtitle.layout);
  g_clear_object (&layout->message.layout);
  g_clear_pointer (&layout->value_ticks, isc_value_ticks_free);
  g_clear_pointer (&layout->time_ticks, isc_time_ticks_free);
  g_clear_pointer (&layout->value_tick_items, g_array_unref);
  g_clear_pointer (&layout->time_tick_items, g_array_unref);
  g_clear_pointer (&layout->legend, g_array_unref);
  g_clear_pointer (&layout->clip_marks, g_array_unref);
  g_clear_pointer (&layout->references, g_array_unref);
  g_clear_pointer (&layout->markers, g_array_unref);
  g_clear_object (&layout->pango);
  g_clear_pointer (&layout->tz, g_time_zone_unref);
  g_free (layout->step_x);
  g_free (layout);
}

/* The time axis in whole pixels from the epoch: a time's x is its
 * distance from 1970 in pixels less a whole number of pixels (the
 * window's start, rounded), so the plot's left edge is within half a
 * pixel of x_min. Two windows of the same width and plot place a time
 * a whole number of pixels apart, exactly (a − origin is exact, Sterbenz),
 * which is what lets a refresh shift the pixels it drew before
 * (isc_chart_draw_pixels(), docs/charts.md "What a refresh draws"). */
static gboolean
time_axis (const IscChartLayout *layout,
           double               *ms_per_px,
           double               *origin)
{
  double span = (double)(layout->x_max - layout->x_min);

  if (span <= 0 || layout->plot.width <= 0)
    return FALSE;
  *ms_per_px = span / layout->plot.width;
  *origin = round ((double) layout->x_min / *ms_per_px);
  return TRUE;
}

/* The x of @ms on the axis time_axis() gave. */
static inline double
x_on_axis (const IscChartLayout *layout,
           double                ms_per_px,
           double                origin,
           gint64                ms)
{
  return layout->plot.x + ((double) ms / ms_per_px - origin);
}

double
isc_chart_layout_x_for_ms (const IscChartLayout *layout,
                           gint64                ms)
{
  double ms_per_px, origin;

  if (!time_axis (layout, &ms_per_px, &origin))
    return layout->plot.x;
  return x_on_axis (layout, ms_per_px, origin, ms);
}

/* The whole pixels from the epoch to the plot's left edge: what two
 * layouts' differ by is how far a refresh moved the time axis. */
gboolean
isc_chart_layout_get_x_origin (const IscChartLayout *layout,
                               double               *origin)
{
  double ms_per_px;

  return time_axis (layout, &ms_per_px, origin);
}

/* The x of the epoch (the time axis's pixels are counted from it). */
double
isc_chart_layout_get_x_anchor (const IscChartLayout *layout)
{
  double origin;

  if (!isc_chart_layout_get_x_origin (layout, &origin))
    return layout->plot.x;
  return layout->plot.x - origin;
}

/* The time at @x (rounded down to the millisecond, or to the nearest
 * with @nearest). */
gint64
isc_chart_layout_time_at_x (const IscChartLayout *layout,
                            double                x,
                            gboolean              nearest)
{
  double ms_per_px, origin, ms;

  if (!time_axis (layout, &ms_per_px, &origin))
    return layout->x_min;
  ms = (x - layout->plot.x + origin) * ms_per_px;
  return nearest ? (gint64) llround (ms) : (gint64) floor (ms);
}

gint64
isc_chart_layout_ms_for_x (const IscChartLayout *layout,
                           double                x)
{
  return isc_chart_layout_time_at_x (layout, x, FALSE);
}

double
isc_chart_layout_y_for_value (const IscChartLayout *layout,
                              double                value)
{
  double ys[1];

  isc_chart_layout_map_values (layout, &value, 1, ys);
  return ys[0];
}

/* How far past the plot's top and bottom a mapped value may lie, in plot
 * heights. A value far outside the axis (a spike the axis stops short
 * of, ±1e308) would otherwise reach cairo as a coordinate of 1e10 px and
 * more, which vector surfaces turn into minutes and gigabytes of path;
 * at 64 plot heights the slope of a line into such a spike differs from
 * the true one by under a 65th of a step's width, less than a pixel. */
#define OVERSHOOT 64.0

void
isc_chart_layout_map_values (const IscChartLayout *layout,
                             const double         *values,
                             guint                 n,
                             double               *ys)
{
  double span = layout->y_max - layout->y_min;
  double k = span > 0 ? layout->plot.height / span : 0;
  double bottom = layout->plot.y + layout->plot.height;
  double reach = OVERSHOOT * MAX (layout->plot.height, 1);
  double lo = layout->plot.y - reach;
  double hi = bottom + reach;

  for (guint i = 0; i < n; i++)
    {
      double y = bottom - (values[i] - layout->y_min) * k;

      /* NaN (a gap) stays NaN; ±inf, and a finite value whose distance
       * from the axis overflows, are clamped like the rest. */
      if (isnan (values[i]))
        ys[i] = NAN;
      else if (isnan (y))
        ys[i] = values[i] > layout->y_min ? lo : hi;
      else
        ys[i] = CLAMP (y, lo, hi);
    }
}

void
isc_chart_text_draw (cairo_t            *cr,
                     const IscChartText *text)
{
  if (text->layout == NULL)
    return;
  cairo_move_to (cr, text->x, text->y);
  pango_cairo_show_layout (cr, text->layout);
}

/* Whole counts (replicas) tick at whole numbers only. */
static IscValueTicks *
value_ticks_for (IscChartModel *model,
                 double         lo,
                 double         hi,
                 guint          target)
{
  IscUnitHint unit_hint = isc_chart_model_get_unit_hint (model);

  if (isc_chart_model_get_integer (model))
    return isc_value_ticks_new_integer (unit_hint, lo, hi, target);
  return isc_value_ticks_new (unit_hint, lo, hi, target);
}

/* Time labels sit centred under their ticks, but never beyond the chart's
 * margins, where the title and the legend also end: a label at either end
 * of the axis moves inward. Where two labels would then touch, one goes
 * (its tick and grid line stay): the one without a date if the other has
 * one, else the later one, so the axis keeps the day it starts on and the
 * days it crosses.
 */
static void
place_time_labels (GArray              *items,
                   const IscTimeTick  **ticks,
                   const IscChartStyle *style,
                   int                  width)
{
  double lo = style->padding;
  double hi = width - style->padding;
  double gap = style->spacing;
  int last = -1;

  for (guint i = 0; i < items->len; i++)
    {
      IscChartTick *tick = &g_array_index (items, IscChartTick, i);
      double w;

      _isc_chart_text_size (&tick->text, &w, NULL);
      tick->text.x = tick->pos - w / 2;
      if (tick->text.x + w > hi)
        tick->text.x = hi - w;
      if (tick->text.x < lo)
        tick->text.x = lo;
    }

  for (guint i = 0; i < items->len; i++)
    {
      IscChartTick *tick = &g_array_index (items, IscChartTick, i);

      while (last >= 0)
        {
          IscChartTick *prev = &g_array_index (items, IscChartTick, last);
          double prev_w;

          _isc_chart_text_size (&prev->text, &prev_w, NULL);
          if (prev->text.x + prev_w + gap <= tick->text.x)
            break;

          if (ticks[i]->shows_date && !ticks[last]->shows_date)
            {
              /* Drop the earlier one and look again at the one before it. */
              g_clear_object (&prev->text.layout);
              last--;
              while (last >= 0 && g_array_index (items, IscChartTick, last).text.layout == NULL)
                last--;
            }
          else
            {
              g_clear_object (&tick->text.layout);
              break;
            }
        }
      if (tick->text.layout != NULL)
        last = i;
    }
}

/* A value tick's label with what follows every value of the chart
 * ("1.5k/30 s" for step totals). */
static char *
value_tick_markup (IscChartModel *model,
                   const char    *label)
{
  const char *prefix = isc_chart_model_get_value_prefix (model);
  const char *suffix = isc_chart_model_get_value_suffix (model);
  g_autofree char *text = g_strconcat (prefix != NULL ? prefix : "", label, suffix, NULL);

  return g_markup_escape_text (text, -1);
}

/* Time ticks with at least two inside [start_ms, end_ms]: on a narrow
 * chart a week may hold a single Monday tick at the target's interval,
 * which leaves the axis one date and no scale. */
static IscTimeTicks *
time_ticks_for (gint64     start_ms,
                gint64     end_ms,
                guint      target,
                GTimeZone *tz)
{
  IscTimeTicks *ticks = isc_time_ticks_new (start_ms, end_ms, target, tz);

  for (guint extra = 1; extra <= 8; extra++)
    {
      guint n_inside = 0;

      for (guint i = 0; i < ticks->n_ticks; i++)
        if (ticks->ticks[i].ms >= start_ms && ticks->ticks[i].ms <= end_ms)
          n_inside++;
      if (n_inside >= 2)
        break;
      isc_time_ticks_free (ticks);
      ticks = isc_time_ticks_new (start_ms, end_ms, target + extra, tz);
    }

  return ticks;
}

/* A shared text is never changed: one to be cut to a width is a copy. */
static void
own_text (IscChartText *text)
{
  PangoLayout *copy = pango_layout_copy (text->layout);

  g_object_unref (text->layout);
  text->layout = copy;
}

/* The header within width: the title keeps at least 70 % of the room when
 * both do not fit, the unit and step get the rest, and each ends in "…"
 * where it is cut, never mid-glyph at the chart's edge. */
static void
fit_header (IscChartLayout      *layout,
            const IscChartStyle *style,
            double               width)
{
  double gap = 2 * style->spacing;
  double title_w, sub_w = 0, sub_h = 0, title_room;

  _isc_chart_text_size (&layout->title, &title_w, NULL);
  if (layout->subtitle.layout != NULL)
    _isc_chart_text_size (&layout->subtitle, &sub_w, &sub_h);
  if (title_w + (sub_w > 0 ? gap + sub_w : 0) <= width)
    return;

  title_room = sub_w > 0 ? MAX (width * 0.7, width - gap - sub_w) : width;
  if (title_w > title_room)
    {
      own_text (&layout->title);
      pango_layout_set_width (layout->title.layout, (int)(title_room * PANGO_SCALE));
      pango_layout_set_ellipsize (layout->title.layout, PANGO_ELLIPSIZE_END);
      _isc_chart_text_size (&layout->title, &title_w, NULL);
    }
  if (layout->subtitle.layout == NULL)
    return;

  layout->subtitle.x = layout->title.x + title_w + gap;
  own_text (&layout->subtitle);
  pango_layout_set_width (layout->subtitle.layout,
                          (int)(MAX (0, width - title_w - gap) * PANGO_SCALE));
  pango_layout_set_ellipsize (layout->subtitle.layout, PANGO_ELLIPSIZE_END);
}

/* Each step's highest value over the model's series, NaN where all are
 * null: what a soft maximum is judged on and what a mark reads. */
static double *
step_peaks (IscChartModel *model)
{
  guint n_steps = isc_chart_model_get_n_steps (model);
  guint n_series = isc_chart_model_get_n_series (model);
  double *peaks = g_new (double, MAX (1, n_steps));

  for (guint i = 0; i < n_steps; i++)
    peaks[i] = NAN;
  for (guint j = 0; j < n_series; j++)
    {
      const double *values = isc_chart_model_get_series (model, j)->values;

      if (isc_chart_model_get_series_hidden (model, j))
        continue;

      for (guint i = 0; i < n_steps; i++)
        if (!isnan (values[i]) && !(values[i] <= peaks[i]))
          peaks[i] = values[i];
    }
  return peaks;
}

/* A lone spike (a cold start of minutes among hours of seconds) must not
 * flatten the rest: the value axis stops at the rest's top and the spike
 * is marked (layout_clip_marks). Chosen automatically, for fans and
 * continuous lines only: a stack's sum is traffic and a count's spike is
 * the news; a ratio's axis is bounded already. */
static void
apply_soft_max (IscChartLayout *layout,
                IscChartModel  *model,
                double          lo,
                double         *hi)
{
  IscChartPlot plot = isc_chart_model_get_plot (model);
  g_autofree double *peaks = NULL;
  double soft_max;

  layout->clip_max = NAN;
  if (!(plot == ISC_CHART_PLOT_FAN ||
        (plot == ISC_CHART_PLOT_LINES && !isc_chart_model_get_integer (model) &&
         isc_chart_model_get_unit_hint (model) != ISC_UNIT_HINT_RATIO)))
    return;

  /* The series' statistics rule most charts out without a look at each
   * step. */
  for (guint j = 0; j < isc_chart_model_get_n_series (model); j++)
    {
      const IscChartSeries *cs = isc_chart_model_get_series (model, j);
      guint n_steps = isc_chart_model_get_n_steps (model);
      guint n_partial = n_steps - isc_chart_model_get_n_complete_steps (model);
      /* The mean leaves incomplete steps out; counting at most the complete
       * values keeps the bound loose, never tighter than it is. */
      guint n_values = cs->n_values > n_partial ? cs->n_values - n_partial : cs->n_values;

      if (isc_chart_model_get_series_hidden (model, j))
        continue;
      if (!isc_outliers_may_have_spike (cs->mean, n_values, *hi, n_steps, lo))
        return;
    }

  peaks = step_peaks (model);
  if (isc_outliers_find_soft_max (peaks, isc_chart_model_get_n_steps (model), lo, &soft_max, NULL))
    {
      layout->clip_max = *hi;
      *hi = soft_max;
    }
}

/* One mark for each run of steps above the axis' top, at its highest. */
static void
layout_clip_marks (IscChartLayout      *layout,
                   IscChartModel       *model,
                   const IscChartStyle *style)
{
  guint n_steps = isc_chart_model_get_n_steps (model);
  g_autofree double *peaks = NULL;
  int best = -1;

  layout->clip_marks = g_array_new (FALSE, TRUE, sizeof (IscChartClipMark));
  g_array_set_clear_func (layout->clip_marks, clear_clip_mark);
  if (isnan (layout->clip_max) || layout->message.layout != NULL)
    return;

  peaks = step_peaks (model);
  for (guint i = 0; i <= n_steps; i++)
    {
      if (i < n_steps && peaks[i] > layout->y_max)
        {
          if (best < 0 || peaks[i] > peaks[best])
            best = i;
          continue;
        }
      if (best >= 0)
        {
          g_autofree char *value = NULL;
          g_autofree char *markup = NULL;
          IscChartClipMark mark = { 0 };
          IscValueFormat format;
          double w, h;

          /* Its own format: a cold start reads "240 s", not "240.00 s"
           * in the precision the axis' seconds need. */
          isc_value_format_init_for_range (&format, isc_chart_model_get_unit_hint (model),
                                           layout->y_min, peaks[best], 3);
          value = isc_value_format_format (&format, peaks[best]);
          markup = g_markup_escape_text (value, -1);

          mark.x = layout->step_x[best];
          mark.value = peaks[best];
          mark.text.layout = _isc_chart_layout_shared_text (layout->pango, style, style->label_size, TRUE, markup);
          _isc_chart_text_size (&mark.text, &w, &h);
          /* Right of the mark, inside the plot, under its top edge. */
          mark.text.x = mark.x + style->spacing + style->spacing / 2;
          if (mark.text.x + w > layout->plot.x + layout->plot.width)
            mark.text.x = mark.x - style->spacing - style->spacing / 2 - w;
          mark.text.x = round (mark.text.x);
          mark.text.y = round (layout->plot.y + style->spacing / 2);
          g_array_append_val (layout->clip_marks, mark);
          best = -1;
        }
    }
  if (layout->clip_marks->len == 0)
    layout->clip_max = NAN;
}

static IscChartLayout *
layout_alloc (PangoContext *pango,
              GTimeZone    *tz,
              int           width,
              int           height,
              gboolean      reduce)
{
  IscChartLayout *layout = g_new0 (IscChartLayout, 1);

  layout->width = width;
  layout->height = height;
  layout->reduce = reduce;
  layout->pango = g_object_ref (pango);
  layout->tz = tz != NULL ? g_time_zone_ref (tz) : g_time_zone_new_local ();
  layout->value_tick_items = g_array_new (FALSE, TRUE, sizeof (IscChartTick));
  g_array_set_clear_func (layout->value_tick_items, clear_tick);
  layout->time_tick_items = g_array_new (FALSE, TRUE, sizeof (IscChartTick));
  g_array_set_clear_func (layout->time_tick_items, clear_tick);
  layout->legend = g_array_new (FALSE, TRUE, sizeof (IscChartLegendItem));
  g_array_set_clear_func (layout->legend, clear_legend_item);
  layout->references = g_array_new (FALSE, TRUE, sizeof (IscChartReferenceLine));
  g_array_set_clear_func (layout->references, clear_reference_line);
  layout->markers = g_array_new (FALSE, TRUE, sizeof (IscChartMarkerLine));
  g_array_set_clear_func (layout->markers, clear_marker_line);
  return layout;
}

/* The range the value axis must hold, lo to *hi. */
static void
value_range (IscChartLayout *layout,
             IscChartModel  *model,
             double         *lo,
             double         *hi)
{
  *lo = 0;
  *hi = 1;
  if (!isc_chart_model_is_empty (model))
    isc_chart_model_get_extent (model, lo, hi);
  apply_soft_max (layout, model, *lo, hi);
  _isc_chart_layout_include_references (model, *lo, hi);
  if (*hi <= *lo)
    *hi = *lo + 1;
  /* A little headroom, so a series at its maximum does not run along the
   * plot's top edge; but not past 100 % for a ratio that lies within it,
   * or its axis would stop reading as percent (0 … 1.2 instead of 0 % …
   * 100 %). */
  else if (*hi > 0)
    {
      gboolean in_unit = (isc_chart_model_get_unit_hint (model) == ISC_UNIT_HINT_RATIO &&
                          *lo >= 0 && *hi <= 1.0);

      *hi += (*hi - *lo) * 0.04;
      if (in_unit)
        *hi = MIN (*hi, 1.0);
    }
}

/* The value ticks for a plot of that height, unless they are already. */
static void
set_value_ticks (IscChartLayout      *layout,
                 IscChartModel       *model,
                 const IscChartStyle *style,
                 double               lo,
                 double               hi,
                 double               plot_height)
{
  guint target = MAX (2, _isc_chart_n_fitting (plot_height, style->value_tick_spacing));

  if (layout->value_ticks != NULL && target == layout->value_ticks->n_ticks)
    return;
  g_clear_pointer (&layout->value_ticks, isc_value_ticks_free);
  layout->value_ticks = value_ticks_for (model, lo, hi, target);
  layout->y_min = layout->value_ticks->min;
  layout->y_max = layout->value_ticks->max;
}

/* The header's title; returns its height. */
static double
layout_title (IscChartLayout      *layout,
              IscChartModel       *model,
              const IscChartStyle *style)
{
  g_autofree char *markup = g_markup_escape_text (isc_chart_model_get_title (model), -1);
  double h;

  /* Shared: a refresh measures the same title again (fit_header() cuts
   * a copy). */
  layout->title.layout = _isc_chart_layout_shared_text (layout->pango, style, style->title_size, TRUE, markup);
  layout->title.x = style->padding;
  layout->title.y = style->padding;
  _isc_chart_text_size (&layout->title, NULL, &h);
  return h;
}

/* The header's quieter part after the title: the unit, the step and,
 * when the time axis is in UTC rather than local time, "UTC" (bars have
 * no time axis). Percent says itself on the axis; plain ratio values may
 * have a better word ("cores"). Then the header is fitted to @width. */
static void
layout_subtitle (IscChartLayout      *layout,
                 IscChartModel       *model,
                 const IscChartStyle *style,
                 gboolean             utc,
                 double               width)
{
  g_autoptr(GString) subtitle = g_string_new (NULL);
  const char *unit_text = isc_chart_model_get_unit_text (model);
  const char *step_text = isc_chart_model_get_step_text (model);
  double pad = style->padding;

  if (!layout->value_ticks->format.percent && isc_chart_model_get_unit_label (model) != NULL)
    unit_text = isc_chart_model_get_unit_label (model);
  if (unit_text != NULL)
    g_string_append (subtitle, unit_text);
  if (step_text != NULL)
    g_string_append_printf (subtitle, "%s%s", subtitle->len > 0 ? " · " : "", step_text);
  if (utc && isc_chart_model_get_plot (model) != ISC_CHART_PLOT_BARS)
    {
      /* Translators: the header says the time axis is in UTC */
      g_string_append_printf (subtitle, "%s%s", subtitle->len > 0 ? " · " : "", _("UTC"));
    }
  if (subtitle->len > 0)
    {
      g_autofree char *markup = g_markup_escape_text (subtitle->str, -1);
      double title_w, title_h, sub_w, sub_h;

      _isc_chart_text_size (&layout->title, &title_w, &title_h);
      layout->subtitle.layout = _isc_chart_layout_shared_text (layout->pango, style, style->label_size, FALSE, markup);
      _isc_chart_text_size (&layout->subtitle, &sub_w, &sub_h);
      layout->subtitle.x = pad + title_w + 2 * style->spacing;
      layout->subtitle.y = pad + title_h - sub_h - 1;
    }
  fit_header (layout, style, width);
}

/* The value axis' labels, unplaced; returns the widest one's width. */
static double
create_value_labels (IscChartLayout      *layout,
                     IscChartModel       *model,
                     const IscChartStyle *style)
{
  double value_w = 0;

  for (guint i = 0; i < layout->value_ticks->n_ticks; i++)
    {
      g_autofree char *markup = value_tick_markup (model, layout->value_ticks->labels[i]);
      IscChartTick tick = { 0 };
      double w;

      tick.text.layout = _isc_chart_layout_shared_text (layout->pango, style, style->label_size, FALSE, markup);
      _isc_chart_text_size (&tick.text, &w, NULL);
      value_w = MAX (value_w, w);
      g_array_append_val (layout->value_tick_items, tick);
    }
  return value_w;
}

/* The value axis' labels left of the plot, each centred on its tick. */
static void
place_value_labels (IscChartLayout      *layout,
                    const IscChartStyle *style)
{
  double free_above = G_MAXDOUBLE;

  for (guint i = 0; i < layout->value_tick_items->len; i++)
    {
      IscChartTick *tick = &g_array_index (layout->value_tick_items, IscChartTick, i);
      double w, h;

      tick->pos = round (isc_chart_layout_y_for_value (layout, layout->value_ticks->values[i])) + 0.5;
      _isc_chart_text_size (&tick->text, &w, &h);
      tick->text.x = layout->plot.x - style->spacing - w;
      tick->text.y = tick->pos - h / 2;
      /* Up from the bottom: a label that would cover the one below it (a
       * plot squeezed to a few pixels by its legend) is left out, and
       * its tick stays. */
      if (tick->text.y + h > free_above)
        g_clear_object (&tick->text.layout);
      else
        free_above = tick->text.y;
    }
}

/* The time axis' ticks and labels under the plot. */
static void
layout_time_axis (IscChartLayout      *layout,
                  const IscChartStyle *style,
                  GTimeZone           *tz,
                  int                  width)
{
  g_autofree const IscTimeTick **shown_ticks = NULL;
  guint target = MAX (2, _isc_chart_n_fitting (layout->plot.width, style->time_tick_spacing));

  layout->time_ticks = time_ticks_for (layout->x_min, layout->x_max, target, tz);
  shown_ticks = g_new0 (const IscTimeTick *, MAX (1, layout->time_ticks->n_ticks));
  for (guint i = 0; i < layout->time_ticks->n_ticks; i++)
    {
      const IscTimeTick *t = &layout->time_ticks->ticks[i];
      g_autofree char *markup = NULL;
      IscChartTick tick = { 0 };

      if (t->ms < layout->x_min || t->ms > layout->x_max)
        continue;
      markup = g_markup_escape_text (t->label, -1);
      tick.pos = round (isc_chart_layout_x_for_ms (layout, t->ms)) + 0.5;
      tick.text.layout = _isc_chart_layout_shared_text (layout->pango, style, style->label_size, t->shows_date, markup);
      tick.text.y = layout->plot.y + layout->plot.height + style->tick_length + 2;
      shown_ticks[layout->time_tick_items->len] = t;
      g_array_append_val (layout->time_tick_items, tick);
    }
  place_time_labels (layout->time_tick_items, shown_ticks, style, width);
}

/* A chart with a time axis, in the box left … right, top … bottom: the
 * legend at the bottom, the time axis' labels a line above it, the value
 * axis on the left sized to its widest label, and the plot in what is
 * left, lined up as @align says. */
static void
layout_axes (IscChartLayout          *layout,
             IscChartModel           *model,
             const IscChartStyle     *style,
             GTimeZone               *tz,
             const IscChartAlignment *align,
             double                   lo,
             double                   hi,
             double                   left,
             double                   top,
             double                   right,
             double                   bottom)
{
  g_autoptr(PangoLayout) probe = _isc_chart_layout_shared_text (layout->pango, style, style->label_size, FALSE, "0");
  double legend_top;
  int label_h;

  _isc_chart_layout_legend (layout, model, style, left, right, bottom, &legend_top);
  bottom = legend_top - style->spacing * 2;

  /* The time axis' labels take one line under the plot. */
  pango_layout_get_pixel_size (probe, NULL, &label_h);
  bottom -= label_h + style->tick_length + 2;
  layout->natural_plot_height = MAX (0, bottom - top);
  if (align != NULL && align->plot_height > 0 && align->plot_height < bottom - top)
    {
      double dy = (bottom - top) - align->plot_height;

      bottom -= dy;
      _isc_chart_layout_shift_legend (layout, -dy);
    }

  /* Ticks again for the real plot height. */
  set_value_ticks (layout, model, style, lo, hi, bottom - top);
  left += create_value_labels (layout, model, style) + style->spacing;
  layout->natural_gutter = left;
  if (align != NULL && align->gutter > left && align->gutter < right - 1)
    left = align->gutter;
  layout->plot = plot_rect (left, top, right, bottom, layout->width, layout->height);

  place_value_labels (layout, style);
  layout_time_axis (layout, style, tz, layout->width);
}

/* Each step's device x. Steps sit on pixel-column centres: lines are
 * crisp, and every point of a column shares one x, so the stroke of a
 * column's points is the stroke of its extremes, and reducing a column to
 * its first, lowest, highest and last point draws exactly the same
 * pixels. */
static void
place_steps (IscChartLayout *layout,
             IscChartModel  *model)
{
  guint n_steps = isc_chart_model_get_n_steps (model);
  const gint64 *starts = isc_chart_model_get_step_starts (model);
  double ms_per_px, origin;
  /* isc_chart_layout_x_for_ms() of each step, its axis worked out once
   * (a relayout places every step of every chart of the page). */
  gboolean axis = time_axis (layout, &ms_per_px, &origin);

  layout->dense = n_steps > 1 && n_steps >= layout->plot.width;
  layout->step_x = g_new (double, MAX (1, n_steps));
  for (guint i = 0; i < n_steps; i++)
    layout->step_x[i] = floor (axis ? x_on_axis (layout, ms_per_px, origin, starts[i]) : layout->plot.x) + 0.5;
}

/**
 * isc_chart_layout_new_aligned:
 *
 * Lays a chart out for a size: the header on top, the legend at the bottom,
 * the value axis on the left sized to its widest label, and the plot in what
 * is left. The value ticks are chosen once here, and that one format labels
 * the axis, the legend and the hover values.
 */
IscChartLayout *
isc_chart_layout_new_aligned (IscChartModel           *model,
                              const IscChartStyle     *style,
                              PangoContext            *pango,
                              GTimeZone               *tz,
                              gboolean                 utc,
                              int                      width,
                              int                      height,
                              gboolean                 reduce,
                              const IscChartAlignment *align)
{
  g_autoptr(IscChartLayout) layout = layout_alloc (pango, tz, width, height, reduce);
  IscChartPlot plot = isc_chart_model_get_plot (model);
  double pad = style->padding;
  double top = pad + layout_title (layout, model, style) + style->spacing * 2;
  double bottom = height - pad;
  double left = pad;
  double right = width - pad;
  double lo, hi;

  /* One format decision for the whole axis. */
  value_range (layout, model, &lo, &hi);
  set_value_ticks (layout, model, style, lo, hi, bottom - top);
  layout_subtitle (layout, model, style, utc, right - left);
  /* The axis' unit, so the legend and the tooltip say what it says. */
  isc_value_format_init_for_axis (&layout->value_format, &layout->value_ticks->format,
                                  layout->y_min, layout->y_max, 3);
  layout->x_min = isc_chart_model_get_start_ms (model);
  layout->x_max = isc_chart_model_get_end_ms (model);

  if (isc_chart_model_is_empty (model))
    {
      double w, h;

      layout->message.layout = isc_chart_layout_create_text (pango, style, style->title_size, FALSE,
                                                             _("No data in this range"));
      layout->plot = plot_rect (left, top, right, bottom, width, height);
      _isc_chart_text_size (&layout->message, &w, &h);
      layout->message.x = layout->plot.x + (layout->plot.width - w) / 2;
      layout->message.y = layout->plot.y + (layout->plot.height - h) / 2;
    }
  else if (plot == ISC_CHART_PLOT_BARS)
    layout->plot = plot_rect (left, top, right, bottom, width, height);
  else
    layout_axes (layout, model, style, tz, align, lo, hi, left, top, right, bottom);

  place_steps (layout, model);
  layout_clip_marks (layout, model, style);
  _isc_chart_layout_annotate (layout, model, style);

  return g_steal_pointer (&layout);
}

IscChartLayout *
isc_chart_layout_new (IscChartModel       *model,
                      const IscChartStyle *style,
                      PangoContext        *pango,
                      GTimeZone           *tz,
                      gboolean             utc,
                      int                  width,
                      int                  height,
                      gboolean             reduce)
{
  return isc_chart_layout_new_aligned (model, style, pango, tz, utc, width, height, reduce, NULL);
}
