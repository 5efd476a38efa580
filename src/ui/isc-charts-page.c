/* isc-charts-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-charts-page"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-chart-view.h"
#include "isc-charts-page.h"

/* Metrics arrive one to three minutes late: every 30 s is fresh enough. */
#define REFRESH_SECONDS 30

struct _IscChartsPage
{
  AdwBin              parent_instance;

  /* Widgets */
  GtkStack           *stack;
  GtkBox             *column;
  AdwStatusPage      *status;

  /* Owned references */
  IscClient          *client;
  IscQuery           *query;
  GCancellable       *cancellable;
  GPtrArray          *views;
  IscMetricsResponse *response;  /* the one shown, drawn again by the switches */

  guint               refresh_id;

  /* Display switches */
  gboolean            use_utc;
  gboolean            counters_as_totals;
};

enum {
  PROP_0,
  PROP_USE_UTC,
  PROP_COUNTERS_AS_TOTALS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IscChartsPage, isc_charts_page, ADW_TYPE_BIN)

static void isc_charts_page_fetch (IscChartsPage *self);

static void
show_status (IscChartsPage *self,
             const char    *icon_name,
             const char    *title,
             const char    *description)
{
  adw_status_page_set_icon_name (self->status, icon_name);
  adw_status_page_set_title (self->status, title);
  adw_status_page_set_description (self->status, description);
  gtk_stack_set_visible_child_name (self->stack, "status");
}

/* One model per metric of the response shown, counters as the switch
 * says; the views keep their size, so only the layout and the picture are
 * made again. */
static void
update_models (IscChartsPage *self)
{
  IscCounterDisplay display = self->counters_as_totals ? ISC_COUNTER_DISPLAY_TOTALS : ISC_COUNTER_DISPLAY_RATE;

  if (self->response == NULL || self->views == NULL)
    return;

  for (guint i = 0; i < self->views->len; i++)
    {
      g_autoptr(IscChartModel) model = isc_chart_model_new (self->response, i, display);

      isc_chart_view_set_model (g_ptr_array_index (self->views, i), model);
    }
}

static void
show_response (IscChartsPage      *self,
               IscMetricsResponse *response)
{
  guint n_metrics = isc_metrics_response_get_n_metrics (response);

  if (n_metrics == 0)
    {
      show_status (self, "dialog-information-symbolic", _("No Metrics"),
                   _("The deployment reported no metrics for this range"));
      return;
    }

  /* Keep the views (and where the person scrolled) when the metrics are
   * the same as before; rebuild the column otherwise. */
  if (self->views->len != n_metrics)
    {
      GtkWidget *child;

      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->column))) != NULL)
        gtk_box_remove (self->column, child);
      g_ptr_array_set_size (self->views, 0);

      for (guint i = 0; i < n_metrics; i++)
        {
          GtkWidget *view = isc_chart_view_new (NULL);

          gtk_widget_add_css_class (view, "card");
          gtk_widget_set_overflow (view, GTK_OVERFLOW_HIDDEN);
          gtk_widget_set_size_request (view, -1, 320);
          isc_chart_view_set_use_utc (ISC_CHART_VIEW (view), self->use_utc);
          gtk_box_append (self->column, view);
          g_ptr_array_add (self->views, view);
        }
    }

  g_clear_pointer (&self->response, isc_metrics_response_unref);
  self->response = isc_metrics_response_ref (response);
  update_models (self);

  gtk_stack_set_visible_child_name (self->stack, "charts");
}

static void
fetch_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(IscChartsPage) self = user_data;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;

  response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  if (response == NULL)
    {
      /* Keep showing the last charts if there are any; a refresh that
       * fails once should not blank the window. */
      if (self->views->len == 0)
        show_status (self, "dialog-warning-symbolic", _("Could Not Load Metrics"), error->message);
      else
        g_warning ("Could not refresh the metrics: %s", error->message);
      return;
    }

  show_response (self, response);
}

static void
isc_charts_page_fetch (IscChartsPage *self)
{
  if (self->client == NULL || self->query == NULL)
    return;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  isc_client_fetch_metrics_async (self->client, self->query, self->cancellable,
                                  fetch_cb, g_object_ref (self));
}

static gboolean
refresh_cb (gpointer user_data)
{
  isc_charts_page_fetch (user_data);
  return G_SOURCE_CONTINUE;
}

static void
isc_charts_page_dispose (GObject *object)
{
  IscChartsPage *self = (IscChartsPage *)object;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->client);
  g_clear_pointer (&self->query, isc_query_free);
  g_clear_pointer (&self->views, g_ptr_array_unref);
  g_clear_pointer (&self->response, isc_metrics_response_unref);

  G_OBJECT_CLASS (isc_charts_page_parent_class)->dispose (object);
}

static void
isc_charts_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  IscChartsPage *self = ISC_CHARTS_PAGE (object);

  switch (prop_id)
    {
    case PROP_USE_UTC:
      g_value_set_boolean (value, isc_charts_page_get_use_utc (self));
      break;

    case PROP_COUNTERS_AS_TOTALS:
      g_value_set_boolean (value, isc_charts_page_get_counters_as_totals (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_charts_page_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  IscChartsPage *self = ISC_CHARTS_PAGE (object);

  switch (prop_id)
    {
    case PROP_USE_UTC:
      isc_charts_page_set_use_utc (self, g_value_get_boolean (value));
      break;

    case PROP_COUNTERS_AS_TOTALS:
      isc_charts_page_set_counters_as_totals (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_charts_page_class_init (IscChartsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_charts_page_dispose;
  object_class->get_property = isc_charts_page_get_property;
  object_class->set_property = isc_charts_page_set_property;

  properties[PROP_USE_UTC] =
    g_param_spec_boolean ("use-utc", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_COUNTERS_AS_TOTALS] =
    g_param_spec_boolean ("counters-as-totals", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_charts_page_init (IscChartsPage *self)
{
  GtkWidget *scrolled, *clamp, *spinner, *loading;

  self->views = g_ptr_array_new ();

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_transition_type (self->stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);

  spinner = gtk_spinner_new ();
  gtk_spinner_set_spinning (GTK_SPINNER (spinner), TRUE);
  gtk_widget_set_size_request (spinner, 32, 32);
  loading = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_valign (spinner, GTK_ALIGN_CENTER);
  gtk_widget_set_vexpand (spinner, TRUE);
  gtk_box_append (GTK_BOX (loading), spinner);
  gtk_stack_add_named (self->stack, loading, "loading");

  self->column = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 12));
  gtk_widget_set_margin_top (GTK_WIDGET (self->column), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->column), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (self->column), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->column), 12);
  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 1400);
  adw_clamp_set_child (ADW_CLAMP (clamp), GTK_WIDGET (self->column));
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_stack_add_named (self->stack, scrolled, "charts");

  self->status = ADW_STATUS_PAGE (adw_status_page_new ());
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->status), "status");

  gtk_stack_set_visible_child_name (self->stack, "loading");
  adw_bin_set_child (ADW_BIN (self), GTK_WIDGET (self->stack));
}

GtkWidget *
isc_charts_page_new (void)
{
  return g_object_new (ISC_TYPE_CHARTS_PAGE, NULL);
}

void
isc_charts_page_load (IscChartsPage  *self,
                      IscClient      *client,
                      const IscQuery *query)
{
  g_return_if_fail (ISC_IS_CHARTS_PAGE (self));
  g_return_if_fail (ISC_IS_CLIENT (client));
  g_return_if_fail (query != NULL);

  g_set_object (&self->client, client);
  g_clear_pointer (&self->query, isc_query_free);
  self->query = isc_query_copy (query);

  isc_charts_page_fetch (self);

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  self->refresh_id = g_timeout_add_seconds (REFRESH_SECONDS, refresh_cb, self);
}

guint
isc_charts_page_get_n_charts (IscChartsPage *self)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), 0);
  return self->views->len;
}

GtkWidget *
isc_charts_page_get_chart (IscChartsPage *self,
                           guint          index)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), NULL);
  g_return_val_if_fail (index < self->views->len, NULL);
  return g_ptr_array_index (self->views, index);
}

gboolean
isc_charts_page_get_use_utc (IscChartsPage *self)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), FALSE);
  return self->use_utc;
}

void
isc_charts_page_set_use_utc (IscChartsPage *self,
                             gboolean       use_utc)
{
  g_return_if_fail (ISC_IS_CHARTS_PAGE (self));

  use_utc = !!use_utc;
  if (self->use_utc == use_utc)
    return;
  self->use_utc = use_utc;

  for (guint i = 0; self->views != NULL && i < self->views->len; i++)
    isc_chart_view_set_use_utc (g_ptr_array_index (self->views, i), use_utc);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USE_UTC]);
}

gboolean
isc_charts_page_get_counters_as_totals (IscChartsPage *self)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), FALSE);
  return self->counters_as_totals;
}

void
isc_charts_page_set_counters_as_totals (IscChartsPage *self,
                                        gboolean       counters_as_totals)
{
  g_return_if_fail (ISC_IS_CHARTS_PAGE (self));

  counters_as_totals = !!counters_as_totals;
  if (self->counters_as_totals == counters_as_totals)
    return;
  self->counters_as_totals = counters_as_totals;

  /* From the response already shown: switching asks the API nothing. */
  update_models (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COUNTERS_AS_TOTALS]);
}
