/* isc-diagnosis-banners.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "isc-diagnosis-banners.h"

struct _IscDiagnosisBanners
{
  GtkWidget   parent_instance;

  GtkWidget  *box;
  GPtrArray  *diagnoses;   /* IscDiagnosis, or NULL */
  GPtrArray  *banners;     /* GtkWidget, borrowed from box */
  gboolean    narrow;
};

G_DEFINE_FINAL_TYPE (IscDiagnosisBanners, isc_diagnosis_banners, GTK_TYPE_WIDGET)

enum {
  SIGNAL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
activate_index (IscDiagnosisBanners *self,
                GtkWidget           *banner)
{
  guint index;

  if (self->diagnoses == NULL || !g_ptr_array_find (self->banners, banner, &index) ||
      index >= self->diagnoses->len)
    return;
  g_signal_emit (self, signals[SIGNAL_ACTIVATED], 0, g_ptr_array_index (self->diagnoses, index));
}

#if ADW_CHECK_VERSION (1, 3, 0)
static void
banner_clicked_cb (AdwBanner           *banner,
                   IscDiagnosisBanners *self)
{
  activate_index (self, GTK_WIDGET (banner));
}
#else
static void
button_clicked_cb (GtkButton           *button,
                   IscDiagnosisBanners *self)
{
  activate_index (self, gtk_widget_get_parent (GTK_WIDGET (button)));
}
#endif

static GtkWidget *
make_banner (IscDiagnosisBanners *self,
             const IscDiagnosis  *d)
{
#if ADW_CHECK_VERSION (1, 3, 0)
  AdwBanner *banner;

# if ADW_CHECK_VERSION (1, 4, 0)
  banner = ADW_BANNER (adw_banner_new (d->title));
  adw_banner_set_use_markup (banner, FALSE);
# else
  {
    /* 1.3 reads the title as markup: Baseten's text is escaped. */
    g_autofree char *escaped = g_markup_escape_text (d->title, -1);

    banner = ADW_BANNER (adw_banner_new (escaped));
  }
# endif
  if (d->action_label != NULL)
    adw_banner_set_button_label (banner, d->action_label);
  adw_banner_set_revealed (banner, TRUE);
  g_signal_connect (banner, "button-clicked", G_CALLBACK (banner_clicked_cb), self);
  gtk_widget_add_css_class (GTK_WIDGET (banner), "diagnosis-banner");
  return GTK_WIDGET (banner);
#else
  /* libadwaita 1.2: a box like AdwBanner, a label and a button. */
  GtkWidget *box = gtk_box_new (self->narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL,
                                self->narrow ? 6 : 12);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_add_css_class (box, "diagnosis-banner");
  gtk_label_set_text (GTK_LABEL (label), d->title);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.5);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, d->title, -1);
  if (d->action_label != NULL)
    {
      GtkWidget *button = gtk_button_new_with_label (d->action_label);

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_halign (button, self->narrow ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL);
      gtk_widget_add_css_class (button, "suggested-action");
      g_signal_connect (button, "clicked", G_CALLBACK (button_clicked_cb), self);
      gtk_box_append (GTK_BOX (box), button);
    }
  return box;
#endif
}

static gboolean
same_diagnoses (GPtrArray *a,
                GPtrArray *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const IscDiagnosis *x = g_ptr_array_index (a, i);
      const IscDiagnosis *y = g_ptr_array_index (b, i);

      if (x->kind != y->kind || g_strcmp0 (x->title, y->title) != 0 ||
          g_strcmp0 (x->action_label, y->action_label) != 0 ||
          g_strcmp0 (x->action_target, y->action_target) != 0)
        return FALSE;
    }
  return TRUE;
}

void
isc_diagnosis_banners_set (IscDiagnosisBanners *self,
                           GPtrArray           *diagnoses)
{
  g_return_if_fail (ISC_IS_DIAGNOSIS_BANNERS (self));

  if (diagnoses != NULL && diagnoses->len == 0)
    diagnoses = NULL;
  if (same_diagnoses (self->diagnoses, diagnoses))
    return;

  for (guint i = 0; i < self->banners->len; i++)
    gtk_box_remove (GTK_BOX (self->box), g_ptr_array_index (self->banners, i));
  g_ptr_array_set_size (self->banners, 0);
  g_clear_pointer (&self->diagnoses, g_ptr_array_unref);

  if (diagnoses == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }

  self->diagnoses = g_ptr_array_ref (diagnoses);
  for (guint i = 0; i < diagnoses->len; i++)
    {
      GtkWidget *banner = make_banner (self, g_ptr_array_index (diagnoses, i));

      gtk_box_append (GTK_BOX (self->box), banner);
      g_ptr_array_add (self->banners, banner);
    }
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}

void
isc_diagnosis_banners_set_narrow (IscDiagnosisBanners *self,
                                  gboolean             narrow)
{
  g_return_if_fail (ISC_IS_DIAGNOSIS_BANNERS (self));

  narrow = !!narrow;
  if (self->narrow == narrow)
    return;
  self->narrow = narrow;
#if !ADW_CHECK_VERSION (1, 3, 0)
  for (guint i = 0; i < self->banners->len; i++)
    {
      GtkWidget *box = g_ptr_array_index (self->banners, i);
      GtkWidget *button = gtk_widget_get_last_child (box);

      gtk_orientable_set_orientation (GTK_ORIENTABLE (box), narrow ? GTK_ORIENTATION_VERTICAL
                                                                   : GTK_ORIENTATION_HORIZONTAL);
      gtk_box_set_spacing (GTK_BOX (box), narrow ? 6 : 12);
      if (GTK_IS_BUTTON (button))
        gtk_widget_set_halign (button, narrow ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL);
    }
#endif
}

guint
isc_diagnosis_banners_get_n (IscDiagnosisBanners *self)
{
  g_return_val_if_fail (ISC_IS_DIAGNOSIS_BANNERS (self), 0);

  return self->banners->len;
}

GtkWidget *
isc_diagnosis_banners_get_banner (IscDiagnosisBanners *self,
                                  guint                index)
{
  g_return_val_if_fail (ISC_IS_DIAGNOSIS_BANNERS (self), NULL);
  g_return_val_if_fail (index < self->banners->len, NULL);

  return g_ptr_array_index (self->banners, index);
}

static void
isc_diagnosis_banners_dispose (GObject *object)
{
  IscDiagnosisBanners *self = (IscDiagnosisBanners *) object;

  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->diagnoses, g_ptr_array_unref);
  g_clear_pointer (&self->banners, g_ptr_array_unref);

  G_OBJECT_CLASS (isc_diagnosis_banners_parent_class)->dispose (object);
}

static void
isc_diagnosis_banners_class_init (IscDiagnosisBannersClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isc_diagnosis_banners_dispose;

  /**
   * IscDiagnosisBanners::activated:
   * @diagnosis: (type gpointer): the IscDiagnosis whose button was clicked
   */
  signals[SIGNAL_ACTIVATED] =
    g_signal_new ("activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "diagnosis-banners");
}

static void
isc_diagnosis_banners_init (IscDiagnosisBanners *self)
{
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->banners = g_ptr_array_new ();
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GtkWidget *
isc_diagnosis_banners_new (void)
{
  return g_object_new (ISC_TYPE_DIAGNOSIS_BANNERS, NULL);
}
