/* isc-money.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* An amount of US dollars, kept exactly: an integer count of micro-dollars
 * (10⁻⁶ USD). Baseten sends money as a JSON number or as a decimal string
 * ("12.34", "-0.5", ".25"); both become the same exact value, so cents
 * never drift as a double's would when rows are summed. Prices per minute
 * ($0.01052) keep their sub-cent digits. A decimal with more than six
 * fraction digits is rounded half away from zero to the micro-dollar.
 * The range is ±ISC_MONEY_MAX (a billion dollars), far beyond any bill;
 * a figure beyond it is refused, never wrapped.
 */
typedef gint64 IscMoney;

#define ISC_MONEY_MICROS_PER_DOLLAR G_GINT64_CONSTANT (1000000)
#define ISC_MONEY_MICROS_PER_CENT   G_GINT64_CONSTANT (10000)
#define ISC_MONEY_MAX               (G_GINT64_CONSTANT (1000000000) * ISC_MONEY_MICROS_PER_DOLLAR)

#define ISC_MONEY_ERROR (isc_money_error_quark ())

typedef enum
{
  ISC_MONEY_ERROR_INVALID,       /* not a number nor a decimal string */
  ISC_MONEY_ERROR_OUT_OF_RANGE,  /* beyond ±ISC_MONEY_MAX */
} IscMoneyError;

GQuark    isc_money_error_quark   (void);

/* "12.34", "+1", "-0.5", ".25", "3." (the API's ^[+-]?\d*\.?\d*$, at
 * least one digit; at most 64 characters). FALSE with an
 * ISC_MONEY_ERROR saying what is wrong otherwise. */
gboolean  isc_money_parse         (const char  *text,
                                   IscMoney    *out,
                                   GError     **error);
/* A JSON number (integer or double) or a decimal string; a double is read
 * through its shortest decimal form, so 12.34 is exactly 12.34. */
gboolean  isc_money_from_node     (JsonNode    *node,
                                   IscMoney    *out,
                                   GError     **error);
/* Nearest micro-dollar; FALSE for NaN, infinities and out of range. */
gboolean  isc_money_from_double   (double       dollars,
                                   IscMoney    *out);
double    isc_money_to_double     (IscMoney     money);
/* Rounded half away from zero to whole cents. */
gint64    isc_money_to_cents      (IscMoney     money);
/* Saturating sum: never wraps. */
IscMoney  isc_money_add           (IscMoney     a,
                                   IscMoney     b);
/* @money × @factor (replicas × minutes), rounded to the micro-dollar,
 * saturating. */
IscMoney  isc_money_scale         (IscMoney     money,
                                   double       factor);

/* For people: "$1,234.56" in cents (the C locale's digits, a thin space
 * never), "−$0.50" with a minus sign; amounts under a cent but not zero read
 * "<$0.01". */
char     *isc_money_format        (IscMoney     money);
/* A price, with up to 5 significant fraction digits: "$0.01052". */
char     *isc_money_format_price  (IscMoney     money);
/* For files (CSV): "1234.56", always two decimals, '.' whatever the
 * locale, "-" for negatives. */
char     *isc_money_to_decimal    (IscMoney     money);

G_END_DECLS
