/* isc-demo-writer-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-catalogue.h"
#include "isc-types.h"

G_BEGIN_DECLS

/* The JSON writer of the simulated API's metrics responses: the values
 * are computed, this only writes them out, straight into a GString (a
 * dense answer has millions of numbers; a JsonNode tree would cost twice
 * the time of computing them).
 */

/* The quantile label sets of a histogram, before {"stat":"avg"}. */
#define _ISC_DEMO_N_QUANTILES 4

/* A GetModelMetricsResponseV1, ready to write. Nothing is owned. */
typedef struct
{
  IscMode                   mode;
  gint64                    start_ms;      /* the window the response states */
  gint64                    end_ms;
  guint                     step_seconds;  /* written in SERIES, else null */
  const IscCatalogueEntry **metrics;       /* the descriptors, in order */
  guint                     n_metrics;
  const gint64             *step_starts;   /* one per value set */
  guint                     n_steps;
  /* n_steps rows of n_series: each metric's series in turn, NaN for null */
  const double             *values;
  guint                     n_series;
  /* The "status" labels of a metric by status (success, client error,
   * server error), or NULL for HTTP's "2xx", "4xx", "5xx" */
  const char * const       *status_labels;
} IscDemoResponse;

/* The series a metric has: its label sets, as the writer writes them. */
guint     _isc_demo_writer_n_series        (IscLabelShape          shape);
/* Returns the JSON body: numbers with about seven significant digits,
 * null for NaN, whatever the locale.
 */
GBytes   *_isc_demo_writer_write           (const IscDemoResponse *response);

G_END_DECLS
