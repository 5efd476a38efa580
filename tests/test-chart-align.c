/* test-chart-align.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Charts stacked in a column share their left gutter, so one time is at
 * one x down the column whatever the width of each chart's value labels;
 * the plots of one row have one height whatever their legends take. Both
 * in a bare list of charts (isc_chart_align_grid), in an exported grid and
 * in the window's chart grid, and across the grids of the groups of one
 * page.
 */

#include "config.h"

#include <math.h>
#include <adwaita.h>

#include "isc-chart-export.h"
#include "isc-chart-grid.h"
#include "isc-chart-view.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

#define N_STEPS 120
#define STEP_S  60
/* A time in the middle of the window. */
#define PROBE_MS (TEST_START_MS + (gint64) N_STEPS / 2 * STEP_S * 1000 + 17000)

static double
replicas_value (guint series, guint step, gpointer data)
{
  return 1 + step % 7;
}

static double
latency_value (guint series, guint step, gpointer data)
{
  /* p50 … p99 and the average, all in seconds, up to about 2 minutes. */
  return (series + 1) * 20.0 + (step % 10) * 1.5;
}

static double
memory_value (guint series, guint step, gpointer data)
{
  return 1.234e10 + step * 1.0e7;
}

static double
requests_value (guint series, guint step, gpointer data)
{
  return series == 0 ? 3000 + step : step % 4;
}

/* Charts of very different value labels: "7", "2 min", "12.3 GB"; a
 * one-line legend, a five-entry legend that wraps, and a status stack. */
static IscChart *
make_chart (guint kind)
{
  g_autoptr(IscMetricsResponse) response = NULL;

  switch (kind)
    {
    case 0:
      response = test_response_new ("SERIES", STEP_S, N_STEPS, "baseten_replicas_active", "COUNT", "GAUGE",
                                    "[{}]", 1, replicas_value, NULL);
      break;
    case 1:
      response = test_response_new ("SERIES", STEP_S, N_STEPS, "baseten_end_to_end_response_time_seconds",
                                    "SECONDS", "HISTOGRAM",
                                    "[{\"quantile\":\"0.5\"},{\"quantile\":\"0.9\"},{\"quantile\":\"0.95\"},"
                                    "{\"quantile\":\"0.99\"},{\"stat\":\"avg\"}]",
                                    5, latency_value, NULL);
      break;
    case 2:
      response = test_response_new ("SERIES", STEP_S, N_STEPS, "baseten_container_cpu_memory_working_set_bytes",
                                    "BYTES", "GAUGE", "[{}]", 1, memory_value, NULL);
      break;
    default:
      response = test_response_new ("SERIES", STEP_S, N_STEPS, "baseten_inference_requests_total", "COUNT",
                                    "COUNTER", "[{\"status\":\"2xx\"},{\"status\":\"5xx\"}]", 2,
                                    requests_value, NULL);
      break;
    }
  return test_chart_new (response, ISC_COUNTER_DISPLAY_RATE, ISC_CHART_THEME_LIGHT);
}

static double
x_of_probe (IscChart *chart,
            int       width,
            int       height)
{
  return isc_chart_layout_x_for_ms (isc_chart_ensure_layout (chart, width, height), PROBE_MS);
}

static void
assert_all_close (const double *values,
                  guint         n,
                  double        within)
{
  for (guint i = 1; i < n; i++)
    g_assert_cmpfloat_with_epsilon (values[i], values[0], within);
}

static gboolean
all_close (const double *values,
           guint         n,
           double        within)
{
  for (guint i = 1; i < n; i++)
    if (fabs (values[i] - values[0]) > within)
      return FALSE;
  return TRUE;
}

static void
test_column_gutter (void)
{
  IscChart *charts[3] = { make_chart (0), make_chart (1), make_chart (2) };
  int widths[3] = { 800, 800, 800 };
  int heights[3] = { 300, 300, 300 };
  double x[3];

  /* Alone, each chart puts the time where its own value labels end. */
  for (guint i = 0; i < 3; i++)
    x[i] = x_of_probe (charts[i], 800, 300);
  g_assert_false (all_close (x, 3, 1.0));

  /* In a column, one time is at one x. */
  isc_chart_align_grid (charts, 3, 1, widths, heights);
  for (guint i = 0; i < 3; i++)
    x[i] = x_of_probe (charts[i], 800, 300);
  assert_all_close (x, 3, 1.0);

  /* The widest gutter wins: no value label is cut. */
  for (guint i = 0; i < 3; i++)
    {
      const IscChartLayout *layout = isc_chart_ensure_layout (charts[i], 800, 300);

      g_assert_cmpfloat (layout->plot.x, >=, layout->natural_gutter);
      for (guint t = 0; t < layout->value_tick_items->len; t++)
        g_assert_cmpfloat (g_array_index (layout->value_tick_items, IscChartTick, t).text.x, >=, 0);
    }

  /* Aligning again changes nothing (no loop of layouts). */
  {
    IscChartAlignment before, after;

    isc_chart_get_alignment (charts[1], &before);
    isc_chart_align_grid (charts, 3, 1, widths, heights);
    isc_chart_get_alignment (charts[1], &after);
    g_assert_cmpfloat (before.gutter, ==, after.gutter);
    g_assert_cmpfloat (before.plot_height, ==, after.plot_height);
  }

  for (guint i = 0; i < 3; i++)
    g_object_unref (charts[i]);
}

static void
test_row_plot_height (void)
{
  /* A one-line legend beside a five-entry legend that wraps at 420 px. */
  IscChart *charts[2] = { make_chart (0), make_chart (1) };
  int widths[2] = { 420, 420 };
  int heights[2] = { 300, 300 };
  const IscChartLayout *a, *b;
  double natural_a, natural_b;

  a = isc_chart_ensure_layout (charts[0], 420, 300);
  b = isc_chart_ensure_layout (charts[1], 420, 300);
  natural_a = a->plot.height;
  natural_b = b->plot.height;
  g_assert_cmpfloat (fabs (natural_a - natural_b), >, 5);

  isc_chart_align_grid (charts, 2, 2, widths, heights);
  a = isc_chart_ensure_layout (charts[0], 420, 300);
  b = isc_chart_ensure_layout (charts[1], 420, 300);
  g_assert_cmpfloat_with_epsilon (a->plot.height, b->plot.height, 0.5);
  g_assert_cmpfloat_with_epsilon (a->plot.y, b->plot.y, 0.5);
  g_assert_cmpfloat_with_epsilon (a->plot.height, MIN (natural_a, natural_b), 0.5);
  /* The legend of the shortened plot follows its time axis: it stays
   * under the plot, not over it. */
  for (guint k = 0; k < a->legend->len; k++)
    g_assert_cmpfloat (g_array_index (a->legend, IscChartLegendItem, k).text.y, >,
                       a->plot.y + a->plot.height);

  for (guint i = 0; i < 2; i++)
    g_object_unref (charts[i]);
}

static void
test_export_grid (void)
{
  /* Four charts in two columns of 500 × 320: two rows. */
  IscChart *charts[4] = { make_chart (0), make_chart (1), make_chart (2), make_chart (3) };
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  double x_left[2], x_right[2], h_row[2];

  bytes = isc_chart_export_to_bytes (charts, 4, 2, ISC_CHART_FORMAT_SVG, 500, 320, 1.0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bytes);

  /* The drawn layouts: one x per column, one plot height per row. */
  for (guint i = 0; i < 4; i++)
    {
      IscChartRect cell;
      const IscChartLayout *layout;

      isc_chart_export_get_cell (i, 4, 2, 500, 320, 0, &cell);
      g_assert_cmpfloat (cell.width, ==, 500);
      layout = isc_chart_ensure_layout (charts[i], (int) cell.width, (int) cell.height);
      if (i % 2 == 0)
        x_left[i / 2] = cell.x + isc_chart_layout_x_for_ms (layout, PROBE_MS);
      else
        x_right[i / 2] = cell.x + isc_chart_layout_x_for_ms (layout, PROBE_MS);
      if (i % 2 == 0)
        h_row[i / 2] = layout->plot.height;
      else
        g_assert_cmpfloat_with_epsilon (layout->plot.height, h_row[i / 2], 0.5);
    }
  assert_all_close (x_left, 2, 1.0);
  assert_all_close (x_right, 2, 1.0);

  for (guint i = 0; i < 4; i++)
    g_object_unref (charts[i]);
}

/* The window's grid: the x of one time in grid coordinates, per card. */
static double
view_x_of_probe (GtkWidget *view,
                 GtkWidget *grid)
{
  IscChart *chart = isc_chart_view_get_chart (ISC_CHART_VIEW (view));
  int w = gtk_widget_get_width (view), h = gtk_widget_get_height (view);
  graphene_point_t in = GRAPHENE_POINT_INIT (x_of_probe (chart, w, h), 0), out;

  g_assert_true (gtk_widget_compute_point (view, grid, &in, &out));
  return out.x;
}

static GtkWidget *
open_grid (int          width,
           GtkWidget  **views,
           guint        n_views)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *grid = isc_chart_grid_new ();

  for (guint i = 0; i < n_views; i++)
    {
      g_autoptr(IscChart) chart = make_chart (i);

      views[i] = isc_chart_view_new (isc_chart_get_model (chart));
      isc_chart_view_set_use_utc (ISC_CHART_VIEW (views[i]), TRUE);
      isc_chart_grid_append (ISC_CHART_GRID (grid), views[i]);
    }
  gtk_window_set_default_size (GTK_WINDOW (window), width, 1200);
  gtk_window_set_child (GTK_WINDOW (window), grid);
  gtk_window_present (GTK_WINDOW (window));
  test_run_frames (300);
  return grid;
}

static void
test_window_grid (void)
{
  GtkWidget *views[4];
  GtkWidget *grid, *window;
  double x[3];

  /* One column (narrower than ISC_CHART_GRID_TWO_COLUMNS): three cards
   * one above the other put one time at one x. */
  grid = open_grid (700, views, 3);
  window = GTK_WIDGET (gtk_widget_get_root (grid));
  g_assert_cmpint (gtk_widget_get_width (views[0]), >, 300);
  for (guint i = 0; i < 3; i++)
    x[i] = view_x_of_probe (views[i], grid);
  assert_all_close (x, 3, 1.0);

  /* A new model, with other value labels, re-aligns the column. */
  {
    g_autoptr(IscChart) other = make_chart (2);

    isc_chart_view_set_model (ISC_CHART_VIEW (views[0]), isc_chart_get_model (other));
    test_run_frames (200);
    for (guint i = 0; i < 3; i++)
      x[i] = view_x_of_probe (views[i], grid);
    assert_all_close (x, 3, 1.0);
  }
  gtk_window_destroy (GTK_WINDOW (window));

  /* Two columns: the plots of a row are as tall as each other, the one
   * legend line beside the wrapped five. */
  grid = open_grid (1000, views, 4);
  window = GTK_WIDGET (gtk_widget_get_root (grid));
  g_assert_cmpint (isc_chart_grid_columns_for_width (gtk_widget_get_width (grid)), ==, 2);
  for (guint row = 0; row < 2; row++)
    {
      GtkWidget *a = views[2 * row], *b = views[2 * row + 1];
      const IscChartLayout *la = isc_chart_ensure_layout (isc_chart_view_get_chart (ISC_CHART_VIEW (a)),
                                                          gtk_widget_get_width (a), gtk_widget_get_height (a));
      const IscChartLayout *lb = isc_chart_ensure_layout (isc_chart_view_get_chart (ISC_CHART_VIEW (b)),
                                                          gtk_widget_get_width (b), gtk_widget_get_height (b));

      g_assert_cmpfloat_with_epsilon (la->plot.height, lb->plot.height, 0.5);
      g_assert_cmpfloat_with_epsilon (la->plot.y, lb->plot.y, 0.5);
    }
  /* And each column is aligned down its two rows. */
  {
    double left[2] = { view_x_of_probe (views[0], grid), view_x_of_probe (views[2], grid) };
    double right[2] = { view_x_of_probe (views[1], grid), view_x_of_probe (views[3], grid) };

    assert_all_close (left, 2, 1.0);
    assert_all_close (right, 2, 1.0);
  }
  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (50);
}

static void
test_window_grids_share (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *grids[2] = { isc_chart_grid_new (), isc_chart_grid_new () };
  GtkWidget *views[3];
  double x[3];

  /* Two groups of a page, one above the other: the small labels of
   * replicas in the first, "12.3 GB" and "2 min" in the second. */
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(IscChart) chart = make_chart (i == 0 ? 0 : i == 1 ? 2 : 1);

      views[i] = isc_chart_view_new (isc_chart_get_model (chart));
      isc_chart_view_set_use_utc (ISC_CHART_VIEW (views[i]), TRUE);
      isc_chart_grid_append (ISC_CHART_GRID (grids[i == 0 ? 0 : 1]), views[i]);
    }
  isc_chart_grid_share_gutters (ISC_CHART_GRID (grids[1]), ISC_CHART_GRID (grids[0]));
  gtk_box_append (GTK_BOX (box), grids[0]);
  gtk_box_append (GTK_BOX (box), grids[1]);
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 1100);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
  test_run_frames (300);

  for (guint i = 0; i < 3; i++)
    x[i] = view_x_of_probe (views[i], box);
  assert_all_close (x, 3, 1.0);

  gtk_window_destroy (GTK_WINDOW (window));
  test_run_frames (50);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/chart-align/column-gutter", test_column_gutter);
  g_test_add_func ("/isc/chart-align/row-plot-height", test_row_plot_height);
  g_test_add_func ("/isc/chart-align/export-grid", test_export_grid);
  g_test_add_func ("/isc/chart-align/window-grid", test_window_grid);
  g_test_add_func ("/isc/chart-align/window-grids-share", test_window_grids_share);

  return g_test_run ();
}
