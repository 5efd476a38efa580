/* bench-demo-logs.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How long the simulated API takes to answer its logs endpoint over the
 * largest window Baseten allows, 7 days, on the embedding deployment (32
 * requests per second at its busiest): lines are made only for the
 * window, direction and limit asked, so the usual queries should take
 * milliseconds; a filter that rejects every line makes it walk all 7 days
 * (the worst case). Also one 1,000-line page at the log rate the Logs
 * page benchmark uses (64, over 50,000 lines in half an hour).
 *
 * The peer, timed in the same run: the demo's largest metrics answer (a
 * dense 7-day SERIES of every metric of the same deployment, bench-demo's
 * case), made from the same 30-second buckets.
 *
 *   bench-demo-logs [RUNS]     prints each case's median and its ratio to the peer
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isc-catalogue.h"
#include "isc-demo-fleet-private.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-ids.h"
#include "isc-demo-logs-private.h"

#define DAY_MS  (G_GINT64_CONSTANT (24) * 3600 * 1000)
#define MIN_MS  (G_GINT64_CONSTANT (60) * 1000)

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_of (GArray *times)
{
  g_array_sort (times, compare_doubles);
  return g_array_index (times, double, times->len / 2);
}

typedef struct
{
  const char *name;
  gint64      window_ms;
  gboolean    ascending;
  const char *request_id;
  const char *pattern;
  guint       log_rate;
} Case;

int
main (int   argc,
      char *argv[])
{
  static const Case cases[] = {
    { "7 days, desc, limit 1000", 7 * DAY_MS, FALSE, NULL, NULL, 1 },
    { "7 days, asc, limit 1000", 7 * DAY_MS, TRUE, NULL, NULL, 1 },
    { "7 days, request_id matching none (walks it all)", 7 * DAY_MS, FALSE, "nope", NULL, 1 },
    { "7 days, search_pattern matching none (walks it all)", 7 * DAY_MS, FALSE, NULL, "zz[0-9]+q", 1 },
    { "30 min at log rate 64, desc, limit 1000", 30 * MIN_MS, FALSE, NULL, NULL, 64 },
  };
  guint runs = argc > 1 ? (guint) g_ascii_strtoull (argv[1], NULL, 10) : 7;
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_EMBED);
  const IscDemoDeployment *dep = _isc_demo_fleet_lookup_deployment (model, ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GArray) peer_times = g_array_new (FALSE, FALSE, sizeof (double));
  IscDemoMetricsRequest metrics = { 0 };
  guint n_entries;
  const IscCatalogueEntry *entries = isc_catalogue_get_entries (&n_entries);
  /* 16:40 UTC on a Tuesday: the end of the embedding model's busiest hour. */
  gint64 now_ms = G_GINT64_CONSTANT (1796143200000);
  double peer;

  if (runs == 0)
    runs = 1;

  for (guint i = 0; i < n_entries; i++)
    g_ptr_array_add (names, (gpointer) entries[i].name);
  metrics.mode = ISC_MODE_SERIES;
  metrics.now_ms = now_ms;
  metrics.end_ms = now_ms;
  metrics.start_ms = now_ms - 7 * DAY_MS;
  metrics.metrics = names;
  metrics.dense = TRUE;

  for (guint r = 0; r < runs; r++)
    {
      gint64 started = g_get_monotonic_time ();
      g_autoptr(GBytes) body = _isc_demo_generator_build (1, dep, NULL, &metrics);
      double ms = (g_get_monotonic_time () - started) / 1000.0;

      g_array_append_val (peer_times, ms);
    }
  peer = median_of (peer_times);
  printf ("peer: dense 7-day metrics SERIES of %s: median %.1f ms over %u runs\n", dep->id, peer, runs);

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GRegex) search = NULL;
      gsize size = 0, lines = 0;
      double median;

      if (cases[c].pattern != NULL)
        search = g_regex_new (cases[c].pattern, G_REGEX_OPTIMIZE, 0, NULL);

      for (guint r = 0; r < runs; r++)
        {
          IscDemoLogsRequest request = { 0 };
          gint64 started = g_get_monotonic_time ();
          g_autoptr(GBytes) body = NULL;
          double ms;

          request.now_ms = now_ms;
          request.end_ms = now_ms;
          request.start_ms = now_ms - cases[c].window_ms;
          request.ascending = cases[c].ascending;
          request.limit = 1000;
          request.request_id = cases[c].request_id;
          request.search = search;
          request.log_rate = cases[c].log_rate;
          body = _isc_demo_logs_build (1, &dep, 1, &request);
          ms = (g_get_monotonic_time () - started) / 1000.0;
          g_array_append_val (times, ms);

          size = g_bytes_get_size (body);
          lines = 0;
          for (const char *p = g_bytes_get_data (body, NULL); (p = strstr (p, "\"timestamp\"")) != NULL; p++)
            lines++;
        }

      median = median_of (times);
      printf ("logs, %s: median %.2f ms (min %.2f, max %.2f), %" G_GSIZE_FORMAT " lines, %.0f kB;"
              " %.3f x the peer\n",
              cases[c].name, median, g_array_index (times, double, 0), g_array_index (times, double, runs - 1),
              lines, size / 1e3, median / peer);
    }

  return EXIT_SUCCESS;
}
