/* fuzz-chart.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer target: a document through the decoder, then every chart the
 * window and the CLI would draw of it (isc_chart_slots_new()), each as a
 * rate and as totals, laid out and drawn into a small image at a size
 * taken from the input's first bytes, from the smallest an export allows.
 */

#include "config.h"

#include <stdint.h>

#include "isc-chart.h"
#include "isc-chart-slots.h"
#include "isc-fuzz.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GArray) slots = NULL;
  g_autoptr(GTimeZone) utc = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  int width, height;

  isc_fuzz_init ();
  response = isc_metrics_response_new_from_data ((const char *) data, size, &error);
  if (response == NULL || isc_metrics_response_get_mode (response) != ISC_MODE_SERIES)
    return 0;

  /* 16…271 × 16…143: the input's first two bytes, a document's "{" and
   * whatever follows it, so the fuzzer moves the size as it mutates. */
  width = 16 + (size > 0 ? data[0] : 0);
  height = 16 + (size > 1 ? data[1] % 128 : 0);
  utc = g_time_zone_new_utc ();
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);

  slots = isc_chart_slots_new (response);
  for (guint i = 0; i < slots->len; i++)
    {
      for (int display = ISC_COUNTER_DISPLAY_RATE; display <= ISC_COUNTER_DISPLAY_TOTALS; display++)
        {
          const IscChartSlot *slot = &g_array_index (slots, IscChartSlot, i);
          g_autoptr(IscChartModel) model = isc_chart_slot_new_model (slot, response, display);
          g_autoptr(IscChart) chart = NULL;

          if (model == NULL)
            continue;
          chart = isc_chart_new (model);
          isc_chart_set_time_zone (chart, utc);
          isc_chart_draw (chart, cr, width, height);
        }
    }

  g_assert (cairo_status (cr) == CAIRO_STATUS_SUCCESS || cairo_status (cr) == CAIRO_STATUS_NO_MEMORY);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return 0;
}
