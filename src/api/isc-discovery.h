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
} IscAutoscaling;

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
} IscDeployment;

typedef struct
{
  char           *name;
  char           *created_at;
  char           *model_id;
  IscDeployment  *current_deployment;    /* NULL when none */
  IscDeployment  *candidate_deployment;  /* during a promotion */
  char           *promotion_status;      /* NULL unless a promotion is in progress */
  double          promotion_percent;     /* traffic to the new version, or -1 */
  gboolean        has_autoscaling;
  IscAutoscaling  autoscaling;
  gint64          memory_limit_mib;      /* instance type; -1 when unknown */
  gint64          millicpu_limit;
  gint64          gpu_count;
  char           *gpu_type;
  gint64          gpu_memory_limit_mib;
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
