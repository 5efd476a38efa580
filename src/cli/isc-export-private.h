/* isc-export-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-chart-types.h"
#include "isc-cost.h"
#include "isc-export-live-private.h"
#include "isc-metrics-response.h"

G_BEGIN_DECLS

/* The parts of `inferscope export` and how they fit; see the comment at the
 * top of isc-export.c for where a new source or format plugs in.
 *
 * Errors: a GError in the G_OPTION_ERROR domain is bad usage (exit status
 * 2, with a usage line); any other error is a failure (exit status 1).
 */

typedef enum
{
  ISC_EXPORT_FORMAT_CSV,
  ISC_EXPORT_FORMAT_PNG,
  ISC_EXPORT_FORMAT_SVG,
  ISC_EXPORT_FORMAT_PDF,
} IscExportFormat;

typedef struct _IscExportCost IscExportCost;

typedef struct
{
  /* Source: a saved response, --input FILE ("-" is standard input). */
  char            *input;
  /* Live sources (--model, --deployment, --environment, --mode, --range,
   * --start, --end, --metrics, --base-url, --demo): isc-export-live.c. */
  IscExportLiveOptions live;

  /* Sink: --format and -o/--output (NULL or "-" is standard output). */
  char            *format_name;
  IscExportFormat  format;
  char            *output;
  /* Image options (isc-export-image.c): --size, --scale, --theme,
   * --columns as given, and as checked. */
  char            *size_name;
  double           scale;
  char            *theme_name;
  int              columns;
  int              width;
  int              height;
  IscChartTheme    theme;
  /* Display switches of the images (isc-export-image.c): --utc draws the
   * time axis in UTC rather than local time; --counters rate|totals draws
   * a COUNTER per second (the default) or as each step's total. */
  gboolean         utc;
  char            *counters_name;
  IscCounterDisplay counter_display;

  /* Loaded with the response (isc-export.c, for images of a live SERIES):
   * the target's reference lines and markers, or NULL. */
  IscChartAnnotations *annotations;
  /* Loaded after it with --compare-to or --shift (isc-export.c): the
   * compared response, overlaid on the images as dashed series and added
   * to the CSV as columns of their own; NULL without. */
  IscMetricsResponse *compare;
  /* --cost (CSV of a live source): loaded after the response
   * (isc-export-cost.c); NULL without. */
  gboolean         cost;
  IscExportCost   *cost_data;

  gboolean         help;
} IscExportOptions;

void                _isc_export_options_clear      (IscExportOptions       *options);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (IscExportOptions, _isc_export_options_clear)

/* isc-export-source.c: where the response comes from. */
void                _isc_export_source_add_options (GOptionGroup           *group,
                                                    IscExportOptions       *options);
const char         *_isc_export_source_get_usage   (void);
gboolean            _isc_export_source_check       (IscExportOptions       *options,
                                                    GError                **error);
IscMetricsResponse *_isc_export_source_load        (const IscExportOptions *options,
                                                    GCancellable           *cancellable,
                                                    GError                **error);
/* The same, with the target's annotations from discovery when the source
 * is live and @annotations not NULL (see _isc_export_live_load_annotated()). */
IscMetricsResponse *_isc_export_source_load_annotated (const IscExportOptions *options,
                                                       IscChartAnnotations   **annotations,
                                                       GCancellable           *cancellable,
                                                       GError                **error);
/* The bytes of a saved response, FILE or "-" for standard input: at most
 * ISC_CLIENT_MAX_BODY_BYTES (else ISC_API_ERROR_TOO_LARGE), within 5
 * minutes and with no pause over 30 s (else G_IO_ERROR_TIMED_OUT). */
GBytes             *_isc_export_read_input         (const char             *input,
                                                    GCancellable           *cancellable,
                                                    GError                **error);
/* For tests: other limits for _isc_export_read_input (). */
void                _isc_export_source_set_limits  (gsize                   max_bytes,
                                                    guint                   idle_timeout_ms,
                                                    guint                   total_timeout_ms);

/* isc-export-sink.c: what is written, and where. */
void                _isc_export_sink_add_options   (GOptionGroup           *group,
                                                    IscExportOptions       *options);
const char         *_isc_export_sink_get_usage     (void);
gboolean            _isc_export_sink_check         (IscExportOptions       *options,
                                                    GError                **error);
gboolean            _isc_export_sink_write         (const IscExportOptions *options,
                                                    IscMetricsResponse     *response,
                                                    GCancellable           *cancellable,
                                                    GError                **error);
/* Writes @bytes to @output whole or not at all: a file is replaced
 * atomically (a temporary file in the same folder, then a rename), so a
 * failed or cancelled run leaves no partial file and an old file
 * untouched. A character device, FIFO or socket that exists is written in
 * place, never replaced. NULL or "-" is standard output. */
gboolean            _isc_export_write_bytes        (const char             *output,
                                                    GBytes                 *bytes,
                                                    GCancellable           *cancellable,
                                                    GError                **error);

/* isc-export-sink.c: the CSV of @response, with @options' compared
 * response's series as more columns, each value at its row's time minus
 * the shift, named "metric{labels} (last week)". */
GBytes             *_isc_export_sink_csv           (const IscExportOptions *options,
                                                    IscMetricsResponse     *response);

/* isc-export-cost.c: --cost. The billing summary, the prices and the
 * target's instance type from the live source's API, and the cost over
 * @response's window; NULL with @error on a failure (a key that may not
 * read billing is not one: said on stderr, and all is estimated). */
IscExportCost      *_isc_export_cost_load          (const IscExportLiveOptions *live,
                                                    IscMetricsResponse     *response,
                                                    GCancellable           *cancellable,
                                                    GError                **error);
void                _isc_export_cost_free          (IscExportCost          *cost);
const IscCost      *_isc_export_cost_get           (const IscExportCost    *cost);
/* @csv (one row per step of @response) with the two cost columns. */
GBytes             *_isc_export_cost_append_columns (const IscExportCost    *cost,
                                                     IscMetricsResponse     *response,
                                                     GBytes                 *csv);

/* isc-export-image.c: PNG, SVG and PDF through the chart layer. */
void                _isc_export_image_add_options  (GOptionGroup           *group,
                                                    IscExportOptions       *options);
gboolean            _isc_export_image_check        (IscExportOptions       *options,
                                                    GError                **error);
GBytes             *_isc_export_image_render       (const IscExportOptions *options,
                                                    IscMetricsResponse     *response,
                                                    GError                **error);
/* The usage of the display switches, "[--utc] [--counters rate|totals]". */
const char         *_isc_export_image_get_usage    (void);
/* One IscChart per metric of @response, styled and switched as @options
 * say (after _isc_export_image_check ()); what _isc_export_image_render ()
 * draws. */
GPtrArray          *_isc_export_image_create_charts (const IscExportOptions *options,
                                                     IscMetricsResponse     *response);

/* isc-export.c: steps 1 and 2, parse and check, as isc_export_main () runs
 * them; argv[0] is "export". FALSE with a G_OPTION_ERROR on bad usage. */
gboolean            _isc_export_parse_options      (IscExportOptions       *options,
                                                    int                     argc,
                                                    char                  **argv,
                                                    GError                **error);

G_END_DECLS
