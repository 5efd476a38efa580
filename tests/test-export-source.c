/* test-export-source.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Where `inferscope export --input` reads from: never more than the
 * network's limit, never waiting for ever on a FIFO that stays open. */

#include "config.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "isc-api-error.h"
#include "isc-client.h"
#include "isc-export-private.h"
#include "isc-test-util.h"

static void
restore_limits (void)
{
  _isc_export_source_set_limits (ISC_CLIENT_MAX_BODY_BYTES, 30 * 1000, 5 * 60 * 1000);
}

static void
test_file_limit (void)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "response.json", NULL);
  g_autofree char *data = g_malloc (1001);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  memset (data, ' ', 1001);
  _isc_export_source_set_limits (1000, 30 * 1000, 60 * 1000);

  /* Exactly the limit: read whole. */
  g_assert_true (g_file_set_contents (path, data, 1000, NULL));
  bytes = _isc_export_read_input (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, 1000);
  g_clear_pointer (&bytes, g_bytes_unref);

  /* One byte more: refused, in the client's words for a large body. */
  g_assert_true (g_file_set_contents (path, data, 1001, NULL));
  bytes = _isc_export_read_input (path, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "response.json"));
  g_assert_nonnull (strstr (error->message, "larger than"));

  restore_limits ();
  test_remove_dir (dir);
}

static void
test_device_limit (void)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  /* Not a regular file, so no size up front: stopped while reading. */
  _isc_export_source_set_limits (100000, 30 * 1000, 60 * 1000);
  bytes = _isc_export_read_input ("/dev/zero", NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_TOO_LARGE);

  restore_limits ();
}

/* A FIFO whose writer stays (when @keep_writer), or that has none: the
 * reading gives up after its idle timeout. */
static void
test_fifo_silent (gconstpointer data)
{
  gboolean keep_writer = GPOINTER_TO_INT (data);
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *fifo = g_build_filename (dir, "fifo.json", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start;
  int writer = -1;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  if (keep_writer)
    {
      /* Read-write: opens at once, and is a writer that never writes. */
      writer = g_open (fifo, O_RDWR, 0);
      g_assert_cmpint (writer, >=, 0);
    }

  _isc_export_source_set_limits (ISC_CLIENT_MAX_BODY_BYTES, 200, 60 * 1000);
  start = g_get_monotonic_time ();
  bytes = _isc_export_read_input (fifo, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_nonnull (strstr (error->message, "fifo.json"));
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 150 * 1000);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);

  if (writer >= 0)
    close (writer);
  restore_limits ();
  test_remove_dir (dir);
}

typedef struct
{
  int      fd;
  gboolean stop;
} Drip;

static gpointer
drip_thread (gpointer data)
{
  Drip *drip = data;

  while (!g_atomic_int_get (&drip->stop))
    {
      if (write (drip->fd, " ", 1) != 1)
        break;
      g_usleep (20 * 1000);
    }

  return NULL;
}

/* A byte every 20 ms never trips the idle timeout: the whole read's
 * deadline stops it. */
static void
test_fifo_drip (void)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *fifo = g_build_filename (dir, "drip.json", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  Drip drip = { -1, FALSE };
  GThread *thread;
  gint64 start;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  drip.fd = g_open (fifo, O_RDWR, 0);
  g_assert_cmpint (drip.fd, >=, 0);
  thread = g_thread_new ("drip", drip_thread, &drip);

  _isc_export_source_set_limits (ISC_CLIENT_MAX_BODY_BYTES, 1000, 400);
  start = g_get_monotonic_time ();
  bytes = _isc_export_read_input (fifo, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 350 * 1000);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);

  g_atomic_int_set (&drip.stop, TRUE);
  g_thread_join (thread);
  close (drip.fd);
  restore_limits ();
  test_remove_dir (dir);
}

static gboolean
cancel_later (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static gpointer
cancel_thread (gpointer data)
{
  g_usleep (100 * 1000);
  cancel_later (data);
  return NULL;
}

/* SIGINT and SIGTERM cancel: a wait on a FIFO ends at once. */
static void
test_fifo_cancelled (void)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *fifo = g_build_filename (dir, "fifo.json", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  GThread *thread;
  gint64 start;
  int writer;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  writer = g_open (fifo, O_RDWR, 0);
  g_assert_cmpint (writer, >=, 0);

  start = g_get_monotonic_time ();
  thread = g_thread_new ("cancel", cancel_thread, cancellable);
  bytes = _isc_export_read_input (fifo, cancellable, &error);
  g_assert_null (bytes);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  g_thread_join (thread);

  close (writer);
  test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/export-source/file-limit", test_file_limit);
  g_test_add_func ("/isc/export-source/device-limit", test_device_limit);
  g_test_add_data_func ("/isc/export-source/fifo-silent/writer", GINT_TO_POINTER (TRUE),
                        test_fifo_silent);
  g_test_add_data_func ("/isc/export-source/fifo-silent/no-writer", GINT_TO_POINTER (FALSE),
                        test_fifo_silent);
  g_test_add_func ("/isc/export-source/fifo-drip", test_fifo_drip);
  g_test_add_func ("/isc/export-source/fifo-cancelled", test_fifo_cancelled);

  return g_test_run ();
}
