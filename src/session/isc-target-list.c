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

/* Discovery asks for each model's environments and deployments; this many
 * requests at once keeps a large account quick without a burst that the
 * rate limit would answer with 429. */
#define MAX_REQUESTS_IN_FLIGHT 4

/* One model and its targets, sorted. */
typedef struct
{
  IscTargetItem *heading;
  GPtrArray     *targets;   /* IscTargetItem */
  gboolean       listed;    /* discovery listed the model */
} Group;

struct _IscTargetList
{
  GObject       parent_instance;

  GPtrArray    *groups;     /* Group, in the order shown */
  GPtrArray    *visible;    /* IscTargetItem: the rows the filter keeps */
  GPtrArray    *added;      /* IscTarget: added by id, kept over reloads */

  char         *filter;
  char         *filter_folded;
  GError       *error;
  gboolean      loading;

  /* Owned references */
  GCancellable *reload_cancellable;
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

/* Groups */

static Group *
group_new (IscTargetItem *heading,
           gboolean       listed)
{
  Group *group = g_new0 (Group, 1);

  group->heading = heading;
  group->targets = g_ptr_array_new_with_free_func (g_object_unref);
  group->listed = listed;

  return group;
}

static void
group_free (gpointer data)
{
  Group *group = data;

  g_clear_object (&group->heading);
  g_clear_pointer (&group->targets, g_ptr_array_unref);
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
groups_find_model (GPtrArray  *groups,
                   const char *model_id)
{
  for (guint i = 0; i < groups->len; i++)
    {
      Group *group = g_ptr_array_index (groups, i);

      if (g_str_equal (isc_target_item_get_model_id (group->heading), model_id))
        return group;
    }

  return NULL;
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
groups_add_target (GPtrArray       *groups,
                   const IscTarget *target)
{
  Group *group = groups_find_model (groups, target->model_id);
  g_autoptr(IscTarget) named = NULL;

  if (group == NULL)
    {
      guint position = groups->len;

      group = group_new (_isc_target_item_new_model_heading (target->model_id, target->model_name), FALSE);
      for (guint i = 0; i < groups->len; i++)
        {
          Group *other = g_ptr_array_index (groups, i);

          if (!other->listed &&
              g_utf8_collate (isc_target_item_get_title (group->heading),
                              isc_target_item_get_title (other->heading)) < 0)
            {
              position = i;
              break;
            }
        }
      g_ptr_array_insert (groups, position, group);
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
text_matches (const char *text,
              const char *folded_filter)
{
  g_autofree char *folded = NULL;

  if (text == NULL)
    return FALSE;

  folded = g_utf8_casefold (text, -1);
  return strstr (folded, folded_filter) != NULL;
}

static gboolean
model_matches (IscTargetItem *heading,
               const char    *folded_filter)
{
  return text_matches (isc_target_item_get_title (heading), folded_filter) ||
         text_matches (isc_target_item_get_model_id (heading), folded_filter);
}

static gboolean
target_matches (IscTargetItem *item,
                const char    *folded_filter)
{
  return text_matches (isc_target_item_get_title (item), folded_filter) ||
         text_matches (isc_target_item_get_target (item)->id, folded_filter);
}

/* Recomputes the rows the filter keeps and tells the views what changed:
 * one items-changed over the span between the rows that stayed the same
 * at the start and at the end, so a filter edit keeps the selection of the
 * rows it does not touch. */
static void
update_visible (IscTargetList *self)
{
  g_autoptr(GPtrArray) old = NULL;
  GPtrArray *visible = g_ptr_array_new_with_free_func (g_object_unref);
  const char *filter = self->filter_folded;
  guint prefix = 0, suffix = 0, n_old, n_new;

  for (guint i = 0; i < self->groups->len; i++)
    {
      Group *group = g_ptr_array_index (self->groups, i);
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
    }

  old = g_steal_pointer (&self->visible);
  self->visible = visible;

  n_old = old->len;
  n_new = visible->len;
  while (prefix < n_old && prefix < n_new &&
         g_ptr_array_index (old, prefix) == g_ptr_array_index (visible, prefix))
    prefix++;
  while (suffix < n_old - prefix && suffix < n_new - prefix &&
         g_ptr_array_index (old, n_old - 1 - suffix) == g_ptr_array_index (visible, n_new - 1 - suffix))
    suffix++;

  if (prefix + suffix < n_old || prefix + suffix < n_new)
    g_list_model_items_changed (G_LIST_MODEL (self), prefix,
                                n_old - prefix - suffix, n_new - prefix - suffix);
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

  g_cancellable_cancel (self->reload_cancellable);
  g_clear_object (&self->reload_cancellable);

  G_OBJECT_CLASS (isc_target_list_parent_class)->dispose (object);
}

static void
isc_target_list_finalize (GObject *object)
{
  IscTargetList *self = (IscTargetList *) object;

  g_clear_pointer (&self->groups, g_ptr_array_unref);
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
  self->visible = g_ptr_array_new_with_free_func (g_object_unref);
  self->added = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_target_free);
  self->filter = g_strdup ("");
}

IscTargetList *
isc_target_list_new (void)
{
  return g_object_new (ISC_TYPE_TARGET_LIST, NULL);
}

/* Reload */

typedef struct
{
  IscClient    *client;
  GCancellable *cancellable;         /* this reload's; a newer one cancels it */
  GCancellable *caller_cancellable;
  gulong        caller_handler;
  GPtrArray    *models;              /* IscModel */
  GPtrArray   **environments;        /* per model; NULL where it failed */
  GPtrArray   **deployments;
  GError       *first_error;
  guint         n_jobs;              /* two per model */
  guint         next_job;
  guint         in_flight;
} Reload;

typedef struct
{
  GTask *task;
  guint  index;
} Job;

static void
reload_free (gpointer data)
{
  Reload *reload = data;

  if (reload->caller_handler != 0)
    g_cancellable_disconnect (reload->caller_cancellable, reload->caller_handler);
  g_clear_object (&reload->caller_cancellable);
  g_clear_object (&reload->cancellable);
  g_clear_object (&reload->client);

  for (guint i = 0; reload->models != NULL && i < reload->models->len; i++)
    {
      g_clear_pointer (&reload->environments[i], g_ptr_array_unref);
      g_clear_pointer (&reload->deployments[i], g_ptr_array_unref);
    }
  g_clear_pointer (&reload->environments, g_free);
  g_clear_pointer (&reload->deployments, g_free);
  g_clear_pointer (&reload->models, g_ptr_array_unref);
  g_clear_error (&reload->first_error);
  g_free (reload);
}

static void
on_caller_cancelled (GCancellable *caller,
                     gpointer      data)
{
  g_cancellable_cancel (G_CANCELLABLE (data));
}

static gboolean
reload_is_current (IscTargetList *self,
                   Reload        *reload)
{
  return self->reload_cancellable == reload->cancellable;
}

static GPtrArray *
build_groups (Reload    *reload,
              GPtrArray *added)
{
  GPtrArray *groups = g_ptr_array_new_with_free_func (group_free);

  for (guint i = 0; i < reload->models->len; i++)
    {
      IscModel *model = g_ptr_array_index (reload->models, i);
      Group *group = group_new (isc_target_item_new_model (model), TRUE);

      for (guint j = 0; reload->environments[i] != NULL && j < reload->environments[i]->len; j++)
        g_ptr_array_add (group->targets,
                         isc_target_item_new_environment (model, g_ptr_array_index (reload->environments[i], j)));
      for (guint j = 0; reload->deployments[i] != NULL && j < reload->deployments[i]->len; j++)
        g_ptr_array_add (group->targets,
                         isc_target_item_new_deployment (model, g_ptr_array_index (reload->deployments[i], j)));
      g_ptr_array_sort (group->targets, compare_targets);

      g_ptr_array_add (groups, group);
    }

  for (guint i = 0; i < added->len; i++)
    groups_add_target (groups, g_ptr_array_index (added, i));

  return groups;
}

static void
reload_complete (GTask *task)
{
  IscTargetList *self = g_task_get_source_object (task);
  Reload *reload = g_task_get_task_data (task);

  if (g_cancellable_is_cancelled (reload->cancellable))
    {
      if (reload_is_current (self, reload))
        set_loading (self, FALSE);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled"));
      return;
    }

  g_clear_pointer (&self->groups, g_ptr_array_unref);
  self->groups = build_groups (reload, self->added);
  update_visible (self);
  set_error (self, reload->first_error);
  set_loading (self, FALSE);

  g_task_return_boolean (task, TRUE);
}

static void on_job_done (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data);

static void
reload_launch (GTask *task)
{
  Reload *reload = g_task_get_task_data (task);

  while (reload->in_flight < MAX_REQUESTS_IN_FLIGHT &&
         reload->next_job < reload->n_jobs &&
         !g_cancellable_is_cancelled (reload->cancellable))
    {
      Job *job = g_new0 (Job, 1);
      IscModel *model;

      job->task = g_object_ref (task);
      job->index = reload->next_job++;
      model = g_ptr_array_index (reload->models, job->index / 2);
      reload->in_flight++;

      if (job->index % 2 == 0)
        isc_client_list_environments_async (reload->client, model->id, reload->cancellable,
                                            on_job_done, job);
      else
        isc_client_list_deployments_async (reload->client, model->id, reload->cancellable,
                                           on_job_done, job);
    }

  if (reload->in_flight == 0)
    reload_complete (task);
}

static void
on_job_done (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autofree Job *job = user_data;
  g_autoptr(GTask) task = job->task;
  Reload *reload = g_task_get_task_data (task);
  IscClient *client = ISC_CLIENT (object);
  g_autoptr(GError) error = NULL;
  guint model_index = job->index / 2;

  if (job->index % 2 == 0)
    reload->environments[model_index] = isc_client_list_environments_finish (client, result, &error);
  else
    reload->deployments[model_index] = isc_client_list_deployments_finish (client, result, &error);

  reload->in_flight--;

  if (error != NULL &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) &&
      reload->first_error == NULL)
    reload->first_error = g_steal_pointer (&error);

  reload_launch (task);
}

static void
on_models_listed (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  IscTargetList *self = g_task_get_source_object (task);
  Reload *reload = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  reload->models = isc_client_list_models_finish (ISC_CLIENT (object), result, &error);
  if (reload->models == NULL)
    {
      if (reload_is_current (self, reload))
        {
          if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            set_error (self, error);
          set_loading (self, FALSE);
        }
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  reload->environments = g_new0 (GPtrArray *, reload->models->len);
  reload->deployments = g_new0 (GPtrArray *, reload->models->len);
  reload->n_jobs = reload->models->len * 2;

  reload_launch (task);
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
  g_cancellable_cancel (self->reload_cancellable);
  g_clear_object (&self->reload_cancellable);
  self->reload_cancellable = g_cancellable_new ();

  reload = g_new0 (Reload, 1);
  reload->client = g_object_ref (client);
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
isc_target_list_clear (IscTargetList *self)
{
  g_return_if_fail (ISC_IS_TARGET_LIST (self));

  g_cancellable_cancel (self->reload_cancellable);
  g_clear_object (&self->reload_cancellable);

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
}

void
isc_target_list_add_target (IscTargetList   *self,
                            const IscTarget *target)
{
  g_return_if_fail (ISC_IS_TARGET_LIST (self));
  g_return_if_fail (target != NULL);

  if (!groups_add_target (self->groups, target))
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
  g_return_val_if_fail (ISC_IS_TARGET_LIST (self), NULL);
  g_return_val_if_fail (target != NULL, NULL);

  for (guint g = 0; g < self->groups->len; g++)
    {
      Group *group = g_ptr_array_index (self->groups, g);

      for (guint i = 0; i < group->targets->len; i++)
        {
          IscTargetItem *item = g_ptr_array_index (group->targets, i);
          const IscTarget *listed = isc_target_item_get_target (item);

          if (listed != NULL && isc_target_equal (listed, target))
            return item;
        }
    }
  return NULL;
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
