/* isc-discovery.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What Baseten says about models, deployments, environments and the user a
 * key belongs to: small immutable values, reference counted (copy is ref).
 * Decoding keeps going past fields and enum values it does not know; only a
 * missing id (a name for an environment) is an error, in ISC_API_ERROR
 * MALFORMED with the path of the bad field.
 */

typedef enum
{
  ISC_DEPLOYMENT_STATUS_UNKNOWN,
  ISC_DEPLOYMENT_STATUS_BUILDING,
  ISC_DEPLOYMENT_STATUS_DEPLOYING,
  ISC_DEPLOYMENT_STATUS_DEPLOY_FAILED,
  ISC_DEPLOYMENT_STATUS_LOADING_MODEL,
  ISC_DEPLOYMENT_STATUS_ACTIVE,
  ISC_DEPLOYMENT_STATUS_UNHEALTHY,
  ISC_DEPLOYMENT_STATUS_BUILD_FAILED,
  ISC_DEPLOYMENT_STATUS_BUILD_STOPPED,
  ISC_DEPLOYMENT_STATUS_DEACTIVATING,
  ISC_DEPLOYMENT_STATUS_INACTIVE,
  ISC_DEPLOYMENT_STATUS_FAILED,
  ISC_DEPLOYMENT_STATUS_UPDATING,
  ISC_DEPLOYMENT_STATUS_SCALED_TO_ZERO,
  ISC_DEPLOYMENT_STATUS_WAKING_UP,
} IscDeploymentStatus;

/* -1 where the API sent null or nothing. */
typedef struct
{
  gint64 min_replica;
  gint64 max_replica;
  gint64 autoscaling_window;
  gint64 scale_down_delay;
  gint64 concurrency_target;
  gint64 target_utilization_percentage;
  gint64 target_in_flight_tokens;        /* early access: token-autoscaled LLMs */
  gint64 max_scale_down_rate;            /* percent of replicas per window */
} IscAutoscaling;

/* RequestBackpressureSettingsV1.policy */
typedef enum
{
  ISC_BACKPRESSURE_NONE,           /* null or absent: no policy set */
  ISC_BACKPRESSURE_QUEUE_ON_FULL,
  ISC_BACKPRESSURE_REJECT_ON_FULL,
  ISC_BACKPRESSURE_OTHER,          /* a value Inferscope does not know */
} IscBackpressure;

/* InProgressPromotionV1.status */
typedef enum
{
  ISC_PROMOTION_NONE,              /* no promotion in progress */
  ISC_PROMOTION_RELEASING,
  ISC_PROMOTION_RAMPING_UP,
  ISC_PROMOTION_RAMPING_DOWN,
  ISC_PROMOTION_PAUSED,
  ISC_PROMOTION_SUCCEEDED,
  ISC_PROMOTION_FAILED,
  ISC_PROMOTION_CANCELED,
  ISC_PROMOTION_OTHER,             /* a value Inferscope does not know */
} IscPromotionStatus;

typedef enum
{
  ISC_SCHEDULE_CADENCE_OTHER,
  ISC_SCHEDULE_CADENCE_DAILY,      /* once per selected weekday */
  ISC_SCHEDULE_CADENCE_HOURLY,     /* the minute window every hour */
  ISC_SCHEDULE_CADENCE_ONE_TIME,
} IscScheduleCadence;

/* One of an environment's autoscaling schedules. Hours and minutes are in
 * the schedules' time zone, -1 where absent; weekdays a bit mask with bit
 * 0 for Monday … bit 6 for Sunday (GDateTime's day of week - 1). */
typedef struct
{
  char               *id;
  char               *name;
  gboolean            enabled;
  IscScheduleCadence  cadence;
  guint               weekdays;
  gint64              start_hour;
  gint64              start_minute;
  gint64              end_hour;
  gint64              end_minute;
  gint64              start_at_ms;     /* ONE_TIME, inclusive; 0 when absent */
  gint64              end_at_ms;       /* ONE_TIME, exclusive */
  IscAutoscaling      settings;        /* the overrides: -1 inherits the base */
} IscAutoscalingSchedule;

/* At most this many schedules, labels are kept; the rest are left out. */
#define ISC_DISCOVERY_MAX_SCHEDULES 32
#define ISC_DISCOVERY_MAX_LABELS    32

typedef struct
{
  char    *id;
  char    *name;
  char    *created_at;                 /* ISO 8601 as sent */
  gint64   deployments_count;
  char    *production_deployment_id;   /* NULL when none */
  char    *development_deployment_id;
  char    *instance_type_name;
  char    *team_name;
} IscModel;

typedef struct
{
  char                *id;
  char                *name;
  char                *created_at;
  char                *model_id;
  gboolean             is_production;
  gboolean             is_development;
  IscDeploymentStatus  status;
  char                *status_string;      /* as sent, for values we do not know */
  gint64               active_replica_count;
  gboolean             has_autoscaling;
  IscAutoscaling       autoscaling;
  char                *instance_type_name;
  char                *environment;        /* NULL when none */
  IscBackpressure      backpressure;       /* in effect */
  char                *region_slug;        /* NULL when none */
  char                *region_name;
  /* "key", "value", … as text (other value types in JSON), at most
   * ISC_DISCOVERY_MAX_LABELS pairs; NULL when none. */
  char               **labels;
} IscDeployment;

typedef struct
{
  char           *name;
  char           *created_at;
  char           *model_id;
  IscDeployment  *current_deployment;    /* NULL when none */
  IscDeployment  *candidate_deployment;  /* during a promotion */
  char           *promotion_status;      /* NULL unless a promotion is in progress */
  IscPromotionStatus promotion;
  char           *promotion_message;     /* Baseten's error_message, or NULL */
  double          promotion_percent;     /* traffic to the new version, or -1 */
  IscBackpressure backpressure;
  gboolean        has_autoscaling;
  IscAutoscaling  autoscaling;
  gint64          memory_limit_mib;      /* instance type; -1 when unknown */
  gint64          millicpu_limit;
  gint64          gpu_count;
  char           *gpu_type;
  gint64          gpu_memory_limit_mib;
  /* autoscaling_schedules: NULL time zone means UTC */
  char           *schedules_timezone;
  GTimeZone      *schedules_tz;          /* that zone, UTC when unknown */
  GPtrArray      *schedules;             /* of IscAutoscalingSchedule; never NULL */
  gboolean        has_applied;           /* applied_state was sent */
  char           *applied_schedule_id;   /* NULL when the base settings apply */
  IscAutoscaling  applied;               /* the settings in effect now */
  /* What isc_environment_get_effective_autoscaling() says, at decoding */
  gboolean        has_effective;
  IscAutoscaling  effective;
} IscEnvironment;

typedef struct
{
  char *user_id;
  char *email;           /* each may be NULL */
  char *name;
  char *workspace_name;
} IscUser;

#define ISC_TYPE_MODEL       (isc_model_get_type ())
#define ISC_TYPE_DEPLOYMENT  (isc_deployment_get_type ())
#define ISC_TYPE_ENVIRONMENT (isc_environment_get_type ())
#define ISC_TYPE_USER        (isc_user_get_type ())

GType           isc_model_get_type         (void) G_GNUC_CONST;
GType           isc_deployment_get_type    (void) G_GNUC_CONST;
GType           isc_environment_get_type   (void) G_GNUC_CONST;
GType           isc_user_get_type          (void) G_GNUC_CONST;

IscModel       *isc_model_ref              (IscModel       *model);
void            isc_model_unref            (IscModel       *model);
IscDeployment  *isc_deployment_ref         (IscDeployment  *deployment);
void            isc_deployment_unref       (IscDeployment  *deployment);
IscEnvironment *isc_environment_ref        (IscEnvironment *environment);
void            isc_environment_unref      (IscEnvironment *environment);
IscUser        *isc_user_ref               (IscUser        *user);
void            isc_user_unref             (IscUser        *user);

IscDeploymentStatus isc_deployment_status_from_string (const char *str);
IscPromotionStatus  isc_promotion_status_from_string  (const char *str);

/* The autoscaling settings in effect now: the applied state when Baseten
 * sent one, else the base settings, else the serving deployment's. FALSE
 * (and -1 everywhere) when none is known. */
gboolean        isc_environment_get_effective_autoscaling (IscEnvironment *environment,
                                                           IscAutoscaling *out);
/* The settings a schedule would put in effect at @time_ms: the first
 * enabled schedule whose window holds @time_ms, its null fields from the
 * base; the base where none does. Returns the schedule that applies, or
 * NULL. @out is the base settings when the environment has none. */
const IscAutoscalingSchedule *
                isc_environment_get_autoscaling_at        (IscEnvironment *environment,
                                                           gint64          time_ms,
                                                           IscAutoscaling *out);
/* TRUE when @schedule's window holds @time_ms, read in @tz. */
gboolean        isc_autoscaling_schedule_applies          (const IscAutoscalingSchedule *schedule,
                                                           GTimeZone                    *tz,
                                                           gint64                        time_ms);

/* {"models": [Model]} → IscModel; likewise for deployments and
 * environments. The arrays free their elements. */
GPtrArray      *isc_models_from_bytes       (GBytes  *bytes,
                                             GError **error);
GPtrArray      *isc_deployments_from_bytes  (GBytes  *bytes,
                                             GError **error);
GPtrArray      *isc_environments_from_bytes (GBytes  *bytes,
                                             GError **error);
IscUser        *isc_user_from_bytes         (GBytes  *bytes,
                                             GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscModel, isc_model_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscDeployment, isc_deployment_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscEnvironment, isc_environment_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscUser, isc_user_unref)

G_END_DECLS
