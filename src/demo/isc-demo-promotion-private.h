/* isc-demo-promotion-private.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "isc-demo-ids.h"
#include "isc-math.h"

G_BEGIN_DECLS

/* The demo's paused promotion, shared by discovery (the environment's
 * in_progress_promotion and candidate_deployment) and the audit log
 * (who started and paused it). One place, so both tell the same story.
 *
 * text-embeddings' production environment is promoting its development
 * deployment (demo-embed-d3) to replace v2 (demo-embed-d2). The candidate's
 * replica failed its health checks while releasing, so a person
 * paused the promotion before any traffic moved: the candidate takes 0 %
 * of production's traffic, and production's metrics stay v2's alone.
 *
 * It starts every day at the same UTC minute (11:23 plus up to half an
 * hour chosen by the seed), the latest such minute at least 45 minutes
 * before now, and is paused 18 minutes after it starts: whatever the hour,
 * it is PAUSED now, and overlapping requests agree about it.
 */

#define ISC_DEMO_PROMOTION_MODEL          ISC_DEMO_MODEL_EMBED
#define ISC_DEMO_PROMOTION_ENVIRONMENT    ISC_DEMO_ENVIRONMENT_PRODUCTION
#define ISC_DEMO_PROMOTION_CURRENT        ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION
#define ISC_DEMO_PROMOTION_CANDIDATE      ISC_DEMO_DEPLOYMENT_EMBED_DEVELOPMENT
#define ISC_DEMO_PROMOTION_STATUS         "PAUSED"
#define ISC_DEMO_PROMOTION_PERCENT        0
/* InProgressPromotionV1.error_message, as Baseten words it. */
#define ISC_DEMO_PROMOTION_MESSAGE        "Candidate deployment demo-embed-d3 failed its health checks while releasing; no traffic was moved"
/* Who started and who paused it (for the audit log). */
#define ISC_DEMO_PROMOTION_STARTED_BY     "ana@inferscope.example"
#define ISC_DEMO_PROMOTION_STARTED_SOURCE "UI"
#define ISC_DEMO_PROMOTION_PAUSED_BY      "ana@inferscope.example"
#define ISC_DEMO_PROMOTION_PAUSED_SOURCE  "UI"
#define ISC_DEMO_PROMOTION_PAUSE_AFTER_S  (18 * 60)

typedef struct
{
  gint64 started_s;  /* the promotion began (MODEL_DEPLOYMENT_PROMOTED) */
  gint64 paused_s;   /* it was paused (MODEL_PROMOTION_CONTROL_ACTION PAUSE) */
} IscDemoPromotion;

/* Both times are multiples of 60 s, with paused_s at least 27 minutes
 * before @now_s and started_s between 45 minutes and 24 h 45 min before it.
 */
static inline IscDemoPromotion
_isc_demo_promotion_get (guint64 seed,
                         gint64  now_s)
{
  gint64 offset = (11 * 60 + 23 + (gint64) (seed % 30)) * 60;
  gint64 latest = now_s - 45 * 60;
  IscDemoPromotion p;

  p.started_s = latest - isc_floor_mod (latest - offset, 24 * 3600);
  p.paused_s = p.started_s + ISC_DEMO_PROMOTION_PAUSE_AFTER_S;
  return p;
}

G_END_DECLS
