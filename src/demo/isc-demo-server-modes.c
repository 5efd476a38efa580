/* isc-demo-server-modes.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Modes of IscDemoServer that make it answer as some Baseten workspaces
 * do (README.md, "Simulated API"): metric names it does not know (the
 * pod-health pair is behind a feature flag), and a /v1/users/me that
 * answers 404. Set from any thread; read under the lock by the server's.
 */

#define G_LOG_DOMAIN "isc-demo-server"

#include "config.h"

#include "isc-demo-server-private.h"

const char * const isc_demo_server_pod_health_metrics[] = {
  "baseten_pod_readiness",
  "baseten_container_restarts_total",
  NULL,
};

void
isc_demo_server_set_unknown_metrics (IscDemoServer      *self,
                                     const char * const *names)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  g_mutex_lock (&self->lock);
  g_strfreev (self->unknown_metrics);
  self->unknown_metrics = names != NULL && names[0] != NULL ? g_strdupv ((char **) names) : NULL;
  g_mutex_unlock (&self->lock);
}

void
isc_demo_server_set_users_me_missing (IscDemoServer *self,
                                      gboolean       missing)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  g_mutex_lock (&self->lock);
  self->users_me_missing = !!missing;
  g_mutex_unlock (&self->lock);
}

gboolean
_isc_demo_server_metric_unknown (IscDemoServer *self,
                                 const char    *name)
{
  gboolean unknown;

  g_mutex_lock (&self->lock);
  unknown = self->unknown_metrics != NULL &&
            g_strv_contains ((const char * const *) self->unknown_metrics, name);
  g_mutex_unlock (&self->lock);

  return unknown;
}

gboolean
_isc_demo_server_users_me_missing (IscDemoServer *self)
{
  gboolean missing;

  g_mutex_lock (&self->lock);
  missing = self->users_me_missing;
  g_mutex_unlock (&self->lock);

  return missing;
}
