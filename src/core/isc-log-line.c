/* isc-log-line.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-log-line"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "isc-core-enums.h"
#include "isc-log-line-private.h"

#define NS_PER_SECOND G_GINT64_CONSTANT (1000000000)
#define NS_PER_MS     G_GINT64_CONSTANT (1000000)

struct _IscLogLine
{
  GObject      parent_instance;

  gint64       time_ns;
  IscLogLevel  level;
  guint        n_spans;
  guint        n_controls;
  gsize        n_cut;

  /* Owned, never changed after construction */
  char        *replica;     /* or NULL */
  char        *request_id;  /* or NULL */
  char        *message;
  IscLogSpan  *spans;       /* n_spans, or NULL */
  IscLogControl *controls;  /* n_controls, or NULL: for JSON */
};

G_DEFINE_FINAL_TYPE (IscLogLine, isc_log_line, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TIME_NS,
  PROP_LEVEL,
  PROP_REPLICA,
  PROP_REQUEST_ID,
  PROP_MESSAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const level_names[] = {
  [ISC_LOG_LEVEL_NONE] = NULL,
  [ISC_LOG_LEVEL_DEBUG] = "DEBUG",
  [ISC_LOG_LEVEL_INFO] = "INFO",
  [ISC_LOG_LEVEL_WARNING] = "WARNING",
  [ISC_LOG_LEVEL_ERROR] = "ERROR",
};

const char *
isc_log_level_to_api (IscLogLevel level)
{
  if ((guint) level >= G_N_ELEMENTS (level_names))
    return NULL;

  return level_names[level];
}

gboolean
isc_log_level_from_api (const char  *text,
                        IscLogLevel *level)
{
  if (text == NULL)
    return FALSE;

  for (guint k = ISC_LOG_LEVEL_DEBUG; k < G_N_ELEMENTS (level_names); k++)
    {
      if (strcmp (text, level_names[k]) == 0)
        {
          if (level != NULL)
            *level = (IscLogLevel) k;
          return TRUE;
        }
    }

  return FALSE;
}

static void
isc_log_line_finalize (GObject *object)
{
  IscLogLine *self = (IscLogLine *) object;

  g_free (self->replica);
  g_free (self->request_id);
  g_free (self->message);
  g_free (self->spans);
  g_free (self->controls);

  G_OBJECT_CLASS (isc_log_line_parent_class)->finalize (object);
}

static void
isc_log_line_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  IscLogLine *self = ISC_LOG_LINE (object);

  switch (prop_id)
    {
    case PROP_TIME_NS:
      g_value_set_int64 (value, self->time_ns);
      break;

    case PROP_LEVEL:
      g_value_set_enum (value, self->level);
      break;

    case PROP_REPLICA:
      g_value_set_string (value, self->replica);
      break;

    case PROP_REQUEST_ID:
      g_value_set_string (value, self->request_id);
      break;

    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
isc_log_line_class_init (IscLogLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = isc_log_line_finalize;
  object_class->get_property = isc_log_line_get_property;

  /* Read-only, for GtkExpressions over a list of lines: a line never
   * changes. */
  properties[PROP_TIME_NS] =
    g_param_spec_int64 ("time-ns", NULL, NULL,
                        G_MININT64, G_MAXINT64, 0,
                        (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_LEVEL] =
    g_param_spec_enum ("level", NULL, NULL,
                       ISC_TYPE_LOG_LEVEL, ISC_LOG_LEVEL_NONE,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_REPLICA] =
    g_param_spec_string ("replica", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_REQUEST_ID] =
    g_param_spec_string ("request-id", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
isc_log_line_init (IscLogLine *self)
{
}

/* A replica or a request id: one line of safe text, cut with "…". */
static char *
safe_id (const char *raw)
{
  GString *out;

  if (raw == NULL)
    return NULL;

  out = g_string_sized_new (strlen (raw) + 1);
  if (_isc_log_text_append_safe (out, NULL, NULL, raw, strlen (raw), ISC_LOG_LINE_MAX_ID) > 0)
    g_string_append (out, "…");

  return g_string_free (out, FALSE);
}

/**
 * isc_log_line_new:
 * @time_ns: epoch nanoseconds
 * @level: the level Baseten detected, or %ISC_LOG_LEVEL_NONE
 * @replica: (nullable): the replica's id, any text
 * @request_id: (nullable): the request's id, any text
 * @message_raw: the message as received: any bytes, escapes and all
 * @message_len: its length in bytes, or -1 up to the first NUL
 *
 * Returns: (transfer full): a line whose texts are safe to show
 */
IscLogLine *
isc_log_line_new (gint64       time_ns,
                  IscLogLevel  level,
                  const char  *replica,
                  const char  *request_id,
                  const char  *message_raw,
                  gssize       message_len)
{
  IscLogLine *self;
  GString *message;
  GArray *spans;
  GArray *controls;
  gsize length;

  g_return_val_if_fail (message_raw != NULL || message_len == 0, NULL);

  if (message_raw == NULL)
    message_raw = "";
  length = message_len < 0 ? strlen (message_raw) : (gsize) message_len;

  self = g_object_new (ISC_TYPE_LOG_LINE, NULL);
  self->time_ns = time_ns;
  self->level = (guint) level <= ISC_LOG_LEVEL_ERROR ? level : ISC_LOG_LEVEL_NONE;
  self->replica = safe_id (replica);
  self->request_id = safe_id (request_id);

  message = g_string_sized_new (MIN (length, ISC_LOG_LINE_MAX_MESSAGE) + 1);
  spans = g_array_new (FALSE, FALSE, sizeof (IscLogSpan));
  controls = g_array_new (FALSE, FALSE, sizeof (IscLogControl));
  self->n_cut = _isc_log_text_append_safe (message, spans, controls, message_raw, length,
                                           ISC_LOG_LINE_MAX_MESSAGE);

  /* Most messages have no colour and no line break, and many are short:
   * no slack kept. */
  self->n_spans = spans->len;
  if (spans->len > 0)
    self->spans = g_memdup2 (spans->data, spans->len * sizeof (IscLogSpan));
  g_array_unref (spans);
  self->n_controls = controls->len;
  if (controls->len > 0)
    self->controls = g_memdup2 (controls->data, controls->len * sizeof (IscLogControl));
  g_array_unref (controls);

  if (message->allocated_len > message->len + 64)
    {
      self->message = g_strndup (message->str, message->len);
      g_string_free (message, TRUE);
    }
  else
    self->message = g_string_free (message, FALSE);

  return self;
}

gint64
isc_log_line_get_time_ns (IscLogLine *self)
{
  g_return_val_if_fail (ISC_IS_LOG_LINE (self), 0);

  return self->time_ns;
}

gint64
isc_log_line_get_time_ms (IscLogLine *self)
{
  gint64 ms;

  g_return_val_if_fail (ISC_IS_LOG_LINE (self), 0);

  /* Rounded towards the past, before 1970 too. */
  ms = self->time_ns / NS_PER_MS;
  if (self->time_ns % NS_PER_MS < 0)
    ms--;

  return ms;
}

IscLogLevel
isc_log_line_get_level (IscLogLine *self)
{
  g_return_val_if_fail (ISC_IS_LOG_LINE (self), ISC_LOG_LEVEL_NONE);

  return self->level;
}

const char *
isc_log_line_get_replica (IscLogLine *self)
{
  g_return_val_if_fail (ISC_IS_LOG_LINE (self), NULL);

  return self->replica;
}

const char *
isc_log_line_get_request_id (IscLogLine *self)
{
  g_return_val_if_fail (ISC_IS_LOG_LINE (self), NULL);

  return self->request_id;
}

const char *
isc_log_line_get_message (IscLogLine *self)
{
  g_return_val_if_fail (ISC_IS_LOG_LINE (self), NULL);

  return self->message;
}

gsize
isc_log_line_get_n_cut (IscLogLine *self)
{
  g_return_val_if_fail (ISC_IS_LOG_LINE (self), 0);

  return self->n_cut;
}

const IscLogSpan *
isc_log_line_get_spans (IscLogLine *self,
                        guint      *n_spans)
{
  g_return_val_if_fail (ISC_IS_LOG_LINE (self), NULL);

  if (n_spans != NULL)
    *n_spans = self->n_spans;

  return self->spans;
}

gboolean
isc_log_line_same (IscLogLine *a,
                   IscLogLine *b)
{
  g_return_val_if_fail (ISC_IS_LOG_LINE (a), FALSE);
  g_return_val_if_fail (ISC_IS_LOG_LINE (b), FALSE);

  return a->time_ns == b->time_ns &&
         g_strcmp0 (a->replica, b->replica) == 0 &&
         strcmp (a->message, b->message) == 0;
}

int
isc_log_line_compare (IscLogLine *a,
                      IscLogLine *b)
{
  int c;

  g_return_val_if_fail (ISC_IS_LOG_LINE (a), 0);
  g_return_val_if_fail (ISC_IS_LOG_LINE (b), 0);

  if (a->time_ns != b->time_ns)
    return a->time_ns < b->time_ns ? -1 : 1;

  /* No replica first. */
  if ((c = g_strcmp0 (a->replica, b->replica)) != 0)
    return c < 0 ? -1 : 1;

  c = strcmp (a->message, b->message);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

/* "2026-12-02T08:15:03.123456789Z", every digit of the time kept. */
static void
append_time (GString *out,
             gint64   time_ns)
{
  gint64 seconds = time_ns / NS_PER_SECOND;
  gint64 fraction = time_ns % NS_PER_SECOND;
  g_autoptr(GDateTime) when = NULL;
  g_autofree char *text = NULL;

  if (fraction < 0)
    {
      seconds--;
      fraction += NS_PER_SECOND;
    }

  when = g_date_time_new_from_unix_utc (seconds);
  if (when == NULL || !(text = g_date_time_format (when, "%Y-%m-%dT%H:%M:%S")))
    {
      /* Outside the years 1 to 9999: the number itself. */
      g_string_append_printf (out, "%" G_GINT64_FORMAT, time_ns);
      return;
    }

  g_string_append_printf (out, "%s.%09" G_GINT64_FORMAT "Z", text, fraction);
}

char *
isc_log_line_to_text (IscLogLine *self)
{
  GString *out;
  const char *level;

  g_return_val_if_fail (ISC_IS_LOG_LINE (self), NULL);

  out = g_string_sized_new (strlen (self->message) + 64);
  append_time (out, self->time_ns);

  /* A fixed number of words before the message, so that lines line up
   * and cut(1) finds the fields: "-" for no level. */
  level = isc_log_level_to_api (self->level);
  g_string_append_c (out, ' ');
  g_string_append (out, level != NULL ? level : "-");

  if (self->replica != NULL)
    g_string_append_printf (out, " [%s]", self->replica);
  if (self->request_id != NULL)
    g_string_append_printf (out, " req=%s", self->request_id);

  g_string_append_c (out, ' ');
  g_string_append (out, self->message);

  if (self->n_cut > 0)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GSIZE_FORMAT, self->n_cut);

      g_string_append (out, "… ");
      g_string_append_printf (out,
                              /* TRANSLATORS: after a log message cut short; %s is a number */
                              ngettext ("[%s byte cut]", "[%s bytes cut]",
                                        (unsigned long) MIN (self->n_cut, G_MAXULONG)),
                              number);
    }

  return g_string_free (out, FALSE);
}

/* A control byte as a JSON string's escape. */
static void
append_json_control (GString *out,
                     guchar   c)
{
  switch (c)
    {
    case '\n':
      g_string_append (out, "\\n");
      break;
    case '\r':
      g_string_append (out, "\\r");
      break;
    case '\t':
      g_string_append (out, "\\t");
      break;
    default:
      g_string_append_printf (out, "\\u%04x", c);
      break;
    }
}

/* @text (valid UTF-8) as a JSON string, with the control bytes that
 * @controls (n_controls, in order) say it shows otherwise given back. */
static void
append_json_string (GString             *out,
                    const char          *text,
                    const IscLogControl *controls,
                    guint                n_controls)
{
  guint k = 0;

  g_string_append_c (out, '"');

  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      if (k < n_controls && (gsize) (p - text) == controls[k].at)
        {
          append_json_control (out, controls[k].byte);
          p += controls[k].n_bytes - 1;
          k++;
        }
      else if (c == '"')
        g_string_append (out, "\\\"");
      else if (c == '\\')
        g_string_append (out, "\\\\");
      else if (c < 0x20)
        append_json_control (out, c);
      else
        g_string_append_c (out, (char) c);
    }

  g_string_append_c (out, '"');
}

static void
append_json_member (GString    *out,
                    const char *name,
                    const char *value)
{
  g_string_append_printf (out, ",\"%s\":", name);
  if (value != NULL)
    append_json_string (out, value, NULL, 0);
  else
    g_string_append (out, "null");
}

char *
isc_log_line_to_json (IscLogLine *self)
{
  GString *out;

  g_return_val_if_fail (ISC_IS_LOG_LINE (self), NULL);

  out = g_string_sized_new (strlen (self->message) + 128);

  /* The API's fields and spelling, the time as its 19-digit string. */
  g_string_append_printf (out, "{\"timestamp\":\"%" G_GINT64_FORMAT "\"", self->time_ns);
  append_json_member (out, "level", isc_log_level_to_api (self->level));
  append_json_member (out, "replica", self->replica);
  append_json_member (out, "request_id", self->request_id);
  /* The message's line breaks and tabs as they were: a traceback reads
   * as lines where JSON is read, not as "␊". */
  g_string_append (out, ",\"message\":");
  append_json_string (out, self->message, self->controls, self->n_controls);
  if (self->n_cut > 0)
    g_string_append_printf (out, ",\"message_bytes_cut\":%" G_GSIZE_FORMAT, self->n_cut);
  g_string_append_c (out, '}');

  return g_string_free (out, FALSE);
}
