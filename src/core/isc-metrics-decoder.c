/* isc-metrics-decoder.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-metrics-decoder"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "isc-json-doc-private.h"
#include "isc-metrics-response-private.h"
#include "isc-text.h"

/* The decoder: the schema of GetModelMetricsResponseV1 (baseten-api.md)
 * and the assembly of a response.
 *
 * Decoding happens in two passes over the body. The first, the strict
 * scan of isc-json-scanner.c, checks the syntax and finds metric_values.
 * The second lets json-glib build its tree of everything but the value
 * sets and walks it against the schema here; the value sets, nearly all
 * of a SERIES body, are read straight from the bytes into one packed
 * block of doubles by isc-value-sets.c. The scan reads keys as json-glib
 * does and refuses a key any object repeats, so the two never disagree on
 * which member is which. json-glib's tree holds only what the schema
 * reads: the scan notes what it may leave out (unknown members, arrays
 * where a string belongs), and caps the label sets and the labels, so
 * the tree of any body stays a small multiple of it. Text from the
 * document is sanitized and cut (isc-text.h) before the response keeps
 * it.
 */

/* A step start may precede the window start by up to one step; starts are
 * rounded down to the whole second, so never allow less than that.
 */
#define MIN_TOLERANCE_MS 1000

/* ------------------------------------------------------------------------
 * The schema
 * ------------------------------------------------------------------------ */

static char *
join_path (const char *parent,
           const char *member)
{
  if (parent == NULL || parent[0] == '\0')
    return g_strdup (member);

  return g_strconcat (parent, ".", member, NULL);
}

static gboolean
expect_type (JsonNode      *node,
             JsonNodeType   node_type,
             GType          value_type,
             const char    *path,
             GError       **error)
{
  const char *expected;

  if (JSON_NODE_TYPE (node) == node_type &&
      (node_type != JSON_NODE_VALUE || json_node_get_value_type (node) == value_type))
    return TRUE;

  if (node_type == JSON_NODE_OBJECT)
    expected = _("an object");
  else if (node_type == JSON_NODE_ARRAY)
    expected = _("an array");
  else if (value_type == G_TYPE_STRING)
    expected = _("a string");
  else
    expected = _("a number");

  /* TRANSLATORS: "expected a string, got a number" */
  _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected %s, got %s"),
                           expected, _isc_json_describe_node (node));
  return FALSE;
}

/* A required member; NULL (with @error set) when it is absent. */
static JsonNode *
require_member (JsonObject  *object,
                const char  *parent,
                const char  *name,
                GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    {
      g_autofree char *path = join_path (parent, name);

      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("required field is missing"));
    }

  return node;
}

static JsonObject *
require_object (JsonNode    *node,
                const char  *path,
                GError     **error)
{
  if (!expect_type (node, JSON_NODE_OBJECT, G_TYPE_INVALID, path, error))
    return NULL;

  return json_node_get_object (node);
}

static JsonArray *
require_array (JsonNode    *node,
               const char  *path,
               GError     **error)
{
  if (!expect_type (node, JSON_NODE_ARRAY, G_TYPE_INVALID, path, error))
    return NULL;

  return json_node_get_array (node);
}

static const char *
require_string (JsonNode    *node,
                const char  *path,
                GError     **error)
{
  if (!expect_type (node, JSON_NODE_VALUE, G_TYPE_STRING, path, error))
    return NULL;

  return json_node_get_string (node);
}

/* An integer such as a millisecond timestamp. json-glib gives an int64
 * node for 1700000000000 and a double node for 1700000000000.0 or 1.7e12;
 * the latter are accepted when they hold a whole number, since some
 * encoders write every number as a float. A fraction is an error.
 */
static gboolean
require_integer (JsonNode    *node,
                 const char  *path,
                 gint64      *out,
                 GError     **error)
{
  GType type;

  if (JSON_NODE_TYPE (node) != JSON_NODE_VALUE ||
      ((type = json_node_get_value_type (node)) != G_TYPE_INT64 && type != G_TYPE_DOUBLE))
    {
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("expected an integer, got %s"),
                               _isc_json_describe_node (node));
      return FALSE;
    }

  if (type == G_TYPE_INT64)
    {
      gint64 v = json_node_get_int (node);

      if (v > ISC_MAX_ABS_MILLIS || v < -ISC_MAX_ABS_MILLIS)
        {
          _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                                   _("%lld is out of range"), (long long) v);
          return FALSE;
        }

      *out = v;
      return TRUE;
    }
  else
    {
      double v = json_node_get_double (node);

      if (!isfinite (v) || fabs (v) > (double) ISC_MAX_ABS_MILLIS)
        {
          _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path, _("%g is out of range"), v);
          return FALSE;
        }

      if (v != floor (v))
        {
          _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                                   _("expected an integer, got %.17g"), v);
          return FALSE;
        }

      *out = (gint64) v;
      return TRUE;
    }
}

typedef struct
{
  JsonObject *root;
  JsonArray  *descriptors;
} Document;

static gboolean
decode_header (IscMetricsResponse  *self,
               Document            *doc,
               GError             **error)
{
  JsonNode *node;
  const char *mode;

  if (!(node = require_member (doc->root, NULL, "mode", error)) ||
      !(mode = require_string (node, "mode", error)))
    return FALSE;

  if (!isc_mode_from_string (mode, &self->mode))
    {
      /* Cut on a character, and shown without its control characters. */
      g_autofree char *shown = isc_text_sanitize_cut (mode, -1, 40);

      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, "mode",
                               _("unknown mode \"%s\", expected CURRENT, SUMMARY or SERIES"), shown);
      return FALSE;
    }

  if (!(node = require_member (doc->root, NULL, "start_epoch_millis", error)) ||
      !require_integer (node, "start_epoch_millis", &self->start_ms, error))
    return FALSE;

  if (!(node = require_member (doc->root, NULL, "end_epoch_millis", error)) ||
      !require_integer (node, "end_epoch_millis", &self->end_ms, error))
    return FALSE;

  if (self->end_ms < self->start_ms)
    {
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, "end_epoch_millis",
                               _("the window ends (%lld) before it starts (%lld)"),
                               (long long) self->end_ms, (long long) self->start_ms);
      return FALSE;
    }

  /* Absent (real SUMMARY responses) and null both mean "no step". */
  node = json_object_get_member (doc->root, "step_seconds");
  if (node != NULL && !JSON_NODE_HOLDS_NULL (node))
    {
      if (!require_integer (node, "step_seconds", &self->step_seconds, error))
        return FALSE;

      if (self->step_seconds < 0 || self->step_seconds > ISC_MAX_ABS_MILLIS / 1000)
        {
          _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, "step_seconds",
                                   _("%lld is not a valid step length"),
                                   (long long) self->step_seconds);
          return FALSE;
        }
    }

  if (!(node = require_member (doc->root, NULL, "metric_descriptors", error)) ||
      !(doc->descriptors = require_array (node, "metric_descriptors", error)))
    return FALSE;

  /* Its value sets are not in the tree: the scan found them for the
   * reader of the bytes, and json-glib saw an empty array instead. */
  if (!(node = require_member (doc->root, NULL, "metric_values", error)) ||
      !require_array (node, "metric_values", error))
    return FALSE;

  return TRUE;
}

/* The counts of series and labels, so that each is one allocation;
 * checks the types on the way down to each label set.
 */
static gboolean
count_series (Document  *doc,
              guint     *n_series,
              guint     *n_labels,
              GError   **error)
{
  guint n_metrics = json_array_get_length (doc->descriptors);

  for (guint m = 0; m < n_metrics; m++)
    {
      JsonNode *node = json_array_get_element (doc->descriptors, m);
      g_autofree char *path = g_strdup_printf ("metric_descriptors[%u]", m);
      g_autofree char *sets_path = NULL;
      JsonObject *descriptor;
      JsonArray *label_sets;

      if (!(descriptor = require_object (node, path, error)))
        return FALSE;

      if (!(node = require_member (descriptor, path, "label_sets", error)))
        return FALSE;

      sets_path = join_path (path, "label_sets");
      if (!(label_sets = require_array (node, sets_path, error)))
        return FALSE;

      for (guint j = 0; j < json_array_get_length (label_sets); j++)
        {
          JsonNode *set = json_array_get_element (label_sets, j);
          g_autofree char *set_path = g_strdup_printf ("%s[%u]", sets_path, j);
          JsonObject *object;

          if (!(object = require_object (set, set_path, error)))
            return FALSE;

          *n_labels += json_object_get_size (object);
        }

      *n_series += json_array_get_length (label_sets);
    }

  return TRUE;
}

/* Text from the document, kept in the response's chunk: without control
 * or BiDi characters, and cut to ISC_METRICS_RESPONSE_MAX_TEXT_BYTES.
 */
static const char *
insert_text (IscMetricsResponse *self,
             const char         *text)
{
  g_autofree char *shown = isc_text_sanitize_cut (text, -1, ISC_METRICS_RESPONSE_MAX_TEXT_BYTES);

  return g_string_chunk_insert_const (self->strings, shown);
}

/* A descriptor's string member @name, kept in the response's chunk. */
static const char *
decode_descriptor_string (IscMetricsResponse  *self,
                          JsonObject          *descriptor,
                          const char          *path,
                          const char          *name,
                          GError             **error)
{
  g_autofree char *member_path = NULL;
  JsonNode *node;
  const char *str;

  if (!(node = require_member (descriptor, path, name, error)))
    return NULL;

  member_path = join_path (path, name);
  if (!(str = require_string (node, member_path, error)))
    return NULL;

  return insert_text (self, str);
}

/* Label set @j of the metric at @path into @series, whose labels point
 * into the response's array already.
 */
static gboolean
decode_label_set (IscMetricsResponse  *self,
                  IscSeries           *series,
                  JsonObject          *set,
                  const char          *path,
                  guint                j,
                  GError             **error)
{
  g_autoptr(GList) members = json_object_get_members (set);
  g_autoptr(GString) text = g_string_new (NULL);
  guint k = 0;

  for (const GList *l = members; l != NULL; l = l->next, k++)
    {
      const char *key = l->data;
      JsonNode *value_node = json_object_get_member (set, key);
      const char *value;

      if (JSON_NODE_TYPE (value_node) != JSON_NODE_VALUE ||
          json_node_get_value_type (value_node) != G_TYPE_STRING)
        {
          g_autofree char *shown = isc_text_sanitize_cut (key, -1, 64);
          g_autofree char *label_path =
            g_strdup_printf ("%s.label_sets[%u].%s", path, j, shown);

          expect_type (value_node, JSON_NODE_VALUE, G_TYPE_STRING, label_path, error);
          return FALSE;
        }

      value = json_node_get_string (value_node);
      series->labels[2 * k] = insert_text (self, key);
      series->labels[2 * k + 1] = insert_text (self, value);

      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, "%s=%s", series->labels[2 * k], series->labels[2 * k + 1]);
    }

  series->label_text = g_string_chunk_insert_const (self->strings, text->str);
  return TRUE;
}

static gboolean
decode_descriptors (IscMetricsResponse  *self,
                    Document            *doc,
                    GError             **error)
{
  guint n_metrics = json_array_get_length (doc->descriptors);
  guint n_series = 0;
  guint n_labels = 0;
  guint series_index = 0;
  guint label_index = 0;

  if (!count_series (doc, &n_series, &n_labels, error))
    return FALSE;

  self->n_metrics = n_metrics;
  self->n_series = n_series;
  self->metrics = g_new0 (IscMetric, MAX (n_metrics, 1));
  self->series = g_new0 (IscSeries, MAX (n_series, 1));
  self->labels = g_new0 (const char *, MAX (2 * n_labels, 1));

  for (guint m = 0; m < n_metrics; m++)
    {
      IscMetric *metric = &self->metrics[m];
      JsonObject *descriptor = json_array_get_object_element (doc->descriptors, m);
      g_autofree char *path = g_strdup_printf ("metric_descriptors[%u]", m);
      JsonArray *label_sets;

      if (!(metric->name = decode_descriptor_string (self, descriptor, path, "name", error)) ||
          !(metric->unit_hint_string = decode_descriptor_string (self, descriptor, path, "unit_hint", error)) ||
          !(metric->kind_string = decode_descriptor_string (self, descriptor, path, "kind", error)))
        return FALSE;

      metric->unit_hint = isc_unit_hint_from_string (metric->unit_hint_string);
      metric->kind = isc_metric_kind_from_string (metric->kind_string);

      label_sets = json_object_get_array_member (descriptor, "label_sets");
      metric->n_series = json_array_get_length (label_sets);
      metric->series = &self->series[series_index];
      series_index += metric->n_series;

      for (guint j = 0; j < metric->n_series; j++)
        {
          IscSeries *series = &metric->series[j];
          JsonObject *set = json_array_get_object_element (label_sets, j);

          series->n_labels = json_object_get_size (set);
          series->labels = &self->labels[label_index];
          label_index += 2 * series->n_labels;

          if (!decode_label_set (self, series, set, path, j, error))
            return FALSE;
        }
    }

  return TRUE;
}

/* The window rules of baseten-api.md. CURRENT is a snapshot: its window is
 * 0/0 and its one step may start at 0 or at now, so it is not checked.
 * Otherwise a step may start up to one step before the window (starts are
 * rounded down to the second and not aligned) and none may start after
 * its end. "One step" is step_seconds; without one (SUMMARY, synthetic
 * SERIES) it is the largest spacing of the steps, or for a single step the
 * window's length, since that step then spans the whole window.
 */
static gboolean
check_window (IscMetricsResponse  *self,
              GError             **error)
{
  gint64 tolerance;

  if (self->mode == ISC_MODE_CURRENT || self->n_steps == 0)
    return TRUE;

  if (self->step_seconds > 0)
    tolerance = self->step_seconds * 1000;
  else if (self->n_steps >= 2)
    {
      tolerance = 0;
      for (guint s = 1; s < self->n_steps; s++)
        tolerance = MAX (tolerance, self->step_starts[s] - self->step_starts[s - 1]);
    }
  else
    tolerance = self->end_ms - self->start_ms;

  tolerance = MAX (tolerance, MIN_TOLERANCE_MS);

  if (self->step_starts[0] < self->start_ms - tolerance)
    {
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, "metric_values[0].start_epoch_millis",
                               _("the step starts %lld ms before the window, more than one step (%lld ms)"),
                               (long long) (self->start_ms - self->step_starts[0]), (long long) tolerance);
      return FALSE;
    }

  for (guint s = 0; s < self->n_steps; s++)
    {
      if (self->step_starts[s] > self->end_ms)
        {
          g_autofree char *path = g_strdup_printf ("metric_values[%u].start_epoch_millis", s);

          _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, path,
                                   _("the step starts after the window ends (%lld)"),
                                   (long long) self->end_ms);
          return FALSE;
        }
    }

  return TRUE;
}

static gint decode_deadline_ms = 0;  /* 0: ISC_METRICS_RESPONSE_DECODE_SECONDS */

void
_isc_metrics_response_set_decode_deadline_ms (guint ms)
{
  g_atomic_int_set (&decode_deadline_ms, (gint) MIN (ms, G_MAXINT));
}

static gint64
decode_deadline_us (void)
{
  gint ms = g_atomic_int_get (&decode_deadline_ms);

  return ms > 0 ? (gint64) ms * 1000 : (gint64) ISC_METRICS_RESPONSE_DECODE_SECONDS * G_USEC_PER_SEC;
}

gboolean
_isc_response_past_deadline (gint64   deadline_us,
                             GError **error)
{
  if (deadline_us == 0 || g_get_monotonic_time () <= deadline_us)
    return FALSE;
  _isc_response_set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL,
                           _("the response took too long to decode"));
  return TRUE;
}

/* @root is json-glib's tree of the body of @body_length bytes without
 * its value sets, which @bulk locates in the body, or NULL when the body
 * has no array metric_values (decode_header() then refuses it).
 */
static IscMetricsResponse *
decode_tree (JsonNode                *root,
             const IscValueSetBytes  *bulk,
             gsize                    body_length,
             GError                 **error)
{
  IscMetricsResponse *self;
  Document doc = { 0 };
  gsize n_values;

  if (JSON_NODE_TYPE (root) != JSON_NODE_OBJECT)
    {
      expect_type (root, JSON_NODE_OBJECT, G_TYPE_INVALID, NULL, error);
      return NULL;
    }

  doc.root = json_node_get_object (root);

  self = _isc_metrics_response_new ();

  if (!decode_header (self, &doc, error) ||
      !decode_descriptors (self, &doc, error))
    goto failed;

  g_assert (bulk != NULL);
  self->n_steps = bulk->n_value_sets;

  switch (self->mode)
    {
    case ISC_MODE_SUMMARY:
      /* One value set over the window; an empty answer (no metrics, no
       * value sets) means "no metrics found" in every mode.
       */
      if (self->n_steps != 1 && !(self->n_steps == 0 && self->n_metrics == 0))
        {
          _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, "metric_values",
                                   _("a SUMMARY response has exactly one value set, this one has %u"),
                                   self->n_steps);
          goto failed;
        }
      break;

    case ISC_MODE_CURRENT:
      if (self->n_steps > 1)
        {
          _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, "metric_values",
                                   _("a CURRENT response has at most one value set, this one has %u"),
                                   self->n_steps);
          goto failed;
        }
      break;

    case ISC_MODE_SERIES:
    default:
      break;
    }

  /* Each value takes at least two bytes of a valid body ("0," or "0]"),
   * but the block is sized from the counts of label sets and value sets,
   * which cost two bytes each ("{}"): 600 kB of them could ask for 80 GB.
   * A body too short for its values must fail below, at the first value
   * set that lacks some; until then every value goes to one scratch
   * double.
   */
  if (!g_size_checked_mul (&n_values, self->n_series, self->n_steps) ||
      n_values > body_length / 2)
    {
      self->stride = 0;
      self->values = g_new (double, 1);
    }
  else
    {
      self->stride = self->n_steps;
      self->values = g_new (double, MAX (n_values, 1));
    }
  self->step_starts = g_new0 (gint64, MAX (self->n_steps, 1));

  if (!_isc_value_sets_read (self, bulk, error))
    goto failed;

  if (self->stride == 0 && n_values > 0)
    {
      /* Cannot happen, by the count above; never hand out the scratch. */
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_INVALID, "metric_values",
                               _("fewer values than the descriptors ask for"));
      goto failed;
    }

  if (!check_window (self, error))
    goto failed;

  for (guint k = 0; k < self->n_series; k++)
    {
      self->series[k].values = self->values + (gsize) k * self->n_steps;
      self->series[k].n_values = self->n_steps;
    }

  return self;

failed:
  isc_metrics_response_unref (self);
  return NULL;
}

/* ------------------------------------------------------------------------
 * Entry points
 * ------------------------------------------------------------------------ */

/* A tree built elsewhere is written out and read back: one reader of
 * value sets, and the same rules for a tree as for a body. The trees
 * that come here are small (the error rate derived from one metric).
 */
IscMetricsResponse *
_isc_metrics_response_new_from_node (JsonNode  *root,
                                     GError   **error)
{
  g_autofree char *data = NULL;

  g_return_val_if_fail (root != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  data = json_to_string (root, FALSE);
  return isc_metrics_response_new_from_data (data, -1, error);
}

IscMetricsResponse *
isc_metrics_response_new_from_data (const char  *data,
                                    gssize       length,
                                    GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *rest = NULL;
  IscScanInfo info = { 0 };
  IscValueSetBytes bulk = { 0 };
  gboolean use_bulk;
  gsize rest_length = 0;
  JsonNode *root;
  gboolean loaded;
  gint64 deadline_us;
  IscMetricsResponse *response;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = (gssize) strlen (data);

  if (length == 0)
    {
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL, _("the response is empty"));
      return NULL;
    }

  deadline_us = g_get_monotonic_time () + decode_deadline_us ();
  if (!_isc_json_scan (data, (gsize) length, &info, deadline_us, error))
    return NULL;

  use_bulk = info.has_values && data[info.values_start] == '[';
  if (use_bulk)
    {
      bulk.data = data;
      bulk.start = info.values_start;
      bulk.end = info.values_end;
      bulk.n_value_sets = info.n_value_sets;
    }

  parser = json_parser_new ();

  if (info.elisions != NULL)
    {
      /* The body without what the tree need not hold: metric_values
       * becomes [], unknown members go, and an array or object where the
       * schema reads a string or a number becomes an empty one. */
      g_autoptr(GArray) elisions = g_steal_pointer (&info.elisions);
      GString *kept = g_string_sized_new ((gsize) length + 1);
      gsize at = 0;

      for (guint k = 0; k < elisions->len; k++)
        {
          const IscScanElision *e = &g_array_index (elisions, IscScanElision, k);

          g_string_append_len (kept, data + at, (gssize) (e->start - at));
          if (e->replacement != NULL)
            g_string_append (kept, e->replacement);
          at = e->end;
        }
      g_string_append_len (kept, data + at, (gssize) ((gsize) length - at));

      rest_length = kept->len;
      rest = g_string_free (kept, FALSE);
      loaded = json_parser_load_from_data (parser, rest, (gssize) rest_length, &local_error);
    }
  else
    loaded = json_parser_load_from_data (parser, data, length, &local_error);

  if (!loaded)
    {
      /* The scan should have caught it; keep json-glib's word for it. */
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL, "%s", local_error->message);
      return NULL;
    }

  if (_isc_response_past_deadline (deadline_us, error))
    return NULL;

  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      _isc_response_set_error (error, ISC_RESPONSE_ERROR_SYNTAX, NULL, _("the response is empty"));
      return NULL;
    }

  response = decode_tree (root, use_bulk ? &bulk : NULL, (gsize) length, error);
  if (response != NULL && _isc_response_past_deadline (deadline_us, error))
    g_clear_pointer (&response, isc_metrics_response_unref);
  return response;
}
