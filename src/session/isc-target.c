/* isc-target.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-target"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-target.h"
#include "isc-text.h"

G_DEFINE_BOXED_TYPE (IscTarget, isc_target, isc_target_copy, isc_target_free)

IscTarget *
isc_target_new (const char    *model_id,
                IscTargetKind  kind,
                const char    *id,
                const char    *model_name,
                const char    *name)
{
  IscTarget *target;

  g_return_val_if_fail (model_id != NULL && *model_id != '\0', NULL);
  g_return_val_if_fail (id != NULL && *id != '\0', NULL);
  g_return_val_if_fail (kind == ISC_TARGET_DEPLOYMENT || kind == ISC_TARGET_ENVIRONMENT, NULL);

  target = g_new0 (IscTarget, 1);
  target->model_id = g_strdup (model_id);
  target->kind = kind;
  target->id = g_strdup (id);
  target->model_name = g_strdup (model_name != NULL && *model_name != '\0' ? model_name : model_id);
  target->name = g_strdup (name != NULL && *name != '\0' ? name : id);

  return target;
}

IscTarget *
isc_target_copy (const IscTarget *target)
{
  g_return_val_if_fail (target != NULL, NULL);

  return isc_target_new (target->model_id, target->kind, target->id,
                         target->model_name, target->name);
}

void
isc_target_free (IscTarget *target)
{
  if (target == NULL)
    return;

  g_free (target->model_id);
  g_free (target->id);
  g_free (target->model_name);
  g_free (target->name);
  g_free (target);
}

gboolean
isc_target_equal (const IscTarget *a,
                  const IscTarget *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;

  return a->kind == b->kind &&
         g_str_equal (a->model_id, b->model_id) &&
         g_str_equal (a->id, b->id);
}

guint
isc_target_hash (const IscTarget *target)
{
  g_return_val_if_fail (target != NULL, 0);

  return (g_str_hash (target->model_id) * 31 + g_str_hash (target->id)) * 2 + (guint) target->kind;
}

char *
isc_target_dup_title (const IscTarget *target)
{
  g_return_val_if_fail (target != NULL, NULL);

  /* Translators: a model's name, then one of its deployments or
   * environments, as the window's title. */
  return g_strdup_printf (_("%s · %s"), target->model_name, target->name);
}

char *
isc_target_dup_display_title (const IscTarget *target)
{
  g_autofree char *model = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (target != NULL, NULL);

  model = isc_text_display_name (target->model_name, target->model_id);
  name = isc_text_display_name (target->name, target->id);
  /* Translators: a model's name, then one of its deployments or
   * environments, as the window's title. */
  return g_strdup_printf (_("%s · %s"), model, name);
}

IscTarget *
isc_target_copy_for_display (const IscTarget *target)
{
  g_autofree char *model = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (target != NULL, NULL);

  model = isc_text_display_name (target->model_name, target->model_id);
  name = isc_text_display_name (target->name, target->id);
  return isc_target_new (target->model_id, target->kind, target->id, model, name);
}

IscQuery *
isc_target_make_query (const IscTarget    *target,
                       IscMode             mode,
                       const IscTimeRange *range,
                       const char * const *metrics)
{
  g_return_val_if_fail (target != NULL, NULL);

  return isc_query_new (target->model_id, target->kind, target->id,
                        mode, mode == ISC_MODE_CURRENT ? NULL : range, metrics);
}

GVariant *
isc_target_to_variant (const IscTarget *target)
{
  GVariantDict dict;

  g_return_val_if_fail (target != NULL, NULL);

  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "model-id", "s", target->model_id);
  g_variant_dict_insert (&dict, "kind", "s",
                         target->kind == ISC_TARGET_ENVIRONMENT ? "environment" : "deployment");
  g_variant_dict_insert (&dict, "id", "s", target->id);
  g_variant_dict_insert (&dict, "model-name", "s", target->model_name);
  g_variant_dict_insert (&dict, "name", "s", target->name);

  return g_variant_dict_end (&dict);
}

IscTarget *
isc_target_new_from_variant (GVariant *variant)
{
  const char *model_id = NULL, *kind = NULL, *id = NULL;
  const char *model_name = NULL, *name = NULL;
  IscTargetKind target_kind;

  if (variant == NULL || !g_variant_is_of_type (variant, G_VARIANT_TYPE_VARDICT))
    return NULL;

  if (!g_variant_lookup (variant, "model-id", "&s", &model_id) ||
      !g_variant_lookup (variant, "kind", "&s", &kind) ||
      !g_variant_lookup (variant, "id", "&s", &id))
    return NULL;
  g_variant_lookup (variant, "model-name", "&s", &model_name);
  g_variant_lookup (variant, "name", "&s", &name);

  if (g_str_equal (kind, "environment"))
    target_kind = ISC_TARGET_ENVIRONMENT;
  else if (g_str_equal (kind, "deployment"))
    target_kind = ISC_TARGET_DEPLOYMENT;
  else
    return NULL;

  if (*model_id == '\0' || *id == '\0')
    return NULL;

  return isc_target_new (model_id, target_kind, id, model_name, name);
}
