/* fuzz-decode.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer target: a document through the decoder, then everything a
 * decoded response is written as without drawing: its CSV, and each
 * value formatted in its metric's unit, alone, in a range's format and
 * against an axis. The same bytes go through the logs decoder too, and
 * each line it makes is checked safe and written as text and as JSON.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "isc-csv.h"
#include "isc-fuzz.h"
#include "isc-logs-decoder.h"
#include "isc-metrics-response.h"
#include "isc-units.h"

static void
format_values (const IscMetric *metric)
{
  IscUnitHint hint = isc_metric_get_unit_hint (metric);

  for (guint s = 0; s < isc_metric_get_n_series (metric); s++)
    {
      const IscSeries *series = isc_metric_get_series (metric, s);
      guint n = 0;
      const double *values = isc_series_get_values (series, &n);
      double lo = INFINITY, hi = -INFINITY;
      IscValueFormat range, axis;

      for (guint i = 0; i < n; i++)
        {
          g_autofree char *text = isc_format_value (values[i], hint, 3);

          g_assert (g_utf8_validate (text, -1, NULL));
          if (values[i] < lo)
            lo = values[i];
          if (values[i] > hi)
            hi = values[i];
        }
      isc_value_format_init_for_range (&range, hint, lo, hi, 3);
      isc_value_format_init_for_axis (&axis, &range, lo, hi, 3);
      for (guint i = 0; i < MIN (n, 64); i++)
        {
          g_autofree char *a = isc_value_format_format (&range, values[i]);
          g_autofree char *b = isc_value_format_format_value (&axis, values[i]);

          g_assert (g_utf8_validate (a, -1, NULL) && g_utf8_validate (b, -1, NULL));
        }
    }
}

/* Safe text: valid UTF-8 without a control character. */
static void
assert_safe (const char *text)
{
  g_assert (g_utf8_validate (text, -1, NULL));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_assert (c >= 0x20 && !(c >= 0x7F && c <= 0x9F));
    }
}

static void
check_log_line (IscLogLine *line)
{
  const char *message = isc_log_line_get_message (line);
  gsize length = strlen (message);
  const IscLogSpan *spans;
  guint n_spans = 0;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;

  assert_safe (message);
  g_assert (length <= ISC_LOG_LINE_MAX_MESSAGE);
  if (isc_log_line_get_replica (line) != NULL)
    assert_safe (isc_log_line_get_replica (line));
  if (isc_log_line_get_request_id (line) != NULL)
    assert_safe (isc_log_line_get_request_id (line));

  spans = isc_log_line_get_spans (line, &n_spans);
  for (guint k = 0; k < n_spans; k++)
    {
      g_assert (spans[k].start < spans[k].end && spans[k].end <= length);
      g_assert (k == 0 || spans[k - 1].end <= spans[k].start);
      /* On character boundaries. */
      g_assert ((message[spans[k].start] & 0xC0) != 0x80);
      g_assert (spans[k].end == length || (message[spans[k].end] & 0xC0) != 0x80);
    }

  text = isc_log_line_to_text (line);
  assert_safe (text);
  json = isc_log_line_to_json (line);
  assert_safe (json);
}

static void
decode_logs (const char *data,
             size_t      size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = isc_logs_decode (data, size, &error);

  if (lines == NULL)
    {
      g_assert (error != NULL);
      assert_safe (error->message);
      return;
    }

  for (guint i = 0; i < lines->len; i++)
    check_log_line (lines->pdata[i]);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GBytes) csv = NULL;

  isc_fuzz_init ();
  decode_logs ((const char *) data, size);

  response = isc_metrics_response_new_from_data ((const char *) data, size, &error);
  if (response == NULL)
    {
      g_assert (error != NULL && g_utf8_validate (error->message, -1, NULL));
      return 0;
    }

  csv = isc_csv_from_response (response);
  g_assert (csv != NULL);
  for (guint i = 0; i < isc_metrics_response_get_n_metrics (response); i++)
    format_values (isc_metrics_response_get_metric (response, i));

  return 0;
}
