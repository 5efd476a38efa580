/* isc-window-diagnosis.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The diagnosis banners over the target's page: what isc_diagnose() says
 * of the target shown, from discovery and the response shown, again when
 * either changes; and what a banner's button does. */

#define G_LOG_DOMAIN "isc-ui"

#include "config.h"

#include "isc-diagnosis.h"
#include "isc-window-private.h"

/* The model's deployments the list knows (those its filter shows). */
static GPtrArray *
model_deployments (IscTargetList *list,
                   const char    *model_id)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) isc_deployment_unref);
  GListModel *model = G_LIST_MODEL (list);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(IscTargetItem) item = g_list_model_get_item (model, i);
      IscDeployment *deployment = isc_target_item_get_deployment (item);

      if (isc_target_item_get_kind (item) == ISC_TARGET_ITEM_DEPLOYMENT && deployment != NULL &&
          g_strcmp0 (isc_target_item_get_model_id (item), model_id) == 0)
        g_ptr_array_add (out, isc_deployment_ref (deployment));
    }
  return out;
}

void
_isc_window_update_diagnosis (IscWindow *self)
{
  const IscTarget *target = isc_view_get_target (self->view);
  IscTargetItem *item = NULL;
  g_autoptr(GPtrArray) deployments = NULL;
  g_autoptr(GPtrArray) diagnoses = NULL;
  IscDiagnosisInput input = { 0 };

  if (self->diagnosis_banners == NULL)
    return;
  if (self->session != NULL && target != NULL && !self->showing_overview)
    item = isc_target_list_lookup (isc_session_get_target_list (self->session), target);
  if (item == NULL)
    {
      isc_diagnosis_banners_set (self->diagnosis_banners, NULL);
      return;
    }

  deployments = model_deployments (isc_session_get_target_list (self->session), target->model_id);
  input.environment = isc_target_item_get_environment (item);
  input.deployment = input.environment == NULL ? isc_target_item_get_deployment (item) : NULL;
  input.deployments = deployments;
  input.response = isc_view_get_response (self->view);
  input.now_ms = g_get_real_time () / 1000;
  diagnoses = isc_diagnose (&input);
  isc_diagnosis_banners_set (self->diagnosis_banners, diagnoses);
}

static void
diagnosis_activated_cb (IscWindow    *self,
                        IscDiagnosis *diagnosis)
{
  const IscTarget *target = isc_view_get_target (self->view);

  if (target == NULL)
    return;

  switch (diagnosis->action)
    {
    case ISC_DIAGNOSIS_ACTION_OPEN_DEPLOYMENT:
      if (diagnosis->action_target != NULL)
        {
          g_autoptr(IscTarget) other = isc_target_new (target->model_id, ISC_TARGET_DEPLOYMENT,
                                                       diagnosis->action_target, target->model_name, NULL);
          IscTargetItem *item = isc_target_list_lookup (isc_session_get_target_list (self->session), other);

          if (item != NULL && isc_target_item_get_target (item) != NULL)
            isc_view_set_target (self->view, isc_target_item_get_target (item));
          else
            isc_view_set_target (self->view, other);
          _isc_window_apply_layout (self);
        }
      break;

    case ISC_DIAGNOSIS_ACTION_OPEN_LOGS:
      g_action_group_activate_action (G_ACTION_GROUP (self), "mode", g_variant_new_string ("logs"));
      break;

    case ISC_DIAGNOSIS_ACTION_NONE:
    default:
      break;
    }
}

static void
folded_cb (IscWindow *self)
{
  isc_diagnosis_banners_set_narrow (self->diagnosis_banners, _isc_window_get_folded (self));
}

/* The banners go between the stale strip and the page. */
void
_isc_window_init_diagnosis (IscWindow *self)
{
  self->diagnosis_banners = ISC_DIAGNOSIS_BANNERS (isc_diagnosis_banners_new ());
#if ADW_CHECK_VERSION (1, 4, 0)
  adw_toolbar_view_add_top_bar (ADW_TOOLBAR_VIEW (self->content_box), GTK_WIDGET (self->diagnosis_banners));
#else
  gtk_box_insert_child_after (GTK_BOX (self->content_box), GTK_WIDGET (self->diagnosis_banners),
                              GTK_WIDGET (self->banner));
#endif
  g_signal_connect_object (self->diagnosis_banners, "activated", G_CALLBACK (diagnosis_activated_cb),
                           self, G_CONNECT_SWAPPED);
  _isc_window_connect_folded (self, G_CALLBACK (folded_cb));
  folded_cb (self);
  g_signal_connect_object (self->view, "notify::response", G_CALLBACK (_isc_window_update_diagnosis),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->view, "notify::target", G_CALLBACK (_isc_window_update_diagnosis),
                           self, G_CONNECT_SWAPPED);
}
