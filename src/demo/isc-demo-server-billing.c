/* isc-demo-server-billing.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-demo-server"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "isc-demo-generator-private.h"
#include "isc-demo-server-private.h"
#include "isc-math.h"

/* What the demo workspace spends and uses (baseten-api-reference.md §3,
 * §4): the instance type prices, the billing summary, and two added
 * Model APIs with their token usage.
 *
 * The bill follows the metrics: a deployment's day is its replica-minutes
 * (baseten_replicas_active × minutes, 30-second buckets) and its requests
 * (baseten_inference_requests_total) over that UTC day, at its instance
 * type's price per minute, rounded to the cent. The large fleet's
 * ("fleet-size") are read every ten minutes instead, close to its
 * metrics but not to the request. Billing closes at
 * midnight: today has no row yet (a client estimates it). Money goes out
 * as JSON numbers for some deployments and as decimal strings for
 * others, as Baseten's `number | string` allows.
 *
 * Model API usage is a function of (seed, model, API key, minute): a
 * daily curve that peaks at 16:00 UTC, lower on weekends, and nothing at
 * all from 03:00 to 04:00 UTC (empty buckets). Its billing rows are the
 * same minutes summed, at the Model API's prices per million tokens.
 */

#define DAY_S     G_GINT64_CONSTANT (86400)
#define DAY_MS    (DAY_S * 1000)
#define MINUTE_MS G_GINT64_CONSTANT (60000)
/* 2026-01-01T00:00:00Z: billing starts there. */
#define EARLIEST_MS G_GINT64_CONSTANT (1767225600000)
#define MAX_PERIOD_DAYS 31
#define RETENTION_DAYS  92

/* ------------------------------------------------------------------------
 * Prices
 * ------------------------------------------------------------------------ */

typedef struct
{
  const char *id;
  const char *name;
  guint       memory_limit_mib;
  guint       millicpu_limit;
  guint       gpu_count;
  const char *gpu_type;
  guint       gpu_memory_limit_mib;
  gint64      price_micros;     /* USD per minute × 10⁶ */
} DemoPrice;

static const DemoPrice prices[] = {
  { "H100:1x26x234", "1×H100 · 26 vCPU · 234 GiB", 239616, 26000, 1, "H100", 81559, 108330 },
  { "A100:1x12x144", "1×A100 · 12 vCPU · 144 GiB", 147456, 12000, 1, "A100", 81920, 66670 },
  { "A10G:1x4x16", "1×A10G · 4 vCPU · 16 GiB", 16384, 4000, 1, "A10G", 23028, 20120 },
  { "L4:1x4x16", "1×L4 · 4 vCPU · 16 GiB", 16384, 4000, 1, "L4", 23034, 14140 },
  { "4x16", "4 vCPU · 16 GiB", 16384, 4000, 0, NULL, 0, 2330 },
  { "1x2x8", "2 vCPU · 8 GiB", 8192, 1000, 0, NULL, 0, 580 },
};

static const DemoPrice *
lookup_price (const char *instance_type)
{
  for (guint i = 0; i < G_N_ELEMENTS (prices); i++)
    if (g_strcmp0 (prices[i].id, instance_type) == 0)
      return &prices[i];

  return NULL;
}

static void
add_money (JsonBuilder *b,
           const char  *member,
           gint64       micros,
           gboolean     as_string)
{
  json_builder_set_member_name (b, member);
  if (as_string)
    {
      gint64 cents = (micros + (micros >= 0 ? 5000 : -5000)) / 10000;
      g_autofree char *text = g_strdup_printf ("%s%" G_GINT64_FORMAT ".%02d",
                                               cents < 0 ? "-" : "", ABS (cents) / 100,
                                               (int) (ABS (cents) % 100));

      json_builder_add_string_value (b, text);
    }
  else
    json_builder_add_double_value (b, (double) micros / 1e6);
}

static void
reply_prices (IscDemoServer      *self,
              SoupServerMessage  *msg,
              const IscDemoFault *fault)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "instance_types");
  json_builder_begin_array (b);
  for (guint i = 0; i < G_N_ELEMENTS (prices); i++)
    {
      const DemoPrice *p = &prices[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "instance_type");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, p->id);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, p->name);
      json_builder_set_member_name (b, "memory_limit_mib");
      json_builder_add_int_value (b, p->memory_limit_mib);
      json_builder_set_member_name (b, "millicpu_limit");
      json_builder_add_int_value (b, p->millicpu_limit);
      json_builder_set_member_name (b, "gpu_count");
      json_builder_add_int_value (b, p->gpu_count);
      json_builder_set_member_name (b, "gpu_type");
      if (p->gpu_type != NULL)
        json_builder_add_string_value (b, p->gpu_type);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "gpu_memory_limit_mib");
      if (p->gpu_count > 0)
        json_builder_add_int_value (b, p->gpu_memory_limit_mib);
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
      /* A plain number, as the API documents. */
      add_money (b, "price", p->price_micros, FALSE);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  node = json_builder_get_root (b);
  _isc_demo_server_reply_json (self, msg, fault, node);
}

/* ------------------------------------------------------------------------
 * Model APIs
 * ------------------------------------------------------------------------ */

typedef struct
{
  const char *name;
  const char *display_name;
  const char *family;
  const char *release_date;
  gint64      context_length;
  const char *input_price;     /* USD per million tokens, NULL: unknown */
  const char *output_price;
  int         added_days_ago;  /* -1: not added */
  double      peak_rpm;        /* per API key, at 16:00 UTC on a weekday */
  double      input_per_request;
  double      cached_share;
  double      output_per_request;
} DemoModelApi;

static const DemoModelApi model_apis[] = {
  { "deepseek-v3", "DeepSeek V3", "deepseek", "2025-03-24", 163840, "0.77", "0.77", 75, 42, 1800, 0.35, 380 },
  { "llama-4-maverick", "Llama 4 Maverick", "llama", "2025-04-05", 1048576, "0.19", "0.72", 40, 18, 1200, 0.1, 220 },
  { "kimi-k2", "Kimi K2", "moonshot", "2025-07-11", 131072, "0.60", "2.50", -1, 0, 0, 0, 0 },
  { "qwen3-coder", "Qwen3 Coder 480B", NULL, "2025-07-22", 262144, NULL, NULL, -1, 0, 0, 0, 0 },
};

/* The workspace's API keys, by prefix, and how much of each model's
 * traffic each sends. */
static const struct { const char *prefix; double share; } api_keys[] = {
  { "pK3x9Q", 1.0 },
  { "mN4pR8", 0.3 },
};

static double
unit_noise (guint64 seed,
            guint   a,
            guint   b,
            gint64  minute,
            guint   stream)
{
  guint64 h = _isc_demo_mix64 (_isc_demo_mix64 (seed) ^ _isc_demo_mix64 (((guint64) a << 40) ^ ((guint64) b << 32) ^ stream) ^ (guint64) minute);

  return (double) (h >> 11) * (1.0 / 9007199254740992.0);
}

/* When @api was added, in ms: whole days before today's midnight. */
static gint64
added_ms (const DemoModelApi *api,
          gint64              now_ms)
{
  return (now_ms / DAY_MS - api->added_days_ago) * DAY_MS + 10 * 3600 * 1000;
}

typedef struct
{
  gint64 input;
  gint64 cached;
  gint64 output;
  gint64 requests;
} Tokens;

/* One API key's use of one Model API during the minute @minute (epoch
 * minutes). */
static void
minute_tokens (guint64  seed,
               guint    api,
               guint    key,
               gint64   minute,
               Tokens  *t)
{
  const DemoModelApi *m = &model_apis[api];
  gint64 minute_of_day = isc_floor_mod (minute, 1440);
  gint64 day = (minute - minute_of_day) / 1440;
  /* 1970-01-01 was a Thursday: day 2 and 3 of the week are Saturday and Sunday. */
  gboolean weekend = isc_floor_mod (day, 7) == 2 || isc_floor_mod (day, 7) == 3;
  double hour = (double) minute_of_day / 60.0;
  double curve = 0.25 + 0.75 * (1 + cos (2 * G_PI * (hour - 16) / 24)) / 2;
  double rate;
  gint64 n;

  memset (t, 0, sizeof *t);
  if (minute_of_day >= 180 && minute_of_day < 240)
    return;

  rate = m->peak_rpm * api_keys[key].share * curve * (weekend ? 0.55 : 1.0)
         * (0.8 + 0.4 * unit_noise (seed, api, key, minute, 1));
  n = (gint64) floor (rate + unit_noise (seed, api, key, minute, 2));
  if (n <= 0)
    return;

  t->requests = n;
  t->input = (gint64) round (n * m->input_per_request * (0.85 + 0.3 * unit_noise (seed, api, key, minute, 3)));
  t->cached = (gint64) floor (t->input * m->cached_share * (0.7 + 0.6 * unit_noise (seed, api, key, minute, 4)));
  t->cached = MIN (t->cached, t->input);
  t->output = (gint64) round (n * m->output_per_request * (0.8 + 0.4 * unit_noise (seed, api, key, minute, 5)));
}

/* Sums over the minutes of [start_ms, end_ms) that have data: after the
 * API was added, within the 92 days kept, before now. */
static void
sum_tokens (IscDemoServer *self,
            guint          api,
            guint          key,
            gint64         start_ms,
            gint64         end_ms,
            gint64         now_ms,
            Tokens        *sum)
{
  gint64 from = MAX (start_ms, added_ms (&model_apis[api], now_ms));
  gint64 to = MIN (end_ms, now_ms - now_ms % MINUTE_MS);

  from = MAX (from, now_ms - RETENTION_DAYS * DAY_MS);
  memset (sum, 0, sizeof *sum);

  for (gint64 m = (from + MINUTE_MS - 1) / MINUTE_MS; m * MINUTE_MS < to; m++)
    {
      Tokens t;

      minute_tokens (self->seed, api, key, m, &t);
      sum->input += t.input;
      sum->cached += t.cached;
      sum->output += t.output;
      sum->requests += t.requests;
    }
}

static gboolean
parse_bool (const char *text,
            gboolean   *out)
{
  if (g_strcmp0 (text, "true") == 0)
    *out = TRUE;
  else if (g_strcmp0 (text, "false") == 0)
    *out = FALSE;
  else
    return FALSE;
  return TRUE;
}

static void
add_date_time (JsonBuilder *b,
               const char  *member,
               gint64       ms)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (ms / 1000);
  g_autofree char *text = g_date_time_format (dt, "%Y-%m-%dT%H:%M:%SZ");

  json_builder_set_member_name (b, member);
  json_builder_add_string_value (b, text);
}

static void
add_pagination (JsonBuilder *b,
                const char  *cursor)
{
  json_builder_set_member_name (b, "pagination");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "has_more");
  json_builder_add_boolean_value (b, cursor != NULL);
  json_builder_set_member_name (b, "cursor");
  if (cursor != NULL)
    json_builder_add_string_value (b, cursor);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
}

/* A cursor: "<kind>.<number>", opaque to a client. */
static gboolean
parse_cursor (const char *cursor,
              const char *kind,
              gint64      max,
              gint64     *out)
{
  gsize n = strlen (kind);

  return cursor != NULL && strncmp (cursor, kind, n) == 0 && cursor[n] == '.' &&
         g_ascii_string_to_signed (cursor + n + 1, 10, 0, max, out, NULL);
}

static void
reply_model_apis (IscDemoServer      *self,
                  SoupServerMessage  *msg,
                  const IscDemoFault *fault)
{
  g_autofree char *cursor = NULL;
  g_autofree char *limit_text = NULL;
  g_autofree char *added_text = NULL;
  g_autofree char *repeated = NULL;
  g_autofree char *next = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  gint64 now_ms = _isc_demo_server_now_ms (self);
  gboolean added_only = FALSE;
  gint64 limit = 100, offset = 0, seen = 0, sent = 0;
  const IscDemoQueryField fields[] = {
    { "cursor", &cursor, NULL },
    { "limit", &limit_text, NULL },
    { "added_only", &added_text, NULL },
  };

  repeated = _isc_demo_server_parse_query (g_uri_get_query (soup_server_message_get_uri (msg)),
                                           fields, G_N_ELEMENTS (fields));
  if (repeated != NULL ||
      (limit_text != NULL && !g_ascii_string_to_signed (limit_text, 10, 1, 1000, &limit, NULL)) ||
      (added_text != NULL && !parse_bool (added_text, &added_only)) ||
      (cursor != NULL && !parse_cursor (cursor, "m", G_N_ELEMENTS (model_apis), &offset)))
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("Invalid cursor, limit (1–1000) or added_only (true or false)"));
      return;
    }

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "items");
  json_builder_begin_array (b);
  for (guint i = 0; i < G_N_ELEMENTS (model_apis); i++)
    {
      const DemoModelApi *m = &model_apis[i];

      if (added_only && m->added_days_ago < 0)
        continue;
      if (seen++ < offset)
        continue;
      if (sent == limit)
        {
          next = g_strdup_printf ("m.%" G_GINT64_FORMAT, offset + sent);
          break;
        }
      sent++;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, m->name);
      json_builder_set_member_name (b, "display_name");
      json_builder_add_string_value (b, m->display_name);
      json_builder_set_member_name (b, "description");
      json_builder_add_string_value (b, _("A model served by Baseten, billed per token."));
      json_builder_set_member_name (b, "model_family");
      if (m->family != NULL)
        json_builder_add_string_value (b, m->family);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "release_date");
      json_builder_add_string_value (b, m->release_date);
      json_builder_set_member_name (b, "invoke_url");
      json_builder_add_string_value (b, "https://inference.baseten.co/v1");
      json_builder_set_member_name (b, "context_length");
      json_builder_add_int_value (b, m->context_length);

      /* One price a string, the other a number: both are allowed. */
      json_builder_set_member_name (b, "cost_per_million_input_tokens");
      if (m->input_price != NULL)
        json_builder_add_string_value (b, m->input_price);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "cost_per_million_output_tokens");
      if (m->output_price != NULL)
        json_builder_add_double_value (b, g_ascii_strtod (m->output_price, NULL));
      else
        json_builder_add_null_value (b);

      json_builder_set_member_name (b, "rate_limits");
      json_builder_begin_array (b);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "type");
      json_builder_add_string_value (b, "REQUEST");
      json_builder_set_member_name (b, "unit");
      json_builder_add_string_value (b, "MINUTE");
      json_builder_set_member_name (b, "threshold");
      json_builder_add_int_value (b, 600);
      json_builder_end_object (b);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "type");
      json_builder_add_string_value (b, "TOKEN");
      json_builder_set_member_name (b, "unit");
      json_builder_add_string_value (b, "MINUTE");
      json_builder_set_member_name (b, "threshold");
      json_builder_add_int_value (b, 2000000);
      json_builder_end_object (b);
      json_builder_end_array (b);

      json_builder_set_member_name (b, "org_details");
      if (m->added_days_ago >= 0)
        {
          json_builder_begin_object (b);
          add_date_time (b, "added_at", added_ms (m, now_ms));
          add_date_time (b, "last_used_at", now_ms - now_ms % MINUTE_MS - 2 * MINUTE_MS);
          json_builder_end_object (b);
        }
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_pagination (b, next);
  json_builder_end_object (b);

  node = json_builder_get_root (b);
  _isc_demo_server_reply_json (self, msg, fault, node);
}

static gboolean
parse_date_time (const char *text,
                 gint64     *ms)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) dt = NULL;

  if (text == NULL || !g_ascii_isdigit (text[0]))
    return FALSE;

  dt = g_date_time_new_from_iso8601 (text, utc);
  if (dt == NULL)
    return FALSE;

  *ms = g_date_time_to_unix (dt) * 1000 + g_date_time_get_microsecond (dt) / 1000;
  return TRUE;
}

typedef struct
{
  guint  api;
  guint  key;
  Tokens t;
} UsageResult;

static int
compare_results (gconstpointer a,
                 gconstpointer b)
{
  const UsageResult *ra = a;
  const UsageResult *rb = b;
  gint64 ta = ra->t.input + ra->t.output;
  gint64 tb = rb->t.input + rb->t.output;

  return (ta < tb) - (ta > tb);
}

static void
reply_usage (IscDemoServer      *self,
             SoupServerMessage  *msg,
             const IscDemoFault *fault)
{
  g_autofree char *start_text = NULL;
  g_autofree char *end_text = NULL;
  g_autofree char *width_text = NULL;
  g_autofree char *limit_text = NULL;
  g_autofree char *cursor = NULL;
  g_autofree char *repeated = NULL;
  g_autofree char *next = NULL;
  g_autoptr(GPtrArray) group_by = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) models = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  gint64 now_ms = _isc_demo_server_now_ms (self);
  gint64 width_ms, start_ms = 0, end_ms = now_ms, limit, max_limit;
  gboolean by_model = FALSE, by_key = FALSE;
  const IscDemoQueryField fields[] = {
    { "start_time", &start_text, NULL },
    { "end_time", &end_text, NULL },
    { "bucket_width", &width_text, NULL },
    { "limit", &limit_text, NULL },
    { "cursor", &cursor, NULL },
    { "group_by", NULL, group_by },
    { "api_keys", NULL, keys },
    { "models", NULL, models },
  };

  repeated = _isc_demo_server_parse_query (g_uri_get_query (soup_server_message_get_uri (msg)),
                                           fields, G_N_ELEMENTS (fields));
  if (repeated != NULL)
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("A parameter is given twice"));
      return;
    }

  if (width_text == NULL || g_str_equal (width_text, "1d"))
    width_ms = DAY_MS, max_limit = 31, limit = 7;
  else if (g_str_equal (width_text, "1h"))
    width_ms = 3600 * 1000, max_limit = 168, limit = 24;
  else if (g_str_equal (width_text, "1m"))
    width_ms = MINUTE_MS, max_limit = 1440, limit = 60;
  else
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("bucket_width must be 1m, 1h or 1d"));
      return;
    }

  if (limit_text != NULL && !g_ascii_string_to_signed (limit_text, 10, 1, max_limit, &limit, NULL))
    {
      g_autofree char *message = g_strdup_printf (_("limit must be between 1 and %d for bucket_width %s"),
                                                  (int) max_limit, width_text);
      _isc_demo_server_reply_invalid (self, msg, fault, message);
      return;
    }

  for (guint i = 0; i < group_by->len; i++)
    {
      const char *g = g_ptr_array_index (group_by, i);

      if (g_str_equal (g, "model"))
        by_model = TRUE;
      else if (g_str_equal (g, "api_key"))
        by_key = TRUE;
      else
        {
          _isc_demo_server_reply_invalid (self, msg, fault, _("group_by must be model or api_key"));
          return;
        }
    }
  if (group_by->len == 0)
    by_model = TRUE;

  if (end_text != NULL && !parse_date_time (end_text, &end_ms))
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("end_time is not an ISO 8601 date-time"));
      return;
    }

  /* A cursor carries where the next page starts; start_time is ignored
   * with it. */
  if (cursor != NULL)
    {
      if (!parse_cursor (cursor, "u", G_MAXINT64 / 4, &start_ms))
        {
          _isc_demo_server_reply_invalid (self, msg, fault, _("Invalid cursor"));
          return;
        }
    }
  else if (start_text == NULL)
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("start_time is required on the first page"));
      return;
    }
  else if (!parse_date_time (start_text, &start_ms))
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("start_time is not an ISO 8601 date-time"));
      return;
    }

  start_ms = start_ms - isc_floor_mod (start_ms, width_ms);
  end_ms = MIN (end_ms, now_ms);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "items");
  json_builder_begin_array (b);

  for (gint64 i = 0, t = start_ms; t < end_ms; i++, t += width_ms)
    {
      g_autoptr(GArray) results = g_array_new (FALSE, TRUE, sizeof (UsageResult));

      if (i == limit)
        {
          next = g_strdup_printf ("u.%" G_GINT64_FORMAT, t);
          break;
        }

      for (guint api = 0; api < G_N_ELEMENTS (model_apis); api++)
        {
          if (model_apis[api].added_days_ago < 0)
            continue;
          if (models->len > 0 &&
              !g_ptr_array_find_with_equal_func (models, model_apis[api].name, g_str_equal, NULL))
            continue;

          for (guint key = 0; key < G_N_ELEMENTS (api_keys); key++)
            {
              UsageResult r = { by_model ? api : 0, by_key ? key : 0, { 0 } };
              gboolean merged = FALSE;

              if (keys->len > 0)
                {
                  gboolean match = FALSE;

                  for (guint k = 0; k < keys->len; k++)
                    match |= g_str_has_prefix (api_keys[key].prefix, g_ptr_array_index (keys, k));
                  if (!match)
                    continue;
                }

              sum_tokens (self, api, key, t, t + width_ms, now_ms, &r.t);
              if (r.t.requests == 0)
                continue;

              for (guint k = 0; k < results->len; k++)
                {
                  UsageResult *o = &g_array_index (results, UsageResult, k);

                  if (o->api == r.api && o->key == r.key)
                    {
                      o->t.input += r.t.input;
                      o->t.cached += r.t.cached;
                      o->t.output += r.t.output;
                      o->t.requests += r.t.requests;
                      merged = TRUE;
                    }
                }
              if (!merged)
                g_array_append_val (results, r);
            }
        }

      g_array_sort (results, compare_results);

      json_builder_begin_object (b);
      add_date_time (b, "start_time", t);
      add_date_time (b, "end_time", t + width_ms);
      /* An empty bucket: every other one leaves "results" out, which a
       * client must read as []. */
      if (results->len > 0 || i % 2 == 0)
        {
          json_builder_set_member_name (b, "results");
          json_builder_begin_array (b);
          for (guint k = 0; k < results->len; k++)
            {
              UsageResult *r = &g_array_index (results, UsageResult, k);

              json_builder_begin_object (b);
              json_builder_set_member_name (b, "api_key_prefix");
              if (by_key)
                json_builder_add_string_value (b, api_keys[r->key].prefix);
              else
                json_builder_add_null_value (b);
              json_builder_set_member_name (b, "model");
              if (by_model)
                json_builder_add_string_value (b, model_apis[r->api].name);
              else
                json_builder_add_null_value (b);
              json_builder_set_member_name (b, "input_tokens");
              json_builder_add_int_value (b, r->t.input);
              json_builder_set_member_name (b, "cached_input_tokens");
              json_builder_add_int_value (b, r->t.cached);
              json_builder_set_member_name (b, "uncached_input_tokens");
              json_builder_add_int_value (b, r->t.input - r->t.cached);
              json_builder_set_member_name (b, "output_tokens");
              json_builder_add_int_value (b, r->t.output);
              json_builder_set_member_name (b, "request_count");
              json_builder_add_int_value (b, r->t.requests);
              json_builder_end_object (b);
            }
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }

  json_builder_end_array (b);
  add_pagination (b, next);
  json_builder_end_object (b);

  node = json_builder_get_root (b);
  _isc_demo_server_reply_json (self, msg, fault, node);
}

/* ------------------------------------------------------------------------
 * The billing summary
 * ------------------------------------------------------------------------ */

typedef struct
{
  gint64 minutes;
  gint64 requests;
} DayUsage;

/* A deployment's usage over [start_s, end_s) within one UTC day. Whole
 * days that no longer move (before the promotion window) are kept, per
 * UTC day of now, as the fleet's dates move once a day. */
static DayUsage
deployment_usage (IscDemoServer           *self,
                  const IscDemoDeployment *dep,
                  gint64                   now_s,
                  gint64                   start_s,
                  gint64                   end_s)
{
  gboolean keep = end_s - start_s == DAY_S && end_s <= now_s - 26 * 3600;
  g_autofree char *key = NULL;
  double minutes, requests;
  DayUsage usage;

  if (keep)
    {
      DayUsage *kept;

      key = g_strdup_printf ("%s@%" G_GINT64_FORMAT "@%" G_GINT64_FORMAT, dep->id, start_s, now_s / DAY_S);
      g_mutex_lock (&self->lock);
      kept = self->billing_days != NULL ? g_hash_table_lookup (self->billing_days, key) : NULL;
      usage = kept != NULL ? *kept : (DayUsage) { -1, -1 };
      g_mutex_unlock (&self->lock);
      if (kept != NULL)
        return usage;
    }

  /* The large fleet's deployments are sampled every ten minutes. */
  _isc_demo_generator_usage (dep, self->seed, now_s, start_s, end_s,
                             _isc_demo_fleet_lookup_model (dep->model_id) != NULL ? 1 : 20,
                             &minutes, &requests);
  usage.minutes = (gint64) round (minutes);
  usage.requests = (gint64) round (requests);

  if (keep)
    {
      g_mutex_lock (&self->lock);
      if (self->billing_days == NULL)
        self->billing_days = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_hash_table_replace (self->billing_days, g_steal_pointer (&key), g_memdup2 (&usage, sizeof usage));
      g_mutex_unlock (&self->lock);
    }

  return usage;
}

static gint64
cents_of (gint64 micros)
{
  return (micros + 5000) / 10000 * 10000;
}

/* Every deployment of the workspace, static and large fleet. */
static GPtrArray *
all_deployments (IscDemoServer *self)
{
  GPtrArray *all = g_ptr_array_new ();
  guint n_models;
  const IscDemoModel *models = _isc_demo_fleet_get_models (&n_models);

  for (guint i = 0; i < n_models; i++)
    {
      g_autoptr(GPtrArray) deps = _isc_demo_fleet_list_deployments (&models[i]);

      g_ptr_array_extend (all, deps, NULL, NULL);
    }

  for (guint i = 0; i < _isc_demo_extra_fleet_get_n_models (self->extra); i++)
    {
      const IscDemoModel *model = _isc_demo_extra_fleet_get_model (self->extra, i);
      g_autoptr(GPtrArray) deps = _isc_demo_extra_fleet_list_deployments (self->extra, model);

      g_ptr_array_extend (all, deps, NULL, NULL);
    }

  return all;
}

static const char *
model_name_of (IscDemoServer           *self,
               const IscDemoDeployment *dep)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (dep->model_id);

  if (model == NULL)
    model = _isc_demo_extra_fleet_lookup_model (self->extra, dep->model_id);

  return model != NULL ? model->name : dep->model_id;
}

/* The environment a deployment served: its own, or the one it served
 * until the last promotion (billed days are before it). */
static const char *
environment_of (const IscDemoDeployment *dep)
{
  const IscDemoModel *model;
  g_autoptr(GPtrArray) envs = NULL;

  if (dep->environment != NULL)
    return dep->environment;

  model = _isc_demo_fleet_lookup_model (dep->model_id);
  if (model == NULL)
    return NULL;

  envs = _isc_demo_fleet_list_environments (model);
  for (guint i = 0; i < envs->len; i++)
    {
      const IscDemoEnvironment *env = g_ptr_array_index (envs, i);

      if (g_strcmp0 (env->previous_id, dep->id) == 0)
        return env->name;
    }

  return NULL;
}

static void
add_resource (JsonBuilder *b,
              const char  *id,
              const char  *kind,
              const char  *name,
              const char  *model_name,
              const char  *instance_type,
              const char  *environment)
{
  json_builder_set_member_name (b, "billable_resource");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, id);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, kind);
  json_builder_set_member_name (b, "is_deleted");
  json_builder_add_boolean_value (b, FALSE);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, name);
  json_builder_set_member_name (b, "model_name");
  json_builder_add_string_value (b, model_name);
  json_builder_set_member_name (b, "instance_type");
  json_builder_add_string_value (b, instance_type);
  json_builder_set_member_name (b, "environment_name");
  if (environment != NULL)
    json_builder_add_string_value (b, environment);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
}

static void
add_date (JsonBuilder *b,
          gint64       day_s)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (day_s);
  g_autofree char *text = g_date_time_format (dt, "%Y-%m-%d");

  json_builder_set_member_name (b, "date");
  json_builder_add_string_value (b, text);
}

/* The days of the period that billing has closed: [first, last) in s. */
typedef struct
{
  gint64 start_s;   /* the period */
  gint64 end_s;
  gint64 first_day;
  gint64 end_day;   /* exclusive */
} Period;

static void
dedicated_section (IscDemoServer *self,
                   JsonBuilder   *b,
                   const Period  *p,
                   gint64         now_s,
                   gint64        *total)
{
  g_autoptr(GPtrArray) deps = all_deployments (self);
  gint64 section = 0, section_minutes = 0;
  g_autoptr(JsonBuilder) items = json_builder_new ();

  json_builder_begin_array (items);
  for (guint i = 0; i < deps->len; i++)
    {
      const IscDemoDeployment *dep = g_ptr_array_index (deps, i);
      const DemoPrice *price = lookup_price (dep->instance_type_name);
      gboolean strings = i % 2 == 1;
      gint64 subtotal = 0, minutes = 0, requests = 0;
      g_autoptr(JsonBuilder) daily = json_builder_new ();
      g_autoptr(JsonNode) daily_node = NULL;

      if (price == NULL)
        continue;

      json_builder_begin_array (daily);
      for (gint64 day = p->first_day; day < p->end_day; day += DAY_S)
        {
          gint64 from = MAX (day, p->start_s), to = MIN (day + DAY_S, p->end_s);
          DayUsage u = deployment_usage (self, dep, now_s, from, to);
          gint64 cost;

          if (u.minutes == 0 && u.requests == 0)
            continue;

          cost = cents_of (u.minutes * price->price_micros);
          subtotal += cost;
          minutes += u.minutes;
          requests += u.requests;

          json_builder_begin_object (daily);
          add_date (daily, day);
          add_money (daily, "subtotal", cost, strings);
          add_money (daily, "compute_cost", cost, strings);
          add_money (daily, "surcharge_cost", 0, strings);
          json_builder_set_member_name (daily, "minutes");
          json_builder_add_int_value (daily, u.minutes);
          json_builder_set_member_name (daily, "inference_requests");
          json_builder_add_int_value (daily, u.requests);
          json_builder_end_object (daily);
        }
      json_builder_end_array (daily);
      daily_node = json_builder_get_root (daily);

      if (minutes == 0 && requests == 0)
        continue;

      section += subtotal;
      section_minutes += minutes;

      json_builder_begin_object (items);
      add_resource (items, dep->id, "MODEL_DEPLOYMENT", dep->name, model_name_of (self, dep),
                    dep->instance_type_name, environment_of (dep));
      add_money (items, "subtotal", subtotal, strings);
      add_money (items, "compute_cost", subtotal, strings);
      add_money (items, "surcharge_cost", 0, strings);
      json_builder_set_member_name (items, "minutes");
      json_builder_add_int_value (items, minutes);
      json_builder_set_member_name (items, "inference_requests");
      json_builder_add_int_value (items, requests);
      json_builder_set_member_name (items, "daily");
      json_builder_add_value (items, g_steal_pointer (&daily_node));
      json_builder_end_object (items);
    }
  json_builder_end_array (items);

  json_builder_set_member_name (b, "dedicated_usage");
  json_builder_begin_object (b);
  add_money (b, "subtotal", section, TRUE);
  add_money (b, "credits_used", 0, FALSE);
  add_money (b, "total", section, FALSE);
  json_builder_set_member_name (b, "minutes");
  json_builder_add_int_value (b, section_minutes);
  json_builder_set_member_name (b, "breakdown");
  json_builder_add_value (b, json_builder_get_root (items));
  json_builder_end_object (b);

  *total += section;
}

/* One fine-tuning job: three hours on an H100 every ninth day. */
#define TRAINING_MINUTES 180

static void
training_section (IscDemoServer *self,
                  JsonBuilder   *b,
                  const Period  *p)
{
  const DemoPrice *price = lookup_price ("H100:1x26x234");
  g_autoptr(JsonBuilder) daily = json_builder_new ();
  gint64 subtotal = 0, minutes = 0;

  json_builder_begin_array (daily);
  for (gint64 day = p->first_day; day < p->end_day; day += DAY_S)
    {
      gint64 cost;

      /* A whole day of the period only: the job runs 09:00–12:00. */
      if (isc_floor_mod (day / DAY_S + (gint64) self->seed, 9) != 4 ||
          day + 9 * 3600 < p->start_s || day + 12 * 3600 > p->end_s)
        continue;

      cost = cents_of (TRAINING_MINUTES * price->price_micros);
      subtotal += cost;
      minutes += TRAINING_MINUTES;
      json_builder_begin_object (daily);
      add_date (daily, day);
      add_money (daily, "subtotal", cost, TRUE);
      json_builder_set_member_name (daily, "minutes");
      json_builder_add_int_value (daily, TRAINING_MINUTES);
      json_builder_end_object (daily);
    }
  json_builder_end_array (daily);

  json_builder_set_member_name (b, "training_usage");
  if (minutes == 0)
    {
      json_builder_add_null_value (b);
      return;
    }

  json_builder_begin_object (b);
  add_money (b, "subtotal", subtotal, FALSE);
  add_money (b, "credits_used", 0, FALSE);
  add_money (b, "total", subtotal, FALSE);
  json_builder_set_member_name (b, "minutes");
  json_builder_add_int_value (b, minutes);
  json_builder_set_member_name (b, "breakdown");
  json_builder_begin_array (b);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "billable_resource");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, "demo-lora-job");
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, "TRAINING_JOB");
  json_builder_set_member_name (b, "is_deleted");
  json_builder_add_boolean_value (b, FALSE);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, "lora-finetune");
  json_builder_set_member_name (b, "model_name");
  json_builder_add_string_value (b, "demo-lora");
  json_builder_set_member_name (b, "instance_type");
  json_builder_add_string_value (b, price->id);
  json_builder_end_object (b);
  add_money (b, "subtotal", subtotal, FALSE);
  json_builder_set_member_name (b, "minutes");
  json_builder_add_int_value (b, minutes);
  json_builder_set_member_name (b, "daily");
  json_builder_add_value (b, json_builder_get_root (daily));
  json_builder_end_object (b);
  json_builder_end_array (b);
  json_builder_end_object (b);
}

/* Cost of tokens at a price per million, in micro-dollars. */
static gint64
token_cost (gint64      tokens,
            const char *price)
{
  return price != NULL ? (gint64) llround ((double) tokens * g_ascii_strtod (price, NULL)) : 0;
}

static void
model_apis_section (IscDemoServer *self,
                    JsonBuilder   *b,
                    const Period  *p,
                    gint64         now_ms)
{
  g_autoptr(JsonBuilder) items = json_builder_new ();
  gint64 section = 0;

  json_builder_begin_array (items);
  for (guint api = 0; api < G_N_ELEMENTS (model_apis); api++)
    {
      const DemoModelApi *m = &model_apis[api];
      g_autoptr(JsonBuilder) daily = json_builder_new ();
      Tokens all = { 0 };
      gint64 subtotal = 0;

      if (m->added_days_ago < 0)
        continue;

      json_builder_begin_array (daily);
      for (gint64 day = p->first_day; day < p->end_day; day += DAY_S)
        {
          gint64 from = MAX (day, p->start_s) * 1000, to = MIN (day + DAY_S, p->end_s) * 1000;
          Tokens t = { 0 };
          gint64 cost;

          for (guint key = 0; key < G_N_ELEMENTS (api_keys); key++)
            {
              Tokens k;

              sum_tokens (self, api, key, from, to, now_ms, &k);
              t.input += k.input;
              t.cached += k.cached;
              t.output += k.output;
              t.requests += k.requests;
            }
          if (t.requests == 0)
            continue;

          cost = cents_of (token_cost (t.input, m->input_price) + token_cost (t.output, m->output_price));
          subtotal += cost;
          all.input += t.input;
          all.cached += t.cached;
          all.output += t.output;

          json_builder_begin_object (daily);
          add_date (daily, day);
          add_money (daily, "subtotal", cost, api == 0);
          json_builder_set_member_name (daily, "input_tokens");
          json_builder_add_int_value (daily, t.input);
          json_builder_set_member_name (daily, "output_tokens");
          json_builder_add_int_value (daily, t.output);
          json_builder_set_member_name (daily, "cached_input_tokens");
          json_builder_add_int_value (daily, t.cached);
          json_builder_end_object (daily);
        }
      json_builder_end_array (daily);

      if (all.input == 0 && all.output == 0)
        continue;

      section += subtotal;
      json_builder_begin_object (items);
      json_builder_set_member_name (items, "model_name");
      json_builder_add_string_value (items, m->name);
      json_builder_set_member_name (items, "model_family");
      if (m->family != NULL)
        json_builder_add_string_value (items, m->family);
      else
        json_builder_add_null_value (items);
      add_money (items, "subtotal", subtotal, api == 0);
      json_builder_set_member_name (items, "input_tokens");
      json_builder_add_int_value (items, all.input);
      json_builder_set_member_name (items, "output_tokens");
      json_builder_add_int_value (items, all.output);
      json_builder_set_member_name (items, "cached_input_tokens");
      json_builder_add_int_value (items, all.cached);
      json_builder_set_member_name (items, "daily");
      json_builder_add_value (items, json_builder_get_root (daily));
      json_builder_end_object (items);
    }
  json_builder_end_array (items);

  json_builder_set_member_name (b, "model_apis_usage");
  json_builder_begin_object (b);
  add_money (b, "subtotal", section, FALSE);
  add_money (b, "credits_used", 0, TRUE);
  add_money (b, "total", section, TRUE);
  json_builder_set_member_name (b, "breakdown");
  json_builder_add_value (b, json_builder_get_root (items));
  json_builder_end_object (b);
}

static void
reply_usage_summary (IscDemoServer      *self,
                     SoupServerMessage  *msg,
                     const IscDemoFault *fault)
{
  g_autofree char *start_text = NULL;
  g_autofree char *end_text = NULL;
  g_autofree char *repeated = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  gint64 now_ms = _isc_demo_server_now_ms (self);
  gint64 start_ms, end_ms, today_s, total = 0;
  Period p;
  const IscDemoQueryField fields[] = {
    { "start_date", &start_text, NULL },
    { "end_date", &end_text, NULL },
  };

  repeated = _isc_demo_server_parse_query (g_uri_get_query (soup_server_message_get_uri (msg)),
                                           fields, G_N_ELEMENTS (fields));
  if (repeated != NULL || start_text == NULL || end_text == NULL ||
      !parse_date_time (start_text, &start_ms) || !parse_date_time (end_text, &end_ms))
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("start_date and end_date are required ISO 8601 date-times"));
      return;
    }
  if (end_ms <= start_ms)
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("end_date must be after start_date"));
      return;
    }
  if (end_ms - start_ms > MAX_PERIOD_DAYS * DAY_MS)
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("The period may not exceed 31 days"));
      return;
    }
  if (start_ms < EARLIEST_MS)
    {
      _isc_demo_server_reply_invalid (self, msg, fault, _("start_date may not be before 2026-01-01"));
      return;
    }

  /* Billing closes at midnight UTC: days up to yesterday. */
  today_s = now_ms / 1000 - isc_floor_mod (now_ms / 1000, DAY_S);
  p.start_s = start_ms / 1000;
  p.end_s = MIN (end_ms / 1000, today_s);
  p.first_day = p.start_s - isc_floor_mod (p.start_s, DAY_S);
  p.end_day = p.end_s;
  if (p.end_day < p.first_day)
    p.end_day = p.first_day;

  json_builder_begin_object (b);
  dedicated_section (self, b, &p, now_ms / 1000, &total);
  training_section (self, b, &p);
  model_apis_section (self, b, &p, now_ms);
  json_builder_end_object (b);

  node = json_builder_get_root (b);
  _isc_demo_server_reply_json (self, msg, fault, node);
}

/* ------------------------------------------------------------------------
 * Routing and the 403 mode
 * ------------------------------------------------------------------------ */

void
isc_demo_server_set_billing_forbidden (IscDemoServer *self,
                                       gboolean       forbidden)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  g_mutex_lock (&self->lock);
  self->billing_forbidden = !!forbidden;
  g_mutex_unlock (&self->lock);
}

static gboolean
billing_forbidden (IscDemoServer *self)
{
  gboolean forbidden;

  g_mutex_lock (&self->lock);
  forbidden = self->billing_forbidden;
  g_mutex_unlock (&self->lock);

  return forbidden;
}

gboolean
_isc_demo_server_route_billing (IscDemoServer       *self,
                                SoupServerMessage   *msg,
                                const IscDemoFault  *fault,
                                char               **seg,
                                guint                n)
{
  gboolean billing = n == 3 && g_str_equal (seg[1], "billing") && g_str_equal (seg[2], "usage_summary");
  gboolean usage = n == 3 && g_str_equal (seg[1], "model_apis") && g_str_equal (seg[2], "usage");

  if ((billing || usage) && billing_forbidden (self))
    {
      _isc_demo_server_reply_error (self, msg, fault, SOUP_STATUS_FORBIDDEN, "PERMISSION_DENIED",
                                    _("Only workspace admins can view billing and usage"));
      return TRUE;
    }

  if (billing)
    reply_usage_summary (self, msg, fault);
  else if (usage)
    reply_usage (self, msg, fault);
  else if (n == 2 && g_str_equal (seg[1], "instance_type_prices"))
    reply_prices (self, msg, fault);
  else if (n == 2 && g_str_equal (seg[1], "model_apis"))
    reply_model_apis (self, msg, fault);
  else
    return FALSE;

  return TRUE;
}
