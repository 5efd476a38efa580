/* test-sidebar.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "isc-account.h"
#include "isc-add-target-dialog.h"
#include "isc-api-error.h"
#include "isc-demo-ids.h"
#include "isc-demo-server.h"
#include "isc-sidebar.h"
#include "isc-target-list.h"
#include "isc-test-gtk.h"
#include "isc-test-util.h"

/* Wednesday 2 December 2026, 03:00 UTC: outside working hours, so the
 * development deployments have scaled to zero. */
#define NIGHT_MS G_GINT64_CONSTANT (1796180400000)

typedef struct
{
  IscDemoServer *server;
  IscClient     *client;
  IscTargetList *list;
  GtkWidget     *window;
  IscSidebar    *sidebar;
  GPtrArray     *activated;   /* IscTarget, one per ::target-activated */
} Fixture;

static void
on_target_activated (IscSidebar      *sidebar,
                     const IscTarget *target,
                     Fixture         *fixture)
{
  g_ptr_array_add (fixture->activated, isc_target_copy (target));
}

static gboolean
reload_done (gpointer data)
{
  return *(gboolean *) data;
}

static void
reload_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  isc_target_list_reload_finish (ISC_TARGET_LIST (source), result, &error);
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->server = isc_demo_server_new (1, NULL);
  isc_demo_server_set_now_ms (fixture->server, NIGHT_MS);
  /* data: how many generated models the demo adds to its own. */
  isc_demo_server_set_fleet_size (fixture->server, GPOINTER_TO_UINT (data));
  isc_demo_server_run_in_thread (fixture->server, 0, &error);
  g_assert_no_error (error);

  fixture->client = isc_client_new (isc_demo_server_get_base_url (fixture->server), NULL, &error);
  g_assert_no_error (error);

  fixture->list = isc_target_list_new ();
  fixture->activated = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_target_free);

  fixture->sidebar = ISC_SIDEBAR (isc_sidebar_new ());
  isc_sidebar_set_target_list (fixture->sidebar, fixture->list);
  g_signal_connect (fixture->sidebar, "target-activated",
                    G_CALLBACK (on_target_activated), fixture);

  fixture->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 280, 700);
  gtk_window_set_child (GTK_WINDOW (fixture->window), GTK_WIDGET (fixture->sidebar));
  gtk_window_present (GTK_WINDOW (fixture->window));
}

/* The fixture, with the demo's targets listed. */
static void
fixture_set_up_loaded (Fixture       *fixture,
                       gconstpointer  data)
{
  gboolean done = FALSE;

  fixture_set_up (fixture, data);
  isc_target_list_reload_async (fixture->list, fixture->client, NULL, reload_cb, &done);
  g_assert_true (test_wait_for (reload_done, &done));
  test_run_frames (50);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gpointer weak = fixture->client;

  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_clear_object (&fixture->list);
  g_ptr_array_unref (fixture->activated);

  /* The client's connections close before the server's. */
  g_object_add_weak_pointer (weak, &weak);
  g_clear_object (&fixture->client);
  test_run_frames (200);
  g_assert_null (weak);
  g_clear_object (&fixture->server);
  test_run_frames (50);
}

/* Widgets as a person finds them. */

static GtkListView *
sidebar_list (IscSidebar *sidebar)
{
  GtkWidget *list = test_find_widget (GTK_WIDGET (sidebar), GTK_TYPE_LIST_VIEW, NULL, NULL);

  g_assert_nonnull (list);
  return GTK_LIST_VIEW (list);
}

static GListModel *
sidebar_rows (IscSidebar *sidebar)
{
  return G_LIST_MODEL (gtk_list_view_get_model (sidebar_list (sidebar)));
}

/* The row made for the item at position, or NULL (out of range, or out
 * of sight: the list makes rows only for what is in sight). */
static GtkWidget *
row_at (IscSidebar *sidebar,
        int         position)
{
  GtkListView *list = sidebar_list (sidebar);
  g_autoptr(GObject) item = NULL;

  if (position < 0 || (guint) position >= g_list_model_get_n_items (sidebar_rows (sidebar)))
    return NULL;

  item = g_list_model_get_item (sidebar_rows (sidebar), (guint) position);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row = gtk_widget_get_first_child (child);

      if (row != NULL && g_object_get_data (G_OBJECT (row), "isc-sidebar-item") == item)
        return row;
    }

  return NULL;
}

static guint
row_position (IscSidebar *sidebar,
              GtkWidget  *row)
{
  gpointer item = g_object_get_data (G_OBJECT (row), "isc-sidebar-item");
  GListModel *rows = sidebar_rows (sidebar);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(GObject) other = g_list_model_get_item (rows, i);

      if (other == item)
        return i;
    }

  g_assert_not_reached ();
}

static GtkWidget *
selected_row (IscSidebar *sidebar)
{
  guint selected = gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (sidebar_rows (sidebar)));

  return selected != GTK_INVALID_LIST_POSITION ? row_at (sidebar, (int) selected) : NULL;
}

/* Enter on the row. */
static void
activate_row (IscSidebar *sidebar,
              GtkWidget  *row)
{
  GtkListItem *list_item = g_object_get_data (G_OBJECT (row), "isc-sidebar-list-item");

  /* The list view activates only what may be. */
  if (gtk_list_item_get_activatable (list_item))
    g_signal_emit_by_name (sidebar_list (sidebar), "activate", row_position (sidebar, row));
}

/* Arrow keys onto the row. */
static void
select_row (IscSidebar *sidebar,
            GtkWidget  *row)
{
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (sidebar_rows (sidebar)),
                                   row_position (sidebar, row), TRUE);
}

static gboolean
row_activatable (GtkWidget *row)
{
  return gtk_list_item_get_activatable (g_object_get_data (G_OBJECT (row), "isc-sidebar-list-item"));
}

static gboolean
row_selectable (GtkWidget *row)
{
  return gtk_list_item_get_selectable (g_object_get_data (G_OBJECT (row), "isc-sidebar-list-item"));
}

/* What a row shows: the text of its visible labels, joined by " | ". */
static void
collect_text (GtkWidget *widget,
              GString   *text)
{
  if (!gtk_widget_get_visible (widget))
    return;

  if (GTK_IS_LABEL (widget))
    {
      if (text->len > 0)
        g_string_append (text, " | ");
      g_string_append (text, gtk_label_get_text (GTK_LABEL (widget)));
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, text);
}

static char *
row_text (GtkWidget *row)
{
  GString *text = g_string_new (NULL);

  collect_text (GTK_WIDGET (row), text);
  return g_string_free (text, FALSE);
}

/* Every row's text, one a line, models flush and targets indented. */
static char *
sidebar_text (IscSidebar *sidebar)
{
  GString *text = g_string_new (NULL);
  GtkWidget *row;

  for (int i = 0; (row = row_at (sidebar, i)) != NULL; i++)
    {
      g_autofree char *line = row_text (row);

      if (!gtk_widget_get_visible (GTK_WIDGET (row)))
        continue;
      if (gtk_widget_has_css_class (GTK_WIDGET (row), "sidebar-target"))
        g_string_append (text, "  ");
      g_string_append_printf (text, "%s\n", line);
    }

  return g_string_free (text, FALSE);
}

/* The row whose text begins with @title, after the heading of the model
 * @model_title (any model when NULL). */
static GtkWidget *
find_row (IscSidebar *sidebar,
          const char *model_title,
          const char *title)
{
  gboolean in_model = model_title == NULL;
  GtkWidget *row;

  for (int i = 0; i < (int) g_list_model_get_n_items (sidebar_rows (sidebar)); i++)
    {
      g_autofree char *text = NULL;
      gboolean is_model;

      /* Rows out of sight are not made. */
      if ((row = row_at (sidebar, i)) == NULL)
        continue;
      text = row_text (row);
      is_model = gtk_widget_has_css_class (GTK_WIDGET (row), "sidebar-model");

      if (is_model && model_title != NULL)
        in_model = g_str_has_prefix (text, model_title) && text[strlen (model_title)] == ' ';
      if (in_model && !is_model &&
          (g_str_equal (text, title) ||
           (g_str_has_prefix (text, title) && g_str_has_prefix (text + strlen (title), " | "))))
        return row;
    }

  return NULL;
}

static GtkWidget *
row_status_dot (GtkWidget *row)
{
  GtkWidget *dot = gtk_widget_get_first_child (row);

  g_assert_true (gtk_widget_has_css_class (dot, "sidebar-status-dot"));
  return dot;
}

static void
assert_label (GtkWidget *row,
              const char    *label)
{
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}

/* The rows: Overview, then each model's environments and deployments,
 * with their status in words and in colour. */
static void
test_sidebar_rows (Fixture       *fixture,
                   gconstpointer  data)
{
  GtkListView *list_view = sidebar_list (fixture->sidebar);
  g_autofree char *text = sidebar_text (fixture->sidebar);
  GtkWidget *overview = row_at (fixture->sidebar, 0);
  GtkWidget *row;

  g_test_message ("%s", text);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (list_view), "navigation-sidebar"));

  /* Overview first, a row to choose like the targets. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (overview)), ==,
                   "Every environment and active deployment at a glance");
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (overview)));
  g_assert_true (row_selectable (overview));

  /* Environments first (production, development), then deployments,
   * newest first; a deployment says its status when it is not active. */
  g_assert_cmpstr (text, ==,
                   "Overview\n"
                   "Usage\n"
                   "chat-assistant | H100\n"
                   "  production | v8\n"
                   "  development | development\n"
                   "  v8\n"
                   "  development | Scaled to zero\n"
                   "  v7 | Scaled to zero\n"
                   "text-embeddings | 4x16\n"
                   "  production | v2 · Promotion paused\n"
                   "  development | development\n"
                   "  development | Scaled to zero\n"
                   "  v2\n"
                   "  v1 | Inactive\n"
                   "audio-transcription | A10G\n"
                   "  production | v4\n"
                   "  v5 | Deploy failed\n"
                   "  v4\n"
                   "realtime-voice | L4\n"
                   "  production | v5\n"
                   "  v6-hotfix | Building\n"
                   "  v6\n"
                   "  v5 | Unhealthy\n");

  /* Usage, under Overview, is a row like it. */
  row = row_at (fixture->sidebar, 1);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "sidebar-overview"));
  g_assert_true (row_selectable (row));

  /* Models are headings: choosing one does nothing. */
  row = row_at (fixture->sidebar, 2);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (row), "sidebar-model"));
  g_assert_false (row_activatable (row));
  g_assert_false (row_selectable (row));
  g_assert_true (gtk_widget_has_css_class (test_find_widget (GTK_WIDGET (row), GTK_TYPE_LABEL, NULL, NULL), "heading"));

  /* The dots: green serves, grey asleep. */
  row = find_row (fixture->sidebar, "chat-assistant", "production");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_has_css_class (row_status_dot (row), "success"));
  g_assert_true (row_activatable (row));
  row = find_row (fixture->sidebar, "chat-assistant", "development");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_has_css_class (row_status_dot (row), "dim-label"));
  g_assert_false (gtk_widget_has_css_class (row_status_dot (row), "success"));
  /* The colour in words, for the pointer. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (row)), ==, "Scaled to zero");

  /* Nothing to say under the rows. */
  g_assert_false (gtk_widget_get_visible (test_find_widget (GTK_WIDGET (fixture->sidebar), test_spinner_type (), NULL, NULL)));
  g_assert_false (gtk_widget_get_visible (test_find_widget (GTK_WIDGET (fixture->sidebar), GTK_TYPE_LABEL,
                                                       "label", "No deployments")));
}

/* Every row says all it shows to a screen reader, status included. */
static void
test_sidebar_accessible (Fixture       *fixture,
                         gconstpointer  data)
{
  GtkWidget *row;
  int n_rows = 0;

  for (int i = 0; (row = row_at (fixture->sidebar, i)) != NULL; i++)
    {
      g_autofree char *text = row_text (row);

      g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL));
      /* Not empty: the label is not "". */
      {
        g_autofree char *mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, "");

        g_assert_nonnull (mismatch);
      }
      n_rows++;
    }
  g_assert_cmpint (n_rows, >, 10);

  assert_label (row_at (fixture->sidebar, 0), "Overview");
  assert_label (row_at (fixture->sidebar, 1), "Usage");
  assert_label (row_at (fixture->sidebar, 2), "chat-assistant, H100");
  assert_label (find_row (fixture->sidebar, "chat-assistant", "production"), "production, v8, Active");
  assert_label (find_row (fixture->sidebar, "chat-assistant", "development"),
                "development, development, Scaled to zero");
  assert_label (find_row (fixture->sidebar, "text-embeddings", "v1"), "v1, Inactive");
  assert_label (find_row (fixture->sidebar, "chat-assistant", "v7"), "v7, Scaled to zero");
  assert_label (find_row (fixture->sidebar, "chat-assistant", "v8"), "v8, Active");

  /* The filter entry is named. */
  gtk_test_accessible_assert_property (test_find_widget (GTK_WIDGET (fixture->sidebar), GTK_TYPE_SEARCH_ENTRY, NULL, NULL),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Filter Deployments");
}

static gboolean
filter_is (gpointer data)
{
  Fixture *fixture = data;

  return g_strcmp0 (isc_target_list_get_filter (fixture->list), "embed") == 0;
}

/* Typing in the filter leaves one model's rows; Escape brings all back. */
static void
test_sidebar_filter (Fixture       *fixture,
                     gconstpointer  data)
{
  GtkWidget *entry = test_find_widget (GTK_WIDGET (fixture->sidebar), GTK_TYPE_SEARCH_ENTRY, NULL, NULL);
  GtkWidget *bar = test_find_widget (GTK_WIDGET (fixture->sidebar), GTK_TYPE_SEARCH_BAR, NULL, NULL);
  g_autofree char *before = sidebar_text (fixture->sidebar);
  g_autofree char *filtered = NULL;
  g_autofree char *after = NULL;

  g_assert_false (gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (bar)));
  isc_sidebar_start_filter (fixture->sidebar);
  test_run_frames (50);
  g_assert_true (gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (bar)));
  g_assert_true (gtk_widget_has_focus (entry) || gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (fixture->window)), entry));

  gtk_editable_set_text (GTK_EDITABLE (entry), "embed");
  g_assert_true (test_wait_for (filter_is, fixture));
  test_run_frames (50);

  filtered = sidebar_text (fixture->sidebar);
  g_test_message ("%s", filtered);
  g_assert_true (g_str_has_prefix (filtered, "Overview\nUsage\ntext-embeddings | "));
  g_assert_null (strstr (filtered, "chat-assistant"));
  g_assert_null (strstr (filtered, "audio-transcription"));
  g_assert_nonnull (find_row (fixture->sidebar, "text-embeddings", "production"));
  g_assert_nonnull (find_row (fixture->sidebar, "text-embeddings", "v1"));

  /* Nothing matches: it says so. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "zzz");
  while (g_list_model_get_n_items (G_LIST_MODEL (fixture->list)) > 0)
    g_main_context_iteration (NULL, TRUE);
  test_run_frames (50);
  g_assert_true (gtk_widget_get_visible (test_find_widget (GTK_WIDGET (fixture->sidebar), GTK_TYPE_LABEL,
                                                      "label", "No matching deployments")));

  /* Escape empties the filter and hides it. */
  g_signal_emit_by_name (entry, "stop-search");
  test_run_frames (50);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_false (gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (bar)));
  after = sidebar_text (fixture->sidebar);
  g_assert_cmpstr (after, ==, before);
}

/* Choosing a row tells the window, once; a heading tells nothing. */
static void
test_sidebar_activate (Fixture       *fixture,
                       gconstpointer  data)
{
  GtkWidget *row = find_row (fixture->sidebar, "text-embeddings", "production");
  const IscTarget *target;

  g_assert_nonnull (row);
  activate_row (fixture->sidebar, row);
  g_assert_cmpuint (fixture->activated->len, ==, 1);
  target = g_ptr_array_index (fixture->activated, 0);
  g_assert_cmpstr (target->model_id, ==, ISC_DEMO_MODEL_EMBED);
  g_assert_cmpint (target->kind, ==, ISC_TARGET_ENVIRONMENT);
  g_assert_cmpstr (target->id, ==, ISC_DEMO_ENVIRONMENT_PRODUCTION);
  g_assert_true (selected_row (fixture->sidebar) == row);
  g_assert_true (isc_target_equal (isc_sidebar_get_selected_target (fixture->sidebar), target));

  /* Again on the row shown: a collapsed window shows the content again. */
  activate_row (fixture->sidebar, row);
  g_assert_cmpuint (fixture->activated->len, ==, 2);

  /* A deployment row, chosen by selecting it (arrow keys). */
  row = find_row (fixture->sidebar, "chat-assistant", "v7");
  select_row (fixture->sidebar, row);
  g_assert_cmpuint (fixture->activated->len, ==, 3);
  target = g_ptr_array_index (fixture->activated, 2);
  g_assert_cmpstr (target->model_id, ==, ISC_DEMO_MODEL_CHAT);
  g_assert_cmpint (target->kind, ==, ISC_TARGET_DEPLOYMENT);
  g_assert_cmpstr (target->id, ==, ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS);

  /* A model heading does nothing. */
  activate_row (fixture->sidebar, row_at (fixture->sidebar, 2));
  g_assert_cmpuint (fixture->activated->len, ==, 3);
  g_assert_true (selected_row (fixture->sidebar) == row);
}

/* Setting the target from code selects its row, without telling. */
static void
test_sidebar_select (Fixture       *fixture,
                     gconstpointer  data)
{
  GtkWidget *entry = test_find_widget (GTK_WIDGET (fixture->sidebar), GTK_TYPE_SEARCH_ENTRY, NULL, NULL);
  g_autoptr(IscTarget) d7 = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                            ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS, NULL, NULL);
  g_autoptr(IscTarget) missing = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                                 "nope", NULL, NULL);
  g_autoptr(IscTarget) got = NULL;
  guint notified = 0;

  g_signal_connect_swapped (fixture->sidebar, "notify::selected-target",
                            G_CALLBACK (g_atomic_int_inc), &notified);

  g_object_set (fixture->sidebar, "selected-target", d7, NULL);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (selected_row (fixture->sidebar) == find_row (fixture->sidebar, "chat-assistant", "v7"));
  g_object_get (fixture->sidebar, "selected-target", &got, NULL);
  g_assert_true (isc_target_equal (got, d7));
  g_assert_cmpuint (fixture->activated->len, ==, 0);

  /* The same again: nothing changes. */
  isc_sidebar_set_selected_target (fixture->sidebar, d7);
  g_assert_cmpuint (notified, ==, 1);

  /* Filtered out and back: selected again. */
  gtk_editable_set_text (GTK_EDITABLE (entry), "embed");
  g_assert_true (test_wait_for (filter_is, fixture));
  g_assert_null (selected_row (fixture->sidebar));
  g_assert_true (isc_target_equal (isc_sidebar_get_selected_target (fixture->sidebar), d7));
  isc_target_list_set_filter (fixture->list, NULL);
  g_assert_true (selected_row (fixture->sidebar) == find_row (fixture->sidebar, "chat-assistant", "v7"));
  g_assert_cmpuint (fixture->activated->len, ==, 0);

  /* Not listed, or none: no row. */
  isc_sidebar_set_selected_target (fixture->sidebar, missing);
  g_assert_null (selected_row (fixture->sidebar));
  isc_sidebar_set_selected_target (fixture->sidebar, d7);
  isc_sidebar_set_selected_target (fixture->sidebar, NULL);
  g_assert_null (selected_row (fixture->sidebar));
  g_assert_null (isc_sidebar_get_selected_target (fixture->sidebar));
  g_assert_cmpuint (notified, ==, 4);
  g_assert_cmpuint (fixture->activated->len, ==, 0);
}

static gboolean
not_loading (gpointer data)
{
  return !isc_target_list_get_loading (data);
}

/* Counts ::reload-requested or ::add-requested. */
static void
on_reload_requested (IscSidebar *sidebar,
                     guint      *count)
{
  (*count)++;
}

/* Loading: a spinner; nothing: says so; a failure: why, and Retry. */
static void
test_sidebar_states (Fixture       *fixture,
                     gconstpointer  data)
{
  GtkWidget *root = GTK_WIDGET (fixture->sidebar);
  GtkWidget *spinner = test_find_widget (root, test_spinner_type (), NULL, NULL);
  GtkWidget *empty = test_find_widget (root, GTK_TYPE_LABEL, "label", "No deployments");
  g_autoptr(IscClient) dead = NULL;
  g_autoptr(IscDemoServer) gone = isc_demo_server_new (1, NULL);
  g_autoptr(GSocketListener) listener = NULL;
  g_autoptr(GSocketAddress) loopback = NULL;
  g_autoptr(GSocketAddress) bound = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(IscClient) silent = NULL;
  g_autofree char *silent_url = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *retry;
  GtkWidget *message;
  gboolean done = FALSE;
  guint reloads = 0;
  guint adds = 0;
  GtkWidget *add;

  /* Before anything: nothing listed, and no spinner turning. */
  test_run_frames (50);
  g_assert_nonnull (empty);
  g_assert_true (gtk_widget_get_visible (empty));
  g_assert_false (test_spinner_turning (spinner));

  /* A server that takes the connection and never answers: loading. */
  listener = g_socket_listener_new ();
  loopback = g_inet_socket_address_new_from_string ("127.0.0.1", 0);
  g_socket_listener_add_address (listener, loopback, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                 NULL, &bound, &error);
  g_assert_no_error (error);
  silent_url = g_strdup_printf ("http://127.0.0.1:%u",
                                g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)));
  silent = isc_client_new (silent_url, NULL, &error);
  g_assert_no_error (error);
  cancellable = g_cancellable_new ();
  isc_target_list_reload_async (fixture->list, silent, cancellable, NULL, NULL);
  g_assert_true (isc_target_list_get_loading (fixture->list));
  test_run_frames (100);
  g_assert_true (gtk_widget_get_visible (spinner));
  g_assert_true (test_spinner_turning (spinner));
  g_assert_false (gtk_widget_get_visible (empty));
#if ADW_CHECK_VERSION (1, 6, 0)
  /* The current spinner, and no old one left. */
  g_assert_cmpuint (test_count_gtk_spinners (root), ==, 0);
#endif

  /* Out of sight, it stops turning. */
  gtk_widget_set_visible (GTK_WIDGET (fixture->sidebar), FALSE);
  g_assert_false (test_spinner_turning (spinner));
  gtk_widget_set_visible (GTK_WIDGET (fixture->sidebar), TRUE);
  test_run_frames (50);
  g_assert_true (test_spinner_turning (spinner));

  g_cancellable_cancel (cancellable);
  g_assert_true (test_wait_for (not_loading, fixture->list));
  test_run_frames (20);
  g_assert_false (test_spinner_turning (spinner));
  g_clear_object (&silent);
  g_socket_listener_close (listener);

  isc_target_list_reload_async (fixture->list, fixture->client, NULL, reload_cb, &done);
  g_assert_true (test_wait_for (reload_done, &done));
  test_run_frames (20);
  g_assert_false (gtk_widget_get_visible (spinner));
  g_assert_false (test_spinner_turning (spinner));
  g_assert_false (gtk_widget_get_visible (empty));

  /* A server that went away. */
  isc_target_list_clear (fixture->list);
  test_run_frames (20);
  g_assert_true (gtk_widget_get_visible (empty));
  isc_demo_server_listen_loopback (gone, 0, &error);
  g_assert_no_error (error);
  dead = isc_client_new (isc_demo_server_get_base_url (gone), NULL, &error);
  g_assert_no_error (error);
  isc_demo_server_stop (gone);
  test_run_frames (20);

  isc_target_list_reload_async (fixture->list, dead, NULL, NULL, NULL);
  g_assert_true (test_wait_for (not_loading, fixture->list));
  test_run_frames (20);
  g_assert_nonnull (isc_target_list_get_error (fixture->list));
  g_assert_false (gtk_widget_get_visible (spinner));
  g_assert_false (test_spinner_turning (spinner));
  g_assert_false (gtk_widget_get_visible (empty));
  message = test_find_widget (root, GTK_TYPE_LABEL, "label", isc_target_list_get_error (fixture->list)->message);
  g_assert_nonnull (message);
  g_assert_true (gtk_widget_is_visible (message));
  retry = test_find_widget (root, GTK_TYPE_BUTTON, "label", "_Retry");
  g_assert_nonnull (retry);
  g_assert_true (gtk_widget_is_visible (retry));
  g_signal_connect (fixture->sidebar, "reload-requested", G_CALLBACK (on_reload_requested), &reloads);
  g_signal_emit_by_name (retry, "clicked");
  g_assert_cmpuint (reloads, ==, 1);

  /* Add by ID… is there whatever the list holds, and asks for the dialog. */
  add = test_find_widget (root, GTK_TYPE_LABEL, "label", "_Add by ID…");
  g_assert_nonnull (add);
  g_assert_true (gtk_widget_is_visible (add));
  add = gtk_widget_get_ancestor (add, GTK_TYPE_BUTTON);
  g_assert_nonnull (add);
  g_signal_connect (fixture->sidebar, "add-requested", G_CALLBACK (on_reload_requested), &adds);
  g_signal_emit_by_name (add, "clicked");
  g_assert_cmpuint (adds, ==, 1);
  g_assert_cmpuint (reloads, ==, 1);

  g_clear_object (&dead);
  test_run_frames (100);
}

/* The dialog */

typedef struct
{
  IscAccount *account;
  GtkWidget  *dialog;
  GPtrArray  *added;
} DialogFixture;

static void
on_target_added (IscAddTargetDialog *dialog,
                 const IscTarget    *target,
                 GPtrArray          *added)
{
  g_ptr_array_add (added, isc_target_copy (target));
}

static GtkWidget *
dialog_add_button (GtkWidget *dialog)
{
  GtkWidget *add = test_find_widget (dialog, GTK_TYPE_BUTTON, "label", "_Add");

  g_assert_nonnull (add);
  return add;
}

static GtkWidget *
dialog_row (GtkWidget  *dialog,
            const char *title)
{
  GtkWidget *row = test_find_widget (dialog, ADW_TYPE_PREFERENCES_ROW, "title", title);

  g_assert_nonnull (row);
  return row;
}

static gboolean
stopped_spinning (gpointer data)
{
  return !test_spinner_turning (data);
}

/* The label that wears the error colour. */
static GtkWidget *
dialog_error (GtkWidget *dialog)
{
  GQueue queue = G_QUEUE_INIT;
  GtkWidget *label = NULL;
  GtkWidget *child;

  g_queue_push_tail (&queue, dialog);
  while ((child = g_queue_pop_head (&queue)) != NULL)
    {
      if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, "error"))
        label = child;
      for (GtkWidget *c = gtk_widget_get_first_child (child); c != NULL; c = gtk_widget_get_next_sibling (c))
        g_queue_push_tail (&queue, c);
    }

  g_assert_nonnull (label);
  return label;
}

static gboolean
pointer_is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
widget_is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

/* Shown over @parent (an AdwWindow, as the app's) and drawn: an AdwDialog
 * inside it where libadwaita has it (1.5), else a modal window over it. */
static void
present_add_dialog (GtkWidget *dialog,
                    GtkWindow *parent)
{
  isc_add_target_dialog_present (ISC_ADD_TARGET_DIALOG (dialog));
  g_assert_true (test_wait_for (widget_is_mapped, dialog));
  test_run_frames (50);
#if ADW_CHECK_VERSION (1, 5, 0)
  g_assert_true (ADW_IS_DIALOG (dialog));
  g_assert_true (gtk_widget_get_root (dialog) == GTK_ROOT (parent));
  g_assert_true (adw_window_get_visible_dialog (ADW_WINDOW (parent)) == ADW_DIALOG (dialog));
  g_assert_cmpstr (adw_dialog_get_title (ADW_DIALOG (dialog)), ==, "Add by ID");
#else
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == parent);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Add by ID");
#endif
}

static GtkWindow *
add_dialog_parent (int width)
{
  GtkWindow *window = GTK_WINDOW (adw_window_new ());

  gtk_window_set_default_size (window, width, 600);
  gtk_window_present (window);
  g_assert_true (test_wait_for (widget_is_mapped, window));
  return window;
}

static void
test_dialog_add (Fixture       *fixture,
                 gconstpointer  data)
{
  GtkWindow *parent = add_dialog_parent (800);
  g_autoptr(IscAccount) account = NULL;
  g_autoptr(GPtrArray) added = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_target_free);
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;
  GtkWidget *add;
  GtkWidget *spinner;
  GtkWidget *message;
  GtkWidget *model_row;
  GtkWidget *id_row;
  const IscTarget *target;
  gpointer weak;

  account = isc_account_new (isc_demo_server_get_base_url (fixture->server), NULL,
                             ISC_KEY_SOURCE_NONE, NULL, &error);
  g_assert_no_error (error);

  dialog = isc_add_target_dialog_new (parent, account);
  weak = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), &weak);
  g_signal_connect (dialog, "target-added", G_CALLBACK (on_target_added), added);
  present_add_dialog (dialog, parent);

  add = dialog_add_button (dialog);
  spinner = test_find_widget (dialog, test_spinner_type (), NULL, NULL);
  model_row = dialog_row (dialog, "Model ID");
  id_row = dialog_row (dialog, "Deployment ID");
  message = dialog_error (dialog);

  /* Typing starts at the model's id; nothing typed: nothing to add. */
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (gtk_widget_get_root (dialog)), model_row));
  g_assert_false (gtk_widget_get_sensitive (add));
  gtk_editable_set_text (GTK_EDITABLE (model_row), ISC_DEMO_MODEL_CHAT);
  g_assert_false (gtk_widget_get_sensitive (add));
  gtk_editable_set_text (GTK_EDITABLE (id_row), "nope");
  g_assert_true (gtk_widget_get_sensitive (add));

  /* One that does not exist: says so and stays. */
  g_signal_emit_by_name (add, "clicked");
  g_assert_false (gtk_widget_get_sensitive (add));
  g_assert_true (gtk_widget_get_visible (spinner));
  g_assert_true (test_spinner_turning (spinner));
  g_assert_false (gtk_editable_get_editable (GTK_EDITABLE (id_row)));
#if ADW_CHECK_VERSION (1, 6, 0)
  g_assert_cmpuint (test_count_gtk_spinners (dialog), ==, 0);
#endif
  g_assert_true (test_wait_for (stopped_spinning, spinner));
  test_run_frames (20);
  g_assert_true (gtk_widget_is_visible (message));
  g_test_message ("%s", gtk_label_get_text (GTK_LABEL (message)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (message)), "nope"));
  g_assert_cmpuint (added->len, ==, 0);
  g_assert_nonnull (weak);
  g_assert_true (gtk_widget_get_mapped (dialog));
  g_assert_true (gtk_widget_get_sensitive (add));
  g_assert_false (gtk_widget_get_visible (spinner));
  g_assert_true (gtk_editable_get_editable (GTK_EDITABLE (id_row)));

  /* Correcting it takes the words away; one that exists is added. */
  gtk_editable_set_text (GTK_EDITABLE (id_row), ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_assert_false (gtk_widget_get_visible (message));
  g_signal_emit_by_name (add, "clicked");
  while (added->len == 0 && weak != NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (added->len, ==, 1);
  target = g_ptr_array_index (added, 0);
  g_assert_cmpstr (target->model_id, ==, ISC_DEMO_MODEL_CHAT);
  g_assert_cmpint (target->kind, ==, ISC_TARGET_DEPLOYMENT);
  g_assert_cmpstr (target->id, ==, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  /* It closes (an AdwDialog after its animation). */
  g_assert_true (test_wait_for (pointer_is_null, &weak));

  /* An environment, by name. */
  dialog = isc_add_target_dialog_new (parent, account);
  weak = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), &weak);
  g_signal_connect (dialog, "target-added", G_CALLBACK (on_target_added), added);
  present_add_dialog (dialog, parent);
  adw_combo_row_set_selected (ADW_COMBO_ROW (dialog_row (dialog, "Kind")), 1);
  gtk_editable_set_text (GTK_EDITABLE (dialog_row (dialog, "Model ID")), " " ISC_DEMO_MODEL_EMBED " ");
  gtk_editable_set_text (GTK_EDITABLE (dialog_row (dialog, "Environment Name")), ISC_DEMO_ENVIRONMENT_DEVELOPMENT);
  g_signal_emit_by_name (dialog_row (dialog, "Environment Name"), "entry-activated");
  while (added->len == 1 && weak != NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (added->len, ==, 2);
  target = g_ptr_array_index (added, 1);
  g_assert_cmpstr (target->model_id, ==, ISC_DEMO_MODEL_EMBED);
  g_assert_cmpint (target->kind, ==, ISC_TARGET_ENVIRONMENT);
  g_assert_cmpstr (target->id, ==, ISC_DEMO_ENVIRONMENT_DEVELOPMENT);
  /* It closes (an AdwDialog after its animation). */
  g_assert_true (test_wait_for (pointer_is_null, &weak));

  /* Closed while checking, as Escape does, in a 360 px window (a bottom
   * sheet where libadwaita has AdwDialog): nothing is added, even by a
   * check that would end while the sheet slides away. */
  gtk_window_destroy (parent);
  parent = add_dialog_parent (360);
  dialog = isc_add_target_dialog_new (parent, account);
  weak = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), &weak);
  g_signal_connect (dialog, "target-added", G_CALLBACK (on_target_added), added);
  present_add_dialog (dialog, parent);
  gtk_editable_set_text (GTK_EDITABLE (dialog_row (dialog, "Model ID")), ISC_DEMO_MODEL_CHAT);
  gtk_editable_set_text (GTK_EDITABLE (dialog_row (dialog, "Deployment ID")), ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS);
  test_run_frames (50);
  g_signal_emit_by_name (dialog_add_button (dialog), "clicked");
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_close (ADW_DIALOG (dialog));
#else
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_false (gtk_widget_get_visible (dialog));
#endif
  test_run_frames (800);
  g_assert_null (weak);
  g_assert_cmpuint (added->len, ==, 2);

  gtk_window_destroy (parent);
  g_clear_object (&account);
  test_run_frames (100);
}

static gboolean
sidebar_has_model_rows (gpointer data)
{
  /* The Overview and Usage rows, then a model's. */
  return row_at (ISC_SIDEBAR (data), 2) != NULL;
}

typedef struct
{
  IscSidebar *sidebar;
  const char *model_title;
  const char *title;
} RowWanted;

static gboolean
row_is_there (gpointer data)
{
  RowWanted *wanted = data;

  return find_row (wanted->sidebar, wanted->model_title, wanted->title) != NULL;
}

/* Scrolls to the end, as a person would while rows come in below. */
static gboolean
row_is_there_at_end (gpointer data)
{
  RowWanted *wanted = data;
  GtkWidget *list = GTK_WIDGET (sidebar_list (wanted->sidebar));
  GtkAdjustment *adjustment =
    gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW)));

  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  return row_is_there (data);
}

/* The name the demo gave a generated model. */
static const char *
model_title (IscTargetList *list,
             const char    *model_id)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      g_autoptr(IscTargetItem) item = g_list_model_get_item (G_LIST_MODEL (list), i);

      if (isc_target_item_get_kind (item) == ISC_TARGET_ITEM_MODEL &&
          g_str_equal (isc_target_item_get_model_id (item), model_id))
        return isc_target_item_get_title (item);
    }

  g_assert_not_reached ();
}

/* A large account: the models show at once, and a model's targets when
 * its rows come in sight or one of them is chosen. */
static void
test_sidebar_large_account (Fixture       *fixture,
                            gconstpointer  data)
{
  gboolean done = FALSE;
  g_autoptr(IscTarget) chosen = isc_target_new ("fleet-0030", ISC_TARGET_ENVIRONMENT, "development",
                                                NULL, NULL);
  RowWanted last = { fixture->sidebar, NULL, "production" };
  RowWanted chosen_row = { fixture->sidebar, NULL, "development" };
  g_autofree char *text = NULL;

  isc_sidebar_set_selected_target (fixture->sidebar, chosen);
  isc_target_list_reload_async (fixture->list, fixture->client, NULL, reload_cb, &done);

  /* Rows while discovery is still at work, and no spinner over them. */
  g_assert_true (test_wait_for (sidebar_has_model_rows, fixture->sidebar));
  g_assert_true (isc_target_list_get_loading (fixture->list));
  last.model_title = model_title (fixture->list, "fleet-0040");
  chosen_row.model_title = model_title (fixture->list, "fleet-0030");
  text = sidebar_text (fixture->sidebar);
  g_assert_nonnull (strstr (text, last.model_title));
  g_assert_null (test_find_shown (GTK_WIDGET (fixture->sidebar), test_spinner_type (), NULL, NULL));

  /* The chosen target, far down, is listed and selected. */
  g_assert_true (test_wait_for (reload_done, &done));
  g_assert_true (test_wait_for (row_is_there, &chosen_row));
  test_run_frames (10);
  g_assert_true (selected_row (fixture->sidebar) ==
                 find_row (fixture->sidebar, chosen_row.model_title, "development"));

  /* The last model's targets come when it is scrolled into sight. */
  g_assert_false (isc_target_list_get_model_listed (fixture->list, "fleet-0040"));
  g_assert_true (test_wait_for (row_is_there_at_end, &last));

  /* GTK 4.8's scrolled window hides its scrollbars a moment after a
   * scroll, asking where the pointer is: let it before the window goes. */
  test_run_frames (1500);
}

/* Tooltips as rows are made again for other items: each row says what
 * its own item's dot means, and no more. GTK 4.8 asks the X server where
 * the pointer is on every tooltip set, so a row is never told again the
 * tooltip it has: a large account binds rows by the hundred (the
 * benchmark build-aux/bench-large measured the stall it made). */
static void
on_tooltip_notify (GtkWidget  *row,
                   GParamSpec *pspec,
                   guint      *repeated)
{
  const char *now = gtk_widget_get_tooltip_text (row);

  if (g_strcmp0 (now, g_object_get_data (G_OBJECT (row), "test-last-tooltip")) == 0)
    (*repeated)++;
  g_object_set_data_full (G_OBJECT (row), "test-last-tooltip", g_strdup (now), g_free);
}

static void
watch_row_tooltips (IscSidebar *sidebar,
                    guint      *repeated)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (sidebar_list (sidebar)));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row = gtk_widget_get_first_child (child);

      if (row == NULL || g_object_get_data (G_OBJECT (row), "test-watched") != NULL)
        continue;
      g_object_set_data (G_OBJECT (row), "test-watched", GINT_TO_POINTER (TRUE));
      g_object_set_data_full (G_OBJECT (row), "test-last-tooltip",
                              g_strdup (gtk_widget_get_tooltip_text (row)), g_free);
      g_signal_connect (row, "notify::tooltip-text", G_CALLBACK (on_tooltip_notify), repeated);
    }
}

static void
test_sidebar_tooltips (Fixture       *fixture,
                       gconstpointer  data)
{
  const char * const filters[] = { "development", "v", "", "audio", "" };
  guint repeated = 0;
  GtkWidget *row;

  for (guint f = 0; f < G_N_ELEMENTS (filters); f++)
    {
      watch_row_tooltips (fixture->sidebar, &repeated);
      isc_target_list_set_filter (fixture->list, filters[f]);
      test_run_frames (50);
    }

  g_assert_cmpuint (repeated, ==, 0);

  /* Only the Overview, Usage and the environments have one, each its own. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (row_at (fixture->sidebar, 0)), ==,
                   "Every environment and active deployment at a glance");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (row_at (fixture->sidebar, 1)), ==,
                   "What the workspace spent each day, by deployment");
  for (int i = 2; (row = row_at (fixture->sidebar, i)) != NULL; i++)
    {
      g_autofree char *text = row_text (row);
      gboolean environment = gtk_widget_has_css_class (row, "sidebar-target") &&
                             gtk_widget_get_opacity (row_status_dot (row)) > 0.0;

      g_test_message ("%s: %s", text, gtk_widget_get_tooltip_text (row));
      if (environment)
        g_assert_nonnull (gtk_widget_get_tooltip_text (row));
      else
        g_assert_null (gtk_widget_get_tooltip_text (row));
    }
  row = find_row (fixture->sidebar, "chat-assistant", "development");
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (row), ==, "Scaled to zero");
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add ("/isc/sidebar/rows", Fixture, NULL,
              fixture_set_up_loaded, test_sidebar_rows, fixture_tear_down);
  g_test_add ("/isc/sidebar/accessible", Fixture, NULL,
              fixture_set_up_loaded, test_sidebar_accessible, fixture_tear_down);
  g_test_add ("/isc/sidebar/filter", Fixture, NULL,
              fixture_set_up_loaded, test_sidebar_filter, fixture_tear_down);
  g_test_add ("/isc/sidebar/activate", Fixture, NULL,
              fixture_set_up_loaded, test_sidebar_activate, fixture_tear_down);
  g_test_add ("/isc/sidebar/select", Fixture, NULL,
              fixture_set_up_loaded, test_sidebar_select, fixture_tear_down);
  g_test_add ("/isc/sidebar/states", Fixture, NULL,
              fixture_set_up, test_sidebar_states, fixture_tear_down);
  g_test_add ("/isc/sidebar/add-dialog", Fixture, NULL,
              fixture_set_up, test_dialog_add, fixture_tear_down);
  g_test_add ("/isc/sidebar/tooltips", Fixture, NULL,
              fixture_set_up_loaded, test_sidebar_tooltips, fixture_tear_down);
  g_test_add ("/isc/sidebar/large-account", Fixture, GUINT_TO_POINTER (40),
              fixture_set_up, test_sidebar_large_account, fixture_tear_down);

  return g_test_run ();
}
