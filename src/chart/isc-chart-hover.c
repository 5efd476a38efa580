/* isc-chart-hover.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The chart's pointer: the step under an x, the hover's cursor line and
 * values box, and the cursor at a time shared between charts. Each is
 * drawn on top of a picture from isc_chart_draw(). */

#define G_LOG_DOMAIN "isc-chart"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "isc-chart-private.h"

/* How near a marker's line the pointer takes its step. */
#define MARKER_SNAP_PX 3.0

int
isc_chart_get_step_at_x (IscChart *self,
                         int       width,
                         int       height,
                         double    x)
{
  const IscChartLayout *layout;
  guint n_steps;
  int step;

  g_return_val_if_fail (ISC_IS_CHART (self), -1);

  if (self->model == NULL || isc_chart_model_get_plot (self->model) == ISC_CHART_PLOT_BARS)
    return -1;

  layout = isc_chart_ensure_layout (self, width, height);
  if (x < layout->plot.x || x > layout->plot.x + layout->plot.width)
    return -1;

  /* On a marker's line (within a few pixels, where a long range packs
   * several steps into one), its step: the values box then says what
   * happened there. */
  for (guint i = 0; i < layout->markers->len; i++)
    {
      const IscChartMarkerLine *line = &g_array_index (layout->markers, IscChartMarkerLine, i);

      if (fabs (line->x - x) <= MARKER_SNAP_PX)
        return isc_chart_get_step_near_time (self, line->time_ms);
    }

  step = isc_chart_model_get_step_at (self->model, isc_chart_layout_ms_for_x (layout, x));
  n_steps = isc_chart_model_get_n_steps (self->model);

  /* The nearer of this step's start and the next one's. */
  if (step >= 0 && (guint)step + 1 < n_steps &&
      fabs (layout->step_x[step + 1] - x) < fabs (layout->step_x[step] - x))
    step++;
  return step;
}

/* A 4xx or 5xx layer's share of the step's requests, after its value:
 * "5xx  12/s  10 %". */
static void
append_hover_error_share (GString       *markup,
                          IscChartModel *model,
                          guint          series,
                          int            step)
{
  g_autofree char *share_text = isc_chart_model_dup_error_share_text (model, series, step);
  g_autofree char *escaped = NULL;

  if (share_text == NULL)
    return;
  escaped = g_markup_escape_text (share_text, -1);
  g_string_append_printf (markup, "  %s", escaped);
}

/* A caller's note on the series at the step (isc_chart_model_set_notes()),
 * after its value and share. */
static void
append_hover_note (GString       *markup,
                   IscChartModel *model,
                   guint          series,
                   int            step)
{
  g_autofree char *note = isc_chart_model_dup_note (model, series, step);
  g_autofree char *escaped = NULL;

  if (note == NULL)
    return;
  escaped = g_markup_escape_text (note, -1);
  g_string_append_printf (markup, "  %s", escaped);
}

/* A step that holds only part of its interval says so under its time. */
static void
append_incomplete_line (IscChart *self,
                        GString  *markup,
                        int       step)
{
  const char *text;
  g_autofree char *line = NULL;

  if (isc_chart_model_get_step_complete (self->model, step))
    return;

  if (isc_chart_model_get_kind (self->model) == ISC_METRIC_KIND_COUNTER)
    /* Translators: the hover over a step still being counted; its values
     * will grow */
    text = _("incomplete: counted so far, more to come");
  else
    /* Translators: the hover over a step whose data is still being
     * ingested */
    text = _("incomplete: data still arriving");
  line = g_markup_printf_escaped ("\n<i>%s</i>", text);
  g_string_append (markup, line);
}

/* The markers whose nearest step is @step, within the time axis, as
 * isc_chart_dup_step_markers() gives them. */
static GPtrArray *
step_markers (IscChart             *self,
              const IscChartLayout *layout,
              int                   step)
{
  GPtrArray *labels = g_ptr_array_new ();
  const IscChartMarker *markers;
  guint n = 0;

  markers = isc_chart_model_get_markers (self->model, &n);
  for (guint i = 0; i < n; i++)
    {
      if (markers[i].time_ms < layout->x_min || markers[i].time_ms > layout->x_max)
        continue;
      if (isc_chart_get_step_near_time (self, markers[i].time_ms) == step)
        g_ptr_array_add (labels, (gpointer) ISC_CHART_MARKER_TEXT (&markers[i]));
    }
  return labels;
}

/* What happened at the step: each marker's sentence (its description,
 * else its whole label, which the plot's top may show cut short), in the
 * markers' colour, under the time. */
static void
append_marker_lines (IscChart             *self,
                     const IscChartLayout *layout,
                     GString              *markup,
                     int                   step)
{
  g_autoptr(GPtrArray) labels = step_markers (self, layout, step);
  const IscChartColor *c = &self->style.marker;

  for (guint i = 0; i < labels->len; i++)
    {
      g_autofree char *line = NULL;

      line = g_markup_printf_escaped ("\n<span foreground=\"#%02x%02x%02x\">%s</span>",
                                      (guint) round (CLAMP (c->red, 0, 1) * 255),
                                      (guint) round (CLAMP (c->green, 0, 1) * 255),
                                      (guint) round (CLAMP (c->blue, 0, 1) * 255),
                                      (const char *) g_ptr_array_index (labels, i));
      g_string_append (markup, line);
    }
}

static PangoLayout *
create_hover_text (IscChart             *self,
                   const IscChartLayout *layout,
                   int                   step)
{
  const IscChartStyle *style = &self->style;
  const gint64 *starts = isc_chart_model_get_step_starts (self->model);
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (starts[step] / 1000);
  g_autoptr(GDateTime) dt = g_date_time_to_timezone (utc, self->tz);
  g_autofree char *when = NULL;
  PangoLayout *text;
  const guint *order;
  guint n_order = 0;
  double max_width;
  int w;

  if (isc_metrics_response_get_step_seconds (isc_chart_model_get_response (self->model)) >= 86400)
    /* Translators: the day under the pointer, at the top of the hover box
     * of a chart of whole days (the Usage page's), e.g. "Tue 1 Dec"; see
     * g_date_time_format() for the codes. */
    when = g_date_time_format (dt, _("%a %-d %b"));
  else
    /* Translators: the time of the step under the pointer, at the top of
     * the chart's hover box, e.g. "Tue 1 Dec 09:12:30"; see
     * g_date_time_format() for the codes. */
    when = g_date_time_format (dt, _("%a %-d %b %H:%M:%S"));
  g_string_append_printf (markup, "<b>%s</b>", when);
  append_marker_lines (self, layout, markup, step);
  append_incomplete_line (self, markup, step);
  order = isc_chart_model_get_legend_order (self->model, &n_order);
  for (guint k = 0; k < n_order; k++)
    {
      const IscChartSeries *cs = isc_chart_model_get_series (self->model, order[k]);
      g_autofree char *value = NULL;
      g_autofree char *line = NULL;

      /* A hidden series is not drawn, so it has no value to read. */
      if (isc_chart_model_get_series_hidden (self->model, order[k]))
        continue;
      value = isc_chart_model_format_value_long (self->model, &layout->value_format, cs->values[step]);

      /* A transparent square keeps the swatch's place: draw_hover_swatches
       * draws it there as the legend does. */
      line = g_markup_printf_escaped ("\n<span alpha=\"1\">■</span> %s  <b>%s</b>", cs->label, value);
      g_string_append (markup, line);
      append_hover_error_share (markup, self->model, order[k], step);
      append_hover_note (markup, self->model, order[k], step);
    }

  text = isc_chart_layout_create_text (self->pango, style, style->label_size, FALSE, markup->str);
  /* A marker's sentence may be wider than the plot: folded within it. */
  pango_layout_get_pixel_size (text, &w, NULL);
  max_width = layout->plot.width - 4 * style->spacing;
  if (w > max_width && max_width > 0)
    {
      pango_layout_set_width (text, (int) floor (max_width) * PANGO_SCALE);
      pango_layout_set_wrap (text, PANGO_WRAP_WORD_CHAR);
    }
  return text;
}

/* Where the hover's values box goes for step: beside the cursor, on the
 * left of it when it would leave the plot. FALSE when there is no hover. */
static gboolean
hover_geometry (IscChart             *self,
                int                   width,
                int                   height,
                int                   step,
                double               *cursor_x,
                IscChartRect         *box)
{
  const IscChartLayout *layout;
  const IscChartRect *plot;
  double x, pad;
  int w, h;

  if (self->model == NULL || step < 0 || (guint)step >= isc_chart_model_get_n_steps (self->model))
    return FALSE;

  layout = isc_chart_ensure_layout (self, width, height);
  if (layout->message.layout != NULL)
    return FALSE;
  plot = &layout->plot;

  /* The values text only changes with the step. */
  if (self->hover_text == NULL || self->hover_step != step)
    {
      g_clear_object (&self->hover_text);
      self->hover_text = create_hover_text (self, layout, step);
      self->hover_step = step;
    }

  /* The step's own pixel column, where its points are drawn. */
  x = floor (layout->step_x[step]) + 0.5;
  pad = self->style.spacing;
  pango_layout_get_pixel_size (self->hover_text, &w, &h);
  box->width = w + 2 * pad;
  box->height = h + 2 * pad;
  box->x = x + 2 * pad;
  if (box->x + box->width > plot->x + plot->width)
    box->x = x - 2 * pad - box->width;
  box->x = round (MAX (0, box->x)) + 0.5;
  box->y = round (plot->y + pad) + 0.5;
  *cursor_x = x;
  return TRUE;
}

gboolean
isc_chart_get_hover_area (IscChart     *self,
                          int           width,
                          int           height,
                          int           step,
                          IscChartRect *area)
{
  const IscChartLayout *layout;
  IscChartRect box;
  double x, x0, x1, y0, y1;

  g_return_val_if_fail (ISC_IS_CHART (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  if (!hover_geometry (self, width, height, step, &x, &box))
    return FALSE;

  layout = isc_chart_ensure_layout (self, width, height);
  /* The cursor line and the box, with a pixel around for antialiasing
   * where the line's sides and the box's edges are. Above and below, the
   * line ends square at the plot's edges, as the other charts' cursor
   * line (isc_chart_get_cursor_line()) does: the same rows, so that GSK's
   * damage of a crosshair frame keeps one band of rectangles per row of
   * charts (more than 30 rectangles, and it redraws their bounding box). */
  x0 = MIN (x - 1, box.x - 1);
  x1 = MAX (x + 1, box.x + box.width + 1);
  y0 = MIN (layout->plot.y, box.y - 1);
  y1 = MAX (layout->plot.y + layout->plot.height, box.y + box.height + 1);
  area->x = floor (MAX (0, x0));
  area->y = floor (MAX (0, y0));
  area->width = ceil (MIN (width, x1)) - area->x;
  area->height = ceil (MIN (height, y1)) - area->y;
  return TRUE;
}

/* The hover box's swatches, one on each series line's placeholder square
 * (in the model's order, as create_hover_text writes them), the text
 * drawn with its top-left corner at (x, y): added to fills. */
static void
add_hover_swatch_fills (IscChart *self,
                        double    x,
                        double    y,
                        GArray   *fills)
{
  const char *text = pango_layout_get_text (self->hover_text);
  const char *p = text;
  const guint *order;
  guint n_order = 0, k = 0;

  order = isc_chart_model_get_legend_order (self->model, &n_order);
  while (k < n_order && (p = strstr (p, "■")) != NULL)
    {
      PangoRectangle pos;
      double size = self->style.swatch_size;

      /* create_hover_text leaves hidden series out. */
      if (isc_chart_model_get_series_hidden (self->model, order[k]))
        {
          k++;
          continue;
        }
      pango_layout_index_to_pos (self->hover_text, (int)(p - text), &pos);
      isc_chart_add_swatch_fills (self, order[k++],
                                  round (x + pango_units_to_double (pos.x + pos.width / 2) - size / 2),
                                  round (y + pango_units_to_double (pos.y + pos.height / 2) - size / 2),
                                  fills);
      p += strlen ("■");
    }
}

void
isc_chart_draw_hover (IscChart *self,
                      cairo_t  *cr,
                      int       width,
                      int       height,
                      int       step)
{
  const IscChartStyle *style;
  const IscChartLayout *layout;
  g_autoptr(GArray) swatches = NULL;
  IscChartRect box;
  double x;

  g_return_if_fail (ISC_IS_CHART (self));

  if (!hover_geometry (self, width, height, step, &x, &box))
    return;

  layout = isc_chart_ensure_layout (self, width, height);
  style = &self->style;

  cairo_save (cr);
  cairo_set_line_width (cr, style->cursor_width);
  isc_chart_style_set_source (cr, &style->cursor);
  cairo_move_to (cr, x, layout->plot.y);
  cairo_line_to (cr, x, layout->plot.y + layout->plot.height);
  cairo_stroke (cr);

  cairo_rectangle (cr, box.x, box.y, box.width, box.height);
  isc_chart_style_set_source (cr, &style->tooltip_background);
  cairo_fill_preserve (cr);
  isc_chart_style_set_source (cr, &style->tooltip_border);
  cairo_stroke (cr);

  isc_chart_style_set_source (cr, &style->foreground);
  cairo_move_to (cr, box.x - 0.5 + style->spacing, box.y - 0.5 + style->spacing);
  pango_cairo_show_layout (cr, self->hover_text);
  swatches = g_array_new (FALSE, FALSE, sizeof (IscChartFill));
  add_hover_swatch_fills (self, box.x - 0.5 + style->spacing, box.y - 0.5 + style->spacing, swatches);
  isc_chart_draw_fills (cr, swatches);
  cairo_restore (cr);
}

static void
add_fill (GArray              *fills,
          double               x,
          double               y,
          double               width,
          double               height,
          const IscChartColor *color,
          double               alpha)
{
  IscChartFill fill = { { x, y, width, height }, *color };

  fill.color.alpha *= alpha;
  if (width > 0 && height > 0)
    g_array_append_val (fills, fill);
}

GArray *
isc_chart_get_hover_fills (IscChart     *self,
                           int           width,
                           int           height,
                           int           step,
                           guint        *n_under_text,
                           PangoLayout **text,
                           double       *text_x,
                           double       *text_y)
{
  const IscChartStyle *style;
  const IscChartLayout *layout;
  GArray *fills;
  IscChartRect box;
  double x, l, t, r, b;

  g_return_val_if_fail (ISC_IS_CHART (self), NULL);
  g_return_val_if_fail (n_under_text != NULL && text != NULL, NULL);
  g_return_val_if_fail (text_x != NULL && text_y != NULL, NULL);

  if (!hover_geometry (self, width, height, step, &x, &box))
    return NULL;

  layout = isc_chart_ensure_layout (self, width, height);
  style = &self->style;
  fills = g_array_new (FALSE, FALSE, sizeof (IscChartFill));

  /* The line isc_chart_draw_hover() strokes along x. */
  add_fill (fills, x - style->cursor_width / 2, layout->plot.y,
            style->cursor_width, layout->plot.height, &style->cursor, 1);

  /* The box isc_chart_draw_hover() fills from (box.x, box.y), half a
   * pixel into the pixels of the border it then strokes around them: its
   * background whole inside, half on the border's sides and a quarter in
   * its corners, then the border over them. */
  l = box.x - 0.5;
  t = box.y - 0.5;
  r = box.x + box.width - 0.5;
  b = box.y + box.height - 0.5;
  add_fill (fills, l + 1, t + 1, r - l - 1, b - t - 1, &style->tooltip_background, 1);
  add_fill (fills, l + 1, t, r - l - 1, 1, &style->tooltip_background, 0.5);
  add_fill (fills, l + 1, b, r - l - 1, 1, &style->tooltip_background, 0.5);
  add_fill (fills, l, t + 1, 1, b - t - 1, &style->tooltip_background, 0.5);
  add_fill (fills, r, t + 1, 1, b - t - 1, &style->tooltip_background, 0.5);
  add_fill (fills, l, t, 1, 1, &style->tooltip_background, 0.25);
  add_fill (fills, r, t, 1, 1, &style->tooltip_background, 0.25);
  add_fill (fills, l, b, 1, 1, &style->tooltip_background, 0.25);
  add_fill (fills, r, b, 1, 1, &style->tooltip_background, 0.25);
  add_fill (fills, l, t, r - l + 1, 1, &style->tooltip_border, 1);
  add_fill (fills, l, b, r - l + 1, 1, &style->tooltip_border, 1);
  add_fill (fills, l, t + 1, 1, b - t - 1, &style->tooltip_border, 1);
  add_fill (fills, r, t + 1, 1, b - t - 1, &style->tooltip_border, 1);

  *n_under_text = fills->len;
  *text = self->hover_text;
  *text_x = l + style->spacing;
  *text_y = t + style->spacing;
  add_hover_swatch_fills (self, *text_x, *text_y, fills);
  return fills;
}

char **
isc_chart_dup_step_markers (IscChart *self,
                            int       width,
                            int       height,
                            int       step)
{
  const IscChartLayout *layout;
  g_autoptr(GPtrArray) labels = NULL;
  GPtrArray *copy;

  g_return_val_if_fail (ISC_IS_CHART (self), NULL);

  if (self->model == NULL || step < 0 || (guint) step >= isc_chart_model_get_n_steps (self->model))
    return NULL;
  layout = isc_chart_ensure_layout (self, width, height);
  if (layout->message.layout != NULL)
    return NULL;
  labels = step_markers (self, layout, step);
  if (labels->len == 0)
    return NULL;
  copy = g_ptr_array_new ();
  for (guint i = 0; i < labels->len; i++)
    g_ptr_array_add (copy, g_strdup (g_ptr_array_index (labels, i)));
  g_ptr_array_add (copy, NULL);
  return (char **) g_ptr_array_free (copy, FALSE);
}

char *
isc_chart_dup_hover_text (IscChart *self,
                          int       width,
                          int       height,
                          int       step)
{
  const IscChartLayout *layout;
  g_autoptr(PangoLayout) text = NULL;

  g_return_val_if_fail (ISC_IS_CHART (self), NULL);

  if (self->model == NULL || step < 0 || (guint)step >= isc_chart_model_get_n_steps (self->model))
    return NULL;

  layout = isc_chart_ensure_layout (self, width, height);
  text = create_hover_text (self, layout, step);
  return g_strdup (pango_layout_get_text (text));
}

int
isc_chart_get_step_near_time (IscChart *self,
                              gint64    ms)
{
  const gint64 *starts;
  guint n_steps;
  int step;

  g_return_val_if_fail (ISC_IS_CHART (self), -1);

  if (self->model == NULL || isc_chart_model_get_plot (self->model) == ISC_CHART_PLOT_BARS)
    return -1;

  step = isc_chart_model_get_step_at (self->model, ms);
  if (step < 0)
    return -1;
  starts = isc_chart_model_get_step_starts (self->model);
  n_steps = isc_chart_model_get_n_steps (self->model);
  /* The nearer of this step's start and the next one's, as
   * isc_chart_get_step_at_x() chooses. */
  if ((guint) step + 1 < n_steps && starts[step + 1] - ms < ms - starts[step])
    step++;
  return step;
}

/* Where the cursor line alone goes for step; FALSE when there is none. */
static gboolean
cursor_line_x (IscChart *self,
               int       width,
               int       height,
               int       step,
               double   *x)
{
  const IscChartLayout *layout;

  if (self->model == NULL || step < 0 || (guint) step >= isc_chart_model_get_n_steps (self->model))
    return FALSE;
  layout = isc_chart_ensure_layout (self, width, height);
  if (layout->message.layout != NULL)
    return FALSE;
  *x = floor (layout->step_x[step]) + 0.5;
  return TRUE;
}

gboolean
isc_chart_get_cursor_area (IscChart     *self,
                           int           width,
                           int           height,
                           gint64        ms,
                           gboolean      with_values,
                           IscChartRect *area)
{
  const IscChartLayout *layout;
  int step;
  double x;

  g_return_val_if_fail (ISC_IS_CHART (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  step = isc_chart_get_step_near_time (self, ms);
  if (with_values)
    return isc_chart_get_hover_area (self, width, height, step, area);
  if (!cursor_line_x (self, width, height, step, &x))
    return FALSE;

  layout = isc_chart_ensure_layout (self, width, height);
  area->x = floor (MAX (0, x - 1));
  area->y = floor (MAX (0, layout->plot.y - 1));
  area->width = ceil (MIN (width, x + 1)) - area->x;
  area->height = ceil (MIN (height, layout->plot.y + layout->plot.height + 1)) - area->y;
  return area->width > 0 && area->height > 0;
}

gboolean
isc_chart_get_cursor_line (IscChart     *self,
                           int           width,
                           int           height,
                           gint64        ms,
                           IscChartRect *line)
{
  const IscChartLayout *layout;
  double x;

  g_return_val_if_fail (ISC_IS_CHART (self), FALSE);
  g_return_val_if_fail (line != NULL, FALSE);

  if (!cursor_line_x (self, width, height, isc_chart_get_step_near_time (self, ms), &x))
    return FALSE;
  layout = isc_chart_ensure_layout (self, width, height);
  line->x = x - self->style.cursor_width / 2;
  line->y = layout->plot.y;
  line->width = self->style.cursor_width;
  line->height = layout->plot.height;
  return TRUE;
}

void
isc_chart_draw_cursor_at (IscChart *self,
                          cairo_t  *cr,
                          int       width,
                          int       height,
                          gint64    ms,
                          gboolean  with_values)
{
  const IscChartLayout *layout;
  int step;
  double x;

  g_return_if_fail (ISC_IS_CHART (self));
  g_return_if_fail (cr != NULL);

  step = isc_chart_get_step_near_time (self, ms);
  if (with_values)
    {
      isc_chart_draw_hover (self, cr, width, height, step);
      return;
    }
  if (!cursor_line_x (self, width, height, step, &x))
    return;

  layout = isc_chart_ensure_layout (self, width, height);
  cairo_save (cr);
  cairo_set_line_width (cr, self->style.cursor_width);
  isc_chart_style_set_source (cr, &self->style.cursor);
  cairo_move_to (cr, x, layout->plot.y);
  cairo_line_to (cr, x, layout->plot.y + layout->plot.height);
  cairo_stroke (cr);
  cairo_restore (cr);
}
