/* test-translation.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The German translation: the catalogue the build compiles from
 * po/de.po holds every message of a template extracted from the sources
 * now (so a new string nobody translated fails here), po/de.po is clean
 * (no fuzzy entry, every plural filled, msgfmt --check content), and the
 * app's own words and dates come out in German under LANGUAGE=de.
 */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "isc-export.h"
#include "isc-test-util.h"
#include "isc-time-range.h"
#include "isc-time-ticks.h"

#define MINUTE_MS G_GINT64_CONSTANT (60000)
#define HOUR_MS   (60 * MINUTE_MS)
#define DAY_MS    (24 * HOUR_MS)

/* ---- reading PO files and the compiled catalogue ----------------------- */

typedef struct
{
  char      *context;  /* NULL: none */
  char      *id;
  char      *plural;   /* NULL: none */
  GPtrArray *strs;     /* msgstr, or msgstr[0], msgstr[1]… */
  gboolean   fuzzy;
  guint      line;
} PoEntry;

static void
po_entry_free (PoEntry *entry)
{
  g_free (entry->context);
  g_free (entry->id);
  g_free (entry->plural);
  g_ptr_array_unref (entry->strs);
  g_free (entry);
}

/* The text of a quoted PO line, its C escapes undone. */
static char *
po_unquote (const char *text,
            const char *path,
            guint       line)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  gsize len = strlen (stripped);

  if (len < 2 || stripped[0] != '"' || stripped[len - 1] != '"')
    g_error ("%s:%u: not a quoted string: %s", path, line, text);
  stripped[len - 1] = '\0';

  return g_strcompress (stripped + 1);
}

/* The entries of a PO file or template, as xgettext and msgmerge write
 * them (a blank line between entries); obsolete ones (#~) are left out.
 */
static GPtrArray *
po_read (const char *path)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) po_entry_free);
  PoEntry *entry = NULL;
  char **target = NULL;  /* the string a continuation line extends */

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      char **slot = NULL;
      const char *rest = NULL;

      if (line[0] == '\0')
        {
          entry = NULL;
          target = NULL;
          continue;
        }

      if (entry == NULL)
        {
          entry = g_new0 (PoEntry, 1);
          entry->strs = g_ptr_array_new_with_free_func (g_free);
          entry->line = i + 1;
          g_ptr_array_add (entries, entry);
        }

      if (g_str_has_prefix (line, "#,"))
        {
          if (strstr (line, "fuzzy") != NULL)
            entry->fuzzy = TRUE;
          continue;
        }
      if (line[0] == '#')
        continue;

      if (g_str_has_prefix (line, "msgctxt "))
        {
          slot = &entry->context;
          rest = line + strlen ("msgctxt ");
        }
      else if (g_str_has_prefix (line, "msgid_plural "))
        {
          slot = &entry->plural;
          rest = line + strlen ("msgid_plural ");
        }
      else if (g_str_has_prefix (line, "msgid "))
        {
          slot = &entry->id;
          rest = line + strlen ("msgid ");
        }
      else if (g_str_has_prefix (line, "msgstr"))
        {
          rest = strchr (line, ' ');
          g_assert_nonnull (rest);
          g_ptr_array_add (entry->strs, NULL);
          slot = (char **) &entry->strs->pdata[entry->strs->len - 1];
        }
      else if (line[0] == '"' && target != NULL)
        {
          g_autofree char *more = po_unquote (line, path, i + 1);
          char *joined = g_strconcat (*target, more, NULL);

          g_free (*target);
          *target = joined;
          continue;
        }
      else
        {
          g_error ("%s:%u: cannot read: %s", path, i + 1, line);
        }

      /* Entries are apart by a blank line: a second msgid (or msgctxt,
       * msgid_plural) in one is two entries run together. */
      if (*slot != NULL)
        g_error ("%s:%u: a second %.*s in one entry: a blank line is missing",
                 path, i + 1, (int) (strchr (line, ' ') - line), line);
      *slot = po_unquote (rest, path, i + 1);
      target = slot;
    }

  /* A block of comments alone (the end of the file, obsolete entries). */
  for (guint i = entries->len; i > 0; i--)
    {
      PoEntry *e = g_ptr_array_index (entries, i - 1);

      if (e->id == NULL)
        g_ptr_array_remove_index (entries, i - 1);
    }

  return entries;
}

typedef struct
{
  char  *plural;  /* NULL: none */
  GStrv  forms;   /* the translation, or its plural forms */
} MoEntry;

static void
mo_entry_free (MoEntry *entry)
{
  g_free (entry->plural);
  g_strfreev (entry->forms);
  g_free (entry);
}

static guint32
mo_u32 (GBytes  *bytes,
        gsize    offset,
        gboolean swap)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  guint32 value;

  g_assert_cmpuint (offset + 4, <=, size);
  memcpy (&value, data + offset, 4);

  return swap ? GUINT32_SWAP_LE_BE (value) : value;
}

/* The parts of a catalogue string: a NUL separates a msgid from its
 * plural, and the plural forms of a translation. */
static GStrv
mo_split (GBytes *bytes,
          guint32 length,
          guint32 offset)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  GStrvBuilder *builder = g_strv_builder_new ();
  gsize start = 0;
  GStrv parts;

  g_assert_cmpuint ((gsize) offset + length, <, size);
  for (gsize i = 0; i <= length; i++)
    {
      if (i == length || data[offset + i] == '\0')
        {
          g_autofree char *part = g_strndup (data + offset + start, i - start);

          g_strv_builder_add (builder, part);
          start = i + 1;
        }
    }
  parts = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);

  return parts;
}

/* A compiled catalogue (.mo): msgctxt "\004" msgid → its entry. */
static GHashTable *
mo_read (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) file = g_mapped_file_new (path, FALSE, &error);
  g_autoptr(GBytes) bytes = NULL;
  GHashTable *table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) mo_entry_free);
  guint32 magic, n, originals, translations;
  gboolean swap;

  g_assert_no_error (error);
  bytes = g_mapped_file_get_bytes (file);

  magic = mo_u32 (bytes, 0, FALSE);
  g_assert_true (magic == 0x950412de || magic == 0xde120495);
  swap = magic != 0x950412de;
  n = mo_u32 (bytes, 8, swap);
  originals = mo_u32 (bytes, 12, swap);
  translations = mo_u32 (bytes, 16, swap);

  for (guint32 i = 0; i < n; i++)
    {
      g_auto(GStrv) key = mo_split (bytes, mo_u32 (bytes, originals + 8 * i, swap),
                                    mo_u32 (bytes, originals + 8 * i + 4, swap));
      MoEntry *entry = g_new0 (MoEntry, 1);

      entry->plural = g_strdup (key[1]);
      entry->forms = mo_split (bytes, mo_u32 (bytes, translations + 8 * i, swap),
                               mo_u32 (bytes, translations + 8 * i + 4, swap));
      g_hash_table_replace (table, g_strdup (key[0]), entry);
    }

  return table;
}

static char *
entry_key (const PoEntry *entry)
{
  if (entry->context != NULL)
    return g_strdup_printf ("%s\004%s", entry->context, entry->id);
  return g_strdup (entry->id);
}

/* Each message of @template the catalogue does not translate, in full,
 * as "file line: msgid (why)"; an empty array when it covers them all. */
static GPtrArray *
find_untranslated (GPtrArray  *template,
                   GHashTable *catalogue)
{
  GPtrArray *missing = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < template->len; i++)
    {
      const PoEntry *entry = g_ptr_array_index (template, i);
      g_autofree char *key = entry_key (entry);
      const MoEntry *found;
      const char *why = NULL;

      if (entry->id[0] == '\0')
        continue;  /* the header */

      found = g_hash_table_lookup (catalogue, key);
      if (found == NULL)
        why = "not translated";
      else if (g_strcmp0 (found->plural, entry->plural) != 0)
        why = entry->plural != NULL ? "translated without its plural" : "translated as a plural";
      else if (g_strv_length (found->forms) != (entry->plural != NULL ? 2 : 1))
        why = "the wrong number of plural forms";
      else
        {
          for (guint k = 0; found->forms[k] != NULL; k++)
            {
              if (found->forms[k][0] == '\0')
                why = "an empty form";
            }
        }

      if (why != NULL)
        g_ptr_array_add (missing, g_strdup_printf ("line %u: “%s”%s%s%s (%s)",
                                                   entry->line, entry->id,
                                                   entry->context != NULL ? " [" : "",
                                                   entry->context != NULL ? entry->context : "",
                                                   entry->context != NULL ? "]" : "",
                                                   why));
    }

  return missing;
}

/* ---- the files --------------------------------------------------------- */

static char *
source_path (const char *first,
             ...)
{
  g_autofree char *root = g_test_build_filename (G_TEST_DIST, "..", NULL);
  g_autofree char *rest = NULL;
  va_list args;

  va_start (args, first);
  rest = g_build_filename_valist (first, &args);
  va_end (args);

  return g_build_filename (root, rest, NULL);
}

static const char *
required_env (const char *name)
{
  const char *value = g_getenv (name);

  if (value == NULL || value[0] == '\0')
    g_error ("%s is not set: run this test with meson test", name);

  return value;
}

/* Extracts a template from the sources POTFILES.in lists, now, with the
 * build's own xgettext options, into @dir; returns its path. */
static char *
extract_template (const char *dir)
{
  g_autofree char *root = g_test_build_filename (G_TEST_DIST, "..", NULL);
  g_autofree char *potfiles = source_path ("po", "POTFILES.in", NULL);
  g_autofree char *pot = g_build_filename (dir, "inferscope.pot", NULL);
  g_auto(GStrv) options = g_strsplit (required_env ("INFERSCOPE_XGETTEXT_ARGS"), " ", -1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_strv_builder_add_many (builder, required_env ("INFERSCOPE_XGETTEXT"),
                           "--package-name=" GETTEXT_PACKAGE, "--add-comments",
                           "-D", root, "-f", potfiles, "-o", pot, NULL);
  g_strv_builder_addv (builder, (const char **) options);
  argv = g_strv_builder_end (builder);

  g_spawn_sync (NULL, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("xgettext failed: %s", err);
  g_assert_true (g_file_test (pot, G_FILE_TEST_IS_REGULAR));

  return g_steal_pointer (&pot);
}

static gboolean
template_has (GPtrArray  *template,
              const char *context,
              const char *id)
{
  for (guint i = 0; i < template->len; i++)
    {
      const PoEntry *entry = g_ptr_array_index (template, i);

      if (g_strcmp0 (entry->context, context) == 0 && g_strcmp0 (entry->id, id) == 0)
        return TRUE;
    }

  return FALSE;
}

static void
test_catalogue_covers_template (void)
{
  g_autofree char *dir = test_temp_dir ();
  g_autofree char *pot = extract_template (dir);
  g_autoptr(GPtrArray) template = po_read (pot);
  g_autoptr(GHashTable) catalogue = mo_read (required_env ("INFERSCOPE_TEST_MO"));
  g_autoptr(GPtrArray) missing = find_untranslated (template, catalogue);
  const MoEntry *header;

  /* The template is a real one: messages of each kind of source file,
   * so that a failed extraction cannot pass as "nothing to translate". */
  g_assert_cmpuint (template->len, >, 100);
  g_assert_true (template_has (template, NULL, "Model Metrics"));          /* .desktop.in.in */
  g_assert_true (template_has (template, NULL, "Window width"));           /* .gschema.xml */
  g_assert_true (template_has (template, NULL, "Watch your Baseten deployments")); /* .metainfo.xml.in.in */
  g_assert_true (template_has (template, "shortcut window", "Quit"));      /* .ui */
  g_assert_true (template_has (template, NULL, "_Keyboard Shortcuts"));    /* .c */
  g_assert_true (template_has (template, NULL, "Showing data from %d day ago"));

  if (missing->len > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (missing, NULL);
      list = g_strjoinv ("\n  ", (char **) missing->pdata);
      g_test_message ("po/de.po does not translate, of a template extracted now (%s):\n  %s",
                      pot, list);
      g_test_fail_printf ("%u messages are not in German: msgmerge po/de.po and translate them",
                          missing->len - 1);
    }

  /* The header: German's two plural forms. */
  header = g_hash_table_lookup (catalogue, "");
  g_assert_nonnull (header);
  g_assert_nonnull (strstr (header->forms[0], "Language: de\n"));
  g_assert_nonnull (strstr (header->forms[0], "Plural-Forms: nplurals=2; plural=(n != 1);\n"));

  g_unlink (pot);
  test_remove_dir (dir);
}

/* The check above must see a message nobody translated, a plural given
 * one form, and an empty form: a check that always passes tests nothing. */
static void
test_catalogue_finds_gaps (void)
{
  g_autoptr(GPtrArray) template = g_ptr_array_new_with_free_func ((GDestroyNotify) po_entry_free);
  g_autoptr(GHashTable) catalogue = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                           (GDestroyNotify) mo_entry_free);
  g_autoptr(GPtrArray) missing = NULL;
  struct {
    const char *context, *id, *plural;
    const char *forms[3];  /* NULL first: not in the catalogue */
  } cases[] = {
    { NULL, "Translated", NULL, { "Übersetzt", NULL } },
    { "mode", "Now", NULL, { "Jetzt", NULL } },
    { NULL, "%d day", "%d days", { "%d Tag", "%d Tage", NULL } },
    { NULL, "Nobody translated this", NULL, { NULL } },
    { "other context", "Translated", NULL, { NULL } },
    { NULL, "%d hour", "%d hours", { "%d Stunde", NULL } },
    { NULL, "Empty", NULL, { "", NULL } },
  };
  const char *expected[] = { "“Nobody translated this” (not translated)",
                             "“Translated” [other context] (not translated)",
                             "“%d hour” (the wrong number of plural forms)",
                             "“Empty” (an empty form)" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PoEntry *entry = g_new0 (PoEntry, 1);

      entry->context = g_strdup (cases[i].context);
      entry->id = g_strdup (cases[i].id);
      entry->plural = g_strdup (cases[i].plural);
      entry->strs = g_ptr_array_new_with_free_func (g_free);
      entry->line = i + 1;
      g_ptr_array_add (template, entry);

      if (cases[i].forms[0] != NULL)
        {
          MoEntry *found = g_new0 (MoEntry, 1);

          found->plural = g_strdup (cases[i].plural);
          found->forms = g_strdupv ((char **) cases[i].forms);
          g_hash_table_insert (catalogue, entry_key (entry), found);
        }
    }

  missing = find_untranslated (template, catalogue);
  g_assert_cmpuint (missing->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_nonnull (strstr (g_ptr_array_index (missing, i), expected[i]));
}

static void
test_po_clean (void)
{
  g_autofree char *path = source_path ("po", "de.po", NULL);
  g_autofree char *linguas_path = source_path ("po", "LINGUAS", NULL);
  g_autofree char *linguas = NULL;
  g_auto(GStrv) languages = NULL;
  g_autoptr(GPtrArray) entries = po_read (path);
  const char *argv[] = { required_env ("INFERSCOPE_MSGFMT"), "--check", "-o", "/dev/null", path, NULL };
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  int status = 0;

  /* The build compiles only the languages LINGUAS names. */
  g_file_get_contents (linguas_path, &linguas, NULL, &error);
  g_assert_no_error (error);
  languages = g_strsplit_set (linguas, " \t\n", -1);
  g_assert_true (g_strv_contains ((const char * const *) languages, "de"));

  g_assert_cmpuint (entries->len, >, 100);
  for (guint i = 0; i < entries->len; i++)
    {
      const PoEntry *entry = g_ptr_array_index (entries, i);

      /* A fuzzy entry is a guess msgmerge made: never shown. */
      if (entry->fuzzy)
        g_ptr_array_add (problems, g_strdup_printf ("po/de.po:%u: “%s” is fuzzy",
                                                    entry->line, entry->id));
      if (entry->plural != NULL && entry->strs->len != 2)
        g_ptr_array_add (problems, g_strdup_printf ("po/de.po:%u: “%s” needs 2 plural forms, has %u",
                                                    entry->line, entry->id, entry->strs->len));
      for (guint k = 0; k < entry->strs->len; k++)
        {
          if (((char *) g_ptr_array_index (entry->strs, k))[0] == '\0')
            g_ptr_array_add (problems, g_strdup_printf ("po/de.po:%u: “%s” is not translated",
                                                        entry->line, entry->id));
        }
    }

  /* Placeholders kept and in order, the header and the plural formula
   * right, translations that end in a newline where the msgid does. */
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                NULL, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_ptr_array_add (problems, g_strdup_printf ("msgfmt --check: %s", err));

  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", (char *) g_ptr_array_index (problems, i));
  if (problems->len > 0)
    g_test_fail_printf ("po/de.po has %u problems: %s%s", problems->len,
                        (char *) g_ptr_array_index (problems, 0),
                        problems->len > 1 ? " (and more: see above)" : "");
}

/* ---- German out of the app --------------------------------------------- */

static char *locale_dir;

/* A locale directory with the test's build of po/de.po in it, as
 * bindtextdomain() wants it; a subprocess uses its parent's. */
static void
make_locale_dir (void)
{
  g_autofree char *messages = NULL;
  g_autofree char *mo = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  locale_dir = g_test_build_filename (G_TEST_BUILT, "translation-locale", NULL);
  if (g_test_subprocess ())
    return;
  messages = g_build_filename (locale_dir, "de", "LC_MESSAGES", NULL);
  mo = g_build_filename (messages, GETTEXT_PACKAGE ".mo", NULL);
  g_assert_cmpint (g_mkdir_with_parents (messages, 0700), ==, 0);

  g_file_get_contents (required_env ("INFERSCOPE_TEST_MO"), &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (mo, contents, length, &error);
  g_assert_no_error (error);
}

static gboolean
use_german (void)
{
  if (setlocale (LC_ALL, "de_DE.UTF-8") == NULL)
    return FALSE;
  g_setenv ("LANGUAGE", "de", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, locale_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  return TRUE;
}

static void
use_english (void)
{
  g_unsetenv ("LANGUAGE");
  g_assert_nonnull (setlocale (LC_ALL, "C.UTF-8"));
}

static gint64
utc_ms (int year,
        int month,
        int day,
        int hour,
        int minute)
{
  g_autoptr(GDateTime) dt = g_date_time_new_utc (year, month, day, hour, minute, 0);

  return g_date_time_to_unix (dt) * 1000;
}

static char *
describe (gint64 start_ms,
          gint64 end_ms)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_absolute (start_ms, end_ms);
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();

  /* Two days later: the range is neither today nor yesterday. */
  return isc_time_range_describe_in_zone (range, utc_ms (2026, 12, 3, 12, 0), utc, FALSE);
}

static char *
describe_last (gint64 duration_ms)
{
  g_autoptr(IscTimeRange) range = isc_time_range_new_relative (duration_ms);

  return isc_time_range_describe (range, utc_ms (2026, 12, 3, 12, 0), TRUE);
}

/* The label of the tick at 1 December 2026 00:00 UTC on a week's axis. */
static char *
day_tick_label (void)
{
  g_autoptr(IscTimeTicks) ticks = isc_time_ticks_new (utc_ms (2026, 11, 28, 0, 0),
                                                      utc_ms (2026, 12, 5, 0, 0), 7, NULL);

  for (guint i = 0; i < ticks->n_ticks; i++)
    {
      if (ticks->ticks[i].ms == utc_ms (2026, 12, 1, 0, 0))
        return g_strdup (ticks->ticks[i].label);
    }

  return NULL;
}

static void
test_german_dates (void)
{
  struct {
    gint64 start_ms, end_ms;
    const char *english, *german;
  } ranges[] = {
    { utc_ms (2026, 12, 1, 9, 12), utc_ms (2026, 12, 1, 10, 40),
      "1 Dec 09:12–10:40", "1. Dez. 09:12–10:40" },
    { utc_ms (2026, 11, 30, 22, 0), utc_ms (2026, 12, 1, 1, 30),
      "30 Nov 22:00 – 1 Dec 01:30", "30. Nov., 22:00 – 1. Dez., 01:30" },
    { utc_ms (2025, 12, 30, 9, 0), utc_ms (2025, 12, 30, 17, 0),
      "30 Dec 2025 09:00–17:00", "30. Dez. 2025 09:00–17:00" },
  };
  struct {
    gint64 duration_ms;
    const char *english, *german;
  } relatives[] = {
    { HOUR_MS, "Last hour", "Letzte Stunde" },
    { 6 * HOUR_MS, "Last 6 hours", "Letzte 6 Stunden" },
    { 7 * DAY_MS, "Last 7 days", "Letzte 7 Tage" },
    { 15 * MINUTE_MS, "Last 15 minutes", "Letzte 15 Minuten" },
  };
  g_autofree char *english_tick = NULL;
  g_autofree char *german_tick = NULL;

  /* English first: the formats' msgids are the English output. */
  use_english ();
  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
    {
      g_autofree char *text = describe (ranges[i].start_ms, ranges[i].end_ms);

      g_assert_cmpstr (text, ==, ranges[i].english);
    }
  for (guint i = 0; i < G_N_ELEMENTS (relatives); i++)
    {
      g_autofree char *text = describe_last (relatives[i].duration_ms);

      g_assert_cmpstr (text, ==, relatives[i].english);
    }
  english_tick = day_tick_label ();
  g_assert_cmpstr (english_tick, ==, "Tue 1 Dec");

  if (!use_german ())
    {
      g_test_skip ("The de_DE.UTF-8 locale is not installed (Debian: locales-all)");
      return;
    }

  /* German puts a period after the day and the abbreviated month. */
  for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
    {
      g_autofree char *text = describe (ranges[i].start_ms, ranges[i].end_ms);

      g_assert_cmpstr (text, ==, ranges[i].german);
    }
  /* Plural forms come from the catalogue's formula. */
  for (guint i = 0; i < G_N_ELEMENTS (relatives); i++)
    {
      g_autofree char *text = describe_last (relatives[i].duration_ms);

      g_assert_cmpstr (text, ==, relatives[i].german);
    }
  german_tick = day_tick_label ();
  g_assert_cmpstr (german_tick, ==, "Di, 1. Dez.");

  use_english ();
}

/* inferscope export --help, whose every line but GLib's own is ours. */
static void
test_german_export_help (void)
{
  if (g_test_subprocess ())
    {
      char *argv[] = { (char *) "export", (char *) "--help", NULL };

      if (!use_german ())
        return;
      g_assert_cmpint (isc_export_main (2, argv), ==, 0);
      return;
    }

  if (setlocale (LC_ALL, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("The de_DE.UTF-8 locale is not installed (Debian: locales-all)");
      return;
    }
  use_english ();

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*Schreibt die Metriken eines Baseten-Deployments, ohne ein Fenster zu öffnen.*");
  g_test_trap_assert_stdout ("*Exit-Status: 0 bei Erfolg*");
  g_test_trap_assert_stdout ("*--format=FORMAT*Das zu schreibende Format: csv, png, svg oder pdf*");
  g_test_trap_assert_stdout ("*Die Optionen anzeigen und beenden*");
  g_test_trap_assert_stdout ("*Beispiele:*");
  g_test_trap_assert_stdout_unmatched ("*Show the options and quit*");
  g_test_trap_assert_stdout_unmatched ("*Example:*");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  make_locale_dir ();

  g_test_add_func ("/isc/translation/catalogue/covers-template", test_catalogue_covers_template);
  g_test_add_func ("/isc/translation/catalogue/finds-gaps", test_catalogue_finds_gaps);
  g_test_add_func ("/isc/translation/po/clean", test_po_clean);
  g_test_add_func ("/isc/translation/german/dates", test_german_dates);
  g_test_add_func ("/isc/translation/german/export-help", test_german_export_help);

  status = g_test_run ();
  g_free (locale_dir);

  return status;
}
