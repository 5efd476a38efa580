/* isc-json-scanner.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-json-scanner"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "isc-json-scanner-private.h"
#include "isc-metrics-response-private.h"
#include "isc-text.h"

/* The scan: strict JSON, bounded depth, 64-bit integers.
 *
 * A small validating JSON lexer and pushdown checker that builds nothing,
 * run over every body before anything else reads it. It exists because
 * json-glib 1.6 is lenient and fragile in ways a decoder of untrusted
 * bytes cannot be: its parser recurses once per nesting level (100000 '['
 * would overflow the stack), it silently wraps integers beyond 64 bits
 * (99999999999999999999 becomes -1), and it accepts comments, hexadecimal
 * and leading-zero numbers, single quotes, bad escapes and content after
 * the document. The scan rejects all of these with the JSON path where
 * they occur, so json-glib only ever sees strict RFC 8259 JSON of bounded
 * depth.
 *
 * On its way it notes where metric_values lies, for the value-set reader
 * (isc-value-sets.c), and whether its keys can be read as json-glib reads
 * them.
 *
 * It also bounds what json-glib's tree of the rest may cost, since the
 * tree takes 40 to 110 bytes of heap per byte it holds: it refuses a key
 * an object holds twice (json-glib searches an object's member list for
 * each repeat, quadratic in the object's size), and it notes the parts
 * of the body the tree need not hold (IscScanElision): members of the
 * root and of a descriptor that the schema does not name, and arrays or
 * objects where the schema reads a string or a number. It counts the
 * descriptors, label sets and labels, and refuses a body past
 * ISC_METRICS_RESPONSE_MAX_SERIES and the like.
 */

/* How often the scan looks at the clock. */
#define DEADLINE_CHECK_BYTES ((gsize) 1 << 20)

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

  _isc_response_set_error (error, ISC_RESPONSE_ERROR_SYNTAX, path, "%s", message);
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

/* As g_ascii_isdigit(), without its table: the scan asks it of every digit
 * of every number, most of a SERIES body. */
static inline gboolean
is_digit (char c)
{
  return (guchar) (c - '0') < 10;
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
            code = _isc_json_hex4 (data + i + 2);
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
                low = _isc_json_hex4 (data + i + 2);
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

  if (level->is_array || !level->has_key)
    return FALSE;

  return _isc_json_key_is (scan->data + level->key_offset, level->key_length,
                           level->key_escaped, name);
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
  if (!is_digit (scan->data[i]))
    return scan_unexpected (scan, i, error);
  while (i < scan->length && is_digit (scan->data[i]))
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
      while (i < length && is_digit (data[i]))
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

static void scan_leave_out (Scan       *scan,
                            gsize       start,
                            gsize       end,
                            const char *replacement);

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

  /* A member the tree leaves out, its comma and all. */
  if (G_UNLIKELY (scan->levels[scan->depth - 1].member_left_out))
    {
      ScanLevel *parent = &scan->levels[scan->depth - 1];

      scan_leave_out (scan, parent->member_start, end, NULL);
      parent->member_left_out = FALSE;
    }

  if (G_UNLIKELY (scan->depth == 1 && scan->in_values))
    {
      scan->in_values = FALSE;
      scan->info.values_end = end;
    }
}

/* A key that an object holds twice. json-glib keeps the last of a
 * repeated key, where a reader of the bytes meets the first; it also
 * searches the object's members for each repeat, which 80,000 repeats
 * make a minute's work; and the schema names no member twice. So a
 * repeated key is refused, in any object.
 */
static gboolean
scan_repeated_key (const Scan  *scan,
                   ScanLevel   *level,
                   GString     *scratch,
                   gsize        offset,
                   GError     **error)
{
  g_autofree char *path = scan_path (scan);
  g_autofree char *shown = NULL;

  _isc_json_key_text (scan->data, level->key_offset, level->key_length, scratch);
  shown = isc_text_sanitize_cut (scratch->str, (gssize) scratch->len, 64);
  _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                           _("a second \"%s\" in the same object at byte %zu"),
                           shown, offset);
  return FALSE;
}

/* A part of the body the tree leaves out, or shows as @replacement. Next
 * to the last one, with only white space between, it joins that one, so
 * a run of unknown members costs one. */
static void
scan_leave_out (Scan       *scan,
                gsize       start,
                gsize       end,
                const char *replacement)
{
  GArray *elisions = scan->info.elisions;
  IscScanElision elision = { start, end, replacement };

  if (elisions == NULL)
    elisions = scan->info.elisions = g_array_new (FALSE, FALSE, sizeof (IscScanElision));

  if (elisions->len > 0 && replacement == NULL)
    {
      IscScanElision *last = &g_array_index (elisions, IscScanElision, elisions->len - 1);

      if (last->replacement == NULL && last->end <= start)
        {
          gsize k = last->end;

          while (k < start &&
                 (scan->data[k] == ' ' || scan->data[k] == '\n' ||
                  scan->data[k] == '\r' || scan->data[k] == '\t'))
            k++;
          if (k == start)
            {
              last->end = end;
              return;
            }
        }
    }

  g_array_append_val (elisions, elision);
}

static gboolean
scan_too_many (const Scan  *scan,
               const char  *what,
               guint        limit,
               gsize        offset,
               GError     **error)
{
  g_autofree char *path = scan_path (scan);

  _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                           /* TRANSLATORS: "more than 50000 label sets at byte 123" */
                           _("more than %u %s at byte %zu, more than Inferscope reads"),
                           limit, what, offset);
  return FALSE;
}

static gboolean
root_key_is_known (const Scan *scan)
{
  static const char * const names[] = {
    "mode", "start_epoch_millis", "end_epoch_millis", "step_seconds",
    "metric_descriptors", "metric_values",
  };

  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    if (scan_key_is (scan, 0, names[k]))
      return TRUE;

  return FALSE;
}

static gboolean
descriptor_key_is_known (const Scan *scan,
                         guint       depth)
{
  return scan_key_is (scan, depth, "name") ||
         scan_key_is (scan, depth, "unit_hint") ||
         scan_key_is (scan, depth, "kind") ||
         scan_key_is (scan, depth, "label_sets");
}

/* Notes what the decoder needs to know about the key just read at
 * @offset into @level: that it is not a repeat, where metric_values is,
 * whether the tree keeps the member, and how many labels there are. Keys
 * are compared as json-glib reads them, escapes and all, so the reader
 * and json-glib's tree never disagree on which member is which.
 */
static gboolean
scan_note_key (Scan       *scan,
               ScanLevel  *level,
               gsize       offset,
               GError    **error)
{
  g_autoptr(GString) scratch = level->key_escaped ? g_string_new (NULL) : NULL;
  guint depth = scan->depth - 1;
  gboolean known;

  if (!_isc_json_key_set_add (&level->keys, scan->data, scan->seed, level->key_offset, level->key_length, level->key_escaped, scratch))
    {
      if (scratch == NULL)
        scratch = g_string_new (NULL);
      return scan_repeated_key (scan, level, scratch, offset, error);
    }

  if (scan->depth == 1)
    {
      scan->values_pending = scan_key_is (scan, 0, "metric_values");
      if (scan->values_pending)
        scan->info.has_values = TRUE;
    }

  level->member_start = level->after_comma ? level->comma_offset : offset;

  switch (level->role)
    {
    case ROLE_ROOT:
    case ROLE_DESCRIPTOR:
      known = level->role == ROLE_ROOT ? root_key_is_known (scan)
                                       : descriptor_key_is_known (scan, depth);
      level->member_left_out = !known;
      if (known)
        {
          /* The first member the tree keeps loses its leading comma. */
          if (level->n_kept == 0 && level->after_comma)
            scan_leave_out (scan, level->comma_offset, level->comma_offset + 1, NULL);
          level->n_kept++;
        }
      break;

    case ROLE_LABEL_SET:
      if (++scan->n_labels > ISC_METRICS_RESPONSE_MAX_LABELS)
        return scan_too_many (scan, _("labels"), ISC_METRICS_RESPONSE_MAX_LABELS, offset, error);
      break;

    case ROLE_NONE:
    case ROLE_DESCRIPTORS:
    case ROLE_LABEL_SETS:
    default:
      break;
    }

  level->after_comma = FALSE;
  return TRUE;
}

/* A value starts at @i inside @level, a level the tree holds. */
static gboolean
scan_value_start (Scan       *scan,
                  ScanLevel  *level,
                  gsize       i,
                  GError    **error)
{
  if (level->role == ROLE_DESCRIPTORS &&
      ++scan->n_metrics > ISC_METRICS_RESPONSE_MAX_METRICS)
    return scan_too_many (scan, _("metrics"), ISC_METRICS_RESPONSE_MAX_METRICS, i, error);

  if (level->role == ROLE_LABEL_SETS &&
      ++scan->n_series > ISC_METRICS_RESPONSE_MAX_SERIES)
    return scan_too_many (scan, _("label sets"), ISC_METRICS_RESPONSE_MAX_SERIES, i, error);

  return TRUE;
}

/* What the tree makes of the array or object @level opening inside
 * @parent: its role, or a stand-in "[]" or "{}" where the schema reads
 * no array or object, or nothing where the whole member is left out.
 */
static void
scan_place (Scan      *scan,
            ScanLevel *parent,
            ScanLevel *level)
{
  gboolean is_array = level->is_array;
  ScanRole role = ROLE_NONE;

  if (parent == NULL)
    role = is_array ? ROLE_NONE : ROLE_ROOT;
  else if (parent->role == ROLE_NONE || parent->member_left_out)
    {
      level->role = ROLE_NONE;
      return;
    }
  else
    {
      guint depth = scan->depth - 2;

      switch (parent->role)
        {
        case ROLE_ROOT:
          if (is_array && scan_key_is (scan, depth, "metric_descriptors"))
            role = ROLE_DESCRIPTORS;
          break;

        case ROLE_DESCRIPTORS:
          if (!is_array)
            role = ROLE_DESCRIPTOR;
          break;

        case ROLE_DESCRIPTOR:
          if (is_array && scan_key_is (scan, depth, "label_sets"))
            role = ROLE_LABEL_SETS;
          break;

        case ROLE_LABEL_SETS:
          if (!is_array)
            role = ROLE_LABEL_SET;
          break;

        case ROLE_LABEL_SET:
        case ROLE_NONE:
        default:
          break;
        }
    }

  level->role = role;
  /* metric_values too: the value-set reader reads it from the bytes. */
  if (role == ROLE_NONE)
    level->replacement = is_array ? "[]" : "{}";
}

/* '[' or '{' at @i, where a value may start. */
static gboolean
scan_open (Scan     *scan,
           char      c,
           gsize     i,
           GError  **error)
{
  ScanLevel *level;

  if (scan->depth == ISC_METRICS_RESPONSE_MAX_DEPTH)
    return scan_fail (scan, error,
                      _("nesting deeper than %d levels at byte %zu"),
                      ISC_METRICS_RESPONSE_MAX_DEPTH, i);

  level = &scan->levels[scan->depth++];
  memset (level, 0, sizeof *level);
  level->is_array = c == '[';
  level->state = c == '[' ? EXPECT_VALUE_OR_CLOSE : EXPECT_KEY_OR_CLOSE;
  level->open_offset = i;
  scan_place (scan, scan->depth >= 2 ? &scan->levels[scan->depth - 2] : NULL, level);
  return TRUE;
}

/* ']' or '}' at @i, closing @level. */
static gboolean
scan_close (Scan       *scan,
            ScanLevel  *level,
            char        c,
            gsize       i,
            gboolean   *root_done,
            GError    **error)
{
  if (level == NULL ||
      level->is_array != (c == ']') ||
      !(level->state == EXPECT_COMMA_OR_CLOSE ||
        level->state == EXPECT_VALUE_OR_CLOSE ||
        level->state == EXPECT_KEY_OR_CLOSE))
    return scan_unexpected (scan, i, error);

  /* The end of metric_values: count its value sets. */
  if (G_UNLIKELY (scan->depth == 2 && scan->in_values && level->is_array))
    scan->info.n_value_sets = level->state == EXPECT_VALUE_OR_CLOSE ? 0 : level->index + 1;

  if (level->replacement != NULL)
    scan_leave_out (scan, level->open_offset, i + 1, level->replacement);
  _isc_json_key_set_clear (&level->keys);

  scan->depth--;
  scan_value_done (scan, root_done, i + 1);
  return TRUE;
}

/* ',' or ':' at @i, inside @level. */
static gboolean
scan_separator (Scan       *scan,
                ScanLevel  *level,
                char        c,
                gsize       i,
                GError    **error)
{
  if (c == ':')
    {
      if (level == NULL || level->state != EXPECT_COLON)
        return scan_unexpected (scan, i, error);

      level->state = EXPECT_VALUE;
      return TRUE;
    }

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
      level->comma_offset = i;
      level->after_comma = TRUE;
    }

  return TRUE;
}

/* The string at *@i: a member's key where @level wants one, else a value. */
static gboolean
scan_string_token (Scan       *scan,
                   ScanLevel  *level,
                   gboolean    want_value,
                   gsize      *i,
                   gboolean   *root_done,
                   GError    **error)
{
  gsize start = *i + 1;
  gboolean escaped = FALSE;

  if (level != NULL &&
      (level->state == EXPECT_KEY || level->state == EXPECT_KEY_OR_CLOSE))
    {
      if (!scan_string (scan, i, &escaped, error))
        return FALSE;

      level->key_offset = start;
      level->key_escaped = escaped;
      level->key_length = *i - 1 - start;
      level->has_key = TRUE;
      level->state = EXPECT_COLON;
      return scan_note_key (scan, level, start - 1, error);
    }

  if (!want_value)
    return scan_unexpected (scan, *i, error);
  if (!scan_string (scan, i, &escaped, error))
    return FALSE;

  scan_value_done (scan, root_done, *i);
  return TRUE;
}

/* The scan's inner loops (over the digits of a number, mostly) are a few
 * bytes long, and where the linker happens to put them decides whether
 * one straddles a 32-byte boundary: on the machine the decode benchmark
 * runs on, that alone moved the scan of the week-long document by 15 %
 * between builds of the same code. Starting the function on a cache line
 * keeps its loops where they are, whatever else a binary links in.
 */
#if defined(__GNUC__)
__attribute__ ((aligned (64)))
#endif
static gboolean
scan_run (Scan    *scan,
          GError **error)
{
  const char *data = scan->data;
  gsize length = scan->length;
  gboolean root_done = FALSE;
  gsize i = 0;
  gsize next_check = DEADLINE_CHECK_BYTES;

  /* A UTF-8 byte order mark is allowed (RFC 8259 §8.1); json-glib skips it. */
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    i = 3;

  while (i < length)
    {
      char c = data[i];
      ScanLevel *level = scan->depth > 0 ? &scan->levels[scan->depth - 1] : NULL;
      gboolean want_value;

      if (G_UNLIKELY (i >= next_check))
        {
          if (_isc_response_past_deadline (scan->deadline_us, error))
            return FALSE;
          next_check = i + DEADLINE_CHECK_BYTES;
        }

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

      if (want_value && level != NULL && G_UNLIKELY (level->role != ROLE_NONE) &&
          c != ']' && c != '}' && !scan_value_start (scan, level, i, error))
        return FALSE;

      switch (c)
        {
        case '[':
        case '{':
          if (!want_value)
            return scan_unexpected (scan, i, error);
          if (!scan_open (scan, c, i, error))
            return FALSE;
          i++;
          break;

        case ']':
        case '}':
          if (!scan_close (scan, level, c, i, &root_done, error))
            return FALSE;
          i++;
          break;

        case ',':
        case ':':
          if (!scan_separator (scan, level, c, i, error))
            return FALSE;
          i++;
          break;

        case '"':
          if (!scan_string_token (scan, level, want_value, &i, &root_done, error))
            return FALSE;
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
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL, _("the response is empty"));
      return FALSE;
    }

  return TRUE;
}

gboolean
_isc_json_scan (const char   *data,
                gsize         length,
                IscScanInfo  *info,
                gint64        deadline_us,
                GError      **error)
{
  g_autofree Scan *scan = NULL;
  gboolean ok;

  /* Keys are kept as 32-bit offsets; the client reads 64 MiB at most. */
  if (length >= G_MAXUINT32)
    {
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL, _("the response is too large"));
      return FALSE;
    }

  scan = g_new0 (Scan, 1);
  scan->data = data;
  scan->length = length;
  scan->seed = g_random_int ();
  scan->deadline_us = deadline_us;

  ok = scan_run (scan, error);

  for (guint d = 0; d < ISC_METRICS_RESPONSE_MAX_DEPTH; d++)
    _isc_json_key_set_clear (&scan->levels[d].keys);

  if (ok && info != NULL)
    *info = scan->info;
  else if (scan->info.elisions != NULL)
    g_array_unref (scan->info.elisions);

  return ok;
}

gboolean
_isc_metrics_response_check_syntax (const char  *data,
                                    gsize        length,
                                    GError     **error)
{
  return _isc_json_scan (data, length, NULL, 0, error);
}
