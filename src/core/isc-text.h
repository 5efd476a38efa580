/* isc-text.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Text from outside (a document, a server) made fit to show: in a message
 * on a terminal, a chart label, a CSV header cell.
 *
 * isc_text_sanitize() returns valid UTF-8 in which every byte that is not
 * UTF-8, every C0 and C1 control character (ESC, BEL, CR, LF, TAB, the
 * CSI and OSC introducers …), DEL, the BiDi embedding, override and
 * isolate controls (U+202A–U+202E, U+2066–U+2069), the directional marks
 * U+200E, U+200F and U+061C, and the separators U+2028 and U+2029 reads
 * U+FFFD REPLACEMENT CHARACTER, so no text can move the cursor, retitle
 * the terminal, ring, or reorder what a person reads. @length -1 means up
 * to the first NUL; a NUL within @length is replaced too.
 *
 * isc_text_sanitize_cut() does the same, then cuts the result to at most
 * @max_bytes bytes on a character boundary, ending it with "…" when it
 * cut (@max_bytes below 4 is taken as 4).
 *
 * isc_text_cut_utf8() cuts valid UTF-8 @text to at most @max_bytes bytes
 * on a character boundary, with "…" when it cut.
 */
char     *isc_text_sanitize      (const char *text,
                                  gssize      length);
char     *isc_text_sanitize_cut  (const char *text,
                                  gssize      length,
                                  gsize       max_bytes);
char     *isc_text_cut_utf8      (const char *text,
                                  gsize       max_bytes);

/* Whether @c is one of the characters isc_text_sanitize() replaces. */
gboolean  isc_text_is_unsafe_char (gunichar   c);

/* A name from outside (a model's, a deployment's, a workspace's) as a
 * person should read it in a widget, where it may sit beside other text.
 *
 * isc_text_display_name() returns plain text (never markup: set it with
 * gtk_label_set_text() or on a row with use-markup off) that:
 * - is isolated: it begins with U+2068 FIRST STRONG ISOLATE and ends with
 *   U+2069 POP DIRECTIONAL ISOLATE, so a right-to-left name cannot
 *   reorder the words around it, nor they it; only a name that cannot
 *   reorder, printable ASCII that begins with a letter and ends with a
 *   letter or a digit ("production", "v8"), is shown as it is;
 * - shows what cannot be seen: C0 controls as their control pictures
 *   (a newline reads "␊", so a name stays on one line), DEL as "␡", and
 *   C1 controls, format characters (zero-width spaces and joiners, BiDi
 *   controls, the BOM, soft hyphens), line and paragraph separators,
 *   fillers and non-characters as "<U+200B>"; a zero-width joiner or a
 *   variation selector inside an emoji is left alone;
 * - keeps at most ISC_TEXT_MAX_MARKS combining marks on one character,
 *   the rest shown as one U+FFFD;
 * - reads U+FFFD for every byte that is not UTF-8;
 * - is cut to ISC_TEXT_MAX_NAME_CHARS characters, with "…".
 * A name that would look empty (NULL, "", or nothing but spaces,
 * invisible characters and marks) reads "Unnamed (@id)" instead, the id
 * shown the same way, or "Unnamed" when @id is NULL or empty too.
 */
#define ISC_TEXT_MAX_MARKS      4
#define ISC_TEXT_MAX_NAME_CHARS 200

char     *isc_text_display_name  (const char *name,
                                  const char *id);

/* Whether @text, case-folded, contains @folded_needle, which is already
 * case-folded (g_utf8_casefold): a filter entry's words against a name.
 * FALSE for a NULL @text. */
gboolean  isc_text_contains_folded (const char *text,
                                    const char *folded_needle);

G_END_DECLS
