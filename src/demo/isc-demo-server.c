/* isc-demo-server.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-demo-server"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-demo-generator-private.h"
#include "isc-demo-ids.h"
#include "isc-demo-server-private.h"

G_DEFINE_TYPE (IscDemoServer, isc_demo_server, G_TYPE_OBJECT)
G_DEFINE_QUARK (isc-demo-server-error-quark, isc_demo_server_error)

enum {
  PROP_0,
  PROP_SEED,
  PROP_API_KEY,
  PROP_BASE_URL,
  PROP_FLEET_SIZE,
  PROP_LATENCY_MS,
  N_PROPS
};

enum {
  REQUEST_LOGGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

gint64
_isc_demo_server_now_ms (IscDemoServer *self)
{
  gint64 fixed;

  g_mutex_lock (&self->lock);
  fixed = self->fixed_now_ms;
  g_mutex_unlock (&self->lock);

  return fixed != 0 ? fixed : g_get_real_time () / 1000;
}

void
_isc_demo_server_log_request (IscDemoServer     *self,
                              SoupServerMessage *msg,
                              guint              status,
                              guint64            bytes)
{
  GUri *uri = soup_server_message_get_uri (msg);
  const char *query = g_uri_get_query (uri);
  gint64 *started = g_object_get_data (G_OBJECT (msg), "isc-demo-started");
  double ms = started != NULL ? (g_get_monotonic_time () - *started) / 1000.0 : 0.0;
  g_autofree char *path = NULL;

  if (g_object_get_data (G_OBJECT (msg), "isc-demo-logged") != NULL)
    return;
  g_object_set_data (G_OBJECT (msg), "isc-demo-logged", GINT_TO_POINTER (TRUE));

  if (started != NULL)
    {
      g_mutex_lock (&self->lock);
      if (self->in_flight > 0)
        self->in_flight--;
      g_mutex_unlock (&self->lock);
    }

  path = query != NULL ? g_strconcat (g_uri_get_path (uri), "?", query, NULL)
                       : g_strdup (g_uri_get_path (uri));
  g_signal_emit (self, signals[REQUEST_LOGGED], 0,
                 soup_server_message_get_method (msg), path, status, bytes, ms);
}

static void
on_request_started (SoupServer        *server,
                    SoupServerMessage *msg,
                    IscDemoServer     *self)
{
  gint64 *started = g_new (gint64, 1);

  *started = g_get_monotonic_time ();
  g_object_set_data_full (G_OBJECT (msg), "isc-demo-started", started, g_free);

  g_mutex_lock (&self->lock);
  self->in_flight++;
  self->peak_in_flight = MAX (self->peak_in_flight, self->in_flight);
  g_mutex_unlock (&self->lock);
}

static void
on_request_finished (SoupServer        *server,
                     SoupServerMessage *msg,
                     IscDemoServer     *self)
{
  SoupMessageBody *body = soup_server_message_get_response_body (msg);

  _isc_demo_server_log_request (self, msg, soup_server_message_get_status (msg), body != NULL ? body->length : 0);
}

/* libsoup reports a 500 as aborted too: log what was sent. */
static void
on_request_aborted (SoupServer        *server,
                    SoupServerMessage *msg,
                    IscDemoServer     *self)
{
  on_request_finished (server, msg, self);
}

/* Routing */

/* The discovery bodies of a deployment and an environment, with the
 * replicas the generator says are running now.
 */
static JsonNode *
deployment_json (IscDemoServer           *self,
                 const IscDemoDeployment *dep,
                 gint64                   now_s)
{
  guint active = _isc_demo_generator_replicas_now (dep, self->seed, now_s);

  return _isc_demo_fleet_deployment_json (dep, self->seed, now_s, active);
}

static JsonNode *
environment_json (IscDemoServer            *self,
                  const IscDemoEnvironment *env,
                  gint64                    now_s)
{
  const IscDemoDeployment *current = _isc_demo_fleet_serving (env, self->seed, now_s, now_s);
  const IscDemoDeployment *candidate = _isc_demo_fleet_candidate (env);
  guint active = _isc_demo_generator_replicas_now (current, self->seed, now_s);
  guint candidate_active = candidate != NULL ? _isc_demo_generator_replicas_now (candidate, self->seed, now_s) : 0;

  return _isc_demo_fleet_environment_json (env, self->seed, now_s, active, candidate_active);
}

/* The demo models first, then the large fleet's. */
static const IscDemoModel *
lookup_model (IscDemoServer *self,
              const char    *model_id)
{
  const IscDemoModel *model = _isc_demo_fleet_lookup_model (model_id);

  return model != NULL ? model : _isc_demo_extra_fleet_lookup_model (self->extra, model_id);
}

static gboolean
is_extra (IscDemoServer      *self,
          const IscDemoModel *model)
{
  return _isc_demo_fleet_lookup_model (model->id) != model;
}

static const IscDemoDeployment *
lookup_deployment (IscDemoServer      *self,
                   const IscDemoModel *model,
                   const char         *deployment_id)
{
  return is_extra (self, model) ? _isc_demo_extra_fleet_lookup_deployment (self->extra, model, deployment_id)
                                : _isc_demo_fleet_lookup_deployment (model, deployment_id);
}

static const IscDemoEnvironment *
lookup_environment (IscDemoServer      *self,
                    const IscDemoModel *model,
                    const char         *name)
{
  return is_extra (self, model) ? _isc_demo_extra_fleet_lookup_environment (self->extra, model, name)
                                : _isc_demo_fleet_lookup_environment (model, name);
}

static GPtrArray *
list_targets (IscDemoServer      *self,
              const IscDemoModel *model,
              gboolean            environments)
{
  if (is_extra (self, model))
    return environments ? _isc_demo_extra_fleet_list_environments (self->extra, model)
                        : _isc_demo_extra_fleet_list_deployments (self->extra, model);

  return environments ? _isc_demo_fleet_list_environments (model)
                      : _isc_demo_fleet_list_deployments (model);
}

static JsonNode *
list_json (const char *member,
           JsonArray  *array)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_array_member (object, member, array);
  json_node_take_object (node, object);
  return node;
}

static void
reply_user (IscDemoServer      *self,
            SoupServerMessage  *msg,
            const IscDemoFault *fault)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "user_id");
  json_builder_add_string_value (b, "demo-user");
  json_builder_set_member_name (b, "email");
  json_builder_add_string_value (b, "demo@inferscope.invalid");
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, "Demo User");
  json_builder_set_member_name (b, "workspace_name");
  json_builder_add_string_value (b, "Inferscope demo");
  json_builder_end_object (b);
  node = json_builder_get_root (b);
  _isc_demo_server_reply_json (self, msg, fault, node);
}

static void
reply_models (IscDemoServer      *self,
              SoupServerMessage  *msg,
              const IscDemoFault *fault,
              gint64              now_s)
{
  JsonArray *array = json_array_new ();
  g_autoptr(JsonNode) node = NULL;
  guint n_models;
  const IscDemoModel *models = _isc_demo_fleet_get_models (&n_models);

  for (guint i = 0; i < n_models; i++)
    json_array_add_element (array, _isc_demo_fleet_model_json (&models[i], self->seed, now_s));
  for (guint i = 0; i < _isc_demo_extra_fleet_get_n_models (self->extra); i++)
    json_array_add_element (array, _isc_demo_fleet_model_json (_isc_demo_extra_fleet_get_model (self->extra, i),
                                                                self->seed, now_s));
  node = list_json ("models", array);
  _isc_demo_server_reply_json (self, msg, fault, node);
}

/* "metrics-rate-limit": whether this metrics request is one of the
 * first N since it was set. */
static gboolean
metrics_rate_limited (IscDemoServer *self)
{
  gboolean limited;

  g_mutex_lock (&self->lock);
  limited = self->metrics_seen < self->metrics_rate_limit;
  if (limited)
    self->metrics_seen++;
  g_mutex_unlock (&self->lock);

  return limited;
}

static gboolean
is_alias (const char *deployment_id)
{
  return g_str_equal (deployment_id, "production") || g_str_equal (deployment_id, "development");
}

/* …/deployments, …/deployments/ID and …/deployments/ID/metrics, or with
 * @environments the same for …/environments/NAME.
 */
static void
route_targets (IscDemoServer       *self,
               SoupServerMessage   *msg,
               const IscDemoFault  *fault,
               const IscDemoModel  *model,
               char               **seg,
               guint                n,
               const char          *path,
               gint64               now_s,
               gboolean             environments)
{
  const IscDemoDeployment *dep = NULL;
  const IscDemoEnvironment *env = NULL;
  g_autoptr(JsonNode) node = NULL;

  if (n == 4)
    {
      g_autoptr(GPtrArray) list = list_targets (self, model, environments);
      JsonArray *array = json_array_new ();

      for (guint i = 0; i < list->len; i++)
        json_array_add_element (array, environments ? environment_json (self, list->pdata[i], now_s)
                                                    : deployment_json (self, list->pdata[i], now_s));
      node = list_json (environments ? "environments" : "deployments", array);
      _isc_demo_server_reply_json (self, msg, fault, node);
      return;
    }

  if (environments)
    env = lookup_environment (self, model, seg[4]);
  else if (g_str_has_prefix (seg[4], ISC_DEMO_FAULT_DEPLOYMENT_PREFIX))
    /* A reserved fault id stands for the model's production deployment. */
    dep = lookup_deployment (self, model, "production");
  else
    dep = lookup_deployment (self, model, seg[4]);

  if (dep == NULL && env == NULL)
    _isc_demo_server_reply_not_found (self, msg, fault,
                                      environments ? _("environment") : _("deployment"), seg[4]);
  else if (n == 5)
    {
      node = env != NULL ? environment_json (self, env, now_s) : deployment_json (self, dep, now_s);
      _isc_demo_server_reply_json (self, msg, fault, node);
    }
  else if ((g_str_equal (seg[5], "metrics") || g_str_equal (seg[5], "logs")) && dep != NULL && is_alias (seg[4]))
    /* Baseten has no alias path for metrics or logs: a real id, or the
     * environment. */
    _isc_demo_server_reply_not_found (self, msg, fault, _("deployment"), seg[4]);
  else if (g_str_equal (seg[5], "metrics") && metrics_rate_limited (self))
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) body = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "error");
      json_builder_add_string_value (b, _("Rate limit exceeded: 100 requests per second per endpoint"));
      json_builder_end_object (b);
      body = json_builder_get_root (b);
      _isc_demo_server_reply (self, msg, fault, 429, "application/json",
                              _isc_demo_server_json_to_bytes (body), _isc_demo_server_get_retry_after (self));
    }
  else if (g_str_equal (seg[5], "metrics") && dep != NULL && dep->fail_status != 0)
    _isc_demo_server_reply_error (self, msg, fault, dep->fail_status, "INTERNAL_ERROR",
                                  _("An internal error occurred"));
  else if (g_str_equal (seg[5], "metrics"))
    _isc_demo_server_handle_metrics (self, msg, fault, dep, env);
  else if (g_str_equal (seg[5], "logs"))
    _isc_demo_server_handle_logs (self, msg, fault, dep, env);
  else
    _isc_demo_server_reply_not_found (self, msg, fault, NULL, path);
}

/* @seg: the @n segments of @path after "v1". */
static void
route (IscDemoServer       *self,
       SoupServerMessage   *msg,
       const IscDemoFault  *fault,
       char               **seg,
       guint                n,
       const char          *path)
{
  gint64 now_s = _isc_demo_server_now_ms (self) / 1000;
  const IscDemoModel *model;
  g_autoptr(JsonNode) node = NULL;

  if (n == 3 && g_str_equal (seg[1], "users") && g_str_equal (seg[2], "me") &&
      !_isc_demo_server_users_me_missing (self))
    {
      reply_user (self, msg, fault);
      return;
    }

  if (_isc_demo_server_route_billing (self, msg, fault, seg, n))
    return;

  if (n < 2 || !g_str_equal (seg[1], "models"))
    {
      _isc_demo_server_reply_not_found (self, msg, fault, NULL, path);
      return;
    }

  if (n == 2)
    {
      reply_models (self, msg, fault, now_s);
      return;
    }

  model = lookup_model (self, seg[2]);
  if (model == NULL)
    {
      _isc_demo_server_reply_not_found (self, msg, fault, _("model"), seg[2]);
      return;
    }

  if (n == 3)
    {
      node = _isc_demo_fleet_model_json (model, self->seed, now_s);
      _isc_demo_server_reply_json (self, msg, fault, node);
    }
  else if (g_str_equal (seg[3], "audit_logs") && n == 4)
    _isc_demo_server_handle_audit_logs (self, msg, fault, model);
  else if ((g_str_equal (seg[3], "deployments") || g_str_equal (seg[3], "environments")) && n <= 6)
    route_targets (self, msg, fault, model, seg, n, path, now_s, g_str_equal (seg[3], "environments"));
  else
    _isc_demo_server_reply_not_found (self, msg, fault, NULL, path);
}

static gboolean
authorized (IscDemoServer     *self,
            SoupServerMessage *msg)
{
  const char *header;

  if (self->api_key == NULL)
    return TRUE;

  header = soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "Authorization");
  if (header == NULL)
    return FALSE;

  if (g_str_has_prefix (header, "Bearer "))
    header += strlen ("Bearer ");
  else if (g_str_has_prefix (header, "Api-Key "))
    header += strlen ("Api-Key ");
  else
    return FALSE;

  return g_str_equal (header, self->api_key) || g_str_equal (header, ISC_DEMO_MEMBER_KEY);
}

/* The path's segments, unescaped, NULL-terminated; one trailing slash
 * is forgiven.
 */
static GPtrArray *
split_path (const char *path)
{
  g_auto(GStrv) raw = g_strsplit (path[0] == '/' ? path + 1 : path, "/", -1);
  GPtrArray *seg = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; raw[i] != NULL; i++)
    {
      char *s = g_uri_unescape_string (raw[i], NULL);

      if (raw[i + 1] == NULL && *raw[i] == '\0' && i > 0)
        {
          g_free (s);
          break;
        }
      g_ptr_array_add (seg, s != NULL ? s : g_strdup (""));
    }
  g_ptr_array_add (seg, NULL);

  return seg;
}

static void
handle_request (SoupServer        *server,
                SoupServerMessage *msg,
                const char        *unused_path,
                GHashTable        *unused_query,
                gpointer           user_data)
{
  IscDemoServer *self = user_data;
  const char *method = soup_server_message_get_method (msg);
  const char *path = g_uri_get_path (soup_server_message_get_uri (msg));
  g_autoptr(GPtrArray) seg = NULL;
  IscDemoFault fault = { 0 };
  IscDemoFault none = { 0 };

  if (g_strcmp0 (method, SOUP_METHOD_GET) != 0 && g_strcmp0 (method, SOUP_METHOD_HEAD) != 0)
    {
      soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Allow", "GET, HEAD");
      _isc_demo_server_reply_error (self, msg, &none, SOUP_STATUS_METHOD_NOT_ALLOWED, "METHOD_NOT_ALLOWED",
                                    _("Only GET is allowed"));
      return;
    }

  if (!authorized (self, msg))
    {
      _isc_demo_server_reply_error (self, msg, &none, SOUP_STATUS_UNAUTHORIZED, "UNAUTHENTICATED",
                                    _("Missing or invalid API key: send “Authorization: Bearer <key>”"));
      return;
    }

  /* The first segment must be "v1". */
  seg = split_path (path);
  if (!_isc_demo_server_read_fault (self, msg, (char **) seg->pdata, seg->len - 1, &fault))
    return;
  if (_isc_demo_server_reply_fault (self, msg, &fault))
    return;

  if (seg->len < 2 || !g_str_equal (g_ptr_array_index (seg, 0), "v1"))
    {
      _isc_demo_server_reply_not_found (self, msg, &fault, NULL, path);
      return;
    }

  route (self, msg, &fault, (char **) seg->pdata, seg->len - 1, path);
}

/* GObject */

IscDemoServer *
isc_demo_server_new (guint64     seed,
                     const char *api_key)
{
  return g_object_new (ISC_TYPE_DEMO_SERVER,
                       "seed", seed,
                       "api-key", api_key,
                       NULL);
}

static gboolean
quit_loop (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

/**
 * isc_demo_server_stop:
 *
 * Stops listening and closes every connection. In a thread of its own the
 * server is gone when this returns; in the caller's context, iterate it
 * until nothing is pending so the closed connections can finish. Dispose
 * stops the server too.
 */
void
isc_demo_server_stop (IscDemoServer *self)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  if (self->thread != NULL)
    {
      g_main_context_invoke (self->context, quit_loop, self->loop);
      g_thread_join (g_steal_pointer (&self->thread));
    }
  else
    {
      _isc_demo_server_cancel_replies (self);
      if (self->server != NULL)
        soup_server_disconnect (self->server);
    }
}

static void
isc_demo_server_dispose (GObject *object)
{
  IscDemoServer *self = (IscDemoServer *) object;

  isc_demo_server_stop (self);

  if (self->server != NULL)
    g_signal_handlers_disconnect_by_data (self->server, self);
  g_clear_object (&self->server);

  G_OBJECT_CLASS (isc_demo_server_parent_class)->dispose (object);
}

static void
isc_demo_server_finalize (GObject *object)
{
  IscDemoServer *self = (IscDemoServer *) object;

  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_pointer (&self->loop, g_main_loop_unref);
  g_clear_pointer (&self->fault_counts, g_hash_table_unref);
  g_clear_pointer (&self->extra, _isc_demo_extra_fleet_free);
  g_clear_pointer (&self->billing_days, g_hash_table_unref);
  g_clear_error (&self->thread_error);
  g_free (self->api_key);
  g_free (self->base_url);
  g_strfreev (self->unknown_metrics);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->started_cond);

  G_OBJECT_CLASS (isc_demo_server_parent_class)->finalize (object);
}

static void
isc_demo_server_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  IscDemoServer *self = ISC_DEMO_SERVER (object);

  switch (prop_id)
    {
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    case PROP_API_KEY:
      g_value_set_string (value, self->api_key);
      break;
    case PROP_BASE_URL:
      g_value_set_string (value, self->base_url);
      break;
    case PROP_FLEET_SIZE:
      g_value_set_uint (value, self->fleet_size);
      break;
    case PROP_LATENCY_MS:
      g_value_set_uint (value, isc_demo_server_get_latency_ms (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_demo_server_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  IscDemoServer *self = ISC_DEMO_SERVER (object);

  switch (prop_id)
    {
    case PROP_SEED:
      self->seed = g_value_get_uint64 (value);
      break;
    case PROP_API_KEY:
      g_free (self->api_key);
      self->api_key = g_value_dup_string (value);
      break;
    case PROP_FLEET_SIZE:
      isc_demo_server_set_fleet_size (self, g_value_get_uint (value));
      break;
    case PROP_LATENCY_MS:
      isc_demo_server_set_latency_ms (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_demo_server_class_init (IscDemoServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_demo_server_dispose;
  object_class->finalize = isc_demo_server_finalize;
  object_class->get_property = isc_demo_server_get_property;
  object_class->set_property = isc_demo_server_set_property;

  properties[PROP_SEED] =
    g_param_spec_uint64 ("seed", NULL, NULL, 0, G_MAXUINT64, 0,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_API_KEY] =
    g_param_spec_string ("api-key", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BASE_URL] =
    g_param_spec_string ("base-url", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FLEET_SIZE] =
    g_param_spec_uint ("fleet-size", NULL, NULL, 0, 100000, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LATENCY_MS] =
    g_param_spec_uint ("latency-ms", NULL, NULL, 0, 600000, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * IscDemoServer::request-logged:
   * @method: the request method
   * @path: the path and query as sent
   * @status: the status sent, 0 when the connection was dropped
   * @bytes: the body bytes sent
   * @milliseconds: from the request's start to its end
   *
   * One per request, when it ends, in the server's thread.
   */
  signals[REQUEST_LOGGED] =
    g_signal_new ("request-logged",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 5,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT64, G_TYPE_DOUBLE);
}

static void
isc_demo_server_init (IscDemoServer *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->started_cond);
  self->log_rate = 1;
  self->retry_after_s = 1;
  self->fault_counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->server = soup_server_new ("server-header", "inferscope-demo-server ", NULL);

  soup_server_add_handler (self->server, NULL, handle_request, self, NULL);
  g_signal_connect (self->server, "request-started", G_CALLBACK (on_request_started), self);
  g_signal_connect (self->server, "request-finished", G_CALLBACK (on_request_finished), self);
  g_signal_connect (self->server, "request-aborted", G_CALLBACK (on_request_aborted), self);
}

gboolean
isc_demo_server_listen (IscDemoServer  *self,
                        const char     *host,
                        guint           port,
                        GError        **error)
{
  g_autoptr(GSocketAddress) address = NULL;
  g_autoptr(GError) local_error = NULL;
  GSList *listeners;

  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), FALSE);
  g_return_val_if_fail (self->base_url == NULL, FALSE);
  g_return_val_if_fail (port <= G_MAXUINT16, FALSE);

  if (host == NULL)
    host = "127.0.0.1";

  address = g_inet_socket_address_new_from_string (host, port);
  if (address == NULL)
    {
      g_set_error (error, ISC_DEMO_SERVER_ERROR, ISC_DEMO_SERVER_ERROR_LISTEN,
                   _("“%s” is not an IP address"), host);
      return FALSE;
    }

  if (self->context == NULL)
    self->context = g_main_context_ref_thread_default ();

  if (!soup_server_listen (self->server, address, 0, &local_error))
    {
      g_set_error (error, ISC_DEMO_SERVER_ERROR, ISC_DEMO_SERVER_ERROR_LISTEN,
                   _("Could not listen on %s port %u: %s"), host, port, local_error->message);
      return FALSE;
    }

  /* The port the system chose. Not soup_server_get_uris (): the address
   * it caches on the listener shows as a leak under LeakSanitizer.
   */
  listeners = soup_server_get_listeners (self->server);
  if (listeners != NULL)
    {
      g_autoptr(GSocketAddress) local = g_socket_get_local_address (listeners->data, NULL);

      if (G_IS_INET_SOCKET_ADDRESS (local))
        self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local));
    }
  g_slist_free (listeners);

  if (strchr (host, ':') != NULL)
    self->base_url = g_strdup_printf ("http://[%s]:%u", host, self->port);
  else
    self->base_url = g_strdup_printf ("http://%s:%u", host, self->port);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BASE_URL]);
  return TRUE;
}

gboolean
isc_demo_server_listen_loopback (IscDemoServer  *self,
                                 guint           port,
                                 GError        **error)
{
  return isc_demo_server_listen (self, "127.0.0.1", port, error);
}

typedef struct
{
  IscDemoServer *self;
  guint          port;
} ThreadStart;

static gpointer
server_thread (gpointer user_data)
{
  ThreadStart *start = user_data;
  IscDemoServer *self = start->self;
  GError *error = NULL;
  gboolean ok;

  g_main_context_push_thread_default (self->context);
  ok = isc_demo_server_listen_loopback (self, start->port, &error);

  g_mutex_lock (&self->lock);
  self->thread_error = error;
  self->started = TRUE;
  g_cond_signal (&self->started_cond);
  g_mutex_unlock (&self->lock);

  if (ok)
    g_main_loop_run (self->loop);

  _isc_demo_server_cancel_replies (self);
  soup_server_disconnect (self->server);
  /* Let the closed connections finish their sources here. */
  while (g_main_context_iteration (self->context, FALSE))
    ;
  g_main_context_pop_thread_default (self->context);
  g_free (start);
  return NULL;
}

gboolean
isc_demo_server_run_in_thread (IscDemoServer  *self,
                               guint           port,
                               GError        **error)
{
  ThreadStart *start;
  GError *thread_error;

  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), FALSE);
  g_return_val_if_fail (self->thread == NULL && self->context == NULL, FALSE);

  self->context = g_main_context_new ();
  self->loop = g_main_loop_new (self->context, FALSE);

  start = g_new0 (ThreadStart, 1);
  start->self = self;
  start->port = port;
  self->thread = g_thread_new ("isc-demo-server", server_thread, start);

  g_mutex_lock (&self->lock);
  while (!self->started)
    g_cond_wait (&self->started_cond, &self->lock);
  thread_error = g_steal_pointer (&self->thread_error);
  g_mutex_unlock (&self->lock);

  if (thread_error != NULL)
    {
      g_thread_join (g_steal_pointer (&self->thread));
      g_propagate_error (error, thread_error);
      return FALSE;
    }

  return TRUE;
}

const char *
isc_demo_server_get_base_url (IscDemoServer *self)
{
  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), NULL);

  return self->base_url;
}

guint
isc_demo_server_get_port (IscDemoServer *self)
{
  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), 0);

  return self->port;
}

guint64
isc_demo_server_get_seed (IscDemoServer *self)
{
  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), 0);

  return self->seed;
}

void
isc_demo_server_set_now_ms (IscDemoServer *self,
                            gint64         now)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  g_mutex_lock (&self->lock);
  self->fixed_now_ms = now;
  g_mutex_unlock (&self->lock);
}

void
isc_demo_server_reset_faults (IscDemoServer *self)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  g_mutex_lock (&self->lock);
  g_hash_table_remove_all (self->fault_counts);
  g_mutex_unlock (&self->lock);
}

guint
isc_demo_server_get_fleet_size (IscDemoServer *self)
{
  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), 0);

  return self->fleet_size;
}

void
isc_demo_server_set_fleet_size (IscDemoServer *self,
                                guint          fleet_size)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));
  /* The server thread reads the fleet without a lock. */
  g_return_if_fail (self->base_url == NULL);

  if (self->fleet_size == fleet_size)
    return;

  self->fleet_size = fleet_size;
  g_clear_pointer (&self->extra, _isc_demo_extra_fleet_free);
  if (fleet_size > 0)
    self->extra = _isc_demo_extra_fleet_new (fleet_size, self->seed);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLEET_SIZE]);
}

const char *
isc_demo_server_get_fault_model_id (IscDemoServer *self)
{
  const IscDemoDeployment *fault;

  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), NULL);

  fault = _isc_demo_extra_fleet_get_fault (self->extra);
  return fault != NULL ? fault->model_id : NULL;
}

const char *
isc_demo_server_get_fault_deployment_id (IscDemoServer *self)
{
  const IscDemoDeployment *fault;

  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), NULL);

  fault = _isc_demo_extra_fleet_get_fault (self->extra);
  return fault != NULL ? fault->id : NULL;
}

void
isc_demo_server_set_retry_after (IscDemoServer *self,
                                 guint          seconds)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  g_mutex_lock (&self->lock);
  self->retry_after_s = seconds;
  g_mutex_unlock (&self->lock);
}

guint
_isc_demo_server_get_retry_after (IscDemoServer *self)
{
  guint seconds;

  g_mutex_lock (&self->lock);
  seconds = self->retry_after_s;
  g_mutex_unlock (&self->lock);

  return seconds;
}

guint
isc_demo_server_get_latency_ms (IscDemoServer *self)
{
  guint latency;

  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), 0);

  g_mutex_lock (&self->lock);
  latency = self->latency_ms;
  g_mutex_unlock (&self->lock);

  return latency;
}

void
isc_demo_server_set_latency_ms (IscDemoServer *self,
                                guint          latency_ms)
{
  gboolean changed;

  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  g_mutex_lock (&self->lock);
  changed = self->latency_ms != latency_ms;
  self->latency_ms = latency_ms;
  g_mutex_unlock (&self->lock);

  if (changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LATENCY_MS]);
}

guint
isc_demo_server_get_log_rate (IscDemoServer *self)
{
  guint log_rate;

  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), 1);

  g_mutex_lock (&self->lock);
  log_rate = self->log_rate;
  g_mutex_unlock (&self->lock);

  return log_rate;
}

void
isc_demo_server_set_log_rate (IscDemoServer *self,
                              guint          log_rate)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));
  g_return_if_fail (log_rate >= 1);

  g_mutex_lock (&self->lock);
  self->log_rate = log_rate;
  g_mutex_unlock (&self->lock);
}

void
isc_demo_server_set_metrics_rate_limit (IscDemoServer *self,
                                        guint          n_requests)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  g_mutex_lock (&self->lock);
  self->metrics_rate_limit = n_requests;
  self->metrics_seen = 0;
  g_mutex_unlock (&self->lock);
}

guint
isc_demo_server_get_peak_in_flight (IscDemoServer *self)
{
  guint peak;

  g_return_val_if_fail (ISC_IS_DEMO_SERVER (self), 0);

  g_mutex_lock (&self->lock);
  peak = self->peak_in_flight;
  g_mutex_unlock (&self->lock);

  return peak;
}

void
isc_demo_server_reset_peak_in_flight (IscDemoServer *self)
{
  g_return_if_fail (ISC_IS_DEMO_SERVER (self));

  g_mutex_lock (&self->lock);
  self->peak_in_flight = self->in_flight;
  g_mutex_unlock (&self->lock);
}
