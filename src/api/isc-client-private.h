/* isc-client-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "isc-client.h"

G_BEGIN_DECLS

/* For tests: scale every wait between retries (1.0 is real time), and lower
 * the body size cap. */
void  _isc_client_set_delay_scale   (IscClient *self,
                                     double     scale);
/* How long one attempt may take in all, body included. */
void  _isc_client_set_total_timeout (IscClient *self,
                                     guint      total_timeout_ms);
void  _isc_client_set_max_body_size (IscClient *self,
                                     gsize      max_body_size);

G_END_DECLS
