import 'server-only';
import { and, asc, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { AgentUIMessage } from '@/lib/agent/messages';
import type { Db } from '../client';
import { runs, runSteps, type RunRow, type RunStepRow } from '../schema';

export type RunStatus = RunRow['status'];

/**
 * Starts a run: the row is also the session's claim, since at most one run per session
 * may be `running` (a unique index). Answers false when another run holds the session.
 */
export async function createRun(
  db: Db,
  input: { id: string; sessionId: string; ownerId: string; messageId: string; modelKey: string; instanceId: string; leaseExpiresAt: number; baseMessage?: AgentUIMessage },
): Promise<boolean> {
  try {
    await db.insert(runs).values({ ...input, status: 'running', startedAt: Date.now() });
    return true;
  } catch (error) {
    if (/UNIQUE constraint failed: runs\.session_id/.test(describe(error))) return false;
    throw error;
  }
}

function describe(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    parts.push(String((current as { message?: unknown }).message ?? current));
  }
  return parts.join(' | ');
}

/** Ends a run that is still running; answers false when it had already ended (e.g. recovered as interrupted). */
export async function finishRun(
  db: Db,
  id: string,
  outcome: { status: Exclude<RunStatus, 'running'>; endReason: string; usage?: RunRow['usage'] },
): Promise<boolean> {
  const updated = await db
    .update(runs)
    .set({ status: outcome.status, endReason: outcome.endReason, usage: outcome.usage ?? null, endedAt: Date.now(), leaseExpiresAt: null })
    .where(and(eq(runs.id, id), eq(runs.status, 'running')))
    .returning({ id: runs.id });
  return updated.length === 1;
}

/** The owner's heartbeat: extends its lease and answers whether someone asked it to stop (undefined: the run is no longer running). */
export async function renewRunLease(db: Db, id: string, instanceId: string, leaseExpiresAt: number): Promise<{ stopRequested: boolean } | undefined> {
  const [row] = await db
    .update(runs)
    .set({ leaseExpiresAt })
    .where(and(eq(runs.id, id), eq(runs.status, 'running'), eq(runs.instanceId, instanceId)))
    .returning({ stopRequestedAt: runs.stopRequestedAt });
  return row ? { stopRequested: row.stopRequestedAt !== null } : undefined;
}

/** Asks the session's running run to stop, whichever process owns it. Answers the run, if one was running. */
export async function requestRunStop(db: Db, ownerId: string, sessionId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .update(runs)
    .set({ stopRequestedAt: Date.now() })
    .where(and(eq(runs.ownerId, ownerId), eq(runs.sessionId, sessionId), eq(runs.status, 'running')))
    .returning();
  return row;
}

export async function getRun(db: Db, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(runs).where(eq(runs.id, id));
  return row;
}

/** The session's running run, whichever process owns it. */
export async function getRunningRun(db: Db, ownerId: string, sessionId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.ownerId, ownerId), eq(runs.sessionId, sessionId), eq(runs.status, 'running')));
  return row;
}

/** Which of the owner's sessions have a running run (for the session list). */
export async function listRunningSessionIds(db: Db, ownerId: string): Promise<Set<string>> {
  const rows = await db
    .select({ sessionId: runs.sessionId })
    .from(runs)
    .where(and(eq(runs.ownerId, ownerId), eq(runs.status, 'running')));
  return new Set(rows.map((row) => row.sessionId));
}

export async function insertRunStep(
  db: Db,
  input: { id: string; runId: string; sessionId: string; ownerId: string; stepNumber: number; trace: RunStepRow['trace'] },
): Promise<void> {
  await db.insert(runSteps).values({ ...input, createdAt: Date.now() });
}

export async function listRuns(db: Db, ownerId: string, sessionId: string): Promise<RunRow[]> {
  return db
    .select()
    .from(runs)
    .where(and(eq(runs.ownerId, ownerId), eq(runs.sessionId, sessionId)))
    .orderBy(desc(runs.startedAt));
}

export async function listRunSteps(db: Db, ownerId: string, runId: string): Promise<RunStepRow[]> {
  return db
    .select()
    .from(runSteps)
    .where(and(eq(runSteps.ownerId, ownerId), eq(runSteps.runId, runId)))
    .orderBy(asc(runSteps.stepNumber));
}

/**
 * Running runs whose owner is gone: its lease ran out (killed, or shut down), or it is
 * this very instance starting again (`restartedInstance`), so its old runs cannot live.
 */
export async function listOrphanedRuns(db: Db, now: number, restartedInstance?: string, sessionId?: string): Promise<RunRow[]> {
  const gone = or(isNull(runs.leaseExpiresAt), lt(runs.leaseExpiresAt, now), restartedInstance ? eq(runs.instanceId, restartedInstance) : undefined);
  return db
    .select()
    .from(runs)
    .where(and(eq(runs.status, 'running'), gone, sessionId ? eq(runs.sessionId, sessionId) : undefined));
}
