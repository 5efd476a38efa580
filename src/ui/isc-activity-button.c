/* isc-activity-button.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-activity-button"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-activity-button.h"
#include "isc-event.h"

struct _IscActivityButton
{
  AdwBin          parent_instance;

  /* Widgets */
  GtkMenuButton  *button;
  GtkPopover     *popover;
  GtkWidget      *unavailable_box;  /* an icon and unavailable_label */
  GtkLabel       *unavailable_label;
  GtkLabel       *empty_label;
  GtkListBox     *list;
  GtkWidget      *scroller;

  /* Owned references */
  IscView        *view;
  GSignalGroup   *view_signals;
};

enum {
  PROP_0,
  PROP_VIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IscActivityButton, isc_activity_button, ADW_TYPE_BIN)

/* A row's event. */
#define ROW_EVENT_KEY "isc-activity-event"

/* An icon for each kind; the row's words say the same, so the icon is
 * never alone. */
static const char *
kind_icon_name (IscEventKind kind)
{
  switch (kind)
    {
    case ISC_EVENT_DEPLOYED:
      return "document-send-symbolic";
    case ISC_EVENT_PROMOTED:
      return "go-up-symbolic";
    case ISC_EVENT_ACTIVATED:
      return "media-playback-start-symbolic";
    case ISC_EVENT_DEACTIVATED:
      return "media-playback-stop-symbolic";
    case ISC_EVENT_RETRIED:
      return "view-refresh-symbolic";
    case ISC_EVENT_AUTOSCALING_CHANGED:
      return "emblem-system-symbolic";
    case ISC_EVENT_BACKPRESSURE_CHANGED:
      return "network-transmit-receive-symbolic";
    case ISC_EVENT_INSTANCE_TYPE_CHANGED:
      return "computer-symbolic";
    case ISC_EVENT_ENVIRONMENT_CREATED:
    case ISC_EVENT_ENVIRONMENT_UPDATED:
      return "preferences-system-symbolic";
    case ISC_EVENT_PROMOTION_CONTROL:
      return "media-playback-pause-symbolic";
    case ISC_EVENT_REPLICA_TERMINATED:
      return "process-stop-symbolic";
    default:
      return "document-open-recent-symbolic";
    }
}

/* The event's time in the view's zone: "Tue 1 Dec 10:02:17", with "UTC"
 * after it when the view shows UTC. */
static char *
format_time (IscActivityButton *self,
             gint64             time_ms)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (time_ms / 1000);
  g_autoptr(GDateTime) dt = NULL;
  g_autofree char *when = NULL;
  gboolean use_utc = self->view != NULL && isc_view_get_use_utc (self->view);

  if (utc == NULL)
    return g_strdup ("");
  dt = use_utc ? g_date_time_ref (utc) : g_date_time_to_local (utc);
  /* Translators: an event's time in the Activity list, "Tue 1 Dec
   * 10:02:17"; see g_date_time_format() for the codes */
  when = g_date_time_format (dt, _("%a %-d %b %H:%M:%S"));
  if (!use_utc)
    return g_steal_pointer (&when);
  /* Translators: an event's time in UTC in the Activity list, "Tue 1 Dec
   * 10:02:17 UTC" */
  return g_strdup_printf (_("%s UTC"), when);
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  IscActivityButton *self = user_data;
  IscEvent *event = item;
  g_autofree char *sentence = isc_event_describe (event);
  g_autofree char *when = format_time (self, isc_event_get_time_ms (event));
  g_autofree char *accessible = NULL;
  GtkWidget *row, *box, *words, *icon, *label, *time;

  icon = gtk_image_new_from_icon_name (kind_icon_name (isc_event_get_kind (event)));
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_set_margin_top (icon, 2);
  gtk_widget_set_tooltip_text (icon, isc_event_kind_get_title (isc_event_get_kind (event)));
  /* The sentence says what the icon shows. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  isc_event_kind_get_title (isc_event_get_kind (event)),
                                  -1);

  /* Plain text: the sentence holds what the server said. */
  label = gtk_label_new (sentence);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);

  time = gtk_label_new (when);
  gtk_label_set_xalign (GTK_LABEL (time), 0);
  gtk_widget_add_css_class (time, "caption");
  gtk_widget_add_css_class (time, "dim-label");
  gtk_widget_add_css_class (time, "numeric");

  words = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (words, TRUE);
  gtk_box_append (GTK_BOX (words), label);
  gtk_box_append (GTK_BOX (words), time);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), words);

  row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  /* Translators: an event in the Activity list as a screen reader reads
   * it: its time, then what happened */
  accessible = g_strdup_printf (_("%s, %s"), when, sentence);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                  -1);
  g_object_set_data_full (G_OBJECT (row), ROW_EVENT_KEY, g_object_ref (event), g_object_unref);
  return row;
}

/* What the popover shows besides the rows: the audit log's refusal, once,
 * and "No activity" when the range holds no event. */
static void
update_state (IscActivityButton *self)
{
  const char *unavailable = self->view != NULL ? isc_view_get_events_unavailable (self->view) : NULL;
  GListModel *events = self->view != NULL ? isc_view_get_events (self->view) : NULL;
  guint n = events != NULL ? g_list_model_get_n_items (events) : 0;

  gtk_label_set_text (self->unavailable_label, unavailable != NULL ? unavailable : "");
  gtk_widget_set_visible (GTK_WIDGET (self->unavailable_label), unavailable != NULL);
  gtk_widget_set_visible (self->unavailable_box, unavailable != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), n == 0 && unavailable == NULL);
  gtk_widget_set_visible (self->scroller, n > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->button),
                            self->view != NULL && isc_view_get_target (self->view) != NULL);
}

/* The rows, made again: a new zone rewrites every time. */
static void
bind_list (IscActivityButton *self)
{
  gtk_list_box_bind_model (self->list,
                           self->view != NULL ? isc_view_get_events (self->view) : NULL,
                           create_row, self, NULL);
  update_state (self);
}

static void
row_activated_cb (IscActivityButton *self,
                  GtkListBoxRow     *row)
{
  IscEvent *event = g_object_get_data (G_OBJECT (row), ROW_EVENT_KEY);

  if (event == NULL || self->view == NULL)
    return;
  gtk_popover_popdown (self->popover);
  /* The moment on every chart, as a Logs line sets it; then the charts. */
  isc_view_set_cursor_time (self->view, isc_event_get_time_ms (event));
  gtk_widget_activate_action (GTK_WIDGET (self), "win.mode", "s", "charts");
}

static void
isc_activity_button_dispose (GObject *object)
{
  IscActivityButton *self = (IscActivityButton *)object;

  if (self->list != NULL)
    gtk_list_box_bind_model (self->list, NULL, NULL, NULL, NULL);
  if (self->view_signals != NULL)
    g_signal_group_set_target (self->view_signals, NULL);
  g_clear_object (&self->view_signals);
  g_clear_object (&self->view);

  G_OBJECT_CLASS (isc_activity_button_parent_class)->dispose (object);
}

static void
isc_activity_button_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  IscActivityButton *self = ISC_ACTIVITY_BUTTON (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      g_value_set_object (value, self->view);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_activity_button_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  IscActivityButton *self = ISC_ACTIVITY_BUTTON (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      isc_activity_button_set_view (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_activity_button_class_init (IscActivityButtonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_activity_button_dispose;
  object_class->get_property = isc_activity_button_get_property;
  object_class->set_property = isc_activity_button_set_property;

  properties[PROP_VIEW] =
    g_param_spec_object ("view", NULL, NULL, ISC_TYPE_VIEW,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static GtkLabel *
new_note_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  return GTK_LABEL (label);
}

static void
isc_activity_button_init (IscActivityButton *self)
{
  GtkWidget *box;
  GtkWidget *heading;
  GtkWidget *icon;

  heading = gtk_label_new (_("Activity in This Range"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_margin_start (heading, 6);
  gtk_widget_set_margin_top (heading, 6);

  /* In the text's colour (an amber text reads poorly on a light
   * popover), after an icon that marks it as a notice. */
  self->unavailable_label = new_note_label ();
  gtk_widget_set_margin_start (GTK_WIDGET (self->unavailable_label), 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->unavailable_label), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->unavailable_label), FALSE);
  icon = gtk_image_new_from_icon_name ("dialog-information-symbolic");
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_set_margin_top (icon, 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Note"), -1);
  self->unavailable_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_set_margin_start (self->unavailable_box, 6);
  gtk_box_append (GTK_BOX (self->unavailable_box), icon);
  gtk_box_append (GTK_BOX (self->unavailable_box), GTK_WIDGET (self->unavailable_label));
  gtk_widget_set_visible (self->unavailable_box, FALSE);

  self->empty_label = new_note_label ();
  /* Translators: the Activity list when nobody and nothing changed the
   * target over the range */
  gtk_label_set_text (self->empty_label, _("No deployments, promotions or settings changes in this range."));
  gtk_widget_add_css_class (GTK_WIDGET (self->empty_label), "dim-label");

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (self->list, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Activity"),
                                  -1);
  g_signal_connect_object (self->list, "row-activated", G_CALLBACK (row_activated_cb),
                           self, G_CONNECT_SWAPPED);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroller), 420);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->list));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  /* Wide enough for a sentence on two lines; a narrow window's popover
   * shrinks to the window (the labels wrap). */
  gtk_widget_set_size_request (box, 280, -1);
  gtk_box_append (GTK_BOX (box), heading);
  gtk_box_append (GTK_BOX (box), self->unavailable_box);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->empty_label));
  gtk_box_append (GTK_BOX (box), self->scroller);

  self->popover = GTK_POPOVER (gtk_popover_new ());
  gtk_popover_set_child (self->popover, box);

  self->button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_icon_name (self->button, "document-open-recent-symbolic");
  gtk_menu_button_set_popover (self->button, GTK_WIDGET (self->popover));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Activity"),
                                  -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->button), _("Activity"));
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->button));

  self->view_signals = g_signal_group_new (ISC_TYPE_VIEW);
  g_signal_group_connect_object (self->view_signals, "notify::events-unavailable",
                                 G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->view_signals, "notify::target",
                                 G_CALLBACK (update_state), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->view_signals, "notify::use-utc",
                                 G_CALLBACK (bind_list), self, G_CONNECT_SWAPPED);
  update_state (self);
}

GtkWidget *
isc_activity_button_new (void)
{
  return g_object_new (ISC_TYPE_ACTIVITY_BUTTON, NULL);
}

IscView *
isc_activity_button_get_view (IscActivityButton *self)
{
  g_return_val_if_fail (ISC_IS_ACTIVITY_BUTTON (self), NULL);
  return self->view;
}

static void
events_changed_cb (GListModel        *events,
                   guint              position,
                   guint              removed,
                   guint              added,
                   IscActivityButton *self)
{
  update_state (self);
}

void
isc_activity_button_set_view (IscActivityButton *self,
                              IscView           *view)
{
  g_return_if_fail (ISC_IS_ACTIVITY_BUTTON (self));
  g_return_if_fail (view == NULL || ISC_IS_VIEW (view));

  if (self->view == view)
    return;
  if (self->view != NULL)
    g_signal_handlers_disconnect_by_func (isc_view_get_events (self->view), events_changed_cb, self);
  g_set_object (&self->view, view);
  g_signal_group_set_target (self->view_signals, view);
  /* After the list box's own handler, which makes the rows. */
  if (view != NULL)
    g_signal_connect_object (isc_view_get_events (view), "items-changed",
                             G_CALLBACK (events_changed_cb), self, G_CONNECT_AFTER);
  bind_list (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
}

void
isc_activity_button_popup (IscActivityButton *self)
{
  g_return_if_fail (ISC_IS_ACTIVITY_BUTTON (self));
  gtk_menu_button_popup (self->button);
}

GtkListBox *
isc_activity_button_get_list (IscActivityButton *self)
{
  g_return_val_if_fail (ISC_IS_ACTIVITY_BUTTON (self), NULL);
  return self->list;
}

GtkLabel *
isc_activity_button_get_unavailable_label (IscActivityButton *self)
{
  g_return_val_if_fail (ISC_IS_ACTIVITY_BUTTON (self), NULL);
  return self->unavailable_label;
}

GtkLabel *
isc_activity_button_get_empty_label (IscActivityButton *self)
{
  g_return_val_if_fail (ISC_IS_ACTIVITY_BUTTON (self), NULL);
  return self->empty_label;
}

GtkMenuButton *
isc_activity_button_get_menu_button (IscActivityButton *self)
{
  g_return_val_if_fail (ISC_IS_ACTIVITY_BUTTON (self), NULL);
  return self->button;
}
