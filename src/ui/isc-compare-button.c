/* isc-compare-button.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-compare-button"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-compare-button.h"
#include "isc-text.h"

struct _IscCompareButton
{
  AdwBin             parent_instance;

  /* Widgets */
  GtkMenuButton     *button;
  GtkPopover        *popover;
  GtkSearchEntry    *filter_entry;
  GtkListView       *list;

  /* Owned references */
  IscView           *view;
  IscTargetList     *target_list;
  GSignalGroup      *view_signals;
  GListStore        *heading;        /* "Another Target", while there is one */
  GtkFilterListModel *targets;       /* the target list, filtered */
  GListStore        *more;           /* "N more…", past the targets shown */
  GtkCustomFilter   *filter;
  GPtrArray         *rows;           /* the row widgets bound now */
  char              *filter_folded;  /* NULL: no filter text */
  /* The targets follow the target list from the first opening on: until
   * then nothing is filtered and no row is made for them. */
  gboolean           opened;
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

/* The targets listed at most: more is for the filter to find. A list
 * view makes rows ahead of what is in sight (200 in GTK 4.8), and a list
 * of thousands of targets is no help to scroll through anyway. */
#define MAX_TARGET_ROWS 50

/* What a shift item chooses: its index into shifts, plus one. */
#define ITEM_SHIFT_KEY   "isc-compare-shift"
/* The note under the targets shown, when there are more. */
#define ITEM_NOTE_KEY    "isc-compare-note"
/* A row's item, its check mark and its labels. */
#define ROW_ITEM_KEY     "isc-compare-item"
#define ROW_CHECK_KEY    "isc-compare-check"
#define ROW_TITLE_KEY    "isc-compare-title"
#define ROW_SUBTITLE_KEY "isc-compare-subtitle"

static gboolean
item_is_heading (gpointer item)
{
  return GTK_IS_STRING_OBJECT (item) && g_object_get_data (G_OBJECT (item), ITEM_SHIFT_KEY) == NULL;
}

static gboolean
item_is_chosen (IscCompareButton *self,
                gpointer          item)
{
  guint shift;

  if (self->view == NULL)
    return FALSE;
  if (ISC_IS_TARGET_ITEM (item))
    return isc_target_equal (isc_target_item_get_target (item), isc_view_get_compare_target (self->view));

  shift = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (item), ITEM_SHIFT_KEY));
  return shift > 0 &&
         isc_view_get_compare_target (self->view) == NULL &&
         isc_view_get_compare_shift (self->view) == shifts[shift - 1].shift_ms;
}

static void
update_row_check (IscCompareButton *self,
                  GtkWidget        *row)
{
  GtkWidget *check = g_object_get_data (G_OBJECT (row), ROW_CHECK_KEY);
  gpointer item = g_object_get_data (G_OBJECT (row), ROW_ITEM_KEY);

  gtk_widget_set_opacity (check, item != NULL && item_is_chosen (self, item) ? 1.0 : 0.0);
}

static void
update_checks (IscCompareButton *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    update_row_check (self, g_ptr_array_index (self->rows, i));
}

/* Rows: a title and a smaller subtitle over each other, then the check
 * mark. The title wraps between words only, never inside one. */
static GtkWidget *
new_row_label (gboolean wrap)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  if (wrap)
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
      gtk_label_set_natural_wrap_mode (GTK_LABEL (label), GTK_NATURAL_WRAP_WORD);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
    }
  else
    /* A status word or a deployment's name: one line, cheap to measure
     * for the rows the list makes ahead. */
    gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);

  return label;
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              IscCompareButton         *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = new_row_label (TRUE);
  GtkWidget *subtitle = new_row_label (FALSE);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_widget_set_valign (labels, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (labels), title);
  gtk_box_append (GTK_BOX (labels), subtitle);
  gtk_box_append (GTK_BOX (row), labels);
  gtk_box_append (GTK_BOX (row), check);
  gtk_widget_add_css_class (row, "compare-row");

  g_object_set_data (G_OBJECT (row), ROW_TITLE_KEY, title);
  g_object_set_data (G_OBJECT (row), ROW_SUBTITLE_KEY, subtitle);
  g_object_set_data (G_OBJECT (row), ROW_CHECK_KEY, check);
  gtk_list_item_set_child (list_item, row);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             IscCompareButton         *self)
{
  gpointer item = gtk_list_item_get_item (list_item);
  GtkWidget *row = gtk_list_item_get_child (list_item);
  GtkWidget *title = g_object_get_data (G_OBJECT (row), ROW_TITLE_KEY);
  GtkWidget *subtitle = g_object_get_data (G_OBJECT (row), ROW_SUBTITLE_KEY);
  GtkWidget *check = g_object_get_data (G_OBJECT (row), ROW_CHECK_KEY);
  g_autofree char *title_text = NULL;
  const char *subtitle_text = NULL;
  gboolean heading = item_is_heading (item);
  gboolean note = heading && g_object_get_data (G_OBJECT (item), ITEM_NOTE_KEY) != NULL;

  if (ISC_IS_TARGET_ITEM (item))
    {
      title_text = isc_target_dup_display_title (isc_target_item_get_target (item));
      subtitle_text = isc_target_item_get_subtitle (item);
    }
  else
    title_text = g_strdup (gtk_string_object_get_string (item));

  /* Names from the server are text, never markup. */
  gtk_label_set_text (GTK_LABEL (title), title_text);
  gtk_label_set_text (GTK_LABEL (subtitle), subtitle_text != NULL ? subtitle_text : "");
  gtk_widget_set_visible (subtitle, subtitle_text != NULL && *subtitle_text != '\0');
  gtk_widget_set_visible (check, !heading);
  if (heading && !note)
    gtk_widget_add_css_class (title, "heading");
  else
    gtk_widget_remove_css_class (title, "heading");
  if (note)
    gtk_widget_add_css_class (title, "dim-label");
  else
    gtk_widget_remove_css_class (title, "dim-label");
  gtk_widget_set_margin_top (row, heading && !note ? 12 : 0);
  gtk_list_item_set_activatable (list_item, !heading);
  gtk_list_item_set_selectable (list_item, FALSE);

  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title_text,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  subtitle_text != NULL ? subtitle_text : "",
                                  -1);

  g_object_set_data (G_OBJECT (row), ROW_ITEM_KEY, item);
  g_ptr_array_add (self->rows, row);
  update_row_check (self, row);
}

static void
unbind_row_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               IscCompareButton         *self)
{
  GtkWidget *row = gtk_list_item_get_child (list_item);

  g_object_set_data (G_OBJECT (row), ROW_ITEM_KEY, NULL);
  g_ptr_array_remove_fast (self->rows, row);
}

/* Another target: not the one shown, and matching the filter text by its
 * model's name or its own. */
static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  IscCompareButton *self = user_data;
  const IscTarget *target = isc_target_item_get_target (item);
  const IscTarget *current = self->view != NULL ? isc_view_get_target (self->view) : NULL;

  if (target == NULL || isc_target_equal (target, current))
    return FALSE;
  if (self->filter_folded == NULL)
    return TRUE;

  return isc_text_contains_folded (target->model_name, self->filter_folded) ||
         isc_text_contains_folded (target->name, self->filter_folded) ||
         isc_text_contains_folded (target->id, self->filter_folded);
}

/* Under the targets shown, how many more the filter can find. */
static void
update_more (IscCompareButton *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->targets));
  g_autoptr(GtkStringObject) note = NULL;
  g_autofree char *text = NULL;

  if (n <= MAX_TARGET_ROWS)
    {
      if (g_list_model_get_n_items (G_LIST_MODEL (self->more)) > 0)
        g_list_store_remove_all (self->more);
      return;
    }

  text = g_strdup_printf (ngettext ("%u more target: type a name to find it",
                                    "%u more targets: type a name to find them",
                                    n - MAX_TARGET_ROWS),
                          n - MAX_TARGET_ROWS);
  if (g_list_model_get_n_items (G_LIST_MODEL (self->more)) > 0)
    {
      g_autoptr(GtkStringObject) shown = g_list_model_get_item (G_LIST_MODEL (self->more), 0);

      if (g_str_equal (gtk_string_object_get_string (shown), text))
        return;
    }

  note = gtk_string_object_new (text);
  g_object_set_data (G_OBJECT (note), ITEM_NOTE_KEY, GINT_TO_POINTER (TRUE));
  g_list_store_splice (self->more, 0, g_list_model_get_n_items (G_LIST_MODEL (self->more)),
                       (gpointer *) &note, 1);
}

/* The heading shows while there is another target to offer. */
static void
update_heading (IscCompareButton *self)
{
  gboolean any = g_list_model_get_n_items (G_LIST_MODEL (self->targets)) > 0;
  gboolean shown = g_list_model_get_n_items (G_LIST_MODEL (self->heading)) > 0;

  if (any && !shown)
    {
      g_autoptr(GtkStringObject) heading = gtk_string_object_new (_("Another Target"));

      g_list_store_append (self->heading, heading);
    }
  else if (!any && shown)
    g_list_store_remove_all (self->heading);

  update_more (self);
}

/* Models whose names match are asked for their targets: a large account
 * lists them only when needed. A few at a time. */
#define MAX_FETCHED_FOR_FILTER 20

static void
fetch_matching_models (IscCompareButton *self)
{
  guint n, asked = 0;

  if (self->target_list == NULL || self->filter_folded == NULL)
    return;

  n = g_list_model_get_n_items (G_LIST_MODEL (self->target_list));
  for (guint i = 0; i < n && asked < MAX_FETCHED_FOR_FILTER; i++)
    {
      g_autoptr(IscTargetItem) item = g_list_model_get_item (G_LIST_MODEL (self->target_list), i);
      const char *model_id = isc_target_item_get_model_id (item);

      if (isc_target_item_get_kind (item) != ISC_TARGET_ITEM_MODEL ||
          isc_target_list_get_model_listed (self->target_list, model_id) ||
          !(isc_text_contains_folded (isc_target_item_get_title (item), self->filter_folded) ||
            isc_text_contains_folded (model_id, self->filter_folded)))
        continue;

      isc_target_list_fetch_model (self->target_list, model_id, FALSE);
      asked++;
    }
}

static void
filter_changed_cb (IscCompareButton *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->filter_entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  g_clear_pointer (&self->filter_folded, g_free);
  if (*stripped != '\0')
    self->filter_folded = g_utf8_casefold (stripped, -1);

  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  fetch_matching_models (self);
}

static void
row_activated_cb (IscCompareButton *self,
                  guint             position,
                  GtkListView      *list)
{
  g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (gtk_list_view_get_model (list)), position);

  if (self->view == NULL || item == NULL || item_is_heading (item))
    return;

  if (ISC_IS_TARGET_ITEM (item))
    isc_view_set_compare_target (self->view, isc_target_item_get_target (ISC_TARGET_ITEM (item)));
  else
    {
      guint shift = GPOINTER_TO_UINT (g_object_get_data (item, ITEM_SHIFT_KEY));

      isc_view_set_compare_target (self->view, NULL);
      isc_view_set_compare_shift (self->view, shifts[shift - 1].shift_ms);
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
  /* GTK 4.8 asks the X server where the pointer is at every new tooltip,
   * and arms a tooltip timer on the surface found: only when it changes. */
  if (g_strcmp0 (gtk_widget_get_tooltip_text (GTK_WIDGET (self->button)), tooltip) != 0)
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
view_target_changed_cb (IscCompareButton *self)
{
  /* The target shown is not offered. */
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_button (self);
}

static void
popover_show_cb (IscCompareButton *self)
{
  /* Nothing to build: the list follows the target list, and makes rows
   * only for what is in sight. */
  if (!self->opened)
    {
      self->opened = TRUE;
      gtk_filter_list_model_set_model (self->targets, G_LIST_MODEL (self->target_list));
    }
  gtk_editable_set_text (GTK_EDITABLE (self->filter_entry), "");
  gtk_widget_grab_focus (GTK_WIDGET (self->list));
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
  /* The list view lets go of its rows first: they must not change under
   * a list view being taken apart. */
  if (self->list != NULL)
    gtk_list_view_set_model (self->list, NULL);
  self->list = NULL;
  if (self->targets != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->targets, self);
      gtk_filter_list_model_set_model (self->targets, NULL);
    }
  g_clear_object (&self->view);
  g_clear_object (&self->target_list);

  G_OBJECT_CLASS (isc_compare_button_parent_class)->dispose (object);
}

static void
isc_compare_button_finalize (GObject *object)
{
  IscCompareButton *self = (IscCompareButton *)object;

  g_clear_object (&self->heading);
  g_clear_object (&self->more);
  g_clear_object (&self->targets);
  g_clear_object (&self->filter);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->filter_folded, g_free);

  G_OBJECT_CLASS (isc_compare_button_parent_class)->finalize (object);
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
  object_class->finalize = isc_compare_button_finalize;
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

/* The rows: the shifts, then "Another Target" and the other targets,
 * filtered, the first MAX_TARGET_ROWS of them, then how many more; each
 * row made only while it is in sight. */
static GListModel *
create_rows_model (IscCompareButton *self)
{
  g_autoptr(GListStore) shift_items = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  g_autoptr(GtkSliceListModel) shown_targets = NULL;
  GListStore *parts = g_list_store_new (G_TYPE_LIST_MODEL);

  for (guint i = 0; i < G_N_ELEMENTS (shifts); i++)
    {
      g_autoptr(GtkStringObject) item = gtk_string_object_new (_(shifts[i].title));

      g_object_set_data (G_OBJECT (item), ITEM_SHIFT_KEY, GUINT_TO_POINTER (i + 1));
      g_list_store_append (shift_items, item);
    }

  self->heading = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->targets = gtk_filter_list_model_new (NULL, g_object_ref (GTK_FILTER (self->filter)));


  self->more = g_list_store_new (GTK_TYPE_STRING_OBJECT);
  shown_targets = gtk_slice_list_model_new (g_object_ref (G_LIST_MODEL (self->targets)), 0, MAX_TARGET_ROWS);

  g_list_store_append (parts, shift_items);
  g_list_store_append (parts, self->heading);
  g_list_store_append (parts, shown_targets);
  g_list_store_append (parts, self->more);

  /* After the slice and the flattened list have followed the change:
   * a heading or a note added while they have not would be counted
   * wrong. */
  g_signal_connect_object (self->targets, "items-changed",
                           G_CALLBACK (update_heading), self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  return G_LIST_MODEL (gtk_flatten_list_model_new (G_LIST_MODEL (parts)));
}

static void
isc_compare_button_init (IscCompareButton *self)
{
  GtkWidget *box;
  GtkWidget *scroller;
  GtkListItemFactory *factory;
  GtkEventController *controller;
  GtkShortcut *shortcut;

  self->rows = g_ptr_array_new ();

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_object (factory, "setup", G_CALLBACK (setup_row_cb), self, 0);
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_row_cb), self, 0);
  g_signal_connect_object (factory, "unbind", G_CALLBACK (unbind_row_cb), self, 0);

  self->list = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (create_rows_model (self))),
                                                 factory));
  gtk_list_view_set_single_click_activate (self->list, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Compare With"),
                                  -1);
  g_signal_connect_object (self->list, "activate", G_CALLBACK (row_activated_cb),
                           self, G_CONNECT_SWAPPED);

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 420);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));

  self->filter_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  g_object_set (self->filter_entry, "placeholder-text", _("Filter Targets"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->filter_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Filter Targets"),
                                  -1);
  /* Typing over the list filters it. */
  gtk_search_entry_set_key_capture_widget (self->filter_entry, GTK_WIDGET (self->list));
  g_signal_connect_object (self->filter_entry, "search-changed",
                           G_CALLBACK (filter_changed_cb), self, G_CONNECT_SWAPPED);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  /* Wide enough for "Same Time Last Week" and a model's name with its
   * environment on one line each (a scrolled window without a horizontal
   * scrollbar takes its child's width, whatever its minimum content width
   * says). */
  gtk_widget_set_size_request (box, 320, -1);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->filter_entry));
  gtk_box_append (GTK_BOX (box), scroller);

  self->popover = GTK_POPOVER (gtk_popover_new ());
  gtk_popover_set_child (self->popover, box);
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
                                 G_CALLBACK (view_target_changed_cb), self, G_CONNECT_SWAPPED);
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
  view_target_changed_cb (self);
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
  if (self->opened)
    gtk_filter_list_model_set_model (self->targets, G_LIST_MODEL (list));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET_LIST]);
}

GtkListView *
isc_compare_button_get_list (IscCompareButton *self)
{
  g_return_val_if_fail (ISC_IS_COMPARE_BUTTON (self), NULL);
  return self->list;
}

GtkEditable *
isc_compare_button_get_filter_entry (IscCompareButton *self)
{
  g_return_val_if_fail (ISC_IS_COMPARE_BUTTON (self), NULL);
  return GTK_EDITABLE (self->filter_entry);
}

GtkMenuButton *
isc_compare_button_get_menu_button (IscCompareButton *self)
{
  g_return_val_if_fail (ISC_IS_COMPARE_BUTTON (self), NULL);
  return self->button;
}
