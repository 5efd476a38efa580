/* isc-session.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-session"

#include "config.h"

#include <string.h>

#include "isc-api-error.h"
#include "isc-session.h"

/* The simulated API's data: the same as `inferscope --demo`. */
#define DEMO_SEED 1

struct _IscSession
{
  GObject           parent_instance;

  IscSessionState   state;
  char             *base_url;
  char             *message;
  char             *cache_dir;

  /* Owned references */
  GSettings        *settings;
  IscAccount       *account;
  IscTargetList    *target_list;
  IscResponseCache *cache;
  IscDemoServer    *demo_server;
  GCancellable     *cancellable;
};

G_DEFINE_FINAL_TYPE (IscSession, isc_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_CACHE_DIR,
  PROP_STATE,
  PROP_ACCOUNT,
  PROP_TARGET_LIST,
  PROP_MESSAGE,
  PROP_BASE_URL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_state (IscSession      *self,
           IscSessionState  state)
{
  if (self->state == state)
    return;

  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
set_message (IscSession *self,
             const char *message)
{
  if (g_strcmp0 (self->message, message) == 0)
    return;

  g_free (self->message);
  self->message = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
}

static void
set_base_url (IscSession *self,
              const char *base_url)
{
  if (g_strcmp0 (self->base_url, base_url) == 0)
    return;

  g_free (self->base_url);
  self->base_url = g_strdup (base_url);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BASE_URL]);
}

static void
on_list_reloaded (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  /* The list keeps its own error for the sidebar to show. */
  isc_target_list_reload_finish (ISC_TARGET_LIST (object), result, NULL);
}

/* Makes account the one in use (NULL: none) and fills the target list
 * for it; the demo server stops when the demo is left. */
static void
set_account (IscSession *self,
             IscAccount *account)
{
  if (self->account != account)
    {
      /* Another account's targets, added ones included, are not this one's. */
      if (self->account != NULL)
        isc_target_list_clear (self->target_list);

      g_set_object (&self->account, account);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACCOUNT]);
    }

  if (account == NULL || !isc_account_get_is_demo (account))
    g_clear_object (&self->demo_server);

  if (account != NULL)
    {
      isc_target_list_reload_async (self->target_list, isc_account_get_client (account),
                                    self->cancellable, on_list_reloaded, NULL);
      set_state (self, ISC_SESSION_READY);
    }
  else
    {
      isc_target_list_clear (self->target_list);
    }
}

/* The setting may have changed since (another window's Preferences, or
 * gsettings): each start reads it again. */
static void
read_base_url (IscSession *self)
{
  g_autofree char *base_url = NULL;

  if (self->settings != NULL)
    base_url = g_settings_get_string (self->settings, "base-url");
  if (base_url == NULL || base_url[0] == '\0')
    {
      g_free (base_url);
      base_url = g_strdup (ISC_CLIENT_DEFAULT_BASE_URL);
    }
  set_base_url (self, base_url);
}

static void
isc_session_constructed (GObject *object)
{
  IscSession *self = (IscSession *) object;

  G_OBJECT_CLASS (isc_session_parent_class)->constructed (object);

  read_base_url (self);

  self->cache = isc_response_cache_new (self->cache_dir, 0);
}

static void
isc_session_dispose (GObject *object)
{
  IscSession *self = (IscSession *) object;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->account);
  g_clear_object (&self->target_list);
  g_clear_object (&self->demo_server);
  g_clear_object (&self->cache);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (isc_session_parent_class)->dispose (object);
}

static void
isc_session_finalize (GObject *object)
{
  IscSession *self = (IscSession *) object;

  g_clear_pointer (&self->base_url, g_free);
  g_clear_pointer (&self->message, g_free);
  g_clear_pointer (&self->cache_dir, g_free);

  G_OBJECT_CLASS (isc_session_parent_class)->finalize (object);
}

static void
isc_session_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  IscSession *self = ISC_SESSION (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    case PROP_CACHE_DIR:
      g_value_set_string (value, self->cache_dir);
      break;

    case PROP_STATE:
      g_value_set_uint (value, self->state);
      break;

    case PROP_ACCOUNT:
      g_value_set_object (value, self->account);
      break;

    case PROP_TARGET_LIST:
      g_value_set_object (value, self->target_list);
      break;

    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;

    case PROP_BASE_URL:
      g_value_set_string (value, self->base_url);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_session_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  IscSession *self = ISC_SESSION (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    case PROP_CACHE_DIR:
      self->cache_dir = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_session_class_init (IscSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = isc_session_constructed;
  object_class->dispose = isc_session_dispose;
  object_class->finalize = isc_session_finalize;
  object_class->get_property = isc_session_get_property;
  object_class->set_property = isc_session_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CACHE_DIR] =
    g_param_spec_string ("cache-dir", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* An IscSessionState. */
  properties[PROP_STATE] =
    g_param_spec_uint ("state", NULL, NULL,
                       ISC_SESSION_STARTING, ISC_SESSION_READY, ISC_SESSION_STARTING,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ACCOUNT] =
    g_param_spec_object ("account", NULL, NULL, ISC_TYPE_ACCOUNT,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TARGET_LIST] =
    g_param_spec_object ("target-list", NULL, NULL, ISC_TYPE_TARGET_LIST,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BASE_URL] =
    g_param_spec_string ("base-url", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_session_init (IscSession *self)
{
  self->state = ISC_SESSION_STARTING;
  self->target_list = isc_target_list_new ();
  self->cancellable = g_cancellable_new ();
}

IscSession *
isc_session_new (GSettings  *settings,
                 const char *cache_dir)
{
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (ISC_TYPE_SESSION,
                       "settings", settings,
                       "cache-dir", cache_dir,
                       NULL);
}

GSettings *
isc_session_get_settings (IscSession *self)
{
  g_return_val_if_fail (ISC_IS_SESSION (self), NULL);

  return self->settings;
}

IscSessionState
isc_session_get_state (IscSession *self)
{
  g_return_val_if_fail (ISC_IS_SESSION (self), ISC_SESSION_STARTING);

  return self->state;
}

IscAccount *
isc_session_get_account (IscSession *self)
{
  g_return_val_if_fail (ISC_IS_SESSION (self), NULL);

  return self->account;
}

IscTargetList *
isc_session_get_target_list (IscSession *self)
{
  g_return_val_if_fail (ISC_IS_SESSION (self), NULL);

  return self->target_list;
}

const char *
isc_session_get_message (IscSession *self)
{
  g_return_val_if_fail (ISC_IS_SESSION (self), NULL);

  return self->message;
}

void
isc_session_clear_message (IscSession *self)
{
  g_return_if_fail (ISC_IS_SESSION (self));

  set_message (self, NULL);
}

const char *
isc_session_get_base_url (IscSession *self)
{
  g_return_val_if_fail (ISC_IS_SESSION (self), NULL);

  return self->base_url;
}

/* Start: look for the key of the base URL */

static void
on_key_looked_up (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  IscSession *self = g_task_get_source_object (task);
  g_autoptr(IscAccount) account = NULL;
  g_autoptr(GError) error = NULL;
  IscKeySource source = ISC_KEY_SOURCE_NONE;
  char *api_key;

  api_key = isc_credentials_lookup_finish (result, &source, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (api_key != NULL)
    {
      account = isc_account_new (self->base_url, api_key, source, self->cache, &error);
      isc_credentials_key_free (api_key);
    }

  if (account != NULL)
    {
      set_account (self, account);
    }
  else
    {
      /* No key, or one that cannot be used: the person chooses. A keyring
       * that failed says so rather than leaving them to guess. */
      set_account (self, NULL);
      set_state (self, ISC_SESSION_WELCOME);
      if (error != NULL)
        set_message (self, error->message);
    }

  g_task_return_boolean (task, TRUE);
}

/* Takes task over. */
static void
look_for_key (IscSession *self,
              GTask      *task)
{
  GCancellable *cancellable = g_task_get_cancellable (task);

  set_account (self, NULL);
  set_state (self, ISC_SESSION_STARTING);

  isc_credentials_lookup_async (self->base_url, cancellable, on_key_looked_up, task);
}

void
isc_session_start_async (IscSession          *self,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ISC_IS_SESSION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_session_start_async);

  read_base_url (self);
  look_for_key (self, g_steal_pointer (&task));
}

gboolean
isc_session_start_finish (IscSession    *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (ISC_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Demo */

IscDemoServer *
isc_session_get_demo_server (IscSession *self)
{
  g_return_val_if_fail (ISC_IS_SESSION (self), NULL);

  return self->demo_server;
}

gboolean
isc_session_use_demo (IscSession  *self,
                      GError     **error)
{
  g_autoptr(IscDemoServer) server = NULL;
  g_autoptr(IscAccount) account = NULL;

  g_return_val_if_fail (ISC_IS_SESSION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->account != NULL && isc_account_get_is_demo (self->account))
    return TRUE;

  /* A thread of its own, so the demo answers even while the main loop is
   * busy drawing. */
  server = isc_demo_server_new (DEMO_SEED, NULL);
  if (!isc_demo_server_run_in_thread (server, 0, error))
    return FALSE;

  account = isc_account_new_demo (server, error);
  if (account == NULL)
    return FALSE;

  set_account (self, account);
  g_set_object (&self->demo_server, server);
  set_message (self, NULL);

  return TRUE;
}

/* Connect */

static void
on_key_set (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  IscSession *self = g_task_get_source_object (task);
  IscAccount *account = ISC_ACCOUNT (object);
  g_autofree char *keyring_message = NULL;
  GError *error = NULL;

  if (!isc_account_set_key_finish (account, result, &keyring_message, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  set_account (self, account);
  set_message (self, keyring_message);
  g_task_return_boolean (task, TRUE);
}

void
isc_session_connect_async (IscSession          *self,
                           const char          *api_key,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(IscAccount) account = NULL;
  GError *error = NULL;

  g_return_if_fail (ISC_IS_SESSION (self));
  g_return_if_fail (api_key != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_session_connect_async);

  /* The account in use when it is for this base URL (a new key for it),
   * else a new one that becomes the account only once the key works. */
  if (self->account != NULL &&
      !isc_account_get_is_demo (self->account) &&
      g_str_equal (isc_account_get_base_url (self->account), self->base_url))
    account = g_object_ref (self->account);
  else
    account = isc_account_new (self->base_url, NULL, ISC_KEY_SOURCE_NONE, self->cache, &error);

  if (account == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  isc_account_set_key_async (account, api_key, cancellable, on_key_set, g_steal_pointer (&task));
}

gboolean
isc_session_connect_finish (IscSession    *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (ISC_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Base URL */

void
isc_session_set_base_url_async (IscSession          *self,
                                const char          *base_url,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *checked = NULL;
  GError *error = NULL;

  g_return_if_fail (ISC_IS_SESSION (self));
  g_return_if_fail (base_url != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_session_set_base_url_async);

  checked = isc_client_check_base_url (base_url, &error);
  if (checked == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  if (self->settings != NULL)
    g_settings_set_string (self->settings, "base-url", checked);
  set_base_url (self, checked);
  set_message (self, NULL);

  look_for_key (self, g_steal_pointer (&task));
}

gboolean
isc_session_set_base_url_finish (IscSession    *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (ISC_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Sign out */

static void
on_key_forgotten (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  /* Signed out even when the keyring could not forget the key; the error
   * says so. */
  if (!isc_account_forget_key_finish (ISC_ACCOUNT (object), result, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

void
isc_session_sign_out_async (IscSession          *self,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(IscAccount) account = NULL;

  g_return_if_fail (ISC_IS_SESSION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_session_sign_out_async);

  if (self->account != NULL)
    account = g_object_ref (self->account);

  set_account (self, NULL);
  set_state (self, ISC_SESSION_WELCOME);
  set_message (self, NULL);

  if (account == NULL || isc_account_get_is_demo (account))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  isc_account_forget_key_async (account, cancellable, on_key_forgotten, g_steal_pointer (&task));
}

gboolean
isc_session_sign_out_finish (IscSession    *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (ISC_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
