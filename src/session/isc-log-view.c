/* isc-log-view.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-log-view"

#include "config.h"

#include "isc-api-error.h"
#include "isc-log-view.h"
#include "isc-logs-pager.h"
#include "isc-logs-query.h"

struct _IscLogView
{
  GObject          parent_instance;

  /* Owned references */
  IscView         *view;
  GSignalGroup    *view_signals;
  GListStore      *lines;
  IscLogsPager    *pager;        /* the query loaded; NULL before the first */
  GCancellable    *cancellable;  /* the pager's requests */
  GError          *error;
  GError          *search_error;
  char            *replica;
  char            *request_id;
  char            *search_pattern;

  IscLogLevel      min_level;
  IscLogViewState  state;
  guint            max_lines;
  guint64          n_dropped;
  guint            follow_id;
  guint            follow_interval;  /* seconds */
  gint64           moment_ms;     /* the first load reaches back to it; -1 */
  guint            reach_pages;   /* pages back it took for it */

  guint            shown : 1;
  guint            following : 1;
  guint            loading : 1;
  guint            has_earlier : 1;
  guint            dirty : 1;     /* the query changed since the last load */
};

enum {
  PROP_0,
  PROP_VIEW,
  PROP_SHOWN,
  PROP_MIN_LEVEL,
  PROP_REPLICA,
  PROP_REQUEST_ID,
  PROP_SEARCH_PATTERN,
  PROP_LINES,
  PROP_FOLLOWING,
  PROP_CAN_FOLLOW,
  PROP_CAN_LOAD_EARLIER,
  PROP_STATE,
  PROP_LOADING,
  PROP_ERROR,
  PROP_SEARCH_ERROR,
  PROP_MAX_LINES,
  PROP_DROPPED,
  PROP_FOLLOW_INTERVAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IscLogView, isc_log_view, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (IscLogViewState, isc_log_view_state,
  G_DEFINE_ENUM_VALUE (ISC_LOG_VIEW_EMPTY, "empty"),
  G_DEFINE_ENUM_VALUE (ISC_LOG_VIEW_LOADING, "loading"),
  G_DEFINE_ENUM_VALUE (ISC_LOG_VIEW_READY, "ready"),
  G_DEFINE_ENUM_VALUE (ISC_LOG_VIEW_NO_LINES, "no-lines"),
  G_DEFINE_ENUM_VALUE (ISC_LOG_VIEW_ERROR, "error"))

typedef enum
{
  LOAD_FIRST,
  LOAD_TO_MOMENT,  /* the first load's earlier pages, back to its moment */
  LOAD_EARLIER,
  LOAD_LATER,
} LoadKind;

/* One request: whose pager it went to, so that the answer of a query
 * since replaced is dropped. */
typedef struct
{
  IscLogView   *self;
  IscLogsPager *pager;
  LoadKind      kind;
} Request;

static void
request_free (Request *request)
{
  g_clear_object (&request->self);
  g_clear_object (&request->pager);
  g_free (request);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Request, request_free)

static void update_follow (IscLogView *self);
static void load (IscLogView *self);
static Request *new_request (IscLogView *self,
                             LoadKind    kind);

/* Small setters that notify only on a change */

static void
set_state (IscLogView      *self,
           IscLogViewState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
set_loading (IscLogView *self,
             gboolean    loading)
{
  loading = !!loading;
  if (self->loading == loading)
    return;
  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_LOAD_EARLIER]);
}

static void
set_has_earlier (IscLogView *self,
                 gboolean    has_earlier)
{
  has_earlier = !!has_earlier;
  if (self->has_earlier == has_earlier)
    return;
  self->has_earlier = has_earlier;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_LOAD_EARLIER]);
}

static void
set_error (IscLogView   *self,
           const GError *error,
           gboolean      refused_pattern)
{
  const GError *search_error = refused_pattern ? error : NULL;

  if (self->error != NULL || error != NULL)
    {
      g_clear_error (&self->error);
      if (error != NULL)
        self->error = g_error_copy (error);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
    }
  if (self->search_error != NULL || search_error != NULL)
    {
      g_clear_error (&self->search_error);
      if (search_error != NULL)
        self->search_error = g_error_copy (search_error);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH_ERROR]);
    }
}

static void
add_dropped (IscLogView *self,
             guint       n)
{
  gboolean was = self->n_dropped > 0;

  if (n == 0)
    return;
  self->n_dropped += n;
  if (!was)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DROPPED]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_LOAD_EARLIER]);
    }
}

static gboolean
range_is_relative (IscLogView *self)
{
  return isc_view_get_range (self->view)->kind == ISC_TIME_RANGE_RELATIVE;
}

/* The lines */

static void
clear_lines (IscLogView *self)
{
  gboolean had_dropped = self->n_dropped > 0;

  g_list_store_remove_all (self->lines);
  self->n_dropped = 0;
  if (had_dropped)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DROPPED]);
}

/* Newer lines at the bottom; the oldest go past max_lines. */
static void
append_lines (IscLogView *self,
              GPtrArray  *lines)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->lines));
  guint skip = 0, excess;

  if (lines->len == 0)
    return;
  /* A page longer than all we keep: only its newest. */
  if (lines->len > self->max_lines)
    skip = lines->len - self->max_lines;
  excess = n + (lines->len - skip) > self->max_lines ? n + (lines->len - skip) - self->max_lines : 0;
  if (excess > 0)
    g_list_store_splice (self->lines, 0, excess, NULL, 0);
  g_list_store_splice (self->lines, n - excess, 0, lines->pdata + skip, lines->len - skip);
  add_dropped (self, skip + excess);
}

/* Older lines at the top; those past max_lines are the oldest of them. */
static void
prepend_lines (IscLogView *self,
               GPtrArray  *lines)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->lines));
  guint room = n < self->max_lines ? self->max_lines - n : 0;
  guint skip = lines->len > room ? lines->len - room : 0;

  if (lines->len > skip)
    g_list_store_splice (self->lines, 0, 0, lines->pdata + skip, lines->len - skip);
  add_dropped (self, skip);
}

static void
update_state_from_lines (IscLogView *self)
{
  set_state (self, g_list_model_get_n_items (G_LIST_MODEL (self->lines)) > 0 ? ISC_LOG_VIEW_READY
                                                                               : ISC_LOG_VIEW_NO_LINES);
}

/* Requests */

/* The most pages a first load goes back for its moment: 10,000 lines,
 * ten minutes of an incident's logging many times over, where a moment
 * set far back in a day's range would cost a request a page. */
#define MAX_REACH_PAGES 10

/* The first load of a range with the window's moment in it (Logs at This
 * Time) holds that moment: while the oldest line kept is after it, the
 * load goes on a page back, as Load Earlier would, before it is ready.
 * Not past what is kept, nor MAX_REACH_PAGES: a moment further back is
 * left for Load Earlier. */
static gboolean
short_of_moment (IscLogView *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->lines));
  g_autoptr(IscLogLine) oldest = NULL;

  if (self->moment_ms < 0 || n == 0 || !self->has_earlier || self->n_dropped > 0 ||
      self->reach_pages >= MAX_REACH_PAGES ||
      n + isc_logs_pager_get_query (self->pager)->limit > self->max_lines)
    return FALSE;
  oldest = g_list_model_get_item (G_LIST_MODEL (self->lines), 0);
  return isc_log_line_get_time_ms (oldest) > self->moment_ms;
}

/* Baseten refused the query's search pattern (the client tells a 400
 * about the pattern from any other). */
static gboolean
is_refused_pattern (const GError *error)
{
  return g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_SEARCH_PATTERN);
}

static void
load_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(Request) request = user_data;
  IscLogView *self = request->self;
  g_autoptr(GPtrArray) lines = NULL;
  g_autoptr(GError) error = NULL;

  lines = isc_logs_pager_load_finish (request->pager, result, &error);
  /* A query replaced since: its answer is not this one's. */
  if (request->pager != self->pager)
    return;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_object_freeze_notify (G_OBJECT (self));
  set_loading (self, FALSE);

  if (lines == NULL)
    {
      gboolean refused = is_refused_pattern (error);

      g_debug ("Logs not loaded: %s", error->message);
      set_error (self, error, refused);
      /* Lines already shown stay, under the error. */
      if (request->kind == LOAD_FIRST)
        set_state (self, ISC_LOG_VIEW_ERROR);
    }
  else
    {
      set_error (self, NULL, FALSE);
      switch (request->kind)
        {
        case LOAD_FIRST:
          append_lines (self, lines);
          /* A page less than full is all the range holds. */
          set_has_earlier (self, lines->len >= isc_logs_pager_get_query (request->pager)->limit);
          break;

        case LOAD_TO_MOMENT:
        case LOAD_EARLIER:
          prepend_lines (self, lines);
          set_has_earlier (self, isc_logs_pager_has_earlier (request->pager) && lines->len > 0);
          break;

        case LOAD_LATER:
        default:
          append_lines (self, lines);
          break;
        }

      if ((request->kind == LOAD_FIRST || request->kind == LOAD_TO_MOMENT) && short_of_moment (self))
        {
          self->reach_pages++;
          isc_logs_pager_load_earlier_async (self->pager, self->cancellable, load_cb,
                                             new_request (self, LOAD_TO_MOMENT));
          g_object_thaw_notify (G_OBJECT (self));
          return;
        }
      update_state_from_lines (self);
    }

  update_follow (self);
  g_object_thaw_notify (G_OBJECT (self));
}

static Request *
new_request (IscLogView *self,
             LoadKind    kind)
{
  Request *request = g_new0 (Request, 1);

  request->self = g_object_ref (self);
  request->pager = g_object_ref (self->pager);
  request->kind = kind;
  set_loading (self, TRUE);
  return request;
}

/* What the view and the filters ask for now, the range resolved at now;
 * NULL without a client or target. */
static IscLogsQuery *
make_query (IscLogView *self)
{
  const IscTarget *target = isc_view_get_target (self->view);
  IscLogsQuery *query;

  if (target == NULL || isc_view_get_client (self->view) == NULL)
    return NULL;

  query = isc_logs_query_new (target->model_id, target->kind, target->id);
  isc_time_range_resolve (isc_view_get_range (self->view), g_get_real_time () / 1000,
                          &query->start_ms, &query->end_ms);
  query->limit = ISC_LOGS_MAX_LIMIT;
  query->min_level = self->min_level;
  query->replica = g_strdup (self->replica);
  query->request_id = g_strdup (self->request_id);
  query->search_pattern = g_strdup (self->search_pattern);
  return query;
}

/* The newest page of the query as it stands: a new pager, the lines of
 * the last one gone. */
static void
load (IscLogView *self)
{
  g_autoptr(IscLogsQuery) query = NULL;
  g_autoptr(GError) error = NULL;

  g_object_freeze_notify (G_OBJECT (self));

  self->dirty = FALSE;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->pager);
  set_loading (self, FALSE);
  clear_lines (self);
  set_has_earlier (self, FALSE);

  query = make_query (self);
  if (query == NULL)
    {
      set_error (self, NULL, FALSE);
      set_state (self, ISC_LOG_VIEW_EMPTY);
    }
  else if (!isc_logs_query_validate (query, &error))
    {
      set_error (self, error, FALSE);
      set_state (self, ISC_LOG_VIEW_ERROR);
    }
  else
    {
      gint64 cursor_ms = isc_view_get_cursor_time (self->view);

      self->moment_ms = cursor_ms >= query->start_ms && cursor_ms <= query->end_ms ? cursor_ms : -1;
      self->reach_pages = 0;
      self->cancellable = g_cancellable_new ();
      self->pager = isc_logs_pager_new (isc_view_get_client (self->view), query);
      set_state (self, ISC_LOG_VIEW_LOADING);
      isc_logs_pager_load_first_async (self->pager, self->cancellable, load_cb,
                                       new_request (self, LOAD_FIRST));
    }

  update_follow (self);
  g_object_thaw_notify (G_OBJECT (self));
}

/* The query changed: loaded now when shown, else when next shown. */
static void
query_changed (IscLogView *self)
{
  self->dirty = TRUE;
  if (self->shown)
    load (self);
}

/* Follow */

static gboolean
follow_cb (gpointer user_data)
{
  IscLogView *self = user_data;
  IscClient *client = isc_view_get_client (self->view);

  if (self->loading || self->pager == NULL)
    return G_SOURCE_CONTINUE;
  /* A 429's Retry-After holds for every request of the client. */
  if (client != NULL && isc_client_get_retry_not_before_ms (client) > g_get_real_time () / 1000)
    return G_SOURCE_CONTINUE;
  isc_logs_pager_load_later_async (self->pager, self->cancellable, load_cb,
                                   new_request (self, LOAD_LATER));
  return G_SOURCE_CONTINUE;
}

/* Polls while following, shown, the window active and the range
 * relative, after a first answer. */
static void
update_follow (IscLogView *self)
{
  gboolean run = self->following && self->shown && isc_view_get_active (self->view) &&
                 range_is_relative (self) && self->pager != NULL &&
                 (self->state == ISC_LOG_VIEW_READY || self->state == ISC_LOG_VIEW_NO_LINES);

  if (run && self->follow_id == 0)
    {
      self->follow_id = g_timeout_add_seconds (self->follow_interval, follow_cb, self);
      g_source_set_name_by_id (self->follow_id, "[isc] log view follow");
    }
  else if (!run)
    g_clear_handle_id (&self->follow_id, g_source_remove);
}

/* The view */

static void
view_query_changed_cb (IscLogView *self)
{
  query_changed (self);
}

static void
view_range_changed_cb (IscLogView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_FOLLOW]);
  query_changed (self);
}

static void
view_active_changed_cb (IscLogView *self)
{
  update_follow (self);
}

/* GObject */

static void
isc_log_view_dispose (GObject *object)
{
  IscLogView *self = (IscLogView *) object;

  g_clear_handle_id (&self->follow_id, g_source_remove);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->pager);
  if (self->view_signals != NULL)
    g_signal_group_set_target (self->view_signals, NULL);
  g_clear_object (&self->view_signals);
  g_clear_object (&self->view);

  G_OBJECT_CLASS (isc_log_view_parent_class)->dispose (object);
}

static void
isc_log_view_finalize (GObject *object)
{
  IscLogView *self = (IscLogView *) object;

  g_clear_object (&self->lines);
  g_clear_error (&self->error);
  g_clear_error (&self->search_error);
  g_clear_pointer (&self->replica, g_free);
  g_clear_pointer (&self->request_id, g_free);
  g_clear_pointer (&self->search_pattern, g_free);

  G_OBJECT_CLASS (isc_log_view_parent_class)->finalize (object);
}

static void
isc_log_view_constructed (GObject *object)
{
  IscLogView *self = (IscLogView *) object;

  G_OBJECT_CLASS (isc_log_view_parent_class)->constructed (object);

  g_return_if_fail (ISC_IS_VIEW (self->view));

  self->view_signals = g_signal_group_new (ISC_TYPE_VIEW);
  g_signal_group_connect_swapped (self->view_signals, "notify::client", G_CALLBACK (view_query_changed_cb), self);
  g_signal_group_connect_swapped (self->view_signals, "notify::target", G_CALLBACK (view_query_changed_cb), self);
  g_signal_group_connect_swapped (self->view_signals, "notify::range", G_CALLBACK (view_range_changed_cb), self);
  g_signal_group_connect_swapped (self->view_signals, "notify::active", G_CALLBACK (view_active_changed_cb), self);
  g_signal_group_set_target (self->view_signals, self->view);
  self->dirty = TRUE;
}

static void
isc_log_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  IscLogView *self = ISC_LOG_VIEW (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      g_value_set_object (value, self->view);
      break;

    case PROP_SHOWN:
      g_value_set_boolean (value, self->shown);
      break;

    case PROP_MIN_LEVEL:
      g_value_set_int (value, self->min_level);
      break;

    case PROP_REPLICA:
      g_value_set_string (value, self->replica);
      break;

    case PROP_REQUEST_ID:
      g_value_set_string (value, self->request_id);
      break;

    case PROP_SEARCH_PATTERN:
      g_value_set_string (value, self->search_pattern);
      break;

    case PROP_LINES:
      g_value_set_object (value, self->lines);
      break;

    case PROP_FOLLOWING:
      g_value_set_boolean (value, self->following);
      break;

    case PROP_CAN_FOLLOW:
      g_value_set_boolean (value, isc_log_view_get_can_follow (self));
      break;

    case PROP_CAN_LOAD_EARLIER:
      g_value_set_boolean (value, isc_log_view_get_can_load_earlier (self));
      break;

    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;

    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;

    case PROP_SEARCH_ERROR:
      g_value_set_boxed (value, self->search_error);
      break;

    case PROP_MAX_LINES:
      g_value_set_uint (value, self->max_lines);
      break;

    case PROP_DROPPED:
      g_value_set_boolean (value, self->n_dropped > 0);
      break;

    case PROP_FOLLOW_INTERVAL:
      g_value_set_uint (value, self->follow_interval);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_log_view_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  IscLogView *self = ISC_LOG_VIEW (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      self->view = g_value_dup_object (value);
      break;

    case PROP_SHOWN:
      isc_log_view_set_shown (self, g_value_get_boolean (value));
      break;

    case PROP_MIN_LEVEL:
      isc_log_view_set_min_level (self, g_value_get_int (value));
      break;

    case PROP_REPLICA:
      isc_log_view_set_replica (self, g_value_get_string (value));
      break;

    case PROP_REQUEST_ID:
      isc_log_view_set_request_id (self, g_value_get_string (value));
      break;

    case PROP_SEARCH_PATTERN:
      isc_log_view_set_search_pattern (self, g_value_get_string (value));
      break;

    case PROP_FOLLOWING:
      isc_log_view_set_following (self, g_value_get_boolean (value));
      break;

    case PROP_MAX_LINES:
      isc_log_view_set_max_lines (self, g_value_get_uint (value));
      break;

    case PROP_FOLLOW_INTERVAL:
      if (self->follow_interval != g_value_get_uint (value))
        {
          self->follow_interval = g_value_get_uint (value);
          g_clear_handle_id (&self->follow_id, g_source_remove);
          update_follow (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_log_view_class_init (IscLogViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = isc_log_view_constructed;
  object_class->dispose = isc_log_view_dispose;
  object_class->finalize = isc_log_view_finalize;
  object_class->get_property = isc_log_view_get_property;
  object_class->set_property = isc_log_view_set_property;

  properties[PROP_VIEW] =
    g_param_spec_object ("view", NULL, NULL, ISC_TYPE_VIEW,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOWN] =
    g_param_spec_boolean ("shown", NULL, NULL, FALSE, rw);
  properties[PROP_MIN_LEVEL] =
    g_param_spec_int ("min-level", NULL, NULL, ISC_LOG_LEVEL_NONE, ISC_LOG_LEVEL_ERROR, ISC_LOG_LEVEL_NONE, rw);
  properties[PROP_REPLICA] =
    g_param_spec_string ("replica", NULL, NULL, NULL, rw);
  properties[PROP_REQUEST_ID] =
    g_param_spec_string ("request-id", NULL, NULL, NULL, rw);
  properties[PROP_SEARCH_PATTERN] =
    g_param_spec_string ("search-pattern", NULL, NULL, NULL, rw);
  properties[PROP_LINES] =
    g_param_spec_object ("lines", NULL, NULL, G_TYPE_LIST_MODEL, ro);
  properties[PROP_FOLLOWING] =
    g_param_spec_boolean ("following", NULL, NULL, FALSE, rw);
  properties[PROP_CAN_FOLLOW] =
    g_param_spec_boolean ("can-follow", NULL, NULL, TRUE, ro);
  properties[PROP_CAN_LOAD_EARLIER] =
    g_param_spec_boolean ("can-load-earlier", NULL, NULL, FALSE, ro);
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, ISC_TYPE_LOG_VIEW_STATE, ISC_LOG_VIEW_EMPTY, ro);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE, ro);
  properties[PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR, ro);
  properties[PROP_SEARCH_ERROR] =
    g_param_spec_boxed ("search-error", NULL, NULL, G_TYPE_ERROR, ro);
  properties[PROP_MAX_LINES] =
    g_param_spec_uint ("max-lines", NULL, NULL, 1, G_MAXUINT, ISC_LOG_VIEW_MAX_LINES, rw);
  properties[PROP_DROPPED] =
    g_param_spec_boolean ("dropped", NULL, NULL, FALSE, ro);
  properties[PROP_FOLLOW_INTERVAL] =
    g_param_spec_uint ("follow-interval", NULL, NULL, 1, 3600, ISC_LOG_VIEW_FOLLOW_SECONDS, rw);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_log_view_init (IscLogView *self)
{
  self->lines = g_list_store_new (ISC_TYPE_LOG_LINE);
  self->max_lines = ISC_LOG_VIEW_MAX_LINES;
  self->follow_interval = ISC_LOG_VIEW_FOLLOW_SECONDS;
  self->state = ISC_LOG_VIEW_EMPTY;
  self->min_level = ISC_LOG_LEVEL_NONE;
  self->moment_ms = -1;
}

/* Public API */

IscLogView *
isc_log_view_new (IscView *view)
{
  g_return_val_if_fail (ISC_IS_VIEW (view), NULL);
  return g_object_new (ISC_TYPE_LOG_VIEW, "view", view, NULL);
}

IscView *
isc_log_view_get_view (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), NULL);
  return self->view;
}

gboolean
isc_log_view_get_shown (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), FALSE);
  return self->shown;
}

void
isc_log_view_set_shown (IscLogView *self,
                        gboolean    shown)
{
  g_return_if_fail (ISC_IS_LOG_VIEW (self));

  shown = !!shown;
  if (self->shown == shown)
    return;
  self->shown = shown;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
  if (shown && self->dirty)
    load (self);
  else
    update_follow (self);
}

IscLogLevel
isc_log_view_get_min_level (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), ISC_LOG_LEVEL_NONE);
  return self->min_level;
}

void
isc_log_view_set_min_level (IscLogView  *self,
                            IscLogLevel  level)
{
  g_return_if_fail (ISC_IS_LOG_VIEW (self));
  g_return_if_fail (level <= ISC_LOG_LEVEL_ERROR);

  if (self->min_level == level)
    return;
  self->min_level = level;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MIN_LEVEL]);
  query_changed (self);
}

/* A filter: NULL and "" alike mean none. */
static gboolean
set_filter (IscLogView  *self,
            char       **field,
            const char  *value,
            guint        prop_id)
{
  if (value != NULL && value[0] == '\0')
    value = NULL;
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
  query_changed (self);
  return TRUE;
}

const char *
isc_log_view_get_replica (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), NULL);
  return self->replica;
}

void
isc_log_view_set_replica (IscLogView *self,
                          const char *replica)
{
  g_return_if_fail (ISC_IS_LOG_VIEW (self));
  set_filter (self, &self->replica, replica, PROP_REPLICA);
}

const char *
isc_log_view_get_request_id (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), NULL);
  return self->request_id;
}

void
isc_log_view_set_request_id (IscLogView *self,
                             const char *request_id)
{
  g_return_if_fail (ISC_IS_LOG_VIEW (self));
  set_filter (self, &self->request_id, request_id, PROP_REQUEST_ID);
}

const char *
isc_log_view_get_search_pattern (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), NULL);
  return self->search_pattern;
}

void
isc_log_view_set_search_pattern (IscLogView *self,
                                 const char *pattern)
{
  g_return_if_fail (ISC_IS_LOG_VIEW (self));
  set_filter (self, &self->search_pattern, pattern, PROP_SEARCH_PATTERN);
}

GListModel *
isc_log_view_get_lines (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), NULL);
  return G_LIST_MODEL (self->lines);
}

gboolean
isc_log_view_get_following (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), FALSE);
  return self->following;
}

void
isc_log_view_set_following (IscLogView *self,
                            gboolean    following)
{
  g_return_if_fail (ISC_IS_LOG_VIEW (self));

  following = !!following;
  if (self->following == following)
    return;
  self->following = following;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLLOWING]);
  update_follow (self);
  /* Turned on: the newest lines now, not in a few seconds. */
  if (self->follow_id != 0)
    follow_cb (self);
}

gboolean
isc_log_view_get_can_follow (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), FALSE);
  return range_is_relative (self);
}

gboolean
isc_log_view_get_can_load_earlier (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), FALSE);
  return self->pager != NULL && self->has_earlier && self->n_dropped == 0 && !self->loading;
}

void
isc_log_view_load_earlier (IscLogView *self)
{
  g_return_if_fail (ISC_IS_LOG_VIEW (self));

  if (!isc_log_view_get_can_load_earlier (self))
    return;
  isc_logs_pager_load_earlier_async (self->pager, self->cancellable, load_cb,
                                     new_request (self, LOAD_EARLIER));
}

void
isc_log_view_reload (IscLogView *self)
{
  g_return_if_fail (ISC_IS_LOG_VIEW (self));
  load (self);
}

IscLogViewState
isc_log_view_get_state (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), ISC_LOG_VIEW_EMPTY);
  return self->state;
}

gboolean
isc_log_view_get_loading (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), FALSE);
  return self->loading;
}

const GError *
isc_log_view_get_error (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), NULL);
  return self->error;
}

const GError *
isc_log_view_get_search_error (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), NULL);
  return self->search_error;
}

guint
isc_log_view_get_max_lines (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), 0);
  return self->max_lines;
}

void
isc_log_view_set_max_lines (IscLogView *self,
                            guint       max_lines)
{
  guint n;

  g_return_if_fail (ISC_IS_LOG_VIEW (self));
  g_return_if_fail (max_lines > 0);

  if (self->max_lines == max_lines)
    return;
  self->max_lines = max_lines;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->lines));
  if (n > max_lines)
    {
      g_list_store_splice (self->lines, 0, n - max_lines, NULL, 0);
      add_dropped (self, n - max_lines);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_LINES]);
}

gboolean
isc_log_view_get_dropped (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), FALSE);
  return self->n_dropped > 0;
}

guint64
isc_log_view_get_n_dropped (IscLogView *self)
{
  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), 0);
  return self->n_dropped;
}

guint
isc_log_view_find_time (IscLogView *self,
                        gint64      time_ms)
{
  GListModel *lines;
  guint lo = 0, hi;

  g_return_val_if_fail (ISC_IS_LOG_VIEW (self), G_MAXUINT);

  lines = G_LIST_MODEL (self->lines);
  hi = g_list_model_get_n_items (lines);
  if (hi == 0)
    return G_MAXUINT;
  /* The lines are in time order: the first not before @time_ms. */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      g_autoptr(IscLogLine) line = g_list_model_get_item (lines, mid);

      if (isc_log_line_get_time_ms (line) < time_ms)
        lo = mid + 1;
      else
        hi = mid;
    }
  return MIN (lo, g_list_model_get_n_items (lines) - 1);
}
