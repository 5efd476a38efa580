/* test-chart-annotations.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reference lines and rollout markers: the target's limits drawn at their
 * values, an axis widened for a limit near the data and not for one far
 * above it (an arrow says where it went), markers at their times, labels
 * that never cover each other, the one table of which limit goes on which
 * chart, and what the demo's discovery and its environment's window give:
 * autoscaling 2 … 10, d8 promoted over d7 at the demo's promotion time.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "isc-catalogue.h"
#include "isc-chart-annotations.h"
#include "isc-target-annotations.h"
#include "isc-chart-private.h"
#include "isc-demo-fleet-private.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-ids.h"

#define W 900
#define H 360
#define STEP_MS ((gint64) 60 * 1000)
#define START_MS G_GINT64_CONSTANT (1764590400000)   /* 1 Dec 2025 12:00 UTC */
#define DEMO_SEED 1

/* A gauge @name of @unit with one value a minute. */
static IscMetricsResponse *
gauge_response (const char   *name,
                const char   *unit,
                const double *values,
                guint         n)
{
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;

  g_string_append_printf (json,
                          "{\"mode\": \"SERIES\", \"start_epoch_millis\": %" G_GINT64_FORMAT ","
                          " \"end_epoch_millis\": %" G_GINT64_FORMAT ", \"step_seconds\": 60,"
                          " \"metric_descriptors\": [{\"name\": \"%s\", \"unit_hint\": \"%s\","
                          " \"kind\": \"GAUGE\", \"label_sets\": [{}]}], \"metric_values\": [",
                          START_MS, START_MS + n * STEP_MS, name, unit);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (json, "%s{\"start_epoch_millis\": %" G_GINT64_FORMAT ", \"values\": [[%g]]}",
                            i > 0 ? ", " : "", START_MS + i * STEP_MS, values[i]);
  g_string_append (json, "]}");

  response = isc_metrics_response_new_from_data (json->str, json->len, &error);
  g_assert_no_error (error);
  return response;
}

/* Active replicas 1 … 3 over an hour. */
static IscChartModel *
replicas_model (void)
{
  double values[60];
  g_autoptr(IscMetricsResponse) response = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = 1 + (i / 10) % 3;
  response = gauge_response ("baseten_replicas_active", "COUNT", values, G_N_ELEMENTS (values));
  return isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
}

static const IscChartReferenceLine *
find_reference (const IscChartLayout *layout,
                double                value)
{
  for (guint i = 0; i < layout->references->len; i++)
    {
      const IscChartReferenceLine *line = &g_array_index (layout->references, IscChartReferenceLine, i);

      if (line->value == value)
        return line;
    }
  g_assert_not_reached ();
}

static IscChartRect
text_area (const IscChartText *text)
{
  int w, h;

  pango_layout_get_pixel_size (text->layout, &w, &h);
  return (IscChartRect) { text->x, text->y, w, h };
}

static gboolean
overlap (const IscChartRect *a,
         const IscChartRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

/* Every label placed, references' and markers', in one array. */
static GArray *
placed_labels (const IscChartLayout *layout)
{
  GArray *rects = g_array_new (FALSE, FALSE, sizeof (IscChartRect));

  for (guint i = 0; i < layout->references->len; i++)
    {
      const IscChartReferenceLine *line = &g_array_index (layout->references, IscChartReferenceLine, i);

      if (line->text.layout != NULL)
        {
          IscChartRect r = text_area (&line->text);

          g_array_append_val (rects, r);
        }
    }
  for (guint i = 0; i < layout->markers->len; i++)
    {
      const IscChartMarkerLine *line = &g_array_index (layout->markers, IscChartMarkerLine, i);

      if (line->text.layout != NULL)
        {
          IscChartRect r = text_area (&line->text);

          g_array_append_val (rects, r);
        }
    }
  return rects;
}

/* min 1 and max 5 over replicas 1 … 3: 5 is within twice the data's
 * top, so the axis holds it and each line is at its value's y. */
static void
test_references_in_axis (void)
{
  g_autoptr(IscChartModel) model = replicas_model ();
  IscChartReference refs[] = { { 1, "min" }, { 5, "max" } };
  g_autoptr(IscChart) chart = NULL;
  const IscChartLayout *layout;
  const IscChartReferenceLine *min, *max;

  isc_chart_model_set_references (model, refs, G_N_ELEMENTS (refs));
  chart = isc_chart_new (model);
  layout = isc_chart_ensure_layout (chart, W, H);

  g_assert_cmpuint (layout->references->len, ==, 2);
  min = find_reference (layout, 1);
  max = find_reference (layout, 5);
  g_assert_nonnull (min);
  g_assert_nonnull (max);
  g_assert_cmpfloat (layout->y_max, >=, 5);
  g_assert_false (max->above);
  g_assert_false (min->above);
  g_assert_cmpfloat (max->y, ==, round (isc_chart_layout_y_for_value (layout, 5)) + 0.5);
  g_assert_cmpfloat (min->y, ==, round (isc_chart_layout_y_for_value (layout, 1)) + 0.5);
  /* Inside the plot, the maximum above the minimum. */
  g_assert_cmpfloat (max->y, >=, layout->plot.y);
  g_assert_cmpfloat (min->y, <=, layout->plot.y + layout->plot.height);
  g_assert_cmpfloat (max->y, <, min->y);
  /* Labelled at the right edge, in the axis' words. */
  g_assert_cmpstr (pango_layout_get_text (max->text.layout), ==, "max 5");
  g_assert_cmpstr (pango_layout_get_text (min->text.layout), ==, "min 1");
  {
    IscChartRect r = text_area (&max->text);

    g_assert_cmpfloat (r.x + r.width, <=, layout->plot.x + layout->plot.width);
    g_assert_cmpfloat (r.x + r.width, >, layout->plot.x + layout->plot.width - 10);
  }
}

/* max 40 over replicas 1 … 3 would leave the data a thirteenth of the
 * plot: the axis stops with the data, and an arrow at the top says it is
 * above. */
static void
test_reference_far_above (void)
{
  g_autoptr(IscChartModel) model = replicas_model ();
  g_autoptr(IscChartModel) plain = replicas_model ();
  IscChartReference refs[] = { { 40, "max" } };
  g_autoptr(IscChart) chart = NULL;
  g_autoptr(IscChart) plain_chart = NULL;
  const IscChartLayout *layout;
  const IscChartReferenceLine *max;

  isc_chart_model_set_references (model, refs, G_N_ELEMENTS (refs));
  chart = isc_chart_new (model);
  plain_chart = isc_chart_new (plain);
  layout = isc_chart_ensure_layout (chart, W, H);

  max = find_reference (layout, 40);
  g_assert_nonnull (max);
  g_assert_true (max->above);
  g_assert_cmpfloat (layout->y_max, <, 40);
  /* The same axis as without the line: the data keep the plot. */
  g_assert_cmpfloat (layout->y_max, ==, isc_chart_ensure_layout (plain_chart, W, H)->y_max);
  g_assert_cmpfloat (max->y, ==, layout->plot.y);
  g_assert_nonnull (max->text.layout);
  g_assert_cmpstr (pango_layout_get_text (max->text.layout), ==, "max 40");
}

/* The arrow and the dashed line are drawn: pixels in the reference
 * colour where they should be, none without annotations. */
static void
test_reference_drawn (void)
{
  g_autoptr(IscChartModel) model = replicas_model ();
  IscChartReference refs[] = { { 5, "max" } };
  g_autoptr(IscChart) chart = NULL;
  cairo_surface_t *with, *without;
  cairo_t *cr;
  const IscChartLayout *layout;
  const IscChartReferenceLine *max;
  guint differ = 0;
  int row;

  chart = isc_chart_new (model);
  without = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cr = cairo_create (without);
  isc_chart_draw (chart, cr, W, H);
  cairo_destroy (cr);

  isc_chart_model_set_references (model, refs, G_N_ELEMENTS (refs));
  g_clear_object (&chart);
  chart = isc_chart_new (model);
  with = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, H);
  cr = cairo_create (with);
  isc_chart_draw (chart, cr, W, H);
  cairo_destroy (cr);

  layout = isc_chart_ensure_layout (chart, W, H);
  max = find_reference (layout, 5);
  row = (int) floor (max->y);
  cairo_surface_flush (with);
  cairo_surface_flush (without);
  /* The line's row across the left half of the plot (no label there);
   * a dashed line changes at least a third of it. */
  for (int x = (int) layout->plot.x + 2; x < (int) (layout->plot.x + layout->plot.width / 2); x++)
    {
      const guint32 *a = (const guint32 *) (cairo_image_surface_get_data (with) + row * cairo_image_surface_get_stride (with));
      const guint32 *b = (const guint32 *) (cairo_image_surface_get_data (without) + row * cairo_image_surface_get_stride (without));

      differ += a[x] != b[x];
    }
  g_assert_cmpuint (differ, >, (guint) (layout->plot.width / 2) / 3);
  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
}

/* Markers at their times: device x as the time axis puts it; one outside
 * the range is not drawn. */
static void
test_markers (void)
{
  g_autoptr(IscChartModel) model = replicas_model ();
  gint64 at = START_MS + 25 * STEP_MS + 17 * 1000;
  IscChartMarker markers[] = {
    { START_MS - 3600 * 1000, "too early" },
    { at, "d8 promoted" },
    { START_MS + 61 * STEP_MS, "too late" },
  };
  g_autoptr(IscChart) chart = NULL;
  const IscChartLayout *layout;
  const IscChartMarkerLine *line;

  isc_chart_model_set_markers (model, markers, G_N_ELEMENTS (markers));
  chart = isc_chart_new (model);
  layout = isc_chart_ensure_layout (chart, W, H);

  g_assert_cmpuint (layout->markers->len, ==, 1);
  line = &g_array_index (layout->markers, IscChartMarkerLine, 0);
  g_assert_cmpint (line->time_ms, ==, at);
  g_assert_cmpfloat (line->x, ==, floor (isc_chart_layout_x_for_ms (layout, at)) + 0.5);
  g_assert_cmpfloat (fabs (line->x - isc_chart_get_x_for_time (chart, W, H, at)), <, 1);
  g_assert_cmpstr (pango_layout_get_text (line->text.layout), ==, "d8 promoted");
  /* Its label inside the plot, at the top. */
  g_assert_cmpfloat (line->text.y, >=, layout->plot.y);
  g_assert_cmpfloat (line->text.y, <, layout->plot.y + 40);
}

/* Markers a minute apart and references one replica apart: no two labels
 * touch; what finds no room goes, its line stays. */
static void
test_labels_apart (void)
{
  g_autoptr(IscChartModel) model = replicas_model ();
  IscChartMarker markers[6];
  IscChartReference refs[] = { { 3, "target" }, { 3.05, "max" }, { 3.1, "other" }, { 40, "far" } };
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(IscChart) chart = NULL;
  g_autoptr(GArray) rects = NULL;
  const IscChartLayout *layout;

  for (guint i = 0; i < G_N_ELEMENTS (markers); i++)
    {
      char *label = g_strdup_printf ("deployment v%u created", i);

      g_ptr_array_add (labels, label);
      markers[i] = (IscChartMarker) { START_MS + (50 + i) * STEP_MS, label };
    }
  isc_chart_model_set_markers (model, markers, G_N_ELEMENTS (markers));
  isc_chart_model_set_references (model, refs, G_N_ELEMENTS (refs));
  chart = isc_chart_new (model);
  layout = isc_chart_ensure_layout (chart, W, H);
  rects = placed_labels (layout);

  g_assert_cmpuint (layout->markers->len, ==, G_N_ELEMENTS (markers));
  g_assert_cmpuint (layout->references->len, ==, G_N_ELEMENTS (refs));
  /* Some stay labelled, not all fit. */
  g_assert_cmpuint (rects->len, >=, 4);
  g_assert_cmpuint (rects->len, <, G_N_ELEMENTS (markers) + G_N_ELEMENTS (refs));
  for (guint i = 0; i < rects->len; i++)
    for (guint j = i + 1; j < rects->len; j++)
      g_assert_false (overlap (&g_array_index (rects, IscChartRect, i), &g_array_index (rects, IscChartRect, j)));
  for (guint i = 0; i < rects->len; i++)
    {
      const IscChartRect *r = &g_array_index (rects, IscChartRect, i);

      g_assert_cmpfloat (r->x, >=, layout->plot.x);
      g_assert_cmpfloat (r->x + r->width, <=, layout->plot.x + layout->plot.width);
    }
}

/* Side by side in a row, two labels are an em apart at least, so they
 * never read as one ("replica sgdb5 terminated max 16"): a marker swept
 * towards a limit labelled at the plot's top right. */
static void
test_labels_read_apart (void)
{
  IscChartReference refs[] = { { 40, "max" } };
  guint n_beside = 0;

  for (guint i = 0; i < 90; i++)
    {
      g_autoptr(IscChartModel) model = replicas_model ();
      IscChartMarker marker = { START_MS + 44 * STEP_MS + i * 10 * 1000, "replica sgdb5 terminated" };
      g_autoptr(IscChart) chart = NULL;
      g_autoptr(GArray) rects = NULL;
      g_autoptr(PangoLayout) m = NULL;
      const IscChartLayout *layout;
      int em;

      isc_chart_model_set_markers (model, &marker, 1);
      isc_chart_model_set_references (model, refs, G_N_ELEMENTS (refs));
      chart = isc_chart_new (model);
      layout = isc_chart_ensure_layout (chart, W, H);
      m = isc_chart_layout_create_text (layout->pango, isc_chart_get_style (chart),
                                        isc_chart_get_style (chart)->label_size, FALSE, "M");
      pango_layout_get_pixel_size (m, &em, NULL);
      rects = placed_labels (layout);
      if (rects->len < 2)
        continue;
      g_assert_cmpuint (rects->len, ==, 2);
      {
        const IscChartRect *a = &g_array_index (rects, IscChartRect, 0);
        const IscChartRect *b = &g_array_index (rects, IscChartRect, 1);

        if (a->y < b->y + b->height && b->y < a->y + a->height)
          {
            n_beside++;
            g_assert_cmpfloat (MAX (b->x - (a->x + a->width), a->x - (b->x + b->width)), >=, em);
          }
      }
    }
  /* Far enough apart, they do share the top row. */
  g_assert_cmpuint (n_beside, >, 0);
}

/* The one table: which limit goes on which chart, in the chart's unit. */
static void
test_table (void)
{
  double replicas[] = { 1, 2, 3 };
  double gib[] = { 70000, 71000, 72000 };
  double bytes[] = { 12e9, 13e9, 12.5e9 };
  g_autoptr(IscChartAnnotations) annotations = isc_chart_annotations_new ();
  g_autoptr(IscMetricsResponse) r1 = gauge_response ("baseten_replicas_active", "COUNT", replicas, 3);
  g_autoptr(IscMetricsResponse) r2 = gauge_response ("baseten_gpu_memory_used", "MEBIBYTES", gib, 3);
  g_autoptr(IscMetricsResponse) r3 = gauge_response ("baseten_container_cpu_memory_working_set_bytes", "BYTES", bytes, 3);
  g_autoptr(IscMetricsResponse) r4 = gauge_response ("baseten_gpu_utilization", "RATIO", replicas, 3);
  g_autoptr(IscMetricsResponse) r5 = gauge_response ("baseten_concurrent_requests", "COUNT", replicas, 3);
  g_autoptr(IscChartModel) m1 = isc_chart_model_new (r1, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChartModel) m2 = isc_chart_model_new (r2, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChartModel) m3 = isc_chart_model_new (r3, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChartModel) m4 = isc_chart_model_new (r4, 0, ISC_COUNTER_DISPLAY_RATE);
  g_autoptr(IscChartModel) m5 = isc_chart_model_new (r5, 0, ISC_COUNTER_DISPLAY_RATE);
  const IscChartReference *refs;
  const IscChartMarker *markers;
  guint n = 0;

  isc_chart_annotations_set_limit (annotations, ISC_CHART_LIMIT_MIN_REPLICAS, 1);
  isc_chart_annotations_set_limit (annotations, ISC_CHART_LIMIT_MAX_REPLICAS, 5);
  isc_chart_annotations_set_limit (annotations, ISC_CHART_LIMIT_CONCURRENCY_TARGET, 8);
  isc_chart_annotations_set_limit (annotations, ISC_CHART_LIMIT_GPU_MEMORY_MIB, 81920);
  isc_chart_annotations_set_limit (annotations, ISC_CHART_LIMIT_MEMORY_MIB, 16384);
  isc_chart_annotations_add_marker (annotations, START_MS + 2 * STEP_MS, "later");
  isc_chart_annotations_add_marker (annotations, START_MS + STEP_MS, "earlier");
  /* The API's "not set" forgets. */
  isc_chart_annotations_set_limit (annotations, ISC_CHART_LIMIT_MIN_REPLICAS, -1);
  g_assert_true (isnan (isc_chart_annotations_get_limit (annotations, ISC_CHART_LIMIT_MIN_REPLICAS)));
  isc_chart_annotations_set_limit (annotations, ISC_CHART_LIMIT_MIN_REPLICAS, 1);

  isc_chart_annotations_apply (annotations, m1);
  refs = isc_chart_model_get_references (m1, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpfloat (refs[0].value, ==, 1);
  g_assert_cmpstr (refs[0].label, ==, "min");
  g_assert_cmpfloat (refs[1].value, ==, 5);
  g_assert_cmpstr (refs[1].label, ==, "max");
  markers = isc_chart_model_get_markers (m1, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (markers[0].label, ==, "earlier");
  g_assert_cmpint (markers[1].time_ms, ==, START_MS + 2 * STEP_MS);

  /* MiB stay MiB on a MEBIBYTES chart, and read as GiB. */
  isc_chart_annotations_apply (annotations, m2);
  refs = isc_chart_model_get_references (m2, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat (refs[0].value, ==, 81920);
  g_assert_cmpstr (refs[0].label, ==, "GPU memory limit");
  {
    g_autoptr(IscChart) chart = isc_chart_new (m2);
    const IscChartReferenceLine *line = find_reference (isc_chart_ensure_layout (chart, W, H), 81920);

    g_assert_nonnull (line);
    g_assert_false (line->above);
    g_assert_cmpstr (pango_layout_get_text (line->text.layout), ==, "GPU memory limit 80\u00a0GiB");
  }

  /* … bytes on a BYTES chart. */
  isc_chart_annotations_apply (annotations, m3);
  refs = isc_chart_model_get_references (m3, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat (refs[0].value, ==, 16384.0 * 1048576.0);

  /* The concurrency target on concurrent requests. */
  isc_chart_annotations_apply (annotations, m5);
  refs = isc_chart_model_get_references (m5, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat (refs[0].value, ==, 8);

  /* No limit for GPU utilization, but the markers. */
  isc_chart_annotations_apply (annotations, m4);
  isc_chart_model_get_references (m4, &n);
  g_assert_cmpuint (n, ==, 0);
  isc_chart_model_get_markers (m4, &n);
  g_assert_cmpuint (n, ==, 2);

  /* NULL clears. */
  isc_chart_annotations_apply (NULL, m1);
  isc_chart_model_get_references (m1, &n);
  g_assert_cmpuint (n, ==, 0);
  isc_chart_model_get_markers (m1, &n);
  g_assert_cmpuint (n, ==, 0);
}

/* What the demo's discovery says of demo-chat's production, decoded as
 * the client decodes it. */
static IscEnvironment *
demo_environment (gint64 now_ms)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  const IscDemoEnvironment *env = _isc_demo_fleet_lookup_environment (model, ISC_DEMO_ENVIRONMENT_PRODUCTION);
  g_autoptr(JsonNode) node = _isc_demo_fleet_environment_json (env, DEMO_SEED, now_ms / 1000, 3, 0);
  g_autoptr(JsonNode) list = json_node_new (JSON_NODE_OBJECT);
  g_autoptr(JsonObject) object = json_object_new ();
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(GPtrArray) environments = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;

  json_array_add_element (array, g_steal_pointer (&node));
  json_object_set_array_member (object, "environments", g_steal_pointer (&array));
  json_node_set_object (list, object);
  text = json_to_string (list, FALSE);
  bytes = g_bytes_new (text, strlen (text));
  environments = isc_environments_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (environments->len, ==, 1);
  return isc_environment_ref (g_ptr_array_index (environments, 0));
}

static IscMetricsResponse *
demo_environment_response (gint64 now_ms,
                           gint64 span_ms)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (ISC_DEMO_MODEL_CHAT);
  const IscDemoEnvironment *env = _isc_demo_fleet_lookup_environment (model, ISC_DEMO_ENVIRONMENT_PRODUCTION);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  IscDemoMetricsRequest request = { 0 };
  g_autoptr(GBytes) body = NULL;
  g_autoptr(GError) error = NULL;
  IscMetricsResponse *response;

  g_ptr_array_add (names, (gpointer) "baseten_replicas_active");
  g_ptr_array_add (names, (gpointer) "baseten_gpu_memory_used");
  request.mode = ISC_MODE_SERIES;
  request.now_ms = now_ms;
  request.end_ms = now_ms;
  request.start_ms = now_ms - span_ms;
  request.metrics = names;
  body = _isc_demo_generator_build (DEMO_SEED, NULL, env, &request);
  response = isc_metrics_response_new_from_data (g_bytes_get_data (body, NULL), g_bytes_get_size (body), &error);
  g_assert_no_error (error);
  return response;
}

/* demo-chat's production over a day: its autoscaling and GPU limits, and
 * v8's promotion over v7 where the window splits, at the demo's
 * promotion time, on every chart. */
static void
test_demo_environment (void)
{
  gint64 now_ms = START_MS + 6 * 3600 * 1000;
  gint64 promotion_ms = _isc_demo_fleet_promotion_time (DEMO_SEED, now_ms / 1000) * 1000;
  g_autoptr(IscEnvironment) environment = demo_environment (now_ms);
  g_autoptr(IscMetricsResponse) response = demo_environment_response (now_ms, 24 * 3600 * 1000);
  g_autoptr(IscChartAnnotations) annotations = NULL;
  g_autoptr(GArray) promotions = isc_chart_annotations_find_promotions (response);
  const IscChartMarker *markers;
  gboolean found = FALSE;
  guint n = 0;

  g_assert_true (environment->has_autoscaling);
  g_assert_cmpuint (promotions->len, ==, 1);
  g_assert_cmpint (g_array_index (promotions, gint64, 0), ==, promotion_ms);

  annotations = isc_target_annotations_new_for_environment (environment, response, now_ms);
  /* 18:00 UTC: the afternoon schedule is in effect at the window's end. */
  g_assert_cmpfloat (isc_chart_annotations_get_limit (annotations, ISC_CHART_LIMIT_MIN_REPLICAS), ==,
                     ISC_DEMO_SCHEDULE_MIN_REPLICA);
  g_assert_cmpfloat (isc_chart_annotations_get_limit (annotations, ISC_CHART_LIMIT_MAX_REPLICAS), ==,
                     ISC_DEMO_SCHEDULE_MAX_REPLICA);
  g_assert_cmpfloat (isc_chart_annotations_get_limit (annotations, ISC_CHART_LIMIT_MAX_REPLICAS), ==,
                     environment->effective.max_replica);
  g_assert_cmpfloat (isc_chart_annotations_get_limit (annotations, ISC_CHART_LIMIT_GPU_MEMORY_MIB), ==,
                     environment->gpu_memory_limit_mib);
  markers = isc_chart_annotations_get_markers (annotations, &n);
  for (guint i = 0; i < n; i++)
    if (markers[i].time_ms == promotion_ms)
      {
        g_assert_cmpstr (markers[i].label, ==, "v8 promoted");
        found = TRUE;
      }
  g_assert_true (found);

  for (guint m = 0; m < isc_metrics_response_get_n_metrics (response); m++)
    {
      g_autoptr(IscChartModel) model = isc_chart_model_new (response, m, ISC_COUNTER_DISPLAY_RATE);
      g_autoptr(IscChart) chart = NULL;
      const IscChartLayout *layout;
      gboolean drawn = FALSE;

      isc_chart_annotations_apply (annotations, model);
      chart = isc_chart_new (model);
      layout = isc_chart_ensure_layout (chart, W, H);
      for (guint i = 0; i < layout->markers->len; i++)
        {
          const IscChartMarkerLine *line = &g_array_index (layout->markers, IscChartMarkerLine, i);

          if (line->time_ms == promotion_ms)
            {
              g_assert_cmpfloat (line->x, ==, floor (isc_chart_layout_x_for_ms (layout, promotion_ms)) + 0.5);
              drawn = TRUE;
            }
        }
      g_assert_true (drawn);
    }
}

/* demo-chat's production has an afternoon schedule (14:00-19:00 UTC, 4 to
 * 16 replicas over a base of 2 to 10): over the day to 18:00 the max
 * replicas line is 16 until 19:00 yesterday, 10 until 14:00, then 16,
 * and is drawn so; the in-flight tokens chart has its per-replica target. */
static void
test_schedule_steps (void)
{
  gint64 now_ms = START_MS + 6 * 3600 * 1000;   /* 18:00 UTC */
  gint64 day_ms = 24 * 3600 * 1000;
  gint64 at_19 = now_ms - day_ms + 3600 * 1000;
  gint64 at_14 = now_ms - 4 * 3600 * 1000;
  g_autoptr(IscEnvironment) environment = demo_environment (now_ms);
  g_autoptr(IscMetricsResponse) response = demo_environment_response (now_ms, day_ms);
  g_autoptr(IscChartAnnotations) annotations = isc_target_annotations_new_for_environment (environment, response, now_ms);
  const IscChartReferenceStep *steps;
  guint n = 0;

  /* What discovery says now: the schedule's applied state. */
  g_assert_cmpstr (environment->applied_schedule_id, ==, ISC_DEMO_SCHEDULE_ID);
  g_assert_cmpint (environment->autoscaling.max_replica, ==, 10);
  g_assert_cmpint (environment->effective.max_replica, ==, ISC_DEMO_SCHEDULE_MAX_REPLICA);

  steps = isc_chart_annotations_get_limit_steps (annotations, ISC_CHART_LIMIT_MAX_REPLICAS, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpfloat (steps[0].value, ==, 16);
  g_assert_cmpint (steps[1].time_ms, ==, at_19);
  g_assert_cmpfloat (steps[1].value, ==, 10);
  g_assert_cmpint (steps[2].time_ms, ==, at_14);
  g_assert_cmpfloat (steps[2].value, ==, 16);
  steps = isc_chart_annotations_get_limit_steps (annotations, ISC_CHART_LIMIT_MIN_REPLICAS, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpfloat (steps[1].value, ==, 2);
  /* The concurrency target is not scheduled: one plain line. */
  isc_chart_annotations_get_limit_steps (annotations, ISC_CHART_LIMIT_CONCURRENCY_TARGET, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpfloat (isc_chart_annotations_get_limit (annotations, ISC_CHART_LIMIT_CONCURRENCY_TARGET), ==, 6);
  g_assert_cmpfloat (isc_chart_annotations_get_limit (annotations, ISC_CHART_LIMIT_IN_FLIGHT_TOKENS_TARGET), ==, 9000);

  /* On the replicas chart the line is drawn low between 19:00 and 14:00,
   * high elsewhere. */
  for (guint m = 0; m < isc_metrics_response_get_n_metrics (response); m++)
    {
      g_autoptr(IscChartModel) model = isc_chart_model_new (response, m, ISC_COUNTER_DISPLAY_RATE);
      g_autoptr(IscChart) chart = NULL;
      const IscChartLayout *layout;
      const IscChartReferenceLine *max_line = NULL;

      if (g_strcmp0 (isc_chart_model_get_name (model), "baseten_replicas_active") != 0)
        continue;
      isc_chart_annotations_apply (annotations, model);
      chart = isc_chart_new (model);
      layout = isc_chart_ensure_layout (chart, W, H);
      for (guint i = 0; i < layout->references->len; i++)
        {
          const IscChartReferenceLine *line = &g_array_index (layout->references, IscChartReferenceLine, i);

          if (line->value == 16)
            max_line = line;
        }
      g_assert_nonnull (max_line);
      g_assert_cmpuint (max_line->n_points, ==, 6);
      g_assert_cmpfloat (max_line->ys[2], >, max_line->ys[0]);   /* lower on screen: a smaller value */
      g_assert_cmpfloat (max_line->ys[4], ==, max_line->ys[0]);
      g_assert_cmpfloat (fabs (max_line->xs[2] - isc_chart_layout_x_for_ms (layout, at_19)), <=, 1);
      g_assert_cmpfloat (fabs (max_line->xs[4] - isc_chart_layout_x_for_ms (layout, at_14)), <=, 1);
      g_assert_cmpfloat (max_line->xs[5], ==, layout->plot.x + layout->plot.width);
      /* The earlier value is labelled where it held: "max 10" from 19:00,
       * the right edge says the 16 in effect at the end. */
      g_assert_nonnull (max_line->step_texts);
      {
        gboolean labelled = FALSE;

        for (guint k = 0; k < max_line->step_texts->len; k++)
          {
            const IscChartText *text = &g_array_index (max_line->step_texts, IscChartText, k);

            if (g_str_equal (pango_layout_get_text (text->layout), "max 10"))
              {
                labelled = TRUE;
                g_assert_cmpfloat (text->x, >=, max_line->xs[2]);
              }
          }
        g_assert_true (labelled);
      }
      return;
    }
  g_assert_not_reached ();
}

/* A promotion under way, as the API would say it: the candidate's name
 * and its share of traffic, at the window's end. */
static void
test_promotion_in_progress (void)
{
  static const char json[] =
    "{\"environments\": [{\"name\": \"production\", \"created_at\": \"2025-11-01T09:00:00Z\","
    " \"model_id\": \"m\","
    " \"current_deployment\": {\"id\": \"d8\", \"name\": \"v8\", \"created_at\": \"2025-12-01T12:30:00Z\"},"
    " \"candidate_deployment\": {\"id\": \"d9\", \"name\": \"v9\", \"created_at\": \"2025-12-01T12:40:00Z\"},"
    " \"in_progress_promotion\": {\"status\": \"RAMPING_UP\", \"percent_traffic_to_new_version\": 25},"
    " \"autoscaling_settings\": {\"min_replica\": 1, \"max_replica\": 4},"
    " \"instance_type\": {\"memory_limit_mib\": 16384, \"gpu_memory_limit_mib\": 81920}}]}";
  double values[60];
  g_autoptr(GBytes) bytes = g_bytes_new_static (json, strlen (json));
  g_autoptr(GPtrArray) environments = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(IscChartAnnotations) annotations = NULL;
  const IscChartMarker *markers;
  gint64 end_ms = START_MS + 60 * STEP_MS;
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = 2;
  response = gauge_response ("baseten_replicas_active", "COUNT", values, G_N_ELEMENTS (values));
  environments = isc_environments_from_bytes (bytes, &error);
  g_assert_no_error (error);

  annotations = isc_target_annotations_new_for_environment (g_ptr_array_index (environments, 0),
                                                          response, end_ms + 20 * 1000);
  markers = isc_chart_annotations_get_markers (annotations, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpstr (markers[0].label, ==, "v8 created");
  g_assert_cmpint (markers[0].time_ms, ==, START_MS + 30 * STEP_MS);
  g_assert_cmpstr (markers[1].label, ==, "v9 created");
  g_assert_cmpstr (markers[2].label, ==, "promoting v9 · 25\u00a0% of traffic");
  g_assert_cmpint (markers[2].time_ms, ==, end_ms);
  g_assert_cmpfloat (isc_chart_annotations_get_limit (annotations, ISC_CHART_LIMIT_MAX_REPLICAS), ==, 4);
  g_assert_cmpfloat (isc_chart_annotations_get_limit (annotations, ISC_CHART_LIMIT_MEMORY_MIB), ==, 16384);

  /* Read a day later, the state says nothing of that window. */
  g_clear_pointer (&annotations, isc_chart_annotations_unref);
  annotations = isc_target_annotations_new_for_environment (g_ptr_array_index (environments, 0),
                                                          response, end_ms + 24 * 3600 * 1000);
  isc_chart_annotations_get_markers (annotations, &n);
  g_assert_cmpuint (n, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/chart-annotations/references-in-axis", test_references_in_axis);
  g_test_add_func ("/isc/chart-annotations/reference-far-above", test_reference_far_above);
  g_test_add_func ("/isc/chart-annotations/reference-drawn", test_reference_drawn);
  g_test_add_func ("/isc/chart-annotations/markers", test_markers);
  g_test_add_func ("/isc/chart-annotations/labels-apart", test_labels_apart);
  g_test_add_func ("/isc/chart-annotations/labels-read-apart", test_labels_read_apart);
  g_test_add_func ("/isc/chart-annotations/table", test_table);
  g_test_add_func ("/isc/chart-annotations/demo-environment", test_demo_environment);
  g_test_add_func ("/isc/chart-annotations/schedule-steps", test_schedule_steps);
  g_test_add_func ("/isc/chart-annotations/promotion-in-progress", test_promotion_in_progress);

  return g_test_run ();
}
