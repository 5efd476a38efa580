/* isc-test-logs.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "isc-test-logs.h"


static const char *
level_of (guint index)
{
  static const char * const levels[] = { "INFO", "INFO", "DEBUG", "WARNING", "ERROR", NULL };

  return levels[index % G_N_ELEMENTS (levels)];
}

static gboolean
passes (const FakeLine *line,
        GHashTable     *query)
{
  const char *min_level = query != NULL ? g_hash_table_lookup (query, "min_level") : NULL;
  const char *replica = query != NULL ? g_hash_table_lookup (query, "replica") : NULL;
  const char *request_id = query != NULL ? g_hash_table_lookup (query, "request_id") : NULL;
  const char *pattern = query != NULL ? g_hash_table_lookup (query, "search_pattern") : NULL;
  g_autofree char *line_replica = g_strdup_printf ("replica-%c", 'a' + line->index % 2);
  g_autofree char *line_request = g_strdup_printf ("req-%u", line->index);
  g_autofree char *message = g_strdup_printf ("line %u", line->index);
  const char *level = level_of (line->index);

  if (min_level != NULL)
    {
      static const char * const order[] = { "DEBUG", "INFO", "WARNING", "ERROR" };
      int want = -1, have = -1;

      for (int i = 0; i < 4; i++)
        {
          if (g_strcmp0 (order[i], min_level) == 0)
            want = i;
          if (g_strcmp0 (order[i], level) == 0)
            have = i;
        }
      if (have < want || have < 0)
        return FALSE;
    }
  if (replica != NULL && g_strcmp0 (replica, line_replica) != 0)
    return FALSE;
  if (request_id != NULL && g_strcmp0 (request_id, line_request) != 0)
    return FALSE;
  if (pattern != NULL && strstr (message, pattern) == NULL)
    return FALSE;
  return TRUE;
}

static void
append_line_json (GString        *out,
                  const FakeLine *line)
{
  const char *level = level_of (line->index);

  g_string_append_printf (out,
                          "{\"timestamp\":\"%" G_GINT64_FORMAT "\",\"message\":\"line %u\","
                          "\"replica\":\"replica-%c\",\"request_id\":\"req-%u\"",
                          line->time_ns, line->index, 'a' + line->index % 2, line->index);
  if (level != NULL)
    g_string_append_printf (out, ",\"level\":\"%s\"", level);
  g_string_append_c (out, '}');
}

static void
fake_callback (SoupServer        *server,
               SoupServerMessage *message,
               const char        *path,
               GHashTable        *query,
               gpointer           user_data)
{
  Fake *fake = user_data;
  GUri *uri = soup_server_message_get_uri (message);
  const char *start = query != NULL ? g_hash_table_lookup (query, "start_epoch_millis") : NULL;
  const char *end = query != NULL ? g_hash_table_lookup (query, "end_epoch_millis") : NULL;
  const char *direction = query != NULL ? g_hash_table_lookup (query, "direction") : NULL;
  const char *limit_text = query != NULL ? g_hash_table_lookup (query, "limit") : NULL;
  const char *pattern = query != NULL ? g_hash_table_lookup (query, "search_pattern") : NULL;
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 start_ms = start != NULL ? g_ascii_strtoll (start, NULL, 10) : now_ms - 30 * MINUTE_MS;
  gint64 end_ms = end != NULL ? g_ascii_strtoll (end, NULL, 10) : now_ms;
  guint limit = limit_text != NULL ? (guint) g_ascii_strtoull (limit_text, NULL, 10) : 500;
  gboolean desc = g_strcmp0 (direction, "desc") == 0;
  g_autoptr(GArray) picked = g_array_new (FALSE, FALSE, sizeof (FakeLine));
  GString *out;

  /* The window's view asks for metrics too: not this server's. */
  if (!g_str_has_suffix (path, "/logs"))
    {
      soup_server_message_set_status (message, SOUP_STATUS_NOT_FOUND, NULL);
      return;
    }
  g_ptr_array_add (fake->queries, g_strdup (g_uri_get_query (uri)));
  /* RE2 refuses an unbalanced parenthesis. */
  if (pattern != NULL && strchr (pattern, '(') != NULL && strchr (pattern, ')') == NULL)
    {
      const char *body = "{\"code\":\"INVALID_ARGUMENT\",\"message\":\"Invalid search_pattern: missing ): (\"}";

      soup_server_message_set_status (message, SOUP_STATUS_BAD_REQUEST, NULL);
      soup_server_message_set_response (message, "application/json", SOUP_MEMORY_COPY, body, strlen (body));
      return;
    }

  for (guint k = 0; k < fake->lines->len && picked->len < limit; k++)
    {
      guint i = desc ? fake->lines->len - 1 - k : k;
      const FakeLine *line = &g_array_index (fake->lines, FakeLine, i);
      gint64 ms = line->time_ns / 1000000;

      if (ms < start_ms || ms > end_ms || !passes (line, query))
        continue;
      g_array_append_val (picked, *line);
    }

  out = g_string_new ("{\"logs\":[");
  for (guint i = 0; i < picked->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      append_line_json (out, &g_array_index (picked, FakeLine, i));
    }
  g_string_append (out, "]}");
  soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
  {
    gsize len = out->len;

    soup_server_message_set_response (message, "application/json", SOUP_MEMORY_TAKE,
                                      g_string_free (out, FALSE), len);
  }
}

/* @n lines, one every @spacing_ms, the newest @newest_ago_ms before now;
 * each a few µs past its ms, as real times are. */
void
fake_add_lines (Fake   *fake,
                guint   n,
                gint64  spacing_ms,
                gint64  newest_ago_ms)
{
  gint64 newest_ns = (g_get_real_time () / 1000 - newest_ago_ms) * 1000000;

  for (guint i = 0; i < n; i++)
    {
      FakeLine line = {
        .time_ns = newest_ns - (gint64) (n - 1 - i) * spacing_ms * 1000000 + 123456,
        .index = fake->next_index++,
      };

      g_array_append_val (fake->lines, line);
    }
}

Fake *
fake_new (void)
{
  Fake *fake = g_new0 (Fake, 1);
  g_autoptr(GError) error = NULL;
  g_autoslist(GUri) uris = NULL;

  fake->server = soup_server_new (NULL, NULL);
  fake->lines = g_array_new (FALSE, FALSE, sizeof (FakeLine));
  fake->queries = g_ptr_array_new_with_free_func (g_free);
  soup_server_add_handler (fake->server, NULL, fake_callback, fake, NULL);
  soup_server_listen_local (fake->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);
  uris = soup_server_get_uris (fake->server);
  fake->base_url = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  fake->client = isc_client_new (fake->base_url, NULL, &error);
  g_assert_no_error (error);
  return fake;
}

void
fake_free (Fake *fake)
{
  g_clear_object (&fake->client);
  soup_server_disconnect (fake->server);
  g_clear_object (&fake->server);
  g_array_unref (fake->lines);
  g_ptr_array_unref (fake->queries);
  g_free (fake->base_url);
  g_free (fake);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}


