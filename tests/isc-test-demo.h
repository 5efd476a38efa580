/* isc-test-demo.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For the tests of the simulated Baseten API: a server in a thread with a
 * fixed clock and key, synchronous libsoup requests to it, and checks of
 * its JSON and metrics answers.
 */

#pragma once

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-demo-server.h"
#include "isc-metrics-response.h"

G_BEGIN_DECLS

#define KEY       "test-key"
#define SEED      42
/* 2026-11-30 15:17:12.345 UTC: not on any step boundary. */
#define NOW_MS    G_GINT64_CONSTANT (1796051832345)
#define HOUR_MS   G_GINT64_CONSTANT (3600000)
#define DAY_MS    (24 * HOUR_MS)

#define CHAT_D8   "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/" ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION "/metrics"
#define CHAT_D7   "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/" ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS "/metrics"
#define CHAT_DEV  "/v1/models/" ISC_DEMO_MODEL_CHAT "/deployments/" ISC_DEMO_DEPLOYMENT_CHAT_DEVELOPMENT "/metrics"
#define CHAT_ENV  "/v1/models/" ISC_DEMO_MODEL_CHAT "/environments/production/metrics"
#define EMBED_D2  "/v1/models/" ISC_DEMO_MODEL_EMBED "/deployments/" ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION "/metrics"
#define BATCH_D4  "/v1/models/" ISC_DEMO_MODEL_BATCH "/deployments/" ISC_DEMO_DEPLOYMENT_BATCH_PRODUCTION "/metrics"

typedef struct
{
  IscDemoServer *server;
  SoupSession   *session;
} DemoFixture;

typedef struct
{
  guint               status;
  char               *reason;
  GBytes             *body;
  SoupMessageHeaders *headers;
  GError             *error;
  double              elapsed_ms;
} DemoResponse;

void                demo_response_free    (DemoResponse       *r);
/* A server in a thread, its clock at NOW_MS and its key KEY, and a
 * session to talk to it. */
void                demo_fixture_setup    (DemoFixture        *f,
                                           gconstpointer       data);
void                demo_fixture_teardown (DemoFixture        *f,
                                           gconstpointer       data);
/* @auth: NULL for the right key as Bearer, "" for no header, else the
 * whole Authorization header. @fault: the fault header, or NULL. */
DemoResponse       *demo_request_full     (DemoFixture        *f,
                                           const char         *method,
                                           const char         *path,
                                           const char         *auth,
                                           const char         *fault);
DemoResponse       *demo_request          (DemoFixture        *f,
                                           const char         *path);
JsonNode           *demo_parse_json       (GBytes             *body);
JsonObject         *demo_object_of        (JsonNode           *node);
/* A 200 JSON response, parsed. */
JsonNode           *demo_get_json         (DemoFixture        *f,
                                           const char         *path);
/* A 200 metrics response, checked by the app's own strict decoder. */
IscMetricsResponse *demo_get_metrics      (DemoFixture        *f,
                                           const char         *path);
char               *demo_window_query     (const char         *mode,
                                           gint64              start_ms,
                                           gint64              end_ms);
IscMetricsResponse *demo_get_window       (DemoFixture        *f,
                                           const char         *target,
                                           const char         *mode,
                                           gint64              start_ms,
                                           gint64              end_ms,
                                           const char         *metrics);
/* An error response: the status, and a {"code", "message"} body. */
void                demo_assert_error     (DemoResponse       *r,
                                           guint               status,
                                           const char         *code,
                                           const char         *message_part);
void                demo_assert_status    (DemoFixture        *f,
                                           const char         *path,
                                           guint               status,
                                           const char         *code,
                                           const char         *message_part);
/* The values of series @series of metric @name, which must be there. */
const double       *demo_values_of        (IscMetricsResponse *response,
                                           const char         *name,
                                           guint               series,
                                           guint              *n);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DemoResponse, demo_response_free)

G_END_DECLS
