/* isc-view.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-view"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-catalogue.h"
#include "isc-core-enums.h"
#include "isc-metrics-loader.h"
#include "isc-view.h"

/* How many ranges Back can return to. */
#define HISTORY_MAX 100
/* The narrowest range a zoom makes: a step or two of the finest series. */
#define ZOOM_MIN_MS ((gint64) 60 * 1000)
/* After a 429 that outlasted the client's own retries, the least wait
 * before the next automatic load; it doubles while the 429s go on (the
 * client does not say how long a long Retry-After was), up to the most. */
#define RATE_LIMIT_HOLDOFF_S     60
#define RATE_LIMIT_HOLDOFF_MAX_S (16 * 60)
/* Now's trend lines: the last hour. */
#define TREND_RANGE_MS ((gint64) 60 * 60 * 1000)

struct _IscView
{
  GObject             parent_instance;

  /* Owned references */
  IscClient          *client;
  IscMetricsLoader   *loader;
  IscMetricsLoader   *trend_loader;
  IscTarget          *target;
  IscTimeRange       *range;
  GPtrArray          *back;      /* IscTimeRange, the newest last */
  GPtrArray          *forward;   /* IscTimeRange, the next last */
  char              **metrics;   /* NULL: every catalogue metric */
  GError             *error;
  IscMetricsResponse *response;
  IscMetricsResponse *trend;
  IscQuery           *response_query;
  IscQuery           *pending_query;

  IscMode             mode;
  IscViewState        state;
  guint               refresh_interval;
  guint               refresh_id;
  gint64              updated_ms;
  gint64              last_load_us;    /* monotonic; 0: never */
  gint64              holdoff_until_us; /* monotonic; no automatic load before */
  guint               holdoff_s;        /* the next 429's wait; 0: none yet */

  guint               use_utc : 1;
  guint               counters_as_totals : 1;
  guint               active : 1;
  guint               network_available : 1;
  guint               auto_refresh : 1;
  guint               loading : 1;
  guint               stale : 1;
};

G_DEFINE_FINAL_TYPE (IscView, isc_view, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (IscViewState, isc_view_state,
  G_DEFINE_ENUM_VALUE (ISC_VIEW_EMPTY, "empty"),
  G_DEFINE_ENUM_VALUE (ISC_VIEW_LOADING, "loading"),
  G_DEFINE_ENUM_VALUE (ISC_VIEW_READY, "ready"),
  G_DEFINE_ENUM_VALUE (ISC_VIEW_NO_DATA, "no-data"),
  G_DEFINE_ENUM_VALUE (ISC_VIEW_ERROR, "error"))

enum {
  PROP_0,
  PROP_CLIENT,
  PROP_TARGET,
  PROP_MODE,
  PROP_RANGE,
  PROP_CAN_GO_BACK,
  PROP_CAN_GO_FORWARD,
  PROP_METRICS,
  PROP_USE_UTC,
  PROP_COUNTERS_AS_TOTALS,
  PROP_REFRESH_INTERVAL,
  PROP_ACTIVE,
  PROP_NETWORK_AVAILABLE,
  PROP_AUTO_REFRESH,
  PROP_STATE,
  PROP_LOADING,
  PROP_STALE,
  PROP_ERROR,
  PROP_RESPONSE,
  PROP_TREND,
  PROP_RESPONSE_QUERY,
  PROP_UPDATED_MS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void load          (IscView  *self,
                           gboolean  reset);
static void update_timer  (IscView  *self,
                           gboolean  restart);

/* Small setters that notify only on a change */

static void
set_state (IscView      *self,
           IscViewState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
set_loading (IscView  *self,
             gboolean  loading)
{
  loading = !!loading;
  if (self->loading == loading)
    return;
  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
set_stale (IscView  *self,
           gboolean  stale)
{
  stale = !!stale;
  if (self->stale == stale)
    return;
  self->stale = stale;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STALE]);
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
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
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESPONSE]);
    }

  if (!isc_query_equal (self->response_query, query))
    {
      g_clear_pointer (&self->response_query, isc_query_free);
      if (query != NULL)
        self->response_query = isc_query_copy (query);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESPONSE_QUERY]);
    }

  if (self->updated_ms != updated_ms)
    {
      self->updated_ms = updated_ms;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UPDATED_MS]);
    }
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TREND]);
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

static gboolean
strv_equal (const char * const *a,
            const char * const *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_strv_equal (a, b);
}

/* The metric names a query asks for: those chosen, or every name the
 * catalogue knows, so that more than Baseten's default three come back. */
static char **
dup_query_metrics (IscView *self)
{
  const IscCatalogueEntry *entries;
  guint n_entries = 0;
  GStrvBuilder *builder;
  char **names;

  if (self->metrics != NULL)
    return g_strdupv (self->metrics);

  entries = isc_catalogue_get_entries (&n_entries);
  builder = g_strv_builder_new ();
  for (guint i = 0; i < n_entries; i++)
    g_strv_builder_add (builder, entries[i].name);
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);

  return names;
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
    update_timer (self, FALSE);
  else
    load (self, FALSE);

  return G_SOURCE_REMOVE;
}

/* Runs the timer only while auto-refresh holds, so an idle window never
 * wakes; one shot at a time, due an interval after the last load (or
 * when a 429's wait ends, if later). */
static void
update_timer (IscView  *self,
              gboolean  restart)
{
  gboolean auto_refresh = compute_auto_refresh (self);
  gint64 now_us, due_us, delay_s;

  if (self->auto_refresh != auto_refresh)
    {
      self->auto_refresh = auto_refresh;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTO_REFRESH]);
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
static void
resume (IscView *self)
{
  gint64 now_us = g_get_monotonic_time ();

  if (compute_auto_refresh (self) &&
      now_us >= self->holdoff_until_us &&
      (self->last_load_us == 0 ||
       now_us - self->last_load_us >= (gint64) self->refresh_interval * G_USEC_PER_SEC))
    load (self, FALSE);
  else
    update_timer (self, FALSE);
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
      update_timer (self, TRUE);
    }

  /* What is shown stays, only older. */
  if (self->response != NULL)
    {
      set_stale (self, TRUE);
      return;
    }

  /* Nothing of this target and mode shown yet (opened offline, say):
   * the last good answer kept on disk, with its age, beats nothing. */
  if (cached != NULL && cached_ms > 0)
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

static void
drop_loaders (IscView *self)
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
static void
load (IscView  *self,
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
      set_state (self, ISC_VIEW_EMPTY);
      update_timer (self, TRUE);
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
      set_loading (self, TRUE);
      isc_metrics_loader_load (self->loader, query);
    }
  else
    {
      /* Nothing that cannot succeed is sent. */
      isc_metrics_loader_cancel (self->loader);
      fail (self, error, NULL, 0);
    }

  update_timer (self, TRUE);

  g_object_thaw_notify (G_OBJECT (self));
}

/* The range and its history */

static gboolean
check_range (const IscTimeRange  *range,
             GError             **error)
{
  g_autoptr(IscQuery) query = NULL;

  /* The query's own check, so the words are the same everywhere. */
  query = isc_query_new ("model", ISC_TARGET_DEPLOYMENT, "deployment",
                         ISC_MODE_SERIES, range, NULL);
  return isc_query_validate (query, g_get_real_time () / 1000, error);
}

static void
notify_history (IscView  *self,
                gboolean  could_go_back,
                gboolean  could_go_forward)
{
  if (could_go_back != isc_view_get_can_go_back (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_GO_BACK]);
  if (could_go_forward != isc_view_get_can_go_forward (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_GO_FORWARD]);
}

/* Takes range; keeps what is shown while the new range loads. */
static void
replace_range (IscView      *self,
               IscTimeRange *range)
{
  g_clear_pointer (&self->range, isc_time_range_free);
  self->range = range;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RANGE]);
  load (self, FALSE);
}

static void
push_bounded (GPtrArray    *stack,
              IscTimeRange *range)
{
  g_ptr_array_add (stack, range);
  if (stack->len > HISTORY_MAX)
    g_ptr_array_remove_index (stack, 0);
}

/* Saved state */

static IscTimeRange *
range_from_key (const char *key)
{
  g_autoptr(IscTimeRange) range = NULL;
  gint64 a, b;

  if (g_str_has_prefix (key, "last:"))
    {
      if (!g_ascii_string_to_signed (key + 5, 10, 1, ISC_TIME_RANGE_MAX_MS, &a, NULL))
        return NULL;
      range = isc_time_range_new_relative (a);
    }
  else if (g_str_has_prefix (key, "abs:"))
    {
      g_auto(GStrv) parts = g_strsplit (key + 4, "-", -1);

      if (g_strv_length (parts) != 2 ||
          !g_ascii_string_to_signed (parts[0], 10, 0, G_MAXINT64, &a, NULL) ||
          !g_ascii_string_to_signed (parts[1], 10, 0, G_MAXINT64, &b, NULL))
        return NULL;
      range = isc_time_range_new_absolute (a, b);
    }
  else
    {
      /* "1h" and the like, written by hand. */
      range = isc_time_range_new_parse (key);
    }

  if (range == NULL || !check_range (range, NULL))
    return NULL;

  return g_steal_pointer (&range);
}

/* GObject */

static void
isc_view_dispose (GObject *object)
{
  IscView *self = (IscView *) object;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  drop_loaders (self);
  g_clear_object (&self->client);

  G_OBJECT_CLASS (isc_view_parent_class)->dispose (object);
}

static void
isc_view_finalize (GObject *object)
{
  IscView *self = (IscView *) object;

  g_clear_pointer (&self->target, isc_target_free);
  g_clear_pointer (&self->range, isc_time_range_free);
  g_clear_pointer (&self->back, g_ptr_array_unref);
  g_clear_pointer (&self->forward, g_ptr_array_unref);
  g_clear_pointer (&self->metrics, g_strfreev);
  g_clear_error (&self->error);
  g_clear_pointer (&self->response, isc_metrics_response_unref);
  g_clear_pointer (&self->trend, isc_metrics_response_unref);
  g_clear_pointer (&self->response_query, isc_query_free);
  g_clear_pointer (&self->pending_query, isc_query_free);

  G_OBJECT_CLASS (isc_view_parent_class)->finalize (object);
}

static void
isc_view_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  IscView *self = ISC_VIEW (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;

    case PROP_TARGET:
      g_value_set_boxed (value, self->target);
      break;

    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;

    case PROP_RANGE:
      g_value_set_boxed (value, self->range);
      break;

    case PROP_CAN_GO_BACK:
      g_value_set_boolean (value, isc_view_get_can_go_back (self));
      break;

    case PROP_CAN_GO_FORWARD:
      g_value_set_boolean (value, isc_view_get_can_go_forward (self));
      break;

    case PROP_METRICS:
      g_value_set_boxed (value, self->metrics);
      break;

    case PROP_USE_UTC:
      g_value_set_boolean (value, self->use_utc);
      break;

    case PROP_COUNTERS_AS_TOTALS:
      g_value_set_boolean (value, self->counters_as_totals);
      break;

    case PROP_REFRESH_INTERVAL:
      g_value_set_uint (value, self->refresh_interval);
      break;

    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;

    case PROP_NETWORK_AVAILABLE:
      g_value_set_boolean (value, self->network_available);
      break;

    case PROP_AUTO_REFRESH:
      g_value_set_boolean (value, self->auto_refresh);
      break;

    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;

    case PROP_STALE:
      g_value_set_boolean (value, self->stale);
      break;

    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;

    case PROP_RESPONSE:
      g_value_set_boxed (value, self->response);
      break;

    case PROP_TREND:
      g_value_set_boxed (value, self->trend);
      break;

    case PROP_RESPONSE_QUERY:
      g_value_set_boxed (value, self->response_query);
      break;

    case PROP_UPDATED_MS:
      g_value_set_int64 (value, self->updated_ms);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_view_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  IscView *self = ISC_VIEW (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      isc_view_set_client (self, g_value_get_object (value));
      break;

    case PROP_TARGET:
      isc_view_set_target (self, g_value_get_boxed (value));
      break;

    case PROP_MODE:
      isc_view_set_mode (self, g_value_get_enum (value));
      break;

    case PROP_RANGE:
      {
        const IscTimeRange *range = g_value_get_boxed (value);
        g_autoptr(GError) error = NULL;

        if (range != NULL && !isc_view_set_range (self, range, &error))
          g_debug ("Range refused: %s", error->message);
      }
      break;

    case PROP_METRICS:
      isc_view_set_metrics (self, g_value_get_boxed (value));
      break;

    case PROP_USE_UTC:
      isc_view_set_use_utc (self, g_value_get_boolean (value));
      break;

    case PROP_COUNTERS_AS_TOTALS:
      isc_view_set_counters_as_totals (self, g_value_get_boolean (value));
      break;

    case PROP_REFRESH_INTERVAL:
      isc_view_set_refresh_interval (self, g_value_get_uint (value));
      break;

    case PROP_ACTIVE:
      isc_view_set_active (self, g_value_get_boolean (value));
      break;

    case PROP_NETWORK_AVAILABLE:
      isc_view_set_network_available (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_view_class_init (IscViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = isc_view_dispose;
  object_class->finalize = isc_view_finalize;
  object_class->get_property = isc_view_get_property;
  object_class->set_property = isc_view_set_property;

  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL, ISC_TYPE_CLIENT, rw);
  properties[PROP_TARGET] =
    g_param_spec_boxed ("target", NULL, NULL, ISC_TYPE_TARGET, rw);
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL, ISC_TYPE_MODE, ISC_MODE_SERIES, rw);
  properties[PROP_RANGE] =
    g_param_spec_boxed ("range", NULL, NULL, ISC_TYPE_TIME_RANGE, rw);
  properties[PROP_CAN_GO_BACK] =
    g_param_spec_boolean ("can-go-back", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_GO_FORWARD] =
    g_param_spec_boolean ("can-go-forward", NULL, NULL, FALSE, ro);
  properties[PROP_METRICS] =
    g_param_spec_boxed ("metrics", NULL, NULL, G_TYPE_STRV, rw);
  properties[PROP_USE_UTC] =
    g_param_spec_boolean ("use-utc", NULL, NULL, FALSE, rw);
  properties[PROP_COUNTERS_AS_TOTALS] =
    g_param_spec_boolean ("counters-as-totals", NULL, NULL, FALSE, rw);
  properties[PROP_REFRESH_INTERVAL] =
    g_param_spec_uint ("refresh-interval", NULL, NULL,
                       0, G_MAXUINT / 1000, ISC_VIEW_DEFAULT_REFRESH_SECONDS, rw);
  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, TRUE, rw);
  properties[PROP_NETWORK_AVAILABLE] =
    g_param_spec_boolean ("network-available", NULL, NULL, TRUE, rw);
  properties[PROP_AUTO_REFRESH] =
    g_param_spec_boolean ("auto-refresh", NULL, NULL, FALSE, ro);
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, ISC_TYPE_VIEW_STATE, ISC_VIEW_EMPTY, ro);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE, ro);
  properties[PROP_STALE] =
    g_param_spec_boolean ("stale", NULL, NULL, FALSE, ro);
  properties[PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR, ro);
  properties[PROP_RESPONSE] =
    g_param_spec_boxed ("response", NULL, NULL, ISC_TYPE_METRICS_RESPONSE, ro);
  properties[PROP_TREND] =
    g_param_spec_boxed ("trend", NULL, NULL, ISC_TYPE_METRICS_RESPONSE, ro);
  properties[PROP_RESPONSE_QUERY] =
    g_param_spec_boxed ("response-query", NULL, NULL, ISC_TYPE_QUERY, ro);
  properties[PROP_UPDATED_MS] =
    g_param_spec_int64 ("updated-ms", NULL, NULL, 0, G_MAXINT64, 0, ro);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_view_init (IscView *self)
{
  self->mode = ISC_MODE_SERIES;
  self->range = isc_time_range_new_relative (ISC_VIEW_DEFAULT_RANGE_MS);
  self->back = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_time_range_free);
  self->forward = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_time_range_free);
  self->refresh_interval = ISC_VIEW_DEFAULT_REFRESH_SECONDS;
  self->active = TRUE;
  self->network_available = TRUE;
  self->state = ISC_VIEW_EMPTY;
}

/* Public API */

IscView *
isc_view_new (void)
{
  return g_object_new (ISC_TYPE_VIEW, NULL);
}

IscClient *
isc_view_get_client (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->client;
}

void
isc_view_set_client (IscView   *self,
                     IscClient *client)
{
  g_return_if_fail (ISC_IS_VIEW (self));
  g_return_if_fail (client == NULL || ISC_IS_CLIENT (client));

  if (self->client == client)
    return;

  g_object_freeze_notify (G_OBJECT (self));

  drop_loaders (self);
  g_set_object (&self->client, client);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLIENT]);

  /* Another account's answer is not this one's. */
  self->holdoff_until_us = 0;
  self->holdoff_s = 0;
  load (self, TRUE);

  g_object_thaw_notify (G_OBJECT (self));
}

const IscTarget *
isc_view_get_target (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->target;
}

void
isc_view_set_target (IscView         *self,
                     const IscTarget *target)
{
  g_return_if_fail (ISC_IS_VIEW (self));

  if (isc_target_equal (self->target, target))
    {
      /* The same target, maybe under a new display name. */
      if (target != NULL &&
          (g_strcmp0 (self->target->name, target->name) != 0 ||
           g_strcmp0 (self->target->model_name, target->model_name) != 0))
        {
          isc_target_free (self->target);
          self->target = isc_target_copy (target);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET]);
        }
      return;
    }

  g_object_freeze_notify (G_OBJECT (self));

  g_clear_pointer (&self->target, isc_target_free);
  if (target != NULL)
    self->target = isc_target_copy (target);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET]);
  load (self, TRUE);

  g_object_thaw_notify (G_OBJECT (self));
}

IscMode
isc_view_get_mode (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), ISC_MODE_SERIES);
  return self->mode;
}

void
isc_view_set_mode (IscView *self,
                   IscMode  mode)
{
  g_return_if_fail (ISC_IS_VIEW (self));
  g_return_if_fail (mode <= ISC_MODE_SERIES);

  if (self->mode == mode)
    return;

  g_object_freeze_notify (G_OBJECT (self));

  self->mode = mode;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
  load (self, TRUE);

  g_object_thaw_notify (G_OBJECT (self));
}

const IscTimeRange *
isc_view_get_range (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->range;
}

gboolean
isc_view_set_range (IscView             *self,
                    const IscTimeRange  *range,
                    GError             **error)
{
  gboolean could_go_back, could_go_forward;

  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  g_return_val_if_fail (range != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_range (range, error))
    return FALSE;

  if (isc_time_range_equal (self->range, range))
    return TRUE;

  could_go_back = isc_view_get_can_go_back (self);
  could_go_forward = isc_view_get_can_go_forward (self);

  g_object_freeze_notify (G_OBJECT (self));

  push_bounded (self->back, g_steal_pointer (&self->range));
  g_ptr_array_set_size (self->forward, 0);
  replace_range (self, isc_time_range_copy (range));
  notify_history (self, could_go_back, could_go_forward);

  g_object_thaw_notify (G_OBJECT (self));

  return TRUE;
}

gboolean
isc_view_get_can_go_back (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->back->len > 0;
}

gboolean
isc_view_get_can_go_forward (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->forward->len > 0;
}

static gboolean
step_history (IscView   *self,
              GPtrArray *from,
              GPtrArray *to)
{
  gboolean could_go_back, could_go_forward;

  if (from->len == 0)
    return FALSE;

  could_go_back = isc_view_get_can_go_back (self);
  could_go_forward = isc_view_get_can_go_forward (self);

  g_object_freeze_notify (G_OBJECT (self));

  push_bounded (to, g_steal_pointer (&self->range));
  replace_range (self, g_ptr_array_steal_index (from, from->len - 1));
  notify_history (self, could_go_back, could_go_forward);

  g_object_thaw_notify (G_OBJECT (self));

  return TRUE;
}

gboolean
isc_view_go_back (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return step_history (self, self->back, self->forward);
}

gboolean
isc_view_go_forward (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return step_history (self, self->forward, self->back);
}

gboolean
isc_view_zoom (IscView *self,
               double   factor)
{
  g_autoptr(IscTimeRange) range = NULL;
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 start_ms, end_ms, centre_ms, duration_ms;
  double wanted_ms;

  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);

  if (!isfinite (factor) || factor <= 0)
    return FALSE;

  isc_time_range_resolve (self->range, now_ms, &start_ms, &end_ms);
  centre_ms = start_ms + (end_ms - start_ms) / 2;
  wanted_ms = (double) (end_ms - start_ms) * factor;
  duration_ms = (gint64) CLAMP (wanted_ms, (double) ZOOM_MIN_MS, (double) ISC_TIME_RANGE_MAX_MS);

  start_ms = centre_ms - duration_ms / 2;
  end_ms = start_ms + duration_ms;
  if (end_ms > now_ms)
    {
      end_ms = now_ms;
      start_ms = end_ms - duration_ms;
    }

  range = isc_time_range_new_absolute (start_ms, end_ms);
  return isc_view_set_range (self, range, NULL);
}

const char * const *
isc_view_get_metrics (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return (const char * const *) self->metrics;
}

void
isc_view_set_metrics (IscView            *self,
                      const char * const *metrics)
{
  g_return_if_fail (ISC_IS_VIEW (self));

  if (strv_equal ((const char * const *) self->metrics, metrics))
    return;

  g_object_freeze_notify (G_OBJECT (self));

  g_clear_pointer (&self->metrics, g_strfreev);
  self->metrics = g_strdupv ((char **) metrics);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_METRICS]);
  load (self, FALSE);

  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
isc_view_get_use_utc (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->use_utc;
}

void
isc_view_set_use_utc (IscView  *self,
                      gboolean  use_utc)
{
  g_return_if_fail (ISC_IS_VIEW (self));

  use_utc = !!use_utc;
  if (self->use_utc == use_utc)
    return;
  self->use_utc = use_utc;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USE_UTC]);
}

gboolean
isc_view_get_counters_as_totals (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->counters_as_totals;
}

void
isc_view_set_counters_as_totals (IscView  *self,
                                 gboolean  counters_as_totals)
{
  g_return_if_fail (ISC_IS_VIEW (self));

  counters_as_totals = !!counters_as_totals;
  if (self->counters_as_totals == counters_as_totals)
    return;
  self->counters_as_totals = counters_as_totals;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COUNTERS_AS_TOTALS]);
}

guint
isc_view_get_refresh_interval (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), 0);
  return self->refresh_interval;
}

void
isc_view_set_refresh_interval (IscView *self,
                               guint    seconds)
{
  g_return_if_fail (ISC_IS_VIEW (self));

  seconds = MIN (seconds, G_MAXUINT / 1000);
  if (self->refresh_interval == seconds)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  self->refresh_interval = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REFRESH_INTERVAL]);
  update_timer (self, TRUE);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
isc_view_get_active (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->active;
}

void
isc_view_set_active (IscView  *self,
                     gboolean  active)
{
  g_return_if_fail (ISC_IS_VIEW (self));

  active = !!active;
  if (self->active == active)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  self->active = active;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
  if (active)
    resume (self);
  else
    update_timer (self, FALSE);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
isc_view_get_network_available (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->network_available;
}

void
isc_view_set_network_available (IscView  *self,
                                gboolean  available)
{
  g_return_if_fail (ISC_IS_VIEW (self));

  available = !!available;
  if (self->network_available == available)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  self->network_available = available;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NETWORK_AVAILABLE]);
  if (available)
    resume (self);
  else
    update_timer (self, FALSE);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
isc_view_get_auto_refresh (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->auto_refresh;
}

void
isc_view_refresh (IscView *self)
{
  g_return_if_fail (ISC_IS_VIEW (self));
  load (self, FALSE);
}

IscViewState
isc_view_get_state (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), ISC_VIEW_EMPTY);
  return self->state;
}

gboolean
isc_view_get_loading (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->loading;
}

gboolean
isc_view_get_stale (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), FALSE);
  return self->stale;
}

const GError *
isc_view_get_error (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->error;
}

IscMetricsResponse *
isc_view_get_response (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->response;
}

IscMetricsResponse *
isc_view_get_trend (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->trend;
}

const IscQuery *
isc_view_get_response_query (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);
  return self->response_query;
}

gint64
isc_view_get_updated_ms (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), 0);
  return self->updated_ms;
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

GVariant *
isc_view_save_state (IscView *self)
{
  g_autofree char *range_key = NULL;
  GVariantDict dict;

  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);

  g_variant_dict_init (&dict, NULL);
  if (self->target != NULL)
    g_variant_dict_insert_value (&dict, "target", isc_target_to_variant (self->target));
  g_variant_dict_insert (&dict, "mode", "s", isc_mode_to_string (self->mode));
  range_key = isc_time_range_to_key (self->range);
  g_variant_dict_insert (&dict, "range", "s", range_key);

  return g_variant_dict_end (&dict);
}

void
isc_view_restore_state (IscView  *self,
                        GVariant *state)
{
  g_autoptr(GVariant) target_variant = NULL;
  g_autoptr(IscTarget) target = NULL;
  g_autoptr(IscTimeRange) range = NULL;
  const char *mode_text = NULL;
  const char *range_key = NULL;
  IscMode mode;
  gboolean changed = FALSE;
  gboolean reset = FALSE;
  gboolean could_go_back, could_go_forward;

  g_return_if_fail (ISC_IS_VIEW (self));

  if (state == NULL || !g_variant_is_of_type (state, G_VARIANT_TYPE_VARDICT))
    return;

  g_object_freeze_notify (G_OBJECT (self));

  /* One load at the end, not one per field. */
  target_variant = g_variant_lookup_value (state, "target", G_VARIANT_TYPE_VARDICT);
  if (target_variant != NULL && (target = isc_target_new_from_variant (target_variant)) != NULL &&
      !isc_target_equal (self->target, target))
    {
      g_clear_pointer (&self->target, isc_target_free);
      self->target = g_steal_pointer (&target);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET]);
      changed = reset = TRUE;
    }

  if (g_variant_lookup (state, "mode", "&s", &mode_text) &&
      isc_mode_from_string (mode_text, &mode) &&
      mode != self->mode)
    {
      self->mode = mode;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
      changed = reset = TRUE;
    }

  /* A restored range starts a fresh history. */
  if (g_variant_lookup (state, "range", "&s", &range_key) &&
      (range = range_from_key (range_key)) != NULL &&
      !isc_time_range_equal (self->range, range))
    {
      could_go_back = isc_view_get_can_go_back (self);
      could_go_forward = isc_view_get_can_go_forward (self);
      g_ptr_array_set_size (self->back, 0);
      g_ptr_array_set_size (self->forward, 0);
      g_clear_pointer (&self->range, isc_time_range_free);
      self->range = g_steal_pointer (&range);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RANGE]);
      notify_history (self, could_go_back, could_go_forward);
      changed = TRUE;
    }

  if (changed)
    load (self, reset);

  g_object_thaw_notify (G_OBJECT (self));
}
