/* isc-chart-export.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-chart-export"

#include "config.h"

#include <math.h>
#include <string.h>
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

/* Text is measured as the charts measure it: unhinted, at 96 dpi. */
static PangoContext *
create_pango (void)
{
  PangoContext *pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (pango, options);
  cairo_font_options_destroy (options);
  pango_cairo_context_set_resolution (pango, 96);
  return pango;
}

static GDateTime *
date_time_in (GTimeZone *tz,
              gint64     ms)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (ms / 1000);

  if (utc == NULL)
    return NULL;
  return g_date_time_to_timezone (utc, tz);
}

/* A date as the locale writes it, isolated (FSI … PDI): in ar_EG, fa_IR
 * or he_IL its month name is right-to-left, and without the isolate the
 * bidi algorithm would run it together with its neighbours, so that a
 * window's end read before its start. */
static char *
format_isolated (GDateTime  *when,
                 const char *format)
{
  g_autofree char *text = g_date_time_format (when, format);

  return g_strconcat ("\u2068", text != NULL ? text : "", "\u2069", NULL);
}

/* "30 Nov 2026 12:31 – 1 Dec 12:31", the end's date only when it differs. */
static char *
format_window (GTimeZone *tz,
               gint64     start_ms,
               gint64     end_ms)
{
  g_autoptr(GDateTime) start = date_time_in (tz, start_ms);
  g_autoptr(GDateTime) end = date_time_in (tz, end_ms);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  if (start == NULL || end == NULL)
    return NULL;
  /* Translators: the start of an exported image's time window, e.g.
   * "30 Nov 2026 12:31"; see g_date_time_format() for the codes. */
  a = format_isolated (start, _("%-d %b %Y %H:%M"));
  if (g_date_time_get_year (start) == g_date_time_get_year (end) &&
      g_date_time_get_day_of_year (start) == g_date_time_get_day_of_year (end))
    /* Translators: the end of an exported image's time window on the day
     * it began, e.g. "12:31"; see g_date_time_format() for the codes. */
    b = format_isolated (end, _("%H:%M"));
  else
    /* Translators: the end of an exported image's time window on another
     * day, e.g. "1 Dec 12:31"; see g_date_time_format() for the codes. */
    b = format_isolated (end, _("%-d %b %H:%M"));
  /* Translators: a time window, from its start to its end */
  return g_strdup_printf (_("%s – %s"), a, b);
}

/* "CET, UTC+01:00": the zone's name and offset at @when. */
static char *
format_zone_state (GDateTime *when)
{
  g_autofree char *abbrev = g_date_time_format (when, "%Z");
  g_autofree char *offset = g_date_time_format (when, "%:z");

  return g_strdup_printf ("%s, UTC%s", abbrev, offset);
}

/* "UTC", or "Europe/Berlin (CET, UTC+01:00)" for the zone from @first to
 * @last; both states when the offset changes between them (a window
 * across a change to or from summer time): "Europe/Berlin (CEST,
 * UTC+02:00, then CET, UTC+01:00)". Baseten's windows are at most 7 days
 * long, so at most one change lies within one. */
static char *
format_zone (GTimeZone *tz,
             GDateTime *first,
             GDateTime *last)
{
  const char *id = g_time_zone_get_identifier (tz);
  g_autofree char *abbrev = g_date_time_format (first, "%Z");
  g_autofree char *state = format_zone_state (first);

  if (last != NULL &&
      g_date_time_get_utc_offset (last) != g_date_time_get_utc_offset (first))
    {
      g_autofree char *before = g_steal_pointer (&state);
      g_autofree char *after = format_zone_state (last);

      /* Translators: the time zone's name and offset at the start of an
       * exported image's window, then at its end, e.g. "CEST, UTC+02:00,
       * then CET, UTC+01:00" */
      state = g_strdup_printf (_("%s, then %s"), before, after);
    }
  else if (g_strcmp0 (id, "UTC") == 0 || g_strcmp0 (id, "Etc/UTC") == 0 ||
           (g_date_time_get_utc_offset (first) == 0 && g_strcmp0 (abbrev, "UTC") == 0))
    return g_strdup ("UTC");

  if (id == NULL || *id == '\0' || g_strcmp0 (id, "Local") == 0 || id[0] == ':' || id[0] == '/')
    return g_steal_pointer (&state);
  return g_strdup_printf ("%s (%s)", id, state);
}

/* The window asked for, as the response says it (a CURRENT snapshot has
 * none). */
static gboolean
get_window (IscChart * const *charts,
            guint             n_charts,
            gint64           *start_ms,
            gint64           *end_ms)
{
  IscChartModel *model = n_charts > 0 ? isc_chart_get_model (charts[0]) : NULL;
  IscMetricsResponse *response = model != NULL ? isc_chart_model_get_response (model) : NULL;

  if (response == NULL)
    return FALSE;
  *start_ms = isc_metrics_response_get_start_ms (response);
  *end_ms = isc_metrics_response_get_end_ms (response);
  return *start_ms > 0 && *end_ms > *start_ms;
}

/* The model, the target and the range, as the header and the title begin. */
static void
append_what (GString                     *out,
             const IscChartExportContext *context,
             IscChart * const            *charts,
             guint                        n_charts,
             GTimeZone                   *tz)
{
  g_autofree char *window = NULL;
  gint64 start_ms, end_ms;

  if (context->model != NULL)
    g_string_append (out, context->model);
  if (context->target != NULL)
    g_string_append_printf (out, "%s%s", out->len > 0 ? " · " : "", context->target);

  if (get_window (charts, n_charts, &start_ms, &end_ms))
    window = format_window (tz, start_ms, end_ms);
  if (context->range != NULL && window != NULL)
    g_string_append_printf (out, "%s%s, %s", out->len > 0 ? " · " : "", context->range, window);
  else if (context->range != NULL || window != NULL)
    g_string_append_printf (out, "%s%s", out->len > 0 ? " · " : "",
                            context->range != NULL ? context->range : window);
}

char *
isc_chart_export_dup_header (const IscChartExportContext *context,
                             IscChart * const            *charts,
                             guint                        n_charts)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GTimeZone) tz = NULL;
  g_autoptr(GDateTime) made = NULL;
  g_autoptr(GDateTime) first = NULL;
  g_autoptr(GDateTime) last = NULL;
  g_autofree char *zone = NULL;
  g_autofree char *made_text = NULL;
  gint64 made_ms, start_ms, end_ms;

  g_return_val_if_fail (context != NULL, NULL);

  tz = context->time_zone != NULL ? g_time_zone_ref (context->time_zone) : g_time_zone_new_local ();
  made_ms = context->made_at_ms != 0 ? context->made_at_ms : g_get_real_time () / 1000;
  made = date_time_in (tz, made_ms);

  /* The zone as it was over the window the axes show; when there is none,
   * as it is when made. */
  if (get_window (charts, n_charts, &start_ms, &end_ms))
    {
      first = date_time_in (tz, start_ms);
      last = date_time_in (tz, end_ms);
    }
  if (first == NULL || last == NULL)
    {
      g_clear_pointer (&first, g_date_time_unref);
      g_clear_pointer (&last, g_date_time_unref);
      first = made != NULL ? g_date_time_ref (made) : NULL;
    }

  append_what (out, context, charts, n_charts, tz);
  if (made != NULL)
    {
      zone = format_zone (tz, first, last);
      /* Translators: when an exported image was made, in its header, e.g.
       * "1 Dec 2026 09:12:30"; see g_date_time_format() for the codes. */
      made_text = format_isolated (made, _("%-d %b %Y %H:%M:%S"));
      g_string_append_printf (out, "%s", out->len > 0 ? " · " : "");
      /* Translators: the header of an exported image: the time zone of its
       * time axes */
      g_string_append_printf (out, _("times in %s"), zone);
      g_string_append (out, " · ");
      /* Translators: the header of an exported image: when it was made */
      g_string_append_printf (out, _("made %s"), made_text);
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
isc_chart_export_dup_title (const IscChartExportContext *context,
                            IscChart * const            *charts,
                            guint                        n_charts)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GTimeZone) tz = NULL;

  g_return_val_if_fail (context != NULL, NULL);

  tz = context->time_zone != NULL ? g_time_zone_ref (context->time_zone) : g_time_zone_new_local ();
  append_what (out, context, charts, n_charts, tz);
  if (out->len == 0 && n_charts > 0 && isc_chart_get_model (charts[0]) != NULL)
    g_string_append (out, isc_chart_model_get_title (isc_chart_get_model (charts[0])));
  /* Translators: the title of an exported PDF, after the app's name */
  return g_strdup_printf (_("Inferscope: %s"), out->str);
}

guint
isc_chart_export_get_cell (guint         index,
                           guint         n_charts,
                           guint         columns,
                           int           width,
                           int           height,
                           int           top,
                           IscChartRect *cell)
{
  guint rows, row, in_row, column;
  int total_w;
  double x0, x1;

  g_return_val_if_fail (cell != NULL, 1);

  if (n_charts == 0)
    {
      *cell = (IscChartRect) { 0, top, width, height };
      return 1;
    }
  columns = CLAMP (columns, 1, n_charts);
  rows = (n_charts + columns - 1) / columns;
  /* As few columns as keep the rows: no column that only the full rows
   * would fill. */
  columns = (n_charts + rows - 1) / rows;
  total_w = width * (int) columns;
  row = index / columns;
  column = index % columns;
  in_row = row + 1 < rows ? columns : n_charts - row * columns;
  x0 = round ((double) column * total_w / in_row);
  x1 = round ((double) (column + 1) * total_w / in_row);
  *cell = (IscChartRect) { x0, top + (double) row * height, x1 - x0, height };
  return columns;
}

static void
draw_grid (cairo_t                     *cr,
           IscChart * const            *charts,
           guint                        n_charts,
           guint                        columns,
           int                          width,
           int                          height,
           PangoLayout                 *header,
           int                          top)
{
  const IscChartStyle *style = isc_chart_get_style (charts[0]);
  g_autofree int *widths = g_new (int, n_charts);
  g_autofree int *heights = g_new (int, n_charts);
  g_autofree IscChartRect *cells = g_new (IscChartRect, n_charts);

  /* A dashboard is one picture: empty cells take the first chart's
   * background rather than showing through. */
  isc_chart_style_set_source (cr, &style->background);
  cairo_paint (cr);

  if (header != NULL)
    {
      isc_chart_style_set_source (cr, &style->foreground);
      cairo_move_to (cr, style->padding, style->padding);
      pango_cairo_show_layout (cr, header);
      /* A rule between the header and the charts. */
      isc_chart_style_set_source (cr, &style->grid);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, 0, top - 0.5);
      cairo_rel_line_to (cr, width * (double) columns, 0);
      cairo_stroke (cr);
    }

  for (guint i = 0; i < n_charts; i++)
    {
      isc_chart_export_get_cell (i, n_charts, columns, width, height, top, &cells[i]);
      widths[i] = (int) cells[i].width;
      heights[i] = (int) cells[i].height;
    }
  isc_chart_align_grid (charts, n_charts, columns, widths, heights);

  for (guint i = 0; i < n_charts; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, cells[i].x, cells[i].y);
      cairo_rectangle (cr, 0, 0, widths[i], heights[i]);
      cairo_clip (cr);
      isc_chart_draw (charts[i], cr, widths[i], heights[i]);
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
  return isc_chart_export_to_bytes_with_context (charts, n_charts, columns, format, width, height, scale,
                                                 NULL, error);
}

GBytes *
isc_chart_export_to_bytes_with_context (IscChart * const            *charts,
                                        guint                        n_charts,
                                        guint                        columns,
                                        IscChartFormat               format,
                                        int                          width,
                                        int                          height,
                                        double                       scale,
                                        const IscChartExportContext *context,
                                        GError                     **error)
{
  g_autoptr(GByteArray) out = NULL;
  g_autoptr(PangoLayout) header = NULL;
  cairo_surface_t *surface = NULL;
  cairo_status_t status;
  cairo_t *cr;
  guint rows;
  int total_w, total_h, top = 0;

  g_return_val_if_fail (charts != NULL || n_charts == 0, NULL);

  if (n_charts == 0)
    {
      g_set_error_literal (error, ISC_CHART_EXPORT_ERROR, ISC_CHART_EXPORT_ERROR_INVALID,
                           _("There is no chart to export"));
      return NULL;
    }
  columns = CLAMP (columns, 1, n_charts);
  rows = (n_charts + columns - 1) / columns;
  columns = (n_charts + rows - 1) / rows;
  total_w = width * columns;
  total_h = height * rows;

  if (width < 16 || height < 16 || !(scale >= 0.1 && scale <= 16) ||
      (double)total_w * scale * (double)total_h * scale > MAX_PIXELS)
    {
      g_set_error (error, ISC_CHART_EXPORT_ERROR, ISC_CHART_EXPORT_ERROR_INVALID,
                   _("Cannot draw an image of %d×%d at scale %g"), total_w, total_h, scale);
      return NULL;
    }

  /* The header line wraps rather than losing any of what it says. */
  if (context != NULL)
    {
      const IscChartStyle *style = isc_chart_get_style (charts[0]);
      g_autofree char *text = isc_chart_export_dup_header (context, charts, n_charts);
      gsize bold = context->model != NULL && g_str_has_prefix (text, context->model) ? strlen (context->model) : 0;
      g_autofree char *name = g_markup_escape_text (text, bold);
      g_autofree char *rest = g_markup_escape_text (text + bold, -1);
      g_autofree char *markup = g_strdup_printf ("<b>%s</b>%s", name, rest);
      PangoContext *pango = create_pango ();
      int w, h;

      /* The layout keeps its context. */
      header = isc_chart_layout_create_text (pango, style, style->label_size, FALSE, markup);
      g_object_unref (pango);
      pango_layout_set_width (header, MAX (1, total_w - 2 * (int) style->padding) * PANGO_SCALE);
      pango_layout_set_wrap (header, PANGO_WRAP_WORD_CHAR);
      pango_layout_get_pixel_size (header, &w, &h);
      top = h + 2 * (int) style->padding;
      total_h += top;
    }

  out = g_byte_array_new ();
  switch (format)
    {
    case ISC_CHART_FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (append_bytes, out, total_w, total_h);
      break;
    case ISC_CHART_FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (append_bytes, out, total_w, total_h);
      if (context != NULL)
        {
          g_autofree char *title = isc_chart_export_dup_title (context, charts, n_charts);

          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Inferscope");
        }
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
  draw_grid (cr, charts, n_charts, columns, width, height, header, top);
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
  return isc_chart_export_to_file_with_context (charts, n_charts, columns, format, width, height, scale,
                                                NULL, path, error);
}

gboolean
isc_chart_export_to_file_with_context (IscChart * const            *charts,
                                       guint                        n_charts,
                                       guint                        columns,
                                       IscChartFormat               format,
                                       int                          width,
                                       int                          height,
                                       double                       scale,
                                       const IscChartExportContext *context,
                                       const char                  *path,
                                       GError                     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  gconstpointer data;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, FALSE);

  bytes = isc_chart_export_to_bytes_with_context (charts, n_charts, columns, format, width, height, scale,
                                                  context, error);
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
