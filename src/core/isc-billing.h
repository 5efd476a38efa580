/* isc-billing.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-money.h"

G_BEGIN_DECLS

/* What the workspace was billed: GET /v1/billing/usage_summary
 * (UsageSummaryV1), and what each instance type costs:
 * GET /v1/instance_type_prices (baseten-api-reference.md §3).
 *
 * Both are immutable, reference-counted and safe to share between
 * threads once decoded; every pointer they hand out is borrowed and lives
 * as long as they do. Text from the document is made safe (isc-text.h)
 * and cut. Money is IscMoney, exact.
 *
 * The decoders validate like the metrics decoder: a wrong shape is an
 * ISC_BILLING_ERROR whose message names the JSON path, then what is wrong
 * ("dedicated_usage.breakdown[3].daily[0].date: “2026-13-01” is not a
 * date"), and they are bounded (ISC_BILLING_MAX_ITEMS rows,
 * ISC_BILLING_MAX_DAYS days a row). Unknown members are ignored; a missing
 * optional "breakdown" or "daily" is kept as missing (has_breakdown,
 * has_daily FALSE), never an error.
 */

#define ISC_BILLING_ERROR (isc_billing_error_quark ())

typedef enum
{
  ISC_BILLING_ERROR_SYNTAX,    /* not JSON */
  ISC_BILLING_ERROR_INVALID,   /* JSON, but not the document expected */
  ISC_BILLING_ERROR_TOO_MANY,  /* beyond the bounds below, or over 16 MiB */
} IscBillingError;

GQuark isc_billing_error_quark (void);

#define ISC_BILLING_MAX_ITEMS       100000
#define ISC_BILLING_MAX_DAYS        62     /* the API allows 31 */
#define ISC_BILLING_MAX_PERIOD_DAYS 31
/* The API refuses periods that start earlier. 2026-01-01T00:00:00Z. */
#define ISC_BILLING_EARLIEST_MS     G_GINT64_CONSTANT (1767225600000)
#define ISC_DAY_MS                  G_GINT64_CONSTANT (86400000)

typedef enum
{
  ISC_BILLING_SECTION_DEDICATED,   /* dedicated_usage: deployments, chainlets */
  ISC_BILLING_SECTION_TRAINING,    /* training_usage */
  ISC_BILLING_SECTION_MODEL_APIS,  /* model_apis_usage */
} IscBillingSectionKind;

#define ISC_BILLING_N_SECTIONS 3

typedef enum
{
  ISC_BILLING_KIND_UNKNOWN,        /* a ResourceKind we do not know */
  ISC_BILLING_KIND_DEPLOYMENT,     /* MODEL_DEPLOYMENT */
  ISC_BILLING_KIND_TRAINING_JOB,   /* TRAINING_JOB */
  ISC_BILLING_KIND_CHAINLET,       /* CHAINLET */
  ISC_BILLING_KIND_MODEL_API,      /* a row of model_apis_usage */
} IscBillingKind;

/* One day of one row. A figure the section does not report is -1:
 * requests for training and Model APIs, minutes for Model APIs, tokens
 * for all but Model APIs. Money the section does not report is 0
 * (compute and surcharge outside dedicated). */
typedef struct
{
  gint64   day_ms;           /* 00:00 UTC of the date, epoch ms */
  IscMoney subtotal;         /* what the day cost */
  IscMoney compute_cost;
  IscMoney surcharge_cost;
  gint64   minutes;
  gint64   requests;         /* inference_requests */
  gint64   input_tokens;     /* cached included */
  gint64   cached_input_tokens;
  gint64   output_tokens;
} IscBillingDay;

/* One row of a section's breakdown: a deployment (or chainlet), a
 * training job, or a Model API. Strings may be NULL when the document
 * leaves them out, except id and name (a Model API's id and name are its
 * model_name; a nameless resource's name is its id). */
typedef struct
{
  IscBillingKind  kind;
  char           *kind_string;        /* as sent */
  char           *id;                 /* billable_resource.id */
  char           *name;
  char           *model_name;         /* parent model, or project for training */
  char           *instance_type;
  char           *environment_name;
  char           *team_name;
  char           *chain_name;
  gboolean        is_deleted;
  IscMoney        subtotal;
  IscMoney        compute_cost;
  IscMoney        surcharge_cost;
  gint64          minutes;            /* -1 when not reported (Model APIs) */
  gint64          requests;           /* -1 when not reported */
  gint64          input_tokens;       /* -1 unless a Model API */
  gint64          cached_input_tokens;
  gint64          output_tokens;
  gboolean        has_daily;          /* "daily" was sent */
  guint           n_days;
  IscBillingDay  *days;               /* oldest first, one per date */
} IscBillingItem;

typedef struct
{
  gboolean         present;           /* the section was sent and not null */
  IscMoney         subtotal;
  IscMoney         credits_used;
  IscMoney         total;
  gint64           minutes;           /* -1 for Model APIs */
  gboolean         has_breakdown;
  guint            n_items;
  IscBillingItem **items;             /* in the order sent */
} IscBillingSection;

typedef struct _IscBillingSummary IscBillingSummary;

#define ISC_TYPE_BILLING_SUMMARY (isc_billing_summary_get_type ())

GType                    isc_billing_summary_get_type        (void) G_GNUC_CONST;

/* [start_ms, end_ms) is the period asked (start_date, end_date): the
 * document does not repeat it, and the cost of a range needs it. A daily
 * row outside the period, or two rows of one date, is refused. */
IscBillingSummary       *isc_billing_summary_decode          (const char               *data,
                                                              gsize                     length,
                                                              gint64                    start_ms,
                                                              gint64                    end_ms,
                                                              GError                  **error);
IscBillingSummary       *isc_billing_summary_ref             (IscBillingSummary        *self);
void                     isc_billing_summary_unref           (IscBillingSummary        *self);

gint64                   isc_billing_summary_get_start_ms    (const IscBillingSummary  *self);
gint64                   isc_billing_summary_get_end_ms      (const IscBillingSummary  *self);
/* Never NULL; ->present says whether it was sent. */
const IscBillingSection *isc_billing_summary_get_section     (const IscBillingSummary  *self,
                                                              IscBillingSectionKind     kind);
/* A row by billable_resource.id (a deployment's id), in any section;
 * NULL when none. */
const IscBillingItem    *isc_billing_summary_lookup          (const IscBillingSummary  *self,
                                                              const char               *id);
/* The dedicated rows of a model's environment, by model name and
 * environment name (every deployment that served it), into @out
 * (borrowed pointers); how many were added. */
guint                    isc_billing_summary_collect_environment (const IscBillingSummary *self,
                                                              const char               *model_name,
                                                              const char               *environment_name,
                                                              GPtrArray                *out);
/* The row's day starting at @day_ms, or NULL. */
const IscBillingDay     *isc_billing_item_lookup_day         (const IscBillingItem     *item,
                                                              gint64                    day_ms);

/* "2026-08-01" → 00:00 UTC of it in epoch ms; FALSE if not a valid
 * date. */
gboolean                 isc_billing_parse_date              (const char               *text,
                                                              gint64                   *day_ms);
/* The start_date and end_date parameters for [start_ms, end_ms):
 * "start_date=2026-08-01T00%3A00%3A00Z&end_date=…". The period must be at
 * most 31 days and start no earlier than 2026-01-01 (else
 * ISC_BILLING_ERROR_INVALID, in words). */
char                    *isc_billing_build_params            (gint64                    start_ms,
                                                              gint64                    end_ms,
                                                              GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscBillingSummary, isc_billing_summary_unref)

/* Instance type prices */

typedef struct
{
  char     *id;
  char     *name;
  gint64    memory_limit_mib;
  gint64    millicpu_limit;
  gint64    gpu_count;
  char     *gpu_type;                 /* NULL for CPU types */
  gint64    gpu_memory_limit_mib;     /* -1 when null */
  IscMoney  price_per_minute;         /* USD per minute, one replica */
} IscInstanceTypePrice;

typedef struct _IscInstanceTypePrices IscInstanceTypePrices;

#define ISC_TYPE_INSTANCE_TYPE_PRICES (isc_instance_type_prices_get_type ())

GType                       isc_instance_type_prices_get_type (void) G_GNUC_CONST;
IscInstanceTypePrices      *isc_instance_type_prices_decode   (const char                  *data,
                                                               gsize                        length,
                                                               GError                     **error);
IscInstanceTypePrices      *isc_instance_type_prices_ref      (IscInstanceTypePrices       *self);
void                        isc_instance_type_prices_unref    (IscInstanceTypePrices       *self);
guint                       isc_instance_type_prices_get_n    (const IscInstanceTypePrices *self);
const IscInstanceTypePrice *isc_instance_type_prices_get      (const IscInstanceTypePrices *self,
                                                               guint                        index);
/* By a deployment's instance_type_name: the id first, then the name
 * (which of the two other documents carry is not stated). NULL if
 * neither. */
const IscInstanceTypePrice *isc_instance_type_prices_lookup   (const IscInstanceTypePrices *self,
                                                               const char                  *instance_type);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscInstanceTypePrices, isc_instance_type_prices_unref)

G_END_DECLS
