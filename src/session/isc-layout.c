/* isc-layout.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-layout"

#include "config.h"

#include "isc-layout.h"

#define LAYOUTS_TYPE G_VARIANT_TYPE ("a{sas}")

char **
isc_layout_lookup (GVariant   *layouts,
                   const char *model_id)
{
  g_autoptr(GVariant) metrics = NULL;

  g_return_val_if_fail (model_id != NULL, NULL);

  if (layouts == NULL)
    return NULL;
  g_return_val_if_fail (g_variant_is_of_type (layouts, LAYOUTS_TYPE), NULL);

  metrics = g_variant_lookup_value (layouts, model_id, G_VARIANT_TYPE_STRING_ARRAY);
  if (metrics == NULL)
    return NULL;

  return g_variant_dup_strv (metrics, NULL);
}

GVariant *
isc_layout_replace (GVariant           *layouts,
                    const char         *model_id,
                    const char * const *metrics)
{
  GVariantBuilder builder;
  gboolean replaced = FALSE;

  g_return_val_if_fail (model_id != NULL, NULL);
  g_return_val_if_fail (layouts == NULL || g_variant_is_of_type (layouts, LAYOUTS_TYPE), NULL);

  g_variant_builder_init (&builder, LAYOUTS_TYPE);

  if (layouts != NULL)
    {
      GVariantIter iter;
      const char *key;
      GVariant *value;

      g_variant_iter_init (&iter, layouts);
      while (g_variant_iter_next (&iter, "{&s@as}", &key, &value))
        {
          if (g_strcmp0 (key, model_id) != 0)
            g_variant_builder_add (&builder, "{s@as}", key, value);
          else if (metrics != NULL && !replaced)
            g_variant_builder_add (&builder, "{s^as}", key, metrics);
          /* A key seen twice (a hand-edited value) is kept once. */
          if (g_strcmp0 (key, model_id) == 0)
            replaced = TRUE;
          g_variant_unref (value);
        }
    }

  if (!replaced && metrics != NULL)
    g_variant_builder_add (&builder, "{s^as}", model_id, metrics);

  return g_variant_builder_end (&builder);
}

char **
isc_layout_apply (const char * const *layout,
                  const char * const *available)
{
  g_autoptr(GStrvBuilder) builder = NULL;
  g_autoptr(GHashTable) seen = NULL;
  g_auto(GStrv) chosen = NULL;

  if (layout == NULL)
    return g_strdupv ((char **) available);

  builder = g_strv_builder_new ();
  seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; layout[i] != NULL; i++)
    {
      if (g_hash_table_contains (seen, layout[i]))
        continue;
      if (available != NULL && !g_strv_contains (available, layout[i]))
        continue;
      g_hash_table_add (seen, (gpointer) layout[i]);
      g_strv_builder_add (builder, layout[i]);
    }
  chosen = g_strv_builder_end (builder);

  if (chosen[0] == NULL)
    return g_strdupv ((char **) available);

  return g_steal_pointer (&chosen);
}
