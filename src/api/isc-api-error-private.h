/* isc-api-error-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-api-error.h"
#include "isc-logs-query.h"
#include "isc-query.h"

G_BEGIN_DECLS

/* The client's failures in words: what its request state machine met (an
 * HTTP status it gave up on, a GIO or libsoup error, a body it refused),
 * turned into ISC_API_ERROR messages. Every message that could hold server
 * text is scrubbed of the key.
 */

/* A response with a status that is not a success, after the retry policy
 * gave up on it, and what was asked. */
typedef struct
{
  guint           status;
  const char     *host;
  const char     *api_key;        /* NULL: none was sent */
  GBytes         *body;           /* what was read of the body, or NULL */
  guint           retries;        /* how often it was sent again */
  double          retry_after_s;  /* a 429's asked wait, when longer than the client waits; else 0 */
  const IscQuery *query;          /* metrics: what was asked; else NULL */
  const char     *model_id;       /* a model's deployments or environments; else NULL */
  const IscLogsQuery *logs_query; /* logs: what was asked; else NULL */
  const char     *feature;        /* a feature a key may be refused alone, in words; else NULL */
} IscApiFailure;

char   *_isc_api_error_scrub_key             (const char          *text,
                                              const char          *api_key);
char   *_isc_api_error_server_message        (GBytes              *body,
                                              const char          *api_key);

GError *_isc_api_error_from_status           (const IscApiFailure *failure);
/* timed_out: the client's own timer cancelled, not the caller. */
GError *_isc_api_error_from_io               (const GError        *error,
                                              const char          *host,
                                              gboolean             timed_out,
                                              gboolean             reading_body,
                                              const char          *api_key);

GError *_isc_api_error_new_cut_off           (void);
GError *_isc_api_error_new_malformed         (const char          *detail);
/* A metrics body that decodes, but answers another query than the one
 * sent; @detail says how. */
GError *_isc_api_error_new_wrong_answer      (const char          *detail);
GError *_isc_api_error_new_too_large         (gsize                max_body_size);
GError *_isc_api_error_new_invalid_request   (void);

G_END_DECLS
