/* isc-api-error.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Every failure of the api layer, in words a person can act on. A query that
 * cannot be sent keeps its ISC_QUERY_ERROR; a cancelled request is
 * G_IO_ERROR_CANCELLED and is never shown. No message ever holds the key.
 */

#define ISC_API_ERROR (isc_api_error_quark ())

typedef enum
{
  ISC_API_ERROR_INVALID_URL,   /* not https, and http not to this computer */
  ISC_API_ERROR_NO_KEY,        /* 401 without any key */
  ISC_API_ERROR_KEY_REFUSED,   /* 401, 403 */
  ISC_API_ERROR_NOT_FOUND,     /* 404: no such model, deployment or environment */
  ISC_API_ERROR_BAD_REQUEST,   /* 400, 422 and other 4xx, with the server's message */
  ISC_API_ERROR_RATE_LIMITED,  /* 429 after 3 retries */
  ISC_API_ERROR_SERVER,        /* 5xx after 2 retries */
  ISC_API_ERROR_NETWORK,       /* refused, unreachable, connection lost */
  ISC_API_ERROR_DNS,           /* the host name does not resolve */
  ISC_API_ERROR_TLS,           /* certificate or handshake failure */
  ISC_API_ERROR_TIMEOUT,       /* connect or idle timeout */
  ISC_API_ERROR_TOO_LARGE,     /* a body over the size cap */
  ISC_API_ERROR_MALFORMED,     /* a body that cannot be decoded, is cut off, or answers another query */
  ISC_API_ERROR_NO_KEYRING,    /* no Secret Service: the key is kept for the session */
  ISC_API_ERROR_KEYRING,       /* the keyring failed otherwise */
  ISC_API_ERROR_SEARCH_PATTERN, /* logs: a 400 refusing the query's search pattern; the
                                 * message says so with Baseten's reason, for beside the
                                 * search field */
  ISC_API_ERROR_NOT_PERMITTED, /* 403 on billing or Model API usage: this key may not
                                * read that feature; hide it, say so once */
} IscApiError;

GQuark isc_api_error_quark (void);

G_END_DECLS
