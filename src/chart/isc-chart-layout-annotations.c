/* isc-chart-layout-annotations.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Where a chart's reference lines and rollout markers go: lines at their
 * value, or an arrow at the top edge when the axis stops below them;
 * markers at their time; every label placed where it touches no other,
 * or left out with its line kept (docs/charts.md). */

#define G_LOG_DOMAIN "isc-chart"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-chart-layout-private.h"

/* A reference line near the data widens the axis to hold it; one far
 * above (ISC_CHART_REFERENCE_REACH) would squash the data and is marked
 * at the top edge instead (layout_references). Data flat at the axis'
 * bottom has no height to compare with: nothing is included. */
void
_isc_chart_layout_include_references (IscChartModel *model,
                                      double         lo,
                                      double        *hi)
{
  const IscChartReference *refs;
  double data_hi = *hi;
  guint n = 0;

  if (isc_chart_model_is_empty (model) || isc_chart_model_get_plot (model) == ISC_CHART_PLOT_BARS)
    return;
  refs = isc_chart_model_get_references (model, &n);
  for (guint i = 0; i < n; i++)
    {
      for (guint k = 0; k <= refs[i].n_steps; k++)
        {
          double v = k < refs[i].n_steps ? refs[i].steps[k].value : refs[i].value;

          if (isfinite (v) && v > *hi && data_hi > lo && v - lo <= ISC_CHART_REFERENCE_REACH * (data_hi - lo))
            *hi = v;
        }
    }
}

/* A stepped line's points: each step's value from where it starts (or
 * the plot's left edge) to where the next starts (or the right edge); a
 * value beyond the axis at the plot's top. */
static char *reference_text (IscChartModel *model,
                             const char    *label,
                             double         value);

/* A segment's label where its value is not the line's last: "max 16",
 * above the segment (below it at the plot's top), from its left end,
 * when the segment is wide enough to hold it. */
static void
label_segment (IscChartLayout        *layout,
               IscChartModel         *model,
               const IscChartStyle   *style,
               const char            *words,
               double                 value,
               double                 x0,
               double                 x1,
               double                 y,
               IscChartReferenceLine *line)
{
  g_autofree char *text = reference_text (model, words, value);
  g_autofree char *markup = g_markup_escape_text (text, -1);
  IscChartText label = { 0 };
  double w, h;

  label.layout = isc_chart_layout_create_text (layout->pango, style, style->label_size, FALSE, markup);
  _isc_chart_text_size (&label, &w, &h);
  if (w + style->spacing > x1 - x0)
    {
      g_clear_object (&label.layout);
      return;
    }
  label.x = round (x0 + style->spacing / 2);
  label.y = y - 2 - h >= layout->plot.y ? round (y - 2 - h) : round (y + 2);
  if (line->step_texts == NULL)
    line->step_texts = g_array_new (FALSE, TRUE, sizeof (IscChartText));
  g_array_append_val (line->step_texts, label);
}

static void
layout_steps (IscChartLayout          *layout,
              IscChartModel           *model,
              const IscChartStyle     *style,
              const IscChartReference *ref,
              IscChartReferenceLine   *line)
{
  double right = layout->plot.x + layout->plot.width;
  guint max_points = 2 * ref->n_steps;

  line->xs = g_new (double, max_points);
  line->ys = g_new (double, max_points);
  for (guint k = 0; k < ref->n_steps; k++)
    {
      gint64 from = k == 0 ? layout->x_min : MAX (ref->steps[k].time_ms, layout->x_min);
      gint64 to = k + 1 < ref->n_steps ? MIN (ref->steps[k + 1].time_ms, layout->x_max) : layout->x_max;
      double v = ref->steps[k].value;
      double y;

      if (to <= from || !isfinite (v))
        continue;
      y = v > layout->y_max ? layout->plot.y
          : round (isc_chart_layout_y_for_value (layout, MAX (v, layout->y_min))) + 0.5;
      line->xs[line->n_points] = CLAMP (round (isc_chart_layout_x_for_ms (layout, from)), layout->plot.x, right);
      line->ys[line->n_points++] = y;
      line->xs[line->n_points] = CLAMP (round (isc_chart_layout_x_for_ms (layout, to)), layout->plot.x, right);
      line->ys[line->n_points++] = y;
      if (v != ref->value)
        label_segment (layout, model, style, ref->label, v, line->xs[line->n_points - 2],
                       line->xs[line->n_points - 1], y, line);
    }
}

/* "max 5": a reference's words, then its value in the axis' unit. */
static char *
reference_text (IscChartModel *model,
                const char    *label,
                double         v)
{
  g_autofree char *value = isc_format_value (v, isc_chart_model_get_unit_hint (model), 3);

  if (isc_chart_model_get_value_suffix (model) != NULL)
    {
      char *suffixed = g_strconcat (value, isc_chart_model_get_value_suffix (model), NULL);

      g_free (value);
      value = suffixed;
    }
  /* Translators: a reference line's label, "max 5": its words, then
   * its value */
  return g_strdup_printf (C_("reference line", "%s %s"), label, value);
}

/* Whether a and b come nearer than gap_x side by side or gap_y one above
 * the other. */
static gboolean
rects_touch (const IscChartRect *a,
             const IscChartRect *b,
             double              gap_x,
             double              gap_y)
{
  return (a->x < b->x + b->width + gap_x && b->x < a->x + a->width + gap_x &&
          a->y < b->y + b->height + gap_y && b->y < a->y + a->height + gap_y);
}

static IscChartRect
text_rect (const IscChartText *text)
{
  double w, h;

  _isc_chart_text_size (text, &w, &h);
  return (IscChartRect) { text->x, text->y, w, h };
}

static int
compare_label_top (gconstpointer a,
                   gconstpointer b)
{
  const IscChartReferenceLine *x = *(IscChartReferenceLine * const *) a;
  const IscChartReferenceLine *y = *(IscChartReferenceLine * const *) b;

  return (x->text.y > y->text.y) - (x->text.y < y->text.y);
}

/* The model's reference lines: at their value, or an arrow at the top
 * edge when the axis stops below them; labels right-aligned at the
 * plot's right edge, above their line (below it at the top), pushed down
 * past each other, and left out where they would leave the plot. */
static void
layout_references (IscChartLayout      *layout,
                   IscChartModel       *model,
                   const IscChartStyle *style)
{
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();
  const IscChartReference *refs;
  double right = layout->plot.x + layout->plot.width;
  double bottom = layout->plot.y + layout->plot.height;
  double free_top = layout->plot.y;
  guint n = 0;

  refs = isc_chart_model_get_references (model, &n);
  for (guint i = 0; i < n; i++)
    {
      IscChartReferenceLine line = { 0 };
      g_autofree char *value = NULL;
      g_autofree char *text = NULL;
      g_autofree char *markup = NULL;
      double w, h, arrow;

      if (!isfinite (refs[i].value) || refs[i].value < layout->y_min)
        continue;
      line.value = refs[i].value;
      line.above = refs[i].value > layout->y_max;
      line.y = line.above ? layout->plot.y : round (isc_chart_layout_y_for_value (layout, line.value)) + 0.5;
      if (refs[i].n_steps > 0)
        layout_steps (layout, model, style, &refs[i], &line);

      /* On its own, trailing zeros dropped: "max 5", not "max 5.00". */
      value = isc_format_value (line.value, isc_chart_model_get_unit_hint (model), 3);
      if (isc_chart_model_get_value_suffix (model) != NULL)
        {
          char *suffixed = g_strconcat (value, isc_chart_model_get_value_suffix (model), NULL);

          g_free (value);
          value = suffixed;
        }
      /* Translators: a reference line's label, "max 5": its words, then
       * its value */
      text = g_strdup_printf (C_("reference line", "%s %s"), refs[i].label, value);
      markup = g_markup_escape_text (text, -1);
      line.text.layout = isc_chart_layout_create_text (layout->pango, style, style->label_size, FALSE, markup);
      _isc_chart_text_size (&line.text, &w, &h);
      arrow = line.above ? 2 * style->spacing + 2 : 0;
      line.text.x = round (right - style->spacing / 2 - arrow - w);
      if (line.above)
        line.text.y = layout->plot.y + 2;
      else if (line.y - 2 - h >= layout->plot.y)
        line.text.y = round (line.y - 2 - h);
      else
        line.text.y = round (line.y + 2);
      g_array_append_val (layout->references, line);
    }

  for (guint i = 0; i < layout->references->len; i++)
    g_ptr_array_add (sorted, &g_array_index (layout->references, IscChartReferenceLine, i));
  g_ptr_array_sort (sorted, compare_label_top);
  for (guint i = 0; i < sorted->len; i++)
    {
      IscChartReferenceLine *line = g_ptr_array_index (sorted, i);
      double h;

      _isc_chart_text_size (&line->text, NULL, &h);
      line->text.y = MAX (line->text.y, free_top);
      if (line->text.y + h > bottom || line->text.x < layout->plot.x)
        {
          g_clear_object (&line->text.layout);
          continue;
        }
      free_top = line->text.y + h + 1;
    }
}

#define MARKER_ROWS 3
/* A marker's label may be a sentence ("max replicas 10 → 16 by
 * ana@example.com from the UI"): it is folded to two lines at most
 * MARKER_WIDTH_SHARE of the plot's width (never narrower than
 * MARKER_MIN_EMS ems), ended with "…" beyond; where that finds no room,
 * one line of MARKER_SHORT_EMS ems is tried. The whole sentence is the
 * hover's and the description's (isc-chart-hover.c). */
#define MARKER_WIDTH_SHARE 0.4
#define MARKER_MIN_EMS 14
#define MARKER_SHORT_EMS 10

/* A label of at most @max_width pixels and @max_lines lines, "…" where
 * it is cut. */
static PangoLayout *
create_marker_text (IscChartLayout      *layout,
                    const IscChartStyle *style,
                    const char          *markup,
                    double               max_width,
                    int                  max_lines)
{
  PangoLayout *text = isc_chart_layout_create_text (layout->pango, style, style->label_size, FALSE, markup);
  int w;

  pango_layout_get_pixel_size (text, &w, NULL);
  if (w <= max_width)
    return text;
  pango_layout_set_width (text, (int) floor (max_width) * PANGO_SCALE);
  pango_layout_set_wrap (text, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (text, -max_lines);
  pango_layout_set_ellipsize (text, PANGO_ELLIPSIZE_END);
  return text;
}

/* Places @line's label beside its line, in the first row from the plot's
 * top where it touches nothing in @taken (which it then joins); FALSE
 * when there is none. */
static gboolean
place_marker_text (IscChartLayout     *layout,
                   IscChartMarkerLine *line,
                   const IscChartStyle *style,
                   GArray             *taken,
                   double              em,
                   double              row_height)
{
  double right = layout->plot.x + layout->plot.width;
  double w, h;

  _isc_chart_text_size (&line->text, &w, &h);
  line->text.x = round (line->x + style->spacing / 2);
  if (line->text.x + w > right - 2)
    line->text.x = round (line->x - style->spacing / 2 - w);
  if (line->text.x < layout->plot.x)
    return FALSE;
  for (guint row = 0; row < MARKER_ROWS; row++)
    {
      IscChartRect r;
      gboolean placed = TRUE;

      line->text.y = round (layout->plot.y + 2 + row * (row_height + 2));
      if (line->text.y + h > layout->plot.y + layout->plot.height)
        return FALSE;
      r = text_rect (&line->text);
      for (guint k = 0; k < taken->len && placed; k++)
        placed = !rects_touch (&r, &g_array_index (taken, IscChartRect, k), em, 2);
      if (placed)
        {
          g_array_append_val (taken, r);
          return TRUE;
        }
    }
  return FALSE;
}

/* The model's markers within the time axis, each labelled at the plot's
 * top in the first row where its label touches no other (the reference
 * labels placed already, and the markers' before it): an em apart side
 * by side, so that two labels in a row never read as one ("replica
 * sgdb5 terminated max 16"), 2 px one above the other. */
static void
layout_markers (IscChartLayout      *layout,
                IscChartModel       *model,
                const IscChartStyle *style)
{
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (IscChartRect));
  const IscChartMarker *markers;
  double right = layout->plot.x + layout->plot.width;
  double em, row_height, wide;
  guint n = 0;

  for (guint i = 0; i < layout->references->len; i++)
    {
      const IscChartReferenceLine *line = &g_array_index (layout->references, IscChartReferenceLine, i);

      if (line->text.layout != NULL)
        {
          IscChartRect r = text_rect (&line->text);

          g_array_append_val (taken, r);
        }
      for (guint k = 0; line->step_texts != NULL && k < line->step_texts->len; k++)
        {
          IscChartRect r = text_rect (&g_array_index (line->step_texts, IscChartText, k));

          g_array_append_val (taken, r);
        }
    }

  markers = isc_chart_model_get_markers (model, &n);
  if (n == 0)
    return;
  {
    g_autoptr(PangoLayout) one = isc_chart_layout_create_text (layout->pango, style, style->label_size, FALSE, "M");
    int mw, mh;

    pango_layout_get_pixel_size (one, &mw, &mh);
    em = MAX (mw, 1);
    row_height = mh;
  }
  wide = MIN (MAX (layout->plot.width * MARKER_WIDTH_SHARE, MARKER_MIN_EMS * em),
              layout->plot.width - style->spacing);

  for (guint i = 0; i < n; i++)
    {
      IscChartMarkerLine line = { 0 };
      g_autofree char *markup = NULL;
      gboolean placed;

      if (markers[i].time_ms < layout->x_min || markers[i].time_ms > layout->x_max)
        continue;
      line.time_ms = markers[i].time_ms;
      line.x = MIN (floor (isc_chart_layout_x_for_ms (layout, line.time_ms)), right - 1) + 0.5;
      markup = g_markup_escape_text (markers[i].label, -1);
      line.text.layout = create_marker_text (layout, style, markup, wide, 2);
      placed = place_marker_text (layout, &line, style, taken, em, row_height);
      if (!placed && wide > MARKER_SHORT_EMS * em)
        {
          g_object_unref (line.text.layout);
          line.text.layout = create_marker_text (layout, style, markup, MARKER_SHORT_EMS * em, 1);
          placed = place_marker_text (layout, &line, style, taken, em, row_height);
        }
      if (!placed)
        g_clear_object (&line.text.layout);
      g_array_append_val (layout->markers, line);
    }
}

void
_isc_chart_layout_annotate (IscChartLayout      *layout,
                            IscChartModel       *model,
                            const IscChartStyle *style)
{
  if (layout->message.layout != NULL || isc_chart_model_get_plot (model) == ISC_CHART_PLOT_BARS ||
      layout->plot.width <= 0 || layout->plot.height <= 0)
    return;
  layout_references (layout, model, style);
  layout_markers (layout, model, style);
}
