/* isc-usage-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-usage-page"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-chart-view.h"
#include "isc-export-dialog.h"
#include "isc-spinner.h"
#include "isc-usage-page.h"

struct _IscUsagePage
{
  AdwBin          parent_instance;

  /* Widgets */
  GtkStack       *stack;
  GtkLabel       *total_label;
  GtkBox         *total_row;     /* the total, then the buttons */
  GtkWidget      *copy_button;
  GtkWidget      *export_button;
  GtkWidget      *chart_view;
  AdwStatusPage  *status_page;
  GtkWidget      *retry_button;

  /* Owned */
  IscUsageTable  *table;
  char           *total_text;
  gboolean        compact;
  guint           compact_id;
};

/* Narrower than this, the buttons go under the total. */
#define COMPACT_WIDTH 560

enum {
  RETRY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (IscUsagePage, isc_usage_page, ADW_TYPE_BIN)

static void
copy_clicked_cb (IscUsagePage *self)
{
  g_autofree char *csv = NULL;

  if (self->table == NULL)
    return;
  csv = isc_usage_table_dup_csv (self->table);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), csv);
}

static void
export_clicked_cb (IscUsagePage *self)
{
  GtkWidget *views[] = { self->chart_view };

  if (isc_chart_view_get_model (ISC_CHART_VIEW (self->chart_view)) == NULL)
    return;
  isc_export_dialog_present_for_views (views, 1, 1);
}

static void
retry_clicked_cb (IscUsagePage *self)
{
  g_signal_emit (self, signals[RETRY], 0);
}

static gboolean
apply_compact_cb (gpointer user_data)
{
  IscUsagePage *self = user_data;

  self->compact_id = 0;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->total_row),
                                  self->compact ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  return G_SOURCE_REMOVE;
}

/* The page lays its child out itself (no layout manager), so it sees its
 * width and puts the buttons under the total when narrow. */
static void
isc_usage_page_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  *minimum = *natural = 0;
  *minimum_baseline = *natural_baseline = -1;
  if (child != NULL)
    gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

static void
isc_usage_page_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  IscUsagePage *self = ISC_USAGE_PAGE (widget);
  gboolean compact = width < COMPACT_WIDTH;

  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  if (child != NULL)
    gtk_widget_allocate (child, width, height, baseline, NULL);

  /* Not during the allocation: the row's height changes with it. */
  if (compact != self->compact)
    {
      self->compact = compact;
      if (self->compact_id == 0)
        self->compact_id = g_idle_add (apply_compact_cb, self);
    }
}

static void
isc_usage_page_dispose (GObject *object)
{
  IscUsagePage *self = ISC_USAGE_PAGE (object);

  g_clear_handle_id (&self->compact_id, g_source_remove);

  g_clear_pointer (&self->table, isc_usage_table_free);

  G_OBJECT_CLASS (isc_usage_page_parent_class)->dispose (object);
}

static void
isc_usage_page_finalize (GObject *object)
{
  IscUsagePage *self = ISC_USAGE_PAGE (object);

  g_free (self->total_text);

  G_OBJECT_CLASS (isc_usage_page_parent_class)->finalize (object);
}

static void
isc_usage_page_class_init (IscUsagePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isc_usage_page_dispose;
  object_class->finalize = isc_usage_page_finalize;

  /**
   * IscUsagePage::retry:
   *
   * Retry was pressed after a failed load.
   */
  signals[RETRY] =
    g_signal_new ("retry",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  widget_class->measure = isc_usage_page_measure;
  widget_class->size_allocate = isc_usage_page_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "usage-page");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

/* A box rather than AdwButtonContent, which in libadwaita 1.2 names the
 * button a second time (as the sidebar's Add by ID… says). */
static GtkWidget *
labelled_button (const char *icon_name,
                 const char *mnemonic)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_box_append (GTK_BOX (content), gtk_image_new_from_icon_name (icon_name));
  gtk_box_append (GTK_BOX (content), gtk_label_new_with_mnemonic (mnemonic));
  gtk_button_set_child (GTK_BUTTON (button), content);
  isc_accessible_set_name_from_mnemonic (button, mnemonic);
  return button;
}

static GtkWidget *
create_header (IscUsagePage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (_("Usage"));
  GtkWidget *subtitle = gtk_label_new (_("What the workspace spent each UTC day over the last 31 days, "
                                         "from Baseten's billing"));
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-2");
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_RELATION_LABELLED_BY, title, NULL, -1);
  gtk_box_append (GTK_BOX (box), title);

  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_box_append (GTK_BOX (box), subtitle);

  /* The total wraps before it is cut: a narrow window reads all of it,
   * and the buttons go under it. */
  self->total_label = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_xalign (self->total_label, 0);
  gtk_label_set_wrap (self->total_label, TRUE);
  gtk_label_set_selectable (self->total_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->total_label), "heading");
  gtk_widget_add_css_class (GTK_WIDGET (self->total_label), "numeric");
  gtk_widget_set_hexpand (GTK_WIDGET (self->total_label), TRUE);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->total_label));

  self->copy_button = labelled_button ("edit-copy-symbolic", _("Copy _Data"));
  gtk_widget_set_tooltip_text (self->copy_button, _("Copy every deployment's spend, minutes and requests per day as CSV"));
  g_signal_connect_object (self->copy_button, "clicked", G_CALLBACK (copy_clicked_cb), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (buttons), self->copy_button);

  self->export_button = labelled_button ("document-save-symbolic", _("_Export…"));
  gtk_widget_set_tooltip_text (self->export_button, _("Export the chart as an image or CSV"));
  g_signal_connect_object (self->export_button, "clicked", G_CALLBACK (export_clicked_cb), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (buttons), self->export_button);
  gtk_widget_set_valign (buttons, GTK_ALIGN_CENTER);
  gtk_widget_set_halign (buttons, GTK_ALIGN_START);

  gtk_box_append (GTK_BOX (row), buttons);
  gtk_box_append (GTK_BOX (box), row);
  self->total_row = GTK_BOX (row);
  return box;
}

static void
isc_usage_page_init (IscUsagePage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *spinner = isc_spinner_new ();
  GtkWidget *empty = adw_status_page_new ();

  gtk_box_append (GTK_BOX (box), create_header (self));

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);

  /* It turns only while in sight. */
  gtk_widget_set_size_request (spinner, 32, 32);
  gtk_widget_set_halign (spinner, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (spinner, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spinner),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Loading usage"),
                                  -1);
  gtk_stack_add_named (self->stack, spinner, "loading");

  self->chart_view = isc_chart_view_new (NULL);
  gtk_widget_set_margin_start (self->chart_view, 6);
  gtk_widget_set_margin_end (self->chart_view, 6);
  gtk_widget_set_margin_bottom (self->chart_view, 6);
  gtk_widget_set_vexpand (self->chart_view, TRUE);
  gtk_widget_set_hexpand (self->chart_view, TRUE);
  /* Days are UTC days: the billing's. */
  isc_chart_view_set_use_utc (ISC_CHART_VIEW (self->chart_view), TRUE);
  gtk_stack_add_named (self->stack, self->chart_view, "chart");

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "io.github.inferscope.Inferscope-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Usage Yet"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                   _("Baseten's billing has no spend for this workspace over the last 31 days"));
  gtk_stack_add_named (self->stack, empty, "empty");

  self->status_page = ADW_STATUS_PAGE (adw_status_page_new ());
  self->retry_button = gtk_button_new_with_mnemonic (_("_Retry"));
  isc_accessible_set_name_from_mnemonic (self->retry_button, _("_Retry"));
  gtk_widget_set_halign (self->retry_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->retry_button, "pill");
  g_signal_connect_object (self->retry_button, "clicked", G_CALLBACK (retry_clicked_cb), self, G_CONNECT_SWAPPED);
  adw_status_page_set_child (self->status_page, self->retry_button);
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->status_page), "error");

  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
  adw_bin_set_child (ADW_BIN (self), box);

  isc_usage_page_set_loading (self);
}

GtkWidget *
isc_usage_page_new (void)
{
  return g_object_new (ISC_TYPE_USAGE_PAGE, NULL);
}

static void
set_total_text (IscUsagePage *self,
                const char   *text)
{
  g_free (self->total_text);
  self->total_text = g_strdup (text != NULL ? text : "");
  /* Figures, never markup. */
  gtk_label_set_text (self->total_label, self->total_text);
  gtk_widget_set_visible (GTK_WIDGET (self->total_label), *self->total_text != '\0');
}

void
isc_usage_page_set_loading (IscUsagePage *self)
{
  g_return_if_fail (ISC_IS_USAGE_PAGE (self));

  /* A refresh keeps the picture until the new one is ready. */
  if (self->table != NULL)
    return;
  gtk_stack_set_visible_child_name (self->stack, "loading");
  gtk_widget_set_sensitive (self->copy_button, FALSE);
  gtk_widget_set_sensitive (self->export_button, FALSE);
}

void
isc_usage_page_set_table (IscUsagePage  *self,
                          IscUsageTable *table)
{
  g_autoptr(IscChartModel) model = NULL;
  g_autofree char *total = NULL;
  gboolean empty;

  g_return_if_fail (ISC_IS_USAGE_PAGE (self));

  g_clear_pointer (&self->table, isc_usage_table_free);
  self->table = table;

  empty = (table == NULL || isc_usage_table_get_n_rows (table) == 0);
  if (!empty)
    model = isc_usage_table_new_chart_model (table);
  isc_chart_view_set_model (ISC_CHART_VIEW (self->chart_view), model);

  if (table != NULL)
    total = isc_usage_table_dup_total_text (table);
  set_total_text (self, total);
  gtk_widget_set_sensitive (self->copy_button, !empty);
  gtk_widget_set_sensitive (self->export_button, model != NULL);
  gtk_stack_set_visible_child_name (self->stack, model != NULL ? "chart" : "empty");
}

const IscUsageTable *
isc_usage_page_get_table (IscUsagePage *self)
{
  g_return_val_if_fail (ISC_IS_USAGE_PAGE (self), NULL);
  return self->table;
}

void
isc_usage_page_set_error (IscUsagePage *self,
                          const char   *message,
                          gboolean      forbidden)
{
  g_return_if_fail (ISC_IS_USAGE_PAGE (self));

  g_clear_pointer (&self->table, isc_usage_table_free);
  isc_chart_view_set_model (ISC_CHART_VIEW (self->chart_view), NULL);
  set_total_text (self, NULL);
  gtk_widget_set_sensitive (self->copy_button, FALSE);
  gtk_widget_set_sensitive (self->export_button, FALSE);

  if (forbidden)
    {
      adw_status_page_set_icon_name (self->status_page, "action-unavailable-symbolic");
      adw_status_page_set_title (self->status_page, _("Usage Is Not Available to This Key"));
    }
  else
    {
      adw_status_page_set_icon_name (self->status_page, "network-error-symbolic");
      adw_status_page_set_title (self->status_page, _("Could Not Load Usage"));
    }
  /* The client's words: text, never markup (AdwStatusPage's description
   * is markup). */
  {
    g_autofree char *escaped = g_markup_escape_text (message != NULL ? message : "", -1);

    adw_status_page_set_description (self->status_page, escaped);
  }
  gtk_widget_set_visible (self->retry_button, !forbidden);
  g_object_set_data (G_OBJECT (self->status_page), "isc-forbidden", GINT_TO_POINTER (forbidden));
  gtk_stack_set_visible_child_name (self->stack, "error");
}

const char *
isc_usage_page_get_total_text (IscUsagePage *self)
{
  g_return_val_if_fail (ISC_IS_USAGE_PAGE (self), NULL);
  return self->total_text != NULL ? self->total_text : "";
}

GtkWidget *
isc_usage_page_get_chart_view (IscUsagePage *self)
{
  g_return_val_if_fail (ISC_IS_USAGE_PAGE (self), NULL);
  return self->chart_view;
}

const char *
isc_usage_page_get_shown (IscUsagePage *self)
{
  const char *name;

  g_return_val_if_fail (ISC_IS_USAGE_PAGE (self), NULL);

  name = gtk_stack_get_visible_child_name (self->stack);
  if (g_strcmp0 (name, "error") == 0 &&
      g_object_get_data (G_OBJECT (self->status_page), "isc-forbidden") != NULL)
    return "forbidden";
  return name;
}
