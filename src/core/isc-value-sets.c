/* isc-value-sets.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-value-sets"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "isc-metrics-response-private.h"

/* The value sets: metric_values read straight from the bytes.
 *
 * metric_values is nearly all of a SERIES body: a week at one minute of
 * twenty metrics is a million numbers. Built as a json-glib tree, each is
 * a node and a value of their own, and making and freeing them costs
 * several times what reading them does (some 140 MB and 0.6 s for 10 MB
 * of JSON). So when the scan has located metric_values and checked its
 * syntax, json-glib parses the body with that array left out, and the
 * value sets are read straight from the bytes here, into the packed block
 * of doubles.
 *
 * Everything here reads bytes the scan has already found to be strict
 * JSON, so the syntax needs no second check.
 */

static char *
count_values (guint n)
{
  return g_strdup_printf (ngettext ("%u value", "%u values", n), n);
}

static char *
count_label_sets (guint n)
{
  return g_strdup_printf (ngettext ("%u label set", "%u label sets", n), n);
}

static char *
count_metrics (guint n)
{
  return g_strdup_printf (ngettext ("%u metric", "%u metrics", n), n);
}

/* Steps run forward: each start comes after the one before it. */
static gboolean
check_step_order (IscMetricsResponse  *self,
                  guint                s,
                  GError             **error)
{
  if (s > 0 && self->step_starts[s] <= self->step_starts[s - 1])
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);

      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                               _("%lld does not come after the previous step's start %lld"),
                               (long long) self->step_starts[s], (long long) self->step_starts[s - 1]);
      return FALSE;
    }

  return TRUE;
}

static inline const char *
skip_ws (const char *p,
         const char *end)
{
  while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
    p++;

  return p;
}

/* Past the string at @p; *@escaped (when not NULL) set if it holds an
 * escape. */
static const char *
skip_string (const char *p,
             const char *end,
             gboolean   *escaped)
{
  for (p++; p < end && *p != '"'; p++)
    {
      if (*p == '\\')
        {
          p++;
          if (escaped != NULL)
            *escaped = TRUE;
        }
    }

  return p < end ? p + 1 : end;
}

/* Past one value of any kind. */
static const char *
skip_value (const char *p,
            const char *end)
{
  guint depth = 0;

  if (p >= end)
    return end;

  if (*p == '"')
    return skip_string (p, end, NULL);

  if (*p != '[' && *p != '{')
    {
      while (p < end && *p != ',' && *p != ']' && *p != '}' &&
             *p != ' ' && *p != '\n' && *p != '\r' && *p != '\t')
        p++;
      return p;
    }

  while (p < end)
    {
      char c = *p;

      if (c == '"')
        {
          p = skip_string (p, end, NULL);
          continue;
        }

      p++;

      if (c == '[' || c == '{')
        depth++;
      else if ((c == ']' || c == '}') && --depth == 0)
        break;
    }

  return p;
}

/* The elements of the array at @p. */
static guint
count_elements (const char *p,
                const char *end)
{
  guint n = 0;

  p = skip_ws (p + 1, end);
  if (p >= end || *p == ']')
    return 0;

  for (;;)
    {
      n++;
      p = skip_ws (skip_value (p, end), end);
      if (p >= end || *p != ',')
        return n;
      p = skip_ws (p + 1, end);
    }
}

static const char *
describe_token (const char *p,
                const char *end)
{
  switch (p < end ? *p : '\0')
    {
    case '{':
      return _("an object");

    case '[':
      return _("an array");

    case '"':
      return _("a string");

    case 't':
    case 'f':
      return _("a boolean");

    case 'n':
      return _("null");

    default:
      return _("a number");
    }
}

static inline gboolean
is_number_start (char c)
{
  return c == '-' || (c >= '0' && c <= '9');
}

static const double powers_of_ten[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* A number token, read as json-glib reads it: a token without fraction or
 * exponent is a 64-bit integer (the scan made sure it fits where the
 * schema reads one), any other the correctly rounded double, and a sign
 * negates the result ("-0" is the integer 0, "-0.0" is -0.0). Decimals
 * with at most 19 digits whose digits fit 2^53 and whose power of ten is
 * within 22 convert exactly with one multiplication or division
 * (Clinger's fast path); the rest go to g_ascii_strtod().
 */
static const char *
read_number (const char *p,
             const char *end,
             gboolean   *is_integer,
             gint64     *integer,
             double     *real)
{
  const char *start = p;
  gboolean negative = FALSE;
  guint64 digits = 0;
  int n_digits = 0;
  int exponent = 0;
  int fraction_digits = 0;

  *is_integer = TRUE;

  if (*p == '-')
    {
      negative = TRUE;
      p++;
    }

  for (; p < end && *p >= '0' && *p <= '9'; p++)
    {
      if (n_digits < 19)
        digits = digits * 10 + (guint64) (*p - '0');
      n_digits++;
    }

  if (p < end && *p == '.')
    {
      *is_integer = FALSE;
      for (p++; p < end && *p >= '0' && *p <= '9'; p++)
        {
          if (n_digits < 19)
            digits = digits * 10 + (guint64) (*p - '0');
          n_digits++;
          fraction_digits++;
        }
    }

  if (p < end && (*p == 'e' || *p == 'E'))
    {
      gboolean negative_exponent = FALSE;

      *is_integer = FALSE;
      p++;
      if (*p == '+' || *p == '-')
        negative_exponent = *p++ == '-';
      for (; p < end && *p >= '0' && *p <= '9'; p++)
        {
          if (exponent < 100000)
            exponent = exponent * 10 + (*p - '0');
        }
      if (negative_exponent)
        exponent = -exponent;
    }

  if (*is_integer)
    {
      /* At most 19 digits, within G_MAXINT64 (the scan checked). */
      *integer = negative ? -(gint64) digits : (gint64) digits;
      *real = (double) *integer;
      return p;
    }

  exponent -= fraction_digits;

  if (n_digits <= 19 && digits <= (G_GUINT64_CONSTANT (1) << 53) &&
      exponent >= -22 && exponent <= 22)
    {
      double v = (double) digits;

      v = exponent >= 0 ? v * powers_of_ten[exponent] : v / powers_of_ten[-exponent];
      *real = negative ? -v : v;
    }
  else
    {
      /* The token ends at a delimiter inside the body, so strtod stops
       * there; it reads the sign itself. */
      *real = g_ascii_strtod (start, NULL);
    }

  return p;
}

/* metric_values[s].start_epoch_millis at @p, as require_integer(). */
static const char *
read_step_start (IscMetricsResponse  *self,
                 const char          *p,
                 const char          *end,
                 guint                s,
                 GError             **error)
{
  g_autofree char *path = NULL;
  gboolean is_integer;
  gint64 integer;
  double real;

  if (!is_number_start (*p))
    {
      path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected an integer, got %s"),
                               describe_token (p, end));
      return skip_value (p, end);
    }

  p = read_number (p, end, &is_integer, &integer, &real);

  if (is_integer)
    {
      if (integer > ISC_MAX_ABS_MILLIS || integer < -ISC_MAX_ABS_MILLIS)
        {
          path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);
          _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                                   _("%lld is out of range"), (long long) integer);
          return p;
        }
    }
  else
    {
      if (!isfinite (real) || fabs (real) > (double) ISC_MAX_ABS_MILLIS)
        {
          path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);
          _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("%g is out of range"), real);
          return p;
        }

      if (real != floor (real))
        {
          path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);
          _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                                   _("expected an integer, got %.17g"), real);
          return p;
        }

      integer = (gint64) real;
    }

  self->step_starts[s] = integer;
  return p;
}

typedef enum
{
  ROWS_OK,
  ROWS_NOT_ARRAY,     /* values itself */
  ROWS_COUNT,         /* not one row per metric */
  ROW_NOT_ARRAY,      /* values[m] */
  ROW_TOO_LONG,       /* values[m] has more values than label sets */
  ROW_SHORT,          /* fewer */
  VALUE_NOT_NUMBER,   /* values[m][j] */
  VALUE_NOT_FINITE,
} RowsFault;

/* The first fault met while streaming, put in the order a walk of the
 * schema would meet it: the number of rows, then each row's type and
 * length, then its values. Streaming meets a bad value before it knows a row is too long,
 * so the counts are taken again here, where speed no longer matters.
 */
static void
report_rows_fault (IscMetricsResponse  *self,
                   const char          *rows,
                   const char          *row,
                   const char          *value,
                   const char          *end,
                   guint                s,
                   guint                m,
                   guint                j,
                   RowsFault            fault,
                   GError             **error)
{
  g_autofree char *path = NULL;
  guint n_rows;
  guint n_row_values;

  if (fault == ROWS_NOT_ARRAY)
    {
      path = g_strdup_printf ("metric_values[%u].values", s);
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected %s, got %s"),
                               _("an array"), describe_token (rows, end));
      return;
    }

  n_rows = count_elements (rows, end);
  if (n_rows != self->n_metrics || fault == ROWS_COUNT)
    {
      g_autofree char *have = count_values (n_rows);
      g_autofree char *want = count_metrics (self->n_metrics);

      path = g_strdup_printf ("metric_values[%u].values", s);
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                               _("%s, but the response describes %s"), have, want);
      return;
    }

  path = g_strdup_printf ("metric_values[%u].values[%u]", s, m);

  if (fault == ROW_NOT_ARRAY)
    {
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected %s, got %s"),
                               _("an array"), describe_token (row, end));
      return;
    }

  n_row_values = count_elements (row, end);
  if (n_row_values != self->metrics[m].n_series || fault == ROW_TOO_LONG || fault == ROW_SHORT)
    {
      g_autofree char *have = count_values (n_row_values);
      g_autofree char *want = count_label_sets (self->metrics[m].n_series);

      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                               _("%s, but metric \"%s\" has %s"), have, self->metrics[m].name, want);
      return;
    }

  g_free (path);
  path = g_strdup_printf ("metric_values[%u].values[%u][%u]", s, m, j);

  if (fault == VALUE_NOT_FINITE)
    _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("the number does not fit a double"));
  else
    _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected a number or null, got %s"),
                             describe_token (value, end));
}

/* One row, values[m] at *@pp (past its '['), into @column: one value per
 * label set of @metric, @stride apart. Leaves *@pp at the row's ']' and
 * *@j at the values read; on a fault, *@value at the one at fault.
 */
static RowsFault
read_row (const IscMetric  *metric,
          const char      **pp,
          const char       *end,
          double           *column,
          gsize             stride,
          guint            *j,
          const char      **value)
{
  const char *p = *pp;

  *j = 0;

  if (p >= end || *p == ']')
    return ROWS_OK;

  for (;;)
    {
      double v;

      if (*j >= metric->n_series)
        return ROW_TOO_LONG;

      if (is_number_start (*p))
        {
          gboolean is_integer;
          gint64 integer;

          p = read_number (p, end, &is_integer, &integer, &v);

          /* Like json-glib, strtod turns 1e999 into inf. */
          if (G_UNLIKELY (!isfinite (v)))
            return VALUE_NOT_FINITE;
        }
      else if (*p == 'n')
        {
          v = NAN;
          p += 4;
        }
      else
        {
          *value = p;
          return VALUE_NOT_NUMBER;
        }

      column[(gsize) *j * stride] = v;
      (*j)++;

      p = skip_ws (p, end);
      if (p < end && *p == ',')
        {
          p = skip_ws (p + 1, end);
          continue;
        }

      *pp = p;
      return ROWS_OK;
    }
}

/* metric_values[s].values at @p, written down the columns of the block.
 * Returns the position past it, with @error set on the first fault.
 */
static const char *
read_rows (IscMetricsResponse  *self,
           const char          *p,
           const char          *end,
           guint                s,
           GError             **error)
{
  const char *rows = p;
  const gsize stride = self->stride;
  guint series_base = 0;
  guint m = 0;

  if (*p != '[')
    {
      report_rows_fault (self, rows, NULL, NULL, end, s, 0, 0, ROWS_NOT_ARRAY, error);
      return skip_value (p, end);
    }

  p = skip_ws (p + 1, end);

  if (p < end && *p == ']')
    {
      if (self->n_metrics != 0)
        report_rows_fault (self, rows, NULL, NULL, end, s, 0, 0, ROWS_COUNT, error);
      return p + 1;
    }

  for (;;)
    {
      const IscMetric *metric;
      const char *row = p;
      const char *value = NULL;
      double *column;
      RowsFault fault;
      guint j = 0;

      if (m >= self->n_metrics)
        {
          report_rows_fault (self, rows, NULL, NULL, end, s, m, 0, ROWS_COUNT, error);
          return skip_value (rows, end);
        }

      metric = &self->metrics[m];
      column = stride != 0 ? self->values + (gsize) series_base * stride + s : self->values;

      if (*p != '[')
        {
          report_rows_fault (self, rows, row, NULL, end, s, m, 0, ROW_NOT_ARRAY, error);
          return skip_value (rows, end);
        }

      p = skip_ws (p + 1, end);
      fault = read_row (metric, &p, end, column, stride, &j, &value);
      if (fault == ROWS_OK && j != metric->n_series)
        fault = ROW_SHORT;
      if (fault != ROWS_OK)
        {
          report_rows_fault (self, rows, row, value, end, s, m, j, fault, error);
          return skip_value (rows, end);
        }

      /* Past the row's ']'. */
      p = skip_ws (p + 1, end);
      series_base += metric->n_series;
      m++;

      if (p < end && *p == ',')
        {
          p = skip_ws (p + 1, end);
          continue;
        }
      break;
    }

  /* At the ']' of values. */
  if (m != self->n_metrics)
    {
      report_rows_fault (self, rows, NULL, NULL, end, s, m, 0, ROWS_COUNT, error);
      return skip_value (rows, end);
    }

  return p + 1;
}

/* metric_values[s] at *@pp: the faults of its start come before those of
 * its values whatever the order of the keys.
 */
static gboolean
read_value_set (IscMetricsResponse  *self,
                const char         **pp,
                const char          *end,
                guint                s,
                GError             **error)
{
  g_autoptr(GError) start_error = NULL;
  g_autoptr(GError) values_error = NULL;
  const char *p = *pp;
  gboolean have_start = FALSE;
  gboolean have_values = FALSE;

  if (*p != '{')
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u]", s);

      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected %s, got %s"),
                               _("an object"), describe_token (p, end));
      return FALSE;
    }

  p = skip_ws (p + 1, end);

  while (p < end && *p == '"')
    {
      /* Keys as json-glib reads them, escapes and all; the scan refused a
       * value set that names either member twice. */
      const char *key = p + 1;
      gboolean escaped = FALSE;
      const char *key_end = skip_string (p, end, &escaped) - 1;
      gsize key_length = (gsize) (key_end - key);

      p = skip_ws (key_end + 1, end);   /* at ':' */
      p = skip_ws (p + 1, end);

      if (_isc_json_key_is (key, key_length, escaped, "start_epoch_millis"))
        {
          have_start = TRUE;
          p = read_step_start (self, p, end, s, &start_error);
        }
      else if (_isc_json_key_is (key, key_length, escaped, "values"))
        {
          have_values = TRUE;
          p = read_rows (self, p, end, s, &values_error);
        }
      else
        p = skip_value (p, end);

      p = skip_ws (p, end);
      if (p < end && *p == ',')
        p = skip_ws (p + 1, end);
    }

  /* Past the '}'. */
  *pp = p < end ? p + 1 : end;

  if (!have_start)
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);

      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("required field is missing"));
      return FALSE;
    }

  if (start_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&start_error));
      return FALSE;
    }

  if (!check_step_order (self, s, error))
    return FALSE;

  if (!have_values)
    {
      g_autofree char *path = g_strdup_printf ("metric_values[%u].values", s);

      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("required field is missing"));
      return FALSE;
    }

  if (values_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&values_error));
      return FALSE;
    }

  return TRUE;
}

gboolean
_isc_value_sets_read (IscMetricsResponse      *self,
                      const IscValueSetBytes  *bulk,
                      GError                 **error)
{
  const char *end = bulk->data + bulk->end;
  const char *p = skip_ws (bulk->data + bulk->start + 1, end);

  for (guint s = 0; s < self->n_steps; s++)
    {
      if (!read_value_set (self, &p, end, s, error))
        return FALSE;

      p = skip_ws (p, end);
      if (p < end && *p == ',')
        p = skip_ws (p + 1, end);
    }

  return TRUE;
}
