/* isc-demo-ids.h
 *
 * Copyright 2026 The Inferscope authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/* The ids of the simulated API's models, deployments and environments.
 * `inferscope --demo` opens ISC_DEMO_FIRST_MODEL / ISC_DEMO_FIRST_DEPLOYMENT.
 */

/* An LLM on one H100: a previous production deployment, the production
 * deployment promoted during the last day, and a development deployment
 * that scales to zero outside working hours.
 */
#define ISC_DEMO_MODEL_CHAT                   "demo-chat"
#define ISC_DEMO_DEPLOYMENT_CHAT_PREVIOUS     "demo-chat-d7"
#define ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION   "demo-chat-d8"
#define ISC_DEMO_DEPLOYMENT_CHAT_DEVELOPMENT  "demo-chat-dev"

/* A CPU-only embedding model: no GPU and no LLM metrics. */
#define ISC_DEMO_MODEL_EMBED                  "demo-embed"
#define ISC_DEMO_DEPLOYMENT_EMBED_RETIRED     "demo-embed-d1"
#define ISC_DEMO_DEPLOYMENT_EMBED_PRODUCTION  "demo-embed-d2"
#define ISC_DEMO_DEPLOYMENT_EMBED_DEVELOPMENT "demo-embed-d3"

/* An async transcription model on an A10G: queue and webhook metrics. */
#define ISC_DEMO_MODEL_BATCH                  "demo-batch"
#define ISC_DEMO_DEPLOYMENT_BATCH_PRODUCTION  "demo-batch-d4"
/* Its next version, whose model did not fit the GPU: DEPLOY_FAILED two
 * days ago, its logs found only by moving the window back. */
#define ISC_DEMO_DEPLOYMENT_BATCH_FAILED      "demo-batch-d5"

/* A realtime voice model served over WebSocket on an L4: its request
 * volume carries WebSocket close codes (1000 normal, 4001 an application
 * code, 1011 server error) rather than HTTP statuses. */
#define ISC_DEMO_MODEL_STREAM                 "demo-stream"
#define ISC_DEMO_DEPLOYMENT_STREAM_PRODUCTION "demo-stream-d5"
#define ISC_DEMO_DEPLOYMENT_STREAM_NEXT       "demo-stream-d6"
#define ISC_DEMO_DEPLOYMENT_STREAM_BUILDING   "demo-stream-d7"

#define ISC_DEMO_ENVIRONMENT_PRODUCTION       "production"
#define ISC_DEMO_ENVIRONMENT_DEVELOPMENT      "development"

#define ISC_DEMO_FIRST_MODEL                  ISC_DEMO_MODEL_CHAT
#define ISC_DEMO_FIRST_DEPLOYMENT             ISC_DEMO_DEPLOYMENT_CHAT_PRODUCTION

/* The request header that chooses a fault (see README.md, "Simulated API"),
 * and the prefix of the reserved deployment ids that do the same.
 */
/* A key the server always accepts, as a member of a multi-team
 * organisation: everything but the audit log (403). */
#define ISC_DEMO_MEMBER_KEY                   "demo-member"

#define ISC_DEMO_FAULT_HEADER                 "X-Inferscope-Fault"
#define ISC_DEMO_FAULT_DEPLOYMENT_PREFIX      "fault-"
