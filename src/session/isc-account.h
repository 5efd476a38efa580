/* isc-account.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-client.h"
#include "isc-credentials.h"
#include "isc-demo-server.h"
#include "isc-response-cache.h"

G_BEGIN_DECLS

/* Where Inferscope reads metrics from: a base URL and a key, and the
 * IscClient and IscResponseCache they make (the account owns both; the
 * client stores good responses in the cache, the loaders look them up).
 * The demo account is the simulated API served in-process: no key, and a
 * cache of its own in a private temporary directory that is removed with
 * the account (its address changes every run, so nothing it kept would
 * be found again).
 *
 * The key is never logged, put in a property that can be read, or in a
 * message.
 */

#define ISC_TYPE_ACCOUNT (isc_account_get_type ())

G_DECLARE_FINAL_TYPE (IscAccount, isc_account, ISC, ACCOUNT, GObject)

/* cache NULL: no cache. FALSE with ISC_API_ERROR_INVALID_URL for a base
 * URL the client refuses. */
IscAccount       *isc_account_new               (const char          *base_url,
                                                 const char          *api_key,
                                                 IscKeySource         key_source,
                                                 IscResponseCache    *cache,
                                                 GError             **error);
IscAccount       *isc_account_new_demo          (IscDemoServer       *server,
                                                 GError             **error);
/* "base-url" */
const char       *isc_account_get_base_url      (IscAccount          *self);
/* "is-demo" */
gboolean          isc_account_get_is_demo       (IscAccount          *self);
/* "has-key", "key-source" */
gboolean          isc_account_has_key           (IscAccount          *self);
IscKeySource      isc_account_get_key_source    (IscAccount          *self);
/* "client", "cache" (cache may be NULL) */
IscClient        *isc_account_get_client        (IscAccount          *self);
IscResponseCache *isc_account_get_cache         (IscAccount          *self);
/* At quit: a demo account's cache folder goes now, whatever still holds
 * the account (a request under way in another thread, a window not yet
 * finalized), and its cache writes nothing more. Other accounts: nothing. */
void              isc_account_close             (IscAccount          *self);
/* "user" (IscUser, boxed) and "workspace" (string): who the key belongs
 * to, once checked; NULL until then, and for the demo "Demo". */
IscUser          *isc_account_get_user          (IscAccount          *self);
const char       *isc_account_get_workspace     (IscAccount          *self);

/* GET /v1/users/me with the current key; sets "user" on success. */
void              isc_account_check_async       (IscAccount          *self,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
IscUser          *isc_account_check_finish      (IscAccount          *self,
                                                 GAsyncResult        *result,
                                                 GError             **error);

/* Checks api_key with GET /v1/users/me (a refused key is
 * ISC_API_ERROR_KEY_REFUSED and changes nothing), then keeps it in the
 * keyring for the base URL and uses it. When the keyring could not keep
 * it, the key is still used for this session, and keyring_message (when
 * not NULL) is set to the words that say so; the call still succeeds. */
void              isc_account_set_key_async     (IscAccount          *self,
                                                 const char          *api_key,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
gboolean          isc_account_set_key_finish    (IscAccount          *self,
                                                 GAsyncResult        *result,
                                                 char               **keyring_message,
                                                 GError             **error);
/* Forgets the key in the keyring and here ("has-key" becomes FALSE). */
void              isc_account_forget_key_async  (IscAccount          *self,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
gboolean          isc_account_forget_key_finish (IscAccount          *self,
                                                 GAsyncResult        *result,
                                                 GError             **error);

/* Checks that a target exists before it is added by id: the model, then
 * the deployment (by id) or the environment (by name) in its lists. A
 * missing one is ISC_API_ERROR_NOT_FOUND in words that name it. On
 * success the target carries the names discovery gave. */
void              isc_account_resolve_target_async  (IscAccount          *self,
                                                     const char          *model_id,
                                                     IscTargetKind        kind,
                                                     const char          *id,
                                                     GCancellable        *cancellable,
                                                     GAsyncReadyCallback  callback,
                                                     gpointer             user_data);
/* An IscTarget (isc-target.h) */
struct _IscTarget;
struct _IscTarget *isc_account_resolve_target_finish (IscAccount          *self,
                                                      GAsyncResult        *result,
                                                      GError             **error);

G_END_DECLS
