/* test-alerts-dialog.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The Alerts dialog of one target: a rule chosen from the list, with its
 * threshold and minutes, is added to the setting and listed; its remove
 * button takes it away; the rules of other targets stay. */

#include "config.h"

#include "isc-alert-rule.h"
#include "isc-alerts-dialog.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"

#define SCHEMA_ID "io.github.inferscope.Inferscope"

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static GtkWidget *
find_row (GtkWidget  *root,
          const char *title)
{
  return test_find_shown (root, ADW_TYPE_ACTION_ROW, "title", title);
}

static GtkSpinButton *
spin_in_row (GtkWidget  *root,
             const char *title)
{
  GtkWidget *row = find_row (root, title);

  g_assert_nonnull (row);
  return GTK_SPIN_BUTTON (test_find_shown (row, GTK_TYPE_SPIN_BUTTON, NULL, NULL));
}

static void
test_add_remove (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr(IscTarget) target = isc_target_new ("demo-chat", ISC_TARGET_ENVIRONMENT, "production",
                                                "demo-chat", "production");
  g_autoptr(IscTarget) other = isc_target_new ("demo-embed", ISC_TARGET_DEPLOYMENT, "demo-embed-d2",
                                               "demo-embed", "v2");
  g_autoptr(GPtrArray) rules = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_alert_rule_free);
  g_autoptr(GPtrArray) read = NULL;
  IscAlertsDialog *dialog;
  GtkWidget *root, *combo, *add, *remove, *threshold_row;
  IscAlertRule *rule;

  /* Another target's rule, which the dialog neither shows nor loses. */
  g_ptr_array_add (rules, isc_alert_rule_new (other, ISC_ALERT_KIND_LATENCY_P95, 3, 5));
  isc_alert_rules_save (settings, rules);

  dialog = isc_alerts_dialog_new (NULL, settings, target);
  root = GTK_WIDGET (dialog);
  isc_alerts_dialog_present (dialog);
  g_assert_true (test_wait_for (is_mapped, dialog));
  g_assert_true (isc_target_equal (isc_alerts_dialog_get_target (dialog), target));

  g_assert_nonnull (find_row (root, "No rules yet"));
  g_assert_null (find_row (root, "p95 end-to-end latency above 3\u00a0s for 5 minutes"));

  /* 5xx share above 2 % for 7 minutes. */
  combo = test_find_shown (root, ADW_TYPE_COMBO_ROW, NULL, NULL);
  g_assert_nonnull (combo);
  adw_combo_row_set_selected (ADW_COMBO_ROW (combo), ISC_ALERT_KIND_ERROR_SHARE);
  gtk_spin_button_set_value (spin_in_row (root, "_Above"), 2);
  gtk_spin_button_set_value (spin_in_row (root, "_For"), 7);
  add = test_find_button (root, "Add _Rule");
  g_assert_nonnull (add);
  g_assert_true (gtk_widget_has_css_class (add, "suggested-action"));
#if ADW_CHECK_VERSION (1, 6, 0)
  /* A row in a list of its own, the group after the form's. */
  g_assert_true (ADW_IS_BUTTON_ROW (add));
  g_assert_null (gtk_widget_get_prev_sibling (add));
  g_assert_null (gtk_widget_get_next_sibling (add));
  g_assert_true (gtk_widget_get_prev_sibling (gtk_widget_get_ancestor (add, ADW_TYPE_PREFERENCES_GROUP)) ==
                 gtk_widget_get_ancestor (find_row (root, "_For"), ADW_TYPE_PREFERENCES_GROUP));
#else
  g_assert_true (GTK_IS_BUTTON (add));
#endif
  test_click_button (add);

  read = isc_alert_rules_load (settings);
  g_assert_cmpuint (read->len, ==, 2);
  rule = g_ptr_array_index (read, 1);
  g_assert_true (isc_target_equal (rule->target, target));
  g_assert_cmpint (rule->kind, ==, ISC_ALERT_KIND_ERROR_SHARE);
  g_assert_cmpfloat_with_epsilon (rule->threshold, 0.02, 1e-9);
  g_assert_cmpuint (rule->minutes, ==, 7);
  test_run_frames (50);
  g_assert_nonnull (find_row (root, "5xx share above 2\u00a0% for 7 minutes"));
  g_assert_null (find_row (root, "No rules yet"));

  /* The same rule again is not added twice. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (combo), ISC_ALERT_KIND_ERROR_SHARE);
  gtk_spin_button_set_value (spin_in_row (root, "_Above"), 2);
  gtk_spin_button_set_value (spin_in_row (root, "_For"), 7);
  test_click_button (add);
  g_clear_pointer (&read, g_ptr_array_unref);
  read = isc_alert_rules_load (settings);
  g_assert_cmpuint (read->len, ==, 2);

  /* Replicas at maximum has no threshold to give. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (combo), ISC_ALERT_KIND_REPLICAS_AT_MAX);
  test_run_frames (50);
  threshold_row = test_find_widget (root, ADW_TYPE_ACTION_ROW, "title", "_Above");
  g_assert_false (gtk_widget_get_visible (threshold_row));
  test_click_button (add);
  test_run_frames (50);
  g_assert_nonnull (find_row (root, "Replicas at maximum for 10 minutes"));

  /* Remove the 5xx rule by its button. */
  remove = test_find_shown (find_row (root, "5xx share above 2\u00a0% for 7 minutes"), GTK_TYPE_BUTTON, NULL, NULL);
  g_assert_nonnull (remove);
  g_signal_emit_by_name (remove, "clicked");
  test_run_frames (50);
  g_assert_null (find_row (root, "5xx share above 2\u00a0% for 7 minutes"));
  g_clear_pointer (&read, g_ptr_array_unref);
  read = isc_alert_rules_load (settings);
  g_assert_cmpuint (read->len, ==, 2);
  g_assert_true (isc_target_equal (((IscAlertRule *) g_ptr_array_index (read, 0))->target, other));
  g_assert_cmpint (((IscAlertRule *) g_ptr_array_index (read, 1))->kind, ==, ISC_ALERT_KIND_REPLICAS_AT_MAX);

  isc_alerts_dialog_close (dialog);
  g_settings_reset (settings, "alert-rules");
}

/* A newer version's rules on this target: one of a kind this version
 * does not know, one held 1,440 minutes (more than this version's most),
 * and one it reads with a member it does not know. */
#define NEWER_RULES \
  "[{'target': <{'model-id': <'demo-chat'>, 'kind': <'environment'>, 'id': <'production'>}>, " \
  "  'kind': <'queue-depth'>, 'threshold': <40.0>, 'minutes': <uint32 5>}, " \
  " {'target': <{'model-id': <'demo-chat'>, 'kind': <'environment'>, 'id': <'production'>}>, " \
  "  'kind': <'error-share'>, 'threshold': <0.05>, 'minutes': <uint32 1440>}, " \
  " {'target': <{'model-id': <'demo-chat'>, 'kind': <'environment'>, 'id': <'production'>}>, " \
  "  'kind': <'latency-p95'>, 'threshold': <2.0>, 'minutes': <uint32 5>, 'quiet-hours': <'22-07'>}, " \
  " {'target': <{'model-id': <'demo-chat'>, 'kind': <'environment'>, 'id': <'production'>}>, " \
  "  'kind': <'replicas-at-max'>, 'minutes': <uint32 10>}]"

/* Removing a rule in the dialog loses none of the others: what this
 * version cannot read is said, kept and left as it was. */
static void
test_keeps_unreadable (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr(IscTarget) target = isc_target_new ("demo-chat", ISC_TARGET_ENVIRONMENT, "production",
                                                "demo-chat", "production");
  g_autoptr(GVariant) newer = g_variant_ref_sink (g_variant_new_parsed (NEWER_RULES));
  g_autoptr(GVariant) stored = NULL;
  g_auto(GVariantBuilder) want = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("aa{sv}"));
  g_autoptr(GVariant) wanted = NULL;
  IscAlertsDialog *dialog;
  GtkWidget *root, *remove;

  g_settings_set_value (settings, "alert-rules", newer);
  dialog = isc_alerts_dialog_new (NULL, settings, target);
  root = GTK_WIDGET (dialog);
  isc_alerts_dialog_present (dialog);
  g_assert_true (test_wait_for (is_mapped, dialog));

  /* The two it cannot read are said, not shown as something else. */
  g_assert_nonnull (find_row (root, "2 rules this version cannot read"));
  g_assert_null (find_row (root, "5xx share above 5\u00a0% for 360 minutes"));
  g_assert_nonnull (find_row (root, "p95 end-to-end latency above 2\u00a0s for 5 minutes"));

  /* Remove the replicas rule: the three others stay exactly as written. */
  remove = test_find_shown (find_row (root, "Replicas at maximum for 10 minutes"), GTK_TYPE_BUTTON, NULL, NULL);
  g_assert_nonnull (remove);
  g_signal_emit_by_name (remove, "clicked");
  test_run_frames (50);
  g_assert_null (find_row (root, "Replicas at maximum for 10 minutes"));
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (newer, i);

      g_variant_builder_add_value (&want, child);
    }
  wanted = g_variant_ref_sink (g_variant_builder_end (&want));
  stored = g_settings_get_value (settings, "alert-rules");
  g_assert_true (g_variant_equal (stored, wanted));

  isc_alerts_dialog_close (dialog);
  g_settings_reset (settings, "alert-rules");
}

/* A value out of range is refused in words as typed, never clamped into
 * a rule the person did not ask for. */
static void
test_out_of_range (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SCHEMA_ID);
  g_autoptr(IscTarget) target = isc_target_new ("demo-chat", ISC_TARGET_ENVIRONMENT, "production",
                                                "demo-chat", "production");
  g_autoptr(GPtrArray) read = NULL;
  IscAlertsDialog *dialog;
  GtkWidget *root, *combo, *add;
  GtkSpinButton *minutes, *threshold;
  IscAlertRule *rule;

  g_settings_reset (settings, "alert-rules");
  dialog = isc_alerts_dialog_new (NULL, settings, target);
  root = GTK_WIDGET (dialog);
  isc_alerts_dialog_present (dialog);
  g_assert_true (test_wait_for (is_mapped, dialog));
  combo = test_find_shown (root, ADW_TYPE_COMBO_ROW, NULL, NULL);
  adw_combo_row_set_selected (ADW_COMBO_ROW (combo), ISC_ALERT_KIND_ERROR_SHARE);
  add = test_find_button (root, "Add _Rule");
  minutes = spin_in_row (root, "_For");
  threshold = spin_in_row (root, "_Above");

  /* 1,440 minutes typed: not added, not turned into 360; the row says why. */
  gtk_editable_set_text (GTK_EDITABLE (minutes), "1440");
  test_click_button (add);
  read = isc_alert_rules_load (settings);
  g_assert_cmpuint (read->len, ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (minutes)), ==, "1440");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_row (root, "_For"))), ==,
                   "Between 1 and 360 minutes");
  g_assert_false (gtk_widget_is_sensitive (add));

  /* A share above 100 % likewise. */
  gtk_editable_set_text (GTK_EDITABLE (minutes), "30");
  gtk_spin_button_update (minutes);
  g_assert_true (gtk_widget_is_sensitive (add));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_row (root, "_For"))), ==, "");
  gtk_editable_set_text (GTK_EDITABLE (threshold), "150");
  test_click_button (add);
  g_clear_pointer (&read, g_ptr_array_unref);
  read = isc_alert_rules_load (settings);
  g_assert_cmpuint (read->len, ==, 0);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_row (root, "_Above"))), ==,
                   "Between 0.1 and 100 %");

  /* In range: added as typed. Add is refused until the field is edited,
   * and can be clicked once it is. */
  g_assert_false (gtk_widget_is_sensitive (add));
  gtk_editable_set_text (GTK_EDITABLE (threshold), "2.5");
  g_assert_true (gtk_widget_is_sensitive (add));
  test_click_button (add);
  g_clear_pointer (&read, g_ptr_array_unref);
  read = isc_alert_rules_load (settings);
  g_assert_cmpuint (read->len, ==, 1);
  rule = g_ptr_array_index (read, 0);
  g_assert_cmpfloat_with_epsilon (rule->threshold, 0.025, 1e-9);
  g_assert_cmpuint (rule->minutes, ==, 30);

  isc_alerts_dialog_close (dialog);
  g_settings_reset (settings, "alert-rules");
}

/* Without settings nothing can be kept: Add is off. */
static void
test_no_settings (void)
{
  g_autoptr(IscTarget) target = isc_target_new ("demo-chat", ISC_TARGET_ENVIRONMENT, "production", NULL, NULL);
  IscAlertsDialog *dialog = isc_alerts_dialog_new (NULL, NULL, target);
  GtkWidget *add;

  isc_alerts_dialog_present (dialog);
  g_assert_true (test_wait_for (is_mapped, dialog));
  add = test_find_button (GTK_WIDGET (dialog), "Add _Rule");
  g_assert_nonnull (add);
  g_assert_false (gtk_widget_is_sensitive (add));
  isc_alerts_dialog_close (dialog);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/alerts-dialog/add-remove", test_add_remove);
  g_test_add_func ("/isc/alerts-dialog/no-settings", test_no_settings);
  g_test_add_func ("/isc/alerts-dialog/keeps-unreadable", test_keeps_unreadable);
  g_test_add_func ("/isc/alerts-dialog/out-of-range", test_out_of_range);

  return g_test_run ();
}
