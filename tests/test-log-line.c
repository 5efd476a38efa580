/* test-log-line.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "isc-log-line.h"
#include "isc-logs-decoder.h"

/* Control pictures and other symbols a safe message shows. */
#define FFFD   "\xef\xbf\xbd"
#define SYM_NUL "\xe2\x90\x80"   /* ␀ */
#define SYM_BEL "\xe2\x90\x87"   /* ␇ */
#define SYM_LF  "\xe2\x90\x8a"   /* ␊ */
#define SYM_CR  "\xe2\x90\x8d"   /* ␍ */
#define SYM_ESC "\xe2\x90\x9b"   /* ␛ */
#define SYM_DEL "\xe2\x90\xa1"   /* ␡ */
#define ELLIPSIS "\xe2\x80\xa6"

/* A page of one line whose message is the JSON string text @json_message. */
static GPtrArray *
decode_one (const char *json_message)
{
  g_autofree char *body = g_strdup_printf ("{\"logs\":[{\"timestamp\":\"1796191915382123456\","
                                           "\"message\":\"%s\",\"replica\":\"abcde\"}]}",
                                           json_message);
  g_autoptr(GError) error = NULL;
  GPtrArray *lines = isc_logs_decode (body, strlen (body), &error);

  g_assert_no_error (error);
  g_assert_nonnull (lines);
  g_assert_cmpuint (lines->len, ==, 1);
  return lines;
}

static void
assert_safe (const char *text)
{
  g_assert_true (g_utf8_validate (text, -1, NULL));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      g_assert_false (c < 0x20 || (c >= 0x7F && c <= 0x9F));
      g_assert_false ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069));
    }
}

/* ------------------------------------------------------------------------
 * Levels
 * ------------------------------------------------------------------------ */

static void
test_levels (void)
{
  IscLogLevel level = ISC_LOG_LEVEL_NONE;

  g_assert_null (isc_log_level_to_api (ISC_LOG_LEVEL_NONE));
  g_assert_cmpstr (isc_log_level_to_api (ISC_LOG_LEVEL_DEBUG), ==, "DEBUG");
  g_assert_cmpstr (isc_log_level_to_api (ISC_LOG_LEVEL_INFO), ==, "INFO");
  g_assert_cmpstr (isc_log_level_to_api (ISC_LOG_LEVEL_WARNING), ==, "WARNING");
  g_assert_cmpstr (isc_log_level_to_api (ISC_LOG_LEVEL_ERROR), ==, "ERROR");

  g_assert_true (isc_log_level_from_api ("WARNING", &level));
  g_assert_cmpint (level, ==, ISC_LOG_LEVEL_WARNING);
  g_assert_true (isc_log_level_from_api ("DEBUG", &level));
  g_assert_cmpint (level, ==, ISC_LOG_LEVEL_DEBUG);
  /* Case-sensitive, as the API. */
  g_assert_false (isc_log_level_from_api ("warning", &level));
  g_assert_false (isc_log_level_from_api ("WARN", &level));
  g_assert_false (isc_log_level_from_api ("", &level));
  g_assert_false (isc_log_level_from_api (NULL, &level));
  g_assert_cmpint (level, ==, ISC_LOG_LEVEL_DEBUG);
}

/* Missing, null, unknown and mistyped levels: the line is kept, with no
 * level. */
static void
test_decode_levels (void)
{
  static const char body[] =
    "{\"logs\":["
    "{\"timestamp\":\"1\",\"message\":\"a\",\"replica\":\"r1\",\"level\":\"ERROR\"},"
    "{\"timestamp\":\"2\",\"message\":\"b\",\"replica\":\"r1\"},"
    "{\"timestamp\":\"3\",\"message\":\"c\",\"replica\":\"r1\",\"level\":null},"
    "{\"timestamp\":\"4\",\"message\":\"d\",\"replica\":\"r1\",\"level\":\"warning\"},"
    "{\"timestamp\":\"5\",\"message\":\"e\",\"replica\":\"r1\",\"level\":\"CRITICAL\"},"
    "{\"timestamp\":\"6\",\"message\":\"f\",\"replica\":\"r1\",\"level\":3},"
    "{\"timestamp\":\"7\",\"message\":\"g\",\"replica\":\"r1\",\"level\":\"INFO\\u0000X\"},"
    "{\"timestamp\":\"8\",\"message\":\"h\",\"replica\":\"r1\",\"level\":\"WARNING\"}"
    "]}";
  static const IscLogLevel expected[] = {
    ISC_LOG_LEVEL_ERROR, ISC_LOG_LEVEL_NONE, ISC_LOG_LEVEL_NONE, ISC_LOG_LEVEL_NONE,
    ISC_LOG_LEVEL_NONE, ISC_LOG_LEVEL_NONE, ISC_LOG_LEVEL_NONE, ISC_LOG_LEVEL_WARNING,
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = isc_logs_decode (body, strlen (body), &error);

  g_assert_no_error (error);
  g_assert_cmpuint (lines->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < lines->len; i++)
    {
      g_assert_cmpint (isc_log_line_get_level (lines->pdata[i]), ==, expected[i]);
      g_assert_cmpint (isc_log_line_get_time_ns (lines->pdata[i]), ==, i + 1);
    }
}

/* ------------------------------------------------------------------------
 * Time
 * ------------------------------------------------------------------------ */

static void
test_time_exact (void)
{
  static const char body[] =
    "{\"logs\":["
    "{\"timestamp\":\"1796191915382123456\",\"message\":\"a\",\"replica\":\"r1\"},"
    "{\"timestamp\":\"1796191915382123457\",\"message\":\"b\",\"replica\":\"r1\"},"
    "{\"timestamp\":\"9223372036854775807\",\"message\":\"c\",\"replica\":\"r1\"},"
    "{\"timestamp\":\"0\",\"message\":\"d\",\"replica\":\"r1\"},"
    "{\"timestamp\":\"\\u0031796191915382123999\",\"message\":\"e\",\"replica\":\"r1\"}"
    "]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = isc_logs_decode (body, strlen (body), &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (lines->len, ==, 5);

  /* Neighbours a double could not tell apart stay apart. */
  g_assert_cmpint (isc_log_line_get_time_ns (lines->pdata[0]), ==, G_GINT64_CONSTANT (1796191915382123456));
  g_assert_cmpint (isc_log_line_get_time_ns (lines->pdata[1]), ==, G_GINT64_CONSTANT (1796191915382123457));
  g_assert_cmpint ((gint64) (double) G_GINT64_CONSTANT (1796191915382123456), !=,
                   G_GINT64_CONSTANT (1796191915382123456));
  g_assert_cmpint (isc_log_line_get_time_ms (lines->pdata[0]), ==, G_GINT64_CONSTANT (1796191915382));
  g_assert_cmpint (isc_log_line_get_time_ns (lines->pdata[2]), ==, G_MAXINT64);
  g_assert_cmpint (isc_log_line_get_time_ns (lines->pdata[3]), ==, 0);
  g_assert_cmpint (isc_log_line_get_time_ns (lines->pdata[4]), ==, G_GINT64_CONSTANT (1796191915382123999));

  text = isc_log_line_to_text (lines->pdata[0]);
  g_assert_true (g_str_has_prefix (text, "2026-12-02T06:11:55.382123456Z "));
}

static void
test_time_ms_before_epoch (void)
{
  g_autoptr(IscLogLine) line = isc_log_line_new (-1, ISC_LOG_LEVEL_NONE, NULL, NULL, "x", -1);
  g_autofree char *text = isc_log_line_to_text (line);

  /* Towards the past. */
  g_assert_cmpint (isc_log_line_get_time_ms (line), ==, -1);
  g_assert_true (g_str_has_prefix (text, "1969-12-31T23:59:59.999999999Z "));
}

/* ------------------------------------------------------------------------
 * Terminal escapes
 * ------------------------------------------------------------------------ */

typedef struct
{
  guint  start;
  guint  end;
  gint32 fg;
  gint32 bg;
  guint  bold : 1;
  guint  italic : 1;
  guint  underline : 1;
} ExpectedSpan;

typedef struct
{
  const char   *name;
  const char   *json;       /* the message as a JSON string's text */
  const char   *message;    /* what is shown */
  guint         n_spans;
  ExpectedSpan  spans[3];
} EscapeCase;

static const EscapeCase escape_cases[] = {
  { "plain", "GET /predict 200 12ms", "GET /predict 200 12ms", 0, { { 0 } } },
  /* The 16 colours, reset by 0 and by 39. */
  { "sgr-16", "\\u001b[31mred\\u001b[0m plain \\u001b[92mgreen\\u001b[39m",
    "red plain green", 2,
    { { 0, 3, 0xCC0000, -1, 0, 0, 0 }, { 10, 15, 0x8AE234, -1, 0, 0, 0 } } },
  { "sgr-bg-16", "\\u001b[41;97mX\\u001b[m", "X", 1, { { 0, 1, 0xEEEEEC, 0xCC0000, 0, 0, 0 } } },
  /* The 256 palette: 196 is pure red in the cube, 244 a grey. */
  { "sgr-256", "\\u001b[38;5;196mA\\u001b[48;5;244mB", "AB", 2,
    { { 0, 1, 0xFF0000, -1, 0, 0, 0 }, { 1, 2, 0xFF0000, 0x808080, 0, 0, 0 } } },
  /* 24-bit, with ';' and with ':' (and its colour-space slot). */
  { "sgr-rgb", "\\u001b[38;2;1;2;3mA\\u001b[0m\\u001b[38:2::255:128:0mB\\u001b[48:2:10:20:30mC",
    "ABC", 3,
    { { 0, 1, 0x010203, -1, 0, 0, 0 }, { 1, 2, 0xFF8000, -1, 0, 0, 0 },
      { 2, 3, 0xFF8000, 0x0A141E, 0, 0, 0 } } },
  { "sgr-attributes", "ab\\u001b[1mcd\\u001b[22;3;4mef\\u001b[23;24mgh",
    "abcdefgh", 2,
    { { 2, 4, -1, -1, 1, 0, 0 }, { 4, 6, -1, -1, 0, 1, 1 } } },
  /* Spans are byte offsets over UTF-8, never inside a character. */
  { "sgr-utf8", "\\u00e9\\u001b[32m\\u00e9\\u2713\\u001b[39m!", "\xc3\xa9\xc3\xa9\xe2\x9c\x93!", 1,
    { { 2, 7, 0x4E9A06, -1, 0, 0, 0 } } },
  /* Two sequences that say the same make one span. */
  { "sgr-merged", "\\u001b[31mab\\u001b[31mcd\\u001b[0m", "abcd", 1, { { 0, 4, 0xCC0000, -1, 0, 0, 0 } } },
  /* Out of range colours change nothing. */
  { "sgr-out-of-range", "\\u001b[38;5;300mA\\u001b[38;2;1;2;999mB", "AB", 0, { { 0 } } },
  /* Cursor moves, erasures, scroll regions: dropped. */
  { "csi-dropped", "\\u001b[2J\\u001b[H\\u001b[10;20Htext\\u001b[K\\u001b[?25l\\u001b[1;24r",
    "text", 0, { { 0 } } },
  /* A title set, with BEL and with ST; a hyperlink; a DCS. */
  { "osc-title-bel", "\\u001b]0;pwned\\u0007after", "after", 0, { { 0 } } },
  { "osc-title-st", "\\u001b]2;pwned\\u001b\\\\after", "after", 0, { { 0 } } },
  { "osc-hyperlink", "\\u001b]8;;https://example.com\\u001b\\\\link\\u001b]8;;\\u001b\\\\",
    "link", 0, { { 0 } } },
  { "dcs", "a\\u001bP1$r0m\\u001b\\\\b", "ab", 0, { { 0 } } },
  /* Two-byte escapes: save, restore, reset, charset. */
  { "two-byte", "\\u001b7\\u001b8\\u001bc\\u001b(Bok", "ok", 0, { { 0 } } },
  /* An ESC that starts no sequence is shown. */
  { "bare-esc-end", "abc\\u001b", "abc" SYM_ESC, 0, { { 0 } } },
  { "bare-esc-control", "a\\u001b\\u0007b", "a" SYM_ESC SYM_BEL "b", 0, { { 0 } } },
  { "csi-cut-short", "x\\u001b[31", "x" SYM_ESC "[31", 0, { { 0 } } },
  { "osc-unterminated", "\\u001b]0;title", SYM_ESC "]0;title", 0, { { 0 } } },
  /* Every other control byte is shown. */
  { "controls", "a\\u0000b\\u0007c\\rd\\ne\\u007ff", "a" SYM_NUL "b" SYM_BEL "c" SYM_CR "d" SYM_LF "e" SYM_DEL "f",
    0, { { 0 } } },
  { "trailing-newline", "done\\r\\n", "done", 0, { { 0 } } },
  { "tab", "a\\tb\\tc", "a       b       c", 0, { { 0 } } },
  /* C1 CSI, and BiDi overrides, are named. */
  { "c1-csi", "a\\u009b31mb", "a<U+009B>31mb", 0, { { 0 } } },
  { "bidi", "x\\u202ecod.exe\\u2066", "x<U+202E>cod.exe<U+2066>", 0, { { 0 } } },
  /* Invisible characters are named; joiners stay, inside emoji. */
  { "invisible", "rm\\u200b -rf\\ufeff\\u2060 \\ud83d\\udc69\\u200d\\ud83d\\udcbb",
    "rm<U+200B> -rf<U+FEFF><U+2060> \xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x92\xbb", 0, { { 0 } } },
  /* Lone surrogates (Python's surrogateescape) and good pairs. */
  { "surrogates", "\\udc80a\\ud800b\\ud83d\\ude00", FFFD "a" FFFD "b\xf0\x9f\x98\x80", 0, { { 0 } } },
};

static void
test_escapes (gconstpointer data)
{
  const EscapeCase *c = data;
  g_autoptr(GPtrArray) lines = decode_one (c->json);
  IscLogLine *line = lines->pdata[0];
  const IscLogSpan *spans;
  guint n_spans = 0;

  g_assert_cmpstr (isc_log_line_get_message (line), ==, c->message);
  assert_safe (isc_log_line_get_message (line));
  g_assert_cmpuint (isc_log_line_get_n_cut (line), ==, 0);

  spans = isc_log_line_get_spans (line, &n_spans);
  g_assert_cmpuint (n_spans, ==, c->n_spans);
  for (guint k = 0; k < n_spans; k++)
    {
      g_assert_cmpuint (spans[k].start, ==, c->spans[k].start);
      g_assert_cmpuint (spans[k].end, ==, c->spans[k].end);
      g_assert_cmphex (spans[k].fg, ==, c->spans[k].fg);
      g_assert_cmphex (spans[k].bg, ==, c->spans[k].bg);
      g_assert_cmpuint (spans[k].bold, ==, c->spans[k].bold);
      g_assert_cmpuint (spans[k].italic, ==, c->spans[k].italic);
      g_assert_cmpuint (spans[k].underline, ==, c->spans[k].underline);
    }
}

/* Bytes that are not UTF-8, raw in the body: each one reads U+FFFD. */
static void
test_invalid_utf8 (void)
{
  static const char body[] =
    "{\"logs\":[{\"timestamp\":\"1\",\"replica\":\"r\\u00e9\xff\","
    "\"message\":\"a\xff\xfe" "b\xc3(c\xe2\x82\",\"request_id\":\"\xc0\x80\"}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = isc_logs_decode (body, strlen (body), &error);
  IscLogLine *line;

  g_assert_no_error (error);
  line = lines->pdata[0];
  g_assert_cmpstr (isc_log_line_get_message (line), ==, "a" FFFD FFFD "b" FFFD "(c" FFFD FFFD);
  g_assert_cmpstr (isc_log_line_get_replica (line), ==, "r\xc3\xa9" FFFD);
  g_assert_cmpstr (isc_log_line_get_request_id (line), ==, FFFD FFFD);
}

/* A key is held to the metrics decoder's rules: valid UTF-8. */
static void
test_invalid_utf8_key (void)
{
  static const char body[] = "{\"logs\":[],\"a\xff\":1}";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = isc_logs_decode (body, strlen (body), &error);

  g_assert_error (error, ISC_LOGS_DECODE_ERROR, ISC_LOGS_DECODE_ERROR_SYNTAX);
  g_assert_null (lines);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
}

/* ------------------------------------------------------------------------
 * Bounds
 * ------------------------------------------------------------------------ */

static char *
page_with_message (const char *message_json)
{
  return g_strconcat ("{\"logs\":[{\"timestamp\":\"1796191915382123456\",\"replica\":\"r\","
                      "\"message\":\"", message_json, "\"}]}", NULL);
}

static IscLogLine *
decode_message (const char *message_json)
{
  g_autofree char *body = page_with_message (message_json);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = isc_logs_decode (body, strlen (body), &error);

  g_assert_no_error (error);
  g_assert_cmpuint (lines->len, ==, 1);
  return g_object_ref (lines->pdata[0]);
}

/* A 1 MiB line is cut to 64 KiB, and says how much went. */
static void
test_huge_line (void)
{
  gsize size = 1024 * 1024;
  g_autofree char *message = g_malloc (size + 1);
  g_autoptr(IscLogLine) line = NULL;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;

  memset (message, 'x', size);
  message[size] = '\0';
  line = decode_message (message);

  g_assert_cmpuint (strlen (isc_log_line_get_message (line)), ==, ISC_LOG_LINE_MAX_MESSAGE);
  g_assert_cmpuint (isc_log_line_get_n_cut (line), ==, size - ISC_LOG_LINE_MAX_MESSAGE);

  text = isc_log_line_to_text (line);
  g_assert_true (g_str_has_suffix (text, "x" ELLIPSIS " [983040 bytes cut]"));
  json = isc_log_line_to_json (line);
  g_assert_true (g_str_has_suffix (json, ",\"message_bytes_cut\":983040}"));
}

/* The cut falls between characters. */
static void
test_huge_line_utf8 (void)
{
  GString *message = g_string_new (NULL);
  g_autoptr(IscLogLine) line = NULL;
  const char *shown;

  /* 3 bytes each: 65536 is not a multiple of 3. */
  for (guint i = 0; i < 30000; i++)
    g_string_append (message, "\\u2713");
  line = decode_message (message->str);
  g_string_free (message, TRUE);

  shown = isc_log_line_get_message (line);
  g_assert_true (g_utf8_validate (shown, -1, NULL));
  g_assert_cmpuint (strlen (shown), ==, 65535);
  g_assert_cmpuint (isc_log_line_get_n_cut (line), ==, 90000 - 65535);
}

/* Control pictures are longer than the bytes they show: the cut counts
 * what is shown, and what of the original it left out. */
static void
test_huge_line_controls (void)
{
  GString *message = g_string_new (NULL);
  g_autoptr(IscLogLine) line = NULL;
  const char *shown;

  for (guint i = 0; i < 30000; i++)
    g_string_append (message, "\\u0007");
  line = decode_message (message->str);
  g_string_free (message, TRUE);

  shown = isc_log_line_get_message (line);
  assert_safe (shown);
  g_assert_cmpuint (strlen (shown), ==, 65535);
  g_assert_cmpuint (isc_log_line_get_n_cut (line), ==, 30000 - 65535 / 3);
}

/* A line of nothing but colour changes costs a bounded number of spans. */
static void
test_many_spans (void)
{
  GString *message = g_string_new (NULL);
  g_autoptr(IscLogLine) line = NULL;
  const IscLogSpan *spans;
  guint n_spans = 0;

  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (message, "\\u001b[3%um%c", i % 2 + 1, 'a' + i % 26);
  line = decode_message (message->str);
  g_string_free (message, TRUE);

  g_assert_cmpuint (strlen (isc_log_line_get_message (line)), ==, 20000);
  spans = isc_log_line_get_spans (line, &n_spans);
  g_assert_cmpuint (n_spans, >, 0);
  g_assert_cmpuint (n_spans, <=, 256);
  for (guint k = 0; k < n_spans; k++)
    {
      g_assert_cmpuint (spans[k].start, <, spans[k].end);
      g_assert_true (k == 0 || spans[k - 1].end <= spans[k].start);
    }
}

/* An unterminated OSC after every byte: the search for its end is not
 * repeated, and every ESC shows. */
static void
test_many_unterminated_osc (void)
{
  GString *message = g_string_new (NULL);
  g_autoptr(IscLogLine) line = NULL;

  for (guint i = 0; i < 50000; i++)
    g_string_append (message, "\\u001b]");
  line = decode_message (message->str);
  g_string_free (message, TRUE);

  g_assert_true (g_str_has_prefix (isc_log_line_get_message (line), SYM_ESC "]" SYM_ESC "]"));
  assert_safe (isc_log_line_get_message (line));
}

/* Ids are one line of safe text, at most 256 bytes and "…". */
static void
test_ids (void)
{
  g_autofree char *long_id = g_strnfill (1000, 'r');
  g_autoptr(IscLogLine) a = isc_log_line_new (1, ISC_LOG_LEVEL_INFO, "ab\x1b[31mc\n", "x\xe2\x80\xaey",
                                              "m", -1);
  g_autoptr(IscLogLine) b = isc_log_line_new (1, ISC_LOG_LEVEL_INFO, long_id, NULL, "m", -1);
  g_autofree char *kept = g_strnfill (256, 'r');
  g_autofree char *expected = g_strconcat (kept, ELLIPSIS, NULL);

  g_assert_cmpstr (isc_log_line_get_replica (a), ==, "ab" SYM_ESC "[31mc");
  g_assert_cmpstr (isc_log_line_get_request_id (a), ==, "x<U+202E>y");
  g_assert_cmpstr (isc_log_line_get_replica (b), ==, expected);
  g_assert_null (isc_log_line_get_request_id (b));
}

/* ------------------------------------------------------------------------
 * Shapes
 * ------------------------------------------------------------------------ */

/* A page as Baseten sends it: some fields absent, some null, unknown
 * fields here and there. */
static void
test_real_page (void)
{
  static const char body[] =
    "{\n"
    "  \"logs\": [\n"
    "    {\"timestamp\": \"1796191915382123456\", \"message\": \"Loading model weights\", "
    "\"replica\": \"x7k2p\", \"level\": \"INFO\"},\n"
    "    {\"timestamp\": \"1796191915401000000\", \"message\": \"POST /predict 200 in 18ms\", "
    "\"replica\": \"x7k2p\", \"request_id\": \"req-5f2a\", \"level\": \"INFO\", "
    "\"component\": \"model\", \"extra\": {\"a\": [1, 2.5e3, -0, true, false, null, {\"b\": []}]}},\n"
    "    {\"timestamp\": \"1796191915401000000\", \"message\": \"Traceback (most recent call last):\\n"
    "  File \\\"model.py\\\", line 12\\nValueError: bad input\", \"replica\": null, "
    "\"request_id\": null, \"level\": \"ERROR\"}\n"
    "  ],\n"
    "  \"next_page\": null\n"
    "}\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = isc_logs_decode (body, strlen (body), &error);
  IscLogLine *line;

  g_assert_no_error (error);
  g_assert_cmpuint (lines->len, ==, 3);

  line = lines->pdata[0];
  g_assert_cmpstr (isc_log_line_get_message (line), ==, "Loading model weights");
  g_assert_cmpstr (isc_log_line_get_replica (line), ==, "x7k2p");
  g_assert_null (isc_log_line_get_request_id (line));
  g_assert_cmpint (isc_log_line_get_level (line), ==, ISC_LOG_LEVEL_INFO);

  line = lines->pdata[1];
  g_assert_cmpstr (isc_log_line_get_request_id (line), ==, "req-5f2a");

  line = lines->pdata[2];
  g_assert_null (isc_log_line_get_replica (line));
  g_assert_cmpint (isc_log_line_get_level (line), ==, ISC_LOG_LEVEL_ERROR);
  g_assert_cmpstr (isc_log_line_get_message (line), ==,
                   "Traceback (most recent call last):" SYM_LF "  File \"model.py\", line 12"
                   SYM_LF "ValueError: bad input");
}

static void
test_empty_page (void)
{
  static const char body[] = "\xef\xbb\xbf {\"logs\": []} ";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = isc_logs_decode (body, strlen (body), &error);

  g_assert_no_error (error);
  g_assert_cmpuint (lines->len, ==, 0);
}

typedef struct
{
  const char *name;
  const char *body;
  int         code;
  const char *words;  /* in the message */
} ShapeCase;

static const ShapeCase shape_cases[] = {
  { "empty", "", ISC_LOGS_DECODE_ERROR_SYNTAX, "empty" },
  { "blank", "  \n", ISC_LOGS_DECODE_ERROR_SYNTAX, "empty" },
  { "not-json", "<html>Bad gateway</html>", ISC_LOGS_DECODE_ERROR_SYNTAX, "unexpected character “<” at byte 0" },
  { "list", "[]", ISC_LOGS_DECODE_ERROR_SHAPE, "is a list, not an object" },
  { "string", "\"logs\"", ISC_LOGS_DECODE_ERROR_SHAPE, "is a string, not an object" },
  { "no-logs", "{\"lines\": []}", ISC_LOGS_DECODE_ERROR_SHAPE, "no list of lines" },
  { "logs-object", "{\"logs\": {}}", ISC_LOGS_DECODE_ERROR_SHAPE, "“logs” is an object, not a list" },
  { "logs-null", "{\"logs\": null}", ISC_LOGS_DECODE_ERROR_SHAPE, "“logs” is null, not a list" },
  { "line-number", "{\"logs\": [{\"timestamp\":\"1\",\"message\":\"a\"}, 7]}", ISC_LOGS_DECODE_ERROR_SHAPE,
    "Line 2 is a number, not an object" },
  { "no-timestamp", "{\"logs\": [{\"message\": \"a\", \"replica\": \"r\"}]}", ISC_LOGS_DECODE_ERROR_SHAPE,
    "Line 1 has no timestamp" },
  { "no-message", "{\"logs\": [{\"timestamp\": \"1\"}]}", ISC_LOGS_DECODE_ERROR_SHAPE,
    "Line 1 has no message" },
  { "null-message", "{\"logs\": [{\"timestamp\": \"1\", \"message\": null}]}", ISC_LOGS_DECODE_ERROR_SHAPE,
    "The message of line 1 is null, not a string" },
  { "number-timestamp", "{\"logs\": [{\"timestamp\": 1796191915382123456, \"message\": \"a\"}]}",
    ISC_LOGS_DECODE_ERROR_SHAPE, "The timestamp of line 1 is a number, not a string of digits" },
  { "float-timestamp", "{\"logs\": [{\"timestamp\": \"1.5e18\", \"message\": \"a\"}]}",
    ISC_LOGS_DECODE_ERROR_SHAPE, "“1.5e18”, is not a number of nanoseconds" },
  { "negative-timestamp", "{\"logs\": [{\"timestamp\": \"-5\", \"message\": \"a\"}]}",
    ISC_LOGS_DECODE_ERROR_SHAPE, "is not a number of nanoseconds" },
  { "empty-timestamp", "{\"logs\": [{\"timestamp\": \"\", \"message\": \"a\"}]}",
    ISC_LOGS_DECODE_ERROR_SHAPE, "is not a number of nanoseconds" },
  { "huge-timestamp", "{\"logs\": [{\"timestamp\": \"9223372036854775808\", \"message\": \"a\"}]}",
    ISC_LOGS_DECODE_ERROR_SHAPE, "“9223372036854775808”, is out of range" },
  { "long-timestamp", "{\"logs\": [{\"timestamp\": \"01796191915382123456\", \"message\": \"a\"}]}",
    ISC_LOGS_DECODE_ERROR_SHAPE, "is out of range" },
  /* The timestamp's words are shown safe. */
  { "hostile-timestamp", "{\"logs\": [{\"timestamp\": \"\\u001b]0;x\\u0007\", \"message\": \"a\"}]}",
    ISC_LOGS_DECODE_ERROR_SHAPE, "is not a number of nanoseconds" },
  { "replica-object", "{\"logs\": [{\"timestamp\": \"1\", \"message\": \"a\", \"replica\": {}}]}",
    ISC_LOGS_DECODE_ERROR_SHAPE, "The replica of line 1 is an object, not a string" },
  { "request-id-number", "{\"logs\": [{\"timestamp\": \"1\", \"message\": \"a\", \"request_id\": 5}]}",
    ISC_LOGS_DECODE_ERROR_SHAPE, "The request ID of line 1 is a number, not a string" },
  { "repeated-key", "{\"logs\": [{\"timestamp\": \"1\", \"message\": \"a\", \"message\": \"b\"}]}",
    ISC_LOGS_DECODE_ERROR_SHAPE, "a second “message” in the same object" },
  { "repeated-escaped-key", "{\"logs\": [], \"lo\\u0067s\": []}",
    ISC_LOGS_DECODE_ERROR_SHAPE, "a second “logs”" },
  { "trailing-comma", "{\"logs\": [{\"timestamp\": \"1\", \"message\": \"a\"},]}",
    ISC_LOGS_DECODE_ERROR_SYNTAX, "unexpected character “]”" },
  { "trailing-comma-object", "{\"logs\": [], }", ISC_LOGS_DECODE_ERROR_SYNTAX, "unexpected character “}”" },
  { "comment", "{\"logs\": [] /* no */}", ISC_LOGS_DECODE_ERROR_SYNTAX, "unexpected character “/”" },
  { "single-quotes", "{'logs': []}", ISC_LOGS_DECODE_ERROR_SYNTAX, "unexpected character “'”" },
  { "leading-zero", "{\"logs\": [], \"n\": 01}", ISC_LOGS_DECODE_ERROR_SYNTAX, "unexpected character “1”" },
  { "after-end", "{\"logs\": []} {}", ISC_LOGS_DECODE_ERROR_SYNTAX, "after its end at byte 13" },
  { "cut-off", "{\"logs\": [{\"timestamp\": \"1\", \"mess", ISC_LOGS_DECODE_ERROR_SYNTAX, "cut off after 34 bytes" },
  { "raw-newline", "{\"logs\": [{\"timestamp\": \"1\", \"message\": \"a\nb\"}]}", ISC_LOGS_DECODE_ERROR_SYNTAX,
    "control character 0x0A inside a string" },
  { "bad-escape", "{\"logs\": [{\"timestamp\": \"1\", \"message\": \"a\\qb\"}]}", ISC_LOGS_DECODE_ERROR_SYNTAX,
    "bad escape" },
  { "deep", "{\"logs\": [], \"x\": [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]}", ISC_LOGS_DECODE_ERROR_SYNTAX,
    "deeper than 16 levels" },
};

static void
test_shapes (gconstpointer data)
{
  const ShapeCase *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = isc_logs_decode (c->body, strlen (c->body), &error);

  g_assert_null (lines);
  g_assert_error (error, ISC_LOGS_DECODE_ERROR, c->code);
  if (strstr (error->message, c->words) == NULL)
    g_error ("“%s” does not say “%s”", error->message, c->words);
  assert_safe (error->message);
}

/* 100,000 '[' do not reach the end of the stack. */
static void
test_deep_nesting (void)
{
  gsize n = 100000;
  g_autofree char *body = g_malloc (n + 32);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  gsize prefix;

  strcpy (body, "{\"logs\": [], \"x\": ");
  prefix = strlen (body);
  memset (body + prefix, '[', n);
  body[prefix + n] = '\0';
  lines = isc_logs_decode (body, strlen (body), &error);

  g_assert_null (lines);
  g_assert_error (error, ISC_LOGS_DECODE_ERROR, ISC_LOGS_DECODE_ERROR_SYNTAX);
}

static void
test_too_many_lines (void)
{
  GString *body = g_string_new ("{\"logs\":[");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;

  for (guint i = 0; i <= ISC_LOGS_MAX_PAGE; i++)
    g_string_append_printf (body, "%s{\"timestamp\":\"%u\",\"message\":\"\"}", i > 0 ? "," : "", i);
  g_string_append (body, "]}");

  lines = isc_logs_decode (body->str, body->len, &error);
  g_string_free (body, TRUE);

  g_assert_null (lines);
  g_assert_error (error, ISC_LOGS_DECODE_ERROR, ISC_LOGS_DECODE_ERROR_TOO_MANY);
}

/* ------------------------------------------------------------------------
 * The line as text and JSON, and between lines
 * ------------------------------------------------------------------------ */

static void
test_to_text (void)
{
  g_autoptr(IscLogLine) full = isc_log_line_new (G_GINT64_CONSTANT (1796191915382123456), ISC_LOG_LEVEL_WARNING,
                                                 "x7k2p", "req-5f2a", "\x1b[33mslow\x1b[0m request", -1);
  g_autoptr(IscLogLine) bare = isc_log_line_new (G_GINT64_CONSTANT (1796191915000000005), ISC_LOG_LEVEL_NONE,
                                                 NULL, NULL, "tab\there", -1);
  g_autofree char *a = isc_log_line_to_text (full);
  g_autofree char *b = isc_log_line_to_text (bare);

  g_assert_cmpstr (a, ==, "2026-12-02T06:11:55.382123456Z WARNING [x7k2p] req=req-5f2a slow request");
  g_assert_cmpstr (b, ==, "2026-12-02T06:11:55.000000005Z - tab     here");
}

/* JSON gives back what the text shows as symbols or spaces: a line
 * break, a carriage return, a tab (two spaces here, to column 16), a
 * bell, DEL and a lone ESC, each as its escape; a "␊" that was in the
 * message stays one, and colour escapes stay out. */
static void
test_to_json_controls (void)
{
  const char *raw = "first\nsecond\r\n\tindented\a \x7f \xe2\x90\x8a \x1b[31mred\x1b[0m\x1b";
  g_autoptr(IscLogLine) line = isc_log_line_new (1, ISC_LOG_LEVEL_INFO, NULL, NULL, raw, -1);
  g_autofree char *json = isc_log_line_to_json (line);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  const char *message;

  /* Shown: symbols and spaces, nothing a terminal acts on. */
  g_assert_cmpstr (isc_log_line_get_message (line), ==,
                   "first\xe2\x90\x8asecond\xe2\x90\x8d\xe2\x90\x8a  indented\xe2\x90\x87 "
                   "\xe2\x90\xa1 \xe2\x90\x8a red\xe2\x90\x9b");
  g_assert_nonnull (strstr (json, "\"first\\nsecond\\r\\n\\tindented\\u0007 \\u007f \xe2\x90\x8a red\\u001b\""));
  for (const char *p = json; *p != '\0'; p++)
    g_assert_cmpint ((guchar) *p, >=, 0x20);

  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  message = json_object_get_string_member (json_node_get_object (json_parser_get_root (parser)), "message");
  g_assert_cmpstr (message, ==, "first\nsecond\r\n\tindented\a \x7f \xe2\x90\x8a red\x1b");
}

/* A message cut at its limit gives back the breaks it kept, and no more. */
static void
test_to_json_controls_cut (void)
{
  GString *raw = g_string_new (NULL);
  g_autoptr(IscLogLine) line = NULL;
  g_autofree char *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  const char *message;
  guint breaks = 0;

  /* 3 bytes shown for each break: a third of the input fits. */
  for (gsize i = 0; i < ISC_LOG_LINE_MAX_MESSAGE; i++)
    g_string_append (raw, "x\n");
  line = isc_log_line_new (1, ISC_LOG_LEVEL_INFO, NULL, NULL, raw->str, (gssize) raw->len);
  g_string_free (raw, TRUE);
  g_assert_cmpuint (isc_log_line_get_n_cut (line), >, 0);

  json = isc_log_line_to_json (line);
  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  message = json_object_get_string_member (json_node_get_object (json_parser_get_root (parser)), "message");
  for (const char *p = message; *p != '\0'; p++)
    {
      g_assert_true (*p == 'x' || *p == '\n');
      breaks += *p == '\n';
    }
  g_assert_cmpuint (breaks, ==, ISC_LOG_LINE_MAX_MESSAGE / 4);
  g_assert_cmpuint (strlen (message), ==, 2 * breaks);
}

static void
test_to_json (void)
{
  g_autoptr(IscLogLine) full = isc_log_line_new (G_GINT64_CONSTANT (1796191915382123456), ISC_LOG_LEVEL_ERROR,
                                                 "x7k2p", "req-5f2a", "say \"hi\" \\ \x1b[31mred\n", -1);
  g_autoptr(IscLogLine) bare = isc_log_line_new (7, ISC_LOG_LEVEL_NONE, NULL, NULL, "", -1);
  g_autofree char *a = isc_log_line_to_json (full);
  g_autofree char *b = isc_log_line_to_json (bare);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *object;

  g_assert_cmpstr (a, ==,
                   "{\"timestamp\":\"1796191915382123456\",\"level\":\"ERROR\",\"replica\":\"x7k2p\","
                   "\"request_id\":\"req-5f2a\",\"message\":\"say \\\"hi\\\" \\\\ red\"}");
  g_assert_cmpstr (b, ==,
                   "{\"timestamp\":\"7\",\"level\":null,\"replica\":null,\"request_id\":null,\"message\":\"\"}");
  g_assert_null (strchr (a, '\n'));

  /* Read back by another reader, and by ours. */
  g_assert_true (json_parser_load_from_data (parser, a, -1, &error));
  g_assert_no_error (error);
  object = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (object, "timestamp"), ==, "1796191915382123456");
  g_assert_cmpstr (json_object_get_string_member (object, "message"), ==, "say \"hi\" \\ red");

  {
    g_autofree char *page = g_strdup_printf ("{\"logs\":[%s,%s]}", a, b);
    g_autoptr(GPtrArray) lines = isc_logs_decode (page, strlen (page), &error);

    g_assert_no_error (error);
    g_assert_cmpuint (lines->len, ==, 2);
    g_assert_cmpint (isc_log_line_get_time_ns (lines->pdata[0]), ==, G_GINT64_CONSTANT (1796191915382123456));
    g_assert_cmpstr (isc_log_line_get_message (lines->pdata[0]), ==, "say \"hi\" \\ red");
    g_assert_cmpint (isc_log_line_get_level (lines->pdata[1]), ==, ISC_LOG_LEVEL_NONE);
  }
}

static void
test_same_and_compare (void)
{
  g_autoptr(IscLogLine) a = isc_log_line_new (100, ISC_LOG_LEVEL_INFO, "r1", "q1", "m", -1);
  g_autoptr(IscLogLine) a2 = isc_log_line_new (100, ISC_LOG_LEVEL_NONE, "r1", NULL, "m", -1);
  g_autoptr(IscLogLine) other_replica = isc_log_line_new (100, ISC_LOG_LEVEL_INFO, "r2", "q1", "m", -1);
  g_autoptr(IscLogLine) no_replica = isc_log_line_new (100, ISC_LOG_LEVEL_INFO, NULL, "q1", "m", -1);
  g_autoptr(IscLogLine) other_message = isc_log_line_new (100, ISC_LOG_LEVEL_INFO, "r1", "q1", "n", -1);
  g_autoptr(IscLogLine) later = isc_log_line_new (101, ISC_LOG_LEVEL_INFO, "r1", "q1", "a", -1);

  g_assert_true (isc_log_line_same (a, a2));
  g_assert_false (isc_log_line_same (a, other_replica));
  g_assert_false (isc_log_line_same (a, no_replica));
  g_assert_false (isc_log_line_same (a, other_message));
  g_assert_false (isc_log_line_same (a, later));

  g_assert_cmpint (isc_log_line_compare (a, a2), ==, 0);
  g_assert_cmpint (isc_log_line_compare (a, later), <, 0);
  g_assert_cmpint (isc_log_line_compare (later, a), >, 0);
  g_assert_cmpint (isc_log_line_compare (no_replica, a), <, 0);
  g_assert_cmpint (isc_log_line_compare (a, other_replica), <, 0);
  g_assert_cmpint (isc_log_line_compare (a, other_message), <, 0);
}

static void
test_properties (void)
{
  g_autoptr(IscLogLine) line = isc_log_line_new (42, ISC_LOG_LEVEL_WARNING, "r1", "q1", "\x1b[1mm\x1b[0m", -1);
  g_autofree char *message = NULL;
  g_autofree char *replica = NULL;
  gint64 time_ns = 0;
  IscLogLevel level = ISC_LOG_LEVEL_NONE;

  g_object_get (line, "time-ns", &time_ns, "level", &level, "message", &message, "replica", &replica, NULL);
  g_assert_cmpint (time_ns, ==, 42);
  g_assert_cmpint (level, ==, ISC_LOG_LEVEL_WARNING);
  g_assert_cmpstr (message, ==, "m");
  g_assert_cmpstr (replica, ==, "r1");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/log-line/levels", test_levels);
  g_test_add_func ("/isc/log-line/decode-levels", test_decode_levels);
  g_test_add_func ("/isc/log-line/time-exact", test_time_exact);
  g_test_add_func ("/isc/log-line/time-before-epoch", test_time_ms_before_epoch);

  for (guint i = 0; i < G_N_ELEMENTS (escape_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/log-line/escapes/%s", escape_cases[i].name);

      g_test_add_data_func (path, &escape_cases[i], test_escapes);
    }

  g_test_add_func ("/isc/log-line/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/isc/log-line/invalid-utf8-key", test_invalid_utf8_key);
  g_test_add_func ("/isc/log-line/huge-line", test_huge_line);
  g_test_add_func ("/isc/log-line/huge-line-utf8", test_huge_line_utf8);
  g_test_add_func ("/isc/log-line/huge-line-controls", test_huge_line_controls);
  g_test_add_func ("/isc/log-line/many-spans", test_many_spans);
  g_test_add_func ("/isc/log-line/many-unterminated-osc", test_many_unterminated_osc);
  g_test_add_func ("/isc/log-line/ids", test_ids);
  g_test_add_func ("/isc/log-line/real-page", test_real_page);
  g_test_add_func ("/isc/log-line/empty-page", test_empty_page);

  for (guint i = 0; i < G_N_ELEMENTS (shape_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/isc/log-line/shapes/%s", shape_cases[i].name);

      g_test_add_data_func (path, &shape_cases[i], test_shapes);
    }

  g_test_add_func ("/isc/log-line/deep-nesting", test_deep_nesting);
  g_test_add_func ("/isc/log-line/too-many-lines", test_too_many_lines);
  g_test_add_func ("/isc/log-line/to-text", test_to_text);
  g_test_add_func ("/isc/log-line/to-json", test_to_json);
  g_test_add_func ("/isc/log-line/to-json/controls", test_to_json_controls);
  g_test_add_func ("/isc/log-line/to-json/controls-cut", test_to_json_controls_cut);
  g_test_add_func ("/isc/log-line/same-and-compare", test_same_and_compare);
  g_test_add_func ("/isc/log-line/properties", test_properties);

  return g_test_run ();
}
