/* isc-chart-model-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-chart-model.h"

G_BEGIN_DECLS

/* The model's state, shared by its construction and accessors
 * (isc-chart-model.c) and its error shares (isc-chart-model-error.c). */
struct _IscChartModel
{
  GObject              parent_instance;

  /* Owned references */
  IscMetricsResponse  *response;

  /* Borrowed from the response */
  const IscMetric     *metric;
  const gint64        *step_starts;

  /* Owned state */
  char                *title;
  char                *unit_text;
  const char          *unit_label;  /* translated, static */
  char                *step_text;
  char                *value_suffix;
  IscChartSeries      *series;
  guint               *order;
  double             **stack_base;
  double             **stack_top;
  guint                n_series;
  guint                n_steps;
  guint                n_complete;   /* steps before the first incomplete one */
  gint64               start_ms;
  gint64               end_ms;
  double               extent_min;
  double               extent_max;
  int                  median;
  int                  average;
  IscMetricKind        kind;
  IscUnitHint          unit_hint;
  IscCounterDisplay    counter_display;
  IscChartPlot         plot;
  guint                empty : 1;
  guint                from_percent : 1;
  guint                integer : 1;

  /* An error rate model's counter of requests by status (owned), so its
   * legend can say the share of the whole range's requests. */
  IscMetricsResponse  *error_source;
  guint                error_source_metric;

  /* Series left out of the drawing (isc_chart_model_set_hidden()): n_series
   * flags, NULL while every series shows. */
  gboolean            *hidden;
  /* The least top the value axis reaches (an error rate's floor), 0. */
  double               min_extent_max;

  /* Annotations (isc_chart_model_set_references(), _set_markers()): owned
   * copies, labels too. */
  IscChartReference   *references;
  guint                n_references;
  IscChartMarker      *markers;
  guint                n_markers;

  /* The compared series (isc_chart_model_set_compare()): n_compare of
   * them after the model's own in the series' index space, each
   * resampled onto this model's steps; compare_of is the own series of
   * the same label (-1 for none); compare_draw what a compare line
   * draws (a stack's layer tops, else its values); legend_order the own
   * order, then the compared. */
  IscChartSeries      *compare;
  guint                n_compare;
  int                 *compare_of;
  double             **compare_draw;
  guint               *legend_order;
  gint64               compare_shift_ms;

  /* What a caller adds to a series' legend entry and hover value
   * (isc_chart_model_set_notes()), and before every value. */
  IscChartNoteFunc     note_func;
  gpointer             note_data;
  GDestroyNotify       note_destroy;
  char                *value_prefix;
};

/* For tests: the counter display the model draws (a PER_STEP counter's
 * is TOTALS, whatever was asked), and whether the values came as
 * percent. */
IscCounterDisplay     isc_chart_model_get_counter_display  (IscChartModel      *self);
/* TRUE when a RATIO metric that may come as 0–100 did (a value above 1):
 * the drawn values are the response's divided by 100. */
gboolean              isc_chart_model_get_from_percent     (IscChartModel      *self);

/* isc-chart-model-series.c: a series' role and label from its label set
 * (@title for a series without labels), its statistics over the first
 * @n_complete of @n_steps values, and the GCompareDataFunc orders of a
 * fan (quantiles ascending) and of a stack (status classes ascending), on
 * indices into the series array passed as user data. */
void  isc_chart_series_init                (IscChartSeries     *cs,
                                            const IscSeries    *source,
                                            guint               index,
                                            const char         *title);
void  isc_chart_series_compute_stats       (IscChartSeries     *cs,
                                            guint               n_steps,
                                            guint               n_complete);
int   isc_chart_series_compare_quantile    (const void         *a,
                                            const void         *b,
                                            void               *user_data);
int   isc_chart_series_compare_status      (const void         *a,
                                            const void         *b,
                                            void               *user_data);
/* The steps before the first one that holds only part of its interval
 * (see isc_chart_model_get_n_complete_steps()), at time @now_ms. */
guint isc_chart_model_count_complete_steps (IscMetricsResponse *response,
                                            const gint64       *starts,
                                            guint               n_steps,
                                            gint64              now_ms);

/* isc-chart-model-compare.c: frees the compared series; lays the
 * compared stack again after the hidden set changed. */
void  isc_chart_model_clear_compare        (IscChartModel      *self);
void  isc_chart_model_build_compare_draw   (IscChartModel      *self);
/* isc-chart-model.c: the value range of the shown series, own and
 * compared. */
void  isc_chart_model_compute_extent       (IscChartModel      *self);

/* isc-chart-annotations.c: frees the model's annotations. */
void  isc_chart_model_clear_annotations    (IscChartModel      *self);

G_END_DECLS
