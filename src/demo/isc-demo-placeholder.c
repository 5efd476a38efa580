/* isc-demo-placeholder.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keeps the layer's library non-empty until its first unit lands; delete it
 * then and take it out of meson.build.
 */

#include "config.h"

int _isc_demo_placeholder (void);

int
_isc_demo_placeholder (void)
{
  return 0;
}
