/* isc-chart-view-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "isc-chart-view.h"

G_BEGIN_DECLS

/* IscChartView is written in four files that share this header:
 * isc-chart-view.c (the object, its drawing, the hover and the legend's
 * series toggles), isc-chart-view-zoom.c (the shared cursor, drag to
 * zoom, double-click and the scaled preview of a zoom),
 * isc-chart-view-keys.c (the keyboard's cursor and selection, and the
 * accessible description) and isc-chart-view-menu.c (the chart's menu
 * and its actions).
 */

struct _IscChartView
{
  GtkWidget      parent_instance;

  /* Owned references */
  IscChart      *chart;
  GskRenderNode *series_node;    /* the chart without the hover, as vectors or a texture */
  GskRenderNode *raster_node;    /* series_node in pixels, once made */
  /* series_node and hover_node are textures, which a GPU renderer keeps
   * on the GPU and composites (GTK >= 4.14, not the cairo renderer) */
  gboolean       textures;
  int            force_textures; /* for tests: -1 as the renderer says */
  guint          raster_id;      /* the timeout that makes raster_node */
  cairo_surface_t *raster_surface;  /* raster_node's pixels */
  cairo_surface_t *retired_surface; /* the pixels before, until their frame is gone */
  guint          retire_id;      /* the timeout that frees retired_surface */
  GtkAdjustment *scroll;         /* the scrolled window's, while mapped */
  GskRenderNode *hover_node;     /* the values box at hover_node_step */
  int            hover_node_step;

  /* State */
  int            node_width;
  int            node_height;
  IscChartAlignment node_align;  /* the chart's alignment when drawn */
  int            hover_step;
  double         pointer_x;      /* where the pointer is, when pointer_in */
  gboolean       pointer_in;
  guint          n_renders;
  gboolean       use_utc;
  /* Asked to draw while out of its scrolled window's sight: nothing was
   * drawn, and a scroll or a new map asks again. */
  gboolean       unseen;

  /* The chart's menu: Export Image…, Copy Image, Copy Data, Logs at This
   * Time, Hide Chart */
  GMenuModel    *menu_model;
  GtkWidget     *menu;           /* GtkPopoverMenu, our child */
  GSimpleActionGroup *actions;   /* "chart" */
  gint64         menu_ms;        /* the moment the menu was opened at; -1: none */
  /* Series toggles: the series hidden, as keys "metric name\x1flabel",
   * so a new model for the same metric (a refresh, another range, the
   * counter display) hides the same series. Shared with other views
   * through isc_chart_view_set_hidden_series(). */
  GHashTable    *hidden_series;
  gboolean       over_legend;    /* the pointer is over a legend item */

  /* Drag to zoom: the band from drag_x0 to drag_x1 while dragging */
  GtkGesture    *drag;
  gboolean       dragging;
  gboolean       banding;        /* moved far enough to be a drag */
  double         drag_x0;
  double         drag_x1;
  /* The shared cursor's time, -1 for none; the last this chart's pointer
   * set it to; and the moment it replaced (the window's, a log line's,
   * an activity's), which the pointer gives back as it goes */
  gint64         cursor_ms;
  gint64         pointer_cursor_ms;
  gint64         held_cursor_ms;
  /* A zoom's range, shown by scaling the picture until the model for it
   * arrives */
  gboolean       previewing;
  gint64         preview_start_ms;
  gint64         preview_end_ms;
  /* The keyboard's cursor: a step, shown with its values box as the
   * pointer's hover is, while the chart has focus; and a span selected
   * with Shift from sel_anchor to the cursor's step (-1 for none). */
  int            key_step;
  int            sel_anchor;
  /* The model whose "hidden-changed" updates the description */
  IscChartModel *described_model;
  gulong         hidden_changed_id;
  gboolean       description_dirty;  /* waits for an allocation */
  char          *description;        /* as the accessible has it */
};

/* isc-chart-view.c */

/* Drops the cached picture and queues a draw. */
void      _isc_chart_view_invalidate         (IscChartView       *self);
/* The cached picture as it is drawn now: the pixels once made, else
 * the vectors (NULL before the first snapshot). */
GskRenderNode *_isc_chart_view_get_picture   (IscChartView       *self);
GskRenderNode *_isc_chart_view_get_vectors   (IscChartView       *self);
/* For tests: whether the picture shown is pixels (not vectors that
 * each frame draws into pixels again). */
gboolean       _isc_chart_view_has_pixels    (IscChartView       *self);
/* Whether the pictures are made as textures: on GTK >= 4.14 where the
 * window's renderer is not GSK's cairo renderer (or as
 * _isc_chart_view_force_textures() says). */
gboolean       _isc_chart_view_use_textures  (IscChartView *self);
/* For tests: @force 1 makes textures, 0 cairo nodes, -1 as the renderer
 * says. */
void           _isc_chart_view_force_textures (IscChartView *self,
                                               int           force);
/* Shows the values box at @step (-1 for none); only the overlay changes. */
void      _isc_chart_view_set_hover_step     (IscChartView       *self,
                                              int                 step);

/* isc-chart-view-zoom.c */

void      _isc_chart_view_class_init_zoom    (IscChartViewClass  *klass);
/* The shared cursor follows the pointer through @cursor, the hover's
 * motion controller, after it. */
void      _isc_chart_view_init_zoom          (IscChartView       *self,
                                              GtkEventController *cursor);
/* The plot of the chart as laid out at the view's size; FALSE when the
 * chart has no time axis there (no model, bars, "No data"). */
gboolean  _isc_chart_view_get_plot           (IscChartView       *self,
                                              IscChartRect       *plot);
/* Emits ::range-selected, shows the range scaled and asks the window to
 * zoom to it. */
void      _isc_chart_view_zoom_to_selection  (IscChartView       *self,
                                              gint64              start_ms,
                                              gint64              end_ms);
/* The series node, scaled while a zoom loads. */
void      _isc_chart_view_append_series      (IscChartView       *self,
                                              GtkSnapshot        *snapshot,
                                              int                 width,
                                              int                 height);
/* The shared cursor's line and the drag's band. */
void      _isc_chart_view_append_overlays    (IscChartView       *self,
                                              GtkSnapshot        *snapshot,
                                              int                 width,
                                              int                 height);
/* A band across @plot from @x0 to @x1: a drag's, or the keyboard
 * selection's. */
void      _isc_chart_view_append_band        (IscChartView       *self,
                                              GtkSnapshot        *snapshot,
                                              const IscChartRect *plot,
                                              double              x0,
                                              double              x1);
/* Escape during a drag (a GtkShortcutFunc). */
gboolean  _isc_chart_view_cancel_drag_cb     (GtkWidget          *widget,
                                              GVariant           *args,
                                              gpointer            user_data);

/* isc-chart-view-keys.c */

void      _isc_chart_view_init_keys          (IscChartView       *self);
void      _isc_chart_view_release_key_cursor (IscChartView       *self);
/* The keyboard's selection as times, FALSE when none or empty. */
gboolean  _isc_chart_view_get_key_selection  (IscChartView       *self,
                                              gint64             *start_ms,
                                              gint64             *end_ms);
/* The keyboard selection's band. */
void      _isc_chart_view_append_key_band    (IscChartView       *self,
                                              GtkSnapshot        *snapshot,
                                              int                 width,
                                              int                 height);
/* Sets the accessible description, or waits for an allocation. */
void      _isc_chart_view_update_description (IscChartView       *self);

/* isc-chart-view-menu.c */

void      _isc_chart_view_init_menu          (IscChartView       *self);
/* Enables the menu's actions for the model shown. */
void      _isc_chart_view_update_actions     (IscChartView       *self);
/* Menu or Shift+F10: pops the menu up (a GtkShortcutFunc). */
gboolean  _isc_chart_view_menu_key_cb        (GtkWidget          *widget,
                                              GVariant           *args,
                                              gpointer            user_data);

G_END_DECLS
