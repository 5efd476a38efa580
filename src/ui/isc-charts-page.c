/* isc-charts-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-charts-page"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-chart-view.h"
#include "isc-charts-page.h"
#include "isc-metrics-loader.h"

/* Metrics arrive one to three minutes late: every 30 s is fresh enough. */
#define REFRESH_SECONDS 30

struct _IscChartsPage
{
  AdwBin              parent_instance;

  /* Widgets */
  GtkStack           *stack;
  GtkBox             *column;
  AdwStatusPage      *status;
  GtkWidget          *status_retry;
  GtkRevealer        *banner;
  GtkImage           *banner_icon;
  GtkLabel           *banner_title;
  GtkLabel           *banner_detail;

  /* Owned references */
  IscMetricsLoader   *loader;
  IscQuery           *query;
  GPtrArray          *views;
  IscMetricsResponse *response;     /* the one shown, drawn again by the switches */
  IscQuery           *shown_query;  /* what response answered */

  gint64              shown_ms;     /* when response was received, epoch ms */
  guint               refresh_id;

  /* Display switches */
  gboolean            use_utc;
  gboolean            counters_as_totals;
};

enum {
  PROP_0,
  PROP_USE_UTC,
  PROP_COUNTERS_AS_TOTALS,
  PROP_STALE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IscChartsPage, isc_charts_page, ADW_TYPE_BIN)

static const char *
error_icon_name (const GError *error)
{
  if (error != NULL && error->domain == ISC_API_ERROR &&
      (error->code == ISC_API_ERROR_NETWORK ||
       error->code == ISC_API_ERROR_DNS ||
       error->code == ISC_API_ERROR_TIMEOUT))
    return "network-offline-symbolic";

  return "dialog-warning-symbolic";
}

static void
show_status (IscChartsPage *self,
             const char    *icon_name,
             const char    *title,
             const char    *description,
             gboolean       can_retry)
{
  adw_status_page_set_icon_name (self->status, icon_name);
  adw_status_page_set_title (self->status, title);
  adw_status_page_set_description (self->status, description);
  gtk_widget_set_visible (self->status_retry, can_retry);
  gtk_stack_set_visible_child_name (self->stack, "status");
}

static void
set_stale (IscChartsPage *self,
           gboolean       stale)
{
  if (gtk_revealer_get_reveal_child (self->banner) == stale)
    return;

  gtk_revealer_set_reveal_child (self->banner, stale);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STALE]);
}

/* How old the data shown is, in the words of the strip. Minutes are as
 * fine as it gets: metrics arrive minutes late anyway. */
static char *
describe_age (gint64 age_ms)
{
  gint64 minutes = MAX (age_ms, 0) / (60 * 1000);
  gint64 hours = minutes / 60;
  gint64 days = hours / 24;

  if (minutes < 1)
    return g_strdup (_("Showing data from less than a minute ago"));
  if (minutes < 60)
    return g_strdup_printf (ngettext ("Showing data from %d minute ago",
                                      "Showing data from %d minutes ago",
                                      (gulong) minutes),
                            (int) minutes);
  if (hours < 48)
    return g_strdup_printf (ngettext ("Showing data from %d hour ago",
                                      "Showing data from %d hours ago",
                                      (gulong) hours),
                            (int) hours);
  return g_strdup_printf (ngettext ("Showing data from %d day ago",
                                    "Showing data from %d days ago",
                                    (gulong) MIN (days, G_MAXINT)),
                          (int) MIN (days, G_MAXINT));
}

static void
show_stale (IscChartsPage *self,
            const GError  *error)
{
  g_autofree char *age = describe_age (g_get_real_time () / 1000 - self->shown_ms);

  gtk_image_set_from_icon_name (self->banner_icon, error_icon_name (error));
  gtk_label_set_label (self->banner_title, age);
  gtk_label_set_label (self->banner_detail, error->message);
  set_stale (self, TRUE);
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

/* Shows @response, an answer to the current query received at
 * @received_ms; FALSE when it has no metrics to chart. */
static gboolean
show_response (IscChartsPage      *self,
               IscMetricsResponse *response,
               gint64              received_ms)
{
  guint n_metrics = isc_metrics_response_get_n_metrics (response);

  if (n_metrics == 0)
    return FALSE;

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
  g_clear_pointer (&self->shown_query, isc_query_free);
  self->shown_query = isc_query_copy (self->query);
  self->shown_ms = received_ms;
  update_models (self);

  gtk_stack_set_visible_child_name (self->stack, "charts");
  return TRUE;
}

/* Charts of the current query are on screen (a new query's failure must
 * not pass another deployment's charts off as its own). */
static gboolean
showing_charts (IscChartsPage *self)
{
  return self->response != NULL &&
         isc_query_equal (self->shown_query, self->query) &&
         g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "charts") == 0;
}

static void
loaded_cb (IscChartsPage      *self,
           IscMetricsResponse *response,
           IscMetricsLoader   *loader)
{
  set_stale (self, FALSE);

  if (!show_response (self, response, g_get_real_time () / 1000))
    {
      g_clear_pointer (&self->response, isc_metrics_response_unref);
      g_clear_pointer (&self->shown_query, isc_query_free);
      show_status (self, "dialog-information-symbolic", _("No Metrics"),
                   _("The deployment reported no metrics for this range"), FALSE);
    }
}

/* A failure here is the network or the server, which the person is told
 * on screen, so it is not logged as a warning. */
static void
failed_cb (IscChartsPage      *self,
           const GError       *error,
           IscMetricsResponse *cached,
           gint64              cached_ms,
           IscMetricsLoader   *loader)
{
  g_debug ("Could not load the metrics: %s", error->message);

  /* Keep the charts shown: a refresh that fails should not blank the
   * window, only say that what it shows is getting old. */
  if (showing_charts (self))
    {
      show_stale (self, error);
      return;
    }

  /* Nothing of this query shown yet (opened offline, say): the last good
   * answer kept on disk is better than nothing, with its age. */
  if (cached != NULL && cached_ms > 0 && show_response (self, cached, cached_ms))
    {
      show_stale (self, error);
      return;
    }

  set_stale (self, FALSE);
  show_status (self, error_icon_name (error), _("Could Not Load Metrics"), error->message, TRUE);
}

static void
loading_changed_cb (IscChartsPage    *self,
                    GParamSpec       *pspec,
                    IscMetricsLoader *loader)
{
  /* Retry is pointless while a load is on its way. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "charts.retry",
                                 !isc_metrics_loader_get_loading (loader));
}

static gboolean
refresh_cb (gpointer user_data)
{
  IscChartsPage *self = user_data;

  if (self->loader != NULL && self->query != NULL)
    isc_metrics_loader_load (self->loader, self->query);

  return G_SOURCE_CONTINUE;
}

static void
restart_refresh (IscChartsPage *self)
{
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  self->refresh_id = g_timeout_add_seconds (REFRESH_SECONDS, refresh_cb, self);
}

static void
set_loader (IscChartsPage    *self,
            IscMetricsLoader *loader)
{
  if (self->loader != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->loader, self);
      isc_metrics_loader_cancel (self->loader);
      g_clear_object (&self->loader);
    }

  if (loader == NULL)
    return;

  self->loader = g_object_ref (loader);
  g_signal_connect_object (loader, "loaded", G_CALLBACK (loaded_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (loader, "failed", G_CALLBACK (failed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (loader, "notify::loading", G_CALLBACK (loading_changed_cb), self, G_CONNECT_SWAPPED);
}

static void
retry_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  IscChartsPage *self = ISC_CHARTS_PAGE (widget);

  /* With nothing on screen, say that something is happening. */
  if (!showing_charts (self))
    gtk_stack_set_visible_child_name (self->stack, "loading");

  isc_charts_page_refresh (self);
}

static void
isc_charts_page_dispose (GObject *object)
{
  IscChartsPage *self = (IscChartsPage *)object;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  set_loader (self, NULL);
  g_clear_pointer (&self->query, isc_query_free);
  g_clear_pointer (&self->shown_query, isc_query_free);
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

    case PROP_STALE:
      g_value_set_boolean (value, isc_charts_page_get_stale (self));
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
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

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
  /* The data shown is older than the last load, which failed. */
  properties[PROP_STALE] =
    g_param_spec_boolean ("stale", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "charts.retry", NULL, retry_action);
}

/* The strip over the charts that says they are stale, since when and why,
 * with Retry. A revealer and a box rather than AdwBanner (libadwaita 1.3)
 * or GtkInfoBar (deprecated from GTK 4.10): the same on every version. */
static GtkWidget *
create_banner (IscChartsPage *self)
{
  GtkWidget *box, *texts, *retry;

  self->banner_icon = GTK_IMAGE (gtk_image_new_from_icon_name ("network-offline-symbolic"));
  gtk_widget_set_valign (GTK_WIDGET (self->banner_icon), GTK_ALIGN_CENTER);

  self->banner_title = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->banner_title, 0.0);
  gtk_label_set_wrap (self->banner_title, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->banner_title), "heading");

  self->banner_detail = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->banner_detail, 0.0);
  gtk_label_set_wrap (self->banner_detail, TRUE);
  gtk_label_set_wrap_mode (self->banner_detail, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (self->banner_detail, TRUE);

  texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (texts), GTK_WIDGET (self->banner_title));
  gtk_box_append (GTK_BOX (texts), GTK_WIDGET (self->banner_detail));

  retry = gtk_button_new_with_mnemonic (_("_Retry"));
  gtk_widget_set_tooltip_text (retry, _("Load the metrics again now"));
  gtk_widget_set_valign (retry, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (retry), "charts.retry");

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_add_css_class (box, "stale-banner");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->banner_icon));
  gtk_box_append (GTK_BOX (box), texts);
  gtk_box_append (GTK_BOX (box), retry);

  self->banner = GTK_REVEALER (gtk_revealer_new ());
  gtk_revealer_set_transition_type (self->banner, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_revealer_set_child (self->banner, box);

  return GTK_WIDGET (self->banner);
}

static void
isc_charts_page_init (IscChartsPage *self)
{
  GtkWidget *scrolled, *clamp, *spinner, *loading, *charts;

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
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  /* The strip sits above the scrolled charts, so it stays in view. */
  charts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (charts), create_banner (self));
  gtk_box_append (GTK_BOX (charts), scrolled);
  gtk_stack_add_named (self->stack, charts, "charts");

  self->status = ADW_STATUS_PAGE (adw_status_page_new ());
  self->status_retry = gtk_button_new_with_mnemonic (_("_Retry"));
  gtk_widget_set_halign (self->status_retry, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->status_retry, "pill");
  gtk_widget_add_css_class (self->status_retry, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->status_retry), "charts.retry");
  gtk_widget_set_visible (self->status_retry, FALSE);
  adw_status_page_set_child (self->status, self->status_retry);
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

  if (self->loader == NULL || isc_metrics_loader_get_client (self->loader) != client)
    {
      g_autoptr(IscMetricsLoader) loader = isc_metrics_loader_new (client);

      set_loader (self, loader);
    }

  if (!isc_query_equal (self->query, query))
    {
      g_clear_pointer (&self->query, isc_query_free);
      self->query = isc_query_copy (query);
    }

  isc_charts_page_refresh (self);
}

void
isc_charts_page_refresh (IscChartsPage *self)
{
  g_return_if_fail (ISC_IS_CHARTS_PAGE (self));

  if (self->loader == NULL || self->query == NULL)
    return;

  isc_metrics_loader_load (self->loader, self->query);
  restart_refresh (self);
}

gboolean
isc_charts_page_get_stale (IscChartsPage *self)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), FALSE);
  return gtk_revealer_get_reveal_child (self->banner);
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
