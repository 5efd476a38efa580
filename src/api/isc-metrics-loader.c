/* isc-metrics-loader.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-metrics-loader"

#include "config.h"

#include "isc-metrics-loader.h"

struct _IscMetricsLoader
{
  GObject       parent_instance;

  /* Owned references */
  IscClient    *client;
  GCancellable *cancellable;

  guint         generation;
  gboolean      loading;
};

G_DEFINE_FINAL_TYPE (IscMetricsLoader, isc_metrics_loader, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CLIENT,
  PROP_LOADING,
  N_PROPS
};

enum {
  LOADED,
  FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* What a pending request needs to find its loader, if it still exists
 * and still wants this answer. */
typedef struct
{
  GWeakRef  loader;
  guint     generation;
  IscQuery *query;
  gboolean  keep;     /* its answer goes to the cache */
  GError   *error;
} Pending;

static void
pending_free (Pending *pending)
{
  g_weak_ref_clear (&pending->loader);
  g_clear_pointer (&pending->query, isc_query_free);
  g_clear_error (&pending->error);
  g_free (pending);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Pending, pending_free)

static void
set_loading (IscMetricsLoader *self,
             gboolean          loading)
{
  if (self->loading == loading)
    return;

  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

void
isc_metrics_loader_cancel (IscMetricsLoader *self)
{
  g_return_if_fail (ISC_IS_METRICS_LOADER (self));

  /* A bumped generation drops an answer already on its way, too. */
  self->generation++;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  set_loading (self, FALSE);
}

static void
isc_metrics_loader_dispose (GObject *object)
{
  IscMetricsLoader *self = (IscMetricsLoader *) object;

  self->generation++;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->client);

  G_OBJECT_CLASS (isc_metrics_loader_parent_class)->dispose (object);
}

static void
isc_metrics_loader_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  IscMetricsLoader *self = ISC_METRICS_LOADER (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;

    case PROP_LOADING:
      g_value_set_boolean (value, self->loading);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_metrics_loader_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  IscMetricsLoader *self = ISC_METRICS_LOADER (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      self->client = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_metrics_loader_class_init (IscMetricsLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = isc_metrics_loader_dispose;
  object_class->get_property = isc_metrics_loader_get_property;
  object_class->set_property = isc_metrics_loader_set_property;

  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL,
                         ISC_TYPE_CLIENT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * IscMetricsLoader::loaded:
   * @response: the decoded response of the latest load
   */
  signals[LOADED] =
    g_signal_new ("loaded",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  ISC_TYPE_METRICS_RESPONSE | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * IscMetricsLoader::failed:
   * @error: what went wrong, in words
   * @cached: (nullable): the last good response for the query
   * @cached_ms: when @cached was received, epoch milliseconds, or 0 (none,
   *   or of unknown age)
   */
  signals[FAILED] =
    g_signal_new ("failed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE,
                  ISC_TYPE_METRICS_RESPONSE | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_INT64);
}

static void
isc_metrics_loader_init (IscMetricsLoader *self)
{
}

IscMetricsLoader *
isc_metrics_loader_new (IscClient *client)
{
  g_return_val_if_fail (ISC_IS_CLIENT (client), NULL);

  return g_object_new (ISC_TYPE_METRICS_LOADER,
                       "client", client,
                       NULL);
}

IscClient *
isc_metrics_loader_get_client (IscMetricsLoader *self)
{
  g_return_val_if_fail (ISC_IS_METRICS_LOADER (self), NULL);

  return self->client;
}

gboolean
isc_metrics_loader_get_loading (IscMetricsLoader *self)
{
  g_return_val_if_fail (ISC_IS_METRICS_LOADER (self), FALSE);

  return self->loading;
}

/* The loader, if it still wants the answer of this pending request. */
static IscMetricsLoader *
pending_get_loader (Pending *pending)
{
  g_autoptr(IscMetricsLoader) self = g_weak_ref_get (&pending->loader);

  if (self == NULL || self->generation != pending->generation)
    return NULL;

  return g_steal_pointer (&self);
}

static void
on_cache_lookup (GObject      *object,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_autoptr(Pending) pending = data;
  g_autoptr(IscMetricsLoader) self = NULL;
  g_autoptr(IscMetricsResponse) cached = NULL;
  gint64 stored_ms = 0;

  cached = isc_response_cache_lookup_finish (ISC_RESPONSE_CACHE (object), result, &stored_ms, NULL);

  if (!(self = pending_get_loader (pending)))
    return;

  set_loading (self, FALSE);
  g_signal_emit (self, signals[FAILED], 0, pending->error, cached, cached ? stored_ms : 0);
}

static void
on_fetched (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(Pending) pending = data;
  g_autoptr(IscMetricsLoader) self = NULL;
  g_autoptr(IscMetricsResponse) response = NULL;
  g_autoptr(GError) error = NULL;
  IscResponseCache *cache;

  response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  if (!(self = pending_get_loader (pending)))
    return;

  if (response != NULL)
    {
      set_loading (self, FALSE);
      g_signal_emit (self, signals[LOADED], 0, response);
      return;
    }

  cache = isc_client_get_cache (self->client);
  if (cache != NULL && pending->keep)
    {
      const IscQuery *query = pending->query;

      pending->error = g_steal_pointer (&error);
      isc_response_cache_lookup_async (cache,
                                       isc_client_get_base_url (self->client),
                                       query,
                                       self->cancellable,
                                       on_cache_lookup,
                                       g_steal_pointer (&pending));
      return;
    }

  set_loading (self, FALSE);
  g_signal_emit (self, signals[FAILED], 0, error, NULL, (gint64) 0);
}

static void
load (IscMetricsLoader *self,
      const IscQuery   *query,
      gboolean          keep)
{
  Pending *pending;

  isc_metrics_loader_cancel (self);

  self->cancellable = g_cancellable_new ();

  pending = g_new0 (Pending, 1);
  g_weak_ref_init (&pending->loader, self);
  pending->generation = self->generation;
  pending->query = isc_query_copy (query);
  pending->keep = keep;

  set_loading (self, TRUE);
  if (keep)
    isc_client_fetch_metrics_async (self->client, query, self->cancellable, on_fetched, pending);
  else
    isc_client_fetch_metrics_once_async (self->client, query, self->cancellable, on_fetched, pending);
}

void
isc_metrics_loader_load (IscMetricsLoader *self,
                         const IscQuery   *query)
{
  g_return_if_fail (ISC_IS_METRICS_LOADER (self));
  g_return_if_fail (query != NULL);

  load (self, query, TRUE);
}

void
isc_metrics_loader_load_once (IscMetricsLoader *self,
                              const IscQuery   *query)
{
  g_return_if_fail (ISC_IS_METRICS_LOADER (self));
  g_return_if_fail (query != NULL);

  load (self, query, FALSE);
}
