/* bench-decode.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How long decoding a week-long SERIES response takes, against json-glib's
 * own parse of the same bytes, and what the decoded response keeps.
 *
 *   bench-decode [--runs N] [--steps N] [--metrics N] [--series N]
 *
 * The document is generated in memory: 10080 steps (a week at one minute)
 * × 20 metrics × 5 series by default, about 10 MB. Times are medians.
 * Targets: the decode adds at most 30 % to json-glib's parse, and the
 * decoded response retains at most 1.5 × its packed values.
 */

#include "config.h"

#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include <json-glib/json-glib.h>

#include "isc-metrics-response.h"
#include "isc-metrics-response-private.h"

static int n_runs = 7;
static int n_steps = 10080;
static int n_metrics = 20;
static int n_series = 5;

static GString *
generate (void)
{
  static const char * const units[] = { "SECONDS", "COUNT", "BYTES", "RATIO", "PER_SECOND" };
  static const char * const kinds[] = { "HISTOGRAM", "COUNTER", "GAUGE" };
  const gint64 start = G_GINT64_CONSTANT (1764547200000);
  GString *json = g_string_sized_new ((gsize) n_steps * n_metrics * n_series * 10 + 4096);
  guint32 state = 1;

  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ","
                          "\"end_epoch_millis\":%" G_GINT64_FORMAT ","
                          "\"mode\":\"SERIES\",\"step_seconds\":60,\"metric_descriptors\":[",
                          start, start + (gint64) n_steps * 60000);

  for (int m = 0; m < n_metrics; m++)
    {
      g_string_append_printf (json, "%s{\"name\":\"baseten_bench_metric_%d\",\"unit_hint\":\"%s\","
                                    "\"kind\":\"%s\",\"label_sets\":[",
                              m > 0 ? "," : "", m, units[m % G_N_ELEMENTS (units)],
                              kinds[m % G_N_ELEMENTS (kinds)]);
      for (int j = 0; j < n_series; j++)
        g_string_append_printf (json, "%s{\"quantile\":\"0.%d\"}", j > 0 ? "," : "", j + 1);
      g_string_append (json, "]}");
    }

  g_string_append (json, "],\"metric_values\":[");

  for (int s = 0; s < n_steps; s++)
    {
      g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[",
                              s > 0 ? "," : "", start + (gint64) s * 60000);
      for (int m = 0; m < n_metrics; m++)
        {
          g_string_append (json, m > 0 ? ",[" : "[");
          for (int j = 0; j < n_series; j++)
            {
              /* A cheap deterministic generator; one value in 50 null,
               * counters as integers, the rest with six decimals. */
              state = state * 1664525u + 1013904223u;
              if (j > 0)
                g_string_append_c (json, ',');
              if (state % 50 == 0)
                g_string_append (json, "null");
              else if (m % 3 == 1)
                g_string_append_printf (json, "%u", state % 5000);
              else
                g_string_append_printf (json, "%.6f", (state % 1000000) / 1000.0);
            }
          g_string_append_c (json, ']');
        }
      g_string_append (json, "]}");
    }

  g_string_append (json, "]}");
  return json;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *values,
        int     n)
{
  qsort (values, (size_t) n, sizeof *values, compare_doubles);

  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static gsize
heap_in_use (void)
{
  struct mallinfo2 info;

  malloc_trim (0);
  info = mallinfo2 ();
  return info.uordblks + info.hblkhd;
}

static double
peak_rss_mib (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

int
main (int   argc,
      char *argv[])
{
  GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &n_runs, "Timed runs of each (median reported)", "N" },
    { "steps", 0, 0, G_OPTION_ARG_INT, &n_steps, "Steps in the response", "N" },
    { "metrics", 0, 0, G_OPTION_ARG_INT, &n_metrics, "Metrics in the response", "N" },
    { "series", 0, 0, G_OPTION_ARG_INT, &n_series, "Series per metric", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- time the metrics response decoder");
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) json = NULL;
  g_autofree double *parse_times = NULL;
  g_autofree double *parse_free_times = NULL;
  g_autofree double *scan_times = NULL;
  g_autofree double *walk_times = NULL;
  g_autofree double *decode_times = NULL;
  double parse_ms, parse_free_ms, scan_ms, walk_ms, decode_ms;
  gsize packed, before, retained;
  double rss_document, rss_decode;
  IscMetricsResponse *response;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (n_runs < 1 || n_steps < 1 || n_metrics < 1 || n_series < 1)
    {
      g_printerr ("every count must be at least 1\n");
      return 2;
    }

  json = generate ();
  packed = (gsize) n_steps * n_metrics * n_series * sizeof (double);
  g_print ("document: %d steps x %d metrics x %d series, %.2f MB of JSON, %.2f MB packed\n",
           n_steps, n_metrics, n_series, json->len / 1e6, packed / 1e6);

  parse_times = g_new (double, n_runs);
  parse_free_times = g_new (double, n_runs);
  scan_times = g_new (double, n_runs);
  walk_times = g_new (double, n_runs);
  decode_times = g_new (double, n_runs);

  rss_document = peak_rss_mib ();

  /* The decoder first, so that the peak it reaches is its own. Warm up
   * the allocator and the caches once. */
  response = isc_metrics_response_new_from_data (json->str, (gssize) json->len, &error);
  g_assert_no_error (error);
  isc_metrics_response_unref (response);

  for (int r = 0; r < n_runs; r++)
    {
      gint64 t0, t1;

      t0 = g_get_monotonic_time ();
      response = isc_metrics_response_new_from_data (json->str, (gssize) json->len, &error);
      t1 = g_get_monotonic_time ();
      g_assert_no_error (error);
      isc_metrics_response_unref (response);
      decode_times[r] = (t1 - t0) / 1000.0;

      t0 = g_get_monotonic_time ();
      _isc_metrics_response_check_syntax (json->str, json->len, &error);
      t1 = g_get_monotonic_time ();
      g_assert_no_error (error);
      scan_times[r] = (t1 - t0) / 1000.0;
    }

  /* What one decoded response keeps once everything else is freed. */
  before = heap_in_use ();
  response = isc_metrics_response_new_from_data (json->str, (gssize) json->len, &error);
  g_assert_no_error (error);
  retained = heap_in_use () - before;
  isc_metrics_response_unref (response);

  rss_decode = peak_rss_mib ();

  /* json-glib alone, and the tree walk the decoder keeps for bodies its
   * fast path sets aside. */
  for (int r = 0; r < n_runs; r++)
    {
      JsonParser *parser = json_parser_new ();
      gint64 t0, t1, t2, t3;

      t0 = g_get_monotonic_time ();
      json_parser_load_from_data (parser, json->str, (gssize) json->len, &error);
      t1 = g_get_monotonic_time ();
      g_assert_no_error (error);
      response = _isc_metrics_response_new_from_node (json_parser_get_root (parser), &error);
      t2 = g_get_monotonic_time ();
      g_assert_no_error (error);
      g_object_unref (parser);
      t3 = g_get_monotonic_time ();
      isc_metrics_response_unref (response);

      parse_times[r] = (t1 - t0) / 1000.0;
      walk_times[r] = (t2 - t1) / 1000.0;
      parse_free_times[r] = (t1 - t0 + t3 - t2) / 1000.0;
    }

  parse_ms = median (parse_times, n_runs);
  parse_free_ms = median (parse_free_times, n_runs);
  scan_ms = median (scan_times, n_runs);
  walk_ms = median (walk_times, n_runs);
  decode_ms = median (decode_times, n_runs);

  /* Sorted by median(): [0] is the fastest run, less disturbed by a busy
   * machine than the median. */
  g_print ("%d runs:                       median   fastest\n", n_runs);
  g_print ("  decode (the decoder)        %8.1f  %8.1f ms\n", decode_ms, decode_times[0]);
  g_print ("    of which the strict scan  %8.1f  %8.1f ms\n", scan_ms, scan_times[0]);
  g_print ("  json-glib parse             %8.1f  %8.1f ms\n", parse_ms, parse_times[0]);
  g_print ("  json-glib parse + free      %8.1f  %8.1f ms\n", parse_free_ms, parse_free_times[0]);
  g_print ("  tree walk (fallback path)   %8.1f  %8.1f ms  (after json-glib's parse)\n",
           walk_ms, walk_times[0]);
  g_print ("of the medians:\n");
  g_print ("  decode / json-glib parse    %8.2f x   (target <= 1.30)\n", decode_ms / parse_ms);
  g_print ("  fallback / json-glib parse  %8.2f x   (parse, walk and free / parse)\n",
           (parse_free_ms + walk_ms) / parse_ms);
  g_print ("memory:\n");
  g_print ("  peak RSS, the document      %8.1f MiB\n", rss_document);
  g_print ("  peak RSS, after decoding    %8.1f MiB\n", rss_decode);
  g_print ("  peak RSS, after json-glib   %8.1f MiB  (its tree of the whole body)\n", peak_rss_mib ());
  g_print ("  retained by the response    %8.2f MB   (%.2f x packed, target <= 1.50)\n",
           retained / 1e6, (double) retained / packed);

  return 0;
}
