/* bench-logs-decode.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* How long decoding one page of logs takes, against json-glib's bare
 * parse of the same bytes in the same run.
 *
 *   bench-logs-decode [--runs N] [--lines N]
 *
 * The page is generated in memory as Baseten sends one (GET …/logs): 1000
 * lines by default, of request lines with request ids, some with ANSI
 * colours, a few tracebacks, lines with no level, a few long ones; about
 * 250 kB. Each run decodes the page (isc_logs_decode(), the IscLogLine
 * objects made and freed) and parses it with json_parser_load_from_data()
 * (the tree built and freed), alternately. Prints the median and the 95th
 * percentile of each, per page, and their ratio, in wall-clock time and in
 * the thread's CPU time (which a machine shared with other work disturbs
 * less). Target: the decode takes at most 5 ms a page.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <json-glib/json-glib.h>

#include "isc-logs-decoder.h"

static int n_runs = 200;
static int n_lines = 1000;

static GString *
generate (void)
{
  static const char * const replicas[] = { "x7k2p", "q9z1m", "b4n8c" };
  static const char * const paths[] = { "/predict", "/v1/chat/completions", "/health", "/metrics" };
  gint64 t = G_GINT64_CONSTANT (1796191915382123456);
  GString *json = g_string_sized_new ((gsize) n_lines * 260 + 64);
  guint32 state = 7;

  g_string_append (json, "{\"logs\": [");

  for (int i = 0; i < n_lines; i++)
    {
      const char *replica = replicas[i % G_N_ELEMENTS (replicas)];
      guint roll;

      state = state * 1664525u + 1013904223u;
      roll = state >> 24;
      t -= (gint64) (state % 40000000);

      g_string_append_printf (json, "%s\n  {\"timestamp\": \"%" G_GINT64_FORMAT "\", ", i > 0 ? "," : "", t);

      if (roll < 8)
        g_string_append (json,
                         "\"message\": \"Traceback (most recent call last):\\n"
                         "  File \\\"/app/model/model.py\\\", line 112, in predict\\n"
                         "    outputs = self._pipeline(inputs, **kwargs)\\n"
                         "  File \\\"/usr/local/lib/python3.11/site-packages/torch/nn/modules/module.py\\\", "
                         "line 1518, in _wrapped_call_impl\\n"
                         "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\", "
                         "\"level\": \"ERROR\", ");
      else if (roll < 40)
        g_string_append_printf (json,
                                "\"message\": \"\\u001b[32mINFO\\u001b[0m:     10.0.%u.%u:0 - \\\"POST %s HTTP/1.1\\\" "
                                "\\u001b[32m200 OK\\u001b[0m\", \"level\": \"INFO\", ",
                                roll % 256, state % 256, paths[roll % G_N_ELEMENTS (paths)]);
      else if (roll < 60)
        g_string_append_printf (json,
                                "\"message\": \"Loading checkpoint shards: %u%%|\\u2588\\u2588\\u2588\\u258c      "
                                "| %u/8 [00:%02u<00:21, 3.05s/it]\\r\", \"level\": null, ",
                                roll % 100, roll % 8, roll % 60);
      else if (roll < 64)
        {
          g_string_append (json, "\"message\": \"prompt=");
          for (int k = 0; k < 40; k++)
            g_string_append (json, "The quick brown fox jumps over the lazy dog. ");
          g_string_append (json, "\", \"level\": \"DEBUG\", ");
        }
      else
        g_string_append_printf (json,
                                "\"message\": \"Completed inference request in %u.%03u ms "
                                "(queue %u ms, tokens in %u, out %u)\", \"level\": \"%s\", ",
                                roll, state % 1000, roll % 17, state % 4096, (state >> 8) % 1024,
                                roll < 250 ? "INFO" : "WARNING");

      g_string_append_printf (json, "\"replica\": \"%s\", \"request_id\": \"%08x-%04x-4%03x\"}",
                              replica, state, roll * 97, state % 4096);
    }

  g_string_append (json, "\n]}\n");
  return json;
}

/* The calling thread's CPU time, in ms. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

/* The value at @fraction (0.5: the median) of @values, which it sorts. */
static double
percentile (double *values,
            int     n,
            double  fraction)
{
  int k;

  qsort (values, (size_t) n, sizeof *values, compare_doubles);
  k = (int) (fraction * (n - 1) + 0.5);
  return values[MIN (k, n - 1)];
}

int
main (int   argc,
      char *argv[])
{
  GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &n_runs, "Timed runs of each", "N" },
    { "lines", 0, 0, G_OPTION_ARG_INT, &n_lines, "Lines in the page", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) json = NULL;
  double *decode_ms;
  double *parse_ms;
  double *decode_cpu;
  double *parse_cpu;
  double decode_median, decode_p95, parse_median, parse_p95;
  guint n_decoded = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (n_runs < 1 || n_lines < 1 || n_lines > ISC_LOGS_MAX_PAGE)
    {
      g_printerr ("--runs must be at least 1, --lines between 1 and %u\n", ISC_LOGS_MAX_PAGE);
      return 2;
    }

  json = generate ();
  decode_ms = g_new (double, n_runs);
  parse_ms = g_new (double, n_runs);
  decode_cpu = g_new (double, n_runs);
  parse_cpu = g_new (double, n_runs);

  /* Once each, untimed: the first touches of the code and the heap. */
  {
    g_autoptr(GPtrArray) lines = isc_logs_decode (json->str, json->len, &error);
    g_autoptr(JsonParser) parser = json_parser_new ();

    g_assert_no_error (error);
    n_decoded = lines->len;
    g_assert_true (json_parser_load_from_data (parser, json->str, (gssize) json->len, NULL));
  }

  for (int r = 0; r < n_runs; r++)
    {
      gint64 t0, t1;
      double c0, c1;

      t0 = g_get_monotonic_time ();
      c0 = cpu_ms ();
      {
        g_autoptr(GPtrArray) lines = isc_logs_decode (json->str, json->len, NULL);

        g_assert_nonnull (lines);
      }
      c1 = cpu_ms ();
      t1 = g_get_monotonic_time ();
      decode_ms[r] = (t1 - t0) / 1000.0;
      decode_cpu[r] = c1 - c0;

      t0 = g_get_monotonic_time ();
      c0 = cpu_ms ();
      {
        g_autoptr(JsonParser) parser = json_parser_new ();

        g_assert_true (json_parser_load_from_data (parser, json->str, (gssize) json->len, NULL));
      }
      c1 = cpu_ms ();
      t1 = g_get_monotonic_time ();
      parse_ms[r] = (t1 - t0) / 1000.0;
      parse_cpu[r] = c1 - c0;
    }

  decode_median = percentile (decode_ms, n_runs, 0.5);
  decode_p95 = percentile (decode_ms, n_runs, 0.95);
  parse_median = percentile (parse_ms, n_runs, 0.5);
  parse_p95 = percentile (parse_ms, n_runs, 0.95);

  printf ("page: %u lines, %zu bytes; %d runs\n", n_decoded, json->len, n_runs);
  printf ("isc_logs_decode:             median %.3f ms, p95 %.3f ms per page (target <= 5 ms: %s)\n",
          decode_median, decode_p95, decode_median <= 5.0 ? "met" : "NOT met");
  printf ("json_parser_load_from_data:  median %.3f ms, p95 %.3f ms per page\n",
          parse_median, parse_p95);
  printf ("ratio decode / json-glib:    median %.2f, p95 %.2f\n",
          decode_median / parse_median, decode_p95 / parse_p95);

  decode_median = percentile (decode_cpu, n_runs, 0.5);
  decode_p95 = percentile (decode_cpu, n_runs, 0.95);
  parse_median = percentile (parse_cpu, n_runs, 0.5);
  parse_p95 = percentile (parse_cpu, n_runs, 0.95);
  printf ("CPU time: decode median %.3f ms, p95 %.3f ms; json-glib median %.3f ms, p95 %.3f ms; "
          "ratio median %.2f, p95 %.2f\n",
          decode_median, decode_p95, parse_median, parse_p95,
          decode_median / parse_median, decode_p95 / parse_p95);

  g_free (decode_ms);
  g_free (parse_ms);
  g_free (decode_cpu);
  g_free (parse_cpu);
  return 0;
}
