/* isc-view-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-metrics-loader.h"
#include "isc-view.h"

G_BEGIN_DECLS

/* IscView is written in five files that share this header: isc-view.c
 * (the object, its properties and switches), isc-view-loading.c (the
 * loads, their answers and the refresh timer), isc-view-compare.c (the
 * compared response), isc-view-history.c (the range, its history and
 * the zoom) and isc-view-state.c (the state a window saves and
 * restores).
 */

struct _IscView
{
  GObject             parent_instance;

  /* Owned references */
  IscClient          *client;
  IscMetricsLoader   *loader;
  IscMetricsLoader   *trend_loader;
  IscMetricsLoader   *compare_loader;
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
  /* Compare (isc-view-compare.c): another target, or this one
   * compare_shift_ms back; the answer and the last failure */
  IscTarget          *compare_target;
  gint64              compare_shift_ms;
  IscMetricsResponse *compare_response;
  GError             *compare_error;
  /* Events (isc-view-events.c): the audit log's, of the target, over the
   * range; and the sentence saying it cannot be read, or NULL */
  GListStore         *events;
  char               *events_unavailable;
  GCancellable       *events_cancellable;
  IscTarget          *events_target;     /* the target the events were read for */
  char               *events_current_id;   /* an environment's, from discovery, or NULL */
  char               *events_candidate_id; /* …during a promotion */
  gint64              events_discovered_us; /* monotonic, when asked; 0: never */
  gpointer            events_refused_by; /* the client refused (compared only) */
  gint64              events_refused_us; /* monotonic, when it was */
  char               *events_serving_id; /* an environment's at events_serving_before_ms */
  gint64              events_serving_before_ms; /* 0: not asked */
  gint64              events_serving_until_ms;  /* still serving then, as far as read */

  IscMode             mode;
  IscViewState        state;
  guint               refresh_interval;
  guint               refresh_id;
  gint64              updated_ms;
  gint64              cursor_ms;        /* the shared cursor; -1: none */
  gint64              last_load_us;    /* monotonic; 0: never */
  gint64              holdoff_until_us; /* monotonic; no automatic load before */
  guint               holdoff_s;        /* the next 429's wait; 0: none yet */
  gint64              rate_limited_until_ms; /* wall clock; 0: not limited */

  guint               use_utc : 1;
  guint               counters_as_totals : 1;
  guint               active : 1;
  guint               network_available : 1;
  guint               auto_refresh : 1;
  guint               loading : 1;
  guint               stale : 1;
  guint               events_enabled : 1;
};

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
  PROP_COMPARE_TARGET,
  PROP_COMPARE_SHIFT,
  PROP_COMPARE_RESPONSE,
  PROP_COMPARE_ERROR,
  PROP_REFUSED_METRICS,
  PROP_RATE_LIMITED_UNTIL_MS,
  PROP_CURSOR_TIME,
  PROP_EVENTS,
  PROP_EVENTS_UNAVAILABLE,
  PROP_EVENTS_ENABLED,
  N_PROPS
};

enum {
  SIGNAL_METRIC_REFUSED,
  N_SIGNALS
};

/* isc-view.c */

/* Notifies the property @prop_id (a PROP_ value). */
void     _isc_view_notify         (IscView            *self,
                                   guint               prop_id);
/* Emits the signal @signal_id (a SIGNAL_ value) with its one argument. */
void     _isc_view_emit           (IscView            *self,
                                   guint               signal_id,
                                   const char         *argument);

/* isc-view-loading.c */

/* The client's "metric-refused". */
void     _isc_view_client_refused_metric (IscView        *self,
                                          const IscQuery *query,
                                          const char     *name);

/* Loads what the view shows; reset: the target or mode changed, so
 * nothing shown answers it. */
void     _isc_view_load           (IscView            *self,
                                   gboolean            reset);
/* Runs the refresh timer while auto-refresh holds; restart: from now. */
void     _isc_view_update_timer   (IscView            *self,
                                   gboolean            restart);
/* On becoming active or networked again. */
void     _isc_view_resume         (IscView            *self);
void     _isc_view_drop_loaders   (IscView            *self);

/* isc-view-compare.c */

/* Loads the compared response beside the view's own @query (NULL: none
 * to load, the compared answer goes); reset: nothing shown answers it. */
void     _isc_view_load_compare   (IscView            *self,
                                   const IscQuery     *query,
                                   gboolean            reset);
void     _isc_view_drop_compare   (IscView            *self);
/* Loads the compared response alone, after its setting changed. */
void     _isc_view_reload_compare (IscView            *self);

/* isc-view-history.c */

/* Whether a query could ask for @range, as the query's own check says. */
/* isc-view-events.c */
void     _isc_view_load_events    (IscView            *self,
                                   const IscQuery     *query,
                                   gboolean            reset);
void     _isc_view_drop_events    (IscView            *self);

gboolean _isc_view_check_range    (const IscTimeRange  *range,
                                   GError             **error);
/* Notifies can-go-back and can-go-forward where they changed. */
void     _isc_view_notify_history (IscView            *self,
                                   gboolean            could_go_back,
                                   gboolean            could_go_forward);

G_END_DECLS
