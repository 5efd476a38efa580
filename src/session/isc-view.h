/* isc-view.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-client.h"
#include "isc-metrics-response.h"
#include "isc-target.h"
#include "isc-time-range.h"

G_BEGIN_DECLS

/* What one window shows, and everything that decides it, with no widget:
 * the client it reads with (the account's, whose cache the loads use when
 * a load fails), the target, the mode, the time range and its
 * history, the metrics asked for, the display switches, the refresh timer,
 * the current response with its age, and whether it is loading, stale or
 * failed. The window's pages bind to its properties.
 *
 * Loading: any change of client, target, mode, range or metrics loads at
 * once (a newer load cancels an older one; a superseded answer is never
 * shown). A load never blanks what is shown: "response" stays until the
 * next answer of the same target and mode replaces it. A failure keeps
 * it and sets "stale" and "error"; with nothing to show, the state is
 * ERROR. An answer whose series are all null is NO_DATA.
 *
 * Refresh: every "refresh-interval" seconds (0: off) while "active" (the
 * window is shown and not minimised) and "network-available", and only
 * for a relative range; becoming active or networked again after a missed
 * refresh loads at once. A rate-limited failure (429) waits at least as
 * long as the server asked before the next automatic load.
 *
 * Now (CURRENT) also loads "trend": the last hour in SERIES, for the
 * tiles' trend lines.
 */

typedef enum
{
  ISC_VIEW_EMPTY,    /* no client or no target */
  ISC_VIEW_LOADING,  /* the first load of this target and mode */
  ISC_VIEW_READY,    /* "response" holds metrics */
  ISC_VIEW_NO_DATA,  /* the answer has no metrics, or all are null */
  ISC_VIEW_ERROR,    /* the load failed with nothing to show */
} IscViewState;

#define ISC_TYPE_VIEW_STATE (isc_view_state_get_type ())

GType isc_view_state_get_type (void) G_GNUC_CONST;

/* The default range: the last hour. */
#define ISC_VIEW_DEFAULT_RANGE_MS ((gint64) 60 * 60 * 1000)
#define ISC_VIEW_DEFAULT_REFRESH_SECONDS 30

#define ISC_TYPE_VIEW (isc_view_get_type ())

G_DECLARE_FINAL_TYPE (IscView, isc_view, ISC, VIEW, GObject)

IscView            *isc_view_new                  (void);

/* "client" (IscClient, nullable) */
IscClient          *isc_view_get_client           (IscView            *self);
void                isc_view_set_client           (IscView            *self,
                                                   IscClient          *client);
/* "target" (IscTarget, boxed, nullable) */
const IscTarget    *isc_view_get_target           (IscView            *self);
void                isc_view_set_target           (IscView            *self,
                                                   const IscTarget    *target);
/* "mode" (IscMode): SERIES by default */
IscMode             isc_view_get_mode             (IscView            *self);
void                isc_view_set_mode             (IscView            *self,
                                                   IscMode             mode);

/* "cursor-time" (epoch ms, -1 for none): the moment the window's cursor
 * points at, shared by its pages: the Charts page's crosshair follows and
 * sets it, and selecting a log line sets it. No load. */
gint64              isc_view_get_cursor_time      (IscView            *self);
void                isc_view_set_cursor_time      (IscView            *self,
                                                   gint64              ms);

/* "range" (IscTimeRange, boxed): never NULL; the last hour by default.
 * Setting it refuses a window over 7 days, or not ending after it starts
 * (FALSE, ISC_QUERY_ERROR, in words), and otherwise pushes the range
 * before it on the history and clears the forward history. */
const IscTimeRange *isc_view_get_range            (IscView            *self);
gboolean            isc_view_set_range            (IscView            *self,
                                                   const IscTimeRange *range,
                                                   GError            **error);
/* "can-go-back", "can-go-forward"; go_back/forward return FALSE when
 * there is nothing there. */
gboolean            isc_view_get_can_go_back      (IscView            *self);
gboolean            isc_view_get_can_go_forward   (IscView            *self);
gboolean            isc_view_go_back              (IscView            *self);
gboolean            isc_view_go_forward           (IscView            *self);
/* Narrows (factor < 1) or widens (factor > 1) the range around its centre
 * as an absolute range, pushed on the history like any other; a wider
 * range is capped at 7 days and never ends after now. */
gboolean            isc_view_zoom                 (IscView            *self,
                                                   double              factor);

/* "metrics" (GStrv): the metrics asked for, in order; NULL asks for every
 * metric the catalogue knows (the server leaves out those that do not
 * apply). */
const char * const *isc_view_get_metrics          (IscView            *self);
void                isc_view_set_metrics          (IscView            *self,
                                                   const char * const *metrics);

/* "refused-metrics" (GStrv, never NULL): the metric names Baseten
 * refused for the target this session, in the order refused, as the
 * client keeps them for every view and the fleet
 * (isc_client_get_refused_metrics()): a 400 naming a metric asked for
 * leaves that name out of every later request of the target (its other
 * charts, its layout, stay as they are) and asks again at once. The view
 * showing the target when the client learns a name emits
 * "metric-refused" with it, for the window to say which: once per name
 * and target in the session, not on every refresh. */
const char * const *isc_view_get_refused_metrics  (IscView            *self);

/* "use-utc", "counters-as-totals": the display switches (no load). */
gboolean            isc_view_get_use_utc          (IscView            *self);
void                isc_view_set_use_utc          (IscView            *self,
                                                   gboolean            use_utc);
gboolean            isc_view_get_counters_as_totals (IscView          *self);
void                isc_view_set_counters_as_totals (IscView          *self,
                                                     gboolean          counters_as_totals);

/* "refresh-interval" (seconds, 0 = off), "active", "network-available" */
guint               isc_view_get_refresh_interval (IscView            *self);
void                isc_view_set_refresh_interval (IscView            *self,
                                                   guint               seconds);
gboolean            isc_view_get_active           (IscView            *self);
void                isc_view_set_active           (IscView            *self,
                                                   gboolean            active);
gboolean            isc_view_get_network_available (IscView           *self);
void                isc_view_set_network_available (IscView           *self,
                                                    gboolean           available);
/* "auto-refresh" (read-only): whether the timer runs now: an interval, a
 * relative range, active, networked, a target. */
gboolean            isc_view_get_auto_refresh     (IscView            *self);

/* Loads now (Refresh, Retry). */
void                isc_view_refresh              (IscView            *self);

/* "state", "loading", "stale" */
IscViewState        isc_view_get_state            (IscView            *self);
gboolean            isc_view_get_loading          (IscView            *self);
gboolean            isc_view_get_stale            (IscView            *self);
/* "error" (GError, boxed): the last load's failure, or NULL after a
 * success. */
const GError       *isc_view_get_error            (IscView            *self);
/* "response" (IscMetricsResponse, boxed), the answer shown, and "trend"
 * (Now only); "response-query" what it answered; "updated-ms" when it
 * was received (epoch ms; an older time for a cached answer shown
 * offline, 0 for one of unknown age). */
IscMetricsResponse *isc_view_get_response         (IscView            *self);
IscMetricsResponse *isc_view_get_trend            (IscView            *self);
const IscQuery     *isc_view_get_response_query   (IscView            *self);
gint64              isc_view_get_updated_ms       (IscView            *self);
/* "rate-limited-until-ms": while Baseten limits requests (a 429 that
 * outlasted the client's own retries), when the next automatic try is
 * (wall clock, epoch ms: the longer of the view's hold-off and the
 * server's Retry-After); 0 once requests go again (a load is sent) or
 * when not limited. */
gint64              isc_view_get_rate_limited_until_ms (IscView       *self);

/* The query the view sends now, or NULL without a target. */
IscQuery           *isc_view_dup_query            (IscView            *self);

/* Whether the events of the last load or refresh are still being read
 * (the metrics may be in already). */
gboolean            isc_view_get_events_loading   (IscView            *self);
/* Whether the view reads the audit log (the "events-enabled" property,
 * FALSE by default, so that a view whose events nobody shows asks for
 * nothing more than its metrics). Turned on, the events are read at once
 * and on each load and refresh after; turned off, they are dropped. */
gboolean            isc_view_get_events_enabled   (IscView            *self);
void                isc_view_set_events_enabled   (IscView            *self,
                                                   gboolean            enabled);
/* Events (the "events" property): the model's audit log over the view's
 * range, read on each load and refresh, the IscEvent items that concern
 * the target (isc_event_concerns()), in time order. Never NULL; empty
 * while nothing was read, and while the audit log cannot be read. The
 * same GListModel for the view's life: its items change, notified by
 * items-changed. */
GListModel         *isc_view_get_events           (IscView            *self);
/* The "events-unavailable" property: NULL while the audit log can be read
 * (or was not asked yet); once Baseten refused it (a 403), the sentence
 * to show once ("This API key may not read the audit log, so the charts
 * mark only the promotions Inferscope infers from the metrics."). It is
 * set once for a client: the refresh does not ask again, except every
 * ten minutes (a new key, new rights), and a refusal again does not
 * notify; it goes back to NULL when the audit log answers, or with
 * another client. */
const char         *isc_view_get_events_unavailable (IscView          *self);

/* Compare: an overlay of "compare-target" (IscTarget, nullable), another
 * deployment or environment, or of this target "compare-shift-ms" back
 * (gint64, 0 for none; ISC_VIEW_SHIFT_HOUR, _DAY, _WEEK); setting one
 * clears the other. In SERIES and SUMMARY the view then loads a second
 * query beside its own, of the same shape (mode, metrics, range; the
 * range moved back by the shift), into "compare-response" (read-only;
 * its times are the ones asked, not shifted: a chart moves them forward
 * by the shift). A failed compare load sets "compare-error" and keeps
 * the rest as it was: the main response, state and error are the main
 * load's alone. */
#define ISC_VIEW_SHIFT_HOUR ((gint64) 60 * 60 * 1000)
#define ISC_VIEW_SHIFT_DAY  (24 * ISC_VIEW_SHIFT_HOUR)
#define ISC_VIEW_SHIFT_WEEK (7 * ISC_VIEW_SHIFT_DAY)
const IscTarget    *isc_view_get_compare_target   (IscView            *self);
void                isc_view_set_compare_target   (IscView            *self,
                                                   const IscTarget    *target);
gint64              isc_view_get_compare_shift    (IscView            *self);
void                isc_view_set_compare_shift    (IscView            *self,
                                                   gint64              shift_ms);
IscMetricsResponse *isc_view_get_compare_response (IscView            *self);
const GError       *isc_view_get_compare_error    (IscView            *self);
/* What the compared series add to their labels: "1 hour earlier",
 * "1 day earlier", "last week", or the other target's name; NULL with
 * nothing compared. */
char               *isc_view_dup_compare_label    (IscView            *self);
/* The same for a widget's words: the other target's names as
 * isc_text_display_name() shows them. */
char               *isc_view_dup_compare_display_label (IscView       *self);
/* The same for a shift alone (NULL for 0), and "1h", "1d", "1w" read as
 * a shift (FALSE for anything else), for the command line. */
char               *isc_view_describe_shift       (gint64              shift_ms);
gboolean            isc_view_parse_shift          (const char         *text,
                                                   gint64             *shift_ms);

/* Saved state: a{sv} of the target, mode and range ("target", "mode",
 * "range"), and what is compared ("compare-target" or "compare-shift",
 * in ms). restore takes what it can read and ignores the rest. */
GVariant           *isc_view_save_state           (IscView            *self);
void                isc_view_restore_state        (IscView            *self,
                                                   GVariant           *state);

G_END_DECLS
