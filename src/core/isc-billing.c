/* isc-billing.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-billing"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-billing.h"

/* STUB: the declarations for cost-ui; the decoders follow. */

G_DEFINE_QUARK (isc-billing-error-quark, isc_billing_error)

struct _IscBillingSummary
{
  gatomicrefcount   ref_count;
  gint64            start_ms;
  gint64            end_ms;
  IscBillingSection sections[ISC_BILLING_N_SECTIONS];
};

struct _IscInstanceTypePrices
{
  gatomicrefcount       ref_count;
  guint                 n;
  IscInstanceTypePrice *prices;
};

G_DEFINE_BOXED_TYPE (IscBillingSummary, isc_billing_summary,
                     isc_billing_summary_ref, isc_billing_summary_unref)
G_DEFINE_BOXED_TYPE (IscInstanceTypePrices, isc_instance_type_prices,
                     isc_instance_type_prices_ref, isc_instance_type_prices_unref)

IscBillingSummary *
isc_billing_summary_decode (const char  *data,
                            gsize        length,
                            gint64       start_ms,
                            gint64       end_ms,
                            GError     **error)
{
  g_set_error_literal (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID, "not implemented yet");
  return NULL;
}

IscBillingSummary *
isc_billing_summary_ref (IscBillingSummary *self)
{
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
isc_billing_summary_unref (IscBillingSummary *self)
{
  if (g_atomic_ref_count_dec (&self->ref_count))
    g_free (self);
}

gint64
isc_billing_summary_get_start_ms (const IscBillingSummary *self)
{
  return self->start_ms;
}

gint64
isc_billing_summary_get_end_ms (const IscBillingSummary *self)
{
  return self->end_ms;
}

const IscBillingSection *
isc_billing_summary_get_section (const IscBillingSummary *self,
                                 IscBillingSectionKind    kind)
{
  return &self->sections[kind];
}

const IscBillingItem *
isc_billing_summary_lookup (const IscBillingSummary *self,
                            const char              *id)
{
  return NULL;
}

guint
isc_billing_summary_collect_environment (const IscBillingSummary *self,
                                         const char              *model_name,
                                         const char              *environment_name,
                                         GPtrArray               *out)
{
  return 0;
}

const IscBillingDay *
isc_billing_item_lookup_day (const IscBillingItem *item,
                             gint64                day_ms)
{
  return NULL;
}

gboolean
isc_billing_parse_date (const char *text,
                        gint64     *day_ms)
{
  return FALSE;
}

char *
isc_billing_build_params (gint64   start_ms,
                          gint64   end_ms,
                          GError **error)
{
  g_set_error_literal (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID, "not implemented yet");
  return NULL;
}

IscInstanceTypePrices *
isc_instance_type_prices_decode (const char  *data,
                                 gsize        length,
                                 GError     **error)
{
  g_set_error_literal (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID, "not implemented yet");
  return NULL;
}

IscInstanceTypePrices *
isc_instance_type_prices_ref (IscInstanceTypePrices *self)
{
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
isc_instance_type_prices_unref (IscInstanceTypePrices *self)
{
  if (g_atomic_ref_count_dec (&self->ref_count))
    g_free (self);
}

guint
isc_instance_type_prices_get_n (const IscInstanceTypePrices *self)
{
  return self->n;
}

const IscInstanceTypePrice *
isc_instance_type_prices_get (const IscInstanceTypePrices *self,
                              guint                        index)
{
  g_return_val_if_fail (index < self->n, NULL);
  return &self->prices[index];
}

const IscInstanceTypePrice *
isc_instance_type_prices_lookup (const IscInstanceTypePrices *self,
                                 const char                  *instance_type)
{
  return NULL;
}
