/* isc-target-annotations.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What a target's discovery data says to draw over its charts: the
 * autoscaling limits, the instance's memory limits, a deployment's
 * creation, the promotions the window's steps reveal and one under way.
 * Between api (discovery) and chart (annotations), for the window and
 * `inferscope export` both. */

#define G_LOG_DOMAIN "isc-session"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-diagnosis.h"
#include "isc-event.h"
#include "isc-target-annotations.h"
#include "isc-units.h"

static gint64
parse_time_ms (const char *iso8601)
{
  g_autoptr(GDateTime) dt = NULL;

  if (iso8601 == NULL)
    return 0;
  dt = g_date_time_new_from_iso8601 (iso8601, NULL);
  if (dt == NULL)
    return 0;
  return g_date_time_to_unix (dt) * 1000 + g_date_time_get_microsecond (dt) / 1000;
}

/* A target of 0 would be no target at all. */
static double
target_value (gint64 target)
{
  return target > 0 ? (double) target : NAN;
}

static void
set_autoscaling (IscChartAnnotations  *self,
                 const IscAutoscaling *autoscaling)
{
  isc_chart_annotations_set_limit (self, ISC_CHART_LIMIT_MIN_REPLICAS, (double) autoscaling->min_replica);
  isc_chart_annotations_set_limit (self, ISC_CHART_LIMIT_MAX_REPLICAS, (double) autoscaling->max_replica);
  isc_chart_annotations_set_limit (self, ISC_CHART_LIMIT_CONCURRENCY_TARGET,
                                   target_value (autoscaling->concurrency_target));
  isc_chart_annotations_set_limit (self, ISC_CHART_LIMIT_IN_FLIGHT_TOKENS_TARGET,
                                   target_value (autoscaling->target_in_flight_tokens));
}

/* The autoscaling limits as the environment's schedules put them in
 * effect over [@start_ms, @end_ms], read minute by minute (schedules
 * start and end on whole minutes): a step where a value changes. */
#define SCHEDULE_STEP_MS  60000
#define SCHEDULE_MAX_READS (8 * 24 * 60)

static void
set_scheduled_autoscaling (IscChartAnnotations *self,
                           IscEnvironment      *environment,
                           gint64               start_ms,
                           gint64               end_ms)
{
  static const IscChartLimit limits[] = {
    ISC_CHART_LIMIT_MIN_REPLICAS, ISC_CHART_LIMIT_MAX_REPLICAS,
    ISC_CHART_LIMIT_CONCURRENCY_TARGET, ISC_CHART_LIMIT_IN_FLIGHT_TOKENS_TARGET,
  };
  GArray *steps[G_N_ELEMENTS (limits)];
  gint64 stride = SCHEDULE_STEP_MS;
  gint64 t;

  /* Beyond eight days (more than the API serves), coarser reads. */
  while ((end_ms - start_ms) / stride > SCHEDULE_MAX_READS)
    stride *= 2;

  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    steps[i] = g_array_new (FALSE, FALSE, sizeof (IscChartReferenceStep));

  for (t = start_ms; t <= end_ms; t = (t == start_ms ? start_ms - start_ms % stride : t) + stride)
    {
      IscAutoscaling at;
      double values[G_N_ELEMENTS (limits)];

      isc_environment_get_autoscaling_at (environment, t, &at);
      values[0] = (double) at.min_replica;
      values[1] = (double) at.max_replica;
      values[2] = target_value (at.concurrency_target);
      values[3] = target_value (at.target_in_flight_tokens);
      for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
        {
          GArray *a = steps[i];
          double last = a->len > 0 ? g_array_index (a, IscChartReferenceStep, a->len - 1).value : NAN;
          IscChartReferenceStep step = { t, values[i] };

          if (a->len == 0 || (last != values[i] && !(isnan (last) && isnan (values[i]))))
            g_array_append_val (a, step);
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      isc_chart_annotations_set_limit_steps (self, limits[i], (IscChartReferenceStep *) steps[i]->data, steps[i]->len);
      g_array_unref (steps[i]);
    }
}

static const char *
deployment_word (IscDeployment *deployment)
{
  return deployment->name != NULL ? deployment->name : deployment->id;
}

static void
add_created (IscChartAnnotations *self,
             IscDeployment       *deployment)
{
  gint64 created_ms = parse_time_ms (deployment->created_at);
  g_autofree char *label = NULL;

  if (created_ms == 0)
    return;
  /* Translators: a rollout marker on the charts, %s is a deployment's
   * name, "v8 created" */
  label = g_strdup_printf (_("%s created"), deployment_word (deployment));
  isc_chart_annotations_add_marker (self, created_ms, label);
}

IscChartAnnotations *
isc_target_annotations_new_for_deployment (IscDeployment *deployment)
{
  IscChartAnnotations *self;

  g_return_val_if_fail (deployment != NULL, NULL);

  self = isc_chart_annotations_new ();
  if (deployment->has_autoscaling)
    set_autoscaling (self, &deployment->autoscaling);
  add_created (self, deployment);
  return self;
}

static void
set_environment_limits (IscChartAnnotations *self,
                        IscEnvironment      *environment,
                        IscMetricsResponse  *response)
{
  /* The limits in effect: where the schedules can be read, as they
   * applied over the window; else those in effect now. */
  if (environment->schedules != NULL && environment->schedules->len > 0 && response != NULL &&
      isc_metrics_response_get_end_ms (response) > isc_metrics_response_get_start_ms (response))
    set_scheduled_autoscaling (self, environment, isc_metrics_response_get_start_ms (response),
                               isc_metrics_response_get_end_ms (response));
  else if (environment->has_effective)
    set_autoscaling (self, &environment->effective);
  if (environment->memory_limit_mib > 0)
    isc_chart_annotations_set_limit (self, ISC_CHART_LIMIT_MEMORY_MIB, (double) environment->memory_limit_mib);
  if (environment->gpu_memory_limit_mib > 0)
    isc_chart_annotations_set_limit (self, ISC_CHART_LIMIT_GPU_MEMORY_MIB,
                                     (double) environment->gpu_memory_limit_mib);
}

/* A promotion under way is a state read now, not an event with a time:
 * it goes at the window's end when the window reaches now. */
static void
add_promotion_under_way (IscChartAnnotations *self,
                         IscEnvironment      *environment,
                         IscMetricsResponse  *response,
                         gint64               now_ms)
{
  gint64 end_ms, slack_ms;
  g_autofree char *label = NULL;
  const char *candidate;

  if (environment->promotion_status == NULL || response == NULL)
    return;

  end_ms = isc_metrics_response_get_end_ms (response);
  slack_ms = MAX (isc_metrics_response_get_step_seconds (response) * 1000, 60000);
  if (now_ms > end_ms + slack_ms || now_ms < isc_metrics_response_get_start_ms (response))
    return;

  candidate = environment->candidate_deployment != NULL
              ? deployment_word (environment->candidate_deployment) : NULL;
  if (environment->promotion == ISC_PROMOTION_PAUSED || environment->promotion == ISC_PROMOTION_FAILED)
    {
      g_autofree char *percent = isc_format_value (MAX (environment->promotion_percent, 0) / 100.0,
                                                   ISC_UNIT_HINT_RATIO, 2);

      /* Stopped: the status first, "Promotion paused · v9 · 10 %
       * of traffic"; Baseten's message is in the banner. */
      label = g_strdup_printf (_("%s · %s · %s of traffic"),
                               isc_promotion_status_get_title (environment->promotion),
                               candidate != NULL ? candidate : "", percent);
    }
  else if (environment->promotion_percent >= 0)
    {
      g_autofree char *percent = isc_format_value (environment->promotion_percent / 100.0,
                                                   ISC_UNIT_HINT_RATIO, 2);

      /* Translators: a rollout marker, "promoting v9 · 25 % of
       * traffic": the deployment being promoted and its share */
      label = g_strdup_printf (_("promoting %s · %s of traffic"),
                               candidate != NULL ? candidate : "", percent);
    }
  else
    /* Translators: a rollout marker, "promoting v9" */
    label = g_strdup_printf (_("promoting %s"), candidate != NULL ? candidate : "");
  isc_chart_annotations_add_marker (self, MIN (now_ms, end_ms), g_strstrip (label));
}

IscChartAnnotations *
isc_target_annotations_new_for_environment (IscEnvironment     *environment,
                                            IscMetricsResponse *response,
                                            gint64              now_ms)
{
  IscChartAnnotations *self;
  IscDeployment *current;

  g_return_val_if_fail (environment != NULL, NULL);

  self = isc_chart_annotations_new ();
  current = environment->current_deployment;
  set_environment_limits (self, environment, response);

  if (current != NULL)
    add_created (self, current);
  if (environment->candidate_deployment != NULL)
    add_created (self, environment->candidate_deployment);

  /* Completed promotions, as the window's split says; the last one
   * brought the deployment serving now. */
  {
    g_autoptr(GArray) promotions = isc_chart_annotations_find_promotions (response);

    for (guint i = 0; i < promotions->len; i++)
      {
        gint64 t = g_array_index (promotions, gint64, i);
        g_autofree char *label = NULL;

        if (i == promotions->len - 1 && current != NULL)
          /* Translators: a rollout marker, %s is the deployment promoted,
           * "v8 promoted" */
          label = g_strdup_printf (_("%s promoted"), deployment_word (current));
        else
          /* Translators: a rollout marker where an earlier promotion was */
          label = g_strdup (_("promotion"));
        isc_chart_annotations_add_marker (self, t, label);
      }
  }

  add_promotion_under_way (self, environment, response, now_ms);
  return self;
}

/* Whether @events has the audit log's own word for @deployment's
 * creation, so that the one discovery gives is not drawn twice. */
static gboolean
has_deployed (GListModel    *events,
              IscDeployment *deployment)
{
  guint n = g_list_model_get_n_items (events);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IscEvent) event = g_list_model_get_item (events, i);

      if (isc_event_get_kind (event) == ISC_EVENT_DEPLOYED &&
          g_strcmp0 (isc_event_get_deployment_id (event), deployment->id) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A marker for each event in the response's window (all of them without
 * a response). */
static void
add_events (IscChartAnnotations *self,
            IscMetricsResponse  *response,
            GListModel          *events)
{
  guint n = g_list_model_get_n_items (events);
  gint64 start_ms = response != NULL ? isc_metrics_response_get_start_ms (response) : G_MININT64;
  gint64 end_ms = response != NULL ? isc_metrics_response_get_end_ms (response) : G_MAXINT64;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IscEvent) event = g_list_model_get_item (events, i);
      gint64 t = isc_event_get_time_ms (event);
      g_autofree char *label = NULL;

      if (t < start_ms || t > end_ms)
        continue;
      label = isc_event_dup_label (event);
      isc_chart_annotations_add_marker (self, t, label);
    }
}

IscChartAnnotations *
isc_target_annotations_new_for_deployment_with_events (IscDeployment      *deployment,
                                                       IscMetricsResponse *response,
                                                       GListModel         *events)
{
  IscChartAnnotations *self;

  g_return_val_if_fail (deployment != NULL, NULL);
  g_return_val_if_fail (events == NULL || G_IS_LIST_MODEL (events), NULL);

  if (events == NULL)
    return isc_target_annotations_new_for_deployment (deployment);

  self = isc_chart_annotations_new ();
  if (deployment->has_autoscaling)
    set_autoscaling (self, &deployment->autoscaling);
  if (!has_deployed (events, deployment))
    add_created (self, deployment);
  add_events (self, response, events);
  return self;
}

IscChartAnnotations *
isc_target_annotations_new_for_environment_with_events (IscEnvironment     *environment,
                                                        IscMetricsResponse *response,
                                                        gint64              now_ms,
                                                        GListModel         *events)
{
  IscChartAnnotations *self;

  g_return_val_if_fail (environment != NULL, NULL);
  g_return_val_if_fail (events == NULL || G_IS_LIST_MODEL (events), NULL);

  if (events == NULL)
    return isc_target_annotations_new_for_environment (environment, response, now_ms);

  /* The audit log says what happened: no promotion is inferred. */
  self = isc_chart_annotations_new ();
  set_environment_limits (self, environment, response);
  if (environment->current_deployment != NULL && !has_deployed (events, environment->current_deployment))
    add_created (self, environment->current_deployment);
  if (environment->candidate_deployment != NULL && !has_deployed (events, environment->candidate_deployment))
    add_created (self, environment->candidate_deployment);
  add_events (self, response, events);
  add_promotion_under_way (self, environment, response, now_ms);
  return self;
}
