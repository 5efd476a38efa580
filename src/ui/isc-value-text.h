/* isc-value-text.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How the Summary table and the tiles write one value of a known metric.
 */

#pragma once

#include <glib.h>

#include "isc-types.h"

G_BEGIN_DECLS

/* One value of the metric @name in its unit, as the charts read it: a
 * RATIO the catalogue says may come as 0–100 is percent above 1, and a
 * RATIO with a unit of its own (CPU in cores) reads as a number of that
 * unit ("3.2 cores"). Anything else is isc_format_value() with
 * @significant_digits. */
char *isc_value_text_for_metric (const char  *name,
                                 IscUnitHint  unit_hint,
                                 double       value,
                                 guint        significant_digits);

G_END_DECLS
