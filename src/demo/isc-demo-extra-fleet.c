/* isc-demo-extra-fleet.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The large fleet of the simulated API ("fleet-size"): many more models,
 * made from the seed so the same seed and size always give the same
 * fleet, for measuring the fleet overview. Each model has a production
 * and a development environment and one to three deployments: the
 * production one, a development one (when it has two or more; else the
 * development environment is served by the production deployment) and
 * an older one that still serves a little or is retired.
 */

#define G_LOG_DOMAIN "isc-demo-fleet"

#include "config.h"

#include <string.h>

#include "isc-demo-fleet-private.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-ids.h"

typedef struct
{
  const char   *instance_type_name;
  IscAppliesTo  applies;
  guint         memory_limit_mib;
  guint         millicpu_limit;
  guint         gpu_count;
  const char   *gpu_type;
  guint         gpu_memory_limit_mib;
  double        e2e_median_s;
  double        ttfb_fraction;
  double        peak_rps;
  double        memory_bytes;
  double        gpu_memory_mib;
  guint         start_seconds;
} Profile;

static const Profile profiles[] = {
  { "H100:1x26x234", ISC_APPLIES_GPU | ISC_APPLIES_LLM, 239616, 26000, 1, "H100", 81559,
    2.2, 0.08, 8.0, 14.5e9, 71000, 300 },
  { "A100:1x12x144", ISC_APPLIES_GPU | ISC_APPLIES_LLM, 147456, 12000, 1, "A100", 81920,
    1.6, 0.1, 5.0, 11.0e9, 60000, 280 },
  { "L4:1x4x16", ISC_APPLIES_GPU, 16384, 4000, 1, "L4", 23034,
    0.45, 0.9, 12.0, 4.1e9, 14000, 150 },
  { "A10G:1x4x16", ISC_APPLIES_GPU | ISC_APPLIES_ASYNC, 16384, 4000, 1, "A10G", 23028,
    6.5, 0.97, 1.2, 5.0e9, 9500, 420 },
  { "4x16", ISC_APPLIES_ALL, 16384, 4000, 0, NULL, 0,
    0.11, 0.92, 30.0, 1.8e9, 0, 60 },
  { "1x2x8", ISC_APPLIES_ALL, 8192, 1000, 0, NULL, 0,
    0.05, 0.95, 6.0, 0.6e9, 0, 45 },
};

#define MAX_DEPLOYMENTS 3

typedef struct
{
  IscDemoModel       model;
  IscDemoDeployment  deployments[MAX_DEPLOYMENTS];
  guint              n_deployments;
  IscDemoEnvironment environments[2];
} ExtraModel;

struct _IscDemoExtraFleet
{
  ExtraModel   *models;
  guint         n_models;
  GStringChunk *strings;
  GHashTable   *by_id;   /* model id → ExtraModel, borrowed */
  const IscDemoDeployment *fault;
};

/* A number in [0, 1) from the seed, the model and a stream. */
static double
pick (guint64 seed,
      guint   index,
      guint   stream)
{
  return (double) (_isc_demo_mix64 (_isc_demo_mix64 (seed) ^ ((guint64) index << 8) ^ stream) >> 11) / (double) (G_GUINT64_CONSTANT (1) << 53);
}

static const char *
intern (IscDemoExtraFleet *fleet,
        char              *text)
{
  const char *s = g_string_chunk_insert_const (fleet->strings, text);

  g_free (text);
  return s;
}

static void
fill_deployment (IscDemoDeployment *dep,
                 const Profile     *profile,
                 double             scale)
{
  dep->applies = profile->applies;
  dep->instance_type_name = profile->instance_type_name;
  dep->memory_limit_mib = profile->memory_limit_mib;
  dep->millicpu_limit = profile->millicpu_limit;
  dep->gpu_count = profile->gpu_count;
  dep->gpu_type = profile->gpu_type;
  dep->gpu_memory_limit_mib = profile->gpu_memory_limit_mib;
  dep->e2e_median_s = profile->e2e_median_s * (0.7 + 0.6 * scale);
  dep->ttfb_fraction = profile->ttfb_fraction;
  dep->peak_rps = profile->peak_rps * (0.3 + 1.4 * scale);
  dep->request_bytes = 2000 + 3000 * scale;
  dep->response_bytes = 1500 + 4000 * scale;
  dep->base_4xx = 0.004 + 0.02 * scale;
  dep->incident_minute = -1;
  dep->concurrency_target = profile->gpu_count > 0 ? 4 : 2;
  dep->scale_down_delay_s = 900;
  dep->start_seconds = profile->start_seconds;
  dep->cpu_cores = 1.2 + scale;
  dep->memory_bytes = profile->memory_bytes;
  dep->gpu_memory_mib = profile->gpu_memory_mib;
}

static void
make_model (IscDemoExtraFleet *fleet,
            ExtraModel        *m,
            guint              i,
            guint64            seed,
            gboolean           is_fault_model)
{
  const Profile *profile = &profiles[(guint) (pick (seed, i, 1) * G_N_ELEMENTS (profiles))];
  guint n_deps = 1 + (guint) (pick (seed, i, 2) * MAX_DEPLOYMENTS);
  const char *model_id = intern (fleet, g_strdup_printf ("fleet-%04u", i + 1));
  static const char *const words[] = {
    "search", "rerank", "vision", "speech", "summarise", "translate", "classify",
    "moderate", "code", "chat", "embed", "ocr", "tts", "detect", "forecast", "recommend",
  };
  const char *word = words[(guint) (pick (seed, i, 3) * G_N_ELEMENTS (words))];
  IscDemoDeployment *prod, *dev;

  if (is_fault_model)
    n_deps = MAX_DEPLOYMENTS;

  m->model.id = model_id;
  m->model.name = intern (fleet, g_strdup_printf ("%s-%04u", word, i + 1));
  m->model.created_days_ago = 30 + (int) (pick (seed, i, 4) * 300);
  m->model.instance_type_name = profile->instance_type_name;
  m->model.n_deployments = n_deps;
  m->n_deployments = n_deps;

  /* Production: serves all the time, with a daily incident for about
   * one model in four, and replicas that reach their maximum for some. */
  prod = &m->deployments[0];
  fill_deployment (prod, profile, pick (seed, i, 5));
  prod->id = intern (fleet, g_strdup_printf ("%s-d%u", model_id, n_deps));
  prod->name = intern (fleet, g_strdup_printf ("v%u", n_deps));
  prod->model_id = model_id;
  prod->status = "ACTIVE";
  prod->environment = ISC_DEMO_ENVIRONMENT_PRODUCTION;
  prod->is_production = TRUE;
  prod->share = _ISC_DEMO_SHARE_ALWAYS;
  prod->created_days_ago = 2 + (int) (pick (seed, i, 6) * 40);
  prod->min_replica = 1 + (guint) (pick (seed, i, 7) * 2);
  prod->max_replica = prod->min_replica + 1 + (guint) (pick (seed, i, 8) * 6);
  if (pick (seed, i, 9) < 0.25)
    prod->incident_minute = (int) (pick (seed, i, 10) * 24 * 60);
  m->model.production_id = prod->id;

  /* Development: a developer's bursts, scaling to zero. */
  if (n_deps >= 2)
    {
      dev = &m->deployments[1];
      fill_deployment (dev, profile, pick (seed, i, 11));
      dev->id = intern (fleet, g_strdup_printf ("%s-dev", model_id));
      dev->name = "development";
      dev->model_id = model_id;
      dev->status = "ACTIVE";
      dev->environment = ISC_DEMO_ENVIRONMENT_DEVELOPMENT;
      dev->is_development = TRUE;
      dev->share = _ISC_DEMO_SHARE_WORK_HOURS;
      dev->created_days_ago = 1 + (int) (pick (seed, i, 12) * 10);
      dev->peak_rps *= 0.05;
      dev->base_4xx *= 3;
      dev->min_replica = 0;
      dev->max_replica = 1;
    }
  else
    {
      dev = prod;
      prod->is_development = TRUE;
    }
  m->model.development_id = dev->id;

  /* An older one: still ACTIVE with a little traffic, or retired. */
  if (n_deps >= 3)
    {
      IscDemoDeployment *old = &m->deployments[2];
      gboolean retired = !is_fault_model && pick (seed, i, 13) < 0.5;

      fill_deployment (old, profile, pick (seed, i, 14));
      old->id = intern (fleet, g_strdup_printf ("%s-d1", model_id));
      old->name = "v1";
      old->model_id = model_id;
      old->status = retired ? "INACTIVE" : "ACTIVE";
      old->share = retired ? _ISC_DEMO_SHARE_NONE : _ISC_DEMO_SHARE_ALWAYS;
      old->created_days_ago = prod->created_days_ago + 20;
      old->peak_rps *= 0.1;
      old->min_replica = retired ? 0 : 1;
      old->max_replica = 2;
      if (is_fault_model)
        {
          old->fail_status = 500;
          fleet->fault = old;
        }
    }

  m->environments[0].name = ISC_DEMO_ENVIRONMENT_PRODUCTION;
  m->environments[0].model_id = model_id;
  m->environments[0].deployment_id = prod->id;
  m->environments[0].created_days_ago = m->model.created_days_ago;
  m->environments[0].current = prod;
  m->environments[1].name = ISC_DEMO_ENVIRONMENT_DEVELOPMENT;
  m->environments[1].model_id = model_id;
  m->environments[1].deployment_id = dev->id;
  m->environments[1].created_days_ago = m->model.created_days_ago;
  m->environments[1].current = dev;
}

IscDemoExtraFleet *
_isc_demo_extra_fleet_new (guint   n_models,
                           guint64 seed)
{
  IscDemoExtraFleet *fleet = g_new0 (IscDemoExtraFleet, 1);

  fleet->n_models = n_models;
  fleet->models = g_new0 (ExtraModel, MAX (n_models, 1));
  fleet->strings = g_string_chunk_new (4096);
  fleet->by_id = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < n_models; i++)
    {
      make_model (fleet, &fleet->models[i], i, seed, i == n_models / 2);
      g_hash_table_insert (fleet->by_id, (gpointer) fleet->models[i].model.id, &fleet->models[i]);
    }

  return fleet;
}

void
_isc_demo_extra_fleet_free (IscDemoExtraFleet *fleet)
{
  if (fleet == NULL)
    return;

  g_hash_table_unref (fleet->by_id);
  g_string_chunk_free (fleet->strings);
  g_free (fleet->models);
  g_free (fleet);
}

guint
_isc_demo_extra_fleet_get_n_models (IscDemoExtraFleet *fleet)
{
  return fleet != NULL ? fleet->n_models : 0;
}

const IscDemoModel *
_isc_demo_extra_fleet_get_model (IscDemoExtraFleet *fleet,
                                 guint              index)
{
  g_return_val_if_fail (fleet != NULL && index < fleet->n_models, NULL);

  return &fleet->models[index].model;
}

const IscDemoModel *
_isc_demo_extra_fleet_lookup_model (IscDemoExtraFleet *fleet,
                                    const char        *model_id)
{
  ExtraModel *m;

  if (fleet == NULL || model_id == NULL)
    return NULL;

  m = g_hash_table_lookup (fleet->by_id, model_id);
  return m != NULL ? &m->model : NULL;
}

/* The model is the first member of its ExtraModel. */
static ExtraModel *
extra_of (IscDemoExtraFleet  *fleet,
          const IscDemoModel *model)
{
  ExtraModel *m = g_hash_table_lookup (fleet->by_id, model->id);

  g_return_val_if_fail (m != NULL && &m->model == model, NULL);
  return m;
}

const IscDemoDeployment *
_isc_demo_extra_fleet_lookup_deployment (IscDemoExtraFleet  *fleet,
                                         const IscDemoModel *model,
                                         const char         *deployment_id)
{
  ExtraModel *m = extra_of (fleet, model);

  if (m == NULL || deployment_id == NULL)
    return NULL;

  if (g_str_equal (deployment_id, "production"))
    deployment_id = model->production_id;
  else if (g_str_equal (deployment_id, "development"))
    deployment_id = model->development_id;

  for (guint i = 0; i < m->n_deployments; i++)
    {
      if (g_str_equal (m->deployments[i].id, deployment_id))
        return &m->deployments[i];
    }

  return NULL;
}

const IscDemoEnvironment *
_isc_demo_extra_fleet_lookup_environment (IscDemoExtraFleet  *fleet,
                                          const IscDemoModel *model,
                                          const char         *name)
{
  ExtraModel *m = extra_of (fleet, model);

  if (m == NULL || name == NULL)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (m->environments); i++)
    {
      if (g_str_equal (m->environments[i].name, name))
        return &m->environments[i];
    }

  return NULL;
}

GPtrArray *
_isc_demo_extra_fleet_list_deployments (IscDemoExtraFleet  *fleet,
                                        const IscDemoModel *model)
{
  ExtraModel *m = extra_of (fleet, model);
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; m != NULL && i < m->n_deployments; i++)
    g_ptr_array_add (list, &m->deployments[i]);

  return list;
}

GPtrArray *
_isc_demo_extra_fleet_list_environments (IscDemoExtraFleet  *fleet,
                                         const IscDemoModel *model)
{
  ExtraModel *m = extra_of (fleet, model);
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; m != NULL && i < G_N_ELEMENTS (m->environments); i++)
    g_ptr_array_add (list, &m->environments[i]);

  return list;
}

const IscDemoDeployment *
_isc_demo_extra_fleet_get_fault (IscDemoExtraFleet *fleet)
{
  return fleet != NULL ? fleet->fault : NULL;
}
