/* isc-units-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-units.h"

G_BEGIN_DECLS

/* The hard cap on value ticks, whatever target_count asks for. */
#define MAX_TARGET_TICKS 50
#define MAX_TICKS        (MAX_TARGET_TICKS * 3)

/* Finite inputs are clamped to this so that max - min cannot overflow. */
#define MAX_INPUT_MAGNITUDE 1e300

/* The units of one unit hint, smallest first (isc-units.c), for the
 * formats there and the value ticks (isc-value-ticks.c). */
typedef struct
{
  const char *symbol;
  double      factor;   /* base units in one of this unit */
} IscUnitStep;

typedef struct
{
  const IscUnitStep *steps;
  guint              n_steps;
  guint              base;      /* the unit of zero */
  gboolean           spaced;    /* a no-break space before the symbol */
} IscUnitScale;

extern const IscUnitScale _isc_bytes_scale;
extern const IscUnitScale _isc_seconds_scale;
extern const IscUnitScale _isc_rate_scale;
extern const IscUnitScale _isc_count_scale;

const IscUnitScale *_isc_unit_get_scale        (IscUnitHint         unit_hint,
                                                gboolean            percent);
/* Base units in one of the hint's (MiB for MEBIBYTES, 100 for percent). */
double              _isc_unit_get_multiplier   (IscUnitHint         unit_hint,
                                                gboolean            percent);
/* The largest unit in which @magnitude (>= 0, base units) reads at least
 * 1; the smallest when it reads less in every unit; the base for zero. */
guint               _isc_unit_choose_step      (const IscUnitScale *scale,
                                                double              magnitude);
/* Values in @format read in the unit scale->steps[idx]. */
void                _isc_value_format_set_step (IscValueFormat     *format,
                                                const IscUnitScale *scale,
                                                guint               idx);

G_END_DECLS
