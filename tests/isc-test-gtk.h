/* isc-test-gtk.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For the test programs that drive widgets: finding what a person sees
 * on screen, a widget's event controller as a test emits its signals,
 * and reading the clipboard.
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The first mapped widget of @type under @root (depth first) whose string
 * @property is @value, as a person would find it by looking; with a NULL
 * @property, the first mapped one of @type. */
GtkWidget          *test_find_shown            (GtkWidget    *root,
                                                GType         type,
                                                const char   *property,
                                                const char   *value);
/* Every mapped widget of @type under @root, depth first. */
GPtrArray          *test_collect_shown         (GtkWidget    *root,
                                                GType         type);
/* The same, shown or not. */
GtkWidget          *test_find_widget           (GtkWidget    *root,
                                                GType         type,
                                                const char   *property,
                                                const char   *value);
GPtrArray          *test_collect_widgets       (GtkWidget    *root,
                                                GType         type);
/* The first mapped button, check button or button row (AdwButtonRow,
 * libadwaita 1.6) under @root whose label reads @label, mnemonic
 * underscores left out ("_Retry" reads "Retry"). */
GtkWidget          *test_find_button           (GtkWidget    *root,
                                                const char   *label);
/* Clicks what test_find_button() found: a button's "clicked", a row's
 * activation through its list, as a click or Enter on it does. */
void                test_click_button          (GtkWidget    *button);

/* The first of @widget's controllers of @type (G_TYPE_NONE: any) named
 * @name (NULL: any); there must be one. */
GtkEventController *test_find_controller_where (GtkWidget    *widget,
                                                GType         type,
                                                const char   *name);
/* The controller named @name (gtk_event_controller_set_name()). */
GtkEventController *test_find_controller_named (GtkWidget    *widget,
                                                const char   *name);
/* @keyval with @modifiers as a chart view's keyboard shortcuts (its
 * "chart-keys" controller) take it; what its action returned. There
 * must be such a shortcut. */
gboolean            test_press_chart_key       (GtkWidget       *view,
                                                guint            keyval,
                                                GdkModifierType  modifiers);
/* The type of the app's spinners on this stack: AdwSpinner where
 * libadwaita has it (1.6), else GtkSpinner. */
GType               test_spinner_type          (void);
/* Whether @spinner turns: a GtkSpinner while asked to, an AdwSpinner
 * while mapped (it turns only then). */
gboolean            test_spinner_turning       (GtkWidget    *spinner);
/* How many GtkSpinners are under @root, shown or not. */
guint               test_count_gtk_spinners    (GtkWidget    *root);

/* The first controller of @type. */
GtkEventController *test_find_controller       (GtkWidget    *widget,
                                                GType         type);

/* @widget's pixels as its next frame would show them: rows of
 * width × 4 bytes of premultiplied ARGB, to g_free(). With @css, as the
 * window draws it (its CSS background, border and focus ring, through a
 * GtkWidgetPaintable); else only what its class's snapshot draws, which
 * a window about to lay out again still draws. */
guint8             *test_render_widget         (GtkWidget    *widget,
                                                gboolean      css,
                                                int          *stride);

/* Whether any of @widget shows in the scrolled window around it. */
gboolean            test_in_sight              (GtkWidget    *widget);
/* For test_wait_for(): the IscChartsPage at @data has charts, laid out,
 * and those in sight drawn (one out of sight is drawn when it comes into
 * it). */
gboolean            test_charts_shown          (gpointer      data);

/* gdk_clipboard_read_text_async()'s callback: user_data is a char ** set
 * to the text read. */
void                test_read_text_cb          (GObject      *source,
                                                GAsyncResult *result,
                                                gpointer      user_data);

G_END_DECLS
