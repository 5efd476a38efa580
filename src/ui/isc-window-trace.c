/* isc-window-trace.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-window"

#include "config.h"

#include "isc-chart-view.h"
#include "isc-window-private.h"

/* With INFERSCOPE_TRACE set, the window says on standard error when it
 * paints its first frame, when it has settled (a page other than the
 * spinner is on screen, and every chart in sight is drawn), and each
 * frame after that, with the wall-clock time in microseconds, so a
 * script can time a launch and count the frames an idle window paints. */
static gboolean
charts_in_sight_drawn (IscWindow *self)
{
  guint n = isc_charts_page_get_n_charts (self->charts_page);
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (n == 0)
    return FALSE;

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *chart = isc_charts_page_get_chart (self->charts_page, i);
      graphene_rect_t bounds;

      if (!gtk_widget_get_mapped (chart) ||
          !gtk_widget_compute_bounds (chart, GTK_WIDGET (self), &bounds) ||
          bounds.origin.y >= height || bounds.origin.y + bounds.size.height <= 0)
        continue;
      if (isc_chart_view_get_n_renders (ISC_CHART_VIEW (chart)) == 0)
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_settled (IscWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->main_stack);

  if (g_strcmp0 (page, "welcome") == 0)
    return TRUE;
  if (g_strcmp0 (page, "main") != 0 || isc_view_get_loading (self->view))
    return FALSE;

  switch (isc_view_get_state (self->view))
    {
    case ISC_VIEW_READY:
      return isc_view_get_mode (self->view) != ISC_MODE_SERIES || charts_in_sight_drawn (self);
    case ISC_VIEW_LOADING:
      return FALSE;
    case ISC_VIEW_EMPTY:
      return !isc_target_list_get_loading (isc_session_get_target_list (self->session));
    case ISC_VIEW_NO_DATA:
    case ISC_VIEW_ERROR:
    default:
      return TRUE;
    }
}

void
_isc_window_trace_after_paint_cb (GdkFrameClock *clock,
                                  IscWindow     *self)
{
  gint64 now = g_get_real_time ();

  if (!self->traced_first_frame)
    {
      self->traced_first_frame = TRUE;
      g_printerr ("inferscope-trace: first-frame %" G_GINT64_FORMAT "\n", now);
    }
  if (!self->traced_settled && self->session != NULL && is_settled (self))
    {
      self->traced_settled = TRUE;
      g_printerr ("inferscope-trace: settled %" G_GINT64_FORMAT " %s\n", now,
                  gtk_stack_get_visible_child_name (self->main_stack));
      return;
    }
  if (self->traced_settled)
    g_printerr ("inferscope-trace: frame %" G_GINT64_FORMAT "\n", now);
}
