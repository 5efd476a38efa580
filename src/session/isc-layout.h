/* isc-layout.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The charts a person chose to see for a model, kept in GSettings'
 * "model-layouts" (a{sas}: model id to the metric names shown, in
 * order). A layout lists only what is shown: a metric it leaves out is
 * hidden. These are plain functions on the values, so the keeping and
 * the choosing are tested without settings or a display.
 */

/* The layout kept for @model_id in @layouts (a{sas}, nullable), or NULL
 * when there is none. */
char     **isc_layout_lookup  (GVariant           *layouts,
                               const char         *model_id);

/* @layouts (nullable) with @model_id's layout set to @metrics (kept at
 * its place, or added at the end), or removed for a NULL @metrics; the
 * others unchanged. A new floating a{sas}, for g_settings_set_value (). */
GVariant  *isc_layout_replace (GVariant           *layouts,
                               const char         *model_id,
                               const char * const *metrics);

/* The metrics a view asks for, in order, given a @layout (nullable) and
 * the metric names the deployment reports, @available (nullable:
 * unknown). The layout's names in its order, without those not available
 * and without repeats; the hidden ones are absent. No layout, or one that
 * leaves nothing available to show (another deployment of the model that
 * reports none of them), gives @available as it is (NULL if NULL: every
 * metric). */
char     **isc_layout_apply   (const char * const *layout,
                               const char * const *available);

G_END_DECLS
