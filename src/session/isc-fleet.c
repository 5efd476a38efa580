/* isc-fleet.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-fleet"

#include "config.h"

#include "isc-api-error.h"
#include "isc-fleet-row-private.h"
#include "isc-fleet.h"
#include "isc-target-item.h"

/* A row whose request gave up on 429s goes back in the queue this often. */
#define MAX_RATE_LIMIT_REQUEUES 3

struct _IscFleet
{
  GObject        parent_instance;

  /* Owned references */
  IscClient     *client;
  IscTargetList *target_list;
  IscTimeRange  *range;
  GPtrArray     *rows;          /* of IscFleetRow */

  guint          max_in_flight;
  guint          refresh_interval;
  gboolean       active;

  gulong         items_changed_id;
  gulong         loading_changed_id;
  /* The last pass began while discovery was still listing targets. */
  gboolean       pass_before_list;
  guint          rebuild_id;

  /* The current pass */
  GCancellable  *cancellable;
  GQueue         queue;         /* of Pending */
  guint          in_flight;     /* of every pass: the cancelled ones still count */
  guint          n_done;
  guint          n_failed;
  guint          n_pass;        /* rows in this pass */
  gboolean       loading;
  gint64         start_ms;      /* the range, resolved when the pass began */
  gint64         end_ms;
  gint64         pass_started_us;
  guint          hold_id;       /* waiting out a Retry-After */
  guint          refresh_id;
};

static void isc_fleet_list_model_init (GListModelInterface *iface);

G_DEFINE_TYPE_WITH_CODE (IscFleet, isc_fleet, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, isc_fleet_list_model_init))

enum {
  PROP_0,
  PROP_CLIENT,
  PROP_TARGET_LIST,
  PROP_RANGE,
  PROP_MAX_IN_FLIGHT,
  PROP_ACTIVE,
  PROP_REFRESH_INTERVAL,
  PROP_LOADING,
  PROP_N_DONE,
  PROP_N_FAILED,
  PROP_IN_FLIGHT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  IscFleetRow *row;
  guint        requeues;
} Pending;

static void
pending_free (Pending *pending)
{
  g_clear_object (&pending->row);
  g_free (pending);
}

/* One request on its way. */
typedef struct
{
  GWeakRef      self;         /* not a reference: a fleet let go stops */
  IscClient    *client;
  GCancellable *cancellable;
  IscFleetRow  *row;
  guint         requeues;
} Request;

static void
request_free (Request *request)
{
  g_weak_ref_clear (&request->self);
  g_clear_object (&request->client);
  g_clear_object (&request->cancellable);
  g_clear_object (&request->row);
  g_free (request);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Request, request_free)

static void dispatch (IscFleet *self);

/* GListModel */

static GType
isc_fleet_get_item_type (GListModel *model)
{
  return ISC_TYPE_FLEET_ROW;
}

static guint
isc_fleet_get_n_items (GListModel *model)
{
  return ISC_FLEET (model)->rows->len;
}

static gpointer
isc_fleet_get_item (GListModel *model,
                    guint       position)
{
  IscFleet *self = ISC_FLEET (model);

  if (position >= self->rows->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->rows, position));
}

static void
isc_fleet_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = isc_fleet_get_item_type;
  iface->get_n_items = isc_fleet_get_n_items;
  iface->get_item = isc_fleet_get_item;
}

/* Small setters */

static void
set_loading (IscFleet *self,
             gboolean  loading)
{
  loading = !!loading;
  if (self->loading == loading)
    return;

  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
set_in_flight (IscFleet *self,
               guint     in_flight)
{
  if (self->in_flight == in_flight)
    return;

  self->in_flight = in_flight;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IN_FLIGHT]);
}

/* The rows */

/* What the overview shows: production and development environments, and
 * deployments that serve. */
static gboolean
item_is_row (IscTargetItem *item)
{
  const IscTarget *target = isc_target_item_get_target (item);

  switch (isc_target_item_get_kind (item))
    {
    case ISC_TARGET_ITEM_ENVIRONMENT:
      return target != NULL &&
             (g_str_equal (target->id, "production") || g_str_equal (target->id, "development"));
    case ISC_TARGET_ITEM_DEPLOYMENT:
      return target != NULL && isc_target_item_get_is_active (item);
    case ISC_TARGET_ITEM_MODEL:
    default:
      return FALSE;
    }
}

static IscFleetRow *
find_row (GPtrArray       *rows,
          const IscTarget *target,
          guint           *position)
{
  for (guint i = 0; i < rows->len; i++)
    {
      IscFleetRow *row = g_ptr_array_index (rows, i);

      if (isc_target_equal (isc_fleet_row_get_target (row), target))
        {
          if (position != NULL)
            *position = i;
          return row;
        }
    }

  return NULL;
}

/* From the target list, keeping the rows of targets it still has. */
static void
rebuild_rows (IscFleet *self)
{
  g_autoptr(GPtrArray) old = g_steal_pointer (&self->rows);
  g_autoptr(GHashTable) by_target = g_hash_table_new ((GHashFunc) isc_target_hash, (GEqualFunc) isc_target_equal);
  g_autoptr(GHashTable) siblings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                          (GDestroyNotify) g_ptr_array_unref);
  guint n = self->target_list != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->target_list)) : 0;
  gboolean same;

  for (guint i = 0; i < old->len; i++)
    {
      IscFleetRow *row = g_ptr_array_index (old, i);

      g_hash_table_insert (by_target, (gpointer) isc_fleet_row_get_target (row), row);
    }

  /* Each model's deployments, for the environments' diagnoses. */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IscTargetItem) item = g_list_model_get_item (G_LIST_MODEL (self->target_list), i);
      IscDeployment *deployment = isc_target_item_get_deployment (item);
      GPtrArray *list;

      if (isc_target_item_get_kind (item) != ISC_TARGET_ITEM_DEPLOYMENT || deployment == NULL)
        continue;
      list = g_hash_table_lookup (siblings, isc_target_item_get_model_id (item));
      if (list == NULL)
        {
          list = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_deployment_unref);
          g_hash_table_insert (siblings, g_strdup (isc_target_item_get_model_id (item)), list);
        }
      g_ptr_array_add (list, isc_deployment_ref (deployment));
    }

  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IscTargetItem) item = g_list_model_get_item (G_LIST_MODEL (self->target_list), i);
      GPtrArray *model_deployments;
      IscFleetRow *row;

      if (!item_is_row (item))
        continue;

      row = g_hash_table_lookup (by_target, isc_target_item_get_target (item));
      if (row != NULL)
        {
          _isc_fleet_row_set_item (row, item);
          g_ptr_array_add (self->rows, g_object_ref (row));
          /* A target listed twice gets one row. */
          g_hash_table_remove (by_target, isc_target_item_get_target (item));
        }
      else if (find_row (self->rows, isc_target_item_get_target (item), NULL) == NULL)
        g_ptr_array_add (self->rows, row = _isc_fleet_row_new (item));
      model_deployments = g_hash_table_lookup (siblings, isc_target_item_get_model_id (item));
      if (row != NULL && model_deployments != NULL)
        _isc_fleet_row_set_siblings (row, item, model_deployments);
    }

  same = old->len == self->rows->len;
  for (guint i = 0; same && i < old->len; i++)
    same = old->pdata[i] == self->rows->pdata[i];

  if (!same)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old->len, self->rows->len);
}

/* The pass */

static void
stop_refresh_timer (IscFleet *self)
{
  g_clear_handle_id (&self->refresh_id, g_source_remove);
}

static gboolean
refresh_cb (gpointer user_data)
{
  IscFleet *self = user_data;

  self->refresh_id = 0;
  isc_fleet_refresh (self);
  return G_SOURCE_REMOVE;
}

/* After a pass: the next one, when the interval has passed since this
 * one began. */
static void
schedule_refresh (IscFleet *self)
{
  gint64 elapsed_s;
  guint wait_s;

  stop_refresh_timer (self);
  if (!self->active || self->refresh_interval == 0 || self->client == NULL ||
      self->range->kind != ISC_TIME_RANGE_RELATIVE)
    return;

  elapsed_s = (g_get_monotonic_time () - self->pass_started_us) / G_USEC_PER_SEC;
  wait_s = elapsed_s >= (gint64) self->refresh_interval ? 1 : self->refresh_interval - (guint) elapsed_s;
  self->refresh_id = g_timeout_add_seconds (wait_s, refresh_cb, self);
}

static void
row_done (IscFleet    *self,
          IscFleetRow *row,
          gboolean     failed)
{
  guint position;

  _isc_fleet_row_set_loading (row, FALSE);
  self->n_done++;
  if (failed)
    self->n_failed++;

  if (find_row (self->rows, isc_fleet_row_get_target (row), &position) != NULL &&
      g_ptr_array_index (self->rows, position) == row)
    g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 1);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_DONE]);
  if (failed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_FAILED]);

  if (self->n_done >= self->n_pass)
    {
      set_loading (self, FALSE);
      schedule_refresh (self);
    }
}

static void
fetch_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(Request) request = user_data;
  g_autoptr(IscFleet) self = g_weak_ref_get (&request->self);
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;

  response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &error);
  if (self == NULL)
    return;
  set_in_flight (self, self->in_flight - 1);

  /* A pass that was replaced: its rows are loading again already. */
  if (g_cancellable_is_cancelled (request->cancellable) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      dispatch (self);
      return;
    }

  if (error != NULL && g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED) &&
      request->requeues < MAX_RATE_LIMIT_REQUEUES)
    {
      Pending *pending = g_new0 (Pending, 1);

      g_debug ("Rate limited: %s goes back in the queue", isc_fleet_row_get_name (request->row));
      pending->row = g_object_ref (request->row);
      pending->requeues = request->requeues + 1;
      g_queue_push_head (&self->queue, pending);
      dispatch (self);
      return;
    }

  if (error != NULL)
    {
      g_debug ("Could not load %s: %s", isc_fleet_row_get_name (request->row), error->message);
      _isc_fleet_row_set_error (request->row, error);
    }
  else
    _isc_fleet_row_set_response (request->row, response, self->start_ms, self->end_ms);

  row_done (self, request->row, error != NULL);
  dispatch (self);
}

static gboolean
hold_done_cb (gpointer user_data)
{
  IscFleet *self = user_data;

  self->hold_id = 0;
  dispatch (self);
  return G_SOURCE_REMOVE;
}

static void
start_request (IscFleet *self,
               Pending  *pending)
{
  g_autoptr(IscTimeRange) range = NULL;
  g_autoptr(IscQuery) query = NULL;
  Request *request;
  gint64 before;

  /* The range and the equal window before it, within the 7 days a
   * request may ask for. */
  before = MAX (self->start_ms - (self->end_ms - self->start_ms), self->end_ms - ISC_TIME_RANGE_MAX_MS);
  range = isc_time_range_new_absolute (before, self->end_ms);
  query = isc_target_make_query (isc_fleet_row_get_target (pending->row), ISC_MODE_SERIES, range,
                                 _isc_fleet_row_metrics);

  request = g_new0 (Request, 1);
  g_weak_ref_init (&request->self, self);
  request->client = g_object_ref (self->client);
  request->cancellable = g_object_ref (self->cancellable);
  request->row = g_object_ref (pending->row);
  request->requeues = pending->requeues;

  set_in_flight (self, self->in_flight + 1);
  /* The range is resolved from the pass's start, so no pass asks the
   * same again, and the overview never reads the cache: nothing kept
   * (each answer would be a new file in the cache at every pass, and the
   * cache listed at every store). */
  isc_client_fetch_metrics_once_async (self->client, query, self->cancellable, fetch_cb, request);
}

/* Starts queued requests while fewer than max-in-flight are out and no
 * 429 asked to wait. */
static void
dispatch (IscFleet *self)
{
  while (self->client != NULL && self->in_flight < self->max_in_flight &&
         !g_queue_is_empty (&self->queue) && self->hold_id == 0)
    {
      gint64 not_before = isc_client_get_retry_not_before_ms (self->client);
      gint64 now_ms = g_get_real_time () / 1000;
      Pending *pending;

      if (not_before > now_ms)
        {
          g_debug ("Holding the fleet's requests for %" G_GINT64_FORMAT " ms (Retry-After)", not_before - now_ms);
          self->hold_id = g_timeout_add ((guint) MIN (not_before - now_ms + 1, G_MAXUINT), hold_done_cb, self);
          return;
        }

      pending = g_queue_pop_head (&self->queue);
      start_request (self, pending);
      pending_free (pending);
    }
}

static void
cancel_pass (IscFleet *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_queue_clear_full (&self->queue, (GDestroyNotify) pending_free);
  g_clear_handle_id (&self->hold_id, g_source_remove);
}

void
isc_fleet_refresh (IscFleet *self)
{
  g_return_if_fail (ISC_IS_FLEET (self));

  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  stop_refresh_timer (self);
  cancel_pass (self);
  /* The overview shows every target: discovery lists them all. */
  if (self->target_list != NULL)
    isc_target_list_fetch_all (self->target_list);
  self->pass_before_list = self->target_list != NULL && isc_target_list_get_loading (self->target_list);
  rebuild_rows (self);

  /* One pass over them all, once they are listed (rebuild_cb). */
  if (self->pass_before_list && self->client != NULL)
    {
      set_loading (self, TRUE);
      return;
    }

  if (self->client == NULL)
    {
      for (guint i = 0; i < self->rows->len; i++)
        _isc_fleet_row_set_loading (g_ptr_array_index (self->rows, i), FALSE);
      set_loading (self, FALSE);
      return;
    }

  self->cancellable = g_cancellable_new ();
  self->pass_started_us = g_get_monotonic_time ();
  isc_time_range_resolve (self->range, g_get_real_time () / 1000, &self->start_ms, &self->end_ms);
  self->n_done = 0;
  self->n_failed = 0;
  self->n_pass = self->rows->len;

  for (guint i = 0; i < self->rows->len; i++)
    {
      Pending *pending = g_new0 (Pending, 1);

      pending->row = g_object_ref (g_ptr_array_index (self->rows, i));
      _isc_fleet_row_set_loading (pending->row, TRUE);
      g_queue_push_tail (&self->queue, pending);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_DONE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_FAILED]);
  set_loading (self, self->n_pass > 0);
  dispatch (self);
  if (self->n_pass == 0)
    schedule_refresh (self);
}

/* The target list changed: follow it, unless the sidebar filters it
 * (the overview shows every target whatever the sidebar shows). */
static gboolean
rebuild_cb (gpointer user_data)
{
  IscFleet *self = user_data;

  self->rebuild_id = 0;
  if (self->active || self->pass_before_list)
    isc_fleet_refresh (self);
  else
    rebuild_rows (self);

  return G_SOURCE_REMOVE;
}

static void
on_target_list_changed (GListModel *list,
                        guint       position,
                        guint       removed,
                        guint       added,
                        IscFleet   *self)
{
  const char *filter = isc_target_list_get_filter (self->target_list);

  /* Discovery lists models one by one: follow it once it is done. */
  if ((filter != NULL && *filter != '\0') || isc_target_list_get_loading (self->target_list))
    return;

  if (self->rebuild_id == 0)
    self->rebuild_id = g_idle_add (rebuild_cb, self);
}

static void
on_target_list_loading (IscFleet *self)
{
  on_target_list_changed (G_LIST_MODEL (self->target_list), 0, 0, 0, self);
}

/* Properties */

IscFleet *
isc_fleet_new (void)
{
  return g_object_new (ISC_TYPE_FLEET, NULL);
}

IscClient *
isc_fleet_get_client (IscFleet *self)
{
  g_return_val_if_fail (ISC_IS_FLEET (self), NULL);

  return self->client;
}

void
isc_fleet_set_client (IscFleet  *self,
                      IscClient *client)
{
  g_return_if_fail (ISC_IS_FLEET (self));
  g_return_if_fail (client == NULL || ISC_IS_CLIENT (client));

  if (!g_set_object (&self->client, client))
    return;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLIENT]);
  if (self->active || client == NULL)
    isc_fleet_refresh (self);
}

IscTargetList *
isc_fleet_get_target_list (IscFleet *self)
{
  g_return_val_if_fail (ISC_IS_FLEET (self), NULL);

  return self->target_list;
}

void
isc_fleet_set_target_list (IscFleet      *self,
                           IscTargetList *target_list)
{
  g_return_if_fail (ISC_IS_FLEET (self));
  g_return_if_fail (target_list == NULL || ISC_IS_TARGET_LIST (target_list));

  if (self->target_list == target_list)
    return;

  if (self->target_list != NULL)
    {
      g_clear_signal_handler (&self->items_changed_id, self->target_list);
      g_clear_signal_handler (&self->loading_changed_id, self->target_list);
    }
  g_set_object (&self->target_list, target_list);
  if (target_list != NULL)
    {
      self->items_changed_id = g_signal_connect (target_list, "items-changed",
                                                 G_CALLBACK (on_target_list_changed), self);
      self->loading_changed_id = g_signal_connect_swapped (target_list, "notify::loading",
                                                           G_CALLBACK (on_target_list_loading), self);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET_LIST]);
  if (self->active)
    isc_fleet_refresh (self);
  else
    rebuild_rows (self);
}

const IscTimeRange *
isc_fleet_get_range (IscFleet *self)
{
  g_return_val_if_fail (ISC_IS_FLEET (self), NULL);

  return self->range;
}

void
isc_fleet_set_range (IscFleet           *self,
                     const IscTimeRange *range)
{
  g_return_if_fail (ISC_IS_FLEET (self));
  g_return_if_fail (range != NULL);

  if (isc_time_range_equal (self->range, range))
    return;

  isc_time_range_free (self->range);
  self->range = isc_time_range_copy (range);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RANGE]);

  if (self->active)
    isc_fleet_refresh (self);
  else
    /* Loaded again the next time it is shown. */
    self->pass_started_us = 0;
}

guint
isc_fleet_get_max_in_flight (IscFleet *self)
{
  g_return_val_if_fail (ISC_IS_FLEET (self), 0);

  return self->max_in_flight;
}

void
isc_fleet_set_max_in_flight (IscFleet *self,
                             guint     max_in_flight)
{
  g_return_if_fail (ISC_IS_FLEET (self));

  max_in_flight = MAX (max_in_flight, 1);
  if (self->max_in_flight == max_in_flight)
    return;

  self->max_in_flight = max_in_flight;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_IN_FLIGHT]);
  dispatch (self);
}

gboolean
isc_fleet_get_active (IscFleet *self)
{
  g_return_val_if_fail (ISC_IS_FLEET (self), FALSE);

  return self->active;
}

void
isc_fleet_set_active (IscFleet *self,
                      gboolean  active)
{
  g_return_if_fail (ISC_IS_FLEET (self));

  active = !!active;
  if (self->active == active)
    return;

  self->active = active;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);

  if (!active)
    {
      stop_refresh_timer (self);
      return;
    }

  if (self->loading)
    return;

  /* Never loaded, or older than the interval: now. */
  if (self->pass_started_us == 0 ||
      (self->refresh_interval > 0 && self->range->kind == ISC_TIME_RANGE_RELATIVE &&
       g_get_monotonic_time () - self->pass_started_us >= (gint64) self->refresh_interval * G_USEC_PER_SEC))
    isc_fleet_refresh (self);
  else
    schedule_refresh (self);
}

guint
isc_fleet_get_refresh_interval (IscFleet *self)
{
  g_return_val_if_fail (ISC_IS_FLEET (self), 0);

  return self->refresh_interval;
}

void
isc_fleet_set_refresh_interval (IscFleet *self,
                                guint     seconds)
{
  g_return_if_fail (ISC_IS_FLEET (self));

  if (self->refresh_interval == seconds)
    return;

  self->refresh_interval = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REFRESH_INTERVAL]);
  if (!self->loading && self->pass_started_us != 0)
    schedule_refresh (self);
}

gboolean
isc_fleet_get_loading (IscFleet *self)
{
  g_return_val_if_fail (ISC_IS_FLEET (self), FALSE);

  return self->loading;
}

guint
isc_fleet_get_n_done (IscFleet *self)
{
  g_return_val_if_fail (ISC_IS_FLEET (self), 0);

  return self->n_done;
}

guint
isc_fleet_get_n_failed (IscFleet *self)
{
  g_return_val_if_fail (ISC_IS_FLEET (self), 0);

  return self->n_failed;
}

guint
isc_fleet_get_in_flight (IscFleet *self)
{
  g_return_val_if_fail (ISC_IS_FLEET (self), 0);

  return self->in_flight;
}

IscFleetRow *
isc_fleet_find (IscFleet        *self,
                const IscTarget *target,
                guint           *position)
{
  g_return_val_if_fail (ISC_IS_FLEET (self), NULL);
  g_return_val_if_fail (target != NULL, NULL);

  return find_row (self->rows, target, position);
}

/* GObject */

static void
isc_fleet_dispose (GObject *object)
{
  IscFleet *self = (IscFleet *) object;

  cancel_pass (self);
  stop_refresh_timer (self);
  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  if (self->target_list != NULL)
    {
      g_clear_signal_handler (&self->items_changed_id, self->target_list);
      g_clear_signal_handler (&self->loading_changed_id, self->target_list);
    }
  g_clear_object (&self->target_list);
  g_clear_object (&self->client);

  G_OBJECT_CLASS (isc_fleet_parent_class)->dispose (object);
}

static void
isc_fleet_finalize (GObject *object)
{
  IscFleet *self = (IscFleet *) object;

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->range, isc_time_range_free);

  G_OBJECT_CLASS (isc_fleet_parent_class)->finalize (object);
}

static void
isc_fleet_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  IscFleet *self = ISC_FLEET (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;
    case PROP_TARGET_LIST:
      g_value_set_object (value, self->target_list);
      break;
    case PROP_RANGE:
      g_value_set_boxed (value, self->range);
      break;
    case PROP_MAX_IN_FLIGHT:
      g_value_set_uint (value, self->max_in_flight);
      break;
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;
    case PROP_REFRESH_INTERVAL:
      g_value_set_uint (value, self->refresh_interval);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
    case PROP_N_DONE:
      g_value_set_uint (value, self->n_done);
      break;
    case PROP_N_FAILED:
      g_value_set_uint (value, self->n_failed);
      break;
    case PROP_IN_FLIGHT:
      g_value_set_uint (value, self->in_flight);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_fleet_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  IscFleet *self = ISC_FLEET (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      isc_fleet_set_client (self, g_value_get_object (value));
      break;
    case PROP_TARGET_LIST:
      isc_fleet_set_target_list (self, g_value_get_object (value));
      break;
    case PROP_RANGE:
      if (g_value_get_boxed (value) != NULL)
        isc_fleet_set_range (self, g_value_get_boxed (value));
      break;
    case PROP_MAX_IN_FLIGHT:
      isc_fleet_set_max_in_flight (self, g_value_get_uint (value));
      break;
    case PROP_ACTIVE:
      isc_fleet_set_active (self, g_value_get_boolean (value));
      break;
    case PROP_REFRESH_INTERVAL:
      isc_fleet_set_refresh_interval (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_fleet_class_init (IscFleetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_fleet_dispose;
  object_class->finalize = isc_fleet_finalize;
  object_class->get_property = isc_fleet_get_property;
  object_class->set_property = isc_fleet_set_property;

  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL, ISC_TYPE_CLIENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TARGET_LIST] =
    g_param_spec_object ("target-list", NULL, NULL, ISC_TYPE_TARGET_LIST,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RANGE] =
    g_param_spec_boxed ("range", NULL, NULL, ISC_TYPE_TIME_RANGE,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAX_IN_FLIGHT] =
    g_param_spec_uint ("max-in-flight", NULL, NULL, 1, 64, ISC_FLEET_DEFAULT_MAX_IN_FLIGHT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REFRESH_INTERVAL] =
    g_param_spec_uint ("refresh-interval", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_DONE] =
    g_param_spec_uint ("n-done", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_FAILED] =
    g_param_spec_uint ("n-failed", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_IN_FLIGHT] =
    g_param_spec_uint ("in-flight", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_fleet_init (IscFleet *self)
{
  self->rows = g_ptr_array_new_with_free_func (g_object_unref);
  self->range = isc_time_range_new_relative (60 * 60 * 1000);
  self->max_in_flight = ISC_FLEET_DEFAULT_MAX_IN_FLIGHT;
  g_queue_init (&self->queue);
}
