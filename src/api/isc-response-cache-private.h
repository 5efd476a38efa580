/* isc-response-cache-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-response-cache.h"

G_BEGIN_DECLS

/* For tests: called by isc_response_cache_lookup () with the file's path
 * just before its body is decoded, as a decoder that crashes would be. */
typedef void (*IscResponseCacheDecodeHook) (const char *path);

void _isc_response_cache_set_decode_hook (IscResponseCacheDecodeHook hook);

G_END_DECLS
