/* isc-model-apis.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-model-apis"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "isc-json-doc-private.h"
#include "isc-model-apis.h"

/* The decoders of ModelAPIsResponseV1 and ModelApisUsageResponseV1
 * (baseten-api-reference.md §4), and the usage query.
 *
 * Usage is kept sparse: a bucket's results, each with its group's index,
 * sorted by group, so a page of 1,440 one-minute buckets costs what its
 * results cost and an empty bucket nothing but its times.
 */

G_DEFINE_QUARK (isc-model-apis-error-quark, isc_model_apis_error)

#define MAX_TEXT      256
#define MAX_LONG_TEXT 4096
#define MAX_RATE_LIMITS 64
#define COUNT_MAX     G_GINT64_CONSTANT (1000000000000000)  /* 10^15 */

static IscJsonDoc
doc (void)
{
  IscJsonDoc d = { ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_SYNTAX, ISC_MODEL_APIS_ERROR_INVALID,
                   ISC_MODEL_APIS_ERROR_TOO_MANY };

  return d;
}

/* ------------------------------------------------------------------------
 * The list
 * ------------------------------------------------------------------------ */

typedef struct
{
  IscModelApi     api;
  gatomicrefcount ref_count;
} ModelApiBox;

G_DEFINE_BOXED_TYPE (IscModelApi, isc_model_api, isc_model_api_ref, isc_model_api_unref)

IscModelApi *
isc_model_api_ref (IscModelApi *self)
{
  ModelApiBox *box = (ModelApiBox *) self;

  g_atomic_ref_count_inc (&box->ref_count);
  return self;
}

void
isc_model_api_unref (IscModelApi *self)
{
  ModelApiBox *box = (ModelApiBox *) self;

  if (!g_atomic_ref_count_dec (&box->ref_count))
    return;

  g_free (self->name);
  g_free (self->display_name);
  g_free (self->description);
  g_free (self->model_family);
  g_free (self->release_date);
  g_free (self->invoke_url);
  g_free (self->rate_limits);
  g_free (box);
}

/* tokens × price per million, rounded to the micro-dollar: in 128 bits
 * would be exact, a double is within a micro-dollar below 10^15. */
static IscMoney
per_million (gint64   tokens,
             IscMoney price)
{
  guint64 t = (guint64) MAX (tokens, 0);
  guint64 p = (guint64) MAX (price, 0);
  guint64 whole = t / 1000000, rest = t % 1000000;
  double v = (double) whole * (double) p + (double) rest * (double) p / 1e6;

  return v >= (double) ISC_MONEY_MAX ? ISC_MONEY_MAX : (IscMoney) (v + 0.5);
}

gboolean
isc_model_api_token_cost (const IscModelApi *api,
                          gint64             input_tokens,
                          gint64             output_tokens,
                          IscMoney          *cost)
{
  g_return_val_if_fail (api != NULL, FALSE);
  g_return_val_if_fail (cost != NULL, FALSE);

  *cost = 0;
  if (!api->has_input_price || !api->has_output_price)
    return FALSE;

  *cost = isc_money_add (per_million (input_tokens, api->cost_per_million_input_tokens),
                         per_million (output_tokens, api->cost_per_million_output_tokens));
  return TRUE;
}

/* Reads the next page's cursor: NULL when has_more is false. */
static gboolean
decode_pagination (const IscJsonDoc  *d,
                   JsonObject        *root,
                   char             **next_cursor,
                   GError           **error)
{
  JsonObject *pagination;
  gboolean has_more = FALSE;
  g_autofree char *cursor = NULL;

  if (!_isc_json_doc_object (d, root, NULL, "pagination", ISC_DOC_REQUIRED, &pagination, error) ||
      !_isc_json_doc_bool (d, pagination, "pagination", "has_more", ISC_DOC_REQUIRED, &has_more, error) ||
      !_isc_json_doc_string (d, pagination, "pagination", "cursor", ISC_DOC_NULLABLE, 4096, &cursor, error))
    return FALSE;

  if (has_more && (cursor == NULL || cursor[0] == '\0'))
    {
      _isc_json_doc_fail (d, error, "pagination", "cursor", _("more pages, but no cursor to them"));
      return FALSE;
    }

  if (next_cursor != NULL)
    *next_cursor = has_more ? g_steal_pointer (&cursor) : NULL;
  return TRUE;
}

static gboolean
decode_price (const IscJsonDoc  *d,
              JsonObject        *object,
              const char        *path,
              const char        *member,
              gboolean          *has,
              IscMoney          *out,
              GError           **error)
{
  if (!_isc_json_doc_money (d, object, path, member, ISC_DOC_REQUIRED | ISC_DOC_NULLABLE, out, has, error))
    return FALSE;

  if (*has && *out < 0)
    {
      _isc_json_doc_fail (d, error, path, member, _("a price cannot be negative"));
      return FALSE;
    }

  return TRUE;
}

static IscModelApi *
decode_model_api (const IscJsonDoc  *d,
                  JsonObject        *object,
                  const char        *path,
                  GError           **error)
{
  ModelApiBox *box = g_new0 (ModelApiBox, 1);
  g_autoptr(IscModelApi) api = &box->api;
  JsonArray *limits;
  JsonObject *org = NULL;
  guint n;

  g_atomic_ref_count_init (&box->ref_count);
  api->added_at_ms = -1;
  api->last_used_at_ms = -1;

  if (!_isc_json_doc_string (d, object, path, "name", ISC_DOC_REQUIRED, MAX_TEXT, &api->name, error) ||
      !_isc_json_doc_string (d, object, path, "display_name", ISC_DOC_REQUIRED, MAX_TEXT, &api->display_name, error) ||
      !_isc_json_doc_string (d, object, path, "description", ISC_DOC_REQUIRED, MAX_LONG_TEXT, &api->description, error) ||
      !_isc_json_doc_string (d, object, path, "model_family", ISC_DOC_NULLABLE, MAX_TEXT, &api->model_family, error) ||
      !_isc_json_doc_string (d, object, path, "release_date", ISC_DOC_REQUIRED, 32, &api->release_date, error) ||
      !_isc_json_doc_string (d, object, path, "invoke_url", ISC_DOC_REQUIRED, 2048, &api->invoke_url, error) ||
      !_isc_json_doc_int (d, object, path, "context_length", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                          &api->context_length, NULL, error) ||
      !decode_price (d, object, path, "cost_per_million_input_tokens",
                     &api->has_input_price, &api->cost_per_million_input_tokens, error) ||
      !decode_price (d, object, path, "cost_per_million_output_tokens",
                     &api->has_output_price, &api->cost_per_million_output_tokens, error) ||
      !_isc_json_doc_array (d, object, path, "rate_limits", ISC_DOC_REQUIRED, &limits, error) ||
      !_isc_json_doc_object (d, object, path, "org_details", ISC_DOC_NULLABLE, &org, error))
    return NULL;

  n = json_array_get_length (limits);
  if (n > MAX_RATE_LIMITS)
    {
      g_set_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_TOO_MANY,
                   _("%s.rate_limits: %u limits, more than %u"), path, n, (guint) MAX_RATE_LIMITS);
      return NULL;
    }

  api->rate_limits = g_new0 (IscRateLimit, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *lp = _isc_json_doc_path (path, "rate_limits", -1);
      g_autofree char *p = _isc_json_doc_path (lp, NULL, (int) i);
      JsonObject *row = _isc_json_doc_element (d, limits, i, p, error);
      g_autofree char *type = NULL;
      g_autofree char *unit = NULL;
      IscRateLimit *limit = &api->rate_limits[i];

      if (row == NULL ||
          !_isc_json_doc_string (d, row, p, "type", ISC_DOC_REQUIRED, 64, &type, error) ||
          !_isc_json_doc_string (d, row, p, "unit", ISC_DOC_REQUIRED, 64, &unit, error) ||
          !_isc_json_doc_int (d, row, p, "threshold", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                              &limit->threshold, NULL, error))
        return NULL;

      if (g_strcmp0 (type, "REQUEST") == 0)
        limit->type = ISC_RATE_LIMIT_REQUEST;
      else if (g_strcmp0 (type, "TOKEN") == 0)
        limit->type = ISC_RATE_LIMIT_TOKEN;
      limit->per_minute = g_strcmp0 (unit, "MINUTE") == 0;
      api->n_rate_limits = i + 1;
    }

  if (org != NULL)
    {
      g_autofree char *op = _isc_json_doc_path (path, "org_details", -1);

      api->added = TRUE;
      if (!_isc_json_doc_date_time (d, org, op, "added_at", ISC_DOC_REQUIRED, &api->added_at_ms, NULL, error) ||
          !_isc_json_doc_date_time (d, org, op, "last_used_at", ISC_DOC_NULLABLE, &api->last_used_at_ms, NULL, error))
        return NULL;
    }

  return g_steal_pointer (&api);
}

GPtrArray *
isc_model_apis_decode_page (const char  *data,
                            gsize        length,
                            char       **next_cursor,
                            GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GPtrArray) apis = NULL;
  IscJsonDoc d = doc ();
  JsonObject *root;
  JsonArray *items;
  guint n;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (next_cursor != NULL)
    *next_cursor = NULL;

  root = _isc_json_doc_parse (&d, data, length, &parser, error);
  if (root == NULL ||
      !_isc_json_doc_array (&d, root, NULL, "items", ISC_DOC_REQUIRED, &items, error))
    return NULL;

  n = json_array_get_length (items);
  if (n > ISC_MODEL_APIS_MAX_PAGE)
    {
      g_set_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_TOO_MANY,
                   _("items: %u Model APIs on one page, more than %u"), n, (guint) ISC_MODEL_APIS_MAX_PAGE);
      return NULL;
    }

  apis = g_ptr_array_new_full (n, (GDestroyNotify) isc_model_api_unref);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = _isc_json_doc_path ("items", NULL, (int) i);
      JsonObject *row = _isc_json_doc_element (&d, items, i, p, error);
      IscModelApi *api;

      if (row == NULL)
        return NULL;
      api = decode_model_api (&d, row, p, error);
      if (api == NULL)
        return NULL;
      g_ptr_array_add (apis, api);
    }

  if (!decode_pagination (&d, root, next_cursor, error))
    return NULL;

  return g_steal_pointer (&apis);
}

/* ------------------------------------------------------------------------
 * The usage query
 * ------------------------------------------------------------------------ */

const char *
isc_usage_width_to_api (IscUsageWidth width)
{
  switch (width)
    {
    case ISC_USAGE_WIDTH_MINUTE:
      return "1m";
    case ISC_USAGE_WIDTH_HOUR:
      return "1h";
    case ISC_USAGE_WIDTH_DAY:
    default:
      return "1d";
    }
}

gint64
isc_usage_width_ms (IscUsageWidth width)
{
  switch (width)
    {
    case ISC_USAGE_WIDTH_MINUTE:
      return 60 * 1000;
    case ISC_USAGE_WIDTH_HOUR:
      return 3600 * 1000;
    case ISC_USAGE_WIDTH_DAY:
    default:
      return 86400 * 1000;
    }
}

guint
isc_usage_width_max_limit (IscUsageWidth width)
{
  switch (width)
    {
    case ISC_USAGE_WIDTH_MINUTE:
      return 1440;
    case ISC_USAGE_WIDTH_HOUR:
      return 168;
    case ISC_USAGE_WIDTH_DAY:
    default:
      return 31;
    }
}

IscUsageWidth
isc_usage_width_for_range (gint64 start_ms,
                           gint64 end_ms)
{
  gint64 span = end_ms - start_ms;

  if (span <= isc_usage_width_ms (ISC_USAGE_WIDTH_DAY))
    return ISC_USAGE_WIDTH_MINUTE;
  if (span <= 7 * isc_usage_width_ms (ISC_USAGE_WIDTH_DAY))
    return ISC_USAGE_WIDTH_HOUR;
  return ISC_USAGE_WIDTH_DAY;
}

IscUsageQuery *
isc_usage_query_new (gint64         start_ms,
                     gint64         end_ms,
                     IscUsageGroup  group_by,
                     const char    *model)
{
  IscUsageQuery *query = g_new0 (IscUsageQuery, 1);

  query->start_ms = start_ms;
  query->end_ms = end_ms;
  query->width = isc_usage_width_for_range (start_ms, end_ms);
  query->group_by = group_by;
  query->model = g_strdup (model);

  return query;
}

IscUsageQuery *
isc_usage_query_copy (const IscUsageQuery *query)
{
  IscUsageQuery *copy;

  g_return_val_if_fail (query != NULL, NULL);

  copy = g_memdup2 (query, sizeof *query);
  copy->model = g_strdup (query->model);
  return copy;
}

void
isc_usage_query_free (IscUsageQuery *query)
{
  if (query == NULL)
    return;

  g_free (query->model);
  g_free (query);
}

static gint64
snap_down (gint64 ms,
           gint64 width_ms)
{
  gint64 r = ms % width_ms;

  return r < 0 ? ms - r - width_ms : ms - r;
}

guint
isc_usage_query_n_buckets (const IscUsageQuery *query)
{
  gint64 width_ms;
  gint64 start;
  gint64 n;

  g_return_val_if_fail (query != NULL, 0);

  if (query->end_ms <= query->start_ms)
    return 0;

  width_ms = isc_usage_width_ms (query->width);
  start = snap_down (query->start_ms, width_ms);
  n = (query->end_ms - start + width_ms - 1) / width_ms;

  return (guint) MIN (n, (gint64) G_MAXUINT);
}

gboolean
isc_usage_query_validate (const IscUsageQuery *query,
                          gint64               now_ms,
                          GError             **error)
{
  g_return_val_if_fail (query != NULL, FALSE);

  if (query->end_ms <= query->start_ms)
    {
      g_set_error_literal (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_RANGE,
                           _("The range is empty."));
      return FALSE;
    }

  if (query->start_ms < now_ms - (gint64) ISC_MODEL_APIS_RETENTION_DAYS * 86400 * 1000)
    {
      g_set_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_RANGE,
                   _("Baseten keeps Model API usage for %d days; the range starts earlier."),
                   ISC_MODEL_APIS_RETENTION_DAYS);
      return FALSE;
    }

  if (query->end_ms > now_ms + isc_usage_width_ms (query->width))
    {
      g_set_error_literal (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_RANGE,
                           _("The range ends in the future."));
      return FALSE;
    }

  if (isc_usage_query_n_buckets (query) > ISC_MODEL_APIS_MAX_BUCKETS)
    {
      g_set_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_RANGE,
                   _("The range holds %u buckets of %s, more than %u."),
                   isc_usage_query_n_buckets (query), isc_usage_width_to_api (query->width),
                   (guint) ISC_MODEL_APIS_MAX_BUCKETS);
      return FALSE;
    }

  return TRUE;
}

static void
append_date_time (GString    *out,
                  const char *key,
                  gint64      ms)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (ms / 1000);
  g_autofree char *text = NULL;

  if (dt == NULL)
    return;

  text = g_date_time_format (dt, "%Y-%m-%dT%H:%M:%SZ");
  if (out->len > 0)
    g_string_append_c (out, '&');
  g_string_append_printf (out, "%s=", key);
  g_string_append_uri_escaped (out, text, NULL, FALSE);
}

char *
isc_usage_query_build_params (const IscUsageQuery *query,
                              const char          *cursor)
{
  GString *out = g_string_new (NULL);
  guint limit;

  g_return_val_if_fail (query != NULL, NULL);

  if (cursor == NULL)
    append_date_time (out, "start_time", query->start_ms);
  append_date_time (out, "end_time", query->end_ms);
  g_string_append_printf (out, "&bucket_width=%s", isc_usage_width_to_api (query->width));

  if (query->group_by & ISC_USAGE_GROUP_MODEL)
    g_string_append (out, "&group_by=model");
  if (query->group_by & ISC_USAGE_GROUP_API_KEY)
    g_string_append (out, "&group_by=api_key");

  if (query->model != NULL)
    {
      g_string_append (out, "&models=");
      g_string_append_uri_escaped (out, query->model, NULL, FALSE);
    }

  limit = CLAMP (isc_usage_query_n_buckets (query), 1, isc_usage_width_max_limit (query->width));
  g_string_append_printf (out, "&limit=%u", limit);

  if (cursor != NULL)
    {
      g_string_append (out, "&cursor=");
      g_string_append_uri_escaped (out, cursor, NULL, FALSE);
    }

  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------
 * Usage
 * ------------------------------------------------------------------------ */

typedef struct
{
  char   *model;      /* NULL when not grouped by it */
  char   *api_key;
  char   *label;
  gint64  totals[ISC_USAGE_N_FIELDS];
} Group;

typedef struct
{
  guint  group;
  gint64 values[ISC_USAGE_N_FIELDS];
} Result;

typedef struct
{
  gint64 start_ms;
  gint64 end_ms;
  guint  first;      /* into results */
  guint  n;
} Bucket;

struct _IscModelApiUsage
{
  gatomicrefcount ref_count;
  IscUsageWidth   width;
  GArray         *buckets;   /* Bucket */
  GArray         *results;   /* Result, by bucket, then by group */
  GPtrArray      *groups;    /* Group */
};

G_DEFINE_BOXED_TYPE (IscModelApiUsage, isc_model_api_usage,
                     isc_model_api_usage_ref, isc_model_api_usage_unref)

static void
group_free (Group *group)
{
  g_free (group->model);
  g_free (group->api_key);
  g_free (group->label);
  g_free (group);
}

/* Gathers buckets and results with groups by name, then sorts the
 * groups and numbers them. */
typedef struct
{
  IscUsageWidth  width;
  GArray        *buckets;
  GArray        *results;     /* Result, group = index into groups as met */
  GPtrArray     *groups;      /* Group */
  GHashTable    *group_index; /* "model\x1fkey" → index + 1 */
} Builder;

static void
builder_init (Builder       *b,
              IscUsageWidth  width)
{
  b->width = width;
  b->buckets = g_array_new (FALSE, FALSE, sizeof (Bucket));
  b->results = g_array_new (FALSE, FALSE, sizeof (Result));
  b->groups = g_ptr_array_new_with_free_func ((GDestroyNotify) group_free);
  b->group_index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static void
builder_clear (Builder *b)
{
  g_clear_pointer (&b->buckets, g_array_unref);
  g_clear_pointer (&b->results, g_array_unref);
  g_clear_pointer (&b->groups, g_ptr_array_unref);
  g_clear_pointer (&b->group_index, g_hash_table_unref);
}

static guint
builder_group (Builder    *b,
               const char *model,
               const char *api_key)
{
  g_autofree char *key = g_strdup_printf ("%c%s\x1f%c%s",
                                          model ? '+' : '-', model ? model : "",
                                          api_key ? '+' : '-', api_key ? api_key : "");
  gpointer found = g_hash_table_lookup (b->group_index, key);
  Group *group;

  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;

  group = g_new0 (Group, 1);
  group->model = g_strdup (model);
  group->api_key = g_strdup (api_key);
  if (model != NULL && api_key != NULL)
    group->label = g_strdup_printf ("%s · %s", model, api_key);
  else if (model != NULL)
    group->label = g_strdup (model);
  else if (api_key != NULL)
    group->label = g_strdup (api_key);
  else
    group->label = g_strdup (_("All"));

  g_ptr_array_add (b->groups, group);
  g_hash_table_insert (b->group_index, g_steal_pointer (&key), GUINT_TO_POINTER (b->groups->len));

  return b->groups->len - 1;
}

static int
compare_groups (gconstpointer a,
                gconstpointer b)
{
  const Group *ga = *(const Group * const *) a;
  const Group *gb = *(const Group * const *) b;
  gint64 ta = ga->totals[ISC_USAGE_FIELD_INPUT] + ga->totals[ISC_USAGE_FIELD_OUTPUT];
  gint64 tb = gb->totals[ISC_USAGE_FIELD_INPUT] + gb->totals[ISC_USAGE_FIELD_OUTPUT];

  if (ta != tb)
    return ta > tb ? -1 : 1;

  return g_strcmp0 (ga->label, gb->label);
}

static int
compare_results (gconstpointer a,
                 gconstpointer b)
{
  const Result *ra = a;
  const Result *rb = b;

  return (ra->group > rb->group) - (ra->group < rb->group);
}

/* Results of one bucket that name the same group are summed. */
static IscModelApiUsage *
builder_finish (Builder *b)
{
  IscModelApiUsage *self = g_new0 (IscModelApiUsage, 1);
  g_autofree guint *order = g_new (guint, MAX (b->groups->len, 1));
  g_autoptr(GPtrArray) sorted = NULL;

  g_atomic_ref_count_init (&self->ref_count);
  self->width = b->width;

  for (guint i = 0; i < b->results->len; i++)
    {
      Result *r = &g_array_index (b->results, Result, i);
      Group *group = g_ptr_array_index (b->groups, r->group);

      for (guint f = 0; f < ISC_USAGE_N_FIELDS; f++)
        group->totals[f] = CLAMP (group->totals[f] + r->values[f], 0, G_MAXINT64 / 4);
    }

  /* Sort the groups; order[old] = new. */
  sorted = g_ptr_array_copy (b->groups, NULL, NULL);
  g_ptr_array_sort (sorted, compare_groups);
  for (guint n = 0; n < sorted->len; n++)
    for (guint o = 0; o < b->groups->len; o++)
      if (g_ptr_array_index (b->groups, o) == g_ptr_array_index (sorted, n))
        {
          order[o] = n;
          break;
        }

  g_ptr_array_set_free_func (b->groups, NULL);
  g_ptr_array_set_free_func (sorted, (GDestroyNotify) group_free);
  self->groups = g_steal_pointer (&sorted);

  for (guint i = 0; i < b->results->len; i++)
    {
      Result *r = &g_array_index (b->results, Result, i);

      r->group = order[r->group];
    }

  self->buckets = g_steal_pointer (&b->buckets);
  self->results = g_array_new (FALSE, FALSE, sizeof (Result));

  for (guint k = 0; k < self->buckets->len; k++)
    {
      Bucket *bucket = &g_array_index (self->buckets, Bucket, k);
      Result *first;
      guint n = bucket->n;
      guint old_first = bucket->first;

      bucket->first = self->results->len;
      bucket->n = 0;
      if (n == 0)
        continue;

      first = &g_array_index (b->results, Result, 0) + old_first;
      qsort (first, n, sizeof (Result), compare_results);
      for (guint i = 0; i < n; i++)
        {
          if (bucket->n > 0 &&
              g_array_index (self->results, Result, self->results->len - 1).group == first[i].group)
            {
              Result *last = &g_array_index (self->results, Result, self->results->len - 1);

              for (guint f = 0; f < ISC_USAGE_N_FIELDS; f++)
                last->values[f] += first[i].values[f];
              continue;
            }
          g_array_append_val (self->results, first[i]);
          bucket->n++;
        }
    }

  builder_clear (b);
  return self;
}

static gboolean
decode_result (const IscJsonDoc  *d,
               JsonObject        *object,
               const char        *path,
               Builder           *b,
               GError           **error)
{
  g_autofree char *model = NULL;
  g_autofree char *api_key = NULL;
  Result r = { 0 };

  if (!_isc_json_doc_string (d, object, path, "model", ISC_DOC_NULLABLE, MAX_TEXT, &model, error) ||
      !_isc_json_doc_string (d, object, path, "api_key_prefix", ISC_DOC_NULLABLE, MAX_TEXT, &api_key, error) ||
      !_isc_json_doc_int (d, object, path, "input_tokens", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                          &r.values[ISC_USAGE_FIELD_INPUT], NULL, error) ||
      !_isc_json_doc_int (d, object, path, "cached_input_tokens", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                          &r.values[ISC_USAGE_FIELD_CACHED_INPUT], NULL, error) ||
      !_isc_json_doc_int (d, object, path, "uncached_input_tokens", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                          &r.values[ISC_USAGE_FIELD_UNCACHED_INPUT], NULL, error) ||
      !_isc_json_doc_int (d, object, path, "output_tokens", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                          &r.values[ISC_USAGE_FIELD_OUTPUT], NULL, error) ||
      !_isc_json_doc_int (d, object, path, "request_count", ISC_DOC_REQUIRED, 0, COUNT_MAX,
                          &r.values[ISC_USAGE_FIELD_REQUESTS], NULL, error))
    return FALSE;

  r.group = builder_group (b, model, api_key);
  g_array_append_val (b->results, r);
  return TRUE;
}

IscModelApiUsage *
isc_model_api_usage_decode_page (const char     *data,
                                 gsize           length,
                                 IscUsageWidth   width,
                                 char          **next_cursor,
                                 GError        **error)
{
  g_autoptr(JsonParser) parser = NULL;
  IscJsonDoc d = doc ();
  JsonObject *root;
  JsonArray *items;
  gint64 width_ms = isc_usage_width_ms (width);
  guint n;
  Builder b;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (next_cursor != NULL)
    *next_cursor = NULL;

  root = _isc_json_doc_parse (&d, data, length, &parser, error);
  if (root == NULL ||
      !_isc_json_doc_array (&d, root, NULL, "items", ISC_DOC_REQUIRED, &items, error))
    return NULL;

  n = json_array_get_length (items);
  if (n > isc_usage_width_max_limit (width))
    {
      g_set_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_TOO_MANY,
                   _("items: %u buckets of %s on one page, more than the %u a page holds"),
                   n, isc_usage_width_to_api (width), isc_usage_width_max_limit (width));
      return NULL;
    }

  builder_init (&b, width);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *p = _isc_json_doc_path ("items", NULL, (int) i);
      JsonObject *row = _isc_json_doc_element (&d, items, i, p, error);
      JsonArray *results = NULL;
      Bucket bucket = { 0 };
      guint n_results;

      if (row == NULL ||
          !_isc_json_doc_date_time (&d, row, p, "start_time", ISC_DOC_REQUIRED, &bucket.start_ms, NULL, error) ||
          !_isc_json_doc_date_time (&d, row, p, "end_time", ISC_DOC_REQUIRED, &bucket.end_ms, NULL, error) ||
          !_isc_json_doc_array (&d, row, p, "results", ISC_DOC_NULLABLE, &results, error))
        goto fail;

      if (bucket.end_ms - bucket.start_ms != width_ms)
        {
          _isc_json_doc_fail (&d, error, p, NULL, _("the bucket is not %s long"),
                              isc_usage_width_to_api (width));
          goto fail;
        }

      if (b.buckets->len > 0 &&
          g_array_index (b.buckets, Bucket, b.buckets->len - 1).end_ms != bucket.start_ms)
        {
          _isc_json_doc_fail (&d, error, p, "start_time",
                              _("the bucket does not start where the one before ends"));
          goto fail;
        }

      n_results = results != NULL ? json_array_get_length (results) : 0;
      if (n_results > ISC_MODEL_APIS_MAX_RESULTS)
        {
          g_set_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_TOO_MANY,
                       _("%s.results: %u results, more than %u"), p, n_results,
                       (guint) ISC_MODEL_APIS_MAX_RESULTS);
          goto fail;
        }

      bucket.first = b.results->len;
      for (guint j = 0; j < n_results; j++)
        {
          g_autofree char *rp0 = _isc_json_doc_path (p, "results", -1);
          g_autofree char *rp = _isc_json_doc_path (rp0, NULL, (int) j);
          JsonObject *result = _isc_json_doc_element (&d, results, j, rp, error);

          if (result == NULL || !decode_result (&d, result, rp, &b, error))
            goto fail;
        }
      bucket.n = b.results->len - bucket.first;
      g_array_append_val (b.buckets, bucket);
    }

  if (!decode_pagination (&d, root, next_cursor, error))
    goto fail;

  return builder_finish (&b);

fail:
  builder_clear (&b);
  return NULL;
}

static void
builder_add_usage (Builder                *b,
                   const IscModelApiUsage *usage)
{
  for (guint k = 0; k < usage->buckets->len; k++)
    {
      const Bucket *src = &g_array_index (usage->buckets, Bucket, k);
      Bucket bucket = *src;

      bucket.first = b->results->len;
      for (guint i = 0; i < src->n; i++)
        {
          Result r = g_array_index (usage->results, Result, src->first + i);
          const Group *group = g_ptr_array_index (usage->groups, r.group);

          r.group = builder_group (b, group->model, group->api_key);
          g_array_append_val (b->results, r);
        }
      g_array_append_val (b->buckets, bucket);
    }
}

IscModelApiUsage *
isc_model_api_usage_concat (const IscModelApiUsage  *a,
                            const IscModelApiUsage  *b,
                            GError                 **error)
{
  Builder builder;

  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (b != NULL, NULL);

  if (a->width != b->width)
    {
      g_set_error_literal (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_INVALID,
                           _("A page of usage came with buckets of another width."));
      return NULL;
    }

  if (a->buckets->len > 0 && b->buckets->len > 0 &&
      g_array_index (a->buckets, Bucket, a->buckets->len - 1).end_ms !=
      g_array_index (b->buckets, Bucket, 0).start_ms)
    {
      g_set_error_literal (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_INVALID,
                           _("A page of usage does not start where the one before ends."));
      return NULL;
    }

  if ((guint64) a->buckets->len + b->buckets->len > ISC_MODEL_APIS_MAX_BUCKETS)
    {
      g_set_error (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_TOO_MANY,
                   _("More than %u buckets of usage."), (guint) ISC_MODEL_APIS_MAX_BUCKETS);
      return NULL;
    }

  builder_init (&builder, a->width);
  builder_add_usage (&builder, a);
  builder_add_usage (&builder, b);

  return builder_finish (&builder);
}

IscModelApiUsage *
isc_model_api_usage_ref (IscModelApiUsage *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
isc_model_api_usage_unref (IscModelApiUsage *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  g_array_unref (self->buckets);
  g_array_unref (self->results);
  g_ptr_array_unref (self->groups);
  g_free (self);
}

IscUsageWidth
isc_model_api_usage_get_width (const IscModelApiUsage *self)
{
  return self->width;
}

guint
isc_model_api_usage_get_n_buckets (const IscModelApiUsage *self)
{
  return self->buckets->len;
}

gint64
isc_model_api_usage_get_start_ms (const IscModelApiUsage *self,
                                  guint                   bucket)
{
  g_return_val_if_fail (bucket < self->buckets->len, 0);

  return g_array_index (self->buckets, Bucket, bucket).start_ms;
}

gint64
isc_model_api_usage_get_end_ms (const IscModelApiUsage *self,
                                guint                   bucket)
{
  g_return_val_if_fail (bucket < self->buckets->len, 0);

  return g_array_index (self->buckets, Bucket, bucket).end_ms;
}

guint
isc_model_api_usage_get_n_groups (const IscModelApiUsage *self)
{
  return self->groups->len;
}

const char *
isc_model_api_usage_get_group_model (const IscModelApiUsage *self,
                                     guint                   group)
{
  g_return_val_if_fail (group < self->groups->len, NULL);

  return ((Group *) g_ptr_array_index (self->groups, group))->model;
}

const char *
isc_model_api_usage_get_group_api_key (const IscModelApiUsage *self,
                                       guint                   group)
{
  g_return_val_if_fail (group < self->groups->len, NULL);

  return ((Group *) g_ptr_array_index (self->groups, group))->api_key;
}

const char *
isc_model_api_usage_get_group_label (const IscModelApiUsage *self,
                                     guint                   group)
{
  g_return_val_if_fail (group < self->groups->len, NULL);

  return ((Group *) g_ptr_array_index (self->groups, group))->label;
}

gint64
isc_model_api_usage_get_value (const IscModelApiUsage *self,
                               guint                   bucket,
                               guint                   group,
                               IscUsageField           field)
{
  const Bucket *b;
  guint lo, hi;

  g_return_val_if_fail (bucket < self->buckets->len, 0);
  g_return_val_if_fail (field < ISC_USAGE_N_FIELDS, 0);

  b = &g_array_index (self->buckets, Bucket, bucket);
  lo = b->first;
  hi = b->first + b->n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const Result *r = &g_array_index (self->results, Result, mid);

      if (r->group == group)
        return r->values[field];
      if (r->group < group)
        lo = mid + 1;
      else
        hi = mid;
    }

  return 0;
}

gint64
isc_model_api_usage_get_total (const IscModelApiUsage *self,
                               guint                   group,
                               IscUsageField           field)
{
  gint64 total = 0;

  g_return_val_if_fail (field < ISC_USAGE_N_FIELDS, 0);

  if (group != G_MAXUINT)
    {
      g_return_val_if_fail (group < self->groups->len, 0);
      return ((Group *) g_ptr_array_index (self->groups, group))->totals[field];
    }

  /* Saturating: a hostile document's counts stay counts. */
  for (guint g = 0; g < self->groups->len; g++)
    {
      gint64 v = ((Group *) g_ptr_array_index (self->groups, g))->totals[field];

      total = v > G_MAXINT64 - total ? G_MAXINT64 : total + v;
    }

  return total;
}
