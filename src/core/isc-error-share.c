/* isc-error-share.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-error-share"

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-catalogue.h"
#include "isc-error-share.h"

#define NBSP "\xc2\xa0"

/* gRPC status codes by number (grpc/doc/statuscodes.md), and by name as
 * gRPC spells them (in capitals), each with the class of its usual HTTP
 * mapping (grpc-gateway's): the caller's mistakes are client errors, the
 * server's failures server errors. */
static const struct
{
  const char *name;
  guint       status_class;
} grpc_codes[] = {
  { "OK", 2 },
  { "CANCELLED", 4 },            /* the caller gave up (HTTP 499) */
  { "UNKNOWN", 5 },
  { "INVALID_ARGUMENT", 4 },
  { "DEADLINE_EXCEEDED", 5 },    /* the server took too long (504) */
  { "NOT_FOUND", 4 },
  { "ALREADY_EXISTS", 4 },
  { "PERMISSION_DENIED", 4 },
  { "RESOURCE_EXHAUSTED", 4 },   /* a quota or rate limit (429) */
  { "FAILED_PRECONDITION", 4 },
  { "ABORTED", 4 },              /* a conflict (409) */
  { "OUT_OF_RANGE", 4 },
  { "UNIMPLEMENTED", 5 },
  { "INTERNAL", 5 },
  { "UNAVAILABLE", 5 },
  { "DATA_LOSS", 5 },
  { "UNAUTHENTICATED", 4 },
};

/* A whole decimal number of at most 5 digits, nothing around it. */
static gboolean
parse_code (const char *text,
            guint      *code)
{
  guint64 value;

  if (text == NULL || text[0] == '\0' || strlen (text) > 5 ||
      strspn (text, "0123456789") != strlen (text))
    return FALSE;
  value = g_ascii_strtoull (text, NULL, 10);
  *code = (guint) value;
  return TRUE;
}

/* HTTP's class pattern: "2xx", "5XX". */
static gboolean
is_http_class (const char *status)
{
  return status[0] >= '1' && status[0] <= '5' &&
         g_ascii_tolower (status[1]) == 'x' && g_ascii_tolower (status[2]) == 'x' && status[3] == '\0';
}

static gboolean
lookup_grpc_name (const char *status,
                  guint      *code)
{
  for (guint i = 0; i < G_N_ELEMENTS (grpc_codes); i++)
    if (g_str_equal (status, grpc_codes[i].name))
      {
        *code = i;
        return TRUE;
      }
  return FALSE;
}

IscStatusProtocol
isc_status_protocol_from_label (const char *status)
{
  guint code;

  if (status == NULL)
    return ISC_STATUS_PROTOCOL_UNKNOWN;
  if (is_http_class (status))
    return ISC_STATUS_PROTOCOL_HTTP;
  if (lookup_grpc_name (status, &code))
    return ISC_STATUS_PROTOCOL_GRPC;
  if (!parse_code (status, &code))
    return ISC_STATUS_PROTOCOL_UNKNOWN;
  if (code < G_N_ELEMENTS (grpc_codes))
    return ISC_STATUS_PROTOCOL_GRPC;
  if (code >= 100 && code <= 599)
    return ISC_STATUS_PROTOCOL_HTTP;
  if ((code >= 1000 && code <= 1015) || (code >= 3000 && code <= 4999))
    return ISC_STATUS_PROTOCOL_WEBSOCKET;
  return ISC_STATUS_PROTOCOL_UNKNOWN;
}

/* WebSocket close codes (RFC 6455 section 7.4.1 and IANA's registry). */
static guint
websocket_class (guint code)
{
  switch (code)
    {
    case 1000:   /* normal closure */
    case 1001:   /* going away: the page closed, the server shut down in order */
    case 1005:   /* closed with no code: a clean close all the same */
      return 2;
    case 1002:   /* protocol error */
    case 1003:   /* data of a type the endpoint does not accept */
    case 1007:   /* payload not of its type (bad UTF-8) */
    case 1008:   /* policy violation */
    case 1009:   /* message too big */
    case 1010:   /* the client needed an extension the server did not offer */
      return 4;
    case 1006:   /* closed without a close frame: the connection was lost */
    case 1011:   /* internal error */
    case 1012:   /* service restart */
    case 1013:   /* try again later: overloaded */
    case 1014:   /* bad gateway */
    case 1015:   /* TLS handshake failed */
      return 5;
    default:
      break;
    }

  /* 3000–3999 are registered for libraries and frameworks (3000
   * unauthorized, 3003 forbidden, 3008 timeout): the peer refused the
   * session, a client error. 4000–4999 are the application's own: by the
   * widespread "4000 + HTTP status" convention (4400 bad request, 4401,
   * 4429, 4500 internal error), 4500–4599 are server errors and the rest
   * client errors, the application having closed the session on purpose. */
  if (code >= 4500 && code <= 4599)
    return 5;
  if (code >= 3000 && code <= 4999)
    return 4;
  return 0;   /* 1004 and the unassigned 1016–2999: reserved, no class */
}

guint
isc_status_class_from_label (const char *status)
{
  guint code = 0;

  switch (isc_status_protocol_from_label (status))
    {
    case ISC_STATUS_PROTOCOL_HTTP:
      if (is_http_class (status))
        return status[0] - '0';
      parse_code (status, &code);
      return code / 100;
    case ISC_STATUS_PROTOCOL_GRPC:
      if (!lookup_grpc_name (status, &code))
        parse_code (status, &code);
      return grpc_codes[code].status_class;
    case ISC_STATUS_PROTOCOL_WEBSOCKET:
      parse_code (status, &code);
      return websocket_class (code);
    case ISC_STATUS_PROTOCOL_UNKNOWN:
    default:
      return 0;
    }
}

gboolean
isc_error_share_applies (const IscMetric *metric)
{
  guint n_series;

  g_return_val_if_fail (metric != NULL, FALSE);

  if (isc_metric_get_kind (metric) != ISC_METRIC_KIND_COUNTER)
    return FALSE;

  n_series = isc_metric_get_n_series (metric);
  if (n_series == 0)
    return FALSE;

  for (guint k = 0; k < n_series; k++)
    {
      const IscSeries *series = isc_metric_get_series (metric, k);

      if (isc_series_get_n_labels (series) != 1 || isc_series_lookup_label (series, "status") == NULL)
        return FALSE;
    }

  return TRUE;
}

static guint
series_class (const IscMetric *metric,
              guint            k)
{
  return isc_status_class_from_label (isc_series_lookup_label (isc_metric_get_series (metric, k), "status"));
}

/* The share of the picked label sets (the one at @series, or when @series
 * is -1 those of @status_class) in every label set's requests, at @step or
 * over every step for -1. */
static gboolean
sum_share (const IscMetric *metric,
           int              series,
           guint            status_class,
           int              step,
           double          *share)
{
  guint n_series, n_steps = 0;
  guint first, last;
  double part = 0, all = 0;
  gboolean any = FALSE;

  if (!isc_error_share_applies (metric))
    return FALSE;

  n_series = isc_metric_get_n_series (metric);
  isc_series_get_values (isc_metric_get_series (metric, 0), &n_steps);
  if (series >= (int) n_series || step >= (int) n_steps || n_steps == 0)
    return FALSE;

  first = step < 0 ? 0 : (guint) step;
  last = step < 0 ? n_steps - 1 : (guint) step;

  for (guint k = 0; k < n_series; k++)
    {
      const double *values = isc_series_get_values (isc_metric_get_series (metric, k), NULL);
      gboolean picked = series >= 0 ? (guint) series == k : series_class (metric, k) == status_class;

      for (guint i = first; i <= last; i++)
        {
          double v = values[i];

          if (isnan (v))
            continue;
          any = TRUE;
          all += v;
          if (picked)
            part += v;
        }
    }

  /* No requests, or a total that is not one (a counter gone negative):
   * nothing to say. */
  if (!any || !(all > 0) || !isfinite (all))
    return FALSE;

  if (share != NULL)
    *share = CLAMP (part / all, 0.0, 1.0);
  return TRUE;
}

gboolean
isc_error_share_of_series (const IscMetric *metric,
                           guint            series,
                           int              step,
                           double          *share)
{
  g_return_val_if_fail (metric != NULL, FALSE);

  if (series > G_MAXINT)
    return FALSE;
  return sum_share (metric, (int) series, 0, step, share);
}

gboolean
isc_error_share_of_class (const IscMetric *metric,
                          guint            status_class,
                          int              step,
                          double          *share)
{
  g_return_val_if_fail (metric != NULL, FALSE);

  return sum_share (metric, -1, status_class, step, share);
}

char *
isc_error_share_format (double share)
{
  double percent = share * 100.0;
  int decimals;

  if (isnan (share))
    return g_strdup ("–");
  if (percent <= 0)
    return g_strdup ("0" NBSP "%");
  if (percent < 0.001)
    return g_strdup ("<0.001" NBSP "%");

  /* Two significant digits, none beyond the thousandth of a percent. */
  decimals = CLAMP (1 - (int) floor (log10 (percent)), 0, 3);
  /* 9.96 % rounds to 10 %, which needs one decimal fewer. */
  if (decimals > 0 && round (percent * pow (10, decimals - 1)) >= 10)
    decimals--;

  return g_strdup_printf ("%.*f" NBSP "%%", decimals, percent);
}

IscMetricsResponse *
isc_error_share_new_response (IscMetricsResponse *response,
                              guint               metric_index)
{
  static const guint classes[] = { 4, 5 };
  g_autoptr(GString) json = NULL;
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *derived;
  const IscMetric *metric;
  gint64 step_seconds;
  guint n_steps;

  g_return_val_if_fail (response != NULL, NULL);
  g_return_val_if_fail (metric_index < isc_metrics_response_get_n_metrics (response), NULL);

  metric = isc_metrics_response_get_metric (response, metric_index);
  if (!isc_error_share_applies (metric))
    return NULL;

  /* Written as a document and read by the decoder, so the derived response
   * is an ordinary one: the chart model, its checks and its lifetime rules
   * need nothing new. As text, read by the decoder's byte-level path: a
   * week at one minute is 10,080 value sets, which a json-glib tree would
   * take several times as long to build and walk. */
  n_steps = isc_metrics_response_get_n_steps (response);
  step_seconds = isc_metrics_response_get_step_seconds (response);
  json = g_string_sized_new (256 + (gsize) n_steps * 80);
  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT
                          ",\"mode\":\"%s\",\"step_seconds\":",
                          isc_metrics_response_get_start_ms (response), isc_metrics_response_get_end_ms (response),
                          isc_mode_to_string (isc_metrics_response_get_mode (response)));
  if (step_seconds > 0)
    g_string_append_printf (json, "%" G_GINT64_FORMAT, step_seconds);
  else
    g_string_append (json, "null");
  g_string_append_printf (json,
                          ",\"metric_descriptors\":[{\"name\":\"%s\",\"unit_hint\":\"%s\",\"kind\":\"%s\","
                          "\"label_sets\":[{\"status\":\"4xx\"},{\"status\":\"5xx\"}]}],\"metric_values\":[",
                          ISC_CATALOGUE_ERROR_RATE, isc_unit_hint_to_string (ISC_UNIT_HINT_RATIO),
                          isc_metric_kind_to_string (ISC_METRIC_KIND_GAUGE));

  for (guint i = 0; i < n_steps; i++)
    {
      g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[[",
                              i > 0 ? "," : "", isc_metrics_response_get_step_start_ms (response, i));
      for (guint c = 0; c < G_N_ELEMENTS (classes); c++)
        {
          char number[G_ASCII_DTOSTR_BUF_SIZE];
          double share;

          if (c > 0)
            g_string_append_c (json, ',');
          /* %.17g: the decoder reads back the very same double. */
          if (isc_error_share_of_class (metric, classes[c], (int) i, &share) && isfinite (share))
            g_string_append (json, g_ascii_dtostr (number, sizeof number, share));
          else
            g_string_append (json, "null");
        }
      g_string_append (json, "]]}");
    }
  g_string_append (json, "]}");

  derived = isc_metrics_response_new_from_data (json->str, json->len, &error);
  if (derived == NULL)
    {
      /* The source passed the same checks: this is a bug. */
      g_critical ("Cannot derive the error rate of %s: %s", isc_metric_get_name (metric), error->message);
      return NULL;
    }

  return derived;
}
