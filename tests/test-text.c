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
#define FSI "\xe2\x81\xa8"
#define PDI "\xe2\x81\xa9"

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

typedef struct
{
  const char *name;
  const char *input;
  const char *id;
  const char *expected;
  gboolean    bare;       /* TRUE: shown as it is, without isolates */
} DisplayCase;

#define ACUTE "\xcc\x81"   /* U+0301 COMBINING ACUTE ACCENT */

static const DisplayCase display_cases[] = {
  /* Left-to-right whatever surrounds it: as it is. */
  { "plain", "production", "d1", "production", TRUE },
  { "plain-digits-spaces", "chat v2.1 prod-8", "d1", "chat v2.1 prod-8", TRUE },
  /* A digit or a neutral at an edge could move: isolated. */
  { "digit-first", "8ball", "d1", "8ball" },
  { "space-last", "prod ", "d1", "prod " },
  { "paren-last", "prod (old)", "d1", "prod (old)" },
  { "markup-is-text", "<b>prod</b> & <a href='x'>", "d1", "<b>prod</b> & <a href='x'>" },
  { "utf8-kept", "r\xc3\xa9plica \xe2\x88\x9e", "d1", "r\xc3\xa9plica \xe2\x88\x9e" },
  { "rtl-name", "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d v2", "d1", "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d v2" },
  /* "prod" RLO "gnitset": reads "prodtesting" unless the override shows. */
  { "rlo", "prod\xe2\x80\xae" "gnitset", "d1", "prod<U+202E>gnitset" },
  { "isolates-and-marks", "a\xe2\x81\xa6" "b\xe2\x81\xa9\xe2\x80\x8e\xe2\x80\x8f\xd8\x9c", "d1",
    "a<U+2066>b<U+2069><U+200E><U+200F><U+061C>" },
  /* Zero-width space, non-joiner, joiner, word joiner, BOM, soft hyphen. */
  { "zero-width", "pro\xe2\x80\x8b" "duc\xe2\x80\x8c" "ti\xe2\x80\x8d" "on\xe2\x81\xa0\xef\xbb\xbf\xc2\xad", "d1",
    "pro<U+200B>duc<U+200C>ti<U+200D>on<U+2060><U+FEFF><U+00AD>" },
  { "variation-selector-on-letter", "p\xef\xb8\x8f" "rod", "d1", "p<U+FE0F>rod" },
  { "fillers", "a\xe3\x85\xa4" "b\xe2\xa0\x80" "c\xcd\x8f", "d1", "a<U+3164>b<U+2800>c<U+034F>" },
  /* Emoji sequences keep their joiners and selectors. */
  { "emoji", "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x92\xbb \xe2\x9d\xa4\xef\xb8\x8f", "d1",
    "\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x92\xbb \xe2\x9d\xa4\xef\xb8\x8f" },
  { "emoji-skin-tone", "\xf0\x9f\x91\xa9\xf0\x9f\x8f\xbd\xe2\x80\x8d\xf0\x9f\x92\xbb", "d1",
    "\xf0\x9f\x91\xa9\xf0\x9f\x8f\xbd\xe2\x80\x8d\xf0\x9f\x92\xbb" },
  /* One line: newlines, tabs, escapes as their pictures. */
  { "newlines", "prod\nuction\r\n\tx\x1b[2J\x7f", "d1",
    "prod\xe2\x90\x8auction\xe2\x90\x8d\xe2\x90\x8a\xe2\x90\x89x\xe2\x90\x9b[2J\xe2\x90\xa1" },
  { "c1-and-separators", "a\xc2\x85" "b\xe2\x80\xa8" "c\xe2\x80\xa9", "d1", "a<U+0085>b<U+2028>c<U+2029>" },
  { "invalid-utf8", "a\xff" "b\xe2\x82", "d1", "a" FFFD "b" FFFD FFFD },
  { "noncharacter", "a\xef\xbf\xbf" "b", "d1", "a<U+FFFF>b" },
  /* Vietnamese: two marks on a letter stay. */
  { "two-marks", "e\xcc\x82\xcc\x81", "d1", "e\xcc\x82\xcc\x81" },
  { "many-marks", "z" ACUTE ACUTE ACUTE ACUTE ACUTE ACUTE ACUTE ACUTE "a" ACUTE, "d1",
    "z" ACUTE ACUTE ACUTE ACUTE FFFD "a" ACUTE },
  /* Names that would look empty: a placeholder with the id. */
  { "null", NULL, "q8w3e1r", "Unnamed (q8w3e1r)" },
  { "empty", "", "q8w3e1r", "Unnamed (q8w3e1r)" },
  { "spaces", "   \xc2\xa0\xe3\x80\x80", "q8w3e1r", "Unnamed (q8w3e1r)" },
  { "zero-width-only", "\xe2\x80\x8b\xe2\x80\x8c\xef\xbb\xbf", "q8w3e1r", "Unnamed (q8w3e1r)" },
  { "marks-only", ACUTE ACUTE, "q8w3e1r", "Unnamed (q8w3e1r)" },
  { "no-id", "  ", NULL, "Unnamed" },
  { "hostile-id", "", "a\nb\xe2\x80\xae", "Unnamed (" FSI "a\xe2\x90\x8a" "b<U+202E>" PDI ")" },
};

static void
test_display_name (gconstpointer data)
{
  const DisplayCase *c = data;
  g_autofree char *out = isc_text_display_name (c->input, c->id);
  g_autofree char *expected = c->bare ? g_strdup (c->expected) : g_strconcat (FSI, c->expected, PDI, NULL);

  g_assert_cmpstr (out, ==, expected);
  g_assert_true (g_utf8_validate (out, -1, NULL));
}

/* Whatever comes in, what goes out is one line of characters that can
 * be seen, isolated once, no longer than the bound. Every code point, a
 * name's worth at a time, so the test stays quick under ASan. */
static void
test_display_name_all_code_points (void)
{
  g_autoptr(GString) name = g_string_new (NULL);
  g_autoptr(GString) all = g_string_new (NULL);
  guint n_names = 0;

  for (gunichar c = 1; c <= 0x110000; c++)
    {
      g_autofree char *out = NULL;
      guint n_isolates = 0;

      if (c < 0x110000 && !(c >= 0xD800 && c <= 0xDFFF))
        g_string_append_unichar (name, c);
      if (c < 0x110000 && (c % ISC_TEXT_MAX_NAME_CHARS) != 0)
        continue;

      out = isc_text_display_name (name->str, "id");
      g_string_truncate (name, 0);
      n_names++;
      g_assert_true (g_str_has_prefix (out, FSI) && g_str_has_suffix (out, PDI));

      for (const char *p = out; *p != '\0'; p = g_utf8_next_char (p))
        {
          gunichar o = g_utf8_get_char (p);
          GUnicodeType type = g_unichar_type (o);

          if (o == 0x2068 || o == 0x2069)
            {
              n_isolates++;
              continue;
            }
          if (type == G_UNICODE_CONTROL || type == G_UNICODE_FORMAT ||
              type == G_UNICODE_LINE_SEPARATOR || type == G_UNICODE_PARAGRAPH_SEPARATOR ||
              type == G_UNICODE_UNASSIGNED)
            g_error ("a name of U+%04X… shows U+%04X", c - ISC_TEXT_MAX_NAME_CHARS, o);
        }
      /* Once around the name, or around a placeholder. */
      g_assert_cmpuint (n_isolates, ==, 2);
    }
  g_assert_cmpuint (n_names, >, 0x110000 / ISC_TEXT_MAX_NAME_CHARS);

  /* Only ASCII that cannot reorder is as it is. */
  for (gunichar c = 1; c < 0x80; c++)
    {
      char buf[2] = { (char) c, 0 };
      g_autofree char *out = isc_text_display_name (buf, "id");

      g_assert_true (g_ascii_isalpha (c) ? strcmp (out, buf) == 0 : g_str_has_prefix (out, FSI));
    }

  /* A long name is cut. */
  for (guint i = 0; i < 10000; i++)
    g_string_append (all, "ab");
  {
    g_autofree char *out = isc_text_display_name (all->str, "id");

    g_assert_cmpuint (g_utf8_strlen (out, -1), ==, ISC_TEXT_MAX_NAME_CHARS + 3);
    g_assert_true (g_str_has_suffix (out, ELLIPSIS PDI));
  }
}

/* A filter's words find a name whatever its case, and nothing in no name. */
static void
test_contains_folded (void)
{
  g_autofree char *needle = g_utf8_casefold ("Chat", -1);
  g_autofree char *sharp = g_utf8_casefold ("STRASSE", -1);

  g_assert_true (isc_text_contains_folded ("demo-CHAT-production", needle));
  g_assert_true (isc_text_contains_folded ("chat", needle));
  g_assert_false (isc_text_contains_folded ("demo-embed", needle));
  g_assert_false (isc_text_contains_folded (NULL, needle));
  /* Folding, not lower-casing: ß matches ss. */
  g_assert_true (isc_text_contains_folded ("hauptstraße", sharp));
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

  for (guint i = 0; i < G_N_ELEMENTS (display_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/text/display-name/%s", display_cases[i].name);
      g_test_add_data_func (path, &display_cases[i], test_display_name);
    }

  g_test_add_func ("/isc/text/sanitize-all-code-points", test_sanitize_all_code_points);
  g_test_add_func ("/isc/text/display-name-all-code-points", test_display_name_all_code_points);
  g_test_add_func ("/isc/text/cut-boundary", test_cut_boundary);
  g_test_add_func ("/isc/text/sanitize-cut-long", test_sanitize_cut_long);
  g_test_add_func ("/isc/text/contains-folded", test_contains_folded);

  return g_test_run ();
}
