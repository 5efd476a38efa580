/* isc-model-api-chart.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-model-api-chart"

#include "config.h"

#include "isc-catalogue.h"
#include "isc-chart-json-private.h"
#include "isc-model-api-chart.h"
#include "isc-money.h"
#include "isc-types.h"

static const IscModelApi *
find_api (GPtrArray  *apis,
          const char *model)
{
  if (apis == NULL || model == NULL)
    return NULL;
  for (guint i = 0; i < apis->len; i++)
    {
      const IscModelApi *api = g_ptr_array_index (apis, i);

      if (g_strcmp0 (api->name, model) == 0)
        return api;
    }
  return NULL;
}

/* What @group's tokens in @bucket cost, in dollars; FALSE when a price
 * it needs is unknown. */
static gboolean
bucket_cost (const IscModelApiUsage *usage,
             GPtrArray              *apis,
             guint                   bucket,
             guint                   group,
             double                 *dollars)
{
  const IscModelApi *api = find_api (apis, isc_model_api_usage_get_group_model (usage, group));
  gint64 input = isc_model_api_usage_get_value (usage, bucket, group, ISC_USAGE_FIELD_INPUT);
  gint64 output = isc_model_api_usage_get_value (usage, bucket, group, ISC_USAGE_FIELD_OUTPUT);

  *dollars = 0;
  if ((input > 0 && (api == NULL || !api->has_input_price)) ||
      (output > 0 && (api == NULL || !api->has_output_price)))
    return FALSE;
  /* Prices are micro-dollars per million tokens. */
  if (input > 0)
    *dollars += (double) input * (double) api->cost_per_million_input_tokens / 1e12;
  if (output > 0)
    *dollars += (double) output * (double) api->cost_per_million_output_tokens / 1e12;
  return TRUE;
}

IscMetricsResponse *
isc_model_api_usage_new_response (const IscModelApiUsage *usage,
                                  GPtrArray              *apis)
{
  static const struct {
    const char    *name;
    IscUsageField  field;
  } metrics[] = {
    { ISC_CATALOGUE_MODEL_API_INPUT, ISC_USAGE_FIELD_UNCACHED_INPUT },
    { ISC_CATALOGUE_MODEL_API_CACHED, ISC_USAGE_FIELD_CACHED_INPUT },
    { ISC_CATALOGUE_MODEL_API_OUTPUT, ISC_USAGE_FIELD_OUTPUT },
    { ISC_CATALOGUE_MODEL_API_REQUESTS, ISC_USAGE_FIELD_REQUESTS },
  };
  g_autoptr(GString) json = NULL;
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;
  guint n_buckets, n_groups;
  gboolean with_cost = TRUE;
  const char *key = "model";

  g_return_val_if_fail (usage != NULL, NULL);

  n_buckets = isc_model_api_usage_get_n_buckets (usage);
  n_groups = isc_model_api_usage_get_n_groups (usage);
  if (n_buckets == 0 || n_groups == 0)
    return NULL;
  if (n_groups > 0 && isc_model_api_usage_get_group_api_key (usage, 0) != NULL)
    key = "api_key";

  /* The cost only where every group's price is known. */
  for (guint b = 0; b < n_buckets && with_cost; b++)
    for (guint g = 0; g < n_groups && with_cost; g++)
      {
        double dollars;

        with_cost = bucket_cost (usage, apis, b, g, &dollars);
      }
  with_cost = with_cost && n_groups > 0;

  /* Written as a document and read by the decoder, as the error rate is. */
  json = g_string_sized_new (512 + (gsize) n_buckets * (40 + n_groups * 5 * 12));
  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT
                          ",\"mode\":\"SERIES\",\"step_seconds\":%" G_GINT64_FORMAT ",\"metric_descriptors\":[",
                          isc_model_api_usage_get_start_ms (usage, 0),
                          isc_model_api_usage_get_end_ms (usage, n_buckets - 1),
                          isc_usage_width_ms (isc_model_api_usage_get_width (usage)) / 1000);
  for (guint m = 0; m < G_N_ELEMENTS (metrics) + (with_cost ? 1 : 0); m++)
    {
      gboolean cost = (m == G_N_ELEMENTS (metrics));

      g_string_append_printf (json, "%s{\"name\":\"%s\",\"unit_hint\":\"%s\",\"kind\":\"%s\",\"label_sets\":[",
                              m > 0 ? "," : "",
                              cost ? ISC_CATALOGUE_MODEL_API_COST : metrics[m].name,
                              isc_unit_hint_to_string (cost ? ISC_UNIT_HINT_UNKNOWN : ISC_UNIT_HINT_COUNT),
                              isc_metric_kind_to_string (cost ? ISC_METRIC_KIND_GAUGE : ISC_METRIC_KIND_COUNTER));
      if (cost)
        g_string_append (json, "{}");
      else
        for (guint g = 0; g < n_groups; g++)
          {
            g_string_append_printf (json, "%s{\"%s\":\"", g > 0 ? "," : "", key);
            _isc_chart_append_json_text (json, isc_model_api_usage_get_group_label (usage, g));
            g_string_append (json, "\"}");
          }
      g_string_append (json, "]}");
    }
  g_string_append (json, "],\"metric_values\":[");
  for (guint b = 0; b < n_buckets; b++)
    {
      g_string_append_printf (json, "%s{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[",
                              b > 0 ? "," : "", isc_model_api_usage_get_start_ms (usage, b));
      for (guint m = 0; m < G_N_ELEMENTS (metrics); m++)
        {
          g_string_append (json, m > 0 ? ",[" : "[");
          for (guint g = 0; g < n_groups; g++)
            g_string_append_printf (json, "%s%" G_GINT64_FORMAT, g > 0 ? "," : "",
                                    isc_model_api_usage_get_value (usage, b, g, metrics[m].field));
          g_string_append_c (json, ']');
        }
      if (with_cost)
        {
          char number[G_ASCII_DTOSTR_BUF_SIZE];
          double sum = 0;

          for (guint g = 0; g < n_groups; g++)
            {
              double dollars;

              bucket_cost (usage, apis, b, g, &dollars);
              sum += dollars;
            }
          g_string_append_printf (json, ",[%s]", g_ascii_dtostr (number, sizeof number, sum));
        }
      g_string_append (json, "]}");
    }
  g_string_append (json, "]}");

  response = isc_metrics_response_new_from_data (json->str, json->len, &error);
  if (response == NULL)
    g_critical ("Cannot chart the Model API usage: %s", error->message);
  return response;
}

IscMetricsResponse *
isc_model_api_usage_new_summary (const IscModelApiUsage *usage)
{
  static const struct {
    const char    *name;
    IscUsageField  field;
  } metrics[] = {
    { ISC_CATALOGUE_MODEL_API_INPUT, ISC_USAGE_FIELD_UNCACHED_INPUT },
    { ISC_CATALOGUE_MODEL_API_CACHED, ISC_USAGE_FIELD_CACHED_INPUT },
    { ISC_CATALOGUE_MODEL_API_OUTPUT, ISC_USAGE_FIELD_OUTPUT },
    { ISC_CATALOGUE_MODEL_API_REQUESTS, ISC_USAGE_FIELD_REQUESTS },
  };
  g_autoptr(GString) json = NULL;
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;
  guint n_buckets, n_groups;
  const char *key = "model";

  g_return_val_if_fail (usage != NULL, NULL);

  n_buckets = isc_model_api_usage_get_n_buckets (usage);
  n_groups = isc_model_api_usage_get_n_groups (usage);
  if (n_buckets == 0 || n_groups == 0)
    return NULL;
  if (isc_model_api_usage_get_group_api_key (usage, 0) != NULL)
    key = "api_key";

  /* A SUMMARY as the API sends one: a counter is its total over the
   * window, one value set. */
  json = g_string_sized_new (512 + (gsize) n_groups * 5 * 24);
  g_string_append_printf (json,
                          "{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"end_epoch_millis\":%" G_GINT64_FORMAT
                          ",\"mode\":\"SUMMARY\",\"metric_descriptors\":[",
                          isc_model_api_usage_get_start_ms (usage, 0),
                          isc_model_api_usage_get_end_ms (usage, n_buckets - 1));
  for (guint m = 0; m < G_N_ELEMENTS (metrics); m++)
    {
      g_string_append_printf (json, "%s{\"name\":\"%s\",\"unit_hint\":\"%s\",\"kind\":\"%s\",\"label_sets\":[",
                              m > 0 ? "," : "", metrics[m].name,
                              isc_unit_hint_to_string (ISC_UNIT_HINT_COUNT),
                              isc_metric_kind_to_string (ISC_METRIC_KIND_COUNTER));
      for (guint g = 0; g < n_groups; g++)
        {
          g_string_append_printf (json, "%s{\"%s\":\"", g > 0 ? "," : "", key);
          _isc_chart_append_json_text (json, isc_model_api_usage_get_group_label (usage, g));
          g_string_append (json, "\"}");
        }
      g_string_append (json, "]}");
    }
  g_string_append_printf (json, "],\"metric_values\":[{\"start_epoch_millis\":%" G_GINT64_FORMAT ",\"values\":[",
                          isc_model_api_usage_get_start_ms (usage, 0));
  for (guint m = 0; m < G_N_ELEMENTS (metrics); m++)
    {
      g_string_append (json, m > 0 ? ",[" : "[");
      for (guint g = 0; g < n_groups; g++)
        g_string_append_printf (json, "%s%" G_GINT64_FORMAT, g > 0 ? "," : "",
                                isc_model_api_usage_get_total (usage, g, metrics[m].field));
      g_string_append_c (json, ']');
    }
  g_string_append (json, "]}]}");

  response = isc_metrics_response_new_from_data (json->str, json->len, &error);
  if (response == NULL)
    g_critical ("Cannot sum the Model API usage: %s", error->message);
  return response;
}

gboolean
isc_model_api_usage_list_cost (const IscModelApiUsage *usage,
                               GPtrArray              *apis,
                               IscMoney               *cost,
                               guint                  *n_unpriced)
{
  gboolean any = FALSE;

  g_return_val_if_fail (usage != NULL && cost != NULL, FALSE);

  *cost = 0;
  if (n_unpriced != NULL)
    *n_unpriced = 0;
  for (guint g = 0; g < isc_model_api_usage_get_n_groups (usage); g++)
    {
      const IscModelApi *api = find_api (apis, isc_model_api_usage_get_group_model (usage, g));
      gint64 input = isc_model_api_usage_get_total (usage, g, ISC_USAGE_FIELD_INPUT);
      gint64 output = isc_model_api_usage_get_total (usage, g, ISC_USAGE_FIELD_OUTPUT);

      if ((input > 0 && (api == NULL || !api->has_input_price)) ||
          (output > 0 && (api == NULL || !api->has_output_price)))
        {
          if (n_unpriced != NULL)
            (*n_unpriced)++;
          continue;
        }
      /* Prices are per million tokens: scaled once per group, exact to
       * the micro-dollar. */
      if (input > 0)
        *cost = isc_money_add (*cost, isc_money_scale (api->cost_per_million_input_tokens, (double) input / 1e6));
      if (output > 0)
        *cost = isc_money_add (*cost, isc_money_scale (api->cost_per_million_output_tokens, (double) output / 1e6));
      any = TRUE;
    }
  return any;
}
