/* isc-types.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-types"

#include "config.h"

#include <string.h>

#include "isc-types.h"

static const char * const mode_names[] = { "CURRENT", "SUMMARY", "SERIES" };
static const char * const unit_hint_names[] = {
  "UNKNOWN", "PER_SECOND", "SECONDS", "BYTES", "MEBIBYTES", "COUNT", "RATIO",
};
static const char * const kind_names[] = { "UNKNOWN", "GAUGE", "COUNTER", "HISTOGRAM" };

const char *
isc_mode_to_string (IscMode mode)
{
  g_return_val_if_fail (mode <= ISC_MODE_SERIES, NULL);

  return mode_names[mode];
}

/* Case-sensitive, as the API is: "series" is not a mode. */
gboolean
isc_mode_from_string (const char *str,
                      IscMode    *mode)
{
  g_return_val_if_fail (mode != NULL, FALSE);

  if (str == NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (mode_names); i++)
    {
      if (strcmp (str, mode_names[i]) == 0)
        {
          *mode = (IscMode) i;
          return TRUE;
        }
    }

  return FALSE;
}

const char *
isc_unit_hint_to_string (IscUnitHint unit_hint)
{
  if (unit_hint > ISC_UNIT_HINT_RATIO)
    unit_hint = ISC_UNIT_HINT_UNKNOWN;

  return unit_hint_names[unit_hint];
}

IscUnitHint
isc_unit_hint_from_string (const char *str)
{
  if (str == NULL)
    return ISC_UNIT_HINT_UNKNOWN;

  for (guint i = 1; i < G_N_ELEMENTS (unit_hint_names); i++)
    {
      if (strcmp (str, unit_hint_names[i]) == 0)
        return (IscUnitHint) i;
    }

  return ISC_UNIT_HINT_UNKNOWN;
}

const char *
isc_metric_kind_to_string (IscMetricKind kind)
{
  if (kind > ISC_METRIC_KIND_HISTOGRAM)
    kind = ISC_METRIC_KIND_UNKNOWN;

  return kind_names[kind];
}

IscMetricKind
isc_metric_kind_from_string (const char *str)
{
  if (str == NULL)
    return ISC_METRIC_KIND_UNKNOWN;

  for (guint i = 1; i < G_N_ELEMENTS (kind_names); i++)
    {
      if (strcmp (str, kind_names[i]) == 0)
        return (IscMetricKind) i;
    }

  return ISC_METRIC_KIND_UNKNOWN;
}
