/* isc-chart-export.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-export"

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "isc-chart-export.h"
#include "isc-chart-png.h"

G_DEFINE_QUARK (isc-chart-export-error-quark, isc_chart_export_error)

/* Big enough for any poster, small enough that a typo does not allocate
 * gigabytes. */
#define MAX_PIXELS (16384.0 * 16384.0)

gboolean
isc_chart_format_from_string (const char     *str,
                              IscChartFormat *format)
{
  if (str == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (str, "png") == 0)
    *format = ISC_CHART_FORMAT_PNG;
  else if (g_ascii_strcasecmp (str, "svg") == 0)
    *format = ISC_CHART_FORMAT_SVG;
  else if (g_ascii_strcasecmp (str, "pdf") == 0)
    *format = ISC_CHART_FORMAT_PDF;
  else
    return FALSE;
  return TRUE;
}

const char *
isc_chart_format_to_string (IscChartFormat format)
{
  switch (format)
    {
    case ISC_CHART_FORMAT_SVG:
      return "svg";
    case ISC_CHART_FORMAT_PDF:
      return "pdf";
    case ISC_CHART_FORMAT_PNG:
    default:
      return "png";
    }
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
draw_grid (cairo_t          *cr,
           IscChart * const *charts,
           guint             n_charts,
           guint             columns,
           int               width,
           int               height)
{
  /* A dashboard is one picture: empty cells take the first chart's
   * background rather than showing through. */
  isc_chart_style_set_source (cr, &isc_chart_get_style (charts[0])->background);
  cairo_paint (cr);

  for (guint i = 0; i < n_charts; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, (i % columns) * width, (i / columns) * height);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_clip (cr);
      isc_chart_draw (charts[i], cr, width, height);
      cairo_restore (cr);
    }
}

GBytes *
isc_chart_export_to_bytes (IscChart * const *charts,
                           guint             n_charts,
                           guint             columns,
                           IscChartFormat    format,
                           int               width,
                           int               height,
                           double            scale,
                           GError          **error)
{
  g_autoptr(GByteArray) out = NULL;
  cairo_surface_t *surface = NULL;
  cairo_status_t status;
  cairo_t *cr;
  guint rows;
  int total_w, total_h;

  g_return_val_if_fail (charts != NULL || n_charts == 0, NULL);

  if (n_charts == 0)
    {
      g_set_error_literal (error, ISC_CHART_EXPORT_ERROR, ISC_CHART_EXPORT_ERROR_INVALID,
                           _("There is no chart to export"));
      return NULL;
    }
  columns = CLAMP (columns, 1, n_charts);
  rows = (n_charts + columns - 1) / columns;
  total_w = width * columns;
  total_h = height * rows;

  if (width < 16 || height < 16 || !(scale >= 0.1 && scale <= 16) ||
      (double)total_w * scale * (double)total_h * scale > MAX_PIXELS)
    {
      g_set_error (error, ISC_CHART_EXPORT_ERROR, ISC_CHART_EXPORT_ERROR_INVALID,
                   _("Cannot draw an image of %d×%d at scale %g"), total_w, total_h, scale);
      return NULL;
    }

  out = g_byte_array_new ();
  switch (format)
    {
    case ISC_CHART_FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (append_bytes, out, total_w, total_h);
      break;
    case ISC_CHART_FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (append_bytes, out, total_w, total_h);
      break;
    case ISC_CHART_FORMAT_PNG:
    default:
      /* Charts are opaque: RGB without alpha writes a smaller PNG, faster. */
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                            (int)ceil (total_w * scale), (int)ceil (total_h * scale));
      break;
    }

  cr = cairo_create (surface);
  if (format == ISC_CHART_FORMAT_PNG)
    cairo_scale (cr, scale, scale);
  draw_grid (cr, charts, n_charts, columns, width, height);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (status == CAIRO_STATUS_SUCCESS && format == ISC_CHART_FORMAT_PNG)
    {
      g_autoptr(GBytes) png = isc_chart_png_encode (surface, 96.0 * scale, NULL);

      if (png == NULL)
        status = CAIRO_STATUS_WRITE_ERROR;
      else
        g_byte_array_append (out, g_bytes_get_data (png, NULL), g_bytes_get_size (png));
    }
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, ISC_CHART_EXPORT_ERROR, ISC_CHART_EXPORT_ERROR_FAILED,
                   _("Cannot draw the charts: %s"), cairo_status_to_string (status));
      return NULL;
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

gboolean
isc_chart_export_to_file (IscChart * const *charts,
                          guint             n_charts,
                          guint             columns,
                          IscChartFormat    format,
                          int               width,
                          int               height,
                          double            scale,
                          const char       *path,
                          GError          **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  gconstpointer data;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, FALSE);

  bytes = isc_chart_export_to_bytes (charts, n_charts, columns, format, width, height, scale, error);
  if (bytes == NULL)
    return FALSE;

  /* Written beside path and renamed over it when complete. */
  data = g_bytes_get_data (bytes, &length);
  if (!g_file_set_contents_full (path, data, length, G_FILE_SET_CONTENTS_CONSISTENT, 0666, &local_error))
    {
      g_set_error (error, ISC_CHART_EXPORT_ERROR, ISC_CHART_EXPORT_ERROR_FAILED,
                   _("Cannot write %s: %s"), path, local_error->message);
      return FALSE;
    }

  return TRUE;
}
