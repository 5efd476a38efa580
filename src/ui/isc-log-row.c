/* isc-log-row.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-log-row"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "isc-log-row.h"

/* A row shows at most this much of a message: a label lays out all its
 * text, and a line of 64 KiB in every recycled row would cost each
 * scroll. The whole line is the page's Show Whole Line. */
#define ROW_MESSAGE_MAX 2000
/* What a screen reader reads of a message. */
#define LABEL_MESSAGE_MAX 500

struct _IscLogRow
{
  GtkWidget   parent_instance;

  /* Widgets */
  GtkWidget      *line;    /* the columns */
  GtkInscription *time;
  GtkInscription *level;
  GtkInscription *replica;
  GtkInscription *request_id;
  GtkInscription *message;

  /* Owned references */
  IscLogLine *log_line;

  IscLogLevel shown_level;
  guint       line_chars;  /* narrow: the message's characters a line; 0 wide */
  gboolean    narrow;
  gboolean    moment;
};

G_DEFINE_FINAL_TYPE (IscLogRow, isc_log_row, GTK_TYPE_WIDGET)

static const char * const level_classes[] = {
  [ISC_LOG_LEVEL_NONE] = NULL,
  [ISC_LOG_LEVEL_DEBUG] = "log-debug",
  [ISC_LOG_LEVEL_INFO] = "log-info",
  [ISC_LOG_LEVEL_WARNING] = "log-warning",
  [ISC_LOG_LEVEL_ERROR] = "log-error",
};

const char *
isc_log_row_level_word (IscLogLevel level)
{
  switch (level)
    {
    case ISC_LOG_LEVEL_DEBUG:
      return C_("log level", "DEBUG");
    case ISC_LOG_LEVEL_INFO:
      return C_("log level", "INFO");
    case ISC_LOG_LEVEL_WARNING:
      return C_("log level", "WARNING");
    case ISC_LOG_LEVEL_ERROR:
      return C_("log level", "ERROR");
    case ISC_LOG_LEVEL_NONE:
    default:
      return "";
    }
}

/* Formatting a time makes and drops a few GDateTimes: rows in time order
 * share their second, and every row shares today, so both are kept. */
typedef struct
{
  GTimeZone *zone;       /* NULL: local */
  gint64     second;     /* epoch s of text */
  char       text[64];   /* "08:15:03" or "2 Dec 08:15:03" */
  gint64     today_from; /* epoch s: today in zone, computed at today_at */
  gint64     today_to;
  gint64     today_at;
} TimeCache;

static TimeCache time_cache = { NULL, G_MININT64, "", 0, 0, G_MININT64 };

static GDateTime *
in_zone (GDateTime *utc,
         GTimeZone *zone)
{
  return zone != NULL ? g_date_time_to_timezone (utc, zone) : g_date_time_to_local (utc);
}

static void
update_today (TimeCache *cache)
{
  gint64 now_s = g_get_real_time () / G_USEC_PER_SEC;
  g_autoptr(GDateTime) now_utc = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autoptr(GDateTime) midnight = NULL;

  if (cache->today_at == now_s)
    return;
  now_utc = g_date_time_new_from_unix_utc (now_s);
  now = in_zone (now_utc, cache->zone);
  midnight = g_date_time_add_full (now, 0, 0, 0,
                                   -g_date_time_get_hour (now), -g_date_time_get_minute (now),
                                   -(double) g_date_time_get_second (now));
  cache->today_from = g_date_time_to_unix (midnight);
  cache->today_to = cache->today_from + 24 * 60 * 60;
  cache->today_at = now_s;
}

char *
isc_log_row_format_time (gint64     ms,
                         GTimeZone *zone)
{
  TimeCache *cache = &time_cache;
  gint64 floor_ms = ms >= 0 ? ms / 1000 * 1000 : (ms - 999) / 1000 * 1000;
  gint64 second = floor_ms / 1000;
  int millis = (int) (ms - floor_ms);

  if (zone != cache->zone)
    {
      if (zone != NULL)
        g_time_zone_ref (zone);
      g_clear_pointer (&cache->zone, g_time_zone_unref);
      cache->zone = zone;
      cache->second = G_MININT64;
      cache->today_at = G_MININT64;
    }
  update_today (cache);

  if (second != cache->second)
    {
      g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (second);
      g_autoptr(GDateTime) when = NULL;
      g_autofree char *text = NULL;

      if (utc == NULL)
        return g_strdup ("?");
      when = in_zone (utc, zone);
      if (second >= cache->today_from && second < cache->today_to)
        text = g_date_time_format (when, "%H:%M:%S");
      else
        {
          /* "%-d", not "%e": GLib pads %e's single digits with a
           * figure space, which g_strstrip() leaves and a screen reader's
           * braille line shows as a blank cell before the day. */
          text = g_date_time_format (when, "%-d %b %H:%M:%S");
        }
      g_strlcpy (cache->text, text, sizeof cache->text);
      cache->second = second;
    }
  return g_strdup_printf ("%s.%03d", cache->text, millis);
}

char *
isc_log_row_dup_label (IscLogLine *line,
                       GTimeZone  *zone)
{
  g_autofree char *time = isc_log_row_format_time (isc_log_line_get_time_ms (line), zone);
  const char *message = isc_log_line_get_message (line);
  const char *level = isc_log_row_level_word (isc_log_line_get_level (line));
  g_autofree char *cut = NULL;

  if (strlen (message) > LABEL_MESSAGE_MAX)
    {
      const char *end = g_utf8_find_prev_char (message, message + LABEL_MESSAGE_MAX + 1);

      cut = g_strndup (message, end - message);
      message = cut;
    }
  if (level[0] == '\0')
    /* Translators: a log line as a screen reader reads it: its time and
     * message, for a line without a level */
    return g_strdup_printf (_("%s, %s"), time, message);
  /* Translators: a log line as a screen reader reads it: its time,
   * level and message */
  return g_strdup_printf (_("%s, %s, %s"), time, level, message);
}

static guint16
channel (gint32 rgb,
         int    shift)
{
  return (guint16) (((rgb >> shift) & 0xff) * 257);
}

PangoAttrList *
isc_log_row_new_attributes (IscLogLine *line,
                            gsize       length)
{
  const IscLogSpan *spans;
  guint n_spans = 0;
  PangoAttrList *attrs;

  spans = isc_log_line_get_spans (line, &n_spans);
  if (n_spans == 0)
    return NULL;

  attrs = pango_attr_list_new ();
  for (guint i = 0; i < n_spans; i++)
    {
      const IscLogSpan *span = &spans[i];
      guint start = MIN (span->start, length);
      guint end = MIN (span->end, length);
      PangoAttribute *attr;

      if (start >= end)
        continue;
#define ADD(a) G_STMT_START { attr = (a); attr->start_index = start; attr->end_index = end; pango_attr_list_insert (attrs, attr); } G_STMT_END
      if (span->fg >= 0)
        ADD (pango_attr_foreground_new (channel (span->fg, 16), channel (span->fg, 8), channel (span->fg, 0)));
      if (span->bg >= 0)
        ADD (pango_attr_background_new (channel (span->bg, 16), channel (span->bg, 8), channel (span->bg, 0)));
      if (span->bold)
        ADD (pango_attr_weight_new (PANGO_WEIGHT_BOLD));
      if (span->italic)
        ADD (pango_attr_style_new (PANGO_STYLE_ITALIC));
      if (span->underline)
        ADD (pango_attr_underline_new (PANGO_UNDERLINE_SINGLE));
#undef ADD
    }
  return attrs;
}

static void
place_message (IscLogRow *self)
{
  GtkWidget *message = GTK_WIDGET (self->message);

  g_object_ref (message);
  if (gtk_widget_get_parent (message) != NULL)
    gtk_widget_unparent (message);
  if (self->narrow)
    gtk_widget_insert_after (message, GTK_WIDGET (self), self->line);
  else
    gtk_box_append (GTK_BOX (self->line), message);
  g_object_unref (message);

  gtk_widget_set_visible (GTK_WIDGET (self->replica), !self->narrow);
  gtk_widget_set_visible (GTK_WIDGET (self->request_id), !self->narrow);
  gtk_inscription_set_wrap_mode (self->message, PANGO_WRAP_WORD_CHAR);
}

/* Narrow, the message wraps to as many lines as it needs, up to 4 (an
 * inscription takes the lines it is given, not those its text needs). */
static void
update_message_lines (IscLogRow *self)
{
  guint lines = 1;

  if (self->narrow && self->line_chars > 0 && self->log_line != NULL)
    {
      glong chars = g_utf8_strlen (isc_log_line_get_message (self->log_line), 4 * self->line_chars + 4);

      lines = CLAMP ((guint) ((chars + self->line_chars - 1) / self->line_chars), 1, 4);
    }
  gtk_inscription_set_min_lines (self->message, lines);
  gtk_inscription_set_nat_lines (self->message, lines);
}

/* The time column's characters: the widest a time can be, "28 Dec
 * 08:15:03.123" in the locale's month names, so that every row puts its
 * columns at the same x whether its time has the day (not today's) or
 * not (a list over midnight holds both). Monospace: characters are its
 * width. */
static guint
time_chars (void)
{
  static guint chars = 0;

  if (chars == 0)
    {
      guint widest = strlen ("00:00:00.000");

      for (int month = 1; month <= 12; month++)
        {
          g_autoptr(GDateTime) when = g_date_time_new_utc (2026, month, 28, 23, 59, 59);
          g_autofree char *day = when != NULL ? g_date_time_format (when, "%-d %b") : NULL;

          if (day != NULL)
            widest = MAX (widest, (guint) g_utf8_strlen (day, -1) + strlen (" 00:00:00.000"));
        }
      chars = widest;
    }
  return chars;
}

/* GtkInscription, not GtkLabel: sized by its character counts, never by
 * its text, so a recycled row costs no text measuring as it scrolls. */
static GtkInscription *
add_column (GtkWidget  *box,
            guint       min_chars,
            guint       chars,
            const char *css_class)
{
  GtkWidget *text = gtk_inscription_new (NULL);

  gtk_inscription_set_xalign (GTK_INSCRIPTION (text), 0);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (text), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (text), min_chars);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (text), chars);
  if (css_class != NULL)
    gtk_widget_add_css_class (text, css_class);
  gtk_box_append (GTK_BOX (box), text);
  return GTK_INSCRIPTION (text);
}

static void
isc_log_row_dispose (GObject *object)
{
  IscLogRow *self = (IscLogRow *) object;
  GtkWidget *child;

  g_clear_object (&self->log_line);
  /* GTK 4.8's inscription keeps its attributes past its finalize: hand
   * them back while the row still holds it. */
  if (self->message != NULL)
    gtk_inscription_set_attributes (self->message, NULL);
  self->message = NULL;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (isc_log_row_parent_class)->dispose (object);
}

static void
isc_log_row_class_init (IscLogRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isc_log_row_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "logrow");
}

static void
isc_log_row_init (IscLogRow *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 2);

  self->line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_parent (self->line, GTK_WIDGET (self));
  /* The replica and request id may shrink; narrow, they go. */
  /* The least a time takes, today's, as its minimum: the wide layout at
   * its narrowest must fit 360 px until the narrow one takes over, and
   * every row is as wide as the list, so their columns line up still. */
  self->time = add_column (self->line, 12, time_chars (), "monospace");
  /* Room for "WARNING" in bold: GtkInscription counts average
   * characters, and capitals in bold are wider than that (eight were
   * not enough with GNOME 50's font: "WARNI…"). */
  self->level = add_column (self->line, 10, 10, "log-level");
  self->replica = add_column (self->line, 4, 8, "dim-label");
  self->request_id = add_column (self->line, 4, 10, "dim-label");
  self->message = add_column (self->line, 0, 80, "monospace");
  gtk_widget_set_hexpand (GTK_WIDGET (self->message), TRUE);
  self->shown_level = ISC_LOG_LEVEL_NONE;
}

GtkWidget *
isc_log_row_new (void)
{
  return g_object_new (ISC_TYPE_LOG_ROW, NULL);
}

IscLogLine *
isc_log_row_get_line (IscLogRow *self)
{
  g_return_val_if_fail (ISC_IS_LOG_ROW (self), NULL);
  return self->log_line;
}

void
isc_log_row_set_line (IscLogRow  *self,
                      IscLogLine *line,
                      GTimeZone  *zone)
{
  g_autofree char *time = NULL;
  g_autofree char *label = NULL;
  g_autoptr(PangoAttrList) attrs = NULL;
  const char *message;
  gsize length;
  IscLogLevel level;

  g_return_if_fail (ISC_IS_LOG_ROW (self));
  g_return_if_fail (line == NULL || ISC_IS_LOG_LINE (line));

  g_set_object (&self->log_line, line);
  level = line != NULL ? isc_log_line_get_level (line) : ISC_LOG_LEVEL_NONE;
  /* A class changed costs a restyle: only when the level does. */
  if (level != self->shown_level)
    {
      if (self->shown_level < G_N_ELEMENTS (level_classes) && level_classes[self->shown_level] != NULL)
        gtk_widget_remove_css_class (GTK_WIDGET (self->level), level_classes[self->shown_level]);
      if (level < G_N_ELEMENTS (level_classes) && level_classes[level] != NULL)
        gtk_widget_add_css_class (GTK_WIDGET (self->level), level_classes[level]);
      self->shown_level = level;
    }
  if (line == NULL)
    {
      gtk_inscription_set_text (self->time, NULL);
      gtk_inscription_set_text (self->level, NULL);
      gtk_inscription_set_text (self->replica, NULL);
      gtk_inscription_set_text (self->request_id, NULL);
      gtk_inscription_set_text (self->message, NULL);
      return;
    }

  /* Plain text everywhere: the server's words are never markup. */
  time = isc_log_row_format_time (isc_log_line_get_time_ms (line), zone);
  gtk_inscription_set_text (self->time, time);
  gtk_inscription_set_text (self->level, isc_log_row_level_word (level));
  gtk_inscription_set_text (self->replica, isc_log_line_get_replica (line));
  gtk_inscription_set_text (self->request_id, isc_log_line_get_request_id (line));

  message = isc_log_line_get_message (line);
  length = strlen (message);
  if (length > ROW_MESSAGE_MAX)
    {
      g_autofree char *cut = NULL;
      g_autofree char *shown = NULL;

      length = g_utf8_find_prev_char (message, message + ROW_MESSAGE_MAX + 1) - message;
      cut = g_strndup (message, length);
      shown = g_strconcat (cut, "…", NULL);
      gtk_inscription_set_text (self->message, shown);
    }
  else
    gtk_inscription_set_text (self->message, message);
  attrs = isc_log_row_new_attributes (line, length);
  gtk_inscription_set_attributes (self->message, attrs);
  update_message_lines (self);

  label = isc_log_row_dup_label (line, zone);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

gboolean
isc_log_row_get_moment (IscLogRow *self)
{
  g_return_val_if_fail (ISC_IS_LOG_ROW (self), FALSE);
  return self->moment;
}

void
isc_log_row_set_moment (IscLogRow *self,
                        gboolean   moment)
{
  g_return_if_fail (ISC_IS_LOG_ROW (self));

  moment = !!moment;
  if (self->moment == moment)
    return;
  self->moment = moment;
  if (moment)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self), "moment");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, isc_log_row_moment_description (),
                                      -1);
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self), "moment");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}

const char *
isc_log_row_moment_description (void)
{
  /* Translators: what a screen reader says of the log line at the
   * moment the charts' cursor (crosshair) points to */
  return _("At the charts’ cursor");
}

void
isc_log_row_set_narrow (IscLogRow *self,
                        guint      line_chars)
{
  gboolean narrow = line_chars > 0;

  g_return_if_fail (ISC_IS_LOG_ROW (self));

  if (self->narrow != narrow || gtk_widget_get_parent (GTK_WIDGET (self->message)) == NULL)
    {
      self->narrow = narrow;
      place_message (self);
    }
  if (self->line_chars != line_chars)
    {
      self->line_chars = line_chars;
      update_message_lines (self);
    }
}
