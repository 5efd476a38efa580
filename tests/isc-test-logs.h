/* isc-test-logs.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A SoupServer that answers GET …/logs as baseten-api.md says: the
 * window [start, end] in ms (both ends in, as a boundary line can come
 * twice), direction, limit, min_level, replica, request_id and a
 * search_pattern (a substring here; one with an unbalanced "(" is
 * refused with a 400, as RE2 would). Its lines are "line N", N counting
 * from 0, with nanosecond times a few µs past their ms; replica-a and
 * replica-b by turns, request ids "req-N", levels INFO, INFO, DEBUG,
 * WARNING, ERROR and none by turns. Every logs request's query is
 * recorded; any other path is a 404.
 */

#pragma once

#include <libsoup/soup.h>

#include "isc-client.h"

G_BEGIN_DECLS

#define MINUTE_MS G_GINT64_CONSTANT (60000)

typedef struct
{
  gint64  time_ns;
  guint   index;
} FakeLine;

typedef struct
{
  SoupServer *server;
  char       *base_url;
  GArray     *lines;       /* FakeLine, oldest first */
  GPtrArray  *queries;     /* each request's query string */
  IscClient  *client;
  guint       next_index;
} Fake;

Fake *fake_new       (void);
void  fake_free      (Fake   *fake);
/* @n lines, one every @spacing_ms, the newest @newest_ago_ms before now. */
void  fake_add_lines (Fake   *fake,
                      guint   n,
                      gint64  spacing_ms,
                      gint64  newest_ago_ms);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Fake, fake_free)

G_END_DECLS
