/* isc-add-target-dialog.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-add-target-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-add-target-dialog.h"
#include "isc-spinner.h"

/* The kind row's choices, in its order. */
enum {
  KIND_DEPLOYMENT,
  KIND_ENVIRONMENT,
};

#if ADW_CHECK_VERSION (1, 5, 0)
# define ISC_ADD_TARGET_AS_DIALOG 1
#else
# define ISC_ADD_TARGET_AS_DIALOG 0
#endif

struct _IscAddTargetDialog
{
#if ISC_ADD_TARGET_AS_DIALOG
  AdwDialog     parent_instance;
#else
  AdwWindow     parent_instance;
#endif

  /* Widgets */
  GtkWidget    *add_button;
  GtkWidget    *spinner;
  AdwEntryRow  *model_row;
  AdwComboRow  *kind_row;
  AdwEntryRow  *id_row;
  GtkLabel     *error_label;

  /* Owned references */
  IscAccount   *account;
  GCancellable *cancellable;   /* the check on its way, or NULL */
  GtkWindow    *parent;        /* weak: what it is presented over */
};

enum {
  PROP_0,
  PROP_ACCOUNT,
  N_PROPS
};

enum {
  TARGET_ADDED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* An AdwDialog where libadwaita has it (1.5), inside the window; a modal
 * window before. */
#if ISC_ADD_TARGET_AS_DIALOG
G_DEFINE_FINAL_TYPE (IscAddTargetDialog, isc_add_target_dialog, ADW_TYPE_DIALOG)
#else
G_DEFINE_FINAL_TYPE (IscAddTargetDialog, isc_add_target_dialog, ADW_TYPE_WINDOW)
#endif

static char *
dup_stripped_text (AdwEntryRow *row)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
}

static IscTargetKind
get_kind (IscAddTargetDialog *self)
{
  return adw_combo_row_get_selected (self->kind_row) == KIND_ENVIRONMENT
         ? ISC_TARGET_ENVIRONMENT
         : ISC_TARGET_DEPLOYMENT;
}

static gboolean
get_checking (IscAddTargetDialog *self)
{
  return self->cancellable != NULL;
}

static void
update_controls (IscAddTargetDialog *self)
{
  g_autofree char *model_id = dup_stripped_text (self->model_row);
  g_autofree char *id = dup_stripped_text (self->id_row);
  gboolean checking = get_checking (self);

  gtk_widget_set_sensitive (self->add_button,
                            !checking && *model_id != '\0' && *id != '\0');
  /* What is checked stays put meanwhile. Not insensitive: the entry
   * that has the focus would lose it without being told (GTK 4.8). */
  gtk_editable_set_editable (GTK_EDITABLE (self->model_row), !checking);
  gtk_editable_set_editable (GTK_EDITABLE (self->id_row), !checking);
  gtk_widget_set_sensitive (GTK_WIDGET (self->kind_row), !checking);
  /* It turns while shown. */
  gtk_widget_set_visible (self->spinner, checking);
}

static void
show_error (IscAddTargetDialog *self,
            const char         *message)
{
  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

static void
on_input_changed (IscAddTargetDialog *self)
{
  /* The words under the rows were about what was there before. */
  show_error (self, NULL);
  update_controls (self);
}

static void
on_kind_changed (IscAddTargetDialog *self)
{
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->id_row),
                                 get_kind (self) == ISC_TARGET_ENVIRONMENT
                                 ? _("Environment Name")
                                 : _("Deployment ID"));
  on_input_changed (self);
}

static void
resolve_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(IscAddTargetDialog) self = user_data;
  g_autoptr(IscTarget) target = NULL;
  g_autoptr(GError) error = NULL;

  target = isc_account_resolve_target_finish (ISC_ACCOUNT (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
      g_cancellable_is_cancelled (self->cancellable))
    {
      g_clear_object (&self->cancellable);
      return;
    }

  g_clear_object (&self->cancellable);
  update_controls (self);

  if (target == NULL)
    {
      show_error (self, error->message);
      gtk_widget_grab_focus (GTK_WIDGET (self->id_row));
      return;
    }

  g_signal_emit (self, signals[TARGET_ADDED], 0, target);
  isc_add_target_dialog_close (self);
}

static void
add_target (IscAddTargetDialog *self)
{
  g_autofree char *model_id = dup_stripped_text (self->model_row);
  g_autofree char *id = dup_stripped_text (self->id_row);

  if (!gtk_widget_get_sensitive (self->add_button))
    return;

  show_error (self, NULL);
  self->cancellable = g_cancellable_new ();
  update_controls (self);

  isc_account_resolve_target_async (self->account, model_id, get_kind (self), id,
                                    self->cancellable, resolve_cb, g_object_ref (self));
}

/* Closed (hidden, destroyed): nobody waits for the answer any more. The
 * check holds a reference, so dispose would come only after it. */
static void
isc_add_target_dialog_unmap (GtkWidget *widget)
{
  IscAddTargetDialog *self = ISC_ADD_TARGET_DIALOG (widget);

  g_cancellable_cancel (self->cancellable);

  GTK_WIDGET_CLASS (isc_add_target_dialog_parent_class)->unmap (widget);
}

static void
isc_add_target_dialog_dispose (GObject *object)
{
  IscAddTargetDialog *self = ISC_ADD_TARGET_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->account);
  g_clear_weak_pointer (&self->parent);

  G_OBJECT_CLASS (isc_add_target_dialog_parent_class)->dispose (object);
}

static void
isc_add_target_dialog_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  IscAddTargetDialog *self = ISC_ADD_TARGET_DIALOG (object);

  switch (prop_id)
    {
    case PROP_ACCOUNT:
      g_value_set_object (value, self->account);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_add_target_dialog_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  IscAddTargetDialog *self = ISC_ADD_TARGET_DIALOG (object);

  switch (prop_id)
    {
    case PROP_ACCOUNT:
      self->account = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_add_target_dialog_class_init (IscAddTargetDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isc_add_target_dialog_dispose;
  object_class->get_property = isc_add_target_dialog_get_property;
  object_class->set_property = isc_add_target_dialog_set_property;
  widget_class->unmap = isc_add_target_dialog_unmap;

  properties[PROP_ACCOUNT] =
    g_param_spec_object ("account", NULL, NULL,
                         ISC_TYPE_ACCOUNT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[TARGET_ADDED] =
    g_signal_new ("target-added",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  ISC_TYPE_TARGET | G_SIGNAL_TYPE_STATIC_SCOPE);

#if !ISC_ADD_TARGET_AS_DIALOG
  /* An AdwDialog closes with Escape itself. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
#endif
}

#if ISC_ADD_TARGET_AS_DIALOG
/* Escape, or a swipe down of the bottom sheet: AdwDialog would only emit
 * ::closed once its animation is over, while a check could still end and
 * add the target. can-close is FALSE so that every close comes here, and
 * the check is dropped at once. */
static void
close_attempt_cb (IscAddTargetDialog *self)
{
  isc_add_target_dialog_close (self);
}
#endif

static void
isc_add_target_dialog_init (IscAddTargetDialog *self)
{
  const char * const kinds[] = { N_("Deployment"), N_("Environment"), NULL };
  g_autoptr(GtkStringList) kind_names = gtk_string_list_new (NULL);
  GtkWidget *box;
  GtkWidget *header;
  GtkWidget *cancel;
  GtkWidget *body;
  GtkWidget *group;

#if ISC_ADD_TARGET_AS_DIALOG
  adw_dialog_set_title (ADW_DIALOG (self), _("Add by ID"));
  adw_dialog_set_content_width (ADW_DIALOG (self), 360);
  adw_dialog_set_can_close (ADW_DIALOG (self), FALSE);
  g_signal_connect (self, "close-attempt", G_CALLBACK (close_attempt_cb), NULL);
#else
  isc_accessible_init_dialog (GTK_WINDOW (self));

  gtk_window_set_title (GTK_WINDOW (self), _("Add by ID"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 360, -1);
#endif

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
#if ISC_ADD_TARGET_AS_DIALOG
  adw_dialog_set_child (ADW_DIALOG (self), box);
#else
  adw_window_set_content (ADW_WINDOW (self), box);
#endif

  header = adw_header_bar_new ();
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  gtk_box_append (GTK_BOX (box), header);

  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  isc_accessible_set_name_from_mnemonic (cancel, _("_Cancel"));
  g_signal_connect_object (cancel, "clicked",
                           G_CALLBACK (isc_add_target_dialog_close), self, G_CONNECT_SWAPPED);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);

  self->add_button = gtk_button_new_with_mnemonic (_("_Add"));
  isc_accessible_set_name_from_mnemonic (self->add_button, _("_Add"));
  gtk_widget_add_css_class (self->add_button, "suggested-action");
  g_signal_connect_object (self->add_button, "clicked",
                           G_CALLBACK (add_target), self, G_CONNECT_SWAPPED);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->add_button);

  self->spinner = isc_spinner_new ();
  gtk_widget_set_visible (self->spinner, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->spinner),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Checking"),
                                  -1);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->spinner);

  body = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (body, 12);
  gtk_widget_set_margin_bottom (body, 18);
  gtk_widget_set_margin_start (body, 12);
  gtk_widget_set_margin_end (body, 12);
  gtk_box_append (GTK_BOX (box), body);

  group = adw_preferences_group_new ();
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Open a deployment or environment the list does not show"));
  gtk_box_append (GTK_BOX (body), group);

  self->model_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->model_row), _("Model ID"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->model_row));

  for (guint i = 0; kinds[i] != NULL; i++)
    gtk_string_list_append (kind_names, _(kinds[i]));
  self->kind_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->kind_row), _("Kind"));
  adw_combo_row_set_model (self->kind_row, G_LIST_MODEL (kind_names));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->kind_row));

  self->id_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->id_row), _("Deployment ID"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), GTK_WIDGET (self->id_row));

  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_xalign (self->error_label, 0.0f);
  gtk_label_set_selectable (self->error_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  gtk_box_append (GTK_BOX (body), GTK_WIDGET (self->error_label));

  g_signal_connect_object (self->model_row, "changed",
                           G_CALLBACK (on_input_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->id_row, "changed",
                           G_CALLBACK (on_input_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->kind_row, "notify::selected",
                           G_CALLBACK (on_kind_changed), self, G_CONNECT_SWAPPED);
  /* Enter in either entry is Add. */
  g_signal_connect_object (self->model_row, "entry-activated",
                           G_CALLBACK (add_target), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->id_row, "entry-activated",
                           G_CALLBACK (add_target), self, G_CONNECT_SWAPPED);

  update_controls (self);
  /* Typing starts at the first question. */
#if ISC_ADD_TARGET_AS_DIALOG
  adw_dialog_set_focus (ADW_DIALOG (self), GTK_WIDGET (self->model_row));
#else
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->model_row));
#endif
}

GtkWidget *
isc_add_target_dialog_new (GtkWindow  *parent,
                           IscAccount *account)
{
  IscAddTargetDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ISC_IS_ACCOUNT (account), NULL);


  self = g_object_new (ISC_TYPE_ADD_TARGET_DIALOG,
                       "account", account,
                       NULL);
  g_set_weak_pointer (&self->parent, parent);
#if !ISC_ADD_TARGET_AS_DIALOG
  gtk_window_set_transient_for (GTK_WINDOW (self), parent);
#endif

  return GTK_WIDGET (self);
}

void
isc_add_target_dialog_present (IscAddTargetDialog *self)
{
  g_return_if_fail (ISC_IS_ADD_TARGET_DIALOG (self));

#if ISC_ADD_TARGET_AS_DIALOG
  adw_dialog_present (ADW_DIALOG (self), GTK_WIDGET (self->parent));
#else
  gtk_window_present (GTK_WINDOW (self));
#endif
}

void
isc_add_target_dialog_close (IscAddTargetDialog *self)
{
  g_return_if_fail (ISC_IS_ADD_TARGET_DIALOG (self));

  /* Nobody waits for the answer any more. */
  g_cancellable_cancel (self->cancellable);
#if ISC_ADD_TARGET_AS_DIALOG
  adw_dialog_force_close (ADW_DIALOG (self));
#else
  gtk_window_close (GTK_WINDOW (self));
#endif
}

IscAccount *
isc_add_target_dialog_get_account (IscAddTargetDialog *self)
{
  g_return_val_if_fail (ISC_IS_ADD_TARGET_DIALOG (self), NULL);

  return self->account;
}
