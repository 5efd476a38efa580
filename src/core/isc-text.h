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

G_END_DECLS
