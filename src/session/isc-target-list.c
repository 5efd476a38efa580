/* isc-target-list.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-target-list"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-target-item-private.h"
#include "isc-target-list.h"
#include "isc-text.h"

/* A model's environments and deployments are asked for when someone needs
 * them; this many models at once (two requests each) keeps a large account
 * quick without a burst that the rate limit would answer with 429. */
#define MAX_MODELS_IN_FLIGHT 2

/* The models a reload lists with their targets before it is done: about
 * what a sidebar shows without scrolling, so a small account reads as it
 * always did and a large one shows its first rows at once. */
#define FIRST_MODELS 8

typedef enum
{
  FETCH_NONE,      /* nobody asked yet */
  FETCH_QUEUED,
  FETCH_RUNNING,
  FETCH_DONE,
} FetchState;

/* One model and its targets, sorted. */
typedef struct
{
  IscTargetItem *heading;
  GPtrArray     *targets;    /* IscTargetItem */
  gboolean       listed;     /* discovery listed the model */
  IscModel      *model;      /* what discovery said; NULL when not listed */
  FetchState     state;
  gboolean       urgent;     /* "loading" until its targets are listed */
  guint          n_visible;  /* its rows in visible */
} Group;

struct _IscTargetList
{
  GObject       parent_instance;

  GPtrArray    *groups;     /* Group, in the order shown */
  GHashTable   *by_model;   /* model id → Group */
  GPtrArray    *visible;    /* IscTargetItem: the rows the filter keeps */
  GPtrArray    *added;      /* IscTarget: added by id, kept over reloads */
  GHashTable   *wanted;     /* model ids asked for urgently before they were listed */

  char         *filter;
  char         *filter_folded;
  GError       *error;
  gboolean      loading;

  /* Fetching models' targets */
  IscClient    *client;
  GQueue        queue;       /* Group: asked for, first asked first */
  guint         in_flight;   /* models */
  guint         n_urgent;    /* urgent groups queued or running */
  guint         background;  /* next group to list while filtering */
  gboolean      fetch_all;   /* the overview waits for every target */
  gboolean      listing;     /* GET /v1/models is on its way */
  guint         generation;  /* a reload or clear starts a new one */
  GError       *first_error; /* of this reload's urgent models */

  /* Owned references */
  GCancellable *reload_cancellable;
  GTask        *reload_task; /* until the models and the first ones' targets are listed */
};

static void isc_target_list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (IscTargetList, isc_target_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      isc_target_list_model_iface_init))

enum {
  PROP_0,
  PROP_LOADING,
  PROP_ERROR,
  PROP_FILTER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void launch_fetches (IscTargetList *self);
static void stop_fetching  (IscTargetList *self);

/* Groups */

static Group *
group_new (IscTargetItem *heading,
           gboolean       listed)
{
  Group *group = g_new0 (Group, 1);

  group->heading = heading;
  group->targets = g_ptr_array_new_with_free_func (g_object_unref);
  group->listed = listed;
  group->model = listed ? isc_model_ref (isc_target_item_get_model (heading)) : NULL;
  /* Nothing to ask about a model discovery did not list. */
  group->state = listed ? FETCH_NONE : FETCH_DONE;

  return group;
}

static void
group_free (gpointer data)
{
  Group *group = data;

  g_clear_object (&group->heading);
  g_clear_pointer (&group->targets, g_ptr_array_unref);
  g_clear_pointer (&group->model, isc_model_unref);
  g_free (group);
}
static int
environment_rank (const char *name)
{
  if (g_strcmp0 (name, "production") == 0)
    return 0;
  if (g_strcmp0 (name, "development") == 0)
    return 1;
  return 2;
}

/* Environments first (production, development, then by name), then
 * deployments newest first. */
static int
compare_targets (gconstpointer a,
                 gconstpointer b)
{
  IscTargetItem *item_a = *(IscTargetItem * const *) a;
  IscTargetItem *item_b = *(IscTargetItem * const *) b;
  IscTargetItemKind kind_a = isc_target_item_get_kind (item_a);
  IscTargetItemKind kind_b = isc_target_item_get_kind (item_b);

  if (kind_a != kind_b)
    return kind_a == ISC_TARGET_ITEM_ENVIRONMENT ? -1 : 1;

  if (kind_a == ISC_TARGET_ITEM_ENVIRONMENT)
    {
      int rank_a = environment_rank (isc_target_item_get_target (item_a)->id);
      int rank_b = environment_rank (isc_target_item_get_target (item_b)->id);

      if (rank_a != rank_b)
        return rank_a - rank_b;
    }
  else
    {
      gint64 created_a = isc_target_item_get_created_ms (item_a);
      gint64 created_b = isc_target_item_get_created_ms (item_b);

      if (created_a != created_b)
        return created_a > created_b ? -1 : 1;
    }

  return g_strcmp0 (isc_target_item_get_title (item_a), isc_target_item_get_title (item_b));
}

static Group *
find_group (IscTargetList *self,
            const char    *model_id)
{
  return model_id != NULL ? g_hash_table_lookup (self->by_model, model_id) : NULL;
}

static IscTargetItem *
group_find_target (Group           *group,
                   const IscTarget *target)
{
  for (guint i = 0; i < group->targets->len; i++)
    {
      IscTargetItem *item = g_ptr_array_index (group->targets, i);

      if (isc_target_equal (isc_target_item_get_target (item), target))
        return item;
    }

  return NULL;
}

/* Puts an added target under its model, making a heading for a model that
 * discovery did not list (after the listed ones, by name). FALSE when it
 * is there already. */
static gboolean
groups_add_target (IscTargetList   *self,
                   const IscTarget *target)
{
  Group *group = find_group (self, target->model_id);
  g_autoptr(IscTarget) named = NULL;

  if (group == NULL)
    {
      guint position = self->groups->len;

      group = group_new (_isc_target_item_new_model_heading (target->model_id, target->model_name), FALSE);
      for (guint i = 0; i < self->groups->len; i++)
        {
          Group *other = g_ptr_array_index (self->groups, i);

          if (!other->listed &&
              g_utf8_collate (isc_target_item_get_title (group->heading),
                              isc_target_item_get_title (other->heading)) < 0)
            {
              position = i;
              break;
            }
        }
      g_ptr_array_insert (self->groups, position, group);
      g_hash_table_insert (self->by_model, (gpointer) isc_target_item_get_model_id (group->heading), group);
    }
  else if (group_find_target (group, target) != NULL)
    {
      return FALSE;
    }

  /* A target added by id may know only the model's id; discovery may
   * know its name. */
  named = isc_target_new (target->model_id, target->kind, target->id,
                          g_strcmp0 (target->model_name, target->model_id) != 0
                            ? target->model_name
                            : isc_target_item_get_model_name (group->heading),
                          target->name);
  g_ptr_array_add (group->targets, isc_target_item_new_for_target (named));
  g_ptr_array_sort (group->targets, compare_targets);

  return TRUE;
}

/* Filtering */

static gboolean
model_matches (IscTargetItem *heading,
               const char    *folded_filter)
{
  return isc_text_contains_folded (isc_target_item_get_title (heading), folded_filter) ||
         isc_text_contains_folded (isc_target_item_get_model_id (heading), folded_filter);
}

static gboolean
target_matches (IscTargetItem *item,
                const char    *folded_filter)
{
  return isc_text_contains_folded (isc_target_item_get_title (item), folded_filter) ||
         isc_text_contains_folded (isc_target_item_get_target (item)->id, folded_filter);
}

/* Appends the rows of group the filter keeps to visible. */
static void
group_append_visible (Group      *group,
                      const char *filter,
                      GPtrArray  *visible)
{
  gboolean whole = filter == NULL || model_matches (group->heading, filter);
  guint heading_at = visible->len;
  gboolean any = FALSE;

  g_ptr_array_add (visible, g_object_ref (group->heading));
  for (guint j = 0; j < group->targets->len; j++)
    {
      IscTargetItem *item = g_ptr_array_index (group->targets, j);

      if (whole || target_matches (item, filter))
        {
          g_ptr_array_add (visible, g_object_ref (item));
          any = TRUE;
        }
    }

  if (!whole && !any)
    g_ptr_array_remove_index (visible, heading_at);

  group->n_visible = visible->len - heading_at;
}

/* Puts fresh rows in place of old ones at position and tells the views
 * what changed: one items-changed over the span between the rows that
 * stayed the same at its start and at its end, so a change keeps the
 * selection of the rows it does not touch. */
static void
replace_visible (IscTargetList *self,
                 guint          position,
                 guint          n_old,
                 GPtrArray     *fresh)
{
  guint n_new = fresh->len;
  guint prefix = 0, suffix = 0;

  while (prefix < n_old && prefix < n_new &&
         g_ptr_array_index (self->visible, position + prefix) == g_ptr_array_index (fresh, prefix))
    prefix++;
  while (suffix < n_old - prefix && suffix < n_new - prefix &&
         g_ptr_array_index (self->visible, position + n_old - 1 - suffix) ==
         g_ptr_array_index (fresh, n_new - 1 - suffix))
    suffix++;

  if (prefix + suffix == n_old && prefix + suffix == n_new)
    return;

  g_ptr_array_remove_range (self->visible, position + prefix, n_old - prefix - suffix);
  for (guint i = prefix; i < n_new - suffix; i++)
    g_ptr_array_insert (self->visible, position + i, g_object_ref (g_ptr_array_index (fresh, i)));

  g_list_model_items_changed (G_LIST_MODEL (self), position + prefix,
                              n_old - prefix - suffix, n_new - prefix - suffix);
}

/* Recomputes every row the filter keeps. */
static void
update_visible (IscTargetList *self)
{
  g_autoptr(GPtrArray) fresh = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < self->groups->len; i++)
    group_append_visible (g_ptr_array_index (self->groups, i), self->filter_folded, fresh);

  replace_visible (self, 0, self->visible->len, fresh);
}

/* Recomputes the rows of one group: its targets were listed. Only its
 * own rows are looked at, so models listed one by one on a large account
 * cost each a walk over the groups, not over every row. */
static void
update_group_visible (IscTargetList *self,
                      Group         *group)
{
  g_autoptr(GPtrArray) fresh = g_ptr_array_new_with_free_func (g_object_unref);
  guint position = 0;
  guint n_old = group->n_visible;

  for (guint i = 0; i < self->groups->len; i++)
    {
      Group *other = g_ptr_array_index (self->groups, i);

      if (other == group)
        break;
      position += other->n_visible;
    }

  group_append_visible (group, self->filter_folded, fresh);
  replace_visible (self, position, n_old, fresh);
}

static void
set_loading (IscTargetList *self,
             gboolean       loading)
{
  if (self->loading == loading)
    return;

  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
set_error (IscTargetList *self,
           const GError  *error)
{
  if (self->error == NULL && error == NULL)
    return;

  g_clear_error (&self->error);
  if (error != NULL)
    self->error = g_error_copy (error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

/* GListModel */

static GType
isc_target_list_get_item_type (GListModel *model)
{
  return ISC_TYPE_TARGET_ITEM;
}

static guint
isc_target_list_get_n_items (GListModel *model)
{
  return ISC_TARGET_LIST (model)->visible->len;
}

static gpointer
isc_target_list_get_item (GListModel *model,
                          guint       position)
{
  IscTargetList *self = ISC_TARGET_LIST (model);

  if (position >= self->visible->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->visible, position));
}

static void
isc_target_list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = isc_target_list_get_item_type;
  iface->get_n_items = isc_target_list_get_n_items;
  iface->get_item = isc_target_list_get_item;
}

/* GObject */

static void
isc_target_list_dispose (GObject *object)
{
  IscTargetList *self = (IscTargetList *) object;

  stop_fetching (self);
  g_clear_object (&self->client);

  G_OBJECT_CLASS (isc_target_list_parent_class)->dispose (object);
}

static void
isc_target_list_finalize (GObject *object)
{
  IscTargetList *self = (IscTargetList *) object;

  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_pointer (&self->by_model, g_hash_table_unref);
  g_clear_pointer (&self->wanted, g_hash_table_unref);
  g_clear_pointer (&self->visible, g_ptr_array_unref);
  g_clear_pointer (&self->added, g_ptr_array_unref);
  g_clear_pointer (&self->filter, g_free);
  g_clear_pointer (&self->filter_folded, g_free);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (isc_target_list_parent_class)->finalize (object);
}

static void
isc_target_list_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  IscTargetList *self = ISC_TARGET_LIST (object);

  switch (prop_id)
    {
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;

    case PROP_ERROR:
      g_value_set_boxed (value, self->error);
      break;

    case PROP_FILTER:
      g_value_set_string (value, self->filter);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_target_list_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  IscTargetList *self = ISC_TARGET_LIST (object);

  switch (prop_id)
    {
    case PROP_FILTER:
      isc_target_list_set_filter (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_target_list_class_init (IscTargetListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_target_list_dispose;
  object_class->finalize = isc_target_list_finalize;
  object_class->get_property = isc_target_list_get_property;
  object_class->set_property = isc_target_list_set_property;

  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] =
    g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILTER] =
    g_param_spec_string ("filter", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_target_list_init (IscTargetList *self)
{
  self->groups = g_ptr_array_new_with_free_func (group_free);
  self->by_model = g_hash_table_new (g_str_hash, g_str_equal);
  self->wanted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->visible = g_ptr_array_new_with_free_func (g_object_unref);
  self->added = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_target_free);
  self->filter = g_strdup ("");
}

IscTargetList *
isc_target_list_new (void)
{
  return g_object_new (ISC_TYPE_TARGET_LIST, NULL);
}


/* Fetching a model's targets */

typedef struct
{
  GWeakRef       self;          /* a list dropped meanwhile is not kept */
  guint          generation;
  char          *model_id;
  GPtrArray     *environments;  /* NULL where it failed */
  GPtrArray     *deployments;
  GError        *error;
  guint          pending;       /* of its two requests */
} Fetch;

static void
fetch_free (Fetch *fetch)
{
  g_weak_ref_clear (&fetch->self);
  g_clear_pointer (&fetch->model_id, g_free);
  g_clear_pointer (&fetch->environments, g_ptr_array_unref);
  g_clear_pointer (&fetch->deployments, g_ptr_array_unref);
  g_clear_error (&fetch->error);
  g_free (fetch);
}

/* Loading ends, and the reload with it, when the models and the targets
 * someone waits for are listed. */
static void
check_done (IscTargetList *self)
{
  g_autoptr(GTask) task = NULL;

  if (self->n_urgent > 0 || self->listing)
    return;

  task = g_steal_pointer (&self->reload_task);
  if (task != NULL && !g_cancellable_is_cancelled (self->reload_cancellable))
    set_error (self, self->first_error);
  set_loading (self, FALSE);
  if (task != NULL && g_cancellable_is_cancelled (self->reload_cancellable))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled"));
  else if (task != NULL)
    g_task_return_boolean (task, TRUE);
}

static void
group_set_targets (IscTargetList *self,
                   Group         *group,
                   Fetch         *fetch)
{
  g_ptr_array_set_size (group->targets, 0);

  for (guint j = 0; fetch->environments != NULL && j < fetch->environments->len; j++)
    g_ptr_array_add (group->targets,
                     isc_target_item_new_environment (group->model, g_ptr_array_index (fetch->environments, j)));
  for (guint j = 0; fetch->deployments != NULL && j < fetch->deployments->len; j++)
    g_ptr_array_add (group->targets,
                     isc_target_item_new_deployment (group->model, g_ptr_array_index (fetch->deployments, j)));
  g_ptr_array_sort (group->targets, compare_targets);

  /* What was added by id under this model stays. */
  for (guint i = 0; i < self->added->len; i++)
    {
      const IscTarget *target = g_ptr_array_index (self->added, i);

      if (g_str_equal (target->model_id, isc_target_item_get_model_id (group->heading)))
        groups_add_target (self, target);
    }
}

static void
fetch_done (Fetch *fetch)
{
  g_autoptr(IscTargetList) self = g_weak_ref_get (&fetch->self);
  Group *group;

  if (self == NULL || fetch->generation != self->generation)
    {
      fetch_free (fetch);
      return;
    }

  self->in_flight--;
  group = find_group (self, fetch->model_id);
  if (group != NULL && group->state == FETCH_RUNNING &&
      g_cancellable_is_cancelled (self->reload_cancellable))
    {
      /* Cancelled: asked for again after the next reload. */
      group->state = FETCH_NONE;
      if (group->urgent)
        {
          group->urgent = FALSE;
          self->n_urgent--;
        }
    }
  else if (group != NULL && group->state == FETCH_RUNNING)
    {
      group->state = FETCH_DONE;
      group_set_targets (self, group, fetch);
      update_group_visible (self, group);

      if (fetch->error != NULL)
        {
          /* The reload's own models tell at its end; later ones at once. */
          if (self->reload_task != NULL)
            {
              if (self->first_error == NULL)
                self->first_error = g_error_copy (fetch->error);
            }
          else if (self->error == NULL)
            set_error (self, fetch->error);
        }

      if (group->urgent)
        {
          group->urgent = FALSE;
          self->n_urgent--;
        }
    }

  check_done (self);
  launch_fetches (self);
  fetch_free (fetch);
}

static void
on_fetch_answered (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  Fetch *fetch = user_data;
  IscClient *client = ISC_CLIENT (object);
  g_autoptr(GError) error = NULL;

  if (g_async_result_is_tagged (result, isc_client_list_environments_async))
    fetch->environments = isc_client_list_environments_finish (client, result, &error);
  else
    fetch->deployments = isc_client_list_deployments_finish (client, result, &error);

  if (error != NULL &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
      fetch->error == NULL)
    fetch->error = g_steal_pointer (&error);

  if (--fetch->pending == 0)
    fetch_done (fetch);
}

static void
fetch_start (IscTargetList *self,
             Group         *group)
{
  Fetch *fetch = g_new0 (Fetch, 1);

  g_weak_ref_init (&fetch->self, self);
  fetch->generation = self->generation;
  fetch->model_id = g_strdup (isc_target_item_get_model_id (group->heading));
  fetch->pending = 2;

  group->state = FETCH_RUNNING;
  self->in_flight++;

  isc_client_list_environments_async (self->client, fetch->model_id, self->reload_cancellable,
                                      on_fetch_answered, fetch);
  isc_client_list_deployments_async (self->client, fetch->model_id, self->reload_cancellable,
                                     on_fetch_answered, fetch);
}

/* The next group nobody asked for, while a filter wants them all. */
static Group *
next_background (IscTargetList *self)
{
  if (self->filter_folded == NULL)
    return NULL;

  for (; self->background < self->groups->len; self->background++)
    {
      Group *group = g_ptr_array_index (self->groups, self->background);

      if (group->state == FETCH_NONE)
        return group;
    }

  return NULL;
}

static void
launch_fetches (IscTargetList *self)
{
  Group *group;

  if (self->client == NULL)
    return;

  if (g_cancellable_is_cancelled (self->reload_cancellable))
    {
      /* The caller gave up: nothing more is asked before a reload. */
      while ((group = g_queue_pop_head (&self->queue)) != NULL)
        {
          group->state = FETCH_NONE;
          if (group->urgent)
            {
              group->urgent = FALSE;
              self->n_urgent--;
            }
        }
      check_done (self);
      return;
    }

  while (self->in_flight < MAX_MODELS_IN_FLIGHT)
    {
      group = g_queue_pop_head (&self->queue);

      if (group == NULL)
        group = next_background (self);
      if (group == NULL)
        break;

      fetch_start (self, group);
    }
}

static void
request_group (IscTargetList *self,
               Group         *group,
               gboolean       urgent)
{
  if (group->state == FETCH_DONE)
    return;

  if (urgent && !group->urgent)
    {
      group->urgent = TRUE;
      self->n_urgent++;
      set_loading (self, TRUE);
    }

  if (group->state == FETCH_NONE)
    {
      group->state = FETCH_QUEUED;
      g_queue_push_tail (&self->queue, group);
    }
  else if (group->state == FETCH_QUEUED && urgent)
    {
      /* Someone waits for it: before the ones only shown. */
      g_queue_remove (&self->queue, group);
      g_queue_push_head (&self->queue, group);
    }
}

/* Reload */

static void
on_caller_cancelled (GCancellable *caller,
                     gpointer      data)
{
  g_cancellable_cancel (G_CANCELLABLE (data));
}

typedef struct
{
  GCancellable *cancellable;
  GCancellable *caller_cancellable;
  gulong        caller_handler;
} Reload;

static void
reload_free (gpointer data)
{
  Reload *reload = data;

  if (reload->caller_handler != 0)
    g_cancellable_disconnect (reload->caller_cancellable, reload->caller_handler);
  g_clear_object (&reload->caller_cancellable);
  g_clear_object (&reload->cancellable);
  g_free (reload);
}

/* Ends what is on its way: its answers change nothing. */
static void
stop_fetching (IscTargetList *self)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->reload_task);

  g_cancellable_cancel (self->reload_cancellable);
  g_clear_object (&self->reload_cancellable);
  g_queue_clear (&self->queue);
  self->generation++;
  for (guint i = 0; self->groups != NULL && i < self->groups->len; i++)
    {
      Group *group = g_ptr_array_index (self->groups, i);

      group->urgent = FALSE;
      if (group->state == FETCH_QUEUED || group->state == FETCH_RUNNING)
        group->state = FETCH_NONE;
    }
  self->in_flight = 0;
  self->n_urgent = 0;
  self->listing = FALSE;
  self->background = 0;
  g_clear_error (&self->first_error);

  if (task != NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled"));
}

/* The listed models, each as a heading; the targets a model had before
 * stay shown until its own are listed again. */
static void
set_models (IscTargetList *self,
            GPtrArray     *models)
{
  g_autoptr(GPtrArray) old = g_steal_pointer (&self->groups);
  g_autoptr(GHashTable) old_by_model = g_steal_pointer (&self->by_model);

  self->groups = g_ptr_array_new_full (models->len, group_free);
  self->by_model = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < models->len; i++)
    {
      IscModel *model = g_ptr_array_index (models, i);
      Group *group;
      Group *before;

      /* A model listed twice is shown once. */
      if (g_hash_table_contains (self->by_model, model->id))
        continue;

      group = group_new (isc_target_item_new_model (model), TRUE);
      before = g_hash_table_lookup (old_by_model, model->id);
      if (before != NULL)
        for (guint j = 0; j < before->targets->len; j++)
          g_ptr_array_add (group->targets, g_object_ref (g_ptr_array_index (before->targets, j)));

      g_ptr_array_add (self->groups, group);
      g_hash_table_insert (self->by_model, (gpointer) isc_target_item_get_model_id (group->heading), group);
    }

  for (guint i = 0; i < self->added->len; i++)
    groups_add_target (self, g_ptr_array_index (self->added, i));
}

static void
on_models_listed (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  IscTargetList *self = g_task_get_source_object (task);
  Reload *reload = g_task_get_task_data (task);
  g_autoptr(GPtrArray) models = NULL;
  g_autoptr(GError) error = NULL;
  GHashTableIter iter;
  gpointer key;

  models = isc_client_list_models_finish (ISC_CLIENT (object), result, &error);

  if (self->reload_cancellable != reload->cancellable)
    {
      /* A newer reload, or clear, took over. */
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled"));
      return;
    }

  if (models == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_error (self, error);
      self->listing = FALSE;
      check_done (self);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* The rows show now; the first models' targets and those someone
   * asked for follow. */
  set_models (self, models);
  update_visible (self);
  self->reload_task = g_steal_pointer (&task);

  self->listing = FALSE;
  for (guint i = 0; i < (self->fetch_all ? self->groups->len : MIN (FIRST_MODELS, self->groups->len)); i++)
    request_group (self, g_ptr_array_index (self->groups, i), TRUE);

  g_hash_table_iter_init (&iter, self->wanted);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      Group *group = find_group (self, key);

      if (group != NULL)
        request_group (self, group, TRUE);
    }
  g_hash_table_remove_all (self->wanted);

  check_done (self);
  launch_fetches (self);
}

void
isc_target_list_reload_async (IscTargetList       *self,
                              IscClient           *client,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Reload *reload;

  g_return_if_fail (ISC_IS_TARGET_LIST (self));
  g_return_if_fail (ISC_IS_CLIENT (client));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  /* A newer reload wins: the older one ends cancelled, changing nothing. */
  stop_fetching (self);
  self->reload_cancellable = g_cancellable_new ();
  g_set_object (&self->client, client);

  reload = g_new0 (Reload, 1);
  reload->cancellable = g_object_ref (self->reload_cancellable);

  task = g_task_new (self, reload->cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_target_list_reload_async);
  g_task_set_task_data (task, reload, reload_free);

  if (cancellable != NULL)
    {
      reload->caller_cancellable = g_object_ref (cancellable);
      reload->caller_handler = g_cancellable_connect (cancellable, G_CALLBACK (on_caller_cancelled),
                                                      reload->cancellable, NULL);
    }

  self->listing = TRUE;
  set_loading (self, TRUE);

  isc_client_list_models_async (client, reload->cancellable, on_models_listed, g_steal_pointer (&task));
}

gboolean
isc_target_list_reload_finish (IscTargetList  *self,
                               GAsyncResult   *result,
                               GError        **error)
{
  g_return_val_if_fail (ISC_IS_TARGET_LIST (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

void
isc_target_list_fetch_model (IscTargetList *self,
                             const char    *model_id,
                             gboolean       urgent)
{
  Group *group;

  g_return_if_fail (ISC_IS_TARGET_LIST (self));
  g_return_if_fail (model_id != NULL);

  group = find_group (self, model_id);
  if (group == NULL)
    {
      /* Not listed (yet): the next listing asks for it first. */
      if (urgent)
        g_hash_table_add (self->wanted, g_strdup (model_id));
      return;
    }

  request_group (self, group, urgent);
  launch_fetches (self);
}

void
isc_target_list_fetch_all (IscTargetList *self)
{
  g_return_if_fail (ISC_IS_TARGET_LIST (self));

  if (self->fetch_all)
    return;

  self->fetch_all = TRUE;
  for (guint i = 0; i < self->groups->len; i++)
    request_group (self, g_ptr_array_index (self->groups, i), TRUE);
  launch_fetches (self);
}

gboolean
isc_target_list_get_model_listed (IscTargetList *self,
                                  const char    *model_id)
{
  Group *group;

  g_return_val_if_fail (ISC_IS_TARGET_LIST (self), FALSE);
  g_return_val_if_fail (model_id != NULL, FALSE);

  group = find_group (self, model_id);
  return group != NULL && group->state == FETCH_DONE;
}

void
isc_target_list_clear (IscTargetList *self)
{
  g_return_if_fail (ISC_IS_TARGET_LIST (self));

  stop_fetching (self);

  g_hash_table_remove_all (self->by_model);
  g_hash_table_remove_all (self->wanted);
  g_ptr_array_set_size (self->groups, 0);
  g_ptr_array_set_size (self->added, 0);
  update_visible (self);
  set_error (self, NULL);
  set_loading (self, FALSE);
}

gboolean
isc_target_list_get_loading (IscTargetList *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_LIST (self), FALSE);

  return self->loading;
}

const GError *
isc_target_list_get_error (IscTargetList *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_LIST (self), NULL);

  return self->error;
}

const char *
isc_target_list_get_filter (IscTargetList *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_LIST (self), NULL);

  return self->filter;
}

void
isc_target_list_set_filter (IscTargetList *self,
                            const char    *filter)
{
  g_autofree char *stripped = NULL;

  g_return_if_fail (ISC_IS_TARGET_LIST (self));

  if (filter == NULL)
    filter = "";

  if (g_str_equal (filter, self->filter))
    return;

  g_free (self->filter);
  self->filter = g_strdup (filter);

  g_clear_pointer (&self->filter_folded, g_free);
  stripped = g_strstrip (g_strdup (filter));
  if (*stripped != '\0')
    self->filter_folded = g_utf8_casefold (stripped, -1);

  update_visible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILTER]);

  /* Targets match by their own names too: list them all, by and by. */
  launch_fetches (self);
}

void
isc_target_list_add_target (IscTargetList   *self,
                            const IscTarget *target)
{
  g_return_if_fail (ISC_IS_TARGET_LIST (self));
  g_return_if_fail (target != NULL);

  if (!groups_add_target (self, target))
    return;

  g_ptr_array_add (self->added, isc_target_copy (target));
  update_visible (self);
}

IscTargetItem *
isc_target_list_find (IscTargetList   *self,
                      const IscTarget *target,
                      guint           *position)
{
  g_return_val_if_fail (ISC_IS_TARGET_LIST (self), NULL);
  g_return_val_if_fail (target != NULL, NULL);

  for (guint i = 0; i < self->visible->len; i++)
    {
      IscTargetItem *item = g_ptr_array_index (self->visible, i);
      const IscTarget *shown = isc_target_item_get_target (item);

      if (shown != NULL && isc_target_equal (shown, target))
        {
          if (position != NULL)
            *position = i;
          return item;
        }
    }

  if (position != NULL)
    *position = G_MAXUINT;

  return NULL;
}

IscTargetItem *
isc_target_list_lookup (IscTargetList   *self,
                        const IscTarget *target)
{
  Group *group;

  g_return_val_if_fail (ISC_IS_TARGET_LIST (self), NULL);
  g_return_val_if_fail (target != NULL, NULL);

  group = find_group (self, target->model_id);

  return group != NULL ? group_find_target (group, target) : NULL;
}

const IscTarget *
isc_target_list_get_default_target (IscTargetList *self)
{
  g_return_val_if_fail (ISC_IS_TARGET_LIST (self), NULL);

  for (guint i = 0; i < self->groups->len; i++)
    {
      Group *group = g_ptr_array_index (self->groups, i);

      if (group->targets->len == 0)
        continue;

      for (guint j = 0; j < group->targets->len; j++)
        {
          IscTargetItem *item = g_ptr_array_index (group->targets, j);
          const IscTarget *target = isc_target_item_get_target (item);

          if (target->kind == ISC_TARGET_ENVIRONMENT && g_str_equal (target->id, "production"))
            return target;
        }

      return isc_target_item_get_target (g_ptr_array_index (group->targets, 0));
    }

  return NULL;
}
