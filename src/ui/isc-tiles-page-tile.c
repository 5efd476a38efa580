/* isc-tiles-page-tile.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One tile of the Now page: its shape (a value, requests by status,
 * quantiles or label sets), its widgets, its values and its trend line.
 */

#define G_LOG_DOMAIN "isc-tiles-page"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-catalogue.h"
#include "isc-error-share.h"
#include "isc-tiles-page-private.h"
#include "isc-units.h"
#include "isc-value-text.h"

/* Wide enough for "p50 198 ms  p99 1.02 s  avg 270 ms", narrow enough
 * that one tile fills a 360 px window and four sit side by side at 1000. */
#define TILE_WIDTH   220
#define TREND_HEIGHT 36
#define DIGITS       3

void
_isc_tile_free (gpointer data)
{
  Tile *tile = data;

  g_clear_pointer (&tile->detail_labels, g_ptr_array_unref);
  g_free (tile->name);
  g_free (tile->signature);
  g_free (tile->trend_y);
  g_free (tile);
}

static gboolean
series_is_status (const IscSeries *series)
{
  return isc_series_lookup_label (series, "status") != NULL;
}

static gboolean
metric_is_by_status (const IscMetric *metric)
{
  guint n = isc_metric_get_n_series (metric);

  for (guint i = 0; i < n; i++)
    if (!series_is_status (isc_metric_get_series (metric, i)))
      return FALSE;

  return n > 0;
}

/* The quantile a series stands for (0.5 for {"quantile":"0.5"}), or NaN. */
static double
series_quantile (const IscSeries *series)
{
  const char *text = isc_series_lookup_label (series, "quantile");
  char *end = NULL;
  double q;

  if (text == NULL)
    return NAN;
  q = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || q < 0.0 || q > 1.0)
    return NAN;

  return q;
}

static gboolean
series_is_average (const IscSeries *series)
{
  return g_strcmp0 (isc_series_lookup_label (series, "stat"), "avg") == 0;
}

static TileShape
metric_shape (const IscMetric *metric)
{
  IscMetricKind kind = isc_metric_get_kind (metric);
  guint n = isc_metric_get_n_series (metric);

  if (kind == ISC_METRIC_KIND_HISTOGRAM)
    {
      for (guint i = 0; i < n; i++)
        {
          const IscSeries *series = isc_metric_get_series (metric, i);

          if (!isnan (series_quantile (series)) || series_is_average (series))
            return TILE_QUANTILES;
        }
    }

  if (kind == ISC_METRIC_KIND_COUNTER && metric_is_by_status (metric))
    return TILE_STATUS;

  if (kind != ISC_METRIC_KIND_COUNTER && n > 1)
    return TILE_LABEL_SETS;

  return TILE_PLAIN;
}

char *
_isc_tile_metric_signature (const IscMetric *metric)
{
  GString *out = g_string_new (isc_metric_get_name (metric));
  guint n = isc_metric_get_n_series (metric);

  g_string_append_printf (out, "\x1f%d", isc_metric_get_kind (metric));
  for (guint i = 0; i < n; i++)
    {
      g_string_append_c (out, '\x1e');
      g_string_append (out, isc_series_get_label_text (isc_metric_get_series (metric, i)));
    }

  return g_string_free (out, FALSE);
}

/* "p50", "p99", "p99.9" */
static char *
quantile_name (double q)
{
  return g_strdup_printf (C_("quantile", "p%g"), q * 100.0);
}

/* The series of a histogram a tile shows: the median large (or the lowest
 * quantile there is), then p50 and p99, or the lowest and highest there
 * are, and the average. Indexes into the metric's series, -1 for none. */
typedef struct
{
  int low;
  int high;
  int average;
} QuantilePick;

static QuantilePick
pick_quantiles (const IscMetric *metric)
{
  QuantilePick pick = { -1, -1, -1 };
  double low_q = INFINITY;
  double high_q = -INFINITY;
  guint n = isc_metric_get_n_series (metric);

  for (guint i = 0; i < n; i++)
    {
      const IscSeries *series = isc_metric_get_series (metric, i);
      double q = series_quantile (series);

      if (series_is_average (series) && pick.average < 0)
        pick.average = i;
      if (isnan (q))
        continue;
      /* p50 wins the low place, p99 the high one, whatever else is there */
      if (low_q != 0.5 && (q == 0.5 || q < low_q))
        {
          low_q = q;
          pick.low = i;
        }
      if (high_q != 0.99 && (q == 0.99 || q > high_q))
        {
          high_q = q;
          pick.high = i;
        }
    }

  if (pick.high == pick.low)
    pick.high = -1;

  return pick;
}

static GtkWidget *
tile_add_detail (Tile *tile)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "numeric");
  if (tile->shape != TILE_LABEL_SETS)
    gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (tile->details), label);
  g_ptr_array_add (tile->detail_labels, label);

  return label;
}

static void
set_status_class (GtkWidget  *label,
                  const char *css_class)
{
  static const char * const classes[] = { "success", "warning", "error", "dim-label" };

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      if (g_strcmp0 (classes[i], css_class) == 0)
        gtk_widget_add_css_class (label, classes[i]);
      else
        gtk_widget_remove_css_class (label, classes[i]);
    }
}

static void
trend_draw (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  Tile *tile = user_data;
  GdkRGBA color;
  double line_width = 1.5;
  double top = line_width;
  double span_y = height - 2 * line_width;
  double span_x = width;
  gboolean drawing = FALSE;

  if (tile->n_trend < 2 || width <= 0 || height <= 0)
    return;

  /* The theme's accent, or its text colour where it has none: from GTK
   * 4.10 the area's own colour, which its "accent" class makes the
   * accent (GtkStyleContext is deprecated there). */
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (GTK_WIDGET (area), &color);
#else
  {
    GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (area));

    if (!gtk_style_context_lookup_color (context, "accent_color", &color))
      gtk_style_context_get_color (context, &color);
  }
#endif

  for (guint i = 0; i < tile->n_trend; i++)
    {
      double y = tile->trend_y[i];
      double px = span_x * i / (tile->n_trend - 1);

      if (isnan (y))
        {
          drawing = FALSE;
          continue;
        }
      if (drawing)
        cairo_line_to (cr, px, top + span_y * (1.0 - y));
      else
        cairo_move_to (cr, px, top + span_y * (1.0 - y));
      drawing = TRUE;
    }

  gdk_cairo_set_source_rgba (cr, &color);
  cairo_set_line_width (cr, line_width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_stroke (cr);
}

/* The values a trend follows: a counter's sum over its label sets, a
 * histogram's median (or its first quantile, or average), a gauge's first
 * label set. NULL when the trend lacks the metric. */
static double *
trend_values (const IscMetric *metric,
              guint           *n_out)
{
  guint n_series = isc_metric_get_n_series (metric);
  IscMetricKind kind = isc_metric_get_kind (metric);
  const IscSeries *pick = NULL;
  guint n_values = 0;
  double *out;

  *n_out = 0;
  if (n_series == 0 || isc_series_get_values (isc_metric_get_series (metric, 0), &n_values) == NULL || n_values == 0)
    return NULL;

  if (kind == ISC_METRIC_KIND_COUNTER)
    {
      out = g_new (double, n_values);
      for (guint i = 0; i < n_values; i++)
        {
          double sum = NAN;

          for (guint k = 0; k < n_series; k++)
            {
              const double *values = isc_series_get_values (isc_metric_get_series (metric, k), NULL);

              if (!isnan (values[i]))
                sum = isnan (sum) ? values[i] : sum + values[i];
            }
          out[i] = sum;
        }
      *n_out = n_values;
      return out;
    }

  if (kind == ISC_METRIC_KIND_HISTOGRAM)
    {
      QuantilePick q = pick_quantiles (metric);
      int index = q.low >= 0 ? q.low : q.average;

      if (index >= 0)
        pick = isc_metric_get_series (metric, index);
    }
  if (pick == NULL)
    pick = isc_metric_get_series (metric, 0);

  {
    const double *values = isc_series_get_values (pick, &n_values);

    *n_out = n_values;
    return n_values > 0 ? g_memdup2 (values, sizeof (double) * n_values) : NULL;
  }
}

void
_isc_tile_set_trend (Tile               *tile,
                     IscMetricsResponse *trend)
{
  const IscMetric *metric = trend != NULL ? isc_metrics_response_lookup_metric (trend, tile->name) : NULL;
  double lo = INFINITY;
  double hi = -INFINITY;
  guint n_finite = 0;

  g_clear_pointer (&tile->trend_y, g_free);
  tile->n_trend = 0;

  if (metric != NULL)
    tile->trend_y = trend_values (metric, &tile->n_trend);

  for (guint i = 0; i < tile->n_trend; i++)
    {
      double v = tile->trend_y[i];

      if (!isfinite (v))
        {
          tile->trend_y[i] = NAN;
          continue;
        }
      lo = MIN (lo, v);
      hi = MAX (hi, v);
      n_finite++;
    }

  /* Nothing to join: no line, rather than a dot that looks like a glitch. */
  if (n_finite < 2)
    {
      g_clear_pointer (&tile->trend_y, g_free);
      tile->n_trend = 0;
    }
  else
    {
      /* From zero, so a steady 3 replicas is a line near the top and not
       * noise blown up to the whole height. */
      lo = MIN (lo, 0.0);
      if (hi <= lo)
        hi = lo + 1.0;
      for (guint i = 0; i < tile->n_trend; i++)
        tile->trend_y[i] = (tile->trend_y[i] - lo) / (hi - lo);
    }

  gtk_widget_set_visible (tile->trend, tile->n_trend > 0);
  gtk_widget_queue_draw (tile->trend);
}

Tile *
_isc_tile_new (const IscMetric *metric)
{
  Tile *tile = g_new0 (Tile, 1);

  tile->name = g_strdup (isc_metric_get_name (metric));
  tile->signature = _isc_tile_metric_signature (metric);
  tile->shape = metric_shape (metric);
  tile->detail_labels = g_ptr_array_new ();

  tile->card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (tile->card, "card");
  gtk_widget_set_size_request (tile->card, TILE_WIDTH, -1);
  gtk_widget_set_valign (tile->card, GTK_ALIGN_FILL);

  tile->title = gtk_label_new (isc_catalogue_get_title (tile->name));
  gtk_label_set_xalign (GTK_LABEL (tile->title), 0.0);
  gtk_label_set_wrap (GTK_LABEL (tile->title), TRUE);
  /* A metric the catalogue does not know is titled by its long name: it
   * breaks anywhere rather than widen every tile of the homogeneous box. */
  gtk_label_set_wrap_mode (GTK_LABEL (tile->title), PANGO_WRAP_WORD_CHAR);
  /* The flow box counts columns by the tiles' natural width: a long title
   * wraps instead of taking a column away. */
  gtk_label_set_max_width_chars (GTK_LABEL (tile->title), 16);
  gtk_widget_add_css_class (tile->title, "heading");
  gtk_widget_set_margin_top (tile->title, 12);
  gtk_widget_set_margin_start (tile->title, 12);
  gtk_widget_set_margin_end (tile->title, 12);
  gtk_box_append (GTK_BOX (tile->card), tile->title);

  tile->value = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (tile->value), 0.0);
  gtk_label_set_wrap (GTK_LABEL (tile->value), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (tile->value), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (tile->value), 8);
  gtk_widget_add_css_class (tile->value, "title-1");
  gtk_widget_add_css_class (tile->value, "numeric");
  gtk_widget_set_margin_start (tile->value, 12);
  gtk_widget_set_margin_end (tile->value, 12);
  gtk_widget_set_visible (tile->value, tile->shape != TILE_LABEL_SETS);
  gtk_box_append (GTK_BOX (tile->card), tile->value);

  /* What a counter's total counts over, so "18" is not read as a rate. */
  tile->note = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (tile->note), 0.0);
  gtk_label_set_wrap (GTK_LABEL (tile->note), TRUE);
  gtk_widget_add_css_class (tile->note, "caption");
  gtk_widget_add_css_class (tile->note, "dim-label");
  gtk_widget_set_margin_start (tile->note, 12);
  gtk_widget_set_margin_end (tile->note, 12);
  gtk_widget_set_visible (tile->note, FALSE);
  gtk_box_append (GTK_BOX (tile->card), tile->note);

  tile->details = gtk_box_new (tile->shape == TILE_LABEL_SETS ? GTK_ORIENTATION_VERTICAL
                                                              : GTK_ORIENTATION_HORIZONTAL,
                               tile->shape == TILE_LABEL_SETS ? 2 : 12);
  gtk_widget_set_margin_start (tile->details, 12);
  gtk_widget_set_margin_end (tile->details, 12);
  gtk_box_append (GTK_BOX (tile->card), tile->details);

  switch (tile->shape)
    {
    case TILE_STATUS:
      /* 4xx, then 5xx */
      tile_add_detail (tile);
      tile_add_detail (tile);
      break;

    case TILE_QUANTILES:
      {
        QuantilePick q = pick_quantiles (metric);

        if (q.low >= 0)
          tile_add_detail (tile);
        if (q.high >= 0)
          tile_add_detail (tile);
        if (q.average >= 0)
          tile_add_detail (tile);
      }
      break;

    case TILE_LABEL_SETS:
      for (guint i = 0; i < isc_metric_get_n_series (metric); i++)
        tile_add_detail (tile);
      break;

    case TILE_PLAIN:
    default:
      break;
    }
  gtk_widget_set_visible (tile->details, tile->detail_labels->len > 0);

  tile->trend = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (tile->trend), TREND_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (tile->trend), trend_draw, tile, NULL);
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_add_css_class (tile->trend, "accent");
#endif
  gtk_widget_set_vexpand (tile->trend, TRUE);
  gtk_widget_set_valign (tile->trend, GTK_ALIGN_END);
  gtk_widget_set_margin_start (tile->trend, 12);
  gtk_widget_set_margin_end (tile->trend, 12);
  gtk_widget_set_margin_bottom (tile->trend, 12);
  gtk_widget_set_margin_top (tile->trend, 6);
  /* A picture of the numbers above: a screen reader has them as text. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (tile->trend),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Trend"),
                                  -1);
  gtk_box_append (GTK_BOX (tile->card), tile->trend);

  tile->child = gtk_flow_box_child_new ();
  gtk_flow_box_child_set_child (GTK_FLOW_BOX_CHILD (tile->child), tile->card);

  return tile;
}

/* Requests by status: the total, and below it the 4xx and 5xx shares. */
static char *
status_tile_update (Tile            *tile,
                    const IscMetric *metric,
                    IscUnitHint      unit_hint,
                    IscUnitHint      rate_unit,
                    gboolean         as_rate,
                    gint64           step)
{
  double total = NAN;
  double errors[2] = { 0.0, 0.0 };   /* 4xx, 5xx */
  static const char * const names[2] = { "4xx", "5xx" };
  static const char * const classes[2] = { "warning", "error" };
  char *value;

  for (guint i = 0; i < isc_metric_get_n_series (metric); i++)
    {
      const IscSeries *series = isc_metric_get_series (metric, i);
      const char *status = isc_series_lookup_label (series, "status");
      double v = isc_series_get_last_value (series);

      if (isnan (v))
        continue;
      total = isnan (total) ? v : total + v;
      /* "4xx", "429", or a WebSocket or gRPC code by its protocol's
       * rules (isc-error-share.h) */
      switch (isc_status_class_from_label (status))
        {
        case 4:
          errors[0] += v;
          break;
        case 5:
          errors[1] += v;
          break;
        default:
          break;
        }
    }

  if (as_rate)
    value = isc_value_text_for_metric (tile->name, rate_unit, total / step, DIGITS);
  else
    value = isc_value_text_for_metric (tile->name, unit_hint, total, DIGITS);

  for (guint k = 0; k < 2; k++)
    {
      GtkWidget *label = g_ptr_array_index (tile->detail_labels, k);
      double share = total > 0 ? errors[k] / total : NAN;
      g_autofree char *share_text = isc_format_value (share, ISC_UNIT_HINT_RATIO, 2);
      g_autofree char *text = NULL;

      /* TRANSLATORS: a status class and its share of requests, "4xx 1.2 %" */
      text = g_strdup_printf (C_("status share", "%s %s"), names[k], share_text);
      gtk_label_set_text (GTK_LABEL (label), text);
      set_status_class (label, isnan (share) ? "dim-label" : share > 0 ? classes[k] : "success");
    }

  return value;
}

/* A latency: its first quantile, and below it the low and high ones
 * and the average. */
static char *
quantiles_tile_update (Tile            *tile,
                       const IscMetric *metric,
                       IscUnitHint      unit_hint)
{
  QuantilePick q = pick_quantiles (metric);
  int picks[3] = { q.low, q.high, q.average };
  guint d = 0;
  char *value = NULL;

  for (guint k = 0; k < 3; k++)
    {
      const IscSeries *series;
      g_autofree char *number = NULL;
      g_autofree char *name = NULL;
      g_autofree char *text = NULL;

      if (picks[k] < 0)
        continue;
      series = isc_metric_get_series (metric, picks[k]);
      number = isc_value_text_for_metric (tile->name, unit_hint, isc_series_get_last_value (series), DIGITS);
      name = k < 2 ? quantile_name (series_quantile (series)) : g_strdup (C_("statistic", "avg"));
      if (value == NULL)
        value = g_strdup (number);
      /* TRANSLATORS: a statistic and its value, "p99 1.02 s" */
      text = g_strdup_printf (C_("statistic value", "%s %s"), name, number);
      if (d < tile->detail_labels->len)
        gtk_label_set_text (g_ptr_array_index (tile->detail_labels, d++), text);
    }
  if (value == NULL)
    value = isc_format_value (NAN, unit_hint, DIGITS);

  return value;
}

/* A value per label set, each on a line of its own. */
static void
label_sets_tile_update (Tile            *tile,
                        const IscMetric *metric,
                        IscUnitHint      unit_hint)
{
  for (guint i = 0; i < isc_metric_get_n_series (metric) && i < tile->detail_labels->len; i++)
    {
      const IscSeries *series = isc_metric_get_series (metric, i);
      g_autofree char *number = isc_value_text_for_metric (tile->name, unit_hint, isc_series_get_last_value (series), DIGITS);
      g_autofree char *text = NULL;
      const char *label = isc_series_get_n_labels (series) == 1 ? isc_series_get_label_value (series, 0)
                                                                : isc_series_get_label_text (series);

      /* TRANSLATORS: a label set and its value, "true 3" */
      text = g_strdup_printf (C_("label set value", "%s %s"), label, number);
      gtk_label_set_text (g_ptr_array_index (tile->detail_labels, i), text);
    }
}

/* One value; the active replicas with their autoscaling limits. */
static char *
plain_tile_update (IscTilesPage    *self,
                   Tile            *tile,
                   const IscMetric *metric,
                   IscUnitHint      unit_hint,
                   IscUnitHint      rate_unit,
                   gboolean         as_rate,
                   gint64           step)
{
  double v = isc_metric_get_n_series (metric) > 0 ? isc_series_get_last_value (isc_metric_get_series (metric, 0)) : NAN;
  char *value;

  if (isc_metric_get_kind (metric) == ISC_METRIC_KIND_COUNTER && as_rate)
    value = isc_value_text_for_metric (tile->name, rate_unit, v / step, DIGITS);
  else
    value = isc_value_text_for_metric (tile->name, unit_hint, v, DIGITS);

  if (g_strcmp0 (tile->name, "baseten_replicas_active") == 0 &&
      self->replica_min >= 0 && self->replica_max >= 0 && !isnan (v))
    {
      g_autofree char *number = g_steal_pointer (&value);

      /* TRANSLATORS: active replicas within the autoscaling limits, "3 of 1–5" */
      value = g_strdup_printf (_("%s of %d–%d"), number, self->replica_min, self->replica_max);
    }

  return value;
}

/* Under a counter's total, the span it counts. */
static void
tile_update_note (Tile            *tile,
                  const IscMetric *metric,
                  gboolean         as_rate,
                  gint64           step)
{
  if (isc_metric_get_kind (metric) == ISC_METRIC_KIND_COUNTER && !as_rate)
    {
      g_autofree char *note = NULL;

      if (step > 0)
        {
          g_autofree char *duration = isc_format_duration_short (step);

          /* TRANSLATORS: under a counter's total, "in the last 30 s" */
          note = g_strdup_printf (_("in the last %s"), duration);
        }
      else
        note = g_strdup (_("in the last step"));
      gtk_label_set_text (GTK_LABEL (tile->note), note);
      gtk_widget_set_visible (tile->note, TRUE);
    }
  else
    gtk_widget_set_visible (tile->note, FALSE);
}

/* Shows the value, and gives the tile what a screen reader says of it:
 * its title, value, note and details. */
static void
tile_show_value (Tile       *tile,
                 const char *title,
                 const char *value)
{
  g_autoptr(GString) spoken = NULL;

  spoken = g_string_new (title);
  if (value != NULL)
    {
      gtk_label_set_text (GTK_LABEL (tile->value), value);
      g_string_append_printf (spoken, ": %s", value);
      if (gtk_widget_get_visible (tile->note))
        g_string_append_printf (spoken, " %s", gtk_label_get_text (GTK_LABEL (tile->note)));
    }
  for (guint i = 0; i < tile->detail_labels->len; i++)
    g_string_append_printf (spoken, i == 0 && value == NULL ? ": %s" : ", %s",
                            gtk_label_get_text (g_ptr_array_index (tile->detail_labels, i)));

  gtk_accessible_update_property (GTK_ACCESSIBLE (tile->card),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, spoken->str,
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (tile->child),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, spoken->str,
                                  -1);
}

void
_isc_tile_update (IscTilesPage    *self,
                  Tile            *tile,
                  const IscMetric *metric)
{
  IscUnitHint unit_hint = isc_metric_get_unit_hint (metric);
  gint64 step = isc_metrics_response_get_step_seconds (self->current);
  gboolean as_rate = !self->counters_as_totals && step > 0;
  IscUnitHint rate_unit = unit_hint;
  g_autofree char *value = NULL;
  const char *title = isc_catalogue_get_title (tile->name);

  if (unit_hint == ISC_UNIT_HINT_COUNT || unit_hint == ISC_UNIT_HINT_UNKNOWN)
    rate_unit = ISC_UNIT_HINT_PER_SECOND;

  switch (tile->shape)
    {
    case TILE_STATUS:
      value = status_tile_update (tile, metric, unit_hint, rate_unit, as_rate, step);
      break;

    case TILE_QUANTILES:
      value = quantiles_tile_update (tile, metric, unit_hint);
      break;

    case TILE_LABEL_SETS:
      label_sets_tile_update (tile, metric, unit_hint);
      break;

    case TILE_PLAIN:
    default:
      value = plain_tile_update (self, tile, metric, unit_hint, rate_unit, as_rate, step);
      break;
    }

  tile_update_note (tile, metric, as_rate, step);
  tile_show_value (tile, title, value);
}
