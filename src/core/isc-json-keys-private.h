/* isc-json-keys-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The keys of one object, to refuse a repeated one in linear time. A key
 * is the offset of its first byte, which is never 0 (a quote precedes
 * it); its length is found again from the bytes when hashes match. Up to
 * ISC_JSON_SMALL_KEYS keys are compared one by one, then a table of at most three
 * quarters load takes them: some 11 to 21 bytes per key, of members of at
 * least 6 bytes.
 */
#define ISC_JSON_SMALL_KEYS 8

typedef struct
{
  guint32 offset;
  guint32 hash;
} IscJsonKeySlot;

typedef struct
{
  IscJsonKeySlot *slots;     /* capacity, a power of two; NULL while small */
  gsize    capacity;
  gsize    n_keys;
  IscJsonKeySlot small[ISC_JSON_SMALL_KEYS];
} IscJsonKeySet;

/* The value of four hex digits, which the scan checked. */
guint    _isc_json_hex4          (const char    *p);
/* The key at @offset of @length raw bytes of @data as json-glib reads it
 * into @out: escapes undone, and a \u0000 ending it. */
void     _isc_json_key_text      (const char    *data,
                                  gsize          offset,
                                  gsize          length,
                                  GString       *out);
void     _isc_json_key_set_clear (IscJsonKeySet *set);
/* Whether the keys at @a (of @a_length raw bytes) and @b read the same. */
gboolean _isc_json_keys_equal        (const char     *data,
                                      gsize           a,
                                      gsize           a_length,
                                      gsize           b);
guint32  _isc_json_key_hash_escaped  (const char     *data,
                                      guint32         seed,
                                      gsize           offset,
                                      gsize           length,
                                      GString        *scratch);
/* _isc_json_key_set_add() past ISC_JSON_SMALL_KEYS keys: a table. */
gboolean _isc_json_key_set_add_large (IscJsonKeySet  *set,
                                      const char     *data,
                                      IscJsonKeySlot  slot,
                                      gsize           length);

/* FNV-1a of @bytes from @seed, with a last mix. Inline, as the set's small
 * path below: the scan adds every key of every object. */
static inline guint32
_isc_json_hash_bytes (guint32     seed,
                      const char *bytes,
                      gsize       length)
{
  guint32 h = 2166136261u ^ seed;

  for (gsize i = 0; i < length; i++)
    {
      h ^= (guchar) bytes[i];
      h *= 16777619u;
    }

  /* A last mix, so that the seed reaches every bit. */
  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  return h;
}

/* Adds the key at @offset (@length raw bytes, @escaped when it holds a
 * backslash) of @data, hashed with @seed; FALSE if the set holds a key
 * that reads the same. @scratch is working space. */
static inline gboolean
_isc_json_key_set_add (IscJsonKeySet *set,
                       const char    *data,
                       guint32        seed,
                       gsize          offset,
                       gsize          length,
                       gboolean       escaped,
                       GString       *scratch)
{
  IscJsonKeySlot slot;

  slot.offset = (guint32) offset;
  slot.hash = escaped ? _isc_json_key_hash_escaped (data, seed, offset, length, scratch)
                      : _isc_json_hash_bytes (seed, data + offset, length);

  if (set->slots != NULL || set->n_keys >= ISC_JSON_SMALL_KEYS)
    return _isc_json_key_set_add_large (set, data, slot, length);

  for (gsize k = 0; k < set->n_keys; k++)
    if (set->small[k].hash == slot.hash &&
        _isc_json_keys_equal (data, slot.offset, length, set->small[k].offset))
      return FALSE;

  set->small[set->n_keys++] = slot;
  return TRUE;
}

G_END_DECLS
