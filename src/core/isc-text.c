/* isc-text.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-text"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-text.h"

#define REPLACEMENT "\xef\xbf\xbd"  /* U+FFFD */
#define ELLIPSIS    "\xe2\x80\xa6"  /* U+2026 */
#define FSI         "\xe2\x81\xa8"  /* U+2068 FIRST STRONG ISOLATE */
#define PDI         "\xe2\x81\xa9"  /* U+2069 POP DIRECTIONAL ISOLATE */

gboolean
isc_text_is_unsafe_char (gunichar c)
{
  return c < 0x20 ||
         (c >= 0x7F && c <= 0x9F) ||
         c == 0x061C ||
         c == 0x200E || c == 0x200F ||
         (c >= 0x2028 && c <= 0x202E) ||
         (c >= 0x2066 && c <= 0x2069);
}

/* Printable ASCII only: nearly every name and label, copied as it is. */
static gboolean
is_plain_ascii (const char *text,
                gsize       length)
{
  for (gsize i = 0; i < length; i++)
    {
      guchar c = (guchar) text[i];

      if (c < 0x20 || c >= 0x7F)
        return FALSE;
    }

  return TRUE;
}

char *
isc_text_sanitize (const char *text,
                   gssize      length)
{
  GString *out;
  const char *p;
  const char *end;

  if (text == NULL)
    return g_strdup ("");

  if (length < 0)
    length = (gssize) strlen (text);

  if (is_plain_ascii (text, (gsize) length))
    return g_strndup (text, (gsize) length);

  out = g_string_sized_new ((gsize) length + 1);
  p = text;
  end = text + length;

  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* Not UTF-8: one byte at a time. */
          g_string_append (out, REPLACEMENT);
          p++;
          continue;
        }

      if (isc_text_is_unsafe_char (c))
        g_string_append (out, REPLACEMENT);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);

      p = g_utf8_next_char (p);
    }

  return g_string_free (out, FALSE);
}

char *
isc_text_cut_utf8 (const char *text,
                   gsize       max_bytes)
{
  gsize length;
  gsize cut;

  g_return_val_if_fail (text != NULL, NULL);

  max_bytes = MAX (max_bytes, strlen (ELLIPSIS) + 1);
  length = strlen (text);
  if (length <= max_bytes)
    return g_strndup (text, length);

  /* Room for the ellipsis, then back to the start of a character. */
  cut = max_bytes - strlen (ELLIPSIS);
  while (cut > 0 && ((guchar) text[cut] & 0xC0) == 0x80)
    cut--;

  {
    GString *out = g_string_sized_new (cut + strlen (ELLIPSIS) + 1);

    g_string_append_len (out, text, cut);
    g_string_append (out, ELLIPSIS);
    return g_string_free (out, FALSE);
  }
}

char *
isc_text_sanitize_cut (const char *text,
                       gssize      length,
                       gsize       max_bytes)
{
  g_autofree char *clean = NULL;

  if (text == NULL)
    return g_strdup ("");

  if (length < 0)
    length = (gssize) strlen (text);

  /* Sanitizing never shortens a text, so only what can show needs it: a
   * name of a megabyte costs what its cut does. A character split at
   * the end of that part lies past the cut. */
  clean = isc_text_sanitize (text, (gssize) MIN ((gsize) length, max_bytes + 8));

  return isc_text_cut_utf8 (clean, max_bytes);
}

/* How a character of a name is shown. */
typedef enum
{
  NAME_CHAR_SHOWN,     /* as it is, and it can be seen */
  NAME_CHAR_SPACE,     /* as it is, but it shows nothing: a space */
  NAME_CHAR_MARK,      /* a combining mark, as it is while few */
  NAME_CHAR_EMOJI,     /* a joiner or selector, as it is within an emoji */
  NAME_CHAR_PICTURE,   /* as its control picture, "␊" */
  NAME_CHAR_CODE,      /* as its code point, "<U+200B>" */
} NameChar;

static gboolean
is_noncharacter (gunichar c)
{
  return (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

static NameChar
classify_name_char (gunichar c)
{
  GUnicodeType type;

  if (c < 0x20 || c == 0x7F)
    return NAME_CHAR_PICTURE;

  switch (c)
    {
    /* Default-ignorable or blank, yet letters or marks to Unicode: the
     * combining grapheme joiner, the Hangul and Khmer fillers, the
     * Mongolian selectors, the blank Braille pattern. */
    case 0x034F: case 0x115F: case 0x1160: case 0x17B4: case 0x17B5:
    case 0x180B: case 0x180C: case 0x180D: case 0x180E: case 0x180F:
    case 0x2800: case 0x3164: case 0xFFA0:
      return NAME_CHAR_CODE;

    /* The zero-width joiner, the text and emoji presentation selectors,
     * the skin tones' neighbours: part of an emoji, or else unseen. */
    case 0x200D: case 0xFE0E: case 0xFE0F:
      return NAME_CHAR_EMOJI;

    default:
      break;
    }

  /* Variation selectors, tags: nothing to see. */
  if ((c >= 0xFE00 && c <= 0xFE0D) || (c >= 0xE0000 && c <= 0xE0FFF) ||
      is_noncharacter (c))
    return NAME_CHAR_CODE;

  type = g_unichar_type (c);
  switch (type)
    {
    case G_UNICODE_CONTROL:
    case G_UNICODE_FORMAT:
    case G_UNICODE_UNASSIGNED:
    case G_UNICODE_SURROGATE:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
      return NAME_CHAR_CODE;

    case G_UNICODE_SPACE_SEPARATOR:
      return NAME_CHAR_SPACE;

    case G_UNICODE_NON_SPACING_MARK:
    case G_UNICODE_ENCLOSING_MARK:
      return NAME_CHAR_MARK;

    case G_UNICODE_SPACING_MARK:
    case G_UNICODE_PRIVATE_USE:
    case G_UNICODE_LOWERCASE_LETTER:
    case G_UNICODE_MODIFIER_LETTER:
    case G_UNICODE_OTHER_LETTER:
    case G_UNICODE_TITLECASE_LETTER:
    case G_UNICODE_UPPERCASE_LETTER:
    case G_UNICODE_DECIMAL_NUMBER:
    case G_UNICODE_LETTER_NUMBER:
    case G_UNICODE_OTHER_NUMBER:
    case G_UNICODE_CONNECT_PUNCTUATION:
    case G_UNICODE_DASH_PUNCTUATION:
    case G_UNICODE_CLOSE_PUNCTUATION:
    case G_UNICODE_FINAL_PUNCTUATION:
    case G_UNICODE_INITIAL_PUNCTUATION:
    case G_UNICODE_OTHER_PUNCTUATION:
    case G_UNICODE_OPEN_PUNCTUATION:
    case G_UNICODE_CURRENCY_SYMBOL:
    case G_UNICODE_MODIFIER_SYMBOL:
    case G_UNICODE_MATH_SYMBOL:
    case G_UNICODE_OTHER_SYMBOL:
    default:
      return NAME_CHAR_SHOWN;
    }
}

/* @text made visible, without isolation; *out_seen says whether any of
 * it can be seen at all. */
static void
append_visible (GString    *out,
                const char *text,
                gboolean   *out_seen)
{
  const char *p = text;
  const char *end = text + strlen (text);
  gboolean seen = FALSE;
  gboolean in_emoji = FALSE;
  guint marks = 0;
  gboolean cut_marks = FALSE;
  guint n_chars = 0;

  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);
      gsize len;
      NameChar kind;

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* Not UTF-8: one byte at a time, as a character that shows. */
          c = 0xFFFD;
          len = 1;
          kind = NAME_CHAR_SHOWN;
        }
      else
        {
          len = (gsize) (g_utf8_next_char (p) - p);
          kind = classify_name_char (c);
        }

      if (n_chars++ == ISC_TEXT_MAX_NAME_CHARS)
        {
          g_string_append (out, ELLIPSIS);
          break;
        }

      if (kind == NAME_CHAR_EMOJI)
        kind = in_emoji ? NAME_CHAR_MARK : NAME_CHAR_CODE;

      if (kind == NAME_CHAR_MARK)
        {
          /* A few marks make a letter (Vietnamese stacks two, some
           * scripts more); hundreds paint over the rows around. */
          if (++marks > ISC_TEXT_MAX_MARKS)
            {
              if (!cut_marks)
                g_string_append (out, REPLACEMENT);
              cut_marks = TRUE;
            }
          else
            g_string_append_len (out, p, (gssize) len);
          p += len;
          continue;
        }

      marks = 0;
      cut_marks = FALSE;
      in_emoji = FALSE;

      switch (kind)
        {
        case NAME_CHAR_PICTURE:
          /* U+2400… for C0, U+2421 for DEL. */
          g_string_append_unichar (out, c == 0x7F ? 0x2421 : 0x2400 + c);
          break;

        case NAME_CHAR_CODE:
          g_string_append_printf (out, "<U+%04X>", c);
          break;

        case NAME_CHAR_SPACE:
          g_string_append_len (out, p, (gssize) len);
          break;

        case NAME_CHAR_SHOWN:
        case NAME_CHAR_MARK:
        case NAME_CHAR_EMOJI:
        default:
          if (c == 0xFFFD)
            g_string_append (out, REPLACEMENT);
          else
            g_string_append_len (out, p, (gssize) len);
          seen = TRUE;
          /* A symbol, or a skin tone: a joiner or a selector may
           * follow. */
          in_emoji = g_unichar_type (c) == G_UNICODE_OTHER_SYMBOL ||
                     (c >= 0x1F3FB && c <= 0x1F3FF);
          break;
        }

      p += len;
    }

  *out_seen = seen;
}

/* Printable ASCII that begins with a letter and ends with a letter or a
 * digit resolves left-to-right whatever surrounds it (its digits follow
 * a letter, its spaces and punctuation sit between letters and digits):
 * it cannot reorder, nor be reordered, and needs no isolates. */
static gboolean
is_plain_ascii_name (const char *name)
{
  gsize length = strlen (name);

  return length > 0 &&
         is_plain_ascii (name, length) &&
         g_ascii_isalpha (name[0]) &&
         g_ascii_isalnum (name[length - 1]);
}

char *
isc_text_display_name (const char *name,
                       const char *id)
{
  GString *out = g_string_new (FSI);
  gsize start = out->len;
  gboolean seen = FALSE;

  /* Nearly every name: as it is. */
  if (name != NULL && strlen (name) <= ISC_TEXT_MAX_NAME_CHARS && is_plain_ascii_name (name))
    {
      g_string_free (out, TRUE);
      return g_strdup (name);
    }

  if (name != NULL)
    append_visible (out, name, &seen);

  if (!seen)
    {
      g_string_truncate (out, start);
      if (id != NULL && id[0] != '\0')
        {
          g_autoptr(GString) shown_id = g_string_new (FSI);
          gboolean id_seen;

          append_visible (shown_id, id, &id_seen);
          g_string_append (shown_id, PDI);
          if (is_plain_ascii_name (id) && strlen (id) <= ISC_TEXT_MAX_NAME_CHARS)
            g_string_assign (shown_id, id);
          /* Translators: a model or deployment whose name is empty or
           * shows nothing, with its id: "Unnamed (q8w3e1r)" */
          g_string_append_printf (out, _("Unnamed (%s)"), shown_id->str);
        }
      else
        /* Translators: a model or deployment with neither name nor id */
        g_string_append (out, _("Unnamed"));
    }

  g_string_append (out, PDI);
  return g_string_free (out, FALSE);
}

gboolean
isc_text_contains_folded (const char *text,
                          const char *folded_needle)
{
  g_autofree char *folded = NULL;

  g_return_val_if_fail (folded_needle != NULL, FALSE);

  if (text == NULL)
    return FALSE;

  folded = g_utf8_casefold (text, -1);
  return strstr (folded, folded_needle) != NULL;
}
