/* isc-json-scanner-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-json-keys-private.h"
#include "isc-metrics-response-private.h"

G_BEGIN_DECLS

/* The state of one scan (isc-json-scanner.c): a pushdown of the levels
 * open, each with what it expects next, its place in the schema and the
 * keys it has held. */

typedef enum
{
  EXPECT_VALUE_OR_CLOSE,  /* just after '[' */
  EXPECT_VALUE,           /* after ',' in an array, or ':' in an object */
  EXPECT_COMMA_OR_CLOSE,  /* after a member or an element */
  EXPECT_KEY_OR_CLOSE,    /* just after '{' */
  EXPECT_KEY,             /* after ',' in an object */
  EXPECT_COLON,           /* after a key */
} ScanState;

/* What json-glib's tree makes of a level, for the decoder's schema. */
typedef enum
{
  ROLE_NONE,         /* not in the tree, or inside a part left out of it */
  ROLE_ROOT,
  ROLE_DESCRIPTORS,  /* metric_descriptors */
  ROLE_DESCRIPTOR,   /* one of them */
  ROLE_LABEL_SETS,   /* its label_sets */
  ROLE_LABEL_SET,    /* one of those */
} ScanRole;

typedef struct
{
  ScanState   state;
  ScanRole    role;
  gboolean    is_array;
  guint       index;          /* arrays: the current element */
  gsize       key_offset;     /* objects: the current member's key, raw */
  gsize       key_length;
  gboolean    key_escaped;    /* the key holds a backslash */
  gboolean    has_key;
  gsize       open_offset;    /* its '[' or '{' */
  const char *replacement;    /* "[]" or "{}" in the tree instead, or NULL */
  gsize       comma_offset;   /* objects: the ',' before the current member */
  gboolean    after_comma;
  gsize       member_start;   /* where the current member starts, its ',' included */
  gboolean    member_left_out;
  guint       n_kept;         /* members the tree holds */
  IscJsonKeySet keys;
} ScanLevel;

typedef struct
{
  const char *data;
  gsize       length;
  ScanLevel   levels[ISC_METRICS_RESPONSE_MAX_DEPTH];
  guint       depth;
  IscScanInfo info;
  gboolean    values_pending;  /* the next root value is metric_values */
  gboolean    in_values;       /* inside it */
  guint32     seed;            /* of the key hashes */
  guint       n_metrics;
  guint       n_series;
  guint       n_labels;
  gint64      deadline_us;     /* monotonic, or 0 */
} Scan;

G_END_DECLS
