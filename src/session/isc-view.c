/* isc-view.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-view"

#include "config.h"

#include "isc-core-enums.h"
#include "isc-event.h"
#include "isc-view-private.h"

G_DEFINE_FINAL_TYPE (IscView, isc_view, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (IscViewState, isc_view_state,
  G_DEFINE_ENUM_VALUE (ISC_VIEW_EMPTY, "empty"),
  G_DEFINE_ENUM_VALUE (ISC_VIEW_LOADING, "loading"),
  G_DEFINE_ENUM_VALUE (ISC_VIEW_READY, "ready"),
  G_DEFINE_ENUM_VALUE (ISC_VIEW_NO_DATA, "no-data"),
  G_DEFINE_ENUM_VALUE (ISC_VIEW_ERROR, "error"))

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

void
_isc_view_notify (IscView *self,
                  guint    prop_id)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

void
_isc_view_emit (IscView    *self,
                guint       signal_id,
                const char *argument)
{
  g_signal_emit (self, signals[signal_id], 0, argument);
}

static gboolean
strv_equal (const char * const *a,
            const char * const *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return g_strv_equal (a, b);
}

/* GObject */

static void
isc_view_dispose (GObject *object)
{
  IscView *self = (IscView *) object;

  g_clear_handle_id (&self->refresh_id, g_source_remove);
  _isc_view_drop_loaders (self);
  _isc_view_drop_events (self);
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_func (self->client, _isc_view_client_refused_metric, self);
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
  g_clear_pointer (&self->compare_target, isc_target_free);
  g_clear_pointer (&self->compare_response, isc_metrics_response_unref);
  g_clear_error (&self->compare_error);
  g_clear_object (&self->events);
  g_clear_pointer (&self->events_unavailable, g_free);
  g_clear_pointer (&self->events_target, isc_target_free);
  g_clear_pointer (&self->events_current_id, g_free);
  g_clear_pointer (&self->events_candidate_id, g_free);
  g_clear_pointer (&self->events_serving_id, g_free);

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

    case PROP_RATE_LIMITED_UNTIL_MS:
      g_value_set_int64 (value, self->rate_limited_until_ms);
      break;

    case PROP_COMPARE_TARGET:
      g_value_set_boxed (value, self->compare_target);
      break;

    case PROP_COMPARE_SHIFT:
      g_value_set_int64 (value, self->compare_shift_ms);
      break;

    case PROP_COMPARE_RESPONSE:
      g_value_set_boxed (value, self->compare_response);
      break;

    case PROP_COMPARE_ERROR:
      g_value_set_boxed (value, self->compare_error);
      break;

    case PROP_REFUSED_METRICS:
      g_value_set_boxed (value, isc_view_get_refused_metrics (self));
      break;

    case PROP_CURSOR_TIME:
      g_value_set_int64 (value, self->cursor_ms);
      break;

    case PROP_EVENTS:
      g_value_set_object (value, self->events);
      break;

    case PROP_EVENTS_UNAVAILABLE:
      g_value_set_string (value, self->events_unavailable);
      break;

    case PROP_EVENTS_ENABLED:
      g_value_set_boolean (value, self->events_enabled);
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

    case PROP_COMPARE_TARGET:
      isc_view_set_compare_target (self, g_value_get_boxed (value));
      break;

    case PROP_COMPARE_SHIFT:
      isc_view_set_compare_shift (self, g_value_get_int64 (value));
      break;

    case PROP_CURSOR_TIME:
      isc_view_set_cursor_time (self, g_value_get_int64 (value));
      break;

    case PROP_EVENTS_ENABLED:
      isc_view_set_events_enabled (self, g_value_get_boolean (value));
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
  properties[PROP_RATE_LIMITED_UNTIL_MS] =
    g_param_spec_int64 ("rate-limited-until-ms", NULL, NULL, 0, G_MAXINT64, 0, ro);
  properties[PROP_COMPARE_TARGET] =
    g_param_spec_boxed ("compare-target", NULL, NULL, ISC_TYPE_TARGET, rw);
  properties[PROP_COMPARE_SHIFT] =
    g_param_spec_int64 ("compare-shift-ms", NULL, NULL, 0, ISC_VIEW_SHIFT_WEEK, 0, rw);
  properties[PROP_COMPARE_RESPONSE] =
    g_param_spec_boxed ("compare-response", NULL, NULL, ISC_TYPE_METRICS_RESPONSE, ro);
  properties[PROP_COMPARE_ERROR] =
    g_param_spec_boxed ("compare-error", NULL, NULL, G_TYPE_ERROR, ro);
  properties[PROP_REFUSED_METRICS] =
    g_param_spec_boxed ("refused-metrics", NULL, NULL, G_TYPE_STRV, ro);
  properties[PROP_CURSOR_TIME] =
    g_param_spec_int64 ("cursor-time", NULL, NULL, -1, G_MAXINT64, -1, rw);
  properties[PROP_EVENTS] =
    g_param_spec_object ("events", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_EVENTS_UNAVAILABLE] =
    g_param_spec_string ("events-unavailable", NULL, NULL, NULL, ro);
  properties[PROP_EVENTS_ENABLED] =
    g_param_spec_boolean ("events-enabled", NULL, NULL, FALSE, rw);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_METRIC_REFUSED] =
    g_signal_new ("metric-refused",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
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
  self->cursor_ms = -1;
  self->events = g_list_store_new (ISC_TYPE_EVENT);
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

  _isc_view_drop_loaders (self);
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_func (self->client, _isc_view_client_refused_metric, self);
  g_set_object (&self->client, client);
  if (client != NULL)
    g_signal_connect_object (client, "metric-refused", G_CALLBACK (_isc_view_client_refused_metric),
                             self, G_CONNECT_SWAPPED);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLIENT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REFUSED_METRICS]);

  /* Another account's answer is not this one's. */
  self->holdoff_until_us = 0;
  self->holdoff_s = 0;
  _isc_view_load (self, TRUE);

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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REFUSED_METRICS]);
  _isc_view_load (self, TRUE);

  g_object_thaw_notify (G_OBJECT (self));
}

gint64
isc_view_get_cursor_time (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), -1);
  return self->cursor_ms;
}

void
isc_view_set_cursor_time (IscView *self,
                          gint64   ms)
{
  g_return_if_fail (ISC_IS_VIEW (self));

  if (ms < 0)
    ms = -1;
  if (self->cursor_ms == ms)
    return;
  self->cursor_ms = ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR_TIME]);
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
  _isc_view_load (self, TRUE);

  g_object_thaw_notify (G_OBJECT (self));
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
  _isc_view_load (self, FALSE);

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
  _isc_view_update_timer (self, TRUE);
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
    _isc_view_resume (self);
  else
    _isc_view_update_timer (self, FALSE);
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
    _isc_view_resume (self);
  else
    _isc_view_update_timer (self, FALSE);
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
  _isc_view_load (self, FALSE);
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
isc_view_get_rate_limited_until_ms (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), 0);
  return self->rate_limited_until_ms;
}

gint64
isc_view_get_updated_ms (IscView *self)
{
  g_return_val_if_fail (ISC_IS_VIEW (self), 0);
  return self->updated_ms;
}
