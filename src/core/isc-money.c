/* isc-money.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-money"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "isc-money.h"

G_DEFINE_QUARK (isc-money-error-quark, isc_money_error)

#define MAX_TEXT 64

gboolean
isc_money_parse (const char  *text,
                 IscMoney    *out,
                 GError     **error)
{
  const char *p = text;
  gboolean negative = FALSE;
  gboolean any_digit = FALSE;
  guint64 whole = 0;
  guint64 fraction = 0;
  guint n_fraction = 0;
  gboolean round_up = FALSE;
  gint64 micros;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (strlen (text) > MAX_TEXT)
    {
      g_set_error (error, ISC_MONEY_ERROR, ISC_MONEY_ERROR_INVALID,
                   _("an amount of more than %d characters"), MAX_TEXT);
      return FALSE;
    }

  if (*p == '+' || *p == '-')
    negative = (*p++ == '-');

  for (; g_ascii_isdigit (*p); p++)
    {
      any_digit = TRUE;
      whole = whole * 10 + (guint64) (*p - '0');
      if (whole > (guint64) (ISC_MONEY_MAX / ISC_MONEY_MICROS_PER_DOLLAR))
        {
          g_set_error (error, ISC_MONEY_ERROR, ISC_MONEY_ERROR_OUT_OF_RANGE,
                       _("“%s” is out of range"), text);
          return FALSE;
        }
    }

  if (*p == '.')
    {
      p++;
      for (; g_ascii_isdigit (*p); p++)
        {
          any_digit = TRUE;
          if (n_fraction < 6)
            {
              fraction = fraction * 10 + (guint64) (*p - '0');
              n_fraction++;
            }
          else if (n_fraction == 6)
            {
              /* The seventh digit decides the rounding; later ones do not
               * matter to half away from zero. */
              round_up = (*p >= '5');
              n_fraction++;
            }
        }
    }

  if (*p != '\0' || !any_digit)
    {
      g_set_error (error, ISC_MONEY_ERROR, ISC_MONEY_ERROR_INVALID,
                   _("“%s” is not an amount of money"), text);
      return FALSE;
    }

  for (guint i = MIN (n_fraction, 6); i < 6; i++)
    fraction *= 10;

  micros = (gint64) (whole * (guint64) ISC_MONEY_MICROS_PER_DOLLAR + fraction) + (round_up ? 1 : 0);
  if (micros > ISC_MONEY_MAX)
    {
      g_set_error (error, ISC_MONEY_ERROR, ISC_MONEY_ERROR_OUT_OF_RANGE,
                   _("“%s” is out of range"), text);
      return FALSE;
    }

  *out = negative ? -micros : micros;
  return TRUE;
}

gboolean
isc_money_from_double (double    dollars,
                       IscMoney *out)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  double rounded;

  g_return_val_if_fail (out != NULL, FALSE);

  if (!isfinite (dollars) || fabs (dollars) > (double) (ISC_MONEY_MAX / ISC_MONEY_MICROS_PER_DOLLAR))
    return FALSE;

  /* Through the shortest decimal that reads back as the same double, so
   * 12.34 (really 12.339999…) is the 12.34 the server wrote. Beyond 15
   * significant digits a double holds no more than that anyway. */
  if (fabs (dollars) < 1e15)
    {
      IscMoney parsed;

      g_snprintf (buffer, sizeof buffer, "%.15g", dollars);
      if (strchr (buffer, 'e') == NULL && isc_money_parse (buffer, &parsed, NULL))
        {
          *out = parsed;
          return TRUE;
        }
    }

  rounded = round (dollars * (double) ISC_MONEY_MICROS_PER_DOLLAR);
  if (fabs (rounded) > (double) ISC_MONEY_MAX)
    return FALSE;

  *out = (IscMoney) rounded;
  return TRUE;
}

gboolean
isc_money_from_node (JsonNode  *node,
                     IscMoney  *out,
                     GError   **error)
{
  GType type;

  g_return_val_if_fail (out != NULL, FALSE);

  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE)
    {
      g_set_error_literal (error, ISC_MONEY_ERROR, ISC_MONEY_ERROR_INVALID,
                           _("expected a number or a decimal string"));
      return FALSE;
    }

  type = json_node_get_value_type (node);
  if (type == G_TYPE_STRING)
    return isc_money_parse (json_node_get_string (node), out, error);

  if (type == G_TYPE_INT64)
    {
      gint64 v = json_node_get_int (node);

      if (v > ISC_MONEY_MAX / ISC_MONEY_MICROS_PER_DOLLAR ||
          v < -(ISC_MONEY_MAX / ISC_MONEY_MICROS_PER_DOLLAR))
        {
          g_set_error (error, ISC_MONEY_ERROR, ISC_MONEY_ERROR_OUT_OF_RANGE,
                       _("%lld is out of range"), (long long) v);
          return FALSE;
        }

      *out = v * ISC_MONEY_MICROS_PER_DOLLAR;
      return TRUE;
    }

  if (type == G_TYPE_DOUBLE)
    {
      if (!isc_money_from_double (json_node_get_double (node), out))
        {
          g_set_error (error, ISC_MONEY_ERROR, ISC_MONEY_ERROR_OUT_OF_RANGE,
                       _("%g is out of range"), json_node_get_double (node));
          return FALSE;
        }
      return TRUE;
    }

  g_set_error_literal (error, ISC_MONEY_ERROR, ISC_MONEY_ERROR_INVALID,
                       _("expected a number or a decimal string"));
  return FALSE;
}

double
isc_money_to_double (IscMoney money)
{
  return (double) money / (double) ISC_MONEY_MICROS_PER_DOLLAR;
}

gint64
isc_money_to_cents (IscMoney money)
{
  gint64 half = ISC_MONEY_MICROS_PER_CENT / 2;

  if (money >= 0)
    return (money + half) / ISC_MONEY_MICROS_PER_CENT;

  return -((-money + half) / ISC_MONEY_MICROS_PER_CENT);
}

IscMoney
isc_money_add (IscMoney a,
               IscMoney b)
{
  IscMoney sum = a + b;   /* both within ±ISC_MONEY_MAX: no overflow */

  return CLAMP (sum, -ISC_MONEY_MAX, ISC_MONEY_MAX);
}

IscMoney
isc_money_scale (IscMoney money,
                 double   factor)
{
  double v;

  if (!isfinite (factor))
    return 0;

  v = round ((double) money * factor);
  if (v > (double) ISC_MONEY_MAX)
    return ISC_MONEY_MAX;
  if (v < (double) -ISC_MONEY_MAX)
    return -ISC_MONEY_MAX;

  return (IscMoney) v;
}

/* "1,234" */
static void
append_grouped (GString *out,
                guint64  whole)
{
  char digits[32];
  gsize n;

  g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, whole);
  n = strlen (digits);
  for (gsize i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, digits[i]);
    }
}

char *
isc_money_format (IscMoney money)
{
  GString *out = g_string_new (NULL);
  gint64 cents = isc_money_to_cents (money);
  guint64 abs_cents = (guint64) ABS (cents);

  if (money != 0 && cents == 0)
    {
      g_string_append (out, money < 0 ? "−<$0.01" : "<$0.01");
      return g_string_free (out, FALSE);
    }

  if (cents < 0)
    g_string_append (out, "−");
  g_string_append_c (out, '$');
  append_grouped (out, abs_cents / 100);
  g_string_append_printf (out, ".%02u", (guint) (abs_cents % 100));

  return g_string_free (out, FALSE);
}

char *
isc_money_format_price (IscMoney money)
{
  guint64 abs_micros = (guint64) ABS (money);
  guint64 whole = abs_micros / (guint64) ISC_MONEY_MICROS_PER_DOLLAR;
  guint64 fraction = abs_micros % (guint64) ISC_MONEY_MICROS_PER_DOLLAR;
  char digits[8];
  GString *out = g_string_new (money < 0 ? "−$" : "$");
  int len;

  append_grouped (out, whole);
  g_snprintf (digits, sizeof digits, "%06" G_GUINT64_FORMAT, fraction);
  /* At least cents, more digits only where they say something. */
  len = 6;
  while (len > 2 && digits[len - 1] == '0')
    len--;
  g_string_append_c (out, '.');
  g_string_append_len (out, digits, len);

  return g_string_free (out, FALSE);
}

char *
isc_money_to_decimal (IscMoney money)
{
  gint64 cents = isc_money_to_cents (money);
  guint64 abs_cents = (guint64) ABS (cents);

  return g_strdup_printf ("%s%" G_GUINT64_FORMAT ".%02u",
                          cents < 0 ? "-" : "",
                          abs_cents / 100, (guint) (abs_cents % 100));
}
