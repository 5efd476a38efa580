/* isc-target-item-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-target-item.h"

G_BEGIN_DECLS

/* A model heading for targets added by id whose model discovery did not
 * list: only its id and a name to show (NULL: the id). */
IscTargetItem *_isc_target_item_new_model_heading (const char *model_id,
                                                   const char *model_name);

G_END_DECLS
