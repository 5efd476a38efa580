/* bench-interact.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What working with the charts of a window costs, frame by frame: the
 * demo's dense deployment (every metric over 7 days at 1-minute steps) in
 * a 1600×1000 window under Xvfb, with the GSK renderer GSK_RENDERER names
 * (build-aux/bench-window --interact --renderer NAME; cairo by default).
 *
 *   bench-interact [--runs N] [--only NAME] [--width W] [--height H]
 *                  [--charts N] [--cpu | --cpu-all] [--damage]
 *
 * Run it through build-aux/bench-window --interact, which gives it an X
 * display and a private home. Each figure is the median over N actions of
 * the frames the action causes, each frame timed from the frame clock's
 * flush-events (where GTK delivers the input) to after-paint plus an
 * XSync (so the X server's share of the drawing is counted):
 *
 *   crosshair    the pointer warped to a new x over the first chart (real
 *                X motion events): the cursor drawn on every chart
 *   drag         one update of a drag's band over the first chart
 *   relayout     the window resized by 10 px: every chart laid out and
 *                drawn again at its new size; and the same as pairs of
 *                a narrower and a wider window (report_relayout())
 *   zoom         a drag released: the frame that shows the scaled
 *                picture of the range zoomed to (the finer data still on
 *                its way)
 *
 * Targets: crosshair ≤ 2 ms for all the charts together, drag ≤ 2 ms,
 * relayout ≤ 16 ms, zoom ≤ 16 ms.
 *
 * --cpu times the main thread's CPU instead of the wall clock (the X
 * server's share left out): steadier on a machine shared with builds, for
 * comparing two builds. --cpu-all times the whole process's CPU, all its
 * threads: under Mesa's software GL (llvmpipe) that counts the threads
 * that rasterize the frame, which --cpu leaves out. --charts N shows the
 * first N-1 metrics instead of 11 (N charts with the error rate), to see
 * what each chart adds.
 *
 * --damage also reports what each action made the X server repaint, as
 * the XDAMAGE extension tells a second connection: the pixels and the
 * rectangles the window's frames put there (their medians), which is
 * what a GPU renderer's damage tracking and GSK's render-node diff left
 * to draw. Under Mesa's software GL each of those pixels is rasterized,
 * copied and handed to the server on the CPU.
 */

#include "config.h"

#include <gdk/x11/gdkx.h>
#include <X11/extensions/Xdamage.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "isc-application.h"
#include "isc-catalogue.h"
#include "isc-chart-view.h"
#include "isc-demo-ids.h"
#include "isc-test-gtk.h"
#include "isc-test-app.h"
#include "isc-test-util.h"
#include "isc-window.h"

/* The first 11 metrics of the catalogue: 12 charts, as the first, the
 * requests by status, draws its error rate too (--charts). */
static guint n_metrics = 11;
static gboolean cpu_clock = FALSE;
static clockid_t cpu_clock_id = CLOCK_THREAD_CPUTIME_ID;
static gboolean damage = FALSE;

static guint n_runs = 41;
static const char *only = NULL;
static int width = 1600;
static int height = 1000;

/* One frame, or the sum of the frames an action causes: the input (from
 * the first event to the end of before-paint), the layout phase (with the
 * update phase's tick callbacks, if any) and painting (snapshot, render and
 * an XSync after it, so the X server's part is counted). The phases are
 * told apart by their ends: GDK's own handlers run before these. */
typedef struct
{
  double events;
  double layout;
  double paint;
  guint  n;       /* frames summed */
  double pixels;  /* repainted, as XDAMAGE reports them (--damage) */
  double rects;
} Frame;

/* Now, in µs: the wall clock, or with --cpu the main thread's CPU time
 * (--cpu-all: the process's). */
static gint64
now_us (void)
{
  struct timespec ts;

  if (!cpu_clock)
    return g_get_monotonic_time ();
  clock_gettime (cpu_clock_id, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* The frames since the last reset. */
typedef struct
{
  gint64  start, events_end, layout_end, paint_end;
  GArray *frames;  /* Frame */
} Timing;

/* --damage: a connection of its own to the X server, which reports each
 * rectangle a window's frames repaint (XDamageReportRawRectangles). */
static Display *damage_dpy;
static int      damage_event_base;
static Damage   damage_handle;

static void
damage_watch (GtkWidget *window)
{
  int error_base;
  Window xid;

  if (!damage)
    return;
  if (damage_dpy == NULL)
    {
      damage_dpy = XOpenDisplay (NULL);
      if (damage_dpy == NULL || !XDamageQueryExtension (damage_dpy, &damage_event_base, &error_base))
        g_error ("bench-interact: --damage needs the X server's DAMAGE extension");
    }
  if (damage_handle != 0)
    XDamageDestroy (damage_dpy, damage_handle);
  /* GTK 4.18 deprecates its X11 API with nothing in its place. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  G_GNUC_END_IGNORE_DEPRECATIONS
  damage_handle = XDamageCreate (damage_dpy, xid, XDamageReportRawRectangles);
  XSync (damage_dpy, False);
}

/* Stops watching, while the window is still there. */
static void
damage_unwatch (void)
{
  if (damage_handle == 0)
    return;
  XDamageDestroy (damage_dpy, damage_handle);
  XSync (damage_dpy, False);
  damage_handle = 0;
}

/* The pixels and rectangles repainted since the last call. */
static void
damage_take (double *pixels,
             double *rects)
{
  *pixels = *rects = 0;
  if (damage_dpy == NULL)
    return;
  XSync (damage_dpy, False);
  while (XPending (damage_dpy) > 0)
    {
      XEvent event;

      XNextEvent (damage_dpy, &event);
      if (event.type == damage_event_base + XDamageNotify)
        {
          const XDamageNotifyEvent *notify = (const XDamageNotifyEvent *) &event;

          *pixels += (double) notify->area.width * notify->area.height;
          *rects += 1;
        }
    }
}

/* The window's first look at an input event of a frame: events are
 * delivered in flush-events, before GDK's handler returns. */
static gboolean
event_cb (GtkEventControllerLegacy *controller,
          GdkEvent                 *event,
          Timing                   *timing)
{
  if (timing->start == 0)
    timing->start = now_us ();
  return GDK_EVENT_PROPAGATE;
}

static void
flush_events_cb (GdkFrameClock *clock,
                 Timing        *timing)
{
  if (timing->start == 0)
    timing->start = now_us ();
  timing->events_end = timing->layout_end = timing->paint_end = 0;
}

static void
before_paint_cb (GdkFrameClock *clock,
                 Timing        *timing)
{
  if (timing->start == 0)
    timing->start = now_us ();
  timing->events_end = now_us ();
}

static void
layout_cb (GdkFrameClock *clock,
           Timing        *timing)
{
  timing->layout_end = now_us ();
}

static void
paint_cb (GdkFrameClock *clock,
          Timing        *timing)
{
  /* GTK 4.18 deprecates its X11 API with nothing in its place; the
   * bench measures under Xvfb. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  XSync (gdk_x11_display_get_xdisplay (gdk_display_get_default ()), False);
  G_GNUC_END_IGNORE_DEPRECATIONS
  timing->paint_end = now_us ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                Timing        *timing)
{
  Frame frame;

  if (timing->start != 0 && timing->events_end != 0)
    {
      gint64 layout_end = MAX (timing->layout_end, timing->events_end);
      gint64 paint_end = MAX (timing->paint_end, layout_end);

      frame.events = (timing->events_end - timing->start) / 1000.0;
      frame.layout = (layout_end - timing->events_end) / 1000.0;
      frame.paint = (paint_end - layout_end) / 1000.0;
      frame.n = 1;
      damage_take (&frame.pixels, &frame.rects);
      if (g_getenv ("BENCH_FRAMES") != NULL)
        printf ("  frame: events %.2f layout %.2f paint %.2f\n", frame.events, frame.layout, frame.paint);
      g_array_append_val (timing->frames, frame);
    }
  timing->start = 0;
}

/* Under `perf record --delay=-1 --control fifo:CTL`, with BENCH_PERF_CTL=CTL:
 * only the actions timed are recorded, not the start. */
static void
perf_control (const char *command)
{
  const char *path = g_getenv ("BENCH_PERF_CTL");
  FILE *ctl;

  if (path == NULL || (ctl = fopen (path, "w")) == NULL)
    return;
  fprintf (ctl, "%s\n", command);
  fclose (ctl);
}

static GPtrArray *
chart_views (IscWindow *window)
{
  return test_window_chart_views (window, TRUE);
}

static gboolean
charts_drawn (gpointer data)
{
  g_autoptr(GPtrArray) views = chart_views (data);

  if (views->len == 0)
    return FALSE;
  /* Only a chart in sight draws (src/ui/isc-chart-view.c). */
  for (guint i = 0; i < views->len; i++)
    if (test_in_sight (g_ptr_array_index (views, i)) &&
        isc_chart_view_get_n_renders (g_ptr_array_index (views, i)) == 0)
      return FALSE;
  return TRUE;
}

/* Runs the main loop until no frame has been painted for a while; the sum
 * of the frames painted meanwhile, plus @extra_ms of events. */
static Frame
settle (Timing *timing,
        double  extra_ms)
{
  Frame sum = { extra_ms, 0, 0, 0, 0, 0 };
  guint seen = 0;

  for (;;)
    {
      test_run_frames (40);
      if (timing->frames->len == seen)
        break;
      seen = timing->frames->len;
    }
  for (guint i = 0; i < timing->frames->len; i++)
    {
      Frame *f = &g_array_index (timing->frames, Frame, i);

      sum.events += f->events;
      sum.layout += f->layout;
      sum.paint += f->paint;
      sum.n += f->n;
      sum.pixels += f->pixels;
      sum.rects += f->rects;
    }
  g_array_set_size (timing->frames, 0);
  return sum;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_of (GArray *samples,
           double (*get) (const Frame *))
{
  g_autoptr(GArray) values = g_array_sized_new (FALSE, FALSE, sizeof (double), samples->len);

  for (guint i = 0; i < samples->len; i++)
    {
      double v = get (&g_array_index (samples, Frame, i));

      g_array_append_val (values, v);
    }
  g_array_sort (values, compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

static double frame_total (const Frame *f) { return f->events + f->layout + f->paint; }
static double frame_events (const Frame *f) { return f->events; }
static double frame_layout (const Frame *f) { return f->layout; }
static double frame_paint (const Frame *f) { return f->paint; }
static double frame_count (const Frame *f) { return f->n; }
static double frame_pixels (const Frame *f) { return f->pixels; }
static double frame_rects (const Frame *f) { return f->rects; }

/* The median of the actions' totals, and of each part on its own. */
static void
report (const char *what,
        GArray     *samples,
        double      target)
{
  double median = median_of (samples, frame_total);

  printf ("%-10s median %6.2f ms  (events %.2f, layout %.2f, paint %.2f; %.0f frames; %u runs)  target ≤ %.0f ms  %s\n",
          what, median, median_of (samples, frame_events), median_of (samples, frame_layout),
          median_of (samples, frame_paint), median_of (samples, frame_count), samples->len, target,
          median <= target ? "met" : "MISSED");
  if (damage)
    printf ("%-10s repainted %.0f px in %.0f rectangles (medians)\n", "",
            median_of (samples, frame_pixels), median_of (samples, frame_rects));
  g_array_set_size (samples, 0);
}

static void
warp (gpointer    window,
      GtkWidget *view,
      double     x,
      double     y)
{
  Display *dpy;
  Window xid;
  double wx, wy;

  /* GTK 4.18 deprecates its X11 API with nothing in its place; the
   * pointer moves through X, under Xvfb. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  dpy = gdk_x11_display_get_xdisplay (gtk_widget_get_display (view));
  xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  G_GNUC_END_IGNORE_DEPRECATIONS
#if GTK_CHECK_VERSION (4, 12, 0)
  {
    graphene_point_t point;

    if (!gtk_widget_compute_point (view, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (x, y), &point))
      return;
    wx = point.x;
    wy = point.y;
  }
#else
  gtk_widget_translate_coordinates (view, GTK_WIDGET (window), x, y, &wx, &wy);
#endif
  XWarpPointer (dpy, None, xid, 0, 0, 0, 0, (int) wx, (int) wy);
  XFlush (dpy);
}

typedef struct
{
  IscWindow    *window;
  GPtrArray    *views;
  IscChartRect  plot;   /* the first chart's */
  Timing       *timing;
  GArray       *samples;
} Bench;

/* Crosshair: the pointer over the first chart, a new step each time. */
static void
bench_crosshair (Bench *b)
{
  GtkWidget *first = g_ptr_array_index (b->views, 0);
  const IscChartRect *plot = &b->plot;
  int renders = 0;

  warp (b->window, first, plot->x + 5, plot->y + plot->height / 2);
  settle (b->timing, 0);
  for (guint i = 0; i < b->views->len; i++)
    renders += (int) isc_chart_view_get_n_renders (g_ptr_array_index (b->views, i));
  for (guint r = 0; r < n_runs; r++)
    {
      double x = plot->x + 10 + (r * 37 % 97) / 97.0 * (plot->width - 20);
      Frame f;

      warp (b->window, first, x, plot->y + plot->height / 2);
      f = settle (b->timing, 0);
      g_array_append_val (b->samples, f);
    }
  for (guint i = 0; i < b->views->len; i++)
    renders -= (int) isc_chart_view_get_n_renders (g_ptr_array_index (b->views, i));
  report ("crosshair", b->samples, 2);
  if (renders != 0)
    printf ("           (the series were drawn again %d times)\n", -renders);
  warp (b->window, first, -50, -50);
  settle (b->timing, 0);
}

/* The cursor set on the first k charts alone (no pointer, no values
 * box): what each chart adds to a crosshair move. */
static void
bench_cursors (Bench *b)
{
  const IscChartRect *plot = &b->plot;

  for (guint k = 1; k <= b->views->len; k *= 3)
    {
      char what[32];

      for (guint r = 0; r < n_runs; r++)
        {
          GtkWidget *first = g_ptr_array_index (b->views, 0);
          double x = plot->x + 10 + (r * 37 % 97) / 97.0 * (plot->width - 20);
          gint64 ms = isc_chart_get_time_at_x (isc_chart_view_get_chart (ISC_CHART_VIEW (first)),
                                               gtk_widget_get_width (first), gtk_widget_get_height (first), x);
          Frame f;

          for (guint i = 0; i < k; i++)
            isc_chart_view_set_cursor_time (g_ptr_array_index (b->views, i), ms);
          f = settle (b->timing, 0);
          g_array_append_val (b->samples, f);
        }
      g_snprintf (what, sizeof what, "cursor×%u", k);
      report (what, b->samples, 2);
    }
  for (guint i = 0; i < b->views->len; i++)
    isc_chart_view_set_cursor_time (g_ptr_array_index (b->views, i), -1);
  settle (b->timing, 0);
}

/* Drag: the band follows the pointer. */
static void
bench_drag (Bench *b)
{
  GtkEventController *drag = test_find_controller (g_ptr_array_index (b->views, 0), GTK_TYPE_GESTURE_DRAG);
  const IscChartRect *plot = &b->plot;

  g_signal_emit_by_name (drag, "drag-begin", plot->x + plot->width * 0.4, plot->y + plot->height / 2);
  settle (b->timing, 0);
  for (guint r = 0; r < n_runs; r++)
    {
      gint64 t0 = now_us ();
      Frame f;

      g_signal_emit_by_name (drag, "drag-update", 20.0 + (r % 40) * 5.0, 2.0);
      f = settle (b->timing, (now_us () - t0) / 1000.0);
      g_array_append_val (b->samples, f);
    }
  report ("drag", b->samples, 2);
  g_signal_emit_by_name (drag, "drag-update", 0.0, 0.0);
  g_signal_emit_by_name (drag, "drag-end", 0.0, 0.0);
  settle (b->timing, 0);
}

/* A relayout's samples (narrower, wider, narrower, …) reported as they
 * are, and as pairs. One frame of each pair, narrower or wider (which
 * one differs from run to run, and between windows), waits about 40 ms
 * for the X server's new size, in the peers too: the median of the
 * samples is the slowest quick one or the quickest slow one, whichever
 * the middle sample falls on, and swings by half that from run to run.
 * The median of the pairs' means has each pair's wait once, and is
 * steady enough to compare. */
static void
report_relayout (const char *what,
                 GArray     *samples)
{
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (Frame));
  char name[64];

  for (guint i = 0; i + 1 < samples->len; i += 2)
    {
      const Frame *a = &g_array_index (samples, Frame, i);
      const Frame *b = &g_array_index (samples, Frame, i + 1);
      Frame mean = {
        (a->events + b->events) / 2, (a->layout + b->layout) / 2, (a->paint + b->paint) / 2,
        (a->n + b->n) / 2, (a->pixels + b->pixels) / 2, (a->rects + b->rects) / 2
      };

      g_array_append_val (pairs, mean);
    }
  report (what, samples, 16);
  g_snprintf (name, sizeof name, "%s-pairs", what);
  report (name, pairs, 16);
}

/* Relayout: the window 10 px narrower, then wider again. */
static void
bench_relayout (Bench *b)
{
  for (guint r = 0; r < n_runs; r++)
    {
      Frame f;

      gtk_window_set_default_size (GTK_WINDOW (b->window), width - (r % 2 == 0 ? 10 : 0), height);
      f = settle (b->timing, 0);
      g_array_append_val (b->samples, f);
    }
  report_relayout ("relayout", b->samples);
  gtk_window_set_default_size (GTK_WINDOW (b->window), width, height);
  settle (b->timing, 0);
}

/* Zoom: release a drag, time the frame that shows the scaled picture;
 * then back out, and wait for the week again. */
static void
bench_zoom (Bench *b)
{
  const IscChartRect *plot = &b->plot;

  for (guint r = 0; r < MIN (n_runs, 9u); r++)
    {
      GtkEventController *drag = test_find_controller (g_ptr_array_index (b->views, 0), GTK_TYPE_GESTURE_DRAG);
      gint64 t0;
      Frame f;
      int renders = 0;

      g_signal_emit_by_name (drag, "drag-begin", plot->x + plot->width * 0.3, plot->y + plot->height / 2);
      g_signal_emit_by_name (drag, "drag-update", plot->width * 0.2, 2.0);
      settle (b->timing, 0);
      for (guint i = 0; i < b->views->len; i++)
        renders -= (int) isc_chart_view_get_n_renders (g_ptr_array_index (b->views, i));
      perf_control ("enable");
      t0 = now_us ();
      g_signal_emit_by_name (drag, "drag-end", plot->width * 0.2, 2.0);
      t0 = now_us () - t0;
      /* The first frame after the release, before the new data. */
      while (b->timing->frames->len == 0)
        g_main_context_iteration (NULL, TRUE);
      perf_control ("disable");
      f = g_array_index (b->timing->frames, Frame, 0);
      f.events += t0 / 1000.0;
      /* The same pictures, scaled: no chart drawn again. */
      for (guint i = 0; i < b->views->len; i++)
        renders += (int) isc_chart_view_get_n_renders (g_ptr_array_index (b->views, i));
      if (renders != 0)
        printf ("           (the release drew %d charts again)\n", renders);
      g_array_append_val (b->samples, f);
      test_wait_for (test_view_is_ready, b->window);
      isc_view_go_back (isc_window_get_view (b->window));
      test_wait_for (test_view_is_ready, b->window);
      test_wait_for (charts_drawn, b->window);
      settle (b->timing, 0);
      g_ptr_array_unref (b->views);
      b->views = chart_views (b->window);
    }
  report ("zoom", b->samples, 16);
}

/* The peers: what GTK itself costs for the same crosshair, drag and
 * relayout, the floor under Inferscope's figures. A window of the same
 * size with 12 widgets in a 2-column grid, each a picture painted once
 * for its size (as the charts' series are) under a 1-pixel line that
 * moves, and nothing else; the drag is a band that grows over the first.
 * "peer" keeps its pictures as cairo nodes (what GSK's cairo renderer
 * draws fastest), "peer-tex" as textures (what its GL and Vulkan
 * renderers composite without drawing again): run under each
 * GSK_RENDERER, the charts should cost no more than the texture peer. */
#define PEER_TYPE_CHART (peer_chart_get_type ())
G_DECLARE_FINAL_TYPE (PeerChart, peer_chart, PEER, CHART, GtkWidget)

struct _PeerChart
{
  GtkWidget      parent_instance;
  GskRenderNode *picture;
  int            picture_width;
  double         x;
  double         band;      /* the drag's band's width, 0 for none */
  gboolean       textures;
};

G_DEFINE_FINAL_TYPE (PeerChart, peer_chart, GTK_TYPE_WIDGET)

static void
peer_chart_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  PeerChart *self = PEER_CHART (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);

  if (self->picture != NULL && self->picture_width != w)
    g_clear_pointer (&self->picture, gsk_render_node_unref);
  if (self->picture == NULL)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      GtkSnapshot *s = gtk_snapshot_new ();
      cairo_t *cr = cairo_create (surface);

      for (int i = 0; i < w; i += 3)
        {
          cairo_set_source_rgb (cr, (i % 256) / 255.0, 0.4, 0.6);
          cairo_rectangle (cr, i, h / 2 + (i * 7919 % 97), 3, h / 2);
          cairo_fill (cr);
        }
      cairo_destroy (cr);
      if (self->textures)
        {
          g_autoptr(GBytes) bytes = NULL;
          g_autoptr(GdkTexture) texture = NULL;

          cairo_surface_flush (surface);
          bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                              (gsize) cairo_image_surface_get_stride (surface) * h,
                                              (GDestroyNotify) cairo_surface_destroy,
                                              cairo_surface_reference (surface));
          texture = gdk_memory_texture_new (w, h, GDK_MEMORY_DEFAULT, bytes,
                                            (gsize) cairo_image_surface_get_stride (surface));
          gtk_snapshot_append_texture (s, texture, &GRAPHENE_RECT_INIT (0, 0, w, h));
        }
      else
        {
          cr = gtk_snapshot_append_cairo (s, &GRAPHENE_RECT_INIT (0, 0, w, h));
          cairo_set_source_surface (cr, surface, 0, 0);
          cairo_paint (cr);
          cairo_destroy (cr);
        }
      cairo_surface_destroy (surface);
      self->picture = gtk_snapshot_free_to_node (s);
      self->picture_width = w;
    }
  gtk_snapshot_append_node (snapshot, self->picture);
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0, 0, 0, 1 }, &GRAPHENE_RECT_INIT (self->x, 20, 1, h - 40));
  if (self->band > 0)
    gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.2, 0.4, 0.9, 0.25 },
                               &GRAPHENE_RECT_INIT (20, 20, self->band, h - 40));
}

static void
peer_chart_dispose (GObject *object)
{
  g_clear_pointer (&PEER_CHART (object)->picture, gsk_render_node_unref);
  G_OBJECT_CLASS (peer_chart_parent_class)->dispose (object);
}

static void
peer_chart_class_init (PeerChartClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = peer_chart_dispose;
  GTK_WIDGET_CLASS (klass)->snapshot = peer_chart_snapshot;
}

static void
peer_chart_init (PeerChart *self)
{
  gtk_widget_set_size_request (GTK_WIDGET (self), 300, 300);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
}

/* The peer's crosshair follows the pointer over its first picture: every
 * line moved to the pointer's x. */
static void
peer_motion_cb (GtkEventControllerMotion *motion,
                double                    x,
                double                    y,
                GtkWidget               **charts)
{
  for (guint i = 0; i < 12; i++)
    {
      PEER_CHART (charts[i])->x = x;
      gtk_widget_queue_draw (charts[i]);
    }
}

/* The peer's crosshair: the X pointer warped to a new x over the first
 * picture, as the charts' crosshair is (its events counted the same
 * way), every line moved to it, one frame; its drag; its relayout. */
static void
bench_peer (Timing   *timing,
            GArray   *samples,
            gboolean  textures)
{
  const char *name = textures ? "peer-tex" : "peer";
  char what[32];
  GtkWidget *window = gtk_window_new ();
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *charts[12];
  GdkFrameClock *clock;
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *legacy = gtk_event_controller_legacy_new ();
  gulong ids[5];

  gtk_grid_set_row_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      charts[i] = g_object_new (PEER_TYPE_CHART, NULL);
      PEER_CHART (charts[i])->textures = textures;
      gtk_grid_attach (GTK_GRID (grid), charts[i], i % 2, i / 2, 1, 1);
    }
  g_signal_connect (motion, "motion", G_CALLBACK (peer_motion_cb), charts);
  gtk_widget_add_controller (charts[0], motion);
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (event_cb), timing);
  gtk_widget_add_controller (window, legacy);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
  gtk_window_set_child (GTK_WINDOW (window), scroller);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  test_run_frames (500);
  damage_watch (window);

  clock = gtk_widget_get_frame_clock (window);
  ids[0] = g_signal_connect_after (clock, "flush-events", G_CALLBACK (flush_events_cb), timing);
  ids[1] = g_signal_connect_after (clock, "before-paint", G_CALLBACK (before_paint_cb), timing);
  ids[2] = g_signal_connect_after (clock, "layout", G_CALLBACK (layout_cb), timing);
  ids[3] = g_signal_connect_after (clock, "paint", G_CALLBACK (paint_cb), timing);
  ids[4] = g_signal_connect_after (clock, "after-paint", G_CALLBACK (after_paint_cb), timing);
  warp (window, charts[0], 5, 150);
  settle (timing, 0);
  for (guint r = 0; r < n_runs; r++)
    {
      double x = 10 + (r * 37 % 97) / 97.0 * 560;
      Frame f;

      warp (window, charts[0], x, 150);
      f = settle (timing, 0);
      g_array_append_val (samples, f);
    }
  report (name, samples, 2);
  warp (window, charts[0], -50, -50);
  settle (timing, 0);
  /* The drag and relayout are timed from their frames, as before. */
  gtk_widget_remove_controller (window, legacy);
  gtk_widget_remove_controller (charts[0], motion);
  settle (timing, 0);

  /* A drag: the band over the first picture grows (or shrinks). */
  for (guint r = 0; r < n_runs; r++)
    {
      Frame f;

      PEER_CHART (charts[0])->band = 10 + (r * 53 % 101) / 101.0 * 500;
      gtk_widget_queue_draw (charts[0]);
      f = settle (timing, 0);
      g_array_append_val (samples, f);
    }
  PEER_CHART (charts[0])->band = 0;
  g_snprintf (what, sizeof what, "%s-drag", name);
  report (what, samples, 2);

  /* And a relayout: the window 10 px narrower, then wider again, each
   * picture painted anew at its new size. */
  for (guint r = 0; r < n_runs; r++)
    {
      Frame f;

      gtk_window_set_default_size (GTK_WINDOW (window), width - (r % 2 == 0 ? 10 : 0), height);
      f = settle (timing, 0);
      g_array_append_val (samples, f);
    }
  g_snprintf (what, sizeof what, "%s-relayout", name);
  report_relayout (what, samples);

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_signal_handler_disconnect (clock, ids[i]);
  damage_unwatch ();
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(IscTarget) target = NULL;
  g_autoptr(IscTimeRange) week = NULL;
  g_autoptr(GPtrArray) views = NULL;
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_autoptr(GError) error = NULL;
  Timing timing = { 0, 0, 0, 0, g_array_new (FALSE, FALSE, sizeof (Frame)) };
  GdkFrameClock *clock;
  GtkEventController *legacy;
  IscWindow *window;
  GtkWidget *first;
  Bench bench;
  const IscChartLayout *layout;
  IscChartRect plot;
  const IscCatalogueEntry *entries;
  guint n_entries;
  g_autofree const char **metrics = NULL;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--runs") && i + 1 < argc)
        {
          gint64 n = g_ascii_strtoll (argv[++i], NULL, 10);

          n_runs = (guint) CLAMP (n, 3, 100000);
        }
      else if (g_str_equal (argv[i], "--only") && i + 1 < argc)
        only = argv[++i];
      else if (g_str_equal (argv[i], "--width") && i + 1 < argc)
        width = atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--height") && i + 1 < argc)
        height = atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--charts") && i + 1 < argc)
        {
          gint64 n = g_ascii_strtoll (argv[++i], NULL, 10);

          n_metrics = (guint) CLAMP (n - 1, 1, 100);
        }
      else if (g_str_equal (argv[i], "--cpu"))
        cpu_clock = TRUE;
      else if (g_str_equal (argv[i], "--cpu-all"))
        {
          cpu_clock = TRUE;
          cpu_clock_id = CLOCK_PROCESS_CPUTIME_ID;
        }
      else if (g_str_equal (argv[i], "--damage"))
        damage = TRUE;
      else
        {
          fprintf (stderr, "usage: bench-interact [--runs N] [--only crosshair|peer|drag|relayout|zoom] [--width W] [--height H] [--charts N] [--cpu | --cpu-all] [--damage]\n");
          return 2;
        }
    }

  setvbuf (stdout, NULL, _IOLBF, 0);
  gtk_init ();
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    g_error ("bench-interact: needs an X display (run it through build-aux/bench-window --interact)");

  test_app_start ();
  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  if (!test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)))
    g_error ("bench-interact: the session did not start");
  if (!isc_session_use_demo (test_app_session (), &error))
    g_error ("bench-interact: %s", error->message);
  test_wait_for (test_session_is_ready, NULL);

  window = isc_window_new (test_app);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  /* The catalogue's first metrics, in its order. */
  entries = isc_catalogue_get_entries (&n_entries);
  metrics = g_new0 (const char *, n_metrics + 1);
  for (guint i = 0; i < MIN (n_entries, n_metrics); i++)
    metrics[i] = entries[i].name;
  isc_view_set_metrics (isc_window_get_view (window), metrics);
  target = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-dense", "Chat", "Dense");
  week = isc_time_range_new_relative (ISC_TIME_RANGE_MAX_MS);
  isc_view_set_target (isc_window_get_view (window), target);
  if (!isc_view_set_range (isc_window_get_view (window), week, &error))
    g_error ("bench-interact: %s", error->message);
  if (!test_wait_for (test_view_is_ready, window) || !test_wait_for (charts_drawn, window))
    g_error ("bench-interact: the dense charts were not drawn");
  /* The window at rest: the charts' pictures made in pixels once they
   * have stayed the same a while (src/ui/isc-chart-view.c). */
  test_run_frames (500);
  damage_watch (GTK_WIDGET (window));

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect_after (clock, "flush-events", G_CALLBACK (flush_events_cb), &timing);
  legacy = gtk_event_controller_legacy_new ();
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (event_cb), &timing);
  gtk_widget_add_controller (GTK_WIDGET (window), legacy);
  g_signal_connect_after (clock, "before-paint", G_CALLBACK (before_paint_cb), &timing);
  g_signal_connect_after (clock, "layout", G_CALLBACK (layout_cb), &timing);
  g_signal_connect_after (clock, "paint", G_CALLBACK (paint_cb), &timing);
  g_signal_connect_after (clock, "after-paint", G_CALLBACK (after_paint_cb), &timing);
  settle (&timing, 0);

  views = chart_views (window);
  first = g_ptr_array_index (views, 0);
  layout = isc_chart_ensure_layout (isc_chart_view_get_chart (ISC_CHART_VIEW (first)),
                                    gtk_widget_get_width (first), gtk_widget_get_height (first));
  plot = layout->plot;
  printf ("%u charts of %d steps, window %d×%d, first chart %d×%d\n", views->len,
          (int) isc_chart_model_get_n_steps (isc_chart_view_get_model (ISC_CHART_VIEW (first))),
          width, height, gtk_widget_get_width (first), gtk_widget_get_height (first));
  printf ("renderer %s (GTK %u.%u.%u)\n",
          G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))),
          gtk_get_major_version (), gtk_get_minor_version (), gtk_get_micro_version ());
  if (cpu_clock)
    printf ("(times are the %s CPU, the X server's share left out)\n",
            cpu_clock_id == CLOCK_PROCESS_CPUTIME_ID ? "whole process's" : "main thread's");

  bench.window = window;
  bench.views = g_steal_pointer (&views);
  bench.plot = plot;
  bench.timing = &timing;
  bench.samples = samples;
  if (only == NULL || g_str_equal (only, "crosshair"))
    {
      perf_control ("enable");
      bench_crosshair (&bench);
      perf_control ("disable");
    }
  if (only == NULL || g_str_equal (only, "peer"))
    {
      perf_control ("enable");
      bench_peer (&timing, samples, FALSE);
      bench_peer (&timing, samples, TRUE);
      perf_control ("disable");
    }
  if (only != NULL && g_str_equal (only, "cursors"))
    {
      perf_control ("enable");
      bench_cursors (&bench);
      perf_control ("disable");
    }
  if (only == NULL || g_str_equal (only, "drag"))
    {
      perf_control ("enable");
      bench_drag (&bench);
      perf_control ("disable");
    }
  if (only == NULL || g_str_equal (only, "relayout"))
    {
      perf_control ("enable");
      bench_relayout (&bench);
      perf_control ("disable");
    }
  /* Only its release frames are recorded. */
  if (only == NULL || g_str_equal (only, "zoom"))
    bench_zoom (&bench);
  g_ptr_array_unref (bench.views);

  damage_unwatch ();
  gtk_window_destroy (GTK_WINDOW (window));
  test_app_stop ();
  g_array_unref (timing.frames);
  return 0;
}
