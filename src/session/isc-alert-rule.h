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
 *
 * The release and development builds, older and newer, share the
 * setting: an entry this version cannot read (a kind or minutes a newer
 * version allows) is not checked, but is kept as it is, and so is every
 * member of an entry, read or not. Adding or removing one rule rewrites
 * no other entry.
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
/* minutes must be within 1 … ISC_ALERT_MAX_MINUTES (see
 * isc_alert_rule_minutes_valid ()). */
IscAlertRule *isc_alert_rule_new             (const IscTarget    *target,
                                              IscAlertKind        kind,
                                              double              threshold,
                                              guint               minutes);
IscAlertRule *isc_alert_rule_copy            (const IscAlertRule *rule);
/* Whether a rule may hold for @minutes: 1 … ISC_ALERT_MAX_MINUTES. */
gboolean      isc_alert_rule_minutes_valid   (guint               minutes);
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

/* a{sv}; NULL from a variant that does not hold a rule this version
 * reads as it is (nothing is clamped or dropped to make it fit). */
GVariant     *isc_alert_rule_to_variant      (const IscAlertRule *rule);
IscAlertRule *isc_alert_rule_new_from_variant (GVariant          *variant);

/* The rules of "alert-rules" (a GPtrArray of IscAlertRule, maybe empty;
 * entries this version cannot read are left out). Without settings, or
 * without the key, nothing is read or kept. */
GPtrArray    *isc_alert_rules_load           (GSettings          *settings);
/* Replaces the whole setting with @rules, entries this version cannot
 * read included: for a fresh start (and tests), never to change one rule. */
void          isc_alert_rules_save           (GSettings          *settings,
                                              GPtrArray          *rules);
/* Adds @rule at the end unless an equal one is there (FALSE), every other
 * entry kept as it is. */
gboolean      isc_alert_rules_add            (GSettings          *settings,
                                              const IscAlertRule *rule);
/* Removes the first entry that reads as @rule (FALSE: none), every other
 * entry kept as it is. */
gboolean      isc_alert_rules_remove         (GSettings          *settings,
                                              const IscAlertRule *rule);
/* How many entries on @target this version cannot read: they are kept,
 * but not checked. */
guint         isc_alert_rules_count_unreadable (GSettings        *settings,
                                                const IscTarget  *target);
/* The rules of @rules on @target, in order (borrowed pointers). */
GPtrArray    *isc_alert_rules_for_target     (GPtrArray          *rules,
                                              const IscTarget    *target);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscAlertRule, isc_alert_rule_free)

G_END_DECLS
