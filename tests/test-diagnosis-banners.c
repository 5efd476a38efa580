/* test-diagnosis-banners.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The banners over a target's page, as a person sees them: one per
 * diagnosis, Baseten's text shown as text, the button that does what it
 * says, hidden when all is well; and the window shows them over the demo's
 * text-embeddings production (a paused promotion, refusals) and none over
 * the chat's. */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "isc-demo-ids.h"
#include "isc-diagnosis-banners.h"
#include "isc-test-app.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"

static IscDiagnosis *
diagnosis (IscDiagnosisKind    kind,
           const char         *title,
           IscDiagnosisAction  action,
           const char         *label,
           const char         *target)
{
  IscDiagnosis *d = g_new0 (IscDiagnosis, 1);

  d->kind = kind;
  d->title = g_strdup (title);
  d->action = action;
  d->action_label = g_strdup (label);
  d->action_target = g_strdup (target);
  return d;
}

static void
on_activated (IscDiagnosisBanners *banners,
              IscDiagnosis        *d,
              gpointer             data)
{
  const IscDiagnosis **out = data;

  *out = d;
}

/* The sentence a banner shows: AdwBanner's title, or the label's text. */
static char *
banner_text (GtkWidget *banner)
{
#if ADW_CHECK_VERSION (1, 3, 0)
  return g_strdup (adw_banner_get_title (ADW_BANNER (banner)));
#else
  GtkWidget *label = test_find_widget (banner, GTK_TYPE_LABEL, NULL, NULL);

  /* Text, not markup: what the label shows is what it was given. */
  g_assert_false (gtk_label_get_use_markup (GTK_LABEL (label)));
  return g_strdup (gtk_label_get_text (GTK_LABEL (label)));
#endif
}

static void
test_banners (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *widget = isc_diagnosis_banners_new ();
  IscDiagnosisBanners *banners = ISC_DIAGNOSIS_BANNERS (widget);
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_diagnosis_free);
  g_autoptr(GPtrArray) again = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_diagnosis_free);
  const IscDiagnosis *activated = NULL;
  g_autofree char *text0 = NULL;
  g_autofree char *text1 = NULL;
  GtkWidget *first;
  GtkWidget *button;

  gtk_window_set_child (GTK_WINDOW (window), widget);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 300);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (widget, "activated", G_CALLBACK (on_activated), &activated);

  /* Nothing to say: nothing shown. */
  isc_diagnosis_banners_set (banners, NULL);
  g_assert_false (gtk_widget_get_visible (widget));

  g_ptr_array_add (list, diagnosis (ISC_DIAGNOSIS_PROMOTION_STOPPED,
                                    "The promotion of v3 to production is paused: <b>5%</b> & more",
                                    ISC_DIAGNOSIS_ACTION_OPEN_DEPLOYMENT, "Open v3", "d3"));
  g_ptr_array_add (list, diagnosis (ISC_DIAGNOSIS_AT_MAX, "Replicas are at the maximum in effect, 6",
                                    ISC_DIAGNOSIS_ACTION_NONE, NULL, NULL));
  isc_diagnosis_banners_set (banners, list);
  test_run_frames (50);
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_cmpuint (isc_diagnosis_banners_get_n (banners), ==, 2);

  first = isc_diagnosis_banners_get_banner (banners, 0);
  text0 = banner_text (first);
  text1 = banner_text (isc_diagnosis_banners_get_banner (banners, 1));
#if ADW_CHECK_VERSION (1, 4, 0) || !ADW_CHECK_VERSION (1, 3, 0)
  g_assert_cmpstr (text0, ==, "The promotion of v3 to production is paused: <b>5%</b> & more");
#else
  g_assert_cmpstr (text0, ==, "The promotion of v3 to production is paused: &lt;b&gt;5%&lt;/b&gt; &amp; more");
#endif
  g_assert_cmpstr (text1, ==, "Replicas are at the maximum in effect, 6");

  /* The button of the first does what its diagnosis says. */
  button = test_find_button (first, "Open v3");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (activated == g_ptr_array_index (list, 0));
  /* The one without an action has no button. */
  g_assert_null (test_find_widget (isc_diagnosis_banners_get_banner (banners, 1), GTK_TYPE_BUTTON, "label", "Open v3"));

#if !ADW_CHECK_VERSION (1, 3, 0)
  /* Narrow, the button goes under the sentence; wide again, beside it. */
  isc_diagnosis_banners_set_narrow (banners, TRUE);
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (first)), ==, GTK_ORIENTATION_VERTICAL);
  isc_diagnosis_banners_set_narrow (banners, FALSE);
  g_assert_cmpint (gtk_orientable_get_orientation (GTK_ORIENTABLE (first)), ==, GTK_ORIENTATION_HORIZONTAL);
#endif

  /* The same diagnoses again keep the same banners. */
  g_ptr_array_add (again, diagnosis (ISC_DIAGNOSIS_PROMOTION_STOPPED,
                                     "The promotion of v3 to production is paused: <b>5%</b> & more",
                                     ISC_DIAGNOSIS_ACTION_OPEN_DEPLOYMENT, "Open v3", "d3"));
  g_ptr_array_add (again, diagnosis (ISC_DIAGNOSIS_AT_MAX, "Replicas are at the maximum in effect, 6",
                                     ISC_DIAGNOSIS_ACTION_NONE, NULL, NULL));
  isc_diagnosis_banners_set (banners, again);
  g_assert_true (isc_diagnosis_banners_get_banner (banners, 0) == first);

  /* All well again: hidden. */
  isc_diagnosis_banners_set (banners, NULL);
  g_assert_cmpuint (isc_diagnosis_banners_get_n (banners), ==, 0);
  g_assert_false (gtk_widget_get_visible (widget));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
banners_shown (gpointer data)
{
  GtkWidget *banners = test_find_shown (data, ISC_TYPE_DIAGNOSIS_BANNERS, NULL, NULL);

  return banners != NULL && isc_diagnosis_banners_get_n (ISC_DIAGNOSIS_BANNERS (banners)) >= 2;
}

static gboolean
banners_hidden (gpointer data)
{
  return test_find_shown (data, ISC_TYPE_DIAGNOSIS_BANNERS, NULL, NULL) == NULL;
}

/* The demo's text-embeddings production: its paused promotion and its
 * refusals over the charts; the button opens the candidate; the chat's
 * production has none. */
static void
test_window (void)
{
  IscWindow *window = test_app_open_window ();
  IscView *view = isc_window_get_view (window);
  g_autoptr(IscTarget) embed = isc_target_new (ISC_DEMO_MODEL_EMBED, ISC_TARGET_ENVIRONMENT, "production", NULL, NULL);
  g_autoptr(IscTarget) chat = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production", NULL, NULL);
  IscDiagnosisBanners *banners;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  GtkWidget *button;

  test_wait_for_view (window);
  isc_view_set_target (view, embed);
  test_wait_for_view (window);
  g_assert_true (test_wait_for (banners_shown, window));
  banners = ISC_DIAGNOSIS_BANNERS (test_find_shown (GTK_WIDGET (window), ISC_TYPE_DIAGNOSIS_BANNERS, NULL, NULL));
  g_assert_cmpuint (isc_diagnosis_banners_get_n (banners), ==, 2);
  first = banner_text (isc_diagnosis_banners_get_banner (banners, 0));
  second = banner_text (isc_diagnosis_banners_get_banner (banners, 1));
  g_assert_true (g_str_has_prefix (first, "The promotion of development to production is paused: "));
  g_assert_true (g_str_has_prefix (second, "Requests are refused when replicas are full"));

  button = test_find_button (isc_diagnosis_banners_get_banner (banners, 0), "Open development");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpint (isc_view_get_target (view)->kind, ==, ISC_TARGET_DEPLOYMENT);
  g_assert_cmpstr (isc_view_get_target (view)->id, ==, ISC_DEMO_DEPLOYMENT_EMBED_DEVELOPMENT);

  isc_view_set_target (view, chat);
  test_wait_for_view (window);
  g_assert_true (test_wait_for (banners_hidden, window));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/isc/diagnosis-banners/banners", test_banners);
  g_test_add_func ("/isc/diagnosis-banners/window", test_window);

  /* The window's test: the app on its built-in demo. */
  test_app_start ();
  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  g_assert_true (test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)));
  g_assert_true (isc_session_use_demo (test_app_session (), &error));
  g_assert_no_error (error);
  g_assert_true (test_wait_for (test_session_is_ready, NULL));

  status = g_test_run ();
  test_app_stop ();
  return status;
}
