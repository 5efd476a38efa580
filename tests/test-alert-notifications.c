/* test-alert-notifications.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The application's background alerts, end to end on the demo: a rule
 * on the demo's production environment fires at its daily 5xx incident
 * and sends one notification, captured by a notification server double
 * (org.gtk.Notifications on the test's session bus), titled with the
 * target and the share, whose action opens the chart at that time; it
 * sends nothing more while the rule keeps firing, and a resolved notice
 * with the same id after. "Run in Background" holds the application.
 */

#include "config.h"

#include <string.h>

#include "isc-alert-watcher.h"
#include "isc-test-app.h"
#include "isc-test-gtk.h"

#define MIN_MS G_GINT64_CONSTANT (60000)

static const char introspection_xml[] =
  "<node>"
  "  <interface name='org.gtk.Notifications'>"
  "    <method name='AddNotification'>"
  "      <arg type='s' direction='in'/>"
  "      <arg type='s' direction='in'/>"
  "      <arg type='a{sv}' direction='in'/>"
  "    </method>"
  "    <method name='RemoveNotification'>"
  "      <arg type='s' direction='in'/>"
  "      <arg type='s' direction='in'/>"
  "    </method>"
  "  </interface>"
  "</node>";

typedef struct
{
  char     *app_id;
  char     *id;
  GVariant *notification;
} Captured;

static GPtrArray *captured;
/* The bus, kept open: the name goes with the last reference. */
static GDBusConnection *notification_bus;

static void
captured_free (Captured *c)
{
  g_free (c->app_id);
  g_free (c->id);
  g_variant_unref (c->notification);
  g_free (c);
}

static void
method_call_cb (GDBusConnection       *connection,
                const char            *sender,
                const char            *object_path,
                const char            *interface_name,
                const char            *method_name,
                GVariant              *parameters,
                GDBusMethodInvocation *invocation,
                gpointer               user_data)
{
  if (g_str_equal (method_name, "AddNotification"))
    {
      Captured *c = g_new0 (Captured, 1);

      g_variant_get (parameters, "(ss@a{sv})", &c->app_id, &c->id, &c->notification);
      g_ptr_array_add (captured, c);
    }
  g_dbus_method_invocation_return_value (invocation, NULL);
}

static const GDBusInterfaceVTable vtable = { method_call_cb, NULL, NULL };

/* The double, on the bus before the application sends anything: GIO
 * chooses org.gtk.Notifications when the name has an owner. */
static void
start_notification_server (void)
{
  GDBusConnection *bus;
  g_autoptr(GDBusNodeInfo) info = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  guint32 result;

  captured = g_ptr_array_new_with_free_func ((GDestroyNotify) captured_free);

  bus = notification_bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_assert_no_error (error);
  info = g_dbus_node_info_new_for_xml (introspection_xml, &error);
  g_assert_no_error (error);
  g_dbus_connection_register_object (bus, "/org/gtk/Notifications", info->interfaces[0], &vtable,
                                     NULL, NULL, &error);
  g_assert_no_error (error);
  reply = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "RequestName",
                                       g_variant_new ("(su)", "org.gtk.Notifications", 4 /* DO_NOT_QUEUE */),
                                       G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
  g_variant_get (reply, "(u)", &result);
  g_assert_cmpuint (result, ==, 1);  /* PRIMARY_OWNER */
}

static gboolean
has_captured (gpointer data)
{
  return captured->len >= GPOINTER_TO_UINT (data);
}

static gboolean
is_idle (gpointer data)
{
  return !isc_alert_watcher_get_loading (data);
}

static void
fetch_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  IscMetricsResponse **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &error);
  g_assert_no_error (error);
}

static gint64
peak_within (IscClient       *client,
             const IscTarget *target,
             gint64           start_ms,
             gint64           end_ms)
{
  static const char * const metrics[] = { "baseten_inference_requests_total", NULL };
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (start_ms, end_ms);
  g_autoptr(IscQuery) query = isc_target_make_query (target, ISC_MODE_SERIES, range, metrics);
  g_autoptr(IscMetricsResponse) response = NULL;
  gint64 peak_ms;

  isc_client_fetch_metrics_async (client, query, NULL, fetch_cb, &response);
  g_assert_true (test_wait_for (test_pointer_is_set, &response));
  peak_ms = test_peak_5xx_ms (response);
  return peak_ms;
}

static void
check_at (IscAlertWatcher *watcher,
          gint64           now_ms)
{
  isc_alert_watcher_set_now_ms (watcher, now_ms);
  isc_alert_watcher_check (watcher);
  g_assert_true (isc_alert_watcher_get_loading (watcher));
  g_assert_true (test_wait_for (is_idle, watcher));
  test_iterate ();
}

static const char *
title_of (Captured *c)
{
  const char *title = NULL;

  g_assert_true (g_variant_lookup (c->notification, "title", "&s", &title));
  return title;
}

static void
test_incident (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  IscAlertWatcher *watcher = isc_application_get_alert_watcher (test_app);
  g_autoptr(IscTarget) target = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT,
                                                ISC_DEMO_ENVIRONMENT_PRODUCTION, "demo-chat", "production");
  g_autoptr(GPtrArray) rules = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_alert_rule_free);
  g_autoptr(IscAlertRule) rule = isc_alert_rule_new (target, ISC_ALERT_KIND_ERROR_SHARE, 0.01, 5);
  g_autofree char *rule_id = isc_alert_rule_dup_id (rule);
  g_autoptr(GVariant) action_target = NULL;
  IscClient *client;
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 coarse_ms, peak_ms, time_ms;
  const char *action = NULL;
  Captured *fired, *resolved;
  guint windows_before;

  g_assert_nonnull (watcher);
  g_assert_true (isc_session_use_demo (test_app_session (), NULL));
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  client = isc_alert_watcher_get_client (watcher);
  g_assert_nonnull (client);  /* the demo account's */

  /* The incident of a day that has ended, found roughly, then to the
   * step; the demo's clock is the real one. */
  coarse_ms = peak_within (client, target, now_ms - 48 * 60 * MIN_MS, now_ms - 24 * 60 * MIN_MS);
  peak_ms = peak_within (client, target, coarse_ms - 60 * MIN_MS, coarse_ms + 60 * MIN_MS);

  /* Before it: the rule is added, checked at once, and quiet. */
  isc_alert_watcher_set_now_ms (watcher, peak_ms - 60 * MIN_MS);
  g_ptr_array_add (rules, isc_alert_rule_copy (rule));
  isc_alert_rules_save (settings, rules);
  g_assert_true (test_wait_for (is_idle, watcher));
  test_run_frames (100);
  g_assert_cmpuint (captured->len, ==, 0);

  /* At its peak: one notification, titled with the target and the share. */
  check_at (watcher, peak_ms + 3 * MIN_MS);
  g_assert_true (test_wait_for (has_captured, GUINT_TO_POINTER (1)));
  fired = g_ptr_array_index (captured, 0);
  g_assert_cmpstr (fired->app_id, ==, g_application_get_application_id (G_APPLICATION (test_app)));
  g_assert_cmpstr (fired->id, ==, rule_id);
  g_assert_true (g_str_has_prefix (title_of (fired), "demo-chat · production: 5xx share "));
  g_assert_true (g_str_has_suffix (title_of (fired), " above 1\u00a0%"));
  g_assert_true (g_variant_lookup (fired->notification, "default-action", "&s", &action));
  g_assert_cmpstr (action, ==, "app.open-chart");
  action_target = g_variant_lookup_value (fired->notification, "default-action-target", G_VARIANT_TYPE ("(a{sv}x)"));
  g_assert_nonnull (action_target);

  /* Still firing: nothing more. */
  check_at (watcher, peak_ms + 5 * MIN_MS);
  test_run_frames (100);
  g_assert_cmpuint (captured->len, ==, 1);

  /* After it: the resolved notice replaces the alert. */
  check_at (watcher, peak_ms + 60 * MIN_MS);
  g_assert_true (test_wait_for (has_captured, GUINT_TO_POINTER (2)));
  resolved = g_ptr_array_index (captured, 1);
  g_assert_cmpstr (resolved->id, ==, rule_id);
  g_assert_true (g_str_has_prefix (title_of (resolved), "demo-chat · production: 5xx share back to "));
  check_at (watcher, peak_ms + 62 * MIN_MS);
  test_run_frames (100);
  g_assert_cmpuint (captured->len, ==, 2);

  /* The alert's action opens the charts of the target around the time. */
  g_variant_get_child (action_target, 1, "x", &time_ms);
  g_assert_cmpint (time_ms, >, peak_ms - 10 * MIN_MS);
  g_assert_cmpint (time_ms, <=, peak_ms + 3 * MIN_MS);
  windows_before = test_app_count_windows ();
  g_action_group_activate_action (G_ACTION_GROUP (test_app), "open-chart", action_target);
  g_assert_cmpuint (test_app_count_windows (), ==, windows_before + 1);
  {
    IscWindow *window = ISC_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (test_app)));
    IscView *view;
    gint64 start_ms, end_ms;

    g_assert_nonnull (window);
    view = isc_window_get_view (window);
    test_wait_for_view (window);
    g_assert_true (isc_target_equal (isc_view_get_target (view), target));
    g_assert_cmpint (isc_view_get_mode (view), ==, ISC_MODE_SERIES);
    g_assert_cmpint (isc_view_get_range (view)->kind, ==, ISC_TIME_RANGE_ABSOLUTE);
    isc_time_range_resolve (isc_view_get_range (view), now_ms, &start_ms, &end_ms);
    g_assert_cmpint (start_ms, <, time_ms);
    g_assert_cmpint (end_ms, >, time_ms);
    g_assert_cmpint (end_ms - start_ms, <=, 2 * 60 * MIN_MS);
    gtk_window_destroy (GTK_WINDOW (window));
  }

  g_settings_reset (settings, "alert-rules");
  g_assert_cmpuint (isc_alert_watcher_get_rules (watcher)->len, ==, 0);
}

/* A rule keeps the names its target had: a notification shows them as
 * the window does, an override and zero-width characters visible, on
 * one line, isolated from the words around. */
static void
test_names (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  IscAlertWatcher *watcher = isc_application_get_alert_watcher (test_app);
  g_autoptr(IscTarget) target = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT,
                                                ISC_DEMO_ENVIRONMENT_PRODUCTION,
                                                "demo\xe2\x80\xae" "tahc",
                                                "pro\xe2\x80\x8b" "duc\ntion");
  g_autoptr(GPtrArray) rules = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_alert_rule_free);
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 coarse_ms, peak_ms;
  guint before;
  const char *title;

  g_assert_true (isc_session_use_demo (test_app_session (), NULL));
  g_assert_true (test_wait_for (test_session_is_ready, NULL));
  coarse_ms = peak_within (isc_alert_watcher_get_client (watcher), target,
                           now_ms - 48 * 60 * MIN_MS, now_ms - 24 * 60 * MIN_MS);
  peak_ms = peak_within (isc_alert_watcher_get_client (watcher), target,
                         coarse_ms - 60 * MIN_MS, coarse_ms + 60 * MIN_MS);

  isc_alert_watcher_set_now_ms (watcher, peak_ms - 60 * MIN_MS);
  g_ptr_array_add (rules, isc_alert_rule_new (target, ISC_ALERT_KIND_ERROR_SHARE, 0.01, 4));
  isc_alert_rules_save (settings, rules);
  g_assert_true (test_wait_for (is_idle, watcher));
  before = captured->len;

  check_at (watcher, peak_ms + 3 * MIN_MS);
  g_assert_true (test_wait_for (has_captured, GUINT_TO_POINTER (before + 1)));
  title = title_of (g_ptr_array_index (captured, before));
  g_assert_true (g_str_has_prefix (title, "\xe2\x81\xa8" "demo<U+202E>tahc\xe2\x81\xa9 \xc2\xb7 "
                                          "\xe2\x81\xa8pro<U+200B>duc\xe2\x90\x8ation\xe2\x81\xa9: 5xx share "));
  g_assert_null (strchr (title, '\n'));

  g_settings_reset (settings, "alert-rules");
}

/* A parameter that is not a target opens nothing. */
static void
test_open_chart_invalid (void)
{
  guint windows_before = test_app_count_windows ();

  g_action_group_activate_action (G_ACTION_GROUP (test_app), "open-chart",
                                  g_variant_new_parsed ("(@a{sv} {}, @x 0)"));
  g_assert_cmpuint (test_app_count_windows (), ==, windows_before);
}

/* A time no alert has (the int64 extremes, before the epoch, far ahead),
 * as anyone on the session bus may send it: nothing opens, and no
 * arithmetic on it overflows (UBSan aborts on one). */
static void
test_open_chart_extreme_times (void)
{
  g_autoptr(IscTarget) target = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, "production",
                                                NULL, NULL);
  const gint64 times[] = { G_MAXINT64, G_MININT64, G_MAXINT64 - 1, G_MININT64 + 1, -1,
                           g_get_real_time () / 1000 + (gint64) 400 * 24 * 60 * 60 * 1000 };

  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      guint windows_before = test_app_count_windows ();

      g_action_group_activate_action (G_ACTION_GROUP (test_app), "open-chart",
                                      g_variant_new ("(@a{sv}x)", isc_target_to_variant (target), times[i]));
      g_assert_cmpuint (test_app_count_windows (), ==, windows_before);
    }
}

/* "Run in Background" holds the application while it is on. */
static void
test_run_in_background (void)
{
  GSettings *settings = isc_application_get_settings (test_app);

  g_assert_false (isc_application_get_runs_in_background (test_app));
  g_settings_set_boolean (settings, "run-in-background", TRUE);
  g_assert_true (isc_application_get_runs_in_background (test_app));
  g_settings_set_boolean (settings, "run-in-background", TRUE);
  g_assert_true (isc_application_get_runs_in_background (test_app));
  g_settings_set_boolean (settings, "run-in-background", FALSE);
  g_assert_false (isc_application_get_runs_in_background (test_app));
}

/* The Background portal's double: what RequestBackground was asked. */
static const char portal_xml[] =
  "<node>"
  "  <interface name='org.freedesktop.portal.Background'>"
  "    <method name='RequestBackground'>"
  "      <arg type='s' direction='in'/>"
  "      <arg type='a{sv}' direction='in'/>"
  "      <arg type='o' direction='out'/>"
  "    </method>"
  "  </interface>"
  "</node>";

static GPtrArray *background_requests;  /* GVariant (sa{sv}) */

static void
portal_call_cb (GDBusConnection       *connection,
                const char            *sender,
                const char            *object_path,
                const char            *interface_name,
                const char            *method_name,
                GVariant              *parameters,
                GDBusMethodInvocation *invocation,
                gpointer               user_data)
{
  g_ptr_array_add (background_requests, g_variant_ref (parameters));
  g_dbus_method_invocation_return_value (invocation,
                                         g_variant_new ("(o)", "/org/freedesktop/portal/desktop/request/1_1/t"));
}

static const GDBusInterfaceVTable portal_vtable = { portal_call_cb, NULL, NULL };

static gboolean
has_background_request (gpointer data)
{
  return background_requests->len >= GPOINTER_TO_UINT (data);
}

/* Inside Flatpak, turning "Run in Background" on asks the Background
 * portal, saying why and not to start at login; outside, it does not. */
static void
test_background_portal (void)
{
  GSettings *settings = isc_application_get_settings (test_app);
  g_autoptr(GDBusNodeInfo) info = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) options = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *flatpak_info = g_build_filename (dir, "flatpak-info", NULL);
  const char *handle = NULL;
  const char *reason = NULL;
  gboolean autostart = TRUE;
  guint id;

  background_requests = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
  info = g_dbus_node_info_new_for_xml (portal_xml, &error);
  g_assert_no_error (error);
  id = g_dbus_connection_register_object (notification_bus, "/org/freedesktop/portal/desktop",
                                          info->interfaces[0], &portal_vtable, NULL, NULL, &error);
  g_assert_no_error (error);
  reply = g_dbus_connection_call_sync (notification_bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "RequestName",
                                       g_variant_new ("(su)", "org.freedesktop.portal.Desktop", 4),
                                       G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);

  /* Outside Flatpak: no request. */
  g_setenv ("INFERSCOPE_FLATPAK_INFO", flatpak_info, TRUE);
  g_settings_set_boolean (settings, "run-in-background", TRUE);
  test_run_frames (300);
  g_assert_cmpuint (background_requests->len, ==, 0);
  g_settings_set_boolean (settings, "run-in-background", FALSE);

  /* Inside: one request, with its reason. */
  g_assert_true (g_file_set_contents (flatpak_info, "[Application]\nname=" APPLICATION_ID "\n", -1, NULL));
  g_settings_set_boolean (settings, "run-in-background", TRUE);
  g_assert_true (test_wait_for (has_background_request, GUINT_TO_POINTER (1)));
  g_variant_get (g_ptr_array_index (background_requests, 0), "(&s@a{sv})", &handle, &options);
  g_assert_true (g_variant_lookup (options, "reason", "&s", &reason));
  g_assert_cmpstr (reason, !=, "");
  g_assert_true (g_variant_lookup (options, "autostart", "b", &autostart));
  g_assert_false (autostart);
  g_settings_set_boolean (settings, "run-in-background", FALSE);

  g_unsetenv ("INFERSCOPE_FLATPAK_INFO");
  g_dbus_connection_unregister_object (notification_bus, id);
  g_clear_pointer (&background_requests, g_ptr_array_unref);
  test_remove_dir (dir);
}

static void
test_no_bus (void)
{
  g_test_skip ("No session bus for the notification server double (build-aux/test runs one)");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  gtk_test_init (&argc, &argv, NULL);

  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    {
      g_test_add_func ("/isc/alert-notifications/no-session-bus", test_no_bus);
      return g_test_run ();
    }

  start_notification_server ();
  test_app_start ();

  g_test_add_func ("/isc/alert-notifications/incident", test_incident);
  g_test_add_func ("/isc/alert-notifications/open-chart-extreme-times", test_open_chart_extreme_times);
  g_test_add_func ("/isc/alert-notifications/names", test_names);
  g_test_add_func ("/isc/alert-notifications/open-chart-invalid", test_open_chart_invalid);
  g_test_add_func ("/isc/alert-notifications/run-in-background", test_run_in_background);
  g_test_add_func ("/isc/alert-notifications/background-portal", test_background_portal);

  status = g_test_run ();
  test_app_stop ();
  g_clear_pointer (&captured, g_ptr_array_unref);
  g_clear_object (&notification_bus);
  return status;
}
