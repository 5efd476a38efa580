/* isc-alert-watcher.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-alert-evaluator.h"
#include "isc-client.h"
#include "isc-target-list.h"

G_BEGIN_DECLS

/* The application's background alerts, with or without a window: the
 * rules of the "alert-rules" setting (followed as it changes), each
 * target with rules loaded through "client" on every "interval" seconds
 * (SERIES over the last rule minutes and a margin, one request per
 * target), and the results given to the evaluator, whose "fired" and
 * "resolved" signals are the alerts. A tick while a 429's Retry-After
 * still holds (isc_client_get_retry_not_before_ms()) sends nothing.
 * The autoscaling maximum of the replicas rule comes from "target-list"
 * (what discovery said); without it that rule stays UNKNOWN.
 */

#define ISC_TYPE_ALERT_WATCHER (isc_alert_watcher_get_type ())

G_DECLARE_FINAL_TYPE (IscAlertWatcher, isc_alert_watcher, ISC, ALERT_WATCHER, GObject)

/* settings may be NULL: no rules. */
IscAlertWatcher   *isc_alert_watcher_new             (GSettings       *settings);
/* "client" (nullable): none, nothing is loaded. Setting one checks now. */
IscClient         *isc_alert_watcher_get_client      (IscAlertWatcher *self);
void               isc_alert_watcher_set_client      (IscAlertWatcher *self,
                                                      IscClient       *client);
/* "target-list" (nullable) */
void               isc_alert_watcher_set_target_list (IscAlertWatcher *self,
                                                      IscTargetList   *target_list);
/* "interval": seconds between checks, 0 for none but isc_alert_watcher_check(). */
guint              isc_alert_watcher_get_interval    (IscAlertWatcher *self);
void               isc_alert_watcher_set_interval    (IscAlertWatcher *self,
                                                      guint            seconds);
/* "loading": requests are out. */
gboolean           isc_alert_watcher_get_loading     (IscAlertWatcher *self);
/* The rules now (IscAlertRule), in the setting's order. */
GPtrArray         *isc_alert_watcher_get_rules       (IscAlertWatcher *self);
IscAlertEvaluator *isc_alert_watcher_get_evaluator   (IscAlertWatcher *self);
/* Loads every target with rules now, unless a check is out already. */
void               isc_alert_watcher_check           (IscAlertWatcher *self);
/* The clock the windows are asked for at (epoch ms), 0 for the real one:
 * for tests against the simulated API's clock. */
void               isc_alert_watcher_set_now_ms      (IscAlertWatcher *self,
                                                      gint64           now_ms);

G_END_DECLS
