/* test-window-layout.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The charts a window shows for a model's saved layout ("model-layouts"):
 * a name in it that Baseten no longer knows leaves the rest shown, is
 * said, and stays in the layout; Customize View lists the charts in the
 * order the Charts page shows them. The session shows the demo.
 */

#include "config.h"

#include <string.h>

#include "isc-application.h"
#include "isc-chart-view.h"
#include "isc-customize-dialog.h"
#include "isc-demo-ids.h"
#include "isc-layout.h"
#include "isc-test-app.h"
#include "isc-test-util.h"
#include "isc-window.h"

/* The first mapped label under @root whose text contains @text. */
static GtkWidget *
find_text (GtkWidget  *root,
           const char *text)
{
  if (!gtk_widget_get_mapped (root))
    return NULL;

  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_label (GTK_LABEL (root)), text) != NULL)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_text (child, text);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* Whether any window has shown @text since the watch began. */
typedef struct
{
  const char *text;
  gboolean    seen;
  guint       id;
} SeenWait;

static gboolean
watch_toplevels_cb (gpointer data)
{
  SeenWait *wait = data;
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && !wait->seen; i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);

      wait->seen = find_text (w, wait->text) != NULL;
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
was_seen (gpointer data)
{
  return ((SeenWait *) data)->seen;
}

/* Customize View: inside the window where libadwaita has AdwDialog (1.5),
 * a window over it before. */
static IscCustomizeDialog *
find_customize_dialog (void)
{
  g_autoptr(GListModel) toplevels = g_object_ref (gtk_window_get_toplevels ());

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

#if ADW_CHECK_VERSION (1, 5, 0)
      if (ADW_IS_APPLICATION_WINDOW (w) &&
          ISC_IS_CUSTOMIZE_DIALOG (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (w))))
        return ISC_CUSTOMIZE_DIALOG (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (w)));
#else
      if (ISC_IS_CUSTOMIZE_DIALOG (w))
        return ISC_CUSTOMIZE_DIALOG (w);
#endif
    }
  return NULL;
}

static gboolean
has_customize_dialog (gpointer data)
{
  return find_customize_dialog () != NULL;
}

/* A window open on the demo's text-embeddings production, as a restored
 * window opens it (which applies the model's layout). */
static IscWindow *
open_embed (void)
{
  IscWindow *window = test_app_open_window ();
  g_autoptr(IscTarget) embed = isc_target_new (ISC_DEMO_MODEL_EMBED, ISC_TARGET_ENVIRONMENT,
                                               ISC_DEMO_ENVIRONMENT_PRODUCTION, NULL, NULL);
  g_autoptr(IscView) restored = isc_view_new ();
  g_autoptr(GVariant) state = NULL;

  test_wait_for_view (window);
  isc_view_set_target (restored, embed);
  state = g_variant_ref_sink (isc_view_save_state (restored));
  isc_window_restore_view (window, state);
  test_wait_for_view (window);
  return window;
}

/* A saved layout naming a metric Baseten no longer knows: the Charts page
 * shows the rest of it, says which name it left out, and keeps the
 * layout as it was. */
static void
test_unknown_metric (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  static const char * const saved[] = {
    "baseten_replicas_active", "baseten_retired_metric", "baseten_inference_requests_total", NULL
  };
  g_autoptr(GVariant) layouts = g_variant_ref_sink (isc_layout_replace (NULL, ISC_DEMO_MODEL_EMBED, saved));
  g_autoptr(GPtrArray) views = NULL;
  g_autoptr(GVariant) kept = NULL;
  IscWindow *window;
  SeenWait seen;

  g_settings_set_value (settings, "model-layouts", layouts);
  /* The toast that says it lasts 8 s, and a window's load (its events
   * too) can take longer under a sanitizer: watch for it from the start. */
  seen = (SeenWait) { "baseten_retired_metric", FALSE, 0 };
  seen.id = g_timeout_add (20, watch_toplevels_cb, &seen);
  window = open_embed ();

  g_assert_cmpint (isc_view_get_state (isc_window_get_view (window)), ==, ISC_VIEW_READY);
  views = test_window_chart_views (window, FALSE);
  /* Replicas, and the requests followed by their error rate. */
  g_assert_cmpuint (views->len, ==, 3);
  g_assert_true (test_wait_for (was_seen, &seen));
  g_source_remove (seen.id);
  kept = g_settings_get_value (settings, "model-layouts");
  g_assert_true (g_variant_equal (kept, layouts));

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "model-layouts");
  g_settings_reset (settings, "view-state");
}

/* A window on @target, as a restored window opens it. */
static IscWindow *
open_target (const IscTarget *target)
{
  IscWindow *window = test_app_open_window ();
  g_autoptr(IscView) restored = isc_view_new ();
  g_autoptr(GVariant) state = NULL;

  test_wait_for_view (window);
  isc_view_set_target (restored, target);
  state = g_variant_ref_sink (isc_view_save_state (restored));
  isc_window_restore_view (window, state);
  test_wait_for_view (window);
  return window;
}

/* A workspace where Baseten keeps the pod-health pair behind a feature
 * flag: the Charts page draws every other chart, says once, by the
 * catalogue's title, which Baseten does not report, and a second window
 * on the same target says nothing more. */
static void
test_pod_health_unknown (void)
{
  IscDemoServer *server = isc_session_get_demo_server (test_app_session ());
  g_autoptr(IscTarget) chat = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                              ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, NULL, NULL);
  g_autoptr(GPtrArray) views = NULL;
  IscWindow *window, *second;
  IscView *view;
  SeenWait seen = { "Baseten does not report Pod readiness for this workspace", FALSE, 0 };

  g_assert_nonnull (server);
  isc_demo_server_set_unknown_metrics (server, isc_demo_server_pod_health_metrics);
  /* From the start, as above: the toast may be gone by the time the
   * window is ready. */
  seen.id = g_timeout_add (20, watch_toplevels_cb, &seen);
  window = open_target (chat);
  view = isc_window_get_view (window);

  g_assert_cmpint (isc_view_get_state (view), ==, ISC_VIEW_READY);
  g_assert_null (isc_view_get_error (view));
  g_assert_nonnull (isc_metrics_response_lookup_metric (isc_view_get_response (view), "baseten_gpu_memory_used"));
  views = test_window_chart_views (window, FALSE);
  g_assert_cmpuint (views->len, >, 10);
  g_assert_true (test_wait_for (was_seen, &seen));
  g_source_remove (seen.id);

  second = open_target (chat);
  g_assert_cmpint (isc_view_get_state (isc_window_get_view (second)), ==, ISC_VIEW_READY);
  test_run_frames (10);
  g_assert_null (find_text (GTK_WIDGET (second), "Baseten does not report"));

  gtk_window_destroy (GTK_WINDOW (second));
  gtk_window_destroy (GTK_WINDOW (window));
  isc_demo_server_set_unknown_metrics (server, NULL);
  g_settings_reset (isc_application_get_settings (test_app), "view-state");
}

/* Customize View lists the charts in the order the Charts page shows
 * them, whatever order the layout was saved in. */
static void
test_customize_order (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  /* Saved across the catalogue's groups: resources, traffic, replicas. */
  static const char * const saved[] = {
    "baseten_container_cpu_usage_seconds_total", "baseten_inference_requests_total", "baseten_replicas_active", NULL
  };
  g_autoptr(GVariant) layouts = g_variant_ref_sink (isc_layout_replace (NULL, ISC_DEMO_MODEL_EMBED, saved));
  g_autoptr(GPtrArray) views = NULL;
  g_autoptr(GStrvBuilder) page = g_strv_builder_new ();
  g_auto(GStrv) page_order = NULL;
  g_auto(GStrv) listed = NULL;
  IscWindow *window;
  IscCustomizeDialog *dialog;

  g_settings_set_value (settings, "model-layouts", layouts);
  window = open_embed ();

  /* The page's charts, top to bottom, without the derived error rate. */
  views = test_window_chart_views (window, FALSE);
  for (guint i = 0; i < views->len; i++)
    {
      const char *name = isc_chart_model_get_name (isc_chart_view_get_model (g_ptr_array_index (views, i)));

      if (g_strv_contains (saved, name))
        g_strv_builder_add (page, name);
    }
  page_order = g_strv_builder_end (page);
  g_assert_cmpuint (g_strv_length (page_order), ==, 3);

  g_action_group_activate_action (G_ACTION_GROUP (window), "customize", NULL);
  g_assert_true (test_wait_for (has_customize_dialog, NULL));
  dialog = find_customize_dialog ();
  listed = isc_customize_dialog_dup_layout (dialog);
  g_assert_cmpstrv (listed, page_order);

  isc_customize_dialog_close (dialog);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "model-layouts");
  g_settings_reset (settings, "view-state");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  test_app_start ();
  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  g_assert_true (test_wait_for (test_session_has_state, GINT_TO_POINTER (ISC_SESSION_WELCOME)));
  g_assert_true (isc_session_use_demo (test_app_session (), &error));
  g_assert_no_error (error);
  g_assert_true (test_wait_for (test_session_is_ready, NULL));

  g_test_add_func ("/isc/window-layout/unknown-metric", test_unknown_metric);
  g_test_add_func ("/isc/window-layout/pod-health-unknown", test_pod_health_unknown);
  g_test_add_func ("/isc/window-layout/customize-order", test_customize_order);

  status = g_test_run ();

  test_app_stop ();

  return status;
}
