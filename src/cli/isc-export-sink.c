/* isc-export-sink.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What `inferscope export` writes, and where. Today: CSV. An image format
 * adds its name to the table below, its options and checks beside ours,
 * and a function that renders into GBytes; see isc-export.c.
 */

#define G_LOG_DOMAIN "isc-export"

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "isc-csv.h"
#include "isc-export-private.h"

static const struct {
  const char      *name;       /* as typed after --format, and the file extension */
  IscExportFormat  format;
} formats[] = {
  { "csv", ISC_EXPORT_FORMAT_CSV },
  { "png", ISC_EXPORT_FORMAT_PNG },
  { "svg", ISC_EXPORT_FORMAT_SVG },
  { "pdf", ISC_EXPORT_FORMAT_PDF },
};

static gboolean
format_from_name (const char      *name,
                  IscExportFormat *format)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      if (g_ascii_strcasecmp (name, formats[i].name) == 0)
        {
          *format = formats[i].format;
          return TRUE;
        }
    }

  return FALSE;
}

void
_isc_export_sink_add_options (GOptionGroup     *group,
                              IscExportOptions *options)
{
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &options->format_name,
      N_("The format to write: csv, png, svg or pdf (default: from the output file’s extension, else csv)"), N_("FORMAT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &options->output,
      N_("Write to FILE, replacing it whole; “-” or none is standard output"), N_("FILE") },
    { NULL }
  };

  g_option_group_add_entries (group, entries);
  _isc_export_image_add_options (group, options);
}

const char *
_isc_export_sink_get_usage (void)
{
  return "[--format png|svg|pdf|csv] [--size 1200x600] [--scale 2] [--theme light|dark] [--columns N] [-o OUT]";
}

gboolean
_isc_export_sink_check (IscExportOptions  *options,
                        GError           **error)
{
  if (options->format_name != NULL)
    {
      if (!format_from_name (options->format_name, &options->format))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown format “%s”: use csv, png, svg or pdf"),
                       options->format_name);
          return FALSE;
        }
    }
  else
    {
      const char *dot = NULL;

      /* metrics.csv means CSV; a name we cannot read a format from, or
       * standard output, gets CSV, the one format that is text. */
      options->format = ISC_EXPORT_FORMAT_CSV;
      if (options->output != NULL)
        dot = strrchr (options->output, '.');
      if (dot != NULL)
        format_from_name (dot + 1, &options->format);
    }

  if (options->output != NULL && options->output[0] == '\0')
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("The output file name is empty"));
      return FALSE;
    }

  return _isc_export_image_check (options, error);
}

gboolean
_isc_export_write_bytes (const char  *output,
                         GBytes      *bytes,
                         GError     **error)
{
  gsize length = 0;
  const char *data = g_bytes_get_data (bytes, &length);

  if (output == NULL || g_strcmp0 (output, "-") == 0)
    {
      if ((length > 0 && fwrite (data, 1, length, stdout) != length) ||
          fflush (stdout) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       _("Could not write to standard output: %s"),
                       g_strerror (saved_errno));
          return FALSE;
        }

      return TRUE;
    }

  /* A temporary file beside OUT, then a rename: OUT is either the whole
   * new file or, on any failure, what it was before (or absent). */
  return g_file_set_contents_full (output, data, length,
                                   G_FILE_SET_CONTENTS_CONSISTENT,
                                   0666, error);
}

gboolean
_isc_export_sink_write (const IscExportOptions  *options,
                        IscMetricsResponse      *response,
                        GCancellable            *cancellable,
                        GError                 **error)
{
  g_autoptr(GBytes) bytes = NULL;

  switch (options->format)
    {
    case ISC_EXPORT_FORMAT_CSV:
      bytes = isc_csv_from_response (response);
      break;

    case ISC_EXPORT_FORMAT_PNG:
    case ISC_EXPORT_FORMAT_SVG:
    case ISC_EXPORT_FORMAT_PDF:
      bytes = _isc_export_image_render (options, response, error);
      break;

    default:
      g_assert_not_reached ();
    }

  if (bytes == NULL)
    return FALSE;

  return _isc_export_write_bytes (options->output, bytes, error);
}
