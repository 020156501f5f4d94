import 'server-only';
import { z } from 'zod';
import { claimRunContinuation } from '@/db/queries/run-continuations';
import { lastRunEventSeq } from '@/db/queries/run-events';
import { getSession } from '@/db/queries/sessions';
import type { RunRow } from '@/db/schema';
import { logger } from '@/lib/log.mjs';
import { getAppDb } from './db';
import { describeError } from './errors';
import { ApiError, readJsonBody } from './http';
import { keepRunning } from './invocation';
import { resolveModelFor } from './models';
import { queueAfterRun } from './message-queue';
import { instanceId, interruptRun, LEASE_MS, LOST_CONTINUATION_END } from './recovery';
import { resumeRun } from './run-manager';
import { runOverridesOf, runSettings } from './run-overrides';
import { verifyContinuationToken } from './run-handoff';
import { loadSessionMessages } from './stored-messages';

/**
 * POST /api/runs/:runId/continue: the chained invocation of a run that paused at a step
 * boundary (run-handoff.ts). The token must be signed by this server, for this run, not
 * expired (401 otherwise), and carry the nonce the run waits for, once (403 otherwise);
 * nothing starts unless all of that holds. The run then goes on from its checkpoint on
 * the stored history, in this invocation, writing on into the same run log, so followers
 * (GET /api/chat/:id/stream), Stop and approvals see one run.
 */

const continueBodySchema = z.object({ token: z.string().min(1).max(1024) }).strict();
const MAX_CONTINUE_BODY_BYTES = 4096;

export async function continueRun(request: Request, runId: string): Promise<{ runId: string; invocation: number }> {
  const { token } = await readJsonBody(request, continueBodySchema, MAX_CONTINUE_BODY_BYTES);
  const check = verifyContinuationToken(token, runId);
  if (!check.ok) throw new ApiError('unauthorized', check.reason);
  const db = await getAppDb();
  const run = await claimRunContinuation(db, { runId, nonce: check.nonce, instanceId: instanceId(), leaseExpiresAt: Date.now() + LEASE_MS });
  if (!run?.continuation) throw new ApiError('forbidden', 'This continue token was used already, or its run no longer waits for it.');
  const logLine = logger.child({ runId, sessionId: run.sessionId });
  try {
    const active = await resumeFromRow(run, run.continuation);
    keepRunning(active.done);
  } catch (error) {
    // Claimed, yet it cannot go on here: it ends now, visibly, instead of waiting for its lease.
    logLine.error({ err: error }, 'resuming the run in this invocation failed');
    await interruptRun(db, run, { ...LOST_CONTINUATION_END, message: `${LOST_CONTINUATION_END.message} (${describeError(error)})` }).catch(() => {});
    throw error;
  }
  logLine.info({ invocation: run.invocations }, 'run picked up by a chained invocation');
  return { runId, invocation: run.invocations };
}

/** The run as its row, its saved message and its log leave it: the loop resumes from the checkpoint. */
async function resumeFromRow(run: RunRow, continuation: NonNullable<RunRow['continuation']>) {
  const db = await getAppDb();
  const { ownerId, sessionId } = run;
  const session = await getSession(db, ownerId, sessionId);
  if (!session) throw new Error('The run’s session is gone.');
  const history = await loadSessionMessages(db, ownerId, sessionId);
  if (history.at(-1)?.id !== run.messageId) throw new Error('The run’s message is no longer the last one of its session.');
  const lastSeq = await lastRunEventSeq(db, run.id);
  // Edit and re-run's own settings and switched-off tools hold on every invocation of its run.
  const overrides = runOverridesOf(run);
  return resumeRun({
    db,
    ownerId,
    sessionId,
    history,
    model: await resolveModelFor(ownerId, run.modelKey),
    settings: runSettings(session, overrides),
    overrides,
    afterRun: queueAfterRun(ownerId, sessionId, continuation.origin),
    origin: continuation.origin,
    runId: run.id,
    messageId: run.messageId,
    checkpoint: continuation.checkpoint,
    lastSeq,
    stopRequested: run.stopRequestedAt !== null,
  });
}
