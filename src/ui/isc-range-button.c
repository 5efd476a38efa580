/* isc-range-button.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-range-button"

#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>

#include "isc-accessible.h"
#include "isc-range-button.h"
#include "isc-range-button-private.h"

#define MINUTE_MS ((gint64) 60 * 1000)
#define HOUR_MS   (60 * MINUTE_MS)
#define DAY_MS    (24 * HOUR_MS)

/* How far past now a custom range may end: the clocks of two machines and
 * the minute a person types are never quite together. */
#define FUTURE_SLACK_MS MINUTE_MS

typedef enum
{
  UNIT_MINUTES,
  UNIT_HOURS,
  UNIT_DAYS,
} PresetUnit;

typedef struct
{
  int        amount;
  PresetUnit unit;
} Preset;

static const Preset presets[] = {
  { 15, UNIT_MINUTES },
  { 1, UNIT_HOURS },
  { 3, UNIT_HOURS },
  { 6, UNIT_HOURS },
  { 12, UNIT_HOURS },
  { 24, UNIT_HOURS },
  { 2, UNIT_DAYS },
  { 7, UNIT_DAYS },
};

#define N_PRESETS G_N_ELEMENTS (presets)

/* One end of the custom range: a date button with a calendar, and a time
 * of day typed as hours:minutes. */
typedef struct
{
  GtkWidget *date_button;
  GtkWidget *calendar;
  GtkWidget *time_entry;
  gboolean   is_from;
  /* A pointer press on the calendar is under way. */
  gboolean   pressed;
  gint64     ms;
  gboolean   time_valid;
} CustomEnd;

struct _IscRangeButton
{
  GtkWidget     parent_instance;

  /* Child widgets */
  GtkWidget    *menu_button;
  GtkWidget    *popover;
  GtkWidget    *preset_buttons[N_PRESETS];
  GtkWidget    *zone_label;
  GtkWidget    *error_label;
  GtkWidget    *apply_button;
  CustomEnd     from;
  CustomEnd     to;

  /* State */
  IscTimeRange *range;
  gboolean      use_utc;
  gint64        fixed_now_ms;  /* 0: the real clock */
  char         *words;         /* what the button says */
  gboolean      compact;       /* an icon, with the words as tooltip */
  char         *custom_error;
  guint         tick_id;
  /* Set while code, not a person, changes the popover's widgets. */
  guint         updating;
};

G_DEFINE_FINAL_TYPE (IscRangeButton, isc_range_button, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_RANGE,
  PROP_USE_UTC,
  PROP_COMPACT,
  N_PROPS
};

enum {
  RANGE_CHOSEN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gint64
preset_duration_ms (const Preset *preset)
{
  switch (preset->unit)
    {
    case UNIT_MINUTES:
      return preset->amount * MINUTE_MS;
    case UNIT_HOURS:
      return preset->amount * HOUR_MS;
    case UNIT_DAYS:
    default:
      return preset->amount * DAY_MS;
    }
}

static char *
preset_label (const Preset *preset)
{
  switch (preset->unit)
    {
    case UNIT_MINUTES:
      /* Translators: a preset of the time range popover, under "Most
       * Recent": the last 15 minutes. */
      return g_strdup_printf (ngettext ("%d minute", "%d minutes", preset->amount), preset->amount);
    case UNIT_HOURS:
      /* Translators: a preset of the time range popover, under "Most
       * Recent": the last hour, the last 6 hours. */
      return g_strdup_printf (ngettext ("%d hour", "%d hours", preset->amount), preset->amount);
    case UNIT_DAYS:
    default:
      /* Translators: a preset of the time range popover, under "Most
       * Recent": the last 2 days, the last 7 days. */
      return g_strdup_printf (ngettext ("%d day", "%d days", preset->amount), preset->amount);
    }
}

static gint64
get_now_ms (IscRangeButton *self)
{
  if (self->fixed_now_ms != 0)
    return self->fixed_now_ms;

  return g_get_real_time () / 1000;
}

static GTimeZone *
get_zone (IscRangeButton *self)
{
  return self->use_utc ? g_time_zone_new_utc () : g_time_zone_new_local ();
}

static void
update_label (IscRangeButton *self)
{
  g_autofree char *words = isc_time_range_describe (self->range, get_now_ms (self), self->use_utc);
  if (g_strcmp0 (words, self->words) == 0)
    return;

  g_free (self->words);
  self->words = g_steal_pointer (&words);

  /* Compact (a narrow window), the icon stands for the words. */
  if (self->compact)
    {
      gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->menu_button), "x-office-calendar-symbolic");
      gtk_widget_set_tooltip_text (self->menu_button, self->words);
    }
  else
    {
      gtk_menu_button_set_label (GTK_MENU_BUTTON (self->menu_button), self->words);
      gtk_widget_set_tooltip_text (self->menu_button, NULL);
    }

  /* The words are the name: on the menu button and on the button inside
   * it that takes focus, which is what a screen reader lands on. */
  isc_accessible_set_name (self->menu_button, self->words);
}

static void
update_zone_label (IscRangeButton *self)
{
  g_autoptr(GTimeZone) local = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *text = NULL;

  if (self->use_utc)
    {
      /* Translators: under the custom From and To of the time range
       * popover. */
      gtk_label_set_text (GTK_LABEL (self->zone_label), _("Times in UTC"));
      return;
    }

  local = g_time_zone_new_local ();
  now = isc_time_range_date_time_in_zone (local, get_now_ms (self));
  /* Translators: under the custom From and To of the time range popover;
   * %s is the zone's abbreviation, such as "CET". */
  text = g_strdup_printf (_("Times in local time (%s)"),
                          now != NULL ? g_date_time_get_timezone_abbreviation (now) : "");
  gtk_label_set_text (GTK_LABEL (self->zone_label), text);
}

static void
update_presets (IscRangeButton *self)
{
  self->updating++;
  for (guint i = 0; i < N_PRESETS; i++)
    {
      gboolean current = self->range->kind == ISC_TIME_RANGE_RELATIVE &&
                         self->range->duration_ms == preset_duration_ms (&presets[i]);

      gtk_check_button_set_active (GTK_CHECK_BUTTON (self->preset_buttons[i]), current);
    }
  self->updating--;
}

/* Shows @end's instant in the fields, in the zone in use. */
static void
show_custom_end (IscRangeButton *self,
                 CustomEnd      *end)
{
  g_autoptr(GTimeZone) zone = get_zone (self);
  g_autoptr(GDateTime) dt = isc_time_range_date_time_in_zone (zone, end->ms);
  g_autofree char *date = NULL;
  g_autofree char *time_text = NULL;
  g_autofree char *accessible = NULL;

  if (dt == NULL)
    return;

  /* Translators: the date of the custom From or To in the time range
   * popover, e.g. "1 Dec 2026"; see g_date_time_format() for the codes. */
  date = g_date_time_format (dt, _("%-d %b %Y"));
  /* Hours and minutes as typed: not translated, since the field reads
   * them back in this form. */
  time_text = g_date_time_format (dt, "%H:%M");

  self->updating++;
#if GTK_CHECK_VERSION (4, 20, 0)
  gtk_calendar_set_date (GTK_CALENDAR (end->calendar), dt);
#else
  gtk_calendar_select_day (GTK_CALENDAR (end->calendar), dt);
#endif
  gtk_menu_button_set_label (GTK_MENU_BUTTON (end->date_button), date);
  gtk_editable_set_text (GTK_EDITABLE (end->time_entry), time_text);
  end->time_valid = TRUE;
  self->updating--;

  if (end->is_from)
    /* Translators: the accessible name of the custom range's From date
     * button; %s is the date shown, e.g. "1 Dec 2026". */
    accessible = g_strdup_printf (_("From date, %s"), date);
  else
    /* Translators: the accessible name of the custom range's To date
     * button; %s is the date shown, e.g. "1 Dec 2026". */
    accessible = g_strdup_printf (_("To date, %s"), date);
  gtk_accessible_update_property (GTK_ACCESSIBLE (end->date_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                  -1);
}

static void
show_custom (IscRangeButton *self)
{
  show_custom_end (self, &self->from);
  show_custom_end (self, &self->to);
}

static void
check_custom (IscRangeButton *self)
{
  const char *error = NULL;

  if (!self->from.time_valid || !self->to.time_valid)
    /* Translators: the custom range popover refuses a time it cannot
     * read. */
    error = _("Type each time as hours and minutes, such as 09:30.");
  else if (self->to.ms <= self->from.ms)
    /* Translators: the custom range popover refuses To not after From. */
    error = _("The range must end after it starts.");
  else if (self->to.ms - self->from.ms > ISC_TIME_RANGE_MAX_MS)
    /* Translators: the custom range popover refuses a long range. */
    error = _("The range is longer than 7 days, the most Baseten keeps.");
  else if (self->to.ms > get_now_ms (self) + FUTURE_SLACK_MS)
    /* Translators: the custom range popover refuses a range that ends
     * later than now. */
    error = _("The range ends in the future.");

  g_free (self->custom_error);
  self->custom_error = g_strdup (error);

  gtk_label_set_text (GTK_LABEL (self->error_label), error != NULL ? error : "");
  gtk_widget_set_visible (self->error_label, error != NULL);
  gtk_widget_set_sensitive (self->apply_button, error == NULL);
}

/* Reads @end's fields back into its instant. */
static void
read_custom_end (IscRangeButton *self,
                 CustomEnd      *end)
{
  g_autoptr(GTimeZone) zone = get_zone (self);
  g_autoptr(GDateTime) day = gtk_calendar_get_date (GTK_CALENDAR (end->calendar));
  g_autoptr(GDateTime) dt = NULL;
  g_autofree char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (end->time_entry)));
  g_auto(GStrv) parts = g_strsplit (g_strstrip (text), ":", -1);
  guint64 hour = 0;
  guint64 minute = 0;

  end->time_valid = g_strv_length (parts) == 2 &&
                    parts[0][0] != '\0' && parts[1][0] != '\0' &&
                    g_ascii_string_to_unsigned (parts[0], 10, 0, 23, &hour, NULL) &&
                    g_ascii_string_to_unsigned (parts[1], 10, 0, 59, &minute, NULL);
  if (!end->time_valid || day == NULL)
    return;

  dt = g_date_time_new (zone,
                        g_date_time_get_year (day),
                        g_date_time_get_month (day),
                        g_date_time_get_day_of_month (day),
                        (int) hour, (int) minute, 0);
  if (dt != NULL)
    end->ms = g_date_time_to_unix (dt) * 1000;
}

static void
on_time_changed (GtkEditable    *entry,
                 IscRangeButton *self)
{
  CustomEnd *end = entry == GTK_EDITABLE (self->from.time_entry) ? &self->from : &self->to;

  if (self->updating)
    return;

  read_custom_end (self, end);
  check_custom (self);
}

static void
on_day_selected (GtkCalendar    *calendar,
                 IscRangeButton *self)
{
  CustomEnd *end = calendar == GTK_CALENDAR (self->from.calendar) ? &self->from : &self->to;

  if (self->updating)
    return;

  read_custom_end (self, end);
  if (end->time_valid)
    show_custom_end (self, end);
  check_custom (self);

  /* A click on a day is a choice; the arrow keys only move through the
   * days, so the calendar stays open for them. */
  if (end->pressed)
    gtk_menu_button_popdown (GTK_MENU_BUTTON (end->date_button));
  end->pressed = FALSE;
}

static void
on_calendar_pressed (GtkGestureClick *gesture,
                     int              n_press,
                     double           x,
                     double           y,
                     CustomEnd       *end)
{
  end->pressed = TRUE;
}

static gboolean
clear_pressed_cb (gpointer user_data)
{
  IscRangeButton *self = user_data;

  self->from.pressed = FALSE;
  self->to.pressed = FALSE;

  return G_SOURCE_REMOVE;
}

static void
on_calendar_released (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      IscRangeButton  *self)
{
  /* After the calendar has seen the release too, whether it selects on
   * press or on release; a press on its arrows selects nothing. */
  g_idle_add_full (G_PRIORITY_DEFAULT, clear_pressed_cb,
                   g_object_ref (self), g_object_unref);
}

static void
choose (IscRangeButton     *self,
        const IscTimeRange *range)
{
  g_autoptr(IscTimeRange) chosen = isc_time_range_copy (range);

  isc_range_button_set_range (self, chosen);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->menu_button));
  g_signal_emit (self, signals[RANGE_CHOSEN], 0, chosen);
}

static void
on_preset_toggled (GtkCheckButton *button,
                   IscRangeButton *self)
{
  const Preset *preset = g_object_get_data (G_OBJECT (button), "isc-preset");
  g_autoptr(IscTimeRange) range = NULL;

  if (self->updating || !gtk_check_button_get_active (button))
    return;

  range = isc_time_range_new_relative (preset_duration_ms (preset));
  choose (self, range);
}

static void
apply_custom (IscRangeButton *self)
{
  g_autoptr(IscTimeRange) range = NULL;

  /* The clock moves on while the popover is open. */
  check_custom (self);
  if (self->custom_error != NULL)
    return;

  range = isc_time_range_new_absolute (self->from.ms, self->to.ms);
  choose (self, range);
}

static void
on_popover_show (IscRangeButton *self)
{
  gint64 start_ms;
  gint64 end_ms;

  /* Start from what is on screen, in the zone in use. */
  isc_time_range_resolve (self->range, get_now_ms (self), &start_ms, &end_ms);
  self->from.ms = start_ms;
  self->to.ms = end_ms;

  update_label (self);
  update_zone_label (self);
  update_presets (self);
  show_custom (self);
  check_custom (self);
}

static gboolean
on_tick (gpointer user_data)
{
  IscRangeButton *self = user_data;

  /* "Today" becomes "Yesterday" at midnight. */
  update_label (self);

  return G_SOURCE_CONTINUE;
}

static GtkWidget *
heading_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");

  return label;
}

static void
build_custom_end (IscRangeButton *self,
                  CustomEnd      *end,
                  GtkGrid        *grid,
                  int             row,
                  const char     *title,
                  const char     *date_name,
                  const char     *time_name)
{
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *calendar_popover;
  GtkGesture *click;

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_grid_attach (grid, label, 0, row, 1, 1);

  end->calendar = gtk_calendar_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (end->calendar),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, date_name,
                                  -1);
  g_signal_connect (end->calendar, "day-selected", G_CALLBACK (on_day_selected), self);
  /* Before the calendar's own handling of the press, which selects the
   * day under it; never claims the press. */
  click = gtk_gesture_click_new ();
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (on_calendar_pressed), end);
  g_signal_connect (click, "released", G_CALLBACK (on_calendar_released), self);
  gtk_widget_add_controller (end->calendar, GTK_EVENT_CONTROLLER (click));

  calendar_popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (calendar_popover), end->calendar);

  end->date_button = gtk_menu_button_new ();
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (end->date_button), calendar_popover);
  gtk_widget_set_hexpand (end->date_button, TRUE);
  gtk_grid_attach (grid, end->date_button, 1, row, 1, 1);

  end->time_entry = gtk_entry_new ();
  gtk_editable_set_width_chars (GTK_EDITABLE (end->time_entry), 5);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (end->time_entry), 5);
  gtk_entry_set_max_length (GTK_ENTRY (end->time_entry), 5);
  gtk_accessible_update_property (GTK_ACCESSIBLE (end->time_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, time_name,
                                  -1);
  g_signal_connect (end->time_entry, "changed", G_CALLBACK (on_time_changed), self);
  g_signal_connect_swapped (end->time_entry, "activate", G_CALLBACK (apply_custom), self);
  gtk_grid_attach (grid, end->time_entry, 2, row, 1, 1);

  end->is_from = end == &self->from;
  end->time_valid = TRUE;
}

static GtkWidget *
build_popover (IscRangeButton *self)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *presets_grid = gtk_grid_new ();
  GtkWidget *custom_grid = gtk_grid_new ();
  GtkCheckButton *group = NULL;

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_popover_set_child (GTK_POPOVER (popover), box);

  /* Translators: the heading over the presets of the time range popover:
   * the last 15 minutes, the last hour… */
  gtk_box_append (GTK_BOX (box), heading_new (_("Most Recent")));

  /* Two columns, so the popover stays short enough for a small screen. */
  gtk_grid_set_column_homogeneous (GTK_GRID (presets_grid), TRUE);
  gtk_grid_set_column_spacing (GTK_GRID (presets_grid), 12);
  gtk_box_append (GTK_BOX (box), presets_grid);

  for (guint i = 0; i < N_PRESETS; i++)
    {
      g_autofree char *label = preset_label (&presets[i]);
      GtkWidget *button = gtk_check_button_new_with_label (label);

      if (group == NULL)
        group = GTK_CHECK_BUTTON (button);
      else
        gtk_check_button_set_group (GTK_CHECK_BUTTON (button), group);

      g_object_set_data (G_OBJECT (button), "isc-preset", (gpointer) &presets[i]);
      g_signal_connect (button, "toggled", G_CALLBACK (on_preset_toggled), self);
      /* Down the first column, then the second: 15 minutes to 6 hours,
       * then 12 hours to 7 days. */
      gtk_grid_attach (GTK_GRID (presets_grid), button, i / 4, i % 4, 1, 1);
      self->preset_buttons[i] = button;
    }

  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));

  /* Translators: the heading over From and To in the time range popover. */
  gtk_box_append (GTK_BOX (box), heading_new (_("Custom Range")));

  gtk_grid_set_row_spacing (GTK_GRID (custom_grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (custom_grid), 6);
  gtk_box_append (GTK_BOX (box), custom_grid);

  build_custom_end (self, &self->from, GTK_GRID (custom_grid), 0,
                    /* Translators: the start of the custom time range. */
                    C_("time range", "From"),
                    /* Translators: accessible names of the custom range's
                     * calendar and time field. */
                    _("From date"), _("From time"));
  build_custom_end (self, &self->to, GTK_GRID (custom_grid), 1,
                    /* Translators: the end of the custom time range. */
                    C_("time range", "To"),
                    _("To date"), _("To time"));

  self->zone_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->zone_label), 0);
  gtk_widget_add_css_class (self->zone_label, "caption");
  gtk_widget_add_css_class (self->zone_label, "dim-label");
  gtk_box_append (GTK_BOX (box), self->zone_label);

  self->error_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->error_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->error_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->error_label), 20);
  gtk_widget_add_css_class (self->error_label, "error");
  gtk_widget_set_visible (self->error_label, FALSE);
  gtk_box_append (GTK_BOX (box), self->error_label);

  /* Translators: applies the custom From and To in the time range
   * popover. */
  self->apply_button = gtk_button_new_with_mnemonic (_("_Apply"));
  isc_accessible_set_name_from_mnemonic (self->apply_button, _("_Apply"));
  gtk_widget_set_halign (self->apply_button, GTK_ALIGN_END);
  gtk_widget_add_css_class (self->apply_button, "suggested-action");
  g_signal_connect_swapped (self->apply_button, "clicked", G_CALLBACK (apply_custom), self);
  gtk_box_append (GTK_BOX (box), self->apply_button);

  g_signal_connect_swapped (popover, "show", G_CALLBACK (on_popover_show), self);

  return popover;
}

static void
isc_range_button_root (GtkWidget *widget)
{
  IscRangeButton *self = ISC_RANGE_BUTTON (widget);
  gboolean in_header_bar;

  GTK_WIDGET_CLASS (isc_range_button_parent_class)->root (widget);

  /* Header bars make their own buttons flat, but only their direct
   * children: this one sits a level deeper, so it asks for it. */
  in_header_bar = gtk_widget_get_ancestor (widget, ADW_TYPE_HEADER_BAR) != NULL ||
                  gtk_widget_get_ancestor (widget, GTK_TYPE_HEADER_BAR) != NULL;
  gtk_menu_button_set_has_frame (GTK_MENU_BUTTON (self->menu_button), !in_header_bar);
}

static void
isc_range_button_map (GtkWidget *widget)
{
  IscRangeButton *self = ISC_RANGE_BUTTON (widget);

  GTK_WIDGET_CLASS (isc_range_button_parent_class)->map (widget);

  update_label (self);
  if (self->tick_id == 0)
    self->tick_id = g_timeout_add_seconds (60, on_tick, self);
}

static void
isc_range_button_unmap (GtkWidget *widget)
{
  IscRangeButton *self = ISC_RANGE_BUTTON (widget);

  g_clear_handle_id (&self->tick_id, g_source_remove);

  GTK_WIDGET_CLASS (isc_range_button_parent_class)->unmap (widget);
}

static void
isc_range_button_dispose (GObject *object)
{
  IscRangeButton *self = ISC_RANGE_BUTTON (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_pointer (&self->menu_button, gtk_widget_unparent);

  G_OBJECT_CLASS (isc_range_button_parent_class)->dispose (object);
}

static void
isc_range_button_finalize (GObject *object)
{
  IscRangeButton *self = ISC_RANGE_BUTTON (object);

  g_clear_pointer (&self->range, isc_time_range_free);
  g_clear_pointer (&self->custom_error, g_free);
  g_clear_pointer (&self->words, g_free);

  G_OBJECT_CLASS (isc_range_button_parent_class)->finalize (object);
}

static void
isc_range_button_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  IscRangeButton *self = ISC_RANGE_BUTTON (object);

  switch (prop_id)
    {
    case PROP_RANGE:
      g_value_set_boxed (value, self->range);
      break;

    case PROP_USE_UTC:
      g_value_set_boolean (value, self->use_utc);
      break;

    case PROP_COMPACT:
      g_value_set_boolean (value, self->compact);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_range_button_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  IscRangeButton *self = ISC_RANGE_BUTTON (object);

  switch (prop_id)
    {
    case PROP_RANGE:
      isc_range_button_set_range (self, g_value_get_boxed (value));
      break;

    case PROP_USE_UTC:
      isc_range_button_set_use_utc (self, g_value_get_boolean (value));
      break;

    case PROP_COMPACT:
      isc_range_button_set_compact (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_range_button_class_init (IscRangeButtonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isc_range_button_dispose;
  object_class->finalize = isc_range_button_finalize;
  object_class->get_property = isc_range_button_get_property;
  object_class->set_property = isc_range_button_set_property;

  widget_class->root = isc_range_button_root;
  widget_class->map = isc_range_button_map;
  widget_class->unmap = isc_range_button_unmap;

  /**
   * IscRangeButton:range:
   *
   * The range shown and chosen; never %NULL (the last hour to start).
   */
  properties[PROP_RANGE] =
    g_param_spec_boxed ("range", NULL, NULL,
                        ISC_TYPE_TIME_RANGE,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * IscRangeButton:use-utc:
   *
   * Whether absolute ranges and the custom From and To are told in UTC
   * rather than local time.
   */
  properties[PROP_USE_UTC] =
    g_param_spec_boolean ("use-utc", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * IscRangeButton:compact:
   *
   * Whether the button shows an icon rather than the words (which are
   * then its tooltip, and its accessible name either way): for a narrow
   * window's header bar.
   */
  properties[PROP_COMPACT] =
    g_param_spec_boolean ("compact", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * IscRangeButton::range-chosen:
   * @self: the button
   * @range: the range picked or applied
   *
   * A person picked a preset or applied a custom range ("range" is
   * already set to it).
   */
  signals[RANGE_CHOSEN] =
    g_signal_new ("range-chosen",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  ISC_TYPE_TIME_RANGE | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "rangebutton");
}

static void
isc_range_button_init (IscRangeButton *self)
{
  self->range = isc_time_range_new_relative (HOUR_MS);

  self->menu_button = gtk_menu_button_new ();
  gtk_widget_set_parent (self->menu_button, GTK_WIDGET (self));

  self->popover = build_popover (self);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->menu_button), self->popover);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->menu_button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  /* Translators: what the header's time range
                                   * button does, for a screen reader after
                                   * the range itself. */
                                  _("Choose the time range"),
                                  -1);

  update_label (self);
  update_zone_label (self);
  update_presets (self);
}

GtkWidget *
isc_range_button_new (void)
{
  return g_object_new (ISC_TYPE_RANGE_BUTTON, NULL);
}

const IscTimeRange *
isc_range_button_get_range (IscRangeButton *self)
{
  g_return_val_if_fail (ISC_IS_RANGE_BUTTON (self), NULL);

  return self->range;
}

void
isc_range_button_set_range (IscRangeButton     *self,
                            const IscTimeRange *range)
{
  g_return_if_fail (ISC_IS_RANGE_BUTTON (self));
  g_return_if_fail (range != NULL);

  if (isc_time_range_equal (self->range, range))
    return;

  g_clear_pointer (&self->range, isc_time_range_free);
  self->range = isc_time_range_copy (range);

  update_label (self);
  update_presets (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RANGE]);
}

gboolean
isc_range_button_get_use_utc (IscRangeButton *self)
{
  g_return_val_if_fail (ISC_IS_RANGE_BUTTON (self), FALSE);

  return self->use_utc;
}

void
isc_range_button_set_use_utc (IscRangeButton *self,
                              gboolean        use_utc)
{
  g_return_if_fail (ISC_IS_RANGE_BUTTON (self));

  use_utc = !!use_utc;
  if (self->use_utc == use_utc)
    return;

  self->use_utc = use_utc;

  update_label (self);
  update_zone_label (self);
  /* The same instants, told on the other clock. */
  show_custom (self);
  check_custom (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USE_UTC]);
}

gboolean
isc_range_button_get_compact (IscRangeButton *self)
{
  g_return_val_if_fail (ISC_IS_RANGE_BUTTON (self), FALSE);

  return self->compact;
}

void
isc_range_button_set_compact (IscRangeButton *self,
                              gboolean        compact)
{
  g_return_if_fail (ISC_IS_RANGE_BUTTON (self));

  compact = !!compact;
  if (self->compact == compact)
    return;

  self->compact = compact;
  g_clear_pointer (&self->words, g_free);
  update_label (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPACT]);
}

void
isc_range_button_popup (IscRangeButton *self)
{
  g_return_if_fail (ISC_IS_RANGE_BUTTON (self));

  gtk_menu_button_popup (GTK_MENU_BUTTON (self->menu_button));
}

void
_isc_range_button_set_now (IscRangeButton *self,
                           gint64          now_ms)
{
  g_return_if_fail (ISC_IS_RANGE_BUTTON (self));

  self->fixed_now_ms = now_ms;

  update_label (self);
  update_zone_label (self);
  check_custom (self);
}

void
_isc_range_button_set_custom (IscRangeButton *self,
                              gint64          from_ms,
                              gint64          to_ms)
{
  g_return_if_fail (ISC_IS_RANGE_BUTTON (self));

  self->from.ms = from_ms;
  self->to.ms = to_ms;
  show_custom (self);
  check_custom (self);
}

const char *
_isc_range_button_get_custom_error (IscRangeButton *self)
{
  g_return_val_if_fail (ISC_IS_RANGE_BUTTON (self), NULL);

  return self->custom_error;
}
