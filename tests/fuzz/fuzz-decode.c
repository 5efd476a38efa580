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
 * each line it makes is checked safe and written as text and as JSON,
 * and through the billing, price and Model APIs decoders, whose text must
 * be safe and whose money formats.
 */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "isc-billing.h"
#include "isc-csv.h"
#include "isc-fuzz.h"
#include "isc-logs-decoder.h"
#include "isc-metrics-response.h"
#include "isc-model-apis.h"
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

static void
check_money (IscMoney money)
{
  g_autofree char *people = isc_money_format (money);
  g_autofree char *file = isc_money_to_decimal (money);

  g_assert (g_utf8_validate (people, -1, NULL));
  g_assert (file[0] == '-' || g_ascii_isdigit (file[0]));
}

static void
check_item (const IscBillingItem *item)
{
  assert_safe (item->id);
  assert_safe (item->name);
  if (item->model_name != NULL)
    assert_safe (item->model_name);
  if (item->environment_name != NULL)
    assert_safe (item->environment_name);
  check_money (item->subtotal);
  for (guint d = 0; d < item->n_days; d++)
    {
      g_assert (d == 0 || item->days[d - 1].day_ms < item->days[d].day_ms);
      check_money (item->days[d].subtotal);
    }
}

/* 2026-11-01 to 2026-12-01 */
#define PERIOD_START G_GINT64_CONSTANT (1793491200000)
#define PERIOD_END   G_GINT64_CONSTANT (1796083200000)

static void
decode_billing (const char *data,
                size_t      size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) summary = isc_billing_summary_decode (data, size, PERIOD_START, PERIOD_END, &error);
  g_autoptr(IscInstanceTypePrices) prices = NULL;
  g_autoptr(GPtrArray) apis = NULL;
  g_autofree char *cursor = NULL;

  if (summary == NULL)
    g_assert (error != NULL && g_utf8_validate (error->message, -1, NULL));
  else
    for (guint k = 0; k < ISC_BILLING_N_SECTIONS; k++)
      {
        const IscBillingSection *section = isc_billing_summary_get_section (summary, k);

        check_money (section->total);
        for (guint i = 0; i < section->n_items; i++)
          check_item (section->items[i]);
      }
  g_clear_error (&error);

  prices = isc_instance_type_prices_decode (data, size, &error);
  if (prices == NULL)
    g_assert (error != NULL && g_utf8_validate (error->message, -1, NULL));
  else
    for (guint i = 0; i < isc_instance_type_prices_get_n (prices); i++)
      {
        g_autofree char *price = isc_money_format_price (isc_instance_type_prices_get (prices, i)->price_per_minute);

        assert_safe (isc_instance_type_prices_get (prices, i)->id);
        g_assert (g_utf8_validate (price, -1, NULL));
      }
  g_clear_error (&error);

  apis = isc_model_apis_decode_page (data, size, &cursor, &error);
  if (apis == NULL)
    g_assert (error != NULL && g_utf8_validate (error->message, -1, NULL));
  else
    for (guint i = 0; i < apis->len; i++)
      assert_safe (((IscModelApi *) apis->pdata[i])->display_name);
  g_clear_error (&error);

  for (IscUsageWidth width = ISC_USAGE_WIDTH_MINUTE; width <= ISC_USAGE_WIDTH_DAY; width++)
    {
      g_autoptr(IscModelApiUsage) usage = NULL;

      usage = isc_model_api_usage_decode_page (data, size, width, NULL, &error);
      if (usage == NULL)
        {
          g_assert (error != NULL && g_utf8_validate (error->message, -1, NULL));
          g_clear_error (&error);
          continue;
        }
      for (guint g = 0; g < isc_model_api_usage_get_n_groups (usage); g++)
        {
          assert_safe (isc_model_api_usage_get_group_label (usage, g));
          for (guint b = 0; b < isc_model_api_usage_get_n_buckets (usage); b++)
            g_assert (isc_model_api_usage_get_value (usage, b, g, ISC_USAGE_FIELD_INPUT) >= 0);
        }
    }
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
  decode_billing ((const char *) data, size);

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
