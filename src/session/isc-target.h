/* isc-target.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "isc-query.h"

G_BEGIN_DECLS

/* What a view watches: one deployment of a model, or one environment of
 * it (whose metrics follow whichever deployment serves it). A plain
 * boxed value: copied, compared and saved. Two targets are equal when
 * their model, kind and id are; the display names are only for showing.
 */
typedef struct _IscTarget
{
  char          *model_id;
  IscTargetKind  kind;
  char          *id;          /* the deployment id, or the environment name */
  char          *model_name;  /* what to show for the model; never NULL */
  char          *name;        /* what to show for the target; never NULL */
} IscTarget;

#define ISC_TYPE_TARGET (isc_target_get_type ())

GType      isc_target_get_type     (void) G_GNUC_CONST;
/* model_name and name NULL: the ids are shown. */
IscTarget *isc_target_new          (const char         *model_id,
                                    IscTargetKind       kind,
                                    const char         *id,
                                    const char         *model_name,
                                    const char         *name);
IscTarget *isc_target_copy         (const IscTarget    *target);
void       isc_target_free         (IscTarget          *target);
gboolean   isc_target_equal        (const IscTarget    *a,
                                    const IscTarget    *b);
guint      isc_target_hash         (const IscTarget    *target);
/* "demo-chat · production": the window's title for the target. */
char      *isc_target_dup_title    (const IscTarget    *target);
/* The same for a widget: each name as isc_text_display_name() shows it
 * (isolated, invisible characters shown, "Unnamed (id)" for a blank). */
char      *isc_target_dup_display_title (const IscTarget *target);
/* A copy whose names are as isc_text_display_name() shows them, for text
 * put together elsewhere (a notification). */
IscTarget *isc_target_copy_for_display  (const IscTarget *target);
/* A query of this target; range and metrics are copied, both may be NULL. */
IscQuery  *isc_target_make_query   (const IscTarget    *target,
                                    IscMode             mode,
                                    const IscTimeRange *range,
                                    const char * const *metrics);
/* For saved state: a{sv} with "model-id", "kind" ("deployment" or
 * "environment"), "id", "model-name" and "name". NULL from a variant
 * that does not hold a valid target. */
GVariant  *isc_target_to_variant   (const IscTarget    *target);
IscTarget *isc_target_new_from_variant (GVariant       *variant);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscTarget, isc_target_free)

G_END_DECLS
