import 'server-only';
import { getRun, listRuns, listRunSteps } from '@/db/queries/runs';
import { toCurl } from '@/lib/agent/trace';
import type { RunStep, RunSummary } from '@/lib/api-types';
import { getAppDb } from './db';
import { ApiError } from './http';
import { currentOwnerId } from './owner';
import { requireSession } from './session-access';

/** The session's runs, newest first: the inspector's list. */
export async function listRunsFor(request: Request, sessionId: string): Promise<RunSummary[]> {
  const { db, ownerId } = await requireSession(request, sessionId);
  return (await listRuns(db, ownerId, sessionId)).map(({ id, messageId, modelKey, status, endReason, usage, startedAt, endedAt }) => ({
    id,
    messageId,
    modelKey,
    status,
    endReason,
    usage,
    startedAt,
    endedAt,
  }));
}

/** Every step's trace (keys were redacted before it was stored) and "copy as curl" for model calls. */
export async function listRunStepsFor(request: Request, runId: string): Promise<RunStep[]> {
  const db = await getAppDb();
  const ownerId = await currentOwnerId(request);
  const run = await getRun(db, runId);
  // Another owner's run is as unknown as one that never existed.
  if (!run || run.ownerId !== ownerId) throw new ApiError('not_found', 'Run not found.');
  const rows = await listRunSteps(db, ownerId, runId);
  return rows.map((row) => {
    const { baseUrl, ...trace } = row.trace;
    // Only model calls have a request to replay; an approvals step has none.
    const curl = baseUrl && trace.kind !== 'approvals' ? toCurl(trace, { baseUrl }) : undefined;
    return { stepNumber: row.stepNumber, trace, ...(curl ? { curl } : {}) };
  });
}
