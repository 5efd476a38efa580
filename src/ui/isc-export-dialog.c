/* isc-export-dialog.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-export-dialog"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-chart-view.h"
#include "isc-csv.h"
#include "isc-export-dialog.h"
#include "isc-window.h"

#define DEFAULT_WIDTH  1200
#define DEFAULT_HEIGHT 600

#if ADW_CHECK_VERSION (1, 5, 0)
# define ISC_EXPORT_AS_DIALOG 1
#else
# define ISC_EXPORT_AS_DIALOG 0
#endif

struct _IscExportDialog
{
#if ISC_EXPORT_AS_DIALOG
  AdwDialog           parent_instance;
#else
  AdwWindow           parent_instance;
#endif

  /* Widgets */
  AdwComboRow        *format_row;
  GtkSpinButton      *width_spin;
  GtkSpinButton      *height_spin;
  GtkSpinButton      *scale_spin;
  AdwComboRow        *theme_row;
  GtkWidget          *image_group;

  /* Owned references */
  GPtrArray          *models;      /* IscChartModel, one per chart */
  GArray             *use_utc;     /* gboolean per chart */
  IscMetricsResponse *response;
  char               *metric_name; /* one chart: its metric, for CSV */
  char               *title;       /* the file name's stem */
  char               *context_model;
  char               *context_target;
  char               *context_range;
  GTimeZone          *context_zone;
  gint64              context_made_at_ms;
  gboolean            has_context;
  guint               columns;
  GtkWindow          *parent;      /* weak */
#if !GTK_CHECK_VERSION (4, 10, 0)
  GtkFileChooserNative *chooser;
#endif
};

/* An AdwDialog where libadwaita has it (1.5), inside the window; a modal
 * window before. */
#if ISC_EXPORT_AS_DIALOG
G_DEFINE_FINAL_TYPE (IscExportDialog, isc_export_dialog, ADW_TYPE_DIALOG)
#else
G_DEFINE_FINAL_TYPE (IscExportDialog, isc_export_dialog, ADW_TYPE_WINDOW)
#endif

static void
set_title (IscExportDialog *self,
           const char      *title)
{
#if ISC_EXPORT_AS_DIALOG
  adw_dialog_set_title (ADW_DIALOG (self), title);
#else
  gtk_window_set_title (GTK_WINDOW (self), title);
#endif
}

/* The window the file chooser goes over: the dialog's own, or the one
 * it is inside. */
static GtkWindow *
chooser_parent (IscExportDialog *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return root != NULL && GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : self->parent;
}

static const struct {
  const char            *extension;
  IscExportDialogFormat  format;
} formats[] = {
  { "png", ISC_EXPORT_DIALOG_FORMAT_PNG },
  { "svg", ISC_EXPORT_DIALOG_FORMAT_SVG },
  { "pdf", ISC_EXPORT_DIALOG_FORMAT_PDF },
  { "csv", ISC_EXPORT_DIALOG_FORMAT_CSV },
};

gboolean
isc_export_format_from_name (const char            *name,
                             IscExportDialogFormat *format)
{
  const char *dot;

  g_return_val_if_fail (name != NULL, FALSE);

  dot = strrchr (name, '.');
  if (dot == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      if (g_ascii_strcasecmp (dot + 1, formats[i].extension) == 0)
        {
          if (format != NULL)
            *format = formats[i].format;
          return TRUE;
        }
    }
  return FALSE;
}

static const char *
format_extension (IscExportDialogFormat format)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (formats[i].format == format)
      return formats[i].extension;
  return "png";
}

/* Copy Data: the CSV's header is parsed as RFC 4180 (a series' labels may
 * hold commas or quotes); the rows are times and numbers, never quoted. */
static GPtrArray *
split_header (const char  *csv,
              const char **rest)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
  GString *cell = g_string_new (NULL);
  gboolean quoted = FALSE;
  const char *p = csv;

  for (; *p != '\0'; p++)
    {
      if (quoted)
        {
          if (*p == '"' && p[1] == '"')
            {
              g_string_append_c (cell, '"');
              p++;
            }
          else if (*p == '"')
            quoted = FALSE;
          else
            g_string_append_c (cell, *p);
        }
      else if (*p == '"')
        quoted = TRUE;
      else if (*p == ',')
        {
          g_ptr_array_add (cells, g_string_free (cell, FALSE));
          cell = g_string_new (NULL);
        }
      else if (*p == '\r' || *p == '\n')
        break;
      else
        g_string_append_c (cell, *p);
    }
  g_ptr_array_add (cells, g_string_free (cell, FALSE));
  if (*p == '\r')
    p++;
  if (*p == '\n')
    p++;
  *rest = p;
  return cells;
}

/* The cells of @line (up to its end) in @keep, joined by commas. */
static void
append_kept (GString       *out,
             const char    *line,
             gsize          length,
             const gboolean *keep,
             guint          n_keep)
{
  guint column = 0;
  gboolean first = TRUE;
  const char *start = line;
  const char *end = line + length;

  for (const char *p = line; p <= end; p++)
    {
      if (p == end || *p == ',')
        {
          if (column < n_keep && keep[column])
            {
              if (!first)
                g_string_append_c (out, ',');
              g_string_append_len (out, start, p - start);
              first = FALSE;
            }
          column++;
          start = p + 1;
        }
    }
  g_string_append (out, "\r\n");
}

char *
isc_export_dup_metric_csv (IscMetricsResponse *response,
                           const char         *metric_name)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *csv = NULL;
  g_autoptr(GPtrArray) header = NULL;
  g_autofree gboolean *keep = NULL;
  g_autofree char *prefix = NULL;
  const char *rest = NULL;
  GString *out;
  gsize size = 0;
  const char *data;

  g_return_val_if_fail (response != NULL, NULL);
  g_return_val_if_fail (metric_name != NULL, NULL);

  bytes = isc_csv_from_response (response);
  data = g_bytes_get_data (bytes, &size);
  csv = g_strndup (data, size);
  header = split_header (csv, &rest);
  keep = g_new0 (gboolean, header->len);
  prefix = g_strconcat (metric_name, "{", NULL);

  out = g_string_new (NULL);
  /* The header again, as isc-csv writes it: the kept names re-quoted the
   * same way, which is the text they had. */
  {
    const char *p = csv;
    guint column = 0;
    gboolean quoted = FALSE;
    const char *start = csv;
    gboolean first = TRUE;

    for (guint i = 0; i < header->len; i++)
      {
        const char *name = g_ptr_array_index (header, i);

        keep[i] = i < 2 || strcmp (name, metric_name) == 0 || g_str_has_prefix (name, prefix);
      }

    for (; p <= rest; p++)
      {
        gboolean at_end = p == rest || (!quoted && (*p == '\r' || *p == '\n'));

        if (p < rest && *p == '"')
          quoted = !quoted;
        if (at_end || (!quoted && *p == ','))
          {
            if (column < header->len && keep[column])
              {
                if (!first)
                  g_string_append_c (out, ',');
                g_string_append_len (out, start, p - start);
                first = FALSE;
              }
            column++;
            start = p + 1;
            if (at_end)
              break;
          }
      }
    g_string_append (out, "\r\n");
  }

  while (*rest != '\0')
    {
      const char *eol = strchr (rest, '\n');
      gsize length = eol != NULL ? (gsize) (eol - rest) : strlen (rest);
      gsize cell_length = length;

      if (cell_length > 0 && rest[cell_length - 1] == '\r')
        cell_length--;
      if (cell_length > 0)
        append_kept (out, rest, cell_length, keep, header->len);
      rest += length + (eol != NULL ? 1 : 0);
    }

  return g_string_free (out, FALSE);
}

void
isc_export_show_error (GtkWidget  *widget,
                       const char *message)
{
  GtkRoot *root;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (ISC_IS_EXPORT_DIALOG (widget) && ISC_EXPORT_DIALOG (widget)->parent != NULL)
    widget = GTK_WIDGET (ISC_EXPORT_DIALOG (widget)->parent);
  root = gtk_widget_get_root (widget);
  if (root != NULL && ISC_IS_WINDOW (root))
    isc_window_add_toast (ISC_WINDOW (root), message);
  else
    g_warning ("%s", message);
}

/* Settings ***************************************************************/

IscExportDialogFormat
isc_export_dialog_get_format (IscExportDialog *self)
{
  g_return_val_if_fail (ISC_IS_EXPORT_DIALOG (self), ISC_EXPORT_DIALOG_FORMAT_PNG);
  return (IscExportDialogFormat) adw_combo_row_get_selected (self->format_row);
}

void
isc_export_dialog_set_format (IscExportDialog       *self,
                              IscExportDialogFormat  format)
{
  g_return_if_fail (ISC_IS_EXPORT_DIALOG (self));
  g_return_if_fail (format <= ISC_EXPORT_DIALOG_FORMAT_CSV);
  adw_combo_row_set_selected (self->format_row, format);
}

void
isc_export_dialog_get_size (IscExportDialog *self,
                            int             *width,
                            int             *height)
{
  g_return_if_fail (ISC_IS_EXPORT_DIALOG (self));
  if (width != NULL)
    *width = gtk_spin_button_get_value_as_int (self->width_spin);
  if (height != NULL)
    *height = gtk_spin_button_get_value_as_int (self->height_spin);
}

void
isc_export_dialog_set_size (IscExportDialog *self,
                            int              width,
                            int              height)
{
  g_return_if_fail (ISC_IS_EXPORT_DIALOG (self));
  gtk_spin_button_set_value (self->width_spin, width);
  gtk_spin_button_set_value (self->height_spin, height);
}

double
isc_export_dialog_get_scale (IscExportDialog *self)
{
  g_return_val_if_fail (ISC_IS_EXPORT_DIALOG (self), 1);
  return gtk_spin_button_get_value (self->scale_spin);
}

void
isc_export_dialog_set_scale (IscExportDialog *self,
                             double           scale)
{
  g_return_if_fail (ISC_IS_EXPORT_DIALOG (self));
  gtk_spin_button_set_value (self->scale_spin, scale);
}

IscChartTheme
isc_export_dialog_get_theme (IscExportDialog *self)
{
  g_return_val_if_fail (ISC_IS_EXPORT_DIALOG (self), ISC_CHART_THEME_LIGHT);
  return adw_combo_row_get_selected (self->theme_row) == 1 ? ISC_CHART_THEME_DARK : ISC_CHART_THEME_LIGHT;
}

void
isc_export_dialog_set_theme (IscExportDialog *self,
                             IscChartTheme    theme)
{
  g_return_if_fail (ISC_IS_EXPORT_DIALOG (self));
  adw_combo_row_set_selected (self->theme_row, theme == ISC_CHART_THEME_DARK ? 1 : 0);
}

/* Writing ****************************************************************/

static gboolean
write_csv (IscExportDialog  *self,
           const char       *path,
           GError          **error)
{
  g_autoptr(GBytes) bytes = NULL;
  const char *data;
  gsize length = 0;

  if (self->metric_name != NULL)
    {
      char *csv = isc_export_dup_metric_csv (self->response, self->metric_name);

      bytes = g_bytes_new_take (csv, strlen (csv));
    }
  else
    bytes = isc_csv_from_response (self->response);

  data = g_bytes_get_data (bytes, &length);
  /* As `inferscope export` writes: beside, then renamed over. */
  return g_file_set_contents_full (path, data, length,
                                   G_FILE_SET_CONTENTS_CONSISTENT,
                                   0666, error);
}

gboolean
isc_export_dialog_write (IscExportDialog  *self,
                         GFile            *file,
                         GError          **error)
{
  g_autofree char *path = NULL;
  g_autofree char *basename = NULL;
  g_autoptr(GPtrArray) charts = NULL;
  g_autoptr(GTimeZone) utc = NULL;
  IscExportDialogFormat format;
  IscChartExportContext context = { 0 };
  const IscChartStyle *style;
  IscChartFormat chart_format;
  int width, height;

  g_return_val_if_fail (ISC_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("The chosen place is not a file on this computer"));
      return FALSE;
    }

  basename = g_file_get_basename (file);
  format = isc_export_dialog_get_format (self);
  isc_export_format_from_name (basename, &format);

  if (format == ISC_EXPORT_DIALOG_FORMAT_CSV)
    {
      if (self->response == NULL)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("There is no data to export"));
          return FALSE;
        }
      return write_csv (self, path, error);
    }

  if (self->models->len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("There are no charts to export"));
      return FALSE;
    }

  switch (format)
    {
    case ISC_EXPORT_DIALOG_FORMAT_SVG:
      chart_format = ISC_CHART_FORMAT_SVG;
      break;
    case ISC_EXPORT_DIALOG_FORMAT_PDF:
      chart_format = ISC_CHART_FORMAT_PDF;
      break;
    case ISC_EXPORT_DIALOG_FORMAT_PNG:
    case ISC_EXPORT_DIALOG_FORMAT_CSV:
    default:
      chart_format = ISC_CHART_FORMAT_PNG;
      break;
    }

  /* The window's models, drawn afresh in the theme chosen: the views'
   * own charts keep their style and their place in the page's grid. */
  style = isc_chart_style_get_default (isc_export_dialog_get_theme (self));
  utc = g_time_zone_new_utc ();
  charts = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < self->models->len; i++)
    {
      IscChart *chart = isc_chart_new (g_ptr_array_index (self->models, i));

      isc_chart_set_style (chart, style);
      isc_chart_set_time_zone (chart, g_array_index (self->use_utc, gboolean, i) ? utc : NULL);
      g_ptr_array_add (charts, chart);
    }

  context.model = self->context_model;
  context.target = self->context_target;
  context.range = self->context_range;
  context.time_zone = self->context_zone;
  context.made_at_ms = self->context_made_at_ms;

  isc_export_dialog_get_size (self, &width, &height);
  return isc_chart_export_to_file_with_context ((IscChart * const *) charts->pdata, charts->len,
                                                charts->len == 1 ? 1 : MAX (self->columns, 1),
                                                chart_format, width, height,
                                                isc_export_dialog_get_scale (self),
                                                self->has_context ? &context : NULL,
                                                path, error);
}

/* The file chooser ********************************************************/

gboolean
isc_export_dialog_export_to (IscExportDialog *self,
                             GFile           *file)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (ISC_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!isc_export_dialog_write (self, file, &error))
    {
      /* Translators: %s is the reason, e.g. "No such file or directory" */
      g_autofree char *message = g_strdup_printf (_("Could not export: %s"), error->message);

      isc_export_show_error (GTK_WIDGET (self), message);
      return FALSE;
    }
  isc_export_dialog_close (self);
  return TRUE;
}

static void
chosen (IscExportDialog *self,
        GFile           *file)
{
  isc_export_dialog_export_to (self, file);
}

static char *
dup_initial_name (IscExportDialog *self)
{
  g_autofree char *stem = g_strdup (self->title != NULL ? self->title : _("Charts"));

  g_strdelimit (stem, "/\\:", '-');
  return g_strdup_printf ("%s.%s", stem, format_extension (isc_export_dialog_get_format (self)));
}

#if GTK_CHECK_VERSION (4, 10, 0)
static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(IscExportDialog) self = user_data;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS  /* newer than the pinned 4.8 */
  file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (object), result, &error);
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (file != NULL)
    chosen (self, file);
}
#else
static void
chooser_response_cb (IscExportDialog      *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        chosen (self, file);
    }
  g_clear_object (&self->chooser);
}
#endif

static void
export_clicked_cb (IscExportDialog *self)
{
  g_autofree char *name = dup_initial_name (self);

#if GTK_CHECK_VERSION (4, 10, 0)
  /* Newer than the pinned 4.8, and only built where it exists. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();

  gtk_file_dialog_set_title (dialog, _("Export"));
  gtk_file_dialog_set_initial_name (dialog, name);
  gtk_file_dialog_save (dialog, chooser_parent (self), NULL, save_cb, g_object_ref (self));
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Export"), chooser_parent (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
#endif
}

static void
format_changed_cb (IscExportDialog *self)
{
  /* Size, scale and theme are an image's. */
  gtk_widget_set_sensitive (self->image_group,
                            isc_export_dialog_get_format (self) != ISC_EXPORT_DIALOG_FORMAT_CSV);
}

/* Building ***************************************************************/

static GtkSpinButton *
add_spin_row (AdwPreferencesGroup *group,
              const char          *title,
              double               lower,
              double               upper,
              double               step,
              guint                digits)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, step);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  isc_accessible_set_name_from_mnemonic (spin, title);
  adw_preferences_group_add (group, row);
  return GTK_SPIN_BUTTON (spin);
}

static AdwComboRow *
add_combo_row (AdwPreferencesGroup *group,
               const char          *title,
               const char * const  *items)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr(GtkStringList) list = gtk_string_list_new (items);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (list));
  adw_preferences_group_add (group, row);
  return ADW_COMBO_ROW (row);
}

static void
isc_export_dialog_dispose (GObject *object)
{
  IscExportDialog *self = (IscExportDialog *)object;

#if !GTK_CHECK_VERSION (4, 10, 0)
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
#endif
  g_clear_weak_pointer (&self->parent);

  G_OBJECT_CLASS (isc_export_dialog_parent_class)->dispose (object);
}

static void
isc_export_dialog_finalize (GObject *object)
{
  IscExportDialog *self = (IscExportDialog *)object;

  g_ptr_array_unref (self->models);
  g_array_unref (self->use_utc);
  g_clear_pointer (&self->response, isc_metrics_response_unref);
  g_free (self->metric_name);
  g_free (self->title);
  g_free (self->context_model);
  g_free (self->context_target);
  g_free (self->context_range);
  g_clear_pointer (&self->context_zone, g_time_zone_unref);

  G_OBJECT_CLASS (isc_export_dialog_parent_class)->finalize (object);
}

static void
isc_export_dialog_class_init (IscExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_export_dialog_dispose;
  object_class->finalize = isc_export_dialog_finalize;

#if !ISC_EXPORT_AS_DIALOG
  /* An AdwDialog closes with Escape itself. */
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
#endif
}

static void
isc_export_dialog_init (IscExportDialog *self)
{
  static const char *format_names[] = { "PNG", "SVG", "PDF", "CSV", NULL };
  const char *theme_names[] = { _("Light"), _("Dark"), NULL };
  GtkWidget *box, *header, *cancel, *export, *page, *clamp;
  AdwPreferencesGroup *group;

  self->models = g_ptr_array_new_with_free_func (g_object_unref);
  self->use_utc = g_array_new (FALSE, FALSE, sizeof (gboolean));
  self->columns = 1;

  set_title (self, _("Export"));
#if ISC_EXPORT_AS_DIALOG
  adw_dialog_set_content_width (ADW_DIALOG (self), 420);
#else
  isc_accessible_init_dialog (GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 420, -1);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
#endif

  header = adw_header_bar_new ();
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  isc_accessible_set_name_from_mnemonic (cancel, _("_Cancel"));
  g_signal_connect_object (cancel, "clicked", G_CALLBACK (isc_export_dialog_close), self, G_CONNECT_SWAPPED);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  export = gtk_button_new_with_mnemonic (_("_Export…"));
  isc_accessible_set_name_from_mnemonic (export, _("_Export…"));
  gtk_widget_add_css_class (export, "suggested-action");
  g_signal_connect_object (export, "clicked", G_CALLBACK (export_clicked_cb), self, G_CONNECT_SWAPPED);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), export);

  page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_margin_top (page, 18);
  gtk_widget_set_margin_bottom (page, 18);
  gtk_widget_set_margin_start (page, 12);
  gtk_widget_set_margin_end (page, 12);

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  self->format_row = add_combo_row (group, _("_Format"), format_names);
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (group));

  group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (group, _("Image"));
  adw_preferences_group_set_description (group, _("Each chart’s size, in pixels"));
  self->width_spin = add_spin_row (group, _("_Width"), 16, 16384, 10, 0);
  self->height_spin = add_spin_row (group, _("_Height"), 16, 16384, 10, 0);
  self->scale_spin = add_spin_row (group, _("_Scale"), 0.5, 4, 0.5, 1);
  self->theme_row = add_combo_row (group, _("_Theme"), theme_names);
  self->image_group = GTK_WIDGET (group);
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (group));

  clamp = adw_clamp_new ();
  adw_clamp_set_child (ADW_CLAMP (clamp), page);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_box_append (GTK_BOX (box), header);
  gtk_box_append (GTK_BOX (box), clamp);
#if ISC_EXPORT_AS_DIALOG
  adw_dialog_set_child (ADW_DIALOG (self), box);
#else
  adw_window_set_content (ADW_WINDOW (self), box);
#endif

  gtk_spin_button_set_value (self->width_spin, DEFAULT_WIDTH);
  gtk_spin_button_set_value (self->height_spin, DEFAULT_HEIGHT);
  gtk_spin_button_set_value (self->scale_spin, 1);
  g_signal_connect_object (self->format_row, "notify::selected", G_CALLBACK (format_changed_cb), self, G_CONNECT_SWAPPED);
}

IscExportDialog *
isc_export_dialog_new (GtkWindow                   *parent,
                       GtkWidget * const           *views,
                       guint                        n_views,
                       guint                        columns,
                       IscMetricsResponse          *response,
                       const IscChartExportContext *context)
{
  IscExportDialog *self;
  int width = 0, height = 0;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (views != NULL || n_views == 0, NULL);

  self = g_object_new (ISC_TYPE_EXPORT_DIALOG, NULL);
  if (parent != NULL)
    {
#if !ISC_EXPORT_AS_DIALOG
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
#endif
      g_set_weak_pointer (&self->parent, parent);
    }

  for (guint i = 0; i < n_views; i++)
    {
      IscChartView *view = ISC_CHART_VIEW (views[i]);
      IscChartModel *model = isc_chart_view_get_model (view);
      gboolean utc = isc_chart_view_get_use_utc (view);

      if (model == NULL)
        continue;
      g_ptr_array_add (self->models, g_object_ref (model));
      g_array_append_val (self->use_utc, utc);
      /* The cells are the size the charts have on screen. */
      if (width == 0 && gtk_widget_get_width (views[i]) >= 16 && gtk_widget_get_height (views[i]) >= 16)
        {
          width = gtk_widget_get_width (views[i]);
          height = gtk_widget_get_height (views[i]);
        }
    }
  if (width > 0)
    isc_export_dialog_set_size (self, width, height);
  if (parent != NULL && gtk_widget_get_scale_factor (GTK_WIDGET (parent)) > 1)
    isc_export_dialog_set_scale (self, gtk_widget_get_scale_factor (GTK_WIDGET (parent)));
  isc_export_dialog_set_theme (self, adw_style_manager_get_dark (adw_style_manager_get_default ())
                                       ? ISC_CHART_THEME_DARK : ISC_CHART_THEME_LIGHT);

  self->columns = MAX (columns, 1);
  if (response != NULL)
    self->response = isc_metrics_response_ref (response);
  if (self->models->len == 1)
    {
      IscChartModel *model = g_ptr_array_index (self->models, 0);

      self->metric_name = g_strdup (isc_chart_model_get_name (model));
      self->title = g_strdup (isc_chart_model_get_title (model));
      set_title (self, _("Export Chart"));
    }
  else
    set_title (self, _("Export Charts"));

  if (context != NULL)
    {
      self->has_context = TRUE;
      self->context_model = g_strdup (context->model);
      self->context_target = g_strdup (context->target);
      self->context_range = g_strdup (context->range);
      if (context->time_zone != NULL)
        self->context_zone = g_time_zone_ref (context->time_zone);
      self->context_made_at_ms = context->made_at_ms;
      if (self->title == NULL && context->model != NULL)
        self->title = g_strdup (context->model);
    }

  return self;
}

IscExportDialog *
isc_export_dialog_present_for_views (GtkWidget * const *views,
                                     guint              n_views,
                                     guint              columns)
{
  IscChartExportContext context = { 0 };
  g_autofree char *target_words = NULL;
  g_autofree char *range_words = NULL;
  g_autoptr(GTimeZone) zone = NULL;
  IscMetricsResponse *response = NULL;
  IscExportDialog *self;
  GtkRoot *root;

  g_return_val_if_fail (n_views > 0, NULL);

  root = gtk_widget_get_root (views[0]);
  for (guint i = 0; i < n_views && response == NULL; i++)
    {
      IscChartModel *model = isc_chart_view_get_model (ISC_CHART_VIEW (views[i]));

      if (model != NULL)
        response = isc_chart_model_get_response (model);
    }

  if (root != NULL && ISC_IS_WINDOW (root))
    {
      IscView *view = isc_window_get_view (ISC_WINDOW (root));
      const IscTarget *target = isc_view_get_target (view);

      /* The header says what the window says: the model, the deployment
       * or environment, the range as asked, the zone of the axes. */
      zone = isc_view_get_use_utc (view) ? g_time_zone_new_utc () : g_time_zone_new_local ();
      context.time_zone = zone;
      if (target != NULL)
        {
          context.model = target->model_name;
          if (target->kind == ISC_TARGET_ENVIRONMENT)
            /* Translators: the header of an exported image */
            target_words = g_strdup_printf (_("environment %s"), target->name);
          else
            /* Translators: the header of an exported image */
            target_words = g_strdup_printf (_("deployment %s"), target->name);
          context.target = target_words;
        }
      range_words = isc_time_range_describe_in_zone (isc_view_get_range (view),
                                                     g_get_real_time () / 1000, zone, FALSE);
      context.range = range_words;
    }

  self = isc_export_dialog_new (root != NULL && GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                views, n_views, columns, response, &context);
  isc_export_dialog_present (self);
  return self;
}

void
isc_export_dialog_present (IscExportDialog *self)
{
  g_return_if_fail (ISC_IS_EXPORT_DIALOG (self));

#if ISC_EXPORT_AS_DIALOG
  adw_dialog_present (ADW_DIALOG (self), self->parent != NULL ? GTK_WIDGET (self->parent) : NULL);
#else
  gtk_window_present (GTK_WINDOW (self));
#endif
}

void
isc_export_dialog_close (IscExportDialog *self)
{
  g_return_if_fail (ISC_IS_EXPORT_DIALOG (self));

#if ISC_EXPORT_AS_DIALOG
  adw_dialog_force_close (ADW_DIALOG (self));
#else
  gtk_window_destroy (GTK_WINDOW (self));
#endif
}
