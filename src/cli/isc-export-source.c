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

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "isc-api-error.h"
#include "isc-client.h"
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
      /* A saved response says neither its target nor how to ask again. */
      if (options->input != NULL &&
          (options->live.compare_to != NULL || options->live.shift_name != NULL) &&
          options->live.model == NULL)
        {
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                               _("--compare-to and --shift ask the API again: give a live source with --model, "
                                 "not --input"));
          return FALSE;
        }
      if (options->input != NULL)
        {
          g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                               _("Give a saved response with --input or a live one with --model, not both"));
          return FALSE;
        }

      return _isc_export_live_check (&options->live, options->utc, error);
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

/* A saved response is read with the network's limits: no more than the
 * client reads of a body, and no waiting for ever on a FIFO or a pipe
 * that stays open and silent, or that drips. */
#define INPUT_READ_CHUNK (64 * 1024)

static gsize input_max_bytes = ISC_CLIENT_MAX_BODY_BYTES;
static guint input_idle_timeout_ms = 30 * 1000;
static guint input_total_timeout_ms = 5 * 60 * 1000;

void
_isc_export_source_set_limits (gsize max_bytes,
                               guint idle_timeout_ms,
                               guint total_timeout_ms)
{
  input_max_bytes = max_bytes;
  input_idle_timeout_ms = idle_timeout_ms;
  input_total_timeout_ms = total_timeout_ms;
}

static void
set_too_large (GError     **error,
               const char  *display_name)
{
  g_autofree char *size = g_format_size_full (input_max_bytes, G_FORMAT_SIZE_IEC_UNITS);

  g_set_error (error, ISC_API_ERROR, ISC_API_ERROR_TOO_LARGE,
               /* TRANSLATORS: the first %s is a file name or “standard
                * input”, the second a size such as 64.0 MiB */
               _("%s is larger than %s, more than Inferscope reads. "
                 "Choose a shorter time range or fewer metrics."),
               display_name, size);
}

static void
set_read_error (GError     **error,
                int          saved_errno,
                const char  *display_name)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("Could not read %s: %s"), display_name, g_strerror (saved_errno));
}

/* Waits until @fd can be read, @cancellable is cancelled or @timeout_ms
 * (-1: never) ran out. */
static gboolean
wait_readable (int            fd,
               int            timeout_ms,
               GCancellable  *cancellable,
               gboolean      *timed_out,
               GError       **error)
{
  GPollFD fds[2] = { { fd, G_IO_IN | G_IO_HUP | G_IO_ERR, 0 } };
  guint n_fds = 1;

  *timed_out = FALSE;
  if (g_cancellable_make_pollfd (cancellable, &fds[1]))
    n_fds = 2;

  for (;;)
    {
      int n = g_poll (fds, n_fds, timeout_ms);

      if (n < 0 && errno == EINTR)
        continue;
      if (n == 0)
        *timed_out = TRUE;
      break;
    }

  if (n_fds == 2)
    g_cancellable_release_fd (cancellable);

  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

static GBytes *
read_fd (int            fd,
         const char    *display_name,
         GCancellable  *cancellable,
         GError       **error)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  gint64 deadline = g_get_monotonic_time () + (gint64) input_total_timeout_ms * 1000;
  GStatBuf st;

  if (fstat (fd, &st) == 0)
    {
      if (S_ISDIR (st.st_mode))
        {
          set_read_error (error, EISDIR, display_name);
          return NULL;
        }

      /* Refused before a byte is read. */
      if (S_ISREG (st.st_mode) && (guint64) st.st_size > input_max_bytes)
        {
          set_too_large (error, display_name);
          return NULL;
        }
    }

  for (;;)
    {
      gint64 left_ms = (deadline - g_get_monotonic_time ()) / 1000;
      gboolean timed_out = FALSE;
      gsize want;
      gssize n;

      if (left_ms <= 0)
        timed_out = TRUE;
      else if (!wait_readable (fd, (int) MIN ((gint64) input_idle_timeout_ms, left_ms),
                               cancellable, &timed_out, error))
        return NULL;

      if (timed_out)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                       /* TRANSLATORS: %s is a file name or “standard input” */
                       _("%s did not end in time: a saved response is read whole within %u seconds, "
                         "with no pause of more than %u seconds"),
                       display_name, input_total_timeout_ms / 1000,
                       input_idle_timeout_ms / 1000);
          return NULL;
        }

      want = MIN ((gsize) INPUT_READ_CHUNK, input_max_bytes + 1 - data->len);
      g_byte_array_set_size (data, data->len + want);
      n = read (fd, data->data + data->len - want, want);
      g_byte_array_set_size (data, data->len - want + MAX (n, 0));

      if (n < 0)
        {
          int saved_errno = errno;

          if (saved_errno == EINTR || saved_errno == EAGAIN)
            continue;

          set_read_error (error, saved_errno, display_name);
          return NULL;
        }

      if (n == 0)
        break;

      if (data->len > input_max_bytes)
        {
          set_too_large (error, display_name);
          return NULL;
        }
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&data));
}

GBytes *
_isc_export_read_input (const char    *input,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autofree char *display_name = NULL;
  GBytes *bytes;
  int fd;

  if (g_strcmp0 (input, "-") == 0)
    {
      display_name = g_strdup (_("standard input"));
      return read_fd (STDIN_FILENO, display_name, cancellable, error);
    }

  {
    g_autofree char *name = g_filename_display_name (input);

    display_name = g_strdup_printf ("“%s”", name);
  }

  /* Not blocking in open () on a FIFO that has no writer yet: the wait is
   * the reading's, with its timeouts. */
  fd = g_open (input, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK, 0);
  if (fd < 0)
    {
      set_read_error (error, errno, display_name);
      return NULL;
    }

  bytes = read_fd (fd, display_name, cancellable, error);
  close (fd);

  return bytes;
}

static IscMetricsResponse *
load_saved_response (const char    *input,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *display_name = NULL;
  IscMetricsResponse *response;

  bytes = _isc_export_read_input (input, cancellable, error);
  if (bytes == NULL)
    return NULL;

  if (g_strcmp0 (input, "-") == 0)
    display_name = g_strdup (_("standard input"));
  else
    display_name = g_filename_display_name (input);

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
  return load_saved_response (options->input, cancellable, error);
}
