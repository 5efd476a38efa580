/* isc-alert-evaluator.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "isc-alert-rule.h"
#include "isc-discovery.h"
#include "isc-metrics-response.h"

G_BEGIN_DECLS

/* Whether a rule holds at the latest complete steps of a SERIES
 * response: the last step where the rule's metric has any value (Baseten's
 * data arrives minutes late, so the steps after it are not yet known),
 * and the steps before it that make up the rule's minutes. FIRING when
 * every one of those steps is above the threshold (at the maximum, for
 * replicas); a null step, or a step without requests for the 5xx share,
 * is not above it. UNKNOWN when the response has no complete step, no
 * step length, too few steps for the minutes, or lacks the metric; and
 * for the replicas rule without a maximum (max_replicas ≤ 0).
 */
typedef enum
{
  ISC_ALERT_UNKNOWN,
  ISC_ALERT_CLEAR,
  ISC_ALERT_FIRING,
} IscAlertCondition;

/* @value: the latest complete step's value (NaN for none); @time_ms: that
 * step's start. Both may be NULL. */
IscAlertCondition isc_alert_evaluate (const IscAlertRule *rule,
                                      IscMetricsResponse *response,
                                      gint64              max_replicas,
                                      double             *value,
                                      gint64             *time_ms);
/* The same, where the maximum is the one in effect at each step: the
 * @environment's autoscaling schedules, where it has any, say it; else
 * @max_replicas. @environment may be NULL. */
IscAlertCondition isc_alert_evaluate_in_effect (const IscAlertRule *rule,
                                                IscMetricsResponse *response,
                                                gint64              max_replicas,
                                                IscEnvironment     *environment,
                                                double             *value,
                                                gint64             *time_ms);

/* The state of each rule (by isc_alert_rule_dup_id()) between responses,
 * and its transitions only: "fired" (rule, value, time_ms) when a rule
 * that was not firing is, "resolved" (rule, value, time_ms) when a firing
 * rule is CLEAR. Nothing while a rule keeps its state, and nothing for
 * UNKNOWN, which keeps the state it had.
 */

#define ISC_TYPE_ALERT_EVALUATOR (isc_alert_evaluator_get_type ())

G_DECLARE_FINAL_TYPE (IscAlertEvaluator, isc_alert_evaluator, ISC, ALERT_EVALUATOR, GObject)

IscAlertEvaluator *isc_alert_evaluator_new        (void);
IscAlertCondition  isc_alert_evaluator_update     (IscAlertEvaluator  *self,
                                                   const IscAlertRule *rule,
                                                   IscMetricsResponse *response,
                                                   gint64              max_replicas);
/* The same with the maximum in effect at each step (see
 * isc_alert_evaluate_in_effect()). */
IscAlertCondition  isc_alert_evaluator_update_in_effect (IscAlertEvaluator  *self,
                                                         const IscAlertRule *rule,
                                                         IscMetricsResponse *response,
                                                         gint64              max_replicas,
                                                         IscEnvironment     *environment);
gboolean           isc_alert_evaluator_is_firing  (IscAlertEvaluator  *self,
                                                   const IscAlertRule *rule);
/* Drops a rule's state (a rule that was removed): no "resolved". */
void               isc_alert_evaluator_forget     (IscAlertEvaluator  *self,
                                                   const IscAlertRule *rule);

G_END_DECLS
