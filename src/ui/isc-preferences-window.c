/* isc-preferences-window.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-key-dialog.h"
#include "isc-application.h"
#include "isc-button-row.h"
#include "isc-preferences-window.h"
#include "isc-text.h"
#include "isc-ui-resources.h"

/* Preferences: one page of groups over the session and its settings.
 *
 * Account follows the session's state and account (a GSignalGroup on the
 * account, so a new account after Connect or Remove is followed without
 * connecting by hand): which key is in use, where it comes from, and the
 * workspace it belongs to, checked with GET /v1/users/me when the account
 * does not know it yet. A key from BASETEN_API_KEY cannot be changed or
 * removed here, and the buttons say why.
 *
 * Display and Refresh are g_settings_bind()ings, so they apply at once
 * and every window follows. Without settings (an uninstalled build
 * without the schema) they are insensitive.
 *
 * The page is built from isc-preferences-window.ui and hosted in an
 * AdwPreferencesDialog where libadwaita has it (1.5; it deprecates
 * AdwPreferencesWindow in 1.6), presented over its parent window, or in
 * a modal AdwPreferencesWindow transient for it before: the same page,
 * rows, names and accessible labels on both.
 */
#if ADW_CHECK_VERSION (1, 5, 0)
# define ISC_PREFERENCES_DIALOG 1
#else
# define ISC_PREFERENCES_DIALOG 0
#endif

struct _IscPreferencesWindow
{
#if ISC_PREFERENCES_DIALOG
  AdwPreferencesDialog  parent_instance;
#else
  AdwPreferencesWindow  parent_instance;
#endif

  /* The page's widgets, alive as long as the page (a reference) */
  AdwPreferencesPage   *page;
  AdwPreferencesGroup  *account_group;
  AdwActionRow         *key_row;
  GtkWidget            *change_button;      /* isc_button_row_new()'s */
  GtkWidget            *remove_button;
  AdwPreferencesGroup  *remove_group;       /* Remove Key's, with button rows */
  AdwExpanderRow       *advanced_row;
  AdwEntryRow          *base_url_row;
  GtkListBoxRow        *base_url_error_row;
  GtkLabel             *base_url_error_label;
  AdwPreferencesGroup  *display_group;
  GObject              *utc_toggle;         /* its "active" is the setting's */
  GObject              *totals_toggle;
  AdwPreferencesGroup  *refresh_group;
  AdwComboRow          *interval_row;
  AdwPreferencesGroup  *background_group;
  GObject              *background_toggle;

  /* Owned references */
  IscSession           *session;
  GtkWindow            *parent;             /* weak: what it is presented over */
  GSignalGroup         *account_signals;
  GCancellable         *cancellable;        /* the workspace check */
  IscAccount           *checked_account;    /* the account asked for its user */
  char                 *check_error;        /* why that failed, or NULL */

  guint                 removing : 1;
  guint                 applying_url : 1;
};

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The choices of "Refresh Every", in seconds of "refresh-interval". */
static const struct {
  guint       seconds;
  const char *label;
} intervals[] = {
  { 0, N_("Off") },
  { 30, N_("30 Seconds") },
  { 60, N_("1 Minute") },
  { 300, N_("5 Minutes") },
};

#if ISC_PREFERENCES_DIALOG
G_DEFINE_FINAL_TYPE (IscPreferencesWindow, isc_preferences_window, ADW_TYPE_PREFERENCES_DIALOG)
#else
G_DEFINE_FINAL_TYPE (IscPreferencesWindow, isc_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)
#endif

static void isc_preferences_window_update_account (IscPreferencesWindow *self);

static void
check_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  IscPreferencesWindow *self = user_data;
  g_autoptr(IscUser) user = NULL;
  g_autoptr(GError) error = NULL;

  /* Cancelled: the window was closed, and may be gone. */
  user = isc_account_check_finish (ISC_ACCOUNT (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  /* The account notifies "workspace" on success; only a failure is ours
   * to show. */
  if (error != NULL && ISC_ACCOUNT (object) == self->checked_account)
    {
      g_free (self->check_error);
      self->check_error = g_strdup (error->message);
    }

  isc_preferences_window_update_account (self);
}

/* Asks who a key belongs to, once per account. */
static void
isc_preferences_window_check (IscPreferencesWindow *self,
                              IscAccount           *account)
{
  if (account == self->checked_account)
    return;

  g_set_object (&self->checked_account, account);
  g_clear_pointer (&self->check_error, g_free);
  /* No reference for the callback, so closing the window disposes it
   * and cancels the check. */
  isc_account_check_async (account, self->cancellable, check_cb, self);
}

static void
isc_preferences_window_update_account (IscPreferencesWindow *self)
{
  IscSessionState state;
  IscAccount *account;
  g_autofree char *title = NULL;
  const char *subtitle = NULL;
  const char *tooltip = NULL;
  gboolean has_key = FALSE;
  gboolean from_environment = FALSE;

  if (self->session == NULL)
    return;

  state = isc_session_get_state (self->session);
  account = isc_session_get_account (self->session);

  if (state == ISC_SESSION_STARTING)
    {
      title = g_strdup (_("Looking for the Key…"));
    }
  else if (account == NULL)
    {
      title = g_strdup (_("No Key"));
      subtitle = _("Connect to Baseten to see your deployments");
    }
  else if (isc_account_get_is_demo (account))
    {
      title = g_strdup (_("Using the Demo"));
      subtitle = _("Simulated deployments; no key is needed");
    }
  else if (!isc_account_has_key (account))
    {
      title = g_strdup (_("No Key"));
      subtitle = _("Connect to Baseten to see your deployments");
    }
  else
    {
      const char *workspace = isc_account_get_workspace (account);

      has_key = TRUE;
      if (workspace != NULL)
        {
          g_autofree char *shown = isc_text_display_name (workspace, NULL);

          title = g_strdup_printf (_("Connected to workspace “%s”"), shown);
        }
      else
        title = g_strdup (_("Connected"));

      switch (isc_account_get_key_source (account))
        {
        case ISC_KEY_SOURCE_ENVIRONMENT:
          from_environment = TRUE;
          subtitle = _("The key comes from the BASETEN_API_KEY environment variable");
          tooltip = _("Unset BASETEN_API_KEY to change or remove this key");
          break;

        case ISC_KEY_SOURCE_SESSION:
          subtitle = _("The key is kept for this session only: the keyring could not keep it");
          break;

        case ISC_KEY_SOURCE_KEYRING:
        case ISC_KEY_SOURCE_NONE:
        default:
          subtitle = _("The key is kept in your keyring");
          break;
        }

      if (workspace == NULL)
        {
          isc_preferences_window_check (self, account);
          if (self->check_error != NULL && account == self->checked_account)
            subtitle = self->check_error;
        }
    }

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->key_row), title);
  adw_action_row_set_subtitle (self->key_row, subtitle != NULL ? subtitle : "");

  isc_button_row_set_label (self->change_button, has_key ? _("_Change Key…") : _("_Connect…"));
  gtk_widget_set_sensitive (self->change_button,
                            state != ISC_SESSION_STARTING && !from_environment);
  gtk_widget_set_tooltip_text (self->change_button, tooltip);

  /* No key, nothing to remove: not offered. A key that cannot be removed
   * here is, off, with the reason. */
#if ADW_CHECK_VERSION (1, 6, 0)
  gtk_widget_set_visible (GTK_WIDGET (self->remove_group), has_key);
#else
  gtk_widget_set_visible (self->remove_button, has_key);
#endif
  gtk_widget_set_sensitive (self->remove_button, !from_environment && !self->removing);
  gtk_widget_set_tooltip_text (self->remove_button, tooltip);
}

static void
isc_preferences_window_update_base_url (IscPreferencesWindow *self)
{
  const char *base_url;

  if (self->session == NULL || self->applying_url)
    return;

  base_url = isc_session_get_base_url (self->session);

  /* Setting the text by hand would show the apply button as if the
   * person had typed it. */
  adw_entry_row_set_show_apply_button (self->base_url_row, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->base_url_row), base_url != NULL ? base_url : "");
  adw_entry_row_set_show_apply_button (self->base_url_row, TRUE);
}

static void
isc_preferences_window_show_base_url_error (IscPreferencesWindow *self,
                                            const char           *message)
{
  gtk_label_set_label (self->base_url_error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->base_url_error_row), message != NULL);
  if (message != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->base_url_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->base_url_row), "error");
}

static void
set_base_url_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(IscPreferencesWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!isc_session_set_base_url_finish (ISC_SESSION (object), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self->applying_url = FALSE;
  gtk_editable_set_editable (GTK_EDITABLE (self->base_url_row), TRUE);

  if (error != NULL)
    {
      /* Keep what was typed, so it can be corrected. */
      isc_preferences_window_show_base_url_error (self, error->message);
      gtk_widget_grab_focus (GTK_WIDGET (self->base_url_row));
      return;
    }

  isc_preferences_window_show_base_url_error (self, NULL);
  isc_preferences_window_update_base_url (self);
}

static void
base_url_apply_cb (IscPreferencesWindow *self)
{
  g_autofree char *text = NULL;

  if (self->applying_url)
    return;

  text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->base_url_row))));
  if (text[0] == '\0')
    {
      isc_preferences_window_show_base_url_error (self, _("Enter the address of the Baseten API, such as https://api.baseten.co"));
      return;
    }

  /* Read-only rather than insensitive while it is checked: the focus
   * stays in the row (GTK 4.8 warns when a focused text goes
   * insensitive). */
  self->applying_url = TRUE;
  gtk_editable_set_editable (GTK_EDITABLE (self->base_url_row), FALSE);
  isc_session_set_base_url_async (self->session, text, NULL,
                                  set_base_url_cb, g_object_ref (self));
}

static void
change_clicked_cb (IscPreferencesWindow *self)
{
#if ISC_PREFERENCES_DIALOG
  /* A dialog is not a window: the key dialog goes over the one under it. */
  GtkWindow *parent = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self)));
#else
  GtkWindow *parent = GTK_WINDOW (self);
#endif
  IscKeyDialog *dialog = isc_key_dialog_new (parent, self->session);

  isc_key_dialog_present (dialog);
}

static void
sign_out_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(IscPreferencesWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!isc_session_sign_out_finish (ISC_SESSION (object), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self->removing = FALSE;
  isc_preferences_window_update_account (self);

  if (error != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Could not remove the key: %s"), error->message);
      /* A toast's title is markup; the reason is text. */
      g_autofree char *escaped = g_markup_escape_text (text, -1);

#if ISC_PREFERENCES_DIALOG
      adw_preferences_dialog_add_toast (ADW_PREFERENCES_DIALOG (self), adw_toast_new (escaped));
#else
      adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), adw_toast_new (escaped));
#endif
    }
}

static void
remove_response_cb (IscPreferencesWindow *self,
                    const char           *response)
{
  if (g_strcmp0 (response, "remove") != 0 || self->removing)
    return;

  self->removing = TRUE;
  isc_preferences_window_update_account (self);
  /* Not cancelled when the window closes: the person asked for it. */
  isc_session_sign_out_async (self->session, NULL,
                              sign_out_cb, g_object_ref (self));
}

/* Removing the key cannot be undone without the key itself, so ask. */
static void
remove_clicked_cb (IscPreferencesWindow *self)
{
  const char *heading = _("Remove the Key?");
  const char *body = _("Inferscope forgets the key and shows the welcome page. "
                       "To see your deployments again you will need to enter a key.");
#if ADW_CHECK_VERSION (1, 5, 0)
  /* An alert over Preferences, where libadwaita has AdwAlertDialog (it
   * deprecates AdwMessageDialog in 1.6). */
  AdwDialog *dialog = adw_alert_dialog_new (heading, body);

  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (dialog),
                                  "cancel", _("_Cancel"),
                                  "remove", _("_Remove"),
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (dialog), "remove",
                                            ADW_RESPONSE_DESTRUCTIVE);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (dialog), "cancel");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (remove_response_cb),
                           self, G_CONNECT_SWAPPED);
  adw_dialog_present (dialog, GTK_WIDGET (self));
#else
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "remove", _("_Remove"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "remove",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (remove_response_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
#endif
}

static gboolean
interval_get_mapping (GValue   *value,
                      GVariant *variant,
                      gpointer  user_data)
{
  guint seconds = g_variant_get_uint32 (variant);
  guint best = 0;

  /* A value set elsewhere shows as the nearest choice. */
  for (guint i = 1; i < G_N_ELEMENTS (intervals); i++)
    {
      guint d_best = (guint) ABS ((int) intervals[best].seconds - (int) seconds);
      guint d_i = (guint) ABS ((int) intervals[i].seconds - (int) seconds);

      if (d_i < d_best)
        best = i;
    }
  if (seconds > 0 && intervals[best].seconds == 0)
    best = 1;

  g_value_set_uint (value, best);
  return TRUE;
}

static GVariant *
interval_set_mapping (const GValue       *value,
                      const GVariantType *expected_type,
                      gpointer            user_data)
{
  guint i = g_value_get_uint (value);

  if (i >= G_N_ELEMENTS (intervals))
    return NULL;

  return g_variant_new_uint32 (intervals[i].seconds);
}

/* Connect… (Change Key… once there is a key) and Remove Key: button
 * rows, Connect… under the key's row and Remove Key in a group of its
 * own, a destructive action apart from the rest; before, two buttons at
 * the end of a box under the Account group's list. */
static void
add_account_buttons (IscPreferencesWindow *self)
{
  self->change_button = isc_button_row_new (_("_Connect…"), G_CALLBACK (change_clicked_cb), self);
  self->remove_button = isc_button_row_new (_("_Remove Key"), G_CALLBACK (remove_clicked_cb), self);
  gtk_widget_add_css_class (self->remove_button, "destructive-action");
#if ADW_CHECK_VERSION (1, 6, 0)
  adw_preferences_group_add (self->account_group, self->change_button);
  adw_preferences_group_add (self->remove_group, self->remove_button);
#else
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  gtk_widget_set_halign (box, GTK_ALIGN_END);
  gtk_widget_set_margin_top (box, 12);
  gtk_box_append (GTK_BOX (box), self->change_button);
  gtk_box_append (GTK_BOX (box), self->remove_button);
  adw_preferences_group_add (self->account_group, box);
#endif
}

/* A setting that is on or off: an AdwSwitchRow where libadwaita has
 * it (1.4), the row itself the switch; an action row with a switch
 * before. What it returns has the "active" to bind. */
static GObject *
add_switch_row (AdwPreferencesGroup *group,
                const char          *title,
                const char          *subtitle)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  GtkWidget *row = adw_switch_row_new ();
  GObject *toggle = G_OBJECT (row);
#else
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  /* Named by its row's words, once: GTK 4.8 would add the row's title
   * it is labelled by. */
  isc_accessible_set_name_from_mnemonic (toggle, title);
#endif

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  adw_preferences_group_add (group, row);
  return G_OBJECT (toggle);
}

static void
isc_preferences_window_bind_settings (IscPreferencesWindow *self)
{
  GSettings *settings = isc_session_get_settings (self->session);

  if (settings == NULL)
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->display_group), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->refresh_group), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->background_group), FALSE);
      return;
    }

  if (isc_settings_has_key (settings, "run-in-background"))
    g_settings_bind (settings, "run-in-background", self->background_toggle, "active", G_SETTINGS_BIND_DEFAULT);
  else
    gtk_widget_set_sensitive (GTK_WIDGET (self->background_group), FALSE);

  g_settings_bind (settings, "use-utc", self->utc_toggle, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "counters-as-totals", self->totals_toggle, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (settings, "refresh-interval",
                                self->interval_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                interval_get_mapping, interval_set_mapping,
                                NULL, NULL);
}

static void
isc_preferences_window_constructed (GObject *object)
{
  IscPreferencesWindow *self = ISC_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (isc_preferences_window_parent_class)->constructed (object);

  g_return_if_fail (self->session != NULL);

  g_signal_connect_object (self->session, "notify::state",
                           G_CALLBACK (isc_preferences_window_update_account),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::account",
                           G_CALLBACK (isc_preferences_window_update_account),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::base-url",
                           G_CALLBACK (isc_preferences_window_update_base_url),
                           self, G_CONNECT_SWAPPED);
  g_object_bind_property (self->session, "account",
                          self->account_signals, "target",
                          G_BINDING_SYNC_CREATE);

  isc_preferences_window_bind_settings (self);
  isc_preferences_window_update_base_url (self);
  isc_preferences_window_update_account (self);
}

static void
isc_preferences_window_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  IscPreferencesWindow *self = ISC_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_preferences_window_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  IscPreferencesWindow *self = ISC_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_preferences_window_dispose (GObject *object)
{
  IscPreferencesWindow *self = ISC_PREFERENCES_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  if (self->account_signals != NULL)
    g_signal_group_set_target (self->account_signals, NULL);
  g_clear_object (&self->account_signals);
  g_clear_object (&self->checked_account);
  g_clear_object (&self->session);
  g_clear_weak_pointer (&self->parent);

  G_OBJECT_CLASS (isc_preferences_window_parent_class)->dispose (object);
}

static void
isc_preferences_window_finalize (GObject *object)
{
  IscPreferencesWindow *self = ISC_PREFERENCES_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->check_error, g_free);
  /* Last: a reply that comes after dispose still finds the widgets. */
  g_clear_object (&self->page);

  G_OBJECT_CLASS (isc_preferences_window_parent_class)->finalize (object);
}

static void
isc_preferences_window_class_init (IscPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = isc_preferences_window_constructed;
  object_class->get_property = isc_preferences_window_get_property;
  object_class->set_property = isc_preferences_window_set_property;
  object_class->dispose = isc_preferences_window_dispose;
  object_class->finalize = isc_preferences_window_finalize;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL,
                         ISC_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The resources live in a static library: referring to them links them
   * in, and their constructor registers them. */
  if (G_UNLIKELY (isc_ui_get_resource () == NULL))
    g_critical ("Inferscope's UI resources are missing");

}

static void
isc_preferences_window_init (IscPreferencesWindow *self)
{
  g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);
  g_autoptr(GtkBuilderScope) scope = gtk_builder_cscope_new ();
  g_autoptr(GError) error = NULL;
  /* Not kept: it holds its current object, @self. */
  g_autoptr(GtkBuilder) builder = gtk_builder_new ();

#if ISC_PREFERENCES_DIALOG
  adw_preferences_dialog_set_search_enabled (ADW_PREFERENCES_DIALOG (self), FALSE);
#else
  isc_accessible_init_dialog (GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 560, 640);
  adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (self), FALSE);
#endif
#if ISC_PREFERENCES_DIALOG
  adw_dialog_set_title (ADW_DIALOG (self), _("Preferences"));
#else
  gtk_window_set_title (GTK_WINDOW (self), _("Preferences"));
#endif

  /* The page's handlers are called with @self first, as a template's. */
  gtk_builder_cscope_add_callback_symbols (GTK_BUILDER_CSCOPE (scope),
                                           "base_url_apply_cb", G_CALLBACK (base_url_apply_cb),
                                           NULL);
  gtk_builder_set_scope (builder, scope);
  gtk_builder_set_current_object (builder, G_OBJECT (self));
  if (!gtk_builder_add_from_resource (builder, "/io/github/inferscope/Inferscope/isc-preferences-window.ui", &error))
    g_error ("The preferences page is broken: %s", error->message);

#define PAGE_WIDGET(name) self->name = (gpointer) gtk_builder_get_object (builder, #name)
  PAGE_WIDGET (page);
  PAGE_WIDGET (account_group);
  PAGE_WIDGET (key_row);
  PAGE_WIDGET (remove_group);
  PAGE_WIDGET (advanced_row);
  PAGE_WIDGET (base_url_row);
  PAGE_WIDGET (base_url_error_row);
  PAGE_WIDGET (base_url_error_label);
  PAGE_WIDGET (display_group);
  PAGE_WIDGET (refresh_group);
  PAGE_WIDGET (interval_row);
  PAGE_WIDGET (background_group);
#undef PAGE_WIDGET
  g_object_ref (self->page);

#if ISC_PREFERENCES_DIALOG
  adw_preferences_dialog_add (ADW_PREFERENCES_DIALOG (self), self->page);
#else
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), self->page);
#endif
  isc_accessible_hide_unused_search (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();

  for (guint i = 0; i < G_N_ELEMENTS (intervals); i++)
    gtk_string_list_append (choices, _(intervals[i].label));
  adw_combo_row_set_model (self->interval_row, G_LIST_MODEL (choices));

  /* The expander's own header row is named; the list item around it is
   * what a screen reader lands on. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->advanced_row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Advanced"),
                                  -1);
  self->utc_toggle = add_switch_row (self->display_group, _("Show Times in _UTC"),
                                     _("Instead of the local time zone"));
  self->totals_toggle = add_switch_row (self->display_group, _("Show _Counters as Totals per Step"),
                                        _("Request counts as the total within each step, not a rate per second"));
  self->background_toggle = add_switch_row (self->background_group, _("Run in _Background"),
                                            _("Keep checking alert rules and notify with every window closed"));
  add_account_buttons (self);

  self->account_signals = g_signal_group_new (ISC_TYPE_ACCOUNT);
  g_signal_group_connect_object (self->account_signals, "notify::workspace",
                                 G_CALLBACK (isc_preferences_window_update_account),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->account_signals, "notify::has-key",
                                 G_CALLBACK (isc_preferences_window_update_account),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->account_signals, "notify::key-source",
                                 G_CALLBACK (isc_preferences_window_update_account),
                                 self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->account_signals, "bind",
                           G_CALLBACK (isc_preferences_window_update_account),
                           self, G_CONNECT_SWAPPED);
}

IscPreferencesWindow *
isc_preferences_window_new (GtkWindow  *parent,
                            IscSession *session)
{
  IscPreferencesWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ISC_IS_SESSION (session), NULL);

  self = g_object_new (ISC_TYPE_PREFERENCES_WINDOW,
                       "session", session,
                       NULL);
  g_set_weak_pointer (&self->parent, parent);
#if !ISC_PREFERENCES_DIALOG
  gtk_window_set_transient_for (GTK_WINDOW (self), parent);
#endif

  return self;
}

void
isc_preferences_window_present (IscPreferencesWindow *self)
{
  g_return_if_fail (ISC_IS_PREFERENCES_WINDOW (self));

#if ISC_PREFERENCES_DIALOG
  adw_dialog_present (ADW_DIALOG (self), GTK_WIDGET (self->parent));
#else
  gtk_window_present (GTK_WINDOW (self));
#endif
}

void
isc_preferences_window_close (IscPreferencesWindow *self)
{
  g_return_if_fail (ISC_IS_PREFERENCES_WINDOW (self));

#if ISC_PREFERENCES_DIALOG
  adw_dialog_force_close (ADW_DIALOG (self));
#else
  gtk_window_destroy (GTK_WINDOW (self));
#endif
}

IscSession *
isc_preferences_window_get_session (IscPreferencesWindow *self)
{
  g_return_val_if_fail (ISC_IS_PREFERENCES_WINDOW (self), NULL);

  return self->session;
}
