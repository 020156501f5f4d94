import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { runs, runSteps, type RunRow, type RunStepRow } from '../schema';

export async function createRun(
  db: Db,
  input: { id: string; sessionId: string; ownerId: string; messageId: string; modelKey: string },
): Promise<void> {
  await db.insert(runs).values({ ...input, status: 'running', startedAt: Date.now() });
}

export async function finishRun(
  db: Db,
  id: string,
  outcome: { status: 'completed' | 'failed' | 'cancelled'; endReason: string; usage?: Record<string, unknown> },
): Promise<void> {
  await db
    .update(runs)
    .set({ status: outcome.status, endReason: outcome.endReason, usage: outcome.usage ?? null, endedAt: Date.now() })
    .where(eq(runs.id, id));
}

export async function insertRunStep(
  db: Db,
  input: { id: string; runId: string; sessionId: string; ownerId: string; stepNumber: number; trace: Record<string, unknown> },
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

/** Runs left 'running' by a process that died. */
export async function listRunningRuns(db: Db): Promise<RunRow[]> {
  return db.select().from(runs).where(eq(runs.status, 'running'));
}
