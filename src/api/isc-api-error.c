/* isc-api-error.c
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "isc-api-error"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "isc-api-error-private.h"
#include "isc-text.h"

/* How much of a raw error body a message shows. */
#define MAX_SHOWN_BODY_CHARS 200

G_DEFINE_QUARK (isc-api-error-quark, isc_api_error)

/* Server text can echo what was sent; the key must never reach a message,
 * nor its start cut short ("sk-abcdef…"): any run of at least this many of
 * its leading characters goes too. */
#define MIN_SCRUBBED_KEY_PREFIX 8

char *
_isc_api_error_scrub_key (const char *text,
                          const char *api_key)
{
  g_autoptr(GString) str = NULL;
  gsize key_length;
  gsize shortest;

  if (api_key == NULL || api_key[0] == '\0')
    return g_strdup (text);

  key_length = strlen (api_key);
  shortest = MIN (key_length, MIN_SCRUBBED_KEY_PREFIX);
  str = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; )
    {
      gsize n = 0;

      while (n < key_length && p[n] == api_key[n])
        n++;

      if (n >= shortest)
        {
          g_string_append (str, "•••");
          p += n;
        }
      else
        g_string_append_c (str, *p++);
    }

  return g_string_free (g_steal_pointer (&str), FALSE);
}

/* "message", else "error", else "detail" of a JSON object, cut short. */
static char *
json_body_message (const char *data,
                   gsize       size)
{
  static const char * const fields[] = { "message", "error", "detail" };
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  JsonObject *object;

  if (!json_parser_load_from_data (parser, data, size, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return NULL;

  object = json_node_get_object (json_parser_get_root (parser));
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      JsonNode *node = json_object_get_member (object, fields[i]);
      g_autofree char *text = NULL;

      if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
          json_node_get_value_type (node) != G_TYPE_STRING ||
          json_node_get_string (node)[0] == '\0')
        continue;

      /* The server's words reach a terminal: no escape sequences, no
       * BiDi controls, no line breaks. */
      text = isc_text_sanitize (json_node_get_string (node), -1);
      if (g_utf8_strlen (text, -1) > MAX_SHOWN_BODY_CHARS * 2)
        {
          char *cut = g_utf8_offset_to_pointer (text, MAX_SHOWN_BODY_CHARS * 2);

          *cut = '\0';
          return g_strconcat (text, "…", NULL);
        }

      return g_steal_pointer (&text);
    }

  return NULL;
}

/* An HTML page (from a proxy in front of the API) says what it means in
 * its title, or else in its text. */
static char *
html_body_text (const char *html)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const char *title = strstr (html, "<title>");
  const char *title_end = title ? strstr (title, "</title>") : NULL;
  gboolean in_tag = FALSE;

  if (title != NULL && title_end != NULL && title_end > title + 7)
    {
      g_string_append_len (text, title + 7, title_end - (title + 7));
      return g_string_free (g_steal_pointer (&text), FALSE);
    }

  for (const char *p = html; *p != '\0'; p++)
    {
      if (*p == '<')
        in_tag = TRUE;
      else if (*p == '>')
        {
          in_tag = FALSE;
          g_string_append_c (text, ' ');
        }
      else if (!in_tag)
        g_string_append_c (text, *p);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Raw text as one line, cut short; NULL if nothing is left. */
static char *
one_line (const char *valid)
{
  g_autoptr(GString) collapsed = g_string_new (NULL);

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || g_unichar_iscntrl (c))
        {
          if (collapsed->len > 0 && collapsed->str[collapsed->len - 1] != ' ')
            g_string_append_c (collapsed, ' ');
        }
      else
        g_string_append_unichar (collapsed, c);

      if (g_utf8_strlen (collapsed->str, -1) >= MAX_SHOWN_BODY_CHARS)
        {
          g_string_append (collapsed, "…");
          break;
        }
    }

  g_strstrip (collapsed->str);
  if (collapsed->str[0] == '\0')
    return NULL;

  return g_strdup (collapsed->str);
}

/* The message of an error body, as baseten-api.md says: "message", else
 * "error", else "detail", else the raw body cut short. NULL if empty.
 */
char *
_isc_api_error_server_message (GBytes     *body,
                               const char *api_key)
{
  g_autofree char *text = NULL;
  gsize size = 0;
  const char *data;

  if (body == NULL)
    return NULL;

  data = g_bytes_get_data (body, &size);
  if (size == 0)
    return NULL;

  if (!(text = json_body_message (data, size)))
    {
      g_autofree char *valid = g_utf8_make_valid (data, size);

      if (g_str_has_prefix (g_strchug (valid), "<"))
        {
          g_autofree char *html = g_steal_pointer (&valid);

          valid = html_body_text (html);
        }

      if (!(text = one_line (valid)))
        return NULL;
    }

  {
    g_autofree char *scrubbed = _isc_api_error_scrub_key (text, api_key);

    /* one_line() drops C0 and C1 controls, not BiDi ones. */
    return isc_text_sanitize (scrubbed, -1);
  }
}

/* Every message here may carry text from outside (a server's words, a
 * libsoup or TLS message about its response): none reaches a terminal
 * with a control character in it. */
static GError *
sanitized (GError *error)
{
  char *clean = isc_text_sanitize (error->message, -1);

  g_free (error->message);
  error->message = clean;
  return error;
}

GError *
_isc_api_error_new_cut_off (void)
{
  return g_error_new_literal (ISC_API_ERROR, ISC_API_ERROR_MALFORMED,
                              _("Baseten’s response was cut off before its end. Try again in a moment."));
}

GError *
_isc_api_error_new_malformed (const char *detail)
{
  return sanitized (g_error_new (ISC_API_ERROR, ISC_API_ERROR_MALFORMED,
                                 _("Baseten sent a response Inferscope cannot read: %s"),
                                 detail));
}

GError *
_isc_api_error_new_wrong_answer (const char *detail)
{
  return sanitized (g_error_new (ISC_API_ERROR, ISC_API_ERROR_MALFORMED,
                                 /* Translators: %s says how, e.g. "mode: a SUMMARY
                                  * response to a SERIES request" */
                                 _("Baseten’s response does not answer the request Inferscope sent (%s). "
                                   "Try again in a moment."),
                                 detail));
}

GError *
_isc_api_error_new_too_large (gsize max_body_size)
{
  g_autofree char *size = g_format_size_full (max_body_size, G_FORMAT_SIZE_IEC_UNITS);

  return g_error_new (ISC_API_ERROR, ISC_API_ERROR_TOO_LARGE,
                      _("Baseten’s response is larger than %s, more than Inferscope reads. "
                        "Choose a shorter time range or fewer metrics."),
                      size);
}

GError *
_isc_api_error_new_invalid_request (void)
{
  return g_error_new_literal (ISC_API_ERROR, ISC_API_ERROR_INVALID_URL,
                              _("The request address is not valid. Check the base URL and the IDs."));
}

/* A GIO or libsoup failure, in words. */
GError *
_isc_api_error_from_io (const GError *error,
                        const char   *host,
                        gboolean      timed_out,
                        gboolean      reading_body,
                        const char   *api_key)
{
  gboolean cancelled = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  GError *mapped;
  char *scrubbed;

  if (cancelled && !timed_out)
    mapped = g_error_copy (error);
  else if (cancelled || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    mapped = g_error_new (ISC_API_ERROR, ISC_API_ERROR_TIMEOUT,
                          _("“%s” did not answer in time. Check the network connection, then try again in a moment."),
                          host);
  else if (error->domain == G_RESOLVER_ERROR)
    mapped = g_error_new (ISC_API_ERROR, ISC_API_ERROR_DNS,
                          _("Could not find the server “%s”. Check the address and the network connection."),
                          host);
  else if (error->domain == G_TLS_ERROR)
    mapped = g_error_new (ISC_API_ERROR, ISC_API_ERROR_TLS,
                          _("Could not make a secure connection to “%s” (%s). Inferscope never skips "
                            "certificate checks: check the address, and the computer’s date and certificates."),
                          host, error->message);
  else if (reading_body && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
    mapped = _isc_api_error_new_cut_off ();
  else if (g_error_matches (error, SOUP_SESSION_ERROR, SOUP_SESSION_ERROR_PARSING) ||
           g_error_matches (error, SOUP_SESSION_ERROR, SOUP_SESSION_ERROR_ENCODING))
    mapped = _isc_api_error_new_malformed (error->message);
  else
    mapped = g_error_new (ISC_API_ERROR, ISC_API_ERROR_NETWORK,
                          _("Could not reach “%s” (%s). Check the network connection, then try again in a moment."),
                          host, error->message);

  /* No GIO message holds the key, but be certain. */
  scrubbed = _isc_api_error_scrub_key (mapped->message, api_key);
  g_free (mapped->message);
  mapped->message = scrubbed;

  return sanitized (mapped);
}

static GError *
not_found_error (const IscApiFailure *failure,
                 const char          *detail)
{
  const IscQuery *query = failure->query;
  const IscLogsQuery *logs_query = failure->logs_query;
  const char *model_id = query ? query->model_id : logs_query ? logs_query->model_id : NULL;
  const char *target = query ? query->target : logs_query ? logs_query->target : NULL;
  IscTargetKind kind = query ? query->target_kind : logs_query ? logs_query->target_kind : ISC_TARGET_DEPLOYMENT;

  if (detail != NULL)
    g_debug ("404 from %s: %s", failure->host, detail);

  if (target != NULL && kind == ISC_TARGET_ENVIRONMENT)
    return g_error_new (ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND,
                        _("No environment “%s” in model “%s”, or no such model. "
                          "Check the model ID and the environment name."),
                        target, model_id);

  if (target != NULL)
    return g_error_new (ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND,
                        _("No deployment “%s” in model “%s”, or no such model. "
                          "Check both IDs."),
                        target, model_id);

  if (failure->model_id != NULL)
    return g_error_new (ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND,
                        _("No model “%s”. Check the model ID."),
                        failure->model_id);

  /* The models or the user: the base URL is not Baseten's. */
  return g_error_new (ISC_API_ERROR, ISC_API_ERROR_NOT_FOUND,
                      _("“%s” does not answer like Baseten’s API (HTTP 404). Check the base URL."),
                      failure->host);
}

static GError *
retried_error (const IscApiFailure *failure,
               const char          *message)
{
  guint status = failure->status;

  if (status == 429 && failure->retry_after_s > 0)
    return g_error_new (ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED,
                        _("Baseten is limiting requests (HTTP 429) and asks to wait %.0f seconds. "
                          "Try again after that."),
                        failure->retry_after_s);

  if (status == 429)
    return g_error_new (ISC_API_ERROR, ISC_API_ERROR_RATE_LIMITED,
                        _("Baseten is limiting requests (HTTP 429) and still was after %u retries. "
                          "Wait a minute, then try again."),
                        failure->retries);

  if (message != NULL)
    return g_error_new (ISC_API_ERROR, ISC_API_ERROR_SERVER,
                        _("Baseten had a server error (HTTP %u) and still did after %u retries: %s. "
                          "Try again later."),
                        status, failure->retries, message);

  return g_error_new (ISC_API_ERROR, ISC_API_ERROR_SERVER,
                      _("Baseten had a server error (HTTP %u) and still did after %u retries. "
                        "Try again later."),
                      status, failure->retries);
}

static GError *error_from_status (const IscApiFailure *failure);

/* Whether a 400 to a logs request is about its search pattern: the query
 * sent one, and Baseten's words name it or what it is (a regular
 * expression, RE2's). Other 400s keep their own words. */
static gboolean
refuses_search_pattern (const IscApiFailure *failure,
                        const char          *message)
{
  static const char * const words[] = {
    "search_pattern", "search pattern", "pattern", "regex", "regular expression", "re2",
  };
  g_autofree char *folded = NULL;

  if (failure->logs_query == NULL || failure->logs_query->search_pattern == NULL ||
      failure->logs_query->search_pattern[0] == '\0' || message == NULL ||
      (failure->status != 400 && failure->status != 422))
    return FALSE;

  folded = g_utf8_casefold (message, -1);
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (strstr (folded, words[i]) != NULL)
      return TRUE;

  return FALSE;
}

/* An HTTP status the client does not retry (any more), in words. */
GError *
_isc_api_error_from_status (const IscApiFailure *failure)
{
  return sanitized (error_from_status (failure));
}

static GError *
error_from_status (const IscApiFailure *failure)
{
  guint status = failure->status;
  g_autofree char *message = _isc_api_error_server_message (failure->body, failure->api_key);

  if (status == 429 || (status >= 500 && status < 600))
    return retried_error (failure, message);

  /* A feature the key may not read alone: not a refused key (the demo
   * sends none). */
  if (status == 403 && failure->feature != NULL)
    return g_error_new (ISC_API_ERROR, ISC_API_ERROR_NOT_PERMITTED,
                        /* TRANSLATORS: %s is what was refused, e.g. "the billing summary" */
                        _("This API key may not read %s (HTTP 403). A workspace admin's key can."),
                        failure->feature);

  if ((status == 401 || status == 403) && failure->api_key == NULL)
    return g_error_new_literal (ISC_API_ERROR, ISC_API_ERROR_NO_KEY,
                                _("Baseten needs an API key. Set BASETEN_API_KEY to "
                                  "one of your Baseten API keys."));

  if (status == 401 || status == 403)
    return g_error_new (ISC_API_ERROR, ISC_API_ERROR_KEY_REFUSED,
                        _("Baseten refused the API key (HTTP %u). Check the key, "
                          "or set BASETEN_API_KEY to a valid one."),
                        status);

  if (status == 404)
    return not_found_error (failure, message);

  if (status >= 300 && status < 400)
    return g_error_new (ISC_API_ERROR, ISC_API_ERROR_BAD_REQUEST,
                        _("“%s” sent the request elsewhere (HTTP %u). Inferscope does not follow "
                          "redirects with the key. Check the base URL."),
                        failure->host, status);

  if (refuses_search_pattern (failure, message))
    return g_error_new (ISC_API_ERROR, ISC_API_ERROR_SEARCH_PATTERN,
                        /* TRANSLATORS: %s is Baseten's reason, e.g. "search_pattern: missing ) at 5" */
                        _("Baseten refused the search pattern: %s. Baseten reads it as an RE2 regular "
                          "expression, which has no back-references or look-around."),
                        message);

  if (message != NULL)
    return g_error_new (ISC_API_ERROR, ISC_API_ERROR_BAD_REQUEST,
                        _("Baseten rejected the request (HTTP %u): %s"),
                        status, message);

  return g_error_new (ISC_API_ERROR, ISC_API_ERROR_BAD_REQUEST,
                      _("Baseten rejected the request (HTTP %u)."),
                      status);
}
