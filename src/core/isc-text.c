/* isc-text.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-text"

#include "config.h"

#include <string.h>

#include "isc-text.h"

#define REPLACEMENT "\xef\xbf\xbd"  /* U+FFFD */
#define ELLIPSIS    "\xe2\x80\xa6"  /* U+2026 */

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
