/* isc-application.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "isc-alert-watcher.h"
#include "isc-session.h"

G_BEGIN_DECLS

/* The schema id has no .Devel: development and release builds share
 * their settings. */
#define ISC_SETTINGS_SCHEMA_ID "io.github.inferscope.Inferscope"

/* The most windows a launch opens again from "open-views": each window
 * costs about 11 MB and its own requests, and more than this many side by
 * side is more than a screen shows. The first ones kept are opened. */
#define ISC_APPLICATION_MAX_RESTORED_WINDOWS 8

#define ISC_TYPE_APPLICATION (isc_application_get_type ())

G_DECLARE_FINAL_TYPE (IscApplication, isc_application, ISC, APPLICATION, AdwApplication)

IscApplication *isc_application_new          (void);
GSettings      *isc_application_get_settings (IscApplication *self);
/* The state every window shares: the account and the target list. */
IscSession     *isc_application_get_session  (IscApplication *self);
/* The background alerts: the rules of "alert-rules" on the session's
 * account, each firing or resolving as a notification whose action is
 * app.open-chart. */
IscAlertWatcher *isc_application_get_alert_watcher (IscApplication *self);
/* Whether "run-in-background" holds the application now, so it keeps
 * running with every window closed. */
gboolean        isc_application_get_runs_in_background (IscApplication *self);
/* While Quit closes every window. */
gboolean        isc_application_get_quitting (IscApplication *self);
/* Keeps what every open window shows ("open-views"), for the next launch. */
void            isc_application_save_open_views (IscApplication *self);
/* Whether settings (maybe NULL) have key: an older compiled schema may not. */
gboolean        isc_settings_has_key            (GSettings      *settings,
                                                 const char     *key);

G_END_DECLS
