/* test-account-ui.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The account screens as a person meets them: the welcome page, the key
 * dialog and the preferences, over a real IscSession whose base URL is a
 * demo server that wants one key and refuses every other with 401.
 *
 * Set ISC_TEST_SCREENSHOTS to a directory to have each screen saved there
 * as a PNG, to look at (never committed).
 */

#include "config.h"

#include <string.h>

#include "isc-credentials.h"
#include "isc-demo-server.h"
#include "isc-key-dialog.h"
#include "isc-preferences-window.h"
#include "isc-session.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "isc-welcome-page.h"

#define RIGHT_KEY "isc-right-key-3f9a0c"
#define WRONG_KEY "isc-wrong-key-81c2d7"

static GString *captured_log;

/* The server, a session over it, and the temporary cache directory. */
typedef struct
{
  IscDemoServer *server;
  GSettings     *settings;
  IscSession    *session;
  char          *cache_dir;
} Fixture;

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static gboolean
is_unmapped (gpointer data)
{
  return !gtk_widget_get_mapped (data);
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

static void
present_and_wait (GtkWindow *window)
{
  gtk_window_present (window);
  g_assert_true (test_wait_for (is_mapped, window));
  test_run_frames (50);
}

/* Saves @window as a PNG under $ISC_TEST_SCREENSHOTS, when it is set. */
static void
screenshot (GtkWindow  *window,
            const char *name)
{
  const char *dir = g_getenv ("ISC_TEST_SCREENSHOTS");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  g_autofree char *file = NULL;
  graphene_rect_t bounds;
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));

  if (dir == NULL || dir[0] == '\0')
    return;

  test_run_frames (300);
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  gsk_render_node_get_bounds (node, &bounds);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node, &bounds);
  file = g_strdup_printf ("%s%s.png", name,
                          adw_style_manager_get_dark (adw_style_manager_get_default ()) ? "-dark" : "");
  path = g_build_filename (dir, file, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* The text a person reads on a button: its label without the mnemonic
 * underline. */
static char *
button_text (GtkWidget *button)
{
  const char *label = gtk_button_get_label (GTK_BUTTON (button));
  GString *text;

  if (label == NULL)
    return NULL;

  text = g_string_new (label);
  g_string_replace (text, "_", "", 0);
  return g_string_free (text, FALSE);
}

/* The first mapped preferences row under @root titled @title, or whose
 * title starts with it when @prefix. */
static GtkWidget *
find_row_full (GtkWidget  *root,
               const char *title,
               gboolean    prefix)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if (ADW_IS_PREFERENCES_ROW (root))
    {
      const char *shown = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root));
      g_autoptr(GString) text = g_string_new (shown);

      if (adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (root)))
        g_string_replace (text, "_", "", 0);
      if (prefix ? g_str_has_prefix (text->str, title) : g_str_equal (text->str, title))
        return root;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row_full (child, title, prefix);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkWidget *
find_row (GtkWidget  *root,
          const char *title)
{
  return find_row_full (root, title, FALSE);
}

/* The first mapped widget of @type under @root. */
static GtkWidget *
find_type (GtkWidget *root,
           GType      type)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_type (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* The first mapped label under @root with @css_class. */
static GtkWidget *
find_label_with_class (GtkWidget  *root,
                       const char *css_class)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if (GTK_IS_LABEL (root) && gtk_widget_has_css_class (root, css_class))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with_class (child, css_class);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* The first mapped label under @root whose text contains @needle. */
static GtkWidget *
find_label_containing (GtkWidget  *root,
                       const char *needle)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), needle) != NULL)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_containing (child, needle);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
some_label_contains (GtkWidget  *root,
                     const char *needle)
{
  return find_label_containing (root, needle) != NULL;
}

/* A control's accessible name: set as a label, given by another widget,
 * or, for a button, the words it shows. */
static gboolean
has_accessible_name (GtkWidget *widget)
{
  if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL) ||
      gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    return TRUE;

  if (GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget))
    {
      GtkWidget *child = GTK_IS_BUTTON (widget) ? gtk_button_get_child (GTK_BUTTON (widget)) : NULL;
      g_autofree char *text = GTK_IS_BUTTON (widget) ? button_text (widget) : NULL;

      if (text != NULL && text[0] != '\0')
        return TRUE;
      if (GTK_IS_LABEL (child) && gtk_label_get_text (GTK_LABEL (child))[0] != '\0')
        return TRUE;
    }

  return FALSE;
}

/* Every mapped button, switch and row under @root has an accessible
 * name; returns how many were checked. */
static guint
assert_named (GtkWidget *root)
{
  guint n = 0;

  if (!gtk_widget_get_mapped (root))
    return 0;

  if (GTK_IS_BUTTON (root) || GTK_IS_SWITCH (root) || ADW_IS_PREFERENCES_ROW (root))
    {
      if (!has_accessible_name (root))
        g_error ("%s %p (%s) has no accessible name",
                 G_OBJECT_TYPE_NAME (root), root,
                 gtk_widget_get_tooltip_text (root) ? gtk_widget_get_tooltip_text (root) : "no tooltip");
      n++;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += assert_named (child);

  return n;
}

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Outcome;

static void
outcome_clear (Outcome *outcome)
{
  g_clear_error (&outcome->error);
  memset (outcome, 0, sizeof *outcome);
}

static void
clear_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      data)
{
  Outcome *outcome = data;

  outcome->ok = isc_credentials_clear_finish (result, &outcome->error);
  outcome->done = TRUE;
}

static void
start_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      data)
{
  Outcome *outcome = data;

  outcome->ok = isc_session_start_finish (ISC_SESSION (object), result, &outcome->error);
  outcome->done = TRUE;
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  Outcome *outcome = data;

  outcome->ok = isc_session_connect_finish (ISC_SESSION (object), result, &outcome->error);
  outcome->done = TRUE;
}

/* The key the keyring itself (libsecret's file backend here) keeps for
 * @base_url, or NULL: not the copy kept in memory for the session. A
 * copy: libsecret's own is freed with secret_password_free(), as it
 * asks. */
static char *
keyring_key (const char *base_url)
{
  g_autoptr(GError) error = NULL;
  char *secret;
  char *key;

  secret = secret_password_lookup_sync (isc_credentials_get_schema (), NULL, &error,
                                        "base-url", base_url,
                                        NULL);
  g_assert_no_error (error);
  key = g_strdup (secret);
  secret_password_free (secret);
  return key;
}

/* A demo server that wants RIGHT_KEY, and a started session over it. */
static void
fixture_set_up (Fixture  *fixture,
                gboolean  with_settings)
{
  g_autoptr(GError) error = NULL;
  Outcome outcome = { 0 };
  const char *base_url;

  fixture->server = isc_demo_server_new (1, RIGHT_KEY);
  g_assert_true (isc_demo_server_run_in_thread (fixture->server, 0, &error));
  g_assert_no_error (error);
  base_url = isc_demo_server_get_base_url (fixture->server);

  /* No key kept from an earlier run that had the same port. */
  isc_credentials_clear_async (base_url, NULL, clear_cb, &outcome);
  g_assert_true (test_wait_for (is_true, &outcome.done));
  outcome_clear (&outcome);

  fixture->cache_dir = test_temp_dir ();
  if (with_settings)
    {
      fixture->settings = g_settings_new ("io.github.inferscope.Inferscope");
      g_settings_set_string (fixture->settings, "base-url", base_url);
    }
  fixture->session = isc_session_new (fixture->settings, fixture->cache_dir);

  isc_session_start_async (fixture->session, NULL, start_cb, &outcome);
  g_assert_true (test_wait_for (is_true, &outcome.done));
  g_assert_no_error (outcome.error);
  g_assert_true (outcome.ok);
  outcome_clear (&outcome);
}

static void
fixture_connect (Fixture *fixture)
{
  Outcome outcome = { 0 };

  isc_session_connect_async (fixture->session, RIGHT_KEY, NULL, connect_cb, &outcome);
  g_assert_true (test_wait_for (is_true, &outcome.done));
  g_assert_no_error (outcome.error);
  g_assert_true (outcome.ok);
  outcome_clear (&outcome);
  g_assert_cmpint (isc_session_get_state (fixture->session), ==, ISC_SESSION_READY);
}

static void
fixture_tear_down (Fixture *fixture)
{
  Outcome outcome = { 0 };

  if (fixture->server != NULL)
    {
      isc_credentials_clear_async (isc_demo_server_get_base_url (fixture->server),
                                   NULL, clear_cb, &outcome);
      g_assert_true (test_wait_for (is_true, &outcome.done));
      outcome_clear (&outcome);
    }

  g_clear_object (&fixture->session);
  if (fixture->settings != NULL)
    {
      g_autoptr(GSettingsSchema) schema = NULL;
      g_auto(GStrv) keys = NULL;

      g_object_get (fixture->settings, "settings-schema", &schema, NULL);
      keys = g_settings_schema_list_keys (schema);
      for (guint i = 0; keys[i] != NULL; i++)
        g_settings_reset (fixture->settings, keys[i]);
    }
  g_clear_object (&fixture->settings);
  test_run_frames (50);
  g_clear_object (&fixture->server);
  test_remove_dir (fixture->cache_dir);
  g_clear_pointer (&fixture->cache_dir, g_free);

  /* No screen and no message ever carried a key. */
  g_assert_null (strstr (captured_log->str, RIGHT_KEY));
  g_assert_null (strstr (captured_log->str, WRONG_KEY));
}

static GtkWindow *
parent_window (int width)
{
  /* An AdwWindow, as the app's: where libadwaita has AdwDialog, dialogs
   * are presented inside it. */
  GtkWindow *window = GTK_WINDOW (adw_window_new ());

  gtk_window_set_default_size (window, width, 600);
  return window;
}

static void
activated_cb (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       data)
{
  (*(guint *) data)++;
}

static void
test_welcome_page (void)
{
  GtkWindow *window = parent_window (800);
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) connect = g_simple_action_new ("connect", NULL);
  g_autoptr(GSimpleAction) demo = g_simple_action_new ("explore-demo", NULL);
  GtkWidget *page = isc_welcome_page_new ();
  GtkWidget *status;
  GtkWidget *connect_button;
  GtkWidget *demo_button;
  GtkWidget *warning;
  guint connects = 0;
  guint demos = 0;

  g_signal_connect (connect, "activate", G_CALLBACK (activated_cb), &connects);
  g_signal_connect (demo, "activate", G_CALLBACK (activated_cb), &demos);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (connect));
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (demo));
  gtk_widget_insert_action_group (GTK_WIDGET (window), "win", G_ACTION_GROUP (group));
  adw_window_set_content (ADW_WINDOW (window), page);
  gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gtk_widget_get_display (page)),
                                    "/io/github/inferscope/Inferscope/icons");
  present_and_wait (window);
  screenshot (window, "welcome");

  /* The app's icon, the welcome, and what the app is and is not. */
  status = find_type (page, ADW_TYPE_STATUS_PAGE);
  g_assert_nonnull (status);
  g_assert_cmpstr (adw_status_page_get_title (ADW_STATUS_PAGE (status)), ==, "Welcome to Inferscope");
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (status)), "Baseten deployments"));
  g_assert_nonnull (strstr (adw_status_page_get_description (ADW_STATUS_PAGE (status)), "unofficial"));
  g_assert_cmpstr (adw_status_page_get_icon_name (ADW_STATUS_PAGE (status)), ==,
                   "io.github.inferscope.Inferscope-symbolic");
  g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gtk_widget_get_display (page)),
                                          "io.github.inferscope.Inferscope-symbolic"));

  /* Two pill buttons; the first one suggested. */
  connect_button = test_find_button (page, "Connect to Baseten");
  demo_button = test_find_button (page, "Explore the Demo");
  g_assert_nonnull (connect_button);
  g_assert_nonnull (demo_button);
  g_assert_true (gtk_widget_has_css_class (connect_button, "pill"));
  g_assert_true (gtk_widget_has_css_class (connect_button, "suggested-action"));
  g_assert_true (gtk_widget_has_css_class (demo_button, "pill"));
  g_assert_false (gtk_widget_has_css_class (demo_button, "suggested-action"));

  /* Each does what it says, through the window's actions. */
  g_signal_emit_by_name (connect_button, "clicked");
  g_assert_cmpuint (connects, ==, 1);
  g_assert_cmpuint (demos, ==, 0);
  g_signal_emit_by_name (demo_button, "clicked");
  g_assert_cmpuint (demos, ==, 1);

  /* No warning until there is something to say. */
  g_assert_null (find_label_with_class (page, "warning"));
  g_assert_null (isc_welcome_page_get_message (ISC_WELCOME_PAGE (page)));
  isc_welcome_page_set_message (ISC_WELCOME_PAGE (page), "The keyring could not be opened.");
  iterate ();
  warning = find_label_with_class (page, "warning");
  g_assert_nonnull (warning);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (warning)), ==, "The keyring could not be opened.");
  screenshot (window, "welcome-message");
  isc_welcome_page_set_message (ISC_WELCOME_PAGE (page), NULL);
  iterate ();
  g_assert_null (find_label_with_class (page, "warning"));

  g_assert_cmpuint (assert_named (GTK_WIDGET (window)), >=, 2);

  gtk_window_destroy (window);
}

static GtkWidget *
focused_widget (GtkWindow *window)
{
  return gtk_window_get_focus (window);
}

/* The key dialog shown over its parent and drawn. */
static void
present_key_and_wait (IscKeyDialog *dialog)
{
  isc_key_dialog_present (dialog);
  g_assert_true (test_wait_for (is_mapped, dialog));
  test_run_frames (50);
}

/* The window the key dialog is seen in: its parent where it is a dialog. */
static GtkWindow *
key_window (IscKeyDialog *dialog)
{
  return GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (dialog)));
}

/* An AdwDialog inside @parent where libadwaita has it (1.5), else a
 * modal window over @parent; titled as the button that opens it. */
static void
assert_key_dialog_over (IscKeyDialog *dialog,
                        GtkWindow    *parent)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  g_assert_true (ADW_IS_DIALOG (dialog));
  g_assert_true (key_window (dialog) == parent);
  g_assert_true (adw_window_get_visible_dialog (ADW_WINDOW (parent)) == ADW_DIALOG (dialog));
  g_assert_cmpstr (adw_dialog_get_title (ADW_DIALOG (dialog)), ==, "Connect to Baseten");
#else
  g_assert_true (GTK_IS_WINDOW (dialog));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == parent);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Connect to Baseten");
#endif
}

static gboolean
message_shown (gpointer data)
{
  return isc_key_dialog_get_message (data) != NULL;
}

static void
test_key_dialog (void)
{
  Fixture fixture = { 0 };
  GtkWindow *parent = parent_window (800);
  IscKeyDialog *dialog;
  GtkWidget *row;
  GtkWidget *connect;
  GtkWidget *cancel;
  GtkWidget *spinner;
  GtkWidget *error_label;
  GtkWidget *link;
  GtkWidget *focus;
  g_autofree char *kept = NULL;
  const char *message;

  fixture_set_up (&fixture, TRUE);
  g_assert_cmpint (isc_session_get_state (fixture.session), ==, ISC_SESSION_WELCOME);

  present_and_wait (parent);
  dialog = isc_key_dialog_new (parent, fixture.session);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  present_key_and_wait (dialog);

  /* A dialog over the parent, titled as the button that opens it. */
  assert_key_dialog_over (dialog, parent);

  /* A hidden entry for the key, focused, and a way to where keys come from. */
  row = find_row (GTK_WIDGET (dialog), "API Key");
  g_assert_nonnull (row);
  g_assert_true (ADW_IS_PASSWORD_ENTRY_ROW (row));
  focus = focused_widget (key_window (dialog));
  g_assert_nonnull (focus);
  g_assert_true (focus == row || gtk_widget_is_ancestor (focus, row));
#if GTK_CHECK_VERSION (4, 14, 0)
  link = test_find_button (GTK_WIDGET (dialog), "Create a Key in Your Baseten API Key Settings");
  g_assert_nonnull (link);
  g_assert_true (GTK_IS_LINK_BUTTON (link));
  g_assert_cmpstr (gtk_link_button_get_uri (GTK_LINK_BUTTON (link)), ==, "https://app.baseten.co/settings/api_keys");
#else
  link = find_label_containing (GTK_WIDGET (dialog), "API key settings");
  g_assert_nonnull (link);
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (link)),
                            "href=\"https://app.baseten.co/settings/api_keys\""));
#endif

  /* Connect waits for a key; Cancel is always there. */
  connect = test_find_button (GTK_WIDGET (dialog), "Connect");
  cancel = test_find_button (GTK_WIDGET (dialog), "Cancel");
  g_assert_nonnull (connect);
  g_assert_nonnull (cancel);
  g_assert_true (gtk_widget_has_css_class (connect, "suggested-action"));
  g_assert_false (gtk_widget_get_sensitive (connect));
  gtk_editable_set_text (GTK_EDITABLE (row), "   ");
  g_assert_false (gtk_widget_get_sensitive (connect));
  gtk_editable_set_text (GTK_EDITABLE (row), WRONG_KEY);
  g_assert_true (gtk_widget_get_sensitive (connect));
  screenshot (key_window (dialog), "key-dialog");

  /* While Baseten checks it, nothing can be changed and a spinner turns. */
  g_signal_emit_by_name (connect, "clicked");
  g_assert_false (gtk_widget_get_sensitive (connect));
  g_assert_false (gtk_widget_get_sensitive (row));
  spinner = find_type (GTK_WIDGET (dialog), test_spinner_type ());
  g_assert_nonnull (spinner);
  g_assert_true (test_spinner_turning (spinner));
#if ADW_CHECK_VERSION (1, 6, 0)
  /* The current spinner, and no old one left. */
  g_assert_cmpuint (test_count_gtk_spinners (GTK_WIDGET (dialog)), ==, 0);
#endif

  /* A refused key: said in the dialog, which stays, ready for another. */
  g_assert_true (test_wait_for (message_shown, dialog));
  test_run_frames (50);
  g_assert_nonnull (dialog);
  message = isc_key_dialog_get_message (dialog);
  g_assert_nonnull (strstr (message, "refused"));
  error_label = find_label_with_class (GTK_WIDGET (dialog), "error");
  g_assert_nonnull (error_label);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (error_label)), ==, message);
  g_assert_false (some_label_contains (GTK_WIDGET (dialog), WRONG_KEY));
  g_assert_true (gtk_widget_get_sensitive (row));
  g_assert_true (gtk_widget_get_sensitive (connect));
  g_assert_null (find_type (GTK_WIDGET (dialog), test_spinner_type ()));
  focus = focused_widget (key_window (dialog));
  g_assert_true (focus == row || gtk_widget_is_ancestor (focus, row));
  g_assert_cmpint (isc_session_get_state (fixture.session), ==, ISC_SESSION_WELCOME);
  g_assert_null (keyring_key (isc_demo_server_get_base_url (fixture.server)));
  screenshot (key_window (dialog), "key-dialog-refused");

  g_assert_cmpuint (assert_named (GTK_WIDGET (dialog)), >=, 3);

  /* The right key: the dialog closes, the session is ready, and the key
   * is in the keyring for this base URL. */
  gtk_editable_set_text (GTK_EDITABLE (row), RIGHT_KEY);
  /* Enter in the entry, as Connect does. */
  g_signal_emit_by_name (row, "entry-activated");
  g_assert_false (gtk_widget_get_sensitive (connect));
  g_assert_true (test_wait_for (is_null, &dialog));
  g_assert_cmpint (isc_session_get_state (fixture.session), ==, ISC_SESSION_READY);
  g_assert_nonnull (isc_session_get_account (fixture.session));
  g_assert_true (isc_account_has_key (isc_session_get_account (fixture.session)));
  kept = keyring_key (isc_demo_server_get_base_url (fixture.server));
  g_assert_cmpstr (kept, ==, RIGHT_KEY);
  g_assert_cmpint (isc_account_get_key_source (isc_session_get_account (fixture.session)), ==,
                   ISC_KEY_SOURCE_KEYRING);

  gtk_window_destroy (parent);
  fixture_tear_down (&fixture);
}

static void
test_key_dialog_cancel (void)
{
  Fixture fixture = { 0 };
  GtkWindow *parent = parent_window (360);
  IscKeyDialog *dialog;
  IscKeyDialog *held;

  fixture_set_up (&fixture, TRUE);
  present_and_wait (parent);

  /* Opened after a 401, it says why. */
  dialog = isc_key_dialog_new (parent, fixture.session);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  isc_key_dialog_set_message (dialog, "Baseten refused the key; enter a new one.");
  present_key_and_wait (dialog);
  /* At 360 px, where libadwaita makes it a bottom sheet. */
  assert_key_dialog_over (dialog, parent);
  g_assert_true (some_label_contains (GTK_WIDGET (dialog), "enter a new one"));
  screenshot (key_window (dialog), "key-dialog-message");

  /* Cancel closes it and changes nothing. */
  g_signal_emit_by_name (test_find_button (GTK_WIDGET (dialog), "Cancel"), "clicked");
  g_assert_true (test_wait_for (is_null, &dialog));
  g_assert_cmpint (isc_session_get_state (fixture.session), ==, ISC_SESSION_WELCOME);

  /* Closing while the key is being checked keeps nothing of it either. */
  dialog = isc_key_dialog_new (parent, fixture.session);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  present_key_and_wait (dialog);
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "API Key")), RIGHT_KEY);
  g_signal_emit_by_name (test_find_button (GTK_WIDGET (dialog), "Connect"), "clicked");
  isc_key_dialog_close (dialog);
  g_assert_true (test_wait_for (is_null, &dialog));
  test_run_frames (500);
  g_assert_cmpint (isc_session_get_state (fixture.session), ==, ISC_SESSION_WELCOME);

  /* And so does a close as Escape's, while something still holds the
   * dialog: the check is dropped at the close, not at the last unref. */
  dialog = isc_key_dialog_new (parent, fixture.session);
  held = g_object_ref (dialog);
  present_key_and_wait (dialog);
  gtk_editable_set_text (GTK_EDITABLE (find_row (GTK_WIDGET (dialog), "API Key")), RIGHT_KEY);
  g_signal_emit_by_name (test_find_button (GTK_WIDGET (dialog), "Connect"), "clicked");
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_close (ADW_DIALOG (dialog));
#else
  gtk_window_close (GTK_WINDOW (dialog));
#endif
  g_assert_true (test_wait_for (is_unmapped, dialog));
  test_run_frames (500);
  g_assert_cmpint (isc_session_get_state (fixture.session), ==, ISC_SESSION_WELCOME);
  g_clear_object (&held);

  gtk_window_destroy (parent);
  fixture_tear_down (&fixture);
}

static gboolean
row_title_starts (gpointer data)
{
  gpointer *pair = data;

  return find_row_full (pair[0], pair[1], TRUE) != NULL;
}

static void
wait_for_row (GtkWidget  *root,
              const char *title)
{
  gpointer pair[2] = { root, (gpointer) title };

  if (!test_wait_for (row_title_starts, pair))
    g_error ("no row titled “%s…”", title);
}

#if !ADW_CHECK_VERSION (1, 5, 0)
/* The first visible toplevel of @type (the dialogs are windows before
 * libadwaita 1.5). */
static GtkWidget *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (window))
        return window;
    }

  return NULL;
}
#endif

/* Preferences shown over its parent and drawn: an AdwPreferencesDialog
 * inside the parent where libadwaita has it (1.5), else a window. */
static void
present_prefs_and_wait (IscPreferencesWindow *prefs)
{
  isc_preferences_window_present (prefs);
  g_assert_true (test_wait_for (is_mapped, prefs));
  test_run_frames (50);
}

/* The window Preferences is seen in: its parent where it is a dialog. */
static GtkWindow *
prefs_window (IscPreferencesWindow *prefs)
{
  return GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (prefs)));
}

/* The confirmation Remove Key asks: an AdwAlertDialog over @prefs where
 * libadwaita has it, else an AdwMessageDialog window. */
static GtkWidget *
find_message_dialog (IscPreferencesWindow *prefs)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwDialog *dialog = adw_window_get_visible_dialog (ADW_WINDOW (prefs_window (prefs)));

  return ADW_IS_ALERT_DIALOG (dialog) ? GTK_WIDGET (dialog) : NULL;
#else
  return find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
#endif
}

typedef struct
{
  GtkWidget  *root;
  const char *label;
} Wanted;

static gboolean
button_shown (gpointer data)
{
  Wanted *wanted = data;

  return test_find_button (wanted->root, wanted->label) != NULL;
}

/* A click on the dialog's button @label once it is shown, as a person
 * answers it. */
static void
answer (GtkWidget  *dialog,
        const char *label)
{
  Wanted wanted = { dialog, label };

  g_assert_true (test_wait_for (button_shown, &wanted));
  g_signal_emit_by_name (test_find_button (dialog, label), "clicked");
}

/* The keyring file's identity (inode and change time): libsecret's file
 * backend writes the file anew, so it changes once a store or a clear has
 * been written. */
static char *
keyring_file_id (void)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_getenv ("SECRET_FILE_TEST_PATH"));
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_UNIX_INODE "," G_FILE_ATTRIBUTE_TIME_CHANGED
                                                 "," G_FILE_ATTRIBUTE_TIME_CHANGED_USEC,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);

  if (info == NULL)
    return g_strdup ("");
  return g_strdup_printf ("%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT ".%u",
                          g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE),
                          g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_CHANGED),
                          g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_CHANGED_USEC));
}

static gboolean
keyring_file_changed (gpointer data)
{
  g_autofree char *now = keyring_file_id ();

  return g_strcmp0 (now, data) != 0;
}

static gboolean
switch_is_on (gpointer data)
{
  return gtk_switch_get_active (data);
}

static gboolean
state_is_welcome (gpointer data)
{
  return isc_session_get_state (data) == ISC_SESSION_WELCOME;
}

static void
test_preferences (void)
{
  Fixture fixture = { 0 };
  GtkWindow *parent = parent_window (800);
  IscPreferencesWindow *prefs;
  GtkWidget *key_row;
  GtkWidget *remove;
  GtkWidget *change;
  GtkWidget *utc_row;
  GtkWidget *utc_switch;
  GtkWidget *totals_row;
  GtkWidget *interval;
  GtkWidget *dialog;
  GtkWidget *key_dialog;
  g_autofree char *kept = NULL;
  g_autofree char *before_remove = NULL;

  fixture_set_up (&fixture, TRUE);
  fixture_connect (&fixture);
  present_and_wait (parent);

  prefs = isc_preferences_window_new (parent, fixture.session);
  g_object_add_weak_pointer (G_OBJECT (prefs), (gpointer *) &prefs);
  present_prefs_and_wait (prefs);
#if ADW_CHECK_VERSION (1, 5, 0)
  /* A dialog in the window, not a window of its own. */
  g_assert_true (ADW_IS_PREFERENCES_DIALOG (prefs));
  g_assert_true (prefs_window (prefs) == parent);
  g_assert_true (adw_window_get_visible_dialog (ADW_WINDOW (parent)) == ADW_DIALOG (prefs));
#else
  g_assert_true (ADW_IS_PREFERENCES_WINDOW (prefs));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (prefs)) == parent);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (prefs)));
#endif

  /* Account: whose workspace the key opens, and that the keyring has it. */
  wait_for_row (GTK_WIDGET (prefs), "Connected to workspace");
  key_row = find_row_full (GTK_WIDGET (prefs), "Connected to workspace", TRUE);
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (key_row)), "Inferscope demo"));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (key_row)), "keyring"));
  remove = test_find_button (GTK_WIDGET (prefs), "Remove Key");
  change = test_find_button (GTK_WIDGET (prefs), "Change Key…");
  g_assert_nonnull (remove);
  g_assert_nonnull (change);
  g_assert_true (gtk_widget_has_css_class (remove, "destructive-action"));
  g_assert_true (gtk_widget_get_sensitive (remove));
#if ADW_CHECK_VERSION (1, 6, 0)
  /* Button rows: Change Key… in the key's list, under its row; Remove
   * Key in a list of its own. */
  g_assert_true (ADW_IS_BUTTON_ROW (change));
  g_assert_true (ADW_IS_BUTTON_ROW (remove));
  g_assert_true (gtk_widget_get_prev_sibling (change) == key_row);
  g_assert_true (gtk_widget_get_ancestor (remove, GTK_TYPE_LIST_BOX) != gtk_widget_get_ancestor (key_row, GTK_TYPE_LIST_BOX));
#else
  g_assert_true (GTK_IS_BUTTON (change));
  g_assert_true (gtk_widget_get_next_sibling (change) == remove);
#endif
  g_assert_true (gtk_widget_get_sensitive (change));
  screenshot (prefs_window (prefs), "preferences");

  /* Change Key… opens the key dialog over Preferences. */
  test_click_button (change);
#if ADW_CHECK_VERSION (1, 5, 0)
  /* In the same window, over Preferences. */
  key_dialog = GTK_WIDGET (adw_window_get_visible_dialog (ADW_WINDOW (parent)));
  g_assert_true (ISC_IS_KEY_DIALOG (key_dialog));
  g_assert_true (gtk_widget_get_root (key_dialog) == GTK_ROOT (parent));
#else
  key_dialog = find_toplevel (ISC_TYPE_KEY_DIALOG);
  g_assert_nonnull (key_dialog);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (key_dialog)) == prefs_window (prefs));
#endif
  g_assert_true (isc_key_dialog_get_session (ISC_KEY_DIALOG (key_dialog)) == fixture.session);
  g_object_add_weak_pointer (G_OBJECT (key_dialog), (gpointer *) &key_dialog);
  isc_key_dialog_close (ISC_KEY_DIALOG (key_dialog));
  g_assert_true (test_wait_for (is_null, &key_dialog));
#if ADW_CHECK_VERSION (1, 5, 0)
  g_assert_true (adw_window_get_visible_dialog (ADW_WINDOW (parent)) == ADW_DIALOG (prefs));
#endif

  /* Display: the switches write the settings at once. */
  utc_row = find_row (GTK_WIDGET (prefs), "Show Times in UTC");
  totals_row = find_row (GTK_WIDGET (prefs), "Show Counters as Totals per Step");
  g_assert_nonnull (utc_row);
  g_assert_nonnull (totals_row);
#if ADW_CHECK_VERSION (1, 4, 0)
  /* Switch rows, where libadwaita has them: the row is the switch, on
   * when it is. */
  g_assert_true (ADW_IS_SWITCH_ROW (utc_row));
  g_assert_true (ADW_IS_SWITCH_ROW (totals_row));
  g_assert_true (ADW_IS_SWITCH_ROW (find_row (GTK_WIDGET (prefs), "Run in Background")));
  gtk_test_accessible_assert_state (GTK_ACCESSIBLE (utc_row), GTK_ACCESSIBLE_STATE_CHECKED, FALSE);
#endif
  utc_switch = find_type (utc_row, GTK_TYPE_SWITCH);
  g_assert_nonnull (utc_switch);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (utc_switch)));
  g_assert_false (g_settings_get_boolean (fixture.settings, "use-utc"));
  /* As a click on the row does; the switch slides over, then is on. */
  g_assert_true (gtk_widget_activate (utc_row));
  g_assert_true (test_wait_for (switch_is_on, utc_switch));
  g_assert_true (g_settings_get_boolean (fixture.settings, "use-utc"));
#if ADW_CHECK_VERSION (1, 4, 0)
  g_assert_true (adw_switch_row_get_active (ADW_SWITCH_ROW (utc_row)));
  gtk_test_accessible_assert_state (GTK_ACCESSIBLE (utc_row), GTK_ACCESSIBLE_STATE_CHECKED, TRUE);
#endif
  g_assert_false (g_settings_get_boolean (fixture.settings, "counters-as-totals"));
  /* And the other way: the menu's check item moves the switch. */
  g_settings_set_boolean (fixture.settings, "counters-as-totals", TRUE);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (find_type (totals_row, GTK_TYPE_SWITCH))));

  /* Refresh: four choices, 30 seconds at first; "1 Minute" writes 60. */
  interval = find_row (GTK_WIDGET (prefs), "Refresh Every");
  g_assert_nonnull (interval);
  g_assert_true (ADW_IS_COMBO_ROW (interval));
  {
    GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (interval));
    const char *expected[] = { "Off", "30 Seconds", "1 Minute", "5 Minutes" };
    guint minute = G_MAXUINT;

    g_assert_cmpuint (g_list_model_get_n_items (model), ==, G_N_ELEMENTS (expected));
    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      {
        const char *shown = gtk_string_list_get_string (GTK_STRING_LIST (model), i);

        g_assert_cmpstr (shown, ==, expected[i]);
        if (g_str_equal (shown, "1 Minute"))
          minute = i;
      }
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (interval)), ==, 1);
    adw_combo_row_set_selected (ADW_COMBO_ROW (interval), minute);
    g_assert_cmpuint (g_settings_get_uint (fixture.settings, "refresh-interval"), ==, 60);
    adw_combo_row_set_selected (ADW_COMBO_ROW (interval), 0);
    g_assert_cmpuint (g_settings_get_uint (fixture.settings, "refresh-interval"), ==, 0);
    g_settings_set_uint (fixture.settings, "refresh-interval", 300);
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (interval)), ==, 3);
    /* A value set elsewhere shows as the nearest choice. */
    g_settings_set_uint (fixture.settings, "refresh-interval", 45);
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (interval)), ==, 1);
  }

  /* Every control has a name a screen reader can say. */
  g_assert_cmpuint (assert_named (GTK_WIDGET (prefs)), >=, 8);

  /* Remove Key asks first; Cancel keeps the key. */
  test_click_button (remove);
  dialog = find_message_dialog (prefs);
  g_assert_nonnull (dialog);
  g_assert_true (test_wait_for (is_mapped, dialog));
#if ADW_CHECK_VERSION (1, 5, 0)
  screenshot (prefs_window (prefs), "preferences-remove");
#else
  screenshot (GTK_WINDOW (dialog), "preferences-remove");
#endif
  answer (dialog, "_Cancel");
  test_run_frames (50);
  g_assert_cmpint (isc_session_get_state (fixture.session), ==, ISC_SESSION_READY);
  kept = keyring_key (isc_demo_server_get_base_url (fixture.server));
  g_assert_cmpstr (kept, ==, RIGHT_KEY);
  g_clear_pointer (&kept, g_free);

  /* Remove: the keyring forgets it and the session goes back to the
   * welcome page. */
  before_remove = keyring_file_id ();
  test_click_button (remove);
  dialog = find_message_dialog (prefs);
  g_assert_nonnull (dialog);
  g_assert_true (test_wait_for (is_mapped, dialog));
  answer (dialog, "_Remove");
  g_assert_true (test_wait_for (state_is_welcome, fixture.session));
  wait_for_row (GTK_WIDGET (prefs), "No Key");
  /* Read back once the clearing is written: libsecret 0.21's file
   * backend hangs (in a lock, inside its own callback) when a lookup
   * meets a clear still being written, as a lookup asked again and again
   * meanwhile does. */
  g_assert_true (test_wait_for (keyring_file_changed, before_remove));
  test_run_frames (50);
  kept = keyring_key (isc_demo_server_get_base_url (fixture.server));
  g_assert_null (kept);
  /* No key left to remove: Remove Key is no longer offered. */
  g_assert_false (gtk_widget_get_mapped (remove));
  g_assert_null (test_find_button (GTK_WIDGET (prefs), "Remove Key"));
  g_assert_nonnull (test_find_button (GTK_WIDGET (prefs), "Connect…"));
  screenshot (prefs_window (prefs), "preferences-no-key");

  isc_preferences_window_close (prefs);
  g_assert_true (test_wait_for (is_null, &prefs));
  gtk_window_destroy (parent);
  fixture_tear_down (&fixture);
}

static gboolean
base_url_error_shown (gpointer data)
{
  GtkWidget *label = find_label_with_class (data, "error");

  return label != NULL && gtk_label_get_text (GTK_LABEL (label))[0] != '\0';
}

static void
test_preferences_base_url (void)
{
  Fixture fixture = { 0 };
#if ADW_CHECK_VERSION (1, 5, 0)
  /* A bottom sheet: libadwaita 1.10 gives it 350 px of a 360 px window,
   * and warns that AdwPreferencesDialog asks 360. */
  GtkWindow *parent = parent_window (370);
#else
  GtkWindow *parent = parent_window (360);
#endif
  IscPreferencesWindow *prefs;
  GtkWidget *advanced;
  GtkWidget *entry;
  GtkWidget *label;
  const char *base_url;

  fixture_set_up (&fixture, TRUE);
  base_url = isc_demo_server_get_base_url (fixture.server);
  present_and_wait (parent);

  prefs = isc_preferences_window_new (parent, fixture.session);
#if !ADW_CHECK_VERSION (1, 5, 0)
  /* A dialog takes its width from the 360 px parent. */
  gtk_window_set_default_size (GTK_WINDOW (prefs), 360, 640);
#endif
  present_prefs_and_wait (prefs);

  /* With no key: say so, and offer to connect, not to remove. */
  wait_for_row (GTK_WIDGET (prefs), "No Key");
  g_assert_null (test_find_button (GTK_WIDGET (prefs), "Remove Key"));
  g_assert_nonnull (test_find_button (GTK_WIDGET (prefs), "Connect…"));

  /* The base URL is under Advanced, showing the one in use. */
  advanced = find_row (GTK_WIDGET (prefs), "Advanced");
  g_assert_nonnull (advanced);
  g_assert_null (find_row (GTK_WIDGET (prefs), "Base URL"));
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (advanced), TRUE);
  test_run_frames (400);
  entry = find_row (GTK_WIDGET (prefs), "Base URL");
  g_assert_nonnull (entry);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, base_url);
  screenshot (prefs_window (prefs), "preferences-narrow");

  /* Plain http to another computer is refused in words, under it, and
   * nothing changes. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "http://example.com");
  g_signal_emit_by_name (entry, "apply");
  g_assert_true (test_wait_for (base_url_error_shown, prefs));
  label = find_label_with_class (GTK_WIDGET (prefs), "error");
  g_assert_true (gtk_widget_is_ancestor (label, advanced));
  {
    g_autofree char *kept = g_settings_get_string (fixture.settings, "base-url");

    g_assert_cmpstr (kept, ==, base_url);
  }
  g_assert_cmpstr (isc_session_get_base_url (fixture.session), ==, base_url);
  screenshot (prefs_window (prefs), "preferences-base-url-error");

  /* A good one is taken, and the error goes. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "https://api.baseten.invalid");
  g_signal_emit_by_name (entry, "apply");
  {
    g_autofree char *stored = NULL;
    gboolean ok = FALSE;

    for (int i = 0; i < 100 && !ok; i++)
      {
        g_free (stored);
        stored = g_settings_get_string (fixture.settings, "base-url");
        ok = g_str_equal (stored, "https://api.baseten.invalid");
        if (!ok)
          test_run_frames (50);
      }
    g_assert_cmpstr (stored, ==, "https://api.baseten.invalid");
  }
  test_run_frames (100);
  g_assert_null (find_label_with_class (GTK_WIDGET (prefs), "error"));

  isc_preferences_window_close (prefs);
  gtk_window_destroy (parent);
  fixture_tear_down (&fixture);
}

static void
test_preferences_environment_key (void)
{
  Fixture fixture = { 0 };
  GtkWindow *parent = parent_window (800);
  IscPreferencesWindow *prefs;
  GtkWidget *remove;
  GtkWidget *key_row;

  g_setenv (ISC_CREDENTIALS_ENV, RIGHT_KEY, TRUE);
  fixture_set_up (&fixture, TRUE);
  g_assert_cmpint (isc_session_get_state (fixture.session), ==, ISC_SESSION_READY);
  present_and_wait (parent);

  prefs = isc_preferences_window_new (parent, fixture.session);
  present_prefs_and_wait (prefs);

  /* The key comes from the environment: said so, and it cannot be
   * removed here, with the reason on the button. */
  wait_for_row (GTK_WIDGET (prefs), "Connected to workspace");
  key_row = find_row_full (GTK_WIDGET (prefs), "Connected to workspace", TRUE);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (key_row)), "BASETEN_API_KEY"));
  remove = test_find_button (GTK_WIDGET (prefs), "Remove Key");
  g_assert_nonnull (remove);
  g_assert_false (gtk_widget_get_sensitive (remove));
  g_assert_nonnull (gtk_widget_get_tooltip_text (remove));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (remove), "BASETEN_API_KEY"));
  screenshot (prefs_window (prefs), "preferences-environment");

  isc_preferences_window_close (prefs);
  gtk_window_destroy (parent);
  g_setenv (ISC_CREDENTIALS_ENV, "", TRUE);
  fixture_tear_down (&fixture);
}

static void
test_preferences_without_settings (void)
{
  Fixture fixture = { 0 };
  GtkWindow *parent = parent_window (800);
  IscPreferencesWindow *prefs;
  GtkWidget *utc_row;
  GtkWidget *interval;

  fixture_set_up (&fixture, FALSE);
  present_and_wait (parent);

  prefs = isc_preferences_window_new (parent, fixture.session);
  present_prefs_and_wait (prefs);

  /* Nothing to keep the switches in: shown, but not to be changed. */
  utc_row = find_row (GTK_WIDGET (prefs), "Show Times in UTC");
  interval = find_row (GTK_WIDGET (prefs), "Refresh Every");
  g_assert_nonnull (utc_row);
  g_assert_nonnull (interval);
  g_assert_false (gtk_widget_is_sensitive (utc_row));
  g_assert_false (gtk_widget_is_sensitive (interval));

  isc_preferences_window_close (prefs);
  gtk_window_destroy (parent);
  fixture_tear_down (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  captured_log = g_string_new (NULL);
  g_log_set_writer_func (test_capture_writer, captured_log, NULL);
  test_log_to_writer ();

  g_test_add_func ("/isc/account-ui/welcome", test_welcome_page);
  g_test_add_func ("/isc/account-ui/key-dialog/connect", test_key_dialog);
  g_test_add_func ("/isc/account-ui/key-dialog/cancel", test_key_dialog_cancel);
  g_test_add_func ("/isc/account-ui/preferences/account", test_preferences);
  g_test_add_func ("/isc/account-ui/preferences/base-url", test_preferences_base_url);
  g_test_add_func ("/isc/account-ui/preferences/environment-key", test_preferences_environment_key);
  g_test_add_func ("/isc/account-ui/preferences/without-settings", test_preferences_without_settings);

  status = g_test_run ();
  g_string_free (captured_log, TRUE);

  return status;
}
