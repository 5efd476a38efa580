/* isc-key-dialog.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-key-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-key-dialog.h"
#include "isc-message-label.h"
#include "isc-spinner.h"
#include "isc-ui-resources.h"

/* Where Baseten issues API keys. */
#define ISC_KEY_DIALOG_KEYS_URL "https://app.baseten.co/settings/api_keys"

#define ISC_KEY_DIALOG_UI "/io/github/inferscope/Inferscope/isc-key-dialog.ui"

#if ADW_CHECK_VERSION (1, 5, 0)
# define ISC_KEY_AS_DIALOG 1
#else
# define ISC_KEY_AS_DIALOG 0
#endif

/* The key dialog: an AdwDialog inside its parent where libadwaita has it
 * (1.5), a modal AdwWindow before, with Cancel and Connect in its header
 * bar on both. Connect hands the
 * key to the session, which checks it with GET /v1/users/me before it
 * keeps it; meanwhile the entry and Connect are insensitive and a spinner
 * turns. The key is only ever in the entry and in the call: never in a
 * property, a label or the log. */
struct _IscKeyDialog
{
#if ISC_KEY_AS_DIALOG
  AdwDialog        parent_instance;
#else
  AdwWindow        parent_instance;
#endif

  /* Template widgets */
  GtkButton       *cancel_button;
  GtkButton       *connect_button;
  GtkWidget       *spinner;
  AdwEntryRow     *key_row;
  GtkLabel        *link_label;
  GtkLabel        *message_label;

  /* Owned references */
  IscSession      *session;
  GCancellable    *cancellable;   /* the connect in flight, or NULL */
  GtkWindow       *parent;        /* weak: what it is presented over */
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#if ISC_KEY_AS_DIALOG
G_DEFINE_FINAL_TYPE (IscKeyDialog, isc_key_dialog, ADW_TYPE_DIALOG)
#else
G_DEFINE_FINAL_TYPE (IscKeyDialog, isc_key_dialog, ADW_TYPE_WINDOW)
#endif

/* The entry's text without the spaces and line breaks a paste brings. */
static char *
isc_key_dialog_dup_key (IscKeyDialog *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->key_row));

  return g_strstrip (g_strdup (text != NULL ? text : ""));
}

static void
isc_key_dialog_update_sensitivity (IscKeyDialog *self)
{
  g_autofree char *key = isc_key_dialog_dup_key (self);
  gboolean busy = self->cancellable != NULL;

  gtk_widget_set_sensitive (GTK_WIDGET (self->connect_button), !busy && key[0] != '\0');
  gtk_widget_set_sensitive (GTK_WIDGET (self->key_row), !busy);
  /* It turns while shown. */
  gtk_widget_set_visible (self->spinner, busy);
}

static void
isc_key_dialog_show_message (IscKeyDialog *self,
                             const char   *message)
{
  if (isc_message_label_set (self->message_label, message))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  IscKeyDialog *self = user_data;
  g_autoptr(GError) error = NULL;

  /* Cancelled: the dialog was closed, and may be gone. */
  if (!isc_session_connect_finish (ISC_SESSION (object), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_clear_object (&self->cancellable);

  if (error != NULL)
    {
      /* The client's words never hold the key. */
      isc_key_dialog_show_message (self, error->message);
      isc_key_dialog_update_sensitivity (self);
      gtk_widget_grab_focus (GTK_WIDGET (self->key_row));
      return;
    }

  isc_key_dialog_close (self);
}

static void
cancel_clicked_cb (IscKeyDialog *self)
{
  isc_key_dialog_close (self);
}

static void
connect_clicked_cb (IscKeyDialog *self)
{
  g_autofree char *key = isc_key_dialog_dup_key (self);

  if (self->cancellable != NULL || key[0] == '\0' || self->session == NULL)
    return;

  /* GTK 4.8 warns when the focused text goes insensitive under it: hand
   * the focus to Cancel first, the one thing left to do meanwhile. */
  gtk_widget_grab_focus (GTK_WIDGET (self->cancel_button));

  self->cancellable = g_cancellable_new ();
  isc_key_dialog_update_sensitivity (self);

  /* No reference for the callback: closing the dialog must dispose it,
   * which cancels the connect, so the key is not kept after Cancel. */
  isc_session_connect_async (self->session, key, self->cancellable,
                             connect_cb, self);
}

/* The password row's button that shows or hides the key: libadwaita 1.2
 * makes it an icon button that GTK 4.8 reads as "GtkImage" (newer
 * libadwaita leaves it with no name at all). It reads as its tooltip,
 * which says what a press does, "Show Text" or "Hide Text". */
static void
peek_tooltip_changed_cb (GtkWidget  *button,
                         GParamSpec *pspec,
                         gpointer    user_data)
{
  const char *tooltip = gtk_widget_get_tooltip_text (button);

  if (tooltip != NULL)
    isc_accessible_set_name (button, tooltip);
}

static GtkWidget *
find_button (GtkWidget *widget)
{
  const char *icon = GTK_IS_BUTTON (widget) ? gtk_button_get_icon_name (GTK_BUTTON (widget)) : NULL;

  if (icon != NULL && (g_str_has_prefix (icon, "view-reveal") || g_str_has_prefix (icon, "view-conceal")))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *button = find_button (child);

      if (button != NULL)
        return button;
    }
  return NULL;
}

static void
name_peek_button (IscKeyDialog *self)
{
  GtkWidget *button = find_button (GTK_WIDGET (self->key_row));

  if (button == NULL)
    return;
  g_signal_connect (button, "notify::tooltip-text", G_CALLBACK (peek_tooltip_changed_cb), NULL);
  peek_tooltip_changed_cb (button, NULL, NULL);
}

static void
key_changed_cb (IscKeyDialog *self)
{
  isc_key_dialog_update_sensitivity (self);
}

static void
isc_key_dialog_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  IscKeyDialog *self = ISC_KEY_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    case PROP_MESSAGE:
      g_value_set_string (value, isc_key_dialog_get_message (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_key_dialog_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  IscKeyDialog *self = ISC_KEY_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    case PROP_MESSAGE:
      isc_key_dialog_set_message (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_key_dialog_dispose (GObject *object)
{
  IscKeyDialog *self = ISC_KEY_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->session);
  g_clear_weak_pointer (&self->parent);

  gtk_widget_dispose_template (GTK_WIDGET (object), ISC_TYPE_KEY_DIALOG);

  G_OBJECT_CLASS (isc_key_dialog_parent_class)->dispose (object);
}

static void
isc_key_dialog_class_init (IscKeyDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = isc_key_dialog_get_property;
  object_class->set_property = isc_key_dialog_set_property;
  object_class->dispose = isc_key_dialog_dispose;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL,
                         ISC_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The resources live in a static library: referring to them links them
   * in, and their constructor registers them. */
  if (G_UNLIKELY (isc_ui_get_resource () == NULL))
    g_critical ("Inferscope's UI resources are missing");

#if ISC_KEY_AS_DIALOG
  {
    /* One template for both: GtkBuilder wants the template's parent to be
     * the class's very parent, so here it reads AdwDialog. */
    g_autoptr(GBytes) bytes = g_resources_lookup_data (ISC_KEY_DIALOG_UI, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
    g_autoptr(GBytes) dialog_ui = NULL;
    GString *ui;

    g_assert (bytes != NULL);
    ui = g_string_new_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    g_string_replace (ui, "parent=\"AdwWindow\"", "parent=\"AdwDialog\"", 1);
#if ADW_CHECK_VERSION (1, 6, 0)
    /* And its spinner an AdwSpinner. */
    g_string_replace (ui, "class=\"GtkSpinner\"", "class=\"AdwSpinner\"", 1);
    g_type_ensure (ADW_TYPE_SPINNER);
#endif
    dialog_ui = g_string_free_to_bytes (ui);
    gtk_widget_class_set_template (widget_class, dialog_ui);
  }
#else
  gtk_widget_class_set_template_from_resource (widget_class, ISC_KEY_DIALOG_UI);
#endif
  gtk_widget_class_bind_template_child (widget_class, IscKeyDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, IscKeyDialog, connect_button);
  gtk_widget_class_bind_template_child (widget_class, IscKeyDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, IscKeyDialog, key_row);
  gtk_widget_class_bind_template_child (widget_class, IscKeyDialog, link_label);
  gtk_widget_class_bind_template_child (widget_class, IscKeyDialog, message_label);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, connect_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, key_changed_cb);

#if !ISC_KEY_AS_DIALOG
  /* An AdwDialog closes with Escape itself. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
#endif
}

/* Closed (an AdwDialog) or destroyed (a window, which is unrealized
 * then), and maybe kept alive by someone: the key being checked is
 * dropped now, not when the last reference goes. */
static void
closed_cb (IscKeyDialog *self)
{
  g_cancellable_cancel (self->cancellable);
}

static void
isc_key_dialog_init (IscKeyDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
#if ISC_KEY_AS_DIALOG
  adw_dialog_set_content_width (ADW_DIALOG (self), 460);
  /* Escape, or a swipe down of the bottom sheet: AdwDialog emits ::closed
   * only once its animation is over, and a check could end meanwhile and
   * keep the key. can-close is FALSE so that every close comes to
   * isc_key_dialog_close(), which drops it at once. */
  adw_dialog_set_can_close (ADW_DIALOG (self), FALSE);
  g_signal_connect (self, "close-attempt", G_CALLBACK (isc_key_dialog_close), NULL);
  g_signal_connect (self, "closed", G_CALLBACK (closed_cb), NULL);
#else
  isc_accessible_init_dialog (GTK_WINDOW (self));
  g_signal_connect (self, "unrealize", G_CALLBACK (closed_cb), NULL);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 460, -1);
  gtk_widget_set_size_request (GTK_WIDGET (self), 360, -1);
#endif

#if GTK_CHECK_VERSION (4, 14, 0)
  /* Newer GTK makes a link inside a label an accessible object of its
   * own, with no name, and GTK 4.24 crashes when a screen reader asks it
   * for its words: a link button instead, named by them. */
  {
    GtkWidget *button = gtk_link_button_new_with_label (ISC_KEY_DIALOG_KEYS_URL,
                                                        _("Create a Key in Your Baseten API Key Settings"));

    GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

    /* It wraps, to fit a 360 px window. */
    if (GTK_IS_LABEL (label))
      {
        gtk_label_set_wrap (GTK_LABEL (label), TRUE);
        gtk_label_set_xalign (GTK_LABEL (label), 0);
      }
    gtk_widget_set_halign (button, GTK_ALIGN_START);
    gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->link_label))),
                                button, GTK_WIDGET (self->link_label));
    gtk_widget_set_visible (GTK_WIDGET (self->link_label), FALSE);
  }
#else
  {
    g_autofree char *link = NULL;

    /* The address stays out of the translated words. */
    link = g_strdup_printf (_("Create a key in <a href=\"%s\">your Baseten API key settings</a>."),
                            ISC_KEY_DIALOG_KEYS_URL);
    gtk_label_set_markup (self->link_label, link);
  }
#endif

  /* "_Cancel Cancel" and "C_onnect Connect" otherwise. */
  isc_accessible_set_name_from_mnemonic (GTK_WIDGET (self->cancel_button),
                                         gtk_button_get_label (self->cancel_button));
  isc_accessible_set_name_from_mnemonic (GTK_WIDGET (self->connect_button),
                                         gtk_button_get_label (self->connect_button));
  name_peek_button (self);

  isc_spinner_init (self->spinner);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->spinner),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Checking the key"),
                                  -1);
#if ISC_KEY_AS_DIALOG
  adw_dialog_set_focus (ADW_DIALOG (self), GTK_WIDGET (self->key_row));
#else
  gtk_widget_grab_focus (GTK_WIDGET (self->key_row));
#endif
}

IscKeyDialog *
isc_key_dialog_new (GtkWindow  *parent,
                    IscSession *session)
{
  IscKeyDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ISC_IS_SESSION (session), NULL);

  self = g_object_new (ISC_TYPE_KEY_DIALOG,
                       "session", session,
                       NULL);
  g_set_weak_pointer (&self->parent, parent);
#if !ISC_KEY_AS_DIALOG
  gtk_window_set_transient_for (GTK_WINDOW (self), parent);
#endif

  return self;
}

void
isc_key_dialog_present (IscKeyDialog *self)
{
  g_return_if_fail (ISC_IS_KEY_DIALOG (self));

#if ISC_KEY_AS_DIALOG
  /* Already in its window (IscWindow presents it again on a second
   * refused key): it stays as it is. */
  if (gtk_widget_get_parent (GTK_WIDGET (self)) != NULL)
    return;
  adw_dialog_present (ADW_DIALOG (self), GTK_WIDGET (self->parent));
#else
  gtk_window_present (GTK_WINDOW (self));
#endif
}

void
isc_key_dialog_close (IscKeyDialog *self)
{
  g_return_if_fail (ISC_IS_KEY_DIALOG (self));

  /* Whatever the close, the key being checked is not kept. */
  g_cancellable_cancel (self->cancellable);
#if ISC_KEY_AS_DIALOG
  adw_dialog_force_close (ADW_DIALOG (self));
#else
  gtk_window_destroy (GTK_WINDOW (self));
#endif
}

IscSession *
isc_key_dialog_get_session (IscKeyDialog *self)
{
  g_return_val_if_fail (ISC_IS_KEY_DIALOG (self), NULL);

  return self->session;
}

const char *
isc_key_dialog_get_message (IscKeyDialog *self)
{
  g_return_val_if_fail (ISC_IS_KEY_DIALOG (self), NULL);

  return isc_message_label_get (self->message_label);
}

void
isc_key_dialog_set_message (IscKeyDialog *self,
                            const char   *message)
{
  g_return_if_fail (ISC_IS_KEY_DIALOG (self));

  isc_key_dialog_show_message (self, message);
}
