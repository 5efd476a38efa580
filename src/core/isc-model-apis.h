/* isc-model-apis.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-money.h"

G_BEGIN_DECLS

/* Baseten's serverless Model APIs (baseten-api-reference.md §4): the list
 * (GET /v1/model_apis, cursor-paged) and the token usage in contiguous
 * time buckets (GET /v1/model_apis/usage, cursor-paged).
 *
 * Decoders validate and bound like the metrics decoder; a failure is an
 * ISC_MODEL_APIS_ERROR naming the JSON path, then what is wrong
 * ("items[2].results[0].output_tokens: expected an integer, got a
 * string"). Text is made safe (isc-text.h). Unknown members are ignored.
 */

#define ISC_MODEL_APIS_ERROR (isc_model_apis_error_quark ())

typedef enum
{
  ISC_MODEL_APIS_ERROR_SYNTAX,    /* not JSON */
  ISC_MODEL_APIS_ERROR_INVALID,   /* JSON, but not the document expected */
  ISC_MODEL_APIS_ERROR_TOO_MANY,  /* beyond the bounds below, or over 16 MiB */
  ISC_MODEL_APIS_ERROR_RANGE,     /* a usage query the API would refuse */
} IscModelApisError;

GQuark isc_model_apis_error_quark (void);

#define ISC_MODEL_APIS_MAX_PAGE       1000   /* list: items a page */
#define ISC_MODEL_APIS_MAX_RESULTS    1000   /* usage: results a bucket */
#define ISC_MODEL_APIS_MAX_BUCKETS    (92 * 1440)
/* Usage is kept this long. */
#define ISC_MODEL_APIS_RETENTION_DAYS 92

/* The list */

typedef enum
{
  ISC_RATE_LIMIT_UNKNOWN,
  ISC_RATE_LIMIT_REQUEST,
  ISC_RATE_LIMIT_TOKEN,
} IscRateLimitType;

typedef struct
{
  IscRateLimitType type;
  gboolean         per_minute;    /* else per second */
  gint64           threshold;
} IscRateLimit;

typedef struct
{
  char         *name;              /* the slug, the public id */
  char         *display_name;
  char         *description;
  char         *model_family;      /* may be NULL */
  char         *release_date;      /* as sent, YYYY-MM-DD */
  char         *invoke_url;
  gint64        context_length;
  gboolean      has_input_price;   /* the prices are null when unknown */
  IscMoney      cost_per_million_input_tokens;
  gboolean      has_output_price;
  IscMoney      cost_per_million_output_tokens;
  guint         n_rate_limits;
  IscRateLimit *rate_limits;
  gboolean      added;             /* org_details is not null */
  gint64        added_at_ms;       /* -1 unless added */
  gint64        last_used_at_ms;   /* -1 when never used */
} IscModelApi;

#define ISC_TYPE_MODEL_API (isc_model_api_get_type ())

GType        isc_model_api_get_type   (void) G_GNUC_CONST;
IscModelApi *isc_model_api_ref        (IscModelApi *self);
void         isc_model_api_unref      (IscModelApi *self);

/* One page of ModelAPIsResponseV1: a GPtrArray of IscModelApi (owning),
 * and the next page's cursor (NULL when pagination.has_more is false). */
GPtrArray   *isc_model_apis_decode_page (const char  *data,
                                         gsize        length,
                                         char       **next_cursor,
                                         GError     **error);

/* What @input_tokens (cached included) and @output_tokens cost at @api's
 * prices per million tokens, exact to the micro-dollar; FALSE (and 0)
 * when either price is unknown. How Baseten bills cached input is not
 * documented: it is counted as input here, as the demo bills it. */
gboolean     isc_model_api_token_cost (const IscModelApi *api,
                                       gint64             input_tokens,
                                       gint64             output_tokens,
                                       IscMoney          *cost);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscModelApi, isc_model_api_unref)

/* Usage */

typedef enum
{
  ISC_USAGE_WIDTH_MINUTE,   /* "1m", at most 1440 buckets a page */
  ISC_USAGE_WIDTH_HOUR,     /* "1h", at most 168 */
  ISC_USAGE_WIDTH_DAY,      /* "1d", at most 31 */
} IscUsageWidth;

typedef enum
{
  ISC_USAGE_GROUP_MODEL   = 1 << 0,
  ISC_USAGE_GROUP_API_KEY = 1 << 1,
} IscUsageGroup;

/* What a bucket counts, per group. */
typedef enum
{
  ISC_USAGE_FIELD_UNCACHED_INPUT,
  ISC_USAGE_FIELD_CACHED_INPUT,
  ISC_USAGE_FIELD_INPUT,          /* cached plus uncached */
  ISC_USAGE_FIELD_OUTPUT,
  ISC_USAGE_FIELD_REQUESTS,
} IscUsageField;

#define ISC_USAGE_N_FIELDS 5

const char    *isc_usage_width_to_api      (IscUsageWidth width);
gint64         isc_usage_width_ms          (IscUsageWidth width);
/* The most buckets one page may ask (the API's `limit` maximum). */
guint          isc_usage_width_max_limit   (IscUsageWidth width);
/* 1 m up to a day, 1 h up to a week, 1 d beyond. */
IscUsageWidth  isc_usage_width_for_range   (gint64        start_ms,
                                            gint64        end_ms);

/* A question to GET /v1/model_apis/usage: a plain value. */
typedef struct
{
  gint64         start_ms;        /* inclusive; snapped down to its bucket */
  gint64         end_ms;          /* exclusive */
  IscUsageWidth  width;
  IscUsageGroup  group_by;        /* 0 means the API's default, model */
  char          *model;           /* one model, or NULL for all */
} IscUsageQuery;

/* @model may be NULL; width from the range. */
IscUsageQuery *isc_usage_query_new        (gint64               start_ms,
                                           gint64               end_ms,
                                           IscUsageGroup        group_by,
                                           const char          *model);
IscUsageQuery *isc_usage_query_copy       (const IscUsageQuery *query);
void           isc_usage_query_free       (IscUsageQuery       *query);
/* ISC_MODEL_APIS_ERROR_RANGE in words when the API would refuse it: an
 * empty range, a start more than 92 days before @now_ms, an end in the
 * future beyond a bucket. */
gboolean       isc_usage_query_validate   (const IscUsageQuery *query,
                                           gint64               now_ms,
                                           GError             **error);
/* The buckets the whole range holds at its width. */
guint          isc_usage_query_n_buckets  (const IscUsageQuery *query);
/* Query string of one page. With a cursor: the cursor and the same
 * width, group_by, models and limit (start_time is ignored by the API
 * then, and left out). `limit` counts buckets: the range's, at most the
 * width's maximum. */
char          *isc_usage_query_build_params (const IscUsageQuery *query,
                                             const char          *cursor);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscUsageQuery, isc_usage_query_free)

/* Buckets of usage, oldest first, contiguous, empty ones kept (a bucket
 * with no results counts zero in every group). Groups are the distinct
 * (model, API key prefix) pairs met, the largest total tokens first. */
typedef struct _IscModelApiUsage IscModelApiUsage;

#define ISC_TYPE_MODEL_API_USAGE (isc_model_api_usage_get_type ())

GType              isc_model_api_usage_get_type        (void) G_GNUC_CONST;
/* One page; @next_cursor as for the list. Buckets must be contiguous,
 * each @width long, increasing. */
IscModelApiUsage  *isc_model_api_usage_decode_page     (const char              *data,
                                                        gsize                    length,
                                                        IscUsageWidth            width,
                                                        char                   **next_cursor,
                                                        GError                 **error);
/* @a's buckets then @b's: @b must start where @a ends (else
 * ISC_MODEL_APIS_ERROR_INVALID); a new object. */
IscModelApiUsage  *isc_model_api_usage_concat          (const IscModelApiUsage  *a,
                                                        const IscModelApiUsage  *b,
                                                        GError                 **error);
IscModelApiUsage  *isc_model_api_usage_ref             (IscModelApiUsage        *self);
void               isc_model_api_usage_unref           (IscModelApiUsage        *self);

IscUsageWidth      isc_model_api_usage_get_width       (const IscModelApiUsage  *self);
guint              isc_model_api_usage_get_n_buckets   (const IscModelApiUsage  *self);
gint64             isc_model_api_usage_get_start_ms    (const IscModelApiUsage  *self,
                                                        guint                    bucket);
gint64             isc_model_api_usage_get_end_ms      (const IscModelApiUsage  *self,
                                                        guint                    bucket);
guint              isc_model_api_usage_get_n_groups    (const IscModelApiUsage  *self);
/* Each may be NULL when not grouped by it. */
const char        *isc_model_api_usage_get_group_model   (const IscModelApiUsage *self,
                                                          guint                   group);
const char        *isc_model_api_usage_get_group_api_key (const IscModelApiUsage *self,
                                                          guint                   group);
/* "model", "key-prefix", or "model · key-prefix"; "All" when ungrouped. */
const char        *isc_model_api_usage_get_group_label   (const IscModelApiUsage *self,
                                                          guint                   group);
/* 0 where the bucket has no result for the group. */
gint64             isc_model_api_usage_get_value       (const IscModelApiUsage  *self,
                                                        guint                    bucket,
                                                        guint                    group,
                                                        IscUsageField            field);
/* Over every bucket; @group G_MAXUINT for all groups. */
gint64             isc_model_api_usage_get_total       (const IscModelApiUsage  *self,
                                                        guint                    group,
                                                        IscUsageField            field);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscModelApiUsage, isc_model_api_usage_unref)

G_END_DECLS
