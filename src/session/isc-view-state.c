/* isc-view-state.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view's state as a window saves it: the target, the mode and the
 * range, as a vardict.
 */

#define G_LOG_DOMAIN "isc-view"

#include "config.h"

#include "isc-view-private.h"

static IscTimeRange *
range_from_key (const char *key)
{
  g_autoptr(IscTimeRange) range = NULL;
  gint64 a, b;

  if (g_str_has_prefix (key, "last:"))
    {
      if (!g_ascii_string_to_signed (key + 5, 10, 1, ISC_TIME_RANGE_MAX_MS, &a, NULL))
        return NULL;
      range = isc_time_range_new_relative (a);
    }
  else if (g_str_has_prefix (key, "abs:"))
    {
      g_auto(GStrv) parts = g_strsplit (key + 4, "-", -1);

      if (g_strv_length (parts) != 2 ||
          !g_ascii_string_to_signed (parts[0], 10, 0, G_MAXINT64, &a, NULL) ||
          !g_ascii_string_to_signed (parts[1], 10, 0, G_MAXINT64, &b, NULL))
        return NULL;
      range = isc_time_range_new_absolute (a, b);
    }
  else
    {
      /* "1h" and the like, written by hand. */
      range = isc_time_range_new_parse (key);
    }

  if (range == NULL || !_isc_view_check_range (range, NULL))
    return NULL;

  return g_steal_pointer (&range);
}

/* The compare a state holds (none when it holds neither a target nor a
 * shift of at most a week), set without a load; TRUE when it changed. */
static gboolean
restore_compare (IscView  *self,
                 GVariant *state)
{
  g_autoptr(GVariant) target_variant = g_variant_lookup_value (state, "compare-target", G_VARIANT_TYPE_VARDICT);
  g_autoptr(IscTarget) target = NULL;
  gint64 shift_ms = 0;
  gboolean changed = FALSE;

  if (target_variant != NULL)
    target = isc_target_new_from_variant (target_variant);
  if (target == NULL &&
      (!g_variant_lookup (state, "compare-shift", "x", &shift_ms) ||
       shift_ms < 0 || shift_ms > ISC_VIEW_SHIFT_WEEK))
    shift_ms = 0;

  if (!isc_target_equal (self->compare_target, target))
    {
      g_clear_pointer (&self->compare_target, isc_target_free);
      self->compare_target = g_steal_pointer (&target);
      _isc_view_notify (self, PROP_COMPARE_TARGET);
      changed = TRUE;
    }
  if (self->compare_shift_ms != shift_ms)
    {
      self->compare_shift_ms = shift_ms;
      _isc_view_notify (self, PROP_COMPARE_SHIFT);
      changed = TRUE;
    }
  return changed;
}

GVariant *
isc_view_save_state (IscView *self)
{
  g_autofree char *range_key = NULL;
  GVariantDict dict;

  g_return_val_if_fail (ISC_IS_VIEW (self), NULL);

  g_variant_dict_init (&dict, NULL);
  if (self->target != NULL)
    g_variant_dict_insert_value (&dict, "target", isc_target_to_variant (self->target));
  g_variant_dict_insert (&dict, "mode", "s", isc_mode_to_string (self->mode));
  range_key = isc_time_range_to_key (self->range);
  g_variant_dict_insert (&dict, "range", "s", range_key);
  /* What is compared, when anything is. */
  if (self->compare_target != NULL)
    g_variant_dict_insert_value (&dict, "compare-target", isc_target_to_variant (self->compare_target));
  else if (self->compare_shift_ms > 0)
    g_variant_dict_insert (&dict, "compare-shift", "x", self->compare_shift_ms);

  return g_variant_dict_end (&dict);
}

void
isc_view_restore_state (IscView  *self,
                        GVariant *state)
{
  g_autoptr(GVariant) target_variant = NULL;
  g_autoptr(IscTarget) target = NULL;
  g_autoptr(IscTimeRange) range = NULL;
  const char *mode_text = NULL;
  const char *range_key = NULL;
  IscMode mode;
  gboolean changed = FALSE;
  gboolean reset = FALSE;
  gboolean could_go_back, could_go_forward;
  gboolean compare_changed;

  g_return_if_fail (ISC_IS_VIEW (self));

  if (state == NULL || !g_variant_is_of_type (state, G_VARIANT_TYPE_VARDICT))
    return;

  g_object_freeze_notify (G_OBJECT (self));

  /* One load at the end, not one per field. */
  target_variant = g_variant_lookup_value (state, "target", G_VARIANT_TYPE_VARDICT);
  if (target_variant != NULL && (target = isc_target_new_from_variant (target_variant)) != NULL &&
      !isc_target_equal (self->target, target))
    {
      g_clear_pointer (&self->target, isc_target_free);
      self->target = g_steal_pointer (&target);
      _isc_view_notify (self, PROP_TARGET);
      changed = reset = TRUE;
    }

  if (g_variant_lookup (state, "mode", "&s", &mode_text) &&
      isc_mode_from_string (mode_text, &mode) &&
      mode != self->mode)
    {
      self->mode = mode;
      _isc_view_notify (self, PROP_MODE);
      changed = reset = TRUE;
    }

  /* A restored range starts a fresh history. */
  if (g_variant_lookup (state, "range", "&s", &range_key) &&
      (range = range_from_key (range_key)) != NULL &&
      !isc_time_range_equal (self->range, range))
    {
      could_go_back = isc_view_get_can_go_back (self);
      could_go_forward = isc_view_get_can_go_forward (self);
      g_ptr_array_set_size (self->back, 0);
      g_ptr_array_set_size (self->forward, 0);
      g_clear_pointer (&self->range, isc_time_range_free);
      self->range = g_steal_pointer (&range);
      _isc_view_notify (self, PROP_RANGE);
      _isc_view_notify_history (self, could_go_back, could_go_forward);
      changed = TRUE;
    }

  compare_changed = restore_compare (self, state);

  if (changed)
    _isc_view_load (self, reset);
  else if (compare_changed)
    _isc_view_reload_compare (self);

  g_object_thaw_notify (G_OBJECT (self));
}
