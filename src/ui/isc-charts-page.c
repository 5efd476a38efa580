/* isc-charts-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-charts-page"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-catalogue.h"
#include "isc-chart-annotations.h"
#include "isc-target-annotations.h"
#include "isc-chart-grid.h"
#include "isc-chart-slots.h"
#include "isc-chart-view.h"
#include "isc-charts-page.h"
#include "isc-event.h"
#include "isc-message-label.h"

/* The catalogue's groups, then "Other" for names it does not know. */
#define OTHER_GROUP ISC_METRIC_GROUP_OTHER

struct _IscChartsPage
{
  AdwBin              parent_instance;

  /* Widgets */
  GtkBox             *column;
  GtkLabel           *compare_message; /* a compare load's failure */
  GPtrArray          *views;         /* in the order shown */
  GPtrArray          *error_views;   /* per view: its "Error rate" view, or NULL */
  IscChartGrid       *first_grid;    /* the others share its gutters */

  /* Owned references */
  IscMetricsResponse *response;
  GArray             *slots;         /* IscChartSlot, the charts shown */
  GPtrArray          *slot_views;    /* per slot: its view */
  GPtrArray          *group_titles;  /* char *, per group shown */
  GArray             *group_counts;  /* guint, per group shown */
  IscTargetItem      *target_item;   /* what discovery says of the target */
  GListModel         *events;        /* the audit log's IscEvent, or NULL */
  /* The compared response, how far back it lies and what its series
   * add to their labels (isc_charts_page_set_compare()) */
  IscMetricsResponse *compare;
  gint64              compare_shift_ms;
  char               *compare_label;


  /* Display switches */
  gboolean            use_utc;
  gboolean            counters_as_totals;

  /* The series hidden from the legend, by metric and label, shared by
   * every view: kept while the views are made again for new metrics. */
  GHashTable         *hidden_series;

  /* Copying one view's cursor time to the others; the time they all
   * show (epoch ms, -1 for none) */
  gboolean            syncing;
  gint64              cursor_ms;
};

enum {
  PROP_0,
  PROP_RESPONSE,
  PROP_USE_UTC,
  PROP_COUNTERS_AS_TOTALS,
  PROP_CURSOR_TIME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IscChartsPage, isc_charts_page, ADW_TYPE_BIN)

static const char *
group_title (guint group)
{
  if (group == OTHER_GROUP)
    return _("Other");
  return isc_metric_group_get_title (group);
}

/* One model per chart shown, from the response shown, counters as the
 * switch says; the views keep their size, so only the layout and the
 * picture are made again. */
/* The target's limits and rollout events for the response shown, from
 * what discovery said of it; NULL when it said nothing. */
static IscChartAnnotations *
new_annotations (IscChartsPage *self)
{
  IscChartAnnotations *annotations = NULL;
  IscEnvironment *environment;
  IscDeployment *deployment;
  guint n_events;

  if (self->target_item == NULL)
    return NULL;
  if ((environment = isc_target_item_get_environment (self->target_item)) != NULL)
    annotations = isc_target_annotations_new_for_environment_with_events (environment, self->response,
                                                                         g_get_real_time () / 1000,
                                                                         self->events);
  else if ((deployment = isc_target_item_get_deployment (self->target_item)) != NULL)
    annotations = isc_target_annotations_new_for_deployment_with_events (deployment, self->response,
                                                                        self->events);
  if (annotations == NULL || self->events == NULL)
    return annotations;

  /* An event's marker is labelled short ("max replicas 10 → 16"); the
   * hover, the keyboard and a screen reader say its sentence, with who
   * and from where. */
  n_events = g_list_model_get_n_items (self->events);
  for (guint i = 0; i < n_events; i++)
    {
      g_autoptr(IscEvent) event = g_list_model_get_item (self->events, i);
      g_autofree char *label = isc_event_dup_label (event);
      g_autofree char *sentence = isc_event_describe (event);

      isc_chart_annotations_describe_marker (annotations, isc_event_get_time_ms (event), label, sentence);
    }
  return annotations;
}

static void
update_models (IscChartsPage *self)
{
  IscCounterDisplay display = self->counters_as_totals ? ISC_COUNTER_DISPLAY_TOTALS : ISC_COUNTER_DISPLAY_RATE;
  g_autoptr(IscChartAnnotations) annotations = NULL;

  if (self->response == NULL || self->slots == NULL)
    return;
  annotations = new_annotations (self);

  for (guint i = 0; i < self->slots->len; i++)
    {
      const IscChartSlot *slot = &g_array_index (self->slots, IscChartSlot, i);
      g_autoptr(IscChartModel) model = isc_chart_slot_new_model (slot, self->response, display);

      /* The compared series first: the view hides series by label. */
      if (model != NULL && self->compare != NULL)
        {
          g_autoptr(IscChartModel) other = isc_chart_model_new_like (model, self->compare);

          isc_chart_model_set_compare (model, other, self->compare_shift_ms, self->compare_label);
        }
      isc_chart_annotations_apply (annotations, model);
      isc_chart_view_set_model (g_ptr_array_index (self->slot_views, i), model);
    }
}

static void
clear_charts (IscChartsPage *self)
{
  GtkWidget *child;

  /* Forgotten first: a view on its way out says its cursor is gone (the
   * pointer left it), and the others must not hear of it from a view
   * already freed. */
  g_ptr_array_set_size (self->views, 0);
  g_ptr_array_set_size (self->error_views, 0);
  g_ptr_array_set_size (self->slot_views, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->column))) != NULL)
    gtk_box_remove (self->column, child);
  self->first_grid = NULL;
  g_ptr_array_set_size (self->group_titles, 0);
  g_array_set_size (self->group_counts, 0);
  g_clear_pointer (&self->slots, g_array_unref);
}

static GtkWidget *
add_group (IscChartsPage *self,
           guint          group)
{
  const char *title = group_title (group);
  GtkWidget *box, *heading, *grid;
  guint zero = 0;

  heading = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (heading), 0.0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_widget_add_css_class (heading, "heading");

  grid = isc_chart_grid_new ();
  gtk_accessible_update_relation (GTK_ACCESSIBLE (grid),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, heading, NULL,
                                  -1);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (box), heading);
  gtk_box_append (GTK_BOX (box), grid);
  gtk_box_append (self->column, box);
  /* One time at one x down the page, from group to group. */
  if (self->first_grid != NULL)
    isc_chart_grid_share_gutters (ISC_CHART_GRID (grid), self->first_grid);
  else
    self->first_grid = ISC_CHART_GRID (grid);

  g_ptr_array_add (self->group_titles, g_strdup (title));
  g_array_append_val (self->group_counts, zero);

  return grid;
}

/* Calls @func with @data on every chart view of the page but @except. */
static void
foreach_view_but (IscChartsPage *self,
                  IscChartView  *except,
                  void         (*func) (IscChartView *view,
                                        gpointer      data),
                  gpointer       data)
{
  for (guint i = 0; i < self->slot_views->len; i++)
    {
      IscChartView *view = g_ptr_array_index (self->slot_views, i);

      if (view != except)
        func (view, data);
    }
}

/* TRUE when @slots of @response are the charts shown, of the same
 * metrics: then the views stay. */
static gboolean
same_charts (IscChartsPage      *self,
             IscMetricsResponse *response,
             GArray             *slots)
{
  if (self->response == NULL || !isc_chart_slots_equal (slots, self->slots))
    return FALSE;
  for (guint i = 0; i < slots->len; i++)
    {
      guint metric = g_array_index (slots, IscChartSlot, i).metric;

      if (g_strcmp0 (isc_metric_get_name (isc_metrics_response_get_metric (response, metric)),
                     isc_metric_get_name (isc_metrics_response_get_metric (self->response, metric))) != 0)
        return FALSE;
    }
  return TRUE;
}

static void
set_cursor_time (IscChartView *view,
                 gpointer      data)
{
  isc_chart_view_set_cursor_time (view, *(const gint64 *) data);
}

/* The pointer over one chart: the cursor at that time on every chart, each
 * at its own nearest step. */
static void
cursor_time_cb (IscChartsPage *self,
                GParamSpec    *pspec,
                IscChartView  *source)
{
  gint64 ms;

  if (self->syncing)
    return;
  ms = isc_chart_view_get_cursor_time (source);
  self->syncing = TRUE;
  foreach_view_but (self, source, set_cursor_time, &ms);
  self->syncing = FALSE;
  if (self->cursor_ms != ms)
    {
      self->cursor_ms = ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR_TIME]);
    }
}

static void
show_range (IscChartView *view,
            gpointer      data)
{
  const gint64 *range = data;

  isc_chart_view_show_range (view, range[0], range[1]);
}

/* A drag zooms every chart at once: each shows its picture scaled to the
 * range until the view's answer for it arrives. */
static void
range_selected_cb (IscChartsPage *self,
                   gint64         start_ms,
                   gint64         end_ms,
                   IscChartView  *source)
{
  gint64 range[2] = { start_ms, end_ms };

  foreach_view_but (self, source, show_range, range);
}

static void
watch_view (IscChartsPage *self,
            GtkWidget     *view)
{
  g_signal_connect_object (view, "notify::cursor-time", G_CALLBACK (cursor_time_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (view, "range-selected", G_CALLBACK (range_selected_cb), self, G_CONNECT_SWAPPED);
}

/* A chart view as the page shows them, its accessible label @title until
 * it has a model. */
static GtkWidget *
new_view (IscChartsPage *self,
          const char    *title)
{
  GtkWidget *view = isc_chart_view_new (NULL);

  isc_chart_view_set_hidden_series (ISC_CHART_VIEW (view), self->hidden_series);
  isc_chart_view_set_use_utc (ISC_CHART_VIEW (view), self->use_utc);
  /* A chart made anew shows the window's moment too. */
  isc_chart_view_set_cursor_time (ISC_CHART_VIEW (view), self->cursor_ms);
  gtk_accessible_update_property (GTK_ACCESSIBLE (view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  watch_view (self, view);
  return view;
}

/* A view per slot, a grid per group: the order an export draws them
 * in. Each counter of requests by status is followed by its error rate,
 * derived from it: it comes and goes with it, whatever the layout chose. */
static void
build_charts (IscChartsPage *self,
              GArray        *slots)
{
  GtkWidget *grid = NULL;
  guint grid_group = 0;

  clear_charts (self);
  self->slots = g_array_ref (slots);

  for (guint i = 0; i < slots->len; i++)
    {
      const IscChartSlot *slot = &g_array_index (slots, IscChartSlot, i);
      const char *name = isc_metric_get_name (isc_metrics_response_get_metric (self->response, slot->metric));
      GtkWidget *view;

      if (grid == NULL || slot->group != grid_group)
        {
          grid = add_group (self, slot->group);
          grid_group = slot->group;
        }

      /* The view's own label follows its model; this one holds from the
       * start, before any model. */
      view = new_view (self, isc_catalogue_get_title (slot->error_rate ? ISC_CATALOGUE_ERROR_RATE : name));
      isc_chart_grid_append (ISC_CHART_GRID (grid), view);
      g_ptr_array_add (self->slot_views, view);
      if (slot->error_rate)
        {
          g_ptr_array_index (self->error_views, self->error_views->len - 1) = view;
          continue;
        }
      g_ptr_array_add (self->views, view);
      g_ptr_array_add (self->error_views, NULL);
      g_array_index (self->group_counts, guint, self->group_counts->len - 1)++;
    }

  /* Charts of names the catalogue does not group, and nothing else (the
   * Model APIs page's): a heading "Other" would say nothing. */
  if (slots->len > 0 && self->group_titles->len == 1 &&
      g_array_index (slots, IscChartSlot, 0).group == OTHER_GROUP)
    {
      GtkWidget *box = gtk_widget_get_first_child (GTK_WIDGET (self->column));

      gtk_widget_set_visible (gtk_widget_get_first_child (box), FALSE);
    }
}

static void
isc_charts_page_dispose (GObject *object)
{
  IscChartsPage *self = (IscChartsPage *)object;

  g_clear_pointer (&self->response, isc_metrics_response_unref);
  g_clear_pointer (&self->compare, isc_metrics_response_unref);
  g_clear_pointer (&self->compare_label, g_free);
  g_clear_pointer (&self->slots, g_array_unref);
  g_clear_object (&self->target_item);
  if (self->events != NULL)
    g_signal_handlers_disconnect_by_func (self->events, update_models, self);
  g_clear_object (&self->events);

  G_OBJECT_CLASS (isc_charts_page_parent_class)->dispose (object);
}

static void
isc_charts_page_finalize (GObject *object)
{
  IscChartsPage *self = (IscChartsPage *)object;

  g_ptr_array_unref (self->views);
  g_ptr_array_unref (self->error_views);
  g_ptr_array_unref (self->slot_views);
  g_ptr_array_unref (self->group_titles);
  g_array_unref (self->group_counts);
  g_hash_table_unref (self->hidden_series);

  G_OBJECT_CLASS (isc_charts_page_parent_class)->finalize (object);
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
    case PROP_RESPONSE:
      g_value_set_boxed (value, isc_charts_page_get_response (self));
      break;

    case PROP_USE_UTC:
      g_value_set_boolean (value, isc_charts_page_get_use_utc (self));
      break;

    case PROP_COUNTERS_AS_TOTALS:
      g_value_set_boolean (value, isc_charts_page_get_counters_as_totals (self));
      break;

    case PROP_CURSOR_TIME:
      g_value_set_int64 (value, self->cursor_ms);
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
    case PROP_RESPONSE:
      isc_charts_page_set_response (self, g_value_get_boxed (value));
      break;

    case PROP_USE_UTC:
      isc_charts_page_set_use_utc (self, g_value_get_boolean (value));
      break;

    case PROP_COUNTERS_AS_TOTALS:
      isc_charts_page_set_counters_as_totals (self, g_value_get_boolean (value));
      break;

    case PROP_CURSOR_TIME:
      isc_charts_page_set_cursor_time (self, g_value_get_int64 (value));
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
  object_class->finalize = isc_charts_page_finalize;
  object_class->get_property = isc_charts_page_get_property;
  object_class->set_property = isc_charts_page_set_property;

  properties[PROP_RESPONSE] =
    g_param_spec_boxed ("response", NULL, NULL,
                        ISC_TYPE_METRICS_RESPONSE,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_USE_UTC] =
    g_param_spec_boolean ("use-utc", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_COUNTERS_AS_TOTALS] =
    g_param_spec_boolean ("counters-as-totals", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CURSOR_TIME] =
    g_param_spec_int64 ("cursor-time", NULL, NULL,
                        -1, G_MAXINT64, -1,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_charts_page_init (IscChartsPage *self)
{
  GtkWidget *scrolled;
  GtkWidget *box;

  self->views = g_ptr_array_new ();
  self->error_views = g_ptr_array_new ();
  self->slot_views = g_ptr_array_new ();
  self->group_titles = g_ptr_array_new_with_free_func (g_free);
  self->group_counts = g_array_new (FALSE, FALSE, sizeof (guint));
  self->hidden_series = isc_chart_view_new_hidden_series ();
  self->cursor_ms = -1;

  self->column = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 18));
  gtk_widget_set_margin_top (GTK_WIDGET (self->column), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->column), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (self->column), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->column), 12);

  scrolled = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_hexpand (scrolled, TRUE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  /* A compare that failed says so above the charts, which stay. */
  self->compare_message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->compare_message, TRUE);
  gtk_label_set_xalign (self->compare_message, 0);
  gtk_widget_set_margin_start (GTK_WIDGET (self->compare_message), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->compare_message), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self->compare_message), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self->compare_message), "warning");
  gtk_widget_set_visible (GTK_WIDGET (self->compare_message), FALSE);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->compare_message));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->column));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
  adw_bin_set_child (ADW_BIN (self), scrolled);
}

GtkWidget *
isc_charts_page_new (void)
{
  return g_object_new (ISC_TYPE_CHARTS_PAGE, NULL);
}

IscMetricsResponse *
isc_charts_page_get_response (IscChartsPage *self)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), NULL);
  return self->response;
}

void
isc_charts_page_set_response (IscChartsPage      *self,
                              IscMetricsResponse *response)
{
  g_return_if_fail (ISC_IS_CHARTS_PAGE (self));
  g_return_if_fail (response == NULL || isc_metrics_response_get_mode (response) == ISC_MODE_SERIES);

  if (self->response == response)
    return;

  if (response == NULL)
    {
      g_clear_pointer (&self->response, isc_metrics_response_unref);
      clear_charts (self);
    }
  else
    {
      g_autoptr(GArray) slots = isc_chart_slots_new (response);
      /* The same charts of the same metrics: the same views, so the
       * person's place and the step under the pointer are kept. */
      gboolean same = same_charts (self, response, slots);

      isc_metrics_response_ref (response);
      g_clear_pointer (&self->response, isc_metrics_response_unref);
      self->response = response;
      if (!same)
        build_charts (self, slots);
      update_models (self);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESPONSE]);
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

GtkWidget *
isc_charts_page_get_error_rate_chart (IscChartsPage *self,
                                      guint          index)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), NULL);
  g_return_val_if_fail (index < self->error_views->len, NULL);
  return g_ptr_array_index (self->error_views, index);
}

guint
isc_charts_page_get_n_groups (IscChartsPage *self)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), 0);
  return self->group_titles->len;
}

const char *
isc_charts_page_get_group_title (IscChartsPage *self,
                                 guint          index)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), NULL);
  g_return_val_if_fail (index < self->group_titles->len, NULL);
  return g_ptr_array_index (self->group_titles, index);
}

guint
isc_charts_page_get_group_n_charts (IscChartsPage *self,
                                    guint          index)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), 0);
  g_return_val_if_fail (index < self->group_counts->len, 0);
  return g_array_index (self->group_counts, guint, index);
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

  for (guint i = 0; i < self->slot_views->len; i++)
    isc_chart_view_set_use_utc (g_ptr_array_index (self->slot_views, i), use_utc);

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

gint64
isc_charts_page_get_cursor_time (IscChartsPage *self)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), -1);
  return self->cursor_ms;
}

void
isc_charts_page_set_cursor_time (IscChartsPage *self,
                                 gint64         ms)
{
  g_return_if_fail (ISC_IS_CHARTS_PAGE (self));

  if (ms < 0)
    ms = -1;
  if (self->cursor_ms == ms)
    return;
  self->cursor_ms = ms;
  self->syncing = TRUE;
  foreach_view_but (self, NULL, set_cursor_time, &ms);
  self->syncing = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR_TIME]);
}

/* Transitional, until the window feeds the page from its IscView: one
 * fetch, shown when it succeeds. */

IscTargetItem *
isc_charts_page_get_target_item (IscChartsPage *self)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), NULL);
  return self->target_item;
}

void
isc_charts_page_set_target_item (IscChartsPage *self,
                                 IscTargetItem *item)
{
  g_return_if_fail (ISC_IS_CHARTS_PAGE (self));
  g_return_if_fail (item == NULL || ISC_IS_TARGET_ITEM (item));

  if (!g_set_object (&self->target_item, item))
    return;
  /* The limits and markers change on the charts shown, no fetch. */
  update_models (self);
}

GListModel *
isc_charts_page_get_events (IscChartsPage *self)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), NULL);
  return self->events;
}

void
isc_charts_page_set_events (IscChartsPage *self,
                            GListModel    *events)
{
  g_return_if_fail (ISC_IS_CHARTS_PAGE (self));
  g_return_if_fail (events == NULL || G_IS_LIST_MODEL (events));

  if (self->events == events)
    return;
  if (self->events != NULL)
    g_signal_handlers_disconnect_by_func (self->events, update_models, self);
  g_set_object (&self->events, events);
  if (self->events != NULL)
    g_signal_connect_swapped (self->events, "items-changed", G_CALLBACK (update_models), self);
  update_models (self);
}

/**
 * isc_charts_page_set_compare:
 * @self: a charts page
 * @response: (nullable): the compared response, NULL for none
 * @shift_ms: how far back its window lies (0 for another target)
 * @label: (nullable): what its series add to their labels, "last week"
 *
 * Overlays @response on every chart as dashed series of their own
 * (isc_chart_model_set_compare()), from the response shown: no fetch.
 */
void
isc_charts_page_set_compare (IscChartsPage      *self,
                             IscMetricsResponse *response,
                             gint64              shift_ms,
                             const char         *label)
{
  g_return_if_fail (ISC_IS_CHARTS_PAGE (self));

  if (response != NULL && isc_metrics_response_get_mode (response) != ISC_MODE_SERIES)
    response = NULL;
  if (self->compare == response && self->compare_shift_ms == shift_ms &&
      g_strcmp0 (self->compare_label, label) == 0)
    return;

  if (response != NULL)
    isc_metrics_response_ref (response);
  g_clear_pointer (&self->compare, isc_metrics_response_unref);
  self->compare = response;
  self->compare_shift_ms = shift_ms;
  g_free (self->compare_label);
  self->compare_label = g_strdup (label);
  update_models (self);
}

IscMetricsResponse *
isc_charts_page_get_compare (IscChartsPage *self)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), NULL);
  return self->compare;
}

void
isc_charts_page_set_compare_message (IscChartsPage *self,
                                     const char    *message)
{
  g_return_if_fail (ISC_IS_CHARTS_PAGE (self));
  isc_message_label_set (self->compare_message, message);
}

const char *
isc_charts_page_get_compare_message (IscChartsPage *self)
{
  g_return_val_if_fail (ISC_IS_CHARTS_PAGE (self), NULL);
  return isc_message_label_get (self->compare_message);
}

/**
 * isc_charts_page_show_compare:
 * @self: a charts page
 * @view: the view whose compared response to show
 *
 * Follows @view's compare: its response, shift and label, and its
 * failure as a line above the charts.
 */
void
isc_charts_page_show_compare (IscChartsPage *self,
                              IscView       *view)
{
  g_autofree char *label = NULL;
  g_autofree char *message = NULL;
  const GError *error;

  g_return_if_fail (ISC_IS_CHARTS_PAGE (self));
  g_return_if_fail (ISC_IS_VIEW (view));

  label = isc_view_dup_compare_label (view);
  error = isc_view_get_compare_error (view);
  if (error != NULL && label != NULL)
    {
      /* The names as widgets show them; the series keep them as sent. */
      g_autofree char *shown = isc_view_dup_compare_display_label (view);

      /* Translators: above the charts when the compared series could not
       * be loaded: what was compared ("last week", "d7"), then why */
      message = g_strdup_printf (_("Could not load the comparison with %s: %s"), shown, error->message);
    }
  isc_charts_page_set_compare_message (self, message);
  isc_charts_page_set_compare (self, isc_view_get_compare_response (view),
                               isc_view_get_compare_shift (view), label);
}
