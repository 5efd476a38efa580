/* isc-bar-renderer.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-chart-renderer.h"

G_BEGIN_DECLS

/* A single value set (SUMMARY, CURRENT): one labelled bar per label set. */

#define ISC_TYPE_BAR_RENDERER (isc_bar_renderer_get_type ())

G_DECLARE_FINAL_TYPE (IscBarRenderer, isc_bar_renderer, ISC, BAR_RENDERER, IscChartRenderer)

/* The line over the bars that says what they are: their window and per
 * what, in @tz (NULL for local time). A SUMMARY's counter is a "Total over
 * 1 h, 11:31 – 12:31, then the mean per second", a gauge an "Average over
 * …", a histogram's quantiles are "Quantiles and average of the values
 * over …"; a CURRENT snapshot is "Now: …". */
char *isc_bar_renderer_dup_caption (IscChartModel *model,
                                    GTimeZone     *tz);

G_END_DECLS
