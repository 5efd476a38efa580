/* isc-a11y-client.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An accessibility client for test-a11y: it reads an application's tree
 * over the at-spi2 bus as a screen reader does, every read a call to the
 * application (libatspi's cache is off), while test-a11y drives the
 * application in its own process.
 *
 *   isc-a11y-client tree PID      prints the tree of PID's application, a
 *                                 line a node: depth, role and name (its
 *                                 line breaks and tabs as \n and \t)
 *   isc-a11y-client tree PID last the same of its last window only, the
 *                                 one opened last
 *   isc-a11y-client probe PID N   asks the application for its windows 0
 *                                 to N - 1, as a reader holding a count
 *                                 from before a window closed does
 *   isc-a11y-client walk PID      reads the whole tree again and again,
 *                                 and each time asks for one window more
 *                                 than the last count, until killed or
 *                                 its parent ends
 *
 * Exit status 0; 2 when the application is not on the bus. A node that
 * goes away while it is read is skipped, as a reader skips it.
 */

#include "config.h"

#include <stdlib.h>
#include <unistd.h>
#include <atspi/atspi.h>

/* Far deeper and larger than Inferscope's windows. */
#define MAX_DEPTH 80
#define MAX_NODES 50000

/* libatspi 2.46 declares none. */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AtspiAccessible, g_object_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AtspiStateSet, g_object_unref)

static AtspiAccessible *
find_application (guint pid)
{
  /* The application registers with the bus as its first window maps:
   * test-a11y runs the client once it has. */
  for (guint attempt = 0; attempt < 100; attempt++)
    {
      g_autoptr(AtspiAccessible) desktop = atspi_get_desktop (0);
      int n = atspi_accessible_get_child_count (desktop, NULL);

      for (int i = 0; i < n; i++)
        {
          g_autoptr(AtspiAccessible) app = atspi_accessible_get_child_at_index (desktop, i, NULL);

          if (app != NULL && atspi_accessible_get_process_id (app, NULL) == pid)
            {
              atspi_accessible_set_cache_mask (app, ATSPI_CACHE_NONE);
              return g_steal_pointer (&app);
            }
        }
      g_usleep (G_USEC_PER_SEC / 10);
    }

  return NULL;
}

/* A name on one line, its tabs and line breaks written "\t" and "\n"
 * (a backslash "\\"): the Legal page's text has paragraphs. */
static char *
escape_name (const char *name)
{
  GString *line = g_string_new (NULL);

  for (const char *p = name != NULL ? name : ""; *p != '\0'; p++)
    {
      if (*p == '\\')
        g_string_append (line, "\\\\");
      else if (*p == '\n')
        g_string_append (line, "\\n");
      else if (*p == '\t')
        g_string_append (line, "\\t");
      else
        g_string_append_c (line, *p);
    }

  return g_string_free (line, FALSE);
}

/* What a reader says @node is called: its name, or where it has none,
 * what labels it (its labelled-by relation), as Orca reads it: the
 * label's name, or its text; a link with neither, its text. GTK 4.24
 * names a menu's items that way only, not in their own name as GTK 4.8
 * does. */
static char *
reader_name (AtspiAccessible *node)
{
  g_autofree char *name = atspi_accessible_get_name (node, NULL);
  g_autoptr(GArray) relations = NULL;
  g_autoptr(GString) label = NULL;

  if (name != NULL && name[0] != '\0')
    return g_steal_pointer (&name);

  relations = atspi_accessible_get_relation_set (node, NULL);
  if (relations == NULL)
    return g_strdup ("");
  label = g_string_new (NULL);
  for (guint i = 0; i < relations->len; i++)
    {
      AtspiRelation *relation = g_array_index (relations, AtspiRelation *, i);

      if (atspi_relation_get_relation_type (relation) != ATSPI_RELATION_LABELLED_BY)
        continue;
      for (int j = 0; j < atspi_relation_get_n_targets (relation); j++)
        {
          g_autoptr(AtspiAccessible) target = atspi_relation_get_target (relation, j);
          g_autofree char *words = target != NULL ? atspi_accessible_get_name (target, NULL) : NULL;

          if ((words == NULL || words[0] == '\0') && target != NULL)
            {
              AtspiText *text = atspi_accessible_get_text_iface (target);

              g_clear_pointer (&words, g_free);
              if (text != NULL)
                {
                  words = atspi_text_get_text (text, 0, atspi_text_get_character_count (text, NULL), NULL);
                  g_object_unref (text);
                }
            }
          if (words != NULL && words[0] != '\0')
            {
              if (label->len > 0)
                g_string_append_c (label, ' ');
              g_string_append (label, words);
            }
        }
    }
  for (guint i = 0; i < relations->len; i++)
    g_object_unref (g_array_index (relations, AtspiRelation *, i));

  /* A link in a label's text (GTK 4.24 makes each one a child of the
   * label) is read as its words: the label's text between the link's
   * ends. */
  if (label->len == 0 && atspi_accessible_get_role (node, NULL) == ATSPI_ROLE_LINK)
    {
      AtspiHyperlink *link = atspi_accessible_get_hyperlink (node);
      g_autoptr(AtspiAccessible) parent = atspi_accessible_get_parent (node, NULL);
      AtspiText *text = parent != NULL ? atspi_accessible_get_text_iface (parent) : NULL;

      if (link != NULL && text != NULL)
        {
          int start = atspi_hyperlink_get_start_index (link, NULL);
          int end = atspi_hyperlink_get_end_index (link, NULL);
          g_autofree char *words = end > start ? atspi_text_get_text (text, start, end, NULL) : NULL;

          if (words != NULL)
            g_string_append (label, words);
        }
      g_clear_object (&link);
      g_clear_object (&text);
    }

  return g_string_free (g_steal_pointer (&label), FALSE);
}

static void
print_node (AtspiAccessible *node,
            int              depth,
            guint           *count)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  AtspiRole role;
  int n;

  if (depth > MAX_DEPTH || ++(*count) > MAX_NODES)
    return;

  /* Three calls a node (a sanitizer build of the app answers slowly):
   * the role's words are libatspi's own. */
  atspi_accessible_clear_cache (node);
  role = atspi_accessible_get_role (node, &error);
  if (error != NULL)
    return;
  name = reader_name (node);
  n = atspi_accessible_get_child_count (node, NULL);

  {
    /* libatspi 2.52 and later call a push button a "button": one word for
     * it on every stack, so that the checks of controls see it. */
    g_autofree char *role_name = role == ATSPI_ROLE_PUSH_BUTTON ? g_strdup ("push button")
                                                                : atspi_role_get_name (role);
    g_autofree char *line = escape_name (name);

    g_print ("%d\t%s\t%s\n", depth, role_name != NULL ? role_name : "", line);
  }

  for (int i = 0; i < n; i++)
    {
      g_autoptr(AtspiAccessible) child = atspi_accessible_get_child_at_index (node, i, NULL);

      if (child != NULL)
        print_node (child, depth + 1, count);
    }
}

static void
read_node (AtspiAccessible *node,
           int              depth,
           guint           *count)
{
  g_autoptr(AtspiStateSet) states = NULL;
  g_autoptr(AtspiAccessible) parent = NULL;
  g_autofree char *name = NULL;
  int n;

  if (depth > MAX_DEPTH || ++(*count) > MAX_NODES)
    return;

  /* What Orca asks of each object it meets. */
  atspi_accessible_clear_cache (node);
  name = atspi_accessible_get_name (node, NULL);
  atspi_accessible_get_role (node, NULL);
  states = atspi_accessible_get_state_set (node);
  atspi_accessible_get_index_in_parent (node, NULL);
  parent = atspi_accessible_get_parent (node, NULL);
  n = atspi_accessible_get_child_count (node, NULL);

  for (int i = 0; i < n; i++)
    {
      g_autoptr(AtspiAccessible) child = atspi_accessible_get_child_at_index (node, i, NULL);

      if (child != NULL)
        read_node (child, depth + 1, count);
    }
}

static void
print_last_window (AtspiAccessible *app,
                   guint           *count)
{
  g_autoptr(AtspiAccessible) window = NULL;
  int n;

  atspi_accessible_clear_cache (app);
  n = atspi_accessible_get_child_count (app, NULL);
  if (n > 0)
    window = atspi_accessible_get_child_at_index (app, n - 1, NULL);
  if (window != NULL)
    print_node (window, 1, count);
}

/* Asks for window @index of @app, and says which it got. */
static void
probe (AtspiAccessible *app,
       int              index)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AtspiAccessible) window = NULL;
  g_autofree char *role = NULL;
  g_autofree char *name = NULL;

  atspi_accessible_clear_cache (app);
  window = atspi_accessible_get_child_at_index (app, index, &error);
  if (window == NULL)
    {
      g_print ("%d\t(none)\t%s\n", index, error != NULL ? error->message : "");
      return;
    }
  role = atspi_accessible_get_role_name (window, NULL);
  name = atspi_accessible_get_name (window, NULL);
  g_print ("%d\t%s\t%s\n", index, role != NULL ? role : "", name != NULL ? name : "");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AtspiAccessible) app = NULL;
  guint64 pid;
  guint count = 0;

  if (argc < 3 || !g_ascii_string_to_unsigned (argv[2], 10, 1, G_MAXUINT, &pid, NULL))
    {
      g_printerr ("usage: %s tree|probe|walk PID [N]\n", argv[0]);
      return 1;
    }

  if (atspi_init () < 0)
    {
      g_printerr ("isc-a11y-client: no accessibility bus\n");
      return 2;
    }

  app = find_application ((guint) pid);
  if (app == NULL)
    {
      g_printerr ("isc-a11y-client: process %u is not on the accessibility bus\n", (guint) pid);
      return 2;
    }

  if (g_str_equal (argv[1], "tree") && argc > 3 && g_str_equal (argv[3], "last"))
    print_last_window (app, &count);
  else if (g_str_equal (argv[1], "tree"))
    print_node (app, 0, &count);
  else if (g_str_equal (argv[1], "probe") && argc > 3)
    {
      int n = atoi (argv[3]);

      for (int i = 0; i < n; i++)
        probe (app, i);
    }
  else if (g_str_equal (argv[1], "walk"))
    {
      pid_t parent = getppid ();

      /* Until test-a11y ends it, or ends. */
      while (getppid () == parent)
        {
          int n;

          atspi_accessible_clear_cache (app);
          n = atspi_accessible_get_child_count (app, NULL);
          count = 0;
          read_node (app, 0, &count);
          for (int i = 0; i <= n; i++)
            {
              AtspiAccessible *window = atspi_accessible_get_child_at_index (app, i, NULL);

              g_clear_object (&window);
            }
          /* A breath between passes, for the app the test drives. */
          g_usleep (G_USEC_PER_SEC / 10);
        }
    }
  else
    {
      g_printerr ("usage: %s tree|probe|walk PID [N]\n", argv[0]);
      return 1;
    }

  return 0;
}
