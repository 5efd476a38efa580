/* isc-target-item.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-discovery.h"
#include "isc-target.h"

G_BEGIN_DECLS

/* One row of the sidebar: a model (a heading), or one of its environments
 * or deployments (a target a view can show). Immutable once made.
 */
typedef enum
{
  ISC_TARGET_ITEM_MODEL,
  ISC_TARGET_ITEM_ENVIRONMENT,
  ISC_TARGET_ITEM_DEPLOYMENT,
} IscTargetItemKind;

#define ISC_TYPE_TARGET_ITEM (isc_target_item_get_type ())

G_DECLARE_FINAL_TYPE (IscTargetItem, isc_target_item, ISC, TARGET_ITEM, GObject)

IscTargetItem       *isc_target_item_new_model          (IscModel       *model);
IscTargetItem       *isc_target_item_new_environment    (IscModel       *model,
                                                         IscEnvironment *environment);
IscTargetItem       *isc_target_item_new_deployment     (IscModel       *model,
                                                         IscDeployment  *deployment);
/* A target added by id ("Add by ID…") that discovery did not list. */
IscTargetItem       *isc_target_item_new_for_target     (const IscTarget *target);

IscTargetItemKind    isc_target_item_get_kind           (IscTargetItem  *self);
const char          *isc_target_item_get_model_id       (IscTargetItem  *self);
const char          *isc_target_item_get_model_name     (IscTargetItem  *self);
/* NULL for a model row. */
const IscTarget     *isc_target_item_get_target         (IscTargetItem  *self);
/* The row's text: the model's name, the environment's name, or the
 * deployment's name. */
const char          *isc_target_item_get_title          (IscTargetItem  *self);
/* The smaller text beside it: a model's instance type ("H100"), an
 * environment's current deployment ("d8"), a deployment's status word
 * when it is not active ("Scaled to zero"). May be "" but never NULL. */
const char          *isc_target_item_get_subtitle       (IscTargetItem  *self);
/* A deployment's status (an environment's current deployment's);
 * UNKNOWN for a model. */
IscDeploymentStatus  isc_target_item_get_status         (IscTargetItem  *self);
/* The translated word for a status: "Active", "Scaled to zero", … */
const char          *isc_deployment_status_get_title    (IscDeploymentStatus status);
/* Whether the status means it serves (ACTIVE, UPDATING, WAKING_UP…). */
gboolean             isc_target_item_get_is_active      (IscTargetItem  *self);
const char          *isc_target_item_get_instance_type  (IscTargetItem  *self);
/* created_at in epoch ms, or 0 when unknown. */
gint64               isc_target_item_get_created_ms     (IscTargetItem  *self);
/* What discovery said, where it said it (NULL otherwise). */
IscModel            *isc_target_item_get_model          (IscTargetItem  *self);
IscDeployment       *isc_target_item_get_deployment     (IscTargetItem  *self);
IscEnvironment      *isc_target_item_get_environment    (IscTargetItem  *self);
/* The autoscaling settings in effect now (an environment's applied
 * schedule state, else its base settings, else its deployment's), or
 * NULL. */
const IscAutoscaling *isc_target_item_get_autoscaling   (IscTargetItem  *self);

G_END_DECLS
