/* isc-demo-server.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-demo-ids.h"

G_BEGIN_DECLS

/* The simulated Baseten API: a SoupServer that answers the endpoints of
 * baseten-api.md with deterministic demo data, plus faults on request
 * (see README.md, "Simulated API").
 *
 * The server runs in the thread-default GMainContext of the thread that
 * calls isc_demo_server_listen*(): iterate that context (the app's main
 * loop, or a test's) for it to answer. A test that blocks on synchronous
 * requests uses isc_demo_server_run_in_thread() instead, which gives the
 * server a thread and a context of its own until the object is disposed;
 * the ::request-logged signal is then emitted in that thread.
 */

#define ISC_DEMO_SERVER_ERROR (isc_demo_server_error_quark ())

typedef enum
{
  ISC_DEMO_SERVER_ERROR_LISTEN,   /* the address could not be bound */
} IscDemoServerError;

GQuark isc_demo_server_error_quark (void);

#define ISC_TYPE_DEMO_SERVER (isc_demo_server_get_type ())

G_DECLARE_FINAL_TYPE (IscDemoServer, isc_demo_server, ISC, DEMO_SERVER, GObject)

/* @api_key: the key every request must carry, as "Authorization: Bearer
 * KEY" or "Authorization: Api-Key KEY", or NULL to accept any key or none
 * (what `inferscope --demo` uses). Tests pass a key so the 401 paths run.
 * @seed chooses the data; the same seed gives the same values.
 */
IscDemoServer *isc_demo_server_new              (guint64         seed,
                                                 const char     *api_key);

/* Binds 127.0.0.1:@port (0: the OS chooses) in the thread-default
 * context of the calling thread.
 */
gboolean       isc_demo_server_listen_loopback  (IscDemoServer  *self,
                                                 guint           port,
                                                 GError        **error);
/* Binds @host (an IP address, NULL for 127.0.0.1) and @port. */
gboolean       isc_demo_server_listen           (IscDemoServer  *self,
                                                 const char     *host,
                                                 guint           port,
                                                 GError        **error);
/* Binds 127.0.0.1:@port and serves from a thread of its own; returns
 * once the server is listening. Dispose stops the thread.
 */
gboolean       isc_demo_server_run_in_thread    (IscDemoServer  *self,
                                                 guint           port,
                                                 GError        **error);

/* Stops listening and closes every connection. In the caller's context,
 * iterate it afterwards until nothing is pending, so the connections can
 * finish closing. Dispose does this too.
 */
void           isc_demo_server_stop             (IscDemoServer  *self);

/* "http://127.0.0.1:PORT", with no trailing slash; NULL before listening. */
const char    *isc_demo_server_get_base_url     (IscDemoServer  *self);
guint          isc_demo_server_get_port         (IscDemoServer  *self);
guint64        isc_demo_server_get_seed         (IscDemoServer  *self);

/* Fixes the server's clock at @now_ms (milliseconds since the epoch),
 * for reproducible tests; 0 returns to the real clock.
 */
void           isc_demo_server_set_now_ms       (IscDemoServer  *self,
                                                 gint64          now_ms);
/* Forgets how many requests each "429 for the first N" fault has seen. */
void           isc_demo_server_reset_faults     (IscDemoServer  *self);

/* "fleet-size": how many models the large fleet adds to the three demo
 * models ("fleet-0001" …, see README.md); 0 by default. Set it before
 * listening. */
guint          isc_demo_server_get_fleet_size   (IscDemoServer  *self);
void           isc_demo_server_set_fleet_size   (IscDemoServer  *self,
                                                 guint           fleet_size);
/* The large fleet's fault deployment, whose metrics answer a 500:
 * its model id and deployment id (NULL without a fleet). */
const char    *isc_demo_server_get_fault_model_id      (IscDemoServer *self);
const char    *isc_demo_server_get_fault_deployment_id (IscDemoServer *self);
/* "latency-ms": every request is answered after this long, without
 * holding up the others; 0 by default. */
guint          isc_demo_server_get_latency_ms   (IscDemoServer  *self);
void           isc_demo_server_set_latency_ms   (IscDemoServer  *self,
                                                 guint           latency_ms);
/* "metrics-rate-limit": the next N metrics requests answer 429 with
 * Retry-After: 1, or isc_demo_server_set_retry_after()'s (counting
 * starts again when it is set). */
void           isc_demo_server_set_metrics_rate_limit (IscDemoServer *self,
                                                       guint          n_requests);
/* How long every 429 (a "429" fault, the metrics rate limit) tells the
 * client to wait, in whole seconds, in its body's retry_after and its
 * Retry-After header; 1 by default. */
void           isc_demo_server_set_retry_after  (IscDemoServer  *self,
                                                 guint           seconds);
/* "log-rate": the logs endpoints log at most 16 × this many 2xx
 * requests per 30 seconds and deployment (every 4xx and 5xx is logged
 * whatever it is); 1 by default. A high rate gives the tens of thousands
 * of lines in a range a benchmark wants (every request, at 64 or more).
 */
guint          isc_demo_server_get_log_rate     (IscDemoServer  *self);
void           isc_demo_server_set_log_rate     (IscDemoServer  *self,
                                                 guint           log_rate);
/* Modes (isc-demo-server-modes.c), set at any time:
 * "unknown metrics": a metrics request naming one of @names (NULL or
 * empty: none) is a 400 naming the first of them it asks for, as Baseten
 * answers a name it does not know or keeps behind a feature flag;
 * isc_demo_server_pod_health_metrics holds the pod-health pair.
 * "users/me missing": GET /v1/users/me answers 404, as it may for a
 * workspace key (the endpoint is unstable). */
extern const char * const isc_demo_server_pod_health_metrics[];
void           isc_demo_server_set_unknown_metrics  (IscDemoServer      *self,
                                                     const char * const *names);
void           isc_demo_server_set_users_me_missing (IscDemoServer      *self,
                                                     gboolean            missing);
/* The most requests that were in flight at once (started, not yet
 * answered) since the server started or the last reset. */
/* "billing-forbidden": 403 on the billing summary and on Model API
 * usage, as Baseten answers a non-admin in a multi-team organisation. */
void           isc_demo_server_set_billing_forbidden (IscDemoServer *self,
                                                      gboolean       forbidden);
guint          isc_demo_server_get_peak_in_flight   (IscDemoServer *self);
void           isc_demo_server_reset_peak_in_flight (IscDemoServer *self);

G_END_DECLS
