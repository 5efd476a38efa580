/* isc-overview-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-overview-page"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-error-share.h"
#include "isc-overview-page.h"
#include "isc-units.h"

/* Narrower than this, the sparkline and p95 columns hide. */
#define COMPACT_WIDTH 600
#define SPARK_WIDTH   72
#define SPARK_HEIGHT  22
/* Rows that answered are put in their sorted place at most this often
 * while a pass fills the table, and at once when it ends. */
#define RESORT_DELAY_MS 300

struct _IscOverviewPage
{
  GtkWidget             parent_instance;

  /* Widgets */
  GtkWidget            *box;
  GtkSearchEntry       *search_entry;
  GtkLabel             *progress_label;
  GtkColumnView        *column_view;
  GtkColumnViewColumn  *spark_column;
  GtkColumnViewColumn  *p95_column;
  GtkColumnViewColumn  *cost_column;
  GtkSorter            *cost_sorter;
  GtkStack             *stack;

  /* Owned references */
  IscFleet             *fleet;
  GListStore           *rows;         /* the fleet's rows, as last sorted */
  GtkCustomFilter      *filter;
  GtkFilterListModel   *filtered;
  GtkSortListModel     *sorted;
  GtkSingleSelection   *selection;
  GSignalGroup         *fleet_signals;

  /* The Cost column's: what the workspace was billed and the prices,
   * for the fleet's range, and each row's cost (IscCost) by row, made
   * again when the row's answer or the billing changes. */
  IscUsage             *usage;
  GCancellable         *usage_cancellable;
  IscBillingSummary    *billing;
  IscInstanceTypePrices *prices;
  GHashTable           *costs;
  gboolean              billing_failed;
  gint64                billing_start_ms;
  gint64                billing_end_ms;

  char                 *filter_text;
  gboolean              compact;
  guint                 compact_id;
  GtkAdjustment        *vadjustment;  /* the table's, borrowed */
  gboolean              at_top;
  gboolean              back_to_top;  /* after the next frame */
  gint64                user_scrolled_us;  /* a person's last scroll, key or drag */

  /* Rows whose answers arrived since the table was last sorted */
  guint                 resort_id;
  guint                 dirty_first;
  guint                 dirty_end;
};

G_DEFINE_FINAL_TYPE (IscOverviewPage, isc_overview_page, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FLEET,
  PROP_FILTER,
  PROP_USAGE,
  N_PROPS
};

enum {
  TARGET_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Cells ********************************************************************/

typedef enum
{
  COLUMN_NAME,
  COLUMN_REQUESTS,
  COLUMN_ERRORS,
  COLUMN_P95,
  COLUMN_REPLICAS,
  COLUMN_COST,
  COLUMN_HEALTH,
} Column;

static const char *
health_css_class (IscFleetHealth health)
{
  switch (health)
    {
    case ISC_FLEET_HEALTH_ERROR:
    case ISC_FLEET_HEALTH_FAILING:
      return "error";
    case ISC_FLEET_HEALTH_DEGRADED:
    case ISC_FLEET_HEALTH_ATTENTION:
    case ISC_FLEET_HEALTH_AT_MAX:
      return "warning";
    case ISC_FLEET_HEALTH_HEALTHY:
      return "success";
    case ISC_FLEET_HEALTH_NO_TRAFFIC:
    case ISC_FLEET_HEALTH_UNKNOWN:
    default:
      return "dim-label";
    }
}

static void
set_css_class (GtkWidget  *widget,
               const char *css_class)
{
  static const char *const classes[] = { "error", "warning", "success", "dim-label" };

  /* A cell bound again to what it shows keeps its style untouched. */
  if (g_object_get_data (G_OBJECT (widget), "isc-css-class") == css_class &&
      g_object_get_data (G_OBJECT (widget), "isc-css-set") != NULL)
    return;
  g_object_set_data (G_OBJECT (widget), "isc-css-class", (gpointer) css_class);
  g_object_set_data (G_OBJECT (widget), "isc-css-set", GINT_TO_POINTER (TRUE));

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (widget, classes[i]);
  if (css_class != NULL)
    gtk_widget_add_css_class (widget, css_class);
}

static char *
row_title (IscFleetRow *row)
{
  /* Translators: a model's name, then one of its environments or deployments. */
  return g_strdup_printf (_("%s · %s"), isc_fleet_row_get_model_name (row), isc_fleet_row_get_name (row));
}

/* The mean request rate over the range, NaN when unknown. */
static double
mean_rate (IscFleetRow *row)
{
  guint n_rates, n = 0;
  const double *rates = isc_fleet_row_get_request_rates (row, &n_rates);
  double sum = 0;

  for (guint i = 0; i < n_rates; i++)
    {
      if (!isnan (rates[i]))
        {
          sum += rates[i];
          n++;
        }
    }

  return n > 0 ? sum / n : NAN;
}

static char *
format_requests (IscFleetRow *row)
{
  double rate = mean_rate (row);

  if (isnan (rate))
    return g_strdup ("–");

  return isc_format_value (rate, ISC_UNIT_HINT_PER_SECOND, 2);
}

static char *
format_p95 (IscFleetRow *row)
{
  double p95 = isc_fleet_row_get_p95_seconds (row);
  double regression = isc_fleet_row_get_latency_regression (row);
  g_autofree char *value = NULL;

  if (isnan (p95))
    return g_strdup ("–");

  value = isc_format_value (p95, ISC_UNIT_HINT_SECONDS, 2);
  if (isnan (regression) || fabs (regression) < 0.05)
    return g_steal_pointer (&value);

  /* Translators: a latency and its change against the window before,
   * e.g. "1.2 s (+35 %)". */
  return g_strdup_printf (_("%s (%+.0f\u00a0%%)"), value, regression * 100.0);
}

static char *
format_replicas (IscFleetRow *row)
{
  double replicas = isc_fleet_row_get_replicas (row);
  gint64 min = isc_fleet_row_get_min_replicas (row);
  gint64 max = isc_fleet_row_get_max_replicas (row);

  if (isnan (replicas))
    return g_strdup ("–");
  if (min < 0 || max < 0)
    return g_strdup_printf ("%.0f", replicas);

  /* Translators: replicas running, then the autoscaling minimum and
   * maximum: "3 of 1–5". */
  return g_strdup_printf (_("%.0f of %d–%d"), replicas, (int) min, (int) max);
}

/* The sparkline: the request rate at each step, scaled to its maximum. */
static void
draw_spark (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  IscFleetRow *row = g_object_get_data (G_OBJECT (area), "isc-row");
  const double *rates;
  guint n_rates;
  double max = 0;
  gboolean started = FALSE;
  GdkRGBA color;

  if (row == NULL)
    return;

  rates = isc_fleet_row_get_request_rates (row, &n_rates);
  for (guint i = 0; i < n_rates; i++)
    {
      if (!isnan (rates[i]))
        max = MAX (max, rates[i]);
    }
  if (n_rates < 2)
    return;

#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (GTK_WIDGET (area), &color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &color);
#endif
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  for (guint i = 0; i < n_rates; i++)
    {
      double x = 1 + (width - 2) * (double) i / (n_rates - 1);
      double y;

      if (isnan (rates[i]))
        {
          started = FALSE;
          continue;
        }
      y = height - 1 - (max > 0 ? (height - 2) * rates[i] / max : 0);
      if (started)
        cairo_line_to (cr, x, y);
      else
        cairo_move_to (cr, x, y);
      started = TRUE;
    }
  cairo_stroke (cr);
}

/* The name's tooltip, asked for only when the pointer rests on it:
 * gtk_widget_set_tooltip_text() on every bind asks the display where the
 * pointer is (a round trip to the X server in GTK 4.8), once per cell per
 * arrival while the overview fills. */
static gboolean
query_title_tooltip (GtkWidget  *label,
                     int         x,
                     int         y,
                     gboolean    keyboard_mode,
                     GtkTooltip *tooltip,
                     gpointer    user_data)
{
  const char *text = gtk_label_get_text (GTK_LABEL (label));

  if (text == NULL || *text == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static GtkWidget *
new_cell_label (gboolean numeric)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1.0f : 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  return label;
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  GtkWidget *child;

  switch (column)
    {
    case COLUMN_NAME:
      {
        GtkWidget *title = new_cell_label (FALSE);
        GtkWidget *error = new_cell_label (FALSE);

        child = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
        gtk_widget_set_has_tooltip (title, TRUE);
        g_signal_connect (title, "query-tooltip", G_CALLBACK (query_title_tooltip), NULL);
        gtk_label_set_wrap (GTK_LABEL (error), TRUE);
        gtk_label_set_wrap_mode (GTK_LABEL (error), PANGO_WRAP_WORD_CHAR);
        gtk_label_set_lines (GTK_LABEL (error), 3);
        gtk_widget_add_css_class (error, "error");
        gtk_widget_add_css_class (error, "caption");
        gtk_box_append (GTK_BOX (child), title);
        gtk_box_append (GTK_BOX (child), error);
      }
      break;

    case COLUMN_REQUESTS:
      {
        GtkWidget *spark = gtk_drawing_area_new ();

        child = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
        gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (spark), SPARK_WIDTH);
        gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (spark), SPARK_HEIGHT);
        gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (spark), draw_spark, NULL, NULL);
        gtk_widget_set_valign (spark, GTK_ALIGN_CENTER);
        gtk_widget_add_css_class (spark, "accent");
        gtk_box_append (GTK_BOX (child), spark);
        gtk_box_append (GTK_BOX (child), new_cell_label (TRUE));
      }
      break;

    case COLUMN_ERRORS:
    case COLUMN_P95:
    case COLUMN_REPLICAS:
    case COLUMN_COST:
      child = new_cell_label (TRUE);
      break;

    case COLUMN_HEALTH:
    default:
      child = new_cell_label (FALSE);
      gtk_widget_add_css_class (child, "heading");
      break;
    }

  gtk_list_item_set_child (item, child);
}

static void
update_cell (GtkListItem *item)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (item), "isc-column"));
  IscFleetRow *row = gtk_list_item_get_item (item);
  GtkWidget *child = gtk_list_item_get_child (item);
  g_autofree char *text = NULL;
  IscFleetHealth health;

  if (row == NULL || child == NULL)
    return;

  health = isc_fleet_row_get_health (row);
  switch (column)
    {
    case COLUMN_NAME:
      {
        GtkWidget *title = gtk_widget_get_first_child (child);
        GtkWidget *error = gtk_widget_get_next_sibling (title);
        const char *message = isc_fleet_row_get_error_message (row);

        text = isc_target_dup_display_title (isc_fleet_row_get_target (row));
        gtk_label_set_text (GTK_LABEL (title), text);
        gtk_label_set_text (GTK_LABEL (error), message != NULL ? message : "");
        gtk_widget_set_visible (error, message != NULL);
      }
      break;

    case COLUMN_REQUESTS:
      {
        GtkWidget *spark = gtk_widget_get_first_child (child);
        GtkWidget *label = gtk_widget_get_next_sibling (spark);
        g_autofree char *description = NULL;

        text = format_requests (row);
        gtk_label_set_text (GTK_LABEL (label), text);
        g_object_set_data_full (G_OBJECT (spark), "isc-row", g_object_ref (row), g_object_unref);
        description = g_strdup_printf (_("Request rate over the range, %s on average"), text);
        if (g_strcmp0 (description, g_object_get_data (G_OBJECT (spark), "isc-description")) != 0)
          {
            gtk_accessible_update_property (GTK_ACCESSIBLE (spark),
                                            GTK_ACCESSIBLE_PROPERTY_LABEL, description,
                                            -1);
            g_object_set_data_full (G_OBJECT (spark), "isc-description", g_steal_pointer (&description), g_free);
          }
        gtk_widget_queue_draw (spark);
      }
      break;

    case COLUMN_ERRORS:
      text = isc_error_share_format (isc_fleet_row_get_error_share (row));
      gtk_label_set_text (GTK_LABEL (child), text);
      set_css_class (child, health == ISC_FLEET_HEALTH_FAILING ? "error" : NULL);
      break;

    case COLUMN_P95:
      text = format_p95 (row);
      gtk_label_set_text (GTK_LABEL (child), text);
      {
        double regression = isc_fleet_row_get_latency_regression (row);

        set_css_class (child, !isnan (regression) && regression >= ISC_FLEET_DEGRADED_REGRESSION ? "warning" : NULL);
      }
      break;

    case COLUMN_REPLICAS:
      text = format_replicas (row);
      gtk_label_set_text (GTK_LABEL (child), text);
      set_css_class (child, isc_fleet_row_get_at_max (row) ? "warning" : NULL);
      break;

    case COLUMN_COST:
      /* The page's bind_cost_cell() sets it. */
      break;

    case COLUMN_HEALTH:
    default:
      gtk_label_set_text (GTK_LABEL (child), isc_fleet_health_get_title (health));
      set_css_class (child, health_css_class (health));
      break;
    }
}

static void
row_changed_cb (IscFleetRow *row,
                GParamSpec  *pspec,
                GtkListItem *item)
{
  update_cell (item);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  IscFleetRow *row = gtk_list_item_get_item (item);
  gulong id;

  g_object_set_data (G_OBJECT (item), "isc-column", user_data);
  update_cell (item);

  /* A row that is the same item keeps its widgets: follow it. */
  id = g_signal_connect_object (row, "notify::health", G_CALLBACK (row_changed_cb), item, 0);
  g_object_set_data (G_OBJECT (item), "isc-handler", GSIZE_TO_POINTER (id));
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  IscFleetRow *row = gtk_list_item_get_item (item);
  gulong id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (item), "isc-handler"));

  if (row != NULL && id != 0)
    g_signal_handler_disconnect (row, id);
  g_object_set_data (G_OBJECT (item), "isc-handler", NULL);
}

/* Cost *********************************************************************/

typedef struct
{
  IscMetricsResponse *response;  /* the answer it was made from: identity only */
  IscCost             cost;
} CostEntry;

/* The range the fleet asks for, now. */
static void
fleet_range (IscOverviewPage *self,
             gint64          *start_ms,
             gint64          *end_ms)
{
  const IscTimeRange *range = self->fleet != NULL ? isc_fleet_get_range (self->fleet) : NULL;

  *start_ms = *end_ms = 0;
  if (range != NULL)
    isc_time_range_resolve (range, g_get_real_time () / 1000, start_ms, end_ms);
}

/* What @row cost over the range: billed days from the billing summary,
 * the rest estimated from its replicas and its instance type's price;
 * NULL until the billing or the prices are known. */
static const IscCost *
row_cost (IscOverviewPage *self,
          IscFleetRow     *row)
{
  gint64 start_ms = 0, end_ms = 0;
  IscMetricsResponse *response;
  const IscTarget *target;
  CostEntry *entry;

  if (self->usage == NULL || (self->billing == NULL && self->prices == NULL))
    return NULL;

  response = isc_fleet_row_get_response (row, &start_ms, &end_ms);
  entry = g_hash_table_lookup (self->costs, row);
  if (entry != NULL && entry->response == response)
    return &entry->cost;

  if (response == NULL)
    fleet_range (self, &start_ms, &end_ms);
  if (end_ms <= start_ms)
    return NULL;

  entry = g_new0 (CostEntry, 1);
  entry->response = response;
  target = isc_fleet_row_get_target (row);
  isc_usage_cost_of_target (&entry->cost, self->billing, self->prices,
                            target->kind == ISC_TARGET_DEPLOYMENT ? target->id : NULL,
                            target->model_name,
                            target->kind == ISC_TARGET_ENVIRONMENT ? target->id : NULL,
                            isc_fleet_row_get_instance_type (row),
                            response, start_ms, end_ms, g_get_real_time () / 1000);
  g_hash_table_replace (self->costs, g_object_ref (row), entry);
  return &entry->cost;
}

/* For sorting only: billed and estimated both count, the costliest
 * first; the cell always says them apart. NaN when nothing is known. */
static double
row_cost_dollars (IscOverviewPage *self,
                  IscFleetRow     *row)
{
  const IscCost *cost = row_cost (self, row);
  IscMoney sum = 0;

  if (cost == NULL || isc_cost_get_basis (cost) == ISC_COST_NONE)
    return NAN;
  if (cost->has_billed)
    sum = isc_money_add (sum, cost->billed);
  if (cost->has_estimate)
    sum = isc_money_add (sum, cost->estimated);
  return isc_money_to_double (sum);
}

static void
update_cost_cell (IscOverviewPage *self,
                  GtkListItem     *item)
{
  IscFleetRow *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  const IscCost *cost;
  g_autofree char *text = NULL;

  if (row == NULL || label == NULL)
    return;

  cost = row_cost (self, row);
  if (cost != NULL)
    text = isc_cost_format (cost);
  else if (self->billing_failed)
    text = g_strdup ("–");
  else
    text = g_strdup ("…");
  gtk_label_set_text (GTK_LABEL (label), text);
  /* An estimate reads as one: dimmed, and its words say so. */
  set_css_class (label, cost != NULL && isc_cost_get_basis (cost) == ISC_COST_ESTIMATED ? "dim-label" : NULL);
}

static void
cost_row_changed_cb (IscFleetRow *row,
                     GParamSpec  *pspec,
                     GtkListItem *item)
{
  IscOverviewPage *self = g_object_get_data (G_OBJECT (item), "isc-page");

  if (self != NULL)
    update_cost_cell (self, item);
}

static void
bind_cost_cell (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                IscOverviewPage          *self)
{
  IscFleetRow *row = gtk_list_item_get_item (item);
  gulong id;

  g_object_set_data (G_OBJECT (item), "isc-column", GINT_TO_POINTER (COLUMN_COST));
  g_object_set_data (G_OBJECT (item), "isc-page", self);
  update_cost_cell (self, item);
  id = g_signal_connect_object (row, "notify::health", G_CALLBACK (cost_row_changed_cb), item, 0);
  g_object_set_data (G_OBJECT (item), "isc-handler", GSIZE_TO_POINTER (id));
}

/* Every cost made again (new billing or prices): the cells and the
 * order follow. */
static void
costs_changed (IscOverviewPage *self)
{
  g_hash_table_remove_all (self->costs);
  if (self->fleet != NULL)
    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->fleet)); i++)
      {
        g_autoptr(IscFleetRow) row = g_list_model_get_item (G_LIST_MODEL (self->fleet), i);

        /* The cells follow their row's health notification. */
        g_object_notify (G_OBJECT (row), "health");
      }
  if (self->cost_sorter != NULL)
    gtk_sorter_changed (self->cost_sorter, GTK_SORTER_CHANGE_DIFFERENT);
}

static void
billing_loaded_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(IscOverviewPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) billing = NULL;

  billing = isc_usage_load_billing_finish (ISC_USAGE (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || ISC_USAGE (source) != self->usage)
    return;

  if (billing == NULL)
    g_debug ("No billing for the Cost column: %s", error->message);
  g_clear_pointer (&self->billing, isc_billing_summary_unref);
  self->billing = g_steal_pointer (&billing);
  /* Without billing, the estimate alone (with the prices). */
  self->billing_failed = (self->billing == NULL && self->prices == NULL);
  costs_changed (self);
}

static void
prices_loaded_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(IscOverviewPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscInstanceTypePrices) prices = NULL;

  prices = isc_usage_load_prices_finish (ISC_USAGE (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || ISC_USAGE (source) != self->usage)
    return;
  if (prices == NULL)
    {
      g_debug ("No prices for the Cost column: %s", error->message);
      return;
    }
  g_clear_pointer (&self->prices, isc_instance_type_prices_unref);
  self->prices = g_steal_pointer (&prices);
  self->billing_failed = FALSE;
  costs_changed (self);
}

/* The billing of the fleet's range (IscUsage keeps it a while, so a
 * refresh asks again only when it is old), and the prices once. */
static void
load_costs (IscOverviewPage *self)
{
  gint64 start_ms, end_ms;

  if (self->usage == NULL || self->fleet == NULL)
    return;
  fleet_range (self, &start_ms, &end_ms);
  if (end_ms <= start_ms)
    return;

  if (self->usage_cancellable == NULL)
    self->usage_cancellable = g_cancellable_new ();
  if (self->prices == NULL)
    isc_usage_load_prices_async (self->usage, self->usage_cancellable, prices_loaded_cb, g_object_ref (self));
  isc_usage_load_billing_async (self->usage, start_ms, end_ms, self->usage_cancellable,
                                billing_loaded_cb, g_object_ref (self));
}

/* Sorting ******************************************************************/

static int
compare_double_desc (double a,
                     double b)
{
  a = isnan (a) ? -G_MAXDOUBLE : a;
  b = isnan (b) ? -G_MAXDOUBLE : b;
  return (a < b) - (a > b);
}

static int
compare_name (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  g_autofree char *x = row_title ((IscFleetRow *) a);
  g_autofree char *y = row_title ((IscFleetRow *) b);

  return g_utf8_collate (x, y);
}

/* The numeric columns sort largest first: a click shows the most. */
static int
compare_requests (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  return compare_double_desc (mean_rate ((IscFleetRow *) a), mean_rate ((IscFleetRow *) b));
}

static int
compare_errors (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  return compare_double_desc (isc_fleet_row_get_error_share ((IscFleetRow *) a),
                              isc_fleet_row_get_error_share ((IscFleetRow *) b));
}

static int
compare_p95 (gconstpointer a,
             gconstpointer b,
             gpointer      user_data)
{
  return compare_double_desc (isc_fleet_row_get_p95_seconds ((IscFleetRow *) a),
                              isc_fleet_row_get_p95_seconds ((IscFleetRow *) b));
}

static int
compare_cost (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  IscOverviewPage *self = user_data;

  return compare_double_desc (row_cost_dollars (self, (IscFleetRow *) a),
                              row_cost_dollars (self, (IscFleetRow *) b));
}

static int
compare_replicas (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  return compare_double_desc (isc_fleet_row_get_replicas ((IscFleetRow *) a),
                              isc_fleet_row_get_replicas ((IscFleetRow *) b));
}

/* Filtering ****************************************************************/

static gboolean
filter_row (gpointer item,
            gpointer user_data)
{
  IscOverviewPage *self = user_data;
  g_autofree char *title = NULL;
  g_autofree char *folded = NULL;
  g_autofree char *needle = NULL;

  if (self->filter_text == NULL || *self->filter_text == '\0')
    return TRUE;

  title = row_title (item);
  folded = g_utf8_casefold (title, -1);
  needle = g_utf8_casefold (self->filter_text, -1);
  return strstr (folded, needle) != NULL;
}

/* Sorting as rows answer *************************************************/

/* The table does not follow the fleet directly: every row that answers
 * changes its place in the trouble order, and in GTK 4.8 a list view
 * binds again every row between the old place and the new one (the
 * rows the person sees, ×6 cells), so a pass over hundreds of rows cost
 * many times the requests themselves. The cells follow their row's
 * values at once (bind_cell); the order catches up in one re-sort of
 * every row that answered, at most every RESORT_DELAY_MS and as soon as
 * the pass ends. Rows added or removed are passed on at once. */

static void
flush_resort (IscOverviewPage *self)
{
  g_autoptr(GPtrArray) rows = NULL;
  guint first = self->dirty_first, n = self->dirty_end - self->dirty_first;

  g_clear_handle_id (&self->resort_id, g_source_remove);
  if (n == 0)
    return;

  self->dirty_first = self->dirty_end = 0;
  rows = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (rows, g_list_model_get_item (G_LIST_MODEL (self->rows), first + i));
  g_list_store_splice (self->rows, first, n, rows->pdata, n);
}

static gboolean
resort_cb (gpointer user_data)
{
  IscOverviewPage *self = user_data;

  self->resort_id = 0;
  flush_resort (self);
  return G_SOURCE_REMOVE;
}

/* The rows as the fleet has them now, all at once. */
static void
copy_rows (IscOverviewPage *self)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = self->fleet != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->fleet)) : 0;

  g_clear_handle_id (&self->resort_id, g_source_remove);
  self->dirty_first = self->dirty_end = 0;
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (rows, g_list_model_get_item (G_LIST_MODEL (self->fleet), i));
  g_list_store_splice (self->rows, 0, g_list_model_get_n_items (G_LIST_MODEL (self->rows)),
                       rows->pdata, rows->len);
}

static void
on_fleet_items_changed (IscOverviewPage *self,
                        guint            position,
                        guint            removed,
                        guint            added,
                        GListModel      *fleet)
{
  gboolean same = removed == added &&
                  position + removed <= g_list_model_get_n_items (G_LIST_MODEL (self->rows));

  /* The same rows in the same places: only their values changed. */
  for (guint i = 0; same && i < added; i++)
    {
      g_autoptr(GObject) mine = g_list_model_get_item (G_LIST_MODEL (self->rows), position + i);
      g_autoptr(GObject) theirs = g_list_model_get_item (fleet, position + i);

      same = mine == theirs;
    }

  if (!same)
    {
      /* The marks would point at other rows after this: sort first. */
      flush_resort (self);
      copy_rows (self);
      return;
    }
  if (added == 0)
    return;

  if (self->dirty_end == self->dirty_first)
    {
      self->dirty_first = position;
      self->dirty_end = position + added;
    }
  else
    {
      self->dirty_first = MIN (self->dirty_first, position);
      self->dirty_end = MAX (self->dirty_end, position + added);
    }
  if (self->resort_id == 0)
    self->resort_id = g_timeout_add (RESORT_DELAY_MS, resort_cb, self);
}

static void
on_fleet_loading (IscOverviewPage *self)
{
  if (!isc_fleet_get_loading (self->fleet))
    {
      flush_resort (self);
      load_costs (self);
    }
}

/* The page *****************************************************************/

static void
update_progress (IscOverviewPage *self)
{
  g_autofree char *text = NULL;
  guint n_rows = self->fleet != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->fleet)) : 0;
  guint n_done = self->fleet != NULL ? isc_fleet_get_n_done (self->fleet) : 0;
  guint n_failed = self->fleet != NULL ? isc_fleet_get_n_failed (self->fleet) : 0;

  if (n_rows == 0)
    text = g_strdup ("");
  else if (self->fleet != NULL && isc_fleet_get_loading (self->fleet))
    /* Translators: rows loaded so far, of all. */
    text = g_strdup_printf (ngettext ("Loading %u of %u target…", "Loading %u of %u targets…", n_rows),
                            n_done, n_rows);
  else if (n_failed > 0)
    text = g_strdup_printf (ngettext ("%u target, %u could not be loaded",
                                      "%u targets, %u could not be loaded", n_rows),
                            n_rows, n_failed);
  else
    text = g_strdup_printf (ngettext ("%u target", "%u targets", n_rows), n_rows);

  gtk_label_set_text (self->progress_label, text);
  gtk_stack_set_visible_child_name (self->stack, n_rows > 0 ? "table" : "empty");
}

static void
on_search_changed (IscOverviewPage *self)
{
  isc_overview_page_set_filter (self, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
on_activate (IscOverviewPage *self,
             guint            position,
             GtkColumnView   *column_view)
{
  g_autoptr(IscFleetRow) row = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);

  if (row != NULL)
    g_signal_emit (self, signals[TARGET_ACTIVATED], 0, isc_fleet_row_get_target (row));
}

/* Rows that move as their answers arrive must not carry the view away
 * from the top, where the most trouble is: the table keeps its place on
 * a row that moved, so while a person has not scrolled away it goes
 * back up. Only their input moves it for good. */
#define USER_SCROLL_US (G_USEC_PER_SEC / 2)

static void
go_back_to_top (IscOverviewPage *self)
{
  self->back_to_top = FALSE;
  if (self->at_top)
    gtk_adjustment_set_value (self->vadjustment, gtk_adjustment_get_lower (self->vadjustment));
}

static void
after_paint_cb (GdkFrameClock   *clock,
                IscOverviewPage *self)
{
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, self);
  go_back_to_top (self);
}

/* Once the frame that placed the rows is painted: moved before, GTK
 * 4.8's list looks for the row at the top in places not yet made for
 * rows that just moved (a batch of them re-sorted at once), and warns
 * that it cannot. */
static void
queue_back_to_top (IscOverviewPage *self)
{
  GdkFrameClock *clock;

  if (!self->at_top || self->back_to_top)
    return;

  self->back_to_top = TRUE;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  if (clock == NULL)
    {
      go_back_to_top (self);
      return;
    }
  g_signal_connect_object (clock, "after-paint", G_CALLBACK (after_paint_cb), self, 0);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_PAINT);
}

static void
on_scrolled (IscOverviewPage *self,
             GtkAdjustment   *adjustment)
{
  gboolean top = gtk_adjustment_get_value (adjustment) <= gtk_adjustment_get_lower (adjustment) + 1;

  if (g_get_monotonic_time () - self->user_scrolled_us < USER_SCROLL_US)
    self->at_top = top;
  else if (!top)
    queue_back_to_top (self);
}

static void
note_user_scroll (IscOverviewPage *self)
{
  self->user_scrolled_us = g_get_monotonic_time ();
}

static gboolean
on_user_scroll (IscOverviewPage          *self,
                double                    dx,
                double                    dy,
                GtkEventControllerScroll *controller)
{
  note_user_scroll (self);
  return FALSE;
}

static gboolean
on_user_key (IscOverviewPage       *self,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             GtkEventControllerKey *controller)
{
  note_user_scroll (self);
  return FALSE;
}

/* Every input that can scroll the table counts as a person's. */
static void
watch_user_scrolls (IscOverviewPage   *self,
                    GtkScrolledWindow *scrolled)
{
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

  gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
  g_signal_connect_object (scroll, "scroll", G_CALLBACK (on_user_scroll), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (scrolled), scroll);

  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect_object (key, "key-pressed", G_CALLBACK (on_user_key), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (scrolled), key);

  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (note_user_scroll), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (drag, "drag-update", G_CALLBACK (note_user_scroll), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (gtk_scrolled_window_get_vscrollbar (scrolled), GTK_EVENT_CONTROLLER (drag));
}

static gboolean
apply_compact_cb (gpointer user_data)
{
  IscOverviewPage *self = user_data;

  self->compact_id = 0;
  gtk_column_view_column_set_visible (self->spark_column, !self->compact);
  gtk_column_view_column_set_visible (self->p95_column, !self->compact);
  return G_SOURCE_REMOVE;
}

static void
isc_overview_page_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  IscOverviewPage *self = ISC_OVERVIEW_PAGE (widget);

  gtk_widget_measure (self->box, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

static void
isc_overview_page_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  IscOverviewPage *self = ISC_OVERVIEW_PAGE (widget);
  gboolean compact = width < COMPACT_WIDTH;

  gtk_widget_allocate (self->box, width, height, baseline, NULL);

  /* Not during the allocation: the columns change the table's size. */
  if (compact != self->compact)
    {
      self->compact = compact;
      if (self->compact_id == 0)
        self->compact_id = g_idle_add (apply_compact_cb, self);
    }
}

static GtkColumnViewColumn *
add_column (IscOverviewPage *self,
            const char      *title,
            Column           column,
            GCompareDataFunc compare,
            gboolean         expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *c;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GINT_TO_POINTER (column));
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), GINT_TO_POINTER (column));

  c = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (c, expand);
  gtk_column_view_column_set_resizable (c, TRUE);
  if (compare != NULL)
    {
      g_autoptr(GtkCustomSorter) sorter = gtk_custom_sorter_new (compare, NULL, NULL);

      gtk_column_view_column_set_sorter (c, GTK_SORTER (sorter));
    }
  gtk_column_view_append_column (self->column_view, c);
  g_object_unref (c);

  return c;
}

/* Cost over the range, from the page's billing: hidden until the page
 * has an IscUsage (and again for a key that may not read billing). */
static void
add_cost_column (IscOverviewPage *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkCustomSorter) sorter = gtk_custom_sorter_new (compare_cost, self, NULL);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GINT_TO_POINTER (COLUMN_COST));
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_cost_cell), self, 0);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), GINT_TO_POINTER (COLUMN_COST));

  /* Translators: the Overview's column of what each target cost over
   * the range, billed or estimated */
  self->cost_column = gtk_column_view_column_new (_("Cost"), factory);
  gtk_column_view_column_set_resizable (self->cost_column, TRUE);
  gtk_column_view_column_set_sorter (self->cost_column, GTK_SORTER (sorter));
  self->cost_sorter = GTK_SORTER (sorter);
  gtk_column_view_column_set_visible (self->cost_column, FALSE);
  gtk_column_view_append_column (self->column_view, self->cost_column);
  g_object_unref (self->cost_column);
}

static void
isc_overview_page_dispose (GObject *object)
{
  IscOverviewPage *self = ISC_OVERVIEW_PAGE (object);

  g_cancellable_cancel (self->usage_cancellable);
  g_clear_object (&self->usage_cancellable);
  g_clear_object (&self->usage);
  g_clear_pointer (&self->billing, isc_billing_summary_unref);
  g_clear_pointer (&self->prices, isc_instance_type_prices_unref);
  if (self->costs != NULL)
    g_hash_table_remove_all (self->costs);

  g_clear_handle_id (&self->compact_id, g_source_remove);
  g_clear_handle_id (&self->resort_id, g_source_remove);
  if (self->fleet_signals != NULL)
    g_signal_group_set_target (self->fleet_signals, NULL);
  if (self->column_view != NULL)
    gtk_column_view_set_model (self->column_view, NULL);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->selection);
  g_clear_object (&self->sorted);
  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  g_clear_object (&self->rows);
  g_clear_object (&self->fleet_signals);
  g_clear_object (&self->fleet);

  G_OBJECT_CLASS (isc_overview_page_parent_class)->dispose (object);
}

static void
isc_overview_page_finalize (GObject *object)
{
  IscOverviewPage *self = ISC_OVERVIEW_PAGE (object);

  g_free (self->filter_text);
  g_clear_pointer (&self->costs, g_hash_table_unref);

  G_OBJECT_CLASS (isc_overview_page_parent_class)->finalize (object);
}

static void
isc_overview_page_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  IscOverviewPage *self = ISC_OVERVIEW_PAGE (object);

  switch (prop_id)
    {
    case PROP_FLEET:
      g_value_set_object (value, self->fleet);
      break;
    case PROP_FILTER:
      g_value_set_string (value, self->filter_text);
      break;
    case PROP_USAGE:
      g_value_set_object (value, self->usage);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_overview_page_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  IscOverviewPage *self = ISC_OVERVIEW_PAGE (object);

  switch (prop_id)
    {
    case PROP_FLEET:
      isc_overview_page_set_fleet (self, g_value_get_object (value));
      break;
    case PROP_FILTER:
      isc_overview_page_set_filter (self, g_value_get_string (value));
      break;
    case PROP_USAGE:
      isc_overview_page_set_usage (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_overview_page_class_init (IscOverviewPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isc_overview_page_dispose;
  object_class->finalize = isc_overview_page_finalize;
  object_class->get_property = isc_overview_page_get_property;
  object_class->set_property = isc_overview_page_set_property;
  widget_class->measure = isc_overview_page_measure;
  widget_class->size_allocate = isc_overview_page_size_allocate;

  properties[PROP_FLEET] =
    g_param_spec_object ("fleet", NULL, NULL, ISC_TYPE_FLEET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILTER] =
    g_param_spec_string ("filter", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_USAGE] =
    g_param_spec_object ("usage", NULL, NULL, ISC_TYPE_USAGE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[TARGET_ACTIVATED] =
    g_signal_new ("target-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  ISC_TYPE_TARGET | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_set_css_name (widget_class, "overview-page");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
init_header (IscOverviewPage *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);

  self->search_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  g_object_set (self->search_entry, "placeholder-text", _("Filter"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Filter Overview"),
                                  -1);
  gtk_widget_set_hexpand (GTK_WIDGET (self->search_entry), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self->search_entry), 120, -1);
  g_signal_connect_object (self->search_entry, "search-changed",
                           G_CALLBACK (on_search_changed), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->search_entry));

  self->progress_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_ellipsize (self->progress_label, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->progress_label), "dim-label");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Loading progress"),
                                  -1);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->progress_label));

  gtk_box_append (GTK_BOX (self->box), bar);
}

static void
init_table (IscOverviewPage *self)
{
  g_autoptr(GtkMultiSorter) sorter = gtk_multi_sorter_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *empty;

  self->rows = g_list_store_new (ISC_TYPE_FLEET_ROW);
  self->filter = gtk_custom_filter_new (filter_row, self, NULL);
  self->filtered = gtk_filter_list_model_new (g_object_ref (G_LIST_MODEL (self->rows)),
                                              g_object_ref (GTK_FILTER (self->filter)));
  self->column_view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_single_click_activate (self->column_view, TRUE);
  gtk_column_view_set_show_row_separators (self->column_view, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->column_view), "data-table");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->column_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Fleet Overview"),
                                  -1);

  add_column (self, _("Name"), COLUMN_NAME, compare_name, TRUE);
  self->spark_column = add_column (self, _("Requests"), COLUMN_REQUESTS, compare_requests, FALSE);
  add_column (self, _("5xx"), COLUMN_ERRORS, compare_errors, FALSE);
  self->p95_column = add_column (self, _("p95"), COLUMN_P95, compare_p95, FALSE);
  add_column (self, _("Replicas"), COLUMN_REPLICAS, compare_replicas, FALSE);
  add_cost_column (self);
  add_column (self, _("Health"), COLUMN_HEALTH, isc_fleet_row_compare_trouble, FALSE);

  /* A column's order first, then trouble: by trouble when none is chosen. */
  gtk_multi_sorter_append (sorter, g_object_ref (gtk_column_view_get_sorter (self->column_view)));
  gtk_multi_sorter_append (sorter, GTK_SORTER (gtk_custom_sorter_new (isc_fleet_row_compare_trouble, NULL, NULL)));
  self->sorted = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->filtered)),
                                          g_object_ref (GTK_SORTER (sorter)));
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->sorted)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->column_view, "activate", G_CALLBACK (on_activate), self, G_CONNECT_SWAPPED);

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->column_view));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  self->vadjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  self->at_top = TRUE;
  g_signal_connect_object (self->vadjustment, "value-changed", G_CALLBACK (on_scrolled), self, G_CONNECT_SWAPPED);
  watch_user_scrolls (self, GTK_SCROLLED_WINDOW (scrolled));
  gtk_widget_set_vexpand (scrolled, TRUE);

  empty = adw_status_page_new ();
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "io.github.inferscope.Inferscope-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Deployments"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                   _("The environments and active deployments of every model will show here"));

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_add_named (self->stack, scrolled, "table");
  gtk_stack_add_named (self->stack, empty, "empty");
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->stack));
}

static void
isc_overview_page_init (IscOverviewPage *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->costs = g_hash_table_new_full (NULL, NULL, g_object_unref, g_free);

  init_header (self);
  init_table (self);

  self->fleet_signals = g_signal_group_new (ISC_TYPE_FLEET);
  g_signal_group_connect_swapped (self->fleet_signals, "items-changed", G_CALLBACK (on_fleet_items_changed), self);
  g_signal_group_connect_swapped (self->fleet_signals, "notify::loading", G_CALLBACK (on_fleet_loading), self);
  g_signal_group_connect_swapped (self->fleet_signals, "notify::n-done", G_CALLBACK (update_progress), self);
  g_signal_group_connect_swapped (self->fleet_signals, "notify::loading", G_CALLBACK (update_progress), self);
  g_signal_group_connect_swapped (self->fleet_signals, "items-changed", G_CALLBACK (update_progress), self);
  update_progress (self);
}

GtkWidget *
isc_overview_page_new (void)
{
  return g_object_new (ISC_TYPE_OVERVIEW_PAGE, NULL);
}

IscFleet *
isc_overview_page_get_fleet (IscOverviewPage *self)
{
  g_return_val_if_fail (ISC_IS_OVERVIEW_PAGE (self), NULL);

  return self->fleet;
}

void
isc_overview_page_set_fleet (IscOverviewPage *self,
                             IscFleet        *fleet)
{
  g_return_if_fail (ISC_IS_OVERVIEW_PAGE (self));
  g_return_if_fail (fleet == NULL || ISC_IS_FLEET (fleet));

  if (!g_set_object (&self->fleet, fleet))
    return;

  g_signal_group_set_target (self->fleet_signals, fleet);
  copy_rows (self);
  update_progress (self);
  g_hash_table_remove_all (self->costs);
  load_costs (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLEET]);
}

IscUsage *
isc_overview_page_get_usage (IscOverviewPage *self)
{
  g_return_val_if_fail (ISC_IS_OVERVIEW_PAGE (self), NULL);

  return self->usage;
}

void
isc_overview_page_set_usage (IscOverviewPage *self,
                             IscUsage        *usage)
{
  g_return_if_fail (ISC_IS_OVERVIEW_PAGE (self));
  g_return_if_fail (usage == NULL || ISC_IS_USAGE (usage));

  if (self->usage == usage)
    return;

  g_cancellable_cancel (self->usage_cancellable);
  g_clear_object (&self->usage_cancellable);
  g_set_object (&self->usage, usage);
  g_clear_pointer (&self->billing, isc_billing_summary_unref);
  g_clear_pointer (&self->prices, isc_instance_type_prices_unref);
  self->billing_failed = FALSE;
  gtk_column_view_column_set_visible (self->cost_column, usage != NULL);
  costs_changed (self);
  load_costs (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USAGE]);
}

char *
isc_overview_page_dup_cost_text (IscOverviewPage *self,
                                 IscFleetRow     *row)
{
  const IscCost *cost;

  g_return_val_if_fail (ISC_IS_OVERVIEW_PAGE (self), NULL);
  g_return_val_if_fail (ISC_IS_FLEET_ROW (row), NULL);

  cost = row_cost (self, row);
  return cost != NULL ? isc_cost_format (cost) : NULL;
}

GListModel *
isc_overview_page_get_shown (IscOverviewPage *self)
{
  g_return_val_if_fail (ISC_IS_OVERVIEW_PAGE (self), NULL);

  return G_LIST_MODEL (self->sorted);
}

const char *
isc_overview_page_get_filter (IscOverviewPage *self)
{
  g_return_val_if_fail (ISC_IS_OVERVIEW_PAGE (self), NULL);

  return self->filter_text;
}

void
isc_overview_page_set_filter (IscOverviewPage *self,
                              const char      *filter)
{
  g_return_if_fail (ISC_IS_OVERVIEW_PAGE (self));

  if (filter != NULL && *filter == '\0')
    filter = NULL;
  if (g_strcmp0 (self->filter_text, filter) == 0)
    return;

  g_free (self->filter_text);
  self->filter_text = g_strdup (filter);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), filter != NULL ? filter : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), filter != NULL ? filter : "");
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILTER]);
}
