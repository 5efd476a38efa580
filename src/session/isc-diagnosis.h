/* isc-diagnosis.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "isc-discovery.h"
#include "isc-metrics-response.h"

G_BEGIN_DECLS

/* What needs the engineer about a target, from what discovery says of it
 * and its metrics over the view's range: the banners over the target's
 * page (UI.md, "Why it happened", Diagnosis), decided here without a
 * widget. Each has a sentence in words, from Baseten's own text where
 * there is one (plain text, never markup), and the action that helps.
 */

typedef enum
{
  /* The environment serves a failed or unhealthy deployment while a
   * newer one is active. Action: open the newer one. */
  ISC_DIAGNOSIS_SERVING_UNHEALTHY,
  /* A deployment has been building, deploying, loading or waking for
   * longer than usual. Action: open Logs. */
  ISC_DIAGNOSIS_SLOW_START,
  /* The environment's promotion is paused or failed. Action: open the
   * candidate deployment. */
  ISC_DIAGNOSIS_PROMOTION_STOPPED,
  /* Replicas are at the autoscaling maximum in effect. No action. */
  ISC_DIAGNOSIS_AT_MAX,
  /* The backpressure policy rejects when full, and requests were refused
   * (429) in the range. Action: open Logs. */
  ISC_DIAGNOSIS_REFUSING,
} IscDiagnosisKind;

typedef enum
{
  ISC_DIAGNOSIS_ACTION_NONE,
  ISC_DIAGNOSIS_ACTION_OPEN_DEPLOYMENT,  /* action_target: a deployment id */
  ISC_DIAGNOSIS_ACTION_OPEN_LOGS,
} IscDiagnosisAction;

typedef struct
{
  IscDiagnosisKind    kind;
  char               *title;          /* the banner's sentence */
  IscDiagnosisAction  action;
  char               *action_label;   /* the button's words; NULL for none */
  char               *action_target;  /* a deployment id, or NULL */
  gint64              duration_s;     /* SLOW_START: for how long; else 0 */
} IscDiagnosis;

/* How long a deployment may be in a state before it is "longer than
 * usual", in seconds: building 20 min, deploying, loading or updating
 * 15 min, waking 5 min. 0 for states that are not a start. */
gint64              isc_diagnosis_usual_seconds      (IscDeploymentStatus status);

typedef struct
{
  IscEnvironment     *environment;   /* the target, when an environment */
  IscDeployment      *deployment;    /* the target, when a deployment */
  GPtrArray          *deployments;   /* the model's deployments (IscDeployment), or NULL */
  IscMetricsResponse *response;      /* the target's metrics over the range, or NULL */
  gint64              now_ms;
} IscDiagnosisInput;

/* The banners, most urgent first: a GPtrArray of IscDiagnosis, freed
 * with it; empty when all is well. */
GPtrArray          *isc_diagnose                      (const IscDiagnosisInput *input);
void                isc_diagnosis_free                (IscDiagnosis            *diagnosis);
/* The first diagnosis of @kind in @list, or NULL. */
const IscDiagnosis *isc_diagnosis_list_find           (GPtrArray               *list,
                                                       IscDiagnosisKind         kind);

/* Whether @replicas are at @max_replicas (0 or less: no maximum known;
 * 1: a single replica, never worth a word): the one rule for "at max",
 * on the Overview and in the banner. */
gboolean            isc_diagnosis_replicas_at_max     (double                   replicas,
                                                       gint64                   max_replicas);

/* A promotion's status in words: "Promotion paused", "Promotion failed",
 * "Promoting" …; NULL for none. */
const char         *isc_promotion_status_get_title    (IscPromotionStatus       status);
/* A sentence for the window's header: the candidate, the status, the
 * share of traffic and Baseten's message: "Promotion of development
 * paused at 0 % of traffic: Candidate … not ready". NULL without a
 * promotion in progress. */
char               *isc_promotion_describe            (IscEnvironment          *environment);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (IscDiagnosis, isc_diagnosis_free)

G_END_DECLS
