/* isc-chart-model.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "isc-chart-types.h"
#include "isc-metrics-response.h"
#include "isc-units.h"

G_BEGIN_DECLS

typedef enum
{
  ISC_CHART_SERIES_LINE,      /* a plain or other-shaped label set */
  ISC_CHART_SERIES_STATUS,    /* {"status":"2xx"} or {"status":"200"} */
  ISC_CHART_SERIES_QUANTILE,  /* {"quantile":"0.9"} */
  ISC_CHART_SERIES_AVERAGE,   /* {"stat":"avg"} */
} IscChartSeriesRole;

/* One label set of the metric, ready to draw: values already converted (a
 * COUNTER drawn as a rate is divided by each step's length), its legend
 * text and its statistics, nulls skipped (NaN when it has no value).
 * n_values counts every value; min, mean, max and last read the complete
 * steps only (isc_chart_model_get_n_complete_steps()), so "last" is the
 * newest value that will not change and a step still filling in is not
 * taken for a low.
 */
typedef struct
{
  char               *label;
  IscChartSeriesRole  role;
  double              quantile;      /* ROLE_QUANTILE: 0.5, 0.99, … */
  guint               status_class;  /* ROLE_STATUS: 1 … 5 by the protocol's rules (isc_status_class_from_label()), 0 for none */
  guint               color_index;   /* isc_chart_style_get_palette_color() */
  double             *values;        /* n_steps, NaN for null */
  guint               n_values;      /* values that are not null */
  double              min;
  double              mean;
  double              max;
  double              last;
} IscChartSeries;

/* From @time_ms (epoch ms) on, until the next step, a limit is @value. */
typedef struct
{
  gint64 time_ms;
  double value;
} IscChartReferenceStep;

/* A horizontal reference line at @value, in the drawn values' unit (a
 * MEBIBYTES metric's in MiB, a BYTES metric's in bytes): a limit from the
 * target's settings, such as its autoscaling maximum. Its label at the
 * plot's right edge is @label, then the value in the axis' unit: "max 5",
 * "GPU memory limit 80 GiB".
 *
 * A limit that changed over the range (an autoscaling schedule's window)
 * has @n_steps steps in time order, in the same unit: the line steps
 * where they do, the first step's value holding before it, and @value is
 * the value at the range's end (the label's). */
typedef struct
{
  double                       value;
  const char                  *label;
  const IscChartReferenceStep *steps;
  guint                        n_steps;
} IscChartReference;

/* A vertical marker at @time_ms (epoch ms) with @label at the plot's top:
 * a rollout event, such as a deployment's creation or a promotion; and
 * its @description, the sentence the hover, the keyboard's cursor and the
 * chart's accessible description say ("max replicas 10 → 16 by
 * ana@example.com from the UI"), NULL when the label says it all. Both
 * plain text. */
typedef struct
{
  gint64      time_ms;
  const char *label;
  const char *description;
} IscChartMarker;

/* What a marker says in words: its description, else its label. */
#define ISC_CHART_MARKER_TEXT(m) ((m)->description != NULL ? (m)->description : (m)->label)

#define ISC_TYPE_CHART_MODEL (isc_chart_model_get_type ())

G_DECLARE_FINAL_TYPE (IscChartModel, isc_chart_model, ISC, CHART_MODEL, GObject)

IscChartModel        *isc_chart_model_new                  (IscMetricsResponse *response,
                                                            guint               metric_index,
                                                            IscCounterDisplay   counter_display);

IscMetricsResponse   *isc_chart_model_get_response         (IscChartModel      *self);
const char           *isc_chart_model_get_name             (IscChartModel      *self);
/* The friendly title for a known name, the raw name otherwise. */
const char           *isc_chart_model_get_title            (IscChartModel      *self);
IscMetricKind         isc_chart_model_get_kind             (IscChartModel      *self);
/* The unit of the drawn values: a COUNTER of COUNT drawn as a rate is
 * PER_SECOND.
 */
IscUnitHint           isc_chart_model_get_unit_hint        (IscChartModel      *self);
IscChartPlot          isc_chart_model_get_plot             (IscChartModel      *self);
/* "seconds", "per second", … for the header; NULL when nothing to say. */
const char           *isc_chart_model_get_unit_text        (IscChartModel      *self);
/* The catalogue's word for values drawn as they came when the axis does
 * not read them as percent ("cores" for CPU usage); NULL for none. */
const char           *isc_chart_model_get_unit_label       (IscChartModel      *self);
/* TRUE when the drawn values are whole counts (the catalogue's INTEGER and
 * PER_STEP metrics: replicas, ready pods, queue size, open connections,
 * restarts per step): integer value ticks, no decimals on whole values, a
 * step-after line and a per-pixel reduction that keeps the maximum. A
 * PER_STEP counter is drawn as its count per step (TOTALS, unit text "per
 * step") whatever the counter display asked, as a line rather than a
 * stack. */
gboolean              isc_chart_model_get_integer          (IscChartModel      *self);
/* What follows every value of a COUNTER drawn as step totals, on the axis,
 * in the legend and in the tooltip: "/30 s" (the step's length), so
 * "1.5k/30 s" reads as a total per step as "50/s" reads as a rate; NULL
 * otherwise. */
const char           *isc_chart_model_get_value_suffix     (IscChartModel      *self);
/* One value of the chart for a legend or a tooltip, in format (see
 * isc_value_format_format_value()) and with the value suffix. */
char                 *isc_chart_model_format_value         (IscChartModel        *self,
                                                            const IscValueFormat *format,
                                                            double                value);
/* The same with the metric's noun where the catalogue has one, for the
 * hover box: "1 restart". */
char                 *isc_chart_model_format_value_long    (IscChartModel        *self,
                                                            const IscValueFormat *format,
                                                            double                value);
/* "step 30 s", or NULL without a step. */
const char           *isc_chart_model_get_step_text        (IscChartModel      *self);

/* TRUE when every value is null: "no data yet", not an error. */
gboolean              isc_chart_model_is_empty             (IscChartModel      *self);

/* The time range drawn: from the first step's start (or the window's, if
 * earlier) to the window's end.
 */
gint64                isc_chart_model_get_start_ms         (IscChartModel      *self);
gint64                isc_chart_model_get_end_ms           (IscChartModel      *self);
guint                 isc_chart_model_get_n_steps          (IscChartModel      *self);
const gint64         *isc_chart_model_get_step_starts      (IscChartModel      *self);
/* The step at time ms (binary search), or -1 outside the steps. */
int                   isc_chart_model_get_step_at          (IscChartModel      *self,
                                                            gint64              ms);

/* Incomplete steps: a step that holds only part of its interval, either
 * cut short by the window's end (shorter than the response's step) or
 * ending after the data horizon: the last step when now falls within it,
 * and the steps after the newest one with a histogram value when they
 * end within the ingestion lag (one step plus three minutes) of the
 * window's end. They are always the
 * last steps: the steps from get_n_complete_steps() on (none for bars).
 * They are drawn lighter and dashed, left out of the statistics and say
 * "incomplete" in the hover. A COUNTER's value there is its count so far
 * over the step's interval: a lower bound. See docs/charts.md.
 */
guint                 isc_chart_model_get_n_complete_steps (IscChartModel      *self);
gboolean              isc_chart_model_get_step_complete    (IscChartModel      *self,
                                                            guint               step);

/* The model's own series; get_series() also takes the compared ones'
 * indices, from get_n_series() to get_n_series() + get_n_compare(). */
guint                 isc_chart_model_get_n_series         (IscChartModel      *self);
const IscChartSeries *isc_chart_model_get_series           (IscChartModel      *self,
                                                            guint               index);
/* Series indices in drawing order: quantiles by numeric value for a fan,
 * status classes ascending (bottom of the stack first) for a counter, the
 * response's order otherwise.
 */
const guint          *isc_chart_model_get_order            (IscChartModel      *self,
                                                            guint              *n_order);
/* A fan's median and average series, or -1. */
int                   isc_chart_model_get_median           (IscChartModel      *self);
int                   isc_chart_model_get_average          (IscChartModel      *self);

/* The range the drawn values need (stacked sums for a counter), including
 * zero. FALSE when empty.
 */
gboolean              isc_chart_model_get_extent           (IscChartModel      *self,
                                                            double             *min,
                                                            double             *max);
/* For a stacked counter, layer k (in drawing order) lies between base and
 * top at each step: base is the sum of the layers below (nulls as zero),
 * top is base plus the layer's value, NaN where the layer is null.
 */
const double         *isc_chart_model_get_stack_base       (IscChartModel      *self,
                                                            guint               layer);
const double         *isc_chart_model_get_stack_top        (IscChartModel      *self,
                                                            guint               layer);

/* For a stacked counter of requests by status, the share of all requests
 * (isc-error-share.h) in a 4xx or 5xx series: over the whole range when
 * @step is -1, else at @step. For an error rate model
 * (isc_chart_model_new_error_rate()), the share of the range's requests
 * in the series' class, from the source counter (step -1 only: at a step
 * the value is the share). FALSE for any other series or chart, and where
 * there were no requests. */
gboolean              isc_chart_model_get_error_share      (IscChartModel      *self,
                                                            guint               series,
                                                            int                 step,
                                                            double             *share);
/* The same share as text, "1.2 %" (isc_error_share_format()), or NULL. */
char                 *isc_chart_model_dup_error_share_text (IscChartModel      *self,
                                                            guint               series,
                                                            int                 step);
/* The "Error rate" chart of metric @metric_index of @response: lines of
 * the 4xx and 5xx share of each step's requests, in percent
 * (isc_error_share_new_response()), on a value axis that reaches at least
 * ISC_CHART_ERROR_RATE_MIN_EXTENT. NULL when the metric is not a counter
 * by status. */
#define ISC_CHART_ERROR_RATE_MIN_EXTENT 0.05
IscChartModel        *isc_chart_model_new_error_rate       (IscMetricsResponse *response,
                                                            guint               metric_index);

/* Series left out of the drawing, by index into the model's series: the
 * extent, a stack's sums (a hidden layer drops out) and the legend (which
 * still lists it, dimmed) follow; it is not drawn nor in the hover box.
 * @n flags, series from @n on shown; NULL (n 0) shows all. Emits
 * "hidden-changed" when the set changes. */
void                  isc_chart_model_set_hidden           (IscChartModel      *self,
                                                            const gboolean     *hidden,
                                                            guint               n);
gboolean              isc_chart_model_get_series_hidden    (IscChartModel      *self,
                                                            guint               series);
guint                 isc_chart_model_get_n_hidden         (IscChartModel      *self);

/* Annotations drawn over the series (see docs/charts.md, "Reference
 * lines and rollout markers"): copied, labels too; NULL (n 0) clears.
 * Set them before the model goes to a chart: a chart lays a model out
 * once per size. Bars and a chart with no data draw neither. Usually set
 * from a target's settings by isc_chart_annotations_apply(). */
void                  isc_chart_model_set_references       (IscChartModel           *self,
                                                            const IscChartReference *refs,
                                                            guint                    n);
const IscChartReference *isc_chart_model_get_references    (IscChartModel           *self,
                                                            guint                   *n);
void                  isc_chart_model_set_markers          (IscChartModel           *self,
                                                            const IscChartMarker    *markers,
                                                            guint                    n);
const IscChartMarker *isc_chart_model_get_markers          (IscChartModel           *self,
                                                            guint                   *n);

/* Compare: another response's series drawn over the model's own as
 * dashed lines with legend entries of their own, "5xx · last week" or
 * "5xx · d7" (label, " · ", @suffix). @other is a model of the same
 * metric built the same way from the other response
 * (isc_chart_model_new_like()); its values are read at each of this
 * model's steps, at the step's start minus @shift_ms, so a response from
 * a week back (shift one week) lines up with this window. Its series
 * then follow the model's own in every series index (get_series(),
 * set_hidden(), the legend), from get_n_series() on; a stack's compared
 * layers are drawn at their stacked tops. Bars and an empty @other draw
 * none. NULL clears. Set it before the model goes to a chart, and
 * before set_hidden(). */
void                  isc_chart_model_set_compare          (IscChartModel      *self,
                                                            IscChartModel      *other,
                                                            gint64              shift_ms,
                                                            const char         *suffix);
/* A model of the same metric as @self, made the same way (the same
 * counter display, an error rate for an error rate) from @response, or
 * NULL when @response lacks the metric. */
IscChartModel        *isc_chart_model_new_like             (IscChartModel      *self,
                                                            IscMetricsResponse *response);
guint                 isc_chart_model_get_n_compare        (IscChartModel      *self);
gint64                isc_chart_model_get_compare_shift_ms (IscChartModel      *self);
/* TRUE for a series index from get_n_series() on: a compared series. */
gboolean              isc_chart_model_is_compare           (IscChartModel      *self,
                                                            guint               series);
/* The own series a compared one overlays (same label), or -1. */
int                   isc_chart_model_get_compare_source   (IscChartModel      *self,
                                                            guint               series);
/* What a compared series draws at each step (n_steps, NaN for none):
 * its stacked top on a stack, its values otherwise. */
const double         *isc_chart_model_get_compare_draw     (IscChartModel      *self,
                                                            guint               series);
/* The legend's and the hover's order: get_order(), then every compared
 * series. */
const guint          *isc_chart_model_get_legend_order     (IscChartModel      *self,
                                                            guint              *n_order);

/* Notes: what a chart drawn from a derived response (the Usage page's
 * spend) says of a series beside its values, such as the minutes and
 * requests a day of spend paid for. @func returns the note of @series at
 * @step (-1: over the whole range, for the legend), or NULL; the legend
 * ends the series' statistics with " · note", the hover box its value
 * with "  note". Set it before the model goes to a chart. */
typedef char *(*IscChartNoteFunc) (IscChartModel *model,
                                   guint          series,
                                   int            step,
                                   gpointer       user_data);
void                  isc_chart_model_set_notes            (IscChartModel      *self,
                                                            IscChartNoteFunc    func,
                                                            gpointer            user_data,
                                                            GDestroyNotify      destroy);
/* The note of @series at @step, or NULL. */
char                 *isc_chart_model_dup_note             (IscChartModel      *self,
                                                            guint               series,
                                                            int                 step);
/* Text before every value of the legend, the hover box and the value
 * axis' labels, such as "$" for money; NULL for none. */
void                  isc_chart_model_set_value_prefix     (IscChartModel      *self,
                                                            const char         *prefix);
const char           *isc_chart_model_get_value_prefix     (IscChartModel      *self);
/* The header's unit text in place of the one the metric's unit gives,
 * such as "US dollars per day"; NULL for none. */
void                  isc_chart_model_set_unit_text        (IscChartModel      *self,
                                                            const char         *unit_text);

G_END_DECLS
