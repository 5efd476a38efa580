/* isc-accessible-library.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-accessible-library"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-accessible-library.h"

static void
hide (GtkWidget *widget)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (widget),
                               GTK_ACCESSIBLE_STATE_HIDDEN, TRUE,
                               -1);
}

/* A button that shows a mnemonic ("_Copy Text") reads its words; one that
 * shows an icon reads its tooltip, which says what it does ("Back").
 * FALSE when the button says neither. */
static gboolean
name_button_from_looks (GtkButton *button)
{
  const char *label = gtk_button_get_label (button);
  GtkWidget *child = gtk_button_get_child (button);
  const char *tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (button));

  if (label != NULL && gtk_button_get_use_underline (button))
    isc_accessible_set_name_from_mnemonic (GTK_WIDGET (button), label);
  else if (label != NULL)
    isc_accessible_set_name (GTK_WIDGET (button), label);
  else if (GTK_IS_IMAGE (child) && tooltip != NULL && tooltip[0] != '\0')
    isc_accessible_set_name (GTK_WIDGET (button), tooltip);
  else if (GTK_IS_LABEL (child) && gtk_label_get_text (GTK_LABEL (child))[0] != '\0')
    isc_accessible_set_name (GTK_WIDGET (button), gtk_label_get_text (GTK_LABEL (child)));
  else
    return FALSE;

  return TRUE;
}

static void
name_about_widget (GtkWidget *widget)
{
  /* The Back buttons ("go-previous-symbolic", tooltip "Back"), the version
   * (a label inside the button, which copies it) and the debugging page's
   * "_Copy Text" and "_Save as…". The window's own Close is named by GTK,
   * and has neither a tooltip nor a label of its own. */
  if (GTK_IS_BUTTON (widget))
    {
      name_button_from_looks (GTK_BUTTON (widget));
      return;
    }

  /* The application's icon above its name, the arrows and "external link"
   * signs at the end of the rows: what the row's title says, drawn. */
  if (GTK_IS_IMAGE (widget))
    {
      hide (widget);
      return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_about_widget (child);
}

void
isc_accessible_name_about_window (GtkWindow *about)
{
  g_return_if_fail (GTK_IS_WINDOW (about));

  name_about_widget (GTK_WIDGET (about));
}

#if !ADW_CHECK_VERSION (1, 8, 0)
static void
name_shortcuts_widget (GtkWidget *widget)
{
  /* Its placeholder, "Search Shortcuts", is all it shows. */
  if (GTK_IS_SEARCH_ENTRY (widget))
    {
      g_autofree char *placeholder = NULL;

      g_object_get (widget, "placeholder-text", &placeholder, NULL);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      placeholder != NULL && placeholder[0] != '\0' ? placeholder : _("Search Shortcuts"),
                                      -1);
      return;
    }

  /* The header's title when the window has several sections: it lists
   * them. */
  if (GTK_IS_MENU_BUTTON (widget))
    {
      isc_accessible_set_name (widget, _("Sections"));
      return;
    }

  /* The header's search button, an icon with no tooltip, and the
   * search's "_Show All". */
  if (GTK_IS_BUTTON (widget))
    {
      if (!name_button_from_looks (GTK_BUTTON (widget)) &&
          g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "edit-find-symbolic") == 0)
        isc_accessible_set_name (widget, _("Search Shortcuts"));
      return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_shortcuts_widget (child);
}

void
isc_accessible_name_shortcuts_window (GtkShortcutsWindow *shortcuts)
{
  g_return_if_fail (GTK_IS_SHORTCUTS_WINDOW (shortcuts));

  name_shortcuts_widget (GTK_WIDGET (shortcuts));
}
#endif
