/* test-target-list.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The sidebar's tree without widgets: IscTargetList filled by discovery
 * from the simulated API in a thread, and from a SoupServer on 127.0.0.1
 * for the failures the demo cannot give a client that sends no headers.
 */

#include "config.h"

#include <string.h>
#include <libsoup/soup.h>

#include "isc-api-error.h"
#include "isc-demo-server.h"
#include "isc-target-list.h"
#include "isc-test-util.h"

/* 2026-11-30 15:17:12.345 UTC, as in test-demo-server.c. */
#define NOW_MS G_GINT64_CONSTANT (1796051832345)

typedef struct
{
  IscDemoServer *server;
  IscClient     *client;
  IscTargetList *list;
  /* What a view following items-changed would hold. */
  guint          n_seen;
  guint          n_changes;
} Fixture;

typedef struct
{
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Outcome;

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  gpointer    data)
{
  Fixture *f = data;

  g_assert_cmpuint (position + removed, <=, f->n_seen);
  f->n_seen = f->n_seen - removed + added;
  f->n_changes++;
  g_assert_cmpuint (f->n_seen, ==, g_list_model_get_n_items (model));
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->server = isc_demo_server_new (1, NULL);
  isc_demo_server_set_now_ms (f->server, NOW_MS);
  /* data: how many generated models the demo adds to its own. */
  isc_demo_server_set_fleet_size (f->server, GPOINTER_TO_UINT (data));
  g_assert_true (isc_demo_server_run_in_thread (f->server, 0, &error));
  g_assert_no_error (error);

  f->client = isc_client_new (isc_demo_server_get_base_url (f->server), NULL, &error);
  g_assert_no_error (error);

  f->list = isc_target_list_new ();
  g_signal_connect (f->list, "items-changed", G_CALLBACK (on_items_changed), f);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_object (&f->list);
  g_clear_object (&f->client);
  g_clear_object (&f->server);
}

static gboolean
outcome_done (gpointer data)
{
  return ((Outcome *) data)->done;
}

static void
on_reloaded (GObject      *object,
             GAsyncResult *result,
             gpointer      data)
{
  Outcome *outcome = data;

  outcome->ok = isc_target_list_reload_finish (ISC_TARGET_LIST (object), result, &outcome->error);
  outcome->done = TRUE;
}

/* Reloads and waits; returns the error (NULL on success). */
static GError *
reload (IscTargetList *list,
        IscClient     *client)
{
  Outcome outcome = { 0 };

  isc_target_list_reload_async (list, client, NULL, on_reloaded, &outcome);
  g_assert_true (isc_target_list_get_loading (list));
  g_assert_true (test_wait_for (outcome_done, &outcome));
  g_assert_false (isc_target_list_get_loading (list));
  g_assert_true (outcome.ok == (outcome.error == NULL));

  return outcome.error;
}

static IscTargetItem *
row (IscTargetList *list,
     guint          position)
{
  IscTargetItem *item = g_list_model_get_item (G_LIST_MODEL (list), position);

  g_assert_nonnull (item);
  /* The list holds a reference; the test reads it while the list lives. */
  g_object_unref (item);
  return item;
}

/* "M:chat-assistant", "E:production", "D:v8": what a person reads. */
static char *
describe_rows (IscTargetList *list,
               const char    *model_id)
{
  GString *str = g_string_new (NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  for (guint i = 0; i < n; i++)
    {
      IscTargetItem *item = row (list, i);
      static const char kinds[] = { 'M', 'E', 'D' };

      if (model_id != NULL && !g_str_equal (isc_target_item_get_model_id (item), model_id))
        continue;

      if (str->len > 0)
        g_string_append_c (str, ' ');
      g_string_append_printf (str, "%c:%s", kinds[isc_target_item_get_kind (item)],
                              isc_target_item_get_title (item));
    }

  return g_string_free (str, FALSE);
}

static IscTargetItem *
find_deployment (IscTargetList *list,
                 const char    *model_id,
                 const char    *id)
{
  g_autoptr(IscTarget) target = isc_target_new (model_id, ISC_TARGET_DEPLOYMENT, id, NULL, NULL);

  return isc_target_list_find (list, target, NULL);
}

static void
test_status_titles (void)
{
  static const struct { IscDeploymentStatus status; const char *title; } cases[] = {
    { ISC_DEPLOYMENT_STATUS_ACTIVE, "Active" },
    { ISC_DEPLOYMENT_STATUS_SCALED_TO_ZERO, "Scaled to zero" },
    { ISC_DEPLOYMENT_STATUS_INACTIVE, "Inactive" },
    { ISC_DEPLOYMENT_STATUS_BUILDING, "Building" },
    { ISC_DEPLOYMENT_STATUS_DEPLOY_FAILED, "Deploy failed" },
    { ISC_DEPLOYMENT_STATUS_FAILED, "Failed" },
    { ISC_DEPLOYMENT_STATUS_UNHEALTHY, "Unhealthy" },
    { ISC_DEPLOYMENT_STATUS_WAKING_UP, "Waking up" },
    { ISC_DEPLOYMENT_STATUS_UPDATING, "Updating" },
    { ISC_DEPLOYMENT_STATUS_LOADING_MODEL, "Loading model" },
    { ISC_DEPLOYMENT_STATUS_DEPLOYING, "Deploying" },
    { ISC_DEPLOYMENT_STATUS_BUILD_FAILED, "Build failed" },
    { ISC_DEPLOYMENT_STATUS_BUILD_STOPPED, "Build stopped" },
    { ISC_DEPLOYMENT_STATUS_DEACTIVATING, "Deactivating" },
    { ISC_DEPLOYMENT_STATUS_UNKNOWN, "Unknown" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpstr (isc_deployment_status_get_title (cases[i].status), ==, cases[i].title);

  /* A value past the enum (a newer API) reads as unknown, not a crash. */
  g_assert_cmpstr (isc_deployment_status_get_title ((IscDeploymentStatus) 99), ==, "Unknown");
}

static void
test_demo_rows (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = reload (f->list, f->client);
  g_autofree char *chat = NULL;
  g_autofree char *all = NULL;
  IscTargetItem *item;

  g_assert_no_error (error);
  g_assert_null (isc_target_list_get_error (f->list));
  g_assert_cmpuint (f->n_seen, ==, 21);
  g_assert_cmpuint (g_list_model_get_item_type (G_LIST_MODEL (f->list)), ==, ISC_TYPE_TARGET_ITEM);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (f->list), 21));

  /* The model, its environments (production first), its deployments
   * newest first; models in the order the API sent. */
  chat = describe_rows (f->list, ISC_DEMO_MODEL_CHAT);
  g_assert_cmpstr (chat, ==, "M:chat-assistant E:production E:development D:v8 D:development D:v7");
  all = describe_rows (f->list, NULL);
  g_assert_true (g_str_has_prefix (all, "M:chat-assistant "));
  g_assert_nonnull (strstr (all, " D:v7 M:text-embeddings E:production E:development D:development D:v2 D:v1 "
                                 "M:audio-transcription E:production D:v5 D:v4"));

  item = row (f->list, 0);
  g_assert_cmpint (isc_target_item_get_kind (item), ==, ISC_TARGET_ITEM_MODEL);
  g_assert_null (isc_target_item_get_target (item));
  g_assert_cmpstr (isc_target_item_get_model_id (item), ==, ISC_DEMO_MODEL_CHAT);
  g_assert_cmpstr (isc_target_item_get_subtitle (item), ==, "H100");
  g_assert_nonnull (isc_target_item_get_model (item));

  /* The production environment names the deployment serving it. */
  item = row (f->list, 1);
  g_assert_cmpint (isc_target_item_get_kind (item), ==, ISC_TARGET_ITEM_ENVIRONMENT);
  g_assert_cmpstr (isc_target_item_get_target (item)->id, ==, "production");
  g_assert_cmpint (isc_target_item_get_target (item)->kind, ==, ISC_TARGET_ENVIRONMENT);
  g_assert_cmpstr (isc_target_item_get_target (item)->model_name, ==, "chat-assistant");
  g_assert_cmpstr (isc_target_item_get_subtitle (item), ==, "v8");
  g_assert_cmpint (isc_target_item_get_status (item), ==, ISC_DEPLOYMENT_STATUS_ACTIVE);
  g_assert_true (isc_target_item_get_is_active (item));
  g_assert_nonnull (isc_target_item_get_environment (item));
  g_assert_nonnull (isc_target_item_get_autoscaling (item));
  /* In effect at NOW_MS (15:17 UTC): the afternoon schedule's 16, over a
   * base of 10. */
  g_assert_cmpint (isc_target_item_get_autoscaling (item)->max_replica, ==, 16);
  g_assert_cmpint (isc_target_item_get_environment (item)->autoscaling.max_replica, ==, 10);

  /* Active goes unsaid; the previous deployment says it scaled to zero. */
  item = find_deployment (f->list, ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);
  g_assert_nonnull (item);
  g_assert_cmpstr (isc_target_item_get_title (item), ==, "v8");
  g_assert_cmpstr (isc_target_item_get_subtitle (item), ==, "");
  g_assert_true (isc_target_item_get_is_active (item));
  g_assert_cmpstr (isc_target_item_get_instance_type (item), ==, "H100:1x26x234");
  g_assert_nonnull (isc_target_item_get_deployment (item));

  item = find_deployment (f->list, ISC_DEMO_MODEL_CHAT, ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS);
  g_assert_nonnull (item);
  g_assert_cmpint (isc_target_item_get_status (item), ==, ISC_DEPLOYMENT_STATUS_SCALED_TO_ZERO);
  g_assert_cmpstr (isc_target_item_get_subtitle (item), ==, "Scaled to zero");
  g_assert_false (isc_target_item_get_is_active (item));
  /* created_at parsed: 23 days before the demo's clock, at 11:20:34 UTC. */
  g_assert_cmpint (isc_target_item_get_created_ms (item), ==,
                   (NOW_MS / 1000 / 86400 - 23) * 86400 * 1000 + (11 * 3600 + 1234) * 1000);

  item = find_deployment (f->list, ISC_DEMO_MODEL_EMBED, ISC_DEMO_DEPLOYMENT_EMBED_RETIRED);
  g_assert_nonnull (item);
  g_assert_cmpint (isc_target_item_get_status (item), ==, ISC_DEPLOYMENT_STATUS_INACTIVE);
  g_assert_cmpstr (isc_target_item_get_subtitle (item), ==, "Inactive");

  /* A model row's status is unknown by definition. */
  g_assert_cmpint (isc_target_item_get_status (row (f->list, 0)), ==, ISC_DEPLOYMENT_STATUS_UNKNOWN);

  /* The default: the first model's production environment. */
  {
    const IscTarget *target = isc_target_list_get_default_target (f->list);

    g_assert_nonnull (target);
    g_assert_cmpstr (target->model_id, ==, ISC_DEMO_MODEL_CHAT);
    g_assert_cmpint (target->kind, ==, ISC_TARGET_ENVIRONMENT);
    g_assert_cmpstr (target->id, ==, "production");
  }

  /* Clearing empties it, and says so to views. */
  isc_target_list_clear (f->list);
  g_assert_cmpuint (f->n_seen, ==, 0);
  g_assert_null (isc_target_list_get_default_target (f->list));
}

static void
test_filter (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = reload (f->list, f->client);
  g_autofree char *embed = NULL;
  g_autofree char *by_id = NULL;
  g_autofree char *v7 = NULL;
  g_autofree char *env = NULL;
  guint position = 0;
  g_autoptr(IscTarget) d8 = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                            ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, NULL, NULL);

  g_assert_no_error (error);
  /* A model's name or id keeps the model and all its rows. */
  isc_target_list_set_filter (f->list, "EMBED");
  g_assert_cmpstr (isc_target_list_get_filter (f->list), ==, "EMBED");
  embed = describe_rows (f->list, NULL);
  g_assert_cmpstr (embed, ==, "M:text-embeddings E:production E:development D:development D:v2 D:v1");
  g_assert_null (isc_target_list_find (f->list, d8, &position));
  g_assert_cmpuint (position, ==, G_MAXUINT);
  /* Filtered out, discovery's item is still there for the view. */
  g_assert_nonnull (isc_target_list_lookup (f->list, d8));
  g_assert_cmpstr (isc_target_item_get_deployment (isc_target_list_lookup (f->list, d8))->id, ==,
                   ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION);

  /* A deployment's id keeps it and its model's heading, nothing else. */
  isc_target_list_set_filter (f->list, "chat-d8");
  by_id = describe_rows (f->list, NULL);
  g_assert_cmpstr (by_id, ==, "M:chat-assistant D:v8");
  g_assert_nonnull (isc_target_list_find (f->list, d8, &position));
  g_assert_cmpuint (position, ==, 1);

  /* By a deployment's name. */
  isc_target_list_set_filter (f->list, "v7");
  v7 = describe_rows (f->list, NULL);
  g_assert_cmpstr (v7, ==, "M:chat-assistant D:v7");

  /* An environment's name keeps it in every model, headings included. */
  isc_target_list_set_filter (f->list, "Production");
  env = describe_rows (f->list, NULL);
  g_assert_cmpstr (env, ==, "M:chat-assistant E:production M:text-embeddings E:production "
                            "M:audio-transcription E:production M:realtime-voice E:production");

  isc_target_list_set_filter (f->list, "nothing like it");
  g_assert_cmpuint (f->n_seen, ==, 0);
  g_assert_nonnull (isc_target_list_lookup (f->list, d8));

  isc_target_list_set_filter (f->list, "");
  g_assert_cmpuint (f->n_seen, ==, 21);

  /* Property access, as a search entry's binding would use it. */
  g_object_set (f->list, "filter", "batch", NULL);
  g_assert_cmpuint (f->n_seen, ==, 4);
  isc_target_list_set_filter (f->list, NULL);
  g_assert_cmpstr (isc_target_list_get_filter (f->list), ==, "");
  g_assert_cmpuint (f->n_seen, ==, 21);
}

static void
test_filter_keeps_rows (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = reload (f->list, f->client);
  IscTargetItem *first, *last;
  guint changes;

  g_assert_no_error (error);
  first = row (f->list, 0);
  last = row (f->list, 5);

  /* Narrowing within demo-chat tells views about the rows that went,
   * not about the heading that stayed. */
  changes = f->n_changes;
  isc_target_list_set_filter (f->list, "chat");
  g_assert_cmpuint (f->n_changes, ==, changes + 1);
  g_assert_cmpuint (f->n_seen, ==, 6);
  g_assert_true (row (f->list, 0) == first);
  g_assert_true (row (f->list, 5) == last);

  /* The same filter again changes nothing. */
  isc_target_list_set_filter (f->list, "chat");
  g_assert_cmpuint (f->n_changes, ==, changes + 1);
}

static void
test_add_target (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = reload (f->list, f->client);
  g_autoptr(IscTarget) unlisted = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                                  "demo-chat-d99", NULL, NULL);
  g_autoptr(IscTarget) listed = isc_target_new (ISC_DEMO_MODEL_CHAT, ISC_TARGET_DEPLOYMENT,
                                                ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION, NULL, NULL);
  g_autoptr(IscTarget) elsewhere = isc_target_new ("other-model", ISC_TARGET_ENVIRONMENT,
                                                   "staging", "Other", NULL);
  g_autofree char *chat = NULL;
  g_autofree char *again = NULL;
  g_autofree char *other = NULL;
  IscTargetItem *item;
  guint position = 0;

  g_assert_no_error (error);

  /* Listed already: nothing happens. */
  isc_target_list_add_target (f->list, listed);
  g_assert_cmpuint (f->n_seen, ==, 21);

  /* An unlisted deployment shows under its model, after the listed ones
   * (its age is unknown), with the model's name from discovery. */
  isc_target_list_add_target (f->list, unlisted);
  g_assert_cmpuint (f->n_seen, ==, 22);
  chat = describe_rows (f->list, ISC_DEMO_MODEL_CHAT);
  g_assert_cmpstr (chat, ==, "M:chat-assistant E:production E:development D:v8 D:development D:v7 D:demo-chat-d99");
  item = isc_target_list_find (f->list, unlisted, &position);
  g_assert_nonnull (item);
  g_assert_cmpuint (position, ==, 6);
  g_assert_cmpstr (isc_target_item_get_model_name (item), ==, "chat-assistant");
  g_assert_cmpstr (isc_target_item_get_target (item)->model_name, ==, "chat-assistant");
  g_assert_cmpstr (isc_target_item_get_subtitle (item), ==, "");
  g_assert_cmpstr (isc_target_item_get_model_id (row (f->list, 7)), ==, ISC_DEMO_MODEL_EMBED);

  /* Twice is once. */
  isc_target_list_add_target (f->list, unlisted);
  g_assert_cmpuint (f->n_seen, ==, 22);

  /* A model discovery did not list gets a heading of its own, last. */
  isc_target_list_add_target (f->list, elsewhere);
  g_assert_cmpuint (f->n_seen, ==, 24);
  other = describe_rows (f->list, "other-model");
  g_assert_cmpstr (other, ==, "M:Other E:staging");
  g_assert_cmpstr (isc_target_item_get_model_id (row (f->list, 22)), ==, "other-model");

  /* Both survive a reload. */
  g_clear_error (&error);
  error = reload (f->list, f->client);
  g_assert_no_error (error);
  g_assert_cmpuint (f->n_seen, ==, 24);
  again = describe_rows (f->list, ISC_DEMO_MODEL_CHAT);
  g_assert_cmpstr (again, ==, chat);
  g_assert_nonnull (isc_target_list_find (f->list, elsewhere, NULL));
}

/* A SoupServer on 127.0.0.1 with canned answers. */

typedef struct
{
  SoupServer *server;
  char       *base_url;
  guint       n_requests;
} Canned;

static void
canned_callback (SoupServer        *server,
                 SoupServerMessage *message,
                 const char        *path,
                 GHashTable        *query,
                 gpointer           data)
{
  Canned *canned = data;

  canned->n_requests++;

  if (g_str_equal (path, "/v1/models") &&
      g_object_get_data (G_OBJECT (server), "fail-models") != NULL)
    {
      soup_server_message_set_status (message, 500, NULL);
      soup_server_message_set_response (message, "application/json", SOUP_MEMORY_STATIC,
                                        "{\"error\":\"boom\"}", 16);
    }
  else if (g_str_equal (path, "/v1/models"))
    {
      static const char body[] =
        "{\"models\":[{\"id\":\"m1\",\"name\":\"One\"},{\"id\":\"m2\",\"name\":\"Two\"}]}";

      soup_server_message_set_status (message, 200, NULL);
      soup_server_message_set_response (message, "application/json", SOUP_MEMORY_STATIC,
                                        body, strlen (body));
    }
  else if (g_str_equal (path, "/v1/models/m1/deployments"))
    {
      static const char body[] =
        "{\"deployments\":[{\"id\":\"m1-d1\",\"name\":\"first\",\"status\":\"BUILD_FAILED\","
        "\"created_at\":\"2026-01-01T00:00:00Z\"},"
        "{\"id\":\"m1-d2\",\"name\":\"second\",\"status\":\"WAKING_UP\","
        "\"created_at\":\"2026-02-01T00:00:00.5Z\"}]}";

      soup_server_message_set_status (message, 200, NULL);
      soup_server_message_set_response (message, "application/json", SOUP_MEMORY_STATIC,
                                        body, strlen (body));
    }
  else if (g_str_equal (path, "/v1/models/m1/environments") ||
           g_str_equal (path, "/v1/models/m2/environments"))
    {
      static const char body[] =
        "{\"environments\":[{\"name\":\"zeta\"},{\"name\":\"alpha\"},{\"name\":\"development\"},"
        "{\"name\":\"production\",\"current_deployment\":{\"id\":\"m1-d2\",\"status\":\"WAKING_UP\"}}]}";

      soup_server_message_set_status (message, 200, NULL);
      soup_server_message_set_response (message, "application/json", SOUP_MEMORY_STATIC,
                                        body, strlen (body));
    }
  else
    {
      /* m2's deployments: gone. */
      soup_server_message_set_status (message, 404, NULL);
      soup_server_message_set_response (message, "application/json", SOUP_MEMORY_STATIC,
                                        "{}", 2);
    }
}

static void
canned_start (Canned *canned)
{
  g_autoptr(GError) error = NULL;
  g_autoslist(GUri) uris = NULL;

  canned->server = soup_server_new (NULL, NULL);
  soup_server_add_handler (canned->server, NULL, canned_callback, canned, NULL);
  soup_server_listen_local (canned->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);

  uris = soup_server_get_uris (canned->server);
  canned->base_url = g_strdup_printf ("http://127.0.0.1:%d", g_uri_get_port (uris->data));
}

static void
canned_stop (Canned *canned)
{
  soup_server_disconnect (canned->server);
  g_clear_object (&canned->server);
  g_clear_pointer (&canned->base_url, g_free);
  /* Let the closed connections finish in this context. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
test_partial_failure (void)
{
  g_autoptr(IscTargetList) list = isc_target_list_new ();
  g_autoptr(IscClient) client = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *m1 = NULL;
  g_autofree char *m2 = NULL;
  Canned canned = { 0 };
  const GError *shown;
  IscTargetItem *item;

  canned_start (&canned);
  client = isc_client_new (canned.base_url, "K", &error);
  g_assert_no_error (error);

  error = reload (list, client);
  g_assert_no_error (error);

  /* Environments in the fixed order, the rest by name; deployments newest
   * first, fractions of a second and all. */
  m1 = describe_rows (list, "m1");
  g_assert_cmpstr (m1, ==, "M:One E:production E:development E:alpha E:zeta D:second D:first");
  item = row (list, 1);
  g_assert_cmpstr (isc_target_item_get_subtitle (item), ==, "m1-d2 · Waking up");
  g_assert_true (isc_target_item_get_is_active (item));
  item = row (list, 5);
  g_assert_cmpint (isc_target_item_get_created_ms (item), ==, G_GINT64_CONSTANT (1769904000500));
  g_assert_cmpstr (isc_target_item_get_subtitle (item), ==, "Waking up");
  item = row (list, 6);
  g_assert_cmpstr (isc_target_item_get_subtitle (item), ==, "Build failed");
  g_assert_false (isc_target_item_get_is_active (item));

  /* m2's deployments could not be listed: it shows with its environments,
   * and the list says what went wrong in words. */
  m2 = describe_rows (list, "m2");
  g_assert_cmpstr (m2, ==, "M:Two E:production E:development E:alpha E:zeta");
  shown = isc_target_list_get_error (list);
  g_assert_nonnull (shown);
  g_assert_error ((GError *) shown, ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (shown->message, "m2"));

  g_clear_object (&client);
  canned_stop (&canned);
}

static void
test_server_error (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = reload (f->list, f->client);
  g_autoptr(IscClient) failing = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  Canned canned = { 0 };
  const GError *shown;
  guint changes;
  gboolean error_notified = FALSE;

  g_assert_no_error (error);
  before = describe_rows (f->list, NULL);
  changes = f->n_changes;

  canned_start (&canned);
  g_object_set_data (G_OBJECT (canned.server), "fail-models", GINT_TO_POINTER (TRUE));
  failing = isc_client_new (canned.base_url, "K", &error);
  g_assert_no_error (error);

  g_signal_connect_swapped (f->list, "notify::error", G_CALLBACK (test_set_flag_cb), &error_notified);
  error = reload (f->list, failing);

  /* The server's failure, retried, then told in words; the rows stay. */
  g_assert_error (error, ISC_API_ERROR, ISC_API_ERROR_SERVER);
  g_assert_cmpuint (canned.n_requests, ==, 1 + ISC_CLIENT_SERVER_ERROR_RETRIES);
  shown = isc_target_list_get_error (f->list);
  g_assert_nonnull (shown);
  g_assert_true (error_notified);
  g_assert_cmpstr (shown->message, ==, error->message);
  g_assert_nonnull (strstr (shown->message, "server error (HTTP 500)"));
  g_assert_cmpuint (f->n_changes, ==, changes);
  after = describe_rows (f->list, NULL);
  g_assert_cmpstr (after, ==, before);

  /* A good reload clears the error. */
  g_clear_error (&error);
  error = reload (f->list, f->client);
  g_assert_no_error (error);
  g_assert_null (isc_target_list_get_error (f->list));

  g_clear_object (&failing);
  canned_stop (&canned);
}

static void
test_newer_reload_wins (Fixture       *f,
                        gconstpointer  data)
{
  Outcome first = { 0 }, second = { 0 };

  isc_target_list_reload_async (f->list, f->client, NULL, on_reloaded, &first);
  isc_target_list_reload_async (f->list, f->client, NULL, on_reloaded, &second);
  g_assert_true (test_wait_for (outcome_done, &first));
  g_assert_true (test_wait_for (outcome_done, &second));

  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_no_error (second.error);
  g_assert_true (second.ok);
  g_assert_false (isc_target_list_get_loading (f->list));
  g_assert_cmpuint (f->n_seen, ==, 21);
  g_clear_error (&first.error);
}

static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Outcome outcome = { 0 };

  isc_target_list_reload_async (f->list, f->client, cancellable, on_reloaded, &outcome);
  g_cancellable_cancel (cancellable);
  g_assert_true (test_wait_for (outcome_done, &outcome));

  g_assert_error (outcome.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (isc_target_list_get_loading (f->list));
  g_assert_null (isc_target_list_get_error (f->list));
  g_assert_cmpuint (f->n_seen, ==, 0);
  g_clear_error (&outcome.error);
}

/* A large account: discovery's listing of targets, one model at a time. */

#define LARGE_FLEET 40

static void
on_discovery_logged (IscDemoServer *server,
                     const char    *method,
                     const char    *path,
                     guint          status,
                     guint64        bytes,
                     double         ms,
                     gint          *n_models_asked)
{
  /* Each model's targets cost one request for its deployments. */
  if (g_str_has_suffix (path, "/deployments"))
    g_atomic_int_inc (n_models_asked);
}

static gboolean
list_has_rows (gpointer data)
{
  return g_list_model_get_n_items (G_LIST_MODEL (data)) > 0;
}

static gboolean
list_not_loading (gpointer data)
{
  return !isc_target_list_get_loading (ISC_TARGET_LIST (data));
}

static guint
count_kind (IscTargetList     *list,
            IscTargetItemKind  kind,
            const char        *title)
{
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    {
      IscTargetItem *item = row (list, i);

      if (isc_target_item_get_kind (item) == kind &&
          (title == NULL || g_strcmp0 (isc_target_item_get_title (item), title) == 0))
        n++;
    }

  return n;
}

static gboolean
every_model_listed (gpointer data)
{
  IscTargetList *list = data;

  for (guint i = 1; i <= LARGE_FLEET; i++)
    {
      g_autofree char *model_id = g_strdup_printf ("fleet-%04u", i);

      if (!isc_target_list_get_model_listed (list, model_id))
        return FALSE;
    }

  return TRUE;
}

/* The models show as soon as they are listed, before any model's
 * targets; a model's targets are asked for when they are needed (the
 * first few, one asked for, all while filtering), not all at once. */
static void
test_large_account (Fixture       *f,
                    gconstpointer  data)
{
  Outcome outcome = { 0 };
  gint n_models_asked = 0;
  guint n_models;
  g_autofree char *last = NULL;

  g_signal_connect (f->server, "request-logged", G_CALLBACK (on_discovery_logged), &n_models_asked);

  isc_target_list_reload_async (f->list, f->client, NULL, on_reloaded, &outcome);
  g_assert_true (test_wait_for (list_has_rows, f->list));
  /* Every model at once, while their targets are still on their way. */
  g_assert_true (isc_target_list_get_loading (f->list));
  n_models = count_kind (f->list, ISC_TARGET_ITEM_MODEL, NULL);
  g_assert_cmpuint (n_models, >=, LARGE_FLEET);
  g_assert_false (isc_target_list_get_model_listed (f->list, "fleet-0040"));

  g_assert_true (test_wait_for (outcome_done, &outcome));
  g_assert_no_error (outcome.error);
  g_assert_false (isc_target_list_get_loading (f->list));
  /* The first models' targets, and no more. */
  g_assert_cmpuint (count_kind (f->list, ISC_TARGET_ITEM_MODEL, NULL), ==, n_models);
  g_assert_cmpint (g_atomic_int_get (&n_models_asked), <, (gint) n_models / 2);
  g_assert_cmpint (g_atomic_int_get (&n_models_asked), >, 0);
  last = describe_rows (f->list, "fleet-0040");
  g_assert_cmpstr (last, ==, "M:ocr-0040");

  /* Asked for (shown, chosen): its targets follow under it. */
  isc_target_list_fetch_model (f->list, "fleet-0040", TRUE);
  g_assert_true (isc_target_list_get_loading (f->list));
  g_assert_true (test_wait_for (list_not_loading, f->list));
  g_assert_true (isc_target_list_get_model_listed (f->list, "fleet-0040"));
  g_free (last);
  last = describe_rows (f->list, "fleet-0040");
  g_assert_true (g_str_has_prefix (last, "M:ocr-0040 E:production E:development D:"));

  /* A filter finds targets by their names in every model, as they come. */
  isc_target_list_set_filter (f->list, "production");
  g_assert_true (test_wait_for (every_model_listed, f->list));
  g_assert_cmpuint (count_kind (f->list, ISC_TARGET_ITEM_ENVIRONMENT, "production"), >=, LARGE_FLEET);
  g_assert_cmpuint (f->n_seen, ==, g_list_model_get_n_items (G_LIST_MODEL (f->list)));
}

/* The overview asks for every target: loading until they are listed. */
static void
test_fetch_all (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  error = reload (f->list, f->client);
  g_assert_no_error (error);
  g_assert_false (every_model_listed (f->list));

  isc_target_list_fetch_all (f->list);
  g_assert_true (isc_target_list_get_loading (f->list));
  g_assert_true (test_wait_for (list_not_loading, f->list));
  g_assert_true (every_model_listed (f->list));
  g_assert_cmpuint (count_kind (f->list, ISC_TARGET_ITEM_ENVIRONMENT, "production"), >=, LARGE_FLEET);

  /* And again after a reload, before it is done. */
  error = reload (f->list, f->client);
  g_assert_no_error (error);
  g_assert_true (every_model_listed (f->list));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/target-list/status-titles", test_status_titles);
  g_test_add ("/isc/target-list/demo-rows", Fixture, NULL, fixture_setup, test_demo_rows, fixture_teardown);
  g_test_add ("/isc/target-list/filter", Fixture, NULL, fixture_setup, test_filter, fixture_teardown);
  g_test_add ("/isc/target-list/filter-keeps-rows", Fixture, NULL, fixture_setup, test_filter_keeps_rows, fixture_teardown);
  g_test_add ("/isc/target-list/add-target", Fixture, NULL, fixture_setup, test_add_target, fixture_teardown);
  g_test_add_func ("/isc/target-list/partial-failure", test_partial_failure);
  g_test_add ("/isc/target-list/server-error", Fixture, NULL, fixture_setup, test_server_error, fixture_teardown);
  g_test_add ("/isc/target-list/newer-reload-wins", Fixture, NULL, fixture_setup, test_newer_reload_wins, fixture_teardown);
  g_test_add ("/isc/target-list/cancel", Fixture, NULL, fixture_setup, test_cancel, fixture_teardown);
  g_test_add ("/isc/target-list/large-account", Fixture, GUINT_TO_POINTER (LARGE_FLEET), fixture_setup, test_large_account, fixture_teardown);
  g_test_add ("/isc/target-list/fetch-all", Fixture, GUINT_TO_POINTER (LARGE_FLEET), fixture_setup, test_fetch_all, fixture_teardown);

  return g_test_run ();
}
