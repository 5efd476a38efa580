/* isc-logs-writer.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What `inferscope logs` writes. A log line is text from a server, and
 * standard output is often a terminal: nothing in a line may move the
 * cursor, set the title, ring or write an escape sequence. IscLogLine has
 * already made its message safe (escapes parsed, controls shown as
 * symbols); this is the last guard before the terminal, so that whatever
 * the model lets through, or whatever a later change to it lets through,
 * reaches the terminal as a visible character: every C0 and C1 control,
 * DEL and every BiDi control reads U+FFFD (isc_text_sanitize ()). The only
 * escapes written are the SGR sequences made here from the line's level
 * and its IscLogSpan runs, each line ending with a reset.
 */

#define G_LOG_DOMAIN "isc-logs"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "isc-logs-private.h"
#include "isc-text.h"

#define SGR_RESET "\033[0m"

gboolean
_isc_logs_color_wanted (IscLogsColor color,
                        int          fd)
{
  const char *no_color;

  switch (color)
    {
    case ISC_LOGS_COLOR_ALWAYS:
      return TRUE;

    case ISC_LOGS_COLOR_NEVER:
      return FALSE;

    case ISC_LOGS_COLOR_AUTO:
    default:
      /* https://no-color.org: set and not empty turns colour off. */
      no_color = g_getenv ("NO_COLOR");
      if (no_color != NULL && no_color[0] != '\0')
        return FALSE;
      if (g_strcmp0 (g_getenv ("TERM"), "dumb") == 0)
        return FALSE;
      return isatty (fd);
    }
}

/* @length bytes of @text, with every character a terminal would act on
 * replaced. */
static void
append_safe (GString    *out,
             const char *text,
             gsize       length)
{
  g_autofree char *safe = NULL;

  if (length == 0)
    return;

  safe = isc_text_sanitize (text, (gssize) length);
  g_string_append (out, safe);
}

static void
append_rgb (GString    *out,
            const char *which,
            gint32      rgb)
{
  g_string_append_printf (out, ";%s;2;%u;%u;%u", which,
                          ((guint32) rgb >> 16) & 0xff,
                          ((guint32) rgb >> 8) & 0xff,
                          (guint32) rgb & 0xff);
}

static void
append_span_start (GString          *out,
                   const IscLogSpan *span)
{
  g_string_append (out, "\033[0");
  if (span->bold)
    g_string_append (out, ";1");
  if (span->italic)
    g_string_append (out, ";3");
  if (span->underline)
    g_string_append (out, ";4");
  if (span->fg >= 0)
    append_rgb (out, "38", span->fg);
  if (span->bg >= 0)
    append_rgb (out, "48", span->bg);
  g_string_append_c (out, 'm');
}

/* The SGR parameters a level is shown with, or NULL for none: ERROR and
 * WARNING stand out, DEBUG steps back, INFO and no level are plain. */
static const char *
level_sgr (IscLogLevel level)
{
  switch (level)
    {
    case ISC_LOG_LEVEL_ERROR:
      return "1;31";
    case ISC_LOG_LEVEL_WARNING:
      return "33";
    case ISC_LOG_LEVEL_DEBUG:
      return "2";
    case ISC_LOG_LEVEL_INFO:
    case ISC_LOG_LEVEL_NONE:
    default:
      return NULL;
    }
}

/* The part of isc_log_line_to_text () before the message: the time, the
 * level, the replica and the request id, with the level coloured. */
static void
append_prefix (GString     *out,
               const char  *prefix,
               gsize        length,
               IscLogLevel  level)
{
  const char *name = isc_log_level_to_api (level);
  const char *sgr = level_sgr (level);
  const char *space = memchr (prefix, ' ', length);
  gsize name_length = name != NULL ? strlen (name) : 0;
  gsize at;

  /* "TIME LEVEL …": the level is the second word, when there is one. */
  if (sgr == NULL || space == NULL)
    {
      append_safe (out, prefix, length);
      return;
    }

  at = (gsize) (space - prefix) + 1;
  if (at + name_length > length ||
      strncmp (prefix + at, name, name_length) != 0 ||
      (at + name_length < length && prefix[at + name_length] != ' '))
    {
      append_safe (out, prefix, length);
      return;
    }

  append_safe (out, prefix, at);
  g_string_append_printf (out, "\033[%sm", sgr);
  append_safe (out, prefix + at, name_length);
  g_string_append (out, SGR_RESET);
  append_safe (out, prefix + at + name_length, length - at - name_length);
}

/* The message with its colour runs. Spans are byte ranges on character
 * boundaries; one that overlaps the one before it, or runs past the end,
 * is clipped. */
static void
append_message (GString    *out,
                IscLogLine *line)
{
  const char *message = isc_log_line_get_message (line);
  gsize length = strlen (message);
  const IscLogSpan *spans;
  guint n_spans = 0;
  gsize at = 0;

  spans = isc_log_line_get_spans (line, &n_spans);
  for (guint i = 0; i < n_spans; i++)
    {
      gsize start = MAX ((gsize) spans[i].start, at);
      gsize end = MIN ((gsize) spans[i].end, length);

      if (start >= end)
        continue;

      append_safe (out, message + at, start - at);
      append_span_start (out, &spans[i]);
      append_safe (out, message + start, end - start);
      g_string_append (out, SGR_RESET);
      at = end;
    }

  append_safe (out, message + at, length - at);
}

/* Where the message begins in @text, isc_log_line_to_text () of @line:
 * "TIME LEVEL [replica] req=ID message", with "-" for no level and the
 * bracketed replica and req= only when the line has them, and after the
 * message a note of what was cut. NULL if the text is not laid out so. */
static const char *
find_message (IscLogLine *line,
              const char *text)
{
  const char *message = isc_log_line_get_message (line);
  const char *level = isc_log_level_to_api (isc_log_line_get_level (line));
  const char *replica = isc_log_line_get_replica (line);
  const char *request_id = isc_log_line_get_request_id (line);
  const char *space = strchr (text, ' ');
  gsize text_length = strlen (text);
  gsize message_length = strlen (message);
  gsize at;

  if (space == NULL)
    return NULL;

  at = (gsize) (space - text) + 1 + strlen (level != NULL ? level : "-");
  if (replica != NULL)
    at += strlen (" [") + strlen (replica) + strlen ("]");
  if (request_id != NULL)
    at += strlen (" req=") + strlen (request_id);
  at += 1;

  if (at + message_length > text_length || memcmp (text + at, message, message_length) != 0)
    return NULL;

  return text + at;
}

void
_isc_logs_append_text (GString    *out,
                       IscLogLine *line,
                       gboolean    color)
{
  g_autofree char *text = isc_log_line_to_text (line);
  gsize text_length = strlen (text);
  gsize message_length = strlen (isc_log_line_get_message (line));
  const char *found = color ? find_message (line, text) : NULL;

  /* Without colour, or should the text ever be laid out otherwise: the
   * text as it is, made safe. */
  if (found == NULL)
    {
      append_safe (out, text, text_length);
      if (color)
        g_string_append (out, SGR_RESET);
      g_string_append_c (out, '\n');
      return;
    }

  append_prefix (out, text, (gsize) (found - text), isc_log_line_get_level (line));
  append_message (out, line);
  append_safe (out, found + message_length, text_length - (gsize) (found - text) - message_length);
  /* Whatever a span or the level left set ends with the line; once. */
  if (!g_str_has_suffix (out->str, SGR_RESET))
    g_string_append (out, SGR_RESET);
  g_string_append_c (out, '\n');
}

void
_isc_logs_append_json (GString    *out,
                       IscLogLine *line)
{
  g_autofree char *json = isc_log_line_to_json (line);
  const char *p = json;

  g_return_if_fail (g_utf8_validate (json, -1, NULL));

  /* Outside its strings, JSON text has no such character; inside one,
   * the escape stands for the same character. */
  while (*p != '\0')
    {
      gunichar c = g_utf8_get_char (p);
      const char *next = g_utf8_next_char (p);

      if (isc_text_is_unsafe_char (c))
        g_string_append_printf (out, "\\u%04X", c);
      else
        g_string_append_len (out, p, next - p);
      p = next;
    }
  g_string_append_c (out, '\n');
}

gboolean
_isc_logs_write_all (int          fd,
                     const char  *data,
                     gsize        length,
                     GError     **error)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0)
        {
          int saved_errno = errno;

          if (saved_errno == EINTR)
            continue;
          if (saved_errno == EAGAIN)
            {
              GPollFD pfd = { fd, G_IO_OUT | G_IO_ERR | G_IO_HUP, 0 };

              g_poll (&pfd, 1, -1);
              continue;
            }

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       _("Could not write to standard output: %s"), g_strerror (saved_errno));
          return FALSE;
        }

      data += n;
      length -= (gsize) n;
    }

  return TRUE;
}
