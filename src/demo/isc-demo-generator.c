/* isc-demo-generator.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-demo-generator"

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-catalogue.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-window-private.h"
#include "isc-demo-writer-private.h"
#include "isc-math.h"

#define BUCKET  _ISC_DEMO_BUCKET_SECONDS
#define DAY_S   (24 * 3600)

/* How many standard deviations each of the writer's quantiles lies from
 * the median of a log-normal.
 */
static const double quantile_z[] = { 0.0, 1.2816, 1.6449, 2.3263 };
G_STATIC_ASSERT (G_N_ELEMENTS (quantile_z) == _ISC_DEMO_N_QUANTILES);

/* Independent noise streams, so one metric's noise is not another's. */
enum {
  STREAM_LOAD = 1,
  STREAM_COUNT,
  STREAM_4XX,
  STREAM_5XX,
  STREAM_SLOT,
  STREAM_INCIDENT,
  STREAM_LATENCY,
  STREAM_TOKENS,
  STREAM_MEMORY,
  STREAM_METRIC,
  STREAM_SPREAD,
};

/* What a metric's values are made of. The catalogue says what a name's
 * unit, kind and label sets are; this says how its numbers behave.
 */
typedef enum
{
  SOURCE_GENERIC,
  SOURCE_REPLICAS_ACTIVE,
  SOURCE_REPLICAS_STARTING,
  SOURCE_REQUESTS,
  SOURCE_E2E,
  SOURCE_TTFB,
  SOURCE_QUEUE_TIME,
  SOURCE_WEBHOOK_LATENCY,
  SOURCE_REQUEST_SIZE,
  SOURCE_RESPONSE_SIZE,
  SOURCE_CONCURRENCY,
  SOURCE_QUEUE_SIZE,
  SOURCE_WEBSOCKETS,
  SOURCE_READINESS,
  SOURCE_RESTARTS,
  SOURCE_WEBHOOKS,
  SOURCE_CPU,
  SOURCE_MEMORY,
  SOURCE_GPU_MEMORY,
  SOURCE_GPU_UTILIZATION,
  SOURCE_LLM_INPUT_TOTAL,
  SOURCE_LLM_OUTPUT_TOTAL,
  SOURCE_LLM_ACCEPTED,
  SOURCE_LLM_DRAFT,
  SOURCE_LLM_INPUT_PER_REQUEST,
  SOURCE_LLM_OUTPUT_PER_REQUEST,
  SOURCE_LLM_TOKENS_PER_SECOND,
  SOURCE_LLM_KV_HIT,
  SOURCE_LLM_IN_FLIGHT,
  SOURCE_LLM_AVG_IN_FLIGHT,
  SOURCE_LLM_NUM_REQUESTS,
} Source;

static const struct
{
  const char *name;
  Source      source;
} sources[] = {
  { "baseten_replicas_active", SOURCE_REPLICAS_ACTIVE },
  { "baseten_replicas_starting", SOURCE_REPLICAS_STARTING },
  { "baseten_inference_requests_total", SOURCE_REQUESTS },
  { "baseten_end_to_end_response_time_seconds", SOURCE_E2E },
  { "baseten_time_to_first_byte_seconds", SOURCE_TTFB },
  { "baseten_time_in_async_queue_seconds", SOURCE_QUEUE_TIME },
  { "baseten_async_webhook_latency_seconds", SOURCE_WEBHOOK_LATENCY },
  { "baseten_request_size_bytes", SOURCE_REQUEST_SIZE },
  { "baseten_response_size_bytes", SOURCE_RESPONSE_SIZE },
  { "baseten_concurrent_requests", SOURCE_CONCURRENCY },
  { "baseten_async_queue_size", SOURCE_QUEUE_SIZE },
  { "baseten_ongoing_websocket_connections", SOURCE_WEBSOCKETS },
  { "baseten_pod_readiness", SOURCE_READINESS },
  { "baseten_container_restarts_total", SOURCE_RESTARTS },
  { "baseten_async_webhook_requests_total", SOURCE_WEBHOOKS },
  { "baseten_container_cpu_usage_seconds_total", SOURCE_CPU },
  { "baseten_container_cpu_memory_working_set_bytes", SOURCE_MEMORY },
  { "baseten_gpu_memory_used", SOURCE_GPU_MEMORY },
  { "baseten_gpu_utilization", SOURCE_GPU_UTILIZATION },
  { "baseten_llm_input_tokens_total", SOURCE_LLM_INPUT_TOTAL },
  { "baseten_llm_output_tokens_total", SOURCE_LLM_OUTPUT_TOTAL },
  { "baseten_llm_spec_decode_num_accepted_tokens_total", SOURCE_LLM_ACCEPTED },
  { "baseten_llm_spec_decode_num_draft_tokens_total", SOURCE_LLM_DRAFT },
  { "baseten_llm_input_tokens_per_request", SOURCE_LLM_INPUT_PER_REQUEST },
  { "baseten_llm_output_tokens_per_request", SOURCE_LLM_OUTPUT_PER_REQUEST },
  { "baseten_llm_tokens_per_second_per_request", SOURCE_LLM_TOKENS_PER_SECOND },
  { "baseten_llm_kv_cache_hit_rate", SOURCE_LLM_KV_HIT },
  { "baseten_llm_in_flight_tokens", SOURCE_LLM_IN_FLIGHT },
  { "baseten_llm_avg_in_flight_tokens", SOURCE_LLM_AVG_IN_FLIGHT },
  { "baseten_llm_num_requests", SOURCE_LLM_NUM_REQUESTS },
};

/* One deployment as seen by one request. */
typedef struct
{
  const IscDemoDeployment *dep;
  guint64                  key;
  guint64                  seed;
  gint64                   now_s;
  gint64                   promotion_s;
  gint64                   created_s;
} DepContext;

/* Everything about a deployment during one 30-second bucket. */
typedef struct
{
  const DepContext *ctx;
  gint64            t;            /* start of the bucket */
  gboolean          exists;       /* deployed, and before now */
  gboolean          lagged;       /* not yet ingested: histograms null */
  double            n;            /* requests completed in the bucket */
  double            n_status[3];  /* 2xx, 4xx, 5xx */
  double            load;         /* utilization of the active replicas */
  double            concurrency;
  double            active;
  double            starting;
  double            latency;      /* end-to-end median, seconds */
  double            incident;     /* 0 … about 1.5 */
  double            queue;        /* async queue length */
  double            tokens_in;    /* mean tokens per request */
  double            tokens_out;
} Bucket;

/* Uniform in [0, 1). */
static inline double
noise (guint64 key,
       guint64 stream,
       gint64  index)
{
  guint64 h = _isc_demo_mix64 (key ^ _isc_demo_mix64 (stream * G_GUINT64_CONSTANT (0x2545f4914f6cdd1d) ^ (guint64) index));

  return (double) (h >> 11) * (1.0 / 9007199254740992.0);
}

/* Smooth noise in [-1, 1]: knots every @period seconds, eased between. */
static double
smooth_noise (guint64 key,
              guint64 stream,
              double  t,
              double  period)
{
  double x = t / period;
  double k = floor (x);
  double f = x - k;
  double a = noise (key, stream, (gint64) k) * 2 - 1;
  double b = noise (key, stream, (gint64) k + 1) * 2 - 1;

  f = f * f * (3 - 2 * f);
  return a + (b - a) * f;
}

static guint64
string_key (const char *str)
{
  guint64 h = G_GUINT64_CONSTANT (14695981039346656037);

  for (const char *p = str; *p != '\0'; p++)
    h = (h ^ (guchar) *p) * G_GUINT64_CONSTANT (1099511628211);

  return h;
}

static void
dep_context_init (DepContext              *ctx,
                  const IscDemoDeployment *dep,
                  guint64                  seed,
                  gint64                   now_s)
{
  ctx->dep = dep;
  ctx->seed = seed;
  ctx->key = _isc_demo_mix64 (seed) ^ string_key (dep->id);
  ctx->now_s = now_s;
  ctx->promotion_s = _isc_demo_fleet_promotion_time (seed, now_s);
  ctx->created_s = _isc_demo_fleet_created_time (dep, seed, now_s);
}

static double
share_at (const DepContext *ctx,
          gint64            t)
{
  switch (ctx->dep->share)
    {
    case _ISC_DEMO_SHARE_ALWAYS:
      return 1.0;

    case _ISC_DEMO_SHARE_UNTIL_PROMOTION:
      return t < ctx->promotion_s ? 1.0 : 0.0;

    case _ISC_DEMO_SHARE_FROM_PROMOTION:
      return t < ctx->promotion_s ? 0.012 : 1.0;

    case _ISC_DEMO_SHARE_WORK_HOURS:
      {
        gint64 day = isc_floor_div (t, DAY_S);
        gint64 hour = (t - day * DAY_S) / 3600;
        int weekday = (int) isc_floor_mod (day + 4, 7);  /* 0 is Sunday */

        if (weekday == 0 || weekday == 6 || hour < 8 || hour >= 18)
          return 0.0;
        /* A developer tries things in 20-minute bursts. */
        return noise (ctx->key, STREAM_SLOT, isc_floor_div (t, 1200)) < 0.45 ? 1.0 : 0.0;
      }

    case _ISC_DEMO_SHARE_NONE:
    default:
      return 0.0;
    }
}

gint64
_isc_demo_generator_incident_offset (const IscDemoDeployment *dep,
                                     guint64                  seed)
{
  if (dep->incident_minute < 0)
    return -1;
  return ((gint64) dep->incident_minute * 60 + (gint64) (seed % 5) * 900) % DAY_S;
}

/* 0 … about 1.5 during the daily incident of a production deployment. */
static double
incident_at (const DepContext *ctx,
             gint64            t)
{
  const gint64 length = 25 * 60;
  gint64 offset, day, into;

  if (ctx->dep->incident_minute < 0)
    return 0.0;

  offset = _isc_demo_generator_incident_offset (ctx->dep, ctx->seed);
  day = isc_floor_div (t - offset, DAY_S);
  into = t - offset - day * DAY_S;
  if (into >= length)
    return 0.0;

  return pow (sin (G_PI * (double) into / (double) length), 0.7)
         * (0.5 + noise (ctx->key, STREAM_INCIDENT, day));
}

/* Requests per second arriving at @t. */
static double
rate_at (const DepContext *ctx,
         gint64            t)
{
  const IscDemoDeployment *dep = ctx->dep;
  double share = share_at (ctx, t);
  double hour, daily, rate;
  gint64 day;
  int weekday;

  if (share <= 0 || dep->peak_rps <= 0)
    return 0.0;

  day = isc_floor_div (t, DAY_S);
  hour = (double) (t - day * DAY_S) / 3600.0;
  weekday = (int) isc_floor_mod (day + 4, 7);

  /* Busiest at 16:00 UTC, a tenth of that at night, quieter at weekends. */
  daily = 0.1 + 0.9 * pow (0.5 + 0.5 * cos (2 * G_PI * (hour - 16.0) / 24.0), 1.6);
  if (weekday == 0 || weekday == 6)
    daily *= 0.65;

  rate = dep->peak_rps * share * daily * (1.0 + 0.15 * smooth_noise (ctx->key, STREAM_LOAD, (double) t, 600));

  /* Async work arrives in hourly batches, five minutes past the hour. */
  if (dep->applies & ISC_APPLIES_ASYNC)
    {
      double minutes = (double) isc_floor_mod (t - 300, 3600) / 60.0;

      rate *= 0.45 + 2.4 * exp (-minutes / 9.0);
    }

  return MAX (rate, 0.0);
}

static double
base_mean_latency (const IscDemoDeployment *dep)
{
  return dep->e2e_median_s * 1.15;
}

/* Replicas the autoscaler asks for at @t, from the load a minute before. */
static double
desired_at (const DepContext *ctx,
            gint64            t)
{
  const IscDemoDeployment *dep = ctx->dep;
  double concurrency = rate_at (ctx, t - 60) * base_mean_latency (dep);
  double desired;
  guint min_replica, max_replica;

  /* Retired, or replaced by a promotion: Baseten scales it to zero
   * whatever its minimum (kept for when it is woken). */
  if (dep->share == _ISC_DEMO_SHARE_NONE ||
      (dep->share == _ISC_DEMO_SHARE_UNTIL_PROMOTION && t - 60 >= ctx->promotion_s))
    return 0.0;

  if (concurrency <= 0.0)
    return dep->min_replica;

  /* Within the range in effect then: a schedule may raise it. */
  _isc_demo_fleet_autoscaling_at (dep, t, &min_replica, &max_replica);
  desired = ceil (concurrency / (dep->concurrency_target * 0.7));
  return CLAMP (desired, (double) MAX (min_replica, 1), (double) max_replica);
}

/* Scale-down waits for the delay: the most asked for during it. */
static double
scaled_at (const DepContext *ctx,
           gint64            t)
{
  gint64 delay = ctx->dep->scale_down_delay_s;
  double most = 0;

  if (t < ctx->created_s)
    return 0;

  for (int k = 0; k <= 4; k++)
    most = MAX (most, desired_at (ctx, t - k * delay / 4));

  return most;
}

static void
bucket_fill (Bucket           *b,
             const DepContext *ctx,
             gint64            t)
{
  const IscDemoDeployment *dep = ctx->dep;
  gint64 index = t / BUCKET;
  double rate, scaled, scaled_before, capacity, n, f4, f5;

  memset (b, 0, sizeof *b);
  b->ctx = ctx;
  b->t = t;
  b->exists = t >= ctx->created_s && t < ctx->now_s;
  b->lagged = t + BUCKET > ctx->now_s - 90;
  if (!b->exists)
    return;

  /* Replicas: a new one is starting for start_seconds before it is active. */
  scaled = scaled_at (ctx, t);
  scaled_before = scaled_at (ctx, t - dep->start_seconds);
  b->active = MIN (scaled, scaled_before);
  b->starting = scaled - b->active;

  rate = rate_at (ctx, t + BUCKET / 2);
  b->incident = rate > 0 ? incident_at (ctx, t) : 0.0;

  /* Latency rises with the load on the active replicas. */
  capacity = MAX (b->active, 0.5) * dep->concurrency_target;
  b->load = MIN (rate * base_mean_latency (dep) / capacity, 2.5);
  b->latency = dep->e2e_median_s
               * (1.0 + 0.7 * b->load * b->load)
               * (1.0 + 1.6 * b->incident)
               * (1.0 + 0.1 * (noise (ctx->key, STREAM_LATENCY, index) - 0.5));
  if (b->active == 0 && rate > 0)
    b->latency += dep->start_seconds * 0.5;  /* a cold start */
  b->concurrency = rate * b->latency * 1.15;

  n = floor (rate * BUCKET + noise (ctx->key, STREAM_COUNT, index));
  f5 = 0.0015 + 0.2 * b->incident;
  f4 = dep->base_4xx * (0.7 + 0.6 * noise (ctx->key, STREAM_4XX, index));
  b->n = n;
  b->n_status[2] = MIN (n, floor (n * f5 + noise (ctx->key, STREAM_5XX, index)));
  b->n_status[1] = MIN (n - b->n_status[2], floor (n * f4 + noise (ctx->key, STREAM_4XX, index + 7)));
  b->n_status[0] = n - b->n_status[1] - b->n_status[2];

  if (dep->applies & ISC_APPLIES_LLM)
    {
      b->tokens_in = 1050 * (1.0 + 0.2 * smooth_noise (ctx->key, STREAM_TOKENS, (double) t, 1800));
      b->tokens_out = 310 * (1.0 + 0.15 * smooth_noise (ctx->key, STREAM_TOKENS + 100, (double) t, 1200));
    }

  if (dep->applies & ISC_APPLIES_ASYNC)
    {
      double minutes = (double) isc_floor_mod (t - 300, 3600) / 60.0;

      b->queue = floor (dep->peak_rps * 60 * 2.2 * exp (-minutes / 9.0)
                        * (rate / MAX (dep->peak_rps, 1e-9))
                        + noise (ctx->key, STREAM_METRIC, index));
    }
}

/* Median and log-spread of a histogram in one bucket. */
static void
histogram_shape (const Bucket *b,
                 Source        source,
                 guint64       metric_key,
                 double       *median,
                 double       *sigma)
{
  const IscDemoDeployment *dep = b->ctx->dep;
  gint64 index = b->t / BUCKET;

  switch (source)
    {
    case SOURCE_E2E:
      *median = b->latency;
      *sigma = dep->applies & ISC_APPLIES_LLM ? 0.55 : 0.45;
      break;
    case SOURCE_TTFB:
      *median = b->latency * dep->ttfb_fraction;
      *sigma = 0.6;
      break;
    case SOURCE_QUEUE_TIME:
      *median = 1.2 + b->queue / (MAX (b->active, 1.0) * 0.6);
      *sigma = 0.8;
      break;
    case SOURCE_WEBHOOK_LATENCY:
      *median = 0.16 * (1.0 + 3.0 * b->incident);
      *sigma = 0.45;
      break;
    case SOURCE_REQUEST_SIZE:
      *median = dep->request_bytes * (1.0 + 0.1 * smooth_noise (b->ctx->key, metric_key, (double) b->t, 900));
      *sigma = 0.6;
      break;
    case SOURCE_RESPONSE_SIZE:
      *median = dep->response_bytes * (1.0 + 0.1 * smooth_noise (b->ctx->key, metric_key, (double) b->t, 900));
      *sigma = 0.5;
      break;
    case SOURCE_LLM_INPUT_PER_REQUEST:
      *median = b->tokens_in * 0.66;
      *sigma = 0.85;
      break;
    case SOURCE_LLM_OUTPUT_PER_REQUEST:
      *median = b->tokens_out * 0.75;
      *sigma = 0.7;
      break;
    case SOURCE_LLM_TOKENS_PER_SECOND:
      *median = 72.0 * (1.0 - 0.3 * MIN (b->load, 1.2));
      *sigma = 0.22;
      break;
    case SOURCE_LLM_KV_HIT:
      *median = 0.52 + 0.1 * smooth_noise (b->ctx->key, metric_key, (double) b->t, 1800);
      *sigma = 0.5;
      break;
    default:
      *median = 0.05 * (1.0 + b->load);
      *sigma = 0.5;
      break;
    }

  *median *= 1.0 + 0.06 * (noise (b->ctx->key, metric_key, index) - 0.5);
  *sigma *= 1.0 + 0.1 * (noise (b->ctx->key, metric_key ^ STREAM_SPREAD, index) - 0.5);
}

/* The value of series @j of a metric in one bucket, NaN for none, and the
 * weight a histogram value carries when buckets are merged.
 */
static double
bucket_value (const Bucket   *b,
              Source          source,
              IscMetricKind   kind,
              guint64         metric_key,
              guint           j,
              double         *weight)
{
  const IscDemoDeployment *dep = b->ctx->dep;
  gint64 index = b->t / BUCKET;
  double pods = b->active + b->starting;

  *weight = 1.0;
  if (!b->exists)
    return NAN;

  if (kind == ISC_METRIC_KIND_HISTOGRAM)
    {
      double median, sigma;

      if (b->lagged || b->n <= 0)
        return NAN;

      *weight = b->n;
      histogram_shape (b, source, metric_key, &median, &sigma);

      if (source == SOURCE_LLM_KV_HIT)
        {
          /* A ratio: quantiles approach 1 without reaching it. */
          if (j >= G_N_ELEMENTS (quantile_z))
            return median - 0.03;
          return 1.0 - (1.0 - median) * exp (-sigma * quantile_z[j]);
        }

      if (j >= G_N_ELEMENTS (quantile_z))
        return median * exp (sigma * sigma / 2);
      return median * exp (sigma * quantile_z[j]);
    }

  switch (source)
    {
    case SOURCE_REPLICAS_ACTIVE:
      return b->active;
    case SOURCE_REPLICAS_STARTING:
      return b->starting;
    case SOURCE_REQUESTS:
      return b->n_status[MIN (j, 2)];
    case SOURCE_CONCURRENCY:
    case SOURCE_LLM_NUM_REQUESTS:
      return b->concurrency;
    case SOURCE_QUEUE_SIZE:
      return b->queue;
    case SOURCE_WEBSOCKETS:
      return dep->applies & ISC_APPLIES_LLM ? floor (b->concurrency * 0.2) : 0.0;
    case SOURCE_READINESS:
      if (j == 0)
        return b->active;
      if (j == 1)
        return b->starting;
      return b->incident > 0.6 && noise (b->ctx->key, metric_key, index) < 0.3 ? 1.0 : 0.0;
    case SOURCE_RESTARTS:
      return b->incident > 0.3 && noise (b->ctx->key, metric_key, index) < 0.08 * b->incident ? 1.0 : 0.0;
    case SOURCE_WEBHOOKS:
      return b->n_status[0] + b->n_status[2];
    case SOURCE_CPU:
      if (pods <= 0)
        return NAN;
      return dep->cpu_cores * (0.2 + 0.8 * MIN (b->load, 1.2))
             * (1.0 + 0.08 * (noise (b->ctx->key, metric_key, index) - 0.5));
    case SOURCE_MEMORY:
      if (pods <= 0)
        return NAN;
      return floor (dep->memory_bytes * (0.92 + 0.06 * MIN (b->load, 1.5)
                                         + 0.02 * smooth_noise (b->ctx->key, STREAM_MEMORY, (double) b->t, 3600)));
    case SOURCE_GPU_MEMORY:
      if (pods <= 0)
        return NAN;
      return MIN (floor (dep->gpu_memory_mib + 0.06 * dep->gpu_memory_limit_mib * MIN (b->load, 1.0)
                         + 150 * noise (b->ctx->key, metric_key, index)),
                  dep->gpu_memory_limit_mib * 0.985);
    case SOURCE_GPU_UTILIZATION:
      if (pods <= 0)
        return NAN;
      return CLAMP (0.04 + 0.86 * MIN (b->load, 1.1) / 1.1 + 0.04 * (noise (b->ctx->key, metric_key, index) - 0.5),
                    0.0, 1.0);
    case SOURCE_LLM_INPUT_TOTAL:
      return floor (b->n * b->tokens_in);
    case SOURCE_LLM_OUTPUT_TOTAL:
      return floor (b->n * b->tokens_out);
    case SOURCE_LLM_DRAFT:
      return floor (b->n * b->tokens_out * 2.4);
    case SOURCE_LLM_ACCEPTED:
      return floor (b->n * b->tokens_out * 2.4 * (0.58 + 0.1 * noise (b->ctx->key, metric_key, index)));
    case SOURCE_LLM_IN_FLIGHT:
      return floor (b->concurrency * (b->tokens_in + b->tokens_out * 0.5));
    case SOURCE_LLM_AVG_IN_FLIGHT:
      return b->concurrency * (b->tokens_in + b->tokens_out * 0.5) * 0.94;
    case SOURCE_GENERIC:
    default:
      if (kind == ISC_METRIC_KIND_COUNTER)
        return b->n;
      return 10.0 * (1.0 + smooth_noise (b->ctx->key, metric_key, (double) b->t, 900)) / 2;
    }
}

static Source
source_for (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    {
      if (strcmp (sources[i].name, name) == 0)
        return sources[i].source;
    }

  return SOURCE_GENERIC;
}

guint
_isc_demo_generator_replicas_now (const IscDemoDeployment *dep,
                                  guint64                  seed,
                                  gint64                   now_s)
{
  DepContext ctx;
  Bucket b;

  dep_context_init (&ctx, dep, seed, now_s);
  bucket_fill (&b, &ctx, isc_floor_div (now_s - 1, BUCKET) * BUCKET);
  return (guint) b.active;
}

void
_isc_demo_generator_bucket_facts (const IscDemoDeployment *dep,
                                  guint64                  seed,
                                  gint64                   now_s,
                                  gint64                   t_s,
                                  IscDemoBucketFacts      *facts)
{
  DepContext ctx;
  Bucket b;
  double weight;

  dep_context_init (&ctx, dep, seed, now_s);
  bucket_fill (&b, &ctx, t_s);

  facts->exists = b.exists;
  facts->n = b.n;
  memcpy (facts->n_status, b.n_status, sizeof facts->n_status);
  facts->active = b.active;
  facts->starting = b.starting;
  facts->latency = b.latency;
  facts->load = b.load;
  facts->incident = b.incident;
  facts->tokens_in = b.tokens_in;
  facts->tokens_out = b.tokens_out;
  /* The restarts counter's own value, so a restart line falls in the
   * very bucket the metric counts it. */
  facts->restart = bucket_value (&b, SOURCE_RESTARTS, ISC_METRIC_KIND_COUNTER,
                                 string_key ("baseten_container_restarts_total"), 0, &weight) > 0;
}

void
_isc_demo_generator_usage (const IscDemoDeployment *dep,
                           guint64                  seed,
                           gint64                   now_s,
                           gint64                   start_s,
                           gint64                   end_s,
                           guint                    stride,
                           double                  *replica_minutes,
                           double                  *requests)
{
  DepContext ctx;
  double minutes = 0, n = 0;
  gint64 step = (gint64) MAX (stride, 1) * BUCKET;

  dep_context_init (&ctx, dep, seed, now_s);

  for (gint64 t = start_s - isc_floor_mod (start_s, BUCKET); t < end_s; t += step)
    {
      Bucket b;
      gint64 covered = MIN (step, end_s - t) / BUCKET;

      bucket_fill (&b, &ctx, t);
      if (!b.exists)
        continue;
      minutes += b.active * (double) (covered * BUCKET) / 60.0;
      n += b.n * (double) covered;
    }

  *replica_minutes = minutes;
  *requests = n;
}

guint
_isc_demo_generator_pods_at (const IscDemoDeployment *dep,
                             guint64                  seed,
                             gint64                   now_s,
                             gint64                   t_s)
{
  DepContext ctx;

  if (t_s >= now_s)
    return 0;

  dep_context_init (&ctx, dep, seed, now_s);
  return (guint) scaled_at (&ctx, t_s);
}

/* One metric of the response. */
typedef struct
{
  const IscCatalogueEntry *entry;
  Source                   source;
  guint64                  key;
  guint                    n_series;
} Column;

/* One response while it is built, step by step. */
typedef struct
{
  const IscDemoMetricsRequest *request;
  gint64                       now_s;

  /* The deployments behind the target */
  DepContext                   contexts[2];
  const DepContext            *serving_before;  /* before the promotion */
  const DepContext            *serving_after;
  gint64                       promotion_s;     /* 0: the target never changed hands */

  /* The metrics */
  GArray                      *columns;         /* of Column */
  guint                        n_series;        /* of every column */

  /* The window and its steps */
  IscDemoWindow                window;

  /* The numbers */
  Bucket                      *buckets;         /* n_buckets */
  double                      *values;          /* steps × n_series */
} Build;

static void
build_clear (Build *b)
{
  g_clear_pointer (&b->columns, g_array_unref);
  _isc_demo_window_clear (&b->window);
  g_clear_pointer (&b->buckets, g_free);
  g_clear_pointer (&b->values, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Build, build_clear)

static gboolean
applies (const IscCatalogueEntry *entry,
         const IscDemoDeployment *dep)
{
  return (entry->applies_to & ~dep->applies) == 0;
}

/* The deployments behind the target: an environment changes hands at
 * its last promotion.
 */
static void
build_resolve_target (Build                    *b,
                      guint64                   seed,
                      const IscDemoDeployment  *dep,
                      const IscDemoEnvironment *env)
{
  gint64 now_s = b->now_s;

  if (env != NULL)
    {
      dep_context_init (&b->contexts[0], _isc_demo_fleet_serving (env, seed, now_s, now_s), seed, now_s);
      if (env->previous_id != NULL)
        {
          b->promotion_s = _isc_demo_fleet_promotion_time (seed, now_s);
          dep_context_init (&b->contexts[1], _isc_demo_fleet_serving (env, seed, now_s, b->promotion_s - 1),
                            seed, now_s);
          b->serving_before = &b->contexts[1];
        }
      else
        b->serving_before = &b->contexts[0];
    }
  else
    {
      dep_context_init (&b->contexts[0], dep, seed, now_s);
      b->serving_before = &b->contexts[0];
    }
  b->serving_after = &b->contexts[0];
}

static void
build_add_column (Build                   *b,
                  const IscCatalogueEntry *entry)
{
  Column c = { entry, source_for (entry->name), string_key (entry->name),
               _isc_demo_writer_n_series (entry->label_shape) };

  g_array_append_val (b->columns, c);
  b->n_series += c.n_series;
}

/* The metrics, in the order asked, left out where they do not apply. */
static void
build_choose_columns (Build *b)
{
  const GPtrArray *names = b->request->metrics;
  const IscDemoDeployment *dep = b->serving_after->dep;

  b->columns = g_array_new (FALSE, FALSE, sizeof (Column));

  if (names == NULL || names->len == 0)
    {
      guint n_entries;
      const IscCatalogueEntry *entries = isc_catalogue_get_entries (&n_entries);

      for (guint i = 0; i < n_entries; i++)
        {
          if (entries[i].in_default_set && applies (&entries[i], dep))
            build_add_column (b, &entries[i]);
        }
      return;
    }

  for (guint i = 0; i < names->len; i++)
    {
      const IscCatalogueEntry *entry = isc_catalogue_lookup (g_ptr_array_index (names, i));
      gboolean seen = FALSE;

      if (entry == NULL || !applies (entry, dep))
        continue;
      for (guint k = 0; k < b->columns->len; k++)
        seen |= g_array_index (b->columns, Column, k).entry == entry;
      if (!seen)
        build_add_column (b, entry);
    }
}

/* Every bucket once, from whichever deployment served it; then every
 * metric reads them.
 */
static void
build_fill_buckets (Build *b)
{
  b->buckets = g_new (Bucket, b->window.n_buckets);
  for (gint64 i = 0; i < b->window.n_buckets; i++)
    {
      gint64 t = (b->window.bucket0 + i) * BUCKET;
      const DepContext *ctx = (b->promotion_s != 0 && t < b->promotion_s) ? b->serving_before : b->serving_after;

      bucket_fill (&b->buckets[i], ctx, t);
    }
}

/* Series @j of @c over one step: a counter sums its buckets, a gauge
 * averages them, a histogram weights them by their traffic. NaN when no
 * bucket has a value.
 */
static double
step_value (const Bucket      *buckets,
            const Column      *c,
            guint              j,
            const IscDemoStep *st)
{
  gboolean counter = c->entry->kind == ISC_METRIC_KIND_COUNTER;
  double sum = 0, weights = 0;
  gboolean any = FALSE;

  for (gint64 i = st->first; i < st->last; i++)
    {
      double w, v;
      double fraction = (i == st->first) ? st->first_fraction
                        : (i == st->last - 1) ? st->last_fraction : 1.0;

      v = bucket_value (&buckets[i], c->source, c->entry->kind, c->key, j, &w);
      if (isnan (v))
        continue;
      any = TRUE;
      w *= fraction;
      if (counter)
        sum += v * fraction;
      else
        {
          sum += v * w;
          weights += w;
        }
    }

  if (!any)
    return NAN;
  if (counter)
    return sum;
  return weights > 0 ? sum / weights : NAN;
}

/* Step by step, so the buckets of a step are read while they are in the
 * cache and the values are written in order.
 */
static void
build_compute_values (Build *b)
{
  const IscDemoStep *steps = (const IscDemoStep *) (gpointer) b->window.steps->data;
  const Column *columns = (const Column *) (gpointer) b->columns->data;
  guint n_steps = b->window.steps->len;
  guint n_columns = b->columns->len;
  double *values = g_new (double, (gsize) n_steps * MAX (b->n_series, 1));

  for (guint s = 0; s < n_steps; s++)
    {
      double *row = &values[(gsize) s * b->n_series];

      for (guint k = 0, col = 0; k < n_columns; k++)
        {
          for (guint j = 0; j < columns[k].n_series; j++, col++)
            row[col] = step_value (b->buckets, &columns[k], j, &steps[s]);
        }
    }

  b->values = values;
}

static GBytes *
build_write (Build *b)
{
  g_autofree const IscCatalogueEntry **metrics = g_new (const IscCatalogueEntry *, MAX (b->columns->len, 1));
  g_autofree gint64 *step_starts = g_new (gint64, MAX (b->window.steps->len, 1));
  IscDemoResponse response = { 0 };

  for (guint k = 0; k < b->columns->len; k++)
    metrics[k] = g_array_index (b->columns, Column, k).entry;
  for (guint s = 0; s < b->window.steps->len; s++)
    step_starts[s] = g_array_index (b->window.steps, IscDemoStep, s).start_ms;

  response.mode = b->window.mode;
  response.start_ms = b->window.out_start_ms;
  response.end_ms = b->window.out_end_ms;
  response.step_seconds = b->window.step_s;
  response.metrics = metrics;
  response.n_metrics = b->columns->len;
  response.step_starts = step_starts;
  response.n_steps = b->window.steps->len;
  response.values = b->values;
  response.n_series = b->n_series;
  /* Close codes for a WebSocket model, exact codes where its 4xx are
   * refusals (REJECT_ON_FULL), classes otherwise. */
  response.status_labels = _isc_demo_fleet_status_labels (b->serving_after->dep);

  return _isc_demo_writer_write (&response);
}

GBytes *
_isc_demo_generator_build (guint64                      seed,
                           const IscDemoDeployment     *dep,
                           const IscDemoEnvironment    *env,
                           const IscDemoMetricsRequest *request)
{
  g_auto(Build) b = { 0 };

  g_return_val_if_fail ((dep == NULL) != (env == NULL), NULL);
  g_return_val_if_fail (request != NULL, NULL);

  b.request = request;
  b.now_s = isc_floor_div (request->now_ms, 1000);

  build_resolve_target (&b, seed, dep, env);
  build_choose_columns (&b);
  _isc_demo_window_init (&b.window, request, b.now_s, b.promotion_s);
  build_fill_buckets (&b);
  build_compute_values (&b);

  return build_write (&b);
}
