/* isc-chart-json-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @text as a JSON string's contents, for the metrics documents the usage
 * and Model APIs charts write for the metrics decoder to read. */
static inline void
_isc_chart_append_json_text (GString    *json,
                             const char *text)
{
  for (const unsigned char *p = (const unsigned char *) text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (json, "\\%c", *p);
      else if (*p < 0x20)
        g_string_append_printf (json, "\\u%04x", *p);
      else
        g_string_append_c (json, (char) *p);
    }
}

G_END_DECLS
