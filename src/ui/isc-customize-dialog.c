/* isc-customize-dialog.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-customize-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-catalogue.h"
#include "isc-customize-dialog.h"

typedef struct
{
  char     *name;
  gboolean  shown;
} Item;

#if ADW_CHECK_VERSION (1, 5, 0)
# define ISC_CUSTOMIZE_AS_DIALOG 1
#else
# define ISC_CUSTOMIZE_AS_DIALOG 0
#endif

struct _IscCustomizeDialog
{
#if ISC_CUSTOMIZE_AS_DIALOG
  AdwDialog             parent_instance;
#else
  AdwWindow             parent_instance;
#endif
  GtkWindow            *parent;     /* weak: what it is presented over */

  /* Widgets */
  AdwPreferencesGroup  *group;
  GtkWidget            *apply;
  GPtrArray            *rows;       /* AdwActionRow, in the order of items */

  /* State */
  char                **available;  /* the default order */
  GArray               *items;      /* Item, in the order shown */
};

enum {
  APPLIED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* An AdwDialog where libadwaita has it (1.5), inside the window; a modal
 * window before. */
#if ISC_CUSTOMIZE_AS_DIALOG
G_DEFINE_FINAL_TYPE (IscCustomizeDialog, isc_customize_dialog, ADW_TYPE_DIALOG)
#else
G_DEFINE_FINAL_TYPE (IscCustomizeDialog, isc_customize_dialog, ADW_TYPE_WINDOW)
#endif

static void
item_clear (gpointer data)
{
  Item *item = data;

  g_free (item->name);
}

static void
append_item (IscCustomizeDialog *self,
             const char         *name,
             gboolean            shown)
{
  Item item = { g_strdup (name), shown };

  g_array_append_val (self->items, item);
}

static gboolean
has_item (IscCustomizeDialog *self,
          const char         *name)
{
  for (guint i = 0; i < self->items->len; i++)
    if (g_strcmp0 (g_array_index (self->items, Item, i).name, name) == 0)
      return TRUE;
  return FALSE;
}

static guint
item_group (IscCustomizeDialog *self,
            guint               index)
{
  return isc_catalogue_get_display_group (g_array_index (self->items, Item, index).name);
}

/* The charts in the one order the Charts page shows them (and an export
 * draws them): the catalogue's groups in turn, and within a group
 * @shown's names in its order, then the group's others, hidden (every
 * one shown, without @shown), in the default order. */
static void
set_items (IscCustomizeDialog *self,
           const char * const *shown)
{
  g_array_set_size (self->items, 0);

  for (guint group = 0; group <= ISC_METRIC_GROUP_OTHER; group++)
    {
      for (guint i = 0; shown != NULL && shown[i] != NULL; i++)
        if (isc_catalogue_get_display_group (shown[i]) == group &&
            g_strv_contains ((const char * const *) self->available, shown[i]) && !has_item (self, shown[i]))
          append_item (self, shown[i], TRUE);

      for (guint i = 0; self->available[i] != NULL; i++)
        if (isc_catalogue_get_display_group (self->available[i]) == group &&
            !has_item (self, self->available[i]))
          append_item (self, self->available[i], shown == NULL);
    }
}

/* A chart moves within its group only: the page shows the groups in the
 * catalogue's order, whatever the layout's. */
static gboolean
can_swap (IscCustomizeDialog *self,
          guint               a,
          guint               b)
{
  return a < self->items->len && b < self->items->len && item_group (self, a) == item_group (self, b);
}

static void
update_apply (IscCustomizeDialog *self)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->items->len && !any; i++)
    any = g_array_index (self->items, Item, i).shown;

  gtk_widget_set_sensitive (self->apply, any);
}

static void rebuild_rows (IscCustomizeDialog *self);

static guint
row_index (IscCustomizeDialog *self,
           GtkWidget          *child)
{
  GtkWidget *row = gtk_widget_get_ancestor (child, ADW_TYPE_ACTION_ROW);
  guint index;

  if (!g_ptr_array_find (self->rows, row, &index))
    g_return_val_if_reached (G_MAXUINT);
  return index;
}

/* The button of the same direction in the row's new place, or the other
 * one there when that end is reached, so the keyboard stays on it. */
static void
focus_moved (IscCustomizeDialog *self,
             guint               index,
             const char         *name)
{
  GtkWidget *row = g_ptr_array_index (self->rows, index);
  GtkWidget *button = g_object_get_data (G_OBJECT (row), name);

  if (!gtk_widget_get_sensitive (button))
    button = g_object_get_data (G_OBJECT (row), g_str_equal (name, "up") ? "down" : "up");
  gtk_widget_grab_focus (button);
}

static void
move (IscCustomizeDialog *self,
      guint               from,
      guint               to)
{
  Item item;

  if (!can_swap (self, from, to))
    return;

  item = g_array_index (self->items, Item, from);
  g_array_index (self->items, Item, from) = g_array_index (self->items, Item, to);
  g_array_index (self->items, Item, to) = item;
  rebuild_rows (self);
}

static void
up_clicked_cb (IscCustomizeDialog *self,
               GtkButton          *button)
{
  guint index = row_index (self, GTK_WIDGET (button));

  if (index == 0 || index == G_MAXUINT || !can_swap (self, index, index - 1))
    return;
  move (self, index, index - 1);
  focus_moved (self, index - 1, "up");
}

static void
down_clicked_cb (IscCustomizeDialog *self,
                 GtkButton          *button)
{
  guint index = row_index (self, GTK_WIDGET (button));

  if (index == G_MAXUINT || !can_swap (self, index, index + 1))
    return;
  move (self, index, index + 1);
  focus_moved (self, index + 1, "down");
}

static void
switch_active_cb (IscCustomizeDialog *self,
                  GParamSpec         *pspec,
                  GtkSwitch          *toggle)
{
  guint index = row_index (self, GTK_WIDGET (toggle));

  if (index == G_MAXUINT)
    return;
  g_array_index (self->items, Item, index).shown = gtk_switch_get_active (toggle);
  update_apply (self);
}

static GtkWidget *
move_button (const char *icon_name,
             const char *label,
             const char *title)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, title,
                                  -1);
  return button;
}

static GtkWidget *
create_row (IscCustomizeDialog *self,
            guint               index)
{
  const Item *item = &g_array_index (self->items, Item, index);
  const char *title = isc_catalogue_get_title (item->name);
  guint group = isc_catalogue_get_display_group (item->name);
  GtkWidget *row, *up, *down, *toggle;

  row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  /* The heading it is shown under, which it cannot leave. */
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               group == ISC_METRIC_GROUP_OTHER ? _("Other") : isc_metric_group_get_title (group));
  g_object_set_data_full (G_OBJECT (row), "metric", g_strdup (item->name), g_free);

  up = move_button ("go-up-symbolic", _("Move Up"), title);
  gtk_widget_set_sensitive (up, index > 0 && can_swap (self, index, index - 1));
  g_signal_connect_object (up, "clicked", G_CALLBACK (up_clicked_cb), self, G_CONNECT_SWAPPED);

  down = move_button ("go-down-symbolic", _("Move Down"), title);
  gtk_widget_set_sensitive (down, can_swap (self, index, index + 1));
  g_signal_connect_object (down, "clicked", G_CALLBACK (down_clicked_cb), self, G_CONNECT_SWAPPED);

  toggle = gtk_switch_new ();
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  gtk_switch_set_active (GTK_SWITCH (toggle), item->shown);
  g_signal_connect_object (toggle, "notify::active", G_CALLBACK (switch_active_cb), self, G_CONNECT_SWAPPED);

  adw_action_row_add_suffix (ADW_ACTION_ROW (row), up);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), down);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  /* Once: the row has just made the switch "labelled by" its title, which
   * GTK 4.8 reads after the name. */
  isc_accessible_set_name (toggle, title);

  g_object_set_data (G_OBJECT (row), "up", up);
  g_object_set_data (G_OBJECT (row), "down", down);

  return row;
}

static void
rebuild_rows (IscCustomizeDialog *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->group, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);

  for (guint i = 0; i < self->items->len; i++)
    {
      GtkWidget *row = create_row (self, i);

      adw_preferences_group_add (self->group, row);
      g_ptr_array_add (self->rows, row);
    }

  update_apply (self);
}

static void
cancel_clicked_cb (IscCustomizeDialog *self)
{
  isc_customize_dialog_close (self);
}

static void
apply_clicked_cb (IscCustomizeDialog *self)
{
  g_auto(GStrv) layout = isc_customize_dialog_dup_layout (self);

  if (layout[0] == NULL)
    return;

  g_signal_emit (self, signals[APPLIED], 0, layout);
  isc_customize_dialog_close (self);
}

static void
reset_clicked_cb (IscCustomizeDialog *self)
{
  set_items (self, NULL);
  rebuild_rows (self);
}

static void
isc_customize_dialog_finalize (GObject *object)
{
  IscCustomizeDialog *self = (IscCustomizeDialog *)object;

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->items, g_array_unref);
  g_clear_pointer (&self->available, g_strfreev);
  g_clear_weak_pointer (&self->parent);

  G_OBJECT_CLASS (isc_customize_dialog_parent_class)->finalize (object);
}

static void
isc_customize_dialog_class_init (IscCustomizeDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isc_customize_dialog_finalize;


  /* The metrics shown, in order (GStrv). */
  signals[APPLIED] =
    g_signal_new ("applied",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRV);

#if !ISC_CUSTOMIZE_AS_DIALOG
  /* An AdwDialog closes with Escape itself. */
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
#endif
}

static void
isc_customize_dialog_init (IscCustomizeDialog *self)
{
  GtkWidget *box, *header, *cancel, *page, *reset;

  self->rows = g_ptr_array_new ();
  self->items = g_array_new (FALSE, FALSE, sizeof (Item));
  g_array_set_clear_func (self->items, item_clear);

#if ISC_CUSTOMIZE_AS_DIALOG
  adw_dialog_set_title (ADW_DIALOG (self), _("Customize View"));
  adw_dialog_set_content_width (ADW_DIALOG (self), 480);
  adw_dialog_set_content_height (ADW_DIALOG (self), 640);
#else
  isc_accessible_init_dialog (GTK_WINDOW (self));
  gtk_window_set_title (GTK_WINDOW (self), _("Customize View"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 480, 640);
#endif

  header = adw_header_bar_new ();
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);

  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  isc_accessible_set_name_from_mnemonic (cancel, _("_Cancel"));
  g_signal_connect_object (cancel, "clicked", G_CALLBACK (cancel_clicked_cb), self, G_CONNECT_SWAPPED);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);

  self->apply = gtk_button_new_with_mnemonic (_("_Apply"));
  isc_accessible_set_name_from_mnemonic (self->apply, _("_Apply"));
  gtk_widget_add_css_class (self->apply, "suggested-action");
  g_signal_connect_object (self->apply, "clicked", G_CALLBACK (apply_clicked_cb), self, G_CONNECT_SWAPPED);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->apply);
#if ISC_CUSTOMIZE_AS_DIALOG
  adw_dialog_set_default_widget (ADW_DIALOG (self), self->apply);
#else
  gtk_window_set_default_widget (GTK_WINDOW (self), self->apply);
#endif

  reset = gtk_button_new_with_mnemonic (_("_Reset"));
  isc_accessible_set_name_from_mnemonic (reset, _("_Reset"));
  gtk_widget_set_valign (reset, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (reset, "flat");
  gtk_widget_set_tooltip_text (reset, _("Show every chart in the default order"));
  g_signal_connect_object (reset, "clicked", G_CALLBACK (reset_clicked_cb), self, G_CONNECT_SWAPPED);

  self->group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->group, _("Charts"));
  adw_preferences_group_set_description (self->group,
                                         _("The charts shown for this model, in order"));
  adw_preferences_group_set_header_suffix (self->group, reset);

  page = adw_preferences_page_new ();
  gtk_widget_set_vexpand (page, TRUE);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->group);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), page);
#if ISC_CUSTOMIZE_AS_DIALOG
  adw_dialog_set_child (ADW_DIALOG (self), box);
#else
  adw_window_set_content (ADW_WINDOW (self), box);
#endif
}

IscCustomizeDialog *
isc_customize_dialog_new (GtkWindow          *parent,
                          const char * const *available,
                          const char * const *shown)
{
  IscCustomizeDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (available != NULL, NULL);

  self = g_object_new (ISC_TYPE_CUSTOMIZE_DIALOG, NULL);
  g_set_weak_pointer (&self->parent, parent);
#if !ISC_CUSTOMIZE_AS_DIALOG
  gtk_window_set_transient_for (GTK_WINDOW (self), parent);
#endif
  self->available = g_strdupv ((char **) available);
  set_items (self, shown);
  rebuild_rows (self);

  return self;
}

char **
isc_customize_dialog_dup_layout (IscCustomizeDialog *self)
{
  g_autoptr(GStrvBuilder) builder = NULL;

  g_return_val_if_fail (ISC_IS_CUSTOMIZE_DIALOG (self), NULL);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->items->len; i++)
    {
      const Item *item = &g_array_index (self->items, Item, i);

      if (item->shown)
        g_strv_builder_add (builder, item->name);
    }

  return g_strv_builder_end (builder);
}

void
isc_customize_dialog_present (IscCustomizeDialog *self)
{
  g_return_if_fail (ISC_IS_CUSTOMIZE_DIALOG (self));

#if ISC_CUSTOMIZE_AS_DIALOG
  adw_dialog_present (ADW_DIALOG (self), GTK_WIDGET (self->parent));
#else
  gtk_window_present (GTK_WINDOW (self));
#endif
}

void
isc_customize_dialog_close (IscCustomizeDialog *self)
{
  g_return_if_fail (ISC_IS_CUSTOMIZE_DIALOG (self));

#if ISC_CUSTOMIZE_AS_DIALOG
  adw_dialog_close (ADW_DIALOG (self));
#else
  gtk_window_close (GTK_WINDOW (self));
#endif
}
