import 'server-only';
import { and, asc, eq, gt, inArray, lt, max } from 'drizzle-orm';
import type { AgentUIMessageChunk } from '@/lib/agent/messages';
import type { Db } from '../client';
import { runEvents, runs } from '../schema';

export interface RunEvent {
  seq: number;
  chunk: AgentUIMessageChunk;
}

/** One statement for a whole batch of chunks. */
export async function appendRunEvents(db: Db, runId: string, events: readonly RunEvent[], now = Date.now()): Promise<void> {
  if (events.length === 0) return;
  await db.insert(runEvents).values(events.map((event) => ({ runId, seq: event.seq, chunk: event.chunk, createdAt: now })));
}

/** The run's events after `afterSeq`, in order (at most `limit`). */
export async function readRunEvents(db: Db, runId: string, afterSeq: number, limit = 1000): Promise<RunEvent[]> {
  return db
    .select({ seq: runEvents.seq, chunk: runEvents.chunk })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, afterSeq)))
    .orderBy(asc(runEvents.seq))
    .limit(limit);
}

export async function lastRunEventSeq(db: Db, runId: string): Promise<number> {
  const [row] = await db.select({ last: max(runEvents.seq) }).from(runEvents).where(eq(runEvents.runId, runId));
  return row?.last ?? 0;
}

/** Drops the logs of runs that ended before `endedBefore`: their messages hold everything by then. */
export async function pruneRunEvents(db: Db, endedBefore: number): Promise<number> {
  const ended = db
    .select({ id: runs.id })
    .from(runs)
    .where(and(inArray(runs.status, ['completed', 'awaiting_approval', 'failed', 'cancelled', 'interrupted']), lt(runs.endedAt, endedBefore)));
  const removed = await db.delete(runEvents).where(inArray(runEvents.runId, ended)).returning({ runId: runEvents.runId });
  return removed.length;
}
