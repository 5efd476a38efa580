/* isc-credentials.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <libsecret/secret.h>

G_BEGIN_DECLS

/* The Baseten API key, kept in the keyring (libsecret, schema
 * "io.github.inferscope.Inferscope.ApiKey", keyed by base URL). A
 * non-empty BASETEN_API_KEY in the environment overrides it. Where no
 * Secret Service is available, storing fails with ISC_API_ERROR_NO_KEYRING
 * in words and the key is kept for this session only (in memory).
 *
 * Nothing here logs or prints the key, or puts it in an error message.
 */

#define ISC_CREDENTIALS_ENV "BASETEN_API_KEY"

typedef enum
{
  ISC_KEY_SOURCE_NONE,
  ISC_KEY_SOURCE_ENVIRONMENT,
  ISC_KEY_SOURCE_SESSION,
  ISC_KEY_SOURCE_KEYRING,
} IscKeySource;

const SecretSchema *isc_credentials_get_schema      (void);
/* Overwrites a key before freeing it, so it does not linger in freed
 * memory; NULL is ignored. */
void                isc_credentials_key_free        (char *api_key);

/* The key for base_url, NULL with no error when none is kept. */
void      isc_credentials_lookup_async  (const char           *base_url,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
char     *isc_credentials_lookup_finish (GAsyncResult         *result,
                                         IscKeySource         *source,
                                         GError              **error);
/* For the headless export: blocks on the keyring. */
char     *isc_credentials_lookup_sync   (const char           *base_url,
                                         IscKeySource         *source,
                                         GCancellable         *cancellable,
                                         GError              **error);

/* Always keeps the key for the session; FALSE with ISC_API_ERROR_NO_KEYRING
 * or ISC_API_ERROR_KEYRING when the keyring could not keep it too. */
void      isc_credentials_store_async   (const char           *base_url,
                                         const char           *api_key,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
gboolean  isc_credentials_store_finish  (GAsyncResult         *result,
                                         GError              **error);

/* Forgets the key for base_url in the session and the keyring. */
void      isc_credentials_clear_async   (const char           *base_url,
                                         GCancellable         *cancellable,
                                         GAsyncReadyCallback   callback,
                                         gpointer              user_data);
gboolean  isc_credentials_clear_finish  (GAsyncResult         *result,
                                         GError              **error);

G_END_DECLS
