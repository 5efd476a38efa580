/* isc-test-gtk.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "isc-test-gtk.h"
#include "isc-chart-view.h"
#include "isc-charts-page.h"

/* Depth first from @root, itself included: with @shown, only mapped
 * widgets, and nothing under an unmapped one. */
static GtkWidget *
find (GtkWidget  *root,
      GType       type,
      const char *property,
      const char *value,
      gboolean    shown)
{
  if (shown && !gtk_widget_get_mapped (root))
    return NULL;

  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    {
      g_autofree char *text = NULL;

      if (property == NULL)
        return root;
      g_object_get (root, property, &text, NULL);
      if (g_strcmp0 (text, value) == 0)
        return root;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find (child, type, property, value, shown);

      if (found != NULL)
        return found;
    }

  return NULL;
}

GtkWidget *
test_find_shown (GtkWidget  *root,
                 GType       type,
                 const char *property,
                 const char *value)
{
  return find (root, type, property, value, TRUE);
}

GtkWidget *
test_find_widget (GtkWidget  *root,
                  GType       type,
                  const char *property,
                  const char *value)
{
  return find (root, type, property, value, FALSE);
}

static void
collect (GtkWidget *root,
         GType      type,
         gboolean   shown,
         GPtrArray *found)
{
  if (shown && !gtk_widget_get_mapped (root))
    return;

  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (found, root);

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, shown, found);
}

GPtrArray *
test_collect_shown (GtkWidget *root,
                    GType      type)
{
  GPtrArray *found = g_ptr_array_new ();

  collect (root, type, TRUE, found);
  return found;
}

GPtrArray *
test_collect_widgets (GtkWidget *root,
                      GType      type)
{
  GPtrArray *found = g_ptr_array_new ();

  collect (root, type, FALSE, found);
  return found;
}

/* What a button's label reads, its mnemonic underscore left out. */
static gboolean
label_reads (const char *label,
             const char *text)
{
  g_autoptr(GString) shown = NULL;

  if (label == NULL)
    return FALSE;
  shown = g_string_new (label);
  g_string_replace (shown, "_", "", 0);
  return g_strcmp0 (label, text) == 0 || g_strcmp0 (shown->str, text) == 0;
}

GtkWidget *
test_find_button (GtkWidget  *root,
                  const char *label)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if ((GTK_IS_BUTTON (root) && label_reads (gtk_button_get_label (GTK_BUTTON (root)), label)) ||
      (GTK_IS_CHECK_BUTTON (root) && label_reads (gtk_check_button_get_label (GTK_CHECK_BUTTON (root)), label)))
    return root;
#if ADW_CHECK_VERSION (1, 6, 0)
  if (ADW_IS_BUTTON_ROW (root) && label_reads (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)), label))
    return root;
#endif

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = test_find_button (child, label);

      if (found != NULL)
        return found;
    }

  return NULL;
}

void
test_click_button (GtkWidget *button)
{
  g_assert_true (gtk_widget_is_sensitive (button));
  if (GTK_IS_BUTTON (button))
    g_signal_emit_by_name (button, "clicked");
  else
    g_assert_true (gtk_widget_activate (button));
}

GtkEventController *
test_find_controller_where (GtkWidget  *widget,
                            GType       type,
                            const char *name)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if ((type == G_TYPE_NONE || G_TYPE_CHECK_INSTANCE_TYPE (controller, type)) &&
          (name == NULL || g_strcmp0 (gtk_event_controller_get_name (controller), name) == 0))
        return controller;
    }
  g_assert_not_reached ();
}

GtkEventController *
test_find_controller_named (GtkWidget  *widget,
                            const char *name)
{
  return test_find_controller_where (widget, G_TYPE_NONE, name);
}

gboolean
test_press_chart_key (GtkWidget       *view,
                      guint            keyval,
                      GdkModifierType  modifiers)
{
  GtkEventController *keys = test_find_controller_named (view, "chart-keys");

  g_assert_true (GTK_IS_SHORTCUT_CONTROLLER (keys));
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (keys)); i++)
    {
      g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (keys), i);
      GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

      if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
          gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
          gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers)
        return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, view, NULL);
    }
  g_assert_not_reached ();
}

GtkEventController *
test_find_controller (GtkWidget *widget,
                      GType      type)
{
  return test_find_controller_where (widget, type, NULL);
}

void
test_read_text_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  char **text = user_data;
  g_autoptr(GError) error = NULL;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
}

guint8 *
test_render_widget (GtkWidget *widget,
                    gboolean   css,
                    int       *stride)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  guint8 *pixels;

  if (css)
    {
      g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);

      gdk_paintable_snapshot (paintable, snapshot, width, height);
    }
  else
    GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  pixels = g_malloc ((gsize) width * 4 * height);
  gdk_texture_download (texture, pixels, (gsize) width * 4);
  if (stride != NULL)
    *stride = width * 4;
  return pixels;
}

gboolean
test_in_sight (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  if (!gtk_widget_compute_bounds (widget, scroller, &bounds))
    return FALSE;
  return graphene_rect_intersection (&bounds,
                                     &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (scroller),
                                                          gtk_widget_get_height (scroller)),
                                     NULL);
}

gboolean
test_charts_shown (gpointer data)
{
  IscChartsPage *page = data;
  gboolean drawn = FALSE;

  if (isc_charts_page_get_n_charts (page) == 0)
    return FALSE;
  for (guint i = 0; i < isc_charts_page_get_n_charts (page); i++)
    {
      GtkWidget *view = isc_charts_page_get_chart (page, i);

      if (!gtk_widget_get_mapped (view) || gtk_widget_get_width (view) <= 0)
        return FALSE;
      if (!test_in_sight (view))
        continue;
      if (isc_chart_view_get_n_renders (ISC_CHART_VIEW (view)) == 0)
        return FALSE;
      drawn = TRUE;
    }
  return drawn;
}

GType
test_spinner_type (void)
{
#if ADW_CHECK_VERSION (1, 6, 0)
  return ADW_TYPE_SPINNER;
#else
  return GTK_TYPE_SPINNER;
#endif
}

gboolean
test_spinner_turning (GtkWidget *spinner)
{
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (spinner, test_spinner_type ()));
  if (GTK_IS_SPINNER (spinner))
    return gtk_spinner_get_spinning (GTK_SPINNER (spinner));
  return gtk_widget_get_mapped (spinner);
}

guint
test_count_gtk_spinners (GtkWidget *root)
{
  g_autoptr(GPtrArray) spinners = test_collect_widgets (root, GTK_TYPE_SPINNER);

  return spinners->len;
}
