/* isc-session.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-account.h"
#include "isc-demo-server.h"
#include "isc-target-list.h"

G_BEGIN_DECLS

/* The application-wide state: the settings, the account in use (a real
 * one, or the demo), the demo server when it runs, and the target list
 * that discovery fills for that account. Windows each have a view
 * (IscView) that follows the session's account.
 *
 * Starting: a non-empty BASETEN_API_KEY, else the keyring's key for the
 * "base-url" setting, makes the account and the state READY; no key
 * makes it WELCOME (the person chooses Connect or the demo); a keyring
 * that fails is WELCOME with "message" saying so, never the demo in
 * silence.
 */

typedef enum
{
  ISC_SESSION_STARTING,  /* looking for the key */
  ISC_SESSION_WELCOME,   /* no key: the welcome page */
  ISC_SESSION_READY,     /* an account (maybe the demo) is in use */
} IscSessionState;

#define ISC_TYPE_SESSION (isc_session_get_type ())

G_DECLARE_FINAL_TYPE (IscSession, isc_session, ISC, SESSION, GObject)

/* settings may be NULL (an uninstalled build without the schema); then
 * the base URL is Baseten's and nothing is kept. cache_dir NULL: the
 * user's cache directory. */
IscSession       *isc_session_new              (GSettings           *settings,
                                                const char          *cache_dir);
GSettings        *isc_session_get_settings     (IscSession          *self);
/* "state" */
IscSessionState   isc_session_get_state        (IscSession          *self);
/* "account": NULL unless READY. */
IscAccount       *isc_session_get_account      (IscSession          *self);
/* "target-list": always the same object; reloaded on each new account. */
IscTargetList    *isc_session_get_target_list  (IscSession          *self);
/* "message": a problem to tell the person (a keyring that failed), or
 * NULL. Cleared by isc_session_clear_message(). */
const char       *isc_session_get_message      (IscSession          *self);
void              isc_session_clear_message    (IscSession          *self);
/* "base-url": the setting's value (Baseten's by default). */
const char       *isc_session_get_base_url     (IscSession          *self);

void              isc_session_start_async      (IscSession          *self,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
gboolean          isc_session_start_finish     (IscSession          *self,
                                                GAsyncResult        *result,
                                                GError             **error);

/* Serves the simulated API in-process and makes it the account. */
gboolean          isc_session_use_demo         (IscSession          *self,
                                                GError             **error);
/* The simulated API while the demo is the account, else NULL: for tests
 * to choose its modes. */
IscDemoServer    *isc_session_get_demo_server  (IscSession          *self);

/* Checks the key, keeps it (isc_account_set_key_async) and makes the
 * account with it READY. A refused key changes nothing. */
void              isc_session_connect_async    (IscSession          *self,
                                                const char          *api_key,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
gboolean          isc_session_connect_finish   (IscSession          *self,
                                                GAsyncResult        *result,
                                                GError             **error);

/* Checks and saves a new base URL, then looks for its key, as at start. */
void              isc_session_set_base_url_async  (IscSession          *self,
                                                   const char          *base_url,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
gboolean          isc_session_set_base_url_finish (IscSession          *self,
                                                   GAsyncResult        *result,
                                                   GError             **error);

/* Forgets the key and goes back to WELCOME. */
void              isc_session_sign_out_async   (IscSession          *self,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
gboolean          isc_session_sign_out_finish  (IscSession          *self,
                                                GAsyncResult        *result,
                                                GError             **error);

G_END_DECLS
