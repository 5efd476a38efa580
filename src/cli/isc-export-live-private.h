/* isc-export-live-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-chart-annotations.h"
#include "isc-client.h"
#include "isc-credentials.h"
#include "isc-demo-server.h"
#include "isc-target-annotations.h"
#include "isc-metrics-response.h"
#include "isc-query.h"

G_BEGIN_DECLS

/* The live source of `inferscope export`: one query against the Baseten
 * API (--base-url, the key from BASETEN_API_KEY or the keyring) or against
 * the simulated API started in-process (--demo, no key).
 */

typedef struct
{
  /* As given */
  char     *model;
  char     *deployment;
  char     *environment;
  char     *mode_name;
  char     *range_name;
  char     *start_text;
  char     *end_text;
  char     *metrics_text;
  char     *base_url;
  gboolean  demo;
  /* Compare (--compare-to TARGET | --shift 1h|1d|1w) */
  char     *compare_to;
  char     *shift_name;

  /* As checked */
  IscQuery *query;
  /* The compared query (the same shape, of the other target or shifted
   * back), how far back, and what its series add to their labels
   * ("last week", "d7"); NULL and 0 without a compare. */
  IscQuery *compare_query;
  gint64    shift_ms;
  char     *compare_label;
} IscExportLiveOptions;

#define ISC_EXPORT_LIVE_USAGE \
  "--model ID (--deployment ID | --environment NAME) [--mode MODE] " \
  "[--range RANGE | --start TIME --end TIME] [--metrics A,B,…] [--base-url URL | --demo] " \
  "[--compare-to TARGET | --shift 1h|1d|1w]"

void                _isc_export_live_options_clear (IscExportLiveOptions        *live);
void                _isc_export_live_add_options   (GOptionGroup                *group,
                                                    IscExportLiveOptions        *live);
/* Whether any live option was given. */
gboolean            _isc_export_live_is_requested  (const IscExportLiveOptions  *live);
/* Bad usage is a G_OPTION_ERROR. @utc: --start and --end without a zone
 * are UTC (--utc), else local time, the zone the images draw in. */
gboolean            _isc_export_live_check         (IscExportLiveOptions        *live,
                                                    gboolean                     utc,
                                                    GError                     **error);
/* Any failure is the client's message, in ISC_API_ERROR. */
IscMetricsResponse *_isc_export_live_load          (const IscExportLiveOptions  *live,
                                                    GCancellable                *cancellable,
                                                    GError                     **error);

/* The same, and when @annotations is not NULL and the response is a
 * SERIES, what discovery says of the target (its environment or
 * deployment, with the same client) as reference lines and markers
 * (isc_target_annotations_new_for_environment(), _for_deployment()).
 * Discovery fails soft: bounded by ISC_EXPORT_DISCOVERY_TIMEOUT_MS, and
 * any failure leaves *annotations NULL and the response as it is. */
#define ISC_EXPORT_DISCOVERY_TIMEOUT_MS 10000
IscMetricsResponse *_isc_export_live_load_annotated (const IscExportLiveOptions  *live,
                                                     IscChartAnnotations        **annotations,
                                                     GCancellable                *cancellable,
                                                     GError                     **error);

/* The compared response of live->compare_query, with the same API and
 * key as the main one; a failure says which target or shift could not be
 * loaded, in the client's words. */
IscMetricsResponse *_isc_export_live_load_compare   (const IscExportLiveOptions  *live,
                                                     GCancellable                *cancellable,
                                                     GError                     **error);

/* A refused key's message (ISC_API_ERROR_KEY_REFUSED) names where the key
 * came from, the environment or the keyring, so a person knows which one
 * to fix; `inferscope logs` says it the same way. */
IscClient          *_isc_export_live_open_client    (const IscExportLiveOptions  *live,
                                                     IscDemoServer             **demo,
                                                     char                      **api_key,
                                                     IscKeySource               *key_source,
                                                     GCancellable               *cancellable,
                                                     GError                    **error);
void                _isc_export_live_close_client   (GMainContext               *context,
                                                     IscClient                 **client,
                                                     IscDemoServer             **demo,
                                                     char                      **api_key);

void                _isc_export_live_say_key_source (GError                 *error,
                                                     IscKeySource            source,
                                                     const char             *base_url);

/* --start or --end (@option) read as ISO 8601 into epoch ms, a time
 * without a zone in @zone, as the window reads one; a G_OPTION_ERROR in
 * words otherwise. `inferscope logs` reads its times the same way. */
gboolean            _isc_export_live_parse_time     (const char             *text,
                                                     const char             *option,
                                                     GTimeZone              *zone,
                                                     gint64                 *ms,
                                                     GError                **error);

G_END_DECLS
