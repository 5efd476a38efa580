/* isc-demo-server-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-demo-fleet-private.h"
#include "isc-demo-server.h"

G_BEGIN_DECLS

/* IscDemoServer is written in four files that share this header:
 * isc-demo-server.c (the object, listening, its thread, routing),
 * isc-demo-server-faults.c (the faults a request asks for),
 * isc-demo-server-reply.c (sending a reply: delayed, dripping or cut off),
 * isc-demo-server-metrics.c (the metrics endpoint) and
 * isc-demo-server-logs.c (the logs endpoints).
 */

struct _IscDemoServer
{
  GObject       parent_instance;

  /* Owned references */
  SoupServer   *server;
  GMainContext *context;      /* where the server's sources run */
  char         *api_key;
  char         *base_url;

  guint64       seed;
  guint         port;

  /* The large fleet and the latency (set before listening) */
  guint              fleet_size;
  IscDemoExtraFleet *extra;
  guint              latency_ms;

  /* Shared with the server thread */
  GMutex        lock;
  gint64        fixed_now_ms;
  GHashTable   *fault_counts; /* "429=N" → requests seen */
  guint         retry_after_s; /* what a 429 says, 1 by default */
  GList        *replies;      /* pending delayed or dripping replies */
  guint         in_flight;    /* requests started and not yet logged */
  guint         peak_in_flight;
  guint         metrics_rate_limit;  /* 429 for the first N metrics requests */
  guint         metrics_seen;
  guint         log_rate;     /* "log-rate": multiplies the 2xx lines logged */
  /* isc-demo-server-modes.c */
  char        **unknown_metrics;     /* NULL: every catalogue name is known */
  gboolean      users_me_missing;    /* /v1/users/me answers 404 */
  /* isc-demo-server-billing.c */
  gboolean      billing_forbidden;   /* 403 on billing and Model API usage */
  GHashTable   *billing_days;        /* "dep@day@today" → a past day's usage */

  /* run_in_thread () */
  GThread      *thread;
  GMainLoop    *loop;
  GCond         started_cond;
  gboolean      started;
  GError       *thread_error;
};

/* The faults one request asks for, from the header and the path. */
typedef struct
{
  guint    delay_ms;
  guint    drip_ms;
  guint    rate_limit;    /* 429 for the first N requests */
  guint    status;        /* 500, 502 or 503 */
  gboolean truncate;
  gboolean invalid_json;
  gboolean wrong_shape;
  gboolean drop;
  gboolean dense;
  gboolean other_mode;    /* metrics in another mode than asked */
  gboolean hostile_logs;  /* logs with hostile lines among them */
  guint    log_rate;      /* logs: the server's log rate for this request */
} IscDemoFault;

/* isc-demo-server.c */

/* The fixed clock, or the real one. */
gint64   _isc_demo_server_now_ms             (IscDemoServer             *self);
/* isc_demo_server_set_retry_after()'s seconds. */
guint    _isc_demo_server_get_retry_after    (IscDemoServer             *self);
/* Emits ::request-logged once per request; later calls do nothing. */
void     _isc_demo_server_log_request        (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              guint                      status,
                                              guint64                    bytes);

/* isc-demo-server-faults.c */

/* Reads the faults @msg asks for from its header and from a reserved
 * deployment id among the @n path segments @seg. A fault that does not
 * parse is answered (400, or 404 for the id) and FALSE returned.
 */
gboolean _isc_demo_server_read_fault         (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              char                     **seg,
                                              guint                      n,
                                              IscDemoFault              *fault);
/* Answers @msg as @fault asks where it replaces the answer (a dropped
 * connection, a 429, a 5xx, a broken body) and returns TRUE; FALSE when
 * the request goes on. Delay, drip and truncate act in the reply, dense
 * in the metrics endpoint.
 */
gboolean _isc_demo_server_reply_fault        (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              const IscDemoFault        *fault);

/* isc-demo-server-reply.c */

GBytes  *_isc_demo_server_json_to_bytes      (JsonNode                  *node);
/* Sends @body (taken) with @status, now or as @fault delays, drips or
 * cuts it; @retry_after > 0 adds a Retry-After header.
 */
void     _isc_demo_server_reply              (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              const IscDemoFault        *fault,
                                              guint                      status,
                                              const char                *content_type,
                                              GBytes                    *body,
                                              guint                      retry_after);
/* {"code": @code, "message": @message} */
void     _isc_demo_server_reply_error        (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              const IscDemoFault        *fault,
                                              guint                      status,
                                              const char                *code,
                                              const char                *message);
/* 400 {"code": "VALIDATION_ERROR", "message": @message}: a parameter
 * Baseten refuses. */
void     _isc_demo_server_reply_invalid      (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              const IscDemoFault        *fault,
                                              const char                *message);
/* 200 with @node. */
void     _isc_demo_server_reply_json         (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              const IscDemoFault        *fault,
                                              JsonNode                  *node);
/* One name of a query string: a single value (the last one given) or,
 * for a name that repeats as Baseten's do (`metrics`, `includes`), every
 * value in order. */
typedef struct
{
  const char  *name;
  char       **value;
  GPtrArray   *values;
} IscDemoQueryField;

/* Reads a raw query string (form-encoded, "+" a space) into @fields; other
 * names are ignored. Returns the first single-valued name given more than
 * once, or NULL. */
char    *_isc_demo_server_parse_query        (const char                *query,
                                              const IscDemoQueryField   *fields,
                                              guint                      n_fields);
/* 404 "No @what “@id”", or "No endpoint at @id" when @what is NULL. */
void     _isc_demo_server_reply_not_found    (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              const IscDemoFault        *fault,
                                              const char                *what,
                                              const char                *id);
/* Drops every pending reply, as the server stops. */
void     _isc_demo_server_cancel_replies     (IscDemoServer             *self);

/* isc-demo-server-modes.c */

/* Whether the "unknown-metrics" mode refuses @name. */
gboolean _isc_demo_server_metric_unknown     (IscDemoServer             *self,
                                              const char                *name);
gboolean _isc_demo_server_users_me_missing   (IscDemoServer             *self);

/* isc-demo-server-billing.c */

/* Answers the billing, instance type price and Model APIs endpoints
 * (@seg: the @n segments after "v1") and returns TRUE; FALSE for any
 * other path. */
gboolean _isc_demo_server_route_billing      (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              const IscDemoFault        *fault,
                                              char                     **seg,
                                              guint                      n);

/* isc-demo-server-metrics.c */

/* GET …/metrics of @dep or of @env (exactly one is non-NULL). */
void     _isc_demo_server_handle_metrics     (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              const IscDemoFault        *fault,
                                              const IscDemoDeployment   *dep,
                                              const IscDemoEnvironment  *env);

/* isc-demo-server-logs.c */

/* GET …/logs of @dep or of @env (exactly one is non-NULL). */
void     _isc_demo_server_handle_logs        (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              const IscDemoFault        *fault,
                                              const IscDemoDeployment   *dep,
                                              const IscDemoEnvironment  *env);


void     _isc_demo_server_handle_audit_logs  (IscDemoServer             *self,
                                              SoupServerMessage         *msg,
                                              const IscDemoFault        *fault,
                                              const IscDemoModel        *model);

G_END_DECLS
