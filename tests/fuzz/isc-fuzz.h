/* isc-fuzz.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the fuzz targets share: each is a libFuzzer entry point, built
 * with -Dfuzzing=true (clang) for `build-aux/fuzz`, and linked with
 * replay.c into a test of the normal build that runs the seed corpus
 * through the same entry point.
 */

#pragma once

#include <stddef.h>
#include <stdint.h>
#include <glib.h>

G_BEGIN_DECLS

int  LLVMFuzzerTestOneInput (const uint8_t *data,
                             size_t         size);

/* Once per process: warnings and criticals from GLib are bugs the
 * fuzzer should stop at, as the tests' G_DEBUG=fatal-warnings does. */
static inline void
isc_fuzz_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING | G_LOG_FATAL_MASK);
      g_once_init_leave (&done, 1);
    }
}

G_END_DECLS
