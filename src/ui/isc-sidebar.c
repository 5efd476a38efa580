/* isc-sidebar.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-sidebar"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-diagnosis.h"
#include "isc-model-apis.h"
#include "isc-sidebar.h"
#include "isc-spinner.h"
#include "isc-target-item.h"
#include "isc-text.h"

struct _IscSidebar
{
  AdwBin          parent_instance;

  /* Widgets */
  GtkSearchBar   *search_bar;
  GtkSearchEntry *search_entry;
  GtkListView    *list_view;
  GtkWidget      *scrolled;
  GtkWidget      *states;
  GtkLabel       *empty_label;
  GtkWidget      *spinner;
  GtkWidget      *error_box;
  GtkLabel       *error_label;

  /* Owned references */
  IscTargetList  *target_list;
  GSignalGroup   *list_signals;
  GListStore     *models;        /* the Overview row's model, then target_list */
  GListStore     *overview_rows; /* the Overview row, then the Usage row */
  GObject        *usage_item;    /* the Usage row's item */
  GObject        *model_apis_heading; /* the Model APIs section's heading */
  GObject        *model_apis_item; /* its "All Model APIs" row's item */
  GPtrArray      *model_api_items; /* a row's item per added Model API */
  GListModel     *rows;          /* the two, flattened: what the list view shows */
  GtkSingleSelection *selection; /* over rows */
  IscTarget      *selected_target;
  /* The Overview row is the one selected (no target is). */
  gboolean        overview_selected;
  /* With overview_selected: the Usage row is, not the Overview row. */
  gboolean        usage_selected;
  /* With overview_selected: a row of the Model APIs section is; which
   * one by model_api, the API's name (NULL for All Model APIs). */
  gboolean        model_apis_selected;
  char           *model_api;

  /* Nonzero while code (not a person) changes the selection. */
  guint           selecting;
  /* A person's selection just emitted ::target-activated; the activation
   * that follows it in the same click must not emit it again. */
  gboolean        just_selected;
  guint           just_selected_id;
  /* The rows bound now, and the idle that asks discovery for the targets
   * of the models of those in sight. */
  GHashTable     *bound_rows;
  gboolean        fetch_pending;
  GdkFrameClock  *frame_clock;
  gulong          after_paint_id;
};

enum {
  PROP_0,
  PROP_TARGET_LIST,
  PROP_SELECTED_TARGET,
  N_PROPS
};

enum {
  TARGET_ACTIVATED,
  RELOAD_REQUESTED,
  ADD_REQUESTED,
  OVERVIEW_ACTIVATED,
  USAGE_ACTIVATED,
  MODEL_APIS_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (IscSidebar, isc_sidebar, ADW_TYPE_BIN)

/* Where a row keeps the item it shows (the Overview row's is a plain
 * GObject), its list item and its widgets. */
static GQuark item_quark;
static GQuark list_item_quark;
static GQuark dot_quark;
static GQuark title_quark;
static GQuark subtitle_quark;

static gpointer
row_get_object (GtkWidget *row)
{
  return row != NULL ? g_object_get_qdata (G_OBJECT (row), item_quark) : NULL;
}

static gboolean
object_is_overview (gpointer object)
{
  return object != NULL && !ISC_IS_TARGET_ITEM (object);
}

/* The Usage row is one of the rows above the targets too. */
static gboolean
object_is_usage (gpointer object)
{
  return object_is_overview (object) && g_object_get_data (object, "isc-sidebar-usage") != NULL;
}

/* "All Model APIs" and a row per API: each shows the Model APIs page. */
static gboolean
object_is_model_apis (gpointer object)
{
  return object_is_overview (object) && g_object_get_data (object, "isc-sidebar-model-apis") != NULL;
}

/* The section's heading: it names the section, choosing it shows nothing. */
static gboolean
object_is_model_apis_heading (gpointer object)
{
  return object_is_overview (object) && g_object_get_data (object, "isc-sidebar-model-apis-heading") != NULL;
}

/* The API a row of the section shows, NULL for "All Model APIs". */
static const char *
model_api_of (gpointer object)
{
  return g_object_get_data (object, "isc-sidebar-model-api");
}

/* The rows above the targets: Overview, and Usage unless hidden. */
static guint
n_fixed_rows (IscSidebar *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->overview_rows));
}

/* Green serves, red is broken, grey is everything in between or asleep;
 * the colours are the theme's. */
static const char *
status_css_class (IscTargetItem *item)
{
  switch (isc_target_item_get_status (item))
    {
    case ISC_DEPLOYMENT_STATUS_DEPLOY_FAILED:
    case ISC_DEPLOYMENT_STATUS_BUILD_FAILED:
    case ISC_DEPLOYMENT_STATUS_FAILED:
    case ISC_DEPLOYMENT_STATUS_UNHEALTHY:
      return "error";

    case ISC_DEPLOYMENT_STATUS_UNKNOWN:
    case ISC_DEPLOYMENT_STATUS_BUILDING:
    case ISC_DEPLOYMENT_STATUS_DEPLOYING:
    case ISC_DEPLOYMENT_STATUS_LOADING_MODEL:
    case ISC_DEPLOYMENT_STATUS_ACTIVE:
    case ISC_DEPLOYMENT_STATUS_BUILD_STOPPED:
    case ISC_DEPLOYMENT_STATUS_DEACTIVATING:
    case ISC_DEPLOYMENT_STATUS_INACTIVE:
    case ISC_DEPLOYMENT_STATUS_UPDATING:
    case ISC_DEPLOYMENT_STATUS_SCALED_TO_ZERO:
    case ISC_DEPLOYMENT_STATUS_WAKING_UP:
    default:
      return isc_target_item_get_is_active (item) ? "success" : "dim-label";
    }
}

/* An environment's current deployment, as the item says it but without
 * the status: the dot beside it shows that, and the narrow sidebar has no
 * room for both. */
static const char *
row_subtitle (IscTargetItem *item)
{
  IscEnvironment *environment = isc_target_item_get_environment (item);

  if (isc_target_item_get_kind (item) == ISC_TARGET_ITEM_ENVIRONMENT &&
      environment != NULL && environment->current_deployment != NULL)
    {
      IscDeployment *current = environment->current_deployment;

      return current->name != NULL && *current->name != '\0' ? current->name : current->id;
    }

  return isc_target_item_get_subtitle (item);
}

/* The row's words as they show: names from Baseten as
 * isc_text_display_name() shows them, on one line each. */
static char *
dup_shown_title (IscTargetItem *item)
{
  const IscTarget *target = isc_target_item_get_target (item);

  /* A model's heading has no target: a blank name shows the model's id. */
  return isc_text_display_name (isc_target_item_get_title (item),
                                target != NULL ? target->id : isc_target_item_get_model_id (item));
}

static char *
dup_shown_subtitle (IscTargetItem *item)
{
  IscEnvironment *environment = isc_target_item_get_environment (item);

  if (isc_target_item_get_kind (item) == ISC_TARGET_ITEM_ENVIRONMENT &&
      environment != NULL && environment->current_deployment != NULL)
    {
      /* As the item's subtitle, without the status: the dot shows it;
       * but a promotion in progress is said: "v2 · Promotion paused". */
      g_autofree char *name = isc_text_display_name (row_subtitle (item), environment->current_deployment->id);
      const char *promotion = isc_promotion_status_get_title (environment->promotion);

      if (promotion != NULL)
        return g_strdup_printf (_("%s · %s"), name, promotion);
      return g_steal_pointer (&name);
    }

  return g_strdup (row_subtitle (item));
}

/* What a screen reader says for the row: everything the row shows, and
 * the status the dot shows only in colour: "production, v8, Active". */
static char *
describe_item (IscTargetItem *item)
{
  g_autofree char *title = dup_shown_title (item);
  g_autofree char *shown_subtitle = NULL;
  const char *subtitle = isc_target_item_get_subtitle (item);
  const char *status = NULL;
  /* The names as the row shows them: an override or a zero-width space
   * is said, not obeyed. */
  GString *text = g_string_new (title);

  /* Only what discovery said has a status; a target added by id has
   * none to tell. */
  if (isc_target_item_get_deployment (item) != NULL ||
      isc_target_item_get_environment (item) != NULL)
    status = isc_deployment_status_get_title (isc_target_item_get_status (item));

  switch (isc_target_item_get_kind (item))
    {
    case ISC_TARGET_ITEM_ENVIRONMENT:
      /* The deployment alone: the status follows. */
      shown_subtitle = dup_shown_subtitle (item);
      subtitle = shown_subtitle;
      G_GNUC_FALLTHROUGH;

    case ISC_TARGET_ITEM_MODEL:
      if (subtitle != NULL && *subtitle != '\0')
        /* Translators: the parts of a sidebar row's accessible label, as
         * in "production, v8, Active" */
        g_string_append_printf (text, _(", %s"), subtitle);
      break;

    case ISC_TARGET_ITEM_DEPLOYMENT:
    default:
      /* The subtitle is the status word, or nothing when active: say it
       * either way, below. */
      break;
    }

  if (status != NULL && *status != '\0')
    g_string_append_printf (text, _(", %s"), status);

  return g_string_free (text, FALSE);
}

static GtkWidget *
new_label (gboolean expand)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), expand ? 0.0f : 1.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, expand);

  return label;
}

static void emit_activated (IscSidebar *self,
                            gpointer    object);

/* A click on the row already selected: a collapsed window shows the
 * content again. Whether it was selected is read on press, before the
 * list selects it. */
static void
on_row_pressed (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                IscSidebar      *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GtkListItem *list_item = g_object_get_qdata (G_OBJECT (row), list_item_quark);

  g_object_set_data (G_OBJECT (gesture), "isc-was-selected",
                     GINT_TO_POINTER (list_item != NULL && gtk_list_item_get_selected (list_item)));
}

static void
on_row_released (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 IscSidebar      *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (gesture), "isc-was-selected")) &&
      !self->just_selected)
    emit_activated (self, row_get_object (row));
}

/* Rows are made for what is in sight only and used again for other items
 * as the list scrolls: bind sets everything a row shows. */
static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           IscSidebar               *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *dot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *title = new_label (TRUE);
  GtkWidget *subtitle = new_label (FALSE);
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_widget_set_valign (dot, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (dot, "sidebar-status-dot");
  gtk_box_append (GTK_BOX (row), dot);
  gtk_box_append (GTK_BOX (row), title);
  gtk_box_append (GTK_BOX (row), subtitle);

  g_object_set_qdata (G_OBJECT (row), list_item_quark, list_item);
  g_object_set_qdata (G_OBJECT (row), dot_quark, dot);
  g_object_set_qdata (G_OBJECT (row), title_quark, title);
  g_object_set_qdata (G_OBJECT (row), subtitle_quark, subtitle);

  g_signal_connect_object (click, "pressed", G_CALLBACK (on_row_pressed), self, 0);
  g_signal_connect_object (click, "released", G_CALLBACK (on_row_released), self, 0);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (click));

  gtk_list_item_set_child (list_item, row);
}

/* The list makes rows ahead of what is in sight (200 in GTK 4.8): only
 * the models of rows a person can see are asked for their targets. */
static void
fetch_in_sight (IscSidebar *self)
{
  GHashTableIter iter;
  gpointer row;
  int height;

  if (!self->fetch_pending)
    return;
  self->fetch_pending = FALSE;
  if (self->target_list == NULL || self->scrolled == NULL)
    return;

  height = gtk_widget_get_height (self->scrolled);
  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    {
      gpointer object = row_get_object (row);
      graphene_rect_t bounds;

      if (object == NULL || object_is_overview (object) ||
          !gtk_widget_get_mapped (row) ||
          !gtk_widget_compute_bounds (row, self->scrolled, &bounds) ||
          bounds.origin.y + bounds.size.height < 0 || bounds.origin.y > height)
        continue;

      isc_target_list_fetch_model (self->target_list, isc_target_item_get_model_id (object), FALSE);
    }
}

/* After the next frame's layout, which places the rows: a row bound a
 * moment ago may still have another item's place. A bound row or a
 * scroll always brings a frame. */
static void
queue_fetch_in_sight (IscSidebar *self)
{
  self->fetch_pending = TRUE;
}

static void
on_map (IscSidebar *self)
{
  self->frame_clock = g_object_ref (gtk_widget_get_frame_clock (GTK_WIDGET (self)));
  self->after_paint_id = g_signal_connect_swapped (self->frame_clock, "after-paint",
                                                   G_CALLBACK (fetch_in_sight), self);
  queue_fetch_in_sight (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_unmap (IscSidebar *self)
{
  if (self->frame_clock != NULL)
    g_clear_signal_handler (&self->after_paint_id, self->frame_clock);
  g_clear_object (&self->frame_clock);
}

/* GTK 4.8 asks the display where the pointer is (a round trip to the X
 * server) on every gtk_widget_set_tooltip_text(), even to set what is
 * already set: rows bound by the hundred set theirs only when it
 * changes. */
static void
set_row_tooltip (GtkWidget  *row,
                 const char *text)
{
  if (text != NULL && *text == '\0')
    text = NULL;
  if (g_strcmp0 (gtk_widget_get_tooltip_text (row), text) != 0)
    gtk_widget_set_tooltip_text (row, text);
}

static void
bind_overview_row (GtkListItem *list_item,
                   GtkWidget   *row,
                   GtkWidget   *title)
{
  gtk_label_set_text (GTK_LABEL (title), _("Overview"));
  set_row_tooltip (row, _("Every environment and active deployment at a glance"));
  gtk_widget_add_css_class (row, "sidebar-overview");
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Overview"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Every environment and active deployment at a glance"),
                                  -1);
}

static void
bind_usage_row (GtkListItem *list_item,
                GtkWidget   *row,
                GtkWidget   *title)
{
  gtk_label_set_text (GTK_LABEL (title), _("Usage"));
  set_row_tooltip (row, _("What the workspace spent each day, by deployment"));
  gtk_widget_add_css_class (row, "sidebar-overview");
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Usage"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("What the workspace spent each day, by deployment"),
                                  -1);
}

static void
bind_model_apis_heading (GtkListItem *list_item,
                         GtkWidget   *row,
                         GtkWidget   *title)
{
  /* A heading, as a model's: choosing it shows nothing. */
  gtk_label_set_text (GTK_LABEL (title), _("Model APIs"));
  gtk_widget_add_css_class (title, "heading");
  gtk_list_item_set_activatable (list_item, FALSE);
  gtk_list_item_set_selectable (list_item, FALSE);
  gtk_widget_add_css_class (row, "sidebar-model");
  set_row_tooltip (row, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Model APIs"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "",
                                  -1);
}

static void
bind_model_apis_row (GtkListItem *list_item,
                     GtkWidget   *row,
                     GtkWidget   *title,
                     gpointer     object)
{
  const char *name = model_api_of (object);
  g_autofree char *shown = NULL;

  /* Under the section's heading, as a model's targets. */
  gtk_widget_set_margin_start (row, 12);
  gtk_widget_add_css_class (row, "sidebar-target");
  if (name == NULL)
    {
      gtk_label_set_text (GTK_LABEL (title), _("All Model APIs"));
      set_row_tooltip (row, _("Tokens and requests of the workspace's Model APIs"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("All Model APIs"),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      _("Tokens and requests of the workspace's Model APIs"),
                                      -1);
      return;
    }

  /* A name from the server: text, never markup, shown as every name is
   * (isolated, its controls said, never empty). */
  shown = isc_text_display_name (g_object_get_data (object, "isc-sidebar-model-api-title"), name);
  gtk_label_set_text (GTK_LABEL (title), shown);
  set_row_tooltip (row, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, shown,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Model API"),
                                  -1);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          IscSidebar               *self)
{
  gpointer object = gtk_list_item_get_item (list_item);
  GtkWidget *row = gtk_list_item_get_child (list_item);
  GtkWidget *dot = g_object_get_qdata (G_OBJECT (row), dot_quark);
  GtkWidget *title = g_object_get_qdata (G_OBJECT (row), title_quark);
  GtkWidget *subtitle = g_object_get_qdata (G_OBJECT (row), subtitle_quark);
  static const char * const classes[] = {
    "sidebar-overview", "sidebar-model", "sidebar-target",
  };
  static const char * const dot_classes[] = { "success", "error", "dim-label" };
  IscTargetItem *item;
  IscTargetItemKind kind;
  g_autofree char *label = NULL;
  g_autofree char *shown_title = NULL;
  g_autofree char *shown_subtitle = NULL;
  g_autofree char *model_name = NULL;
  const char *tooltip = NULL;

  g_object_set_qdata_full (G_OBJECT (row), item_quark, g_object_ref (object), g_object_unref);

  /* What another item left on the row. */
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (row, classes[i]);
  for (guint i = 0; i < G_N_ELEMENTS (dot_classes); i++)
    gtk_widget_remove_css_class (dot, dot_classes[i]);
  gtk_widget_remove_css_class (title, "heading");
  gtk_widget_remove_css_class (subtitle, "error");
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_set_margin_start (row, 0);
  gtk_widget_set_opacity (dot, 1.0);
  gtk_widget_set_visible (dot, FALSE);
  gtk_label_set_text (GTK_LABEL (subtitle), "");
  gtk_widget_set_visible (subtitle, FALSE);
  gtk_list_item_set_activatable (list_item, TRUE);
  gtk_list_item_set_selectable (list_item, TRUE);

  if (object_is_usage (object))
    {
      bind_usage_row (list_item, row, title);
      return;
    }
  if (object_is_model_apis_heading (object))
    {
      bind_model_apis_heading (list_item, row, title);
      return;
    }
  if (object_is_model_apis (object))
    {
      bind_model_apis_row (list_item, row, title, object);
      return;
    }
  if (object_is_overview (object))
    {
      bind_overview_row (list_item, row, title);
      return;
    }

  item = ISC_TARGET_ITEM (object);
  kind = isc_target_item_get_kind (item);

  /* Discovery lists its model's targets if it comes in sight. */
  g_hash_table_add (self->bound_rows, row);
  queue_fetch_in_sight (self);

  /* Names from the server are text, never markup, and shown as
   * isc_text_display_name() shows them. */
  shown_title = dup_shown_title (item);
  shown_subtitle = dup_shown_subtitle (item);
  gtk_label_set_text (GTK_LABEL (title), shown_title);
  gtk_label_set_text (GTK_LABEL (subtitle), shown_subtitle);
  gtk_widget_set_visible (subtitle, *row_subtitle (item) != '\0');

  if (kind == ISC_TARGET_ITEM_MODEL)
    {
      /* A heading: it names the model, choosing it shows nothing. */
      gtk_widget_add_css_class (title, "heading");
      gtk_list_item_set_activatable (list_item, FALSE);
      gtk_list_item_set_selectable (list_item, FALSE);
      gtk_widget_add_css_class (row, "sidebar-model");
      gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "",
                                      -1);
    }
  else
    {
      gtk_widget_set_visible (dot, TRUE);
      if (kind == ISC_TARGET_ITEM_ENVIRONMENT)
        gtk_widget_add_css_class (dot, status_css_class (item));
      else
        /* Deployments show their status in words; the dot's room keeps
         * their names in line with the environments'. */
        gtk_widget_set_opacity (dot, 0.0);

      if (kind == ISC_TARGET_ITEM_DEPLOYMENT &&
          g_strcmp0 (status_css_class (item), "error") == 0)
        {
          gtk_widget_remove_css_class (subtitle, "dim-label");
          gtk_widget_add_css_class (subtitle, "error");
        }

      /* The dot's colour, in words. */
      if (kind == ISC_TARGET_ITEM_ENVIRONMENT &&
          isc_target_item_get_environment (item) != NULL)
        tooltip = isc_deployment_status_get_title (isc_target_item_get_status (item));

      gtk_widget_set_margin_start (row, 12);
      gtk_widget_add_css_class (row, "sidebar-target");
      model_name = isc_text_display_name (isc_target_item_get_model_name (item),
                                          isc_target_item_get_model_id (item));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, model_name,
                                      -1);
    }

  set_row_tooltip (row, tooltip);

  label = describe_item (item);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
unbind_row (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            IscSidebar               *self)
{
  GtkWidget *row = gtk_list_item_get_child (list_item);

  g_hash_table_remove (self->bound_rows, row);
  g_object_set_qdata (G_OBJECT (row), item_quark, NULL);
}

static void
select_row_for_target (IscSidebar *self)
{
  guint row = GTK_INVALID_LIST_POSITION;
  guint position = 0;

  if (self->target_list != NULL && self->selected_target != NULL &&
      isc_target_list_find (self->target_list, self->selected_target, &position) != NULL)
    /* The Overview and Usage rows come first. */
    row = position + n_fixed_rows (self);
  else if (self->target_list != NULL && self->selected_target != NULL &&
           !isc_target_list_get_model_listed (self->target_list, self->selected_target->model_id))
    /* Chosen before discovery listed its model's targets: wanted now. */
    isc_target_list_fetch_model (self->target_list, self->selected_target->model_id, TRUE);

  if (row == GTK_INVALID_LIST_POSITION && self->overview_selected)
    {
      guint fixed = 0;

      row = 0;
      if (self->usage_selected && g_list_store_find (self->overview_rows, self->usage_item, &fixed))
        row = fixed;
      else if (self->model_apis_selected)
        {
          GObject *item = self->model_apis_item;

          for (guint i = 0; self->model_api != NULL && i < self->model_api_items->len; i++)
            if (g_strcmp0 (model_api_of (g_ptr_array_index (self->model_api_items, i)), self->model_api) == 0)
              item = g_ptr_array_index (self->model_api_items, i);
          if (g_list_store_find (self->overview_rows, item, &fixed))
            row = fixed;
        }
    }

  self->selecting++;
  if (row != gtk_single_selection_get_selected (self->selection))
    gtk_single_selection_set_selected (self->selection, row);
  self->selecting--;
}

/* Under the rows: why there are none (loading, nothing to list, nothing
 * that matches), or why the list is not complete. */
static void
update_state (IscSidebar *self)
{
  guint n_items = 0;
  gboolean loading = FALSE;
  const GError *error = NULL;
  const char *filter = NULL;

  if (self->target_list != NULL)
    {
      n_items = g_list_model_get_n_items (G_LIST_MODEL (self->target_list));
      loading = isc_target_list_get_loading (self->target_list);
      error = isc_target_list_get_error (self->target_list);
      filter = isc_target_list_get_filter (self->target_list);
    }

  /* The rows take the height; without any, what is said under the
   * Overview row stays right under it. */
  if (self->scrolled != NULL)
    {
      gtk_widget_set_vexpand (self->scrolled, n_items > 0);
      gtk_widget_set_vexpand (self->states, n_items == 0);
    }

  /* It turns while shown, and in sight. */
  gtk_widget_set_visible (self->spinner, loading && n_items == 0);

  gtk_widget_set_visible (self->error_box, !loading && error != NULL);
  gtk_label_set_text (self->error_label, error != NULL ? error->message : "");

  gtk_widget_set_visible (GTK_WIDGET (self->empty_label),
                          !loading && error == NULL && n_items == 0);
  gtk_label_set_text (self->empty_label,
                      filter != NULL && *filter != '\0'
                      ? _("No matching deployments")
                      : _("No deployments"));
}

static void
on_rows_changed (IscSidebar *self)
{
  /* The list box made its rows again: the selection went with them. */
  select_row_for_target (self);
  update_state (self);
}

static void
clear_just_selected (gpointer data)
{
  IscSidebar *self = data;

  self->just_selected = FALSE;
  self->just_selected_id = 0;
}

static void
mark_just_selected (IscSidebar *self)
{
  self->just_selected = TRUE;
  if (self->just_selected_id == 0)
    self->just_selected_id = g_idle_add_once (clear_just_selected, self);
}

/* The row shown already was chosen again: a collapsed window shows the
 * content again. */
static void
emit_activated (IscSidebar *self,
                gpointer    object)
{
  const IscTarget *target;

  if (object == NULL)
    return;

  mark_just_selected (self);
  if (object_is_usage (object))
    {
      if (self->usage_selected)
        g_signal_emit (self, signals[USAGE_ACTIVATED], 0);
      return;
    }
  if (object_is_model_apis (object))
    {
      if (self->model_apis_selected && g_strcmp0 (model_api_of (object), self->model_api) == 0)
        g_signal_emit (self, signals[MODEL_APIS_ACTIVATED], 0);
      return;
    }
  if (object_is_overview (object))
    {
      if (self->overview_selected && !self->usage_selected && !self->model_apis_selected)
        g_signal_emit (self, signals[OVERVIEW_ACTIVATED], 0);
      return;
    }

  target = isc_target_item_get_target (object);
  if (target != NULL && !self->overview_selected && isc_target_equal (target, self->selected_target))
    g_signal_emit (self, signals[TARGET_ACTIVATED], 0, self->selected_target);
}

static void
on_selection_changed (IscSidebar *self)
{
  gpointer object = gtk_single_selection_get_selected_item (self->selection);
  const IscTarget *target;

  /* NULL when the row went away (a reload, the filter); keep the target so
   * it is selected again when it comes back. */
  if (self->selecting > 0 || object == NULL)
    return;

  if (object_is_usage (object))
    {
      if (self->usage_selected)
        return;
      isc_sidebar_select_usage (self);
      mark_just_selected (self);
      g_signal_emit (self, signals[USAGE_ACTIVATED], 0);
      return;
    }
  if (object_is_model_apis (object))
    {
      if (self->model_apis_selected && g_strcmp0 (model_api_of (object), self->model_api) == 0)
        return;
      isc_sidebar_select_model_api (self, model_api_of (object));
      mark_just_selected (self);
      g_signal_emit (self, signals[MODEL_APIS_ACTIVATED], 0);
      return;
    }
  if (object_is_overview (object))
    {
      if (self->overview_selected && !self->usage_selected && !self->model_apis_selected)
        return;
      isc_sidebar_select_overview (self);
      mark_just_selected (self);
      g_signal_emit (self, signals[OVERVIEW_ACTIVATED], 0);
      return;
    }

  target = isc_target_item_get_target (object);
  if (target == NULL || (isc_target_equal (target, self->selected_target) && !self->overview_selected))
    return;

  self->overview_selected = FALSE;
  self->usage_selected = FALSE;
  self->model_apis_selected = FALSE;
  g_clear_pointer (&self->selected_target, isc_target_free);
  self->selected_target = isc_target_copy (target);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_TARGET]);

  mark_just_selected (self);
  g_signal_emit (self, signals[TARGET_ACTIVATED], 0, self->selected_target);
}

/* Enter, or a double click. */
static void
on_activate (IscSidebar *self,
             guint       position)
{
  g_autoptr(GObject) object = g_list_model_get_item (self->rows, position);

  if (object == NULL)
    return;

  if (gtk_single_selection_get_selected (self->selection) != position)
    {
      /* Emits through the selection; that was this activation's own. */
      gtk_single_selection_set_selected (self->selection, position);
      self->just_selected = FALSE;
      return;
    }

  /* The second press of a double click that selected the row. */
  if (self->just_selected)
    {
      self->just_selected = FALSE;
      return;
    }

  emit_activated (self, object);
}

static void
on_search_changed (IscSidebar *self)
{
  if (self->target_list != NULL)
    isc_target_list_set_filter (self->target_list,
                                gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
on_stop_search (IscSidebar *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  if (self->target_list != NULL)
    isc_target_list_set_filter (self->target_list, NULL);
  gtk_search_bar_set_search_mode (self->search_bar, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->list_view));
}

static void
on_retry_clicked (IscSidebar *self)
{
  g_signal_emit (self, signals[RELOAD_REQUESTED], 0);
}

static void
on_add_clicked (IscSidebar *self)
{
  g_signal_emit (self, signals[ADD_REQUESTED], 0);
}

static void
isc_sidebar_dispose (GObject *object)
{
  IscSidebar *self = ISC_SIDEBAR (object);

  g_clear_handle_id (&self->just_selected_id, g_source_remove);
  on_unmap (self);
  if (self->list_signals != NULL)
    g_signal_group_set_target (self->list_signals, NULL);
  g_clear_object (&self->list_signals);
  /* The list view lets go of its rows first: they must not change under
   * a list view being taken apart. */
  if (self->list_view != NULL)
    gtk_list_view_set_model (self->list_view, NULL);
  self->list_view = NULL;
  if (self->rows != NULL)
    g_signal_handlers_disconnect_by_data (self->rows, self);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  g_clear_object (&self->models);
  g_clear_object (&self->overview_rows);
  g_clear_object (&self->usage_item);
  g_clear_object (&self->model_apis_item);
  g_clear_object (&self->model_apis_heading);
  g_clear_pointer (&self->model_api_items, g_ptr_array_unref);
  g_clear_pointer (&self->model_api, g_free);
  g_clear_object (&self->target_list);

  G_OBJECT_CLASS (isc_sidebar_parent_class)->dispose (object);
}

static void
isc_sidebar_finalize (GObject *object)
{
  IscSidebar *self = ISC_SIDEBAR (object);

  g_clear_pointer (&self->selected_target, isc_target_free);
  g_clear_pointer (&self->bound_rows, g_hash_table_unref);

  G_OBJECT_CLASS (isc_sidebar_parent_class)->finalize (object);
}

static void
isc_sidebar_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  IscSidebar *self = ISC_SIDEBAR (object);

  switch (prop_id)
    {
    case PROP_TARGET_LIST:
      g_value_set_object (value, self->target_list);
      break;

    case PROP_SELECTED_TARGET:
      g_value_set_boxed (value, self->selected_target);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_sidebar_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  IscSidebar *self = ISC_SIDEBAR (object);

  switch (prop_id)
    {
    case PROP_TARGET_LIST:
      isc_sidebar_set_target_list (self, g_value_get_object (value));
      break;

    case PROP_SELECTED_TARGET:
      isc_sidebar_set_selected_target (self, g_value_get_boxed (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_sidebar_class_init (IscSidebarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_sidebar_dispose;
  object_class->finalize = isc_sidebar_finalize;
  object_class->get_property = isc_sidebar_get_property;
  object_class->set_property = isc_sidebar_set_property;

  properties[PROP_TARGET_LIST] =
    g_param_spec_object ("target-list", NULL, NULL,
                         ISC_TYPE_TARGET_LIST,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_TARGET] =
    g_param_spec_boxed ("selected-target", NULL, NULL,
                        ISC_TYPE_TARGET,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[TARGET_ACTIVATED] =
    g_signal_new ("target-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  ISC_TYPE_TARGET | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[RELOAD_REQUESTED] =
    g_signal_new ("reload-requested",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[ADD_REQUESTED] =
    g_signal_new ("add-requested",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[OVERVIEW_ACTIVATED] =
    g_signal_new ("overview-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[USAGE_ACTIVATED] =
    g_signal_new ("usage-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[MODEL_APIS_ACTIVATED] =
    g_signal_new ("model-apis-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  item_quark = g_quark_from_static_string ("isc-sidebar-item");
  list_item_quark = g_quark_from_static_string ("isc-sidebar-list-item");
  dot_quark = g_quark_from_static_string ("isc-sidebar-dot");
  title_quark = g_quark_from_static_string ("isc-sidebar-title");
  subtitle_quark = g_quark_from_static_string ("isc-sidebar-subtitle");
}

/* The filter, over the list. */
static void
init_filter (IscSidebar *self,
             GtkBox     *box)
{
  self->search_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  g_object_set (self->search_entry, "placeholder-text", _("Filter"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Filter Deployments"),
                                  -1);
  gtk_widget_set_hexpand (GTK_WIDGET (self->search_entry), TRUE);
  g_signal_connect_object (self->search_entry, "search-changed",
                           G_CALLBACK (on_search_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->search_entry, "stop-search",
                           G_CALLBACK (on_stop_search), self, G_CONNECT_SWAPPED);

  self->search_bar = GTK_SEARCH_BAR (gtk_search_bar_new ());
  gtk_search_bar_set_child (self->search_bar, GTK_WIDGET (self->search_entry));
  gtk_search_bar_connect_entry (self->search_bar, GTK_EDITABLE (self->search_entry));
  /* Typing over the list starts filtering it. */
  gtk_search_bar_set_key_capture_widget (self->search_bar, GTK_WIDGET (self));
  gtk_box_append (box, GTK_WIDGET (self->search_bar));
}

/* The rows: the Overview row, then the targets; a list view makes rows
 * only for what is in sight, so a large account costs what a small one
 * does. */
static GtkWidget *
create_list (IscSidebar *self)
{
  self->bound_rows = g_hash_table_new (NULL, NULL);

  g_autoptr(GListStore) overview = g_list_store_new (G_TYPE_OBJECT);
  g_autoptr(GObject) overview_item = g_object_new (G_TYPE_OBJECT, NULL);
  GtkListItemFactory *factory;
  GtkWidget *scrolled;

  self->models = g_list_store_new (G_TYPE_LIST_MODEL);
  g_list_store_append (overview, overview_item);
  self->usage_item = g_object_new (G_TYPE_OBJECT, NULL);
  g_object_set_data (self->usage_item, "isc-sidebar-usage", GINT_TO_POINTER (TRUE));
  g_list_store_append (overview, self->usage_item);
  self->overview_rows = g_object_ref (overview);
  /* Listed once the workspace is known to have added a Model API. */
  self->model_apis_heading = g_object_new (G_TYPE_OBJECT, NULL);
  g_object_set_data (self->model_apis_heading, "isc-sidebar-model-apis-heading", GINT_TO_POINTER (TRUE));
  self->model_apis_item = g_object_new (G_TYPE_OBJECT, NULL);
  g_object_set_data (self->model_apis_item, "isc-sidebar-model-apis", GINT_TO_POINTER (TRUE));
  self->model_api_items = g_ptr_array_new_with_free_func (g_object_unref);
  g_list_store_append (self->models, overview);
  self->rows = G_LIST_MODEL (gtk_flatten_list_model_new (g_object_ref (G_LIST_MODEL (self->models))));
  self->selection = gtk_single_selection_new (g_object_ref (self->rows));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_object (factory, "setup", G_CALLBACK (setup_row), self, 0);
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_row), self, 0);
  g_signal_connect_object (factory, "unbind", G_CALLBACK (unbind_row), self, 0);

  self->list_view = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)),
                                                      factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->list_view), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Deployments"),
                                  -1);
  /* After the selection's own handler: it has followed the change. */
  g_signal_connect_object (self->rows, "items-changed",
                           G_CALLBACK (on_rows_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "notify::selected-item",
                           G_CALLBACK (on_selection_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->list_view, "activate",
                           G_CALLBACK (on_activate), self, G_CONNECT_SWAPPED);

  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  self->scrolled = scrolled;
  /* Scrolled or resized: other rows in sight. */
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)), "value-changed",
                           G_CALLBACK (queue_fetch_in_sight), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)), "changed",
                           G_CALLBACK (queue_fetch_in_sight), self, G_CONNECT_SWAPPED);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list_view));

  return scrolled;
}

/* Why there are no rows: none, loading, or an error with Retry. */
static void
init_states (IscSidebar *self,
             GtkBox     *content)
{
  GtkWidget *retry;

  self->empty_label = GTK_LABEL (gtk_label_new (_("No deployments")));
  gtk_label_set_wrap (self->empty_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->empty_label), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->empty_label), "sidebar-state");
  gtk_box_append (content, GTK_WIDGET (self->empty_label));

  /* A spinner nobody sees must not wake the window every frame: it
   * turns only while mapped. */
  self->spinner = isc_spinner_new ();
  gtk_widget_set_visible (self->spinner, FALSE);
  gtk_widget_set_halign (self->spinner, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->spinner, "sidebar-state");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->spinner),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Loading deployments"),
                                  -1);
  gtk_box_append (content, self->spinner);

  self->error_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->error_box, "sidebar-state");
  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_justify (self->error_label, GTK_JUSTIFY_CENTER);
  gtk_label_set_selectable (self->error_label, TRUE);
  gtk_box_append (GTK_BOX (self->error_box), GTK_WIDGET (self->error_label));
  retry = gtk_button_new_with_mnemonic (_("_Retry"));
  gtk_widget_set_halign (retry, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (retry, "pill");
  g_signal_connect_object (retry, "clicked",
                           G_CALLBACK (on_retry_clicked), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (self->error_box), retry);
  gtk_box_append (content, self->error_box);
}

/* Add by ID… */
static GtkWidget *
create_add_button (IscSidebar *self)
{
  GtkWidget *add;
  GtkWidget *add_content;

  /* A box rather than AdwButtonContent, which in libadwaita 1.2 names
   * the button a second time ("Add by ID… Add by ID…"). */
  add = gtk_button_new ();
  add_content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (add_content), gtk_image_new_from_icon_name ("list-add-symbolic"));
  gtk_box_append (GTK_BOX (add_content), gtk_label_new_with_mnemonic (_("_Add by ID…")));
  gtk_widget_set_halign (add_content, GTK_ALIGN_CENTER);
  gtk_button_set_child (GTK_BUTTON (add), add_content);
  gtk_widget_add_css_class (add, "flat");
  gtk_widget_add_css_class (add, "sidebar-add");
  gtk_widget_set_tooltip_text (add, _("Open a deployment or environment the list does not show"));
  isc_accessible_set_name (add, _("Add by ID…"));
  g_signal_connect_object (add, "clicked",
                           G_CALLBACK (on_add_clicked), self, G_CONNECT_SWAPPED);

  return add;
}

static void
isc_sidebar_init (IscSidebar *self)
{
  GtkWidget *box;
  GtkWidget *states;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  adw_bin_set_child (ADW_BIN (self), box);

  init_filter (self, GTK_BOX (box));

  /* The rows, then why there are none */
  gtk_box_append (GTK_BOX (box), create_list (self));
  states = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_valign (states, GTK_ALIGN_START);
  init_states (self, GTK_BOX (states));
  gtk_box_append (GTK_BOX (box), states);
  self->states = states;

  gtk_box_append (GTK_BOX (box), create_add_button (self));

  g_signal_connect (self, "map", G_CALLBACK (on_map), NULL);
  g_signal_connect (self, "unmap", G_CALLBACK (on_unmap), NULL);

  self->list_signals = g_signal_group_new (ISC_TYPE_TARGET_LIST);
  g_signal_group_connect_swapped (self->list_signals, "notify::loading",
                                  G_CALLBACK (update_state), self);
  g_signal_group_connect_swapped (self->list_signals, "notify::error",
                                  G_CALLBACK (update_state), self);

  update_state (self);
}

GtkWidget *
isc_sidebar_new (void)
{
  return g_object_new (ISC_TYPE_SIDEBAR, NULL);
}

IscTargetList *
isc_sidebar_get_target_list (IscSidebar *self)
{
  g_return_val_if_fail (ISC_IS_SIDEBAR (self), NULL);

  return self->target_list;
}

void
isc_sidebar_set_target_list (IscSidebar    *self,
                             IscTargetList *target_list)
{
  const char *filter;

  g_return_if_fail (ISC_IS_SIDEBAR (self));
  g_return_if_fail (target_list == NULL || ISC_IS_TARGET_LIST (target_list));

  if (!g_set_object (&self->target_list, target_list))
    return;

  g_signal_group_set_target (self->list_signals, target_list);

  /* The filter entry shows the list's filter. */
  filter = target_list != NULL ? isc_target_list_get_filter (target_list) : NULL;
  if (g_strcmp0 (filter != NULL ? filter : "",
                 gtk_editable_get_text (GTK_EDITABLE (self->search_entry))) != 0)
    {
      g_signal_handlers_block_by_func (self->search_entry, on_search_changed, self);
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), filter != NULL ? filter : "");
      g_signal_handlers_unblock_by_func (self->search_entry, on_search_changed, self);
    }

  /* Rows are made again through ::items-changed, which selects again. */
  if (target_list != NULL)
    g_list_store_splice (self->models, 1,
                         g_list_model_get_n_items (G_LIST_MODEL (self->models)) - 1,
                         (gpointer *) &target_list, 1);
  else
    g_list_store_splice (self->models, 1,
                         g_list_model_get_n_items (G_LIST_MODEL (self->models)) - 1,
                         NULL, 0);
  on_rows_changed (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET_LIST]);
}

const IscTarget *
isc_sidebar_get_selected_target (IscSidebar *self)
{
  g_return_val_if_fail (ISC_IS_SIDEBAR (self), NULL);

  return self->selected_target;
}

void
isc_sidebar_set_selected_target (IscSidebar      *self,
                                 const IscTarget *target)
{
  g_return_if_fail (ISC_IS_SIDEBAR (self));

  if (isc_target_equal (target, self->selected_target) && !(target != NULL && self->overview_selected))
    return;

  g_clear_pointer (&self->selected_target, isc_target_free);
  if (target != NULL)
    {
      self->selected_target = isc_target_copy (target);
      self->overview_selected = FALSE;
      self->usage_selected = FALSE;
      self->model_apis_selected = FALSE;
    }

  select_row_for_target (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_TARGET]);
}

/* Overview, Usage or Model APIs: one of the rows above the targets, and
 * no target. */
static void
select_overview_row (IscSidebar *self,
                     gboolean    usage,
                     gboolean    model_apis,
                     const char *model_api)
{
  self->overview_selected = TRUE;
  self->usage_selected = usage;
  self->model_apis_selected = model_apis;
  if (g_strcmp0 (self->model_api, model_api) != 0)
    {
      g_free (self->model_api);
      self->model_api = g_strdup (model_api);
    }
  if (self->selected_target != NULL)
    {
      g_clear_pointer (&self->selected_target, isc_target_free);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_TARGET]);
    }
  select_row_for_target (self);
}

void
isc_sidebar_select_overview (IscSidebar *self)
{
  g_return_if_fail (ISC_IS_SIDEBAR (self));

  select_overview_row (self, FALSE, FALSE, NULL);
}

gboolean
isc_sidebar_get_overview_selected (IscSidebar *self)
{
  g_return_val_if_fail (ISC_IS_SIDEBAR (self), FALSE);

  return self->overview_selected && !self->usage_selected && !self->model_apis_selected;
}

void
isc_sidebar_select_usage (IscSidebar *self)
{
  g_return_if_fail (ISC_IS_SIDEBAR (self));

  select_overview_row (self, TRUE, FALSE, NULL);
}

gboolean
isc_sidebar_get_usage_selected (IscSidebar *self)
{
  g_return_val_if_fail (ISC_IS_SIDEBAR (self), FALSE);

  return self->usage_selected;
}

void
isc_sidebar_set_usage_shown (IscSidebar *self,
                             gboolean    shown)
{
  guint position;
  gboolean present;

  g_return_if_fail (ISC_IS_SIDEBAR (self));

  present = g_list_store_find (self->overview_rows, self->usage_item, &position);
  if (!!shown == present)
    return;
  self->selecting++;
  /* Right under Overview. */
  if (shown)
    g_list_store_insert (self->overview_rows, 1, self->usage_item);
  else
    g_list_store_remove (self->overview_rows, position);
  self->selecting--;
  if (!shown && self->usage_selected)
    self->usage_selected = FALSE;
  select_row_for_target (self);
}

gboolean
isc_sidebar_get_usage_shown (IscSidebar *self)
{
  g_return_val_if_fail (ISC_IS_SIDEBAR (self), FALSE);

  return g_list_store_find (self->overview_rows, self->usage_item, NULL);
}

void
isc_sidebar_start_filter (IscSidebar *self)
{
  g_return_if_fail (ISC_IS_SIDEBAR (self));

  gtk_search_bar_set_search_mode (self->search_bar, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

void
isc_sidebar_select_model_apis (IscSidebar *self)
{
  g_return_if_fail (ISC_IS_SIDEBAR (self));

  select_overview_row (self, FALSE, TRUE, NULL);
}

void
isc_sidebar_select_model_api (IscSidebar *self,
                              const char *name)
{
  g_return_if_fail (ISC_IS_SIDEBAR (self));

  select_overview_row (self, FALSE, TRUE, name);
}

const char *
isc_sidebar_get_model_api (IscSidebar *self)
{
  g_return_val_if_fail (ISC_IS_SIDEBAR (self), NULL);

  return self->model_apis_selected ? self->model_api : NULL;
}

gboolean
isc_sidebar_get_model_apis_selected (IscSidebar *self)
{
  g_return_val_if_fail (ISC_IS_SIDEBAR (self), FALSE);

  return self->model_apis_selected;
}

void
isc_sidebar_set_model_apis (IscSidebar *self,
                            GPtrArray  *apis)
{
  guint start, n_old;
  gboolean present;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  g_return_if_fail (ISC_IS_SIDEBAR (self));

  /* The section: its heading, All Model APIs, then the APIs as listed. */
  g_ptr_array_set_size (self->model_api_items, 0);
  for (guint i = 0; apis != NULL && i < apis->len; i++)
    {
      const IscModelApi *api = g_ptr_array_index (apis, i);
      GObject *item;

      if (api->name == NULL)
        continue;
      item = g_object_new (G_TYPE_OBJECT, NULL);
      g_object_set_data (item, "isc-sidebar-model-apis", GINT_TO_POINTER (TRUE));
      g_object_set_data_full (item, "isc-sidebar-model-api", g_strdup (api->name), g_free);
      g_object_set_data_full (item, "isc-sidebar-model-api-title", g_strdup (api->display_name), g_free);
      g_ptr_array_add (self->model_api_items, item);
    }
  if (self->model_api_items->len > 0)
    {
      g_ptr_array_add (rows, self->model_apis_heading);
      g_ptr_array_add (rows, self->model_apis_item);
      for (guint i = 0; i < self->model_api_items->len; i++)
        g_ptr_array_add (rows, g_ptr_array_index (self->model_api_items, i));
    }

  /* Always last of the rows above the targets. */
  present = g_list_store_find (self->overview_rows, self->model_apis_heading, &start);
  if (!present)
    start = g_list_model_get_n_items (G_LIST_MODEL (self->overview_rows));
  n_old = g_list_model_get_n_items (G_LIST_MODEL (self->overview_rows)) - start;
  self->selecting++;
  g_list_store_splice (self->overview_rows, start, n_old, rows->pdata, rows->len);
  self->selecting--;

  if (rows->len == 0)
    self->model_apis_selected = FALSE;
  else if (self->model_apis_selected && self->model_api != NULL)
    {
      gboolean listed = FALSE;

      for (guint i = 0; i < self->model_api_items->len; i++)
        listed |= g_strcmp0 (model_api_of (g_ptr_array_index (self->model_api_items, i)), self->model_api) == 0;
      /* An API no longer added: All Model APIs. */
      if (!listed)
        g_clear_pointer (&self->model_api, g_free);
    }
  select_row_for_target (self);
}

void
isc_sidebar_set_model_apis_shown (IscSidebar *self,
                                  gboolean    shown)
{
  g_return_if_fail (ISC_IS_SIDEBAR (self));

  if (!shown)
    isc_sidebar_set_model_apis (self, NULL);
}

gboolean
isc_sidebar_get_model_apis_shown (IscSidebar *self)
{
  g_return_val_if_fail (ISC_IS_SIDEBAR (self), FALSE);

  return g_list_store_find (self->overview_rows, self->model_apis_item, NULL);
}
