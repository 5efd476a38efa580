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
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

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
    { "cost", 0, 0, G_OPTION_ARG_NONE, &options->cost,
      N_("CSV of a live source: add what the target cost, billed per UTC day and estimated, in columns of their own"), NULL },
    { NULL }
  };

  g_option_group_add_entries (group, entries);
  _isc_export_image_add_options (group, options);
}

const char *
_isc_export_sink_get_usage (void)
{
  return "[--format png|svg|pdf|csv] [--cost] [--size 1200x600] [--scale 2] [--theme light|dark] [--columns N] [-o OUT]";
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

  if (options->cost && options->format != ISC_EXPORT_FORMAT_CSV)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--cost applies to csv only"));
      return FALSE;
    }

  if (options->cost && (options->input != NULL || options->live.query == NULL ||
                        options->live.query->mode == ISC_MODE_CURRENT))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--cost needs a live source over a window (--mode series or summary): "
                             "the cost comes from Baseten’s billing and prices"));
      return FALSE;
    }

  return _isc_export_image_check (options, error);
}

/* Written in pieces, so that a cancellation (SIGINT or SIGTERM, see
 * isc-export.c) stops a long write between two of them. */
#define WRITE_CHUNK (1024 * 1024)

static void
set_write_error (GError     **error,
                 int          saved_errno,
                 const char  *output)
{
  g_autofree char *display_name = g_filename_display_name (output);

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("Could not write “%s”: %s"), display_name, g_strerror (saved_errno));
}

static gboolean
write_all (int            fd,
           const char    *data,
           gsize          length,
           const char    *output,
           GCancellable  *cancellable,
           GError       **error)
{
  while (length > 0)
    {
      gssize n;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

      n = write (fd, data, MIN (length, WRITE_CHUNK));
      if (n < 0)
        {
          int saved_errno = errno;

          if (saved_errno == EINTR)
            continue;

          set_write_error (error, saved_errno, output);
          return FALSE;
        }

      data += n;
      length -= n;
    }

  return TRUE;
}

static gboolean
close_checked (int          fd,
               const char  *output,
               GError     **error)
{
  if (close (fd) != 0 && errno != EINTR)
    {
      set_write_error (error, errno, output);
      return FALSE;
    }

  return TRUE;
}

/* A character device, a FIFO or a socket is written where it is: a rename
 * would put a regular file in the place of /dev/null (as root). Opened
 * without blocking, so that a FIFO nobody reads fails at once rather than
 * waits for ever. */
static gboolean
write_in_place (const char    *output,
                const char    *data,
                gsize          length,
                GCancellable  *cancellable,
                GError       **error)
{
  int fd = g_open (output, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK, 0);
  int flags;

  if (fd < 0)
    {
      int saved_errno = errno;
      g_autofree char *display_name = g_filename_display_name (output);

      if (saved_errno == ENXIO)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                     _("Could not write “%s”: no program is reading from it"), display_name);
      else
        set_write_error (error, saved_errno, output);
      return FALSE;
    }

  flags = fcntl (fd, F_GETFL);
  if (flags != -1)
    fcntl (fd, F_SETFL, flags & ~O_NONBLOCK);

  if (!write_all (fd, data, length, output, cancellable, error))
    {
      close (fd);
      return FALSE;
    }

  return close_checked (fd, output, error);
}

/* A temporary file beside @target, then a rename: @target is either the
 * whole new file or, on any failure or cancellation, what it was before
 * (or absent), and the temporary file is gone. */
static gboolean
write_replacing (const char    *target,
                 gboolean       exists,
                 const char    *data,
                 gsize          length,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *name = g_strconcat (".", base, ".XXXXXX", NULL);
  g_autofree char *temp = g_build_filename (dir, name, NULL);
  int fd;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  fd = g_mkstemp_full (temp, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      set_write_error (error, errno, target);
      return FALSE;
    }

  if (!write_all (fd, data, length, target, cancellable, error))
    goto fail_open;

  /* The old contents are not lost to a crash between the rename and the
   * data reaching the disk. */
  if (exists && fsync (fd) != 0)
    {
      set_write_error (error, errno, target);
      goto fail_open;
    }

  if (!close_checked (fd, target, error))
    goto fail;

  /* A signal during the fsync: the rename does not happen either. */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto fail;

  if (g_rename (temp, target) != 0)
    {
      set_write_error (error, errno, target);
      goto fail;
    }

  return TRUE;

fail_open:
  close (fd);
fail:
  g_unlink (temp);
  return FALSE;
}

gboolean
_isc_export_write_bytes (const char    *output,
                         GBytes        *bytes,
                         GCancellable  *cancellable,
                         GError       **error)
{
  gsize length = 0;
  const char *data = g_bytes_get_data (bytes, &length);
  g_autofree char *resolved = NULL;
  GStatBuf st;

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

  if (g_stat (output, &st) != 0)
    return write_replacing (output, FALSE, data, length, cancellable, error);

  if (S_ISCHR (st.st_mode) || S_ISFIFO (st.st_mode) || S_ISSOCK (st.st_mode))
    return write_in_place (output, data, length, cancellable, error);

  if (!S_ISREG (st.st_mode))
    {
      set_write_error (error, S_ISDIR (st.st_mode) ? EISDIR : EINVAL, output);
      return FALSE;
    }

  /* A link to a file: the file is replaced, the link stays. */
  resolved = realpath (output, NULL);
  return write_replacing (resolved != NULL ? resolved : output, TRUE,
                          data, length, cancellable, error);
}

/* The compared step holding @ms, or -1: the last whose start is at or
 * before it, within its step. */
static int
compare_step_at (IscMetricsResponse *compare,
                 const gint64       *starts,
                 guint               n_steps,
                 gint64              ms)
{
  guint lo = 0, hi = n_steps;

  if (n_steps == 0 || ms < starts[0] || ms >= isc_metrics_response_get_step_end_ms (compare, n_steps - 1))
    return -1;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (starts[mid] <= ms)
        lo = mid;
      else
        hi = mid;
    }
  return (int) lo;
}

GBytes *
_isc_export_sink_csv (const IscExportOptions *options,
                      IscMetricsResponse     *response)
{
  g_autoptr(GBytes) plain = isc_csv_from_response (response);
  g_auto(GStrv) lines = NULL;
  g_autofree int *rows = NULL;
  const gint64 *starts, *compare_starts;
  guint n_steps = 0, n_compare_steps = 0;
  GString *out;
  gsize length = 0;
  const char *data;

  if (options->compare == NULL)
    return g_steal_pointer (&plain);

  data = g_bytes_get_data (plain, &length);
  {
    g_autofree char *text = g_strndup (data, length);

    lines = g_strsplit (text, "\r\n", -1);
  }
  starts = isc_metrics_response_get_step_starts (response, &n_steps);
  compare_starts = isc_metrics_response_get_step_starts (options->compare, &n_compare_steps);
  rows = g_new (int, MAX (1, n_steps));
  for (guint i = 0; i < n_steps; i++)
    rows[i] = compare_step_at (options->compare, compare_starts, n_compare_steps,
                               starts[i] - options->live.shift_ms);

  /* Line 0 is the header, then one line per step; a response without
   * series is the header alone. */
  out = g_string_new (NULL);
  for (guint line = 0; lines[line] != NULL && lines[line][0] != '\0'; line++)
    {
      g_string_append (out, lines[line]);
      for (guint m = 0; m < isc_metrics_response_get_n_metrics (options->compare); m++)
        {
          const IscMetric *metric = isc_metrics_response_get_metric (options->compare, m);

          for (guint k = 0; k < isc_metric_get_n_series (metric); k++)
            {
              const IscSeries *series = isc_metric_get_series (metric, k);

              g_string_append_c (out, ',');
              if (line == 0)
                {
                  const char *labels = isc_series_get_label_text (series);
                  g_autofree char *name = NULL;

                  if (labels != NULL && labels[0] != '\0')
                    name = g_strdup_printf ("%s{%s} (%s)", isc_metric_get_name (metric), labels,
                                            options->live.compare_label);
                  else
                    name = g_strdup_printf ("%s (%s)", isc_metric_get_name (metric),
                                            options->live.compare_label);
                  isc_csv_append_field (out, name);
                }
              else if (line - 1 < n_steps && rows[line - 1] >= 0)
                {
                  guint n_values = 0;
                  const double *values = isc_series_get_values (series, &n_values);

                  if ((guint) rows[line - 1] < n_values)
                    isc_csv_append_number (out, values[rows[line - 1]]);
                }
            }
        }
      g_string_append (out, "\r\n");
    }

  return g_string_free_to_bytes (out);
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
      bytes = _isc_export_sink_csv (options, response);
      if (options->cost_data != NULL)
        {
          GBytes *with_cost = _isc_export_cost_append_columns (options->cost_data, response, bytes);

          g_bytes_unref (bytes);
          bytes = with_cost;
        }
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

  return _isc_export_write_bytes (options->output, bytes, cancellable, error);
}
