/* isc-json-doc-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "isc-money.h"

G_BEGIN_DECLS

/* Reading small documents (billing, prices, Model APIs) against their
 * schema, for the decoders of isc-billing.c and isc-model-apis.c: the
 * strict syntax scan of the metrics decoder first (RFC 8259, bounded
 * depth, repeated keys refused), then json-glib's tree, read member by
 * member. Every failure names the JSON path, then what is wrong:
 * "items[2].start_time: required field is missing".
 */

typedef struct
{
  GQuark domain;
  int    syntax_code;
  int    invalid_code;
  int    too_large_code;
} IscJsonDoc;

/* json-glib's tree costs tens of bytes of heap per byte of document: a
 * larger document is refused before it is built. A workspace of a
 * thousand deployments bills 31 days in about 6 MiB. */
#define ISC_JSON_DOC_MAX_BYTES ((gsize) 16 * 1024 * 1024)

typedef enum
{
  ISC_DOC_REQUIRED = 1 << 0,   /* absent is an error */
  ISC_DOC_NULLABLE = 1 << 1,   /* null is allowed, read as absent */
} IscDocFlags;

/* The root object, or NULL with @error. */
JsonObject *_isc_json_doc_parse      (const IscJsonDoc *doc,
                                      const char       *data,
                                      gsize             length,
                                      JsonParser      **parser,
                                      GError          **error);
/* What @node is, for a message: "an object", "a string", "null"… */
const char *_isc_json_describe_node  (JsonNode         *node);
/* "parent.member", "member" for the root, "parent[i]" for @index ≥ 0. */
char       *_isc_json_doc_path       (const char       *parent,
                                      const char       *member,
                                      int               index);
void        _isc_json_doc_fail       (const IscJsonDoc *doc,
                                      GError          **error,
                                      const char       *parent,
                                      const char       *member,
                                      const char       *format,
                                      ...) G_GNUC_PRINTF (5, 6);

/* Each: FALSE with @error on a failure; TRUE and *present FALSE (where
 * asked) when absent or null and allowed. */
gboolean    _isc_json_doc_object     (const IscJsonDoc *doc,
                                      JsonObject       *object,
                                      const char       *parent,
                                      const char       *member,
                                      IscDocFlags       flags,
                                      JsonObject      **out,
                                      GError          **error);
gboolean    _isc_json_doc_array      (const IscJsonDoc *doc,
                                      JsonObject       *object,
                                      const char       *parent,
                                      const char       *member,
                                      IscDocFlags       flags,
                                      JsonArray       **out,
                                      GError          **error);
/* The element of an array that must be an object. */
JsonObject *_isc_json_doc_element    (const IscJsonDoc *doc,
                                      JsonArray        *array,
                                      guint             index,
                                      const char       *path,
                                      GError          **error);
/* Made safe (isc_text_sanitize_cut) and cut to @max_bytes; NULL when
 * absent. */
gboolean    _isc_json_doc_string     (const IscJsonDoc *doc,
                                      JsonObject       *object,
                                      const char       *parent,
                                      const char       *member,
                                      IscDocFlags       flags,
                                      gsize             max_bytes,
                                      char            **out,
                                      GError          **error);
/* A whole number within [min, max] (a double holding a whole number is
 * accepted); *out unchanged when absent. */
gboolean    _isc_json_doc_int        (const IscJsonDoc *doc,
                                      JsonObject       *object,
                                      const char       *parent,
                                      const char       *member,
                                      IscDocFlags       flags,
                                      gint64            min,
                                      gint64            max,
                                      gint64           *out,
                                      gboolean         *present,
                                      GError          **error);
gboolean    _isc_json_doc_bool       (const IscJsonDoc *doc,
                                      JsonObject       *object,
                                      const char       *parent,
                                      const char       *member,
                                      IscDocFlags       flags,
                                      gboolean         *out,
                                      GError          **error);
/* A number or a decimal string (isc-money.h). */
gboolean    _isc_json_doc_money      (const IscJsonDoc *doc,
                                      JsonObject       *object,
                                      const char       *parent,
                                      const char       *member,
                                      IscDocFlags       flags,
                                      IscMoney         *out,
                                      gboolean         *present,
                                      GError          **error);
/* An ISO 8601 date-time with a zone ("2026-08-01T00:00:00Z"), to epoch
 * ms; *out unchanged when absent. */
gboolean    _isc_json_doc_date_time  (const IscJsonDoc *doc,
                                      JsonObject       *object,
                                      const char       *parent,
                                      const char       *member,
                                      IscDocFlags       flags,
                                      gint64           *out,
                                      gboolean         *present,
                                      GError          **error);

/* "2026-08-01T00:00:00Z" → epoch ms; FALSE if not such a date-time. */
gboolean    _isc_json_doc_parse_date_time (const char  *text,
                                           gint64      *ms);

G_END_DECLS
