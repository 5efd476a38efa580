/* isc-chart-view-keys.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The chart view from the keyboard and to a screen reader: the
 * keyboard's cursor (by step, to an end, or to a marker with Ctrl) and
 * Shift selection, and the accessible description (with the markers'
 * events).
 */

#define G_LOG_DOMAIN "isc-chart-view"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-chart-view-private.h"
#include "isc-time-range.h"

enum {
  KEY_LEFT,
  KEY_RIGHT,
  KEY_HOME,
  KEY_END,
  KEY_ENTER,
  KEY_ESCAPE,
  KEY_PREV_MARKER,
  KEY_NEXT_MARKER,
  KEY_EXTEND = 1 << 4,  /* with Shift: the selection follows */
};

/* The keyboard's selection as times, FALSE when none or empty: from the
 * step where Shift was first held to the cursor's step, as the band
 * between their cursor lines shows it. */
gboolean
_isc_chart_view_get_key_selection (IscChartView *self,
                                   gint64       *start_ms,
                                   gint64       *end_ms)
{
  IscChartModel *model = isc_chart_get_model (self->chart);
  const gint64 *starts;
  guint n_steps;
  int lo, hi;

  if (model == NULL || self->sel_anchor < 0 || self->key_step < 0)
    return FALSE;
  n_steps = isc_chart_model_get_n_steps (model);
  if ((guint) self->sel_anchor >= n_steps || (guint) self->key_step >= n_steps)
    return FALSE;
  lo = MIN (self->sel_anchor, self->key_step);
  hi = MAX (self->sel_anchor, self->key_step);
  if (lo == hi)
    return FALSE;
  starts = isc_chart_model_get_step_starts (model);
  *start_ms = starts[lo];
  *end_ms = starts[hi];
  return TRUE;
}

/* The hover box's text as one sentence: "Mon 1 Dec 10:00:00; 2xx: 5/s;
 * 5xx: 1/s" rather than lines with swatches. */
static char *
dup_hover_sentence (IscChartView *self,
                    int           width,
                    int           height,
                    int           step)
{
  g_autofree char *text = isc_chart_dup_hover_text (self->chart, width, height, step);
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) sentence = g_string_new (NULL);

  if (text == NULL)
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      g_autofree char *clean = NULL;

      if (g_str_has_prefix (line, "■"))
        line += strlen ("■");
      clean = g_strstrip (g_strdup (line));
      if (*clean == '\0')
        continue;
      /* "label  value": the box's gap is a pause to the ear. */
      if (strstr (clean, "  ") != NULL)
        {
          g_auto(GStrv) parts = g_strsplit (clean, "  ", 2);

          g_free (clean);
          clean = g_strdup_printf ("%s: %s", parts[0], g_strstrip (parts[1]));
        }
      if (sentence->len > 0)
        g_string_append (sentence, "; ");
      g_string_append (sentence, clean);
    }
  return g_string_free (g_steal_pointer (&sentence), FALSE);
}

/* At most this many markers are read out in a chart's description; the
 * rest are counted. */
#define DESCRIBED_MARKERS_MAX 12

/* The markers within the chart's range, each with its time in @zone and
 * its sentence (isc_chart_dup_step_markers()): "Events: Tue 1 Dec 10:02, max replicas 10 → 16 by
 * ana@example.com from the UI; 11:30, v8 promoted." */
static void
append_markers_sentence (IscChartView  *self,
                         GString       *text,
                         IscChartModel *model,
                         GTimeZone     *zone)
{
  const IscChartMarker *markers;
  gint64 start_ms = isc_chart_model_get_start_ms (model);
  gint64 end_ms = isc_chart_model_get_end_ms (model);
  guint n = 0, n_said = 0, n_in = 0;

  if (isc_chart_model_get_plot (model) == ISC_CHART_PLOT_BARS)
    return;
  markers = isc_chart_model_get_markers (model, &n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GDateTime) utc = NULL;
      g_autoptr(GDateTime) dt = NULL;
      g_autofree char *when = NULL;

      if (markers[i].time_ms < start_ms || markers[i].time_ms > end_ms)
        continue;
      n_in++;
      if (n_said == DESCRIBED_MARKERS_MAX)
        continue;
      utc = g_date_time_new_from_unix_utc (markers[i].time_ms / 1000);
      dt = g_date_time_to_timezone (utc, zone);
      /* Translators: the time of an event on a chart, in the chart's
       * description for screen readers, "Tue 1 Dec 10:02"; see
       * g_date_time_format() for the codes */
      when = g_date_time_format (dt, _("%a %-d %b %H:%M"));
      if (n_said == 0)
        {
          g_string_append_c (text, ' ');
          /* Translators: in a chart's description for screen readers,
           * before the list of events marked on it */
          g_string_append (text, _("Events:"));
          g_string_append_c (text, ' ');
        }
      else
        g_string_append (text, "; ");
      /* Translators: an event in a chart's description for screen
       * readers: its time, then what happened */
      g_string_append_printf (text, _("%s, %s"), when, ISC_CHART_MARKER_TEXT (&markers[i]));
      n_said++;
    }
  if (n_in > n_said)
    /* Translators: after the events read out in a chart's description,
     * how many more it marks */
    g_string_append_printf (text, ngettext ("; and %u more", "; and %u more", n_in - n_said), n_in - n_said);
  if (n_said > 0)
    g_string_append_c (text, '.');
}

/* What a screen reader says of the chart: what is under the keyboard's
 * cursor, if it is shown; the range and the unit; each shown series'
 * last, minimum and maximum, in the legend's format. */
static char *
dup_description (IscChartView *self,
                 int           width,
                 int           height)
{
  IscChartModel *model = isc_chart_get_model (self->chart);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(IscTimeRange) range = NULL;
  g_autoptr(GTimeZone) zone = NULL;
  g_autofree char *range_words = NULL;
  const IscValueFormat *format;
  const char *unit;
  const guint *order;
  guint n_order = 0;

  if (model == NULL)
    return NULL;

  if (self->key_step >= 0)
    {
      g_autofree char *at = dup_hover_sentence (self, width, height, self->key_step);

      if (at != NULL)
        {
          /* Translators: in a chart's description for screen readers: the
           * time and the values under the keyboard's cursor */
          g_string_append_printf (text, _("At %s."), at);
          g_string_append_c (text, ' ');
        }
    }

  range = isc_time_range_new_absolute (isc_chart_model_get_start_ms (model), isc_chart_model_get_end_ms (model));
  zone = self->use_utc ? g_time_zone_new_utc () : g_time_zone_new_local ();
  range_words = isc_time_range_describe_in_zone (range, g_get_real_time () / 1000, zone, self->use_utc);
  unit = isc_chart_model_get_unit_text (model);
  if (unit == NULL)
    unit = isc_chart_model_get_unit_label (model);
  if (unit != NULL)
    /* Translators: in a chart's description for screen readers: its time
     * range, then its unit, such as "Today 09:12–10:40; unit: seconds." */
    g_string_append_printf (text, _("%s; unit: %s."), range_words, unit);
  else
    g_string_append_printf (text, "%s.", range_words);

  append_markers_sentence (self, text, model, zone);

  if (isc_chart_model_is_empty (model))
    {
      g_string_append_c (text, ' ');
      g_string_append (text, _("No data in this range."));
      return g_string_free (g_steal_pointer (&text), FALSE);
    }

  format = isc_chart_get_legend_format (self->chart, width, height);
  order = isc_chart_model_get_legend_order (model, &n_order);
  for (guint k = 0; k < n_order; k++)
    {
      const IscChartSeries *cs = isc_chart_model_get_series (model, order[k]);
      g_autofree char *last = NULL;
      g_autofree char *min = NULL;
      g_autofree char *max = NULL;

      if (isc_chart_model_get_series_hidden (model, order[k]))
        continue;
      g_string_append_c (text, ' ');
      if (cs->n_values == 0)
        {
          /* Translators: a series without values, in a chart's description */
          g_string_append_printf (text, _("%s: no data."), cs->label);
          continue;
        }
      last = isc_chart_model_format_value (model, format, cs->last);
      min = isc_chart_model_format_value (model, format, cs->min);
      max = isc_chart_model_format_value (model, format, cs->max);
      /* Translators: a series' statistics in a chart's description for
       * screen readers */
      g_string_append_printf (text, _("%s: last %s, minimum %s, maximum %s."), cs->label, last, min, max);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
_isc_chart_view_update_description (IscChartView *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  g_autofree char *description = NULL;

  /* The legend's format is the layout's at the chart's size: until the
   * chart has one, the description waits for its allocation. */
  if (width <= 0 || height <= 0)
    {
      self->description_dirty = TRUE;
      return;
    }
  self->description_dirty = FALSE;
  description = dup_description (self, width, height);
  if (g_strcmp0 (description, self->description) == 0)
    return;
  g_free (self->description);
  self->description = g_strdup (description);
  if (description == NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  else
    gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                    -1);
}

/* The keyboard's cursor goes: the pointer's hover, if any, stays. */
static void
clear_key_cursor (IscChartView *self)
{
  gboolean had = self->key_step >= 0 || self->sel_anchor >= 0;

  self->sel_anchor = -1;
  if (self->key_step < 0)
    {
      if (had)
        gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  self->key_step = -1;
  if (!self->pointer_in)
    {
      _isc_chart_view_set_hover_step (self, -1);
      isc_chart_view_set_cursor_time (self, -1);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _isc_chart_view_update_description (self);
}

static gboolean
move_key_cursor (IscChartView *self,
                 int           how,
                 gboolean      extend)
{
  IscChartModel *model = isc_chart_get_model (self->chart);
  const gint64 *starts;
  IscChartRect plot;
  int n_steps, from, to;

  if (model == NULL || self->previewing || self->dragging || !_isc_chart_view_get_plot (self, &plot))
    return FALSE;
  n_steps = (int) isc_chart_model_get_n_steps (model);
  if (n_steps == 0)
    return FALSE;
  starts = isc_chart_model_get_step_starts (model);
  from = self->cursor_ms >= 0 ? isc_chart_get_step_near_time (self->chart, self->cursor_ms) : -1;

  switch (how)
    {
    case KEY_LEFT:
      to = from < 0 ? n_steps - 1 : MAX (0, from - 1);
      break;
    case KEY_RIGHT:
      to = from < 0 ? 0 : MIN (n_steps - 1, from + 1);
      break;
    case KEY_HOME:
      to = 0;
      break;
    case KEY_END:
    default:
      to = n_steps - 1;
      break;
    }

  if (!extend)
    self->sel_anchor = -1;
  else if (self->sel_anchor < 0)
    self->sel_anchor = from >= 0 ? from : to;

  /* The same cursor as the pointer's: the line on every chart of the
   * page, the values box on this one. */
  self->key_step = to;
  isc_chart_view_set_cursor_time (self, starts[to]);
  self->hover_step = to;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _isc_chart_view_update_description (self);
  return TRUE;
}

/* Ctrl+Left and Ctrl+Right: the cursor to the step of the previous or
 * next marker (isc_chart_dup_step_markers()' step), so the values box
 * says what happened there. FALSE when the chart has no marker, so the
 * key goes on; at the last one in that direction, a bell. */
static gboolean
move_key_cursor_to_marker (IscChartView *self,
                           gboolean      next)
{
  IscChartModel *model = isc_chart_get_model (self->chart);
  const IscChartMarker *markers;
  gint64 start_ms, end_ms;
  IscChartRect plot;
  int from, to = -1;
  guint n = 0;
  gboolean any = FALSE;

  if (model == NULL || self->previewing || self->dragging || !_isc_chart_view_get_plot (self, &plot))
    return FALSE;
  start_ms = isc_chart_model_get_start_ms (model);
  end_ms = isc_chart_model_get_end_ms (model);
  from = self->cursor_ms >= 0 ? isc_chart_get_step_near_time (self->chart, self->cursor_ms) : -1;
  markers = isc_chart_model_get_markers (model, &n);
  for (guint i = 0; i < n; i++)
    {
      int step;

      if (markers[i].time_ms < start_ms || markers[i].time_ms > end_ms)
        continue;
      step = isc_chart_get_step_near_time (self->chart, markers[i].time_ms);
      if (step < 0)
        continue;
      any = TRUE;
      if (next && (from < 0 || step > from) && (to < 0 || step < to))
        to = step;
      else if (!next && (from < 0 || step < from) && step > to)
        to = step;
    }
  if (!any)
    return FALSE;
  if (to < 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return TRUE;
    }

  self->sel_anchor = -1;
  self->key_step = to;
  isc_chart_view_set_cursor_time (self, isc_chart_model_get_step_starts (model)[to]);
  self->hover_step = to;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _isc_chart_view_update_description (self);
  return TRUE;
}

static gboolean
chart_key_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  IscChartView *self = ISC_CHART_VIEW (widget);
  int code = GPOINTER_TO_INT (user_data);
  gint64 start_ms, end_ms;

  switch (code & ~KEY_EXTEND)
    {
    case KEY_ENTER:
      if (_isc_chart_view_get_key_selection (self, &start_ms, &end_ms))
        {
          clear_key_cursor (self);
          _isc_chart_view_zoom_to_selection (self, start_ms, end_ms);
          return TRUE;
        }
      /* Without a selection, Enter opens the chart's menu. */
      return _isc_chart_view_menu_key_cb (widget, args, NULL);

    case KEY_ESCAPE:
      /* A drag's, whichever of the chart's shortcuts sees it first. */
      if (self->dragging)
        return _isc_chart_view_cancel_drag_cb (widget, args, NULL);
      if (self->sel_anchor < 0)
        return FALSE;
      self->sel_anchor = -1;
      gtk_widget_queue_draw (widget);
      return TRUE;

    case KEY_PREV_MARKER:
    case KEY_NEXT_MARKER:
      return move_key_cursor_to_marker (self, code == KEY_NEXT_MARKER);

    default:
      return move_key_cursor (self, code & ~KEY_EXTEND, (code & KEY_EXTEND) != 0);
    }
}

/* The selection's band, drawn as a drag's is. */
void
_isc_chart_view_append_key_band (IscChartView *self,
                                 GtkSnapshot  *snapshot,
                                 int           width,
                                 int           height)
{
  double x0, x1;
  IscChartRect plot;

  if (self->previewing || self->dragging || !_isc_chart_view_get_plot (self, &plot) ||
      !isc_chart_view_get_band (self, &x0, &x1))
    return;
  _isc_chart_view_append_band (self, snapshot, &plot, x0, x1);
}

/* The keyboard's cursor and selection go, the cursor time as it is. */
static void
drop_key_cursor (IscChartView *self)
{
  self->key_step = -1;
  self->sel_anchor = -1;
  if (!self->pointer_in)
    _isc_chart_view_set_hover_step (self, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _isc_chart_view_update_description (self);
}

/* The keyboard's cursor goes, its moment kept as the cursor time: from
 * then on the window's, as a log line's is, and no longer cleared by the
 * chart losing the focus. */
void
_isc_chart_view_release_key_cursor (IscChartView *self)
{
  if (self->key_step < 0 && self->sel_anchor < 0)
    return;
  drop_key_cursor (self);
}

/* Another chart's cursor, or the pointer's, replaces the keyboard's. */
static void
key_cursor_time_cb (IscChartView *self)
{
  IscChartModel *model = isc_chart_get_model (self->chart);

  if (self->key_step < 0 || model == NULL)
    return;
  if ((guint) self->key_step < isc_chart_model_get_n_steps (model) &&
      isc_chart_model_get_step_starts (model)[self->key_step] == self->cursor_ms)
    return;
  drop_key_cursor (self);
}

static void
key_model_cb (IscChartView *self)
{
  IscChartModel *model = isc_chart_get_model (self->chart);

  if (self->described_model != NULL)
    {
      g_clear_signal_handler (&self->hidden_changed_id, self->described_model);
      g_clear_object (&self->described_model);
    }
  if (model != NULL)
    {
      self->described_model = g_object_ref (model);
      self->hidden_changed_id = g_signal_connect_object (model, "hidden-changed",
                                                         G_CALLBACK (_isc_chart_view_update_description), self,
                                                         G_CONNECT_SWAPPED);
    }

  /* A refresh keeps the keyboard's cursor at its time, on the new steps;
   * a span of the old steps means nothing there. */
  self->sel_anchor = -1;
  if (self->key_step >= 0)
    {
      self->key_step = model != NULL && self->cursor_ms >= 0 ? isc_chart_get_step_near_time (self->chart, self->cursor_ms) : -1;
      if (!self->pointer_in)
        self->hover_step = self->key_step;
    }
  _isc_chart_view_update_description (self);
}

static void
key_focus_leave_cb (IscChartView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  /* Another window in front: the place read to is kept for the return. */
  if (GTK_IS_WINDOW (root) && !gtk_window_is_active (GTK_WINDOW (root)))
    return;
  clear_key_cursor (self);
}

void
_isc_chart_view_init_keys (IscChartView *self)
{
  static const struct {
    guint keyval;
    GdkModifierType modifiers;
    int code;
  } keys[] = {
    { GDK_KEY_Left, 0, KEY_LEFT },
    { GDK_KEY_KP_Left, 0, KEY_LEFT },
    { GDK_KEY_Right, 0, KEY_RIGHT },
    { GDK_KEY_KP_Right, 0, KEY_RIGHT },
    { GDK_KEY_Home, 0, KEY_HOME },
    { GDK_KEY_KP_Home, 0, KEY_HOME },
    { GDK_KEY_End, 0, KEY_END },
    { GDK_KEY_KP_End, 0, KEY_END },
    { GDK_KEY_Left, GDK_SHIFT_MASK, KEY_LEFT | KEY_EXTEND },
    { GDK_KEY_KP_Left, GDK_SHIFT_MASK, KEY_LEFT | KEY_EXTEND },
    { GDK_KEY_Right, GDK_SHIFT_MASK, KEY_RIGHT | KEY_EXTEND },
    { GDK_KEY_KP_Right, GDK_SHIFT_MASK, KEY_RIGHT | KEY_EXTEND },
    { GDK_KEY_Home, GDK_SHIFT_MASK, KEY_HOME | KEY_EXTEND },
    { GDK_KEY_End, GDK_SHIFT_MASK, KEY_END | KEY_EXTEND },
    { GDK_KEY_Return, 0, KEY_ENTER },
    { GDK_KEY_KP_Enter, 0, KEY_ENTER },
    { GDK_KEY_ISO_Enter, 0, KEY_ENTER },
    { GDK_KEY_Escape, 0, KEY_ESCAPE },
    { GDK_KEY_Left, GDK_CONTROL_MASK, KEY_PREV_MARKER },
    { GDK_KEY_KP_Left, GDK_CONTROL_MASK, KEY_PREV_MARKER },
    { GDK_KEY_Right, GDK_CONTROL_MASK, KEY_NEXT_MARKER },
    { GDK_KEY_KP_Right, GDK_CONTROL_MASK, KEY_NEXT_MARKER },
  };
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  self->key_step = -1;
  self->sel_anchor = -1;

  /* Named, so tests can find it among the chart's other shortcuts. */
  gtk_event_controller_set_name (shortcuts, "chart-keys");
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, keys[i].modifiers),
                                                            gtk_callback_action_new (chart_key_cb,
                                                                                     GINT_TO_POINTER (keys[i].code),
                                                                                     NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  g_signal_connect_object (focus, "leave", G_CALLBACK (key_focus_leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  g_signal_connect (self, "notify::cursor-time", G_CALLBACK (key_cursor_time_cb), NULL);
  g_signal_connect (self, "notify::model", G_CALLBACK (key_model_cb), NULL);
  g_signal_connect (self, "notify::use-utc", G_CALLBACK (_isc_chart_view_update_description), NULL);
}

/**
 * isc_chart_view_dup_description:
 * @self: a chart view
 *
 * The accessible description the view last set: its range, unit and
 * series' statistics, and what is under the keyboard's cursor.
 *
 * Returns: (transfer full) (nullable): the description
 */
char *
isc_chart_view_dup_description (IscChartView *self)
{
  g_return_val_if_fail (ISC_IS_CHART_VIEW (self), NULL);
  return g_strdup (self->description);
}
