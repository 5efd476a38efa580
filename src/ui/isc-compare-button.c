/* isc-compare-button.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-compare-button"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-compare-button.h"

struct _IscCompareButton
{
  AdwBin          parent_instance;

  /* Widgets */
  GtkMenuButton  *button;
  GtkPopover     *popover;
  GtkListBox     *list;

  /* Owned references */
  IscView        *view;
  IscTargetList  *target_list;
  GSignalGroup   *view_signals;
};

enum {
  PROP_0,
  PROP_VIEW,
  PROP_TARGET_LIST,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IscCompareButton, isc_compare_button, ADW_TYPE_BIN)

static const struct
{
  gint64      shift_ms;
  const char *title;  /* N_() */
} shifts[] = {
  { 0,                   N_("None") },
  { ISC_VIEW_SHIFT_HOUR, N_("1 Hour Earlier") },
  { ISC_VIEW_SHIFT_DAY,  N_("1 Day Earlier") },
  { ISC_VIEW_SHIFT_WEEK, N_("Same Time Last Week") },
};

/* What a row chooses: its index into shifts, or its target (owned). */
#define ROW_SHIFT_KEY  "isc-compare-shift"
#define ROW_TARGET_KEY "isc-compare-target"

static gboolean
row_is_chosen (IscCompareButton *self,
               GtkListBoxRow    *row)
{
  const IscTarget *target = g_object_get_data (G_OBJECT (row), ROW_TARGET_KEY);

  if (self->view == NULL)
    return FALSE;
  if (target != NULL)
    return isc_target_equal (target, isc_view_get_compare_target (self->view));
  return isc_view_get_compare_target (self->view) == NULL &&
         isc_view_get_compare_shift (self->view) ==
           shifts[GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), ROW_SHIFT_KEY))].shift_ms;
}

static GtkWidget *
new_row (const char *title,
         const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  /* Names from Baseten: text, not markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), check);
  g_object_set_data (G_OBJECT (row), "isc-compare-check", check);
  return row;
}

static void
update_checks (IscCompareButton *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *check;

      if (!GTK_IS_LIST_BOX_ROW (child))
        continue;
      check = g_object_get_data (G_OBJECT (child), "isc-compare-check");
      if (check != NULL)
        gtk_widget_set_opacity (check, row_is_chosen (self, GTK_LIST_BOX_ROW (child)) ? 1.0 : 0.0);
    }
}

static void
rebuild_rows (IscCompareButton *self)
{
  const IscTarget *current = self->view != NULL ? isc_view_get_target (self->view) : NULL;
  GtkWidget *child;
  guint n;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);

  for (guint i = 0; i < G_N_ELEMENTS (shifts); i++)
    {
      GtkWidget *row = new_row (_(shifts[i].title), NULL);

      g_object_set_data (G_OBJECT (row), ROW_SHIFT_KEY, GUINT_TO_POINTER (i));
      gtk_list_box_append (self->list, row);
    }

  n = self->target_list != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->target_list)) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IscTargetItem) item = g_list_model_get_item (G_LIST_MODEL (self->target_list), i);
      const IscTarget *target;
      g_autofree char *title = NULL;
      GtkWidget *row;

      if (isc_target_item_get_kind (item) == ISC_TARGET_ITEM_MODEL)
        continue;
      target = isc_target_item_get_target (item);
      if (target == NULL || isc_target_equal (target, current))
        continue;
      title = isc_target_dup_display_title (target);
      row = new_row (title, isc_target_item_get_subtitle (item));
      g_object_set_data_full (G_OBJECT (row), ROW_TARGET_KEY, isc_target_copy (target),
                              (GDestroyNotify) isc_target_free);
      gtk_list_box_append (self->list, row);
    }

  update_checks (self);
}

/* Another target's rows come after a heading. */
static void
header_func (GtkListBoxRow *row,
             GtkListBoxRow *before,
             gpointer       user_data)
{
  GtkWidget *label;

  if (g_object_get_data (G_OBJECT (row), ROW_TARGET_KEY) == NULL ||
      (before != NULL && g_object_get_data (G_OBJECT (before), ROW_TARGET_KEY) != NULL))
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  label = gtk_label_new (_("Another Target"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 12);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_set_margin_start (label, 6);
  gtk_list_box_row_set_header (row, label);
}

static void
row_activated_cb (IscCompareButton *self,
                  GtkListBoxRow    *row,
                  GtkListBox       *list)
{
  const IscTarget *target = g_object_get_data (G_OBJECT (row), ROW_TARGET_KEY);

  if (self->view == NULL)
    return;
  if (target != NULL)
    isc_view_set_compare_target (self->view, target);
  else
    {
      guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), ROW_SHIFT_KEY));

      isc_view_set_compare_target (self->view, NULL);
      isc_view_set_compare_shift (self->view, shifts[i].shift_ms);
    }
  gtk_popover_popdown (self->popover);
}

/* The button says what is compared, in its tooltip and to a screen
 * reader, and is lit while something is. */
static void
update_button (IscCompareButton *self)
{
  g_autofree char *label = self->view != NULL ? isc_view_dup_compare_display_label (self->view) : NULL;
  g_autofree char *tooltip = NULL;

  if (label != NULL)
    /* Translators: the Compare button's tooltip, with what is compared:
     * "Compared with last week", "Compared with d7" */
    tooltip = g_strdup_printf (_("Compared with %s"), label);
  else
    tooltip = g_strdup (_("Compare"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->button), tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip,
                                  -1);
  if (label != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->button), "accent");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->button), "accent");
  update_checks (self);
}

static void
popover_show_cb (IscCompareButton *self)
{
  GtkListBoxRow *first;

  /* The list as it is now: discovery may have grown it. */
  rebuild_rows (self);
  first = gtk_list_box_get_row_at_index (self->list, 0);
  if (first != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (first));
}

static gboolean
open_shortcut_cb (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  IscCompareButton *self = ISC_COMPARE_BUTTON (widget);

  if (!gtk_widget_is_sensitive (GTK_WIDGET (self->button)) || !gtk_widget_get_mapped (widget))
    return FALSE;
  gtk_menu_button_popup (self->button);
  return TRUE;
}

static void
isc_compare_button_dispose (GObject *object)
{
  IscCompareButton *self = (IscCompareButton *)object;

  if (self->view_signals != NULL)
    g_signal_group_set_target (self->view_signals, NULL);
  g_clear_object (&self->view_signals);
  g_clear_object (&self->view);
  g_clear_object (&self->target_list);

  G_OBJECT_CLASS (isc_compare_button_parent_class)->dispose (object);
}

static void
isc_compare_button_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  IscCompareButton *self = ISC_COMPARE_BUTTON (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      g_value_set_object (value, self->view);
      break;

    case PROP_TARGET_LIST:
      g_value_set_object (value, self->target_list);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_compare_button_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  IscCompareButton *self = ISC_COMPARE_BUTTON (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      isc_compare_button_set_view (self, g_value_get_object (value));
      break;

    case PROP_TARGET_LIST:
      isc_compare_button_set_target_list (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_compare_button_class_init (IscCompareButtonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_compare_button_dispose;
  object_class->get_property = isc_compare_button_get_property;
  object_class->set_property = isc_compare_button_set_property;

  properties[PROP_VIEW] =
    g_param_spec_object ("view", NULL, NULL, ISC_TYPE_VIEW,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_TARGET_LIST] =
    g_param_spec_object ("target-list", NULL, NULL, ISC_TYPE_TARGET_LIST,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_compare_button_init (IscCompareButton *self)
{
  GtkWidget *scroller;
  GtkEventController *controller;
  GtkShortcut *shortcut;

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_header_func (self->list, header_func, NULL, NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Compare With"),
                                  -1);
  g_signal_connect_object (self->list, "row-activated", G_CALLBACK (row_activated_cb),
                           self, G_CONNECT_SWAPPED);

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 420);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scroller), 260);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));

  self->popover = GTK_POPOVER (gtk_popover_new ());
  gtk_popover_set_child (self->popover, scroller);
  g_signal_connect_object (self->popover, "show", G_CALLBACK (popover_show_cb), self, G_CONNECT_SWAPPED);

  self->button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_icon_name (self->button, "view-dual-symbolic");
  gtk_menu_button_set_popover (self->button, GTK_WIDGET (self->popover));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Compare"),
                                  -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->button), _("Compare"));
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->button));

  /* From anywhere in the window. */
  controller = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
  shortcut = gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control><Shift>k"),
                               gtk_callback_action_new (open_shortcut_cb, NULL, NULL));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  self->view_signals = g_signal_group_new (ISC_TYPE_VIEW);
  g_signal_group_connect_object (self->view_signals, "notify::compare-target",
                                 G_CALLBACK (update_button), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->view_signals, "notify::compare-shift-ms",
                                 G_CALLBACK (update_button), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->view_signals, "notify::target",
                                 G_CALLBACK (update_button), self, G_CONNECT_SWAPPED);
}

GtkWidget *
isc_compare_button_new (void)
{
  return g_object_new (ISC_TYPE_COMPARE_BUTTON, NULL);
}

IscView *
isc_compare_button_get_view (IscCompareButton *self)
{
  g_return_val_if_fail (ISC_IS_COMPARE_BUTTON (self), NULL);
  return self->view;
}

void
isc_compare_button_set_view (IscCompareButton *self,
                             IscView          *view)
{
  g_return_if_fail (ISC_IS_COMPARE_BUTTON (self));
  g_return_if_fail (view == NULL || ISC_IS_VIEW (view));

  if (!g_set_object (&self->view, view))
    return;
  g_signal_group_set_target (self->view_signals, view);
  update_button (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
}

IscTargetList *
isc_compare_button_get_target_list (IscCompareButton *self)
{
  g_return_val_if_fail (ISC_IS_COMPARE_BUTTON (self), NULL);
  return self->target_list;
}

void
isc_compare_button_set_target_list (IscCompareButton *self,
                                    IscTargetList    *list)
{
  g_return_if_fail (ISC_IS_COMPARE_BUTTON (self));
  g_return_if_fail (list == NULL || ISC_IS_TARGET_LIST (list));

  if (!g_set_object (&self->target_list, list))
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET_LIST]);
}

GtkListBox *
isc_compare_button_get_list (IscCompareButton *self)
{
  g_return_val_if_fail (ISC_IS_COMPARE_BUTTON (self), NULL);
  rebuild_rows (self);
  return self->list;
}

GtkMenuButton *
isc_compare_button_get_menu_button (IscCompareButton *self)
{
  g_return_val_if_fail (ISC_IS_COMPARE_BUTTON (self), NULL);
  return self->button;
}
