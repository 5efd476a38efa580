/* isc-catalogue.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-catalogue"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "isc-catalogue.h"

#define GAUGE     ISC_METRIC_KIND_GAUGE
#define COUNTER   ISC_METRIC_KIND_COUNTER
#define HISTOGRAM ISC_METRIC_KIND_HISTOGRAM

/* From baseten-api.md, "Metric names". Order is the order a dashboard shows
 * them in: traffic, latency, replicas, resources, GPU, LLM, async.
 */
static const IscCatalogueEntry entries[] = {
  { "baseten_inference_requests_total", N_("Inference volume"),
    ISC_METRIC_GROUP_TRAFFIC, ISC_UNIT_HINT_COUNT, COUNTER, ISC_LABEL_SHAPE_STATUS, ISC_APPLIES_ALL, TRUE },
  { "baseten_end_to_end_response_time_seconds", N_("End-to-end response time"),
    ISC_METRIC_GROUP_LATENCY, ISC_UNIT_HINT_SECONDS, HISTOGRAM, ISC_LABEL_SHAPE_QUANTILES, ISC_APPLIES_ALL, TRUE },
  { "baseten_time_to_first_byte_seconds", N_("Time to first byte"),
    ISC_METRIC_GROUP_LATENCY, ISC_UNIT_HINT_SECONDS, HISTOGRAM, ISC_LABEL_SHAPE_QUANTILES, ISC_APPLIES_ALL, FALSE },
  { "baseten_request_size_bytes", N_("Request size"),
    ISC_METRIC_GROUP_TRAFFIC, ISC_UNIT_HINT_BYTES, HISTOGRAM, ISC_LABEL_SHAPE_QUANTILES, ISC_APPLIES_ALL, FALSE },
  { "baseten_response_size_bytes", N_("Response size"),
    ISC_METRIC_GROUP_TRAFFIC, ISC_UNIT_HINT_BYTES, HISTOGRAM, ISC_LABEL_SHAPE_QUANTILES, ISC_APPLIES_ALL, FALSE },
  { "baseten_concurrent_requests", N_("Concurrent requests"),
    ISC_METRIC_GROUP_TRAFFIC, ISC_UNIT_HINT_COUNT, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_ALL, FALSE },
  { "baseten_ongoing_websocket_connections", N_("Open WebSocket connections"),
    ISC_METRIC_GROUP_TRAFFIC, ISC_UNIT_HINT_COUNT, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_ALL, FALSE,
    NULL, FALSE, ISC_VALUE_DISPLAY_INTEGER },
  { "baseten_replicas_active", N_("Active replicas"),
    ISC_METRIC_GROUP_REPLICAS, ISC_UNIT_HINT_COUNT, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_ALL, TRUE,
    NULL, FALSE, ISC_VALUE_DISPLAY_INTEGER },
  { "baseten_replicas_starting", N_("Starting replicas"),
    ISC_METRIC_GROUP_REPLICAS, ISC_UNIT_HINT_COUNT, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_ALL, FALSE,
    NULL, FALSE, ISC_VALUE_DISPLAY_INTEGER },
  { "baseten_pod_readiness", N_("Pod readiness"),
    ISC_METRIC_GROUP_REPLICAS, ISC_UNIT_HINT_COUNT, GAUGE, ISC_LABEL_SHAPE_CONDITION, ISC_APPLIES_ALL, FALSE,
    NULL, FALSE, ISC_VALUE_DISPLAY_INTEGER },
  { "baseten_container_restarts_total", N_("Container restarts"),
    ISC_METRIC_GROUP_REPLICAS, ISC_UNIT_HINT_COUNT, COUNTER, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_ALL, FALSE,
    NULL, FALSE, ISC_VALUE_DISPLAY_PER_STEP },
  { "baseten_container_cpu_usage_seconds_total", N_("CPU usage"),
    ISC_METRIC_GROUP_RESOURCES, ISC_UNIT_HINT_RATIO, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_ALL, FALSE,
    N_("cores") },
  { "baseten_container_cpu_memory_working_set_bytes", N_("Memory"),
    ISC_METRIC_GROUP_RESOURCES, ISC_UNIT_HINT_BYTES, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_ALL, FALSE },
  { "baseten_gpu_memory_used", N_("GPU memory"),
    ISC_METRIC_GROUP_GPU, ISC_UNIT_HINT_MEBIBYTES, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_GPU, FALSE },
  { "baseten_gpu_utilization", N_("GPU utilization"),
    ISC_METRIC_GROUP_GPU, ISC_UNIT_HINT_RATIO, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_GPU, FALSE,
    NULL, TRUE },
  { "baseten_llm_input_tokens_total", N_("Input tokens"),
    ISC_METRIC_GROUP_LLM, ISC_UNIT_HINT_COUNT, COUNTER, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_LLM, FALSE },
  { "baseten_llm_output_tokens_total", N_("Output tokens"),
    ISC_METRIC_GROUP_LLM, ISC_UNIT_HINT_COUNT, COUNTER, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_LLM, FALSE },
  { "baseten_llm_spec_decode_num_accepted_tokens_total", N_("Speculative tokens accepted"),
    ISC_METRIC_GROUP_LLM, ISC_UNIT_HINT_COUNT, COUNTER, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_LLM, FALSE },
  { "baseten_llm_spec_decode_num_draft_tokens_total", N_("Speculative draft tokens"),
    ISC_METRIC_GROUP_LLM, ISC_UNIT_HINT_COUNT, COUNTER, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_LLM, FALSE },
  { "baseten_llm_input_tokens_per_request", N_("Input tokens per request"),
    ISC_METRIC_GROUP_LLM, ISC_UNIT_HINT_COUNT, HISTOGRAM, ISC_LABEL_SHAPE_QUANTILES, ISC_APPLIES_LLM, FALSE },
  { "baseten_llm_output_tokens_per_request", N_("Output tokens per request"),
    ISC_METRIC_GROUP_LLM, ISC_UNIT_HINT_COUNT, HISTOGRAM, ISC_LABEL_SHAPE_QUANTILES, ISC_APPLIES_LLM, FALSE },
  { "baseten_llm_tokens_per_second_per_request", N_("Tokens per second per request"),
    ISC_METRIC_GROUP_LLM, ISC_UNIT_HINT_PER_SECOND, HISTOGRAM, ISC_LABEL_SHAPE_QUANTILES, ISC_APPLIES_LLM, FALSE },
  { "baseten_llm_kv_cache_hit_rate", N_("KV cache hit rate"),
    ISC_METRIC_GROUP_LLM, ISC_UNIT_HINT_RATIO, HISTOGRAM, ISC_LABEL_SHAPE_QUANTILES, ISC_APPLIES_LLM, FALSE },
  { "baseten_llm_in_flight_tokens", N_("In-flight tokens"),
    ISC_METRIC_GROUP_LLM, ISC_UNIT_HINT_COUNT, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_LLM, FALSE },
  { "baseten_llm_avg_in_flight_tokens", N_("Average in-flight tokens"),
    ISC_METRIC_GROUP_LLM, ISC_UNIT_HINT_COUNT, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_LLM, FALSE },
  { "baseten_llm_num_requests", N_("LLM requests in flight"),
    ISC_METRIC_GROUP_LLM, ISC_UNIT_HINT_COUNT, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_LLM, FALSE },
  { "baseten_time_in_async_queue_seconds", N_("Time in async queue"),
    ISC_METRIC_GROUP_ASYNC, ISC_UNIT_HINT_SECONDS, HISTOGRAM, ISC_LABEL_SHAPE_QUANTILES, ISC_APPLIES_ASYNC, FALSE },
  { "baseten_async_queue_size", N_("Async queue size"),
    ISC_METRIC_GROUP_ASYNC, ISC_UNIT_HINT_COUNT, GAUGE, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_ASYNC, FALSE,
    NULL, FALSE, ISC_VALUE_DISPLAY_INTEGER },
  { "baseten_async_webhook_requests_total", N_("Webhook requests"),
    ISC_METRIC_GROUP_ASYNC, ISC_UNIT_HINT_COUNT, COUNTER, ISC_LABEL_SHAPE_PLAIN, ISC_APPLIES_ASYNC, FALSE },
  { "baseten_async_webhook_latency_seconds", N_("Webhook latency"),
    ISC_METRIC_GROUP_ASYNC, ISC_UNIT_HINT_SECONDS, HISTOGRAM, ISC_LABEL_SHAPE_QUANTILES, ISC_APPLIES_ASYNC, FALSE },
};

static const char * const group_titles[] = {
  [ISC_METRIC_GROUP_TRAFFIC]   = N_("Traffic"),
  [ISC_METRIC_GROUP_LATENCY]   = N_("Latency"),
  [ISC_METRIC_GROUP_REPLICAS]  = N_("Replicas"),
  [ISC_METRIC_GROUP_RESOURCES] = N_("CPU and memory"),
  [ISC_METRIC_GROUP_GPU]       = N_("GPU"),
  [ISC_METRIC_GROUP_LLM]       = N_("LLM engine"),
  [ISC_METRIC_GROUP_ASYNC]     = N_("Async"),
};

const IscCatalogueEntry *
isc_catalogue_get_entries (guint *n_entries)
{
  if (n_entries != NULL)
    *n_entries = G_N_ELEMENTS (entries);

  return entries;
}

const IscCatalogueEntry *
isc_catalogue_lookup (const char *name)
{
  if (name == NULL)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    {
      if (strcmp (entries[i].name, name) == 0)
        return &entries[i];
    }

  return NULL;
}

const char *
isc_catalogue_get_title (const char *name)
{
  const IscCatalogueEntry *entry = isc_catalogue_lookup (name);

  if (entry == NULL && g_strcmp0 (name, ISC_CATALOGUE_ERROR_RATE) == 0)
    /* Translators: the title of the chart of 4xx and 5xx responses as a
     * share of all requests */
    return _("Error rate");
  if (entry == NULL && g_strcmp0 (name, ISC_CATALOGUE_USAGE_SPEND) == 0)
    /* Translators: the title of the Usage page's chart of what the
     * workspace spent each day */
    return _("Spend per day");
  if (entry == NULL && g_strcmp0 (name, ISC_CATALOGUE_MODEL_API_INPUT) == 0)
    /* Translators: a Model APIs chart: input tokens not read from the cache */
    return _("Input tokens (uncached)");
  if (entry == NULL && g_strcmp0 (name, ISC_CATALOGUE_MODEL_API_CACHED) == 0)
    /* Translators: a Model APIs chart: input tokens read from the cache */
    return _("Cached input tokens");
  if (entry == NULL && g_strcmp0 (name, ISC_CATALOGUE_MODEL_API_OUTPUT) == 0)
    /* Translators: a Model APIs chart */
    return _("Output tokens");
  if (entry == NULL && g_strcmp0 (name, ISC_CATALOGUE_MODEL_API_REQUESTS) == 0)
    /* Translators: a Model APIs chart */
    return _("Model API requests");
  if (entry == NULL && g_strcmp0 (name, ISC_CATALOGUE_MODEL_API_COST) == 0)
    /* Translators: a Model APIs chart: the tokens' cost at the published
     * prices per million tokens, in US dollars */
    return _("Token cost (USD)");
  if (entry == NULL)
    return name;

  return _(entry->title);
}

const char *
isc_catalogue_get_unit_label (const char *name)
{
  const IscCatalogueEntry *entry = isc_catalogue_lookup (name);

  if (entry == NULL || entry->unit_label == NULL)
    return NULL;

  return _(entry->unit_label);
}

char *
isc_catalogue_format_count (const char *name,
                            const char *number,
                            double      value)
{
  gulong n;

  g_return_val_if_fail (number != NULL, NULL);

  if (g_strcmp0 (name, "baseten_container_restarts_total") != 0)
    return NULL;

  /* ngettext's n: 1 only for exactly one, so "0.5 restarts". */
  n = (value == 1.0) ? 1 : (value >= 0 && value < G_MAXULONG && value == floor (value)) ? (gulong)value : 2;
  /* Translators: a number of container restarts in one step, "1 restart" */
  return g_strdup_printf (ngettext ("%s restart", "%s restarts", n), number);
}

IscValueDisplay
isc_catalogue_get_display (const char *name)
{
  const IscCatalogueEntry *entry = isc_catalogue_lookup (name);

  return entry != NULL ? entry->display : ISC_VALUE_DISPLAY_CONTINUOUS;
}

const char *
isc_metric_group_get_title (IscMetricGroup group)
{
  g_return_val_if_fail (group < G_N_ELEMENTS (group_titles), NULL);

  return _(group_titles[group]);
}

guint
isc_catalogue_get_display_group (const char *name)
{
  const IscCatalogueEntry *entry = isc_catalogue_lookup (name);

  if (entry == NULL || (guint) entry->group >= ISC_METRIC_GROUP_OTHER)
    return ISC_METRIC_GROUP_OTHER;
  return entry->group;
}

void
isc_catalogue_get_display_order (const char * const *names,
                                 guint               n_names,
                                 guint              *order)
{
  guint n = 0;

  g_return_if_fail (names != NULL || n_names == 0);
  g_return_if_fail (order != NULL || n_names == 0);

  for (guint group = 0; group <= ISC_METRIC_GROUP_OTHER; group++)
    for (guint i = 0; i < n_names; i++)
      if (isc_catalogue_get_display_group (names[i]) == group)
        order[n++] = i;
  g_assert (n == n_names);
}
