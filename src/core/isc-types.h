/* isc-types.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The enums of the core layer. Their GTypes come from
 * gnome.mkenums_simple() in meson.build (isc-core-enums.h).
 */

typedef enum
{
  ISC_MODE_CURRENT,
  ISC_MODE_SUMMARY,
  ISC_MODE_SERIES,
} IscMode;

/* The API is in beta: a value we do not know is kept as UNKNOWN and drawn
 * as plain numbers, never an error.
 */
typedef enum
{
  ISC_UNIT_HINT_UNKNOWN,
  ISC_UNIT_HINT_PER_SECOND,
  ISC_UNIT_HINT_SECONDS,
  ISC_UNIT_HINT_BYTES,
  ISC_UNIT_HINT_MEBIBYTES,
  ISC_UNIT_HINT_COUNT,
  ISC_UNIT_HINT_RATIO,
} IscUnitHint;

typedef enum
{
  ISC_METRIC_KIND_UNKNOWN,
  ISC_METRIC_KIND_GAUGE,
  ISC_METRIC_KIND_COUNTER,
  ISC_METRIC_KIND_HISTOGRAM,
} IscMetricKind;

typedef struct _IscMetricsResponse IscMetricsResponse;
typedef struct _IscMetric          IscMetric;
typedef struct _IscSeries          IscSeries;

const char    *isc_mode_to_string        (IscMode        mode);
gboolean       isc_mode_from_string      (const char    *str,
                                          IscMode       *mode);
const char    *isc_unit_hint_to_string   (IscUnitHint    unit_hint);
IscUnitHint    isc_unit_hint_from_string (const char    *str);
const char    *isc_metric_kind_to_string (IscMetricKind  kind);
IscMetricKind  isc_metric_kind_from_string (const char  *str);

G_END_DECLS
