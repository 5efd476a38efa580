/* isc-window.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-application.h"
#include "isc-client.h"
#include "isc-query.h"

G_BEGIN_DECLS

#define ISC_TYPE_WINDOW (isc_window_get_type ())

G_DECLARE_FINAL_TYPE (IscWindow, isc_window, ISC, WINDOW, AdwApplicationWindow)

IscWindow *isc_window_new         (IscApplication *application);
/* Shows the SERIES charts of query, fetched through client and kept live. */
void       isc_window_show_charts (IscWindow      *self,
                                   IscClient      *client,
                                   const IscQuery *query);
/* What the window shows, under its title: the deployment and the range. */
void       isc_window_set_subtitle (IscWindow     *self,
                                    const char    *subtitle);

G_END_DECLS
