/* isc-alerts-dialog.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-alerts-dialog"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-alert-rule.h"
#include "isc-alerts-dialog.h"
#include "isc-button-row.h"

#if ADW_CHECK_VERSION (1, 5, 0)
# define ISC_ALERTS_AS_DIALOG 1
#else
# define ISC_ALERTS_AS_DIALOG 0
#endif

struct _IscAlertsDialog
{
#if ISC_ALERTS_AS_DIALOG
  AdwPreferencesDialog  parent_instance;
#else
  AdwPreferencesWindow  parent_instance;
#endif

  /* Widgets */
  AdwPreferencesGroup  *rules_group;
  AdwPreferencesGroup  *add_group;
  AdwComboRow          *kind_row;
  AdwActionRow         *threshold_row;
  GtkSpinButton        *threshold_spin;
  GtkLabel             *threshold_unit;
  AdwActionRow         *minutes_row;
  GtkSpinButton        *minutes_spin;
  GtkWidget            *add_button;         /* isc_button_row_new()'s */
  GPtrArray            *rule_rows;  /* the rows in rules_group now */

  /* Owned references */
  GSettings            *settings;
  IscTarget            *target;
  GtkWindow            *parent;     /* weak: what it is presented over */
};

/* AdwPreferencesDialog where libadwaita has it (1.5; it deprecates
 * AdwPreferencesWindow in 1.6), inside the window; a modal window
 * before. */
#if ISC_ALERTS_AS_DIALOG
G_DEFINE_FINAL_TYPE (IscAlertsDialog, isc_alerts_dialog, ADW_TYPE_PREFERENCES_DIALOG)
#else
G_DEFINE_FINAL_TYPE (IscAlertsDialog, isc_alerts_dialog, ADW_TYPE_PREFERENCES_WINDOW)
#endif

/* The spin buttons take any number up to this, so that one out of range
 * stays as typed and is refused in words, never clamped unseen. */
#define SPIN_UPPER 1e6

/* Each kind's threshold as the spin button shows it, and its defaults. */
static const struct
{
  double      min;
  double      max;
  double      step;
  double      value;
  guint       minutes;
  guint       digits;
} kind_inputs[ISC_ALERT_N_KINDS] = {
  [ISC_ALERT_KIND_ERROR_SHARE] = { 0.1, 100, 0.1, 1, 5, 1 },        /* percent */
  [ISC_ALERT_KIND_LATENCY_P95] = { 0.1, 600, 0.1, 2, 5, 1 },        /* seconds */
  [ISC_ALERT_KIND_REPLICAS_AT_MAX] = { 0, 0, 1, 0, 10, 0 },         /* none */
};

static void
remove_clicked_cb (GtkButton       *button,
                   IscAlertsDialog *self)
{
  const IscAlertRule *rule = g_object_get_data (G_OBJECT (button), "isc-rule");

  /* Only that entry goes: the others, those this version cannot read
   * among them, stay as they are. The setting's change rebuilds the list. */
  isc_alert_rules_remove (self->settings, rule);
}

static void
rebuild_rules (IscAlertsDialog *self)
{
  g_autoptr(GPtrArray) rules = isc_alert_rules_load (self->settings);
  g_autoptr(GPtrArray) mine = isc_alert_rules_for_target (rules, self->target);
  guint unreadable;

  for (guint i = 0; i < self->rule_rows->len; i++)
    adw_preferences_group_remove (self->rules_group, g_ptr_array_index (self->rule_rows, i));
  g_ptr_array_set_size (self->rule_rows, 0);

  for (guint i = 0; i < mine->len; i++)
    {
      const IscAlertRule *rule = g_ptr_array_index (mine, i);
      g_autofree char *description = isc_alert_rule_dup_description (rule);
      g_autofree char *label = NULL;
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");

      /* The rule names its target: text, not markup. */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), description);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, _("Remove Rule"));
      /* Translators: the accessible name of a rule's remove button, %s
       * is the rule, "5xx share above 1 % for 5 minutes" */
      label = g_strdup_printf (_("Remove “%s”"), description);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
      g_object_set_data_full (G_OBJECT (button), "isc-rule", isc_alert_rule_copy (rule),
                              (GDestroyNotify) isc_alert_rule_free);
      g_signal_connect (button, "clicked", G_CALLBACK (remove_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);

      adw_preferences_group_add (self->rules_group, row);
      g_ptr_array_add (self->rule_rows, row);
    }

  unreadable = isc_alert_rules_count_unreadable (self->settings, self->target);
  if (unreadable > 0)
    {
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = NULL;

      /* Translators: rules of this target that another (newer) version
       * of Inferscope wrote and this one cannot read */
      title = g_strdup_printf (ngettext ("%u rule this version cannot read",
                                         "%u rules this version cannot read", unreadable),
                               unreadable);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   _("Kept as they are, but not checked here. A newer version of Inferscope may have added them."));
      adw_preferences_group_add (self->rules_group, row);
      g_ptr_array_add (self->rule_rows, row);
    }

  if (mine->len == 0 && unreadable == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No rules yet"));
      gtk_widget_add_css_class (row, "dim-label");
      adw_preferences_group_add (self->rules_group, row);
      g_ptr_array_add (self->rule_rows, row);
    }
}

static IscAlertKind
selected_kind (IscAlertsDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->kind_row);

  return selected < ISC_ALERT_N_KINDS ? (IscAlertKind) selected : ISC_ALERT_KIND_ERROR_SHARE;
}

/* Says beside the field why its value is refused (NULL: it is not). */
static void
set_refusal (AdwActionRow  *row,
             GtkSpinButton *spin,
             const char    *refusal)
{
  adw_action_row_set_subtitle (row, refusal != NULL ? refusal : "");
  if (refusal != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (spin), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (spin), "error");
  gtk_accessible_update_state (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_STATE_INVALID,
                               refusal != NULL ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE,
                               -1);
}

/* Whether the fields hold a rule that may be added; where not, each
 * field out of range says so, and Add is off. Nothing is clamped. */
static gboolean
validate (IscAlertsDialog *self)
{
  IscAlertKind kind = selected_kind (self);
  double threshold = gtk_spin_button_get_value (self->threshold_spin);
  double minutes = gtk_spin_button_get_value (self->minutes_spin);
  gboolean threshold_ok = TRUE;
  gboolean minutes_ok;

  if (kind != ISC_ALERT_KIND_REPLICAS_AT_MAX)
    {
      /* Compared at the precision shown. */
      double shown = round (threshold * 10) / 10;

      threshold_ok = shown >= kind_inputs[kind].min && shown <= kind_inputs[kind].max;
      if (threshold_ok)
        set_refusal (self->threshold_row, self->threshold_spin, NULL);
      else
        {
          g_autofree char *min = g_strdup_printf ("%g", kind_inputs[kind].min);
          g_autofree char *max = g_strdup_printf ("%g", kind_inputs[kind].max);
          g_autofree char *refusal = NULL;

          if (kind == ISC_ALERT_KIND_ERROR_SHARE)
            /* Translators: an alert threshold out of range, "Between 0.1 and 100 %" */
            refusal = g_strdup_printf (_("Between %s and %s %%"), min, max);
          else
            /* Translators: an alert threshold out of range, "Between 0.1 and 600 seconds" */
            refusal = g_strdup_printf (_("Between %s and %s seconds"), min, max);
          set_refusal (self->threshold_row, self->threshold_spin, refusal);
        }
    }
  else
    set_refusal (self->threshold_row, self->threshold_spin, NULL);

  minutes_ok = minutes >= 1 && minutes <= ISC_ALERT_MAX_MINUTES && minutes == floor (minutes);
  if (minutes_ok)
    set_refusal (self->minutes_row, self->minutes_spin, NULL);
  else
    {
      g_autofree char *refusal =
        /* Translators: the minutes of an alert out of range, "Between 1 and 360 minutes" */
        g_strdup_printf (_("Between 1 and %u minutes"), (guint) ISC_ALERT_MAX_MINUTES);

      set_refusal (self->minutes_row, self->minutes_spin, refusal);
    }

  gtk_widget_set_sensitive (self->add_button, threshold_ok && minutes_ok);
  return threshold_ok && minutes_ok;
}

/* Typed into a field after a refusal: Add can be clicked again, and
 * takes what is typed (add_clicked_cb()), refused again where it is out
 * of range. (validate() runs after a value is set from code.) */
static void
typed_cb (IscAlertsDialog *self)
{
  gtk_widget_set_sensitive (self->add_button, TRUE);
}

static void
kind_changed_cb (IscAlertsDialog *self)
{
  IscAlertKind kind = selected_kind (self);
  gboolean has_threshold = kind != ISC_ALERT_KIND_REPLICAS_AT_MAX;

  gtk_widget_set_visible (GTK_WIDGET (self->threshold_row), has_threshold);
  if (has_threshold)
    {
      gtk_spin_button_set_digits (self->threshold_spin, kind_inputs[kind].digits);
      gtk_spin_button_set_range (self->threshold_spin, 0, SPIN_UPPER);
      gtk_spin_button_set_increments (self->threshold_spin, kind_inputs[kind].step, kind_inputs[kind].step * 10);
      gtk_spin_button_set_value (self->threshold_spin, kind_inputs[kind].value);
      /* The percent sign is a symbol, not a word to translate. */
      gtk_label_set_text (self->threshold_unit, kind == ISC_ALERT_KIND_ERROR_SHARE ? "%" : _("seconds"));
    }
  gtk_spin_button_set_value (self->minutes_spin, kind_inputs[kind].minutes);
  validate (self);
}

static void
add_clicked_cb (IscAlertsDialog *self)
{
  IscAlertKind kind = selected_kind (self);
  g_autoptr(IscAlertRule) rule = NULL;
  double threshold;
  guint minutes;

  /* What is typed and not yet taken counts: a value out of range is
   * refused as typed, not added clamped. */
  gtk_spin_button_update (self->threshold_spin);
  gtk_spin_button_update (self->minutes_spin);
  if (!validate (self))
    return;

  threshold = gtk_spin_button_get_value (self->threshold_spin);
  minutes = (guint) gtk_spin_button_get_value_as_int (self->minutes_spin);
  if (kind == ISC_ALERT_KIND_ERROR_SHARE)
    threshold /= 100.0;
  rule = isc_alert_rule_new (self->target, kind, threshold, minutes);

  /* The same rule twice would only notify twice: not added. */
  isc_alert_rules_add (self->settings, rule);
}

static GtkWidget *
spin_row (const char     *title,
          const char     *accessible_name,
          GtkSpinButton **spin_out,
          GtkLabel      **unit_out)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (0, SPIN_UPPER, 1);
  GtkWidget *unit = gtk_label_new (NULL);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible_name, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), unit);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  gtk_widget_add_css_class (unit, "dim-label");

  *spin_out = GTK_SPIN_BUTTON (spin);
  *unit_out = GTK_LABEL (unit);
  return row;
}

static void
isc_alerts_dialog_dispose (GObject *object)
{
  IscAlertsDialog *self = ISC_ALERTS_DIALOG (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);

  G_OBJECT_CLASS (isc_alerts_dialog_parent_class)->dispose (object);
}

static void
isc_alerts_dialog_finalize (GObject *object)
{
  IscAlertsDialog *self = ISC_ALERTS_DIALOG (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->target, isc_target_free);
  g_clear_pointer (&self->rule_rows, g_ptr_array_unref);
  g_clear_weak_pointer (&self->parent);

  G_OBJECT_CLASS (isc_alerts_dialog_parent_class)->finalize (object);
}

static void
isc_alerts_dialog_class_init (IscAlertsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_alerts_dialog_dispose;
  object_class->finalize = isc_alerts_dialog_finalize;

#if !ISC_ALERTS_AS_DIALOG
  /* An AdwDialog closes with Escape itself. */
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
#endif
}

static void
isc_alerts_dialog_init (IscAlertsDialog *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  GtkWidget *page = adw_preferences_page_new ();
  GtkLabel *minutes_unit;
#if ADW_CHECK_VERSION (1, 6, 0)
  GtkWidget *button_group;
#else
  GtkWidget *button_box;
#endif

  self->rule_rows = g_ptr_array_new ();

#if ISC_ALERTS_AS_DIALOG
  adw_dialog_set_title (ADW_DIALOG (self), _("Alerts"));
  adw_preferences_dialog_set_search_enabled (ADW_PREFERENCES_DIALOG (self), FALSE);
#else
  isc_accessible_init_dialog (GTK_WINDOW (self));
  gtk_window_set_title (GTK_WINDOW (self), _("Alerts"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 520, 560);
  adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (self), FALSE);
#endif

  self->rules_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->rules_group, _("Rules"));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->rules_group);

  self->add_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->add_group, _("Add a Rule"));
  adw_preferences_group_set_description (self->add_group,
                                         _("Checked on each refresh; with “Run in Background” on, also with every window closed."));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->add_group);

  for (guint i = 0; i < ISC_ALERT_N_KINDS; i++)
    gtk_string_list_append (kinds, isc_alert_kind_get_title ((IscAlertKind) i));
  self->kind_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->kind_row), _("_Alert When"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->kind_row), TRUE);
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (kinds));
  adw_preferences_group_add (self->add_group, GTK_WIDGET (self->kind_row));

  self->threshold_row = ADW_ACTION_ROW (spin_row (_("_Above"), _("Threshold"), &self->threshold_spin, &self->threshold_unit));
  adw_preferences_group_add (self->add_group, GTK_WIDGET (self->threshold_row));

  self->minutes_row = ADW_ACTION_ROW (spin_row (_("_For"), _("Minutes"), &self->minutes_spin, &minutes_unit));
  gtk_label_set_text (minutes_unit, _("minutes"));
  adw_preferences_group_add (self->add_group, GTK_WIDGET (self->minutes_row));

  /* A button row where libadwaita has them (1.6), in a list of its own
   * under the form's (libadwaita fills a suggested row with the accent
   * colour, which reads best apart from the fields); a button under the
   * form's list before. */
  self->add_button = isc_button_row_new (_("Add _Rule"), G_CALLBACK (add_clicked_cb), self);
  gtk_widget_add_css_class (self->add_button, "suggested-action");
#if ADW_CHECK_VERSION (1, 6, 0)
  button_group = adw_preferences_group_new ();
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (button_group), self->add_button);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (button_group));
#else
  button_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_halign (button_box, GTK_ALIGN_END);
  gtk_widget_set_margin_top (button_box, 12);
  gtk_box_append (GTK_BOX (button_box), self->add_button);
  adw_preferences_group_add (self->add_group, button_box);
#endif

  g_signal_connect_swapped (self->kind_row, "notify::selected", G_CALLBACK (kind_changed_cb), self);
  g_signal_connect_swapped (self->threshold_spin, "value-changed", G_CALLBACK (validate), self);
  g_signal_connect_swapped (self->minutes_spin, "value-changed", G_CALLBACK (validate), self);
  g_signal_connect_swapped (self->threshold_spin, "changed", G_CALLBACK (typed_cb), self);
  g_signal_connect_swapped (self->minutes_spin, "changed", G_CALLBACK (typed_cb), self);
  kind_changed_cb (self);

  /* The page's tab (its switcher shows with a second page) reads as its
   * title: without one, GTK 4.8 reads "GtkLabel". */
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Alerts"));
#if ISC_ALERTS_AS_DIALOG
  adw_preferences_dialog_add (ADW_PREFERENCES_DIALOG (self), ADW_PREFERENCES_PAGE (page));
#else
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), ADW_PREFERENCES_PAGE (page));
#endif
  isc_accessible_hide_unused_search (GTK_WIDGET (self));
}

IscAlertsDialog *
isc_alerts_dialog_new (GtkWindow       *parent,
                       GSettings       *settings,
                       const IscTarget *target)
{
  IscAlertsDialog *self;
  g_autofree char *title = NULL;
  g_autofree char *escaped = NULL;

  g_return_val_if_fail (target != NULL, NULL);

  self = g_object_new (ISC_TYPE_ALERTS_DIALOG, NULL);
  g_set_weak_pointer (&self->parent, parent);
#if !ISC_ALERTS_AS_DIALOG
  gtk_window_set_transient_for (GTK_WINDOW (self), parent);
#endif
  self->target = isc_target_copy (target);
  title = isc_target_dup_display_title (target);
  /* A group's description is markup; the target's names are text. */
  escaped = g_markup_escape_text (title, -1);
  adw_preferences_group_set_description (self->rules_group, escaped);

  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      g_signal_connect_swapped (settings, "changed::alert-rules", G_CALLBACK (rebuild_rules), self);
    }
  else
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->add_group), FALSE);
      /* Add Rule's own list, where it has one. */
      gtk_widget_set_sensitive (gtk_widget_get_ancestor (self->add_button, ADW_TYPE_PREFERENCES_GROUP), FALSE);
      adw_preferences_group_set_description (self->add_group,
                                             _("Alert rules are kept in the settings, which this build cannot find."));
    }
  rebuild_rules (self);

  return self;
}

void
isc_alerts_dialog_present (IscAlertsDialog *self)
{
  g_return_if_fail (ISC_IS_ALERTS_DIALOG (self));

#if ISC_ALERTS_AS_DIALOG
  adw_dialog_present (ADW_DIALOG (self), GTK_WIDGET (self->parent));
#else
  gtk_window_present (GTK_WINDOW (self));
#endif
}

void
isc_alerts_dialog_close (IscAlertsDialog *self)
{
  g_return_if_fail (ISC_IS_ALERTS_DIALOG (self));

#if ISC_ALERTS_AS_DIALOG
  adw_dialog_force_close (ADW_DIALOG (self));
#else
  gtk_window_destroy (GTK_WINDOW (self));
#endif
}

const IscTarget *
isc_alerts_dialog_get_target (IscAlertsDialog *self)
{
  g_return_val_if_fail (ISC_IS_ALERTS_DIALOG (self), NULL);

  return self->target;
}
