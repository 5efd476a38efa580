/* isc-export-image.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The image formats of `inferscope export`: --format png|svg|pdf with
 * --size WxH (each chart's cell, logical pixels), --scale (PNG pixels per
 * logical pixel), --theme light|dark and --columns N (a dashboard grid of
 * every metric in the response). The charts are the chart layer's, so the
 * file shows what the window shows, and the window's two display switches
 * are here too: --utc (the time axis in UTC) and --counters rate|totals.
 * A counter of requests by status is followed by its "Error rate" chart,
 * as in the window.
 * A header line across the top says what the image shows: the model, the
 * deployment or environment (or the saved file), the range, the time zone
 * and when it was made (SOURCE_DATE_EPOCH, if set, for the last).
 */

#define G_LOG_DOMAIN "isc-export"

#include "config.h"

#include <stdlib.h>
#include <glib/gi18n.h>

#include "isc-chart-export.h"
#include "isc-chart-slots.h"
#include "isc-export-private.h"

#define DEFAULT_WIDTH  1200
#define DEFAULT_HEIGHT 600

void
_isc_export_image_add_options (GOptionGroup     *group,
                               IscExportOptions *options)
{
  const GOptionEntry entries[] = {
    { "size", 0, 0, G_OPTION_ARG_STRING, &options->size_name,
      N_("Each chart’s size in pixels, WIDTHxHEIGHT (default: 1200x600)"), N_("WxH") },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &options->scale,
      N_("Pixels per chart pixel in a PNG, for HiDPI or print (default: 1)"), N_("SCALE") },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &options->theme_name,
      N_("light or dark (default: light)"), N_("THEME") },
    { "columns", 0, 0, G_OPTION_ARG_INT, &options->columns,
      N_("Lay the charts out in N columns (default: 1)"), N_("N") },
    { "utc", 0, 0, G_OPTION_ARG_NONE, &options->utc,
      N_("Draw the time axis in UTC instead of local time (CSV times are always UTC)"), NULL },
    { "counters", 0, 0, G_OPTION_ARG_STRING, &options->counters_name,
      N_("Draw counters as a rate per second or as the total of each step: rate or totals (default: rate)"), N_("HOW") },
    { NULL }
  };

  g_option_group_add_entries (group, entries);
}

const char *
_isc_export_image_get_usage (void)
{
  return "[--utc] [--counters rate|totals]";
}

static gboolean
parse_size (const char *str,
            int        *width,
            int        *height)
{
  char *end = NULL;
  gint64 w, h;

  w = g_ascii_strtoll (str, &end, 10);
  if (end == str || (*end != 'x' && *end != 'X'))
    return FALSE;
  str = end + 1;
  h = g_ascii_strtoll (str, &end, 10);
  if (end == str || *end != '\0')
    return FALSE;
  if (w < 16 || h < 16 || w > 16384 || h > 16384)
    return FALSE;
  *width = (int)w;
  *height = (int)h;
  return TRUE;
}

gboolean
_isc_export_image_check (IscExportOptions  *options,
                         GError           **error)
{
  gboolean image = options->format != ISC_EXPORT_FORMAT_CSV;

  if (!image &&
      (options->size_name != NULL || options->scale != 0 ||
       options->theme_name != NULL || options->columns != 0))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--size, --scale, --theme and --columns apply to png, svg and pdf only"));
      return FALSE;
    }

  /* CSV holds each step's total as sent: asking it for rates would be
   * answered by silently ignoring the request. --utc, though, is simply
   * true of CSV already, so a script may pass it to every format. */
  if (!image && options->counters_name != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--counters applies to png, svg and pdf only: CSV holds each step’s total as sent"));
      return FALSE;
    }

  options->counter_display = ISC_COUNTER_DISPLAY_RATE;
  if (options->counters_name != NULL)
    {
      if (g_ascii_strcasecmp (options->counters_name, "totals") == 0)
        options->counter_display = ISC_COUNTER_DISPLAY_TOTALS;
      else if (g_ascii_strcasecmp (options->counters_name, "rate") != 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown counter display “%s”: use rate or totals"), options->counters_name);
          return FALSE;
        }
    }

  options->width = DEFAULT_WIDTH;
  options->height = DEFAULT_HEIGHT;
  if (options->size_name != NULL &&
      !parse_size (options->size_name, &options->width, &options->height))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Bad size “%s”: use WIDTHxHEIGHT, each from 16 to 16384, e.g. 1200x600"),
                   options->size_name);
      return FALSE;
    }

  if (options->scale == 0)
    options->scale = 1;
  else if (!(options->scale >= 0.1 && options->scale <= 16))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Bad scale %g: use a number from 0.1 to 16"), options->scale);
      return FALSE;
    }

  options->theme = ISC_CHART_THEME_LIGHT;
  if (options->theme_name != NULL)
    {
      if (g_ascii_strcasecmp (options->theme_name, "dark") == 0)
        options->theme = ISC_CHART_THEME_DARK;
      else if (g_ascii_strcasecmp (options->theme_name, "light") != 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown theme “%s”: use light or dark"), options->theme_name);
          return FALSE;
        }
    }

  if (options->columns == 0)
    options->columns = 1;
  else if (options->columns < 1 || options->columns > 64)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Bad column count %d: use 1 to 64"), options->columns);
      return FALSE;
    }

  return TRUE;
}

GPtrArray *
_isc_export_image_create_charts (const IscExportOptions *options,
                                 IscMetricsResponse     *response)
{
  g_autoptr(GPtrArray) charts = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GTimeZone) utc = NULL;
  g_autoptr(GArray) slots = isc_chart_slots_new (response);
  const IscChartStyle *style = isc_chart_style_get_default (options->theme);

  if (options->utc)
    utc = g_time_zone_new_utc ();

  /* The window's charts in the window's order. */
  for (guint i = 0; i < slots->len; i++)
    {
      const IscChartSlot *slot = &g_array_index (slots, IscChartSlot, i);
      g_autoptr(IscChartModel) model = isc_chart_slot_new_model (slot, response, options->counter_display);
      IscChart *chart;

      if (model != NULL && options->compare != NULL)
        {
          g_autoptr(IscChartModel) other = isc_chart_model_new_like (model, options->compare);

          isc_chart_model_set_compare (model, other, options->live.shift_ms, options->live.compare_label);
        }
      isc_chart_annotations_apply (options->annotations, model);
      chart = isc_chart_new (model);
      isc_chart_set_style (chart, style);
      /* NULL is local time, the chart's default. */
      isc_chart_set_time_zone (chart, utc);
      g_ptr_array_add (charts, chart);
    }

  return g_steal_pointer (&charts);
}

/* What the image's header says: the model, the deployment or environment
 * and the range as asked (a saved response says its file), the zone of
 * the time axes. */
static void
export_context_init (IscChartExportContext   *context,
                     const IscExportOptions  *options,
                     char                   **range,
                     char                   **target,
                     GTimeZone              **tz)
{
  const IscExportLiveOptions *live = &options->live;
  const char *epoch = g_getenv ("SOURCE_DATE_EPOCH");

  *context = (IscChartExportContext) { 0 };
  /* The reproducible-builds convention: a fixed "made" time makes the
   * same input draw the same bytes. */
  if (epoch != NULL && g_ascii_strtoll (epoch, NULL, 10) > 0)
    context->made_at_ms = g_ascii_strtoll (epoch, NULL, 10) * 1000;
  *tz = options->utc ? g_time_zone_new_utc () : g_time_zone_new_local ();
  context->time_zone = *tz;
  context->model = live->model;
  if (live->environment != NULL)
    /* Translators: the header of an exported image */
    *target = g_strdup_printf (_("environment %s"), live->environment);
  else if (live->deployment != NULL)
    /* Translators: the header of an exported image */
    *target = g_strdup_printf (_("deployment %s"), live->deployment);
  else if (options->input != NULL)
    /* Translators: the header of an image exported from a saved response */
    *target = g_strdup_printf (_("from %s"), g_strcmp0 (options->input, "-") == 0 ? _("standard input")
                                                                                 : options->input);
  context->target = *target;
  if (live->mode_name != NULL && g_ascii_strcasecmp (live->mode_name, "current") == 0)
    /* Translators: the range in the header of an exported CURRENT snapshot */
    *range = g_strdup (_("now"));
  else if (live->model != NULL && live->start_text == NULL)
    {
      /* The API's default window is the last hour. */
      g_autoptr(IscTimeRange) parsed = isc_time_range_new_parse (live->range_name != NULL ? live->range_name
                                                                                          : "1h");

      if (parsed != NULL)
        *range = isc_time_range_describe_in_zone (parsed, g_get_real_time () / 1000, *tz, FALSE);
    }
  context->range = *range;
}

GBytes *
_isc_export_image_render (const IscExportOptions  *options,
                          IscMetricsResponse      *response,
                          GError                 **error)
{
  g_autoptr(GPtrArray) charts = NULL;
  g_autofree char *range = NULL;
  g_autofree char *target = NULL;
  g_autoptr(GTimeZone) tz = NULL;
  IscChartExportContext context;
  guint n_metrics = isc_metrics_response_get_n_metrics (response);
  IscChartFormat format;

  switch (options->format)
    {
    case ISC_EXPORT_FORMAT_SVG:
      format = ISC_CHART_FORMAT_SVG;
      break;
    case ISC_EXPORT_FORMAT_PDF:
      format = ISC_CHART_FORMAT_PDF;
      break;
    case ISC_EXPORT_FORMAT_PNG:
    case ISC_EXPORT_FORMAT_CSV:
    default:
      format = ISC_CHART_FORMAT_PNG;
      break;
    }

  if (n_metrics == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("The response has no metrics to draw"));
      return NULL;
    }

  charts = _isc_export_image_create_charts (options, response);
  export_context_init (&context, options, &range, &target, &tz);

  return isc_chart_export_to_bytes_with_context ((IscChart * const *)charts->pdata, charts->len,
                                                 options->columns, format, options->width, options->height,
                                                 options->scale, &context, error);
}
