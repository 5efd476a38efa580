/* isc-application.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ISC_TYPE_APPLICATION (isc_application_get_type ())

G_DECLARE_FINAL_TYPE (IscApplication, isc_application, ISC, APPLICATION, AdwApplication)

IscApplication *isc_application_new (void);

G_END_DECLS
