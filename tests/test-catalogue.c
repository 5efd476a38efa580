/* test-catalogue.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "isc-catalogue.h"

static void
test_catalogue_default_set (void)
{
  guint n_entries = 0;
  const IscCatalogueEntry *entries = isc_catalogue_get_entries (&n_entries);
  guint n_default = 0;

  /* Baseten returns exactly these three when a request names no metrics. */
  for (guint i = 0; i < n_entries; i++)
    {
      if (entries[i].in_default_set)
        n_default++;
    }

  g_assert_cmpuint (n_default, ==, 3);
  g_assert_true (isc_catalogue_lookup ("baseten_replicas_active")->in_default_set);
  g_assert_true (isc_catalogue_lookup ("baseten_inference_requests_total")->in_default_set);
  g_assert_true (isc_catalogue_lookup ("baseten_end_to_end_response_time_seconds")->in_default_set);
}

static void
test_catalogue_units (void)
{
  const IscCatalogueEntry *gpu_memory = isc_catalogue_lookup ("baseten_gpu_memory_used");
  const IscCatalogueEntry *requests = isc_catalogue_lookup ("baseten_inference_requests_total");

  /* GPU memory is scraped in MiB; requests are per-step totals by status. */
  g_assert_nonnull (gpu_memory);
  g_assert_cmpint (gpu_memory->unit_hint, ==, ISC_UNIT_HINT_MEBIBYTES);
  g_assert_cmpint (gpu_memory->applies_to, ==, ISC_APPLIES_GPU);
  g_assert_cmpint (requests->kind, ==, ISC_METRIC_KIND_COUNTER);
  g_assert_cmpint (requests->label_shape, ==, ISC_LABEL_SHAPE_STATUS);
}

static void
test_catalogue_unknown_name (void)
{
  /* An unknown name is an ordinary metric titled by its own name. */
  g_assert_null (isc_catalogue_lookup ("baseten_something_new"));
  g_assert_cmpstr (isc_catalogue_get_title ("baseten_something_new"), ==, "baseten_something_new");
  g_assert_cmpstr (isc_catalogue_get_title ("baseten_replicas_active"), ==, "Active replicas");
}

static void
test_catalogue_names_unique (void)
{
  guint n_entries = 0;
  const IscCatalogueEntry *entries = isc_catalogue_get_entries (&n_entries);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (n_entries, >=, 30);
  for (guint i = 0; i < n_entries; i++)
    {
      g_assert_true (g_str_has_prefix (entries[i].name, "baseten_"));
      g_assert_false (g_hash_table_contains (seen, entries[i].name));
      g_hash_table_add (seen, (gpointer) entries[i].name);
    }
}

static void
test_enum_strings (void)
{
  IscMode mode = ISC_MODE_CURRENT;

  g_assert_true (isc_mode_from_string ("SERIES", &mode));
  g_assert_cmpint (mode, ==, ISC_MODE_SERIES);
  /* The API's modes are upper case only. */
  g_assert_false (isc_mode_from_string ("series", &mode));
  g_assert_cmpint (isc_unit_hint_from_string ("MEBIBYTES"), ==, ISC_UNIT_HINT_MEBIBYTES);
  g_assert_cmpint (isc_unit_hint_from_string ("FURLONGS"), ==, ISC_UNIT_HINT_UNKNOWN);
  g_assert_cmpint (isc_metric_kind_from_string ("SUMMARY_QUANTILES"), ==, ISC_METRIC_KIND_UNKNOWN);
  g_assert_cmpstr (isc_metric_kind_to_string (ISC_METRIC_KIND_HISTOGRAM), ==, "HISTOGRAM");
}

/* Restarts read as a count with its noun; other metrics have none. */
static void
test_catalogue_count_noun (void)
{
  g_autofree char *one = isc_catalogue_format_count ("baseten_container_restarts_total", "1", 1.0);
  g_autofree char *three = isc_catalogue_format_count ("baseten_container_restarts_total", "3", 3.0);
  g_autofree char *half = isc_catalogue_format_count ("baseten_container_restarts_total", "0.5", 0.5);
  g_autofree char *replicas = isc_catalogue_format_count ("baseten_replicas_active", "2", 2.0);

  g_assert_cmpstr (one, ==, "1 restart");
  g_assert_cmpstr (three, ==, "3 restarts");
  g_assert_cmpstr (half, ==, "0.5 restarts");
  g_assert_null (replicas);
}

/* The window's order, which an export keeps: the groups as the catalogue
 * has them, names it does not know after them, and the order given
 * within a group. */
static void
test_catalogue_display_order (void)
{
  static const char * const names[] = {
    "baseten_replicas_active",                    /* replicas */
    "some_new_metric",                            /* unknown */
    "baseten_inference_requests_total",           /* traffic */
    "baseten_container_cpu_usage_seconds_total",  /* resources */
    "baseten_end_to_end_response_time_seconds",   /* latency */
    "another_new_metric",                         /* unknown */
    "baseten_request_size_bytes",                 /* traffic */
  };
  static const guint expected[] = { 2, 6, 4, 0, 3, 1, 5 };
  guint order[G_N_ELEMENTS (names)];

  isc_catalogue_get_display_order (names, G_N_ELEMENTS (names), order);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_cmpuint (order[i], ==, expected[i]);
  g_assert_cmpuint (isc_catalogue_get_display_group ("some_new_metric"), ==, ISC_METRIC_GROUP_OTHER);
  g_assert_cmpuint (isc_catalogue_get_display_group (names[0]), ==, ISC_METRIC_GROUP_REPLICAS);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/catalogue/default-set", test_catalogue_default_set);
  g_test_add_func ("/isc/catalogue/units", test_catalogue_units);
  g_test_add_func ("/isc/catalogue/unknown-name", test_catalogue_unknown_name);
  g_test_add_func ("/isc/catalogue/names-unique", test_catalogue_names_unique);
  g_test_add_func ("/isc/catalogue/count-noun", test_catalogue_count_noun);
  g_test_add_func ("/isc/catalogue/display-order", test_catalogue_display_order);
  g_test_add_func ("/isc/types/enum-strings", test_enum_strings);

  return g_test_run ();
}
