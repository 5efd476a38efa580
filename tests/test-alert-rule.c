/* test-alert-rule.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Alert rules: their words, their ids, and the "alert-rules" setting
 * giving back the rules it was given. */

#include "config.h"

#include <math.h>

#include "isc-alert-rule.h"

#define SCHEMA_ID "io.github.inferscope.Inferscope"

static IscTarget *
target_a (void)
{
  return isc_target_new ("demo-chat", ISC_TARGET_ENVIRONMENT, "production", "demo-chat", "production");
}

static IscTarget *
target_b (void)
{
  return isc_target_new ("demo-embed", ISC_TARGET_DEPLOYMENT, "demo-embed-d2", "demo-embed", "v2");
}

static void
test_words (void)
{
  g_autoptr(IscTarget) a = target_a ();
  g_autoptr(IscAlertRule) share = isc_alert_rule_new (a, ISC_ALERT_KIND_ERROR_SHARE, 0.01, 5);
  g_autoptr(IscAlertRule) latency = isc_alert_rule_new (a, ISC_ALERT_KIND_LATENCY_P95, 2, 1);
  g_autoptr(IscAlertRule) replicas = isc_alert_rule_new (a, ISC_ALERT_KIND_REPLICAS_AT_MAX, 3, 10);
  g_autofree char *share_text = isc_alert_rule_dup_description (share);
  g_autofree char *latency_text = isc_alert_rule_dup_description (latency);
  g_autofree char *replicas_text = isc_alert_rule_dup_description (replicas);
  g_autofree char *value = isc_alert_rule_format_value (share, 0.042);
  g_autofree char *count = isc_alert_rule_format_value (replicas, 10);

  g_assert_cmpstr (share_text, ==, "5xx share above 1\u00a0% for 5 minutes");
  g_assert_cmpstr (latency_text, ==, "p95 end-to-end latency above 2\u00a0s for 1 minute");
  g_assert_cmpstr (replicas_text, ==, "Replicas at maximum for 10 minutes");
  g_assert_cmpstr (value, ==, "4.2\u00a0%");
  g_assert_cmpstr (count, ==, "10 replicas");
  {
    g_autofree char *fired = isc_alert_rule_dup_fired_title (share, 0.042);
    g_autofree char *resolved = isc_alert_rule_dup_resolved_title (share, 0.003);
    g_autofree char *slow = isc_alert_rule_dup_fired_title (latency, 3.1);

    g_assert_cmpstr (fired, ==, "demo-chat · production: 5xx share 4.2\u00a0% above 1\u00a0%");
    g_assert_cmpstr (resolved, ==, "demo-chat · production: 5xx share back to 0.30\u00a0%");
    g_assert_cmpstr (slow, ==, "demo-chat · production: p95 end-to-end latency 3.1\u00a0s above 2\u00a0s");
  }
  /* The replicas rule has no threshold of its own. */
  g_assert_cmpfloat (replicas->threshold, ==, 0);
}

static void
test_ids (void)
{
  g_autoptr(IscTarget) a = target_a ();
  g_autoptr(IscTarget) b = target_b ();
  g_autoptr(IscAlertRule) r1 = isc_alert_rule_new (a, ISC_ALERT_KIND_ERROR_SHARE, 0.01, 5);
  g_autoptr(IscAlertRule) r2 = isc_alert_rule_new (a, ISC_ALERT_KIND_ERROR_SHARE, 0.02, 5);
  g_autoptr(IscAlertRule) r3 = isc_alert_rule_new (b, ISC_ALERT_KIND_ERROR_SHARE, 0.01, 5);
  g_autoptr(IscAlertRule) copy = isc_alert_rule_copy (r1);
  g_autofree char *id1 = isc_alert_rule_dup_id (r1);
  g_autofree char *id2 = isc_alert_rule_dup_id (r2);
  g_autofree char *id3 = isc_alert_rule_dup_id (r3);
  g_autofree char *id_copy = isc_alert_rule_dup_id (copy);

  g_assert_true (isc_alert_rule_equal (r1, copy));
  g_assert_false (isc_alert_rule_equal (r1, r2));
  g_assert_cmpstr (id1, ==, id_copy);
  g_assert_cmpstr (id1, !=, id2);
  g_assert_cmpstr (id1, !=, id3);
  g_assert_cmpstr (isc_alert_rule_get_metric (r1), ==, "baseten_inference_requests_total");
}

static void
test_variant_invalid (void)
{
  g_autoptr(GVariant) empty = g_variant_ref_sink (g_variant_new_parsed ("@a{sv} {}"));
  g_autoptr(GVariant) bad_kind = g_variant_ref_sink (g_variant_new_parsed (
    "{'target': <{'model-id': <'m'>, 'kind': <'deployment'>, 'id': <'d'>}>, 'kind': <'cpu'>, "
    "'threshold': <1.0>, 'minutes': <uint32 5>}"));
  g_autoptr(GVariant) good = g_variant_ref_sink (g_variant_new_parsed (
    "{'target': <{'model-id': <'m'>, 'kind': <'deployment'>, 'id': <'d'>}>, 'kind': <'latency-p95'>, "
    "'threshold': <1.5>, 'minutes': <uint32 5>}"));
  g_autoptr(IscAlertRule) rule = isc_alert_rule_new_from_variant (good);

  g_assert_null (isc_alert_rule_new_from_variant (empty));
  g_assert_null (isc_alert_rule_new_from_variant (bad_kind));
  g_assert_nonnull (rule);
  g_assert_cmpint (rule->kind, ==, ISC_ALERT_KIND_LATENCY_P95);
  g_assert_cmpfloat (rule->threshold, ==, 1.5);
  g_assert_cmpstr (rule->target->id, ==, "d");
}

/* What is saved is read back, in order, with each field; the rules of one
 * target are found among the others; a bad entry is skipped. */
static void
test_settings_round_trip (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr(GPtrArray) rules = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_alert_rule_free);
  g_autoptr(GPtrArray) read = NULL;
  g_autoptr(GPtrArray) of_a = NULL;
  g_autoptr(IscTarget) a = target_a ();
  g_autoptr(IscTarget) b = target_b ();
  g_autoptr(GVariant) stored = NULL;

  read = isc_alert_rules_load (settings);
  g_assert_cmpuint (read->len, ==, 0);
  g_clear_pointer (&read, g_ptr_array_unref);

  g_ptr_array_add (rules, isc_alert_rule_new (a, ISC_ALERT_KIND_ERROR_SHARE, 0.01, 5));
  g_ptr_array_add (rules, isc_alert_rule_new (b, ISC_ALERT_KIND_LATENCY_P95, 2.5, 15));
  g_ptr_array_add (rules, isc_alert_rule_new (a, ISC_ALERT_KIND_REPLICAS_AT_MAX, 0, 10));
  isc_alert_rules_save (settings, rules);

  stored = g_settings_get_value (settings, "alert-rules");
  g_assert_cmpuint (g_variant_n_children (stored), ==, 3);

  read = isc_alert_rules_load (settings);
  g_assert_cmpuint (read->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    g_assert_true (isc_alert_rule_equal (g_ptr_array_index (read, i), g_ptr_array_index (rules, i)));
  g_assert_cmpstr (((IscAlertRule *) g_ptr_array_index (read, 0))->target->name, ==, "production");

  of_a = isc_alert_rules_for_target (read, a);
  g_assert_cmpuint (of_a->len, ==, 2);
  g_assert_cmpint (((IscAlertRule *) g_ptr_array_index (of_a, 1))->kind, ==, ISC_ALERT_KIND_REPLICAS_AT_MAX);

  g_settings_set_value (settings, "alert-rules", g_variant_new_parsed (
    "[{'kind': <'error-share'>}, {'target': <{'model-id': <'m'>, 'kind': <'deployment'>, 'id': <'d'>}>, "
    "'kind': <'error-share'>, 'threshold': <0.05>, 'minutes': <uint32 3>}]"));
  g_clear_pointer (&read, g_ptr_array_unref);
  read = isc_alert_rules_load (settings);
  g_assert_cmpuint (read->len, ==, 1);
  g_assert_cmpfloat (((IscAlertRule *) g_ptr_array_index (read, 0))->threshold, ==, 0.05);

  /* Without settings nothing is read and saving does nothing. */
  g_clear_pointer (&read, g_ptr_array_unref);
  read = isc_alert_rules_load (NULL);
  g_assert_cmpuint (read->len, ==, 0);
  isc_alert_rules_save (NULL, rules);
}

/* What a newer version wrote and this one cannot read: a kind it added,
 * minutes past this version's most, a member it added to a rule. */
#define NEWER_RULES \
  "[{'target': <{'model-id': <'demo-chat'>, 'kind': <'environment'>, 'id': <'production'>}>, " \
  "  'kind': <'queue-depth'>, 'threshold': <40.0>, 'minutes': <uint32 5>}, " \
  " {'target': <{'model-id': <'demo-chat'>, 'kind': <'environment'>, 'id': <'production'>}>, " \
  "  'kind': <'error-share'>, 'threshold': <0.05>, 'minutes': <uint32 1440>}, " \
  " {'target': <{'model-id': <'demo-chat'>, 'kind': <'environment'>, 'id': <'production'>}>, " \
  "  'kind': <'latency-p95'>, 'threshold': <2.0>, 'minutes': <uint32 5>, 'quiet-hours': <'22-07'>}, " \
  " {'target': <{'model-id': <'demo-embed'>, 'kind': <'deployment'>, 'id': <'demo-embed-d2'>}>, " \
  "  'kind': <'latency-p95'>, 'threshold': <3.0>, 'minutes': <uint32 10>}]"

/* Removing or adding one rule leaves every other entry as it was, those
 * this version cannot read included; 1,440 minutes never reads as 360. */
static void
test_keeps_unreadable (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr(GVariant) newer = g_variant_ref_sink (g_variant_new_parsed (NEWER_RULES));
  g_autoptr(GVariant) stored = NULL;
  g_autoptr(GPtrArray) read = NULL;
  g_autoptr(IscTarget) a = target_a ();
  g_autoptr(IscTarget) b = target_b ();
  g_autoptr(IscAlertRule) of_b = isc_alert_rule_new (b, ISC_ALERT_KIND_LATENCY_P95, 3, 10);
  g_autoptr(IscAlertRule) added = isc_alert_rule_new (a, ISC_ALERT_KIND_REPLICAS_AT_MAX, 0, 10);
  g_auto(GVariantBuilder) want = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("aa{sv}"));
  g_autoptr(GVariant) wanted = NULL;

  g_settings_set_value (settings, "alert-rules", newer);

  /* Read: only the rule this version knows whole; none changed to fit. */
  read = isc_alert_rules_load (settings);
  g_assert_cmpuint (read->len, ==, 2);
  for (guint i = 0; i < read->len; i++)
    g_assert_cmpuint (((IscAlertRule *) g_ptr_array_index (read, i))->minutes, !=, ISC_ALERT_MAX_MINUTES);
  g_assert_cmpuint (isc_alert_rules_count_unreadable (settings, a), ==, 2);
  g_assert_cmpuint (isc_alert_rules_count_unreadable (settings, b), ==, 0);

  /* Remove the other target's rule: the first three stay byte for byte. */
  g_assert_true (isc_alert_rules_remove (settings, of_b));
  g_assert_false (isc_alert_rules_remove (settings, of_b));
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (newer, i);

      g_variant_builder_add_value (&want, child);
    }
  wanted = g_variant_ref_sink (g_variant_builder_end (&want));
  stored = g_settings_get_value (settings, "alert-rules");
  g_assert_true (g_variant_equal (stored, wanted));

  /* Add one: the three stay, the new one comes last, once. */
  g_assert_true (isc_alert_rules_add (settings, added));
  g_assert_false (isc_alert_rules_add (settings, added));
  g_clear_pointer (&stored, g_variant_unref);
  stored = g_settings_get_value (settings, "alert-rules");
  g_assert_cmpuint (g_variant_n_children (stored), ==, 4);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GVariant) kept = g_variant_get_child_value (stored, i);
      g_autoptr(GVariant) was = g_variant_get_child_value (newer, i);

      g_assert_true (g_variant_equal (kept, was));
    }
  g_clear_pointer (&read, g_ptr_array_unref);
  read = isc_alert_rules_load (settings);
  g_assert_true (isc_alert_rule_equal (g_ptr_array_index (read, read->len - 1), added));

  g_settings_reset (settings, "alert-rules");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/alert-rule/words", test_words);
  g_test_add_func ("/isc/alert-rule/ids", test_ids);
  g_test_add_func ("/isc/alert-rule/variant-invalid", test_variant_invalid);
  g_test_add_func ("/isc/alert-rule/settings-round-trip", test_settings_round_trip);
  g_test_add_func ("/isc/alert-rule/keeps-unreadable", test_keeps_unreadable);

  return g_test_run ();
}
