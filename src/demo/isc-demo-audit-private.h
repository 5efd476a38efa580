/* isc-demo-audit-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "isc-demo-fleet-private.h"

G_BEGIN_DECLS

/* The demo's model audit log (GET /v1/models/{m}/audit_logs), made from
 * the same facts as its metrics, logs and discovery, so the three agree:
 *
 * - chat-assistant: v7 promoted to production an hour after its
 *   created_at; v8 (demo-chat-d8) deployed by the CI's API key at its
 *   created_at, and promoted to production by a person from the UI at the
 *   moment its metrics hand production from v7 to v8
 *   (_isc_demo_fleet_promotion_time()); its concurrency target raised from
 *   4 to its current 6 (the rest of the settings as discovery's base
 *   settings) an hour before the daily incident, on the deployment that
 *   serves production then (the latest such moment before now).
 * - text-embeddings: the paused promotion of isc-demo-promotion-private.h,
 *   promoted (started) and paused by a person from the UI.
 * - audio-transcription: v5 deployed (it then failed) at its created_at.
 * - Every deployment with a daily incident: a REPLICA_TERMINATED by
 *   Baseten at each container restart its baseten_container_restarts_total
 *   counts, on the replica its logs name (_isc_demo_logs_restart_at()).
 *
 * History goes back _ISC_DEMO_AUDIT_RETENTION_S at most; a generated fleet
 * model has no entries. */

#define _ISC_DEMO_AUDIT_RETENTION_S ((gint64) 30 * 24 * 3600)

typedef struct
{
  gint64                   time_ms;
  char                     id[24];
  const char              *event_type;    /* MODEL_DEPLOYED, … */
  const char              *group;         /* its AuditLogEventTypeGroupV1 */
  const IscDemoDeployment *dep;
  const char              *environment;   /* NULL when none */
  const char              *actor_type;    /* USER, API_KEY, BASETEN_SYSTEM */
  const char              *actor_email;   /* USER */
  const char              *key_name;      /* API_KEY */
  const char              *key_prefix;
  const char              *source;        /* UI, API, SYSTEM */
  const char              *action;        /* promotion control: PAUSE */
  char                     replica[6];    /* replica terminated */
  guint                    previous_concurrency_target; /* autoscaling: the old value */
} IscDemoAuditEntry;

/* The entries of @model from @from_ms to @to_ms (both included, and not
 * after now), oldest first (then by id). */
GArray *_isc_demo_audit_entries (guint64             seed,
                                 const IscDemoModel *model,
                                 gint64              now_s,
                                 gint64              from_ms,
                                 gint64              to_ms);

/* One entry as AuditLogEntryV1. */
JsonNode *_isc_demo_audit_entry_json (const IscDemoAuditEntry *entry,
                                      const IscDemoModel      *model);

G_END_DECLS
