/* isc-csv.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-csv"

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isc-csv.h"
#include "isc-text.h"

/* RFC 4180: a field that holds a comma, a quote or a line break is put in
 * quotes, and a quote inside it is doubled.
 */
void
isc_csv_append_field (GString    *out,
                      const char *field)
{
  const char *p;

  g_return_if_fail (out != NULL);

  if (field == NULL)
    return;

  if (strpbrk (field, ",\"\r\n") == NULL)
    {
      g_string_append (out, field);
      return;
    }

  g_string_append_c (out, '"');
  for (p = field; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* metric{key=value,key=value}, the label keys in the order the API sent
 * them; the plain name for a plain metric ({}).
 */
/* Whether @cell reads as a number, such as -1.5 or +3e9, all of it. */
static gboolean
is_number (const char *cell)
{
  char *end = NULL;

  /* Digits, a point, an exponent and signs only: "-inf" or "+0x1p3" are
   * not numbers to a spreadsheet. */
  if (cell[0] == '\0' || cell[strspn (cell, "0123456789.eE+-")] != '\0')
    return FALSE;

  g_ascii_strtod (cell, &end);
  return end != NULL && end != cell && *end == '\0';
}

/* A header cell holds text from the document: its control and BiDi
 * characters are replaced (isc_text_sanitize()), and a cell a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return, as OWASP lists them) starts with a single quote instead, unless
 * it is a plain number.
 */
static void
append_text_field (GString    *out,
                   const char *text)
{
  g_autofree char *clean = isc_text_sanitize (text, -1);

  if (strchr ("=+-@\t\r", text[0]) != NULL && text[0] != '\0' && !is_number (text))
    {
      g_autofree char *quoted = g_strconcat ("'", clean, NULL);

      isc_csv_append_field (out, quoted);
      return;
    }

  isc_csv_append_field (out, clean);
}

static void
append_column_name (GString         *out,
                    const IscMetric *metric,
                    const IscSeries *series)
{
  g_autoptr(GString) name = g_string_new (isc_metric_get_name (metric));
  guint n_labels = isc_series_get_n_labels (series);

  if (n_labels > 0)
    {
      g_string_append_c (name, '{');
      for (guint i = 0; i < n_labels; i++)
        {
          if (i > 0)
            g_string_append_c (name, ',');
          g_string_append (name, isc_series_get_label_key (series, i));
          g_string_append_c (name, '=');
          g_string_append (name, isc_series_get_label_value (series, i));
        }
      g_string_append_c (name, '}');
    }

  append_text_field (out, name->str);
}

/* printf and strtod in the C locale, whatever the person's is, without
 * g_ascii_formatd ()'s per-call work: the CSV of a week-long response has
 * a million numbers. uselocale () is per thread, so this is thread-safe.
 */
static locale_t
get_c_locale (void)
{
  static locale_t c_locale;

  if (g_once_init_enter (&c_locale))
    g_once_init_leave (&c_locale, newlocale (LC_ALL_MASK, "C", (locale_t) 0));

  return c_locale;
}

static void
append_integer (GString *out,
                gint64   value)
{
  char buf[24];
  char *p = buf + sizeof buf;
  guint64 magnitude = value < 0 ? -(guint64) value : (guint64) value;

  do
    {
      *--p = '0' + magnitude % 10;
      magnitude /= 10;
    }
  while (magnitude > 0);
  if (value < 0)
    *--p = '-';

  g_string_append_len (out, p, buf + sizeof buf - p);
}

/* The shortest decimal text that reads back as the same double, in the C
 * locale: spreadsheets and scripts must get back exactly what the API
 * sent.
 */
void
isc_csv_append_number (GString *out,
                       double   value)
{
  char buf[32];
  locale_t old_locale;

  if (isnan (value))
    return;

  if (isinf (value))
    {
      g_string_append (out, value > 0 ? "inf" : "-inf");
      return;
    }

  /* Counts and most gauges are whole numbers: print them as integers,
   * which is both the shortest form and the fastest.
   */
  if (value == floor (value) && fabs (value) < 9007199254740992.0 /* 2^53 */)
    {
      if (value == 0 && signbit (value))
        g_string_append (out, "-0");
      else
        append_integer (out, (gint64) value);
      return;
    }

  old_locale = uselocale (get_c_locale ());
  snprintf (buf, sizeof buf, "%.15g", value);
  if (strtod (buf, NULL) != value)
    {
      snprintf (buf, sizeof buf, "%.16g", value);
      if (strtod (buf, NULL) != value)
        snprintf (buf, sizeof buf, "%.17g", value);
    }
  uselocale (old_locale);

  g_string_append (out, buf);
}

/* floor division, so a time before 1970 still gets its right second */
static void
append_time (GString *out,
             gint64   ms,
             gboolean with_millis)
{
  gint64 seconds = ms / 1000;
  gint64 millis = ms % 1000;
  g_autoptr(GDateTime) dt = NULL;

  if (millis < 0)
    {
      millis += 1000;
      seconds -= 1;
    }

  dt = g_date_time_new_from_unix_utc (seconds);
  if (dt == NULL)
    return;  /* out of GDateTime's range: leave the cell empty */

  g_string_append_printf (out, "%04d-%02d-%02dT%02d:%02d:%02d",
                          g_date_time_get_year (dt),
                          g_date_time_get_month (dt),
                          g_date_time_get_day_of_month (dt),
                          g_date_time_get_hour (dt),
                          g_date_time_get_minute (dt),
                          g_date_time_get_second (dt));
  if (with_millis)
    g_string_append_printf (out, ".%03d", (int) millis);
  g_string_append_c (out, 'Z');
}

/**
 * isc_csv_append:
 * @out: the string to append to
 * @response: the response to write
 *
 * Appends @response as CSV, header first. See isc-csv.h for the columns and
 * for what CURRENT and SUMMARY look like.
 */
void
isc_csv_append (GString                  *out,
                const IscMetricsResponse *response)
{
  g_autoptr(GPtrArray) columns = NULL;  /* const double *, one per series */
  const gint64 *starts;
  guint n_steps = 0;
  guint n_metrics;
  gboolean with_millis = FALSE;
  gboolean current;

  g_return_if_fail (out != NULL);
  g_return_if_fail (response != NULL);

  n_metrics = isc_metrics_response_get_n_metrics (response);
  starts = isc_metrics_response_get_step_starts (response, &n_steps);
  current = isc_metrics_response_get_mode (response) == ISC_MODE_CURRENT;
  columns = g_ptr_array_new ();

  g_string_append (out, "time,epoch_millis");
  for (guint m = 0; m < n_metrics; m++)
    {
      const IscMetric *metric = isc_metrics_response_get_metric (response, m);
      guint n_series = isc_metric_get_n_series (metric);

      for (guint s = 0; s < n_series; s++)
        {
          const IscSeries *series = isc_metric_get_series (metric, s);
          guint n_values = 0;
          const double *values = isc_series_get_values (series, &n_values);

          g_string_append_c (out, ',');
          append_column_name (out, metric, series);

          g_assert (n_values == n_steps);
          g_ptr_array_add (columns, (gpointer) values);
        }
    }
  g_string_append (out, "\r\n");

  /* No series, no data: a row of bare times would only mislead. */
  if (columns->len == 0)
    return;

  /* Steps start on whole seconds in every response seen; print
   * milliseconds for all rows only when some step needs them, so the
   * column keeps one shape.
   */
  for (guint i = 0; i < n_steps; i++)
    {
      if (starts[i] % 1000 != 0)
        {
          with_millis = TRUE;
          break;
        }
    }

  for (guint i = 0; i < n_steps; i++)
    {
      /* A CURRENT response is a snapshot "now" and the API sends its time
       * as 0. Writing 1970-01-01 would mislead and writing the moment of
       * export would invent a time the response does not hold, so both
       * time cells stay empty: the file says "not known".
       */
      if (!(current && starts[i] == 0))
        {
          append_time (out, starts[i], with_millis);
          g_string_append_printf (out, ",%" G_GINT64_FORMAT, starts[i]);
        }
      else
        {
          g_string_append_c (out, ',');
        }

      for (guint c = 0; c < columns->len; c++)
        {
          const double *values = g_ptr_array_index (columns, c);

          g_string_append_c (out, ',');
          isc_csv_append_number (out, values[i]);
        }
      g_string_append (out, "\r\n");
    }
}

/**
 * isc_csv_from_response:
 * @response: the response to write
 *
 * Returns: (transfer full): @response as CSV, in UTF-8
 */
GBytes *
isc_csv_from_response (const IscMetricsResponse *response)
{
  GString *out;

  g_return_val_if_fail (response != NULL, NULL);

  out = g_string_new (NULL);
  isc_csv_append (out, response);

  return g_string_free_to_bytes (out);
}
