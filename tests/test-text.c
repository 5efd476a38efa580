/* test-text.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "isc-text.h"

#define FFFD "\xef\xbf\xbd"
#define ELLIPSIS "\xe2\x80\xa6"

typedef struct
{
  const char *name;
  const char *input;
  gssize      length;
  const char *expected;
} SanitizeCase;

static const SanitizeCase sanitize_cases[] = {
  { "plain", "baseten_replicas_active", -1, "baseten_replicas_active" },
  { "utf8-kept", "r\xc3\xa9plica \xe2\x88\x9e \xf0\x9f\x98\x80", -1,
    "r\xc3\xa9plica \xe2\x88\x9e \xf0\x9f\x98\x80" },
  /* A terminal title, a clear screen and a bell. */
  { "osc-title", "\x1b]0;owned\x07\x1b[2J", -1, FFFD "]0;owned" FFFD FFFD "[2J" },
  { "newline-tab-cr", "a\nb\tc\rd", -1, "a" FFFD "b" FFFD "c" FFFD "d" },
  { "del", "a\x7f" "b", -1, "a" FFFD "b" },
  /* C1: U+009B CSI, U+009D OSC, U+0085 NEL. */
  { "c1", "a\xc2\x9b" "31mb\xc2\x9d\xc2\x85", -1, "a" FFFD "31mb" FFFD FFFD },
  /* BiDi: RLO, LRE, PDF, LRI, PDI, RLM, LRM, ALM. */
  { "bidi", "x\xe2\x80\xae" "cod.exe\xe2\x80\xaa\xe2\x80\xac\xe2\x81\xa6\xe2\x81\xa9"
            "\xe2\x80\x8f\xe2\x80\x8e\xd8\x9c", -1,
    "x" FFFD "cod.exe" FFFD FFFD FFFD FFFD FFFD FFFD FFFD },
  { "line-separators", "a\xe2\x80\xa8" "b\xe2\x80\xa9", -1, "a" FFFD "b" FFFD },
  /* Not UTF-8: a lone continuation byte, a truncated sequence, an
   * overlong NUL. */
  { "invalid", "a\x80" "b\xe2\x82" "c\xc0\x80", -1, "a" FFFD "b" FFFD FFFD "c" FFFD FFFD },
  /* A NUL inside the given length. */
  { "nul", "a\0b", 3, "a" FFFD "b" },
  { "empty", "", -1, "" },
};

static void
test_sanitize (gconstpointer data)
{
  const SanitizeCase *c = data;
  g_autofree char *out = isc_text_sanitize (c->input, c->length);

  g_assert_cmpstr (out, ==, c->expected);
  g_assert_true (g_utf8_validate (out, -1, NULL));
}

/* Every code point either survives unchanged or becomes U+FFFD, and what
 * is left holds no control character a terminal would act on. All of
 * them in one text, so the test stays quick under ASan. */
static void
test_sanitize_all_code_points (void)
{
  g_autoptr(GString) all = g_string_new (NULL);
  g_autoptr(GString) expected = g_string_new (NULL);
  g_autofree char *out = NULL;

  for (gunichar c = 1; c < 0x110000; c++)
    {
      gboolean unsafe;

      if (c >= 0xD800 && c <= 0xDFFF)
        continue;

      unsafe = g_unichar_iscntrl (c) ||
               c == 0x061C || c == 0x200E || c == 0x200F ||
               (c >= 0x2028 && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
      g_assert_cmpint (isc_text_is_unsafe_char (c), ==, unsafe);

      g_string_append_unichar (all, c);
      if (unsafe)
        g_string_append (expected, FFFD);
      else
        g_string_append_unichar (expected, c);
    }

  out = isc_text_sanitize (all->str, (gssize) all->len);
  g_assert_true (out != NULL && strcmp (out, expected->str) == 0);
}

/* A cut never splits a character and says it cut. */
static void
test_cut_boundary (void)
{
  /* "é" is two bytes: a 40-byte cut of 39 ASCII bytes and "é…" lands
   * inside it. */
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < 39; i++)
    g_string_append_c (text, 'a');
  for (guint i = 0; i < 20; i++)
    g_string_append (text, "\xc3\xa9");

  for (gsize max = 4; max < text->len + 4; max++)
    {
      g_autofree char *cut = isc_text_cut_utf8 (text->str, max);
      g_autofree char *both = isc_text_sanitize_cut (text->str, -1, max);

      g_assert_true (g_utf8_validate (cut, -1, NULL));
      g_assert_cmpuint (strlen (cut), <=, max);
      if (max < text->len)
        g_assert_true (g_str_has_suffix (cut, ELLIPSIS));
      else
        g_assert_cmpstr (cut, ==, text->str);
      g_assert_cmpstr (both, ==, cut);
    }
}

/* Cutting a megabyte of control characters costs what the cut shows. */
static void
test_sanitize_cut_long (void)
{
  gsize length = 1 << 20;
  g_autofree char *hostile = g_malloc (length + 1);
  g_autofree char *out = NULL;

  memset (hostile, '\x1b', length);
  hostile[length] = '\0';
  out = isc_text_sanitize_cut (hostile, -1, 256);

  g_assert_cmpuint (strlen (out), <=, 256);
  g_assert_true (g_str_has_prefix (out, FFFD FFFD));
  g_assert_true (g_str_has_suffix (out, ELLIPSIS));
  g_assert_null (strchr (out, '\x1b'));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (sanitize_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/text/sanitize/%s", sanitize_cases[i].name);
      g_test_add_data_func (path, &sanitize_cases[i], test_sanitize);
    }

  g_test_add_func ("/isc/text/sanitize-all-code-points", test_sanitize_all_code_points);
  g_test_add_func ("/isc/text/cut-boundary", test_cut_boundary);
  g_test_add_func ("/isc/text/sanitize-cut-long", test_sanitize_cut_long);

  return g_test_run ();
}
