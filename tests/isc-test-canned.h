/* isc-test-canned.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For the client's tests: a SoupServer on 127.0.0.1 that gives canned
 * answers (statuses, bodies, Retry-After, gzip, stalls, drips) and records
 * what it was asked, a fetch run to its end, and a log writer that fails
 * any test whose lines hold the key.
 */

#pragma once

#include <libsoup/soup.h>

#include "isc-api-error.h"
#include "isc-client-private.h"

G_BEGIN_DECLS

#define TEST_KEY "sk-test-5e3c7a-DO-NOT-SHOW"
#define SERIES_BODY \
  "{\"start_epoch_millis\":1700000000000,\"end_epoch_millis\":1700000060000," \
  "\"mode\":\"SERIES\",\"step_seconds\":30,\"metric_descriptors\":[" \
  "{\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}]," \
  "\"metric_values\":[{\"start_epoch_millis\":1700000000000,\"values\":[[1]]}," \
  "{\"start_epoch_millis\":1700000030000,\"values\":[[2]]}]}"

/* The same in SUMMARY and in CURRENT mode (start and end 0, as Baseten's
 * own client tests show them). */
#define SUMMARY_BODY \
  "{\"start_epoch_millis\":1700000000000,\"end_epoch_millis\":1700003600000," \
  "\"mode\":\"SUMMARY\",\"step_seconds\":null,\"metric_descriptors\":[" \
  "{\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}]," \
  "\"metric_values\":[{\"start_epoch_millis\":1700000000000,\"values\":[[2]]}]}"
#define CURRENT_BODY \
  "{\"start_epoch_millis\":0,\"end_epoch_millis\":0," \
  "\"mode\":\"CURRENT\",\"step_seconds\":null,\"metric_descriptors\":[" \
  "{\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}]," \
  "\"metric_values\":[{\"start_epoch_millis\":0,\"values\":[[2]]}]}"

typedef struct
{
  guint       status;
  const char *body;
  const char *retry_after;   /* a Retry-After header */
  const char *location;      /* a Location header */
  gboolean    gzip;
  gboolean    chunked;
  gboolean    stall;         /* headers and a first chunk, then nothing */
  guint       drip_ms;       /* a byte every drip_ms, forever */
  gsize       content_length; /* announce this length, send nothing */
} Canned;

typedef struct
{
  SoupServer     *server;
  char           *base_url;
  const Canned   *canned;
  guint           n_canned;
  guint           n_requests;
  GPtrArray      *queries;
  GPtrArray      *paths;
  GArray         *times;
  char           *authorization;
  char           *user_agent;
  char           *accept_encoding;
  GPtrArray      *held;         /* stalled messages */
  GArray         *drips;        /* source ids */
  IscClient      *client;
} CannedFixture;

typedef struct
{
  gboolean            done;
  IscMetricsResponse *response;
  GError             *error;
} CannedResult;

/* This test's log lines and the error messages its fetches met (the
 * writer below appends to it); each fixture starts it afresh. */
extern GString *canned_captured_log;

/* Empties canned_captured_log: canned_setup() does, for each test. */
void canned_log_capture_start (void);

/* Installed once for the program, as GLib allows: every line, as it is
 * written, fails the test that wrote it if it holds the key, and goes on
 * to canned_captured_log. */
GLogWriterOutput canned_key_check_writer (GLogLevelFlags   log_level,
                                          const GLogField *fields,
                                          gsize            n_fields,
                                          gpointer         user_data);

/* The answers, in order; the last one again for every request after. */
void canned_set (CannedFixture *fixture,
                 const Canned  *canned,
                 guint          n_canned);

void canned_setup (CannedFixture *fixture,
                   gconstpointer  data);

void canned_teardown (CannedFixture *fixture,
                      gconstpointer  data);

void canned_result_clear (CannedResult *result);

/* The client's messages are read in the window and by `inferscope
 * export` alike: none may send the person to something only one of them
 * has (a Preferences dialog, a refresh). */
void canned_assert_fits_both_places (const char *message);

/* Fetches @query and runs the main loop to its end: exactly one of a
 * response and an error, and an error free of the key. */
void canned_fetch (IscClient      *client,
                   const IscQuery *query,
                   GCancellable   *cancellable,
                   CannedResult   *result);

/* A SERIES query of two metrics of deployment dep456 of model abc123. */
IscQuery *canned_deployment_query (void);

/* Seconds between the server's requests @a and @b. */
double canned_seconds_between (CannedFixture *fixture,
                               guint          a,
                               guint          b);

/* Installs canned_key_check_writer for the program, with every g_log()
 * line sent to it (test_log_to_writer()), and no proxy lookups; call
 * after g_test_init(), before any test runs. */
void canned_init (void);

G_END_DECLS
