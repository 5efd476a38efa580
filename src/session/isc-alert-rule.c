/* isc-alert-rule.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* A background alert rule as a plain value, its words, and the
 * "alert-rules" setting that keeps every rule of every target. */

#define G_LOG_DOMAIN "isc-session"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "isc-alert-rule.h"
#include "isc-error-share.h"
#include "isc-units.h"

#define RULES_KEY "alert-rules"

static const struct
{
  const char *name;
  const char *title;
  const char *metric;
} kinds[ISC_ALERT_N_KINDS] = {
  [ISC_ALERT_KIND_ERROR_SHARE] = { "error-share", N_("5xx share"), "baseten_inference_requests_total" },
  [ISC_ALERT_KIND_LATENCY_P95] = { "latency-p95", N_("p95 end-to-end latency"),
                                   "baseten_end_to_end_response_time_seconds" },
  [ISC_ALERT_KIND_REPLICAS_AT_MAX] = { "replicas-at-max", N_("Replicas at maximum"), "baseten_replicas_active" },
};

G_DEFINE_BOXED_TYPE (IscAlertRule, isc_alert_rule, isc_alert_rule_copy, isc_alert_rule_free)

IscAlertRule *
isc_alert_rule_new (const IscTarget *target,
                    IscAlertKind     kind,
                    double           threshold,
                    guint            minutes)
{
  IscAlertRule *rule;

  g_return_val_if_fail (target != NULL, NULL);
  g_return_val_if_fail ((guint) kind < ISC_ALERT_N_KINDS, NULL);
  g_return_val_if_fail (isc_alert_rule_minutes_valid (minutes), NULL);

  rule = g_new0 (IscAlertRule, 1);
  rule->target = isc_target_copy (target);
  rule->kind = kind;
  /* The replicas rule has no threshold of its own: the maximum comes from
   * the target's autoscaling settings. */
  rule->threshold = kind == ISC_ALERT_KIND_REPLICAS_AT_MAX || !isfinite (threshold) ? 0.0 : threshold;
  rule->minutes = minutes;
  return rule;
}

gboolean
isc_alert_rule_minutes_valid (guint minutes)
{
  return minutes >= 1 && minutes <= ISC_ALERT_MAX_MINUTES;
}

IscAlertRule *
isc_alert_rule_copy (const IscAlertRule *rule)
{
  g_return_val_if_fail (rule != NULL, NULL);

  return isc_alert_rule_new (rule->target, rule->kind, rule->threshold, rule->minutes);
}

void
isc_alert_rule_free (IscAlertRule *rule)
{
  if (rule == NULL)
    return;
  isc_target_free (rule->target);
  g_free (rule);
}

gboolean
isc_alert_rule_equal (const IscAlertRule *a,
                      const IscAlertRule *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;
  return isc_target_equal (a->target, b->target) &&
         a->kind == b->kind &&
         a->threshold == b->threshold &&
         a->minutes == b->minutes;
}

char *
isc_alert_rule_dup_id (const IscAlertRule *rule)
{
  char threshold[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (rule != NULL, NULL);

  g_ascii_dtostr (threshold, sizeof threshold, rule->threshold);
  return g_strdup_printf ("alert:%s:%s:%s:%s:%s:%u",
                          rule->target->model_id,
                          rule->target->kind == ISC_TARGET_ENVIRONMENT ? "environment" : "deployment",
                          rule->target->id,
                          kinds[rule->kind].name,
                          threshold,
                          rule->minutes);
}

const char *
isc_alert_rule_get_metric (const IscAlertRule *rule)
{
  g_return_val_if_fail (rule != NULL, NULL);

  return kinds[rule->kind].metric;
}

char *
isc_alert_rule_format_value (const IscAlertRule *rule,
                             double              value)
{
  g_return_val_if_fail (rule != NULL, NULL);

  switch (rule->kind)
    {
    case ISC_ALERT_KIND_ERROR_SHARE:
      return isc_error_share_format (value);
    case ISC_ALERT_KIND_LATENCY_P95:
      return isc_format_value (value, ISC_UNIT_HINT_SECONDS, 2);
    case ISC_ALERT_KIND_REPLICAS_AT_MAX:
    default:
      {
        guint n = isfinite (value) && value > 0 ? (guint) lround (value) : 0;

        /* Translators: active replicas, "10 replicas" */
        return g_strdup_printf (ngettext ("%u replica", "%u replicas", n), n);
      }
    }
}

char *
isc_alert_rule_dup_description (const IscAlertRule *rule)
{
  g_autofree char *threshold = NULL;

  g_return_val_if_fail (rule != NULL, NULL);

  switch (rule->kind)
    {
    case ISC_ALERT_KIND_ERROR_SHARE:
      threshold = isc_format_value (rule->threshold, ISC_UNIT_HINT_RATIO, 2);
      /* Translators: an alert rule, "5xx share above 1 % for 5 minutes" */
      return g_strdup_printf (ngettext ("5xx share above %s for %u minute",
                                        "5xx share above %s for %u minutes", rule->minutes),
                              threshold, rule->minutes);
    case ISC_ALERT_KIND_LATENCY_P95:
      threshold = isc_format_value (rule->threshold, ISC_UNIT_HINT_SECONDS, 2);
      /* Translators: an alert rule, "p95 end-to-end latency above 2 s for 5 minutes" */
      return g_strdup_printf (ngettext ("p95 end-to-end latency above %s for %u minute",
                                        "p95 end-to-end latency above %s for %u minutes", rule->minutes),
                              threshold, rule->minutes);
    case ISC_ALERT_KIND_REPLICAS_AT_MAX:
    default:
      /* Translators: an alert rule, "Replicas at maximum for 10 minutes" */
      return g_strdup_printf (ngettext ("Replicas at maximum for %u minute",
                                        "Replicas at maximum for %u minutes", rule->minutes),
                              rule->minutes);
    }
}

static char *
format_threshold (const IscAlertRule *rule)
{
  if (rule->kind == ISC_ALERT_KIND_ERROR_SHARE)
    return isc_format_value (rule->threshold, ISC_UNIT_HINT_RATIO, 2);
  return isc_format_value (rule->threshold, ISC_UNIT_HINT_SECONDS, 2);
}

char *
isc_alert_rule_dup_fired_title (const IscAlertRule *rule,
                                double              value)
{
  g_autofree char *title = NULL;
  g_autofree char *text = NULL;
  g_autofree char *threshold = NULL;

  g_return_val_if_fail (rule != NULL, NULL);

  title = isc_target_dup_title (rule->target);
  text = isc_alert_rule_format_value (rule, value);
  threshold = format_threshold (rule);

  switch (rule->kind)
    {
    case ISC_ALERT_KIND_ERROR_SHARE:
      /* Translators: an alert's notification, "demo-chat · production:
       * 5xx share 4.2 % above 1 %": the target, the share, the threshold */
      return g_strdup_printf (_("%s: 5xx share %s above %s"), title, text, threshold);
    case ISC_ALERT_KIND_LATENCY_P95:
      /* Translators: an alert's notification, "demo-chat · production:
       * p95 end-to-end latency 3.1 s above 2 s" */
      return g_strdup_printf (_("%s: p95 end-to-end latency %s above %s"), title, text, threshold);
    case ISC_ALERT_KIND_REPLICAS_AT_MAX:
    default:
      /* Translators: an alert's notification, "demo-chat · production:
       * 10 replicas, the autoscaling maximum" */
      return g_strdup_printf (_("%s: %s, the autoscaling maximum"), title, text);
    }
}

char *
isc_alert_rule_dup_resolved_title (const IscAlertRule *rule,
                                   double              value)
{
  g_autofree char *title = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (rule != NULL, NULL);

  title = isc_target_dup_title (rule->target);
  text = isc_alert_rule_format_value (rule, value);

  switch (rule->kind)
    {
    case ISC_ALERT_KIND_ERROR_SHARE:
      /* Translators: a resolved alert, "demo-chat · production: 5xx share
       * back to 0.3 %" */
      return g_strdup_printf (_("%s: 5xx share back to %s"), title, text);
    case ISC_ALERT_KIND_LATENCY_P95:
      /* Translators: a resolved alert, "demo-chat · production: p95
       * end-to-end latency back to 1.2 s" */
      return g_strdup_printf (_("%s: p95 end-to-end latency back to %s"), title, text);
    case ISC_ALERT_KIND_REPLICAS_AT_MAX:
    default:
      /* Translators: a resolved alert, "demo-chat · production: 7
       * replicas, below the maximum" */
      return g_strdup_printf (_("%s: %s, below the maximum"), title, text);
    }
}

const char *
isc_alert_kind_to_string (IscAlertKind kind)
{
  g_return_val_if_fail ((guint) kind < ISC_ALERT_N_KINDS, NULL);

  return kinds[kind].name;
}

gboolean
isc_alert_kind_from_string (const char   *text,
                            IscAlertKind *kind)
{
  for (guint i = 0; i < ISC_ALERT_N_KINDS; i++)
    if (g_strcmp0 (text, kinds[i].name) == 0)
      {
        *kind = (IscAlertKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
isc_alert_kind_get_title (IscAlertKind kind)
{
  g_return_val_if_fail ((guint) kind < ISC_ALERT_N_KINDS, NULL);

  return _(kinds[kind].title);
}

GVariant *
isc_alert_rule_to_variant (const IscAlertRule *rule)
{
  GVariantDict dict;

  g_return_val_if_fail (rule != NULL, NULL);

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert_value (&dict, "target", isc_target_to_variant (rule->target));
  g_variant_dict_insert (&dict, "kind", "s", kinds[rule->kind].name);
  g_variant_dict_insert (&dict, "threshold", "d", rule->threshold);
  g_variant_dict_insert (&dict, "minutes", "u", rule->minutes);
  return g_variant_dict_end (&dict);
}

IscAlertRule *
isc_alert_rule_new_from_variant (GVariant *variant)
{
  g_autoptr(GVariant) target_variant = NULL;
  g_autoptr(IscTarget) target = NULL;
  const char *kind_text = NULL;
  IscAlertKind kind;
  double threshold = 0;
  guint minutes = 0;

  if (variant == NULL || !g_variant_is_of_type (variant, G_VARIANT_TYPE_VARDICT))
    return NULL;

  target_variant = g_variant_lookup_value (variant, "target", G_VARIANT_TYPE_VARDICT);
  target = isc_target_new_from_variant (target_variant);
  if (target == NULL ||
      !g_variant_lookup (variant, "kind", "&s", &kind_text) ||
      !isc_alert_kind_from_string (kind_text, &kind) ||
      !g_variant_lookup (variant, "minutes", "u", &minutes) ||
      !isc_alert_rule_minutes_valid (minutes))
    return NULL;
  if (!g_variant_lookup (variant, "threshold", "d", &threshold) && kind != ISC_ALERT_KIND_REPLICAS_AT_MAX)
    return NULL;
  if (!isfinite (threshold) || threshold < 0)
    return NULL;

  return isc_alert_rule_new (target, kind, threshold, minutes);
}

static gboolean
settings_have_rules (GSettings *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (settings == NULL)
    return FALSE;
  g_object_get (settings, "settings-schema", &schema, NULL);
  return schema != NULL && g_settings_schema_has_key (schema, RULES_KEY);
}

GPtrArray *
isc_alert_rules_load (GSettings *settings)
{
  GPtrArray *rules = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_alert_rule_free);
  g_autoptr(GVariant) value = NULL;
  gsize n;

  if (!settings_have_rules (settings))
    return rules;

  value = g_settings_get_value (settings, RULES_KEY);
  n = g_variant_n_children (value);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (value, i);
      IscAlertRule *rule = isc_alert_rule_new_from_variant (child);

      if (rule == NULL)
        {
          g_debug ("Skipping an alert rule that is not valid");
          continue;
        }
      g_ptr_array_add (rules, rule);
    }
  return rules;
}

void
isc_alert_rules_save (GSettings *settings,
                      GPtrArray *rules)
{
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("aa{sv}"));

  g_return_if_fail (rules != NULL);

  if (!settings_have_rules (settings))
    return;

  for (guint i = 0; i < rules->len; i++)
    g_variant_builder_add_value (&builder, isc_alert_rule_to_variant (g_ptr_array_index (rules, i)));
  g_settings_set_value (settings, RULES_KEY, g_variant_builder_end (&builder));
}

/* The setting as it is, entries this version cannot read included. */
static GVariant *
get_entries (GSettings *settings)
{
  return g_settings_get_value (settings, RULES_KEY);
}

gboolean
isc_alert_rules_add (GSettings          *settings,
                     const IscAlertRule *rule)
{
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("aa{sv}"));
  g_autoptr(GVariant) entries = NULL;
  gsize n;

  g_return_val_if_fail (rule != NULL, FALSE);

  if (!settings_have_rules (settings))
    return FALSE;

  entries = get_entries (settings);
  n = g_variant_n_children (entries);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (entries, i);
      g_autoptr(IscAlertRule) read = isc_alert_rule_new_from_variant (child);

      /* The same rule twice would only notify twice. */
      if (read != NULL && isc_alert_rule_equal (read, rule))
        return FALSE;
      g_variant_builder_add_value (&builder, child);
    }
  g_variant_builder_add_value (&builder, isc_alert_rule_to_variant (rule));
  g_settings_set_value (settings, RULES_KEY, g_variant_builder_end (&builder));
  return TRUE;
}

gboolean
isc_alert_rules_remove (GSettings          *settings,
                        const IscAlertRule *rule)
{
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("aa{sv}"));
  g_autoptr(GVariant) entries = NULL;
  gboolean removed = FALSE;
  gsize n;

  g_return_val_if_fail (rule != NULL, FALSE);

  if (!settings_have_rules (settings))
    return FALSE;

  entries = get_entries (settings);
  n = g_variant_n_children (entries);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (entries, i);

      if (!removed)
        {
          g_autoptr(IscAlertRule) read = isc_alert_rule_new_from_variant (child);

          if (read != NULL && isc_alert_rule_equal (read, rule))
            {
              removed = TRUE;
              continue;
            }
        }
      g_variant_builder_add_value (&builder, child);
    }
  if (removed)
    g_settings_set_value (settings, RULES_KEY, g_variant_builder_end (&builder));
  return removed;
}

guint
isc_alert_rules_count_unreadable (GSettings       *settings,
                                  const IscTarget *target)
{
  g_autoptr(GVariant) entries = NULL;
  guint count = 0;
  gsize n;

  g_return_val_if_fail (target != NULL, 0);

  if (!settings_have_rules (settings))
    return 0;

  entries = get_entries (settings);
  n = g_variant_n_children (entries);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (entries, i);
      g_autoptr(GVariant) target_variant = g_variant_lookup_value (child, "target", G_VARIANT_TYPE_VARDICT);
      g_autoptr(IscTarget) entry_target = isc_target_new_from_variant (target_variant);
      g_autoptr(IscAlertRule) read = NULL;

      if (entry_target == NULL || !isc_target_equal (entry_target, target))
        continue;
      read = isc_alert_rule_new_from_variant (child);
      if (read == NULL)
        count++;
    }
  return count;
}

GPtrArray *
isc_alert_rules_for_target (GPtrArray       *rules,
                            const IscTarget *target)
{
  GPtrArray *found = g_ptr_array_new ();

  g_return_val_if_fail (rules != NULL, found);

  for (guint i = 0; i < rules->len; i++)
    {
      IscAlertRule *rule = g_ptr_array_index (rules, i);

      if (isc_target_equal (rule->target, target))
        g_ptr_array_add (found, rule);
    }
  return found;
}
