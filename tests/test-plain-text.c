/* test-plain-text.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Text from a server is never markup, wherever the window shows it: a
 * workspace, models and deployments whose names, and error bodies whose
 * messages, hold "<", "&", links and spans, from a SoupServer on
 * 127.0.0.1, through the status page, the stale strip, toasts, the
 * sidebar, the title, the Compare popover, the Alerts dialog and the
 * Preferences. What a person reads is what was sent.
 *
 * And names that look like other names: a right-to-left override, zero-
 * width characters, hundreds of combining marks, newlines, names of only
 * spaces or zero-width characters, an id listed twice. Each shows as
 * isc_text_display_name() shows it, on one line.
 */

#include "config.h"

#include <string.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-alerts-dialog.h"
#include "isc-compare-button.h"
#include "isc-overview-page.h"
#include "isc-preferences-window.h"
#include "isc-sidebar.h"
#include "isc-text.h"
#include "isc-test-app.h"
#include "isc-test-canned.h"
#include "isc-test-gtk.h"

#define KEY "plain-text-key"

/* What a link in an error body would have looked like. */
#define LINK_MESSAGE "<a href='https://example.invalid/'><span size='x-large'>Your API key expired. " \
                     "Click here to sign in again</span></a>"
/* Harmless words that are not valid markup. */
#define AMP_MESSAGE  "Range must be <= 7 days & end now"
#define WORKSPACE    "<span foreground='red' size='xx-large'>acme</span> & <a href='https://x.invalid'>co</a>"
#define MODEL_NAME   "<b>chat</b> & co"
#define DEPLOY_NAME  "<i>prod</i> <= v2"
#define OTHER_MODEL  "<big>embed</big> &amp; rank"
#define OTHER_DEPLOY "<a href='https://x.invalid'>canary</a>"

/* Names that look like other names. */
#define RLO_MODEL    "prod\xe2\x80\xae" "gnitset"          /* reads "prodtesting" */
#define ZW_DEPLOY    "pro\xe2\x80\x8b" "duc\xe2\x80\x8d" "tion"  /* reads "production" */
#define ACUTE        "\xcc\x81"
#define NEWLINE_NAME "line1\nline2"
#define SPACES_NAME  "   "
#define ZW_ONLY_NAME "\xe2\x80\x8b\xe2\x80\x8b"
#define DUPLICATE    "duplicate of chat"

typedef struct
{
  const char *model_id;
  const char *model_name;    /* NULL: made at start */
  const char *deployment_id;
  const char *deployment_name;
} ServedModel;

static char *marks_name;     /* "z" and 200 combining marks */

static ServedModel served[] = {
  { "m1", MODEL_NAME, "d1", DEPLOY_NAME },
  { "m2", OTHER_MODEL, "d2", OTHER_DEPLOY },
  { "m3", RLO_MODEL, "d3", ZW_DEPLOY },
  { "m4", NULL, "d4", NEWLINE_NAME },
  { "m5", SPACES_NAME, "d5", ZW_ONLY_NAME },
  /* The same id again: the first stays. */
  { "m1", DUPLICATE, "d1", DUPLICATE },
};

typedef struct
{
  SoupServer *server;
  char       *base_url;
  guint       metrics_status;
  const char *metrics_message;
  guint       n_metrics;
} Server;

static Server server;

static void
reply (SoupServerMessage *msg,
       guint              status,
       const char        *body)
{
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "application/json", SOUP_MEMORY_COPY, body, strlen (body));
}

static char *
json_string (const char *text)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_VALUE);

  json_node_set_string (node, text);
  return json_to_string (node, FALSE);
}

static void
deployments_json (GString    *out,
                  const char *model_id,
                  const char *deployment_id,
                  const char *name)
{
  g_autofree char *quoted = json_string (name);

  g_string_append_printf (out,
                          "{\"deployments\":[{\"id\":\"%s\",\"model_id\":\"%s\",\"name\":%s,"
                          "\"status\":\"ACTIVE\",\"is_production\":true,\"active_replica_count\":1,"
                          "\"created_at\":\"2023-11-01T00:00:00Z\"}]}",
                          deployment_id, model_id, quoted);
}

static void
handler (SoupServer        *soup_server,
         SoupServerMessage *msg,
         const char        *path,
         GHashTable        *query,
         gpointer           user_data)
{
  g_autoptr(GString) body = g_string_new (NULL);

  if (g_str_equal (path, "/v1/users/me"))
    {
      g_autofree char *workspace = json_string (WORKSPACE);

      g_string_printf (body, "{\"user_id\":\"u1\",\"email\":\"a@example.invalid\",\"name\":\"A\","
                             "\"workspace_name\":%s}", workspace);
    }
  else if (g_str_equal (path, "/v1/models"))
    {
      g_string_assign (body, "{\"models\":[");
      for (guint i = 0; i < G_N_ELEMENTS (served); i++)
        {
          g_autofree char *name = json_string (served[i].model_name != NULL ? served[i].model_name : marks_name);

          g_string_append_printf (body, "%s{\"id\":\"%s\",\"name\":%s,\"deployments_count\":1,"
                                        "\"production_deployment_id\":\"%s\"}",
                                  i > 0 ? "," : "", served[i].model_id, name, served[i].deployment_id);
        }
      g_string_append (body, "]}");
    }
  else if (g_str_equal (path, "/v1/models/m3/environments"))
    {
      g_autofree char *current = json_string (ZW_DEPLOY);

      /* An environment whose current deployment has a look-alike name. */
      g_string_printf (body, "{\"environments\":[{\"name\":\"staging\",\"model_id\":\"m3\","
                             "\"current_deployment\":{\"id\":\"d3\",\"name\":%s,\"status\":\"ACTIVE\"}}]}",
                       current);
    }
  else if (g_str_has_suffix (path, "/environments"))
    g_string_assign (body, "{\"environments\":[]}");
  else if (g_str_has_prefix (path, "/v1/models/") && g_str_has_suffix (path, "/deployments"))
    {
      for (guint i = 0; i < G_N_ELEMENTS (served); i++)
        {
          g_autofree char *served_path = g_strdup_printf ("/v1/models/%s/deployments", served[i].model_id);

          if (g_str_equal (path, served_path))
            {
              deployments_json (body, served[i].model_id, served[i].deployment_id, served[i].deployment_name);
              break;
            }
        }
    }
  else if (g_str_has_suffix (path, "/metrics"))
    {
      g_autofree char *message = json_string (server.metrics_message);

      server.n_metrics++;
      if (server.metrics_status == 200)
        {
          reply (msg, 200, SERIES_BODY);
          return;
        }
      g_string_printf (body, "{\"code\":\"VALIDATION_ERROR\",\"message\":%s}", message);
      reply (msg, server.metrics_status, body->str);
      return;
    }
  else
    {
      reply (msg, 404, "{\"message\":\"not found\"}");
      return;
    }

  reply (msg, 200, body->str);
}

static void
server_start (void)
{
  g_autoptr(GError) error = NULL;
  g_autoslist(GUri) uris = NULL;

  server.server = soup_server_new (NULL, NULL);
  soup_server_add_handler (server.server, "/v1", handler, NULL, NULL);
  g_assert_true (soup_server_listen_local (server.server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error));
  g_assert_no_error (error);
  uris = soup_server_get_uris (server.server);
  server.base_url = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  server.metrics_status = 400;
  server.metrics_message = LINK_MESSAGE;
}

static void
start_session (void)
{
  GSettings *settings = isc_application_get_settings (test_app);

  g_settings_set_string (settings, "base-url", server.base_url);
  g_setenv ("BASETEN_API_KEY", KEY, TRUE);
  isc_session_start_async (test_app_session (), NULL, NULL, NULL);
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
}

static void
end_session (void)
{
  GSettings *settings = isc_application_get_settings (test_app);

  g_setenv ("BASETEN_API_KEY", "", TRUE);
  g_settings_reset (settings, "base-url");
  g_settings_reset (settings, "view-state");
}

/* The text the labels under @root show (markup read as Pango reads it),
 * one line each. */
static void
collect_shown_text (GtkWidget *root,
                    GString   *out)
{
  if (GTK_IS_LABEL (root))
    {
      g_string_append (out, gtk_label_get_text (GTK_LABEL (root)));
      g_string_append_c (out, '\n');
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_shown_text (child, out);
}

static gboolean
shows (GtkWidget  *root,
       const char *text)
{
  g_autoptr(GString) shown = g_string_new (NULL);

  collect_shown_text (root, shown);
  return strstr (shown->str, text) != NULL;
}

/* No label under @root reads markup: a person sees each word sent. A
 * place that fails says so and the test goes on, to name every such
 * place at once. */
static void
assert_shows (GtkWidget  *root,
              const char *where,
              const char *text)
{
  g_autoptr(GString) shown = g_string_new (NULL);

  collect_shown_text (root, shown);
  if (strstr (shown->str, text) == NULL)
    {
      g_test_message ("%s: “%s” is not shown; the labels read:\n%s", where, text, shown->str);
      g_test_fail ();
    }
}

static gboolean
view_has_error (gpointer data)
{
  IscView *view = isc_window_get_view (data);

  return isc_view_get_state (view) == ISC_VIEW_ERROR && !isc_view_get_loading (view);
}

static gboolean
view_is_stale (gpointer data)
{
  IscView *view = isc_window_get_view (data);

  return isc_view_get_stale (view) && !isc_view_get_loading (view);
}

static gboolean
overview_shown (gpointer data)
{
  return test_find_shown (data, ISC_TYPE_OVERVIEW_PAGE, NULL, NULL) != NULL;
}

static GtkWidget *
status_page (IscWindow *window)
{
  return test_find_shown (GTK_WIDGET (window), ADW_TYPE_STATUS_PAGE, "title", "Could Not Load Metrics");
}

typedef struct
{
  IscWindow  *window;
  const char *text;
} ShowsData;

static gboolean
window_shows (gpointer data)
{
  ShowsData *d = data;

  return shows (GTK_WIDGET (d->window), d->text);
}

static void
test_plain_text_window (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  g_autoptr(IscTarget) target = isc_target_new ("m1", ISC_TARGET_DEPLOYMENT, "d1", MODEL_NAME, DEPLOY_NAME);
  IscWindow *window;
  GtkWidget *page;
  GtkWidget *compare;
  GtkWidget *alerts;
  GtkWidget *prefs;
  ShowsData data;

  start_session ();

  window = test_app_open_window ();
  isc_view_set_target (isc_window_get_view (window), target);

  /* An error body with a link and a span: the page shows the words sent,
   * tags and all, and no link. */
  g_assert_true (test_wait_for (view_has_error, window));
  test_run_frames (50);
  page = status_page (window);
  g_assert_nonnull (page);
  assert_shows (page, "status page", LINK_MESSAGE);

  /* Words that are not markup replace the page's words, not keep the
   * last ones. */
  server.metrics_message = AMP_MESSAGE;
  g_action_group_activate_action (G_ACTION_GROUP (window), "refresh", NULL);
  g_assert_true (test_wait_for (view_has_error, window));
  test_run_frames (50);
  page = status_page (window);
  assert_shows (page, "status page", AMP_MESSAGE);

  /* A toast says the same (one toast: a second would wait its turn). */
  isc_window_add_toast (window, LINK_MESSAGE " " AMP_MESSAGE);
  data.window = window;
  data.text = LINK_MESSAGE " " AMP_MESSAGE;
  test_wait_for (window_shows, &data);
  assert_shows (GTK_WIDGET (window), "toast", LINK_MESSAGE " " AMP_MESSAGE);

  /* The sidebar and the title name the target as sent. */
  assert_shows (GTK_WIDGET (window), "sidebar, title", MODEL_NAME);
  assert_shows (GTK_WIDGET (window), "sidebar, title", DEPLOY_NAME);
  assert_shows (GTK_WIDGET (window), "sidebar", OTHER_MODEL);
  assert_shows (GTK_WIDGET (window), "sidebar", OTHER_DEPLOY);
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), MODEL_NAME));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), DEPLOY_NAME));

  /* Data, then an error: the strip under the title says it. */
  server.metrics_status = 200;
  g_action_group_activate_action (G_ACTION_GROUP (window), "refresh", NULL);
  test_wait_for_view (window);
  server.metrics_status = 400;
  server.metrics_message = LINK_MESSAGE;
  g_action_group_activate_action (G_ACTION_GROUP (window), "refresh", NULL);
  g_assert_true (test_wait_for (view_is_stale, window));
  test_run_frames (300);
  assert_shows (GTK_WIDGET (window), "stale strip", LINK_MESSAGE);

  /* The Compare popover names the other targets as sent. */
  compare = test_find_widget (GTK_WIDGET (window), ISC_TYPE_COMPARE_BUTTON, NULL, NULL);
  g_assert_nonnull (compare);
  /* The popover makes its rows when it opens. */
  gtk_menu_button_popup (isc_compare_button_get_menu_button (ISC_COMPARE_BUTTON (compare)));
  test_run_frames (5);
  assert_shows (GTK_WIDGET (isc_compare_button_get_list (ISC_COMPARE_BUTTON (compare))), "compare", OTHER_MODEL);
  assert_shows (GTK_WIDGET (isc_compare_button_get_list (ISC_COMPARE_BUTTON (compare))), "compare", OTHER_DEPLOY);
  gtk_menu_button_popdown (isc_compare_button_get_menu_button (ISC_COMPARE_BUTTON (compare)));

  /* The Alerts dialog's target line. */
  alerts = GTK_WIDGET (isc_alerts_dialog_new (GTK_WINDOW (window), settings, target));
  isc_alerts_dialog_present (ISC_ALERTS_DIALOG (alerts));
  test_wait_until_mapped (alerts);
  test_run_frames (50);
  assert_shows (alerts, "alerts", MODEL_NAME);
  assert_shows (alerts, "alerts", DEPLOY_NAME);
  isc_alerts_dialog_close (ISC_ALERTS_DIALOG (alerts));

  /* The workspace in the Preferences. */
  prefs = GTK_WIDGET (isc_preferences_window_new (GTK_WINDOW (window), test_app_session ()));
  isc_preferences_window_present (ISC_PREFERENCES_WINDOW (prefs));
  test_wait_until_mapped (prefs);
  test_run_frames (50);
  assert_shows (prefs, "preferences", WORKSPACE);
  isc_preferences_window_close (ISC_PREFERENCES_WINDOW (prefs));

  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();
  end_session ();
}

/* The label under @root whose text holds @text, or NULL. */
static GtkWidget *
find_label_with (GtkWidget  *root,
                 const char *text)
{
  if (GTK_IS_LABEL (root) && strstr (gtk_label_get_text (GTK_LABEL (root)), text) != NULL)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with (child, text);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* What a look-alike name must show, and must not. */
static void
assert_names_shown (GtkWidget  *root,
                    const char *where,
                    gboolean    with_current)
{
  g_autofree char *marks_kept = NULL;
  g_autofree char *marks_cut = NULL;
  g_autoptr(GString) five_marks = g_string_new ("z");

  for (guint i = 0; i < 5; i++)
    g_string_append (five_marks, ACUTE);
  marks_kept = g_strconcat ("z", ACUTE ACUTE ACUTE ACUTE, "\xef\xbf\xbd", NULL);

  /* The override and the zero-width characters show, isolated. */
  if (with_current)
    assert_shows (root, where, "\xe2\x81\xa8prod<U+202E>gnitset\xe2\x81\xa9");
  assert_shows (root, where, "\xe2\x81\xa8pro<U+200B>duc<U+200D>tion\xe2\x81\xa9");
  /* Four marks, then a sign of the rest. */
  assert_shows (root, where, marks_kept);
  if (find_label_with (root, five_marks->str) != NULL)
    {
      g_test_message ("%s: a name draws more than four marks on one letter", where);
      g_test_fail ();
    }
  /* One line. */
  assert_shows (root, where, "line1\xe2\x90\x8aline2");
  if (find_label_with (root, "\n") != NULL)
    {
      g_test_message ("%s: a name spans lines: “%s”", where,
                      gtk_label_get_text (GTK_LABEL (find_label_with (root, "\n"))));
      g_test_fail ();
    }
  /* Names that show nothing: a placeholder with the id. */
  assert_shows (root, where, "Unnamed (m5)");
  assert_shows (root, where, "Unnamed (d5)");
  /* The repeated id is left out. */
  if (find_label_with (root, DUPLICATE) != NULL)
    {
      g_test_message ("%s: a model listed twice shows twice", where);
      g_test_fail ();
    }
}

/* The sidebar's row around @widget: the one the list view's item holds. */
static GtkWidget *
sidebar_row_of (GtkWidget *widget)
{
  while (widget != NULL && g_object_get_data (G_OBJECT (widget), "isc-sidebar-list-item") == NULL)
    widget = gtk_widget_get_parent (widget);
  g_assert_nonnull (widget);
  return widget;
}

static void
test_plain_text_names (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  g_autoptr(IscTarget) target = isc_target_new ("m3", ISC_TARGET_DEPLOYMENT, "d3", RLO_MODEL, ZW_DEPLOY);
  g_autoptr(IscTarget) blank = isc_target_new ("m5", ISC_TARGET_DEPLOYMENT, "d5", SPACES_NAME, ZW_ONLY_NAME);
  IscWindow *window;
  GtkWidget *sidebar;
  GtkWidget *compare;
  GtkWidget *alerts;
  const char *title;
  const char *tooltip;

  start_session ();
  window = test_app_open_window ();
  isc_view_set_target (isc_window_get_view (window), target);
  g_assert_true (test_wait_for (view_has_error, window));
  test_run_frames (50);

  sidebar = test_find_widget (GTK_WIDGET (window), ISC_TYPE_SIDEBAR, NULL, NULL);
  g_assert_nonnull (sidebar);
  assert_names_shown (sidebar, "sidebar", TRUE);
  /* An environment's current deployment, beside it. */
  g_assert_nonnull (find_label_with (sidebar, "staging"));
  /* What a screen reader is told of a row: the same. */
  {
    GtkWidget *row = sidebar_row_of (find_label_with (sidebar, "staging"));
    g_autofree char *label = gtk_test_accessible_check_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                                 "staging, \xe2\x81\xa8pro<U+200B>duc<U+200D>tion\xe2\x81\xa9, Active");
    g_autofree char *description = gtk_test_accessible_check_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                                       "\xe2\x81\xa8prod<U+202E>gnitset\xe2\x81\xa9");

    if (label != NULL || description != NULL)
      {
        g_test_message ("sidebar row's accessible label: %s; description: %s", label, description);
        g_test_fail ();
      }
  }

  /* The title: both names, isolated, the override shown. */
  title = gtk_window_get_title (GTK_WINDOW (window));
  if (strstr (title, "\xe2\x81\xa8prod<U+202E>gnitset\xe2\x81\xa9") == NULL ||
      strstr (title, "\xe2\x81\xa8pro<U+200B>duc<U+200D>tion\xe2\x81\xa9") == NULL)
    {
      g_test_message ("title: “%s”", title);
      g_test_fail ();
    }

  /* The Compare list: every other target. */
  compare = test_find_widget (GTK_WIDGET (window), ISC_TYPE_COMPARE_BUTTON, NULL, NULL);
  gtk_menu_button_popup (isc_compare_button_get_menu_button (ISC_COMPARE_BUTTON (compare)));
  test_run_frames (5);
  assert_names_shown (GTK_WIDGET (isc_compare_button_get_list (ISC_COMPARE_BUTTON (compare))), "compare", FALSE);
  gtk_menu_button_popdown (isc_compare_button_get_menu_button (ISC_COMPARE_BUTTON (compare)));

  /* Compared with a target of another model: the button's tooltip. */
  isc_view_set_compare_target (isc_window_get_view (window), blank);
  test_iterate ();
  tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (isc_compare_button_get_menu_button (ISC_COMPARE_BUTTON (compare))));
  if (g_strcmp0 (tooltip, "Compared with \xe2\x81\xa8Unnamed (m5)\xe2\x81\xa9 \xc2\xb7 "
                          "\xe2\x81\xa8Unnamed (d5)\xe2\x81\xa9") != 0)
    {
      g_test_message ("compare tooltip: “%s”", tooltip);
      g_test_fail ();
    }
  isc_view_set_compare_target (isc_window_get_view (window), NULL);

  /* The Overview's rows. */
  {
    GtkWidget *overview_row = sidebar_row_of (find_label_with (sidebar, "Overview"));
    GtkWidget *overview;

    /* A click: the list selects the row. */
    g_assert_true (gtk_widget_activate_action (gtk_widget_get_parent (overview_row),
                                               "listitem.select", "(bb)", FALSE, FALSE));
    g_assert_true (test_wait_for (overview_shown, window));
    test_run_frames (200);
    overview = test_find_shown (GTK_WIDGET (window), ISC_TYPE_OVERVIEW_PAGE, NULL, NULL);
    assert_shows (overview, "overview", "\xe2\x81\xa8prod<U+202E>gnitset\xe2\x81\xa9 \xc2\xb7 "
                                        "\xe2\x81\xa8pro<U+200B>duc<U+200D>tion\xe2\x81\xa9");
    assert_shows (overview, "overview", "Unnamed (m5)");
    assert_shows (overview, "overview", "line1\xe2\x90\x8aline2");
    if (find_label_with (overview, "\n") != NULL)
      {
        g_test_message ("overview: a name spans lines");
        g_test_fail ();
      }
  }

  /* The Alerts dialog's target line, for a target whose names show
   * nothing. */
  alerts = GTK_WIDGET (isc_alerts_dialog_new (GTK_WINDOW (window), settings, blank));
  isc_alerts_dialog_present (ISC_ALERTS_DIALOG (alerts));
  test_wait_until_mapped (alerts);
  test_run_frames (50);
  assert_shows (alerts, "alerts", "Unnamed (m5)");
  assert_shows (alerts, "alerts", "Unnamed (d5)");
  isc_alerts_dialog_close (ISC_ALERTS_DIALOG (alerts));

  gtk_window_destroy (GTK_WINDOW (window));
  test_iterate ();
  end_session ();
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  {
    GString *marks = g_string_new ("z");

    for (guint i = 0; i < 200; i++)
      g_string_append (marks, ACUTE);
    marks_name = g_string_free (marks, FALSE);
  }

  test_app_start ();

  server_start ();
  g_test_add_func ("/isc/plain-text/window", test_plain_text_window);
  g_test_add_func ("/isc/plain-text/names", test_plain_text_names);

  status = g_test_run ();

  test_app_stop ();
  soup_server_disconnect (server.server);
  g_clear_object (&server.server);
  g_free (server.base_url);
  g_free (marks_name);

  return status;
}
