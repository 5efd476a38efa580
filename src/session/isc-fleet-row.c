/* isc-fleet-row.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-fleet"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-diagnosis.h"
#include "isc-error-share.h"
#include "isc-fleet-row-private.h"

#define REQUESTS_METRIC "baseten_inference_requests_total"
#define LATENCY_METRIC  "baseten_end_to_end_response_time_seconds"
#define REPLICAS_METRIC "baseten_replicas_active"

const char * const _isc_fleet_row_metrics[] = {
  REQUESTS_METRIC, LATENCY_METRIC, REPLICAS_METRIC, NULL,
};

struct _IscFleetRow
{
  GObject           parent_instance;

  IscTarget        *target;
  gint64            min_replicas;
  gint64            max_replicas;
  double            discovered_replicas;
  /* What discovery says needs the engineer (isc_diagnose() without
   * metrics), and whether the backpressure policy rejects on full. */
  gboolean          attention;
  gboolean          rejects;
  double            refused;         /* 429s in the range */

  IscFleetRowState  state;
  gboolean          loading;
  char             *error_message;

  /* From the last answer */
  GArray           *rates;          /* of double */
  double            total;
  double            error_share;
  double            p95_s;
  double            previous_p95_s;
  double            replicas;

  /* For the cost of the range (the Overview's Cost column): the last
   * answer, the range it was asked for, and the instance type. */
  IscMetricsResponse *response;
  gint64            start_ms;
  gint64            end_ms;
  char             *instance_type;
};

G_DEFINE_TYPE (IscFleetRow, isc_fleet_row, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (IscFleetRowState, isc_fleet_row_state,
  G_DEFINE_ENUM_VALUE (ISC_FLEET_ROW_PENDING, "pending"),
  G_DEFINE_ENUM_VALUE (ISC_FLEET_ROW_LOADING, "loading"),
  G_DEFINE_ENUM_VALUE (ISC_FLEET_ROW_READY, "ready"),
  G_DEFINE_ENUM_VALUE (ISC_FLEET_ROW_ERROR, "error"))

G_DEFINE_ENUM_TYPE (IscFleetHealth, isc_fleet_health,
  G_DEFINE_ENUM_VALUE (ISC_FLEET_HEALTH_UNKNOWN, "unknown"),
  G_DEFINE_ENUM_VALUE (ISC_FLEET_HEALTH_ERROR, "error"),
  G_DEFINE_ENUM_VALUE (ISC_FLEET_HEALTH_FAILING, "failing"),
  G_DEFINE_ENUM_VALUE (ISC_FLEET_HEALTH_DEGRADED, "degraded"),
  G_DEFINE_ENUM_VALUE (ISC_FLEET_HEALTH_ATTENTION, "attention"),
  G_DEFINE_ENUM_VALUE (ISC_FLEET_HEALTH_AT_MAX, "at-max"),
  G_DEFINE_ENUM_VALUE (ISC_FLEET_HEALTH_NO_TRAFFIC, "no-traffic"),
  G_DEFINE_ENUM_VALUE (ISC_FLEET_HEALTH_HEALTHY, "healthy"))

enum {
  PROP_0,
  PROP_TARGET,
  PROP_MODEL_NAME,
  PROP_NAME,
  PROP_STATE,
  PROP_LOADING,
  PROP_ERROR_MESSAGE,
  PROP_HEALTH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
clear_values (IscFleetRow *self)
{
  g_array_set_size (self->rates, 0);
  self->total = NAN;
  self->error_share = NAN;
  self->p95_s = NAN;
  self->previous_p95_s = NAN;
  self->replicas = NAN;
  self->refused = 0;
  g_clear_pointer (&self->response, isc_metrics_response_unref);
}

IscFleetRow *
_isc_fleet_row_new (IscTargetItem *item)
{
  IscFleetRow *self;

  g_return_val_if_fail (ISC_IS_TARGET_ITEM (item), NULL);
  g_return_val_if_fail (isc_target_item_get_target (item) != NULL, NULL);

  self = g_object_new (ISC_TYPE_FLEET_ROW, NULL);
  self->target = isc_target_copy (isc_target_item_get_target (item));
  _isc_fleet_row_set_item (self, item);

  return self;
}

void
_isc_fleet_row_set_item (IscFleetRow   *self,
                         IscTargetItem *item)
{
  const IscAutoscaling *autoscaling = isc_target_item_get_autoscaling (item);
  IscDeployment *deployment = isc_target_item_get_deployment (item);
  IscEnvironment *environment = isc_target_item_get_environment (item);

  if (deployment == NULL && environment != NULL)
    deployment = environment->current_deployment;

  self->min_replicas = autoscaling != NULL ? autoscaling->min_replica : -1;
  self->max_replicas = autoscaling != NULL ? autoscaling->max_replica : -1;
  self->discovered_replicas = deployment != NULL && deployment->active_replica_count >= 0
                              ? (double) deployment->active_replica_count : NAN;
  g_free (self->instance_type);
  self->instance_type = g_strdup (isc_target_item_get_instance_type (item));

  /* The banners discovery alone raises, so the word agrees with them. */
  {
    IscDiagnosisInput input = {
      environment, environment == NULL ? isc_target_item_get_deployment (item) : NULL,
      NULL, NULL, g_get_real_time () / 1000,
    };
    g_autoptr(GPtrArray) diagnoses = isc_diagnose (&input);

    self->attention = isc_diagnosis_list_find (diagnoses, ISC_DIAGNOSIS_PROMOTION_STOPPED) != NULL ||
                      isc_diagnosis_list_find (diagnoses, ISC_DIAGNOSIS_SLOW_START) != NULL;
    self->rejects = (environment != NULL ? environment->backpressure
                     : deployment != NULL ? deployment->backpressure : ISC_BACKPRESSURE_NONE)
                    == ISC_BACKPRESSURE_REJECT_ON_FULL;
  }
}

void
_isc_fleet_row_set_siblings (IscFleetRow   *self,
                             IscTargetItem *item,
                             GPtrArray     *deployments)
{
  IscDiagnosisInput input = {
    isc_target_item_get_environment (item), NULL, deployments, NULL, g_get_real_time () / 1000,
  };
  g_autoptr(GPtrArray) diagnoses = NULL;

  g_return_if_fail (ISC_IS_FLEET_ROW (self));

  if (input.environment == NULL || deployments == NULL)
    return;
  diagnoses = isc_diagnose (&input);
  if (isc_diagnosis_list_find (diagnoses, ISC_DIAGNOSIS_SERVING_UNHEALTHY) != NULL)
    self->attention = TRUE;
}

static void
set_state (IscFleetRow      *self,
           IscFleetRowState  state)
{
  if (self->state == state)
    return;

  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

void
_isc_fleet_row_set_loading (IscFleetRow *self,
                            gboolean     loading)
{
  g_return_if_fail (ISC_IS_FLEET_ROW (self));

  loading = !!loading;
  if (loading && self->state == ISC_FLEET_ROW_PENDING)
    set_state (self, ISC_FLEET_ROW_LOADING);

  if (self->loading == loading)
    return;

  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
set_error_message (IscFleetRow *self,
                   const char  *message)
{
  if (g_strcmp0 (self->error_message, message) == 0)
    return;

  g_free (self->error_message);
  self->error_message = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR_MESSAGE]);
}

/* The weighted mean of @values at the steps [first, last), NaN when
 * none has a value. Weights that are all 0 or unknown count equally. */
static double
weighted_mean (const double *values,
               const double *weights,
               guint         first,
               guint         last)
{
  double sum = 0, weight = 0, plain = 0;
  guint n_plain = 0;

  for (guint i = first; i < last; i++)
    {
      double w = weights != NULL ? weights[i] : NAN;

      if (isnan (values[i]))
        continue;
      plain += values[i];
      n_plain++;
      if (!isnan (w) && w > 0)
        {
          sum += values[i] * w;
          weight += w;
        }
    }

  if (weight > 0)
    return sum / weight;
  return n_plain > 0 ? plain / n_plain : NAN;
}

static const IscSeries *
lookup_quantile (const IscMetric *metric,
                 const char      *quantile)
{
  for (guint k = 0; metric != NULL && k < isc_metric_get_n_series (metric); k++)
    {
      const IscSeries *series = isc_metric_get_series (metric, k);

      if (g_strcmp0 (isc_series_lookup_label (series, "quantile"), quantile) == 0)
        return series;
    }

  return NULL;
}

void
_isc_fleet_row_set_response (IscFleetRow        *self,
                             IscMetricsResponse *response,
                             gint64              start_ms,
                             gint64              end_ms)
{
  const IscMetric *requests, *latency, *replicas;
  const IscSeries *p95;
  guint n_steps, first = 0;
  g_autofree double *counts = NULL;
  double part5 = 0, all = 0;
  gboolean any = FALSE;
  gint64 step_s;

  g_return_if_fail (ISC_IS_FLEET_ROW (self));
  g_return_if_fail (response != NULL);

  clear_values (self);
  self->response = isc_metrics_response_ref (response);
  self->start_ms = start_ms;
  self->end_ms = end_ms;
  n_steps = isc_metrics_response_get_n_steps (response);
  step_s = isc_metrics_response_get_step_seconds (response);

  /* The first step of the range itself; those before are the window
   * before it. */
  while (first < n_steps && isc_metrics_response_get_step_end_ms (response, first) <= start_ms)
    first++;

  counts = g_new (double, MAX (n_steps, 1));
  for (guint i = 0; i < n_steps; i++)
    counts[i] = NAN;

  requests = isc_metrics_response_lookup_metric (response, REQUESTS_METRIC);
  for (guint k = 0; requests != NULL && k < isc_metric_get_n_series (requests); k++)
    {
      const IscSeries *series = isc_metric_get_series (requests, k);
      guint status = isc_status_class_from_label (isc_series_lookup_label (series, "status"));
      guint n_values;
      const double *values = isc_series_get_values (series, &n_values);

      for (guint i = 0; i < MIN (n_values, n_steps); i++)
        {
          if (isnan (values[i]))
            continue;
          counts[i] = isnan (counts[i]) ? values[i] : counts[i] + values[i];
          if (i >= first)
            {
              all += values[i];
              any = TRUE;
              if (status == 5)
                part5 += values[i];
              if (g_strcmp0 (isc_series_lookup_label (series, "status"), "429") == 0)
                self->refused += values[i];
            }
        }
    }

  for (guint i = first; i < n_steps; i++)
    {
      double seconds = step_s > 0 ? (double) step_s
                       : (isc_metrics_response_get_step_end_ms (response, i) -
                          isc_metrics_response_get_step_start_ms (response, i)) / 1000.0;
      double rate = !isnan (counts[i]) && seconds > 0 ? counts[i] / seconds : NAN;

      g_array_append_val (self->rates, rate);
    }

  if (any)
    {
      self->total = all;
      self->error_share = all > 0 ? part5 / all : NAN;
    }

  latency = isc_metrics_response_lookup_metric (response, LATENCY_METRIC);
  p95 = lookup_quantile (latency, "0.95");
  if (p95 != NULL)
    {
      guint n_values;
      const double *values = isc_series_get_values (p95, &n_values);
      guint n = MIN (n_values, n_steps);

      self->p95_s = weighted_mean (values, counts, MIN (first, n), n);
      self->previous_p95_s = weighted_mean (values, counts, 0, MIN (first, n));
    }

  replicas = isc_metrics_response_lookup_metric (response, REPLICAS_METRIC);
  if (replicas != NULL && isc_metric_get_n_series (replicas) > 0)
    {
      guint n_values;
      const double *values = isc_series_get_values (isc_metric_get_series (replicas, 0), &n_values);

      for (guint i = MIN (n_values, n_steps); i > first; i--)
        {
          if (!isnan (values[i - 1]))
            {
              self->replicas = values[i - 1];
              break;
            }
        }
    }

  set_error_message (self, NULL);
  set_state (self, ISC_FLEET_ROW_READY);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEALTH]);
}

void
_isc_fleet_row_set_error (IscFleetRow  *self,
                          const GError *error)
{
  g_return_if_fail (ISC_IS_FLEET_ROW (self));
  g_return_if_fail (error != NULL);

  /* The values shown were of an older load: they go, the reason stays. */
  clear_values (self);
  set_error_message (self, error->message);
  set_state (self, ISC_FLEET_ROW_ERROR);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEALTH]);
}

const IscTarget *
isc_fleet_row_get_target (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NULL);

  return self->target;
}

const char *
isc_fleet_row_get_model_name (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NULL);

  return self->target->model_name;
}

const char *
isc_fleet_row_get_name (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NULL);

  return self->target->name;
}

IscFleetRowState
isc_fleet_row_get_state (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), ISC_FLEET_ROW_PENDING);

  return self->state;
}

gboolean
isc_fleet_row_get_loading (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), FALSE);

  return self->loading;
}

const char *
isc_fleet_row_get_error_message (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NULL);

  return self->error_message;
}

const double *
isc_fleet_row_get_request_rates (IscFleetRow *self,
                                 guint       *n_rates)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NULL);
  g_return_val_if_fail (n_rates != NULL, NULL);

  *n_rates = self->rates->len;
  return (const double *) (gpointer) self->rates->data;
}

double
isc_fleet_row_get_total_requests (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NAN);

  return self->total;
}

double
isc_fleet_row_get_error_share (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NAN);

  return self->error_share;
}

double
isc_fleet_row_get_p95_seconds (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NAN);

  return self->p95_s;
}

double
isc_fleet_row_get_previous_p95_seconds (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NAN);

  return self->previous_p95_s;
}

double
isc_fleet_row_get_latency_regression (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NAN);

  if (isnan (self->p95_s) || isnan (self->previous_p95_s) || self->previous_p95_s <= 0)
    return NAN;

  return self->p95_s / self->previous_p95_s - 1.0;
}

double
isc_fleet_row_get_replicas (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NAN);

  if (!isnan (self->replicas))
    return self->replicas;

  /* Before the first answer, or when it had no replicas: discovery's. */
  return self->state == ISC_FLEET_ROW_ERROR ? NAN : self->discovered_replicas;
}

gint64
isc_fleet_row_get_min_replicas (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), -1);

  return self->min_replicas;
}

gint64
isc_fleet_row_get_max_replicas (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), -1);

  return self->max_replicas;
}

gboolean
isc_fleet_row_get_at_max (IscFleetRow *self)
{
  double replicas;

  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), FALSE);

  replicas = isc_fleet_row_get_replicas (self);
  return self->state == ISC_FLEET_ROW_READY && isc_diagnosis_replicas_at_max (replicas, self->max_replicas);
}

gboolean
isc_fleet_row_get_needs_attention (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), FALSE);

  return self->attention || (self->rejects && self->refused >= 1);
}

IscFleetHealth
isc_fleet_row_get_health (IscFleetRow *self)
{
  double regression;

  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), ISC_FLEET_HEALTH_UNKNOWN);

  if (self->state == ISC_FLEET_ROW_ERROR)
    return ISC_FLEET_HEALTH_ERROR;
  if (self->state != ISC_FLEET_ROW_READY)
    return ISC_FLEET_HEALTH_UNKNOWN;

  regression = isc_fleet_row_get_latency_regression (self);
  if (!isnan (self->error_share) && self->error_share >= ISC_FLEET_FAILING_SHARE)
    return ISC_FLEET_HEALTH_FAILING;
  if ((!isnan (self->error_share) && self->error_share >= ISC_FLEET_DEGRADED_SHARE) ||
      (!isnan (regression) && regression >= ISC_FLEET_DEGRADED_REGRESSION))
    return ISC_FLEET_HEALTH_DEGRADED;
  if (isc_fleet_row_get_needs_attention (self))
    return ISC_FLEET_HEALTH_ATTENTION;
  if (isc_fleet_row_get_at_max (self))
    return ISC_FLEET_HEALTH_AT_MAX;
  if (isnan (self->total) || self->total <= 0)
    return ISC_FLEET_HEALTH_NO_TRAFFIC;

  return ISC_FLEET_HEALTH_HEALTHY;
}

const char *
isc_fleet_health_get_title (IscFleetHealth health)
{
  switch (health)
    {
    case ISC_FLEET_HEALTH_ERROR:
      return _("Error");
    case ISC_FLEET_HEALTH_FAILING:
      return _("Failing");
    case ISC_FLEET_HEALTH_DEGRADED:
      return _("Degraded");
    case ISC_FLEET_HEALTH_ATTENTION:
      /* Translators: a health word on the Overview: a banner over the
       * target's page says what (a promotion paused, requests refused) */
      return _("Needs attention");
    case ISC_FLEET_HEALTH_AT_MAX:
      return _("At max");
    case ISC_FLEET_HEALTH_NO_TRAFFIC:
      return _("No traffic");
    case ISC_FLEET_HEALTH_HEALTHY:
      return _("Healthy");
    case ISC_FLEET_HEALTH_UNKNOWN:
    default:
      return _("Loading");
    }
}

/* Larger is more trouble; NaN sorts as none. */
static int
compare_desc (double a,
              double b)
{
  a = isnan (a) ? -G_MAXDOUBLE : a;
  b = isnan (b) ? -G_MAXDOUBLE : b;
  return (a < b) - (a > b);
}

static int
state_rank (IscFleetRowState state)
{
  switch (state)
    {
    case ISC_FLEET_ROW_ERROR:
      return 0;
    case ISC_FLEET_ROW_READY:
      return 1;
    case ISC_FLEET_ROW_PENDING:
    case ISC_FLEET_ROW_LOADING:
    default:
      return 2;
    }
}

int
isc_fleet_row_compare_trouble (gconstpointer a,
                               gconstpointer b,
                               gpointer      user_data)
{
  IscFleetRow *x = (IscFleetRow *) a;
  IscFleetRow *y = (IscFleetRow *) b;
  int result;

  result = state_rank (x->state) - state_rank (y->state);
  if (result != 0)
    return result;

  result = compare_desc (x->error_share, y->error_share);
  if (result != 0)
    return result;

  result = compare_desc (isc_fleet_row_get_latency_regression (x), isc_fleet_row_get_latency_regression (y));
  if (result != 0)
    return result;

  /* A banner's case before replicas at their maximum, as the words go. */
  result = (int) (isc_fleet_row_get_health (y) == ISC_FLEET_HEALTH_ATTENTION) -
           (int) (isc_fleet_row_get_health (x) == ISC_FLEET_HEALTH_ATTENTION);
  if (result != 0)
    return result;

  result = (int) isc_fleet_row_get_at_max (y) - (int) isc_fleet_row_get_at_max (x);
  if (result != 0)
    return result;

  result = g_utf8_collate (x->target->model_name, y->target->model_name);
  if (result != 0)
    return result;

  return g_utf8_collate (x->target->name, y->target->name);
}

/* GObject */

static void
isc_fleet_row_finalize (GObject *object)
{
  IscFleetRow *self = (IscFleetRow *) object;

  g_clear_pointer (&self->target, isc_target_free);
  g_clear_pointer (&self->rates, g_array_unref);
  g_clear_pointer (&self->response, isc_metrics_response_unref);
  g_free (self->instance_type);
  g_free (self->error_message);

  G_OBJECT_CLASS (isc_fleet_row_parent_class)->finalize (object);
}

static void
isc_fleet_row_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  IscFleetRow *self = ISC_FLEET_ROW (object);

  switch (prop_id)
    {
    case PROP_TARGET:
      g_value_set_boxed (value, self->target);
      break;
    case PROP_MODEL_NAME:
      g_value_set_string (value, self->target->model_name);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->target->name);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;
    case PROP_ERROR_MESSAGE:
      g_value_set_string (value, self->error_message);
      break;
    case PROP_HEALTH:
      g_value_set_enum (value, isc_fleet_row_get_health (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_fleet_row_class_init (IscFleetRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isc_fleet_row_finalize;
  object_class->get_property = isc_fleet_row_get_property;

  properties[PROP_TARGET] =
    g_param_spec_boxed ("target", NULL, NULL, ISC_TYPE_TARGET,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODEL_NAME] =
    g_param_spec_string ("model-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, ISC_TYPE_FLEET_ROW_STATE, ISC_FLEET_ROW_PENDING,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR_MESSAGE] =
    g_param_spec_string ("error-message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HEALTH] =
    g_param_spec_enum ("health", NULL, NULL, ISC_TYPE_FLEET_HEALTH, ISC_FLEET_HEALTH_UNKNOWN,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_fleet_row_init (IscFleetRow *self)
{
  self->rates = g_array_new (FALSE, FALSE, sizeof (double));
  self->min_replicas = -1;
  self->max_replicas = -1;
  self->discovered_replicas = NAN;
  clear_values (self);
}

const char *
isc_fleet_row_get_instance_type (IscFleetRow *self)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NULL);

  return self->instance_type;
}

IscMetricsResponse *
isc_fleet_row_get_response (IscFleetRow *self,
                            gint64      *start_ms,
                            gint64      *end_ms)
{
  g_return_val_if_fail (ISC_IS_FLEET_ROW (self), NULL);

  if (start_ms != NULL)
    *start_ms = self->response != NULL ? self->start_ms : 0;
  if (end_ms != NULL)
    *end_ms = self->response != NULL ? self->end_ms : 0;
  return self->response;
}
