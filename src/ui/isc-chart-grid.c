/* isc-chart-grid.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-grid"

#include "config.h"

#include "isc-chart-grid.h"
#include "isc-chart-view.h"

struct _IscChartGrid
{
  GtkWidget  parent_instance;

  /* The grids that share their columns' gutters (isc_chart_grid_share_gutters),
   * this one included; the array is shared, the grids are not owned. */
  GPtrArray *peers;
  /* As last aligned: the column count, and each column's own gutter. */
  guint      columns;
  double    *gutters;
};

G_DEFINE_FINAL_TYPE (IscChartGrid, isc_chart_grid, GTK_TYPE_WIDGET)

guint
isc_chart_grid_columns_for_width (int width)
{
  if (width >= ISC_CHART_GRID_THREE_COLUMNS)
    return 3;
  if (width >= ISC_CHART_GRID_TWO_COLUMNS)
    return 2;
  return 1;
}

static guint
count_visible (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_should_layout (child))
      n++;

  return n;
}

/* The width of one cell of a grid @width px wide with @columns columns. */
static int
cell_width (int   width,
            guint columns)
{
  return MAX (0, (width - (int) (columns - 1) * ISC_CHART_GRID_SPACING) / (int) columns);
}

/* The height of every row: the fixed height, or more if a chart needs
 * it (large text). */
static int
row_height (GtkWidget *widget,
            int        cell)
{
  int height = ISC_CHART_GRID_ROW_HEIGHT;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int minimum;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, cell, &minimum, NULL, NULL, NULL);
      height = MAX (height, minimum);
    }

  return height;
}

/* One time at one x down a column, one plot height along a row: the
 * charts' alignment follows their sizes, just given, and their models. A
 * chart whose alignment changed is drawn again; nothing is resized, so
 * this cannot loop. */
/* Sets every chart of column c of @self to gutters[c]. */
static void
apply_gutters (IscChartGrid *self,
               const double *gutters)
{
  guint i = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      IscChart *chart;
      IscChartAlignment align;

      if (!gtk_widget_should_layout (child))
        continue;
      chart = ISC_IS_CHART_VIEW (child) ? isc_chart_view_get_chart (ISC_CHART_VIEW (child)) : NULL;
      if (chart != NULL && isc_chart_get_model (chart) != NULL)
        {
          isc_chart_get_alignment (chart, &align);
          if (align.gutter != gutters[i % self->columns])
            {
              align.gutter = gutters[i % self->columns];
              isc_chart_set_alignment (chart, &align);
              gtk_widget_queue_draw (child);
            }
        }
      i++;
    }
}

/* The grids stacked in one page share each column's widest gutter: the
 * charts of a column line up from the first group to the last. Only the
 * gutters change, never a size, so one grid's allocation redraws the
 * others without allocating them again. */
static void
share_gutters (IscChartGrid *self,
               GPtrArray    *charts,
               guint         columns)
{
  g_autofree double *shared = g_new0 (double, columns);

  g_free (self->gutters);
  self->gutters = g_new0 (double, columns);
  self->columns = columns;
  for (guint i = 0; i < charts->len; i++)
    {
      IscChart *chart = g_ptr_array_index (charts, i);
      IscChartAlignment align;

      if (chart == NULL)
        continue;
      isc_chart_get_alignment (chart, &align);
      self->gutters[i % columns] = MAX (self->gutters[i % columns], align.gutter);
    }

  for (guint k = 0; k < self->peers->len; k++)
    {
      IscChartGrid *peer = g_ptr_array_index (self->peers, k);

      if (peer->columns != columns || peer->gutters == NULL)
        continue;
      for (guint c = 0; c < columns; c++)
        shared[c] = MAX (shared[c], peer->gutters[c]);
    }
  for (guint k = 0; k < self->peers->len; k++)
    {
      IscChartGrid *peer = g_ptr_array_index (self->peers, k);

      if (peer->columns == columns && peer->gutters != NULL)
        apply_gutters (peer, shared);
    }
}

static void
align_charts (GtkWidget *widget,
              guint      columns)
{
  g_autoptr(GPtrArray) charts = g_ptr_array_new ();
  g_autoptr(GPtrArray) views = g_ptr_array_new ();
  g_autoptr(GArray) widths = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) heights = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) before = g_array_new (FALSE, TRUE, sizeof (IscChartAlignment));

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      IscChart *chart = NULL;
      IscChartAlignment align = { 0, 0 };
      int w, h;

      if (!gtk_widget_should_layout (child))
        continue;
      /* Any other child, or a chart without a model yet, holds its cell. */
      if (ISC_IS_CHART_VIEW (child))
        chart = isc_chart_view_get_chart (ISC_CHART_VIEW (child));
      if (chart != NULL && isc_chart_get_model (chart) == NULL)
        chart = NULL;
      if (chart != NULL)
        isc_chart_get_alignment (chart, &align);
      w = gtk_widget_get_width (child);
      h = gtk_widget_get_height (child);
      g_ptr_array_add (charts, chart);
      g_ptr_array_add (views, child);
      g_array_append_val (widths, w);
      g_array_append_val (heights, h);
      g_array_append_val (before, align);
    }

  isc_chart_align_grid ((IscChart * const *) charts->pdata, charts->len, columns,
                        (const int *) (gpointer) widths->data, (const int *) (gpointer) heights->data);
  share_gutters (ISC_CHART_GRID (widget), charts, columns);

  for (guint i = 0; i < charts->len; i++)
    {
      IscChart *chart = g_ptr_array_index (charts, i);
      const IscChartAlignment *old = &g_array_index (before, IscChartAlignment, i);
      IscChartAlignment now;

      if (chart == NULL)
        continue;
      isc_chart_get_alignment (chart, &now);
      if (now.gutter != old->gutter || now.plot_height != old->plot_height)
        gtk_widget_queue_draw (g_ptr_array_index (views, i));
    }
}

/* A new model is a new gutter and plot height, for its neighbours too. */
static void
child_model_changed_cb (IscChartGrid *self,
                        GParamSpec   *pspec,
                        GtkWidget    *child)
{
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static GtkSizeRequestMode
isc_chart_grid_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
isc_chart_grid_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  guint n = count_visible (widget);

  *minimum = *natural = 0;
  if (n == 0)
    return;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* One column at least as wide as the widest chart's minimum. */
      for (GtkWidget *child = gtk_widget_get_first_child (widget);
           child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int child_min;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &child_min, NULL, NULL, NULL);
          *minimum = MAX (*minimum, child_min);
        }
      *natural = *minimum;
    }
  else
    {
      guint columns = for_size < 0 ? 1 : isc_chart_grid_columns_for_width (for_size);
      guint rows = (n + columns - 1) / columns;
      int height = row_height (widget, for_size < 0 ? -1 : cell_width (for_size, columns));

      *minimum = *natural = (int) rows * height + (int) (rows - 1) * ISC_CHART_GRID_SPACING;
    }
}

static void
isc_chart_grid_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  guint columns = isc_chart_grid_columns_for_width (width);
  int cell = cell_width (width, columns);
  int row = row_height (widget, cell);
  guint i = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkAllocation allocation;
      gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
      guint column;

      if (!gtk_widget_should_layout (child))
        continue;

      column = i % columns;
      if (rtl)
        column = columns - 1 - column;
      /* The last column takes what the division left over. */
      allocation.x = (int) column * (cell + ISC_CHART_GRID_SPACING);
      allocation.width = column == columns - 1 ? width - allocation.x : cell;
      allocation.y = (int) (i / columns) * (row + ISC_CHART_GRID_SPACING);
      allocation.height = row;
      gtk_widget_size_allocate (child, &allocation, -1);
      i++;
    }

  align_charts (widget, columns);
}

static void
isc_chart_grid_dispose (GObject *object)
{
  IscChartGrid *self = ISC_CHART_GRID (object);
  GtkWidget *child;

  if (self->peers != NULL)
    {
      g_ptr_array_remove (self->peers, self);
      g_clear_pointer (&self->peers, g_ptr_array_unref);
    }
  g_clear_pointer (&self->gutters, g_free);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (isc_chart_grid_parent_class)->dispose (object);
}

static void
isc_chart_grid_class_init (IscChartGridClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isc_chart_grid_dispose;
  widget_class->get_request_mode = isc_chart_grid_get_request_mode;
  widget_class->measure = isc_chart_grid_measure;
  widget_class->size_allocate = isc_chart_grid_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "chartgrid");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
isc_chart_grid_init (IscChartGrid *self)
{
  self->peers = g_ptr_array_new ();
  g_ptr_array_add (self->peers, self);
}

GtkWidget *
isc_chart_grid_new (void)
{
  return g_object_new (ISC_TYPE_CHART_GRID, NULL);
}

void
isc_chart_grid_append (IscChartGrid *self,
                       GtkWidget    *child)
{
  g_return_if_fail (ISC_IS_CHART_GRID (self));
  g_return_if_fail (GTK_IS_WIDGET (child));
  g_return_if_fail (gtk_widget_get_parent (child) == NULL);

  gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
  if (ISC_IS_CHART_VIEW (child))
    g_signal_connect_object (child, "notify::model", G_CALLBACK (child_model_changed_cb), self,
                             G_CONNECT_SWAPPED);
}

void
isc_chart_grid_share_gutters (IscChartGrid *self,
                              IscChartGrid *other)
{
  g_return_if_fail (ISC_IS_CHART_GRID (self));
  g_return_if_fail (ISC_IS_CHART_GRID (other));

  if (self->peers == other->peers)
    return;
  g_ptr_array_remove (self->peers, self);
  g_ptr_array_unref (self->peers);
  self->peers = g_ptr_array_ref (other->peers);
  g_ptr_array_add (self->peers, self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}
