/* isc-demo-fleet-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "isc-catalogue.h"

G_BEGIN_DECLS

/* The demo models, deployments and environments, and the facts the data
 * generator needs about each deployment. Plain static tables: the fleet
 * never changes while a server runs.
 */

typedef enum
{
  _ISC_DEMO_SHARE_ALWAYS,           /* serves all the time */
  _ISC_DEMO_SHARE_UNTIL_PROMOTION,  /* production until the last promotion */
  _ISC_DEMO_SHARE_FROM_PROMOTION,   /* smoke tests, then production after it */
  _ISC_DEMO_SHARE_WORK_HOURS,       /* a developer's bursts on weekdays */
  _ISC_DEMO_SHARE_NONE,             /* retired: no traffic, no replicas */
} IscDemoShare;

typedef struct
{
  const char   *id;
  const char   *name;
  const char   *model_id;
  const char   *status;            /* as discovery reports it */
  const char   *environment;       /* NULL when in none */
  gboolean      is_production;
  gboolean      is_development;
  IscAppliesTo  applies;           /* GPU, LLM, ASYNC */
  IscDemoShare  share;
  int           created_days_ago;  /* ignored for FROM_PROMOTION */
  int           created_minutes_ago;  /* > 0: created this long before
                                       * now's minute (a build under way) */

  /* Traffic and latency */
  double        peak_rps;
  double        e2e_median_s;
  double        ttfb_fraction;     /* of the end-to-end median */
  double        request_bytes;
  double        response_bytes;
  double        base_4xx;
  int           incident_minute;   /* of the UTC day; -1 for none */

  /* Autoscaling and the instance */
  guint         min_replica;
  guint         max_replica;
  guint         concurrency_target;
  guint         scale_down_delay_s;
  guint         start_seconds;     /* a new replica's start-up time */
  const char   *instance_type_name;
  guint         memory_limit_mib;
  guint         millicpu_limit;
  guint         gpu_count;
  const char   *gpu_type;
  guint         gpu_memory_limit_mib;
  double        cpu_cores;         /* per replica at full load */
  double        memory_bytes;      /* per replica, working set */
  double        gpu_memory_mib;    /* per replica at rest */

  /* The large fleet's fault deployment: its metrics answer this status. */
  guint         fail_status;
  /* Served over WebSocket: request statuses are close codes. */
  gboolean      websocket;

  /* Settings discovery reports (NULL: the defaults below) */
  const char   *backpressure;      /* NULL: QUEUE_ON_FULL. REJECT_ON_FULL
                                    * answers its 4xx as exact 429s */
  const char   *region;            /* a slug of the region table; NULL: us-east-1 */
  guint         target_in_flight_tokens;  /* per replica; 0: not token-autoscaled */
  /* Its environment's autoscaling schedule applies to it (the chat
   * model's production): see _isc_demo_fleet_autoscaling_at(). */
  gboolean      scheduled;
} IscDemoDeployment;

typedef struct
{
  const char *id;
  const char *name;
  const char *production_id;
  const char *development_id;
  int         created_days_ago;
  /* Set in the large fleet; the static models look these up. */
  const char *instance_type_name;
  guint       n_deployments;
} IscDemoModel;

typedef struct
{
  const char *name;
  const char *model_id;
  const char *deployment_id;  /* serving now */
  const char *previous_id;    /* serving before the last promotion, or NULL */
  int         created_days_ago;
  /* Set in the large fleet: what deployment_id names. */
  const IscDemoDeployment *current;
} IscDemoEnvironment;

const IscDemoModel       *_isc_demo_fleet_get_models        (guint                     *n_models);
const IscDemoModel       *_isc_demo_fleet_lookup_model      (const char                *model_id);
const IscDemoDeployment  *_isc_demo_fleet_lookup_deployment (const IscDemoModel        *model,
                                                             const char                *deployment_id);
const IscDemoEnvironment *_isc_demo_fleet_lookup_environment (const IscDemoModel       *model,
                                                              const char               *name);
/* The deployment serving @env at @t_s (seconds since the epoch). */
const IscDemoDeployment  *_isc_demo_fleet_serving           (const IscDemoEnvironment  *env,
                                                             guint64                    seed,
                                                             gint64                     now_s,
                                                             gint64                     t_s);

/* The last promotion of a production environment with a previous
 * deployment: a fixed minute of the UTC day, between 1 and 25 hours
 * before @now_s. A multiple of 60 s.
 */
gint64                    _isc_demo_fleet_promotion_time    (guint64                    seed,
                                                             gint64                     now_s);
/* The autoscaling range in effect for @dep at @t_s: the "Afternoon
 * peak" schedule (every day 14:00–19:00 UTC, 4 to 16 replicas) for a
 * scheduled deployment inside its window, the base settings otherwise.
 * Returns whether the schedule applies. */
#define ISC_DEMO_SCHEDULE_ID          "sched-afternoon-peak"
#define ISC_DEMO_SCHEDULE_NAME        "Afternoon peak"
#define ISC_DEMO_SCHEDULE_START_HOUR  14
#define ISC_DEMO_SCHEDULE_END_HOUR    19
#define ISC_DEMO_SCHEDULE_MIN_REPLICA 4
#define ISC_DEMO_SCHEDULE_MAX_REPLICA 16
gboolean                  _isc_demo_fleet_autoscaling_at    (const IscDemoDeployment   *dep,
                                                             gint64                     t_s,
                                                             guint                     *min_replica,
                                                             guint                     *max_replica);
/* The HTTP status labels of @dep's inference volume: NULL for classes. */
const char * const       *_isc_demo_fleet_status_labels     (const IscDemoDeployment   *dep);
/* When the deployment came to be, in seconds since the epoch. */
gint64                    _isc_demo_fleet_created_time      (const IscDemoDeployment   *dep,
                                                             guint64                    seed,
                                                             gint64                     now_s);

/* Discovery bodies, as baseten-api.md shapes them. The fleet holds the
 * static facts; @active_replicas, what the data generator says runs at
 * @now_s in the deployment (for an environment: the one serving it now),
 * comes from the caller, so the fleet does not depend on the generator.
 */
JsonNode                 *_isc_demo_fleet_model_json        (const IscDemoModel        *model,
                                                             guint64                    seed,
                                                             gint64                     now_s);
JsonNode                 *_isc_demo_fleet_deployment_json   (const IscDemoDeployment   *dep,
                                                             guint64                    seed,
                                                             gint64                     now_s,
                                                             guint                      active_replicas);
/* @candidate_replicas: those of the candidate of a promotion in
 * progress (_isc_demo_fleet_candidate()), else ignored. */
JsonNode                 *_isc_demo_fleet_environment_json  (const IscDemoEnvironment  *env,
                                                             guint64                    seed,
                                                             gint64                     now_s,
                                                             guint                      active_replicas,
                                                             guint                      candidate_replicas);
/* The deployment a promotion in progress would bring to @env, or NULL. */
const IscDemoDeployment  *_isc_demo_fleet_candidate         (const IscDemoEnvironment  *env);
/* Borrowed entries, for GET …/deployments and …/environments. */
GPtrArray                *_isc_demo_fleet_list_deployments  (const IscDemoModel        *model);
GPtrArray                *_isc_demo_fleet_list_environments (const IscDemoModel        *model);

/* The large fleet ("fleet-size"): @n_models more models made from @seed,
 * "fleet-0001" …, each with a production and a development environment
 * and one to three deployments of varied instance types, some with a
 * daily incident. One deployment of the middle model, the fault
 * deployment, answers its metrics with a 500. The same seed and size
 * make the same fleet.
 */
typedef struct _IscDemoExtraFleet IscDemoExtraFleet;

IscDemoExtraFleet        *_isc_demo_extra_fleet_new           (guint                      n_models,
                                                               guint64                    seed);
void                      _isc_demo_extra_fleet_free          (IscDemoExtraFleet         *fleet);
guint                     _isc_demo_extra_fleet_get_n_models  (IscDemoExtraFleet         *fleet);
const IscDemoModel       *_isc_demo_extra_fleet_get_model     (IscDemoExtraFleet         *fleet,
                                                               guint                      index);
const IscDemoModel       *_isc_demo_extra_fleet_lookup_model  (IscDemoExtraFleet         *fleet,
                                                               const char                *model_id);
/* @model must be one of @fleet's; the aliases resolve as above. */
const IscDemoDeployment  *_isc_demo_extra_fleet_lookup_deployment (IscDemoExtraFleet     *fleet,
                                                                   const IscDemoModel    *model,
                                                                   const char            *deployment_id);
const IscDemoEnvironment *_isc_demo_extra_fleet_lookup_environment (IscDemoExtraFleet    *fleet,
                                                                    const IscDemoModel   *model,
                                                                    const char           *name);
GPtrArray                *_isc_demo_extra_fleet_list_deployments  (IscDemoExtraFleet     *fleet,
                                                                   const IscDemoModel    *model);
GPtrArray                *_isc_demo_extra_fleet_list_environments (IscDemoExtraFleet     *fleet,
                                                                   const IscDemoModel    *model);
/* The fault deployment's model and id; NULL when the fleet is empty. */
const IscDemoDeployment  *_isc_demo_extra_fleet_get_fault     (IscDemoExtraFleet         *fleet);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscDemoExtraFleet, _isc_demo_extra_fleet_free)

G_END_DECLS
