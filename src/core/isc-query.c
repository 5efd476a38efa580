/* isc-query.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-query"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-query.h"

G_DEFINE_QUARK (isc-query-error-quark, isc_query_error)

G_DEFINE_BOXED_TYPE (IscQuery, isc_query, isc_query_copy, isc_query_free)

IscQuery *
isc_query_new (const char          *model_id,
               IscTargetKind        target_kind,
               const char          *target,
               IscMode              mode,
               const IscTimeRange  *range,
               const char * const  *metrics)
{
  IscQuery *query = g_new0 (IscQuery, 1);

  query->model_id = g_strdup (model_id);
  query->target_kind = target_kind;
  query->target = g_strdup (target);
  query->mode = mode;
  query->range = range != NULL ? isc_time_range_copy (range) : NULL;
  query->metrics = metrics != NULL && metrics[0] != NULL ? g_strdupv ((char **) metrics) : NULL;

  return query;
}

IscQuery *
isc_query_copy (const IscQuery *query)
{
  g_return_val_if_fail (query != NULL, NULL);

  return isc_query_new (query->model_id, query->target_kind, query->target,
                        query->mode, query->range,
                        (const char * const *) query->metrics);
}

void
isc_query_free (IscQuery *query)
{
  if (query == NULL)
    return;

  g_free (query->model_id);
  g_free (query->target);
  g_clear_pointer (&query->range, isc_time_range_free);
  g_strfreev (query->metrics);
  g_free (query);
}

static gboolean
metrics_equal (char **a,
               char **b)
{
  guint na = a != NULL ? g_strv_length (a) : 0;
  guint nb = b != NULL ? g_strv_length (b) : 0;

  if (na != nb)
    return FALSE;

  for (guint i = 0; i < na; i++)
    {
      if (strcmp (a[i], b[i]) != 0)
        return FALSE;
    }

  return TRUE;
}

gboolean
isc_query_equal (const IscQuery *a,
                 const IscQuery *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;

  return g_strcmp0 (a->model_id, b->model_id) == 0 &&
         a->target_kind == b->target_kind &&
         g_strcmp0 (a->target, b->target) == 0 &&
         a->mode == b->mode &&
         isc_time_range_equal (a->range, b->range) &&
         metrics_equal (a->metrics, b->metrics);
}

guint
isc_query_hash (const IscQuery *query)
{
  g_autofree char *key = NULL;

  if (query == NULL)
    return 0;

  key = isc_query_to_key (query);
  return g_str_hash (key);
}

static const char *
target_kind_noun (IscTargetKind kind)
{
  return kind == ISC_TARGET_ENVIRONMENT ? _("environment") : _("deployment");
}

gboolean
isc_query_validate (const IscQuery  *query,
                    gint64           now_ms,
                    GError         **error)
{
  gint64 start_ms = 0;
  gint64 end_ms = 0;

  g_return_val_if_fail (query != NULL, FALSE);

  if (query->model_id == NULL || query->model_id[0] == '\0')
    {
      g_set_error_literal (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_TARGET,
                           _("No model was chosen. Choose a model first."));
      return FALSE;
    }

  if (query->target == NULL || query->target[0] == '\0')
    {
      g_set_error (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_TARGET,
                   /* TRANSLATORS: %s is "deployment" or "environment" */
                   _("No %s was chosen. Choose one of the model’s first."),
                   target_kind_noun (query->target_kind));
      return FALSE;
    }

  for (guint i = 0; query->metrics != NULL && query->metrics[i] != NULL; i++)
    {
      if (query->metrics[i][0] == '\0')
        {
          g_set_error_literal (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_INVALID_METRIC,
                               _("A metric name is empty. Remove it or name a metric."));
          return FALSE;
        }
    }

  if (query->range == NULL)
    return TRUE;

  if (query->mode == ISC_MODE_CURRENT)
    {
      g_set_error_literal (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_IN_CURRENT,
                           _("Current values are a snapshot of now and take no time range. "
                             "Choose Summary or Series to look at a time range."));
      return FALSE;
    }

  isc_time_range_resolve (query->range, now_ms, &start_ms, &end_ms);

  if (start_ms >= end_ms)
    {
      g_set_error_literal (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_ORDER,
                           _("The time range ends before it starts. Choose a start before the end."));
      return FALSE;
    }

  if (end_ms - start_ms > ISC_TIME_RANGE_MAX_MS)
    {
      g_set_error_literal (error, ISC_QUERY_ERROR, ISC_QUERY_ERROR_RANGE_TOO_LONG,
                           _("The time range is longer than 7 days, the most Baseten keeps. "
                             "Choose a shorter range."));
      return FALSE;
    }

  return TRUE;
}

char *
isc_query_build_path (const IscQuery *query)
{
  g_autofree char *model = NULL;
  g_autofree char *target = NULL;

  g_return_val_if_fail (query != NULL, NULL);

  model = g_uri_escape_string (query->model_id ? query->model_id : "", NULL, FALSE);
  target = g_uri_escape_string (query->target ? query->target : "", NULL, FALSE);

  return g_strdup_printf ("/v1/models/%s/%s/%s/metrics",
                          model,
                          query->target_kind == ISC_TARGET_ENVIRONMENT ? "environments" : "deployments",
                          target);
}

char *
isc_query_build_params (const IscQuery *query,
                        gint64          now_ms)
{
  GString *str;

  g_return_val_if_fail (query != NULL, NULL);

  str = g_string_new ("mode=");
  g_string_append (str, isc_mode_to_string (query->mode));

  if (query->range != NULL && query->mode != ISC_MODE_CURRENT)
    {
      gint64 start_ms = 0;
      gint64 end_ms = 0;

      isc_time_range_resolve (query->range, now_ms, &start_ms, &end_ms);
      g_string_append_printf (str,
                              "&start_epoch_millis=%" G_GINT64_FORMAT
                              "&end_epoch_millis=%" G_GINT64_FORMAT,
                              start_ms, end_ms);
    }

  for (guint i = 0; query->metrics != NULL && query->metrics[i] != NULL; i++)
    {
      g_autofree char *escaped = g_uri_escape_string (query->metrics[i], NULL, FALSE);

      g_string_append (str, "&metrics=");
      g_string_append (str, escaped);
    }

  return g_string_free (str, FALSE);
}

char *
isc_query_to_key (const IscQuery *query)
{
  g_autofree char *path = NULL;
  g_autofree char *range = NULL;
  g_autofree char *metrics = NULL;

  g_return_val_if_fail (query != NULL, NULL);

  path = isc_query_build_path (query);
  range = query->range != NULL ? isc_time_range_to_key (query->range) : g_strdup ("none");
  metrics = query->metrics != NULL ? g_strjoinv (",", query->metrics) : g_strdup ("");

  return g_strdup_printf ("%s?mode=%s&range=%s&metrics=%s",
                          path, isc_mode_to_string (query->mode), range, metrics);
}
