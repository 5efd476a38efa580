/* isc-summary-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-summary-page"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "isc-catalogue.h"
#include "isc-csv.h"
#include "isc-accessible.h"
#include "isc-summary-page.h"
#include "isc-summary-row.h"
#include "isc-text.h"
#include "isc-units.h"
#include "isc-value-text.h"

#define DIGITS 3

/* The text columns come before the numeric ones (IscSummaryColumn). */
enum {
  COLUMN_METRIC = -2,
  COLUMN_LABELS = -1,
};

static const struct
{
  int         column;
  const char *title;      /* N_() */
  const char *csv_title;  /* N_() */
} columns[] = {
  { COLUMN_METRIC,              N_("Metric"),  N_("Metric") },
  { COLUMN_LABELS,              N_("Labels"),  N_("Labels") },
  { ISC_SUMMARY_COLUMN_TOTAL,   N_("Total"),   N_("Total") },
  { ISC_SUMMARY_COLUMN_RATE,    N_("Rate"),    N_("Rate per second") },
  { ISC_SUMMARY_COLUMN_AVERAGE, N_("Average"), N_("Average") },
  { ISC_SUMMARY_COLUMN_P50,     N_("p50"),     N_("p50") },
  { ISC_SUMMARY_COLUMN_P90,     N_("p90"),     N_("p90") },
  { ISC_SUMMARY_COLUMN_P95,     N_("p95"),     N_("p95") },
  { ISC_SUMMARY_COLUMN_P99,     N_("p99"),     N_("p99") },
  /* Titled with what is compared, "last week", when there is a compare. */
  { ISC_SUMMARY_COLUMN_COMPARED, N_("Compared"), N_("Compared") },
  { ISC_SUMMARY_COLUMN_CHANGE,  N_("Change"),  N_("Change in percent") },
};

struct _IscSummaryPage
{
  AdwBin              parent_instance;

  /* Widgets */
  GtkColumnView      *view;
  GtkWidget          *copy_button;
  GtkWidget          *cost_box;
  GtkLabel           *cost_label;
  GtkColumnViewColumn *view_columns[G_N_ELEMENTS (columns)];

  /* Owned references */
  IscMetricsResponse *response;
  IscMetricsResponse *compare;     /* the compared SUMMARY response */
  char               *compare_label;
  GListStore         *rows;        /* IscSummaryRow, in response order */
  GtkSortListModel   *sorted;      /* rows, as the column view sorts them */
};

enum {
  PROP_0,
  PROP_RESPONSE,
  PROP_N_ROWS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IscSummaryPage, isc_summary_page, ADW_TYPE_BIN)

static void
row_set (IscSummaryRow    *row,
         IscSummaryColumn  column,
         IscUnitHint       unit_hint,
         double            value)
{
  const char *name = isc_summary_row_get_metric_name (row);
  g_autofree char *text = isc_value_text_for_metric (name, unit_hint, value, DIGITS);

  isc_summary_row_set_value (row, column, value, text);
}

/* The column a histogram series fills, or -1. */
static int
histogram_column (const IscSeries *series)
{
  const char *quantile = isc_series_lookup_label (series, "quantile");

  if (g_strcmp0 (isc_series_lookup_label (series, "stat"), "avg") == 0)
    return ISC_SUMMARY_COLUMN_AVERAGE;
  if (quantile == NULL)
    return -1;

  switch ((int) lround (g_ascii_strtod (quantile, NULL) * 1000))
    {
    case 500: return ISC_SUMMARY_COLUMN_P50;
    case 900: return ISC_SUMMARY_COLUMN_P90;
    case 950: return ISC_SUMMARY_COLUMN_P95;
    case 990: return ISC_SUMMARY_COLUMN_P99;
    default:  return -1;
    }
}

/* A histogram series' labels without quantile and stat: the row it joins. */
static char *
histogram_row_labels (const IscSeries *series)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < isc_series_get_n_labels (series); i++)
    {
      const char *key = isc_series_get_label_key (series, i);

      if (g_str_equal (key, "quantile") || g_str_equal (key, "stat"))
        continue;
      if (out->len > 0)
        g_string_append (out, ", ");
      g_string_append_printf (out, "%s=%s", key, isc_series_get_label_value (series, i));
    }

  return g_string_free (out, FALSE);
}

/* Rows are complete before the store gets them: the column view binds
 * its cells as soon as the rows arrive. */
static void
add_metric_rows (GPtrArray       *rows,
                 const IscMetric *metric,
                 double           window_seconds)
{
  const char *name = isc_metric_get_name (metric);
  const char *title = isc_catalogue_get_title (name);
  IscUnitHint unit_hint = isc_metric_get_unit_hint (metric);
  IscMetricKind kind = isc_metric_get_kind (metric);
  guint n_series = isc_metric_get_n_series (metric);
  g_autoptr(GHashTable) histogram_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < n_series; i++)
    {
      const IscSeries *series = isc_metric_get_series (metric, i);
      double value = isc_series_get_last_value (series);

      if (kind == ISC_METRIC_KIND_HISTOGRAM && histogram_column (series) >= 0)
        {
          char *labels = histogram_row_labels (series);
          IscSummaryRow *row = g_hash_table_lookup (histogram_rows, labels);

          if (row == NULL)
            {
              g_autoptr(IscSummaryRow) new_row = isc_summary_row_new (name, title, labels, unit_hint);

              /* Every quantile column applies, even one the response
               * lacks: "—" says the histogram has no such value. */
              for (int c = ISC_SUMMARY_COLUMN_AVERAGE; c <= ISC_SUMMARY_COLUMN_P99; c++)
                row_set (new_row, c, unit_hint, NAN);
              g_ptr_array_add (rows, g_object_ref (new_row));
              row = new_row;
              g_hash_table_insert (histogram_rows, labels, row);
            }
          else
            g_free (labels);

          row_set (row, histogram_column (series), unit_hint, value);
        }
      else
        {
          g_autoptr(IscSummaryRow) row = isc_summary_row_new (name, title,
                                                              isc_series_get_label_text (series),
                                                              unit_hint);

          if (kind == ISC_METRIC_KIND_COUNTER)
            {
              IscUnitHint rate_unit = unit_hint;

              if (unit_hint == ISC_UNIT_HINT_COUNT || unit_hint == ISC_UNIT_HINT_UNKNOWN)
                rate_unit = ISC_UNIT_HINT_PER_SECOND;
              row_set (row, ISC_SUMMARY_COLUMN_TOTAL, unit_hint, value);
              row_set (row, ISC_SUMMARY_COLUMN_RATE, rate_unit,
                       window_seconds > 0 ? value / window_seconds : NAN);
            }
          else
            row_set (row, ISC_SUMMARY_COLUMN_AVERAGE, unit_hint, value);

          g_ptr_array_add (rows, g_steal_pointer (&row));
        }
    }
}

static gboolean
is_compare_column (int column)
{
  return column == ISC_SUMMARY_COLUMN_COMPARED || column == ISC_SUMMARY_COLUMN_CHANGE;
}

static char *
row_key (IscSummaryRow *row)
{
  return g_strdup_printf ("%s\x1f%s", isc_summary_row_get_metric_name (row), isc_summary_row_get_labels (row));
}

static double
window_seconds_of (IscMetricsResponse *response)
{
  return (isc_metrics_response_get_end_ms (response) - isc_metrics_response_get_start_ms (response)) / 1000.0;
}

/* Each row gains the compared response's value of its key column, from
 * the row of the same metric and labels there, and the change from it. */
static void
add_compared (IscSummaryPage *self,
              GPtrArray      *rows)
{
  g_autoptr(GPtrArray) others = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  double window_seconds = window_seconds_of (self->compare);

  for (guint i = 0; i < isc_metrics_response_get_n_metrics (self->compare); i++)
    add_metric_rows (others, isc_metrics_response_get_metric (self->compare, i), window_seconds);
  for (guint i = 0; i < others->len; i++)
    g_hash_table_insert (by_key, row_key (others->pdata[i]), others->pdata[i]);

  for (guint i = 0; i < rows->len; i++)
    {
      IscSummaryRow *row = rows->pdata[i];
      g_autofree char *key = row_key (row);
      IscSummaryRow *other = g_hash_table_lookup (by_key, key);
      int column = isc_summary_row_get_key_column (row);

      if (other == NULL || column < 0)
        isc_summary_row_set_compared (row, NAN, NULL);
      else
        isc_summary_row_set_compared (row, isc_summary_row_get_value (other, column),
                                      isc_summary_row_get_text (other, column));
    }
}

static void
isc_summary_page_update (IscSummaryPage *self)
{
  guint old_n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean used[ISC_SUMMARY_N_COLUMNS] = { FALSE, };
  double window_seconds = 0;
  guint n;

  if (self->response != NULL)
    {
      window_seconds = (isc_metrics_response_get_end_ms (self->response) -
                        isc_metrics_response_get_start_ms (self->response)) / 1000.0;
      for (guint i = 0; i < isc_metrics_response_get_n_metrics (self->response); i++)
        add_metric_rows (rows, isc_metrics_response_get_metric (self->response, i), window_seconds);
      if (self->compare != NULL)
        add_compared (self, rows);
    }
  g_list_store_splice (self->rows, 0, old_n, rows->pdata, rows->len);

  /* Columns no row uses would only take room at 360 px. */
  n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IscSummaryRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), i);

      for (guint c = 0; c < ISC_SUMMARY_N_COLUMNS; c++)
        used[c] |= isc_summary_row_get_text (row, c) != NULL;
    }
  for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
    if (columns[k].column >= 0)
      gtk_column_view_column_set_visible (self->view_columns[k], (n == 0 && !is_compare_column (columns[k].column)) ||
                                                                 used[columns[k].column]);
  for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
    if (columns[k].column == ISC_SUMMARY_COLUMN_COMPARED)
      {
        /* The label may name another target: shown as names show (the
         * CSV keeps it as it is). */
        g_autofree char *shown = self->compare_label != NULL ? isc_text_display_name (self->compare_label, NULL) : NULL;

        gtk_column_view_column_set_title (self->view_columns[k], shown != NULL ? shown : _(columns[k].title));
      }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.copy-csv", n > 0);

  if (old_n != n)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ROWS]);
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  int column = GPOINTER_TO_INT (user_data);
  GtkWidget *label = gtk_label_new (NULL);

  if (column >= 0)
    {
      gtk_label_set_xalign (GTK_LABEL (label), 1.0);
      gtk_widget_add_css_class (label, "numeric");
    }
  else
    {
      /* Whole: at 360 px the table scrolls sideways rather than cut
       * every title to its first word. */
      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      if (column == COLUMN_LABELS)
        gtk_widget_add_css_class (label, "dim-label");
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  int column = GPOINTER_TO_INT (user_data);
  IscSummaryRow *row = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  const char *text;

  if (column == COLUMN_METRIC)
    text = isc_summary_row_get_title (row);
  else if (column == COLUMN_LABELS)
    text = isc_summary_row_get_labels (row);
  else
    text = isc_summary_row_get_text (row, column);

  gtk_label_set_text (label, text != NULL ? text : "");
}

/* By value, an empty or null cell below every number (and so last when
 * the column view turns the order round for a descending sort: the
 * largest p99 first). */
static int
compare_value_cb (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  int column = GPOINTER_TO_INT (user_data);
  double va = isc_summary_row_get_value ((IscSummaryRow *) a, column);
  double vb = isc_summary_row_get_value ((IscSummaryRow *) b, column);

  if (isnan (va) && isnan (vb))
    return GTK_ORDERING_EQUAL;
  if (isnan (va))
    return GTK_ORDERING_SMALLER;
  if (isnan (vb))
    return GTK_ORDERING_LARGER;

  return va < vb ? GTK_ORDERING_SMALLER : va > vb ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static void
copy_csv_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  IscSummaryPage *self = ISC_SUMMARY_PAGE (widget);
  g_autofree char *csv = isc_summary_page_dup_csv (self);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), csv);
}

static void
isc_summary_page_dispose (GObject *object)
{
  IscSummaryPage *self = ISC_SUMMARY_PAGE (object);

  adw_bin_set_child (ADW_BIN (self), NULL);
  g_clear_object (&self->sorted);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->response, isc_metrics_response_unref);
  g_clear_pointer (&self->compare, isc_metrics_response_unref);
  g_clear_pointer (&self->compare_label, g_free);

  G_OBJECT_CLASS (isc_summary_page_parent_class)->dispose (object);
}

static void
isc_summary_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  IscSummaryPage *self = ISC_SUMMARY_PAGE (object);

  switch (prop_id)
    {
    case PROP_RESPONSE:
      g_value_set_boxed (value, self->response);
      break;

    case PROP_N_ROWS:
      g_value_set_uint (value, isc_summary_page_get_n_rows (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_summary_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  IscSummaryPage *self = ISC_SUMMARY_PAGE (object);

  switch (prop_id)
    {
    case PROP_RESPONSE:
      isc_summary_page_set_response (self, g_value_get_boxed (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_summary_page_class_init (IscSummaryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isc_summary_page_dispose;
  object_class->get_property = isc_summary_page_get_property;
  object_class->set_property = isc_summary_page_set_property;

  /* The SUMMARY response the table shows. */
  properties[PROP_RESPONSE] =
    g_param_spec_boxed ("response", NULL, NULL,
                        ISC_TYPE_METRICS_RESPONSE,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_N_ROWS] =
    g_param_spec_uint ("n-rows", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "summary.copy-csv", NULL, copy_csv_action);
}

static void
isc_summary_page_init (IscSummaryPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkSelectionModel *selection;

  self->rows = g_list_store_new (ISC_TYPE_SUMMARY_ROW);

  self->copy_button = gtk_button_new_with_mnemonic (_("_Copy as CSV"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->copy_button), "summary.copy-csv");
  gtk_widget_set_halign (self->copy_button, GTK_ALIGN_END);
  gtk_widget_set_hexpand (self->copy_button, TRUE);
  isc_accessible_set_name (self->copy_button, _("Copy as CSV"));
  gtk_widget_set_margin_top (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  /* The target's cost over the range, on its own line over the table:
   * what was billed and what is estimated, said apart. On their first
   * baselines: GTK 4.12 renames that alignment BASELINE_FILL. */
#if GTK_CHECK_VERSION (4, 12, 0)
# define COST_VALIGN GTK_ALIGN_BASELINE_FILL
#else
# define COST_VALIGN GTK_ALIGN_BASELINE
#endif
  self->cost_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  {
    GtkWidget *title = gtk_label_new (_("Cost"));

    gtk_widget_add_css_class (title, "heading");
    gtk_widget_set_valign (title, COST_VALIGN);
    gtk_box_append (GTK_BOX (self->cost_box), title);
    self->cost_label = GTK_LABEL (gtk_label_new (NULL));
    gtk_label_set_wrap (self->cost_label, TRUE);
    gtk_label_set_xalign (self->cost_label, 0);
    gtk_label_set_selectable (self->cost_label, TRUE);
    gtk_widget_add_css_class (GTK_WIDGET (self->cost_label), "numeric");
    gtk_widget_set_valign (GTK_WIDGET (self->cost_label), COST_VALIGN);
    gtk_box_append (GTK_BOX (self->cost_box), GTK_WIDGET (self->cost_label));
    gtk_accessible_update_relation (GTK_ACCESSIBLE (self->cost_label),
                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY, title, NULL, -1);
  }
  gtk_widget_set_visible (self->cost_box, FALSE);
  /* The cost takes the room; Copy as CSV stays at the end. */
  gtk_widget_set_hexpand (self->cost_box, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->cost_label), TRUE);
  gtk_box_append (GTK_BOX (bar), self->cost_box);
  gtk_box_append (GTK_BOX (bar), self->copy_button);
  gtk_box_append (GTK_BOX (box), bar);

  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->view, FALSE);
  gtk_column_view_set_show_row_separators (self->view, TRUE);
  gtk_column_view_set_reorderable (self->view, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Summary"),
                                  -1);

  for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
    {
      int column = columns[k].column;
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *view_column;
      GtkSorter *sorter;

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GINT_TO_POINTER (column));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GINT_TO_POINTER (column));
      view_column = gtk_column_view_column_new (_(columns[k].title), factory);

      if (column >= 0)
        sorter = GTK_SORTER (gtk_custom_sorter_new (compare_value_cb, GINT_TO_POINTER (column), NULL));
      else
        sorter = GTK_SORTER (gtk_string_sorter_new (gtk_property_expression_new (ISC_TYPE_SUMMARY_ROW, NULL,
                                                                                 column == COLUMN_METRIC ? "title" : "labels")));
      gtk_column_view_column_set_sorter (view_column, sorter);
      g_object_unref (sorter);

      if (column == COLUMN_METRIC)
        {
          gtk_column_view_column_set_expand (view_column, TRUE);
          gtk_column_view_column_set_resizable (view_column, TRUE);
        }
      gtk_column_view_append_column (self->view, view_column);
      self->view_columns[k] = view_column;
      g_object_unref (view_column);
    }

  self->sorted = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->rows)),
                                          g_object_ref (gtk_column_view_get_sorter (self->view)));
  selection = GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->sorted))));
  gtk_column_view_set_model (self->view, selection);
  g_object_unref (selection);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (box), scroller);

  adw_bin_set_child (ADW_BIN (self), box);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "summary.copy-csv", FALSE);
}

GtkWidget *
isc_summary_page_new (void)
{
  return g_object_new (ISC_TYPE_SUMMARY_PAGE, NULL);
}

void
isc_summary_page_set_response (IscSummaryPage     *self,
                               IscMetricsResponse *response)
{
  g_return_if_fail (ISC_IS_SUMMARY_PAGE (self));

  if (response == self->response)
    return;

  if (response != NULL)
    isc_metrics_response_ref (response);
  g_clear_pointer (&self->response, isc_metrics_response_unref);
  self->response = response;

  isc_summary_page_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESPONSE]);
}

IscMetricsResponse *
isc_summary_page_get_response (IscSummaryPage *self)
{
  g_return_val_if_fail (ISC_IS_SUMMARY_PAGE (self), NULL);

  return self->response;
}

char *
isc_summary_page_dup_csv (IscSummaryPage *self)
{
  GString *out;
  guint n;

  g_return_val_if_fail (ISC_IS_SUMMARY_PAGE (self), NULL);

  out = g_string_new (NULL);
  for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
    {
      if (self->compare == NULL && is_compare_column (columns[k].column))
        continue;
      if (columns[k].column == ISC_SUMMARY_COLUMN_COMPARED && self->compare_label != NULL)
        {
          /* Translators: the CSV's header of the compared values, with
           * what is compared: "Compared (last week)" */
          g_autofree char *title = g_strdup_printf (_("Compared (%s)"), self->compare_label);

          isc_csv_append_field (out, title);
        }
      else
        isc_csv_append_field (out, _(columns[k].csv_title));
      g_string_append_c (out, ',');
    }
  isc_csv_append_field (out, _("Unit"));
  g_string_append (out, "\r\n");

  n = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IscSummaryRow) row = g_list_model_get_item (G_LIST_MODEL (self->sorted), i);

      for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
        {
          int column = columns[k].column;

          if (self->compare == NULL && is_compare_column (column))
            continue;
          if (column == COLUMN_METRIC)
            isc_csv_append_field (out, isc_summary_row_get_title (row));
          else if (column == COLUMN_LABELS)
            isc_csv_append_field (out, isc_summary_row_get_labels (row));
          else
            isc_csv_append_number (out, isc_summary_row_get_value (row, column));
          g_string_append_c (out, ',');
        }
      isc_csv_append_field (out, isc_unit_hint_to_string (isc_summary_row_get_unit_hint (row)));
      g_string_append (out, "\r\n");
    }

  return g_string_free (out, FALSE);
}

guint
isc_summary_page_get_n_rows (IscSummaryPage *self)
{
  g_return_val_if_fail (ISC_IS_SUMMARY_PAGE (self), 0);

  return self->rows != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->rows)) : 0;
}

/**
 * isc_summary_page_set_compare:
 * @self: a summary page
 * @response: (nullable): the compared SUMMARY response, NULL for none
 * @label: (nullable): what is compared, "last week", "d7": the compared
 *   column's title
 *
 * Adds the compared response's value of each row's key column
 * (isc_summary_row_get_key_column()) and the change in percent.
 */
void
isc_summary_page_set_compare (IscSummaryPage     *self,
                              IscMetricsResponse *response,
                              const char         *label)
{
  g_return_if_fail (ISC_IS_SUMMARY_PAGE (self));

  if (response != NULL && isc_metrics_response_get_mode (response) != ISC_MODE_SUMMARY)
    response = NULL;
  if (response == self->compare && g_strcmp0 (label, self->compare_label) == 0)
    return;

  if (response != NULL)
    isc_metrics_response_ref (response);
  g_clear_pointer (&self->compare, isc_metrics_response_unref);
  self->compare = response;
  g_free (self->compare_label);
  self->compare_label = g_strdup (label);
  isc_summary_page_update (self);
}

IscMetricsResponse *
isc_summary_page_get_compare (IscSummaryPage *self)
{
  g_return_val_if_fail (ISC_IS_SUMMARY_PAGE (self), NULL);
  return self->compare;
}

void
isc_summary_page_show_compare (IscSummaryPage *self,
                               IscView        *view)
{
  g_autofree char *label = NULL;

  g_return_if_fail (ISC_IS_SUMMARY_PAGE (self));
  g_return_if_fail (ISC_IS_VIEW (view));

  label = isc_view_dup_compare_label (view);
  isc_summary_page_set_compare (self, isc_view_get_compare_response (view), label);
}

void
isc_summary_page_set_cost (IscSummaryPage *self,
                           const IscCost  *cost)
{
  g_autofree char *text = NULL;

  g_return_if_fail (ISC_IS_SUMMARY_PAGE (self));

  gtk_widget_set_visible (self->cost_box, cost != NULL);
  if (cost == NULL)
    {
      gtk_label_set_text (self->cost_label, "");
      return;
    }
  /* isc_cost_format() never adds an estimate to a billed figure: "$12.34
   * billed + ≈ $0.56 estimated", "≈ $0.56 (estimate)". */
  text = isc_cost_format (cost);
  gtk_label_set_text (self->cost_label, text);
  if (isc_cost_get_basis (cost) == ISC_COST_ESTIMATED)
    gtk_widget_add_css_class (GTK_WIDGET (self->cost_label), "dim-label");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->cost_label), "dim-label");
}

void
isc_summary_page_set_cost_text (IscSummaryPage *self,
                                const char     *text)
{
  g_return_if_fail (ISC_IS_SUMMARY_PAGE (self));

  /* Said by the caller (the Model APIs page's list-price cost). */
  gtk_widget_set_visible (self->cost_box, text != NULL);
  gtk_label_set_text (self->cost_label, text != NULL ? text : "");
  gtk_widget_remove_css_class (GTK_WIDGET (self->cost_label), "dim-label");
}

const char *
isc_summary_page_get_cost_text (IscSummaryPage *self)
{
  g_return_val_if_fail (ISC_IS_SUMMARY_PAGE (self), NULL);

  return gtk_widget_get_visible (self->cost_box) ? gtk_label_get_text (self->cost_label) : NULL;
}
