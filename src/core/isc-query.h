/* isc-query.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "isc-time-range.h"
#include "isc-types.h"

G_BEGIN_DECLS

/* What one view asks Baseten for: a target (a model's deployment or a
 * model's environment), a mode, a time range and metric names. A plain
 * value that can be compared, copied, hashed and saved.
 */

#define ISC_QUERY_ERROR (isc_query_error_quark ())

typedef enum
{
  ISC_QUERY_ERROR_INVALID_TARGET,   /* empty model, deployment or environment */
  ISC_QUERY_ERROR_INVALID_METRIC,   /* an empty metric name */
  ISC_QUERY_ERROR_RANGE_ORDER,      /* start not before end */
  ISC_QUERY_ERROR_RANGE_TOO_LONG,   /* more than 7 days */
  ISC_QUERY_ERROR_RANGE_IN_CURRENT, /* CURRENT is a snapshot at now */
  ISC_QUERY_ERROR_INVALID_LIMIT,    /* logs: a limit over 1000 */
  ISC_QUERY_ERROR_INVALID_FILTER,   /* logs: too many includes, a text too long */
} IscQueryError;

GQuark isc_query_error_quark (void);

typedef enum
{
  ISC_TARGET_DEPLOYMENT,
  ISC_TARGET_ENVIRONMENT,
} IscTargetKind;

typedef struct
{
  char          *model_id;
  IscTargetKind  target_kind;
  char          *target;     /* the deployment id, or the environment name */
  IscMode        mode;
  IscTimeRange  *range;      /* NULL: none (CURRENT) or the server's default hour */
  char         **metrics;    /* NULL or empty: the server's default set */
} IscQuery;

#define ISC_TYPE_QUERY (isc_query_get_type ())

GType     isc_query_get_type     (void) G_GNUC_CONST;
/* range and metrics are copied; both may be NULL. */
IscQuery *isc_query_new          (const char          *model_id,
                                  IscTargetKind        target_kind,
                                  const char          *target,
                                  IscMode              mode,
                                  const IscTimeRange  *range,
                                  const char * const  *metrics);
IscQuery *isc_query_copy         (const IscQuery      *query);
void      isc_query_free         (IscQuery            *query);
gboolean  isc_query_equal        (const IscQuery      *a,
                                  const IscQuery      *b);
guint     isc_query_hash         (const IscQuery      *query);

/* Checks what the API would refuse, so nothing is sent that cannot succeed:
 * start before end, at most 7 days, no range in CURRENT, non-empty ids and
 * names. A relative range is resolved against now_ms. */
gboolean  isc_query_validate     (const IscQuery      *query,
                                  gint64               now_ms,
                                  GError             **error);

/* "/v1/models/{model}/deployments/{id}/metrics" or
 * "/v1/models/{model}/environments/{name}/metrics", segments escaped. */
char     *isc_query_build_path   (const IscQuery      *query);
/* The query string without "?": "mode=SERIES&start_epoch_millis=…&
 * end_epoch_millis=…&metrics=a&metrics=b"; no start or end in CURRENT or
 * without a range. A relative range is resolved against now_ms. */
char     *isc_query_build_params (const IscQuery      *query,
                                  gint64               now_ms);
/* A stable text naming the query (a relative range stays unresolved), for
 * cache keys and saved state. */
char     *isc_query_to_key       (const IscQuery      *query);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscQuery, isc_query_free)

G_END_DECLS
