/* isc-logs-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-logs-page"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-export-dialog.h"
#include "isc-log-row.h"
#include "isc-logs-page.h"

/* Narrower than this, a row drops its replica and request id and wraps
 * its message under the time (the window is usable at 360 px). */
#define NARROW_WIDTH 640

struct _IscLogsPage
{
  AdwBin              parent_instance;

  /* Widgets */
  GtkWidget          *search_entry;
  GtkWidget          *level_dropdown;
  GtkWidget          *replica_entry;
  GtkWidget          *request_entry;
  GtkLabel           *search_message;
  GtkWidget          *follow_button;
  GtkWidget          *earlier_button;
  GtkLabel           *notice;
  GtkStack           *stack;
  GtkWidget          *scrolled;
  GtkListView        *list_view;
  AdwStatusPage      *status_page;
  GtkWidget          *status_retry;
  GtkWidget          *spinner;  /* AdwSpinner (libadwaita 1.6) or GtkSpinner */
  GtkWidget          *line_popover;
  GtkLabel           *line_label;
  GtkLabel           *line_cut;

  /* Owned references */
  IscLogView         *log_view;
  GSignalGroup       *log_signals;
  GBindingGroup      *log_bindings;
  GSignalGroup       *view_signals;  /* the log view's IscView */
  GtkMultiSelection  *selection;
  IscLogLine         *moment_line;   /* marked: the line at the charts' cursor */
  GTimeZone          *zone;        /* NULL: local time */
#if !GTK_CHECK_VERSION (4, 10, 0)
  GtkFileChooserNative *chooser;
#endif

  guint               narrow_idle_id;
  guint               scroll_tick_id;
  guint               scroll_ticks;
  guint               pending_scroll;  /* a position, G_MAXUINT for none */
  gboolean            center_scroll;   /* ...then in the list's middle */
  gboolean            narrow;
  guint               line_chars;  /* narrow: a message line's characters */
  gboolean            use_utc;
  gboolean            at_bottom;   /* the list shows its newest line */
  gboolean            syncing;     /* filters set from the log view */
};

enum {
  PROP_0,
  PROP_LOG_VIEW,
  PROP_USE_UTC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (IscLogsPage, isc_logs_page, ADW_TYPE_BIN)

IscLogsFormat
isc_logs_format_from_name (const char *name)
{
  g_autofree char *folded = name != NULL ? g_ascii_strdown (name, -1) : NULL;

  if (folded != NULL &&
      (g_str_has_suffix (folded, ".jsonl") || g_str_has_suffix (folded, ".ndjson") ||
       g_str_has_suffix (folded, ".json")))
    return ISC_LOGS_FORMAT_JSON_LINES;
  return ISC_LOGS_FORMAT_TEXT;
}

/* Rows */

static void
foreach_row (IscLogsPage *self,
             void       (*func) (IscLogsPage *self,
                                 IscLogRow   *row))
{
  /* The rows alive are the list items' children: only those in sight
   * and a few more, however many lines there are. */
  for (GtkWidget *item = gtk_widget_get_first_child (GTK_WIDGET (self->list_view));
       item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *child = gtk_widget_get_first_child (item);

      if (child != NULL && ISC_IS_LOG_ROW (child))
        func (self, ISC_LOG_ROW (child));
    }
}

/* The row alive that shows @line, or NULL (see foreach_row()). */
static IscLogRow *
find_row (IscLogsPage *self,
          IscLogLine  *line)
{
  for (GtkWidget *item = gtk_widget_get_first_child (GTK_WIDGET (self->list_view));
       item != NULL;
       item = gtk_widget_get_next_sibling (item))
    {
      GtkWidget *child = gtk_widget_get_first_child (item);

      if (child != NULL && ISC_IS_LOG_ROW (child) && isc_log_row_get_line (ISC_LOG_ROW (child)) == line)
        return ISC_LOG_ROW (child);
    }
  return NULL;
}

/* From GTK 4.12 a reader reads the list item, which holds the row, and
 * not the row's own label: the item says the line too. */
static void
label_item (IscLogsPage *self,
            IscLogRow   *row)
{
#if GTK_CHECK_VERSION (4, 12, 0)
  GtkListItem *item = g_object_get_data (G_OBJECT (row), "isc-list-item");
  IscLogLine *line = isc_log_row_get_line (row);
  g_autofree char *label = NULL;

  if (item == NULL)
    return;
  if (line != NULL)
    label = isc_log_row_dup_label (line, self->zone);
  gtk_list_item_set_accessible_label (item, label);
  gtk_list_item_set_accessible_description (item, isc_log_row_get_moment (row) ? isc_log_row_moment_description () : NULL);
#endif
}

static void
rebind_row (IscLogsPage *self,
            IscLogRow   *row)
{
  IscLogLine *line = isc_log_row_get_line (row);

  if (line != NULL)
    isc_log_row_set_line (row, line, self->zone);
  isc_log_row_set_moment (row, line != NULL && line == self->moment_line);
  isc_log_row_set_narrow (row, self->narrow ? self->line_chars : 0);
  label_item (self, row);
}

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          IscLogsPage              *self)
{
  GtkWidget *row = isc_log_row_new ();

  isc_log_row_set_narrow (ISC_LOG_ROW (row), self->narrow ? self->line_chars : 0);
  gtk_list_item_set_child (item, row);
  /* The item owns the row: it outlives it. */
  g_object_set_data (G_OBJECT (row), "isc-list-item", item);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         IscLogsPage              *self)
{
  IscLogRow *row = ISC_LOG_ROW (gtk_list_item_get_child (item));
  IscLogLine *line = gtk_list_item_get_item (item);

  isc_log_row_set_line (row, line, self->zone);
  isc_log_row_set_moment (row, line != NULL && line == self->moment_line);
  isc_log_row_set_narrow (row, self->narrow ? self->line_chars : 0);
  label_item (self, row);
}

static gboolean
narrow_idle_cb (gpointer user_data)
{
  IscLogsPage *self = user_data;

  self->narrow_idle_id = 0;
  foreach_row (self, rebind_row);
  return G_SOURCE_REMOVE;
}

/* The list's width is its horizontal adjustment's page, set as it is
 * allocated (AdwBin's layout manager allocates the page itself, so no
 * size_allocate of ours would run). */
static void
hadjustment_changed_cb (IscLogsPage   *self,
                        GtkAdjustment *adjustment)
{
  double width = gtk_adjustment_get_page_size (adjustment);
  gboolean narrow = width > 0 && width < NARROW_WIDTH;
  guint line_chars = self->line_chars;

  if (narrow)
    {
      /* The monospace characters a row's width holds, less its padding. */
      PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self->list_view), "0000000000");
      PangoFontDescription *font = pango_font_description_copy (pango_context_get_font_description (pango_layout_get_context (layout)));
      int ten = 0;

      pango_font_description_set_family (font, "monospace");
      pango_layout_set_font_description (layout, font);
      pango_layout_get_pixel_size (layout, &ten, NULL);
      line_chars = MAX (10, (guint) ((width - 24) * 10 / MAX (ten, 10)));
      pango_font_description_free (font);
      g_object_unref (layout);
    }

  /* The rows change their layout after this allocation, not in it. */
  if (width > 0 && (narrow != self->narrow || (narrow && line_chars != self->line_chars)))
    {
      self->narrow = narrow;
      self->line_chars = line_chars;
      if (self->narrow_idle_id == 0)
        self->narrow_idle_id = g_idle_add (narrow_idle_cb, self);
    }
}

/* The list */

static IscLogLine *
dup_line (IscLogsPage *self,
          guint        position)
{
  return g_list_model_get_item (G_LIST_MODEL (self->selection), position);
}

static void
scroll_to (IscLogsPage *self,
           guint        position)
{
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
}

/* The position of the first line at or after the window's moment (the
 * charts' cursor), the newest when all are before it, and the moment in
 * @moment_ms; G_MAXUINT with no moment, no lines, or a moment before the
 * first line kept (Load Earlier may still bring it). */
static guint
moment_position (IscLogsPage *self,
                 gint64      *moment_ms)
{
  g_autoptr(IscLogLine) first = NULL;
  guint position;

  *moment_ms = -1;
  if (self->log_view == NULL)
    return G_MAXUINT;
  *moment_ms = isc_view_get_cursor_time (isc_log_view_get_view (self->log_view));
  if (*moment_ms < 0)
    return G_MAXUINT;
  position = isc_log_view_find_time (self->log_view, *moment_ms);
  first = position != G_MAXUINT ? dup_line (self, 0) : NULL;
  if (first == NULL || isc_log_line_get_time_ms (first) > *moment_ms)
    return G_MAXUINT;
  return position;
}

/* The line at the window's moment, the charts' cursor: the first at or
 * after it (the one selected, when a selected line set it), or NULL
 * with no moment or one outside the lines kept. */
static IscLogLine *
dup_moment_line (IscLogsPage *self)
{
  g_autoptr(GtkBitset) selected = NULL;
  g_autoptr(IscLogLine) line = NULL;
  gint64 moment_ms;
  guint position;

  position = moment_position (self, &moment_ms);
  if (position == G_MAXUINT)
    return NULL;
  line = dup_line (self, position);
  /* After the newest line: none is at the moment. */
  if (line == NULL || isc_log_line_get_time_ms (line) < moment_ms)
    return NULL;

  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  if (!gtk_bitset_is_empty (selected))
    {
      g_autoptr(IscLogLine) chosen = dup_line (self, gtk_bitset_get_minimum (selected));

      if (chosen != NULL && isc_log_line_get_time_ms (chosen) == moment_ms)
        return g_steal_pointer (&chosen);
    }
  return g_steal_pointer (&line);
}

static void
mark_moment_row (IscLogsPage *self,
                 IscLogLine  *line)
{
  IscLogRow *row = line != NULL ? find_row (self, line) : NULL;

  if (row != NULL)
    {
      isc_log_row_set_moment (row, line == self->moment_line);
      label_item (self, row);
    }
}

/* The moment's line marked, as the charts draw their crosshair at it:
 * the line Logs at This Time opens at, or the one a line's selection
 * or the charts' cursor points to. */
static void
update_moment (IscLogsPage *self)
{
  g_autoptr(IscLogLine) line = dup_moment_line (self);
  g_autoptr(IscLogLine) old = NULL;

  if (line == self->moment_line)
    return;
  old = g_steal_pointer (&self->moment_line);
  self->moment_line = g_steal_pointer (&line);
  mark_moment_row (self, old);
  mark_moment_row (self, self->moment_line);
}

/* The row of @position, scrolled into sight, moved to the middle of the
 * list where the lines around it allow: the moment Logs at This Time
 * opens at shows what came before it and what came after, where
 * scrolling to it leaves it on the last row in sight. FALSE when it is
 * there (or cannot be), TRUE when it was moved: the list places its rows
 * by their estimated heights until it has laid them out (narrow rows
 * fold), so a move is checked again in the next frame. */
static gboolean
center_on (IscLogsPage *self,
           guint        position)
{
  g_autoptr(IscLogLine) line = dup_line (self, position);
  GtkAdjustment *vadjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));
  IscLogRow *row = line != NULL ? find_row (self, line) : NULL;
  graphene_rect_t bounds;
  double before, move;

  if (row == NULL || vadjustment == NULL || !gtk_widget_get_mapped (GTK_WIDGET (row)) ||
      !gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->list_view), &bounds))
    return FALSE;
  /* The list's rows are placed in its visible height. */
  move = bounds.origin.y + bounds.size.height / 2 - gtk_widget_get_height (GTK_WIDGET (self->list_view)) / 2.0;
  before = gtk_adjustment_get_value (vadjustment);
  gtk_adjustment_set_value (vadjustment, before + move);
  return fabs (gtk_adjustment_get_value (vadjustment) - before) >= 1;
}

/* The most times the centring is checked again (center_on()). */
#define CENTER_TRIES 4

/* A list just shown has no size yet, and GTK 4.8's list scrolled to an
 * item before its first allocation shows that item alone: the scroll
 * waits for a frame that laid the list out, and the centring for one
 * that laid out the rows scrolled to. */
static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  IscLogsPage *self = user_data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));

  ++self->scroll_ticks;
  if (self->scroll_ticks < 2 || self->scroll_ticks % 2 == 1)
    return G_SOURCE_CONTINUE;
  if (self->pending_scroll != G_MAXUINT && n > 0)
    {
      if (self->scroll_ticks == 2)
        {
          scroll_to (self, MIN (self->pending_scroll, n - 1));
          if (self->center_scroll)
            return G_SOURCE_CONTINUE;
        }
      else if (center_on (self, MIN (self->pending_scroll, n - 1)) && self->scroll_ticks < 4 + 2 * CENTER_TRIES)
        /* Checked again two frames on, once the list has placed its rows. */
        return G_SOURCE_CONTINUE;
    }
  self->scroll_tick_id = 0;
  self->pending_scroll = G_MAXUINT;
  return G_SOURCE_REMOVE;
}

static void
scroll_later (IscLogsPage *self,
              guint        position,
              gboolean     center)
{
  self->pending_scroll = position;
  self->center_scroll = center;
  self->scroll_ticks = 0;
  if (self->scroll_tick_id == 0)
    self->scroll_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->list_view), scroll_tick_cb, self, NULL);
}

static void
scroll_to_end (IscLogsPage *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));

  if (n > 0)
    scroll_later (self, n - 1, FALSE);
}

/* A line selected: its moment is the window's cursor, so the Charts
 * page draws its crosshair there. */
static void
selection_changed_cb (IscLogsPage       *self,
                      guint              position,
                      guint              n_items,
                      GtkSelectionModel *selection)
{
  g_autoptr(GtkBitset) selected = NULL;
  g_autoptr(GtkBitset) all = gtk_selection_model_get_selection (selection);
  g_autoptr(IscLogLine) line = NULL;

  /* Copy Lines with something to copy. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "logs.copy", !gtk_bitset_is_empty (all));
  if (self->log_view == NULL)
    return;
  selected = gtk_selection_model_get_selection_in_range (selection, position, n_items);
  if (gtk_bitset_is_empty (selected))
    return;
  line = dup_line (self, gtk_bitset_get_minimum (selected));
  if (line != NULL)
    isc_view_set_cursor_time (isc_log_view_get_view (self->log_view), isc_log_line_get_time_ms (line));
  /* The mark on the line chosen, though its millisecond was the cursor's
   * already (no notify then). */
  update_moment (self);
}

static void
vadjustment_changed_cb (IscLogsPage   *self,
                        GtkAdjustment *adjustment)
{
  self->at_bottom = gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment) >=
                    gtk_adjustment_get_upper (adjustment) - 2;
}

/* Following, a list that showed its newest line keeps showing it. */
static void
lines_changed_cb (IscLogsPage *self,
                  guint        position,
                  guint        removed,
                  guint        added,
                  GListModel  *lines)
{
  guint n = g_list_model_get_n_items (lines);

  update_moment (self);
  if (added > 0 && position + added == n && self->at_bottom && position > 0)
    scroll_to_end (self);
}

/* Follow turned on: the newest lines into sight, as tail -f shows them,
 * and kept there (lines_changed_cb) until the list is scrolled away. */
static void
following_changed_cb (IscLogsPage *self)
{
  if (self->log_view == NULL || !isc_log_view_get_following (self->log_view))
    return;
  self->at_bottom = TRUE;
  scroll_to_end (self);
}

/* The whole line, however long: a popover over the list, with the text
 * selectable. */
static void
show_line (IscLogsPage *self,
           guint        position)
{
  g_autoptr(IscLogLine) line = dup_line (self, position);
  g_autoptr(PangoAttrList) attrs = NULL;
  GtkWidget *focus;
  graphene_rect_t bounds;
  GdkRectangle rect = { 0, 0, 1, 1 };
  const char *message;
  gsize n_cut;

  if (line == NULL)
    return;

  message = isc_log_line_get_message (line);
  attrs = isc_log_row_new_attributes (line, strlen (message));
  if (attrs == NULL && strstr (message, "\u240A") != NULL)
    {
      /* A traceback reads down: each newline, shown as its symbol, also
       * breaks the line here (with no colour spans to keep in place). */
      g_auto(GStrv) parts = g_strsplit (message, "\u240A", -1);
      g_autofree char *broken = g_strjoinv ("\u240A\n", parts);

      gtk_label_set_text (self->line_label, broken);
    }
  else
    gtk_label_set_text (self->line_label, message);
  gtk_label_set_attributes (self->line_label, attrs);
  n_cut = isc_log_line_get_n_cut (line);
  if (n_cut > 0)
    {
      g_autofree char *size = g_format_size (n_cut);
      /* Translators: under a log line that was too long to keep whole:
       * how much of it was left out ("1.2 MB") */
      g_autofree char *cut = g_strdup_printf (_("The line was cut: %s more were not kept."), size);

      gtk_label_set_text (self->line_cut, cut);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->line_cut), n_cut > 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->line_popover),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Whole Line"),
                                  -1);

  /* Under the row: the focus is on it after a click or a key. */
  focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self)));
  if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->list_view)) &&
      gtk_widget_compute_bounds (focus, GTK_WIDGET (self->list_view), &bounds))
    rect = (GdkRectangle) { (int) bounds.origin.x, (int) bounds.origin.y,
                            MAX (1, (int) bounds.size.width), MAX (1, (int) bounds.size.height) };
  else
    rect.x = gtk_widget_get_width (GTK_WIDGET (self->list_view)) / 2;
  gtk_popover_set_pointing_to (GTK_POPOVER (self->line_popover), &rect);
  gtk_popover_popup (GTK_POPOVER (self->line_popover));
}

static void
activate_cb (IscLogsPage *self,
             guint        position,
             GtkListView *list_view)
{
  show_line (self, position);
}

/* The log view */

/* A GtkSpinner spins only while asked (out of sight too, ticking the frame
 * clock); an AdwSpinner only while mapped. */
static void
set_spinning (IscLogsPage *self,
              gboolean     spinning)
{
  if (GTK_IS_SPINNER (self->spinner))
    gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), spinning);
}

static void
update_state (IscLogsPage *self)
{
  IscLogViewState state = self->log_view != NULL ? isc_log_view_get_state (self->log_view) : ISC_LOG_VIEW_EMPTY;
  const GError *error = self->log_view != NULL ? isc_log_view_get_error (self->log_view) : NULL;
  g_autofree char *description = NULL;
  const char *title = NULL, *icon = NULL;
  gboolean retry = FALSE;

  switch (state)
    {
    case ISC_LOG_VIEW_READY:
      gtk_stack_set_visible_child (self->stack, self->scrolled);
      set_spinning (self, FALSE);
      return;

    case ISC_LOG_VIEW_LOADING:
      gtk_stack_set_visible_child_name (self->stack, "loading");
      set_spinning (self, TRUE);
      return;

    case ISC_LOG_VIEW_NO_LINES:
      icon = "edit-find-symbolic";
      title = _("No Log Lines");
      description = g_strdup (_("No line in this range passes the filters. Choose a wider range or fewer filters."));
      retry = TRUE;
      break;

    case ISC_LOG_VIEW_ERROR:
      icon = "dialog-warning-symbolic";
      title = _("Could Not Load Logs");
      /* The status page's description is markup; the message is text. */
      description = error != NULL ? g_markup_escape_text (error->message, -1) : NULL;
      retry = TRUE;
      break;

    case ISC_LOG_VIEW_EMPTY:
    default:
      icon = "io.github.inferscope.Inferscope-symbolic";
      title = _("No Deployment Chosen");
      description = g_strdup (_("Choose a deployment or an environment in the sidebar"));
      break;
    }

  adw_status_page_set_icon_name (self->status_page, icon);
  adw_status_page_set_title (self->status_page, title);
  adw_status_page_set_description (self->status_page, description);
  gtk_widget_set_visible (self->status_retry, retry);
  gtk_stack_set_visible_child_name (self->stack, "status");
  set_spinning (self, FALSE);
}

static void
state_changed_cb (IscLogsPage *self)
{
  gint64 moment_ms;
  guint position;

  update_state (self);
  if (self->log_view == NULL || isc_log_view_get_state (self->log_view) != ISC_LOG_VIEW_READY)
    return;

  /* A first answer: the window's moment if the lines hold it (Logs at
   * This Time), else the newest line at the bottom. */
  self->at_bottom = TRUE;
  position = moment_position (self, &moment_ms);
  if (position != G_MAXUINT)
    scroll_later (self, position, TRUE);
  else
    scroll_to_end (self);
}

static void
error_changed_cb (IscLogsPage *self)
{
  const GError *search_error = self->log_view != NULL ? isc_log_view_get_search_error (self->log_view) : NULL;

  if (search_error != NULL)
    {
      /* The client's words say it is the pattern, and why. */
      gtk_label_set_text (self->search_message, search_error->message);
      gtk_widget_add_css_class (self->search_entry, "error");
    }
  else
    {
      gtk_label_set_text (self->search_message, "");
      gtk_widget_remove_css_class (self->search_entry, "error");
    }
  gtk_widget_set_visible (GTK_WIDGET (self->search_message), search_error != NULL);
  update_state (self);
}

static void
dropped_changed_cb (IscLogsPage *self)
{
  gboolean dropped = self->log_view != NULL && isc_log_view_get_dropped (self->log_view);

  if (dropped)
    {
      guint max = isc_log_view_get_max_lines (self->log_view);
      /* Translators: above the log lines once the oldest were dropped:
       * how many are kept ("50,000") */
      g_autofree char *text = g_strdup_printf (ngettext ("Only the newest %'u line is kept: older lines were dropped.",
                                                         "Only the newest %'u lines are kept: older lines were dropped.",
                                                         max),
                                               max);

      gtk_label_set_text (self->notice, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->notice), dropped);
}

static void
can_load_earlier_cb (IscLogsPage *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "logs.load-earlier",
                                 self->log_view != NULL && isc_log_view_get_can_load_earlier (self->log_view));
}

static void
can_follow_cb (IscLogsPage *self)
{
  gboolean can = self->log_view != NULL && isc_log_view_get_can_follow (self->log_view);

  gtk_widget_set_sensitive (self->follow_button, can);
  gtk_widget_set_tooltip_text (self->follow_button,
                               can ? _("Keep the newest lines coming")
                                   : _("Follow needs a range that ends now, such as the last hour"));
}

/* The filters: typed here, sent by the log view. */

static void
filters_from_view (IscLogsPage *self)
{
  const char *text;

  if (self->log_view == NULL)
    return;
  self->syncing = TRUE;
  text = isc_log_view_get_search_pattern (self->log_view);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), text ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text ? text : "");
  text = isc_log_view_get_replica (self->log_view);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->replica_entry)), text ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->replica_entry), text ? text : "");
  text = isc_log_view_get_request_id (self->log_view);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->request_entry)), text ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->request_entry), text ? text : "");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->level_dropdown), isc_log_view_get_min_level (self->log_view));
  self->syncing = FALSE;
}

static void
search_changed_cb (IscLogsPage    *self,
                   GtkSearchEntry *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (self->syncing || self->log_view == NULL)
    return;
  if (GTK_WIDGET (entry) == self->search_entry)
    isc_log_view_set_search_pattern (self->log_view, text);
  else if (GTK_WIDGET (entry) == self->replica_entry)
    isc_log_view_set_replica (self->log_view, text);
  else
    isc_log_view_set_request_id (self->log_view, text);
}

static void
level_selected_cb (IscLogsPage *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->level_dropdown));

  if (self->syncing || self->log_view == NULL || selected > ISC_LOG_LEVEL_ERROR)
    return;
  isc_log_view_set_min_level (self->log_view, (IscLogLevel) selected);
}

/* Actions */

char *
isc_logs_page_dup_selected_text (IscLogsPage *self)
{
  g_autoptr(GtkBitset) selected = NULL;
  GtkBitsetIter iter;
  GString *text;
  guint position;

  g_return_val_if_fail (ISC_IS_LOGS_PAGE (self), NULL);

  selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  if (gtk_bitset_is_empty (selected))
    return NULL;
  text = g_string_new (NULL);
  for (gboolean more = gtk_bitset_iter_init_first (&iter, selected, &position);
       more;
       more = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr(IscLogLine) line = dup_line (self, position);
      g_autofree char *one = line != NULL ? isc_log_line_to_text (line) : NULL;

      if (one == NULL)
        continue;
      g_string_append (text, one);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  IscLogsPage *self = ISC_LOGS_PAGE (widget);
  g_autofree char *text = isc_logs_page_dup_selected_text (self);

  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

static void
load_earlier_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  IscLogsPage *self = ISC_LOGS_PAGE (widget);

  if (self->log_view != NULL)
    isc_log_view_load_earlier (self->log_view);
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  IscLogsPage *self = ISC_LOGS_PAGE (widget);

  if (self->log_view != NULL)
    isc_log_view_reload (self->log_view);
}

gboolean
isc_logs_page_write_lines (IscLogsPage    *self,
                           GFile          *file,
                           IscLogsFormat   format,
                           GError        **error)
{
  GListModel *lines;
  GString *out;
  g_autoptr(GBytes) bytes = NULL;
  guint n;

  g_return_val_if_fail (ISC_IS_LOGS_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  lines = G_LIST_MODEL (self->selection);
  n = g_list_model_get_n_items (lines);
  out = g_string_sized_new ((gsize) n * 160);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(IscLogLine) line = g_list_model_get_item (lines, i);
      g_autofree char *one = format == ISC_LOGS_FORMAT_JSON_LINES ? isc_log_line_to_json (line)
                                                                  : isc_log_line_to_text (line);

      g_string_append (out, one);
      g_string_append_c (out, '\n');
    }
  bytes = g_string_free_to_bytes (out);
  /* replace_contents writes beside and renames: whole or not at all. */
  return g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

static void
export_chosen (IscLogsPage *self,
               GFile       *file,
               const char  *choice)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr(GError) error = NULL;
  IscLogsFormat format = isc_logs_format_from_name (name);

  if (format == ISC_LOGS_FORMAT_TEXT && g_strcmp0 (choice, "jsonl") == 0)
    format = ISC_LOGS_FORMAT_JSON_LINES;
  if (!isc_logs_page_write_lines (self, file, format, &error))
    {
      /* Translators: a toast when the log lines could not be written */
      g_autofree char *message = g_strdup_printf (_("Could not export the lines: %s"), error->message);

      isc_export_show_error (GTK_WIDGET (self), message);
    }
}

#if GTK_CHECK_VERSION (4, 10, 0)
static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(IscLogsPage) self = user_data;
  g_autoptr(GFile) file = NULL;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* newer than the pinned 4.8 */
  file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (object), result, NULL);
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (file != NULL)
    export_chosen (self, file, NULL);
}
#else
static void
chooser_response_cb (IscLogsPage          *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        export_chosen (self, file, gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "format"));
    }
  g_clear_object (&self->chooser);
}
#endif

/* The same file chooser as the charts' Export: the portal's where there
 * is one; ".jsonl" names JSON Lines. */
static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  IscLogsPage *self = ISC_LOGS_PAGE (widget);
  GtkWindow *parent = GTK_WINDOW (gtk_widget_get_root (widget));
  g_autofree char *name = NULL;
  const IscTarget *target = NULL;

  if (self->log_view != NULL)
    target = isc_view_get_target (isc_log_view_get_view (self->log_view));
  if (target != NULL)
    {
      g_autofree char *title = isc_target_dup_title (target);

      g_strdelimit (title, "/\\:", '-');
      name = g_strdup_printf ("%s.log", title);
    }
  else
    name = g_strdup ("logs.log");

#if GTK_CHECK_VERSION (4, 10, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  {
    g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();

    gtk_file_dialog_set_title (dialog, _("Export Lines"));
    gtk_file_dialog_set_initial_name (dialog, name);
    gtk_file_dialog_save (dialog, parent, NULL, save_cb, g_object_ref (self));
  }
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  {
    static const char *options[] = { "text", "jsonl", NULL };
    const char *labels[] = { _("Plain text"), _("JSON Lines"), NULL };

    g_clear_object (&self->chooser);
    self->chooser = gtk_file_chooser_native_new (_("Export Lines"), parent,
                                                 GTK_FILE_CHOOSER_ACTION_SAVE,
                                                 _("_Export"), _("_Cancel"));
    gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
    gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (self->chooser), "format", _("Format"),
                                 options, (const char **) labels);
    gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (self->chooser), "format", "text");
    g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self, G_CONNECT_SWAPPED);
    gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
  }
#endif
}

/* GObject */

static void
isc_logs_page_dispose (GObject *object)
{
  IscLogsPage *self = (IscLogsPage *) object;

  g_clear_handle_id (&self->narrow_idle_id, g_source_remove);
  if (self->scroll_tick_id != 0 && self->list_view != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list_view), self->scroll_tick_id);
  self->scroll_tick_id = 0;
  if (self->log_signals != NULL)
    g_signal_group_set_target (self->log_signals, NULL);
  if (self->view_signals != NULL)
    g_signal_group_set_target (self->view_signals, NULL);
  g_clear_object (&self->view_signals);
  g_clear_object (&self->moment_line);
  if (self->log_bindings != NULL)
    g_binding_group_set_source (self->log_bindings, NULL);
  g_clear_object (&self->log_signals);
  g_clear_object (&self->log_bindings);
  g_clear_object (&self->log_view);
#if !GTK_CHECK_VERSION (4, 10, 0)
  g_clear_object (&self->chooser);
#endif
  if (self->line_popover != NULL)
    {
      gtk_widget_unparent (self->line_popover);
      self->line_popover = NULL;
    }

  G_OBJECT_CLASS (isc_logs_page_parent_class)->dispose (object);
}

static void
isc_logs_page_finalize (GObject *object)
{
  IscLogsPage *self = (IscLogsPage *) object;

  g_clear_object (&self->selection);
  g_clear_pointer (&self->zone, g_time_zone_unref);

  G_OBJECT_CLASS (isc_logs_page_parent_class)->finalize (object);
}

static void
isc_logs_page_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  IscLogsPage *self = ISC_LOGS_PAGE (object);

  switch (prop_id)
    {
    case PROP_LOG_VIEW:
      g_value_set_object (value, self->log_view);
      break;

    case PROP_USE_UTC:
      g_value_set_boolean (value, self->use_utc);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_logs_page_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  IscLogsPage *self = ISC_LOGS_PAGE (object);

  switch (prop_id)
    {
    case PROP_LOG_VIEW:
      isc_logs_page_set_log_view (self, g_value_get_object (value));
      break;

    case PROP_USE_UTC:
      isc_logs_page_set_use_utc (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_logs_page_class_init (IscLogsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isc_logs_page_dispose;
  object_class->finalize = isc_logs_page_finalize;
  object_class->get_property = isc_logs_page_get_property;
  object_class->set_property = isc_logs_page_set_property;

  properties[PROP_LOG_VIEW] =
    g_param_spec_object ("log-view", NULL, NULL, ISC_TYPE_LOG_VIEW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_USE_UTC] =
    g_param_spec_boolean ("use-utc", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "logs.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "logs.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "logs.load-earlier", NULL, load_earlier_action);
  gtk_widget_class_install_action (widget_class, "logs.reload", NULL, reload_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "logs.copy", NULL);
}

static GtkWidget *
new_filter_entry (const char *placeholder,
                  const char *name)
{
  GtkWidget *entry = gtk_search_entry_new ();

  g_object_set (entry, "placeholder-text", placeholder, NULL);
  gtk_widget_set_hexpand (entry, TRUE);
  isc_accessible_set_name (entry, name);
  return entry;
}

static GtkWidget *
new_button (const char *label,
            const char *action_name)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action_name);
  isc_accessible_set_name_from_mnemonic (button, label);
  return button;
}

static GtkWidget *
new_icon_button (const char *icon_name,
                 const char *name,
                 const char *action_name)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action_name);
  gtk_widget_set_tooltip_text (button, name);
  isc_accessible_set_name (button, name);
  return button;
}

static void
isc_logs_page_init (IscLogsPage *self)
{
  const char *levels[] = {
    _("All Levels"),
    _("Debug and Above"),
    _("Info and Above"),
    _("Warnings and Errors"),
    _("Errors Only"),
    NULL,
  };
  GtkListItemFactory *factory;
  GtkWidget *box, *filters, *row, *tools, *spacer, *loading, *popover_box, *popover_scrolled;
  GtkAdjustment *vadjustment;

  self->at_bottom = TRUE;
  self->pending_scroll = G_MAXUINT;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  /* The filters: two rows that fit 360 px. */
  filters = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_top (filters, 12);
  gtk_widget_set_margin_start (filters, 12);
  gtk_widget_set_margin_end (filters, 12);
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->search_entry = new_filter_entry (_("Search the lines"), _("Search Pattern"));
  self->level_dropdown = gtk_drop_down_new_from_strings (levels);
  isc_accessible_set_name (self->level_dropdown, _("Minimum Level"));
  /* GTK 4.8 reads the drop-down's own button by its type. */
  for (GtkWidget *child = gtk_widget_get_first_child (self->level_dropdown);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      isc_accessible_set_name (child, _("Minimum Level"));
  /* No tooltip: its items say what they keep ("Warnings and Errors"),
   * and one showed over the open list's first item at 360 px. */
  gtk_box_append (GTK_BOX (row), self->search_entry);
  gtk_box_append (GTK_BOX (row), self->level_dropdown);
  gtk_box_append (GTK_BOX (filters), row);

  self->search_message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->search_message, TRUE);
  gtk_label_set_wrap_mode (self->search_message, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (self->search_message, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->search_message), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->search_message), FALSE);
  gtk_box_append (GTK_BOX (filters), GTK_WIDGET (self->search_message));
  /* The search field is described by what is said of its pattern. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->search_message, NULL,
                                  -1);

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->replica_entry = new_filter_entry (_("Replica"), _("Replica"));
  self->request_entry = new_filter_entry (_("Request ID"), _("Request ID"));
  gtk_box_append (GTK_BOX (row), self->replica_entry);
  gtk_box_append (GTK_BOX (row), self->request_entry);
  gtk_box_append (GTK_BOX (filters), row);
  gtk_box_append (GTK_BOX (box), filters);

  /* Follow, Load Earlier, Copy Lines, Export Lines… */
  tools = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (tools, 12);
  gtk_widget_set_margin_end (tools, 12);
  self->follow_button = gtk_toggle_button_new_with_mnemonic (_("_Follow"));
  isc_accessible_set_name_from_mnemonic (self->follow_button, _("_Follow"));
  self->earlier_button = new_button (_("Load _Earlier"), "logs.load-earlier");
  gtk_box_append (GTK_BOX (tools), self->follow_button);
  gtk_box_append (GTK_BOX (tools), self->earlier_button);
  spacer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_hexpand (spacer, TRUE);
  gtk_box_append (GTK_BOX (tools), spacer);
  gtk_box_append (GTK_BOX (tools), new_icon_button ("edit-copy-symbolic", _("Copy Lines"), "logs.copy"));
  gtk_box_append (GTK_BOX (tools), new_icon_button ("document-save-as-symbolic", _("Export Lines…"), "logs.export"));
  gtk_box_append (GTK_BOX (box), tools);

  self->notice = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->notice, TRUE);
  gtk_label_set_xalign (self->notice, 0);
  gtk_widget_set_margin_start (GTK_WIDGET (self->notice), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->notice), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self->notice), "warning");
  gtk_widget_set_visible (GTK_WIDGET (self->notice), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->notice));

  /* The lines: recycled rows, never a widget per line. */
  self->selection = gtk_multi_selection_new (NULL);
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_object (factory, "setup", G_CALLBACK (setup_cb), self, 0);
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_cb), self, 0);
  self->list_view = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection)), factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->list_view), "log-lines");
  isc_accessible_set_name (GTK_WIDGET (self->list_view), _("Log Lines"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_view),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Enter shows the whole line; Control+C copies the selected lines"),
                                  -1);
  g_signal_connect_object (self->list_view, "activate", G_CALLBACK (activate_cb), self, G_CONNECT_SWAPPED);
  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->list_view));
  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scrolled)), "changed",
                           G_CALLBACK (hadjustment_changed_cb), self, G_CONNECT_SWAPPED);
  vadjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  g_signal_connect_object (vadjustment, "value-changed", G_CALLBACK (vadjustment_changed_cb), self, G_CONNECT_SWAPPED);

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_stack_add_named (self->stack, self->scrolled, "lines");
#if ADW_CHECK_VERSION (1, 6, 0)
  self->spinner = adw_spinner_new ();
#else
  self->spinner = gtk_spinner_new ();
#endif
  gtk_widget_set_size_request (GTK_WIDGET (self->spinner), 32, 32);
  loading = gtk_center_box_new ();
  gtk_center_box_set_center_widget (GTK_CENTER_BOX (loading), GTK_WIDGET (self->spinner));
  isc_accessible_set_name (GTK_WIDGET (self->spinner), _("Loading Lines"));
  gtk_stack_add_named (self->stack, loading, "loading");
  self->status_page = ADW_STATUS_PAGE (adw_status_page_new ());
  self->status_retry = new_button (_("_Retry"), "logs.reload");
  gtk_widget_set_halign (self->status_retry, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->status_retry, "pill");
  adw_status_page_set_child (self->status_page, self->status_retry);
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->status_page), "status");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));

  /* The whole of a line. */
  self->line_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_selectable (self->line_label, TRUE);
  gtk_label_set_wrap (self->line_label, TRUE);
  gtk_label_set_wrap_mode (self->line_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (self->line_label, 0);
  /* As wide as a terminal, at most: a wrapped line reads down. */
  gtk_label_set_width_chars (self->line_label, 40);
  gtk_label_set_max_width_chars (self->line_label, 100);
  gtk_widget_add_css_class (GTK_WIDGET (self->line_label), "monospace");
  self->line_cut = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->line_cut, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->line_cut), "dim-label");
  popover_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (popover_box), GTK_WIDGET (self->line_label));
  gtk_box_append (GTK_BOX (popover_box), GTK_WIDGET (self->line_cut));
  popover_scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (popover_scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (popover_scrolled), TRUE);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (popover_scrolled), TRUE);
  gtk_scrolled_window_set_max_content_width (GTK_SCROLLED_WINDOW (popover_scrolled), 640);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (popover_scrolled), 400);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (popover_scrolled), popover_box);
  self->line_popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (self->line_popover), popover_scrolled);
  gtk_widget_set_parent (self->line_popover, GTK_WIDGET (self->list_view));

  adw_bin_set_child (ADW_BIN (self), box);

  g_signal_connect_object (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->replica_entry, "search-changed", G_CALLBACK (search_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->request_entry, "search-changed", G_CALLBACK (search_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->level_dropdown, "notify::selected", G_CALLBACK (level_selected_cb), self, G_CONNECT_SWAPPED);

  self->log_signals = g_signal_group_new (ISC_TYPE_LOG_VIEW);
  g_signal_group_connect_swapped (self->log_signals, "notify::state", G_CALLBACK (state_changed_cb), self);
  g_signal_group_connect_swapped (self->log_signals, "notify::error", G_CALLBACK (error_changed_cb), self);
  g_signal_group_connect_swapped (self->log_signals, "notify::search-error", G_CALLBACK (error_changed_cb), self);
  g_signal_group_connect_swapped (self->log_signals, "notify::dropped", G_CALLBACK (dropped_changed_cb), self);
  g_signal_group_connect_swapped (self->log_signals, "notify::can-load-earlier", G_CALLBACK (can_load_earlier_cb), self);
  g_signal_group_connect_swapped (self->log_signals, "notify::can-follow", G_CALLBACK (can_follow_cb), self);
  g_signal_group_connect_swapped (self->log_signals, "notify::following", G_CALLBACK (following_changed_cb), self);
  self->view_signals = g_signal_group_new (ISC_TYPE_VIEW);
  g_signal_group_connect_swapped (self->view_signals, "notify::cursor-time", G_CALLBACK (update_moment), self);
  self->log_bindings = g_binding_group_new ();
  g_binding_group_bind (self->log_bindings, "following", self->follow_button, "active",
                        G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "logs.copy", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "logs.load-earlier", FALSE);
  update_state (self);
  can_follow_cb (self);
}

GtkWidget *
isc_logs_page_new (void)
{
  return g_object_new (ISC_TYPE_LOGS_PAGE, NULL);
}

IscLogView *
isc_logs_page_get_log_view (IscLogsPage *self)
{
  g_return_val_if_fail (ISC_IS_LOGS_PAGE (self), NULL);
  return self->log_view;
}

void
isc_logs_page_set_log_view (IscLogsPage *self,
                            IscLogView  *log_view)
{
  GListModel *lines = NULL;

  g_return_if_fail (ISC_IS_LOGS_PAGE (self));
  g_return_if_fail (log_view == NULL || ISC_IS_LOG_VIEW (log_view));

  if (self->log_view == log_view)
    return;

  if (self->log_view != NULL)
    g_signal_handlers_disconnect_by_func (isc_log_view_get_lines (self->log_view), lines_changed_cb, self);
  g_set_object (&self->log_view, log_view);
  if (log_view != NULL)
    {
      lines = isc_log_view_get_lines (log_view);
      g_signal_connect_object (lines, "items-changed", G_CALLBACK (lines_changed_cb), self, G_CONNECT_SWAPPED);
    }
  gtk_multi_selection_set_model (self->selection, lines);
  g_signal_group_set_target (self->log_signals, log_view);
  g_signal_group_set_target (self->view_signals, log_view != NULL ? isc_log_view_get_view (log_view) : NULL);
  g_binding_group_set_source (self->log_bindings, log_view);
  update_moment (self);

  filters_from_view (self);
  error_changed_cb (self);
  dropped_changed_cb (self);
  can_load_earlier_cb (self);
  can_follow_cb (self);
  update_state (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOG_VIEW]);
}

gboolean
isc_logs_page_get_use_utc (IscLogsPage *self)
{
  g_return_val_if_fail (ISC_IS_LOGS_PAGE (self), FALSE);
  return self->use_utc;
}

void
isc_logs_page_set_use_utc (IscLogsPage *self,
                           gboolean     use_utc)
{
  g_return_if_fail (ISC_IS_LOGS_PAGE (self));

  use_utc = !!use_utc;
  if (self->use_utc == use_utc)
    return;
  self->use_utc = use_utc;
  g_clear_pointer (&self->zone, g_time_zone_unref);
  if (use_utc)
    self->zone = g_time_zone_new_utc ();
  foreach_row (self, rebind_row);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USE_UTC]);
}

GtkListView *
isc_logs_page_get_list_view (IscLogsPage *self)
{
  g_return_val_if_fail (ISC_IS_LOGS_PAGE (self), NULL);
  return self->list_view;
}

GtkSelectionModel *
isc_logs_page_get_selection (IscLogsPage *self)
{
  g_return_val_if_fail (ISC_IS_LOGS_PAGE (self), NULL);
  return GTK_SELECTION_MODEL (self->selection);
}

const char *
isc_logs_page_get_search_message (IscLogsPage *self)
{
  g_return_val_if_fail (ISC_IS_LOGS_PAGE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->search_message)) ? gtk_label_get_text (self->search_message) : NULL;
}

const char *
isc_logs_page_get_notice (IscLogsPage *self)
{
  g_return_val_if_fail (ISC_IS_LOGS_PAGE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->notice)) ? gtk_label_get_text (self->notice) : NULL;
}

const char *
isc_logs_page_get_status_title (IscLogsPage *self)
{
  g_return_val_if_fail (ISC_IS_LOGS_PAGE (self), NULL);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "status") != 0)
    return NULL;
  return adw_status_page_get_title (self->status_page);
}
