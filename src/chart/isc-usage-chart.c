/* isc-usage-chart.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-usage-chart"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "isc-catalogue.h"
#include "isc-chart-json-private.h"
#include "isc-chart-model-private.h"
#include "isc-units.h"
#include "isc-usage-chart.h"

#define DAY_MS G_GINT64_CONSTANT (86400000)

struct _IscUsageTable
{
  gint64     first_day_ms;
  guint      n_days;
  guint      n_billed_days;
  gint64     document_micros;
  gint64     own_estimate_micros;  /* added by isc_usage_table_add_estimate() */
  GPtrArray *rows;  /* IscUsageRow */
};

static void
row_free (gpointer data)
{
  IscUsageRow *row = data;

  g_free (row->name);
  g_free (row->id);
  g_free (row->micros);
  g_free (row->minutes);
  g_free (row->requests);
  g_free (row);
}

IscUsageTable *
isc_usage_table_new (gint64 first_day_ms,
                     guint  n_days)
{
  IscUsageTable *self = g_new0 (IscUsageTable, 1);

  self->first_day_ms = first_day_ms;
  self->n_days = n_days;
  self->n_billed_days = n_days;
  self->document_micros = -1;
  self->rows = g_ptr_array_new_with_free_func (row_free);
  return self;
}

void
isc_usage_table_free (IscUsageTable *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->rows);
  g_free (self);
}

static double *
new_nans (guint n)
{
  double *values = g_new (double, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    values[i] = NAN;
  return values;
}

IscUsageRow *
isc_usage_table_add_row (IscUsageTable   *self,
                         const char      *name,
                         IscUsageRowKind  kind)
{
  IscUsageRow *row;

  g_return_val_if_fail (self != NULL, NULL);

  row = g_new0 (IscUsageRow, 1);
  row->name = g_strdup (name != NULL ? name : "");
  row->kind = kind;
  row->micros = new_nans (self->n_days);
  row->minutes = new_nans (self->n_days);
  row->requests = new_nans (self->n_days);
  g_ptr_array_add (self->rows, row);
  return row;
}

guint
isc_usage_table_get_n_days (const IscUsageTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_days;
}

gint64
isc_usage_table_get_first_day_ms (const IscUsageTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->first_day_ms;
}

guint
isc_usage_table_get_n_rows (const IscUsageTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->rows->len;
}

IscUsageRow *
isc_usage_table_get_row (const IscUsageTable *self,
                         guint                index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->rows->len, NULL);
  return g_ptr_array_index (self->rows, index);
}

guint
isc_usage_table_get_n_billed_days (const IscUsageTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_billed_days;
}

void
isc_usage_table_set_n_billed_days (IscUsageTable *self,
                                   guint          n_billed_days)
{
  g_return_if_fail (self != NULL);
  self->n_billed_days = MIN (n_billed_days, self->n_days);
}

/* Cents are whole: a sum of whole numbers is exact far beyond any bill. */
static gint64
sum_micros (const IscUsageTable *self,
           guint                from,
           guint                to)
{
  gint64 sum = 0;

  for (guint r = 0; r < self->rows->len; r++)
    {
      const IscUsageRow *row = g_ptr_array_index (self->rows, r);

      for (guint d = from; d < to; d++)
        if (!isnan (row->micros[d]))
          sum += (gint64) llround (row->micros[d]);
    }
  return sum;
}

gint64
isc_usage_table_get_billed_micros (const IscUsageTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return sum_micros (self, 0, self->n_billed_days);
}

gint64
isc_usage_table_get_estimated_micros (const IscUsageTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return sum_micros (self, self->n_billed_days, self->n_days);
}

/* Rounded half away from zero to whole cents. */
static gint64
micros_to_cents (gint64 micros)
{
  return micros >= 0 ? (micros + 5000) / 10000 : -((-micros + 5000) / 10000);
}

/* "12.40", "-0.50": dollars to the cent, for files. */
static char *
micros_to_decimal (gint64 micros)
{
  gint64 cents = micros_to_cents (micros);

  return g_strdup_printf ("%s%" G_GINT64_FORMAT ".%02d", cents < 0 ? "-" : "",
                          (cents < 0 ? -cents : cents) / 100, (int) ((cents < 0 ? -cents : cents) % 100));
}

char *
isc_usage_format_micros (gint64 micros)
{
  gint64 cents = micros_to_cents (micros);
  g_autoptr(GString) text = g_string_new (NULL);
  guint64 magnitude = (guint64) (cents < 0 ? -cents : cents);
  g_autofree char *whole = g_strdup_printf ("%" G_GUINT64_FORMAT, magnitude / 100);
  gsize len = strlen (whole);

  if (cents < 0)
    g_string_append (text, "−");
  g_string_append_c (text, '$');
  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (text, ',');
      g_string_append_c (text, whole[i]);
    }
  g_string_append_printf (text, ".%02u", (guint) (magnitude % 100));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
isc_usage_table_set_document_micros (IscUsageTable *self,
                                     gint64         micros)
{
  g_return_if_fail (self != NULL);
  self->document_micros = micros;
}

gint64
isc_usage_table_get_document_micros (const IscUsageTable *self)
{
  g_return_val_if_fail (self != NULL, -1);
  return self->document_micros;
}

char *
isc_usage_table_dup_total_text (const IscUsageTable *self)
{
  g_autofree char *billed = NULL;
  g_autofree char *total = NULL;
  gint64 estimated, rest = 0;

  g_return_val_if_fail (self != NULL, NULL);

  billed = isc_usage_format_micros (isc_usage_table_get_billed_micros (self));
  /* Translators: the Usage page's total, e.g. "Total $1,234.56 over
   * 30 days": what was billed */
  total = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Total %s over %u day", "Total %s over %u days",
                                        self->n_billed_days),
                           billed, self->n_billed_days);
  estimated = isc_usage_table_get_estimated_micros (self);
  if (self->n_billed_days < self->n_days && estimated > 0)
    {
      g_autofree char *estimate = isc_usage_format_micros (estimated);
      char *joined;

      if (self->own_estimate_micros > 0)
        /* Translators: after the billed total, today's spend so far as
         * estimated from the replicas and their prices, never added to
         * it, e.g. "Total $1,234.56 over 30 days · ≈ $12.40 today so far,
         * estimated, not billed yet" */
        joined = g_strdup_printf (_("%s · ≈ %s today so far, estimated, not billed yet"), total, estimate);
      else
        /* Translators: after the billed total, what today has cost so far,
         * never added to it, e.g. "Total $1,234.56 over 30 days · ≈ $12.40
         * today so far, not billed yet" */
        joined = g_strdup_printf (_("%s · ≈ %s today so far, not billed yet"), total, estimate);
      g_free (total);
      total = joined;
    }
  if (self->document_micros >= 0)
    /* The client's own estimate is in no document. */
    rest = self->document_micros - isc_usage_table_get_billed_micros (self) - (estimated - self->own_estimate_micros);
  /* A cent or more: rounding each day is not a missing row. */
  if (rest >= 5000)
    {
      g_autofree char *rest_text = isc_usage_format_micros (rest);
      char *joined;

      /* Translators: after the totals, what the billing summary counts
       * in its totals but not in any day, e.g. "· $30.15 not broken down
       * by day" */
      joined = g_strdup_printf (_("%s · %s not broken down by day"), total, rest_text);
      g_free (total);
      total = joined;
    }
  return g_steal_pointer (&total);
}

/* Whether another item of @section is a deployment of the same model's
 * same environment (a promotion's old and new deployment, both billed
 * in the period). */
static gboolean
shares_environment (const IscBillingSection *section,
                    const IscBillingItem    *item)
{
  if (item->model_name == NULL || item->environment_name == NULL)
    return FALSE;
  for (guint i = 0; i < section->n_items; i++)
    {
      const IscBillingItem *other = section->items[i];

      if (other != item && other->n_days > 0 &&
          g_strcmp0 (other->model_name, item->model_name) == 0 &&
          g_strcmp0 (other->environment_name, item->environment_name) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
add_billing_item (IscUsageTable           *self,
                  const IscBillingSection *section,
                  const IscBillingItem    *item,
                  IscUsageRowKind          kind)
{
  g_autofree char *name = NULL;
  IscUsageRow *row;

  /* Without days it has no bar: its money is in the document's total,
   * said as not broken down by day. */
  if (item->n_days == 0)
    return;
  if (kind == ISC_USAGE_ROW_DEPLOYMENT && item->model_name != NULL &&
      item->name != NULL && shares_environment (section, item))
    /* Translators: a model's name, its environment, then which of the
     * environment's deployments, e.g. "chat-assistant · production · v8" */
    name = g_strdup_printf (_("%s · %s · %s"), item->model_name, item->environment_name, item->name);
  else if (kind == ISC_USAGE_ROW_DEPLOYMENT && item->model_name != NULL)
    /* Translators: a model's name, then its environment or deployment */
    name = g_strdup_printf (_("%s · %s"), item->model_name,
                            item->environment_name != NULL ? item->environment_name : item->name);
  else
    name = g_strdup (item->name);
  row = isc_usage_table_add_row (self, name, kind);
  row->id = g_strdup (item->id);

  for (guint i = 0; i < item->n_days; i++)
    {
      const IscBillingDay *day = &item->days[i];
      gint64 index;

      if (day->day_ms < self->first_day_ms)
        continue;
      index = (day->day_ms - self->first_day_ms) / DAY_MS;
      if (index >= self->n_days)
        continue;
      row->micros[index] = (double) day->subtotal;
      if (day->minutes >= 0)
        row->minutes[index] = (double) day->minutes;
      if (day->requests >= 0)
        row->requests[index] = (double) day->requests;
    }
}

IscUsageTable *
isc_usage_table_new_from_billing (const IscBillingSummary *billing,
                                  gint64                   now_ms)
{
  static const struct {
    IscBillingSectionKind section;
    IscUsageRowKind       kind;
  } sections[] = {
    { ISC_BILLING_SECTION_DEDICATED, ISC_USAGE_ROW_DEPLOYMENT },
    { ISC_BILLING_SECTION_TRAINING, ISC_USAGE_ROW_TRAINING },
    { ISC_BILLING_SECTION_MODEL_APIS, ISC_USAGE_ROW_MODEL_API },
  };
  gint64 start_ms, end_ms, today_ms;
  IscUsageTable *self;
  guint n_days;

  g_return_val_if_fail (billing != NULL, NULL);

  start_ms = isc_billing_summary_get_start_ms (billing);
  end_ms = isc_billing_summary_get_end_ms (billing);
  if (end_ms <= start_ms)
    return NULL;
  n_days = (guint) MIN ((end_ms - start_ms + DAY_MS - 1) / DAY_MS, ISC_BILLING_MAX_DAYS);
  self = isc_usage_table_new (start_ms, n_days);

  today_ms = now_ms - now_ms % DAY_MS;
  if (today_ms <= start_ms)
    isc_usage_table_set_n_billed_days (self, 0);
  else
    isc_usage_table_set_n_billed_days (self, (guint) MIN ((today_ms - start_ms) / DAY_MS, (gint64) n_days));

  isc_usage_table_set_document_micros (self, 0);
  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    {
      const IscBillingSection *section = isc_billing_summary_get_section (billing, sections[s].section);

      if (!section->present)
        continue;
      isc_usage_table_set_document_micros (self, isc_money_add (self->document_micros, section->subtotal));
      for (guint i = 0; i < section->n_items; i++)
        add_billing_item (self, section, section->items[i], sections[s].kind);
    }
  return self;
}

gboolean
isc_usage_table_add_estimate (IscUsageTable *self,
                              const char    *id,
                              const char    *name,
                              gint64         micros,
                              double         replica_minutes)
{
  guint day;
  IscUsageRow *row = NULL;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->n_billed_days >= self->n_days || micros < 0)
    return FALSE;
  day = self->n_billed_days;
  for (guint r = 0; id != NULL && r < self->rows->len && row == NULL; r++)
    {
      IscUsageRow *candidate = g_ptr_array_index (self->rows, r);

      if (candidate->kind == ISC_USAGE_ROW_DEPLOYMENT && g_strcmp0 (candidate->id, id) == 0)
        row = candidate;
    }
  /* Billing's own figure for the day, when it has one, stays. */
  if (row != NULL && !isnan (row->micros[day]))
    return FALSE;
  if (row == NULL)
    {
      row = isc_usage_table_add_row (self, name, ISC_USAGE_ROW_DEPLOYMENT);
      row->id = g_strdup (id);
    }
  row->micros[day] = (double) micros;
  row->minutes[day] = replica_minutes;
  self->own_estimate_micros += micros;
  return TRUE;
}

gboolean
isc_usage_table_get_has_estimate (const IscUsageTable *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->own_estimate_micros > 0;
}

/* The chart's layers ***********************************************/

typedef struct
{
  char    *label;
  gboolean grouped;  /* Other, Training, Model APIs: not one deployment */
  double  *micros;
  double  *minutes;
  double  *requests;
} Layer;

typedef struct
{
  GArray  *layers;  /* Layer */
  guint    n_days;
  guint    n_billed_days;
  gboolean estimated;  /* the days not billed are the client's estimate */
} Notes;

static void
layer_clear (gpointer data)
{
  Layer *layer = data;

  g_free (layer->label);
  g_free (layer->micros);
  g_free (layer->minutes);
  g_free (layer->requests);
}

static void
notes_free (gpointer data)
{
  Notes *notes = data;

  g_array_unref (notes->layers);
  g_free (notes);
}

static double
row_total (const IscUsageRow *row,
           guint              n_days)
{
  double sum = 0;

  for (guint d = 0; d < n_days; d++)
    if (!isnan (row->micros[d]))
      sum += row->micros[d];
  return sum;
}

static int
compare_rows_by_cost (gconstpointer a,
                      gconstpointer b,
                      gpointer      user_data)
{
  const IscUsageRow *ra = *(IscUsageRow * const *) a;
  const IscUsageRow *rb = *(IscUsageRow * const *) b;
  guint n_days = GPOINTER_TO_UINT (user_data);
  double ta = row_total (ra, n_days);
  double tb = row_total (rb, n_days);

  if (ta != tb)
    return ta > tb ? -1 : 1;
  return g_strcmp0 (ra->name, rb->name);
}

static void
add_nan (double *sum,
         double  value)
{
  if (isnan (value))
    return;
  *sum = isnan (*sum) ? value : *sum + value;
}

static Layer *
append_layer (GArray     *layers,
              const char *label,
              guint       n_days)
{
  Layer layer = { g_strdup (label), FALSE, new_nans (n_days), new_nans (n_days), new_nans (n_days) };

  g_array_append_val (layers, layer);
  return &g_array_index (layers, Layer, layers->len - 1);
}

static void
layer_add_row (Layer             *layer,
               const IscUsageRow *row,
               guint              n_days)
{
  for (guint d = 0; d < n_days; d++)
    {
      add_nan (&layer->micros[d], row->micros[d]);
      add_nan (&layer->minutes[d], row->minutes[d]);
      add_nan (&layer->requests[d], row->requests[d]);
    }
}

static GArray *
collect_layers (const IscUsageTable *self)
{
  g_autoptr(GPtrArray) deployments = g_ptr_array_new ();
  GArray *layers = g_array_new (FALSE, TRUE, sizeof (Layer));
  Layer *other = NULL, *training = NULL, *model_apis = NULL;

  g_array_set_clear_func (layers, layer_clear);

  for (guint r = 0; r < self->rows->len; r++)
    {
      IscUsageRow *row = g_ptr_array_index (self->rows, r);

      if (row->kind == ISC_USAGE_ROW_DEPLOYMENT)
        g_ptr_array_add (deployments, row);
    }
  g_ptr_array_sort_with_data (deployments, compare_rows_by_cost, GUINT_TO_POINTER (self->n_days));

  /* Pointers into the array move as it grows: the costliest first, then
   * the others by index. */
  for (guint i = 0; i < deployments->len && i < ISC_USAGE_CHART_MAX_DEPLOYMENTS; i++)
    {
      const IscUsageRow *row = g_ptr_array_index (deployments, i);

      layer_add_row (append_layer (layers, row->name, self->n_days), row, self->n_days);
    }
  if (deployments->len > ISC_USAGE_CHART_MAX_DEPLOYMENTS)
    {
      /* Translators: the Usage chart's layer of every deployment not
       * among the costliest */
      other = append_layer (layers, _("Other"), self->n_days);
      other->grouped = TRUE;
      for (guint i = ISC_USAGE_CHART_MAX_DEPLOYMENTS; i < deployments->len; i++)
        layer_add_row (other, g_ptr_array_index (deployments, i), self->n_days);
    }
  for (guint r = 0; r < self->rows->len; r++)
    {
      const IscUsageRow *row = g_ptr_array_index (self->rows, r);

      if (row->kind == ISC_USAGE_ROW_TRAINING)
        {
          if (training == NULL)
            /* Translators: the Usage chart's layer of training jobs' spend */
            {
              training = append_layer (layers, _("Training"), self->n_days);
              training->grouped = TRUE;
            }
          layer_add_row (training, row, self->n_days);
        }
    }
  for (guint r = 0; r < self->rows->len; r++)
    {
      const IscUsageRow *row = g_ptr_array_index (self->rows, r);

      if (row->kind == ISC_USAGE_ROW_MODEL_API)
        {
          if (model_apis == NULL)
            /* Translators: the Usage chart's layer of serverless Model
             * APIs' spend */
            {
              model_apis = append_layer (layers, _("Model APIs"), self->n_days);
              model_apis->grouped = TRUE;
            }
          layer_add_row (model_apis, row, self->n_days);
        }
    }
  return layers;
}

static char *usage_note_text (const Layer *layer,
                              double       minutes,
                              double       requests);

/* "1.2k min · 5.6k requests" of a layer at a day, or over the range. */
static char *
usage_note (IscChartModel *model,
            guint          series,
            int            step,
            gpointer       user_data)
{
  Notes *notes = user_data;
  const Layer *layer;
  double minutes = NAN, requests = NAN;

  if (series >= notes->layers->len)
    return NULL;
  layer = &g_array_index (notes->layers, Layer, series);
  if (step >= 0)
    {
      minutes = layer->minutes[step];
      requests = layer->requests[step];
      if (notes->estimated && (guint) step >= notes->n_billed_days)
        {
          g_autofree char *text = NULL;

          if (isnan (layer->micros[step]))
            return NULL;
          if (!isnan (minutes))
            text = isc_format_value (minutes, ISC_UNIT_HINT_COUNT, 3);
          if (text != NULL)
            /* Translators: today's bar on the Usage chart: not billed,
             * estimated from the replicas running and their instance
             * type's price, e.g. "estimate: 540 replica min × price" */
            return g_strdup_printf (_("estimate: %s replica min × price"), text);
          /* Translators: today's bar on the Usage chart, not billed */
          return g_strdup (_("estimate, not billed"));
        }
    }
  else
    /* What was billed: an estimate is never summed with it. */
    for (guint d = 0; d < (notes->estimated ? notes->n_billed_days : notes->n_days); d++)
      {
        add_nan (&minutes, layer->minutes[d]);
        add_nan (&requests, layer->requests[d]);
      }

  if (step < 0 && notes->estimated)
    {
      g_autofree char *billed = usage_note_text (layer, minutes, requests);
      g_autofree char *estimate = NULL;
      double today = NAN;

      for (guint d = notes->n_billed_days; d < notes->n_days; d++)
        add_nan (&today, layer->micros[d]);
      if (isnan (today))
        return g_steal_pointer (&billed);
      estimate = isc_usage_format_micros ((gint64) llround (today));
      if (billed == NULL)
        /* Translators: in the Usage chart's legend, a layer's spend today
         * as estimated, never added to its billed figures */
        return g_strdup_printf (_("today ≈ %s estimated"), estimate);
      /* Translators: in the Usage chart's legend, a layer's billed minutes
       * and requests, then its spend today as estimated, e.g. "3.6k min ·
       * 60k requests · today ≈ $12.50 estimated" */
      return g_strdup_printf (_("%s · today ≈ %s estimated"), billed, estimate);
    }
  return usage_note_text (layer, minutes, requests);
}

static char *
usage_note_text (const Layer *layer,
                 double       minutes,
                 double       requests)
{
  g_autofree char *minutes_text = NULL;
  g_autofree char *requests_text = NULL;

  if (!isnan (minutes))
    minutes_text = isc_format_value (minutes, ISC_UNIT_HINT_COUNT, 3);
  if (!isnan (requests))
    requests_text = isc_format_value (requests, ISC_UNIT_HINT_COUNT, 3);
  /* Only what billing reports: a training job has no requests, a Model
   * API neither minutes nor requests. */
  if (minutes_text != NULL && requests_text != NULL)
    /* Translators: what a day (or the month) of a deployment's spend paid
     * for: replica minutes, then requests, e.g. "1.2k min · 56k requests" */
    return g_strdup_printf (_("%s min · %s requests"), minutes_text, requests_text);
  if (minutes_text != NULL)
    /* Translators: replica minutes, e.g. "540 min" */
    return g_strdup_printf (_("%s min"), minutes_text);
  if (requests_text != NULL)
    /* Translators: requests, e.g. "56k requests" */
    return g_strdup_printf (_("%s requests"), requests_text);
  return NULL;
}

IscChartModel *
isc_usage_table_new_chart_model (const IscUsageTable *self)
{
  g_autoptr(GString) json = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;
  IscChartModel *model;
  Notes *notes;
  GArray *layers;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->n_days == 0)
    return NULL;

  layers = collect_layers (self);

  /* Written as a document and read by the decoder, as the error rate is
   * (isc_error_share_new_response()): the model needs nothing new, and
   * Copy Data and CSV export name each layer. The legend's names are
   * set afterwards: a deployment's name alone, not "deployment=…". */
  json = g_string_sized_new (512 + (gsize) self->n_days * (24 + layers->len * 24));
  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT
                          ",\"mode\":\"SERIES\",\"step_seconds\":86400,\"metric_descriptors\":[{\"name\":\"%s\","
                          "\"unit_hint\":\"%s\",\"kind\":\"%s\",\"label_sets\":[",
                          self->first_day_ms, self->first_day_ms + (gint64) self->n_days * DAY_MS,
                          ISC_CATALOGUE_USAGE_SPEND, isc_unit_hint_to_string (ISC_UNIT_HINT_UNKNOWN),
                          isc_metric_kind_to_string (ISC_METRIC_KIND_COUNTER));
  for (guint k = 0; k < layers->len; k++)
    {
      const Layer *layer = &g_array_index (layers, Layer, k);

      g_string_append_printf (json, "%s{\"%s\":\"", k > 0 ? "," : "", layer->grouped ? "layer" : "deployment");
      _isc_chart_append_json_text (json, layer->label);
      g_string_append (json, "\"}");
    }
  g_string_append (json, "]}],\"metric_values\":[");
  for (guint d = 0; d < self->n_days; d++)
    {
      g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[[",
                              d > 0 ? "," : "", self->first_day_ms + (gint64) d * DAY_MS);
      for (guint k = 0; k < layers->len; k++)
        {
          const Layer *layer = &g_array_index (layers, Layer, k);

          if (k > 0)
            g_string_append_c (json, ',');
          if (isnan (layer->micros[d]))
            g_string_append (json, "null");
          else
            {
              gint64 micros = (gint64) llround (layer->micros[d]);
              gint64 magnitude = micros < 0 ? -micros : micros;

              /* Dollars, every micro-dollar kept: 12400000 is 12.400000. */
              g_string_append_printf (json, "%s%" G_GINT64_FORMAT ".%06" G_GINT64_FORMAT, micros < 0 ? "-" : "",
                                      magnitude / 1000000, magnitude % 1000000);
            }
        }
      g_string_append (json, "]]}");
    }
  g_string_append (json, "]}");

  response = isc_metrics_response_new_from_data (json->str, json->len, &error);
  if (response == NULL)
    {
      /* Made here from numbers: a bug. */
      g_critical ("Cannot make the usage chart: %s", error->message);
      g_array_unref (layers);
      return NULL;
    }

  model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_TOTALS);
  for (guint k = 0; k < layers->len && k < model->n_series; k++)
    {
      g_free (model->series[k].label);
      model->series[k].label = g_strdup (g_array_index (layers, Layer, k).label);
    }
  /* A day's total is the bar itself: no "/1 d" after every dollar. */
  g_clear_pointer (&model->value_suffix, g_free);
  isc_chart_model_set_value_prefix (model, "$");
  /* Translators: the unit in the Usage chart's header */
  isc_chart_model_set_unit_text (model, _("US dollars per UTC day"));

  notes = g_new0 (Notes, 1);
  notes->layers = layers;
  notes->n_days = self->n_days;
  notes->n_billed_days = self->n_billed_days;
  notes->estimated = self->own_estimate_micros > 0;
  isc_chart_model_set_notes (model, usage_note, notes, notes_free);
  return model;
}

char *
isc_usage_table_dup_csv (const IscUsageTable *self)
{
  static const char * const kinds[] = { "deployment", "training", "model_api" };
  g_autoptr(GString) csv = g_string_new ("day,kind,name,spend_usd,estimated,minutes,requests\n");

  g_return_val_if_fail (self != NULL, NULL);

  for (guint d = 0; d < self->n_days; d++)
    {
      g_autoptr(GDateTime) day = g_date_time_new_from_unix_utc ((self->first_day_ms + (gint64) d * DAY_MS) / 1000);
      g_autofree char *date = g_date_time_format (day, "%Y-%m-%d");

      for (guint r = 0; r < self->rows->len; r++)
        {
          const IscUsageRow *row = g_ptr_array_index (self->rows, r);
          g_autoptr(GString) name = g_string_new (NULL);
          char minutes[G_ASCII_DTOSTR_BUF_SIZE] = "";
          char requests[G_ASCII_DTOSTR_BUF_SIZE] = "";
          g_autofree char *spend = NULL;

          if (isnan (row->micros[d]) && isnan (row->minutes[d]) && isnan (row->requests[d]))
            continue;
          /* Quoted, quotes doubled: a name is the server's text. */
          g_string_append_c (name, '"');
          for (const char *p = row->name; *p != '\0'; p++)
            {
              if (*p == '"')
                g_string_append_c (name, '"');
              g_string_append_c (name, *p);
            }
          g_string_append_c (name, '"');
          if (!isnan (row->micros[d]))
            spend = micros_to_decimal ((gint64) llround (row->micros[d]));
          if (!isnan (row->minutes[d]))
            g_ascii_dtostr (minutes, sizeof minutes, row->minutes[d]);
          if (!isnan (row->requests[d]))
            g_ascii_dtostr (requests, sizeof requests, row->requests[d]);
          g_string_append_printf (csv, "%s,%s,%s,%s,%s,%s,%s\n", date, kinds[row->kind], name->str,
                                  spend != NULL ? spend : "", d >= self->n_billed_days ? "true" : "false",
                                  minutes, requests);
        }
    }
  return g_string_free (g_steal_pointer (&csv), FALSE);
}
