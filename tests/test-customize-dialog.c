/* test-customize-dialog.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Customize View: the rows a person sees (the metrics the deployment
 * reports, the shown ones first in their order), hiding and moving with
 * the row's own controls, Apply sending the result, Reset going back to
 * every chart in the default order, and a metric the deployment does not
 * report never offered.
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "isc-customize-dialog.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"

#define REQUESTS "baseten_inference_requests_total"
#define LATENCY  "baseten_end_to_end_response_time_seconds"
#define REPLICAS "baseten_replicas_active"
#define CPU      "baseten_container_cpu_usage_seconds_total"
#define GPU      "baseten_gpu_utilization"
#define TTFB     "baseten_time_to_first_byte_seconds"

/* As the deployment reports them: the time to first byte, of the latency
 * group, last. */
static const char *available[] = { REQUESTS, LATENCY, REPLICAS, CPU, TTFB, NULL };
/* The order the Charts page shows them in: by the catalogue's groups. */
#define PAGE_ORDER "Inference volume|End-to-end response time|Time to first byte|Active replicas|CPU usage"


/* The rows' titles, top to bottom, "|"-separated. */
static char *
row_titles (IscCustomizeDialog *dialog)
{
  g_autoptr(GPtrArray) rows = test_collect_widgets (GTK_WIDGET (dialog), ADW_TYPE_ACTION_ROW);
  g_autoptr(GString) titles = g_string_new (NULL);

  for (guint i = 0; i < rows->len; i++)
    {
      if (i > 0)
        g_string_append_c (titles, '|');
      g_string_append (titles, adw_preferences_row_get_title (g_ptr_array_index (rows, i)));
    }
  return g_string_free (g_steal_pointer (&titles), FALSE);
}

static GtkWidget *
find_row (IscCustomizeDialog *dialog,
          const char         *title)
{
  g_autoptr(GPtrArray) rows = test_collect_widgets (GTK_WIDGET (dialog), ADW_TYPE_ACTION_ROW);

  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), title) == 0)
      return g_ptr_array_index (rows, i);
  return NULL;
}

static GtkSwitch *
row_switch (GtkWidget *row)
{
  g_autoptr(GPtrArray) switches = test_collect_widgets (GTK_WIDGET (row), GTK_TYPE_SWITCH);

  g_assert_cmpuint (switches->len, ==, 1);
  return g_ptr_array_index (switches, 0);
}

static GtkWidget *
row_button (GtkWidget  *row,
            const char *icon_name)
{
  g_autoptr(GPtrArray) buttons = test_collect_widgets (GTK_WIDGET (row), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_icon_name (g_ptr_array_index (buttons, i)), icon_name) == 0)
      return g_ptr_array_index (buttons, i);
  g_assert_not_reached ();
}

static GtkWidget *
find_button (IscCustomizeDialog *dialog,
             const char         *label)
{
  g_autoptr(GPtrArray) buttons = test_collect_widgets (GTK_WIDGET (dialog), GTK_TYPE_BUTTON);

  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (g_ptr_array_index (buttons, i)), label) == 0)
      return g_ptr_array_index (buttons, i);
  g_assert_not_reached ();
}

/* What a click does: a person can only click a sensitive button. */
static void
click (GtkWidget *button)
{
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}

static void
applied_cb (IscCustomizeDialog  *dialog,
            char               **names,
            char               **result)
{
  g_assert_null (*result);
  *result = g_strjoinv ("|", names);
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

/* Opened over a @width px AdwWindow, as the app's: an AdwDialog inside
 * it where libadwaita has it (1.5; a bottom sheet when narrow), else a
 * modal window over it; Apply is the default widget on both. */
static IscCustomizeDialog *
open_dialog_at (GtkWidget          **parent,
                const char * const  *shown,
                char               **result,
                int                  width)
{
  IscCustomizeDialog *dialog;

  *parent = adw_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*parent), width, 700);
  gtk_window_present (GTK_WINDOW (*parent));
  g_assert_true (test_wait_for (is_mapped, *parent));
  dialog = isc_customize_dialog_new (GTK_WINDOW (*parent), available, shown);
  g_signal_connect (dialog, "applied", G_CALLBACK (applied_cb), result);
  isc_customize_dialog_present (dialog);
  g_assert_true (test_wait_for (is_mapped, dialog));
  test_run_frames (50);

#if ADW_CHECK_VERSION (1, 5, 0)
  g_assert_true (ADW_IS_DIALOG (dialog));
  g_assert_cmpstr (adw_dialog_get_title (ADW_DIALOG (dialog)), ==, "Customize View");
  g_assert_true (gtk_widget_get_root (GTK_WIDGET (dialog)) == GTK_ROOT (*parent));
  g_assert_true (adw_window_get_visible_dialog (ADW_WINDOW (*parent)) == ADW_DIALOG (dialog));
  g_assert_true (adw_dialog_get_default_widget (ADW_DIALOG (dialog)) == find_button (dialog, "_Apply"));
#else
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Customize View");
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (*parent));
  g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) == find_button (dialog, "_Apply"));
#endif
  return dialog;
}

static IscCustomizeDialog *
open_dialog (GtkWidget          **parent,
             const char * const  *shown,
             char               **result)
{
  return open_dialog_at (parent, shown, result, 800);
}

static gboolean
is_gone (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static void
test_hide_move_apply (void)
{
  g_autofree char *result = NULL;
  g_autofree char *titles = NULL;
  g_auto(GStrv) layout = NULL;
  IscCustomizeDialog *dialog;
  GtkWidget *parent, *row, *up;
  gpointer weak;

  dialog = open_dialog (&parent, NULL, &result);

  /* Every chart the deployment reports, shown, in the order of the
   * Charts page, by its title, under its group. */
  titles = row_titles (dialog);
  g_assert_cmpstr (titles, ==, PAGE_ORDER);
  g_assert_true (gtk_switch_get_active (row_switch (find_row (dialog, "CPU usage"))));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (find_row (dialog, "Time to first byte"))), ==,
                   "Latency");

  /* A chart moves within its group only: the first row cannot go up, the
   * last cannot go down, nor can a chart alone in its group. */
  g_assert_false (gtk_widget_get_sensitive (row_button (find_row (dialog, "Inference volume"), "go-up-symbolic")));
  g_assert_false (gtk_widget_get_sensitive (row_button (find_row (dialog, "Inference volume"), "go-down-symbolic")));
  g_assert_true (gtk_widget_get_sensitive (row_button (find_row (dialog, "End-to-end response time"), "go-down-symbolic")));
  g_assert_false (gtk_widget_get_sensitive (row_button (find_row (dialog, "Time to first byte"), "go-down-symbolic")));
  g_assert_false (gtk_widget_get_sensitive (row_button (find_row (dialog, "CPU usage"), "go-down-symbolic")));

  /* Hide the response time, and move the time to first byte up above it. */
  gtk_switch_set_active (row_switch (find_row (dialog, "End-to-end response time")), FALSE);
  row = find_row (dialog, "Time to first byte");
  up = row_button (row, "go-up-symbolic");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (up), GTK_ACCESSIBLE_PROPERTY_LABEL, "Move Up");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row_button (row, "go-down-symbolic")),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Move Down");
  click (up);
  g_clear_pointer (&titles, g_free);
  titles = row_titles (dialog);
  g_assert_cmpstr (titles, ==, "Inference volume|Time to first byte|End-to-end response time|Active replicas|CPU usage");
  /* The hidden one is still hidden where it went. */
  g_assert_false (gtk_switch_get_active (row_switch (find_row (dialog, "End-to-end response time"))));
  layout = isc_customize_dialog_dup_layout (dialog);
  g_assert_cmpuint (g_strv_length (layout), ==, 4);

  /* Apply sends the charts shown, in order, and closes. */
  g_assert_null (result);
  weak = dialog;
  g_object_add_weak_pointer (weak, &weak);
  click (find_button (dialog, "_Apply"));
  g_assert_cmpstr (result, ==, REQUESTS "|" TTFB "|" REPLICAS "|" CPU);
  g_assert_true (test_wait_for (is_gone, &weak));

  gtk_window_destroy (GTK_WINDOW (parent));
}

static void
test_reset_cancel (void)
{
  const char *shown[] = { CPU, REQUESTS, NULL };
  const char *page_order[] = { REQUESTS, CPU, NULL };
  const char *every[] = { REQUESTS, LATENCY, TTFB, REPLICAS, CPU, NULL };
  g_autofree char *result = NULL;
  g_autofree char *titles = NULL;
  g_auto(GStrv) layout = NULL;
  IscCustomizeDialog *dialog;
  GtkWidget *parent;
  gpointer weak;

  /* The current layout in the page's order, by groups, even where it was
   * saved in another; the hidden ones within their groups. */
  dialog = open_dialog (&parent, shown, &result);
  titles = row_titles (dialog);
  g_assert_cmpstr (titles, ==, PAGE_ORDER);
  g_assert_true (gtk_switch_get_active (row_switch (find_row (dialog, "CPU usage"))));
  g_assert_true (gtk_switch_get_active (row_switch (find_row (dialog, "Inference volume"))));
  g_assert_false (gtk_switch_get_active (row_switch (find_row (dialog, "End-to-end response time"))));
  g_assert_false (gtk_switch_get_active (row_switch (find_row (dialog, "Active replicas"))));
  layout = isc_customize_dialog_dup_layout (dialog);
  g_assert_true (g_strv_equal ((const char * const *) layout, page_order));

  /* Reset: every chart, in the page's order. */
  click (find_button (dialog, "_Reset"));
  g_clear_pointer (&titles, g_free);
  titles = row_titles (dialog);
  g_assert_cmpstr (titles, ==, PAGE_ORDER);
  g_clear_pointer (&layout, g_strfreev);
  layout = isc_customize_dialog_dup_layout (dialog);
  g_assert_true (g_strv_equal ((const char * const *) layout, every));
  g_assert_true (gtk_switch_get_active (row_switch (find_row (dialog, "Active replicas"))));

  /* Cancel: closed, and nothing applied. */
  weak = dialog;
  g_object_add_weak_pointer (weak, &weak);
  click (find_button (dialog, "_Cancel"));
  g_assert_true (test_wait_for (is_gone, &weak));
  g_assert_null (result);

  gtk_window_destroy (GTK_WINDOW (parent));
}

/* A metric kept in the layout that this deployment does not report (a
 * GPU chart, for a model now on CPU) is not offered, nor applied. */
static void
test_not_available (void)
{
  const char *shown[] = { GPU, REPLICAS, NULL };
  g_autofree char *result = NULL;
  g_autofree char *titles = NULL;
  g_auto(GStrv) layout = NULL;
  IscCustomizeDialog *dialog;
  GtkWidget *parent;

  dialog = open_dialog (&parent, shown, &result);
  titles = row_titles (dialog);
  g_assert_cmpstr (titles, ==, PAGE_ORDER);
  g_assert_null (find_row (dialog, "GPU utilization"));
  layout = isc_customize_dialog_dup_layout (dialog);
  g_assert_cmpuint (g_strv_length (layout), ==, 1);
  g_assert_cmpstr (layout[0], ==, REPLICAS);

  click (find_button (dialog, "_Apply"));
  g_assert_cmpstr (result, ==, REPLICAS);

  gtk_window_destroy (GTK_WINDOW (parent));
}

/* With every chart hidden there is nothing to apply. */
static void
test_nothing_shown (void)
{
  g_autofree char *result = NULL;
  IscCustomizeDialog *dialog;
  GtkWidget *parent, *apply;

  dialog = open_dialog (&parent, NULL, &result);
  apply = find_button (dialog, "_Apply");
  g_assert_true (gtk_widget_get_sensitive (apply));
  for (guint i = 0; available[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) switches = test_collect_widgets (GTK_WIDGET (dialog), GTK_TYPE_SWITCH);

      gtk_switch_set_active (g_ptr_array_index (switches, i), FALSE);
    }
  g_assert_false (gtk_widget_get_sensitive (apply));
  /* Even if it were clicked (Enter on the default widget). */
  g_signal_emit_by_name (apply, "clicked");
  g_assert_null (result);

  /* One back: Apply again. */
  gtk_switch_set_active (row_switch (find_row (dialog, "Active replicas")), TRUE);
  g_assert_true (gtk_widget_get_sensitive (apply));

  gtk_window_destroy (GTK_WINDOW (parent));
}

/* In a 360 px window (a bottom sheet where libadwaita has AdwDialog, with
 * no warning that it does not fit); closed as Escape does, it applies
 * nothing. */
static void
test_narrow_escape (void)
{
  g_autofree char *result = NULL;
  IscCustomizeDialog *dialog;
  GtkWidget *parent;
  gpointer weak;

  dialog = open_dialog_at (&parent, NULL, &result, 360);
#if ADW_CHECK_VERSION (1, 5, 0)
  /* Inside the window, as wide as it at most (a window of its own on
   * libadwaita 1.2). */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=, 360);
#endif
  gtk_switch_set_active (row_switch (find_row (dialog, "CPU usage")), FALSE);

  weak = dialog;
  g_object_add_weak_pointer (weak, &weak);
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_close (ADW_DIALOG (dialog));
#else
  gtk_window_close (GTK_WINDOW (dialog));
#endif
  g_assert_true (test_wait_for (is_gone, &weak));
  g_assert_null (result);

  gtk_window_destroy (GTK_WINDOW (parent));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/customize-dialog/hide-move-apply", test_hide_move_apply);
  g_test_add_func ("/isc/customize-dialog/reset-cancel", test_reset_cancel);
  g_test_add_func ("/isc/customize-dialog/not-available", test_not_available);
  g_test_add_func ("/isc/customize-dialog/nothing-shown", test_nothing_shown);
  g_test_add_func ("/isc/customize-dialog/narrow-escape", test_narrow_escape);

  return g_test_run ();
}
