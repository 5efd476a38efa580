/* test-release-files.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a Flathub reviewer checks, offline: the desktop file and the
 * metainfo pass their validators with nothing to say, the listing's
 * screenshots are there and small enough, D-Bus activation has its
 * service, the schema compiles strictly, the man pages format without a
 * warning and name every option, and the shell completes every export
 * option.
 */

#include "config.h"

#include <string.h>
#include <gio/gio.h>

/* ---- running the validators ------------------------------------------- */

typedef struct
{
  int   status;
  char *output;  /* standard output and error, together */
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->output, g_free);
}

/* Runs argv in the C locale, or skips the test when the program is not
 * installed (build-aux/setup installs every one of them). */
static gboolean
run_program (const char * const *argv,
             Run                *run)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *program = g_find_program_in_path (argv[0]);

  memset (run, 0, sizeof *run);
  if (program == NULL)
    {
      g_autofree char *message = g_strdup_printf ("%s is not installed", argv[0]);

      g_test_skip (message);
      return FALSE;
    }

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &run->output, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);

  return TRUE;
}

static char *
built_file (const char *directory,
            const char *suffix)
{
  g_autofree char *name = g_strconcat (APPLICATION_ID, suffix, NULL);

  return g_test_build_filename (G_TEST_BUILT, "..", directory, name, NULL);
}

static char *
source_file (const char *first,
             ...)
{
  g_autofree char *root = g_test_build_filename (G_TEST_DIST, "..", NULL);
  g_autofree char *relative = NULL;
  va_list args;

  va_start (args, first);
  relative = g_build_filename_valist (first, &args);
  va_end (args);

  return g_build_filename (root, relative, NULL);
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);

  return contents;
}

/* ---- the desktop file and D-Bus activation ----------------------------- */

static void
test_desktop_file_validates (void)
{
  g_autofree char *path = built_file ("data", ".desktop");
  const char *argv[] = { "desktop-file-validate", path, NULL };
  Run run;

  if (!run_program (argv, &run))
    return;

  /* Not even a hint. */
  g_assert_cmpstr (run.output, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);
}

static void
test_desktop_file_categories (void)
{
  static const char * const main_categories[] = {
    "AudioVideo", "Audio", "Video", "Development", "Education", "Game",
    "Graphics", "Network", "Office", "Science", "Settings", "System",
    "Utility", NULL
  };
  g_autofree char *path = built_file ("data", ".desktop");
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) categories = NULL;
  guint n_main = 0;

  g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);

  /* One main category, so a software centre files it in one place. */
  categories = g_key_file_get_string_list (key_file, G_KEY_FILE_DESKTOP_GROUP, "Categories", NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; categories[i] != NULL; i++)
    n_main += g_strv_contains (main_categories, categories[i]);
  g_assert_cmpuint (n_main, ==, 1);

  /* Started over D-Bus, by the service file below. */
  g_assert_true (g_key_file_get_boolean (key_file, G_KEY_FILE_DESKTOP_GROUP,
                                         G_KEY_FILE_DESKTOP_KEY_DBUS_ACTIVATABLE, &error));
  g_assert_no_error (error);
}

static void
test_dbus_service (void)
{
  g_autofree char *path = built_file ("data", ".service");
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *exec = NULL;
  g_autofree char *suffix = g_strconcat (G_DIR_SEPARATOR_S, "inferscope --gapplication-service", NULL);

  g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);

  /* The bus starts the app by its id, as a GApplication service. */
  name = g_key_file_get_string (key_file, "D-BUS Service", "Name", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (name, ==, APPLICATION_ID);
  exec = g_key_file_get_string (key_file, "D-BUS Service", "Exec", &error);
  g_assert_no_error (error);
  g_assert_true (g_path_is_absolute (exec));
  g_assert_true (g_str_has_suffix (exec, suffix));
}

/* ---- the metainfo ------------------------------------------------------ */

static void
test_metainfo_validates (void)
{
  g_autofree char *path = built_file ("data", ".metainfo.xml");
  const char *argv[] = { "appstreamcli", "validate", "--pedantic", "--no-net", path, NULL };
  g_auto(GStrv) lines = NULL;
  Run run;

  if (!run_program (argv, &run))
    return;

  g_test_message ("%s", run.output);
  g_assert_cmpint (run.status, ==, 0);

  /* No error and no warning. Of the pedantic notes only the id's capital
   * letters, which the reverse-DNS id of every GNOME app has, and, with
   * AppStream before 1.0, the <developer> tag it does not know yet. */
  lines = g_strsplit (run.output, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (g_str_has_prefix (line, "E:") || g_str_has_prefix (line, "W:"))
        g_error ("appstreamcli: %s", line);
      if (g_str_has_prefix (line, "P:") && strstr (line, "cid-contains-uppercase-letter") == NULL)
        g_error ("appstreamcli: %s", line);
      if (g_str_has_prefix (line, "I:") && strstr (line, "unknown-tag developer") == NULL)
        g_error ("appstreamcli: %s", line);
    }
  run_clear (&run);
}

/* The text of every <element>…</element> in contents, in order: the
 * untranslated ones (a translation is an <element xml:lang="…">). */
static GPtrArray *
element_texts (const char *contents,
               const char *element)
{
  g_autofree char *pattern = g_strdup_printf ("<%s>(.*?)</%s>", element, element);
  g_autoptr(GRegex) regex = g_regex_new (pattern, G_REGEX_DOTALL, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  g_regex_match (regex, contents, 0, &match);
  while (g_match_info_matches (match))
    {
      g_ptr_array_add (texts, g_strstrip (g_match_info_fetch (match, 1)));
      g_match_info_next (match, NULL);
    }

  return texts;
}

/* A PNG's size, from its header. */
static void
png_size (const char *path,
          guint      *width,
          guint      *height)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;
  const guchar *bytes;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 24);
  bytes = (const guchar *) contents;
  g_assert_cmpmem (bytes, 8, "\x89PNG\r\n\x1a\n", 8);
  *width = (guint) bytes[16] << 24 | (guint) bytes[17] << 16 | (guint) bytes[18] << 8 | bytes[19];
  *height = (guint) bytes[20] << 24 | (guint) bytes[21] << 16 | (guint) bytes[22] << 8 | bytes[23];
}

static void
test_metainfo_listing (void)
{
  g_autofree char *path = built_file ("data", ".metainfo.xml");
  g_autofree char *contents = read_file (path);
  g_autoptr(GPtrArray) summaries = element_texts (contents, "summary");
  g_autoptr(GPtrArray) images = element_texts (contents, "image");
  g_autoptr(GPtrArray) captions = element_texts (contents, "caption");
  g_autoptr(GPtrArray) descriptions = element_texts (contents, "description");
  g_autofree char *release = g_strdup_printf ("<release version=\"%s\"", PACKAGE_VERSION);

  /* A summary short enough for a software centre's tile. */
  g_assert_cmpuint (summaries->len, >=, 1);
  g_assert_cmpuint (g_utf8_strlen (g_ptr_array_index (summaries, 0), -1), <=, 35);

  /* It says what it is not. */
  g_assert_cmpuint (descriptions->len, >=, 2);
  g_assert_nonnull (strstr (g_ptr_array_index (descriptions, 0), "unofficial"));

  g_assert_nonnull (strstr (contents, "<developer id=\""));
  g_assert_nonnull (strstr (contents, "<translation type=\"gettext\">" GETTEXT_PACKAGE "</translation>"));
  g_assert_nonnull (strstr (contents, "<binary>inferscope</binary>"));
  /* The demo works offline: the internet is recommended, not required. */
  g_assert_nonnull (strstr (contents, "<recommends>"));
  g_assert_nonnull (strstr (contents, "<internet>"));
  g_assert_null (strstr (contents, "<control>touch</control>"));
  g_assert_nonnull (strstr (contents, "<content_rating type=\"oars-1.1\""));

  /* This release, with its notes (the second <description>). */
  g_assert_nonnull (strstr (contents, release));

  /* Three to six screenshots, each captioned, each a file of
   * data/screenshots/ at most 1000×700. */
  g_assert_cmpuint (images->len, >=, 3);
  g_assert_cmpuint (images->len, <=, 6);
  g_assert_cmpuint (captions->len, ==, images->len);
  for (guint i = 0; i < images->len; i++)
    {
      const char *url = g_ptr_array_index (images, i);
      const char *name = strrchr (url, '/');
      g_autofree char *file = NULL;
      guint width, height;

      g_assert_true (g_str_has_prefix (url, "https://"));
      g_assert_nonnull (name);
      g_assert_nonnull (strstr (url, "/data/screenshots/"));
      file = source_file ("data", "screenshots", name + 1, NULL);
      if (!g_file_test (file, G_FILE_TEST_IS_REGULAR))
        g_error ("the metainfo shows %s, which is not in data/screenshots", name + 1);
      png_size (file, &width, &height);
      g_assert_cmpuint (width, <=, 1000);
      g_assert_cmpuint (height, <=, 700);
      g_assert_cmpuint (width, >=, 360);
      g_assert_cmpstr (g_ptr_array_index (captions, i), !=, "");
    }
}

/* Every picture in data/screenshots/ is one build-aux/screenshots makes
 * (a name of its SHOTS), so all of them are remade together on the stack
 * people install: none is left from an older one, or from a script that
 * no longer makes it. */
static void
test_screenshots_made (void)
{
  g_autofree char *directory = source_file ("data", "screenshots", NULL);
  g_autofree char *script_path = source_file ("build-aux", "screenshots", NULL);
  g_autofree char *script = read_file (script_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (directory, 0, &error);
  const char *name;
  guint n = 0;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *shot = NULL;
      g_autofree char *entry = NULL;

      if (!g_str_has_suffix (name, ".png"))
        g_error ("data/screenshots/%s is not a PNG", name);
      shot = g_strndup (name, strlen (name) - strlen (".png"));
      entry = g_strdup_printf ("(\"%s\", [", shot);
      if (strstr (script, entry) == NULL)
        g_error ("data/screenshots/%s is not one build-aux/screenshots makes", name);
      n++;
    }
  g_assert_cmpuint (n, >=, 3);
}

static void
test_schema_strict (void)
{
  g_autofree char *directory = source_file ("data", NULL);
  const char *argv[] = { "glib-compile-schemas", "--strict", "--dry-run", directory, NULL };
  Run run;

  if (!run_program (argv, &run))
    return;

  g_assert_cmpstr (run.output, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);
}

/* ---- help -------------------------------------------------------------- */

/* The long options a program's --help lists ("--input", …). */
static GPtrArray *
help_options (const char * const *argv)
{
  g_autoptr(GRegex) regex = g_regex_new ("^\\s+(?:-\\w, )?(--[a-z][a-z-]*)", G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GPtrArray *options = g_ptr_array_new_with_free_func (g_free);
  Run run;

  g_assert_true (run_program (argv, &run));
  g_assert_cmpint (run.status, ==, 0);
  g_regex_match (regex, run.output, 0, &match);
  while (g_match_info_matches (match))
    {
      g_ptr_array_add (options, g_match_info_fetch (match, 1));
      g_match_info_next (match, NULL);
    }
  run_clear (&run);
  g_assert_cmpuint (options->len, >=, 3);

  return options;
}

static char *
binary (const char *name)
{
  return g_test_build_filename (G_TEST_BUILT, "..", "src", name, NULL);
}

/* A man page formats with no warning, and names each option of argv's
 * --help, with or without roff's escapes. */
static void
check_man_page (const char         *page,
                const char * const *argv)
{
  g_autofree char *path = source_file ("data", page, NULL);
  g_autofree char *source = read_file (path);
  g_autoptr(GString) text = g_string_new (source);
  const char *groff[] = { "groff", "-man", "-ww", "-z", "-K", "utf8", path, NULL };
  g_autoptr(GPtrArray) options = help_options (argv);
  Run run;

  g_string_replace (text, "\\-", "-", 0);
  for (guint i = 0; i < options->len; i++)
    {
      const char *option = g_ptr_array_index (options, i);

      if (g_str_equal (option, "--help-all") || g_str_equal (option, "--help-gapplication"))
        continue;
      if (strstr (text->str, option) == NULL)
        g_error ("%s does not describe %s", page, option);
    }

  if (!run_program (groff, &run))
    return;
  g_assert_cmpstr (run.output, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  run_clear (&run);
}

static void
test_man_inferscope (void)
{
  g_autofree char *program = binary ("inferscope");
  const char *window[] = { program, "--help-all", NULL };
  const char *export[] = { program, "export", "--help", NULL };
  const char *logs[] = { program, "logs", "--help", NULL };
  g_autofree char *path = source_file ("data", "inferscope.1", NULL);
  g_autofree char *source = read_file (path);

  check_man_page ("inferscope.1", window);
  check_man_page ("inferscope.1", export);
  check_man_page ("inferscope.1", logs);
  g_assert_nonnull (strstr (source, ".SH LOGS OPTIONS"));

  /* Every exit status of the export command. */
  g_assert_nonnull (strstr (source, ".SH EXIT STATUS"));
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *status = g_strdup_printf (".B %u\n", i);

      g_assert_nonnull (strstr (source, status));
    }
  g_assert_nonnull (strstr (source, "130"));
  g_assert_nonnull (strstr (source, "143"));
}

static void
test_man_demo_server (void)
{
  g_autofree char *program = binary ("inferscope-demo-server");
  const char *argv[] = { program, "--help", NULL };

  check_man_page ("inferscope-demo-server.1", argv);
}

/* What the completion offers after the words given, as bash would ask. */
static GPtrArray *
complete (const char *words)
{
  g_autofree char *script = source_file ("data", "inferscope.bash-completion", NULL);
  g_autofree char *command = g_strdup_printf ("source '%s'; COMP_WORDS=(%s); "
                                              "COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); "
                                              "_inferscope; printf '%%s\\n' \"${COMPREPLY[@]}\"",
                                              script, words);
  const char *argv[] = { "bash", "--norc", "--noprofile", "-c", command, NULL };
  g_auto(GStrv) lines = NULL;
  GPtrArray *offered = g_ptr_array_new_with_free_func (g_free);
  Run run;

  g_assert_true (run_program (argv, &run));
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.output, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      g_ptr_array_add (offered, g_strdup (lines[i]));
  run_clear (&run);

  return offered;
}

static gboolean
offers (GPtrArray  *offered,
        const char *word)
{
  return g_ptr_array_find_with_equal_func (offered, word, g_str_equal, NULL);
}

static void
test_bash_completion (void)
{
  g_autofree char *program = binary ("inferscope");
  const char *argv[] = { program, "export", "--help", NULL };
  g_autoptr(GPtrArray) options = help_options (argv);
  g_autoptr(GPtrArray) all = complete ("inferscope export --");
  g_autoptr(GPtrArray) formats = complete ("inferscope export --format ''");
  g_autoptr(GPtrArray) modes = complete ("inferscope export --mode = s");
  g_autoptr(GPtrArray) first = complete ("inferscope ''");

  /* Every option the command takes… */
  for (guint i = 0; i < options->len; i++)
    if (!offers (all, g_ptr_array_index (options, i)))
      g_error ("the completion does not offer %s", (const char *) g_ptr_array_index (options, i));

  /* …and the values of those that take a word from a list. */
  g_assert_cmpuint (formats->len, ==, 4);
  g_assert_true (offers (formats, "png") && offers (formats, "svg") && offers (formats, "pdf") && offers (formats, "csv"));
  g_assert_cmpuint (modes->len, ==, 2);
  g_assert_true (offers (modes, "summary") && offers (modes, "series"));
  g_assert_true (offers (first, "export"));
}

static void
test_bash_completion_logs (void)
{
  g_autofree char *program = binary ("inferscope");
  const char *argv[] = { program, "logs", "--help", NULL };
  g_autoptr(GPtrArray) options = help_options (argv);
  g_autoptr(GPtrArray) all = complete ("inferscope logs --");
  g_autoptr(GPtrArray) levels = complete ("inferscope logs --level ''");
  g_autoptr(GPtrArray) colors = complete ("inferscope logs --color = a");
  g_autoptr(GPtrArray) first = complete ("inferscope ''");

  for (guint i = 0; i < options->len; i++)
    if (!offers (all, g_ptr_array_index (options, i)))
      g_error ("the completion does not offer %s", (const char *) g_ptr_array_index (options, i));

  /* Not the export command's. */
  g_assert_false (offers (all, "--format"));
  g_assert_cmpuint (levels->len, ==, 4);
  g_assert_true (offers (levels, "debug") && offers (levels, "info") &&
                 offers (levels, "warning") && offers (levels, "error"));
  g_assert_cmpuint (colors->len, ==, 2);
  g_assert_true (offers (colors, "auto") && offers (colors, "always"));
  g_assert_true (offers (first, "logs"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/isc/release/desktop-file/validates", test_desktop_file_validates);
  g_test_add_func ("/isc/release/desktop-file/categories", test_desktop_file_categories);
  g_test_add_func ("/isc/release/dbus-service", test_dbus_service);
  g_test_add_func ("/isc/release/metainfo/validates", test_metainfo_validates);
  g_test_add_func ("/isc/release/metainfo/listing", test_metainfo_listing);
  g_test_add_func ("/isc/release/screenshots-made", test_screenshots_made);
  g_test_add_func ("/isc/release/schema", test_schema_strict);
  g_test_add_func ("/isc/release/man/inferscope", test_man_inferscope);
  g_test_add_func ("/isc/release/man/demo-server", test_man_demo_server);
  g_test_add_func ("/isc/release/bash-completion", test_bash_completion);
  g_test_add_func ("/isc/release/bash-completion-logs", test_bash_completion_logs);

  return g_test_run ();
}
