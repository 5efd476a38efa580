/* isc-alert-watcher.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Loads each target that has alert rules on a timer, and hands the
 * answers to the evaluator. */

#define G_LOG_DOMAIN "isc-session"

#include "config.h"

#include "isc-alert-watcher.h"
#include "isc-target-item.h"

/* The window asked for is the longest rule's minutes and this much more,
 * for Baseten's late data, and never shorter than MIN_WINDOW_MINUTES. */
#define MARGIN_MINUTES     15
#define MIN_WINDOW_MINUTES 30

struct _IscAlertWatcher
{
  GObject            parent_instance;

  /* Owned references */
  GSettings         *settings;
  IscClient         *client;
  IscTargetList     *target_list;
  IscAlertEvaluator *evaluator;
  GPtrArray         *rules;
  GCancellable      *cancellable;

  guint              interval;
  guint              timeout_id;
  guint              pending;
  gint64             now_ms;
};

G_DEFINE_FINAL_TYPE (IscAlertWatcher, isc_alert_watcher, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CLIENT,
  PROP_TARGET_LIST,
  PROP_INTERVAL,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  IscAlertWatcher *self;
  IscTarget       *target;
} CheckData;

static void
check_data_free (CheckData *data)
{
  g_object_unref (data->self);
  isc_target_free (data->target);
  g_free (data);
}

static gint64
max_replicas_of (IscAlertWatcher *self,
                 const IscTarget *target)
{
  IscTargetItem *item;
  const IscAutoscaling *autoscaling;

  if (self->target_list == NULL)
    return 0;
  item = isc_target_list_lookup (self->target_list, target);
  /* Discovery lists a model's targets when needed: the next check has
   * this one's limits. */
  if (item == NULL)
    isc_target_list_fetch_model (self->target_list, target->model_id, FALSE);
  autoscaling = item != NULL ? isc_target_item_get_autoscaling (item) : NULL;
  return autoscaling != NULL ? MAX (autoscaling->max_replica, 0) : 0;
}

static void
set_pending (IscAlertWatcher *self,
             guint            pending)
{
  gboolean was_loading = self->pending > 0;

  self->pending = pending;
  if (was_loading != (pending > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
fetch_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  CheckData *data = user_data;
  IscAlertWatcher *self = data->self;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;

  response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      check_data_free (data);
      return;
    }

  if (response == NULL)
    /* A failed load says nothing about the rules: their state stays. */
    g_debug ("Could not check the alerts of %s: %s", data->target->id, error->message);
  else
    {
      gint64 max_replicas = max_replicas_of (self, data->target);
      g_autoptr(GPtrArray) rules = g_ptr_array_ref (self->rules);
      IscTargetItem *item = self->target_list != NULL ? isc_target_list_lookup (self->target_list, data->target) : NULL;
      IscEnvironment *environment = item != NULL ? isc_target_item_get_environment (item) : NULL;

      for (guint i = 0; i < rules->len; i++)
        {
          IscAlertRule *rule = g_ptr_array_index (rules, i);

          if (isc_target_equal (rule->target, data->target))
            /* The maximum in effect at each step: a schedule's, where
             * the environment has one. */
            isc_alert_evaluator_update_in_effect (self->evaluator, rule, response, max_replicas, environment);
        }
    }

  set_pending (self, self->pending - 1);
  check_data_free (data);
}

static gint64
now_ms (IscAlertWatcher *self)
{
  return self->now_ms != 0 ? self->now_ms : g_get_real_time () / 1000;
}

void
isc_alert_watcher_check (IscAlertWatcher *self)
{
  g_autoptr(GPtrArray) targets = NULL;
  gint64 end_ms;

  g_return_if_fail (ISC_IS_ALERT_WATCHER (self));

  if (self->client == NULL || self->pending > 0 || self->rules->len == 0)
    return;
  /* Baseten asked to wait: this tick sends nothing. */
  if (isc_client_get_retry_not_before_ms (self->client) > g_get_real_time () / 1000)
    return;

  end_ms = now_ms (self);
  targets = g_ptr_array_new ();
  for (guint i = 0; i < self->rules->len; i++)
    {
      IscAlertRule *rule = g_ptr_array_index (self->rules, i);
      gboolean seen = FALSE;

      for (guint j = 0; j < targets->len && !seen; j++)
        seen = isc_target_equal (g_ptr_array_index (targets, j), rule->target);
      if (!seen)
        g_ptr_array_add (targets, rule->target);
    }

  set_pending (self, targets->len);
  for (guint j = 0; j < targets->len; j++)
    {
      const IscTarget *target = g_ptr_array_index (targets, j);
      g_autoptr(GPtrArray) metrics = g_ptr_array_new ();
      g_autoptr(IscTimeRange) range = NULL;
      g_autoptr(IscQuery) query = NULL;
      guint minutes = 0;
      CheckData *data;

      for (guint i = 0; i < self->rules->len; i++)
        {
          IscAlertRule *rule = g_ptr_array_index (self->rules, i);
          const char *metric = isc_alert_rule_get_metric (rule);

          if (!isc_target_equal (rule->target, target))
            continue;
          minutes = MAX (minutes, rule->minutes);
          if (!g_ptr_array_find_with_equal_func (metrics, metric, g_str_equal, NULL))
            g_ptr_array_add (metrics, (gpointer) metric);
        }
      g_ptr_array_add (metrics, NULL);

      minutes = MAX (minutes + MARGIN_MINUTES, MIN_WINDOW_MINUTES);
      range = isc_time_range_new_absolute (end_ms - (gint64) minutes * 60 * 1000, end_ms);
      query = isc_target_make_query (target, ISC_MODE_SERIES, range, (const char * const *) metrics->pdata);

      data = g_new0 (CheckData, 1);
      data->self = g_object_ref (self);
      data->target = isc_target_copy (target);
      isc_client_fetch_metrics_async (self->client, query, self->cancellable, fetch_cb, data);
    }
}

static gboolean
tick_cb (gpointer user_data)
{
  isc_alert_watcher_check (user_data);
  return G_SOURCE_CONTINUE;
}

static void
restart_timer (IscAlertWatcher *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->interval > 0 && self->client != NULL && self->rules->len > 0)
    self->timeout_id = g_timeout_add_seconds (self->interval, tick_cb, self);
}

static void
cancel_checks (IscAlertWatcher *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  set_pending (self, 0);
}

static void
reload_rules (IscAlertWatcher *self)
{
  g_autoptr(GPtrArray) old = g_steal_pointer (&self->rules);

  self->rules = isc_alert_rules_load (self->settings);

  /* A rule that is gone forgets its state; its notification stays as it was. */
  for (guint i = 0; i < old->len; i++)
    {
      IscAlertRule *rule = g_ptr_array_index (old, i);

      if (!g_ptr_array_find_with_equal_func (self->rules, rule, (GEqualFunc) isc_alert_rule_equal, NULL))
        isc_alert_evaluator_forget (self->evaluator, rule);
    }
}

static void
rules_changed_cb (IscAlertWatcher *self)
{
  reload_rules (self);
  cancel_checks (self);
  restart_timer (self);
  isc_alert_watcher_check (self);
}

static void
isc_alert_watcher_dispose (GObject *object)
{
  IscAlertWatcher *self = ISC_ALERT_WATCHER (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_object (&self->client);
  g_clear_object (&self->target_list);

  G_OBJECT_CLASS (isc_alert_watcher_parent_class)->dispose (object);
}

static void
isc_alert_watcher_finalize (GObject *object)
{
  IscAlertWatcher *self = ISC_ALERT_WATCHER (object);

  g_clear_object (&self->evaluator);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->rules, g_ptr_array_unref);

  G_OBJECT_CLASS (isc_alert_watcher_parent_class)->finalize (object);
}

static void
isc_alert_watcher_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  IscAlertWatcher *self = ISC_ALERT_WATCHER (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;
    case PROP_TARGET_LIST:
      g_value_set_object (value, self->target_list);
      break;
    case PROP_INTERVAL:
      g_value_set_uint (value, self->interval);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->pending > 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_alert_watcher_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  IscAlertWatcher *self = ISC_ALERT_WATCHER (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      isc_alert_watcher_set_client (self, g_value_get_object (value));
      break;
    case PROP_TARGET_LIST:
      isc_alert_watcher_set_target_list (self, g_value_get_object (value));
      break;
    case PROP_INTERVAL:
      isc_alert_watcher_set_interval (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_alert_watcher_class_init (IscAlertWatcherClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_alert_watcher_dispose;
  object_class->finalize = isc_alert_watcher_finalize;
  object_class->get_property = isc_alert_watcher_get_property;
  object_class->set_property = isc_alert_watcher_set_property;

  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL, ISC_TYPE_CLIENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TARGET_LIST] =
    g_param_spec_object ("target-list", NULL, NULL, ISC_TYPE_TARGET_LIST,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERVAL] =
    g_param_spec_uint ("interval", NULL, NULL, 0, 24 * 3600, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_alert_watcher_init (IscAlertWatcher *self)
{
  self->evaluator = isc_alert_evaluator_new ();
  self->cancellable = g_cancellable_new ();
  self->rules = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_alert_rule_free);
}

IscAlertWatcher *
isc_alert_watcher_new (GSettings *settings)
{
  IscAlertWatcher *self = g_object_new (ISC_TYPE_ALERT_WATCHER, NULL);

  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), self);

  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      g_signal_connect_swapped (settings, "changed::alert-rules", G_CALLBACK (rules_changed_cb), self);
    }
  reload_rules (self);
  return self;
}

IscClient *
isc_alert_watcher_get_client (IscAlertWatcher *self)
{
  g_return_val_if_fail (ISC_IS_ALERT_WATCHER (self), NULL);

  return self->client;
}

void
isc_alert_watcher_set_client (IscAlertWatcher *self,
                              IscClient       *client)
{
  g_return_if_fail (ISC_IS_ALERT_WATCHER (self));
  g_return_if_fail (client == NULL || ISC_IS_CLIENT (client));

  if (self->client == client)
    return;

  cancel_checks (self);
  g_set_object (&self->client, client);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLIENT]);
  restart_timer (self);
  isc_alert_watcher_check (self);
}

void
isc_alert_watcher_set_target_list (IscAlertWatcher *self,
                                   IscTargetList   *target_list)
{
  g_return_if_fail (ISC_IS_ALERT_WATCHER (self));

  if (g_set_object (&self->target_list, target_list))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET_LIST]);
}

guint
isc_alert_watcher_get_interval (IscAlertWatcher *self)
{
  g_return_val_if_fail (ISC_IS_ALERT_WATCHER (self), 0);

  return self->interval;
}

void
isc_alert_watcher_set_interval (IscAlertWatcher *self,
                                guint            seconds)
{
  g_return_if_fail (ISC_IS_ALERT_WATCHER (self));

  if (self->interval == seconds)
    return;

  self->interval = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERVAL]);
  restart_timer (self);
}

gboolean
isc_alert_watcher_get_loading (IscAlertWatcher *self)
{
  g_return_val_if_fail (ISC_IS_ALERT_WATCHER (self), FALSE);

  return self->pending > 0;
}

GPtrArray *
isc_alert_watcher_get_rules (IscAlertWatcher *self)
{
  g_return_val_if_fail (ISC_IS_ALERT_WATCHER (self), NULL);

  return self->rules;
}

IscAlertEvaluator *
isc_alert_watcher_get_evaluator (IscAlertWatcher *self)
{
  g_return_val_if_fail (ISC_IS_ALERT_WATCHER (self), NULL);

  return self->evaluator;
}

void
isc_alert_watcher_set_now_ms (IscAlertWatcher *self,
                              gint64           now_ms_)
{
  g_return_if_fail (ISC_IS_ALERT_WATCHER (self));

  self->now_ms = now_ms_;
}
