/* test-a11y.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The app as a screen reader meets it: GTK on the at-spi2 bus
 * (GTK_A11Y=atspi, and the accessibility bus the session bus starts) and
 * isc-a11y-client, another process, reading the tree while the test
 * drives the window, its dialogs (About and the shortcuts too) and its
 * popovers. Nothing the reader asks crashes the app, every window reads
 * as a dialog or a frame, and every control says what it is, once, in
 * words.
 */

#include "config.h"

#include <string.h>
#include <unistd.h>
#include <adwaita.h>

#include "isc-add-target-dialog.h"
#include "isc-demo-server.h"
#include "isc-key-dialog.h"
#include "isc-logs-page.h"
#include "isc-test-app.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "isc-sidebar.h"
#include "isc-model-apis-page.h"
#include "isc-usage-page.h"

#define SCHEMA_ID "io.github.inferscope.Inferscope"
#define RIGHT_KEY "a11y-test-key-4b1d"

static IscWindow *window;
/* The account the key dialog connects to. */
static IscDemoServer *server;

/* A line of isc-a11y-client's tree. */
typedef struct
{
  int   depth;
  char *role;
  char *name;
} Node;

static void
node_clear (gpointer data)
{
  Node *node = data;

  g_free (node->role);
  g_free (node->name);
}

typedef struct
{
  gboolean  done;
  char     *out;
  GError   *error;
} Run;

static void
communicate_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      data)
{
  Run *run = data;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (object), result, &run->out, NULL, &run->error);
  run->done = TRUE;
}

static GSubprocess *
spawn_client (const char *mode,
              const char *extra)
{
  const char *client = g_getenv ("INFERSCOPE_A11Y_CLIENT");
  g_autofree char *pid = g_strdup_printf ("%d", (int) getpid ());
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr(GError) error = NULL;
  GSubprocess *process;

  g_assert_nonnull (client);
  /* libatspi warns of what GTK 4.8 lacks (its cache interface): the
   * client is the screen reader, not under test. */
  g_subprocess_launcher_unsetenv (launcher, "G_DEBUG");
  /* Nor its leaks: libatspi 2.46 keeps a string it read off the bus. */
  if (g_getenv ("ASAN_OPTIONS") != NULL)
    {
      g_autofree char *options = g_strconcat (g_getenv ("ASAN_OPTIONS"), ":detect_leaks=0", NULL);

      g_subprocess_launcher_setenv (launcher, "ASAN_OPTIONS", options, TRUE);
    }
  process = g_subprocess_launcher_spawn (launcher, &error, client, mode, pid, extra, NULL);
  g_assert_no_error (error);
  return process;
}

/* Runs the client to its end, the app answering it meanwhile. */
static char *
run_client (const char *mode,
            const char *extra)
{
  g_autoptr(GSubprocess) process = spawn_client (mode, extra);
  Run run = { 0 };
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (120 * test_time_scale (), test_set_flag_cb, &timed_out);

  g_subprocess_communicate_utf8_async (process, NULL, NULL, communicate_cb, &run);
  while (!run.done && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  g_assert_true (run.done);
  g_assert_no_error (run.error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);

  return run.out;
}

/* The whole tree, or with @which "last" the last window's. */
static GArray *
read_tree (const char *which)
{
  g_autofree char *out = run_client ("tree", which);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GArray *nodes = g_array_new (FALSE, TRUE, sizeof (Node));

  g_array_set_clear_func (nodes, node_clear);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], "\t", -1);
      Node node;

      if (g_strv_length (fields) != 3)
        continue;
      node.depth = atoi (fields[0]);
      node.role = g_strdup (fields[1]);
      node.name = g_strdup (fields[2]);
      g_array_append_val (nodes, node);
    }
  g_assert_cmpuint (nodes->len, >, 0);
  return nodes;
}

static void
dump_tree (GArray     *nodes,
           const char *where)
{
  for (guint i = 0; i < nodes->len; i++)
    {
      Node *node = &g_array_index (nodes, Node, i);

      g_printerr ("%s: %*s%s '%s'\n", where, node->depth * 2, "", node->role, node->name);
    }
}

/* What a person operates: each must say what it is. */
static const char * const control_roles[] = {
  "push button", "toggle button", "check box", "radio button", "switch",
  "menu item", "check menu item", "radio menu item", "page tab", "link",
  "entry", "password text", "spin button", "combo box", "slider",
  NULL
};

/* "GtkImage", "AdwGizmo": what GTK 4.8 reads when nothing names a widget. */
static gboolean
is_type_name (const char *name)
{
  g_autoptr(GRegex) regex = g_regex_new ("^(Gtk|Adw|Isc)[A-Z][A-Za-z]+$", 0, 0, NULL);

  return g_regex_match (regex, name, 0, NULL);
}

/* "_Cancel", "C_onnect": a mnemonic read out. */
static gboolean
has_mnemonic (const char *name)
{
  for (const char *p = strchr (name, '_'); p != NULL; p = strchr (p + 1, '_'))
    if (g_ascii_isalnum (p[1]))
      return TRUE;
  return FALSE;
}

/* "Cancel Cancel", "_Cancel Cancel": the same words twice. */
static gboolean
repeats (const char *name)
{
  g_autoptr(GString) plain = g_string_new (name);
  gsize half;

  g_string_replace (plain, "_", "", 0);
  if (plain->len < 3 || plain->len % 2 == 0)
    return FALSE;
  half = plain->len / 2;
  return plain->str[half] == ' ' && strncmp (plain->str, plain->str + half + 1, half) == 0;
}

/* Every fault in the tree, a line each; "" when there is none. */
static char *
tree_faults (GArray *nodes)
{
  GString *faults = g_string_new (NULL);

  for (guint i = 0; i < nodes->len; i++)
    {
      Node *node = &g_array_index (nodes, Node, i);
      gboolean control = g_strv_contains (control_roles, node->role);

      /* The application's children are its windows. */
      if (node->depth == 1 && !g_str_equal (node->role, "dialog") && !g_str_equal (node->role, "frame"))
        g_string_append_printf (faults, "window '%s' reads as a %s\n", node->name, node->role);
      else if (node->depth == 1 && is_type_name (node->name))
        g_string_append_printf (faults, "a window is named after its type, '%s'\n", node->name);
      if (!control)
        continue;
      if (node->name[0] == '\0')
        g_string_append_printf (faults, "a %s has no name\n", node->role);
      else if (is_type_name (node->name))
        g_string_append_printf (faults, "a %s is named after its type, '%s'\n", node->role, node->name);
      else if (has_mnemonic (node->name))
        g_string_append_printf (faults, "a %s reads its mnemonic, '%s'\n", node->role, node->name);
      else if (repeats (node->name))
        g_string_append_printf (faults, "a %s says its name twice, '%s'\n", node->role, node->name);
    }

  return g_string_free (faults, FALSE);
}

/* The tree (read_tree()), once it has no fault. */
static GArray *
read_tree_reading_well (const char *where,
                        const char *which)
{
  g_autoptr(GArray) nodes = read_tree (which);
  g_autofree char *faults = tree_faults (nodes);

  if (faults[0] != '\0')
    {
      dump_tree (nodes, where);
      g_error ("%s:\n%s", where, faults);
    }

  return g_steal_pointer (&nodes);
}

static void
assert_tree_reads_well (const char *where)
{
  g_autoptr(GArray) nodes = read_tree_reading_well (where, NULL);
}

/* A node of @role whose name holds @words, as the client wrote it (line
 * breaks as "\n", and each character outside ASCII as "?": neither the
 * client nor this test sets a locale). */
static gboolean
tree_reads (GArray     *nodes,
            const char *role,
            const char *words)
{
  for (guint i = 0; i < nodes->len; i++)
    {
      Node *node = &g_array_index (nodes, Node, i);

      if (g_str_equal (node->role, role) && strstr (node->name, words) != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
assert_tree_reads (GArray     *nodes,
                   const char *where,
                   const char *role,
                   const char *words)
{
  if (tree_reads (nodes, role, words))
    return;

  dump_tree (nodes, where);
  g_error ("%s: no %s reads '%s'", where, role, words);
}

/* A switch, which GTK 4.8's bridge calls a check box. */
static void
assert_tree_reads_switch (GArray     *nodes,
                          const char *where,
                          const char *words)
{
  if (tree_reads (nodes, "switch", words) || tree_reads (nodes, "check box", words))
    return;

  dump_tree (nodes, where);
  g_error ("%s: no switch reads '%s'", where, words);
}

/* A reader reading the whole tree over and over, until stop_reader(). */
static GSubprocess *
start_reader (void)
{
  GSubprocess *reader = spawn_client ("walk", NULL);

  /* Let it meet the window before the test changes it. */
  test_run_frames (300);
  return reader;
}

static void
stop_reader (GSubprocess *reader)
{
  /* Still reading (GLib forgets the process's id once it has ended): it
   * neither gave up nor lost the app. */
  g_assert_nonnull (g_subprocess_get_identifier (reader));
  g_subprocess_force_exit (reader);
  g_object_unref (reader);
}

/* Asks for one window more than the app has, as a reader that counted
 * them before one closed does; the app answers, and is still there. */
static void
probe_windows (void)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());
  g_autofree char *n = g_strdup_printf ("%u", g_list_model_get_n_items (toplevels) + 1);
  g_autofree char *out = run_client ("probe", n);

  g_assert_nonnull (strstr (out, "0\tframe\t"));
}

static GtkWindow *
find_toplevel (GType type)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type) && gtk_widget_get_mapped (GTK_WIDGET (toplevel)))
        return toplevel;
    }

  return NULL;
}

typedef struct
{
  const char *name;
  const char *action;   /* "win." or "app." */
  const char *type;
} Dialog;

/* A mapped dialog of @type: a toplevel window, or where libadwaita has
 * AdwDialog (1.5), the dialog shown inside a window. */
static GtkWidget *
find_dialog (GType type)
{
  g_autoptr(GListModel) toplevels = NULL;

  if (find_toplevel (type) != NULL)
    return GTK_WIDGET (find_toplevel (type));

#if ADW_CHECK_VERSION (1, 5, 0)
  toplevels = g_object_ref (gtk_window_get_toplevels ());
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);
      AdwDialog *dialog = NULL;

      if (ADW_IS_APPLICATION_WINDOW (toplevel))
        dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (toplevel));
      else if (ADW_IS_WINDOW (toplevel))
        dialog = adw_window_get_visible_dialog (ADW_WINDOW (toplevel));
      if (dialog != NULL && G_TYPE_CHECK_INSTANCE_TYPE (dialog, type) &&
          gtk_widget_get_mapped (GTK_WIDGET (dialog)))
        return GTK_WIDGET (dialog);
    }
#endif

  return NULL;
}

/* Closes @dialog as Escape or its close button does. */
static void
close_dialog (GtkWidget *dialog)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_close (ADW_DIALOG (dialog));
      return;
    }
#endif
  gtk_window_close (GTK_WINDOW (dialog));
}

static gboolean
dialog_is_open (gpointer data)
{
  return find_dialog (g_type_from_name (data)) != NULL;
}

static gboolean
dialog_is_closed (gpointer data)
{
  return find_dialog (g_type_from_name (data)) == NULL;
}

/* Open, read and closed as a person would, a reader reading throughout:
 * each reads as a dialog with named controls, and closing it leaves the
 * reader's count of windows one too many, which the app survives. */
static void
test_dialogs (void)
{
  static const Dialog dialogs[] = {
    { "export", "win.export", "IscExportDialog" },
    { "alerts", "win.alerts", "IscAlertsDialog" },
    { "preferences", "app.preferences", "IscPreferencesWindow" },
    { "customize", "win.customize", "IscCustomizeDialog" },
  };
  GSubprocess *reader = start_reader ();

  for (guint i = 0; i < G_N_ELEMENTS (dialogs); i++)
    {
      GtkWidget *dialog;
      GArray *nodes;

      g_test_message ("%s", dialogs[i].name);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), dialogs[i].action, NULL));
      g_assert_true (test_wait_for (dialog_is_open, (gpointer) dialogs[i].type));
      dialog = find_dialog (g_type_from_name (dialogs[i].type));
      test_run_frames (200);
      nodes = read_tree_reading_well (dialogs[i].name, NULL);
      /* Export's sizes read as spin buttons named by their rows, and
       * Preferences' settings that are on or off as switches, and
       * the actions ending a form (Add Rule, and Connect… on the demo,
       * which has no key to remove) as buttons, button rows where
       * libadwaita has them, their words said once. */
      if (g_str_equal (dialogs[i].name, "export"))
        {
          assert_tree_reads (nodes, "export", "spin button", "Width");
          assert_tree_reads (nodes, "export", "spin button", "Scale");
        }
      else if (g_str_equal (dialogs[i].name, "alerts"))
        assert_tree_reads (nodes, "alerts", "push button", "Add Rule");
      else if (g_str_equal (dialogs[i].name, "preferences"))
        {
          assert_tree_reads_switch (nodes, "preferences", "Show Times in UTC");
          assert_tree_reads_switch (nodes, "preferences", "Run in Background");
          assert_tree_reads (nodes, "preferences", "push button", "Connect");
          g_assert_false (tree_reads (nodes, "push button", "Connect? Connect?"));
        }
      g_clear_pointer (&nodes, g_array_unref);

      close_dialog (dialog);
      g_assert_true (test_wait_for (dialog_is_closed, (gpointer) dialogs[i].type));
      probe_windows ();
      test_run_frames (200);
    }

  /* Add by ID…, which the sidebar opens. */
  {
    GtkWidget *dialog = isc_add_target_dialog_new (GTK_WINDOW (window),
                                                   isc_session_get_account (test_app_session ()));

    isc_add_target_dialog_present (ISC_ADD_TARGET_DIALOG (dialog));
    test_wait_until_mapped (dialog);
    test_run_frames (200);
    assert_tree_reads_well ("add by id");
    close_dialog (dialog);
    g_assert_true (test_wait_for (dialog_is_closed, (gpointer) "IscAddTargetDialog"));
    probe_windows ();
  }

  stop_reader (reader);
}

#if ADW_CHECK_VERSION (1, 5, 0)
G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* AdwDialog: newer than the pinned 1.2 */
static gboolean
about_is_open (gpointer data)
{
  AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));

  return ADW_IS_ABOUT_DIALOG (dialog);
}
G_GNUC_END_IGNORE_DEPRECATIONS

static gboolean
about_is_closed (gpointer data)
{
  return !about_is_open (data);
}
#endif

/* The About window, as the main menu opens it (app.about), and what a
 * reader reads on its Credits and Legal pages: who made the app, and its
 * copyright and licence in full. */
static void
test_about (void)
{
  GSubprocess *reader = start_reader ();
  g_autoptr(GArray) nodes = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.about", NULL));
#if ADW_CHECK_VERSION (1, 5, 0)
  /* AdwAboutDialog, inside the window; its pages join the tree as they
   * are opened, which this test does not do. */
  g_assert_true (test_wait_for (about_is_open, NULL));
  test_run_frames (200);
  assert_tree_reads_well ("about");
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* newer than the pinned 1.2 */
  adw_dialog_close (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)));
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_assert_true (test_wait_for (about_is_closed, NULL));
#else
  {
    GtkWindow *about;

    g_assert_true (test_wait_for (dialog_is_open, (gpointer) "AdwAboutWindow"));
    about = find_toplevel (ADW_TYPE_ABOUT_WINDOW);
    test_run_frames (200);
    /* Its pages are in the tree from the start, as children of its
     * leaflet: a reader reads them before a person opens one. (Opening
     * one leaks the leaflet's transition render nodes in libadwaita 1.2,
     * which LeakSanitizer reports.) */
    nodes = read_tree_reading_well ("about", "last");
    assert_tree_reads (nodes, "about", "dialog", "About");
    assert_tree_reads (nodes, "credits", "list item", "The Inferscope authors");
    assert_tree_reads (nodes, "legal", "label",
                       "2026 The Inferscope authors\\n\\nThis application comes with absolutely no warranty. "
                       "See the GNU General Public License, version 3 or later for details.");

    gtk_window_close (about);
    g_assert_true (test_wait_for (dialog_is_closed, (gpointer) "AdwAboutWindow"));
  }
#endif
  probe_windows ();

  stop_reader (reader);
}

/* The shortcuts window, as Ctrl+? and the main menu open it. */
static void
test_shortcuts (void)
{
  GSubprocess *reader = start_reader ();
  g_autoptr(GArray) nodes = NULL;
  GtkWidget *shortcuts;
  /* AdwShortcutsDialog inside the window where libadwaita has it (1.8). */
#if ADW_CHECK_VERSION (1, 8, 0)
  const char *type = "AdwShortcutsDialog";
#else
  const char *type = "GtkShortcutsWindow";
#endif

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  g_assert_true (test_wait_for (dialog_is_open, (gpointer) type));
  shortcuts = find_dialog (g_type_from_name (type));
  test_run_frames (200);
  nodes = read_tree_reading_well ("shortcuts", "last");
  assert_tree_reads (nodes, "shortcuts", "dialog", "Keyboard Shortcuts");

  close_dialog (shortcuts);
  g_assert_true (test_wait_for (dialog_is_closed, (gpointer) type));
  probe_windows ();

  stop_reader (reader);
}

/* The window's menus and popovers, each open in turn. */
static void
test_popovers (void)
{
  g_autoptr(GPtrArray) buttons = test_collect_shown (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON);
  GSubprocess *reader = start_reader ();

  g_assert_cmpuint (buttons->len, >=, 2);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkMenuButton *button = g_ptr_array_index (buttons, i);
      GtkPopover *popover = gtk_menu_button_get_popover (button);
      g_autofree char *where = g_strdup_printf ("popover %u of %u", i + 1, buttons->len);

      gtk_menu_button_popup (button);
      if (popover == NULL)
        popover = gtk_menu_button_get_popover (button);
      g_assert_nonnull (popover);
      test_wait_until_mapped (GTK_WIDGET (popover));
      test_run_frames (100);
      assert_tree_reads_well (where);
      gtk_menu_button_popdown (button);
      test_run_frames (100);
    }

  stop_reader (reader);
}

/* Before any dialog: a reader asking for a window past the last. */
static void
test_stale_window (void)
{
  probe_windows ();
  assert_tree_reads_well ("window");
}

static gboolean
logs_are_shown (gpointer data)
{
  GtkWidget *page = test_find_shown (GTK_WIDGET (window), ISC_TYPE_LOGS_PAGE, NULL, NULL);
  IscLogView *log_view = page != NULL ? isc_logs_page_get_log_view (ISC_LOGS_PAGE (page)) : NULL;

  return log_view != NULL && isc_log_view_get_state (log_view) == ISC_LOG_VIEW_READY;
}

/* The Logs page with the demo's lines: every control named, and a row
 * read as its time, level and message. */
static void
test_logs_page (void)
{
  g_autoptr(GArray) nodes = NULL;
  gboolean row_read = FALSE;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "logs"));
  g_assert_true (test_wait_for (logs_are_shown, NULL));
  test_run_frames (500);
  assert_tree_reads_well ("logs");

  nodes = read_tree (NULL);
  for (guint i = 0; i < nodes->len; i++)
    {
      const Node *node = &g_array_index (nodes, Node, i);

      if (g_regex_match_simple ("^[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}, (DEBUG|INFO|WARNING|ERROR), .",
                                node->name, 0, 0))
        row_read = TRUE;
    }
  if (!row_read)
    dump_tree (nodes, "logs");
  g_assert_true (row_read);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.mode", "s", "charts"));
  test_wait_for_view (window);
}

static gboolean
usage_is_shown (gpointer data)
{
  GtkWidget *page = test_find_shown (GTK_WIDGET (window), ISC_TYPE_USAGE_PAGE, NULL, NULL);

  /* Loaded, or said why not. */
  return page != NULL && g_strcmp0 (isc_usage_page_get_shown (ISC_USAGE_PAGE (page)), "loading") != 0;
}

static gboolean
model_apis_is_shown (gpointer data)
{
  GtkWidget *page = test_find_shown (GTK_WIDGET (window), ISC_TYPE_MODEL_APIS_PAGE, NULL, NULL);

  return page != NULL && g_strcmp0 (isc_model_apis_page_get_shown (ISC_MODEL_APIS_PAGE (page)), "loading") != 0;
}

/* The Usage page (the sidebar's row under Overview): every control
 * named, its buttons read by their words. The Model APIs page: its two
 * choices read by their words, as radio buttons in a toggle group where
 * libadwaita has one (1.7), as toggle buttons before (which GTK 4.8's
 * bridge reads as push buttons). Then the target again. */
static void
test_usage_pages (void)
{
  GtkWidget *sidebar = test_find_widget (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  g_autoptr(IscTarget) target = isc_target_copy (isc_view_get_target (isc_window_get_view (window)));
  g_autoptr(GArray) nodes = NULL;
  g_autoptr(GArray) apis = NULL;
#if ADW_CHECK_VERSION (1, 7, 0)
  const char *role = "radio button";
#else
  const char *role = "push button";
#endif

  g_assert_nonnull (sidebar);
  g_signal_emit_by_name (sidebar, "usage-activated");
  g_assert_true (test_wait_for (usage_is_shown, NULL));
  test_run_frames (300);
  nodes = read_tree_reading_well ("usage", NULL);
  assert_tree_reads (nodes, "usage", "push button", "Copy Data");
  assert_tree_reads (nodes, "usage", "push button", "Export");

  g_signal_emit_by_name (sidebar, "model-apis-activated");
  g_assert_true (test_wait_for (model_apis_is_shown, NULL));
  test_run_frames (300);
  apis = read_tree_reading_well ("model apis", NULL);
  assert_tree_reads (apis, "model apis", role, "By Model");
  assert_tree_reads (apis, "model apis", role, "By API Key");
  assert_tree_reads (apis, "model apis", role, "Charts");
  assert_tree_reads (apis, "model apis", role, "Summary");

  g_signal_emit_by_name (sidebar, "target-activated", target);
  test_wait_for_view (window);
}

static gboolean
key_dialog_is_closed (gpointer data)
{
  return find_dialog (ISC_TYPE_KEY_DIALOG) == NULL;
}

static gboolean
is_a_key_row (GtkWidget *widget)
{
  return ADW_IS_PASSWORD_ENTRY_ROW (widget);
}

static GtkWidget *
find_where (GtkWidget *root,
            gboolean (*check) (GtkWidget *))
{
  if (check (root))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_where (child, check);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The report: a reader on, a key typed in Connect to Baseten and Enter:
 * the key is right, the dialog closes under the reader. */
static void
test_key_dialog (void)
{
  GSubprocess *reader;
  GtkWidget *dialog;
  GtkWidget *row;

  reader = start_reader ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.connect", NULL));
  g_assert_true (test_wait_for (dialog_is_open, (gpointer) "IscKeyDialog"));
  dialog = find_dialog (ISC_TYPE_KEY_DIALOG);
  test_run_frames (200);
  assert_tree_reads_well ("key dialog");

  row = find_where (GTK_WIDGET (dialog), is_a_key_row);
  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (row), RIGHT_KEY);
  g_signal_emit_by_name (row, "entry-activated");
  if (!test_wait_for (key_dialog_is_closed, NULL))
    g_error ("the key dialog stayed open: %s", isc_key_dialog_get_message (ISC_KEY_DIALOG (dialog)));
  probe_windows ();
  test_run_frames (500);
  probe_windows ();

  stop_reader (reader);
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  /* The session reads the address as it starts. */
  server = isc_demo_server_new (1, RIGHT_KEY);
  g_assert_true (isc_demo_server_run_in_thread (server, 0, &error));
  g_assert_no_error (error);
  settings = g_settings_new (SCHEMA_ID);
  g_settings_set_string (settings, "base-url", isc_demo_server_get_base_url (server));

  test_app_start ();
  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  g_assert_true (test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)));
  g_assert_true (isc_session_use_demo (test_app_session (), &error));
  g_assert_no_error (error);
  g_assert_true (test_wait_for (test_session_is_ready, NULL));

  window = isc_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until_mapped (GTK_WIDGET (window));
  test_wait_for_view (window);

  g_test_add_func ("/isc/a11y/stale-window", test_stale_window);
  g_test_add_func ("/isc/a11y/dialogs", test_dialogs);
  g_test_add_func ("/isc/a11y/popovers", test_popovers);
  g_test_add_func ("/isc/a11y/about", test_about);
  g_test_add_func ("/isc/a11y/shortcuts", test_shortcuts);
  g_test_add_func ("/isc/a11y/logs-page", test_logs_page);
  g_test_add_func ("/isc/a11y/usage-pages", test_usage_pages);
  /* Last: it leaves the demo for an account. */
  g_test_add_func ("/isc/a11y/key-dialog", test_key_dialog);

  status = g_test_run ();

  gtk_window_destroy (GTK_WINDOW (window));
  test_app_stop ();
  g_settings_reset (settings, "base-url");
  g_clear_object (&server);

  return status;
}
