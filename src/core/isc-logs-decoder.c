/* isc-logs-decoder.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-logs-decoder"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "isc-json-keys-private.h"
#include "isc-logs-decoder.h"
#include "isc-metrics-response-private.h"
#include "isc-text.h"

/* The decoder of GetLogsResponseV1: {"logs": [{timestamp, message,
 * replica, request_id?, level?}, …]}.
 *
 * One pass over the bytes, building the lines as it reads them: a page is
 * a flat list of small objects, so json-glib's tree (some 100 bytes of
 * heap per byte it holds, and a copy of every string) would cost more
 * than the lines themselves. The syntax is checked as strictly as the
 * metrics decoder's scan (isc-json-scanner.c) checks it: RFC 8259 only,
 * no comments, no leading zeros, nothing after the document, nesting at
 * most ISC_METRICS_RESPONSE_MAX_DEPTH deep, a key repeated in an object
 * refused (json-glib would keep the last, a reader of the bytes the
 * first), keys valid UTF-8.
 *
 * What a line says is text from a program's terminal and is taken as it
 * comes: a value string may hold bytes that are not UTF-8, and a lone
 * UTF-16 surrogate (Python writes one for each such byte it read with
 * surrogateescape); both become U+FFFD, and isc_log_line_new() makes the
 * rest safe. The timestamp is read from its digits into an integer,
 * never through a double: 19 digits are beyond a double's exact range.
 */

G_DEFINE_QUARK (isc-logs-decode-error-quark, isc_logs_decode_error)

#define MAX_DEPTH ISC_METRICS_RESPONSE_MAX_DEPTH

typedef struct
{
  const char *data;
  gsize       length;
  gsize       pos;
  guint       depth;
  guint32     seed;
  GString    *key_scratch;
} Reader;

/* A string as read: in the body when it holds no escape, else in a
 * scratch buffer with its escapes undone. */
typedef struct
{
  const char *text;
  gsize       length;
  gboolean    escaped;
  gsize       raw_offset;  /* its first byte in the body, after the quote */
  gsize       raw_length;
} Str;

static gboolean fail (GError     **error,
                      int          code,
                      const char  *format,
                      ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (GError     **error,
      int          code,
      const char  *format,
      ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;

  va_start (args, format);
  *error = g_error_new_valist (ISC_LOGS_DECODE_ERROR, code, format, args);
  va_end (args);

  return FALSE;
}

static gboolean
fail_truncated (Reader  *r,
                GError **error)
{
  return fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX,
               _("The response is cut off after %zu bytes"), r->length);
}

static gboolean
fail_unexpected (Reader  *r,
                 gsize    at,
                 GError **error)
{
  guchar c;

  if (at >= r->length)
    return fail_truncated (r, error);

  c = (guchar) r->data[at];
  if (c >= 0x20 && c < 0x7F)
    return fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX,
                 _("The response is not valid JSON: unexpected character “%c” at byte %zu"), c, at);

  return fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX,
               _("The response is not valid JSON: unexpected byte 0x%02X at byte %zu"), c, at);
}

static inline void
skip_space (Reader *r)
{
  while (r->pos < r->length)
    {
      char c = r->data[r->pos];

      if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
        break;
      r->pos++;
    }
}

/* The character at the reader, after white space; FALSE at the end. */
static inline gboolean
peek (Reader  *r,
      char    *c,
      GError **error)
{
  skip_space (r);
  if (r->pos >= r->length)
    return fail_truncated (r, error);

  *c = r->data[r->pos];
  return TRUE;
}

static const char *
describe (char c)
{
  switch (c)
    {
    case '{': return _("an object");
    case '[': return _("a list");
    case '"': return _("a string");
    case 't': case 'f': return _("a boolean");
    case 'n': return _("null");
    default: return _("a number");
    }
}

static inline gboolean
is_hex (char c)
{
  return g_ascii_isxdigit (c);
}

/* U+FFFD, for what a value cannot hold. */
static void
append_replacement (GString *out)
{
  g_string_append_len (out, "\xEF\xBF\xBD", 3);
}

/* The string at the reader's quote; leaves the reader past its closing
 * quote. A key (@strict) must be valid UTF-8 without lone surrogates, as
 * the metrics scan wants it; a value may hold anything, and a lone
 * surrogate becomes U+FFFD. With @out, escapes are undone into it when
 * there are any; *str says where the text is.
 */
static gboolean
read_string (Reader   *r,
             gboolean  strict,
             GString  *out,
             Str      *str,
             GError  **error)
{
  const char *data = r->data;
  gsize length = r->length;
  gsize start = r->pos + 1;
  gsize segment = start;
  gsize i = start;
  gboolean high = FALSE;
  gboolean escaped = FALSE;

  if (out != NULL)
    g_string_truncate (out, 0);

  for (;;)
    {
      guchar c;

      if (i >= length)
        return fail_truncated (r, error);

      c = (guchar) data[i];

      if (c == '"')
        break;

      if (c < 0x20)
        return fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX,
                     _("The response is not valid JSON: control character 0x%02X inside a string at byte %zu"),
                     c, i);

      if (c != '\\')
        {
          high |= c >= 0x80;
          i++;
          continue;
        }

      if (i + 1 >= length)
        return fail_truncated (r, error);

      if (out != NULL)
        g_string_append_len (out, data + segment, (gssize) (i - segment));
      escaped = TRUE;

      switch (data[i + 1])
        {
        case '"': case '\\': case '/':
          if (out != NULL)
            g_string_append_c (out, data[i + 1]);
          i += 2;
          break;

        case 'b': if (out != NULL) g_string_append_c (out, '\b'); i += 2; break;
        case 'f': if (out != NULL) g_string_append_c (out, '\f'); i += 2; break;
        case 'n': if (out != NULL) g_string_append_c (out, '\n'); i += 2; break;
        case 'r': if (out != NULL) g_string_append_c (out, '\r'); i += 2; break;
        case 't': if (out != NULL) g_string_append_c (out, '\t'); i += 2; break;

        case 'u':
          {
            gunichar code;
            gboolean lone = FALSE;

            if (i + 6 > length)
              return fail_truncated (r, error);
            for (guint k = 2; k < 6; k++)
              if (!is_hex (data[i + k]))
                return fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX,
                             _("The response is not valid JSON: bad \\u escape inside a string at byte %zu"), i);
            code = _isc_json_hex4 (data + i + 2);
            i += 6;

            if (code >= 0xDC00 && code <= 0xDFFF)
              lone = TRUE;
            else if (code >= 0xD800 && code <= 0xDBFF)
              {
                if (i + 6 <= length && data[i] == '\\' && data[i + 1] == 'u' &&
                    is_hex (data[i + 2]) && is_hex (data[i + 3]) &&
                    is_hex (data[i + 4]) && is_hex (data[i + 5]) &&
                    _isc_json_hex4 (data + i + 2) >= 0xDC00 &&
                    _isc_json_hex4 (data + i + 2) <= 0xDFFF)
                  {
                    code = 0x10000 + ((code - 0xD800) << 10) + (_isc_json_hex4 (data + i + 2) - 0xDC00);
                    i += 6;
                  }
                else
                  lone = TRUE;
              }

            if (lone && strict)
              return fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX,
                           _("The response is not valid JSON: lone UTF-16 surrogate inside a key at byte %zu"),
                           i - 6);

            if (out != NULL)
              {
                if (lone)
                  append_replacement (out);
                else if (code == 0)
                  g_string_append_c (out, '\0');
                else
                  g_string_append_unichar (out, code);
              }
          }
          break;

        default:
          return fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX,
                       _("The response is not valid JSON: bad escape inside a string at byte %zu"), i);
        }

      segment = i;
    }

  if (strict && high && !g_utf8_validate (data + start, (gssize) (i - start), NULL))
    return fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX,
                 _("The response is not valid JSON: a key that is not valid UTF-8 at byte %zu"), start);

  str->raw_offset = start;
  str->raw_length = i - start;
  str->escaped = escaped;
  if (escaped && out != NULL)
    {
      g_string_append_len (out, data + segment, (gssize) (i - segment));
      str->text = out->str;
      str->length = out->len;
    }
  else
    {
      str->text = data + start;
      str->length = i - start;
    }

  r->pos = i + 1;
  return TRUE;
}

static gboolean
read_digits (Reader  *r,
             GError **error)
{
  if (r->pos >= r->length)
    return fail_truncated (r, error);
  if (!g_ascii_isdigit (r->data[r->pos]))
    return fail_unexpected (r, r->pos, error);
  while (r->pos < r->length && g_ascii_isdigit (r->data[r->pos]))
    r->pos++;

  return TRUE;
}

/* A number per RFC 8259; nothing reads its value. */
static gboolean
skip_number (Reader  *r,
             GError **error)
{
  if (r->data[r->pos] == '-')
    r->pos++;
  if (r->pos >= r->length)
    return fail_truncated (r, error);

  if (r->data[r->pos] == '0')
    r->pos++;
  else if (!read_digits (r, error))
    return FALSE;

  if (r->pos < r->length && r->data[r->pos] == '.')
    {
      r->pos++;
      if (!read_digits (r, error))
        return FALSE;
    }

  if (r->pos < r->length && (r->data[r->pos] == 'e' || r->data[r->pos] == 'E'))
    {
      r->pos++;
      if (r->pos < r->length && (r->data[r->pos] == '+' || r->data[r->pos] == '-'))
        r->pos++;
      if (!read_digits (r, error))
        return FALSE;
    }

  return TRUE;
}

static gboolean
skip_literal (Reader      *r,
              const char  *word,
              GError     **error)
{
  for (gsize k = 0; word[k] != '\0'; k++)
    {
      if (r->pos + k >= r->length)
        return fail_truncated (r, error);
      if (r->data[r->pos + k] != word[k])
        return fail_unexpected (r, r->pos + k, error);
    }

  r->pos += strlen (word);
  return TRUE;
}

/* Objects and lists are read member by member: *first is TRUE before the
 * first, *done when the closing bracket was read. */

static gboolean
enter (Reader  *r,
       GError **error)
{
  if (r->depth >= MAX_DEPTH)
    return fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX,
                 _("The response nests deeper than %d levels at byte %zu"), MAX_DEPTH, r->pos);

  r->depth++;
  r->pos++;
  return TRUE;
}

/* The next key of the object whose '{' was read; the reader is left at
 * its value. A key the object held already is refused. */
static gboolean
next_key (Reader         *r,
          IscJsonKeySet  *keys,
          gboolean       *first,
          gboolean       *done,
          Str            *key,
          GError        **error)
{
  char c = 0;

  if (!peek (r, &c, error))
    return FALSE;

  if (!*first)
    {
      /* After a member: a comma and another, or the end. */
      if (c == '}')
        goto close;
      if (c != ',')
        return fail_unexpected (r, r->pos, error);
      r->pos++;
      if (!peek (r, &c, error))
        return FALSE;
    }
  else if (c == '}')
    goto close;
  *first = FALSE;

  if (c != '"')
    return fail_unexpected (r, r->pos, error);
  if (!read_string (r, TRUE, NULL, key, error))
    return FALSE;

  if (!_isc_json_key_set_add (keys, r->data, r->seed, key->raw_offset, key->raw_length,
                              key->escaped, r->key_scratch))
    {
      g_autofree char *shown = NULL;

      _isc_json_key_text (r->data, key->raw_offset, key->raw_length, r->key_scratch);
      shown = isc_text_sanitize_cut (r->key_scratch->str, (gssize) r->key_scratch->len, 64);
      return fail (error, ISC_LOGS_DECODE_ERROR_SHAPE,
                   _("The response holds a second “%s” in the same object at byte %zu"),
                   shown, key->raw_offset - 1);
    }

  if (!peek (r, &c, error))
    return FALSE;
  if (c != ':')
    return fail_unexpected (r, r->pos, error);
  r->pos++;

  return peek (r, &c, error);

close:
  r->pos++;
  r->depth--;
  *done = TRUE;
  return TRUE;
}

/* The next element of the list whose '[' was read; the reader is left at
 * it. */
static gboolean
next_element (Reader   *r,
              gboolean *first,
              gboolean *done,
              GError  **error)
{
  char c = 0;

  if (!peek (r, &c, error))
    return FALSE;

  if (c == ']')
    {
      r->pos++;
      r->depth--;
      *done = TRUE;
      return TRUE;
    }

  if (!*first)
    {
      if (c != ',')
        return fail_unexpected (r, r->pos, error);
      r->pos++;
      if (!peek (r, &c, error))
        return FALSE;
      if (c == ']')
        return fail_unexpected (r, r->pos, error);
    }
  *first = FALSE;

  return TRUE;
}

static gboolean skip_value (Reader  *r,
                            GError **error);

static gboolean
skip_object (Reader  *r,
             GError **error)
{
  IscJsonKeySet keys = { 0 };
  gboolean first = TRUE;
  gboolean done = FALSE;
  gboolean ok = TRUE;
  Str key;

  if (!enter (r, error))
    return FALSE;

  while (ok && !done)
    {
      ok = next_key (r, &keys, &first, &done, &key, error);
      if (ok && !done)
        ok = skip_value (r, error);
    }

  _isc_json_key_set_clear (&keys);
  return ok;
}

static gboolean
skip_list (Reader  *r,
           GError **error)
{
  gboolean first = TRUE;
  gboolean done = FALSE;

  if (!enter (r, error))
    return FALSE;

  while (!done)
    {
      if (!next_element (r, &first, &done, error))
        return FALSE;
      if (!done && !skip_value (r, error))
        return FALSE;
    }

  return TRUE;
}

/* Any value, checked and passed over; the reader is at its first byte. */
static gboolean
skip_value (Reader  *r,
            GError **error)
{
  Str str;
  char c = 0;

  if (!peek (r, &c, error))
    return FALSE;

  switch (c)
    {
    case '{':
      return skip_object (r, error);
    case '[':
      return skip_list (r, error);
    case '"':
      return read_string (r, FALSE, NULL, &str, error);
    case 't':
      return skip_literal (r, "true", error);
    case 'f':
      return skip_literal (r, "false", error);
    case 'n':
      return skip_literal (r, "null", error);
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      return skip_number (r, error);
    default:
      return fail_unexpected (r, r->pos, error);
    }
}

/* The 1 to 19 digits of a timestamp, exactly: never through a double. */
static gboolean
parse_time_ns (const char *text,
               gsize       length,
               gint64     *time_ns,
               gboolean   *out_of_range)
{
  guint64 value = 0;

  *out_of_range = FALSE;

  if (length == 0)
    return FALSE;

  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isdigit (text[i]))
      return FALSE;

  if (length > 19 || (length == 19 && memcmp (text, "9223372036854775807", 19) > 0))
    {
      *out_of_range = TRUE;
      return FALSE;
    }

  for (gsize i = 0; i < length; i++)
    value = value * 10 + (guint64) (text[i] - '0');

  *time_ns = (gint64) value;
  return TRUE;
}

/* The scratch buffers of one line's strings. */
typedef struct
{
  GString *message;
  GString *replica;
  GString *request_id;
  GString *other;
} Scratch;

typedef enum
{
  FIELD_MESSAGE,
  FIELD_REPLICA,
  FIELD_REQUEST_ID,
} Field;

/* A string member of a line, or null but for the message; else a shape
 * error naming @field. *present is FALSE for null. */
static gboolean
read_line_string (Reader      *r,
                  guint        line,
                  Field        field,
                  GString     *out,
                  Str         *str,
                  gboolean    *present,
                  GError     **error)
{
  char c = 0;

  if (!peek (r, &c, error))
    return FALSE;

  if (c == '"')
    {
      *present = TRUE;
      return read_string (r, FALSE, out, str, error);
    }

  if (c == 'n' && field != FIELD_MESSAGE)
    {
      *present = FALSE;
      return skip_literal (r, "null", error);
    }

  /* A syntax error in it is the more useful thing to say. */
  if (!skip_value (r, error))
    return FALSE;

  switch (field)
    {
    case FIELD_MESSAGE:
      /* TRANSLATORS: "The message of line 12 is a number, not a string" */
      return fail (error, ISC_LOGS_DECODE_ERROR_SHAPE,
                   _("The message of line %u is %s, not a string"), line, describe (c));
    case FIELD_REPLICA:
      return fail (error, ISC_LOGS_DECODE_ERROR_SHAPE,
                   _("The replica of line %u is %s, not a string"), line, describe (c));
    case FIELD_REQUEST_ID:
    default:
      return fail (error, ISC_LOGS_DECODE_ERROR_SHAPE,
                   _("The request ID of line %u is %s, not a string"), line, describe (c));
    }
}

/* One line's object, at its '{'; *line_out the line made of it. */
static gboolean
read_line (Reader      *r,
           guint        line,
           Scratch     *scratch,
           IscLogLine **line_out,
           GError     **error)
{
  IscJsonKeySet keys = { 0 };
  gboolean first = TRUE;
  gboolean done = FALSE;
  gboolean ok = TRUE;
  gboolean has_time = FALSE;
  gboolean has_message = FALSE;
  gboolean has_replica = FALSE;
  gboolean has_request_id = FALSE;
  gint64 time_ns = 0;
  IscLogLevel level = ISC_LOG_LEVEL_NONE;
  Str message = { 0 };
  Str replica = { 0 };
  Str request_id = { 0 };
  Str key;

  if (!enter (r, error))
    return FALSE;

  while (ok && !done)
    {
      const char *k;
      gsize n;

      if (!(ok = next_key (r, &keys, &first, &done, &key, error)) || done)
        break;

      k = r->data + key.raw_offset;
      n = key.raw_length;

      if (_isc_json_key_is (k, n, key.escaped, "timestamp"))
        {
          Str str;
          char c = 0;
          gboolean out_of_range;

          if (!(ok = peek (r, &c, error)))
            break;
          if (c != '"')
            {
              if ((ok = skip_value (r, error)))
                ok = fail (error, ISC_LOGS_DECODE_ERROR_SHAPE,
                           _("The timestamp of line %u is %s, not a string of digits"),
                           line, describe (c));
              break;
            }

          if (!(ok = read_string (r, FALSE, scratch->other, &str, error)))
            break;

          if (!parse_time_ns (str.text, str.length, &time_ns, &out_of_range))
            {
              g_autofree char *shown = isc_text_sanitize_cut (str.text, (gssize) str.length, 40);

              if (out_of_range)
                ok = fail (error, ISC_LOGS_DECODE_ERROR_SHAPE,
                           _("The timestamp of line %u, “%s”, is out of range"), line, shown);
              else
                ok = fail (error, ISC_LOGS_DECODE_ERROR_SHAPE,
                           _("The timestamp of line %u, “%s”, is not a number of nanoseconds"),
                           line, shown);
              break;
            }

          has_time = TRUE;
        }
      else if (_isc_json_key_is (k, n, key.escaped, "message"))
        {
          ok = read_line_string (r, line, FIELD_MESSAGE, scratch->message, &message,
                                 &has_message, error);
        }
      else if (_isc_json_key_is (k, n, key.escaped, "replica"))
        {
          ok = read_line_string (r, line, FIELD_REPLICA, scratch->replica, &replica,
                                 &has_replica, error);
        }
      else if (_isc_json_key_is (k, n, key.escaped, "request_id"))
        {
          ok = read_line_string (r, line, FIELD_REQUEST_ID, scratch->request_id, &request_id,
                                 &has_request_id, error);
        }
      else if (_isc_json_key_is (k, n, key.escaped, "level"))
        {
          Str str;
          char c = 0;

          /* null, absent, or a level the API does not name: no level. */
          if (!(ok = peek (r, &c, error)))
            break;
          if (c != '"')
            ok = skip_value (r, error);
          else if ((ok = read_string (r, FALSE, scratch->other, &str, error)))
            {
              char name[8] = { 0 };

              if (str.length < sizeof name)
                {
                  memcpy (name, str.text, str.length);
                  if (strlen (name) != str.length || !isc_log_level_from_api (name, &level))
                    level = ISC_LOG_LEVEL_NONE;
                }
              else
                level = ISC_LOG_LEVEL_NONE;
            }
        }
      else
        ok = skip_value (r, error);
    }

  _isc_json_key_set_clear (&keys);
  if (!ok)
    return FALSE;

  if (!has_time)
    return fail (error, ISC_LOGS_DECODE_ERROR_SHAPE, _("Line %u has no timestamp"), line);
  if (!has_message)
    return fail (error, ISC_LOGS_DECODE_ERROR_SHAPE, _("Line %u has no message"), line);

  {
    /* Ids are short: copied, so that the scratch buffers are reused. */
    g_autofree char *replica_text = has_replica ? g_strndup (replica.text, replica.length) : NULL;
    g_autofree char *request_id_text = has_request_id ? g_strndup (request_id.text, request_id.length) : NULL;

    /* An id with a NUL in it reads up to the NUL, which is fine for an id
     * and shows nothing a person could miss. */
    *line_out = isc_log_line_new (time_ns, level, replica_text, request_id_text,
                                  message.text, (gssize) message.length);
  }

  return TRUE;
}

static gboolean
read_lines (Reader     *r,
            GPtrArray  *lines,
            GError    **error)
{
  Scratch scratch = {
    g_string_new (NULL), g_string_new (NULL), g_string_new (NULL), g_string_new (NULL),
  };
  gboolean first = TRUE;
  gboolean done = FALSE;
  gboolean ok = TRUE;

  if (!enter (r, error))
    ok = FALSE;

  while (ok && !done)
    {
      IscLogLine *line = NULL;
      char c = 0;

      if (!(ok = next_element (r, &first, &done, error)) || done)
        break;

      if (lines->len >= ISC_LOGS_MAX_PAGE)
        {
          ok = fail (error, ISC_LOGS_DECODE_ERROR_TOO_MANY,
                     _("The response holds more than %u lines, more than Inferscope reads"),
                     ISC_LOGS_MAX_PAGE);
          break;
        }

      if (!(ok = peek (r, &c, error)))
        break;

      if (c != '{')
        {
          if ((ok = skip_value (r, error)))
            ok = fail (error, ISC_LOGS_DECODE_ERROR_SHAPE,
                       _("Line %u is %s, not an object"), lines->len + 1, describe (c));
          break;
        }

      if ((ok = read_line (r, lines->len + 1, &scratch, &line, error)))
        g_ptr_array_add (lines, line);
    }

  g_string_free (scratch.message, TRUE);
  g_string_free (scratch.replica, TRUE);
  g_string_free (scratch.request_id, TRUE);
  g_string_free (scratch.other, TRUE);
  return ok;
}

static gboolean
read_root (Reader     *r,
           GPtrArray  *lines,
           GError    **error)
{
  IscJsonKeySet keys = { 0 };
  gboolean first = TRUE;
  gboolean done = FALSE;
  gboolean has_logs = FALSE;
  gboolean ok = TRUE;
  Str key;
  char c = 0;

  if (!peek (r, &c, error))
    return FALSE;

  if (c != '{')
    {
      if (!skip_value (r, error))
        return FALSE;
      return fail (error, ISC_LOGS_DECODE_ERROR_SHAPE,
                   _("The response is %s, not an object with a list of lines"), describe (c));
    }

  if (!enter (r, error))
    return FALSE;

  while (ok && !done)
    {
      if (!(ok = next_key (r, &keys, &first, &done, &key, error)) || done)
        break;

      if (_isc_json_key_is (r->data + key.raw_offset, key.raw_length, key.escaped, "logs"))
        {
          if (!(ok = peek (r, &c, error)))
            break;
          if (c != '[')
            {
              if ((ok = skip_value (r, error)))
                ok = fail (error, ISC_LOGS_DECODE_ERROR_SHAPE,
                           _("The response’s “logs” is %s, not a list"), describe (c));
              break;
            }
          has_logs = TRUE;
          ok = read_lines (r, lines, error);
        }
      else
        ok = skip_value (r, error);
    }

  _isc_json_key_set_clear (&keys);
  if (!ok)
    return FALSE;

  skip_space (r);
  if (r->pos < r->length)
    return fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX,
                 _("The response is not valid JSON: unexpected content after its end at byte %zu"),
                 r->pos);

  if (!has_logs)
    return fail (error, ISC_LOGS_DECODE_ERROR_SHAPE, _("The response has no list of lines (“logs”)"));

  return TRUE;
}

GPtrArray *
isc_logs_decode (const char  *data,
                 gsize        length,
                 GError     **error)
{
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GString) key_scratch = NULL;
  Reader r = { 0 };

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Keys are kept as 32-bit offsets; the client reads 64 MiB at most. */
  if (length >= G_MAXUINT32)
    {
      fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX, _("The response is too large"));
      return NULL;
    }

  r.data = data;
  r.length = length;
  r.seed = g_random_int ();
  key_scratch = g_string_new (NULL);
  r.key_scratch = key_scratch;

  /* A UTF-8 byte order mark is allowed (RFC 8259 §8.1). */
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    r.pos = 3;

  skip_space (&r);
  if (r.pos >= length)
    {
      fail (error, ISC_LOGS_DECODE_ERROR_SYNTAX, _("The response is empty"));
      return NULL;
    }

  lines = g_ptr_array_new_with_free_func (g_object_unref);
  if (!read_root (&r, lines, error))
    return NULL;

  return g_steal_pointer (&lines);
}
