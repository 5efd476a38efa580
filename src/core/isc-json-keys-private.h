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
/* Adds the key at @offset (@length raw bytes, @escaped when it holds a
 * backslash) of @data, hashed with @seed; FALSE if the set holds a key
 * that reads the same. @scratch is working space. */
gboolean _isc_json_key_set_add   (IscJsonKeySet *set,
                                  const char    *data,
                                  guint32        seed,
                                  gsize          offset,
                                  gsize          length,
                                  gboolean       escaped,
                                  GString       *scratch);

G_END_DECLS
