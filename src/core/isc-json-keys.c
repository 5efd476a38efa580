/* isc-json-keys.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* JSON keys as json-glib reads them, for the scan (isc-json-scanner.c) and
 * the value-set reader: compared with a name, unescaped, and gathered in
 * the set of one object's keys that refuses a repeated one in linear time.
 */

#define G_LOG_DOMAIN "isc-core"

#include "config.h"

#include <string.h>

#include "isc-json-keys-private.h"
#include "isc-metrics-response-private.h"

guint
_isc_json_hex4 (const char *p)
{
  guint v = 0;

  for (guint i = 0; i < 4; i++)
    v = (v << 4) | (guint) g_ascii_xdigit_value (p[i]);

  return v;
}

/* _isc_json_key_is() for a key with escapes, unescaped as json-glib
 * unescapes them. json-glib keeps keys as C strings, so a \u0000 ends
 * the key there: "a\u0000b" is the key "a".
 */
gboolean
_isc_json_escaped_key_is (const char *key,
                          gsize       length,
                          const char *name)
{
  gsize i = 0;

  for (; i < length; name++)
    {
      char c = key[i];

      if (c != '\\')
        i++;
      else
        {
          char e = key[i + 1];

          i += 2;
          switch (e)
            {
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;

            case 'u':
              {
                guint code = _isc_json_hex4 (key + i);

                i += 4;
                if (code == 0)
                  return *name == '\0';
                /* Beyond ASCII (a surrogate pair too): not a name's. */
                if (code >= 0x80)
                  return FALSE;
                c = (char) code;
              }
              break;

            default:  /* '"', '\\' or '/' */
              c = e;
              break;
            }
        }

      if (*name != c)
        return FALSE;
    }

  return *name == '\0';
}

/* The key at @offset of @length raw bytes as json-glib reads it: escapes
 * undone, and a \u0000 ending it (json-glib keeps keys as C strings).
 */
void
_isc_json_key_text (const char *data,
          gsize       offset,
          gsize       length,
          GString    *out)
{
  const char *key = data + offset;
  gsize i = 0;

  g_string_truncate (out, 0);

  while (i < length)
    {
      char c = key[i];
      gunichar code;

      if (c != '\\')
        {
          g_string_append_c (out, c);
          i++;
          continue;
        }

      c = key[i + 1];
      i += 2;
      switch (c)
        {
        case 'b': g_string_append_c (out, '\b'); continue;
        case 'f': g_string_append_c (out, '\f'); continue;
        case 'n': g_string_append_c (out, '\n'); continue;
        case 'r': g_string_append_c (out, '\r'); continue;
        case 't': g_string_append_c (out, '\t'); continue;
        case 'u': break;
        default: g_string_append_c (out, c); continue;
        }

      code = _isc_json_hex4 (key + i);
      i += 4;
      if (code >= 0xD800 && code <= 0xDBFF)
        {
          /* The scan checked that a low surrogate follows. */
          code = 0x10000 + ((code - 0xD800) << 10) + (_isc_json_hex4 (key + i + 2) - 0xDC00);
          i += 6;
        }
      if (code == 0)
        return;
      g_string_append_unichar (out, code);
    }
}

/* The raw length of the key whose first byte is at @offset. */
static gsize
key_length_at (const char *data,
               gsize       offset)
{
  gsize i = offset;

  while (data[i] != '"')
    i += data[i] == '\\' ? 2 : 1;

  return i - offset;
}

guint32
_isc_json_key_hash_escaped (const char *data,
                            guint32     seed,
                            gsize       offset,
                            gsize       length,
                            GString    *scratch)
{
  _isc_json_key_text (data, offset, length, scratch);
  return _isc_json_hash_bytes (seed, scratch->str, scratch->len);
}

/* Whether the keys at @a (of @a_length raw bytes) and @b read the same. */
gboolean
_isc_json_keys_equal (const char *data,
                      gsize       a,
                      gsize       a_length,
                      gsize       b)
{
  gsize b_length = key_length_at (data, b);
  g_autoptr(GString) a_text = NULL;
  g_autoptr(GString) b_text = NULL;

  if (memchr (data + a, '\\', a_length) == NULL &&
      memchr (data + b, '\\', b_length) == NULL)
    return a_length == b_length && memcmp (data + a, data + b, a_length) == 0;

  a_text = g_string_new (NULL);
  b_text = g_string_new (NULL);
  _isc_json_key_text (data, a, a_length, a_text);
  _isc_json_key_text (data, b, b_length, b_text);
  return g_string_equal (a_text, b_text);
}

void
_isc_json_key_set_clear (IscJsonKeySet *set)
{
  g_clear_pointer (&set->slots, g_free);
  set->capacity = 0;
  set->n_keys = 0;
}

/* Puts @slot into the table, which has room; FALSE if it holds that key. */
static gboolean
key_table_insert (const char     *data,
                  IscJsonKeySet  *set,
                  IscJsonKeySlot  slot,
                  gsize           length)
{
  gsize mask = set->capacity - 1;

  for (gsize i = slot.hash & mask;; i = (i + 1) & mask)
    {
      IscJsonKeySlot *at = &set->slots[i];

      if (at->offset == 0)
        {
          *at = slot;
          return TRUE;
        }

      if (length != G_MAXSIZE && at->hash == slot.hash &&
          _isc_json_keys_equal (data, slot.offset, length, at->offset))
        return FALSE;
    }
}

static void
key_table_grow (const char    *data,
                IscJsonKeySet *set)
{
  IscJsonKeySlot *old = set->slots;
  gsize old_capacity = set->capacity;

  set->capacity = old != NULL ? 2 * old_capacity : 4 * ISC_JSON_SMALL_KEYS;
  set->slots = g_new0 (IscJsonKeySlot, set->capacity);

  /* Keys already in are distinct: no comparing (G_MAXSIZE). */
  if (old == NULL)
    for (gsize k = 0; k < set->n_keys; k++)
      key_table_insert (data, set, set->small[k], G_MAXSIZE);
  else
    for (gsize k = 0; k < old_capacity; k++)
      if (old[k].offset != 0)
        key_table_insert (data, set, old[k], G_MAXSIZE);

  g_free (old);
}

gboolean
_isc_json_key_set_add_large (IscJsonKeySet  *set,
                             const char     *data,
                             IscJsonKeySlot  slot,
                             gsize           length)
{
  if (set->slots == NULL || 4 * (set->n_keys + 1) > 3 * set->capacity)
    key_table_grow (data, set);

  if (!key_table_insert (data, set, slot, length))
    return FALSE;

  set->n_keys++;
  return TRUE;
}
