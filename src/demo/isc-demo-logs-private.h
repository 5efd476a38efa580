/* isc-demo-logs-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-demo-fleet-private.h"

G_BEGIN_DECLS

/* The simulated API's log lines (README.md, "Simulated API", Logs).
 *
 * Every line is a function of (seed, deployment, time), made from the
 * same 30-second buckets as the metrics: a request line for each sampled
 * request, an ERROR line with a traceback for every 5xx the requests
 * counter counts, restart and out-of-memory lines in the buckets where
 * baseten_container_restarts_total counts one, start-up lines where the
 * replicas rise and shut-down lines where they fall, build lines after
 * a deployment's creation, and a failed deployment's last lines. Lines
 * are made lazily, a chunk of buckets at a time from the edge of the
 * window the direction starts at, until the limit is reached.
 */

typedef enum
{
  _ISC_DEMO_LOG_LEVEL_NONE,     /* a line with no level */
  _ISC_DEMO_LOG_LEVEL_DEBUG,
  _ISC_DEMO_LOG_LEVEL_INFO,
  _ISC_DEMO_LOG_LEVEL_WARNING,
  _ISC_DEMO_LOG_LEVEL_ERROR,
} IscDemoLogLevel;

/* 2xx request lines logged per 30-second bucket and per deployment, at
 * most, times the log rate; 4xx and 5xx are always logged.
 */
#define _ISC_DEMO_LOGS_SAMPLE_PER_BUCKET 16

typedef struct
{
  /* The window, already checked: lines from the start of @start_ms to
   * the end of @end_ms (both milliseconds included), and before now. */
  gint64              start_ms;
  gint64              end_ms;
  gint64              now_ms;
  gboolean            ascending;
  guint               limit;          /* 1 … 1000 */

  /* Filters; NULL or NONE for none. */
  IscDemoLogLevel     min_level;      /* set: lines with no level dropped */
  const char         *replica;
  const char         *request_id;
  GRegex             *search;         /* matched against the message */
  const char * const *includes;       /* NULL-terminated: all must appear */
  const char * const *excludes;       /* NULL-terminated: any drops */

  guint               log_rate;       /* ≥ 1: multiplies the 2xx sample */
  gboolean            hostile;        /* the "hostile-logs" fault */
} IscDemoLogsRequest;

/* The JSON body of a GetLogsResponseV1 with the lines of @deps (one, or
 * the deployments of an environment) in @request's window.
 */
GBytes          *_isc_demo_logs_build              (guint64                    seed,
                                                    const IscDemoDeployment  **deps,
                                                    guint                      n_deps,
                                                    const IscDemoLogsRequest  *request);

/* "DEBUG" … "ERROR", upper case as LogLevelV1; FALSE for anything else. */
gboolean         _isc_demo_log_level_from_string   (const char                *text,
                                                    IscDemoLogLevel           *level);

/* NULL when @pattern is one RE2 would take, else what is wrong with it,
 * in RE2's words: backreferences, lookaround, atomic groups, possessive
 * quantifiers and the like, which PCRE knows and RE2 does not.
 */
char            *_isc_demo_logs_re2_problem        (const char                *pattern);

/* The hostile fault's lines, in the order they are sent: @n is set to
 * their number. Each message is returned with its length (it may hold
 * NUL bytes and invalid UTF-8), for tests that compare what they decode.
 */
const char      *_isc_demo_logs_hostile_message    (guint                      index,
                                                    gsize                     *length,
                                                    guint                     *n);

gboolean         _isc_demo_logs_restart_at         (guint64                    seed,
                                                    const IscDemoDeployment   *dep,
                                                    gint64                     now_s,
                                                    gint64                     bucket,
                                                    gint64                    *time_ms,
                                                    char                       replica[6]);

G_END_DECLS
