/* isc-account.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-account"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#ifdef G_OS_UNIX
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "isc-account.h"
#include "isc-api-error.h"
#include "isc-target.h"

struct _IscAccount
{
  GObject           parent_instance;

  char             *base_url;
  IscKeySource      key_source;
  gboolean          is_demo;
  char             *workspace;
  /* The demo's cache directory, removed with the account, and the
   * descriptor that holds its lock while the account lives (-1: none). */
  char             *temp_cache_dir;
  int               temp_cache_lock;

  /* Owned references */
  IscClient        *client;
  IscResponseCache *cache;
  IscUser          *user;
};

G_DEFINE_FINAL_TYPE (IscAccount, isc_account, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_BASE_URL,
  PROP_IS_DEMO,
  PROP_HAS_KEY,
  PROP_KEY_SOURCE,
  PROP_CLIENT,
  PROP_CACHE,
  PROP_USER,
  PROP_WORKSPACE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
wipe_free (char *key)
{
  if (key != NULL)
    memset (key, 0, strlen (key));
  g_free (key);
}

/* Removes the demo's cache directory and the files in it; the cache keeps
 * one flat level of files. */
static void
remove_cache_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }

  g_rmdir (dir);
}

/* The demo's cache directories in the temporary folder, each
 * "inferscope-demo-XXXXXX", and how long one may go untouched, unlocked,
 * before it counts as left behind. */
#define DEMO_DIR_PREFIX  "inferscope-demo-"
#define DEMO_DIR_STALE_S (10 * 60)

/* Takes the lock a demo holds on its cache directory for as long as it
 * runs: the descriptor that holds it, or -1 when another process holds
 * it (or the directory cannot be opened). The kernel lets go of it when
 * the process ends, however it ends. */
static int
lock_cache_dir (const char *dir)
{
#ifdef G_OS_UNIX
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

  if (fd < 0)
    return -1;
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      close (fd);
      return -1;
    }
  return fd;
#else
  return -1;
#endif
}

static void
unlock_cache_dir (int fd)
{
#ifdef G_OS_UNIX
  if (fd >= 0)
    close (fd);
#endif
}

/* A demo ended by SIGKILL (or a crash, or a power cut) leaves its cache
 * directory behind: at the next start, remove each of this user's that no
 * running demo holds and that nothing has touched for a while (a demo
 * that has just made its directory may not hold it yet; one from a
 * version that took no lock writes to it on every refresh). */
static void
remove_stale_cache_dirs (void)
{
#ifdef G_OS_UNIX
  const char *tmp = g_get_tmp_dir ();
  g_autoptr(GDir) d = g_dir_open (tmp, 0, NULL);
  gint64 now_s = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      GStatBuf st;
      int fd;

      if (!g_str_has_prefix (name, DEMO_DIR_PREFIX))
        continue;
      path = g_build_filename (tmp, name, NULL);
      if (g_lstat (path, &st) != 0 || !S_ISDIR (st.st_mode) || st.st_uid != getuid () ||
          now_s - (gint64) st.st_mtime < DEMO_DIR_STALE_S)
        continue;
      fd = lock_cache_dir (path);
      if (fd < 0)
        continue;
      g_debug ("Removing the demo cache %s, left behind", path);
      remove_cache_dir (path);
      unlock_cache_dir (fd);
    }
#endif
}

static void
isc_account_dispose (GObject *object)
{
  IscAccount *self = (IscAccount *) object;

  /* The demo's folder goes at finalize: a request still running in
   * another thread holds the cache, and must not make it again. */
  if (self->temp_cache_dir != NULL && self->cache != NULL)
    isc_response_cache_close (self->cache);
  g_clear_object (&self->client);
  g_clear_object (&self->cache);
  g_clear_pointer (&self->user, isc_user_unref);

  G_OBJECT_CLASS (isc_account_parent_class)->dispose (object);
}

void
isc_account_close (IscAccount *self)
{
  g_return_if_fail (ISC_IS_ACCOUNT (self));

  if (self->temp_cache_dir == NULL)
    return;
  if (self->cache != NULL)
    isc_response_cache_close (self->cache);
  remove_cache_dir (self->temp_cache_dir);
  unlock_cache_dir (self->temp_cache_lock);
  self->temp_cache_lock = -1;
  g_clear_pointer (&self->temp_cache_dir, g_free);
}

static void
isc_account_finalize (GObject *object)
{
  IscAccount *self = (IscAccount *) object;

  if (self->temp_cache_dir != NULL)
    remove_cache_dir (self->temp_cache_dir);
  unlock_cache_dir (self->temp_cache_lock);
  self->temp_cache_lock = -1;

  g_clear_pointer (&self->temp_cache_dir, g_free);
  g_clear_pointer (&self->base_url, g_free);
  g_clear_pointer (&self->workspace, g_free);

  G_OBJECT_CLASS (isc_account_parent_class)->finalize (object);
}

static void
isc_account_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  IscAccount *self = ISC_ACCOUNT (object);

  switch (prop_id)
    {
    case PROP_BASE_URL:
      g_value_set_string (value, self->base_url);
      break;

    case PROP_IS_DEMO:
      g_value_set_boolean (value, self->is_demo);
      break;

    case PROP_HAS_KEY:
      g_value_set_boolean (value, isc_account_has_key (self));
      break;

    case PROP_KEY_SOURCE:
      g_value_set_uint (value, self->key_source);
      break;

    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;

    case PROP_CACHE:
      g_value_set_object (value, self->cache);
      break;

    case PROP_USER:
      g_value_set_boxed (value, self->user);
      break;

    case PROP_WORKSPACE:
      g_value_set_string (value, self->workspace);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_account_class_init (IscAccountClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_account_dispose;
  object_class->finalize = isc_account_finalize;
  object_class->get_property = isc_account_get_property;

  properties[PROP_BASE_URL] =
    g_param_spec_string ("base-url", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_IS_DEMO] =
    g_param_spec_boolean ("is-demo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HAS_KEY] =
    g_param_spec_boolean ("has-key", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* An IscKeySource. */
  properties[PROP_KEY_SOURCE] =
    g_param_spec_uint ("key-source", NULL, NULL,
                       ISC_KEY_SOURCE_NONE, ISC_KEY_SOURCE_KEYRING, ISC_KEY_SOURCE_NONE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL, ISC_TYPE_CLIENT,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CACHE] =
    g_param_spec_object ("cache", NULL, NULL, ISC_TYPE_RESPONSE_CACHE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_USER] =
    g_param_spec_boxed ("user", NULL, NULL, ISC_TYPE_USER,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WORKSPACE] =
    g_param_spec_string ("workspace", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_account_init (IscAccount *self)
{
  self->temp_cache_lock = -1;
}

IscAccount *
isc_account_new (const char        *base_url,
                 const char        *api_key,
                 IscKeySource       key_source,
                 IscResponseCache  *cache,
                 GError           **error)
{
  g_autoptr(IscAccount) self = NULL;
  g_autoptr(IscClient) client = NULL;
  gboolean has_key = api_key != NULL && *api_key != '\0';

  g_return_val_if_fail (cache == NULL || ISC_IS_RESPONSE_CACHE (cache), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  client = isc_client_new (base_url, has_key ? api_key : NULL, error);
  if (client == NULL)
    return NULL;

  self = g_object_new (ISC_TYPE_ACCOUNT, NULL);
  self->client = g_steal_pointer (&client);
  self->base_url = g_strdup (isc_client_get_base_url (self->client));
  self->key_source = has_key ? key_source : ISC_KEY_SOURCE_NONE;
  if (cache != NULL)
    {
      self->cache = g_object_ref (cache);
      isc_client_set_cache (self->client, cache);
    }

  return g_steal_pointer (&self);
}

IscAccount *
isc_account_new_demo (IscDemoServer  *server,
                      GError        **error)
{
  g_autoptr(IscAccount) self = NULL;
  g_autoptr(IscResponseCache) cache = NULL;
  g_autofree char *dir = NULL;
  const char *base_url;
  int lock = -1;

  g_return_val_if_fail (ISC_IS_DEMO_SERVER (server), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  base_url = isc_demo_server_get_base_url (server);
  if (base_url == NULL)
    {
      g_set_error_literal (error, ISC_API_ERROR, ISC_API_ERROR_INVALID_URL,
                           _("The demo is not running, so there is nothing to connect to."));
      return NULL;
    }

  /* A cache of its own, so the demo shows the last data and its age when
   * its server stops, as a real account does; in a private temporary
   * directory that goes with the account, since the demo's address
   * changes every run and nothing it kept would be found again. Without
   * a directory the demo simply has no cache. */
  remove_stale_cache_dirs ();
  dir = g_dir_make_tmp (DEMO_DIR_PREFIX "XXXXXX", NULL);
  if (dir != NULL)
    {
      lock = lock_cache_dir (dir);
      cache = isc_response_cache_new (dir, 0);
    }

  self = isc_account_new (base_url, NULL, ISC_KEY_SOURCE_NONE, cache, error);
  if (self == NULL)
    {
      if (dir != NULL)
        remove_cache_dir (dir);
      unlock_cache_dir (lock);
      return NULL;
    }

  self->is_demo = TRUE;
  self->temp_cache_dir = g_steal_pointer (&dir);
  self->temp_cache_lock = lock;
  /* Translators: the workspace shown for the simulated API. */
  self->workspace = g_strdup (_("Demo"));

  return g_steal_pointer (&self);
}

const char *
isc_account_get_base_url (IscAccount *self)
{
  g_return_val_if_fail (ISC_IS_ACCOUNT (self), NULL);

  return self->base_url;
}

gboolean
isc_account_get_is_demo (IscAccount *self)
{
  g_return_val_if_fail (ISC_IS_ACCOUNT (self), FALSE);

  return self->is_demo;
}

gboolean
isc_account_has_key (IscAccount *self)
{
  g_return_val_if_fail (ISC_IS_ACCOUNT (self), FALSE);

  return self->client != NULL && isc_client_has_api_key (self->client);
}

IscKeySource
isc_account_get_key_source (IscAccount *self)
{
  g_return_val_if_fail (ISC_IS_ACCOUNT (self), ISC_KEY_SOURCE_NONE);

  return self->key_source;
}

IscClient *
isc_account_get_client (IscAccount *self)
{
  g_return_val_if_fail (ISC_IS_ACCOUNT (self), NULL);

  return self->client;
}

IscResponseCache *
isc_account_get_cache (IscAccount *self)
{
  g_return_val_if_fail (ISC_IS_ACCOUNT (self), NULL);

  return self->cache;
}

IscUser *
isc_account_get_user (IscAccount *self)
{
  g_return_val_if_fail (ISC_IS_ACCOUNT (self), NULL);

  return self->user;
}

const char *
isc_account_get_workspace (IscAccount *self)
{
  g_return_val_if_fail (ISC_IS_ACCOUNT (self), NULL);

  return self->workspace;
}

/* Sets "user" and, except for the demo, "workspace" from it. */
static void
set_user (IscAccount *self,
          IscUser    *user)
{
  if (self->user != user)
    {
      g_clear_pointer (&self->user, isc_user_unref);
      if (user != NULL)
        self->user = isc_user_ref (user);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USER]);
    }

  if (!self->is_demo)
    {
      const char *workspace = user != NULL ? user->workspace_name : NULL;

      if (g_strcmp0 (workspace, self->workspace) != 0)
        {
          g_free (self->workspace);
          self->workspace = g_strdup (workspace);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WORKSPACE]);
        }
    }
}

static void
set_key (IscAccount   *self,
         const char   *api_key,
         IscKeySource  source)
{
  gboolean had_key = isc_account_has_key (self);

  isc_client_set_api_key (self->client, api_key);
  if (api_key == NULL)
    source = ISC_KEY_SOURCE_NONE;

  if (self->key_source != source)
    {
      self->key_source = source;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KEY_SOURCE]);
    }

  if (had_key != isc_account_has_key (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_KEY]);
}

/* Check */

static void
on_user_checked (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  IscAccount *self = g_task_get_source_object (task);
  g_autoptr(IscUser) user = NULL;
  GError *error = NULL;

  user = isc_client_get_current_user_finish (ISC_CLIENT (object), result, &error);
  if (user == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  set_user (self, user);
  g_task_return_pointer (task, g_steal_pointer (&user), (GDestroyNotify) isc_user_unref);
}

void
isc_account_check_async (IscAccount          *self,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ISC_IS_ACCOUNT (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_account_check_async);

  isc_client_get_current_user_async (self->client, cancellable, on_user_checked, g_steal_pointer (&task));
}

IscUser *
isc_account_check_finish (IscAccount    *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (ISC_IS_ACCOUNT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Set key */

typedef struct
{
  char      *api_key;
  IscClient *checker;
  IscUser   *user;
  char      *keyring_message;
} SetKey;

static void
set_key_free (gpointer data)
{
  SetKey *state = data;

  wipe_free (state->api_key);
  g_clear_object (&state->checker);
  g_clear_pointer (&state->user, isc_user_unref);
  g_free (state->keyring_message);
  g_free (state);
}

static void
on_key_stored (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  IscAccount *self = g_task_get_source_object (task);
  SetKey *state = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  IscKeySource source = ISC_KEY_SOURCE_KEYRING;

  if (!isc_credentials_store_finish (result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }

      /* The key works; only keeping it failed. Use it for this session
       * and say why it will be asked for again. */
      source = ISC_KEY_SOURCE_SESSION;
      state->keyring_message = g_strdup (error->message);
    }

  set_key (self, state->api_key, source);
  set_user (self, state->user);
  g_task_return_boolean (task, TRUE);
}

static void
on_new_key_checked (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  IscAccount *self = g_task_get_source_object (task);
  SetKey *state = g_task_get_task_data (task);
  GCancellable *cancellable;
  GError *error = NULL;

  state->user = isc_client_get_current_user_finish (ISC_CLIENT (object), result, &error);
  if (state->user == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  cancellable = g_task_get_cancellable (task);
  isc_credentials_store_async (self->base_url, state->api_key, cancellable,
                               on_key_stored, g_steal_pointer (&task));
}

void
isc_account_set_key_async (IscAccount          *self,
                           const char          *api_key,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  SetKey *state;

  g_return_if_fail (ISC_IS_ACCOUNT (self));
  g_return_if_fail (api_key != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_account_set_key_async);

  state = g_new0 (SetKey, 1);
  state->api_key = g_strstrip (g_strdup (api_key));
  g_task_set_task_data (task, state, set_key_free);

  if (state->api_key[0] == '\0')
    {
      g_task_return_new_error (task, ISC_API_ERROR, ISC_API_ERROR_NO_KEY,
                               _("The API key is empty. Paste the key from Baseten’s "
                                 "account settings, under API keys."));
      return;
    }

  /* A client of its own checks the key, so a refused key never reaches
   * the account's client, nor the keyring. */
  state->checker = isc_client_new (self->base_url, state->api_key, &error);
  if (state->checker == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  isc_client_get_current_user_async (state->checker, cancellable,
                                     on_new_key_checked, g_steal_pointer (&task));
}

gboolean
isc_account_set_key_finish (IscAccount    *self,
                            GAsyncResult  *result,
                            char         **keyring_message,
                            GError       **error)
{
  SetKey *state;
  gboolean ok;

  g_return_val_if_fail (ISC_IS_ACCOUNT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  state = g_task_get_task_data (G_TASK (result));
  ok = g_task_propagate_boolean (G_TASK (result), error);

  if (keyring_message != NULL)
    *keyring_message = ok ? g_strdup (state->keyring_message) : NULL;

  return ok;
}

/* Forget key */

static void
on_key_cleared (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!isc_credentials_clear_finish (result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
isc_account_forget_key_async (IscAccount          *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ISC_IS_ACCOUNT (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_account_forget_key_async);

  /* Here at once: even when the keyring fails to forget it, this account
   * stops using the key. */
  set_key (self, NULL, ISC_KEY_SOURCE_NONE);
  set_user (self, NULL);

  isc_credentials_clear_async (self->base_url, cancellable, on_key_cleared, g_steal_pointer (&task));
}

gboolean
isc_account_forget_key_finish (IscAccount    *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (ISC_IS_ACCOUNT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Resolve */

typedef struct
{
  char          *model_id;
  IscTargetKind  kind;
  char          *id;
  guint          pending;
  GPtrArray     *models;    /* NULL when they could not be listed */
  GPtrArray     *children;  /* deployments or environments */
  GError        *error;     /* listing the children failed */
} Resolve;

static void
resolve_free (gpointer data)
{
  Resolve *resolve = data;

  g_free (resolve->model_id);
  g_free (resolve->id);
  g_clear_pointer (&resolve->models, g_ptr_array_unref);
  g_clear_pointer (&resolve->children, g_ptr_array_unref);
  g_clear_error (&resolve->error);
  g_free (resolve);
}

static void
resolve_complete (GTask *task)
{
  Resolve *resolve = g_task_get_task_data (task);
  const char *model_name = NULL;
  const char *name = NULL;
  gboolean found = FALSE;

  if (resolve->error != NULL)
    {
      g_task_return_error (task, g_steal_pointer (&resolve->error));
      return;
    }

  for (guint i = 0; resolve->models != NULL && i < resolve->models->len; i++)
    {
      IscModel *model = g_ptr_array_index (resolve->models, i);

      if (g_strcmp0 (model->id, resolve->model_id) == 0)
        model_name = model->name;
    }

  for (guint i = 0; !found && i < resolve->children->len; i++)
    {
      if (resolve->kind == ISC_TARGET_DEPLOYMENT)
        {
          IscDeployment *deployment = g_ptr_array_index (resolve->children, i);

          found = g_strcmp0 (deployment->id, resolve->id) == 0;
          if (found)
            name = deployment->name;
        }
      else
        {
          IscEnvironment *environment = g_ptr_array_index (resolve->children, i);

          found = g_strcmp0 (environment->name, resolve->id) == 0;
        }
    }

  if (!found)
    {
      if (resolve->kind == ISC_TARGET_DEPLOYMENT)
        g_task_return_new_error (task, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND,
                                 _("Model “%s” has no deployment “%s”. Check the deployment ID."),
                                 resolve->model_id, resolve->id);
      else
        g_task_return_new_error (task, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND,
                                 _("Model “%s” has no environment “%s”. Check the environment name."),
                                 resolve->model_id, resolve->id);
      return;
    }

  g_task_return_pointer (task,
                         isc_target_new (resolve->model_id, resolve->kind, resolve->id, model_name, name),
                         (GDestroyNotify) isc_target_free);
}

static void
resolve_one_done (GTask *task)
{
  Resolve *resolve = g_task_get_task_data (task);

  if (--resolve->pending == 0)
    resolve_complete (task);
}

static void
on_resolve_models (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Resolve *resolve = g_task_get_task_data (task);

  /* Only for the model's name: without the list, the id is shown. */
  resolve->models = isc_client_list_models_finish (ISC_CLIENT (object), result, NULL);
  resolve_one_done (task);
}

static void
on_resolve_children (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Resolve *resolve = g_task_get_task_data (task);

  if (resolve->kind == ISC_TARGET_DEPLOYMENT)
    resolve->children = isc_client_list_deployments_finish (ISC_CLIENT (object), result, &resolve->error);
  else
    resolve->children = isc_client_list_environments_finish (ISC_CLIENT (object), result, &resolve->error);

  resolve_one_done (task);
}

void
isc_account_resolve_target_async (IscAccount          *self,
                                  const char          *model_id,
                                  IscTargetKind        kind,
                                  const char          *id,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Resolve *resolve;

  g_return_if_fail (ISC_IS_ACCOUNT (self));
  g_return_if_fail (model_id != NULL);
  g_return_if_fail (id != NULL);
  g_return_if_fail (kind == ISC_TARGET_DEPLOYMENT || kind == ISC_TARGET_ENVIRONMENT);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_account_resolve_target_async);

  resolve = g_new0 (Resolve, 1);
  resolve->model_id = g_strstrip (g_strdup (model_id));
  resolve->kind = kind;
  resolve->id = g_strstrip (g_strdup (id));
  g_task_set_task_data (task, resolve, resolve_free);

  if (resolve->model_id[0] == '\0')
    {
      g_task_return_new_error (task, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND,
                               _("Enter the model’s ID."));
      return;
    }
  if (resolve->id[0] == '\0')
    {
      g_task_return_new_error (task, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND,
                               kind == ISC_TARGET_DEPLOYMENT ? _("Enter the deployment’s ID.")
                                                             : _("Enter the environment’s name."));
      return;
    }

  /* The model's list (for its name) and its children at once. */
  resolve->pending = 2;
  isc_client_list_models_async (self->client, cancellable, on_resolve_models, g_object_ref (task));
  if (kind == ISC_TARGET_DEPLOYMENT)
    isc_client_list_deployments_async (self->client, resolve->model_id, cancellable,
                                       on_resolve_children, g_steal_pointer (&task));
  else
    isc_client_list_environments_async (self->client, resolve->model_id, cancellable,
                                        on_resolve_children, g_steal_pointer (&task));
}

IscTarget *
isc_account_resolve_target_finish (IscAccount    *self,
                                   GAsyncResult  *result,
                                   GError       **error)
{
  g_return_val_if_fail (ISC_IS_ACCOUNT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
