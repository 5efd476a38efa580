/* isc-accessible.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-accessible"

#include "config.h"

#include <string.h>

#include "isc-accessible.h"

/* What a button holds (a label, an icon, AdwButtonContent) is its look,
 * not more to read. */
static void
hide_contents (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_accessible_update_state (GTK_ACCESSIBLE (child),
                                 GTK_ACCESSIBLE_STATE_HIDDEN, TRUE,
                                 -1);
}

/* GTK 4.8 reads a button's name as its label and then the text of what
 * it is "labelled by" (its own label child): one is enough. */
static void
set_name (GtkWidget  *widget,
          const char *name)
{
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
}

void
isc_accessible_set_name (GtkWidget  *widget,
                         const char *name)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (name != NULL);

  set_name (widget, name);
  /* A menu button's focus is on the button inside it. */
  if (GTK_IS_MENU_BUTTON (widget) && gtk_widget_get_first_child (widget) != NULL)
    {
      set_name (gtk_widget_get_first_child (widget), name);
      hide_contents (gtk_widget_get_first_child (widget));
    }
  else if (GTK_IS_BUTTON (widget))
    hide_contents (widget);
}

void
isc_accessible_set_name_from_mnemonic (GtkWidget  *widget,
                                       const char *mnemonic)
{
  g_autoptr(GString) name = NULL;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (mnemonic != NULL);

  /* As GtkLabel reads it: "__" is an underscore, "_" marks the key. */
  name = g_string_sized_new (strlen (mnemonic));
  for (const char *p = mnemonic; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          p++;
          if (*p == '\0')
            break;
        }
      g_string_append_c (name, *p);
    }

  isc_accessible_set_name (widget, name->str);
}

static void
hide_search_entries (GtkWidget *root)
{
  if (GTK_IS_SEARCH_ENTRY (root))
    {
      gtk_accessible_update_state (GTK_ACCESSIBLE (root),
                                   GTK_ACCESSIBLE_STATE_HIDDEN, TRUE,
                                   -1);
      return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    hide_search_entries (child);
}

void
isc_accessible_hide_unused_search (GtkWidget *preferences)
{
  gboolean search_enabled = TRUE;

  /* An AdwPreferencesWindow, or an AdwPreferencesDialog (libadwaita 1.5):
   * both have "search-enabled". */
  g_return_if_fail (GTK_IS_WIDGET (preferences));
  g_return_if_fail (g_object_class_find_property (G_OBJECT_GET_CLASS (preferences), "search-enabled") != NULL);

  g_object_get (preferences, "search-enabled", &search_enabled, NULL);
  if (!search_enabled)
    hide_search_entries (preferences);
}

void
isc_accessible_init_dialog (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  g_object_set (window, "accessible-role", GTK_ACCESSIBLE_ROLE_DIALOG, NULL);
}
