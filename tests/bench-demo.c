/* bench-demo.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How long the simulated API takes to build its largest answer: a dense
 * SERIES, 1-minute steps over 7 days (10,080 value sets), of every metric
 * that applies to the chat LLM deployment. The target is < 500 ms.
 *
 * The peer, timed in the same run: json-glib writing the very same document
 * from a tree it already holds (JsonGenerator), which is only the writing
 * half of what the demo does, with no values to compute.
 *
 *   bench-demo [RUNS]       prints each run, the medians and their ratio
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <json-glib/json-glib.h>

#include "isc-catalogue.h"
#include "isc-demo-fleet-private.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-ids.h"

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

int
main (int   argc,
      char *argv[])
{
  guint runs = argc > 1 ? (guint) g_ascii_strtoull (argv[1], NULL, 10) : 7;
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  const IscDemoDeployment *dep = _isc_demo_fleet_lookup_deployment (model, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) peer_times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GBytes) last_body = NULL;
  double median, peer_median;
  IscDemoMetricsRequest request = { 0 };
  guint n_entries;
  const IscCatalogueEntry *entries = isc_catalogue_get_entries (&n_entries);
  gsize size = 0;

  if (runs == 0)
    runs = 1;

  /* Every name; the generator leaves out what does not apply. */
  for (guint i = 0; i < n_entries; i++)
    g_ptr_array_add (names, (gpointer) entries[i].name);

  request.mode = ISC_MODE_SERIES;
  request.now_ms = g_get_real_time () / 1000;
  request.end_ms = request.now_ms;
  request.start_ms = request.now_ms - 7 * 24 * 3600 * 1000;
  request.metrics = names;
  request.dense = TRUE;

  for (guint r = 0; r < runs; r++)
    {
      gint64 started = g_get_monotonic_time ();
      g_autoptr(GBytes) body = _isc_demo_generator_build (1, dep, NULL, &request);
      double ms = (g_get_monotonic_time () - started) / 1000.0;

      size = g_bytes_get_size (body);
      g_array_append_val (times, ms);
      printf ("run %u: %.1f ms, %" G_GSIZE_FORMAT " bytes\n", r + 1, ms, size);
      g_clear_pointer (&last_body, g_bytes_unref);
      last_body = g_bytes_ref (body);
    }

  if (!json_parser_load_from_data (parser, g_bytes_get_data (last_body, NULL),
                                   g_bytes_get_size (last_body), NULL))
    {
      fprintf (stderr, "bench-demo: the demo's body is not JSON\n");
      return EXIT_FAILURE;
    }

  for (guint r = 0; r < runs; r++)
    {
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autofree char *text = NULL;
      gint64 started = g_get_monotonic_time ();
      double ms;

      json_generator_set_root (generator, json_parser_get_root (parser));
      text = json_generator_to_data (generator, NULL);
      ms = (g_get_monotonic_time () - started) / 1000.0;
      g_array_append_val (peer_times, ms);
    }

  g_array_sort (times, compare_doubles);
  g_array_sort (peer_times, compare_doubles);
  median = g_array_index (times, double, runs / 2);
  peer_median = g_array_index (peer_times, double, runs / 2);
  printf ("dense 7-day SERIES, every metric of %s: median %.1f ms over %u runs (min %.1f, max %.1f), %.1f MB\n",
          dep->id, median, runs,
          g_array_index (times, double, 0), g_array_index (times, double, runs - 1),
          size / 1e6);
  printf ("json-glib writing the same document from its tree: median %.1f ms\n", peer_median);
  printf ("demo build / json-glib write: %.2f x; target: demo build < 500 ms\n", median / peer_median);

  return median < 500 ? EXIT_SUCCESS : EXIT_FAILURE;
}
