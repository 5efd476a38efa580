/* isc-demo-fleet.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-demo-fleet"

#include "config.h"

#include <string.h>

#include "isc-demo-fleet-private.h"
#include "isc-demo-ids.h"
#include "isc-demo-promotion-private.h"
#include "isc-math.h"

#define DAY_S  (24 * 3600)
#define H100_MIB 81559
#define A10G_MIB 23028
#define L4_MIB   23034

static const IscDemoModel models[] = {
  { ISC_DEMO_MODEL_CHAT, "chat-assistant",
    ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, ISC_DEMO_DEPLOYMENT_CHAT_DEVELOPMENT, 142 },
  { ISC_DEMO_MODEL_EMBED, "text-embeddings",
    ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION, ISC_DEMO_DEPLOYMENT_EMBED_DEVELOPMENT, 310 },
  { ISC_DEMO_MODEL_BATCH, "audio-transcription",
    ISC_DEMO_DEPLOYMENT_BATCH_PRODUCTION, NULL, 58 },
  { ISC_DEMO_MODEL_STREAM, "realtime-voice",
    ISC_DEMO_DEPLOYMENT_STREAM_PRODUCTION, NULL, 27 },
};

static const IscDemoDeployment deployments[] = {
  /* The chat LLM: about 3 s per streamed answer, up to 10 replicas. */
  { .id = ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS, .name = "v7", .model_id = ISC_DEMO_MODEL_CHAT,
    .status = "SCALED_TO_ZERO", .environment = NULL,
    .applies = ISC_APPLIES_GPU | ISC_APPLIES_LLM, .share = _ISC_DEMO_SHARE_UNTIL_PROMOTION,
    .created_days_ago = 23,
    .peak_rps = 9.0, .e2e_median_s = 2.4, .ttfb_fraction = 0.09,
    .request_bytes = 3800, .response_bytes = 1650, .base_4xx = 0.012, .incident_minute = 14 * 60 + 10,
    .min_replica = 2, .max_replica = 10, .concurrency_target = 6, .scale_down_delay_s = 900,
    .start_seconds = 300, .instance_type_name = "H100:1x26x234",
    .memory_limit_mib = 239616, .millicpu_limit = 26000, .gpu_count = 1, .gpu_type = "H100",
    .gpu_memory_limit_mib = H100_MIB, .cpu_cores = 2.2, .memory_bytes = 14.5e9,
    .gpu_memory_mib = 71800, .scheduled = TRUE },
  { .id = ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, .name = "v8", .model_id = ISC_DEMO_MODEL_CHAT,
    .status = "ACTIVE", .environment = ISC_DEMO_ENVIRONMENT_PRODUCTION,
    .is_production = TRUE,
    .applies = ISC_APPLIES_GPU | ISC_APPLIES_LLM, .share = _ISC_DEMO_SHARE_FROM_PROMOTION,
    .peak_rps = 9.0, .e2e_median_s = 2.1, .ttfb_fraction = 0.08,
    .request_bytes = 3800, .response_bytes = 1700, .base_4xx = 0.011, .incident_minute = 14 * 60 + 10,
    .min_replica = 2, .max_replica = 10, .concurrency_target = 6, .scale_down_delay_s = 900,
    .start_seconds = 300, .instance_type_name = "H100:1x26x234",
    .memory_limit_mib = 239616, .millicpu_limit = 26000, .gpu_count = 1, .gpu_type = "H100",
    .gpu_memory_limit_mib = H100_MIB, .cpu_cores = 2.1, .memory_bytes = 14.8e9,
    .gpu_memory_mib = 72400, .scheduled = TRUE, .target_in_flight_tokens = 9000 },
  { .id = ISC_DEMO_DEPLOYMENT_CHAT_DEVELOPMENT, .name = "development", .model_id = ISC_DEMO_MODEL_CHAT,
    .status = "ACTIVE", .environment = ISC_DEMO_ENVIRONMENT_DEVELOPMENT,
    .is_development = TRUE,
    .applies = ISC_APPLIES_GPU | ISC_APPLIES_LLM, .share = _ISC_DEMO_SHARE_WORK_HOURS,
    .created_days_ago = 9,
    .peak_rps = 0.4, .e2e_median_s = 2.6, .ttfb_fraction = 0.1,
    .request_bytes = 2900, .response_bytes = 1500, .base_4xx = 0.06, .incident_minute = -1,
    .min_replica = 0, .max_replica = 1, .concurrency_target = 6, .scale_down_delay_s = 900,
    .start_seconds = 240, .instance_type_name = "H100:1x26x234",
    .memory_limit_mib = 239616, .millicpu_limit = 26000, .gpu_count = 1, .gpu_type = "H100",
    .gpu_memory_limit_mib = H100_MIB, .cpu_cores = 1.8, .memory_bytes = 13.9e9,
    .gpu_memory_mib = 70100 },

  /* The CPU embedding model: fast, many small requests. */
  { .id = ISC_DEMO_DEPLOYMENT_EMBED_RETIRED, .name = "v1", .model_id = ISC_DEMO_MODEL_EMBED,
    .status = "INACTIVE", .environment = NULL,
    .applies = ISC_APPLIES_ALL, .share = _ISC_DEMO_SHARE_NONE, .created_days_ago = 310,
    .peak_rps = 0, .e2e_median_s = 0.2, .ttfb_fraction = 0.9,
    .request_bytes = 2100, .response_bytes = 6100, .base_4xx = 0.01, .incident_minute = -1,
    .min_replica = 0, .max_replica = 4, .concurrency_target = 2, .scale_down_delay_s = 600,
    .start_seconds = 60, .instance_type_name = "4x16",
    .memory_limit_mib = 16384, .millicpu_limit = 4000,
    .cpu_cores = 1.0, .memory_bytes = 1.7e9 },
  { .id = ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION, .name = "v2", .model_id = ISC_DEMO_MODEL_EMBED,
    .status = "ACTIVE", .environment = ISC_DEMO_ENVIRONMENT_PRODUCTION,
    .is_production = TRUE,
    .applies = ISC_APPLIES_ALL, .share = _ISC_DEMO_SHARE_ALWAYS, .created_days_ago = 64,
    .peak_rps = 32, .e2e_median_s = 0.11, .ttfb_fraction = 0.92,
    .request_bytes = 2200, .response_bytes = 6200, .base_4xx = 0.015, .incident_minute = 3 * 60 + 40,
    .min_replica = 1, .max_replica = 6, .concurrency_target = 2, .scale_down_delay_s = 600,
    .start_seconds = 60, .instance_type_name = "4x16",
    .memory_limit_mib = 16384, .millicpu_limit = 4000,
    .cpu_cores = 1.35, .memory_bytes = 1.8e9,
    /* Refuses what it cannot take: its 4xx are 429s. */
    .backpressure = "REJECT_ON_FULL", .region = "us-west-2" },
  { .id = ISC_DEMO_DEPLOYMENT_EMBED_DEVELOPMENT, .name = "development", .model_id = ISC_DEMO_MODEL_EMBED,
    .status = "ACTIVE", .environment = ISC_DEMO_ENVIRONMENT_DEVELOPMENT,
    .is_development = TRUE,
    .applies = ISC_APPLIES_ALL, .share = _ISC_DEMO_SHARE_WORK_HOURS, .created_days_ago = 12,
    .peak_rps = 1.5, .e2e_median_s = 0.13, .ttfb_fraction = 0.92,
    .request_bytes = 2000, .response_bytes = 6200, .base_4xx = 0.05, .incident_minute = -1,
    .min_replica = 0, .max_replica = 1, .concurrency_target = 2, .scale_down_delay_s = 600,
    .start_seconds = 60, .instance_type_name = "4x16",
    .memory_limit_mib = 16384, .millicpu_limit = 4000,
    .cpu_cores = 1.2, .memory_bytes = 1.6e9 },

  /* The async transcription model: hourly batches through a queue. */
  { .id = ISC_DEMO_DEPLOYMENT_BATCH_PRODUCTION, .name = "v4", .model_id = ISC_DEMO_MODEL_BATCH,
    .status = "ACTIVE", .environment = ISC_DEMO_ENVIRONMENT_PRODUCTION,
    .is_production = TRUE,
    .applies = ISC_APPLIES_GPU | ISC_APPLIES_ASYNC, .share = _ISC_DEMO_SHARE_ALWAYS,
    .created_days_ago = 41,
    .peak_rps = 1.1, .e2e_median_s = 9.5, .ttfb_fraction = 0.97,
    .request_bytes = 420000, .response_bytes = 3100, .base_4xx = 0.004, .incident_minute = 20 * 60 + 15,
    .min_replica = 1, .max_replica = 6, .concurrency_target = 2, .scale_down_delay_s = 1200,
    .start_seconds = 420, .instance_type_name = "A10G:1x4x16",
    .memory_limit_mib = 16384, .millicpu_limit = 4000, .gpu_count = 1, .gpu_type = "A10G",
    .gpu_memory_limit_mib = A10G_MIB, .cpu_cores = 1.5, .memory_bytes = 5.2e9,
    .gpu_memory_mib = 9800 },
  /* Its next version failed to load: no traffic, no replica ever ready. */
  { .id = ISC_DEMO_DEPLOYMENT_BATCH_FAILED, .name = "v5", .model_id = ISC_DEMO_MODEL_BATCH,
    .status = "DEPLOY_FAILED", .environment = NULL,
    .applies = ISC_APPLIES_GPU | ISC_APPLIES_ASYNC, .share = _ISC_DEMO_SHARE_NONE,
    .created_days_ago = 2,
    .peak_rps = 0, .e2e_median_s = 9.5, .ttfb_fraction = 0.97,
    .request_bytes = 420000, .response_bytes = 3100, .base_4xx = 0.004, .incident_minute = -1,
    .min_replica = 1, .max_replica = 6, .concurrency_target = 2, .scale_down_delay_s = 1200,
    .start_seconds = 420, .instance_type_name = "A10G:1x4x16",
    .memory_limit_mib = 16384, .millicpu_limit = 4000, .gpu_count = 1, .gpu_type = "A10G",
    .gpu_memory_limit_mib = A10G_MIB, .cpu_cores = 1.5, .memory_bytes = 5.2e9,
    .gpu_memory_mib = 9800 },

  /* The realtime voice model: WebSocket sessions of a few seconds, their
   * ends counted by close code; its daily incident closes some with 1011.
   * Baseten reports v5 unhealthy while the newer v6 is active (but not
   * promoted), and v6-hotfix has been building for 47 minutes: the diagnosis
   * banners' cases. */
  { .id = ISC_DEMO_DEPLOYMENT_STREAM_PRODUCTION, .name = "v5", .model_id = ISC_DEMO_MODEL_STREAM,
    .status = "UNHEALTHY", .environment = ISC_DEMO_ENVIRONMENT_PRODUCTION,
    .is_production = TRUE, .websocket = TRUE,
    .applies = ISC_APPLIES_GPU, .share = _ISC_DEMO_SHARE_ALWAYS,
    .created_days_ago = 20,
    .peak_rps = 4.0, .e2e_median_s = 6.5, .ttfb_fraction = 0.03,
    .request_bytes = 64000, .response_bytes = 48000, .base_4xx = 0.008, .incident_minute = 17 * 60 + 5,
    .min_replica = 1, .max_replica = 5, .concurrency_target = 8, .scale_down_delay_s = 600,
    .start_seconds = 180, .instance_type_name = "L4:1x4x16",
    .memory_limit_mib = 16384, .millicpu_limit = 4000, .gpu_count = 1, .gpu_type = "L4",
    .gpu_memory_limit_mib = L4_MIB, .cpu_cores = 0.9, .memory_bytes = 3.1e9,
    .gpu_memory_mib = 11200, .region = "eu-west-1" },
  { .id = ISC_DEMO_DEPLOYMENT_STREAM_NEXT, .name = "v6", .model_id = ISC_DEMO_MODEL_STREAM,
    .status = "ACTIVE", .environment = NULL, .websocket = TRUE,
    .applies = ISC_APPLIES_GPU, .share = _ISC_DEMO_SHARE_ALWAYS,
    .created_days_ago = 3,
    .peak_rps = 0.2, .e2e_median_s = 6.2, .ttfb_fraction = 0.03,
    .request_bytes = 64000, .response_bytes = 48000, .base_4xx = 0.008, .incident_minute = -1,
    .min_replica = 1, .max_replica = 5, .concurrency_target = 8, .scale_down_delay_s = 600,
    .start_seconds = 180, .instance_type_name = "L4:1x4x16",
    .memory_limit_mib = 16384, .millicpu_limit = 4000, .gpu_count = 1, .gpu_type = "L4",
    .gpu_memory_limit_mib = L4_MIB, .cpu_cores = 0.9, .memory_bytes = 3.0e9,
    .gpu_memory_mib = 11100, .region = "eu-west-1" },
  { .id = ISC_DEMO_DEPLOYMENT_STREAM_BUILDING, .name = "v6-hotfix", .model_id = ISC_DEMO_MODEL_STREAM,
    .status = "BUILDING", .environment = NULL, .websocket = TRUE,
    .applies = ISC_APPLIES_GPU, .share = _ISC_DEMO_SHARE_NONE,
    .created_minutes_ago = 47,
    .peak_rps = 0, .e2e_median_s = 6.2, .ttfb_fraction = 0.03,
    .request_bytes = 64000, .response_bytes = 48000, .base_4xx = 0.008, .incident_minute = -1,
    .min_replica = 1, .max_replica = 5, .concurrency_target = 8, .scale_down_delay_s = 600,
    .start_seconds = 180, .instance_type_name = "L4:1x4x16",
    .memory_limit_mib = 16384, .millicpu_limit = 4000, .gpu_count = 1, .gpu_type = "L4",
    .gpu_memory_limit_mib = L4_MIB, .cpu_cores = 0.9, .memory_bytes = 3.0e9,
    .gpu_memory_mib = 11100, .region = "eu-west-1" },
};

static const IscDemoEnvironment environments[] = {
  { ISC_DEMO_ENVIRONMENT_PRODUCTION, ISC_DEMO_MODEL_CHAT,
    ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS, 140 },
  { ISC_DEMO_ENVIRONMENT_DEVELOPMENT, ISC_DEMO_MODEL_CHAT,
    ISC_DEMO_DEPLOYMENT_CHAT_DEVELOPMENT, NULL, 140 },
  { ISC_DEMO_ENVIRONMENT_PRODUCTION, ISC_DEMO_MODEL_EMBED,
    ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION, NULL, 300 },
  { ISC_DEMO_ENVIRONMENT_DEVELOPMENT, ISC_DEMO_MODEL_EMBED,
    ISC_DEMO_DEPLOYMENT_EMBED_DEVELOPMENT, NULL, 300 },
  { ISC_DEMO_ENVIRONMENT_PRODUCTION, ISC_DEMO_MODEL_BATCH,
    ISC_DEMO_DEPLOYMENT_BATCH_PRODUCTION, NULL, 58 },
  { ISC_DEMO_ENVIRONMENT_PRODUCTION, ISC_DEMO_MODEL_STREAM,
    ISC_DEMO_DEPLOYMENT_STREAM_PRODUCTION, NULL, 20 },
};

const IscDemoModel *
_isc_demo_fleet_get_models (guint *n_models)
{
  *n_models = G_N_ELEMENTS (models);
  return models;
}

const IscDemoModel *
_isc_demo_fleet_lookup_model (const char *model_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    {
      if (g_strcmp0 (models[i].id, model_id) == 0)
        return &models[i];
    }

  return NULL;
}

static const IscDemoDeployment *
lookup_deployment_by_id (const char *deployment_id)
{
  for (guint i = 0; i < G_N_ELEMENTS (deployments); i++)
    {
      if (g_strcmp0 (deployments[i].id, deployment_id) == 0)
        return &deployments[i];
    }

  return NULL;
}

/* Also resolves the "production" and "development" aliases. */
const IscDemoDeployment *
_isc_demo_fleet_lookup_deployment (const IscDemoModel *model,
                                   const char         *deployment_id)
{
  const IscDemoDeployment *dep;

  g_return_val_if_fail (model != NULL, NULL);

  if (g_strcmp0 (deployment_id, "production") == 0)
    deployment_id = model->production_id;
  else if (g_strcmp0 (deployment_id, "development") == 0)
    deployment_id = model->development_id;

  if (deployment_id == NULL)
    return NULL;

  dep = lookup_deployment_by_id (deployment_id);
  if (dep == NULL || strcmp (dep->model_id, model->id) != 0)
    return NULL;

  return dep;
}

const IscDemoDeployment *
_isc_demo_fleet_candidate (const IscDemoEnvironment *env)
{
  const IscDemoModel *model;

  if (!g_str_equal (env->model_id, ISC_DEMO_PROMOTION_MODEL) ||
      g_strcmp0 (env->name, ISC_DEMO_PROMOTION_ENVIRONMENT) != 0 ||
      !(model = _isc_demo_fleet_lookup_model (env->model_id)))
    return NULL;
  return _isc_demo_fleet_lookup_deployment (model, ISC_DEMO_PROMOTION_CANDIDATE);
}

const IscDemoEnvironment *
_isc_demo_fleet_lookup_environment (const IscDemoModel *model,
                                    const char         *name)
{
  g_return_val_if_fail (model != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (environments); i++)
    {
      if (strcmp (environments[i].model_id, model->id) == 0 &&
          g_strcmp0 (environments[i].name, name) == 0)
        return &environments[i];
    }

  return NULL;
}

gint64
_isc_demo_fleet_promotion_time (guint64 seed,
                                gint64  now_s)
{
  /* 09:47 UTC plus up to an hour chosen by the seed: the same minute
   * every day, so the promotion moves only once a day and overlapping
   * requests agree about it.
   */
  gint64 offset = (9 * 60 + 47 + (gint64) (seed % 60)) * 60;
  gint64 latest = now_s - 3600;
  gint64 day = latest - isc_floor_mod (latest - offset, DAY_S);

  return day;
}

const IscDemoDeployment *
_isc_demo_fleet_serving (const IscDemoEnvironment *env,
                         guint64                   seed,
                         gint64                    now_s,
                         gint64                    t_s)
{
  if (env->current != NULL)
    return env->current;
  if (env->previous_id != NULL && t_s < _isc_demo_fleet_promotion_time (seed, now_s))
    return lookup_deployment_by_id (env->previous_id);

  return lookup_deployment_by_id (env->deployment_id);
}

gint64
_isc_demo_fleet_created_time (const IscDemoDeployment *dep,
                              guint64                  seed,
                              gint64                   now_s)
{
  if (dep->share == _ISC_DEMO_SHARE_FROM_PROMOTION)
    return _isc_demo_fleet_promotion_time (seed, now_s) - 20 * 3600;
  if (dep->created_minutes_ago > 0)
    return (now_s / 60 - dep->created_minutes_ago) * 60;

  /* Whole days before midnight, so it does not move during a day. */
  return (now_s / DAY_S - dep->created_days_ago) * DAY_S + 11 * 3600 + 1234;
}

gboolean
_isc_demo_fleet_autoscaling_at (const IscDemoDeployment *dep,
                                gint64                   t_s,
                                guint                   *min_replica,
                                guint                   *max_replica)
{
  gint64 minute = isc_floor_mod (t_s, DAY_S) / 60;
  gboolean applies = dep->scheduled &&
                     minute >= ISC_DEMO_SCHEDULE_START_HOUR * 60 &&
                     minute < ISC_DEMO_SCHEDULE_END_HOUR * 60;

  *min_replica = applies ? ISC_DEMO_SCHEDULE_MIN_REPLICA : dep->min_replica;
  *max_replica = applies ? ISC_DEMO_SCHEDULE_MAX_REPLICA : dep->max_replica;
  return applies;
}

const char * const *
_isc_demo_fleet_status_labels (const IscDemoDeployment *dep)
{
  static const char * const close_codes[] = { "1000", "4001", "1011" };
  static const char * const refused[] = { "200", "429", "500" };

  /* A WebSocket model counts its sessions' ends by close code: normal,
   * an application's own refusal, and the server's error. */
  if (dep->websocket)
    return close_codes;
  if (g_strcmp0 (dep->backpressure, "REJECT_ON_FULL") == 0)
    return refused;
  return NULL;
}

static const struct
{
  const char *slug;
  const char *display_name;
} regions[] = {
  { "us-east-1", "US East (N. Virginia)" },
  { "us-west-2", "US West (Oregon)" },
  { "eu-west-1", "Europe (Ireland)" },
};

static void
add_region (JsonBuilder             *b,
            const IscDemoDeployment *dep)
{
  guint i = 0;

  while (dep->region != NULL && i < G_N_ELEMENTS (regions) - 1 && !g_str_equal (regions[i].slug, dep->region))
    i++;
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "slug");
  json_builder_add_string_value (b, regions[i].slug);
  json_builder_set_member_name (b, "display_name");
  json_builder_add_string_value (b, regions[i].display_name);
  json_builder_end_object (b);
}

static void
add_backpressure (JsonBuilder             *b,
                  const IscDemoDeployment *dep)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "policy");
  json_builder_add_string_value (b, dep->backpressure != NULL ? dep->backpressure : "QUEUE_ON_FULL");
  json_builder_end_object (b);
}

/* {"team": the model's name, "tier": what the deployment is for} */
static void
add_labels (JsonBuilder             *b,
            const IscDemoDeployment *dep)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (dep->model_id);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "service");
  json_builder_add_string_value (b, model != NULL ? model->name : dep->model_id);
  json_builder_set_member_name (b, "tier");
  json_builder_add_string_value (b, dep->is_production ? "critical" : dep->is_development ? "dev" : "standby");
  json_builder_end_object (b);
}

static char *
iso8601 (gint64 t_s)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (t_s);

  return g_date_time_format (dt, "%Y-%m-%dT%H:%M:%S.000000Z");
}

static guint
count_deployments (const IscDemoModel *model)
{
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (deployments); i++)
    {
      if (strcmp (deployments[i].model_id, model->id) == 0)
        n++;
    }

  return n;
}

JsonNode *
_isc_demo_fleet_model_json (const IscDemoModel *model,
                            guint64             seed,
                            gint64              now_s)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *created = iso8601 ((now_s / DAY_S - model->created_days_ago) * DAY_S + 8 * 3600);
  const IscDemoDeployment *prod = model->instance_type_name == NULL
                                  ? _isc_demo_fleet_lookup_deployment (model, "production") : NULL;
  const char *instance_type = model->instance_type_name != NULL ? model->instance_type_name
                              : prod != NULL ? prod->instance_type_name : "1x2x8";

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, model->id);
  json_builder_set_member_name (b, "created_at");
  json_builder_add_string_value (b, created);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, model->name);
  json_builder_set_member_name (b, "deployments_count");
  json_builder_add_int_value (b, model->n_deployments > 0 ? model->n_deployments : count_deployments (model));
  json_builder_set_member_name (b, "production_deployment_id");
  if (model->production_id != NULL)
    json_builder_add_string_value (b, model->production_id);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "development_deployment_id");
  if (model->development_id != NULL)
    json_builder_add_string_value (b, model->development_id);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "instance_type_name");
  json_builder_add_string_value (b, instance_type);
  json_builder_set_member_name (b, "team_name");
  json_builder_add_string_value (b, "Inferscope demo");
  json_builder_end_object (b);

  return json_builder_get_root (b);
}

/* @min_replica, @max_replica: those in effect (or the base). */
static void
add_autoscaling_range (JsonBuilder             *b,
                       const IscDemoDeployment *dep,
                       guint                    min_replica,
                       guint                    max_replica)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "min_replica");
  json_builder_add_int_value (b, min_replica);
  json_builder_set_member_name (b, "max_replica");
  json_builder_add_int_value (b, max_replica);
  json_builder_set_member_name (b, "autoscaling_window");
  json_builder_add_int_value (b, 60);
  json_builder_set_member_name (b, "scale_down_delay");
  json_builder_add_int_value (b, dep->scale_down_delay_s);
  json_builder_set_member_name (b, "concurrency_target");
  json_builder_add_int_value (b, dep->concurrency_target);
  json_builder_set_member_name (b, "target_utilization_percentage");
  json_builder_add_int_value (b, 70);
  json_builder_set_member_name (b, "target_in_flight_tokens");
  if (dep->target_in_flight_tokens > 0)
    json_builder_add_int_value (b, dep->target_in_flight_tokens);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "max_scale_down_rate");
  json_builder_add_int_value (b, 20);
  json_builder_end_object (b);
}

/* The base settings. */
static void
add_autoscaling (JsonBuilder             *b,
                 const IscDemoDeployment *dep)
{
  add_autoscaling_range (b, dep, dep->min_replica, dep->max_replica);
}

/* The deployment's own settings are those in effect. */
static void
add_autoscaling_now (JsonBuilder             *b,
                     const IscDemoDeployment *dep,
                     gint64                   now_s)
{
  guint min_replica, max_replica;

  _isc_demo_fleet_autoscaling_at (dep, now_s, &min_replica, &max_replica);
  add_autoscaling_range (b, dep, min_replica, max_replica);
}

/* The environment's schedules and the state applied now. */
static void
add_schedules (JsonBuilder             *b,
               const IscDemoDeployment *dep,
               gint64                   now_s)
{
  static const char * const weekdays[] = {
    "SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY",
  };
  guint min_replica, max_replica;
  gboolean applies = _isc_demo_fleet_autoscaling_at (dep, now_s, &min_replica, &max_replica);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "timezone");
  json_builder_add_string_value (b, "UTC");
  json_builder_set_member_name (b, "schedules");
  json_builder_begin_array (b);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, ISC_DEMO_SCHEDULE_ID);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, ISC_DEMO_SCHEDULE_NAME);
  json_builder_set_member_name (b, "enabled");
  json_builder_add_boolean_value (b, TRUE);
  json_builder_set_member_name (b, "cadence");
  json_builder_add_string_value (b, "DAILY");
  json_builder_set_member_name (b, "weekdays");
  json_builder_begin_array (b);
  for (guint i = 0; i < G_N_ELEMENTS (weekdays); i++)
    json_builder_add_string_value (b, weekdays[i]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "start_hour");
  json_builder_add_int_value (b, ISC_DEMO_SCHEDULE_START_HOUR);
  json_builder_set_member_name (b, "start_minute");
  json_builder_add_int_value (b, 0);
  json_builder_set_member_name (b, "end_hour");
  json_builder_add_int_value (b, ISC_DEMO_SCHEDULE_END_HOUR);
  json_builder_set_member_name (b, "end_minute");
  json_builder_add_int_value (b, 0);
  json_builder_set_member_name (b, "autoscaling_settings");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "min_replica");
  json_builder_add_int_value (b, ISC_DEMO_SCHEDULE_MIN_REPLICA);
  json_builder_set_member_name (b, "max_replica");
  json_builder_add_int_value (b, ISC_DEMO_SCHEDULE_MAX_REPLICA);
  /* The rest inherit the environment's. */
  json_builder_set_member_name (b, "concurrency_target");
  json_builder_add_null_value (b);
  json_builder_set_member_name (b, "target_in_flight_tokens");
  json_builder_add_null_value (b);
  json_builder_end_object (b);
  json_builder_end_object (b);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "applied_state");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "schedule_id");
  if (applies)
    json_builder_add_string_value (b, ISC_DEMO_SCHEDULE_ID);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "autoscaling_settings");
  add_autoscaling_range (b, dep, min_replica, max_replica);
  json_builder_end_object (b);
  json_builder_end_object (b);
}

static void
add_deployment (JsonBuilder             *b,
                const IscDemoDeployment *dep,
                guint64                  seed,
                gint64                   now_s,
                guint                    active)
{
  g_autofree char *created = iso8601 (_isc_demo_fleet_created_time (dep, seed, now_s));
  const char *status = dep->status;

  /* Scale to zero shows in the status, as it does on Baseten. */
  if (g_str_equal (status, "ACTIVE") && active == 0 && dep->min_replica == 0)
    status = "SCALED_TO_ZERO";

  /* A deployment that scaled to zero or was retired runs nothing, even
   * where its autoscaling minimum (kept for when it wakes) is above 0. */
  if (g_str_equal (status, "SCALED_TO_ZERO") || g_str_equal (status, "INACTIVE"))
    active = 0;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, dep->id);
  json_builder_set_member_name (b, "created_at");
  json_builder_add_string_value (b, created);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, dep->name);
  json_builder_set_member_name (b, "model_id");
  json_builder_add_string_value (b, dep->model_id);
  json_builder_set_member_name (b, "is_production");
  json_builder_add_boolean_value (b, dep->is_production);
  json_builder_set_member_name (b, "is_development");
  json_builder_add_boolean_value (b, dep->is_development);
  json_builder_set_member_name (b, "status");
  json_builder_add_string_value (b, status);
  json_builder_set_member_name (b, "active_replica_count");
  json_builder_add_int_value (b, active);
  json_builder_set_member_name (b, "autoscaling_settings");
  add_autoscaling_now (b, dep, now_s);
  json_builder_set_member_name (b, "instance_type_name");
  json_builder_add_string_value (b, dep->instance_type_name);
  json_builder_set_member_name (b, "environment");
  if (dep->environment != NULL)
    json_builder_add_string_value (b, dep->environment);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "region");
  add_region (b, dep);
  json_builder_set_member_name (b, "labels");
  add_labels (b, dep);
  json_builder_set_member_name (b, "request_backpressure_settings");
  add_backpressure (b, dep);
  json_builder_end_object (b);
}

JsonNode *
_isc_demo_fleet_deployment_json (const IscDemoDeployment *dep,
                                 guint64                  seed,
                                 gint64                   now_s,
                                 guint                    active_replicas)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  add_deployment (b, dep, seed, now_s, active_replicas);
  return json_builder_get_root (b);
}

JsonNode *
_isc_demo_fleet_environment_json (const IscDemoEnvironment *env,
                                  guint64                   seed,
                                  gint64                    now_s,
                                  guint                     active_replicas,
                                  guint                     candidate_replicas)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  const IscDemoDeployment *dep = env->current != NULL ? env->current
                                 : lookup_deployment_by_id (env->deployment_id);
  g_autofree char *created = iso8601 ((now_s / DAY_S - env->created_days_ago) * DAY_S + 9 * 3600);
  const IscDemoDeployment *candidate = _isc_demo_fleet_candidate (env);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, env->name);
  json_builder_set_member_name (b, "created_at");
  json_builder_add_string_value (b, created);
  json_builder_set_member_name (b, "model_id");
  json_builder_add_string_value (b, env->model_id);
  json_builder_set_member_name (b, "current_deployment");
  add_deployment (b, dep, seed, now_s, active_replicas);
  /* text-embeddings' production has a paused promotion
   * (isc-demo-promotion-private.h); elsewhere the last promotion finished
   * during the last day and none is running. */
  if (candidate != NULL)
    {
      json_builder_set_member_name (b, "candidate_deployment");
      add_deployment (b, candidate, seed, now_s, candidate_replicas);
      json_builder_set_member_name (b, "in_progress_promotion");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "status");
      json_builder_add_string_value (b, ISC_DEMO_PROMOTION_STATUS);
      json_builder_set_member_name (b, "percent_traffic_to_new_version");
      json_builder_add_int_value (b, ISC_DEMO_PROMOTION_PERCENT);
      json_builder_set_member_name (b, "error_message");
      json_builder_add_string_value (b, ISC_DEMO_PROMOTION_MESSAGE);
      json_builder_set_member_name (b, "rolling_deploy");
      json_builder_add_boolean_value (b, FALSE);
      json_builder_end_object (b);
    }
  else
    {
      json_builder_set_member_name (b, "candidate_deployment");
      json_builder_add_null_value (b);
      json_builder_set_member_name (b, "in_progress_promotion");
      json_builder_add_null_value (b);
    }
  /* The base settings; the schedule's, where it applies, in
   * autoscaling_schedules.applied_state. */
  json_builder_set_member_name (b, "autoscaling_settings");
  add_autoscaling (b, dep);
  json_builder_set_member_name (b, "autoscaling_schedules");
  if (dep->scheduled)
    add_schedules (b, dep, now_s);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "request_backpressure_settings");
  add_backpressure (b, dep);
  json_builder_set_member_name (b, "instance_type");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, dep->instance_type_name);
  json_builder_set_member_name (b, "memory_limit_mib");
  json_builder_add_int_value (b, dep->memory_limit_mib);
  json_builder_set_member_name (b, "millicpu_limit");
  json_builder_add_int_value (b, dep->millicpu_limit);
  json_builder_set_member_name (b, "gpu_count");
  json_builder_add_int_value (b, dep->gpu_count);
  json_builder_set_member_name (b, "gpu_type");
  if (dep->gpu_type != NULL)
    json_builder_add_string_value (b, dep->gpu_type);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "gpu_memory_limit_mib");
  if (dep->gpu_count > 0)
    json_builder_add_int_value (b, dep->gpu_memory_limit_mib);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  json_builder_end_object (b);

  return json_builder_get_root (b);
}

GPtrArray *
_isc_demo_fleet_list_deployments (const IscDemoModel *model)
{
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (deployments); i++)
    {
      if (strcmp (deployments[i].model_id, model->id) == 0)
        g_ptr_array_add (list, (gpointer) &deployments[i]);
    }

  return list;
}

GPtrArray *
_isc_demo_fleet_list_environments (const IscDemoModel *model)
{
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (environments); i++)
    {
      if (strcmp (environments[i].model_id, model->id) == 0)
        g_ptr_array_add (list, (gpointer) &environments[i]);
    }

  return list;
}
