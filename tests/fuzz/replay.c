/* replay.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The seed corpus through a fuzz target's entry point, in the normal
 * build: one test per file of tests/fixtures (and its malformed/) and of
 * tests/fuzz/seeds, so every crash the fuzzer found and was fixed stays
 * fixed. The target's name is the program's: test-fuzz-NAME.
 */

#include "config.h"

#include <string.h>
#include <gio/gio.h>

#include "isc-fuzz.h"

static void
replay (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpint (LLVMFuzzerTestOneInput ((const uint8_t *) contents, length), ==, 0);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  /* g_ptr_array_sort() hands pointers to the elements. */
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
add_dir (const char *target,
         const char *dir,
         const char *suffix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir_name = g_path_get_basename (dir);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (suffix == NULL || g_str_has_suffix (name, suffix))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autofree char *test_path = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      test_path = g_strdup_printf ("/isc/fuzz/%s/%s/%s", target, dir_name, file);
      g_test_add_data_func_full (test_path, g_steal_pointer (&path), replay, g_free);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *program = g_path_get_basename (argv[0]);
  const char *target = g_str_has_prefix (program, "test-fuzz-") ? program + strlen ("test-fuzz-") : program;

  g_test_init (&argc, &argv, NULL);

  {
    g_autofree char *fixtures = g_test_build_filename (G_TEST_DIST, "fixtures", NULL);
    g_autofree char *malformed = g_test_build_filename (G_TEST_DIST, "fixtures", "malformed", NULL);
    g_autofree char *seeds = g_test_build_filename (G_TEST_DIST, "fuzz", "seeds", NULL);

    add_dir (target, fixtures, ".json");
    add_dir (target, malformed, NULL);
    add_dir (target, seeds, NULL);
  }

  return g_test_run ();
}
