/* test-layout.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The charts kept per model: a layout found again for its model and no
 * other, replaced in place without touching another model's, removed;
 * and the metrics a view asks for, from a layout and what a deployment
 * reports.
 */

#include "config.h"

#include <gio/gio.h>

#include "isc-layout.h"

/* A "|"-separated list, "" for an empty one, NULL for none. */
static char **
split (const char *list)
{
  if (list == NULL)
    return NULL;
  if (*list == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (list, "|", -1);
}

static char *
join (char **names)
{
  if (names == NULL)
    return NULL;
  return g_strjoinv ("|", names);
}

static void
test_lookup (void)
{
  static const struct {
    const char *layouts;
    const char *model;
    const char *expected;
  } cases[] = {
    { "@a{sas} {}", "abc", NULL },
    { "{'abc': ['a', 'b']}", "abc", "a|b" },
    { "{'abc': ['a', 'b']}", "abd", NULL },
    { "{'abc': ['a', 'b'], 'xyz': ['c']}", "xyz", "c" },
    { "{'abc': @as []}", "abc", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GVariant) layouts = g_variant_parse (G_VARIANT_TYPE ("a{sas}"), cases[i].layouts, NULL, NULL, NULL);
      g_auto(GStrv) found = NULL;
      g_autofree char *joined = NULL;

      g_assert_nonnull (layouts);
      found = isc_layout_lookup (layouts, cases[i].model);
      joined = join (found);
      g_test_message ("%s in %s", cases[i].model, cases[i].layouts);
      g_assert_cmpstr (joined, ==, cases[i].expected);
    }

  /* No settings value yet. */
  g_assert_null (isc_layout_lookup (NULL, "abc"));
}

static void
test_replace (void)
{
  static const struct {
    const char *layouts;
    const char *model;
    const char *metrics;
    const char *expected;
  } cases[] = {
    /* Added, to an empty value or at the end. */
    { NULL, "abc", "a|b", "{'abc': ['a', 'b']}" },
    { "@a{sas} {}", "abc", "a", "{'abc': ['a']}" },
    { "{'abc': ['a']}", "xyz", "c|d", "{'abc': ['a'], 'xyz': ['c', 'd']}" },
    /* Replaced at its place; the other models kept as they were. */
    { "{'abc': ['a'], 'xyz': ['c']}", "abc", "b|a", "{'abc': ['b', 'a'], 'xyz': ['c']}" },
    { "{'abc': ['a'], 'xyz': ['c'], 'q': ['e']}", "xyz", "d", "{'abc': ['a'], 'xyz': ['d'], 'q': ['e']}" },
    /* Everything hidden is a layout too. */
    { "{'abc': ['a']}", "abc", "", "{'abc': @as []}" },
    /* Removed. */
    { "{'abc': ['a'], 'xyz': ['c']}", "abc", NULL, "{'xyz': ['c']}" },
    { "{'abc': ['a']}", "xyz", NULL, "{'abc': ['a']}" },
    { NULL, "abc", NULL, "@a{sas} {}" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GVariant) layouts = NULL;
      g_autoptr(GVariant) expected = g_variant_parse (G_VARIANT_TYPE ("a{sas}"), cases[i].expected, NULL, NULL, NULL);
      g_autoptr(GVariant) replaced = NULL;
      g_auto(GStrv) metrics = split (cases[i].metrics);
      g_autofree char *printed = NULL;

      if (cases[i].layouts != NULL)
        layouts = g_variant_parse (G_VARIANT_TYPE ("a{sas}"), cases[i].layouts, NULL, NULL, NULL);
      replaced = g_variant_ref_sink (isc_layout_replace (layouts, cases[i].model, (const char * const *) metrics));
      printed = g_variant_print (replaced, FALSE);
      g_test_message ("%s with %s = %s: %s", cases[i].layouts, cases[i].model, cases[i].metrics, printed);
      g_assert_true (g_variant_is_of_type (replaced, G_VARIANT_TYPE ("a{sas}")));
      g_assert_true (g_variant_equal (replaced, expected));
    }
}

/* Kept in the settings and read back, as the window will. */
static void
test_round_trip (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.inferscope.Inferscope");
  const char *shown[] = { "baseten_replicas_active", "baseten_inference_requests_total", NULL };
  g_autoptr(GVariant) before = g_settings_get_value (settings, "model-layouts");
  g_autoptr(GVariant) after = NULL;
  g_auto(GStrv) found = NULL;

  g_assert_null (isc_layout_lookup (before, "demo-chat"));
  g_settings_set_value (settings, "model-layouts", isc_layout_replace (before, "demo-chat", shown));
  after = g_settings_get_value (settings, "model-layouts");
  found = isc_layout_lookup (after, "demo-chat");
  g_assert_true (g_strv_equal ((const char * const *) found, shown));
  g_assert_null (isc_layout_lookup (after, "demo-embed"));
  g_settings_reset (settings, "model-layouts");
}

static void
test_apply (void)
{
  static const struct {
    const char *layout;
    const char *available;
    const char *expected;
  } cases[] = {
    /* No layout: all that is reported, or all there is. */
    { NULL, "a|b|c", "a|b|c" },
    { NULL, NULL, NULL },
    /* The layout's order; the hidden ones absent. */
    { "c|a", "a|b|c", "c|a" },
    { "b", "a|b|c", "b" },
    /* Not reported by this deployment: not asked for. */
    { "c|gpu|a", "a|b|c", "c|a" },
    /* Not known what is reported: the layout as it is. */
    { "c|gpu|a", NULL, "c|gpu|a" },
    /* Repeats once. */
    { "a|b|a", "a|b", "a|b" },
    /* Nothing of it reported, or nothing left: as if no layout. */
    { "gpu", "a|b", "a|b" },
    { "", "a|b", "a|b" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(GStrv) layout = split (cases[i].layout);
      g_auto(GStrv) available = split (cases[i].available);
      g_auto(GStrv) metrics = NULL;
      g_autofree char *joined = NULL;

      metrics = isc_layout_apply ((const char * const *) layout, (const char * const *) available);
      joined = join (metrics);
      g_test_message ("%s of %s", cases[i].layout, cases[i].available);
      g_assert_cmpstr (joined, ==, cases[i].expected);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/layout/lookup", test_lookup);
  g_test_add_func ("/isc/layout/replace", test_replace);
  g_test_add_func ("/isc/layout/round-trip", test_round_trip);
  g_test_add_func ("/isc/layout/apply", test_apply);

  return g_test_run ();
}
