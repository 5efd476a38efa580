/* test-event-markers.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A marker says what happened, wherever a person meets it: its whole
 * sentence in the values box at its step (hover), Ctrl+Left/Right move the
 * keyboard's cursor from marker to marker and the description then says
 * the sentence, the description lists the chart's events with their times;
 * at the plot's top a long sentence is folded to two lines ended with "…",
 * within the plot, in the window and at an exported image's size alike.
 */

#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "isc-chart-private.h"
#include "isc-chart-view.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"
#include "test-chart-fixtures.h"

#define N_STEPS 120
#define STEP_MS ((gint64) 30 * 1000)

#define SCALED "max replicas 10 → 16 by ana@example.com from the UI"
#define PROMOTED "d8 promoted to production by ben@example.com from the API"

static double
wave (guint series, guint step, gpointer data)
{
  return 10.0 + 5.0 * sin (step / 4.0) + series * 20.0;
}

/* Concurrent requests of two replicas over an hour, with SCALED in step
 * 30 (17 s in) and PROMOTED at step 90, and one marker before the range. */
static IscChartModel *
new_model (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 30, N_STEPS, "baseten_concurrent_requests", "COUNT", "GAUGE",
                       "[{\"replica\":\"a\"},{\"replica\":\"b\"}]", 2, wave, NULL);
  IscChartModel *model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  IscChartMarker markers[] = {
    { TEST_START_MS - 3600 * 1000, "before the range" },
    { TEST_START_MS + 30 * STEP_MS + 17 * 1000, SCALED },
    { TEST_START_MS + 90 * STEP_MS, PROMOTED },
  };

  isc_chart_model_set_markers (model, markers, G_N_ELEMENTS (markers));
  return model;
}

static gboolean
has_line (const char *text,
          const char *line)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  return g_strv_contains ((const char * const *) lines, line);
}

/* The values box at a marker's step says its whole sentence under the
 * time; a step away, nothing of it; a marker outside the range nowhere. */
static void
test_hover (void)
{
  g_autoptr(IscChartModel) model = new_model ();
  g_autoptr(IscChart) chart = isc_chart_new (model);
  g_autofree char *at_scaled = isc_chart_dup_hover_text (chart, 700, 320, 31);
  g_autofree char *at_promoted = isc_chart_dup_hover_text (chart, 700, 320, 90);
  g_autofree char *between = isc_chart_dup_hover_text (chart, 700, 320, 60);
  g_autofree char *first = isc_chart_dup_hover_text (chart, 700, 320, 0);
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) labels = NULL;

  g_test_message ("%s", at_scaled);
  /* 17 s into a 30 s step is nearer the next step's start: the marker
   * is step 31's, as the pointer over its line finds step 31. */
  g_assert_cmpint (isc_chart_get_step_near_time (chart, TEST_START_MS + 30 * STEP_MS + 17 * 1000), ==, 31);
  g_assert_true (has_line (at_scaled, SCALED));
  lines = g_strsplit (at_scaled, "\n", -1);
  /* The time first, then what happened, then the values. */
  g_assert_cmpstr (lines[1], ==, SCALED);
  g_assert_false (has_line (at_scaled, PROMOTED));
  g_assert_true (has_line (at_promoted, PROMOTED));
  g_assert_null (strstr (between, SCALED));
  g_assert_null (strstr (between, PROMOTED));
  g_assert_null (strstr (first, "before the range"));

  labels = isc_chart_dup_step_markers (chart, 700, 320, 90);
  g_assert_nonnull (labels);
  g_assert_cmpuint (g_strv_length (labels), ==, 1);
  g_assert_cmpstr (labels[0], ==, PROMOTED);
  g_assert_null (isc_chart_dup_step_markers (chart, 700, 320, 60));
}

/* Two events in one step: both said, in time order. */
static void
test_hover_two (void)
{
  g_autoptr(IscChartModel) model = new_model ();
  IscChartMarker markers[] = {
    { TEST_START_MS + 50 * STEP_MS + 2000, "first" },
    { TEST_START_MS + 50 * STEP_MS + 4000, "second" },
  };
  g_autoptr(IscChart) chart = NULL;
  g_auto(GStrv) labels = NULL;

  isc_chart_model_set_markers (model, markers, G_N_ELEMENTS (markers));
  chart = isc_chart_new (model);
  labels = isc_chart_dup_step_markers (chart, 700, 320, 50);
  g_assert_nonnull (labels);
  g_assert_cmpuint (g_strv_length (labels), ==, 2);
  g_assert_cmpstr (labels[0], ==, "first");
  g_assert_cmpstr (labels[1], ==, "second");
}

/* At the plot's top, a sentence is folded to two lines, ended with "…"
 * where they do not hold it, within the plot; the box at the marker holds it whole,
 * within the chart. At an export's cell size (600 × 300) and at a narrow
 * window's (330 × 240). */
static void
check_label_sizes (int      width,
                   int      height,
                   gboolean cut)
{
  g_autoptr(IscChartModel) model = new_model ();
  g_autoptr(IscChart) chart = isc_chart_new (model);
  const IscChartLayout *layout = isc_chart_ensure_layout (chart, width, height);
  guint n_labelled = 0;
  IscChartRect box;

  g_assert_cmpuint (layout->markers->len, ==, 2);
  for (guint i = 0; i < layout->markers->len; i++)
    {
      const IscChartMarkerLine *line = &g_array_index (layout->markers, IscChartMarkerLine, i);
      int w, h;

      if (line->text.layout == NULL)
        continue;
      n_labelled++;
      pango_layout_get_pixel_size (line->text.layout, &w, &h);
      g_test_message ("%dx%d: label %d px wide, %d lines, ellipsized %d", width, height, w,
                      pango_layout_get_line_count (line->text.layout),
                      pango_layout_is_ellipsized (line->text.layout));
      g_assert_cmpint (pango_layout_get_line_count (line->text.layout), <=, 2);
      g_assert_cmpfloat (line->text.x, >=, layout->plot.x);
      g_assert_cmpfloat (line->text.x + w, <=, layout->plot.x + layout->plot.width);
      g_assert_cmpfloat (line->text.y + h, <=, layout->plot.y + layout->plot.height);
      /* Folded: never a line as wide as the sentence. */
      g_assert_cmpint (pango_layout_get_line_count (line->text.layout), ==, 2);
      /* Where two lines do not hold it, cut where it says so. */
      g_assert_cmpint (pango_layout_is_ellipsized (line->text.layout), ==, cut);
    }
  /* Two markers far apart: both labelled. */
  g_assert_cmpuint (n_labelled, ==, 2);

  g_assert_true (isc_chart_get_hover_area (chart, width, height, 31, &box));
  g_assert_cmpfloat (box.x, >=, 0);
  g_assert_cmpfloat (box.x + box.width, <=, width);
}

static void
test_label_sizes (void)
{
  check_label_sizes (600, 300, FALSE);
  check_label_sizes (330, 240, TRUE);
}

/* A short label is drawn whole, on one line. */
static void
test_short_label (void)
{
  g_autoptr(IscChartModel) model = new_model ();
  IscChartMarker markers[] = { { TEST_START_MS + 40 * STEP_MS, "v8 created" } };
  g_autoptr(IscChart) chart = NULL;
  const IscChartLayout *layout;
  const IscChartMarkerLine *line;

  isc_chart_model_set_markers (model, markers, G_N_ELEMENTS (markers));
  chart = isc_chart_new (model);
  layout = isc_chart_ensure_layout (chart, 600, 300);
  g_assert_cmpuint (layout->markers->len, ==, 1);
  line = &g_array_index (layout->markers, IscChartMarkerLine, 0);
  g_assert_nonnull (line->text.layout);
  g_assert_false (pango_layout_is_ellipsized (line->text.layout));
  g_assert_cmpint (pango_layout_get_line_count (line->text.layout), ==, 1);
}

/* A day of 5-minute steps packs about two steps in a pixel: the pointer
 * near a marker's line (within 3 px) gets the marker's step, so the box
 * says what happened; further away, the step under it. */
static void
test_hover_snaps (void)
{
  g_autoptr(IscMetricsResponse) response =
    test_response_new ("SERIES", 300, 288, "baseten_concurrent_requests", "COUNT", "GAUGE",
                       "[{\"replica\":\"a\"}]", 1, wave, NULL);
  g_autoptr(IscChartModel) model = isc_chart_model_new (response, 0, ISC_COUNTER_DISPLAY_RATE);
  gint64 at = TEST_START_MS + 100 * 300 * 1000 + 60 * 1000;
  IscChartMarker markers[] = { { at, "v8 promoted", PROMOTED } };
  g_autoptr(IscChart) chart = NULL;
  const IscChartLayout *layout;
  const IscChartMarkerLine *line;
  g_autofree char *hover = NULL;
  int step;

  isc_chart_model_set_markers (model, markers, G_N_ELEMENTS (markers));
  chart = isc_chart_new (model);
  layout = isc_chart_ensure_layout (chart, 600, 300);
  g_assert_cmpuint (layout->markers->len, ==, 1);
  line = &g_array_index (layout->markers, IscChartMarkerLine, 0);
  g_assert_cmpint (isc_chart_get_step_near_time (chart, at), ==, 100);

  for (double dx = -2.5; dx <= 2.5; dx += 0.5)
    g_assert_cmpint (isc_chart_get_step_at_x (chart, 600, 300, line->x + dx), ==, 100);
  /* The description, not the short label, in the box. */
  hover = isc_chart_dup_hover_text (chart, 600, 300, 100);
  g_assert_true (has_line (hover, PROMOTED));
  g_assert_false (has_line (hover, "v8 promoted"));
  /* Ten pixels on: another step, no event. */
  step = isc_chart_get_step_at_x (chart, 600, 300, line->x + 10);
  g_assert_cmpint (step, >, 103);
  g_assert_null (isc_chart_dup_step_markers (chart, 600, 300, step));
}

/* The window's side: a view of the chart. */

static gboolean
rendered (gpointer data)
{
  return isc_chart_view_get_n_renders (data) > 0;
}

static GtkWidget *
open_view (IscChartModel *model,
           GtkWidget    **window)
{
  GtkWidget *view = isc_chart_view_new (model);

  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), 700, 360);
  gtk_window_set_child (GTK_WINDOW (*window), view);
  gtk_window_present (GTK_WINDOW (*window));
  g_assert_true (test_wait_for (rendered, view));
  return view;
}

/* Ctrl+Right and Ctrl+Left step the cursor from marker to marker, each
 * time with the values box at the marker's step; past the last one the
 * cursor stays. The description, as a screen reader reads it, says the
 * sentence at the cursor and lists every event with its time. */
static void
test_keys_and_description (void)
{
  g_autoptr(IscChartModel) model = new_model ();
  GtkWidget *window;
  GtkWidget *view = open_view (model, &window);
  IscChartView *cv = ISC_CHART_VIEW (view);
  const gint64 *starts = isc_chart_model_get_step_starts (model);
  g_autofree char *before = NULL;
  g_autofree char *at_scaled = NULL;
  g_autofree char *at_promoted = NULL;
  g_autofree char *message = NULL;

  /* Nothing under the cursor yet: the events, each with its time
   * (the view's zone, UTC here). */
  isc_chart_view_set_use_utc (cv, TRUE);
  before = isc_chart_view_dup_description (cv);
  g_test_message ("%s", before);
  g_assert_nonnull (strstr (before, "Events: Mon 1 Dec 00:15, " SCALED "; Mon 1 Dec 00:45, " PROMOTED "."));
  g_assert_null (strstr (before, "before the range"));
  g_assert_null (strstr (before, "At "));

  /* From nowhere, Ctrl+Right goes to the first marker's step. */
  g_assert_true (test_press_chart_key (view, GDK_KEY_Right, GDK_CONTROL_MASK));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[31]);
  g_assert_cmpint (isc_chart_view_get_hover_step (cv), ==, 31);
  at_scaled = isc_chart_view_dup_description (cv);
  g_test_message ("%s", at_scaled);
  g_assert_true (g_str_has_prefix (at_scaled, "At "));
  g_assert_nonnull (strstr (at_scaled, "; " SCALED "; "));
  message = gtk_test_accessible_check_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, at_scaled);
  g_assert_null (message);

  g_assert_true (test_press_chart_key (view, GDK_KEY_Right, GDK_CONTROL_MASK));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[90]);
  at_promoted = isc_chart_view_dup_description (cv);
  g_assert_nonnull (strstr (at_promoted, "; " PROMOTED "; "));
  g_assert_null (strstr (at_promoted, "; " SCALED "; "));

  /* No marker further: the cursor stays (and the key is taken, with a
   * bell, rather than scrolling the page). */
  g_assert_true (test_press_chart_key (view, GDK_KEY_Right, GDK_CONTROL_MASK));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[90]);

  /* Back, then from a step between them. */
  g_assert_true (test_press_chart_key (view, GDK_KEY_Left, GDK_CONTROL_MASK));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[31]);
  g_assert_true (test_press_chart_key (view, GDK_KEY_End, 0));
  g_assert_true (test_press_chart_key (view, GDK_KEY_Left, GDK_CONTROL_MASK));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[90]);
  g_assert_true (test_press_chart_key (view, GDK_KEY_Home, 0));
  g_assert_true (test_press_chart_key (view, GDK_KEY_Left, GDK_CONTROL_MASK));
  g_assert_cmpint (isc_chart_view_get_cursor_time (cv), ==, starts[0]);

  /* A chart without markers lets Ctrl+arrows go on (to the page). */
  {
    g_autoptr(IscChartModel) plain = new_model ();

    isc_chart_model_set_markers (plain, NULL, 0);
    isc_chart_view_set_model (cv, plain);
    g_assert_false (test_press_chart_key (view, GDK_KEY_Right, GDK_CONTROL_MASK));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/event-markers/hover", test_hover);
  g_test_add_func ("/isc/event-markers/hover-two", test_hover_two);
  g_test_add_func ("/isc/event-markers/hover-snaps", test_hover_snaps);
  g_test_add_func ("/isc/event-markers/label-sizes", test_label_sizes);
  g_test_add_func ("/isc/event-markers/short-label", test_short_label);
  g_test_add_func ("/isc/event-markers/keys-and-description", test_keys_and_description);

  return g_test_run ();
}
