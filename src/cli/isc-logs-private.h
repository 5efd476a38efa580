/* isc-logs-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "isc-log-line.h"
#include "isc-logs-query.h"

G_BEGIN_DECLS

/* The parts of `inferscope logs`: isc-logs.c parses and checks the command
 * line into one IscLogsOptions and runs the pager; isc-logs-writer.c turns
 * lines into what reaches standard output, safe in a terminal.
 *
 * Errors: as `inferscope export`, a GError in the G_OPTION_ERROR domain is
 * bad usage (exit status 2, with a usage line); any other error is a
 * failure (exit status 1).
 */

typedef enum
{
  ISC_LOGS_COLOR_AUTO,
  ISC_LOGS_COLOR_ALWAYS,
  ISC_LOGS_COLOR_NEVER,
} IscLogsColor;

/* The poll interval of --follow, and the shortest one the hidden
 * --poll-interval takes (for the memory benchmark and the tests). */
#define ISC_LOGS_FOLLOW_INTERVAL_MS     2000
#define ISC_LOGS_FOLLOW_MIN_INTERVAL_MS 10

typedef struct
{
  /* As given */
  char         *model;
  char         *deployment;
  char         *environment;
  char         *range_name;
  char         *start_text;
  char         *end_text;
  gboolean      utc;
  char         *level_name;
  char         *replica;
  char         *request_id;
  char         *grep;
  gboolean      follow;
  gboolean      json;
  char         *color_name;
  char         *base_url;
  gboolean      demo;
  int           poll_interval_ms;   /* hidden: --poll-interval */
  int           demo_log_rate;      /* hidden: --demo-log-rate */
  gboolean      help;

  /* As checked */
  IscLogsQuery *query;
  IscLogsColor  color;
} IscLogsOptions;

void      _isc_logs_options_clear  (IscLogsOptions  *options);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (IscLogsOptions, _isc_logs_options_clear)

/* Parse and check, as isc_logs_main () does; argv[0] is "logs". @now_ms
 * resolves --range. FALSE with a G_OPTION_ERROR on bad usage. */
gboolean  _isc_logs_parse_options  (IscLogsOptions  *options,
                                    int              argc,
                                    char           **argv,
                                    gint64           now_ms,
                                    GError         **error);

/* isc-logs-writer.c */

/* Whether --color=auto colours: standard output is a terminal, TERM is
 * not "dumb" and NO_COLOR is unset or empty. */
gboolean  _isc_logs_color_wanted   (IscLogsColor     color,
                                    int              fd);

/* Appends @line to @out as one line of text ending in "\n": with @color,
 * the level and the message's colour spans as SGR sequences, every one
 * closed by a reset before the newline; without, isc_log_line_to_text ().
 * Whatever the line holds, no control character but that newline, and no
 * escape sequence but those SGR, reaches @out. */
void      _isc_logs_append_text    (GString         *out,
                                    IscLogLine      *line,
                                    gboolean         color);
/* Appends isc_log_line_to_json () and "\n", every character a terminal
 * would act on written as a \uXXXX escape, so the JSON reads the same. */
void      _isc_logs_append_json    (GString         *out,
                                    IscLogLine      *line);

/* Writes all of @data to @fd, waiting while a pipe is full. FALSE with
 * G_IO_ERROR_BROKEN_PIPE when the reader has gone. */
gboolean  _isc_logs_write_all      (int              fd,
                                    const char      *data,
                                    gsize            length,
                                    GError         **error);

G_END_DECLS
