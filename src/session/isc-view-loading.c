/* isc-view-loading.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view's loads: the query, the loaders and their answers, failure
 * and staleness, and the refresh timer with its hold-off after a 429.
 */

#define G_LOG_DOMAIN "isc-view"

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-api-error.h"
#include "isc-catalogue.h"
#include "isc-view-private.h"

/* After a 429 that outlasted the client's own retries, the least wait
 * before the next automatic load; it doubles while the 429s go on (the
 * client does not say how long a long Retry-After was), up to the most. */
#define RATE_LIMIT_HOLDOFF_S     60
#define RATE_LIMIT_HOLDOFF_MAX_S (16 * 60)
/* Now's trend lines: the last hour. */
#define TREND_RANGE_MS ((gint64) 60 * 60 * 1000)

/* Small setters that notify only on a change */

static void
set_state (IscView      *self,
           IscViewState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  _isc_view_notify (self, PROP_STATE);
}

static void
set_loading (IscView  *self,
             gboolean  loading)
{
  loading = !!loading;
  if (self->loading == loading)
    return;
  self->loading = loading;
  _isc_view_notify (self, PROP_LOADING);
}

static void
set_stale (IscView  *self,
           gboolean  stale)
{
  stale = !!stale;
  if (self->stale == stale)
    return;
  self->stale = stale;
  _isc_view_notify (self, PROP_STALE);
}

static void
set_error (IscView      *self,
           const GError *error)
{
  if (self->error == NULL && error == NULL)
    return;
  g_clear_error (&self->error);
  if (error != NULL)
    self->error = g_error_copy (error);
  _isc_view_notify (self, PROP_ERROR);
}

static void
set_response (IscView            *self,
              IscMetricsResponse *response,
              const IscQuery     *query,
              gint64              updated_ms)
{
  if (self->response != response)
    {
      g_clear_pointer (&self->response, isc_metrics_response_unref);
      if (response != NULL)
        self->response = isc_metrics_response_ref (response);
      _isc_view_notify (self, PROP_RESPONSE);
    }

  if (!isc_query_equal (self->response_query, query))
    {
      g_clear_pointer (&self->response_query, isc_query_free);
      if (query != NULL)
        self->response_query = isc_query_copy (query);
      _isc_view_notify (self, PROP_RESPONSE_QUERY);
    }

  if (self->updated_ms != updated_ms)
    {
      self->updated_ms = updated_ms;
      _isc_view_notify (self, PROP_UPDATED_MS);
    }
}

static void
set_rate_limited_until (IscView *self,
                        gint64   until_ms)
{
  if (self->rate_limited_until_ms == until_ms)
    return;
  self->rate_limited_until_ms = until_ms;
  _isc_view_notify (self, PROP_RATE_LIMITED_UNTIL_MS);
}

static void
set_trend (IscView            *self,
           IscMetricsResponse *trend)
{
  if (self->trend == trend)
    return;
  g_clear_pointer (&self->trend, isc_metrics_response_unref);
  if (trend != NULL)
    self->trend = isc_metrics_response_ref (trend);
  _isc_view_notify (self, PROP_TREND);
}

/* Whether an answer has anything to draw: no metrics, no value sets, or
 * nothing but nulls is "no data yet". */
static gboolean
response_has_data (const IscMetricsResponse *response)
{
  guint n_metrics = isc_metrics_response_get_n_metrics (response);

  for (guint i = 0; i < n_metrics; i++)
    {
      const IscMetric *metric = isc_metrics_response_get_metric (response, i);
      guint n_series = isc_metric_get_n_series (metric);

      for (guint j = 0; j < n_series; j++)
        {
          guint n_values = 0;
          const double *values = isc_series_get_values (isc_metric_get_series (metric, j), &n_values);

          for (guint k = 0; k < n_values; k++)
            if (!isnan (values[k]))
              return TRUE;
        }
    }

  return FALSE;
}

/* Metrics Baseten refused: the client keeps them, for every view and
 * the fleet alike (isc_client_get_refused_metrics()). */

const char * const *
isc_view_get_refused_metrics (IscView *self)
{
  static const char * const none[] = { NULL };
  g_autoptr(IscQuery) target = NULL;

  g_return_val_if_fail (ISC_IS_VIEW (self), none);

  if (self->target == NULL || self->client == NULL)
    return none;
  target = isc_target_make_query (self->target, ISC_MODE_CURRENT, NULL, NULL);
  return isc_client_get_refused_metrics (self->client, target);
}

/* The client learned a name Baseten refuses: said by the view whose
 * target it is, once (the client tells each name once per target). */
void
_isc_view_client_refused_metric (IscView        *self,
                                 const IscQuery *query,
                                 const char     *name)
{
  if (self->target == NULL ||
      g_strcmp0 (query->model_id, self->target->model_id) != 0 ||
      query->target_kind != self->target->kind ||
      g_strcmp0 (query->target, self->target->id) != 0)
    return;

  _isc_view_notify (self, PROP_REFUSED_METRICS);
  _isc_view_emit (self, SIGNAL_METRIC_REFUSED, name);
}

/* The metric names a query asks for: those chosen, or every name the
 * catalogue knows, so that more than Baseten's default three come back;
 * never one Baseten refused for the target. A choice left with none but
 * refused names asks for the catalogue's others rather than nothing. */
static char **
dup_query_metrics (IscView *self)
{
  const char * const *refused = isc_view_get_refused_metrics (self);
  const IscCatalogueEntry *entries;
  guint n_entries = 0;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  guint n_names = 0;

  if (self->metrics != NULL)
    {
      for (guint i = 0; self->metrics[i] != NULL; i++)
        if (!g_strv_contains (refused, self->metrics[i]))
          {
            g_strv_builder_add (builder, self->metrics[i]);
            n_names++;
          }
      if (n_names > 0 || self->metrics[0] == NULL)
        return g_strv_builder_end (builder);
    }

  entries = isc_catalogue_get_entries (&n_entries);
  for (guint i = 0; i < n_entries; i++)
    if (!g_strv_contains (refused, entries[i].name))
      g_strv_builder_add (builder, entries[i].name);

  return g_strv_builder_end (builder);
}

/* The refresh timer */

static gboolean
compute_auto_refresh (IscView *self)
{
  return self->refresh_interval > 0 &&
         self->range->kind == ISC_TIME_RANGE_RELATIVE &&
         self->active &&
         self->network_available &&
         self->client != NULL &&
         self->target != NULL;
}

static gboolean
refresh_cb (gpointer user_data)
{
  IscView *self = user_data;

  self->refresh_id = 0;

  /* Still held off after a 429: wait out the rest. */
  if (g_get_monotonic_time () < self->holdoff_until_us)
    _isc_view_update_timer (self, FALSE);
  else
    _isc_view_load (self, FALSE);

  return G_SOURCE_REMOVE;
}

/* Runs the timer only while auto-refresh holds, so an idle window never
 * wakes; one shot at a time, due an interval after the last load (or
 * when a 429's wait ends, if later). */
void
_isc_view_update_timer (IscView  *self,
                        gboolean  restart)
{
  gboolean auto_refresh = compute_auto_refresh (self);
  gint64 now_us, due_us, delay_s;

  if (self->auto_refresh != auto_refresh)
    {
      self->auto_refresh = auto_refresh;
      _isc_view_notify (self, PROP_AUTO_REFRESH);
    }

  if (restart || !auto_refresh)
    g_clear_handle_id (&self->refresh_id, g_source_remove);

  if (!auto_refresh || self->refresh_id != 0)
    return;

  now_us = g_get_monotonic_time ();
  due_us = self->last_load_us + (gint64) self->refresh_interval * G_USEC_PER_SEC;
  due_us = MAX (due_us, self->holdoff_until_us);
  delay_s = (due_us - now_us + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC;
  delay_s = CLAMP (delay_s, 1, G_MAXUINT / 1000);

  self->refresh_id = g_timeout_add_seconds ((guint) delay_s, refresh_cb, self);
  g_source_set_name_by_id (self->refresh_id, "[isc-view] refresh");
}

/* On becoming active or networked again: a refresh missed meanwhile
 * happens at once, unless a 429 asked to wait. */
void
_isc_view_resume (IscView *self)
{
  gint64 now_us = g_get_monotonic_time ();

  if (compute_auto_refresh (self) &&
      now_us >= self->holdoff_until_us &&
      (self->last_load_us == 0 ||
       now_us - self->last_load_us >= (gint64) self->refresh_interval * G_USEC_PER_SEC))
    _isc_view_load (self, FALSE);
  else
    _isc_view_update_timer (self, FALSE);
}

/* Loading */

static void
show_answer (IscView            *self,
             IscMetricsResponse *response,
             const IscQuery     *query,
             gint64              updated_ms)
{
  set_response (self, response, query, updated_ms);
  set_state (self, response_has_data (response) ? ISC_VIEW_READY : ISC_VIEW_NO_DATA);
}

static void
fail (IscView            *self,
      const GError       *error,
      IscMetricsResponse *cached,
      gint64              cached_ms)
{
  g_debug ("Could not load the metrics: %s", error->message);

  set_loading (self, FALSE);
  set_error (self, error);

  if (g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED))
    {
      self->holdoff_s = self->holdoff_s == 0 ? RATE_LIMIT_HOLDOFF_S
                                             : MIN (self->holdoff_s * 2, RATE_LIMIT_HOLDOFF_MAX_S);
      gint64 told_ms = self->client != NULL ? isc_client_get_retry_not_before_ms (self->client) : 0;
      gint64 wait_us = (gint64) self->holdoff_s * G_USEC_PER_SEC;

      /* The server's own Retry-After, when it asked for longer. */
      if (told_ms > 0)
        wait_us = MAX (wait_us, (told_ms - g_get_real_time () / 1000) * 1000);
      self->holdoff_until_us = g_get_monotonic_time () + wait_us;
      set_rate_limited_until (self, g_get_real_time () / 1000 + wait_us / 1000);
      _isc_view_update_timer (self, TRUE);
    }

  /* What is shown stays, only older. */
  if (self->response != NULL)
    {
      set_stale (self, TRUE);
      return;
    }

  /* Nothing of this target and mode shown yet (opened offline, say):
   * the last good answer kept on disk, with its age (0 when unknown),
   * beats nothing. */
  if (cached != NULL)
    {
      show_answer (self, cached, self->pending_query, cached_ms);
      set_stale (self, TRUE);
      return;
    }

  set_stale (self, FALSE);
  set_state (self, ISC_VIEW_ERROR);
}

static void
loaded_cb (IscView            *self,
           IscMetricsResponse *response,
           IscMetricsLoader   *loader)
{
  g_object_freeze_notify (G_OBJECT (self));

  self->holdoff_until_us = 0;
  self->holdoff_s = 0;
  set_rate_limited_until (self, 0);
  set_loading (self, FALSE);
  set_error (self, NULL);
  set_stale (self, FALSE);
  show_answer (self, response, self->pending_query, g_get_real_time () / 1000);

  g_object_thaw_notify (G_OBJECT (self));
}

static void
failed_cb (IscView            *self,
           const GError       *error,
           IscMetricsResponse *cached,
           gint64              cached_ms,
           IscMetricsLoader   *loader)
{
  g_autoptr(IscQuery) next = NULL;

  /* The client leaves out a name Baseten refuses and asks again by
   * itself; a 400 comes back only when every name asked was refused. The
   * view then asks for the catalogue's others, never nothing: the refused
   * names only grow, so this ends. */
  if (g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_BAD_REQUEST) &&
      self->pending_query != NULL &&
      (next = isc_view_dup_query (self)) != NULL &&
      !isc_query_equal (next, self->pending_query))
    {
      _isc_view_load (self, FALSE);
      return;
    }

  g_object_freeze_notify (G_OBJECT (self));
  fail (self, error, cached, cached_ms);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
trend_loaded_cb (IscView            *self,
                 IscMetricsResponse *response,
                 IscMetricsLoader   *loader)
{
  set_trend (self, response);
}

static void
trend_failed_cb (IscView            *self,
                 const GError       *error,
                 IscMetricsResponse *cached,
                 gint64              cached_ms,
                 IscMetricsLoader   *loader)
{
  /* The tiles' own failure shows through "error"; the trend lines keep
   * what they drew, or take the last kept ones. */
  if (self->trend == NULL && cached != NULL)
    set_trend (self, cached);
}

void
_isc_view_drop_loaders (IscView *self)
{
  if (self->loader != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->loader, self);
      isc_metrics_loader_cancel (self->loader);
      g_clear_object (&self->loader);
    }
  if (self->trend_loader != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->trend_loader, self);
      isc_metrics_loader_cancel (self->trend_loader);
      g_clear_object (&self->trend_loader);
    }
  _isc_view_drop_compare (self);
}

static void
ensure_loaders (IscView *self)
{
  if (self->loader != NULL)
    return;

  self->loader = isc_metrics_loader_new (self->client);
  g_signal_connect_object (self->loader, "loaded", G_CALLBACK (loaded_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->loader, "failed", G_CALLBACK (failed_cb), self, G_CONNECT_SWAPPED);

  self->trend_loader = isc_metrics_loader_new (self->client);
  g_signal_connect_object (self->trend_loader, "loaded", G_CALLBACK (trend_loaded_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->trend_loader, "failed", G_CALLBACK (trend_failed_cb), self, G_CONNECT_SWAPPED);
}

/* reset: the target or mode changed, so nothing shown answers it. */
void
_isc_view_load (IscView  *self,
                gboolean  reset)
{
  g_autoptr(IscQuery) query = NULL;
  g_autoptr(GError) error = NULL;
  gint64 now_ms = g_get_real_time () / 1000;

  g_object_freeze_notify (G_OBJECT (self));

  if (reset)
    {
      set_response (self, NULL, NULL, 0);
      set_trend (self, NULL);
      set_stale (self, FALSE);
      set_error (self, NULL);
    }

  if (self->client == NULL || self->target == NULL)
    {
      if (self->loader != NULL)
        isc_metrics_loader_cancel (self->loader);
      if (self->trend_loader != NULL)
        isc_metrics_loader_cancel (self->trend_loader);
      g_clear_pointer (&self->pending_query, isc_query_free);
      set_response (self, NULL, NULL, 0);
      set_trend (self, NULL);
      set_stale (self, FALSE);
      set_error (self, NULL);
      set_loading (self, FALSE);
      set_rate_limited_until (self, 0);
      set_state (self, ISC_VIEW_EMPTY);
      _isc_view_load_compare (self, NULL, TRUE);
      _isc_view_load_events (self, NULL, TRUE);
      _isc_view_update_timer (self, TRUE);
      g_object_thaw_notify (G_OBJECT (self));
      return;
    }

  ensure_loaders (self);

  if (self->response == NULL)
    set_state (self, ISC_VIEW_LOADING);

  query = isc_view_dup_query (self);
  g_clear_pointer (&self->pending_query, isc_query_free);
  self->pending_query = isc_query_copy (query);
  self->last_load_us = g_get_monotonic_time ();

  if (self->mode == ISC_MODE_CURRENT)
    {
      g_autoptr(IscTimeRange) hour = isc_time_range_new_relative (TREND_RANGE_MS);
      g_auto(GStrv) names = dup_query_metrics (self);
      g_autoptr(IscQuery) trend_query =
        isc_target_make_query (self->target, ISC_MODE_SERIES, hour, (const char * const *) names);

      isc_metrics_loader_load (self->trend_loader, trend_query);
    }
  else
    {
      isc_metrics_loader_cancel (self->trend_loader);
      set_trend (self, NULL);
    }

  if (isc_query_validate (query, now_ms, &error))
    {
      /* Requests go again: the header stops saying they are held. */
      set_rate_limited_until (self, 0);
      set_loading (self, TRUE);
      isc_metrics_loader_load (self->loader, query);
      _isc_view_load_compare (self, query, reset);
      _isc_view_load_events (self, query, reset);
    }
  else
    {
      /* Nothing that cannot succeed is sent. */
      isc_metrics_loader_cancel (self->loader);
      _isc_view_load_compare (self, NULL, reset);
      _isc_view_load_events (self, NULL, reset);
      fail (self, error, NULL, 0);
    }

  _isc_view_update_timer (self, TRUE);

  g_object_thaw_notify (G_OBJECT (self));
}

IscQuery *
isc_view_dup_query (IscView *self)
{
  g_auto(GStrv) names = NULL;

  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);

  if (self->target == NULL)
    return NULL;

  names = dup_query_metrics (self);
  return isc_target_make_query (self->target, self->mode, self->range,
                                (const char * const *) names);
}
