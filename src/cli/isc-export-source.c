/* isc-export-source.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Where `inferscope export` gets its response. Today: a saved response
 * (--input). A live source adds its options, its checks and a load
 * function here; see isc-export.c.
 */

#define G_LOG_DOMAIN "isc-export"

#include "config.h"

#include <stdio.h>
#include <glib/gi18n.h>

#include "isc-export-private.h"

void
_isc_export_source_add_options (GOptionGroup     *group,
                                IscExportOptions *options)
{
  const GOptionEntry entries[] = {
    { "input", 'i', 0, G_OPTION_ARG_FILENAME, &options->input,
      N_("Read a saved metrics response (JSON); “-” reads standard input"), N_("FILE") },
    { NULL }
  };

  g_option_group_add_entries (group, entries);
  _isc_export_live_add_options (group, &options->live);
}

const char *
_isc_export_source_get_usage (void)
{
  return "(--input FILE.json | " ISC_EXPORT_LIVE_USAGE ")";
}

gboolean
_isc_export_source_check (IscExportOptions  *options,
                          GError           **error)
{
  if (_isc_export_live_is_requested (&options->live))
    {
      if (options->input != NULL)
        {
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                               _("Give a saved response with --input or a live one with --model, not both"));
          return FALSE;
        }

      return _isc_export_live_check (&options->live, error);
    }

  if (options->input == NULL || options->input[0] == '\0')
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("Nothing to export: give a saved response with --input, "
                             "or a live one with --model"));
      return FALSE;
    }

  return TRUE;
}

static GBytes *
read_stdin (GError **error)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  char buf[65536];
  size_t n;

  while ((n = fread (buf, 1, sizeof buf, stdin)) > 0)
    g_byte_array_append (data, (const guint8 *) buf, n);

  if (ferror (stdin))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("Could not read standard input"));
      return NULL;
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

static IscMetricsResponse *
load_saved_response (const char  *input,
                     GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *display_name = NULL;
  IscMetricsResponse *response;

  if (g_strcmp0 (input, "-") == 0)
    {
      display_name = g_strdup (_("standard input"));
      bytes = read_stdin (error);
    }
  else
    {
      char *contents = NULL;
      gsize length = 0;

      display_name = g_filename_display_name (input);
      /* GLib's message names the file already. */
      if (g_file_get_contents (input, &contents, &length, error))
        bytes = g_bytes_new_take (contents, length);
    }

  if (bytes == NULL)
    return NULL;

  response = isc_metrics_response_new_from_bytes (bytes, error);
  if (response == NULL)
    g_prefix_error (error, "%s: ", display_name);

  return response;
}

IscMetricsResponse *
_isc_export_source_load (const IscExportOptions  *options,
                         GCancellable            *cancellable,
                         GError                 **error)
{
  return _isc_export_source_load_annotated (options, NULL, cancellable, error);
}

IscMetricsResponse *
_isc_export_source_load_annotated (const IscExportOptions  *options,
                                   IscChartAnnotations    **annotations,
                                   GCancellable            *cancellable,
                                   GError                 **error)
{
  if (_isc_export_live_is_requested (&options->live))
    return _isc_export_live_load_annotated (&options->live, annotations, cancellable, error);

  /* A saved response says nothing of its target's settings. */
  return load_saved_response (options->input, error);
}
