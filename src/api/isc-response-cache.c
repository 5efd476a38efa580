/* isc-response-cache.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-response-cache"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <utime.h>

#include "isc-response-cache.h"
#include "isc-response-cache-private.h"

/* Each file is a header line, then the body exactly as Baseten sent it. */
#define HEADER_MAGIC "inferscope-cache 1 "
#define FILE_SUFFIX ".cache"
/* A file is renamed so while it is decoded: should the decoding crash,
 * the file is not served again (it is no longer NAME.cache), and a later
 * store removes it once it is older than STALE_DECODING_S. */
#define DECODING_SUFFIX ".cache.decoding"
#define STALE_DECODING_S (10 * 60)

static IscResponseCacheDecodeHook decode_hook;

void
_isc_response_cache_set_decode_hook (IscResponseCacheDecodeHook hook)
{
  decode_hook = hook;
}

struct _IscResponseCache
{
  GObject  parent_instance;

  char    *directory;
  guint64  max_bytes;
  GMutex   mutex;
  gboolean closed;    /* isc_response_cache_close(): stores write nothing */
};

G_DEFINE_FINAL_TYPE (IscResponseCache, isc_response_cache, G_TYPE_OBJECT)

static void
isc_response_cache_finalize (GObject *object)
{
  IscResponseCache *self = (IscResponseCache *) object;

  g_free (self->directory);
  g_mutex_clear (&self->mutex);

  G_OBJECT_CLASS (isc_response_cache_parent_class)->finalize (object);
}

static void
isc_response_cache_class_init (IscResponseCacheClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isc_response_cache_finalize;
}

static void
isc_response_cache_init (IscResponseCache *self)
{
  g_mutex_init (&self->mutex);
}

IscResponseCache *
isc_response_cache_new (const char *directory,
                        guint64     max_bytes)
{
  IscResponseCache *self = g_object_new (ISC_TYPE_RESPONSE_CACHE, NULL);

  if (directory != NULL)
    self->directory = g_strdup (directory);
  else
    self->directory = g_build_filename (g_get_user_cache_dir (), "inferscope", NULL);

  self->max_bytes = max_bytes != 0 ? max_bytes : ISC_RESPONSE_CACHE_DEFAULT_MAX_BYTES;

  return self;
}

const char *
isc_response_cache_get_directory (IscResponseCache *self)
{
  g_return_val_if_fail (ISC_IS_RESPONSE_CACHE (self), NULL);

  return self->directory;
}

char *
isc_response_cache_get_path (IscResponseCache *self,
                             const char       *base_url,
                             const IscQuery   *query)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *key = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (ISC_IS_RESPONSE_CACHE (self), NULL);
  g_return_val_if_fail (base_url != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  key = isc_query_to_key (query);
  g_checksum_update (checksum, (const guchar *) base_url, -1);
  g_checksum_update (checksum, (const guchar *) "\n", 1);
  g_checksum_update (checksum, (const guchar *) key, -1);
  name = g_strconcat (g_checksum_get_string (checksum), FILE_SUFFIX, NULL);

  return g_build_filename (self->directory, name, NULL);
}

/* With the mutex held. The folder is the user's and no one else's:
 * made 0700 when missing, tightened to 0700 when looser (another user
 * could read the metrics there, or plant files), refused when it is not
 * the user's. FALSE with G_IO_ERROR_NOT_FOUND when it is missing and
 * @create is FALSE. */
static gboolean
check_directory (IscResponseCache  *self,
                 gboolean           create,
                 GError           **error)
{
  GStatBuf st;

  if (create && g_mkdir_with_parents (self->directory, 0700) != 0)
    {
      int errsv = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                   _("Could not create the cache folder “%s”: %s"),
                   self->directory, g_strerror (errsv));
      return FALSE;
    }

  if (g_stat (self->directory, &st) != 0)
    {
      int errsv = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                   _("Could not open the cache folder “%s”: %s"),
                   self->directory, g_strerror (errsv));
      return FALSE;
    }

  if (!S_ISDIR (st.st_mode) || st.st_uid != geteuid ())
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("The cache folder “%s” is not a folder of yours; nothing is kept there"),
                   self->directory);
      return FALSE;
    }

  if ((st.st_mode & 0077) != 0 && g_chmod (self->directory, st.st_mode & 0700) != 0)
    {
      int errsv = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errsv),
                   _("The cache folder “%s” is open to others and could not be made private: %s"),
                   self->directory, g_strerror (errsv));
      return FALSE;
    }

  return TRUE;
}

/* A file of the cache that may be trusted: a regular file of the user's. */
static gboolean
is_own_file (const GStatBuf *st)
{
  return S_ISREG (st->st_mode) && st->st_uid == geteuid ();
}

typedef struct
{
  char    *path;
  gint64   mtime;
  guint64  size;
} Entry;

static void
entry_clear (gpointer data)
{
  Entry *entry = data;

  g_free (entry->path);
}

static int
entry_compare_age (gconstpointer a,
                   gconstpointer b)
{
  const Entry *ea = a;
  const Entry *eb = b;

  if (ea->mtime != eb->mtime)
    return ea->mtime < eb->mtime ? -1 : 1;

  return strcmp (ea->path, eb->path);
}

/* With the mutex held. */
static GArray *
list_entries (IscResponseCache *self,
              guint64          *total)
{
  g_autoptr(GDir) dir = g_dir_open (self->directory, 0, NULL);
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  const char *name;

  g_array_set_clear_func (entries, entry_clear);
  *total = 0;

  if (dir == NULL)
    return entries;

  while ((name = g_dir_read_name (dir)))
    {
      GStatBuf st;
      Entry entry;

      if (g_str_has_suffix (name, DECODING_SUFFIX))
        {
          g_autofree char *path = g_build_filename (self->directory, name, NULL);

          /* Left by a decoding that crashed, not one under way. */
          if (g_lstat (path, &st) == 0 &&
              st.st_ctim.tv_sec + STALE_DECODING_S < g_get_real_time () / G_USEC_PER_SEC)
            g_unlink (path);
          continue;
        }

      if (!g_str_has_suffix (name, FILE_SUFFIX))
        continue;

      entry.path = g_build_filename (self->directory, name, NULL);
      if (g_lstat (entry.path, &st) != 0 || !is_own_file (&st))
        {
          g_free (entry.path);
          continue;
        }

      entry.mtime = (gint64) st.st_mtim.tv_sec * G_USEC_PER_SEC + st.st_mtim.tv_nsec / 1000;
      entry.size = st.st_size;
      *total += entry.size;
      g_array_append_val (entries, entry);
    }

  return entries;
}

/* With the mutex held. Oldest use first, never the file just written. */
static void
evict (IscResponseCache *self,
       const char       *keep)
{
  g_autoptr(GArray) entries = NULL;
  guint64 total = 0;

  entries = list_entries (self, &total);
  g_array_sort (entries, entry_compare_age);

  for (guint i = 0; i < entries->len && total > self->max_bytes; i++)
    {
      Entry *entry = &g_array_index (entries, Entry, i);

      if (g_strcmp0 (entry->path, keep) == 0)
        continue;

      if (g_unlink (entry->path) == 0 || errno == ENOENT)
        total -= entry->size;
    }
}

void
isc_response_cache_close (IscResponseCache *self)
{
  g_return_if_fail (ISC_IS_RESPONSE_CACHE (self));

  /* Waits for a store under way to end. */
  g_mutex_lock (&self->mutex);
  self->closed = TRUE;
  g_mutex_unlock (&self->mutex);
}

gboolean
isc_response_cache_store (IscResponseCache  *self,
                          const char        *base_url,
                          const IscQuery    *query,
                          GBytes            *body,
                          GError           **error)
{
  g_autofree char *path = NULL;
  g_autoptr(GString) contents = NULL;
  gsize size = 0;
  const char *data;

  g_return_val_if_fail (ISC_IS_RESPONSE_CACHE (self), FALSE);
  g_return_val_if_fail (body != NULL, FALSE);

  data = g_bytes_get_data (body, &size);
  /* A body that alone fills the cache would only evict everything else. */
  if (size + 64 > self->max_bytes)
    return TRUE;

  path = isc_response_cache_get_path (self, base_url, query);
  contents = g_string_sized_new (size + 64);
  g_string_append_printf (contents, HEADER_MAGIC "%" G_GINT64_FORMAT "\n",
                          g_get_real_time () / 1000);
  g_string_append_len (contents, data, size);

  g_mutex_lock (&self->mutex);

  /* Its folder is going (a demo's, as the app quits): a store on its way
   * in another thread must not make it again. */
  if (self->closed)
    {
      g_mutex_unlock (&self->mutex);
      return TRUE;
    }

  if (!check_directory (self, TRUE, error))
    {
      g_mutex_unlock (&self->mutex);
      return FALSE;
    }

  if (!g_file_set_contents_full (path, contents->str, contents->len,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0600, error))
    {
      g_mutex_unlock (&self->mutex);
      return FALSE;
    }

  evict (self, path);

  g_mutex_unlock (&self->mutex);

  return TRUE;
}

static void
discard (const char *path,
         const char *why)
{
  g_debug ("Discarding cache file %s: %s", path, why);
  g_unlink (path);
}

/* The contents of @path if it is a regular file of the user's, no larger
 * than the cache; else NULL, with an error only for a failure to read.
 * Opened without following a link, and checked on what was opened. */
static char *
read_own_file (IscResponseCache  *self,
               const char        *path,
               gsize             *length,
               GError           **error)
{
  g_autofree char *contents = NULL;
  GStatBuf st;
  gsize done = 0;
  int fd;

  fd = g_open (path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0);
  if (fd < 0)
    {
      int errsv = errno;

      if (errsv != ENOENT && errsv != ELOOP)
        g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv),
                     _("Could not read the cache file “%s”: %s"), path, g_strerror (errsv));
      return NULL;
    }

  if (fstat (fd, &st) != 0 || !is_own_file (&st) || (guint64) st.st_size > self->max_bytes)
    {
      g_debug ("Ignoring cache file %s: not a file of the user's within the cache's size", path);
      close (fd);
      return NULL;
    }

  contents = g_malloc (st.st_size + 1);
  while (done < (gsize) st.st_size)
    {
      gssize n = read (fd, contents + done, st.st_size - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int errsv = errno;

          close (fd);
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv),
                       _("Could not read the cache file “%s”: %s"), path, g_strerror (errsv));
          return NULL;
        }
      if (n == 0)
        break;
      done += n;
    }
  close (fd);

  contents[done] = '\0';
  *length = done;
  return g_steal_pointer (&contents);
}

IscMetricsResponse *
isc_response_cache_lookup (IscResponseCache  *self,
                           const char        *base_url,
                           const IscQuery    *query,
                           gint64            *stored_ms,
                           GError           **error)
{
  g_autofree char *path = NULL;
  g_autofree char *decoding = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;
  const char *newline;
  const char *body;
  char *end = NULL;
  gsize length = 0;
  gint64 stored;

  g_return_val_if_fail (ISC_IS_RESPONSE_CACHE (self), NULL);

  path = isc_response_cache_get_path (self, base_url, query);

  g_mutex_lock (&self->mutex);

  if (!check_directory (self, FALSE, &local_error))
    {
      g_mutex_unlock (&self->mutex);

      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_debug ("Not reading the cache: %s", local_error->message);
      return NULL;
    }

  contents = read_own_file (self, path, &length, &local_error);
  if (contents == NULL)
    {
      g_mutex_unlock (&self->mutex);

      if (local_error == NULL || g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return NULL;

      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  newline = memchr (contents, '\n', MIN (length, 64));
  if (!g_str_has_prefix (contents, HEADER_MAGIC) || newline == NULL)
    {
      discard (path, "no header");
      g_mutex_unlock (&self->mutex);
      return NULL;
    }

  stored = g_ascii_strtoll (contents + strlen (HEADER_MAGIC), &end, 10);
  if (end != newline || stored <= 0)
    {
      discard (path, "bad header");
      g_mutex_unlock (&self->mutex);
      return NULL;
    }

  /* Out of the way while it is decoded: a crash leaves it under another
   * name, never served again. */
  decoding = g_strconcat (path, ".decoding", NULL);
  if (g_rename (path, decoding) != 0)
    {
      g_mutex_unlock (&self->mutex);
      return NULL;
    }

  body = newline + 1;
  if (decode_hook != NULL)
    decode_hook (path);
  response = isc_metrics_response_new_from_data (body, length - (body - contents), &local_error);
  /* A file that answers another query (written by another version, or
   * by hand) would show the wrong picture, or none. */
  if (response != NULL && !isc_metrics_response_check_answers (response, query, &local_error))
    g_clear_pointer (&response, isc_metrics_response_unref);
  if (response == NULL)
    {
      discard (decoding, local_error->message);
      g_mutex_unlock (&self->mutex);
      return NULL;
    }

  if (g_rename (decoding, path) != 0)
    g_unlink (decoding);

  /* Used now: last in line for eviction. */
  g_utime (path, NULL);

  g_mutex_unlock (&self->mutex);

  /* A stamp ahead of the clock (the clock was wrong when it was written,
   * or is now) tells no age: "less than a minute ago" would be false. */
  if (stored_ms != NULL)
    *stored_ms = stored > g_get_real_time () / 1000 + ISC_RESPONSE_CACHE_CLOCK_SLACK_MS ? 0 : stored;

  return g_steal_pointer (&response);
}

typedef struct
{
  char               *base_url;
  IscQuery           *query;
  IscMetricsResponse *response;
  gint64              stored_ms;
} LookupData;

static void
lookup_data_free (gpointer data)
{
  LookupData *lookup = data;

  g_free (lookup->base_url);
  g_clear_pointer (&lookup->query, isc_query_free);
  g_clear_pointer (&lookup->response, isc_metrics_response_unref);
  g_free (lookup);
}

static void
lookup_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  IscResponseCache *self = source_object;
  LookupData *lookup = task_data;
  GError *error = NULL;

  lookup->response = isc_response_cache_lookup (self, lookup->base_url, lookup->query,
                                                &lookup->stored_ms, &error);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
isc_response_cache_lookup_async (IscResponseCache    *self,
                                 const char          *base_url,
                                 const IscQuery      *query,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LookupData *lookup;

  g_return_if_fail (ISC_IS_RESPONSE_CACHE (self));
  g_return_if_fail (base_url != NULL);
  g_return_if_fail (query != NULL);

  lookup = g_new0 (LookupData, 1);
  lookup->base_url = g_strdup (base_url);
  lookup->query = isc_query_copy (query);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_response_cache_lookup_async);
  g_task_set_task_data (task, lookup, lookup_data_free);
  g_task_run_in_thread (task, lookup_thread);
}

IscMetricsResponse *
isc_response_cache_lookup_finish (IscResponseCache  *self,
                                  GAsyncResult      *result,
                                  gint64            *stored_ms,
                                  GError           **error)
{
  LookupData *lookup;

  g_return_val_if_fail (ISC_IS_RESPONSE_CACHE (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;

  lookup = g_task_get_task_data (G_TASK (result));
  if (stored_ms != NULL)
    *stored_ms = lookup->stored_ms;

  return lookup->response != NULL ? isc_metrics_response_ref (lookup->response) : NULL;
}

guint64
isc_response_cache_get_total_size (IscResponseCache *self)
{
  g_autoptr(GArray) entries = NULL;
  guint64 total = 0;

  g_return_val_if_fail (ISC_IS_RESPONSE_CACHE (self), 0);

  g_mutex_lock (&self->mutex);
  entries = list_entries (self, &total);
  g_mutex_unlock (&self->mutex);

  return total;
}
