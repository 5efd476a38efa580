/* isc-diagnosis.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-session"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-diagnosis.h"
#include "isc-target-item.h"
#include "isc-text.h"
#include "isc-units.h"

/* Baseten's message, shown as text, cut short for a banner. */
#define MESSAGE_MAX_BYTES 400

void
isc_diagnosis_free (IscDiagnosis *diagnosis)
{
  if (diagnosis == NULL)
    return;
  g_free (diagnosis->title);
  g_free (diagnosis->action_label);
  g_free (diagnosis->action_target);
  g_free (diagnosis);
}

const IscDiagnosis *
isc_diagnosis_list_find (GPtrArray        *list,
                         IscDiagnosisKind  kind)
{
  g_return_val_if_fail (list != NULL, NULL);

  for (guint i = 0; i < list->len; i++)
    {
      const IscDiagnosis *d = g_ptr_array_index (list, i);

      if (d->kind == kind)
        return d;
    }
  return NULL;
}

gboolean
isc_diagnosis_replicas_at_max (double replicas,
                               gint64 max_replicas)
{
  /* A single replica at most is always "at max" while it serves (a
   * development deployment): nothing an engineer needs to hear. */
  return max_replicas > 1 && !isnan (replicas) && replicas >= (double) max_replicas - 0.01;
}

gint64
isc_diagnosis_usual_seconds (IscDeploymentStatus status)
{
  switch (status)
    {
    case ISC_DEPLOYMENT_STATUS_BUILDING:
      return 20 * 60;
    case ISC_DEPLOYMENT_STATUS_DEPLOYING:
    case ISC_DEPLOYMENT_STATUS_LOADING_MODEL:
    case ISC_DEPLOYMENT_STATUS_UPDATING:
      return 15 * 60;
    case ISC_DEPLOYMENT_STATUS_WAKING_UP:
      return 5 * 60;
    case ISC_DEPLOYMENT_STATUS_UNKNOWN:
    case ISC_DEPLOYMENT_STATUS_DEPLOY_FAILED:
    case ISC_DEPLOYMENT_STATUS_ACTIVE:
    case ISC_DEPLOYMENT_STATUS_UNHEALTHY:
    case ISC_DEPLOYMENT_STATUS_BUILD_FAILED:
    case ISC_DEPLOYMENT_STATUS_BUILD_STOPPED:
    case ISC_DEPLOYMENT_STATUS_DEACTIVATING:
    case ISC_DEPLOYMENT_STATUS_INACTIVE:
    case ISC_DEPLOYMENT_STATUS_FAILED:
    case ISC_DEPLOYMENT_STATUS_SCALED_TO_ZERO:
    default:
      return 0;
    }
}

const char *
isc_promotion_status_get_title (IscPromotionStatus status)
{
  switch (status)
    {
    case ISC_PROMOTION_RELEASING:
      return _("Promotion releasing");
    case ISC_PROMOTION_RAMPING_UP:
      return _("Promotion ramping up");
    case ISC_PROMOTION_RAMPING_DOWN:
      return _("Promotion ramping down");
    case ISC_PROMOTION_PAUSED:
      return _("Promotion paused");
    case ISC_PROMOTION_SUCCEEDED:
      return _("Promotion succeeded");
    case ISC_PROMOTION_FAILED:
      return _("Promotion failed");
    case ISC_PROMOTION_CANCELED:
      return _("Promotion canceled");
    case ISC_PROMOTION_OTHER:
      return _("Promotion in progress");
    case ISC_PROMOTION_NONE:
    default:
      return NULL;
    }
}

static char *
deployment_name (IscDeployment *deployment)
{
  const char *name = deployment->name != NULL && *deployment->name != '\0' ? deployment->name : deployment->id;

  return isc_text_display_name (name, deployment->id);
}

static gint64
parse_ms (const char *iso8601)
{
  g_autoptr(GDateTime) dt = NULL;

  if (iso8601 == NULL || !(dt = g_date_time_new_from_iso8601 (iso8601, NULL)))
    return 0;
  return g_date_time_to_unix (dt) * 1000 + g_date_time_get_microsecond (dt) / 1000;
}

char *
isc_promotion_describe (IscEnvironment *environment)
{
  g_autofree char *candidate = NULL;
  g_autofree char *message = NULL;
  g_autofree char *percent = NULL;
  g_autofree char *head = NULL;
  const char *title;

  g_return_val_if_fail (environment != NULL, NULL);

  title = isc_promotion_status_get_title (environment->promotion);
  if (title == NULL)
    return NULL;

  if (environment->candidate_deployment != NULL)
    candidate = deployment_name (environment->candidate_deployment);
  if (environment->promotion_message != NULL && *environment->promotion_message != '\0')
    message = isc_text_sanitize_cut (environment->promotion_message, -1, MESSAGE_MAX_BYTES);

  if (candidate != NULL && environment->promotion_percent >= 0)
    {
      percent = isc_format_value (environment->promotion_percent / 100.0, ISC_UNIT_HINT_RATIO, 2);
      /* Translators: "Promotion paused · development · 0 % of traffic":
       * the status, the deployment being promoted and its share */
      head = g_strdup_printf (_("%s · %s · %s of traffic"), title, candidate, percent);
    }
  else if (candidate != NULL)
    /* Translators: "Promotion paused · development" */
    head = g_strdup_printf (_("%s · %s"), title, candidate);
  else
    head = g_strdup (title);

  if (message != NULL)
    /* Translators: the promotion's state, then Baseten's message */
    return g_strdup_printf (_("%s: %s"), head, message);
  return g_steal_pointer (&head);
}

static IscDiagnosis *
diagnosis_new (IscDiagnosisKind    kind,
               char               *title,
               IscDiagnosisAction  action,
               const char         *action_label,
               const char         *action_target)
{
  IscDiagnosis *d = g_new0 (IscDiagnosis, 1);

  d->kind = kind;
  d->title = title;
  d->action = action;
  d->action_label = g_strdup (action_label);
  d->action_target = g_strdup (action_target);
  return d;
}

static gboolean
is_failed_or_unhealthy (IscDeploymentStatus status)
{
  return status == ISC_DEPLOYMENT_STATUS_UNHEALTHY || status == ISC_DEPLOYMENT_STATUS_FAILED ||
         status == ISC_DEPLOYMENT_STATUS_DEPLOY_FAILED;
}

/* The environment serves a failed or unhealthy deployment while a newer
 * one (created later) of the same model is active. */
static void
check_serving (const IscDiagnosisInput *input,
               GPtrArray               *out)
{
  IscEnvironment *env = input->environment;
  IscDeployment *current = env != NULL ? env->current_deployment : NULL;
  IscDeployment *newer = NULL;
  gint64 newer_ms = 0;
  gint64 current_ms;
  g_autofree char *current_name = NULL;
  g_autofree char *newer_name = NULL;
  g_autofree char *label = NULL;
  char *title;

  if (current == NULL || !is_failed_or_unhealthy (current->status) || input->deployments == NULL)
    return;

  current_ms = parse_ms (current->created_at);
  for (guint i = 0; i < input->deployments->len; i++)
    {
      IscDeployment *d = g_ptr_array_index (input->deployments, i);
      gint64 ms = parse_ms (d->created_at);

      if (g_strcmp0 (d->id, current->id) == 0 || d->status != ISC_DEPLOYMENT_STATUS_ACTIVE ||
          ms <= current_ms || ms <= newer_ms)
        continue;
      newer = d;
      newer_ms = ms;
    }
  if (newer == NULL)
    return;

  current_name = deployment_name (current);
  newer_name = deployment_name (newer);
  /* Translators: a banner: the environment's name, the deployment it
   * serves, that deployment's status ("Unhealthy"), then a newer one */
  title = g_strdup_printf (_("%s serves %s (%s) while the newer %s is active"),
                           env->name, current_name,
                           isc_deployment_status_get_title (current->status), newer_name);
  /* Translators: a banner's button, %s is a deployment's name */
  label = g_strdup_printf (_("Open %s"), newer_name);
  g_ptr_array_add (out, diagnosis_new (ISC_DIAGNOSIS_SERVING_UNHEALTHY, title,
                                       ISC_DIAGNOSIS_ACTION_OPEN_DEPLOYMENT, label, newer->id));
}

/* The seconds since the trailing run of steps where replicas were
 * starting and none was active began, or -1 when the range does not end
 * in one. */
static gint64
waking_seconds (IscMetricsResponse *response,
                gint64              now_ms)
{
  const IscMetric *starting, *active;
  const double *s_values, *a_values;
  guint n = 0, n_a = 0;
  gint64 since_ms = -1;

  if (response == NULL ||
      !(starting = isc_metrics_response_lookup_metric (response, "baseten_replicas_starting")) ||
      !(active = isc_metrics_response_lookup_metric (response, "baseten_replicas_active")) ||
      isc_metric_get_n_series (starting) == 0 || isc_metric_get_n_series (active) == 0)
    return -1;

  s_values = isc_series_get_values (isc_metric_get_series (starting, 0), &n);
  a_values = isc_series_get_values (isc_metric_get_series (active, 0), &n_a);
  n = MIN (n, n_a);
  /* Metrics arrive late: the newest null steps are skipped. */
  while (n > 0 && isnan (s_values[n - 1]))
    n--;
  for (guint i = n; i > 0; i--)
    {
      if (isnan (s_values[i - 1]) || s_values[i - 1] <= 0 || (!isnan (a_values[i - 1]) && a_values[i - 1] > 0))
        break;
      since_ms = isc_metrics_response_get_step_start_ms (response, i - 1);
    }
  return since_ms < 0 ? -1 : MAX (now_ms - since_ms, 0) / 1000;
}

static void
check_slow_start (const IscDiagnosisInput *input,
                  IscDeployment           *deployment,
                  GPtrArray               *out)
{
  gint64 usual = isc_diagnosis_usual_seconds (deployment->status);
  gint64 seconds;
  g_autofree char *name = NULL;
  g_autofree char *how_long = NULL;
  IscDiagnosis *d;
  char *title;

  if (usual == 0)
    return;

  /* A new deployment builds, deploys and loads from its creation; waking
   * is seen in the metrics, where replicas start while none is active. */
  if (deployment->status == ISC_DEPLOYMENT_STATUS_WAKING_UP ||
      deployment->status == ISC_DEPLOYMENT_STATUS_UPDATING)
    seconds = waking_seconds (input->response, input->now_ms);
  else
    {
      gint64 created_ms = parse_ms (deployment->created_at);

      seconds = created_ms > 0 ? MAX (input->now_ms - created_ms, 0) / 1000 : -1;
    }
  if (seconds < usual)
    return;

  name = deployment_name (deployment);
  /* Whole minutes: the seconds of a build are noise. */
  how_long = isc_format_duration_short (seconds >= 60 ? seconds - seconds % 60 : seconds);
  switch (deployment->status)
    {
    case ISC_DEPLOYMENT_STATUS_BUILDING:
      /* Translators: a banner, "v9 has been building for 47 min, longer than usual" */
      title = g_strdup_printf (_("%s has been building for %s, longer than usual"), name, how_long);
      break;
    case ISC_DEPLOYMENT_STATUS_DEPLOYING:
      title = g_strdup_printf (_("%s has been deploying for %s, longer than usual"), name, how_long);
      break;
    case ISC_DEPLOYMENT_STATUS_LOADING_MODEL:
      title = g_strdup_printf (_("%s has been loading its model for %s, longer than usual"), name, how_long);
      break;
    case ISC_DEPLOYMENT_STATUS_UPDATING:
      title = g_strdup_printf (_("%s has been updating for %s, longer than usual"), name, how_long);
      break;
    case ISC_DEPLOYMENT_STATUS_WAKING_UP:
    default:
      title = g_strdup_printf (_("%s has been waking up for %s, longer than usual"), name, how_long);
      break;
    }
  d = diagnosis_new (ISC_DIAGNOSIS_SLOW_START, title,
                     ISC_DIAGNOSIS_ACTION_OPEN_LOGS, _("Open Logs"), deployment->id);
  d->duration_s = seconds;
  g_ptr_array_add (out, d);
}

static void
check_promotion (const IscDiagnosisInput *input,
                 GPtrArray               *out)
{
  IscEnvironment *env = input->environment;
  g_autofree char *candidate = NULL;
  g_autofree char *message = NULL;
  g_autofree char *label = NULL;
  char *title;

  if (env == NULL || (env->promotion != ISC_PROMOTION_PAUSED && env->promotion != ISC_PROMOTION_FAILED))
    return;

  if (env->candidate_deployment != NULL)
    candidate = deployment_name (env->candidate_deployment);
  if (env->promotion_message != NULL && *env->promotion_message != '\0')
    message = isc_text_sanitize_cut (env->promotion_message, -1, MESSAGE_MAX_BYTES);

  if (env->promotion == ISC_PROMOTION_PAUSED)
    title = message != NULL
      /* Translators: a banner: the deployment being promoted, the
       * environment, then Baseten's message */
      ? g_strdup_printf (_("The promotion of %s to %s is paused: %s"), candidate != NULL ? candidate : _("the candidate"),
                         env->name, message)
      : g_strdup_printf (_("The promotion of %s to %s is paused"), candidate != NULL ? candidate : _("the candidate"),
                         env->name);
  else
    title = message != NULL
      ? g_strdup_printf (_("The promotion of %s to %s failed: %s"), candidate != NULL ? candidate : _("the candidate"),
                         env->name, message)
      : g_strdup_printf (_("The promotion of %s to %s failed"), candidate != NULL ? candidate : _("the candidate"),
                         env->name);

  if (env->candidate_deployment != NULL)
    {
      label = g_strdup_printf (_("Open %s"), candidate);
      g_ptr_array_add (out, diagnosis_new (ISC_DIAGNOSIS_PROMOTION_STOPPED, title,
                                           ISC_DIAGNOSIS_ACTION_OPEN_DEPLOYMENT, label,
                                           env->candidate_deployment->id));
    }
  else
    g_ptr_array_add (out, diagnosis_new (ISC_DIAGNOSIS_PROMOTION_STOPPED, title,
                                         ISC_DIAGNOSIS_ACTION_OPEN_LOGS, _("Open Logs"), NULL));
}

/* The newest replicas value of the range, and its step's start. */
static double
last_replicas (IscMetricsResponse *response,
               gint64             *at_ms)
{
  const IscMetric *metric;
  const double *values;
  guint n = 0;

  if (response == NULL ||
      !(metric = isc_metrics_response_lookup_metric (response, "baseten_replicas_active")) ||
      isc_metric_get_n_series (metric) == 0)
    return NAN;
  values = isc_series_get_values (isc_metric_get_series (metric, 0), &n);
  while (n > 0 && isnan (values[n - 1]))
    n--;
  if (n == 0)
    return NAN;
  *at_ms = isc_metrics_response_get_step_start_ms (response, n - 1);
  return values[n - 1];
}

static void
check_at_max (const IscDiagnosisInput *input,
              GPtrArray               *out)
{
  IscAutoscaling at;
  gint64 at_ms = 0;
  double replicas = last_replicas (input->response, &at_ms);
  g_autofree char *count = NULL;
  char *title;

  if (isnan (replicas))
    return;

  /* The maximum in effect at that step: a schedule's, where one applies. */
  if (input->environment != NULL)
    {
      if (input->environment->schedules != NULL && input->environment->schedules->len > 0)
        isc_environment_get_autoscaling_at (input->environment, at_ms, &at);
      else if (!isc_environment_get_effective_autoscaling (input->environment, &at))
        return;
    }
  else if (input->deployment != NULL && input->deployment->has_autoscaling)
    at = input->deployment->autoscaling;
  else
    return;

  if (!isc_diagnosis_replicas_at_max (replicas, at.max_replica))
    return;

  count = g_strdup_printf ("%" G_GINT64_FORMAT, at.max_replica);
  /* Translators: a banner, %s is the autoscaling maximum, "16" */
  title = g_strdup_printf (_("Replicas are at the maximum in effect, %s: requests may queue or be refused"), count);
  g_ptr_array_add (out, diagnosis_new (ISC_DIAGNOSIS_AT_MAX, title, ISC_DIAGNOSIS_ACTION_NONE, NULL, NULL));
}

/* Requests answered 429 over the range. */
static double
refused_requests (IscMetricsResponse *response)
{
  const IscMetric *metric;
  double total = 0;

  if (response == NULL ||
      !(metric = isc_metrics_response_lookup_metric (response, "baseten_inference_requests_total")))
    return 0;
  for (guint s = 0; s < isc_metric_get_n_series (metric); s++)
    {
      const IscSeries *series = isc_metric_get_series (metric, s);
      const double *values;
      guint n = 0;

      if (g_strcmp0 (isc_series_lookup_label (series, "status"), "429") != 0)
        continue;
      values = isc_series_get_values (series, &n);
      for (guint i = 0; i < n; i++)
        if (!isnan (values[i]))
          total += values[i];
    }
  return total;
}

static void
check_refusing (const IscDiagnosisInput *input,
                GPtrArray               *out)
{
  IscBackpressure policy = ISC_BACKPRESSURE_NONE;
  double refused;
  g_autofree char *count = NULL;
  char *title;

  if (input->environment != NULL)
    {
      policy = input->environment->backpressure;
      if (policy == ISC_BACKPRESSURE_NONE && input->environment->current_deployment != NULL)
        policy = input->environment->current_deployment->backpressure;
    }
  else if (input->deployment != NULL)
    policy = input->deployment->backpressure;
  if (policy != ISC_BACKPRESSURE_REJECT_ON_FULL)
    return;

  refused = refused_requests (input->response);
  if (refused < 1)
    return;

  count = isc_format_value (refused, ISC_UNIT_HINT_COUNT, 3);
  /* Translators: a banner, %s is a count of requests, "1.2k" */
  title = g_strdup_printf (_("Requests are refused when replicas are full (backpressure: reject on full): %s answered 429 in this range"),
                           count);
  g_ptr_array_add (out, diagnosis_new (ISC_DIAGNOSIS_REFUSING, title, ISC_DIAGNOSIS_ACTION_OPEN_LOGS,
                                       _("Open Logs"), NULL));
}

GPtrArray *
isc_diagnose (const IscDiagnosisInput *input)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_diagnosis_free);

  g_return_val_if_fail (input != NULL, out);

  check_serving (input, out);
  if (input->deployment != NULL)
    check_slow_start (input, input->deployment, out);
  else if (input->environment != NULL && input->environment->current_deployment != NULL)
    check_slow_start (input, input->environment->current_deployment, out);
  check_promotion (input, out);
  check_refusing (input, out);
  check_at_max (input, out);

  return out;
}
