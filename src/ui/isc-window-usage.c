/* isc-window-usage.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's side of what the workspace spends: the Usage page under
 * Overview, loaded from the view's client through an IscUsage, and a key
 * that may not read billing, said once and the page hidden.
 */

#define G_LOG_DOMAIN "isc-window"

#include "config.h"


#include "isc-api-error.h"
#include "isc-window-private.h"

static void
usage_refused_cb (IscWindow       *self,
                  IscUsageFeature  feature,
                  const char      *message,
                  IscUsage        *usage)
{
  if (feature != ISC_USAGE_FEATURE_BILLING)
    return;

  /* Said once (IscUsage emits this on the first 403 only), then the
   * page and the Overview's cost are gone for this key. */
  _isc_window_toast (self, message);
  isc_sidebar_set_usage_shown (self->sidebar, FALSE);
  isc_overview_page_set_usage (self->overview_page, NULL);
  if (self->showing_usage)
    {
      self->showing_usage = FALSE;
      _isc_window_show_overview (self, TRUE);
      isc_sidebar_select_overview (self->sidebar);
      _isc_window_update_state (self);
      _isc_window_update_title (self);
    }
}

IscUsage *
_isc_window_get_usage (IscWindow *self)
{
  IscClient *client = isc_view_get_client (self->view);

  if (self->usage != NULL && isc_usage_get_client (self->usage) == client)
    return self->usage;

  g_cancellable_cancel (self->usage_cancellable);
  g_clear_object (&self->usage_cancellable);
  if (self->usage != NULL)
    g_signal_handlers_disconnect_by_data (self->usage, self);
  g_clear_object (&self->usage);
  isc_overview_page_set_usage (self->overview_page, NULL);
  if (client == NULL)
    return NULL;

  self->usage = isc_usage_new (client);
  g_signal_connect_object (self->usage, "refused", G_CALLBACK (usage_refused_cb), self, G_CONNECT_SWAPPED);
  /* Another key or server: its own say on billing. */
  isc_sidebar_set_usage_shown (self->sidebar, TRUE);
  isc_usage_page_set_table (self->usage_page, NULL);
  isc_usage_page_set_loading (self->usage_page);
  isc_overview_page_set_usage (self->overview_page, self->usage);
  return self->usage;
}

static void
billing_loaded_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(IscWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(IscBillingSummary) billing = NULL;

  billing = isc_usage_load_billing_finish (ISC_USAGE (source), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->usage_page == NULL)
    return;

  if (billing == NULL)
    {
      isc_usage_page_set_error (self->usage_page, error->message,
                                g_error_matches (error, ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED));
      return;
    }
  isc_usage_page_set_table (self->usage_page,
                            isc_usage_table_new_from_billing (billing, g_get_real_time () / 1000));
}

void
_isc_window_load_usage (IscWindow *self)
{
  IscUsage *usage = _isc_window_get_usage (self);
  gint64 start_ms, end_ms;

  if (usage == NULL)
    return;

  g_cancellable_cancel (self->usage_cancellable);
  g_clear_object (&self->usage_cancellable);
  self->usage_cancellable = g_cancellable_new ();

  isc_usage_page_set_loading (self->usage_page);
  isc_usage_recent_period (g_get_real_time () / 1000, &start_ms, &end_ms);
  isc_usage_load_billing_async (usage, start_ms, end_ms, self->usage_cancellable,
                                billing_loaded_cb, g_object_ref (self));
}

void
_isc_window_show_usage (IscWindow *self)
{
  gboolean was_showing = self->showing_overview && self->showing_usage;

  self->showing_usage = TRUE;
  if (self->showing_overview)
    {
      isc_sidebar_select_usage (self->sidebar);
      _isc_window_update_state (self);
      _isc_window_update_title (self);
    }
  else
    _isc_window_show_overview (self, TRUE);
  if (!was_showing)
    _isc_window_load_usage (self);
}

void
_isc_window_dispose_usage (IscWindow *self)
{
  g_cancellable_cancel (self->usage_cancellable);
  g_clear_object (&self->usage_cancellable);
  if (self->usage != NULL)
    g_signal_handlers_disconnect_by_data (self->usage, self);
  g_clear_object (&self->usage);
}
