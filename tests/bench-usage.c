/* bench-usage.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How long the Usage page takes from the billing summary's answer to the
 * picture on screen, for a workspace of N deployments (200, as the
 * demo's --fleet) over 31 days: the document as Baseten sends it (a
 * breakdown row per deployment with 31 daily rows, money as strings in
 * half of them) is decoded, made into the page's table and chart, set on
 * an IscUsagePage in a 1100×800 window, and timed to the first frame
 * painted with the chart drawn. Target: <= 1 s at 200 deployments.
 * GSK_RENDERER=cairo, as the tests; run under Xvfb.
 *
 *   bench-usage [RUNS [N …]]   RUNS (5) runs each of N deployments
 *                              (200 1000); the medians
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtk/gtk.h>

#include "isc-billing.h"
#include "isc-chart-view.h"
#include "isc-usage-page.h"

#define DAY_MS G_GINT64_CONSTANT (86400000)
/* 2026-11-01 00:00 UTC */
#define FIRST_DAY_MS G_GINT64_CONSTANT (1793491200000)
#define N_DAYS 31

static char *
make_document (guint n_deployments)
{
  GString *doc = g_string_new ("{\"dedicated_usage\":{\"subtotal\":\"0\",\"credits_used\":0,\"total\":0,"
                               "\"minutes\":0,\"breakdown\":[");

  for (guint i = 0; i < n_deployments; i++)
    {
      g_string_append_printf (doc,
                              "%s{\"billable_resource\":{\"id\":\"dep%04u\",\"kind\":\"MODEL_DEPLOYMENT\","
                              "\"is_deleted\":false,\"name\":\"v%u\",\"model_name\":\"model-%03u\","
                              "\"instance_type\":\"H100\",\"environment_name\":\"production\"},"
                              "\"subtotal\":\"%u.%02u\",\"compute_cost\":0,\"surcharge_cost\":0,"
                              "\"minutes\":%u,\"inference_requests\":%u,\"daily\":[",
                              i > 0 ? "," : "", i, i % 9 + 1, i, (i * 37) % 5000, i % 100,
                              1440 * N_DAYS, 1000 * i);
      for (guint d = 0; d < N_DAYS; d++)
        {
          g_autoptr(GDateTime) day = g_date_time_new_from_unix_utc ((FIRST_DAY_MS + d * DAY_MS) / 1000);
          g_autofree char *date = g_date_time_format (day, "%Y-%m-%d");
          guint cents = 100 + (i * 7919 + d * 104729) % 90000;

          if ((i + d) % 2 == 0)
            g_string_append_printf (doc, "%s{\"date\":\"%s\",\"subtotal\":\"%u.%02u\",", d > 0 ? "," : "",
                                    date, cents / 100, cents % 100);
          else
            g_string_append_printf (doc, "%s{\"date\":\"%s\",\"subtotal\":%u.%02u,", d > 0 ? "," : "",
                                    date, cents / 100, cents % 100);
          g_string_append_printf (doc, "\"compute_cost\":0,\"surcharge_cost\":0,\"minutes\":%u,"
                                  "\"inference_requests\":%u}", 60 * (1 + i % 24), 100 * (i + d));
        }
      g_string_append (doc, "]}");
    }
  g_string_append (doc, "]}}");
  return g_string_free (doc, FALSE);
}

typedef struct
{
  GtkWidget *chart_view;
  gboolean   painted;
} Paint;

static void
after_paint (GdkFrameClock *clock,
             Paint         *paint)
{
  if (isc_chart_view_get_n_renders (ISC_CHART_VIEW (paint->chart_view)) > 0)
    paint->painted = TRUE;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

static void
run (guint    n_deployments,
     guint    n_runs)
{
  g_autofree char *doc = make_document (n_deployments);
  g_autoptr(GArray) decode = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) table = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) total = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint r = 0; r < n_runs; r++)
    {
      GtkWidget *window = gtk_window_new ();
      GtkWidget *page = isc_usage_page_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(IscBillingSummary) billing = NULL;
      IscUsageTable *usage;
      GdkFrameClock *clock;
      Paint paint = { NULL, FALSE };
      gulong id;
      gint64 t0, t1, t2, t3;
      double v;

      gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
      gtk_window_set_child (GTK_WINDOW (window), page);
      gtk_window_present (GTK_WINDOW (window));
      while (!gtk_widget_get_mapped (page))
        g_main_context_iteration (NULL, TRUE);
      paint.chart_view = isc_usage_page_get_chart_view (ISC_USAGE_PAGE (page));
      clock = gtk_widget_get_frame_clock (window);
      id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), &paint);

      /* The answer has arrived: from here to the picture. */
      t0 = g_get_monotonic_time ();
      billing = isc_billing_summary_decode (doc, strlen (doc), FIRST_DAY_MS, FIRST_DAY_MS + N_DAYS * DAY_MS, &error);
      if (billing == NULL)
        g_error ("decode: %s", error->message);
      t1 = g_get_monotonic_time ();
      usage = isc_usage_table_new_from_billing (billing, FIRST_DAY_MS + 40 * DAY_MS);
      t2 = g_get_monotonic_time ();
      isc_usage_page_set_table (ISC_USAGE_PAGE (page), usage);
      while (!paint.painted)
        g_main_context_iteration (NULL, TRUE);
      t3 = g_get_monotonic_time ();

      v = (t1 - t0) / 1000.0;
      g_array_append_val (decode, v);
      v = (t2 - t1) / 1000.0;
      g_array_append_val (table, v);
      v = (t3 - t0) / 1000.0;
      g_array_append_val (total, v);

      g_signal_handler_disconnect (clock, id);
      gtk_window_destroy (GTK_WINDOW (window));
      for (guint i = 0; i < 20; i++)
        g_main_context_iteration (NULL, FALSE);
    }

  printf ("usage page, %4u deployments × %u days (%5.1f MB document): decode %7.1f ms, table %6.1f ms, "
          "answer to painted %7.1f ms (median of %u)%s\n",
          n_deployments, N_DAYS, strlen (doc) / 1e6, median (decode), median (table), median (total), n_runs,
          n_deployments <= 200 && median (total) > 1000 ? "  OVER the 1 s target" : "");
}

int
main (int   argc,
      char *argv[])
{
  guint n_runs = 5;

  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_init ();
  adw_init ();

  if (argc > 1)
    n_runs = (guint) MAX (1, atoi (argv[1]));
  if (argc > 2)
    for (int i = 2; i < argc; i++)
      run ((guint) atoi (argv[i]), n_runs);
  else
    {
      run (200, n_runs);
      run (1000, n_runs);
    }
  return 0;
}
