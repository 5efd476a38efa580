/* test-data-files.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The files around the code: translations find every string, the Flatpak
 * manifests build the right app, the installed files name the right id,
 * and the settings the window keeps exist.
 */

#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

static char *
source_root (void)
{
  return g_test_build_filename (G_TEST_DIST, "..", NULL);
}

/* Paths relative to the source root, of files POTFILES.in lists. */
static GHashTable *
read_potfiles (void)
{
  g_autofree char *root = source_root ();
  g_autofree char *path = g_build_filename (root, "po", "POTFILES.in", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GHashTable *listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (line[0] != '\0' && line[0] != '#')
        g_hash_table_add (listed, g_strdup (line));
    }

  return listed;
}

static gboolean
has_translatable_strings (const char *contents)
{
  static GRegex *marker;

  /* _(" N_(" C_(" NC_(" ngettext (" and translatable="yes": what
   * xgettext extracts (a literal right after the marker), not the end of
   * an identifier such as foo_( nor "_()" in a comment. */
  if (g_once_init_enter (&marker))
    g_once_init_leave (&marker,
                       g_regex_new ("(?<![A-Za-z0-9_])(N|C|NC)?_\\s*\\(\\s*\"|"
                                    "(?<![A-Za-z0-9_])ngettext\\s*\\(\\s*\"|"
                                    "translatable=\"yes\"",
                                    G_REGEX_OPTIMIZE, 0, NULL));

  return g_regex_match (marker, contents, 0, NULL);
}

static void
collect_unlisted (const char *root,
                  const char *relative,
                  GHashTable *listed,
                  GPtrArray  *unlisted)
{
  g_autofree char *path = g_build_filename (root, relative, NULL);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (relative, name, NULL);
      g_autofree char *child_path = g_build_filename (root, child, NULL);
      g_autofree char *contents = NULL;

      if (g_file_test (child_path, G_FILE_TEST_IS_DIR))
        {
          collect_unlisted (root, child, listed, unlisted);
          continue;
        }

      if (!g_str_has_suffix (name, ".c") && !g_str_has_suffix (name, ".h") &&
          !g_str_has_suffix (name, ".ui") && !g_str_has_suffix (name, ".in"))
        continue;

      if (!g_file_get_contents (child_path, &contents, NULL, NULL))
        continue;

      if (has_translatable_strings (contents) && !g_hash_table_contains (listed, child))
        g_ptr_array_add (unlisted, g_steal_pointer (&child));
    }
}

static void
test_marker_regex (void)
{
  /* The check itself: it must see each kind of marker, and only those. */
  g_assert_true (has_translatable_strings ("g_print (\"%s\", _(\"Quit\"));"));
  g_assert_true (has_translatable_strings ("{ N_(\"Active replicas\") }"));
  g_assert_true (has_translatable_strings ("C_(\"shortcut\", \"Quit\")"));
  g_assert_true (has_translatable_strings ("ngettext (\"%u step\", \"%u steps\", n)"));
  g_assert_true (has_translatable_strings ("<property name=\"title\" translatable=\"yes\">"));
  g_assert_false (has_translatable_strings ("g_assert_cmpint (a, ==, b); foo_bar_(x);"));
  g_assert_false (has_translatable_strings ("<property name=\"title\">Inferscope</property>"));
  g_assert_false (has_translatable_strings ("/* N_(): translate with _() when shown */"));
}

static void
test_potfiles_complete (void)
{
  g_autofree char *root = source_root ();
  g_autoptr(GHashTable) listed = read_potfiles ();
  g_autoptr(GPtrArray) unlisted = g_ptr_array_new_with_free_func (g_free);

  collect_unlisted (root, "src", listed, unlisted);
  collect_unlisted (root, "data", listed, unlisted);

  /* A string missing from POTFILES.in is never translated. */
  if (unlisted->len > 0)
    {
      g_autofree char *names = NULL;

      g_ptr_array_add (unlisted, NULL);
      names = g_strjoinv (" ", (char **) unlisted->pdata);
      g_test_fail_printf ("Strings that are never translated: add to po/POTFILES.in: %s", names);
    }
}

static void
test_potfiles_exist (void)
{
  g_autofree char *root = source_root ();
  g_autoptr(GHashTable) listed = read_potfiles ();
  GHashTableIter iter;
  const char *file;

  g_assert_cmpuint (g_hash_table_size (listed), >, 5);

  /* xgettext fails on a listed file that is gone. */
  g_hash_table_iter_init (&iter, listed);
  while (g_hash_table_iter_next (&iter, (gpointer *) &file, NULL))
    {
      g_autofree char *path = g_build_filename (root, file, NULL);

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_error ("po/POTFILES.in lists %s, which does not exist", file);
    }
}

/* ---- Flatpak ----------------------------------------------------------- */

static gboolean
array_has_string (JsonArray  *array,
                  const char *value)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      if (g_strcmp0 (json_array_get_string_element (array, i), value) == 0)
        return TRUE;
    }

  return FALSE;
}

/* In a full clone, the release's commit is one of this repository's. */
static void
check_commit_is_ours (const char *root,
                      const char *commit)
{
  g_autofree char *git_dir = g_build_filename (root, ".git", NULL);
  g_autofree char *object = g_strconcat (commit, "^{commit}", NULL);
  g_autofree char *shallow = NULL;
  const char *is_shallow[] = { "git", "-C", root, "rev-parse", "--is-shallow-repository", NULL };
  const char *cat_file[] = { "git", "-C", root, "cat-file", "-e", object, NULL };
  g_autofree char *git = g_find_program_in_path ("git");
  g_autoptr(GError) error = NULL;
  int status = -1;

  if (!g_file_test (git_dir, G_FILE_TEST_EXISTS) || git == NULL)
    return;
  if (!g_spawn_sync (NULL, (char **) is_shallow, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &shallow, NULL, &status, NULL)
      || !g_spawn_check_wait_status (status, NULL) || !g_str_has_prefix (shallow, "false"))
    return;

  g_spawn_sync (NULL, (char **) cat_file, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("the release manifest builds commit %s, which this repository does not have", commit);
}

static void
test_flatpak_manifest (gconstpointer data)
{
  gboolean devel = GPOINTER_TO_INT (data);
  const char *id = devel ? "io.github.inferscope.Inferscope.Devel" : "io.github.inferscope.Inferscope";
  g_autofree char *root = source_root ();
  g_autofree char *name = g_strdup_printf ("%s.json", id);
  g_autofree char *path = g_build_filename (root, "flatpak", name, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *manifest;
  JsonArray *finish_args;
  JsonArray *modules;
  JsonObject *app;
  JsonArray *config_opts;
  JsonObject *source;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);

  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  manifest = json_node_get_object (json_parser_get_root (parser));

  g_assert_cmpstr (json_object_get_string_member (manifest, "id"), ==, id);
  g_assert_cmpstr (json_object_get_string_member (manifest, "command"), ==, "inferscope");
  g_assert_cmpstr (json_object_get_string_member (manifest, "runtime"), ==, "org.gnome.Platform");
  g_assert_cmpstr (json_object_get_string_member (manifest, "sdk"), ==, "org.gnome.Sdk");
  /* The runtime of the newest stack the suite runs on (build-aux/test
   * --newest: GTK 4.24, libadwaita 1.10), GNOME 51, or a later one. */
  g_assert_cmpint (g_ascii_strtoll (json_object_get_string_member (manifest, "runtime-version"), NULL, 10), >=, 51);

  /* It must reach the API and show a window, on Wayland and X11. */
  finish_args = json_object_get_array_member (manifest, "finish-args");
  g_assert_true (array_has_string (finish_args, "--share=network"));
  g_assert_true (array_has_string (finish_args, "--socket=wayland"));
  g_assert_true (array_has_string (finish_args, "--socket=fallback-x11"));
  g_assert_true (array_has_string (finish_args, "--share=ipc"));
  g_assert_true (array_has_string (finish_args, "--device=dri"));
  /* libsecret goes through the Secret portal; Flathub refuses a
   * manifest that talks to the keyring daemon directly without need. */
  g_assert_false (array_has_string (finish_args, "--talk-name=org.freedesktop.secrets"));
  /* And nothing more: files go through the portal, the key through the
   * Secret portal, notifications and running in the background through
   * theirs. */
  g_assert_cmpuint (json_array_get_length (finish_args), ==, 5);

  /* The simulated API's own command is for scripts and tests, not for
   * the Flatpak (the app serves the demo in-process). */
  g_assert_true (array_has_string (json_object_get_array_member (manifest, "cleanup"), "/bin/inferscope-demo-server"));

  /* The last module is the app, built with meson in the right profile. */
  modules = json_object_get_array_member (manifest, "modules");
  g_assert_cmpuint (json_array_get_length (modules), >=, 1);
  app = json_array_get_object_element (modules, json_array_get_length (modules) - 1);
  g_assert_cmpstr (json_object_get_string_member (app, "name"), ==, "inferscope");
  g_assert_cmpstr (json_object_get_string_member (app, "buildsystem"), ==, "meson");
  config_opts = json_object_get_array_member (app, "config-opts");
  g_assert_true (array_has_string (config_opts, devel ? "-Dprofile=development" : "-Dprofile=default"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (app, "sources")), >=, 1);

  /* The release builds a fixed commit of its tag, so a moved tag cannot
   * change what Flathub builds; the development manifest builds the
   * checkout it sits in. */
  source = json_array_get_object_element (json_object_get_array_member (app, "sources"), 0);
  if (devel)
    {
      g_assert_cmpstr (json_object_get_string_member (source, "type"), ==, "dir");
    }
  else
    {
      const char *commit;

      g_assert_cmpstr (json_object_get_string_member (source, "type"), ==, "git");
      g_assert_cmpstr (json_object_get_string_member (source, "tag"), ==, "v" PACKAGE_VERSION);
      commit = json_object_get_string_member_with_default (source, "commit", "");
      g_assert_cmpuint (strlen (commit), ==, 40);
      g_assert_cmpuint (strspn (commit, "0123456789abcdef"), ==, 40);
      check_commit_is_ours (root, commit);
    }
}

/* ---- installed files and settings -------------------------------------- */

static void
test_desktop_file (void)
{
  g_autofree char *name = g_strdup_printf ("%s.desktop", APPLICATION_ID);
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "..", "data", name, NULL);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *exec = NULL;
  g_autofree char *icon = NULL;

  g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);

  /* The launcher runs our command and shows this build's icon. */
  exec = g_key_file_get_string (key_file, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_EXEC, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (exec, ==, "inferscope");
  icon = g_key_file_get_string (key_file, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_ICON, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (icon, ==, APPLICATION_ID);
}

static void
test_metainfo_file (void)
{
  g_autofree char *name = g_strdup_printf ("%s.metainfo.xml", APPLICATION_ID);
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, "..", "data", name, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *id = g_strdup_printf ("<id>%s</id>", APPLICATION_ID);
  g_autofree char *launchable = g_strdup_printf (">%s.desktop</launchable>", APPLICATION_ID);
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  /* Software centres match the metainfo to the desktop file by these. */
  g_assert_nonnull (strstr (contents, id));
  g_assert_nonnull (strstr (contents, launchable));
  g_assert_nonnull (strstr (contents, "<release version=\"" PACKAGE_VERSION "\""));
}

static void
test_settings_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  struct {
    const char *key;
    const char *type;
  } keys[] = {
    { "window-width", "i" },
    { "window-height", "i" },
    { "window-maximized", "b" },
  };

  g_assert_nonnull (source);
  schema = g_settings_schema_source_lookup (source, "io.github.inferscope.Inferscope", TRUE);
  g_assert_nonnull (schema);

  /* The window keeps its size in these. */
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autoptr(GSettingsSchemaKey) key = NULL;

      g_assert_true (g_settings_schema_has_key (schema, keys[i].key));
      key = g_settings_schema_get_key (schema, keys[i].key);
      g_assert_cmpstr (g_variant_type_peek_string (g_settings_schema_key_get_value_type (key)), ==, keys[i].type);
    }
}

static void
test_icons (void)
{
  g_autofree char *root = source_root ();
  const char *icons[] = {
    "data/icons/hicolor/scalable/apps/io.github.inferscope.Inferscope.svg",
    "data/icons/hicolor/scalable/apps/io.github.inferscope.Inferscope.Devel.svg",
    "data/icons/hicolor/symbolic/apps/io.github.inferscope.Inferscope-symbolic.svg",
  };

  for (guint i = 0; i < G_N_ELEMENTS (icons); i++)
    {
      g_autofree char *path = g_build_filename (root, icons[i], NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;
      g_autoptr(GMarkupParseContext) context = NULL;
      static const GMarkupParser parser = { NULL };
      g_autoptr(GError) error = NULL;

      g_file_get_contents (path, &contents, &length, &error);
      g_assert_no_error (error);

      /* Well-formed XML, or no icon at all in the launcher. */
      context = g_markup_parse_context_new (&parser, 0, NULL, NULL);
      g_markup_parse_context_parse (context, contents, length, &error);
      g_assert_no_error (error);
      g_markup_parse_context_end_parse (context, &error);
      g_assert_no_error (error);
      g_assert_nonnull (strstr (contents, "<svg"));

      /* Drawn on the grid of its size: 128 px for the app icon (with the
       * development build's stripes on its variant), 16 for the symbolic. */
      if (g_str_has_suffix (icons[i], "-symbolic.svg"))
        g_assert_nonnull (strstr (contents, "width=\"16\" height=\"16\" viewBox=\"0 0 16 16\""));
      else
        g_assert_nonnull (strstr (contents, "width=\"128\" height=\"128\" viewBox=\"0 0 128 128\""));
      if (strstr (icons[i], ".Devel.") != NULL)
        g_assert_nonnull (strstr (contents, "id=\"stripes\""));

      /* GTK recolours a symbolic icon by forcing the fill of its shapes,
       * so an open stroked line comes out as a filled polygon: symbolic
       * icons are drawn with strokes turned into outlines. */
      if (g_str_has_suffix (icons[i], "-symbolic.svg"))
        g_assert_null (strstr (contents, "stroke"));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/data/potfiles/marker", test_marker_regex);
  g_test_add_func ("/isc/data/potfiles/complete", test_potfiles_complete);
  g_test_add_func ("/isc/data/potfiles/exist", test_potfiles_exist);
  g_test_add_data_func ("/isc/data/flatpak/release", GINT_TO_POINTER (FALSE), test_flatpak_manifest);
  g_test_add_data_func ("/isc/data/flatpak/devel", GINT_TO_POINTER (TRUE), test_flatpak_manifest);
  g_test_add_func ("/isc/data/desktop-file", test_desktop_file);
  g_test_add_func ("/isc/data/metainfo-file", test_metainfo_file);
  g_test_add_func ("/isc/data/settings-schema", test_settings_schema);
  g_test_add_func ("/isc/data/icons", test_icons);

  return g_test_run ();
}
