/* isc-credentials.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-credentials"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-credentials.h"

/* Keys kept for this session only, by base URL. */
static GMutex session_mutex;
static GHashTable *session_keys;

void
isc_credentials_key_free (char *api_key)
{
  if (api_key != NULL)
    memset (api_key, 0, strlen (api_key));
  g_free (api_key);
}

static void
session_set (const char *base_url,
             const char *api_key)
{
  g_mutex_lock (&session_mutex);

  if (session_keys == NULL)
    session_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) isc_credentials_key_free);

  if (api_key != NULL)
    g_hash_table_replace (session_keys, g_strdup (base_url), g_strdup (api_key));
  else
    g_hash_table_remove (session_keys, base_url);

  g_mutex_unlock (&session_mutex);
}

static char *
session_get (const char *base_url)
{
  char *api_key = NULL;

  g_mutex_lock (&session_mutex);
  if (session_keys != NULL)
    api_key = g_strdup (g_hash_table_lookup (session_keys, base_url));
  g_mutex_unlock (&session_mutex);

  return api_key;
}

static char *
environment_key (void)
{
  const char *value = g_getenv (ISC_CREDENTIALS_ENV);
  g_autofree char *key = NULL;

  if (value == NULL)
    return NULL;

  key = g_strstrip (g_strdup (value));
  if (key[0] == '\0')
    return NULL;

  return g_steal_pointer (&key);
}

const SecretSchema *
isc_credentials_get_schema (void)
{
  static const SecretSchema schema = {
    "io.github.inferscope.Inferscope.ApiKey", SECRET_SCHEMA_NONE,
    {
      { "base-url", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    }
  };

  return &schema;
}

/* What the keyring was asked to do, so that its failure is told in words
 * that fit: a lookup that fails is not a key that could not be kept. */
typedef enum
{
  KEYRING_LOOKUP,
  KEYRING_STORE,
  KEYRING_CLEAR,
} KeyringOp;

/* A keyring failure in words; the libsecret text says which part failed
 * and never holds the secret. A cancellation stays what it is, silent.
 * The advice holds in the window and in `inferscope export` alike:
 * BASETEN_API_KEY works in both. */
static GError *
keyring_error (const GError *error,
               KeyringOp     op)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return g_error_copy (error);

  if (error->domain == SECRET_ERROR)
    {
      switch (op)
        {
        case KEYRING_LOOKUP:
          return g_error_new (ISC_API_ERROR, ISC_API_ERROR_KEYRING,
                              _("The keyring could not give the API key (%s). Unlock the keyring, "
                                "or set BASETEN_API_KEY."),
                              error->message);
        case KEYRING_CLEAR:
          return g_error_new (ISC_API_ERROR, ISC_API_ERROR_KEYRING,
                              _("The keyring could not forget the API key (%s). Unlock the keyring, "
                                "then try again."),
                              error->message);
        case KEYRING_STORE:
        default:
          return g_error_new (ISC_API_ERROR, ISC_API_ERROR_KEYRING,
                              _("The keyring could not keep the API key (%s), so it is kept only until "
                                "Inferscope quits. Unlock the keyring to keep it."),
                              error->message);
        }
    }

  switch (op)
    {
    case KEYRING_LOOKUP:
      return g_error_new (ISC_API_ERROR, ISC_API_ERROR_NO_KEYRING,
                          _("No keyring is available (%s) to look up the API key. Set BASETEN_API_KEY, "
                            "or install and start a Secret Service such as GNOME Keyring."),
                          error->message);
    case KEYRING_CLEAR:
      return g_error_new (ISC_API_ERROR, ISC_API_ERROR_NO_KEYRING,
                          _("No keyring is available (%s), so the API key was forgotten for this "
                            "session only."),
                          error->message);
    case KEYRING_STORE:
    default:
      return g_error_new (ISC_API_ERROR, ISC_API_ERROR_NO_KEYRING,
                          _("No keyring is available (%s), so the API key is kept only until "
                            "Inferscope quits. Install and start a Secret Service such as "
                            "GNOME Keyring to keep it."),
                          error->message);
    }
}

/* Lookup */

typedef struct
{
  char         *base_url;
  IscKeySource  source;
} LookupData;

static void
lookup_data_free (gpointer data)
{
  LookupData *lookup = data;

  g_free (lookup->base_url);
  g_free (lookup);
}

static void
on_password_lookup (GObject      *object,
                    GAsyncResult *result,
                    gpointer      data)
{
  g_autoptr(GTask) task = data;
  LookupData *lookup = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  char *password;

  password = secret_password_lookup_finish (result, &error);
  if (error != NULL)
    {
      g_task_return_error (task, keyring_error (error, KEYRING_LOOKUP));
      return;
    }

  if (password != NULL)
    {
      char *copy = g_strdup (password);

      secret_password_free (password);
      lookup->source = ISC_KEY_SOURCE_KEYRING;
      g_task_return_pointer (task, copy, (GDestroyNotify) isc_credentials_key_free);
      return;
    }

  lookup->source = ISC_KEY_SOURCE_NONE;
  g_task_return_pointer (task, NULL, NULL);
}

void
isc_credentials_lookup_async (const char          *base_url,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  LookupData *lookup;
  char *api_key;

  g_return_if_fail (base_url != NULL);

  lookup = g_new0 (LookupData, 1);
  lookup->base_url = g_strdup (base_url);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_credentials_lookup_async);
  g_task_set_task_data (task, lookup, lookup_data_free);

  if ((api_key = environment_key ()))
    {
      lookup->source = ISC_KEY_SOURCE_ENVIRONMENT;
      g_task_return_pointer (task, api_key, (GDestroyNotify) isc_credentials_key_free);
      return;
    }

  if ((api_key = session_get (base_url)))
    {
      lookup->source = ISC_KEY_SOURCE_SESSION;
      g_task_return_pointer (task, api_key, (GDestroyNotify) isc_credentials_key_free);
      return;
    }

  secret_password_lookup (isc_credentials_get_schema (), cancellable,
                          on_password_lookup, g_steal_pointer (&task),
                          "base-url", base_url,
                          NULL);
}

char *
isc_credentials_lookup_finish (GAsyncResult  *result,
                               IscKeySource  *source,
                               GError       **error)
{
  LookupData *lookup;
  char *api_key;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  lookup = g_task_get_task_data (G_TASK (result));
  api_key = g_task_propagate_pointer (G_TASK (result), error);

  if (source != NULL)
    *source = api_key != NULL ? lookup->source : ISC_KEY_SOURCE_NONE;

  return api_key;
}

char *
isc_credentials_lookup_sync (const char    *base_url,
                             IscKeySource  *source,
                             GCancellable  *cancellable,
                             GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  char *api_key;
  char *password;

  g_return_val_if_fail (base_url != NULL, NULL);

  if (source != NULL)
    *source = ISC_KEY_SOURCE_NONE;

  if ((api_key = environment_key ()))
    {
      if (source != NULL)
        *source = ISC_KEY_SOURCE_ENVIRONMENT;
      return api_key;
    }

  if ((api_key = session_get (base_url)))
    {
      if (source != NULL)
        *source = ISC_KEY_SOURCE_SESSION;
      return api_key;
    }

  password = secret_password_lookup_sync (isc_credentials_get_schema (), cancellable, &local_error,
                                          "base-url", base_url,
                                          NULL);
  if (local_error != NULL)
    {
      g_propagate_error (error, keyring_error (local_error, KEYRING_LOOKUP));
      return NULL;
    }

  if (password == NULL)
    return NULL;

  api_key = g_strdup (password);
  secret_password_free (password);
  if (source != NULL)
    *source = ISC_KEY_SOURCE_KEYRING;

  return api_key;
}

/* Store */

static void
on_password_stored (GObject      *object,
                    GAsyncResult *result,
                    gpointer      data)
{
  g_autoptr(GTask) task = data;
  g_autoptr(GError) error = NULL;

  if (!secret_password_store_finish (result, &error))
    {
      g_task_return_error (task, keyring_error (error, KEYRING_STORE));
      return;
    }

  g_task_return_boolean (task, TRUE);
}

void
isc_credentials_store_async (const char          *base_url,
                             const char          *api_key,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *label = NULL;
  g_autofree char *trimmed = NULL;

  g_return_if_fail (base_url != NULL);
  g_return_if_fail (api_key != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_credentials_store_async);

  trimmed = g_strstrip (g_strdup (api_key));

  /* The session copy is what makes "for this session only" work when the
   * keyring is missing; the keyring copy outlives the session. */
  session_set (base_url, trimmed);

  /* TRANSLATORS: the label of the key in the keyring; %s is a URL */
  label = g_strdup_printf (_("Baseten API key for %s"), base_url);
  secret_password_store (isc_credentials_get_schema (), SECRET_COLLECTION_DEFAULT,
                         label, trimmed, cancellable,
                         on_password_stored, g_steal_pointer (&task),
                         "base-url", base_url,
                         NULL);

  memset (trimmed, 0, strlen (trimmed));
}

gboolean
isc_credentials_store_finish (GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Clear */

static void
on_password_cleared (GObject      *object,
                     GAsyncResult *result,
                     gpointer      data)
{
  g_autoptr(GTask) task = data;
  g_autoptr(GError) error = NULL;

  secret_password_clear_finish (result, &error);
  if (error != NULL)
    {
      g_task_return_error (task, keyring_error (error, KEYRING_CLEAR));
      return;
    }

  g_task_return_boolean (task, TRUE);
}

void
isc_credentials_clear_async (const char          *base_url,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (base_url != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, isc_credentials_clear_async);

  session_set (base_url, NULL);
  secret_password_clear (isc_credentials_get_schema (), cancellable,
                         on_password_cleared, g_steal_pointer (&task),
                         "base-url", base_url,
                         NULL);
}

gboolean
isc_credentials_clear_finish (GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
