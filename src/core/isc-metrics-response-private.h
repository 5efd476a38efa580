/* isc-metrics-response-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <string.h>

#include <json-glib/json-glib.h>

#include "isc-metrics-response.h"

G_BEGIN_DECLS

/* A response is decoded by four files, one concept each:
 *
 *   isc-json-scanner.c     the strict JSON scan that runs before anything
 *                          else reads the bytes, and finds metric_values
 *   isc-metrics-decoder.c  json-glib's tree of the rest, walked against the
 *                          schema, and the assembly of the response
 *   isc-value-sets.c       metric_values read straight from the bytes
 *   isc-metrics-response.c the immutable model and its accessors
 *
 * What they share is declared here.
 */

/* ------------------------------------------------------------------------
 * The model
 * ------------------------------------------------------------------------ */

struct _IscSeries
{
  const char   *label_text;  /* "key=value, key=value", in the string chunk */
  const char  **labels;      /* n_labels key/value pairs, in the string chunk */
  const double *values;      /* n_values doubles inside the response's block */
  guint         n_labels;
  guint         n_values;
};

struct _IscMetric
{
  const char    *name;
  const char    *unit_hint_string;
  const char    *kind_string;
  IscSeries     *series;      /* n_series, inside the response's array */
  IscUnitHint    unit_hint;
  IscMetricKind  kind;
  guint          n_series;
};

struct _IscMetricsResponse
{
  IscMode       mode;
  gint64        start_ms;
  gint64        end_ms;
  gint64        step_seconds;

  guint         n_steps;
  guint         n_metrics;
  guint         n_series;

  /* Owned, never changed after construction. */
  gint64       *step_starts;  /* n_steps */
  IscMetric    *metrics;      /* n_metrics */
  IscSeries    *series;       /* n_series, metric by metric */
  const char  **labels;       /* every series' key/value pointers */
  double       *values;       /* n_series × n_steps, series by series */
  GStringChunk *strings;      /* names, unit hints, kinds, labels */

  /* While decoding: the distance between a series' values in the block,
   * n_steps, or 0 when the body is too short to hold the values it
   * promises and every value goes to one scratch double (see decode_tree()
   * in isc-metrics-decoder.c).
   */
  gsize         stride;
};

/* Integer millis (and step_seconds) must lie within ±2^53: every such
 * integer is exact as a double, the window arithmetic cannot
 * overflow, and 2^53 ms is some 285000 years past 1970.
 */
#define ISC_MAX_ABS_MILLIS (G_GINT64_CONSTANT (1) << 53)

/* A response with nothing in it but its string chunk, for the decoder to
 * fill; released with isc_metrics_response_unref().
 */
IscMetricsResponse *_isc_metrics_response_new (void);

/* "path: message" in ISC_RESPONSE_ERROR. The path is JSON and never
 * translated; the message is. NULL or "" stands for "(root)".
 */
void _isc_response_set_error (GError     **error,
                              int          code,
                              const char  *path,
                              const char  *format,
                              ...) G_GNUC_PRINTF (4, 5);

/* ------------------------------------------------------------------------
 * The scanner
 * ------------------------------------------------------------------------ */

/* The deepest nesting the decoder accepts. The schema itself nests five
 * levels (root, metric_values, a value set, values, one metric's values);
 * the rest leaves room for unknown extra fields, which the API may add,
 * while keeping json-glib's recursive parser far from the end of a
 * worker thread's stack.
 */
#define ISC_METRICS_RESPONSE_MAX_DEPTH 16

/* The most the decoder reads of each: json-glib's tree takes some 350
 * bytes for a label set and 150 for a label, so that these bound the
 * tree of a body whatever it holds, and no real deployment comes near
 * them.
 */
#define ISC_METRICS_RESPONSE_MAX_METRICS 10000
#define ISC_METRICS_RESPONSE_MAX_SERIES  50000
#define ISC_METRICS_RESPONSE_MAX_LABELS  200000

/* The longest name, unit hint, kind, label key or label value the
 * response keeps, in bytes: longer ones are cut on a character boundary
 * and end in "…". A name is shown once per series (a CSV header cell, a
 * chart's legend), so without a cap a megabyte's name over a thousand
 * label sets is a gigabyte of output from a megabyte of input.
 */
#define ISC_METRICS_RESPONSE_MAX_TEXT_BYTES 256

/* A part of the body json-glib's tree need not hold: bytes [start, end)
 * read as @replacement ("[]", "{}"), or as nothing when it is NULL.
 */
typedef struct
{
  gsize       start;
  gsize       end;
  const char *replacement;
} IscScanElision;

/* Where the scan found metric_values, for _isc_value_sets_read(), and
 * what the tree may leave out.
 */
typedef struct
{
  gsize    values_start;   /* its first byte ('[' when usable) */
  gsize    values_end;     /* just past its last */
  guint    n_value_sets;
  gboolean has_values;     /* the root has a member metric_values */
  GArray  *elisions;       /* of IscScanElision, in order; owned, or NULL */
} IscScanInfo;

/* RFC 8259 JSON, at most ISC_METRICS_RESPONSE_MAX_DEPTH levels, integers
 * the schema reads within 64 bits; fills @info (when not NULL) with where
 * metric_values lies and what the tree may leave out (info->elisions,
 * for the caller to free). Fails with ISC_RESPONSE_ERROR_SYNTAX naming the
 * path, or ISC_RESPONSE_ERROR_INVALID for a key an object holds twice or
 * more metrics, label sets or labels than the decoder reads.
 */
gboolean _isc_json_scan (const char   *data,
                         gsize         length,
                         IscScanInfo  *info,
                         gint64        deadline_us,
                         GError      **error);

/* How long decoding one response may take, on the monotonic clock: a
 * document that takes longer fails with ISC_RESPONSE_ERROR_SYNTAX
 * ("took more than … to decode") rather than hold its thread. Every
 * document the scan accepts decodes in seconds; this is the bound should
 * one not. _isc_json_scan() checks it once a megabyte (0: no deadline). */
#define ISC_METRICS_RESPONSE_DECODE_SECONDS 30
/* For tests: another bound, in ms (0 restores the default). */
void     _isc_metrics_response_set_decode_deadline_ms (guint ms);
gboolean _isc_response_past_deadline (gint64   deadline_us,
                                      GError **error);

gboolean _isc_json_escaped_key_is (const char *key,
                                   gsize       length,
                                   const char *name);

/* Whether a key's raw bytes (between its quotes, as the scan passed them)
 * spell @name, plain ASCII, once unescaped as json-glib unescapes them.
 * Inline: the scan and the value-set reader ask it of every key they
 * look at, nearly always unescaped and against a literal name.
 */
static inline gboolean
_isc_json_key_is (const char *key,
                  gsize       length,
                  gboolean    escaped,
                  const char *name)
{
  if (G_UNLIKELY (escaped))
    return _isc_json_escaped_key_is (key, length, name);

  return length == strlen (name) && memcmp (key, name, length) == 0;
}

/* The strict syntax check that runs before json-glib sees the bytes:
 * _isc_json_scan() without its findings. For benchmarks and tests.
 */
gboolean _isc_metrics_response_check_syntax (const char  *data,
                                             gsize        length,
                                             GError     **error);

/* ------------------------------------------------------------------------
 * The value sets
 * ------------------------------------------------------------------------ */

/* metric_values in the body, which the scan has found to be strict JSON. */
typedef struct
{
  const char *data;          /* the whole body */
  gsize       start;         /* the '[' of metric_values */
  gsize       end;           /* just past its ']' */
  guint       n_value_sets;
} IscValueSetBytes;

/* Reads self->n_steps value sets into self->step_starts and the packed
 * block of self->values, with the rules and messages of the schema.
 */
gboolean _isc_value_sets_read (IscMetricsResponse      *self,
                               const IscValueSetBytes  *bytes,
                               GError                 **error);

/* ------------------------------------------------------------------------
 * The decoder
 * ------------------------------------------------------------------------ */

/* A response from a tree json-glib built, or a JsonBuilder made (the
 * derived error rate): written out and decoded as a body, by the same
 * rules. Numbers json-glib already wrapped cannot be told apart.
 */
IscMetricsResponse *_isc_metrics_response_new_from_node (JsonNode  *root,
                                                         GError   **error);

G_END_DECLS
