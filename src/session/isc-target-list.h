/* isc-target-list.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-client.h"
#include "isc-target-item.h"

G_BEGIN_DECLS

/* The sidebar's tree, flattened: a GListModel of IscTargetItem. Filled by
 * discovery: every model as soon as GET /v1/models answers, then each
 * model's environments and deployments when they are needed (the first
 * few models', and those asked for with isc_target_list_fetch_model() or
 * _fetch_all(), a few requests at a time); each model is followed by its
 * environments (production, development, then the others by name) and
 * then its deployments, newest first. Models keep the order the API sent,
 * by name when it sent none.
 *
 * A filter text narrows it by name, case-insensitively: a model row stays
 * when the model or any of its targets matches; its targets stay when the
 * model matches, or each when it matches itself. While it filters, every
 * model's targets are asked for in the background.
 *
 * A model whose environments or deployments could not be listed still
 * shows, with what could be listed; the first such error is "error".
 */

#define ISC_TYPE_TARGET_LIST (isc_target_list_get_type ())

G_DECLARE_FINAL_TYPE (IscTargetList, isc_target_list, ISC, TARGET_LIST, GObject)

IscTargetList   *isc_target_list_new                 (void);

/* Replaces the contents with what client's key can see now: the models at
 * once, then the first models' targets and those asked for. Done (and
 * "loading" FALSE) when these are listed. A newer reload cancels an older
 * one. FALSE with the error when the models could not be listed at all
 * (the list is then left as it was). */
void             isc_target_list_reload_async        (IscTargetList       *self,
                                                      IscClient           *client,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
gboolean         isc_target_list_reload_finish       (IscTargetList       *self,
                                                      GAsyncResult        *result,
                                                      GError             **error);
/* Asks for model_id's environments and deployments unless they are
 * listed: a row of it is shown, or one of its targets is chosen. urgent:
 * someone waits for them ("loading" until they are listed; a model not
 * listed yet is asked for first when it is). */
void             isc_target_list_fetch_model         (IscTargetList       *self,
                                                      const char          *model_id,
                                                      gboolean             urgent);
/* Asks for every model's targets, now and at each reload: "loading" until
 * they are all listed (the overview, which shows every target). */
void             isc_target_list_fetch_all           (IscTargetList       *self);
/* Whether model_id's targets are listed (TRUE for a model discovery did
 * not list, whose targets were added by id). */
gboolean         isc_target_list_get_model_listed    (IscTargetList       *self,
                                                      const char          *model_id);
/* Empties the list (signing out). */
void             isc_target_list_clear               (IscTargetList       *self);
/* "loading" (boolean): a reload is on its way. */
gboolean         isc_target_list_get_loading         (IscTargetList       *self);
/* "error" (GError, boxed): the last reload's problem, or NULL. */
const GError    *isc_target_list_get_error           (IscTargetList       *self);

/* "filter" (string) */
const char      *isc_target_list_get_filter          (IscTargetList       *self);
void             isc_target_list_set_filter          (IscTargetList       *self,
                                                      const char          *filter);

/* Adds a target discovery did not list (Add by ID…), under its model
 * (which is added too when missing). Nothing when it is listed already.
 * Added targets survive a reload. */
void             isc_target_list_add_target          (IscTargetList       *self,
                                                      const IscTarget     *target);
/* The item showing target, or NULL (also when filtered out). */
IscTargetItem   *isc_target_list_find                (IscTargetList       *self,
                                                      const IscTarget     *target,
                                                      guint               *position);
/* The item of target whether the filter shows it or not (what discovery
 * said of the target shown, while the sidebar is filtered), or NULL. */
IscTargetItem   *isc_target_list_lookup              (IscTargetList       *self,
                                                      const IscTarget     *target);
/* What a new window shows when nothing was kept: the first model's
 * production environment, else its first target; NULL when empty. */
const IscTarget *isc_target_list_get_default_target  (IscTargetList       *self);

G_END_DECLS
