/* isc-model-apis.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-model-apis"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-model-apis.h"

/* STUB: the declarations for cost-ui; the decoders follow. */

G_DEFINE_QUARK (isc-model-apis-error-quark, isc_model_apis_error)

struct _IscModelApiUsage
{
  gatomicrefcount ref_count;
  IscUsageWidth   width;
};

G_DEFINE_BOXED_TYPE (IscModelApi, isc_model_api, isc_model_api_ref, isc_model_api_unref)
G_DEFINE_BOXED_TYPE (IscModelApiUsage, isc_model_api_usage,
                     isc_model_api_usage_ref, isc_model_api_usage_unref)

IscModelApi *
isc_model_api_ref (IscModelApi *self)
{
  return self;
}

void
isc_model_api_unref (IscModelApi *self)
{
}

GPtrArray *
isc_model_apis_decode_page (const char  *data,
                            gsize        length,
                            char       **next_cursor,
                            GError     **error)
{
  g_set_error_literal (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_INVALID, "not implemented yet");
  return NULL;
}

const char *
isc_usage_width_to_api (IscUsageWidth width)
{
  return "1d";
}

gint64
isc_usage_width_ms (IscUsageWidth width)
{
  return 86400000;
}

guint
isc_usage_width_max_limit (IscUsageWidth width)
{
  return 31;
}

IscUsageWidth
isc_usage_width_for_range (gint64 start_ms,
                           gint64 end_ms)
{
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
  IscUsageQuery *copy = g_memdup2 (query, sizeof *query);

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

gboolean
isc_usage_query_validate (const IscUsageQuery *query,
                          gint64               now_ms,
                          GError             **error)
{
  return TRUE;
}

guint
isc_usage_query_n_buckets (const IscUsageQuery *query)
{
  return 0;
}

char *
isc_usage_query_build_params (const IscUsageQuery *query,
                              const char          *cursor)
{
  return g_strdup ("");
}

IscModelApiUsage *
isc_model_api_usage_decode_page (const char     *data,
                                 gsize           length,
                                 IscUsageWidth   width,
                                 char          **next_cursor,
                                 GError        **error)
{
  g_set_error_literal (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_INVALID, "not implemented yet");
  return NULL;
}

IscModelApiUsage *
isc_model_api_usage_concat (const IscModelApiUsage  *a,
                            const IscModelApiUsage  *b,
                            GError                 **error)
{
  g_set_error_literal (error, ISC_MODEL_APIS_ERROR, ISC_MODEL_APIS_ERROR_INVALID, "not implemented yet");
  return NULL;
}

IscModelApiUsage *
isc_model_api_usage_ref (IscModelApiUsage *self)
{
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
isc_model_api_usage_unref (IscModelApiUsage *self)
{
  if (g_atomic_ref_count_dec (&self->ref_count))
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
  return 0;
}

gint64
isc_model_api_usage_get_start_ms (const IscModelApiUsage *self,
                                  guint                   bucket)
{
  return 0;
}

gint64
isc_model_api_usage_get_end_ms (const IscModelApiUsage *self,
                                guint                   bucket)
{
  return 0;
}

guint
isc_model_api_usage_get_n_groups (const IscModelApiUsage *self)
{
  return 0;
}

const char *
isc_model_api_usage_get_group_model (const IscModelApiUsage *self,
                                     guint                   group)
{
  return NULL;
}

const char *
isc_model_api_usage_get_group_api_key (const IscModelApiUsage *self,
                                       guint                   group)
{
  return NULL;
}

const char *
isc_model_api_usage_get_group_label (const IscModelApiUsage *self,
                                     guint                   group)
{
  return NULL;
}

gint64
isc_model_api_usage_get_value (const IscModelApiUsage *self,
                               guint                   bucket,
                               guint                   group,
                               IscUsageField           field)
{
  return 0;
}

gint64
isc_model_api_usage_get_total (const IscModelApiUsage *self,
                               guint                   group,
                               IscUsageField           field)
{
  return 0;
}
