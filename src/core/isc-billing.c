/* isc-billing.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-billing"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "isc-billing.h"
#include "isc-json-doc-private.h"

/* The decoders of UsageSummaryV1 and InstanceTypePricesV1
 * (baseten-api-reference.md §3), over the schema reading of
 * isc-json-doc.c. */

G_DEFINE_QUARK (isc-billing-error-quark, isc_billing_error)

#define MAX_TEXT 256

struct _IscBillingSummary
{
  gatomicrefcount   ref_count;
  gint64            start_ms;
  gint64            end_ms;
  IscBillingSection sections[ISC_BILLING_N_SECTIONS];
  /* id → IscBillingItem (borrowed) */
  GHashTable       *by_id;
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

static IscJsonDoc
doc (void)
{
  IscJsonDoc d = { ISC_BILLING_ERROR, ISC_BILLING_ERROR_SYNTAX, ISC_BILLING_ERROR_INVALID,
                   ISC_BILLING_ERROR_TOO_MANY };

  return d;
}

#define COUNT_MAX G_GINT64_CONSTANT (1000000000000000)  /* 10^15 */

static void
item_free (IscBillingItem *item)
{
  if (item == NULL)
    return;

  g_free (item->kind_string);
  g_free (item->id);
  g_free (item->name);
  g_free (item->model_name);
  g_free (item->instance_type);
  g_free (item->environment_name);
  g_free (item->team_name);
  g_free (item->chain_name);
  g_free (item->days);
  g_free (item);
}

static void
section_clear (IscBillingSection *section)
{
  for (guint i = 0; i < section->n_items; i++)
    item_free (section->items[i]);
  g_clear_pointer (&section->items, g_free);
  section->n_items = 0;
}

gboolean
isc_billing_parse_date (const char *text,
                        gint64     *day_ms)
{
  guint year, month, day;
  g_autoptr(GDateTime) dt = NULL;

  if (text == NULL || strlen (text) != 10 || text[4] != '-' || text[7] != '-')
    return FALSE;

  for (guint i = 0; i < 10; i++)
    if (i != 4 && i != 7 && !g_ascii_isdigit (text[i]))
      return FALSE;

  year = (guint) g_ascii_strtoull (text, NULL, 10);
  month = (guint) g_ascii_strtoull (text + 5, NULL, 10);
  day = (guint) g_ascii_strtoull (text + 8, NULL, 10);

  if (year < 1970 || !g_date_valid_dmy ((GDateDay) day, (GDateMonth) month, (GDateYear) year))
    return FALSE;

  dt = g_date_time_new_utc ((int) year, (int) month, (int) day, 0, 0, 0);
  if (dt == NULL)
    return FALSE;

  *day_ms = g_date_time_to_unix (dt) * 1000;
  return TRUE;
}

static int
compare_days (gconstpointer a,
              gconstpointer b)
{
  const IscBillingDay *da = a;
  const IscBillingDay *db = b;

  return (da->day_ms > db->day_ms) - (da->day_ms < db->day_ms);
}

/* One daily row; which figures it carries depends on the section. */
static gboolean
decode_day (const IscJsonDoc       *d,
            JsonObject             *object,
            const char             *path,
            IscBillingSectionKind   kind,
            gint64                  start_ms,
            gint64                  end_ms,
            IscBillingDay          *day,
            GError                **error)
{
  g_autofree char *date = NULL;

  day->minutes = day->requests = -1;
  day->input_tokens = day->cached_input_tokens = day->output_tokens = -1;

  if (!_isc_json_doc_string (d, object, path, "date", ISC_DOC_REQUIRED, 32, &date, error))
    return FALSE;
  if (!isc_billing_parse_date (date, &day->day_ms))
    {
      _isc_json_doc_fail (d, error, path, "date", _("“%s” is not a date"), date);
      return FALSE;
    }
  /* A day of the period: it may start before the period does when the
   * period starts within a day. */
  if (day->day_ms + ISC_DAY_MS <= start_ms || day->day_ms >= end_ms)
    {
      _isc_json_doc_fail (d, error, path, "date", _("%s is outside the period asked"), date);
      return FALSE;
    }

  if (!_isc_json_doc_money (d, object, path, "subtotal", ISC_DOC_REQUIRED, &day->subtotal, NULL, error))
    return FALSE;

  switch (kind)
    {
    case ISC_BILLING_SECTION_DEDICATED:
      return _isc_json_doc_money (d, object, path, "compute_cost", ISC_DOC_REQUIRED,
                                  &day->compute_cost, NULL, error) &&
             _isc_json_doc_money (d, object, path, "surcharge_cost", ISC_DOC_REQUIRED,
                                  &day->surcharge_cost, NULL, error) &&
             _isc_json_doc_int (d, object, path, "minutes", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                                &day->minutes, NULL, error) &&
             _isc_json_doc_int (d, object, path, "inference_requests", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                                &day->requests, NULL, error);

    case ISC_BILLING_SECTION_TRAINING:
      day->compute_cost = day->subtotal;
      return _isc_json_doc_int (d, object, path, "minutes", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                                &day->minutes, NULL, error);

    case ISC_BILLING_SECTION_MODEL_APIS:
    default:
      day->compute_cost = day->subtotal;
      return _isc_json_doc_int (d, object, path, "input_tokens", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                                &day->input_tokens, NULL, error) &&
             _isc_json_doc_int (d, object, path, "cached_input_tokens", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                                &day->cached_input_tokens, NULL, error) &&
             _isc_json_doc_int (d, object, path, "output_tokens", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                                &day->output_tokens, NULL, error);
    }
}

static gboolean
decode_days (const IscJsonDoc       *d,
             JsonObject             *object,
             const char             *path,
             IscBillingSectionKind   kind,
             gint64                  start_ms,
             gint64                  end_ms,
             IscBillingItem         *item,
             GError                **error)
{
  JsonArray *array;
  guint n;

  if (!_isc_json_doc_array (d, object, path, "daily", ISC_DOC_NULLABLE, &array, error))
    return FALSE;
  if (array == NULL)
    return TRUE;

  item->has_daily = TRUE;
  n = json_array_get_length (array);
  if (n > ISC_BILLING_MAX_DAYS)
    {
      g_autofree char *p = _isc_json_doc_path (path, "daily", -1);

      g_set_error (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_TOO_MANY,
                   _("%s: %u days, more than the %u a summary may hold"),
                   p, n, (guint) ISC_BILLING_MAX_DAYS);
      return FALSE;
    }

  item->days = g_new0 (IscBillingDay, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *daily = _isc_json_doc_path (path, "daily", -1);
      g_autofree char *p = _isc_json_doc_path (daily, NULL, (int) i);
      JsonObject *row = _isc_json_doc_element (d, array, i, p, error);

      if (row == NULL || !decode_day (d, row, p, kind, start_ms, end_ms, &item->days[i], error))
        return FALSE;
      item->n_days = i + 1;
    }

  qsort (item->days, item->n_days, sizeof (IscBillingDay), compare_days);
  for (guint i = 1; i < item->n_days; i++)
    if (item->days[i].day_ms == item->days[i - 1].day_ms)
      {
        g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (item->days[i].day_ms / 1000);
        g_autofree char *date = g_date_time_format (dt, "%Y-%m-%d");

        _isc_json_doc_fail (d, error, path, "daily", _("%s appears twice"), date);
        return FALSE;
      }

  return TRUE;
}

static IscBillingKind
kind_from_string (const char *text)
{
  if (g_strcmp0 (text, "MODEL_DEPLOYMENT") == 0)
    return ISC_BILLING_KIND_DEPLOYMENT;
  if (g_strcmp0 (text, "TRAINING_JOB") == 0)
    return ISC_BILLING_KIND_TRAINING_JOB;
  if (g_strcmp0 (text, "CHAINLET") == 0)
    return ISC_BILLING_KIND_CHAINLET;
  return ISC_BILLING_KIND_UNKNOWN;
}

static gboolean
decode_resource (const IscJsonDoc  *d,
                 JsonObject        *object,
                 const char        *path,
                 IscBillingItem    *item,
                 GError           **error)
{
  g_autofree char *p = _isc_json_doc_path (path, "billable_resource", -1);
  JsonObject *resource;
  JsonObject *chain = NULL;

  if (!_isc_json_doc_object (d, object, path, "billable_resource", ISC_DOC_REQUIRED, &resource, error) ||
      !_isc_json_doc_string (d, resource, p, "id", ISC_DOC_REQUIRED, MAX_TEXT, &item->id, error) ||
      !_isc_json_doc_string (d, resource, p, "kind", ISC_DOC_REQUIRED, 64, &item->kind_string, error) ||
      !_isc_json_doc_bool (d, resource, p, "is_deleted", ISC_DOC_REQUIRED, &item->is_deleted, error) ||
      !_isc_json_doc_string (d, resource, p, "name", ISC_DOC_NULLABLE, MAX_TEXT, &item->name, error) ||
      !_isc_json_doc_string (d, resource, p, "model_name", ISC_DOC_NULLABLE, MAX_TEXT, &item->model_name, error) ||
      !_isc_json_doc_string (d, resource, p, "instance_type", ISC_DOC_NULLABLE, MAX_TEXT, &item->instance_type, error) ||
      !_isc_json_doc_string (d, resource, p, "environment_name", ISC_DOC_NULLABLE, MAX_TEXT, &item->environment_name, error) ||
      !_isc_json_doc_string (d, resource, p, "team_name", ISC_DOC_NULLABLE, MAX_TEXT, &item->team_name, error) ||
      !_isc_json_doc_object (d, resource, p, "chain_metadata", ISC_DOC_NULLABLE, &chain, error))
    return FALSE;

  if (chain != NULL)
    {
      g_autofree char *cp = _isc_json_doc_path (p, "chain_metadata", -1);

      if (!_isc_json_doc_string (d, chain, cp, "chain_name", ISC_DOC_NULLABLE, MAX_TEXT, &item->chain_name, error))
        return FALSE;
    }

  item->kind = kind_from_string (item->kind_string);
  if (item->name == NULL)
    item->name = g_strdup (item->id);

  return TRUE;
}

static IscBillingItem *
decode_item (const IscJsonDoc       *d,
             JsonObject             *object,
             const char             *path,
             IscBillingSectionKind   kind,
             gint64                  start_ms,
             gint64                  end_ms,
             GError                **error)
{
  IscBillingItem *item = g_new0 (IscBillingItem, 1);
  gboolean ok;

  item->minutes = item->requests = -1;
  item->input_tokens = item->cached_input_tokens = item->output_tokens = -1;

  ok = _isc_json_doc_money (d, object, path, "subtotal", ISC_DOC_REQUIRED, &item->subtotal, NULL, error);

  switch (kind)
    {
    case ISC_BILLING_SECTION_DEDICATED:
      ok = ok &&
           decode_resource (d, object, path, item, error) &&
           _isc_json_doc_money (d, object, path, "compute_cost", ISC_DOC_REQUIRED,
                                &item->compute_cost, NULL, error) &&
           _isc_json_doc_money (d, object, path, "surcharge_cost", ISC_DOC_REQUIRED,
                                &item->surcharge_cost, NULL, error) &&
           _isc_json_doc_int (d, object, path, "minutes", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                              &item->minutes, NULL, error) &&
           _isc_json_doc_int (d, object, path, "inference_requests", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                              &item->requests, NULL, error);
      break;

    case ISC_BILLING_SECTION_TRAINING:
      item->compute_cost = item->subtotal;
      ok = ok &&
           decode_resource (d, object, path, item, error) &&
           _isc_json_doc_int (d, object, path, "minutes", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                              &item->minutes, NULL, error);
      break;

    case ISC_BILLING_SECTION_MODEL_APIS:
    default:
      item->kind = ISC_BILLING_KIND_MODEL_API;
      item->compute_cost = item->subtotal;
      ok = ok &&
           _isc_json_doc_string (d, object, path, "model_name", ISC_DOC_REQUIRED, MAX_TEXT,
                                 &item->id, error) &&
           _isc_json_doc_int (d, object, path, "input_tokens", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                              &item->input_tokens, NULL, error) &&
           _isc_json_doc_int (d, object, path, "cached_input_tokens", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                              &item->cached_input_tokens, NULL, error) &&
           _isc_json_doc_int (d, object, path, "output_tokens", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                              &item->output_tokens, NULL, error);
      if (ok)
        {
          item->name = g_strdup (item->id);
          item->model_name = g_strdup (item->id);
        }
      break;
    }

  if (!ok || !decode_days (d, object, path, kind, start_ms, end_ms, item, error))
    {
      item_free (item);
      return NULL;
    }

  return item;
}

static const char * const section_names[ISC_BILLING_N_SECTIONS] = {
  "dedicated_usage", "training_usage", "model_apis_usage",
};

static gboolean
decode_section (const IscJsonDoc       *d,
                JsonObject             *root,
                IscBillingSectionKind   kind,
                gint64                  start_ms,
                gint64                  end_ms,
                guint                  *n_total,
                IscBillingSection      *section,
                GError                **error)
{
  const char *path = section_names[kind];
  JsonObject *object;
  JsonArray *breakdown;
  guint n;

  section->minutes = -1;

  if (!_isc_json_doc_object (d, root, NULL, path, ISC_DOC_NULLABLE, &object, error))
    return FALSE;
  if (object == NULL)
    return TRUE;

  section->present = TRUE;
  if (!_isc_json_doc_money (d, object, path, "subtotal", ISC_DOC_REQUIRED, &section->subtotal, NULL, error) ||
      !_isc_json_doc_money (d, object, path, "credits_used", ISC_DOC_REQUIRED, &section->credits_used, NULL, error) ||
      !_isc_json_doc_money (d, object, path, "total", ISC_DOC_REQUIRED, &section->total, NULL, error))
    return FALSE;

  if (kind != ISC_BILLING_SECTION_MODEL_APIS &&
      !_isc_json_doc_int (d, object, path, "minutes", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                          &section->minutes, NULL, error))
    return FALSE;

  if (!_isc_json_doc_array (d, object, path, "breakdown", ISC_DOC_NULLABLE, &breakdown, error))
    return FALSE;
  if (breakdown == NULL)
    return TRUE;

  section->has_breakdown = TRUE;
  n = json_array_get_length (breakdown);
  if (n > ISC_BILLING_MAX_ITEMS - *n_total)
    {
      g_set_error (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_TOO_MANY,
                   _("%s.breakdown: more than %u rows in all"), path, (guint) ISC_BILLING_MAX_ITEMS);
      return FALSE;
    }
  *n_total += n;

  section->items = g_new0 (IscBillingItem *, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *b = _isc_json_doc_path (path, "breakdown", -1);
      g_autofree char *p = _isc_json_doc_path (b, NULL, (int) i);
      JsonObject *row = _isc_json_doc_element (d, breakdown, i, p, error);
      IscBillingItem *item;

      if (row == NULL)
        return FALSE;
      item = decode_item (d, row, p, kind, start_ms, end_ms, error);
      if (item == NULL)
        return FALSE;
      section->items[section->n_items++] = item;
    }

  return TRUE;
}

IscBillingSummary *
isc_billing_summary_decode (const char  *data,
                            gsize        length,
                            gint64       start_ms,
                            gint64       end_ms,
                            GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(IscBillingSummary) self = NULL;
  IscJsonDoc d = doc ();
  JsonObject *root;
  guint n_total = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (end_ms <= start_ms)
    {
      g_set_error_literal (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID,
                           _("The billing period is empty."));
      return NULL;
    }

  root = _isc_json_doc_parse (&d, data, length, &parser, error);
  if (root == NULL)
    return NULL;

  self = g_new0 (IscBillingSummary, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->start_ms = start_ms;
  self->end_ms = end_ms;
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint k = 0; k < ISC_BILLING_N_SECTIONS; k++)
    if (!decode_section (&d, root, k, start_ms, end_ms, &n_total, &self->sections[k], error))
      return NULL;

  /* Model API rows are found by their model's name elsewhere: only
   * resources go in the index, the first of an id wins. */
  for (guint k = 0; k < ISC_BILLING_SECTION_MODEL_APIS; k++)
    for (guint i = 0; i < self->sections[k].n_items; i++)
      {
        IscBillingItem *item = self->sections[k].items[i];

        if (!g_hash_table_contains (self->by_id, item->id))
          g_hash_table_insert (self->by_id, item->id, item);
      }

  return g_steal_pointer (&self);
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
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  for (guint k = 0; k < ISC_BILLING_N_SECTIONS; k++)
    section_clear (&self->sections[k]);
  g_clear_pointer (&self->by_id, g_hash_table_unref);
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
  g_return_val_if_fail (self != NULL, NULL);

  if (id == NULL)
    return NULL;

  return g_hash_table_lookup (self->by_id, id);
}

guint
isc_billing_summary_collect_environment (const IscBillingSummary *self,
                                         const char              *model_name,
                                         const char              *environment_name,
                                         GPtrArray               *out)
{
  const IscBillingSection *section;
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (out != NULL, 0);

  if (model_name == NULL || environment_name == NULL)
    return 0;

  section = &self->sections[ISC_BILLING_SECTION_DEDICATED];
  for (guint i = 0; i < section->n_items; i++)
    {
      IscBillingItem *item = section->items[i];

      if (g_strcmp0 (item->model_name, model_name) == 0 &&
          g_strcmp0 (item->environment_name, environment_name) == 0)
        {
          g_ptr_array_add (out, item);
          n++;
        }
    }

  return n;
}

const IscBillingDay *
isc_billing_item_lookup_day (const IscBillingItem *item,
                             gint64                day_ms)
{
  guint lo = 0, hi;

  g_return_val_if_fail (item != NULL, NULL);

  hi = item->n_days;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (item->days[mid].day_ms < day_ms)
        lo = mid + 1;
      else
        hi = mid;
    }

  if (lo < item->n_days && item->days[lo].day_ms == day_ms)
    return &item->days[lo];

  return NULL;
}

static char *
format_date_time (gint64 ms)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (ms / 1000);

  return dt != NULL ? g_date_time_format (dt, "%Y-%m-%dT%H:%M:%SZ") : NULL;
}

char *
isc_billing_build_params (gint64   start_ms,
                          gint64   end_ms,
                          GError **error)
{
  g_autofree char *start = NULL;
  g_autofree char *end = NULL;
  g_autofree char *start_escaped = NULL;
  g_autofree char *end_escaped = NULL;

  if (end_ms <= start_ms)
    {
      g_set_error_literal (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID,
                           _("The billing period is empty."));
      return NULL;
    }

  if (start_ms < ISC_BILLING_EARLIEST_MS)
    {
      g_set_error_literal (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID,
                           _("Baseten keeps billing from 1 January 2026 on; the period starts earlier."));
      return NULL;
    }

  if (end_ms - start_ms > ISC_BILLING_MAX_PERIOD_DAYS * ISC_DAY_MS)
    {
      g_set_error (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID,
                   _("Baseten gives billing for at most %d days at a time."),
                   ISC_BILLING_MAX_PERIOD_DAYS);
      return NULL;
    }

  start = format_date_time (start_ms);
  end = format_date_time (end_ms);
  if (start == NULL || end == NULL)
    {
      g_set_error_literal (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_INVALID,
                           _("The billing period is out of range."));
      return NULL;
    }

  start_escaped = g_uri_escape_string (start, NULL, FALSE);
  end_escaped = g_uri_escape_string (end, NULL, FALSE);

  return g_strdup_printf ("start_date=%s&end_date=%s", start_escaped, end_escaped);
}

/* Instance type prices */

#define MAX_PRICES 10000

static void
price_clear (IscInstanceTypePrice *price)
{
  g_free (price->id);
  g_free (price->name);
  g_free (price->gpu_type);
}

IscInstanceTypePrices *
isc_instance_type_prices_decode (const char  *data,
                                 gsize        length,
                                 GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(IscInstanceTypePrices) self = NULL;
  IscJsonDoc d = doc ();
  JsonObject *root;
  JsonArray *array;
  guint n;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  root = _isc_json_doc_parse (&d, data, length, &parser, error);
  if (root == NULL ||
      !_isc_json_doc_array (&d, root, NULL, "instance_types", ISC_DOC_REQUIRED, &array, error))
    return NULL;

  n = json_array_get_length (array);
  if (n > MAX_PRICES)
    {
      g_set_error (error, ISC_BILLING_ERROR, ISC_BILLING_ERROR_TOO_MANY,
                   _("instance_types: %u instance types, more than %u"), n, (guint) MAX_PRICES);
      return NULL;
    }

  self = g_new0 (IscInstanceTypePrices, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->prices = g_new0 (IscInstanceTypePrice, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = _isc_json_doc_path ("instance_types", NULL, (int) i);
      g_autofree char *tp = _isc_json_doc_path (p, "instance_type", -1);
      IscInstanceTypePrice *price = &self->prices[i];
      JsonObject *row = _isc_json_doc_element (&d, array, i, p, error);
      JsonObject *type;

      if (row == NULL)
        return NULL;

      self->n = i + 1;
      price->gpu_memory_limit_mib = -1;
      if (!_isc_json_doc_object (&d, row, p, "instance_type", ISC_DOC_REQUIRED, &type, error) ||
          !_isc_json_doc_string (&d, type, tp, "id", ISC_DOC_REQUIRED, MAX_TEXT, &price->id, error) ||
          !_isc_json_doc_string (&d, type, tp, "name", ISC_DOC_REQUIRED, MAX_TEXT, &price->name, error) ||
          !_isc_json_doc_int (&d, type, tp, "memory_limit_mib", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                              &price->memory_limit_mib, NULL, error) ||
          !_isc_json_doc_int (&d, type, tp, "millicpu_limit", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                              &price->millicpu_limit, NULL, error) ||
          !_isc_json_doc_int (&d, type, tp, "gpu_count", ISC_DOC_REQUIRED, 0, 1024,
                              &price->gpu_count, NULL, error) ||
          !_isc_json_doc_string (&d, type, tp, "gpu_type", ISC_DOC_REQUIRED | ISC_DOC_NULLABLE, MAX_TEXT,
                                 &price->gpu_type, error) ||
          !_isc_json_doc_int (&d, type, tp, "gpu_memory_limit_mib", ISC_DOC_REQUIRED | ISC_DOC_NULLABLE,
                              0, COUNT_MAX, &price->gpu_memory_limit_mib, NULL, error) ||
          !_isc_json_doc_money (&d, row, p, "price", ISC_DOC_REQUIRED, &price->price_per_minute, NULL, error))
        return NULL;

      if (price->price_per_minute < 0)
        {
          _isc_json_doc_fail (&d, error, p, "price", _("a price cannot be negative"));
          return NULL;
        }
    }

  return g_steal_pointer (&self);
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
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  for (guint i = 0; i < self->n; i++)
    price_clear (&self->prices[i]);
  g_free (self->prices);
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
  g_return_val_if_fail (self != NULL, NULL);

  if (instance_type == NULL)
    return NULL;

  for (guint i = 0; i < self->n; i++)
    if (g_strcmp0 (self->prices[i].id, instance_type) == 0)
      return &self->prices[i];

  for (guint i = 0; i < self->n; i++)
    if (g_strcmp0 (self->prices[i].name, instance_type) == 0)
      return &self->prices[i];

  return NULL;
}
