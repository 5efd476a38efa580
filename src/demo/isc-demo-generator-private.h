/* isc-demo-generator-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-demo-fleet-private.h"
#include "isc-types.h"

G_BEGIN_DECLS

/* The data generator: every value is a function of (seed, deployment,
 * metric, time), computed on a 30-second grid of buckets. A longer step
 * sums (COUNTER), averages (GAUGE) or traffic-weights (HISTOGRAM) its
 * buckets, so zooming in shows the same curve at a finer step and a
 * SUMMARY counter is the sum of its SERIES values over the same window.
 *
 * Things relative to "now": the deployment promoted during the last day,
 * histograms null during the last 90 s or so (ingestion lag), nothing at
 * or after now. All are fixed for a given now, so two requests with the
 * same now agree exactly, and requests a little apart agree on every step
 * older than a few minutes.
 */

#define _ISC_DEMO_BUCKET_SECONDS 30
#define _ISC_DEMO_MAX_WINDOW_MS  ((gint64) 7 * 24 * 3600 * 1000)
#define _ISC_DEMO_MAX_STEPS      360
#define _ISC_DEMO_DENSE_STEPS    10080

typedef struct
{
  IscMode     mode;
  gint64      start_ms;   /* the window, already checked; ignored for CURRENT */
  gint64      end_ms;
  gint64      now_ms;
  /* Known catalogue names, in the order asked; NULL or empty for the
   * default set. Names that do not apply to the target are left out.
   */
  GPtrArray  *metrics;
  /* 1-minute steps over the 7 days before now, whatever was asked. */
  gboolean    dense;
} IscDemoMetricsRequest;

/* Exactly one of @dep and @env is non-NULL. Returns the JSON body of a
 * GetModelMetricsResponseV1.
 */
GBytes   *_isc_demo_generator_build          (guint64                      seed,
                                              const IscDemoDeployment     *dep,
                                              const IscDemoEnvironment    *env,
                                              const IscDemoMetricsRequest *request);
/* What the logs know of a deployment during the 30-second bucket that
 * starts at @t_s (a multiple of _ISC_DEMO_BUCKET_SECONDS): the numbers
 * its metrics are made of, so log lines and metrics agree.
 */
typedef struct
{
  gboolean exists;       /* deployed, and before now */
  double   n;            /* requests completed in the bucket */
  double   n_status[3];  /* 2xx, 4xx, 5xx */
  double   active;       /* replicas serving */
  double   starting;     /* replicas starting: pods are active + starting */
  double   latency;      /* end-to-end median, seconds */
  double   load;
  double   incident;     /* 0 … about 1.5 */
  double   tokens_in;    /* LLM: mean tokens per request */
  double   tokens_out;
  gboolean restart;      /* baseten_container_restarts_total counts one */
} IscDemoBucketFacts;

void      _isc_demo_generator_bucket_facts   (const IscDemoDeployment     *dep,
                                              guint64                      seed,
                                              gint64                       now_s,
                                              gint64                       t_s,
                                              IscDemoBucketFacts          *facts);
/* Replicas (active and starting) at @t_s, without the rest of a bucket:
 * cheap enough to look back for when a replica started.
 */
guint     _isc_demo_generator_pods_at        (const IscDemoDeployment     *dep,
                                              guint64                      seed,
                                              gint64                       now_s,
                                              gint64                       t_s);

/* What billing counts of a deployment over [@start_s, @end_s), whole
 * 30-second buckets from the one @start_s falls in: replica-minutes
 * (active replicas × minutes, as baseten_replicas_active reports them)
 * and requests completed (baseten_inference_requests_total), so a day's
 * bill agrees with the day's metrics. @stride 1 reads every bucket; more
 * reads one in @stride and counts it for all (the large fleet's bills,
 * which would otherwise take a minute to add up).
 */
void      _isc_demo_generator_usage          (const IscDemoDeployment     *dep,
                                              guint64                      seed,
                                              gint64                       now_s,
                                              gint64                       start_s,
                                              gint64                       end_s,
                                              guint                        stride,
                                              double                      *replica_minutes,
                                              double                      *requests);

/* Active replicas at @now_s, for discovery. */
guint     _isc_demo_generator_replicas_now   (const IscDemoDeployment     *dep,
                                              guint64                      seed,
                                              gint64                       now_s);

/* When @dep's daily incident starts, in seconds into the UTC day; it
 * lasts 25 minutes. -1 for a deployment without one. */
#define _ISC_DEMO_INCIDENT_SECONDS (25 * 60)
gint64    _isc_demo_generator_incident_offset (const IscDemoDeployment   *dep,
                                               guint64                    seed);

/* splitmix64: cheap, well mixed, the same everywhere. The generator,
 * the demo's logs and its billing all draw from it. */
static inline guint64
_isc_demo_mix64 (guint64 z)
{
  z += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

G_END_DECLS
