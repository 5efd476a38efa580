/* isc-export-live.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* `inferscope export --model ID (--deployment ID | --environment NAME) …`:
 * fetches one response with the api layer's client, from Baseten or from
 * the simulated API served in this process (--demo). Runs its own main
 * context until the answer is in, so nothing else in the process runs
 * meanwhile.
 */

#define G_LOG_DOMAIN "isc-export"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-audit-log-loader.h"
#include "isc-client.h"
#include "isc-catalogue.h"
#include "isc-credentials.h"
#include "isc-demo-server.h"
#include "isc-event.h"
#include "isc-export-live-private.h"
#include "isc-text.h"
#include "isc-view.h"

#define DEMO_SEED 1

void
_isc_export_live_options_clear (IscExportLiveOptions *live)
{
  g_clear_pointer (&live->model, g_free);
  g_clear_pointer (&live->deployment, g_free);
  g_clear_pointer (&live->environment, g_free);
  g_clear_pointer (&live->mode_name, g_free);
  g_clear_pointer (&live->range_name, g_free);
  g_clear_pointer (&live->start_text, g_free);
  g_clear_pointer (&live->end_text, g_free);
  g_clear_pointer (&live->metrics_text, g_free);
  g_clear_pointer (&live->base_url, g_free);
  g_clear_pointer (&live->query, isc_query_free);
  g_clear_pointer (&live->compare_to, g_free);
  g_clear_pointer (&live->shift_name, g_free);
  g_clear_pointer (&live->compare_query, isc_query_free);
  g_clear_pointer (&live->compare_label, g_free);
  live->shift_ms = 0;
}

void
_isc_export_live_add_options (GOptionGroup         *group,
                              IscExportLiveOptions *live)
{
  const GOptionEntry entries[] = {
    { "model", 0, 0, G_OPTION_ARG_STRING, &live->model,
      N_("Fetch live metrics of the model with this ID"), N_("ID") },
    { "deployment", 0, 0, G_OPTION_ARG_STRING, &live->deployment,
      N_("…of this deployment of the model"), N_("ID") },
    { "environment", 0, 0, G_OPTION_ARG_STRING, &live->environment,
      N_("…or of this environment of the model, such as production"), N_("NAME") },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &live->mode_name,
      N_("current, summary or series (default: series)"), N_("MODE") },
    { "range", 0, 0, G_OPTION_ARG_STRING, &live->range_name,
      N_("The last 15m, 1h, 6h, 24h or 7d (default: 1h)"), N_("RANGE") },
    { "start", 0, 0, G_OPTION_ARG_STRING, &live->start_text,
      N_("Start of the window, ISO 8601, in local time (UTC with --utc) unless it has a zone (with --end)"),
      N_("TIME") },
    { "end", 0, 0, G_OPTION_ARG_STRING, &live->end_text,
      N_("End of the window, ISO 8601, in local time (UTC with --utc) unless it has a zone (with --start)"),
      N_("TIME") },
    { "metrics", 0, 0, G_OPTION_ARG_STRING, &live->metrics_text,
      N_("Metric names, separated by commas (default: Baseten’s default set)"), N_("A,B,…") },
    { "base-url", 0, 0, G_OPTION_ARG_STRING, &live->base_url,
      N_("The API to ask, over https; plain http only to this computer (default: https://api.baseten.co)"), N_("URL") },
    { "demo", 0, 0, G_OPTION_ARG_NONE, &live->demo,
      N_("Ask the simulated API, served in this process; no key needed"), NULL },
    { "compare-to", 0, 0, G_OPTION_ARG_STRING, &live->compare_to,
      N_("Overlay another target of the same query: deployment/ID or environment/NAME, after MODEL/ for another model"), N_("TARGET") },
    { "shift", 0, 0, G_OPTION_ARG_STRING, &live->shift_name,
      N_("Overlay the same target 1h, 1d or 1w earlier (1w: the same time last week)"), N_("SHIFT") },
    { NULL }
  };

  g_option_group_add_entries (group, entries);
}

gboolean
_isc_export_live_is_requested (const IscExportLiveOptions *live)
{
  return live->model != NULL || live->deployment != NULL || live->environment != NULL ||
         live->mode_name != NULL || live->range_name != NULL || live->start_text != NULL ||
         live->end_text != NULL || live->metrics_text != NULL || live->base_url != NULL ||
         live->demo || live->compare_to != NULL || live->shift_name != NULL;
}

static gboolean
usage_error (GError     **error,
             const char  *message)
{
  g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, message);
  return FALSE;
}

gboolean
_isc_export_live_parse_time (const char  *text,
                             const char  *option,
                             GTimeZone   *zone,
                             gint64      *ms,
                             GError     **error)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_iso8601 (text, zone);

  if (when == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: %s is an option, --start or --end, then its value */
                   _("%s “%s” is not an ISO 8601 time such as 2026-11-30T14:00:00Z"),
                   option, text);
      return FALSE;
    }

  *ms = g_date_time_to_unix (when) * 1000 + g_date_time_get_microsecond (when) / 1000;
  return TRUE;
}

static char **
split_metrics (const char *text)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (parts[i][0] != '\0')
        g_strv_builder_add (builder, parts[i]);
    }

  return g_strv_builder_end (builder);
}

/* --compare-to [MODEL/]deployment/ID or [MODEL/]environment/NAME */
static gboolean
parse_compare_target (const char     *text,
                      const char     *model,
                      char          **model_out,
                      IscTargetKind  *kind,
                      char          **id)
{
  g_auto(GStrv) parts = g_strsplit (text, "/", 0);
  guint n = g_strv_length (parts);
  const char *kind_name;

  if (n != 2 && n != 3)
    return FALSE;
  kind_name = parts[n - 2];
  if (g_strcmp0 (kind_name, "deployment") == 0)
    *kind = ISC_TARGET_DEPLOYMENT;
  else if (g_strcmp0 (kind_name, "environment") == 0)
    *kind = ISC_TARGET_ENVIRONMENT;
  else
    return FALSE;
  if (parts[n - 1][0] == '\0' || (n == 3 && parts[0][0] == '\0'))
    return FALSE;
  *model_out = g_strdup (n == 3 ? parts[0] : model);
  *id = g_strdup (parts[n - 1]);
  return TRUE;
}

/* The compared query: the main one of another target, or shifted back;
 * a relative window is pinned first, so both ask the same span. */
static gboolean
check_compare (IscExportLiveOptions  *live,
               GError               **error)
{
  IscQuery *query = live->query;

  g_clear_pointer (&live->compare_query, isc_query_free);
  g_clear_pointer (&live->compare_label, g_free);
  live->shift_ms = 0;
  if (live->compare_to == NULL && live->shift_name == NULL)
    return TRUE;
  if (live->compare_to != NULL && live->shift_name != NULL)
    return usage_error (error, _("Give --compare-to or --shift, not both"));
  if (query->mode == ISC_MODE_CURRENT)
    return usage_error (error, _("--compare-to and --shift compare a window: use the series or summary mode"));

  if (live->shift_name != NULL)
    {
      gint64 start_ms, end_ms;

      if (!isc_view_parse_shift (live->shift_name, &live->shift_ms))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown shift “%s”: use 1h, 1d or 1w"), live->shift_name);
          return FALSE;
        }
      isc_time_range_resolve (query->range, g_get_real_time () / 1000, &start_ms, &end_ms);
      isc_time_range_free (query->range);
      query->range = isc_time_range_new_absolute (start_ms, end_ms);
      live->compare_query = isc_query_copy (query);
      isc_time_range_free (live->compare_query->range);
      live->compare_query->range = isc_time_range_new_absolute (start_ms - live->shift_ms,
                                                                end_ms - live->shift_ms);
      live->compare_label = isc_view_describe_shift (live->shift_ms);
    }
  else
    {
      g_autofree char *model = NULL;
      g_autofree char *id = NULL;
      IscTargetKind kind;

      if (!parse_compare_target (live->compare_to, live->model, &model, &kind, &id))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown target “%s” for --compare-to: use deployment/ID or environment/NAME, "
                         "after MODEL/ for another model"), live->compare_to);
          return FALSE;
        }
      live->compare_query = isc_query_new (model, kind, id, query->mode, query->range,
                                           (const char * const *) query->metrics);
      /* Another model's target says its model too. */
      if (g_strcmp0 (model, live->model) != 0)
        live->compare_label = g_strdup_printf ("%s · %s", model, id);
      else
        live->compare_label = g_strdup (id);
    }

  return TRUE;
}

gboolean
_isc_export_live_check (IscExportLiveOptions  *live,
                        gboolean               utc,
                        GError               **error)
{
  g_autoptr(IscTimeRange) range = NULL;
  g_auto(GStrv) metrics = NULL;
  g_autoptr(GError) local_error = NULL;
  IscMode mode = ISC_MODE_SERIES;
  IscTargetKind kind;
  const char *target;

  if (live->model == NULL || live->model[0] == '\0')
    return usage_error (error, _("Give the model to export with --model"));

  if ((live->deployment != NULL) == (live->environment != NULL))
    return usage_error (error, _("Give exactly one of --deployment and --environment"));

  kind = live->deployment != NULL ? ISC_TARGET_DEPLOYMENT : ISC_TARGET_ENVIRONMENT;
  target = live->deployment != NULL ? live->deployment : live->environment;

  if (live->mode_name != NULL)
    {
      g_autofree char *upper = g_ascii_strup (live->mode_name, -1);

      if (!isc_mode_from_string (upper, &mode))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown mode “%s”: use current, summary or series"), live->mode_name);
          return FALSE;
        }
    }

  if (live->demo && live->base_url != NULL)
    return usage_error (error, _("Give --demo or --base-url, not both"));

  /* A base URL the client would refuse (plain http to another computer,
   * say) is refused here, before anything is sent, as bad usage: the
   * command line is what to fix, as with any other bad value. */
  if (live->base_url != NULL)
    {
      g_autofree char *checked = isc_client_check_base_url (live->base_url, &local_error);

      if (checked == NULL)
        return usage_error (error, local_error->message);
    }

  if ((live->start_text != NULL) != (live->end_text != NULL))
    return usage_error (error, _("Give --start and --end together"));

  if (live->range_name != NULL && live->start_text != NULL)
    return usage_error (error, _("Give --range or --start and --end, not both"));

  if (live->range_name != NULL)
    {
      if (!(range = isc_time_range_new_parse (live->range_name)))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown range “%s”: use 15m, 1h, 6h, 24h or 7d"), live->range_name);
          return FALSE;
        }
    }
  else if (live->start_text != NULL)
    {
      g_autoptr(GTimeZone) zone = utc ? g_time_zone_new_utc () : g_time_zone_new_local ();
      gint64 start_ms = 0;
      gint64 end_ms = 0;

      if (!_isc_export_live_parse_time (live->start_text, "--start", zone, &start_ms, error) ||
          !_isc_export_live_parse_time (live->end_text, "--end", zone, &end_ms, error))
        return FALSE;

      range = isc_time_range_new_absolute (start_ms, end_ms);
    }
  else if (mode != ISC_MODE_CURRENT)
    range = isc_time_range_new_relative ((gint64) 60 * 60 * 1000);

  if (live->metrics_text != NULL)
    {
      metrics = split_metrics (live->metrics_text);
      if (metrics[0] == NULL)
        return usage_error (error, _("--metrics names no metric"));
    }

  g_clear_pointer (&live->query, isc_query_free);
  live->query = isc_query_new (live->model, kind, target, mode, range,
                               (const char * const *) metrics);

  /* What the client would refuse is refused here, as bad usage. */
  if (!isc_query_validate (live->query, g_get_real_time () / 1000, &local_error))
    return usage_error (error, local_error->message);

  return check_compare (live, error);
}

typedef struct
{
  gboolean            done;
  IscMetricsResponse *response;
  GError             *error;
} Fetch;

static void
on_fetched (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  Fetch *fetch = data;

  fetch->response = isc_client_fetch_metrics_finish (ISC_CLIENT (object), result, &fetch->error);
  fetch->done = TRUE;
}

/* The client knows only the key, not where it was found, so its message
 * about a refused key names both places. Here the source is known: say
 * which one holds the key to fix. */
void
_isc_export_live_say_key_source (GError       *error,
                                 IscKeySource  source,
                                 const char   *base_url)
{
  char *message;

  switch (source)
    {
    case ISC_KEY_SOURCE_ENVIRONMENT:
      /* TRANSLATORS: %s is the message that Baseten refused the key */
      message = g_strdup_printf (_("%s The key came from BASETEN_API_KEY."), error->message);
      break;

    case ISC_KEY_SOURCE_KEYRING:
      /* TRANSLATORS: the first %s is the message that Baseten refused
       * the key, the second a URL, as in the key's label in the keyring */
      message = g_strdup_printf (_("%s The key came from the keyring, where its label is "
                                   "“Baseten API key for %s”."),
                                 error->message, base_url);
      break;

    case ISC_KEY_SOURCE_NONE:
    case ISC_KEY_SOURCE_SESSION:
    default:
      return;
    }

  g_free (error->message);
  error->message = message;
}

typedef struct
{
  gboolean   done;
  GPtrArray *list;
  GError    *error;
} Listing;

static gboolean
cancel_discovery (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static void
on_environments (GObject      *object,
                 GAsyncResult *result,
                 gpointer      data)
{
  Listing *listing = data;

  listing->list = isc_client_list_environments_finish (ISC_CLIENT (object), result, &listing->error);
  listing->done = TRUE;
}

static void
on_deployments (GObject      *object,
                GAsyncResult *result,
                gpointer      data)
{
  Listing *listing = data;

  listing->list = isc_client_list_deployments_finish (ISC_CLIENT (object), result, &listing->error);
  listing->done = TRUE;
}

typedef struct
{
  GPtrArray *events;
  GError    *error;
  gboolean   done;
} AuditLoad;

typedef struct
{
  char     *serving;
  gboolean  done;
} ServingLoad;

static void
on_serving (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  ServingLoad *load = data;
  g_autoptr(GError) error = NULL;

  load->serving = isc_audit_log_find_serving_finish (result, &error);
  if (error != NULL)
    g_debug ("Could not find what served the environment: %s", error->message);
  load->done = TRUE;
}

static void
on_audit_log (GObject      *object,
              GAsyncResult *result,
              gpointer      data)
{
  AuditLoad *load = data;

  load->events = isc_audit_log_load_finish (result, NULL, &load->error);
  load->done = TRUE;
}

/* The audit log's events over @response's window that belong on the
 * query's target's charts (isc_event_select_for_target(): an
 * environment's with @current and @candidate, from discovery), as a
 * list; NULL when the audit log cannot be read, so that the inferred
 * markers stand in (a 403 is said once, on stderr). */
static GListModel *
load_events (IscClient          *client,
             const IscQuery     *query,
             IscMetricsResponse *response,
             const char         *current,
             const char         *candidate,
             GMainContext       *context,
             GCancellable       *cancellable)
{
  ServingLoad serving = { 0 };
  AuditLoad load = { 0 };
  g_autoptr(GPtrArray) selected = NULL;
  GListStore *store;

  /* What served the environment when the window began. */
  if (query->target_kind == ISC_TARGET_ENVIRONMENT)
    {
      isc_audit_log_find_serving_async (client, query->model_id, query->target,
                                        isc_metrics_response_get_start_ms (response),
                                        cancellable, on_serving, &serving);
      while (!serving.done)
        g_main_context_iteration (context, TRUE);
    }

  isc_audit_log_load_async (client, query->model_id,
                            isc_metrics_response_get_start_ms (response),
                            isc_metrics_response_get_end_ms (response),
                            cancellable, on_audit_log, &load);
  while (!load.done)
    g_main_context_iteration (context, TRUE);

  if (load.events == NULL)
    {
      if (g_error_matches (load.error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED))
        /* Translators: said once by `inferscope export` when the key may
         * not read the audit log, after Baseten's refusal in words */
        g_printerr ("inferscope export: %s %s\n", load.error->message,
                    _("The charts mark only the promotions Inferscope infers from the metrics."));
      else
        g_debug ("No events: %s", load.error != NULL ? load.error->message : "?");
      g_clear_error (&load.error);
      g_free (serving.serving);
      return NULL;
    }

  selected = isc_event_select_for_target (load.events, query->target_kind, query->target,
                                          serving.serving, current, candidate);
  store = g_list_store_new (ISC_TYPE_EVENT);
  for (guint i = 0; i < selected->len; i++)
    g_list_store_append (store, g_ptr_array_index (selected, i));
  g_ptr_array_unref (load.events);
  g_free (serving.serving);
  return G_LIST_MODEL (store);
}

/* What discovery and the audit log say of the query's target, as
 * annotations for @response; NULL on any failure of discovery (said in
 * the debug log only: the export goes on without them). */
static IscChartAnnotations *
load_annotations (IscClient          *client,
                  const IscQuery     *query,
                  IscMetricsResponse *response,
                  GMainContext       *context,
                  GCancellable       *cancellable)
{
  g_autoptr(GCancellable) bounded = g_cancellable_new ();
  g_autoptr(GSource) timeout = g_timeout_source_new (ISC_EXPORT_DISCOVERY_TIMEOUT_MS);
  gboolean environment = query->target_kind == ISC_TARGET_ENVIRONMENT;
  IscChartAnnotations *annotations = NULL;
  Listing listing = { 0 };
  gulong cancelled_id = 0;

  if (cancellable != NULL)
    cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (g_cancellable_cancel),
                                          g_object_ref (bounded), g_object_unref);
  g_source_set_callback (timeout, cancel_discovery, bounded, NULL);
  g_source_attach (timeout, context);

  if (environment)
    isc_client_list_environments_async (client, query->model_id, bounded, on_environments, &listing);
  else
    isc_client_list_deployments_async (client, query->model_id, bounded, on_deployments, &listing);
  while (!listing.done)
    g_main_context_iteration (context, TRUE);

  if (listing.list == NULL)
    {
      g_debug ("No reference lines or markers: %s", listing.error != NULL ? listing.error->message : "?");
      g_clear_error (&listing.error);
      g_source_destroy (timeout);
      if (cancellable != NULL)
        g_cancellable_disconnect (cancellable, cancelled_id);
      return NULL;
    }

  for (guint i = 0; i < listing.list->len && annotations == NULL; i++)
    {
      if (environment)
        {
          IscEnvironment *env = g_ptr_array_index (listing.list, i);

          if (g_strcmp0 (env->name, query->target) == 0)
            {
              g_autoptr(GListModel) events =
                load_events (client, query, response,
                             env->current_deployment != NULL ? env->current_deployment->id : NULL,
                             env->candidate_deployment != NULL ? env->candidate_deployment->id : NULL,
                             context, bounded);

              annotations = isc_target_annotations_new_for_environment_with_events (env, response,
                                                                                    g_get_real_time () / 1000,
                                                                                    events);
            }
        }
      else
        {
          IscDeployment *dep = g_ptr_array_index (listing.list, i);

          if (g_strcmp0 (dep->id, query->target) == 0)
            {
              g_autoptr(GListModel) events = load_events (client, query, response, NULL, NULL,
                                                          context, bounded);

              annotations = isc_target_annotations_new_for_deployment_with_events (dep, response, events);
            }
        }
    }
  /* The audit log is read within the same time as discovery. */
  g_source_destroy (timeout);
  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, cancelled_id);
  if (annotations == NULL)
    g_debug ("No reference lines or markers: discovery does not list %s", query->target);
  g_ptr_array_unref (listing.list);

  return annotations;
}

IscMetricsResponse *
_isc_export_live_load (const IscExportLiveOptions  *live,
                       GCancellable                *cancellable,
                       GError                     **error)
{
  return _isc_export_live_load_annotated (live, NULL, cancellable, error);
}

static IscMetricsResponse *
fetch_query (const IscExportLiveOptions  *live,
             const IscQuery              *query,
             IscChartAnnotations        **annotations,
             GCancellable                *cancellable,
             GError                     **error);

IscMetricsResponse *
_isc_export_live_load_annotated (const IscExportLiveOptions  *live,
                                 IscChartAnnotations        **annotations,
                                 GCancellable                *cancellable,
                                 GError                     **error)
{
  g_return_val_if_fail (live->query != NULL, NULL);

  return fetch_query (live, live->query, annotations, cancellable, error);
}

IscMetricsResponse *
_isc_export_live_load_compare (const IscExportLiveOptions  *live,
                               GCancellable                *cancellable,
                               GError                     **error)
{
  g_autoptr(GError) local_error = NULL;
  IscMetricsResponse *response;

  g_return_val_if_fail (live->compare_query != NULL, NULL);

  response = fetch_query (live, live->compare_query, NULL, cancellable, &local_error);
  if (response == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                  /* Translators: before the client's message, the target
                                   * or shift compared: "d7", "last week" */
                                  _("Could not load the comparison with %s: "),
                                  live->compare_to != NULL ? live->compare_to : live->compare_label);
      return NULL;
    }
  return response;
}

/* The client left out a metric Baseten refused and asked for the rest:
 * a warning on stderr, once per name for the whole command (the
 * comparison asks again with a client of its own), and the export goes
 * on. The name may come from the command line or from Baseten: never a
 * control character to the terminal. */
static void
on_metric_refused (IscClient      *client,
                   const IscQuery *query,
                   const char     *name,
                   gpointer        data)
{
  static GHashTable *said;
  const IscCatalogueEntry *entry = isc_catalogue_lookup (name);
  g_autofree char *shown = isc_text_sanitize_cut (name, -1, 200);
  g_autofree char *message = NULL;

  if (said == NULL)
    said = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (!g_hash_table_add (said, g_strdup (name)))
    return;

  if (entry != NULL)
    /* Translators: a metric Baseten refused (one behind a feature flag,
     * say), by its title and its name: "Baseten does not report Pod
     * readiness for this workspace (baseten_pod_readiness): left out" */
    message = g_strdup_printf (_("Baseten does not report %s for this workspace (%s): left out"),
                               _(entry->title), shown);
  else
    /* Translators: a metric name Baseten does not know */
    message = g_strdup_printf (_("Baseten does not know the metric “%s”: left out"), shown);
  g_printerr ("inferscope export: %s\n", message);
}

/* The client of @live's command, in the thread-default main context:
 * with --demo, of the demo server it starts (*demo, for the caller to
 * free); else of --base-url, with the keyring's key if there is one
 * (*api_key, for the caller to wipe and free; where it came from in
 * *key_source). */
IscClient *
_isc_export_live_open_client (const IscExportLiveOptions  *live,
                              IscDemoServer             **demo,
                              char                      **api_key,
                              IscKeySource               *key_source,
                              GCancellable               *cancellable,
                              GError                    **error)
{
  const char *base_url = live->base_url;
  IscClient *client;

  g_return_val_if_fail (demo != NULL && *demo == NULL, NULL);
  g_return_val_if_fail (api_key != NULL && *api_key == NULL, NULL);

  if (live->demo)
    {
      *demo = isc_demo_server_new (DEMO_SEED, NULL);
      if (!isc_demo_server_listen_loopback (*demo, 0, error))
        return NULL;
      base_url = isc_demo_server_get_base_url (*demo);
    }

  if (!(client = isc_client_new (base_url, NULL, error)))
    return NULL;

  if (!live->demo)
    {
      g_autoptr(GError) key_error = NULL;

      /* No key is not fatal here: Baseten's 401 then says what to do. */
      *api_key = isc_credentials_lookup_sync (isc_client_get_base_url (client), key_source,
                                              cancellable, &key_error);
      if (key_error != NULL)
        g_debug ("No key from the keyring: %s", key_error->message);
      isc_client_set_api_key (client, *api_key);
    }

  return client;
}

/* Undoes _isc_export_live_open_client() in @context, the thread-default
 * context the caller pushed: frees the client and the demo server, lets
 * their closed connections wind down, pops @context, and wipes and frees
 * the key. */
void
_isc_export_live_close_client (GMainContext   *context,
                               IscClient     **client,
                               IscDemoServer **demo,
                               char          **api_key)
{
  g_clear_object (client);
  g_clear_object (demo);
  /* Let closed connections and servers wind down in this context. */
  while (g_main_context_iteration (context, FALSE))
    ;
  g_main_context_pop_thread_default (context);

  if (*api_key != NULL)
    memset (*api_key, 0, strlen (*api_key));
  g_clear_pointer (api_key, g_free);
}

static IscMetricsResponse *
fetch_query (const IscExportLiveOptions  *live,
             const IscQuery              *query,
             IscChartAnnotations        **annotations,
             GCancellable                *cancellable,
             GError                     **error)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(IscDemoServer) demo = NULL;
  g_autoptr(IscClient) client = NULL;
  g_autofree char *api_key = NULL;
  IscKeySource key_source = ISC_KEY_SOURCE_NONE;
  Fetch fetch = { 0 };

  g_return_val_if_fail (query != NULL, NULL);
  g_return_val_if_fail (annotations == NULL || *annotations == NULL, NULL);

  g_main_context_push_thread_default (context);

  client = _isc_export_live_open_client (live, &demo, &api_key, &key_source, cancellable, error);
  if (client == NULL)
    goto out;

  g_signal_connect (client, "metric-refused", G_CALLBACK (on_metric_refused), NULL);
  isc_client_fetch_metrics_async (client, query, cancellable, on_fetched, &fetch);
  while (!fetch.done)
    g_main_context_iteration (context, TRUE);

  if (g_error_matches (fetch.error, ISC_API_ERROR, ISC_API_ERROR_KEY_REFUSED))
    _isc_export_live_say_key_source (fetch.error, key_source, isc_client_get_base_url (client));

  if (fetch.error != NULL)
    g_propagate_error (error, g_steal_pointer (&fetch.error));
  else if (annotations != NULL &&
           isc_metrics_response_get_mode (fetch.response) == ISC_MODE_SERIES)
    *annotations = load_annotations (client, query, fetch.response, context, cancellable);

out:
  _isc_export_live_close_client (context, &client, &demo, &api_key);

  return fetch.response;
}
