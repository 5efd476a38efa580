/* isc-alert-rule.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-target.h"

G_BEGIN_DECLS

/* A background alert on one target, from a short list of kinds, each
 * with a threshold and how many minutes the condition must hold:
 *
 *   ERROR_SHARE      5xx share above threshold (a share, 0 … 1) for N minutes
 *   LATENCY_P95      p95 end-to-end latency above threshold (seconds)
 *   REPLICAS_AT_MAX  active replicas at the autoscaling maximum (no threshold)
 *
 * A plain boxed value, kept in the "alert-rules" setting (aa{sv}: each
 * {"target": a{sv}, "kind": s, "threshold": d, "minutes": u}). Two rules
 * are equal when all four are.
 */

typedef enum
{
  ISC_ALERT_KIND_ERROR_SHARE,
  ISC_ALERT_KIND_LATENCY_P95,
  ISC_ALERT_KIND_REPLICAS_AT_MAX,
} IscAlertKind;

#define ISC_ALERT_N_KINDS (ISC_ALERT_KIND_REPLICAS_AT_MAX + 1)
#define ISC_ALERT_MAX_MINUTES 360

typedef struct
{
  IscTarget    *target;
  IscAlertKind  kind;
  double        threshold;
  guint         minutes;
} IscAlertRule;

#define ISC_TYPE_ALERT_RULE (isc_alert_rule_get_type ())

GType         isc_alert_rule_get_type        (void) G_GNUC_CONST;
/* minutes is clamped to 1 … ISC_ALERT_MAX_MINUTES. */
IscAlertRule *isc_alert_rule_new             (const IscTarget    *target,
                                              IscAlertKind        kind,
                                              double              threshold,
                                              guint               minutes);
IscAlertRule *isc_alert_rule_copy            (const IscAlertRule *rule);
void          isc_alert_rule_free            (IscAlertRule       *rule);
gboolean      isc_alert_rule_equal           (const IscAlertRule *a,
                                              const IscAlertRule *b);
/* A stable text naming the rule: the key of its state and the id of its
 * notification. */
char         *isc_alert_rule_dup_id          (const IscAlertRule *rule);
/* The metric the rule reads. */
const char   *isc_alert_rule_get_metric      (const IscAlertRule *rule);
/* The rule in words: "5xx share above 1 % for 5 minutes". */
char         *isc_alert_rule_dup_description (const IscAlertRule *rule);
/* A value the rule reads, as a notification tells it: "4.2 %", "2.4 s",
 * "10 replicas". */
char         *isc_alert_rule_format_value    (const IscAlertRule *rule,
                                              double              value);
/* A notification's title as the rule starts firing: "demo-chat ·
 * production: 5xx share 4.2 % above 1 %"; and as it stops: "demo-chat ·
 * production: 5xx share back to 0.3 %". */
char         *isc_alert_rule_dup_fired_title    (const IscAlertRule *rule,
                                                 double              value);
char         *isc_alert_rule_dup_resolved_title (const IscAlertRule *rule,
                                                 double              value);
/* "error-share", "latency-p95", "replicas-at-max" */
const char   *isc_alert_kind_to_string       (IscAlertKind        kind);
gboolean      isc_alert_kind_from_string     (const char         *text,
                                              IscAlertKind       *kind);
/* The kind's short name for a list to choose from: "5xx share". */
const char   *isc_alert_kind_get_title       (IscAlertKind        kind);

/* a{sv}; NULL from a variant that does not hold a valid rule. */
GVariant     *isc_alert_rule_to_variant      (const IscAlertRule *rule);
IscAlertRule *isc_alert_rule_new_from_variant (GVariant          *variant);

/* The rules of "alert-rules" (a GPtrArray of IscAlertRule, maybe empty;
 * invalid entries are skipped), and the whole list written back. Without
 * settings, or without the key, nothing is read or kept. */
GPtrArray    *isc_alert_rules_load           (GSettings          *settings);
void          isc_alert_rules_save           (GSettings          *settings,
                                              GPtrArray          *rules);
/* The rules of @rules on @target, in order (borrowed pointers). */
GPtrArray    *isc_alert_rules_for_target     (GPtrArray          *rules,
                                              const IscTarget    *target);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscAlertRule, isc_alert_rule_free)

G_END_DECLS
