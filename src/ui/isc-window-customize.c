/* isc-window-customize.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's actions on its charts: Customize View, Export… and Hide
 * Chart, and the layout they keep.
 */

#define G_LOG_DOMAIN "isc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-application.h"
#include "isc-catalogue.h"
#include "isc-chart-grid.h"
#include "isc-customize-dialog.h"
#include "isc-export-dialog.h"
#include "isc-layout.h"
#include "isc-window-private.h"

/* Customize View: the charts the deployment reports are asked for afresh
 * (one CURRENT request of every metric the catalogue knows), so a metric
 * the deployment does not report is not offered. */
typedef struct
{
  IscWindow *window;
  char      *model_id;
} Customize;

static void
customize_free (Customize *customize)
{
  g_clear_object (&customize->window);
  g_free (customize->model_id);
  g_free (customize);
}

static void
customize_applied_cb (IscCustomizeDialog *dialog,
                      GStrv               metrics,
                      IscWindow          *self)
{
  GSettings *settings = _isc_window_get_settings (self);
  const IscTarget *target = isc_view_get_target (self->view);
  g_autoptr(GVariant) layouts = NULL;
  g_autoptr(GVariant) replaced = NULL;

  if (target == NULL)
    return;

  if (isc_settings_has_key (settings, "model-layouts"))
    {
      layouts = g_settings_get_value (settings, "model-layouts");
      replaced = g_variant_ref_sink (isc_layout_replace (layouts, target->model_id,
                                                         (const char * const *) metrics));
      g_settings_set_value (settings, "model-layouts", replaced);
    }
  isc_view_set_metrics (self->view, (const char * const *) metrics);
}

static void
customize_fetched_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  Customize *customize = user_data;
  IscWindow *self = customize->window;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) available = g_ptr_array_new ();
  g_autoptr(GVariant) layouts = NULL;
  g_auto(GStrv) shown = NULL;
  GSettings *settings;
  IscCustomizeDialog *dialog;

  response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &error);
  if (response == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _isc_window_toast (self, error->message);
      customize_free (customize);
      return;
    }

  for (guint i = 0; i < isc_metrics_response_get_n_metrics (response); i++)
    g_ptr_array_add (available, (gpointer) isc_metric_get_name (isc_metrics_response_get_metric (response, i)));
  g_ptr_array_add (available, NULL);

  settings = _isc_window_get_settings (self);
  if (isc_settings_has_key (settings, "model-layouts"))
    {
      layouts = g_settings_get_value (settings, "model-layouts");
      shown = isc_layout_lookup (layouts, customize->model_id);
    }

  dialog = isc_customize_dialog_new (GTK_WINDOW (self),
                                     (const char * const *) available->pdata,
                                     (const char * const *) shown);
  g_signal_connect_object (dialog, "applied", G_CALLBACK (customize_applied_cb), self, 0);
  isc_customize_dialog_present (dialog);
  customize_free (customize);
}

void
_isc_window_customize_action (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  IscWindow *self = user_data;
  const IscTarget *target = isc_view_get_target (self->view);
  IscClient *client = isc_view_get_client (self->view);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(IscQuery) query = NULL;
  const IscCatalogueEntry *entries;
  Customize *customize;
  guint n_entries = 0;

  if (target == NULL || client == NULL)
    return;

  entries = isc_catalogue_get_entries (&n_entries);
  for (guint i = 0; i < n_entries; i++)
    g_ptr_array_add (names, (gpointer) entries[i].name);
  g_ptr_array_add (names, NULL);

  query = isc_target_make_query (target, ISC_MODE_CURRENT, NULL, (const char * const *) names->pdata);
  customize = g_new0 (Customize, 1);
  customize->window = g_object_ref (self);
  customize->model_id = g_strdup (target->model_id);
  isc_client_fetch_metrics_async (client, query, self->cancellable, customize_fetched_cb, customize);
}

/* Export… (primary menu, Ctrl+E): every chart of the page, in the order
 * and the columns it shows them. */
void
_isc_window_export_action (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  IscWindow *self = user_data;
  g_autoptr(GPtrArray) views = g_ptr_array_new ();
  guint n = isc_charts_page_get_n_charts (self->charts_page);
  guint columns = 1;

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *error_view = isc_charts_page_get_error_rate_chart (self->charts_page, i);

      g_ptr_array_add (views, isc_charts_page_get_chart (self->charts_page, i));
      if (error_view != NULL)
        g_ptr_array_add (views, error_view);
    }

  if (isc_view_get_mode (self->view) != ISC_MODE_SERIES || views->len == 0)
    {
      _isc_window_toast (self, _("There are no charts to export: choose Charts first"));
      return;
    }

  {
    GtkWidget *grid = gtk_widget_get_parent (g_ptr_array_index (views, 0));

    if (grid != NULL && ISC_IS_CHART_GRID (grid) && gtk_widget_get_width (grid) > 0)
      columns = isc_chart_grid_columns_for_width (gtk_widget_get_width (grid));
  }

  isc_export_dialog_present_for_views ((GtkWidget * const *) views->pdata, views->len, columns);
}

/* Hide Chart (a chart's menu): the charts shown less that one, kept as
 * the model's layout, the way Customize View keeps it. */
void
_isc_window_hide_chart_action (GSimpleAction *action,
                               GVariant      *parameter,
                               gpointer       user_data)
{
  IscWindow *self = user_data;
  const char *name = g_variant_get_string (parameter, NULL);
  IscMetricsResponse *response = isc_view_get_response (self->view);
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();

  if (response == NULL || isc_metrics_response_get_mode (response) != ISC_MODE_SERIES)
    return;

  for (guint i = 0; i < isc_metrics_response_get_n_metrics (response); i++)
    {
      const char *metric = isc_metric_get_name (isc_metrics_response_get_metric (response, i));

      if (g_strcmp0 (metric, name) != 0)
        g_ptr_array_add (shown, (gpointer) metric);
    }

  if (shown->len == isc_metrics_response_get_n_metrics (response))
    return;
  if (shown->len == 0)
    {
      _isc_window_toast (self, _("The last chart cannot be hidden"));
      return;
    }
  g_ptr_array_add (shown, NULL);
  customize_applied_cb (NULL, (GStrv) shown->pdata, self);
}
