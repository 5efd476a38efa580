/* isc-window-status.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the window says of its view: the title, the stale strip, the
 * state page and the mode pages.
 */

#define G_LOG_DOMAIN "isc-window"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-api-error.h"
#include "isc-response-cache.h"
#include "isc-window-private.h"

static char *
format_clock (IscWindow *self,
              gint64     ms)
{
  g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (ms / 1000);
  g_autoptr(GDateTime) local = NULL;

  if (utc == NULL)
    return g_strdup ("");
  if (isc_view_get_use_utc (self->view))
    /* Translators: a time of day in UTC, as in "Updated 10:40 UTC". */
    return g_date_time_format (utc, _("%H:%M UTC"));

  local = g_date_time_to_local (utc);
  return g_date_time_format (local, "%H:%M");
}

/* Metrics arrive one to three minutes late: a window that ended longer
 * ago than that has all it will ever have. */
#define METRICS_LATE_MS ((gint64) 3 * 60 * 1000)

/* Whether @updated_ms says when the data shown was received: not 0 (a
 * cached answer of unknown age) nor ahead of the clock (a stamp written
 * by a wrong clock, or this one set back since). */
static gboolean
updated_is_known (gint64 updated_ms,
                  gint64 now_ms)
{
  return updated_ms > 0 && updated_ms <= now_ms + ISC_RESPONSE_CACHE_CLOCK_SLACK_MS;
}

static void
set_titles (IscWindow  *self,
            const char *title,
            const char *subtitle)
{
  AdwWindowTitle *titles[] = { self->wide_window_title, self->medium_window_title, self->window_title };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      adw_window_title_set_title (titles[i], title);
      adw_window_title_set_subtitle (titles[i], subtitle);
    }
}
void
_isc_window_update_title (IscWindow *self)
{
  const IscTarget *target = isc_view_get_target (self->view);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  gint64 updated_ms = isc_view_get_updated_ms (self->view);

  if (self->showing_overview && self->showing_model_apis)
    {
      /* The API chosen, under the title. */
      g_autofree char *api = isc_model_apis_page_dup_model_title (self->model_apis_page);

      set_titles (self, _("Model APIs"), api);
      gtk_window_set_title (GTK_WINDOW (self), _("Model APIs"));
      return;
    }
  if (self->showing_overview && self->showing_usage)
    {
      set_titles (self, _("Usage"), NULL);
      gtk_window_set_title (GTK_WINDOW (self), _("Usage"));
      return;
    }
  if (self->showing_overview)
    {
      set_titles (self, _("Overview"),
                  self->fleet != NULL && isc_fleet_get_loading (self->fleet) ? _("Loading…") : NULL);
      gtk_window_set_title (GTK_WINDOW (self), _("Overview"));
      return;
    }

  if (target == NULL)
    {
      set_titles (self, _("Inferscope"), NULL);
      gtk_window_set_title (GTK_WINDOW (self), _("Inferscope"));
      return;
    }

  /* A target restored from the settings or given by id has the names
   * discovery gave last time, or none: the list's are the freshest. */
  if (self->session != NULL)
    {
      IscTargetItem *item = isc_target_list_find (isc_session_get_target_list (self->session), target, NULL);

      if (item != NULL && isc_target_item_get_target (item) != NULL)
        target = isc_target_item_get_target (item);
    }
  title = isc_target_dup_display_title (target);
  if (!updated_is_known (updated_ms, g_get_real_time () / 1000))
    updated_ms = 0;
  if (isc_view_get_rate_limited_until_ms (self->view) > 0)
    {
      g_autofree char *clock = format_clock (self, isc_view_get_rate_limited_until_ms (self->view));

      /* Translators: Baseten answered 429 (too many requests); the time
       * of day of the next automatic try, e.g. "Baseten limits requests ·
       * Next try 10:42" */
      subtitle = g_strdup_printf (_("Baseten limits requests · Next try %s"), clock);
    }
  else if (isc_view_get_loading (self->view) && updated_ms > 0)
    {
      g_autofree char *clock = format_clock (self, updated_ms);

      /* Translators: the time of the data shown, while newer is loading. */
      subtitle = g_strdup_printf (_("Updated %s · Updating…"), clock);
    }
  else if (isc_view_get_loading (self->view))
    subtitle = g_strdup (_("Loading…"));
  else if (updated_ms > 0)
    {
      g_autofree char *clock = format_clock (self, updated_ms);

      /* Translators: when the data shown was received, e.g. "Updated 10:40". */
      subtitle = g_strdup_printf (_("Updated %s"), clock);
    }

  set_titles (self, title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static const char *
error_icon_name (const GError *error)
{
  if (error != NULL && error->domain == ISC_API_ERROR &&
      (error->code == ISC_API_ERROR_NETWORK ||
       error->code == ISC_API_ERROR_DNS ||
       error->code == ISC_API_ERROR_TIMEOUT))
    return "network-offline-symbolic";

  return "dialog-warning-symbolic";
}

/* How old the data shown is, in the words of the strip. Minutes are as
 * fine as it gets: metrics arrive minutes late anyway. */
static char *
describe_age (gint64 updated_ms)
{
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 minutes = MAX (now_ms - updated_ms, 0) / (60 * 1000);
  gint64 hours = minutes / 60;
  gint64 days = hours / 24;

  if (!updated_is_known (updated_ms, now_ms))
    return g_strdup (_("Showing saved data of unknown age"));
  if (minutes < 1)
    return g_strdup (_("Showing data from less than a minute ago"));
  if (minutes < 60)
    return g_strdup_printf (ngettext ("Showing data from %d minute ago",
                                      "Showing data from %d minutes ago",
                                      (gulong) minutes),
                            (int) minutes);
  if (hours < 48)
    return g_strdup_printf (ngettext ("Showing data from %d hour ago",
                                      "Showing data from %d hours ago",
                                      (gulong) hours),
                            (int) hours);
  return g_strdup_printf (ngettext ("Showing data from %d day ago",
                                    "Showing data from %d days ago",
                                    (gulong) MIN (days, G_MAXINT)),
                          (int) MIN (days, G_MAXINT));
}

static gboolean
age_timer_cb (gpointer user_data)
{
  _isc_window_update_banner (user_data);
  return G_SOURCE_CONTINUE;
}

void
_isc_window_update_banner (IscWindow *self)
{
  const GError *error = isc_view_get_error (self->view);
  gboolean stale = isc_view_get_stale (self->view) && error != NULL;

  if (stale)
    {
      g_autofree char *age = describe_age (isc_view_get_updated_ms (self->view));
#if ADW_CHECK_VERSION (1, 4, 0)
      /* Translators: the stale strip: how old the data shown is, then
       * why it is not newer, e.g. "Showing data from 4 minutes ago.
       * Could not reach Baseten". */
      g_autofree char *title = g_strdup_printf (_("%s. %s"), age, error->message);

      /* Plain text (use-markup is off in the template): the message is
       * the client's, often a server's words. */
      adw_banner_set_title (self->banner, title);
#else
      gtk_image_set_from_icon_name (self->banner_icon, error_icon_name (error));
      gtk_label_set_label (self->banner_title, age);
      gtk_label_set_label (self->banner_detail, error->message);
#endif
      /* The age is in minutes: a wake a minute keeps it true. */
      if (self->age_timer_id == 0)
        self->age_timer_id = g_timeout_add_seconds (60, age_timer_cb, self);
    }
  else
    g_clear_handle_id (&self->age_timer_id, g_source_remove);

#if ADW_CHECK_VERSION (1, 4, 0)
  adw_banner_set_revealed (self->banner, stale);
#else
  gtk_revealer_set_reveal_child (self->banner, stale);
#endif
}

/* A spinner that spins out of sight still ticks the frame clock: a
 * GtkSpinner spins only while asked; an AdwSpinner only while mapped. */
static void
set_spinning (IscWindow *self,
              gboolean   spinning)
{
  if (GTK_IS_SPINNER (self->spinner))
    gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), spinning);
}

static void
show_status (IscWindow  *self,
             const char *icon_name,
             const char *title,
             const char *description,
             gboolean    can_retry)
{
  /* The description is markup; an error's words are text. */
  g_autofree char *escaped = description != NULL ? g_markup_escape_text (description, -1) : NULL;

  adw_status_page_set_icon_name (self->status_page, icon_name);
  adw_status_page_set_title (self->status_page, title);
  adw_status_page_set_description (self->status_page, escaped);
  gtk_widget_set_visible (self->status_retry, can_retry);
  gtk_stack_set_visible_child_name (self->state_stack, "status");
}

/* Whether the answer shown is of a window that ended long enough ago that
 * no more of it will arrive: an absolute range in the past (before the
 * deployment existed, say, or 1970 from a broken setting). */
static gboolean
range_is_past (IscWindow *self)
{
  const IscQuery *query = isc_view_get_response_query (self->view);
  gint64 now_ms = g_get_real_time () / 1000;
  gint64 start_ms, end_ms;

  if (query == NULL || query->mode == ISC_MODE_CURRENT || query->range == NULL ||
      query->range->kind != ISC_TIME_RANGE_ABSOLUTE)
    return FALSE;

  isc_time_range_resolve (query->range, now_ms, &start_ms, &end_ms);
  return end_ms < now_ms - METRICS_LATE_MS;
}

void
_isc_window_update_state (IscWindow *self)
{
  IscViewState state = isc_view_get_state (self->view);
  const GError *error = isc_view_get_error (self->view);
  gboolean loading_page = FALSE;

  if (self->showing_overview)
    {
      gtk_stack_set_visible_child_name (self->state_stack,
                                        self->showing_usage ? "usage"
                                        : self->showing_model_apis ? "model-apis" : "overview");
      set_spinning (self, FALSE);
      return;
    }

  switch (state)
    {
    case ISC_VIEW_EMPTY:
      if (self->session == NULL ||
          isc_target_list_get_loading (isc_session_get_target_list (self->session)))
        loading_page = TRUE;
      else
        show_status (self, "io.github.inferscope.Inferscope-symbolic",
                     _("No Deployment Chosen"),
                     _("Choose a deployment or an environment in the sidebar"), FALSE);
      break;

    case ISC_VIEW_LOADING:
      /* The Logs page has its own loading, empty and error states: the
       * metrics' are not its. */
      if (self->showing_logs)
        gtk_stack_set_visible_child_name (self->state_stack, "content");
      else
        loading_page = TRUE;
      break;

    case ISC_VIEW_NO_DATA:
      if (self->showing_logs)
        gtk_stack_set_visible_child_name (self->state_stack, "content");
      else if (range_is_past (self))
        show_status (self, "dialog-information-symbolic", _("No Data in This Range"),
                     _("Baseten has no metrics from this time range. Choose another range."),
                     TRUE);
      else
        show_status (self, "dialog-information-symbolic", _("No Data Yet"),
                     _("Baseten’s metrics arrive one to three minutes late. They will show here as they arrive."),
                     TRUE);
      break;

    case ISC_VIEW_ERROR:
      if (self->showing_logs)
        {
          gtk_stack_set_visible_child_name (self->state_stack, "content");
          break;
        }
      show_status (self, error_icon_name (error), _("Could Not Load Metrics"),
                   error != NULL ? error->message : NULL, TRUE);
      break;

    case ISC_VIEW_READY:
    default:
      gtk_stack_set_visible_child_name (self->state_stack, "content");
      break;
    }

  if (loading_page)
    gtk_stack_set_visible_child_name (self->state_stack, "loading");
  set_spinning (self, loading_page);
}

/* What discovery says of the target shown, for the charts' reference
 * lines and rollout markers: again when discovery answers after the
 * metrics did. */
void
_isc_window_update_target_item (IscWindow *self)
{
  IscTargetItem *item = NULL;

  if (self->session != NULL && isc_view_get_target (self->view) != NULL)
    item = isc_target_list_lookup (isc_session_get_target_list (self->session), isc_view_get_target (self->view));
  isc_charts_page_set_target_item (self->charts_page, item);
  _isc_window_update_diagnosis (self);
}

/* The response shown goes to the page of its mode. */
void
_isc_window_update_pages (IscWindow *self)
{
  IscMetricsResponse *response = isc_view_get_response (self->view);
  const IscQuery *query = isc_view_get_response_query (self->view);

  if (response == NULL || query == NULL)
    return;

  switch (query->mode)
    {
    case ISC_MODE_CURRENT:
      {
        const IscAutoscaling *autoscaling = NULL;
        IscTargetItem *item = NULL;

        /* "3 of 1–5": the limits discovery gave for the target. */
        if (self->session != NULL && isc_view_get_target (self->view) != NULL)
          item = isc_target_list_find (isc_session_get_target_list (self->session),
                                       isc_view_get_target (self->view), NULL);
        if (item != NULL)
          autoscaling = isc_target_item_get_autoscaling (item);
        isc_tiles_page_set_replica_limits (self->tiles_page,
                                           autoscaling != NULL ? (int) autoscaling->min_replica : -1,
                                           autoscaling != NULL ? (int) autoscaling->max_replica : -1);
        isc_tiles_page_set_response (self->tiles_page, response, isc_view_get_trend (self->view));
      }
      break;

    case ISC_MODE_SUMMARY:
      isc_summary_page_set_response (self->summary_page, response);
      isc_summary_page_show_compare (self->summary_page, self->view);
      _isc_window_update_summary_cost (self, response);
      break;

    case ISC_MODE_SERIES:
    default:
      _isc_window_update_target_item (self);
      isc_charts_page_set_response (self->charts_page, response);
      isc_charts_page_show_compare (self->charts_page, self->view);
      break;
    }
}
