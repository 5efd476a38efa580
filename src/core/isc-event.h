/* isc-event.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "isc-query.h"

G_BEGIN_DECLS

/* One entry of a model's audit log (GET /v1/models/{m}/audit_logs), of the
 * kinds that matter to a target's charts: what someone (or Baseten) did,
 * when, to which deployment and/or environment, from where, and what a
 * settings change changed. An immutable object, so a GListModel of events
 * can back a list. Every string it holds is plain text made safe to show
 * (isc-text.h): never markup. */

typedef enum
{
  ISC_EVENT_DEPLOYED,                /* MODEL_DEPLOYED */
  ISC_EVENT_PROMOTED,                /* MODEL_DEPLOYMENT_PROMOTED */
  ISC_EVENT_ACTIVATED,               /* MODEL_DEPLOYMENT_ACTIVATED */
  ISC_EVENT_DEACTIVATED,             /* MODEL_DEPLOYMENT_DEACTIVATED */
  ISC_EVENT_RETRIED,                 /* MODEL_DEPLOYMENT_RETRIED */
  ISC_EVENT_AUTOSCALING_CHANGED,     /* MODEL_DEPLOYMENT_AUTOSCALING_SETTINGS_CHANGED */
  ISC_EVENT_BACKPRESSURE_CHANGED,    /* MODEL_DEPLOYMENT_REQUEST_BACKPRESSURE_SETTINGS_CHANGED */
  ISC_EVENT_INSTANCE_TYPE_CHANGED,   /* MODEL_DEPLOYMENT_INSTANCE_TYPE_CHANGED */
  ISC_EVENT_ENVIRONMENT_CREATED,     /* ENVIRONMENT_CREATED */
  ISC_EVENT_ENVIRONMENT_UPDATED,     /* ENVIRONMENT_UPDATED */
  ISC_EVENT_PROMOTION_CONTROL,       /* MODEL_PROMOTION_CONTROL_ACTION */
  ISC_EVENT_REPLICA_TERMINATED,      /* REPLICA_TERMINATED */
} IscEventKind;
/* Its GType is ISC_TYPE_EVENT_KIND, in isc-core-enums.h. */

typedef enum
{
  ISC_EVENT_SOURCE_UNKNOWN,  /* null or absent */
  ISC_EVENT_SOURCE_UI,
  ISC_EVENT_SOURCE_API,
  ISC_EVENT_SOURCE_MCP,
  ISC_EVENT_SOURCE_SYSTEM,
  ISC_EVENT_SOURCE_OTHER,    /* OTHER, or a value this version does not know */
} IscEventSource;

typedef enum
{
  ISC_EVENT_ACTOR_UNKNOWN,         /* a type this version does not know */
  ISC_EVENT_ACTOR_USER,
  ISC_EVENT_ACTOR_API_KEY,
  ISC_EVENT_ACTOR_BASETEN_USER,
  ISC_EVENT_ACTOR_BASETEN_SYSTEM,
  ISC_EVENT_ACTOR_TOMBSTONE_USER,  /* a user since removed */
} IscEventActorKind;

/* "MODEL_DEPLOYED" → ISC_EVENT_DEPLOYED; FALSE for every other type (the
 * 31 kinds the charts do not draw, and ones this version does not know). */
gboolean     isc_event_kind_from_api (const char   *event_type,
                                      IscEventKind *kind);
const char  *isc_event_kind_to_api   (IscEventKind  kind);
/* "Deployed", "Autoscaling changed", …: translated, for a list's column. */
const char  *isc_event_kind_get_title (IscEventKind kind);
/* "the UI", "the API", "MCP", "Baseten", "another client"; NULL for
 * UNKNOWN. Translated, to follow "from". */
const char  *isc_event_source_describe (IscEventSource source);

/* One setting a change changed, as the payload gives it: the API's field
 * name ("max_replica"), what a person reads ("max replicas", translated),
 * and the values as text ("10", "16", "none" for null; NULL when the
 * payload does not give that side: no previous settings, or a created
 * environment). Only settings whose value changed are listed (all of them
 * when there is no before). */
typedef struct
{
  const char *field;
  const char *label;
  const char *before;
  const char *after;
} IscEventChange;

#define ISC_TYPE_EVENT (isc_event_get_type ())

G_DECLARE_FINAL_TYPE (IscEvent, isc_event, ISC, EVENT, GObject)

/* Audit log entries are read by the decoder (isc-audit-log-decoder.h);
 * this constructor is for it, for tests and for the demo. Strings may be
 * NULL; they are sanitized and cut. changes may be NULL. */
IscEvent             *isc_event_new                (const char           *id,
                                                    gint64                time_ms,
                                                    IscEventKind          kind,
                                                    const char           *model_id,
                                                    const char           *deployment_id,
                                                    const char           *deployment_name,
                                                    const char           *environment_name,
                                                    IscEventActorKind     actor_kind,
                                                    const char           *actor,
                                                    IscEventSource        source,
                                                    const char           *detail,
                                                    const IscEventChange *changes,
                                                    guint                 n_changes);

const char           *isc_event_get_id             (IscEvent  *self);
/* When it happened, epoch ms. */
gint64                isc_event_get_time_ms        (IscEvent  *self);
IscEventKind          isc_event_get_kind           (IscEvent  *self);
const char           *isc_event_get_model_id       (IscEvent  *self);
/* The deployment it concerns, or NULL (environment created/updated). */
const char           *isc_event_get_deployment_id  (IscEvent  *self);
/* Its name as the payload gives it ("v8"), or NULL. */
const char           *isc_event_get_deployment_name (IscEvent *self);
/* The environment it concerns ("production"), or NULL: a promotion's or
 * a deployment's target environment, a promotion control's, an
 * environment's own. */
const char           *isc_event_get_environment_name (IscEvent *self);
IscEventActorKind     isc_event_get_actor_kind     (IscEvent  *self);
/* Who, as a person reads it: an e-mail ("ana@example.com"), an API key
 * ("API key “ci” (abc12…)"), "Baseten"; never NULL ("someone"). */
const char           *isc_event_get_actor          (IscEvent  *self);
IscEventSource        isc_event_get_source         (IscEvent  *self);
/* What the kind needs besides: the new instance type's name
 * (INSTANCE_TYPE_CHANGED), the action (PROMOTION_CONTROL: "PAUSE",
 * "RESUME", "FORCE_CANCEL", …), the replica (REPLICA_TERMINATED); else
 * NULL. */
const char           *isc_event_get_detail         (IscEvent  *self);
/* The settings changed (AUTOSCALING_CHANGED, BACKPRESSURE_CHANGED,
 * ENVIRONMENT_CREATED/UPDATED), in the payload's order; NULL and 0 for
 * the other kinds. */
const IscEventChange *isc_event_get_changes        (IscEvent  *self,
                                                    guint     *n_changes);

/* What a marker's label shows, short: "v8 deployed", "v8 promoted to
 * production", "max replicas 10 → 16", "promotion paused", "replica
 * abc12 terminated". Translated plain text. */
char                 *isc_event_dup_label          (IscEvent  *self);
/* The sentence a person reads on hover, focus and in a list: what
 * happened, by whom, from where: "max replicas 10 → 16 on v8 by
 * ana@example.com from the UI". Translated plain text. */
char                 *isc_event_describe           (IscEvent  *self);

/* Whether the event belongs on the charts of a target: a deployment
 * target (kind DEPLOYMENT, id its deployment id) is concerned by its own
 * deployment's events; an environment target (kind ENVIRONMENT, id its
 * name) by the events naming that environment and by the events of the
 * deployments in @deployment_ids (those that served it over the range:
 * its current and candidate deployment; may be NULL). */
gboolean              isc_event_concerns           (IscEvent            *self,
                                                    IscTargetKind        kind,
                                                    const char          *id,
                                                    const char * const  *deployment_ids);

/* The events of @events (IscEvent, in time order) whose markers belong
 * on a target's charts, as a new array holding references. A
 * deployment's: its own. An environment's: those naming it (deployed or
 * promoted to it, its settings, its promotion's controls), and those of
 * the deployments serving it at their time:
 * - @serving_at_start, the one the audit log last promoted to it before
 *   @events begin (isc_audit_log_find_serving_async()), or NULL when it
 *   holds no such promotion;
 * - @current, the one discovery says serves it now, from the start when
 *   it was not promoted since (@serving_at_start is NULL, @current itself,
 *   or @candidate: a promotion under way since before the start), else
 *   from its promotion on;
 * - each other deployment @events promote to it, from its promotion on.
 * So the restarts of a deployment in smoke tests before its promotion
 * stay off production's charts, and those of the one it replaced stay on
 * them. @current and @candidate may be NULL. */
GPtrArray            *isc_event_select_for_target  (GPtrArray          *events,
                                                    IscTargetKind       kind,
                                                    const char         *id,
                                                    const char         *serving_at_start,
                                                    const char         *current,
                                                    const char         *candidate);

/* Earlier first: time, then id; for sorting. */
int                   isc_event_compare            (IscEvent  *a,
                                                    IscEvent  *b);

G_END_DECLS
