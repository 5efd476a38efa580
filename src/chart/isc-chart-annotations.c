/* isc-chart-annotations.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "isc-chart-annotations.h"
#include "isc-chart-model-private.h"

#define MIB 1048576.0

struct _IscChartAnnotations
{
  gatomicrefcount  ref_count;
  double           limits[ISC_CHART_N_LIMITS];
  GArray          *steps[ISC_CHART_N_LIMITS];  /* IscChartReferenceStep, or NULL */
  GArray          *markers;  /* IscChartMarker, labels owned */
};

G_DEFINE_BOXED_TYPE (IscChartAnnotations, isc_chart_annotations,
                     isc_chart_annotations_ref, isc_chart_annotations_unref)

/* Which limits a metric's chart shows, and the words before each value.
 * The one place that decides it. */
typedef struct
{
  const char    *name;
  IscChartLimit  limit;
  const char    *label;
} ReferenceRule;

static const ReferenceRule reference_rules[] = {
  /* Translators: a reference line's label before its value, "min 1":
   * the autoscaling minimum of replicas */
  { "baseten_replicas_active", ISC_CHART_LIMIT_MIN_REPLICAS, NC_("reference line", "min") },
  /* Translators: a reference line's label before its value, "max 5":
   * the autoscaling maximum of replicas */
  { "baseten_replicas_active", ISC_CHART_LIMIT_MAX_REPLICAS, NC_("reference line", "max") },
  { "baseten_replicas_starting", ISC_CHART_LIMIT_MAX_REPLICAS, NC_("reference line", "max") },
  /* Translators: a reference line's label before its value, "per-replica
   * target 10": the autoscaler's concurrency target, per replica, on a
   * chart of all replicas' concurrent requests */
  { "baseten_concurrent_requests", ISC_CHART_LIMIT_CONCURRENCY_TARGET,
    NC_("reference line", "per-replica target") },
  /* Translators: a reference line's label before its value, "per-replica
   * target 9,000": a token-autoscaled LLM's in-flight tokens target, per
   * replica, on a chart of all replicas' in-flight tokens */
  { "baseten_llm_in_flight_tokens", ISC_CHART_LIMIT_IN_FLIGHT_TOKENS_TARGET,
    NC_("reference line", "per-replica target") },
  { "baseten_llm_avg_in_flight_tokens", ISC_CHART_LIMIT_IN_FLIGHT_TOKENS_TARGET,
    NC_("reference line", "per-replica target") },
  /* Translators: a reference line's label before its value, "GPU memory
   * limit 80 GiB" */
  { "baseten_gpu_memory_used", ISC_CHART_LIMIT_GPU_MEMORY_MIB, NC_("reference line", "GPU memory limit") },
  /* Translators: a reference line's label before its value, "memory
   * limit 32 GiB" */
  { "baseten_container_cpu_memory_working_set_bytes", ISC_CHART_LIMIT_MEMORY_MIB,
    NC_("reference line", "memory limit") },
};

static void
clear_marker (gpointer data)
{
  IscChartMarker *marker = data;

  g_free ((char *) marker->label);
  g_free ((char *) marker->description);
}

IscChartAnnotations *
isc_chart_annotations_new (void)
{
  IscChartAnnotations *self = g_new0 (IscChartAnnotations, 1);

  g_atomic_ref_count_init (&self->ref_count);
  for (guint i = 0; i < ISC_CHART_N_LIMITS; i++)
    self->limits[i] = NAN;
  self->markers = g_array_new (FALSE, TRUE, sizeof (IscChartMarker));
  g_array_set_clear_func (self->markers, clear_marker);
  return self;
}

IscChartAnnotations *
isc_chart_annotations_ref (IscChartAnnotations *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
isc_chart_annotations_unref (IscChartAnnotations *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  for (guint i = 0; i < ISC_CHART_N_LIMITS; i++)
    g_clear_pointer (&self->steps[i], g_array_unref);
  g_array_unref (self->markers);
  g_free (self);
}

void
isc_chart_annotations_set_limit (IscChartAnnotations *self,
                                 IscChartLimit        limit,
                                 double               value)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (limit < ISC_CHART_N_LIMITS);

  self->limits[limit] = (isfinite (value) && value >= 0) ? value : NAN;
  g_clear_pointer (&self->steps[limit], g_array_unref);
}

void
isc_chart_annotations_set_limit_steps (IscChartAnnotations         *self,
                                       IscChartLimit                limit,
                                       const IscChartReferenceStep *steps,
                                       guint                        n)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (limit < ISC_CHART_N_LIMITS);
  g_return_if_fail (steps != NULL || n == 0);

  if (n == 0)
    {
      isc_chart_annotations_set_limit (self, limit, NAN);
      return;
    }
  isc_chart_annotations_set_limit (self, limit, steps[n - 1].value);
  /* One value all along is a plain line. */
  for (guint i = 1; i < n; i++)
    {
      if (steps[i].value != steps[0].value)
        {
          self->steps[limit] = g_array_sized_new (FALSE, FALSE, sizeof (IscChartReferenceStep), n);
          g_array_append_vals (self->steps[limit], steps, n);
          break;
        }
    }
}

const IscChartReferenceStep *
isc_chart_annotations_get_limit_steps (IscChartAnnotations *self,
                                       IscChartLimit        limit,
                                       guint               *n)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (limit < ISC_CHART_N_LIMITS, NULL);

  if (n != NULL)
    *n = self->steps[limit] != NULL ? self->steps[limit]->len : 0;
  return self->steps[limit] != NULL ? (const IscChartReferenceStep *) self->steps[limit]->data : NULL;
}

double
isc_chart_annotations_get_limit (IscChartAnnotations *self,
                                 IscChartLimit        limit)
{
  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (limit < ISC_CHART_N_LIMITS, NAN);

  return self->limits[limit];
}

void
isc_chart_annotations_add_marker (IscChartAnnotations *self,
                                  gint64               time_ms,
                                  const char          *label)
{
  isc_chart_annotations_add_marker_full (self, time_ms, label, NULL);
}

void
isc_chart_annotations_add_marker_full (IscChartAnnotations *self,
                                       gint64               time_ms,
                                       const char          *label,
                                       const char          *description)
{
  IscChartMarker marker;
  guint at;

  g_return_if_fail (self != NULL);

  marker = (IscChartMarker) { time_ms, g_strdup (label != NULL ? label : ""), g_strdup (description) };
  at = self->markers->len;
  while (at > 0 && g_array_index (self->markers, IscChartMarker, at - 1).time_ms > time_ms)
    at--;
  g_array_insert_val (self->markers, at, marker);
}

guint
isc_chart_annotations_describe_marker (IscChartAnnotations *self,
                                       gint64               time_ms,
                                       const char          *label,
                                       const char          *description)
{
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (label != NULL, 0);

  for (guint i = 0; i < self->markers->len; i++)
    {
      IscChartMarker *marker = &g_array_index (self->markers, IscChartMarker, i);

      if (marker->time_ms != time_ms || g_strcmp0 (marker->label, label) != 0)
        continue;
      g_free ((char *) marker->description);
      marker->description = g_strdup (description);
      n++;
    }
  return n;
}

const IscChartMarker *
isc_chart_annotations_get_markers (IscChartAnnotations *self,
                                   guint               *n)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (n != NULL)
    *n = self->markers->len;
  return (const IscChartMarker *) self->markers->data;
}

/* A limit in the unit the chart draws: MiB stay MiB on a MEBIBYTES axis,
 * become bytes on a BYTES one; NaN where the units do not meet. */
static double
limit_in_unit (IscChartLimit limit,
               double        value,
               IscUnitHint   unit)
{
  switch (limit)
    {
    case ISC_CHART_LIMIT_MEMORY_MIB:
    case ISC_CHART_LIMIT_GPU_MEMORY_MIB:
      if (unit == ISC_UNIT_HINT_MEBIBYTES)
        return value;
      if (unit == ISC_UNIT_HINT_BYTES)
        return value * MIB;
      return NAN;
    case ISC_CHART_LIMIT_MIN_REPLICAS:
    case ISC_CHART_LIMIT_MAX_REPLICAS:
    case ISC_CHART_LIMIT_CONCURRENCY_TARGET:
    case ISC_CHART_LIMIT_IN_FLIGHT_TOKENS_TARGET:
    case ISC_CHART_N_LIMITS:
    default:
      return value;
    }
}

void
isc_chart_annotations_apply (IscChartAnnotations *self,
                             IscChartModel       *model)
{
  IscChartReference refs[G_N_ELEMENTS (reference_rules)];
  g_autoptr(GPtrArray) converted = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  guint n = 0;

  g_return_if_fail (ISC_IS_CHART_MODEL (model));

  if (self == NULL)
    {
      isc_chart_model_set_references (model, NULL, 0);
      isc_chart_model_set_markers (model, NULL, 0);
      return;
    }

  name = isc_chart_model_get_name (model);
  for (guint i = 0; i < G_N_ELEMENTS (reference_rules); i++)
    {
      const ReferenceRule *rule = &reference_rules[i];
      double value;

      if (g_strcmp0 (rule->name, name) != 0 || isnan (self->limits[rule->limit]))
        continue;
      value = limit_in_unit (rule->limit, self->limits[rule->limit], isc_chart_model_get_unit_hint (model));
      if (isnan (value))
        continue;
      refs[n] = (IscChartReference) { value, g_dpgettext2 (GETTEXT_PACKAGE, "reference line", rule->label), NULL, 0 };
      if (self->steps[rule->limit] != NULL)
        {
          GArray *steps = self->steps[rule->limit];
          IscChartReferenceStep *in_unit = g_new (IscChartReferenceStep, steps->len);

          for (guint k = 0; k < steps->len; k++)
            {
              IscChartReferenceStep *step = &g_array_index (steps, IscChartReferenceStep, k);

              in_unit[k] = (IscChartReferenceStep) {
                step->time_ms, limit_in_unit (rule->limit, step->value, isc_chart_model_get_unit_hint (model)),
              };
            }
          refs[n].steps = in_unit;
          refs[n].n_steps = steps->len;
          g_ptr_array_add (converted, in_unit);
        }
      n++;
    }
  isc_chart_model_set_references (model, refs, n);
  isc_chart_model_set_markers (model, (const IscChartMarker *) self->markers->data, self->markers->len);
}

/* The model's copies. */

static void
free_references (IscChartModel *self)
{
  for (guint i = 0; i < self->n_references; i++)
    {
      g_free ((char *) self->references[i].label);
      g_free ((IscChartReferenceStep *) self->references[i].steps);
    }
  g_clear_pointer (&self->references, g_free);
  self->n_references = 0;
}

static void
free_markers (IscChartModel *self)
{
  for (guint i = 0; i < self->n_markers; i++)
    {
      g_free ((char *) self->markers[i].label);
      g_free ((char *) self->markers[i].description);
    }
  g_clear_pointer (&self->markers, g_free);
  self->n_markers = 0;
}

void
isc_chart_model_clear_annotations (IscChartModel *self)
{
  free_references (self);
  free_markers (self);
}

void
isc_chart_model_set_references (IscChartModel           *self,
                                const IscChartReference *refs,
                                guint                    n)
{
  g_return_if_fail (ISC_IS_CHART_MODEL (self));
  g_return_if_fail (refs != NULL || n == 0);

  free_references (self);
  if (n == 0)
    return;
  self->references = g_new (IscChartReference, n);
  for (guint i = 0; i < n; i++)
    self->references[i] = (IscChartReference) {
      refs[i].value, g_strdup (refs[i].label != NULL ? refs[i].label : ""),
      refs[i].n_steps > 0 ? g_memdup2 (refs[i].steps, refs[i].n_steps * sizeof (IscChartReferenceStep)) : NULL,
      refs[i].n_steps,
    };
  self->n_references = n;
}

const IscChartReference *
isc_chart_model_get_references (IscChartModel *self,
                                guint         *n)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);

  if (n != NULL)
    *n = self->n_references;
  return self->references;
}

void
isc_chart_model_set_markers (IscChartModel        *self,
                             const IscChartMarker *markers,
                             guint                 n)
{
  g_return_if_fail (ISC_IS_CHART_MODEL (self));
  g_return_if_fail (markers != NULL || n == 0);

  free_markers (self);
  if (n == 0)
    return;
  self->markers = g_new (IscChartMarker, n);
  for (guint i = 0; i < n; i++)
    self->markers[i] = (IscChartMarker) { markers[i].time_ms, g_strdup (markers[i].label != NULL ? markers[i].label : ""),
                                          g_strdup (markers[i].description) };
  self->n_markers = n;
}

const IscChartMarker *
isc_chart_model_get_markers (IscChartModel *self,
                             guint         *n)
{
  g_return_val_if_fail (ISC_IS_CHART_MODEL (self), NULL);

  if (n != NULL)
    *n = self->n_markers;
  return self->markers;
}

GArray *
isc_chart_annotations_find_promotions (IscMetricsResponse *response)
{
  GArray *times = g_array_new (FALSE, FALSE, sizeof (gint64));
  const gint64 *starts;
  gint64 step_ms;
  gboolean prev_began = FALSE;
  guint n = 0;

  if (response == NULL || isc_metrics_response_get_mode (response) != ISC_MODE_SERIES)
    return times;
  step_ms = isc_metrics_response_get_step_seconds (response) * 1000;
  if (step_ms <= 0)
    return times;

  starts = isc_metrics_response_get_step_starts (response, &n);
  for (guint i = 1; i < n; i++)
    {
      /* Starts are whole seconds: a second's slack. */
      gboolean began = !prev_began && starts[i] - starts[i - 1] < step_ms - 1000 &&
                       starts[i] > starts[i - 1];

      if (began)
        g_array_append_val (times, starts[i]);
      prev_began = began;
    }
  return times;
}
