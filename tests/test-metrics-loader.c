/* test-metrics-loader.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <libsoup/soup.h>

#include "isc-api-error.h"
#include "isc-demo-server.h"
#include "isc-metrics-loader.h"

/* The loader over a real client: a SoupServer on 127.0.0.1 with canned
 * answers, and the simulated API for a slow answer overtaken by a fast one.
 * What counts is what the view is told: one "loaded" or "failed" for the
 * latest load, nothing for a superseded or cancelled one.
 */

#define TEST_KEY "sk-loader-test-0000"

/* A SERIES answer with one metric. */
#define BODY(metric) \
  "{\"start_epoch_millis\":1700000000000,\"end_epoch_millis\":1700000060000,\"mode\":\"SERIES\"," \
  "\"step_seconds\":30,\"metric_descriptors\":[{\"name\":\"" metric "\",\"unit_hint\":\"COUNT\"," \
  "\"kind\":\"GAUGE\",\"label_sets\":[{}]}],\"metric_values\":[{\"start_epoch_millis\":1700000000000," \
  "\"values\":[[1]]}]}"

/* What the view is told */

typedef struct
{
  guint               n_loaded;
  guint               n_failed;
  IscMetricsResponse *last;
  GError             *error;
} LoaderLog;

static void
on_loaded (IscMetricsLoader   *loader,
           IscMetricsResponse *response,
           LoaderLog          *log)
{
  log->n_loaded++;
  g_clear_pointer (&log->last, isc_metrics_response_unref);
  log->last = isc_metrics_response_ref (response);
}

static void
on_failed (IscMetricsLoader   *loader,
           const GError       *error,
           IscMetricsResponse *cached,
           gint64              cached_ms,
           LoaderLog          *log)
{
  log->n_failed++;
  g_clear_error (&log->error);
  log->error = g_error_copy (error);
}

static void
loader_log_watch (LoaderLog        *log,
                  IscMetricsLoader *loader)
{
  g_signal_connect (loader, "loaded", G_CALLBACK (on_loaded), log);
  g_signal_connect (loader, "failed", G_CALLBACK (on_failed), log);
}

static void
loader_log_clear (LoaderLog *log)
{
  g_clear_pointer (&log->last, isc_metrics_response_unref);
  g_clear_error (&log->error);
}

/* Lets anything late arrive. */
static void
settle (guint n,
        guint sleep_us)
{
  for (guint i = 0; i < n; i++)
    {
      g_usleep (sleep_us);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
}

static void
wait_loader (IscMetricsLoader *loader)
{
  while (isc_metrics_loader_get_loading (loader))
    g_main_context_iteration (NULL, TRUE);

  settle (20, 5000);
}

/* What a view asks: a deployment's replicas over the last hour. */
static IscQuery *
replicas_query (const char *model,
                const char *deployment)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative ((gint64) 3600 * 1000);
  const char *metrics[] = { "baseten_replicas_active", NULL };

  return isc_query_new (model, ISC_TARGET_DEPLOYMENT, deployment, ISC_MODE_SERIES, range, metrics);
}

/* Canned answers */

typedef struct
{
  guint       status;
  const char *body;
  gboolean    stall;         /* headers and a first chunk, then nothing */
} Canned;

typedef struct
{
  SoupServer   *server;
  const Canned *canned;
  guint         n_canned;
  guint         n_requests;
  GPtrArray    *held;        /* stalled messages */
  IscClient    *client;
} Fixture;

static void
server_callback (SoupServer        *server,
                 SoupServerMessage *message,
                 const char        *path,
                 GHashTable        *query,
                 gpointer           user_data)
{
  Fixture *fixture = user_data;
  const Canned *canned;

  fixture->n_requests++;
  g_assert_cmpuint (fixture->n_canned, >, 0);
  canned = &fixture->canned[MIN (fixture->n_requests, fixture->n_canned) - 1];

  soup_server_message_set_status (message, canned->status, NULL);
  if (canned->stall)
    {
      SoupMessageHeaders *headers = soup_server_message_get_response_headers (message);

      soup_message_headers_set_encoding (headers, SOUP_ENCODING_CHUNKED);
      soup_message_body_append (soup_server_message_get_response_body (message),
                                SOUP_MEMORY_STATIC, "{\"mode\":", 8);
      g_ptr_array_add (fixture->held, g_object_ref (message));
      return;
    }

  if (canned->body != NULL)
    soup_server_message_set_response (message, "application/json", SOUP_MEMORY_COPY,
                                      canned->body, strlen (canned->body));
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoslist(GUri) uris = NULL;
  g_autofree char *base_url = NULL;

  fixture->server = soup_server_new (NULL, NULL);
  fixture->held = g_ptr_array_new_with_free_func (g_object_unref);
  soup_server_add_handler (fixture->server, NULL, server_callback, fixture, NULL);
  soup_server_listen_local (fixture->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);

  uris = soup_server_get_uris (fixture->server);
  base_url = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
  fixture->client = isc_client_new (base_url, TEST_KEY, &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_clear_object (&fixture->client);
  soup_server_disconnect (fixture->server);
  g_clear_pointer (&fixture->held, g_ptr_array_unref);
  g_clear_object (&fixture->server);

  /* Let closed connections finish in this test, not the next. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A loader on the fixture's client, watched, the server set to answer. */
static IscMetricsLoader *
fixture_loader (Fixture      *fixture,
                LoaderLog    *log,
                const Canned *answers,
                guint         n_answers)
{
  IscMetricsLoader *loader = isc_metrics_loader_new (fixture->client);

  loader_log_watch (log, loader);
  fixture->canned = answers;
  fixture->n_canned = n_answers;

  return loader;
}

static void
test_superseded (Fixture       *fixture,
                 gconstpointer  data)
{
  static const Canned answers[] = {
    { 200, BODY ("baseten_replicas_active") },
    { 200, BODY ("baseten_concurrent_requests") },
  };
  LoaderLog log = { 0 };
  g_autoptr(IscMetricsLoader) loader = fixture_loader (fixture, &log, answers, G_N_ELEMENTS (answers));
  g_autoptr(IscQuery) first = replicas_query ("abc123", "dep456");
  g_autoptr(IscQuery) second = replicas_query ("abc123", "dep789");

  /* The first is answered by the server before the second is asked. */
  isc_metrics_loader_load (loader, first);
  while (fixture->n_requests < 1)
    g_main_context_iteration (NULL, TRUE);
  isc_metrics_loader_load (loader, second);
  wait_loader (loader);

  g_assert_cmpuint (log.n_failed, ==, 0);
  g_assert_cmpuint (log.n_loaded, ==, 1);
  g_assert_nonnull (isc_metrics_response_lookup_metric (log.last, "baseten_concurrent_requests"));
  loader_log_clear (&log);
}

static void
test_immediate_supersede (Fixture       *fixture,
                          gconstpointer  data)
{
  static const Canned answers[] = { { 200, BODY ("baseten_replicas_active") } };
  LoaderLog log = { 0 };
  g_autoptr(IscMetricsLoader) loader = fixture_loader (fixture, &log, answers, G_N_ELEMENTS (answers));
  g_autoptr(IscQuery) query = replicas_query ("abc123", "dep456");

  for (guint i = 0; i < 5; i++)
    isc_metrics_loader_load (loader, query);
  wait_loader (loader);

  /* Five asks, one answer, no "cancelled" shown. */
  g_assert_cmpuint (log.n_loaded, ==, 1);
  g_assert_cmpuint (log.n_failed, ==, 0);
  loader_log_clear (&log);
}

static void
test_dispose_cancels (Fixture       *fixture,
                      gconstpointer  data)
{
  static const Canned answers[] = { { 200, .stall = TRUE } };
  LoaderLog log = { 0 };
  IscMetricsLoader *loader = fixture_loader (fixture, &log, answers, G_N_ELEMENTS (answers));
  g_autoptr(IscQuery) query = replicas_query ("abc123", "dep456");

  isc_metrics_loader_load (loader, query);
  while (fixture->n_requests < 1)
    g_main_context_iteration (NULL, TRUE);
  g_object_unref (loader);

  settle (20, 5000);

  g_assert_cmpuint (log.n_loaded, ==, 0);
  g_assert_cmpuint (log.n_failed, ==, 0);
}

static void
test_failed (Fixture       *fixture,
             gconstpointer  data)
{
  static const Canned answers[] = { { 404, NULL } };
  LoaderLog log = { 0 };
  g_autoptr(IscMetricsLoader) loader = fixture_loader (fixture, &log, answers, G_N_ELEMENTS (answers));
  g_autoptr(IscQuery) query = replicas_query ("abc123", "dep456");

  isc_metrics_loader_load (loader, query);
  wait_loader (loader);

  g_assert_cmpuint (log.n_loaded, ==, 0);
  g_assert_cmpuint (log.n_failed, ==, 1);
  g_assert_error (log.error, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND);
  loader_log_clear (&log);
}

/* The simulated API */

static void
test_demo_superseded (void)
{
  g_autoptr(IscDemoServer) server = isc_demo_server_new (42, TEST_KEY);
  g_autoptr(IscClient) client = NULL;
  g_autoptr(IscMetricsLoader) loader = NULL;
  g_autoptr(IscQuery) slow = replicas_query (ISC_DEMO_MODEL_CHAT, "fault-delay-300");
  g_autoptr(IscQuery) fast = replicas_query (ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_autoptr(GError) error = NULL;
  LoaderLog log = { 0 };

  isc_demo_server_listen_loopback (server, 0, &error);
  g_assert_no_error (error);
  client = isc_client_new (isc_demo_server_get_base_url (server), TEST_KEY, &error);
  g_assert_no_error (error);
  loader = isc_metrics_loader_new (client);
  loader_log_watch (&log, loader);

  isc_metrics_loader_load (loader, slow);
  settle (1, 50000);
  isc_metrics_loader_load (loader, fast);
  wait_loader (loader);
  /* Past the slow one's delay: it still delivers nothing. */
  settle (40, 10000);

  g_assert_cmpuint (log.n_loaded, ==, 1);
  g_assert_cmpuint (log.n_failed, ==, 0);
  loader_log_clear (&log);

  g_clear_object (&loader);
  g_clear_object (&client);
  g_clear_object (&server);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
main (int   argc,
      char *argv[])
{
  /* No proxy lookups. */
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);

  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/isc/metrics-loader/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("superseded", test_superseded);
  ADD ("immediate-supersede", test_immediate_supersede);
  ADD ("dispose-cancels", test_dispose_cancels);
  ADD ("failed", test_failed);
  g_test_add_func ("/isc/metrics-loader/demo/superseded", test_demo_superseded);

  return g_test_run ();
}
