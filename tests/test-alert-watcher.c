/* test-alert-watcher.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The background alerts' watcher against the simulated API in a thread:
 * the rules of the setting, each check loading their targets and the
 * demo's daily 5xx incident firing a rule once and resolving it once; a
 * rule removed from the setting is no longer checked; without a client
 * nothing is sent. */

#include "config.h"

#include "isc-alert-watcher.h"
#include "isc-client-private.h"
#include "isc-demo-server.h"
#include "isc-test-util.h"

#define SCHEMA_ID "io.github.inferscope.Inferscope"
#define SEED      42
#define NOW_MS    G_GINT64_CONSTANT (1796051832345)
#define MIN_MS    G_GINT64_CONSTANT (60000)

typedef struct
{
  IscDemoServer   *server;
  IscClient       *client;
  GSettings       *settings;
  IscAlertWatcher *watcher;
  guint            fired;
  guint            resolved;
  char            *fired_target;
} Fixture;

static void
fired_cb (IscAlertEvaluator  *evaluator,
          const IscAlertRule *rule,
          double              value,
          gint64              time_ms,
          Fixture            *f)
{
  f->fired++;
  g_free (f->fired_target);
  f->fired_target = isc_target_dup_title (rule->target);
}

static void
resolved_cb (IscAlertEvaluator  *evaluator,
             const IscAlertRule *rule,
             double              value,
             gint64              time_ms,
             Fixture            *f)
{
  f->resolved++;
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server = isc_demo_server_new (SEED, NULL);
  isc_demo_server_set_now_ms (f->server, NOW_MS);
  g_assert_true (isc_demo_server_run_in_thread (f->server, 0, &error));
  g_assert_no_error (error);
  f->client = isc_client_new (isc_demo_server_get_base_url (f->server), NULL, &error);
  g_assert_no_error (error);

  f->settings = g_settings_new (SCHEMA_ID);
  g_settings_reset (f->settings, "alert-rules");
  f->watcher = isc_alert_watcher_new (f->settings);
  g_signal_connect (isc_alert_watcher_get_evaluator (f->watcher), "fired", G_CALLBACK (fired_cb), f);
  g_signal_connect (isc_alert_watcher_get_evaluator (f->watcher), "resolved", G_CALLBACK (resolved_cb), f);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->watcher);
  g_settings_reset (f->settings, "alert-rules");
  g_clear_object (&f->settings);
  g_clear_object (&f->client);
  isc_demo_server_stop (f->server);
  g_clear_object (&f->server);
  g_clear_pointer (&f->fired_target, g_free);
}

static IscTarget *
chat_production (void)
{
  return isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_ENVIRONMENT, ISC_DEMO_ENVIRONMENT_PRODUCTION,
                         "demo-chat", "production");
}

static void
add_rule (Fixture         *f,
          const IscTarget *target,
          IscAlertKind     kind,
          double           threshold,
          guint            minutes)
{
  g_autoptr(GPtrArray) rules = isc_alert_rules_load (f->settings);

  g_ptr_array_add (rules, isc_alert_rule_new (target, kind, threshold, minutes));
  isc_alert_rules_save (f->settings, rules);
}

static gboolean
is_idle (gpointer data)
{
  return !isc_alert_watcher_get_loading (data);
}

/* One check at @now_ms on both clocks, to its end. */
static void
check_at (Fixture *f,
          gint64   now_ms)
{
  isc_demo_server_set_now_ms (f->server, now_ms);
  isc_alert_watcher_set_now_ms (f->watcher, now_ms);
  isc_alert_watcher_check (f->watcher);
  g_assert_true (isc_alert_watcher_get_loading (f->watcher));
  g_assert_true (test_wait_for (is_idle, f->watcher));
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

/* The incident's peak in the day before NOW_MS, as the demo serves it. */
static gint64
find_incident (Fixture *f)
{
  static const char * const metrics[] = { "baseten_inference_requests_total", NULL };
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (NOW_MS - 24 * 60 * MIN_MS, NOW_MS);
  g_autoptr(IscQuery) query = isc_target_make_query (target, ISC_MODE_SERIES, range, metrics);
  g_autoptr(IscMetricsResponse) day = NULL;
  gint64 peak_ms;

  isc_client_fetch_metrics_async (f->client, query, NULL, fetch_cb, &day);
  g_assert_true (test_wait_for (test_pointer_is_set, &day));
  peak_ms = test_peak_5xx_ms (day);
  return peak_ms;
}

static void
test_incident (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(IscTarget) target = chat_production ();
  gint64 peak_ms = find_incident (f);

  add_rule (f, target, ISC_ALERT_KIND_ERROR_SHARE, 0.01, 5);
  g_assert_cmpuint (isc_alert_watcher_get_rules (f->watcher)->len, ==, 1);
  isc_alert_watcher_set_client (f->watcher, f->client);

  /* An hour before: quiet. */
  check_at (f, peak_ms - 60 * MIN_MS);
  g_assert_cmpuint (f->fired, ==, 0);

  /* At the peak: firing, then still firing without a repeat. */
  check_at (f, peak_ms + 3 * MIN_MS);
  g_assert_cmpuint (f->fired, ==, 1);
  g_assert_cmpstr (f->fired_target, ==, "demo-chat · production");
  check_at (f, peak_ms + 5 * MIN_MS);
  g_assert_cmpuint (f->fired, ==, 1);
  g_assert_cmpuint (f->resolved, ==, 0);

  /* An hour after: resolved, once. */
  check_at (f, peak_ms + 60 * MIN_MS);
  check_at (f, peak_ms + 62 * MIN_MS);
  g_assert_cmpuint (f->resolved, ==, 1);
  g_assert_cmpuint (f->fired, ==, 1);
}

/* The setting drives the watcher: a rule removed is not checked; without
 * a client or without rules nothing goes out. */
static void
test_rules_follow_setting (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(IscTarget) target = chat_production ();
  g_autoptr(GPtrArray) none = g_ptr_array_new ();

  add_rule (f, target, ISC_ALERT_KIND_LATENCY_P95, 2, 5);
  isc_alert_watcher_check (f->watcher);
  g_assert_false (isc_alert_watcher_get_loading (f->watcher));  /* no client */

  isc_alert_watcher_set_client (f->watcher, f->client);
  /* A new client checks at once. */
  g_assert_true (isc_alert_watcher_get_loading (f->watcher));
  g_assert_true (test_wait_for (is_idle, f->watcher));

  isc_alert_rules_save (f->settings, none);
  g_assert_cmpuint (isc_alert_watcher_get_rules (f->watcher)->len, ==, 0);
  isc_alert_watcher_check (f->watcher);
  g_assert_false (isc_alert_watcher_get_loading (f->watcher));
}

/* The interval's timer checks by itself. */
static void
test_interval (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(IscTarget) target = chat_production ();

  add_rule (f, target, ISC_ALERT_KIND_ERROR_SHARE, 0.01, 5);
  isc_alert_watcher_set_now_ms (f->watcher, NOW_MS);
  isc_alert_watcher_set_client (f->watcher, f->client);
  g_assert_true (test_wait_for (is_idle, f->watcher));

  isc_alert_watcher_set_interval (f->watcher, 1);
  g_assert_cmpuint (isc_alert_watcher_get_interval (f->watcher), ==, 1);
  g_assert_true (test_wait_for ((gboolean (*) (gpointer)) isc_alert_watcher_get_loading, f->watcher));
  g_assert_true (test_wait_for (is_idle, f->watcher));
}

static gboolean
retry_not_before_passed (gpointer data)
{
  return isc_client_get_retry_not_before_ms (data) <= g_get_real_time () / 1000;
}

static gboolean
keep_waking (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* A 429 that outlasts the client's own retries: the checks that follow
 * send nothing until its Retry-After has passed. */
static void
test_rate_limited (Fixture       *f,
                   gconstpointer  data)
{
  /* The demo answers 429 to its first 20 requests, each telling the
   * client to wait test_prompt_s(): the checks below fall in that wait
   * however busy the machine. The client's own three retries wait a
   * hundredth of it. */
  g_autoptr(IscTarget) target = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT, "fault-429-20", NULL, NULL);
  guint tick;

  isc_demo_server_set_retry_after (f->server, (guint) test_prompt_s ());
  _isc_client_set_delay_scale (f->client, 0.01);
  add_rule (f, target, ISC_ALERT_KIND_ERROR_SHARE, 0.01, 5);
  isc_alert_watcher_set_now_ms (f->watcher, NOW_MS);
  isc_alert_watcher_set_client (f->watcher, f->client);
  g_assert_true (isc_alert_watcher_get_loading (f->watcher));
  g_assert_true (test_wait_for (is_idle, f->watcher));
  g_assert_cmpint (isc_client_get_retry_not_before_ms (f->client), >, g_get_real_time () / 1000);

  isc_alert_watcher_check (f->watcher);
  g_assert_false (isc_alert_watcher_get_loading (f->watcher));

  /* The main loop woken often enough to see the wait end. */
  tick = g_timeout_add (100, keep_waking, NULL);
  g_assert_true (test_wait_for (retry_not_before_passed, f->client));
  g_source_remove (tick);
  isc_alert_watcher_check (f->watcher);
  g_assert_true (isc_alert_watcher_get_loading (f->watcher));
  isc_alert_watcher_set_client (f->watcher, NULL);
  g_assert_false (isc_alert_watcher_get_loading (f->watcher));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/isc/alert-watcher/incident", Fixture, NULL, fixture_setup, test_incident, fixture_teardown);
  g_test_add ("/isc/alert-watcher/rules-follow-setting", Fixture, NULL, fixture_setup,
              test_rules_follow_setting, fixture_teardown);
  g_test_add ("/isc/alert-watcher/rate-limited", Fixture, NULL, fixture_setup, test_rate_limited, fixture_teardown);
  g_test_add ("/isc/alert-watcher/interval", Fixture, NULL, fixture_setup, test_interval, fixture_teardown);

  return g_test_run ();
}
