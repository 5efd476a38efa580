/* test-shortcuts.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The shortcuts window (Ctrl+?) lists every shortcut the app has: each
 * action's keys, the window's own Ctrl+W, and the keys of a focused chart.
 * A shortcut added without a line in gtk/help-overlay.ui fails here.
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

/* Every key the shortcuts window shows, and every action it names. */
typedef struct
{
  GArray    *keys;
  GPtrArray *actions;
} Listed;

static void
collect_listed (GtkWidget *widget,
                Listed    *listed)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accelerator = NULL;
      g_autofree char *action = NULL;

      g_object_get (widget, "accelerator", &accelerator, "action-name", &action, NULL);
      if (action != NULL)
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

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_listed (child, listed);
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

static void
read_overlay (IscWindow *window,
              Listed    *listed)
{
  /* What win.show-help-overlay opens, built as it builds it. */
  g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/inferscope/Inferscope/isc-shortcuts-window.ui");
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));

  g_assert_nonnull (overlay);
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (window), "show-help-overlay"));
  listed->keys = g_array_new (FALSE, FALSE, sizeof (Key));
  listed->actions = g_ptr_array_new_with_free_func (g_free);
  collect_listed (overlay, listed);
  g_assert_cmpuint (listed->actions->len, >, 0);
  g_assert_cmpuint (listed->keys->len, >, 0);
  gtk_window_destroy (GTK_WINDOW (overlay));
}

static void
clear_listed (Listed *listed)
{
  g_clear_pointer (&listed->keys, g_array_unref);
  g_clear_pointer (&listed->actions, g_ptr_array_unref);
}

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

  status = g_test_run ();

  test_app_stop ();

  return status;
}
