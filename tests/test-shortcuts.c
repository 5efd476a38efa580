/* test-shortcuts.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The shortcuts window (Ctrl+?) lists every shortcut the app has: each
 * action's keys, the window's own Ctrl+W, and the keys of a focused chart.
 * A shortcut added without a line in gtk/help-overlay.ui (the window
 * before libadwaita 1.8) and isc-shortcuts-dialog.ui (AdwShortcutsDialog
 * from 1.8) fails here; where both can be built, they list the same lines.
 */

#include "config.h"

#include <adwaita.h>

#include "isc-chart-view.h"
#include "isc-test-app.h"
#include "isc-test-util.h"
#include "isc-window.h"

typedef struct
{
  guint           keyval;
  GdkModifierType modifiers;
} Key;

/* Every key the shortcuts window shows, every action it names, and each
 * line as "title | action | keys". */
typedef struct
{
  GArray    *keys;
  GPtrArray *actions;
  GPtrArray *lines;
} Listed;

/* A line of the window (GtkShortcutsShortcut) or of the dialog
 * (AdwShortcutsItem), read by property: both have a title, an action
 * name and an accelerator. */
static void
collect_line (GObject *line,
              Listed  *listed)
{
  g_autofree char *accelerator = NULL;
  g_autofree char *action = NULL;
  g_autofree char *title = NULL;

  g_object_get (line, "title", &title, "accelerator", &accelerator, "action-name", &action, NULL);
  g_ptr_array_add (listed->lines, g_strdup_printf ("%s | %s | %s", title,
                                                   action != NULL ? action : "",
                                                   accelerator != NULL ? accelerator : ""));
  if (action != NULL && action[0] != '\0')
    g_ptr_array_add (listed->actions, g_steal_pointer (&action));
  if (accelerator != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (accelerator, " ", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        {
          Key key = { 0, 0 };

          if (parts[i][0] == '\0')
            continue;
          g_assert_true (gtk_accelerator_parse (parts[i], &key.keyval, &key.modifiers));
          g_array_append_val (listed->keys, key);
        }
    }
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The lines of @resource: the objects of @line_type it builds. Returns
 * what it built, for the caller to close. */
static GObject *
read_lines (const char *resource,
            const char *id,
            const char *line_type,
            Listed     *listed)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (resource);
  g_autoptr(GSList) objects = gtk_builder_get_objects (builder);
  GType type = g_type_from_name (line_type);
  GObject *built = gtk_builder_get_object (builder, id);

  g_assert_nonnull (built);
  g_assert_true (type != G_TYPE_INVALID);
  listed->keys = g_array_new (FALSE, FALSE, sizeof (Key));
  listed->actions = g_ptr_array_new_with_free_func (g_free);
  listed->lines = g_ptr_array_new_with_free_func (g_free);
  for (GSList *l = objects; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type))
      collect_line (l->data, listed);
  g_ptr_array_sort (listed->lines, compare_lines);
  g_assert_cmpuint (listed->actions->len, >, 0);
  g_assert_cmpuint (listed->keys->len, >, 0);

  return g_object_ref (built);
}

static gboolean
lists_key (const Listed    *listed,
           guint            keyval,
           GdkModifierType  modifiers)
{
  for (guint i = 0; i < listed->keys->len; i++)
    {
      const Key *key = &g_array_index (listed->keys, Key, i);

      if (key->keyval == keyval && key->modifiers == modifiers)
        return TRUE;
    }

  return FALSE;
}

/* The shortcuts window's lines (gtk/help-overlay.ui). */
static void
read_window (Listed *listed)
{
  g_autoptr(GObject) overlay = read_lines ("/io/github/inferscope/Inferscope/isc-shortcuts-window.ui",
                                           "help_overlay", "GtkShortcutsShortcut", listed);

  gtk_window_destroy (GTK_WINDOW (overlay));
}

static void
read_overlay (IscWindow *window,
              Listed    *listed)
{
  /* What win.show-help-overlay opens, built as it builds it. */
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (window), "show-help-overlay"));
#if ADW_CHECK_VERSION (1, 8, 0)
  {
    g_autoptr(GObject) dialog = read_lines ("/io/github/inferscope/Inferscope/isc-shortcuts-dialog.ui",
                                            "shortcuts_dialog", "AdwShortcutsItem", listed);

    g_assert_true (ADW_IS_SHORTCUTS_DIALOG (dialog));
  }
#else
  read_window (listed);
#endif
}

static void
clear_listed (Listed *listed)
{
  g_clear_pointer (&listed->keys, g_array_unref);
  g_clear_pointer (&listed->actions, g_ptr_array_unref);
  g_clear_pointer (&listed->lines, g_ptr_array_unref);
}

#if ADW_CHECK_VERSION (1, 8, 0)
/* The dialog and the window before it list the same lines: the same
 * titles, actions and keys. */
static void
test_shortcuts_same (void)
{
  IscWindow *window = test_app_open_window ();
  Listed dialog;
  Listed old;

  read_overlay (window, &dialog);
  read_window (&old);
  g_assert_cmpuint (dialog.lines->len, ==, old.lines->len);
  g_assert_cmpuint (dialog.lines->len, >=, 25);
  for (guint i = 0; i < old.lines->len; i++)
    g_assert_cmpstr (g_ptr_array_index (dialog.lines, i), ==, g_ptr_array_index (old.lines, i));
  clear_listed (&dialog);
  clear_listed (&old);
  gtk_window_destroy (GTK_WINDOW (window));
}
#endif

/* Every action with keys is listed by its name (the window then shows the
 * keys the application has for it). */
static void
test_shortcuts_actions (void)
{
  IscWindow *window = test_app_open_window ();
  g_auto(GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (test_app));
  Listed listed;
  guint with_keys = 0;

  read_overlay (window, &listed);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (test_app), actions[i]);

      if (accels[0] == NULL)
        continue;
      with_keys++;
      if (!g_ptr_array_find_with_equal_func (listed.actions, actions[i], g_str_equal, NULL))
        g_error ("%s (%s) is not in the shortcuts window", actions[i], accels[0]);
    }

  /* Refresh, the modes, the range's history and zoom, export, the sidebar,
   * preferences, new window, quit and the shortcuts window itself. */
  g_assert_cmpuint (with_keys, >=, 14);
  clear_listed (&listed);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window's Ctrl+W is a key binding, not an action's accelerator. */
static void
test_shortcuts_window (void)
{
  IscWindow *window = test_app_open_window ();
  Listed listed;

  read_overlay (window, &listed);
  g_assert_true (lists_key (&listed, GDK_KEY_w, GDK_CONTROL_MASK));
  clear_listed (&listed);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The keys a focused chart takes, from its own shortcut controllers; the
 * keypad's copies of the same keys go without saying. */
static gboolean
is_keypad_copy (guint keyval)
{
  return (keyval >= GDK_KEY_KP_Space && keyval <= GDK_KEY_KP_9) || keyval == GDK_KEY_ISO_Enter;
}

static void
test_shortcuts_chart (void)
{
  IscWindow *window = test_app_open_window ();
  GtkWidget *chart = g_object_ref_sink (isc_chart_view_new (NULL));
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (chart);
  Listed listed;
  guint n_keys = 0;

  read_overlay (window, &listed);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          guint keyval;
          GdkModifierType modifiers;

          if (!GTK_IS_KEYVAL_TRIGGER (trigger))
            continue;
          keyval = gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger));
          modifiers = gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger));
          if (is_keypad_copy (keyval))
            continue;
          n_keys++;
          if (!lists_key (&listed, keyval, modifiers))
            {
              g_autofree char *name = gtk_accelerator_name (keyval, modifiers);

              g_error ("a chart's %s is not in the shortcuts window", name);
            }
        }
    }

  /* Left, Right, Home, End, each with Shift, Return, Escape, Menu, Shift+F10. */
  g_assert_cmpuint (n_keys, >=, 12);
  clear_listed (&listed);
  g_object_unref (chart);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  test_app_start ();

  g_test_add_func ("/isc/shortcuts/actions", test_shortcuts_actions);
  g_test_add_func ("/isc/shortcuts/window", test_shortcuts_window);
  g_test_add_func ("/isc/shortcuts/chart", test_shortcuts_chart);
#if ADW_CHECK_VERSION (1, 8, 0)
  g_test_add_func ("/isc/shortcuts/same-in-both", test_shortcuts_same);
#endif

  status = g_test_run ();

  test_app_stop ();

  return status;
}
