/* isc-log-escapes.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-log-line"

#include "config.h"

#include <string.h>

#include "isc-log-line-private.h"
#include "isc-text.h"

/* A log message as a program wrote it to its terminal, made safe to show.
 *
 * Programs colour their logs with SGR escapes (ESC [ 31 m), and some write
 * what only a terminal should see: cursor moves, title sets (OSC), screen
 * clears, bare control bytes. The colours are kept as spans over the text
 * they colour; everything else is dropped if it is a whole escape
 * sequence, or shown as a visible symbol if it is a lone control byte, so
 * that no message can move a cursor, set a title or hide text wherever it
 * is shown or written.
 *
 * One pass, linear in the input whatever it holds: an unterminated OSC is
 * searched for its end once, not once per ESC.
 */

/* The longest CSI accepted, parameters and intermediates; a longer one is
 * not a sequence a terminal would act on, and is shown as text. */
#define MAX_CSI_BYTES 64
/* The most SGR parameters read from one sequence. */
#define MAX_SGR_PARAMS 32
/* The most intermediate bytes of a two-byte-family (nF) escape. */
#define MAX_NF_BYTES 8

#define DEFAULT_COLOUR (-1)

/* Characters that show nothing and join nothing: named, so that no word
 * of a message hides in plain sight (STYLE 16c). Joiners (U+200C, U+200D)
 * and variation selectors are left alone: scripts and emoji need them. */
static inline gboolean
is_invisible (gunichar c)
{
  return c == 0x180E || c == 0x200B || (c >= 0x2060 && c <= 0x2064) || c == 0xFEFF;
}

/* The 16 ANSI colours: GNOME Terminal's Tango palette. */
static const gint32 ansi_colours[16] = {
  0x2E3436, 0xCC0000, 0x4E9A06, 0xC4A000, 0x3465A4, 0x75507B, 0x06989A, 0xD3D7CF,
  0x555753, 0xEF2929, 0x8AE234, 0xFCE94F, 0x729FCF, 0xAD7FA8, 0x34E2E2, 0xEEEEEC,
};

typedef struct
{
  gint32   fg;
  gint32   bg;
  gboolean bold;
  gboolean italic;
  gboolean underline;
} Style;

typedef struct
{
  GString    *out;
  GArray     *spans;        /* NULL: escapes are not parsed */
  GArray     *controls;     /* IscLogControl, or NULL */
  gsize       base;         /* out->len when the text began */
  gsize       max_bytes;
  gsize       column;       /* characters so far, for tabs */
  Style       style;
  gsize       run_start;    /* where the text in the current style began, from base */
  gboolean    styling_off;  /* ISC_LOG_LINE_MAX_SPANS reached */
  gboolean    cut;
  gsize       cut_at;       /* the first byte of the input left out */
} Safe;

static inline gboolean
style_is_default (const Style *style)
{
  return style->fg == DEFAULT_COLOUR && style->bg == DEFAULT_COLOUR &&
         !style->bold && !style->italic && !style->underline;
}

static inline gboolean
style_equal (const Style *a,
             const Style *b)
{
  return a->fg == b->fg && a->bg == b->bg &&
         !a->bold == !b->bold && !a->italic == !b->italic && !a->underline == !b->underline;
}

static void
style_reset (Style *style)
{
  style->fg = DEFAULT_COLOUR;
  style->bg = DEFAULT_COLOUR;
  style->bold = FALSE;
  style->italic = FALSE;
  style->underline = FALSE;
}

/* The text since run_start, in the current style, becomes a span (or
 * lengthens the last one, when it ends there in the same style). */
static void
flush_run (Safe *safe)
{
  gsize end = safe->out->len - safe->base;
  IscLogSpan span = { 0 };

  if (safe->spans == NULL || style_is_default (&safe->style) || end <= safe->run_start)
    {
      safe->run_start = end;
      return;
    }

  if (safe->spans->len > 0)
    {
      IscLogSpan *last = &g_array_index (safe->spans, IscLogSpan, safe->spans->len - 1);

      if (last->end == safe->run_start &&
          last->fg == safe->style.fg && last->bg == safe->style.bg &&
          last->bold == !!safe->style.bold && last->italic == !!safe->style.italic &&
          last->underline == !!safe->style.underline)
        {
          last->end = (guint) end;
          safe->run_start = end;
          return;
        }
    }

  span.start = (guint) safe->run_start;
  span.end = (guint) end;
  span.fg = safe->style.fg;
  span.bg = safe->style.bg;
  span.bold = !!safe->style.bold;
  span.italic = !!safe->style.italic;
  span.underline = !!safe->style.underline;
  g_array_append_val (safe->spans, span);
  safe->run_start = end;
}

static void
set_style (Safe        *safe,
           const Style *style)
{
  if (safe->styling_off || style_equal (&safe->style, style))
    return;

  flush_run (safe);

  if (safe->spans->len >= ISC_LOG_LINE_MAX_SPANS)
    {
      /* Enough colour: the rest of the line is plain. */
      safe->styling_off = TRUE;
      style_reset (&safe->style);
      return;
    }

  safe->style = *style;
}

/* Appends @n bytes making @n_chars characters, which came from the input
 * at @at; FALSE (and the text cut there) when they do not fit. */
static inline gboolean
emit (Safe       *safe,
      const char *bytes,
      gsize       n,
      gsize       n_chars,
      gsize       at)
{
  if (safe->out->len - safe->base + n > safe->max_bytes)
    {
      safe->cut = TRUE;
      safe->cut_at = at;
      return FALSE;
    }

  g_string_append_len (safe->out, bytes, (gssize) n);
  safe->column += n_chars;
  return TRUE;
}

/* Notes that the @n_bytes just appended stand for the control @byte. */
static void
note_control (Safe  *safe,
              guchar byte,
              gsize  n_bytes)
{
  IscLogControl control;

  if (safe->controls == NULL)
    return;
  control.at = (guint32) (safe->out->len - safe->base - n_bytes) & 0xFFFFF;
  control.byte = byte & 0x7F;
  control.n_bytes = (guint32) n_bytes & 0xF;
  g_array_append_val (safe->controls, control);
}

/* A C0 control byte, or DEL, as its control picture (U+2400 + byte, U+2421). */
static gboolean
emit_control_picture (Safe  *safe,
                      guchar c,
                      gsize  at)
{
  guint code = c == 0x7F ? 0x2421 : 0x2400 + c;
  char utf8[3] = {
    (char) (0xE0 | (code >> 12)),
    (char) (0x80 | ((code >> 6) & 0x3F)),
    (char) (0x80 | (code & 0x3F)),
  };

  if (!emit (safe, utf8, 3, 1, at))
    return FALSE;
  note_control (safe, c, 3);
  return TRUE;
}

static gboolean
emit_tab (Safe  *safe,
          gsize  at)
{
  static const char spaces[] = "        ";
  gsize n = 8 - safe->column % 8;

  if (!emit (safe, spaces, n, n, at))
    return FALSE;
  note_control (safe, '\t', n);
  return TRUE;
}

/* One parameter of an SGR sequence, and whether a ':' (a sub-parameter)
 * or a ';' came before it. */
typedef struct
{
  guint    value;
  gboolean colon;
} SgrParam;

static guint
parse_sgr_params (const char *p,
                  gsize       length,
                  SgrParam   *params)
{
  guint n = 0;
  guint value = 0;
  gboolean colon = FALSE;

  for (gsize i = 0; i <= length; i++)
    {
      char c = i < length ? p[i] : ';';

      if (c >= '0' && c <= '9')
        value = MIN (value * 10 + (guint) (c - '0'), 65535);
      else
        {
          /* ';' or ':' ends a parameter; an empty one reads 0. */
          if (n < MAX_SGR_PARAMS)
            {
              params[n].value = value;
              params[n].colon = colon;
              n++;
            }
          value = 0;
          colon = c == ':';
        }
    }

  return n;
}

/* The 256-colour palette: the 16, a 6×6×6 cube, a ramp of 24 greys. */
static gint32
palette_colour (guint index)
{
  static const guint levels[6] = { 0, 95, 135, 175, 215, 255 };

  if (index < 16)
    return ansi_colours[index];

  if (index < 232)
    {
      guint k = index - 16;

      return (gint32) ((levels[k / 36] << 16) | (levels[(k / 6) % 6] << 8) | levels[k % 6]);
    }

  {
    guint grey = 8 + 10 * (index - 232);

    return (gint32) ((grey << 16) | (grey << 8) | grey);
  }
}

/* An extended colour (38 or 48) starting at params[k]; *colour is set
 * when it is one a terminal would show. Returns the index of its last
 * parameter. */
static guint
read_extended_colour (const SgrParam *params,
                      guint           n,
                      guint           k,
                      gint32         *colour)
{
  if (k + 1 < n && params[k + 1].colon)
    {
      /* 38:5:N, 38:2:R:G:B, 38:2:ID:R:G:B (ITU T.416, with a colour space). */
      guint first = k + 1;
      guint last = first;
      guint count;

      while (last + 1 < n && params[last + 1].colon)
        last++;
      count = last - first + 1;

      if (params[first].value == 5 && count >= 2 && params[first + 1].value < 256)
        *colour = palette_colour (params[first + 1].value);
      else if (params[first].value == 2 && count >= 4)
        {
          guint r = first + (count >= 5 ? 2 : 1);

          if (params[r].value < 256 && params[r + 1].value < 256 && params[r + 2].value < 256)
            *colour = (gint32) ((params[r].value << 16) | (params[r + 1].value << 8) | params[r + 2].value);
        }

      return last;
    }

  /* 38;5;N and 38;2;R;G;B */
  if (k + 2 < n && params[k + 1].value == 5)
    {
      if (params[k + 2].value < 256)
        *colour = palette_colour (params[k + 2].value);
      return k + 2;
    }

  if (k + 4 < n && params[k + 1].value == 2)
    {
      if (params[k + 2].value < 256 && params[k + 3].value < 256 && params[k + 4].value < 256)
        *colour = (gint32) ((params[k + 2].value << 16) | (params[k + 3].value << 8) | params[k + 4].value);
      return k + 4;
    }

  /* Cut short: the rest is nothing a terminal would read as colour. */
  return n - 1;
}

static void
apply_sgr (Safe       *safe,
           const char *p,
           gsize       length)
{
  SgrParam params[MAX_SGR_PARAMS];
  Style style = safe->style;
  guint n;

  /* CSI < … m, CSI > … m and the like are private, not colours. */
  if (length > 0 && (p[0] == '<' || p[0] == '=' || p[0] == '>' || p[0] == '?'))
    return;

  n = parse_sgr_params (p, length, params);

  for (guint k = 0; k < n; k++)
    {
      guint v = params[k].value;

      switch (v)
        {
        case 0: style_reset (&style); break;
        case 1: style.bold = TRUE; break;
        case 22: style.bold = FALSE; break;
        case 3: style.italic = TRUE; break;
        case 23: style.italic = FALSE; break;
        case 4:
          /* 4:0 is "no underline", 4:1 to 4:5 kinds of underline. */
          style.underline = !(k + 1 < n && params[k + 1].colon && params[k + 1].value == 0);
          break;
        case 24: style.underline = FALSE; break;
        case 39: style.fg = DEFAULT_COLOUR; break;
        case 49: style.bg = DEFAULT_COLOUR; break;
        case 38:
          k = read_extended_colour (params, n, k, &style.fg);
          continue;
        case 48:
          k = read_extended_colour (params, n, k, &style.bg);
          continue;
        default:
          if (v >= 30 && v <= 37)
            style.fg = ansi_colours[v - 30];
          else if (v >= 40 && v <= 47)
            style.bg = ansi_colours[v - 40];
          else if (v >= 90 && v <= 97)
            style.fg = ansi_colours[v - 90 + 8];
          else if (v >= 100 && v <= 107)
            style.bg = ansi_colours[v - 100 + 8];
          /* Anything else (dim, blink, inverse, fonts…) is left out. */
          break;
        }

      /* The sub-parameters of what was just read. */
      while (k + 1 < n && params[k + 1].colon)
        k++;
    }

  set_style (safe, &style);
}

/* The escape sequence starting with the ESC at raw[i]: TRUE with *next
 * past it when it is a whole one (applied if SGR, else dropped), FALSE
 * when the ESC starts none. *unterminated_from is the earliest string
 * introducer known to have no terminator after it. */
static gboolean
read_escape (Safe       *safe,
             const char *raw,
             gsize       end,
             gsize       i,
             gsize      *next,
             gsize      *unterminated_from)
{
  guchar c;

  if (i + 1 >= end)
    return FALSE;

  c = (guchar) raw[i + 1];

  if (c == '[')
    {
      /* CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, a final 0x40–0x7E. */
      gsize params = i + 2;
      gsize j = params;
      gsize intermediates;

      while (j < end && (guchar) raw[j] >= 0x30 && (guchar) raw[j] <= 0x3F && j - params < MAX_CSI_BYTES)
        j++;
      intermediates = j;
      while (j < end && (guchar) raw[j] >= 0x20 && (guchar) raw[j] <= 0x2F && j - params < MAX_CSI_BYTES)
        j++;
      if (j >= end || (guchar) raw[j] < 0x40 || (guchar) raw[j] > 0x7E)
        return FALSE;

      if (raw[j] == 'm' && intermediates == j && safe->spans != NULL)
        apply_sgr (safe, raw + params, intermediates - params);

      *next = j + 1;
      return TRUE;
    }

  if (c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_')
    {
      /* OSC, DCS, SOS, PM, APC: a string up to ST (ESC \) or BEL. */
      if (i >= *unterminated_from)
        return FALSE;

      for (gsize j = i + 2; j < end; j++)
        {
          if (raw[j] == '\a')
            {
              *next = j + 1;
              return TRUE;
            }
          if (raw[j] == '\x1b' && j + 1 < end && raw[j + 1] == '\\')
            {
              *next = j + 2;
              return TRUE;
            }
        }

      *unterminated_from = i;
      return FALSE;
    }

  if (c >= 0x20 && c <= 0x2F)
    {
      /* nF: intermediates, then a final 0x30–0x7E (ESC ( B and the like). */
      gsize j = i + 1;

      while (j < end && (guchar) raw[j] >= 0x20 && (guchar) raw[j] <= 0x2F && j - i <= MAX_NF_BYTES)
        j++;
      if (j >= end || (guchar) raw[j] < 0x30 || (guchar) raw[j] > 0x7E)
        return FALSE;

      *next = j + 1;
      return TRUE;
    }

  if (c >= 0x30 && c <= 0x7E)
    {
      /* Two bytes: ESC 7, ESC 8, ESC c, ESC M, … */
      *next = i + 2;
      return TRUE;
    }

  return FALSE;
}

gsize
_isc_log_text_append_safe (GString    *out,
                           GArray     *spans,
                           GArray     *controls,
                           const char *raw,
                           gsize       length,
                           gsize       max_bytes)
{
  Safe safe = { 0 };
  gsize unterminated_from = G_MAXSIZE;
  gsize end = length;
  gsize i = 0;

  g_return_val_if_fail (out != NULL, 0);
  g_return_val_if_fail (raw != NULL || length == 0, 0);

  safe.out = out;
  safe.spans = spans;
  safe.controls = controls;
  safe.base = out->len;
  safe.max_bytes = max_bytes;
  style_reset (&safe.style);

  /* A line end closing the message is not part of what it says. */
  while (end > 0 && (raw[end - 1] == '\n' || raw[end - 1] == '\r'))
    end--;

  while (i < end)
    {
      guchar c = (guchar) raw[i];

      if (c >= 0x20 && c < 0x7F)
        {
          /* A run of printable ASCII, nearly every message. */
          gsize j = i + 1;
          gsize room;

          while (j < end && (guchar) raw[j] >= 0x20 && (guchar) raw[j] < 0x7F)
            j++;

          room = max_bytes - (out->len - safe.base);
          if (j - i > room)
            {
              emit (&safe, raw + i, room, room, i);
              safe.cut = TRUE;
              safe.cut_at = i + room;
              break;
            }

          emit (&safe, raw + i, j - i, j - i, i);
          i = j;
        }
      else if (c == '\t')
        {
          if (!emit_tab (&safe, i))
            break;
          i++;
        }
      else if (c == 0x1B && spans != NULL)
        {
          gsize next = i;

          if (read_escape (&safe, raw, end, i, &next, &unterminated_from))
            i = next;
          else
            {
              /* An ESC that starts no sequence: seen, not acted on. */
              if (!emit_control_picture (&safe, c, i))
                break;
              i++;
            }
        }
      else if (c < 0x80)
        {
          if (!emit_control_picture (&safe, c, i))
            break;
          i++;
        }
      else
        {
          gunichar u = g_utf8_get_char_validated (raw + i, (gssize) (end - i));

          if (u == (gunichar) -1 || u == (gunichar) -2)
            {
              if (!emit (&safe, "\xEF\xBF\xBD", 3, 1, i))
                break;
              i++;
            }
          else if (isc_text_is_unsafe_char (u) || is_invisible (u))
            {
              /* C1 controls, BiDi controls, line separators, invisible
               * characters: named. */
              char name[16];
              int n = g_snprintf (name, sizeof name, "<U+%04X>", u);

              if (!emit (&safe, name, (gsize) n, (gsize) n, i))
                break;
              i += (gsize) g_utf8_skip[c];
            }
          else
            {
              gsize n = (gsize) g_utf8_skip[c];

              if (!emit (&safe, raw + i, n, 1, i))
                break;
              i += n;
            }
        }
    }

  if (spans != NULL)
    flush_run (&safe);

  return safe.cut ? end - safe.cut_at : 0;
}
