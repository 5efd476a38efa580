/* isc-metrics-response.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-metrics-response"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "isc-metrics-response.h"
#include "isc-metrics-response-private.h"

/* Decoding happens in two passes over the body.
 *
 * The first, scan_document(), is a small validating JSON lexer and
 * pushdown checker that builds nothing. It exists because json-glib 1.6
 * is lenient and fragile in ways a decoder of untrusted bytes cannot be:
 * its parser recurses once per nesting level (100000 '[' would overflow
 * the stack), it silently wraps integers beyond 64 bits
 * (99999999999999999999 becomes -1), and it accepts comments, hexadecimal
 * and leading-zero numbers, single quotes, bad escapes and content after
 * the document. The scan rejects all of these with the JSON path where
 * they occur, so json-glib only ever sees strict RFC 8259 JSON of bounded
 * depth.
 *
 * The second pass lets json-glib build its tree of everything but the
 * value sets and walks it against the schema of GetModelMetricsResponseV1
 * (baseten-api.md); the value sets, nearly all of a SERIES body, are read
 * straight from the bytes into one packed block of doubles (see "The fast
 * path for value sets"). For the rare body the scan sets aside, the tree
 * holds everything and decode_value_set() walks it instead.
 */

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
   * promises and every value goes to one scratch double (see decode_tree).
   */
  gsize         stride;
};

G_DEFINE_QUARK (isc-response-error-quark, isc_response_error)

G_DEFINE_BOXED_TYPE (IscMetricsResponse, isc_metrics_response,
                     isc_metrics_response_ref, isc_metrics_response_unref)

/* Integer millis (and step_seconds) must lie within ±2^53: every such
 * integer is exact as a double, the window arithmetic below cannot
 * overflow, and 2^53 ms is some 285000 years past 1970.
 */
#define MAX_ABS_MILLIS (G_GINT64_CONSTANT (1) << 53)

/* A step start may precede the window start by up to one step; starts are
 * rounded down to the whole second, so never allow less than that.
 */
#define MIN_TOLERANCE_MS 1000

/* ------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------ */

static void set_error (GError     **error,
                       int          code,
                       const char  *path,
                       const char  *format,
                       ...) G_GNUC_PRINTF (4, 5);

/* "path: message". The path is JSON and never translated; the message is. */
static void
set_error (GError     **error,
           int          code,
           const char  *path,
           const char  *format,
           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, ISC_RESPONSE_ERROR, code, "%s: %s",
               path != NULL && path[0] != '\0' ? path : "(root)",
               message);
}

static const char *
describe_node (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return _("an object");

    case JSON_NODE_ARRAY:
      return _("an array");

    case JSON_NODE_NULL:
      return _("null");

    case JSON_NODE_VALUE:
    default:
      {
        GType type = json_node_get_value_type (node);

        if (type == G_TYPE_STRING)
          return _("a string");
        if (type == G_TYPE_BOOLEAN)
          return _("a boolean");
        return _("a number");
      }
    }
}

/* ------------------------------------------------------------------------
 * The scan: strict JSON, bounded depth, 64-bit integers
 * ------------------------------------------------------------------------ */

typedef enum
{
  EXPECT_VALUE_OR_CLOSE,  /* just after '[' */
  EXPECT_VALUE,           /* after ',' in an array, or ':' in an object */
  EXPECT_COMMA_OR_CLOSE,  /* after a member or an element */
  EXPECT_KEY_OR_CLOSE,    /* just after '{' */
  EXPECT_KEY,             /* after ',' in an object */
  EXPECT_COLON,           /* after a key */
} ScanState;

typedef struct
{
  ScanState state;
  gboolean  is_array;
  guint     index;        /* arrays: the current element */
  gsize     key_offset;   /* objects: the current member's key, raw */
  gsize     key_length;
  gboolean  has_key;
  gboolean  seen_start;   /* value sets: keys met so far */
  gboolean  seen_values;
} ScanLevel;

/* Where the scan found metric_values, for decode_value_sets_from_bytes(). */
typedef struct
{
  gsize    values_start;   /* its first byte ('[' when usable) */
  gsize    values_end;     /* just past its last */
  guint    n_value_sets;
  guint    n_values_keys;  /* root members named metric_values */
  gboolean tree_only;      /* a key the fast path cannot read as json-glib does */
} ScanInfo;

typedef struct
{
  const char *data;
  gsize       length;
  ScanLevel   levels[ISC_METRICS_RESPONSE_MAX_DEPTH];
  guint       depth;
  ScanInfo    info;
  gboolean    values_pending;  /* the next root value is metric_values */
  gboolean    in_values;       /* inside it */
} Scan;

/* The JSON path of the value being scanned, e.g. metric_values[3].values[0] */
static char *
scan_path (const Scan *scan)
{
  GString *path = g_string_new (NULL);

  for (guint i = 0; i < scan->depth; i++)
    {
      const ScanLevel *level = &scan->levels[i];

      if (level->is_array)
        g_string_append_printf (path, "[%u]", level->index);
      else if (level->has_key)
        {
          /* Raw key bytes (valid UTF-8, maybe with escapes), cut short. */
          gsize length = MIN (level->key_length, 64);

          /* Cut on a character boundary. */
          while (length > 0 && length < level->key_length &&
                 (scan->data[level->key_offset + length] & 0xC0) == 0x80)
            length--;

          if (path->len > 0)
            g_string_append_c (path, '.');
          g_string_append_len (path, scan->data + level->key_offset, length);
          if (length < level->key_length)
            g_string_append (path, "…");
        }
    }

  return g_string_free (path, FALSE);
}

static gboolean scan_fail (const Scan  *scan,
                           GError     **error,
                           const char  *format,
                           ...) G_GNUC_PRINTF (3, 4);

static gboolean
scan_fail (const Scan  *scan,
           GError     **error,
           const char  *format,
           ...)
{
  g_autofree char *path = scan_path (scan);
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  set_error (error, ISC_RESPONSE_ERROR_SYNTAX, path, "%s", message);
  return FALSE;
}

static gboolean
scan_unexpected (const Scan  *scan,
                 gsize        offset,
                 GError     **error)
{
  guchar c = (guchar) scan->data[offset];

  if (c >= 0x20 && c < 0x7F)
    return scan_fail (scan, error, _("unexpected character '%c' at byte %zu"),
                      c, offset);

  return scan_fail (scan, error, _("unexpected byte 0x%02X at byte %zu"),
                    c, offset);
}

static gboolean
scan_truncated (const Scan  *scan,
                GError     **error)
{
  return scan_fail (scan, error, _("the document is truncated after %zu bytes"),
                    scan->length);
}

static inline gboolean
is_hex (char c)
{
  return g_ascii_isxdigit (c);
}

static guint
hex4 (const char *p)
{
  guint v = 0;

  for (guint i = 0; i < 4; i++)
    v = (v << 4) | (guint) g_ascii_xdigit_value (p[i]);

  return v;
}

/* A string starting at the quote at *offset; leaves *offset past the
 * closing quote. Checks escapes, control characters, surrogate pairs and
 * UTF-8.
 */
static gboolean
scan_string (Scan     *scan,
             gsize    *offset,
             gboolean *escaped,
             GError  **error)
{
  const char *data = scan->data;
  gsize length = scan->length;
  gsize start = *offset + 1;
  gsize i = start;
  gboolean high = FALSE;

  for (;;)
    {
      guchar c;

      if (i >= length)
        return scan_truncated (scan, error);

      c = (guchar) data[i];

      if (c == '"')
        break;

      if (c < 0x20)
        return scan_fail (scan, error,
                          _("control character 0x%02X inside a string at byte %zu"),
                          c, i);

      if (c >= 0x80)
        {
          high = TRUE;
          i++;
          continue;
        }

      if (c != '\\')
        {
          i++;
          continue;
        }

      if (i + 1 >= length)
        return scan_truncated (scan, error);

      *escaped = TRUE;

      switch (data[i + 1])
        {
        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
          i += 2;
          break;

        case 'u':
          {
            guint code;

            if (i + 6 > length)
              return scan_truncated (scan, error);
            for (guint k = 2; k < 6; k++)
              if (!is_hex (data[i + k]))
                return scan_fail (scan, error,
                                  _("bad \\u escape inside a string at byte %zu"), i);
            code = hex4 (data + i + 2);
            i += 6;

            if (code >= 0xDC00 && code <= 0xDFFF)
              return scan_fail (scan, error,
                                _("lone UTF-16 surrogate inside a string at byte %zu"),
                                i - 6);

            if (code >= 0xD800 && code <= 0xDBFF)
              {
                guint low;

                if (i + 6 > length)
                  return scan_truncated (scan, error);
                if (data[i] != '\\' || data[i + 1] != 'u' ||
                    !is_hex (data[i + 2]) || !is_hex (data[i + 3]) ||
                    !is_hex (data[i + 4]) || !is_hex (data[i + 5]))
                  return scan_fail (scan, error,
                                    _("lone UTF-16 surrogate inside a string at byte %zu"),
                                    i - 6);
                low = hex4 (data + i + 2);
                if (low < 0xDC00 || low > 0xDFFF)
                  return scan_fail (scan, error,
                                    _("lone UTF-16 surrogate inside a string at byte %zu"),
                                    i - 6);
                i += 6;
              }
          }
          break;

        default:
          return scan_fail (scan, error,
                            _("bad escape inside a string at byte %zu"), i);
        }
    }

  if (high && !g_utf8_validate (data + start, (gssize) (i - start), NULL))
    return scan_fail (scan, error,
                      _("a string that is not valid UTF-8 at byte %zu"), start);

  *offset = i + 1;
  return TRUE;
}

static gboolean
scan_key_is (const Scan  *scan,
             guint        depth,
             const char  *name)
{
  const ScanLevel *level = &scan->levels[depth];
  gsize n = strlen (name);

  if (level->is_array || !level->has_key)
    return FALSE;

  /* An escaped key might spell the name once unescaped: assume it does. */
  if (memchr (scan->data + level->key_offset, '\\', level->key_length) != NULL)
    return TRUE;

  return level->key_length == n && memcmp (scan->data + level->key_offset, name, n) == 0;
}

/* Whether the number being scanned sits where the schema reads a number:
 * the window, the step, a value set's start or a value. Elsewhere (an
 * unknown extra field) a number json-glib cannot hold does no harm, since
 * nothing reads it, and real responses may carry such fields.
 */
static gboolean
scan_at_schema_number (const Scan *scan)
{
  switch (scan->depth)
    {
    case 1:
      return scan_key_is (scan, 0, "start_epoch_millis") ||
             scan_key_is (scan, 0, "end_epoch_millis") ||
             scan_key_is (scan, 0, "step_seconds");

    case 3:
      return scan_key_is (scan, 0, "metric_values") &&
             scan->levels[1].is_array &&
             scan_key_is (scan, 2, "start_epoch_millis");

    case 5:
      return scan_key_is (scan, 0, "metric_values") &&
             scan->levels[1].is_array &&
             scan_key_is (scan, 2, "values") &&
             scan->levels[3].is_array &&
             scan->levels[4].is_array;

    default:
      return FALSE;
    }
}

/* One or more digits, as a fraction and an exponent need. */
static gboolean
scan_digits (Scan    *scan,
             gsize   *offset,
             GError **error)
{
  gsize i = *offset;

  if (i >= scan->length)
    return scan_truncated (scan, error);
  if (!g_ascii_isdigit (scan->data[i]))
    return scan_unexpected (scan, i, error);
  while (i < scan->length && g_ascii_isdigit (scan->data[i]))
    i++;

  *offset = i;
  return TRUE;
}

/* A number per RFC 8259. An integer (no fraction, no exponent) that the
 * schema reads must fit 64 bits, because json-glib would wrap it silently
 * (99999999999999999999 becomes -1). Such a value is refused rather than
 * recovered: no metric comes near 2^63, and a timestamp beyond it is
 * wrong anyway.
 */
static gboolean
scan_number (Scan    *scan,
             gsize   *offset,
             GError **error)
{
  const char *data = scan->data;
  gsize length = scan->length;
  gsize i = *offset;
  gsize digits_start;

  if (data[i] == '-')
    i++;

  if (i >= length)
    return scan_truncated (scan, error);

  digits_start = i;

  if (data[i] == '0')
    i++;
  else if (data[i] >= '1' && data[i] <= '9')
    {
      while (i < length && g_ascii_isdigit (data[i]))
        i++;
    }
  else
    return scan_unexpected (scan, i, error);

  if (i - digits_start >= 19)
    {
      gsize n_digits = i - digits_start;
      gboolean followed_by_fraction =
        i < length && (data[i] == '.' || data[i] == 'e' || data[i] == 'E');

      if (!followed_by_fraction &&
          (n_digits > 19 || memcmp (data + digits_start, "9223372036854775807", 19) > 0) &&
          scan_at_schema_number (scan))
        return scan_fail (scan, error,
                          _("the integer %.*s does not fit in 64 bits"),
                          (int) MIN (i - *offset, 40), data + *offset);
    }

  if (i < length && data[i] == '.')
    {
      i++;
      if (!scan_digits (scan, &i, error))
        return FALSE;
    }

  if (i < length && (data[i] == 'e' || data[i] == 'E'))
    {
      i++;
      if (i < length && (data[i] == '+' || data[i] == '-'))
        i++;
      if (!scan_digits (scan, &i, error))
        return FALSE;
    }

  *offset = i;
  return TRUE;
}

static gboolean
scan_literal (Scan        *scan,
              gsize       *offset,
              const char  *word,
              GError     **error)
{
  gsize n = strlen (word);

  for (gsize k = 0; k < n; k++)
    {
      if (*offset + k >= scan->length)
        return scan_truncated (scan, error);
      if (scan->data[*offset + k] != word[k])
        return scan_unexpected (scan, *offset + k, error);
    }

  *offset += n;
  return TRUE;
}

/* After a complete value ending before @end: the enclosing level now
 * wants a comma or its end.
 */
static inline void
scan_value_done (Scan     *scan,
                 gboolean *root_done,
                 gsize     end)
{
  if (scan->depth == 0)
    {
      *root_done = TRUE;
      return;
    }

  scan->levels[scan->depth - 1].state = EXPECT_COMMA_OR_CLOSE;

  if (G_UNLIKELY (scan->depth == 1 && scan->in_values))
    {
      scan->in_values = FALSE;
      scan->info.values_end = end;
    }
}

static inline gboolean
raw_key_is (const Scan *scan,
            gsize       offset,
            gsize       length,
            const char *name)
{
  return length == strlen (name) && memcmp (scan->data + offset, name, length) == 0;
}

/* Notes what the fast path for value sets needs to know about a key. It
 * reads keys raw, so it steps aside (tree_only) for escaped keys where
 * they matter, and for a repeated key, of which json-glib keeps the last.
 */
static void
scan_note_key (Scan      *scan,
               ScanLevel *level,
               gboolean   escaped)
{
  if (scan->depth == 1)
    {
      scan->values_pending = !escaped &&
        raw_key_is (scan, level->key_offset, level->key_length, "metric_values");
      if (escaped)
        scan->info.tree_only = TRUE;
      if (scan->values_pending)
        scan->info.n_values_keys++;
    }
  else if (scan->depth == 3 && scan->in_values)
    {
      if (escaped)
        scan->info.tree_only = TRUE;
      else if (raw_key_is (scan, level->key_offset, level->key_length, "values"))
        {
          if (level->seen_values)
            scan->info.tree_only = TRUE;
          level->seen_values = TRUE;
        }
      else if (raw_key_is (scan, level->key_offset, level->key_length, "start_epoch_millis"))
        {
          if (level->seen_start)
            scan->info.tree_only = TRUE;
          level->seen_start = TRUE;
        }
    }
}

static gboolean
scan_document (const char  *data,
               gsize        length,
               ScanInfo    *info,
               GError     **error)
{
  g_autofree Scan *scan = g_new0 (Scan, 1);
  gboolean root_done = FALSE;
  gsize i = 0;

  scan->data = data;
  scan->length = length;

  /* A UTF-8 byte order mark is allowed (RFC 8259 §8.1); json-glib skips it. */
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    i = 3;

  while (i < length)
    {
      char c = data[i];
      ScanLevel *level = scan->depth > 0 ? &scan->levels[scan->depth - 1] : NULL;
      gboolean want_value;

      if (c == ' ' || c == '\n' || c == '\r' || c == '\t')
        {
          i++;
          continue;
        }

      if (root_done)
        return scan_fail (scan, error,
                          _("unexpected content after the end of the document at byte %zu"),
                          i);

      want_value = level == NULL ||
                   level->state == EXPECT_VALUE ||
                   level->state == EXPECT_VALUE_OR_CLOSE;

      if (G_UNLIKELY (scan->values_pending) && scan->depth == 1 && level->state == EXPECT_VALUE)
        {
          scan->values_pending = FALSE;
          scan->in_values = TRUE;
          scan->info.values_start = i;
        }

      switch (c)
        {
        case '[':
        case '{':
          if (!want_value)
            return scan_unexpected (scan, i, error);

          if (scan->depth == ISC_METRICS_RESPONSE_MAX_DEPTH)
            return scan_fail (scan, error,
                              _("nesting deeper than %d levels at byte %zu"),
                              ISC_METRICS_RESPONSE_MAX_DEPTH, i);

          level = &scan->levels[scan->depth++];
          memset (level, 0, sizeof *level);
          level->is_array = c == '[';
          level->state = c == '[' ? EXPECT_VALUE_OR_CLOSE : EXPECT_KEY_OR_CLOSE;
          i++;
          break;

        case ']':
        case '}':
          if (level == NULL ||
              level->is_array != (c == ']') ||
              !(level->state == EXPECT_COMMA_OR_CLOSE ||
                level->state == EXPECT_VALUE_OR_CLOSE ||
                level->state == EXPECT_KEY_OR_CLOSE))
            return scan_unexpected (scan, i, error);

          /* The end of metric_values: count its value sets. */
          if (G_UNLIKELY (scan->depth == 2 && scan->in_values && level->is_array))
            scan->info.n_value_sets = level->state == EXPECT_VALUE_OR_CLOSE ? 0 : level->index + 1;

          scan->depth--;
          scan_value_done (scan, &root_done, i + 1);
          i++;
          break;

        case ',':
          if (level == NULL || level->state != EXPECT_COMMA_OR_CLOSE)
            return scan_unexpected (scan, i, error);

          if (level->is_array)
            {
              level->index++;
              level->state = EXPECT_VALUE;
            }
          else
            {
              level->has_key = FALSE;
              level->state = EXPECT_KEY;
            }
          i++;
          break;

        case ':':
          if (level == NULL || level->state != EXPECT_COLON)
            return scan_unexpected (scan, i, error);

          level->state = EXPECT_VALUE;
          i++;
          break;

        case '"':
          if (level != NULL &&
              (level->state == EXPECT_KEY || level->state == EXPECT_KEY_OR_CLOSE))
            {
              gsize start = i + 1;
              gboolean escaped = FALSE;

              if (!scan_string (scan, &i, &escaped, error))
                return FALSE;

              level->key_offset = start;
              level->key_length = i - 1 - start;
              level->has_key = TRUE;
              level->state = EXPECT_COLON;
              scan_note_key (scan, level, escaped);
              break;
            }
          else
            {
              gboolean escaped = FALSE;

              if (!want_value)
                return scan_unexpected (scan, i, error);
              if (!scan_string (scan, &i, &escaped, error))
                return FALSE;
              scan_value_done (scan, &root_done, i);
            }
          break;

        case '-': case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9':
          if (!want_value)
            return scan_unexpected (scan, i, error);
          if (!scan_number (scan, &i, error))
            return FALSE;
          scan_value_done (scan, &root_done, i);
          break;

        case 't':
        case 'f':
        case 'n':
          if (!want_value)
            return scan_unexpected (scan, i, error);
          if (!scan_literal (scan, &i, c == 't' ? "true" : c == 'f' ? "false" : "null", error))
            return FALSE;
          scan_value_done (scan, &root_done, i);
          break;

        default:
          return scan_unexpected (scan, i, error);
        }
    }

  if (scan->depth > 0)
    return scan_truncated (scan, error);

  if (!root_done)
    {
      set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL, _("the response is empty"));
      return FALSE;
    }

  if (info != NULL)
    *info = scan->info;

  return TRUE;
}

/* ------------------------------------------------------------------------
 * The schema
 * ------------------------------------------------------------------------ */

static char *
join_path (const char *parent,
           const char *member)
{
  if (parent == NULL || parent[0] == '\0')
    return g_strdup (member);

  return g_strconcat (parent, ".", member, NULL);
}

static gboolean
expect_type (JsonNode      *node,
             JsonNodeType   node_type,
             GType          value_type,
             const char    *path,
             GError       **error)
{
  const char *expected;

  if (JSON_NODE_TYPE (node) == node_type &&
      (node_type != JSON_NODE_VALUE || json_node_get_value_type (node) == value_type))
    return TRUE;

  if (node_type == JSON_NODE_OBJECT)
    expected = _("an object");
  else if (node_type == JSON_NODE_ARRAY)
    expected = _("an array");
  else if (value_type == G_TYPE_STRING)
    expected = _("a string");
  else
    expected = _("a number");

  /* TRANSLATORS: "expected a string, got a number" */
  set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected %s, got %s"),
             expected, describe_node (node));
  return FALSE;
}

/* A required member; NULL (with @error set) when it is absent. */
static JsonNode *
require_member (JsonObject  *object,
                const char  *parent,
                const char  *name,
                GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    {
      g_autofree char *path = join_path (parent, name);

      set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("required field is missing"));
    }

  return node;
}

static JsonObject *
require_object (JsonNode    *node,
                const char  *path,
                GError     **error)
{
  if (!expect_type (node, JSON_NODE_OBJECT, G_TYPE_INVALID, path, error))
    return NULL;

  return json_node_get_object (node);
}

static JsonArray *
require_array (JsonNode    *node,
               const char  *path,
               GError     **error)
{
  if (!expect_type (node, JSON_NODE_ARRAY, G_TYPE_INVALID, path, error))
    return NULL;

  return json_node_get_array (node);
}

static const char *
require_string (JsonNode    *node,
                const char  *path,
                GError     **error)
{
  if (!expect_type (node, JSON_NODE_VALUE, G_TYPE_STRING, path, error))
    return NULL;

  return json_node_get_string (node);
}

/* An integer such as a millisecond timestamp. json-glib gives an int64
 * node for 1700000000000 and a double node for 1700000000000.0 or 1.7e12;
 * the latter are accepted when they hold a whole number, since some
 * encoders write every number as a float. A fraction is an error.
 */
static gboolean
require_integer (JsonNode    *node,
                 const char  *path,
                 gint64      *out,
                 GError     **error)
{
  GType type;

  if (JSON_NODE_TYPE (node) != JSON_NODE_VALUE ||
      ((type = json_node_get_value_type (node)) != G_TYPE_INT64 && type != G_TYPE_DOUBLE))
    {
      set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected an integer, got %s"),
                 describe_node (node));
      return FALSE;
    }

  if (type == G_TYPE_INT64)
    {
      gint64 v = json_node_get_int (node);

      if (v > MAX_ABS_MILLIS || v < -MAX_ABS_MILLIS)
        {
          set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                     _("%lld is out of range"), (long long) v);
          return FALSE;
        }

      *out = v;
      return TRUE;
    }
  else
    {
      double v = json_node_get_double (node);

      if (!isfinite (v) || fabs (v) > (double) MAX_ABS_MILLIS)
        {
          set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("%g is out of range"), v);
          return FALSE;
        }

      if (v != floor (v))
        {
          set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                     _("expected an integer, got %.17g"), v);
          return FALSE;
        }

      *out = (gint64) v;
      return TRUE;
    }
}

typedef struct
{
  JsonObject *root;
  JsonArray  *descriptors;
  JsonArray  *value_sets;
} Document;

static gboolean
decode_header (IscMetricsResponse  *self,
               Document            *doc,
               GError             **error)
{
  JsonNode *node;
  const char *mode;

  if (!(node = require_member (doc->root, NULL, "mode", error)) ||
      !(mode = require_string (node, "mode", error)))
    return FALSE;

  if (!isc_mode_from_string (mode, &self->mode))
    {
      g_autofree char *shown = g_strndup (mode, 40);

      set_error (error, ISC_RESPONSE_ERROR_INVALID, "mode",
                 _("unknown mode \"%s\", expected CURRENT, SUMMARY or SERIES"), shown);
      return FALSE;
    }

  if (!(node = require_member (doc->root, NULL, "start_epoch_millis", error)) ||
      !require_integer (node, "start_epoch_millis", &self->start_ms, error))
    return FALSE;

  if (!(node = require_member (doc->root, NULL, "end_epoch_millis", error)) ||
      !require_integer (node, "end_epoch_millis", &self->end_ms, error))
    return FALSE;

  if (self->end_ms < self->start_ms)
    {
      set_error (error, ISC_RESPONSE_ERROR_INVALID, "end_epoch_millis",
                 _("the window ends (%lld) before it starts (%lld)"),
                 (long long) self->end_ms, (long long) self->start_ms);
      return FALSE;
    }

  /* Absent (real SUMMARY responses) and null both mean "no step". */
  node = json_object_get_member (doc->root, "step_seconds");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!require_integer (node, "step_seconds", &self->step_seconds, error))
        return FALSE;

      if (self->step_seconds < 0 || self->step_seconds > MAX_ABS_MILLIS / 1000)
        {
          set_error (error, ISC_RESPONSE_ERROR_INVALID, "step_seconds",
                     _("%lld is not a valid step length"),
                     (long long) self->step_seconds);
          return FALSE;
        }
    }

  if (!(node = require_member (doc->root, NULL, "metric_descriptors", error)) ||
      !(doc->descriptors = require_array (node, "metric_descriptors", error)))
    return FALSE;

  if (!(node = require_member (doc->root, NULL, "metric_values", error)) ||
      !(doc->value_sets = require_array (node, "metric_values", error)))
    return FALSE;

  return TRUE;
}

static gboolean
decode_descriptors (IscMetricsResponse  *self,
                    Document            *doc,
                    GError             **error)
{
  guint n_metrics = json_array_get_length (doc->descriptors);
  guint n_series = 0;
  guint n_labels = 0;
  guint series_index = 0;
  guint label_index = 0;

  /* First count, so that series and labels are one allocation each. */
  for (guint m = 0; m < n_metrics; m++)
    {
      JsonNode *node = json_array_get_element (doc->descriptors, m);
      g_autofree char *path = g_strdup_printf ("metric_descriptors[%u]", m);
      g_autofree char *sets_path = NULL;
      JsonObject *descriptor;
      JsonArray *label_sets;

      if (!(descriptor = require_object (node, path, error)))
        return FALSE;

      if (!(node = require_member (descriptor, path, "label_sets", error)))
        return FALSE;

      sets_path = join_path (path, "label_sets");
      if (!(label_sets = require_array (node, sets_path, error)))
        return FALSE;

      for (guint j = 0; j < json_array_get_length (label_sets); j++)
        {
          JsonNode *set = json_array_get_element (label_sets, j);
          g_autofree char *set_path = g_strdup_printf ("%s[%u]", sets_path, j);
          JsonObject *object;

          if (!(object = require_object (set, set_path, error)))
            return FALSE;

          n_labels += json_object_get_size (object);
        }

      n_series += json_array_get_length (label_sets);
    }

  self->n_metrics = n_metrics;
  self->n_series = n_series;
  self->metrics = g_new0 (IscMetric, MAX (n_metrics, 1));
  self->series = g_new0 (IscSeries, MAX (n_series, 1));
  self->labels = g_new0 (const char *, MAX (2 * n_labels, 1));

  for (guint m = 0; m < n_metrics; m++)
    {
      IscMetric *metric = &self->metrics[m];
      JsonObject *descriptor = json_array_get_object_element (doc->descriptors, m);
      g_autofree char *path = g_strdup_printf ("metric_descriptors[%u]", m);
      JsonArray *label_sets;
      JsonNode *node;
      const char *str;

      if (!(node = require_member (descriptor, path, "name", error)))
        return FALSE;
      {
        g_autofree char *name_path = join_path (path, "name");

        if (!(str = require_string (node, name_path, error)))
          return FALSE;
        metric->name = g_string_chunk_insert_const (self->strings, str);
      }

      if (!(node = require_member (descriptor, path, "unit_hint", error)))
        return FALSE;
      {
        g_autofree char *unit_path = join_path (path, "unit_hint");

        if (!(str = require_string (node, unit_path, error)))
          return FALSE;
        metric->unit_hint_string = g_string_chunk_insert_const (self->strings, str);
        metric->unit_hint = isc_unit_hint_from_string (str);
      }

      if (!(node = require_member (descriptor, path, "kind", error)))
        return FALSE;
      {
        g_autofree char *kind_path = join_path (path, "kind");

        if (!(str = require_string (node, kind_path, error)))
          return FALSE;
        metric->kind_string = g_string_chunk_insert_const (self->strings, str);
        metric->kind = isc_metric_kind_from_string (str);
      }

      label_sets = json_object_get_array_member (descriptor, "label_sets");
      metric->n_series = json_array_get_length (label_sets);
      metric->series = &self->series[series_index];
      series_index += metric->n_series;

      for (guint j = 0; j < metric->n_series; j++)
        {
          IscSeries *series = &metric->series[j];
          JsonObject *set = json_array_get_object_element (label_sets, j);
          g_autoptr(GList) members = json_object_get_members (set);
          g_autoptr(GString) text = g_string_new (NULL);
          guint k = 0;

          series->n_labels = json_object_get_size (set);
          series->labels = &self->labels[label_index];
          label_index += 2 * series->n_labels;

          for (const GList *l = members; l != NULL; l = l->next, k++)
            {
              const char *key = l->data;
              JsonNode *value_node = json_object_get_member (set, key);
              const char *value;

              if (JSON_NODE_TYPE (value_node) != JSON_NODE_VALUE ||
                  json_node_get_value_type (value_node) != G_TYPE_STRING)
                {
                  g_autofree char *label_path =
                    g_strdup_printf ("%s.label_sets[%u].%s", path, j, key);

                  expect_type (value_node, JSON_NODE_VALUE, G_TYPE_STRING, label_path, error);
                  return FALSE;
                }

              value = json_node_get_string (value_node);
              series->labels[2 * k] = g_string_chunk_insert_const (self->strings, key);
              series->labels[2 * k + 1] = g_string_chunk_insert_const (self->strings, value);

              if (text->len > 0)
                g_string_append (text, ", ");
              g_string_append_printf (text, "%s=%s", key, value);
            }

          series->label_text = g_string_chunk_insert_const (self->strings, text->str);
        }
    }

  return TRUE;
}

static char *
count_values (guint n)
{
  return g_strdup_printf (ngettext ("%u value", "%u values", n), n);
}

static char *
count_label_sets (guint n)
{
  return g_strdup_printf (ngettext ("%u label set", "%u label sets", n), n);
}

static char *
count_metrics (guint n)
{
  return g_strdup_printf (ngettext ("%u metric", "%u metrics", n), n);
}

/* Steps run forward: each start comes after the one before it. Both the
 * tree walk and the fast path hold a value set to this.
 */
static gboolean
check_step_order (IscMetricsResponse  *self,
                  guint                s,
                  GError             **error)
{
  if (s > 0 && self->step_starts[s] <= self->step_starts[s - 1])
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);

      set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                 _("%lld does not come after the previous step's start %lld"),
                 (long long) self->step_starts[s], (long long) self->step_starts[s - 1]);
      return FALSE;
    }

  return TRUE;
}

/* One value set: its start, and one value per series, written down the
 * columns of the packed block.
 */
static gboolean
decode_value_set (IscMetricsResponse  *self,
                  Document            *doc,
                  guint                s,
                  GError             **error)
{
  JsonNode *node = json_array_get_element (doc->value_sets, s);
  const gsize stride = self->stride;
  JsonObject *set;
  JsonArray *values;
  guint series_base = 0;

  if (JSON_NODE_TYPE (node) != JSON_NODE_OBJECT)
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u]", s);

      return expect_type (node, JSON_NODE_OBJECT, G_TYPE_INVALID, path, error);
    }

  set = json_node_get_object (node);

  node = json_object_get_member (set, "start_epoch_millis");
  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u]", s);
      g_autofree char *start_path = join_path (path, "start_epoch_millis");

      if (node == NULL)
        {
          require_member (set, path, "start_epoch_millis", error);
          return FALSE;
        }
      if (!require_integer (node, start_path, &self->step_starts[s], error))
        return FALSE;
    }
  else
    {
      gint64 v = json_node_get_int (node);

      if (v > MAX_ABS_MILLIS || v < -MAX_ABS_MILLIS)
        {
          g_autofree char *path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);

          return require_integer (node, path, &v, error);
        }

      self->step_starts[s] = v;
    }

  if (!check_step_order (self, s, error))
    return FALSE;

  node = json_object_get_member (set, "values");
  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_ARRAY)
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u]", s);
      g_autofree char *values_path = join_path (path, "values");

      if (node == NULL)
        require_member (set, path, "values", error);
      else
        expect_type (node, JSON_NODE_ARRAY, G_TYPE_INVALID, values_path, error);
      return FALSE;
    }

  values = json_node_get_array (node);

  if (json_array_get_length (values) != self->n_metrics)
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u].values", s);
      g_autofree char *have = count_values (json_array_get_length (values));
      g_autofree char *want = count_metrics (self->n_metrics);

      /* TRANSLATORS: "2 values, but the response describes 3 metrics" */
      set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                 _("%s, but the response describes %s"), have, want);
      return FALSE;
    }

  for (guint m = 0; m < self->n_metrics; m++)
    {
      const IscMetric *metric = &self->metrics[m];
      JsonNode *row_node = json_array_get_element (values, m);
      double *column = stride != 0 ? self->values + (gsize) series_base * stride + s : self->values;
      JsonArray *row;

      if (JSON_NODE_TYPE (row_node) != JSON_NODE_ARRAY)
        {
          g_autofree char *path = g_strdup_printf ("metric_values[%u].values[%u]", s, m);

          return expect_type (row_node, JSON_NODE_ARRAY, G_TYPE_INVALID, path, error);
        }

      row = json_node_get_array (row_node);

      if (json_array_get_length (row) != metric->n_series)
        {
          g_autofree char *path = g_strdup_printf ("metric_values[%u].values[%u]", s, m);
          g_autofree char *have = count_values (json_array_get_length (row));
          g_autofree char *want = count_label_sets (metric->n_series);

          /* TRANSLATORS: "2 values, but metric "x" has 5 label sets" */
          set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                     _("%s, but metric \"%s\" has %s"), have, metric->name, want);
          return FALSE;
        }

      for (guint j = 0; j < metric->n_series; j++)
        {
          JsonNode *value = json_array_get_element (row, j);
          double v;

          /* One call tells a double, an integer and everything else
           * (G_TYPE_INVALID for null) apart: this loop runs once per value.
           */
          GType type = json_node_get_value_type (value);

          if (G_LIKELY (type == G_TYPE_DOUBLE))
            {
              v = json_node_get_double (value);

              /* json-glib turns 1e999 into inf. */
              if (G_UNLIKELY (!isfinite (v)))
                {
                  g_autofree char *path =
                    g_strdup_printf ("metric_values[%u].values[%u][%u]", s, m, j);

                  set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                             _("the number does not fit a double"));
                  return FALSE;
                }
            }
          else if (type == G_TYPE_INT64)
            v = (double) json_node_get_int (value);
          else if (JSON_NODE_HOLDS_NULL (value))
            v = NAN;
          else
            goto not_a_number;

          column[(gsize) j * stride] = v;
          continue;

        not_a_number:
          {
            g_autofree char *path =
              g_strdup_printf ("metric_values[%u].values[%u][%u]", s, m, j);

            set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                       _("expected a number or null, got %s"), describe_node (value));
            return FALSE;
          }
        }

      series_base += metric->n_series;
    }

  return TRUE;
}

/* ------------------------------------------------------------------------
 * The fast path for value sets
 * ------------------------------------------------------------------------ */

/* metric_values is nearly all of a SERIES body: a week at one minute of
 * twenty metrics is a million numbers. Built as a json-glib tree, each is
 * a node and a value of their own, and making and freeing them costs
 * several times what reading them does (some 140 MB and 0.6 s for 10 MB
 * of JSON). So when the scan has located metric_values and checked its
 * syntax, json-glib parses the body with that array left out, and the
 * value sets are read straight from the bytes here, with the same rules,
 * the same messages and the same order of checks as decode_value_set();
 * the tree walk remains for the rare bodies the scan sets aside
 * (tree_only), and a test holds the two paths to the same results.
 *
 * Everything here reads bytes the scan has already found to be strict
 * JSON, so the syntax needs no second check.
 */

typedef struct
{
  const char *data;          /* the whole body */
  gsize       start;         /* the '[' of metric_values */
  gsize       end;           /* just past its ']' */
  guint       n_value_sets;
} Bulk;

static inline const char *
skip_ws (const char *p,
         const char *end)
{
  while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
    p++;

  return p;
}

static const char *
skip_string (const char *p,
             const char *end)
{
  for (p++; p < end && *p != '"'; p++)
    {
      if (*p == '\\')
        p++;
    }

  return p < end ? p + 1 : end;
}

/* Past one value of any kind. */
static const char *
skip_value (const char *p,
            const char *end)
{
  guint depth = 0;

  if (p >= end)
    return end;

  if (*p == '"')
    return skip_string (p, end);

  if (*p != '[' && *p != '{')
    {
      while (p < end && *p != ',' && *p != ']' && *p != '}' &&
             *p != ' ' && *p != '\n' && *p != '\r' && *p != '\t')
        p++;
      return p;
    }

  while (p < end)
    {
      char c = *p;

      if (c == '"')
        {
          p = skip_string (p, end);
          continue;
        }

      p++;

      if (c == '[' || c == '{')
        depth++;
      else if ((c == ']' || c == '}') && --depth == 0)
        break;
    }

  return p;
}

/* The elements of the array at @p. */
static guint
count_elements (const char *p,
                const char *end)
{
  guint n = 0;

  p = skip_ws (p + 1, end);
  if (p >= end || *p == ']')
    return 0;

  for (;;)
    {
      n++;
      p = skip_ws (skip_value (p, end), end);
      if (p >= end || *p != ',')
        return n;
      p = skip_ws (p + 1, end);
    }
}

static const char *
describe_token (const char *p,
                const char *end)
{
  switch (p < end ? *p : '\0')
    {
    case '{':
      return _("an object");

    case '[':
      return _("an array");

    case '"':
      return _("a string");

    case 't':
    case 'f':
      return _("a boolean");

    case 'n':
      return _("null");

    default:
      return _("a number");
    }
}

static inline gboolean
is_number_start (char c)
{
  return c == '-' || (c >= '0' && c <= '9');
}

static const double powers_of_ten[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* A number token, read as json-glib reads it: a token without fraction or
 * exponent is a 64-bit integer (the scan made sure it fits where the
 * schema reads one), any other the correctly rounded double, and a sign
 * negates the result ("-0" is the integer 0, "-0.0" is -0.0). Decimals
 * with at most 19 digits whose digits fit 2^53 and whose power of ten is
 * within 22 convert exactly with one multiplication or division
 * (Clinger's fast path); the rest go to g_ascii_strtod().
 */
static const char *
read_number (const char *p,
             const char *end,
             gboolean   *is_integer,
             gint64     *integer,
             double     *real)
{
  const char *start = p;
  gboolean negative = FALSE;
  guint64 digits = 0;
  int n_digits = 0;
  int exponent = 0;
  int fraction_digits = 0;

  *is_integer = TRUE;

  if (*p == '-')
    {
      negative = TRUE;
      p++;
    }

  for (; p < end && *p >= '0' && *p <= '9'; p++)
    {
      if (n_digits < 19)
        digits = digits * 10 + (guint64) (*p - '0');
      n_digits++;
    }

  if (p < end && *p == '.')
    {
      *is_integer = FALSE;
      for (p++; p < end && *p >= '0' && *p <= '9'; p++)
        {
          if (n_digits < 19)
            digits = digits * 10 + (guint64) (*p - '0');
          n_digits++;
          fraction_digits++;
        }
    }

  if (p < end && (*p == 'e' || *p == 'E'))
    {
      gboolean negative_exponent = FALSE;

      *is_integer = FALSE;
      p++;
      if (*p == '+' || *p == '-')
        negative_exponent = *p++ == '-';
      for (; p < end && *p >= '0' && *p <= '9'; p++)
        {
          if (exponent < 100000)
            exponent = exponent * 10 + (*p - '0');
        }
      if (negative_exponent)
        exponent = -exponent;
    }

  if (*is_integer)
    {
      /* At most 19 digits, within G_MAXINT64 (the scan checked). */
      *integer = negative ? -(gint64) digits : (gint64) digits;
      *real = (double) *integer;
      return p;
    }

  exponent -= fraction_digits;

  if (n_digits <= 19 && digits <= (G_GUINT64_CONSTANT (1) << 53) &&
      exponent >= -22 && exponent <= 22)
    {
      double v = (double) digits;

      v = exponent >= 0 ? v * powers_of_ten[exponent] : v / powers_of_ten[-exponent];
      *real = negative ? -v : v;
    }
  else
    {
      /* The token ends at a delimiter inside the body, so strtod stops
       * there; it reads the sign itself. */
      *real = g_ascii_strtod (start, NULL);
    }

  return p;
}

/* metric_values[s].start_epoch_millis at @p, as require_integer(). */
static const char *
read_step_start (IscMetricsResponse  *self,
                 const char          *p,
                 const char          *end,
                 guint                s,
                 GError             **error)
{
  g_autofree char *path = NULL;
  gboolean is_integer;
  gint64 integer;
  double real;

  if (!is_number_start (*p))
    {
      path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);
      set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected an integer, got %s"),
                 describe_token (p, end));
      return skip_value (p, end);
    }

  p = read_number (p, end, &is_integer, &integer, &real);

  if (is_integer)
    {
      if (integer > MAX_ABS_MILLIS || integer < -MAX_ABS_MILLIS)
        {
          path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);
          set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                     _("%lld is out of range"), (long long) integer);
          return p;
        }
    }
  else
    {
      if (!isfinite (real) || fabs (real) > (double) MAX_ABS_MILLIS)
        {
          path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);
          set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("%g is out of range"), real);
          return p;
        }

      if (real != floor (real))
        {
          path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);
          set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                     _("expected an integer, got %.17g"), real);
          return p;
        }

      integer = (gint64) real;
    }

  self->step_starts[s] = integer;
  return p;
}

typedef enum
{
  ROWS_NOT_ARRAY,     /* values itself */
  ROWS_COUNT,         /* not one row per metric */
  ROW_NOT_ARRAY,      /* values[m] */
  ROW_TOO_LONG,       /* values[m] has more values than label sets */
  ROW_SHORT,          /* fewer */
  VALUE_NOT_NUMBER,   /* values[m][j] */
  VALUE_NOT_FINITE,
} RowsFault;

/* The first fault met while streaming, put in the order decode_value_set()
 * checks: the number of rows, then each row's type and length, then its
 * values. Streaming meets a bad value before it knows a row is too long,
 * so the counts are taken again here, where speed no longer matters.
 */
static void
report_rows_fault (IscMetricsResponse  *self,
                   const char          *rows,
                   const char          *row,
                   const char          *value,
                   const char          *end,
                   guint                s,
                   guint                m,
                   guint                j,
                   RowsFault            fault,
                   GError             **error)
{
  g_autofree char *path = NULL;
  guint n_rows;
  guint n_row_values;

  if (fault == ROWS_NOT_ARRAY)
    {
      path = g_strdup_printf ("metric_values[%u].values", s);
      set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected %s, got %s"),
                 _("an array"), describe_token (rows, end));
      return;
    }

  n_rows = count_elements (rows, end);
  if (n_rows != self->n_metrics || fault == ROWS_COUNT)
    {
      g_autofree char *have = count_values (n_rows);
      g_autofree char *want = count_metrics (self->n_metrics);

      path = g_strdup_printf ("metric_values[%u].values", s);
      set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                 _("%s, but the response describes %s"), have, want);
      return;
    }

  path = g_strdup_printf ("metric_values[%u].values[%u]", s, m);

  if (fault == ROW_NOT_ARRAY)
    {
      set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected %s, got %s"),
                 _("an array"), describe_token (row, end));
      return;
    }

  n_row_values = count_elements (row, end);
  if (n_row_values != self->metrics[m].n_series || fault == ROW_TOO_LONG || fault == ROW_SHORT)
    {
      g_autofree char *have = count_values (n_row_values);
      g_autofree char *want = count_label_sets (self->metrics[m].n_series);

      set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                 _("%s, but metric \"%s\" has %s"), have, self->metrics[m].name, want);
      return;
    }

  g_free (path);
  path = g_strdup_printf ("metric_values[%u].values[%u][%u]", s, m, j);

  if (fault == VALUE_NOT_FINITE)
    set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("the number does not fit a double"));
  else
    set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected a number or null, got %s"),
               describe_token (value, end));
}

/* metric_values[s].values at @p, written down the columns of the block.
 * Returns the position past it, with @error set on the first fault.
 */
static const char *
read_rows (IscMetricsResponse  *self,
           const char          *p,
           const char          *end,
           guint                s,
           GError             **error)
{
  const char *rows = p;
  const gsize stride = self->stride;
  guint series_base = 0;
  guint m = 0;

  if (*p != '[')
    {
      report_rows_fault (self, rows, NULL, NULL, end, s, 0, 0, ROWS_NOT_ARRAY, error);
      return skip_value (p, end);
    }

  p = skip_ws (p + 1, end);

  if (p < end && *p == ']')
    {
      if (self->n_metrics != 0)
        report_rows_fault (self, rows, NULL, NULL, end, s, 0, 0, ROWS_COUNT, error);
      return p + 1;
    }

  for (;;)
    {
      const IscMetric *metric;
      const char *row = p;
      double *column;
      guint j = 0;

      if (m >= self->n_metrics)
        {
          report_rows_fault (self, rows, NULL, NULL, end, s, m, 0, ROWS_COUNT, error);
          return skip_value (rows, end);
        }

      metric = &self->metrics[m];
      column = stride != 0 ? self->values + (gsize) series_base * stride + s : self->values;

      if (*p != '[')
        {
          report_rows_fault (self, rows, row, NULL, end, s, m, 0, ROW_NOT_ARRAY, error);
          return skip_value (rows, end);
        }

      p = skip_ws (p + 1, end);

      if (p < end && *p != ']')
        {
          for (;;)
            {
              double v;

              if (j >= metric->n_series)
                {
                  report_rows_fault (self, rows, row, NULL, end, s, m, j, ROW_TOO_LONG, error);
                  return skip_value (rows, end);
                }

              if (is_number_start (*p))
                {
                  gboolean is_integer;
                  gint64 integer;

                  p = read_number (p, end, &is_integer, &integer, &v);

                  /* Like json-glib, strtod turns 1e999 into inf. */
                  if (G_UNLIKELY (!isfinite (v)))
                    {
                      report_rows_fault (self, rows, row, NULL, end, s, m, j, VALUE_NOT_FINITE, error);
                      return skip_value (rows, end);
                    }
                }
              else if (*p == 'n')
                {
                  v = NAN;
                  p += 4;
                }
              else
                {
                  report_rows_fault (self, rows, row, p, end, s, m, j, VALUE_NOT_NUMBER, error);
                  return skip_value (rows, end);
                }

              column[(gsize) j * stride] = v;
              j++;

              p = skip_ws (p, end);
              if (p < end && *p == ',')
                {
                  p = skip_ws (p + 1, end);
                  continue;
                }
              break;
            }
        }

      /* At the row's ']'. */
      p++;

      if (j != metric->n_series)
        {
          report_rows_fault (self, rows, row, NULL, end, s, m, j, ROW_SHORT, error);
          return skip_value (rows, end);
        }

      series_base += metric->n_series;
      m++;

      p = skip_ws (p, end);
      if (p < end && *p == ',')
        {
          p = skip_ws (p + 1, end);
          continue;
        }
      break;
    }

  /* At the ']' of values. */
  if (m != self->n_metrics)
    {
      report_rows_fault (self, rows, NULL, NULL, end, s, m, 0, ROWS_COUNT, error);
      return skip_value (rows, end);
    }

  return p + 1;
}

/* metric_values[s] at *@pp, as decode_value_set(): the faults of its
 * start come before those of its values whatever the order of the keys.
 */
static gboolean
read_value_set (IscMetricsResponse  *self,
                const char         **pp,
                const char          *end,
                guint                s,
                GError             **error)
{
  g_autoptr(GError) start_error = NULL;
  g_autoptr(GError) values_error = NULL;
  const char *p = *pp;
  gboolean have_start = FALSE;
  gboolean have_values = FALSE;

  if (*p != '{')
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u]", s);

      set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected %s, got %s"),
                 _("an object"), describe_token (p, end));
      return FALSE;
    }

  p = skip_ws (p + 1, end);

  while (p < end && *p == '"')
    {
      /* The scan sent bodies with escaped keys here to the tree walk. */
      const char *key = p + 1;
      const char *key_end = memchr (key, '"', (gsize) (end - key));
      gsize key_length;

      if (key_end == NULL)
        break;
      key_length = (gsize) (key_end - key);

      p = skip_ws (key_end + 1, end);   /* at ':' */
      p = skip_ws (p + 1, end);

      if (key_length == 18 && memcmp (key, "start_epoch_millis", 18) == 0)
        {
          have_start = TRUE;
          p = read_step_start (self, p, end, s, &start_error);
        }
      else if (key_length == 6 && memcmp (key, "values", 6) == 0)
        {
          have_values = TRUE;
          p = read_rows (self, p, end, s, &values_error);
        }
      else
        p = skip_value (p, end);

      p = skip_ws (p, end);
      if (p < end && *p == ',')
        p = skip_ws (p + 1, end);
    }

  /* Past the '}'. */
  *pp = p < end ? p + 1 : end;

  if (!have_start)
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);

      set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("required field is missing"));
      return FALSE;
    }

  if (start_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&start_error));
      return FALSE;
    }

  if (!check_step_order (self, s, error))
    return FALSE;

  if (!have_values)
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u].values", s);

      set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("required field is missing"));
      return FALSE;
    }

  if (values_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&values_error));
      return FALSE;
    }

  return TRUE;
}

static gboolean
decode_value_sets_from_bytes (IscMetricsResponse  *self,
                              const Bulk          *bulk,
                              GError             **error)
{
  const char *end = bulk->data + bulk->end;
  const char *p = skip_ws (bulk->data + bulk->start + 1, end);

  for (guint s = 0; s < self->n_steps; s++)
    {
      if (!read_value_set (self, &p, end, s, error))
        return FALSE;

      p = skip_ws (p, end);
      if (p < end && *p == ',')
        p = skip_ws (p + 1, end);
    }

  return TRUE;
}

/* The window rules of baseten-api.md. CURRENT is a snapshot: its window is
 * 0/0 and its one step may start at 0 or at now, so it is not checked.
 * Otherwise a step may start up to one step before the window (starts are
 * rounded down to the second and not aligned) and none may start after
 * its end. "One step" is step_seconds; without one (SUMMARY, synthetic
 * SERIES) it is the largest spacing of the steps, or for a single step the
 * window's length, since that step then spans the whole window.
 */
static gboolean
check_window (IscMetricsResponse  *self,
              GError             **error)
{
  gint64 tolerance;

  if (self->mode == ISC_MODE_CURRENT || self->n_steps == 0)
    return TRUE;

  if (self->step_seconds > 0)
    tolerance = self->step_seconds * 1000;
  else if (self->n_steps >= 2)
    {
      tolerance = 0;
      for (guint s = 1; s < self->n_steps; s++)
        tolerance = MAX (tolerance, self->step_starts[s] - self->step_starts[s - 1]);
    }
  else
    tolerance = self->end_ms - self->start_ms;

  tolerance = MAX (tolerance, MIN_TOLERANCE_MS);

  if (self->step_starts[0] < self->start_ms - tolerance)
    {
      set_error (error, ISC_RESPONSE_ERROR_INVALID, "metric_values[0].start_epoch_millis",
                 _("the step starts %lld ms before the window, more than one step (%lld ms)"),
                 (long long) (self->start_ms - self->step_starts[0]), (long long) tolerance);
      return FALSE;
    }

  for (guint s = 0; s < self->n_steps; s++)
    {
      if (self->step_starts[s] > self->end_ms)
        {
          g_autofree char *path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);

          set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                     _("the step starts after the window ends (%lld)"),
                     (long long) self->end_ms);
          return FALSE;
        }
    }

  return TRUE;
}

static void
isc_metrics_response_clear (gpointer data)
{
  IscMetricsResponse *self = data;

  g_clear_pointer (&self->step_starts, g_free);
  g_clear_pointer (&self->metrics, g_free);
  g_clear_pointer (&self->series, g_free);
  g_clear_pointer (&self->labels, g_free);
  g_clear_pointer (&self->values, g_free);
  if (self->strings != NULL)
    g_clear_pointer (&self->strings, g_string_chunk_free);
}

/* @bulk, when set, holds metric_values, which the tree then lacks.
 * @body_length is the size of the whole body, or G_MAXSIZE if unknown.
 */
static IscMetricsResponse *
decode_tree (JsonNode    *root,
             const Bulk  *bulk,
             gsize        body_length,
             GError     **error)
{
  IscMetricsResponse *self;
  Document doc = { 0 };
  gsize n_values;

  if (JSON_NODE_TYPE (root) != JSON_NODE_OBJECT)
    {
      expect_type (root, JSON_NODE_OBJECT, G_TYPE_INVALID, NULL, error);
      return NULL;
    }

  doc.root = json_node_get_object (root);

  self = g_atomic_rc_box_new0 (IscMetricsResponse);
  self->strings = g_string_chunk_new (256);

  if (!decode_header (self, &doc, error) ||
      !decode_descriptors (self, &doc, error))
    goto failed;

  self->n_steps = bulk != NULL ? bulk->n_value_sets : json_array_get_length (doc.value_sets);

  switch (self->mode)
    {
    case ISC_MODE_SUMMARY:
      /* One value set over the window; an empty answer (no metrics, no
       * value sets) means "no metrics found" in every mode.
       */
      if (self->n_steps != 1 && !(self->n_steps == 0 && self->n_metrics == 0))
        {
          set_error (error, ISC_RESPONSE_ERROR_INVALID, "metric_values",
                     _("a SUMMARY response has exactly one value set, this one has %u"),
                     self->n_steps);
          goto failed;
        }
      break;

    case ISC_MODE_CURRENT:
      if (self->n_steps > 1)
        {
          set_error (error, ISC_RESPONSE_ERROR_INVALID, "metric_values",
                     _("a CURRENT response has at most one value set, this one has %u"),
                     self->n_steps);
          goto failed;
        }
      break;

    case ISC_MODE_SERIES:
    default:
      break;
    }

  /* Each value takes at least two bytes of a valid body ("0," or "0]"),
   * but the block is sized from the counts of label sets and value sets,
   * which cost two bytes each ("{}"): 600 kB of them could ask for 80 GB.
   * A body too short for its values must fail below, at the first value
   * set that lacks some; until then every value goes to one scratch
   * double.
   */
  if (!g_size_checked_mul (&n_values, self->n_series, self->n_steps) ||
      n_values > body_length / 2)
    {
      self->stride = 0;
      self->values = g_new (double, 1);
    }
  else
    {
      self->stride = self->n_steps;
      self->values = g_new (double, MAX (n_values, 1));
    }
  self->step_starts = g_new0 (gint64, MAX (self->n_steps, 1));

  if (bulk != NULL)
    {
      if (!decode_value_sets_from_bytes (self, bulk, error))
        goto failed;
    }
  else
    {
      for (guint s = 0; s < self->n_steps; s++)
        {
          if (!decode_value_set (self, &doc, s, error))
            goto failed;
        }
    }

  if (self->stride == 0 && n_values > 0)
    {
      /* Cannot happen, by the count above; never hand out the scratch. */
      set_error (error, ISC_RESPONSE_ERROR_INVALID, "metric_values",
                 _("fewer values than the descriptors ask for"));
      goto failed;
    }

  if (!check_window (self, error))
    goto failed;

  for (guint k = 0; k < self->n_series; k++)
    {
      self->series[k].values = self->values + (gsize) k * self->n_steps;
      self->series[k].n_values = self->n_steps;
    }

  return self;

failed:
  g_atomic_rc_box_release_full (self, isc_metrics_response_clear);
  return NULL;
}

/* ------------------------------------------------------------------------
 * Public API
 * ------------------------------------------------------------------------ */

IscMetricsResponse *
_isc_metrics_response_new_from_node (JsonNode  *root,
                                     GError   **error)
{
  g_return_val_if_fail (root != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return decode_tree (root, NULL, G_MAXSIZE, error);
}

gboolean
_isc_metrics_response_check_syntax (const char  *data,
                                    gsize        length,
                                    GError     **error)
{
  return scan_document (data, length, NULL, error);
}

IscMetricsResponse *
isc_metrics_response_new_from_data (const char  *data,
                                    gssize       length,
                                    GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *rest = NULL;
  ScanInfo info = { 0 };
  Bulk bulk = { 0 };
  gboolean use_bulk;
  JsonNode *root;
  gboolean loaded;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (data);

  if (length == 0)
    {
      set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL, _("the response is empty"));
      return NULL;
    }

  if (!scan_document (data, (gsize) length, &info, error))
    return NULL;

  use_bulk = info.n_values_keys == 1 && !info.tree_only &&
             data[info.values_start] == '[';

  parser = json_parser_new ();

  if (use_bulk)
    {
      /* The body without its value sets: metric_values becomes []. */
      gsize tail = (gsize) length - info.values_end;
      gsize rest_length = info.values_start + 2 + tail;

      rest = g_malloc (rest_length + 1);
      memcpy (rest, data, info.values_start);
      memcpy (rest + info.values_start, "[]", 2);
      memcpy (rest + info.values_start + 2, data + info.values_end, tail);
      rest[rest_length] = '\0';

      bulk.data = data;
      bulk.start = info.values_start;
      bulk.end = info.values_end;
      bulk.n_value_sets = info.n_value_sets;

      loaded = json_parser_load_from_data (parser, rest, (gssize) rest_length, &local_error);
    }
  else
    loaded = json_parser_load_from_data (parser, data, length, &local_error);

  if (!loaded)
    {
      /* The scan should have caught it; keep json-glib's word for it. */
      set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL, "%s", local_error->message);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL, _("the response is empty"));
      return NULL;
    }

  return decode_tree (root, use_bulk ? &bulk : NULL, (gsize) length, error);
}

IscMetricsResponse *
isc_metrics_response_new_from_bytes (GBytes  *bytes,
                                     GError **error)
{
  const char *data;
  gsize length;

  g_return_val_if_fail (bytes != NULL, NULL);

  data = g_bytes_get_data (bytes, &length);
  if (length > G_MAXSSIZE)
    {
      set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL, _("the response is too large"));
      return NULL;
    }

  return isc_metrics_response_new_from_data (data != NULL ? data : "", (gssize) length, error);
}

IscMetricsResponse *
isc_metrics_response_new_from_file (const char  *path,
                                    GError     **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;

  return isc_metrics_response_new_from_data (contents, (gssize) length, error);
}

IscMetricsResponse *
isc_metrics_response_ref (IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_atomic_rc_box_acquire (self);
}

void
isc_metrics_response_unref (IscMetricsResponse *self)
{
  g_return_if_fail (self != NULL);

  g_atomic_rc_box_release_full (self, isc_metrics_response_clear);
}

IscMode
isc_metrics_response_get_mode (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, ISC_MODE_CURRENT);

  return self->mode;
}

gint64
isc_metrics_response_get_start_ms (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->start_ms;
}

gint64
isc_metrics_response_get_end_ms (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->end_ms;
}

gint64
isc_metrics_response_get_step_seconds (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->step_seconds;
}

guint
isc_metrics_response_get_n_steps (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_steps;
}

gint64
isc_metrics_response_get_step_start_ms (const IscMetricsResponse *self,
                                        guint                     step)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (step < self->n_steps, 0);

  return self->step_starts[step];
}

/* The next step's start, or the window's end for the last step. A CURRENT
 * snapshot has a 0/0 window while its step may start at now, so the end is
 * never before the start: such a step has no length.
 */
gint64
isc_metrics_response_get_step_end_ms (const IscMetricsResponse *self,
                                      guint                     step)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (step < self->n_steps, 0);

  if (step + 1 < self->n_steps)
    return self->step_starts[step + 1];

  return MAX (self->end_ms, self->step_starts[step]);
}

const gint64 *
isc_metrics_response_get_step_starts (const IscMetricsResponse *self,
                                      guint                    *n_steps)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (n_steps != NULL)
    *n_steps = self->n_steps;

  return self->step_starts;
}

guint
isc_metrics_response_get_n_metrics (const IscMetricsResponse *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_metrics;
}

const IscMetric *
isc_metrics_response_get_metric (const IscMetricsResponse *self,
                                 guint                     index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->n_metrics, NULL);

  return &self->metrics[index];
}

/* A linear search: a response carries a few dozen metrics at most. If a
 * name appears twice, the first wins.
 */
const IscMetric *
isc_metrics_response_lookup_metric (const IscMetricsResponse *self,
                                    const char               *name)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint m = 0; m < self->n_metrics; m++)
    {
      if (strcmp (self->metrics[m].name, name) == 0)
        return &self->metrics[m];
    }

  return NULL;
}

const char *
isc_metric_get_name (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, NULL);

  return metric->name;
}

IscUnitHint
isc_metric_get_unit_hint (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, ISC_UNIT_HINT_UNKNOWN);

  return metric->unit_hint;
}

const char *
isc_metric_get_unit_hint_string (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, NULL);

  return metric->unit_hint_string;
}

IscMetricKind
isc_metric_get_kind (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, ISC_METRIC_KIND_UNKNOWN);

  return metric->kind;
}

const char *
isc_metric_get_kind_string (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, NULL);

  return metric->kind_string;
}

guint
isc_metric_get_n_series (const IscMetric *metric)
{
  g_return_val_if_fail (metric != NULL, 0);

  return metric->n_series;
}

const IscSeries *
isc_metric_get_series (const IscMetric *metric,
                       guint            index)
{
  g_return_val_if_fail (metric != NULL, NULL);
  g_return_val_if_fail (index < metric->n_series, NULL);

  return &metric->series[index];
}

guint
isc_series_get_n_labels (const IscSeries *series)
{
  g_return_val_if_fail (series != NULL, 0);

  return series->n_labels;
}

const char *
isc_series_get_label_key (const IscSeries *series,
                          guint            index)
{
  g_return_val_if_fail (series != NULL, NULL);
  g_return_val_if_fail (index < series->n_labels, NULL);

  return series->labels[2 * index];
}

const char *
isc_series_get_label_value (const IscSeries *series,
                            guint            index)
{
  g_return_val_if_fail (series != NULL, NULL);
  g_return_val_if_fail (index < series->n_labels, NULL);

  return series->labels[2 * index + 1];
}

const char *
isc_series_lookup_label (const IscSeries *series,
                         const char      *key)
{
  g_return_val_if_fail (series != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  for (guint k = 0; k < series->n_labels; k++)
    {
      if (strcmp (series->labels[2 * k], key) == 0)
        return series->labels[2 * k + 1];
    }

  return NULL;
}

const char *
isc_series_get_label_text (const IscSeries *series)
{
  g_return_val_if_fail (series != NULL, NULL);

  return series->label_text;
}

const double *
isc_series_get_values (const IscSeries *series,
                       guint           *n_values)
{
  g_return_val_if_fail (series != NULL, NULL);

  if (n_values != NULL)
    *n_values = series->n_values;

  return series->values;
}
