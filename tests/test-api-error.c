/* test-api-error.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "isc-api-error-private.h"

#define FFFD "\xef\xbf\xbd"

/* No byte a terminal acts on, no BiDi control, valid UTF-8. */
static void
assert_printable (const char *message)
{
  g_assert_true (g_utf8_validate (message, -1, NULL));
  for (const char *p = message; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) || (c >= 0x202A && c <= 0x202E) ||
          (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F || c == 0x061C)
        g_error ("U+%04X in \"%s\"", c, message);
    }
}

typedef struct
{
  const char *name;
  const char *body;
  const char *expected;  /* the message of a 400 with this body */
} BodyCase;

static const BodyCase body_cases[] = {
  /* The server's JSON message: an OSC title, a bell, a clear screen. */
  { "json-osc", "{\"message\":\"\\u001b]0;owned\\u0007\\u001b[2Jbad\"}",
    "Baseten rejected the request (HTTP 400): " FFFD "]0;owned" FFFD FFFD "[2Jbad" },
  { "json-bidi", "{\"message\":\"a\\u202eb\\u2066c\\u200fd\"}",
    "Baseten rejected the request (HTTP 400): a" FFFD "b" FFFD "c" FFFD "d" },
  { "json-c1-newline", "{\"error\":\"x\\u009b31my\\nz\"}",
    "Baseten rejected the request (HTTP 400): x" FFFD "31my" FFFD "z" },
  /* A raw body: ESC raw, and a BiDi override as UTF-8. */
  { "raw", "\x1b[31mred\xe2\x80\xae" "evil",
    "Baseten rejected the request (HTTP 400): [31mred" FFFD "evil" },
  { "not-utf8", "{\"message\":\"ok\"} \xff",
    "Baseten rejected the request (HTTP 400): {\"message\":\"ok\"} " FFFD },
};

static void
test_status_body (gconstpointer data)
{
  const BodyCase *c = data;
  g_autoptr(GBytes) body = g_bytes_new_static (c->body, strlen (c->body));
  IscApiFailure failure = { .status = 400, .host = "127.0.0.1", .body = body };
  g_autoptr(GError) error = _isc_api_error_from_status (&failure);

  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_BAD_REQUEST);
  g_assert_cmpstr (error->message, ==, c->expected);
  assert_printable (error->message);
}

/* A long message is cut on a character boundary, whatever its length. */
static void
test_status_long_message (void)
{
  for (guint pad = 0; pad < 4; pad++)
    {
      g_autoptr(GString) json = g_string_new ("{\"message\":\"");
      g_autoptr(GBytes) body = NULL;
      g_autoptr(GError) error = NULL;
      IscApiFailure failure = { .status = 422, .host = "127.0.0.1" };

      for (guint i = 0; i < pad; i++)
        g_string_append_c (json, 'a');
      for (guint i = 0; i < 1000; i++)
        g_string_append (json, "\xe2\x98\x83");  /* U+2603, three bytes */
      g_string_append (json, "\"}");
      body = g_bytes_new (json->str, json->len);
      failure.body = body;

      error = _isc_api_error_from_status (&failure);
      assert_printable (error->message);
      g_assert_true (g_str_has_suffix (error->message, "\xe2\x98\x83\xe2\x80\xa6"));
      g_assert_cmpuint (g_utf8_strlen (error->message, -1), <, 500);
    }
}

/* A 5xx's message too, and a libsoup message about a malformed response. */
static void
test_other_messages (void)
{
  const char *hostile = "{\"message\":\"\\u001b[2J\\u202e\"}";
  g_autoptr(GBytes) body = g_bytes_new_static (hostile, strlen (hostile));
  IscApiFailure failure = { .status = 503, .host = "127.0.0.1", .body = body, .retries = 2 };
  g_autoptr(GError) server = _isc_api_error_from_status (&failure);
  g_autoptr(GError) malformed = _isc_api_error_new_malformed ("header \x1b]0;x\x07");

  g_assert_error (server, ISC_API_ERROR, ISC_API_ERROR_SERVER);
  assert_printable (server->message);
  g_assert_nonnull (strstr (server->message, FFFD "[2J" FFFD));
  assert_printable (malformed->message);
  g_assert_true (g_str_has_suffix (malformed->message, "header " FFFD "]0;x" FFFD));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (body_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/api-error/status-body/%s", body_cases[i].name);
      g_test_add_data_func (path, &body_cases[i], test_status_body);
    }

  g_test_add_func ("/isc/api-error/long-message", test_status_long_message);
  g_test_add_func ("/isc/api-error/other-messages", test_other_messages);

  return g_test_run ();
}
