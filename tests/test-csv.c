/* test-csv.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>

#include "isc-csv.h"

/* A small RFC 4180 reader, to check that what we write reads back: rows of
 * fields, quotes undone. Fails the test on anything a strict reader would
 * reject (a bare LF, a stray quote, a missing final CRLF).
 */
static GPtrArray *
parse_csv (const char *text)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *row = g_ptr_array_new_with_free_func (g_free);
  GString *field = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      if (*p == '"')
        {
          g_assert_cmpuint (field->len, ==, 0);
          p++;
          for (;;)
            {
              g_assert_true (*p != '\0');
              if (p[0] == '"' && p[1] == '"')
                {
                  g_string_append_c (field, '"');
                  p += 2;
                }
              else if (p[0] == '"')
                {
                  p++;
                  break;
                }
              else
                {
                  g_string_append_c (field, *p++);
                }
            }
          g_assert_true (*p == ',' || *p == '\r');
        }
      else if (*p == ',')
        {
          g_ptr_array_add (row, g_string_free (g_steal_pointer (&field), FALSE));
          field = g_string_new (NULL);
          p++;
        }
      else if (*p == '\r')
        {
          g_assert_cmpint (p[1], ==, '\n');
          g_ptr_array_add (row, g_string_free (g_steal_pointer (&field), FALSE));
          field = g_string_new (NULL);
          g_ptr_array_add (rows, g_steal_pointer (&row));
          row = g_ptr_array_new_with_free_func (g_free);
          p += 2;
        }
      else
        {
          g_assert_cmpint (*p, !=, '\n');
          g_assert_cmpint (*p, !=, '"');
          g_string_append_c (field, *p++);
        }
    }

  /* Every row ends with CRLF, the last one too. */
  g_assert_cmpuint (row->len, ==, 0);
  g_assert_cmpuint (field->len, ==, 0);
  g_ptr_array_unref (row);
  g_string_free (field, TRUE);

  return rows;
}

#define CELL(rows, r, c) ((const char *) g_ptr_array_index ((GPtrArray *) g_ptr_array_index ((rows), (r)), (c)))

static IscMetricsResponse *
decode (const char *json)
{
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response = isc_metrics_response_new_from_data (json, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (response);

  return response;
}

static char *
csv_of (const char *json)
{
  g_autoptr(IscMetricsResponse) response = decode (json);
  g_autoptr(GBytes) bytes = isc_csv_from_response (response);
  gsize length = 0;
  const char *data = g_bytes_get_data (bytes, &length);

  return g_strndup (data, length);
}

/* ---- whole documents ---------------------------------------------------- */

static void
test_csv_series (void)
{
  /* Two steps of a plain gauge and a by-status counter, one null. */
  g_autofree char *csv = csv_of (
    "{\"start_epoch_millis\":1764547200000,\"end_epoch_millis\":1764547260000,"
    "\"mode\":\"SERIES\",\"step_seconds\":30,"
    "\"metric_descriptors\":["
    " {\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]},"
    " {\"name\":\"baseten_inference_requests_total\",\"unit_hint\":\"COUNT\",\"kind\":\"COUNTER\","
    "  \"label_sets\":[{\"status\":\"2xx\"},{\"status\":\"5xx\"}]}],"
    "\"metric_values\":["
    " {\"start_epoch_millis\":1764547200000,\"values\":[[2],[600,null]]},"
    " {\"start_epoch_millis\":1764547230000,\"values\":[[2.5],[638,1]]}]}");

  g_assert_cmpstr (csv, ==,
                   "time,epoch_millis,baseten_replicas_active,"
                   "baseten_inference_requests_total{status=2xx},"
                   "baseten_inference_requests_total{status=5xx}\r\n"
                   "2025-12-01T00:00:00Z,1764547200000,2,600,\r\n"
                   "2025-12-01T00:00:30Z,1764547230000,2.5,638,1\r\n");
}

static void
test_csv_summary (void)
{
  g_autofree char *csv = csv_of (
    "{\"start_epoch_millis\":1764525600000,\"end_epoch_millis\":1764547200000,"
    "\"mode\":\"SUMMARY\","
    "\"metric_descriptors\":["
    " {\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}],"
    "\"metric_values\":["
    " {\"start_epoch_millis\":1764525600000,\"values\":[[0.647]]}]}");

  /* One row: the window's start, then the window's values. */
  g_assert_cmpstr (csv, ==,
                   "time,epoch_millis,baseten_replicas_active\r\n"
                   "2025-11-30T18:00:00Z,1764525600000,0.647\r\n");
}

static void
test_csv_current_time_unknown (void)
{
  g_autofree char *csv = csv_of (
    "{\"start_epoch_millis\":0,\"end_epoch_millis\":0,\"mode\":\"CURRENT\",\"step_seconds\":null,"
    "\"metric_descriptors\":["
    " {\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}],"
    "\"metric_values\":[{\"start_epoch_millis\":0,\"values\":[[3]]}]}");

  /* The API sends a CURRENT snapshot's time as 0: no 1970 in the file. */
  g_assert_cmpstr (csv, ==,
                   "time,epoch_millis,baseten_replicas_active\r\n"
                   ",,3\r\n");
}

static void
test_csv_current_time_known (void)
{
  g_autofree char *csv = csv_of (
    "{\"start_epoch_millis\":0,\"end_epoch_millis\":0,\"mode\":\"CURRENT\",\"step_seconds\":null,"
    "\"metric_descriptors\":["
    " {\"name\":\"baseten_replicas_active\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}],"
    "\"metric_values\":[{\"start_epoch_millis\":1764547200000,\"values\":[[3]]}]}");

  /* A CURRENT response that does say when keeps its time. */
  g_assert_cmpstr (csv, ==,
                   "time,epoch_millis,baseten_replicas_active\r\n"
                   "2025-12-01T00:00:00Z,1764547200000,3\r\n");
}

static void
test_csv_no_metrics (void)
{
  g_autofree char *csv = csv_of (
    "{\"mode\":\"CURRENT\",\"start_epoch_millis\":0,\"end_epoch_millis\":0,\"step_seconds\":null,"
    "\"metric_descriptors\":[],\"metric_values\":[]}");

  g_assert_cmpstr (csv, ==, "time,epoch_millis\r\n");
}

static void
test_csv_millis (void)
{
  g_autofree char *csv = csv_of (
    "{\"start_epoch_millis\":1764547200000,\"end_epoch_millis\":1764547260000,"
    "\"mode\":\"SERIES\",\"step_seconds\":null,"
    "\"metric_descriptors\":["
    " {\"name\":\"m\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}],"
    "\"metric_values\":["
    " {\"start_epoch_millis\":1764547200000,\"values\":[[1]]},"
    " {\"start_epoch_millis\":1764547230250,\"values\":[[2]]}]}");

  /* One step off the second: every row shows milliseconds, so the column
   * keeps one shape. */
  g_assert_cmpstr (csv, ==,
                   "time,epoch_millis,m\r\n"
                   "2025-12-01T00:00:00.000Z,1764547200000,1\r\n"
                   "2025-12-01T00:00:30.250Z,1764547230250,2\r\n");
}

/* ---- column names and quoting ------------------------------------------ */

#define FFFD "\xef\xbf\xbd"

typedef struct
{
  const char *label_sets;  /* JSON */
  const char *written;     /* the header cell as written */
  const char *read;        /* the header cell as a CSV reader returns it */
} NameCase;

static const NameCase name_cases[] = {
  { "[{}]", "m", "m" },
  { "[{\"status\":\"2xx\"}]", "m{status=2xx}", "m{status=2xx}" },
  /* Keys keep the API's order, not sorted; two labels need quotes. */
  { "[{\"zone\":\"b\",\"az\":\"a\"}]", "\"m{zone=b,az=a}\"", "m{zone=b,az=a}" },
  { "[{\"k\":\"a,b\"}]", "\"m{k=a,b}\"", "m{k=a,b}" },
  { "[{\"k\":\"say \\\"hi\\\"\"}]", "\"m{k=say \"\"hi\"\"}\"", "m{k=say \"hi\"}" },
  /* Control characters read U+FFFD: a header cell is one line. */
  { "[{\"k\":\"two\\nlines\"}]", "m{k=two" FFFD "lines}", "m{k=two" FFFD "lines}" },
  { "[{\"k\":\"cr\\rhere\"}]", "m{k=cr" FFFD "here}", "m{k=cr" FFFD "here}" },
  /* A terminal title and a clear screen; a BiDi override. */
  { "[{\"k\":\"\\u001b]0;owned\\u0007\\u001b[2J\"}]",
    "m{k=" FFFD "]0;owned" FFFD FFFD "[2J}", "m{k=" FFFD "]0;owned" FFFD FFFD "[2J}" },
  { "[{\"k\":\"a\\u202eb\\u2066c\\u009b\"}]",
    "m{k=a" FFFD "b" FFFD "c" FFFD "}", "m{k=a" FFFD "b" FFFD "c" FFFD "}" },
  { "[{\"k\":\"ünï ☃\"}]", "m{k=ünï ☃}", "m{k=ünï ☃}" },
};

static void
test_csv_column_name (gconstpointer data)
{
  const NameCase *c = data;
  g_autofree char *json = g_strdup_printf (
    "{\"start_epoch_millis\":1764547200000,\"end_epoch_millis\":1764547230000,"
    "\"mode\":\"SERIES\",\"step_seconds\":30,"
    "\"metric_descriptors\":[{\"name\":\"m\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":%s}],"
    "\"metric_values\":[{\"start_epoch_millis\":1764547200000,\"values\":[[7]]}]}",
    c->label_sets);
  g_autofree char *csv = csv_of (json);
  g_autofree char *expected = g_strdup_printf ("time,epoch_millis,%s\r\n"
                                               "2025-12-01T00:00:00Z,1764547200000,7\r\n",
                                               c->written);
  g_autoptr(GPtrArray) rows = NULL;

  g_assert_cmpstr (csv, ==, expected);

  rows = parse_csv (csv);
  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_cmpuint (((GPtrArray *) rows->pdata[0])->len, ==, 3);
  g_assert_cmpstr (CELL (rows, 0, 2), ==, c->read);
  g_assert_cmpstr (CELL (rows, 1, 2), ==, "7");
}

/* A header cell a spreadsheet would run as a formula starts with a
 * single quote (OWASP's advice for CSV injection); a plain number, or a
 * name that starts otherwise, is written as it is. */
typedef struct
{
  const char *name;     /* JSON string contents */
  const char *written;  /* the header cell as written */
} FormulaCase;

static const FormulaCase formula_cases[] = {
  { "=HYPERLINK(\\\"http://x\\\")", "\"'=HYPERLINK(\"\"http://x\"\")\"" },
  { "=1+2", "'=1+2" },
  { "+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0" },
  { "-2+3", "'-2+3" },
  { "@SUM(A1)", "'@SUM(A1)" },
  /* A tab or a carriage return reads U+FFFD from the decoder on. */
  { "\\tx", FFFD "x" },
  { "\\r=x", FFFD "=x" },
  { "-1.5", "-1.5" },
  { "+3e9", "+3e9" },
  { "a=b", "a=b" },
  { "m-1", "m-1" },
  { "-inf", "'-inf" },
  { "+0x1p3", "'+0x1p3" },
};

static void
test_csv_formula (gconstpointer data)
{
  const FormulaCase *c = data;
  g_autofree char *json = g_strdup_printf (
    "{\"start_epoch_millis\":1764547200000,\"end_epoch_millis\":1764547230000,"
    "\"mode\":\"SERIES\",\"step_seconds\":30,"
    "\"metric_descriptors\":[{\"name\":\"%s\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[{}]}],"
    "\"metric_values\":[{\"start_epoch_millis\":1764547200000,\"values\":[[-1.5]]}]}",
    c->name);
  g_autofree char *csv = csv_of (json);
  g_autofree char *expected = g_strdup_printf ("time,epoch_millis,%s\r\n"
                                               "2025-12-01T00:00:00Z,1764547200000,-1.5\r\n",
                                               c->written);

  g_assert_cmpstr (csv, ==, expected);
}

/* A name or label costs at most a few hundred bytes per cell: a 1 MiB
 * metric name over 1,000 label sets made a 1 GB file from a 1 MB
 * document. Cuts fall on a character boundary and end in "…". */
static void
test_csv_long_names (void)
{
  g_autoptr(GString) json = g_string_new (
    "{\"start_epoch_millis\":1764547200000,\"end_epoch_millis\":1764547230000,"
    "\"mode\":\"SERIES\",\"step_seconds\":30,\"metric_descriptors\":[{\"name\":\"");
  g_autoptr(GString) values = g_string_new ("[");
  g_autoptr(GPtrArray) rows = NULL;
  g_autofree char *csv = NULL;
  const char *cell;
  guint n_sets = 1000;

  /* "a" then two-byte characters: any even cut splits one. */
  g_string_append_c (json, 'a');
  while (json->len < (1 << 20))
    g_string_append (json, "\xc3\xa9");
  g_string_append (json, "\",\"unit_hint\":\"COUNT\",\"kind\":\"GAUGE\",\"label_sets\":[");
  for (guint i = 0; i < n_sets; i++)
    {
      g_string_append_printf (json, "%s{\"k\":\"%u", i > 0 ? "," : "", i);
      for (guint c = 0; c < 2000; c++)
        g_string_append (json, "\xe2\x98\x83");
      g_string_append (json, "\"}");
      g_string_append_printf (values, "%s%u", i > 0 ? "," : "", i);
    }
  g_string_append_printf (json, "]}],\"metric_values\":[{\"start_epoch_millis\":1764547200000,"
                          "\"values\":[%s]]}]}", values->str);

  csv = csv_of (json->str);

  /* 7 MB in, some 500 kB out: not 1 GB. */
  g_assert_cmpuint (strlen (csv), <, n_sets * 600);
  g_assert_true (g_utf8_validate (csv, -1, NULL));

  rows = parse_csv (csv);
  g_assert_cmpuint (rows->len, ==, 2);
  g_assert_cmpuint (((GPtrArray *) rows->pdata[0])->len, ==, 2 + n_sets);
  cell = CELL (rows, 0, 2);
  g_assert_true (g_str_has_prefix (cell, "a\xc3\xa9\xc3\xa9"));
  g_assert_nonnull (strstr (cell, "\xc3\xa9\xe2\x80\xa6{k=0\xe2\x98\x83"));
  g_assert_true (g_str_has_suffix (cell, "\xe2\x98\x83\xe2\x80\xa6}"));
  g_assert_cmpuint (strlen (cell), <=, 2 * 256 + strlen ("{k=}"));
  g_assert_cmpstr (CELL (rows, 1, 2 + n_sets - 1), ==, "999");
}

/* ---- numbers ----------------------------------------------------------- */

typedef struct
{
  double      value;
  const char *text;
} NumberCase;

static const NumberCase number_cases[] = {
  { 0, "0" },
  { 3, "3" },
  { -2, "-2" },
  { 3600, "3600" },
  { 0.1, "0.1" },
  { 0.647, "0.647" },
  { 1.050316, "1.050316" },
  { 0.1 + 0.2, "0.30000000000000004" },   /* needs all 17 digits */
  { 1e-9, "1e-09" },
  { 2.5e20, "2.5e+20" },
  { 123456789012.5, "123456789012.5" },
  { 1e17, "1e+17" },          /* past 2^53: not printed as an integer */
  { -0.0, "-0" },
};

static void
test_csv_number (gconstpointer data)
{
  const NumberCase *c = data;
  g_autoptr(GString) out = g_string_new (NULL);

  isc_csv_append_number (out, c->value);
  g_assert_cmpstr (out->str, ==, c->text);
  g_assert_cmpfloat (g_ascii_strtod (out->str, NULL), ==, c->value);
}

static void
test_csv_number_null (void)
{
  g_autoptr(GString) out = g_string_new ("x");

  isc_csv_append_number (out, NAN);
  g_assert_cmpstr (out->str, ==, "x");
}

static void
test_csv_number_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4180);

  /* Whatever the value, the text reads back as the same double. */
  for (guint i = 0; i < 100000; i++)
    {
      g_autoptr(GString) out = g_string_new (NULL);
      double value = g_rand_double_range (rand, -1, 1) *
                     pow (10, g_rand_int_range (rand, -30, 30));

      isc_csv_append_number (out, value);
      if (g_ascii_strtod (out->str, NULL) != value)
        g_error ("%.17g was written as %s", value, out->str);
      g_assert_cmpuint (out->len, <=, 24);
    }
}

static void
test_csv_number_locale (void)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *old = g_strdup (setlocale (LC_ALL, NULL));

  /* A German desktop writes 0,5 with printf: a CSV must not. */
  if (setlocale (LC_ALL, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("no de_DE.UTF-8 locale");
      return;
    }

  isc_csv_append_number (out, 0.5);
  g_string_append_c (out, ' ');
  isc_csv_append_number (out, 0.1 + 0.2);
  setlocale (LC_ALL, old);

  g_assert_cmpstr (out->str, ==, "0.5 0.30000000000000004");
}

/* ---- a real response, read back --------------------------------------- */

static void
test_csv_fixture_reads_back (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "default-series.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *csv = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  guint n_steps = 0;
  const gint64 *starts;
  guint column = 2;

  response = isc_metrics_response_new_from_file (path, &error);
  g_assert_no_error (error);

  bytes = isc_csv_from_response (response);
  csv = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  rows = parse_csv (csv);
  starts = isc_metrics_response_get_step_starts (response, &n_steps);

  g_assert_cmpuint (n_steps, >, 1);
  g_assert_cmpuint (rows->len, ==, n_steps + 1);

  for (guint r = 1; r < rows->len; r++)
    {
      g_autoptr(GDateTime) dt = g_date_time_new_from_iso8601 (CELL (rows, r, 0), NULL);

      g_assert_cmpuint (((GPtrArray *) rows->pdata[r])->len, ==, ((GPtrArray *) rows->pdata[0])->len);
      g_assert_nonnull (dt);
      g_assert_cmpint (g_date_time_to_unix (dt) * 1000, ==, starts[r - 1]);
      g_assert_cmpint (g_ascii_strtoll (CELL (rows, r, 1), NULL, 10), ==, starts[r - 1]);
    }

  /* Every value, null or not, comes back exactly. */
  for (guint m = 0; m < isc_metrics_response_get_n_metrics (response); m++)
    {
      const IscMetric *metric = isc_metrics_response_get_metric (response, m);

      for (guint s = 0; s < isc_metric_get_n_series (metric); s++, column++)
        {
          const double *values = isc_series_get_values (isc_metric_get_series (metric, s), NULL);

          g_assert_true (g_str_has_prefix (CELL (rows, 0, column), isc_metric_get_name (metric)));
          for (guint i = 0; i < n_steps; i++)
            {
              const char *cell = CELL (rows, i + 1, column);

              if (isnan (values[i]))
                g_assert_cmpstr (cell, ==, "");
              else
                g_assert_cmpfloat (g_ascii_strtod (cell, NULL), ==, values[i]);
            }
        }
    }
  g_assert_cmpuint (column, ==, ((GPtrArray *) rows->pdata[0])->len);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/csv/series", test_csv_series);
  g_test_add_func ("/isc/csv/summary", test_csv_summary);
  g_test_add_func ("/isc/csv/current-time-unknown", test_csv_current_time_unknown);
  g_test_add_func ("/isc/csv/current-time-known", test_csv_current_time_known);
  g_test_add_func ("/isc/csv/no-metrics", test_csv_no_metrics);
  g_test_add_func ("/isc/csv/millis", test_csv_millis);
  g_test_add_func ("/isc/csv/long-names", test_csv_long_names);

  for (guint i = 0; i < G_N_ELEMENTS (name_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/csv/column-name/%u", i);
      g_test_add_data_func (path, &name_cases[i], test_csv_column_name);
    }

  for (guint i = 0; i < G_N_ELEMENTS (formula_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/csv/formula/%u", i);
      g_test_add_data_func (path, &formula_cases[i], test_csv_formula);
    }

  for (guint i = 0; i < G_N_ELEMENTS (number_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/csv/number/%s", number_cases[i].text);
      g_test_add_data_func (path, &number_cases[i], test_csv_number);
    }
  g_test_add_func ("/isc/csv/number/null", test_csv_number_null);
  g_test_add_func ("/isc/csv/number/round-trip", test_csv_number_round_trip);
  g_test_add_func ("/isc/csv/number/locale", test_csv_number_locale);

  g_test_add_func ("/isc/csv/fixture-reads-back", test_csv_fixture_reads_back);

  return g_test_run ();
}
