/* isc-demo-server-metrics.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* IscDemoServer's metrics endpoint: reads and checks the query as
 * baseten-api.md says Baseten does, then has the data generator build
 * the answer.
 */

#define G_LOG_DOMAIN "isc-demo-server"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-catalogue.h"
#include "isc-demo-generator-private.h"
#include "isc-demo-server-private.h"

typedef struct
{
  char      *mode;
  char      *start;
  char      *end;
  GPtrArray *metrics;
  char      *repeated;  /* a key given twice that may be given once */
} MetricsQuery;

static void
metrics_query_clear (MetricsQuery *q)
{
  g_free (q->mode);
  g_free (q->start);
  g_free (q->end);
  g_free (q->repeated);
  g_clear_pointer (&q->metrics, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MetricsQuery, metrics_query_clear)

/* The raw query: `metrics` repeats, so no hash table will do. */
static void
metrics_query_parse (MetricsQuery *q,
                     const char   *query)
{
  q->metrics = g_ptr_array_new_with_free_func (g_free);
  {
    const IscDemoQueryField fields[] = {
      { "metrics", NULL, q->metrics },
      { "mode", &q->mode, NULL },
      { "start_epoch_millis", &q->start, NULL },
      { "end_epoch_millis", &q->end, NULL },
    };

    q->repeated = _isc_demo_server_parse_query (query, fields, G_N_ELEMENTS (fields));
  }
}

static gboolean
parse_millis (const char *text,
              gint64     *out)
{
  gint64 value;

  if (!g_ascii_string_to_signed (text, 10, 0, G_MAXINT64 / 2, &value, NULL))
    return FALSE;

  *out = value;
  return TRUE;
}

void
_isc_demo_server_handle_metrics (IscDemoServer            *self,
                                 SoupServerMessage        *msg,
                                 const IscDemoFault       *fault,
                                 const IscDemoDeployment  *dep,
                                 const IscDemoEnvironment *env)
{
  g_auto(MetricsQuery) q = { 0 };
  IscDemoMetricsRequest request = { 0 };
  gint64 now = _isc_demo_server_now_ms (self);
  gint64 start = 0, end = 0;
  GBytes *body;

  metrics_query_parse (&q, g_uri_get_query (soup_server_message_get_uri (msg)));

  if (q.repeated != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("“%s” may be given only once"), q.repeated);

      _isc_demo_server_reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR", message);
      return;
    }

  request.mode = ISC_MODE_CURRENT;
  if (q.mode != NULL && !isc_mode_from_string (q.mode, &request.mode))
    {
      g_autofree char *message =
        g_strdup_printf (_("Unknown mode “%s”: use CURRENT, SUMMARY or SERIES"), q.mode);

      _isc_demo_server_reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR", message);
      return;
    }

  if ((q.start != NULL && !parse_millis (q.start, &start)) ||
      (q.end != NULL && !parse_millis (q.end, &end)))
    {
      const char *which = (q.start != NULL && !parse_millis (q.start, &start))
                          ? "start_epoch_millis" : "end_epoch_millis";
      g_autofree char *message =
        g_strdup_printf (_("“%s” must be a whole number of milliseconds since the epoch"), which);

      _isc_demo_server_reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR", message);
      return;
    }

  if (request.mode == ISC_MODE_CURRENT && (q.start != NULL || q.end != NULL))
    {
      _isc_demo_server_reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR",
                   _("CURRENT is a snapshot at now: it takes no start_epoch_millis or end_epoch_millis"));
      return;
    }

  if (q.end == NULL)
    end = now;
  if (q.start == NULL)
    start = end - 3600 * 1000;

  if (request.mode != ISC_MODE_CURRENT)
    {
      if (start >= end)
        {
          _isc_demo_server_reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR",
                       _("start_epoch_millis must be before end_epoch_millis"));
          return;
        }
      if (end - start > _ISC_DEMO_MAX_WINDOW_MS)
        {
          _isc_demo_server_reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR",
                       _("The window may not be longer than 7 days"));
          return;
        }
    }

  for (guint i = 0; i < q.metrics->len; i++)
    {
      const char *name = g_ptr_array_index (q.metrics, i);

      if (isc_catalogue_lookup (name) == NULL || _isc_demo_server_metric_unknown (self, name))
        {
          g_autofree char *message = g_strdup_printf (_("Unknown metric “%s”"), name);

          _isc_demo_server_reply_error (self, msg, fault, SOUP_STATUS_BAD_REQUEST, "VALIDATION_ERROR", message);
          return;
        }
    }

  /* An answer to another question: a summary for a series or a
   * snapshot, a series for a summary. */
  if (fault->other_mode)
    request.mode = request.mode == ISC_MODE_SUMMARY ? ISC_MODE_SERIES : ISC_MODE_SUMMARY;

  request.start_ms = start;
  request.end_ms = end;
  request.now_ms = now;
  request.metrics = q.metrics;
  request.dense = fault->dense;

  body = _isc_demo_generator_build (self->seed, dep, env, &request);
  _isc_demo_server_reply (self, msg, fault, SOUP_STATUS_OK, "application/json", body, 0);
}

