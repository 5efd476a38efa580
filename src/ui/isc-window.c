/* isc-window.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-charts-page.h"
#include "isc-ui-resources.h"
#include "isc-window.h"

/* The main window: a header bar over a GtkStack. The stack holds one page
 * per thing the window can show; today only "empty", the status page shown
 * before any deployment is chosen. A view of metrics is one more page.
 *
 * Two display switches sit in the primary menu as check items: win.use-utc
 * and win.counters-as-totals. They are actions on the settings keys of the
 * same names, so they persist and every window follows them; the window
 * mirrors each key in a property of that name, which its charts page is
 * bound to.
 */
struct _IscWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  GtkStack             *stack;
  AdwStatusPage        *empty_page;
  AdwWindowTitle       *window_title;
  IscChartsPage        *charts_page;

  gboolean              state_loaded;

  /* Display switches */
  gboolean              use_utc;
  gboolean              counters_as_totals;
};

enum {
  PROP_0,
  PROP_USE_UTC,
  PROP_COUNTERS_AS_TOTALS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Each is a settings key, an action and a property of the same name. */
static const char * const switch_names[] = {
  "use-utc",
  "counters-as-totals",
};

G_DEFINE_FINAL_TYPE (IscWindow, isc_window, ADW_TYPE_APPLICATION_WINDOW)

static GSettings *
isc_window_get_settings (IscWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (!ISC_IS_APPLICATION (app))
    return NULL;

  return isc_application_get_settings (ISC_APPLICATION (app));
}

static void
isc_window_load_state (IscWindow *self)
{
  GSettings *settings = isc_window_get_settings (self);

  if (settings == NULL)
    return;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

/* The default size follows the person's resizing but not maximizing, so
 * it is the size to come back to when the window is restored. */
static void
isc_window_save_state (IscWindow *self)
{
  GSettings *settings = isc_window_get_settings (self);
  int width = 0;
  int height = 0;

  if (settings == NULL)
    return;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
  g_settings_set_boolean (settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
}

static gboolean
isc_window_close_request (GtkWindow *window)
{
  isc_window_save_state (ISC_WINDOW (window));

  return GTK_WINDOW_CLASS (isc_window_parent_class)->close_request (window);
}

/* With settings, the switches are the settings' own actions: flipping one
 * writes the key, and the key drives the property of every window. An
 * uninstalled build without the schema, or with an older compiled schema
 * that lacks a key (asking for it would abort), still gets working
 * switches, acting on this window's properties and not kept. */
static void
isc_window_add_switches (IscWindow *self)
{
  GSettings *settings = isc_window_get_settings (self);
  g_autoptr(GSettingsSchema) schema = NULL;

  if (settings != NULL)
    g_object_get (settings, "settings-schema", &schema, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (switch_names); i++)
    {
      g_autoptr(GAction) action = NULL;

      if (schema != NULL && g_settings_schema_has_key (schema, switch_names[i]))
        {
          action = g_settings_create_action (settings, switch_names[i]);
          g_settings_bind (settings, switch_names[i], self, switch_names[i], G_SETTINGS_BIND_GET);
        }
      else
        {
          g_debug ("No settings key %s: the switch is not kept", switch_names[i]);
          action = G_ACTION (g_property_action_new (switch_names[i], self, switch_names[i]));
        }

      g_action_map_add_action (G_ACTION_MAP (self), action);
    }
}

/* "application" is not a construct property, so it is set after
 * constructed (): the saved state is read once the application is known. */
static void
isc_window_notify_application (IscWindow  *self,
                               GParamSpec *pspec,
                               gpointer    user_data)
{
  if (self->state_loaded || gtk_window_get_application (GTK_WINDOW (self)) == NULL)
    return;

  self->state_loaded = TRUE;
  isc_window_load_state (self);
  isc_window_add_switches (self);
}

static void
isc_window_set_use_utc (IscWindow *self,
                        gboolean   use_utc)
{
  use_utc = !!use_utc;
  if (self->use_utc == use_utc)
    return;
  self->use_utc = use_utc;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USE_UTC]);
}

static void
isc_window_set_counters_as_totals (IscWindow *self,
                                   gboolean   counters_as_totals)
{
  counters_as_totals = !!counters_as_totals;
  if (self->counters_as_totals == counters_as_totals)
    return;
  self->counters_as_totals = counters_as_totals;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COUNTERS_AS_TOTALS]);
}

static void
isc_window_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  IscWindow *self = ISC_WINDOW (object);

  switch (prop_id)
    {
    case PROP_USE_UTC:
      g_value_set_boolean (value, self->use_utc);
      break;

    case PROP_COUNTERS_AS_TOTALS:
      g_value_set_boolean (value, self->counters_as_totals);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_window_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  IscWindow *self = ISC_WINDOW (object);

  switch (prop_id)
    {
    case PROP_USE_UTC:
      isc_window_set_use_utc (self, g_value_get_boolean (value));
      break;

    case PROP_COUNTERS_AS_TOTALS:
      isc_window_set_counters_as_totals (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_window_dispose (GObject *object)
{
  IscWindow *self = ISC_WINDOW (object);

  /* Seen with GTK 4.8: a settings action outlived its closed window, and
   * the next change of the key reported the action's state to that
   * window's freed action group (a critical). Take the actions and the
   * bindings away while the window is whole. */
  for (guint i = 0; i < G_N_ELEMENTS (switch_names); i++)
    {
      g_settings_unbind (self, switch_names[i]);
      g_action_map_remove_action (G_ACTION_MAP (self), switch_names[i]);
    }

  G_OBJECT_CLASS (isc_window_parent_class)->dispose (object);
}

static void
isc_window_class_init (IscWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = isc_window_dispose;
  object_class->get_property = isc_window_get_property;
  object_class->set_property = isc_window_set_property;

  window_class->close_request = isc_window_close_request;

  /* Times in UTC rather than local time, in every chart of the window. */
  properties[PROP_USE_UTC] =
    g_param_spec_boolean ("use-utc", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* COUNTER metrics as each step's total rather than a rate. */
  properties[PROP_COUNTERS_AS_TOTALS] =
    g_param_spec_boolean ("counters-as-totals", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The resources live in a static library: referring to them links them
   * in, and their constructor registers them. */
  if (G_UNLIKELY (isc_ui_get_resource () == NULL))
    g_critical ("Inferscope's UI resources are missing");

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/inferscope/Inferscope/isc-window.ui");
  gtk_widget_class_bind_template_child (widget_class, IscWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, IscWindow, window_title);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
isc_window_init (IscWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_object_bind_property (self, "title", self->window_title, "title", G_BINDING_SYNC_CREATE);

  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");

  g_signal_connect (self, "notify::application",
                    G_CALLBACK (isc_window_notify_application), NULL);
}

IscWindow *
isc_window_new (IscApplication *application)
{
  return g_object_new (ISC_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

void
isc_window_show_charts (IscWindow      *self,
                        IscClient      *client,
                        const IscQuery *query)
{
  g_return_if_fail (ISC_IS_WINDOW (self));

  if (self->charts_page == NULL)
    {
      self->charts_page = ISC_CHARTS_PAGE (isc_charts_page_new ());
      for (guint i = 0; i < G_N_ELEMENTS (switch_names); i++)
        g_object_bind_property (self, switch_names[i], self->charts_page, switch_names[i],
                                G_BINDING_SYNC_CREATE);
      gtk_stack_add_named (self->stack, GTK_WIDGET (self->charts_page), "charts");
    }

  isc_charts_page_load (self->charts_page, client, query);
  gtk_stack_set_visible_child_name (self->stack, "charts");
}

void
isc_window_set_subtitle (IscWindow  *self,
                         const char *subtitle)
{
  g_return_if_fail (ISC_IS_WINDOW (self));

  adw_window_title_set_subtitle (self->window_title, subtitle);
}
