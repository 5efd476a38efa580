/* isc-diagnosis-banners.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "isc-diagnosis.h"

G_BEGIN_DECLS

/* The diagnosis banners over a target's page (isc_diagnose()), one per
 * diagnosis, most urgent first: an AdwBanner where libadwaita is 1.3 or
 * newer, a box with a label and a button styled like one on 1.2. Each
 * sentence is plain text, never markup. "activated" (an IscDiagnosis,
 * borrowed for the emission) is emitted when a banner's button is
 * clicked; the window does what it says.
 */

#define ISC_TYPE_DIAGNOSIS_BANNERS (isc_diagnosis_banners_get_type ())

G_DECLARE_FINAL_TYPE (IscDiagnosisBanners, isc_diagnosis_banners, ISC, DIAGNOSIS_BANNERS, GtkWidget)

GtkWidget  *isc_diagnosis_banners_new        (void);
/* Takes a reference on @diagnoses (an isc_diagnose() array), or NULL for
 * none; banners that say the same as before are kept as they are. */
void        isc_diagnosis_banners_set        (IscDiagnosisBanners *self,
                                              GPtrArray           *diagnoses);
guint       isc_diagnosis_banners_get_n      (IscDiagnosisBanners *self);
/* Narrow (a folded window): on libadwaita 1.2 the button goes under the
 * sentence rather than beside it, as AdwBanner does by itself. */
void        isc_diagnosis_banners_set_narrow (IscDiagnosisBanners *self,
                                              gboolean             narrow);
/* The banner widget of the @index-th diagnosis, for tests. */
GtkWidget  *isc_diagnosis_banners_get_banner (IscDiagnosisBanners *self,
                                              guint                index);

G_END_DECLS
