/* isc-value-text.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-value-text"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-catalogue.h"
#include "isc-units.h"
#include "isc-value-text.h"

char *
isc_value_text_for_metric (const char  *name,
                           IscUnitHint  unit_hint,
                           double       value,
                           guint        significant_digits)
{
  const IscCatalogueEntry *entry = isc_catalogue_lookup (name);

  if (unit_hint == ISC_UNIT_HINT_RATIO && entry != NULL && !isnan (value))
    {
      const char *unit_label = isc_catalogue_get_unit_label (name);

      if (entry->percent_above_one && value > 1.0)
        value /= 100.0;

      if (unit_label != NULL)
        {
          g_autofree char *number = isc_format_value (value, ISC_UNIT_HINT_UNKNOWN, significant_digits);

          /* TRANSLATORS: a number and its unit, such as "3.2 cores" */
          return g_strdup_printf (C_("value with unit", "%s\u00a0%s"), number, unit_label);
        }
    }

  return isc_format_value (value, unit_hint, significant_digits);
}
