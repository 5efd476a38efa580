/* isc-alert-evaluator.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Background alerts: whether a rule holds at a response's latest
 * complete steps, and the firing state of each rule between refreshes. */

#define G_LOG_DOMAIN "isc-session"

#include "config.h"

#include <math.h>

#include "isc-alert-evaluator.h"
#include "isc-error-share.h"

struct _IscAlertEvaluator
{
  GObject     parent_instance;

  GHashTable *firing;  /* rule id → itself: the rules firing now */
};

G_DEFINE_FINAL_TYPE (IscAlertEvaluator, isc_alert_evaluator, G_TYPE_OBJECT)

enum
{
  FIRED,
  RESOLVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The rule's metric and the series it reads, or FALSE without them. */
static gboolean
find_series (const IscAlertRule *rule,
             IscMetricsResponse *response,
             const IscMetric   **metric_out,
             guint              *series_out)
{
  const IscMetric *metric = isc_metrics_response_lookup_metric (response, isc_alert_rule_get_metric (rule));

  if (metric == NULL || isc_metric_get_n_series (metric) == 0)
    return FALSE;
  *metric_out = metric;
  *series_out = 0;

  switch (rule->kind)
    {
    case ISC_ALERT_KIND_ERROR_SHARE:
      return isc_error_share_applies (metric);
    case ISC_ALERT_KIND_LATENCY_P95:
      for (guint i = 0; i < isc_metric_get_n_series (metric); i++)
        if (g_strcmp0 (isc_series_lookup_label (isc_metric_get_series (metric, i), "quantile"), "0.95") == 0)
          {
            *series_out = i;
            return TRUE;
          }
      return FALSE;
    case ISC_ALERT_KIND_REPLICAS_AT_MAX:
    default:
      return TRUE;
    }
}

/* Whether any label set of @metric has a value at @step: the step has
 * arrived. */
static gboolean
step_is_complete (const IscMetric *metric,
                  guint            step)
{
  for (guint i = 0; i < isc_metric_get_n_series (metric); i++)
    {
      guint n;
      const double *values = isc_series_get_values (isc_metric_get_series (metric, i), &n);

      if (step < n && !isnan (values[step]))
        return TRUE;
    }
  return FALSE;
}

/* The rule's value at @step, NaN for none. */
static double
value_at (const IscAlertRule *rule,
          const IscMetric    *metric,
          guint               series,
          guint               step)
{
  const double *values;
  guint n;

  if (rule->kind == ISC_ALERT_KIND_ERROR_SHARE)
    {
      double share;

      return isc_error_share_of_class (metric, 5, (int) step, &share) ? share : NAN;
    }

  values = isc_series_get_values (isc_metric_get_series (metric, series), &n);
  return step < n ? values[step] : NAN;
}

static gboolean
value_breaches (const IscAlertRule *rule,
                double              value,
                gint64              max_replicas)
{
  if (isnan (value))
    return FALSE;
  if (rule->kind == ISC_ALERT_KIND_REPLICAS_AT_MAX)
    return value >= (double) max_replicas;
  return value > rule->threshold;
}

/* The maximum in effect at step @s: a schedule's where one applies. */
static gint64
max_at (IscMetricsResponse *response,
        guint               s,
        gint64              max_replicas,
        IscEnvironment     *environment)
{
  IscAutoscaling at;

  if (environment == NULL || environment->schedules == NULL || environment->schedules->len == 0)
    return max_replicas;
  isc_environment_get_autoscaling_at (environment, isc_metrics_response_get_step_start_ms (response, s), &at);
  return at.max_replica > 0 ? at.max_replica : max_replicas;
}

IscAlertCondition
isc_alert_evaluate (const IscAlertRule *rule,
                    IscMetricsResponse *response,
                    gint64              max_replicas,
                    double             *value,
                    gint64             *time_ms)
{
  return isc_alert_evaluate_in_effect (rule, response, max_replicas, NULL, value, time_ms);
}

IscAlertCondition
isc_alert_evaluate_in_effect (const IscAlertRule *rule,
                              IscMetricsResponse *response,
                              gint64              max_replicas,
                              IscEnvironment     *environment,
                              double             *value,
                              gint64             *time_ms)
{
  const IscMetric *metric = NULL;
  guint series = 0, n_steps, last, needed;
  gint64 step_s;
  gboolean firing = TRUE;

  if (value != NULL)
    *value = NAN;
  if (time_ms != NULL)
    *time_ms = 0;

  g_return_val_if_fail (rule != NULL, ISC_ALERT_UNKNOWN);

  if (response == NULL || !find_series (rule, response, &metric, &series))
    return ISC_ALERT_UNKNOWN;
  if (rule->kind == ISC_ALERT_KIND_REPLICAS_AT_MAX && max_replicas <= 0)
    return ISC_ALERT_UNKNOWN;

  step_s = isc_metrics_response_get_step_seconds (response);
  n_steps = isc_metrics_response_get_n_steps (response);
  if (step_s <= 0 || n_steps == 0)
    return ISC_ALERT_UNKNOWN;

  /* The latest step that has arrived. */
  last = n_steps;
  while (last > 0 && !step_is_complete (metric, last - 1))
    last--;
  if (last == 0)
    return ISC_ALERT_UNKNOWN;
  last--;

  /* Enough steps to cover the rule's minutes, ending at the last one. */
  needed = (guint) MAX (1, ((gint64) rule->minutes * 60 + step_s - 1) / step_s);
  if (last + 1 < needed)
    return ISC_ALERT_UNKNOWN;

  for (guint s = last + 1 - needed; s <= last; s++)
    if (!value_breaches (rule, value_at (rule, metric, series, s), max_at (response, s, max_replicas, environment)))
      {
        firing = FALSE;
        break;
      }

  if (value != NULL)
    *value = value_at (rule, metric, series, last);
  if (time_ms != NULL)
    *time_ms = isc_metrics_response_get_step_start_ms (response, last);

  return firing ? ISC_ALERT_FIRING : ISC_ALERT_CLEAR;
}

static void
isc_alert_evaluator_finalize (GObject *object)
{
  IscAlertEvaluator *self = ISC_ALERT_EVALUATOR (object);

  g_clear_pointer (&self->firing, g_hash_table_unref);

  G_OBJECT_CLASS (isc_alert_evaluator_parent_class)->finalize (object);
}

static void
isc_alert_evaluator_class_init (IscAlertEvaluatorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isc_alert_evaluator_finalize;

  /**
   * IscAlertEvaluator::fired:
   * @rule: the rule that started firing
   * @value: its value at the latest complete step
   * @time_ms: that step's start
   */
  signals[FIRED] = g_signal_new ("fired",
                                 G_TYPE_FROM_CLASS (klass),
                                 G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 3,
                                 ISC_TYPE_ALERT_RULE | G_SIGNAL_TYPE_STATIC_SCOPE,
                                 G_TYPE_DOUBLE,
                                 G_TYPE_INT64);
  /**
   * IscAlertEvaluator::resolved:
   * @rule: the rule that stopped firing
   * @value: its value at the latest complete step
   * @time_ms: that step's start
   */
  signals[RESOLVED] = g_signal_new ("resolved",
                                    G_TYPE_FROM_CLASS (klass),
                                    G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 3,
                                    ISC_TYPE_ALERT_RULE | G_SIGNAL_TYPE_STATIC_SCOPE,
                                    G_TYPE_DOUBLE,
                                    G_TYPE_INT64);
}

static void
isc_alert_evaluator_init (IscAlertEvaluator *self)
{
  self->firing = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

IscAlertEvaluator *
isc_alert_evaluator_new (void)
{
  return g_object_new (ISC_TYPE_ALERT_EVALUATOR, NULL);
}

/**
 * isc_alert_evaluator_update:
 * @self: an #IscAlertEvaluator
 * @rule: the rule
 * @response: (nullable): the rule's target's latest SERIES response
 * @max_replicas: the target's autoscaling maximum, or 0 when unknown
 *
 * Evaluates @rule and emits "fired" or "resolved" when its state changes.
 *
 * Returns: the condition now
 */
IscAlertCondition
isc_alert_evaluator_update (IscAlertEvaluator  *self,
                            const IscAlertRule *rule,
                            IscMetricsResponse *response,
                            gint64              max_replicas)
{
  return isc_alert_evaluator_update_in_effect (self, rule, response, max_replicas, NULL);
}

IscAlertCondition
isc_alert_evaluator_update_in_effect (IscAlertEvaluator  *self,
                                      const IscAlertRule *rule,
                                      IscMetricsResponse *response,
                                      gint64              max_replicas,
                                      IscEnvironment     *environment)
{
  g_autofree char *id = NULL;
  IscAlertCondition condition;
  double value;
  gint64 time_ms;
  gboolean was_firing;

  g_return_val_if_fail (ISC_IS_ALERT_EVALUATOR (self), ISC_ALERT_UNKNOWN);
  g_return_val_if_fail (rule != NULL, ISC_ALERT_UNKNOWN);

  condition = isc_alert_evaluate_in_effect (rule, response, max_replicas, environment, &value, &time_ms);
  if (condition == ISC_ALERT_UNKNOWN)
    return condition;

  id = isc_alert_rule_dup_id (rule);
  was_firing = g_hash_table_contains (self->firing, id);

  if (condition == ISC_ALERT_FIRING && !was_firing)
    {
      g_hash_table_add (self->firing, g_steal_pointer (&id));
      g_signal_emit (self, signals[FIRED], 0, rule, value, time_ms);
    }
  else if (condition == ISC_ALERT_CLEAR && was_firing)
    {
      g_hash_table_remove (self->firing, id);
      g_signal_emit (self, signals[RESOLVED], 0, rule, value, time_ms);
    }

  return condition;
}

gboolean
isc_alert_evaluator_is_firing (IscAlertEvaluator  *self,
                               const IscAlertRule *rule)
{
  g_autofree char *id = NULL;

  g_return_val_if_fail (ISC_IS_ALERT_EVALUATOR (self), FALSE);
  g_return_val_if_fail (rule != NULL, FALSE);

  id = isc_alert_rule_dup_id (rule);
  return g_hash_table_contains (self->firing, id);
}

void
isc_alert_evaluator_forget (IscAlertEvaluator  *self,
                            const IscAlertRule *rule)
{
  g_autofree char *id = NULL;

  g_return_if_fail (ISC_IS_ALERT_EVALUATOR (self));
  g_return_if_fail (rule != NULL);

  id = isc_alert_rule_dup_id (rule);
  g_hash_table_remove (self->firing, id);
}
