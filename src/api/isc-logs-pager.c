/* isc-logs-pager.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-logs-pager"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-client-private.h"
#include "isc-logs-pager.h"

/* Paging through logs that have no cursor.
 *
 * The API's window is in ms and its lines in ns, and nothing says whether
 * a window's ends are inclusive. So a page back asks up to the end of the
 * oldest line's millisecond (oldest_ms + 1), and a page forward from the
 * start of the newest line's (newest_ms): whatever the server's rule,
 * nothing between the pages is skipped, and what comes again is dropped.
 *
 * What comes again is known exactly. A page sorted by time and cut at its
 * limit holds every line strictly newer (desc) or older (asc) than its
 * last line: so every line strictly inside what was handed out is known,
 * and only the lines at exactly the oldest and the newest nanosecond need
 * remembering. Each boundary keeps those as a multiset of (replica,
 * message), the time being the same: two lines in one nanosecond from
 * two replicas are two lines, and so are two identical lines when the
 * server sends both.
 *
 * More lines in one millisecond than a page holds (a flood) would stall
 * that: a page back ending after that millisecond comes back full of
 * lines already seen. The pager then reads the millisecond from its other
 * end (asc from its start) and steps past it; if one millisecond holds
 * more than two pages of lines, those in its middle cannot be asked for
 * with a window in ms, and are missed (said in the debug log).
 *
 * Nothing is kept until a load succeeds: a load works on a copy of the
 * boundaries and gives it to the pager with its lines.
 */

/* The longest wait for a 429's Retry-After before a request; a longer one
 * fails at once, in words, as the client does. */
#define MAX_RETRY_WAIT_MS (60 * 1000)
/* The most pages one load_later reads while they come back full; the next
 * call goes on from there. */
#define MAX_LATER_PAGES 10
/* The most requests one load_earlier makes to step past a flood. */
#define MAX_EARLIER_REQUESTS 4

#define NS_PER_MS G_GINT64_CONSTANT (1000000)

typedef struct
{
  gint64      time_ns;
  GHashTable *keys;      /* "replica\x1fmessage" → count, at time_ns */
} Boundary;

/* What the pager knows of the lines it handed out. */
typedef struct
{
  gboolean  has_lines;
  gboolean  has_earlier;
  Boundary  oldest;
  Boundary  newest;
  gint64    later_from_ms;        /* without lines: where Follow starts */
  gint64    flood_oldest_ms;      /* a flooded millisecond read from both ends, or -1 */
  gint64    flood_newest_ms;
} State;

struct _IscLogsPager
{
  GObject       parent_instance;

  /* Owned references */
  IscClient    *client;
  IscLogsQuery *query;

  State         state;
  gboolean      busy;
};

G_DEFINE_FINAL_TYPE (IscLogsPager, isc_logs_pager, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_HAS_EARLIER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Safe text holds no control character: U+001E and U+001F cannot be part
 * of a replica or a message. */
static char *
line_key (IscLogLine *line)
{
  const char *replica = isc_log_line_get_replica (line);

  return g_strconcat (replica != NULL ? replica : "\x1e", "\x1f", isc_log_line_get_message (line), NULL);
}

static GHashTable *
keys_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static GHashTable *
keys_copy (GHashTable *keys)
{
  GHashTable *copy = keys_new ();
  GHashTableIter iter;
  gpointer key, value;

  if (keys == NULL)
    return copy;

  g_hash_table_iter_init (&iter, keys);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy, g_strdup (key), value);

  return copy;
}

static void
keys_add (GHashTable *keys,
          IscLogLine *line)
{
  char *key = line_key (line);
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (keys, key));

  g_hash_table_replace (keys, key, GUINT_TO_POINTER (n + 1));
}

/* TRUE when @keys holds the line, taking one of it. */
static gboolean
keys_take (GHashTable *keys,
           IscLogLine *line)
{
  g_autofree char *key = line_key (line);
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (keys, key));

  if (n == 0)
    return FALSE;

  if (n == 1)
    g_hash_table_remove (keys, key);
  else
    g_hash_table_insert (keys, g_steal_pointer (&key), GUINT_TO_POINTER (n - 1));

  return TRUE;
}

static void
state_clear (State *state)
{
  g_clear_pointer (&state->oldest.keys, g_hash_table_unref);
  g_clear_pointer (&state->newest.keys, g_hash_table_unref);
}

static void
state_copy (State       *dst,
            const State *src)
{
  *dst = *src;
  dst->oldest.keys = keys_copy (src->oldest.keys);
  dst->newest.keys = keys_copy (src->newest.keys);
}

static void
state_reset (State  *state,
             gint64  later_from_ms)
{
  state_clear (state);
  state->has_lines = FALSE;
  state->has_earlier = TRUE;
  state->oldest.time_ns = 0;
  state->newest.time_ns = 0;
  state->oldest.keys = keys_new ();
  state->newest.keys = keys_new ();
  state->later_from_ms = later_from_ms;
  state->flood_oldest_ms = -1;
  state->flood_newest_ms = -1;
}

static gint64
time_ms_of (gint64 time_ns)
{
  gint64 ms = time_ns / NS_PER_MS;

  return time_ns % NS_PER_MS < 0 ? ms - 1 : ms;
}

/* The lines of @page not handed out yet, going back (@earlier) or
 * forward from @boundary. */
static void
filter_page (GPtrArray      *page,
             const Boundary *boundary,
             gboolean        earlier,
             GPtrArray      *out)
{
  g_autoptr(GHashTable) left = keys_copy (boundary->keys);

  for (guint i = 0; i < page->len; i++)
    {
      IscLogLine *line = page->pdata[i];
      gint64 t = isc_log_line_get_time_ns (line);

      if (earlier ? t > boundary->time_ns : t < boundary->time_ns)
        continue;
      if (t == boundary->time_ns && keys_take (left, line))
        continue;

      g_ptr_array_add (out, g_object_ref (line));
    }
}

/* @lines (new, any order) move @boundary back (@earlier) or forward. */
static void
boundary_extend (Boundary  *boundary,
                 GPtrArray *lines,
                 gboolean   earlier)
{
  gint64 edge = boundary->time_ns;

  for (guint i = 0; i < lines->len; i++)
    {
      gint64 t = isc_log_line_get_time_ns (lines->pdata[i]);

      if (earlier ? t < edge : t > edge)
        edge = t;
    }

  if (edge != boundary->time_ns)
    {
      g_hash_table_remove_all (boundary->keys);
      boundary->time_ns = edge;
    }

  for (guint i = 0; i < lines->len; i++)
    if (isc_log_line_get_time_ns (lines->pdata[i]) == edge)
      keys_add (boundary->keys, lines->pdata[i]);
}

/* @lines were handed out: the other boundary holds those at its time too
 * (when the oldest and newest lines share one nanosecond), so that it
 * always holds every line handed out at its time. */
static void
boundary_note (Boundary  *boundary,
               GPtrArray *lines)
{
  for (guint i = 0; i < lines->len; i++)
    if (isc_log_line_get_time_ns (lines->pdata[i]) == boundary->time_ns)
      keys_add (boundary->keys, lines->pdata[i]);
}

/* The first lines known: both boundaries from them. */
static void
state_start (State     *state,
             GPtrArray *lines)
{
  gint64 oldest = G_MAXINT64;
  gint64 newest = G_MININT64;

  g_assert (lines->len > 0);

  for (guint i = 0; i < lines->len; i++)
    {
      gint64 t = isc_log_line_get_time_ns (lines->pdata[i]);

      oldest = MIN (oldest, t);
      newest = MAX (newest, t);
    }

  g_hash_table_remove_all (state->oldest.keys);
  g_hash_table_remove_all (state->newest.keys);
  state->oldest.time_ns = oldest;
  state->newest.time_ns = newest;
  for (guint i = 0; i < lines->len; i++)
    {
      gint64 t = isc_log_line_get_time_ns (lines->pdata[i]);

      if (t == oldest)
        keys_add (state->oldest.keys, lines->pdata[i]);
      if (t == newest)
        keys_add (state->newest.keys, lines->pdata[i]);
    }
  state->has_lines = TRUE;
}

static int
compare_time (gconstpointer a,
              gconstpointer b)
{
  gint64 ta = isc_log_line_get_time_ns (*(IscLogLine **) a);
  gint64 tb = isc_log_line_get_time_ns (*(IscLogLine **) b);

  return ta < tb ? -1 : ta > tb ? 1 : 0;
}

/* ------------------------------------------------------------------------
 * The object
 * ------------------------------------------------------------------------ */

static void
isc_logs_pager_dispose (GObject *object)
{
  IscLogsPager *self = (IscLogsPager *) object;

  g_clear_object (&self->client);

  G_OBJECT_CLASS (isc_logs_pager_parent_class)->dispose (object);
}

static void
isc_logs_pager_finalize (GObject *object)
{
  IscLogsPager *self = (IscLogsPager *) object;

  g_clear_pointer (&self->query, isc_logs_query_free);
  state_clear (&self->state);

  G_OBJECT_CLASS (isc_logs_pager_parent_class)->finalize (object);
}

static void
isc_logs_pager_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  IscLogsPager *self = ISC_LOGS_PAGER (object);

  switch (prop_id)
    {
    case PROP_HAS_EARLIER:
      g_value_set_boolean (value, self->state.has_earlier);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_logs_pager_class_init (IscLogsPagerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_logs_pager_dispose;
  object_class->finalize = isc_logs_pager_finalize;
  object_class->get_property = isc_logs_pager_get_property;

  /* Whether Load Earlier may find more; for a button's sensitivity. */
  properties[PROP_HAS_EARLIER] =
    g_param_spec_boolean ("has-earlier", NULL, NULL, TRUE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_logs_pager_init (IscLogsPager *self)
{
}

IscLogsPager *
isc_logs_pager_new (IscClient          *client,
                    const IscLogsQuery *query)
{
  IscLogsPager *self;

  g_return_val_if_fail (ISC_IS_CLIENT (client), NULL);
  g_return_val_if_fail (query != NULL, NULL);

  self = g_object_new (ISC_TYPE_LOGS_PAGER, NULL);
  self->client = g_object_ref (client);
  self->query = isc_logs_query_copy (query);
  state_reset (&self->state, query->end_ms > 0 ? query->end_ms : g_get_real_time () / 1000);

  return self;
}

const IscLogsQuery *
isc_logs_pager_get_query (IscLogsPager *self)
{
  g_return_val_if_fail (ISC_IS_LOGS_PAGER (self), NULL);

  return self->query;
}

gboolean
isc_logs_pager_has_earlier (IscLogsPager *self)
{
  g_return_val_if_fail (ISC_IS_LOGS_PAGER (self), FALSE);

  return self->state.has_earlier;
}

/* ------------------------------------------------------------------------
 * Loads
 * ------------------------------------------------------------------------ */

typedef enum
{
  LOAD_FIRST,
  LOAD_EARLIER,
  LOAD_LATER,
} LoadKind;

/* Where a load is in its requests. */
typedef enum
{
  STEP_PAGE,        /* first: desc; earlier: desc; later: asc */
  STEP_FLOOD,       /* the flooded millisecond from its other end */
} Step;

typedef struct
{
  LoadKind      kind;
  Step          step;
  State         state;         /* the pager's, as this load changes it */
  guint         limit;
  IscLogsQuery *page_query;    /* the request in flight */
  GPtrArray    *lines;         /* new lines, owning */
  guint         n_requests;
  gint64        start_ms;      /* earlier: the query's start (0: none) */
  gint64        end_ms;        /* earlier: the end of the next page back */
  gint64        from_ms;       /* later: the start of the next page forward */
  GSource      *wait_source;
  GSource      *cancel_source;
  gboolean      waited;        /* for the rate limit, before this request */
} Load;

static void
destroy_source (GSource **source)
{
  if (*source != NULL)
    {
      g_source_destroy (*source);
      g_clear_pointer (source, g_source_unref);
    }
}

static void
load_free (gpointer data)
{
  Load *load = data;

  destroy_source (&load->wait_source);
  destroy_source (&load->cancel_source);
  state_clear (&load->state);
  g_clear_pointer (&load->page_query, isc_logs_query_free);
  g_clear_pointer (&load->lines, g_ptr_array_unref);
  g_free (load);
}

static void send_page (GTask *task);

static void
load_return_error (GTask  *task,
                   GError *error)
{
  IscLogsPager *self = g_task_get_source_object (task);

  self->busy = FALSE;
  g_task_return_error (task, error);
}

/* The load succeeded: the pager takes its state, the caller its lines. */
static void
load_return (GTask *task)
{
  IscLogsPager *self = g_task_get_source_object (task);
  Load *load = g_task_get_task_data (task);
  gboolean had_earlier = self->state.has_earlier;

  state_clear (&self->state);
  self->state = load->state;
  load->state.oldest.keys = NULL;
  load->state.newest.keys = NULL;
  self->busy = FALSE;

  if (had_earlier != self->state.has_earlier)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_EARLIER]);

  g_ptr_array_sort (load->lines, compare_time);
  g_task_return_pointer (task, g_steal_pointer (&load->lines), (GDestroyNotify) g_ptr_array_unref);
}

/* What a page of the first load did. */
static gboolean
first_page_done (Load      *load,
                 GPtrArray *page)
{
  load->state.has_earlier = page->len >= load->limit;
  for (guint i = 0; i < page->len; i++)
    g_ptr_array_add (load->lines, g_object_ref (page->pdata[i]));
  if (load->lines->len > 0)
    state_start (&load->state, load->lines);

  return TRUE;
}

/* What a page back did; FALSE when another request follows. */
static gboolean
earlier_page_done (Load      *load,
                   GPtrArray *page)
{
  State *state = &load->state;
  g_autoptr(GPtrArray) fresh = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean full = page->len >= load->limit;
  gint64 oldest_ms = time_ms_of (state->oldest.time_ns);

  filter_page (page, &state->oldest, TRUE, fresh);

  if (fresh->len > 0)
    {
      /* Read from both ends, a full page that met nothing known. */
      if (load->step == STEP_FLOOD && full && fresh->len == page->len)
        g_debug ("More than two pages of lines in the millisecond %" G_GINT64_FORMAT
                 ": those in its middle are missed", oldest_ms);
      boundary_extend (&state->oldest, fresh, TRUE);
      boundary_note (&state->newest, fresh);
      for (guint i = 0; i < fresh->len; i++)
        g_ptr_array_add (load->lines, g_object_ref (fresh->pdata[i]));
      /* A flood's start says nothing of what lies before it. */
      state->has_earlier = full || load->step == STEP_FLOOD;
      return TRUE;
    }

  if (load->step == STEP_PAGE && !full)
    {
      state->has_earlier = FALSE;
      return TRUE;
    }

  if (load->step == STEP_PAGE && state->flood_oldest_ms != oldest_ms)
    {
      /* A whole page of lines already handed out: the oldest millisecond
       * holds more than a page. Read it from its start. */
      state->flood_oldest_ms = oldest_ms;
      load->step = STEP_FLOOD;
    }
  else
    {
      /* Then step past it, whether the server's end is inclusive or not. */
      load->step = STEP_PAGE;
      load->end_ms = load->end_ms > oldest_ms ? oldest_ms : load->end_ms - 1;
      if (load->start_ms > 0 && load->end_ms <= load->start_ms)
        {
          state->has_earlier = FALSE;
          return TRUE;
        }
    }

  if (load->n_requests >= MAX_EARLIER_REQUESTS)
    {
      g_debug ("No earlier lines found in %u requests", load->n_requests);
      return TRUE;
    }

  return FALSE;
}

/* What a page forward did; FALSE when another request follows. */
static gboolean
later_page_done (Load      *load,
                 GPtrArray *page)
{
  State *state = &load->state;
  g_autoptr(GPtrArray) fresh = g_ptr_array_new_with_free_func (g_object_unref);
  gboolean full = page->len >= load->limit;
  gint64 newest_ms;

  if (!state->has_lines)
    {
      for (guint i = 0; i < page->len; i++)
        g_ptr_array_add (fresh, g_object_ref (page->pdata[i]));
      if (fresh->len > 0)
        state_start (state, fresh);
    }
  else
    {
      filter_page (page, &state->newest, FALSE, fresh);
      if (fresh->len > 0)
        {
          boundary_extend (&state->newest, fresh, FALSE);
          boundary_note (&state->oldest, fresh);
        }
    }

  for (guint i = 0; i < fresh->len; i++)
    g_ptr_array_add (load->lines, g_object_ref (fresh->pdata[i]));

  if (!full && load->step == STEP_PAGE)
    {
      if (!state->has_lines)
        state->later_from_ms = load->page_query->end_ms;
      return TRUE;
    }

  /* A full page forward, or the flooded millisecond read from its end:
   * there may be more, from past it. */
  newest_ms = time_ms_of (state->newest.time_ns);

  if (fresh->len == 0 && load->step == STEP_PAGE)
    {
      if (state->flood_newest_ms != newest_ms)
        {
          /* A whole page of lines already handed out: the newest
           * millisecond holds more than a page. Read it from its end. */
          state->flood_newest_ms = newest_ms;
          load->step = STEP_FLOOD;
          return load->n_requests >= MAX_LATER_PAGES;
        }

      state->flood_newest_ms = newest_ms;
    }
  else if (load->step == STEP_FLOOD && full && fresh->len == page->len)
    g_debug ("More than two pages of lines in the millisecond %" G_GINT64_FORMAT
             ": those in its middle are missed", newest_ms);

  load->step = STEP_PAGE;
  load->from_ms = state->flood_newest_ms == newest_ms ? newest_ms + 1 : newest_ms;

  return load->n_requests >= MAX_LATER_PAGES;
}

static void
on_page (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Load *load = g_task_get_task_data (task);
  g_autoptr(GPtrArray) page = NULL;
  GError *error = NULL;
  gboolean done;

  page = isc_client_fetch_logs_finish (ISC_CLIENT (object), result, &error);
  if (page == NULL)
    {
      load_return_error (task, error);
      return;
    }

  /* Oldest first, whatever the order sent: a page cut at its limit is cut
   * at its end in time, which is all the filters rely on. */
  g_ptr_array_sort (page, compare_time);

  switch (load->kind)
    {
    case LOAD_FIRST:
      done = first_page_done (load, page);
      break;

    case LOAD_EARLIER:
      done = earlier_page_done (load, page);
      break;

    case LOAD_LATER:
    default:
      done = later_page_done (load, page);
      break;
    }

  if (done)
    load_return (task);
  else
    send_page (task);
}

/* The query of the next request, from what the load knows. */
static IscLogsQuery *
next_page_query (IscLogsPager *self,
                 Load         *load)
{
  IscLogsQuery *page = isc_logs_query_copy (self->query);
  State *state = &load->state;

  page->limit = load->limit;

  switch (load->kind)
    {
    case LOAD_FIRST:
      page->direction = ISC_LOGS_DIRECTION_DESC;
      page->end_ms = state->later_from_ms;
      break;

    case LOAD_EARLIER:
      if (load->step == STEP_FLOOD)
        {
          gint64 oldest_ms = time_ms_of (state->oldest.time_ns);

          page->direction = ISC_LOGS_DIRECTION_ASC;
          page->start_ms = MAX (load->start_ms, oldest_ms);
          page->end_ms = oldest_ms + 1;
        }
      else
        {
          page->direction = ISC_LOGS_DIRECTION_DESC;
          page->end_ms = load->end_ms;
        }
      break;

    case LOAD_LATER:
    default:
      if (load->step == STEP_FLOOD)
        {
          gint64 newest_ms = time_ms_of (state->newest.time_ns);

          page->direction = ISC_LOGS_DIRECTION_DESC;
          page->start_ms = newest_ms;
          page->end_ms = newest_ms + 1;
        }
      else
        {
          gint64 now_ms = g_get_real_time () / 1000;

          page->direction = ISC_LOGS_DIRECTION_ASC;
          page->start_ms = MAX (load->from_ms, 1);
          /* A server clock ahead of ours still gets a window. */
          page->end_ms = MAX (now_ms, page->start_ms + 1);
          if (page->end_ms - page->start_ms > ISC_TIME_RANGE_MAX_MS)
            {
              g_debug ("Following from more than 7 days back: the lines before the last 7 days are missed");
              page->start_ms = page->end_ms - ISC_TIME_RANGE_MAX_MS;
            }
        }
      break;
    }

  return page;
}

static void
load_wait_over (Load *load)
{
  destroy_source (&load->wait_source);
  destroy_source (&load->cancel_source);
}

static gboolean
on_wait_done (gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  Load *load = g_task_get_task_data (task);

  load_wait_over (load);
  load->waited = TRUE;
  send_page (task);

  return G_SOURCE_REMOVE;
}

static gboolean
on_wait_cancelled (GCancellable *cancellable,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;

  load_wait_over (g_task_get_task_data (task));
  load_return_error (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                _("Operation was cancelled")));

  return G_SOURCE_REMOVE;
}

/* Sends the next request, after the wait a 429 asked for: the client
 * waits between its own retries, the pager before its next request. */
static void
send_page (GTask *task)
{
  IscLogsPager *self = g_task_get_source_object (task);
  Load *load = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  gint64 not_before_ms = isc_client_get_retry_not_before_ms (self->client);
  gint64 now_ms = g_get_real_time () / 1000;

  if (g_cancellable_is_cancelled (cancellable))
    {
      load_return_error (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                    _("Operation was cancelled")));
      return;
    }

  if (not_before_ms > now_ms && !load->waited)
    {
      gint64 wait_ms = not_before_ms - now_ms;
      double scaled = (double) wait_ms * self->client->delay_scale;

      if (wait_ms > MAX_RETRY_WAIT_MS)
        {
          load_return_error (task, g_error_new (ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED,
                                                _("Baseten is limiting requests (HTTP 429) and asks to wait %.0f seconds. "
                                                  "Try again after that."),
                                                ceil ((double) wait_ms / 1000.0)));
          return;
        }

      if (scaled >= 1.0)
        {
          g_debug ("Waiting %.0f ms for Baseten's rate limit", scaled);
          load->wait_source = g_timeout_source_new ((guint) scaled);
          g_source_set_callback (load->wait_source, on_wait_done, g_object_ref (task), NULL);
          g_source_set_static_name (load->wait_source, "[inferscope] logs rate limit wait");
          g_source_attach (load->wait_source, g_main_context_get_thread_default ());

          if (cancellable != NULL)
            {
              load->cancel_source = g_cancellable_source_new (cancellable);
              g_source_set_callback (load->cancel_source, G_SOURCE_FUNC (on_wait_cancelled), task, NULL);
              g_source_attach (load->cancel_source, g_main_context_get_thread_default ());
            }
          return;
        }
    }

  g_clear_pointer (&load->page_query, isc_logs_query_free);
  load->page_query = next_page_query (self, load);
  load->n_requests++;
  load->waited = FALSE;

  isc_client_fetch_logs_async (self->client, load->page_query, cancellable,
                               on_page, g_object_ref (task));
}

static void
start_load (IscLogsPager        *self,
            LoadKind             kind,
            GCancellable        *cancellable,
            GAsyncReadyCallback  callback,
            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Load *load;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_logs_pager_load_finish);

  if (self->busy)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                               _("The logs are already being loaded."));
      return;
    }

  load = g_new0 (Load, 1);
  load->kind = kind;
  load->step = STEP_PAGE;
  load->limit = self->query->limit > 0 ? self->query->limit : ISC_LOGS_DEFAULT_LIMIT;
  load->lines = g_ptr_array_new_with_free_func (g_object_unref);
  load->start_ms = self->query->start_ms;
  g_task_set_task_data (task, load, load_free);

  if (kind == LOAD_FIRST)
    state_reset (&load->state, self->query->end_ms > 0 ? self->query->end_ms : g_get_real_time () / 1000);
  else
    state_copy (&load->state, &self->state);

  self->busy = TRUE;

  if (kind == LOAD_EARLIER)
    {
      gint64 oldest_ms = time_ms_of (load->state.oldest.time_ns);

      if (!load->state.has_lines || !load->state.has_earlier)
        {
          load->state.has_earlier = FALSE;
          load_return (task);
          return;
        }

      load->end_ms = load->state.flood_oldest_ms == oldest_ms ? oldest_ms : oldest_ms + 1;
      if (load->start_ms > 0 && load->end_ms <= load->start_ms)
        {
          load->state.has_earlier = FALSE;
          load_return (task);
          return;
        }
    }
  else if (kind == LOAD_LATER)
    {
      if (load->state.has_lines)
        {
          gint64 newest_ms = time_ms_of (load->state.newest.time_ns);

          load->from_ms = load->state.flood_newest_ms == newest_ms ? newest_ms + 1 : newest_ms;
        }
      else
        load->from_ms = load->state.later_from_ms;
    }

  send_page (task);
}

void
isc_logs_pager_load_first_async (IscLogsPager        *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (ISC_IS_LOGS_PAGER (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  start_load (self, LOAD_FIRST, cancellable, callback, user_data);
}

void
isc_logs_pager_load_earlier_async (IscLogsPager        *self,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_return_if_fail (ISC_IS_LOGS_PAGER (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  start_load (self, LOAD_EARLIER, cancellable, callback, user_data);
}

void
isc_logs_pager_load_later_async (IscLogsPager        *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (ISC_IS_LOGS_PAGER (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  start_load (self, LOAD_LATER, cancellable, callback, user_data);
}

GPtrArray *
isc_logs_pager_load_finish (IscLogsPager  *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (ISC_IS_LOGS_PAGER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == isc_logs_pager_load_finish, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
