/* isc-model-apis-page.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-model-apis-page"

#include "config.h"

#include <glib/gi18n.h>

#include "isc-accessible.h"
#include "isc-model-api-chart.h"
#include "isc-model-apis-page.h"
#include "isc-spinner.h"
#include "isc-summary-page.h"
#include "isc-text.h"

struct _IscModelApisPage
{
  AdwBin          parent_instance;

  /* Widgets */
  GtkDropDown    *chooser;
  GtkStringList  *choices;
  GtkWidget      *grouping;   /* By Model | By API Key */
  GtkWidget      *view;       /* Charts | Summary */
  GtkStack       *stack;
  IscChartsPage  *charts;
  IscSummaryPage *summary;
  GtkWidget      *top_row;    /* the title and the chooser */
  GtkWidget      *toggle_row; /* the grouping, then Charts or Summary */
  AdwStatusPage  *status_page;

  /* Owned */
  GPtrArray      *apis;       /* IscModelApi */
  char           *model;
  IscUsageGroup   group;
  gboolean        has_usage;  /* charts and summary have a response */
  gboolean        compact;
  guint           compact_id;
  gboolean        updating;
};

enum {
  QUERY_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (IscModelApisPage, isc_model_apis_page, ADW_TYPE_BIN)

static void
chooser_changed_cb (IscModelApisPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->chooser);
  const IscModelApi *api = NULL;

  if (self->updating)
    return;
  if (self->apis != NULL && selected != GTK_INVALID_LIST_POSITION && selected > 0 && selected - 1 < self->apis->len)
    api = g_ptr_array_index (self->apis, selected - 1);
  if (g_strcmp0 (api != NULL ? api->name : NULL, self->model) == 0)
    return;
  g_free (self->model);
  self->model = g_strdup (api != NULL ? api->name : NULL);
  g_signal_emit (self, signals[QUERY_CHANGED], 0);
}

/* Two exclusive choices side by side, named @name: a toggle group where
 * libadwaita has one (1.7), read as radio buttons in a group, two
 * linked toggle buttons before. The second choice is the active one
 * when choice_get_second() says so; @changed is called with @self when
 * the person picks the other. */
static GtkWidget *
choice_new (const char *name,
            const char *first,
            const char *second,
            GCallback   changed,
            gpointer    self)
{
#if ADW_CHECK_VERSION (1, 7, 0)
  GtkWidget *group = adw_toggle_group_new ();
  const char *labels[] = { first, second };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      AdwToggle *toggle = adw_toggle_new ();

      adw_toggle_set_label (toggle, labels[i]);
      adw_toggle_group_add (ADW_TOGGLE_GROUP (group), toggle);
    }
  adw_toggle_group_set_active (ADW_TOGGLE_GROUP (group), 0);
  g_signal_connect_object (group, "notify::active", changed, self, G_CONNECT_SWAPPED);
#else
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *one = gtk_toggle_button_new_with_label (first);
  GtkWidget *two = gtk_toggle_button_new_with_label (second);

  /* GTK 4.8 would read them as "GtkToggleButton". */
  isc_accessible_set_name (one, first);
  isc_accessible_set_name (two, second);
  gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (two), GTK_TOGGLE_BUTTON (one));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (one), TRUE);
  g_signal_connect_object (two, "toggled", changed, self, G_CONNECT_SWAPPED);
  gtk_widget_add_css_class (group, "linked");
  gtk_box_append (GTK_BOX (group), one);
  gtk_box_append (GTK_BOX (group), two);
#endif
  isc_accessible_set_name (group, name);
  gtk_widget_set_halign (group, GTK_ALIGN_START);
  return group;
}

static gboolean
choice_get_second (GtkWidget *choice)
{
#if ADW_CHECK_VERSION (1, 7, 0)
  return adw_toggle_group_get_active (ADW_TOGGLE_GROUP (choice)) == 1;
#else
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (gtk_widget_get_last_child (choice)));
#endif
}

static void
choice_set_second (GtkWidget *choice,
                   gboolean   second)
{
#if ADW_CHECK_VERSION (1, 7, 0)
  adw_toggle_group_set_active (ADW_TOGGLE_GROUP (choice), second ? 1 : 0);
#else
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (second ? gtk_widget_get_last_child (choice)
                                                          : gtk_widget_get_first_child (choice)),
                                TRUE);
#endif
}

static void
group_toggled_cb (IscModelApisPage *self)
{
  IscUsageGroup group = choice_get_second (self->grouping) ? ISC_USAGE_GROUP_API_KEY : ISC_USAGE_GROUP_MODEL;

  if (self->updating || group == self->group)
    return;
  self->group = group;
  g_signal_emit (self, signals[QUERY_CHANGED], 0);
}

/* Narrower than this, the rows over the charts stack their parts. */
#define COMPACT_WIDTH 520

static gboolean
apply_compact_cb (gpointer user_data)
{
  IscModelApisPage *self = user_data;
  GtkOrientation orientation = self->compact ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;

  self->compact_id = 0;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->top_row), orientation);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->toggle_row), orientation);
  gtk_widget_set_halign (GTK_WIDGET (self->chooser), self->compact ? GTK_ALIGN_START : GTK_ALIGN_FILL);
  return G_SOURCE_REMOVE;
}

/* As the Usage page: it sees its width and stacks the rows' parts when
 * narrow (360 px). */
static void
isc_model_apis_page_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  *minimum = *natural = 0;
  *minimum_baseline = *natural_baseline = -1;
  if (child != NULL)
    gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
}

static void
isc_model_apis_page_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  IscModelApisPage *self = ISC_MODEL_APIS_PAGE (widget);
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));
  gboolean compact = width < COMPACT_WIDTH;

  if (child != NULL)
    gtk_widget_allocate (child, width, height, baseline, NULL);

  /* Not during the allocation: the rows' heights change with it. */
  if (compact != self->compact)
    {
      self->compact = compact;
      if (self->compact_id == 0)
        self->compact_id = g_idle_add (apply_compact_cb, self);
    }
}

/* Charts or Summary, once there is usage to show. */
static void
show_usage (IscModelApisPage *self)
{
  if (!self->has_usage)
    return;
  gtk_stack_set_visible_child_name (self->stack,
                                    choice_get_second (self->view) ? "summary" : "charts");
}

static void
isc_model_apis_page_dispose (GObject *object)
{
  IscModelApisPage *self = ISC_MODEL_APIS_PAGE (object);

  g_clear_pointer (&self->apis, g_ptr_array_unref);
  g_clear_pointer (&self->model, g_free);
  g_clear_handle_id (&self->compact_id, g_source_remove);

  G_OBJECT_CLASS (isc_model_apis_page_parent_class)->dispose (object);
}

static void
isc_model_apis_page_class_init (IscModelApisPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = isc_model_apis_page_dispose;
  widget_class->measure = isc_model_apis_page_measure;
  widget_class->size_allocate = isc_model_apis_page_size_allocate;

  signals[QUERY_CHANGED] =
    g_signal_new ("query-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "model-apis-page");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
isc_model_apis_page_init (IscModelApisPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (_("Model APIs"));
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *spinner = isc_spinner_new ();
  GtkWidget *empty = adw_status_page_new ();
  const char * const all[] = { _("All Model APIs"), NULL };

  self->group = ISC_USAGE_GROUP_MODEL;

  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 12);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-2");
  gtk_widget_set_hexpand (title, TRUE);
  gtk_box_append (GTK_BOX (top), title);

  self->choices = gtk_string_list_new (all);
  self->chooser = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (self->choices), NULL));
  isc_accessible_set_name (GTK_WIDGET (self->chooser), _("Model API"));
  /* GTK 4.8 reads the drop-down's own button by its type (as the Logs
   * page's level). */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->chooser));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      isc_accessible_set_name (child, _("Model API"));
  g_signal_connect_object (self->chooser, "notify::selected", G_CALLBACK (chooser_changed_cb), self, G_CONNECT_SWAPPED);
  /* The title and the chooser, then the grouping under them: they fit
   * a narrow window (360 px). */
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (self->chooser));
  gtk_box_append (GTK_BOX (bar), top);
  self->top_row = top;

  /* Translators: the Model APIs charts stacked by model, or by API key;
   * "Group By" names the pair for a screen reader */
  self->grouping = choice_new (_("Group By"), _("By Model"), _("By API Key"), G_CALLBACK (group_toggled_cb), self);
  /* Translators: the Model APIs page shows its usage as charts, or as a
   * table of the range's totals; "Show As" names the pair for a screen
   * reader */
  self->view = choice_new (_("Show As"), _("Charts"), _("Summary"), G_CALLBACK (show_usage), self);
  self->toggle_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_append (GTK_BOX (self->toggle_row), self->grouping);
  gtk_box_append (GTK_BOX (self->toggle_row), self->view);
  gtk_box_append (GTK_BOX (bar), self->toggle_row);
  gtk_box_append (GTK_BOX (box), bar);

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  /* It turns only while in sight. */
  gtk_widget_set_size_request (spinner, 32, 32);
  gtk_widget_set_halign (spinner, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (spinner, GTK_ALIGN_CENTER);
  isc_accessible_set_name (spinner, _("Loading Model API usage"));
  gtk_stack_add_named (self->stack, spinner, "loading");

  self->charts = ISC_CHARTS_PAGE (isc_charts_page_new ());
  /* Buckets are the API's: counts per bucket, not rates. */
  isc_charts_page_set_counters_as_totals (self->charts, TRUE);
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->charts), "charts");

  /* The range's totals per series, as any target's Summary. */
  self->summary = ISC_SUMMARY_PAGE (isc_summary_page_new ());
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->summary), "summary");

  adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "io.github.inferscope.Inferscope-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Model API Usage"));
  adw_status_page_set_description (ADW_STATUS_PAGE (empty), _("No tokens were used over this range"));
  gtk_stack_add_named (self->stack, empty, "empty");

  self->status_page = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_icon_name (self->status_page, "network-error-symbolic");
  adw_status_page_set_title (self->status_page, _("Could Not Load Model API Usage"));
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->status_page), "error");

  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));
  adw_bin_set_child (ADW_BIN (self), box);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  /* Its own measure and allocation (the rows stack when narrow). Stacked
   * to begin with: the page's minimum width is the stacked one until it
   * has the room, so it never holds a window (or the stack it is hidden
   * in) wider than 360 px. */
  gtk_widget_set_layout_manager (GTK_WIDGET (self), NULL);
  self->compact = TRUE;
  apply_compact_cb (self);
}

GtkWidget *
isc_model_apis_page_new (void)
{
  return g_object_new (ISC_TYPE_MODEL_APIS_PAGE, NULL);
}

void
isc_model_apis_page_set_apis (IscModelApisPage *self,
                              GPtrArray        *apis)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;
  guint selected = 0;

  g_return_if_fail (ISC_IS_MODEL_APIS_PAGE (self));

  g_clear_pointer (&self->apis, g_ptr_array_unref);
  if (apis != NULL)
    self->apis = g_ptr_array_ref (apis);

  g_strv_builder_add (builder, _("All Model APIs"));
  for (guint i = 0; self->apis != NULL && i < self->apis->len; i++)
    {
      const IscModelApi *api = g_ptr_array_index (self->apis, i);

      /* A name from the server: text, as the drop-down shows it. */
      g_strv_builder_add (builder, api->display_name != NULL ? api->display_name : api->name);
      if (g_strcmp0 (api->name, self->model) == 0)
        selected = i + 1;
    }
  names = g_strv_builder_end (builder);
  self->updating = TRUE;
  gtk_string_list_splice (self->choices, 0, g_list_model_get_n_items (G_LIST_MODEL (self->choices)),
                          (const char * const *) names);
  gtk_drop_down_set_selected (self->chooser, selected);
  self->updating = FALSE;
  /* An API chosen that is not (or no longer) added: all of them. */
  if (selected == 0 && self->model != NULL)
    {
      g_clear_pointer (&self->model, g_free);
      g_signal_emit (self, signals[QUERY_CHANGED], 0);
    }
}

GPtrArray *
isc_model_apis_page_get_apis (IscModelApisPage *self)
{
  g_return_val_if_fail (ISC_IS_MODEL_APIS_PAGE (self), NULL);
  return self->apis;
}

const char *
isc_model_apis_page_get_model (IscModelApisPage *self)
{
  g_return_val_if_fail (ISC_IS_MODEL_APIS_PAGE (self), NULL);
  return self->model;
}

void
isc_model_apis_page_set_model (IscModelApisPage *self,
                               const char       *model)
{
  g_return_if_fail (ISC_IS_MODEL_APIS_PAGE (self));

  /* Before the list is known (a restored window): chosen once it is. */
  if (self->apis == NULL)
    {
      if (g_strcmp0 (self->model, model) != 0)
        {
          g_free (self->model);
          self->model = g_strdup (model);
          g_signal_emit (self, signals[QUERY_CHANGED], 0);
        }
      return;
    }

  for (guint i = 0; self->apis != NULL && i < self->apis->len; i++)
    {
      const IscModelApi *api = g_ptr_array_index (self->apis, i);

      if (g_strcmp0 (api->name, model) == 0)
        {
          gtk_drop_down_set_selected (self->chooser, i + 1);
          return;
        }
    }
  gtk_drop_down_set_selected (self->chooser, 0);
}

char *
isc_model_apis_page_dup_model_title (IscModelApisPage *self)
{
  g_return_val_if_fail (ISC_IS_MODEL_APIS_PAGE (self), NULL);

  if (self->model == NULL)
    return NULL;
  for (guint i = 0; self->apis != NULL && i < self->apis->len; i++)
    {
      const IscModelApi *api = g_ptr_array_index (self->apis, i);

      if (g_strcmp0 (api->name, self->model) == 0)
        return isc_text_display_name (api->display_name, api->name);
    }
  return isc_text_display_name (NULL, self->model);
}

IscUsageGroup
isc_model_apis_page_get_group (IscModelApisPage *self)
{
  g_return_val_if_fail (ISC_IS_MODEL_APIS_PAGE (self), ISC_USAGE_GROUP_MODEL);
  return self->group;
}

void
isc_model_apis_page_set_group (IscModelApisPage *self,
                               IscUsageGroup     group)
{
  g_return_if_fail (ISC_IS_MODEL_APIS_PAGE (self));

  choice_set_second (self->grouping, group == ISC_USAGE_GROUP_API_KEY);
}

/* "≈ $12.34 at list prices": what the tokens cost at the prices per
 * million tokens the API lists, never a billed figure. */
static char *
dup_list_cost_text (const IscModelApiUsage *usage,
                    GPtrArray              *apis)
{
  IscMoney cost = 0;
  guint n_unpriced = 0;
  g_autofree char *money = NULL;
  gboolean priced = isc_model_api_usage_list_cost (usage, apis, &cost, &n_unpriced);

  if (!priced && n_unpriced == 0)
    return NULL;
  if (!priced)
    /* Translators: the Model APIs Summary's cost line when no list price
     * applies (grouped by API key, or models without prices) */
    return g_strdup (_("Unknown: no list price for these tokens"));
  money = isc_money_format (cost);
  if (n_unpriced > 0)
    /* Translators: the Model APIs Summary's cost line, e.g. "≈ $12.34 at
     * list prices per million tokens, without 2 rows that have no price" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "≈ %s at list prices per million tokens, without %u row that has no price",
                                         "≈ %s at list prices per million tokens, without %u rows that have no price",
                                         n_unpriced),
                            money, n_unpriced);
  /* Translators: the Model APIs Summary's cost line, e.g. "≈ $12.34 at
   * list prices per million tokens" (computed, not billed) */
  return g_strdup_printf (_("≈ %s at list prices per million tokens"), money);
}

void
isc_model_apis_page_set_usage (IscModelApisPage *self,
                               IscModelApiUsage *usage)
{
  g_autoptr(IscMetricsResponse) response = NULL;

  g_return_if_fail (ISC_IS_MODEL_APIS_PAGE (self));

  if (usage == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "loading");
      return;
    }
  response = isc_model_api_usage_new_response (usage, self->apis);
  isc_charts_page_set_response (self->charts, response);
  {
    g_autoptr(IscMetricsResponse) summary = isc_model_api_usage_new_summary (usage);
    g_autofree char *cost = dup_list_cost_text (usage, self->apis);

    isc_summary_page_set_response (self->summary, summary);
    isc_summary_page_set_cost_text (self->summary, summary != NULL ? cost : NULL);
  }
  self->has_usage = response != NULL;
  if (self->has_usage)
    show_usage (self);
  else
    gtk_stack_set_visible_child_name (self->stack, "empty");
}

void
isc_model_apis_page_set_error (IscModelApisPage *self,
                               const char       *message)
{
  g_autofree char *escaped = NULL;

  g_return_if_fail (ISC_IS_MODEL_APIS_PAGE (self));

  /* The client's words: text, never markup. */
  escaped = g_markup_escape_text (message != NULL ? message : "", -1);
  adw_status_page_set_description (self->status_page, escaped);
  isc_charts_page_set_response (self->charts, NULL);
  isc_summary_page_set_response (self->summary, NULL);
  isc_summary_page_set_cost_text (self->summary, NULL);
  self->has_usage = FALSE;
  gtk_stack_set_visible_child_name (self->stack, "error");
}

IscSummaryPage *
isc_model_apis_page_get_summary (IscModelApisPage *self)
{
  g_return_val_if_fail (ISC_IS_MODEL_APIS_PAGE (self), NULL);
  return self->summary;
}

void
isc_model_apis_page_show_summary (IscModelApisPage *self,
                                  gboolean          summary)
{
  g_return_if_fail (ISC_IS_MODEL_APIS_PAGE (self));
  choice_set_second (self->view, summary);
}

IscChartsPage *
isc_model_apis_page_get_charts (IscModelApisPage *self)
{
  g_return_val_if_fail (ISC_IS_MODEL_APIS_PAGE (self), NULL);
  return self->charts;
}

const char *
isc_model_apis_page_get_shown (IscModelApisPage *self)
{
  g_return_val_if_fail (ISC_IS_MODEL_APIS_PAGE (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}
