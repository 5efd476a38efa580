/* isc-logs-query.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "isc-log-line.h"
#include "isc-query.h"

G_BEGIN_DECLS

/* What one request for logs asks (GET /v1/models/{m}/deployments/{d}/logs
 * or /v1/models/{m}/environments/{env}/logs), with every parameter the API
 * takes. A plain value: copied, compared, turned into a path and a query
 * string. Times are epoch ms as the API takes them; 0 means not sent (the
 * server's default: the last 30 minutes). An empty text, and an empty
 * include or exclude, is not sent either. */

#define ISC_LOGS_MAX_LIMIT     1000
#define ISC_LOGS_DEFAULT_LIMIT 500
#define ISC_LOGS_MAX_FILTERS   8      /* includes, excludes */
#define ISC_LOGS_MAX_TEXT      256    /* replica, request_id, search_pattern, component */

typedef enum
{
  ISC_LOGS_DIRECTION_NONE,  /* not sent */
  ISC_LOGS_DIRECTION_ASC,
  ISC_LOGS_DIRECTION_DESC,
} IscLogsDirection;

typedef struct
{
  char             *model_id;
  IscTargetKind     target_kind;
  char             *target;          /* deployment id or environment name */
  gint64            start_ms;        /* 0: not sent */
  gint64            end_ms;          /* 0: not sent */
  IscLogsDirection  direction;
  guint             limit;           /* 0: not sent */
  IscLogLevel       min_level;       /* NONE: not sent */
  char             *replica;         /* NULL or "": not sent */
  char             *request_id;
  char             *component;
  char             *search_pattern;
  char            **includes;        /* NULL-terminated, may be NULL */
  char            **excludes;
} IscLogsQuery;

#define ISC_TYPE_LOGS_QUERY (isc_logs_query_get_type ())

GType         isc_logs_query_get_type     (void) G_GNUC_CONST;
IscLogsQuery *isc_logs_query_new          (const char          *model_id,
                                           IscTargetKind        target_kind,
                                           const char          *target);
IscLogsQuery *isc_logs_query_copy         (const IscLogsQuery  *query);
void          isc_logs_query_free         (IscLogsQuery        *query);
gboolean      isc_logs_query_equal        (const IscLogsQuery  *a,
                                           const IscLogsQuery  *b);
/* What the API would refuse (ISC_QUERY_ERROR…): an empty target, start not
 * before end, a window over 7 days, a limit over 1000, more than 8
 * includes or excludes, a text over 256 characters. A window with a start
 * and no end ends now. */
gboolean      isc_logs_query_validate     (const IscLogsQuery  *query,
                                           GError             **error);
/* "/v1/models/{m}/deployments/{d}/logs", segments escaped. */
char         *isc_logs_query_build_path   (const IscLogsQuery  *query);
/* The query string without "?", each value escaped, in the API's spelling:
 * start_epoch_millis, end_epoch_millis, direction=asc|desc, limit,
 * min_level=WARNING, replica, request_id, component, search_pattern,
 * includes=…&includes=…, excludes=…. */
char         *isc_logs_query_build_params (const IscLogsQuery  *query);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscLogsQuery, isc_logs_query_free)

G_END_DECLS
