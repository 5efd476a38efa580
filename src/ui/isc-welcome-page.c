/* isc-welcome-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-welcome-page"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-welcome-page.h"
#include "isc-message-label.h"
#include "isc-ui-resources.h"

/* A status page with the app's icon, a sentence on what the app does and
 * that Baseten does not make it, and the two ways in as pill buttons. The
 * buttons only name actions; the window decides what they do, so the page
 * works in any window that installs them. */
struct _IscWelcomePage
{
  AdwBin         parent_instance;

  /* Template widgets */
  AdwStatusPage *status_page;
  GtkLabel      *message_label;
  GtkButton     *connect_button;
  GtkButton     *demo_button;
};

enum {
  PROP_0,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* No gtk_widget_dispose_template(): the status page is the bin's child,
 * and AdwBin unparents it itself. */
G_DEFINE_FINAL_TYPE (IscWelcomePage, isc_welcome_page, ADW_TYPE_BIN)

static void
isc_welcome_page_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  IscWelcomePage *self = ISC_WELCOME_PAGE (object);

  switch (prop_id)
    {
    case PROP_MESSAGE:
      g_value_set_string (value, isc_welcome_page_get_message (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_welcome_page_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  IscWelcomePage *self = ISC_WELCOME_PAGE (object);

  switch (prop_id)
    {
    case PROP_MESSAGE:
      isc_welcome_page_set_message (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_welcome_page_class_init (IscWelcomePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = isc_welcome_page_get_property;
  object_class->set_property = isc_welcome_page_set_property;

  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The resources live in a static library: referring to them links them
   * in, and their constructor registers them. */
  if (G_UNLIKELY (isc_ui_get_resource () == NULL))
    g_critical ("Inferscope's UI resources are missing");

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/inferscope/Inferscope/isc-welcome-page.ui");
  gtk_widget_class_bind_template_child (widget_class, IscWelcomePage, status_page);
  gtk_widget_class_bind_template_child (widget_class, IscWelcomePage, message_label);
  gtk_widget_class_bind_template_child (widget_class, IscWelcomePage, connect_button);
  gtk_widget_class_bind_template_child (widget_class, IscWelcomePage, demo_button);
}

static void
isc_welcome_page_init (IscWelcomePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  isc_accessible_set_name (GTK_WIDGET (self->connect_button), _("Connect to Baseten"));
  isc_accessible_set_name (GTK_WIDGET (self->demo_button), _("Explore the Demo"));
}

GtkWidget *
isc_welcome_page_new (void)
{
  return g_object_new (ISC_TYPE_WELCOME_PAGE, NULL);
}

const char *
isc_welcome_page_get_message (IscWelcomePage *self)
{
  g_return_val_if_fail (ISC_IS_WELCOME_PAGE (self), NULL);

  return isc_message_label_get (self->message_label);
}

void
isc_welcome_page_set_message (IscWelcomePage *self,
                              const char     *message)
{
  g_return_if_fail (ISC_IS_WELCOME_PAGE (self));

  if (isc_message_label_set (self->message_label, message))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
}
